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
from skatgame.ui.testing import make_app, new_session, open_table, steps
from skatgame.ui.text import TextLog, record_texts

SIZES = [(1280, 720), (1920, 1080), (900, 1000), (800, 600)]
LANGUAGES = ["en", "de"]


def _app(tmp_path: Path, size: tuple[int, int], language: str) -> App:
    app = make_app(tmp_path, size=size)
    app.services.change_settings(dataclasses.replace(app.settings, language=language))
    steps(app, 1)
    return app


def _frame(app: App) -> TextLog:
    log = record_texts(app.screen)
    try:
        app.step(1 / 60)
    finally:
        record_texts(None)
    assert log is not None
    return log


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
