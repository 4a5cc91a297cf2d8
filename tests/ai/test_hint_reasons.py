"""Hints explain themselves: every reason code is reachable, forced moves are only_legal."""

from __future__ import annotations

from skatgame.ai.hints import HintReason, reason_for, suggest
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
    check(deal_with(AUCTION + " CH H7"), "HA", "try_trick")  # Rearhand may trump
    check(deal_with(AUCTION + " CH S7 SK"), "SA", "take_trick")  # the last card
    check(deal_with(AUCTION + " CH H7 HA"), "DA", "smear_points")
    after_one = AUCTION + " CH H7 HA DA"
    check(deal_with(after_one), "HK", "best_chance")
    check(deal_with(after_one), "HT", "lead_high")
    check(deal_with(after_one + " SK"), "SA", "try_trick")
    check(deal_with(after_one + " SK SA"), "S7", "give_little")  # the ten is left bare
    assert why_in(GUARDED, "S8", "S7") == "keep_guard"
    seen["keep_guard"] = "S7"
    assert why_in(GUARDED, "S8 ST S9 H8", "H7") == "keep_king"
    seen["keep_king"] = "H7"
    assert why_in(GUARDS, "SA", "S7") == "follow_low"  # the ace is down: nothing to guard
    seen["follow_low"] = "S7"
    assert why(deal_with(AUCTION + " CH H7 HQ"), "S8") == "throw_low"
    seen["throw_low"] = "S8"
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
    assert set(HintReason) == set(seen)


def test_throwing_off_a_short_suit_is_said_so() -> None:
    # Rearhand, void in hearts, holds three spades: throwing one off is no short suit
    # (nor is the trick lost: his partner holds it); it is his cheapest card
    assert why(deal_with(AUCTION + " CH H7 HQ"), "S8") == "throw_low"
    # a lone card of a suit thrown off, but no trump left to trump that suit with
    assert why_in(VOIDS, "CJ D9 C7 CK", "DT") != "discard_short_suit"
    # Rearhand takes the spade trick and leads a diamond: Forehand throws his lone heart
    deal = deal_with(AUCTION + " CH S7 SK SA D7")
    assert why(deal, "H7") == "discard_short_suit"


# ---------------------------------------------------------------- the words hold


GUARDS = ("CJ SJ HJ DJ CA CT CK CQ SA HA",  # Forehand, the declarer
          "ST SK S7 HT H9 H8 DA DT D9 D8",
          "C9 C8 C7 SQ S9 S8 HK HQ H7 DK",
          "DQ D7")
#: Middlehand holds no trump; Forehand's low trump C9 can be beaten only by Rearhand's CQ
VOIDS = ("CJ SJ HJ DJ CA CT CK C9 S7 DA",
         "SA ST SK S8 HT H9 H8 HA DT D9",
         "CQ C8 C7 SQ S9 HK HQ H7 DK DQ",
         "D8 D7")


def why_in(hands: tuple[str, ...], moves: str, move: str) -> str:
    cards = [c for part in hands for c in parse_cards(part)]
    deal = Deal(cards, ISKO)
    for m in (AUCTION + " CH " + moves).split():
        deal.apply(parse_action(m))
    obs = deal.observation(deal.to_move)
    action = parse_action(move)
    assert action in obs.legal_actions
    return reason_for(obs, action)


def test_it_wins_the_trick_only_when_nothing_left_can_beat_it() -> None:
    # the highest heart led: a defender void in hearts may trump it
    assert why_in(GUARDS, "", "HA") == "lead_high"
    # a plain ace second in the trick: the last seat may trump
    assert why(deal_with(AUCTION + " CH H7"), "HA") == "try_trick"
    # a low trump over a heart lead: Middlehand may hold a higher trump...
    assert why_in(VOIDS, "S7 S8 S9 HK", "C9") == "try_trick"
    # ...unless he showed he has none: then nothing he can hold beats it
    assert why_in(VOIDS, "CJ D9 C7 S7 S8 S9 HK", "C9") == "take_trick"
    # the top trump led wins whatever follows; the last card of a trick that beats it too
    assert why_in(VOIDS, "", "CJ") == "pull_trumps"
    assert why(deal_with(AUCTION + " CH S7 SK"), "SA") == "take_trick"


