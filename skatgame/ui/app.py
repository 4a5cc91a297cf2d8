"""The window, the clock, the main loop and the scene stack.

``App.run()`` is the real loop: a clock ticks at 60 frames a second and the
scenes are updated in fixed steps of 1/60 s. Tests drive the same machinery
with ``App.step(dt)``, which handles the posted events, updates and draws one
frame without waiting for real time.

Scenes live on a stack (:mod:`skatgame.ui.stack`); overlays (pause menu, last
trick, score sheet, help, messages) are scenes pushed on top. Scenes get the
services (:class:`~skatgame.ui.services.Services`), not the application, and
are reached by route name (:mod:`skatgame.ui.routes`); the application keeps
the window and the loop. An exception inside a scene never ends the game: the
list is saved, the player gets the main menu with a message.

The list in play is saved after every move (so after every trick and every
finished deal), atomically; a finished list goes to the archive. What the
game could not do (no audio device, no writable folder, a damaged file) is
said once, in a message over whatever scene is showing.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from skatgame.ui import anim, system, theme, widgets
from skatgame.ui.anim import speed_factor
from skatgame.ui.focus import FocusVoice, draw_focus
from skatgame.ui.layout import Layout, layout_for
from skatgame.ui.routes import PHASE_ROUTES, ROUTES
from skatgame.ui.services import DemoOptions, Navigator, Services
from skatgame.ui.stack import Scene, SceneStack
from skatgame.ui.tablesound import TableSound
from skatgame.ui.text import draw_text, line_height, wrap

if TYPE_CHECKING:
    from skatgame.table.seated import SeatedTable
    from skatgame.table.session import Session
    from skatgame.table.settings import Settings
    from skatgame.table.store import Store
    from skatgame.table.thinker import Thinker
    from skatgame.ui.cards import DeckArt

__all__ = ["App", "DemoOptions", "MIN_H", "MIN_W", "STEP"]

STEP = 1 / 60
MAX_STEPS = 6  # a slow frame catches up at most this many updates
MAX_ERRORS = 50  # caught exceptions before the app stops trying
#: The scenes where the game is quiet (no computer player thinks): the hands' worths are
#: worked out in the background there.
QUIET_SCENES = frozenset({"menu", "results", "sheet", "finished_lists", "settings", "learn"})


class App:
    """The game window, its loop and its scene stack.

    ``inline_players`` makes computer players answer in this process at once
    (tests); otherwise they think in a worker process. ``save`` False keeps
    settings and the player's lists off the disk (demo, benchmark, tests); a
    demo's own list follows ``DemoOptions.save``. ``seed`` fixes the cards of
    new lists (tests). ``read_only`` (another copy of the game holds the
    player's folder) saves nothing and neither continues nor starts a list.
    ``screen`` is the usable area the window must fit (default: asked from the
    display; see :mod:`skatgame.ui.system`).
    """

    def __init__(self, *, settings: Settings | None = None, store: Store | None = None,
                 size: tuple[int, int] | None = None, demo: DemoOptions | None = None,
                 inline_players: bool = False, save: bool = True, sound: bool = True,
                 fullscreen: bool | None = None, seed: int | None = None,
                 read_only: bool = False, run_only: dict[str, Any] | None = None,
                 screen: tuple[int, int] | None = None) -> None:
        from skatgame.table.i18n import Translator
        from skatgame.table.settings import Settings

        self.started = time.perf_counter()
        settings = settings if settings is not None else Settings()
        self.save_enabled = save and store is not None and not read_only
        self.inline_players = inline_players
        #: settings given on the command line, for this run only: the saved values to keep
        self.run_only: dict[str, Any] = dict(run_only or {})
        self.translator = Translator(settings.language)
        theme.use_high_contrast(settings.high_contrast)
        anim.reduce_motion(settings.reduce_motion)
        self.running = True
        self.exit_code = 0
        self.frames = 0
        self.errors: list[str] = []  # messages of exceptions caught in scenes (for tests)
        self.notices_shown: list[str] = []  # every notice shown to the player (for tests)
        self._notices: deque[Any] = deque()  # Messages from other threads (sound)
        self._passing: deque[Any] = deque()  # notices that need no click (a fading toast)
        #: a short notice over every scene that fades by itself
        self.toast = widgets.Toast()
        self.save_times: list[float] = []  # seconds per save of the list (for measuring)
        self._thinker: Thinker | None = None
        #: the table's sounds (opened in the background after the first frame)
        self.sound = TableSound(sound, self._passing.append)
        self._accumulator = 0.0
        self._clock_time = 0.0
        self._felt: pygame.Surface | None = None
        self._shades: dict[int, pygame.Surface] = {}
        self._recovering = False
        self._backdrop_cache: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self.backdrop_drawn = False  # an overlay's veil is already in the picture
        #: the window has the keyboard focus (the move timer stops while it has not)
        self.focused = True
        #: reads out the focus of the scene on top (while *Speak the game* is on)
        self.focus_voice = FocusVoice()
        self._moved = False

        services = Services(window=self, sound=self.sound, settings=settings, store=store,
                            read_only=read_only, demo=demo, seed=seed, tr=self.translator.tr)
        services.saving = self.save_enabled
        services._workers = lambda: self.thinker
        services._apply_settings = self._apply_settings
        services._save_list = self.save_session
        services._notify = self.notify
        services._said = self.notices_shown.extend
        services.list_doc = lambda: self.list_doc
        self.services = services
        # the hands' worths for the statistics, worked out while the game is quiet (not
        # by players answering in the frame loop: one hand takes a tenth of a second)
        from skatgame.table.worthfill import WorthFiller

        self.worths = WorthFiller(lambda: services.worth_book, lambda: self.thinker,
                                  services.store, enabled=not inline_players)
        self._use_speech(settings)
        self.stack = SceneStack(self._guard, self._stack_changed)
        self.nav = Navigator(self.stack, ROUTES, services, PHASE_ROUTES, _make_board)
        services.nav = self.nav

        if not pygame.display.get_init():
            pygame.display.init()
        if not pygame.font.get_init():
            pygame.font.init()
        pygame.display.set_caption(self.tr("app.title"))
        with contextlib.suppress(Exception):  # an icon is a nicety
            from skatgame.ui.icon import window_icon

            pygame.display.set_icon(window_icon())
        want_full = settings.fullscreen if fullscreen is None else fullscreen
        #: the windowed size, fitted to the screen and saved once shown
        self.sizes = system.WindowSize(settings.window_size,
                                       screen if screen is not None else system.usable_area())
        self.windowed_size = self.sizes.fit(size or settings.window_size)
        self.fullscreen = False
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        if want_full:
            self.toggle_fullscreen()
        self.layout: Layout = layout_for(*self.screen.get_size(), self._scale)
        pygame.key.set_repeat(350, 45)

        self.nav.push("menu")
        if demo is not None:
            self.start_demo(demo)

    # ------------------------------------------------------------ what tests and commands read

    @property
    def settings(self) -> Settings:
        return self.services.settings

    @property
    def store(self) -> Store | None:
        return self.services.store

    @property
    def read_only(self) -> bool:
        return self.services.read_only

    @property
    def demo(self) -> DemoOptions | None:
        return self.services.demo

    @property
    def session(self) -> Session | None:
        """The list at the table."""
        return self.services.session

    @property
    def tr(self) -> Any:
        return self.services.tr

    @property
    def top(self) -> Any:
        """The scene on top of the stack."""
        return self.stack.top

    @property
    def deck(self) -> DeckArt:
        return self.services.deck

    # ------------------------------------------------------------ services

    @property
    def thinker(self) -> Thinker:
        """Where computer players think (started on first use, in the background)."""
        if self._thinker is None:
            from skatgame.table.thinker import InlineThinker, ProcessThinker

            self._thinker = InlineThinker() if self.inline_players else ProcessThinker()
        return self._thinker

    def start_background_work(self) -> None:
        """Start the worker process and the sound, off the frame loop (after the first frame)."""
        _ = self.thinker
        self.sound.start(self.settings.sound_on, self.settings.volume)

    @property
    def sound_started(self) -> threading.Event:
        """Set once the audio device was tried (tests wait on it)."""
        return self.sound.started

    def _show_passing(self) -> None:
        """Show a notice that needs no click, unless this machine has heard it already."""
        while self._passing:
            m = self._passing.popleft()
            if self.settings.sound_notice_seen:
                continue
            text = m.translate(self.tr) if hasattr(m, "translate") else str(m)
            self.notices_shown.append(text)
            self.toast.show(text, 5.0)
            self.services.change_settings(replace(self.settings, sound_notice_seen=True))

    @property
    def speed(self) -> float:
        """Duration factor of animations (0: instant)."""
        return speed_factor(self.settings.animation_speed)

    def set_settings(self, settings: Settings) -> None:
        """Use new settings: save them and apply language, deck, sound, window size."""
        self.services.change_settings(settings)

    def _apply_settings(self, old: Settings, settings: Settings) -> None:
        for key in list(self.run_only):  # chosen anew in the game: from now on it is saved
            if getattr(settings, key) != getattr(old, key):
                del self.run_only[key]
        if settings.window_size != old.window_size and not self.fullscreen and \
                self.screen.get_size() != settings.window_size:
            self.resize(settings.window_size)
        if settings.language != old.language:
            from skatgame.table.i18n import Translator

            self.translator = Translator(settings.language)
            self.services.set_tr(self.translator.tr)
            pygame.display.set_caption(self.tr("app.title"))
            widgets.clear_caches()
            if self.session is not None:
                self.session.relabel(self.tr)
            for scene in self.stack:  # every label anew, in the new language
                self._guard(scene, scene.relayout)
        anim.reduce_motion(settings.reduce_motion)
        if (settings.speak, settings.language) != (old.speak, old.language):
            self._use_speech(settings)  # (no speech: the settings page says what to install)
        if settings.text_size != old.text_size:
            widgets.clear_caches()
            self._apply_layout()
        if settings.high_contrast != old.high_contrast:
            theme.use_high_contrast(settings.high_contrast)
            self._felt = None
            self._backdrop_cache = None
        if (settings.deck_style, settings.german_letters, settings.high_contrast) != \
                (old.deck_style, old.german_letters, old.high_contrast):
            widgets.clear_caches()
            for scene in self.stack:
                board = getattr(scene, "board", None)
                if board is not None:
                    board.relayout()
        self.sound.apply(settings.sound_on, settings.volume)
        self.save_settings()

    def _use_speech(self, settings: Settings) -> None:
        """Speak the game or not; a voice in the settings' language when there is one."""
        from skatgame.ui.speech import system_voice

        speaker = self.services.speaker
        speaker.on = settings.speak
        speaker.narrator = None  # anew: the language may have changed
        if not settings.speak:
            return
        if speaker.voice is None or speaker.language != settings.language:
            speaker.close()
            speaker.voice = system_voice(settings.language)
            speaker.language = settings.language

    def save_settings(self) -> None:
        if not self.save_enabled or self.store is None or self.demo is not None:
            return
        from skatgame.table.settings import save_settings

        kept = replace(self.settings, **self.run_only)
        save_settings(self.store, replace(kept, window_size=self.sizes.for_saving(
            kept.window_size)))

    @property
    def list_doc(self) -> str | None:
        """The store document of the list in play (``None``: it is not saved)."""
        from skatgame.table.saved import DEMO_DOC, LIST_DOC

        if self.store is None:
            return None
        if self.demo is not None:
            return DEMO_DOC if self.demo.save else None
        return LIST_DOC if self.save_enabled else None

    def save_session(self) -> bool:
        """Keep the list in play on disk; a finished list goes to the archive.

        Returns whether the list is safe on disk (``False`` also when it is
        kept in memory only, or saving is off).
        """
        doc = self.list_doc
        session = self.session
        if doc is None or self.store is None or session is None or not session.saveable:
            return False  # not saveable: a deal played again from a review
        from skatgame.table.session import save_session

        start = time.perf_counter()
        try:
            return save_session(self.store, session, doc)
        except Exception:
            traceback.print_exc(file=sys.stderr)
            return False
        finally:
            self.save_times.append(time.perf_counter() - start)
            del self.save_times[:-200]

    def notify(self, message: Any) -> None:
        """Say something to the player once (safe from any thread): a ``Message`` or text."""
        self._notices.append(message)

    def take_notices(self) -> list[str]:
        """The notices not yet shown (the store's problems first), each once, translated."""
        pending: list[Any] = self.store.take_problems() if self.store is not None else []
        while self._notices:
            pending.append(self._notices.popleft())
        out: list[str] = []
        for m in pending:
            text = m.translate(self.tr) if hasattr(m, "translate") else str(m)
            if text not in out and text not in self.notices_shown:
                out.append(text)
        return out

    def _show_notices(self) -> None:
        """Show pending notices in a message over the current scene (printed in a demo)."""
        if self.frames == 0 or getattr(self.top, "name", "") == "message":
            return
        notices = self.take_notices()
        if not notices:
            return
        self.notices_shown.extend(notices)
        if self.demo is not None:  # nobody to press OK: say it on the console
            for text in notices:
                print(f"skatgame: {text}", file=sys.stderr, flush=True)
            return
        self.nav.push("message", title=self.tr("notice.title"), body="\n\n".join(notices))

    # ------------------------------------------------------------ the demo

    def start_demo(self, demo: DemoOptions) -> None:
        """Computer against computer for ``demo.deals`` deals.

        A demo list saved earlier with the same seed and number of deals (the
        demo was stopped or killed) is continued where it stopped.
        """
        from skatgame.engine.options import ISKO
        from skatgame.table.session import new_session, saved_demo

        doc = self.list_doc
        resumed = saved_demo(self.store, doc, demo.seed, demo.deals) \
            if doc is not None and self.store is not None else None
        if resumed is not None:
            print(f"demo: continuing at deal {resumed.deals_done + 1} of {demo.deals}",
                  flush=True)
            self.nav.open_list(resumed, resume=True)
            return
        opp = self.settings.seat_opponents(demo.players - 1)
        session = new_session(self.tr("table.demo_player"), deals=demo.deals, options=ISKO,
                              list_kind="seeger-fabian", levels=tuple(o.level for o in opp),
                              names=tuple(o.name for o in opp), seed=demo.seed,
                              deal_limit=demo.deals, human_level=demo.level,
                              move_timer=demo.timer)
        self.nav.open_list(session)

    # ------------------------------------------------------------ errors

    def _guard(self, scene: Scene | None, fn: Callable[..., Any], *args: Any) -> Any:
        try:
            return fn(*args)
        except Exception as exc:
            self.recover(exc, scene)
            return None

    def recover(self, exc: BaseException, scene: Scene | None = None) -> None:
        """An exception in a scene: save the list, go back to the menu, say what happened."""
        traceback.print_exc(file=sys.stderr)
        text = f"{type(exc).__name__}: {exc}"
        self.errors.append(text)
        if len(self.errors) >= MAX_ERRORS:  # the same failure again and again: give up
            self.save_session()
            print(f"skatgame: giving up after {len(self.errors)} errors; the list was saved.",
                  file=sys.stderr)
            self.quit(1)
            return
        if self._recovering:
            return
        self._recovering = True
        try:
            self.save_session()
            if scene is not None and scene.overlay and scene in self.stack and \
                    scene.name != "message":
                self.stack.remove(scene)  # a broken overlay: drop just that one
            else:
                self.nav.reset("menu")
            if self.demo is not None:
                self.quit(1)
            self.nav.push("message", title=self.tr("error.title"),
                          body=self.tr("error.body", error=text))
        except Exception:
            traceback.print_exc(file=sys.stderr)
            self.quit(1)
        finally:
            self._recovering = False

    # ------------------------------------------------------------ window

    def _stack_changed(self) -> None:
        self._backdrop_cache = None
        system.give_back_memory()  # the pictures of the scene that went

    def resize(self, size: tuple[int, int]) -> None:
        """Follow a new window size: the layout and every scene."""
        w, h = self.sizes.fit(size)
        if self.screen.get_size() != (w, h):
            flags = pygame.FULLSCREEN if self.fullscreen else pygame.RESIZABLE
            # a new size in the middle of the screen: without a window manager a larger
            # window kept its corner and stood partly off the screen
            with system.centred_window():
                self.screen = pygame.display.set_mode((w, h), flags)
        if not self.fullscreen:
            self.windowed_size = (w, h)
        self._apply_layout()

    @property
    def _scale(self) -> float:
        """The size of text and cards the settings ask for, as a factor."""
        return self.settings.text_size / 100

    def _apply_layout(self) -> None:
        size = self.screen.get_size()
        if self.layout == layout_for(*size, self._scale):
            return
        self.layout = layout_for(*size, self._scale)
        self._felt = None
        self._shades.clear()
        self._backdrop_cache = None
        for scene in self.stack:
            self._guard(scene, scene.relayout)

    def toggle_fullscreen(self) -> None:
        """Switch between a window and the full screen (F11)."""
        try:
            if self.fullscreen:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
                self.fullscreen = False
            else:
                self.windowed_size = self.screen.get_size()
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                self.fullscreen = True
        except pygame.error:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self.fullscreen = False
        if hasattr(self, "layout"):
            self._apply_layout()
            if self.settings.fullscreen != self.fullscreen:
                self.services.change_settings(replace(self.settings,
                                                      fullscreen=self.fullscreen))

    def felt(self) -> pygame.Surface:
        """The table's green felt for the current size (drawn once per size)."""
        if self._felt is None:
            self._felt = theme.draw_felt(self.screen.get_size())
        return self._felt

    def shade_surface(self, alpha: int) -> pygame.Surface:
        """A window-sized black veil of ``alpha`` (cached)."""
        surf = self._shades.get(alpha)
        if surf is None or surf.get_size() != self.screen.get_size():
            surf = pygame.Surface(self.screen.get_size(), pygame.SRCALPHA)
            surf.fill((0, 0, 0, alpha))
            self._shades[alpha] = surf
        return surf

    # ------------------------------------------------------------ the loop

    def quit(self, code: int = 0) -> None:
        """Leave the loop (the list is saved)."""
        if self.running:
            self.save_session()
            shown = self.sizes.unsaved()  # a size the window has shown, not yet saved
            if shown is not None and self.demo is None:
                with contextlib.suppress(ValueError, TypeError):
                    self.services.change_settings(replace(self.settings, window_size=shown))
        self.running = False
        self.exit_code = code

    @property
    def game_time(self) -> float:
        """Seconds the game has run (in fixed steps: the clock of the move timer)."""
        return self._clock_time

    def handle_event(self, event: pygame.event.Event) -> None:
        t = event.type
        if t == pygame.QUIT:
            self.quit()
            return
        if t == widgets.CLICKED:  # a button pressed, a choice changed
            self.sound.play("click")
            return
        if t in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            self.focused = t == pygame.WINDOWFOCUSGAINED
            return
        if t == pygame.ACTIVEEVENT and getattr(event, "state", 0) & \
                getattr(pygame, "APPINPUTFOCUS", 2):
            self.focused = bool(getattr(event, "gain", 1))
            return
        if t == pygame.VIDEORESIZE:
            self.resize(event.size)
            return
        if t in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            self._apply_layout()
            return
        if t in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self._moved = True  # the player acted: a focus he moved is said at once
        if t == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
            if event.key == pygame.K_F1:
                if getattr(self.top, "name", "") == "help":
                    self.nav.pop()
                else:
                    self.nav.push("help")
                return
        if self.layout.too_small and t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                           pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return
        scene = self.top
        if scene is not None:
            self._guard(scene, scene.handle_event, event)

    def update(self, dt: float) -> None:
        self._clock_time += dt
        self.sound.update(dt)
        if self._thinker is not None:
            self._thinker.poll()
        scene = self.top
        if scene is not None:
            self._guard(scene, scene.update, dt)
        self.toast.update(dt)
        self._guard(None, self._fill_worths, dt)
        if self._passing:
            self._guard(None, self._show_passing)
        if self._notices or (self.store is not None and self.store.has_problems):
            self._guard(None, self._show_notices)

    def _fill_worths(self, dt: float) -> None:
        """A list that has ended gives its hands to the worths worked out while quiet."""
        session = self.services.session
        if session is not None and session.list_id not in self.worths.lists_seen \
                and session.finished and not session.replay:
            from skatgame.table.statcache import in_progress_summary

            self.worths.want_list(in_progress_summary(session), first=True)
        self.worths.step(dt, idle=getattr(self.top, "name", "") in QUIET_SCENES)

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_stack(surface)
        if self.toast.visible:
            L = self.layout
            style = self.settings.deck_style
            # a long message wraps, its lines rising from the foot of the window
            width = min(L.width - 4 * L.margin, L.font_body * 48)
            centre = (L.width // 2, L.height - L.margin - L.font_body * 2)
            panel = self.toast.panel_rect(centre, L.font_body, style, width)
            if panel is not None and panel.bottom > L.height - L.margin:
                centre = (centre[0], centre[1] - (panel.bottom - (L.height - L.margin)))
            self.toast.draw(surface, centre, L.font_body, style, width)

    def _draw_stack(self, surface: pygame.Surface) -> None:
        if self.layout.too_small:
            self._draw_too_small(surface)
            return
        top = self.stack.top
        if top is None:
            return
        if top.overlay and len(self.stack) > 1:
            # the scenes below an overlay are frozen: draw them once, with the veil
            surface.blit(self._backdrop(surface, top), (0, 0))
            self.backdrop_drawn = True
            try:
                self._guard(top, top.draw, surface)
            finally:
                self.backdrop_drawn = False
            self._guard(top, draw_focus, surface, top)
            return
        self._guard(top, top.draw, surface)
        self._guard(top, draw_focus, surface, top)

    def _backdrop(self, surface: pygame.Surface, top: Scene) -> pygame.Surface:
        below = list(self.stack.scenes[:-1])
        key = (tuple(id(s) for s in below), surface.get_size(), id(self.settings),
               getattr(top, "dim_alpha", 0))
        if self._backdrop_cache is not None and self._backdrop_cache[0] == key:
            return self._backdrop_cache[1]
        start = len(below) - 1
        while start > 0 and below[start].overlay:
            start -= 1
        image = pygame.Surface(surface.get_size()).convert()
        for scene in below[max(0, start):]:
            self._guard(scene, scene.draw, image)
        alpha = getattr(top, "dim_alpha", 0)
        if alpha:
            image.blit(self.shade_surface(alpha), (0, 0))
        self._backdrop_cache = (key, image)
        return image

    def _draw_too_small(self, surface: pygame.Surface) -> None:
        surface.blit(self.felt(), (0, 0))
        w, h = surface.get_size()
        lines = [self.tr("window.too_small"),
                 self.tr("window.too_small_hint", w=MIN_W, h=MIN_H)]
        # fixed sizes that stay legible however small the window; long lines wrap
        rows = [(part, size, i == 0) for i, (line, size) in enumerate(zip(lines, (16, 13),
                                                                          strict=True))
                for part in wrap(line, size, max(40, w - 16), i == 0)]
        y = h // 2 - sum(line_height(s, b) for _p, s, b in rows) // 2
        for part, size, bold in rows:
            box = draw_text(surface, part, size, (w // 2, y), theme.TEXT, "midtop",
                            bold=bold)
            y = box.bottom

    def step(self, dt: float = STEP) -> None:
        """Handle waiting events, advance the game by ``dt`` in fixed steps, draw one frame."""
        for event in pygame.event.get():
            self.handle_event(event)
            if not self.running:
                return
        self._accumulator += dt
        steps = 0
        while self._accumulator >= STEP - 1e-9 and steps < MAX_STEPS:
            self.update(STEP)
            self._accumulator -= STEP
            steps += 1
        if steps == MAX_STEPS:
            self._accumulator = 0.0
        if not self.running:
            return
        self.draw(self.screen)
        pygame.display.flip()
        if self.services.speaker.on:  # (scenes mark their focus as they draw)
            self._guard(None, self.focus_voice.follow, self.top, self.services.speaker,
                        self.tr, self._moved)
        self._moved = False
        if not self.fullscreen and self.sizes.shown_at(self.screen.get_size()):
            self.save_settings()  # a size chosen before is on screen now: keep it
        self.frames += 1
        if self.frames == 1:
            self.first_frame_at = time.perf_counter()
            if os.environ.get("SKATGAME_MARK_FIRST_FRAME") == "1":  # for `bench ui`
                print("first-frame", flush=True)
            self.start_background_work()
            _freeze_start_up()

    def run(self, max_frames: int | None = None) -> int:
        """The main loop at 60 frames a second; returns the exit code."""
        clock = pygame.time.Clock()
        try:
            while self.running:
                dt = clock.tick(60) / 1000.0
                try:
                    self.step(min(dt, 0.1))
                except Exception as exc:  # outside any scene: still never a crash
                    self.recover(exc)
                if max_frames is not None and self.frames >= max_frames:
                    self.quit()
        except KeyboardInterrupt:
            self.quit(130)
        finally:
            self.close()
        return self.exit_code

    def close(self) -> None:
        """Leave the table (a network table: its connection; a hosted one closes for
        everyone), stop the workers and close the window."""
        self.services.speaker.close()
        table = self.services.table
        if table is not None:
            try:
                table.close()
            except Exception:  # closing must not stop the window from closing
                traceback.print_exc(file=sys.stderr)
        self.worths.close()
        if self._thinker is not None:
            self._thinker.close()
            self._thinker = None
        if os.environ.get("SKATGAME_KEEP_DISPLAY") != "1":
            pygame.display.quit()


_frozen = threading.Event()


def _freeze_start_up() -> None:
    """What start-up built (modules, fonts, texts, the menu) lives as long as the game:
    moved out of the collector's way once a run, so that a full collection (the worths'
    reader allocates many small objects) stays short instead of taking tens of ms from
    a frame. Once a process (windows opened after it, as in the tests, are collected as
    usual)."""
    if not _frozen.is_set():
        _frozen.set()
        gc.freeze()


def _make_board(services: Services, table: SeatedTable, resume: bool) -> Any:
    """The table's board (imported when a list first opens: the menu needs none)."""
    from skatgame.ui.board import make_board

    return make_board(services, table, resume)


MIN_W, MIN_H = 480, 360

