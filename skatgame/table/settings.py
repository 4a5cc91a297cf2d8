"""The player's settings: what they are, their defaults, and how they are kept.

Settings are a frozen dataclass; change them with ``dataclasses.replace``
(which checks the new values). On disk they are the document ``settings``
(``"format": "skatgame-settings"``, ``"version": 1``) in the user's folder.
Loading ignores unknown keys and resets each unusable value to its default
with a message, so one bad entry never costs the others.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from skatgame.engine.cards import DECK_STYLES as DECK_STYLES  # offered by the settings
from skatgame.engine.cards import DeckStyle
from skatgame.engine.options import (
    CHOICES,
    OLD_SWITCHES,
    OptionsError,
    RuleOptions,
    migrate_options,
)
from skatgame.engine.settlement import RATES
from skatgame.table.i18n import LANGUAGES, Message, system_language
from skatgame.table.listmode import BIERLACHS_LIMITS
from skatgame.table.names import MAX_NAME, clean_name
from skatgame.table.store import LoadResult, Store
from skatgame.table.timer import MOVE_TIMERS

SETTINGS_NAME = "settings"
SETTINGS_FORMAT = "skatgame-settings"
SETTINGS_VERSION = 1

SORT_ORDERS = ("trumps-first", "by-suit")
SORT_DIRECTIONS = ("descending", "ascending")
ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
LEVELS = ("beginner", "advanced", "expert")

MIN_WINDOW = (640, 480)
MAX_WINDOW = (16384, 16384)
MAX_NAME_LENGTH = MAX_NAME
TABLE_SIZES = (3, 4)
#: The sizes of text and cards the settings offer, in percent of the window's own.
TEXT_SIZES = (100, 125, 150, 175, 200)
#: the numbers of deals a new list may have (at four rounded up to whole rounds)
DEAL_COUNTS = (3, 6, 9, 12, 18, 24, 36, 48)
#: how a list is written: Seeger-Fabian or the plain list
LIST_KINDS = ("seeger-fabian", "plain")

HouseRuleValue = str | int | float | bool | None


# ---------------------------------------------------------------- value checks
# Each check returns the value in its normal form or raises ValueError/TypeError.


def _choice(options: tuple[str, ...]) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if value not in options or not isinstance(value, str):
            raise ValueError(f"expected one of {options}, got {value!r}")
        return value

    return check


def _deck_style(value: Any) -> DeckStyle:
    # a saved setting holds the plain string: the member of that value
    return DeckStyle(_choice(DECK_STYLES)(value))


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"expected true or false, got {value!r}")
    return value


def _maybe_bool(value: Any) -> bool | None:
    return None if value is None else _bool(value)


def _volume(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"expected a number, got {value!r}")
    if not (math.isfinite(value) and 0.0 <= value <= 1.0):
        raise ValueError(f"expected 0..1, got {value!r}")
    return float(value)


def _window_size(value: Any) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise TypeError(f"expected [width, height], got {value!r}")
    w, h = value
    for v, low, high in ((w, MIN_WINDOW[0], MAX_WINDOW[0]), (h, MIN_WINDOW[1], MAX_WINDOW[1])):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"expected whole numbers, got {value!r}")
        if not low <= v <= high:
            raise ValueError(f"window size out of range: {value!r}")
    return (w, h)


_level = _choice(LEVELS)


def _ids(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or len(value) > 100:
        raise TypeError(f"expected a list of names, got {value!r}")
    if not all(isinstance(v, str) and 0 < len(v) <= 40 for v in value):
        raise ValueError(f"expected short names, got {value!r}")
    return tuple(dict.fromkeys(value))


def _name(value: Any) -> str:
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > MAX_NAME_LENGTH \
            or clean_name(value) != " ".join(value.split()):
        raise ValueError(f"expected a name of 1..{MAX_NAME_LENGTH} characters, got {value!r}")
    return clean_name(value)


def _player_name(value: Any) -> str:
    """The human's chosen name ("" for the default "You" in the current language)."""
    if value == "":
        return ""
    return _name(value)


