"""Claims of the rest, and games that end at the defenders' first trick (RULES.md section 5).

A wrong claim gives every remaining trick to the other side and the deal is
scored on the card points as they then fall; a right claim gives them to the
claimant's side. With schwarz announced (ouvert included) the declarer has lost
as soon as the defenders take a trick, and the deal ends there.
"""

import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from skatgame.engine.actions import CLAIM, PASS, PLAYS, Bid, Contract, Declare
from skatgame.engine.cards import parse_card, points_of
from skatgame.engine.deal import Deal, IllegalActionError, Phase
from skatgame.engine.events import Claimed, DealScored
from skatgame.engine.records import RecordError
from skatgame.engine.rules import GameKind
from skatgame.engine.scoring import score_game

from .helpers import deal_from_hands, play_steps

# Forehand: grand with 4, the aces and tens of clubs and spades, two small cards.
FH = "CJ SJ HJ DJ CA CT SA ST H7 D7"
MH = "CK CQ C9 C8 SK SQ HA HT HK DA"
RH = "S9 S8 HQ H9 H8 DT DK DQ D9 D8"
SKAT = "C7 S7"
# four tricks that give Forehand 66 card points: 25 + 13 + 14 + 14
TO_66 = ["CA", "CK", "DT", "CT", "CQ", "D9", "SA", "SQ", "S8", "ST", "SK", "S9"]


def forehand_plays(contract: Contract, fh: str = FH, mh: str = MH, rh: str = RH,
                   skat: str = SKAT) -> Deal:
    deal = deal_from_hands(fh, mh, rh, skat)
    deal.apply(PASS)
    deal.apply(PASS)
    deal.apply(Bid(18))
    deal.apply(Declare(contract))
    return deal


def play(deal: Deal, names: list[str]) -> None:
    for name in names:
        deal.apply(PLAYS[parse_card(name)])


def claimed(deal: Deal) -> bool:
    return next(e.valid for e in deal.events if isinstance(e, Claimed))


# ---------------------------------------------------------------- claims

def test_wrong_claim_after_66_points_still_wins():
    """The issue's example: grand hand with 4, 66 points taken, a wrong claim: +144."""
    deal = forehand_plays(Contract.make(GameKind.GRAND, hand=True))
    play(deal, TO_66)
    assert deal.points[0] == 66 and deal.to_move == 0
    deal.apply(CLAIM, seat=0)  # H7 and D7 still lose tricks
    r = deal.result
    assert not claimed(deal)
    assert r.won and r.declarer_points == 66 and r.declarer_tricks == 4
    assert r.value == 144  # with 4, game 5, hand 6 x 24
    assert not r.schneider and r.conceded_by is None


def test_wrong_claim_before_61_loses_on_points():
    deal = forehand_plays(Contract.make(GameKind.GRAND, hand=True))
    play(deal, TO_66[:6])  # 38 points
    deal.apply(CLAIM, seat=0)
    r = deal.result
    assert not claimed(deal) and not r.won
    assert r.declarer_points == 38 and r.declarer_tricks == 2
    assert r.value == -288


def test_wrong_claim_by_a_defender_gives_the_declarer_the_rest():
    deal = forehand_plays(Contract.make(GameKind.GRAND, hand=True))
    play(deal, TO_66[:3])
    deal.apply(CLAIM, seat=2)
    r = deal.result
    assert not claimed(deal)
    assert r.won and r.declarer_points == 120 and r.declarer_tricks == 10 and r.schwarz


def test_right_claim_by_the_declarer_takes_the_rest():
    deal = forehand_plays(Contract.make(GameKind.CLUBS, hand=True),
                          "CJ SJ HJ DJ CA CT CK CQ C9 C8", "SA ST SK SQ S9 S8 S7 HA HT HK",
                          "HQ H9 H8 H7 DA DT DK DQ D9 D8", "C7 D7")
    deal.apply(CLAIM, seat=0)
    r = deal.result
    assert claimed(deal) and r.won and r.declarer_tricks == 10 and r.schwarz


