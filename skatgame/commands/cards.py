"""`python -m skatgame cards`: write a contact sheet of a deck style as PNG.

Works headless: without a display it uses SDL's dummy video driver.
"""

from __future__ import annotations

import argparse
import os
import sys

from skatgame.commands.args import whole_number

STYLES = ("french", "tournament", "german")
MIN_WIDTH, MAX_WIDTH = 20, 600


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--style", default="french", help="french, tournament or german")
    parser.add_argument("--width", type=whole_number(MIN_WIDTH, MAX_WIDTH), default=160,
                        help=f"card width in pixels, {MIN_WIDTH} to {MAX_WIDTH} (default 160)")
    parser.add_argument("--out", default=None, help="output PNG (default cards-STYLE.png)")
    parser.add_argument("--german-indices", action="store_true",
                        help="French-shaped decks: indices A 10 K D B instead of A 10 K Q J")


def _error(message: str) -> int:
    print(f"skatgame cards: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    if args.style not in STYLES:
        return _error(f"unknown style {args.style!r}; choose one of {', '.join(STYLES)}")
    if not MIN_WIDTH <= args.width <= MAX_WIDTH:
        return _error(f"--width must be between {MIN_WIDTH} and {MAX_WIDTH}, got {args.width}")
    out = args.out or f"cards-{args.style}.png"
    if not out.lower().endswith(".png"):
        return _error(f"--out must name a .png file, got {out!r}")
    folder = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(folder):
        return _error(f"folder {folder!r} does not exist")
    # No window is needed: draw on plain surfaces with SDL's dummy driver.
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from skatgame.ui.cards.sheet import sheet_size, write_contact_sheet

    try:
        write_contact_sheet(out, args.style, args.width, args.german_indices)
    except (OSError, RuntimeError) as exc:  # pygame.error is a RuntimeError
        print(f"skatgame cards: could not write {out!r}: {exc}", file=sys.stderr)
        return 1
    w, h = sheet_size(args.width)
    print(f"wrote {out} ({w}x{h}, style {args.style}, card width {args.width})")
    return 0
