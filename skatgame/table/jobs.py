"""The jobs the worker process does, each a typed value with a typed answer.

A job is a small frozen dataclass (it travels to the worker by pickle); its
:meth:`Job.run` does the work there and returns the answer, ``None`` where the
work failed (a hint, an estimate and an analysis are courtesies: failing gives
none; a move without an answer is settled by the deal driver). The modules of
the computer players are imported inside ``run``, so the game's own process
never loads them.
"""

from __future__ import annotations

import functools
import sys
import time
import traceback
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from skatgame.engine.actions import Action
from skatgame.engine.cards import Card
from skatgame.engine.observation import Observation

if TYPE_CHECKING:
    from skatgame.ai.advice import BidAdvice
    from skatgame.ai.player import Player, Suggestion
    from skatgame.ai.review import DealReview, InformedView

__all__ = ["AdviceJob", "HintJob", "Job", "MoveJob", "ReviewCardJob", "ReviewOpenJob",
           "THINK_SECONDS", "run_job"]

#: How long a player may think for one decision (passed as its deadline).
THINK_SECONDS = 1.5

R = TypeVar("R")


class Job(Generic[R]):
    """A piece of work for the worker; :meth:`run` gives its answer of type ``R``."""

    def run(self) -> R | None:
        raise NotImplementedError


def run_job(job: Job[R]) -> R | None:
    """Do ``job`` (in the worker); an exception is printed and answered with ``None``."""
    try:
        return job.run()
    except Exception:
        traceback.print_exc(file=sys.stderr)
        return None


@functools.lru_cache(maxsize=12)
def _player(level: str, seed: str) -> Player:
    """The player for a level and seed, kept for the next decisions of the same seat."""
    from skatgame.ai.player import create_player

    try:
        return create_player(level, seed)
    except ValueError:  # a level that is not there (yet): the random player stands in
        return create_player("random", seed)


@dataclass(frozen=True)
class MoveJob(Job[Action]):
    """A computer player's decision: the player of ``level`` at the seat of ``obs``.

    The answer is whatever the player says (``None`` when it failed); the deal
    driver settles an answer that is not one of the legal actions.
    """

    obs: Observation
    level: str
    seed: str
    think_seconds: float = THINK_SECONDS

    def run(self) -> Action | None:
        return _player(self.level, self.seed).act(self.obs,
                                                  time.monotonic() + self.think_seconds)


@dataclass(frozen=True)
class HintJob(Job["Suggestion"]):
    """The Expert's suggestion for the human at the seat of ``obs``, with its reason."""

    obs: Observation
    think_seconds: float = THINK_SECONDS

    def run(self) -> Suggestion | None:
        from skatgame.ai.hints import suggest

        return suggest(self.obs, deadline=time.monotonic() + self.think_seconds)


@dataclass(frozen=True)
class AdviceJob(Job["BidAdvice"]):
    """The bidding helper: what the hand of ``obs`` is worth in the auction."""

    obs: Observation
    think_seconds: float = THINK_SECONDS

    def run(self) -> BidAdvice | None:
        from skatgame.ai.advice import bid_advice

        return bid_advice(self.obs, deadline=time.monotonic() + self.think_seconds)


@dataclass(frozen=True)
class ReviewOpenJob(Job["DealReview"]):
    """A review's open-cards analysis of the deal ``record``."""

    record: dict[str, Any]
    human: int | None = None  # the human's seat: his Kontra and Re are looked at too

    def run(self) -> DealReview | None:
        from skatgame.table.review import open_review

        return open_review(self.record, self.human)


@dataclass(frozen=True)
class ReviewCardJob(Job["InformedView"]):
    """A review's fair view of the card ``played`` at the position of ``obs``."""

    obs: Observation
    played: Card
    seed: str

    def run(self) -> InformedView | None:
        from skatgame.table.review import card_estimate

        return card_estimate(self.obs, self.played, self.seed)
