"""Bierlachs and settlement in money: worked examples, ties, rounding, records."""

import random
from decimal import Decimal

import pytest

from skatgame.engine.actions import CONCEDE, PASS, Bid, Contract, Declare
from skatgame.engine.records import RecordError
from skatgame.engine.rules import GameKind
from skatgame.engine.series import Series, SeriesError
from skatgame.engine.settlement import (
    Payment,
    RateError,
    money_text,
    parse_rate,
    rate_text,
    settle,
)


def lose_at_once(series: Series) -> None:
    """Forehand plays Diamonds Hand and concedes at once: a lost game."""
    deal = series.next_deal()
    for action in (PASS, PASS, Bid(18), Declare(Contract.make(GameKind.DIAMONDS, hand=True))):
        deal.apply(action)
    deal.apply(CONCEDE, seat=0)
    series.record_deal()


def test_pairwise_settlement_worked_example() -> None:
    # 310, 120, -45 at 1 ct a point: 190, 355 and 165 points between the pairs
    s = settle((310, 120, -45), Decimal(1))
    assert s.payments == (Payment(2, 0, 355), Payment(1, 0, 190), Payment(2, 1, 165))
    assert s.net == (545, -25, -520) and sum(s.net) == 0
    assert [money_text(c, signed=True) for c in s.net] == ["+5.45", "-0.25", "-5.20"]
    assert money_text(355, point=",") == "3,55"


def test_bierlachs_settlement_only_the_lachs_pays() -> None:
    s = settle((310, 120, -45), Decimal(1), lachs=(2,))
    assert s.payments == (Payment(2, 0, 355), Payment(2, 1, 165))
    assert s.net == (355, 165, -520)


def test_ties_for_the_lowest_total_both_pay_and_settle_nothing_between_them() -> None:
    s = settle((320, 40, 40), Decimal(1), lachs=(1, 2))
    assert s.payments == (Payment(1, 0, 280), Payment(2, 0, 280))
    assert s.net == (560, -280, -280)
    # a pair with equal totals pays nothing in a plain settlement either
    assert settle((100, 100, 40), Decimal(2)).payments == (Payment(2, 0, 120),
                                                          Payment(2, 1, 120))


def test_rounding_to_whole_cents_half_up_pair_by_pair() -> None:
    s = settle((301, 0, 0), Decimal("0.5"))
    assert s.payments == (Payment(1, 0, 151), Payment(2, 0, 151))  # 150.5 -> 151
    assert money_text(151) == "1.51"
    assert settle((1, 0, 0), Decimal("0.1")).payments == ()  # 0.1 ct: nothing to pay
    assert settle((5, 0, 0), Decimal("0.1")).net == (2, -1, -1)  # 0.5 -> 1 each


def test_every_settlement_sums_to_zero() -> None:
    rng = random.Random(4)
    for _ in range(500):
        n = rng.choice((3, 4))
        totals = [rng.randint(-900, 900) for _ in range(n)]
        rate = Decimal(rng.choice(("0.1", "0.2", "0.5", "1", "2", "5", "10", "0.25")))
        low = min(totals)
        for lachs in (None, tuple(i for i, t in enumerate(totals) if t == low)):
            s = settle(totals, rate, lachs)
            assert sum(s.net) == 0
            for p in s.payments:
                assert p.cents > 0 and totals[p.payer] < totals[p.payee]
                if lachs is not None:
                    assert p.payer in lachs and p.payee not in lachs


def test_rates_are_checked() -> None:
    assert parse_rate("0.5") == Decimal("0.5") and parse_rate(2) == Decimal(2)
    assert rate_text(parse_rate("1.00")) == "1" and rate_text(parse_rate("0")) == "0"
    for bad in ("-1", "abc", "nan", "inf", "0.001", "1e9", True, 1.5, None, "9" * 40):
        with pytest.raises(RateError):
            parse_rate(bad)
    with pytest.raises(SeriesError):
        Series(deals=3, rate="x")
    with pytest.raises(SeriesError):
        Series(deals=3, bierlachs=True)  # Bierlachs is played to a limit


def test_bierlachs_ends_after_the_round_in_which_the_limit_was_reached() -> None:
    # Seeger-Fabian: a lost game gives each other player +40
    s = Series(deals=None, target=80, bierlachs=True, seed=3, rate="1")
    assert s.mode == "bierlachs" and s.lachs() == () and s.settlement() is not None
    lose_at_once(s)  # players 0 and 2 at 40
    lose_at_once(s)  # player 0 at 80: the limit; the round (three deals) is played out
    assert max(s.rows[1].totals) >= 80 and not s.finished
    lose_at_once(s)
    assert s.finished and len(s.rows) == 3
    totals = s.totals()
    low = min(totals)
    assert s.lachs() == tuple(i for i, t in enumerate(totals) if t == low)
    settlement = s.settlement()
    assert settlement is not None and sum(settlement.net) == 0
    assert {p.payer for p in settlement.payments} == set(s.lachs())
    for p in settlement.payments:
        assert p.cents == totals[p.payee] - totals[p.payer]  # 1 ct a point


def test_a_round_at_four_is_four_deals() -> None:
    s = Series(("A", "B", "C", "D"), deals=None, target=30, bierlachs=True, seed=2)
    lose_at_once(s)  # at four the others (and the dealer) get +30: the limit at once
    for _ in range(2):
        lose_at_once(s)
        assert not s.finished
    lose_at_once(s)
    assert s.finished and len(s.rows) == 4


def test_modes_and_rates_are_kept_in_the_record_and_old_records_load() -> None:
    s = Series(deals=None, target=101, bierlachs=True, seed="x", rate="0.5",
               list_kind="plain")
    lose_at_once(s)
    data = s.to_record()
    assert data["mode"] == "bierlachs" and data["rate"] == "0.5" and data["target"] == 101
    back = Series.from_record(data)
    assert (back.mode, back.rate, back.target, back.rows) == ("bierlachs", Decimal("0.5"), 101,
                                                              s.rows)
    # a list written before the modes: no "mode", no "rate"
    old = Series(deals=3, seed="y")
    lose_at_once(old)
    data = old.to_record()
    assert "mode" not in data and "rate" not in data
    back = Series.from_record(data)
    assert back.mode == "deals" and back.rate == 0 and back.settlement() is None
    assert Series.from_record({**data, "planned_deals": None, "target": 50}).mode == "target"
    for bad in ({"mode": "poker"}, {"rate": "-3"}, {"rate": 0.5},
                {"mode": "bierlachs"}):  # Bierlachs with a number of deals
        with pytest.raises(RecordError):
            Series.from_record({**data, **bad})


def test_kontra_and_re_are_read_from_the_row() -> None:
    from skatgame.engine.actions import Kontra, Re
    from skatgame.engine.options import RuleOptions

    for steps, level in (((), 0), ((Kontra(),), 1), ((Kontra(), Re()), 2)):
        s = Series(deals=3, options=RuleOptions(kontra=True), seed=3)
        deal = s.next_deal()
        for action in (PASS, PASS, Bid(18), Declare(Contract.make(GameKind.DIAMONDS,
                                                                   hand=True))):
            deal.apply(action)
        for action in steps:
            deal.apply(action)
        while not deal.done:
            legal = deal.legal_actions()
            deal.apply(next((a for a in legal if type(a).__name__ == "Pass"), legal[0]))
        row = s.record_deal()
        assert row.kontra == level
