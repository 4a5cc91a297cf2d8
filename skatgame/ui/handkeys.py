"""Keys over the human's hand, the same at the table and in a lesson: the arrows move a
focus over the cards in the order they are drawn (Right: the card drawn to the right),
the number keys pick a card by its place in the hand."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

import pygame

from skatgame.table.speech import card_words

if TYPE_CHECKING:
    from skatgame.table.i18n import Tr

#: The keys that move the focus to the right (+1) or to the left (-1).
ARROWS = {pygame.K_RIGHT: 1, pygame.K_d: 1, pygame.K_LEFT: -1, pygame.K_a: -1}


def step_card(drawn: list[int], pool: Collection[int], focus: int | None,
              step: int) -> int | None:
    """The card the focus goes to from ``focus`` one ``step`` (1: right, -1: left) over
    those of ``pool`` among the cards ``drawn`` (left to right; an empty pool: all of
    them), round the end; from no focus Right takes the first, Left the last."""
    cards = [c for c in drawn if c in pool] or drawn
    if not cards:
        return None
    if focus in cards:
        return cards[(cards.index(focus) + step) % len(cards)]
    if focus in drawn:  # from a card left out of the pool: the next one that way
        at = drawn.index(focus)
        later = [c for c in cards if (drawn.index(c) - at) * step > 0]
        if later:
            return later[0] if step > 0 else later[-1]
    return cards[0] if step > 0 else cards[-1]


def number_place(key: int) -> int | None:
    """The place in the hand (from 0) a number key picks: 1-9 and 0 for the tenth, on
    the main keys or the keypad; None for any other key."""
    if pygame.K_1 <= key <= pygame.K_9:
        return key - pygame.K_1
    if pygame.K_KP1 <= key <= pygame.K_KP9:
        return key - pygame.K_KP1
    if key in (pygame.K_0, pygame.K_KP0):
        return 9
    return None


def card_focus_words(card: int, playable: bool, style: str, tr: Tr) -> str:
    """What a table that speaks says of a card the keys chose (and whether it may go)."""
    words = card_words(card, style, tr)
    return words if playable else tr("speech.not_playable", card=words)
