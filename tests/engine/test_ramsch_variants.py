"""The Ramsch variants: where the skat goes, what the loser pays, Jungfrau, Durchmarsch.

Each is a house rule (RuleOptions); the defaults are the Ramsch as it was before
the variants, and records written before them still load.
"""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skatgame.engine.actions import PASS
from skatgame.engine.cards import points_of
from skatgame.engine.deal import Deal
from skatgame.engine.options import (
    RAMSCH_DURCHMARSCH,
    RAMSCH_JUNGFRAU,
    RAMSCH_LOSS,
    RAMSCH_SKAT,
    OptionsError,
    RuleOptions,
    migrate_options,
)
from skatgame.engine.records import RecordError, deal_from_record, deal_to_record
from skatgame.engine.scoring import ramsch_skat_taker, score_ramsch
from skatgame.engine.series import Series
from skatgame.engine.shuffle import DEALING_PYTHON

from .helpers import deal_from_hands

# Forehand holds all jacks and clubs: leading them he takes every trick.
FH = "CJ SJ HJ DJ CA CT CK CQ C9 C8"
MH = "SA ST SK SQ S9 S8 S7 HA HT HK"
RH = "HQ H9 H8 H7 DA DT DK DQ D9 D8"
SKAT = "C7 D7"

ramsch_options = st.builds(
    RuleOptions, ramsch=st.just(True), schieberamsch=st.booleans(),
    ramsch_skat=st.sampled_from(RAMSCH_SKAT), ramsch_loss=st.sampled_from(RAMSCH_LOSS),
    ramsch_jungfrau=st.sampled_from(RAMSCH_JUNGFRAU),
    ramsch_durchmarsch=st.sampled_from(RAMSCH_DURCHMARSCH),
)


def play_ramsch(deal: Deal, rng: random.Random) -> Deal:
    """Everyone passes, then random legal play (pushing at random in Schieberamsch)."""
    for _ in range(3):
        deal.apply(PASS)
    while not deal.done:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def expected_ramsch(deal: Deal) -> tuple[int | None, tuple[int, int, int]]:
    """The skat's taker and every seat's score, worked out from the rules as written."""
    o = deal.options
    tricks_points = deal.points  # the tricks only
    skat = points_of(deal.skat)
    last_of = [-1, -1, -1]
    for i, t in enumerate(deal.tricks):
        last_of[t.seat] = i
    if o.ramsch_skat == "nobody":
        taker = None
    elif o.ramsch_skat == "last_trick":
        taker = deal.tricks[-1].seat
    else:
        top = max(tricks_points)
        tied = [s for s in range(3) if tricks_points[s] == top]
        taker = max(tied, key=lambda s: last_of[s])
    points = list(tricks_points)
    if taker is not None:
        points[taker] += skat
    mult = deal.multiplier * 2**deal.pushes
    won = deal.tricks_won
    if o.ramsch_durchmarsch != "off" and 10 in won:
        w = won.index(10)
        if o.ramsch_durchmarsch == "plus120":
            scores = [120 * mult if s == w else 0 for s in range(3)]
        else:
            scores = [0 if s == w else -120 * mult for s in range(3)]
    else:
        top = max(points)
        loss = top if o.ramsch_loss == "points" else 10
        if 0 in won and o.ramsch_jungfrau == "double":
            loss *= 2
        elif 0 in won and o.ramsch_jungfrau == "plus5":
            loss += 5
        scores = [-loss * mult if points[s] == top else 0 for s in range(3)]
    return taker, (scores[0], scores[1], scores[2])


# ---------------------------------------------------------------- over random deals


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**63), ramsch_options)
def test_every_variant_over_random_deals(seed, options):
    deal = play_ramsch(Deal.from_seed(seed, options), random.Random(seed))
    r = deal.result
    assert r.declarer is None and r.contract is not None
    skat = points_of(deal.skat)
    # 120 points in every Ramsch: the tricks' and the skat's (which may count for no one)
    assert sum(deal.points) + skat == 120
    assert sum(r.points) == 120 - (skat if r.skat_taker is None else 0)
    taker, scores = expected_ramsch(deal)
    assert r.skat_taker == taker
    assert r.scores == scores
    assert r.multiplier == deal.multiplier * 2**deal.pushes
    # the record carries the options and replays to the same result
    again = deal_from_record(json.loads(json.dumps(deal_to_record(deal))))
    assert again.options == options and again.result == r


