"""New list by keys (issue 28): Down and Tab go from the list's last row to the names
(the player's first), then on to the house rules; Enter opens a name for typing, Enter
keeps it and Esc gives it up; at every text size (at 150 and 200 % the form shows one
part at a time, and the player's name was never reached: Down went from Ben to the
house rules)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from skatgame.ui.app import App
from skatgame.ui.focus import focused_control
from skatgame.ui.testing import make_app, press, steps


def key(app: App, k: int, mod: int = 0) -> None:
    press(k, mod)
    steps(app, 1)


def focused(app: App) -> object:
    f = focused_control(app.top)
    assert f is not None
    return f.control


def names_of(controls: list[object]) -> list[str]:
    return [getattr(c, "name", "") for c in controls]


def new_list(tmp_path: Path, size: tuple[int, int], text_size: int, language: str) -> App:
    app = make_app(tmp_path, size=size)
    app.set_settings(replace(app.settings, text_size=text_size, language=language))
    app.nav.reset("menu")
    app.nav.push("new_list")
    steps(app, 3)
    return app


@pytest.mark.parametrize(("size", "text_size", "language"), [
    ((1280, 720), 200, "de"), ((1920, 1080), 150, "en"), ((1280, 720), 100, "en"),
    ((1920, 1080), 200, "en")])
@pytest.mark.parametrize("move", [pygame.K_DOWN, pygame.K_TAB])
def test_down_and_tab_reach_the_players_name_after_the_list(
        tmp_path: Path, size: tuple[int, int], text_size: int, language: str,
        move: int) -> None:
    app = new_list(tmp_path, size, text_size, language)
    scene = app.top
    went: list[object] = []
    for _ in range(60):
        went.append(focused(app))
        if went[-1] in scene.fields:  # on show while it has the focus
            assert went[-1].rect.width > 0
        if getattr(went[-1], "name", "") == "start":
            break
        key(app, move)
    last_row = scene.list_rows[-1]
    names = [f for f in scene.fields if f.enabled]
    # the list's rows, the names (the player's first), the house rules, the buttons
    assert names_of(went) == names_of([*scene.list_rows, *names, *scene.rules,
                                       *scene.buttons])
    assert went.index(scene.you) == went.index(last_row) + 1
    # and back up: from the first house rule to the last name, then to the player's
    for _ in range(len(scene.rules) + len(scene.buttons)):
        key(app, pygame.K_UP)
    assert focused(app) is names[-1]
    for _ in range(len(names) - 1):
        key(app, pygame.K_UP)
    assert focused(app) is scene.you
    key(app, pygame.K_UP)
    assert focused(app) is last_row
    assert not app.errors


@pytest.mark.parametrize(("size", "text_size"), [((1280, 720), 200), ((1920, 1080), 150)])
def test_the_players_name_is_typed_by_keys(tmp_path: Path, size: tuple[int, int],
                                          text_size: int) -> None:
    app = new_list(tmp_path, size, text_size, "en")
    scene = app.top
    for _ in range(len(scene.list_rows)):
        key(app, pygame.K_DOWN)
    assert focused(app) is scene.you
    key(app, pygame.K_RETURN)  # Enter: type
    assert scene.you.editing
    for ch in "Eva":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    key(app, pygame.K_RETURN)  # Enter: done
    assert not scene.you.editing and scene.you.value == "Eva"
    key(app, pygame.K_SPACE)  # Space opens it too; Esc gives the typing up
    assert scene.you.editing
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x"))
    key(app, pygame.K_ESCAPE)
    assert not scene.you.editing and scene.you.value == "Eva"
    assert app.top is scene  # Esc ended the typing, not the scene
    key(app, pygame.K_DOWN)
    assert focused(app) is not scene.you
    assert not app.errors
