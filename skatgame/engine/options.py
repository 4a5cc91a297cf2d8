"""Rule options: the International Skat Order by default, house rules on request."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


class OptionsError(ValueError):
    """Rule options that are malformed or contradict each other."""


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """Which rules a deal or a list is played with. The defaults are the ISkO.

    Attributes:
        ramsch: play Ramsch when all three pass (otherwise the deal is passed in).
        ramsch_skat_to_loser: in Ramsch the skat goes to the loser instead of the
            winner of the last trick.
        jungfrau: in Ramsch a player who took no trick doubles the loss.
        durchmarsch: in Ramsch a player who takes every trick scores +120.
        schieberamsch: in Ramsch each player may pass the skat on (each pass doubles).
        kontra: defenders may say Kontra, the declarer may answer Re.
        kontra_needs_bid: only a defender who bid or held at least 18 may say Kontra.
        bock: Bock rounds after a lost Kontra game, a 60+ schneider game, a Ramsch tie.
        grand_base: 24 (ISkO) or 20 (the pre-1932 value).
        last_trick_visible: the last completed trick may be looked at.
        hide_running_points: the table does not show running card points.
    """

    ramsch: bool = False
    ramsch_skat_to_loser: bool = False
    jungfrau: bool = True
    durchmarsch: bool = True
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
            expected = int if f.name == "grand_base" else bool
            if type(value) is not expected:
                raise OptionsError(f"option {f.name} must be {expected.__name__}, not {value!r}")

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleOptions:
        """Options from a dict; unknown keys raise :class:`OptionsError`."""
        if not isinstance(data, dict):
            raise OptionsError(f"options must be an object, not {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise OptionsError(f"unknown rule options: {', '.join(unknown)}")
        return cls(**data)


ISKO = RuleOptions()
"""The official rules."""
