"""The client library: sit at a table on a server, see it as your seat does, act.

Used by the game's window, by the tests and by anyone who writes a bot::

    async with await TableClient.connect("ws://127.0.0.1:8765", "Anna") as client:
        await client.join("K7QX3M")
        while not client.state.over:
            await client.receive()
            if client.state.my_turn:
                await client.act(choose(client.state.observation))

:class:`ClientState` keeps what the messages said: the lobby, the table as
your seat sees it (a :class:`~skatgame.table.seatview.SeatTable`, the same
fold the window draws), your observation when you must decide, the score sheet,
each finished deal's record, chat, who is away, and why the table closed.
"""

from __future__ import annotations

import asyncio
import ssl
import time
from dataclasses import dataclass, field
from typing import Any, Final, Self, TypeVar

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from skatgame.ai.player import Player, create_player
from skatgame.engine.actions import Action
from skatgame.engine.observation import Observation
from skatgame.engine.seats import Seat
from skatgame.engine.series import SheetRow
from skatgame.engine.shuffle import commitment
from skatgame.net.protocol import (
    MAX_SERVER_MESSAGE,
    PROTOCOL_VERSION,
    Act,
    ChatLine,
    ClientMessage,
    Closed,
    Create,
    DealOver,
    DealStart,
    Error,
    Events,
    Hello,
    Join,
    Joined,
    ListOver,
    Lobby,
    NextDeal,
    ProtocolError,
    ServerMessage,
    Sheet,
    TableConfig,
    Waiting,
    Welcome,
    YourTurn,
    decode_server,
    encode,
)
from skatgame.net.wire import WireError, decode_event, decode_observation, decode_row
from skatgame.table.seatview import WATCHER, SeatEvent, SeatTable, Viewer

__all__ = ["ClientError", "ClientState", "SeedMismatch", "TableClient", "play_bot"]

M = TypeVar("M")

#: chat lines kept
CHAT_KEPT: Final = 200


class ClientError(Exception):
    """The connection failed, or the server refused us or broke the protocol.

    ``refusal``: the server's own message when it refused (a wrong password closes the
    connection, a wrong table code is an error), for the window to word it."""

    def __init__(self, text: str, refusal: Error | Closed | None = None) -> None:
        super().__init__(text)
        self.refusal = refusal


class SeedMismatch(ClientError):
    """The seed the server revealed after deal ``deal`` (0-based) does not hash to the
    commitment it sent before the deal: the cards may not be the ones promised."""

    def __init__(self, deal: int, committed: str) -> None:
        super().__init__(f"deal {deal + 1}: the seed does not match the commitment made "
                         "before the deal")
        self.deal = deal
        self.commitment = committed


@dataclass
class ClientState:
    """What one player at a network table knows, folded from the server's messages."""

    server: str = ""
    code: str = ""
    player: int = -1
    token: str = ""
    host: bool = False
    lobby: Lobby | None = None
    deal: int = -1
    start: DealStart | None = None
    viewer: Viewer = WATCHER
    table: SeatTable = field(default_factory=lambda: SeatTable(WATCHER))
    #: seat events not yet taken by a window (:meth:`take_events`)
    pending: list[SeatEvent] = field(default_factory=list)
    observation: Observation | None = None
    move: int = -1
    seconds: int = 0
    rows: list[SheetRow] = field(default_factory=list)
    records: dict[int, Any] = field(default_factory=dict)
    totals: tuple[int, ...] | None = None
    away: dict[int, int] = field(default_factory=dict)
    #: when each away player's message came (``time.monotonic()``)
    away_since: dict[int, float] = field(default_factory=dict)
    chat: list[ChatLine] = field(default_factory=list)
    #: when each line of :attr:`chat` came (``time.monotonic()``)
    chat_at: list[float] = field(default_factory=list)
    errors: list[Error] = field(default_factory=list)
    closed: Closed | None = None

    @property
    def my_turn(self) -> bool:
        """Whether the server waits for this player's decision."""
        return self.observation is not None

    @property
    def over(self) -> bool:
        """Whether the list is over or the table closed."""
        return self.totals is not None or self.closed is not None

    def take_events(self) -> list[SeatEvent]:
        out, self.pending = self.pending, []
        return out

    def apply(self, message: ServerMessage) -> None:
        """Fold one message in; raises :class:`ClientError` on one that makes no sense."""
        try:
            self._apply(message)
        except (WireError, ValueError, IndexError, KeyError, TypeError, AttributeError,
                RecursionError, msgspec.MsgspecError) as e:
            raise ClientError(f"the server sent something that makes no sense: {e}") from None

    def _apply(self, message: ServerMessage) -> None:
        match message:
            case Welcome(server=server):
                self.server = server
            case Joined(code=code, player=player, token=token, host=host):
                self.code, self.player, self.token, self.host = code, player, token, host
            case Lobby():
                self.lobby = message
                self.host = message.host == self.player
            case DealStart(deal=deal, seat_players=seats):
                self.deal = deal
                self.start = message
                self.viewer = Seat(seats.index(self.player)) if self.player in seats \
                    else WATCHER
                self.table = SeatTable(self.viewer)
                self.observation = None
            case Events(deal=deal, events=events):
                if deal != self.deal:
                    raise ValueError(f"events of deal {deal} during deal {self.deal}")
                for name, raw in events:
                    event = decode_event(name, raw)
                    self.table.apply(event)
                    self.pending.append(event)
                if self.observation is not None and self.table.to_move != self.viewer:
                    self.observation = None
            case YourTurn(deal=deal, move=move, observation=raw, seconds=seconds):
                self.observation = decode_observation(raw)
                self.move, self.seconds = move, seconds
                if deal != self.deal:
                    raise ValueError(f"a decision in deal {deal} during deal {self.deal}")
            case DealOver(deal=deal, record=record, row=row):
                data = msgspec.json.decode(bytes(record))
                start = self.start
                if start is not None and start.deal == deal:
                    # the seed revealed must be the one committed to before the deal
                    seed = data.get("seed") if isinstance(data, dict) else None
                    if not isinstance(seed, str) or commitment(seed) != start.commitment:
                        raise SeedMismatch(deal, start.commitment)
                self.records[deal] = data
                decoded = decode_row(row)
                if not self.rows or self.rows[-1].number < decoded.number:
                    self.rows.append(decoded)
                self.observation = None
            case Sheet(rows=rows, records=records):
                self.rows = [decode_row(r) for r in rows]
                self.records = {n: msgspec.json.decode(bytes(r)) for n, r in enumerate(records)}
            case ListOver(totals=totals):
                self.totals = totals
            case Waiting(player=player, seconds=seconds, back=back):
                if back:
                    self.away.pop(player, None)
                    self.away_since.pop(player, None)
                else:
                    self.away[player] = seconds
                    self.away_since[player] = time.monotonic()
            case ChatLine():
                self.chat.append(message)
                self.chat_at.append(time.monotonic())
                del self.chat[:-CHAT_KEPT]
                del self.chat_at[:-CHAT_KEPT]
            case Error():
                self.errors.append(message)
                del self.errors[:-CHAT_KEPT]
                if message.code == "timed_out":
                    self.observation = None
            case Closed():
                self.closed = message


