"""The review at the table without a screen: the model, its texts, the worker's jobs,
playing a deal again, practice lists (take back, saved flag, statistics)."""

from __future__ import annotations

import pytest

from skatgame.ai.levels.expert import ExpertPlayer
from skatgame.ai.player import create_player
from skatgame.ai.review import (
    DealReview,
    FairSettings,
    InformedView,
    KeyDecision,
    ReviewError,
    ReviewReason,
    Verdict,
)
from skatgame.engine.actions import CONCEDE, PASS, Bid, Contract, Declare, Play
from skatgame.engine.cards import cards_of, iss_name, parse_card
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.options import RuleOptions
from skatgame.engine.records import deal_to_record
from skatgame.table import review as table_review
from skatgame.table.archive import archive_data, archived_from
from skatgame.table.i18n import Translator
from skatgame.table.jobs import ReviewCardJob, ReviewOpenJob, run_job
from skatgame.table.review import (
    ReviewModel,
    cannot_review_key,
    card_name,
    source_of_deal,
    source_of_record,
)
from skatgame.table.session import ReplaySession, Session, new_session
from skatgame.table.stats import compute, lists_counted
from skatgame.table.thinker import InlineThinker


class SmallExpert(ExpertPlayer):
    """Few worlds: the fair view of a whole deal in a moment."""

    card_worlds = 4
    first_tricks_worlds = 4
    card_nodes = 1_000_000


@pytest.fixture(autouse=True)
def small_fair_view(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_review, "FAIR_SETTINGS", FairSettings(SmallExpert))


def played(seed: str, contract: str | None = None) -> Deal:
    """A finished deal with a declarer, played by the Advanced level (``contract``: the
    declarer's game instead of his own; the seed is varied until the auction allows it)."""
    for i in range(60):
        deal = Deal.from_seed(f"{seed}:{i}")
        players = [create_player("advanced", f"{seed}:{i}:{s}") for s in range(3)]
        while deal.to_move is not None:
            if deal.phase is Phase.DECLARE and contract is not None:
                if deal.bid > 23:
                    break
                deal.apply(Declare(Contract.parse(contract)))
            else:
                deal.apply(players[deal.to_move].act(deal.observation(deal.to_move)))
        r = deal.result
        if r is not None and not r.passed and deal.declarer is not None and \
                (contract is None or deal.contract.letters == contract):  # type: ignore
            return deal
    raise AssertionError("no seed gave a game")


@pytest.fixture(scope="module")
def suit_deal() -> Deal:
    return played("model")


@pytest.fixture(scope="module")
def null_deal() -> Deal:
    return played("model-null", "N")


def analysed(deal: Deal) -> ReviewModel:
    """The model with the worker's jobs done here, as the screen takes them in."""
    source = source_of_deal(deal, (0, 1, 2), ["You", "Anna", "Ben"],
                            [None, "expert", "expert"], "s:1", 4)
    model = ReviewModel(source)
    thinker = InlineThinker()
    model.set_open(thinker.submit(ReviewOpenJob(source.record)).result)
    for i in model.decisions():
        s = model.steps[i]
        model.set_informed(i, thinker.submit(ReviewCardJob(s.observation, s.card,
                                                           source.seeds[s.seat])).result)
    return model


def test_the_cursor_shows_the_position_before_each_card(suit_deal: Deal) -> None:
    model = ReviewModel(source_of_deal(suit_deal, (0, 1, 2), ["You", "Anna", "Ben"],
                                       [None, "a", "b"], None))
    assert model.index == 0 and model.count == len(suit_deal.tricks) * 3
    assert [len(cards_of(h)) for h in model.hands()] == [10, 10, 10]
    assert model.trick_cards() == []
    model.move(1)
    first = model.steps[0]
    assert model.trick_cards() == [(first.seat, first.card)]
    assert sum(len(cards_of(h)) for h in model.hands()) == 29
    for i in range(model.count):
        model.go(i)
        assert model.hands()[model.step.seat] >> model.step.card & 1  # still in the hand
    model.go(99)
    assert model.index == model.count - 1
    model.go(-5)
    assert model.index == 0
    assert model.trick_start(3) == 6 and model.steps[6].trick == 3
    assert model.tricks_taken() == [0, 0, 0]