def test_right_claim_by_the_defenders_after_the_declarer_has_61_leaves_the_game_won():
    """The defenders take the rest; the declarer's 66 points stand (not a concession)."""
    deal = forehand_plays(Contract.make(GameKind.GRAND, hand=True),
                          "CA CT SA ST C7 S7 H7 H8 D7 D8", "CJ SJ CK CQ C9 C8 SK SQ S9 S8",
                          "HJ DJ HA HT HK HQ DA DT DK DQ", "H9 D9")
    play(deal, ["CA", "CK", "DT", "CT", "CQ", "DA", "SA", "SK", "DK"])
    assert deal.points[0] == 68 and deal.to_move == 0
    deal.apply(CLAIM, seat=1)  # Forehand's cards cannot take another trick
    r = deal.result
    assert claimed(deal)
    assert r.won and r.declarer_points == 68 and r.declarer_tricks == 3
    assert r.value == 144  # without 4, game 5, hand 6 x 24
    assert r.conceded_by is None


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=9, max_value=29),
       st.integers(min_value=0, max_value=2))
def test_claims_score_the_card_points_as_they_then_fall(seed, cards_played, claimant):
    """Over random deals: the side the claim gives the rest to takes every card still out,
    and the result is the one the play would score with those points and tricks."""
    rng = random.Random(seed)
    deal = Deal.from_seed(seed)
    for action in (Bid(18), PASS, PASS):  # a bid of 18: no game is overbid
        deal.apply(action)
    while deal.phase is not Phase.PLAY:
        deal.apply(rng.choice(deal.legal_actions()))
    if deal.contract.kind == GameKind.NULL:
        return
    if play_steps(deal, rng, cards_played).done:
        return
    d = deal.declarer
    before_points = deal.points[d] + points_of(deal.skat)
    before_tricks = deal.tricks_won[d]
    out = deal.hands[0] | deal.hands[1] | deal.hands[2] | sum(1 << c for c in deal.trick)
    left = deal.tricks_left()
    try:
        deal.apply(CLAIM, claimant)
    except IllegalActionError:  # too deep to check: refused, see test_properties
        assert not deal.done
        return
    valid = claimed(deal)
    declarer_takes_rest = (claimant == d) == valid
    r = deal.result
    gain_points = points_of(out) if declarer_takes_rest else 0
    gain_tricks = left if declarer_takes_rest else 0
    assert r.declarer_points == before_points + gain_points
    assert r.declarer_tricks == before_tricks + gain_tricks
    expected = score_game(
        deal.contract, d, deal.bid, deal.initial_hands[d] | deal.initial_skat,
        r.declarer_points, r.declarer_tricks, points=r.points)
    assert (r.won, r.value) == (expected.won, expected.value)
    if before_points >= 61 and not deal.contract.schneider and not r.overbid:
        assert r.won  # a game already won stays won
    if before_points < 61 and not declarer_takes_rest:
        assert not r.won  # and one already lost stays lost


# ---------------------------------------------------------------- early ends

def test_clubs_ouvert_ends_at_the_defenders_first_trick():
    deal = forehand_plays(Contract.make(GameKind.CLUBS, ouvert=True),
                          "CJ SJ HJ CA CT CK CQ C9 S7 H7", "DJ SA ST SK SQ S9 S8 HA HT HK",
                          "HQ H9 H8 C8 DA DT DK DQ D9 D8", "C7 D7")
    play(deal, ["CJ", "DJ", "C8"])  # Forehand wins
    assert not deal.done
    play(deal, ["S7", "SA", "HQ"])  # Middlehand's ace: the declarer has lost
    assert deal.done and deal.phase is Phase.DONE and deal.to_move is None
    r = deal.result
    assert not r.won and r.declarer_tricks == 1
    assert r.declarer_points == 4  # CJ, DJ and C8; the skat (C7 D7) holds nothing
    assert "ended_early" in r.notes
    assert not r.schneider and not r.schwarz  # not assessed, as on the ISS
    # with 3, game, hand, schneider, announced, schwarz, announced, ouvert: 10 x 12 = 120
    assert r.value == -240
    assert isinstance(deal.events[-1], DealScored)
    assert deal.hands[0] and deal.legal_actions() == []


