"""The dealt hands against chance: the exact probabilities, and 100,000 hands of the
game's own dealing within their bounds."""

from __future__ import annotations

from fractions import Fraction
from math import comb, sqrt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skatgame.engine.cards import JACKS, parse_cards
from skatgame.engine.shuffle import derived_seed, shuffle_sha256
from skatgame.table.fairness import (
    Distribution,
    dealt_distributions,
    jack_probabilities,
    jacks_in,
    longest_suit,
    longest_suit_probabilities,
    skat_probabilities,
)

#: chi-square at 99.9 % by degrees of freedom (tables of the chi-square distribution)
CHI2_999 = {1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 6: 22.458}
#: a two-sided 99.9 % normal bound, in standard deviations
Z_999 = 3.291
HANDS = 100_000


def chi_square(d: Distribution) -> tuple[float, int]:
    """Pearson's statistic and its degrees of freedom, buckets expecting fewer than 5
    hands pooled with their neighbour."""
    n = sum(d.observed)
    pooled: list[tuple[int, float]] = []
    obs, exp = 0, 0.0
    for o, p in zip(d.observed, d.expected, strict=True):
        obs, exp = obs + o, exp + p * n
        if exp >= 5:
            pooled.append((obs, exp))
            obs, exp = 0, 0.0
    if exp or obs:
        last_o, last_e = pooled.pop()
        pooled.append((last_o + obs, last_e + exp))
    return sum((o - e) ** 2 / e for o, e in pooled), len(pooled) - 1


def game_hands(count: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Forehand's ten and the skat of ``count`` deals of a list, as the game deals them
    (dealing 2: each deal's seed derived from the list's seed)."""
    out = []
    for n in range(count):
        cards = shuffle_sha256(derived_seed("fairness test list", n))
        out.append((cards[:10], cards[30:]))
    return out


def test_exact_probabilities_worked_examples() -> None:
    jacks = jack_probabilities()
    assert jacks[4] == Fraction(comb(4, 4) * comb(28, 6), comb(32, 10))
    assert jacks[0] == Fraction(comb(28, 10), comb(32, 10))
    longest = longest_suit_probabilities()
    # seven cards of one suit: the other three cards from the 25 left (two full suits need 14)
    assert longest[-1] == Fraction(4 * comb(25, 3), comb(32, 10))
    skat = skat_probabilities()
    assert skat[0] == Fraction(comb(12, 2), comb(32, 2))  # two of the twelve blanks
    assert skat[-1] == Fraction(comb(8, 2), comb(32, 2))  # two of the eight tens and aces
    for probs in (jacks, longest, skat):
        assert sum(probs) == 1


@given(st.permutations(range(32)))
def test_counts_of_a_hand(deck: list[int]) -> None:
    hand, skat = deck[:10], deck[30:]
    assert jacks_in(hand) == bin(sum(1 << c for c in hand) & JACKS).count("1")
    assert longest_suit(hand) == max(
        sum(1 for c in hand if c >> 3 == s and c & 7 != 7) for s in range(4))
    (dj, dl, ds) = dealt_distributions([(hand, skat)])
    assert dj.observed[jacks_in(hand)] == 1 and sum(dl.observed) == sum(ds.observed) == 1


def test_worked_hand() -> None:
    hand = parse_cards("CJ SJ CA CT CK CQ C9 C8 C7 HA")
    skat = parse_cards("DT DA")
    jacks, longest, skats = dealt_distributions([(hand, skat)])
    assert jacks.observed == (0, 0, 1, 0, 0) and jacks.title_key == "fair.jacks"
    assert longest.observed[longest.labels.index("7")] == 1
    assert skats.observed[skats.labels.index("20–22")] == 1


def test_a_hand_that_is_no_hand_is_refused() -> None:
    with pytest.raises(ValueError, match="10 different cards"):
        dealt_distributions([(parse_cards("CJ SJ"), parse_cards("DT DA"))])
    with pytest.raises(ValueError):
        dealt_distributions([(list(range(10)), [0, 11])])


def test_100000_dealt_hands_match_chance() -> None:
    """Deterministic (the list's seed is fixed): every bucket within its 99.9 % binomial
    bound and each distribution's chi-square below its 99.9 % point."""
    dists = dealt_distributions(game_hands(HANDS))
    for d in dists:
        assert sum(d.observed) == HANDS
        for o, p in zip(d.observed, d.expected, strict=True):
            assert abs(o - HANDS * p) <= Z_999 * sqrt(HANDS * p * (1 - p)) + 1, (d, o, p)
        stat, df = chi_square(d)
        assert stat < CHI2_999[df], (d.title_key, stat, df)


def test_the_check_finds_a_bias() -> None:
    """The same check refuses hands dealt with a bias (a jack-poor hand dealt again)."""
    hands = game_hands(20_000)
    biased = [h for h in hands if jacks_in(h[0]) > 0 or hash(h[0]) % 4 == 0]
    stat, df = chi_square(dealt_distributions(biased)[0])
    assert stat > CHI2_999[df]
