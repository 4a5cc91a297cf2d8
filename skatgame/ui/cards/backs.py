"""Card backs: point-symmetric patterns inside a white margin."""

from __future__ import annotations

import pygame

from skatgame.ui.cards.faces import blank, card_height, supersampled
from skatgame.ui.cards.geometry import Canvas, Pt, ellipse_pts, rounded_rect_pts, shade
from skatgame.ui.cards.pips import CARD_H, CARD_W

#: Names of the back designs, indexed by ``back_design``.
BACK_DESIGNS: tuple[str, ...] = ("Blue lattice", "Red rosette", "Green tartan")

_INSET = 5.0


def _clip(p: Pt, q: Pt, x0: float, y0: float, x1: float, y1: float) -> tuple[Pt, Pt] | None:
    """Clip segment p-q to a rectangle (Liang-Barsky)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for pk, qk in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if pk == 0:
            if qk < 0:
                return None
            continue
        t = qk / pk
        if pk < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return ((p[0] + t0 * dx, p[1] + t0 * dy), (p[0] + t1 * dx, p[1] + t1 * dy))


def _lattice(c: Canvas) -> None:
    field, line, dot = (28, 48, 118), (92, 124, 204), (232, 196, 92)
    x0, y0, x1, y1 = _INSET, _INSET, CARD_W - _INSET, CARD_H - _INSET
    c.fill([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], field)
    step = 7.0
    cx, cy = CARD_W / 2, CARD_H / 2
    span = int((CARD_W + CARD_H) / step) + 2
    for k in range(-span, span + 1):
        # Lines through points on the vertical axis, at +/-45 degrees, centred on the card.
        for slope in (1.0, -1.0):
            p = (cx - 200.0, cy + k * step - slope * 200.0)
            q = (cx + 200.0, cy + k * step + slope * 200.0)
            seg = _clip(p, q, x0, y0, x1, y1)
            if seg:
                c.line(seg[0], seg[1], line, 0.7)
    for i in range(-span, span + 1):
        for j in range(-span, span + 1):
            x = cx + (i + j) * step / 2
            y = cy + (j - i) * step / 2
            if x0 + 1.5 < x < x1 - 1.5 and y0 + 1.5 < y < y1 - 1.5:
                c.fill([(x, y - 1.3), (x + 1.3, y), (x, y + 1.3), (x - 1.3, y)], dot)
    c.ellipse(cx, cy, 20.0, 27.0, (250, 246, 232), dot, 1.4)
    c.ellipse(cx, cy, 16.5, 23.5, field)
    for a in range(0, 360, 45):
        petal = c.sub(cx, cy, angle=a)
        petal.fill(ellipse_pts(0.0, -10.0, 3.4, 8.5, 20), dot)
    c.ellipse(cx, cy, 4.0, 4.0, (250, 246, 232), dot, 0.8)


def _rosette(c: Canvas) -> None:
    field, light, gold = (150, 22, 34), (236, 120, 120), (238, 196, 96)
    x0, y0, x1, y1 = _INSET, _INSET, CARD_W - _INSET, CARD_H - _INSET
    c.fill([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], field)
    cx, cy = CARD_W / 2, CARD_H / 2
    for corner_x, corner_y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        for r in (10.0, 16.0, 22.0):
            c.ring(ellipse_pts(corner_x, corner_y, r, r, 48), light, 0.6)
    # Guilloche: rotated ellipses around the centre.
    for k in range(24):
        c.sub(cx, cy, angle=k * 7.5).ring(ellipse_pts(0.0, 0.0, 34.0, 13.0, 64), gold, 0.55)
    for k in range(16):
        c.sub(cx, cy, angle=k * 11.25).ring(ellipse_pts(0.0, 0.0, 20.0, 6.0, 48), light, 0.5)
    c.ellipse(cx, cy, 5.0, 5.0, gold, field, 0.8)
    c.ring(rounded_rect_pts(x0 + 2.5, y0 + 2.5, x1 - x0 - 5.0, y1 - y0 - 5.0, 2.0), gold, 0.8)


def _tartan(c: Canvas) -> None:
    field = (30, 96, 60)
    x0, y0, x1, y1 = _INSET, _INSET, CARD_W - _INSET, CARD_H - _INSET
    c.fill([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], field)
    dark, light, red = shade(field, 0.6), (110, 170, 120), (190, 50, 44)
    cx, cy = CARD_W / 2, CARD_H / 2
    step = 15.0
    # Wide dark bands first, then the thin light and red threads over them.
    for off, colour, w in ((0.0, dark, 5.0), (-4.2, light, 0.8), (4.2, light, 0.8),
                           (0.0, red, 0.9)):
        for k in range(-8, 9):
            y = cy + k * step + off
            x = cx + k * step + off
            if y0 < y < y1:
                c.line((x0, y), (x1, y), colour, w)
            if x0 < x < x1:
                c.line((x, y0), (x, y1), colour, w)
    c.ring(rounded_rect_pts(x0 + 2.5, y0 + 2.5, x1 - x0 - 5.0, y1 - y0 - 5.0, 2.0),
           (236, 226, 190), 0.8)


_DRAW = (_lattice, _rosette, _tartan)


def render_back(design: int, width: int) -> pygame.Surface:
    """A new surface with back design number ``design`` at ``width`` pixels."""
    surface, canvas, _ss = supersampled(width)
    blank(surface, canvas, width)
    w, h = surface.get_size()
    pattern = pygame.Surface((w, h), pygame.SRCALPHA)
    pattern.fill((0, 0, 0, 0))
    pc = Canvas(pattern, canvas.xf)
    _DRAW[design % len(_DRAW)](pc)
    # Keep the pattern inside a rounded field: a mask whose outside is transparent.
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    mask.fill((0, 0, 0, 0))
    mc = Canvas(mask, canvas.xf)
    mc.fill(rounded_rect_pts(_INSET, _INSET, CARD_W - 2 * _INSET, CARD_H - 2 * _INSET, 3.0),
            (255, 255, 255, 255))
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(pattern, (0, 0))
    return pygame.transform.smoothscale(surface, (width, card_height(width)))
