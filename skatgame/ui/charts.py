"""Charts drawn in the table's look: lines over a sequence and grouped bars.

A chart is drawn into a rectangle of a surface: a darker rounded panel, its
title and legend on the top line, the axis' unit under it, a grid with round
tick values, and the data. Every text goes through :func:`skatgame.ui.text.draw_text`
(so the gallery notes it), and the whole rectangle can be saved as a picture
(:func:`save_png`).
"""

from __future__ import annotations

import math
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from skatgame.ui import theme, widgets
from skatgame.ui.text import Color, draw_text, ellipsize, line_height, text_width, wrap

if TYPE_CHECKING:
    from skatgame.ui.layout import Layout

#: Colours of the players' lines and of the bars, distinct on the dark panel (the first,
#: gold, is the player's own).
PALETTE: tuple[Color, ...] = ((240, 196, 84), (104, 186, 255), (255, 132, 116),
                              (200, 160, 255))
#: What chance predicts, beside what was observed.
EXPECTED: Color = (150, 172, 162)
GRID: Color = (255, 255, 255, 26)
AXIS: Color = (170, 200, 184)
BACKGROUND: Color = (6, 22, 15, 190)


#: The smallest text of a chart, in pixels: below it the layout's body size is used.
MIN_TEXT_PX = 13


def text_size(layout: Layout) -> int:
    """The size of a chart's text in ``layout``: its small text, or its body text where
    the small one would be below :data:`MIN_TEXT_PX`."""
    return layout.font_small if layout.font_small >= MIN_TEXT_PX else layout.font_body


@dataclass(frozen=True)
class Series:
    """One line or one kind of bar: its legend label, colour and values (``None``: no
    value there). ``kind``: ``"line"``, ``"dashed"`` (a trend), ``"dots"`` (points
    without a line), for bars ``"bar"`` or ``"hollow"`` (an expectation)."""

    label: str
    color: Color
    values: Sequence[float | None]
    kind: str = "line"
    #: the shape on a line's points and in its legend (one of :data:`MARKERS`; ``""``:
    #: round dots), so lines are told apart without their colours
    marker: str = ""


#: Point shapes that tell lines apart in grey and for every eye.
MARKERS = ("circle", "square", "triangle", "ring")


