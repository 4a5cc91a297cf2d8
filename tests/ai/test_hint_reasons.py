"""Hints explain themselves: every reason code is reachable, forced moves are only_legal."""

from __future__ import annotations

from skatgame.ai.hints import REASONS, reason_for, suggest
from skatgame.engine.actions import KONTRA, PASS, Bid, parse_action
from skatgame.engine.cards import parse_cards
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.options import ISKO, RuleOptions

HANDS = ("CJ SJ HJ CA CT CK CQ H7 ST S7",  # Forehand, the declarer
         "DJ C9 C8 C7 SK SQ HA HT HK HQ",
         "SA S9 S8 DA DT DK DQ D9 D8 D7",
         "H9 H8")


def deal_with(moves: str, options: RuleOptions = ISKO) -> Deal:
    cards = [c for part in HANDS for c in parse_cards(part)]
    deal = Deal(cards, options)
    for m in moves.split():
        deal.apply(parse_action(m))
    return deal


def why(deal: Deal, move: str) -> str:
    obs = deal.observation(deal.to_move)
    action = parse_action(move)
    assert action in obs.legal_actions
    return reason_for(obs, action)


AUCTION = "p p 18"


def test_every_reason_code_is_reachable() -> None:
    seen: dict[str, str] = {}

    def check(deal: Deal, move: str, expected: str) -> None:
        assert why(deal, move) == expected, move
        seen[expected] = move

    start = deal_with("")
    obs = start.observation(1)
    assert reason_for(obs, Bid(18)) == "bid_worth"
    seen["bid_worth"] = "18"
    assert reason_for(obs, PASS) == "no_game"
    seen["no_game"] = "p"
    skat = deal_with(AUCTION)
    check(skat, "s", "pick_up")
    check(skat, "CH", "play_hand")
    discard = deal_with(AUCTION + " s")
    obs = discard.observation(0)
    for cards, expected in (("ST.S7", "discard_short_suit"), ("ST.H9", "save_points"),
                            ("H9.H8", "discard_low")):
        action = parse_action(f"d.{cards}")
        assert reason_for(obs, action, parse_action("C").contract) == expected
        seen[expected] = cards
    check(deal_with(AUCTION + " s d.H9.H8"), "C", "best_game")
    kontra = deal_with(AUCTION + " CH", RuleOptions(kontra=True))
    assert kontra.phase is Phase.KONTRA
    obs = kontra.observation(kontra.to_move)
    assert reason_for(obs, KONTRA) == "double_it" and reason_for(obs, PASS) == "no_double"
    seen["double_it"] = seen["no_double"] = "kontra"
    play = deal_with(AUCTION + " CH")
    check(play, "CJ", "pull_trumps")
    check(play, "S7", "lead_low")
    check(deal_with(AUCTION + " CH CJ"), "C7", "give_little")
    check(deal_with(AUCTION + " CH CJ C7"), "S8", "give_little")
    check(deal_with(AUCTION + " CH H7"), "HA", "take_trick")
    check(deal_with(AUCTION + " CH H7 HA"), "DA", "smear_points")
    after_one = AUCTION + " CH H7 HA DA"
    check(deal_with(after_one), "HK", "best_chance")
    check(deal_with(after_one + " SK"), "SA", "take_trick")
    check(deal_with(after_one + " SK SA"), "S7", "keep_guard")
    check(deal_with(AUCTION + " CH CJ C7"), "S9", "give_little")
    null = deal_with(AUCTION + " NH")
    check(null, "S7", "lead_low")
    check(deal_with(AUCTION + " NH S7 SQ SA"), "DA", "best_chance")
    check(deal_with(AUCTION + " NH S7 SQ SA DA"), "CA", "stay_under")
    single = deal_with(AUCTION + " CH ST SK SA")  # Rearhand took the trick with SA
    single.apply(parse_action("S9"))  # Rearhand leads a spade: Forehand holds only S7
    obs = single.observation(0)
    assert len(obs.legal_actions) == 1
    assert reason_for(obs, obs.legal_actions[0]) == "only_legal"
    hint = suggest(obs)
    assert hint.reason == "only_legal" and hint.action == obs.legal_actions[0]
    seen["only_legal"] = "S7"
    assert set(REASONS) == set(seen)


def test_throwing_off_a_short_suit_is_said_so() -> None:
    # Rearhand, void in hearts, holds three spades: throwing one off is no short suit
    assert why(deal_with(AUCTION + " CH H7 HQ"), "S8") == "give_little"
    # Rearhand takes the spade trick and leads a diamond: Forehand throws his lone heart
    deal = deal_with(AUCTION + " CH S7 SK SA D7")
    assert why(deal, "H7") == "discard_short_suit"