def test_schwarz_announced_ends_at_the_defenders_first_trick():
    deal = forehand_plays(Contract.make(GameKind.GRAND, hand=True, schwarz=True))
    play(deal, ["H7", "HA", "HQ"])
    assert deal.done and not deal.result.won and deal.result.declarer_tricks == 0
    assert "ended_early" in deal.result.notes
    # with 4, game, hand, schneider, announced, schwarz, announced: 10 x 24, lost
    assert deal.result.value == -2 * 240


def test_schneider_announced_plays_on_after_a_defenders_trick():
    deal = forehand_plays(Contract.make(GameKind.GRAND, hand=True, schneider=True))
    play(deal, ["H7", "HA", "HQ"])
    assert not deal.done and deal.result is None


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**63))
@example(103323)  # the defenders' first trick is the tenth
def test_schwarz_games_end_exactly_at_the_defenders_first_trick(seed):
    """Over random deals, each declared schwarz or ouvert: play stops at the first trick the
    defenders take (lost), or runs all ten tricks when there is none (won)."""
    rng = random.Random(seed)
    deal = Deal.from_seed(seed)
    deal.apply(Bid(18))
    deal.apply(PASS)  # Forehand passes: Middlehand bids on to Rearhand
    deal.apply(PASS)
    assert deal.phase is Phase.SKAT and deal.declarer == 1
    schwarz = [a for a in deal.legal_actions()
               if isinstance(a, Declare) and a.contract.schwarz]
    deal.apply(rng.choice(schwarz))
    while not deal.done:
        deal.apply(rng.choice(deal.legal_actions()))
    r = deal.result
    lost_at = next((i for i, t in enumerate(deal.tricks) if t.seat != 1), None)
    if lost_at is None:
        assert len(deal.tricks) == 10 and r.declarer_tricks == 10
        assert r.won == (not r.overbid)
    else:
        assert len(deal.tricks) == lost_at + 1 and not r.won and not r.schwarz
        assert ("ended_early" in r.notes) == (lost_at < 9)  # the tenth trick ends it anyway
        assert r.schneider == (r.declarer_points >= 90)  # none against him is assessed
        expected = score_game(deal.contract, 1, 18, deal.initial_hands[1] | deal.initial_skat,
                              r.declarer_points, r.declarer_tricks, points=r.points)
        assert r.value == expected.value  # the announced levels count all the same


def test_a_record_written_before_the_early_end_still_loads():
    """Lists saved by earlier versions played a lost ouvert game on to the tenth trick."""
    from skatgame.engine.records import deal_from_record, deal_to_record

    fh, mh, rh = ("CJ SJ HJ CA CT CK CQ C9 S7 H7", "DJ SA ST SK SQ S9 S8 HA HT HK",
                  "HQ H9 H8 C8 DA DT DK DQ D9 D8")
    played_on = forehand_plays(Contract.make(GameKind.CLUBS, hand=True), fh, mh, rh, "C7 D7")
    play(played_on, ["CJ", "DJ", "C8", "S7", "SA", "HQ"])
    rng = random.Random(1)
    while not played_on.done:  # the same cards follow suit alike in clubs hand and ouvert
        played_on.apply(rng.choice(played_on.legal_actions()))
    record = deal_to_record(played_on)
    assert ["0", "CH"] in [[str(s), a] for s, a in record["actions"]]
    record["actions"] = [[s, "CO" if a == "CH" else a] for s, a in record["actions"]]
    deal = deal_from_record(record)
    assert deal.done and len(deal.tricks) == 2 and "ended_early" in deal.result.notes
    assert deal.result.value == -240
    record["actions"].append([0, "18"])  # only the play is skipped: a bid is refused
    with pytest.raises(RecordError, match="over"):
        deal_from_record(record)
