"""The flow of a Skat evening at the window's table: what was held is said, a forced
card plays itself, the rest can be claimed, the deal's log, the cards as dealt, the
faces at the table. Through posted events and the app's own steps."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from skatgame.engine.actions import Play
from skatgame.engine.deal import Phase
from skatgame.engine.options import ISKO
from skatgame.table.i18n import Translator
from skatgame.table.seatview import Speech, SpeechKind
from skatgame.table.texts import speech_text
from skatgame.ui.app import App
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import make_app, new_session, open_table, steps
from tests.ui.test_play_through import mouse_turn, play_deals


def test_a_hold_bubble_says_what_was_held() -> None:
    en, de = Translator("en").tr, Translator("de").tr
    held = Speech(SpeechKind.HOLD, 20)
    assert speech_text(held, "french", en) == "Yes, 20"
    assert speech_text(held, "french", de) == "Ja, 20"
    assert speech_text(Speech(SpeechKind.KONTRA), "french", de) == "Kontra"
    assert speech_text(Speech(SpeechKind.RE), "french", en) == "Re"


def _forced_plays(app: App, deals: int) -> tuple[list[Play], int]:
    """Play ``deals`` deals by mouse; the cards played without a click (forced), and how
    often the human was seen to decide with a single legal card."""
    local = app.services.table
    forced: list[Play] = []
    propose = local.propose
    waited = 0

    def record(action, seat=None):  # noqa: ANN001, ANN202
        top = app.top
        if isinstance(action, Play) and isinstance(top, TableScene) and \
                len(top.legal_cards()) == 1 and not clicked:
            forced.append(action)
        return propose(action, seat)

    clicked: list[bool] = []

    def turn(app: App) -> None:
        nonlocal waited
        top = app.top
        if isinstance(top, TableScene) and top.human_turn and top.table.phase is Phase.PLAY \
                and len(top.legal_cards()) == 1:
            waited += 1
        clicked.clear()
        if isinstance(top, TableScene) and top.human_turn:
            clicked.append(True)
        mouse_turn(app)

    local.propose = record  # type: ignore[method-assign]
    play_deals(app, turn, deals)
    assert not app.errors
    return forced, waited


def test_a_forced_card_plays_itself_when_set(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=5)
    app.services.change_settings(dataclasses.replace(app.settings, play_forced=True))
    steps(app, 2)
    open_table(app, new_session(app, deals=2, options=ISKO, list_kind="seeger-fabian",
                                levels=("beginner", "beginner"), names=("Anna", "Ben"),
                                seed=5))
    forced, waited = _forced_plays(app, 2)
    assert forced, "no card played itself"  # the last trick's card at least
    assert waited == 0  # the table never stood waiting for a card that had no choice


def test_without_the_setting_the_player_plays_every_card(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=5)
    steps(app, 2)
    assert app.settings.play_forced is False  # the default: every card by the player
    open_table(app, new_session(app, deals=1, options=ISKO, list_kind="seeger-fabian",
                                levels=("beginner", "beginner"), names=("Anna", "Ben"),
                                seed=5))
    forced, waited = _forced_plays(app, 1)
    assert not forced and waited > 0


def test_the_move_timer_never_waits_for_a_forced_card(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=5)
    steps(app, 2)
    open_table(app, new_session(app, deals=1, options=ISKO, list_kind="seeger-fabian",
                                levels=("beginner", "beginner"), names=("Anna", "Ben"),
                                seed=5, move_timer=7))
    forced, waited = _forced_plays(app, 1)
    assert forced and waited == 0


def test_the_log_opens_by_key_and_button_scrolls_and_closes(tmp_path: Path) -> None:
    import pygame

    from skatgame.ui.testing import button_centre, click, drawn_texts, human_turn, press, \
        run_until

    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    open_table(app, new_session(app, deals=1, options=ISKO, list_kind="seeger-fabian",
                                levels=("beginner", "beginner"), names=("Anna", "Ben"),
                                seed=3))
    played = 0

    def three_tricks() -> bool:
        nonlocal played
        if human_turn(app, (Phase.PLAY,)) and len(app.session.deal.tricks) >= 3:
            return True
        mouse_turn(app)
        return False

    run_until(app, three_tricks, 20000)
    press(pygame.K_g)
    steps(app, 2)
    assert app.top.name == "log"
    texts = drawn_texts(app)
    assert "Log of the deal" in texts and "Auction" in texts and "Tricks" in texts, texts
    assert any(t.startswith("3. ") for t in texts), texts  # the third trick and its winner
    log = app.top
    before = log.scroll
    press(pygame.K_HOME)  # back to the auction's beginning (when it does not all fit)
    steps(app, 1)
    assert log.scroll >= before
    press(pygame.K_ESCAPE)
    steps(app, 2)
    assert isinstance(app.top, TableScene)
    click(button_centre(app, "log"))
    steps(app, 2)
    assert app.top.name == "log"
    press(pygame.K_RETURN)
    steps(app, 2)
    assert isinstance(app.top, TableScene) and not app.errors
