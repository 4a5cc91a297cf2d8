"""The deal driver: who sits at each seat of a deal, and asking the right one.

One driver serves every way a deal is played: the window (its computer players
think in a worker and answer later), the arena, the benchmarks, the lessons
and the tests (players answer at once: :meth:`DealDriver.run`). It is the one
place where an answer that is not a legal action is dealt with: a computer
player's answer is *settled* (:func:`settle`): a legal action stands; anything
else (no answer, an illegal action, a crash) is replaced by the safe default
and counted. A person's proposal is checked by the engine and refused with a
message, never replaced.
"""

from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from skatgame.ai.player import Player, safe_default
from skatgame.engine.actions import Action
from skatgame.engine.deal import Deal
from skatgame.engine.events import Event
from skatgame.engine.observation import Observation
from skatgame.engine.seats import Seat

__all__ = ["DealDriver", "Illegal", "safe_default", "settle"]


@dataclass(frozen=True, slots=True)
class Illegal:
    """A computer player's answer that was not legal: what it said, and why."""

    seat: Seat
    answer: object
    error: str = ""


def settle(obs: Observation, answer: object) -> tuple[Action, bool]:
    """The action for a computer player's ``answer`` at ``obs``, and whether the answer
    was legal: a legal action stands, anything else becomes :func:`safe_default`."""
    legal = obs.legal_actions
    if not legal:
        raise ValueError(f"seat {obs.seat} has nothing to decide now")
    if isinstance(answer, Action) and answer in legal:
        return answer, True
    return safe_default(legal), False


@dataclass
class DealDriver:
    """One deal and the players at its seats (``None``: a person, who answers through
    :meth:`propose`).

    ``illegal`` lists every answer that had to be settled. ``on_decision`` (for
    :meth:`run`) is told each computer decision: seat, observation, seconds taken.
    """

    deal: Deal
    players: Sequence[Player | None] = (None, None, None)
    illegal: list[Illegal] = field(default_factory=list)

    @property
    def to_move(self) -> Seat | None:
        seat = self.deal.to_move
        return None if seat is None else Seat(seat)

    def is_person(self, seat: Seat | None) -> bool:
        """Whether a person (not a computer player here) decides at ``seat``."""
        return seat is not None and self.players[seat] is None

    def observation(self, seat: Seat) -> Observation:
        """What ``seat`` may know now: the only thing a player is shown."""
        return self.deal.observation(seat)

    def propose(self, action: Action, seat: Seat | None = None) -> list[Event]:
        """A person's action; raises :class:`~skatgame.engine.deal.IllegalActionError`
        (the deal unchanged) when the rules do not allow it."""
        return self.deal.apply(action, seat)

    def answer(self, seat: Seat, answer: object, obs: Observation | None = None,
               error: str = "") -> list[Event]:
        """A computer player's answer for ``seat`` (``None``: it gave none), settled and
        applied. ``obs`` is the observation it answered (default: the seat's now)."""
        if seat != self.deal.to_move:
            raise ValueError(f"seat {seat} is not to move (seat {self.deal.to_move} is)")
        obs = obs if obs is not None else self.observation(seat)
        action, legal = settle(obs, answer)
        if not legal:
            self.illegal.append(Illegal(seat, answer, error or f"not legal: {answer!r}"))
        return self.deal.apply(action, seat)

    def _consult(self, seat: Seat, deadline: float | None
                 ) -> tuple[Observation, object, str]:
        """Ask the computer player at ``seat``: what it saw, its answer, and the error
        it failed with ("" when it answered)."""
        player = self.players[seat]
        if player is None:
            raise ValueError(f"a person decides at seat {seat}")
        obs = self.observation(seat)
        try:
            return obs, player.act(obs, deadline), ""
        except Exception as e:  # a player that fails is answered for (and counted)
            traceback.print_exc(file=sys.stderr)
            return obs, None, f"{type(e).__name__}: {e}"

    def ask(self, seat: Seat, deadline: float | None = None) -> list[Event]:
        """Ask the player at ``seat`` now and apply its settled answer."""
        obs, answer, error = self._consult(seat, deadline)
        return self.answer(seat, answer, obs, error)

    def run(self, time_limit: float | None = None,
            on_decision: Callable[[Seat, Observation, float], None] | None = None
            ) -> Deal:
        """Play the deal to its end with computer players at every seat; ``time_limit``
        gives each decision a deadline that many seconds away."""
        if any(p is None for p in self.players):
            raise ValueError("run() needs a computer player at every seat")
        while (seat := self.to_move) is not None:
            start = time.perf_counter()
            deadline = time.monotonic() + time_limit if time_limit else None
            obs, answer, error = self._consult(seat, deadline)
            if on_decision is not None:
                on_decision(seat, obs, time.perf_counter() - start)
            self.answer(seat, answer, obs, error)
        return self.deal
