"""What a dealt hand was worth to its holder, as the Expert sees it before the auction.

The worth of ten cards is the Seeger-Fabian score the Expert expects from them
as declarer: its bidding simulation (:func:`skatgame.ai.bidding.estimate_auction`,
the same the bidding helper uses) plays every game the hand could declare over
sampled deals of the unseen cards; the best game at the lowest bid gives the
expectation, counted as the list counts the declarer (won: value + 50; lost:
-2 x value - 50). A hand the Expert would pass is worth 0: whatever its
holder scores with it comes from the others' games and the play.

An estimate takes about a tenth of a second, so it is worked out once per hand
in the workers, in the background (while the game is quiet:
:mod:`skatgame.table.worthfill`; the rest while the statistics show them), and
kept in ``cache/hand-worth.json`` by the hand's cards and whether it sat at
Forehand (the estimate depends on nothing else: its random numbers are seeded by
the hand).
"""

from __future__ import annotations

import json
import random
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from skatgame.table.jobs import Job
from skatgame.table.store import Store, atomic_write_text

WORTH_FORMAT = "skatgame-hand-worth"
#: Raised when the estimate changes: the kept worths are then worked out again.
WORTH_VERSION = 1
WORTH_NAME = "cache/hand-worth"
#: Sampled deals per estimate (the bidding helper's number).
SAMPLES = 20
#: The lowest bid: the worth is reckoned at it.
LOWEST_BID = 18

Hand = tuple[int, bool]  # ten cards as a mask, and whether at Forehand


def hand_worth(mask: int, forehand: bool, grand_base: int = 24) -> float:
    """The Seeger-Fabian score the Expert expects from declaring this hand's best game
    at the lowest bid, or 0 when it would rather pass (see the module's text)."""
    from skatgame.ai.bidding import estimate_auction

    rng = random.Random(f"worth:{mask}:{int(forehand)}")
    estimate = estimate_auction(mask, 0 if forehand else 1, grand_base, rng, samples=SAMPLES)
    best = estimate.best(LOWEST_BID)
    if best is None:
        return 0.0
    relative = best.expected(LOWEST_BID, grand_base)
    if relative <= 0:
        return 0.0
    # expected() counts a loss against the others' mean (-2v - 90); on the list the
    # declarer's own loss is -2v - 50
    return round(relative + 40.0 * (1.0 - best.win_probability), 1)


@dataclass(frozen=True)
class WorthJob(Job[list[float]]):
    """The worth of each of ``hands`` (done in a worker)."""

    hands: tuple[Hand, ...]

    def run(self) -> list[float] | None:
        return [hand_worth(mask, forehand) for mask, forehand in self.hands]


def key_of(hand: Hand) -> str:
    return f"{hand[0]}:{int(hand[1])}"


class WorthBook:
    """The worths worked out so far, kept on disk; a file that cannot be used is
    started afresh without a word (it holds nothing that cannot be worked out again)."""

    def __init__(self, store: Store | None) -> None:
        self.path: Path | None = store.path_of(WORTH_NAME) if store is not None else None
        self.read_only = store is None or store.read_only
        self.worths: dict[str, float] = {}
        self.dirty = False
        if self.path is not None:
            with suppress(OSError, ValueError, TypeError, AttributeError):
                doc = json.loads(self.path.read_text(encoding="utf-8"))
                if doc.get("format") == WORTH_FORMAT and doc.get("version") == WORTH_VERSION:
                    self.worths = {str(k): float(v) for k, v in doc["worths"].items()
                                   if isinstance(v, int | float) and abs(v) < 10_000}

    def get(self, mask: int, forehand: bool) -> float | None:
        """The worth of a hand (``None``: not worked out yet)."""
        return self.worths.get(key_of((mask, forehand)))

    def missing(self, hands: list[Hand]) -> list[Hand]:
        """The hands of ``hands`` not worked out yet, each once, in their order."""
        seen: set[str] = set()
        out = []
        for h in hands:
            k = key_of(h)
            if k not in self.worths and k not in seen:
                seen.add(k)
                out.append(h)
        return out

    def add(self, hands: tuple[Hand, ...], worths: list[float]) -> None:
        for h, w in zip(hands, worths, strict=True):
            self.worths[key_of(h)] = w
        self.dirty = True

    def save(self) -> None:
        """Keep the worths on disk (quietly nothing when that fails)."""
        if not self.dirty or self.path is None or self.read_only:
            return
        text = json.dumps({"format": WORTH_FORMAT, "version": WORTH_VERSION,
                           "worths": self.worths}, separators=(",", ":"))
        with suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.path, text)
            self.dirty = False
