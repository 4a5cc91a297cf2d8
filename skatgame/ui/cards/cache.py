"""A least-recently-used cache of rendered surfaces, bounded by pixel count."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

#: Default budget: about 128 MB of 32-bit pixels (dozens of full decks with their looks).
DEFAULT_MAX_PIXELS = 32_000_000
#: The shared cache's budget in windows' worth of pixels. The card art one window size
#: needs (every face plain, dimmed and highlighted, the back: about 100 cards at 1 to 2.2 %
#: of the window each) takes at most 2.2 windows; a review's smaller widths fit beside it.
#: Art of earlier window sizes is dropped first, so resizing does not pile up decks.
SHARED_WINDOWS = 4.0
#: ... but never less than this (small windows, or no window at all): about 16 MB.
SHARED_MIN_PIXELS = 4_000_000


class SurfaceCache:
    """Maps keys to surfaces; drops the least recently used ones past a pixel budget.

    The budget is ``max_pixels``; with ``windows`` it is also at most that many
    times the window's area (but at least ``min_pixels``), taken when a surface
    is added, so the cache follows the window's size.
    """

    def __init__(self, max_pixels: int = DEFAULT_MAX_PIXELS, windows: float | None = None,
                 min_pixels: int = SHARED_MIN_PIXELS) -> None:
        self.max_pixels = max_pixels
        self.windows = windows
        self.min_pixels = min_pixels
        self.pixels = 0
        self.hits = 0
        self.misses = 0
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    @property
    def budget(self) -> int:
        """The pixels kept now: ``max_pixels``, or less in a small window (see the class)."""
        if self.windows is None:
            return self.max_pixels
        screen = pygame.display.get_surface() if pygame.display.get_init() else None
        if screen is None:
            return self.max_pixels
        w, h = screen.get_size()
        return min(self.max_pixels, max(self.min_pixels, int(self.windows * w * h)))

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface stored under ``key``, made by ``make()`` on the first call."""
        surface = self.peek(key)
        return surface if surface is not None else self.put(key, make())

    def peek(self, key: Hashable) -> pygame.Surface | None:
        """The surface stored under ``key`` (now the most recently used), or ``None``."""
        surface = self._items.get(key)
        if surface is not None:
            self._items.move_to_end(key)
            self.hits += 1
        return surface

    def put(self, key: Hashable, surface: pygame.Surface) -> pygame.Surface:
        """Store ``surface`` under ``key`` (the least recently used go past the budget)."""
        self.misses += 1
        old = self._items.pop(key, None)
        if old is not None:
            self.pixels -= old.get_width() * old.get_height()
        self._items[key] = surface
        self.pixels += surface.get_width() * surface.get_height()
        budget = self.budget
        while self.pixels > budget and len(self._items) > 1:
            _key, gone = self._items.popitem(last=False)
            self.pixels -= gone.get_width() * gone.get_height()
        return surface

    def clear(self) -> None:
        """Forget every stored surface."""
        self._items.clear()
        self.pixels = 0

    def __len__(self) -> int:
        return len(self._items)


#: The cache shared by every DeckArt unless one is given its own: it keeps about
#: ``SHARED_WINDOWS`` windows' worth of card art.
SHARED = SurfaceCache(windows=SHARED_WINDOWS)