def _deal_count(value: Any) -> int:
    """A new list's deals as last chosen: one of the counts offered, at three or (rounded
    to whole rounds) at four."""
    if isinstance(value, bool) or not isinstance(value, int) or \
            not DEAL_COUNTS[0] <= value <= DEAL_COUNTS[-1]:
        raise ValueError(f"expected a number of deals, got {value!r}")
    return value


def _whole(options: tuple[int, ...]) -> Callable[[Any], int]:
    def check(value: Any) -> int:
        if isinstance(value, bool) or value not in options or not isinstance(value, int):
            raise ValueError(f"expected one of {options}, got {value!r}")
        return value

    return check


def _opponents(value: Any) -> tuple[Opponent, ...]:
    if not isinstance(value, list | tuple) or len(value) not in (2, 3):
        raise TypeError(f"expected two or three opponents, got {value!r}")
    out = []
    for item in value:
        if isinstance(item, Opponent):
            out.append(item)
        elif isinstance(item, Mapping):
            level, name = item.get("level"), item.get("name")
            out.append(Opponent(level, name))  # type: ignore[arg-type]  # checked there
        else:
            raise TypeError(f"expected an opponent, got {item!r}")
    return tuple(out)


def _house_rules(value: Any) -> dict[str, HouseRuleValue]:
    if not isinstance(value, Mapping):
        raise TypeError(f"expected an object of rule options, got {value!r}")
    for k, v in value.items():
        if not isinstance(k, str) or not isinstance(v, str | int | float | bool | None):
            raise TypeError(f"rule option {k!r} must be a simple value, got {v!r}")
        if isinstance(v, float) and not math.isfinite(v):
            raise ValueError(f"rule option {k!r} is not a finite number")
    return dict(value)


@dataclass(frozen=True)
class Opponent:
    """A computer opponent: its level (``beginner``, ``advanced``, ``expert``) and name."""

    level: str = "advanced"
    name: str = "Anna"

    def __post_init__(self) -> None:
        object.__setattr__(self, "level", _level(self.level))
        object.__setattr__(self, "name", _name(self.name))


DEFAULT_OPPONENTS = (Opponent("advanced", "Anna"), Opponent("advanced", "Ben"))
#: The third computer player at a table of four (older settings name only two).
THIRD_OPPONENT = Opponent("advanced", "Clara")


