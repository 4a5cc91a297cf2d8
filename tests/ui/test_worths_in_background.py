"""The hands' worths of "cards or play?" are worked out while the game is quiet (the
menu, a list's end), one hand a job, so that the statistics open with them complete."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from skatgame.engine.options import RuleOptions
from skatgame.table import statcache
from skatgame.table.worth import WORTH_NAME, WorthBook
from skatgame.table.worthfill import BATCH, QUIET_SECONDS, ListReader
from skatgame.ui.app import App
from skatgame.ui.scenes.results import ResultsScene
from skatgame.ui.testing import make_app, new_session, press, steps
from tests.table.test_stat_charts import save_lists
from tests.ui.test_list_modes_scenes import play_to_the_end
from tests.ui.test_play_through import mouse_turn


def _app(tmp_path: Path) -> App:
    app = make_app(tmp_path)
    # the test's players answer in this process: the filler is off there unless asked
    assert not app.worths.enabled
    app.worths.enabled = True
    steps(app, 2)
    return app


def _until(app: App, done: Callable[[], bool], frames: int = 6000,
           seconds: float = 60.0) -> None:
    """Step the app until ``done()``, at most ``frames`` frames and ``seconds`` seconds."""
    end = time.monotonic() + seconds
    for _ in range(frames):
        if done() or time.monotonic() > end:
            return
        steps(app, 1)


def _lists_read(app: App) -> None:
    """Step the menu until the finished lists are being read, and wait for the reader
    (a reader of two small lists may be done within the frame that started it: then
    the lists were handed over at once)."""
    for _ in range(round(QUIET_SECONDS * 60) + 20):
        if app.worths.reader is not None or app.worths.gathered:
            break
        steps(app, 1)
    reader = app.worths.reader
    assert app.worths.gathered or (reader is not None and reader.wait(30))


def test_the_menu_works_out_the_worths_before_the_statistics_open(tmp_path: Path) -> None:
    save_lists(tmp_path, [(5, 3, 1), (6, 3, 1)])
    statcache.forget()
    app = _app(tmp_path)
    filler = app.worths
    for _ in range(round(QUIET_SECONDS * 60) - 10):  # not before the game has been quiet
        steps(app, 1)
    assert filler.worked_out == 0
    _lists_read(app)
    asked = []

    def worked_out() -> bool:
        if filler.ticket is not None:
            asked.append(len(filler.asked))
        return filler.gathered and not filler.busy

    _until(app, worked_out)
    assert filler.worked_out == 6 and set(asked) == {BATCH}  # two lists of three deals
    assert len(WorthBook(app.store).worths) == 6  # kept on disk
    app.nav.push("statistics")
    steps(app, 2)
    scene = app.top
    press(pygame.K_5)  # "cards or play?": complete at once, nothing left to ask
    steps(app, 1)
    assert scene.worths_done and scene.batches == 0 and scene.ticket is None
    assert all(scene.book.get(*h) is not None for h in scene.worth_hands())
    assert not app.errors


def test_a_table_in_play_is_never_kept_waiting(tmp_path: Path) -> None:
    save_lists(tmp_path, [(5, 3, 1)])
    statcache.forget()
    app = _app(tmp_path)
    session = new_session(app, deals=3, options=RuleOptions(), list_kind="seeger-fabian",
                          levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=5)
    app.nav.open_list(session)
    for _ in range(600):  # ten seconds at the table, the human playing with the mouse
        if isinstance(app.top, ResultsScene):
            break
        mouse_turn(app)
        steps(app, 1)
        assert app.worths.ticket is None
    assert app.worths.worked_out == 0


def test_a_list_that_ends_gives_its_hands_first(tmp_path: Path) -> None:
    save_lists(tmp_path, [(5, 3, 1)])
    statcache.forget()
    app = _app(tmp_path)
    session = new_session(app, deals=3, options=RuleOptions(), list_kind="seeger-fabian",
                          levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=8)
    play_to_the_end(app, session)
    filler = app.worths
    assert session.list_id in filler.lists_seen
    mine = [(d.hands[0], d.forehand == 0) for d in
            statcache.in_progress_summary(session).dealt]
    assert filler.asked[0] in mine  # the list just ended comes first
    book = app.services.worth_book
    # the lists are read in a thread, which takes its own (wall-clock) time on a busy
    # machine: step until done, bounded in frames and seconds
    _until(app, lambda: filler.gathered and all(book.get(*h) is not None for h in mine))
    assert all(book.get(*h) is not None for h in mine) and filler.gathered
    assert (tmp_path / f"{WORTH_NAME}.json").exists() and not app.errors


class _Gate:
    """Stands in for the reading of one finished list: notes the thread that reads
    and holds it until opened."""

    def __init__(self, load: Any) -> None:
        self.load = load
        self.threads: list[threading.Thread] = []
        self.started = threading.Event()
        self.open = threading.Event()

    def __call__(self, store: Any, name: str) -> Any:
        self.threads.append(threading.current_thread())
        self.started.set()
        self.open.wait(30)
        return self.load(store, name)


def _reading_held(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                  ) -> tuple[App, _Gate, ListReader]:
    """An app at the menu whose filler reads two finished lists, the first held up."""
    save_lists(tmp_path, [(5, 3, 1), (6, 3, 1)])
    statcache.forget()
    gate = _Gate(statcache._load)
    monkeypatch.setattr(statcache, "_load", gate)
    app = _app(tmp_path)
    steps(app, round(QUIET_SECONDS * 60) + 5)
    reader = app.worths.reader
    assert reader is not None and gate.started.wait(30)
    return app, gate, reader


def test_the_lists_are_read_off_the_frame_loop(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    app, gate, reader = _reading_held(tmp_path, monkeypatch)
    filler = app.worths
    frames = app.frames
    steps(app, 60)  # a second of frames while a list's reading is held up
    assert app.frames == frames + 60 and not reader.done and not filler.gathered
    assert filler.worked_out == 0 and filler.ticket is None
    gate.open.set()
    assert reader.wait(30)
    _until(app, lambda: filler.gathered and not filler.busy)
    assert filler.worked_out == 6  # the same hands as read in the frame loop
    assert len(gate.threads) == 2 and threading.main_thread() not in gate.threads
    assert not app.errors


def test_the_game_quits_while_the_lists_are_read(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    app, gate, reader = _reading_held(tmp_path, monkeypatch)
    app.quit()
    app.close()  # the reader is asked to stop; the window closes without waiting for it
    assert app.worths.reader is None
    gate.open.set()
    assert reader.wait(30)
    assert len(gate.threads) == 1  # it stopped after the list it was reading
    assert not statcache._memory and not statcache._unwritten  # nothing kept from it


def test_what_start_up_built_is_out_of_the_collectors_way_after_the_first_frame(
        tmp_path: Path) -> None:
    """After the first frame the objects of start-up are frozen (a full collection, set
    off by the worths' reader, then walks only what was made since)."""
    import gc

    app = make_app(tmp_path)
    try:
        app.step(0.0)
        assert app.frames >= 1
        assert gc.get_freeze_count() > 0
    finally:
        app.close()
