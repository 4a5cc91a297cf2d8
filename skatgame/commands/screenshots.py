"""`python -m skatgame screenshots DIR`: pictures of the game, made by the game itself.

Writes into DIR a contact sheet of each deck style (``cards-STYLE.png``) and
four screenshots of the table (``table-menu.png``, ``table-auction.png``,
``table-play.png``, ``table-results.png``). With ``--gallery`` it photographs
every scene instead (see :mod:`skatgame.commands.gallery`). The window is opened under SDL's
dummy video driver and stepped frame by frame, with computer players in every
seat thinking in this process, so the same seed gives the same pictures.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from skatgame.commands.args import seed_number, whole_number, window_size
from skatgame.engine.cards import DeckStyle
from skatgame.table.settings import TEXT_SIZES

if TYPE_CHECKING:
    from skatgame.ui.app import App

STYLES = ("french", "tournament", "german")
SHOTS = ("menu", "auction", "play", "results")
MIN_CARD, MAX_CARD = 20, 600
DEALS = 4  # deals the table may take to show every scene (one may be passed in)
MAX_SECONDS = 900.0  # game time before giving up on a missing scene
DT = 1 / 30  # game seconds per drawn frame (two fixed updates each)




def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", help="folder for the PNG files (created if missing)")
    parser.add_argument("--size", type=window_size((320, 240), (7680, 4320)), default=None,
                        help="window size of the table screenshots (default 1280x720; "
                             "the gallery: 1280x720 and 1920x1080)")
    parser.add_argument("--seed", type=seed_number(), default=2, help="seed of the cards dealt")
    parser.add_argument("--language", choices=("en", "de"), default=None,
                        help="language of the table (default en; the gallery: en and de)")
    parser.add_argument("--style", choices=STYLES, default="french",
                        help="deck on the table (default french)")
    parser.add_argument("--gallery", action="store_true",
                        help="photograph every scene at 1280x720 and 1920x1080 in English "
                             "and German, with text-report.json (font sizes, overlaps)")
    parser.add_argument("--only", default="", metavar="NAMES",
                        help="with --gallery: save only these shots (comma-separated, e.g. "
                             "play,play-german,play-tournament); the report covers all")
    parser.add_argument("--high-contrast", action="store_true",
                        help="with --gallery: in the high-contrast theme (files end in -hc)")
    parser.add_argument("--scale", type=whole_number(min(TEXT_SIZES), max(TEXT_SIZES)),
                        choices=TEXT_SIZES, default=100,
                        help="with --gallery: the size of text and cards in percent "
                             "(files end in -125 ... -200; default 100)")
    parser.add_argument("--card-width", type=whole_number(MIN_CARD, MAX_CARD), default=120,
                        help="card width of the contact sheets in pixels (default 120)")


def _error(message: str, code: int = 2) -> int:
    print(f"skatgame screenshots: {message}", file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    if args.only and not args.gallery:
        return _error("--only chooses shots of the gallery: give --gallery too")
    folder = Path(args.folder)
    if folder.exists() and not folder.is_dir():
        return _error(f"{str(folder)!r} is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return _error(f"cannot create {str(folder)!r}: {exc.strerror or exc}")
    # Pictures, not a window: SDL draws into memory and plays no sound.
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.gallery:
        only = {n.strip() for n in args.only.split(",") if n.strip()}
        return _gallery(folder, args.seed, [args.size] if args.size else None,
                        [args.language] if args.language else None, only,
                        args.high_contrast, args.scale)
    try:
        written = write_contact_sheets(folder, args.card_width)
        written += write_table_shots(folder, args.size or (1280, 720), args.seed,
                                     args.language or "en", args.style)
    except ShotError as exc:
        return _error(str(exc), 1)
    except (OSError, RuntimeError) as exc:  # pygame.error is a RuntimeError
        return _error(f"could not write the pictures: {exc}", 1)
    for path in written:
        print(f"wrote {path}")
    return 0


def _gallery(folder: Path, seed: int, sizes: list[tuple[int, int]] | None,
             languages: list[str] | None, only: set[str], high_contrast: bool = False,
             text_size: int = 100) -> int:
    from skatgame.commands.gallery import LANGUAGES, SIZES, floor_for, write_gallery
    from skatgame.commands.gallery_steps import GalleryError

    try:
        shots = write_gallery(folder, seed, sizes or SIZES, languages or LANGUAGES,
                              only=only or None, high_contrast=high_contrast,
                              text_size=text_size)
    except GalleryError as exc:
        return _error(str(exc), 1)
    except (OSError, RuntimeError) as exc:  # pygame.error is a RuntimeError
        return _error(f"could not write the gallery: {exc}", 1)
    low = [s for s in shots if s.min_text_px is not None and s.min_text_px < floor_for(s.size)]
    crossed = [s for s in shots if s.overlaps]
    cut = [s for s in shots if s.cut]
    dim = [s for s in shots if s.low_contrast]
    keyless = [s for s in shots if s.keys_left_out]
    print(f"photographed {len(shots)} shots, wrote {folder / 'text-report.json'}; "
          f"smallest text {min((s.min_text_px or 99) for s in shots)} px; "
          f"{len(low)} shots below the size floor, {len(crossed)} with overlapping text, "
          f"{len(cut)} with text cut short, {len(keyless)} with a button's key left out; "
          f"lowest contrast {min((s.min_contrast or 21) for s in shots):.2f}:1, "
          f"{len(dim)} shots with text below the contrast floor")
    return 0


class ShotError(Exception):
    """The table did not reach a scene to photograph, or it failed on the way."""


def write_contact_sheets(folder: Path, card_width: int = 120) -> list[Path]:
    """Write ``cards-STYLE.png`` for each deck style into ``folder``; returns the paths."""
    from skatgame.ui.cards.sheet import write_contact_sheet

    paths = []
    for style in STYLES:
        path = folder / f"cards-{style}.png"
        write_contact_sheet(str(path), style, card_width)
        paths.append(path)
    return paths


def write_table_shots(folder: Path, size: tuple[int, int] = (1280, 720), seed: int = 2,
                      language: str = "en", style: str = "french") -> list[Path]:
    """Write ``table-SCENE.png`` for each of :data:`SHOTS` into ``folder``; returns the paths.

    Raises :class:`ShotError` when a scene is not reached or the game fails.
    """
    import pygame

    from skatgame.table.settings import Opponent, Settings
    from skatgame.ui.app import App, DemoOptions

    settings = Settings(deck_style=DeckStyle(style), animation_speed="fast", sound_on=False,
                        language=language,
                        opponents=(Opponent("beginner", "Anna"), Opponent("beginner", "Ben")))
    # pictures in memory at exactly the size asked for: no screen to fit
    app = App(settings=settings, store=None, size=size, inline_players=True, save=False,
              sound=False, fullscreen=False, seed=seed, screen=size)
    shots: dict[str, Path] = {}

    def take(name: str) -> None:
        path = folder / f"table-{name}.png"
        pygame.image.save(app.screen, str(path))
        shots[name] = path

    try:
        for _ in range(3):
            app.step(DT)
        take("menu")
        app.services.demo = DemoOptions(deals=DEALS, seed=seed, level="beginner")
        _open_table(app, seed)
        with contextlib.redirect_stdout(io.StringIO()):  # the demo reports each deal
            _play_until_shot(app, shots, take)
    finally:
        app.services.demo = None  # closing must not count as the end of a demo
        app.close()
    if app.errors:
        raise ShotError(f"the game failed: {app.errors[0]}")
    missing = [name for name in SHOTS if name not in shots]
    if missing:
        raise ShotError(f"the table never showed: {', '.join(missing)} (try another --seed)")
    return [shots[name] for name in SHOTS]


def _play_until_shot(app: App, shots: dict[str, Path], take: Callable[[str], None]) -> None:
    """Step the table and take each scene's picture once it is there and still."""
    results_frames = 0
    elapsed = 0.0
    while len(shots) < len(SHOTS) and app.running and not app.errors \
            and elapsed <= MAX_SECONDS:
        app.step(DT)
        elapsed += DT
        top = app.top
        board = getattr(top, "board", None)
        if top is None or board is None or board.busy:
            continue
        table = board.shown
        if top.name == "auction" and "auction" not in shots and len(table.calls) >= 2:
            take("auction")
        elif top.name == "play" and "play" not in shots and \
                sum(len(p) for p in table.piles) >= 9 and len(table.trick) == 2:
            take("play")
        elif top.name == "results" and "results" not in shots and "play" in shots:
            results_frames += 1
            if results_frames >= 15:  # let the panel settle
                take("results")

def _open_table(app: App, seed: int) -> None:
    """A list in which computer players sit in every seat, the bottom one named as the player."""
    from skatgame.engine.options import ISKO
    from skatgame.table.session import new_session

    opp = app.settings.opponents
    session = new_session(app.tr("table.you"), deals=DEALS, options=ISKO,
                          list_kind="seeger-fabian", levels=(opp[0].level, opp[1].level),
                          names=(opp[0].name, opp[1].name), seed=seed, deal_limit=DEALS,
                          human_level="beginner")
    app.nav.open_list(session)
