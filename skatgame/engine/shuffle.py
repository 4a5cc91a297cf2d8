"""How the cards are shuffled from a seed: a documented algorithm anyone can re-implement.

A *dealing* names the algorithm a record's cards were shuffled with (the record's
``"dealing"`` field; a record without it is dealing 1):

**Dealing 2** (every new list). The deck starts in card order (``suit * 8 + rank``:
clubs, spades, hearts, diamonds; ranks 7 8 9 Q K 10 A J; see
:mod:`skatgame.engine.cards`). A stream of 32-bit numbers comes from SHA-256 in
counter mode: block ``k`` (k = 0, 1, 2, ...) is ::

    SHA-256( b"skatgame-deal-2\\n" + UTF-8(seed) + b"\\n" + k as 8 bytes, big-endian )

read as eight 32-bit big-endian numbers in order. A Fisher-Yates shuffle then runs
``i`` from 31 down to 1: with ``n = i + 1`` it draws numbers from the stream,
skipping any ``w >= 2**32 - 2**32 % n`` (rejection sampling: every ``j`` is equally
likely), takes ``j = w % n`` and swaps the cards at ``i`` and ``j``. The shuffled
deck is the deal in deal order: Forehand's ten, Middlehand's ten, Rearhand's ten,
the skat's two.

**Dealing 1** (records written before): Python's ``random.Random(seed)`` gives each
card a key and the deck is sorted by the keys. Kept so that old records and saved
lists deal, replay and score as they did.

**Seeds and the commitment.** A new list draws its seed, 128 bits, from the operating
system's cryptographic source and derives each deal's seed from it as
``HMAC-SHA256(list seed, "deal N")`` (N from 0) in hex: one deal's seed tells
nothing about the list's seed or another deal's. A network table draws each deal's
seed on its own at the server. Before a deal the game shows
the start of its *commitment*, ``SHA-256(UTF-8(seed))`` in hex (also what
``printf %s SEED | sha256sum`` prints); after the deal the seed is revealed and kept in
the record beside the commitment, and ``python -m skatgame verify`` checks both.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Iterator

from skatgame.engine.cards import ALL_CARDS, Card

#: Python's ``random.Random`` keys (records written before dealing 2; no ``"dealing"``)
DEALING_PYTHON = 1
#: the SHA-256 counter stream driving Fisher-Yates (every new list)
DEALING_SHA256 = 2
#: the dealing of new lists
DEALING = DEALING_SHA256
DEALINGS = (DEALING_PYTHON, DEALING_SHA256)

_DOMAIN = b"skatgame-deal-2\n"
_WORD = 1 << 32


def _stream(seed: str) -> Iterator[int]:
    """The 32-bit numbers of ``seed``'s SHA-256 counter stream."""
    prefix = _DOMAIN + seed.encode() + b"\n"
    k = 0
    while True:
        block = hashlib.sha256(prefix + k.to_bytes(8, "big")).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(block[i:i + 4], "big")
        k += 1


def shuffle_sha256(seed: str) -> tuple[Card, ...]:
    """The 32 cards in deal order by dealing 2 (see the module's text)."""
    deck = list(ALL_CARDS)
    words = _stream(seed)
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        limit = _WORD - _WORD % n
        w = next(words)
        while w >= limit:
            w = next(words)
        j = w % n
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def shuffle_python(seed: int | float | str | None) -> tuple[Card, ...]:
    """The 32 cards in deal order by dealing 1 (``random.Random`` keys, then sorted)."""
    r = random.Random(seed).random
    keys = [r() for _ in ALL_CARDS]
    return tuple(sorted(ALL_CARDS, key=keys.__getitem__))


def shuffled(seed: int | float | str | None, dealing: int = DEALING_PYTHON
             ) -> tuple[Card, ...]:
    """The 32 cards in deal order shuffled from ``seed`` by ``dealing``.

    Dealing 2 reads the seed as text (``str(seed)``). Raises ``ValueError`` for an
    unknown dealing.
    """
    if dealing == DEALING_SHA256:
        return shuffle_sha256(str(seed))
    if dealing == DEALING_PYTHON:
        return shuffle_python(seed)
    raise ValueError(f"unknown dealing {dealing!r} (this program knows {DEALINGS})")


def derived_seed(list_seed: int | str, number: int) -> str:
    """Deal ``number``'s (0-based) seed in a list with a seed of its own (dealing 2):
    ``HMAC-SHA256(list seed, "deal N")`` in hex."""
    return hmac.new(str(list_seed).encode(), f"deal {number}".encode(),
                    hashlib.sha256).hexdigest()


def commitment(seed: str) -> str:
    """The SHA-256 of a deal's seed in hex: shown before the deal, checked after it."""
    return hashlib.sha256(seed.encode()).hexdigest()


#: hex digits of a commitment shown as its fingerprint
FINGERPRINT_DIGITS = 8


def fingerprint(commitment_hex: str) -> str:
    """The short form of a commitment shown at the table: its first eight hex digits in
    two groups (``3f2a 9c1d``)."""
    head = commitment_hex[:FINGERPRINT_DIGITS]
    return f"{head[:4]} {head[4:]}"


__all__ = ["DEALING", "DEALINGS", "DEALING_PYTHON", "DEALING_SHA256", "commitment",
           "derived_seed", "fingerprint", "shuffle_python", "shuffle_sha256", "shuffled"]
