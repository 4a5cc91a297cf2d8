"""Advanced: the Beginner's bidding, with the last tricks searched exactly.

Until few enough tricks remain it plays by the table rules; from then on it
samples the hidden cards (a dozen worlds consistent with what it has seen)
and plays the card the double-dummy solver rates best over them.

The yardstick ``advanced-v1`` (:mod:`skatgame.ai.yardsticks.advanced_v1`) is
this player counting its node budgets in the first C core's nodes.
"""

from __future__ import annotations

from skatgame.ai.budget import NodeBudget
from skatgame.ai.cardplay import rule_card
from skatgame.ai.levels.base import Decision
from skatgame.ai.levels.beginner import BeginnerPlayer
from skatgame.ai.pimc import choose_card
from skatgame.ai.player import register_level
from skatgame.ai.solver import FEATURES_NO_QUASI
from skatgame.engine.actions import PLAYS
from skatgame.engine.observation import Observation
from skatgame.engine.rules import GameKind

__all__ = ["AdvancedPlayer"]


class AdvancedPlayer(BeginnerPlayer):
    """Rules early, exact search over sampled worlds late."""

    name = "Advanced"
    worlds = 16
    nodes = 3_000_000
    #: first trick (0-based) searched: suit and grand, and null (cheaper to solve)
    search_from_trick = 2
    null_search_from_trick = 1
    #: the solver's search refinements its node budget is counted in; without
    #: the structure table, so that the Advanced keeps the strength it was
    #: measured with (the Expert's yardstick)
    features = FEATURES_NO_QUASI

    def on_card(self, obs: Observation, deadline: float | None) -> Decision:
        assert obs.contract is not None
        kind = obs.contract.kind
        card = rule_card(obs)
        start = self.null_search_from_trick if kind == GameKind.NULL else self.search_from_trick
        if kind == GameKind.RAMSCH or len(obs.tricks) < start:
            return Decision(PLAYS[card])
        ch = choose_card(obs, self.rng_for(obs, "card"), worlds=self.worlds, mode="exact",
                         prefer=card,
                         budget=NodeBudget(self.nodes, 300_000, deadline, self.features))
        return Decision(PLAYS[ch.card], ch.win_probability,
                        f"best over {ch.worlds} sampled deals")


register_level("advanced", lambda seed: AdvancedPlayer(seed))
