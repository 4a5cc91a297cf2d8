"""Tables on the local network, by DNS-SD over multicast DNS (the ``zeroconf`` library).

A hosting game announces its server as a ``_skatgame._tcp`` service: the host's
name (``host``; a guest words the table's label in its own language; older hosts sent
only a label in theirs, ``name``), the port, the protocol version and how many places
are open. The table's
code is never announced: a friend still types it (the invitation says it), so a
table found on the network is not a table anyone can sit at. The tests bind to
the loopback interface only (``interfaces=["127.0.0.1"]``).
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from skatgame.net.protocol import PROTOCOL_VERSION
from skatgame.net.text import clean_name

__all__ = ["SERVICE", "Announcement", "FoundTable", "find_tables"]

SERVICE: Final = "_skatgame._tcp.local."


@dataclass(frozen=True)
class FoundTable:
    """A table server found on the local network."""

    name: str
    address: str
    port: int
    version: int
    open_places: int
    #: the host's name ("": an older host, whose ``name`` is a label in its language)
    host: str = ""

    @property
    def url(self) -> str:
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"ws://{host}:{self.port}"


def _interfaces(interfaces: Sequence[str] | None) -> list[str] | None:
    return None if interfaces is None else list(interfaces)


class Announcement:
    """A server announced on the local network until :meth:`close`: ``name`` is the
    host's name (sent as ``host``, and as ``name`` for older guests)."""

    def __init__(self, name: str, port: int, address: str, open_places: int = 0, *,
                 interfaces: Sequence[str] | None = None) -> None:
        self.name = clean_name(name, "Skat")
        self._zc = Zeroconf(interfaces=_interfaces(interfaces) or ["0.0.0.0"],
                            ip_version=IPVersion.V4Only)
        self._port, self._address = port, address
        self.info = self._info(open_places)
        self._zc.register_service(self.info, allow_name_change=True)

    def _info(self, open_places: int) -> ServiceInfo:
        label = f"{self.name} {self._port}".replace(".", " ")
        return ServiceInfo(
            SERVICE, f"{label}.{SERVICE}", addresses=[socket.inet_aton(self._address)],
            port=self._port, properties={"name": self.name, "host": self.name,
                                         "version": str(PROTOCOL_VERSION),
                                         "open": str(open_places)},
            server=f"skatgame-{self._port}.local.")

    def update(self, open_places: int) -> None:
        """Say how many places are open now."""
        info = self._info(open_places)
        info.name = self.info.name  # the name it was registered under (maybe changed)
        self.info = info
        self._zc.update_service(info)

    def close(self) -> None:
        try:
            self._zc.unregister_service(self.info)
        finally:
            self._zc.close()


def _text(props: dict[bytes, bytes | None], key: bytes) -> str:
    value = props.get(key)
    return value.decode("utf-8", "replace") if value else ""


def find_tables(seconds: float = 1.5, *, interfaces: Sequence[str] | None = None,
                only: str | None = None) -> list[FoundTable]:
    """The table servers that answer within ``seconds`` (bounded: it stops by itself);
    with ``only``, just their addresses equal to it (the others are not listed)."""
    zc = Zeroconf(interfaces=_interfaces(interfaces) or ["0.0.0.0"],
                  ip_version=IPVersion.V4Only)
    names: set[str] = set()
    lock = threading.Lock()

    def changed(zeroconf: Zeroconf, service_type: str, name: str,
                state_change: ServiceStateChange) -> None:
        if state_change in (ServiceStateChange.Added, ServiceStateChange.Updated):
            with lock:
                names.add(name)

    found: dict[tuple[str, int], FoundTable] = {}
    try:
        browser = ServiceBrowser(zc, SERVICE, handlers=[changed])
        end = time.monotonic() + max(0.1, min(seconds, 10.0))
        while time.monotonic() < end:
            time.sleep(0.05)
        with lock:
            pending = sorted(names)[:64]
        for name in pending:
            info = zc.get_service_info(SERVICE, name, timeout=500)
            if info is None or not info.port:
                continue
            props = info.properties or {}
            try:
                version = int(_text(props, b"version") or 0)
                open_places = int(_text(props, b"open") or 0)
            except ValueError:
                continue
            host = _text(props, b"host")
            for address in info.parsed_addresses():
                if only is not None and address != only:
                    continue
                table = FoundTable(clean_name(_text(props, b"name"), "Skat"),
                                   address, info.port, version, max(0, min(open_places, 4)),
                                   clean_name(host, "Skat") if host else "")
                found[(address, info.port)] = table
        browser.cancel()
    finally:
        zc.close()
    return sorted(found.values(), key=lambda t: (t.name, t.address, t.port))
