"""`python -m skatgame review RECORD.json`: where a deal was won or lost, card by card.

Reads a skatgame JSON deal record (or a list record, as the finished-list
export writes it, with ``--deal N``) and prints one JSON line per card played::

    {"trick": 1-10, "seat": 0-2, "card": "CJ", "forced": bool, "before": N,
     "after": N, "cost": N, "informed": {"best": "CJ", "win_chance": {card: p},
     "mistake": bool}}

``before``/``after`` are the declarer's final card points (skat included)
under perfect play with all cards open before and after the card (null: 1
when the declarer can be forced to take a trick, else 0); ``cost`` is what
the card gave away for its own side. ``informed`` is the fair view: the
Expert's estimate from the seat's own information (``win_chance`` for the
seat's side), deterministic for a fixed ``--seed``; forced cards carry no
estimate. A last line holds the key decisions, the turning point and the
verdict (a key, its parameters and the English text).

A file that cannot be read, a record that is not valid or not finished, a
passed-in deal and Ramsch print ``{"error": ...}`` and exit with status 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from skatgame.ai.review import ReviewError, review_deal
from skatgame.commands.args import seed_number, whole_number
from skatgame.engine.deal import Deal
from skatgame.engine.records import (
    DEAL_FORMAT,
    SERIES_FORMAT,
    RecordError,
    deal_from_record,
    parse_json,
    short_repr,
)

#: The highest deal number ``--deal`` takes.
MAX_DEAL = 100_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the review command."""
    parser.add_argument("record", metavar="RECORD.json",
                        help="a skatgame JSON deal record, or a list record with --deal")
    parser.add_argument("--seed", type=seed_number(), default=0,
                        help="seed of the fair view's sampling (the same seed, the same review)")
    parser.add_argument("--deal", type=whole_number(1, MAX_DEAL), default=None, metavar="N",
                        help="the deal to review in a list record (1 = the first)")
    parser.add_argument("--open-only", action="store_true",
                        help="skip the fair view (open cards only, much faster)")


def _emit(obj: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")


def pick_record(data: Any, number: int | None) -> Any:
    """The deal record to review: ``data`` itself, or deal ``number`` of a list record."""
    if isinstance(data, dict) and data.get("format") == SERIES_FORMAT:
        deals = data.get("deals")
        if not isinstance(deals, list) or not deals:
            raise RecordError("the list record holds no deals")
        if number is None:
            if len(deals) != 1:
                raise RecordError(f"the list record holds {len(deals)} deals: "
                                  f"choose one with --deal 1..{len(deals)}")
            number = 1
        if not 1 <= number <= len(deals):
            raise RecordError(f"no deal {number}: the list record holds deals 1..{len(deals)}")
        return deals[number - 1]
    if number is not None and number != 1:
        raise RecordError("--deal applies to list records; this is a single deal")
    if isinstance(data, dict) and data.get("format") == DEAL_FORMAT:
        return data
    what = data.get("format") if isinstance(data, dict) else type(data).__name__
    raise RecordError(f"not a skatgame deal or list record ({short_repr(what)})")


def load_deal(text: str, number: int | None = None) -> Deal:
    """The finished deal a record's text describes; raises :class:`RecordError`."""
    deal = deal_from_record(pick_record(parse_json(text), number))
    if deal.result is None:
        raise RecordError("the record ends before the deal is over: only finished deals "
                          "can be reviewed")
    return deal


def review_lines(deal: Deal, seed: int, fair: bool = True) -> list[dict[str, Any]]:
    """The command's output objects for a deal: one per card, then the summary."""
    review = review_deal(deal, seed=seed, fair=fair)
    return [*(c.to_json() for c in review.cards), review.summary_json()]


def _error(message: str, **more: Any) -> int:
    _emit({"error": message, **more})
    return 1


def run(args: argparse.Namespace) -> int:
    """Review one deal and print its lines; 1 with an error object on bad input."""
    name = args.record
    try:
        text = Path(name).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as e:
        return _error(f"cannot read the file: {e}", file=name)
    try:
        deal = load_deal(text, args.deal)
    except RecordError as e:
        return _error(e.reason, file=name, line=e.line, action_index=e.action_index)
    try:
        lines = review_lines(deal, args.seed, fair=not args.open_only)
    except ReviewError as e:
        return _error(str(e), file=name)
    except (ValueError, RuntimeError) as e:  # not expected: say so rather than crash
        return _error(f"the review failed: {e}", file=name)
    for obj in lines:
        _emit(obj)
    return 0
