"""`python -m skatgame replay FILE...`: replay JSON or ISS records through the engine.

Prints one JSON object per game. A record from a program that played on after a
lost schwarz-announced, ouvert or null game is scored where the rules end it;
its object says how many later moves were ``not_counted`` and why (``note``).
A record that cannot be read or breaks a rule prints a JSON object with "error"
(and the line and action index) instead; the command then exits with status 1.
So does a file that cannot be read, holds no record or is not valid JSON.
Files are read as UTF-8, with or without a byte-order mark.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from skatgame.engine.deal import Deal
from skatgame.engine.records import (
    DEAL_FORMAT,
    SERIES_FORMAT,
    RecordError,
    deal_from_record,
    not_counted_note,
    parse_iss,
    parse_json,
    replay_iss_counted,
    result_summary,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="ISS records (one per line) or skatgame JSON records")
    parser.add_argument("--compare", action="store_true",
                        help="ISS: also print the server's result and whether it agrees")


def _emit(obj: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")


def _error(file: str, e: RecordError | str, **more: Any) -> dict[str, Any]:
    if isinstance(e, RecordError):
        return {"file": file, "error": e.reason, "line": e.line, "action_index": e.action_index,
                "id": e.record_id, **more}
    return {"file": file, "error": e, **more}


def replay_text(name: str, text: str, compare: bool = False) -> tuple[list[dict[str, Any]], bool]:
    """Replay every record in a file's text; returns the output objects and success."""
    text = text.removeprefix("\ufeff")  # a byte-order mark
    stripped = text.lstrip()
    if not stripped:
        return [_error(name, RecordError("the file is empty", line=1))], False
    if stripped.startswith(("{", "[")) or _json_scalar(stripped):
        out, ok = _replay_json(name, text)
    else:
        out, ok = _replay_iss(name, text, compare)
    if not out:
        return [_error(name, "the file holds no record")], False
    return out, ok


def _json_scalar(text: str) -> bool:
    """Whether ``text`` is a JSON document of one plain value (``null``, ``true``, ``7``,
    ``"x"``): a JSON file, but no record (an ISS record starts with ``(;``)."""
    if text.startswith("("):
        return False
    if re.fullmatch(r"-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?", text.strip()):
        return True  # a number, maybe too long to read: parse_json says so
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def _replay_json(name: str, text: str) -> tuple[list[dict[str, Any]], bool]:
    try:
        data = parse_json(text)
    except RecordError as e:
        return [_error(name, e)], False
    out: list[dict[str, Any]] = []
    ok = True
    items = data if isinstance(data, list) else [data]
    for item in items:
        if isinstance(item, dict) and item.get("format") == SERIES_FORMAT:
            deals = item.get("deals", [])
            if not isinstance(deals, list):
                out.append(_error(name, "a list record's deals must be a list"))
                ok = False
                continue
        else:
            deals = [item]
        for rec in deals:
            try:
                if not isinstance(rec, dict) or rec.get("format") != DEAL_FORMAT:
                    raise RecordError("not a skatgame deal or list record"
                                      + ("" if isinstance(rec, dict | list) else
                                         f" (a JSON {_json_kind(rec)})"))
                deal = deal_from_record(rec)
                if deal.result is None:
                    raise RecordError("the record ends before the deal is over")
                actions = rec.get("actions", [])
                skipped = len(actions) - len(deal.history) if isinstance(actions, list) else 0
                out.append({"file": name, "id": rec.get("id"), **result_summary(deal.result),
                            **_not_counted(deal, skipped)})
            except RecordError as e:
                out.append(_error(name, e))
                ok = False
    return out, ok


def _replay_iss(name: str, text: str, compare: bool) -> tuple[list[dict[str, Any]], bool]:
    out: list[dict[str, Any]] = []
    ok = True
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            rec = parse_iss(line, n)
            deal, skipped = replay_iss_counted(rec)
            assert deal.result is not None
            obj = {"file": name, "id": rec.id, **result_summary(deal.result),
                   **_not_counted(deal, skipped)}
            if compare:
                server = rec.server_result()
                obj["server"] = server
                obj["agrees"] = all(obj[k] == v for k, v in server.items() if k in obj)
                ok = ok and obj["agrees"]
            out.append(obj)
        except RecordError as e:
            out.append(_error(name, e))
            ok = False
    return out, ok


def _not_counted(deal: Deal, moves: int) -> dict[str, Any]:
    """``not_counted`` and its ``note`` when a record played on after the end the rules set."""
    if not moves:
        return {}
    return {"not_counted": moves, "note": not_counted_note(deal, moves)}


def _json_kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    return "text" if isinstance(value, str) else "number"


def run(args: argparse.Namespace) -> int:
    ok = True
    for name in args.files:
        try:
            text = Path(name).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as e:
            _emit(_error(name, f"cannot read the file: {e}"))
            ok = False
            continue
        objs, file_ok = replay_text(name, text, args.compare)
        for obj in objs:
            _emit(obj)
        ok = ok and file_ok
    return 0 if ok else 1
