"""The table in the window: the animator (sprites moving to where the fold of the
seat's events says the cards lie) and its painters. See :mod:`.animator` and
:mod:`.painters`; the table itself, without pygame, is :mod:`skatgame.table.seatview`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from skatgame.ui.board.animator import Animator
from skatgame.ui.board.painters import Painter
from skatgame.ui.board.sprites import CardSprite, warm_deck

if TYPE_CHECKING:
    from skatgame.table.seated import SeatedTable
    from skatgame.ui.services import Services

__all__ = ["Board", "CardSprite", "make_board", "warm_deck"]


class Board(Animator):
    """One list's table in the window: what it shows, and how it is drawn."""

    def __init__(self, services: Services, local: SeatedTable, resume: bool = False) -> None:
        super().__init__(services, local)
        self.painter = Painter(self)
        if resume:
            self.catch_up()

    def relayout(self) -> None:
        """The window changed size: every card jumps to its new place, drawn anew."""
        super().relayout()
        self.painter.relayout()

    def draw(self, surface: pygame.Surface, show_points: bool) -> None:
        """The whole table (without the scene's buttons)."""
        self.painter.draw(surface, show_points)

    def card_surface(self, card: int | None, face: bool, width: float, angle: float,
                     look: str = "", shadow: bool = True) -> pygame.Surface:
        return self.painter.card_surface(card, face, width, angle, look, shadow)

    def warm(self, budget: float) -> None:
        """Render card art ahead of need, for at most ``budget`` seconds."""
        warm_deck(self.services.deck, self.layout.card_w, budget, self.human_hand())


def make_board(services: Services, local: SeatedTable, resume: bool) -> Board:
    """The board for ``local`` (``resume``: shown as it stands, else it is dealt)."""
    return Board(services, local, resume)
