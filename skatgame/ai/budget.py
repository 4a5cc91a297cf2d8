"""Node budgets over many solver calls: thinking time limited deterministically.

A player's decision runs many double-dummy searches (one or more per sampled
world). Limiting them by the clock would make decisions depend on the load of
the machine; limiting them by searched nodes keeps a decision a function of
the seed and the observation. :class:`NodeBudget` hands each call a cap (at
most ``per_call`` nodes, at most what is left of ``total``) and books the
nodes the call used.

The solver's public calls return no node counts for null-window and per-move
searches, so until it offers counted variants (looked up as
``declarer_reaches_detailed`` and ``move_values_detailed``) the C core's node
counts are read through its module; without the C core each call is booked at
its full cap.
"""

from __future__ import annotations

from typing import Any

from skatgame.ai import solver
from skatgame.ai.solver import Position, SearchBudgetExceeded
from skatgame.engine.cards import Card

__all__ = ["NodeBudget"]


def _reach_counted(pos: Position, points: int, cap: int) -> tuple[bool, int]:
    detailed = getattr(solver, "declarer_reaches_detailed", None)
    if detailed is not None:
        r = detailed(pos, points, max_nodes=cap)
        return bool(r.value), int(r.nodes)
    core: Any = getattr(solver, "_core", None)
    if core is not None:
        r = solver._c_search(pos, solver._MODE_REACHES, points, cap)
        return bool(r.value), r.nodes
    return solver.declarer_reaches(pos, points, max_nodes=cap), cap


def _moves_counted(pos: Position, cap: int) -> tuple[dict[Card, int], int]:
    detailed = getattr(solver, "move_values_detailed", None)
    if detailed is not None:
        values, nodes = detailed(pos, max_nodes=cap)
        return dict(values), int(nodes)
    core: Any = getattr(solver, "_core", None)
    if core is not None:
        pairs, nodes, done = core.move_values(*solver._c_args(pos), cap)
        if not done:
            raise SearchBudgetExceeded(nodes)
        return dict(pairs), nodes
    return solver.move_values(pos, max_nodes=cap), cap


class NodeBudget:
    """A pool of search nodes shared by the solver calls of one decision.

    ``reaches`` and ``move_values`` return None when the call would exceed
    its cap (the world is then too hard to count) or the pool is empty.
    """

    def __init__(self, total: int, per_call: int) -> None:
        self.total = total
        self.per_call = per_call
        self.used = 0
        self.failed = 0

    @property
    def left(self) -> int:
        return max(0, self.total - self.used)

    @property
    def exhausted(self) -> bool:
        """Whether too little is left for another full call."""
        return self.left < self.per_call // 4

    def _cap(self) -> int:
        return max(1, min(self.per_call, self.left))

    def reaches(self, pos: Position, points: int) -> bool | None:
        """:func:`~skatgame.ai.solver.declarer_reaches` within the budget."""
        if self.exhausted:
            return None
        try:
            value, nodes = _reach_counted(pos, points, self._cap())
        except SearchBudgetExceeded as e:
            self.used += e.nodes
            self.failed += 1
            return None
        self.used += nodes
        return value

    def move_values(self, pos: Position) -> dict[Card, int] | None:
        """:func:`~skatgame.ai.solver.move_values` within the budget."""
        if self.exhausted:
            return None
        try:
            values, nodes = _moves_counted(pos, self._cap())
        except SearchBudgetExceeded as e:
            self.used += e.nodes
            self.failed += 1
            return None
        self.used += nodes
        return values
