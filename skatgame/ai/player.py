"""The computer-player protocol: one method for every decision of a deal.

A player receives an :class:`~skatgame.engine.observation.Observation` (what its
seat may know, never another hand) and returns one of ``obs.legal_actions``.
The same protocol serves the UI, the arena and the tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from skatgame.ai.reasons import HintReason
from skatgame.engine.actions import PASS, PUSH_SKAT, TAKE_SKAT, Action, Contract
from skatgame.engine.observation import Observation

__all__ = ["Observation", "Player", "RandomPlayer", "Suggestion", "create_player", "LEVELS",
           "register_level"]


@runtime_checkable
class Player(Protocol):
    """A computer player. ``act`` is called only when ``obs.to_move == obs.seat``."""

    name: str

    def act(self, obs: Observation, deadline: float | None = None) -> Action:
        """Choose one of ``obs.legal_actions``.

        ``deadline`` is a ``time.monotonic()`` instant by which the answer is
        due; a player that searches returns its best answer so far by then.
        """
        ...


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A hint for the human: the action a strong player would take, and its chances."""

    action: Action
    win_probability: float | None
    explanation: str = ""
    #: the game the chances are for (bidding, the skat, the discard), when there is one
    contract: Contract | None = None
    #: why, in one word the table puts into the player's language (None: not given)
    reason: HintReason | None = None
    #: the suits (0-3) the reason speaks of: a discard's suits left void
    suits: tuple[int, ...] = ()
    #: the game the bidding helper reckoned the ten cards with, when the hint's game is
    #: another (the hint says why): at the skat, the bid reached beyond the helper's limit
    #: made another game worth more (``helper_limit``: that limit; 0: within it, the skat
    #: decision's closer look gives the other game better chances; ``helper_chance``
    #: the helper's chance);
    #: at the discard, the skat picked up did (``helper_limit`` 0; ``helper_chance`` that
    #: game's chance with this skat, None: not estimated)
    helper_game: Contract | None = None
    helper_chance: float | None = None
    helper_limit: int = 0
    #: the sampled deals the chance is estimated over (0: none or unknown)
    worlds: int = 0


def safe_default(legal: Sequence[Action]) -> Action:
    """The action taken for a player who gave no legal answer: pass (in the auction and
    at Kontra), pick up the skat, push it on (Schieberamsch), else the first legal one."""
    for a in (PASS, TAKE_SKAT, PUSH_SKAT):
        if a in legal:
            return a
    return legal[0]


class RandomPlayer:
    """Plays a uniformly random legal action (the baseline of the arena)."""

    def __init__(self, seed: int | str | None = None, name: str = "Random") -> None:
        self.name = name
        self._rng = random.Random(seed)

    def act(self, obs: Observation, deadline: float | None = None) -> Action:
        if not obs.legal_actions:
            raise ValueError(f"seat {obs.seat} has nothing to decide now")
        return self._rng.choice(obs.legal_actions)


PlayerFactory = Callable[[int | str | None], Player]

#: level name -> factory(seed). Levels register themselves on import.
LEVELS: dict[str, PlayerFactory] = {"random": lambda seed: RandomPlayer(seed)}


def register_level(name: str, factory: PlayerFactory) -> None:
    """Make a level available to :func:`create_player` (and so to the UI and the arena)."""
    LEVELS[name] = factory


def create_player(level: str, seed: int | str | None = None) -> Player:
    """A player of the given level (``random``, ``beginner``, ``advanced``, ``expert``)."""
    _load_levels()
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown player level {level!r}; known: {', '.join(LEVELS)}") from None
    return factory(seed)


def _load_levels() -> None:
    """Import the levels and the yardsticks, which register themselves (absent ones are
    skipped)."""
    import importlib

    for module in ("skatgame.ai.levels", "skatgame.ai.yardsticks"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name != module:
                raise
