"""Argument types shared by the subcommands: clear messages instead of tracebacks.

Every numeric option has a range: a value outside it, a text that is no
number, ``nan`` or ``inf`` is refused by argparse with a message that names
the range (``argument --deals: must be from 1 to 100000, not '0'``). What the
user typed is quoted cut short, so that a 5,000-digit number is not printed
whole (:func:`shown`).
"""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable

#: The most characters of a typed value quoted in a message.
SHOWN = 40
#: Seeds are whole numbers from 0 to this (18 digits).
MAX_SEED = 10**18 - 1
#: The longest seed text (``arena --seed``, which takes any text).
MAX_SEED_TEXT = 40


def shown(text: str, limit: int = SHOWN) -> str:
    """``text`` quoted for a message, cut short when it is long:
    ``'999999999999999999999999999999'… (5000 characters)``."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit - 10]!r}… ({len(text)} characters)"


def window_size(minimum: tuple[int, int] = (1, 1), maximum: tuple[int, int] = (16384, 16384)
                ) -> Callable[[str], tuple[int, int]]:
    """An argparse type reading ``WIDTHxHEIGHT`` within the given bounds."""

    def parse(text: str) -> tuple[int, int]:
        try:
            w, h = (int(v) for v in text.lower().split("x"))
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected WIDTHxHEIGHT such as 1280x720, not {shown(text)}") from None
        if not (minimum[0] <= w <= maximum[0] and minimum[1] <= h <= maximum[1]):
            raise argparse.ArgumentTypeError(
                f"window size out of range: {shown(text)} (from {minimum[0]}x{minimum[1]} "
                f"to {maximum[0]}x{maximum[1]})")
        return w, h

    return parse


def _number(value: float) -> str:
    return str(value) if isinstance(value, int) else f"{value:g}"


def _range_error(minimum: float, maximum: float | None, text: str,
                 unit: str = "") -> argparse.ArgumentTypeError:
    unit = f" {unit}" if unit else ""
    if maximum is None:
        return argparse.ArgumentTypeError(f"must be at least {_number(minimum)}{unit}, not "
                                          f"{shown(text)}")
    return argparse.ArgumentTypeError(f"must be from {_number(minimum)} to {_number(maximum)}"
                                      f"{unit}, not {shown(text)}")


def whole_number(minimum: int = 1, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type reading a whole number within the given bounds."""

    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:  # no number, or more digits than int() reads
            if text.strip().lstrip("+-").isdigit():
                raise _range_error(minimum, maximum, text) from None
            raise argparse.ArgumentTypeError(
                f"must be a whole number, not {shown(text)}") from None
        if n < minimum or maximum is not None and n > maximum:
            raise _range_error(minimum, maximum, text)
        return n

    return parse


def seconds(minimum: float, maximum: float) -> Callable[[str], float]:
    """An argparse type reading a number of seconds from ``minimum`` to ``maximum``
    (``nan`` and ``inf`` are refused)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"must be a number of seconds, not {shown(text)}") from None
        if not math.isfinite(value) or not minimum <= value <= maximum:
            raise _range_error(minimum, maximum, text, "seconds")
        return value

    return parse


def seed_number() -> Callable[[str], int]:
    """An argparse type reading a seed: a whole number from 0 to :data:`MAX_SEED`."""
    return whole_number(0, MAX_SEED)


def seed_text(text: str) -> str:
    """An argparse type reading a seed given as text (1 to :data:`MAX_SEED_TEXT` printable
    characters, e.g. ``2026``)."""
    if not 0 < len(text) <= MAX_SEED_TEXT or not text.isprintable():
        raise argparse.ArgumentTypeError(
            f"must be 1 to {MAX_SEED_TEXT} printable characters, not {shown(text)}")
    return text


def cores() -> int:
    """The cores of this computer (at least 1): the most worker processes worth starting."""
    return os.cpu_count() or 1
