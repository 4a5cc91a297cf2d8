"""`python -m skatgame solve`: solve open-hand positions read from standard input.

One position per line::

    GAME LEADER | HAND0 | HAND1 | HAND2

GAME is ``C S H D`` (a suit game), ``G`` (grand) or ``N`` (null); seat 0 is the
declarer and play goes 0, 1, 2; LEADER (0, 1 or 2) is the seat that leads the
first trick; the hands are ISS card names (``CJ HT D7``), all of one size (1 to
10 cards). For each position one line is printed: the declarer's card points
from the remaining tricks under perfect play by all, or for null 1 if the
declarer can avoid every trick, else 0. Blank lines and lines starting with
``#`` are skipped, and so is a byte-order mark before the first line. A
malformed line prints an error with its line number to standard error (and
nothing to standard output); the command then exits with status 1 once all
lines are read.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import TextIO

from skatgame.ai.solver import HAVE_C_CORE, Position, solve
from skatgame.engine.cards import CardError, mask_of, parse_cards
from skatgame.engine.records import short_repr

GAME_LETTERS = {"C": 0, "S": 1, "H": 2, "D": 3, "G": 4, "N": 5}


class LineError(ValueError):
    """A line that is not a position."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the solve command."""
    parser.add_argument(
        "--python",
        action="store_true",
        help="use the pure-Python solver even when the C core is available",
    )


def parse_line(line: str) -> Position:
    """The position described by one input line; raises :class:`LineError`."""
    parts = line.split("|")
    if len(parts) != 4:
        raise LineError("expected 'GAME LEADER | HAND0 | HAND1 | HAND2' (four parts split by '|')")
    head = parts[0].split()
    if len(head) != 2:
        raise LineError("the first part must be GAME and LEADER, e.g. 'G 0'")
    game, leader_text = head
    kind = GAME_LETTERS.get(game.upper())
    if kind is None:
        raise LineError(f"unknown game {short_repr(game)}: use C, S, H, D, G or N")
    if leader_text not in ("0", "1", "2"):
        raise LineError(f"the leader must be seat 0, 1 or 2, not {short_repr(leader_text)}")
    hands = []
    for seat, text in enumerate(parts[1:]):
        try:
            cards = parse_cards(text)
        except CardError as exc:
            raise LineError(f"hand {seat}: {exc}") from None
        if len(set(cards)) != len(cards):
            raise LineError(f"hand {seat} names a card twice")
        hands.append(cards)
    sizes = {len(h) for h in hands}
    if len(sizes) != 1:
        raise LineError(f"the hands must have the same size, not {[len(h) for h in hands]}")
    size = sizes.pop()
    if not 1 <= size <= 10:
        raise LineError(f"a hand holds 1 to 10 cards, not {size}")
    masks = [mask_of(h) for h in hands]
    if masks[0] & masks[1] or masks[0] & masks[2] or masks[1] & masks[2]:
        raise LineError("a card is in more than one hand")
    try:
        return Position(kind, (masks[0], masks[1], masks[2]), 0, int(leader_text))
    except ValueError as exc:  # not expected after the checks above
        raise LineError(str(exc)) from None


def solve_lines(
    lines: Iterable[str], python: bool, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """Solve each line, printing values to ``out`` and errors to ``err``.

    Returns the number of malformed lines.
    """
    out_stream = out if out is not None else sys.stdout
    err_stream = err if err is not None else sys.stderr
    errors = 0
    for number, line in enumerate(lines, start=1):
        text = (line.removeprefix("\ufeff") if number == 1 else line).strip()  # a BOM
        if not text or text.startswith("#"):
            continue
        try:
            pos = parse_line(text)
        except LineError as exc:
            errors += 1
            print(f"line {number}: {exc}", file=err_stream)
            continue
        print(solve(pos, python=python), file=out_stream, flush=True)
    return errors


def _stdin_lines() -> Iterable[str]:
    # decode per line so that one garbled line is one error, not a crash
    for raw in sys.stdin.buffer:
        yield raw.decode("utf-8", errors="replace")


def run(args: argparse.Namespace) -> int:
    """Read positions from standard input and print their values."""
    python = bool(args.python) or not HAVE_C_CORE
    errors = solve_lines(_stdin_lines(), python)
    return 1 if errors else 0
