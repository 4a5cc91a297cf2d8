"""The table's look: its colours and the green felt.

Imports: pygame, :mod:`skatgame.ui.fonts` and :mod:`skatgame.ui.text` (whose default
colour is the theme's ``TEXT``); the widgets and the scenes import it.

The green felt is drawn by code (:func:`draw_felt`), once per window size. Fonts
and text live below: :mod:`skatgame.ui.fonts` and :mod:`skatgame.ui.text`; the
few of their names the scenes reach through the theme stay here as aliases.
"""

from __future__ import annotations

import functools

import pygame

from skatgame.ui import fonts
from skatgame.ui import text as _text
from skatgame.ui.text import Color
from skatgame.ui.vision import contrast_ratio

# ---------------------------------------------------------------- colours

FELT_CENTRE: Color = (26, 94, 55)  # dark enough for every text colour (WCAG AA)
FELT_EDGE: Color = (10, 52, 32)
FELT_LINE: Color = (60, 150, 96)

TEXT: Color = _text.TEXT  # the default colour of skatgame.ui.text, light on the felt
TEXT_DIM: Color = (200, 216, 206)
TEXT_DARK: Color = (28, 32, 30)
ACCENT: Color = (240, 196, 84)  # gold: whose turn, the chosen item
GOOD: Color = (130, 220, 140)
BAD: Color = (255, 138, 124)
WARN: Color = (250, 178, 96)

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
BUTTON_DISABLED_TEXT: Color = (166, 180, 172)
#: A disabled button's outline (its fill in the normal theme, which stands off the felt
#: by itself; a dim grey in high contrast, where the fill is the black of the felt).
BUTTON_DISABLED_BORDER: Color = BUTTON_DISABLED

BUBBLE: Color = (252, 250, 242)
BUBBLE_TEXT: Color = (30, 34, 32)
BUBBLE_BORDER: Color = (200, 196, 180)

PLATE: Color = (14, 30, 22, 226)
PLATE_ACTIVE: Color = ACCENT
SELECTION: Color = (255, 222, 120)

ROW_EVEN: Color = (255, 255, 255, 10)
ROW_ODD: Color = (0, 0, 0, 30)

#: The keyboard's focus: a ring in FOCUS_RING with a FOCUS_EDGE inside it, so that it
#: stands out (3:1 and more) both from the felt or panel around it and a light button.
FOCUS_RING: Color = ACCENT
FOCUS_EDGE: Color = (16, 18, 16)


#: The colours above by name: the normal theme (kept to switch back to it).
NORMAL: dict[str, Color] = {k: v for k, v in globals().items()
                            if k.isupper() and isinstance(v, tuple)}

#: The high-contrast theme: a plain, nearly black felt, white and yellow text (every text
#: at least 7:1 to what lies behind it, WCAG AAA), white borders, thick card outlines.
HIGH: dict[str, Color] = {
    "FELT_CENTRE": (0, 24, 12), "FELT_EDGE": (0, 24, 12), "FELT_LINE": (0, 24, 12),
    "TEXT": (255, 255, 255), "TEXT_DIM": (228, 228, 228), "TEXT_DARK": (0, 0, 0),
    "ACCENT": (255, 226, 0), "GOOD": (120, 255, 150), "BAD": (255, 170, 160),
    "WARN": (255, 200, 110),
    "PANEL": (0, 0, 0, 255), "PANEL_SOLID": (0, 0, 0), "PANEL_BORDER": (255, 255, 255),
    "SHADOW": (0, 0, 0, 140),
    "BUTTON": (0, 0, 0), "BUTTON_HOVER": (24, 24, 24), "BUTTON_DOWN": (0, 0, 0),
    "BUTTON_BORDER": (255, 255, 255), "BUTTON_PRIMARY": (255, 226, 0),
    "BUTTON_PRIMARY_HOVER": (255, 240, 120), "BUTTON_PRIMARY_TEXT": (0, 0, 0),
    "BUTTON_DISABLED": (0, 0, 0), "BUTTON_DISABLED_TEXT": (176, 176, 176),
    "BUTTON_DISABLED_BORDER": (120, 120, 120),  # 4:1 to the felt: there, and dim
    "BUBBLE": (255, 255, 255), "BUBBLE_TEXT": (0, 0, 0), "BUBBLE_BORDER": (0, 0, 0),
    "PLATE": (0, 0, 0, 245), "PLATE_ACTIVE": (255, 226, 0), "SELECTION": (255, 226, 0),
    "ROW_EVEN": (255, 255, 255, 16), "ROW_ODD": (0, 0, 0, 0),
    "FOCUS_RING": (255, 226, 0), "FOCUS_EDGE": (0, 0, 0),
}

#: Whether the high-contrast theme is in use (see :func:`use_high_contrast`).
high_contrast = False
#: The width of the outline around every card, in pixels per 100 px of card width.
CARD_OUTLINE = 0.0


def use_high_contrast(on: bool) -> None:
    """Switch the colours above (and the contrast floor of :func:`quiet`) to the
    high-contrast theme or back. Cached pictures drawn in the old colours must be
    forgotten by the caller (the app does it when the setting changes)."""
    global high_contrast, TEXT_CONTRAST, CARD_OUTLINE
    high_contrast = on
    globals().update(HIGH if on else NORMAL)
    TEXT_CONTRAST = 7.0 if on else 4.5
    CARD_OUTLINE = 2.5 if on else 0.0
    quiet.cache_clear()


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


#: The contrast every text keeps to what lies behind it (WCAG AA; AAA in high contrast).
TEXT_CONTRAST = 4.5


@functools.lru_cache(maxsize=256)  # drawn every frame
def quiet(fg: Color, bg: Color, t: float = 0.45) -> tuple[int, int, int]:
    """``fg`` toned ``t`` of the way towards ``bg`` (a quieter text, such as a key hint),
    but never so far that it drops below :data:`TEXT_CONTRAST` to ``bg``."""
    floor = TEXT_CONTRAST + 0.25  # a margin for the antialiased edges of the glyphs
    while t > 0 and contrast_ratio(blend(fg, bg, t), bg) < floor:
        t -= 0.05
    return blend(fg, bg, max(0.0, t))


# ---------------------------------------------------------------- the felt


def draw_felt(size: tuple[int, int]) -> pygame.Surface:
    """Green felt: a radial gradient darkening to the edges, a faint weave, a printed line
    (in high contrast: one plain colour)."""
    w, h = max(1, size[0]), max(1, size[1])
    if high_contrast:
        plain = pygame.Surface((w, h))
        plain.fill(FELT_CENTRE)
        return plain
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
