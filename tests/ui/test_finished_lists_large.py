"""Finished lists at large text with realistic values: four players, three- and four-digit
totals below zero, a list begun the day before, every level. At 200 % the dates, totals
and levels were cut ("28.11.2026 0…", "-2…", "Fortges…", a low-vision playtest; issue 28):
nothing is cut now and no two texts overlap."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from skatgame.table.archive import ArchivedList, DealRow
from skatgame.ui.scenes.lists import FinishedListsScene
from skatgame.ui.testing import make_app, steps
from skatgame.ui.text import record_texts


def _row(change: tuple[int, ...]) -> DealRow:
    return DealRow(1, 0, 0, 1, False, False, False, False, True, 18, 61, 24, change, change)


def _lists() -> list[ArchivedList]:
    return [
        ArchivedList("a", "a", "2026-11-27T23:41:00", "2026-11-28T04:15:00",
                     ("Du", "Annegret", "Clara", "Benedikt"),
                     (None, "advanced", "expert", "beginner"), "seeger-fabian", 36,
                     (_row((-246, 1094, 873, -31)),)),
        ArchivedList("b", "b", "2026-11-28T04:08:00", "2026-11-28T04:15:00",
                     ("Du", "Anna", "Ben"), (None, "advanced", "advanced"), "plain", None,
                     (_row((-1246, 1094, 194)),), practice=True, mode="target", limit=500),
        ArchivedList("c", "c", "2026-11-28T04:08:00", "2026-11-28T12:15:00",
                     ("Du", "Anna", "Ben", "Clara"), (None, "lesson", "expert", "advanced"),
                     "seeger-fabian", 36,
                     (_row((2246, -1094, 194, 0)),) + tuple(_row((0, 0, 0, 0)) for _ in range(35))),
        ArchivedList("d", "d", "2025-12-31T22:00:00", "2026-01-01T01:30:00",
                     ("Du", "Anna", "Ben", "Clara"),
                     (None, "advanced", "advanced", "advanced"), "plain", None,
                     (_row((-999, -1000, 1999, 0)),), mode="bierlachs", limit=301),
    ]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("text_size", [100, 200])
def test_realistic_lists_stand_whole(tmp_path: Path, language: str, size: tuple[int, int],
                                     text_size: int) -> None:
    app = make_app(tmp_path, size=size)
    app.set_settings(dataclasses.replace(app.settings, language=language,
                                         text_size=text_size))
    steps(app, 2)
    app.nav.reset("menu")
    app.nav.push("finished_lists")
    steps(app, 2)
    scene = app.top
    assert isinstance(scene, FinishedListsScene)
    scene.entries = _lists()
    scene.relayout()
    if text_size == 100:
        assert not scene.compact  # the deals keep their own column
    for selected in range(len(scene.entries)):  # every list once on screen and chosen
        scene.select(selected)
        log = record_texts(app.screen)
        app.step(0.0)
        record_texts(None)
        assert log is not None and log.cut == [], log.cut
        texts = [t.text for t in log.items]
        e = scene.entries[selected]
        for total in e.totals():
            assert str(total) in texts
        items = [t for t in log.items if t.text.strip()]
        for i, a in enumerate(items):
            assert scene.panel.contains(a.rect), (a.text, a.rect)
            for b in items[i + 1:]:
                assert not a.rect.colliderect(b.rect), (a.text, a.rect, b.text, b.rect)
        gap = app.layout.gap
        right = scene.panel.right - 2 * gap + gap // 2  # the rows' boxes
        for t in log.items:
            if scene.table_top <= t.rect.top < scene.table_bottom:
                row = (t.rect.top - scene.table_top) // scene.row_h
                bottom = scene.table_top + (row + 1) * scene.row_h - gap // 2
                assert t.rect.bottom <= bottom - 2, (t.text, t.rect, bottom)
                assert t.rect.right <= right, (t.text, t.rect, right)
    assert not app.errors
