"""Text on screen: rendered once and cached, labels with suit signs, measured, wrapped.

Imports: pygame, :mod:`skatgame.table.labels`, :mod:`skatgame.ui.fonts` and the suit
signs of the card art (:mod:`skatgame.ui.cards.signs`, :mod:`skatgame.ui.cards.suits`);
never the theme or the widgets, which import it (the colours it needs come as
parameters; :data:`TEXT` is the default and the theme's text colour).

Every piece of text on screen is rendered through :func:`render`, which keeps
the surfaces, so a frame never renders a font twice for the same words. The
font is the bundled one of :mod:`skatgame.ui.fonts`; where it lets an umlaut's
two dots run into a bar (the synthetic bold does), :func:`render` parts them
(:func:`dots_fix`). Suit symbols are never font glyphs: text holding ♣ ♠ ♥ ♦ is
drawn with the vector suit signs (:func:`render` hands it to :func:`rich`).

A label is a plain string or a tuple of parts, where a :class:`Sign` part stands
for a vector suit sign (fonts have no suit glyphs we may rely on). Text too long
for its place is wrapped (:func:`wrap`, :func:`wrap_label`) or shortened
(:func:`ellipsize`, :func:`shorten`), never drawn smaller. Text reaches the
screen through :func:`blit_text` (or :func:`draw_text`), which notes it for
:func:`record_texts`: what a frame drew, for the gallery and tests.
"""

from __future__ import annotations

import functools
import re
import weakref
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from skatgame.table.labels import Label, Part, Sign
from skatgame.ui.cards.cache import SurfaceCache
from skatgame.ui.cards.signs import suit_sign
from skatgame.ui.cards.suits import suit_color
from skatgame.ui.fonts import font, font_px
from skatgame.ui.vision import RGB, contrast_ratio, mix

Color = tuple[int, int, int] | tuple[int, int, int, int]

#: The default colour of text, light on the green felt (the theme's ``TEXT``).
TEXT: Color = (244, 241, 230)

#: Rendered words and rich labels, kept by pixel budget (the running points and messages
#: change all the time: a count of entries would keep ever larger ones): about 8 and 4 MB.
_TEXTS = SurfaceCache(max_pixels=2_000_000)
_RICH = SurfaceCache(max_pixels=1_000_000)

#: Suit symbols that may appear in text, and the suit (0 clubs .. 3 diamonds) each stands for.
SUIT_GLYPHS: dict[str, int] = {"♣": 0, "♠": 1, "♥": 2, "♦": 3, "♧": 0, "♤": 1, "♡": 2, "♢": 3}


def clear_caches() -> None:
    """Forget rendered labels, wrapped and shortened texts (e.g. after the deck style changed)."""
    _RICH.clear()
    _wrapped.cache_clear()
    _ellipsized.cache_clear()


#: The colour each rendered text was drawn in (for the contrast the recorder measures).
_INK: weakref.WeakKeyDictionary[pygame.Surface, RGB] = weakref.WeakKeyDictionary()


def _kept(cache: SurfaceCache, key: Hashable, make: Callable[[], pygame.Surface],
          color: Color | None = None) -> pygame.Surface:
    """The surface under ``key`` in ``cache``, made (in the display's pixel format once a
    window exists, which blits fastest) on the first call; ``color`` is its text's colour."""
    surf = cache.peek(key)
    if surf is None:
        surf = make()
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        cache.put(key, surf)
        if color is not None:
            _INK[surf] = (color[0], color[1], color[2])
    return surf


# ---------------------------------------------------------------- plain text


def has_suit_glyph(s: str) -> bool:
    """Whether ``s`` holds a suit symbol (to be drawn as a vector sign)."""
    return any(ch in SUIT_GLYPHS for ch in s)


def render(s: str, size: int, color: Color = TEXT, bold: bool = False) -> pygame.Surface:
    """``s`` rendered antialiased at ``size`` in ``color`` (cached; do not draw on it).

    Suit symbols in ``s`` come out as vector suit signs, never as font glyphs.
    """

    def make() -> pygame.Surface:
        if has_suit_glyph(s):
            return rich(split_suits(s), size, color, bold=bold)
        f = font(size, bold)
        surf = f.render(s, True, color)
        if not UMLAUTS.isdisjoint(s):
            _part_dots(surf, s, f, int(size), bold, color)
        return surf

    return _kept(_TEXTS, (s, int(size), tuple(color), bold), make, color)


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
    return render(s, size, TEXT, bold).get_width()


