"""Text that comes from the network (names, chat): cleaned before it is drawn or logged,
and the quick phrases, named on the wire and said by each client in its own language."""

from __future__ import annotations

import unicodedata
from typing import Final

from skatgame.table import names

__all__ = ["QUICK_PHRASES", "clean_text", "clean_name", "log_text"]

#: quick phrases by name: (English, German)
QUICK_PHRASES: Final[dict[str, tuple[str, str]]] = {
    "hello": ("Hello everyone!", "Hallo zusammen!"),
    "well_played": ("Well played!", "Gut gespielt!"),
    "bad_luck": ("Bad luck.", "Pech gehabt."),
    "thanks": ("Thank you!", "Danke!"),
    "one_more": ("One more round?", "Noch eine Runde?"),
    "moment": ("One moment, please.", "Einen Moment, bitte."),
    "bye": ("Goodbye!", "Tschüss!"),
}


def clean_text(text: str, limit: int) -> str:
    """``text`` without control, format (bidi overrides...), private or unassigned
    characters, its white space runs made one space, at most ``limit`` characters."""
    out: list[str] = []
    space = False
    for ch in text[: limit * 4]:
        cat = unicodedata.category(ch)
        if ch.isspace() or cat in ("Zl", "Zp"):
            space = bool(out)
            continue
        if cat[0] == "C":
            continue
        if space:
            out.append(" ")
            space = False
        out.append(ch)
        if len(out) >= limit:
            break
    return "".join(out)[:limit].rstrip()


def clean_name(name: str, fallback: str) -> str:
    """A player's name as every name is kept (:func:`skatgame.table.names.clean_name`:
    no control or format characters, at most twenty characters); ``fallback`` when
    nothing is left."""
    return names.clean_name(name, fallback)


def log_text(text: str) -> str:
    """A text for a log line: quoted, everything outside printable ASCII escaped."""
    return ascii(text[:200])
