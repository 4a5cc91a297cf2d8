"""Court figures: kings, queens and jacks (French), König, Ober and Unter (German).

A figure is drawn as the upper half of a double-headed court card, into a
frame whose x runs from -50 to 50 and whose y runs from ``-half_height`` (top
of the panel) to 0 (the dividing line); the card composer rotates a copy for
the lower half. Each (rank, suit) gets its own costume, headwear and attribute.
"""

from __future__ import annotations

from dataclasses import dataclass

from skatgame.engine.cards import Rank
from skatgame.ui.cards.geometry import Canvas, Path, Pt, ellipse_pts, mirrored, shade
from skatgame.ui.cards.suits import draw_sign

RGB = tuple[int, int, int]

INK: RGB = (34, 26, 22)
SKIN: RGB = (250, 218, 186)
CHEEK: RGB = (240, 170, 150)
LIP: RGB = (196, 52, 52)
WHITE: RGB = (250, 248, 240)
GOLD: RGB = (238, 190, 56)
RED: RGB = (198, 38, 42)
BLUE: RGB = (42, 72, 158)
GREEN: RGB = (46, 124, 70)
BLACK: RGB = (40, 36, 40)
STEEL: RGB = (214, 220, 230)
WOOD: RGB = (140, 88, 44)
OW = 1.1  # outline width in figure units


@dataclass(frozen=True)
class Figure:
    """What one court figure wears and holds."""

    kind: str            # king, queen, jack, ober, unter
    robe: RGB
    trim: RGB
    accent: RGB
    hair: RGB
    headwear: str        # crown, tiara, beret, hat, cap
    beard: str           # full, pointed, moustache, none
    item: str            # sceptre, sword, axe, flower, halberd, spear, sign, none
    side: int = 1        # which hand holds the item: 1 right, -1 left
    sign: str = "none"   # German: where the figure shows its suit sign: high, low, side


_ROBES: tuple[tuple[RGB, RGB, RGB], ...] = (
    (BLUE, GOLD, RED),
    (RED, GOLD, BLUE),
    (GOLD, RED, BLUE),
    (GREEN, GOLD, RED),
)
_HAIR: tuple[RGB, ...] = ((232, 228, 220), (92, 60, 36), (214, 160, 70), (150, 100, 50))


def french_figure(rank: int, suit: int) -> Figure:
    """The costume of a French court card."""
    robe, trim, accent = _ROBES[suit]
    hair = _HAIR[suit]
    if rank == Rank.KING:
        item = ("sceptre", "sword", "sword", "axe")[suit]
        return Figure("king", robe, trim, accent, hair, "crown", ("full", "full", "pointed",
                      "full")[suit], item, 1 if suit % 2 == 0 else -1)
    if rank == Rank.QUEEN:
        robe, trim, accent = _ROBES[(suit + 1) % 4]
        return Figure("queen", robe, trim, accent, _HAIR[(suit + 2) % 4 or 2], "tiara", "none",
                      "flower", -1 if suit % 2 == 0 else 1)
    robe, trim, accent = _ROBES[(suit + 2) % 4]
    item = ("halberd", "sword", "spear", "halberd")[suit]
    return Figure("jack", robe, trim, accent, _HAIR[1 + suit % 3], "beret",
                  "moustache" if suit % 2 else "none", item, 1 if suit % 2 == 0 else -1)


_GERMAN_ROBES: tuple[tuple[RGB, RGB, RGB], ...] = (
    ((176, 48, 40), GOLD, GREEN),
    (GREEN, GOLD, RED),
    (RED, (232, 214, 160), BLUE),
    (BLUE, GOLD, RED),
)


