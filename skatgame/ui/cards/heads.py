"""Heads of the court figures: hair, face, beard and headwear.

Drawn in a head frame whose head is an ellipse centred at ``(0, HEAD_Y)``;
the figure composer scales this frame a little larger than the body.
Headwear reaches no further left than about x = -20, so that the suit sign
beside the head stays clear.
"""

from __future__ import annotations

from skatgame.ui.cards.costume import CHEEK, GOLD, INK, LIP, OW, SKIN, STEEL, WHITE, Costume
from skatgame.ui.cards.geometry import Canvas, Color, Path, Pt, ellipse_pts, mirrored, shade

HEAD_Y = -80.0
HEAD_RX, HEAD_RY = 12.5, 15.0


def hair_back(c: Canvas, fig: Costume) -> None:
    """The hair behind the head (and the queen's long hair over the shoulders)."""
    y = HEAD_Y
    style = fig.hair_style
    if style == "long":
        hair = mirrored(Path(0.0, y - 17.0).curve(12.0, y - 17.0, 17.0, y - 8.0, 17.0, y + 2.0)
                        .curve(17.0, y + 10.0, 21.0, y + 18.0, 23.0, y + 24.0)
                        .curve(16.0, y + 26.0, 10.0, y + 20.0, 0.0, y + 18.0).points)
        c.fill(hair, fig.hair, INK, OW)
        for sx in (-1.0, 1.0):
            c.stroke(Path(sx * 14.0, y - 4.0).curve(sx * 15.0, y + 6.0, sx * 18.0, y + 14.0,
                                                    sx * 20.0, y + 21.0).points,
                     shade(fig.hair, 0.7), 0.8)
    elif style == "curls":
        for x, dy, r in ((-14.0, -4.0, 5.0), (14.0, -4.0, 5.0), (-15.0, 4.0, 5.0),
                         (15.0, 4.0, 5.0), (-12.0, 11.0, 4.6), (12.0, 11.0, 4.6),
                         (-9.0, -13.0, 5.0), (9.0, -13.0, 5.0), (0.0, -16.0, 5.0)):
            c.ellipse(x, y + dy, r, r, fig.hair, INK, OW * 0.8)
    elif style == "bob":
        hair = mirrored(Path(0.0, y - 16.5).curve(12.0, y - 16.5, 16.5, y - 8.0, 16.5, y + 2.0)
                        .line(16.0, y + 9.0).curve(12.0, y + 11.0, 8.0, y + 8.0, 0.0, y + 8.0)
                        .points)
        c.fill(hair, fig.hair, INK, OW)
    elif style == "short":
        hair = mirrored(Path(0.0, y - 16.0).curve(11.0, y - 16.0, 15.5, y - 8.0, 15.0, y + 2.0)
                        .curve(14.5, y + 6.0, 13.0, y + 7.0, 11.0, y + 6.0)
                        .line(0.0, y).points)
        c.fill(hair, fig.hair, INK, OW)
    else:  # shoulder-length, the default of kings and ober
        hair = mirrored(Path(0.0, y - 16.0).curve(11.0, y - 16.0, 16.0, y - 8.0, 16.0, y)
                        .curve(16.0, y + 6.0, 15.0, y + 10.0, 13.0, y + 12.0)
                        .line(0.0, y + 8.0).points)
        c.fill(hair, fig.hair, INK, OW)


def neck(c: Canvas, fig: Costume) -> None:
    """The neck, drawn before the robe so that the collar covers its foot."""
    y = HEAD_Y
    c.fill([(-5.0, y + 10.0), (5.0, y + 10.0), (6.0, y + 26.0), (-6.0, y + 26.0)], SKIN, INK, OW)


