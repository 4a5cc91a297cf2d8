"""Expert: perfect-information Monte Carlo in the play, simulation in the bidding.

* Bidding, hand or skat, discard and contract: :mod:`skatgame.ai.bidding`
  plays the candidate games double-dummy over sampled deals and takes the
  best expected score that reaches the bid.
* Kontra and Re: the same sampled solving from the defenders' (or the
  declarer's) seat.
* Card play in suit, grand and null games: :func:`skatgame.ai.pimc.choose_card`
  over worlds consistent with everything the seat has seen, bids included.
* Ramsch: play-outs of sampled worlds (:func:`skatgame.ai.pimc.ramsch_choice`).

Budgets are node counts and sample sizes, so a decision depends only on the
seed and the observation; a deadline, when given, cuts the sampling short.
The first version stays selectable as ``expert-v1``
(:mod:`skatgame.ai.levels.expert_v1`) for side-by-side measurements.
"""

from __future__ import annotations

from skatgame.ai.levels.expert_v1 import ExpertV1Player
from skatgame.ai.player import register_level
from skatgame.ai.solver import FEATURES_ALL

__all__ = ["ExpertPlayer"]


class ExpertPlayer(ExpertV1Player):
    """The strongest level: sampled hidden cards, every sample solved."""

    name = "Expert"
    features = FEATURES_ALL


register_level("expert", lambda seed: ExpertPlayer(seed))
