"""The skeleton every level shares: one method per kind of decision.

:class:`LevelPlayer` implements the :class:`~skatgame.ai.player.Player`
protocol. ``act`` looks at the phase of the observation and calls the method
for that kind of decision (``on_bid``, ``on_skat``, ``on_discard``,
``on_declare``, ``on_kontra``, ``on_schieben``, ``on_card``); a level
overrides the ones it plays differently. Whatever a method
returns, ``act`` only ever hands back one of ``obs.legal_actions``.

Randomness comes from :meth:`LevelPlayer.rng_for`, a generator seeded from
the player's seed and the observation itself, so a decision depends on
nothing but what the seat sees (and never on how many decisions came before).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TypeAlias

from skatgame.engine.actions import (
    HOLD,
    KONTRA,
    PASS,
    RE,
    TAKE_SKAT,
    Action,
    Bid,
    Contract,
    Declare,
)
from skatgame.engine.cards import Mask
from skatgame.engine.observation import Observation
from skatgame.engine.phase import Phase

__all__ = ["Answer", "Decision", "LevelPlayer", "decision_kind", "observation_key"]

_KIND_OF_PHASE = {
    Phase.AUCTION: "bid", Phase.SKAT: "skat", Phase.DISCARD: "discard",
    Phase.DECLARE: "declare", Phase.KONTRA: "kontra", Phase.RE: "kontra",
    Phase.SCHIEBEN: "schieben", Phase.PLAY: "card",
}


def decision_kind(obs: Observation) -> str:
    """The kind of decision an observation asks for, as the arena and the benchmark
    report it: ``bid``, ``skat``, ``discard``, ``declare``, ``kontra`` (Kontra and
    Re), ``schieben`` (Schieberamsch: take, push, pass on two cards) or ``card``."""
    if obs.phase is Phase.DISCARD and obs.contract is not None:
        return "schieben"  # a Schieberamsch discard
    return _KIND_OF_PHASE.get(obs.phase, "other")


@dataclass(frozen=True, slots=True)
class Decision:
    """An action with the player's estimate of the chances that go with it."""

    action: Action
    win_probability: float | None = None
    explanation: str = ""
    contract: Contract | None = None  # the game the chances are for, when there is one
    worlds: int = 0  # the sampled deals the chances are estimated over (0: none, unknown)


Answer: TypeAlias = "Action | Decision | None"
"""What a decision method returns: an action, one with its chances, or None (the first legal
action, or :meth:`LevelPlayer.fallback`'s, stands in)."""


def observation_key(obs: Observation) -> str:
    """A text that identifies everything a seat has seen (for seeding and caching)."""
    tricks = ",".join(f"{t.leader}:{t.cards}" for t in obs.tricks)
    return (f"{obs.seat}|{obs.phase.value}|{obs.hand}|{obs.known_skat}|{obs.open_cards}|"
            f"{obs.auction_calls}|{obs.contract.letters if obs.contract else '-'}|"
            f"{obs.kontra}|{obs.pushes}|{obs.trick_leader}:{obs.trick}|{tricks}|"
            f"{obs.options.to_dict()}")


class LevelPlayer:
    """Base class of the levels: dispatches each decision to a method by phase."""

    name = "player"

    def __init__(self, seed: int | str | None = None, name: str | None = None) -> None:
        self.seed = 0 if seed is None else seed
        if name is not None:
            self.name = name

    # ------------------------------------------------------------ protocol

    def act(self, obs: Observation, deadline: float | None = None) -> Action:
        """Choose one of ``obs.legal_actions`` (see :class:`~skatgame.ai.player.Player`)."""
        return self.decide(obs, deadline).action

    def decide(self, obs: Observation, deadline: float | None = None) -> Decision:
        """Like :meth:`act`, with the estimated win probability where the level has one."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError(f"seat {obs.seat} has nothing to decide now")
        if len(legal) == 1:
            return Decision(legal[0])
        handler = getattr(self, f"on_{decision_kind(obs)}", None)
        result = handler(obs, deadline) if handler is not None else None
        if isinstance(result, Decision):
            return result
        # no opinion: the first legal action (an illegal answer is the deal driver's to
        # settle, in one place: skatgame.table.driver)
        return Decision(result) if result is not None else Decision(legal[0])

    def rng_for(self, obs: Observation, salt: str = "") -> random.Random:
        """A generator seeded by the player's seed and what the seat has seen."""
        return random.Random(f"{self.seed}|{salt}|{observation_key(obs)}")

    # ------------------------------------------------------------ decisions (override)

    def on_bid(self, obs: Observation, deadline: float | None) -> Answer:
        return PASS

    def on_skat(self, obs: Observation, deadline: float | None) -> Answer:
        return TAKE_SKAT

    def on_discard(self, obs: Observation, deadline: float | None) -> Answer:
        return None

    def on_declare(self, obs: Observation, deadline: float | None) -> Answer:
        return None

    def on_kontra(self, obs: Observation, deadline: float | None) -> Answer:
        return PASS

    def on_schieben(self, obs: Observation, deadline: float | None) -> Answer:
        return None

    def on_card(self, obs: Observation, deadline: float | None) -> Answer:
        return None


# ------------------------------------------------------------ small helpers

def bid_or_pass(obs: Observation, limit: int) -> Action:
    """Hold or name the next value while it stays within ``limit``, else pass."""
    legal = obs.legal_actions
    if HOLD in legal:
        return HOLD if obs.auction_value <= limit else PASS
    bids = [a for a in legal if isinstance(a, Bid)]
    if bids:
        lowest = min(bids, key=lambda b: b.value)
        if lowest.value <= limit:
            return lowest
    return PASS


def kontra_or_re(obs: Observation, say: bool) -> Action:
    """Kontra (or Re, whichever is open) when ``say``, else pass."""
    for a in (KONTRA, RE):
        if say and a in obs.legal_actions:
            return a
    return PASS


def declare_action(obs: Observation, contract: object) -> Declare | None:
    """The legal ``Declare`` action for ``contract``, if it is one."""
    for a in obs.legal_actions:
        if isinstance(a, Declare) and a.contract == contract:
            return a
    return None


def pickup_hand(obs: Observation) -> Mask:
    """The declarer's twelve cards after picking up (hand plus the cards put away)."""
    return obs.hand | (obs.known_skat & ~obs.played)
