"""A list at a table across the network, offered to the window as a local list is.

:class:`RemoteTable` has the shape of :class:`~skatgame.table.local.LocalTable`
(the table as the bottom seat sees it, the seat events still to be shown, the
human's proposals, hints and the bidding helper from his own observation), fed
by a :class:`~skatgame.net.link.NetLink`. Its :class:`RemoteSession` is the
list as this player sees it: the players turned so that he sits at the bottom,
and a :class:`MirrorSeries` that puts each deal on the sheet from the record the
server sends when it is over (every card and the seed: the same cards, the same
score, the same Bock rounds as on the server). While a deal is played the
client holds no :class:`~skatgame.engine.deal.Deal` at all: it has only its
seat's view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skatgame.engine.actions import Action, Claim, Concede
from skatgame.engine.deal import Deal, IllegalActionError, Phase
from skatgame.engine.observation import Observation
from skatgame.engine.records import RecordError, deal_from_record, short_repr
from skatgame.engine.seats import Seat
from skatgame.engine.series import Series, SeriesError
from skatgame.engine.shuffle import DEALING_PYTHON, DEALINGS
from skatgame.net.client import ClientError, ClientState, SeedMismatch
from skatgame.net.hosting import HostedServer
from skatgame.net.link import NetLink
from skatgame.net.protocol import (
    Act,
    DealOver,
    DealStart,
    Error,
    Leave,
    Lobby,
    NextDeal,
    ServerMessage,
    Sheet,
)
from skatgame.table.jobs import AdviceJob, HintJob
from skatgame.table.seatview import SeatEvent, SeatTable, Viewer
from skatgame.table.session import BOTTOM_PLAYER, PlayerIndex, Session
from skatgame.table.thinker import Thinker, Ticket

if TYPE_CHECKING:
    from skatgame.ai.advice import BidAdvice
    from skatgame.ai.player import Suggestion
    from skatgame.table.seated import SeatedTable

__all__ = ["MirrorSeries", "RemoteSession", "RemoteTable"]

#: the level shown for a person at another computer
PERSON = "person"


class MirrorSeries(Series):
    """The server's list as one player sees it: deals are added when they are over."""

    #: the 0-based number of the deal being played at the server (``None``: between deals)
    playing: int | None = None

    @property
    def table_number(self) -> int:
        if self.playing is not None and self.current is None:
            return self.playing
        return super().table_number

    @property
    def at_table(self) -> Deal | None:
        if self.playing is not None and self.current is None:
            return None  # a deal in play: only the seat's view exists here
        return super().at_table

    def add(self, number: int, record: Any) -> Deal:
        """Deal ``number`` is over: its record (cards, seed, actions) played again here."""
        if number != self.deal_number:
            raise SeriesError(f"deal {number + 1} does not follow deal {self.deal_number}")
        seed = record.get("seed") if isinstance(record, dict) else None
        if not isinstance(seed, str):
            raise RecordError("a finished deal comes with its seed")
        played = deal_from_record(record)
        dealing = record.get("dealing", DEALING_PYTHON)
        if type(dealing) is not int or dealing not in DEALINGS:
            raise RecordError(f"a deal dealt in an unknown way: {short_repr(dealing)}")
        self.dealing = dealing  # the server's list: the same each deal
        self.deal_seeds[number] = seed
        deal = self.next_deal()
        if played.cards != deal.cards:
            raise RecordError("the deal's cards are not those of its seed")
        for seat, action in played.history:
            deal.apply(action, seat)
        if not deal.done:
            raise RecordError("a finished deal that is not over")
        return deal


