"""Whole deals played through the window: by posted mouse clicks, and by keys alone."""

from __future__ import annotations

import pygame

from skatgame.engine.deal import Phase
from skatgame.ui.app import App
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import (
    button_centre,
    card_point,
    click,
    make_app,
    press,
    ready,
    steps,
)

HIGHEST = 40  # the human bids and holds up to this value, so that it often declares


def mouse_turn(app: App) -> None:
    """Make the human's decision with the mouse, if one is due."""
    top = app.top
    if top.name in ("declare", "results") and not ready(app):
        return  # the panel is held off until it has been seen
    if top.name == "declare":
        click(button_centre(app, "declare"))
        return
    if top.name == "results":
        click(button_centre(app, "next"))
        return
    if not isinstance(top, TableScene) or not top.human_turn:
        return
    table = top.table
    phase = table.phase
    if phase is Phase.AUCTION:
        a = table.auction()
        if a.awaiting_answer:
            click(button_centre(app, "hold" if a.value <= HIGHEST else "pass"))
        else:
            v = a.legal_bids()[0]
            click(button_centre(app, f"bid{v}" if v <= HIGHEST else "pass"))
    elif phase is Phase.SKAT:
        click(button_centre(app, "take"))
    elif phase is Phase.DISCARD:
        if len(top.chosen) < 2:
            hand = [c for c in top.board.human_hand() if c & 7 != 7]
            click(card_point(app, hand[-1]))
        else:
            click(button_centre(app, "discard"))
    elif phase is Phase.SCHIEBEN:
        click(button_centre(app, "push"))
    elif phase in (Phase.KONTRA, Phase.RE):
        click(button_centre(app, "no"))
    elif phase is Phase.PLAY:
        click(card_point(app, top.legal_cards()[0]))


def key_turn(app: App) -> None:
    """Make the human's decision with keys only, if one is due."""
    top = app.top
    if top.name in ("declare", "results") and not ready(app):
        return  # the panel is held off until it has been seen
    if top.name == "declare":
        press(pygame.K_RETURN)
        return
    if top.name == "results":
        press(pygame.K_RETURN)
        return
    if not isinstance(top, TableScene) or not top.human_turn:
        return
    table = top.table
    phase = table.phase
    if phase is Phase.AUCTION:
        a = table.auction()
        if a.awaiting_answer:
            press(pygame.K_y if a.value <= HIGHEST else pygame.K_p)
        else:
            press(pygame.K_RETURN if a.legal_bids()[0] <= HIGHEST else pygame.K_p)
    elif phase is Phase.SKAT:
        press(pygame.K_s)
    elif phase is Phase.DISCARD:
        view = top.board
        if len(top.chosen) < 2:
            press(pygame.K_LEFT)  # the cursor to the last card of the hand
            if view.focus is not None and view.focus & 7 == 7:
                return  # a jack: walk on (Schieberamsch forbids passing jacks)
            press(pygame.K_SPACE)
        else:
            press(pygame.K_RETURN)
    elif phase is Phase.SCHIEBEN:
        press(pygame.K_p)
    elif phase in (Phase.KONTRA, Phase.RE):
        press(pygame.K_n)
    elif phase is Phase.PLAY:
        press(pygame.K_RIGHT)  # the cursor jumps to a playable card
        press(pygame.K_RETURN)


def play_deals(app: App, turn, deals: int, limit: int = 30000) -> list[str]:  # noqa: ANN001
    """Play until ``deals`` deals are on the score sheet; returns the scenes seen, in order."""
    seen: list[str] = []
    session_rows = lambda: len(app.session.series.rows) if app.session else 0  # noqa: E731
    for _ in range(limit):
        assert app.running
        name = app.top.name
        if not seen or seen[-1] != name:
            seen.append(name)
        if session_rows() >= deals and name != "results":
            return seen
        turn(app)
        steps(app, 1)
    raise AssertionError(f"{deals} deals not done; scenes: {seen[-20:]}")


def test_deals_played_with_the_mouse(tmp_path) -> None:  # noqa: ANN001
    app = make_app(tmp_path)
    steps(app, 2)
    assert app.top.name == "menu"
    click(button_centre(app, "new"))
    steps(app, 1)
    assert app.top.name == "new_list"
    click(button_centre(app, "start"))
    steps(app, 1)
    seen = play_deals(app, mouse_turn, 4)
    assert not app.errors
    for scene in ("dealing", "auction", "skat", "declare", "play", "results"):
        assert scene in seen, (scene, seen)
    rows = app.session.series.rows
    assert len(rows) >= 4
    human_declared = [r for r in rows if r.declarer_player == 0]
    assert human_declared, "the human never declared"


def test_deals_played_with_keys_only(tmp_path) -> None:  # noqa: ANN001
    app = make_app(tmp_path, seed=11)
    steps(app, 2)
    press(pygame.K_n)
    steps(app, 1)
    assert app.top.name == "new_list"
    press(pygame.K_RETURN)
    steps(app, 1)
    seen = play_deals(app, key_turn, 4)
    assert not app.errors
    for scene in ("auction", "skat", "declare", "play", "results"):
        assert scene in seen, (scene, seen)
    rows = app.session.series.rows
    assert any(r.declarer_player == 0 for r in rows)
