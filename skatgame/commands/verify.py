"""`python -m skatgame verify RECORD...`: check that the cards were dealt as the seed says.

For every deal in each file (a saved list, an exported list or deal record, a network
table's saved list): the seed hashes to the commitment shown before the deal, the
cards are those the seed's shuffle deals, and the play replays to the stated result
(see :mod:`skatgame.engine.verify`). Prints a verdict per deal, or with ``--json``
one JSON object per deal. Exits with status 1 when a deal fails or a file cannot be
read or holds no record.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from skatgame.engine.records import RecordError, parse_json
from skatgame.engine.shuffle import DEALING_PYTHON
from skatgame.engine.verify import DealVerdict, check_document

#: the largest file read (a list of hundreds of deals is well under a megabyte)
LARGEST = 64 * 1024 * 1024


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="RECORD",
                        help="a list or deal record, an exported list, a saved list")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object per deal instead of text")


def verdicts_of(path: str) -> tuple[list[DealVerdict], str | None]:
    """The verdicts of every deal in a file, or why the file cannot be checked."""
    try:
        p = Path(path)
        if p.stat().st_size > LARGEST:
            return [], f"the file is larger than {LARGEST // (1024 * 1024)} MB"
        text = p.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError, ValueError) as e:
        return [], f"cannot read the file: {e}"
    try:
        data = parse_json(text)
    except RecordError as e:
        return [], str(e)
    verdicts = check_document(data)
    if not verdicts:
        return [], "the file holds no skatgame deal or list record"
    return verdicts, None


def _as_json(file: str, v: DealVerdict) -> dict[str, Any]:
    return {"file": file, "deal": v.where, "ok": v.ok, "dealing": v.dealing,
            "commitment": v.commitment, "fingerprint": v.fingerprint, "seed": v.seed,
            "problems": list(v.problems)}


def _as_text(v: DealVerdict) -> list[str]:
    if not v.ok:
        return [f"  {v.where}: FAILED", *(f"    - {p}" for p in v.problems)]
    if v.dealing == DEALING_PYTHON:
        return [f"  {v.where}: ok (dealt before commitments: the cards are those of the "
                "seed; no fingerprint was shown)"]
    return [f"  {v.where}: ok, fingerprint {v.fingerprint} (the seed matches the commitment "
            "and deals these cards)"]


def run(args: argparse.Namespace) -> int:
    ok = True
    for name in args.files:
        verdicts, trouble = verdicts_of(name)
        if trouble is not None:
            ok = False
            if args.json:
                sys.stdout.write(json.dumps({"file": name, "ok": False, "error": trouble})
                                 + "\n")
            else:
                sys.stdout.write(f"{name}: NOT CHECKED: {trouble}\n")
            continue
        bad = sum(1 for v in verdicts if not v.ok)
        ok = ok and not bad
        if args.json:
            for v in verdicts:
                sys.stdout.write(json.dumps(_as_json(name, v)) + "\n")
            continue
        lines = [f"{name}:"]
        for v in verdicts:
            lines.extend(_as_text(v))
        n = len(verdicts)
        lines.append(f"  {n - bad} of {n} deal{'s' if n != 1 else ''} dealt as their seeds say"
                     + ("" if not bad else f"; {bad} FAILED"))
        sys.stdout.write("\n".join(lines) + "\n")
    return 0 if ok else 1
