"""◀ ▶ in a form: numbers in order (deals, seconds, percent, cents) stop at their ends,
with the arrow there drawn dimmed; a choice of words or a toggle goes round."""

from __future__ import annotations

from pathlib import Path

import pygame

from skatgame.ui.scenes.menu import NewListScene
from skatgame.ui.testing import make_app, press, steps
from skatgame.ui.widgets import Choice


def test_a_scale_stops_at_its_ends_and_words_go_round() -> None:
    deals = Choice("Deals", [(n, str(n)) for n in (3, 6, 36, 48)], 1)
    deals.step(-1)
    deals.step(-1)
    assert deals.value == 3 and deals.at_end(-1) and not deals.at_end(1)
    deals.step(1)
    deals.step(1)
    deals.step(1)
    deals.step(1)
    assert deals.value == 48 and deals.at_end(1)
    toggle = Choice("Kontra", [(True, "On"), (False, "Off")], 0)
    toggle.step(-1)
    assert toggle.value is False and not toggle.scale
    players = Choice("Players", [(3, "Three"), (4, "Four")], 1)
    players.step(1)
    assert players.value == 3  # two numbers are a toggle: either arrow switches
    words = Choice("Deck", [("french", "French"), ("german", "German"), ("tournament", "T")])
    words.step(-1)
    assert words.value == "tournament" and not words.scale


def test_six_clicks_down_from_36_deals_never_reach_48(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    steps(app, 2)
    app.nav.push("new_list")
    steps(app, 2)
    scene = app.top
    assert isinstance(scene, NewListScene)
    scene.form.focus = scene.form.rows.index(scene.deals)
    for _ in range(len(scene.deals.options) + 3):
        press(pygame.K_LEFT)
        steps(app, 1)
    assert scene.deals.value == min(v for v, _label in scene.deals.options)
    assert not app.errors
