"""Bodies of the court figures: robe, its pattern, collar, and the arms.

Figure frame: x from -50 to 50, y from the top of the half panel (about
-115) to 0 at the dividing line. The shoulders are at y = -51.
"""

from __future__ import annotations

from skatgame.ui.cards.costume import GOLD, INK, OW, SKIN, WHITE, Costume
from skatgame.ui.cards.geometry import Canvas, Path, Pt, ellipse_pts, memo, mirrored, shade

ROYAL = ("king", "queen")


def _robe_right(kind: str) -> list[Pt]:
    wide = 42.0 if kind in ROYAL else 38.0
    return (Path(0.0, -62.0).line(7.5, -62.0)
            .curve(10.0, -55.0, 22.0, -55.0, 30.0, -51.0, n=10)
            .curve(37.0, -47.0, 39.0, -38.0, wide - 3.0, -24.0, n=10)
            .line(wide, 0.0).line(0.0, 0.0).points)


def robe_outline(kind: str) -> list[Pt]:
    """The robe's outline (shoulders to the dividing line)."""
    return memo(("robe", kind), lambda: mirrored(_robe_right(kind)))


def _inside(pt: Pt, poly: list[Pt]) -> bool:
    x, y = pt
    inside = False
    for i in range(len(poly)):
        x0, y0 = poly[i - 1]
        x1, y1 = poly[i]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _motif_spots(kind: str, top: float) -> list[Pt]:
    robe = robe_outline(kind)
    spots: list[Pt] = []
    row = 0
    y = top + 6.0
    while y < -4.0:
        x = -44.0 + (4.5 if row % 2 else 0.0)
        while x <= 44.0:
            if abs(x) > 14.0 and all(_inside(p, robe) for p in
                                     ((x - 3, y), (x + 3, y), (x, y - 3), (x, y + 3))):
                spots.append((x, y))
            x += 9.0
        y += 9.0
        row += 1
    return spots


def diamond(x: float, y: float, r: float) -> list[Pt]:
    """A small lozenge centred at (x, y)."""
    return [(x, y - r), (x + r * 0.75, y), (x, y + r), (x - r * 0.75, y)]


def _pattern(c: Canvas, fig: Costume) -> None:
    """Motifs strewn over the robe, or stripes, avoiding the front band."""
    if fig.pattern in ("plain", "parti"):
        return
    if fig.pattern == "stripes":
        for x in (-33.0, -25.0, -17.0, 17.0, 25.0, 33.0):
            top = -50.0 if abs(x) < 28.0 else -40.0
            c.line((x, top), (x * 1.08, -1.0), fig.trim, 2.2)
        return
    top = -40.0 if fig.kind in ROYAL else -44.0
    for x, y in memo(("spots", fig.kind, top), lambda: _motif_spots(fig.kind, top)):
        if fig.pattern == "diamonds":
            c.fill(diamond(x, y, 2.4), fig.trim, INK, 0.5)
        elif fig.pattern == "florets":
            for dx, dy in ((0, -1.8), (1.8, 0), (0, 1.8), (-1.8, 0)):
                c.circle(x + dx, y + dy, 1.3, fig.trim)
            c.circle(x, y, 0.9, fig.second)
        else:  # crosses
            c.line((x - 2.2, y - 2.2), (x + 2.2, y + 2.2), fig.trim, 1.1)
            c.line((x - 2.2, y + 2.2), (x + 2.2, y - 2.2), fig.trim, 1.1)


def body(c: Canvas, fig: Costume) -> None:
    """Robe with its pattern, the front band or belt, and the collar."""
    robe = robe_outline(fig.kind)
    c.fill(robe, fig.robe, INK, OW)
    if fig.pattern == "parti":
        # A parti-coloured tunic: the right half in the second colour, slashed sleeves.
        c.fill(_robe_right(fig.kind), fig.second)
        for x in (-30.0, -22.0, 22.0, 30.0):
            c.line((x, -40.0), (x * 1.05, -28.0), shade(fig.trim, 0.95), 2.4)
    else:
        # Shadow down the right flank and light on the left give the robe some volume.
        hem = 42.0 if fig.kind in ROYAL else 38.0
        c.fill([(28.0, -50.0), (35.0, -46.0), (39.0, -24.0), (hem, 0.0), (31.0, 0.0),
                (31.0, -30.0)], shade(fig.robe, 0.84))
        c.fill([(-24.0, -52.0), (-29.0, -49.0), (-32.0, -30.0), (-30.0, 0.0), (-25.0, 0.0),
                (-26.0, -30.0)], shade(fig.robe, 1.14))
    _pattern(c, fig)
    if fig.kind in ROYAL:
        band = [(-6.0, -60.0), (6.0, -60.0), (10.0, 0.0), (-10.0, 0.0)]
        c.fill(band, fig.trim, INK, OW * 0.8)
        y = -52.0
        while y < -3.0:
            c.fill(diamond(0.0, y, 3.4), fig.second, INK, 0.5)
            c.circle(0.0, y, 1.0, WHITE)
            y += 9.0
    elif fig.pattern != "parti":
        c.line((0.0, -60.0), (0.0, -1.0), INK, 1.0)
        for y in (-52.0, -44.0, -36.0, -12.0, -5.0):
            c.ellipse(0.0, y, 1.8, 1.8, fig.trim, INK, 0.5)
    if fig.kind not in ROYAL:
        # Belt with a buckle.
        c.fill([(-37.5, -26.0), (37.5, -26.0), (38.0, -20.0), (-38.0, -20.0)],
               shade(fig.second, 0.55), INK, 0.7)
        c.fill([(-4.0, -27.0), (4.0, -27.0), (4.0, -19.0), (-4.0, -19.0)], GOLD, INK, 0.6)
        c.fill([(-2.0, -25.0), (2.0, -25.0), (2.0, -21.0), (-2.0, -21.0)],
               shade(fig.second, 0.55))
    _COLLARS[fig.collar](c, fig)


