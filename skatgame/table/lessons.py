"""Learn Skat: lessons at the real table, read from data files.

A lesson is one JSON file in ``resources/lessons/`` (both languages in it):
a prepared deal (fixed cards), the seat the learner plays, moves made before
it starts (``setup``: the auction, say), and a few *steps*. Each step has a
short text; a step with ``expect`` waits for the learner's move: the right
one is praised and the step's scripted moves of the computer players
(``then``) follow, a wrong one is explained (``wrong``: per move, and
``other`` for any move not listed) and the learner tries again. A step
without ``expect`` is read and continued. ``choices`` are the moves offered
as buttons when the move is no card (a bid, pass, pick up, a game).

Example::

    {"format": "skatgame-lesson", "version": 1, "id": "tricks",
     "title": {"en": "...", "de": "..."}, "summary": {"en": "...", "de": "..."},
     "deal": {"forehand": "CJ SJ ...", "middlehand": "...", "rearhand": "...",
              "skat": "D8 D7"},
     "you": 0, "names": [null, "Anna", "Ben"], "setup": ["p", "p", "18", "GH"],
     "steps": [{"text": {...}},
               {"text": {...}, "expect": "HA", "right": {...},
                "wrong": {"H7": {...}, "other": {...}}, "then": ["H8", "HT"]}]}

Moves are written as the engine reads them (:func:`~skatgame.engine.actions.parse_action`):
``"18"``, ``"y"``, ``"p"``, ``"s"`` (pick up), ``"d.ST.S7"`` (put away),
``"C"``/``"GH"``/``"N"`` (declare), ``"CA"`` (play a card).

:func:`load_lessons` reads and checks every file: a lesson whose deal or
moves the rules do not allow is reported by name and reason, never raised.
:class:`LessonRun` plays one lesson (no pygame: the scene draws it, the
tests drive it).
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skatgame.engine.actions import Action, ActionError, Play, parse_action
from skatgame.engine.cards import CardError, parse_cards
from skatgame.engine.deal import Deal, DealError, IllegalActionError
from skatgame.engine.events import Event
from skatgame.engine.options import RuleOptions
from skatgame.table.driver import DealDriver
from skatgame.table.i18n import LANGUAGES

__all__ = ["LESSON_FORMAT", "Lesson", "LessonError", "LessonProblem", "LessonRun", "Step",
           "Verdict", "lesson_folder", "load_lesson", "load_lessons"]

LESSON_FORMAT = "skatgame-lesson"
LESSON_VERSION = 1
SEATS = ("forehand", "middlehand", "rearhand")
#: The most steps a lesson may have, and the longest text (characters).
MAX_STEPS = 30
MAX_TEXT = 600
#: The largest lesson file read (bytes); the game's own are a few kilobytes.
MAX_FILE_BYTES = 1_000_000

Text = Mapping[str, str]
"""A text in every language: ``{"en": "...", "de": "..."}``."""


class LessonError(ValueError):
    """A lesson file that cannot be used; the message says where and why."""


@dataclass(frozen=True)
class Step:
    """One step of a lesson: a text, and maybe the move the learner must make."""

    text: Text
    expect: Action | None = None
    choices: tuple[Action, ...] = ()
    right: Text | None = None
    wrong: Mapping[Action | str, Text] = field(default_factory=dict)
    then: tuple[Action, ...] = ()

    def explain(self, action: Action) -> Text:
        """Why ``action`` is not the move of this step (its own text, else ``other``)."""
        return self.wrong.get(action) or self.wrong["other"]


@dataclass(frozen=True)
class Lesson:
    """A lesson as read from its file (see the module docstring)."""

    id: str
    title: Text
    summary: Text
    cards: tuple[int, ...]  # the deal: Forehand's ten, Middlehand's, Rearhand's, the skat
    you: int
    setup: tuple[Action, ...]
    steps: tuple[Step, ...]
    options: RuleOptions = RuleOptions()
    file: str = ""
    #: the computer players' names by seat (the learner's entry is empty)
    names: tuple[str, str, str] = ("", "Anna", "Ben")

    def new_deal(self) -> Deal:
        """The prepared deal with the setup moves made."""
        deal = Deal(self.cards, self.options)
        for a in self.setup:
            deal.apply(a)
        return deal


@dataclass(frozen=True)
class LessonProblem:
    """A lesson file that could not be used: which, and why (in English, for the log)."""

    file: str
    reason: str


def lesson_folder() -> Path:
    """Where the lesson files are (``resources/lessons``)."""
    from skatgame.resources import resource_path

    return resource_path("lessons")


def text_in(text: Text | None, lang: str) -> str:
    """A lesson text in ``lang`` (English when that language is missing)."""
    if not text:
        return ""
    return text.get(lang) or text.get(LANGUAGES[0], "")


# ---------------------------------------------------------------- reading


def load_lessons(folder: Path | None = None) -> tuple[list[Lesson], list[LessonProblem]]:
    """Every lesson in ``folder`` (default: the game's), in file-name order, and the
    files that could not be used with the reason. Never raises: whatever is wrong with
    one file (not JSON, nested too deeply, too large, a folder in its place...) costs
    that lesson only."""
    folder = lesson_folder() if folder is None else folder
    lessons: list[Lesson] = []
    problems: list[LessonProblem] = []
    try:
        files = sorted(p for p in folder.iterdir() if p.suffix == ".json")
    except OSError as e:
        return [], [LessonProblem(str(folder), f"the lesson folder cannot be read ({e})")]
    seen: set[str] = set()
    for path in files:
        try:
            lesson = load_lesson(path)
        except LessonError as e:
            problems.append(LessonProblem(path.name, _short(str(e))))
            continue
        except Exception as e:  # noqa: BLE001 - one bad file never costs the other lessons
            problems.append(LessonProblem(path.name, _short(
                f"{path.name}: cannot be used ({type(e).__name__}: {e})")))
            continue
        if lesson.id in seen:
            problems.append(LessonProblem(path.name, f"the id {lesson.id!r} is taken"))
            continue
        seen.add(lesson.id)
        lessons.append(lesson)
    return lessons, problems


def _short(reason: str, limit: int = 300) -> str:
    """A reason cut to a length the list of lessons can show."""
    return reason if len(reason) <= limit else reason[:limit - 1] + "…"


def load_lesson(path: Path) -> Lesson:
    """Read and check one lesson file. Raises :class:`LessonError`."""
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise LessonError(f"{path.name}: too large (more than {MAX_FILE_BYTES} bytes)")
        text = raw.decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as e:
        raise LessonError(f"{path.name}: cannot be read ({e.__class__.__name__})") from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise LessonError(f"{path.name}: not valid JSON (nested too deeply)") from None
    except ValueError as e:
        raise LessonError(f"{path.name}: not valid JSON ({e})") from None
    try:
        return parse_lesson(data, path.name)
    except LessonError as e:
        raise LessonError(f"{path.name}: {e}") from None
    except RecursionError:
        raise LessonError(f"{path.name}: nested too deeply") from None


def parse_lesson(data: Any, file: str = "") -> Lesson:
    """A lesson from its JSON value, checked against the rules. Raises :class:`LessonError`."""
    if not isinstance(data, dict):
        raise LessonError("a lesson is a JSON object")
    if data.get("format") != LESSON_FORMAT:
        raise LessonError(f'"format" must be "{LESSON_FORMAT}"')
    if data.get("version") != LESSON_VERSION:
        raise LessonError(f'"version" {data.get("version")!r} is not {LESSON_VERSION}')
    ident = data.get("id")
    if not (isinstance(ident, str) and 0 < len(ident) <= 40
            and all(c.isascii() and (c.isalnum() or c in "-_") for c in ident)):
        raise LessonError('"id" must be a short name of letters, digits, - and _')
    title = _text(data.get("title"), "title")
    summary = _text(data.get("summary"), "summary")
    cards = _cards(data.get("deal"))
    you = data.get("you")
    if you not in (0, 1, 2) or isinstance(you, bool):
        raise LessonError('"you" must be the learner\'s seat: 0, 1 or 2')
    options = _options(data.get("options", {}))
    names = _names(data.get("names"), you)
    setup = tuple(_action(m, "setup") for m in _list(data.get("setup", []), "setup"))
    steps_raw = _list(data.get("steps"), "steps")
    if not steps_raw or len(steps_raw) > MAX_STEPS:
        raise LessonError(f'"steps" must hold 1 to {MAX_STEPS} steps')
    steps = tuple(_step(s, i + 1) for i, s in enumerate(steps_raw))
    lesson = Lesson(ident, title, summary, cards, you, setup, steps, options, file, names)
    check_lesson(lesson)
    return lesson


def _text(value: Any, where: str) -> dict[str, str]:
    if not isinstance(value, dict):
        raise LessonError(f"{where}: a text needs every language ({', '.join(LANGUAGES)})")
    out = {}
    for lang in LANGUAGES:
        t = value.get(lang)
        if not isinstance(t, str) or not t.strip():
            raise LessonError(f"{where}: the text in {lang!r} is missing")
        if len(t) > MAX_TEXT:
            raise LessonError(f"{where}: the text in {lang!r} is too long ({len(t)} characters)")
        out[lang] = t.strip()
    return out


def _names(value: Any, you: int) -> tuple[str, str, str]:
    """The players' names by seat; the texts speak of the computer players by name."""
    if value is None:
        others = iter(("Anna", "Ben"))
        return tuple("" if s == you else next(others) for s in range(3))  # type: ignore
    if not isinstance(value, list) or len(value) != 3:
        raise LessonError('"names" must name the three seats (null for the learner\'s)')
    out = []
    for seat, name in enumerate(value):
        if seat == you:
            out.append("")
        elif isinstance(name, str) and 0 < len(name.strip()) <= 24:
            out.append(name.strip())
        else:
            raise LessonError(f'"names": seat {seat} needs a name of 1 to 24 characters')
    return (out[0], out[1], out[2])


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise LessonError(f'"{where}" must be a list')
    return value


def _action(value: Any, where: str) -> Action:
    if not isinstance(value, str):
        raise LessonError(f"{where}: a move is written as text, not {value!r}")
    try:
        return parse_action(value)
    except (ActionError, CardError, ValueError) as e:
        raise LessonError(f"{where}: {value!r} is no move ({e})") from None


def _cards(value: Any) -> tuple[int, ...]:
    if not isinstance(value, dict):
        raise LessonError('"deal" must name the cards of forehand, middlehand, rearhand, skat')
    out: list[int] = []
    for part, n in (*((s, 10) for s in SEATS), ("skat", 2)):
        text = value.get(part)
        if not isinstance(text, str):
            raise LessonError(f'deal: "{part}" is missing')
        try:
            cards = parse_cards(text)
        except (CardError, ValueError) as e:
            raise LessonError(f"deal: {part}: {e}") from None
        if len(cards) != n:
            raise LessonError(f"deal: {part} holds {len(cards)} cards, not {n}")
        out += cards
    if sorted(out) != list(range(32)):
        twice = sorted({c for c in out if out.count(c) > 1})
        raise LessonError(f"deal: each of the 32 cards exactly once (twice: {twice})")
    return tuple(out)


def _options(value: Any) -> RuleOptions:
    if not isinstance(value, dict):
        raise LessonError('"options" must be an object of house rules')
    try:
        return RuleOptions.from_dict(value)
    except (ValueError, TypeError) as e:
        raise LessonError(f"options: {e}") from None


def _step(value: Any, n: int) -> Step:
    where = f"step {n}"
    if not isinstance(value, dict):
        raise LessonError(f"{where}: a step is an object")
    text = _text(value.get("text"), f"{where}: text")
    if "expect" not in value:
        for key in ("choices", "right", "wrong", "then"):
            if key in value:
                raise LessonError(f'{where}: "{key}" needs an "expect"ed move')
        return Step(text)
    expect = _action(value["expect"], f"{where}: expect")
    choices = tuple(_action(m, f"{where}: choices") for m in
                    _list(value.get("choices", []), f"{where}: choices"))
    if choices and expect not in choices:
        raise LessonError(f"{where}: the expected move is not among the choices")
    if not choices and not isinstance(expect, Play) and not _is_discard(expect):
        raise LessonError(f"{where}: a move that is no card needs \"choices\" (its buttons)")
    right = _text(value["right"], f"{where}: right") if "right" in value else None
    wrong_raw = value.get("wrong")
    if not isinstance(wrong_raw, dict) or "other" not in wrong_raw:
        raise LessonError(f'{where}: "wrong" must explain "other" moves')
    wrong: dict[Action | str, Text] = {}
    for key, t in wrong_raw.items():
        k: Action | str = "other" if key == "other" else _action(key, f"{where}: wrong")
        if k == expect:
            raise LessonError(f"{where}: the expected move {key!r} is explained as wrong")
        wrong[k] = _text(t, f"{where}: wrong {key}")
    then = tuple(_action(m, f"{where}: then") for m in _list(value.get("then", []),
                                                                f"{where}: then"))
    return Step(text, expect, choices, right, wrong, then)


def _is_discard(action: Action) -> bool:
    from skatgame.engine.actions import Discard

    return isinstance(action, Discard)


def check_lesson(lesson: Lesson) -> None:
    """Play the lesson through as written: the setup, each expected move, each scripted
    move must be legal, made by the right seat. Raises :class:`LessonError`."""
    try:
        deal = Deal(lesson.cards, lesson.options)
    except DealError as e:
        raise LessonError(f"deal: {e}") from None
    for a in lesson.setup:
        try:
            deal.apply(a)
        except IllegalActionError as e:
            raise LessonError(f"setup: {a.text}: {e}") from None
    for n, step in enumerate(lesson.steps, start=1):
        if step.expect is None:
            continue
        if deal.to_move != lesson.you:
            raise LessonError(f"step {n}: it is not the learner's turn "
                              f"(seat {deal.to_move} is to move)")
        for c in step.choices:
            if not deal.is_legal(c):
                raise LessonError(f"step {n}: the choice {c.text} is not legal here")
        try:
            deal.apply(step.expect)
        except IllegalActionError as e:
            raise LessonError(f"step {n}: the expected move {step.expect.text}: {e}") from None
        for a in step.then:
            if deal.to_move == lesson.you:
                raise LessonError(f"step {n}: the scripted move {a.text} falls to the learner")
            try:
                deal.apply(a)
            except IllegalActionError as e:
                raise LessonError(f"step {n}: the scripted move {a.text}: {e}") from None


# ---------------------------------------------------------------- playing


@dataclass(frozen=True)
class Verdict:
    """What became of the learner's move: right (made) or wrong (explained, not made)."""

    right: bool
    message: Text | None
    events: list[Event] = field(default_factory=list)


class LessonRun:
    """One lesson being played: the deal, the step at hand and the scripted moves due.

    The scene shows :attr:`step`'s text; :meth:`attempt` takes the learner's
    move; :meth:`next_scripted` makes the computer players' next scripted move
    (the scene calls it when the table has caught up); :meth:`proceed`
    continues past a step that only talks.
    """

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.deal = lesson.new_deal()
        #: the lesson's players are its script: every move is proposed as a person's
        self.driver = DealDriver(self.deal)
        self.index = 0
        self.pending: deque[Action] = deque()

    @property
    def step(self) -> Step | None:
        """The step at hand (``None``: the lesson is over)."""
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.step is None and not self.pending

    @property
    def awaiting_move(self) -> bool:
        """Whether the learner is to make the step's move now."""
        step = self.step
        return (step is not None and step.expect is not None and not self.pending
                and self.deal.to_move == self.lesson.you)

    @property
    def awaiting_continue(self) -> bool:
        """Whether the step at hand only talks (the learner continues when read)."""
        step = self.step
        return step is not None and step.expect is None and not self.pending

    def proceed(self) -> None:
        """Continue past a step that only talks."""
        if self.awaiting_continue:
            self.index += 1

    def attempt(self, action: Action) -> Verdict:
        """The learner's move: made and praised when it is the step's, else explained."""
        step = self.step
        if not self.awaiting_move or step is None:
            return Verdict(False, None)
        if action != step.expect:
            return Verdict(False, step.explain(action))
        events = self.driver.propose(action)
        self.pending.extend(step.then)
        self.index += 1
        return Verdict(True, step.right, events)

    def next_scripted(self) -> list[Event]:
        """Make the next scripted move of a computer player (none due: no events)."""
        if not self.pending:
            return []
        return self.driver.propose(self.pending.popleft())
