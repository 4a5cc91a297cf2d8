"""Reduce motion: nothing slides, shakes, pulses or blinks; changes appear at once (a
fade of at most CALM_FADE); the table keeps its pace; the move timer's ring steps."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from skatgame.engine.deal import Phase
from skatgame.engine.options import RuleOptions
from skatgame.ui import anim
from skatgame.ui.anim import CALM_FADE, Fade, Motion, Shake
from skatgame.ui.app import STEP
from skatgame.ui.testing import (
    human_turn,
    make_app,
    new_session,
    open_table,
    others_declare,
    run_until,
    steps,
)


def test_motions_jump_after_their_delay_fades_are_short_nothing_shakes() -> None:
    anim.reduce_motion(True)
    try:
        m = Motion((0.0,), (100.0,), 0.5, delay=0.2)
        m.update(0.1)
        assert m.value() == (0.0,)  # waits its turn: the pace stays
        m.update(0.11)
        assert m.value() == (100.0,) and m.done  # then is there at once
        f = Fade(2.0)
        assert f.fade_in <= CALM_FADE and f.fade_out <= CALM_FADE and f.hold == 2.0
        s = Shake(10.0)
        assert s.done and s.offset() == 0.0
    finally:
        anim.reduce_motion(False)
    m = Motion((0.0,), (100.0,), 0.5)
    m.update(0.25)
    assert 0.0 < m.value()[0] < 100.0  # without the setting it slides


def test_a_deal_with_reduced_motion_never_shows_a_card_on_its_way(tmp_path: Path) -> None:
    app = make_app(tmp_path, speed="normal")
    try:
        app.set_settings(replace(app.settings, reduce_motion=True))
        session = new_session(app, deals=3, options=RuleOptions(), list_kind="seeger-fabian",
                              levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=4)
        open_table(app, session)
        frames = 0
        while session.deal.result is None and frames < 20000:
            top = app.top
            board = getattr(top, "board", None)
            if board is not None:
                for s in board.sprites.values():
                    if s.motion is not None and s.motion.started:
                        assert s.motion.value() == s.motion.end  # never half way
            if human_turn(app, (Phase.AUCTION,)):
                from skatgame.engine.actions import PASS

                top.apply(PASS)
            elif human_turn(app, (Phase.PLAY,)):
                top.play(top.legal_cards()[0])
            app.step(STEP)
            frames += 1
        assert session.deal.result is not None
        # the pace stays: at the normal speed a deal takes its seconds, not a few frames
        assert frames > 200
        assert not app.errors
    finally:
        app.close()
        anim.reduce_motion(False)


def _ring(app, with_calm: bool) -> list[bytes]:  # noqa: ANN001
    """The move timer's ring drawn twice within the same shown second (25.9 and 25.1 s
    left)."""
    app.set_settings(replace(app.settings, reduce_motion=with_calm))
    top = app.top
    timer = top.move_timer
    assert timer.active
    pictures = []
    for left in (25.9, 25.1):
        top.board.timer_clock = timer._since + timer.seconds - left
        assert timer.shown_seconds() == 26
        surface = pygame.Surface(app.screen.get_size())
        top.draw_timer(surface)
        pictures.append(pygame.image.tobytes(surface, "RGB"))
    return pictures


def test_the_timer_ring_steps_with_the_seconds_when_motion_is_reduced(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    try:
        session = new_session(app, deals=3, options=RuleOptions(), list_kind="seeger-fabian",
                              levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=4,
                              move_timer=30)
        open_table(app, session)
        run_until(app, lambda: human_turn(app, (Phase.AUCTION, Phase.PLAY)), 6000)
        steps(app, 2)
        moving = _ring(app, False)
        assert moving[0] != moving[1]  # the ring runs round
        still = _ring(app, True)
        assert still[0] == still[1]  # the same second shown: the same picture
        assert not app.errors
    finally:
        app.close()
        anim.reduce_motion(False)


def _trick_on_show(tmp_path: Path, with_calm: bool) -> list[tuple[int, int]]:
    """Per trick of a deal at the normal speed: the frames from its third card shown until
    the last of its cards lies on the winner's pile, and the frames over which its cards
    left their places in the trick (1: all at once)."""
    folder = tmp_path / str(with_calm)
    folder.mkdir()
    app = make_app(folder, speed="normal")
    try:
        app.set_settings(replace(app.settings, reduce_motion=with_calm))
        session = new_session(app, deals=3, options=RuleOptions(), list_kind="seeger-fabian",
                              levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=4)
        others_declare(session)
        open_table(app, session, resume=True)
        tricks: list[tuple[int, int]] = []
        watched: list[Any] = []
        shown_at = left_from = frames = 0
        places: list[tuple[float, float]] = []
        while session.deal.result is None and frames < 20000:
            board = getattr(app.top, "board", None)
            if board is not None:
                if not watched and len(board.shown.trick) == 3:
                    watched = [board.sprites[t] for _seat, t in board.shown.trick]
                    shown_at, places = frames, []
                elif watched:
                    now = [(s.x, s.y) for s in watched]
                    still = [s.motion is None or not s.motion.started for s in watched]
                    if not places and all(still):
                        places = now
                    elif places and not left_from and now != places:
                        left_from = frames
                    if places and not board.shown.trick and all(
                            s.motion is None for s in watched) and now != places:
                        tricks.append((frames - shown_at, frames - left_from + 1))
                        watched, left_from = [], 0
            if human_turn(app, (Phase.PLAY,)):
                app.top.play(app.top.legal_cards()[0])
            app.step(STEP)
            frames += 1
        assert not app.errors
        return tricks
    finally:
        app.close()
        anim.reduce_motion(False)


def test_with_reduced_motion_the_whole_trick_stays_as_long_then_goes_at_once(
        tmp_path: Path) -> None:
    """Reduce motion means no sliding, not less time to see the trick (issue 28: the whole
    trick went two frames after its third card)."""
    gliding = _trick_on_show(tmp_path, False)
    still = _trick_on_show(tmp_path, True)
    assert len(gliding) == len(still) == 9  # the tenth ends the deal
    assert all(frames > 1 for _shown, frames in gliding)  # without the setting they glide
    for (shown, _), (calm_shown, at_once) in zip(gliding, still, strict=True):
        assert calm_shown >= shown  # on show at least as long as the gliding trick
        assert at_once == 1  # then gone at once
