"""A least-recently-used cache of rendered surfaces, bounded by pixel count."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

#: Default budget: about 128 MB of 32-bit pixels (dozens of full decks with their looks).
DEFAULT_MAX_PIXELS = 32_000_000


class SurfaceCache:
    """Maps keys to surfaces; drops the least recently used ones past a pixel budget."""

    def __init__(self, max_pixels: int = DEFAULT_MAX_PIXELS) -> None:
        self.max_pixels = max_pixels
        self.pixels = 0
        self.hits = 0
        self.misses = 0
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface stored under ``key``, made by ``make()`` on the first call."""
        surface = self._items.get(key)
        if surface is not None:
            self._items.move_to_end(key)
            self.hits += 1
            return surface
        self.misses += 1
        surface = make()
        self._items[key] = surface
        self.pixels += surface.get_width() * surface.get_height()
        while self.pixels > self.max_pixels and len(self._items) > 1:
            _key, old = self._items.popitem(last=False)
            self.pixels -= old.get_width() * old.get_height()
        return surface

    def clear(self) -> None:
        """Forget every stored surface."""
        self._items.clear()
        self.pixels = 0

    def __len__(self) -> int:
        return len(self._items)


#: The cache shared by every DeckArt unless one is given its own.
SHARED = SurfaceCache()
