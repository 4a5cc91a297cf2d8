"""The computer players' worker processes end with the game, even when it is killed.

The game is killed with SIGKILL (no clean-up of its own can run): its worker,
the fork server and the resource tracker must all be gone within 5 s. A
worker killed during the game is replaced by a new process, and the next
decision is made there, never in the game's own process (the frame loop).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from skatgame.table.lock import process_alive
from tests.table.test_workers import wait_for

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="reads the process tree from /proc")


def process_table() -> dict[int, int]:
    """Every process's parent, from /proc."""
    out: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        out[int(entry)] = int(stat.rsplit(b")", 1)[1].split()[1])
    return out


def descendants(root: int) -> set[int]:
    table = process_table()
    found: set[int] = set()
    frontier = [root]
    while frontier:
        parent = frontier.pop()
        for pid, ppid in table.items():
            if ppid == parent and pid not in found:
                found.add(pid)
                frontier.append(pid)
    return found


def test_a_killed_game_takes_its_workers_with_it(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SKATGAME_HOME=str(tmp_path), PYTHONUNBUFFERED="1")
    game = subprocess.Popen([sys.executable, "-m", "skatgame", "--demo", "--deals", "40",
                             "--seed", "3", "--speed", "instant", "--no-sound"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                            start_new_session=True)
    try:
        # the worker, the fork server and the resource tracker: at least two helpers
        assert wait_for(lambda: len(descendants(game.pid)) >= 2, 90), "no worker started"
        time.sleep(1.0)  # the demo is thinking in its worker now
        helpers = descendants(game.pid)
        assert helpers
        os.kill(game.pid, signal.SIGKILL)  # the game alone: nothing of it can clean up
        game.wait(timeout=30)
        gone = wait_for(lambda: not any(process_alive(p) for p in helpers), 5.0)
        left = [p for p in helpers if process_alive(p)]
        assert gone, f"helpers still running 5 s after the game was killed: {left}"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(game.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            game.wait(timeout=30)


