"""The dealt hands against what chance predicts: observed and exact distributions.

For the statistics' "Dealing" charts: per deal a player's ten dealt cards and the
two cards of the skat, counted into three distributions whose probabilities are
worked out exactly by combinatorics (a uniformly shuffled deck of 32):

* jacks in the hand (0 to 4): hypergeometric, ``C(4, j) C(28, 10-j) / C(32, 10)``;
* the longest suit in the hand without its jacks (2 to 7 cards; seven cards per
  suit besides the jack): the hands of each make-up counted suit by suit;
* the card points in the skat, in groups by the kinds of cards that make them
  (two of the 32 cards, every one of the 496 pairs alike).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations, product
from math import comb

from skatgame.engine.cards import CARD_POINTS, JACKS, Card

HAND_SIZE = 10
SKAT_SIZE = 2
#: the cards of a suit besides its jack
SUIT_CARDS = 7

JACK_LABELS = ("0", "1", "2", "3", "4")
#: ten cards hold at most four jacks, so at least six others: some suit has two or more
LONGEST_LABELS = ("2", "3", "4", "5", "6", "7")
#: the skat's points by what makes them: blanks (7 8 9), a picture (J Q K) beside a blank or
#: two pictures, a full card (10 A) beside a blank, beside a picture, or two full cards
SKAT_LABELS = ("0", "2–4", "5–8", "10–11", "12–15", "20–22")
_SKAT_BOUNDS = ((0, 0), (2, 4), (5, 8), (10, 11), (12, 15), (20, 22))


@dataclass(frozen=True)
class Distribution:
    """One chart: how many hands fell in each bucket beside each bucket's probability."""

    title_key: str  # i18n key of the chart's title
    labels: tuple[str, ...]  # x-axis labels
    observed: tuple[int, ...]  # how many of the given hands fell in each bucket
    expected: tuple[float, ...]  # each bucket's exact probability (they sum to 1)


def jacks_in(hand: Sequence[Card]) -> int:
    """How many jacks ``hand`` holds."""
    return sum(1 for c in hand if JACKS >> c & 1)


def longest_suit(hand: Sequence[Card]) -> int:
    """The length of the longest suit in ``hand``, its jacks not counted."""
    lengths = [0, 0, 0, 0]
    for c in hand:
        if not JACKS >> c & 1:
            lengths[c >> 3] += 1
    return max(lengths)


def skat_bucket(skat: Sequence[Card]) -> int:
    """The index into :data:`SKAT_LABELS` of the skat's card points."""
    points = sum(CARD_POINTS[c] for c in skat)
    for i, (low, high) in enumerate(_SKAT_BOUNDS):
        if low <= points <= high:
            return i
    raise AssertionError(f"no bucket for {points} points")  # every pair's points fall in one


@cache
def jack_probabilities() -> tuple[Fraction, ...]:
    """P(j jacks among 10 cards of 32), j = 0..4."""
    total = comb(32, HAND_SIZE)
    return tuple(Fraction(comb(4, j) * comb(28, HAND_SIZE - j), total) for j in range(5))


@cache
def longest_suit_probabilities() -> tuple[Fraction, ...]:
    """P(the longest suit without jacks has n cards), n = 2..7: every make-up of a hand
    (jacks, and cards of each suit) counted with its number of hands."""
    counts = [0] * (SUIT_CARDS + 1)
    for jacks in range(5):
        rest = HAND_SIZE - jacks
        for lengths in product(range(SUIT_CARDS + 1), repeat=4):
            if sum(lengths) == rest:
                ways = comb(4, jacks)
                for n in lengths:
                    ways *= comb(SUIT_CARDS, n)
                counts[max(lengths)] += ways
    total = comb(32, HAND_SIZE)
    assert sum(counts) == total and counts[0] == counts[1] == 0
    return tuple(Fraction(n, total) for n in counts[2:])


@cache
def skat_probabilities() -> tuple[Fraction, ...]:
    """P(the skat's points fall in each group of :data:`SKAT_LABELS`): all 496 pairs."""
    counts = [0] * len(SKAT_LABELS)
    for pair in combinations(range(32), SKAT_SIZE):
        counts[skat_bucket(pair)] += 1
    total = comb(32, SKAT_SIZE)
    return tuple(Fraction(n, total) for n in counts)


def _check(hand: Sequence[Card], skat: Sequence[Card]) -> None:
    cards = list(hand) + list(skat)
    if len(hand) != HAND_SIZE or len(skat) != SKAT_SIZE or len(set(cards)) != len(cards) or \
            not all(type(c) is int and 0 <= c < 32 for c in cards):
        raise ValueError(f"a dealt hand is 10 different cards and a skat of 2 others, "
                         f"not {list(hand)!r} and {list(skat)!r}")


def dealt_distributions(hands: Iterable[tuple[Sequence[Card], Sequence[Card]]]
                        ) -> list[Distribution]:
    """(the player's 10 dealt cards, the 2 skat cards) per deal -> jacks per hand, longest
    suit in hand (excluding jacks), card points in the skat.

    Each :class:`Distribution` holds the counts of the given hands beside the exact
    probabilities. Raises ``ValueError`` for a hand that is not ten different cards with
    a skat of two others.
    """
    jacks = [0] * len(JACK_LABELS)
    longest = [0] * len(LONGEST_LABELS)
    skats = [0] * len(SKAT_LABELS)
    for hand, skat in hands:
        _check(hand, skat)
        jacks[jacks_in(hand)] += 1
        longest[longest_suit(hand) - 2] += 1
        skats[skat_bucket(skat)] += 1
    return [
        Distribution("fair.jacks", JACK_LABELS, tuple(jacks),
                     tuple(float(p) for p in jack_probabilities())),
        Distribution("fair.longest", LONGEST_LABELS, tuple(longest),
                     tuple(float(p) for p in longest_suit_probabilities())),
        Distribution("fair.skat", SKAT_LABELS, tuple(skats),
                     tuple(float(p) for p in skat_probabilities())),
    ]


__all__ = ["Distribution", "dealt_distributions", "jack_probabilities", "jacks_in",
           "longest_suit", "longest_suit_probabilities", "skat_bucket", "skat_probabilities"]
