"""What the court figures hold: staffs and weapons in the right hand, small things in the left.

Figure frame as in :mod:`robes`. Long items stand upright at x = ``ITEM_X``
on the right side; the left side of the picture is kept for the suit sign.
"""

from __future__ import annotations

from skatgame.ui.cards.costume import GOLD, INK, OW, STEEL, WHITE, WOOD, Costume
from skatgame.ui.cards.geometry import Canvas, Path, ellipse_pts, mirrored, shade
from skatgame.ui.cards.robes import diamond

ITEM_X = 23.0
GREEN_LEAF = (70, 130, 60)

#: How the right arm is held for each item (see :func:`robes.right_arm_path`).
ARM_POSE = {"goblet": "raised", "horn": "chest", "fan": "chest", "flower": "low"}


def _shaft(c: Canvas, top: float, bottom: float = -8.0, colour: tuple[int, int, int] = WOOD,
           width: float = 2.2) -> None:
    c.line((ITEM_X, bottom), (ITEM_X, top), INK, width + 1.8)
    c.line((ITEM_X, bottom), (ITEM_X, top), colour, width)


def _spike(c: Canvas, top: float, half: float) -> None:
    """The steel point on top of a pole, from ``top`` down to y = -100."""
    tip = mirrored(Path(0.0, top).curve(half * 0.75, top + 4.5, half, top + 10.0, half * 0.55,
                                        -100.0).line(0.0, -100.0).points)
    c.fill([(ITEM_X + px, py) for px, py in tip], STEEL, INK, OW)


def _sceptre(c: Canvas, fig: Costume) -> None:
    x = ITEM_X
    _shaft(c, -98.0, -10.0, GOLD, 2.4)
    for y in (-46.0, -74.0):
        c.ellipse(x, y, 2.6, 1.6, GOLD, INK, 0.5)
    # A fleur-de-lis head.
    c.fill(mirrored(Path(0.0, -114.0).curve(3.0, -110.0, 3.0, -104.0, 1.0, -100.0)
                    .line(0.0, -100.0).points), GOLD, INK, OW)
    for sx in (-1.0, 1.0):
        petal = Path(sx * 1.0, -101.0).curve(sx * 6.0, -102.0, sx * 9.0, -108.0, sx * 6.0,
                                             -111.0).curve(sx * 6.0, -106.0, sx * 3.0, -104.0,
                                                           sx * 1.0, -103.0)
        c.fill([(x + px, py) for px, py in petal.points], GOLD, INK, OW * 0.8)
    c.fill([(x - 5.0, -101.0), (x + 5.0, -101.0), (x + 5.0, -98.0), (x - 5.0, -98.0)],
           GOLD, INK, 0.6)


def _short_sceptre(c: Canvas, fig: Costume) -> None:
    x = ITEM_X
    _shaft(c, -76.0, -22.0, GOLD, 2.0)
    c.ellipse(x, -80.0, 4.0, 4.0, GOLD, INK, OW)
    c.circle(x, -80.0, 1.8, fig.trim)
    for dx, dy in ((0.0, -5.5), (4.5, -3.0), (-4.5, -3.0)):
        c.ellipse(x + dx, -80.0 + dy, 1.5, 1.5, WHITE, INK, 0.4)


def _sword(c: Canvas, fig: Costume) -> None:
    x = ITEM_X
    blade = [(x - 2.6, -40.0), (x - 2.6, -104.0), (x, -113.0), (x + 2.6, -104.0),
             (x + 2.6, -40.0)]
    c.fill(blade, STEEL, INK, OW)
    c.line((x, -42.0), (x, -104.0), shade(STEEL, 0.78), 0.8)
    c.fill([(x - 8.5, -41.5), (x + 8.5, -41.5), (x + 8.5, -37.5), (x - 8.5, -37.5)], GOLD,
           INK, OW * 0.8)
    c.line((x, -37.0), (x, -22.0), INK, 4.0)
    c.line((x, -37.0), (x, -22.0), WOOD, 2.2)
    c.ellipse(x, -20.5, 2.8, 2.8, GOLD, INK, 0.6)


def _axe(c: Canvas, fig: Costume) -> None:
    x = ITEM_X
    _shaft(c, -106.0, -8.0, WOOD, 2.3)
    head = (Path(x + 1.0, -104.0).curve(x + 11.0, -108.0, x + 17.0, -100.0, x + 18.0, -88.0)
            .curve(x + 12.0, -86.0, x + 6.0, -87.0, x + 1.0, -92.0).points)
    c.fill(head, STEEL, INK, OW)
    c.fill([(x - 1.0, -102.0), (x - 7.0, -98.0), (x - 1.0, -94.0)], STEEL, INK, OW)