@dataclass(frozen=True)
class Settings:
    """Everything the player can set. Every value is checked on construction.

    ``house_rules`` holds the engine's rule options as plain values
    (``name -> str | int | float | bool | None``); the engine turns them into
    its ``RuleOptions``.
    """

    deck_style: DeckStyle = DeckStyle.FRENCH
    #: the French deck's corner letters as the player chose them: B D K (``True``) or
    #: J Q K (``False``); ``None``: as the language (see :attr:`german_letters`)
    german_indices: bool | None = None
    sort_order: str = "trumps-first"
    sort_direction: str = "descending"
    animation_speed: str = "normal"
    sound_on: bool = True
    volume: float = 0.7
    language: str = "en"
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    show_running_points: bool = True
    #: the computer players clockwise from the left (a third one for a table of four)
    opponents: tuple[Opponent, ...] = DEFAULT_OPPONENTS
    #: the human's name ("": "You" in the current language)
    player_name: str = ""
    #: players at the table of a new list (3 or 4: the dealer sits out)
    players: int = 3
    #: seconds per decision of the human (0: no move timer)
    move_timer: int = 0
    #: how a new list ends: 0 after its number of deals, else a Bierlachs to this limit
    list_limit: int = 0
    #: the number of deals of a new list, as last chosen (before rounding to whole rounds)
    deals: int = 36
    #: how a new list is written, as last chosen
    list_kind: str = "seeger-fabian"
    #: a new list's settlement in cents per point ("0": none)
    rate: str = "0"
    house_rules: dict[str, HouseRuleValue] = field(default_factory=dict)
    #: this machine has been told that it has no sound device (told once)
    sound_notice_seen: bool = False
    #: the bidding helper in the auction: the hand's likely game, value and chance
    bid_helper: bool = True
    #: a card that is the only legal one is played by itself (off: the player plays
    #: every card; a list with a move timer plays it at once either way)
    play_forced: bool = False
    #: the Learn Skat lessons played through (their ids)
    lessons_done: tuple[str, ...] = ()
    #: the high-contrast theme: a plain felt, every text at least 7:1, thick card outlines
    high_contrast: bool = False
    #: the size of text, cards and buttons in percent (100 to 200, see TEXT_SIZES)
    text_size: int = 100
    #: no sliding, flashing or pulsing: changes appear at once (a short fade at most)
    reduce_motion: bool = False
    #: the table speaks: what happens, what the player must do (needs the system's speech)
    speak: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            object.__setattr__(self, f.name, _CHECKS[f.name](getattr(self, f.name)))

    @property
    def german_letters(self) -> bool:
        """Whether French cards show B D K: the player's choice, else the language's."""
        return self.language == "de" if self.german_indices is None else self.german_indices

    @property
    def three_opponents(self) -> tuple[Opponent, Opponent, Opponent]:
        """Left, right and across (the third a default when older settings name two)."""
        o = (*self.opponents, THIRD_OPPONENT)
        return (o[0], o[1], o[2])

    def seat_opponents(self, n: int) -> tuple[Opponent, ...]:
        """The ``n`` computer players (2 or 3) clockwise from the left: left and right, or
        left, across and right."""
        left, right, top = self.three_opponents
        return (left, right) if n == 2 else (left, top, right)

    @classmethod
    def first_start(cls, language: str | None = None,
                    locales: Iterable[str | None] = ()) -> Settings:
        """The defaults, speaking the system's language (or ``language``).

        ``locales`` are the system's preferred languages as the UI knows them.
        The cards' corner letters follow the language (B D K in German, J Q K else) until
        the player chooses them.
        """
        return cls(language=language or system_language(locales))

    def to_dict(self) -> dict[str, Any]:
        """The settings as plain JSON values."""
        plain = asdict(self)
        plain["window_size"] = list(self.window_size)
        plain["opponents"] = list(plain["opponents"])
        plain["lessons_done"] = list(self.lessons_done)
        return plain

    @classmethod
    def from_dict(
        cls, data: Any, defaults: Settings | None = None
    ) -> tuple[Settings, list[Message]]:
        """Settings from plain values, and a note for each value reset to its default.

        Unknown keys are ignored; missing keys take the default silently.
        Raises ``ValueError`` when ``data`` is not an object at all.
        """
        if not isinstance(data, Mapping):
            raise ValueError(Message("store.reason.shape"))
        base = defaults if defaults is not None else cls()
        data = _migrate(data)
        values: dict[str, Any] = {}
        notes: list[Message] = []
        for f in fields(cls):
            if f.name not in data:
                continue
            try:
                values[f.name] = _CHECKS[f.name](data[f.name])
            except (ValueError, TypeError, ArithmeticError):  # e.g. a number too big for a float
                notes.append(Message("settings.reset_value", field=Message(f"settings.{f.name}")))
        return replace(base, **values), notes


