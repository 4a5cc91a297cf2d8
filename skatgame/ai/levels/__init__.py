"""The computer levels. Importing this package registers them with the player registry.

``beginner`` plays by rules of thumb, ``advanced`` adds exact search of the
last tricks, ``expert`` samples the hidden cards and solves every sample;
``expert-bids`` is the Expert with the inference from bids in its card play,
``expert-soft`` the Expert whose card play weighs its sampled worlds softly by the bids.
The yardsticks the levels are measured against (``expert-v1``,
``advanced-v1``) live in :mod:`skatgame.ai.yardsticks`.
"""

from skatgame.ai.levels import (  # noqa: F401  (register the levels)
    advanced,
    beginner,
    expert,
)