def german_figure(rank: int, suit: int) -> Figure:
    """The costume of a German court card (König, Ober, Unter)."""
    robe, trim, accent = _GERMAN_ROBES[suit]
    hair = _HAIR[(suit + 1) % 4]
    if rank == Rank.KING:
        return Figure("king", robe, trim, accent, _HAIR[suit], "crown", "full", "sceptre", 1,
                      "side")
    if rank == Rank.QUEEN:
        robe, trim, accent = _GERMAN_ROBES[(suit + 1) % 4]
        return Figure("ober", robe, trim, accent, hair, "hat", "pointed", "sign", 1, "high")
    robe, trim, accent = _GERMAN_ROBES[(suit + 2) % 4]
    return Figure("unter", robe, trim, accent, _HAIR[1 + (suit + 2) % 3], "cap",
                  "moustache" if suit % 2 else "none", "sign", 1, "low")


# ----------------------------------------------------------------- drawing

HEAD_Y = -80.0
HEAD_RX, HEAD_RY = 12.5, 15.0


def _robe_outline(fig: Figure) -> list[Pt]:
    wide = 42.0 if fig.kind in ("king", "queen") else 39.0
    right = (Path(0.0, -62.0).line(7.5, -62.0)
             .curve(10.0, -55.0, 22.0, -55.0, 30.0, -51.0, n=10)
             .curve(37.0, -47.0, 39.0, -38.0, wide - 3.0, -24.0, n=10)
             .line(wide, 0.0).line(0.0, 0.0))
    return mirrored(right.points)


def _inside(pt: Pt, poly: list[Pt]) -> bool:
    x, y = pt
    inside = False
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i - 1]
        x1, y1 = poly[i]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _pattern(c: Canvas, fig: Figure, robe: list[Pt], top: float) -> None:
    """Small motifs strewn over the robe, avoiding the front band."""
    row = 0
    y = top + 6.0
    while y < -4.0:
        x = -44.0 + (4.5 if row % 2 else 0.0)
        while x <= 44.0:
            if abs(x) > 14.0 and all(_inside(p, robe) for p in
                                     ((x - 3, y), (x + 3, y), (x, y - 3), (x, y + 3))):
                if fig.kind in ("king", "ober"):
                    c.fill(_diamond(x, y, 2.4), fig.trim, INK, 0.5)
                elif fig.kind == "queen":
                    for dx, dy in ((0, -1.8), (1.8, 0), (0, 1.8), (-1.8, 0)):
                        c.circle(x + dx, y + dy, 1.3, fig.trim)
                    c.circle(x, y, 0.9, fig.accent)
                else:
                    c.line((x - 2.2, y - 2.2), (x + 2.2, y + 2.2), fig.trim, 1.1)
                    c.line((x - 2.2, y + 2.2), (x + 2.2, y - 2.2), fig.trim, 1.1)
            x += 9.0
        y += 9.0
        row += 1


def _diamond(x: float, y: float, r: float) -> list[Pt]:
    return [(x, y - r), (x + r * 0.75, y), (x, y + r), (x - r * 0.75, y)]


def _body(c: Canvas, fig: Figure) -> None:
    robe = _robe_outline(fig)
    c.fill(robe, fig.robe, INK, OW)
    # Shadow down one flank gives the robe some volume.
    c.fill([(28.0, -50.0), (35.0, -46.0), (39.0, -24.0), (42.0, 0.0), (31.0, 0.0),
            (31.0, -30.0)], shade(fig.robe, 0.82))
    if fig.kind in ("king", "queen"):
        _pattern(c, fig, robe, -40.0)
    elif fig.kind in ("ober", "unter"):
        _pattern(c, fig, robe, -44.0)
    # Front band with jewels or buttons.
    band = [(-6.0, -60.0), (6.0, -60.0), (10.0, 0.0), (-10.0, 0.0)]
    c.fill(band, fig.trim, INK, OW * 0.8)
    y = -52.0
    while y < -3.0:
        if fig.kind in ("king", "queen"):
            c.fill(_diamond(0.0, y, 3.4), fig.accent, INK, 0.5)
            c.circle(0.0, y, 1.0, WHITE)
        else:
            c.ellipse(0.0, y, 2.0, 2.0, fig.accent, INK, 0.5)
        y += 9.0
    if fig.kind == "king":
        _ermine(c, fig)
    elif fig.kind == "queen":
        # Square neckline with a necklace.
        neck = mirrored(Path(0.0, -52.0).line(14.0, -60.0).line(18.0, -58.0)
                        .curve(14.0, -50.0, 8.0, -44.0, 0.0, -44.0, n=8).points)
        c.fill(neck, SKIN, INK, 0.6)
        c.stroke(Path(-13.0, -57.0).quad(0.0, -46.0, 13.0, -57.0).points, GOLD, 1.4)
        c.fill(_diamond(0.0, -50.0, 2.6), fig.accent, INK, 0.4)
    else:
        # Collar.
        collar = mirrored(Path(0.0, -56.0).line(9.0, -64.0)
                          .curve(16.0, -60.0, 22.0, -56.0, 24.0, -52.0, n=6)
                          .curve(16.0, -50.0, 8.0, -50.0, 0.0, -52.0, n=6).points)
        c.fill(collar, WHITE, INK, 0.7)


