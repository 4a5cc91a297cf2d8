"""Shared helpers for engine tests."""

from __future__ import annotations

import random

from skatgame.engine.cards import mask_of, parse_cards
from skatgame.engine.deal import Deal


def masks(text: str) -> int:
    """A mask from ISS card names: ``masks("CJ SJ HA")``."""
    return mask_of(parse_cards(text))


def snapshot(deal: Deal) -> tuple:
    """Everything observable about a deal's state, for "nothing changed" checks."""
    a = deal.auction
    return (
        tuple(deal.hands), deal.skat, deal.phase, deal.to_move, deal.declarer, deal.bid,
        deal.contract, deal.skat_taken, tuple(deal.known_skat), deal.open_cards,
        tuple(deal.trick), deal.leader, tuple(deal.tricks), tuple(deal.points),
        tuple(deal.tricks_won), deal.kontra, deal.pushes, deal.result, tuple(deal.history),
        tuple(deal.events), a.stage, a.bidder, a.answerer, a.value, a.awaiting_answer,
        a.declarer, a.done, tuple(a.calls), tuple(a.highest_by_seat),
    )


def play_random(deal: Deal, rng: random.Random) -> Deal:
    """Apply random legal actions until the deal is over."""
    while not deal.done:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def play_steps(deal: Deal, rng: random.Random, steps: int) -> Deal:
    """Apply up to ``steps`` random legal actions (fewer when the deal ends first)."""
    for _ in range(steps):
        if deal.done:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def deal_from_hands(fh: str, mh: str, rh: str, skat: str, **kw) -> Deal:
    """A deal with the given hands (ISS names) and skat."""
    cards = parse_cards(fh) + parse_cards(mh) + parse_cards(rh) + parse_cards(skat)
    return Deal(cards, **kw)
