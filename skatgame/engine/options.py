"""Rule options: the International Skat Order by default, house rules on request."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any


class OptionsError(ValueError):
    """Rule options that are malformed or contradict each other."""


#: Where the skat goes in Ramsch: to the winner of the last trick, to the loser, to no one.
RAMSCH_SKAT = ("last_trick", "loser", "nobody")
#: What the Ramsch loser pays: his card points, or a fixed 10.
RAMSCH_LOSS = ("points", "ten")
#: Jungfrau in Ramsch (a player took no trick): the loss doubles, gains 5, or nothing.
RAMSCH_JUNGFRAU = ("double", "plus5", "off")
#: Durchmarsch in Ramsch (one player took every trick): +120 for him, the other two
#: lose 120 each ("shooting the moon"), or nothing (he is the loser with 120 points).
RAMSCH_DURCHMARSCH = ("plus120", "moon", "off")

#: The options that take one of several words, and the words.
CHOICES: dict[str, tuple[str, ...]] = {
    "ramsch_skat": RAMSCH_SKAT,
    "ramsch_loss": RAMSCH_LOSS,
    "ramsch_jungfrau": RAMSCH_JUNGFRAU,
    "ramsch_durchmarsch": RAMSCH_DURCHMARSCH,
}

#: Options of older records and settings: each a switch, now a word of a choice
#: (the option it became, its word for on, its word for off).
OLD_SWITCHES: dict[str, tuple[str, str, str]] = {
    "ramsch_skat_to_loser": ("ramsch_skat", "loser", "last_trick"),
    "jungfrau": ("ramsch_jungfrau", "double", "off"),
    "durchmarsch": ("ramsch_durchmarsch", "plus120", "off"),
}


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """Which rules a deal or a list is played with. The defaults are the ISkO.

    Attributes:
        ramsch: play Ramsch when all three pass (otherwise the deal is passed in).
        ramsch_skat: in Ramsch the skat goes to the winner of the last trick
            (``"last_trick"``), to the loser (``"loser"``: the player with the most
            points in his tricks; of several, the one who took a trick last) or to
            no one (``"nobody"``: its points count for no one).
        ramsch_loss: the Ramsch loser pays his card points (``"points"``) or a
            fixed 10 (``"ten"``); Jungfrau, pushes and Bock apply to either.
        ramsch_jungfrau: a player who took no trick doubles the loss (``"double"``),
            adds 5 to it (``"plus5"``), or changes nothing (``"off"``).
        ramsch_durchmarsch: a player who takes every trick scores +120
            (``"plus120"``), makes each of the other two lose 120 (``"moon"``:
            shooting the moon), or is the loser like anyone else (``"off"``).
        schieberamsch: in Ramsch each player may pass the skat on (each pass doubles).
        kontra: defenders may say Kontra, the declarer may answer Re.
        kontra_needs_bid: only a defender who bid or held at least 18 may say Kontra.
        bock: Bock rounds after a lost Kontra game, a 60+ schneider game, a Ramsch tie.
        grand_base: 24 (ISkO) or 20 (the pre-1932 value).
        last_trick_visible: the last completed trick may be looked at.
        hide_running_points: the table does not show running card points.
    """

    ramsch: bool = False
    ramsch_skat: str = "last_trick"
    ramsch_loss: str = "points"
    ramsch_jungfrau: str = "double"
    ramsch_durchmarsch: str = "plus120"
    schieberamsch: bool = False
    kontra: bool = False
    kontra_needs_bid: bool = False
    bock: bool = False
    grand_base: int = 24
    last_trick_visible: bool = True
    hide_running_points: bool = False

    def __post_init__(self) -> None:
        if self.grand_base not in (20, 24):
            raise OptionsError(f"grand_base must be 24 or 20, not {self.grand_base!r}")
        for f in fields(self):
            value = getattr(self, f.name)
            words = CHOICES.get(f.name)
            if words is not None:
                if type(value) is not str or value not in words:
                    raise OptionsError(f"option {f.name} must be one of {', '.join(words)}, "
                                       f"not {value!r}")
                continue
            expected = int if f.name == "grand_base" else bool
            if type(value) is not expected:
                raise OptionsError(f"option {f.name} must be {expected.__name__}, not {value!r}")

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleOptions:
        """Options from a dict; unknown keys raise :class:`OptionsError`.

        Older records' switches are read too (see :func:`migrate_options`).
        """
        if not isinstance(data, dict):
            raise OptionsError(f"options must be an object, not {type(data).__name__}")
        data = migrate_options(data)
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise OptionsError(f"unknown rule options: {', '.join(unknown)}")
        return cls(**data)


def migrate_options(data: Mapping[str, Any]) -> dict[str, Any]:
    """Older option dicts in today's shape.

    Records, settings and saved lists written before the Ramsch variants carry
    the switches ``ramsch_skat_to_loser``, ``jungfrau`` and ``durchmarsch``;
    each becomes its choice (``ramsch_skat``, ``ramsch_jungfrau``,
    ``ramsch_durchmarsch``). A switch that is not true or false raises
    :class:`OptionsError`; where a dict holds both, the choice decides.
    """
    out = dict(data)
    for old, (new, on, off) in OLD_SWITCHES.items():
        if old not in out:
            continue
        value = out.pop(old)
        if type(value) is not bool:
            raise OptionsError(f"option {old} must be bool, not {value!r}")
        out.setdefault(new, on if value else off)
    return out


ISKO = RuleOptions()
"""The official rules."""
