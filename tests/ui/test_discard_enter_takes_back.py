"""Putting away by keys: once a card is in the skat, the arrows go on to it (the cards
chosen come after the hand) and Enter there takes it back into the hand. Enter on it did
nothing while fewer than two were chosen: a newcomer at 200 % pressed it again and again."""

from __future__ import annotations

import pygame

from skatgame.engine.deal import Phase
from skatgame.ui.testing import button_centre, click, steps
from skatgame.ui.testing import press as post
from tests.ui.test_scenes import table, until_human, win_auction


def press(app, key: int) -> None:  # noqa: ANN001
    """A key pressed and the frames that read it."""
    post(key)
    steps(app, 2)


def test_enter_on_a_card_in_the_skat_takes_it_back(tmp_path) -> None:  # noqa: ANN001
    app = table(tmp_path, before=win_auction)
    until_human(app, Phase.SKAT)
    click(button_centre(app, "take"))
    scene = until_human(app, Phase.DISCARD)
    steps(app, 30)
    view = scene.board
    hand = list(view.human_hand())
    press(app, pygame.K_LEFT)  # from no focus: the last card of the hand
    assert view.focus == hand[-1]
    press(app, pygame.K_RETURN)  # into the skat
    steps(app, 10)
    assert scene.chosen == [hand[-1]]
    assert view.focus == hand[-2]  # the arrows stay where they were: the new last card
    press(app, pygame.K_RIGHT)  # ... and Right goes on to the card in the skat
    assert view.focus == hand[-1]
    press(app, pygame.K_RETURN)
    steps(app, 10)
    assert scene.chosen == []
    assert hand[-1] in view.human_hand()
    assert scene.table.phase is Phase.DISCARD
