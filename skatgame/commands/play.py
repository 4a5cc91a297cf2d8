"""`python -m skatgame [play]`: open the game window.

`--demo` lets three computer players play `--deals N` deals from `--seed S`
through every scene and exits (for showing the game and for tests).

The game holds the instance lock of the player's folder while it runs; a
second copy finds it held and offers to open read-only (or to quit). A game
that cannot take the lock at all (a folder or a broken link in its place, no
permission) says why and offers the same: it never saves over the list
unlocked. A demo never touches the player's lists and takes no lock.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any

from skatgame.commands.args import seed_number, whole_number, window_size

if TYPE_CHECKING:
    from skatgame.table.lock import InstanceLock
    from skatgame.table.store import Store
    from skatgame.ui.app import App

SPEEDS = ("slow", "normal", "fast", "instant")
MOVE_TIMERS = (0, 7, 15, 30, 60)  # as skatgame.table.timer.MOVE_TIMERS (kept light to import)
MAX_DEMO_DEALS = 1000
MAX_FRAMES = 10_000_000  # nearly two days at 60 frames a second




def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--demo", action="store_true",
                        help="computer against computer through every scene, then exit")
    parser.add_argument("--deals", type=whole_number(1, MAX_DEMO_DEALS), default=3,
                        help=f"deals to play in the demo, 1 to {MAX_DEMO_DEALS} (default 3)")
    parser.add_argument("--seed", type=seed_number(), default=1,
                        help="seed of the demo's deals (a whole number from 0)")
    parser.add_argument("--players", type=whole_number(3, 4), choices=(3, 4), default=None,
                        help="players at the table: 3, or 4 with the dealer sitting out "
                             "(default: from the settings; the demo plays 3)")
    parser.add_argument("--timer", type=whole_number(0, max(MOVE_TIMERS)), choices=MOVE_TIMERS,
                        default=None,
                        metavar="SECONDS",
                        help="move timer for the human's decisions: 0 (off), 7, 15, 30 or 60 "
                             "seconds (default: from the settings)")
    parser.add_argument("--size", type=window_size(), default=None,
                        help="window size, e.g. 1280x720, at most the screen's (default: as "
                             "last time)")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen")
    parser.add_argument("--speed", choices=SPEEDS, default=None,
                        help="animation speed (default: from the settings)")
    parser.add_argument("--language", choices=("en", "de"), default=None,
                        help="language (default: from the settings)")
    parser.add_argument("--no-sound", action="store_true", help="play silently")
    parser.add_argument("--inline-players", action="store_true",
                        help="computer players think in this process (for debugging)")
    parser.add_argument("--frames", type=whole_number(1, MAX_FRAMES), default=None,
                        help="quit after this many frames (for measuring start-up)")


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame  # noqa: F401
    except ImportError:
        print("skatgame: pygame-ce is not installed (pip install pygame-ce)", file=sys.stderr)
        return 2
    from skatgame.table.lock import acquire
    from skatgame.table.store import Store, user_dir
    from skatgame.ui.system import pref_path

    folder = user_dir(pref_path())
    lock: InstanceLock | None = acquire(folder) if folder is not None and not args.demo \
        else None
    read_only = lock is not None and not lock.may_save
    if lock is not None and lock.state == "unavailable":
        print(f"skatgame: cannot take the lock {lock.path}: {lock.reason}"
              + ("; opening read-only" if read_only else ""), file=sys.stderr, flush=True)
    try:
        return _play(args, Store(folder, read_only=read_only), lock)
    finally:
        if lock is not None:
            lock.release()


def _play(args: argparse.Namespace, store: Store, lock: InstanceLock | None) -> int:
    import dataclasses

    from skatgame.table.settings import Settings, load_settings
    from skatgame.ui.app import App, DemoOptions
    from skatgame.ui.system import preferred_locales

    settings: Settings = load_settings(store, None, preferred_locales()).value
    changes: dict[str, Any] = {}  # checked by Settings
    if args.speed:
        changes["animation_speed"] = args.speed
    if args.language:
        changes["language"] = args.language
    if args.no_sound:
        changes["sound_on"] = False
    if args.players is not None:
        changes["players"] = args.players
    if args.timer is not None:
        changes["move_timer"] = args.timer
    # options on the command line hold for this run only: the saved settings keep theirs
    run_only = {k: getattr(settings, k) for k in changes}
    if changes:
        settings = dataclasses.replace(settings, **changes)
    demo = DemoOptions(deals=args.deals, seed=args.seed, players=args.players or 3,
                       timer=args.timer or 0) if args.demo else None
    try:
        app = App(settings=settings, store=store, size=args.size, demo=demo,
                  inline_players=args.inline_players, save=demo is None,
                  sound=not args.no_sound, fullscreen=True if args.fullscreen else None,
                  read_only=store.read_only, run_only=run_only)
    except Exception as e:  # no display, no video driver...
        print(f"skatgame: cannot open the game window: {e}", file=sys.stderr)
        return 1
    if args.size is not None and app.windowed_size != args.size:
        w, h = app.windowed_size
        print(f"skatgame: the window is {w}x{h}, as large as the screen allows "
              f"(--size {args.size[0]}x{args.size[1]})", file=sys.stderr, flush=True)
    if lock is not None and not lock.may_save:
        _offer_read_only(app, lock, str(store.folder))
    return app.run(max_frames=args.frames)


def _offer_read_only(app: App, lock: InstanceLock, folder: str) -> None:
    """The lock is another copy's, or cannot be taken: say so; open read-only, or quit."""
    if lock.state == "busy" and lock.other is not None:
        import socket

        other = lock.other
        host = other.host if other.host != socket.gethostname() else None
        offer_read_only(app, other.pid, other.program, host, folder)
        return
    from skatgame.table.i18n import Message

    tr = app.tr
    if lock.state == "busy":  # its file does not say who (it is being written)
        title, body = tr("lock.title"), tr("lock.busy_unknown", folder=folder)
    else:
        reason = lock.reason.translate(tr) if isinstance(lock.reason, Message) else \
            str(lock.reason)
        title = tr("lock.title_unavailable")
        body = tr("lock.unavailable", file=str(lock.path), reason=reason, folder=folder)
    _read_only_or_quit(app, title, body)


def offer_read_only(app: App, pid: int, program: str, host: str | None, folder: str) -> None:
    """Another copy of the game holds the player's folder: open read-only, or quit."""
    tr = app.tr
    body = tr("lock.busy_host", host=host, pid=pid, folder=folder) if host else \
        tr("lock.busy", pid=pid, program=program, folder=folder)
    _read_only_or_quit(app, tr("lock.title"), body)


def _read_only_or_quit(app: App, title: str, body: str) -> None:
    tr = app.tr
    app.nav.push("confirm", title=title, body=body, on_yes=lambda: None,
                 yes_label=tr("lock.read_only"), no_label=tr("lock.quit"), default_yes=True,
                 on_no=app.quit)
