"""The replay command: JSON lines out, JSON errors, no tracebacks."""

import json
import subprocess
import sys
from pathlib import Path

from skatgame.engine.deal import Deal

from .helpers import play_random
from .test_iss import EXAMPLES


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
    import random

    from skatgame.engine.records import deal_to_record

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