def draw_marker(surface: pygame.Surface, color: Color, center: tuple[int, int], radius: int,
                marker: str) -> None:
    """A point of a line as ``marker`` (a circle where ``marker`` is empty)."""
    x, y = center
    r = radius
    if marker == "square":
        pygame.draw.rect(surface, color, (x - r + 1, y - r + 1, 2 * r - 1, 2 * r - 1))
    elif marker == "triangle":
        pygame.draw.polygon(surface, color, [(x, y - r - 1), (x + r + 1, y + r),
                                             (x - r - 1, y + r)])
    elif marker == "ring":
        pygame.draw.circle(surface, color, center, r + 1, max(2, r // 2))
    else:
        pygame.draw.circle(surface, color, center, r)


def nice_ticks(lo: float, hi: float, count: int = 5, whole: bool = False) -> list[float]:
    """Round values from about ``lo`` to ``hi`` for the grid (1, 2, 2.5 or 5 times a
    power of ten apart), covering both; ``whole``: whole numbers only (counts)."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / max(1, count)
    if whole:
        raw = max(1.0, raw)
    power = 10 ** math.floor(math.log10(raw))
    steps = (1, 2, 5, 10) if whole else (1, 2, 2.5, 5, 10)
    step = next(m * power for m in steps if m * power >= raw)
    first = math.floor(lo / step) * step
    out = []
    v = first
    while v < hi + step * 0.999:
        out.append(round(v, 10))
        v += step
    return out


def tick_text(v: float) -> str:
    """A tick value as text: whole numbers without a decimal point, others with the
    decimals they have (0.25, not 0.2), a minus sign."""
    text = f"{v:.0f}" if abs(v - round(v)) < 1e-9 else f"{v:.2f}".rstrip("0")
    return text.replace("-", "−")


@dataclass
class Plot:
    """Where the data goes and how values map onto it."""

    rect: pygame.Rect
    lo: float
    hi: float

    def y(self, v: float) -> float:
        return self.rect.bottom - (v - self.lo) / (self.hi - self.lo) * self.rect.height


def _legend_lines(items: Sequence[Series], width: int, size: int) -> list[list[Series]]:
    """The legend's items in lines of at most ``width``."""
    swatch = max(10, size)
    lines: list[list[Series]] = [[]]
    used = 0
    for s in items:
        w = swatch + size // 3 + text_width(s.label, size)
        if lines[-1] and used + size + w > width:
            lines.append([])
            used = 0
        used += (size if lines[-1] else 0) + w
        lines[-1].append(s)
    return lines


def _legend(surface: pygame.Surface, items: Sequence[Series], right: int, y: int,
            size: int) -> None:
    """One line of the legend, right-aligned at ``right``."""
    swatch = max(10, size)
    x = right - legend_width(items, size)
    for s in items:
        box = pygame.Rect(x, y + (line_height(size) - swatch) // 2, swatch, swatch)
        if s.kind == "hollow":
            pygame.draw.rect(surface, s.color, box, max(2, swatch // 6))
        elif s.kind in ("line", "dashed"):
            pygame.draw.line(surface, s.color, (box.left, box.centery),
                             (box.right, box.centery), max(2, swatch // 4))
            if s.marker:
                draw_marker(surface, s.color, box.center, max(3, swatch // 3), s.marker)
        else:
            pygame.draw.rect(surface, s.color, box, border_radius=2)
        label = draw_text(surface, ellipsize(s.label, size, right - box.right - size // 3),
                          size, (box.right + size // 3, y), theme.TEXT)
        x = label.right + size


def legend_width(items: Sequence[Series], size: int) -> int:
    """The width the legend of ``items`` takes on one line."""
    swatch = max(10, size)
    return sum(swatch + size // 3 + text_width(s.label, size) for s in items) + \
        size * max(0, len(items) - 1)


#: The fewest lines of text a chart's plot is high (below it a chart is too squeezed).
PLOT_LINES = 4


def fits(size_wh: tuple[int, int], title: str, series: Sequence[Series], size: int, *,
         unit: bool = True, x_label: bool = False) -> bool:
    """Whether a chart of ``series`` fits a rectangle of ``size_wh`` at text ``size``:
    its title in two lines at most, each legend item whole, a plot of
    :data:`PLOT_LINES` lines at least (as :func:`line_chart` and :func:`bar_chart`
    lay it out)."""
    w, h = size_wh
    pad = max(6, size * 2 // 3)
    lh = line_height(size)
    width = w - 2 * pad
    if width < max([8 * size, *(legend_width([s], size) for s in series)]):
        return False
    lines = 1
    if text_width(title, size, True) + size + legend_width(series, size) > width:
        titles = len(wrap(title, size, width, True))
        if titles > 2:
            return False
        lines = titles + len(_legend_lines(series, width, size))
    lines += unit + 1 + x_label + PLOT_LINES
    return 2 * pad + pad // 2 + max(3, size // 4) + lines * lh <= h


def _frame(surface: pygame.Surface, rect: pygame.Rect, title: str, unit: str,
           series: Sequence[Series], lo: float, hi: float, size: int,
           x_label: str, legend: bool = True) -> Plot:
    """The panel, title, legend, unit, horizontal grid and y ticks; the plot inside."""
    surface.blit(widgets.rounded(rect.size, max(4, size // 2), BACKGROUND, theme.PANEL_BORDER,
                                 1), rect)
    pad = max(6, size * 2 // 3)
    lh = line_height(size)
    top = rect.y + pad
    width = rect.width - 2 * pad
    lw = legend_width(series, size) if legend else 0
    title_w = text_width(title, size, True)
    if legend and title_w + size + lw > width:  # the legend on lines of its own
        titles = wrap(title, size, width, True)
        for n, words in enumerate(titles[:2]):  # a long title on two lines
            if n:
                top += lh
            draw_text(surface, ellipsize(" ".join(titles[1:]), size, width, True) if n
                      else words, size, (rect.x + pad, top), theme.ACCENT, bold=True)
        for items in _legend_lines(series, width, size):
            top += lh
            _legend(surface, items, rect.right - pad, top, size)
    else:
        draw_text(surface, title, size, (rect.x + pad, top), theme.ACCENT, bold=True)
        if legend:
            _legend(surface, series, rect.right - pad, top, size)
    top += lh + pad // 2
    if unit:
        draw_text(surface, ellipsize(unit, size, width), size, (rect.x + pad, top),
                  theme.TEXT_DIM)
        top += lh
    tick_gap = max(3, size // 4)  # between the axis and its labels
    bottom = rect.bottom - pad - tick_gap - lh - (lh if x_label else 0)
    # as many grid lines as the height holds with room between their values
    whole = all(float(v).is_integer() for s in series for v in s.values if v is not None)
    ticks = nice_ticks(lo, hi, max(1, min(5, (bottom - top) // (2 * lh))), whole)
    lo, hi = min(ticks[0], lo), max(ticks[-1], hi)
    labels = [tick_text(t) for t in ticks]
    label_w = max(text_width(t, size) for t in labels)
    plot = pygame.Rect(rect.x + pad + label_w + pad, top + lh // 2,
                       rect.right - pad - (rect.x + pad + label_w + pad),
                       max(10, bottom - top - lh // 2))
    p = Plot(plot, lo, hi)
    grid = pygame.Surface((plot.width, 1), pygame.SRCALPHA)
    grid.fill(GRID)
    said: list[int] = []  # where values stand: in a short plot (large text) a value
    # a line too near another one's goes unsaid (zero first)
    for t, text in sorted(zip(ticks, labels, strict=True), key=lambda tick: tick[0] != 0):
        y = round(p.y(t))
        if t == 0 and lo < 0:
            pygame.draw.line(surface, AXIS, (plot.left, y), (plot.right, y), 1)
        else:
            surface.blit(grid, (plot.left, y))
        if all(abs(y - other) >= lh for other in said):
            draw_text(surface, text, size, (plot.left - pad, y), theme.TEXT_DIM, "midright")
            said.append(y)
    pygame.draw.line(surface, AXIS, plot.bottomleft, plot.bottomright, 1)
    pygame.draw.line(surface, AXIS, plot.topleft, plot.bottomleft, 1)
    if x_label:
        draw_text(surface, ellipsize(x_label, size, plot.width), size,
                  (plot.centerx, rect.bottom - pad), theme.TEXT_DIM, "midbottom")
    return p


def _range(series: Sequence[Series], zero: bool = True) -> tuple[float, float]:
    values = [v for s in series for v in s.values if v is not None]
    if zero:
        values.append(0.0)
    if not values:
        return 0.0, 1.0
    lo, hi = min(values), max(values)
    if hi - lo < 1e-9:
        hi = lo + 1
    return lo, hi


def _dashed(surface: pygame.Surface, color: Color, points: list[tuple[float, float]],
            width: int, dash: int) -> None:
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        length = math.hypot(x1 - x0, y1 - y0)
        n = max(1, int(length // dash))
        for i in range(0, n, 2):
            a, b = i / n, min(1.0, (i + 1) / n)
            pygame.draw.line(surface, color, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                             (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)


def line_chart(surface: pygame.Surface, rect: pygame.Rect, title: str, series: Sequence[Series],
               x_ticks: Sequence[tuple[int, str]], *, unit: str = "", x_label: str = "",
               size: int = 15, x_count: int | None = None) -> Plot:
    """Lines over the positions 0..n-1 (n the longest series, or ``x_count``), with
    ``x_ticks`` (position, label) under the axis."""
    lo, hi = _range(series)
    plot = _frame(surface, rect, title, unit, series, lo, hi, size, x_label)
    n = x_count or max((len(s.values) for s in series), default=1)
    r = plot.rect
    inset = max(4, size // 2)

    def x_of(i: int) -> float:
        return r.left + inset + (r.width - 2 * inset) * (i / max(1, n - 1))

    last_right: float = -10**6
    for i, text in x_ticks:
        x = round(x_of(i))
        pygame.draw.line(surface, AXIS, (x, r.bottom), (x, r.bottom + max(3, size // 4) - 1))
        w = text_width(text, size)
        cx = min(max(x, r.left + w / 2), rect.right - size // 2 - w / 2)  # kept in the panel
        if cx - w / 2 > last_right + size // 2:
            last_right = draw_text(surface, text, size, (cx, r.bottom + max(3, size // 4)),
                                   theme.TEXT_DIM, "midtop").right
    width = max(2, round(size / 5.5))
    # lines that lie on each other (equal totals) stay visible: a solid line that shares
    # a stretch with lines drawn before it runs a line's width above each of them
    solid = [s for s in series if s.kind == "line"]

    def shares(a: Series, b: Series) -> bool:
        same = [x is not None and x == y for x, y in zip(a.values, b.values, strict=False)]
        return any(p and q for p, q in zip(same, same[1:], strict=False))

    for s in series:
        lift = 0 if s.kind != "line" else \
            (width + 1) * sum(shares(s, t) for t in solid[:solid.index(s)])
        points = [(x_of(i), plot.y(v) - lift) for i, v in enumerate(s.values) if v is not None]
        if s.kind == "dashed" and len(points) > 1:
            _dashed(surface, s.color, points, width, max(6, size // 2))
        elif s.kind == "line" and len(points) > 1:
            pygame.draw.lines(surface, s.color, False, points, width)
        if s.kind == "dots" or (s.kind == "line" and (len(points) <= 40 or s.marker)):
            radius = max(3, size // 4) if s.kind == "dots" else max(3, size // 3) if s.marker \
                else max(2, size // 6)
            # a long line's shapes at about twenty of its points, its last one among them
            every = max(1, math.ceil(len(points) / 20)) if s.marker else 1
            for k, (px, py) in enumerate(points):
                if k % every == 0 or k == len(points) - 1:
                    draw_marker(surface, s.color, (round(px), round(py)), radius, s.marker)
    return plot


def bar_chart(surface: pygame.Surface, rect: pygame.Rect, title: str, groups: Sequence[str],
              series: Sequence[Series], *, unit: str = "", x_label: str = "", size: int = 15,
              value_text: bool = True, decimals: int = 0) -> Plot:
    """Bars side by side per group (one per series), the group's label under them and,
    where it fits, each bar's value over it."""
    lo, hi = _range(series)
    if value_text:  # room over the highest bar for its value
        hi += (hi - lo) * 0.08
    plot = _frame(surface, rect, title, unit, series, lo, hi, size, x_label)
    r = plot.rect
    n = max(1, len(groups))
    slot = r.width / n
    bar_w = max(3, min(slot * 0.8 / max(1, len(series)), size * 3.2))
    zero = plot.y(max(plot.lo, 0.0))
    # every group's label where they fit side by side, else every second, third...
    widest = max((text_width(g, size) for g in groups), default=0) + size // 2
    every = max(1, math.ceil(widest / slot)) if widest > slot else 1
    for g, name in enumerate(groups):
        cx = r.left + slot * (g + 0.5)
        if (len(groups) - 1 - g) % every == 0:  # the newest (last) group always named
            label = ellipsize(name, size, max(8, round(slot * every - size // 2)))
            draw_text(surface, label, size, (cx, r.bottom + max(3, size // 4)),
                      theme.TEXT_DIM, "midtop")
        left = cx - bar_w * len(series) / 2
        for k, s in enumerate(series):
            v = s.values[g] if g < len(s.values) else None
            if v is None:
                continue
            y = plot.y(v)
            box = pygame.Rect(round(left + k * bar_w + 1), round(min(y, zero)),
                              max(1, round(bar_w - 2)), max(1, round(abs(zero - y))))
            if s.kind == "hollow":
                pygame.draw.rect(surface, s.color, box, max(2, size // 7))
            else:
                pygame.draw.rect(surface, s.color, box, border_radius=max(0, min(3, box.w // 4)))
            text = f"{v:.{decimals}f}"
            if value_text and text_width(text, size) <= bar_w + size // 3 and v >= 0:
                draw_text(surface, text, size, (box.centerx, box.top - 2), theme.TEXT,
                          "midbottom")
    return plot


def totals_chart(surface: pygame.Surface, rect: pygame.Rect, title: str,
                 names: Sequence[str], totals: Sequence[Sequence[int]], chosen: int | None,
                 *, unit: str, x_label: str, size: int) -> Plot:
    """A list's running totals deal by deal, one line per player (``chosen`` in gold,
    the others in the palette's other colours), each with its own shape on its points."""
    others = iter(PALETTE[1:] * 2)
    series = [Series(name, PALETTE[0] if i == chosen else next(others), list(values),
                     marker=MARKERS[i % len(MARKERS)])
              for i, (name, values) in enumerate(zip(names, totals, strict=True))]
    n = max((len(t) for t in totals), default=1) - 1
    step = max(1, math.ceil(n / 12))
    return line_chart(surface, rect, title, series, [(i, str(i)) for i in range(0, n + 1, step)],
                      unit=unit, x_label=x_label, size=size)


def save_png(surface: pygame.Surface, rect: pygame.Rect, folder: Path, name: str) -> Path:
    """Save the ``rect`` of ``surface`` as ``folder/name`` (a PNG), through a temporary
    file and a rename; returns the full path. Raises ``OSError`` when it cannot be
    written (``pygame.error`` is turned into one)."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    picture = surface.subsurface(rect.clip(surface.get_rect())).copy()
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".png", dir=folder)
    os.close(fd)
    try:
        try:
            pygame.image.save(picture, tmp)
        except pygame.error as e:
            raise OSError(5, str(e)) from None
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def figure_panel(surface: pygame.Surface, rect: pygame.Rect, title: str,
                 items: Sequence[tuple[str, str]], size: int, big: int,
                 beside: bool = False) -> None:
    """Key figures in a panel like a chart's: per item its label, then its value large
    (``beside``: the value right of its label, on the label's first line)."""
    surface.blit(widgets.rounded(rect.size, max(4, size // 2), BACKGROUND, theme.PANEL_BORDER,
                                 1), rect)
    pad = max(6, size * 2 // 3)
    width = rect.width - 2 * pad
    y = rect.y + pad
    draw_text(surface, ellipsize(title, size, width, True), size, (rect.x + pad, y),
              theme.ACCENT, bold=True)
    y += line_height(size) + pad
    for label, value in items:
        lines = _figure_label(label, value, size, big, width, beside)
        top = y
        for line in lines:
            draw_text(surface, line, size, (rect.x + pad, y), theme.TEXT_DIM)
            y += line_height(size)
        if beside:
            draw_text(surface, value, big, (rect.right - pad, top), theme.TEXT, "topright",
                      bold=True)
            y = max(y, top + line_height(big, True)) + pad // 2
        else:
            draw_text(surface, value, big, (rect.x + pad, y), theme.TEXT, bold=True)
            y += line_height(big, True) + pad // 2


def _figure_label(label: str, value: str, size: int, big: int, width: int,
                  beside: bool) -> list[str]:
    """The lines of a figure's label: two at most under its value's, or beside it as
    many as it takes."""
    if beside:
        return wrap(label, size, width - text_width(value, big, True) - size // 2)
    return wrap(label, size, width)[:2]


def figure_panel_height(items: Sequence[tuple[str, str]], size: int, big: int,
                        width: int, beside: bool = False) -> int:
    """The height :func:`figure_panel` needs at ``width``."""
    pad = max(6, size * 2 // 3)
    height = 2 * pad + line_height(size) + pad
    for label, value in items:
        lines = len(_figure_label(label, value, size, big, width - 2 * pad, beside))
        height += (max(lines * line_height(size), line_height(big, True)) if beside
                   else lines * line_height(size) + line_height(big, True)) + pad // 2
    return height
