"""Every screen in German: no English text reaches the window.

The game is played in German through every scene (menu, settings, new
list, dealing, auction, skat, play, results, score sheet, help, pause,
finished lists, statistics) while every string drawn is noted; none may be
an English text that differs from its German one.
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from skatgame.table.archive import ARCHIVE_FOLDER
from skatgame.table.i18n import load_table
from skatgame.table.settings import Opponent, Settings
from skatgame.table.store import Store
from skatgame.ui import fonts, widgets
from skatgame.ui import text as ui_text
from skatgame.ui.app import App
from skatgame.ui.testing import button_centre, click, press, run_until, steps
from tests.ui.test_fonts import Spy
from tests.ui.test_play_through import mouse_turn
from tests.ui.test_saving import archive_doc


def english_only() -> set[str]:
    """English texts that are not also German texts (so they must not show in German);
    not the keys' letters (a letter is no word: "O" may be a German key too)."""
    en, de = load_table("en"), load_table("de")
    german = set(de.values())
    return {v for k, v in en.items() if v != de[k] and v not in german and "{" not in v
            and not k.startswith(("format.", "key."))}


def test_german_screens_show_no_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real = fonts.load_font
    monkeypatch.setattr(fonts, "load_font", lambda px: Spy(real(px), seen))
    fonts._FONTS.clear()
    ui_text._TEXTS.clear()
    widgets.clear_caches()
    (tmp_path / ARCHIVE_FOLDER).mkdir()
    (tmp_path / ARCHIVE_FOLDER / "one.json").write_text(json.dumps(archive_doc()),
                                                        encoding="utf-8")
    settings = Settings(language="de", animation_speed="fast", sound_on=False,
                        deck_style="german",
                        opponents=(Opponent("beginner", "Anna"), Opponent("beginner", "Ben")))
    app = App(settings=settings, store=Store(tmp_path), size=(1280, 720), inline_players=True,
              sound=False, seed=12)
    try:
        steps(app, 3)
        for name in ("settings", "finished", "stats"):
            click(button_centre(app, name))
            steps(app, 2)
            if name == "settings":
                app.top.turn_page()
                steps(app, 2)
            if name == "finished":
                press(pygame.K_RETURN)  # the score sheet of the finished list
                steps(app, 2)
                press(pygame.K_ESCAPE)
                steps(app, 1)
            press(pygame.K_ESCAPE)
            steps(app, 1)
        click(button_centre(app, "new"))
        steps(app, 2)
        click(button_centre(app, "start"))
        press(pygame.K_F1)
        steps(app, 2)
        press(pygame.K_F1)
        steps(app, 1)
        run_until(app, lambda: app.top.name == "results" and not app.top.board.busy
                  or bool(mouse_turn(app)), limit=20000)
        steps(app, 20)
        press(pygame.K_TAB)
        steps(app, 2)
        press(pygame.K_ESCAPE)
        steps(app, 1)
        press(pygame.K_ESCAPE)  # the pause menu
        steps(app, 2)
        assert app.top.name == "pause" and not app.errors
    finally:
        app.close()
        fonts._FONTS.clear()
        ui_text._TEXTS.clear()
        widgets.clear_caches()
    drawn = set(seen)
    assert len(drawn) > 150, "too little was drawn for the test to mean anything"
    for word in ("Einstellungen", "Abgeschlossene Listen", "Statistik", "Hausregeln",
                 "Vorhand", "Endstand"):
        assert any(word in s for s in drawn), word
    english = {s for s in drawn if s.strip() in english_only()}
    assert not english
