"""Keys at every question the table asks: Enter and keypad Enter take the highlighted
choice; the bidding row's page turners are named and keep the chosen value; the German
interface has its own letters (shown on the buttons), the English one keeps its own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from skatgame.engine.actions import CONCEDE, HOLD, KONTRA, PASS, RE, TAKE_SKAT, Bid, Declare
from skatgame.engine.deal import Phase
from skatgame.engine.events import KontraSaid
from skatgame.engine.options import RuleOptions
from skatgame.engine.rules import GameKind
from skatgame.ui import widgets
from skatgame.ui.app import App
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import (
    make_app,
    new_session,
    open_table,
    others_declare,
    press,
    run_until,
    steps,
    until_ready,
    win_auction,
)

ENTERS = [pytest.param(pygame.K_RETURN, id="Enter"), pytest.param(pygame.K_KP_ENTER, id="KP")]


def sit(tmp_path: Path, language: str = "en", size: tuple[int, int] = (1280, 720),
        options: RuleOptions | None = None, before: Callable[[Any], None] | None = None,
        seed: int = 7) -> App:
    """An app at a fresh list (``before(session)`` may apply actions to the deal first)."""
    app = make_app(tmp_path, size=size, seed=seed)
    app.set_settings(replace(app.settings, language=language))
    session = new_session(app, deals=3, options=options or RuleOptions(),
                          list_kind="seeger-fabian", levels=("beginner", "beginner"),
                          names=("Anna", "Ben"), seed=seed)
    if before is not None:
        before(session)
    open_table(app, session, resume=before is not None)
    steps(app, 1)
    return app


def until_turn(app: App, phase: Phase, limit: int = 6000) -> TableScene:
    run_until(app, lambda: isinstance(app.top, TableScene) and app.top.human_turn
              and app.top.table.phase is phase, limit)
    top = app.top
    assert isinstance(top, TableScene)
    return top


def human_actions(app: App) -> list[Any]:
    """The human's actions so far in the deal, in order."""
    session = app.session
    return [a for seat, a in session.deal.history if seat == session.human_seat]


def highlighted(buttons: list[widgets.Button]) -> str:
    b = widgets.focused_button(buttons)
    assert b is not None, [(x.name, x.primary, x.selected) for x in buttons]
    return b.name


def answer(app: App, key: int) -> Any:
    """Press ``key`` at the human's question; the action he took (the deal's last)."""
    before = len(human_actions(app))
    press(key)
    steps(app, 2)
    taken = human_actions(app)
    assert len(taken) == before + 1, "the key did not answer the question"
    return taken[-1]


# ---------------------------------------------------------------- Enter at every question


@pytest.mark.parametrize("key", ENTERS)
def test_enter_answers_the_kontra_question_with_the_highlighted_no(tmp_path: Path,
                                                                   key: int) -> None:
    """As reported: German, 1920x1080, Kontra and Re on, after passing."""
    app = sit(tmp_path, "de", (1920, 1080), RuleOptions(kontra=True), others_declare)
    top = until_turn(app, Phase.KONTRA, 8000)
    assert highlighted(top.actions) == "no"
    assert answer(app, key) == PASS
    assert not any(isinstance(e, KontraSaid) for e in app.session.deal.events)
    assert not app.errors


def _kontra_against_the_human(session: Any) -> None:
    win_auction(session)
    deal = session.deal
    deal.apply(next(a for a in deal.legal_actions() if isinstance(a, Declare)
                    and a.contract.kind == GameKind.GRAND and a.contract.hand))
    deal.apply(KONTRA)  # the first defender doubles


@pytest.mark.parametrize("key", ENTERS)
def test_enter_answers_the_re_question_with_the_highlighted_no(tmp_path: Path,
                                                               key: int) -> None:
    app = sit(tmp_path, "de", options=RuleOptions(kontra=True),
              before=_kontra_against_the_human)
    top = until_turn(app, Phase.RE)
    assert highlighted(top.actions) == "no"
    assert answer(app, key) == PASS
    assert RE not in human_actions(app)


@pytest.mark.parametrize("key", ENTERS)
def test_enter_in_the_auction_takes_the_highlighted_call(tmp_path: Path, key: int) -> None:
    """Bidding (the highlighted value) and answering (hold or pass, as highlighted)."""
    app = sit(tmp_path, options=RuleOptions())
    seen = set()
    for _ in range(12):
        if app.session.deal.phase is not Phase.AUCTION:
            break
        try:
            top = until_turn(app, Phase.AUCTION, 3000)
        except AssertionError:
            break
        a = top.auction
        name = highlighted(top.actions)
        expected = PASS if name == "pass" else HOLD if name == "hold" else Bid(int(name[3:]))
        assert answer(app, key) == expected
        seen.add("answer" if a.awaiting_answer else "bid")
    assert "bid" in seen or "answer" in seen
    assert not app.errors