def _halberd(c: Canvas, fig: Costume) -> None:
    x = ITEM_X
    _shaft(c, -104.0, -6.0)
    _spike(c, -116.0, 3.8)
    blade = (Path(x + 1.0, -100.0).curve(x + 10.0, -102.0, x + 14.0, -95.0, x + 14.0, -86.0)
             .curve(x + 9.0, -88.0, x + 5.0, -89.0, x + 1.0, -91.0).points)
    c.fill(blade, STEEL, INK, OW)
    c.fill([(x - 1.0, -98.0), (x - 8.0, -95.0), (x - 1.0, -93.0)], STEEL, INK, OW)
    c.ellipse(x, -84.0, 3.0, 1.6, fig.trim, INK, 0.5)


def _spear(c: Canvas, fig: Costume) -> None:
    x = ITEM_X
    _shaft(c, -100.0, -6.0)
    _spike(c, -117.0, 4.6)
    # Tassel below the blade.
    for dx in (-2.0, 0.0, 2.0):
        c.line((x, -98.0), (x + dx * 1.4, -90.0), INK, 1.8)
        c.line((x, -98.0), (x + dx * 1.4, -90.0), fig.trim, 0.9)
    c.ellipse(x, -98.0, 2.6, 1.8, fig.trim, INK, 0.5)


def _flag(c: Canvas, fig: Costume) -> None:
    x = ITEM_X
    _shaft(c, -108.0, -6.0)
    c.ellipse(x, -110.0, 2.4, 2.4, GOLD, INK, 0.6)
    cloth = (Path(x + 1.0, -106.0).curve(x + 10.0, -109.0, x + 18.0, -103.0, x + 26.0, -106.0)
             .line(x + 21.0, -96.0).line(x + 26.0, -86.0)
             .curve(x + 18.0, -84.0, x + 10.0, -89.0, x + 1.0, -86.0).points)
    c.fill(cloth, fig.second, INK, OW)
    c.stroke([(x + 1.0, -96.0), (x + 22.0, -96.0)], fig.trim, 2.2)


def _mace(c: Canvas, fig: Costume) -> None:
    x = ITEM_X
    _shaft(c, -90.0, -12.0, shade(WOOD, 0.8), 2.4)
    c.fill([(x - 3.0, -90.0), (x + 3.0, -90.0), (x + 2.0, -84.0), (x - 2.0, -84.0)], GOLD, INK,
           0.5)
    c.ellipse(x, -97.0, 6.0, 7.0, STEEL, INK, OW)
    for dx, dy in ((-6.5, 0.0), (6.5, 0.0), (0.0, -8.0), (-4.6, -5.6), (4.6, -5.6)):
        c.fill(diamond(x + dx, -97.0 + dy, 2.4), STEEL, INK, 0.5)
    c.ellipse(x - 2.0, -99.0, 1.4, 1.8, WHITE)


def _staff(c: Canvas, fig: Costume) -> None:
    x = ITEM_X
    wood = (120, 76, 40)
    staff = Path(x, -6.0).curve(x + 1.0, -40.0, x - 1.0, -80.0, x, -100.0).points
    c.stroke(staff, INK, 4.4)
    c.stroke(staff, wood, 2.6)
    crook = Path(x, -100.0).curve(x, -112.0, x + 12.0, -112.0, x + 11.0, -103.0).points
    c.stroke(crook, INK, 4.4)
    c.stroke(crook, wood, 2.6)
    ribbon = Path(x, -92.0).curve(x + 8.0, -90.0, x + 6.0, -80.0, x + 12.0, -74.0).points
    c.stroke(ribbon, INK, 3.2)
    c.stroke(ribbon, fig.trim, 1.8)


def _torch(c: Canvas, fig: Costume) -> None:
    x = ITEM_X
    _shaft(c, -86.0, -12.0, shade(WOOD, 0.9), 2.8)
    c.fill([(x - 4.5, -90.0), (x + 4.5, -90.0), (x + 3.0, -82.0), (x - 3.0, -82.0)], GOLD, INK,
           0.6)
    flame = mirrored(Path(0.0, -110.0).curve(4.0, -104.0, 8.0, -98.0, 6.0, -92.0)
                     .line(0.0, -90.0).points)
    c.fill([(x + px, py) for px, py in flame], (236, 120, 30), INK, 0.6)
    inner = mirrored(Path(0.0, -102.0).curve(2.0, -98.0, 3.5, -95.0, 3.0, -92.0)
                     .line(0.0, -91.0).points)
    c.fill([(x + px, py) for px, py in inner], (252, 220, 90))


