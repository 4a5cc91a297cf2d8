"""`python -m skatgame bench server`: many network tables on one table server.

The server is ``python -m skatgame serve`` in a process of its own on
127.0.0.1 (a free port, a temporary state folder), so that the clients' work
in this process does not count as the server's and its memory is its own. This
process opens ``--tables`` tables, each with ``--persons`` scripted clients
(default 1: a client that decides as a Beginner does) and Beginner computer
players on the other seats (they play on the server, as at a club's table),
and plays ``--deals`` deals at every table at once; then it stops the server
with SIGTERM. It stops early after ``--seconds`` (default 300) for the whole
run, and ``finished`` says so.

Reported:

- ``messages_per_second``: the messages all clients received, a second of play;
- ``latency_ms``: from a client's action sent to each client of that table
  having the update for it (the ``events`` message that carries the action's
  result), p50, p95, p99 and the most. Every action gives every player at the
  table exactly one ``events`` message (the deal's first one is the dealing),
  so a client that acts knowing it has had *n* of them in this deal waits for
  the (*n*+1)th at every client; the clients all run here, on one clock;
- ``server``: the server process's resident memory (RSS, from ``/proc``, Linux)
  when it listens, when every table has its first deal, and at the end, the
  memory a table costs (RSS grown from listening to every table dealt,
  divided by the tables), its peak, and the CPU time it used while the tables
  played;
- ``errors``: refusals the clients were sent, clients that failed, and the
  server's warnings; ``deals_finished`` counts the deals played to their end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skatgame.commands.args import whole_number
from skatgame.commands.bench_memory import proc_status

#: the default of ``--seconds`` for this target: the most seconds for the whole run
DEFAULT_SECONDS = 300.0
DEFAULT_TABLES = 50
#: seconds the server has to start, and to stop after SIGTERM
SERVER_LIMIT = 60.0
#: seconds a client waits for one message before it gives up
RECEIVE_LIMIT = 60.0
#: clients that open their tables at the same time
OPENING = 10
LISTENING = re.compile(r"listening on \S+ port (\d+)")
MB = 1024 * 1024


def add_arguments(parser: argparse.ArgumentParser | Any) -> None:
    """The options of ``bench server`` (a parser or an argument group). ``--deals`` is
    shared with ``bench memory`` when that target's options are there too."""
    parser.add_argument("--tables", type=whole_number(1, 1000), default=DEFAULT_TABLES,
                        help=f"tables played at once, 1 to 1000 (default {DEFAULT_TABLES}); "
                             f"each plays --deals deals")
    parser.add_argument("--persons", type=whole_number(1, 3), default=1,
                        help="scripted clients at each table, 1 to 3; Beginner computers "
                             "sit on the other seats (default 1)")
    if "--deals" not in parser._option_string_actions:
        parser.add_argument("--deals", type=whole_number(1, 360), default=3,
                            help="deals played at each table, 1 to 360 (default 3)")


# ---------------------------------------------------------------- the server process


class ServerProcess:
    """``skatgame serve`` on 127.0.0.1 in a process of its own, its log in a file."""

    def __init__(self, folder: Path, tables: int) -> None:
        from skatgame.commands.serve import STOP_FLAGS

        self.log = folder / "serve.log"
        args = [sys.executable, "-m", "skatgame", "serve", "--host", "127.0.0.1",
                "--port", "0", "--tables", str(tables), "--state", str(folder / "state")]
        with self.log.open("wb") as err:
            self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL, stderr=err,
                                         creationflags=STOP_FLAGS)
        self.port = 0

    def text(self) -> str:
        try:
            return self.log.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    async def started(self) -> int:
        end = time.monotonic() + SERVER_LIMIT
        while time.monotonic() < end and self.proc.poll() is None:
            found = LISTENING.search(self.text())
            if found:
                self.port = int(found.group(1))
                return self.port
            await asyncio.sleep(0.05)
        raise RuntimeError(f"the server did not start: {self.text()[-500:]}")

    def stop(self) -> int | None:
        from skatgame.commands.serve import STOP_SIGNAL

        if self.proc.poll() is None:
            self.proc.send_signal(STOP_SIGNAL)
            try:
                return self.proc.wait(SERVER_LIMIT)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(SERVER_LIMIT)
                return None
        return self.proc.returncode

    def status(self) -> dict[str, int]:
        """``VmRSS`` and ``VmHWM`` in bytes (Linux; empty elsewhere)."""
        return proc_status(self.proc.pid)

    def rss_mb(self) -> float | None:
        value = self.status().get("VmRSS")
        return None if value is None else round(value / MB, 1)

    def cpu_seconds(self) -> float | None:
        """User and system CPU time so far (Linux)."""
        try:
            with open(f"/proc/{self.proc.pid}/stat", encoding="ascii") as f:
                stat = f.read()
            fields = stat[stat.rindex(")") + 2:].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return None