def _ermine(c: Canvas, fig: Figure) -> None:
    cape = mirrored(Path(0.0, -62.0).line(8.0, -63.0)
                    .curve(18.0, -58.0, 32.0, -54.0, 38.0, -46.0, n=10)
                    .curve(36.0, -40.0, 30.0, -38.0, 22.0, -38.0, n=6)
                    .curve(14.0, -38.0, 8.0, -40.0, 0.0, -40.0, n=6).points)
    c.fill(cape, WHITE, INK, OW)
    for x, y in ((-28.0, -46.0), (-17.0, -50.0), (-20.0, -42.0), (-9.0, -45.0),
                 (28.0, -46.0), (17.0, -50.0), (20.0, -42.0), (9.0, -45.0), (0.0, -50.0)):
        c.fill([(x, y - 2.2), (x + 1.2, y + 1.6), (x, y + 2.4), (x - 1.2, y + 1.6)], INK)


def _hair_back(c: Canvas, fig: Figure) -> None:
    y = HEAD_Y
    if fig.kind == "queen":
        hair = mirrored(Path(0.0, y - 17.0).curve(12.0, y - 17.0, 17.0, y - 8.0, 17.0, y + 2.0)
                        .curve(17.0, y + 10.0, 21.0, y + 18.0, 23.0, y + 24.0)
                        .curve(16.0, y + 26.0, 10.0, y + 20.0, 0.0, y + 18.0).points)
        c.fill(hair, fig.hair, INK, OW)
    elif fig.kind in ("king", "ober"):
        hair = mirrored(Path(0.0, y - 16.0).curve(11.0, y - 16.0, 16.0, y - 8.0, 16.0, y)
                        .curve(16.0, y + 6.0, 15.0, y + 10.0, 13.0, y + 12.0)
                        .line(0.0, y + 8.0).points)
        c.fill(hair, fig.hair, INK, OW)
    else:
        hair = mirrored(Path(0.0, y - 16.0).curve(11.0, y - 16.0, 15.5, y - 8.0, 15.0, y + 2.0)
                        .curve(14.5, y + 6.0, 13.0, y + 7.0, 11.0, y + 6.0)
                        .line(0.0, y).points)
        c.fill(hair, fig.hair, INK, OW)


