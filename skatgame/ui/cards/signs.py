"""Suit signs for inline use by the rest of the UI (text, menus, score sheets).

Imports: pygame, :mod:`skatgame.engine` and the cards' geometry, suits and cache only,
so that :mod:`skatgame.ui.text` can draw its signs with it.
"""

from __future__ import annotations

import pygame

from skatgame.engine.cards import DECK_STYLES
from skatgame.ui.cards.cache import SurfaceCache
from skatgame.ui.cards.geometry import Canvas, Color, local
from skatgame.ui.cards.suits import draw_sign

_SPRITES = SurfaceCache(4_000_000)
_SS = 4


def sign_sprite(style: str, suit: int, size: int, color: Color | None = None) -> pygame.Surface:
    """A transparent ``size`` x ``size`` surface with the suit sign (cached)."""
    if style not in DECK_STYLES:
        raise ValueError(f"unknown deck style {style!r}")
    if not 0 <= suit < 4:
        raise ValueError(f"not a suit: {suit!r}")
    size = max(1, int(size))
    key = (style, suit, size, None if color is None else tuple(color))

    def make() -> pygame.Surface:
        big = pygame.Surface((size * _SS, size * _SS), pygame.SRCALPHA)
        tint = (0, 0, 0) if color is None else tuple(color)[:3]
        big.fill((*tint, 0))
        half = size * _SS / 2
        draw_sign(Canvas(big, local(half, half, half * 0.96)), style, suit, color)
        return pygame.transform.smoothscale(big, (size, size))

    return _SPRITES.get(key, make)


def suit_sign(surface: pygame.Surface, style: str, suit: int, rect: pygame.Rect,
              color: Color | None = None) -> None:
    """Draw the vector suit sign of ``suit`` in ``style`` centred in ``rect``.

    The sign is square, as large as the smaller side of ``rect``. Without
    ``color`` it has the style's own colours; with it, it is a flat silhouette.
    """
    rect = pygame.Rect(rect)
    size = min(rect.width, rect.height)
    if size <= 0:
        return
    sprite = sign_sprite(style, suit, size, color)
    surface.blit(sprite, sprite.get_rect(center=rect.center))
