"""`python -m skatgame bench calibration`: are the coach's win chances honest? JSON.

Plays seeded deals (``--deals``, ``--seed``; by default three Experts,
``--levels expert,advanced,beginner`` for a mixed table, the levels turning
round the seats deal by deal) and at every decision where the table would
show a win chance records the chance shown and whether that seat's side then
won:

* ``hint``: every card of a suit, grand or null game with more than one
  legal card, the chance the hint gives for the card it suggests (the Expert
  seats play the hint's card: they search with the hint's seed, so the chance
  of their card is the one the hint and the review's fair view both show);
* ``review``: at a seat of another level, the review's fair view of the card
  that seat played (the same search as the hint's, another card of it);
* ``helper``: the bidding helper's chance, asked at the seat's first call in the
  auction, counted when that seat became the declarer.

The report gives for the declarer and the defenders apart: reliability by
tenths of the chance shown (mean shown, share won, count), the Brier score
(``brier``), the certainties shown (100% or 0%) and how many of them were wrong
(``wrong_certainties``), and the largest gap between mean shown and share won
over the tenths with at least 100 decisions. ``before`` gives the same for the
chances the table showed before they were calibrated (the raw share of
sampled worlds won; the helper's old fixed correction), on the same decisions.

``--records FILE`` writes every decision as a JSON line (appended deal by
deal, so a run cut short keeps what it did). ``--check FILE...`` reports on
records written before, with today's calibration applied to their raw shares
(no deal played); ``--fit FILE...`` fits the calibration on records and gives
the module :mod:`skatgame.ai.calibration_table` (in the JSON, or written to
``--table-out FILE``). Fit on one
range of seeds and check on another. ``--max-seconds`` (shared with ``bench
memory``) stops playing new deals after that much wall time.
"""

from __future__ import annotations

import argparse
import json
import math
import textwrap
import time
from bisect import bisect_right
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from skatgame.commands.args import whole_number

#: The default table: three Experts.
EXPERTS = "expert,expert,expert"
#: Tenths holding at least this many decisions count for the largest gap.
MIN_TENTH = 100
ROLES = ("declarer", "defenders")


def add_arguments(parser: argparse.ArgumentParser | Any) -> None:
    """The options of ``bench calibration`` (a parser or an argument group); ``--deals``
    and ``--max-seconds`` are shared with ``bench memory`` when it defines them."""
    taken = set(getattr(parser, "_option_string_actions", {}))
    if "--deals" not in taken:
        parser.add_argument("--deals", type=whole_number(1, 360), default=36,
                            help="deals to play, 1 to 360 (default 36)")
    parser.add_argument("--levels", default=EXPERTS, metavar="L1,L2,L3",
                        help=f"calibration: the three seats' levels, turning round the "
                             f"seats deal by deal (default {EXPERTS}); --deals sets the "
                             f"deals played, --max-seconds a bound on the wall time")
    parser.add_argument("--records", metavar="FILE", default=None,
                        help="calibration: append every decision to FILE as JSON lines")
    parser.add_argument("--check", metavar="FILE", nargs="+", default=None,
                        help="calibration: report on recorded decisions, calibrated today")
    parser.add_argument("--fit", metavar="FILE", nargs="+", default=None,
                        help="calibration: fit on recorded decisions (the table module in the "
                             "JSON, or written to --table-out)")
    parser.add_argument("--table-out", metavar="FILE", default=None,
                        help="calibration: with --fit, write the table module to FILE")


# ------------------------------------------------------------ playing and recording


def _side_won(seat: int, declarer: int, won: bool) -> bool:
    return won if seat == declarer else not won


