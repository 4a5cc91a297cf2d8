"""Rounded panels: the fast way (a small one stretched) draws exactly what drawing the whole
panel supersampled draws."""

from __future__ import annotations

import random

import pygame
import pytest

from skatgame.ui import widgets

#: width, height, radius, fill, border, border width
Case = tuple[int, int, int, tuple[int, ...], tuple[int, ...] | None, int]


def cases() -> list[Case]:
    rnd = random.Random(7)
    out: list[Case] = [
        (640, 360, 12, (30, 40, 50, 230), (200, 200, 200), 1),  # a dialog
        (3, 40, 1, (9, 9, 9, 128), (1, 1, 1), 1),  # narrower than its border allows
        (14, 278, 0, (20, 30, 40), (10, 20, 30, 200), 3),  # border wider than the radius
    ]
    for _ in range(60):
        w, h = rnd.randint(1, 300), rnd.randint(1, 200)
        radius = max(0, min(rnd.randint(0, 40), w // 2, h // 2))
        out.append((w, h, radius, rnd.choice([(20, 30, 40), (250, 250, 250, 230), (0, 100, 0, 40)]),
                    rnd.choice([None, (200, 100, 50), (10, 20, 30, 200)]),
                    rnd.choice([0, 1, 2, 3, 7])))
    return out


@pytest.mark.parametrize("case", cases())
def test_a_stretched_panel_is_the_supersampled_panel(case: Case) -> None:
    fast = widgets._stretched_rounded(*case)
    whole = widgets._supersampled_rounded(*case)
    assert fast.get_size() == whole.get_size() == case[:2]
    assert pygame.image.tobytes(fast, "RGBA") == pygame.image.tobytes(whole, "RGBA")
