"""Where the suit signs sit on the number cards (7, 8, 9, 10) and the aces.

Positions are in card design units: the card is 100 wide and
:data:`CARD_H` high. A pip in the lower half is drawn upside down, as on
printed cards, so that the card reads the same either way up.
"""

from __future__ import annotations

from skatgame.engine.cards import Rank

CARD_W = 100.0
CARD_H = CARD_W * 91.0 / 59.0

#: (x, y, upside_down) of each pip.
Pip = tuple[float, float, bool]

_LEFT, _MID, _RIGHT = 31.0, 50.0, 69.0
_TOP, _BOTTOM = 23.0, CARD_H - 23.0
_MIDDLE = CARD_H / 2


def _column_pips(rows: int) -> list[Pip]:
    step = (_BOTTOM - _TOP) / (rows - 1)
    out: list[Pip] = []
    for i in range(rows):
        y = _TOP + i * step
        flip = y > _MIDDLE + 0.1
        out += [(_LEFT, y, flip), (_RIGHT, y, flip)]
    return out


def _french_layouts() -> dict[int, list[Pip]]:
    three_step = (_BOTTOM - _TOP) / 2
    four_step = (_BOTTOM - _TOP) / 3
    upper_centre = _TOP + three_step / 2
    return {
        Rank.SEVEN: _column_pips(3) + [(_MID, upper_centre, False)],
        Rank.EIGHT: _column_pips(3) + [(_MID, upper_centre, False),
                                       (_MID, CARD_H - upper_centre, True)],
        Rank.NINE: _column_pips(4) + [(_MID, _MIDDLE, False)],
        Rank.TEN: _column_pips(4) + [(_MID, _TOP + four_step / 2, False),
                                     (_MID, _BOTTOM - four_step / 2, True)],
    }


def _german_layouts() -> dict[int, list[Pip]]:
    layouts = _french_layouts()
    layouts[Rank.EIGHT] = _column_pips(4)
    return layouts


FRENCH_PIPS = _french_layouts()
GERMAN_PIPS = _german_layouts()

#: Half-size of a pip box on the number cards, per style family.
PIP_SIZE = {"french": 9.6, "german": 10.5}


def pip_layout(style: str, rank: int) -> list[Pip]:
    """The pips of a number card (rank SEVEN..TEN) in a style."""
    table = GERMAN_PIPS if style == "german" else FRENCH_PIPS
    return table[rank]


def pip_size(style: str, rank: int) -> float:
    """Half-size of the pip boxes of a number card."""
    return PIP_SIZE["german" if style == "german" else "french"]
