"""What SDL knows about the user's system: the per-user folder and the preferred languages.

The table layer works without pygame; the commands that open the window ask
SDL here and pass the answers down (:meth:`skatgame.table.store.Store.open`,
:func:`skatgame.table.settings.load_settings`).
"""

from __future__ import annotations

from pathlib import Path

from skatgame.table.store import APP_NAME


def pref_path() -> Path | None:
    """SDL's per-user folder for the game, or ``None`` when SDL cannot name one."""
    try:
        import pygame.system

        return Path(pygame.system.get_pref_path("", APP_NAME))
    except Exception:  # SDL refused (no home, read-only): the store uses the conventions
        return None


def preferred_locales() -> list[str | None]:
    """The languages the system prefers, as SDL reports them (may be empty)."""
    try:
        import pygame.system

        return [entry.get("language") for entry in pygame.system.get_pref_locales()]
    except Exception:  # any failure just means "not known"
        return []