class TableClient:
    """A connection to a table server (see the module's description)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.state = ClientState()

    @classmethod
    async def connect(cls, url: str, name: str, password: str = "", *,
                      ssl_context: ssl.SSLContext | None = None,
                      timeout: float = 10.0) -> TableClient:
        """Connect and say hello; raises :class:`ClientError` when it fails."""
        try:
            ws = await connect(url, open_timeout=timeout, max_size=MAX_SERVER_MESSAGE,
                               compression=None, proxy=None, ssl=ssl_context,
                               close_timeout=2)
        except (OSError, TimeoutError, ConnectionClosed, ValueError) as e:
            raise ClientError(f"cannot reach {url}: {e}") from None
        except Exception as e:  # the handshake's own errors (InvalidURI, InvalidStatus...)
            raise ClientError(f"cannot reach {url}: {e}") from None
        client = cls(ws)
        await client.send(Hello(PROTOCOL_VERSION, name, password))
        await client.expect(Welcome, timeout)
        return client

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        await self.ws.close()

    async def send(self, message: ClientMessage) -> None:
        try:
            await self.ws.send(encode(message).decode())
        except ConnectionClosed as e:
            raise ClientError(f"the connection is closed: {e}") from None

    async def receive(self, timeout: float | None = None) -> ServerMessage:
        """The next message, folded into :attr:`state`."""
        try:
            data = await asyncio.wait_for(self.ws.recv(), timeout)
        except ConnectionClosed as e:
            closed = self.state.closed
            raise ClientError(closed.message if closed else f"connection closed: {e}") \
                from None
        except TimeoutError:
            raise ClientError("the server did not answer in time") from None
        try:
            message = decode_server(data)
        except ProtocolError as e:
            raise ClientError(f"the server sent something that makes no sense: {e}") from None
        self.state.apply(message)
        return message

    async def expect(self, kind: type[M], timeout: float = 10.0) -> M:
        """Receive until a message of ``kind``; an error or a close on the way raises."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            message = await self.receive(max(0.0, end - loop.time()))
            if isinstance(message, kind):
                return message
            if isinstance(message, Error | Closed) and not isinstance(message, kind):
                if isinstance(message, Error) and message.code in ("stale", "timed_out"):
                    continue
                raise ClientError(message.message, message)

    async def create(self, config: TableConfig) -> Joined:
        """Open a table (you are its host)."""
        await self.send(Create(config))
        return await self.expect(Joined)

    async def join(self, code: str, token: str = "") -> Joined:
        """Sit down at table ``code`` (``token``: take your seat back)."""
        await self.send(Join(code, token))
        return await self.expect(Joined)

    async def act(self, action: Action) -> None:
        """Propose ``action`` for the decision the server asked of you."""
        s = self.state
        move = s.move if s.observation is not None else -1
        s.observation = None
        await self.send(Act(s.deal, move, action.text))

    async def next_deal(self) -> None:
        await self.send(NextDeal())


async def play_bot(client: TableClient, player: Player | None = None, *,
                   level: str = "beginner", seed: object = 0,
                   timeout: float = 60.0) -> ClientState:
    """Play with ``client`` until the list is over or the table closes: decide with
    ``player`` (default: a computer of ``level``) on each observation, and go on to
    the next deal at once."""
    bot = player or create_player(level, str(seed))
    s = client.state
    while not s.over:
        message = await client.receive(timeout)
        if isinstance(message, YourTurn) and s.observation is not None:
            await client.act(bot.act(s.observation, None))
        elif isinstance(message, DealOver) and not _last_deal(s):
            await client.next_deal()
    return s


def _last_deal(s: ClientState) -> bool:
    return s.totals is not None or (s.lobby is not None and len(s.rows) >= s.lobby.config.deals)
