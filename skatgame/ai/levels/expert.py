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

from skatgame.ai.cardplay import rule_card
from skatgame.ai.levels.base import Decision
from skatgame.ai.levels.expert_v1 import ExpertV1Player
from skatgame.ai.pimc import choose_card_threaded
from skatgame.ai.player import register_level
from skatgame.ai.solver import FEATURES_ALL
from skatgame.engine.actions import PLAYS
from skatgame.engine.observation import Observation
from skatgame.engine.rules import GameKind

__all__ = ["ExpertPlayer"]


class ExpertPlayer(ExpertV1Player):
    """The strongest level: sampled hidden cards, every sample solved."""

    name = "Expert"
    features = FEATURES_ALL
    #: worlds per card decision, threshold searches (exact values from exact_from_trick;
    #: the second threshold, schneider or 31, from second_from_trick)
    card_worlds = 24
    second_from_trick = 2
    exact_from_trick = 6
    #: node caps: one card's threshold search in one world (over it: a close
    #: call, half a win), one world (all its cards), one card decision
    card_move_nodes = 30_000
    card_world_nodes = 1_000_000
    card_nodes = 8_000_000
    #: a deal too close to decide within this many nodes counts as half a win
    bid_call_nodes = 50_000
    #: solver threads (None: the default of :mod:`skatgame.ai.parallel`)
    threads: int | None = None

    def on_card(self, obs: Observation, deadline: float | None) -> Decision:
        assert obs.contract is not None
        if obs.contract.kind == GameKind.RAMSCH:
            return super().on_card(obs, deadline)
        ch = choose_card_threaded(
            obs, self.rng_for(obs, "card"), worlds=self.card_worlds,
            total_nodes=self.card_nodes, world_nodes=self.card_world_nodes,
            move_nodes=self.card_move_nodes,
            exact=len(obs.tricks) >= self.exact_from_trick,
            second=len(obs.tricks) >= self.second_from_trick, deadline=deadline,
            prefer=rule_card(obs), features=self.features, threads=self.threads)
        why = f"best over {ch.worlds} sampled deals, each solved with open cards"
        return Decision(PLAYS[ch.card], ch.win_probability, why)


register_level("expert", lambda seed: ExpertPlayer(seed))
