"""`python -m skatgame serve` as a club runs it: a process of its own on the loopback
interface, stopped by SIGTERM (every list saved, every client told) or killed by
SIGKILL, started again on the same state folder, where the lists go on; it never
imports pygame, and a bad option is one line and exit status 2.

The server's port (it listens on port 0) is read from its log on standard error,
which goes to a file (a pipe could fill up). Every wait has a time limit, and every
process started here is killed in a ``finally``.
"""

from __future__ import annotations

import json
import os
import re
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

import pytest

import skatgame
from skatgame.ai.player import create_player
from skatgame.commands.serve import STOP_FLAGS, STOP_SIGNAL
from skatgame.engine.series import SheetRow
from skatgame.net.client import ClientState, TableClient, play_bot
from skatgame.net.protocol import DealOver, DealStart, TableConfig, YourTurn
from tests.net.helpers import HOST, connect, run, seat_table

ROOT = Path(skatgame.__file__).resolve().parents[1]
LISTENING = re.compile(r"listening on \S+ port (\d+)")
#: seconds for a server process to start, and to stop after a signal
START_LIMIT = 60.0
STOP_LIMIT = 30.0
#: seconds a client waits for one message
RECEIVE = 30.0

#: runs `skatgame serve` as `python -m skatgame` does, and says at exit which imports of
#: pygame were tried (also ones that would have failed quietly)
WATCHED = """\
import atexit, sys
tried = []
class Watch:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] == 'pygame':
            tried.append(name)
        return None
sys.meta_path.insert(0, Watch())
atexit.register(lambda: print('PYGAME tried=%r loaded=%r' % (
    tried, sorted(m for m in sys.modules if m.split('.')[0] == 'pygame')), file=sys.stderr))
from skatgame.cli import main
sys.exit(main(sys.argv[1:]))
"""


class Serve:
    """One `skatgame serve` process on 127.0.0.1, its log in a file."""

    def __init__(self, tmp: Path, state: Path, *extra: str, watched: bool = False) -> None:
        n = len(list(tmp.glob("serve-*.log")))
        self.log = tmp / f"serve-{n}.log"
        start = [sys.executable, "-c", WATCHED] if watched else [sys.executable, "-m",
                                                                  "skatgame"]
        args = [*start, "serve", "--host", HOST, "--port", "0", "--state", str(state),
                "--grace", "1", *extra]
        env = dict(os.environ, SKATGAME_HOME=str(tmp / "home"))
        with self.log.open("wb") as err:
            self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL, stderr=err, cwd=ROOT,
                                         env=env, creationflags=STOP_FLAGS)
        self.port = self._port()

    def text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def _port(self) -> int:
        end = time.monotonic() + START_LIMIT
        while time.monotonic() < end:
            found = LISTENING.search(self.text())
            if found:
                return int(found.group(1))
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        self.kill()
        raise AssertionError(f"the server did not start:\n{self.text()}")

    def stop(self) -> int:
        """Stop the server as a club's system does (SIGTERM; Ctrl+Break on Windows);
        returns the exit status."""
        self.proc.send_signal(STOP_SIGNAL)
        return self.proc.wait(STOP_LIMIT)

    def crash(self) -> int:
        """Kill the server (SIGKILL; on Windows TerminateProcess): nothing of it runs."""
        self.proc.kill()
        return self.proc.wait(STOP_LIMIT)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(STOP_LIMIT)


async def play_deals(client: TableClient, deals: int, moves: int) -> None:
    """Play ``deals`` whole deals, go on to the next and make ``moves`` decisions in it."""
    bot = create_player("beginner", "serve-test")
    s = client.state
    made = 0
    for _ in range(20_000):
        assert not s.over, "the list ended first"
        message = await client.receive(RECEIVE)
        if isinstance(message, YourTurn) and s.observation is not None:
            if len(s.rows) >= deals and made >= moves:
                return
            await client.act(bot.act(s.observation, None))
            if len(s.rows) >= deals:
                made += 1
        elif isinstance(message, DealOver):
            await client.next_deal()
    raise AssertionError("the deals never ended")


