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


def test_a_skat_hint_within_the_helpers_limit_is_not_put_on_the_bid() -> None:
    """Seeded: the helper reckoned ♥ Hand up to 30, the bid stopped at 18, and the skat
    hint picks it up for ♥: the bid did not change it (it was within the limit), the
    closer look at the skat did; the words say so, not "at this bid"."""
    from skatgame.ai.player import create_player
    from skatgame.table.i18n import Translator
    from skatgame.table.texts import hint_text
    from tests.table.test_hint_words import label_text

    deal = Deal.from_seed("11")
    others = {s: create_player("advanced", f"11:{s}") for s in (1, 2)}
    while deal.phase is not Phase.SKAT:
        seat = deal.to_move
        assert seat is not None
        obs = deal.observation(seat)
        deal.apply(suggest(obs).action if seat == 0 else others[seat].act(obs))
    hint = suggest(deal.observation(0))
    assert hint.helper_game is not None and deal.bid <= 30
    assert hint.helper_limit == 0
    en = label_text(hint_text(hint, "french", False, Translator("en").tr))
    de = label_text(hint_text(hint, "french", False, Translator("de").tr))
    assert "at this bid" not in en and "better chances than" in en, en
    assert "bei diesem Reizwert" not in de and "bessere Chancen als" in de, de
