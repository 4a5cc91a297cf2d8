"""New list at large text: its rows keep the size chosen (at 200 % they were squeezed to
about the normal size and the explanation under the house rules was left out); the part
in focus is shown across the panel and scrolls (keys, wheel), nothing cut or overlapping,
the names still typed after scrolling (issue 28, item 1)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from skatgame.ui.app import App
from skatgame.ui.fonts import font_px
from skatgame.ui.scenes.menu import NewListScene
from skatgame.ui.testing import click, make_app, press, steps
from skatgame.ui.text import record_texts


def _open(tmp_path: Path, size: tuple[int, int], language: str,
          text_size: int) -> tuple[App, NewListScene]:
    app = make_app(tmp_path, size=size)
    app.set_settings(dataclasses.replace(app.settings, language=language,
                                         text_size=text_size))
    steps(app, 2)
    app.nav.push("new_list")
    steps(app, 1)
    scene = app.top
    assert isinstance(scene, NewListScene)
    return app, scene


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_at_200_percent_new_list_keeps_its_rows_large_and_scrolls(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    app, scene = _open(tmp_path, size, language, 200)
    L = app.layout  # type: ignore[attr-defined]
    assert scene.form.font_size == L.font_body  # the size chosen, not squeezed
    seen = set()
    explained = set()
    # Down: the list's rows, the names under them, the house rules
    for _ in range(len(scene.form.rows) + len([f for f in scene.fields if f.enabled])):
        if scene.form.extra is not None:  # a name: on show under the list's rows
            assert scene.form.extra in scene.fields and scene.form.extra.rect.width > 0
            press(pygame.K_DOWN)
            steps(app, 1)
            continue
        i = scene.form.focus
        shown = [r for r in scene.form.rows if r.rect.width > 0]
        assert scene.form.rows[i] in shown  # the focused row in view
        seen.update(r.name for r in shown)
        rects = sorted((r.rect for r in shown), key=lambda r: r.y)
        if scene.you.rect.width > 0:
            rects.append(scene.you.rect)
        assert all(b.top >= a.bottom for a, b in zip(rects, rects[1:], strict=False))
        assert all(scene.panel.contains(r) and r.bottom < scene.buttons[0].rect.top
                   for r in rects)
        log = record_texts(app.screen)  # type: ignore[attr-defined]
        app.step(0.0)  # type: ignore[attr-defined]
        record_texts(None)
        assert log is not None and not log.cut, log.cut
        assert not [(a.text, b.text) for j, a in enumerate(log.items)
                    for b in log.items[j + 1:] if a.rect.colliderect(b.rect)]
        labelled = {str(r.label) for r in shown if r.label}  # (the names' rows: a name)
        labels = [t for t in log.items if t.text in labelled]
        assert labels or not labelled
        assert {t.px for t in labels} <= {font_px(L.font_body)}
        # the explanation of the row in focus is there, whole, under the rows
        first = scene.explanation.split(" ")[0]
        lines = [t for t in log.items if t.text.startswith(first)
                 and t.rect.top >= rects[-1].bottom]
        assert lines, scene.explanation
        explained.add(scene.explanation)
        press(pygame.K_DOWN)
        steps(app, 1)
    assert seen == {r.name for r in scene.form.rows}  # every row reached by the keys
    assert len(explained) > 1
    assert scene.form.extra is scene.buttons[0]  # after the last house rule: Back
    press(pygame.K_UP)  # back to the last house rule
    steps(app, 1)
    assert scene.rules[-1].rect.width > 0 and scene.mode.rect.width == 0
    # the wheel: up to the top of the house rules, on to the list, up to its top
    for _ in range(30):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    steps(app, 1)
    assert scene.mode.rect.width > 0 and scene.scrolls["list"].first == 0
    assert scene.form.rows[scene.form.focus].rect.width > 0  # the focus went along
    wheeled = set()
    for _ in range(30):  # and down through every row
        wheeled.update(r.name for r in scene.form.rows if r.rect.width > 0)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        steps(app, 1)
    assert wheeled == {r.name for r in scene.form.rows}
    assert not app.errors  # type: ignore[attr-defined]


def test_a_name_is_typed_after_scrolling_to_it(tmp_path: Path) -> None:
    app, scene = _open(tmp_path, (1280, 720), "de", 200)
    assert scene.right.rect.width == 0  # below the rows shown at first
    while scene.form.rows[scene.form.focus] is not scene.right:
        press(pygame.K_DOWN)
        steps(app, 1)
    field = scene.name_fields["right"]
    assert field.rect.width > 0 and scene.panel.contains(field.rect)
    click(field.rect.center)
    steps(app, 1)
    assert field.editing
    field.text = ""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoë"))
    press(pygame.K_RETURN)
    steps(app, 2)
    assert field.value == "Zoë" and not field.editing
    scene.start()
    assert app.settings.opponents[1].name == "Zoë"  # type: ignore[attr-defined]


def test_at_100_percent_new_list_is_two_columns_unscrolled(tmp_path: Path) -> None:
    _app, scene = _open(tmp_path, (1280, 720), "en", 100)
    assert not scene.large
    assert all(r.rect.width > 0 for r in scene.form.rows)
    assert scene.rules[0].rect.x > scene.mode.rect.right
    assert all(s.marks is None for s in scene.scrolls.values())
