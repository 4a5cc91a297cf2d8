"""Every ISS example record replays to the server's own result."""

from pathlib import Path

import pytest

from skatgame.engine.records import (
    RecordError,
    deal_from_record,
    deal_to_record,
    parse_iss,
    read_iss_lines,
    replay_iss,
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
