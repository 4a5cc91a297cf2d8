"""`skatgame install-desktop`: put the game into a Linux desktop's application menu.

Writes a freedesktop desktop entry and the icon (drawn by
:mod:`skatgame.ui.icon`) into the user's data folder, ``$XDG_DATA_HOME`` or
``~/.local/share``::

    applications/skatgame.desktop
    icons/hicolor/SIZExSIZE/apps/skatgame.png   (one per size in ICON_SIZES)

The entry starts the game the way it runs now: ``python -m skatgame`` with
this Python when installed with pip or run from a checkout, or the
executable itself when frozen. ``--remove`` takes the files out again.
Desktops watch these folders, so the game appears (or goes) without a
restart.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

APP_ID = "skatgame"
DESKTOP_NAME = f"{APP_ID}.desktop"
ICON_NAME = APP_ID
#: Icon sizes written, the ones menus and launchers ask for most.
ICON_SIZES = (32, 48, 64, 128, 256)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `skatgame install-desktop`."""
    parser.add_argument("--remove", action="store_true",
                        help="take the desktop entry and the icons out again")


def data_home() -> Path:
    """The user's data folder: ``$XDG_DATA_HOME``, else ``~/.local/share``.

    A relative ``$XDG_DATA_HOME`` is ignored, as the XDG base directory
    specification asks.
    """
    configured = os.environ.get("XDG_DATA_HOME", "")
    if configured and Path(configured).is_absolute():
        return Path(configured)
    return Path.home() / ".local" / "share"


def desktop_path(data: Path) -> Path:
    """Where the desktop entry goes under a data folder."""
    return data / "applications" / DESKTOP_NAME


def icon_paths(data: Path) -> dict[int, Path]:
    """Where the icon goes under a data folder, by size."""
    return {size: data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png"
            for size in ICON_SIZES}


def launch_command() -> list[str]:
    """The command that starts this copy of the game."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, "-m", "skatgame"]


def exec_argument(arg: str) -> str:
    """One argument of a desktop entry's ``Exec`` key, quoted where needed.

    Inside double quotes, ``"``, `````, ``$`` and ``\\`` take a backslash;
    a literal ``%`` is written ``%%``. The whole value is then escaped once
    more as a string value (a backslash becomes two).
    """
    arg = arg.replace("%", "%%")
    reserved = set(" \t\n\"'\\><~|&;$*?#()`")
    if arg and not reserved & set(arg):
        return arg
    quoted = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return f'"{quoted}"'


def _string_value(text: str) -> str:
    """A desktop entry string value: backslashes doubled, line breaks escaped."""
    return (text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
            .replace("\r", "\\r"))


def desktop_entry(command: list[str], version: str) -> str:
    """The text of ``skatgame.desktop`` for a launch command."""
    exec_line = " ".join(exec_argument(a) for a in command)
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        "Name=Skat",
        "GenericName=Card Game",
        "GenericName[de]=Kartenspiel",
        "Comment=Skat, Germany's national card game, against computer opponents",
        "Comment[de]=Skat nach der Internationalen Skatordnung gegen Computergegner",
        f"Exec={_string_value(exec_line)}",
        f"TryExec={_string_value(command[0])}",
        f"Icon={ICON_NAME}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        "Keywords=Skat;cards;card game;Kartenspiel;",
        "StartupNotify=true",
        f"X-Skatgame-Version={_string_value(version)}",
    ]
    return "\n".join(lines) + "\n"


def _write(path: Path, data: bytes) -> None:
    """Write a file whole: a temporary file beside it, then renamed into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def install(data: Path) -> list[Path]:
    """Write the icons and then the desktop entry under ``data``; returns the files written."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the icon is drawn without a window
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from skatgame.ui.icon import png_bytes
    from skatgame.version import version

    written = []
    for size, path in icon_paths(data).items():
        _write(path, png_bytes(size))
        written.append(path)
    entry = desktop_path(data)
    # the entry last: a menu never shows it before its icon is there
    _write(entry, desktop_entry(launch_command(), version()).encode("utf-8"))
    written.append(entry)
    return written


def remove(data: Path) -> list[Path]:
    """Take out the desktop entry and the icons under ``data``; returns the files removed."""
    removed = []
    for path in (desktop_path(data), *icon_paths(data).values()):
        if path.exists():
            path.unlink()
            removed.append(path)
    return removed


def run(args: argparse.Namespace) -> int:
    """Install or remove the desktop entry; 0 on success, 1 when a file could not be written."""
    if sys.platform in ("win32", "darwin"):
        print("install-desktop is for Linux desktops (freedesktop menus). On Windows and "
              "macOS, pin or drag the program where you want it.", file=sys.stderr)
        return 2
    data = data_home()
    try:
        changed = remove(data) if args.remove else install(data)
    except OSError as exc:
        where = exc.filename or data
        print(f"install-desktop: cannot write {where}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    if args.remove:
        if not changed:
            print(f"nothing to remove: no {DESKTOP_NAME} under {data}")
        for path in changed:
            print(f"removed {path}")
        return 0
    for path in changed:
        print(f"wrote {path}")
    print("Skat is now in your desktop's application menu (under Games).")
    return 0
