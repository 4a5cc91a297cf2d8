"""The background filler of hands' worths: bounded, one hand a job, only when idle."""

from __future__ import annotations

from typing import Any

from skatgame.table.jobs import Job
from skatgame.table.thinker import Ticket
from skatgame.table.worth import WorthBook
from skatgame.table.worthfill import BATCH, MAX_HANDS, WorthFiller


class Workers:
    """Takes jobs and answers them when told (each hand worth 1.0)."""

    def __init__(self) -> None:
        self.tickets: list[Ticket[Any]] = []

    def submit(self, job: Job[Any]) -> Ticket[Any]:
        t: Ticket[Any] = Ticket(job)
        self.tickets.append(t)
        return t

    def answer(self) -> None:
        for t in self.tickets:
            if not t.done:
                t._set([1.0] * len(t.job.hands))

    def cancel(self, tickets: list[Ticket[Any]]) -> None:
        pass


def test_bounded_one_hand_a_job_and_only_when_idle() -> None:
    book = WorthBook(None)
    workers = Workers()
    filler = WorthFiller(lambda: book, lambda: workers, None)  # type: ignore[arg-type,return-value]
    filler.want([(m, m % 2 == 0) for m in range(1, MAX_HANDS + 500)])
    assert len(filler.queue) == MAX_HANDS  # the bound of one run
    filler.want([(1, False)])  # queued already: not twice
    assert len(filler.queue) == MAX_HANDS
    for _ in range(100):
        filler.step(1 / 60, idle=False)
    assert workers.tickets == []  # a table in play: nothing asked
    filler.step(1 / 60, idle=True)
    assert len(workers.tickets) == 1 and len(workers.tickets[0].job.hands) == BATCH
    filler.step(1 / 60, idle=True)
    assert len(workers.tickets) == 1  # one job out at a time
    workers.answer()
    filler.step(1 / 60, idle=False)  # the answer is taken even while busy
    assert filler.worked_out == BATCH and book.get(1, False) == 1.0
    assert len(workers.tickets) == 1
    # a hand known already is not queued
    filler.want([(1, False)], first=True)
    assert filler.queue[0] != (1, False)


def test_without_workers_it_stops_quietly() -> None:
    def none() -> Any:
        raise RuntimeError("no workers")

    filler = WorthFiller(lambda: WorthBook(None), none, None)
    filler.want([(7, True)])
    filler.step(1 / 60, idle=True)
    assert not filler.enabled and not filler.busy
