"""A lesson's text whole at large text: lesson 2's first step stopped at '… und dann' at
200 % (German, 1280x720) and its box covered the player's avatar; the gallery reported
nothing, since lines dropped under a panel's foot were not counted as cut."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame

from skatgame.ui.layout import BOTTOM
from skatgame.ui.scenes.lesson import LearnScene, LessonScene
from skatgame.ui.testing import make_app, resize, steps
from skatgame.ui.text import record_texts


def test_every_step_of_lesson_two_is_whole_at_200_percent(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    steps(app, 2)
    for language, size in (("de", (1280, 720)), ("en", (1920, 1080))):
        app.set_settings(replace(app.settings, language=language, text_size=200))
        resize(app, size)
        steps(app, 1)
        app.nav.push("learn")
        steps(app, 2)
        learn = app.top
        assert isinstance(learn, LearnScene)
        app.nav.push("lesson", lesson=learn.lessons[1])
        scene = app.top
        assert isinstance(scene, LessonScene)
        run = scene.run
        shown = 0
        for _ in range(60):
            steps(app, 40)
            log = record_texts(app.screen)
            steps(app, 1)
            record_texts(None)
            assert log is not None
            where = (language, size, run.index)
            assert not scene.cut and not log.cut, (where, log.cut)
            # clear of the player's plate and the avatar above it
            avatar = scene.board.painter.bottom_face_rect()
            plate = app.layout.plate_rect(BOTTOM)
            assert not any(box.colliderect(avatar) or box.colliderect(plate)
                           for box in scene.boxes), (where, avatar, scene.boxes)
            shown += 1
            if run.finished:
                break
            if run.awaiting_continue:
                scene.proceed()
            elif run.awaiting_move and run.step is not None and run.step.expect is not None:
                scene.attempt(run.step.expect)
        assert run.finished and shown >= 4
        app.nav.pop()
        app.nav.pop()
        steps(app, 2)
    assert not app.errors, app.errors


def test_lines_dropped_under_a_panel_are_reported_as_cut(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    steps(app, 2)
    app.nav.push("learn")
    steps(app, 2)
    learn = app.top
    assert isinstance(learn, LearnScene)
    app.nav.push("lesson", lesson=learn.lessons[1])
    steps(app, 2)
    scene = app.top
    assert isinstance(scene, LessonScene)
    log = record_texts(app.screen)
    scene.draw_panel(app.screen, pygame.Rect(10, 10, 300, 90), "Step 1", "word " * 80,
                     (255, 255, 0))
    record_texts(None)
    assert log is not None and scene.cut
    assert any("Step 1" in c for c in log.cut)


def test_the_lesson_title_keeps_inside_the_header(tmp_path: Path) -> None:
    """'Lektion 2 von 8 · Farbe bedienen und Trumpf' touched the header's right edge at
    200 % (German, 1280x720)."""
    app = make_app(tmp_path)
    steps(app, 2)
    app.set_settings(replace(app.settings, language="de", text_size=200))
    resize(app, (1280, 720))
    steps(app, 1)
    app.nav.push("learn")
    steps(app, 2)
    learn = app.top
    assert isinstance(learn, LearnScene)
    app.nav.push("lesson", lesson=learn.lessons[1])
    steps(app, 3)
    log = record_texts(app.screen)
    steps(app, 1)
    record_texts(None)
    assert log is not None
    info = app.layout.info_rect()
    titles = [t for t in log.items if t.text.startswith("Lektion 2 von 8")]
    assert titles and all(info.inflate(-2, -2).contains(t.rect) for t in titles), \
        [(t.text, t.rect, info) for t in titles]
