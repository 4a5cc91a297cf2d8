"""The program's version: one number, written once in ``pyproject.toml``.

Where it is read from:

1. the standalone executable carries no package metadata, so ``build.spec``
   bakes the number into it as the file :data:`BAKED_NAME` beside this module
   (``sys._MEIPASS/skatgame/``);
2. an installed game (a wheel, or ``pip install -e .``) reads it from the
   installed package's metadata;
3. a source checkout that was never installed reads its ``pyproject.toml``.

This module uses the standard library only and is imported by the command line,
the table and the screens, never by the engine (records take the version as an
argument).
"""

from __future__ import annotations

import functools
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

#: The distribution's name in ``pyproject.toml``.
DIST_NAME = "skatgame"
#: The file ``build.spec`` writes into the executable, next to this module.
BAKED_NAME = "_version.txt"
#: What a copy of the game that cannot tell its version says.
UNKNOWN = "0+unknown"

_PACKAGE_DIR = Path(__file__).resolve().parent
_VERSION_TEXT = re.compile(r"[0-9A-Za-z][0-9A-Za-z.+!_-]*")


def _clean(text: str) -> str | None:
    text = text.strip()
    return text if _VERSION_TEXT.fullmatch(text) else None


def baked_version() -> str | None:
    """The number ``build.spec`` baked into the executable, or ``None`` outside one."""
    frozen = getattr(sys, "_MEIPASS", None)
    folder = Path(frozen) / "skatgame" if frozen else _PACKAGE_DIR
    try:
        return _clean((folder / BAKED_NAME).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None


def checkout_version() -> str | None:
    """The number in ``pyproject.toml`` beside the package (a source checkout), if any."""
    try:
        text = (_PACKAGE_DIR.parent / "pyproject.toml").read_text(encoding="utf-8")
        project = tomllib.loads(text).get("project", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    found = project.get("name") == DIST_NAME and project.get("version")
    return _clean(found) if isinstance(found, str) else None


@functools.cache
def version() -> str:
    """This program's version, e.g. ``"1.2.3"`` (:data:`UNKNOWN` when nothing tells it)."""
    if getattr(sys, "frozen", False):
        return baked_version() or UNKNOWN
    try:
        return importlib.metadata.version(DIST_NAME)
    except importlib.metadata.PackageNotFoundError:
        return checkout_version() or baked_version() or UNKNOWN


def written_by() -> str:
    """What files record as the program that wrote them: ``"skatgame 1.2.3"``."""
    return f"{DIST_NAME} {version()}"

