"""The focus is spoken on every scene: a scene that opens says its title and its focused
control, moving the focus says the control (label, kind, place: "Deals: 36, 2 of 27"),
changing a value says the new value; in English and German. Driven by posted keys with
the speech recorded (:class:`~skatgame.ui.speech.Recorder`); :mod:`skatgame.ui.focus`
finds the focus without code in the scenes."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from skatgame.ui.app import App
from skatgame.ui.speech import Recorder
from skatgame.ui.testing import click, make_app, press, steps


def _speaking(tmp_path: Path, language: str = "en") -> tuple[App, Recorder]:
    app = make_app(tmp_path)
    voice = Recorder()
    app.services.speaker.voice = voice
    app.services.speaker.language = language
    app.set_settings(replace(app.settings, speak=True, language=language))
    steps(app, 3)
    return app, voice


def _keys(app: App, voice: Recorder, *keys: int) -> list[str]:
    """Press ``keys`` one by one; the lines said meanwhile."""
    start = len(voice.lines)
    for key in keys:
        press(key)
        steps(app, 2)
    return voice.lines[start:]


def _open(app: App, voice: Recorder, route: str, **params: object) -> list[str]:
    start = len(voice.lines)
    app.nav.push(route, **params)
    steps(app, 3)
    return voice.lines[start:]


def test_the_menu_says_its_title_and_each_button_the_focus_reaches(tmp_path: Path) -> None:
    app, voice = _speaking(tmp_path)
    try:
        assert voice.lines == ["Main menu. New list, button, 1 of 7."]
        assert _keys(app, voice, pygame.K_DOWN, pygame.K_DOWN, pygame.K_UP) == [
            "Play together, button, 2 of 7", "Finished lists, button, 3 of 7",
            "Play together, button, 2 of 7"]
        assert _keys(app, voice, pygame.K_LSHIFT) == []  # no move: nothing said again
        assert not app.errors
    finally:
        app.close()


def test_form_rows_say_label_value_and_place_and_a_change_says_the_new_value(
        tmp_path: Path) -> None:
    app, voice = _speaking(tmp_path)
    try:
        said = _open(app, voice, "new_list")
        assert said == ["New list. List ends: after the deals, 1 of 27."]
        assert _keys(app, voice, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_LEFT) == [
            "Deals: 36, 2 of 27", "48", "36"]
        assert app.top.form.rows[1].value == 36
        # back on the menu: its title and the button with the focus again
        assert _keys(app, voice, pygame.K_ESCAPE) == ["Main menu. New list, button, 1 of 7."]
    finally:
        app.close()


def test_settings_pages_say_their_name_and_on_off_values(tmp_path: Path) -> None:
    app, voice = _speaking(tmp_path)
    try:
        said = _open(app, voice, "settings", page="access")
        assert said[0].startswith("Settings. Seeing and hearing. Size of text and cards: ")
        said = _keys(app, voice, pygame.K_DOWN, pygame.K_RIGHT)
        assert said == ["High contrast: Off, 2 of 8", "On"]
        said = _keys(app, voice, pygame.K_TAB)  # the next page: its name, then the row
        assert said == ["Table and sound. Card deck: French, 1 of 17."]
        assert not app.errors
    finally:
        app.close()


def test_the_focus_goes_on_from_the_rows_to_the_names_and_buttons(tmp_path: Path) -> None:
    app, voice = _speaking(tmp_path)
    try:
        _open(app, voice, "new_list")
        assert _keys(app, voice, pygame.K_UP, pygame.K_UP, pygame.K_UP) == [
            "Deal!, button, 27 of 27", "Back, button, 26 of 27",
            "Last trick may be viewed: On, 25 of 27"]
        # the names come between the list's rows and the house rules, said in that order
        for _ in range(10):
            press(pygame.K_UP)
            steps(app, 1)
        assert _keys(app, voice, pygame.K_UP) == ["Text field Right: Ben, 14 of 27"]
        app.nav.pop()
        _open(app, voice, "settings", page="access")
        assert _keys(app, voice, pygame.K_UP, pygame.K_UP) == [
            "Back, button, 8 of 8", "Seeing and hearing, selected, button, 7 of 8"]
    finally:
        app.close()


def test_a_question_says_its_title_text_and_the_answer_with_the_focus(tmp_path: Path) -> None:
    app, voice = _speaking(tmp_path)
    try:
        said = _open(app, voice, "confirm", title="Concede", body="Give the game up?",
                     on_yes=lambda: None)
        assert said == ["Concede. Give the game up? No, button, 1 of 2."]
        for _ in range(30):  # the question's gate against early keys opens
            steps(app, 1)
        assert _keys(app, voice, pygame.K_RIGHT) == ["Yes, button, 2 of 2"]
    finally:
        app.close()


def test_a_text_field_being_typed_in_says_what_it_holds(tmp_path: Path) -> None:
    app, voice = _speaking(tmp_path)
    try:
        _open(app, voice, "new_list")
        start = len(voice.lines)
        click(app.top.name_fields["left"].rect.center)
        steps(app, 2)
        assert voice.lines[start:] == ["Text field Left, typing: Anna"]
    finally:
        app.close()


def test_the_focus_is_spoken_in_german(tmp_path: Path) -> None:
    app, voice = _speaking(tmp_path, "de")
    try:
        assert voice.lines == ["Hauptmenü. Neue Liste, Schaltfläche, 1 von 7."]
        assert _keys(app, voice, pygame.K_DOWN) == ["Gemeinsam spielen, Schaltfläche, 2 von 7"]
        said = _open(app, voice, "settings", page="access")
        assert said[0].startswith("Einstellungen. ")
        assert _keys(app, voice, pygame.K_DOWN, pygame.K_RIGHT) == [
            "Hoher Kontrast: Aus, 2 von 8", "An"]
        assert _keys(app, voice, pygame.K_UP, pygame.K_UP, pygame.K_UP) == [
            "Größe von Schrift und Karten: 100 %, 1 von 8", "Zurück, Schaltfläche, 8 von 8",
            "Sehen und Hören, ausgewählt, Schaltfläche, 7 von 8"]
    finally:
        app.close()


def test_the_score_sheet_reads_out_the_deal_the_arrows_choose(tmp_path: Path) -> None:
    import random

    from skatgame.engine.options import ISKO
    from skatgame.ui.testing import new_session
    from tests.ui.test_saving import play_random

    app, voice = _speaking(tmp_path)
    try:
        session = new_session(app, deals=3, options=ISKO, list_kind="seeger-fabian",
                              levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=21)
        play_random(session, random.Random(8), 2)
        said = _open(app, voice, "sheet", session=session)
        # it opens on the last deal: its title, its button, the deal's row
        assert said[0].startswith("Score sheet. ") and " # 2, Declarer " in said[0]
        said = _keys(app, voice, pygame.K_UP)  # the deal before
        assert len(said) == 1 and said[0].startswith("# 1, Declarer ")
        assert "  " not in said[0]
        assert all(f", {name} " in said[0] for name in ("You", "Anna", "Ben"))
        # Seeger-Fabian: the declarer's score (value ± 50) is headed so, not "Value"
        assert ", Scored " in said[0] and ", Value " not in said[0]
        assert _keys(app, voice, pygame.K_DOWN)[0].startswith("# 2, ")
    finally:
        app.close()


def test_the_finished_lists_read_out_the_list_chosen_and_the_buttons(tmp_path: Path) -> None:
    from tests.ui.test_saving import finish_a_short_list

    app, voice = _speaking(tmp_path)
    try:
        finish_a_short_list(app)
        app.nav.reset("menu")
        steps(app, 2)
        said = _open(app, voice, "finished_lists")
        assert said[0].startswith("Finished lists. Score sheet, button, 4 of 4. ")
        assert "You" in said[0] and "Anna" in said[0] and "Ben" in said[0]  # the list
        said = _keys(app, voice, pygame.K_TAB)  # on to the buttons under the lists
        assert said == ["Back, button, 1 of 4"]
    finally:
        app.close()


def test_the_statistics_read_out_the_tabs_filters_and_save_tab_reaches(
        tmp_path: Path) -> None:
    app, voice = _speaking(tmp_path)
    try:
        said = _open(app, voice, "statistics")
        assert said[0].startswith("Statistics. Overview, selected, button, 1 of ")
        said = _keys(app, voice, pygame.K_TAB)
        assert said[0].startswith("The list, selected, button, 2 of "), said
        said = _keys(app, voice, *[pygame.K_TAB] * 5)
        assert said[-1].startswith("Period: "), said
        assert ", button, " in said[-1]
        assert _keys(app, voice, pygame.K_TAB)[0].startswith("Save as PNG, button, ")
        period = app.top.period
        press(pygame.K_TAB, pygame.KMOD_SHIFT)
        steps(app, 2)
        _keys(app, voice, pygame.K_SPACE)  # Space presses the period with the focus
        assert app.top.period != period and app.top.name == "statistics"
        assert voice.lines[-1].startswith("Period: ")
    finally:
        app.close()


def test_a_bid_is_counted_among_the_bids_not_the_toolbar(tmp_path: Path) -> None:
    """At the table the bids' row and the toolbar are two groups: the bid with the focus
    is "18, button, 2 of 8" counting Pass, the bids and the arrows, not Menu or Hint."""
    from skatgame.engine.deal import Phase
    from skatgame.engine.options import ISKO
    from skatgame.ui.focus import focused_control
    from skatgame.ui.testing import human_turn, new_session, open_table, run_until

    app, voice = _speaking(tmp_path)
    try:
        for seed in range(1, 12):  # a deal where the human bids (not only answers)
            session = new_session(app, deals=3, options=ISKO, list_kind="seeger-fabian",
                                  levels=("beginner", "beginner"), names=("Anna", "Ben"),
                                  seed=seed)
            open_table(app, session)
            run_until(app, lambda: human_turn(app, (Phase.AUCTION,)), 3000)
            if human_turn(app, (Phase.AUCTION,)) and \
                    not app.top.auction.awaiting_answer:
                break
        scene = app.top
        steps(app, 2)
        row = [b for b in scene.actions if b.enabled and b.rect.width > 0]
        f = focused_control(scene)
        assert f is not None and f.control in row  # Pass, first of the row
        assert f.count == len(row) < len([b for b in scene.buttons if b.enabled])
        assert f.index == row.index(f.control) + 1
        said = _keys(app, voice, pygame.K_RIGHT)
        f = focused_control(scene)
        assert f is not None and f.control.name.startswith("bid")  # type: ignore[attr-defined]
        assert said == [f"{f.label}, button, {f.index} of {len(row)}"]
    finally:
        app.close()


def test_the_declare_dialog_reads_out_the_game_the_arrows_choose(tmp_path: Path) -> None:
    from skatgame.engine.deal import Phase
    from skatgame.ui.testing import human_declarer_at_discard, human_turn, run_until

    app, voice = _speaking(tmp_path)
    try:
        human_declarer_at_discard(app)
        scene = app.top
        hand = [c for c in scene.board.human_hand() if c & 7 != 7]
        scene.toggle(hand[-1])
        scene.toggle(hand[-2])
        scene.put_away()
        run_until(app, lambda: app.top is not scene or human_turn(app, (Phase.DECLARE,)))
        if app.top is scene:
            scene.open_dialog(hand=False)
        steps(app, 30)
        assert app.top.name == "declare"
        said = [line for line in voice.lines if line.startswith("Declare your game. ")]
        assert said and ", button" in said[-1]  # the title, Enter's button, the game
        said = _keys(app, voice, pygame.K_DOWN)
        games = ("Clubs", "Spades", "Hearts", "Diamonds", "Grand", "Null")
        assert len(said) == 1 and said[0].startswith(games), said
        assert said != _keys(app, voice, pygame.K_DOWN)  # the next game
    finally:
        app.close()


def test_nothing_is_said_while_speaking_is_off(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    voice = Recorder()
    app.services.speaker.voice = voice
    try:
        steps(app, 3)
        _keys(app, voice, pygame.K_DOWN)
        _open(app, voice, "settings")
        assert voice.lines == []
    finally:
        app.close()


def test_without_pyttsx3_nothing_raises_and_the_settings_say_what_to_install(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The executable without the speech extra: ``import pyttsx3`` fails; the speaker has
    no voice, moving the focus raises nothing, and the settings say what to install."""
    from skatgame.ui import speech
    from skatgame.ui.testing import drawn_texts

    monkeypatch.setitem(sys.modules, "pyttsx3", None)  # the import raises ImportError
    assert speech.system_voice("en") is None
    assert speech.save_wav(["Anna bids 20."], str(tmp_path / "x.wav")) is False
    app = make_app(tmp_path)
    try:
        app.set_settings(replace(app.settings, speak=True))
        assert app.services.speaker.voice is None
        steps(app, 2)
        press(pygame.K_DOWN)
        app.nav.push("settings", page="access")
        steps(app, 2)
        press(pygame.K_DOWN)
        press(pygame.K_RIGHT)
        assert any("skatgame[speech]" in t for t in drawn_texts(app))
        assert not app.errors
    finally:
        app.close()