def _ermine(c: Canvas, fig: Costume) -> None:
    cape = mirrored(Path(0.0, -62.0).line(8.0, -63.0)
                    .curve(18.0, -58.0, 32.0, -54.0, 38.0, -46.0, n=10)
                    .curve(36.0, -40.0, 30.0, -38.0, 22.0, -38.0, n=6)
                    .curve(14.0, -38.0, 8.0, -40.0, 0.0, -40.0, n=6).points)
    c.fill(cape, WHITE, INK, OW)
    for x, y in ((-28.0, -46.0), (-17.0, -50.0), (-20.0, -42.0), (-9.0, -45.0),
                 (28.0, -46.0), (17.0, -50.0), (20.0, -42.0), (9.0, -45.0), (0.0, -50.0)):
        c.fill([(x, y - 2.2), (x + 1.2, y + 1.6), (x, y + 2.4), (x - 1.2, y + 1.6)], INK)


def _fur(c: Canvas, fig: Costume) -> None:
    fur = (168, 160, 150)  # grey squirrel fur: no colour of its own
    stole = mirrored(Path(0.0, -60.0).line(9.0, -63.0)
                     .curve(20.0, -60.0, 33.0, -55.0, 37.0, -47.0, n=10)
                     .curve(28.0, -44.0, 16.0, -46.0, 10.0, -40.0, n=6)
                     .line(6.0, -10.0).line(0.0, -10.0).points)
    c.fill(stole, fur, INK, OW)
    for x, y in ((-30.0, -50.0), (-20.0, -53.0), (-9.0, -48.0), (-7.0, -30.0), (30.0, -50.0),
                 (20.0, -53.0), (9.0, -48.0), (7.0, -30.0), (-7.0, -18.0), (7.0, -18.0)):
        c.stroke(Path(x - 2.0, y - 1.0).quad(x, y + 1.5, x + 2.0, y - 1.0).points,
                 shade(fur, 0.6), 0.8)
    c.fill([(-5.5, -63.0), (5.5, -63.0), (4.5, -10.0), (-4.5, -10.0)], fig.robe, INK, 0.5)


def _ruff(c: Canvas, fig: Costume) -> None:
    c.fill(ellipse_pts(0.0, -62.0, 17.0, 6.5, 40), WHITE, INK, OW)
    for k in range(-6, 7):
        x = k * 2.5
        y = -62.0 + 6.3 * (1.0 - (x / 17.0) ** 2) ** 0.5
        c.line((x * 0.5, -62.0), (x, y), shade(WHITE, 0.78), 0.6)


def _square(c: Canvas, fig: Costume) -> None:
    collar = mirrored(Path(0.0, -56.0).line(9.0, -64.0)
                      .curve(16.0, -60.0, 22.0, -56.0, 24.0, -52.0, n=6)
                      .curve(16.0, -50.0, 8.0, -50.0, 0.0, -52.0, n=6).points)
    c.fill(collar, WHITE, INK, 0.7)


def _chain(c: Canvas, fig: Costume) -> None:
    _high(c, fig)
    links = Path(-22.0, -55.0).curve(-16.0, -38.0, 16.0, -38.0, 22.0, -55.0, n=14).points
    for x, y in links:
        c.ellipse(x, y, 1.6, 1.2, GOLD, INK, 0.4)
    c.ellipse(0.0, -39.0, 3.6, 3.6, GOLD, INK, 0.6)
    c.circle(0.0, -39.0, 1.4, fig.trim)


