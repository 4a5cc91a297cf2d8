"""Random storms of clicks, keys, wheel turns and resizes for thousands of frames raise nothing."""

from __future__ import annotations

import random

import pygame

from skatgame.ui.app import App
from skatgame.ui.testing import make_app

KEYS = [pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_F1,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_p, pygame.K_y,
        pygame.K_s, pygame.K_g, pygame.K_h, pygame.K_l, pygame.K_k, pygame.K_r, pygame.K_n,
        pygame.K_c, pygame.K_m, pygame.K_o, pygame.K_b, pygame.K_q, pygame.K_PAGEDOWN,
        *range(pygame.K_0, pygame.K_9 + 1)]


def storm_event(rng: random.Random, app: App) -> pygame.event.Event:
    w, h = app.screen.get_size()
    pos = (rng.randrange(-5, w + 5), rng.randrange(-5, h + 5))
    kind = rng.random()
    if kind < 0.3:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
    if kind < 0.5:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 3)))
    if kind < 0.7:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=rng.choice((1, 1, 3)))
    if kind < 0.93:
        return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="",
                                  scancode=0)
    if kind < 0.985:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
    size = (rng.randrange(150, 2200), rng.randrange(120, 1300))
    return pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])


def run_storm(tmp_path, seed: int, frames: int, speed: str) -> set[str]:  # noqa: ANN001
    rng = random.Random(seed)
    app = make_app(tmp_path, speed=speed, seed=seed)
    seen: set[str] = set()
    restarts = 0
    for _ in range(frames):
        if not app.running:  # the storm pressed Quit: open the window again
            assert app.exit_code == 0
            restarts += 1
            app = make_app(tmp_path, speed=speed, seed=seed + restarts)
        for _ in range(rng.choice((0, 0, 1, 1, 2, 4))):
            pygame.event.post(storm_event(rng, app))
        app.step(1 / 60)
        assert not app.errors, app.errors
        seen.add(app.top.name)
    return seen


def test_storm_at_instant_speed(tmp_path) -> None:  # noqa: ANN001
    seen = run_storm(tmp_path, 1, 3000, "instant")
    assert {"menu", "auction"} <= seen


def test_storm_at_normal_speed(tmp_path) -> None:  # noqa: ANN001
    seen = run_storm(tmp_path, 2, 3000, "normal")
    assert "menu" in seen and len(seen) >= 4
