"""Court figures: kings, queens and jacks (French), König, Ober and Unter (German).

A figure is drawn as the upper half of a double-headed court card, into a
frame whose x runs from -50 to 50 and whose y runs from ``-half_height`` (top
of the panel) to 0 (the dividing line); the card composer rotates a copy for
the lower half.

Each of the twelve figures of a deck is its own drawing: headwear, hair,
beard, collar, robe pattern, what it holds and how it shows the suit sign
differ (see :func:`costume`). The colours come from the suit's palette
(:data:`PALETTES`): acorns brown, leaves green, hearts red, bells gold. The
suit sign sits large in the left part of the picture, the part that stays
visible when the cards overlap in a hand.
"""

from __future__ import annotations

from skatgame.engine.cards import Rank
from skatgame.ui.cards.costume import GOLD, INK, OW, Costume, Palette
from skatgame.ui.cards.geometry import Canvas, ellipse_pts
from skatgame.ui.cards.heads import HEAD_Y, face, hair_back, headwear, headwear_behind, neck
from skatgame.ui.cards.props import ARM_POSE, item, left_thing
from skatgame.ui.cards.robes import body, draw_hand, left_arm_path, right_arm_path, sleeve
from skatgame.ui.cards.suits import draw_sign

PAPER = (252, 251, 246)

_ACORN = Palette((146, 88, 40), (198, 146, 86), (96, 56, 26), (226, 192, 128))
_LEAF = Palette((48, 128, 58), (126, 182, 82), (26, 86, 46), (200, 226, 150))
_HEART = Palette((198, 36, 46), (234, 112, 106), (134, 22, 34), (250, 200, 190))
_BELL = Palette((232, 178, 36), (248, 214, 112), (188, 126, 20), (252, 238, 178))
_INKY = Palette((52, 58, 76), (122, 130, 150), (30, 32, 42), (226, 196, 110))
_SABLE = Palette((44, 44, 50), (150, 150, 162), (22, 22, 26), (206, 212, 224))
_FLAME = Palette((216, 72, 40), (246, 152, 104), (150, 40, 24), (252, 222, 160))

#: The figure palette of each suit (clubs/acorns, spades/leaves, hearts, diamonds/bells).
PALETTES: dict[str, tuple[Palette, Palette, Palette, Palette]] = {
    "german": (_ACORN, _LEAF, _HEART, _BELL),
    "french": (_INKY, _SABLE, _HEART, _FLAME),
    "tournament": (_INKY, _LEAF, _HEART, _BELL),
}

WHITE_HAIR = (232, 228, 220)
GREY_HAIR = (178, 172, 164)
DARK_HAIR = (86, 56, 34)
CHESTNUT = (150, 94, 50)
BLOND = (218, 176, 96)
BLACK_HAIR = (52, 42, 38)
AUBURN = (168, 74, 40)


def _german(rank: int, suit: int, p: Palette) -> Costume:
    if rank == Rank.KING:
        return (
            Costume("king", p.main, p.dark, p.light, WHITE_HAIR, "shoulder", "arched_crown",
                    "long", "ermine", "florets", "sceptre", "badge", "orb", old=True),
            Costume("king", p.main, p.dark, p.light, CHESTNUT, "shoulder", "crown_cap",
                    "forked", "fur", "diamonds", "sword", "badge", "glove"),
            Costume("king", p.main, p.light, p.dark, DARK_HAIR, "curls", "crown", "full",
                    "ermine", "crosses", "goblet", "badge"),
            Costume("king", p.main, p.dark, p.trim, GREY_HAIR, "shoulder", "spiked_crown",
                    "pointed", "chain", "stripes", "mace", "badge", old=True),
        )[suit]
    if rank == Rank.QUEEN:
        return (
            Costume("ober", p.dark, p.main, p.light, CHESTNUT, "bob", "hat", "pointed", "ruff",
                    "stripes", "sword", "raised"),
            Costume("ober", p.main, p.dark, p.light, BLOND, "short", "hunter", "moustache",
                    "square", "crosses", "horn", "raised"),
            Costume("ober", p.dark, p.main, p.light, BLACK_HAIR, "curls", "beret", "forked",
                    "ruff", "diamonds", "flag", "raised"),
            Costume("ober", p.main, p.dark, p.trim, DARK_HAIR, "shoulder", "sugarloaf", "full",
                    "chain", "florets", "staff", "raised"),
        )[suit]
    return (
        Costume("unter", p.main, p.dark, p.light, BLOND, "short", "barett", "none", "square",
                "parti", "halberd", "chest"),
        Costume("unter", p.light, p.dark, p.main, CHESTNUT, "short", "hood", "none", "cape",
                "plain", "axe", "chest"),
        Costume("unter", p.main, p.dark, p.light, DARK_HAIR, "curls", "headband", "moustache",
                "ruff", "parti", "spear", "chest"),
        Costume("unter", p.main, p.dark, p.light, BLACK_HAIR, "bob", "helmet", "pointed",
                "square", "crosses", "torch", "chest"),
    )[suit]


