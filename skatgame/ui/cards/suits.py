"""Suit signs as vector shapes, and the suit colours of each deck style.

Every sign is drawn into the unit box ``[-1, 1] x [-1, 1]`` (y down) of a
:class:`~skatgame.ui.cards.geometry.Canvas`. French signs (clubs, spades,
hearts, diamonds) are flat silhouettes in the suit colour; German signs
(acorns, leaves, hearts, bells) are drawn in several colours with an outline,
or as a flat silhouette when a colour is forced.
"""

from __future__ import annotations

from skatgame.ui.cards.geometry import Canvas, Color, Path, Pt, ellipse_pts, mirrored, shade

RGB = tuple[int, int, int]

#: Main colour of each suit (clubs/acorns, spades/leaves, hearts, diamonds/bells) per style.
SUIT_COLORS: dict[str, tuple[RGB, RGB, RGB, RGB]] = {
    "french": ((22, 22, 26), (22, 22, 26), (208, 24, 36), (208, 24, 36)),
    # Four colours whose lightness differs clearly, so greyscale still tells them apart.
    "tournament": ((18, 18, 22), (0, 108, 42), (236, 58, 58), (246, 192, 0)),
    "german": ((178, 118, 42), (46, 138, 44), (206, 30, 38), (232, 176, 24)),
}

OUTLINE_DARK: RGB = (40, 28, 20)

#: Outlines that keep a light sign visible on the white card (WCAG 3:1 or more).
SIGN_OUTLINES: dict[str, dict[int, RGB]] = {"tournament": {3: (132, 86, 0)}}


def _heart() -> list[Pt]:
    right = (Path(0.0, -0.52)
             .curve(0.22, -0.98, 1.0, -1.02, 0.98, -0.34, n=16)
             .curve(0.96, 0.22, 0.3, 0.52, 0.0, 0.96, n=16))
    return mirrored(right.points)


def _diamond() -> list[Pt]:
    right = (Path(0.0, -1.0)
             .quad(0.34, -0.36, 0.76, 0.0, n=10)
             .quad(0.34, 0.36, 0.0, 1.0, n=10))
    return mirrored(right.points)


def _spade() -> list[Pt]:
    right = (Path(0.0, -1.0)
             .curve(0.28, -0.62, 1.0, -0.38, 0.98, 0.18, n=16)
             .curve(0.96, 0.66, 0.4, 0.74, 0.1, 0.42, n=14)
             .curve(0.12, 0.72, 0.22, 0.9, 0.46, 1.0, n=8)
             .line(0.0, 1.0))
    return mirrored(right.points)


def _club_stem() -> list[Pt]:
    right = (Path(0.0, 0.05).line(0.12, 0.05)
             .curve(0.12, 0.62, 0.22, 0.88, 0.46, 1.0, n=8)
             .line(0.0, 1.0))
    return mirrored(right.points)


HEART = _heart()
DIAMOND = _diamond()
SPADE = _spade()
CLUB_STEM = _club_stem()
# Three round leaves with paper between them: the club's outline stays unlike the spade's
# (pointed, solid) when the two blacks are all one sees (tests/ui/test_suits_for_every_eye).
CLUB_LEAVES = (ellipse_pts(0.0, -0.6, 0.38, 0.38, 40), ellipse_pts(-0.6, 0.18, 0.38, 0.38, 40),
               ellipse_pts(0.6, 0.18, 0.38, 0.38, 40))
CLUB_MIDDLE = [(-0.16, -0.1), (0.16, -0.1), (0.18, 0.2), (0.0, 0.3), (-0.18, 0.2)]


def _french(canvas: Canvas, suit: int, color: Color, outline: Color | None = None) -> None:
    if outline is not None and suit == 3:
        canvas.fill(DIAMOND, color, outline, 0.1)
    elif suit == 0:
        for leaf in CLUB_LEAVES:
            canvas.fill(leaf, color)
        canvas.fill(CLUB_MIDDLE, color)
        canvas.fill(CLUB_STEM, color)
    elif suit == 1:
        canvas.fill(SPADE, color)
    elif suit == 2:
        canvas.fill(HEART, color)
    else:
        canvas.fill(DIAMOND, color)


# ----------------------------------------------------------------- German signs