# ---------------------------------------------------------------- worked examples


def test_loser_pays_a_fixed_ten_and_jungfrau_pushes_bock_still_double_it():
    assert score_ramsch((50, 40, 30), (4, 3, 3), loss="ten").scores == (-10, 0, 0)
    r = score_ramsch((70, 50, 0), (6, 4, 0), loss="ten")
    assert r.scores == (-20, 0, 0) and "jungfrau" in r.notes and "ten" in r.notes
    assert score_ramsch((50, 40, 30), (4, 3, 3), loss="ten", pushes=2).scores == (-40, 0, 0)
    assert score_ramsch((50, 40, 30), (4, 3, 3), loss="ten", multiplier=2).scores == (-20, 0, 0)
    r = score_ramsch((70, 50, 0), (6, 4, 0), loss="ten", pushes=1, multiplier=2)
    assert r.scores == (-80, 0, 0) and r.multiplier == 4  # 10 x 2 Jungfrau x 2 pushed x 2 Bock


def test_jungfrau_adds_five_before_the_doubling():
    r = score_ramsch((70, 50, 0), (6, 4, 0), jungfrau="plus5")
    assert r.scores == (-75, 0, 0) and "+ 5 Jungfrau" in r.explanation
    assert score_ramsch((70, 50, 0), (6, 4, 0), jungfrau="plus5", pushes=1).scores == \
        (-150, 0, 0)
    assert score_ramsch((70, 50, 0), (6, 4, 0), loss="ten", jungfrau="plus5").scores == \
        (-15, 0, 0)
    assert score_ramsch((70, 50, 0), (6, 4, 0), jungfrau="off").scores == (-70, 0, 0)
    # two players without a trick: Jungfrau counts once
    assert score_ramsch((120, 0, 0), (10, 0, 0), durchmarsch="off",
                        jungfrau="plus5").scores == (-125, 0, 0)


def test_durchmarsch_plus_120_or_shooting_the_moon_or_nothing():
    r = score_ramsch((120, 0, 0), (10, 0, 0))
    assert r.scores == (120, 0, 0) and r.notes == ("durchmarsch",) and r.won
    r = score_ramsch((0, 120, 0), (0, 10, 0), durchmarsch="moon")
    assert r.scores == (-120, 0, -120) and r.notes == ("moon",) and r.ramsch_loser == (0, 2)
    assert "Shot the moon" in r.explanation
    r = score_ramsch((0, 120, 0), (0, 10, 0), durchmarsch="moon", pushes=1, multiplier=2)
    assert r.scores == (-480, 0, -480)
    # the fixed loss does not touch the moon: the others lose 120 each
    assert score_ramsch((0, 0, 120), (0, 0, 10), durchmarsch="moon",
                        loss="ten").scores == (-120, -120, 0)
    # without Durchmarsch he is the loser like anyone (and the others are Jungfrau)
    assert score_ramsch((120, 0, 0), (10, 0, 0), durchmarsch="off").scores == (-240, 0, 0)


@pytest.mark.parametrize(("durchmarsch", "loss", "jungfrau", "scores"), [
    ("plus120", "points", "double", (120, 0, 0)),
    ("moon", "points", "double", (0, -120, -120)),
    ("off", "points", "double", (-240, 0, 0)),
    ("off", "points", "plus5", (-125, 0, 0)),
    ("off", "ten", "double", (-20, 0, 0)),
    ("off", "ten", "plus5", (-15, 0, 0)),
    ("off", "ten", "off", (-10, 0, 0)),
])
def test_a_deal_where_forehand_takes_every_trick(durchmarsch, loss, jungfrau, scores):
    options = RuleOptions(ramsch=True, ramsch_durchmarsch=durchmarsch, ramsch_loss=loss,
                          ramsch_jungfrau=jungfrau)
    deal = deal_from_hands(FH, MH, RH, SKAT, options=options)
    for _ in range(3):
        deal.apply(PASS)
    while not deal.done:
        deal.apply(deal.legal_actions()[0])
    assert deal.tricks_won == [10, 0, 0]
    assert deal.result.scores == scores and sum(deal.result.points) == 120


