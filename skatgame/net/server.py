"""The table server: many tables over WebSocket, authoritative, headless.

Each connection speaks :mod:`skatgame.net.protocol`: ``hello`` first (the
protocol version, a name, the server's password if it has one), then
``create`` or ``join``, then the table's messages. The server runs every
table's :class:`~skatgame.net.room.Room` (the engine checks every action) and
its computer players (in worker threads, so the tables keep answering), and
sends each connection only its seat's view. A connection that floods, keeps
sending nonsense or cannot keep up with what it is sent is closed with a
reason; its seat is kept for it. Tables are saved (``store``) when they
start, after every deal and when the server stops, and are opened again when
it starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import ssl
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from skatgame.engine.records import RecordError
from skatgame.net.protocol import (
    MAX_CLIENT_MESSAGE,
    MAX_CODE,
    MAX_PASSWORD,
    MAX_TOKEN,
    PROTOCOL_VERSION,
    Act,
    ClientMessage,
    Closed,
    Create,
    Error,
    Hello,
    Join,
    Leave,
    MoveSeat,
    NextDeal,
    ProtocolError,
    ServerMessage,
    Start,
    Welcome,
    decode_client,
    encode,
)
from skatgame.net.room import ROOM_FORMAT, ROOM_VERSION, Room, RoomError, Thinking, new_code
from skatgame.net.text import clean_name, log_text
from skatgame.table.store import Store

__all__ = ["ServerOptions", "TableServer"]

log = logging.getLogger("skatgame.net.server")

#: messages a connection may send a second on average, and at once
RATE: Final = 20.0
BURST: Final = 60.0
#: refused messages a connection may send before it is closed
MAX_BAD: Final = 20
#: messages waiting to be sent to one connection before it counts as too slow
MAX_QUEUE: Final = 2000
#: the close code for a policy violation (RFC 6455)
POLICY: Final = 1008


@dataclass
class ServerOptions:
    """How a server runs: where it listens, how many tables, its password, its store."""

    host: str = "127.0.0.1"
    port: int = 0
    tables: int = 20
    password: str = ""
    name: str = "skatgame"
    store: Store | None = None
    ssl_context: ssl.SSLContext | None = None
    #: seconds a dropped player keeps his seat before a computer plays for him
    grace: float = 30.0
    #: seconds a player may take over a decision when the list has no move timer
    idle_limit: float = 180.0
    #: seconds a new connection has for its hello
    hello_timeout: float = 10.0
    #: seconds a computer player may think about one decision
    think_seconds: float = 4.0
    #: seconds between two looks at the clock (timers, computers to move)
    tick: float = 0.05
    #: the clock of the tables' timers and of each connection's message rate
    clock: Callable[[], float] = time.monotonic


@dataclass(eq=False)
class _Conn:
    ws: ServerConnection
    address: str
    queue: asyncio.Queue[bytes | None] = field(default_factory=lambda: asyncio.Queue(MAX_QUEUE))
    name: str = ""
    room: Room | None = None
    player: int = -1
    allowance: float = BURST
    clock: Callable[[], float] = time.monotonic
    last: float = 0.0
    bad: int = 0
    closing: bool = False

    def __post_init__(self) -> None:
        self.last = self.clock()

    def refund(self) -> None:
        self.allowance = min(BURST, self.allowance + 1.0)

    def allow(self) -> bool:
        """Whether one more message fits the rate (a token bucket)."""
        now = self.clock()
        self.allowance = min(BURST, self.allowance + (now - self.last) * RATE)
        self.last = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True


class TableServer:
    """A server of tables (see the module's description)."""

    def __init__(self, options: ServerOptions | None = None) -> None:
        self.options = options or ServerOptions()
        self.rooms: dict[str, Room] = {}
        self._seated: dict[tuple[str, int], _Conn] = {}
        self._busy: set[str] = set()
        self._failures: dict[str, tuple[int, float]] = {}
        self._server: Server | None = None
        self._pump: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="skat-think")
        self._saved_rows: dict[str, int] = {}
        self.port = 0
        #: set as :meth:`stop` begins, and once it has finished
        self.stopped = asyncio.Event()
        self.done = asyncio.Event()

    # ------------------------------------------------------------ start and stop

    async def start(self) -> int:
        """Open the saved tables and listen; returns the port."""
        self._load_rooms()
        o = self.options
        self._server = await serve(
            self._handle, o.host, o.port, max_size=MAX_CLIENT_MESSAGE, max_queue=32,
            compression=None, ssl=o.ssl_context, ping_interval=20, ping_timeout=20,
            close_timeout=2, logger=logging.getLogger("skatgame.net.websockets"))
        sockets = list(self._server.sockets)
        self.port = sockets[0].getsockname()[1] if sockets else o.port
        self._pump = asyncio.create_task(self._run_tables())
        log.info("listening on %s port %d (%d tables open)", o.host, self.port, len(self.rooms))
        return self.port

    async def stop(self, reason: str = "server_stopping",
                   message: str = "The server is stopping. The list is saved and goes on "
                                  "when the server is back.") -> None:
        """Tell every table, save every list, close every connection."""
        if self.stopped.is_set():
            return
        self.stopped.set()
        if self._pump is not None:
            self._pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pump
        saved = 0
        for room in list(self.rooms.values()):
            saved += room.started and room.series is not None and not room.series.finished
            self._save(room)
            room.close(reason, message)
            self._flush(room)
        conns = list(self._seated.values())
        for conn in conns:
            with contextlib.suppress(asyncio.QueueFull):
                conn.queue.put_nowait(None)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(
                asyncio.gather(*(c.queue.join() for c in conns), return_exceptions=True), 2.0)
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._server.wait_closed(), 5.0)
        for task in list(self._tasks):
            task.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)
        log.info("stopped: %d tables saved", saved)
        self.done.set()

    # ------------------------------------------------------------ saving

    def _room_doc(self, code: str) -> str:
        return f"tables/{code}"

    def _save(self, room: Room) -> None:
        store = self.options.store
        if store is None or not room.started or room.series is None or room.series.finished:
            return  # a finished list was put with the finished ones (_finish)
        store.save(self._room_doc(room.code), ROOM_FORMAT, ROOM_VERSION, room.to_record(),
                   compact=True)
        self._saved_rows[room.code] = len(room.series.rows) if room.series else 0

    def _load_rooms(self) -> None:
        store = self.options.store
        if store is None:
            return
        for name in store.names("tables"):
            result = store.load(name, ROOM_FORMAT, ROOM_VERSION, _valid_room_record,
                                lambda: None)
            data = result.value
            if data is None:
                continue
            try:
                room = Room.from_record(data, clock=self.options.clock,
                                        grace=self.options.grace,
                                        idle_limit=self.options.idle_limit)
            except RecordError as e:
                log.warning("table %s not opened: %s", log_text(name), log_text(str(e)))
                continue
            if room.series is not None and room.series.finished:
                continue
            self.rooms[room.code] = room
            self._saved_rows[room.code] = len(room.series.rows) if room.series else 0
            log.info("table %s opened again at deal %d", room.code, room.deal_number + 1)
        for problem in store.take_problems():
            log.warning("store: %s", log_text(problem.key))

    # ------------------------------------------------------------ connections

    async def _handle(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        conn = _Conn(ws, address, clock=self.options.clock)
        sender = asyncio.create_task(self._send_loop(conn))
        try:
            if not await self._greet(conn):
                return
            async for data in ws:
                if conn.closing:
                    break
                if not conn.allow():
                    await self._close(conn, "flooding", "Too many messages: disconnected.")
                    break
                try:
                    message = decode_client(data)
                except ProtocolError as e:
                    if not await self._refused(conn, "bad_message", f"not understood: {e}"):
                        break
                    continue
                await self._dispatch(conn, message)
        except ConnectionClosed:
            pass
        finally:
            self._gone(conn)
            conn.closing = True
            with contextlib.suppress(asyncio.QueueFull):
                conn.queue.put_nowait(None)
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(sender, 2.0)
            sender.cancel()

    async def _greet(self, conn: _Conn) -> bool:
        """The first message must be a hello of this version (with the password)."""
        try:
            data = await asyncio.wait_for(conn.ws.recv(), self.options.hello_timeout)
            hello = decode_client(data)
        except TimeoutError:
            await self._close(conn, "no_hello", "No hello: disconnected.")
            return False
        except ProtocolError as e:
            await self._close(conn, "bad_message", f"Not a hello: {e}")
            return False
        if not isinstance(hello, Hello):
            await self._close(conn, "bad_message", "The first message must be a hello.")
            return False
        if hello.version != PROTOCOL_VERSION:
            await self._close(conn, "version",
                              f"This server speaks protocol {PROTOCOL_VERSION}, your game "
                              f"{hello.version}: both need the same version of skatgame.")
            return False
        password = self.options.password
        if password and not secrets.compare_digest(hello.password[:MAX_PASSWORD].encode(),
                                                   password.encode()):
            await self._slow_down(conn.address)
            await self._close(conn, "password", "Wrong password for this server.")
            return False
        conn.name = clean_name(hello.name, "")
        self._queue(conn, Welcome(PROTOCOL_VERSION, self.options.name))
        return True

    async def _slow_down(self, address: str) -> None:
        """A wrong code or password from ``address``: each one waits longer (to 4 s)."""
        now = time.monotonic()
        count, last = self._failures.get(address, (0, now))
        if now - last > 600:
            count = 0
        self._failures[address] = (count + 1, now)
        if len(self._failures) > 10_000:
            self._failures.clear()
        await asyncio.sleep(min(0.05 * 2 ** count, 4.0))

    async def _send_loop(self, conn: _Conn) -> None:
        while True:
            data = await conn.queue.get()
            try:
                if data is None:
                    return
                await conn.ws.send(data.decode())
            except ConnectionClosed:
                return
            finally:
                conn.queue.task_done()

    def _queue(self, conn: _Conn, message: ServerMessage | bytes) -> None:
        if conn.closing:
            return
        data = message if isinstance(message, bytes) else encode(message)
        try:
            conn.queue.put_nowait(data)
        except asyncio.QueueFull:
            conn.closing = True
            log.warning("%s too slow: disconnected", conn.address)
            self._spawn(conn.ws.close(POLICY, "too slow"))

    async def _close(self, conn: _Conn, reason: str, message: str) -> None:
        self._queue(conn, Closed(reason, message))
        conn.closing = True
        log.info("%s closed: %s", conn.address, reason)
        with contextlib.suppress(asyncio.QueueFull):
            conn.queue.put_nowait(None)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(conn.queue.join(), 2.0)
        await conn.ws.close(POLICY, reason)

    async def _refused(self, conn: _Conn, code: str, message: str) -> bool:
        """Refuse a message; returns whether the connection stays."""
        conn.bad += 1
        if conn.bad > MAX_BAD:
            await self._close(conn, "misbehaving", "Too many refused messages: disconnected.")
            return False
        self._queue(conn, Error(code, message[:300]))
        return True

    def _gone(self, conn: _Conn) -> None:
        room = conn.room
        if room is None:
            return
        if self._seated.get((room.code, conn.player)) is conn:
            del self._seated[(room.code, conn.player)]
            room.drop(conn.player)
            self._flush(room)
            self._after(room)  # the last one gone from a finished table: it is forgotten
            log.info("table %s: player %d gone", room.code, conn.player)
        conn.room = None

    # ------------------------------------------------------------ messages

    async def _dispatch(self, conn: _Conn, message: ClientMessage) -> None:
        if isinstance(message, Create | Join | Hello):
            if conn.room is not None or isinstance(message, Hello):
                await self._refused(conn, "seated", "you already sit at a table")
            elif isinstance(message, Create):
                await self._create(conn, message)
            else:
                await self._join(conn, message)
            return
        room = conn.room
        if room is None:
            await self._refused(conn, "not_seated", "join or create a table first")
            return
        by = conn.player
        asked = isinstance(message, Act) or (
            isinstance(message, NextDeal) and not room.chairs[by].wants_next)
        try:
            room.handle(by, message)
            if asked:
                conn.refund()  # a decision or readiness the table asked for is never flooding
            match message:
                case Start():
                    self._save(room)
                    log.info("table %s: the list starts", room.code)
                case MoveSeat(player=player, to=to):
                    self._reseat(room, player, to)
                case Leave():
                    self._seated.pop((room.code, by), None)
                    conn.room = None
        except RoomError as e:
            if e.code in ("stale", "chat_rate"):
                self._queue(conn, Error(e.code, e.message))
            else:
                await self._refused(conn, e.code, e.message)
        self._flush(room)
        self._after(room)

    async def _create(self, conn: _Conn, message: Create) -> None:
        if len(self.rooms) >= self.options.tables:
            await self._refused(conn, "no_room", "this server has no free table")
            return
        code = new_code()
        while code in self.rooms:
            code = new_code()
        try:
            room = Room(code, message.config, clock=self.options.clock,
                        grace=self.options.grace, idle_limit=self.options.idle_limit)
        except RoomError as e:
            await self._refused(conn, e.code, e.message)
            return
        self.rooms[code] = room
        player, _token = room.sit_down(conn.name)
        self._seat(conn, room, player)
        log.info("table %s opened by %s", code, log_text(room.chairs[player].name))
        self._flush(room)

    async def _join(self, conn: _Conn, message: Join) -> None:
        code = message.code.strip().upper()[:MAX_CODE]
        room = None
        for candidate in self.rooms.values():  # constant time for each code
            if secrets.compare_digest(candidate.code.encode(), code.encode()):
                room = candidate
        if room is None or room.closed:
            await self._slow_down(conn.address)
            await self._refused(conn, "no_table", "no table has that code")
            return
        if message.token:
            player = room.player_of_token(message.token[:MAX_TOKEN])
            if player is None:
                await self._slow_down(conn.address)
                await self._refused(conn, "bad_token", "that seat is not yours")
                return
            old = self._seated.pop((room.code, player), None)
            if old is not None:  # the same player from a new connection: the old one goes
                old.room = None
                await self._close(old, "replaced", "You sat down at this table again "
                                                   "from another connection.")
            self._seat(conn, room, player)
            room.come_back(player)
            log.info("table %s: player %d back", room.code, player)
        else:
            if room.started:
                await self._refused(conn, "started", "this list has started: only its "
                                                     "players can come back")
                return
            try:
                player, _token = room.sit_down(conn.name)
            except RoomError as e:
                await self._refused(conn, e.code, e.message)
                return
            self._seat(conn, room, player)
            log.info("table %s: %s joins", room.code, log_text(room.chairs[player].name))
        self._flush(room)

    def _seat(self, conn: _Conn, room: Room, player: int) -> None:
        conn.room = room
        conn.player = player
        self._seated[(room.code, player)] = conn

    def _reseat(self, room: Room, a: int, b: int) -> None:
        """Two players changed places: their connections follow them."""
        ca = self._seated.pop((room.code, a), None)
        cb = self._seated.pop((room.code, b), None)
        if ca is not None:
            self._seat(ca, room, b)
        if cb is not None:
            self._seat(cb, room, a)

    def _flush(self, room: Room) -> None:
        """Send what the table has for its players."""
        for to, message in room.take_outbox():
            data = encode(message)
            targets = room.present() if to is None else [to]
            for player in targets:
                conn = self._seated.get((room.code, player))
                if conn is not None:
                    self._queue(conn, data)

    def _after(self, room: Room) -> None:
        """Save a list after each deal; forget a finished or empty table."""
        if room.series is not None and len(room.series.rows) != self._saved_rows.get(room.code):
            if room.series.finished:
                self._finish(room)
            else:
                self._save(room)
        if not room.present() and (not room.started or room.closed):
            self.rooms.pop(room.code, None)

    def _finish(self, room: Room) -> None:
        store = self.options.store
        if store is not None and room.series is not None:
            store.save(f"finished-tables/{room.code}", ROOM_FORMAT, ROOM_VERSION,
                       room.to_record(), compact=True)
            store.remove(self._room_doc(room.code))
        self._saved_rows[room.code] = len(room.series.rows) if room.series else 0
        log.info("table %s: the list is over", room.code)

    # ------------------------------------------------------------ the computers

    async def _run_tables(self) -> None:
        """Look at every table's clock: away players, computers to move."""
        while True:
            await asyncio.sleep(self.options.tick)
            for room in list(self.rooms.values()):
                room.tick()
                self._flush(room)
                if room.code in self._busy or room.closed:
                    continue
                thought = room.thinking()
                if thought is not None:
                    self._busy.add(room.code)
                    self._spawn(self._think(room, thought))

    async def _think(self, room: Room, thought: Thinking) -> None:
        loop = asyncio.get_running_loop()
        deadline = time.monotonic() + self.options.think_seconds
        answer: object = None
        try:
            answer = await loop.run_in_executor(self._executor, thought.player.act,
                                                thought.observation, deadline)
        except Exception as e:  # a computer that fails is answered for by the driver
            log.warning("table %s: computer failed: %s", room.code, log_text(repr(e)))
        finally:
            self._busy.discard(room.code)
        if room.closed or self.rooms.get(room.code) is not room:
            return
        if room.answer(thought, answer):
            self._flush(room)
            self._after(room)
            # the next computer may move at once
            if room.code not in self._busy and (nxt := room.thinking()) is not None:
                self._busy.add(room.code)
                self._spawn(self._think(room, nxt))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def _valid_room_record(data: Any) -> tuple[Any, list[Any]]:
    if not isinstance(data, dict) or "code" not in data:
        raise ValueError("not a table")
    return data, []
