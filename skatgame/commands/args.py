"""Argument types shared by the subcommands: clear messages instead of tracebacks."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def window_size(minimum: tuple[int, int] = (1, 1), maximum: tuple[int, int] = (16384, 16384)
                ) -> Callable[[str], tuple[int, int]]:
    """An argparse type reading ``WIDTHxHEIGHT`` within the given bounds."""

    def parse(text: str) -> tuple[int, int]:
        try:
            w, h = (int(v) for v in text.lower().split("x"))
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected WIDTHxHEIGHT such as 1280x720, not {text!r}") from None
        if not (minimum[0] <= w <= maximum[0] and minimum[1] <= h <= maximum[1]):
            raise argparse.ArgumentTypeError(
                f"window size out of range: {text!r} (from {minimum[0]}x{minimum[1]} "
                f"to {maximum[0]}x{maximum[1]})")
        return w, h

    return parse


def whole_number(minimum: int = 1, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type reading a whole number within the given bounds."""

    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected a whole number, not {text!r}") from None
        if maximum is not None and not minimum <= n <= maximum:
            raise argparse.ArgumentTypeError(
                f"expected a number between {minimum} and {maximum}, not {n}")
        if n < minimum:
            raise argparse.ArgumentTypeError(f"expected at least {minimum}, not {n}")
        return n

    return parse
