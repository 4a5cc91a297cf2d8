"""`bench ai` times the Expert and the first Expert side by side, on the same deals."""

from __future__ import annotations

from skatgame.commands.bench_ai import ratios, time_levels


def test_levels_take_turns_on_the_same_deals() -> None:
    out = time_levels(("beginner", "random"), 2, seed=4)
    assert set(out) == {"beginner", "random"}
    for figures in out.values():
        assert figures["deals"] == 2
        assert figures["card"]["n"] > 0
        assert figures["card"]["median_ms"] <= figures["card"]["p95_ms"]


def test_ratios_divide_new_by_old() -> None:
    new = {"deals": 3, "card": {"n": 9, "median_ms": 10.0, "p95_ms": 50.0}, "bid": {"n": 1}}
    old = {"deals": 3, "card": {"n": 9, "median_ms": 20.0, "p95_ms": 200.0},
           "kontra": {"n": 2, "median_ms": 1.0, "p95_ms": 1.0}}
    assert ratios(new, old) == {"card": {"median_ms": 0.5, "p95_ms": 0.25}}