def _face(c: Canvas, fig: Figure) -> None:
    y = HEAD_Y
    c.fill([(-5.0, y + 10.0), (5.0, y + 10.0), (5.5, y + 20.0), (-5.5, y + 20.0)], SKIN, INK, OW)
    c.ellipse(0.0, y, HEAD_RX, HEAD_RY, SKIN, INK, OW)
    # Fringe of hair on the forehead.
    fringe = Path(-12.6, y - 2.0).curve(-12.0, y - 16.0, 12.0, y - 16.0, 12.6, y - 2.0)
    fringe.curve(8.0, y - 9.0, -6.0, y - 10.0, -12.6, y - 2.0)
    c.fill(fringe.points, fig.hair, INK, 0.6)
    c.circle(-7.0, y + 5.0, 2.6, CHEEK)
    c.circle(7.0, y + 5.0, 2.6, CHEEK)
    for sx in (-1.0, 1.0):
        ex = sx * 4.8
        c.fill(ellipse_pts(ex, y - 1.0, 2.8, 1.4, 14), WHITE)
        c.circle(ex + 0.4 * sx, y - 1.0, 1.15, INK)
        c.stroke(Path(ex - 3.0, y - 3.6).quad(ex, y - 5.6, ex + 3.0, y - 3.6).points,
                 shade(fig.hair, 0.6), 0.9)
    c.stroke([(0.4, y - 2.0), (-1.2, y + 5.0), (1.4, y + 5.6)], shade(SKIN, 0.72), 0.8)
    if fig.beard == "full":
        beard = mirrored(Path(0.0, y + 8.0).line(5.0, y + 8.5)
                         .curve(8.0, y + 6.0, 11.0, y + 3.0, 12.6, y - 1.0)
                         .curve(13.0, y + 10.0, 9.0, y + 20.0, 0.0, y + 25.0).points)
        c.fill(beard, fig.hair, INK, OW * 0.8)
    elif fig.beard == "pointed":
        beard = mirrored(Path(0.0, y + 11.0).line(3.0, y + 11.0)
                         .curve(6.0, y + 12.0, 6.5, y + 13.0, 6.0, y + 14.0)
                         .curve(4.0, y + 18.0, 2.0, y + 21.0, 0.0, y + 24.0).points)
        c.fill(beard, fig.hair, INK, OW * 0.7)
    c.fill(ellipse_pts(0.0, y + 9.5, 3.0, 1.2, 14), LIP)
    if fig.beard != "none":
        for sx in (-1.0, 1.0):
            c.stroke(Path(0.0, y + 7.4).curve(sx * 3.0, y + 6.0, sx * 6.0, y + 7.0,
                                              sx * 8.5, y + 9.5).points,
                     shade(fig.hair, 0.8), [2.2, 2.4, 2.2, 1.8, 1.4, 1.0, 0.8, 0.6, 0.5,
                                            0.4, 0.4, 0.3, 0.3])