def face(c: Canvas, fig: Costume) -> None:
    """Face, eyes, nose, mouth and the beard."""
    y = HEAD_Y
    c.ellipse(0.0, y, HEAD_RX, HEAD_RY, SKIN, INK, OW)
    if fig.hair_style != "bald":
        fringe = Path(-12.6, y - 2.0).curve(-12.0, y - 16.0, 12.0, y - 16.0, 12.6, y - 2.0)
        if fig.kind == "queen":
            fringe.curve(6.0, y - 12.0, 1.0, y - 12.0, 0.0, y - 10.0)
            fringe.curve(-1.0, y - 12.0, -6.0, y - 12.0, -12.6, y - 2.0)
        else:
            fringe.curve(8.0, y - 9.0, -6.0, y - 10.0, -12.6, y - 2.0)
        c.fill(fringe.points, fig.hair, INK, 0.6)
    c.circle(-7.0, y + 5.0, 2.6, CHEEK)
    c.circle(7.0, y + 5.0, 2.6, CHEEK)
    look = 0.5 if fig.kind in ("ober", "jack") else (-0.5 if fig.kind == "unter" else 0.0)
    brow = shade(fig.hair, 0.6) if not fig.old else (150, 146, 140)
    for sx in (-1.0, 1.0):
        ex = sx * 4.8
        c.fill(ellipse_pts(ex, y - 1.0, 2.8, 1.4, 14), WHITE)
        c.circle(ex + look, y - 1.0, 1.15, INK)
        c.stroke(Path(ex - 3.0, y - 3.6).quad(ex, y - 5.6, ex + 3.0, y - 3.6).points, brow,
                 1.1 if fig.old else 0.9)
        if fig.old:
            c.stroke(Path(sx * 9.5, y - 2.0).quad(sx * 10.5, y, sx * 9.8, y + 1.5).points,
                     shade(SKIN, 0.75), 0.5)
    c.stroke([(0.4, y - 2.0), (-1.2, y + 5.0), (1.4, y + 5.6)], shade(SKIN, 0.72), 0.8)
    if fig.kind == "queen":
        c.fill(ellipse_pts(0.0, y + 9.5, 2.6, 1.3, 14), LIP)
        return
    c.fill(ellipse_pts(0.0, y + 9.5, 3.0, 1.2, 14), LIP)
    _beard(c, fig)


def _beard(c: Canvas, fig: Costume) -> None:
    y = HEAD_Y
    colour = fig.hair
    if fig.beard == "full":
        beard = mirrored(Path(0.0, y + 8.0).line(5.0, y + 8.5)
                         .curve(8.0, y + 6.0, 11.0, y + 3.0, 12.6, y - 1.0)
                         .curve(13.0, y + 10.0, 9.0, y + 20.0, 0.0, y + 25.0).points)
        c.fill(beard, colour, INK, OW * 0.8)
        for sx in (-1.0, 1.0):
            c.stroke(Path(sx * 5.0, y + 13.0).quad(sx * 6.0, y + 18.0, sx * 3.0, y + 21.0).points,
                     shade(colour, 0.75), 0.6)
    elif fig.beard == "long":
        beard = mirrored(Path(0.0, y + 8.0).line(5.0, y + 8.5)
                         .curve(8.0, y + 6.0, 11.0, y + 3.0, 12.6, y - 1.0)
                         .curve(14.0, y + 14.0, 10.0, y + 28.0, 3.0, y + 36.0)
                         .line(0.0, y + 38.0).points)
        c.fill(beard, colour, INK, OW * 0.8)
        for x in (-5.0, 0.0, 5.0):
            c.stroke(Path(x, y + 14.0).quad(x * 1.2, y + 24.0, x * 0.5, y + 32.0).points,
                     shade(colour, 0.78), 0.6)
    elif fig.beard == "forked":
        beard = mirrored(Path(0.0, y + 19.0).line(1.0, y + 18.0).line(5.0, y + 8.5)
                         .curve(8.0, y + 6.0, 11.0, y + 3.0, 12.6, y - 1.0)
                         .curve(12.0, y + 10.0, 9.0, y + 18.0, 5.0, y + 27.0)
                         .curve(3.0, y + 24.0, 2.0, y + 22.0, 1.0, y + 20.0).points)
        c.fill(beard, colour, INK, OW * 0.8)
    elif fig.beard == "pointed":
        beard = mirrored(Path(0.0, y + 11.0).line(3.0, y + 11.0)
                         .curve(6.0, y + 12.0, 6.5, y + 13.0, 6.0, y + 14.0)
                         .curve(4.0, y + 18.0, 2.0, y + 21.0, 0.0, y + 24.0).points)
        c.fill(beard, colour, INK, OW * 0.7)
    if fig.beard != "none":
        widths = [2.2, 2.4, 2.2, 1.8, 1.4, 1.0, 0.8, 0.6, 0.5, 0.4, 0.4, 0.3, 0.3]
        curl = 11.0 if fig.beard == "moustache" else 9.5
        for sx in (-1.0, 1.0):
            c.stroke(Path(0.0, y + 7.4).curve(sx * 3.0, y + 6.0, sx * 6.0, y + 7.0,
                                              sx * 8.5, y + curl).points,
                     shade(colour, 0.8), widths)


