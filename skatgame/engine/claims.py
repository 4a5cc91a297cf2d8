"""Checking a claim of the rest against the cards (all hands open)."""

from __future__ import annotations

from functools import lru_cache

from skatgame.engine.cards import Card, Mask
from skatgame.engine.rules import FOLLOW_MASK, GameKind, trick_winner


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
    take one.
    """
    return _forces(int(kind), hands, declarer, leader, trick, claimant_is_declarer)


@lru_cache(maxsize=4096)
def _forces(kind: int, hands: tuple[Mask, Mask, Mask], declarer: int, leader: int,
            trick: tuple[Card, ...], claimant_is_declarer: bool) -> bool:
    if not trick and not any(hands):
        # every trick so far went the claimant's way, except a null defence claim
        return not (kind == GameKind.NULL and not claimant_is_declarer)
    seat = (leader + len(trick)) % 3
    hand = hands[seat]
    playable = hand
    if trick:
        follow = hand & FOLLOW_MASK[kind][trick[0]]
        if follow:
            playable = follow
    mine = (seat == declarer) == claimant_is_declarer
    while playable:
        low = playable & -playable
        playable ^= low
        card = low.bit_length() - 1
        new_hands = list(hands)
        new_hands[seat] ^= low
        nh = (new_hands[0], new_hands[1], new_hands[2])
        new_trick = (*trick, card)
        if len(new_trick) == 3:
            winner = (leader + trick_winner(kind, new_trick)) % 3
            win_decl = winner == declarer
            if kind == GameKind.NULL:
                if claimant_is_declarer:
                    ok = False if win_decl else _forces(kind, nh, declarer, winner, (), True)
                else:
                    ok = True if win_decl else _forces(kind, nh, declarer, winner, (), False)
            elif win_decl != claimant_is_declarer:
                ok = False
            else:
                ok = _forces(kind, nh, declarer, winner, (), claimant_is_declarer)
        else:
            ok = _forces(kind, nh, declarer, leader, new_trick, claimant_is_declarer)
        if mine and ok:
            return True
        if not mine and not ok:
            return False
    return not mine
