"""Names of the players: cleaned input, a length limit, the human's "You"."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

#: The longest name a player may give (characters).
MAX_NAME = 20

#: What the human is called when he chose no name, in every language (relabelled).
YOU_WORDS = frozenset({"You", "Du", "Sie"})


def clean_name(text: object, default: str = "") -> str:
    """A name as kept: control characters removed, spaces collapsed, at most
    :data:`MAX_NAME` characters; empty (or not text) gives ``default``."""
    if not isinstance(text, str):
        return default
    kept = "".join(" " if unicodedata.category(ch) in ("Zs", "Zl", "Zp") or ch in "\t\n\r"
                   else ch for ch in text if unicodedata.category(ch)[0] != "C" or ch in "\t\n\r")
    kept = " ".join(kept.split())[:MAX_NAME].strip()
    return kept or default


def is_you(name: str) -> bool:
    """Whether ``name`` is the human's default name (in some language), or empty."""
    return not name or name in YOU_WORDS


def display_name(name: str, level: str | None, tr: Callable[..., str]) -> str:
    """A player's name as shown: the human without a chosen name is "You" in the current
    language."""
    if level is None and is_you(name):
        return tr("table.you")
    return name
