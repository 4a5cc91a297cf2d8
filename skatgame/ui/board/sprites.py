"""Card sprites, the table's timings, its message line, and card art warmed ahead."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

from skatgame.table.labels import Label
from skatgame.table.seatview import Token
from skatgame.ui import theme, widgets
from skatgame.ui.anim import Easing, Motion, Shake, ease_out_cubic
from skatgame.ui.text import Color

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


class InsistentToast(widgets.Toast):
    """The table's toast; a message it :meth:`insist` s on (what the move timer did) is
    not replaced for a while: messages shown meanwhile wait and follow it."""

    def __init__(self) -> None:
        super().__init__()
        self.guard = 0.0  # seconds the current message is kept at least
        self._next: tuple[Label, float, Color] | None = None

    @property
    def insisting(self) -> bool:
        """Whether a message insisted on is still kept on the table."""
        return self.guard > 0 and self.visible

    def insist(self, label: Label, seconds: float, color: Color,
               keep: float) -> None:
        """Show ``label`` and keep it ``keep`` seconds whatever else is shown meanwhile."""
        super().show(label, seconds, color)
        self.guard = keep

    def show(self, label: Label, seconds: float = 2.2,
             color: Color = theme.TEXT) -> None:
        if self.insisting:
            self._next = (label, seconds, color)
            return
        super().show(label, seconds, color)

    def clear(self, force: bool = False) -> None:
        if force:
            self.guard, self._next = 0.0, None
        if not self.insisting:
            super().clear()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.guard > 0:
            self.guard = max(0.0, self.guard - dt)
            if self.guard == 0 and self._next is not None:
                label, seconds, color = self._next
                self._next = None
                super().show(label, seconds, color)


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