def ellipsize(s: str, size: int, max_width: int, bold: bool = False) -> str:
    """``s`` shortened with "…" so that it fits ``max_width`` at ``size`` (never smaller)."""
    short = _ellipsized(s, size, max_width, bold)
    if _LOG is not None and short != s:
        _LOG.cut.append(s)
    return short


def fit_size(s: str, sizes: Sequence[int], max_width: int,
             bold: bool = False) -> tuple[str, int]:
    """``s`` and the first of ``sizes`` (roles of the type scale, largest first) at which
    it fits ``max_width``; when it fits at none, shortened with "…" at the last."""
    for size in sizes:
        if text_width(s, size, bold) <= max_width:
            return s, size
    return ellipsize(s, sizes[-1], max_width, bold), sizes[-1]


@functools.lru_cache(maxsize=4096)  # drawn every frame: measure once per text and width
def _ellipsized(s: str, size: int, max_width: int, bold: bool) -> str:
    if max_width <= 0 or text_width(s, size, bold) <= max_width:
        return s
    f = font(size, bold)
    signs = has_suit_glyph(s)  # drawn as signs, wider than the font's glyphs: measured so

    def width(t: str) -> int:
        return text_width(t, size, bold) if signs else f.size(t)[0]

    lo, hi = 0, len(s)
    while lo < hi:  # the longest prefix that fits with the ellipsis: binary search
        mid = (lo + hi + 1) // 2
        if width(s[:mid].rstrip() + "…") <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return s[:lo].rstrip() + "…" if lo else "…"


# ---------------------------------------------------------------- labels: text with suit signs


def split_suits(text: str) -> tuple[Part, ...]:
    """Text with suit symbols as a label whose symbols are :class:`Sign` parts:
    "♣ Kreuz" -> (Sign(0), " Kreuz")."""
    parts: list[Part] = []
    run = ""
    for ch in text:
        suit = SUIT_GLYPHS.get(ch)
        if suit is None:
            run += ch
            continue
        if run:
            parts.append(run)
            run = ""
        parts.append(Sign(suit))
    if run:
        parts.append(run)
    return tuple(parts)


