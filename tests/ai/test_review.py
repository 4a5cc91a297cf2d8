"""The review of a deal: open-cards values, the fair view, the summary, the command."""

from __future__ import annotations

import dataclasses
import io
import json
import pickle
import random
from pathlib import Path

import pytest

from skatgame.ai.levels.beginner import BeginnerPlayer
from skatgame.ai.levels.expert import ExpertPlayer
from skatgame.ai.review import (
    MISTAKE_DROP,
    CardReview,
    DealReview,
    FairSettings,
    ReviewError,
    ReviewReason,
    Verdict,
    informed_view,
    open_view,
    play_steps,
    review_deal,
    summarise,
    turning_point,
    verdict_text,
    with_keeps,
)
from skatgame.ai.solver import move_values, solve
from skatgame.cli import main
from skatgame.commands.solve import solve_lines
from skatgame.engine.actions import PASS, Claim, Contract, Declare, Play
from skatgame.engine.cards import cards_of, iss_name
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.options import RuleOptions
from skatgame.engine.records import deal_to_record
from skatgame.engine.rules import GameKind

SEED = 11


class SmallExpert(ExpertPlayer):
    """The Expert with few worlds (its card search is the fair view's), so that deals
    are played and reviewed quickly."""

    card_worlds = 5
    first_tricks_worlds = 4
    exact_from_trick = 5
    card_nodes = 2_000_000


SMALL = FairSettings(SmallExpert)


def play_deal(seed: str, contract: str | None = None, experts: str = "all") -> Deal:
    """Beginners bid, the small Expert (seed SEED) plays the cards.

    ``contract`` (ISS letters) replaces the declarer's own choice of game;
    ``experts`` is ``all`` or ``declarer`` (the defenders' cards by the Beginner).
    """
    deal = Deal.from_seed(seed)
    bidders = [BeginnerPlayer(f"{seed}/{s}") for s in range(3)]
    expert = SmallExpert(SEED)
    while deal.to_move is not None:
        seat = deal.to_move
        obs = deal.observation(seat)
        if deal.phase is Phase.PLAY and (experts == "all" or seat == deal.declarer):
            action = expert.act(obs)
        elif deal.phase is Phase.DECLARE and contract is not None:
            action = Declare(Contract.parse(contract))
        else:
            action = bidders[seat].act(obs)
        deal.apply(action)
    return deal


def played_deal(seed: str, contract: str | None = None) -> Deal:
    """A deal with a declarer (the seed's auction, or a fresh seed if it was passed in)."""
    for n in range(20):
        deal = play_deal(f"{seed}.{n}", contract)
        if deal.contract is not None and deal.declarer is not None and not deal.result.passed:
            return deal
    raise AssertionError("no seed gave a game")


@pytest.fixture(scope="module")
def deals() -> list[Deal]:
    return [played_deal("r1"), played_deal("r2"), played_deal("r3", "G"),
            played_deal("r4", "N")]


@pytest.fixture(scope="module")
def reviews(deals: list[Deal]) -> list[DealReview]:
    return [review_deal(d, seed=SEED, settings=SMALL) for d in deals]


def _is_null(deal: Deal) -> bool:
    return deal.contract is not None and deal.contract.kind == GameKind.NULL


# ------------------------------------------------------------ open cards


def test_the_deals_cover_suit_grand_and_null(deals: list[Deal]) -> None:
    kinds = {int(d.contract.kind) for d in deals}  # type: ignore[union-attr]
    assert GameKind.GRAND in kinds and GameKind.NULL in kinds
    assert any(k < 4 for k in kinds) or len(deals) == 4


def test_a_card_never_helps_the_other_side(deals: list[Deal]) -> None:
    for deal in deals:
        null = _is_null(deal)
        for c in open_view(deal):
            lowers = c.after < c.before
            raises = c.after > c.before
            # suit and grand: the value is the declarer's points; null: "can be forced"
            if c.declarer_side != null:
                assert not raises, c
            else:
                assert not lowers, c
            assert c.cost >= 0
            assert c.cost == abs(c.after - c.before)


def test_each_after_is_the_next_before(deals: list[Deal]) -> None:
    for deal in deals:
        cards = open_view(deal)
        assert len(cards) == len(play_steps(deal))
        for a, b in zip(cards, cards[1:], strict=False):
            assert a.after == b.before


def test_the_last_after_is_what_the_declarer_took(deals: list[Deal]) -> None:
    for deal in deals:
        cards = open_view(deal)
        assert deal.result is not None and deal.declarer is not None
        if _is_null(deal):
            assert cards[-1].after == int(deal.tricks_won[deal.declarer] > 0)
        else:
            assert cards[-1].after == deal.result.declarer_points