@pytest.mark.parametrize("key", ENTERS)
def test_enter_at_hand_or_skat_takes_the_skat(tmp_path: Path, key: int) -> None:
    app = sit(tmp_path, before=win_auction)
    top = until_turn(app, Phase.SKAT)
    assert highlighted(top.actions) == "take"
    assert answer(app, key) == TAKE_SKAT


@pytest.mark.parametrize("key", ENTERS)
def test_enter_at_schieben_takes_the_skat(tmp_path: Path, key: int) -> None:
    def all_pass(session: Any) -> None:
        for _ in range(3):
            session.deal.apply(PASS)
    app = sit(tmp_path, options=RuleOptions(ramsch=True, schieberamsch=True), before=all_pass)
    top = until_turn(app, Phase.SCHIEBEN)
    assert highlighted(top.actions) == "take"
    assert answer(app, key) == TAKE_SKAT


@pytest.mark.parametrize("key", ENTERS)
def test_enter_puts_away_and_declares(tmp_path: Path, key: int) -> None:
    """The discard (its button highlighted once two cards lie in the skat) and the declare
    dialog (Declare highlighted)."""
    app = sit(tmp_path, before=win_auction)
    top = until_turn(app, Phase.SKAT)
    press(pygame.K_RETURN)
    top = until_turn(app, Phase.DISCARD)
    for card in [c for c in top.board.human_hand() if c & 7 != 7][:2]:
        top.toggle(card)
    steps(app, 1)
    assert highlighted(top.actions) == "discard"
    press(key)
    run_until(app, lambda: app.top.name == "declare", 600)
    until_ready(app)
    assert highlighted(app.top.buttons) == "declare"
    before = len(human_actions(app))
    press(key)
    steps(app, 2)
    assert isinstance(human_actions(app)[-1], Declare)
    assert len(human_actions(app)) == before + 1


@pytest.mark.parametrize("key", ENTERS)
def test_enter_at_a_confirmation_answers_the_highlighted_no(tmp_path: Path, key: int) -> None:
    """Concede (asked) and quitting in the middle of a deal: No is highlighted."""
    app = sit(tmp_path, before=win_auction)
    top = until_turn(app, Phase.SKAT)
    app.session.deal.apply(next(a for a in app.session.deal.legal_actions()
                                if isinstance(a, Declare) and a.contract.kind == GameKind.GRAND
                                and a.contract.hand))
    top = until_turn(app, Phase.PLAY)
    top.ask_concede()
    steps(app, 1)
    assert app.top.name == "confirm"
    until_ready(app)
    assert highlighted(app.top.buttons) == "no"
    press(key)
    steps(app, 2)
    assert app.top is top and CONCEDE not in human_actions(app)
    app.nav.push("pause")
    steps(app, 1)
    app.top.quit()
    steps(app, 1)
    until_ready(app)
    assert highlighted(app.top.buttons) == "no"
    press(key)
    steps(app, 2)
    assert app.running and app.top.name == "pause"


@pytest.mark.parametrize("key", ENTERS)
def test_enter_on_the_results_deals_the_next(tmp_path: Path, key: int) -> None:
    def all_pass(session: Any) -> None:
        for _ in range(3):
            session.deal.apply(PASS)
    app = sit(tmp_path, before=all_pass)
    run_until(app, lambda: app.top.name == "results", 3000)
    until_ready(app)
    assert highlighted(app.top.actions) == "next"
    number = app.session.deal_number
    press(key)
    run_until(app, lambda: app.session.deal_number == number + 1, 600)


