"""Settings at large text show the deck chosen: at 200 % the rows of "Table and sound" took
the page's width (German) or left room for cards too small to tell the decks apart
(English), so the player choosing French, tournament (four colours) or German cards could
not see what he picked; now the cards stand under the rows, as wide as 40 units at least,
inside the window and clear of every text, the rows and Back (issue 28, item 1)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from skatgame.engine.cards import DECK_STYLES
from skatgame.ui.app import App
from skatgame.ui.scenes.settings import SettingsScene
from skatgame.ui.testing import frame_log, make_app, press, steps
from skatgame.ui.text import TextLog


def _open(tmp_path: Path, size: tuple[int, int], language: str,
          text_size: int) -> tuple[App, SettingsScene]:
    app = make_app(tmp_path, size=size)
    app.set_settings(dataclasses.replace(app.settings, language=language,
                                         text_size=text_size))
    steps(app, 2)
    app.nav.push("settings", page="table")
    steps(app, 1)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    return app, scene


def _frame(app: App) -> TextLog:
    return frame_log(app, 0.0)


def _assert_clear(app: App, scene: SettingsScene, log: TextLog) -> pygame.Rect:
    """The cards drawn, inside the window and the panel, over no text, row or button."""
    cards = scene.preview_drawn
    assert cards is not None, "no deck preview"
    assert app.screen.get_rect().contains(cards) and scene.panel.contains(cards)
    texts = [t for t in log.items if not t.hidden]
    assert texts and not [t.text for t in texts if t.rect.colliderect(cards)]
    assert not [r.name for r in scene.form.rows if r.rect.colliderect(cards)]
    assert not [b.name for b in scene.buttons if b.rect.colliderect(cards)]
    for mark in scene.scroll.marks or ():
        assert mark is None or not mark.colliderect(cards)
    return cards


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_at_200_percent_the_deck_chosen_is_shown_under_the_rows(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    app, scene = _open(tmp_path, size, language, 200)
    least = round(40 * app.layout.unit)
    deck = scene.row("deck_style")
    assert deck is not None
    for style in DECK_STYLES:  # each deck, as chosen by the row
        deck.select_value(style)
        scene.change("deck_style", style)
        log = _frame(app)
        assert not log.cut, log.cut
        cards = _assert_clear(app, scene, log)
        shown = [r.rect for r in scene.form.rows if r.rect.width > 0]
        assert len(shown) >= 3 and cards.top > max(r.bottom for r in shown)  # under them
        # each card (four, fanned, turned a little) about as wide as 40 units at least
        assert cards.width >= 3 * least and cards.height >= least * 1.5, (cards, least)
    # down to the last row: the cards stay where they are, the rows scroll over them
    where = scene.preview_drawn
    for _ in range(len(scene.form.rows) - 1):
        press(pygame.K_DOWN)
        steps(app, 1)
    assert scene.form.rows[-1].rect.width > 0 and scene.form.rows[0].rect.width == 0
    log = _frame(app)
    assert _assert_clear(app, scene, log) == where
    assert not app.errors


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("text_size", [100, 150])
def test_at_100_and_150_percent_the_deck_stands_beside_the_rows(
        tmp_path: Path, text_size: int, language: str) -> None:
    app, scene = _open(tmp_path, (1280, 720), language, text_size)
    cards = _assert_clear(app, scene, _frame(app))
    assert cards.left > max(r.rect.right for r in scene.form.rows)
    assert cards.width >= 3 * round(40 * app.layout.unit)
    scene.turn_page("game")  # on another page: none
    _frame(app)
    assert scene.preview_drawn is None