def _solve_line(pos_hands: tuple[int, int, int], kind: int, declarer: int, leader: int) -> str:
    letters = "CSHDGN"
    hands = [" ".join(iss_name(c) for c in cards_of(pos_hands[(declarer + i) % 3]))
             for i in range(3)]
    return f"{letters[kind]} {(leader - declarer) % 3} | " + " | ".join(hands)


def test_values_agree_with_the_solve_command_at_trick_starts(deals: list[Deal]) -> None:
    for deal in deals:
        cards = open_view(deal)
        steps = play_steps(deal)
        starts = [s for s in steps if not s.position.trick]
        lines = [_solve_line(s.position.hands, s.position.kind, s.position.declarer,
                             s.position.leader) for s in starts]
        out, err = io.StringIO(), io.StringIO()
        assert solve_lines(lines, python=False, out=out, err=err) == 0, err.getvalue()
        solved = [int(v) for v in out.getvalue().split()]
        for step, value in zip(starts, solved, strict=True):
            want = 1 - value if _is_null(deal) else step.taken + value
            assert cards[step.index].before == want


def test_values_are_exact_at_every_card(deals: list[Deal]) -> None:
    # open_view values most cards by a threshold search from the card before; an
    # exact search of every position must agree
    for deal in deals:
        steps = play_steps(deal)
        for step, card in zip(steps, open_view(deal, steps), strict=True):
            value = solve(step.position)
            assert card.before == (1 - value if _is_null(deal) else step.taken + value)


def test_keeps_names_the_cards_that_kept_the_value(deals: list[Deal]) -> None:
    costly = 0
    for deal in deals:
        steps = play_steps(deal)
        cards = open_view(deal, steps)
        assert all(c.keeps == () for c in cards)
        with_keeps(cards, steps)
        for c, step in zip(cards, steps, strict=True):
            if not c.cost:
                assert c.keeps == ()
                continue
            costly += 1
            assert c.keeps and c.card not in c.keeps
            # each of them keeps the value exactly (checked by exact values of every card)
            values = move_values(step.position)
            decl = step.seat == step.position.declarer
            best = max(values.values()) if decl else min(values.values())
            assert set(c.keeps) == {k for k, v in values.items() if v == best}
    assert costly


def test_a_claimed_deal_is_valued_up_to_the_claim(deals: list[Deal]) -> None:
    full = deals[0]
    claimed = Deal(full.cards, full.options)
    plays = 0
    for seat, action in full.history:
        if isinstance(action, Play):
            if plays == 15 and not claimed.trick:
                break
            plays += 1
        claimed.apply(action, seat)
    assert claimed.declarer is not None
    claimed.apply(Claim(), claimed.declarer)
    assert claimed.done
    review = review_deal(claimed, fair=False)
    assert len(review.cards) == 15 and not review.played_out
    # the last value is perfect play of the rest, as at the same card of the full deal
    assert review.cards[-1].after == open_view(full)[14].after


# ------------------------------------------------------------ the fair view


def test_forced_and_best_cards_are_never_mistakes(reviews: list[DealReview]) -> None:
    looked = 0
    for review in reviews:
        for c in review.cards:
            if c.forced:
                assert c.informed is None
                continue
            assert c.informed is not None
            looked += 1
            if c.informed.best == c.card:
                assert not c.informed.mistake
            assert set(c.informed.win_chance) == set(c.informed.score)
            assert all(0.0 <= p <= 1.0 for p in c.informed.win_chance.values())
    assert looked > 20


def test_seats_that_played_the_experts_choice_make_no_mistake(
        reviews: list[DealReview]) -> None:
    # every card of these deals is the small Expert's choice with the review's seed
    for review in reviews:
        assert not [c for c in review.cards if c.informed and c.informed.mistake]
        assert review.verdict.key in ("bad_luck", "long_odds", "cards_decided")


def test_the_expert_declarer_is_not_blamed_for_the_beginners_mistakes() -> None:
    blamed = 0
    for seed in ("m10", "m11", "m13"):
        deal = play_deal(seed, experts="declarer")
        assert deal.declarer is not None and deal.result is not None
        review = review_deal(deal, seed=SEED, settings=SMALL)
        mistakes = [c for c in review.cards if c.informed and c.informed.mistake]
        assert all(c.seat != deal.declarer for c in mistakes)
        losing = [c for c in mistakes if c.declarer_side != review.won]
        if losing:
            blamed += 1
            key = "let_through" if review.won else "mistake"
            assert review.verdict.key == key
            named = review.verdict.params
            assert (named["trick"], named["seat"]) in {(c.trick, c.seat) for c in losing}
            assert named["chance_best"] >= named["chance_played"]
    assert blamed  # the Beginner defenders erred at least once


