"""Hand evaluation by counting: the rule-of-thumb side of the computer players.

Everything here looks at one hand (a card mask) and returns numbers a player
can compare with thresholds: how strong a hand is for a suit game, a grand or
a null, which two cards to put away, what a hand may bid. The counts follow the
usual table rules: jacks and trumps, aces and tens, voids to ruff with, the
lead for Forehand; for null the safety of every suit; for Ramsch the danger of collecting points.

The numbers are "tricks-like" units: a sure trick (an ace, a top jack) counts
about one. The thresholds below were set so that a hand just above them wins
its game most of the time with ordinary play.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from skatgame.engine.actions import Contract
from skatgame.engine.cards import CARD_POINTS, JACKS, SUIT_MASKS, Card, Mask, cards_of
from skatgame.engine.rules import LAST_SUIT_GAME, NULL_RANK_ORDER, GameKind, trump_mask
from skatgame.engine.scoring import base_value, matadors, null_value, trump_order

__all__ = [
    "GRAND_HAND",
    "GRAND_PICKUP",
    "SUIT_HAND",
    "SUIT_PICKUP",
    "RAMSCH_TAKE",
    "Plan",
    "best_discard",
    "bid_limit",
    "contract_value",
    "grand_strength",
    "null_risk",
    "plan_pickup",
    "plans",
    "ramsch_danger",
    "ranked_ramsch_discard",
    "strength",
    "suit_strength",
]

# ranks (see skatgame.engine.cards): 7 8 9 Q K T A J = 0..7
SEVEN, EIGHT, NINE, QUEEN, KING, TEN, ACE, JACK = range(8)
JACK_CARDS: tuple[Card, ...] = (7, 15, 23, 31)  # J♣ J♠ J♥ J♦
SIDE_MASKS: tuple[Mask, ...] = tuple(SUIT_MASKS[s] & ~JACKS for s in range(4))
SUIT_KINDS = (GameKind.CLUBS, GameKind.SPADES, GameKind.HEARTS, GameKind.DIAMONDS)

#: Strength a suit game needs when the skat is picked up / played hand.
SUIT_PICKUP = 6.3
SUIT_HAND = 8.2
#: The same for grand.
GRAND_PICKUP = 7.0
GRAND_HAND = 8.0
#: Null risk a game may carry (0 = every suit safe).
NULL_PICKUP_RISK = 1
NULL_HAND_RISK = 0
#: Forehand leads to the first trick: worth a little in suit and grand games.
FOREHAND_BONUS = 0.35

_JACK_WEIGHT = (1.5, 1.25, 1.0, 1.0)  # J♣ J♠ J♥ J♦ in suit games
_GRAND_JACK_WEIGHT = (1.6, 1.35, 1.1, 1.0)


def _byte(mask: Mask, suit: int) -> int:
    return mask >> (8 * suit) & 0xFF


@lru_cache(maxsize=256)
def _side_value(bits: int, grand: bool) -> float:
    """Trick value of a plain-suit holding (rank bits 0..6, no jack)."""
    if not bits:
        return 0.0
    ace = bits >> ACE & 1
    ten = bits >> TEN & 1
    king = bits >> KING & 1
    n = bits.bit_count()
    v = 0.0
    if ace:
        v += 1.2 if grand else 1.0
        if ten:
            v += 1.0 if grand else 0.9
            if king:
                v += 0.5 if grand else 0.3
            if grand:
                # a long suit headed by A-10 runs once the jacks are gone
                v += 0.35 * max(0, n - 3)
    elif ten:
        v += 0.4 if king or n >= 3 else -0.2  # a blank ten falls to the ace
    return v


def suit_strength(hand: Mask, suit: int, forehand: bool = False) -> float:
    """Strength of ``hand`` for a suit game with ``suit`` as trumps (tricks-like units)."""
    trumps = hand & trump_mask(suit)
    n_trumps = trumps.bit_count()
    v = 0.0
    for i, j in enumerate(JACK_CARDS):
        if hand >> j & 1:
            v += _JACK_WEIGHT[i]
    tb = _byte(hand, suit) & 0x7F
    v += 1.0 * (tb >> ACE & 1) + 0.9 * (tb >> TEN & 1)
    v += 0.7 * (tb & ~(1 << ACE | 1 << TEN)).bit_count()
    if n_trumps <= 3:
        v -= 1.0 * (4 - n_trumps)
    for s in range(4):
        if s == suit:
            continue
        bits = _byte(hand, s) & 0x7F
        v += _side_value(bits, False)
        if n_trumps >= 5:
            if not bits:
                v += 0.6
            elif bits.bit_count() == 1 and not bits >> ACE & 1:
                v += 0.25
    if forehand:
        v += FOREHAND_BONUS
    return v


def grand_strength(hand: Mask, forehand: bool = False) -> float:
    """Strength of ``hand`` for a grand (tricks-like units)."""
    v = 0.0
    n_jacks = 0
    for i, j in enumerate(JACK_CARDS):
        if hand >> j & 1:
            v += _GRAND_JACK_WEIGHT[i]
            n_jacks += 1
    if n_jacks <= 1:
        v -= 1.5 * (2 - n_jacks)
    for s in range(4):
        v += _side_value(_byte(hand, s) & 0x7F, True)
    if forehand:
        v += 2 * FOREHAND_BONUS
    return v


@lru_cache(maxsize=256)
def _null_suit_risk(bits: int) -> int:
    """How unsafe one suit is in null (0 = safe: every card can duck under a lower one)."""
    ranks = sorted(NULL_RANK_ORDER[r] for r in range(8) if bits >> r & 1)
    return sum(max(0, r - 2 * i) for i, r in enumerate(ranks))


def null_risk(hand: Mask) -> int:
    """Sum of the suits' null risks: 0 for a hand that cannot be forced to take a trick."""
    return sum(_null_suit_risk(_byte(hand, s)) for s in range(4))