def test_where_the_skat_goes():
    assert ramsch_skat_taker("last_trick", (50, 40, 20), 2, (7, 8, 9)) == 2
    assert ramsch_skat_taker("nobody", (50, 40, 20), 2, (7, 8, 9)) is None
    assert ramsch_skat_taker("loser", (50, 40, 20), 2, (7, 8, 9)) == 0
    # a tie on the most points: the skat goes to the one of them who took a trick last
    assert ramsch_skat_taker("loser", (40, 40, 30), 2, (8, 6, 9)) == 0
    assert ramsch_skat_taker("loser", (40, 40, 30), 0, (5, 9, 7)) == 1


def test_skat_to_no_one_counts_for_no_one():
    r = score_ramsch((50, 40, 20), (4, 3, 3), skat_taker=None, skat_points=10)
    assert r.scores == (-50, 0, 0) and r.skat_taker is None
    assert "skat 10 to no one" in r.explanation


def test_ties_share_the_loss_under_every_variant():
    assert score_ramsch((45, 45, 30), (4, 3, 3)).scores == (-45, -45, 0)
    r = score_ramsch((45, 45, 30), (4, 3, 3), loss="ten")
    assert r.scores == (-10, -10, 0) and "tie" in r.notes and r.ramsch_loser == (0, 1)
    r = score_ramsch((55, 55, 0), (6, 4, 0), jungfrau="plus5")
    assert r.scores == (-60, -60, 0) and {"tie", "jungfrau"} <= set(r.notes)
    assert "tie" not in score_ramsch((0, 120, 0), (0, 10, 0), durchmarsch="moon").notes


def _tie_deals(options: RuleOptions, wanted: int) -> list[Deal]:
    """Ramsch deals (random play, in seed order) whose tricks tie on the most points."""
    found = []
    for seed in range(5000):
        deal = play_ramsch(Deal.from_seed(seed, options), random.Random(seed))
        top = max(deal.points)
        if sum(p == top for p in deal.points) > 1:
            found.append(deal)
            if len(found) == wanted:
                break
    assert len(found) == wanted
    return found


def test_a_tie_with_the_skat_to_the_loser_or_to_no_one():
    for deal in _tie_deals(RuleOptions(ramsch=True, ramsch_skat="loser"), 4):
        r = deal.result
        top = max(deal.points)
        tied = [s for s in range(3) if deal.points[s] == top]
        latest = {t.seat: i for i, t in enumerate(deal.tricks)}
        assert r.skat_taker == max(tied, key=lambda s: latest[s])
        if points_of(deal.skat):  # the skat decides: the taker alone loses
            assert r.ramsch_loser == (r.skat_taker,) and "tie" not in r.notes
        else:  # a skat without points leaves the tie
            assert r.ramsch_loser == tuple(tied) and "tie" in r.notes
    for deal in _tie_deals(RuleOptions(ramsch=True, ramsch_skat="nobody", ramsch_loss="ten"),
                           2):
        r = deal.result
        assert r.skat_taker is None and "tie" in r.notes
        assert sorted(r.scores)[:2] == [min(r.scores)] * 2 and min(r.scores) in (-10, -20, -15)


# ---------------------------------------------------------------- old options, records


def test_old_option_switches_still_load():
    old = {"ramsch": True, "ramsch_skat_to_loser": True, "jungfrau": False,
           "durchmarsch": True, "kontra": True}
    o = RuleOptions.from_dict(old)
    assert (o.ramsch_skat, o.ramsch_jungfrau, o.ramsch_durchmarsch) == ("loser", "off", "plus120")
    assert o.kontra and o.ramsch_loss == "points"
    o = RuleOptions.from_dict({"ramsch_skat_to_loser": False, "jungfrau": True,
                               "durchmarsch": False})
    assert (o.ramsch_skat, o.ramsch_jungfrau, o.ramsch_durchmarsch) == \
        ("last_trick", "double", "off")
    # the new word wins over an old switch in the same dict
    assert RuleOptions.from_dict({"ramsch_skat_to_loser": True,
                                  "ramsch_skat": "nobody"}).ramsch_skat == "nobody"
    assert "ramsch_skat_to_loser" not in RuleOptions.from_dict(old).to_dict()
    assert migrate_options({"x": 1}) == {"x": 1}


