"""Driving the game window without a person: the one driver of the tests and the gallery.

Events are posted to pygame's queue (a click, a key, a new window size) and the
game is advanced frame by frame with :meth:`App.step`, never in real time; the
computer players answer in this process (``inline_players``), so a seed gives
the same game every time. :func:`drawn_items` tells what a frame drew.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from skatgame.engine.actions import HOLD, PASS, Bid
from skatgame.engine.deal import Phase
from skatgame.table.settings import Opponent, Settings
from skatgame.table.store import Store
from skatgame.ui import text
from skatgame.ui.app import STEP, App
from skatgame.ui.tablescene import TableScene
from skatgame.ui.text import DrawnText

if TYPE_CHECKING:
    from skatgame.table.session import Session

__all__ = ["STEP", "button_centre", "card_point", "click", "drawn_items", "drawn_texts",
           "human_declarer_at_discard", "human_to_move", "human_turn", "make_app",
           "others_declare", "press", "ready", "resize", "run_until", "settle_auction",
           "steps", "until_ready", "win_auction"]


def make_app(folder: Path, size: tuple[int, int] = (1280, 720), speed: str = "instant",
             seed: int = 7, level: str = "beginner", **kw: Any) -> App:
    """An app with computer players thinking inline and its own store folder."""
    settings = Settings(animation_speed=speed, sound_on=False, language="en",
                        opponents=(Opponent(level, "Anna"), Opponent(level, "Ben")))
    return App(settings=settings, store=Store(folder), size=size, inline_players=True,
               sound=False, seed=seed, **kw)


def click(pos: tuple[float, float], button: int = 1) -> None:
    """Post a click (the mouse moves there, goes down and up)."""
    p = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button))


def press(key: int, mod: int = 0) -> None:
    """Post a key press and its release."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="",
                                         scancode=0))


def resize(app: App, size: tuple[int, int]) -> None:
    """Post a new window size."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


def steps(app: App, n: int = 1, dt: float = STEP) -> None:
    """Advance ``n`` frames of ``dt`` (fewer when the app stops)."""
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
    raise AssertionError(f"not done after {limit} frames; top scene: "
                         f"{getattr(app.top, 'name', None)}")


def button_centre(app: App, name: str) -> tuple[int, int]:
    """Where to click the top scene's button ``name`` (it must be there and enabled)."""
    top = app.top
    b = top.button(name)
    assert b is not None, f"no button {name!r} in {top.name}: {[x.name for x in top.buttons]}"
    assert b.enabled, f"button {name!r} is disabled"
    centre: tuple[int, int] = b.rect.center
    return centre


def card_point(app: App, card: int) -> tuple[int, int]:
    """A point of the window where a click hits ``card`` in the human's hand."""
    board = app.top.board
    s = board.sprite_of(card)
    assert s is not None, f"card {card} is not on the table"
    w = s.w
    h = board.layout.card_height(w)
    for fy in (0.0, -0.2, 0.2, -0.35, 0.35):
        for fx in (-0.42, -0.3, -0.15, 0.0, 0.15, 0.3, 0.42):
            p = (round(s.x + fx * w), round(s.y + fy * h))
            if board.hand_card_at(p) == card:
                return p
    raise AssertionError(f"card {card} cannot be hit")


def ready(app: App) -> bool:
    """Whether the top panel takes input (its gate against early keys is open)."""
    gate = getattr(app.top, "gate", None)
    return gate is None or bool(gate.open)


def until_ready(app: App) -> int:
    """Step until the top panel takes input."""
    return run_until(app, lambda: ready(app), 600)


def frame_log(app: App, dt: float = STEP) -> text.TextLog:
    """What the next frame (``dt`` later; 0: the same moment again) draws: its texts,
    where, what was cut and what overlaps."""
    log = text.record_texts(app.screen)
    try:
        app.step(dt)
    finally:
        text.record_texts(None)
    assert log is not None
    return log


def drawn_items(app: App) -> list[DrawnText]:
    """The texts the next frame draws, with where."""
    return list(frame_log(app).items)


def drawn_texts(app: App) -> list[str]:
    """The words the next frame draws."""
    return [t.text for t in drawn_items(app)]


def human_to_move(app: App) -> bool:
    """Whether the table is on top and waits for the human."""
    top = app.top
    return isinstance(top, TableScene) and top.human_turn


def human_turn(app: App, phases: Iterable[Phase]) -> bool:
    """Whether the table waits for the human in one of ``phases``."""
    top = app.top
    return isinstance(top, TableScene) and top.human_turn and top.table.phase in tuple(phases)


def settle_auction(session: Session, human_wins: bool) -> None:
    """Play the auction out on the deal before the table opens: the human bids and the
    others give way, or the human passes and a computer player wins at 18."""
    deal = session.deal
    human = session.human_seat
    while deal.phase is Phase.AUCTION:
        a = deal.auction
        if (deal.to_move == human) != human_wins:
            deal.apply(PASS)
        elif a.awaiting_answer:
            deal.apply(HOLD)
        elif human_wins or a.value == 0:
            deal.apply(Bid(a.legal_bids()[0]))
        else:  # a computer player holds 18: the one who bid it stops
            deal.apply(PASS)


def win_auction(session: Session) -> None:
    """The human wins the auction (see :func:`settle_auction`)."""
    settle_auction(session, True)


def others_declare(session: Session) -> None:
    """A computer player wins the auction (see :func:`settle_auction`)."""
    settle_auction(session, False)


def human_declarer_at_discard(app: App, move_timer: int = 0) -> None:
    """A three-seat Seeger-Fabian list (seed 3) whose auction the human has won; the
    skat taken, on to his discard."""
    from skatgame.engine.options import ISKO
    from skatgame.table.session import new_session

    session = new_session(app.tr("table.you"), deals=3, options=ISKO,
                          list_kind="seeger-fabian", levels=("beginner", "beginner"),
                          names=("Anna", "Ben"), seed=3, move_timer=move_timer)
    win_auction(session)
    app.nav.open_list(session, resume=True)
    run_until(app, lambda: human_turn(app, (Phase.SKAT,)))
    app.top.take()
    run_until(app, lambda: human_turn(app, (Phase.DISCARD,)))


def new_session(app: App, *, you: str | None = None, **kw: Any) -> Session:
    """A fresh list (see :func:`skatgame.table.session.new_session`), the human called
    ``you`` (default: "You" in the app's language)."""
    from skatgame.table.session import new_session as new_list

    return new_list(you or app.tr("table.you"), **kw)


def open_table(app: App, session: Session, resume: bool = False) -> None:
    """Sit down at ``session`` in ``app`` (``resume``: as it stands, else it is dealt)."""
    app.nav.open_list(session, resume)
