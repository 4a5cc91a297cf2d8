"""Putting away: while the mouse is over the hand, its cards keep their places, so clicks
at fixed points hit the cards they were aimed at (a newcomer's second click once hit the
card that moved in); once the pointer leaves the hand, the hand closes up. The two
places of the skat lie side by side, and the skat hint puts its two cards there."""

from __future__ import annotations

import math

import pygame
import pytest

from skatgame.engine.actions import Discard
from skatgame.engine.cards import cards_of
from skatgame.engine.deal import Phase
from skatgame.ui.layout import layout_for
from skatgame.ui.testing import (
    button_centre,
    card_point,
    click,
    press,
    resize,
    run_until,
    steps,
)
from tests.ui.test_scenes import table, until_human, win_auction


def _discarding(tmp_path, size):  # noqa: ANN001, ANN202
    app = table(tmp_path, before=win_auction)
    resize(app, size)
    until_human(app, Phase.SKAT)
    click(button_centre(app, "take"))
    scene = until_human(app, Phase.DISCARD)
    steps(app, 30)  # the hand has settled
    return app, scene


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_two_clicks_at_fixed_points_put_away_the_cards_aimed_at(tmp_path, size) -> None:  # noqa
    app, scene = _discarding(tmp_path, size)
    view = scene.board
    hand = list(view.human_hand())
    assert len(hand) == 12
    # every click point worked out before the first click, as a player aims
    points = {c: card_point(app, c) for c in hand}
    where = {c: (view.sprite_of(c).x, view.sprite_of(c).y) for c in hand}
    first, second = hand[3], hand[4]  # neighbours: a closing gap would shift the second
    click(points[first])
    steps(app, 30)
    assert scene.chosen == [first]
    for c in hand:  # the others have not moved while the pointer is over the hand
        if c != first:
            assert (view.sprite_of(c).x, view.sprite_of(c).y) == pytest.approx(where[c], abs=1)
    click(points[second])
    steps(app, 30)
    assert scene.chosen == [first, second]
    # both chosen, the pointer still over the hand: the ten cards close up, centred as
    # any hand of ten (no gap is left where the two cards were)
    assert view.keep_places is None
    slots = app.layout.hand_slots(10)
    assert [view.sprite_of(c).x for c in view.human_hand()] == pytest.approx(
        [x for x, _y, _a in slots], abs=1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(size[0] // 2, size[1] // 3),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    steps(app, 30)
    assert [view.sprite_of(c).x for c in view.human_hand()] == pytest.approx(
        [x for x, _y, _a in slots], abs=1)
    # one taken back from the skat goes into the hand again
    click((round(view.sprite_of(first).x), round(view.sprite_of(first).y)))
    steps(app, 30)
    assert scene.chosen == [second] and first in view.human_hand()
    click(card_point(app, first))
    steps(app, 30)
    click(button_centre(app, "discard"))
    run_until(app, lambda: app.top.name == "declare")
    assert cards_of(app.session.deal.skat) == sorted((first, second))
    assert view.keep_places is None
    assert not app.errors


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (900, 1000), (800, 600)])
@pytest.mark.parametrize("four", [False, True])
def test_the_two_places_of_the_skat_do_not_overlap(size, four) -> None:  # noqa: ANN001
    L = layout_for(*size).seated(four)
    (x1, _y1, a1), (x2, _y2, a2) = L.skat_slots(2)

    def half_width(angle: float) -> float:
        r = math.radians(abs(angle))
        return (L.table_w * math.cos(r) + L.table_h * math.sin(r)) / 2

    assert x2 - x1 > half_width(a1) + half_width(a2)
    assert x2 - x1 > L.table_w  # the outlines, upright, are clear of each other too


def test_the_skat_hint_puts_its_two_cards_in_the_skat(tmp_path, monkeypatch) -> None:  # noqa
    import sys
    import types

    from skatgame.ai.player import Suggestion

    fake = types.ModuleType("skatgame.ai.hints")

    def suggest(obs, deadline=None):  # noqa: ANN001, ANN202
        discards = [a for a in obs.legal_actions if isinstance(a, Discard)]
        return Suggestion(discards[-1], 0.6, "")

    fake.suggest = suggest  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "skatgame.ai.hints", fake)
    app, scene = _discarding(tmp_path, (1280, 720))
    hand = list(scene.board.human_hand())
    click(card_point(app, hand[0]))  # one card chosen before the hint: it goes back
    steps(app, 10)
    press(pygame.K_h)
    run_until(app, lambda: scene.hint is not None)
    steps(app, 2)
    suggested = scene.hint.action
    assert sorted(scene.chosen) == sorted(suggested.cards)
    press(pygame.K_RETURN)  # Enter puts them away, as Enter plays a hinted card
    run_until(app, lambda: app.top.name == "declare")
    assert cards_of(app.session.deal.skat) == sorted(suggested.cards)
    assert not app.errors


@pytest.mark.parametrize("hinted_hand", [True, False])
def test_the_skat_hint_highlights_hand_or_pick_up_and_enter_does_it(
        tmp_path, monkeypatch, hinted_hand: bool) -> None:  # noqa: ANN001
    """A bid reached only by a hand game: the hint says 'play hand', and Enter (the
    highlighted button) does not pick up the skat any more."""
    import sys
    import types

    from skatgame.ai.player import Suggestion
    from skatgame.engine.actions import TAKE_SKAT

    fake = types.ModuleType("skatgame.ai.hints")

    def suggest(obs, deadline=None):  # noqa: ANN001, ANN202
        hand = [a for a in obs.legal_actions if a != TAKE_SKAT]
        return Suggestion(hand[0] if hinted_hand else TAKE_SKAT, 0.7, "")

    fake.suggest = suggest  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "skatgame.ai.hints", fake)
    app = table(tmp_path, before=win_auction)
    scene = until_human(app, Phase.SKAT)
    steps(app, 10)
    assert scene.button("take").primary and not scene.button("hand").primary
    press(pygame.K_h)
    run_until(app, lambda: scene.hint is not None)
    steps(app, 2)
    assert scene.button("hand").primary is hinted_hand
    assert scene.button("take").primary is not hinted_hand
    press(pygame.K_RETURN)
    if hinted_hand:
        run_until(app, lambda: app.top.name == "declare")
        assert app.top.hand and app.session.deal.phase is Phase.SKAT
    else:
        run_until(app, lambda: app.session.deal.phase is Phase.DISCARD)
    assert not app.errors
