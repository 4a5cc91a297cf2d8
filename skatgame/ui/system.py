"""What SDL knows about the user's system: the per-user folder and the preferred languages;
and handing the memory of freed pictures back to the system.

The table layer works without pygame; the commands that open the window ask
SDL here and pass the answers down (:meth:`skatgame.table.store.Store.open`,
:func:`skatgame.table.settings.load_settings`).
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import functools
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import cast

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


# ---------------------------------------------------------------- the window's size

#: The largest window opened where the screen's size is unknown (no screen reported, or a
#: driver that draws into memory): 4K. A window far larger than any screen never draws a
#: frame in time (16384x16384 took gigabytes and no frame in a minute).
UNKNOWN_SCREEN = (3840, 2160)
#: Video drivers that draw into memory, not onto a screen (they report a made-up one).
HEADLESS_DRIVERS = frozenset({"dummy", "offscreen"})


def usable_area() -> tuple[int, int] | None:
    """The size of the largest screen (the display must be initialised); ``None`` when it
    is not known (no screen reported, or a driver that draws into memory)."""
    try:
        import pygame

        if pygame.display.get_driver() in HEADLESS_DRIVERS:
            return None
        sizes = [(int(w), int(h)) for w, h in pygame.display.get_desktop_sizes()
                 if w > 0 and h > 0]
    except Exception:  # no display, an old pygame: not known
        return None
    return max(sizes, key=lambda s: s[0] * s[1]) if sizes else None


def fit_window(size: tuple[int, int], screen: tuple[int, int] | None) -> tuple[int, int]:
    """The window size to open for ``size``: no wider or taller than ``screen`` (its usable
    area; :data:`UNKNOWN_SCREEN` where that is not known), and at least 1x1.

    The one clamp of every window size: at start (``--size`` or the saved settings), on a
    change in the settings and when the window is resized.
    """
    limit = screen if screen is not None else UNKNOWN_SCREEN
    return (max(1, min(int(size[0]), limit[0])), max(1, min(int(size[1]), limit[1])))


@contextlib.contextmanager
def centred_window() -> Iterator[None]:
    """While inside, a window given a new size (``pygame.display.set_mode``) is placed in
    the middle of its screen (SDL's ``SDL_VIDEO_CENTERED``; the variable as it was after)."""
    before = os.environ.get("SDL_VIDEO_CENTERED")
    os.environ["SDL_VIDEO_CENTERED"] = "1"
    try:
        yield
    finally:
        if before is None:
            del os.environ["SDL_VIDEO_CENTERED"]
        else:
            os.environ["SDL_VIDEO_CENTERED"] = before


class WindowSize:
    """The window's size as the settings keep it: fitted to the screen, and saved only
    once a frame has shown it.

    ``saved`` is the size in the settings file (as loaded, then as written). A size the
    player chose (in the settings, with ``--size`` or by resizing) is written only after a
    frame was drawn at it (:meth:`shown_at`), so that a size the window never reached
    cannot be kept for every later start.
    """

    def __init__(self, saved: tuple[int, int], screen: tuple[int, int] | None) -> None:
        self.screen = screen
        self.saved = (saved[0], saved[1])
        self.shown: tuple[int, int] | None = None  # the window's size at the last frame
        self._waiting: tuple[int, int] | None = None  # to be saved once shown

    def fit(self, size: tuple[int, int]) -> tuple[int, int]:
        """``size`` fitted to the screen (see :func:`fit_window`)."""
        return fit_window(size, self.screen)

    def for_saving(self, wanted: tuple[int, int]) -> tuple[int, int]:
        """The size to write into the settings when they say ``wanted``: ``wanted`` once a
        frame has shown it, else the size on disk (``wanted`` waits for its frame)."""
        wanted = (wanted[0], wanted[1])
        if wanted == self.shown or wanted == self.saved:
            self.saved, self._waiting = wanted, None
            return wanted
        self._waiting = wanted
        return self.saved

    def shown_at(self, size: tuple[int, int]) -> bool:
        """A frame was drawn in a window of ``size``; ``True`` when a size waiting to be
        saved is now shown (the settings should be saved again)."""
        self.shown = (size[0], size[1])
        return self._waiting is not None and self._waiting == self.shown

    def unsaved(self) -> tuple[int, int] | None:
        """The size last shown when it is not the one in the settings file (to save at the
        end), else ``None``."""
        return self.shown if self.shown is not None and self.shown != self.saved else None


# ---------------------------------------------------------------- memory

def give_back_memory() -> bool:
    """Hand the memory freed pictures left in the C heap back to the system (glibc's
    ``malloc_trim``); the window calls it when a scene comes or goes, so a list at
    1920x1080 stays near what its caches hold instead of keeping every picture it ever
    freed. Returns whether memory was given back; elsewhere (not glibc) it does nothing.

    (Fixing glibc's size from which blocks are mapped apart keeps the heap small too,
    but then every card picture drawn in flight is mapped and unmapped on its own, which
    made the slowest frames slower.)"""
    trim = _malloc_trim()
    return trim is not None and bool(trim(0))


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):  # not glibc (musl has no malloc_trim)
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return cast("Callable[[int], int]", trim)
