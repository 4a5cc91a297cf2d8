"""The table's voice: the narrator's lines (:mod:`skatgame.table.speech`) said aloud.

:class:`Speaker` is what the scenes talk to: the animator hands it each seat event as it
shows it, the table's keys ask it for the hand, the trick, the score and the last
trick again (F5-F8; F9 says the last line again), and a focused control is read out
through :meth:`Speaker.focus`. It speaks only while the setting *Speak the game* is on.

The voice is the system's speech through ``pyttsx3`` (SAPI on Windows,
NSSpeechSynthesizer on macOS, eSpeak NG on Linux), an optional extra of the install
(``pip install "skatgame[speech]"``); without it :func:`system_voice` is ``None`` and
the settings say what to install. Tests give the speaker a :class:`Recorder`.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from skatgame.engine.seats import Seat
    from skatgame.table.i18n import Tr
    from skatgame.table.seatview import SeatEvent, SeatTable
    from skatgame.table.speech import Narrator


class Voice(Protocol):
    """Something that says lines aloud (or notes them)."""

    def say(self, text: str, interrupt: bool = False) -> None:
        """Say ``text`` after what is being said, or at once (``interrupt``)."""

    def close(self) -> None:
        """Stop speaking and let go of the speech engine."""


class Recorder:
    """A voice that notes what it is told to say (for tests)."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def say(self, text: str, interrupt: bool = False) -> None:
        self.lines.append(text)

    def close(self) -> None:
        pass


class SystemVoice:
    """The system's speech through pyttsx3, spoken in a thread of its own (the window never
    waits for it)."""

    def __init__(self, language: str, engine_factory: Callable[[], object]) -> None:
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._engine_factory = engine_factory
        self._language = language
        self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        engine = self._engine_factory()
        _choose_voice(engine, self._language)
        while True:
            line = self._lines.get()
            if line is None:
                return
            try:
                engine.say(line)  # type: ignore[attr-defined]
                engine.runAndWait()  # type: ignore[attr-defined]
            except RuntimeError:  # the engine was busy: the line is left out
                continue

    def say(self, text: str, interrupt: bool = False) -> None:
        if interrupt:
            while not self._lines.empty():
                try:
                    self._lines.get_nowait()
                except queue.Empty:
                    break
        self._lines.put(text)

    def close(self) -> None:
        self._lines.put(None)


def _choose_voice(engine: object, language: str) -> None:
    """Pick a voice of ``language`` where the engine has one (else its default)."""
    try:
        voices = engine.getProperty("voices")  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001  # a driver without voices: its default voice
        return
    for v in voices or ():
        langs = [x.decode(errors="ignore") if isinstance(x, bytes) else str(x)
                 for x in (getattr(v, "languages", None) or [])]
        ids = [x.lower().lstrip("\x05").replace("_", "-") for x in langs]
        ids.append(str(getattr(v, "id", "")).lower().rsplit("/", 1)[-1])
        if any(x == language or x.startswith(language + "-") for x in ids):
            engine.setProperty("voice", v.id)  # type: ignore[attr-defined]
            return


def system_voice(language: str) -> Voice | None:
    """The system's speech in ``language``, or ``None`` when pyttsx3 (or a speech engine
    under it) is not installed."""
    try:
        import pyttsx3
    except ImportError:
        return None
    try:
        pyttsx3.init()
    except Exception:  # noqa: BLE001  # installed but no engine under it (no eSpeak NG)
        return None
    return SystemVoice(language, pyttsx3.init)


def save_wav(lines: list[str], path: str, language: str = "en") -> bool:
    """Say ``lines`` into the WAV file ``path`` with the system's speech (for checking that
    it sounds); ``False`` when there is no speech to say them with."""
    try:
        import pyttsx3
    except ImportError:
        return False
    try:
        engine = pyttsx3.init()
    except Exception:  # noqa: BLE001  # installed but no engine under it
        return False
    _choose_voice(engine, language)
    engine.save_to_file(" ".join(lines), path)
    engine.runAndWait()
    return True


class Speaker:
    """Says the table's lines while ``on``; ``voice`` None: nothing to speak with."""

    def __init__(self, voice: Voice | None = None, on: bool = False) -> None:
        self.voice = voice
        self.on = on
        self.narrator: Narrator | None = None
        self.last = ""
        self.language = ""  # the language of the voice

    def seat(self, tr: Tr, name_of: Callable[[Seat], str], me: Seat | None,
             style: str) -> None:
        """Speak for the player at ``me`` of a table (names by ``name_of``)."""
        from skatgame.table.speech import Narrator

        self.narrator = Narrator(tr, name_of, me, style)

    def say(self, text: str, interrupt: bool = False) -> None:
        """Say ``text`` (when speaking is on and there is a voice)."""
        if not self.on or self.voice is None or not text:
            return
        self.last = text
        self.voice.say(text, interrupt)

    def event(self, event: SeatEvent, table: SeatTable) -> None:
        """A seat event was shown on ``table``: say what it means."""
        if not self.on or self.narrator is None:
            return
        for line in self.narrator.lines(event, table):
            self.say(line)

    def ask(self, what: str, table: SeatTable) -> None:
        """Say again: ``hand``, ``trick``, ``score`` or ``last_trick`` (at once)."""
        if self.narrator is None:
            return
        answer: Callable[[SeatTable], str] = getattr(self.narrator, what)
        self.say(answer(table), interrupt=True)

    def repeat(self) -> None:
        """Say the last line again."""
        if self.last:
            self.say(self.last, interrupt=True)

    def focus(self, text: str) -> None:
        """A control got the keyboard focus: read it out (at once)."""
        self.say(text, interrupt=True)

    def close(self) -> None:
        if self.voice is not None:
            self.voice.close()
