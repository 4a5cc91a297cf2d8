"""A server on the loopback interface and headless clients for the network tests.

Everything here sends only to 127.0.0.1, and every wait has a time limit.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from skatgame.engine.options import ISKO, RuleOptions
from skatgame.net.client import TableClient
from skatgame.net.protocol import Ready, SetSeat, Start, TableConfig
from skatgame.net.server import ServerOptions, TableServer

T = TypeVar("T")
HOST = "127.0.0.1"


def run(coro: Awaitable[T], limit: float = 120.0) -> T:
    """Run a test's coroutine with a time limit."""
    async def bounded() -> T:
        return await asyncio.wait_for(coro, limit)
    return asyncio.run(bounded())


def options(**kw: Any) -> ServerOptions:
    kw.setdefault("tick", 0.01)
    return ServerOptions(host=HOST, port=0, **kw)


async def connect(port: int, name: str, cls: type[TableClient] = TableClient,
                  **kw: Any) -> TableClient:
    return await cls.connect(f"ws://{HOST}:{port}", name, **kw)


async def seat_table(port: int, persons: list[str], computers: dict[int, str] | None = None,
                     *, size: int = 3, deals: int = 3, rules: RuleOptions = ISKO,
                     cls: type[TableClient] = TableClient, move_timer: int = 0
                     ) -> list[TableClient]:
    """A table with ``persons`` (the first one hosts) and computers at the given places,
    started; returns the persons' clients in the order of ``persons``."""
    config = TableConfig(size=size, deals=deals, options=rules, move_timer=move_timer)
    host = await connect(port, persons[0], cls)
    joined = await host.create(config)
    clients = [host]
    for name in persons[1:]:
        c = await connect(port, name, cls)
        await c.join(joined.code)
        await c.send(Ready(True))
        clients.append(c)
    for place, level in (computers or {}).items():
        await host.send(SetSeat(place, level))
    await settle_lobby(host, lambda lobby: all(p.kind != "open" and (p.ready or p.kind ==
                       "computer" or i == lobby.host) for i, p in enumerate(lobby.places)))
    await host.send(Start())
    return clients


async def settle_lobby(client: TableClient, ready: Callable[[Any], bool]) -> None:
    """Receive until the lobby the client sees satisfies ``ready``."""
    for _ in range(200):
        lobby = client.state.lobby
        if lobby is not None and ready(lobby):
            return
        await client.receive(10)
    raise AssertionError("the lobby never got ready")


async def start_server(**kw: Any) -> TableServer:
    server = TableServer(options(**kw))
    await server.start()
    return server
