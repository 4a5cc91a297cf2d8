"""Finished lists: each list's lines stand inside its row with room under the last (the
practice mark "Übung" crossed the chosen row's border at 200 %, a low-vision look at the
gallery; issue 28)."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

import pytest

from skatgame.engine.options import RuleOptions
from skatgame.table.archive import archive_session
from skatgame.ui.scenes.lists import FinishedListsScene
from skatgame.ui.testing import make_app, new_session, steps
from skatgame.ui.text import record_texts


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("text_size", [100, 200])
def test_every_line_of_a_list_stays_inside_its_row(tmp_path: Path, language: str,
                                                  text_size: int) -> None:
    app = make_app(tmp_path)
    app.set_settings(dataclasses.replace(app.settings, language=language,
                                         text_size=text_size))
    steps(app, 2)
    session = new_session(app, deals=3, options=RuleOptions(), list_kind="seeger-fabian",
                          levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=3)
    assert app.store is not None
    practice = copy.copy(session)  # the same list as a practice list: three lines in its
    practice.practice = True       # last column
    practice.list_id = f"{session.list_id}-practice"
    archive_session(app.store, session)
    archive_session(app.store, practice)
    app.services.table = None
    app.nav.reset("menu")
    app.nav.push("finished_lists")
    steps(app, 2)
    scene = app.top
    assert isinstance(scene, FinishedListsScene) and len(scene.entries) == 2
    gap = app.layout.gap
    for selected in (0, 1):  # each list once chosen (its row drawn with a border)
        scene.select(selected)
        log = record_texts(app.screen)
        app.step(0.0)
        record_texts(None)
        assert log is not None and not log.cut, log.cut
        cells = [t for t in log.items if scene.table_top <= t.rect.top < scene.table_bottom]
        practice_mark = app.tr("practice.badge")
        assert any(t.text == practice_mark for t in cells)
        for t in cells:
            row = (t.rect.top - scene.table_top) // scene.row_h
            bottom = scene.table_top + row * scene.row_h + scene.row_h - gap // 2  # its box
            assert t.rect.bottom <= bottom - 2, (t.text, t.rect, bottom)
    assert not app.errors
