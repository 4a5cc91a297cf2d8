"""The review's board with large text (the trick and the skat at the left of the bottom
hand): at 150 % the trick's left card lay over the skat and its right card touched the
bottom hand's lifted card (1280x720 and 1920x1080). The trick is as small as the room
beside the hand needs."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from skatgame.commands.gallery import _null_deal, _steps, _until
from skatgame.table.review import source_of_deal
from skatgame.table.settings import Opponent, Settings
from skatgame.table.store import Store
from skatgame.ui.app import App
from skatgame.ui.scenes.review import ReviewScene


@pytest.mark.parametrize("percent", [150, 200])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_trick_keeps_clear_of_the_skat_and_the_hand(size: tuple[int, int],
                                                        percent: int) -> None:
    settings = Settings(sound_on=False, language="en", animation_speed="instant",
                        text_size=percent,
                        opponents=(Opponent("beginner", "Anna"), Opponent("beginner", "Ben")))
    with tempfile.TemporaryDirectory() as home:
        app = App(settings=settings, store=Store(Path(home)), size=size, inline_players=True,
                  save=False, sound=False, fullscreen=False, seed=7, screen=size)
        app.nav.push("review", source=source_of_deal(_null_deal(3), (0, 1, 2),
                                                     ["You", "Anna", "Ben"],
                                                     [None, "beginner", "beginner"],
                                                     "gallery", 2))
        scene = app.top
        assert isinstance(scene, ReviewScene)
        _until(app, lambda: scene.model.fair_done and scene.model.review is not None,
               "the analysis", 3000)
        assert scene.paged  # the board of large text
        seen = 0
        for index in range(scene.model.count):
            scene.go(index)
            _steps(app, 1)
            cards = scene.cards_drawn
            trick, skat, hand = (cards.get(k, []) for k in ("trick", "skat", "hand0"))
            if len(trick) < 2 or not skat:
                continue
            seen += 1
            for card in trick:
                assert card.collidelist(skat) < 0, (index, card, skat)
                assert card.collidelist(hand) < 0, (index, card, hand)
        assert seen >= 5
        assert not app.errors
