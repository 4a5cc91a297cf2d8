"""Driving the game window in tests: posted mouse and key events, frames stepped by hand."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from skatgame.table.settings import Opponent, Settings  # noqa: E402
from skatgame.table.store import Store  # noqa: E402
from skatgame.ui.app import STEP, App  # noqa: E402
from skatgame.ui.text import DrawnText  # noqa: E402


def make_app(folder: Path, size: tuple[int, int] = (1280, 720), speed: str = "instant",
             seed: int = 7, level: str = "beginner", **kw: object) -> App:
    """An app with computer players thinking inline and its own store folder."""
    settings = Settings(animation_speed=speed, sound_on=False, language="en",
                        opponents=(Opponent(level, "Anna"), Opponent(level, "Ben")))
    return App(settings=settings, store=Store(folder), size=size, inline_players=True,
               sound=False, seed=seed, **kw)  # type: ignore[arg-type]


def click(pos: tuple[float, float], button: int = 1) -> None:
    p = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0,
                                                                                       0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button))


def press(key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="",
                                         scancode=0))


def resize(app: App, size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


def steps(app: App, n: int = 1, dt: float = STEP) -> None:
    for _ in range(n):
        if not app.running:
            return
        app.step(dt)


def run_until(app: App, done: Callable[[], bool], limit: int = 20000, dt: float = STEP) -> int:
    """Step until ``done()``; returns the frames it took (fails past ``limit``)."""
    for i in range(limit):
        if done():
            return i
        if not app.running:
            raise AssertionError("the app stopped")
        app.step(dt)
    raise AssertionError(f"not done after {limit} frames; top scene: {app.top.name}")


def button_centre(app: App, name: str) -> tuple[int, int]:
    b = app.top.button(name)
    assert b is not None, f"no button {name!r} in {app.top.name}: " \
        f"{[x.name for x in app.top.buttons]}"
    assert b.enabled, f"button {name!r} is disabled"
    return b.rect.center


def card_point(app: App, card: int) -> tuple[int, int]:
    """A point of the window where a click hits ``card`` in the human's hand."""
    view = app.top.view
    s = view.sprites[card]
    w = s.w
    h = view.layout.card_height(w)
    for fy in (0.0, -0.2, 0.2, -0.35, 0.35):
        for fx in (-0.42, -0.3, -0.15, 0.0, 0.15, 0.3, 0.42):
            p = (round(s.x + fx * w), round(s.y + fy * h))
            if view.hand_card_at(p) == card:
                return p
    raise AssertionError(f"card {card} cannot be hit")


def ready(app: App) -> bool:
    """Whether the top panel takes input (its gate against early keys is open)."""
    gate = getattr(app.top, "gate", None)
    return gate is None or gate.open


def until_ready(app: App) -> int:
    """Step until the top panel takes input."""
    return run_until(app, lambda: ready(app), 600)


def drawn_items(app: App) -> list[DrawnText]:
    """The texts the next frame draws, with where."""
    from skatgame.ui.text import record_texts

    log = record_texts(app.screen)
    try:
        steps(app, 1)
    finally:
        record_texts(None)
    assert log is not None
    return list(log.items)


def drawn_texts(app: App) -> list[str]:
    """The words the next frame draws."""
    return [t.text for t in drawn_items(app)]


def human_to_move(app: App) -> bool:
    """Whether the table is on top and waits for the human."""
    from skatgame.ui.scenes.table import TableScene

    top = app.top
    return isinstance(top, TableScene) and top.human_turn


def human_declarer_at_discard(app: App, move_timer: int = 0) -> None:
    """A three-seat Seeger-Fabian list (seed 3) whose auction the human has won; the
    skat taken, on to his discard."""
    from skatgame.commands.gallery import _win_auction
    from skatgame.engine.deal import Phase
    from skatgame.engine.options import ISKO
    from skatgame.ui.scenes.table import new_session, open_table

    session = new_session(app, deals=3, options=ISKO, list_kind="seeger-fabian",
                          levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=3,
                          move_timer=move_timer)
    _win_auction(session)
    open_table(app, session, resume=True)
    run_until(app, lambda: human_to_move(app) and app.session.deal.phase is Phase.SKAT)
    app.top.take()  # type: ignore[attr-defined]
    run_until(app, lambda: human_to_move(app) and app.session.deal.phase is Phase.DISCARD)