def test_filling_in_the_fair_view_card_by_card_gives_the_same_review(
        deals: list[Deal], reviews: list[DealReview]) -> None:
    deal, whole = deals[0], reviews[0]
    review = review_deal(deal, fair=False)
    steps = play_steps(deal)
    for i, step in enumerate(steps):
        if not review.cards[i].forced:
            inf = informed_view(step.observation, step.card, SEED, SMALL)
            review.cards[i] = dataclasses.replace(review.cards[i], informed=inf)
        summarise(review, steps)
    assert review.cards == whole.cards
    assert review.summary_json() == whole.summary_json()


def test_the_fair_view_is_deterministic_for_a_seed(deals: list[Deal]) -> None:
    step = next(s for s in play_steps(deals[0]) if len(s.position.legal_moves()) > 2)
    a = informed_view(step.observation, step.card, 5, SMALL)
    b = informed_view(step.observation, step.card, 5, SMALL)
    assert a == b and a is not None and a.worlds > 0


def test_a_clearly_worse_card_is_a_mistake(deals: list[Deal]) -> None:
    # look for a decision where some legal card is clearly worse than the best
    found = False
    for deal in deals:
        for step in play_steps(deal):
            inf = informed_view(step.observation, step.card, SEED, SMALL)
            if inf is None:
                continue
            sign = 1 if step.seat == step.position.declarer else -1
            # worse by the Expert's criterion, and by the chance shown
            worse = [c for c in inf.score
                     if sign * (inf.score[inf.best] - inf.score[c]) >= SMALL.margin
                     and inf.drop(c) >= MISTAKE_DROP]
            if not worse:
                continue
            other = informed_view(step.observation, worse[0], SEED, SMALL)
            assert other is not None and other.mistake and other.best == inf.best
            found = True
            break
        if found:
            break
    assert found


def test_an_illegal_card_is_refused(deals: list[Deal]) -> None:
    step = next(s for s in play_steps(deals[0]) if len(s.position.legal_moves()) > 1)
    illegal = next(c for c in range(32) if not step.observation.legal_cards() >> c & 1)
    with pytest.raises(ValueError):
        informed_view(step.observation, illegal, SEED, SMALL)


# ------------------------------------------------------------ summary


def test_summary_fits_the_cards(reviews: list[DealReview]) -> None:
    for review in reviews:
        assert len(review.key_decisions) <= 5
        for k in review.key_decisions:
            c = review.cards[k.index]
            assert c.cost > 0 or k.mistake
        if review.turning_point is not None:
            tp = review.cards[review.turning_point]
            assert tp.cost > 0 and tp.keeps
            assert review.verdict.key in ("bad_luck", "long_odds")
        assert verdict_text(review.verdict)
        assert review.played_out is True  # these deals were played to their end
        line = review.summary_json()
        json.dumps(line)


def _card(i: int, before: int, after: int, decl: bool = True) -> CardReview:
    return CardReview(i, i // 3 + 1, 0, i, decl, False, before, after, abs(before - after))


def test_turning_point_is_the_last_flip() -> None:
    cards = [_card(0, 70, 70), _card(1, 70, 55), _card(2, 55, 66, False), _card(3, 66, 50)]
    assert turning_point(cards, False, 61) == 3
    assert turning_point(cards[:1], False, 61) is None
    assert turning_point([_card(0, 0, 1)], True, 0) == 0


def test_verdict_texts() -> None:
    v = Verdict("mistake", {"won": False, "null": False, "trick": 4, "seat": 0, "card": "HA",
                            "best": "CJ", "chance_best": 0.8, "chance_played": 0.35})
    assert verdict_text(v) == ("The declarer's mistake was trick 4: ♥A instead of ♣J "
                               "(win chance 80% -> 35%)")
    t = verdict_text(Verdict("let_through", {**v.params, "won": True}))
    assert "let the declarer through" in t
    unlucky = {"won": False, "null": False, "trick": 2, "seat": 1, "card": "S7",
               "keeps": ["SA"], "peak_chance": 0.98, "peak_trick": 1}
    assert verdict_text(Verdict("bad_luck", unlucky)).startswith(
        "The declarer made no clear mistake with what they knew and were favourites: "
        "win chance 98% (trick 1)")
    assert "long odds: win chance at most 20%" in verdict_text(
        Verdict("long_odds", {**unlucky, "peak_chance": 0.2, "won": True}))
    assert "cards decided" in verdict_text(Verdict("cards_decided", {"won": True}))
    assert verdict_text(Verdict("cards_decided", {"won": True, "peak_chance": 0.98,
                                                  "peak_trick": 1})).endswith(
        "yet with what they knew the defenders' win chance was 98% (trick 1)")


# ------------------------------------------------------------ refusals


def test_unreviewable_deals_are_refused() -> None:
    unfinished = Deal.from_seed(3)
    passed = Deal.from_seed(3)
    for _ in range(3):
        passed.apply(PASS)
    for deal, reason, message in (
            (unfinished, ReviewReason.UNFINISHED, "the deal is not finished"),
            (passed, ReviewReason.PASSED_IN, "the deal was passed in: no card was played"),
            (_ramsch_deal(), ReviewReason.RAMSCH,
             "Ramsch has no declarer: it cannot be reviewed")):
        with pytest.raises(ReviewError) as refused:
            review_deal(deal, fair=False)
        assert refused.value.reason is reason and str(refused.value) == message
        again = pickle.loads(pickle.dumps(refused.value))  # e.g. from a worker process
        assert again.reason is reason and str(again) == message


def _ramsch_deal() -> Deal:
    deal = Deal.from_seed(4, RuleOptions(ramsch=True))
    rng = random.Random(1)
    for _ in range(3):
        deal.apply(PASS)
    while not deal.done:
        deal.apply(rng.choice(deal.legal_actions()))
    assert deal.contract is not None and deal.contract.kind == GameKind.RAMSCH
    return deal


# ------------------------------------------------------------ the command


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict]]:
    code = main(["review", *args])
    out = capsys.readouterr().out
    return code, [json.loads(line) for line in out.splitlines()]


