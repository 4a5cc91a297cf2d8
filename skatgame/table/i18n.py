"""Translations: English and German texts, looked up by key.

The texts live in ``resources/i18n/<lang>.json``, one flat object of
``"key": "text"``; texts may hold ``str.format`` placeholders such as
``{n}``. Looking up never raises: a key missing in the chosen language falls
back to English, then to the key itself (so bid values such as ``"18"`` pass
straight through), and a placeholder without a value stays as written.
"""

from __future__ import annotations

import json
import locale
import os
import re
import string
from collections.abc import Callable, Iterable
from contextlib import suppress
from functools import cache
from typing import Any

from skatgame.engine.cards import DeckStyle
from skatgame.engine.rules import GameKind
from skatgame.resources import resource_path

#: The languages the game speaks; the first is the fallback.
LANGUAGES: tuple[str, ...] = ("en", "de")
FALLBACK = LANGUAGES[0]

#: The deck styles whose suits carry German-deck names (acorns, leaves, hearts, bells).
GERMAN_SUIT_DECKS = frozenset({DeckStyle.GERMAN})

_SUIT_KEYS = ("clubs", "spades", "hearts", "diamonds")
_OTHER_CONTRACTS = {4: "contract.grand", 5: "contract.null", 6: "contract.ramsch"}

Tr = Callable[..., str]
"""A translate function: ``tr(key, **fmt) -> str``."""


@cache
def load_table(lang: str) -> dict[str, str]:
    """The texts of one language; empty when its file is missing or unusable."""
    try:
        with resource_path("i18n", f"{lang}.json").open(encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


class _KeepMissing(dict[str, Any]):
    """Format arguments that leave an unknown placeholder as it was written."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _format(template: str, fmt: dict[str, Any]) -> str:
    if not fmt:
        return template
    try:
        return string.Formatter().vformat(template, (), _KeepMissing(fmt))
    except (ValueError, IndexError, AttributeError, TypeError, KeyError):
        return template


class Translator:
    """Texts in one language: ``Translator("de").tr("menu.quit") == "Beenden"``.

    An unknown language code gives English. The instance is also callable,
    so it can be passed wherever a ``tr`` function is expected.
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else FALLBACK
        self._table = load_table(self.lang)
        self._fallback = load_table(FALLBACK)

    def tr(self, key: str, **fmt: Any) -> str:
        """The text for ``key`` with ``fmt`` filled in; never raises."""
        template = self._table.get(key)
        if template is None:
            template = self._fallback.get(key, key)
        return _format(template, fmt)

    __call__ = tr

    def has(self, key: str) -> bool:
        """Whether this language itself (not the fallback) has a text for ``key``."""
        return key in self._table


def count_text(tr: Tr, key: str, count: int, **fmt: Any) -> str:
    """The text of ``key`` for ``count`` things: ``key + "_one"`` when there is one
    ("1 deal", "1 Spiel"), else ``key`` ("36 deals")."""
    return tr(key + "_one" if count == 1 else key, **fmt)


#: A run of digits longer than this is cut in a message's values (a 400-digit number from a
#: damaged file), and a value longer than :data:`LONGEST_VALUE` characters is cut too.
LONGEST_NUMBER = 24
LONGEST_VALUE = 600
_LONG_NUMBER = re.compile(rf"\d{{{LONGEST_NUMBER + 1},}}")


def cut_value(value: Any) -> Any:
    """A message's value as it may be shown: long numbers (in a text too) cut to their first
    digits and a count, ``123456789012… (400 digits)``, long texts cut with ``…``."""
    if isinstance(value, Message | bool):
        return value
    if isinstance(value, int) and not -10**LONGEST_NUMBER < value < 10**LONGEST_NUMBER:
        value = str(value)
    if not isinstance(value, str):
        return value
    value = _LONG_NUMBER.sub(lambda m: f"{m.group()[:12]}… ({len(m.group())} digits)", value)
    return value if len(value) <= LONGEST_VALUE else value[:LONGEST_VALUE - 1] + "…"


class Message(str):
    """A message for the user that can be shown in any language.

    It is a ``str`` holding the English text (for logs and tests), and keeps
    its key and parameters so that the UI can show it translated with
    :meth:`translate`. Parameters may themselves be messages; long numbers and
    texts among them are cut short (:func:`cut_value`).
    """

    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, /, **params: Any) -> Message:
        params = {k: cut_value(v) for k, v in params.items()}
        self = super().__new__(cls, Translator(FALLBACK).tr(key, **params))
        self.key = key
        self.params = params
        return self

    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, Any]]:
        return (self.key,), self.params

    def translate(self, tr: Tr) -> str:  # type: ignore[override]  # (str's, for tables)
        """The message in the language of ``tr`` (not ``str.translate``: a message is a
        string only so that logs and tests can read it)."""
        params = {k: v.translate(tr) if isinstance(v, Message) else v
                  for k, v in self.params.items()}
        return tr(self.key, **params)


