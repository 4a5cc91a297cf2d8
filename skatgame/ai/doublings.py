"""A player's Kontra and Re looked at again: what he knew and what doubling did.

Doubling is one decision that can cost most of a deal, so the review lists it
with the card decisions: the chance the hint's Kontra (or Re) advice gives at
that moment (the same Expert, the same seed, the same figure) and what the
doubling changed on the list, the declarer's score with and without it.
A Kontra or Re said is always listed (what it cost or gained); one not said
where the hint advised it is listed where the side won (what it would have
gained).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from skatgame.ai.hints import HINT_SEED, suggest
from skatgame.ai.levels.expert import ExpertPlayer
from skatgame.engine.actions import Kontra, Pass, Re
from skatgame.engine.deal import Deal
from skatgame.engine.phase import Phase
from skatgame.engine.seats import SEATS

__all__ = ["Doubling", "doubling_decisions"]


@dataclass(frozen=True, slots=True)
class Doubling:
    """One doubling decision of ``seat``: ``call`` is "kontra" or "re" (said) or
    "no_kontra" / "no_re" (not said though the hint advised it).

    ``chance`` is the seat's side's win chance as the hint gave it (None: no
    estimate), ``advised`` whether the hint advised doubling; ``with_value`` and
    ``without_value`` the declarer's signed score with and without this
    doubling; ``cost`` what it cost the seat on the list (negative: what it
    gained).
    """

    seat: int
    call: str
    chance: float | None
    advised: bool
    with_value: int
    without_value: int
    cost: int

    @property
    def said(self) -> bool:
        return not self.call.startswith("no_")


def doubling_decisions(deal: Deal, seat: int, seed: str = HINT_SEED,
                       think_seconds: float | None = None) -> list[Doubling]:
    """The doubling decisions of ``seat`` in the finished ``deal`` worth listing."""
    result = deal.result
    if result is None or result.passed or deal.declarer is None:
        return []
    out: list[Doubling] = []
    for step, (who, action) in enumerate(deal.history):
        if who != seat or not isinstance(action, (Kontra, Re, Pass)):
            continue
        before = deal.replayed(step)
        if before.phase not in (Phase.KONTRA, Phase.RE):
            continue
        said = not isinstance(action, Pass)
        obs = before.observation(SEATS[seat])
        deadline = None if think_seconds is None else time.monotonic() + think_seconds
        hint = suggest(obs, deadline=deadline, player=ExpertPlayer(seed))
        advised = isinstance(hint.action, (Kontra, Re))
        declarer_side = seat == deal.declarer
        mine = result.value if declarer_side else -result.value  # the seat's side's view
        if said:
            with_value, without_value = result.value, result.value // 2
        elif advised:
            with_value, without_value = result.value * 2, result.value
            if mine < 0:  # the side lost: not doubling was right after all
                continue
        else:
            continue
        cost = (without_value - with_value) if declarer_side else (with_value - without_value)
        call = "kontra" if before.phase is Phase.KONTRA else "re"
        out.append(Doubling(seat, call if said else f"no_{call}", hint.win_probability,
                            advised, with_value, without_value,
                            cost if said else -cost))
    return out
