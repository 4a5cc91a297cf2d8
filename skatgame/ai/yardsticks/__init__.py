"""Yardsticks: earlier computer players, kept to measure the levels against.

They are no levels a person plays against; the arena and ``bench ai`` pit the
levels against them on the same deals. Importing this package registers them
with the player registry: ``expert-v1`` the first Expert, ``advanced-v1`` the
Advanced with the first solver's search (the yardstick the first arena figures
were measured against). A yardstick may build on the levels; no level imports
a yardstick.
"""

from skatgame.ai.yardsticks import (  # noqa: F401  (register the yardsticks)
    advanced_v1,
    expert_v1,
)
