"""Vector drawing helpers: Bezier paths, affine transforms and a drawing canvas.

All card art is described in design units and drawn through a :class:`Canvas`,
which maps design units to pixels of a (usually supersampled) surface. Filled
shapes are plain polygons; anti-aliasing comes from drawing at 2-4x and scaling
down with ``pygame.transform.smoothscale``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

import pygame

Pt = tuple[float, float]
Color = tuple[int, int, int] | tuple[int, int, int, int]
#: Affine transform ``(a, b, c, d, e, f)``: ``x' = a*x + b*y + c``, ``y' = d*x + e*y + f``.
Xf = tuple[float, float, float, float, float, float]

IDENTITY: Xf = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0)


def compose(outer: Xf, inner: Xf) -> Xf:
    """The transform that applies ``inner`` first, then ``outer``."""
    a, b, c, d, e, f = outer
    p, q, r, s, t, u = inner
    return (a * p + b * s, a * q + b * t, a * r + b * u + c,
            d * p + e * s, d * q + e * t, d * r + e * u + f)


def local(dx: float = 0.0, dy: float = 0.0, sx: float = 1.0, sy: float | None = None,
          angle: float = 0.0) -> Xf:
    """Scale by (sx, sy), rotate by ``angle`` degrees (clockwise on screen), then move."""
    sy = sx if sy is None else sy
    co, si = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return (co * sx, -si * sy, dx, si * sx, co * sy, dy)


# ----------------------------------------------------------------- paths

def cubic(p0: Pt, p1: Pt, p2: Pt, p3: Pt, n: int = 12) -> list[Pt]:
    """Points of a cubic Bezier curve, without its start point."""
    out = []
    for i in range(1, n + 1):
        t = i / n
        m = 1.0 - t
        a, b, c, d = m * m * m, 3 * m * m * t, 3 * m * t * t, t * t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                    a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


class Path:
    """A polyline built from straight and Bezier segments."""

    def __init__(self, x: float, y: float) -> None:
        self.points: list[Pt] = [(x, y)]

    def line(self, x: float, y: float) -> Path:
        """Straight segment to (x, y)."""
        self.points.append((x, y))
        return self

    def curve(self, x1: float, y1: float, x2: float, y2: float, x: float, y: float,
              n: int = 12) -> Path:
        """Cubic Bezier segment with control points (x1, y1), (x2, y2) to (x, y)."""
        self.points += cubic(self.points[-1], (x1, y1), (x2, y2), (x, y), n)
        return self

    def quad(self, x1: float, y1: float, x: float, y: float, n: int = 10) -> Path:
        """Quadratic Bezier segment with control point (x1, y1) to (x, y)."""
        x0, y0 = self.points[-1]
        return self.curve(x0 + 2 / 3 * (x1 - x0), y0 + 2 / 3 * (y1 - y0),
                          x + 2 / 3 * (x1 - x), y + 2 / 3 * (y1 - y), x, y, n)


def mirrored(right: Sequence[Pt]) -> list[Pt]:
    """Close a left-right symmetric outline given its right half (top to bottom)."""
    left = [(-x, y) for x, y in reversed(right) if x != 0.0]
    return list(right) + left


def ellipse_pts(cx: float, cy: float, rx: float, ry: float, n: int = 36,
                start: float = 0.0, end: float = 360.0) -> list[Pt]:
    """Points on an ellipse (or an arc of it, angles in degrees, clockwise on screen)."""
    full = abs(end - start) >= 360.0
    count = n if full else n + 1
    step = (end - start) / n
    return [(cx + rx * math.cos(math.radians(start + i * step)),
             cy + ry * math.sin(math.radians(start + i * step))) for i in range(count)]


_MEMO: dict[tuple[object, ...], list[Pt]] = {}
_MEMO_LIMIT = 20_000


def memo(key: tuple[object, ...], make: Callable[[], list[Pt]]) -> list[Pt]:
    """Outlines repeat from card to card: remember the computed ones under ``key``."""
    got = _MEMO.get(key)
    if got is None:
        if len(_MEMO) > _MEMO_LIMIT:
            _MEMO.clear()
        got = _MEMO[key] = make()
    return got


def clear_memo() -> None:
    """Forget remembered outlines (for cold-start measurements)."""
    _MEMO.clear()


def offset_outline(points: Sequence[Pt], dist: float) -> list[Pt]:
    """The closed outline grown outward by ``dist`` (mitred, mitres capped)."""
    return memo(("offset", tuple(points), dist), lambda: _offset_outline(points, dist))


def _offset_outline(points: Sequence[Pt], dist: float) -> list[Pt]:
    n = len(points)
    if n < 3:
        return list(points)
    area = sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
               for i in range(n))
    sign = 1.0 if area > 0 else -1.0
    out = []
    for i in range(n):
        x0, y0 = points[i - 1]
        x1, y1 = points[i]
        x2, y2 = points[(i + 1) % n]
        n1 = _normal(x0, y0, x1, y1)
        n2 = _normal(x1, y1, x2, y2)
        mx, my = n1[0] + n2[0], n1[1] + n2[1]
        ln = math.hypot(mx, my)
        if ln < 1e-9:
            mx, my, ln = n1[0], n1[1], 1.0
        mx, my = mx / ln, my / ln
        cos_half = max(mx * n1[0] + my * n1[1], 0.35)
        k = sign * dist / cos_half
        out.append((x1 + mx * k, y1 + my * k))
    return out


def _normal(x0: float, y0: float, x1: float, y1: float) -> Pt:
    dx, dy = x1 - x0, y1 - y0
    ln = math.hypot(dx, dy) or 1.0
    return (dy / ln, -dx / ln)


def ribbon(points: Sequence[Pt], width: float | Sequence[float]) -> list[Pt]:
    """A polygon tracing an open polyline with the given width (or widths per point)."""
    key = width if isinstance(width, int | float) else tuple(width)
    return memo(("ribbon", tuple(points), key), lambda: _ribbon(points, width))


def _ribbon(points: Sequence[Pt], width: float | Sequence[float]) -> list[Pt]:
    n = len(points)
    widths = [width] * n if isinstance(width, int | float) else list(width)
    left: list[Pt] = []
    right: list[Pt] = []
    for i in range(n):
        a = points[max(i - 1, 0)]
        b = points[min(i + 1, n - 1)]
        nx, ny = _normal(a[0], a[1], b[0], b[1])
        h = widths[i] / 2
        x, y = points[i]
        left.append((x + nx * h, y + ny * h))
        right.append((x - nx * h, y - ny * h))
    return left + right[::-1]


# ----------------------------------------------------------------- canvas

class Canvas:
    """Draws design-unit shapes onto a surface through an affine transform."""

    def __init__(self, surface: pygame.Surface, xf: Xf = IDENTITY) -> None:
        self.surface = surface
        self.xf = xf
        a, b, _c, d, e, _f = xf
        #: Pixels per design unit (geometric mean of the two axes).
        self.unit = math.sqrt(abs(a * e - b * d)) or 1.0

    def sub(self, dx: float = 0.0, dy: float = 0.0, sx: float = 1.0,
            sy: float | None = None, angle: float = 0.0) -> Canvas:
        """A canvas for a local frame placed inside this one."""
        return Canvas(self.surface, compose(self.xf, local(dx, dy, sx, sy, angle)))

    def map(self, points: Iterable[Pt]) -> list[Pt]:
        """Design units to pixels."""
        a, b, c, d, e, f = self.xf
        return [(a * x + b * y + c, d * x + e * y + f) for x, y in points]

    def fill(self, points: Sequence[Pt], color: Color, outline: Color | None = None,
             outline_width: float = 0.0) -> None:
        """Fill a polygon, optionally with an outline grown outside it."""
        if outline is not None and outline_width > 0:
            pygame.draw.polygon(self.surface, outline,
                                self.map(offset_outline(points, outline_width)))
        pygame.draw.polygon(self.surface, color, self.map(points))

    def stroke(self, points: Sequence[Pt], color: Color,
               width: float | Sequence[float]) -> None:
        """Draw an open polyline of the given width in design units."""
        if len(points) < 2:
            return
        pygame.draw.polygon(self.surface, color, self.map(ribbon(points, width)))

    def ring(self, points: Sequence[Pt], color: Color, width: float) -> None:
        """Draw a closed polyline of the given width."""
        pts = list(points) + [points[0], points[1]]
        self.stroke(pts, color, width)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, color: Color,
                outline: Color | None = None, outline_width: float = 0.0) -> None:
        """Fill an ellipse (smooth at any size)."""
        n = max(12, min(72, int((rx + ry) * self.unit * 0.6)))
        self.fill(ellipse_pts(cx, cy, rx, ry, n), color, outline, outline_width)

    def circle(self, cx: float, cy: float, r: float, color: Color) -> None:
        """Fill a circle."""
        self.ellipse(cx, cy, r, r, color)

    def line(self, p: Pt, q: Pt, color: Color, width: float) -> None:
        """A straight stroke from p to q."""
        self.stroke([p, q], color, width)


def rounded_rect_pts(x: float, y: float, w: float, h: float, r: float,
                     n: int = 8) -> list[Pt]:
    """Outline of a rounded rectangle, clockwise from the top-left corner."""
    r = max(0.0, min(r, w / 2, h / 2))
    pts: list[Pt] = []
    for cx, cy, start in ((x + w - r, y + r, 270.0), (x + w - r, y + h - r, 0.0),
                          (x + r, y + h - r, 90.0), (x + r, y + r, 180.0)):
        pts += ellipse_pts(cx, cy, r, r, n, start, start + 90.0)
    return pts


def shade(color: Sequence[int], factor: float) -> tuple[int, int, int]:
    """Darken (factor < 1) or lighten (factor > 1, towards white) a colour."""
    r, g, b = color[0], color[1], color[2]
    if factor <= 1.0:
        return (int(r * factor), int(g * factor), int(b * factor))
    t = min(factor - 1.0, 1.0)
    return (int(r + (255 - r) * t), int(g + (255 - g) * t), int(b + (255 - b) * t))


def supersample_factor(width: int) -> int:
    """How many times larger than the target a card of this width is drawn."""
    # Powers of two only: smoothscale by 1/3 loses a little alpha and brightness.
    return 4 if width <= 200 else 2
