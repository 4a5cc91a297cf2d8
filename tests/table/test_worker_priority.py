"""The computer players' worker thinks at a lower priority than the game, so
that on a busy machine the frame loop gets the processor first."""

from __future__ import annotations

import os
import time

import pytest

from skatgame.engine.deal import Deal
from skatgame.table import thinker as thinker_mod
from skatgame.table.jobs import MoveJob
from skatgame.table.thinker import ProcessThinker

pytestmark = pytest.mark.skipif(not hasattr(os, "getpriority"),
                                reason="reads process priorities (POSIX)")


def test_the_worker_thinks_at_a_lower_priority_than_the_game() -> None:
    thinker = ProcessThinker()
    try:
        deal = Deal.from_seed(3)
        ticket = thinker.submit(MoveJob(deal.observation(deal.to_move), "random", "p"))
        end = time.monotonic() + 90
        while not ticket.done and time.monotonic() < end:
            thinker.poll()
            time.sleep(0.05)
        assert ticket.done, "no answer"
        [worker] = thinker.worker_pids
        game = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, worker) == min(
            19, game + thinker_mod.WORKER_NICE)
    finally:
        thinker.close()


def test_lowering_the_priority_where_it_cannot_be_done_is_no_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def refuse(increment: int) -> int:
        calls.append(increment)
        raise OSError("not permitted")

    monkeypatch.setattr(os, "nice", refuse)
    thinker_mod.lower_priority()
    assert calls == [thinker_mod.WORKER_NICE]
    monkeypatch.delattr(os, "nice")
    thinker_mod.lower_priority()  # no os.nice at all (Windows): nothing happens
