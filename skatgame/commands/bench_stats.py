"""`python -m skatgame bench stats`: how fast the statistics screen opens, as JSON.

200 finished lists of 36 deals (random legal play; a few distinct lists saved
again under other ids and dates, three and four players) are written into a
temporary data folder. Then the statistics screen is opened in a headless
window at 1280x720 and drawn once, timed:

- ``cold_s``: no cache file yet: the screen shows itself after reading lists for
  0.15 s and reads the rest a few each frame (``cold_all_read_s``: until every
  list is there),
- ``warm_s``: the cache file is there, nothing in memory (a new start of the game),
- ``hot_s``: opened again in the same run (summaries kept in memory),
- ``one_changed_s``: the cache file there, one list's file changed since,
- ``replaying_s``: what the screen did before the cache: read every list's file
  (:func:`~skatgame.table.archive.list_archive`) and count.

Each figure is the median of a few openings; the target is 0.3 s.

``menu``: the longest frame (and the 95th percentile) at the menu while the
hands' worths' filler reads the finished lists (:mod:`skatgame.table.worthfill`),
frames paced at 60 a second as in the game (a frame's time counts from when it was
due: a thread that holds Python's lock delays it), from one second after the menu opens
until the lists' hands are queued: ``cold`` without a cache file, ``warm`` with
it (nothing in memory: a new start of the game). Target: 16.7 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

LISTS = 200
DEALS = 36
#: distinct lists played; the rest are copies under other ids and dates
DISTINCT = 8
TARGET_S = 0.3
RUNS = 3


def played_list(seed: int, size: int, deals: int, level: str | None = None) -> Any:
    """A finished list of ``deals`` deals played with random legal moves (or by computer
    players of ``level``)."""
    from skatgame.ai.player import create_player
    from skatgame.engine.options import ISKO
    from skatgame.engine.series import Series
    from skatgame.table.driver import DealDriver
    from skatgame.table.session import Session

    names = ["You", "Anna", "Ben", "Cleo"][:size]
    levels: list[str | None] = [None, "beginner", "advanced", "expert"][:size]
    series = Series(tuple(names), deals=deals, options=ISKO, seed=seed)
    session = Session(series, names, levels, list_id=f"bench{seed}")
    rng = random.Random(seed)
    while True:
        deal = session.deal
        if level is not None:
            DealDriver(deal, [create_player(level, f"{seed}:{i}") for i in range(3)]).run()
        while not deal.done:
            deal.apply(rng.choice(deal.legal_actions()), deal.to_move)
        session.record()
        if session.finished:
            return session
        session.next_deal()


def write_lists(folder: Path, n: int = LISTS, deals: int = DEALS, seed: int = 1,
                level: str | None = None) -> None:
    """``n`` finished lists of ``deals`` deals into ``folder``'s archive, one every
    day back from today (played as :func:`played_list` plays them)."""
    from datetime import datetime, timedelta

    from skatgame.table.archive import (
        ARCHIVE_FOLDER,
        FINISHED_FORMAT,
        FINISHED_VERSION,
        archive_data,
    )

    played = [played_list(seed * 100 + i, 4 if i % 4 == 3 else 3, deals, level)
              for i in range(DISTINCT)]
    (folder / ARCHIVE_FOLDER).mkdir(parents=True, exist_ok=True)
    now = datetime.now()
    for i in range(n):
        session = played[i % DISTINCT]
        data = archive_data(session, (now - timedelta(days=i)).isoformat(timespec="seconds"))
        data["id"] = f"bench-{i:04d}"
        doc = {"format": FINISHED_FORMAT, "version": FINISHED_VERSION, "data": data}
        (folder / ARCHIVE_FOLDER / f"{data['id']}.json").write_text(
            json.dumps(doc, separators=(",", ":")), encoding="utf-8")


def _open_screen(app: Any, complete: list[float] | None = None) -> float:
    """Seconds to open the statistics screen and draw its first frame (and, into
    ``complete``, until every list is read)."""
    from skatgame.ui.app import STEP

    start = time.perf_counter()
    app.nav.push("statistics")
    app.step(STEP)
    elapsed = time.perf_counter() - start
    scene = app.top
    while scene.reading is not None and not scene.reading.done:
        app.step(STEP)
    if complete is not None:
        complete.append(time.perf_counter() - start)
    app.nav.pop()
    app.step(STEP)
    return elapsed


class _Idle:
    """Workers that take the filler's jobs and never answer (no hand is worked out)."""

    def submit(self, job: Any) -> Any:
        from skatgame.table.thinker import Ticket

        return Ticket(job)

    def cancel(self, tickets: list[Any]) -> None:
        pass