async def until_closed(client: TableClient) -> ClientState:
    for _ in range(5_000):
        if client.state.closed is not None:
            return client.state
        await client.receive(RECEIVE)
    raise AssertionError("no closed message")


async def come_back(port: int, code: str, token: str) -> tuple[int, list[SheetRow],
                                                                ClientState]:
    """Take the seat back with the token; returns the player, the sheet as it was when
    he sat down again, and the state at the list's end."""
    client = await connect(port, "Anna")
    try:
        joined = await client.join(code, token)
        for _ in range(100):  # the table as it is now: the sheet, then the deal
            message = await client.receive(RECEIVE)
            if isinstance(message, DealStart):
                break
        rows = list(client.state.rows)
        state = await play_bot(client, level="beginner", seed="back", timeout=RECEIVE)
    finally:
        await client.close()
    return joined.player, rows, state


def saved_deals(path: Path) -> int:
    """The finished deals in a table's saved list (-1: not there or not readable yet)."""
    try:
        return len(json.loads(path.read_text(encoding="utf-8"))["data"]["series"]["deals"])
    except (OSError, ValueError, KeyError, TypeError):
        return -1


def wait_saved(path: Path, deals: int) -> None:
    """Wait until the server has written the list with ``deals`` finished deals (it
    saves after each deal, its disk writes in a thread of their own)."""
    end = time.monotonic() + STOP_LIMIT
    while time.monotonic() < end:
        if saved_deals(path) == deals:
            return
        time.sleep(0.02)
    raise AssertionError(f"{path.name} never held {deals} deals")


def check_sheet(state: ClientState, deals: int) -> None:
    """A whole list: every deal on the sheet once, and the totals its sum."""
    assert state.totals is not None
    assert [r.number for r in state.rows] == list(range(1, deals + 1))
    sums = tuple(sum(r.seeger_fabian[i] for r in state.rows) for i in range(3))
    assert state.totals == sums == state.rows[-1].totals


# ---------------------------------------------------------------- SIGTERM


def test_sigterm_saves_every_list_and_it_goes_on_after_a_restart(tmp_path: Path) -> None:
    state_dir = tmp_path / "state"

    async def first(port: int, server: Serve) -> tuple[str, str, list[SheetRow], ClientState]:
        (client,) = await seat_table(port, ["Anna"], {1: "beginner", 2: "beginner"},
                                     deals=6)
        try:
            await play_deals(client, deals=2, moves=2)
            rows = list(client.state.rows)
            server.proc.send_signal(STOP_SIGNAL)
            state = await until_closed(client)
        finally:
            await client.close()
        return state.code, state.token, rows, state

    server = Serve(tmp_path, state_dir)
    try:
        code, token, rows, state = run(first(server.port, server))
        assert server.proc.wait(STOP_LIMIT) == 0
    finally:
        server.kill()
    assert state.closed is not None and state.closed.reason == "server_stopping"
    played = len(rows)  # 2, or more when a deal was passed in before two decisions
    assert 2 <= played < 6
    assert saved_deals(state_dir / "tables" / f"{code}.json") == played
    log = server.text()
    assert re.search(r"INFO skatgame\.serve SIG(TERM|BREAK): stopping", log)
    assert "stopped: 1 tables saved" in log
    assert "Traceback" not in log
    # one line per event: time, level, logger, message
    for line in log.splitlines():
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z [A-Z]+ [\w.]+ .+", line), line

    again = Serve(tmp_path, state_dir)
    try:
        assert f"table {code} opened again at deal {played + 1}" in again.text()
        player, back_rows, end = run(come_back(again.port, code, token))
        assert again.stop() == 0
    finally:
        again.kill()
    assert player == 0
    assert back_rows == rows  # the sheet as it was saved
    check_sheet(end, 6)
    assert end.rows[:played] == rows
    # nothing refused (a computer may answer for him at once as he sits down again:
    # "timed_out", and his answer then comes too late: "stale")
    assert {e.code for e in end.errors} <= {"timed_out", "stale"}
    assert (state_dir / "finished-tables" / f"{code}.json").is_file()


