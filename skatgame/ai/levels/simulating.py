"""What the Expert shares with its yardstick, the first Expert: bidding by simulation.

:class:`SimulatingPlayer` holds the decisions both make the same way, each on
sampled deals solved double-dummy:

* Bidding, hand or skat, discard and contract: :mod:`skatgame.ai.bidding`
  plays the candidate games over sampled deals and takes the best expected
  score that reaches the bid.
* The declarer's chance at the table, which Kontra and Re are decided on.
* Ramsch card play: play-outs of sampled worlds
  (:func:`skatgame.ai.pimc.ramsch_choice`).

A subclass sets the solver's search refinements (``features``) and the node
caps of the simulated games (``bid_call_nodes``, ``bid_null_nodes``), and
decides Kontra and the cards of a suit, grand or null game its own way.
Budgets are node counts and sample sizes, so a decision depends only on the
seed and the observation; a deadline, when given, cuts the sampling short.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar, cast

from skatgame.ai.bidding import (
    GameOption,
    HandEstimate,
    SkatChoice,
    estimate_auction,
    estimate_pickup,
    table_chance,
)
from skatgame.ai.budget import NodeBudget
from skatgame.ai.chances import limit_game, unproved
from skatgame.ai.levels.base import Answer, Decision, bid_or_pass, declare_action, pickup_hand
from skatgame.ai.levels.beginner import BeginnerPlayer
from skatgame.ai.pimc import game_target, ramsch_choice
from skatgame.ai.sampling import auction_weight, sample_worlds
from skatgame.ai.solver import Position
from skatgame.engine.actions import PLAYS, TAKE_SKAT, Discard
from skatgame.engine.cards import points_of
from skatgame.engine.observation import Observation
from skatgame.engine.rules import GameKind

__all__ = ["SimulatingPlayer"]

_Estimate = TypeVar("_Estimate", bound="HandEstimate[Any]")


class SimulatingPlayer(BeginnerPlayer):
    """Bidding, the skat, the discard and the contract by simulated games."""

    name = "Simulating"
    #: the solver's search refinements its budgets are counted in
    features: int
    #: node cap of one solver call in the bidding, Kontra and Re (over it: half a win)
    bid_call_nodes: int
    #: the same for a null game (None: bid_call_nodes)
    bid_null_nodes: int | None
    #: sampled deals and search nodes: bidding, after picking up, Kontra and Re
    auction_samples = 20
    auction_nodes = 6_000_000
    pickup_samples = 20
    pickup_nodes = 6_000_000
    kontra_samples = 16
    kontra_nodes = 4_000_000
    #: Ramsch card play: worlds sampled, play-outs of each
    ramsch_worlds = 12
    ramsch_playouts = 4

    def __init__(self, seed: int | str | None = None, name: str | None = None) -> None:
        super().__init__(seed, name)
        self._cache: dict[tuple[object, ...], HandEstimate[Any]] = {}

    def _budget(self, total: int, per_call: int, deadline: float | None,
                null_per_call: int | None = None) -> NodeBudget:
        return NodeBudget(total, per_call, deadline, self.features, null_per_call)

    def _bid_budget(self, total: int, deadline: float | None) -> NodeBudget:
        """A budget of ``total`` nodes for simulated games (bidding, skat, Kontra)."""
        return self._budget(total, self.bid_call_nodes, deadline, self.bid_null_nodes)

    def _rng(self, *parts: object) -> random.Random:
        return random.Random("|".join(str(p) for p in (self.seed, *parts)))

    def _cached(self, key: tuple[object, ...], make: Callable[[], _Estimate]) -> _Estimate:
        """An estimate computed once per key: its inputs and seed are all in the key."""
        est = self._cache.get(key)
        if est is None:
            if len(self._cache) > 32:
                self._cache.clear()
            est = make()
            self._cache[key] = est
        # one cache for both kinds of estimate: the key's first part tells them apart
        return cast(_Estimate, est)

    # ------------------------------------------------------------ auction and skat

    def auction_estimate(self, obs: Observation, deadline: float | None
                         ) -> HandEstimate[GameOption | SkatChoice]:
        """The simulated games of the seat's ten cards (computed once per hand)."""
        gb = obs.options.grand_base
        key = ("auction", obs.seat, obs.hand, gb)
        return self._cached(key, lambda: estimate_auction(
            obs.hand, obs.seat, gb, self._rng(*key), samples=self.auction_samples,
            budget=self._bid_budget(self.auction_nodes, deadline)))

    def on_bid(self, obs: Observation, deadline: float | None) -> Decision:
        est = self.auction_estimate(obs, deadline)
        # the game and chance the bidding helper shows (skatgame.ai.advice): one answer
        game = limit_game(est)
        limit = game.limit
        action = bid_or_pass(obs, limit)
        why = (f"best game {game.contract.letters}, bid up to {limit}" if game.contract
               else "no game worth bidding")
        return Decision(action, game.win_probability, why, game.contract)

    def on_skat(self, obs: Observation, deadline: float | None) -> Decision:
        est = self.auction_estimate(obs, deadline)
        hand = est.best(obs.bid, hand=True)
        pick = est.best(obs.bid, hand=False)
        gb = obs.options.grand_base
        if hand is not None and (pick is None or hand.expected(obs.bid, gb)
                                 > pick.expected(obs.bid, gb)):
            a = declare_action(obs, hand.contract)
            if a is not None:
                return Decision(a, hand.win_probability,
                                f"{hand.contract.letters} without the skat")
        p = pick.win_probability if pick else None
        return Decision(TAKE_SKAT, p, "pick up the skat", pick.contract if pick else None)

    def pickup_estimate(self, obs: Observation, deadline: float | None,
                        discard: tuple[int, int] | None = None) -> HandEstimate[GameOption]:
        """Simulated games after picking up (cached from the discard to the declaration)."""
        cards12 = pickup_hand(obs)
        key = ("pickup", obs.seat, cards12, obs.bid, obs.auction_calls, discard)
        return self._cached(key, lambda: estimate_pickup(
            obs, self._rng(*key[:-1]), samples=self.pickup_samples,
            budget=self._bid_budget(self.pickup_nodes, deadline), discard=discard))

    def on_discard(self, obs: Observation, deadline: float | None) -> Answer:
        est = self.pickup_estimate(obs, deadline)
        best = est.best(obs.bid)
        if best is None or best.discard is None:
            return super().on_discard(obs, deadline)
        return Decision(Discard.of(*best.discard), best.win_probability,
                        f"put away for {best.contract.letters}", best.contract)

    def on_declare(self, obs: Observation, deadline: float | None) -> Answer:
        put = obs.known_skat & ~obs.hand
        cards = [c for c in range(32) if put >> c & 1]
        discard = (cards[0], cards[1]) if len(cards) == 2 else None
        est = self.pickup_estimate(obs, deadline)
        options = [o for o in est.options if o.discard == discard and o.results]
        if not options and discard is not None:
            est = self.pickup_estimate(obs, deadline, discard)
            options = [o for o in est.options if o.results]
        pool = HandEstimate(options, obs.options.grand_base)
        best = pool.best(obs.bid)
        if best is None:
            return super().on_declare(obs, deadline)
        a = declare_action(obs, best.contract)
        if a is None:
            return super().on_declare(obs, deadline)
        return Decision(a, best.win_probability,
                        f"{best.contract.letters}: estimated {best.win_probability:.0%}")

    # ------------------------------------------------------------ kontra and re

    def declarer_chance(self, obs: Observation, deadline: float | None
                        ) -> tuple[float, int] | None:
        """The declarer's chance to win at the table over sampled deals (each solved
        double-dummy) and how many deals were solved; None when none was."""
        assert obs.contract is not None and obs.declarer is not None
        rng = self.rng_for(obs, "kontra")
        worlds = sample_worlds(obs, self.kontra_samples, rng, auction_weight(obs))
        kind = int(obs.contract.kind)
        target = game_target(obs)
        budget = self._bid_budget(self.kontra_nodes, deadline)
        wins = n = 0
        for w in worlds:
            if budget.exhausted:
                break
            pos = Position(kind, w.hands, obs.declarer, 0)
            need = 1 if kind == GameKind.NULL else target - points_of(w.skat)
            won = budget.reaches(pos, need)
            if won is None:
                continue
            wins += won
            n += 1
        if not n:
            return None
        return table_chance(wins / n, obs.contract.ouvert), n

    # ------------------------------------------------------------ cards

    def ramsch_card(self, obs: Observation, deadline: float | None) -> Decision:
        """The card to play in Ramsch: the best in play-outs of sampled worlds."""
        ch = ramsch_choice(obs, self.rng_for(obs, "card"), worlds=self.ramsch_worlds,
                           playouts=self.ramsch_playouts, deadline=deadline)
        # play-outs prove nothing: never shown as certain
        p = None if ch.win_probability is None else unproved(ch.win_probability)
        return Decision(PLAYS[ch.card], p, f"best in play-outs of {ch.worlds} sampled deals")
