"""`python -m skatgame bench TARGET`: speed measurements printed as JSON.

Each target lives in `skatgame.commands.bench_<target>` and provides
`measure(args) -> dict`; a target with options of its own (named in
`OPTIONS`) provides `add_arguments(group)` too, and its module is light to
import (the parser is built for every target).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys

from skatgame.commands.args import seconds, seed_number

TARGETS = ("engine", "solver", "ui", "cards", "ai", "review", "memory", "server",
           "calibration", "stats")
#: the targets with options of their own
OPTIONS = ("memory", "server", "calibration")
#: The range of ``--seconds``.
MIN_SECONDS, MAX_SECONDS = 0.05, 3600.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("target", choices=TARGETS, help="what to measure")
    parser.add_argument("--seconds", type=seconds(MIN_SECONDS, MAX_SECONDS), default=None,
                        help=f"time per measurement, {MIN_SECONDS:g} to {MAX_SECONDS:g} "
                             f"(default 2; bench server: the most for the whole run, "
                             f"default 300)")
    parser.add_argument("--seed", type=seed_number(), default=1, help="random seed")
    for target in OPTIONS:
        module = importlib.import_module(f"skatgame.commands.bench_{target}")
        module.add_arguments(parser.add_argument_group(f"options of bench {target}"))


def run(args: argparse.Namespace) -> int:
    try:
        module = importlib.import_module(f"skatgame.commands.bench_{args.target}")
    except ModuleNotFoundError:
        print(json.dumps({"error": f"bench target {args.target!r} is not available yet"}))
        return 2
    if args.seconds is None:  # a target may have its own default
        args.seconds = getattr(module, "DEFAULT_SECONDS", 2.0)
    result = module.measure(args)
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0
