"""`python -m skatgame bench review`: time to review a deal, both views, as JSON.

A few seeded deals are played by the Advanced level (deals passed in or
played as Ramsch are skipped), then reviewed: the open-cards view alone
(:func:`~skatgame.ai.review.review_deal` with ``fair=False``: the values, the
summary and the cards that would have kept the value where a card turned the
game) and the fair view (the Expert's estimate at every decision, timed on its
own). Reported: the
time per deal in seconds (median and maximum) of each view, and per deal its
game and the number of cards and decisions.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from skatgame.ai.player import create_player
from skatgame.ai.review import FairSettings, informed_view, play_steps, review_deal
from skatgame.commands.arena import percentile
from skatgame.engine.deal import Deal
from skatgame.engine.rules import GameKind
from skatgame.table.driver import DealDriver

#: deals reviewed at the default two seconds (scaled with --seconds)
DEALS = 4


def reviewable_deals(n: int, seed: int) -> list[Deal]:
    """``n`` finished suit, grand or null deals played by the Advanced level."""
    out: list[Deal] = []
    i = 0
    while len(out) < n and i < 50 * n:
        deal = Deal.from_seed(f"bench-review:{seed}:{i}")
        DealDriver(deal, [create_player("advanced", f"{seed}:{i}:{s}") for s in range(3)]).run()
        i += 1
        if deal.contract is not None and deal.contract.kind != GameKind.RAMSCH and not (
                deal.result is None or deal.result.passed):
            out.append(deal)
    return out


def _figures(ts: list[float]) -> dict[str, float]:
    return {"median_s": round(percentile(ts, 0.5), 3), "max_s": round(max(ts), 3)}


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Review times per deal (see the module docstring)."""
    from skatgame.ai.solver import HAVE_C_CORE

    n = max(1, round(DEALS * max(0.5, args.seconds / 2.0)))
    deals = reviewable_deals(n, args.seed)
    settings = FairSettings.of_expert()
    opened: list[float] = []
    fair: list[float] = []
    per_deal: list[dict[str, Any]] = []
    for deal in deals:
        assert deal.contract is not None
        start = time.perf_counter()
        cards = review_deal(deal, fair=False).cards  # values, summary, turning cards
        opened.append(time.perf_counter() - start)
        steps = play_steps(deal)
        start = time.perf_counter()
        decisions = 0
        for step, card in zip(steps, cards, strict=True):
            if not card.forced:
                informed_view(step.observation, step.card, args.seed, settings)
                decisions += 1
        fair.append(time.perf_counter() - start)
        per_deal.append({"game": deal.contract.letters, "cards": len(cards),
                         "decisions": decisions, "open_s": round(opened[-1], 3),
                         "fair_s": round(fair[-1], 3)})
    out: dict[str, Any] = {"c_core": HAVE_C_CORE, "seed": args.seed, "deals": len(deals)}
    if deals:
        out["open_view"] = _figures(opened)
        out["fair_view"] = _figures(fair)
    out["per_deal"] = per_deal
    return out
