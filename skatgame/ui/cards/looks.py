"""The play scene's two looks of a face: highlighted (playable) and dimmed (unplayable)."""

from __future__ import annotations

import pygame

from skatgame.ui.cards.faces import card_height, corner_radius, supersampled
from skatgame.ui.cards.geometry import rounded_rect_pts
from skatgame.ui.cards.pips import CARD_H, CARD_W

GLOW = (255, 196, 24)
GLOW_INNER = (255, 236, 150)


def highlight_ring(width: int) -> pygame.Surface:
    """A transparent card-sized surface with a bright rounded border."""
    surface, canvas, _ss = supersampled(width)
    surface.fill((*GLOW, 0))
    # about a twenty-fourth of the card wide (5 px at 120 px), never under 2.6 px: the chosen
    # card's edge is seen from afar (large text, poor sight)
    thick = max(max(2.6, width / 24) * CARD_W / width, 3.6)
    radius = corner_radius(width)
    canvas.fill(rounded_rect_pts(0.0, 0.0, CARD_W, CARD_H, radius), GLOW)
    inner = thick * 0.62
    canvas.fill(rounded_rect_pts(inner, inner, CARD_W - 2 * inner, CARD_H - 2 * inner,
                                 radius - inner), GLOW_INNER)
    canvas.fill(rounded_rect_pts(thick, thick, CARD_W - 2 * thick, CARD_H - 2 * thick,
                                 max(radius - thick, 1.0)), (*GLOW_INNER, 0))
    return pygame.transform.smoothscale(surface, (width, card_height(width)))


def make_highlighted(face: pygame.Surface, ring: pygame.Surface) -> pygame.Surface:
    """A copy of ``face`` with the highlight ring laid over its edge."""
    out = face.copy()
    out.blit(ring, (0, 0))
    return out


def make_dimmed(face: pygame.Surface) -> pygame.Surface:
    """A copy of ``face`` that is half greyed and darkened, still legible."""
    out = face.copy()
    grey = pygame.transform.grayscale(face)
    grey.set_alpha(120)
    out.blit(grey, (0, 0))
    out.fill((182, 182, 190), special_flags=pygame.BLEND_RGB_MULT)
    # The blit above may have raised the alpha of the anti-aliased corners: restore it.
    alpha = face.copy()
    alpha.fill((255, 255, 255), special_flags=pygame.BLEND_RGB_MAX)
    out.blit(alpha, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out
