"""Putting away: the hand's cards keep their places, so clicks at fixed points hit the
cards they were aimed at (a newcomer's second click once hit the card that moved in)."""

from __future__ import annotations

import pytest

from skatgame.engine.cards import cards_of
from skatgame.engine.deal import Phase
from skatgame.ui.testing import button_centre, card_point, click, resize, run_until, steps
from tests.ui.test_scenes import table, until_human, win_auction


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_two_clicks_at_fixed_points_put_away_the_cards_aimed_at(tmp_path, size) -> None:  # noqa
    app = table(tmp_path, before=win_auction)
    resize(app, size)
    until_human(app, Phase.SKAT)
    click(button_centre(app, "take"))
    scene = until_human(app, Phase.DISCARD)
    steps(app, 30)  # the hand has settled
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
    for c in hand:  # the others have not moved
        if c != first:
            assert (view.sprite_of(c).x, view.sprite_of(c).y) == pytest.approx(where[c], abs=1)
    click(points[second])
    steps(app, 30)
    assert scene.chosen == [first, second]
    # one taken back from the skat goes to its own place again
    click((round(view.sprite_of(first).x), round(view.sprite_of(first).y)))
    steps(app, 30)
    assert scene.chosen == [second]
    assert (view.sprite_of(first).x, view.sprite_of(first).y) == pytest.approx(where[first], abs=1)
    click(points[first])
    steps(app, 30)
    click(button_centre(app, "discard"))
    run_until(app, lambda: app.top.name == "declare")
    assert cards_of(app.session.deal.skat) == sorted((first, second))
    assert view.keep_places is None or len(view.human_hand()) == 10
    assert not app.errors
