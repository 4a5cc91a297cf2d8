"""The replay command: JSON lines out, JSON errors, no tracebacks."""

import json
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skatgame.commands.replay import replay_text
from skatgame.engine.deal import Deal
from skatgame.engine.records import deal_from_record, deal_to_record, parse_iss, replay_iss

from .helpers import play_random
from .test_iss import DATA, EXAMPLES


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "skatgame", "replay", *args],
                          capture_output=True, text=True, timeout=60)


def test_replay_iss_examples_agree_with_the_server():
    p = run(str(EXAMPLES), "--compare")
    assert p.returncode == 0, p.stdout + p.stderr
    lines = [json.loads(x) for x in p.stdout.splitlines()]
    assert len(lines) == 8 and all(o["agrees"] for o in lines)
    assert {"id", "declarer", "contract", "bid", "won", "value", "declarer_points",
            "declarer_tricks", "overbid", "passed"} <= set(lines[0])


def test_replay_reports_bad_records_as_json(tmp_path: Path):
    lines = EXAMPLES.read_text().splitlines()
    bad = lines[1].replace(" 0 DK 1 DA", " 0 DK 1 CA")
    f = tmp_path / "bad.sgf"
    f.write_text("\n".join([lines[0], bad, "garbage"]) + "\n")
    p = run(str(f))
    assert p.returncode == 1 and "Traceback" not in p.stderr
    out = [json.loads(x) for x in p.stdout.splitlines()]
    assert out[0]["value"] == -54
    assert out[1]["line"] == 2 and isinstance(out[1]["action_index"], int)
    assert out[2]["line"] == 3 and out[2]["error"]


def test_replay_json_records(tmp_path: Path):
    deal = play_random(Deal.from_seed(4), random.Random(4))
    f = tmp_path / "deal.json"
    f.write_text(json.dumps(deal_to_record(deal, record_id="x")))
    p = run(str(f))
    assert p.returncode == 0
    assert json.loads(p.stdout)["value"] == deal.result.value
    f.write_text("{ not json")
    p = run(str(f), str(tmp_path / "missing.json"))
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert len(p.stdout.splitlines()) == 2