def _write(tmp_path: Path, data: object, name: str = "deal.json") -> str:
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(p)


def test_command_prints_a_line_per_card_and_a_summary(
        deals: list[Deal], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deal = deals[0]
    path = _write(tmp_path, deal_to_record(deal))
    code, lines = _run(capsys, path, "--open-only")
    assert code == 0
    cards, summary = lines[:-1], lines[-1]
    assert len(cards) == len(play_steps(deal))
    for line, step in zip(cards, play_steps(deal), strict=True):
        assert set(line) == {"trick", "seat", "card", "forced", "before", "after", "cost",
                             "informed"}
        assert set(line["informed"]) == {"best", "win_chance", "mistake"}
        assert line["card"] == iss_name(step.card) and line["seat"] == step.seat
        assert 1 <= line["trick"] <= 10
    assert {"key_decisions", "turning_point", "verdict"} <= set(summary)
    assert summary["verdict"]["text"]


def test_command_fair_view_follows_the_seed(
        deals: list[Deal], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(FairSettings, "of_expert", classmethod(lambda cls, margin=0.1: SMALL))
    path = _write(tmp_path, deal_to_record(deals[1]))
    code, first = _run(capsys, path, "--seed", "3")
    assert code == 0
    _, again = _run(capsys, path, "--seed", "3")
    assert first == again
    chances = [c["informed"]["win_chance"] for c in first[:-1] if not c["forced"]]
    assert chances and all(chances)


def test_command_reads_a_list_record(
        deals: list[Deal], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    series = {"format": "skatgame-series", "version": 1,
              "deals": [deal_to_record(deals[0]), deal_to_record(deals[2])]}
    path = _write(tmp_path, series)
    code, lines = _run(capsys, path, "--deal", "2", "--open-only")
    assert code == 0 and len(lines) == len(play_steps(deals[2])) + 1
    code, lines = _run(capsys, path, "--open-only")
    assert code == 1 and "--deal" in lines[0]["error"]


@pytest.mark.parametrize("what", ["damaged", "unfinished", "passed", "ramsch", "missing",
                                  "not a record", "bad action"])
def test_command_reports_bad_input_as_json(
        what: str, deals: list[Deal], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    record = deal_to_record(deals[0])
    if what == "damaged":
        path = _write(tmp_path, json.dumps(record)[:-40])
    elif what == "unfinished":
        path = _write(tmp_path, {**record, "actions": record["actions"][:-5]})
    elif what == "passed":
        passed = Deal.from_seed(3)
        for _ in range(3):
            passed.apply(PASS)
        path = _write(tmp_path, deal_to_record(passed))
    elif what == "ramsch":
        path = _write(tmp_path, deal_to_record(_ramsch_deal()))
    elif what == "missing":
        path = str(tmp_path / "no such file.json")
    elif what == "not a record":
        path = _write(tmp_path, [1, 2, 3])
    else:
        path = _write(tmp_path, {**record, "actions": [*record["actions"][:-3], [0, "??"]]})
    code, lines = _run(capsys, path)
    assert code == 1
    assert len(lines) == 1 and isinstance(lines[0]["error"], str) and lines[0]["error"]
