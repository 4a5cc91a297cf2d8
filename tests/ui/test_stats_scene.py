"""The statistics screen, opened from the menu."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from skatgame.table.archive import ARCHIVE_FOLDER, list_archive
from skatgame.table.stats import compute
from skatgame.table.store import Store
from skatgame.ui.testing import button_centre, click, make_app, press, steps
from tests.ui.test_saving import archive_doc


def test_the_statistics_screen_from_the_menu(tmp_path: Path) -> None:
    (tmp_path / ARCHIVE_FOLDER).mkdir()
    for i in range(2):
        (tmp_path / ARCHIVE_FOLDER / f"l{i}.json").write_text(json.dumps(archive_doc()),
                                                             encoding="utf-8")
    app = make_app(tmp_path)
    steps(app, 2)
    click(button_centre(app, "stats"))
    steps(app, 2)
    scene = app.top
    assert scene.name == "statistics" and scene.n_lists == 2 and scene.n_deals == 6
    expected = compute(list_archive(Store(tmp_path)))
    assert [s.deals for s in scene.table] == [s.deals for s in expected] == [6, 6, 6]
    cells = scene.cells(scene.table[0])
    assert cells[0] == "You" and cells[2] == "6"
    press(pygame.K_ESCAPE)
    steps(app, 1)
    assert app.top.name == "menu" and not app.errors
