"""Nothing lost: a demo list killed (SIGKILL) at random moments resumes consistent and complete.

A demo runs in its own process with its own home folder; it prints a line
when a finished deal is safe on disk. After each kill the saved list is
loaded through the code behind the menu's Continue (every deal replayed by
the engine) and must hold every deal reported finished; the next start of
the same demo continues it, until the last run ends the list.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from skatgame.engine.series import Series
from skatgame.table.saved import DEMO_DOC
from skatgame.table.session import load_saved_session
from skatgame.table.store import Store

DEALS = 6
REPORT = re.compile(r"demo: deal (\d+) of (\d+) finished, saved")


def start_demo(home: Path) -> tuple[subprocess.Popen[str], list[str]]:
    """The demo in a new process group (so that its worker dies with it); its lines."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SKATGAME_HOME=str(home), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "skatgame", "--demo", "--deals", str(DEALS),
                             "--seed", "11", "--speed", "instant", "--no-sound"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env=env, start_new_session=True)
    lines: list[str] = []

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line.strip())

    threading.Thread(target=read, daemon=True).start()
    return proc, lines


def kill(proc: subprocess.Popen[str]) -> None:
    """SIGKILL to the demo and its worker process (the group we started)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)


def reported(lines: list[str]) -> list[int]:
    return [int(m.group(1)) for line in lines if (m := REPORT.fullmatch(line))]


def check_saved(home: Path, at_least: int) -> int:
    """Load the demo's list as Continue would; return the deals it holds finished."""
    store = Store(home)
    result = load_saved_session(store, DEMO_DOC)
    assert not list(home.glob("*.damaged-*")), "a saved file was found damaged"
    assert result.status in ("loaded", "missing"), result.problems
    if result.value is None:  # only when the list is over: the demo then removes it
        assert result.status == "missing" and at_least == DEALS
        return DEALS
    session = result.value
    series = session.series
    done = session.deals_done
    assert done >= at_least, f"deals reported finished: {at_least}, found: {done}"
    # consistent: totals add up row by row, and the record replays to the same list
    running = [0, 0, 0]
    for row in series.rows:
        running = [t + c for t, c in zip(running, row.seeger_fabian, strict=True)]
        assert list(row.totals) == running
    again = Series.from_record(json.loads(json.dumps(series.to_record())))
    assert [r.result.value for r in again.rows] == [r.result.value for r in series.rows]
    assert session.deal.history == (again.current.history if again.current else [])
    return done


def test_a_killed_demo_resumes_with_nothing_lost(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    # quick opponents: the demo seats two of the configured opponents
    settings = {"format": "skatgame-settings", "version": 1,
                "data": {"opponents": [{"level": "beginner", "name": "Anna"},
                                       {"level": "beginner", "name": "Ben"}]}}
    (home / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    rng = random.Random(20240611)
    best = 0  # deals known finished and saved
    seen: list[int] = []
    kills = 0
    started = time.monotonic()
    while True:
        proc, lines = start_demo(home)
        last_run = kills >= 4 or time.monotonic() - started > 35
        if last_run:
            assert proc.wait(timeout=120) == 0
            time.sleep(0.2)  # the reader thread takes the last lines
            seen += reported(lines)
            break
        time.sleep(rng.uniform(1.2, 4.0))
        finished_itself = proc.poll() is not None
        kill(proc)
        kills += not finished_itself
        time.sleep(0.1)
        now = reported(lines)
        seen += now
        best = max([best, *now])
        best = max(best, check_saved(home, best))
        if finished_itself:
            break
    assert max(seen) == DEALS
    assert set(range(1, DEALS + 1)) >= set(seen)
    # the list is over: nothing left to continue, and no file set aside on the way
    assert not (home / f"{DEMO_DOC}.json").exists()
    assert not list(home.glob("*.damaged-*"))
    assert kills >= 2
