"""`python -m skatgame bench TARGET`: speed measurements printed as JSON.

Each target lives in `skatgame.commands.bench_<target>` and provides
`add_arguments(parser)` (optional) and `measure(args) -> dict`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys

from skatgame.commands.args import seconds, seed_number

TARGETS = ("engine", "solver", "ui", "cards", "ai", "review")
#: The range of ``--seconds``.
MIN_SECONDS, MAX_SECONDS = 0.05, 3600.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("target", choices=TARGETS, help="what to measure")
    parser.add_argument("--seconds", type=seconds(MIN_SECONDS, MAX_SECONDS), default=2.0,
                        help=f"time per measurement, {MIN_SECONDS:g} to {MAX_SECONDS:g} "
                             f"(default 2)")
    parser.add_argument("--seed", type=seed_number(), default=1, help="random seed")


def run(args: argparse.Namespace) -> int:
    try:
        module = importlib.import_module(f"skatgame.commands.bench_{args.target}")
    except ModuleNotFoundError:
        print(json.dumps({"error": f"bench target {args.target!r} is not available yet"}))
        return 2
    result = module.measure(args)
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0
