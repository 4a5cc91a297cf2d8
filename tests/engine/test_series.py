"""Lists: rotation, 3 and 4 players, plain and Seeger-Fabian, Bock, records."""

import random

import pytest

from skatgame.engine.options import RuleOptions
from skatgame.engine.records import RecordError
from skatgame.engine.series import Series, SeriesError
from skatgame.engine.shuffle import DEALING_SHA256

from .helpers import play_random


def play_list(series: Series, seed: int = 1, most: int = 300) -> Series:
    rng = random.Random(seed)
    while not series.finished:
        assert len(series.rows) < most, "the list should have ended"
        play_random(series.next_deal(), rng)
        series.record_deal()
    return series


def test_three_player_rotation():
    s = Series(deals=6)
    assert [s.dealer(n) for n in range(4)] == [0, 1, 2, 0]
    # Forehand sits left of the dealer; the dealer is Rearhand at three
    assert s.seat_players(0) == (1, 2, 0)
    assert s.seat_players(1) == (2, 0, 1)


def test_four_players_dealer_sits_out():
    s = Series(("A", "B", "C", "D"), deals=8)
    for n in range(8):
        assert s.dealer(n) not in s.seat_players(n)
    assert s.seat_players(0) == (1, 2, 3)
    play_list(s)
    assert len(s.rows) == 8
    for row in s.rows:
        if row.result.declarer is not None and not row.result.won:
            assert row.seeger_fabian[row.dealer] == 30  # the dealer gets 30 too


def test_deals_must_be_a_multiple_of_players():
    with pytest.raises(SeriesError):
        Series(deals=10)
    with pytest.raises(SeriesError):
        Series(("A", "B"), deals=6)
    with pytest.raises(SeriesError):
        Series(deals=None, target=None)


def test_seeger_fabian_and_plain_totals():
    s = play_list(Series(deals=36, seed=5))
    assert len(s.rows) == 36 and s.finished
    for row in s.rows:
        r = row.result
        if r.declarer is None or r.passed:
            continue
        d = row.declarer_player
        assert row.plain[d] == r.value
        if r.won:
            assert row.seeger_fabian[d] == r.value + 50
        else:
            assert row.seeger_fabian[d] == r.value - 50
            assert sorted(row.seeger_fabian)[-2:] == [40, 40]
    assert s.totals("plain") == tuple(sum(r.plain[i] for r in s.rows) for i in range(3))
    assert s.rows[-1].totals == s.totals()


def test_target_score_ends_after_a_round():
    from skatgame.engine.actions import CONCEDE, PASS, Bid, Contract, Declare
    from skatgame.engine.rules import GameKind

    s = Series(deals=None, target=40, seed=3)
    while not s.finished:
        assert len(s.rows) < 9
        deal = s.next_deal()
        for action in (PASS, PASS, Bid(18), Declare(Contract.make(GameKind.DIAMONDS, hand=True))):
            deal.apply(action)
        deal.apply(CONCEDE, seat=0)  # each defender gets 40 in the tournament list
        s.record_deal()
    # the target is reached after the first deal, but the round is played out
    assert len(s.rows) == 3 and max(s.rows[0].totals) >= 40


def test_bock_round_doubles_the_next_round():
    options = RuleOptions(bock=True, kontra=True, ramsch=True)
    s = play_list(Series(deals=60, options=options, seed=11), seed=11)
    bock_rows = [r for r in s.rows if r.bock]
    assert bock_rows, "random play should trigger some Bock round in 60 deals"
    for row in bock_rows:
        assert row.result.multiplier % 2 == 0


def test_series_record_round_trip_including_deal_in_progress():
    s = Series(deals=6, seed="abc")
    rng = random.Random(2)
    for _ in range(2):
        play_random(s.next_deal(), rng)
        s.record_deal()
    current = s.next_deal()
    for _ in range(5):
        current.apply(rng.choice(current.legal_actions()))
    again = Series.from_record(s.to_record())
    assert again.totals() == s.totals() and len(again.rows) == 2
    assert again.current is not None and again.current.history == current.history


def test_foreign_series_record_is_refused():
    with pytest.raises(RecordError):
        Series.from_record({"format": "something"})
    data = Series(deals=3).to_record()
    data["deals"] = [{"format": "skatgame-deal"}]
    with pytest.raises(RecordError):
        Series.from_record(data)


def test_seeds_given_for_single_deals_shuffle_them_and_are_kept_in_the_record() -> None:
    """A table that draws each deal's seed on its own (a network table: one deal's seed
    must not tell another's) gives it before the deal; the record keeps it."""
    s = Series(["A", "B", "C"], deals=3, seed="")
    s.deal_seeds[0] = "a" * 32
    s.deal_seeds[1] = "b" * 32
    from skatgame.engine.deal import Deal
    first = s.next_deal()
    assert first.cards == Deal.from_seed("a" * 32, dealing=DEALING_SHA256).cards
    play_random(first, random.Random(1))
    s.record_deal(first)
    second = s.next_deal()
    assert second.cards == Deal.from_seed("b" * 32, dealing=DEALING_SHA256).cards
    assert s.records[0]["seed"] == "a" * 32
    back = Series.from_record(s.to_record())
    assert back.deal_seeds == s.deal_seeds and back.rows == s.rows
    assert back.current is not None and back.current.cards == second.cards
    data = s.to_record()
    data["deal_seeds"] = {"0": 5}
    with pytest.raises(RecordError, match="deal_seeds"):
        Series.from_record(data)
    data["deal_seeds"] = {"x": "y"}
    with pytest.raises(RecordError, match="deal_seeds"):
        Series.from_record(data)
