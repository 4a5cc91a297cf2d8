"""`python -m skatgame [play]`: open the game window.

`--demo` lets three computer players play `--deals N` deals from `--seed S`
through every scene and exits (for showing the game and for tests).
"""

from __future__ import annotations

import argparse
import os
import sys

from skatgame.commands.args import whole_number, window_size

SPEEDS = ("slow", "normal", "fast", "instant")




def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--demo", action="store_true",
                        help="computer against computer through every scene, then exit")
    parser.add_argument("--deals", type=whole_number(1), default=3,
                        help="deals to play in the demo (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the demo's deals")
    parser.add_argument("--size", type=window_size(), default=None,
                        help="window size, e.g. 1280x720 (default: as last time)")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen")
    parser.add_argument("--speed", choices=SPEEDS, default=None,
                        help="animation speed (default: from the settings)")
    parser.add_argument("--language", choices=("en", "de"), default=None,
                        help="language (default: from the settings)")
    parser.add_argument("--no-sound", action="store_true", help="play silently")
    parser.add_argument("--inline-players", action="store_true",
                        help="computer players think in this process (for debugging)")
    parser.add_argument("--frames", type=whole_number(1), default=None,
                        help="quit after this many frames (for measuring start-up)")


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import dataclasses

    try:
        import pygame  # noqa: F401
    except ImportError:
        print("skatgame: pygame-ce is not installed (pip install pygame-ce)", file=sys.stderr)
        return 2
    from skatgame.table.settings import Settings, load_settings
    from skatgame.table.store import Store
    from skatgame.ui.app import App, DemoOptions
    from skatgame.ui.system import pref_path, preferred_locales

    store = Store.open(pref_path())
    settings: Settings = load_settings(store, None, preferred_locales()).value
    changes: dict[str, object] = {}
    if args.speed:
        changes["animation_speed"] = args.speed
    if args.language:
        changes["language"] = args.language
    if args.no_sound:
        changes["sound_on"] = False
    # options on the command line hold for this run only: the saved settings keep theirs
    run_only = {k: getattr(settings, k) for k in changes}
    if changes:
        settings = dataclasses.replace(settings, **changes)
    demo = DemoOptions(deals=args.deals, seed=args.seed) if args.demo else None
    try:
        app = App(settings=settings, store=store, size=args.size, demo=demo,
                  inline_players=args.inline_players, save=demo is None,
                  sound=not args.no_sound, fullscreen=True if args.fullscreen else None,
                  run_only=run_only)
    except Exception as e:  # no display, no video driver...
        print(f"skatgame: cannot open the game window: {e}", file=sys.stderr)
        return 1
    return app.run(max_frames=args.frames)