def _high(c: Canvas, fig: Costume) -> None:
    c.fill([(-8.5, -66.0), (8.5, -66.0), (9.0, -58.0), (-9.0, -58.0)], fig.trim, INK, 0.7)


def _neckline(c: Canvas, fig: Costume) -> None:
    neck = mirrored(Path(0.0, -52.0).line(14.0, -60.0).line(18.0, -58.0)
                    .curve(14.0, -50.0, 8.0, -44.0, 0.0, -44.0, n=8).points)
    c.fill(neck, SKIN, INK, 0.6)
    c.stroke(Path(-13.0, -57.0).quad(0.0, -46.0, 13.0, -57.0).points, GOLD, 1.4)
    c.fill(diamond(0.0, -50.0, 2.6), fig.second, INK, 0.4)


def _lace(c: Canvas, fig: Costume) -> None:
    _neckline(c, fig)
    for sx in (-1.0, 1.0):
        edge = Path(sx * 18.0, -58.0).curve(sx * 22.0, -54.0, sx * 26.0, -52.0, sx * 31.0,
                                            -51.0).points
        c.stroke(edge, INK, 4.2)
        c.stroke(edge, WHITE, 2.8)


def _cape(c: Canvas, fig: Costume) -> None:
    """The shoulder cape of a hood, with a scalloped hem."""
    hem = Path(31.0, -47.0)
    for k in range(5):
        x0 = 31.0 - k * 6.2
        hem.curve(x0 - 1.0, -41.0, x0 - 5.0, -41.0, x0 - 6.2, -45.0 + 0.6 * k, n=5)
    right = Path(0.0, -64.0).line(8.0, -64.0).curve(18.0, -60.0, 28.0, -56.0, 31.0, -47.0).points
    c.fill(mirrored(right + hem.points[1:] + [(0.0, -42.0)]), fig.second, INK, OW)


_COLLARS = {
    "cape": _cape,
    "ermine": _ermine,
    "fur": _fur,
    "ruff": _ruff,
    "square": _square,
    "chain": _chain,
    "high": _high,
    "neckline": _neckline,
    "lace": _lace,
}

#: Every collar a costume may name.
COLLAR_NAMES = tuple(_COLLARS)


def sleeve(c: Canvas, fig: Costume, arm: list[Pt], hand: Pt, hand_in_front: bool = True) -> None:
    """An arm along ``arm`` ending in a cuff and (unless told otherwise) the hand."""
    colour = shade(fig.second if fig.pattern == "parti" and arm[0][0] > 0 else fig.robe, 0.8)
    c.stroke(arm, INK, 11.0)
    c.stroke(arm, colour, 8.8)
    cuff = arm[-3:]
    c.stroke(cuff, INK, 11.0)
    c.stroke(cuff, fig.trim, 8.8)
    if hand_in_front:
        draw_hand(c, hand)


def draw_hand(c: Canvas, hand: Pt) -> None:
    """A closed hand at ``hand``."""
    c.ellipse(hand[0], hand[1], 4.4, 4.0, SKIN, INK, OW * 0.8)
    c.stroke([(hand[0] - 3.0, hand[1] - 1.0), (hand[0] + 2.0, hand[1] - 1.0)],
             shade(SKIN, 0.7), 0.6)


def left_arm_path(pose: str) -> tuple[list[Pt], Pt]:
    """The left arm's polyline and hand for a pose: waist, chest, raised, holding."""
    if pose == "raised":
        return Path(-29.0, -50.0).curve(-40.0, -56.0, -42.0, -68.0, -34.0, -74.0).points, \
            (-32.0, -76.0)
    if pose == "chest":
        return Path(-29.0, -50.0).curve(-42.0, -46.0, -42.0, -32.0, -28.0, -31.0).points, \
            (-26.0, -32.0)
    if pose == "holding":
        return Path(-29.0, -50.0).curve(-38.0, -44.0, -36.0, -32.0, -22.0, -34.0).points, \
            (-20.0, -35.0)
    return Path(-29.0, -50.0).curve(-38.0, -44.0, -38.0, -26.0, -24.0, -20.0).points, \
        (-20.0, -19.5)


def right_arm_path(pose: str) -> tuple[list[Pt], Pt]:
    """The right arm's polyline and hand: low (holding a staff) or raised (a cup, a horn)."""
    if pose == "raised":
        return Path(29.0, -50.0).curve(38.0, -50.0, 40.0, -60.0, 30.0, -62.0).points, \
            (28.0, -62.0)
    if pose == "chest":
        return Path(29.0, -50.0).curve(38.0, -44.0, 38.0, -34.0, 22.0, -36.0).points, \
            (20.0, -37.0)
    return Path(29.0, -50.0).curve(37.0, -46.0, 38.0, -34.0, 26.0, -30.0).points, (23.0, -30.0)

