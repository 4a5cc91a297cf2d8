"""One size of type along a row of tabs or phrases: a low-vision playtester (200 %, high
contrast, German) saw the statistics' tab "Karten oder Spiel?" in two tiny lines beside
larger tabs, and the chat's quick phrases in three sizes."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from skatgame.ui.app import App
from skatgame.ui.testing import make_app, steps
from skatgame.ui.text import TextLog, record_texts


def _drawn(tmp_path: Path, size: tuple[int, int], language: str, text_size: int,
           scene: str) -> tuple[App, TextLog]:
    """``scene`` opened from the menu, and the texts of one frame of it."""
    app = make_app(tmp_path, size=size)
    app.services.change_settings(dataclasses.replace(app.settings, language=language,
                                                     text_size=text_size))
    app.nav.reset("menu")
    app.nav.push(scene)
    steps(app, 2)
    log = record_texts(app.screen)
    app.step(0.0)
    record_texts(None)
    assert log is not None
    return app, log


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("text_size", [100, 200])
def test_the_statistics_tabs_share_one_size(tmp_path: Path, size: tuple[int, int],
                                            language: str, text_size: int) -> None:
    app, log = _drawn(tmp_path, size, language, text_size, "statistics")
    scene = app.top
    sizes = set()
    shown = [b for b in scene.tab_buttons if b.rect.width > 0]  # (the page on show)
    assert shown == scene.tab_buttons or scene.tab_arrows
    for b in shown:
        words = str(b.label).split()
        drawn = [t for t in log.visible() if t.rect.colliderect(b.rect)
                 and t.text and t.text.split()[0] in words]
        assert drawn, b.label
        sizes |= {t.px for t in drawn}
    assert len(sizes) == 1, sizes
    assert not log.cut


def test_buttons_without_keys_share_the_rows_size_too() -> None:
    """The chat's quick phrases have no key: they kept their own sizes."""
    import pygame

    from skatgame.ui import widgets

    pygame.font.init()
    from skatgame.ui.layout import small_for
    from skatgame.ui.text import text_width

    long_, short = (widgets.Button(text, lambda: None, font_size=30)
                    for text in ("Hallo zusammen!", "Danke!"))
    # room for the long phrase a size smaller only
    w = (text_width("Hallo zusammen!", 30, True) + text_width("Hallo zusammen!",
                                                                small_for(30), True)) // 2 + 30
    long_.rect = pygame.Rect(0, 0, w, 44)
    short.rect = pygame.Rect(w + 20, 0, w, 44)
    assert long_.fitted()[0] < short.fitted()[0]  # each on its own: two sizes
    widgets.even_type([long_, short])
    assert long_.fitted()[0] == short.fitted()[0]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("text_size", [100, 200])
def test_the_lessons_titles_share_one_size(tmp_path: Path, size: tuple[int, int],
                                           language: str, text_size: int) -> None:
    """Items 2 and 5 of the lesson list were smaller than the others at 200 %."""
    app, log = _drawn(tmp_path, size, language, text_size, "learn")
    titles = [t for b, _lesson in app.top.rows for t in log.visible()
              if t.rect.colliderect(b.rect) and t.text and ". " in t.text[:4]]
    assert len(titles) == len(app.top.rows)
    assert len({t.px for t in titles}) == 1
