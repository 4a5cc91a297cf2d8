"""An empty field's example is never taken for something typed: a low-vision playtester
(200 %, high contrast) read "Dein Name" in Play together's empty name field as his name
set, in the same bold white as typed text."""

from __future__ import annotations

import pygame
import pytest

from skatgame.ui import theme, widgets

pygame.display.init()
pygame.font.init()


def _brightest(text: str, default: str) -> tuple[int, int]:
    """The brightest grey of the field's glyphs and how many pixels they light."""
    field = widgets.TextField(text, default, 40)
    field.rect = pygame.Rect(0, 0, 400, 48)
    surface = pygame.Surface((400, 48))
    surface.fill(theme.PANEL_SOLID[:3])
    field.draw(surface, 24)
    inner = [tuple(surface.get_at((x, y)))[:3] for y in range(8, 40) for x in range(10, 390)]
    lum = [sum(c) // 3 for c in inner]
    top = max(lum)
    return top, sum(v > top * 0.8 for v in lum)


@pytest.mark.parametrize("high", [False, True])
def test_the_example_is_quieter_and_thinner_than_typed_text(high: bool) -> None:
    from skatgame.ui.vision import contrast_ratio

    theme.use_high_contrast(high)
    try:
        typed = _brightest("Dein Name", "")
        example = _brightest("", "Dein Name")
        # still readable: the theme's floor to the field
        floor = contrast_ratio((example[0],) * 3, theme.PANEL_SOLID[:3])
    finally:
        theme.use_high_contrast(False)
    assert example[0] < typed[0] - 20  # quieter
    assert example[1] < typed[1]  # thinner strokes: fewer lit pixels
    assert floor >= (7.0 if high else 4.5)
