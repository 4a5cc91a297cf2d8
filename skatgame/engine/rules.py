"""Card order, follow-suit and trick winner for every kind of game.

A game kind is one of :class:`GameKind`: the four suit games (whose value is
also the trump suit), grand, null and ramsch. Ramsch is played in grand order.
All functions work on card numbers and masks (see :mod:`skatgame.engine.cards`)
and are table-driven, because computer players call them millions of times.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from skatgame.engine.cards import JACKS, SUIT_MASKS, Card, Mask, Rank


class GameKind(IntEnum):
    """What is played. For the suit games the value is the trump suit."""

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3
    GRAND = 4
    NULL = 5
    RAMSCH = 6

    @property
    def is_suit(self) -> bool:
        """A suit game (clubs, spades, hearts or diamonds trump)."""
        return self <= 3

    @property
    def letter(self) -> str:
        """The ISS letter: C S H D G N, and R for ramsch."""
        return "CSHDGNR"[self]


SUIT_GAMES = (GameKind.CLUBS, GameKind.SPADES, GameKind.HEARTS, GameKind.DIAMONDS)

#: The last suit game in kind order: ``kind <= LAST_SUIT_GAME`` tells a suit game, as fast
#: as a bare number (reading ``GameKind.DIAMONDS`` looks the member up on every call).
LAST_SUIT_GAME: Final = GameKind.DIAMONDS

#: The effective suit number of trumps (plain suits are 0..3).
TRUMP = 4

#: Order of ranks in null games, indexed by rank: A K Q J 10 9 8 7.
NULL_RANK_ORDER: tuple[int, ...] = (0, 1, 2, 5, 6, 3, 7, 4)


def trump_mask(kind: GameKind | int) -> Mask:
    """The trumps of a game: jacks plus the trump suit, jacks only, or none (null)."""
    if kind <= LAST_SUIT_GAME:
        return JACKS | SUIT_MASKS[kind]
    if kind == GameKind.NULL:
        return 0
    return JACKS


def _tables() -> tuple[list[list[int]], list[list[int]], list[list[Mask]]]:
    eff: list[list[int]] = []
    power: list[list[int]] = []
    follow: list[list[Mask]] = []
    for kind in GameKind:
        trumps = trump_mask(kind)
        e_row, p_row = [], []
        for c in range(32):
            suit, rank = c >> 3, c & 7
            if trumps >> c & 1:
                e_row.append(TRUMP)
                # jacks above the trump suit; J♣ highest
                p_row.append(100 + (3 - suit) if rank == Rank.JACK else 50 + rank)
            else:
                e_row.append(suit)
                p_row.append(NULL_RANK_ORDER[rank] if kind == GameKind.NULL else rank)
        suit_masks = [SUIT_MASKS[s] & ~trumps for s in range(4)] + [trumps]
        eff.append(e_row)
        power.append(p_row)
        follow.append([suit_masks[e_row[c]] for c in range(32)])
    return eff, power, follow


_EFF, _POWER, _FOLLOW = _tables()

EFFECTIVE_SUIT: tuple[tuple[int, ...], ...] = tuple(tuple(r) for r in _EFF)
"""``EFFECTIVE_SUIT[kind][card]``: 0..3 for a plain suit, ``TRUMP`` (4) for a trump."""

POWER: tuple[tuple[int, ...], ...] = tuple(tuple(r) for r in _POWER)
"""``POWER[kind][card]``: higher beats lower within one effective suit; trumps > 50."""

FOLLOW_MASK: tuple[tuple[Mask, ...], ...] = tuple(tuple(r) for r in _FOLLOW)
"""``FOLLOW_MASK[kind][card]``: the cards that follow suit when ``card`` is led."""


def effective_suit(kind: GameKind | int, card: Card) -> int:
    """The suit a card belongs to in a game: 0..3, or ``TRUMP`` (4) for trumps."""
    return _EFF[kind][card]


def legal_mask(kind: GameKind | int, hand: Mask, lead: Card | None) -> Mask:
    """The cards of ``hand`` that may be played to a trick led by ``lead``.

    ``lead`` is ``None`` when the player leads: then every card is legal.
    """
    if lead is None:
        return hand
    follow = hand & _FOLLOW[kind][lead]
    return follow if follow else hand


def beats(kind: GameKind | int, card: Card, best: Card) -> bool:
    """Whether ``card``, played after ``best`` (the card winning so far), takes over."""
    eff = _EFF[kind]
    if eff[card] == eff[best]:
        return _POWER[kind][card] > _POWER[kind][best]
    return eff[card] == TRUMP


def trick_winner(kind: GameKind | int, cards: tuple[Card, ...] | list[Card]) -> int:
    """Index (0, 1 or 2, in order of play) of the card that wins a trick."""
    eff, power = _EFF[kind], _POWER[kind]
    best = 0
    best_card = cards[0]
    for i in (1, 2):
        c = cards[i]
        if eff[c] == eff[best_card]:
            if power[c] > power[best_card]:
                best, best_card = i, c
        elif eff[c] == TRUMP:
            best, best_card = i, c
    return best


def sort_key(kind: GameKind | int | None, card: Card) -> tuple[int, int]:
    """A key for showing a hand: trumps first (jacks, then the trump suit), high to low.

    With ``kind`` None (before a game is declared) cards are shown in grand order.
    """
    k = GameKind.GRAND if kind is None else kind
    e = _EFF[k][card]
    return (-1 if e == TRUMP else e, -_POWER[k][card])