def contract_name(kind: int, deck_style: str, tr: Tr) -> str:
    """The name of a game kind (``GameKind`` value 0..6) for a deck style.

    Suit games are named after the suit as printed on the deck: clubs/Kreuz
    on French and tournament decks, acorns/Eichel on the German deck. Raises
    ``ValueError`` for a number that is no game kind.
    """
    if 0 <= kind <= GameKind.DIAMONDS:
        family = "german" if deck_style in GERMAN_SUIT_DECKS else "french"
        return tr(f"suit.{family}.{_SUIT_KEYS[kind]}")
    if kind in _OTHER_CONTRACTS:
        return tr(_OTHER_CONTRACTS[kind])
    raise ValueError(f"not a game kind: {kind!r} (expected 0..6)")


#: Texts that name ranks or suits: each has a version for the German-suited deck,
#: ``<key>_german`` (Unter, Ober, Daus; Eichel, Grün, Rot, Schellen).
DECK_TEXTS = ("help.r.order_text", "help.r.follow_text", "help.r.value_text",
              "help.r.null_text", "help.r.ramsch_text", "skat.no_jacks")


def deck_text(tr: Tr, key: str, deck_style: str, **fmt: Any) -> str:
    """The text for ``key`` in the words of the deck on the table (see :data:`DECK_TEXTS`)."""
    if deck_style in GERMAN_SUIT_DECKS and key in DECK_TEXTS:
        key = f"{key}_german"
    return tr(key, **fmt)


def contract_words(kind: int, style: str, tr: Tr, *, hand: bool = False,
                   schneider: bool = False, schwarz: bool = False, ouvert: bool = False,
                   ouvert_says_hand: bool = False) -> str:
    """A game in words: "Clubs Hand Schneider", "Grand Ouvert", "Null Hand Ouvert", "Ramsch".

    An ouvert suit or grand game is always a hand game and always schneider
    and schwarz announced: only "Ouvert" is said, and "Hand" before it only
    with ``ouvert_says_hand`` (the CSV export's wording). Null says "Hand" when
    it is one.
    """
    words = [contract_name(kind, style, tr)]
    if kind == GameKind.RAMSCH:
        return words[0]
    if ouvert:
        if hand and (kind == GameKind.NULL or ouvert_says_hand):
            words.append(tr("game.hand"))
        words.append(tr("game.ouvert"))
    else:
        if hand:
            words.append(tr("game.hand"))
        if schwarz:
            words.append(tr("game.schwarz"))
        elif schneider:
            words.append(tr("game.schneider"))
    return " ".join(words)


def language_of(locale_names: Iterable[str | None]) -> str:
    """The game language for locale names such as ``de_DE.UTF-8``: the first usable name
    decides, ``de``/``German`` give German, everything else English."""
    for name in locale_names:
        if not name or name.upper() in ("C", "POSIX") or name.upper().startswith("C."):
            continue
        return "de" if name.lower().startswith(("de", "german")) else FALLBACK
    return FALLBACK


def _locale_names(preferred: Iterable[str | None]) -> list[str | None]:
    names: list[str | None] = [os.environ.get(v) for v in ("LC_ALL", "LC_MESSAGES", "LANG")]
    names += list(preferred)
    with suppress(ValueError):
        names.append(locale.getlocale()[0])
    return names


def system_language(preferred: Iterable[str | None] = ()) -> str:
    """The language of the user's system: ``"de"`` for a German locale, else ``"en"``.

    The environment decides first, then ``preferred`` (the UI passes the
    languages SDL reports), then Python's locale.
    """
    return language_of(_locale_names(preferred))