def _french(rank: int, suit: int, p: Palette) -> Costume:
    if rank == Rank.KING:
        return (
            Costume("king", p.main, p.dark, p.trim, DARK_HAIR, "shoulder", "arched_crown",
                    "full", "ermine", "florets", "sceptre", "badge", "orb"),
            Costume("king", p.main, p.dark, p.trim, GREY_HAIR, "shoulder", "spiked_crown",
                    "pointed", "fur", "stripes", "sword", "badge", "glove", old=True),
            Costume("king", p.main, p.dark, p.trim, CHESTNUT, "curls", "crown_cap", "forked",
                    "ermine", "diamonds", "axe", "badge"),
            Costume("king", p.main, p.dark, p.trim, WHITE_HAIR, "shoulder", "crown", "long",
                    "chain", "crosses", "mace", "badge", old=True),
        )[suit]
    if rank == Rank.QUEEN:
        return (
            Costume("queen", p.main, p.light, p.trim, BLOND, "long", "tiara", "none",
                    "neckline", "florets", "flower", "badge"),
            Costume("queen", p.main, p.light, p.trim, BLACK_HAIR, "long", "hennin", "none",
                    "lace", "stripes", "short_sceptre", "badge", "flower"),
            Costume("queen", p.main, p.light, p.trim, AUBURN, "curls", "crown", "none",
                    "neckline", "diamonds", "fan", "badge"),
            Costume("queen", p.main, p.light, p.trim, CHESTNUT, "long", "wreath", "none",
                    "lace", "crosses", "goblet", "badge", "glove"),
        )[suit]
    return (
        Costume("jack", p.main, p.dark, p.trim, CHESTNUT, "short", "beret", "moustache",
                "square", "parti", "halberd", "badge"),
        Costume("jack", p.main, p.light, p.trim, BLOND, "bob", "helmet", "none", "ruff",
                "crosses", "spear", "badge"),
        Costume("jack", p.main, p.dark, p.trim, DARK_HAIR, "curls", "barett", "pointed",
                "high", "stripes", "flag", "badge"),
        Costume("jack", p.main, p.dark, p.trim, BLACK_HAIR, "short", "hood", "none", "cape",
                "plain", "horn", "badge"),
    )[suit]


def costume(style: str, rank: int, suit: int) -> Costume:
    """What the court figure of ``rank`` (QUEEN, KING or JACK) and ``suit`` wears and holds."""
    palette = PALETTES[style][suit]
    if style == "german":
        return _german(rank, suit, palette)
    return _french(rank, suit, palette)


# ----------------------------------------------------------------- composing

HEAD_SCALE = 1.12
HEAD_AT = -75.0

#: Where the suit sign goes for each placement: centre y and radius at the widest panel.
SIGN_PLACES = {
    "badge": (-94.0, 17.0),
    "raised": (-93.0, 16.0),
    "chest": (-50.0, 19.0),
}
SIGN_LEFT = -48.5   # the sign's halo starts here, just inside the panel
SIGN_RIGHT = -7.0   # ... and ends before here, inside the strip a neighbour leaves visible


def _sign(c: Canvas, fig: Costume, style: str, suit: int, scale: float) -> None:
    y, r = SIGN_PLACES[fig.sign]
    r = min(r * scale, (SIGN_RIGHT - SIGN_LEFT) / 2 - 1.5)
    x = SIGN_LEFT + 1.5 + r
    if fig.sign == "badge":
        c.ellipse(x, y, r + 1.5, r + 1.5, PAPER)
    else:
        # A round shield with a gold rim, the sign on it.
        c.ellipse(x, y, r + 1.5, r + 1.5, PAPER, INK, OW)
        c.ring(ellipse_pts(x, y, r + 1.5, r + 1.5, 40), GOLD, 1.6)
    draw_sign(c.sub(x, y, r * 0.9), style, suit)


def draw_figure(c: Canvas, style: str, rank: int, suit: int, half_height: float,
                sign_scale: float = 1.0) -> None:
    """Draw the upper half of the court card (rank QUEEN, KING or JACK) of a suit.

    ``half_height`` is the height of the half panel in figure units;
    ``sign_scale`` enlarges the suit sign where small cards narrow the panel, so
    that it keeps its size on the card.
    """
    fig = costume(style, rank, suit)
    head = c.sub(0.0, HEAD_AT - HEAD_SCALE * HEAD_Y, HEAD_SCALE)
    hair_back(head, fig)
    headwear_behind(head, fig)
    neck(head, fig)
    body(c, fig)
    left_pose = {"raised": "raised", "chest": "chest"}.get(fig.sign, "waist")
    if fig.sign == "badge" and fig.free in ("orb", "flower", "glove"):
        left_pose = "holding"
    arm, hand = left_arm_path(left_pose)
    sleeve(c, fig, arm, hand, hand_in_front=False)
    if left_pose == "holding":
        left_thing(c, fig)
    right_pose = ARM_POSE.get(fig.item, "low")
    if right_pose == "low":
        item(c, fig)
    rarm, rhand = right_arm_path(right_pose)
    sleeve(c, fig, rarm, rhand)
    if right_pose != "low":
        item(c, fig)
    face(head, fig)
    headwear(head, fig)
    if fig.sign != "badge":
        _sign(c, fig, style, suit, sign_scale)
    draw_hand(c, hand)
    if fig.sign == "badge":
        _sign(c, fig, style, suit, sign_scale)
