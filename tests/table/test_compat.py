"""Lists written before four seats, names and the move timer still load (files in tests/data)."""

from __future__ import annotations

import shutil
from pathlib import Path

from skatgame.table.archive import list_archive, open_series
from skatgame.table.saved import peek_saved_list
from skatgame.table.session import load_saved_session
from skatgame.table.store import Store

DATA = Path(__file__).resolve().parents[1] / "data" / "compat"


def _store(tmp_path: Path) -> Store:
    (tmp_path / "finished").mkdir()
    shutil.copy(DATA / "list-three-seats.json", tmp_path / "list.json")
    shutil.copy(DATA / "finished-three-seats.json", tmp_path / "finished" / "compat-finished.json")
    return Store(tmp_path)


def test_saved_three_seat_list_still_loads(tmp_path: Path) -> None:
    store = _store(tmp_path)
    summary = peek_saved_list(store).value
    assert summary is not None and summary.names == ("You", "Anna", "Ben")
    session = load_saved_session(store).value
    assert session is not None
    assert session.series.size == 3 and len(session.series.rows) == 2
    assert session.names == ["You", "Anna", "Ben"]
    assert not store.take_problems()


def test_finished_three_seat_list_still_loads(tmp_path: Path) -> None:
    store = _store(tmp_path)
    entries = list_archive(store)
    assert [e.list_id for e in entries] == ["compat-finished"]
    entry = entries[0]
    assert entry.names == ("You", "Anna", "Ben") and len(entry.rows) == 3
    opened = open_series(store, entry)
    assert opened is not None and len(opened[0].rows) == 3
    assert not store.take_problems()
