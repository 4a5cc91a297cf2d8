"""Beginner: plays by the rules of thumb, no search. Answers in a few milliseconds.

Bids from a hand count (:mod:`skatgame.ai.evaluation`), plays hand when the
count is high, discards soundly, and plays its cards by the table rules of
:mod:`skatgame.ai.cardplay`.
"""

from __future__ import annotations

from skatgame.ai.cardplay import rule_card
from skatgame.ai.evaluation import (
    RAMSCH_TAKE,
    SUIT_HAND,
    bid_limit,
    grand_strength,
    plan_pickup,
    plans,
    ramsch_danger,
    ranked_ramsch_discard,
    strength,
)
from skatgame.ai.levels.base import (
    Answer,
    LevelPlayer,
    bid_or_pass,
    declare_action,
    kontra_or_re,
    pickup_hand,
)
from skatgame.ai.player import register_level
from skatgame.engine.actions import PLAYS, PUSH_SKAT, TAKE_SKAT, Discard
from skatgame.engine.cards import JACKS, cards_of
from skatgame.engine.observation import Observation
from skatgame.engine.phase import Phase
from skatgame.engine.rules import GameKind, trump_mask

__all__ = ["BeginnerPlayer"]


class BeginnerPlayer(LevelPlayer):
    """The rule-based level."""

    name = "Beginner"

    # ------------------------------------------------------------ auction and skat

    def on_bid(self, obs: Observation, deadline: float | None) -> Answer:
        limit = bid_limit(obs.hand, obs.seat == 0, obs.options.grand_base)
        return bid_or_pass(obs, limit)

    def on_skat(self, obs: Observation, deadline: float | None) -> Answer:
        for p in plans(obs.hand, obs.seat == 0, obs.options.grand_base, hand_game=True):
            if p.value >= obs.bid:
                a = declare_action(obs, p.contract)
                if a is not None:
                    return a
        return TAKE_SKAT

    def on_discard(self, obs: Observation, deadline: float | None) -> Answer:
        _, (a, b) = plan_pickup(obs.hand, obs.bid, obs.seat == 0, obs.options.grand_base)
        return Discard.of(a, b)

    def on_declare(self, obs: Observation, deadline: float | None) -> Answer:
        contract, _ = plan_pickup(pickup_hand(obs), obs.bid, obs.seat == 0,
                                  obs.options.grand_base)
        return declare_action(obs, contract)

    # ------------------------------------------------------------ kontra, re, ramsch

    def on_kontra(self, obs: Observation, deadline: float | None) -> Answer:
        assert obs.contract is not None
        kind = obs.contract.kind
        hand = obs.hand
        if obs.seat == obs.declarer:  # Re
            return kontra_or_re(obs, strength(kind, hand, obs.seat == 0) >= SUIT_HAND + 1.0)
        if kind == GameKind.NULL:
            return kontra_or_re(obs, False)
        trumps = (hand & trump_mask(kind)).bit_count()
        jacks = (hand & JACKS).bit_count()
        if kind == GameKind.GRAND:
            aces = sum(1 for c in cards_of(hand) if c & 7 == 6)
            say = jacks >= 2 and aces >= 2 or grand_strength(hand) >= 6.5
        else:
            say = trumps >= 5 or (trumps >= 4 and jacks >= 2)
        return kontra_or_re(obs, say)

    def on_schieben(self, obs: Observation, deadline: float | None) -> Answer:
        if obs.phase is Phase.SCHIEBEN:
            return TAKE_SKAT if ramsch_danger(obs.hand) >= RAMSCH_TAKE else PUSH_SKAT
        # Schieberamsch discard: pass on the most dangerous cards (never jacks)
        a, b = ranked_ramsch_discard(obs.hand)
        return Discard.of(a, b)

    # ------------------------------------------------------------ cards

    def on_card(self, obs: Observation, deadline: float | None) -> Answer:
        return PLAYS[rule_card(obs)]


register_level("beginner", lambda seed: BeginnerPlayer(seed))
