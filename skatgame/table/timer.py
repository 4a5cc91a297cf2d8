"""The move timer: seconds per decision of the human, with an injectable clock.

A :class:`MoveTimer` counts down one decision. It reads time from a clock
function (the game's own clock in the window, a fake one in tests), so it
never waits itself; the table pauses it while the pause menu is open or the
window is not focused. When it runs out, the table plays the Expert's
suggestion for the human. Computer players are never timed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable

#: The choices offered: 0 is off, else seconds per decision.
MOVE_TIMERS = (0, 7, 15, 30, 60)

#: In the last this many seconds the countdown turns red.
URGENT_SECONDS = 5.0


class MoveTimer:
    """A countdown of ``seconds`` for one decision at a time.

    :meth:`start` begins a decision (named by ``key``: the same key again
    keeps the running countdown); :meth:`pause` and :meth:`resume` stop the
    time; :attr:`expired` tells when it ran out. ``seconds`` 0 is no timer.
    """

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        if seconds < 0:
            raise ValueError("the move timer cannot be negative")
        self.seconds = float(seconds)
        self.clock = clock
        self.key: Hashable | None = None
        self._used = 0.0  # seconds used before the last resume
        self._since: float | None = None  # clock time of the last resume (None: paused)

    @property
    def enabled(self) -> bool:
        return self.seconds > 0

    @property
    def active(self) -> bool:
        """Whether a decision is being timed (running or paused)."""
        return self.key is not None

    @property
    def running(self) -> bool:
        return self._since is not None

    def start(self, key: Hashable) -> None:
        """Time the decision ``key``; a new key starts from the full time."""
        if not self.enabled or key == self.key:
            return
        self.key = key
        self._used = 0.0
        self._since = self.clock()

    def stop(self) -> None:
        """The decision was made (or is not the human's any more)."""
        self.key = None
        self._used = 0.0
        self._since = None

    def pause(self) -> None:
        if self._since is not None:
            self._used += max(0.0, self.clock() - self._since)
            self._since = None

    def resume(self) -> None:
        if self.key is not None and self._since is None:
            self._since = self.clock()

    @property
    def used(self) -> float:
        running = max(0.0, self.clock() - self._since) if self._since is not None else 0.0
        return self._used + running

    @property
    def remaining(self) -> float:
        """Seconds left for the decision (the full time when none is timed)."""
        if self.key is None:
            return self.seconds
        return max(0.0, self.seconds - self.used)

    @property
    def fraction(self) -> float:
        """The share of the time left, 1.0 down to 0.0."""
        return self.remaining / self.seconds if self.seconds else 1.0

    @property
    def urgent(self) -> bool:
        """The last seconds: the countdown is shown in red."""
        return self.active and self.remaining <= min(URGENT_SECONDS, self.seconds / 3)

    @property
    def expired(self) -> bool:
        return self.active and self.remaining <= 0.0

    def shown_seconds(self) -> int:
        """The whole seconds to show (rounded up: 0 only when the time is over)."""
        left = self.remaining
        whole = int(left)
        return whole + (1 if left > whole else 0)
