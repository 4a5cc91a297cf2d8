"""The engine's values on the wire: actions as their ISS-style text, seat events and
observations as JSON checked against the engine's own types on the way in.

Nothing here trusts what it decodes: every value is rebuilt through its type
(``msgspec`` validates the field types), and an action is parsed by the
engine's :func:`~skatgame.engine.actions.parse_action`. Anything else raises
:class:`WireError`.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any, Final, NamedTuple

import msgspec

from skatgame.engine.actions import Action, ActionError, parse_action
from skatgame.engine.events import DealScored
from skatgame.engine.observation import Observation
from skatgame.engine.scoring import DealResult
from skatgame.engine.series import SheetRow
from skatgame.table.seatview import SeatEvent

__all__ = ["MAX_ACTION_TEXT", "WireError", "action_from_text", "decode_event",
           "decode_observation", "decode_row", "encode_event", "encode_observation",
           "encode_row"]

#: the longest action text there is ("d.XX.YY", contract letters) with room to spare
MAX_ACTION_TEXT: Final = 16


class WireError(ValueError):
    """A value from the network that is not what it claims to be."""


def action_from_text(text: str) -> Action:
    """The action a text names (``"18"``, ``"p"``, ``"CJ"``, ``"GHO"``...)."""
    if len(text) > MAX_ACTION_TEXT:
        raise WireError("action text too long")
    try:
        return parse_action(text)
    except (ActionError, ValueError) as e:
        raise WireError(f"not an action: {e}") from None


# ---------------------------------------------------------------- seat events

class _DealScoredWire(NamedTuple):
    # DealScored names DealResult only for type checkers: decode through a twin that
    # names it at run time
    result: DealResult


_EVENT_TYPES: Final[dict[str, Any]] = {t.__name__: t for t in typing.get_args(SeatEvent)}
_EVENT_TYPES["DealScored"] = _DealScoredWire


def encode_event(event: SeatEvent) -> tuple[str, msgspec.Raw]:
    """A seat event as its type's name and its fields (a JSON array)."""
    return type(event).__name__, msgspec.Raw(msgspec.json.encode(event))


def decode_event(name: str, raw: bytes | msgspec.Raw) -> SeatEvent:
    """The seat event ``name`` with the fields ``raw``, checked against its type."""
    kind = _EVENT_TYPES.get(name)
    if kind is None:
        raise WireError(f"unknown event {name[:40]!r}")
    try:
        value = msgspec.json.decode(bytes(raw), type=kind)
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        raise WireError(f"bad {name}: {e}") from None
    if isinstance(value, _DealScoredWire):
        return DealScored(value.result)
    return typing.cast(SeatEvent, value)


# ---------------------------------------------------------------- observations

_OBS_HINTS: Final = typing.get_type_hints(Observation)
_ObservationWire: Final[Any] = msgspec.defstruct(
    "ObservationWire",
    [(name, tuple[str, ...] if name == "legal_actions" else kind)
     for name, kind in _OBS_HINTS.items()],
    forbid_unknown_fields=True,
)


def encode_observation(obs: Observation) -> msgspec.Raw:
    """What a seat may know, its legal actions as texts."""
    fields = {f.name: getattr(obs, f.name) for f in dataclasses.fields(Observation)}
    fields["legal_actions"] = tuple(a.text for a in obs.legal_actions)
    return msgspec.Raw(msgspec.json.encode(fields))


def decode_observation(raw: bytes | msgspec.Raw) -> Observation:
    """An observation from :func:`encode_observation`, checked field by field."""
    try:
        wire = msgspec.json.decode(bytes(raw), type=_ObservationWire)
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        raise WireError(f"bad observation: {e}") from None
    values = {name: getattr(wire, name) for name in _OBS_HINTS}
    if len(values["legal_actions"]) > 512:
        raise WireError("bad observation: too many legal actions")
    values["legal_actions"] = tuple(action_from_text(t) for t in values["legal_actions"])
    return Observation(**values)


# ---------------------------------------------------------------- the score sheet

def encode_row(row: SheetRow) -> msgspec.Raw:
    """One row of the score sheet."""
    return msgspec.Raw(msgspec.json.encode(row))


def decode_row(raw: bytes | msgspec.Raw) -> SheetRow:
    """A row of the score sheet from :func:`encode_row`."""
    try:
        return msgspec.json.decode(bytes(raw), type=SheetRow)
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        raise WireError(f"bad score sheet row: {e}") from None
