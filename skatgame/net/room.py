"""One table of a server, without sockets: the lobby, the list, the deal driver, and
what each player is sent.

A :class:`Room` is driven by calls (a person's message, a computer's answer,
the clock) and answers by putting messages in its :attr:`Room.outbox`,
addressed to one player or to everyone; the server (:mod:`skatgame.net.server`)
sends them and runs the computer players. Everything a player is sent about
the deal has been through :func:`~skatgame.table.seatview.seat_events` for
that player's seat: no other hand, no skat before its time, and each deal's
seed (drawn from the operating system's cryptographic source, 128 bits) only
once the deal is over.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, Literal

import msgspec

from skatgame.ai.player import Player, create_player
from skatgame.engine.deal import Deal, IllegalActionError
from skatgame.engine.observation import Observation
from skatgame.engine.records import RecordError
from skatgame.engine.seats import Seat
from skatgame.engine.series import Series, SeriesError
from skatgame.engine.shuffle import commitment
from skatgame.net.protocol import (
    MAX_CHAT,
    MAX_NAME,
    Act,
    Chat,
    ChatLine,
    ClientMessage,
    Closed,
    DealOver,
    DealStart,
    Error,
    Events,
    Joined,
    Leave,
    ListOver,
    Lobby,
    MoveSeat,
    NextDeal,
    Place,
    Quick,
    Ready,
    ServerMessage,
    SetSeat,
    Sheet,
    Start,
    TableConfig,
    Waiting,
    YourTurn,
)
from skatgame.net.text import QUICK_PHRASES, clean_name, clean_text
from skatgame.net.wire import (
    WireError,
    action_from_text,
    encode_event,
    encode_observation,
    encode_row,
)
from skatgame.table.driver import DealDriver
from skatgame.table.seatview import WATCHER, Viewer, seat_events
from skatgame.table.seeds import fresh_seed

__all__ = ["COMPUTER_LEVELS", "Chair", "Room", "RoomError", "Thinking", "new_code"]

COMPUTER_LEVELS: Final = ("beginner", "advanced", "expert")
#: who plays for a person who is away or whose move timer ran out
STAND_IN_LEVEL: Final = "advanced"
#: letters of a table code: no 0/O, 1/I/L that a friend could mistype
CODE_LETTERS: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6
ROOM_FORMAT: Final = "skatgame-table"
ROOM_VERSION: Final = 1

Everyone = None
Outgoing = tuple[int | None, ServerMessage]


class RoomError(Exception):
    """A request the table refuses: ``code`` names the kind, the text says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def new_code() -> str:
    """A table code from the cryptographic source (about 30 bits)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


@dataclass
class Chair:
    """One place at the table: open, a person or a computer."""

    name: str
    kind: Literal["open", "person", "computer"] = "open"
    level: str | None = None
    token: str = ""
    connected: bool = False
    ready: bool = False
    away_since: float | None = None
    #: a computer plays for this person now (away too long)
    stand_in: bool = False
    wants_next: bool = False
    chat_allowance: float = 5.0
    chat_time: float = 0.0

    def place(self) -> Place:
        return Place(self.name, self.kind, self.level, self.ready, self.connected)


@dataclass(frozen=True)
class Thinking:
    """A decision a computer must make now: for whom, what it sees, and who it is."""

    deal: int
    move: int
    seat: Seat
    observation: Observation
    player: Player
    person: bool  # a computer answers for a person (away, or his timer ran out)


@dataclass
class Room:
    """A table: its code, its list and its places (player 0 sits first)."""

    code: str
    config: TableConfig
    clock: Callable[[], float] = time.monotonic
    #: seconds a dropped person keeps his seat before a computer plays for him
    grace: float = 30.0
    #: seconds a connected person may take over a decision when the list has no move timer
    idle_limit: float = 180.0
    chairs: list[Chair] = field(default_factory=list)
    host: int = 0
    series: Series | None = None
    outbox: list[Outgoing] = field(default_factory=list)
    closed: bool = False
    _driver: DealDriver | None = None
    _computers: dict[int, Player] = field(default_factory=dict)
    _turn_since: float = 0.0
    _computer_seed: str = field(default_factory=fresh_seed)

    def __post_init__(self) -> None:
        c = self.config
        if c.size not in (3, 4):
            raise RoomError("config", "a table has 3 or 4 places")
        if not 0 < c.deals <= 360 or c.deals % c.size:
            raise RoomError("config", f"the deals must be a multiple of {c.size}, up to 360")
        if c.list_kind not in ("plain", "seeger-fabian"):
            raise RoomError("config", "the list is plain or seeger-fabian")
        if not 0 <= c.move_timer <= 600:
            raise RoomError("config", "the move timer is 0 to 600 seconds")
        if not self.chairs:
            self.chairs = [Chair(f"Player {i + 1}") for i in range(c.size)]

    # ------------------------------------------------------------ state

    @property
    def started(self) -> bool:
        return self.series is not None

    @property
    def deal(self) -> Deal | None:
        return None if self.series is None else self.series.current

    @property
    def deal_number(self) -> int:
        return 0 if self.series is None else self.series.table_number

    def persons(self) -> list[int]:
        return [i for i, c in enumerate(self.chairs) if c.kind == "person"]

    def present(self) -> list[int]:
        """The persons connected now (the ones messages go to)."""
        return [i for i, c in enumerate(self.chairs) if c.kind == "person" and c.connected]

    def _send(self, to: int | None, message: ServerMessage) -> None:
        self.outbox.append((to, message))

    def take_outbox(self) -> list[Outgoing]:
        out, self.outbox = self.outbox, []
        return out

    def lobby(self) -> Lobby:
        return Lobby(self.code, self.config, tuple(c.place() for c in self.chairs), self.host,
                     self.started)

    def _lobby_changed(self) -> None:
        self._send(Everyone, self.lobby())

    # ------------------------------------------------------------ who sits where

    def sit_down(self, name: str) -> tuple[int, str]:
        """A new person at the table: the first open place; returns (player, token)."""
        i = next((i for i, c in enumerate(self.chairs) if c.kind == "open"), -1)
        if i < 0:
            raise RoomError("full", "the table is full")
        name = clean_name(name, f"Player {i + 1}")
        taken = {c.name for c in self.chairs if c.kind != "open"}
        base, n = name, 2
        while name in taken:
            name = f"{base[: MAX_NAME - 3]} {n}"
            n += 1
        token = secrets.token_urlsafe(24)
        self.chairs[i] = Chair(name, "person", token=token, connected=True)
        if not self.present() or self.chairs[self.host].kind != "person":
            self.host = i
        self._send(i, Joined(self.code, i, token, self.host == i))
        self._lobby_changed()
        return i, token

    def player_of_token(self, token: str) -> int | None:
        """The person whose reconnect token this is (compared in constant time)."""
        found = None
        for i, chair in enumerate(self.chairs):
            if chair.kind == "person" and chair.token and secrets.compare_digest(
                    chair.token.encode(), token.encode()):
                found = i
        return found

    def come_back(self, player: int) -> None:
        """A person took his seat back: the table as it stands now."""
        chair = self.chairs[player]
        was_away = not chair.connected
        chair.connected = True
        chair.away_since = None
        chair.stand_in = False
        self._send(player, Joined(self.code, player, chair.token, self.host == player))
        self._send(player, self.lobby())
        if self.started:
            self._catch_up(player)
        if was_away:
            self._send(Everyone, Waiting(player, 0, back=True))
            self._lobby_changed()
        deal = self.deal
        if deal is not None and deal.to_move is not None and \
                self._seat_player(deal.to_move) == player:
            self._turn_since = self.clock()  # back at his decision: his full time again
        self._prompt(only=player)

    def drop(self, player: int) -> None:
        """A person's connection is gone: he keeps his seat for :attr:`grace` seconds."""
        chair = self.chairs[player]
        if chair.kind != "person" or not chair.connected:
            return
        chair.connected = False
        chair.ready = False
        if not self.started:
            # in the lobby a place is not kept: it opens again
            self.chairs[player] = Chair(f"Player {player + 1}")
            self._new_host()
            self._lobby_changed()
            return
        chair.away_since = self.clock()
        self._new_host()
        self._send(Everyone, Waiting(player, int(self.grace)))
        self._lobby_changed()

    def leave(self, player: int) -> None:
        """A person leaves for good: in the lobby his place opens, in a list a computer
        of the stand-in's level takes it over."""
        chair = self.chairs[player]
        if chair.kind != "person":
            return
        if not self.started:
            self.chairs[player] = Chair(f"Player {player + 1}")
        else:
            self.chairs[player] = Chair(chair.name, "computer", STAND_IN_LEVEL)
            self._computers[player] = self._computer(player, STAND_IN_LEVEL)
            self._send(Everyone, Waiting(player, 0))  # a computer plays for him from now
        self._new_host()
        self._lobby_changed()
        self._prompt()

    def _new_host(self) -> None:
        if self.chairs[self.host].kind == "person" and self.chairs[self.host].connected:
            return
        present = self.present()
        if present:
            self.host = present[0]

    def _host_only(self, by: int) -> None:
        if by != self.host:
            raise RoomError("not_host", "only the host may do that")
        if self.started:
            raise RoomError("started", "the list has started")

    def set_seat(self, by: int, player: int, level: str | None) -> None:
        """Host: a computer of ``level`` at ``player``'s place, or the place open."""
        self._host_only(by)
        if not 0 <= player < len(self.chairs):
            raise RoomError("bad_place", "no such place")
        if self.chairs[player].kind == "person":
            raise RoomError("taken", "a person sits there")
        if level is None:
            self.chairs[player] = Chair(f"Player {player + 1}")
        elif level in COMPUTER_LEVELS:
            taken = {c.name for i, c in enumerate(self.chairs) if i != player}
            name = self.chairs[player].name if self.chairs[player].kind == "computer" \
                else _computer_name(player, taken)
            self.chairs[player] = Chair(name, "computer", level, ready=True)
        else:
            raise RoomError("bad_level", f"the levels are {', '.join(COMPUTER_LEVELS)}")
        self._lobby_changed()

    def move_seat(self, by: int, player: int, to: int) -> None:
        """Host: two places change."""
        self._host_only(by)
        n = len(self.chairs)
        if not (0 <= player < n and 0 <= to < n):
            raise RoomError("bad_place", "no such place")
        a, b = self.chairs[player], self.chairs[to]
        self.chairs[player], self.chairs[to] = b, a
        if self.host in (player, to):
            self.host = to if self.host == player else player
        for i in (player, to):
            c = self.chairs[i]
            if c.kind == "person" and c.connected:
                self._send(i, Joined(self.code, i, c.token, self.host == i))
        self._lobby_changed()

    def set_ready(self, by: int, ready: bool) -> None:
        if self.started:
            raise RoomError("started", "the list has started")
        self.chairs[by].ready = ready
        self._lobby_changed()

    def start(self, by: int) -> None:
        """Host: the list begins (open places must be given to computers first)."""
        self._host_only(by)
        if any(c.kind == "open" for c in self.chairs):
            raise RoomError("open_places", "give every open place to a person or a computer")
        if any(c.kind == "person" and not c.ready and i != by
               for i, c in enumerate(self.chairs)):
            raise RoomError("not_ready", "not everyone is ready")
        c = self.config
        self.series = Series([ch.name for ch in self.chairs], deals=c.deals,
                             options=c.options, seed="", list_kind=c.list_kind)
        for i, chair in enumerate(self.chairs):
            if chair.kind == "computer":
                assert chair.level is not None
                self._computers[i] = self._computer(i, chair.level)
        self._lobby_changed()
        self._begin_deal()

    def _computer(self, player: int, level: str) -> Player:
        return create_player(level, f"{self._computer_seed}:{player}:{self.deal_number}")

    # ------------------------------------------------------------ the deal

    def viewer(self, player: int) -> Viewer:
        """Where ``player`` sits in the deal at the table (a watcher while he deals at
        four)."""
        assert self.series is not None
        seats = self.series.seat_players(self.series.table_number)
        return Seat(seats.index(player)) if player in seats else WATCHER

    def _seat_player(self, seat: int) -> int:
        assert self.series is not None
        return self.series.seat_players(self.series.table_number)[seat]

    def _deal_start(self) -> DealStart:
        assert self.series is not None
        n = self.series.table_number
        deal = self.series.at_table
        assert deal is not None
        return DealStart(n, self.series.dealer(n), self.series.seat_players(n),
                         commitment(self.series.deal_seed(n)), deal.multiplier)

    def _begin_deal(self) -> None:
        series = self.series
        assert series is not None
        n = series.deal_number
        series.deal_seeds.setdefault(n, fresh_seed())
        deal = series.next_deal()
        self._driver = DealDriver(deal, [None, None, None])
        for c in self.chairs:
            c.wants_next = False
        start = self._deal_start()
        for p in self.present():
            self._send(p, start)
        self._broadcast_events(list(deal.events))
        self._prompt()

    def _broadcast_events(self, events: list[Any]) -> None:
        deal = self.deal
        assert deal is not None
        n = self.deal_number
        for p in self.present():
            seen = seat_events(deal, events, self.viewer(p))
            if seen:
                self._send(p, Events(n, tuple(encode_event(e) for e in seen)))

    def _catch_up(self, player: int) -> None:
        """Everything a person who (re)joins a running list needs, as his seat sees it."""
        series = self.series
        assert series is not None
        self._send(player, Sheet(tuple(encode_row(r) for r in series.rows),
                                 tuple(msgspec.Raw(msgspec.json.encode(r))
                                       for r in series.records)))
        deal = series.at_table
        if deal is None:
            return
        self._send(player, self._deal_start())
        seen = seat_events(deal, list(deal.events), self.viewer(player))
        self._send(player, Events(self.deal_number, tuple(encode_event(e) for e in seen)))
        if series.current is None and series.rows:
            self._send(player, self._deal_over_message())
        if series.finished:
            self._send(player, ListOver(series.totals()))

    def _prompt(self, only: int | None = None) -> None:
        """Ask the person to move (once per decision; ``only``: again, if it is him, as
        he comes back)."""
        deal = self.deal
        if deal is None or deal.to_move is None:
            return
        player = self._seat_player(deal.to_move)
        if only is not None and only != player:
            return
        if only is None:
            self._turn_since = self.clock()
        chair = self.chairs[player]
        if chair.kind == "person" and chair.connected:
            obs = deal.observation(deal.to_move)
            self._send(player, YourTurn(self.deal_number, len(deal.history),
                                        encode_observation(obs), self.config.move_timer))

    def act(self, by: int, deal_no: int, move: int, text: str) -> None:
        """A person's action, checked by the engine (refused: an error to him alone)."""
        deal = self.deal
        if deal is None or self._driver is None:
            raise RoomError("no_deal", "no deal is being played")
        if deal_no != self.deal_number or (move >= 0 and move != len(deal.history)):
            raise RoomError("stale", "that decision is past")
        try:
            action = action_from_text(text)
        except WireError as e:
            raise RoomError("bad_action", str(e)) from None
        viewer = self.viewer(by)
        if viewer == WATCHER:
            raise RoomError("illegal", "you deal this one and sit out")
        assert isinstance(viewer, int)
        try:
            events = self._driver.propose(action, Seat(viewer))
        except IllegalActionError as e:
            raise RoomError("illegal", str(e)) from None
        self.chairs[by].stand_in = self.chairs[by].stand_in and not self.chairs[by].connected
        self._applied(events)

    def _applied(self, events: list[Any]) -> None:
        self._broadcast_events(events)
        deal = self.deal
        assert deal is not None and self.series is not None
        if deal.done:
            self.series.record_deal(deal)
            self._driver = None
            message = self._deal_over_message()
            for p in self.present():
                self._send(p, message)
            if self.series.finished:
                self._send(Everyone, ListOver(self.series.totals()))
            return
        self._prompt()

    def _deal_over_message(self) -> DealOver:
        series = self.series
        assert series is not None and series.rows
        n = len(series.rows) - 1
        return DealOver(n, msgspec.Raw(msgspec.json.encode(series.records[n])),
                        encode_row(series.rows[n]))

    def thinking(self) -> Thinking | None:
        """The decision a computer must make now, if any: a computer's seat, a person
        away too long, or a person whose move timer (or idle limit) ran out. Nothing
        while no person is at the table (a table nobody watches waits)."""
        deal = self.deal
        if deal is None or deal.to_move is None or not self.present():
            return None
        seat = Seat(deal.to_move)
        player = self._seat_player(seat)
        chair = self.chairs[player]
        if chair.kind == "computer":
            return Thinking(self.deal_number, len(deal.history), seat,
                            deal.observation(seat), self._computers[player], False)
        limit = self.config.move_timer or self.idle_limit
        if chair.stand_in or self.clock() - self._turn_since >= limit:
            computer = self._computers.get(player)
            if computer is None:
                computer = self._computers[player] = self._computer(player, STAND_IN_LEVEL)
            return Thinking(self.deal_number, len(deal.history), seat,
                            deal.observation(seat), computer, True)
        return None

    def answer(self, thought: Thinking, answer: object) -> bool:
        """A computer's answer for ``thought``; dropped when the table moved on meanwhile
        (a person answered first). Returns whether it was applied."""
        deal = self.deal
        if (deal is None or self._driver is None or thought.deal != self.deal_number
                or thought.move != len(deal.history) or deal.to_move != thought.seat):
            return False
        if thought.person:
            player = self._seat_player(thought.seat)
            chair = self.chairs[player]
            if chair.connected and not chair.stand_in:
                self._send(player, Error("timed_out", "time was up: the computer decided"))
        self._applied(self._driver.answer(thought.seat, answer, thought.observation))
        return True

    def tick(self) -> None:
        """The clock moved: a person away longer than :attr:`grace` is played for."""
        now = self.clock()
        for i, chair in enumerate(self.chairs):
            if (chair.kind == "person" and not chair.connected and not chair.stand_in
                    and chair.away_since is not None and now - chair.away_since >= self.grace):
                chair.stand_in = True
                self._send(Everyone, Waiting(i, 0))

    def next_deal(self, by: int) -> None:
        """``by`` is ready for the next deal; it begins when every person present is."""
        series = self.series
        if series is None or series.current is not None:
            raise RoomError("no_deal_over", "the deal is not over")
        if series.finished:
            raise RoomError("list_over", "the list is over")
        self.chairs[by].wants_next = True
        if all(self.chairs[p].wants_next for p in self.present()):
            self._begin_deal()

    def handle(self, by: int, message: ClientMessage) -> None:
        """A table message from player ``by`` (not hello, create or join: those are the
        server's); raises :class:`RoomError` when it is refused, the table unchanged."""
        match message:
            case Act(deal=deal, move=move, action=action):
                self.act(by, deal, move, action)
            case NextDeal():
                self.next_deal(by)
            case Chat(text=text):
                self.chat(by, text=text)
            case Quick(phrase=phrase):
                self.chat(by, quick=phrase)
            case Ready(ready=ready):
                self.set_ready(by, ready)
            case Start():
                self.start(by)
            case SetSeat(player=player, level=level):
                self.set_seat(by, player, level)
            case MoveSeat(player=player, to=to):
                self.move_seat(by, player, to)
            case Leave():
                self.leave(by)
            case _:
                raise RoomError("not_here", f"{type(message).__name__} is not a table message")

    # ------------------------------------------------------------ chat

    def chat(self, by: int, text: str = "", quick: str = "") -> None:
        """A line of chat (cleaned, at most one a second on average, five at once)."""
        chair = self.chairs[by]
        now = self.clock()
        chair.chat_allowance = min(5.0, chair.chat_allowance + (now - chair.chat_time))
        chair.chat_time = now
        if chair.chat_allowance < 1.0:
            raise RoomError("chat_rate", "you are chatting too fast")
        if quick:
            if quick not in QUICK_PHRASES:
                raise RoomError("bad_phrase", "no such quick phrase")
            line = ChatLine(by, quick=quick)
        else:
            cleaned = clean_text(text, MAX_CHAT)
            if not cleaned:
                raise RoomError("empty", "nothing to say")
            line = ChatLine(by, text=cleaned)
        chair.chat_allowance -= 1.0
        self._send(Everyone, line)

    # ------------------------------------------------------------ the end

    def close(self, reason: str, message: str) -> None:
        """The table ends (its list is saved by the server): everyone is told."""
        if not self.closed:
            self.closed = True
            self._send(Everyone, Closed(reason, message))

    def to_record(self) -> dict[str, Any]:
        """The table as plain JSON (where it runs: tokens and every seed are in it)."""
        return {
            "code": self.code,
            "config": msgspec.to_builtins(self.config),
            "chairs": [{"name": c.name, "kind": c.kind, "level": c.level, "token": c.token}
                       for c in self.chairs],
            "host": self.host,
            "computer_seed": self._computer_seed,
            "series": None if self.series is None else self.series.to_record(),
        }

    @classmethod
    def from_record(cls, data: Any, **kwargs: Any) -> Room:
        """A table saved by :meth:`to_record`; its persons are away until they return."""
        try:
            config = msgspec.convert(data["config"], TableConfig)
            chairs = msgspec.convert(data["chairs"], list[_ChairRecord])
            room = cls(str(data["code"]), config, **kwargs)
            if len(chairs) != config.size:
                raise RecordError("the places do not fit the table")
            room.chairs = [Chair(clean_name(c.name, f"Player {i + 1}"), c.kind,
                                 c.level if c.level in COMPUTER_LEVELS else None, c.token)
                           for i, c in enumerate(chairs)]
            host = data.get("host", 0)
            room.host = host if isinstance(host, int) and 0 <= host < config.size else 0
            room._computer_seed = str(data.get("computer_seed") or fresh_seed())
            if data.get("series") is not None:
                series = Series.from_record(data["series"])
                if series.size != config.size:
                    raise RecordError("the list does not fit the table")
                room.series = series
                now = room.clock()
                for i, chair in enumerate(room.chairs):
                    if chair.kind == "computer":
                        room._computers[i] = room._computer(i, chair.level or STAND_IN_LEVEL)
                    elif chair.kind == "person":
                        chair.away_since = now
                    else:
                        raise RecordError("an open place in a running list")
                if series.current is None and not series.finished:
                    series.deal_seeds.setdefault(series.deal_number, fresh_seed())
                    series.next_deal()
                if series.current is not None:
                    room._driver = DealDriver(series.current, [None, None, None])
                room._turn_since = room.clock()  # the decision waiting has its full time
        except (KeyError, TypeError, ValueError, msgspec.ValidationError, RoomError,
                RecordError, SeriesError) as e:
            raise RecordError(f"bad table record: {e}") from None
        return room



class _ChairRecord(msgspec.Struct):
    name: str
    kind: Literal["open", "person", "computer"]
    level: str | None = None
    token: str = ""


#: computer players' names: short (they stand beside a badge on a plate); the level is
#: shown under the name
COMPUTER_NAMES: Final = ("Kai", "Lea", "Max", "Ida", "Tom", "Eva", "Jan", "Uta")


def _computer_name(player: int, taken: set[str]) -> str:
    """A computer's name at the table, one the players there do not have."""
    free = [n for n in COMPUTER_NAMES if n not in taken]
    return free[player % len(free)] if free else f"CPU {player + 1}"

