"""The window, the clock, the main loop and the scene stack.

``App.run()`` is the real loop: a clock ticks at 60 frames a second and the
scenes are updated in fixed steps of 1/60 s. Tests drive the same machinery
with ``App.step(dt)``, which handles the posted events, updates and draws one
frame without waiting for real time.

Scenes live on a stack; overlays (pause menu, last trick, score sheet, help,
messages) are scenes pushed on top. An exception inside a scene never ends
the game: the list is saved, the player gets the main menu with a message.

The list in play is saved after every move (so after every trick and every
finished deal), atomically; a finished list goes to the archive. What the
game could not do (no audio device, no writable folder, a damaged file) is
said once, in a message over whatever scene is showing.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pygame

from skatgame.ui import theme, widgets
from skatgame.ui.anim import speed_factor
from skatgame.ui.layout import Layout, layout_for

if TYPE_CHECKING:
    from skatgame.table.session import Session
    from skatgame.table.settings import Settings
    from skatgame.table.store import Store
    from skatgame.table.thinker import Thinker
    from skatgame.ui.cards import DeckArt
    from skatgame.ui.scenes.base import Scene
    from skatgame.ui.sound import SoundBoard

STEP = 1 / 60
MAX_STEPS = 6  # a slow frame catches up at most this many updates
MAX_ERRORS = 50  # caught exceptions before the app stops trying


@dataclass(frozen=True)
class DemoOptions:
    """Computer against computer: ``deals`` deals from ``seed``, then the app exits.

    With ``save`` (and a store) the demo keeps its list in the store's
    ``demo`` document after every move, never touching the player's list;
    a demo started again with the same seed and number of deals continues it.
    """

    deals: int = 3
    seed: int = 1
    pause: float = 2.5  # seconds the results stay up
    level: str = "advanced"
    save: bool = True
    players: int = 3  # 4: the dealer sits out each deal
    timer: int = 0  # move timer of the list (a demo has no human: it never runs)


class App:
    """The game window and its scene stack.

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
        self.store = store
        self.settings: Settings = settings if settings is not None else Settings()
        self.read_only = read_only
        self.save_enabled = save and store is not None and not read_only
        self.demo = demo
        self.inline_players = inline_players
        self.seed = seed  # deals of new lists (None: a fresh random seed each time)
        #: settings given on the command line, for this run only: the saved values to keep
        self.run_only: dict[str, Any] = dict(run_only or {})
        self.translator = Translator(self.settings.language)
        self.tr = self.translator.tr
        self.stack: list[Scene] = []
        self.session: Session | None = None
        self.running = True
        self.exit_code = 0
        self.frames = 0
        self.errors: list[str] = []  # messages of exceptions caught in scenes (for tests)
        self.notices_shown: list[str] = []  # every notice shown to the player (for tests)
        self._notices: deque[Any] = deque()  # Messages from other threads (sound)
        self._passing: deque[Any] = deque()  # notices that need no click (a fading toast)
        #: a short notice over every scene that fades by itself
        self.toast = widgets.Toast()
        #: Set once the sound thread has tried to open the audio device (tests wait on it).
        self.sound_started = threading.Event()
        self.save_times: list[float] = []  # seconds per save of the list (for measuring)
        self._thinker: Thinker | None = None
        self._deck: DeckArt | None = None
        self._sound: SoundBoard | None = None
        self._sound_wanted = sound
        self._scheduled_sounds: list[tuple[float, str]] = []
        self._accumulator = 0.0
        self._clock_time = 0.0
        self._felt: pygame.Surface | None = None
        self._shades: dict[int, pygame.Surface] = {}
        self._recovering = False
        self._backdrop_cache: tuple[tuple, pygame.Surface] | None = None
        self.backdrop_drawn = False  # an overlay's veil is already in the picture
        #: the window has the keyboard focus (the move timer stops while it has not)
        self.focused = True

        if not pygame.display.get_init():
            pygame.display.init()
        if not pygame.font.get_init():
            pygame.font.init()
        pygame.display.set_caption(self.tr("app.title"))
        with contextlib.suppress(Exception):  # an icon is a nicety
            from skatgame.ui.icon import window_icon

            pygame.display.set_icon(window_icon())
        want_full = self.settings.fullscreen if fullscreen is None else fullscreen
        from skatgame.ui import system

        #: the windowed size, fitted to the screen and saved once shown
        self.window = system.WindowSize(self.settings.window_size,
                                        screen if screen is not None else system.usable_area())
        self.windowed_size = self.window.fit(size or self.settings.window_size)
        self.fullscreen = False
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        if want_full:
            self.toggle_fullscreen()
        self.layout: Layout = layout_for(*self.screen.get_size())
        pygame.key.set_repeat(350, 45)
        widgets.click_sound = lambda: self.play_sound("click")

        from skatgame.ui.scenes.menu import MenuScene

        self.push(MenuScene(self))
        if demo is not None:
            from skatgame.ui.scenes.table import start_demo

            start_demo(self, demo)

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
        if self._sound_wanted and self._sound is None:
            threading.Thread(target=self._start_sound, name="skat-sound", daemon=True).start()

    def _start_sound(self) -> None:
        self.sound_started.clear()
        try:
            from skatgame.ui.sound import SoundBoard, init_audio

            ok, message = init_audio()
            board = SoundBoard(ok and self.settings.sound_on, self.settings.volume)
            self._sound = board
            if message is not None:
                self._no_sound(message)
        except Exception as exc:  # no sound is no reason to stop
            from skatgame.table.i18n import Message

            self._sound = None
            self._sound_wanted = False
            self._no_sound(Message("sound.no_device", error=f"{type(exc).__name__}: {exc}"))
        finally:
            self.sound_started.set()

    def _no_sound(self, message: Any) -> None:
        """No audio device: the details on the console, a fading note once per machine."""
        from skatgame.table.i18n import Message

        print(f"skatgame: {message}", file=sys.stderr, flush=True)
        self._passing.append(Message("sound.no_device_short"))

    def _show_passing(self) -> None:
        """Show a notice that needs no click, unless this machine has heard it already."""
        while self._passing:
            m = self._passing.popleft()
            if self.settings.sound_notice_seen:
                continue
            text = m.translate(self.tr) if hasattr(m, "translate") else str(m)
            self.notices_shown.append(text)
            self.toast.show(text, 5.0)
            self.settings = replace(self.settings, sound_notice_seen=True)  # told once
            self.save_settings()

    def play_sound(self, name: str) -> None:
        """Play a table sound if sound is on and available."""
        board = self._sound
        if board is not None and self.settings.sound_on:
            with contextlib.suppress(Exception):
                board.play(name)

    def schedule_sound(self, name: str, delay: float) -> None:
        """Play a sound after ``delay`` seconds of game time."""
        if delay <= 0:
            self.play_sound(name)
        else:
            self._scheduled_sounds.append((self._clock_time + delay, name))

    @property
    def deck(self) -> DeckArt:
        """The card art for the current settings."""
        if self._deck is None:
            from skatgame.ui.cards import DeckArt

            self._deck = DeckArt(self.settings.deck_style, self.settings.german_indices)
        return self._deck

    @property
    def speed(self) -> float:
        """Duration factor of animations (0: instant)."""
        return speed_factor(self.settings.animation_speed)

    def set_settings(self, settings: Settings) -> None:
        """Use new settings: save them and apply language, deck, sound, window size."""
        old = self.settings
        self.settings = settings
        for key in list(self.run_only):  # chosen anew in the game: from now on it is saved
            if getattr(settings, key) != getattr(old, key):
                del self.run_only[key]
        if settings.window_size != old.window_size and not self.fullscreen and \
                self.screen.get_size() != settings.window_size:
            self.resize(settings.window_size)
        if settings.language != old.language:
            from skatgame.table.i18n import Translator

            self.translator = Translator(settings.language)
            self.tr = self.translator.tr
            pygame.display.set_caption(self.tr("app.title"))
            widgets.clear_caches()
            if self.session is not None:
                self.session.relabel(self.tr)
            for scene in list(self.stack):  # every label anew, in the new language
                self._guard(scene, scene.relayout)
        if (settings.deck_style, settings.german_indices) != (old.deck_style,
                                                              old.german_indices):
            self._deck = None
            widgets.clear_caches()
            for scene in self.stack:
                view = getattr(scene, "view", None)
                if view is not None:
                    view.relayout()
        if self._sound is not None:
            self._sound.set_enabled(settings.sound_on)
            self._sound.set_volume(settings.volume)
        elif settings.sound_on and self._sound_wanted:
            threading.Thread(target=self._start_sound, daemon=True).start()
        self.save_settings()

    def save_settings(self) -> None:
        if not self.save_enabled or self.store is None or self.demo is not None:
            return
        from skatgame.table.settings import save_settings

        kept = replace(self.settings, **self.run_only)
        save_settings(self.store, replace(kept, window_size=self.window.for_saving(
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
        if doc is None or self.store is None or self.session is None \
                or not getattr(self.session, "saveable", True):  # a deal played again from a review
            return False
        from skatgame.table.session import save_session

        start = time.perf_counter()
        try:
            return save_session(self.store, self.session, doc)
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
        from skatgame.ui.scenes.overlays import MessageOverlay

        if self.frames == 0 or isinstance(self.top, MessageOverlay):
            return
        notices = self.take_notices()
        if not notices:
            return
        self.notices_shown.extend(notices)
        if self.demo is not None:  # nobody to press OK: say it on the console
            for text in notices:
                print(f"skatgame: {text}", file=sys.stderr, flush=True)
            return
        self.push(MessageOverlay(self, self.tr("notice.title"), "\n\n".join(notices)))

    # ------------------------------------------------------------ scene stack

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        self._guard(scene, scene.enter)

    def pop(self) -> Scene | None:
        scene = self.stack.pop() if self.stack else None
        if self.top is not None:
            self._guard(self.top, self.top.enter)
        return scene

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop()
        self.push(scene)

    def reset_to(self, scene: Scene) -> None:
        """Clear the stack and start over with ``scene``."""
        self.stack.clear()
        self.push(scene)

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
            from skatgame.ui.scenes.menu import MenuScene
            from skatgame.ui.scenes.overlays import MessageOverlay

            if scene is not None and scene.overlay and scene in self.stack and \
                    not isinstance(scene, MessageOverlay):
                self.stack.remove(scene)  # a broken overlay: drop just that one
            else:
                self.stack.clear()
                self.stack.append(MenuScene(self))
            if self.demo is not None:
                self.quit(1)
            self.stack.append(MessageOverlay(self, self.tr("error.title"),
                                             self.tr("error.body", error=text)))
        except Exception:
            traceback.print_exc(file=sys.stderr)
            self.quit(1)
        finally:
            self._recovering = False

    # ------------------------------------------------------------ window

    def resize(self, size: tuple[int, int]) -> None:
        """Follow a new window size: the layout and every scene."""
        w, h = self.window.fit(size)
        if self.screen.get_size() != (w, h):
            flags = pygame.FULLSCREEN if self.fullscreen else pygame.RESIZABLE
            self.screen = pygame.display.set_mode((w, h), flags)
        if not self.fullscreen:
            self.windowed_size = (w, h)
        self._apply_layout()

    def _apply_layout(self) -> None:
        size = self.screen.get_size()
        if (self.layout.width, self.layout.height) == size:
            return
        self.layout = layout_for(*size)
        self._felt = None
        self._shades.clear()
        self._backdrop_cache = None
        for scene in list(self.stack):
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
                self.settings = replace(self.settings, fullscreen=self.fullscreen)
                self.save_settings()

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
            shown = self.window.unsaved()  # a size the window has shown, not yet saved
            if shown is not None and self.demo is None:
                try:
                    self.settings = replace(self.settings, window_size=shown)
                    self.save_settings()
                except (ValueError, TypeError):
                    pass
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
        if t == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
            if event.key == pygame.K_F1:
                from skatgame.ui.scenes.overlays import HelpOverlay

                if isinstance(self.top, HelpOverlay):
                    self.pop()
                else:
                    self.push(HelpOverlay(self))
                return
        if self.layout.too_small and t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                           pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return
        scene = self.top
        if scene is not None:
            self._guard(scene, scene.handle_event, event)

    def update(self, dt: float) -> None:
        self._clock_time += dt
        if self._scheduled_sounds:
            due = [s for s in self._scheduled_sounds if s[0] <= self._clock_time]
            if due:
                self._scheduled_sounds = [s for s in self._scheduled_sounds
                                          if s[0] > self._clock_time]
                for _t, name in due:
                    self.play_sound(name)
        if self._thinker is not None:
            self._thinker.poll()
        scene = self.top
        if scene is not None:
            self._guard(scene, scene.update, dt)
        self.toast.update(dt)
        if self._passing:
            self._guard(None, self._show_passing)
        if self._notices or (self.store is not None and self.store.has_problems):
            self._guard(None, self._show_notices)

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_stack(surface)
        if self.toast.visible:
            L = self.layout
            self.toast.draw(surface, (L.width // 2, L.height - L.margin - L.font_body * 2),
                            L.font_body, self.settings.deck_style)

    def _draw_stack(self, surface: pygame.Surface) -> None:
        if self.layout.too_small:
            self._draw_too_small(surface)
            return
        stack = self.stack
        if not stack:
            return
        top = stack[-1]
        if top.overlay and len(stack) > 1:
            # the scenes below an overlay are frozen: draw them once, with the veil
            surface.blit(self._backdrop(surface, top), (0, 0))
            self.backdrop_drawn = True
            try:
                self._guard(top, top.draw, surface)
            finally:
                self.backdrop_drawn = False
            return
        self._guard(top, top.draw, surface)

    def _backdrop(self, surface: pygame.Surface, top: Scene) -> pygame.Surface:
        below = self.stack[:-1]
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
                for part in widgets.wrap(line, size, max(40, w - 16), i == 0)]
        y = h // 2 - sum(theme.line_height(s, b) for _p, s, b in rows) // 2
        for part, size, bold in rows:
            box = widgets.draw_text(surface, part, size, (w // 2, y), theme.TEXT, "midtop",
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
        if not self.fullscreen and self.window.shown_at(self.screen.get_size()):
            self.save_settings()  # a size chosen before is on screen now: keep it
        self.frames += 1
        if self.frames == 1:
            self.first_frame_at = time.perf_counter()
            if os.environ.get("SKATGAME_MARK_FIRST_FRAME") == "1":  # for `bench ui`
                print("first-frame", flush=True)
            self.start_background_work()

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
        """Stop the workers and close the window."""
        if self._thinker is not None:
            self._thinker.close()
            self._thinker = None
        if os.environ.get("SKATGAME_KEEP_DISPLAY") != "1":
            pygame.display.quit()


MIN_W, MIN_H = 480, 360

