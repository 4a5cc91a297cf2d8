"""The table's look: colours, fonts, text rendered once and cached, the felt.

Every piece of text on screen is rendered through :func:`text`, which keeps
the surfaces, so a frame never renders a font twice for the same words.

The font is the bundled one of :mod:`skatgame.ui.fonts` (which the card art uses
too); where it lets an umlaut's two dots run into a bar (the synthetic bold does),
:func:`text` parts them (:func:`dots_fix`). Suit symbols are
never font glyphs: text holding ♣ ♠ ♥ ♦ is drawn with the vector suit signs
(:func:`text` hands it to :func:`skatgame.ui.widgets.rich`). The green felt is drawn by code
(:func:`draw_felt`), once per window size.

Sizes come from the layout's type scale (:meth:`skatgame.ui.layout.Layout.font`);
text too long for its place is wrapped or shortened (:func:`ellipsize`), never
drawn smaller. :func:`record_texts` notes what a frame drew, for the gallery.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from dataclasses import dataclass, field

import pygame

from skatgame.ui.fonts import font, font_px

Color = tuple[int, int, int] | tuple[int, int, int, int]

# ---------------------------------------------------------------- colours

FELT_CENTRE: Color = (34, 120, 70)
FELT_EDGE: Color = (10, 52, 32)
FELT_LINE: Color = (60, 150, 96)

TEXT: Color = (244, 241, 230)
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


# ---------------------------------------------------------------- fonts and text

_TEXTS: OrderedDict[tuple[str, int, Color, bool], pygame.Surface] = OrderedDict()
_MAX_TEXTS = 3000

#: Suit symbols that may appear in text, and the suit (0 clubs .. 3 diamonds) each stands for.
SUIT_GLYPHS: dict[str, int] = {"♣": 0, "♠": 1, "♥": 2, "♦": 3, "♧": 0, "♤": 1, "♡": 2, "♢": 3}


def has_suit_glyph(s: str) -> bool:
    """Whether ``s`` holds a suit symbol (to be drawn as a vector sign)."""
    return any(ch in SUIT_GLYPHS for ch in s)


def text(s: str, size: int, color: Color = TEXT, bold: bool = False) -> pygame.Surface:
    """``s`` rendered antialiased at ``size`` in ``color`` (cached; do not draw on it).

    Suit symbols in ``s`` come out as vector suit signs, never as font glyphs.
    """
    key = (s, int(size), tuple(color), bold)
    surf = _TEXTS.get(key)
    if surf is not None:
        _TEXTS.move_to_end(key)
        return surf
    if has_suit_glyph(s):
        from skatgame.ui.widgets import rich, split_suits

        surf = rich(split_suits(s), size, color, bold=bold)
    else:
        f = font(size, bold)
        surf = f.render(s, True, color)
        if not UMLAUTS.isdisjoint(s):
            _part_dots(surf, s, f, int(size), bold, color)
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    _TEXTS[key] = surf
    if len(_TEXTS) > _MAX_TEXTS:
        _TEXTS.popitem(last=False)
    return surf


#: The letters with two dots over them (German umlauts).
UMLAUTS = frozenset("äöüÄÖÜ")


@dataclass(frozen=True)
class DotsFix:
    """How to part the dots of an umlaut drawn alone: take away ``erase`` (alpha only) at
    ``at``, then draw ``add`` (alpha only) at ``add_at``."""

    at: tuple[int, int]
    erase: pygame.Surface
    add: pygame.Surface | None
    add_at: tuple[int, int]


@functools.lru_cache(maxsize=256)
def dots_fix(ch: str, size: int, bold: bool) -> DotsFix | None:
    """How to part the two dots of ``ch`` at this size where they run into a bar
    (``None`` when they stand apart): a gap cut into the middle of a bar three pixels or
    wider; a narrower bar moves out by a pixel on each side, over the letter's stems.

    The bundled font sets its dots close together, and the synthetic bold (and at some
    sizes the hinting alone) closes the gap: "ö" would read as "ō".
    """
    glyph = font(size, bold).render(ch, True, (255, 255, 255))
    parts = pygame.mask.from_surface(glyph, 64).get_bounding_rects()
    if len(parts) < 2:
        return None
    body = max(parts, key=lambda r: r.width * r.height)
    marks = [r for r in parts if r.bottom <= body.top]
    if len(marks) != 1:  # two dots apart already
        return None
    bar = marks[0]
    rows = pygame.Rect(bar.x, 0, bar.width, body.top)

    def alpha_of(area: pygame.Rect) -> pygame.Surface:
        out = pygame.Surface(area.size, pygame.SRCALPHA)
        out.fill((0, 0, 0, 0))
        out.blit(glyph, (0, 0), area, special_flags=pygame.BLEND_RGBA_ADD)
        out.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)  # alpha only
        return out

    if bar.width >= 3:
        gap = 1 if bar.width <= 5 else 2 if bar.width % 2 == 0 else 3
        cut = pygame.Rect(bar.x + (bar.width - gap) // 2, 0, gap, body.top)
        return DotsFix(cut.topleft, alpha_of(cut), None, (0, 0))
    add = pygame.Surface((bar.width + 2, body.top), pygame.SRCALPHA)
    add.fill((0, 0, 0, 0))
    add.blit(alpha_of(pygame.Rect(bar.x, 0, 1, body.top)), (0, 0))
    add.blit(alpha_of(pygame.Rect(bar.right - 1, 0, 1, body.top)), (bar.width + 1, 0))
    return DotsFix(rows.topleft, alpha_of(rows), add, (bar.x - 1, 0))


def _part_dots(surf: pygame.Surface, s: str, f: pygame.font.Font, size: int, bold: bool,
               color: Color) -> None:
    """Part the dots of each umlaut in ``surf`` (``s`` rendered with ``f`` in ``color``)
    where the font let them run together."""
    # a glyph taller than the font's ascent (a capital umlaut) moves the line's baseline
    # down: where it lies in the line and in the letter drawn alone
    ascent = f.get_ascent()
    tops = [m[3] for m in f.metrics(s) if m]
    baseline = max(ascent, *tops) if tops else ascent
    for i, ch in enumerate(s):
        if ch not in UMLAUTS:
            continue
        fix = dots_fix(ch, size, bold)
        if fix is None:
            continue
        x = f.size(s[:i + 1])[0] - f.size(ch)[0]  # where the letter's pen stands
        y = baseline - max(ascent, *(m[3] for m in f.metrics(ch) if m))
        surf.blit(fix.erase, (x + fix.at[0], y + fix.at[1]),
                  special_flags=pygame.BLEND_RGBA_SUB)
        if fix.add is not None:
            dots = fix.add.copy()
            dots.fill((*color[:3], 0), special_flags=pygame.BLEND_RGBA_ADD)
            surf.blit(dots, (x + fix.add_at[0], y + fix.add_at[1]),
                      special_flags=pygame.BLEND_RGBA_MAX)


def line_height(size: int, bold: bool = False) -> int:
    """The height of a rendered line of text of ``size`` (its box, a little over ``size``)."""
    return font(size, bold).get_linesize()


def text_width(s: str, size: int, bold: bool = False) -> int:
    """The width in pixels of ``s`` at ``size`` (from the cache)."""
    return text(s, size, TEXT, bold).get_width()


@functools.lru_cache(maxsize=4096)  # drawn every frame: measure once per text and width
def ellipsize(s: str, size: int, max_width: int, bold: bool = False) -> str:
    """``s`` shortened with "…" so that it fits ``max_width`` at ``size`` (never smaller)."""
    if max_width <= 0 or text_width(s, size, bold) <= max_width:
        return s
    f = font(size, bold)
    lo, hi = 0, len(s)
    while lo < hi:  # the longest prefix that fits with the ellipsis: binary search
        mid = (lo + hi + 1) // 2
        if f.size(s[:mid].rstrip() + "…")[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return s[:lo].rstrip() + "…" if lo else "…"


# ---------------------------------------------------------------- what a frame drew

@dataclass
class DrawnText:
    """One text drawn on the recorded surface: its words, box and font pixel size."""

    text: str
    rect: pygame.Rect
    px: int
    hidden: bool = False  # covered later in the frame by an opaque panel

    @property
    def em_px(self) -> int:
        """The size the glyphs are drawn at: pygame scales its bundled font to 0.6875."""
        return int(self.px * 0.6875)


@dataclass
class TextLog:
    """The texts drawn on ``target`` while recording (see :func:`record_texts`)."""

    target: pygame.Surface
    items: list[DrawnText] = field(default_factory=list)

    def visible(self) -> list[DrawnText]:
        return [t for t in self.items if not t.hidden]

    def min_px(self) -> int | None:
        """The smallest font pixel size drawn (hidden texts included)."""
        return min((t.px for t in self.items), default=None)

    def min_em_px(self) -> int | None:
        """The smallest size glyphs were drawn at (see :attr:`DrawnText.em_px`)."""
        return min((t.em_px for t in self.items), default=None)

    def overlapping(self) -> list[DrawnText]:
        """The visible texts whose box overlaps another visible text's box."""
        shown = self.visible()
        out = []
        for i, a in enumerate(shown):
            if any(i != j and a.rect.colliderect(b.rect) for j, b in enumerate(shown)):
                out.append(a)
        return out


_LOG: TextLog | None = None


def record_texts(target: pygame.Surface | None) -> TextLog | None:
    """Start noting every text drawn on ``target`` (``None`` stops); returns the log.

    Only the gallery and tests record; when off, noting costs one comparison.
    Text drawn on another surface (a cached picture blitted later) is not noted.
    """
    global _LOG
    _LOG = TextLog(target) if target is not None else None
    return _LOG


def recording(surface: pygame.Surface) -> bool:
    """Whether texts drawn on ``surface`` are being noted (see :func:`record_texts`)."""
    return _LOG is not None and surface is _LOG.target


def note_text(surface: pygame.Surface, words: str, rect: pygame.Rect, size: int) -> None:
    """Note text of line size ``size`` drawn in ``rect`` on ``surface`` (when recording)."""
    if _LOG is not None and surface is _LOG.target:
        _LOG.items.append(DrawnText(words, pygame.Rect(rect), font_px(size)))


def note_cover(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """An opaque panel was drawn over ``rect``: the texts it covers are no longer seen."""
    if _LOG is not None and surface is _LOG.target:
        for t in _LOG.items:
            if not t.hidden and rect.contains(t.rect):
                t.hidden = True


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