def test_the_analysis_fills_in_and_the_texts_follow(suit_deal: Deal) -> None:
    en, de = Translator("en").tr, Translator("de").tr
    model = ReviewModel(source_of_deal(suit_deal, (0, 1, 2), ["You", "Anna", "Ben"],
                                       [None, "expert", "expert"], "s:1"))
    assert model.verdict_text(en, "french", False) == "Analysing the deal…"
    assert model.progress == (0, len(model.decisions()))
    done = analysed(suit_deal)
    assert done.fair_done and done.review is not None
    for tr in (en, de):
        verdict = done.verdict_text(tr, "french", False)
        assert verdict and "{" not in verdict
        for k in done.key_decisions():
            line = done.decision_text(k, tr, "german", False)
            assert (f"{k.trick}" in line and card_name(k.card, "german", False) in line)
    assert len(done.key_decisions()) <= 5
    costs = [k.cost for k in done.key_decisions() if not k.mistake]
    assert costs == sorted(costs, reverse=True)
    for i in done.decisions():
        done.go(i)
        rows = done.informed_rows()
        view = done.informed()
        assert view is not None and rows
        assert [r[0] for r in rows if r[3]] == [done.step.card]  # the card played is there
        assert [r[0] for r in rows if r[2]] == [view.best]
        assert done.informed_head(en).startswith("Win chance for")
        assert done.open_lines(en)[0].startswith("Declarer's points with perfect play")
    forced = next((i for i in range(done.count) if done.forced[i]), None)
    if forced is not None:
        done.go(forced)
        assert done.informed() is None
        assert done.informed_head(en) == "Only one card could be played here."


def test_a_null_game_says_whether_the_declarer_could_be_forced(null_deal: Deal) -> None:
    en = Translator("en").tr
    model = analysed(null_deal)
    text = model.null_text(en, "french", False)
    assert text is not None and text.startswith("Null: ")
    review = model.review
    assert review is not None
    if review.turning_point is not None:  # the card that allowed it (or let him escape)
        c = review.cards[review.turning_point]
        assert card_name(c.card, "french", False) in text
    else:
        assert text in (en("review.null.always"), en("review.null.never"))
    assert model.open_lines(en)[0].startswith("Declarer can be forced to take a trick")


def test_one_turning_point_named_alike_everywhere(suit_deal: Deal) -> None:
    en = Translator("en").tr
    model = analysed(suit_deal)
    review = model.review
    assert review is not None
    # a verdict naming a mistake makes that card the turning point
    c = review.cards[4]
    review.verdict = Verdict("mistake", {"trick": c.trick, "seat": c.seat,
                                         "card": iss_name(c.card), "best": iss_name(c.card),
                                         "chance_best": 0.8, "chance_played": 0.2})
    assert model.turning_point() == 4
    # "decided the game" is said of the turning point alone
    other = review.cards[7]
    for index, card in ((4, c), (7, other)):
        k = KeyDecision(index, card.trick, card.seat, card.card, 10, True, False, None, None,
                        None)
        text = model.decision_text(k, en, "french", False)
        assert ("decided the game" in text) == (index == 4), text
    review.verdict = Verdict("cards_decided", {"won": False})
    assert model.turning_point() == review.turning_point


def test_the_human_is_named_as_at_the_table(suit_deal: Deal) -> None:
    en = Translator("en").tr
    named = ReviewModel(source_of_deal(suit_deal, (0, 1, 2), ["Jörg", "Anna", "Ben"],
                                       [None, "expert", "expert"], "s:1"))
    assert named.who(0, en) == "Jörg" and named.who_by(0, en) == "Jörg"
    assert not named.is_you(0, en) and not named.is_you(1, en)
    plain = ReviewModel(source_of_deal(suit_deal, (0, 1, 2), ["You", "Anna", "Ben"],
                                       [None, "expert", "expert"], "s:1"))
    assert plain.who(0, en) == "You" and plain.who_by(0, en) == "you"
    assert plain.who(1, en) == "Anna"


def test_card_names_use_the_decks_indices() -> None:
    jack = parse_card("CJ")
    assert card_name(jack, "french", False) == "♣J"  # English index
    assert card_name(jack, "german", False) == "♣U"  # the Unter of the German deck
    assert card_name(jack, "french", True) == "♣B"  # German indices on French cards
    assert card_name(parse_card("HT"), "french", False) == "♥10"


def test_a_source_from_a_list_record_knows_the_seats_and_the_seeds(suit_deal: Deal) -> None:
    record = deal_to_record(suit_deal, seed="77:4", extra={"seat_players": [2, 0, 1]})
    src = source_of_record(record, ["You", "Anna", "Ben"], [None, "expert", "beginner"], 5)
    assert src.seat_players == (2, 0, 1) and src.human == 1
    # the computers' own seeds; the human (seat 1) is looked at with the hints' seed
    assert src.seeds == ("77:4:0:act", "hint", "77:4:2:act")
    names, levels, seats = src.table()
    assert names[0] == "You" and levels[0] is None and seats[src.human] == 0
    bad = source_of_record({**record, "seat_players": [5, 5, 0]}, ["a", "b", "c"],
                           [None, "x", "y"])
    assert bad.seat_players == (0, 1, 2)