@pytest.mark.parametrize("bad", [
    {"jungfrau": "yes"}, {"ramsch_skat_to_loser": 1}, {"ramsch_skat": "winner"},
    {"ramsch_loss": 10}, {"ramsch_jungfrau": True}, {"ramsch_durchmarsch": "moon "},
])
def test_bad_ramsch_options_are_refused(bad):
    with pytest.raises(OptionsError):
        RuleOptions.from_dict(bad)


def test_an_old_deal_record_with_the_old_switches_replays():
    options = RuleOptions(ramsch=True, ramsch_skat="loser", ramsch_jungfrau="off")
    deal = play_ramsch(Deal.from_seed(97, options), random.Random(97))
    record = json.loads(json.dumps(deal_to_record(deal)))
    old = {k: v for k, v in record["options"].items() if not k.startswith("ramsch_")}
    old.update({"ramsch_skat_to_loser": True, "jungfrau": False, "durchmarsch": True})
    record["options"] = old
    again = deal_from_record(record)
    assert again.options == options and again.result == deal.result
    record["options"]["jungfrau"] = "no"
    with pytest.raises(RecordError, match="jungfrau"):
        deal_from_record(record)


def test_an_old_list_record_loads_with_its_ramsch_rules():
    options = RuleOptions(ramsch=True, ramsch_skat="loser", bock=True)
    s = Series(deals=3, options=options, seed=4)
    rng = random.Random(4)
    while not s.finished:
        play_ramsch(s.next_deal(), rng)
        s.record_deal()
    data = json.loads(json.dumps(s.to_record()))
    for rec in [data, *data["deals"]]:
        opts = rec["options"]
        for key in ("ramsch_skat", "ramsch_loss", "ramsch_jungfrau", "ramsch_durchmarsch"):
            del opts[key]
        opts.update({"ramsch_skat_to_loser": True, "jungfrau": True, "durchmarsch": True})
    again = Series.from_record(data)
    assert again.options == options and again.totals() == s.totals()


# ---------------------------------------------------------------- lists


@pytest.mark.parametrize("players", [("A", "B", "C"), ("A", "B", "C", "D")])
def test_ramsch_on_the_list_and_bock_after_a_tie(players):
    options = RuleOptions(ramsch=True, bock=True, ramsch_skat="nobody", ramsch_loss="ten",
                          ramsch_durchmarsch="moon", ramsch_jungfrau="plus5")
    # a list with ties in it (seed 9 as the lists of the first dealing shuffled it)
    s = Series(players, deals=48, options=options, seed=9, dealing=DEALING_PYTHON)
    rng = random.Random(9)
    bock_ahead = 0
    while not s.finished:
        deal = s.next_deal()
        assert (deal.multiplier == 2) == (bock_ahead > 0)
        play_ramsch(deal, rng)
        row = s.record_deal()
        r = row.result
        bock_ahead = max(0, bock_ahead - 1) + (len(players) if "tie" in r.notes else 0)
        for seat in range(3):  # each seat's Ramsch score goes to its player, on both lists
            assert row.plain[row.seat_players[seat]] == r.scores[seat]
            assert row.seeger_fabian[row.seat_players[seat]] == r.scores[seat]
        if len(players) == 4:  # the dealer sits out and is not scored
            assert row.dealer not in row.seat_players
            assert row.plain[row.dealer] == 0 and row.seeger_fabian[row.dealer] == 0
        assert set(r.scores) <= {0, -10, -15, -20, -30, -40, -120, -240}
    assert any("tie" in row.result.notes for row in s.rows)
    assert any(row.bock for row in s.rows)


def test_the_record_summary_says_how_a_ramsch_ended():
    from skatgame.engine.records import result_summary

    options = RuleOptions(ramsch=True, ramsch_skat="nobody", ramsch_durchmarsch="moon")
    deal = deal_from_hands(FH, MH, RH, SKAT, options=options)
    for _ in range(3):
        deal.apply(PASS)
    while not deal.done:
        deal.apply(deal.legal_actions()[0])
    summary = deal_to_record(deal)["result"]
    assert summary["ramsch"] == {"losers": [1, 2], "skat_taker": None, "notes": ["moon"]}
    assert summary["scores"] == [0, -120, -120]
    for seed in range(5):  # no Ramsch: no such entry
        played = Deal.from_seed(seed)
        while not played.done:
            played.apply(random.Random(seed).choice(played.legal_actions()))
        assert "ramsch" not in result_summary(played.result)