def strength(kind: int, hand: Mask, forehand: bool = False) -> float:
    """Strength for a suit game or grand; for null, minus the null risk."""
    if kind <= LAST_SUIT_GAME:
        return suit_strength(hand, kind, forehand)
    if kind == GameKind.GRAND:
        return grand_strength(hand, forehand)
    return -float(null_risk(hand))


def contract_value(contract: Contract, cards: Mask, grand_base: int = 24) -> int:
    """The declared value of ``contract`` over the declarer's cards (10 or 12)."""
    if contract.kind == GameKind.NULL:
        return null_value(contract)
    m = abs(matadors(contract.kind, cards))
    level = m + 1 + contract.hand + contract.schneider * 2 + contract.schwarz * 2 + contract.ouvert
    return base_value(contract.kind, grand_base) * level


def _discard_score(kind: int, rest: Mask, put: Mask, forehand: bool) -> float:
    if kind == GameKind.NULL:
        return -float(null_risk(rest)) - 0.01 * _null_high(rest)
    # card points in the skat count for the declarer
    pts = sum(CARD_POINTS[c] for c in cards_of(put))
    trumps_away = (put & trump_mask(kind)).bit_count()
    return strength(kind, rest, forehand) + 0.03 * pts - 2.0 * trumps_away


def _null_high(hand: Mask) -> int:
    return sum(NULL_RANK_ORDER[c & 7] for c in cards_of(hand))


def best_discard(hand12: Mask, kind: int, forehand: bool = False) -> tuple[Card, Card]:
    """The two cards to put away from twelve for a game of ``kind`` (sound discards).

    Suit and grand: keep trumps and aces, make voids, put blank tens and other
    points away where the opponents would take them. Null: put away the cards
    that make suits unsafe.
    """
    return ranked_discards(hand12, kind, forehand)[0]


def ranked_discards(hand12: Mask, kind: int, forehand: bool = False,
                    jacks_allowed: bool = True) -> list[tuple[Card, Card]]:
    """Every discard from ``hand12``, best first by :func:`best_discard`'s count."""
    cards = cards_of(hand12)
    if not jacks_allowed:
        cards = [c for c in cards if not JACKS >> c & 1]
    if kind != GameKind.NULL:
        # putting trumps away is never sound while two plain cards are there to go
        plain = [c for c in cards if not trump_mask(kind) >> c & 1]
        if len(plain) >= 2:
            cards = plain
    scored = []
    for a, b in combinations(cards, 2):
        put = 1 << a | 1 << b
        scored.append((_discard_score(kind, hand12 & ~put, put, forehand), a, b))
    scored.sort(key=lambda t: (-t[0], t[1], t[2]))
    return [(a, b) for _, a, b in scored]


class Plan:
    """A contract the counts say a hand can play, with its value and strength margin."""

    __slots__ = ("contract", "value", "margin")

    def __init__(self, contract: Contract, value: int, margin: float) -> None:
        self.contract = contract
        self.value = value
        self.margin = margin

    def __repr__(self) -> str:
        return f"Plan({self.contract.letters}, {self.value}, {self.margin:+.2f})"


def plans(hand: Mask, forehand: bool = False, grand_base: int = 24,
          hand_game: bool = False) -> list[Plan]:
    """Contracts the counts consider playable for a ten-card hand, best value first.

    ``hand_game`` asks for hand games only (no skat); otherwise the skat is
    assumed to be picked up, with the strength thresholds for that.
    """
    out: list[Plan] = []
    for kind in SUIT_KINDS:
        s = suit_strength(hand, kind, forehand)
        need = SUIT_HAND if hand_game else SUIT_PICKUP
        if s >= need:
            c = Contract.make(kind, hand=hand_game)
            out.append(Plan(c, contract_value(c, hand, grand_base), s - need))
    g = grand_strength(hand, forehand)
    need = GRAND_HAND if hand_game else GRAND_PICKUP
    if g >= need:
        c = Contract.make(GameKind.GRAND, hand=hand_game)
        out.append(Plan(c, contract_value(c, hand, grand_base), g - need))
    risk = null_risk(hand)
    if risk <= (NULL_HAND_RISK if hand_game else NULL_PICKUP_RISK):
        c = Contract.make(GameKind.NULL, hand=hand_game)
        out.append(Plan(c, null_value(c), float(NULL_PICKUP_RISK - risk)))
    out.sort(key=lambda p: (-p.value, -p.margin))
    return out