def _headwear(c: Canvas, fig: Figure) -> None:
    y = HEAD_Y
    if fig.headwear == "crown":
        c.fill(mirrored(Path(0.0, y - 27.0).curve(8.0, y - 27.0, 13.0, y - 22.0, 13.0, y - 14.0)
                        .line(0.0, y - 14.0).points), fig.accent, INK, OW)
        points = [(-15.0, y - 13.0)]
        tips = (-14.0, -7.0, 0.0, 7.0, 14.0)
        for i, tx in enumerate(tips):
            top = y - (27.0 if i % 2 == 0 else 23.5)
            points += [(tx, top)]
            if i < len(tips) - 1:
                points += [(tx + 3.5, y - 19.0)]
        points += [(15.0, y - 13.0)]
        c.fill(points, GOLD, INK, OW)
        for i, tx in enumerate(tips):
            top = y - (27.0 if i % 2 == 0 else 23.5)
            c.ellipse(tx, top - 1.0, 1.6, 1.6, WHITE, INK, 0.5)
        c.fill([(-15.5, y - 17.0), (15.5, y - 17.0), (15.0, y - 11.5), (-15.0, y - 11.5)],
               GOLD, INK, OW)
        for i, jx in enumerate((-10.0, -5.0, 0.0, 5.0, 10.0)):
            c.ellipse(jx, y - 14.2, 1.5, 1.5, fig.accent if i % 2 else RED, INK, 0.4)
    elif fig.headwear == "tiara":
        veil = mirrored(Path(0.0, y - 22.0).curve(14.0, y - 22.0, 20.0, y - 10.0, 22.0, y + 6.0)
                        .line(17.0, y + 6.0).curve(16.0, y - 6.0, 10.0, y - 16.0, 0.0, y - 16.0)
                        .points)
        c.fill(veil, fig.trim, INK, OW)
        points = [(-12.5, y - 13.0), (-12.0, y - 20.0), (-6.0, y - 17.5), (0.0, y - 27.0),
                  (6.0, y - 17.5), (12.0, y - 20.0), (12.5, y - 13.0)]
        c.fill(points, GOLD, INK, OW)
        c.fill([(-13.0, y - 15.5), (13.0, y - 15.5), (12.6, y - 12.0), (-12.6, y - 12.0)],
               GOLD, INK, 0.7)
        for px, py in ((-12.0, y - 21.0), (0.0, y - 28.5), (12.0, y - 21.0)):
            c.ellipse(px, py, 1.7, 1.7, WHITE, INK, 0.5)
        c.ellipse(0.0, y - 19.0, 1.8, 2.4, fig.accent, INK, 0.4)
    elif fig.headwear == "beret":
        feather = Path(6.0, y - 22.0).curve(14.0, y - 28.0, 24.0, y - 30.0, 32.0, y - 22.0).points
        c.stroke(feather, INK, [5.2 - 0.3 * i for i in range(len(feather))])
        c.stroke(feather, fig.trim, [3.8 - 0.25 * i for i in range(len(feather))])
        cap = (Path(-16.0, y - 12.0).curve(-18.0, y - 24.0, -4.0, y - 30.0, 8.0, y - 27.0)
               .curve(18.0, y - 25.0, 21.0, y - 16.0, 16.0, y - 12.0).points)
        c.fill(cap, fig.accent, INK, OW)
        c.fill([(-15.0, y - 15.5), (15.5, y - 15.5), (15.5, y - 11.5), (-15.0, y - 11.5)],
               fig.trim, INK, 0.7)
        c.ellipse(7.0, y - 21.0, 2.2, 2.2, GOLD, INK, 0.5)
    elif fig.headwear == "hat":
        feather = Path(-4.0, y - 22.0).curve(-14.0, y - 27.0, -26.0, y - 25.0, -32.0, y - 14.0)
        feather = feather.points
        c.stroke(feather, INK, [6.0 - 0.35 * i for i in range(len(feather))])
        c.stroke(feather, fig.accent, [4.5 - 0.3 * i for i in range(len(feather))])
        crown = (Path(-11.0, y - 15.0).curve(-12.0, y - 24.0, -6.0, y - 28.0, 2.0, y - 28.0)
                 .curve(10.0, y - 28.0, 12.0, y - 23.0, 11.0, y - 15.0).points)
        c.fill(crown, BLACK, INK, OW)
        c.fill([(-11.5, y - 20.0), (11.5, y - 20.0), (11.3, y - 16.0), (-11.3, y - 16.0)],
               fig.trim, INK, 0.5)
        brim = ellipse_pts(0.0, y - 14.0, 23.0, 4.5, 36)
        c.fill(brim, BLACK, INK, OW)
    else:  # cap: a flat Landsknecht barett worn at a slant
        slant = c.sub(0.0, y - 14.0, angle=-8.0)
        slant.fill(ellipse_pts(0.0, -4.0, 14.0, 8.0, 28, 180, 360) + [(14.0, -2.0), (-14.0, -2.0)],
                   fig.accent, INK, OW)
        slant.fill(ellipse_pts(0.0, -1.0, 22.0, 5.0, 40), fig.robe, INK, OW)
        for k in range(-3, 4):
            slant.line((k * 5.5, -3.6), (k * 6.2, 1.6), shade(fig.robe, 0.6), 0.7)
        feather = Path(8.0, -6.0).curve(14.0, -10.0, 20.0, -10.0, 26.0, -4.0).points
        slant.stroke(feather, INK, [4.2 - 0.25 * i for i in range(len(feather))])
        slant.stroke(feather, WHITE, [3.0 - 0.2 * i for i in range(len(feather))])


ITEM_X = 23.0
HAND: Pt = (23.0, -30.0)