def play_deal(seed: int, index: int, levels: list[str]) -> list[dict[str, Any]]:
    """Play deal ``index`` of ``seed`` with ``levels`` (seat by seat, already turned)
    and return its decisions with a chance shown, each with its outcome."""
    from skatgame.ai.bidding import table_chance
    from skatgame.ai.chances import kind_name, limit_game, phase_of
    from skatgame.ai.hints import HINT_SEED
    from skatgame.ai.levels.base import decision_kind
    from skatgame.ai.levels.expert import ExpertPlayer
    from skatgame.ai.player import create_player
    from skatgame.engine.actions import PLAYS, Play
    from skatgame.engine.deal import Deal
    from skatgame.engine.rules import GameKind
    from skatgame.table.driver import settle

    deal = Deal.from_seed(f"calibration:{seed}:{index}")
    coach = ExpertPlayer(HINT_SEED)  # the hint's, the helper's and the review's search
    players: list[Any] = []
    for s, level in enumerate(levels):
        players.append(ExpertPlayer(HINT_SEED) if level == "expert"
                       else create_player(level, f"calibration:{seed}:{index}:{s}"))
    pending: list[dict[str, Any]] = []
    helped: set[int] = set()
    while deal.result is None:
        seat = deal.to_move
        assert seat is not None
        obs = deal.observation(seat)
        player = players[seat]
        expert = isinstance(player, ExpertPlayer)
        kind = decision_kind(obs)
        answer: Any = None
        base = {"deal": index, "seed": seed, "seat": seat, "level": levels[seat]}
        if kind == "bid" and seat not in helped:
            helped.add(seat)
            est = (player if expert else coach).auction_estimate(obs, None)
            game = limit_game(est)
            if game.contract is not None and game.raw is not None:
                pending.append({**base, "source": "helper", "phase": "auction",
                                "kind": kind_name(int(game.contract.kind)), "trick": 0,
                                "raw": game.raw, "shown": game.win_probability,
                                "old": table_chance(game.raw, game.contract.ouvert),
                                "certain": None, "contract": game.contract.letters})
        if (kind == "card" and obs.contract is not None and obs.declarer is not None
                and obs.contract.kind != GameKind.RAMSCH and obs.legal_cards().bit_count() > 1):
            ch = (player if expert else coach).card_choice(obs)
            if expert:
                answer = PLAYS[ch.card]
            else:
                answer = player.act(obs)
            if ch.worlds:
                from skatgame.ai.chances import certainty

                role = "declarer" if seat == obs.declarer else "defenders"
                card_base = {**base, "role": role, "phase": phase_of(len(obs.tricks) + 1),
                             "kind": kind_name(int(obs.contract.kind)),
                             "trick": len(obs.tricks) + 1, "worlds": ch.worlds,
                             "points": [obs.points[obs.declarer],
                                        sum(obs.points) - obs.points[obs.declarer]]}
                pending.append({**card_base, "source": "hint",
                                "raw": ch.raw_chances[ch.card], "old": ch.raw_chances[ch.card],
                                "shown": ch.win_chances[ch.card],
                                "certain": certainty(obs, ch.card)})
                played = answer.card if isinstance(answer, Play) else None
                if not expert and played in ch.win_chances:
                    assert played is not None
                    pending.append({**card_base, "source": "review",
                                    "raw": ch.raw_chances[played], "old": ch.raw_chances[played],
                                    "shown": ch.win_chances[played],
                                    "certain": certainty(obs, played)})
        if answer is None:
            answer = player.act(obs)
        action, _ = settle(obs, answer)
        deal.apply(action, seat)
    result = deal.result
    if result.passed or result.declarer is None or deal.contract is None \
            or deal.contract.kind == GameKind.RAMSCH:
        return []
    declarer = result.declarer
    out = []
    for r in pending:
        if r["source"] == "helper":
            if r["seat"] != declarer:
                continue  # the helper speaks of the game the seat would declare
            r["role"] = "declarer"
        r["won"] = _side_won(r["seat"], declarer, result.won)
        r["declared"] = deal.contract.letters
        out.append(r)
    return out


def seat_levels(levels: list[str], index: int) -> list[str]:
    """The seats' levels in deal ``index``: the list turned round by the deal's number."""
    return [levels[(s + index) % 3] for s in range(3)]


# ------------------------------------------------------------ the report


def _tenth(p: float) -> int:
    return min(9, max(0, int(p * 10)))


def reliability(rows: Iterable[tuple[float, bool, object]]) -> dict[str, Any]:
    """Reliability by tenths, Brier score and certainties of (chance shown, won, deal)
    rows. ``share_won_se`` is the standard error of a tenth's share won counting the
    decisions of one deal together (they share its outcome)."""
    bins: list[list[tuple[float, bool, object]]] = [[] for _ in range(10)]
    brier = 0.0
    n = certain = wrong = won_all = 0
    for p, won, deal in rows:
        bins[_tenth(p)].append((p, won, deal))
        brier += (p - float(won)) ** 2
        n += 1
        won_all += won
        if p in (0.0, 1.0):
            certain += 1
            wrong += (p == 1.0) != won
    tenths = []
    gap = 0.0
    for i, b in enumerate(bins):
        if not b:
            continue
        mean = sum(p for p, _, _ in b) / len(b)
        share = sum(w for _, w, _ in b) / len(b)
        by_deal: dict[object, float] = {}
        for _, w, deal in b:
            by_deal[deal] = by_deal.get(deal, 0.0) + float(w) - share
        se = math.sqrt(sum(v * v for v in by_deal.values())) / len(b)
        tenths.append({"from": i / 10, "to": (i + 1) / 10, "mean_shown": round(mean, 4),
                       "share_won": round(share, 4), "share_won_se": round(se, 4),
                       "n": len(b)})
        if len(b) >= MIN_TENTH:
            gap = max(gap, abs(mean - share))
    base = won_all / n if n else 0.0
    return {"n": n, "tenths": tenths, "brier": round(brier / n, 4) if n else None,
            "brier_of_base_rate": round(base * (1 - base), 4) if n else None,
            "certainties": certain, "wrong_certainties": wrong,
            "largest_gap_100": round(gap, 4)}