def bid_limit(hand: Mask, forehand: bool = False, grand_base: int = 24) -> int:
    """The highest value the counts let ``hand`` bid (0: pass at once).

    The value of the best playable game, matadors counted over the ten cards
    the bidder holds; a hand game counts when the hand is strong enough.
    """
    best = 0
    for hand_game in (False, True):
        for p in plans(hand, forehand, grand_base, hand_game):
            best = max(best, p.value)
    return best if best >= 18 else 0


def plan_pickup(hand12: Mask, bid: int, forehand: bool = False,
                grand_base: int = 24) -> tuple[Contract, tuple[Card, Card]]:
    """After picking up the skat: the contract and the discard, by counting.

    Prefers the strongest game whose value reaches the bid; with none, the
    game that comes closest (an overbid then loses, but the least).
    """
    best: tuple[float, Contract, tuple[Card, Card]] | None = None
    need: float
    for kind in (*SUIT_KINDS, GameKind.GRAND, GameKind.NULL):
        if kind <= LAST_SUIT_GAME and (hand12 & trump_mask(kind)).bit_count() < 4:
            continue  # too few trumps to think of it
        put = best_discard(hand12, kind, forehand)
        rest = hand12 & ~(1 << put[0] | 1 << put[1])
        if kind == GameKind.NULL:
            contract = Contract.make(kind, ouvert=null_risk(rest) == 0 and bid > 23)
            need = NULL_PICKUP_RISK
            margin = need - null_risk(rest) - 0.5  # null only when suits are safe
            value = null_value(contract)
        else:
            contract = Contract.make(kind)
            need = GRAND_PICKUP if kind == GameKind.GRAND else SUIT_PICKUP
            margin = strength(kind, rest, forehand) - need
            value = contract_value(contract, hand12, grand_base)
        score = margin + (0.0 if value >= bid else -10.0 - (bid - value) / 10)
        if best is None or score > best[0]:
            best = (score, contract, put)
    assert best is not None
    return best[1], best[2]


def _holds_a_top_run(hand: Mask, order: tuple[int, ...]) -> bool:
    """Whether the cards of ``order`` (highest first) that ``hand`` holds are its top ones."""
    gap = False
    for c in order:
        if hand >> c & 1:
            if gap:
                return False
        else:
            gap = True
    return True


def sure_all_tricks(hand: Mask, kind: int, leads: bool) -> bool:
    """Whether a ten-card hand takes every trick of a suit or grand game whatever
    the other 22 cards are (a hand game: the skat unseen), open or not.

    Every suit it holds (the trumps included) is held from the top down, and it
    has trumps enough to draw every outside trump: as many as lie outside when
    it leads the first trick, one more when it may have to ruff first.
    """
    order = trump_order(kind)
    if not _holds_a_top_run(hand, order):
        return False
    mine = sum(hand >> c & 1 for c in order)
    if len(order) - mine > mine - (0 if leads else 1):
        return False
    trumps = trump_mask(kind)
    for suit in range(4):
        plain = tuple(c for c in (suit * 8 + r for r in (6, 5, 4, 3, 2, 1, 0))
                      if not trumps >> c & 1)
        if plain and not _holds_a_top_run(hand, plain):
            return False
    return True


# ---------------------------------------------------------------- ramsch

#: a Ramsch hand at least this dangerous takes the skat in Schieberamsch rather than push it
RAMSCH_TAKE = 4.0


def ramsch_danger(hand: Mask) -> float:
    """How likely a hand is to collect points in Ramsch (jacks, aces, tens, high cards)."""
    d = 1.5 * (hand & JACKS).bit_count()
    for s in range(4):
        bits = hand >> (8 * s) & 0x7F
        if not bits:
            continue
        low = bits & 0b111  # 7 8 9
        high = (bits >> 5).bit_count()  # ten, ace
        d += high * (1.0 if not low else 0.5)
    return d


def ranked_ramsch_discard(hand: Mask) -> tuple[Card, Card]:
    """The two non-jack cards that are most dangerous to keep in Ramsch."""
    cards = [c for c in cards_of(hand) if not JACKS >> c & 1]

    def danger(c: Card) -> tuple[int, int]:
        suit_bits = hand >> (8 * (c >> 3)) & 0x7F
        guarded = (suit_bits & ((1 << (c & 7)) - 1)).bit_count()
        return (CARD_POINTS[c] + 4 * (c & 7) - 6 * guarded, c)

    cards.sort(key=danger, reverse=True)
    return cards[0], cards[1]
