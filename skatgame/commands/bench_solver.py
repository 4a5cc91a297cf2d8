"""`python -m skatgame bench solver`: speed of the double-dummy solver, as JSON.

A fixed, seeded set of random full deals (10 tricks; a random suit or grand
game, a random declarer seat, Forehand - seat 0 - leads) is solved exactly and
with the 61-point decision search and the schwarz question (does the
declarer take every trick), all with the C core; the pure-Python core
runs on the same deals under a node budget to measure its speed. Times are
process CPU time, so that other work on a shared machine does not blur them;
the ``wall_*`` figures give the wall-clock medians as well. The ``v1_*``
figures solve the same deals, deal by deal in turn, with the search of the
first C core (``FEATURES_V1``), so that their ratio holds on a loaded machine.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import random
import statistics
import time
from collections.abc import Callable
from typing import TypeVar

from skatgame.ai import solver
from skatgame.ai.solver import Position, SearchBudgetExceeded
from skatgame.engine.rules import GameKind

DEALS = 40
T = TypeVar("T")
PYTHON_NODE_BUDGET = 100_000


def random_deals(seed: int, count: int = DEALS) -> list[Position]:
    """``count`` random full deals in suit and grand games, Forehand leading."""
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        cards = list(range(32))
        rng.shuffle(cards)
        hands = tuple(sum(1 << c for c in cards[10 * s : 10 * s + 10]) for s in range(3))
        kind = GameKind(rng.randrange(5))  # clubs, spades, hearts, diamonds or grand
        deals.append(Position(kind, (hands[0], hands[1], hands[2]), rng.randrange(3), 0))
    return deals


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile of ``values``."""
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def _timed(fn: Callable[[Position], T], pos: Position) -> tuple[T, float, float]:
    """The result of ``fn(pos)`` and the CPU and wall-clock milliseconds it took."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = fn(pos)
    return result, (time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000


def _reaches61(pos: Position) -> bool:
    return solver.declarer_reaches(pos, 61)


def _takes_all(pos: Position) -> bool:
    return solver.declarer_takes_all(pos)


def _solve_v1(pos: Position) -> solver.SolveResult:
    return solver.solve_detailed(pos, features=solver.FEATURES_V1)


def _c_figures(deals: list[Position]) -> dict[str, float | int]:
    exact_cpu, exact_wall, reach_cpu, reach_wall, nodes = [], [], [], [], []
    v1_cpu, v1_nodes, all_cpu = [], [], []
    for pos in deals:
        result, cpu, wall = _timed(solver.solve_detailed, pos)
        exact_cpu.append(cpu)
        exact_wall.append(wall)
        nodes.append(result.nodes)
        _, cpu, wall = _timed(_reaches61, pos)
        reach_cpu.append(cpu)
        reach_wall.append(wall)
        all_cpu.append(_timed(_takes_all, pos)[1])
        result, cpu, _ = _timed(_solve_v1, pos)
        v1_cpu.append(cpu)
        v1_nodes.append(result.nodes)
    cpu_seconds = sum(exact_cpu) / 1000
    median, v1_median = statistics.median(exact_cpu), statistics.median(v1_cpu)
    p95, v1_p95 = percentile(exact_cpu, 0.95), percentile(v1_cpu, 0.95)
    return {
        "exact_ms_median": round(median, 3),
        "exact_ms_p95": round(p95, 3),
        "exact_ms_max": round(max(exact_cpu), 3),
        "reaches61_ms_median": round(statistics.median(reach_cpu), 3),
        "reaches61_ms_p95": round(percentile(reach_cpu, 0.95), 3),
        "all_tricks_ms_median": round(statistics.median(all_cpu), 3),
        "all_tricks_ms_p95": round(percentile(all_cpu, 0.95), 3),
        "exact_nodes_median": round(statistics.median(nodes)),
        "c_nodes_per_second": round(sum(nodes) / cpu_seconds) if cpu_seconds else 0,
        "wall_exact_ms_median": round(statistics.median(exact_wall), 3),
        "wall_reaches61_ms_median": round(statistics.median(reach_wall), 3),
        "v1_exact_ms_median": round(v1_median, 3),
        "v1_exact_ms_p95": round(v1_p95, 3),
        "v1_exact_nodes_median": round(statistics.median(v1_nodes)),
        "exact_vs_v1_median": round(median / v1_median, 2) if v1_median else 0,
        "exact_vs_v1_p95": round(p95 / v1_p95, 2) if v1_p95 else 0,
    }


def _python_nodes_per_second(deals: list[Position], seconds: float) -> int:
    nodes = 0
    spent = 0.0
    for pos in deals:
        search = solver._PySearch(pos.kind, pos.declarer, PYTHON_NODE_BUDGET)
        start = time.process_time()
        with contextlib.suppress(SearchBudgetExceeded):
            search.exact(pos)
        spent += time.process_time() - start
        nodes += search.nodes
        if spent >= seconds:
            break
    return round(nodes / spent) if spent else 0


def measure(args: argparse.Namespace) -> dict[str, object]:
    """Solve the seeded deal set; return the timing figures."""
    seed = int(getattr(args, "seed", 1))
    seconds = float(getattr(args, "seconds", 2.0))
    deals = random_deals(seed)
    figures: dict[str, object] = {
        "deals": len(deals),
        "seed": seed,
        "c_core": solver.HAVE_C_CORE,
        "clock": "process CPU time (wall_* figures: wall-clock)",
    }
    if solver.HAVE_C_CORE:
        figures.update(_c_figures(deals))
    else:
        figures["note"] = "C core not built: run `python setup.py build_ext --inplace`"
    figures["python_nodes_per_second"] = _python_nodes_per_second(deals, seconds)
    return figures
