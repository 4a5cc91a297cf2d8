"""Late-deal proofs of the result from what the seat knows: 100% and 0% only when
every world the seat may be in and every card anybody may play agree."""

from __future__ import annotations

import random

from skatgame.ai.chances import certainty, game_target
from skatgame.ai.hints import suggest
from skatgame.ai.levels.advanced import AdvancedPlayer
from skatgame.ai.levels.base import decision_kind
from skatgame.ai.proof import _Prover, declarer_result, enumerate_worlds, proofs
from skatgame.ai.sampling import sample_spec
from skatgame.engine.actions import PASS, PLAYS, TAKE_SKAT, Bid, Contract, Declare, Discard, Play
from skatgame.engine.cards import Card, cards_of, parse_card, parse_cards, points_of
from skatgame.engine.deal import Deal
from skatgame.engine.observation import Observation
from skatgame.engine.rules import GameKind


def _grand_by_forehand(hands: tuple[str, str, str], skat: str, plays: str) -> Deal:
    """A deal of these cards: forehand plays a Grand (taking the skat and putting it
    back), then the cards ``plays`` in turn."""
    deal = Deal([c for h in (*hands, skat) for c in parse_cards(h)])
    deal.apply(PASS, 1)
    deal.apply(PASS, 2)
    deal.apply(Bid(18), 0)
    deal.apply(TAKE_SKAT, 0)
    a, b = parse_cards(skat)
    deal.apply(Discard.of(a, b), 0)
    deal.apply(Declare(Contract.make(GameKind.GRAND)), 0)
    for c in parse_cards(plays):
        assert deal.to_move is not None
        deal.apply(PLAYS[c], deal.to_move)
    return deal


def _points_decide(obs: Observation) -> bool | None:
    """The old rule alone: the declarer's points (with the skat he put away) and the
    defenders' decide the game."""
    assert obs.contract is not None and obs.declarer is not None
    tricks = [0, 0, 0]
    for t in obs.tricks:
        tricks[t.seat] += 1
    skat = obs.known_skat & ~obs.hand & ~obs.played
    return declarer_result(obs.contract, obs.declarer, obs.points, tricks, game_target(obs),
                           points_of(skat), True)


def test_three_top_trumps_for_the_last_tricks_are_a_proved_win() -> None:
    # the declarer has 56 and 3 in the skat, 59: one more trick wins, and he holds the
    # three best jacks (the fourth is out); rearhand has led the last spade but one
    deal = _grand_by_forehand(
        ("C7 CT CA SA H9 D8 DT CJ SJ HJ", "C8 CK S9 SK HQ HA DK DJ S8 H8",
         "C9 CQ SQ ST HK HT DA S7 H7 D9"), "DQ D7",
        "C7 C8 C9 CQ CT CK CA S9 SQ SA SK ST H9 HQ HK HT D8 HA DK DA DT S7")
    obs = deal.observation(0)
    assert obs.to_move == 0 and obs.points == (56, 21, 32) and len(obs.tricks) == 7
    assert _points_decide(obs) is None  # the points alone prove nothing yet
    assert certainty(obs) is True
    # the club or spade jack takes this trick; the heart jack may lose it to the
    # diamond jack but two tricks are still to come with the two best
    assert all(certainty(obs, c) is True for c in parse_cards("CJ SJ HJ"))
    assert suggest(obs).win_probability == 1.0


def test_every_card_loses_is_a_proved_loss() -> None:
    # the declarer took every trick with his jacks and clubs (57) but keeps three
    # sevens; the defenders hold the aces and tens of the same suits
    deal = _grand_by_forehand(
        ("CJ SJ HJ DJ CA CT CK S7 H7 D7", "CQ C9 S8 S9 H8 H9 D8 SA HA DA",
         "SQ SK HQ HK DQ DK D9 ST HT DT"), "C7 C8",
        "CJ CQ SQ SJ C9 SK HJ S8 HQ DJ S9 HK CA H8 DQ CT H9 DK CK D8 D9")
    obs = deal.observation(0)
    assert obs.to_move == 0 and obs.points == (57, 0, 0)
    assert _points_decide(obs) is None
    assert certainty(obs) is False
    assert all(certainty(obs, c) is False for c in parse_cards("S7 H7 D7"))
    assert suggest(obs).win_probability == 0.0


def _replay(seed: str, moves: str) -> Deal:
    deal = Deal.from_seed(seed)
    for step in moves.split():
        seat, text = step.split(":")
        action = next(a for a in deal.legal_actions() if a.text == text)
        deal.apply(action, int(seat))
    return deal


def _wins_with_open_cards(obs: Observation, world_index: int, card: Card) -> bool:
    """Whether ``card`` wins for the seat's side when it sees the world (open cards)."""
    worlds = enumerate_worlds(sample_spec(obs), 1000)
    assert worlds is not None
    prover = _Prover(obs, [worlds[world_index]])
    root = prover.root
    return prover.side_result(prover.play(root, card, root[0])) is True


