"""Where a deal stands, and the refusal of an action out of place.

Both the deal and what a seat sees of it (the observation) speak of the
phase; this module holds it so that neither needs the other for it.
"""

from __future__ import annotations

from enum import Enum

from skatgame.engine.seats import Seat

__all__ = ["IllegalActionError", "Phase"]


class Phase(Enum):
    """Where a deal stands."""

    AUCTION = "auction"
    SKAT = "skat"  # declarer: pick up the skat or declare a hand game
    DISCARD = "discard"  # two cards to put away
    DECLARE = "declare"  # after picking up: name the contract
    KONTRA = "kontra"  # defenders may say Kontra
    RE = "re"  # declarer may answer Re
    SCHIEBEN = "schieben"  # Schieberamsch: take or push the skat
    PLAY = "play"
    DONE = "done"


class IllegalActionError(ValueError):
    """An action the deal does not allow now. The deal is unchanged.

    Attributes: ``action``, ``seat``, ``phase`` and a message saying what was wrong.
    ``seat`` is the seat as the caller gave it (the refusal may be that it is no seat).
    """

    def __init__(self, message: str, action: object = None, seat: Seat | None = None,
                 phase: Phase | None = None) -> None:
        super().__init__(message)
        self.action = action
        self.seat = seat
        self.phase = phase
