"""Where the cards' randomness comes from: the operating system's cryptographic source."""

from __future__ import annotations

import secrets

#: bits of randomness in every seed drawn for a new list or a network table's deal
SEED_BITS = 128


def fresh_seed() -> str:
    """A seed of :data:`SEED_BITS` bits from ``secrets`` (the operating system's
    cryptographic source), in hex: too many to guess from the cards one player sees."""
    return secrets.token_hex(SEED_BITS // 8)


__all__ = ["SEED_BITS", "fresh_seed"]
