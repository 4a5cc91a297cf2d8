"""Nothing cut where there is room: the menu's Continue with the list's progress, the
lessons' titles and summaries, at the common sizes and small or odd ones, in English and
German (the texts shortened with "…" while a frame is drawn are noted)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from skatgame.engine.options import RuleOptions
from skatgame.table.lessons import load_lessons, text_in
from skatgame.ui.app import App
from skatgame.ui.testing import frame_log, make_app, new_session, open_table, steps
from skatgame.ui.text import TextLog

SIZES = [(1280, 720), (1920, 1080), (900, 1000), (800, 600)]
LANGUAGES = ["en", "de"]


def _app(tmp_path: Path, size: tuple[int, int], language: str) -> App:
    app = make_app(tmp_path, size=size)
    app.services.change_settings(dataclasses.replace(app.settings, language=language))
    steps(app, 1)
    return app


def _frame(app: App) -> TextLog:
    return frame_log(app)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_menu_says_whole_where_the_list_stands(tmp_path: Path, size: tuple[int, int],
                                                    language: str) -> None:
    app = _app(tmp_path, size, language)
    session = new_session(app, deals=36, options=RuleOptions(), list_kind="seeger-fabian",
                          levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=3)
    rng = random.Random(3)
    open_table(app, session)
    steps(app, 2)
    deal = session.deal
    while not deal.done:  # the deal played out: its result is on the table
        deal.apply(rng.choice(deal.legal_actions()))
    app.nav.reset("menu")
    steps(app, 2)
    log = _frame(app)
    said = app.tr("menu.continue_at", progress=app.tr("menu.continue_results", n=1, total=36))
    assert said in [t.text for t in log.items]
    assert log.cut == []


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_at_200_percent_continue_keeps_the_size_of_the_other_buttons(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    """A low-vision playtester saw "Weiterspielen – Ergebnis von Spiel 2 von 36" squeezed
    into two small lines at 200 % (the menu's two columns): the button says "Continue"
    at the other buttons' size, the line under the buttons where the list stands."""
    app = _app(tmp_path, size, language)
    app.services.change_settings(dataclasses.replace(app.settings, text_size=200))
    session = new_session(app, deals=36, options=RuleOptions(), list_kind="seeger-fabian",
                          levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=3)
    open_table(app, session)
    steps(app, 2)
    rng = random.Random(3)
    while not session.deal.done:
        session.deal.apply(rng.choice(session.deal.legal_actions()))
    app.nav.reset("menu")
    steps(app, 2)
    log = _frame(app)
    menu = app.top
    buttons = {b.name: b for b in menu.buttons}
    cont = buttons["continue"]
    texts = {t.text: t for t in log.visible()}
    word = app.tr("menu.continue")
    assert word in texts and texts[word].px == texts[app.tr("menu.statistics")].px
    assert texts[word].rect.colliderect(cont.rect)
    said = app.tr("menu.continue_at", progress=app.tr("menu.continue_results", n=1, total=36))
    assert said in texts and texts[said].rect.top >= max(b.rect.bottom for b in menu.buttons)
    assert log.cut == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lessons_titles_and_summaries_are_whole(tmp_path: Path, size: tuple[int, int],
                                                     language: str) -> None:
    app = _app(tmp_path, size, language)
    app.nav.reset("menu")
    app.nav.push("learn")
    steps(app, 2)
    log = _frame(app)
    assert log.cut == []
    shown = " ".join(t.text for t in log.items)
    for lesson in load_lessons()[0]:
        assert text_in(lesson.title, language) in shown
        for word in text_in(lesson.summary, language).split():
            assert word in shown


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_lessons_heading_and_text_are_whole(tmp_path: Path, size: tuple[int, int],
                                              language: str) -> None:
    from skatgame.ui.scenes.lesson import LessonScene

    app = _app(tmp_path, size, language)
    app.nav.reset("menu")
    cut = []
    for lesson in load_lessons()[0]:
        app.stack.push(LessonScene(app.services, lesson))
        steps(app, 2)
        cut += _frame(app).cut
        assert not app.top.cut  # the panel's text fits
        app.stack.pop()
    assert cut == []


@pytest.mark.parametrize("size", SIZES[:2])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_declare_dialogs_values_are_whole_with_every_announcement(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    """Ouvert adds every level to the explanation ("without 3, game 4, hand 5, schneider
    6, schneider announced 7, ... ouvert 10 × 12 = 120"): too long for a row's two lines
    at 1280x720, each announcement then says "announced" alone, in every row."""
    from skatgame.ui.scenes.declare import DeclareDialog
    from tests.ui.test_scenes import win_auction

    short = []
    for seed in (19, 20, 25):  # hands without 3 to without 8 jacks and trumps
        (tmp_path / str(seed)).mkdir()
        app = _app(tmp_path / str(seed), size, language)
        session = new_session(app, deals=3, options=RuleOptions(), list_kind="seeger-fabian",
                              levels=("beginner", "beginner"), names=("Anna", "Ben"),
                              seed=seed)
        win_auction(session)
        open_table(app, session, resume=True)
        steps(app, 2)
        app.top.open_dialog(hand=True)
        steps(app, 2)
        dialog = app.top
        assert isinstance(dialog, DeclareDialog)
        for i, ann in enumerate(dialog.announcements):
            dialog.ann = i
            dialog.relayout()
            steps(app, 1)
            log = _frame(app)
            assert log.cut == [], (seed, ann)
            short.append(dialog._short_explanations(ann))
            shown = " ".join(t.text for t in log.items).replace("\xa0", " ")
            for kind in range(5):  # each value with its base: the product is never cut off
                o = dialog.offers.get((ann, kind))
                if o is not None and o.product:
                    assert o.product in shown
    # the long form wherever it fits (1920x1080 fits them all; English at 1280x720 not)
    assert not all(short)
    assert any(short) == (size == (1280, 720) and language == "en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_plate_across_keeps_the_role_whole_beside_the_declarers_badge(
        tmp_path: Path, language: str) -> None:
    """At four, 1280x720: the plate across is narrow; with the declarer's badge
    ("Alleinspieler") on its second line the seat's role goes up beside the name, whole."""
    from skatgame.engine.phase import Phase
    from skatgame.table.session import PlayerIndex
    from skatgame.ui.tablescene import TableScene
    from tests.ui.test_plates_large import _play_until

    app = _app(tmp_path, (1280, 720), language)
    session = new_session(app, deals=36, options=RuleOptions(), list_kind="seeger-fabian",
                          levels=("beginner",) * 3, names=("Anna", "Ben", "Clara"), seed=1)
    open_table(app, session)
    across = PlayerIndex(2)

    def declares_across() -> bool:
        top = app.top
        return isinstance(top, TableScene) and top.table.phase is Phase.PLAY and \
            not top.board.busy and top.table.declarer is not None and \
            session.player_of(top.table.declarer) == across

    _play_until(app, declares_across)  # the human passes and plays his first legal card
    steps(app, 2)
    log = _frame(app)
    assert log.cut == [] and not log.overlapping()
    seat = session.seat_of(across)
    from skatgame.table.texts import role_text

    role = role_text(seat, app.tr)
    assert any(t.text == role or t.text.endswith(f" · {role}") for t in log.items)