def test_enter_presses_the_highlighted_button_of_any_row() -> None:
    """The shared rule (widgets.press_by_key): the focused button, else the default."""
    pygame.init()
    pressed: list[str] = []
    row = [widgets.Button(n, lambda n=n: pressed.append(n), name=n, primary=n == "b")
           for n in "abc"]
    for key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        assert widgets.press_by_key(row, pygame.event.Event(pygame.KEYDOWN, key=key))
    row[2].selected = True  # the keyboard's focus wins over the default
    assert widgets.press_by_key(row, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert pressed == ["b", "b", "c"]
    row[2].enabled = False
    row[1].primary = False
    assert not widgets.press_by_key(row, pygame.event.Event(pygame.KEYDOWN,
                                                            key=pygame.K_RETURN))


# ---------------------------------------------------------------- the bidding row's pages


@pytest.mark.parametrize("language,lower,higher", [("en", "« Lower", "Higher »"),
                                                   ("de", "« Tiefer", "Höher »")])
def test_higher_bids_keep_the_chosen_value(tmp_path: Path, language: str, lower: str,
                                           higher: str) -> None:
    app = sit(tmp_path, language)
    app.set_settings(replace(app.settings, bid_helper=False))  # (its advice moves the focus)
    top = until_turn(app, Phase.AUCTION)
    while top.auction.awaiting_answer:  # on to a turn where the human bids
        press(pygame.K_RETURN)
        top = until_turn(app, Phase.AUCTION)
    names = {b.name: b for b in top.actions}
    assert names["higher"].label == higher
    chosen = highlighted(top.actions)
    assert chosen.startswith("bid")
    press(pygame.K_RIGHT)  # the next value, then the next page of values
    steps(app, 1)
    chosen = highlighted(top.actions)
    top.button("higher").click()
    steps(app, 1)
    assert highlighted(top.actions) == chosen  # its chip stays on the row, highlighted
    assert top.button("lower").label == lower
    shown = [b.name for b in top.actions if b.name.startswith("bid")]
    assert len(shown) > top.chips  # the page and the value chosen
    assert answer(app, pygame.K_KP_ENTER) == Bid(int(chosen[3:]))


# ---------------------------------------------------------------- letters per language


#: (scene's buttons, English letter, German letter) on the screens reported.
MENU = {"new": ("N", "N"), "continue": ("C", "W"), "together": ("P", "G"),
        "finished": ("L", "A"), "stats": ("T", "S"), "learn": ("E", "L"),
        "settings": ("O", "E"), "quit": ("Q", "B")}


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_menus_show_the_letters_of_their_language(tmp_path: Path, language: str) -> None:
    app = make_app(tmp_path)
    app.set_settings(replace(app.settings, language=language))
    steps(app, 2)
    col = 0 if language == "en" else 1
    shown = {b.name: b.key_hint for b in app.top.buttons}
    assert shown == {n: v[col] for n, v in MENU.items()}
    letters = [b.key_hint for b in app.top.buttons]
    assert len(set(letters)) == len(letters)
    press(getattr(pygame, f"K_{MENU['stats'][col].lower()}"))
    steps(app, 2)
    assert app.top.name == "statistics"


@pytest.mark.parametrize("language,hold,yes,concede", [("en", "Y", "Y", "C"),
                                                      ("de", "H", "J", "A")])
def test_the_table_answers_the_letters_of_its_language(tmp_path: Path, language: str,
                                                       hold: str, yes: str,
                                                       concede: str) -> None:
    app = sit(tmp_path, language)
    top = until_turn(app, Phase.AUCTION)
    while not top.auction.awaiting_answer:
        press(pygame.K_p)  # pass until someone asks the human (or the auction is over)
        steps(app, 2)
        try:
            top = until_turn(app, Phase.AUCTION, 1500)
        except AssertionError:
            top = None  # type: ignore[assignment]
            break
    if top is not None:
        assert top.button("hold").key_hint == hold
        assert answer(app, getattr(pygame, f"K_{hold.lower()}")) == HOLD
    # the questions: Yes and No
    app.nav.push("confirm", title="?", body="?", on_yes=lambda: None)
    steps(app, 1)
    assert {b.name: b.key_hint for b in app.top.buttons} == {"yes": yes, "no": "N"}
    until_ready(app)
    press(getattr(pygame, f"K_{yes.lower()}"))
    steps(app, 1)
    assert app.top.name != "confirm"
    other = "J" if yes == "Y" else "Y"  # the other language's Yes does nothing here
    app.nav.push("confirm", title="?", body="?", on_yes=lambda: None)
    steps(app, 1)
    until_ready(app)
    press(getattr(pygame, f"K_{other.lower()}"))
    steps(app, 1)
    assert app.top.name == "confirm"


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_letter_is_used_twice_on_one_screen(tmp_path: Path, language: str) -> None:
    """Each screen's letters (the table's tools with each phase's buttons, the pause menu,
    the skat's choice) differ, in both languages."""
    from skatgame.table.i18n import load_table

    t = load_table(language)
    screens = [
        ["key.hint", "key.last_trick", "key.chat", "key.hold", "key.pass"],
        ["key.hint", "key.last_trick", "key.chat", "key.skat.take", "key.skat.hand"],
        ["key.hint", "key.last_trick", "key.chat", "key.skat.take", "key.skat.push"],
        ["key.hint", "key.last_trick", "key.chat", "key.kontra", "key.no"],
        ["key.hint", "key.last_trick", "key.chat", "key.re", "key.no"],
        ["key.hint", "key.last_trick", "key.chat", "key.concede"],
        ["key.menu.settings", "key.pause.main_menu", "key.menu.quit"],
        ["key.menu.settings", "key.pause.back_list", "key.menu.quit"],
        ["key.menu.settings", "key.pause.leave_table", "key.menu.quit"],
        ["key.yes", "key.no"],
        ["key.review.again_trick", "key.review.again"],
        ["key.learn.again", "key.learn.next"],
        ["key.together.open", "key.together.rules", "key.together.join"],
        ["key.menu.sheet", *(f"key.menu.{k}" for k in ("new_list", "continue", "together",
                                                      "finished_lists", "statistics", "learn",
                                                      "settings", "quit"))],
    ]
    for keys in screens:
        letters = [t[k] for k in keys]
        assert len(set(letters)) == len(letters), (language, keys, letters)
