"""Computer players thinking away from the frame loop.

The table (a scene, through its session) submits a :class:`Job` (the seat's
``Observation``, the level and a seed) and gets a :class:`Ticket`; it polls
``ticket.done`` in ``update()`` and takes ``ticket.result`` when it is there.
:class:`ProcessThinker` runs the jobs in a worker process (``forkserver``
where available, else ``spawn``) started in the background;
:class:`InlineThinker` answers on the spot, for tests and for the benchmark's
reference.

A worker that dies is replaced by a new one and its job is handed over again,
so the players never think in the frame loop. A worker ends itself when the
game is gone (killed, even by SIGKILL): a thread in it watches the game's
process, and with the workers gone the fork server and the resource tracker
end too.

No pygame here: the worker imports the engine and the players only.
"""

from __future__ import annotations

import os
import sys
import threading
import time
import traceback
from collections.abc import Callable
from contextlib import suppress
from typing import Any, Generic, TypeVar

from skatgame.table import jobs
from skatgame.table.jobs import Job, run_job

#: How often a worker looks whether the game is still there (seconds).
WATCH_SECONDS = 0.5
#: Workers that die on one job before it gets no answer (``None``) without a worker.
MAX_TRIES = 3
#: How much a worker lowers its scheduling priority (``os.nice``), so that on a
#: busy machine the frame loop gets the processor first and the table stays smooth.
WORKER_NICE = 5

R = TypeVar("R")


def watch_parent(game_pid: int, interval: float = WATCH_SECONDS) -> None:
    """In a worker: end this process as soon as the game ``game_pid`` is gone.

    A worker blocks reading its jobs from a pipe that the worker itself holds
    open too, so it never sees the game die; this daemon thread looks twice a
    second. Also the worker's own parent changing (the fork server ended, the
    worker was handed to init) means the game is gone.
    """
    from skatgame.table.lock import process_alive

    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(interval)
            if os.getppid() != parent or not process_alive(game_pid):
                os._exit(0)

    threading.Thread(target=watch, name="skat-watch-game", daemon=True).start()


def lower_priority(increment: int = WORKER_NICE) -> None:
    """Lower this process's scheduling priority by ``increment`` where the system
    allows it (``os.nice``; not on Windows, where the worker keeps its priority)."""
    nice = getattr(os, "nice", None)
    if nice is None or increment <= 0:
        return
    with suppress(OSError):
        nice(increment)


def start_worker(game_pid: int) -> None:
    """A worker's first steps: a lower priority than the game, then the watch on it."""
    lower_priority()
    watch_parent(game_pid)


def warm_up() -> bool:
    """Import the players in the worker, so that the first real job starts at once."""
    from skatgame.ai import player

    player.create_player("random", 0)
    return True


class Ticket(Generic[R]):
    """A job on its way: ``done`` tells whether ``result`` is there (``None``: the job
    gave no answer)."""

    def __init__(self, job: Job[R], retry: Callable[[Ticket[R]], bool] | None = None) -> None:
        self.job = job
        self.future: Any = None
        self._result: R | None = None
        self._done = False
        self.error: str | None = None
        self.tries = 0  # workers that died on this job
        self._retry = retry  # hands the job to a new worker; False: answer here

    def _set(self, result: R | None) -> None:
        self._result = result
        self._done = True

    @property
    def done(self) -> bool:
        if not self._done and self.future is not None and self.future.done():
            try:
                self._set(self.future.result())
            except Exception as e:  # the worker died: a new one takes the job
                self.error = f"{type(e).__name__}: {e}"
                self.future = None
                self.tries += 1
                if self._retry is None or not self._retry(self):
                    self._set(None if self.tries >= MAX_TRIES else run_job(self.job))
        return self._done

    @property
    def result(self) -> R | None:
        if not self.done:
            raise RuntimeError("the answer is not there yet")
        return self._result


class Thinker:
    """Where jobs run. Subclasses: :class:`InlineThinker`, :class:`ProcessThinker`."""

    def submit(self, job: Job[R]) -> Ticket[R]:
        raise NotImplementedError

    def poll(self) -> None:
        """Move waiting jobs along (called once a frame)."""

    def cancel(self, tickets: list[Ticket[Any]]) -> None:
        """Drop jobs nobody waits for any more (those not started yet are not run)."""

    def close(self) -> None:
        """Stop the workers."""