# ---------------------------------------------------------------- the tables


@dataclass
class Totals:
    """What every client saw."""

    messages: int = 0
    latencies: list[float] = field(default_factory=list)
    refusals: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    deals_finished: int = 0


@dataclass
class Table:
    """One table: its clients and the actions whose updates are awaited."""

    number: int
    clients: list[Any] = field(default_factory=list)
    #: (deal, index of the events message in the deal) -> [time sent, clients to see it]
    pending: dict[tuple[int, int], list[float]] = field(default_factory=dict)


async def open_table(port: int, number: int, persons: int, deals: int) -> Table:
    """Connect the table's clients, seat Beginner computers on the other places and
    wait until the lobby is ready (the list is started later)."""
    from skatgame.net.client import TableClient
    from skatgame.net.protocol import Ready, SetSeat, TableConfig

    table = Table(number)
    url = f"ws://127.0.0.1:{port}"
    host = await TableClient.connect(url, f"Bench {number}")
    table.clients.append(host)
    joined = await host.create(TableConfig(size=3, deals=3 * math.ceil(deals / 3)))
    for i in range(1, persons):
        client = await TableClient.connect(url, f"Bench {number}.{i}")
        table.clients.append(client)
        await client.join(joined.code)
        await client.send(Ready(True))
    for place in range(persons, 3):
        await host.send(SetSeat(place, "beginner"))
    for _ in range(100):
        lobby = host.state.lobby
        if lobby is not None and all(p.kind != "open" and (p.ready or p.kind == "computer"
                                                           or i == lobby.host)
                                     for i, p in enumerate(lobby.places)):
            return table
        await host.receive(RECEIVE_LIMIT)
    raise RuntimeError("the lobby never got ready")


async def play_client(table: Table, index: int, deals: int, totals: Totals,
                      dealt: asyncio.Event, first_deals: list[int]) -> None:
    """One scripted client: decide as a Beginner, note when each update arrives."""
    from skatgame.ai.player import create_player
    from skatgame.net.protocol import DealOver, DealStart, Error, Events, YourTurn

    client = table.clients[index]
    bot = create_player("beginner", f"bench:{table.number}:{index}")
    s = client.state
    seen = 0  # events messages of this deal so far
    while True:
        message = await client.receive(RECEIVE_LIMIT)
        now = time.perf_counter()
        totals.messages += 1
        if isinstance(message, DealStart):
            seen = 0
            if message.deal == 0 and index == 0:
                first_deals.append(table.number)
                dealt.set()
        elif isinstance(message, Events):
            waiting = table.pending.get((message.deal, seen))
            if waiting is not None:
                totals.latencies.append(now - waiting[0])
                waiting[1] -= 1
                if waiting[1] <= 0:
                    del table.pending[(message.deal, seen)]
            seen += 1
        elif isinstance(message, YourTurn) and s.observation is not None:
            action = bot.act(s.observation, None)
            table.pending[(s.deal, seen)] = [time.perf_counter(), len(table.clients)]
            await client.act(action)
        elif isinstance(message, Error):
            totals.refusals[message.code] += 1
        elif isinstance(message, DealOver):
            if index == 0:
                totals.deals_finished += 1
            if len(s.rows) >= deals:
                return
            await client.next_deal()
        if s.over:
            return


def percentile(values: list[float], q: float) -> float | None:
    """The nearest-rank ``q`` quantile of ``values`` (sorted), in ms."""
    if not values:
        return None
    return round(values[min(len(values) - 1, max(0, math.ceil(q * len(values)) - 1))]
                 * 1000.0, 2)


