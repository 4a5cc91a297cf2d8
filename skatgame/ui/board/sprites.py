"""Card sprites, the table's timings, its message line, and card art warmed ahead."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

from skatgame.table.seatview import Token
from skatgame.ui.anim import Easing, Motion, Shake, ease_out_cubic

if TYPE_CHECKING:
    from skatgame.ui.cards import DeckArt

Goal = tuple[float, float, float, float]  # x, y, angle, width

# base durations in seconds at normal speed
MOVE = 0.32
REFLOW = 0.2
DEAL_STEP = 0.05
DEAL_FLIGHT = 0.3
TRICK_PAUSE = 0.8
COLLECT = 0.42
SKAT_MOVE = 0.5


class CardSprite:
    """One card on the table (a token of the fold): where it is drawn and where it goes."""

    __slots__ = ("token", "x", "y", "angle", "w", "motion", "goal", "face", "face_goal",
                 "shake", "started", "duration", "delay", "ease", "major")

    def __init__(self, token: Token) -> None:
        self.token = token
        self.x = self.y = self.angle = 0.0
        self.w = 60.0
        self.motion: Motion | None = None
        self.goal: Goal | None = None
        self.face = False
        self.face_goal = False
        self.shake: Shake | None = None
        self.started = 0.0  # when the current motion began (draw order of moving cards)
        self.duration: float | None = None  # set with a zone change: the next motion's length
        self.delay = 0.0
        self.ease: Easing = ease_out_cubic
        self.major = False  # the motion shows an event (not just a card rising on hover)

    def value(self) -> Goal:
        return (self.x, self.y, self.angle, self.w)


_WARM: set[tuple[str, bool, int]] = set()


def warm_deck(deck: DeckArt, width: int, budget: float, first: Iterable[int] = ()) -> bool:
    """Render faces (plain and dimmed) at ``width`` for at most ``budget`` seconds.

    Cards in ``first`` come first. Returns whether every card is ready.
    """
    key = (deck.style, deck.german_indices, width)
    if key in _WARM:
        return True
    start = time.perf_counter()
    for c in [*first, *range(32)]:
        deck.face(c, width)
        deck.dimmed(c, width)
        if time.perf_counter() - start > budget:
            return False
    deck.back(width)
    _WARM.add(key)
    return True
