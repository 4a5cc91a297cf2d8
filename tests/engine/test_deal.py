"""The deal state machine: auction, skat, declaration, play, concession, claims."""

import random

import pytest

from skatgame.engine.actions import (
    CLAIM,
    CONCEDE,
    HOLD,
    KONTRA,
    PASS,
    PLAYS,
    PUSH_SKAT,
    RE,
    TAKE_SKAT,
    Bid,
    Contract,
    Declare,
    Discard,
)
from skatgame.engine.cards import parse_card
from skatgame.engine.deal import Deal, IllegalActionError, Phase, legal_declarations
from skatgame.engine.events import (
    AuctionWon,
    CardPlayed,
    DealScored,
    HandShown,
    PassedIn,
    RamschStarted,
    SkatTaken,
    TrickWon,
)
from skatgame.engine.options import RuleOptions
from skatgame.engine.rules import GameKind

from .helpers import deal_from_hands, snapshot

# Forehand holds all jacks and clubs; the others hold little.
FH = "CJ SJ HJ DJ CA CT CK CQ C9 C8"
MH = "SA ST SK SQ S9 S8 S7 HA HT HK"
RH = "HQ H9 H8 H7 DA DT DK DQ D9 D8"
SKAT = "C7 D7"


def card(name: str) -> int:
    return parse_card(name)


def forehand_declares(contract: Contract, **kw) -> Deal:
    deal = deal_from_hands(FH, MH, RH, SKAT, **kw)
    deal.apply(PASS)  # Middlehand
    deal.apply(PASS)  # Rearhand
    deal.apply(Bid(18))  # Forehand's last chance
    assert deal.declarer == 0 and deal.bid == 18
    deal.apply(Declare(contract))
    return deal


def test_auction_middlehand_bids_forehand_holds_then_rearhand():
    deal = deal_from_hands(FH, MH, RH, SKAT)
    assert deal.to_move == 1
    deal.apply(Bid(18))
    assert deal.to_move == 0 and set(deal.legal_actions()) == {HOLD, PASS}
    deal.apply(HOLD)
    deal.apply(Bid(20))
    deal.apply(PASS)  # Forehand drops out
    assert deal.to_move == 2  # Rearhand bids to Middlehand
    assert min(a.value for a in deal.legal_actions() if isinstance(a, Bid)) == 22
    deal.apply(Bid(24))
    assert deal.to_move == 1
    deal.apply(HOLD)
    deal.apply(PASS)  # Rearhand passes: Middlehand plays at 24
    assert deal.phase is Phase.SKAT and deal.declarer == 1 and deal.bid == 24
    assert isinstance(deal.events[-1], AuctionWon)


def test_jump_bid_and_illegal_bids():
    deal = deal_from_hands(FH, MH, RH, SKAT)
    for bad in (Bid(17), Bid(19), Bid(265), HOLD, TAKE_SKAT):
        before = snapshot(deal)
        with pytest.raises(IllegalActionError):
            deal.apply(bad)
        assert snapshot(deal) == before
    deal.apply(Bid(48))
    deal.apply(HOLD)
    with pytest.raises(IllegalActionError, match="does not exceed"):
        deal.apply(Bid(46))


def test_all_pass_is_passed_in():
    deal = deal_from_hands(FH, MH, RH, SKAT)
    for _ in range(3):
        deal.apply(PASS)
    assert deal.done and deal.result.passed and isinstance(deal.events[-2], PassedIn)
    assert deal.result.value == 0


def test_wrong_seat_is_refused():
    deal = deal_from_hands(FH, MH, RH, SKAT)
    before = snapshot(deal)
    with pytest.raises(IllegalActionError, match="not Forehand's turn"):
        deal.apply(Bid(18), seat=0)
    assert snapshot(deal) == before


