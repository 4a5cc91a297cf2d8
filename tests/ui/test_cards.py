"""Deck art: every face renders, faces differ, colours, cache, contact sheet, suit signs."""

from __future__ import annotations

import pygame
import pytest

from skatgame.engine.cards import DECK_STYLES, Rank
from skatgame.ui.cards import BACK_DESIGNS, DeckArt, suit_color, suit_sign
from skatgame.ui.cards.cache import SurfaceCache
from skatgame.ui.cards.signs import sign_sprite


def fresh(style: str = "french", **kw: object) -> DeckArt:
    return DeckArt(style, cache=SurfaceCache(), **kw)  # type: ignore[arg-type]


def luminance(rgb: tuple[int, ...]) -> float:
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


@pytest.mark.parametrize("style", DECK_STYLES)
@pytest.mark.parametrize("width", [40, 140, 400])
def test_every_face_renders_with_rounded_transparent_corners(style: str, width: int) -> None:
    art = fresh(style)
    height = art.height_for(width)
    assert height == round(width * 91 / 59)
    for card in range(32):
        face = art.face(card, width)
        assert face.get_size() == (width, height)
        assert face.get_flags() & pygame.SRCALPHA
        assert face.get_at((0, 0)).a == 0
        assert face.get_at((width - 1, height - 1)).a == 0
        assert face.get_at((width // 2, height // 2)).a == 255
        assert face.get_at((width // 2, 0)).a > 200  # edge is solid away from corners


@pytest.mark.parametrize("style", DECK_STYLES)
def test_all_32_faces_differ(style: str) -> None:
    art = fresh(style)
    faces = {pygame.image.tobytes(art.face(card, 60), "RGBA") for card in range(32)}
    assert len(faces) == 32


def test_german_indices_change_only_the_court_letters() -> None:
    plain, german = fresh("french"), fresh("french", german_indices=True)
    for card in range(32):
        same = (pygame.image.tobytes(plain.face(card, 80), "RGBA")
                == pygame.image.tobytes(german.face(card, 80), "RGBA"))
        assert same == (card & 7 not in (Rank.QUEEN, Rank.JACK))


def test_tournament_faces_differ_in_greyscale() -> None:
    art = fresh("tournament")
    greys = {pygame.image.tobytes(pygame.transform.grayscale(art.face(card, 60)), "RGBA")
             for card in range(32)}
    assert len(greys) == 32
    lum = sorted(luminance(suit_color("tournament", s)) for s in range(4))
    assert min(b - a for a, b in zip(lum, lum[1:], strict=False)) >= 30


def test_suit_colours_as_stated() -> None:
    black, red = suit_color("french", 0), suit_color("french", 2)
    assert suit_color("french", 1) == black and suit_color("french", 3) == red
    assert max(black) < 60 and red[0] > 180 and red[1] < 60
    clubs, spades, hearts, diamonds = (suit_color("tournament", s) for s in range(4))
    assert max(clubs) < 60
    assert spades[1] > spades[0] + 60 and spades[1] > spades[2] + 40        # green
    assert hearts[0] > 180 and hearts[1] < 100                            # red
    assert diamonds[0] > 200 and diamonds[1] > 150 and diamonds[2] < 60   # yellow-gold
    acorns, leaves, g_hearts, bells = (suit_color("german", s) for s in range(4))
    assert leaves[1] > leaves[0] + 60 and g_hearts[0] > 180 and g_hearts[1] < 80
    assert bells[0] > 200 and bells[1] > 140 and bells[2] < 80
    assert acorns[0] > acorns[1] > acorns[2]                              # brown
    with pytest.raises(ValueError):
        suit_color("swiss", 0)


@pytest.mark.parametrize("style", ["french", "tournament"])
def test_ace_pip_has_the_suit_colour(style: str) -> None:
    art = fresh(style)
    for suit in range(4):
        face = art.face(suit * 8 + Rank.ACE, 140)
        got = face.get_at((70, art.height_for(140) // 2))
        want = suit_color(style, suit)
        assert all(abs(a - b) <= 4 for a, b in zip(got[:3], want, strict=True)), (suit, got)


@pytest.mark.parametrize("style", DECK_STYLES)
def test_pips_are_mostly_the_suit_colour(style: str) -> None:
    for suit in range(4):
        sprite = sign_sprite(style, suit, 64)
        want = suit_color(style, suit)
        opaque = near = 0
        counts: dict[tuple[int, ...], int] = {}
        for x in range(64):
            for y in range(64):
                c = sprite.get_at((x, y))
                if c.a > 250:
                    opaque += 1
                    near += sum(abs(a - b) for a, b in zip(c[:3], want, strict=True)) < 40
                    counts[tuple(c[:3])] = counts.get(tuple(c[:3]), 0) + 1
        assert opaque > 600
        # Outlines and the acorn's cup take their share; the suit colour still leads.
        assert near / opaque > 0.25, (style, suit, near / opaque)
        assert max(counts, key=counts.__getitem__) == want, (style, suit)


def test_cache_returns_the_same_surface() -> None:
    art = fresh("german")
    assert art.face(5, 100) is art.face(5, 100)
    assert art.back(100) is art.back(100)
    assert art.highlighted(5, 100) is art.highlighted(5, 100)
    assert art.dimmed(5, 100) is art.dimmed(5, 100)
    assert art.face(5, 100) is not art.face(5, 101)
    # A second DeckArt with the same settings shares the cache.
    assert DeckArt("german", cache=art.cache).face(5, 100) is art.face(5, 100)


def test_cache_is_bounded() -> None:
    cache = SurfaceCache(max_pixels=3 * 60 * 93)
    art = DeckArt("french", cache=cache)
    for card in range(6):
        art.face(card, 60)
    assert len(cache) == 3 and cache.pixels <= cache.max_pixels


def test_the_shared_budget_follows_the_window() -> None:
    """Art of an earlier window size goes first: a resized window does not pile up decks."""
    pygame.display.init()
    try:
        pygame.display.set_mode((320, 240))
        cache = SurfaceCache(windows=2.0, min_pixels=1000)
        assert cache.budget == 2 * 320 * 240
        art = DeckArt("french", cache=cache)
        first = pygame.image.tobytes(art.face(3, 60), "RGBA")
        for width in (60, 70, 80, 90):  # the window is resized, cards grow
            for card in range(32):
                art.face(card, width)
            assert cache.pixels <= cache.budget
        widths = {key[-1] for key in cache._items}
        assert 90 in widths and 60 not in widths  # the oldest size went first
        # drawn again after it was dropped, a face comes out the same, pixel for pixel
        assert pygame.image.tobytes(art.face(3, 60), "RGBA") == first
        pygame.display.set_mode((640, 480))
        assert cache.budget == 2 * 640 * 480
        assert SurfaceCache(max_pixels=5000, windows=2.0).budget == 5000  # never above the cap
    finally:
        pygame.display.quit()
    assert SurfaceCache(max_pixels=5000, windows=2.0).budget == 5000  # no window: the cap


def test_highlighted_and_dimmed_looks() -> None:
    art = fresh("french")
    face, hi, dim = art.face(2, 140), art.highlighted(2, 140), art.dimmed(2, 140)
    h = art.height_for(140)
    assert hi.get_size() == dim.get_size() == face.get_size()
    edge = hi.get_at((70, 2))
    assert edge.r > 200 and edge.g > 150 and edge.b < 120      # a golden border
    centre = face.get_at((70, h // 2))
    dark = dim.get_at((70, h // 2))
    assert luminance(tuple(dark)) < luminance(tuple(centre)) * 0.85
    assert dim.get_at((0, 0)).a == 0 and hi.get_at((0, 0)).a == 0
    assert face.get_at((70, 2)) != edge  # the face itself was not changed


def test_backs() -> None:
    assert len(BACK_DESIGNS) >= 2
    backs = [DeckArt(back_design=d, cache=SurfaceCache()).back(100) for d in
             range(len(BACK_DESIGNS))]
    assert len({pygame.image.tobytes(b, "RGBA") for b in backs}) == len(backs)
    for back in backs:
        assert back.get_size() == (100, 154) and back.get_at((0, 0)).a == 0
    with pytest.raises(ValueError):
        DeckArt(back_design=len(BACK_DESIGNS))


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        DeckArt("swiss")
    with pytest.raises(ValueError):
        fresh().face(32, 100)
    with pytest.raises(ValueError):
        fresh().face(0, 5)
    with pytest.raises(TypeError):
        fresh().face(0, 60.5)  # type: ignore[arg-type]


@pytest.mark.parametrize("style", DECK_STYLES)
def test_suit_sign_draws_inside_its_rect(style: str) -> None:
    for suit in range(4):
        surface = pygame.Surface((60, 40), pygame.SRCALPHA)
        surface.fill((0, 0, 0, 0))
        rect = pygame.Rect(20, 10, 20, 20)
        suit_sign(surface, style, suit, rect)
        inside = sum(surface.get_at((x, y)).a > 128 for x in range(20, 40) for y in range(10, 30))
        outside = sum(surface.get_at((x, y)).a > 0 for x in range(60) for y in range(40)
                      if not rect.collidepoint(x, y))
        assert inside > 60 and outside == 0
        flat = pygame.Surface((20, 20), pygame.SRCALPHA)
        flat.fill((0, 0, 0, 0))
        suit_sign(flat, style, suit, flat.get_rect(), color=(10, 200, 10))
        colours = {tuple(flat.get_at((x, y)))[:3] for x in range(20) for y in range(20)
                   if flat.get_at((x, y)).a == 255}
        assert colours == {(10, 200, 10)}
