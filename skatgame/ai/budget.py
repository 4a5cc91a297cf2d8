"""Node budgets over many solver calls: thinking time limited deterministically.

A player's decision runs many double-dummy searches (one or more per sampled
world). Limiting them by the clock would make decisions depend on the load of
the machine; limiting them by searched nodes keeps a decision a function of
the seed and the observation. :class:`NodeBudget` hands each call a cap (at
most ``per_call`` nodes, at most what is left of ``total``) and books the
nodes the call used (the solver's ``*_detailed`` calls report them).

A deadline (a ``time.monotonic()`` instant) may be added on top: then no
search runs past it, and the budget counts as spent once it has passed. Only
callers that give a deadline trade determinism for it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from skatgame.ai.solver import (
    FEATURES_ALL,
    Position,
    SearchBudgetExceeded,
    declarer_reaches_detailed,
    declarer_takes_all_detailed,
    move_values_detailed,
)
from skatgame.engine.cards import Card
from skatgame.engine.rules import GameKind

__all__ = ["NodeBudget"]


class NodeBudget:
    """A pool of search nodes shared by the solver calls of one decision.

    ``reaches``, ``takes_all`` and ``move_values`` return None when the call would exceed
    its cap (the world is then too hard to count) or the pool is empty.
    ``features`` selects the solver's search refinements
    (:data:`~skatgame.ai.solver.FEATURES_ALL`, or ``FEATURES_V1`` for the old search).
    ``null_per_call`` caps a call on a null game instead of ``per_call`` (None: the
    same cap): proving that the declarer avoids every trick against every defence
    costs far more nodes than a threshold in a suit game.
    """

    def __init__(self, total: int, per_call: int, deadline: float | None = None,
                 features: int = FEATURES_ALL, null_per_call: int | None = None) -> None:
        self.total = total
        self.per_call = per_call
        self.null_per_call = null_per_call
        self.deadline = deadline
        self.features = features
        self.used = 0
        self.failed = 0

    @property
    def left(self) -> int:
        return max(0, self.total - self.used)

    @property
    def exhausted(self) -> bool:
        """Whether too little is left for another full call (or the deadline has passed)."""
        if self.deadline is not None and time.monotonic() >= self.deadline:
            return True
        return self.left < self.per_call // 4

    def _cap(self, pos: Position) -> int:
        per_call = self.per_call
        if self.null_per_call is not None and pos.kind == GameKind.NULL:
            per_call = self.null_per_call
        return max(1, min(per_call, self.left))

    def _seconds(self) -> float | None:
        if self.deadline is None:
            return None
        return max(0.001, self.deadline - time.monotonic())

    def _run(self, search: Callable[..., Any], pos: Position, *args: Any) -> Any | None:
        """``search(pos, *args)`` with this call's cap, its nodes booked; None when the
        pool is empty or the call ran out of its cap."""
        if self.exhausted:
            return None
        try:
            r = search(pos, *args, max_nodes=self._cap(pos), max_seconds=self._seconds(),
                       features=self.features)
        except SearchBudgetExceeded as e:
            self.used += e.nodes
            self.failed += 1
            return None
        self.used += r.nodes
        return r

    def reaches(self, pos: Position, points: int) -> bool | None:
        """:func:`~skatgame.ai.solver.declarer_reaches` within the budget."""
        r = self._run(declarer_reaches_detailed, pos, points)
        return None if r is None else bool(r.value)

    def takes_all(self, pos: Position) -> bool | None:
        """:func:`~skatgame.ai.solver.declarer_takes_all` (schwarz) within the budget."""
        r = self._run(declarer_takes_all_detailed, pos)
        return None if r is None else bool(r.value)

    def move_values(self, pos: Position) -> dict[Card, int] | None:
        """:func:`~skatgame.ai.solver.move_values` within the budget."""
        r = self._run(move_values_detailed, pos)
        return None if r is None else r.values