def plume(c: Canvas, points: list[Pt], colour: Color, width: float, taper: float) -> None:
    """A feather (or a hood's tail) along ``points``, outlined, narrowing by ``taper`` a point."""
    c.stroke(points, INK, [width + 1.4 - taper * 1.2 * i for i in range(len(points))])
    c.stroke(points, colour, [width - taper * i for i in range(len(points))])


def headwear(c: Canvas, fig: Costume) -> None:
    """Crowns, hats, caps, hoods and helmets."""
    draw = _HEADWEAR.get(fig.headwear)
    if draw is not None:
        draw(c, fig, HEAD_Y)


def headwear_behind(c: Canvas, fig: Costume) -> None:
    """The parts of the headwear that hang behind the head (veils, hood)."""
    y = HEAD_Y
    if fig.headwear == "tiara":
        veil = mirrored(Path(0.0, y - 22.0).curve(14.0, y - 22.0, 20.0, y - 10.0, 21.0, y + 6.0)
                        .line(16.0, y + 6.0).curve(16.0, y - 6.0, 10.0, y - 16.0, 0.0, y - 16.0)
                        .points)
        c.fill(veil, fig.second, INK, OW)
    elif fig.headwear == "hood":
        hood = mirrored(Path(0.0, y - 24.0).curve(12.0, y - 24.0, 18.5, y - 14.0, 18.5, y + 2.0)
                        .curve(18.5, y + 10.0, 16.0, y + 14.0, 12.0, y + 16.0)
                        .line(0.0, y + 16.0).points)
        c.fill(hood, fig.second, INK, OW)
    elif fig.headwear == "hennin":
        cloth = Path(4.0, y - 30.0).curve(20.0, y - 34.0, 30.0, y - 20.0, 26.0, y + 10.0)
        cloth.curve(22.0, y + 4.0, 18.0, y - 6.0, 6.0, y - 16.0)
        c.fill(cloth.points, WHITE, INK, 0.7)


def _crown_band(c: Canvas, y: float, jewel: tuple[int, int, int]) -> None:
    c.fill([(-15.5, y - 17.0), (15.5, y - 17.0), (15.0, y - 11.5), (-15.0, y - 11.5)],
           GOLD, INK, OW)
    for i, jx in enumerate((-10.0, -5.0, 0.0, 5.0, 10.0)):
        c.ellipse(jx, y - 14.2, 1.5, 1.5, jewel if i % 2 else WHITE, INK, 0.4)


def _crown(c: Canvas, fig: Costume, y: float) -> None:
    c.fill(mirrored(Path(0.0, y - 27.0).curve(8.0, y - 27.0, 13.0, y - 22.0, 13.0, y - 14.0)
                    .line(0.0, y - 14.0).points), fig.second, INK, OW)
    points = [(-15.0, y - 13.0)]
    tips = (-14.0, -7.0, 0.0, 7.0, 14.0)
    for i, tx in enumerate(tips):
        points += [(tx, y - (27.0 if i % 2 == 0 else 23.5))]
        if i < len(tips) - 1:
            points += [(tx + 3.5, y - 19.0)]
    points += [(15.0, y - 13.0)]
    c.fill(points, GOLD, INK, OW)
    for i, tx in enumerate(tips):
        c.ellipse(tx, y - (28.0 if i % 2 == 0 else 24.5), 1.6, 1.6, WHITE, INK, 0.5)
    _crown_band(c, y, fig.trim)


