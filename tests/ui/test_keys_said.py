"""Keys that are said (issue 28): F5-F9 without speech say where to turn it on; the
settings' pages show their keys on their tabs, which turn by Tab (Shift+Tab back) and
by number, and F1 lists them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from skatgame.engine.deal import Phase
from skatgame.engine.options import RuleOptions
from skatgame.ui import speech
from skatgame.ui.app import App
from skatgame.ui.scenes.overlays import HELP_KEYS, HelpOverlay
from skatgame.ui.testing import (
    drawn_texts,
    human_turn,
    make_app,
    new_session,
    open_table,
    press,
    run_until,
    steps,
    win_auction,
)
from skatgame.ui.text import label_text


def key(app: App, k: int, mod: int = 0) -> None:
    press(k, mod)
    steps(app, 1)


def at_table(tmp_path: Path, language: str) -> App:
    app = make_app(tmp_path)
    app.set_settings(replace(app.settings, language=language))
    session = new_session(app, deals=3, options=RuleOptions(), list_kind="seeger-fabian",
                          levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=7)
    win_auction(session)
    open_table(app, session, resume=True)
    run_until(app, lambda: human_turn(app, (Phase.SKAT,)))
    return app


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("k", [pygame.K_F5, pygame.K_F6, pygame.K_F7, pygame.K_F8,
                               pygame.K_F9])
def test_the_speech_keys_without_speech_say_where_to_turn_it_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, k: int) -> None:
    app = at_table(tmp_path, language)
    toast = app.top.board.toast
    tr = app.tr
    key(app, k)  # speech off
    assert toast.visible and label_text(toast.label) == tr("speech.keys_off")
    assert ("Seeing and hearing" if language == "en" else "Sehen und Hören") in \
        label_text(toast.label)
    toast.clear()
    # on, but nothing to speak with (the speech extra not installed)
    monkeypatch.setattr(speech, "system_voice", lambda _lang: None)
    app.services.speaker.voice = None
    app.set_settings(replace(app.settings, speak=True))
    key(app, k)
    assert toast.visible and label_text(toast.label) == tr("speech.keys_missing")
    # and with a voice the key speaks, and says nothing on the screen
    toast.clear()
    voice = speech.Recorder()
    app.services.speaker.voice = voice
    if k == pygame.K_F9:  # (it says again what was said last)
        key(app, pygame.K_F5)
    key(app, k)
    assert voice.lines and not toast.visible
    assert not app.errors


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("text_size", [100, 200])
def test_the_settings_tabs_show_their_keys_and_turn_by_them(
        tmp_path: Path, language: str, size: tuple[int, int], text_size: int) -> None:
    app = make_app(tmp_path, size=size)
    app.set_settings(replace(app.settings, language=language, text_size=text_size))
    app.nav.reset("menu")
    app.nav.push("settings")
    steps(app, 3)
    scene = app.top
    assert [b.key_hint for b in scene.tabs] == ["1", "2", "3"]
    texts = drawn_texts(app)
    assert all(t in texts for t in ("1", "2", "3"))  # shown, not left out for room
    pages = [b.name.removeprefix("page_") for b in scene.tabs]
    assert scene.page == pages[0]
    key(app, pygame.K_TAB)
    assert scene.page == pages[1]
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.page == pages[0]
    key(app, pygame.K_PAGEUP)
    assert scene.page == pages[-1]
    key(app, pygame.K_1)
    assert scene.page == pages[0]
    key(app, pygame.K_3)
    assert scene.page == pages[2]
    key(app, pygame.K_2)
    assert scene.page == pages[1]
    assert app.top is scene and not app.errors


def test_help_lists_the_keys_of_pages(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    keys = {k: w for _h, group in HELP_KEYS for k, w in group}
    assert keys.get("help.tab_digits") == "help.k.settings_page"
    for language, words in (("en", "Shift+Tab: back"), ("de", "Umschalt+Tab: zurück")):
        app.set_settings(replace(app.settings, language=language))
        app.stack.push(HelpOverlay(app.services))
        steps(app, 1)
        for _ in range(4):  # (the keys page may take more than one screen)
            texts = " ".join(drawn_texts(app))
            if "Tab, 1, 2, 3" in texts:
                break
            key(app, pygame.K_PAGEDOWN)
        assert "Tab, 1, 2, 3" in texts and words in texts
        app.nav.pop()
        steps(app, 1)