def test_unreviewable_deals_are_refused() -> None:
    deal = Deal.from_seed("refused")
    while deal.phase is Phase.AUCTION:
        deal.apply(PASS)  # everyone passes: no game
    assert deal.result is not None and deal.result.passed
    with pytest.raises(ReviewError) as passed:
        ReviewModel(source_of_deal(deal, (0, 1, 2), ["a", "b", "c"], [None, "x", "y"], None))
    assert passed.value.reason is ReviewReason.PASSED_IN
    conceded = Deal.from_seed("refused")  # a hand game given up before its first card
    for action in (PASS, PASS, Bid(18), Declare(Contract.parse("CH")), CONCEDE):
        conceded.apply(action)
    assert conceded.result is not None and not conceded.result.passed
    with pytest.raises(ReviewError) as empty:
        ReviewModel(source_of_deal(conceded, (0, 1, 2), ["a", "b", "c"], [None, "x", "y"],
                                   None))
    assert empty.value.reason is ReviewReason.NO_CARDS and str(empty.value) == "no card was played"
    keys = {r: cannot_review_key(r) for r in ReviewReason}
    assert keys == {ReviewReason.PASSED_IN: "review.cannot.passed",
                    ReviewReason.NO_CARDS: "review.cannot.no_cards",
                    ReviewReason.RAMSCH: "review.cannot.ramsch",
                    ReviewReason.UNFINISHED: "review.cannot.other"}
    assert all(Translator("de")(k) != k for k in keys.values())


def test_the_worker_answers_review_jobs_and_none_when_they_fail(suit_deal: Deal) -> None:
    record = deal_to_record(suit_deal)
    step = ReviewModel(source_of_deal(suit_deal, (0, 1, 2), ["a", "b", "c"],
                                      [None, "x", "y"], None)).steps[0]
    review = run_job(ReviewOpenJob(record))
    assert isinstance(review, DealReview) and len(review.cards) == len(suit_deal.tricks) * 3
    view = run_job(ReviewCardJob(step.observation, step.card, "r"))
    assert view is None or isinstance(view, InformedView)
    broken = run_job(ReviewOpenJob({"x": 1}))
    assert broken is None


def test_playing_again_deals_the_same_cards_to_the_same_seats(suit_deal: Deal) -> None:
    model = ReviewModel(source_of_deal(suit_deal, (0, 1, 2), ["a", "b", "c"],
                                       [None, "x", "y"], None))
    fresh = model.replay_deal(None)
    assert fresh.cards == suit_deal.cards and fresh.phase is Phase.AUCTION
    from_third = model.replay_deal(3)
    assert from_third.cards == suit_deal.cards and from_third.contract == suit_deal.contract
    assert len(from_third.tricks) == 2 and not from_third.trick
    assert from_third.phase is Phase.PLAY


# ------------------------------------------------------------ practice


def practice_list(practice: bool = True) -> Session:
    return new_session("You", deals=3, options=RuleOptions(),
                       list_kind="seeger-fabian", levels=("beginner", "beginner"),
                       names=("Anna", "Ben"), seed=5, practice=practice)


def play_until_human_played(session: Session, cards: int) -> int:
    """Play the deal (beginners for everybody) until the human has played ``cards`` cards
    and the next seat is to move; returns the human's seat."""
    deal = session.deal
    human = session.human_seat
    players = [create_player("beginner", f"p{s}") for s in range(3)]
    while deal.to_move is not None:
        mine = sum(1 for s, a in deal.history if s == human and isinstance(a, Play))
        if mine >= cards and deal.phase is Phase.PLAY and deal.to_move != human:
            deal.apply(players[deal.to_move].act(deal.observation(deal.to_move)))
            if deal.to_move == human or deal.to_move is None:
                break
            continue
        deal.apply(players[deal.to_move].act(deal.observation(deal.to_move)))
    return human


def test_a_practice_list_takes_back_the_humans_last_card() -> None:
    session = practice_list()
    human = play_until_human_played(session, 2)
    deal = session.deal
    assert deal.phase is Phase.PLAY  # seed 5 has a game
    history = list(deal.history)
    last = max(i for i, (s, a) in enumerate(history) if s == human and isinstance(a, Play))
    card = history[last][1].card  # type: ignore[union-attr]
    assert session.can_take_back(human)
    assert session.take_back(human)
    assert session.deal.history == history[:last]
    assert session.deal.hands[human] >> card & 1
    assert session.series.current is session.deal  # the list keeps the deal at the table
    assert session.deal.to_move == human
    plain = practice_list(practice=False)
    play_until_human_played(plain, 1)
    assert not plain.take_back(plain.human_seat)


