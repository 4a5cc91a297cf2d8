"""Every ISS example record replays to the server's own result."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skatgame.engine.records import (
    RecordError,
    deal_from_record,
    deal_to_record,
    parse_iss,
    read_iss_lines,
    replay_iss,
    replay_iss_counted,
    result_summary,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "iss"
EXAMPLES = DATA / "examples.sgf"
RECORDS = [r for r in read_iss_lines(EXAMPLES.read_text()) if not isinstance(r, RecordError)]


def test_examples_are_all_read():
    assert len(RECORDS) == 8


@pytest.mark.parametrize("rec", RECORDS, ids=[r.id for r in RECORDS])
def test_iss_record_matches_server(rec):
    deal = replay_iss(rec)
    mine = result_summary(deal.result)
    server = rec.server_result()
    for key in ("declarer", "won", "value", "declarer_points", "declarer_tricks", "overbid",
                "passed"):
        if key in server:
            assert mine[key] == server[key], key
    if not server["passed"]:
        assert deal.result.matadors == server["matadors"]
        assert deal.result.schneider == server["schneider"]
        assert deal.result.schwarz == server["schwarz"]


@pytest.mark.parametrize("rec", RECORDS, ids=[r.id for r in RECORDS])
def test_iss_replay_round_trips_through_json(rec):
    deal = replay_iss(rec)
    again = deal_from_record(deal_to_record(deal))
    assert again.result == deal.result
    assert again.history == deal.history


def test_contract_letters():
    by_id = {r.id: result_summary(replay_iss(r).result)["contract"] for r in RECORDS}
    assert by_id == {"541932": "D", "684159": "G", "727": "GO", "26496": "CHZ",
                     "596891": "D", "756788": None, "1039093": "G", "1390253": "NO"}


def test_broken_record_says_where():
    line = EXAMPLES.read_text().splitlines()[1].replace(" 0 DK 1 DA", " 0 DK 1 CA")
    with pytest.raises(RecordError) as e:
        replay_iss(parse_iss(line, 2))
    assert e.value.line == 2 and e.value.record_id == "684159"
    assert e.value.action_index is not None and "follow" in e.value.reason


@pytest.mark.parametrize("text", ["", "(;GM[Skat]", "hello", "(;GM[Chess]MV[w x];)",
                                  "(;GM[Skat]ID[1]MV[w C7.C8 1];)"])
def test_malformed_lines_raise_record_error(text):
    with pytest.raises(RecordError):
        replay_iss(parse_iss(text, 1))


def test_hidden_cards_are_refused_clearly():
    hidden = ".".join(["??"] * 32)
    line = f"(;GM[Skat]ID[9]MV[w {hidden} 1 p];)"
    with pytest.raises(RecordError, match="hidden"):
        replay_iss(parse_iss(line, 1))


# ---------------------------------------------------------------- games that end early

EARLY = [r for r in read_iss_lines((DATA / "early-ends.sgf").read_text())
         if not isinstance(r, RecordError)]


def test_early_ends_are_all_read():
    assert [r.id for r in EARLY] == ["13577", "25"]


@pytest.mark.parametrize("rec", EARLY, ids=[r.id for r in EARLY])
def test_games_that_end_early_match_the_server(rec):
    """A clubs ouvert ends at the defenders' first trick, a null at the declarer's."""
    deal = replay_iss(rec)
    mine = result_summary(deal.result)
    server = rec.server_result()
    for key in ("declarer", "won", "value", "declarer_points", "declarer_tricks", "overbid"):
        assert mine[key] == server[key], key
    assert deal.result.matadors == server["matadors"]
    assert deal.result.schneider == server["schneider"]
    assert deal.result.schwarz == server["schwarz"]
    assert len(deal.tricks) == 1


def test_clubs_ouvert_lost_in_the_first_trick():
    deal = replay_iss(EARLY[0])
    r = deal.result
    assert (r.declarer, r.won, r.value, r.declarer_points, r.declarer_tricks) == (
        1, False, -192, 13, 0)
    assert "ended_early" in r.notes


def test_a_card_after_the_defenders_first_trick_in_an_ouvert_game_is_not_counted():
    line = (DATA / "early-ends.sgf").read_text().splitlines()[0].replace(
        "2 SK ]", "2 SK 0 HT ]")
    deal, skipped = replay_iss_counted(parse_iss(line, 1))
    assert skipped == 1 and deal.result.value == -192 and len(deal.tricks) == 1


@pytest.mark.parametrize("more, index", [
    ("0 CJ", 8),  # the declarer's card, not Forehand's
    ("0 HT 0 HT", 9),  # the same card twice
    ("0 18", 8),  # no card at all
])
def test_a_move_after_an_early_end_that_nobody_could_make_is_refused(more, index):
    line = (DATA / "early-ends.sgf").read_text().splitlines()[0].replace(
        "2 SK ]", f"2 SK {more} ]")
    with pytest.raises(RecordError, match="after the end of the game") as e:
        replay_iss(parse_iss(line, 1))
    assert e.value.action_index == index


PLAYED_ON = [r for r in read_iss_lines((DATA / "played-on.sgf").read_text())
             if not isinstance(r, RecordError)]


@pytest.mark.parametrize("rec", PLAYED_ON, ids=[r.id for r in PLAYED_ON])
def test_a_record_played_on_after_a_lost_schwarz_or_ouvert_game_is_scored_where_it_ended(rec):
    """Programs that play on to the tenth trick: the game is lost at the defenders' first
    trick, scored as the server does, and the 27 later card moves are not counted."""
    deal, skipped = replay_iss_counted(rec)
    r = deal.result
    assert not r.won and len(deal.tricks) == 1 and "ended_early" in r.notes
    assert skipped == 27
    server = rec.server_result()
    assert (r.value, r.declarer_points, r.declarer_tricks) == (
        server["value"], server["declarer_points"], server["declarer_tricks"])


# ---------------------------------------------------------------- records cut short

CUT = (DATA / "cut-short.sgf").read_text().splitlines()


@pytest.mark.parametrize("n, message, index", [
    (0, "the game was ended by a timeout (Rearhand)", 7),
    (1, "the game was ended because a player left (Forehand)", 3),
    (2, "the game was ended by a timeout (Middlehand)", 6),
])
def test_records_cut_short_say_why(n, message, index):
    with pytest.raises(RecordError) as e:
        replay_iss(parse_iss(CUT[n], n + 1))
    assert e.value.reason.startswith(message)
    assert e.value.action_index == index and e.value.line == n + 1


def test_a_seat_sending_the_timeout_is_reported_the_same_way():
    line = CUT[0].replace("w TI.2", "2 TI.2")
    with pytest.raises(RecordError, match="ended by a timeout"):
        replay_iss(parse_iss(line, 1))


# ---------------------------------------------------------------- malformed records

BASE = EXAMPLES.read_text().splitlines()[1]  # 684159, a grand won by Rearhand


@pytest.mark.parametrize("change, why", [
    ((" 1 18 ", " 1 " + "9" * 5000 + " "), "not a bid"),  # int() would refuse 5,000 digits
    ((" 1 18 ", " 1 -18 "), "auction call"),
    ((" 1 18 ", " 1 ١٨ "), "not a bid"),  # Arabic-Indic digits
    ((" 1 18 ", " 1 ² "), "not a bid"),  # a digit int() cannot read
    ((" 1 18 ", " 1 17 "), "not a possible game value"),
    ((" 2 G.S8.C9 ", " 2 G.S8.S8 "), "two different cards"),
    ((" 2 G.S8.C9 ", " 2 G.S8.XX "), "not a card"),
    ((" 2 G.S8.C9 ", " 2 GX.S8.C9 "), "not a declaration"),
    ((" 2 G.S8.C9 ", " 2 G.S8 "), "two discards or none|not a card|not a declaration"),
    ((" 0 DK 1 DA", " 0 DK 3 DA"), "unknown player"),
    ((" 0 DK 1 DA", " 0 DK 1 DA 1 DT"), "turn"),
    ((" 0 DK 1 DA", " 0 p 1 DA"), "not a card"),
    ((" 2 s ", " 2 s 2 s "), "put two cards away|not a declaration"),
    ((" 2 s ", " 0 s "), "turn"),
])
def test_malformed_moves_are_record_errors_with_their_index(change, why):
    old, new = change
    assert old in BASE
    with pytest.raises(RecordError, match=why) as e:
        replay_iss(parse_iss(BASE.replace(old, new, 1), 7))
    assert e.value.line == 7 and e.value.record_id == "684159"
    assert e.value.action_index is not None
    assert len(str(e.value)) < 300  # a 5,000-digit bid is not printed whole


@pytest.mark.parametrize("result", ["", "d:x win v:96", "d:7 win v:96", "d:2 win v:" + "9" * 5000,
                                    "d:2 win v:1e3"])
def test_a_bad_server_result_is_a_record_error(result):
    line = BASE.replace("d:2 win v:96", result)
    if not result:
        line = BASE[:BASE.index("R[d:2")] + "R[] ;)"
    rec = parse_iss(line, 3)
    replay_iss(rec)  # the moves are fine
    with pytest.raises(RecordError, match="server's result|no server result") as e:
        rec.server_result()
    assert e.value.line == 3


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RECORDS + EARLY), st.data())
def test_any_damage_to_a_record_is_a_record_error_or_a_game(rec, data):
    """Dropping, repeating, swapping or rewriting moves never raises anything else."""
    moves = list(rec.moves)
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(moves) - 1))
        how = data.draw(st.sampled_from(["drop", "repeat", "swap", "who", "what"]))
        if how == "drop":
            del moves[i]
        elif how == "repeat":
            moves.insert(i, moves[i])
        elif how == "swap" and i + 1 < len(moves):
            moves[i], moves[i + 1] = moves[i + 1], moves[i]
        elif how == "who":
            moves[i] = (data.draw(st.sampled_from(["0", "1", "2", "w", "3", "x"])), moves[i][1])
        elif how == "what":
            moves[i] = (moves[i][0], data.draw(st.sampled_from(
                ["p", "y", "s", "18", "99999", "RE", "SC", "TI.0", "LE.9", "G", "GO", "NO.CJ.SJ",
                 "CJ", "XX", "C.CJ", "-1", "0", "", "??", "w", "G.CJ.CJ"])))
    text = " ".join(f"{w} {m}" for w, m in moves)
    line = f"(;GM[Skat]ID[{rec.id}]MV[{text}]R[{rec.result}];)"
    try:
        record = parse_iss(line, 1)
        deal = replay_iss(record)
        record.server_result()
    except RecordError as e:
        assert str(e)
        return
    assert deal.done and deal.result is not None
