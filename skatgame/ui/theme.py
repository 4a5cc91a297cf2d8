"""The table's look: its colours and the green felt.

Imports: pygame, :mod:`skatgame.ui.fonts` and :mod:`skatgame.ui.text` (whose default
colour is the theme's ``TEXT``); the widgets and the scenes import it.

The green felt is drawn by code (:func:`draw_felt`), once per window size. Fonts
and text live below: :mod:`skatgame.ui.fonts` and :mod:`skatgame.ui.text`; the
few of their names the scenes reach through the theme stay here as aliases.
"""

from __future__ import annotations

import pygame

from skatgame.ui import fonts
from skatgame.ui import text as _text
from skatgame.ui.text import Color

# ---------------------------------------------------------------- colours

FELT_CENTRE: Color = (34, 120, 70)
FELT_EDGE: Color = (10, 52, 32)
FELT_LINE: Color = (60, 150, 96)

TEXT: Color = _text.TEXT  # the default colour of skatgame.ui.text, light on the felt
TEXT_DIM: Color = (184, 204, 190)
TEXT_DARK: Color = (28, 32, 30)
ACCENT: Color = (240, 196, 84)  # gold: whose turn, the chosen item
GOOD: Color = (120, 214, 130)
BAD: Color = (236, 98, 86)
WARN: Color = (246, 164, 72)

PANEL: Color = (12, 34, 24, 214)
PANEL_SOLID: Color = (18, 44, 32)
PANEL_BORDER: Color = (92, 150, 116)
SHADOW: Color = (0, 0, 0, 90)

BUTTON: Color = (36, 78, 58)
BUTTON_HOVER: Color = (48, 100, 74)
BUTTON_DOWN: Color = (28, 62, 46)
BUTTON_BORDER: Color = (112, 170, 136)
BUTTON_PRIMARY: Color = (214, 160, 52)
BUTTON_PRIMARY_HOVER: Color = (236, 184, 72)
BUTTON_PRIMARY_TEXT: Color = (34, 26, 10)
BUTTON_DISABLED: Color = (44, 60, 52)
BUTTON_DISABLED_TEXT: Color = (120, 138, 128)

BUBBLE: Color = (252, 250, 242)
BUBBLE_TEXT: Color = (30, 34, 32)
BUBBLE_BORDER: Color = (200, 196, 180)

PLATE: Color = (14, 30, 22, 226)
PLATE_ACTIVE: Color = ACCENT
SELECTION: Color = (255, 222, 120)

ROW_EVEN: Color = (255, 255, 255, 10)
ROW_ODD: Color = (0, 0, 0, 30)


# ---------------------------------------------------------------- text, for the scenes

# Text lives in skatgame.ui.text and the font in skatgame.ui.fonts; these are the few
# names of theirs the scenes still call through the theme (not copies: the same functions).
text = _text.render
font = fonts.font
line_height = _text.line_height
text_width = _text.text_width
ellipsize = _text.ellipsize
note_text = _text.note_text


def blend(a: Color, b: Color, t: float) -> tuple[int, int, int]:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


# ---------------------------------------------------------------- the felt


def draw_felt(size: tuple[int, int]) -> pygame.Surface:
    """Green felt: a radial gradient darkening to the edges, a faint weave, a printed line."""
    w, h = max(1, size[0]), max(1, size[1])
    sw, sh = max(8, w // 10), max(8, h // 10)
    small = pygame.Surface((sw, sh))
    small.fill(FELT_EDGE)
    steps = 36
    for i in range(steps):
        t = i / (steps - 1)
        color = blend(FELT_EDGE, FELT_CENTRE, t ** 0.8)
        k = 1.5 - 1.05 * t
        rect = pygame.Rect(0, 0, round(sw * k), round(sh * k))
        rect.center = (sw // 2, round(sh * 0.46))
        pygame.draw.ellipse(small, color, rect)
    felt = pygame.transform.smoothscale(small, (w, h))
    felt = felt.convert() if pygame.display.get_surface() is not None else felt
    tile = _weave_tile()
    for y in range(0, h, tile.get_height()):
        for x in range(0, w, tile.get_width()):
            felt.blit(tile, (x, y))
    unit = min(w / 1280, h / 720)
    inset = round(26 * unit)
    line = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    if line.width > 40 and line.height > 40:
        overlay = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(overlay, (*FELT_LINE, 46), line, max(1, round(2 * unit)),
                         border_radius=round(40 * unit))
        felt.blit(overlay, (0, 0))
    return felt


_WEAVE: pygame.Surface | None = None


def _weave_tile() -> pygame.Surface:
    """A small tile of faint noise that gives the felt its texture (made once)."""
    global _WEAVE
    if _WEAVE is None:
        import random

        rng = random.Random(7)
        n = 96
        tile = pygame.Surface((n, n), pygame.SRCALPHA)
        for y in range(n):
            for x in range(n):
                v = rng.random()
                if v < 0.5:
                    tile.set_at((x, y), (0, 0, 0, int(6 + 10 * v)))
                else:
                    tile.set_at((x, y), (255, 255, 255, int(2 + 6 * (v - 0.5))))
        _WEAVE = tile
    return _WEAVE