# ---------------------------------------------------------------- SIGKILL


def test_after_sigkill_the_list_goes_on_from_the_last_deal_saved(tmp_path: Path) -> None:
    state_dir = tmp_path / "state"

    async def first(port: int) -> tuple[str, str, list[SheetRow]]:
        (client,) = await seat_table(port, ["Anna"], {1: "beginner", 2: "beginner"},
                                     deals=6)
        try:
            await play_deals(client, deals=1, moves=2)  # in the middle of the second deal
            return client.state.code, client.state.token, list(client.state.rows)
        finally:
            await client.close()

    server = Serve(tmp_path, state_dir)
    try:
        code, token, rows = run(first(server.port))
        wait_saved(state_dir / "tables" / f"{code}.json", len(rows))
        assert server.crash() != 0
    finally:
        server.kill()
    played = len(rows)  # 1, or more when a deal was passed in before two decisions
    assert 1 <= played < 6
    assert (state_dir / "tables" / f"{code}.json").is_file()

    again = Serve(tmp_path, state_dir)
    try:
        assert f"table {code} opened again at deal {played + 1}" in again.text()
        player, back_rows, end = run(come_back(again.port, code, token))
        assert again.stop() == 0
    finally:
        again.kill()
    assert player == 0
    assert back_rows == rows  # the deal cut short is dealt again, the first one kept
    check_sheet(end, 6)
    assert end.rows[:played] == rows


# ---------------------------------------------------------------- no pygame


def test_serve_never_imports_pygame(tmp_path: Path) -> None:
    async def one_deal(port: int) -> None:
        (client,) = await seat_table(port, ["Anna"], {1: "beginner", 2: "beginner"},
                                     deals=3)
        try:
            await play_deals(client, deals=1, moves=0)
        finally:
            await client.close()

    server = Serve(tmp_path, tmp_path / "state", watched=True)
    try:
        run(one_deal(server.port))
        assert server.stop() == 0
    finally:
        server.kill()
    log = server.text()
    assert "PYGAME tried=[] loaded=[]" in log, log


# ---------------------------------------------------------------- bad options


def _serve_once(args: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SKATGAME_HOME=str(tmp / "home"))
    return subprocess.run([sys.executable, "-m", "skatgame", "serve", *args],
                          capture_output=True, text=True, timeout=START_LIMIT, cwd=ROOT,
                          env=env, stdin=subprocess.DEVNULL, check=False)


@pytest.mark.parametrize(("args", "said"), [
    (["--port", "70000"], "--port: must be from 0 to 65535"),
    (["--port", "http"], "--port: must be a whole number"),
    (["--tables", "0"], "--tables: must be from 1 to"),
    (["--certfile", "{tmp}/missing.pem"], "cannot use the certificate"),
    (["--certfile", "{tmp}/not-a-cert.pem"], "cannot use the certificate"),
    (["--keyfile", "{tmp}/not-a-cert.pem"], "--keyfile needs --certfile"),
    (["--password-file", "{tmp}/missing.txt"], "cannot read the password file"),
    (["--password", "a", "--password-file", "{tmp}/pw"], "not allowed with argument"),
    (["--state", "{tmp}/not-a-cert.pem"], "state folder"),
])
def test_a_bad_option_is_one_line_and_status_2(args: list[str], said: str,
                                               tmp_path: Path) -> None:
    (tmp_path / "not-a-cert.pem").write_text("no certificate here\n")
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    out = _serve_once(["--host", HOST, "--port", "0", *args], tmp_path)
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith("skatgame serve: error:") and said in last, out.stderr