def test_bad_files_are_json_errors_with_a_line_never_a_traceback(tmp_path: Path):
    deal = play_random(Deal.from_seed(4), random.Random(4))
    good = json.dumps(deal_to_record(deal, record_id="x"), indent=1)
    files = {
        "digits.json": good.replace('"multiplier": 1', '"multiplier": ' + "9" * 5000),
        "deep.json": "[" * 100_000 + "]" * 100_000,
        "deep-object.json": '{"a":' * 100_000 + "1" + "}" * 100_000,
        "empty.json": "",
        "blank.sgf": "\n  \n",
        "comments.sgf": "# nothing but a comment\n",
        "no-records.json": "[]",
        "truncated.json": good[: len(good) // 2],
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    p = run(*(str(tmp_path / name) for name in files))
    assert p.returncode == 1 and "Traceback" not in p.stderr and p.stderr == ""
    out = {Path(o["file"]).name: o for o in map(json.loads, p.stdout.splitlines())}
    assert set(out) == set(files)
    assert all(o["error"] for o in out.values())
    assert out["digits.json"]["line"] == good[:good.index('"multiplier"')].count("\n") + 1
    assert "5000 digits" in out["digits.json"]["error"]
    assert out["deep.json"]["line"] == 1 and "nested" in out["deep.json"]["error"]
    assert "nested" in out["deep-object.json"]["error"]
    assert out["empty.json"]["line"] == 1 and "empty" in out["empty.json"]["error"]
    assert "empty" in out["blank.sgf"]["error"]
    assert "no record" in out["comments.sgf"]["error"]
    assert "no record" in out["no-records.json"]["error"]
    assert out["truncated.json"]["line"] > 1


def test_a_long_number_in_an_action_is_an_error_with_its_index(tmp_path: Path):
    record = deal_to_record(play_random(Deal.from_seed(5), random.Random(5)), record_id="y")
    record["actions"][0] = [1, "9" * 5000]
    record["actions"][1] = [int("9" * 4000), "p"]
    f = tmp_path / "long.json"
    f.write_text(json.dumps(record), encoding="utf-8")
    p = run(str(f))
    assert p.returncode == 1 and "Traceback" not in p.stderr
    out = json.loads(p.stdout)
    assert out["action_index"] == 0 and "not a bid" in out["error"] and len(out["error"]) < 200


def test_a_byte_order_mark_is_read_as_utf8(tmp_path: Path):
    deal = play_random(Deal.from_seed(6), random.Random(6))
    iss = tmp_path / "bom.sgf"
    iss.write_text(EXAMPLES.read_text(), encoding="utf-8-sig")
    record = tmp_path / "bom.json"
    record.write_text(json.dumps(deal_to_record(deal, record_id="z")), encoding="utf-8-sig")
    assert iss.read_bytes().startswith(b"\xef\xbb\xbf")
    p = run(str(iss), str(record), "--compare")
    assert p.returncode == 0, p.stdout + p.stderr
    out = [json.loads(x) for x in p.stdout.splitlines()]
    assert len(out) == 9 and all("error" not in o for o in out)
    assert out[-1]["value"] == deal.result.value


def test_replay_text_skips_a_byte_order_mark():
    out, ok = replay_text("x", "\ufeff" + EXAMPLES.read_text())
    assert ok and len(out) == 8


def test_replay_scores_a_clubs_ouvert_lost_in_the_first_trick():
    p = run(str(DATA / "early-ends.sgf"), "--compare")
    assert p.returncode == 0, p.stdout
    first = json.loads(p.stdout.splitlines()[0])
    assert first["agrees"] and first["value"] == -192 and first["declarer_points"] == 13


def test_replay_scores_a_record_played_on_and_says_the_later_moves_were_not_counted():
    p = run(str(DATA / "played-on.sgf"), "--compare")
    assert p.returncode == 0, p.stdout + p.stderr
    out = [json.loads(x) for x in p.stdout.splitlines()]
    assert [o["value"] for o in out] == [-192, -336] and all(o["agrees"] for o in out)
    assert all(o["not_counted"] == 27 for o in out)
    assert all("lost at trick 1" in o["note"] and "27 later moves were not counted" in o["note"]
               for o in out)


def test_a_json_record_played_on_says_the_later_moves_were_not_counted(tmp_path: Path):
    deal = replay_iss(parse_iss((DATA / "played-on.sgf").read_text().splitlines()[0]))
    record = deal_to_record(deal, record_id="played-on")
    rest = [[0, "C8"], [1, "C7"], [2, "DJ"]]  # the next trick, as a program playing on wrote it
    record["actions"] += rest
    assert deal_from_record(record).result.value == -192
    f = tmp_path / "played-on.json"
    f.write_text(json.dumps(record))
    p = run(str(f))
    assert p.returncode == 0, p.stdout
    out = json.loads(p.stdout)
    assert out["value"] == -192 and out["not_counted"] == 3
    assert "3 later moves were not counted" in out["note"]


def test_replay_says_why_a_record_was_cut_short():
    p = run(str(DATA / "cut-short.sgf"))
    assert p.returncode == 1 and "Traceback" not in p.stderr
    errors = [json.loads(x)["error"] for x in p.stdout.splitlines()]
    assert "timeout" in errors[0] and "a player left" in errors[1] and "timeout" in errors[2]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_replay_text_never_raises_on_any_text(text):
    out, ok = replay_text("f", text)
    assert out and all(isinstance(o, dict) for o in out)
    if not ok:
        assert any("error" in o for o in out)


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["id", "format", "version", "options", "multiplier", "cards", "actions",
                        "action", "seat", "card", "option"]), json_values)
def test_any_damage_to_a_json_record_is_an_error_or_a_deal(where, value):
    deal = play_random(Deal.from_seed(9), random.Random(9))
    record = deal_to_record(deal, record_id="r")
    if where == "action":
        record["actions"][7] = value
    elif where == "seat":
        record["actions"][7][0] = value
    elif where == "card":
        record["cards"][3] = value
    elif where == "option":
        record["options"]["kontra"] = value
    else:
        record[where] = value
    out, ok = replay_text("f", json.dumps(record))
    assert len(out) == 1
    assert ok == ("error" not in out[0])
    if where == "id" and ok:
        assert out[0]["value"] == deal.result.value


def test_a_forged_multiplier_is_an_error_not_a_value():
    record = deal_to_record(play_random(Deal.from_seed(7), random.Random(7)), record_id="m")
    for forged in (10**30, 3, 0):
        record["multiplier"] = forged
        out, ok = replay_text("f", json.dumps(record))
        assert not ok and "bad multiplier" in out[0]["error"] and "value" not in out[0]
        assert len(out[0]["error"]) < 100  # 10^30 is not printed whole
    record["multiplier"] = 2  # a Bock round
    out, ok = replay_text("f", json.dumps(record))
    assert ok and out[0]["value"] == 2 * replay_text("f", json.dumps(
        {**record, "multiplier": 1}))[0][0]["value"]


def test_a_json_value_that_is_no_record_is_called_json():
    for text, kind in (("null", "null"), (" true\n", "true or false"), ("7", "number"),
                       ('"x"', "text"), ("9" * 5000, "digits")):
        out, ok = replay_text("f", text)
        assert not ok and len(out) == 1
        assert "ISS" not in out[0]["error"] and kind in out[0]["error"], out