def _item(c: Canvas, fig: Figure) -> None:
    """The attribute held in the hand, upright beside the head."""
    x = ITEM_X
    if fig.item == "sceptre":
        c.line((x, -10.0), (x, -98.0), INK, 4.2)
        c.line((x, -10.0), (x, -98.0), GOLD, 2.4)
        for y in (-46.0, -74.0):
            c.ellipse(x, y, 2.6, 1.6, GOLD, INK, 0.5)
        c.ellipse(x, -101.0, 4.4, 4.4, GOLD, INK, OW)
        c.ellipse(x - 1.3, -102.3, 1.3, 1.3, shade(GOLD, 1.5))
        c.line((x, -105.0), (x, -113.0), INK, 1.8)
        c.line((x - 3.2, -109.5), (x + 3.2, -109.5), INK, 1.8)
    elif fig.item == "sword":
        blade = [(x - 2.6, -40.0), (x - 2.6, -104.0), (x, -113.0), (x + 2.6, -104.0),
                 (x + 2.6, -40.0)]
        c.fill(blade, STEEL, INK, OW)
        c.line((x, -42.0), (x, -104.0), shade(STEEL, 0.78), 0.8)
        c.fill([(x - 8.5, -41.5), (x + 8.5, -41.5), (x + 8.5, -37.5), (x - 8.5, -37.5)], GOLD,
               INK, OW * 0.8)
        c.line((x, -37.0), (x, -22.0), INK, 4.0)
        c.line((x, -37.0), (x, -22.0), WOOD, 2.2)
        c.ellipse(x, -20.5, 2.8, 2.8, GOLD, INK, 0.6)
    elif fig.item == "axe":
        c.line((x, -8.0), (x, -106.0), INK, 4.0)
        c.line((x, -8.0), (x, -106.0), WOOD, 2.3)
        head = (Path(x + 1.0, -104.0).curve(x + 11.0, -106.0, x + 16.0, -99.0, x + 17.0, -90.0)
                .curve(x + 12.0, -88.0, x + 6.0, -88.0, x + 1.0, -92.0).points)
        c.fill(head, STEEL, INK, OW)
        c.fill([(x - 1.0, -102.0), (x - 7.0, -98.0), (x - 1.0, -94.0)], STEEL, INK, OW)
    elif fig.item in ("halberd", "spear"):
        c.line((x, -6.0), (x, -104.0), INK, 3.8)
        c.line((x, -6.0), (x, -104.0), WOOD, 2.1)
        tip = mirrored(Path(0.0, -114.0).curve(2.8, -110.0, 3.8, -105.0, 2.2, -100.0)
                       .line(0.0, -100.0).points)
        c.fill([(x + px, py) for px, py in tip], STEEL, INK, OW)
        if fig.item == "halberd":
            blade = (Path(x + 1.0, -100.0).curve(x + 10.0, -102.0, x + 14.0, -95.0, x + 14.0,
                                                 -86.0)
                     .curve(x + 9.0, -88.0, x + 5.0, -89.0, x + 1.0, -91.0).points)
            c.fill(blade, STEEL, INK, OW)
            c.fill([(x - 1.0, -98.0), (x - 8.0, -95.0), (x - 1.0, -93.0)], STEEL, INK, OW)
        else:
            flag = (Path(x + 1.0, -99.0).curve(x + 8.0, -101.0, x + 12.0, -96.0, x + 19.0,
                                               -98.0)
                    .curve(x + 15.0, -91.0, x + 8.0, -88.0, x + 1.0, -87.0).points)
            c.fill(flag, fig.accent, INK, OW)
    elif fig.item == "flower":
        green = (60, 130, 50)
        stem = Path(x - 1.0, -28.0).curve(x - 2.0, -40.0, x - 5.0, -48.0, x - 6.0, -56.0).points
        c.stroke(stem, INK, 2.4)
        c.stroke(stem, green, 1.3)
        c.fill(ellipse_pts(x + 1.5, -44.0, 4.0, 1.8, 12), green, INK, 0.5)
        fx, fy = x - 6.0, -60.0
        for dx, dy in ((0, -3.6), (3.4, -1.1), (2.1, 2.9), (-2.1, 2.9), (-3.4, -1.1)):
            c.ellipse(fx + dx, fy + dy, 3.0, 3.0, RED, INK, 0.6)
        c.ellipse(fx, fy, 2.0, 2.0, GOLD, INK, 0.5)


