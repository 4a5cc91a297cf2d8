"""Eased motion for cards and widgets, advanced by ``update(dt)`` and skippable.

Nothing here waits or sleeps: a :class:`Motion` moves a tuple of numbers from
one value to another over a duration (after an optional delay), and a scene
asks it for the current value each frame. ``finish()`` jumps to the end, which
is how a click skips an animation.

*Reduce motion* (:func:`reduce_motion`) holds for every motion made here while it is
on: nothing slides (a :class:`Motion` jumps to its end once its delay is over, so the
pace of the table stays), nothing shakes, and a :class:`Fade` fades in and out in at
most :data:`CALM_FADE` seconds. Pulsing and blinking drawn elsewhere asks :func:`calm`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

Easing = Callable[[float], float]

#: Duration factor per animation-speed setting (0 means no animation at all).
SPEED_FACTORS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}


#: The longest fade in or out while motion is reduced, in seconds.
CALM_FADE = 0.12

_calm = False


def reduce_motion(on: bool) -> None:
    """Reduce motion from now on (the setting of that name), or let things move again."""
    global _calm
    _calm = on


def calm() -> bool:
    """Whether motion is reduced: draw nothing that slides, pulses or blinks."""
    return _calm


def speed_factor(name: str) -> float:
    """The duration factor of an animation-speed setting (normal for unknown names)."""
    return SPEED_FACTORS.get(name, 1.0)


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


class Motion:
    """Moves a tuple of floats from ``start`` to ``end`` in ``duration`` seconds after ``delay``."""

    __slots__ = ("start", "end", "duration", "delay", "elapsed", "ease")

    def __init__(self, start: Sequence[float], end: Sequence[float], duration: float,
                 delay: float = 0.0, ease: Easing = ease_out_cubic) -> None:
        self.start = tuple(start)
        self.end = tuple(end)
        self.duration = 0.0 if _calm else max(0.0, duration)
        self.delay = max(0.0, delay)
        self.elapsed = 0.0
        self.ease = ease

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def started(self) -> bool:
        return self.elapsed > self.delay or self.duration == 0 and self.elapsed >= self.delay

    @property
    def progress(self) -> float:
        """0 before the start, 1 at the end (not eased)."""
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def finish(self) -> None:
        self.elapsed = self.delay + self.duration

    def value(self) -> tuple[float, ...]:
        p = self.progress
        if p >= 1.0:
            return self.end
        k = self.ease(p)
        return tuple(a + (b - a) * k for a, b in zip(self.start, self.end, strict=True))


class Shake:
    """A short damped side-to-side shake (an illegal card): ``offset()`` in pixels."""

    __slots__ = ("amplitude", "duration", "elapsed")

    def __init__(self, amplitude: float, duration: float = 0.4) -> None:
        self.amplitude = amplitude
        self.duration = 0.0 if _calm else duration
        self.elapsed = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def finish(self) -> None:
        self.elapsed = self.duration

    def offset(self) -> float:
        if self.done or self.duration <= 0:
            return 0.0
        t = self.elapsed / self.duration
        return self.amplitude * (1 - t) * math.sin(t * math.pi * 7)


class Fade:
    """A value going 0 -> 1 -> 0: fade in, hold, fade out (toasts, bubbles)."""

    __slots__ = ("fade_in", "hold", "fade_out", "elapsed")

    def __init__(self, hold: float, fade_in: float = 0.15, fade_out: float = 0.3) -> None:
        self.fade_in = min(fade_in, CALM_FADE) if _calm else fade_in
        self.hold = hold
        self.fade_out = min(fade_out, CALM_FADE) if _calm else fade_out
        self.elapsed = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.fade_in + self.hold + self.fade_out

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def finish(self) -> None:
        self.elapsed = self.fade_in + self.hold + self.fade_out

    def alpha(self) -> float:
        t = self.elapsed
        if t < self.fade_in:
            return t / self.fade_in if self.fade_in > 0 else 1.0
        t -= self.fade_in
        if t < self.hold:
            return 1.0
        t -= self.hold
        if self.fade_out <= 0:
            return 0.0
        return max(0.0, 1.0 - t / self.fade_out)