def _leaf_outline() -> list[Pt]:
    right = (Path(0.0, -1.0)
             .curve(0.3, -0.78, 0.86, -0.46, 0.86, 0.08, n=18)
             .curve(0.86, 0.5, 0.42, 0.7, 0.0, 0.5, n=14))
    pts = right.points
    # Small teeth along the leaf's edge, as on the printed leaves.
    toothed: list[Pt] = []
    for i, (x, y) in enumerate(pts):
        if 2 <= i <= len(pts) - 4 and i % 3 == 0:
            toothed.append((x * 1.05, y - 0.03))
        else:
            toothed.append((x, y))
    return mirrored(toothed)


LEAF = _leaf_outline()
LEAF_STEM = Path(0.0, 0.42).curve(0.02, 0.7, 0.1, 0.86, 0.26, 0.98, n=10).points
LEAF_VEIN = Path(0.0, 0.5).line(0.0, -0.78).points
LEAF_SIDE_VEINS = [((0.0, y), (0.55 - 0.1 * k, y - 0.32))
                   for k, y in enumerate((0.25, -0.08, -0.4))]

ACORN_NUT = mirrored(Path(0.0, -0.98).line(0.05, -0.9)
                     .curve(0.4, -0.84, 0.56, -0.42, 0.54, 0.0, n=14)
                     .line(0.54, 0.2).line(0.0, 0.2).points)
ACORN_CAP = mirrored(Path(0.0, -0.12).line(0.6, -0.12)
                     .curve(0.7, 0.08, 0.62, 0.42, 0.32, 0.56, n=12)
                     .curve(0.2, 0.62, 0.1, 0.62, 0.0, 0.62, n=6).points)
ACORN_STEM = Path(0.0, 0.55).curve(0.04, 0.78, 0.0, 0.9, -0.12, 1.0, n=8).points

BELL_BODY = ellipse_pts(0.0, 0.12, 0.8, 0.8, 48)
def _bell_band() -> list[Pt]:
    lower = ellipse_pts(0.0, 0.02, 0.8, 0.24, 24, 0, 180)       # right -> left, bottom arc
    upper = ellipse_pts(0.0, -0.14, 0.79, 0.22, 24, 0, 180)     # bottom arc of upper edge
    return lower + upper[::-1]


BELL_BAND = _bell_band()


