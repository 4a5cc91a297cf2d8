"""`python -m skatgame bench ai`: decision times of the computer levels, as JSON.

Each level plays a few seeded deals against itself (all three seats), every
other deal with the house rules that bring in Kontra/Re and Schieberamsch, in
this process only. Reported per level and kind of decision (bid, skat,
discard, declare, kontra, schieben, card): count, median, 95th percentile and
maximum in milliseconds; for the bidding-and-declaring decisions also the
total one seat spent on them in one deal.

The Expert and the first Expert (``expert-v1``) play the same deals, one deal
each in turn, so that the load of a shared machine falls on both alike;
``expert_vs_v1`` gives the ratios of their figures (below 1: the Expert is
faster).
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
from skatgame.engine.observation import Observation
from skatgame.engine.options import RuleOptions
from skatgame.engine.seats import Seat
from skatgame.table.driver import DealDriver

#: deals per level at the default two seconds (scaled with --seconds)
DEALS = {"beginner": 20, "advanced": 6, "expert": 3}
#: measured side by side with the Expert, on the same deals
COMPARED = ("expert", "expert-v1")
HOUSE = RuleOptions(ramsch=True, schieberamsch=True, kontra=True)
BIDDING_KINDS = ("bid", "skat", "discard", "declare")


def time_levels(levels: tuple[str, ...], deals: int, seed: int) -> dict[str, dict[str, Any]]:
    """Play ``deals`` deals with each level in every seat, the levels taking turns
    deal by deal; decision-time figures per level."""
    times: dict[str, dict[str, list[float]]] = {lv: defaultdict(list) for lv in levels}
    bidding_totals: dict[str, list[float]] = {lv: [] for lv in levels}
    for i in range(deals):
        options = HOUSE if i % 2 else RuleOptions()
        for level in levels:
            deal = Deal.from_seed(f"bench:{seed}:{i}", options)
            players = [create_player(level, f"{seed}:{i}:{s}") for s in range(3)]
            per_seat_bidding = [0.0, 0.0, 0.0]

            def timed(seat: Seat, obs: Observation, elapsed: float,
                      level: str = level, per_seat: list[float] = per_seat_bidding) -> None:
                kind = decision_kind(obs)
                times[level][kind].append(elapsed)
                if kind in BIDDING_KINDS:
                    per_seat[seat] += elapsed

            DealDriver(deal, players).run(on_decision=timed)
            bidding_totals[level].extend(t for t in per_seat_bidding if t > 0)
    result: dict[str, dict[str, Any]] = {}
    for level in levels:
        out: dict[str, Any] = {"deals": deals}
        for kind, ts in sorted(times[level].items()):
            out[kind] = _figures(ts)
        if bidding_totals[level]:
            out["bidding_and_declaring_per_deal"] = _figures(bidding_totals[level])
        result[level] = out
    return result


def time_level(level: str, deals: int, seed: int) -> dict[str, Any]:
    """Play ``deals`` deals with ``level`` in every seat; decision-time figures."""
    return time_levels((level,), deals, seed)[level]


def ratios(new: dict[str, Any], old: dict[str, Any]) -> dict[str, dict[str, float]]:
    """``new`` over ``old`` for the median and 95th percentile of each kind both have."""
    out: dict[str, dict[str, float]] = {}
    for kind, fig in new.items():
        base = old.get(kind)
        if not isinstance(fig, dict) or not isinstance(base, dict):
            continue
        out[kind] = {q: round(fig[q] / base[q], 2) for q in ("median_ms", "p95_ms")
                     if base.get(q)}
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
        deals = max(1, round(n * scale))
        if level in COMPARED:
            out.update(time_levels(COMPARED, deals, args.seed))
        else:
            out[level] = time_level(level, deals, args.seed)
    out["expert_vs_v1"] = ratios(out[COMPARED[0]], out[COMPARED[1]])
    out["wall_seconds"] = round(time.perf_counter() - start, 1)
    return out
