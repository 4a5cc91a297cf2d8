"""Advanced v1: the Advanced the Expert's strength was first measured against.

The same player as :class:`~skatgame.ai.levels.advanced.AdvancedPlayer`,
counting its node budgets in the first C core's nodes
(:data:`~skatgame.ai.solver.FEATURES_V1`). The faster search made the Advanced
stronger by itself (its budgets buy more), so comparisons with earlier arena
figures use ``advanced-v1``.
"""

from __future__ import annotations

from skatgame.ai.levels.advanced import AdvancedPlayer
from skatgame.ai.player import register_level
from skatgame.ai.solver import FEATURES_V1

__all__ = ["AdvancedV1Player"]


class AdvancedV1Player(AdvancedPlayer):
    """The Advanced with the first C core's search (for measurements only)."""

    name = "Advanced v1"
    features = FEATURES_V1


register_level("advanced-v1", lambda seed: AdvancedV1Player(seed))
