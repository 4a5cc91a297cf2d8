"""The game's one font: loading it, its pixel sizes, which characters it has.

Imports: pygame only. It lies below the card art (whose corner indices take
their font from :func:`load_font`) and below :mod:`skatgame.ui.text` (which
draws the suit signs of the card art), so neither has to reach up for it.

One font for everything: the font bundled inside pygame-ce (FreeSans Bold,
GPL with the font exception, shipped by the ``pygame-ce`` dependency, never
copied into this repository), loaded by :func:`load_font` alone, so the game
looks the same on every machine whatever fonts it has. It has the German
letters (ä ö ü Ä Ö Ü ß) and Latin, Greek and Cyrillic (:func:`can_draw`).
Sizes come from the layout's type scale (:meth:`skatgame.ui.layout.Layout.font`)
as line heights; :func:`font_px` turns them into the loader's pixel size.
"""

from __future__ import annotations

import pygame

_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}


def font_file() -> str:
    """The name of the bundled font (inside the pygame-ce package)."""
    return pygame.font.get_default_font()


def load_font(pixels: int) -> pygame.font.Font:
    """The game's font at a nominal ``pixels`` size: pygame-ce's bundled font.

    The only place that creates fonts for the UI's text.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, max(1, int(pixels)))  # None: the font bundled with pygame


def font_px(size: int) -> int:
    """The pixel size handed to :func:`load_font` for text of line size ``size``.

    The bundled font draws about 0.69 of the nominal size; the UI's sizes are
    line heights, so they are scaled by 1.45 on the way to the font loader.
    """
    return round(max(6, int(size)) * 1.45)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's font for lines ``size`` pixels high (cached)."""
    size = max(6, int(size))
    key = (size, bold)
    f = _FONTS.get(key)
    if f is None:
        f = load_font(font_px(size))
        f.bold = bold
        _FONTS[key] = f
    return f


_GLYPHS: dict[str, bool] = {}


def can_draw(ch: str) -> bool:
    """Whether the game's font has a glyph for the character ``ch`` (not the empty box).

    The bundled font covers Latin (umlauts, ß, Ł, ő...), Greek and Cyrillic; a
    character it lacks would show as a box, so names keep only what it can draw.
    """
    known = _GLYPHS.get(ch)
    if known is None:
        f = load_font(30)

        def look(c: str) -> bytes:
            return pygame.image.tobytes(f.render(c, True, (255, 255, 255)), "RGBA")

        if "" not in _GLYPHS:  # the box drawn for a character the font does not have
            _GLYPHS[""] = True
            _MISSING.append(look("\ue000"))
        known = ch.isspace() or look(ch) != _MISSING[0]
        _GLYPHS[ch] = known
    return known


_MISSING: list[bytes] = []