class RemoteSession(Session):
    """The list at a network table, seen from this player's place (at the bottom)."""

    remote = True

    def __init__(self, lobby: Lobby, me: int) -> None:
        n = lobby.config.size
        self.me = me
        order = [(me + i) % n for i in range(n)]  # server players, from mine clockwise
        names = [lobby.places[p].name for p in order]
        levels: list[str | None] = [None if p == me else (lobby.places[p].level or PERSON)
                                    for p in order]
        c = lobby.config
        series = MirrorSeries(names, deals=c.deals, options=c.options, seed="",
                              list_kind=c.list_kind, first_dealer=(-me) % n)
        self._set_up(series, names, levels, deal_limit=None, practice=False,
                     move_timer=c.move_timer, started=None, list_id=f"net-{lobby.code}")
        self.mirror = series
        self.code = lobby.code
        #: each deal's commitment as the server sent it before the deal (by 0-based number)
        self.commitments: dict[int, str] = {}

    def deal_commitment(self) -> str | None:
        """The commitment the server sent before the deal at the table."""
        return self.commitments.get(self.series.table_number)

    def local_player(self, server_player: int) -> PlayerIndex:
        """A server's player index as a place at this window (0: the bottom)."""
        return PlayerIndex((server_player - self.me) % self.size)

    def is_human(self, seat: int | None) -> bool:
        """Only the player at this window decides here (the others at their own)."""
        return seat is not None and self.player_of(seat) == BOTTOM_PLAYER

    @property
    def human_player(self) -> PlayerIndex | None:
        return BOTTOM_PLAYER

    def relabel(self, tr: Any) -> None:
        """Names at a network table are the players' own."""

    @property
    def saveable(self) -> bool:
        return False  # the list is kept where the table runs

    def can_take_back(self, seat: int) -> bool:
        return False

    def take_back(self, seat: int) -> bool:
        return False

    def next_deal(self) -> Deal:
        raise SeriesError("the server deals the next deal")


