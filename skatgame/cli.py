"""The command line: `python -m skatgame [COMMAND] ...`.

Each subcommand lives in its own module under `skatgame.commands` and is
imported only when it is used, so starting the game stays fast. A module
provides `add_arguments(parser)` and `run(args) -> int`.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from typing import NoReturn

#: subcommand -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("skatgame.commands.play", "open the game window (the default)"),
    "serve": ("skatgame.commands.serve", "run a table server for network play, headless"),
    "replay": ("skatgame.commands.replay", "replay JSON or ISS game records, print results"),
    "bench": ("skatgame.commands.bench", "measure speed, print JSON"),
    "cards": ("skatgame.commands.cards", "write a contact sheet of a deck style"),
    "solve": ("skatgame.commands.solve", "solve open-hand positions read from stdin"),
    "review": ("skatgame.commands.review", "review a deal record card by card, print JSON"),
    "verify": ("skatgame.commands.verify",
               "check that a record's cards were dealt from its seed and commitment"),
    "arena": ("skatgame.commands.arena", "play computer players against each other"),
    "screenshots": ("skatgame.commands.screenshots",
                    "write deck contact sheets and table screenshots as PNG"),
    "install-desktop": ("skatgame.commands.install_desktop",
                        "add the game to the desktop's application menu (Linux)"),
}


#: A word of an error message longer than this is cut (a 5,000-digit number typed by mistake).
LONGEST_WORD = 60
_LONG_WORD = re.compile(rf"\S{{{LONGEST_WORD + 1},}}")


def cut_long_words(message: str) -> str:
    """``message`` with every word longer than :data:`LONGEST_WORD` characters cut short."""
    return _LONG_WORD.sub(lambda m: f"{m.group()[:LONGEST_WORD // 2]}… "
                                    f"({len(m.group())} characters)", message)


class Parser(argparse.ArgumentParser):
    """argparse with error messages that never print a huge argument whole."""

    def error(self, message: str) -> NoReturn:
        super().error(cut_long_words(message))


def build_parser(argv: list[str]) -> tuple[argparse.ArgumentParser, list[str]]:
    """Build the parser for the subcommand named in argv (default `play`)."""
    parser = Parser(prog="skatgame", description="Skat on the desktop.")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (_module, help_text) in COMMANDS.items():
        sub.add_parser(name, help=help_text)
    if not argv or argv[0] not in COMMANDS and argv[0] not in ("-h", "--help", "--version"):
        argv = ["play", *argv]
    return parser, argv


def command_parser(name: str, prog: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of one subcommand."""
    module = importlib.import_module(COMMANDS[name][0])
    sub = Parser(prog=prog or f"skatgame {name}", description=COMMANDS[name][1])
    module.add_arguments(sub)
    return sub


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser, argv = build_parser(argv)
    if argv[0] in ("-h", "--help"):
        parser.print_help()
        # playing is the default: its options work without naming the command
        print("\nplay options (python -m skatgame [OPTIONS] is python -m skatgame play "
              "[OPTIONS]):")
        text = command_parser("play").format_help()
        print(text[text.find("options:") + len("options:"):].rstrip())
        return 0
    if argv[0] == "--version":
        from skatgame.version import written_by

        print(written_by())
        return 0
    name = argv[0]
    sub = command_parser(name)
    try:
        args = sub.parse_args(argv[1:])
    except SystemExit as stop:  # a bad option (said on stderr) or --help
        return stop.code if isinstance(stop.code, int) else 2
    module = importlib.import_module(COMMANDS[name][0])
    try:
        return int(module.run(args) or 0)
    except KeyboardInterrupt:
        return 130