def rich(label: Label, size: int, color: Color = TEXT, style: str = "french",
         bold: bool = False) -> pygame.Surface:
    """A label rendered to one surface, suit signs drawn in place (cached).

    Suit symbols inside text parts are drawn as signs too (see :func:`split_suits`).
    """
    if isinstance(label, str):
        if not has_suit_glyph(label):
            return render(label, size, color, bold)
        label = split_suits(label)
    elif any(isinstance(p, str) and has_suit_glyph(p) for p in label):
        label = tuple(q for p in label for q in (split_suits(p) if isinstance(p, str)
                                                  else (p,)))
    key = (label, size, tuple(color), style, bold)

    def make() -> pygame.Surface:
        light_text = _luminance(color) > 110  # light and coloured texts (red warnings) alike
        parts: list[tuple[str, Any]] = []
        height = font(size, bold).get_height()
        sign = max(6, round(height * 0.8))
        width = 0
        for part in label:
            if isinstance(part, Sign):
                parts.append(("sign", part.suit))
                width += sign + max(1, sign // 8)
            elif part:
                s = render(part, size, color, bold)
                parts.append(("text", s))
                width += s.get_width()
        out = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
        x = 0
        for kind, value in parts:
            if kind == "sign":
                r = pygame.Rect(x, (height - sign) // 2, sign, sign)
                # a dark sign (clubs, spades) would vanish on a dark panel: draw it light,
                # a coloured one (the tournament deck's green spades) in a light tint of
                # its colour, so that the four colours stay told apart
                own = suit_color(style, value)
                light = None
                if _luminance(own) < 80 and light_text:
                    light = _tint(own) if max(own) - min(own) > 40 else color
                suit_sign(out, style, value, r, light)
                x += sign + max(1, sign // 8)
            else:
                out.blit(value, (x, 0))
                x += value.get_width()
        return out

    return _kept(_RICH, key, make, color)


def _tint(color: Color) -> Color:
    """``color`` lightened halfway to white (a dark suit colour on a dark panel)."""
    return (color[0] + (255 - color[0]) // 2, color[1] + (255 - color[1]) // 2,
            color[2] + (255 - color[2]) // 2)


def _luminance(color: Color) -> float:
    return 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2]


def draw_text(surface: pygame.Surface, label: Label, size: int, pos: tuple[float, float],
              color: Color = TEXT, anchor: str = "topleft", bold: bool = False,
              style: str = "french", alpha: int = 255) -> pygame.Rect:
    """Blit a label with one of its rect's points (``anchor``) at ``pos``; returns the rect."""
    surf = rich(label, size, color, style, bold)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    blit_text(surface, surf, rect, label, size, alpha)
    return rect


def blit_text(surface: pygame.Surface, surf: pygame.Surface, rect: pygame.Rect, label: Label,
              size: int, alpha: int = 255, box: pygame.Rect | None = None) -> None:
    """Blit a rendered label at ``rect``: the one path by which text reaches the screen.

    It notes the text's box (``box``: the pill or chip drawn around it, which no other
    text may touch either), size and contrast to what lies behind it for
    :func:`record_texts`.
    """
    behind = ground(surface, rect) if recording(surface) else None
    ink = ink_of(surf) if behind is not None else None
    if alpha < 255:
        surf = surf.copy()
        surf.set_alpha(alpha)
    surface.blit(surf, rect)
    if behind is not None and ink is not None:  # the plain words only when someone notes them
        note_text(surface, label_text(label), rect if box is None else box, size,
                  mix(behind, ink, alpha / 255), behind)


def shorten(label: Label, size: int, max_width: int, bold: bool = False,
            style: str = "french") -> Label:
    """``label`` shortened with "…" to fit ``max_width`` at ``size`` (never drawn smaller).

    A label with suit signs keeps its signs; its last words give way.
    """
    if isinstance(label, str):
        return ellipsize(label, size, max_width, bold)
    if max_width <= 0 or rich(label, size, style=style, bold=bold).get_width() <= max_width:
        return label
    head = list(label)
    last = ""
    while head and isinstance(word := head[-1], str):  # the words after the last sign
        last = word + last
        head.pop()
    if not last:
        return label
    head_w = rich(tuple(head), size, style=style, bold=bold).get_width() if head else 0
    return (*head, ellipsize(last, size, max(1, max_width - head_w), bold))


def label_text(label: Label) -> str:
    """A label as plain text (signs left out), for tests and logs."""
    if isinstance(label, str):
        return label
    return "".join(p for p in label if isinstance(p, str)).strip()


def label_width(label: Label, size: int, bold: bool = False, style: str = "french") -> int:
    """The width ``label`` takes when drawn at ``size`` (suit signs included)."""
    if isinstance(label, str):
        return text_width(label, size, bold) if label else 0
    return rich(label, size, TEXT, style, bold).get_width()


def wrap(text: str, size: int, width: int, bold: bool = False,
         break_words: bool = True) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` at ``size``.

    A word wider than a line (a file path) is cut into pieces, unless
    ``break_words`` is false (then it stands alone on a line that is too wide).
    """
    return list(_wrapped(text, size, width, bold, break_words))


#: a product such as "3 × 12": read as one unit, never broken across two lines
_PRODUCT = re.compile(r"(?<=\w) × (?=\w)")
#: a suit sign and what it marks ("♠ 11", "♥ Hearts"): one unit too
_SIGNED = re.compile("([\u2660\u2663\u2665\u2666]) (?=\\w)")
#: a figure and its per cent sign ("55 %", as German writes it): one unit too
_PERCENT = re.compile(r"(?<=\d) (?=%)")
NBSP = "\u00a0"


def keep_together(text: str) -> str:
    """``text`` with no-break spaces where a line must not break ("3 × 12", "♠ 11",
    "55 %")."""
    if " × " in text:
        text = _PRODUCT.sub(f"{NBSP}×{NBSP}", text)
    if " %" in text:
        text = _PERCENT.sub(NBSP, text)
    return _SIGNED.sub(f"\\1{NBSP}", text)


@functools.lru_cache(maxsize=1024)  # scenes wrap while drawing: measure once per text
def _wrapped(text: str, size: int, width: int, bold: bool, break_words: bool) -> tuple[str, ...]:
    lines: list[str] = []
    for para in keep_together(text).split("\n"):
        line = ""
        words = para.split(" ")
        pieces = _split_long(words, size, width, bold) if break_words else \
            [(w, False) for w in words]
        for word, piece in pieces:
            trial = f"{line} {word}" if line else word
            if line and (piece or text_width(trial, size, bold) > width):
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return tuple(lines)


def wrap_label(label: Label, size: int, width: int, bold: bool = False,
               style: str = "french") -> list[Label]:
    """Break a label (text, or parts with suit signs) into lines no wider than ``width``.

    Lines break at spaces only, so a sign stays with the word it is written to (and a
    sign standing alone with the word after it).
    """
    if isinstance(label, str) and not has_suit_glyph(label):
        return list(wrap(label, size, width, bold))
    parts = split_suits(label) if isinstance(label, str) else label
    words: list[list[Part]] = [[]]
    for part in parts:
        if not isinstance(part, str):
            words[-1].append(part)
            continue
        for k, chunk in enumerate(keep_together(part).split(" ")):
            if k:
                words.append([])
            if chunk:
                words[-1].append(chunk)
    glued: list[list[Part]] = []
    for word in (w for w in words if w):
        if glued and not any(isinstance(p, str) for p in glued[-1]):
            glued[-1] += [" ", *word]  # a sign alone ("♦ Diamonds") stays with its word
        else:
            glued.append(word)
    lines: list[Label] = []
    line: list[Part] = []
    for word in glued:
        trial = [*line, " ", *word] if line else list(word)
        if line and rich(tuple(trial), size, TEXT, style, bold).get_width() > width:
            lines.append(tuple(line))
            line = list(word)
        else:
            line = trial
    if line or not lines:
        lines.append(tuple(line))
    return lines


@functools.lru_cache(maxsize=256)  # drawn every frame: measured once per text and width
def wrap_even(label: Label, size: int, width: int, bold: bool = False,
              style: str = "french") -> tuple[Label, ...]:
    """``label`` wrapped to ``width`` in as few lines as :func:`wrap_label` needs, at the
    narrowest width that keeps them that few: lines of even length, no word left alone
    on the last line."""
    lines = wrap_label(label, size, width, bold, style)
    n = len(lines)
    if n < 2:
        return tuple(lines)
    lo, hi = width // n, width  # hi always gives n lines
    while hi - lo > 2:
        mid = (lo + hi) // 2
        if len(wrap_label(label, size, mid, bold, style)) <= n:
            hi = mid
        else:
            lo = mid
    return tuple(wrap_label(label, size, hi, bold, style))


def wrap_lines(label: Label, size: int, width: int, max_lines: int, bold: bool = False,
               style: str = "french") -> list[Label]:
    """``label`` wrapped to ``width`` in at most ``max_lines`` lines (at least one); when
    words are left over, the last line ends in "…"."""
    lines = wrap_label(label, size, width, bold, style)
    n = max(1, max_lines)
    if len(lines) <= n:
        return lines
    ell = "…"
    if _LOG is not None:
        _LOG.cut.append(label_text(label))
    room = max(1, width - label_width(ell, size, bold, style))
    head = wrap_label(lines[n - 1], size, room, bold, style)[0]
    last: Label = head + ell if isinstance(head, str) else (*head, ell)
    return [*lines[:n - 1], last]


def _split_long(words: list[str], size: int, width: int, bold: bool
                ) -> list[tuple[str, bool]]:
    """Words wider than ``width`` (such as file paths) cut into pieces that fit (a path
    after a separator where it can); each with whether it goes on with the piece before
    it (then it starts a line: no space is put into the word)."""
    out: list[tuple[str, bool]] = []
    f = font(size, bold)
    for word in words:
        piece = False
        while len(word) > 1 and f.size(word)[0] > width:
            lo, hi = 1, len(word) - 1  # the longest prefix that fits: binary search
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if f.size(word[:mid])[0] <= width:
                    lo = mid
                else:
                    hi = mid - 1
            # a path breaks after a folder's separator, so no name is cut in two
            cut = max(word.rfind("/", 0, lo), word.rfind("\\", 0, lo))
            if cut > 0:
                lo = cut + 1
            out.append((word[:lo], piece))
            word = word[lo:]
            piece = True
        out.append((word, piece))
    return out


# ---------------------------------------------------------------- what a frame drew

@dataclass
class DrawnText:
    """One text drawn on the recorded surface: its words, box and font pixel size."""

    text: str
    rect: pygame.Rect
    px: int
    hidden: bool = False  # covered later in the frame by an opaque panel
    #: the WCAG contrast of its colour to the colour behind it (None: not measured)
    contrast: float | None = None

    @property
    def em_px(self) -> int:
        """The size the glyphs are drawn at: pygame scales its bundled font to 0.6875."""
        return int(self.px * 0.6875)


@dataclass
class TextLog:
    """The texts drawn on ``target`` while recording (see :func:`record_texts`)."""

    target: pygame.Surface
    items: list[DrawnText] = field(default_factory=list)
    #: the texts shortened with "…" to fit while recording (for the gallery's report)
    cut: list[str] = field(default_factory=list)
    #: the buttons whose key hint was left out for want of room ("Score sheet (Tab)")
    keys_left_out: list[str] = field(default_factory=list)

    def visible(self) -> list[DrawnText]:
        return [t for t in self.items if not t.hidden]

    def min_px(self) -> int | None:
        """The smallest font pixel size drawn (hidden texts included)."""
        return min((t.px for t in self.items), default=None)

    def min_em_px(self) -> int | None:
        """The smallest size glyphs were drawn at (see :attr:`DrawnText.em_px`)."""
        return min((t.em_px for t in self.items), default=None)

    def min_contrast(self) -> float | None:
        """The lowest contrast of a visible text to what lies behind it."""
        return min((t.contrast for t in self.visible() if t.contrast is not None),
                   default=None)

    def low_contrast(self, floor: float) -> list[DrawnText]:
        """The visible texts whose contrast to what lies behind them is below ``floor``."""
        return [t for t in self.visible() if t.contrast is not None and t.contrast < floor]

    def off_target(self) -> list[DrawnText]:
        """The visible texts that run past the edge of the surface (cut by the window's
        edge as surely as by "…")."""
        area = self.target.get_rect()
        return [t for t in self.visible() if not area.contains(t.rect)]

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


def note_text(surface: pygame.Surface, words: str, rect: pygame.Rect, size: int,
              ink: Color | None = None, behind: Color | None = None) -> None:
    """Note text of line size ``size`` drawn in ``rect`` on ``surface`` (when recording),
    in colour ``ink`` on the colour ``behind`` (both given: its contrast is noted)."""
    if _LOG is not None and surface is _LOG.target:
        ratio = contrast_ratio(ink, behind) if ink is not None and behind is not None else None
        _LOG.items.append(DrawnText(words, pygame.Rect(rect), font_px(size), contrast=ratio))


def note_cut(surface: pygame.Surface, what: str) -> None:
    """Note that text meant for ``surface`` was left out for want of room (when
    recording): lines dropped under a panel's foot are as cut as a text shortened with
    "…", and the gallery's report counts them."""
    if _LOG is not None and surface is _LOG.target:
        _LOG.cut.append(what)


def note_key_left_out(surface: pygame.Surface, what: str) -> None:
    """Note that a button drawn on ``surface`` left its key hint out (when recording):
    ``what`` names the button and its key."""
    if _LOG is not None and surface is _LOG.target:
        _LOG.keys_left_out.append(what)


def ink_of(surf: pygame.Surface) -> RGB:
    """The colour of the text rendered on ``surf``: as it was rendered, else its most
    opaque pixel's colour (measured once per surface)."""
    ink = _INK.get(surf)
    if ink is None:
        best, ink = -1, (255, 255, 255)
        w, h = surf.get_size()
        for y in range(h):
            for x in range(w):
                c = surf.get_at((x, y))
                if c.a > best:
                    best, ink = c.a, (c.r, c.g, c.b)
        _INK[surf] = ink
    return ink


def ground(surface: pygame.Surface, rect: pygame.Rect) -> RGB | None:
    """The colour that lies behind ``rect`` on ``surface``: of the pixels in the box (a
    sample of them), the mean of the most common band of colours (so a panel's border or
    a card's edge in the box does not count). ``None`` when the box is off the surface."""
    box = rect.clip(surface.get_rect())
    if box.width <= 0 or box.height <= 0:
        return None
    sample = pygame.transform.scale(surface.subsurface(box),
                                    (min(box.width, 32), min(box.height, 8)))
    bands: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}
    sw, sh = sample.get_size()
    for y in range(sh):
        for x in range(sw):
            c = sample.get_at((x, y))
            bands.setdefault((c.r >> 5, c.g >> 5, c.b >> 5), []).append((c.r, c.g, c.b))
    most = max(bands.values(), key=len)
    n = len(most)
    return (sum(c[0] for c in most) // n, sum(c[1] for c in most) // n,
            sum(c[2] for c in most) // n)


def note_cover(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """An opaque panel was drawn over ``rect``: the texts it covers are no longer seen."""
    if _LOG is not None and surface is _LOG.target:
        for t in _LOG.items:
            if not t.hidden and rect.contains(t.rect):
                t.hidden = True
