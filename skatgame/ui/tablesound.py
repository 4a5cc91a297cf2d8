"""The window's sound as a service: the sound board opened in the background, the
table's sounds played now or a moment later in game time, on and off as the settings
say. The synthesis and the mixer (:mod:`skatgame.ui.sound`) are loaded in the
background too, so that the window's first frame never waits for them.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from skatgame.table.i18n import Message

if TYPE_CHECKING:
    from skatgame.ui.sound import SoundBoard


class TableSound:
    """The window's sound: the board opened in the background, sounds played now or a
    moment later (in game time), on and off and the volume as the settings say.

    ``say`` is told, once, when there is no audio device (a :class:`Message`): the
    window shows it in passing. ``started`` is set once the device was tried.
    """

    def __init__(self, wanted: bool, say: Callable[[Message], None]) -> None:
        self.wanted = wanted
        self._say = say
        self.board: SoundBoard | None = None
        self.started = threading.Event()
        self._due: list[tuple[float, str]] = []
        self._clock = 0.0
        self._on = True
        self.no_device = False
        """Set when the audio device was tried and could not be opened."""

    def start(self, on: bool, volume: float) -> None:
        """Open the audio device in the background (nothing when sound is not wanted)."""
        self._on = on
        if self.wanted and self.board is None:
            threading.Thread(target=self._open, args=(on, volume), name="skat-sound",
                             daemon=True).start()

    def _open(self, on: bool, volume: float) -> None:
        self.started.clear()
        try:
            from skatgame.ui.sound import SoundBoard, init_audio  # (the synthesis, off the loop)

            ok, message = init_audio()
            self.board = SoundBoard(ok and on, volume)
            if message is not None:
                self._no_sound(message)
        except Exception as exc:  # no sound is no reason to stop
            self.board = None
            self.wanted = False
            self._no_sound(Message("sound.no_device", error=f"{type(exc).__name__}: {exc}"))
        finally:
            self.started.set()

    def _no_sound(self, message: Message) -> None:
        """No audio device: the details on the console, a short note for the player."""
        self.no_device = True
        print(f"skatgame: {message}", file=sys.stderr, flush=True)
        self._say(Message("sound.no_device_short"))

    def apply(self, on: bool, volume: float) -> None:
        """Sound on or off, and the volume (the device is opened when first needed)."""
        self._on = on
        if self.board is not None:
            self.board.set_enabled(on)
            self.board.set_volume(volume)
        elif on and self.wanted:
            self.start(on, volume)

    def play(self, name: str) -> None:
        """Play a table sound if sound is on and available."""
        board = self.board
        if board is not None and self._on:
            with contextlib.suppress(Exception):
                board.play(name)

    def schedule(self, name: str, delay: float) -> None:
        """Play a sound after ``delay`` seconds of game time."""
        if delay <= 0:
            self.play(name)
        else:
            self._due.append((self._clock + delay, name))

    def update(self, dt: float) -> None:
        """Game time passes: the sounds due are played."""
        self._clock += dt
        if not self._due:
            return
        due = [s for s in self._due if s[0] <= self._clock]
        if due:
            self._due = [s for s in self._due if s[0] > self._clock]
            for _t, name in due:
                self.play(name)
