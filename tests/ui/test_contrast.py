"""Contrast as WCAG measures it, and the recorder that notes it for every text drawn."""

from __future__ import annotations

import pygame
import pytest

from skatgame.ui import text as ui_text
from skatgame.ui import theme
from skatgame.ui.vision import contrast_ratio, grey, luminance, simulate

pygame.display.init()
pygame.font.init()


def test_the_wcag_formula_at_known_points() -> None:
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((10, 20, 30), (10, 20, 30)) == pytest.approx(1.0)
    # #767676 on white is the well-known lightest grey that passes AA (4.54:1)
    assert contrast_ratio((0x76, 0x76, 0x76), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    assert luminance((255, 0, 0)) == pytest.approx(0.2126)


def test_the_simulations_keep_grey_and_merge_red_and_green() -> None:
    for kind in ("protanopia", "deuteranopia", "tritanopia"):
        for v in (0, 128, 255):
            assert max(abs(a - v) for a in simulate((v, v, v), kind)) <= 2
    red, green = (200, 30, 30), (90, 120, 30)  # told apart by hue, not lightness
    for kind in ("protanopia", "deuteranopia"):
        a, b = simulate(red, kind), simulate(green, kind)
        assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) < 90
    assert grey((255, 255, 255)) == (255, 255, 255)


def test_the_recorder_notes_each_texts_contrast_to_what_lies_behind() -> None:
    screen = pygame.Surface((400, 200))
    screen.fill((30, 30, 30))
    screen.fill((240, 240, 240), pygame.Rect(200, 0, 200, 200))
    log = ui_text.record_texts(screen)
    try:
        ui_text.draw_text(screen, "dark on dark", 20, (10, 10), (60, 60, 60))
        ui_text.draw_text(screen, "light on dark", 20, (10, 60), (250, 250, 250))
        ui_text.draw_text(screen, "black on light", 20, (210, 60), (0, 0, 0))
        ui_text.draw_text(screen, "faded", 20, (210, 120), (0, 0, 0), alpha=60)
    finally:
        ui_text.record_texts(None)
    assert log is not None
    ratios = {t.text: t.contrast for t in log.items}
    assert ratios["dark on dark"] is not None and ratios["dark on dark"] < 2
    assert ratios["light on dark"] is not None and ratios["light on dark"] > 12
    assert ratios["black on light"] is not None and ratios["black on light"] > 15
    assert ratios["faded"] is not None and ratios["faded"] < 4.5  # alpha counts
    assert {t.text for t in log.low_contrast(4.5)} == {"dark on dark", "faded"}
    assert log.min_contrast() == pytest.approx(ratios["dark on dark"])


def test_a_quiet_text_never_drops_below_the_floor() -> None:
    for fg, bg in ((theme.TEXT, theme.BUTTON), (theme.BUTTON_PRIMARY_TEXT,
                                                theme.BUTTON_PRIMARY)):
        assert contrast_ratio(theme.quiet(fg, bg), bg) >= theme.TEXT_CONTRAST
        assert theme.quiet(fg, bg) != fg  # still quieter than the caption where it can be