def _goblet(c: Canvas, fig: Costume) -> None:
    x, y = 28.0, -62.0
    bowl = mirrored(Path(0.0, y - 20.0).line(6.0, y - 20.0)
                    .curve(6.0, y - 12.0, 4.0, y - 8.0, 1.0, y - 7.0).line(1.0, y - 2.0)
                    .line(4.0, y + 1.0).line(0.0, y + 1.0).points)
    c.fill([(x + px, py) for px, py in bowl], GOLD, INK, OW)
    c.line((x - 5.0, y - 16.0), (x + 5.0, y - 16.0), fig.trim, 1.6)
    c.ellipse(x, y - 20.0, 6.0, 1.6, shade(GOLD, 0.7), INK, 0.4)


def _horn(c: Canvas, fig: Costume) -> None:
    horn = Path(18.0, -38.0).curve(30.0, -40.0, 38.0, -52.0, 36.0, -70.0).points
    widths = [1.6 + 0.5 * i for i in range(len(horn))]
    c.stroke(horn, INK, [w + 1.8 for w in widths])
    c.stroke(horn, (236, 222, 190), widths)
    for i in (4, 8):
        px, py = horn[i]
        c.ellipse(px, py, widths[i] * 0.6 + 0.8, 1.2, GOLD, INK, 0.3)
    c.ellipse(36.0, -71.0, 4.6, 1.8, (200, 180, 140), INK, 0.5)
    strap = Path(20.0, -38.0).curve(26.0, -20.0, 38.0, -30.0, 36.0, -66.0).points
    c.stroke(strap, shade(fig.second, 0.6), 1.0)


def _flower(c: Canvas, fig: Costume, x: float = ITEM_X) -> None:
    stem = Path(x - 1.0, -28.0).curve(x - 2.0, -40.0, x - 5.0, -48.0, x - 6.0, -56.0).points
    c.stroke(stem, INK, 2.4)
    c.stroke(stem, GREEN_LEAF, 1.3)
    c.fill(ellipse_pts(x + 1.5, -44.0, 4.0, 1.8, 12), GREEN_LEAF, INK, 0.5)
    fx, fy = x - 6.0, -60.0
    for dx, dy in ((0, -3.6), (3.4, -1.1), (2.1, 2.9), (-2.1, 2.9), (-3.4, -1.1)):
        c.ellipse(fx + dx, fy + dy, 3.0, 3.0, fig.trim, INK, 0.6)
    c.ellipse(fx, fy, 2.0, 2.0, GOLD, INK, 0.5)


def _fan(c: Canvas, fig: Costume) -> None:
    cx, cy = 20.0, -40.0
    blades = ellipse_pts(cx, cy, 17.0, 17.0, 10, 205.0, 335.0)
    c.fill([(cx, cy)] + blades, fig.second, INK, OW)
    for px, py in blades[::2]:
        c.line((cx, cy), (px, py), shade(fig.second, 0.7), 0.7)
    c.stroke(blades, fig.trim, 1.6)


_ITEMS = {
    "sceptre": _sceptre,
    "short_sceptre": _short_sceptre,
    "sword": _sword,
    "axe": _axe,
    "halberd": _halberd,
    "spear": _spear,
    "flag": _flag,
    "mace": _mace,
    "staff": _staff,
    "torch": _torch,
    "goblet": _goblet,
    "horn": _horn,
    "flower": _flower,
    "fan": _fan,
}

#: Every item a costume may name.
ITEM_NAMES = tuple(_ITEMS)


def item(c: Canvas, fig: Costume) -> None:
    """The item held in the right hand."""
    _ITEMS[fig.item](c, fig)


def left_thing(c: Canvas, fig: Costume) -> None:
    """What the free left hand holds (drawn before the hand closes over it)."""
    if fig.free == "orb":
        x, y = -20.0, -44.0
        c.ellipse(x, y, 6.2, 6.2, GOLD, INK, OW)
        c.stroke(ellipse_pts(x, y, 6.2, 2.0, 16, 0, 180), INK, 0.7)
        c.line((x, y - 6.0), (x, y + 1.0), INK, 0.7)
        c.line((x, y - 6.0), (x, y - 11.0), INK, 1.6)
        c.line((x - 2.4, y - 9.0), (x + 2.4, y - 9.0), INK, 1.6)
        c.ellipse(x - 2.0, y - 2.5, 1.4, 1.4, WHITE)
    elif fig.free == "flower":
        _flower(c, fig, -12.0)
    elif fig.free == "glove":
        glove = [(-22.0, -36.0), (-16.0, -36.0), (-15.0, -24.0), (-17.0, -18.0), (-21.0, -18.0),
                 (-23.0, -24.0)]
        c.fill(glove, (236, 226, 200), INK, 0.7)
        c.line((-22.0, -31.0), (-16.0, -31.0), fig.trim, 1.2)