def test_the_practice_flag_is_saved_and_old_lists_load_without_it() -> None:
    session = practice_list()
    data = session.to_record()
    assert data["practice"] is True
    again = Session.from_record(data)
    assert again.practice
    del data["practice"]
    assert not Session.from_record(data).practice
    assert "practice" not in practice_list(practice=False).to_record()


def test_practice_lists_and_deals_played_again_are_not_counted() -> None:
    real, practice = practice_list(False), practice_list(True)
    for s in (real, practice):
        players = [create_player("beginner", f"q{i}") for i in range(3)]
        deal = s.deal
        while deal.to_move is not None:
            deal.apply(players[deal.to_move].act(deal.observation(deal.to_move)))
        s.record()
    real.list_id, practice.list_id = "real", "practice"
    archived = [archived_from("finished/real", archive_data(real, "2024-01-01T00:00:00")),
                archived_from("finished/p", archive_data(practice, "2024-01-01T00:00:00"))]
    assert [e.practice for e in archived] == [False, True]
    counted = lists_counted(archived, None)
    assert [e.list_id for e in counted] == ["real"]
    assert compute(archived) == compute(counted)
    replay = ReplaySession(real.series.current or Deal.from_seed("x"), real.names, real.levels,
                           (0, 1, 2), origin=None)
    assert lists_counted([], replay) == [] and lists_counted([], practice) == []
    again = ReplaySession(Deal.from_seed("y"), real.names, real.levels, (0, 1, 2),
                          origin=real)
    assert [e.list_id for e in lists_counted([], again)] == ["real"]
    assert again.record() is None and not again.saveable and not again.finished


def test_every_kind_of_session_sets_up_the_same_fields() -> None:
    session = practice_list(False)
    players = [create_player("beginner", f"f{i}") for i in range(3)]
    while True:
        deal = session.deal
        while deal.to_move is not None:
            deal.apply(players[deal.to_move].act(deal.observation(deal.to_move)))
        session.record()
        if session.finished:
            break
        session.next_deal()
    data = session.to_record()
    del data["id"], data["started"]
    restored = Session.from_record(data, allow_finished=True)
    assert restored.list_id == "restored-5" and restored.started and restored.last_row is None
    assert restored.names == session.names and restored.levels == session.levels
    again = ReplaySession(Deal.from_seed("z"), session.names, session.levels, (2, 0, 1))
    assert again.list_id == "practice" and again.practice and again.move_timer == 0
    assert again.series.players == session.names and again.last_row is None
    fields = set(vars(practice_list(False)))
    assert fields - {"deal", "seats"} <= set(vars(restored))  # a finished list has no deal
    assert all(hasattr(again, f) for f in fields)  # (a deal played again: dealer 0)


def test_a_key_decision_is_worded_alike_while_estimating_and_after(suit_deal: Deal) -> None:
    """While the fair view still estimates, a key decision says "estimating…" where its
    word will stand; the card, the head and what the open cards show are the same words
    before and after (only the fair view's word comes in), in both languages."""
    done = analysed(suit_deal)
    source = done.source
    early = ReviewModel(source)
    early.set_open(InlineThinker().submit(ReviewOpenJob(source.record)).result)
    assert not early.fair_done and early.key_decisions()
    # the verdict, too, says it is still estimating, and no longer once it is done
    en = Translator("en").tr
    assert early.verdict_text(en, "french", False).endswith(" (estimating…)")
    assert "estimating" not in done.verdict_text(en, "french", False)
    final = {k.index: k for k in done.key_decisions()}
    compared = 0
    for tr, mark in ((Translator("en").tr, "estimating…"),
                     (Translator("de").tr, "wird geschätzt…")):
        for k in early.key_decisions():
            before = early.decision_text(k, tr, "french", False)
            assert f" · {mark}" in before, before
            if k.index not in final:
                continue
            after = done.decision_text(final[k.index], tr, "french", False)
            word = done._fair_word(final[k.index], tr, "french", False)
            # the same line with the fair view's word (or none) in the mark's place
            expected = before.replace(" · " + mark, f" · {word}" if word else "")
            if final[k.index].decided == k.decided and final[k.index].cost == k.cost:
                assert after == expected, (before, after)
                compared += 1
    assert compared


def test_cards_that_would_have_kept_it_are_named_as_alternatives() -> None:
    en, de = Translator("en").tr, Translator("de").tr
    assert table_review.either(["♣10"], en) == "♣10"
    assert table_review.either(["♣10", "♣A"], de) == "♣10 oder ♣A"
    assert de("review.verdict.keeps", cards=table_review.either(["♣10", "♣A", "♣K"], de)) \
        == "(♣10, ♣A oder ♣K hätte es gehalten)"
    assert en("review.open.keeps", cards=table_review.either(["♣10", "♣A"], en)) \
        == "Would have kept it: ♣10 or ♣A"
