"""`python -m skatgame verify`: every record the game writes passes; a changed card, seed
or commitment fails, and so does a damaged file, with a message and exit status 1."""

from __future__ import annotations

import asyncio
import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from skatgame.cli import main
from skatgame.engine.cards import iss_name
from skatgame.engine.options import ISKO
from skatgame.engine.shuffle import commitment, shuffle_sha256
from skatgame.net.client import play_bot
from skatgame.table.archive import export, list_archive
from skatgame.table.i18n import Translator
from skatgame.table.session import LIST_DOC, Session, new_session, save_session
from skatgame.table.store import Store
from tests.engine.helpers import play_random
from tests.net.helpers import run, seat_table, start_server


def verify(capsys: pytest.CaptureFixture[str], *paths: Path, as_json: bool = False
           ) -> tuple[int, str]:
    code = main(["verify", *(["--json"] if as_json else []), *map(str, paths)])
    return code, capsys.readouterr().out


def played(deals: int, finish: bool) -> Session:
    session = new_session("You", deals=deals, options=ISKO, list_kind="seeger-fabian",
                          levels=("beginner", "beginner"), names=("Anna", "Ben"))
    rng = random.Random(3)
    for _ in range(deals if finish else deals - 1):
        play_random(session.series.next_deal(), rng)
        session.record()
    if not finish:
        session.series.next_deal()  # a deal in progress
    return session


def test_a_saved_list_in_progress_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    store = Store(tmp_path)
    assert save_session(store, played(6, finish=False))
    [path] = [p for p in tmp_path.rglob("*.json") if LIST_DOC in p.name]
    code, out = verify(capsys, path)
    assert code == 0, out
    assert out.count(": ok, fingerprint") == 6 and "6 of 6 deals" in out


def test_a_finished_and_exported_list_passes(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    store = Store(tmp_path)
    assert save_session(store, played(3, finish=True))
    [entry] = list_archive(store)
    exported = export(store, entry, "json", Translator("en").tr)
    assert isinstance(exported, Path)
    archived = [p for p in tmp_path.rglob("*.json") if p != exported]
    assert archived
    code, out = verify(capsys, exported, *archived, as_json=True)
    assert code == 0, out
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 3 * (1 + len(archived)) and all(v["ok"] for v in lines)
    first = lines[0]
    assert first["dealing"] == 2 and first["commitment"] == commitment(first["seed"])
    assert first["fingerprint"] == f"{first['commitment'][:4]} {first['commitment'][4:8]}"


def test_a_network_list_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The server's saved list of a finished table, and the deals one client received."""
    async def scenario() -> dict[int, Any]:
        server = await start_server(store=Store(tmp_path / "server"))
        try:
            [client] = await seat_table(server.port, ["Anna"], {1: "beginner", 2: "beginner"},
                                        deals=3, rules=ISKO)
            state = await asyncio.wait_for(play_bot(client, seed=1), 60)
            await client.close()
            return state.records
        finally:
            await server.stop()

    records = run(scenario())
    received = tmp_path / "received.json"
    received.write_text(json.dumps([records[n] for n in sorted(records)]))
    saved = list((tmp_path / "server").rglob("*.json"))
    assert saved
    code, out = verify(capsys, received, *saved)
    assert code == 0, out
    assert out.count(": ok, fingerprint") == 3 * (1 + len(saved))


def saved_record() -> dict[str, Any]:
    return played(3, finish=True).series.to_record()


def write(tmp_path: Path, data: Any, name: str = "changed.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def test_a_changed_card_seed_or_commitment_fails(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    good = saved_record()
    code, out = verify(capsys, write(tmp_path, good, "good.json"))
    assert code == 0, out

    cards = copy.deepcopy(good)
    c = cards["deals"][1]["cards"]
    c[0], c[15] = c[15], c[0]  # Forehand and Middlehand swap a card
    code, out = verify(capsys, write(tmp_path, cards))
    assert code == 1 and "deal 2: FAILED" in out and "not those the seed deals" in out
    assert "Forehand's card 1" in out and "2 of 3 deals" in out

    seed = copy.deepcopy(good)
    s = seed["deals"][0]["seed"]
    seed["deals"][0]["seed"] = ("0" if s[0] != "0" else "1") + s[1:]
    code, out = verify(capsys, write(tmp_path, seed))
    assert code == 1 and "deal 1: FAILED" in out
    assert "does not match the commitment" in out and "not those the seed deals" in out

    committed = copy.deepcopy(good)
    h = committed["deals"][2]["commitment"]
    committed["deals"][2]["commitment"] = ("0" if h[0] != "0" else "1") + h[1:]
    code, out = verify(capsys, write(tmp_path, committed))
    assert code == 1 and "deal 3: FAILED" in out and "does not match the commitment" in out

    # a whole other deal put in (a seed, its commitment and its cards): not the list's seed
    other = copy.deepcopy(good)
    deal = other["deals"][0]
    deal["seed"] = "f" * 64
    deal["commitment"] = commitment(deal["seed"])
    deal["cards"] = [iss_name(x) for x in shuffle_sha256(deal["seed"])]
    code, out = verify(capsys, write(tmp_path, other))
    assert code == 1 and "not the one the list gives this deal" in out

    result = copy.deepcopy(good)
    result["deals"][0]["result"]["value"] = 999
    code, out = verify(capsys, write(tmp_path, result))
    assert code == 1 and "differs from the replay in value" in out


@pytest.mark.parametrize("text,says", [
    ("", "empty"),
    ('{"format": "skatgame-series", "version": 1, "deals": [', "not valid JSON"),
    ("[" * 100000 + "]" * 100000, "nested"),
    ('{"format": "skatgame-series", "deals": 7}', "deals are not a list"),
    ('{"format": "skatgame-deal", "cards": "CJ", "seed": "x", "dealing": 2}', "commitment"),
    ('{"format": "skatgame-deal", "cards": [], "dealing": 9}', "unknown dealing"),
    ('{"hello": 1}', "holds no skatgame"),
    ("12345678901234567890" * 300, "digits"),
])
def test_damaged_files_are_refused_with_a_message(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, says: str) -> None:
    path = tmp_path / "damaged.json"
    path.write_text(text)
    code, out = verify(capsys, path)
    assert code == 1 and says in out and "Traceback" not in out


def test_a_file_that_is_no_text_or_not_there(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00\x81garbage")
    code, out = verify(capsys, path, tmp_path / "missing.json")
    assert code == 1 and out.count("NOT CHECKED") == 2