def test_the_partner_holds_the_trick_only_when_it_is_sure() -> None:
    # Middlehand leads the highest heart left; the declarer plays after Rearhand and may trump
    after_one = AUCTION + " CH H7 HA DA HK"
    assert why(deal_with(after_one), "DT") == "best_chance"
    # Rearhand plays last to his partner's ace: sure
    assert why(deal_with(AUCTION + " CH H7 HA"), "DA") == "smear_points"


def test_the_trick_is_lost_only_when_the_partner_cannot_take_it_over() -> None:
    # the declarer's top trump: Rearhand cannot beat it
    assert why_in(GUARDS, "CJ", "D8") == "give_little"
    # a low trump: Rearhand may hold a higher one, so nothing is lost yet (Middlehand,
    # void in clubs, throws off his cheapest card)
    assert why_in(GUARDS, "CQ", "D8") == "throw_low"


#: Forehand leads his low spade and keeps the ace: Middlehand's ten is still threatened
GUARDED = ("CJ SJ HJ DJ CA CT CK SA S8 HA",
           "ST SK S7 HT H9 H8 DA DT D9 D8",
           "C9 C8 C7 SQ S9 HK HQ H7 DK D7",
           "DQ CQ")


def test_a_guarded_ten_keeps_a_companion() -> None:
    # Middlehand follows with the seven and keeps ten and king; the ace is still out
    assert why_in(GUARDED, "S8", "S7") == "keep_guard"
    # Rearhand follows low to his partner's eight and keeps king and queen; ace and ten
    # are still out
    assert why_in(GUARDED, "S8 ST S9 H8", "H7") == "keep_king"
    # the ace has fallen to the trick: the ten is the highest spade, it needs no guard
    assert why_in(GUARDS, "SA", "S7") == "follow_low"
    # the declarer's ace holds the trick and the partner has played: lost, give little
    assert why_in(GUARDS, "HA H8", "H7") == "give_little"
    # Forehand plays his seven and is left with a bare ten: not guarded
    assert why(deal_with(AUCTION + " CH H7 HA DA SK SA"), "S7") == "give_little"


def test_discards_tell_the_truth_about_trumps_and_points() -> None:
    deal = deal_with(AUCTION + " s")
    obs = deal.observation(0)
    null = parse_action("N").contract
    # in a null game there is neither trumping nor points that count
    assert reason_for(obs, parse_action("d.ST.S7"), null) == "discard_low"
    assert reason_for(obs, parse_action("d.ST.H9"), null) == "discard_low"


def test_null_hand_is_no_level_more() -> None:
    skat = deal_with(AUCTION)
    assert why(skat, "CH") == "play_hand"
    assert why(skat, "NH") == "best_game"


#: The newcomer's discard (s92): after picking up, Forehand holds three clubs, three
#: hearts, three spades and one diamond beside two jacks
DISCARD = ("CJ HJ CK CQ C9 HT HK H9 ST S9",
           "SJ DJ CA CT C8 C7 HA HQ H8 H7",
           "SA SK SQ S7 DA DT DK DQ D8 D7",
           "S8 D9")


def test_a_discard_names_only_the_suits_it_leaves_void() -> None:
    from skatgame.ai.hints import voided_suits
    from skatgame.engine.cards import parse_card

    cards = [c for part in DISCARD for c in parse_cards(part)]
    deal = Deal(cards, ISKO)
    for m in (AUCTION + " s").split():
        deal.apply(parse_action(m))
    obs = deal.observation(0)
    spades = parse_action("S").contract
    ck, c9, d9, hk = (parse_card(c) for c in ("CK", "C9", "D9", "HK"))
    # clubs keep the queen and the nine: only diamonds become void
    assert voided_suits(obs, (ck, d9), spades) == (d9 >> 3,)
    assert reason_for(obs, parse_action("d.CK.D9"), spades) == "discard_short_suit"
    # nothing becomes void: no reason about trumping a suit
    assert voided_suits(obs, (ck, hk), spades) == ()
    assert reason_for(obs, parse_action("d.CK.C9"), spades) != "discard_short_suit"
    assert voided_suits(obs, (ck, hk), parse_action("N").contract) == ()


