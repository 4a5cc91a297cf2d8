"""Solving sampled worlds on several threads, with the same result as on one.

The C core of the solver releases the GIL while it searches, so the worlds of
one decision can be solved side by side in threads. By default one thread
fewer than the machine has cores (at least one): the remaining core is left to
the window (or to the other processes of the arena). The game's worker, the
arena and the benchmark need nothing else: the Expert calls
:func:`map_worlds` itself; :func:`set_solver_threads` (or the environment
variable ``SKATGAME_SOLVER_THREADS``) changes the number.

Determinism: every world is solved on its own (its own transposition table,
a node cap that does not depend on the other worlds), and the results are
booked in the order of the worlds; the booking stops once the decision's node
total is spent. Which worlds count is therefore the same for any number of
threads; more threads only solve the next worlds early (and may throw a few
of them away).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

__all__ = ["map_worlds", "set_solver_threads", "solver_threads"]

T = TypeVar("T")
R = TypeVar("R")

_chosen: int | None = None
_lock = threading.Lock()
_pool: tuple[int, int, ThreadPoolExecutor] | None = None  # (process id, threads, pool)


def _from_environment() -> int | None:
    text = os.environ.get("SKATGAME_SOLVER_THREADS", "").strip()
    if not text:
        return None
    try:
        n = int(text)
    except ValueError:
        return None
    return n if n >= 1 else None


def solver_threads() -> int:
    """Threads that solve the worlds of one decision: the chosen number, else
    ``SKATGAME_SOLVER_THREADS``, else the cores minus one (at least one)."""
    if _chosen is not None:
        return _chosen
    env = _from_environment()
    if env is not None:
        return env
    return max(1, (os.cpu_count() or 1) - 1)


def set_solver_threads(threads: int | None) -> None:
    """Use ``threads`` threads from now on (None: back to the default)."""
    global _chosen
    if threads is not None and (not isinstance(threads, int) or threads < 1):
        raise ValueError(f"the number of solver threads must be at least 1, not {threads!r}")
    _chosen = threads


def _executor(threads: int) -> ThreadPoolExecutor:
    """The process's pool (made anew after a fork or a change of the number)."""
    global _pool
    with _lock:
        pid = os.getpid()
        if _pool is None or _pool[0] != pid or _pool[1] != threads:
            if _pool is not None and _pool[0] == pid:
                _pool[2].shutdown(wait=False)
            _pool = (pid, threads, ThreadPoolExecutor(threads, "skat-solver"))
        return _pool[2]


def map_worlds(solve: Callable[[T], tuple[R, int]], worlds: Iterable[T], *, total_nodes: int,
               threads: int | None = None) -> Iterator[R]:
    """``solve(world)`` for the worlds in order, yielding the results.

    ``solve`` returns ``(result, nodes searched)``; the results are yielded
    while the nodes booked before a world stay below ``total_nodes``. With
    more than one thread, up to ``threads`` worlds are solved at a time.
    """
    n = solver_threads() if threads is None else max(1, threads)
    used = 0
    if n == 1:
        for w in worlds:
            if used >= total_nodes:
                return
            result, nodes = solve(w)
            used += nodes
            yield result
        return
    pool = _executor(n)
    pending: list[Future[tuple[R, int]]] = []
    it = iter(worlds)
    try:
        while True:
            while len(pending) < n:
                world = next(it, None)
                if world is None:
                    break
                pending.append(pool.submit(solve, world))
            if not pending or used >= total_nodes:
                return
            result, nodes = pending.pop(0).result()
            used += nodes
            yield result
    finally:
        for f in pending:
            f.cancel()
