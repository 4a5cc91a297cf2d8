"""The computer levels. Importing this package registers them with the player registry.

``beginner`` plays by rules of thumb, ``advanced`` adds exact search of the
last tricks, ``expert`` samples the hidden cards and solves every sample;
``expert-v1`` is the first Expert, kept for side-by-side measurements,
``expert-bids`` the Expert with the inference from bids in its card play, and
``advanced-v1`` the Advanced with the first solver's search (the yardstick the
first arena figures were measured against).
"""

from skatgame.ai.levels import (  # noqa: F401  (register the levels)
    advanced,
    beginner,
    expert,
    expert_v1,
)
