"""The bidding helper, the hint at the skat and the discard hint name one game with one
chance, or the hint says why its game is another (the bid reached, the skat picked up)."""

from __future__ import annotations

import pytest

from skatgame.ai.advice import bid_advice
from skatgame.ai.hints import HINT_SEED, suggest
from skatgame.ai.levels.expert import ExpertPlayer
from skatgame.ai.player import Suggestion, create_player
from skatgame.engine.actions import Contract, Declare, Discard, TakeSkat
from skatgame.engine.cards import parse_card
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.rules import GameKind
from skatgame.table.i18n import Translator
from skatgame.table.texts import hint_text

#: seeded deals in which seat 0 follows the hints up to the card play
DEALS = 40


class SmallExpert(ExpertPlayer):
    """Small samples: the auction and the pickup estimates in a moment."""

    auction_samples = 8
    pickup_samples = 8
    auction_nodes = 1_000_000
    pickup_nodes = 1_000_000
    settle_nodes = 0


def flat(label: object) -> str:
    parts = label if isinstance(label, tuple) else (label,)
    return "".join(p for p in parts if isinstance(p, str))


def game_of(h: Suggestion) -> tuple[GameKind, bool]:
    assert h.contract is not None
    return h.contract.kind, h.contract.hand


@pytest.fixture(scope="module")
def followed() -> list[tuple[str, object, Suggestion]]:
    """(phase, the helper's advice or the hint before, the hint) for every auction,
    skat, discard and declaring decision of seat 0 in the seeded deals."""
    out: list[tuple[str, object, Suggestion]] = []
    for i in range(DEALS):
        deal = Deal.from_seed(f"sk{i}")
        bots = [create_player("advanced", f"sk{i}:{s}") for s in range(3)]
        advice = None
        at_skat: Suggestion | None = None
        while deal.to_move is not None and deal.phase is not Phase.PLAY:
            seat = deal.to_move
            obs = deal.observation(seat)
            if seat == 0 and deal.phase in (Phase.AUCTION, Phase.SKAT, Phase.DISCARD,
                                            Phase.DECLARE) and len(obs.legal_actions) > 1:
                hint = suggest(obs, player=SmallExpert(HINT_SEED))
                if deal.phase is Phase.AUCTION:
                    advice = bid_advice(obs, player=SmallExpert(HINT_SEED))
                    out.append(("auction", advice, hint))
                    action = bots[seat].act(obs)  # the bots bid: more deals get a skat
                elif deal.phase is Phase.SKAT:
                    out.append(("skat", advice, hint))
                    at_skat = hint
                    action = hint.action
                elif deal.phase is Phase.DISCARD:
                    out.append(("discard", at_skat, hint))
                    at_skat = hint
                    action = hint.action
                else:
                    out.append(("declare", at_skat, hint))
                    action = hint.action
            else:
                action = bots[seat].act(obs)
            deal.apply(action)
    return out


def test_the_hint_in_the_auction_shows_the_helpers_game_and_chance(
        followed: list[tuple[str, object, Suggestion]]) -> None:
    auction = [(a, h) for phase, a, h in followed if phase == "auction"]
    assert len(auction) >= DEALS // 2
    for advice, hint in auction:
        assert hint.win_probability == getattr(advice, "win_probability", None)
        assert hint.contract == getattr(advice, "contract", None)


def test_the_skat_hint_names_the_helpers_game_or_says_why_not(
        followed: list[tuple[str, object, Suggestion]]) -> None:
    tr, de = Translator("en"), Translator("de")
    skat = [(a, h) for phase, a, h in followed if phase == "skat"]
    same = changed = 0
    for advice, hint in skat:
        contract = getattr(advice, "contract", None)
        if contract is None:  # the helper said pass: nothing to agree with
            assert hint.helper_game is None
            continue
        assert isinstance(hint.action, (TakeSkat, Declare))
        if game_of(hint) == (contract.kind, contract.hand):
            # the same position and estimate: the helper's very chance
            assert hint.helper_game is None
            assert hint.win_probability == getattr(advice, "win_probability", None)
            same += 1
        else:
            assert hint.helper_game == contract
            assert hint.helper_limit in (0, advice.max_bid)  # type: ignore[attr-defined]
            assert hint.helper_chance == getattr(advice, "win_probability", None)
            en_words = flat(hint_text(hint, "french", False, tr))
            de_words = flat(hint_text(hint, "french", False, de))
            if hint.helper_limit:  # the bid went beyond the helper's limit: said so
                assert "at this bid" in en_words and "bei diesem Reizwert" in de_words
            else:  # within it: not put on the bid, the skat not seen yet
                assert "at this bid" not in en_words and "with the skat" not in en_words
                assert "better chances" in en_words and "bessere Chancen" in de_words
            changed += 1
    assert same >= 5 and changed >= 1


def test_a_discard_for_another_game_says_the_skat_changed_it(
        followed: list[tuple[str, object, Suggestion]]) -> None:
    tr, de = Translator("en"), Translator("de")
    discards = [(a, h) for phase, a, h in followed if phase == "discard"]
    assert discards
    kept = changed = 0
    for before, hint in discards:
        assert isinstance(before, Suggestion) and isinstance(hint.action, Discard)
        assert before.contract is not None and hint.contract is not None
        if hint.contract.kind == before.contract.kind:
            assert hint.helper_game is None
            kept += 1
        else:  # the skat hint named another game: the discard hint says why
            assert hint.helper_game is not None
            assert hint.helper_game.kind == before.contract.kind
            assert "with the skat" in flat(hint_text(hint, "french", False, tr))
            assert "mit dem Skat" in flat(hint_text(hint, "french", False, de))
            changed += 1
    assert kept >= 3 and changed >= 1


def test_the_declaration_after_the_hinted_discard_keeps_its_game_and_chance(
        followed: list[tuple[str, object, Suggestion]]) -> None:
    declared = [(a, h) for phase, a, h in followed if phase == "declare"]
    assert len(declared) >= 5
    for discard, hint in declared:
        assert isinstance(discard, Suggestion) and isinstance(hint.action, Declare)
        assert discard.contract is not None
        assert hint.action.contract.kind == discard.contract.kind
        assert hint.win_probability == discard.win_probability  # one estimate, one curve


def test_the_changed_game_in_words() -> None:
    tr = Translator("en")
    clubs, diamonds = Contract.make(GameKind.CLUBS), Contract.make(GameKind.DIAMONDS)
    put = Discard.of(parse_card("ST"), parse_card("S7"))
    hint = Suggestion(put, 0.8, "", diamonds, None, (), clubs, 0.55)
    words = flat(hint_text(hint, "french", False, tr))
    assert "for" in words and "with the skat" in words and "Diamonds" in words
    assert "is worth more than" in words and "Clubs" in words
    assert "80% against 55%" in words
    hand = Suggestion(TakeSkat(), 0.9, "", diamonds, None, (),
                      Contract.make(GameKind.GRAND, hand=True), 0.92, 72)
    words = flat(hint_text(hand, "french", False, tr))
    assert "at this bid" in words and "up to 72" in words and "90% against 92%" in words
