"""Hints for the human player: what the Expert would do, and its chances.

The UI calls :func:`suggest` in a worker process when the player presses H.
"""

from __future__ import annotations

from skatgame.ai.levels.expert import ExpertPlayer
from skatgame.ai.player import Suggestion
from skatgame.engine.observation import Observation

__all__ = ["suggest"]

#: Hints are seeded alike for everybody: the same position gives the same hint.
HINT_SEED = "hint"


def suggest(obs: Observation, deadline: float | None = None) -> Suggestion:
    """The Expert's choice for ``obs`` with its estimated win probability.

    ``win_probability`` is the chance the seat's side wins the deal as the
    Expert estimates it (None where it has no estimate, e.g. in the auction
    of a hand worth no game); ``explanation`` says in a few words why.
    Raises ValueError when the seat has nothing to decide.
    """
    decision = ExpertPlayer(HINT_SEED).decide(obs, deadline)
    return Suggestion(decision.action, decision.win_probability, decision.explanation,
                      decision.contract)
