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

#: glibc's mallopt parameter: blocks at least this large are mapped on their own and go
#: back to the system when freed.
_M_MMAP_THRESHOLD = -3
#: Pictures this large or larger (a card of the table, a panel, a line of text at a large
#: size) get memory of their own: 128 KiB, glibc's own starting value, but fixed.
MMAP_THRESHOLD = 128 * 1024


def keep_memory_small() -> bool:
    """On glibc (Linux), fix the size from which memory is mapped apart to
    :data:`MMAP_THRESHOLD`. glibc raises that size on its own each time a large block is
    freed, after which the window's many pictures of a card's size are taken from its
    heap and never handed back when freed: a list at 1920x1080 kept over 100 MB so.
    Elsewhere (or where the C library cannot be asked) nothing changes. Returns whether
    the setting was made."""
    import ctypes
    import ctypes.util
    import sys

    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # not glibc (musl has no mallopt to speak of)
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))