def _arched_crown(c: Canvas, fig: Costume, y: float) -> None:
    c.fill(mirrored(Path(0.0, y - 29.0).curve(10.0, y - 29.0, 14.5, y - 24.0, 14.5, y - 15.0)
                    .line(0.0, y - 15.0).points), fig.second, INK, OW)
    for sx in (-1.0, 1.0):
        c.stroke(Path(sx * 14.0, y - 15.0).curve(sx * 14.0, y - 28.0, sx * 6.0, y - 30.0,
                                                 0.0, y - 30.0).points, INK, 3.2)
        c.stroke(Path(sx * 14.0, y - 15.0).curve(sx * 14.0, y - 28.0, sx * 6.0, y - 30.0,
                                                 0.0, y - 30.0).points, GOLD, 1.8)
    c.line((0.0, y - 15.0), (0.0, y - 30.0), INK, 3.2)
    c.line((0.0, y - 15.0), (0.0, y - 30.0), GOLD, 1.8)
    c.ellipse(0.0, y - 32.0, 2.6, 2.6, GOLD, INK, OW * 0.8)
    c.line((0.0, y - 34.0), (0.0, y - 38.0), INK, 1.5)
    c.line((-2.2, y - 36.2), (2.2, y - 36.2), INK, 1.5)
    _crown_band(c, y, fig.trim)


def _spiked_crown(c: Canvas, fig: Costume, y: float) -> None:
    points = [(-15.0, y - 13.0)]
    tips = (-14.0, -9.0, -4.5, 0.0, 4.5, 9.0, 14.0)
    for i, tx in enumerate(tips):
        points += [(tx, y - (33.0 if i == 3 else 29.0 - abs(i - 3) * 0.8))]
        if i < len(tips) - 1:
            points += [(tx + 2.3, y - 20.0)]
    points += [(15.0, y - 13.0)]
    c.fill(points, GOLD, INK, OW)
    for i, tx in enumerate(tips):
        c.ellipse(tx, y - (34.0 if i == 3 else 30.0 - abs(i - 3) * 0.8), 1.3, 1.3, fig.trim,
                  INK, 0.4)
    _crown_band(c, y, fig.second)


def _crown_cap(c: Canvas, fig: Costume, y: float) -> None:
    dome = mirrored(Path(0.0, y - 31.0).curve(11.0, y - 31.0, 16.0, y - 23.0, 15.0, y - 16.0)
                    .line(0.0, y - 16.0).points)
    c.fill(dome, fig.second, INK, OW)
    c.fill([(-3.0, y - 31.0), (3.0, y - 31.0), (2.0, y - 17.0), (-2.0, y - 17.0)], GOLD, INK, 0.5)
    c.ellipse(0.0, y - 33.0, 2.6, 2.6, GOLD, INK, 0.6)
    for tx in (-11.0, 11.0):
        c.fill([(tx - 3.0, y - 17.0), (tx, y - 25.0), (tx + 3.0, y - 17.0)], GOLD, INK, 0.6)
    # Ermine brim.
    c.fill(ellipse_pts(0.0, y - 14.0, 17.0, 4.4, 32), WHITE, INK, OW)
    for x in (-10.0, -3.5, 3.5, 10.0):
        c.fill([(x, y - 16.0), (x + 0.9, y - 13.0), (x, y - 12.0), (x - 0.9, y - 13.0)], INK)


def _tiara(c: Canvas, fig: Costume, y: float) -> None:
    points = [(-12.5, y - 13.0), (-12.0, y - 20.0), (-6.0, y - 17.5), (0.0, y - 27.0),
              (6.0, y - 17.5), (12.0, y - 20.0), (12.5, y - 13.0)]
    c.fill(points, GOLD, INK, OW)
    c.fill([(-13.0, y - 15.5), (13.0, y - 15.5), (12.6, y - 12.0), (-12.6, y - 12.0)],
           GOLD, INK, 0.7)
    for px, py in ((-12.0, y - 21.0), (0.0, y - 28.5), (12.0, y - 21.0)):
        c.ellipse(px, py, 1.7, 1.7, WHITE, INK, 0.5)
    c.ellipse(0.0, y - 19.0, 1.8, 2.4, fig.trim, INK, 0.4)


def _hennin(c: Canvas, fig: Costume, y: float) -> None:
    cone = [(-12.0, y - 13.0), (-4.0, y - 20.0), (16.0, y - 42.0), (12.0, y - 16.0),
            (13.0, y - 12.0)]
    c.fill(cone, fig.second, INK, OW)
    c.stroke([(-3.0, y - 20.0), (15.0, y - 39.0)], shade(fig.second, 1.4), 1.0)
    c.fill([(-13.5, y - 16.0), (13.5, y - 16.0), (13.0, y - 11.5), (-13.0, y - 11.5)],
           fig.trim, INK, 0.7)
    c.ellipse(0.0, y - 13.8, 1.6, 1.6, WHITE, INK, 0.4)


