"""The high-contrast theme: every text at least 7:1 to what lies behind it (WCAG AAA) on
every scene of the gallery, a plain felt, thick card outlines; switched by a setting.

The gallery's high-contrast pass runs at 1280x720 in German (the longer words) through
every scene; the normal theme's pass (4.5:1) runs in tests/ui/test_type_and_layout.py.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame

from skatgame.commands.gallery import CONTRAST_FLOOR_HIGH, floor_for, write_gallery
from skatgame.ui import theme
from skatgame.ui.testing import make_app, steps
from skatgame.ui.vision import contrast_ratio

pygame.display.init()
pygame.font.init()

TEXTS = ("TEXT", "TEXT_DIM", "ACCENT", "GOOD", "BAD", "WARN", "BUTTON_DISABLED_TEXT")
GROUNDS = ("FELT_CENTRE", "PANEL_SOLID", "BUTTON", "BUTTON_HOVER", "BUTTON_DISABLED")


def test_every_text_colour_on_every_ground_of_the_theme() -> None:
    high = theme.HIGH
    for fg in TEXTS:
        for bg in GROUNDS:
            assert contrast_ratio(high[fg], high[bg]) >= 7.0, (fg, bg)
    for fg, bg in (("BUTTON_PRIMARY_TEXT", "BUTTON_PRIMARY"),
                   ("BUTTON_PRIMARY_TEXT", "BUTTON_PRIMARY_HOVER"), ("BUBBLE_TEXT", "BUBBLE")):
        assert contrast_ratio(high[fg], high[bg]) >= 7.0, (fg, bg)


def test_a_disabled_button_keeps_a_dim_outline_and_its_text_at_the_floor() -> None:
    """A reviewer saw the score sheet's disabled Review/Analyse in high contrast as plain
    text: a disabled button has an outline at 3:1 at least to the felt and the panel
    (WCAG, for the parts of a control), dimmer than an enabled one's, and its words stay
    at 7:1 to its fill."""
    from skatgame.ui import widgets

    theme.use_high_contrast(True)
    try:
        for ground in ("FELT_CENTRE", "PANEL_SOLID"):
            surface = pygame.Surface((200, 60))
            surface.fill(theme.HIGH[ground])
            b = widgets.Button("Analyse", lambda: None, pygame.Rect(20, 10, 160, 40),
                               enabled=False, font_size=18)
            b.draw(surface)
            rim = surface.get_at((100, 10))[:3]  # the top edge, away from the corners
            assert contrast_ratio(rim, theme.HIGH[ground]) >= 3.0, (ground, rim)
            assert contrast_ratio(rim, theme.HIGH[ground]) < \
                contrast_ratio(theme.HIGH["BUTTON_BORDER"], theme.HIGH[ground])  # dim
            inside = [surface.get_at((x, y))[:3] for x in range(30, 170) for y in (20, 30, 40)]
            ink = max(inside, key=sum)  # the words' lightest pixels
            assert contrast_ratio(ink, theme.HIGH["BUTTON_DISABLED"]) >= 7.0, ink
    finally:
        theme.use_high_contrast(False)


def test_a_panel_hides_the_table_under_it() -> None:
    """A low-vision playtester saw the table's names ghost through the results panel:
    in high contrast a panel is opaque."""
    from skatgame.ui import widgets

    ground = pygame.Surface((40, 40))
    ground.fill((255, 255, 255))
    theme.use_high_contrast(True)
    try:
        ground.blit(widgets.rounded((40, 40), 4, theme.PANEL), (0, 0))
        # white under it shows through by no more than rounding (at 245 of 255: 10)
        assert max(tuple(ground.get_at((20, 20)))[:3]) <= 3
    finally:
        theme.use_high_contrast(False)


def test_the_setting_switches_theme_felt_and_card_outlines(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    try:
        steps(app, 2)
        normal_deck = app.deck
        plain = app.felt()
        assert len({plain.get_at((x, 300))[:3] for x in range(0, 1280, 40)}) > 3  # a gradient
        app.set_settings(replace(app.settings, high_contrast=True))
        steps(app, 2)
        assert theme.high_contrast and theme.TEXT_CONTRAST == 7.0
        assert theme.HIGH["FELT_CENTRE"] == theme.FELT_CENTRE
        felt = app.felt()
        assert {felt.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in (5, 360, 715)} \
            == {theme.HIGH["FELT_CENTRE"]}  # plain
        deck = app.deck
        assert deck is not normal_deck and deck.outline > 0
        face = deck.face(0, 120)
        edge = face.get_at((60, 2))  # the top edge: the thick dark outline
        assert max(edge[:3]) < 40
        assert max(normal_deck.face(0, 120).get_at((60, 2))[:3]) > 150
        app.set_settings(replace(app.settings, high_contrast=False))
        steps(app, 1)
        assert not theme.high_contrast and theme.NORMAL["FELT_CENTRE"] == theme.FELT_CENTRE
        assert not app.errors
    finally:
        app.close()
        theme.use_high_contrast(False)


def test_every_scene_in_high_contrast_keeps_seven_to_one(tmp_path: Path) -> None:
    shots = write_gallery(tmp_path, sizes=[(1280, 720)], languages=["de"], save=False,
                          speed="instant", high_contrast=True)
    assert len(shots) > 50 and all(s.high_contrast for s in shots)
    assert not theme.high_contrast  # the gallery leaves the theme as it found it
    problems = []
    for s in shots:
        if s.min_contrast is None or s.min_contrast < CONTRAST_FLOOR_HIGH or s.low_contrast:
            problems.append(f"{s.name}: contrast {s.min_contrast} {s.low_contrast}")
        if s.overlaps:
            problems.append(f"{s.name}: overlapping {s.overlapping}")
        if (s.min_em_px or 0) < floor_for(s.size):
            problems.append(f"{s.name}: text of {s.min_em_px} px")
    assert not problems, "\n".join(problems)
