"""Buttons, panels, speech bubbles, option rows, toasts and text fields.

Imports: pygame, :mod:`skatgame.table`, and below it in the window :mod:`~skatgame.ui.text`,
:mod:`~skatgame.ui.fonts`, :mod:`~skatgame.ui.theme`, :mod:`~skatgame.ui.layout` and
:mod:`~skatgame.ui.anim`; the scenes and the app import it.

Shapes are drawn supersampled once and cached per size and colour, so edges
are smooth and a frame only blits. Text goes through :mod:`skatgame.ui.text`:
a label is a plain string or a tuple of parts, where a :class:`Sign` part
stands for a vector suit sign (fonts have no suit glyphs we may rely on).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from skatgame.table.labels import Label
from skatgame.table.labels import Sign as Sign  # for the scenes
from skatgame.ui import text as _text
from skatgame.ui import theme
from skatgame.ui.anim import calm
from skatgame.ui.cards.cache import SurfaceCache
from skatgame.ui.fonts import can_draw
from skatgame.ui.layout import caption_for, small_for
from skatgame.ui.text import (
    Color,
    blit_text,
    draw_text,
    ellipsize,
    label_text,
    line_height,
    note_cover,
    note_key_left_out,
    note_text,
    recording,
    render,
    rich,
    text_width,
    wrap_even,
    wrap_label,
    wrap_lines,
)

_SS = 3  # supersampling factor for shapes
_BAND = 64  # rows of a rounded rectangle drawn supersampled at a time

# Text lives in skatgame.ui.text. The scenes still call draw_text, rich, wrap_label...
# (imported above for the widgets' own use) and these few through widgets: the same
# functions, not copies.
split_suits = _text.split_suits
shorten = _text.shorten
wrap = _text.wrap
label_width = _text.label_width

#: The event a button press or a choice changed posts: the window plays the click sound
#: (widgets know no sound, and no one who plays it).
CLICKED = pygame.event.custom_type()


def clicked() -> None:
    """Tell the window a control was used (by an event on pygame's queue)."""
    with contextlib.suppress(pygame.error):  # no event queue (no display): no click
        pygame.event.post(pygame.event.Event(CLICKED))

#: Panels, shadows, bubbles and glows, kept by pixel budget (a dialog's panel is a window's
#: worth of pixels; a count of entries would keep dozens of them): about 16 MB.
_SHAPES = SurfaceCache(max_pixels=4_000_000)


def _cached(key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    surf = _SHAPES.peek(key)
    return surf if surf is not None else _SHAPES.put(key, fast(make()))


def fast(surface: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format, which blits fastest (once a window exists)."""
    if pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def clear_caches() -> None:
    """Forget cached shapes and labels (e.g. after the deck style changed)."""
    _SHAPES.clear()
    _text.clear_caches()


# ---------------------------------------------------------------- shapes


def rounded(size: tuple[int, int], radius: int, fill: Color, border: Color | None = None,
            border_w: int = 0) -> pygame.Surface:
    """An antialiased rounded rectangle (cached)."""
    w, h = max(1, size[0]), max(1, size[1])
    radius = max(0, min(radius, w // 2, h // 2))
    key = ("rounded", w, h, radius, tuple(fill), tuple(border) if border else None, border_w)
    return _cached(key, lambda: _stretched_rounded(w, h, radius, fill, border, border_w))


def _stretched_rounded(w: int, h: int, radius: int, fill: Color, border: Color | None,
                       border_w: int) -> pygame.Surface:
    """The rounded rectangle from a small one: only the corners are curved, every row
    and column between them is the same, so the small one's middle row and column are
    repeated (pixel for pixel what drawing it whole supersampled gives, many times faster
    for a dialog's panel)."""
    corner = max(radius, border_w if border else 0)  # the rows and columns that differ
    side = 2 * corner + 1
    if w <= side and h <= side:
        return _supersampled_rounded(w, h, radius, fill, border, border_w)
    small = _supersampled_rounded(min(w, side), min(h, side), radius, fill, border, border_w)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    sw, sh = small.get_size()
    # columns: left corner, the middle column repeated, right corner; then the same for rows
    xs = _spans(w, sw, corner)
    ys = _spans(h, sh, corner)
    for src_y, src_h, dst_y, dst_h in ys:
        for src_x, src_w, dst_x, dst_w in xs:
            if not (src_w and src_h):
                continue
            piece = small.subsurface((src_x, src_y, src_w, src_h))
            if (dst_w, dst_h) != (src_w, src_h):
                piece = pygame.transform.scale(piece, (dst_w, dst_h))
            # onto the transparent picture a blit copies the pixels unchanged
            out.blit(piece, (dst_x, dst_y))
    return out


def _spans(length: int, small: int, corner: int) -> list[tuple[int, int, int, int]]:
    """(source start, source length, target start, target length) of the pieces along one
    side: the whole side when it is short, else corner, stretched middle, corner."""
    if length == small:
        return [(0, small, 0, length)]
    return [(0, corner, 0, corner), (corner, 1, corner, length - 2 * corner),
            (corner + 1, corner, length - corner, corner)]


def _supersampled_rounded(w: int, h: int, radius: int, fill: Color, border: Color | None,
                          border_w: int) -> pygame.Surface:
    """The rounded rectangle drawn at three times its size and scaled down, a band of rows
    at a time: each pixel is the mean of its own block of the large picture, so the bands
    join exactly and a large one never needs a picture nine times its size at once."""
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    r = radius * _SS
    whole = pygame.Rect(0, 0, w * _SS, h * _SS)
    for top in range(0, h, _BAND):
        rows = min(_BAND, h - top)
        big = pygame.Surface((w * _SS, rows * _SS), pygame.SRCALPHA)
        shape = whole.move(0, -top * _SS)
        if border and border_w > 0:
            pygame.draw.rect(big, border, shape, border_radius=r)
            bw = border_w * _SS
            pygame.draw.rect(big, fill, shape.inflate(-2 * bw, -2 * bw),
                             border_radius=max(0, r - bw))
        else:
            pygame.draw.rect(big, fill, shape, border_radius=r)
        out.blit(pygame.transform.smoothscale(big, (w, rows)), (0, top))
    return out


def shadow(size: tuple[int, int], radius: int, spread: int, alpha: int = 80) -> pygame.Surface:
    """A soft shadow for a rounded rectangle of ``size``, ``spread`` pixels wider each side."""
    w, h = max(1, size[0]), max(1, size[1])
    key = ("shadow", w, h, radius, spread, alpha)

    def make() -> pygame.Surface:
        sw, sh = w + 2 * spread, h + 2 * spread
        small = pygame.Surface((max(1, sw // 4), max(1, sh // 4)), pygame.SRCALPHA)
        inner = pygame.Rect(0, 0, max(1, w // 4), max(1, h // 4))
        inner.center = small.get_rect().center
        pygame.draw.rect(small, (0, 0, 0, alpha), inner, border_radius=max(0, radius // 4))
        blurred = pygame.transform.gaussian_blur(small, max(1, spread // 6)) if spread >= 6 \
            else small
        return pygame.transform.smoothscale(blurred, (sw, sh))

    return _cached(key, make)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, fill: Color = theme.PANEL,
               border: Color | None = theme.PANEL_BORDER, radius: int = 10,
               border_w: int = 1, drop_shadow: bool = True) -> None:
    """A rounded panel, optionally with a soft shadow under it."""
    if rect.width <= 0 or rect.height <= 0:
        return
    if drop_shadow:
        spread = max(4, radius)
        sh = shadow(rect.size, radius, spread)
        surface.blit(sh, (rect.x - spread, rect.y - spread + spread // 3))
    surface.blit(rounded(rect.size, radius, fill, border, border_w), rect.topleft)
    if len(fill) == 3 or fill[3] >= 200:
        note_cover(surface, rect)


def triangle(size: int, direction: str, color: Color) -> pygame.Surface:
    """A small antialiased triangle pointing ``left``, ``right``, ``up`` or ``down``."""
    size = max(3, size)
    key = ("tri", size, direction, tuple(color))

    def make() -> pygame.Surface:
        s = size * _SS
        big = pygame.Surface((s, s), pygame.SRCALPHA)
        pts = {"left": [(s * 0.8, 0), (s * 0.8, s), (s * 0.15, s / 2)],
               "right": [(s * 0.2, 0), (s * 0.2, s), (s * 0.85, s / 2)],
               "up": [(0, s * 0.8), (s, s * 0.8), (s / 2, s * 0.15)],
               "down": [(0, s * 0.2), (s, s * 0.2), (s / 2, s * 0.85)]}[direction]
        pygame.draw.polygon(big, color, pts)
        return pygame.transform.smoothscale(big, (size, size))

    return _cached(key, make)


def glow(size: tuple[int, int], radius: int, color: Color, spread: int) -> pygame.Surface:
    """A soft coloured halo around a rounded rectangle (the seat whose turn it is)."""
    w, h = size
    key = ("glow", w, h, radius, tuple(color), spread)

    def make() -> pygame.Surface:
        sw, sh = w + 2 * spread, h + 2 * spread
        small = pygame.Surface((max(1, sw // 3), max(1, sh // 3)), pygame.SRCALPHA)
        inner = pygame.Rect(0, 0, max(1, w // 3), max(1, h // 3))
        inner.center = small.get_rect().center
        pygame.draw.rect(small, (*color[:3], 150), inner, border_radius=max(0, radius // 3))
        blurred = pygame.transform.gaussian_blur(small, max(1, spread // 5))
        return pygame.transform.smoothscale(blurred, (sw, sh))

    return _cached(key, make)


# ---------------------------------------------------------------- table columns


def fit_columns(needs: Sequence[int], total: int,
                flexible: Sequence[int] | None = None) -> list[int]:
    """Widths for table columns that need ``needs`` pixels, together ``total``: spare room
    is shared out evenly; when room is short the ``flexible`` columns (default: all) give
    up what is missing, in proportion to their need."""
    widths = [max(0, round(n)) for n in needs]
    extra = total - sum(widths)
    if not widths:
        return widths
    if extra >= 0:
        share = extra // len(widths)
        widths = [w + share for w in widths]
        widths[-1] += extra - share * len(widths)
        return widths
    idx = list(range(len(widths))) if flexible is None else list(flexible)
    give = sum(widths[i] for i in idx)
    if give <= 0:
        return widths
    k = max(0.0, (give + extra) / give)
    for i in idx:
        widths[i] = int(widths[i] * k)
    return widths


# ---------------------------------------------------------------- bubbles


def bubble(label: Label, size: int, side: str, style: str = "french",
           color: Color = theme.BUBBLE_TEXT) -> tuple[pygame.Surface, tuple[int, int]]:
    """A speech bubble around ``label`` with its tail on ``side`` of the bubble's anchor.

    ``side`` is where the bubble sits relative to the point it speaks from:
    ``right`` (tail on its left), ``left`` (tail on its right), ``up`` (tail
    below) or ``down`` (tail above, in the middle). Returns the surface and the tail tip's position
    within it.
    """
    key = ("bubble", label, size, side, style, tuple(color))
    txt = rich(label, size, color, style, True)
    pad_x, pad_y = round(size * 0.7), round(size * 0.35)
    tail = round(size * 0.6)
    bw, bh = txt.get_width() + 2 * pad_x, txt.get_height() + 2 * pad_y
    if side == "up":
        w, h = bw, bh + tail
        body = pygame.Rect(0, 0, bw, bh)
        tip = (min(bw - 1, round(size * 1.2)), h - 1)
    elif side == "down":
        w, h = bw, bh + tail
        body = pygame.Rect(0, tail, bw, bh)
        tip = (bw // 2, 0)  # centred under the speaker
    else:
        w, h = bw + tail, bh
        body = pygame.Rect(tail if side == "right" else 0, 0, bw, bh)
        tip = (0, bh // 2) if side == "right" else (w - 1, bh // 2)

    def make() -> pygame.Surface:
        big = pygame.Surface((w * _SS, h * _SS), pygame.SRCALPHA)
        b = pygame.Rect(body.x * _SS, body.y * _SS, body.w * _SS, body.h * _SS)
        r = min(b.h // 2, round(size * 0.6) * _SS)
        pygame.draw.rect(big, theme.BUBBLE_BORDER, b, border_radius=r)
        pygame.draw.rect(big, theme.BUBBLE, b.inflate(-2 * _SS, -2 * _SS),
                         border_radius=max(0, r - _SS))
        tx, ty = tip[0] * _SS, tip[1] * _SS
        base: list[tuple[float, float]]
        if side == "up":
            base = [(tx - tail * _SS * 0.5, b.bottom - 2 * _SS), (tx + tail * _SS * 0.4,
                                                                  b.bottom - 2 * _SS)]
        elif side == "down":
            base = [(tx - tail * _SS * 0.5, b.top + 2 * _SS), (tx + tail * _SS * 0.4,
                                                               b.top + 2 * _SS)]
        elif side == "right":
            base = [(b.left + 2 * _SS, b.centery - tail * _SS * 0.45),
                    (b.left + 2 * _SS, b.centery + tail * _SS * 0.45)]
        else:
            base = [(b.right - 2 * _SS, b.centery - tail * _SS * 0.45),
                    (b.right - 2 * _SS, b.centery + tail * _SS * 0.45)]
        pygame.draw.polygon(big, theme.BUBBLE, [*base, (tx, ty)])
        pygame.draw.line(big, theme.BUBBLE_BORDER, base[0], (tx, ty), _SS)
        pygame.draw.line(big, theme.BUBBLE_BORDER, base[1], (tx, ty), _SS)
        out = pygame.transform.smoothscale(big, (w, h))
        out.blit(txt, (body.x + pad_x, body.y + pad_y))
        return out

    return _cached(key, make), tip


def draw_bubble(surface: pygame.Surface, label: Label, size: int, side: str,
                anchor: tuple[int, int], style: str = "french", alpha: int = 255) -> pygame.Rect:
    """A speech bubble (see :func:`bubble`) whose tail points at ``anchor``; returns its body.

    The whole body counts as the bubble's text box for :func:`skatgame.ui.text.record_texts`.
    """
    surf, tip = bubble(label, size, side, style)
    x, y = anchor[0] - tip[0], anchor[1] - tip[1]
    if alpha < 255:
        surf = surf.copy()
        surf.set_alpha(alpha)
    surface.blit(surf, (x, y))
    tail = round(size * 0.6)
    w, h = surf.get_size()
    if side == "up":
        body = pygame.Rect(x, y, w, h - tail)
    elif side == "down":
        body = pygame.Rect(x, y + tail, w, h - tail)
    else:
        body = pygame.Rect(x + (tail if side == "right" else 0), y, w - tail, h)
    if recording(surface):
        note_text(surface, label_text(label), body, size, theme.BUBBLE_TEXT, theme.BUBBLE)
    return body


# ---------------------------------------------------------------- buttons


@dataclass(eq=False)
class Button:
    """A rounded push button; ``key_hint`` is shown small at its right edge."""

    label: Label
    action: Callable[[], object]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    key_hint: str = ""
    primary: bool = False
    enabled: bool = True
    selected: bool = False
    #: the keyboard's focus is on it after a form's rows (see :class:`Form`)
    focused: bool = False
    #: shown as chosen, not as the focus: the tab on show, a switch that is on
    chosen: bool = False
    font_size: int = 18
    style: str = "french"
    name: str = ""  # for tests: find a button by name
    hint_font: int = 0  # size of the key hint (0: the caption size that goes with font_size)
    spoken: str = ""  # what it is read out as where its label is a sign ("»": "Higher »")
    #: a shorter label for a row too narrow for every key beside its label (large text;
    #: see :func:`row_of_buttons`), and the label it stands in for while shown
    short: str = ""
    long: Label = ""
    #: the one size of type of its row (see :func:`even_type`; 0: its own)
    row_size: int = 0
    #: the height its label's lines are chosen at (0: its own): its row's one-line height,
    #: where the row grew to give two lines the padding of one (see :func:`row_of_buttons`)
    wrap_h: int = 0
    hover: bool = False
    pressed: bool = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle a mouse event; ``True`` when it was used by this button."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = self.enabled
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.enabled and self.rect.collidepoint(event.pos):
                self.click()
                return True
            return self.rect.collidepoint(event.pos)
        return False

    def click(self) -> None:
        """Press the button (as a click or its key would)."""
        if not self.enabled:
            return
        clicked()
        self.action()

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        if r.width <= 0 or r.height <= 0:
            return
        radius = max(4, r.height // 4)
        if not self.enabled:
            fill, border, fg = theme.BUTTON_DISABLED, theme.BUTTON_DISABLED_BORDER, \
                theme.BUTTON_DISABLED_TEXT
        elif self.primary or self.selected or self.chosen:
            fill = theme.BUTTON_PRIMARY_HOVER if self.hover else theme.BUTTON_PRIMARY
            border, fg = theme.ACCENT, theme.BUTTON_PRIMARY_TEXT
        else:
            fill = theme.BUTTON_HOVER if self.hover else theme.BUTTON
            border, fg = theme.BUTTON_BORDER, theme.TEXT
        if self.pressed:
            fill = theme.blend(fill, (0, 0, 0), 0.2)
        dy = 1 if self.pressed else 0
        if self.enabled:
            surface.blit(rounded(r.size, radius, (0, 0, 0, 70)), (r.x, r.y + max(2, r.h // 14)))
        surface.blit(rounded(r.size, radius, fill, border, 1), (r.x, r.y + dy))
        size, show_hint, lines = self.fitted()
        hint_w = 0
        if show_hint:
            hsize = hint_size(self.font_size, self.hint_font)
            hint = render(self.key_hint, hsize, theme.quiet(fg, fill))
            hint_w = hint.get_width() + size // 2
            blit_text(surface, hint, hint.get_rect(midright=(r.right - size // 2, r.centery + dy)),
                      self.key_hint, hsize)
        elif self.key_hint:  # a shortcut one cannot see is lost: the gallery reports it
            note_key_left_out(surface, f"{label_text(self.label)} ({self.key_hint})")
        # centred in the room the key hint leaves (centred on the whole button the label
        # looks pushed towards the hint)
        cx = round(r.left + (r.width - hint_w) / 2) if hint_w else r.centerx
        txts = [rich(label, size, fg, self.style, True) for label in lines]
        lh = max(t.get_height() for t in txts)  # two lines: their boxes apart
        top = round(r.centery + dy - lh * len(lines) / 2)
        for i, (label, txt) in enumerate(zip(lines, txts, strict=True)):
            blit_text(surface, txt, txt.get_rect(midtop=(cx, top + lh * i)), label, size)

    def fitted(self) -> tuple[int, bool, list[Label]]:
        """The label's size, whether the key hint is shown and the label's lines. The key
        hint stays as long as the label fits beside it at any size of its type scale (a
        shortcut one cannot see is lost): a label too long for the button steps down to
        the small and the caption size first (large text), then into two lines where the
        button is tall enough; only a label that fits in none of these beside the hint
        takes the hint's room, and one too long even then is cut."""
        size, r = self.font_size, self.rect
        hint = bool(self.key_hint)
        label = self.label
        if not isinstance(label, str):
            return size, hint, [label]
        hint_w = text_width(self.key_hint, hint_size(size, self.hint_font)) if hint else 0

        def room(at: int) -> int:
            return r.width - at - (hint_w + at // 2 if hint else 0)

        smaller = (size, small_for(size), caption_for(size))
        if self.row_size:  # the row's size: in two lines before any smaller
            for at in (self.row_size, *(x for x in smaller if x < self.row_size)):
                lines = self.lines_at(at)
                if lines is not None:
                    return at, hint, lines
        for shown in ((hint, False) if hint else (False,)):
            for at in smaller:
                if text_width(label, at, True) <= room(at) + (0 if shown or not hint
                                                              else hint_w + at // 2):
                    return at, shown, [label]
            words = label.split(" ")
            if shown and len(words) > 1:  # two even lines beside the hint, where the
                for at in smaller[1:]:  # button is tall enough
                    pairs = [(" ".join(words[:i]), " ".join(words[i:]))
                             for i in range(1, len(words))]
                    two = min(pairs, key=lambda p: max(text_width(p[0], at, True),
                                                       text_width(p[1], at, True)))
                    if 2 * line_height(at, True) <= (self.wrap_h or r.height) and \
                            all(text_width(line, at, True) <= room(at) for line in two):
                        return at, True, list(two)
        return size, hint, [ellipsize(label, size, max(10, room(size)), True)]

    def lines_at(self, at: int) -> list[Label] | None:
        """The label's lines at size ``at`` beside its key hint: one, else two even ones
        where the button is tall enough; None where neither fits."""
        label, r = self.label, self.rect
        if not isinstance(label, str):
            return None
        hint_w = text_width(self.key_hint, hint_size(self.font_size, self.hint_font)) \
            if self.key_hint else 0
        room = r.width - at - (hint_w + at // 2 if self.key_hint else 0)
        if text_width(label, at, True) <= room:
            return [label]
        words = label.split(" ")
        if len(words) < 2 or 2 * line_height(at, True) > (self.wrap_h or r.height):
            return None
        two = min(([" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))),
                  key=lambda p: max(text_width(p[0], at, True), text_width(p[1], at, True)))
        return list(two) if all(text_width(x, at, True) <= room for x in two) else None


def focus_ring_width(rect: pygame.Rect) -> int:
    """How thick the keyboard's focus ring around ``rect`` is (2 px and more)."""
    return max(2, min(4, rect.height // 14))


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """The keyboard's focus: a ring in :data:`theme.FOCUS_RING` just outside ``rect``, and
    a dark edge in :data:`theme.FOCUS_EDGE` on the control's own rim, so that the ring
    stands out from a dark felt and a light button alike."""
    w = focus_ring_width(rect)
    ring = rect.inflate(2 * w, 2 * w)
    surface.blit(rounded(ring.size, radius + w, (0, 0, 0, 0), theme.FOCUS_RING, w),
                 ring.topleft)
    surface.blit(rounded(rect.size, radius, (0, 0, 0, 0), theme.FOCUS_EDGE, w), rect.topleft)


def hint_size(button_size: int, hint_font: int = 0) -> int:
    """The size of a button's key hint: ``hint_font``, else the caption role of a
    layout whose button text is ``button_size`` (see :func:`layout.caption_for`)."""
    return hint_font or caption_for(button_size)


def handle_buttons(buttons: Sequence[Button], event: pygame.event.Event) -> bool:
    """Give a mouse event to each button; ``True`` when one used it."""
    used = False
    for b in list(buttons):
        if b.handle_event(event):
            used = True
            if event.type != pygame.MOUSEMOTION:
                break
    return used


#: Enter and the keypad's Enter: both press the highlighted button.
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


def focused_button(buttons: Sequence[Button]) -> Button | None:
    """The button Enter presses: the one with the keyboard's focus (``focused``, else
    ``selected``), else
    the highlighted default (``primary``); None when no single enabled one is marked."""
    for marked in ([b for b in buttons if b.enabled and b.focused],
                   [b for b in buttons if b.enabled and b.selected],
                   [b for b in buttons if b.enabled and b.primary]):
        if len(marked) == 1:
            return marked[0]
    return None


def is_key(event: pygame.event.Event, letter: str) -> bool:
    """Whether a KEYDOWN event is the key ``letter`` names ("J", "Tab": as key hints say)."""
    return event.type == pygame.KEYDOWN and bool(letter) and \
        pygame.key.name(event.key).upper() == letter.upper()


def press_by_key(buttons: Sequence[Button], event: pygame.event.Event) -> bool:
    """Press the enabled button whose key hint names the key of a KEYDOWN event; Enter
    (and keypad Enter) presses the highlighted button (:func:`focused_button`), so that
    every row of buttons and every question answers Enter the same way."""
    if event.type != pygame.KEYDOWN:
        return False
    if event.key in ENTER_KEYS:
        focused = focused_button(buttons)
        if focused is None:  # nothing highlighted: a button named "Enter" (none: nothing)
            focused = next((b for b in buttons if b.enabled and b.key_hint == "Enter"), None)
        if focused is not None:
            focused.click()
        return focused is not None
    for b in buttons:
        if b.enabled and b.key_hint and is_key(event, b.key_hint):
            b.click()
            return True
    return False


def step_focus(buttons: Sequence[Button], focus: int, step: int) -> int:
    """The index of the next (``step`` 1) or previous (-1) enabled button after ``focus``."""
    enabled = [i for i, b in enumerate(buttons) if b.enabled]
    if not enabled:
        return focus
    i = enabled.index(focus) if focus in enabled else -1
    return enabled[(i + step) % len(enabled)]


def button_width(b: Button, min_w: int, max_w: int | None = None) -> int:
    """The width a button asks for: its label and key hint, within ``min_w``..``max_w``."""
    w = rich(b.label, b.font_size, theme.TEXT, b.style, True).get_width() + b.font_size * 2
    if b.key_hint:
        w += text_width(b.key_hint, hint_size(b.font_size, b.hint_font)) * 2 + b.font_size
    w = max(min_w, w)
    return min(max_w, w) if max_w else w


def least_width(b: Button, height: int) -> int:
    """The least width at which ``b`` (``height`` tall) shows its label whole and its key
    hint beside it (at any size of its type scale, or in two lines; see
    :meth:`Button.fitted`); 0 for a label that is not words."""
    if not isinstance(b.label, str):
        return 0
    label, size = b.label, b.font_size
    hint_w = text_width(b.key_hint, hint_size(size, b.hint_font)) if b.key_hint else 0
    words = label.split(" ")
    needs = []
    for i, at in enumerate((size, small_for(size), caption_for(size))):
        lines = [label]
        if i and b.key_hint and len(words) > 1 and 2 * line_height(at, True) <= height:
            lines = min(([" ".join(words[:j]), " ".join(words[j:])]
                         for j in range(1, len(words))),
                        key=lambda two: max(text_width(t, at, True) for t in two))
        beside = hint_w + at // 2 if b.key_hint else 0
        needs.append(max(text_width(t, at, True) for t in lines) + at + beside)
    return min(needs)


def give_way(widths: Sequence[int], floors: Sequence[int], room: int) -> list[int]:
    """``widths`` shrunk to ``room`` in all: the part above each one's floor (the width
    that keeps a button's key, :func:`least_width`) gives way first, in proportion; only
    where the floors alone do not fit do all shrink alike (as asked: a key is lost)."""
    floors = [min(f, w) for f, w in zip(floors, widths, strict=True)]
    spare = sum(widths) - sum(floors)
    over = sum(widths) - room
    if over <= 0:
        return list(widths)
    if over <= spare:
        k = 1 - over / spare
        return [f + int((w - f) * k) for w, f in zip(widths, floors, strict=True)]
    k = room / max(1, sum(widths))
    return [max(20, int(w * k)) for w in widths]


def row_of_buttons(buttons: Sequence[Button], area: pygame.Rect, height: int, gap: int,
                   min_w: int, max_w: int | None = None,
                   widths: Sequence[int] | None = None, grow: bool = True) -> None:
    """Set the buttons' rects side by side, centred in ``area``, shrunk to fit (what a
    button needs to keep its key hint gives way last); ``widths``: the width each
    button asks for (default :func:`button_width`). A label in two lines keeps the
    padding over and under it of a label in one: the row grows (about its centre) by what
    the two lines need more (``grow``; see :func:`row_height`)."""
    if not buttons:
        return
    for b in buttons:  # the whole label back where the row has grown
        if b.long:
            b.label, b.long = b.long, ""
    room = area.width - gap * (len(buttons) - 1)
    if sum(least_width(b, height) for b in buttons) > room:
        for b in buttons:  # too narrow for every key: the short labels stand in
            if b.short:
                b.label, b.long = b.short, b.label
    widths = list(widths) if widths is not None else \
        [button_width(b, min_w, max_w) for b in buttons]
    total = sum(widths) + gap * (len(buttons) - 1)
    if total > area.width:
        widths = give_way(widths, [least_width(b, height) for b in buttons], room)
        total = sum(widths) + gap * (len(buttons) - 1)
    x = area.centerx - total // 2
    for b, w in zip(buttons, widths, strict=True):
        b.wrap_h = height if grow else 0
        b.rect = pygame.Rect(x, area.centery - height // 2, w, height)
        x += w + gap
    tall = row_height(buttons, height) if grow else height
    if tall > height:
        for b in buttons:
            b.rect = pygame.Rect(b.rect.x, area.centery - tall // 2, b.rect.width, tall)


def row_height(buttons: Sequence[Button], height: int) -> int:
    """The height of a row of placed buttons ``height`` tall for one line: a label in two
    lines takes the padding of one line over and under them (a reviewer saw "Nochmal
    spielen" at 200 % touch its button's edges)."""
    tall = height
    for b in buttons:
        size, _hint, lines = b.fitted()
        if len(lines) > 1:
            pad = max(0, height - line_height(b.font_size, True))
            tall = max(tall, len(lines) * line_height(size, True) + pad)
    return tall


def width_at(b: Button, at: int, height: int) -> int:
    """The least width at which ``b`` (``height`` tall) shows its label whole at size
    ``at`` beside its key hint, in one line or in two even ones where it is tall enough."""
    if not isinstance(b.label, str):
        return 0
    hint_w = text_width(b.key_hint, hint_size(b.font_size, b.hint_font)) if b.key_hint else 0
    words = b.label.split(" ")
    lines = [b.label]
    if len(words) > 1 and 2 * line_height(at, True) <= height:
        lines = min(([" ".join(words[:j]), " ".join(words[j:])] for j in range(1, len(words))),
                    key=lambda two: max(text_width(t, at, True) for t in two))
    return max(text_width(t, at, True) for t in lines) + at + (hint_w + at // 2 if hint_w
                                                                else 0) + 2


def even_type(buttons: Sequence[Button], roles: Sequence[int] = ()) -> None:
    """One size of type for a row of placed buttons (tabs): the largest of their type
    scale (or of the layout's ``roles``, largest first) at which every label stands whole
    beside its key, in one line or two; a label that needs it wraps at the row's size
    rather than shrink alone."""
    sizes = []
    for b in buttons:
        b.row_size = 0
        size = b.font_size
        scale = roles or (size, small_for(size), caption_for(size))
        fit = next((at for at in scale if b.lines_at(at) is not None), None)
        if fit is not None:
            sizes.append(fit)
    if sizes:
        for b in buttons:
            b.row_size = min(sizes)


def row_of_tabs(tabs: Sequence[Button], bar: pygame.Rect, gap: int, min_w: int) -> int:
    """Tabs side by side in ``bar`` in one size of type (:func:`even_type`); where that
    size would fall below the tabs' own (large text), the row grows to two lines of it
    where that keeps their size, rather than shrink the type. Returns the row's height."""
    row_of_buttons(tabs, bar, bar.height, gap, min_w, grow=False)
    even_type(tabs)
    size = min((b.font_size for b in tabs), default=0)
    if not tabs or tabs[0].row_size >= size:
        return bar.height
    # two lines and a quarter of a line over and under them (with half a gap the lines
    # touched the chosen tab's ring: "Over time" in Statistics at 200 %)
    tall = pygame.Rect(bar.x, bar.y, bar.width,
                       max(bar.height, 2 * line_height(size, True) + max(gap // 2, size // 2)))
    room = tall.width - gap * (len(tabs) - 1)
    widths = give_way([button_width(b, 0) for b in tabs],
                      [width_at(b, size, tall.height) for b in tabs], room)
    row_of_buttons(tabs, tall, tall.height, gap, 0, widths=widths, grow=False)
    even_type(tabs)
    if tabs[0].row_size >= size:
        return tall.height
    row_of_buttons(tabs, bar, bar.height, gap, min_w, grow=False)  # nor two lines
    even_type(tabs)
    return bar.height


# ---------------------------------------------------------------- option rows


@dataclass(eq=False)
class Choice:
    """One option in a form: a label and a value chosen from ``options`` (value, label)."""

    label: str
    options: Sequence[tuple[Any, Label]]
    index: int = 0
    on_change: Callable[[Any], None] | None = None
    enabled: bool = True
    name: str = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    value_w: int = 0  # width of the value between the arrows (0: a default share)
    spoken: str = ""  # what the row is read out as where its label is not shown
    #: values in an order that is not numbers (window sizes): ◀ ▶ stop at the ends too
    ordered: bool = False

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def select_value(self, value: Any) -> None:
        for i, (v, _label) in enumerate(self.options):
            if v == value:
                self.index = i
                return

    @property
    def scale(self) -> bool:
        """Numbers in order (deals, seconds, percent, cents): ◀ ▶ stop at the ends
        instead of going round, so six clicks down from 36 never land on 48."""
        values = [v for v, _label in self.options]
        if self.ordered:
            return len(values) > 2
        return len(values) > 2 and all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in values)

    def at_end(self, delta: int) -> bool:
        """Whether a step by ``delta`` would leave a scale."""
        return self.scale and not 0 <= self.index + delta < len(self.options)

    def step(self, delta: int) -> None:
        if not self.enabled or not self.options or self.at_end(delta):
            return
        self.index = (self.index + delta) % len(self.options)
        clicked()
        if self.on_change is not None:
            self.on_change(self.value)

    def arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The left arrow, the value area and the right arrow."""
        r = self.rect
        a = r.height
        value_w = self.value_w or min(round(r.width * 0.42), max(a * 4, r.width - a * 6))
        right = pygame.Rect(r.right - a, r.y, a, a)
        value = pygame.Rect(right.left - value_w, r.y, value_w, a)
        left = pygame.Rect(value.left - a, r.y, a, a)
        return left, value, right


#: a form row's label steps down to the small size only where that is at least this (the
#: body size at 100 %): at large text, never below what the player chose against
LEAST_STEP = 19


class Form:
    """Rows of :class:`Choice` with a focus: arrows move and change, clicks on ◀ ▶ too.

    After its rows the focus goes on to the scene's other controls (``extra_stops``: its
    text fields and buttons), so that the keyboard reaches every one of them: there ◀ ▶
    move on too, and Enter or Space presses the button or starts typing in the field.
    """

    def __init__(self, rows: list[Choice], style: str = "french",
                 extra_stops: Callable[[], Sequence[Button | TextField]] | None = None) -> None:
        self.rows = rows
        self.focus = 0
        #: the controls the focus reaches after the rows (asked anew: scenes rebuild them)
        self.extra_stops = extra_stops
        #: where a scene walks its focus in an order of its own (rows and other controls
        #: mixed): every stop in that order, which the focus's place is said in
        self.walk: Callable[[], Sequence[object]] | None = None
        self.style = style
        self.font_size = 18
        self._heading_size = 0  # the column headings (0: a little over font_size)
        self.headers: list[tuple[pygame.Rect, str]] = []

    def place(self, columns: list[tuple[pygame.Rect, list[Choice], str]], row_h: int,
              gap: int) -> None:
        """Lay the rows out in columns: (area, its rows, a heading).

        In each column the values get the width of the widest one (up to 42 % of the
        row, or what the column's labels leave); the labels are drawn at one size (see
        :meth:`draw`).
        """
        self.headers = []
        size = self.font_size
        head_h = self.heading_h(row_h)
        for area, rows, heading in columns:
            y = area.y
            if heading:
                self.headers.append((pygame.Rect(area.x, y, area.width, head_h), heading))
                y += head_h + gap // 2
            widest = max((rich(label, size, theme.TEXT, self.style, True).get_width()
                          for row in rows for _v, label in row.options), default=0)
            # the values up to 42 % of the row, or more where the labels leave it; where
            # the labels need more, down to 30 % (a value too long steps down, see draw)
            labels = max((text_width(row.label, size) for row in rows), default=0)
            spare = area.width - 2 * row_h - round(size * 0.7) - labels
            want, cap = widest + row_h, round(area.width * 0.42)
            value_w = max(round(area.width * 0.3), spare) if spare < min(cap, want) else \
                min(want, max(cap, spare))
            value_w = max(row_h * 3, value_w)
            for row in rows:
                row.rect = pygame.Rect(area.x, y, area.width, row_h)
                row.value_w = value_w
                y += row_h + gap // 2

    def extras(self) -> list[Button | TextField]:
        """The enabled controls the focus reaches after the rows."""
        found = self.extra_stops() if self.extra_stops is not None else ()
        return [c for c in found if c.enabled and c.rect.width > 0]

    @property
    def extra(self) -> Button | TextField | None:
        """The control after the rows that has the focus (None: a row has it)."""
        i = self.focus - len(self.rows)
        extras = self.extras() if i >= 0 else []
        return extras[i] if 0 <= i < len(extras) else None

    def _mark(self) -> None:
        extra = self.extra
        for c in self.extras():
            if isinstance(c, Button):
                c.focused = c is extra

    @property
    def heading_size(self) -> int:
        """The size of the column headings (a little over the rows' unless set)."""
        return self._heading_size or round(self.font_size * 1.1)

    @heading_size.setter
    def heading_size(self, size: int) -> None:
        self._heading_size = size

    def heading_h(self, row_h: int) -> int:
        """The height of a column heading's band over rows of ``row_h``: its line's."""
        return max(row_h, _text.line_height(self.heading_size, True))

    def need_width(self, rows: Sequence[Choice], row_h: int) -> int:
        """The width a column of ``rows`` needs for its labels and values whole."""
        size = self.font_size
        label = max((text_width(row.label, size) for row in rows), default=0)
        value = max((rich(v, size, theme.TEXT, self.style, True).get_width()
                     for row in rows for _k, v in row.options), default=0)
        return round(label + size * 0.7 + 2 * row_h + max(row_h * 3, value + row_h))

    def fit(self, height: int, rows: int, headings: int, gap: int, most: int, body: int,
            large: int) -> int:
        """Size the form to ``height``: the tallest row height up to ``most`` (at least
        18) at which ``rows`` rows and ``headings`` heading bands, each followed by half a
        ``gap``, fit; the rows' text is ``body`` at most, 8 px under the row, the headings
        ``large`` (a third over the rows' text when those had to be smaller). Returns the
        row height."""
        row_h = most + 1
        while True:
            row_h -= 1
            self.font_size = max(11, min(body, row_h - 8))
            self.heading_size = large if self.font_size >= body else \
                min(large, round(self.font_size * 4 / 3))
            if row_h <= 18 or (rows * (row_h + gap // 2) + headings
                               * (self.heading_h(row_h) + gap // 2)) <= height:
                return row_h

    def handle_event(self, event: pygame.event.Event) -> bool:
        used = self._handle(event)
        self._mark()
        return used

    def _handle(self, event: pygame.event.Event) -> bool:
        stops = len(self.rows) + len(self.extras())
        if not stops:
            return False
        self.focus = min(self.focus, stops - 1)
        if event.type == pygame.KEYDOWN:
            extra = self.extra
            if event.key in (pygame.K_UP, pygame.K_w) or \
                    (extra is not None and event.key == pygame.K_LEFT):
                self.focus = (self.focus - 1) % stops
                return True
            if event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB) or \
                    (extra is not None and event.key == pygame.K_RIGHT):
                self.focus = (self.focus + 1) % stops
                return True
            if extra is not None:
                if event.key in (*ENTER_KEYS, pygame.K_SPACE):
                    if isinstance(extra, Button):
                        extra.click()
                    else:
                        extra.begin()
                    return True
                return False
            if event.key in (pygame.K_LEFT, pygame.K_a):
                self.rows[self.focus].step(-1)
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_d, pygame.K_SPACE):
                self.rows[self.focus].step(1)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, row in enumerate(self.rows):
                if row.rect.collidepoint(event.pos):
                    self.focus = i
                    left, value, right = row.arrow_rects()
                    if left.collidepoint(event.pos):
                        row.step(-1)
                    elif right.collidepoint(event.pos) or value.collidepoint(event.pos):
                        row.step(1)
                    return True
        if event.type == pygame.MOUSEWHEEL:
            return False
        return False

    def _label_width(self, row: Choice) -> int:
        """The room for a row's label: up to its ◀ arrow's box."""
        return row.arrow_rects()[0].left - row.rect.x - round(self.font_size * 0.7)

    def draw(self, surface: pygame.Surface) -> None:
        self._mark()
        size = self.font_size
        # a label too long for its place (large text) a step smaller, never under the
        # body size of 100 %, before it is cut; then every label of the form at that size
        steps = [size, *([small_for(size)] if small_for(size) >= LEAST_STEP else [])]
        label_size = min((_text.fit_size(row.label, steps, self._label_width(row))[1]
                          for row in self.rows if row.rect.width > 0), default=size)
        for rect, heading in self.headers:
            draw_text(surface, heading, self.heading_size,
                      (rect.x, rect.centery),
                      theme.ACCENT, "midleft", bold=True)
        for i, row in enumerate(self.rows):
            r = row.rect
            if r.width <= 0:
                continue
            focused = i == self.focus
            fill = (255, 255, 255, 28) if focused else (0, 0, 0, 40)
            surface.blit(rounded(r.size, r.height // 3, fill,
                                 theme.ACCENT if focused else None, 1 if focused else 0),
                         r.topleft)
            color = theme.TEXT if row.enabled else theme.BUTTON_DISABLED_TEXT
            left, value, right = row.arrow_rects()
            text, at = _text.fit_size(row.label, [label_size], self._label_width(row))
            draw_text(surface, text, at, (r.x + size * 0.6, r.centery), color, "midleft")
            tri = max(6, round(r.height * 0.42))
            arrow_color = theme.ACCENT if focused and row.enabled else theme.TEXT_DIM
            for box, way, delta in ((left, "left", -1), (right, "right", 1)):
                ink = theme.BUTTON_DISABLED_TEXT if row.at_end(delta) else arrow_color
                surface.blit(triangle(tri, way, ink), triangle(tri, way, ink)
                             .get_rect(center=box.center))
            label = row.options[row.index][1] if row.options else ""
            at = size
            if isinstance(label, str):  # (the value alike)
                label, at = _text.fit_size(label, steps, value.width - 4, True)
            draw_text(surface, label, at, value.center, color, "center", bold=True,
                      style=self.style)


# ---------------------------------------------------------------- toasts


class RowScroll:
    """Rows of a :class:`Form` more than their column holds (large text keeps them at the
    size chosen): the rows that fit, from ``first``, the focused one among them; the
    others are not drawn and take no clicks (no width). A ▲ / ▼ says more rows lie above
    or below; the arrows, Tab and the mouse wheel go there."""

    def __init__(self) -> None:
        self.first = 0  # the first row shown
        #: the marks above and below the rows shown that more lie there (None: all shown)
        self.marks: tuple[pygame.Rect | None, pygame.Rect | None] | None = None

    def place(self, rows: Sequence[Choice], column: pygame.Rect, row_h: int, gap: int,
              focus: Choice | None) -> None:
        """Scroll ``rows``, placed from the top of ``column`` one under the other, within
        it so that ``focus`` (one of them, or None) is in view."""
        step = row_h + gap // 2
        mark = max(8, gap * 2)
        fit = max(1, (column.height - 2 * mark + gap // 2) // step)
        n = len(rows)
        self.marks = None
        if fit >= n:
            self.first = 0
            return
        if focus is not None and focus in rows:
            i = list(rows).index(focus)
            self.first = min(max(self.first, i - fit + 1), i)
        self.first = max(0, min(self.first, n - fit))
        for i, row in enumerate(rows):
            if self.first <= i < self.first + fit:
                row.rect.y += mark - self.first * step
            else:
                row.rect = pygame.Rect(column.x, column.y, 0, 0)
        self.marks = (pygame.Rect(column.x, column.y, column.width, mark)
                      if self.first > 0 else None,
                      pygame.Rect(column.x, column.y + mark + fit * step, column.width,
                                  mark) if self.first + fit < n else None)

    def wheel(self, rows: Sequence[Choice], dy: int) -> range:
        """Turn the wheel by ``dy`` (up is positive) over ``rows``: the indices (in
        ``rows``) of the rows then shown, for the focus to go along (laid out anew)."""
        shown = sum(1 for r in rows if r.rect.width > 0)
        self.first = max(0, min(self.first - dy, len(rows) - shown))
        return range(self.first, self.first + shown)

    def draw(self, surface: pygame.Surface) -> None:
        """The ▲ / ▼ where more rows lie."""
        for mark, way in zip(self.marks or (), ("up", "down"), strict=False):
            if mark is not None:
                tri = triangle(mark.height, way, theme.TEXT_DIM)
                surface.blit(tri, tri.get_rect(center=mark.center))


class Toast:
    """A short message on the table that fades out."""

    def __init__(self) -> None:
        from skatgame.ui.anim import Fade

        self._fade_cls = Fade
        self.label: Label = ""
        self._wrapped: tuple[tuple[Any, ...], list[Label]] | None = None  # lines of the label
        self._fit: tuple[tuple[Any, ...], list[Label], int] | None = None  # fitted: and size
        self.fade: Any = None
        self.color: Color = theme.TEXT

    def show(self, label: Label, seconds: float = 2.2, color: Color = theme.TEXT) -> None:
        self.label = label
        self.color = color
        self.fade = self._fade_cls(seconds)

    def clear(self) -> None:
        self.fade = None

    @property
    def visible(self) -> bool:
        return self.fade is not None and not self.fade.done

    def update(self, dt: float) -> None:
        if self.fade is not None:
            self.fade.update(dt)
            if self.fade.done:
                self.fade = None

    def _lines(self, centre: tuple[int, int], size: int, style: str, max_width: int) \
            -> tuple[pygame.Rect, list[Label], list[pygame.Surface]]:
        pad = size // 2
        lines: list[Label] = [self.label]
        if max_width:
            key = (self.label, size, style, max_width)
            if self._wrapped is None or self._wrapped[0] != key:
                self._wrapped = (key, wrap_label(self.label, size, max_width - 2 * pad - size,
                                                 True, style))
            lines = self._wrapped[1]
        surfs = [rich(line, size, self.color, style, True) for line in lines]
        w = max(s.get_width() for s in surfs)
        h = sum(s.get_height() for s in surfs)
        rect = pygame.Rect(0, 0, w, h)
        rect.midtop = (centre[0], centre[1] - surfs[0].get_height() // 2)
        return rect.inflate(2 * pad + size, 2 * pad), lines, surfs

    def panel_rect(self, centre: tuple[int, int], size: int, style: str = "french",
                   max_width: int = 0) -> pygame.Rect | None:
        """Where :meth:`draw` puts the message's panel (``None`` when none is shown)."""
        if not self.visible:
            return None
        return self._lines(centre, size, style, max_width)[0]

    def _fitted(self, area: pygame.Rect, sizes: Sequence[int], style: str) \
            -> tuple[pygame.Rect, list[Label], list[pygame.Surface], int]:
        """The panel, lines, their surfaces and the size of the message fitted into
        ``area``: the largest of ``sizes`` at which it fits, else the smallest, cut short."""
        key = (self.label, tuple(area), tuple(sizes), style)
        if self._fit is None or self._fit[0] != key:
            lines: list[Label] = []
            size = sizes[-1]
            words = label_text(self.label).split()
            line_h = size
            for size in sizes:
                pad = size // 2
                width = area.width - 2 * pad - size
                line_h = max(size, render("Ág", size, self.color, True).get_height())
                lines = list(wrap_even(self.label, size, width, True, style))
                whole = " ".join(label_text(line) for line in lines).split() == words
                if len(lines) * line_h + 2 * pad <= area.height and whole:  # no word cut
                    break
            else:
                pad = size // 2
                lines = wrap_lines(self.label, size, area.width - 2 * pad - size,
                                   (area.height - 2 * pad) // line_h, True, style)
            self._fit = (key, lines, size)
        _key, lines, size = self._fit
        surfs = [rich(line, size, self.color, style, True) for line in lines]
        pad = size // 2
        rect = pygame.Rect(0, 0, max(s.get_width() for s in surfs),
                           sum(s.get_height() for s in surfs)).inflate(2 * pad + size, 2 * pad)
        rect.center = area.center
        return rect, lines, surfs, size

    def panel_in(self, area: pygame.Rect, sizes: Sequence[int],
                 style: str = "french") -> pygame.Rect | None:
        """Where :meth:`draw_in` puts the message's panel (``None`` when none is shown)."""
        if not self.visible:
            return None
        return self._fitted(area, sizes, style)[0]

    def draw_in(self, surface: pygame.Surface, area: pygame.Rect, sizes: Sequence[int],
                style: str = "french") -> None:
        """The message in the middle of ``area``, wrapped to its width, at the largest of
        ``sizes`` at which it fits (at the smallest its last line may end in "…")."""
        if not self.visible:
            return
        rect, lines, surfs, size = self._fitted(area, sizes, style)
        self._paint(surface, rect, lines, surfs, size)

    def draw(self, surface: pygame.Surface, centre: tuple[int, int], size: int,
             style: str = "french", max_width: int = 0) -> None:
        """The message centred at ``centre``; wider than ``max_width`` it wraps (top line
        at the centre's height)."""
        if not self.visible:
            return
        rect, lines, surfs = self._lines(centre, size, style, max_width)
        self._paint(surface, rect, lines, surfs, size)

    def _paint(self, surface: pygame.Surface, rect: pygame.Rect, lines: list[Label],
               surfs: list[pygame.Surface], size: int) -> None:
        alpha = round(255 * self.fade.alpha())
        pad = size // 2
        radius = min(rect.height // 2, surfs[0].get_height() // 2 + pad)
        # (high contrast: opaque, nothing of the cards under it shows through)
        panel = rounded(rect.size, radius, (0, 0, 0, 255) if theme.high_contrast
                        else (10, 26, 18, 220))
        if alpha < 255:
            panel = panel.copy()
            panel.set_alpha(alpha)
        surface.blit(panel, rect)
        y = rect.y + pad
        for line, s in zip(lines, surfs, strict=True):
            box = s.get_rect(midtop=(rect.centerx, y))
            blit_text(surface, s, box, line, size, alpha)
            y = box.bottom


# ---------------------------------------------------------------- text fields


def _text_input(on: bool) -> None:
    """Switch the system's text input (composition of accents, IME) on or off."""
    import contextlib

    with contextlib.suppress(pygame.error):
        if on:
            pygame.key.start_text_input()
        else:
            pygame.key.stop_text_input()


class TextField:
    """A short line of text the player types (a name): click to edit, Enter or Tab ends.

    Typed text comes from ``TEXTINPUT`` events (any script, composed characters);
    :func:`skatgame.table.names.clean_name` keeps it free of control characters and
    at most ``max_len`` long. ``default`` is shown dimmed while the text is empty.
    """

    def __init__(self, text: str, default: str, max_len: int, name: str = "") -> None:
        self.text = text
        self.default = default
        self.max_len = max_len
        self.name = name
        self.editing = False
        self.enabled = True
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.tag = ""  # a dim word at the right end (e.g. the seat)
        self.label = ""  # what the field is for, when read out (default: tag, else default)
        self.secret = False  # a password: dots are shown for its letters
        #: characters typed last that the font cannot draw (left out; the scene says so)
        self.refused = ""
        self._before = text

    @property
    def value(self) -> str:
        """The name as kept (the default when left empty)."""
        from skatgame.table.names import clean_name

        return clean_name(self.text, self.default)

    def begin(self) -> None:
        if not self.enabled or self.editing:
            return
        self.editing = True
        self.refused = ""
        self._before = self.text
        _text_input(True)

    def end(self, keep: bool = True) -> None:
        if not self.editing:
            return
        self.editing = False
        from skatgame.table.names import MAX_NAME, clean_name

        if not keep:
            self.text = self._before
        elif self.max_len <= MAX_NAME:
            self.text = clean_name(self.text)
        else:  # a longer line (an address, a password): printable characters only
            self.text = "".join(ch for ch in self.text if ch.isprintable()).strip()[
                :self.max_len]
        _text_input(False)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Typing while editing (every key is taken); a click on the field starts it."""
        t = event.type
        if t == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            inside = self.rect.collidepoint(event.pos)
            if inside:
                self.begin()
                return True
            if self.editing:
                self.end()
            return False
        if not self.editing:
            return False
        if t == pygame.TEXTINPUT:
            # what the font cannot draw would be a box: it is left out (and said so)
            printable = [ch for ch in event.text if ch.isprintable()]
            typed = "".join(ch for ch in printable if can_draw(ch))
            self.refused = "".join(ch for ch in printable if not can_draw(ch)) \
                or self.refused
            self.text = (self.text + typed)[:self.max_len]
            return True
        if t == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.end()
            elif event.key == pygame.K_ESCAPE:
                self.end(keep=False)
            return True  # letters and arrows belong to the text, not to the form
        return t in (pygame.KEYUP, pygame.TEXTEDITING)

    def draw(self, surface: pygame.Surface, size: int, clock: float = 0.0) -> None:
        r = self.rect
        if r.width <= 0:
            return
        border = theme.ACCENT if self.editing else theme.PANEL_BORDER
        surface.blit(rounded(r.size, r.height // 3, (0, 0, 0, 70), border,
                             2 if self.editing else 1), r.topleft)
        pad = round(size * 0.5)
        shown = self.text if (self.text or self.editing) else self.default
        if self.secret and self.text:
            shown = "•" * len(self.text)
        example = not self.text and not self.editing
        if not self.enabled:
            color = theme.BUTTON_DISABLED_TEXT
        elif example:  # quieter and not bold: never taken for something typed
            color = theme.quiet(theme.TEXT_DIM, theme.PANEL_SOLID[:3])
        else:
            color = theme.TEXT if self.text else theme.TEXT_DIM
        room = r.width - 2 * pad - (size // 2 if self.editing else 0)
        if self.tag and not self.editing:
            tag_size = caption_for(size)
            # a third of the field, or what a short name leaves ("Clara  Gegenüber")
            most = max(r.width // 3, room - text_width(shown, size, True) - pad)
            tag = draw_text(surface, ellipsize(self.tag, tag_size, most), tag_size,
                            (r.right - pad, r.centery), theme.TEXT_DIM, "midright")
            room -= tag.width + pad
        at = size  # the example shown while empty steps down, then wraps, before it is cut
        bold = not example
        if example:
            at = next((z for z in (size, small_for(size), caption_for(size))
                       if text_width(shown, z, bold) <= room), caption_for(size))
            two = _text.wrap_lines(shown, at, room, 2, bold)
            if text_width(shown, at, bold) > room and len(two) == 2 and \
                    2 * line_height(at, bold) <= r.height and isinstance(two[1], str) \
                    and not two[1].endswith("…"):
                for i, line in enumerate(two):
                    draw_text(surface, line, at, (r.x + pad, r.centery), color,
                              "bottomleft" if i == 0 else "topleft", bold=bold)
                return
        text = ellipsize(shown, at, room, bold) if not self.editing else shown
        if self.editing:  # keep the end (where one types) in view
            while text and text_width(text, size, True) > room:
                text = text[1:]
        box = draw_text(surface, text, at, (r.x + pad, r.centery), color, "midleft",
                        bold=bold)
        if self.editing and (calm() or int(clock * 2) % 2 == 0):  # the caret blinks
            x = box.right + 2 if text else r.x + pad
            pygame.draw.line(surface, theme.ACCENT, (x, r.y + r.height // 5),
                             (x, r.bottom - r.height // 5), 2)
