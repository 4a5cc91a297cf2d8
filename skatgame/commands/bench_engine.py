"""`python -m skatgame bench engine`: random complete deals and card-play playouts per second."""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from skatgame.engine.actions import Contract, Declare
from skatgame.engine.deal import Deal
from skatgame.engine.playout import random_playout
from skatgame.engine.rules import GameKind


def random_deals(seconds: float, seed: int) -> tuple[int, float]:
    """Play random legal actions from the deal to the score; (deals, elapsed)."""
    r = random.Random(seed).random
    n = 0
    start = time.perf_counter()
    while True:
        for _ in range(200):
            deal = Deal.from_seed(r())
            while deal.to_move is not None:
                acts = deal.legal_actions()
                deal.apply(acts[int(r() * len(acts))])
        n += 200
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return n, elapsed


def playouts(seconds: float, seed: int) -> tuple[int, float]:
    """Random card play from declared positions (suit, grand, null); (playouts, elapsed)."""
    rng = random.Random(seed)
    positions = []
    for kind in (GameKind.CLUBS, GameKind.HEARTS, GameKind.GRAND, GameKind.NULL):
        deal = Deal.from_seed(rng.random())
        deal.apply(deal.legal_actions()[0])  # Middlehand bids 18
        while deal.to_move is not None and deal.declarer is None:
            deal.apply(next(a for a in deal.legal_actions() if a.text in ("y", "p")))
        deal.apply(Declare(Contract.make(kind, hand=True)))
        h = deal.hands
        assert deal.declarer is not None
        positions.append((kind, (h[0], h[1], h[2]), deal.declarer, deal.leader))
    r = rng.random
    n = 0
    start = time.perf_counter()
    while True:
        for kind, hands, declarer, leader in positions:
            for _ in range(100):
                random_playout(kind, hands, declarer, leader, (), r)
        n += 100 * len(positions)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return n, elapsed


def measure(args: argparse.Namespace) -> dict[str, Any]:
    deals, t1 = random_deals(args.seconds, args.seed)
    outs, t2 = playouts(args.seconds, args.seed)
    return {
        "benchmark": "engine",
        "random_complete_deals_per_second": round(deals / t1),
        "random_playouts_per_second": round(outs / t2),
        "deals": deals,
        "playouts": outs,
        "seconds": round(t1 + t2, 2),
        "targets": {"random_complete_deals_per_second": 5000,
                    "random_playouts_per_second": 20000},
    }
