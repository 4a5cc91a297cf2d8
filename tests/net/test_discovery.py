"""Tables on the local network: announced and found by DNS-SD, on the loopback
interface only; the code is never announced."""

from __future__ import annotations

from typing import Any

from skatgame.net.discovery import Announcement, find_tables

LOOPBACK = ["127.0.0.1"]


def _found(port: int, open_places: int) -> list[Any]:
    """The tables found on ``port`` once one says ``open_places`` (an update travels as a
    new announcement: under load one browse of 1.5 s could miss it), browsing at most
    four times."""
    tables: list[Any] = []
    for _ in range(4):
        tables = [t for t in find_tables(1.5, interfaces=LOOPBACK) if t.port == port]
        if any(t.open_places == open_places for t in tables):
            break
    return tables


def test_a_table_announced_is_found_with_its_open_places_and_gone_when_closed() -> None:
    announced = Announcement("Anna\x1b[2J's table", 47655, "127.0.0.1", 2,
                             interfaces=LOOPBACK)
    try:
        [found] = _found(47655, 2)
        assert found.name == "Anna[2J's table"  # cleaned of control characters
        assert found.url == "ws://127.0.0.1:47655"
        assert found.version == 1 and found.open_places == 2
        announced.update(1)
        [found] = _found(47655, 1)
        assert found.open_places == 1
        # what is announced: the host's name (as a name for older guests too), a version,
        # the open places; never a table's code
        assert set(announced.info.properties) == {b"name", b"host", b"version", b"open"}
    finally:
        announced.close()
    assert not [t for t in find_tables(1.0, interfaces=LOOPBACK) if t.port == 47655]


def test_a_hosted_table_announces_how_many_places_are_open() -> None:
    import asyncio
    import time

    from skatgame.net.client import TableClient
    from skatgame.net.hosting import HostedServer
    from skatgame.net.protocol import TableConfig
    from skatgame.net.server import ServerOptions

    hosted = HostedServer(ServerOptions(host="127.0.0.1", port=0), announce_as="Anna",
                          interfaces=LOOPBACK)
    port = hosted.start()

    async def sit_down() -> TableClient:
        client = await TableClient.connect(f"ws://127.0.0.1:{port}", "Anna")
        await client.create(TableConfig(size=4, deals=4))
        return client

    loop = asyncio.new_event_loop()
    try:
        client = loop.run_until_complete(sit_down())
        open_places = -1
        end = time.monotonic() + 15
        while time.monotonic() < end and open_places != 3:
            found = [t for t in find_tables(1.0, interfaces=LOOPBACK) if t.port == port]
            open_places = found[0].open_places if found else -1
        assert open_places == 3  # four places, the host in one
        loop.run_until_complete(client.close())
    finally:
        hosted.stop()
        loop.close()


def test_a_table_is_found_with_its_hosts_name_and_only_at_an_allowed_address() -> None:
    """The host's name travels, not a sentence in the host's language (the guest words
    the label); with an address every table is kept to (``SKATGAME_NET_ONLY``), a table
    announced at another address is not listed."""
    announced = Announcement("Hanna", 47656, "127.0.0.1", 3, interfaces=LOOPBACK)
    try:
        [found] = [t for t in find_tables(1.5, interfaces=LOOPBACK, only="127.0.0.1")
                   if t.port == 47656]
        assert found.host == "Hanna" and found.address == "127.0.0.1"
        assert not [t for t in find_tables(1.5, interfaces=LOOPBACK, only="127.0.0.2")
                    if t.port == 47656]
    finally:
        announced.close()