def report(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The report of decisions (see the module docstring)."""
    out: dict[str, Any] = {"decisions": len(records),
                           "deals_with_a_chance": len({(r["seed"], r["deal"]) for r in records})}
    sources: dict[str, int] = {}
    for r in records:
        sources[r["source"]] = sources.get(r["source"], 0) + 1
    out["sources"] = sources
    for key, field in (("after", "shown"), ("before", "old")):
        out[key] = {role: reliability((float(r[field]), bool(r["won"]), (r["seed"], r["deal"]))
                                      for r in records if r["role"] == role) for role in ROLES}
    return out


def recalibrated(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``records`` with ``shown`` worked out anew from their raw shares (today's table)."""
    from skatgame.ai.chances import shown_chance
    from skatgame.engine.rules import GameKind

    kinds = {"suit": int(GameKind.CLUBS), "grand": int(GameKind.GRAND),
             "null": int(GameKind.NULL)}
    out: list[dict[str, Any]] = []
    for r in records:
        p = shown_chance(r["raw"], declarer=r["role"] == "declarer", phase=phase(r),
                         kind=kinds[r["kind"]], certain=r["certain"])
        out.append({**r, "shown": p})
    return out


def phase(record: dict[str, Any]) -> str:
    """A recorded decision's phase as :func:`skatgame.ai.chances.phase_of` names it
    today (from its trick: 0 for the auction)."""
    from skatgame.ai.chances import AUCTION, phase_of

    return AUCTION if record["trick"] == 0 else phase_of(int(record["trick"]))


def read_records(paths: list[str]) -> list[dict[str, Any]]:
    """The decisions written by ``--records`` to ``paths``."""
    out: list[dict[str, Any]] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            out.extend(json.loads(line) for line in f if line.strip())
    return out


# ------------------------------------------------------------ fitting

#: Pseudo-decisions pulling a knot towards the curve of the group above it.
PRIOR_WEIGHT = 30.0
#: The raw shares the curves are fitted at: tenths, just inside 0 and 1, so that
#: "every sampled world won" (or lost) gets a value of its own, and halfway to those
#: from 0.1 and 0.9, where the share won bends most (measured by five-fold checks on
#: 10,800 deals: the largest gap of a tenth 1.5 and 1.4 points for declarer and
#: defenders, against 1.7 and 5.3 with tenths alone).
FIT_KNOTS = (0.0, 0.001, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.999,
             1.0)
#: A kind of game gets a curve of its own in a role and phase only with at least this
#: many decisions there (measured on held-out seeds: fewer add more noise than they fix).
MIN_GROUP = 1000


def _pav(ys: list[float], ws: list[float]) -> list[float]:
    """The weighted least-squares non-decreasing fit of ``ys`` (pool adjacent violators)."""
    blocks: list[list[float]] = []  # [mean, weight, length]
    for y, w in zip(ys, ws, strict=True):
        blocks.append([y, w, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            b = blocks.pop()
            a = blocks[-1]
            total = a[1] + b[1]
            a[0] = (a[0] * a[1] + b[0] * b[1]) / total if total else (a[0] + b[0]) / 2
            a[1] = total
            a[2] += b[2]
    out: list[float] = []
    for mean, _, length in blocks:
        out += [mean] * int(length)
    return out


def _knot_sums(rows: list[tuple[float, bool]], knots: tuple[float, ...]
               ) -> tuple[list[float], list[float]]:
    """Per knot: weight and weight won, each raw share split between its two knots."""
    w = [0.0] * len(knots)
    won = [0.0] * len(knots)
    for raw, ok in rows:
        x = min(knots[-1], max(knots[0], raw))
        i = min(len(knots) - 2, bisect_right(knots, x) - 1)
        t = (x - knots[i]) / (knots[i + 1] - knots[i])
        for k, share in ((i, 1.0 - t), (i + 1, t)):
            w[k] += share
            won[k] += share * ok
    return w, won


def _curve(rows: list[tuple[float, bool]], prior: list[float],
           knots: tuple[float, ...]) -> list[float]:
    w, won = _knot_sums(rows, knots)
    ys = [(won[k] + PRIOR_WEIGHT * prior[k]) / (w[k] + PRIOR_WEIGHT) for k in range(len(knots))]
    fitted = _pav(ys, [w[k] + PRIOR_WEIGHT for k in range(len(knots))])
    return [round(min(0.99, max(0.01, y)), 4) for y in fitted]


def fit(records: list[dict[str, Any]]) -> dict[str, tuple[float, ...]]:
    """The calibration table fitted on ``records`` (see :mod:`skatgame.ai.chances`):
    for each role the curve over all its decisions, for each role and phase, and
    for each role, phase and kind, each pulled towards the one above it where its
    decisions are few. Certain decisions are left out (they show 0 or 100%)."""
    rows: dict[str, list[tuple[float, bool]]] = {}
    for r in records:
        if r["certain"] is not None:
            continue
        ph = phase(r)
        keys = (f"{r['role']}|*|*", f"{r['role']}|{ph}|*", f"{r['role']}|{ph}|{r['kind']}")
        for k in keys:
            rows.setdefault(k, []).append((float(r["raw"]), bool(r["won"])))
    table: dict[str, tuple[float, ...]] = {}
    for k in sorted(rows, key=lambda k: k.count("*"), reverse=True):  # the groups above first
        role, ph, kind = k.split("|")
        if kind != "*" and len(rows[k]) < MIN_GROUP:
            continue
        parent = None if ph == "*" else f"{role}|*|*" if kind == "*" else f"{role}|{ph}|*"
        if parent is None:
            base = sum(ok for _, ok in rows[k]) / len(rows[k])
            prior = [base] * len(FIT_KNOTS)
        else:
            prior = list(table[parent])
        table[k] = tuple(_curve(rows[k], prior, FIT_KNOTS))
    return table


def seed_ranges(seeds: list[int]) -> str:
    """Sorted seeds as runs: ``1 to 6, 101 to 106, 200``."""
    runs: list[list[int]] = []
    for seed in seeds:
        if runs and seed == runs[-1][1] + 1:
            runs[-1][1] = seed
        else:
            runs.append([seed, seed])
    return ", ".join(str(a) if a == b else f"{a} to {b}" for a, b in runs)


def table_module(table: dict[str, tuple[float, ...]], note: str) -> str:
    """The text of :mod:`skatgame.ai.calibration_table` for ``table``."""
    lines = [
        '"""The fitted calibration of the win chances (see :mod:`skatgame.ai.chances`).',
        "",
        "``TABLE`` maps a group (``role|phase|kind``, ``*`` for any) to the chance",
        "shown at each raw share of :data:`KNOTS`, interpolated linearly between them.",
        "Written by ``python -m skatgame bench calibration --fit``; do not edit by hand.",
        "",
        *textwrap.wrap(note, 88),
        '"""',
        "",
        "KNOTS: tuple[float, ...] = (",
        *textwrap.wrap(", ".join(map(str, FIT_KNOTS)) + ")", 88, initial_indent="    ",
                       subsequent_indent="    "),
        "",
        "TABLE: dict[str, tuple[float, ...]] = {",
    ]
    for k in sorted(table):
        values = [f"{v:.4f}" for v in table[k]]
        lines.append(f'    "{k}": (')
        for i in range(0, len(values), 8):  # within the line length
            end = ")," if i + 8 >= len(values) else ","
            lines.append(f"        {', '.join(values[i:i + 8])}{end}")
    lines.append("}")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------ the command


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Play and report, or report on records, or fit (see the module docstring)."""
    records: list[dict[str, Any]]
    if args.fit:
        records = read_records(args.fit)
        seeds = sorted({r["seed"] for r in records})
        note = (f"Fitted on {len(records)} decisions of "
                f"{len({(r['seed'], r['deal']) for r in records})} deals, "
                f"seeds {seed_ranges(seeds)}.")
        module = table_module(fit(records), note)
        if args.table_out:
            Path(args.table_out).write_text(module, encoding="utf-8")
            return {"fitted_on": len(records), "seeds": seeds, "written": args.table_out}
        return {"fitted_on": len(records), "seeds": seeds, "module": module}
    if args.check:
        return {"records": args.check, **report(recalibrated(read_records(args.check)))}
    levels = [lv.strip() for lv in args.levels.split(",")]
    if len(levels) != 3:
        return {"error": "--levels takes three levels, one per seat"}
    start = time.perf_counter()
    limit = getattr(args, "max_seconds", None)
    records = []
    played = 0
    for i in range(args.deals):
        if limit is not None and time.perf_counter() - start >= limit:
            break
        deal_records = play_deal(args.seed, i, seat_levels(levels, i))
        played += 1
        records.extend(deal_records)
        if args.records:
            with Path(args.records).open("a", encoding="utf-8") as f:
                for r in deal_records:
                    f.write(json.dumps(r) + "\n")
    seconds = time.perf_counter() - start
    return {"deals": played, "seed": args.seed, "levels": levels, **report(records),
            "seconds": round(seconds, 1),
            "seconds_per_deal": round(seconds / played, 2) if played else None}
