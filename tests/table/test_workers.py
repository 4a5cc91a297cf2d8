"""The computer players' worker processes: a dead one is replaced.

The game is killed with SIGKILL (no clean-up of its own can run): its worker,
the fork server and the resource tracker must all be gone within 5 s. A
worker killed during the game is replaced by a new process, and the next
decision is made there, never in the game's own process (the frame loop).
"""

from __future__ import annotations

import os
import signal
import time
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

from skatgame.engine.deal import Deal
from skatgame.table import thinker as thinker_mod
from skatgame.table.driver import safe_default, settle
from skatgame.table.jobs import Job, MoveJob, ReviewCardJob
from skatgame.table.lock import process_alive
from skatgame.table.thinker import MAX_TRIES, ProcessThinker, Ticket

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="reads the process tree from /proc")


def wait_for(condition: Any, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return bool(condition())


def wait_done(thinker: ProcessThinker, ticket: Ticket, seconds: float = 90) -> None:
    def done() -> bool:
        thinker.poll()
        return ticket.done

    assert wait_for(done, seconds), "no answer"


def no_thinking_here(monkeypatch: pytest.MonkeyPatch) -> list[Job[Any]]:
    """Record every job run in this process (the frame loop's), instead of running it."""
    inline: list[Job[Any]] = []

    def here(job: Job[Any]) -> Any:
        inline.append(job)
        return None

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
        first = thinker.submit(MoveJob(obs, "random", "s"))
        wait_done(thinker, first)
        [old] = thinker.worker_pids
        inline = no_thinking_here(monkeypatch)  # the worker has its own, real run_job
        if when == "idle":
            os.kill(old, signal.SIGKILL)
            assert wait_for(lambda: not process_alive(old), 10)
            ticket = thinker.submit(MoveJob(obs, "advanced", "t"))
        else:
            ticket = thinker.submit(MoveJob(obs, "advanced", "t"))
            os.kill(old, signal.SIGKILL)
            assert wait_for(lambda: not process_alive(old), 10)
        wait_done(thinker, ticket)
        assert ticket.result in deal.legal_actions()
        # On a busy machine the worker may have answered before the kill reached it; then
        # the next decision is the one that finds it dead: it must be made, elsewhere.
        again = thinker.submit(MoveJob(obs, "advanced", "u"))
        wait_done(thinker, again)
        assert again.result in deal.legal_actions()
        assert inline == [], "the decision was made in the game's own process"
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

    ticket = Ticket(MoveJob(obs, "expert", "s"), retry)
    for _ in range(MAX_TRIES):
        ticket.future = BrokenFuture()
        if ticket.done:
            break
    assert ticket.done and retried == list(range(1, MAX_TRIES + 1))
    assert inline == []  # not thought about in the game's process either
    assert ticket.result is None  # no answer: the deal driver settles it
    assert settle(obs, ticket.result) == (safe_default(obs.legal_actions), False)


def test_jobs_nobody_waits_for_are_dropped() -> None:
    thinker = ProcessThinker()
    try:
        deal = Deal.from_seed("cancel")
        assert deal.to_move is not None
        obs = deal.observation(deal.to_move)
        tickets = [thinker.submit(ReviewCardJob(obs, 0, "s"))
                   for _ in range(3)]
        thinker.cancel(tickets[:2])
        waiting = [t for t in thinker._waiting if t in tickets]
        running = [t for t in tickets if t.future is not None]
        assert tickets[0] not in waiting and tickets[1] not in waiting
        assert tickets[2] in waiting or tickets[2] in running
    finally:
        thinker.close()
