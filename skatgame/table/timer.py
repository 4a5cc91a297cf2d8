"""The move timer: seconds per decision of the human, with an injectable clock.

A :class:`MoveTimer` counts down one decision. It reads time from a clock
function (the game's own clock in the window, a fake one in tests), so it
never waits itself and has no pause of its own: the table pauses it by
holding that clock, which runs only while the table (or its declaring panel)
is on top and the window focused. When it runs out, the table plays the
Expert's suggestion for the human. Computer players are never timed.
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
    keeps the running countdown); :attr:`expired` tells when it ran out. The
    time is the ``clock``'s: a clock that stands still pauses the countdown.
    ``seconds`` 0 is no timer.
    """

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        if seconds < 0:
            raise ValueError("the move timer cannot be negative")
        self.seconds = float(seconds)
        self.clock = clock
        self.key: Hashable | None = None
        self._since = 0.0  # clock time the decision began

    @property
    def enabled(self) -> bool:
        return self.seconds > 0

    @property
    def active(self) -> bool:
        """Whether a decision is being timed."""
        return self.key is not None

    def start(self, key: Hashable) -> None:
        """Time the decision ``key``; a new key starts from the full time."""
        if not self.enabled or key == self.key:
            return
        self.key = key
        self._since = self.clock()

    def stop(self) -> None:
        """The decision was made (or is not the human's any more)."""
        self.key = None

    @property
    def used(self) -> float:
        """Seconds the decision has taken by the clock (0 when none is timed)."""
        return max(0.0, self.clock() - self._since) if self.key is not None else 0.0

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
