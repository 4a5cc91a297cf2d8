"""Marks told apart by more than their colour (issue 28, item 3): a low-vision
playtester found the review's timeline ("only one card" and "not analysed yet" two
nearly equal dark greens) and the score sheet's chart (three thin lines differing only
in colour) readable by colour alone.

The measure: two marks are told apart in a view (grey, or as eyes with protanopia,
deuteranopia or tritanopia see them) where enough of their pixels differ by a WCAG
contrast of 1.5:1 or more as seen in that view."""

from __future__ import annotations

import itertools

import pygame
import pytest

from skatgame.ui import charts, theme
from skatgame.ui.scenes.review import draw_tick
from skatgame.ui.vision import DEFICIENCIES, contrast_ratio, grey, simulate

pygame.display.init()

VIEWS = ("grey", *DEFICIENCIES)
KINDS = ("good", "cost", "mistake", "forced", "open")


def _seen(color: tuple[int, int, int], view: str) -> tuple[int, int, int]:
    return grey(color) if view == "grey" else simulate(color, view)


def _pixels(surface: pygame.Surface) -> list[tuple[int, int, int]]:
    w, h = surface.get_size()
    return [tuple(surface.get_at((x, y)))[:3] for y in range(h) for x in range(w)]


def _share_apart(a: pygame.Surface, b: pygame.Surface, view: str) -> float:
    pa, pb = _pixels(a), _pixels(b)
    apart = sum(contrast_ratio(_seen(x, view), _seen(y, view)) >= 1.5
                for x, y in zip(pa, pb, strict=True))
    return apart / len(pa)


def _tick(kind: str) -> pygame.Surface:
    surface = pygame.Surface((16, 32))
    surface.fill(theme.PANEL[:3])
    draw_tick(surface, pygame.Rect(0, 0, 16, 32), kind, 3)
    return surface


@pytest.mark.parametrize("view", VIEWS)
def test_the_reviews_timeline_marks_differ_in_every_view(view: str) -> None:
    ticks = {kind: _tick(kind) for kind in KINDS}
    for a, b in itertools.combinations(KINDS, 2):
        assert _share_apart(ticks[a], ticks[b], view) >= 0.05, (a, b, view)


def _marker(shape: str) -> pygame.Surface:
    surface = pygame.Surface((20, 20))
    surface.fill((0, 0, 0))
    charts.draw_marker(surface, (255, 255, 255), (10, 10), 6, shape)
    return surface


def test_the_charts_point_shapes_differ() -> None:
    """Any two shapes differ in a quarter of the pixels the two cover together."""
    lit = {m: [p != (0, 0, 0) for p in _pixels(_marker(m))] for m in charts.MARKERS}
    for a, b in itertools.combinations(charts.MARKERS, 2):
        union = sum(x or y for x, y in zip(lit[a], lit[b], strict=True))
        apart = sum(x != y for x, y in zip(lit[a], lit[b], strict=True))
        assert apart >= 0.25 * union, (a, b)


def test_every_player_of_a_lists_chart_has_his_own_shape(monkeypatch) -> None:  # noqa: ANN001
    seen: list[list[charts.Series]] = []
    monkeypatch.setattr(charts, "line_chart",
                        lambda surface, rect, title, series, *a, **k: seen.append(series))
    surface = pygame.Surface((400, 300))
    charts.totals_chart(surface, surface.get_rect(), "List", ["Anna", "Ben", "You", "Clara"],
                        [[0, 20, 40], [0, -20, 0], [0, 30, 30], [0, 0, 10]], 2,
                        unit="points", x_label="deal", size=15)
    markers = [s.marker for s in seen[0]]
    assert len(set(markers)) == 4 and all(markers)
