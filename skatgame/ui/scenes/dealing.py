"""Dealing: shuffle and deal 3 - skat - 4 - 3, then sort the hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skatgame.ui.tablescene import WARM_BUDGET, TableScene

if TYPE_CHECKING:
    from skatgame.ui.board import Board
    from skatgame.ui.services import Services


class DealingScene(TableScene):
    """Shuffle and deal 3 - skat - 4 - 3, then sort the hand; skippable by a click."""

    name = "dealing"

    def __init__(self, services: Services, board: Board) -> None:
        super().__init__(services, board)
        self.sorted = False

    @property
    def human_turn(self) -> bool:
        return False

    def update(self, dt: float) -> None:
        if not self.follow_network(dt):
            return
        board = self.board
        board.update(dt)
        board.warm(WARM_BUDGET)
        if board.busy:
            return
        if not self.sorted:  # the hand is sorted now (the cards glide to their places)
            self.sorted = True
            board.dealt = True
            return
        self.nav.to_table(board)