def _wreath(c: Canvas, fig: Costume, y: float) -> None:
    c.stroke(ellipse_pts(0.0, y - 12.0, 14.5, 4.0, 24, 180, 360), INK, 3.6)
    c.stroke(ellipse_pts(0.0, y - 12.0, 14.5, 4.0, 24, 180, 360), (70, 130, 60), 2.2)
    for i, x in enumerate((-13.0, -8.0, -2.5, 2.5, 8.0, 13.0)):
        fy = y - 12.0 - 4.0 * (1.0 - (x / 14.5) ** 2) ** 0.5
        colour = fig.trim if i % 2 else WHITE
        for dx, dy in ((0.0, -1.6), (1.6, 0.0), (0.0, 1.6), (-1.6, 0.0)):
            c.circle(x + dx, fy + dy, 1.4, colour)
        c.circle(x, fy, 0.9, GOLD)


def _hat(c: Canvas, fig: Costume, y: float) -> None:
    """A broad hat with a long plume sweeping back to the right."""
    feather = Path(4.0, y - 24.0).curve(14.0, y - 32.0, 26.0, y - 30.0, 32.0, y - 16.0).points
    plume(c, feather, WHITE, 4.5, 0.3)
    crown = (Path(-11.0, y - 15.0).curve(-12.0, y - 24.0, -6.0, y - 28.0, 2.0, y - 28.0)
             .curve(10.0, y - 28.0, 12.0, y - 23.0, 11.0, y - 15.0).points)
    c.fill(crown, fig.second, INK, OW)
    c.fill([(-11.5, y - 20.0), (11.5, y - 20.0), (11.3, y - 16.0), (-11.3, y - 16.0)],
           fig.trim, INK, 0.5)
    c.fill(ellipse_pts(1.0, y - 14.0, 21.0, 4.5, 36), fig.second, INK, OW)


def _hunter(c: Canvas, fig: Costume, y: float) -> None:
    """A narrow hunter's hat with a tuft, worn tipped to the right."""
    tilt = c.sub(0.0, y - 14.0, angle=6.0)
    top = (Path(-10.0, -1.0).curve(-10.0, -10.0, -6.0, -16.0, 0.0, -16.0)
           .curve(6.0, -16.0, 10.0, -10.0, 10.0, -1.0).points)
    tilt.fill(top, fig.second, INK, OW)
    tilt.stroke(Path(-4.0, -15.0).quad(0.0, -12.0, 4.0, -15.0).points, shade(fig.second, 0.6),
                0.8)
    tilt.fill([(-10.5, -5.0), (10.5, -5.0), (10.5, -2.0), (-10.5, -2.0)], fig.trim, INK, 0.5)
    tilt.fill(ellipse_pts(0.0, 0.0, 17.0, 3.2, 32), fig.second, INK, OW)
    for k in range(5):
        tilt.stroke(Path(9.0, -5.0).quad(12.0 + k, -14.0, 9.0 + 2.2 * k, -22.0 + k).points,
                    (86, 70, 56), 1.2)


def _beret(c: Canvas, fig: Costume, y: float) -> None:
    feather = Path(6.0, y - 22.0).curve(14.0, y - 28.0, 24.0, y - 30.0, 32.0, y - 22.0).points
    plume(c, feather, fig.trim, 3.8, 0.25)
    cap = (Path(-16.0, y - 12.0).curve(-18.0, y - 24.0, -4.0, y - 30.0, 8.0, y - 27.0)
           .curve(18.0, y - 25.0, 21.0, y - 16.0, 16.0, y - 12.0).points)
    c.fill(cap, fig.second, INK, OW)
    c.fill([(-15.0, y - 15.5), (15.5, y - 15.5), (15.5, y - 11.5), (-15.0, y - 11.5)],
           fig.trim, INK, 0.7)
    c.ellipse(7.0, y - 21.0, 2.2, 2.2, GOLD, INK, 0.5)


def _barett(c: Canvas, fig: Costume, y: float) -> None:
    """A flat Landsknecht barett worn at a slant, slashed, with a white plume."""
    slant = c.sub(2.0, y - 14.0, angle=-8.0)
    slant.fill(ellipse_pts(0.0, -4.0, 14.0, 8.0, 28, 180, 360) + [(14.0, -2.0), (-14.0, -2.0)],
               fig.trim, INK, OW)
    slant.fill(ellipse_pts(0.0, -1.0, 21.0, 5.0, 40), fig.second, INK, OW)
    for k in range(-3, 4):
        slant.line((k * 5.5, -3.6), (k * 6.2, 1.6), shade(fig.second, 0.6), 0.7)
    feather = Path(8.0, -6.0).curve(16.0, -14.0, 24.0, -14.0, 30.0, -6.0).points
    plume(slant, feather, WHITE, 3.4, 0.22)