class InlineThinker(Thinker):
    """Answers every job at once, in this process (deterministic, for tests)."""

    def submit(self, job: Job[R]) -> Ticket[R]:
        t = Ticket(job)
        t._set(run_job(job))
        return t


class ProcessThinker(Thinker):
    """Runs jobs in one worker process, started in the background.

    Jobs submitted before the worker is up wait in a queue and are handed
    over by :meth:`poll`, so nothing in the frame loop ever blocks on it. When
    the worker dies, a new one is started (in the background too) and the jobs
    it held wait for it; only when no worker can be started at all do the
    jobs run here.
    """

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._executor: Any = None
        self._failed = False
        self.restarts = 0  # workers started again after one died
        self._waiting: list[Ticket[Any]] = []
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._thread = self._start_in_background()

    def _start_in_background(self) -> threading.Thread:
        thread = threading.Thread(target=self._start, name="skat-thinker-start", daemon=True)
        thread.start()
        return thread

    def _start(self) -> None:
        try:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            if self._closed.is_set():
                return
            methods = multiprocessing.get_all_start_methods()
            ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods
                                              else "spawn")
            if ctx.get_start_method() == "forkserver":
                ctx.set_forkserver_preload(["skatgame.table.thinker", "skatgame.ai.player"])
            executor = ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx,
                                           initializer=start_worker,
                                           initargs=(os.getpid(),))
            executor.submit(warm_up).result(timeout=60)
        except Exception:
            if not self._closed.is_set():
                traceback.print_exc(file=sys.stderr)
            with self._lock:
                self._failed = True
            return
        with self._lock:
            if not self._closed.is_set():
                self._executor = executor
                return
        executor.shutdown(wait=True, cancel_futures=True)  # closed while starting

    @property
    def ready(self) -> bool:
        """Whether the worker is up (or has failed, and jobs run here instead)."""
        with self._lock:
            return self._executor is not None or self._failed

    @property
    def worker_pids(self) -> list[int]:
        """The process ids of the running workers (empty while none is up)."""
        with self._lock:
            executor = self._executor
        processes = getattr(executor, "_processes", None) or {}
        return sorted(processes)

    def submit(self, job: Job[R]) -> Ticket[R]:
        t: Ticket[R] = Ticket(job, self._retry)
        self._waiting.append(t)
        self.poll()
        return t

    def _retry(self, ticket: Ticket[Any]) -> bool:
        """A worker died on ``ticket``: queue it for a new worker; ``False``: answer here."""
        if ticket.tries >= MAX_TRIES or self._closed.is_set():
            return False
        self._replace_broken_pool()
        with self._lock:
            if self._failed:
                return False
        self._waiting.append(ticket)
        return True

    def _replace_broken_pool(self) -> None:
        """Drop a pool whose worker died and start a new one in the background."""
        with self._lock:
            executor = self._executor
            broken = executor is not None and getattr(executor, "_broken", False)
            if not broken:
                return  # still starting, failed, or already replaced
            self._executor = None
            self.restarts += 1
        with suppress(Exception):
            executor.shutdown(wait=False, cancel_futures=True)
        self._thread = self._start_in_background()

    def cancel(self, tickets: list[Ticket[Any]]) -> None:
        drop = {id(t) for t in tickets}
        self._waiting = [t for t in self._waiting if id(t) not in drop]
        for t in tickets:
            if t.future is not None:
                t.future.cancel()

    def poll(self) -> None:
        if not self._waiting:
            return
        with self._lock:
            executor, failed = self._executor, self._failed
        if executor is not None and getattr(executor, "_broken", False):
            self._replace_broken_pool()  # the worker died while idle
            return
        if executor is None and not failed:
            return
        waiting, self._waiting = self._waiting, []
        for t in waiting:
            if executor is not None:
                try:
                    # the worker runs the jobs module's own function (``run_job`` here is
                    # what this process would run: tests replace it to catch that)
                    t.future = executor.submit(jobs.run_job, t.job)
                    continue
                except Exception as e:  # the pool broke just now: wait for a new one
                    t.error = f"{type(e).__name__}: {e}"
                    t.tries += 1
                    if self._retry(t):
                        continue
            t._set(run_job(t.job) if t.tries < MAX_TRIES else None)

    def close(self) -> None:
        # Wait for a start in progress and for the worker to end: a worker or a helper
        # process still starting when the program ends breaks (in a frozen executable its
        # files are deleted under it).
        self._closed.set()
        self._thread.join(timeout=90)
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
