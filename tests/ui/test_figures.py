"""Court figures: twelve drawings per deck, suit colours, the suit sign in the visible strip."""

from __future__ import annotations

import colorsys
from itertools import combinations

import pygame
import pytest

from skatgame.engine.cards import DECK_STYLES, Rank
from skatgame.ui.cards import figures
from skatgame.ui.cards.cache import SurfaceCache
from skatgame.ui.cards.costume import Palette
from skatgame.ui.cards.deck import DeckArt
from skatgame.ui.cards.faces import PAPER
from skatgame.ui.cards.geometry import Canvas, local
from skatgame.ui.cards.suits import SIGN_OUTLINES, index_color, suit_color
from skatgame.ui.layout import layout_for

COURTS = (Rank.KING, Rank.QUEEN, Rank.JACK)
PANEL_W, PANEL_H = 120, 136  # one half panel, figure units x 1.2


GREYS = Palette((200, 200, 200), (230, 230, 230), (170, 170, 170), (240, 240, 240))


def drawing(style: str, rank: int, suit: int, monkeypatch: pytest.MonkeyPatch) -> set[int]:
    """The outline pixels of a figure drawn in one grey palette, without its suit sign."""
    monkeypatch.setattr(figures, "_sign", lambda *args: None)
    monkeypatch.setitem(figures.PALETTES, style, (GREYS,) * 4)
    surface = pygame.Surface((PANEL_W, PANEL_H))
    surface.fill(PAPER)
    figures.draw_figure(Canvas(surface, local(PANEL_W / 2, PANEL_H, 1.2)), style, rank, suit,
                        PANEL_H / 1.2)
    out = set()
    for y in range(PANEL_H):
        for x in range(PANEL_W):
            r, g, b, _a = surface.get_at((x, y))
            if r + g + b < 200:
                out.add(y * PANEL_W + x)
    return out


