"""Input that arrived too early never acts: the gate in front of a panel or a decision.

A key pressed while the table was still moving, or a second Enter meant for
the dialog that has just gone, must not choose in the panel that appears
next. A :class:`InputGate` is *closed* until its panel has been on screen for
a short while (``grace`` seconds of game time) with no key pressed or button
clicked: a press that arrives meanwhile is dropped and starts the wait anew,
so a burst of Enters (an impatient player during the last trick) never
reaches the panel. A key that was held down when the gate opened (its
auto-repeat) stays dropped until it is let go and pressed anew.
"""

from __future__ import annotations

import pygame

#: Seconds a panel shows before it takes input (Enter presses queued in a fast
#: burst are about 0.1 s apart; a deliberate press after reading comes later).
PANEL_GRACE = 0.35
#: Seconds a deal's results show before a key or click takes them away: long enough to
#: see the score (a playtester skipped them twice with the Enter after his last card).
RESULTS_GRACE = 0.8
#: Seconds the human's decision at the table waits after the table came to rest.
TURN_GRACE = 0.15


class InputGate:
    """Drops key presses and clicks until ``grace`` seconds after :meth:`close`."""

    def __init__(self, grace: float = PANEL_GRACE) -> None:
        self.grace = grace
        self.waited = 0.0
        self.held: set[int] = set()  # keys pressed before the gate opened, not yet released
        self.pressed_mouse = False  # a button went down while closed (its up is dropped too)

    @property
    def open(self) -> bool:
        return self.waited >= self.grace

    def close(self, grace: float | None = None) -> None:
        """Start waiting again (the panel has just appeared or changed)."""
        if grace is not None:
            self.grace = grace
        self.waited = 0.0

    def update(self, dt: float) -> None:
        self.waited += dt

    def admits(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` may act now; key and mouse-button events are tracked."""
        t = event.type
        if t == pygame.KEYUP:
            self.held.discard(event.key)
            return self.open
        if t == pygame.KEYDOWN:
            if not self.open:
                self.held.add(event.key)
                self.waited = 0.0  # a burst of presses keeps it closed until it stops
                return False
            return event.key not in self.held  # not the auto-repeat of a key held before
        if t == pygame.MOUSEBUTTONDOWN:
            self.pressed_mouse = not self.open
            if self.pressed_mouse:
                self.waited = 0.0
            return self.open
        if t == pygame.MOUSEBUTTONUP and self.pressed_mouse:  # released from a closed press
            self.pressed_mouse = False
            return False
        return self.open if t == pygame.MOUSEBUTTONUP else True
