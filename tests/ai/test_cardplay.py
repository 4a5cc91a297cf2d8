"""The table rules of the Beginner's card play, position by position."""

from __future__ import annotations

from skatgame.ai.cardplay import rule_card
from skatgame.engine.actions import PASS, PLAYS, Contract, Declare
from skatgame.engine.cards import iss_name, parse_card, parse_cards
from skatgame.engine.deal import Deal
from skatgame.engine.rules import GameKind


def position(fh: str, mh: str, rh: str, skat: str, kind: GameKind, plays: str = "") -> Deal:
    """Forehand declares ``kind`` hand at 18 after both others pass; then ``plays``."""
    deal = Deal(parse_cards(fh) + parse_cards(mh) + parse_cards(rh) + parse_cards(skat))
    deal.apply(PASS)  # Middlehand
    deal.apply(PASS)  # Rearhand
    deal.apply(deal.legal_actions()[0])  # Forehand bids 18
    deal.apply(Declare(Contract.make(kind, hand=True)))
    for name in plays.split():
        deal.apply(PLAYS[parse_card(name)])
    return deal


FH = "CJ SJ CA CT C9 SA ST HA H7 D7"
MH = "HJ C8 C7 SK S9 HT HK DA DT D8"
RH = "DJ CK CQ S8 S7 HQ H9 DK DQ D9"
SKAT = "SQ H8"


def choose(deal: Deal) -> str:
    assert deal.to_move is not None
    return iss_name(rule_card(deal.observation(deal.to_move)))


def test_declarer_draws_trumps_with_the_top_jack() -> None:
    deal = position(FH, MH, RH, SKAT, GameKind.CLUBS)
    assert choose(deal) == "CJ"


def test_declarer_cashes_side_aces_when_the_defenders_have_no_trumps() -> None:
    fh = "CJ SJ HJ DJ SA HA DA S7 H7 D7"
    mh = "CA CT CK SK S9 HT HK DT D8 C7"
    rh = "CQ C9 C8 ST SQ S8 HQ H9 DK DQ"
    deal = position(fh, mh, rh, "H8 D9", GameKind.GRAND)
    assert choose(deal) in {"SA", "HA", "DA"}


def test_defender_gives_points_to_a_partner_who_holds_the_trick() -> None:
    # Forehand leads a low heart; Middlehand's ten wins against the declarer's card;
    # Rearhand, last to play, gives his highest points in hearts: the queen
    deal = position(FH, MH, RH, SKAT, GameKind.CLUBS, "H7 HT")
    assert choose(deal) == "HQ"


def test_defender_takes_the_declarers_points_when_he_can() -> None:
    # Forehand leads the ace of spades; nobody can beat it: Middlehand plays its cheapest spade
    deal = position(FH, MH, RH, SKAT, GameKind.CLUBS, "SA")
    assert choose(deal) == "S9"


def test_defender_ruffs_nothing_when_partner_wins_and_smears_instead() -> None:
    # diamonds: declarer leads D7, MH takes with the ace; RH is last and smears DK
    deal = position(FH, MH, RH, SKAT, GameKind.CLUBS, "D7 DA")
    assert choose(deal) == "DK"


def test_null_declarer_ducks_with_his_highest_safe_card() -> None:
    fh = "C7 C9 CJ S7 S8 H7 H9 D7 D8 D9"
    mh = "C8 CT CQ CA S9 ST SQ HA HK DK"
    rh = "CK SJ SK SA H8 HT HJ HQ DA DT"
    deal = position(fh, mh, rh, "DQ DJ", GameKind.NULL, "C7 C8 CK HQ")
    assert deal.to_move == 0  # Rearhand won the first trick and led the queen of hearts
    assert choose(deal) == "H9"
