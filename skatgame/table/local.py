"""A list at this computer's table, as the window sees it through the bottom seat.

:class:`LocalTable` joins the list (:class:`~skatgame.table.session.Session`),
the deal driver and the worker the computer players think in. The window
reads the table as the bottom seat sees it (:attr:`LocalTable.table`, a fold
of the engine's events) and the seat events still to be shown
(:meth:`LocalTable.take_events`); it proposes the human's actions and lets the
computer players move when it is ready for the next move (:meth:`LocalTable.poll`).
A table across the network offers the window the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skatgame.engine.actions import Action
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.events import Event
from skatgame.engine.observation import Observation
from skatgame.engine.seats import Seat
from skatgame.table.driver import DealDriver
from skatgame.table.jobs import AdviceJob, HintJob, MoveJob
from skatgame.table.seatview import SeatEvent, SeatTable, Viewer, seat_events
from skatgame.table.session import Session
from skatgame.table.thinker import Thinker, Ticket

if TYPE_CHECKING:
    from skatgame.ai.advice import BidAdvice
    from skatgame.ai.player import Suggestion

__all__ = ["LocalTable"]


class LocalTable:
    """The list ``session`` at this table, its computer players thinking in ``thinker``."""

    def __init__(self, session: Session, thinker: Thinker) -> None:
        self.session = session
        self.thinker = thinker
        self._deal: Deal | None = None
        self._driver = DealDriver(session.deal)
        self.viewer: Viewer = session.viewer
        self.table: SeatTable = SeatTable(self.viewer)
        self._pending: list[SeatEvent] = []
        self._ticket: Ticket[Action] | None = None
        self._asked: Observation | None = None
        self._waited = 0.0
        #: the seat whose computer player is thinking (``None``: nobody)
        self.thinking: Seat | None = None
        #: a move proposed here is applied at once: never on its way
        self.awaiting = False
        self._follow()

    # ------------------------------------------------------------ the deal

    @property
    def deal(self) -> Deal:
        """The deal at the table (for the list's own bookkeeping: what the window shows
        is :attr:`table`)."""
        return self.session.deal

    def _follow(self) -> bool:
        """Follow the deal at the table when it is another one (a new deal, a card taken
        back): the table anew, every event so far to be shown. Returns whether it was."""
        deal = self.session.deal
        if deal is self._deal:
            return False
        self._deal = deal
        self._driver = DealDriver(deal)
        self.viewer = self.session.viewer
        self.cancel()
        events = seat_events(deal, list(deal.events), self.viewer)
        self.table = SeatTable(self.viewer)
        for e in events:
            self.table.apply(e)
        self._pending = events
        return True

    def catch_up(self) -> SeatTable:
        """The table as it stands, with nothing left to be shown (a continued list, a
        card taken back): the fold applied at once."""
        self._follow()
        self._pending = []
        return self.table

    @property
    def pending(self) -> bool:
        """Whether seat events wait to be taken (the window has not shown them yet)."""
        return bool(self._pending) or self.session.deal is not self._deal

    def take_events(self) -> list[SeatEvent]:
        """The seat events not yet taken, in order (the window shows them one by one)."""
        self._follow()
        out, self._pending = self._pending, []
        return out

    def _applied(self, events: list[Event]) -> list[SeatEvent]:
        out = seat_events(self.deal, events, self.viewer)
        for e in out:
            self.table.apply(e)
        self._pending.extend(out)
        return out

    # ------------------------------------------------------------ who decides

    def is_human(self, seat: Seat | None) -> bool:
        return self.session.is_human(seat)

    @property
    def to_move(self) -> Seat | None:
        return self.table.to_move

    @property
    def moves(self) -> int:
        """How many actions the deal at the table has seen (names a decision)."""
        return len(self.deal.history)

    def observation(self, seat: Seat) -> Observation:
        """What ``seat`` may know now."""
        return self._driver.observation(seat)

    def may_concede(self, seat: Seat) -> bool:
        """Whether ``seat`` may concede now (a declarer only while he holds 9 cards or more)."""
        return self.deal.may_concede(seat)

    def may_claim(self, seat: Seat) -> bool:
        """Whether ``seat`` may claim the rest now (play of a declared game)."""
        return self.deal.may_claim(seat)

    def legal_actions(self) -> list[Action]:
        """The actions open to the seat to move."""
        return self.deal.legal_actions()

    def propose(self, action: Action, seat: Seat | None = None) -> list[SeatEvent]:
        """The human's action (``seat``: a concession or claim out of turn); raises
        :class:`~skatgame.engine.deal.IllegalActionError` when the rules refuse it."""
        self._follow()
        events = self._driver.propose(action, seat)
        self.cancel()  # a computer's answer on its way is for a position gone now
        return self._applied(events)

    def answer_for(self, seat: Seat, answer: object) -> Action:
        """An answer made for ``seat`` (the move timer ran out: the Expert's suggestion),
        settled as a computer player's is; returns the action made."""
        self._follow()
        self.cancel()
        before = len(self.deal.history)
        self._applied(self._driver.answer(seat, answer))
        return self.deal.history[before][1]

    # ------------------------------------------------------------ the computer players

    def poll(self, dt: float, ready: bool, pace: float) -> None:
        """Let the computer player to move think, and move once the window is ``ready``
        and at least ``pace`` seconds have passed since it was asked."""
        self._follow()
        seat = self.deal.to_move
        if seat is None or self.is_human(seat) or self.deal.phase is Phase.DONE:
            self.thinking = None
            return
        self._waited += dt
        if self._ticket is None:
            if not ready:
                return
            level = self.session.levels[self.session.player_of(seat)]
            assert level is not None
            self._asked = self.observation(Seat(seat))
            self._ticket = self.thinker.submit(MoveJob(self._asked, level,
                                                       self.session.seed_for(seat, "act")))
            self._waited = 0.0
            self.thinking = Seat(seat)
            return
        if ready and self._ticket.done and self._waited >= pace:
            answer = self._ticket.result
            asked = self._asked
            self._ticket = self._asked = None
            self.thinking = None
            self._applied(self._driver.answer(Seat(seat), answer, asked))

    def cancel(self) -> None:
        """Forget the computer's question on its way (and drop it in the worker)."""
        if self._ticket is not None:
            self.thinker.cancel([self._ticket])
        self._ticket = self._asked = None
        self.thinking = None

    def hint(self, seat: Seat) -> Ticket[Suggestion]:
        """Ask the Expert what ``seat`` should do (a hint, or the move timer's move)."""
        return self.thinker.submit(HintJob(self.observation(seat)))

    def advice(self, seat: Seat) -> Ticket[BidAdvice]:
        """Ask what the hand at ``seat`` is worth in the auction (the bidding helper)."""
        return self.thinker.submit(AdviceJob(self.observation(seat)))

    # ------------------------------------------------------------ the list

    def take_back(self) -> bool:
        """Practice: take back the human's last card (and those after it)."""
        seat = self.session.human_seat
        return seat is not None and self.session.take_back(seat)

    def next_deal(self) -> None:
        """On to the next deal of the list."""
        self.session.next_deal()
        self._follow()

    def close(self) -> None:
        """Nothing to end: the computer players' worker belongs to the window."""
        self.cancel()