def _german(canvas: Canvas, suit: int) -> None:
    ow = 0.055
    if suit == 0:
        # Drawn nut-up with the cup below, then turned over: cup and stalk on top.
        canvas = canvas.sub(sx=1.0, sy=-1.0)
        nut, cap = SUIT_COLORS["german"][0], (118, 76, 32)
        canvas.stroke(ACORN_STEM, OUTLINE_DARK, 0.22)
        canvas.stroke(ACORN_STEM, shade(cap, 0.8), 0.1)
        canvas.fill(ACORN_NUT, nut, OUTLINE_DARK, ow)
        canvas.stroke(Path(-0.3, -0.1).curve(-0.34, -0.42, -0.24, -0.64, -0.08, -0.78).points,
                      shade(nut, 1.45), 0.1)
        canvas.fill(ACORN_CAP, cap, OUTLINE_DARK, ow)
        hatch = shade(cap, 0.62)
        for row, y in enumerate((0.0, 0.18, 0.36)):
            half = (0.58, 0.52, 0.36)[row]
            k = 0
            x = -half + 0.09
            while x < half - 0.05:
                canvas.line((x - 0.06, y - 0.06), (x + 0.06, y + 0.06), hatch, 0.045)
                canvas.line((x - 0.06, y + 0.06), (x + 0.06, y - 0.06), hatch, 0.045)
                k += 1
                x += 0.17
        canvas.line((-0.6, -0.1), (0.6, -0.1), shade(cap, 1.3), 0.05)
    elif suit == 1:
        green = SUIT_COLORS["german"][1]
        canvas.stroke(LEAF_STEM, OUTLINE_DARK, 0.2)
        canvas.stroke(LEAF_STEM, shade(green, 0.75), 0.09)
        canvas.fill(LEAF, green, shade(green, 0.35), ow)
        vein = shade(green, 0.55)
        canvas.stroke(LEAF_VEIN, vein, 0.07)
        for (x0, y0), (x1, y1) in LEAF_SIDE_VEINS:
            for sgn in (-1, 1):
                canvas.stroke(Path(x0, y0).quad(sgn * x1 * 0.5, y0 - 0.05, sgn * x1, y1).points,
                              vein, 0.05)
        canvas.stroke(Path(-0.55, -0.05).curve(-0.6, -0.36, -0.4, -0.62, -0.16, -0.8).points,
                      shade(green, 1.35), 0.06)
    elif suit == 2:
        red = SUIT_COLORS["german"][2]
        canvas.fill(HEART, red, shade(red, 0.45), ow)
        canvas.stroke(Path(-0.74, -0.3).curve(-0.76, -0.62, -0.52, -0.78, -0.3, -0.7).points,
                      shade(red, 1.45), 0.1)
    else:
        gold = SUIT_COLORS["german"][3]
        dark = (120, 70, 10)
        canvas.ring(ellipse_pts(0.0, -0.76, 0.13, 0.12, 16), dark, 0.16)
        canvas.ring(ellipse_pts(0.0, -0.76, 0.13, 0.12, 16), gold, 0.07)
        canvas.fill(BELL_BODY, gold, dark, ow)
        canvas.fill(BELL_BAND, (186, 58, 28))
        canvas.stroke(ellipse_pts(0.0, 0.02, 0.8, 0.24, 24, 0, 180), dark, 0.05)
        canvas.stroke(ellipse_pts(0.0, -0.14, 0.79, 0.22, 24, 0, 180), dark, 0.05)
        # The sound slot: a narrow cut with a round hole at each end.
        canvas.stroke(Path(-0.42, 0.52).quad(0.0, 0.66, 0.42, 0.52).points, dark, 0.09)
        canvas.circle(-0.42, 0.52, 0.09, dark)
        canvas.circle(0.42, 0.52, 0.09, dark)
        canvas.ellipse(-0.34, -0.34, 0.17, 0.1, shade(gold, 1.6))


def _german_silhouette(canvas: Canvas, suit: int, color: Color) -> None:
    if suit == 0:
        canvas = canvas.sub(sx=1.0, sy=-1.0)
        canvas.stroke(ACORN_STEM, color, 0.22)
        canvas.fill(ACORN_NUT, color)
        canvas.fill(ACORN_CAP, color)
    elif suit == 1:
        canvas.stroke(LEAF_STEM, color, 0.2)
        canvas.fill(LEAF, color)
    elif suit == 2:
        canvas.fill(HEART, color)
    else:
        canvas.ring(ellipse_pts(0.0, -0.76, 0.13, 0.12, 16), color, 0.14)
        canvas.fill(BELL_BODY, color)


def draw_sign(canvas: Canvas, style: str, suit: int, color: Color | None = None) -> None:
    """Draw a suit sign into the unit box of ``canvas``.

    ``color`` forces a flat silhouette in that colour; otherwise the style's own
    colours are used.
    """
    if style == "german":
        if color is None:
            _german(canvas, suit)
        else:
            _german_silhouette(canvas, suit, color)
        return
    if color is None:
        _french(canvas, suit, SUIT_COLORS[style][suit], SIGN_OUTLINES.get(style, {}).get(suit))
    else:
        _french(canvas, suit, color)


def suit_color(style: str, suit: int) -> RGB:
    """The main colour of a suit in a deck style (e.g. red for hearts)."""
    if style not in SUIT_COLORS:
        raise ValueError(f"unknown deck style {style!r}")
    return SUIT_COLORS[style][suit]


def index_color(style: str, suit: int) -> RGB:
    """Colour of the corner index text of a suit."""
    if style == "german":
        return (34, 30, 28) if suit != 2 else (176, 20, 30)
    # thin text keeps 4.5:1 on the card (WCAG AA): the gold and the light red of the
    # four-colour deck are too light for it, their text is darker
    if style == "tournament" and suit in INDEX_DARKER:
        return INDEX_DARKER[suit]
    return SUIT_COLORS[style][suit]


#: The four-colour deck's corner text where the suit's own colour is too light for text.
INDEX_DARKER: dict[int, RGB] = {2: (200, 34, 40), 3: (132, 86, 0)}
