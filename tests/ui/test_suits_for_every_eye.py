"""The four suits told apart without colour: in grey and as eyes with protanopia,
deuteranopia and tritanopia see them (Machado et al. 2009, severity 1), in every deck.

The measure: each deck's four signs are drawn at 64 px on the card's paper; a pixel
belongs to a sign where the simulated colour stands off the simulated paper by a WCAG
contrast of at least 1.5:1. Each sign must keep at least 90% of its shape visible that
way, and any two signs of a deck must differ in at least 25% of the pixels the two cover
together (the symmetric difference of their masks over their union): told apart by
shape, whatever the colours look like.
"""

from __future__ import annotations

import functools
import itertools
from pathlib import Path

import pygame
import pytest

from skatgame.engine.cards import DECK_STYLES
from skatgame.ui.cards.faces import PAPER
from skatgame.ui.cards.signs import sign_sprite
from skatgame.ui.vision import DEFICIENCIES, contrast_ratio, grey, simulate

pygame.display.init()

SIZE = 64
VIEWS = ("colour", "grey", *DEFICIENCIES)
MIN_VISIBLE = 0.90
MIN_DIFFERENCE = 0.25


def _seen(color: tuple[int, int, int], view: str) -> tuple[int, int, int]:
    if view == "colour":
        return color
    if view == "grey":
        return grey(color)
    return simulate(color, view)


@functools.cache
def _visible(color: tuple[int, int, int], view: str) -> bool:
    return contrast_ratio(_seen(color, view), _seen(PAPER, view)) >= 1.5


def _masks(style: str, suit: int, view: str) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """The sign's shape (where it is drawn at all) and the part of it seen in ``view``."""
    paper = pygame.Surface((SIZE, SIZE))
    paper.fill(PAPER)
    sprite = sign_sprite(style, suit, SIZE)
    paper.blit(sprite, (0, 0))
    shape, seen = set(), set()
    for y in range(SIZE):
        for x in range(SIZE):
            if sprite.get_at((x, y)).a < 128:
                continue
            shape.add((x, y))
            c = paper.get_at((x, y))
            if _visible((c.r, c.g, c.b), view):
                seen.add((x, y))
    return shape, seen


@pytest.mark.parametrize("style", DECK_STYLES)
@pytest.mark.parametrize("view", VIEWS)
def test_the_four_suits_stay_apart_by_shape(style: str, view: str) -> None:
    seen = []
    for suit in range(4):
        shape, visible = _masks(style, suit, view)
        assert len(visible) >= MIN_VISIBLE * len(shape), (style, suit, view,
                                                          len(visible) / len(shape))
        seen.append(visible)
    for a, b in itertools.combinations(range(4), 2):
        union = seen[a] | seen[b]
        difference = len(seen[a] ^ seen[b]) / len(union)
        assert difference >= MIN_DIFFERENCE, (style, view, a, b, round(difference, 3))


def test_the_cards_that_may_be_played_are_raised_not_only_coloured(tmp_path: Path) -> None:
    """In play the playable cards stand higher than the others (a change of place, seen
    without colour); the others are dimmed besides."""
    from skatgame.engine.options import RuleOptions
    from skatgame.ui.app import STEP
    from skatgame.ui.scenes.play import PlayScene
    from skatgame.ui.testing import (
        make_app,
        new_session,
        open_table,
        others_declare,
        steps,
    )

    for seed in range(1, 30):
        folder = tmp_path / str(seed)
        folder.mkdir()
        app = make_app(folder, seed=seed)
        session = new_session(app, deals=3, options=RuleOptions(), list_kind="seeger-fabian",
                              levels=("beginner", "beginner"), names=("Anna", "Ben"),
                              seed=seed)
        others_declare(session)
        open_table(app, session, resume=True)
        deal = session.deal
        for _ in range(6000):
            if deal.result is not None:
                break
            app.step(STEP)
            top = app.top
            if not (isinstance(top, PlayScene) and top.human_turn and not top.board.busy):
                continue
            hand = deal.hands[session.human_seat]
            cards = [c for c in range(32) if hand >> c & 1]
            playable = top.legal_cards()
            others = [c for c in cards if c not in playable]
            if not deal.trick or not others:
                top.play(playable[0])
                continue
            steps(app, 3)
            board = top.board
            L = board.layout
            order = board.human_hand()
            assert L.raise_by >= L.card_h * 0.06
            for c, (_x, y, _a) in zip(order, L.hand_slots(len(order)), strict=True):
                lift = y - board.sprite_of(c).y
                if c in playable:
                    assert lift >= L.raise_by * 0.95, (c, lift)
                else:
                    assert abs(lift) < L.raise_by * 0.3, (c, lift)
            assert set(others) <= board.dimmed and not set(playable) & board.dimmed
            assert not app.errors
            return
    pytest.fail("no deal gave the human a card he may not play")


def test_the_tournament_decks_green_spades_stay_green_in_light_text() -> None:
    """In the log (light text on a dark panel) the four-colour deck's ♠ was drawn white,
    like ♣: it keeps a light tint of its green now; French ♠ turns light as before."""
    from skatgame.table.labels import Sign
    from skatgame.ui.text import TEXT, rich

    def colours(style: str, suit: int) -> set[tuple[int, int, int]]:
        surf = rich((Sign(suit),), 40, TEXT, style)
        w, h = surf.get_size()
        return {tuple(surf.get_at((x, y))[:3]) for x in range(w) for y in range(h)
                if surf.get_at((x, y)).a > 250}

    green = colours("tournament", 1)
    assert green and all(g > r + 30 for r, g, _b in green)  # green, and light
    assert max(0.299 * r + 0.587 * g + 0.114 * b for r, g, b in green) > 110
    french = colours("french", 1)
    assert any(abs(r - g) < 20 and r > 150 for r, g, _b in french)  # light, no colour