def test_pick_up_discard_declare():
    deal = deal_from_hands(FH, MH, RH, SKAT)
    deal.apply(PASS)
    deal.apply(PASS)
    deal.apply(Bid(18))
    deal.apply(TAKE_SKAT)
    assert isinstance(deal.events[-1], SkatTaken) and deal.hands[0].bit_count() == 12
    assert len(deal.legal_actions()) == 66
    with pytest.raises(IllegalActionError):
        deal.apply(Discard.of(card("CJ"), card("SA")))  # not in hand
    deal.apply(Discard.of(card("C7"), card("D7")))
    assert deal.phase is Phase.DECLARE
    # no announcements and no hand games after picking up
    with pytest.raises(IllegalActionError, match="no hand game"):
        deal.apply(Declare(Contract.make(GameKind.CLUBS, hand=True)))
    letters = {a.contract.letters for a in deal.legal_actions()}
    assert letters == {"C", "S", "H", "D", "G", "N", "NO"}
    deal.apply(Declare(Contract.make(GameKind.GRAND)))
    assert deal.phase is Phase.PLAY and deal.to_move == 0


def test_hand_declarations_and_null_below_bid():
    letters = {d.contract.letters for d in legal_declarations(True, 18)}
    assert {"CH", "CHS", "CHZ", "CO", "GO", "NH", "NOH"} <= letters
    assert "CS" not in letters
    high = {d.contract.letters for d in legal_declarations(True, 48)}
    assert "NH" not in high and "NOH" in high
    assert "NO" not in {d.contract.letters for d in legal_declarations(False, 48)}
    deal = deal_from_hands(FH, MH, RH, SKAT)
    deal.apply(Bid(40))
    deal.apply(HOLD)
    deal.apply(PASS)
    deal.apply(PASS)
    with pytest.raises(IllegalActionError, match="below the bid"):
        deal.apply(Declare(Contract.make(GameKind.NULL, hand=True)))


def test_follow_suit_and_jacks_are_trumps():
    deal = forehand_declares(Contract.make(GameKind.HEARTS, hand=True))
    deal.apply(PLAYS[card("DJ")])  # a jack leads trumps in a hearts game
    legal = {a.card for a in deal.legal_actions()}
    assert legal == {card(c) for c in ("HA", "HT", "HK")}
    before = snapshot(deal)
    with pytest.raises(IllegalActionError, match="follow"):
        deal.apply(PLAYS[card("SA")])
    assert snapshot(deal) == before
    with pytest.raises(IllegalActionError, match="does not hold"):
        deal.apply(PLAYS[card("CA")])


def test_full_grand_hand_schwarz():
    deal = forehand_declares(Contract.make(GameKind.GRAND, hand=True))
    while not deal.done:
        deal.apply(deal.legal_actions()[-1] if deal.to_move == 0 else deal.legal_actions()[0])
    r = deal.result
    assert r.declarer == 0 and r.won and sum(r.points) == 120


def test_null_ends_at_declarers_first_trick():
    deal = deal_from_hands(FH, MH, RH, SKAT)
    deal.apply(PASS)
    deal.apply(PASS)
    deal.apply(Bid(18))
    deal.apply(Declare(Contract.make(GameKind.NULL, hand=True)))
    deal.apply(PLAYS[card("CA")])  # nobody else has clubs: declarer wins the trick
    deal.apply(deal.legal_actions()[0])
    deal.apply(deal.legal_actions()[0])
    assert deal.done and not deal.result.won and deal.result.value == -70
    assert len(deal.tricks) == 1


def test_ouvert_shows_the_hand_to_everyone():
    deal = forehand_declares(Contract.make(GameKind.GRAND, ouvert=True))
    shown = [e for e in deal.events if isinstance(e, HandShown)]
    assert shown and shown[0].cards == deal.hands[0]
    obs = deal.observation(1)
    assert obs.open_cards == deal.hands[0] and obs.open_seat == 0
    assert deal.observation(0).open_cards == 0  # he sees them as his own hand anyway


def test_declarer_concedes_early_no_schneider_against_him():
    deal = forehand_declares(Contract.make(GameKind.DIAMONDS, hand=True))
    deal.apply(CONCEDE, seat=0)
    r = deal.result
    assert not r.won and r.conceded_by == 0 and not r.schneider
    # with 4 jacks: with 4, game 5, hand 6 x 9 = 54, lost: -108
    assert r.value == -108


