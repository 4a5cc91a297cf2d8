"""`python -m skatgame bench cards`: time to render a full deck per style and width."""

from __future__ import annotations

import argparse
import os
import time

WIDTHS = (60, 140, 300)
STYLES = ("french", "tournament", "german")


def measure(args: argparse.Namespace) -> dict[str, object]:
    """Cold-cache ms for all 32 faces per style and width, and the cache-hit time.

    Every deck starts from empty caches (surfaces, pip sprites, outlines). The
    machine is shared, so each deck is rendered ``repeats`` times and the best
    and the median are reported.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from skatgame.ui.cards.cache import SurfaceCache
    from skatgame.ui.cards.deck import DeckArt
    from skatgame.ui.cards.faces import clear_caches

    repeats = 1 if args.seconds < 0.5 else 3
    DeckArt(cache=SurfaceCache()).face(0, 40)  # load fonts once, outside the measurement

    def deck_ms(style: str, width: int) -> float:
        clear_caches()
        art = DeckArt(style, cache=SurfaceCache())
        t0 = time.perf_counter()
        for card in range(32):
            art.face(card, width)
        return (time.perf_counter() - t0) * 1000

    best: dict[str, dict[str, float]] = {}
    median: dict[str, dict[str, float]] = {}
    for style in STYLES:
        best[style], median[style] = {}, {}
        for width in WIDTHS:
            runs = sorted(deck_ms(style, width) for _ in range(repeats))
            best[style][str(width)] = round(runs[0], 1)
            median[style][str(width)] = round(runs[len(runs) // 2], 1)
    back_ms: dict[str, float] = {}
    for width in WIDTHS:
        art = DeckArt(cache=SurfaceCache())
        t0 = time.perf_counter()
        art.back(width)
        back_ms[str(width)] = round((time.perf_counter() - t0) * 1000, 2)

    art = DeckArt("german", cache=SurfaceCache())
    for card in range(32):
        art.face(card, 140)
    rounds = 0
    t0 = time.perf_counter()
    deadline = t0 + min(max(args.seconds, 0.05), 1.0)
    while time.perf_counter() < deadline:
        for card in range(32):
            art.face(card, 140)
        rounds += 1
    hit_us = (time.perf_counter() - t0) / (rounds * 32) * 1e6
    return {
        "target": "cards",
        "unit": "ms to render all 32 faces, cold caches",
        "repeats": repeats,
        "deck_ms": best,
        "deck_ms_median": median,
        "back_ms": back_ms,
        "cache_hit_us": round(hit_us, 3),
        "budget_ms_at_140": 300,
    }
