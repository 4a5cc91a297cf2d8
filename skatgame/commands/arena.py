"""`python -m skatgame arena`: computer players against each other, duplicate style.

Every deal is played once in each rotation of the seats, so each player holds
each hand once and the luck of the cards cancels. A player is seeded by its
seat, not by its place in the list: whoever holds a hand draws the same random
numbers for it (common random numbers), so a difference between two players
is not their luck in sampling. Deals are spread over all cores; each (deal,
rotation) is played on its own, so the results do not depend on scheduling.
Players see only ``deal.observation(seat)``.

Prints per player: Seeger-Fabian points per 36 deals with a 95% confidence
interval, games declared and won by type, decision times per kind of decision
(median and 95th percentile) and illegal actions; and the pairwise differences
with their intervals.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import skatgame.ai.levels  # noqa: F401  (registers the levels)
import skatgame.ai.yardsticks  # noqa: F401  (registers the yardsticks)
from skatgame.ai.levels.base import decision_kind
from skatgame.ai.parallel import set_solver_threads
from skatgame.ai.player import LEVELS, Player, create_player
from skatgame.ai.solver import HAVE_C_CORE
from skatgame.commands.args import cores, seconds, seed_text, whole_number
from skatgame.engine.deal import Deal
from skatgame.engine.observation import Observation
from skatgame.engine.options import RuleOptions
from skatgame.engine.scoring import seeger_fabian
from skatgame.engine.seats import SEATS, Seat
from skatgame.table.driver import DealDriver

ROTATIONS = 3
#: The most deals of one run (each is played in every rotation).
MAX_DEALS = 100_000
#: The longest deadline per decision (seconds).
MAX_TIME_LIMIT = 3600.0


@dataclass(slots=True)
class SeatOutcome:
    """What one player did in one played deal."""

    score: int  # Seeger-Fabian
    declared: str | None = None  # contract letters when this player declared
    won: bool = False
    times: dict[str, list[float]] = field(default_factory=dict)
    illegal: int = 0
    illegal_notes: list[str] = field(default_factory=list)


def play_deal(levels: list[str], deal_seed: str, rotation: int, options: RuleOptions,
              time_limit: float | None = None) -> list[SeatOutcome]:
    """Play one deal with player ``p`` at seat ``(p + rotation) % 3``; outcomes per player."""
    deal = Deal.from_seed(deal_seed, options)
    seat_player = [(s - rotation) % 3 for s in range(3)]
    # seeded by the seat (common random numbers, see the module's docstring)
    players: list[Player] = [create_player(levels[p], f"{deal_seed}/{(p + rotation) % 3}")
                             for p in range(3)]
    outcomes = [SeatOutcome(0) for _ in range(3)]

    def timed(seat: Seat, obs: Observation, seconds: float) -> None:
        outcomes[seat_player[seat]].times.setdefault(decision_kind(obs), []).append(seconds)

    driver = DealDriver(deal, [players[seat_player[s]] for s in SEATS])
    driver.run(time_limit, timed)
    for slip in driver.illegal:  # a crash or an illegal action: settled, and counted
        o = outcomes[seat_player[slip.seat]]
        o.illegal += 1
        o.illegal_notes.append(slip.error)
    result = deal.result
    assert result is not None
    sf = seeger_fabian(result, 3)
    for seat in range(3):
        outcomes[seat_player[seat]].score = sf[seat]
    if result.declarer is not None and result.contract is not None:
        o = outcomes[seat_player[result.declarer]]
        o.declared = result.contract.letters
        o.won = result.won
    return outcomes


def _task(args: tuple[list[str], str, int, dict[str, Any], float | None]
          ) -> tuple[str, int, list[SeatOutcome]]:
    levels, deal_seed, rotation, opts, limit = args
    return deal_seed, rotation, play_deal(levels, deal_seed, rotation,
                                          RuleOptions.from_dict(opts), limit)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, interpolated (0 for none)."""
    v = sorted(values)
    if not v:
        return 0.0
    k = (len(v) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def _interval(samples: list[float]) -> tuple[float, float, float]:
    """Mean and 95% confidence interval of the mean."""
    n = len(samples)
    mean = sum(samples) / n
    if n < 2:
        return mean, mean, mean
    var = sum((x - mean) ** 2 for x in samples) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def run_arena(levels: list[str], deals: int, seed: int | str, options: RuleOptions,
              jobs: int = 0, time_limit: float | None = None) -> dict[str, Any]:
    """Play ``deals`` deals in every rotation and summarise per player (a JSON-ready dict)."""
    tasks = [(levels, f"{seed}:{i}", r, options.to_dict(), time_limit)
             for i in range(deals) for r in range(ROTATIONS)]
    # never more processes than cores or than played deals
    jobs = min(jobs or os.cpu_count() or 1, os.cpu_count() or 1, len(tasks))
    if jobs > 1 and len(tasks) > 1:
        # fresh worker processes: a forked worker would inherit the caller's signal
        # handlers (SDL's SIGTERM handler, when pygame's display is up) and then could
        # not be stopped by the pool
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        # the processes share the cores: the solver threads of each get their part
        threads = max(1, (os.cpu_count() or 1) // jobs)
        with ctx.Pool(jobs, initializer=set_solver_threads, initargs=(threads,)) as pool:
            results = pool.map(_task, tasks, chunksize=1)
    else:
        results = [_task(t) for t in tasks]
    return summarise(levels, deals, seed, results)


def summarise(levels: list[str], deals: int, seed: int | str,
              results: list[tuple[str, int, list[SeatOutcome]]]) -> dict[str, Any]:
    """Aggregate played deals by player name (a name may fill several seats)."""
    names = list(dict.fromkeys(levels))
    seats_of = {n: [p for p in range(3) if levels[p] == n] for n in names}
    per_deal: dict[str, dict[str, float]] = {n: defaultdict(float) for n in names}
    declared: dict[str, dict[str, int]] = {n: defaultdict(int) for n in names}
    won: dict[str, dict[str, int]] = {n: defaultdict(int) for n in names}
    times: dict[str, dict[str, list[float]]] = {n: defaultdict(list) for n in names}
    illegal: dict[str, int] = dict.fromkeys(names, 0)
    notes: dict[str, list[str]] = {n: [] for n in names}
    for deal_seed, _rotation, outcomes in results:
        for name in names:
            for p in seats_of[name]:
                o = outcomes[p]
                # each player plays every hand once per deal: average per seat and rotation
                per_deal[name][deal_seed] += o.score / (ROTATIONS * len(seats_of[name]))
                if o.declared:
                    declared[name][o.declared] += 1
                    won[name][o.declared] += o.won
                for kind, ts in o.times.items():
                    times[name][kind].extend(ts)
                illegal[name] += o.illegal
                notes[name].extend(o.illegal_notes[:3])
    deal_ids = sorted({r[0] for r in results})
    out_players: dict[str, Any] = {}
    for name in names:
        samples = [per_deal[name][d] * 36 for d in deal_ids]
        mean, lo, hi = _interval(samples)
        out_players[name] = {
            "seeger_fabian_per_36": round(mean, 1),
            "ci95": [round(lo, 1), round(hi, 1)],
            "games_declared": sum(declared[name].values()),
            "games_won": sum(won[name].values()),
            "by_type": {k: {"declared": declared[name][k], "won": won[name][k]}
                        for k in sorted(declared[name])},
            "decision_ms": {k: {"n": len(v), "median": round(percentile(v, 0.5) * 1e3, 2),
                                "p95": round(percentile(v, 0.95) * 1e3, 2),
                                "max": round(max(v) * 1e3, 2)}
                            for k, v in sorted(times[name].items())},
            "illegal_actions": illegal[name],
        }
        if notes[name]:
            out_players[name]["illegal_examples"] = notes[name][:5]
    pairwise = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            diffs = [(per_deal[a][d] - per_deal[b][d]) * 36 for d in deal_ids]
            mean, lo, hi = _interval(diffs)
            pairwise.append({"a": a, "b": b, "difference_per_36": round(mean, 1),
                             "ci95": [round(lo, 1), round(hi, 1)],
                             "significant": lo > 0 or hi < 0})
    return {"players": levels, "deals": deals, "rotations": ROTATIONS, "seed": seed,
            "per_player": out_players, "pairwise": pairwise}


# ------------------------------------------------------------ command line

def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", default="expert,advanced,beginner",
                        help="three levels, comma separated (random, beginner, advanced, "
                             "advanced-v1: the Advanced with the first solver's search, "
                             "expert, expert-v1: the first Expert, expert-bids: the Expert "
                             "with the bid inference in its play, expert-soft: with the "
                             "bids weighing its sampled worlds softly; a level may repeat)")
    parser.add_argument("--deals", type=whole_number(1, MAX_DEALS), default=12,
                        help=f"deals, 1 to {MAX_DEALS} (each in every rotation)")
    parser.add_argument("--seed", type=seed_text, default="1",
                        help="seed of the deals and the players (any short text, e.g. 2026)")
    parser.add_argument("--jobs", type=whole_number(0, cores()), default=0,
                        help=f"worker processes, 0 to {cores()} (0: all cores)")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    parser.add_argument("--options", default="",
                        help="house rules, comma separated: ramsch, schieberamsch, kontra, ..., "
                             "ramsch_skat=nobody, ramsch_loss=ten, ramsch_jungfrau=plus5, "
                             "ramsch_durchmarsch=moon")
    parser.add_argument("--time-limit", type=seconds(0.0, MAX_TIME_LIMIT), default=0.0,
                        help=f"seconds per decision passed to the players as a deadline, 0 to "
                             f"{MAX_TIME_LIMIT:g} (0: none; the levels keep to their own budgets)")


def parse_options(text: str) -> RuleOptions:
    """RuleOptions from ``ramsch,kontra,ramsch_skat=nobody,...``: a bare name switches
    that option on, ``name=value`` sets a choice (``grand_base=20`` or ``grand20``)."""
    flags = [t.strip() for t in text.split(",") if t.strip()]
    data: dict[str, Any] = {}
    for f in flags:
        if f in ("grand20", "grand_base=20"):
            data["grand_base"] = 20
            continue
        name, sep, value = f.partition("=")
        data[name.strip()] = value.strip() if sep else True
    if data.get("schieberamsch"):
        data["ramsch"] = True
    return RuleOptions.from_dict(data)


def run(args: argparse.Namespace) -> int:
    levels = [p.strip().lower() for p in args.players.split(",") if p.strip()]
    if len(levels) != 3:
        print(f"arena: give three players, not {len(levels)} (e.g. expert,advanced,beginner)",
              file=sys.stderr)
        return 2
    unknown = [p for p in levels if p not in LEVELS]
    if unknown:
        print(f"arena: unknown player level {unknown[0]!r}; known: {', '.join(LEVELS)}",
              file=sys.stderr)
        return 2
    try:
        options = parse_options(args.options)
    except (ValueError, TypeError) as e:
        print(f"arena: bad --options: {e}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    report = run_arena(levels, args.deals, args.seed, options, args.jobs,
                       args.time_limit or None)
    report["options"] = options.to_dict()
    report["c_core"] = HAVE_C_CORE
    report["wall_seconds"] = round(time.perf_counter() - start, 1)
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        _print_table(report)
    total_illegal = sum(p["illegal_actions"] for p in report["per_player"].values())
    return 1 if total_illegal else 0


def _print_table(report: dict[str, Any]) -> None:
    print(f"{report['deals']} deals x {report['rotations']} rotations, seed {report['seed']}")
    for name, p in report["per_player"].items():
        lo, hi = p["ci95"]
        card = p["decision_ms"].get("card", {})
        print(f"  {name:10s} {p['seeger_fabian_per_36']:8.1f} per 36  [{lo:.1f}, {hi:.1f}]  "
              f"declared {p['games_declared']} won {p['games_won']}  "
              f"card p95 {card.get('p95', 0):.1f} ms  illegal {p['illegal_actions']}")
    for d in report["pairwise"]:
        lo, hi = d["ci95"]
        print(f"  {d['a']} - {d['b']}: {d['difference_per_36']:+.1f} [{lo:+.1f}, {hi:+.1f}]"
              f"{' *' if d['significant'] else ''}")
