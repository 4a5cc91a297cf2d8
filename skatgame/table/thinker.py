"""Computer players thinking away from the frame loop.

A scene submits a :class:`Job` (the seat's ``Observation``, the level and a
seed) and gets a :class:`Ticket`; it polls ``ticket.done`` in ``update()`` and
takes ``ticket.result`` when it is there. :class:`ProcessThinker` runs the
jobs in a worker process (``forkserver`` where available, else ``spawn``)
started in the background; :class:`InlineThinker` answers on the spot, for
tests and for the benchmark's reference.

No pygame here: the worker imports the engine and the players only.
"""

from __future__ import annotations

import functools
import inspect
import sys
import threading
import time
import traceback
from dataclasses import dataclass
from typing import Any

from skatgame.engine.actions import Action
from skatgame.engine.observation import Observation

#: How long a player may think for one decision (passed as its deadline).
THINK_SECONDS = 1.5


@dataclass(frozen=True)
class Job:
    """One decision to make: ``kind`` is ``act`` (a move) or ``hint`` (a suggestion)."""

    kind: str
    obs: Observation
    level: str
    seed: str
    think_seconds: float = THINK_SECONDS


@functools.lru_cache(maxsize=12)
def _player(level: str, seed: str) -> Any:
    """The player for a level and seed, kept for the next decisions of the same seat."""
    from skatgame.ai.player import create_player

    try:
        return create_player(level, seed)
    except ValueError:  # a level that is not there (yet): the random player stands in
        return create_player("random", seed)


def run_job(job: Job) -> Any:
    """Do one job and return its answer: an ``Action``, a ``Suggestion`` or ``None``.

    A move is always one of ``obs.legal_actions``: a player that fails or
    answers something illegal is replaced by the first legal action.
    """
    obs = job.obs
    if job.kind == "hint":
        try:
            from skatgame.ai.hints import suggest  # type: ignore[import-not-found]
        except ImportError:
            return None
        try:
            if "deadline" in inspect.signature(suggest).parameters:
                return suggest(obs, deadline=time.monotonic() + job.think_seconds)
            return suggest(obs)
        except Exception:  # a hint is a courtesy: failing gives none
            traceback.print_exc(file=sys.stderr)
            return None
    deadline = time.monotonic() + job.think_seconds
    try:
        action = _player(job.level, job.seed).act(obs, deadline)
    except Exception:
        traceback.print_exc(file=sys.stderr)
        action = None
    if action not in obs.legal_actions:
        action = obs.legal_actions[0] if obs.legal_actions else None
    return action


def warm_up() -> bool:
    """Import the players in the worker, so that the first real job starts at once."""
    from skatgame.ai import player

    player.create_player("random", 0)
    return True


class Ticket:
    """A job on its way: ``done`` tells whether ``result`` is there."""

    def __init__(self, job: Job) -> None:
        self.job = job
        self.future: Any = None
        self._result: Any = None
        self._done = False
        self.error: str | None = None

    def _set(self, result: Any) -> None:
        self._result = result
        self._done = True

    @property
    def done(self) -> bool:
        if not self._done and self.future is not None and self.future.done():
            try:
                self._set(self.future.result())
            except Exception as e:  # the worker died: answer here instead
                self.error = f"{type(e).__name__}: {e}"
                self._set(run_job(self.job))
        return self._done

    @property
    def result(self) -> Action | Any:
        if not self.done:
            raise RuntimeError("the answer is not there yet")
        return self._result


class Thinker:
    """Where jobs run. Subclasses: :class:`InlineThinker`, :class:`ProcessThinker`."""

    def submit(self, job: Job) -> Ticket:
        raise NotImplementedError

    def poll(self) -> None:
        """Move waiting jobs along (called once a frame)."""

    def close(self) -> None:
        """Stop the workers."""


class InlineThinker(Thinker):
    """Answers every job at once, in this process (deterministic, for tests)."""

    def submit(self, job: Job) -> Ticket:
        t = Ticket(job)
        t._set(run_job(job))
        return t


class ProcessThinker(Thinker):
    """Runs jobs in one worker process, started in the background.

    Jobs submitted before the worker is up wait in a queue and are handed
    over by :meth:`poll`, so nothing in the frame loop ever blocks on it.
    """

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._executor: Any = None
        self._failed = False
        self._waiting: list[Ticket] = []
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._start, name="skat-thinker-start",
                                        daemon=True)
        self._thread.start()

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
            executor = ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx)
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

    def submit(self, job: Job) -> Ticket:
        t = Ticket(job)
        self._waiting.append(t)
        self.poll()
        return t

    def poll(self) -> None:
        if not self._waiting:
            return
        with self._lock:
            executor, failed = self._executor, self._failed
        if executor is None and not failed:
            return
        waiting, self._waiting = self._waiting, []
        for t in waiting:
            if executor is not None:
                try:
                    t.future = executor.submit(run_job, t.job)
                    continue
                except Exception as e:  # a broken pool: answer here
                    t.error = f"{type(e).__name__}: {e}"
            t._set(run_job(t.job))

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
