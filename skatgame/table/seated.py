"""What the window needs of the list at its table: a list on this computer
(:class:`~skatgame.table.local.LocalTable`) and one across the network
(``skatgame.net.remote.RemoteTable``) both offer it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from skatgame.engine.actions import Action
from skatgame.engine.deal import Deal
from skatgame.engine.observation import Observation
from skatgame.engine.seats import Seat
from skatgame.table.seatview import SeatEvent, SeatTable, Viewer
from skatgame.table.session import Session
from skatgame.table.thinker import Ticket

if TYPE_CHECKING:
    from skatgame.ai.advice import BidAdvice
    from skatgame.ai.player import Suggestion

__all__ = ["SeatedTable"]


class SeatedTable(Protocol):
    """The list at the window's table, as the bottom seat sees and plays it."""

    @property
    def session(self) -> Session: ...

    @property
    def table(self) -> SeatTable: ...

    @property
    def viewer(self) -> Viewer: ...

    @property
    def deal(self) -> Deal: ...

    @property
    def pending(self) -> bool: ...

    @property
    def to_move(self) -> Seat | None: ...

    @property
    def moves(self) -> int: ...

    @property
    def thinking(self) -> Seat | None: ...

    @property
    def awaiting(self) -> bool:
        """Whether the human's action is on its way and not yet answered."""

    def take_events(self) -> list[SeatEvent]: ...

    def catch_up(self) -> SeatTable: ...

    def is_human(self, seat: Seat | None) -> bool: ...

    def observation(self, seat: Seat) -> Observation: ...

    def may_concede(self, seat: Seat) -> bool: ...

    def may_claim(self, seat: Seat) -> bool:
        """Whether ``seat`` may claim the rest now (play of a declared game)."""

    def legal_actions(self) -> list[Action]: ...

    def propose(self, action: Action, seat: Seat | None = None) -> list[SeatEvent]: ...

    def answer_for(self, seat: Seat, answer: object) -> Action: ...

    def poll(self, dt: float, ready: bool, pace: float) -> None: ...

    def cancel(self) -> None: ...

    def hint(self, seat: Seat) -> Ticket[Suggestion]: ...

    def advice(self, seat: Seat) -> Ticket[BidAdvice]: ...

    def take_back(self) -> bool: ...

    def next_deal(self) -> None: ...

    def close(self) -> None:
        """The window is done with this table (a network table: the connection ends)."""
