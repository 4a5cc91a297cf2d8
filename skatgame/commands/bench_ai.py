"""`python -m skatgame bench ai`: decision times of the computer levels, as JSON.

Each level plays a few seeded deals against itself (all three seats), every
other deal with the house rules that bring in Kontra/Re and Schieberamsch, in
this process only. Reported per level and kind of decision (bid, skat,
discard, declare, kontra, schieben, card): count, median, 95th percentile and
maximum in milliseconds; for the bidding-and-declaring decisions also the
total one seat spent on them in one deal.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from typing import Any

from skatgame.ai.levels.base import decision_kind
from skatgame.ai.player import create_player
from skatgame.commands.arena import percentile
from skatgame.engine.deal import Deal
from skatgame.engine.options import RuleOptions

#: deals per level at the default two seconds (scaled with --seconds)
DEALS = {"beginner": 20, "advanced": 6, "expert": 3}
HOUSE = RuleOptions(ramsch=True, schieberamsch=True, kontra=True)
BIDDING_KINDS = ("bid", "skat", "discard", "declare")


def time_level(level: str, deals: int, seed: int) -> dict[str, Any]:
    """Play ``deals`` deals with ``level`` in every seat; decision-time figures."""
    times: dict[str, list[float]] = defaultdict(list)
    bidding_totals: list[float] = []
    for i in range(deals):
        options = HOUSE if i % 2 else RuleOptions()
        deal = Deal.from_seed(f"bench:{seed}:{i}", options)
        players = [create_player(level, f"{seed}:{i}:{s}") for s in range(3)]
        per_seat_bidding = [0.0, 0.0, 0.0]
        while deal.to_move is not None:
            seat = deal.to_move
            obs = deal.observation(seat)
            start = time.perf_counter()
            action = players[seat].act(obs)
            elapsed = time.perf_counter() - start
            kind = decision_kind(obs)
            times[kind].append(elapsed)
            if kind in BIDDING_KINDS:
                per_seat_bidding[seat] += elapsed
            deal.apply(action)
        bidding_totals.extend(t for t in per_seat_bidding if t > 0)
    out: dict[str, Any] = {"deals": deals}
    for kind, ts in sorted(times.items()):
        out[kind] = _figures(ts)
    if bidding_totals:
        out["bidding_and_declaring_per_deal"] = _figures(bidding_totals)
    return out


def _figures(ts: list[float]) -> dict[str, float]:
    return {"n": len(ts), "median_ms": round(percentile(ts, 0.5) * 1e3, 2),
            "p95_ms": round(percentile(ts, 0.95) * 1e3, 2),
            "max_ms": round(max(ts) * 1e3, 2)}


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Decision times per level (see the module docstring)."""
    from skatgame.ai.solver import HAVE_C_CORE

    scale = max(0.5, args.seconds / 2.0)
    start = time.perf_counter()
    out: dict[str, Any] = {"c_core": HAVE_C_CORE, "seed": args.seed}
    for level, n in DEALS.items():
        out[level] = time_level(level, max(1, round(n * scale)), args.seed)
    out["wall_seconds"] = round(time.perf_counter() - start, 1)
    return out