def _migrate(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """Older settings in today's shape.

    Before the corner letters followed the language, the first start saved the
    language's letters as if chosen: letters that match the saved language follow it.
    The house rule ``hide_running_points`` and the switch ``show_running_points``
    said the same thing twice (and could contradict each other): the switch is
    the one setting now, and a hidden-points house rule turns it off.
    """
    out = dict(data)
    if out.get("german_indices") is not None and out.get("language") in LANGUAGES and \
            out.get("german_indices") == (out.get("language") == "de"):
        out["german_indices"] = None
    rules = data.get("house_rules")
    if not isinstance(rules, Mapping) or "hide_running_points" not in rules:
        return out
    out["house_rules"] = {k: v for k, v in rules.items() if k != "hide_running_points"}
    if rules["hide_running_points"] is True:
        out["show_running_points"] = False
    return out


_CHECKS: dict[str, Callable[[Any], Any]] = {
    "deck_style": _deck_style,
    "german_indices": _maybe_bool,
    "sort_order": _choice(SORT_ORDERS),
    "sort_direction": _choice(SORT_DIRECTIONS),
    "animation_speed": _choice(ANIMATION_SPEEDS),
    "sound_on": _bool,
    "volume": _volume,
    "language": _choice(LANGUAGES),
    "window_size": _window_size,
    "fullscreen": _bool,
    "show_running_points": _bool,
    "opponents": _opponents,
    "player_name": _player_name,
    "players": _whole(TABLE_SIZES),
    "move_timer": _whole(MOVE_TIMERS),
    "deals": _deal_count,
    "list_kind": _choice(LIST_KINDS),
    "list_limit": _whole((0, *BIERLACHS_LIMITS)),
    "rate": _choice(RATES),
    "house_rules": _house_rules,
    "sound_notice_seen": _bool,
    "bid_helper": _bool,
    "play_forced": _bool,
    "lessons_done": _ids,
    "high_contrast": _bool,
    "text_size": _whole(TEXT_SIZES),
    "reduce_motion": _bool,
    "speak": _bool,
}


# ---------------------------------------------------------------- disk


def load_settings(store: Store, language: str | None = None,
                  locales: Iterable[str | None] = ()) -> LoadResult[Settings]:
    """The saved settings, or first-start defaults when there are none or they are unusable.

    ``language`` overrides the system language for the defaults (``locales``:
    see :meth:`Settings.first_start`). Problems are in the result and reported
    through ``store``; nothing raises.
    """
    first = Settings.first_start(language, locales)
    return store.load(
        SETTINGS_NAME,
        SETTINGS_FORMAT,
        SETTINGS_VERSION,
        lambda data: Settings.from_dict(data, first),
        lambda: first,
        unreadable_key="settings.unreadable",
    )


def save_settings(store: Store, settings: Settings) -> bool:
    """Save the settings; ``False`` when they are only kept in memory (reported by ``store``)."""
    return store.save(SETTINGS_NAME, SETTINGS_FORMAT, SETTINGS_VERSION, settings.to_dict())


# ---------------------------------------------------------------- house rules

#: House rules offered in the new-list form, in order.
RULE_ROWS = ("ramsch", "schieberamsch", "ramsch_skat", "ramsch_loss", "ramsch_jungfrau",
             "ramsch_durchmarsch", "kontra", "kontra_needs_bid", "bock", "grand_base",
             "last_trick_visible")
#: The rows that only matter with Ramsch (shown switched off without it).
RAMSCH_ROWS = ("schieberamsch", "ramsch_skat", "ramsch_loss", "ramsch_jungfrau",
               "ramsch_durchmarsch")


def rule_row_values(field: str) -> tuple[HouseRuleValue, ...]:
    """The values a house-rule row offers, in order: on/off, the grand base, or the
    words of a choice (their texts are ``rules.<field>.<word>``)."""
    if field == "grand_base":
        return (24, 20)
    if field in CHOICES:
        return CHOICES[field]
    return (True, False)


def rule_options(house_rules: dict[str, Any]) -> RuleOptions:
    """The rule options saved in the settings (unusable entries fall back to the ISkO)."""
    known = {f.name for f in fields(RuleOptions)}
    plain = dict(house_rules)
    for old in OLD_SWITCHES:  # settings saved before the Ramsch variants
        if old in plain:
            try:
                moved = migrate_options({old: plain.pop(old)})
            except OptionsError:
                continue
            for k, v in moved.items():
                plain.setdefault(k, v)
    values = {k: v for k, v in plain.items() if k in known}
    try:
        return RuleOptions.from_dict(values)
    except (OptionsError, TypeError):
        good = {}
        for k, v in values.items():
            try:
                RuleOptions.from_dict({k: v})
                good[k] = v
            except (OptionsError, TypeError):
                pass
        return RuleOptions.from_dict(good)
