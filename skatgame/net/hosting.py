"""A table server in a thread of the game: what *Host a table* runs.

The same :class:`~skatgame.net.server.TableServer` as ``python -m skatgame
serve``, on its own event loop in a daemon thread, announced on the local
network while it runs. :meth:`HostedServer.stop` ends every table with a
message to its players (the host's game is closing) and saves the lists.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import Sequence
from concurrent.futures import Future

import ifaddr

from skatgame.net.discovery import Announcement
from skatgame.net.saving import WriteBehindStore
from skatgame.net.server import ServerOptions, TableServer

__all__ = ["HostedServer", "interfaces", "lan_address", "net_only"]


def net_only() -> str | None:
    """An address every table, announcement and search for tables is kept to
    (``SKATGAME_NET_ONLY``; the tests set it to the loopback address: nothing then
    leaves this computer)."""
    return os.environ.get("SKATGAME_NET_ONLY") or None


def interfaces() -> list[str] | None:
    """The interfaces announcements and searches use (``None``: all)."""
    only = net_only()
    return None if only is None else [only]


def lan_address() -> str:
    """This computer's address on the local network as friends would type it: the first
    IPv4 address of a network interface that is not the loopback (read from the
    interfaces, nothing is sent); 127.0.0.1 without a network."""
    try:
        adapters = ifaddr.get_adapters()
    except OSError:
        return "127.0.0.1"
    for adapter in adapters:
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith(("127.", "169.254.")):
                return ip.ip
    return "127.0.0.1"


class HostedServer:
    """A server in a thread (see the module's description)."""

    def __init__(self, options: ServerOptions, *, announce_as: str = "",
                 interfaces: Sequence[str] | None = None) -> None:
        self.options = options
        self.server = TableServer(options)
        self._loop = asyncio.new_event_loop()
        self._ready: Future[int] = Future()
        self._thread = threading.Thread(target=self._main, name="skat-host", daemon=True)
        self._announce_as = announce_as
        self._interfaces = interfaces
        self.announcement: Announcement | None = None
        self.port = 0
        self.address = "127.0.0.1"

    def start(self, timeout: float = 10.0) -> int:
        """Start listening; returns the port; raises ``OSError`` when it cannot (the port
        is taken, no permission)."""
        self._thread.start()
        self.port = self._ready.result(timeout)
        #: what friends type to reach it (worked out once: the window shows it every frame)
        self.address = net_only() or lan_address()
        if self._announce_as:
            # announcing takes a moment (multicast): not while the window waits
            threading.Thread(target=self._announce, name="skat-announce", daemon=True).start()
        return self.port

    def _announce(self) -> None:
        only = self._interfaces
        address = only[0] if only else self.address
        try:
            announcement = Announcement(self._announce_as, self.port, address,
                                        interfaces=only)
        except Exception:  # no multicast here: friends type the address
            return
        if self.server.stopped.is_set():
            with contextlib.suppress(Exception):
                announcement.close()
            return
        self.announcement = announcement

    def _main(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._serve())
        finally:
            # what was handed to the loop meanwhile (a stop from the window) runs to its
            # end before the loop closes: nothing is dropped half-way or never started
            with contextlib.suppress(Exception):
                self._loop.run_until_complete(self._finish_pending())
            self._loop.close()

    async def _finish_pending(self) -> None:
        await asyncio.sleep(0)  # callbacks handed over from other threads become tasks
        pending = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        if pending:
            await asyncio.wait(pending, timeout=5.0)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)

    async def _serve(self) -> None:
        try:
            port = await self.server.start()
        except OSError as e:
            self._ready.set_exception(e)
            return
        self._ready.set_result(port)
        announced = -1
        while not self.server.done.is_set():
            # the announcement says how many places are open (friends see it in their list)
            now = self.open_places()
            if now != announced and self.announcement is not None:
                with contextlib.suppress(Exception):  # a network that went away
                    await asyncio.to_thread(self.announcement.update, now)
                announced = now
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.server.done.wait(), 1.0)

    def _never_listened(self) -> bool:
        """The start failed (the port was taken): there is no server to stop."""
        return self._ready.done() and self._ready.exception() is not None

    def open_places(self) -> int:
        """Places open for a friend at the tables that have not started."""
        return sum(1 for room in list(self.server.rooms.values()) if not room.started
                   for chair in room.chairs if chair.kind == "open")

    def stop(self, reason: str = "host_left",
             message: str = "The host closed the table. The list is saved on the host's "
                            "computer and can be continued later.", wait: float = 10.0
             ) -> None:
        """End every table with ``message`` and stop."""
        if self.announcement is not None:
            with contextlib.suppress(OSError):
                self.announcement.close()
            self.announcement = None
        if self._never_listened():  # no server to stop: its thread ends by itself
            self._thread.join(wait)
            self._close_store(wait)
            return
        if not self._thread.is_alive() or self._loop.is_closed():
            return
        stop = self.server.stop(reason, message)
        try:
            future = asyncio.run_coroutine_threadsafe(stop, self._loop)
        except RuntimeError:  # the loop ended meanwhile
            stop.close()
            return
        # a stop that fails or takes too long still ends the thread below
        with contextlib.suppress(Exception):
            future.result(wait)
        self._thread.join(wait)
        self._close_store(wait)

    def _close_store(self, wait: float) -> None:
        store = self.options.store
        if isinstance(store, WriteBehindStore):
            store.close(wait)  # every list saved is on the disk
