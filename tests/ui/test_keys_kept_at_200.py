"""At 200 % every button of the results panel and the bidding row keeps its key hint
(issue 28: every control can be reached and read by keyboard): "Review (R)",
"Spielliste (Tab)", "Analyse (A)" on a narrow results panel and "20 (1)", "48 (3)" among
the values lost their keys for want of room."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from skatgame.commands.gallery import Camera, _bid_helper_shot, _claim_shots
from skatgame.table.settings import Opponent, Settings
from skatgame.table.store import Store
from skatgame.ui import widgets
from skatgame.ui.app import App
from skatgame.ui.scenes.results import ResultsScene
from skatgame.ui.testing import resize, steps
from tests.table.test_review_model import small_fair_view  # noqa: F401 (autouse: few worlds)
from tests.ui.test_review_scene import sit_down, to_results

SIZES = [(1280, 720), (1920, 1080)]


def camera(home: Path, size: tuple[int, int], language: str) -> Camera:
    """An app as the gallery's at 200 %, and its camera (no pictures saved)."""
    settings = Settings(sound_on=False, language=language, animation_speed="instant",
                        show_running_points=True, text_size=200,
                        opponents=(Opponent("beginner", "Anna"), Opponent("beginner", "Ben")))
    app = App(settings=settings, store=Store(home), size=size, inline_players=True,
              save=False, sound=False, fullscreen=False, seed=7, screen=size)
    return Camera(app, None, language, text_size=200)


def clean(shot: object) -> None:
    assert not shot.keys_left_out, shot.keys_left_out  # type: ignore[attr-defined]
    assert not shot.cut and not shot.overlaps, (shot.cut, shot.overlapping)  # type: ignore


def test_the_results_panels_buttons_keep_their_keys_at_200_percent(tmp_path) -> None:  # noqa
    """Three seats, English and German, both window sizes: each button of the results
    panel shows its key beside its whole label, inside the panel, none over another."""
    app = sit_down(tmp_path)
    to_results(app)
    for language in ("en", "de"):
        for size in SIZES:
            app.set_settings(replace(app.settings, language=language, text_size=200))
            resize(app, size)
            steps(app, 2)
            scene = app.top
            assert isinstance(scene, ResultsScene)
            cam = Camera(app, None, language, text_size=200)
            clean(cam.take("results"))
            panel = scene.content_rect()
            for b in scene.actions:
                _size, shown, lines = b.fitted()
                assert shown and "…" not in " ".join(lines), (language, size, b.label)
                assert panel.contains(b.rect)
            rects = [b.rect for b in scene.actions]
            assert not any(a.colliderect(o) for i, a in enumerate(rects) for o in rects[i + 1:])
    assert not app.errors


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", SIZES)
def test_a_claims_narrow_results_panel_keeps_every_key_at_200_percent(
        size: tuple[int, int], language: str) -> None:
    """After a claim the panel stands between the open hands, narrower: "Spielliste" and
    "Analyse" kept their labels but lost Tab and A; now the next deal's button says
    "Weiter" (Enter) there and the row reaches closer to the panel's edges."""
    with tempfile.TemporaryDirectory() as home:
        cam = camera(Path(home), size, language)
        _claim_shots(cam, 5)
        shot = next(s for s in cam.shots if s.name == "claim-results")
        clean(shot)
        assert not cam.app.errors


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", SIZES)
def test_the_bidding_rows_values_keep_their_number_keys_at_200_percent(
        size: tuple[int, int], language: str) -> None:
    """The next page of values with the helper's limit kept on the row ("20 (1)" and
    "48 (3)" lost their keys at 1920x1080): every value shows its number key."""
    with tempfile.TemporaryDirectory() as home:
        cam = camera(Path(home), size, language)
        _bid_helper_shot(cam)
        for name in ("bid-helper", "bid-higher"):
            clean(next(s for s in cam.shots if s.name == name))
        chips = [b for b in cam.app.top.actions if b.name.startswith("bid")]
        assert chips and all(b.fitted()[1] for b in chips)
        assert not cam.app.errors


def test_a_row_too_narrow_for_every_key_takes_the_short_labels() -> None:
    """The room above what keeps each key gives way first; where even that is short
    the buttons with a shorter label show it (and their whole label again once the row
    has room)."""
    pygame.font.init()
    long = widgets.Button("Nächstes Spiel", lambda: None, key_hint="Enter", font_size=38,
                          short="Weiter")
    other = widgets.Button("Spielliste", lambda: None, key_hint="Tab", font_size=38)
    row = [other, long]
    need = sum(widgets.least_width(b, 63) for b in row) + 10
    widgets.row_of_buttons(row, pygame.Rect(0, 0, need, 63), 63, 10, 100)
    assert long.label == "Nächstes Spiel" and all(b.fitted()[1] for b in row)
    short = widgets.Button("Weiter", lambda: None, key_hint="Enter", font_size=38)
    least = widgets.least_width(other, 63) + widgets.least_width(short, 63) + 10
    assert least < need
    widgets.row_of_buttons(row, pygame.Rect(0, 0, least, 63), 63, 10, 100)
    assert long.label == "Weiter" and all(b.fitted()[1] for b in row)
    widgets.row_of_buttons(row, pygame.Rect(0, 0, need + 400, 63), 63, 10, 100)
    assert long.label == "Nächstes Spiel"