def test_declarer_may_not_concede_with_eight_cards():
    deal = forehand_declares(Contract.make(GameKind.CLUBS, hand=True))
    for _ in range(6):
        deal.apply(deal.legal_actions()[0])
    assert deal.hands[0].bit_count() == 8
    assert not deal.may_concede(0)
    before = snapshot(deal)
    with pytest.raises(IllegalActionError, match="9 or more"):
        deal.apply(CONCEDE, seat=0)
    assert snapshot(deal) == before


def test_defender_concedes_for_both():
    deal = forehand_declares(Contract.make(GameKind.CLUBS, hand=True))
    deal.apply(PLAYS[card("CJ")])
    deal.apply(CONCEDE, seat=2)
    r = deal.result
    assert r.won and r.declarer_points == 120 and r.declarer_tricks == 10


def test_valid_claim_by_declarer_wins_the_rest():
    deal = forehand_declares(Contract.make(GameKind.CLUBS, hand=True))
    deal.apply(CLAIM, seat=0)  # all jacks and clubs: nobody can take a trick
    r = deal.result
    assert r.won and r.declarer_tricks == 10 and r.schwarz


def test_wrong_claim_loses():
    deal = deal_from_hands(MH, FH, RH, SKAT)  # the strong hand sits at Middlehand
    deal.apply(Bid(18))
    deal.apply(HOLD)
    deal.apply(PASS)
    deal.apply(PASS)  # Rearhand: Forehand plays the spades hand
    deal.apply(Declare(Contract.make(GameKind.SPADES, hand=True)))
    deal.apply(CLAIM, seat=0)  # he cannot take every trick against four jacks
    assert deal.done and not deal.result.won


def test_kontra_and_re_double_the_score():
    deal = forehand_declares(Contract.make(GameKind.CLUBS, hand=True),
                             options=RuleOptions(kontra=True))
    assert deal.phase is Phase.KONTRA and deal.to_move == 1
    deal.apply(KONTRA)
    assert deal.phase is Phase.RE and deal.to_move == 0
    deal.apply(RE)
    assert deal.phase is Phase.PLAY
    deal.apply(CLAIM, seat=0)
    # with 11 (the skat's C7 too), game 12, hand 13, schneider 14, schwarz 15 x 12 = 180;
    # Kontra and Re: x4
    assert deal.result.value == 180 * 4


def test_kontra_only_for_bidders():
    deal = forehand_declares(Contract.make(GameKind.CLUBS, hand=True),
                             options=RuleOptions(kontra=True, kontra_needs_bid=True))
    assert deal.phase is Phase.PLAY  # neither defender bid


def test_ramsch_when_all_pass():
    deal = deal_from_hands(FH, MH, RH, SKAT, options=RuleOptions(ramsch=True))
    for _ in range(3):
        deal.apply(PASS)
    assert isinstance(deal.events[-1], RamschStarted) and deal.phase is Phase.PLAY
    while not deal.done:
        deal.apply(deal.legal_actions()[0])
    r = deal.result
    assert r.declarer is None and sum(r.points) == 120
    # Forehand holds every jack and leads them: he takes every trick
    assert r.scores == (120, 0, 0) and "durchmarsch" in r.notes


def test_ramsch_most_points_lose_and_jungfrau_doubles():
    from skatgame.engine.scoring import score_ramsch

    r = score_ramsch((50, 40, 30), (4, 3, 3))
    assert r.scores == (-50, 0, 0) and r.ramsch_loser == (0,)
    r = score_ramsch((70, 50, 0), (6, 4, 0))
    assert r.scores == (-140, 0, 0) and "jungfrau" in r.notes
    r = score_ramsch((45, 45, 30), (4, 3, 3))
    assert r.scores == (-45, -45, 0) and "tie" in r.notes
    r = score_ramsch((50, 40, 30), (4, 3, 3), pushes=2)
    assert r.scores == (-200, 0, 0)