def test_a_declarer_who_must_guess_is_not_certain() -> None:
    # a clubs game, two tricks left: in some of the worlds he may be in only the club
    # king wins, in the others only the heart jack; with open cards he always wins
    deal = _replay("finesse:439", "1:18 0:p 2:p 1:s 1:d.H7.H8 1:C 0:D9 1:DA 2:DQ 1:C7 2:CJ "
                   "0:C9 2:HA 0:HQ 1:ST 2:D8 0:DT 1:DJ 1:SA 2:SQ 0:S9 1:S8 2:HT 0:SK 0:SJ "
                   "1:CQ 2:CT 0:C8")
    obs = deal.observation(1)
    assert obs.seat == obs.declarer == obs.to_move
    worlds = enumerate_worlds(sample_spec(obs), 1000)
    assert worlds is not None and len(worlds) > 1
    legal = cards_of(obs.legal_cards())
    winners = [{c for c in legal if _wins_with_open_cards(obs, i, c)} for i in range(len(worlds))]
    assert all(winners)  # every world is won with open cards ...
    assert {parse_card("CK")} in winners and {parse_card("HJ")} in winners  # ... differently
    assert certainty(obs) is None
    assert all(certainty(obs, c) is None for c in legal)
    p = suggest(obs).win_probability
    assert p is not None and 0.01 <= p <= 0.99


def test_a_defender_whose_partner_must_play_along_is_not_certain() -> None:
    deal = Deal.from_seed("chances:33")
    players = [AdvancedPlayer(f"t{s}") for s in range(3)]
    decisions = 0
    while True:
        seat = deal.to_move
        assert seat is not None
        obs = deal.observation(seat)
        if decision_kind(obs) == "card":
            if decisions == 25:
                break
            decisions += 1
        deal.apply(players[seat].act(obs), seat)
    assert obs.seat != obs.declarer and len(obs.tricks) >= 7
    worlds = enumerate_worlds(sample_spec(obs), 1000)
    assert worlds is not None
    # a partner who saw the cards and played for the side would win it ...
    helped = _Prover(obs, worlds, cooperative=True)
    root = helped.root
    assert any(helped.side_result(helped.play(root, c, root[0])) is True
               for c in cards_of(obs.legal_cards()))
    # ... but he may not: nothing is proved, and the hint stays below 100%
    assert certainty(obs) is None
    assert all(certainty(obs, c) is None for c in cards_of(obs.legal_cards()))
    p = suggest(obs).win_probability
    assert p is not None and p <= 0.99


def _side_won(deal: Deal, seat: int) -> bool:
    result = deal.result
    assert result is not None
    return result.won if seat == result.declarer else not result.won


def _play_out(deal: Deal, seat: int, proved: bool, rng: random.Random) -> bool:
    """Play the deal to its end with random legal cards; the seat, when its side is
    proved to win, plays a card still proved to win (one must be there)."""
    while deal.result is None:
        mover = deal.to_move
        assert mover is not None
        cards = [a.card for a in deal.legal_actions() if isinstance(a, Play)]
        if mover == seat and proved:
            obs = deal.observation(seat)
            cards = [c for c in cards if certainty(obs, c) is True]
            assert cards, "a proved win has a card that keeps it proved"
        deal.apply(PLAYS[rng.choice(cards)], mover)
    return _side_won(deal, seat)


def test_a_proof_agrees_with_every_play_out_of_the_real_deal() -> None:
    rng = random.Random(30)
    checked = {True: 0, False: 0}
    beyond_points = 0
    for i in range(24):
        deal = Deal.from_seed(f"proof:{i}")
        players = [AdvancedPlayer(f"t{s}") for s in range(3)]
        while deal.result is None:
            seat = deal.to_move
            assert seat is not None
            obs = deal.observation(seat)
            if (decision_kind(obs) == "card" and obs.contract is not None
                    and obs.contract.kind != GameKind.RAMSCH and len(obs.tricks) >= 7):
                for card in cards_of(obs.legal_cards()):
                    proved = certainty(obs, card)
                    if proved is None:
                        continue
                    checked[proved] += 1
                    if len(obs.trick) < 2 and _points_decide(obs) is None:
                        beyond_points += 1  # the card completes no trick: the search did it
                    for _ in range(8):
                        rest = deal.copy()
                        rest.apply(PLAYS[card], seat)
                        assert _play_out(rest, seat, proved, rng) is proved, (i, obs, card)
            deal.apply(players[seat].act(obs), seat)
    assert checked[True] > 40 and checked[False] > 40
    assert beyond_points > 20  # the search proved what the points alone did not


def test_a_proof_is_tried_only_late_in_the_deal() -> None:
    deal = _grand_by_forehand(
        ("C7 CT CA SA H9 D8 DT CJ SJ HJ", "C8 CK S9 SK HQ HA DK DJ S8 H8",
         "C9 CQ SQ ST HK HT DA S7 H7 D9"), "DQ D7", "C7 C8 C9")
    obs = deal.observation(2)
    assert obs.to_move == 2 and len(obs.tricks) == 1
    assert proofs(obs) == {None: None}
