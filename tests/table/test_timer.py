"""The move timer with a fake clock: counting down, pausing (the clock stands still), running
out (no real waiting)."""

from __future__ import annotations

import pytest

from skatgame.table import timer
from skatgame.table.timer import MOVE_TIMERS, MoveTimer


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_counts_down_and_runs_out() -> None:
    clock = FakeClock()
    t = MoveTimer(15, clock)
    assert not t.active and t.remaining == 15
    t.start("bid")
    clock.now += 4.2
    assert t.remaining == pytest.approx(10.8) and t.shown_seconds() == 11
    assert not t.urgent and not t.expired
    clock.now += 6.0
    assert t.urgent and t.shown_seconds() == 5
    clock.now += 5.0
    assert t.expired and t.remaining == 0 and t.shown_seconds() == 0 and t.fraction == 0


def test_only_its_clock_counts_so_a_clock_that_stands_still_pauses_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    t = MoveTimer(7, clock)
    t.start(1)
    clock.now += 3
    # the pause menu, another window: the table's clock stands still, real time runs on
    monkeypatch.setattr(timer.time, "monotonic", lambda: 1e9)
    assert t.remaining == pytest.approx(4) and t.active and not t.expired
    clock.now += 3.5
    assert t.remaining == pytest.approx(0.5) and not t.expired
    clock.now += 0.5
    assert t.expired


def test_the_same_decision_keeps_its_time_and_a_new_one_starts_afresh() -> None:
    clock = FakeClock()
    t = MoveTimer(30, clock)
    t.start(("deal", 1))
    clock.now += 10
    t.start(("deal", 1))
    assert t.remaining == pytest.approx(20)
    t.start(("deal", 2))
    assert t.remaining == pytest.approx(30)
    t.stop()
    assert not t.active and not t.expired


def test_off_never_runs_and_bad_values_are_refused() -> None:
    clock = FakeClock()
    t = MoveTimer(0, clock)
    t.start("x")
    clock.now += 1e6
    assert not t.active and not t.expired and not t.enabled
    with pytest.raises(ValueError):
        MoveTimer(-1, clock)
    assert MOVE_TIMERS == (0, 7, 15, 30, 60)
