"""Headless pygame for every test: pytest imports this before any test module.

The dummy video and audio drivers must be chosen before pygame is imported,
and the environment is inherited by the subprocesses the tests start (a test
that builds its own env for a subprocess says so there).
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Every table, announcement and search for tables a test makes stays on this computer:
# the game's network scenes keep to this address (see skatgame.ui.scenes.together).
os.environ["SKATGAME_NET_ONLY"] = "127.0.0.1"
