"""The computer players' worker processes: they end with the game, and a dead one is replaced.

The game is killed with SIGKILL (no clean-up of its own can run): its worker,
the fork server and the resource tracker must all be gone within 5 s. A
worker killed during the game is replaced by a new process, and the next
decision is made there, never in the game's own process (the frame loop).
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import contextlib  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from concurrent.futures import Future  # noqa: E402
from concurrent.futures.process import BrokenProcessPool  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402

from skatgame.engine.deal import Deal  # noqa: E402
from skatgame.ui import thinker as thinker_mod  # noqa: E402
from skatgame.ui.lock import process_alive  # noqa: E402
from skatgame.ui.thinker import MAX_TRIES, Job, ProcessThinker, Ticket  # noqa: E402

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


def wait_for(condition: Any, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return bool(condition())


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


def wait_done(thinker: ProcessThinker, ticket: Ticket, seconds: float = 90) -> None:
    def done() -> bool:
        thinker.poll()
        return ticket.done

    assert wait_for(done, seconds), "no answer"


def no_thinking_here(monkeypatch: pytest.MonkeyPatch) -> list[Job]:
    """Record every job run in this process (the frame loop's), instead of running it."""
    inline: list[Job] = []

    def here(job: Job) -> Any:
        inline.append(job)
        return job.obs.legal_actions[0]

    monkeypatch.setattr(thinker_mod, "run_job", here)
    return inline


@pytest.mark.parametrize("when", ["idle", "thinking"])
def test_a_dead_worker_is_replaced_and_the_next_decision_is_made_there(
    monkeypatch: pytest.MonkeyPatch, when: str
) -> None:
    thinker = ProcessThinker()
    try:
        deal = Deal.from_seed(5)
        obs = deal.observation(deal.to_move)
        first = thinker.submit(Job("act", obs, "random", "s"))
        wait_done(thinker, first)
        [old] = thinker.worker_pids
        inline = no_thinking_here(monkeypatch)  # the worker has its own, real run_job
        if when == "idle":
            os.kill(old, signal.SIGKILL)
            assert wait_for(lambda: not process_alive(old), 10)
            ticket = thinker.submit(Job("act", obs, "advanced", "t"))
        else:
            ticket = thinker.submit(Job("act", obs, "advanced", "t"))
            os.kill(old, signal.SIGKILL)
        wait_done(thinker, ticket)
        assert inline == [], "the decision was made in the game's own process"
        assert ticket.result in deal.legal_actions()
        [new] = thinker.worker_pids
        assert new != old and process_alive(new)
        assert thinker.restarts == 1
    finally:
        thinker.close()


class BrokenFuture(Future):  # type: ignore[type-arg]
    """A job whose worker died."""

    def __init__(self) -> None:
        super().__init__()
        self.set_exception(BrokenProcessPool("a worker died"))


def test_a_job_that_every_worker_dies_on_gets_a_plain_answer(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    deal = Deal.from_seed(8)
    obs = deal.observation(deal.to_move)
    inline = no_thinking_here(monkeypatch)
    retried: list[int] = []

    def retry(ticket: Ticket) -> bool:
        retried.append(ticket.tries)
        return ticket.tries < MAX_TRIES

    ticket = Ticket(Job("act", obs, "expert", "s"), retry)
    for _ in range(MAX_TRIES):
        ticket.future = BrokenFuture()
        if ticket.done:
            break
    assert ticket.done and retried == list(range(1, MAX_TRIES + 1))
    assert inline == []  # not thought about in the game's process either
    assert ticket.result == obs.legal_actions[0]
