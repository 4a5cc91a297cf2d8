"""Files written by the version before the new window floor (commit b924603) still load and
play on: a three-seat list stopped in the card play, a four-seat list with house rules
stopped in the auction, a finished list and the settings (tests/data/compat/before-window-floor,
written by that version's own code)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from skatgame.engine.deal import Phase
from skatgame.table.archive import ARCHIVE_FOLDER, list_archive, open_series
from skatgame.table.session import load_saved_session
from skatgame.table.settings import load_settings
from skatgame.table.store import Store
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import button_centre, click, make_app, steps
from tests.ui.test_play_through import mouse_turn

DATA = Path(__file__).resolve().parents[1] / "data" / "compat" / "before-window-floor"


def _store_with(tmp_path: Path, **files: str) -> Store:
    for target, source in files.items():
        path = tmp_path / target.replace("__", "/")
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(DATA / source, path)
    return Store(tmp_path)


@pytest.mark.parametrize(("source", "seats", "phase", "rows"), [
    ("list-three-seats-in-play.json", 3, Phase.PLAY, 2),
    ("list-four-seats-in-auction.json", 4, Phase.AUCTION, 1),
])
def test_a_saved_list_continues_at_the_table_where_it_stopped(
        tmp_path: Path, source: str, seats: int, phase: Phase, rows: int) -> None:
    store = _store_with(tmp_path, **{"list.json": source})
    loaded = load_saved_session(store)
    session = loaded.value
    assert session is not None and loaded.status == "loaded" and not loaded.problems
    assert session.series.size == seats and len(session.series.rows) == rows
    assert session.deal.phase is phase
    if seats == 4:
        options = session.series.options
        assert options.ramsch and options.kontra and options.bock

    app = make_app(tmp_path)  # the same folder: the menu offers to continue the list
    steps(app, 2)
    click(button_centre(app, "continue"))
    steps(app, 2)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.table.phase is phase
    assert table.board.shown.phase is phase
    # the table as the bottom seat sees it: its own ten (or fewer) cards, no one else's
    seat = table.session.human_seat
    if seat is not None:
        assert table.board.shown.hands[seat] == table.table.hands[seat]
    # and it plays on to the next deal
    for _ in range(20000):
        if len(app.session.series.rows) > rows or app.errors:
            break
        mouse_turn(app)
        steps(app, 1)
    assert len(app.session.series.rows) == rows + 1
    assert not app.errors, app.errors


def test_a_finished_list_of_the_previous_version_opens(tmp_path: Path) -> None:
    store = _store_with(tmp_path, **{f"{ARCHIVE_FOLDER}__finished.json": "finished.json"})
    entries = list_archive(store)
    assert len(entries) == 1
    entry = entries[0]
    assert entry.names == ("You", "Anna", "Ben") and len(entry.rows) == 3
    opened = open_series(store, entry)
    assert opened is not None
    series, _data = opened
    assert len(series.rows) == 3 and series.finished
    app = make_app(tmp_path)
    steps(app, 2)
    click(button_centre(app, "finished"))
    steps(app, 2)
    assert app.top.name == "finished_lists" and len(app.top.entries) == 1
    click(button_centre(app, "open"))  # its score sheet
    steps(app, 2)
    assert app.top.name == "sheet"
    assert not app.errors, app.errors


def test_settings_of_the_previous_version_load(tmp_path: Path) -> None:
    store = _store_with(tmp_path, **{"settings.json": "settings.json"})
    loaded = load_settings(store)
    assert loaded.status == "loaded" and not loaded.problems
    settings = loaded.value
    assert (settings.language, settings.deck_style, settings.animation_speed,
            settings.sound_on) == ("de", "german", "fast", False)
    assert [o.level for o in settings.opponents] == ["advanced", "advanced"]