def test_a_ten_is_not_the_highest_left_while_the_seat_holds_the_ace() -> None:
    # Rearhand leads after trick 1 and holds both the ace and the ten of diamonds
    deal = deal_with(AUCTION + " CH S7 SK SA")
    assert why(deal, "DT") == "best_chance"
    assert why(deal, "DA") == "lead_high"


def test_few_points_only_for_the_cheapest_card_of_its_kind() -> None:
    # the declarer's top jack holds the trick; Middlehand has trump sevens to give
    deal = deal_with(AUCTION + " CH CJ")
    assert why(deal, "C7") == "give_little"
    assert why(deal, "DJ") == "best_chance"


#: s_19: the declarer (Forehand) holds ♥K ♥8 ♥7; Middlehand wins the first trick and
#: leads ♥A, Rearhand plays ♥10 to it
NO_TEN = ("CJ SJ HJ DJ CA CT S7 HK H8 H7",
          "SA ST S9 HA D7 D8 D9 DT DA C7",
          "SK SQ S8 HT HQ H9 DK DQ C8 C9",
          "CK CQ")
#: s_67: Middlehand holds ♥10 ♥K ♥Q; his partner leads ♥7, the declarer trumps it
TRUMPED = ("CJ SJ HJ DJ CA CT C9 SA DA D7",
           "HT HK HQ S7 S8 S9 D8 D9 C7 C8",
           "HA H9 H8 H7 SK SQ ST DK DQ DT",
           "CK CQ")


def test_no_guard_for_a_king_whose_ace_and_ten_are_down() -> None:
    """"so your ten or king stays guarded" beside ♥7 when the ten lay in the trick: the
    king left is the highest heart, nothing to guard it against; the trick is lost."""
    from skatgame.ai.hints import _guards
    from skatgame.engine.cards import parse_card

    deal = Deal([c for part in NO_TEN for c in parse_cards(part)], ISKO)
    for m in (AUCTION + " CH S7 SA S8 HA HT").split():
        deal.apply(parse_action(m))
    assert deal.to_move == 0
    obs = deal.observation(0)
    assert _guards(obs, parse_card("H7")) is None
    assert reason_for(obs, parse_action("H7")) == "give_little"


def test_a_trick_lost_to_a_trump_gives_little_before_guarding() -> None:
    """s_67: ♣Q to a trick the declarer trumped was "keeps your ten or king guarded";
    the trick is lost whatever follows: give few points."""
    deal = Deal([c for part in TRUMPED for c in parse_cards(part)], ISKO)
    for m in (AUCTION + " CH D7 D8 DT H7 C9").split():
        deal.apply(parse_action(m))
    assert deal.to_move == 1
    assert why(deal, "HQ") == "give_little"
    assert why(deal, "HK") == "keep_guard"  # not the cheapest; the ten stays guarded


def test_simple_true_reasons_come_before_the_filler() -> None:
    """"it gives your side the best chances" stood beside moves with a plain reason:
    following with the lowest, throwing off the cheapest card, leading off a last card of
    a suit, leading the highest card left in a suit (worth little or not)."""
    # following low with the ace gone (nothing to guard), keeping ten and king
    assert why_in(GUARDS, "SA", "S7") == "follow_low"
    # Middlehand, void in clubs, throws off his cheapest card
    assert why_in(GUARDS, "CQ", "D8") == "throw_low"
    # Forehand leads his last spade and keeps trumps: he can trump spades then
    deal = Deal([c for part in NO_TEN for c in parse_cards(part)], ISKO)
    for m in (AUCTION + " CH").split():
        deal.apply(parse_action(m))
    assert why(deal, "S7") == "discard_short_suit"