def _arm(c: Canvas, fig: Figure) -> None:
    """The arm of the hand holding the item, and the hand itself."""
    if fig.item == "sign" and fig.sign == "high":
        arm = Path(29.0, -50.0).curve(38.0, -52.0, 40.0, -70.0, 33.0, -84.0).points
        hand = (33.0, -86.0)
    elif fig.item == "sign":
        arm = Path(29.0, -50.0).curve(38.0, -46.0, 40.0, -30.0, 30.0, -24.0).points
        hand = (28.0, -24.0)
    else:
        arm = Path(29.0, -50.0).curve(37.0, -46.0, 38.0, -34.0, HAND[0] + 3.0,
                                      HAND[1]).points
        hand = HAND
    sleeve = shade(fig.robe, 0.8)
    c.stroke(arm, INK, 11.0)
    c.stroke(arm, sleeve, 8.8)
    cuff = arm[-3:]
    c.stroke(cuff, INK, 11.0)
    c.stroke(cuff, fig.trim, 8.8)
    c.ellipse(hand[0], hand[1], 4.4, 4.0, SKIN, INK, OW * 0.8)
    c.stroke([(hand[0] - 3.0, hand[1] - 1.0), (hand[0] + 2.0, hand[1] - 1.0)],
             shade(SKIN, 0.7), 0.6)


def _resting_arm(c: Canvas, fig: Figure) -> None:
    """The free arm, bent so that its hand rests on the waist."""
    arm = Path(-29.0, -50.0).curve(-38.0, -44.0, -38.0, -26.0, -24.0, -20.0).points
    sleeve = shade(fig.robe, 0.8)
    c.stroke(arm, INK, 11.0)
    c.stroke(arm, sleeve, 8.8)
    c.stroke(arm[-3:], INK, 11.0)
    c.stroke(arm[-3:], fig.trim, 8.8)
    c.ellipse(-20.0, -19.5, 4.2, 3.6, SKIN, INK, OW * 0.8)


def _held_sign(c: Canvas, fig: Figure, style: str, suit: int) -> None:
    if fig.sign == "high":
        draw_sign(c.sub(33.0, -102.0, 12.5), style, suit)
    elif fig.sign == "low":
        draw_sign(c.sub(28.0, -12.0, 11.5), style, suit)
    elif fig.sign == "side":
        draw_sign(c.sub(-35.0, -103.0, 11.5), style, suit)


HEAD_SCALE = 1.2
HEAD_AT = -81.0


def draw_figure(c: Canvas, style: str, rank: int, suit: int, half_height: float) -> None:
    """Draw the upper half of the court card (rank QUEEN, KING or JACK) of a suit.

    ``half_height`` is the height of the half panel in figure units.
    """
    fig = german_figure(rank, suit) if style == "german" else french_figure(rank, suit)
    if fig.side < 0:
        c = c.sub(sx=-1.0, sy=1.0)
    if style != "german":
        # French court cards repeat the suit sign beside the head.
        draw_sign(c.sub(-37.0, -half_height + 13.0, 8.5), style, suit)
    # The head, hair and headwear are drawn a little larger than the body.
    head = c.sub(0.0, HEAD_AT - HEAD_SCALE * HEAD_Y, HEAD_SCALE)
    _hair_back(head, fig)
    if fig.headwear == "tiara":
        _headwear(head, fig)
    _body(c, fig)
    _face(head, fig)
    if fig.headwear != "tiara":
        _headwear(head, fig)
    if fig.sign in ("high", "side"):
        _held_sign(c, fig, style, suit)
    _resting_arm(c, fig)
    _item(c, fig)
    _arm(c, fig)
    if fig.sign == "low":
        _held_sign(c, fig, style, suit)