def menu_frames(folder: Path, cold: bool) -> dict[str, Any]:
    """Frame times (ms) at the menu while the worths' filler reads the finished lists
    of ``folder`` (``cold``: without a cache file)."""
    from skatgame.commands.bench_ui import _stats
    from skatgame.table import statcache
    from skatgame.table.store import Store
    from skatgame.ui.app import STEP
    from skatgame.ui.testing import make_app

    statcache.forget()
    cache = statcache.cache_path(Store(folder))
    if cold and cache is not None:
        cache.unlink(missing_ok=True)
    app = make_app(folder)
    filler = app.worths
    filler.enabled = True
    filler._workers = lambda: _Idle()  # type: ignore[assignment,return-value]
    frames: list[float] = []
    t_read = 0.0
    due = time.perf_counter()
    try:
        for n in range(60 * 60):
            t0 = time.perf_counter()
            app.step(STEP)
            end = time.perf_counter()
            if n >= 60:  # the menu's first second (fonts, first draws) left out
                frames.append(end - min(t0, due))  # a late wake-up counts too
            if filler.gathered:
                t_read = (n + 1) * STEP
                break
            pause = max(0.0, STEP - (end - t0))
            due = end + pause
            time.sleep(pause)
    finally:
        app.close()
    out = _stats(frames)
    out["hands_queued"] = len(filler.queue)
    out["lists_read_at_s"] = round(t_read, 2)
    return out


def measure(args: argparse.Namespace) -> dict[str, Any]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from skatgame.table import statcache
    from skatgame.table.archive import ARCHIVE_FOLDER, list_archive
    from skatgame.table.stats import compute
    from skatgame.table.store import Store
    from skatgame.ui.testing import make_app

    with tempfile.TemporaryDirectory() as home:
        folder = Path(home)
        start = time.perf_counter()
        write_lists(folder, seed=args.seed)
        written = time.perf_counter() - start
        app = make_app(folder)
        app.step(0.0)
        cache = statcache.cache_path(Store(folder))
        assert cache is not None
        all_read: list[float] = []
        cold, warm, hot, changed, replaying = [], [], [], [], []
        for run in range(RUNS):
            statcache.forget()
            cache.unlink(missing_ok=True)
            cold.append(_open_screen(app, all_read))
            statcache.forget()
            warm.append(_open_screen(app))
            hot.append(_open_screen(app))
            one = folder / ARCHIVE_FOLDER / f"bench-{run:04d}.json"
            one.write_text(one.read_text(encoding="utf-8") + "\n", encoding="utf-8")
            statcache.forget()
            changed.append(_open_screen(app))
            t = time.perf_counter()
            compute(list_archive(Store(folder)))  # as the screen did
            replaying.append(time.perf_counter() - t)
        shown = app.top.name
        cache_bytes = cache.stat().st_size if cache.exists() else 0
        app.close()
        menu = {"cold": menu_frames(folder, cold=True), "warm": menu_frames(folder, cold=False)}

    def median(ts: list[float]) -> float:
        return round(statistics.median(ts), 4)

    return {"benchmark": "stats", "lists": LISTS, "deals_per_list": DEALS,
            "runs": RUNS, "write_lists_s": round(written, 2),
            "cold_s": median(cold), "cold_all_read_s": median(all_read),
            "warm_s": median(warm), "hot_s": median(hot),
            "one_changed_s": median(changed), "replaying_s": median(replaying),
            "cache_bytes": cache_bytes,
            "target_s": TARGET_S, "back_at": shown, "menu": menu}
