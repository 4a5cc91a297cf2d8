"""The review lists the human's Kontra and Re as key decisions: the chance his hint gave
(the same figure) and what the doubling cost or gained on the list, in both languages;
a Kontra that cost is counted in the verdict (issue 29, playtest finding 10)."""

from __future__ import annotations

import random

import pytest

from skatgame.ai.doublings import doubling_decisions
from skatgame.ai.hints import HINT_SEED, suggest
from skatgame.engine.actions import KONTRA, PASS, RE, Kontra, Re
from skatgame.engine.deal import Deal, Phase
from skatgame.table.i18n import Translator
from skatgame.table.jobs import ReviewOpenJob, run_job
from skatgame.table.review import ReviewModel, source_of_deal
from tests.table.test_deal_log import clubs_hand_deal

EN, DE = Translator("en"), Translator("de")


def doubled_deal(re: bool, declarer_wins: bool) -> tuple[Deal, int, float | None]:
    """Middlehand's clubs hand game; the second defender says Kontra (the first passes),
    the declarer Re (``re``) or not; then random cards, the first seed whose outcome is
    ``declarer_wins``. Also the Kontra seat and the chance its hint gave."""
    for s in range(60):
        deal = clubs_hand_deal()
        deal.apply(PASS)
        seat = deal.to_move
        assert seat is not None and deal.phase is Phase.KONTRA
        hint = suggest(deal.observation(seat))
        deal.apply(KONTRA)
        deal.apply(RE if re else PASS)
        rng = random.Random(s)
        while not deal.done:
            deal.apply(rng.choice(deal.legal_actions()))
        assert deal.result is not None
        if deal.result.won == declarer_wins:
            return deal, seat, hint.win_probability
    raise AssertionError("no such deal")


def reviewed(deal: Deal, human: int) -> ReviewModel:
    seats = (0, 1, 2)
    names = ["You" if s == human else n for s, n in zip(seats, ("Ann", "Ben", "Cid"),
                                                        strict=True)]
    levels: list[str | None] = [None if s == human else "expert" for s in seats]
    source = source_of_deal(deal, seats, names, levels, "doubling")
    model = ReviewModel(source)
    model.set_open(run_job(ReviewOpenJob(source.record, source.human)))
    return model


def test_a_lost_kontra_is_a_key_decision_with_its_chance_and_cost() -> None:
    deal, seat, chance = doubled_deal(re=False, declarer_wins=True)
    assert deal.result is not None and deal.declarer is not None
    value = deal.result.value  # the declarer's score, Kontra doubled
    model = reviewed(deal, seat)
    first = model.key_decisions()[0]
    assert first.doubling is not None and first.doubling.call == "kontra"
    assert first.doubling.cost == value - value // 2 > 0  # what the Kontra cost the defender
    assert chance is not None and first.doubling.chance == pytest.approx(chance)
    line = model.decision_text(first, EN, "french", False)
    german = model.decision_text(first, DE, "german", True)
    declarer = model.source.name(deal.declarer)
    plain = f"+{value // 2}"
    assert line.startswith("Before trick 1 · You: Kontra · the defenders' chance "
                           f"{round(chance * 100)}%"), line
    assert f"cost {value // 2} on the list: {declarer}'s game +{value} instead of "\
           f"{plain}" in line, line
    assert german.startswith("Vor Stich 1 · Du: Kontra · Chance der Gegenspieler "
                             f"{round(chance * 100)} %"), german
    assert f"kostete {value // 2} auf der Liste: das Spiel von {declarer} +{value} "\
           f"statt {plain}" in german, german
    advised = isinstance(suggest(deal.replayed(5).observation(seat)).action, Kontra)
    assert ("(hint: double)" in line) == advised
    # the verdict counts it
    verdict = model.verdict_text(EN, "french", False)
    assert f"Your Kontra cost {value // 2} on the list" in verdict, verdict
    assert "Dein Kontra kostete" in model.verdict_text(DE, "german", True)


def test_a_re_that_lost_costs_the_declarer_and_a_kontra_that_won_gains() -> None:
    deal, kontra_seat, _ = doubled_deal(re=True, declarer_wins=False)
    assert deal.result is not None and deal.declarer is not None
    value = deal.result.value  # negative: lost, doubled twice
    re = doubling_decisions(deal, deal.declarer, HINT_SEED)
    assert [d.call for d in re] == ["re"] and re[0].cost == value // 2 - value > 0
    model = reviewed(deal, deal.declarer)
    line = model.decision_text(model.key_decisions()[0], EN, "french", False)
    assert f"cost {-value // 2} on the list: your game −{-value} instead of " \
           f"−{-value // 2}" in line, line
    kontra = doubling_decisions(deal, kontra_seat, HINT_SEED)
    assert [d.call for d in kontra] == ["kontra"] and kontra[0].cost < 0  # it gained
    model = reviewed(deal, kontra_seat)
    line = model.decision_text(model.key_decisions()[0], EN, "french", False)
    assert "gained" in line and "cost" not in line
    assert "Kontra cost" not in model.verdict_text(EN, "french", False)


def test_no_kontra_is_listed_only_where_the_hint_advised_it_and_the_side_won() -> None:
    deal, kontra_seat, _ = doubled_deal(re=False, declarer_wins=False)
    first = next(s for s in range(3) if s not in (kontra_seat, deal.declarer))
    passed = doubling_decisions(deal, first, HINT_SEED)
    hint = suggest(deal.replayed(4).observation(first))
    assert deal.replayed(4).phase is Phase.KONTRA and deal.replayed(4).to_move == first
    if isinstance(hint.action, (Kontra, Re)):
        assert [d.call for d in passed] == ["no_kontra"] and passed[0].cost > 0
    else:
        assert passed == []
