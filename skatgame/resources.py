"""Finding the game's data files (translations, fonts, icons) wherever it runs.

The data lives in ``resources/`` and is not a Python package, so it is looked
for in three places, in this order:

1. ``sys._MEIPASS/resources`` -- a frozen PyInstaller executable;
2. ``skatgame/_resources`` -- an installed wheel that ships the data as
   package data;
3. ``resources/`` next to the ``skatgame`` package -- a source checkout.
"""

from __future__ import annotations

import sys
from pathlib import Path

#: The folder of the ``skatgame`` package (tests point it elsewhere).
_PACKAGE_DIR = Path(__file__).resolve().parent


def resource_roots() -> list[Path]:
    """The folders that may hold the resources, most specific first (existing or not)."""
    roots: list[Path] = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        roots.append(Path(frozen) / "resources")
    roots.append(_PACKAGE_DIR / "_resources")
    roots.append(_PACKAGE_DIR.parent / "resources")
    return roots


def resource_path(*parts: str) -> Path:
    """The path of a resource, e.g. ``resource_path("i18n", "en.json")``.

    Returns the first root in :func:`resource_roots` that holds the resource.
    When none does, the path under the first existing root is returned (or
    under the source checkout's folder), so opening it fails with a
    ``FileNotFoundError`` that names a sensible place.
    """
    roots = resource_roots()
    for root in roots:
        candidate = root.joinpath(*parts)
        if candidate.exists():
            return candidate
    existing = next((root for root in roots if root.is_dir()), roots[-1])
    return existing.joinpath(*parts)
