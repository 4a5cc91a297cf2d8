"""Every control can be reached and pressed by keys, and the focus is drawn visibly.

The audit walks the scenes one reaches from the main menu (and the questions and
messages): on each it presses the keys that move the focus (Down, Tab, Right) and notes
every control the focus lands on (:func:`skatgame.ui.focus.focused_control`, the same
finder that reads the focus out), then checks that every clickable control (each enabled
button, option row and text field on show) was among them; a button with the focus is
pressed by Enter and by Space, a text field opened for typing. The focus ring drawn over
the scene has a contrast of 3:1 at least to what lies around it, in both themes.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from skatgame.ui import theme, widgets
from skatgame.ui.app import App
from skatgame.ui.focus import focused_control
from skatgame.ui.scenes.settings import PAGES
from skatgame.ui.testing import make_app, press, steps
from skatgame.ui.vision import contrast_ratio

#: The scenes of the audit: route and its parameters.
SCENES: list[tuple[str, dict[str, Any]]] = [
    ("menu", {}),
    ("new_list", {}),
    *[("settings", {"page": page}) for page in PAGES],
    ("together", {}),
    ("statistics", {}),
    ("learn", {}),
    ("finished_lists", {}),
    ("help", {}),
    ("confirm", {"title": "Concede", "body": "Give the game up?", "on_yes": lambda: None}),
    ("message", {"title": "Please note", "body": "Saved."}),
]

#: The keys that move the focus, each pressed on a scene of its own.
MOVES = (pygame.K_DOWN, pygame.K_TAB, pygame.K_RIGHT)



def _name(control: object) -> str:
    return f"{type(control).__name__}:{getattr(control, 'name', '')}"


def _controls(scene: Any) -> set[str]:
    """The clickable controls on show: enabled buttons, option rows, text fields."""
    found: list[object] = [b for b in scene.buttons if b.enabled and b.rect.width > 0]
    form = getattr(scene, "form", None)
    if isinstance(form, widgets.Form):
        found += [r for r in form.rows if r.rect.width > 0]
    found += [v for v in vars(scene).values()
              if isinstance(v, widgets.TextField) and v.enabled and v.rect.width > 0]
    for v in vars(scene).values():
        if isinstance(v, dict):
            found += [f for f in v.values() if isinstance(f, widgets.TextField)
                      and f.enabled and f.rect.width > 0]
    return {_name(c) for c in found}


def _open(app: App, route: str, params: dict[str, Any]) -> Any:
    if route == "menu":
        app.nav.reset("menu")
    else:
        app.nav.push(route, **params)
    steps(app, 30)  # (a question's gate against early keys opens)
    return app.top


def _walk(app: App, route: str, params: dict[str, Any], key: int, presses: int = 40) \
        -> set[str]:
    """The controls the focus lands on while ``key`` is pressed again and again."""
    scene = _open(app, route, params)
    reached = set()
    for _ in range(presses):
        f = focused_control(scene)
        if f is not None:
            reached.add(_name(f.control))
        # a tab is reached when the keys bring its page up
        reached |= {_name(b) for b in scene.buttons if b.chosen}
        press(key)
        steps(app, 1)
        assert app.top is scene, f"{key} left {route}"
    if route != "menu":
        app.nav.pop()
        steps(app, 2)
    return reached


@pytest.fixture
def app(tmp_path: Path):  # noqa: ANN201
    app = make_app(tmp_path)
    steps(app, 3)
    yield app
    app.close()


@pytest.mark.parametrize(("route", "params"), SCENES,
                         ids=[f"{r}-{p.get('page', '')}" for r, p in SCENES])
def test_every_control_is_reached_by_the_keys_that_move_the_focus(
        app: App, route: str, params: dict[str, Any]) -> None:
    scene = _open(app, route, params)
    want = _controls(scene)
    if route != "menu":
        app.nav.pop()
    assert want
    reached: set[str] = set()
    for key in MOVES:
        if route == "settings" and key == pygame.K_TAB:
            continue  # Tab turns the page there (its controls are others)
        reached |= _walk(app, route, params, key)
    missing = want - reached
    assert not missing, f"not reached on {route}: {sorted(missing)}"
    assert not app.errors


def _focus_on(app: App, scene: Any, name: str, key: int = pygame.K_DOWN) -> Any:
    """Move the focus with ``key`` to the control called ``name``; the control."""
    for _ in range(60):
        f = focused_control(scene)
        if f is not None and getattr(f.control, "name", "") == name:
            return f.control
        press(key)
        steps(app, 1)
    raise AssertionError(f"the focus never came to {name}")


@pytest.mark.parametrize(("route", "name", "move"), [
    ("new_list", "back", pygame.K_DOWN), ("new_list", "start", pygame.K_DOWN),
    ("settings", "page_game", pygame.K_DOWN), ("settings", "back", pygame.K_DOWN),
    ("together", "rules", pygame.K_DOWN), ("together", "join", pygame.K_DOWN),
    ("learn", "back", pygame.K_DOWN), ("learn", "lesson-cards", pygame.K_DOWN),
    ("finished_lists", "back", pygame.K_TAB), ("menu", "settings", pygame.K_DOWN),
    ("statistics", "period", pygame.K_TAB), ("statistics", "save", pygame.K_TAB)])
@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_SPACE])
def test_enter_and_space_press_the_button_with_the_focus(app: App, route: str, name: str,
                                                         move: int, key: int) -> None:
    scene = _open(app, route, {})
    button = _focus_on(app, scene, name, move)
    pressed: list[str] = []
    button.action = lambda: pressed.append(name)
    press(key)
    steps(app, 1)
    assert pressed == [name]
    assert app.top is scene  # the key did only what the button does


def test_enter_on_a_name_starts_typing_and_down_moves_on(app: App) -> None:
    scene = _open(app, "new_list", {})
    field = _focus_on(app, scene, "name_left")
    press(pygame.K_RETURN)
    steps(app, 1)
    assert field.editing
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="a"))
    press(pygame.K_RETURN)
    steps(app, 1)
    assert not field.editing and field.text == "Annaa"
    press(pygame.K_DOWN)
    steps(app, 1)
    f = focused_control(scene)
    assert f is not None and f.control is not field


def _ring_contrast(app: App) -> tuple[float, float]:
    """The focus ring's contrast to the pixels just outside it, and to its dark edge."""
    f = focused_control(app.top)
    assert f is not None
    rect: pygame.Rect = f.control.rect  # type: ignore[attr-defined]
    w = widgets.focus_ring_width(rect)
    screen = app.screen
    x = rect.centerx + 3
    ring = screen.get_at((x, rect.top - 1 - w // 2))[:3]
    outside = screen.get_at((x, rect.top - w - 2))[:3]
    edge = screen.get_at((x, rect.top + w // 2))[:3]
    assert all(abs(a - b) <= 12 for a, b in zip(ring, theme.FOCUS_RING, strict=True)), ring
    return contrast_ratio(ring, outside), contrast_ratio(ring, edge)


@pytest.mark.parametrize("high_contrast", [False, True])
@pytest.mark.parametrize(("route", "params", "moves"), [
    ("menu", {}, 2), ("new_list", {}, 3), ("new_list", {}, 25),
    ("settings", {"page": "access"}, 1),
    ("confirm", {"title": "Quit", "body": "Really?", "on_yes": lambda: None}, 0)])
def test_the_focus_ring_stands_out_three_to_one(app: App, high_contrast: bool, route: str,
                                                 params: dict[str, Any], moves: int) -> None:
    try:
        app.set_settings(replace(app.settings, high_contrast=high_contrast))
        scene = _open(app, route, params)
        for _ in range(moves):
            press(pygame.K_DOWN)
            steps(app, 1)
        steps(app, 1)
        assert app.top is scene
        around, edge = _ring_contrast(app)
        assert around >= 3.0, f"{route}: the ring is {around:.2f}:1 to what is around it"
        assert edge >= 3.0, f"{route}: the ring is {edge:.2f}:1 to its edge"
    finally:
        theme.use_high_contrast(False)


def test_the_lobby_of_a_hosted_table_is_reached_by_keys_and_read_out(app: App) -> None:
    """The host's lobby (a table served on 127.0.0.1): the arrows reach each open place's
    level, Start, the chat line and every other button; Enter presses the one with the
    focus; the places are read out by their number."""
    from skatgame.ui.speech import Recorder
    from tests.ui.test_together import host_table

    voice = Recorder()
    app.services.speaker.voice = voice
    app.services.speaker.language = "en"
    app.set_settings(replace(app.settings, speak=True))
    remote = host_table(app)
    try:
        lobby = app.top
        steps(app, 5)
        want = _controls(lobby) | {_name(c) for c in lobby.level_form.rows} | {"TextField:chat"}
        reached = set()
        for _ in range(30):
            f = focused_control(lobby)
            if f is not None:
                reached.add(_name(f.control))
            press(pygame.K_DOWN)
            steps(app, 1)
        assert app.top is lobby
        assert not want - reached, sorted(want - reached)
        assert "Button:start" in reached and "Button:leave" in reached
        assert any(line.startswith("Place 2: Open for a friend, ") for line in voice.lines), \
            voice.lines
        assert any(line.startswith("Text field Chat: empty, ") for line in voice.lines)
        button = _focus_on(app, lobby, "quick_thanks" if lobby.button("quick_thanks")
                           else next(b.name for b in lobby.buttons
                                     if b.name.startswith("quick_")))
        pressed: list[str] = []
        button.action = lambda: pressed.append("quick")
        press(pygame.K_RETURN)
        steps(app, 1)
        assert pressed == ["quick"] and app.top is lobby
    finally:
        remote.close()