def test_schieberamsch_jacks_cannot_be_pushed_and_pushes_double():
    deal = deal_from_hands(FH, MH, RH, SKAT, options=RuleOptions(ramsch=True,
                                                                 schieberamsch=True))
    for _ in range(3):
        deal.apply(PASS)
    assert deal.phase is Phase.SCHIEBEN and deal.to_move == 0
    deal.apply(TAKE_SKAT)
    with pytest.raises(IllegalActionError, match="jacks"):
        deal.apply(Discard.of(card("CJ"), card("C7")))
    deal.apply(Discard.of(card("C8"), card("C7")))
    deal.apply(PUSH_SKAT)
    deal.apply(PUSH_SKAT)
    assert deal.phase is Phase.PLAY and deal.pushes == 2
    while not deal.done:
        deal.apply(deal.legal_actions()[0])
    assert deal.result.multiplier in (4, 8)


def test_events_describe_the_play():
    deal = forehand_declares(Contract.make(GameKind.GRAND, hand=True))
    events = []
    for _ in range(3):
        events += deal.apply(deal.legal_actions()[0])
    assert [type(e) for e in events] == [CardPlayed, CardPlayed, CardPlayed, TrickWon]
    while not deal.done:
        events += deal.apply(deal.legal_actions()[0])
    assert isinstance(events[-1], DealScored)


def test_dealing_order_is_three_skat_four_three():
    deal = deal_from_hands(FH, MH, RH, SKAT)
    order = deal.dealing_order()
    assert [w for w, _ in order[:11]] == ["0"] * 3 + ["1"] * 3 + ["2"] * 3 + ["skat"] * 2
    assert len(order) == 32 and {c for _, c in order} == set(range(32))


def test_observation_hides_other_hands():
    deal = deal_from_hands(FH, MH, RH, SKAT)
    obs = deal.observation(1)
    assert obs.hand == deal.hands[1] and obs.known_skat == 0
    assert obs.unseen == deal.hands[0] | deal.hands[2] | deal.skat
    assert obs.legal_actions and not deal.observation(0).legal_actions


def test_action_texts_round_trip():
    from skatgame.engine.actions import ActionError, parse_action

    deal = deal_from_hands(FH, MH, RH, SKAT)
    samples = [Bid(18), HOLD, PASS, TAKE_SKAT, PUSH_SKAT, KONTRA, RE, CONCEDE, CLAIM,
               Discard.of(card("C7"), card("D7")), PLAYS[card("HT")],
               *legal_declarations(True, 18), *legal_declarations(False, 18)]
    for a in samples:
        assert parse_action(a.text) == a, a.text
    assert parse_action("S") != TAKE_SKAT
    for bad in ("", "x", "d.C7", "d.C7.ZZ", "NS", "GQ", "CHH"):
        with pytest.raises(ActionError):
            parse_action(bad)
    assert deal.phase is Phase.AUCTION


@pytest.mark.parametrize("seed", [1, 7, 23, 40])
def test_a_deal_replayed_to_any_step_is_the_deal_as_it_was_then(seed: int) -> None:
    options = RuleOptions(kontra=True, ramsch=True, schieberamsch=True)
    deal = Deal.from_seed(seed, options, multiplier=2)
    rng = random.Random(seed)
    states = [snapshot(deal)]
    while not deal.done:
        deal.apply(rng.choice(deal.legal_actions()))
        states.append(snapshot(deal))
    final = snapshot(deal)
    for k, state in enumerate(states):
        again = deal.replayed(k)
        assert snapshot(again) == state, k
        assert again.cards == deal.cards and again.options is options and again.multiplier == 2
    assert snapshot(deal.replayed()) == final
    fresh = deal.replayed(0)
    fresh.apply(fresh.legal_actions()[-1])  # the replay shares no state with the deal
    assert snapshot(deal) == final and len(fresh.history) == 1
    for bad in (-1, len(deal.history) + 1, 1.0, True):
        with pytest.raises(ValueError):
            deal.replayed(bad)  # type: ignore[arg-type]
