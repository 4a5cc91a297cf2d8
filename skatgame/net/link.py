"""A table client in a thread of its own, for a window: the frame loop never waits on
the network.

:class:`NetLink` connects, says hello, creates or joins a table and then
receives in its thread; the window takes what arrived with :meth:`NetLink.take`
once a frame and sends with :meth:`NetLink.send` (neither blocks). A dropped
connection is taken up again with the seat's token, a few times with growing
pauses, before the link gives up; a table closed by its server is not.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import deque
from collections.abc import Sequence
from typing import Final, Literal

from websockets.exceptions import ConnectionClosed

from skatgame.net.client import ClientError, TableClient
from skatgame.net.protocol import (
    ClientMessage,
    Closed,
    Create,
    Join,
    Joined,
    ProtocolError,
    ServerMessage,
    decode_server,
)

__all__ = ["FINAL", "LinkStatus", "NetLink"]

LinkStatus = Literal["connecting", "connected", "reconnecting", "failed", "closed"]

#: why a server closes a connection for good (others: the link takes the seat back)
FINAL: Final = frozenset({"version", "password", "replaced", "server_stopping", "host_left",
                          "table_closed", "list_over"})

#: pauses between attempts to take a dropped seat back (seconds): about a minute in all
RETRIES: Final = (0.5, 1.0, 2.0, 3.0, 5.0, 8.0, 10.0, 10.0, 10.0, 10.0)


class NetLink:
    """The connection of one window to one table (see the module's description)."""

    def __init__(self, url: str, name: str, first: Create | Join, password: str = "", *,
                 retries: Sequence[float] = RETRIES) -> None:
        self.url = url
        self.name = name
        self.password = password
        self._first: Create | Join = first
        self._retries = tuple(retries)
        self._inbox: deque[ServerMessage] = deque()
        self._lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._outbox: asyncio.Queue[ClientMessage | None] | None = None
        self._client: TableClient | None = None
        self._stop = False
        #: how the link stands, and why it failed (a text to show)
        self.status: LinkStatus = "connecting"
        self.error = ""
        self.code = ""
        self.token = ""
        self._thread = threading.Thread(target=self._main, name="skat-link", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------ the window's side

    def take(self) -> list[ServerMessage]:
        """Every message that arrived since the last call, in order."""
        with self._lock:
            out = list(self._inbox)
            self._inbox.clear()
        return out

    def send(self, message: ClientMessage) -> None:
        """Send ``message`` (dropped when the link is not connected)."""
        if self._outbox is not None and not self._stop:
            self._post(message)

    def close(self, wait: float = 2.0) -> None:
        """Leave the connection (the seat is kept by the server as for a dropped one)."""
        self._stop = True
        if self._outbox is not None:
            self._post(None)
        self._thread.join(wait)

    def _post(self, message: ClientMessage | None) -> None:
        outbox = self._outbox
        assert outbox is not None
        with contextlib.suppress(RuntimeError):  # the link's loop has ended: nothing to send
            self._loop.call_soon_threadsafe(outbox.put_nowait, message)

    @property
    def alive(self) -> bool:
        return self.status in ("connecting", "connected", "reconnecting")

    # ------------------------------------------------------------ the thread

    def _main(self) -> None:
        try:
            self._loop.run_until_complete(self._run())
        finally:
            self._loop.close()

    async def _run(self) -> None:
        self._outbox = asyncio.Queue()
        attempt = 0
        while not self._stop:
            try:
                await self._session()
                return  # closed by the window or by the server
            except ClientError as e:
                if e.refusal is not None:  # the server's words, for the window to show
                    with self._lock:
                        self._inbox.append(e.refusal)
                if not self.token or attempt >= len(self._retries) or self._stop:
                    self.error = str(e)
                    self.status = "failed"
                    return
                self.status = "reconnecting"
                self.error = str(e)
                await asyncio.sleep(self._retries[attempt])
                attempt += 1
                self._first = Join(self.code, self.token)

    async def _session(self) -> None:
        client = await TableClient.connect(self.url, self.name, self.password)
        self._client = client
        try:
            await client.send(self._first)
            sender = asyncio.ensure_future(self._send_loop(client))
            try:
                await self._receive_loop(client)
            finally:
                sender.cancel()
        finally:
            await client.close()

    async def _send_loop(self, client: TableClient) -> None:
        assert self._outbox is not None
        while True:
            message = await self._outbox.get()
            if message is None:
                await client.close()
                return
            try:
                await client.send(message)
            except ClientError:
                return

    async def _receive_loop(self, client: TableClient) -> None:
        while not self._stop:
            try:
                data = await client.ws.recv()
            except ConnectionClosed as e:
                if self._stop:
                    self.status = "closed"
                    return
                raise ClientError(f"connection lost: {e}") from None
            try:
                message = decode_server(data)
            except ProtocolError as e:
                raise ClientError(f"the server sent something that makes no sense: {e}") \
                    from None
            if isinstance(message, Joined):
                self.code, self.token = message.code, message.token
                self.status = "connected"
            with self._lock:
                self._inbox.append(message)
            if isinstance(message, Closed) and (message.reason in FINAL or not self.token):
                self.status = "closed"
                self._stop = True
                return
        self.status = "closed"