def test_a_port_in_use_is_one_line_and_status_2(tmp_path: Path) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind((HOST, 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = _serve_once(["--host", HOST, "--port", str(port), "--state",
                           str(tmp_path / "state")], tmp_path)
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith("skatgame serve: error: cannot listen on") and "in use" in last


def test_the_servers_store_writes_in_the_order_of_the_saves(tmp_path: Path) -> None:
    from skatgame.net.saving import WriteBehindStore

    store = WriteBehindStore(tmp_path)
    try:
        for n in range(20):
            assert store.save("tables/T", "kind", 1, {"n": n}, compact=True)
        store.save("tables/gone", "kind", 1, {"n": 0})
        store.remove("tables/gone")
    finally:
        store.close()
    saved = json.loads((tmp_path / "tables" / "T.json").read_text(encoding="utf-8"))
    assert saved == {"format": "kind", "version": 1, "data": {"n": 19}}
    assert store.names("tables") == ["tables/T"]
    assert not list(tmp_path.rglob("*.tmp"))


# ---------------------------------------------------------------- wss

#: a self-signed certificate for 127.0.0.1 and its key, made for this test alone (they
#: protect nothing)
CERTIFICATE = """\
-----BEGIN CERTIFICATE-----
MIIBkTCCATagAwIBAgIUXH39B/AaePR0be54CFDuSTubTz4wCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyNzA2MzIwOVoYDzIxMjYxMTAz
MDYzMjA5WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAASwkbrL82CxyF1JDB6z6LFKKv4ymHpvqK/MfVBCvL+gEBIfcstkYdlu
cc7SlzJAPpM2O7tXmdFXLhD7sx0i1nZYo2QwYjAdBgNVHQ4EFgQUyxejhU6F6Cap
T7bjqtvqQxIfaK8wHwYDVR0jBBgwFoAUyxejhU6F6CapT7bjqtvqQxIfaK8wDwYD
VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0kAMEYC
IQD2dEygqm/P+I2EH13CQp3iFmGA/KM1s+n9c6lCHYF1VgIhAMq2rxfIKAXBIclk
xcsZQK/rWQJBm8sGE3bK3e3swYuk
-----END CERTIFICATE-----
"""
KEY = """\
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgKe0zLlMfeOWV6cpN
HSndaIWUMgaDwqfLMUv7gWvZDSmhRANCAASwkbrL82CxyF1JDB6z6LFKKv4ymHpv
qK/MfVBCvL+gEBIfcstkYdlucc7SlzJAPpM2O7tXmdFXLhD7sx0i1nZY
-----END PRIVATE KEY-----
"""


def test_serve_speaks_wss_with_its_certificate(tmp_path: Path) -> None:
    (tmp_path / "cert.pem").write_text(CERTIFICATE)
    (tmp_path / "key.pem").write_text(KEY)

    async def sit_down(port: int) -> tuple[bytes | None, str]:
        # the certificate's dates are not checked here (a test machine's clock may be
        # anywhere): the server must show exactly this certificate
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        client = await TableClient.connect(f"wss://{HOST}:{port}", "Anna",
                                           ssl_context=context)
        try:
            joined = await client.create(TableConfig(deals=3))
            tls = client.ws.transport.get_extra_info("ssl_object")
            return tls.getpeercert(binary_form=True), joined.code
        finally:
            await client.close()

    server = Serve(tmp_path, tmp_path / "state", "--certfile", str(tmp_path / "cert.pem"),
                   "--keyfile", str(tmp_path / "key.pem"))
    try:
        shown, code = run(sit_down(server.port))
        assert server.stop() == 0
    finally:
        server.kill()
    assert shown == ssl.PEM_cert_to_DER_cert(CERTIFICATE)
    assert len(code) == 6
