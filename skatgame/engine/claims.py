"""Checking a claim of the rest against the cards (all hands open)."""

from __future__ import annotations

from skatgame.engine.cards import Card, Mask
from skatgame.engine.rules import (
    EFFECTIVE_SUIT,
    FOLLOW_MASK,
    POWER,
    TRUMP,
    GameKind,
    trick_winner,
)


def _highest_first(kind: int, suit: int) -> tuple[Card, ...]:
    """The cards of effective suit ``suit`` in a game of ``kind``, the highest first."""
    power = POWER[kind]
    return tuple(sorted((c for c in range(32) if EFFECTIVE_SUIT[kind][c] == suit),
                        key=lambda c: -power[c]))


# SUIT_ORDER[kind]: per effective suit, its cards from the highest down
SUIT_ORDER: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(_highest_first(k, e) for e in range(5)) for k in GameKind
)


class ClaimTooComplex(Exception):
    """The claim could not be checked within the search budget."""


#: positions a claim check may visit before it gives up (about half a second)
CLAIM_BUDGET = 100_000


def side_takes_rest(
    kind: GameKind | int,
    hands: tuple[Mask, Mask, Mask],
    declarer: int,
    leader: int,
    trick: tuple[Card, ...],
    claimant_is_declarer: bool,
) -> bool:
    """Whether the claimant's side gets what it claims however the others play.

    Suit and grand: the claimant's side wins every remaining trick. Null: the
    declarer claims to take no further trick; the defenders claim that he must
    take one. Only who wins each trick matters, so cards with no outstanding
    card between them are interchangeable and only one of them is tried.
    Raises :class:`ClaimTooComplex` when the position is too deep to check
    within :data:`CLAIM_BUDGET`.
    """
    search = _ClaimSearch(int(kind), declarer, claimant_is_declarer)
    try:
        return search.forces(hands, leader, trick)
    except RecursionError:  # cannot happen with 10 tricks, but never let it escape
        raise ClaimTooComplex from None


def _representatives(kind: int, playable: Mask, others: Mask) -> Mask:
    """One card of each run of ``playable`` cards not separated by an ``others`` card."""
    reps = 0
    for suit_cards in SUIT_ORDER[kind]:
        prev_mine = False
        for c in suit_cards:
            bit = 1 << c
            if playable & bit:
                if not prev_mine:
                    reps |= bit
                prev_mine = True
            elif others & bit:
                prev_mine = False
    return reps


def _ordered(kind: int, playable: Mask, trick: tuple[Card, ...]) -> list[Card]:
    """Cards to try, those that would take the trick so far first, then high before low."""
    eff, power = EFFECTIVE_SUIT[kind], POWER[kind]
    best = None
    for c in trick:
        if best is None or (eff[c] == eff[best] and power[c] > power[best]) or (
            eff[c] == TRUMP and eff[best] != TRUMP
        ):
            best = c
    cards = []
    while playable:
        low = playable & -playable
        playable ^= low
        cards.append(low.bit_length() - 1)

    def key(c: Card) -> tuple[bool, int]:
        takes = best is None or (eff[c] == eff[best] and power[c] > power[best]) or (
            eff[c] == TRUMP and eff[best] != TRUMP)
        return (not takes, -power[c] - (100 if eff[c] == TRUMP else 0))

    return sorted(cards, key=key)


class _ClaimSearch:
    """An and-or search: the claimant's side picks one card, the other side every card."""

    def __init__(self, kind: int, declarer: int, claimant_is_declarer: bool) -> None:
        self.kind = kind
        self.declarer = declarer
        self.claimant_is_declarer = claimant_is_declarer
        self.memo: dict[tuple[tuple[Mask, Mask, Mask], int], bool] = {}
        self.nodes_left = CLAIM_BUDGET

    def forces(self, hands: tuple[Mask, Mask, Mask], leader: int,
               trick: tuple[Card, ...]) -> bool:
        kind, declarer, claimant_is_declarer = self.kind, self.declarer, self.claimant_is_declarer
        if not trick:
            if not any(hands):
                # every trick went the claimant's way, except a null defence claim
                return not (kind == GameKind.NULL and not claimant_is_declarer)
            known = self.memo.get((hands, leader))
            if known is not None:
                return known
        self.nodes_left -= 1
        if self.nodes_left < 0:
            raise ClaimTooComplex
        seat = (leader + len(trick)) % 3
        hand = hands[seat]
        playable = hand
        if trick:
            follow = hand & FOLLOW_MASK[kind][trick[0]]
            if follow:
                playable = follow
        others = hands[0] | hands[1] | hands[2]
        for c in trick:
            others |= 1 << c
        playable = _representatives(kind, playable, others & ~hand)
        mine = (seat == declarer) == claimant_is_declarer
        result = not mine
        for card in _ordered(kind, playable, trick):
            new_hands = list(hands)
            new_hands[seat] ^= 1 << card
            nh = (new_hands[0], new_hands[1], new_hands[2])
            new_trick = (*trick, card)
            if len(new_trick) == 3:
                winner = (leader + trick_winner(kind, new_trick)) % 3
                win_decl = winner == declarer
                if kind == GameKind.NULL and win_decl:
                    ok = not claimant_is_declarer
                elif kind != GameKind.NULL and win_decl != claimant_is_declarer:
                    ok = False
                else:
                    ok = self.forces(nh, winner, ())
            else:
                ok = self.forces(nh, leader, new_trick)
            if ok == mine:  # the claimant found a way, or the others found a refutation
                result = ok
                break
        if not trick:
            self.memo[(hands, leader)] = result
        return result