class RemoteTable:
    """The list at a network table for the window (see the module's description)."""

    def __init__(self, link: NetLink, thinker: Thinker) -> None:
        self.link = link
        self.thinker = thinker
        self.state = ClientState()
        self._session_: RemoteSession | None = None
        #: the server this window hosts (``None``: it joined someone else's)
        self.hosted: HostedServer | None = None
        #: the human's action on its way to the server (no second one until it is answered)
        self.awaiting = False
        self._asked: Observation | None = None
        #: the seat whose computer player is thinking: not known here
        self.thinking: Seat | None = None
        self._events_seen = 0
        self.wants_next = False
        self.problem = ""
        #: the server revealed a seed that does not match its commitment
        self.mismatch: SeedMismatch | None = None
        #: the players (server indices) whose chat this player does not want to see
        self.muted: set[int] = set()
        #: the table was sent whole (a player back): the window shows it as it stands
        self.resync = False

    # ------------------------------------------------------------ messages

    def pump(self) -> list[ServerMessage]:
        """Fold in what arrived (once a frame); returns it for the scene to react to."""
        messages = self.link.take()
        for message in messages:
            try:
                self._fold(message)
            except SeedMismatch as e:
                self.mismatch = e
                self.problem = str(e)
                self.link.close(0.0)
            except (ClientError, RecordError, SeriesError, IllegalActionError) as e:
                self.problem = str(e)
                self.link.close(0.0)
        return messages

    def _fold(self, message: ServerMessage) -> None:
        s = self.state
        s.apply(message)
        match message:
            case Lobby(started=True) if self._session_ is None:
                self._session_ = RemoteSession(message, s.player)
            case Sheet():
                # sent to a player who (re)joins a running list: the table as it stands is
                # shown at once, not dealt and bid again
                self._catch_up_sheet()
                self.resync = True
            case DealStart(deal=number, commitment=committed):
                self.awaiting = False
                self.wants_next = False
                session = self._session()
                session.commitments[number] = committed
                mirror = session.mirror
                if mirror.current is not None and mirror.current.done:
                    session.record()
                mirror.playing = number
            case DealOver(deal=number):
                session = self._session()
                mirror = session.mirror
                mirror.playing = None
                if len(mirror.rows) == number and mirror.current is None:
                    mirror.add(number, s.records[number])
                self.awaiting = False
            case Error(code=code) if code in ("illegal", "bad_action") and self.awaiting:
                # refused (the server's rules are the engine's: not expected): the same
                # decision is open again
                self.awaiting = False
                if s.observation is None:
                    s.observation = self._asked
            case _:
                pass
        if s.observation is not None or s.table.to_move != s.viewer:
            self.awaiting = False

    def _session(self) -> RemoteSession:
        if self._session_ is None:
            if self.state.lobby is None:
                raise ClientError("a deal before the table")
            self._session_ = RemoteSession(self.state.lobby, self.state.player)
        return self._session_

    @property
    def session(self) -> RemoteSession:
        """The list as this player sees it (once the list has started)."""
        return self._session()

    @property
    def started(self) -> bool:
        """Whether the list has started (a session is there)."""
        return self._session_ is not None

    def leave(self) -> None:
        """Leave the table for good: a computer takes the place at once (the server is
        told), then the connection ends."""
        if not self.link.alive:
            self.close()
            return
        self.link.send(Leave())
        self.close()  # the link sends in order: the Leave goes before the connection ends

    def close(self) -> None:
        """The connection ends (the seat is kept: the list can be continued later); a
        hosted server tells everyone and saves the list."""
        self.link.close(1.0)
        if self.hosted is not None:
            self.hosted.stop()
            self.hosted = None

    def _catch_up_sheet(self) -> None:
        """A player back at the table: every finished deal onto the sheet here."""
        session = self._session()
        mirror = session.mirror
        for number in sorted(self.state.records):
            if number == mirror.deal_number and mirror.current is None:
                mirror.add(number, self.state.records[number])
                session.record()

    # ------------------------------------------------------------ LocalTable's shape

    @property
    def table(self) -> SeatTable:
        return self.state.table

    @property
    def viewer(self) -> Viewer:
        return self.state.viewer

    @property
    def deal(self) -> Deal:
        return self._session().deal

    @property
    def pending(self) -> bool:
        return bool(self.state.pending)

    def take_events(self) -> list[SeatEvent]:
        return self.state.take_events()

    def catch_up(self) -> SeatTable:
        self.state.pending.clear()
        return self.state.table

    def is_human(self, seat: Seat | None) -> bool:
        return seat is not None and seat == self.state.viewer

    @property
    def to_move(self) -> Seat | None:
        return self.state.table.to_move

    @property
    def moves(self) -> int:
        """Names the decision at the table (counts the events seen)."""
        return len(self.state.table.calls) + sum(len(p) for p in self.state.table.piles) \
            + len(self.state.table.trick) + self.state.deal * 1000

    def observation(self, seat: Seat) -> Observation:
        obs = self.state.observation
        if obs is None or obs.seat != seat:
            raise IllegalActionError("it is not your turn")
        return obs

    def may_concede(self, seat: Seat) -> bool:
        t = self.state.table
        if t.phase is not Phase.PLAY or t.declarer is None or seat != self.state.viewer:
            return False
        return seat != t.declarer or len(t.hands[seat]) >= 9

    def may_claim(self, seat: Seat) -> bool:
        """Play of a declared game, for this window's own seat (the server rules on it)."""
        t = self.state.table
        return t.phase is Phase.PLAY and t.declarer is not None and seat == self.state.viewer

    def legal_actions(self) -> list[Action]:
        obs = self.state.observation
        return [] if obs is None or self.awaiting else list(obs.legal_actions)

    def propose(self, action: Action, seat: Seat | None = None) -> list[SeatEvent]:
        """Send the human's action; what the rules refuse is refused here at once (the
        server checks it again)."""
        s = self.state
        out_of_turn = isinstance(action, Concede | Claim)
        if self.awaiting and not out_of_turn:
            raise IllegalActionError("your move is on its way")
        if not out_of_turn and action not in self.legal_actions():
            raise IllegalActionError("that is not allowed now")
        move = s.move if s.observation is not None and not out_of_turn else -1
        self.link.send(Act(s.deal, move, action.text))
        if not out_of_turn:
            self.awaiting = True
            self._asked, s.observation = s.observation, None
        return []

    def answer_for(self, seat: Seat, answer: object) -> Action:
        """The move timer ran out here: the Expert's suggestion is sent (the server's own
        timer decides if it comes too late)."""
        legal = self.legal_actions()
        action = answer if isinstance(answer, Action) and answer in legal else \
            (legal[0] if legal else None)
        if action is None:
            raise IllegalActionError("nothing to decide")
        self.propose(action, seat)
        return action

    def poll(self, dt: float, ready: bool, pace: float) -> None:
        self.pump()

    def cancel(self) -> None:
        """Nothing thinks here for the others."""

    def hint(self, seat: Seat) -> Ticket[Suggestion]:
        return self.thinker.submit(HintJob(self.observation(seat)))

    def advice(self, seat: Seat) -> Ticket[BidAdvice]:
        return self.thinker.submit(AdviceJob(self.observation(seat)))

    def take_back(self) -> bool:
        return False

    def next_deal(self) -> None:
        """Ready for the next deal (it begins when everyone at the table is)."""
        if not self.wants_next:
            self.wants_next = True
            self.link.send(NextDeal())


if TYPE_CHECKING:
    def _offers_what_the_window_needs(table: RemoteTable) -> SeatedTable:
        return table  # checked by mypy: RemoteTable has SeatedTable's shape
