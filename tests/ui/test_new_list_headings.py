"""New list's headings say what they head: "The list" stood over the computer players'
rows (name and level) as if they were settings of the list; now those rows and the
player's name stand under "Names and levels", at 100 % in the left column under the
list's rows, at large text as a part of their own (issue 28)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from skatgame.ui.app import App
from skatgame.ui.scenes.menu import NewListScene
from skatgame.ui.testing import press, steps
from skatgame.ui.text import record_texts
from skatgame.ui.widgets import Choice
from tests.ui.test_new_list_large import _open


def _heading_over(scene: NewListScene, rect: pygame.Rect) -> str:
    """The heading nearest above ``rect`` in its column."""
    over = [(h.bottom, text) for h, text in scene.form.headers
            if h.bottom <= rect.top and h.left <= rect.centerx <= h.right]
    assert over, rect
    return max(over)[1]


def _drawn_headings(app: App) -> list[str]:
    log = record_texts(app.screen)
    app.step(0.0)
    record_texts(None)
    assert log is not None and not log.cut, log.cut
    return [t.text for t in log.items if not t.hidden]


def _expected(scene: NewListScene, row: Choice) -> str:
    if row in scene.rules:
        return scene.tr("settings.house_rules")
    if row in (scene.left, scene.top, scene.right):
        return scene.tr("newlist.names")
    return scene.tr("newlist.list")


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_at_100_percent_each_row_stands_under_its_own_heading(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    app, scene = _open(tmp_path, size, language, 100)
    assert not scene.large
    names = scene.tr("newlist.names")
    assert names not in (scene.tr("newlist.list"), "")
    assert sorted(t for _r, t in scene.form.headers) == sorted(
        [scene.tr("newlist.list"), names, scene.tr("settings.house_rules")])
    for row in scene.form.rows:
        assert _heading_over(scene, row.rect) == _expected(scene, row), row.name
    # the player's name too; the names' heading under the list's last row, over Anna's
    assert _heading_over(scene, scene.you.rect) == names
    head = next(h for h, t in scene.form.headers if t == names)
    assert scene.practice.rect.bottom <= head.top and head.bottom <= scene.left.rect.top
    # the left column's parts do not overlap and stay in the panel, over the buttons
    rects = [r.rect for r in scene.list_rows] + [h for h, _t in scene.form.headers] + \
        [scene.you.rect]
    assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:]
                if a.colliderect(b)]
    assert all(scene.panel.contains(r) and r.bottom <= scene.buttons[0].rect.top
               for r in rects)
    # the values' boxes in line under both headings of the left column
    assert len({r.arrow_rects()[0].x for r in scene.list_rows}) == 1
    drawn = _drawn_headings(app)
    assert {t for _r, t in scene.form.headers} <= set(drawn)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_at_200_percent_the_part_shown_has_its_own_heading(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    app, scene = _open(tmp_path, size, language, 200)
    assert scene.large
    seen = set()
    # Down through every row and name: the heading over the rows shown is theirs
    for _ in range(len(scene.stops()) - len(scene.buttons)):
        shown = [r for r in scene.form.rows if r.rect.width > 0]
        assert shown and len(scene.form.headers) == 1
        heading = scene.form.headers[0][1]
        assert {_expected(scene, r) for r in shown} == {heading}, \
            (heading, [r.name for r in shown])
        assert all(_heading_over(scene, r.rect) == heading for r in shown)
        if scene.you.rect.width > 0:  # the player's name: with the names, under them
            assert heading == scene.tr("newlist.names")
            assert scene.you.rect.top >= scene.right.rect.bottom
        assert heading in _drawn_headings(app)
        seen.add(heading)
        press(pygame.K_DOWN)
        steps(app, 1)
    assert seen == {scene.tr("newlist.list"), scene.tr("newlist.names"),
                    scene.tr("settings.house_rules")}
    # the wheel goes through the parts in order: from the house rules up to the list
    for _ in range(30):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    steps(app, 1)
    assert scene.part == "list" and scene.mode.rect.width > 0
    assert not app.errors


@pytest.mark.parametrize("language", ["en", "de"])
def test_at_200_percent_the_rounded_deals_are_said_under_the_lists_rows(
        tmp_path: Path, language: str) -> None:
    """The note that four players deal whole rounds stood under the player's name; now
    that the names are a part of their own it stands under the list's rows, where the
    deals are chosen."""
    app, scene = _open(tmp_path, (1280, 720), language, 200)
    scene.asked_deals = 3  # chosen for three: at four, whole rounds
    scene.players.select_value(4)
    scene._seats()
    scene.relayout()
    assert scene.part == "list" and scene.rounded_note
    log = record_texts(app.screen)
    app.step(0.0)
    record_texts(None)
    assert log is not None and not log.cut, log.cut
    items = [t for t in log.items if not t.hidden]
    rows = [r.rect for r in scene.form.rows if r.rect.width > 0]
    under = max(r.bottom for r in rows)  # (the row "Deals" is a word of the note)
    note = [t for t in items if t.rect.top >= under and t.text in scene.rounded_note]
    assert " ".join(t.text for t in note) == scene.rounded_note  # whole, under the rows
    assert not [(a.text, b.text) for j, a in enumerate(items) for b in items[j + 1:]
                if a.rect.colliderect(b.rect)]
    assert all(t.rect.bottom <= scene.buttons[0].rect.top for t in note)
