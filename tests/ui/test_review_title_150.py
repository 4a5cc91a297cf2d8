"""At 150 % in German, 1920x1080, the review of a null game cut its title ("…
gewonnen" lost): where the title needs the line the keys' legend gives way (they are in
the help, F1)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from skatgame.commands.gallery import Camera, _null_deal, _steps, _until
from skatgame.table.review import source_of_deal
from skatgame.table.settings import Opponent, Settings
from skatgame.table.store import Store
from skatgame.ui.app import App
from skatgame.ui.scenes.review import ReviewScene


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_null_reviews_title_is_whole_at_150_percent(size: tuple[int, int],
                                                        language: str) -> None:
    settings = Settings(sound_on=False, language=language, animation_speed="instant",
                        text_size=150,
                        opponents=(Opponent("beginner", "Anna"), Opponent("beginner", "Ben")))
    with tempfile.TemporaryDirectory() as home:
        app = App(settings=settings, store=Store(Path(home)), size=size, inline_players=True,
                  save=False, sound=False, fullscreen=False, seed=7, screen=size)
        app.nav.push("review", source=source_of_deal(_null_deal(3), (0, 1, 2),
                                                     ["Du", "Anna", "Ben"],
                                                     [None, "beginner", "beginner"],
                                                     "gallery", 2))
        scene = app.top
        assert isinstance(scene, ReviewScene)
        _until(app, lambda: scene.model.fair_done and scene.model.review is not None,
               "the analysis", 3000)
        turn = scene.model.turning_point()
        scene.go(turn if turn is not None else 0)
        _steps(app, 2)
        shot = Camera(app, None, language, text_size=150).take("review-null")
        assert not shot.cut and not shot.overlaps, (shot.cut, shot.overlapping)
        assert not app.errors
