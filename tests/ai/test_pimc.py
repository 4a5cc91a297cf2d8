"""Sampled solving of card play, the node budgets, and Ramsch play-outs."""

from __future__ import annotations

import random

from skatgame.ai.budget import NodeBudget
from skatgame.ai.levels.beginner import BeginnerPlayer
from skatgame.ai.pimc import choose_card, ramsch_choice, utility
from skatgame.ai.solver import Position, declarer_reaches, move_values
from skatgame.engine.actions import PASS, PLAYS
from skatgame.engine.cards import cards_of, mask_of, parse_card, parse_cards
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.options import RuleOptions
from skatgame.engine.rules import GameKind


def _play_until(deal: Deal, cards_played: int) -> Deal:
    players = [BeginnerPlayer(s) for s in range(3)]
    while deal.to_move is not None:
        if deal.phase is Phase.PLAY and len(deal.tricks) * 3 + len(deal.trick) >= cards_played:
            break
        seat = deal.to_move
        deal.apply(players[seat].act(deal.observation(seat)))
    return deal


def _some_play_positions(n: int) -> list[Deal]:
    out = []
    for i in range(40):
        deal = _play_until(Deal.from_seed(f"pimc:{i}"), 3 + 4 * (i % 6))
        if deal.to_move is not None and deal.phase is Phase.PLAY:
            out.append(deal)
        if len(out) == n:
            break
    return out


def test_choose_card_is_legal_and_deterministic() -> None:
    for deal in _some_play_positions(6):
        obs = deal.observation(deal.to_move)
        for mode in ("exact", "reach"):
            a = choose_card(obs, random.Random(1), worlds=4, mode=mode,
                            budget=NodeBudget(2_000_000, 200_000))
            b = choose_card(obs, random.Random(1), worlds=4, mode=mode,
                            budget=NodeBudget(2_000_000, 200_000))
            assert a.card == b.card and a.scores == b.scores
            assert a.card in cards_of(obs.legal_cards())
            assert a.win_probability is None or 0.0 <= a.win_probability <= 1.0
            assert a.worlds <= 4


def test_an_empty_budget_falls_back_to_the_preferred_card() -> None:
    deal = _some_play_positions(1)[0]
    obs = deal.observation(deal.to_move)
    legal = cards_of(obs.legal_cards())
    ch = choose_card(obs, random.Random(1), worlds=4, budget=NodeBudget(0, 100_000),
                     prefer=legal[-1])
    assert ch.card == legal[-1] and ch.worlds == 0


def test_budget_counts_agree_with_the_solver() -> None:
    budget = NodeBudget(10**9, 10**8)
    for seed in range(6):
        deal = Deal.from_seed(seed)
        pos = Position(seed % 6, tuple(deal.hands), 1, 0)
        for target in (1, 45, 61):
            assert budget.reaches(pos, target) == declarer_reaches(pos, target)
        assert budget.move_values(pos) == move_values(pos)
    assert budget.used > 0 and budget.failed == 0
    tight = NodeBudget(50, 50)
    assert tight.reaches(Position(0, tuple(Deal.from_seed(1).hands), 1, 0), 61) is None
    assert tight.exhausted


def test_a_null_game_gets_its_own_cap() -> None:
    # the declarer (seat 0, forehand) avoids every trick, which takes about 20,000 nodes
    # to prove against every defence
    hands = tuple(mask_of(parse_cards(h)) for h in (
        "C9 S7 S8 S9 SJ H8 HT HJ D7 D9", "C7 C8 CK CA CJ SA H7 H9 D8 DA",
        "CT SK ST HQ HK HA DQ DK DT DJ"))
    null = Position(int(GameKind.NULL), (hands[0], hands[1], hands[2]), 0, 0)
    assert declarer_reaches(null, 1)
    assert NodeBudget(10**7, 1_000).reaches(null, 1) is None
    budget = NodeBudget(10**7, 1_000, null_per_call=100_000)
    assert budget.reaches(null, 1) is True
    # a suit game in the same budget keeps the ordinary cap
    grand = Position(int(GameKind.GRAND), (hands[0], hands[1], hands[2]), 2, 0)
    assert NodeBudget(10**7, 10**6).move_values(grand) is not None
    assert budget.move_values(grand) is None


def test_utility_orders_outcomes() -> None:
    assert utility(61, 61) > utility(60, 61)
    assert utility(95, 61) > utility(85, 61)
    assert utility(30, 61) < utility(31, 61)


def test_ramsch_player_ducks_under_a_rich_trick() -> None:
    fh = "HK C7 C8 C9 S7 S8 S9 D7 D8 D9"
    mh = "HT CJ CQ CK SQ SK ST DQ DK DT"
    rh = "HA H7 SJ HJ DJ CA CT SA DA H8"
    deal = Deal(parse_cards(fh) + parse_cards(mh) + parse_cards(rh) + parse_cards("H9 HQ"),
                RuleOptions(ramsch=True))
    for _ in range(3):
        deal.apply(PASS)
    deal.apply(PLAYS[parse_card("HK")])
    deal.apply(PLAYS[parse_card("HT")])
    obs = deal.observation(2)
    ch = ramsch_choice(obs, random.Random(3), worlds=4, playouts=3)
    assert ch.card == parse_card("H7")
    again = ramsch_choice(obs, random.Random(3), worlds=4, playouts=3)
    assert again.card == ch.card and again.scores == ch.scores


def test_ramsch_play_outs_score_by_the_lists_ramsch_rules() -> None:
    from types import SimpleNamespace

    from skatgame.ai.pimc import _give_skat, _ramsch_utility

    def seen(**options: object) -> object:  # what the scoring reads of an observation
        return SimpleNamespace(options=RuleOptions(ramsch=True, **options))  # type: ignore

    pts, tricks = [60, 40, 20], [4, 3, 3]
    assert _ramsch_utility(0, pts, tricks, seen()) == -60  # type: ignore[arg-type]
    assert _ramsch_utility(0, pts, tricks, seen(ramsch_loss="ten")) == -10  # type: ignore
    assert _ramsch_utility(1, pts, tricks, seen(ramsch_loss="ten")) == 5  # type: ignore
    maiden = [70, 50, 0], [6, 4, 0]
    assert _ramsch_utility(0, *maiden, seen(ramsch_jungfrau="plus5")) == -75  # type: ignore
    # a sweep: +120 for him or -120 for each other seat weigh the same between the seats
    sweep = [120, 0, 0], [10, 0, 0]
    for rule in ("plus120", "moon"):
        assert _ramsch_utility(0, *sweep, seen(ramsch_durchmarsch=rule)) == 120  # type: ignore
        assert _ramsch_utility(1, *sweep, seen(ramsch_durchmarsch=rule)) == -60  # type: ignore
    assert _ramsch_utility(0, *sweep, seen(ramsch_durchmarsch="off")) == -240  # type: ignore
    for rule, taker in (("last_trick", 2), ("loser", 0), ("nobody", None)):
        points = [50, 40, 20]
        _give_skat(seen(ramsch_skat=rule), points, 10, 2, [8, 7, 9])  # type: ignore
        expected = [50, 40, 20]
        if taker is not None:
            expected[taker] += 10
        assert points == expected, rule
