"""Deal seats: who sits where in one deal.

A deal has three seats, numbered in the order of the deal: 0 Forehand (who
leads the first trick), 1 Middlehand (who opens the auction), 2 Rearhand.
They rotate from deal to deal; who *plays* at a seat (a player of the list, a
screen position in the window) is the business of the floors above.
"""

from __future__ import annotations

from typing import NewType, TypeGuard

__all__ = ["FOREHAND", "MIDDLEHAND", "REARHAND", "SEATS", "SEAT_NAMES", "Seat", "is_seat",
           "next_seat"]

Seat = NewType("Seat", int)
"""A deal seat: 0 Forehand, 1 Middlehand, 2 Rearhand."""

FOREHAND = Seat(0)
MIDDLEHAND = Seat(1)
REARHAND = Seat(2)
SEATS: tuple[Seat, Seat, Seat] = (FOREHAND, MIDDLEHAND, REARHAND)
SEAT_NAMES = ("Forehand", "Middlehand", "Rearhand")
"""English names of the seats, by seat (for messages; the table's texts translate them)."""


def next_seat(seat: Seat) -> Seat:
    """The seat after ``seat`` in playing order (clockwise)."""
    return Seat((seat + 1) % 3)


def is_seat(value: object) -> TypeGuard[Seat]:
    """Whether ``value`` is a deal seat: the int 0, 1 or 2 (not 1.0, True or "1")."""
    return value.__class__ is int and 0 <= value <= 2