@pytest.mark.parametrize("style", DECK_STYLES)
def test_twelve_distinct_drawings_not_recolours(style: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Drawn in the same greys, no two figures share their outlines (a recolour would)."""
    lines = {(rank, suit): drawing(style, rank, suit, monkeypatch)
             for rank in COURTS for suit in range(4)}
    for (a, la), (b, lb) in combinations(lines.items(), 2):
        apart = 1.0 - len(la & lb) / len(la | lb)
        assert apart > 0.35, (style, a, b, round(apart, 3))


@pytest.mark.parametrize("style", DECK_STYLES)
def test_costumes_differ_in_several_parts(style: str) -> None:
    parts = ("hair_style", "headwear", "beard", "collar", "pattern", "item")
    costumes = [figures.costume(style, rank, suit) for rank in COURTS for suit in range(4)]
    for a, b in combinations(costumes, 2):
        assert sum(getattr(a, p) != getattr(b, p) for p in parts) >= 3, (a, b)


def family(rgb: tuple[int, ...]) -> str | None:
    """The colour family of a saturated pixel (None for greys, skin, paper, ink)."""
    h, s, v = colorsys.rgb_to_hsv(*(c / 255 for c in rgb[:3]))
    if s < 0.35 or v < 0.2:
        return None
    h *= 360
    if h < 14 or h >= 330:
        return "red"
    if h < 36:
        return "brown"
    if h < 70:
        return "gold"
    if h < 170:
        return "green"
    return "blue" if h < 260 else "purple"


SUIT_FAMILIES = {"german": ("brown", "green", "red", "gold"),
                 "tournament": (None, "green", "red", "gold")}


@pytest.mark.parametrize("style", ["german", "tournament"])
def test_figures_wear_their_suits_colours(style: str) -> None:
    art = DeckArt(style, cache=SurfaceCache())
    width = 100
    height = art.height_for(width)
    own = SUIT_FAMILIES[style]
    for suit in range(4):
        if own[suit] is None:
            continue  # black clubs: no hue to keep
        others = {f for f in own if f is not None and f != own[suit]} | {"blue", "purple"}
        for rank in COURTS:
            face = art.face(suit * 8 + rank, width)
            counts: dict[str, int] = {}
            for x in range(22, 78):
                for y in range(8, height - 8):
                    f = family(tuple(face.get_at((x, y))))
                    if f is not None:
                        counts[f] = counts.get(f, 0) + 1
            total = sum(counts.values())
            assert max(counts, key=counts.__getitem__) == own[suit], (style, suit, rank, counts)
            assert counts[own[suit]] / total > 0.6, (style, suit, rank, counts)
            for f in others:
                assert counts.get(f, 0) / total < 0.25, (style, suit, rank, f, counts)


def visible_strip(size: tuple[int, int]) -> tuple[int, float]:
    """The hand's card width at a window size, and the share of it left visible in a
    12-card hand (the neighbour covers the rest)."""
    lay = layout_for(*size)
    slots = lay.hand_slots(12)
    return lay.card_w, (slots[1][0] - slots[0][0]) / lay.card_w


@pytest.mark.parametrize("style", DECK_STYLES)
@pytest.mark.parametrize("size", [(640, 480), (1280, 720), (1920, 1080)])
def test_large_suit_sign_in_the_visible_strip(style: str, size: tuple[int, int],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The picture's suit sign lies in the strip an overlapping neighbour leaves visible."""
    width, share = visible_strip(size)
    strip = int(width * share)
    with_sign = DeckArt(style, cache=SurfaceCache())
    faces = {c: with_sign.face(c, width) for r in COURTS for c in (r, 8 + r, 16 + r, 24 + r)}
    monkeypatch.setattr(figures, "_sign", lambda *args: None)
    without = DeckArt(style, cache=SurfaceCache())
    height = with_sign.height_for(width)
    for card, face in faces.items():
        bare = without.face(card, width)
        changed = [(x, y) for y in range(height // 2) for x in range(width)
                   if face.get_at((x, y)) != bare.get_at((x, y))]
        inside = [(x, y) for x, y in changed if x < strip]
        # Large: as much ink as a disc 13% of the card's width across, and a fifth of the
        # width tall; all of it in the strip.
        assert len(inside) >= 3.14 * (0.065 * width) ** 2, (style, card, len(inside))
        ys = [y for _x, y in inside]
        assert max(ys) - min(ys) >= 0.17 * width, (style, card)
        assert len(changed) - len(inside) <= len(inside) * 0.03, (style, card)


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG 2 contrast ratio of two sRGB colours."""
    def lum(c: tuple[int, ...]) -> float:
        lin = [(v / 255) / 12.92 if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4
               for v in c[:3]]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_every_corner_index_is_text_at_4_5_to_1_on_the_card() -> None:
    """A low-vision playtester found the four-colour deck's gold "K" hard to read (4.1:1):
    a card's corner rank is text, held to the normal theme's text floor."""
    for style in ("french", "german", "tournament"):
        for suit in range(4):
            assert contrast(index_color(style, suit), PAPER) >= 4.5, (style, suit)


def test_tournament_diamonds_keep_contrast_on_white() -> None:
    outline = SIGN_OUTLINES["tournament"][3]
    assert contrast(outline, PAPER) >= 3.0
    assert contrast(index_color("tournament", 3), PAPER) >= 4.5
    assert contrast(suit_color("tournament", 3), PAPER) < 3.0  # why the outline is needed
    art = DeckArt("tournament", cache=SurfaceCache())
    ace = art.face(3 * 8 + Rank.ACE, 200)
    cy = art.height_for(200) // 2
    # Walking out from the diamond's centre to its right tip, the edge is dark enough.
    row = [tuple(ace.get_at((x, cy)))[:3] for x in range(100, 200)]
    assert max(contrast(c, PAPER) for c in row) >= 3.0
    assert row[0] == suit_color("tournament", 3)
