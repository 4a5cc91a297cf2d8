"""Hints: the Expert's choice with its chances."""

from __future__ import annotations

import pytest

from skatgame.ai.hints import suggest
from skatgame.ai.levels.beginner import BeginnerPlayer
from skatgame.engine.deal import Deal, Phase


def test_hints_in_the_auction_and_in_play() -> None:
    deal = Deal.from_seed("hints")
    players = [BeginnerPlayer(s) for s in range(3)]
    phases = set()
    while deal.to_move is not None and len(deal.tricks) < 2:
        seat = deal.to_move
        obs = deal.observation(seat)
        if deal.phase in (Phase.AUCTION, Phase.PLAY) and deal.phase not in phases:
            hint = suggest(obs)
            assert hint.action in obs.legal_actions
            assert hint.win_probability is None or 0.0 <= hint.win_probability <= 1.0
            assert hint == suggest(obs)  # the same position, the same hint
            phases.add(deal.phase)
        deal.apply(players[seat].act(obs))
    assert phases == {Phase.AUCTION, Phase.PLAY}


def test_no_hint_without_a_decision() -> None:
    obs = Deal.from_seed(1).observation(2)
    with pytest.raises(ValueError):
        suggest(obs)