def _hood(c: Canvas, fig: Costume, y: float) -> None:
    """The rim of a hood framing the face, and its pointed tail tipped to the right."""
    tail = Path(2.0, y - 23.0).curve(10.0, y - 31.0, 20.0, y - 31.0, 23.0, y - 20.0).points
    plume(c, tail, fig.second, 5.2, 0.32)
    rim = ellipse_pts(0.0, y - 1.0, 15.0, 18.0, 40, 165, 375)
    c.stroke(rim, INK, 4.4)
    c.stroke(rim, shade(fig.second, 1.3), 2.6)


def _sugarloaf(c: Canvas, fig: Costume, y: float) -> None:
    """A tall rounded hat with a rolled brim."""
    top = (Path(-12.0, y - 15.0).curve(-13.0, y - 28.0, -6.0, y - 37.0, 3.0, y - 37.0)
           .curve(10.0, y - 37.0, 13.0, y - 28.0, 12.0, y - 15.0).points)
    c.fill(top, fig.second, INK, OW)
    for x in (-6.0, 0.0, 6.0):
        c.stroke(Path(x * 1.4, y - 17.0).quad(x * 1.1, y - 28.0, x * 0.3 + 2.0, y - 35.0).points,
                 shade(fig.second, 0.7), 0.7)
    c.fill(ellipse_pts(0.0, y - 14.5, 17.0, 4.0, 32), fig.trim, INK, OW)
    c.ellipse(10.0, y - 18.0, 2.6, 2.6, GOLD, INK, 0.5)


def _helmet(c: Canvas, fig: Costume, y: float) -> None:
    """A morion: steel helmet with a crest and upturned brim, plume at the back."""
    feather = Path(2.0, y - 30.0).curve(12.0, y - 36.0, 24.0, y - 32.0, 28.0, y - 20.0).points
    plume(c, feather, fig.trim, 4.4, 0.24)
    dome = (Path(-13.0, y - 14.0).curve(-13.0, y - 26.0, -6.0, y - 30.0, 0.0, y - 30.0)
            .curve(6.0, y - 30.0, 13.0, y - 26.0, 13.0, y - 14.0).points)
    c.fill(dome, STEEL, INK, OW)
    crest = (Path(-9.0, y - 27.0).curve(-6.0, y - 35.0, 6.0, y - 35.0, 9.0, y - 27.0).points)
    c.fill(crest, STEEL, INK, OW)
    brim = (Path(-19.0, y - 20.0).curve(-14.0, y - 13.0, 14.0, y - 13.0, 19.0, y - 20.0)
            .curve(14.0, y - 10.0, -14.0, y - 10.0, -19.0, y - 20.0).points)
    c.fill(brim, STEEL, INK, OW)
    c.stroke(Path(-8.0, y - 26.0).quad(-9.0, y - 20.0, -6.0, y - 16.0).points, WHITE, 1.2)


def _headband(c: Canvas, fig: Costume, y: float) -> None:
    c.stroke(ellipse_pts(0.0, y - 9.0, 13.2, 3.0, 24, 180, 360), INK, 3.6)
    c.stroke(ellipse_pts(0.0, y - 9.0, 13.2, 3.0, 24, 180, 360), fig.second, 2.2)
    c.ellipse(0.0, y - 12.0, 1.8, 1.8, GOLD, INK, 0.4)


_HEADWEAR = {
    "crown": _crown,
    "arched_crown": _arched_crown,
    "spiked_crown": _spiked_crown,
    "crown_cap": _crown_cap,
    "tiara": _tiara,
    "hennin": _hennin,
    "wreath": _wreath,
    "hat": _hat,
    "hunter": _hunter,
    "beret": _beret,
    "barett": _barett,
    "hood": _hood,
    "sugarloaf": _sugarloaf,
    "helmet": _helmet,
    "headband": _headband,
}

#: Every headwear a costume may name.
HEADWEAR_NAMES = tuple(_HEADWEAR)