async def bench(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    from skatgame.net.client import ClientError
    from skatgame.net.protocol import Start

    tables_n, persons, deals = args.tables, args.persons, args.deals
    deadline = time.monotonic() + float(args.seconds)

    def left() -> float:
        return max(0.1, deadline - time.monotonic())

    totals = Totals()
    server = ServerProcess(folder, tables_n)
    tables: list[Table] = []
    tasks: list[asyncio.Future[Any]] = []
    rss_start = rss_tables = None
    cpu_before = cpu_after = None
    elapsed = started = 0.0
    finished = False
    status: dict[str, int] = {}
    rss_end = None
    try:
        port = await server.started()
        await asyncio.sleep(0.2)
        rss_start = server.rss_mb()
        gate = asyncio.Semaphore(OPENING)

        async def opened(number: int) -> None:
            async with gate:
                tables.append(await open_table(port, number, persons, deals))

        tasks = [asyncio.ensure_future(opened(n)) for n in range(tables_n)]
        outcomes = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True),
                                          left())
        _failed(outcomes, totals)
        dealt = asyncio.Event()
        first_deals: list[int] = []
        cpu_before = server.cpu_seconds()
        started = time.perf_counter()
        tasks = [asyncio.ensure_future(play_client(t, i, deals, totals, dealt, first_deals))
                 for t in tables for i in range(len(t.clients))]
        for t in tables:
            await t.clients[0].send(Start())
        for _ in range(10_000):
            if len(first_deals) >= len(tables) or time.monotonic() >= deadline:
                break
            dealt.clear()
            try:
                await asyncio.wait_for(dealt.wait(), left())
            except TimeoutError:
                break
        rss_tables = server.rss_mb()
        outcomes = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True),
                                          left())
        _failed(outcomes, totals)
        finished = True
    except TimeoutError:
        totals.failures.append(f"stopped after --seconds {args.seconds:g}")
    except RuntimeError as e:  # the server did not start
        totals.failures.append(str(e)[:300])
    finally:
        if cpu_before is not None:
            elapsed = time.perf_counter() - started
            cpu_after = server.cpu_seconds()
        status = server.status()
        rss_end = server.rss_mb()
        for task in tasks:
            task.cancel()
        for t in tables:
            for client in t.clients:
                with contextlib.suppress(TimeoutError, OSError, ClientError):
                    await asyncio.wait_for(client.close(), 5.0)
        code = server.stop()
    latencies = sorted(totals.latencies)
    per_table = None
    if rss_start is not None and rss_tables is not None and tables:
        per_table = round((rss_tables - rss_start) * 1024 / len(tables), 1)
    warnings = [line for line in server.text().splitlines()
                if " WARNING " in line or " ERROR " in line or "Traceback" in line]
    return {
        "target": "server",
        "server_process": "separate: python -m skatgame serve on 127.0.0.1",
        "tables": len(tables),
        "persons_per_table": persons,
        "computers_per_table": 3 - persons,
        "deals": deals,
        "deals_finished": totals.deals_finished,
        "finished": finished and totals.deals_finished == deals * tables_n,
        "seconds": round(elapsed, 2),
        "messages": totals.messages,
        "messages_per_second": round(totals.messages / elapsed, 1) if elapsed else None,
        "actions_measured": len(latencies),
        "latency_ms": {
            "p50": percentile(latencies, 0.50),
            "p95": percentile(latencies, 0.95),
            "p99": percentile(latencies, 0.99),
            "max": percentile(latencies, 1.0),
        },
        "server": {
            "rss_listening_mb": rss_start,
            "rss_tables_dealt_mb": rss_tables,
            "rss_end_mb": rss_end,
            "peak_rss_mb": round(status["VmHWM"] / MB, 1) if "VmHWM" in status else None,
            "memory_per_table_kb": per_table,
            "cpu_seconds": (round(cpu_after - cpu_before, 2)
                            if cpu_after is not None and cpu_before is not None else None),
            "exit_status": code,
        },
        "errors": (sum(totals.refusals.values()) + len(totals.failures) + len(warnings)
                   + (0 if code == 0 else 1)),
        "refusals": dict(totals.refusals),
        "client_failures": totals.failures[:10],
        "server_warnings": warnings[:10],
    }


def _failed(outcomes: list[Any], totals: Totals) -> None:
    """Note the clients that failed (a bug in this bench is raised)."""
    from skatgame.net.client import ClientError

    for outcome in outcomes:
        if isinstance(outcome, ClientError | OSError | RuntimeError | TimeoutError):
            totals.failures.append(f"{type(outcome).__name__}: {str(outcome)[:200]}")
        elif isinstance(outcome, BaseException):
            raise outcome


def measure(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="skatgame-bench-server-") as tmp:
        return asyncio.run(bench(args, Path(tmp)))
