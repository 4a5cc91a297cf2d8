"""Texts with suit signs: a label is a string or parts, where a :class:`Sign` is a suit sign.

Fonts have no suit glyphs we may rely on, so the UI draws each :class:`Sign`
as a vector sign; the table layer only says where one goes.
"""

from __future__ import annotations

from typing import NamedTuple


class Sign(NamedTuple):
    """A suit sign inside a label (suit 0..3: clubs, spades, hearts, diamonds)."""

    suit: int


Part = str | Sign
Label = str | tuple[Part, ...]
"""A text as the screen shows it: a plain string or parts, a :class:`Sign` a vector suit sign."""
