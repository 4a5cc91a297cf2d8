"""Expert v1: the Expert as it was released first, kept for side-by-side comparisons.

``expert-v1`` in the arena and in ``bench ai`` plays exactly as the Expert did
before issue 17 (its node budgets buy the same searches: it asks the solver for
the old search, :data:`~skatgame.ai.solver.FEATURES_V1`), so that the new
Expert can be measured against it in the same run, where the load of a shared
machine cancels out.

* Bidding, hand or skat, discard and contract, and Ramsch card play: as the
  Expert (:class:`~skatgame.ai.levels.simulating.SimulatingPlayer`), with the
  first node caps.
* Kontra and Re: fixed thresholds on the declarer's sampled chance.
* Card play in suit, grand and null games: :func:`skatgame.ai.pimc.choose_card`
  over worlds consistent with everything the seat has seen, bids included.
* Schieberamsch: the rules of the Beginner.

Budgets are node counts and sample sizes, so a decision depends only on the
seed and the observation; a deadline, when given, cuts the sampling short.
"""

from __future__ import annotations

from skatgame.ai.bidding import BID_NODES
from skatgame.ai.cardplay import rule_card
from skatgame.ai.levels.base import Answer, Decision, kontra_or_re
from skatgame.ai.levels.simulating import SimulatingPlayer
from skatgame.ai.pimc import choose_card
from skatgame.ai.player import register_level
from skatgame.ai.solver import FEATURES_V1
from skatgame.engine.actions import PLAYS
from skatgame.engine.observation import Observation
from skatgame.engine.rules import GameKind

__all__ = ["ExpertV1Player"]


class ExpertV1Player(SimulatingPlayer):
    """The first Expert: sampled hidden cards, every sample solved."""

    name = "Expert v1"
    features = FEATURES_V1
    #: worlds per card decision: reach mode (first tricks), exact mode (later)
    reach_worlds = 24
    exact_worlds = 36
    #: the first trick (0-based) searched exactly rather than by reach
    exact_from_trick = 2
    #: search nodes per card decision (about 15 million nodes a second with the C core)
    card_nodes = 12_000_000
    card_call_nodes = 400_000
    bid_call_nodes = BID_NODES
    bid_null_nodes: int | None = None

    # ------------------------------------------------------------ kontra and re

    def on_kontra(self, obs: Observation, deadline: float | None) -> Answer:
        chance = self.declarer_chance(obs, deadline)
        if chance is None:
            return super().on_kontra(obs, deadline)
        p_decl, n = chance
        if obs.seat == obs.declarer:
            return Decision(kontra_or_re(obs, p_decl >= 0.8), p_decl,
                            f"declarer wins about {p_decl:.0%} ({n} deals solved)")
        p_def = 1.0 - p_decl
        return Decision(kontra_or_re(obs, p_def >= 0.55), p_def,
                        f"defence wins about {p_def:.0%} ({n} deals solved)")

    # ------------------------------------------------------------ cards

    def on_card(self, obs: Observation, deadline: float | None) -> Decision:
        assert obs.contract is not None
        if obs.contract.kind == GameKind.RAMSCH:
            return self.ramsch_card(obs, deadline)
        exact = len(obs.tricks) >= self.exact_from_trick
        ch = choose_card(obs, self.rng_for(obs, "card"),
                         worlds=self.exact_worlds if exact else self.reach_worlds,
                         budget=self._budget(self.card_nodes, self.card_call_nodes, deadline),
                         mode="exact" if exact else "reach", prefer=rule_card(obs))
        why = f"best over {ch.worlds} sampled deals, each solved with open cards"
        return Decision(PLAYS[ch.card], ch.win_probability, why)


register_level("expert-v1", lambda seed: ExpertV1Player(seed))
