"""Bad files never crash the game and never cost what the player saved.

Every way a settings file, a list in progress or a finished list can fail to
parse (numbers too long for Python, nesting too deep, NaN, bytes that are no
UTF-8, wrong types anywhere) sets it aside with a message. A file that is
there but cannot be read (a folder in its place, no permission) is never
overwritten. Ids read from files never lead a file outside its folder.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skatgame.table.archive import (
    ArchivedList,
    export,
    list_archive,
)
from skatgame.table.i18n import Message, Translator
from skatgame.table.saved import LIST_DOC, LIST_FORMAT, LIST_VERSION, peek_saved_list
from skatgame.table.session import load_saved_session
from skatgame.table.settings import Settings, load_settings, save_settings
from skatgame.table.store import Store, is_safe_id
from skatgame.ui.testing import button_centre, click, make_app, press, steps, until_ready
from tests.ui.test_saving import archive_doc, dismiss_messages, saved_list_doc

LONG = "9" * 5000  # json raises ValueError for it (Python's limit on digits)


def settings_doc() -> dict[str, Any]:
    return {"format": "skatgame-settings", "version": 1, "data": Settings().to_dict()}


def with_raw(doc: dict[str, Any], where: str, raw: str) -> bytes:
    """The document as JSON text, with the JSON value at ``where`` replaced by ``raw``."""
    marker = "\u2603MARK\u2603"
    target: Any = doc
    keys = where.split(".")
    for k in keys[:-1]:
        target = target[k] if not isinstance(target, list) else target[int(k)]
    last = keys[-1]
    if isinstance(target, list):
        target[int(last)] = marker
    else:
        target[last] = marker
    return json.dumps(doc).replace(json.dumps(marker), raw).encode("utf-8")


BAD_VALUES: dict[str, str] = {
    "5000-digit number": LONG,
    "5000-digit negative number": "-" + LONG,
    "huge exponent": "1e999",
    "NaN": "NaN",
    "Infinity": "-Infinity",
    "nested 100000 deep": "[" * 100_000 + "]" * 100_000,
}

# where in each kind of document the bad value goes
PLACES: dict[str, tuple[Callable[[], dict[str, Any]], str, list[str]]] = {
    "settings": (settings_doc, "settings.json", ["version", "data"]),
    "list": (saved_list_doc, f"{LIST_DOC}.json",
             ["version", "data.summary.totals.0", "data.deal_limit", "data.series"]),
    "finished": (archive_doc, "finished/x.json",
                 ["data.rows.0.points", "data.planned_deals", "data.series.deals.0"]),
}


def load_kind(kind: str, store: Store) -> Any:
    """Load a document as the game does (what the menu and the lists screen call)."""
    if kind == "settings":
        return load_settings(store, "en").value
    if kind == "list":
        peek_saved_list(store)
        return load_saved_session(store).value
    return list_archive(store)


CASES = [(kind, where, bad) for kind, (_, _, places) in PLACES.items() for where in places
         for bad in BAD_VALUES]


@pytest.mark.parametrize(("kind", "where", "bad"), CASES)
def test_a_file_that_fails_to_parse_is_set_aside_with_a_message(
    tmp_path: Path, kind: str, where: str, bad: str
) -> None:
    make, name, _ = PLACES[kind]
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    content = with_raw(make(), where, BAD_VALUES[bad])
    path.write_bytes(content)
    store = Store(tmp_path)
    value = load_kind(kind, store)  # never raises
    if kind == "settings":
        assert value == Settings.first_start("en")
    else:
        assert value in (None, [])
    problems = store.take_problems()
    assert problems, "nothing said"
    [aside] = path.parent.glob(f"{path.stem}.damaged-*")
    assert aside.read_bytes() == content  # nothing lost
    assert not path.exists()
    assert any(path.name in p and str(aside) in p for p in problems), problems


def test_a_big_number_in_one_setting_resets_only_that_one(tmp_path: Path) -> None:
    """A number that parses but is too big to compare as a float: that value is reset."""
    doc = settings_doc()
    doc["data"]["deck_style"] = "german"
    (tmp_path / "settings.json").write_bytes(with_raw(doc, "data.volume", "1" + "0" * 400))
    store = Store(tmp_path)
    result = load_settings(store, "en")
    assert result.status == "repaired"
    assert result.value.deck_style == "german" and result.value.volume == Settings().volume


def test_a_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    doc = settings_doc()
    doc["data"]["deck_style"] = "german"
    (tmp_path / "settings.json").write_bytes(b"\xef\xbb\xbf" + json.dumps(doc).encode())
    result = load_settings(Store(tmp_path), "en")
    assert result.status == "loaded" and result.value.deck_style == "german"


def test_the_game_starts_whatever_its_files_hold(tmp_path: Path) -> None:
    """The real start-up (which reads the settings and the list in progress), both with
    a 5,000-digit number: the game opens, sets each aside and quits normally."""
    files = {"settings.json": with_raw(settings_doc(), "version", LONG),
             "list.json": with_raw(saved_list_doc(), "data.summary.totals.0", LONG)}
    for name, content in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(content)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SKATGAME_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-m", "skatgame", "--frames", "20", "--no-sound"],
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    for name, content in files.items():
        path = tmp_path / name
        [aside] = path.parent.glob(f"{path.stem}.damaged-*")
        assert aside.read_bytes() == content


# ---------------------------------------------------------------- unreadable files


def unreadable(kind: str, path: Path, monkeypatch: pytest.MonkeyPatch) -> bytes | None:
    """Make ``path`` unreadable: a folder in its place, or reading it refused.

    Tests run as root, where chmod does not stop reading, so the refusal is
    made by patching. Returns the file's bytes (``None`` for a folder).
    """
    if kind == "folder":
        path.mkdir()
        (path / "keep").write_text("mine", encoding="utf-8")
        return None
    content = b'{"mine": "do not overwrite"}'
    path.write_bytes(content)
    real = Path.read_bytes

    def refuse(self: Path) -> bytes:
        if self == path:
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    return content


def still_there(path: Path, content: bytes | None) -> bool:
    if content is None:
        return path.is_dir() and (path / "keep").read_text(encoding="utf-8") == "mine"
    with open(path, "rb") as f:
        return f.read() == content


@pytest.mark.parametrize("how", ["folder", "permission"])
def test_unreadable_settings_are_never_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    path = tmp_path / "settings.json"
    content = unreadable(how, path, monkeypatch)
    store = Store(tmp_path)
    result = load_settings(store, "en")
    assert result.status == "unreadable" and result.value == Settings.first_start("en")
    [problem] = store.take_problems()
    assert problem.key == "settings.unreadable" and str(path) in problem
    assert "does not save them" in problem
    assert "nicht lesbar" in problem.translate(Translator("de")) or \
        "nicht gelesen" in problem.translate(Translator("de"))
    assert save_settings(store, Settings(deck_style="german")) is False
    assert still_there(path, content)
    assert store.take_problems() == []  # said once, at loading
    # the game goes on with what the player chose, until it quits
    assert load_settings(store, "en").value.deck_style == "german"


@pytest.mark.parametrize("how", ["folder", "permission"])
def test_an_unreadable_list_is_replaced_only_when_the_player_confirms(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    path = tmp_path / f"{LIST_DOC}.json"
    content = unreadable(how, path, monkeypatch)
    app = make_app(tmp_path)
    steps(app, 3)
    [message] = dismiss_messages(app)
    assert str(path) in message and "could not be read" in message
    assert app.top.name == "menu"
    # New list asks first; Enter means No, and nothing is touched
    click(button_centre(app, "new"))
    steps(app, 1)
    assert app.top.name == "confirm" and str(path) in app.top.body
    assert app.top.focus == 0  # No has the focus: Enter alone keeps the file
    until_ready(app)
    press(pygame.K_RETURN)
    steps(app, 2)
    assert app.top.name == "menu" and still_there(path, content)
    # Yes: the unreadable file is moved aside (not deleted), then the new list is saved
    click(button_centre(app, "new"))
    steps(app, 1)
    until_ready(app)
    click(button_centre(app, "yes"))
    steps(app, 2)
    [moved] = dismiss_messages(app)
    assert str(path) in moved and "was moved to" in moved
    assert app.top.name == "new_list"
    click(button_centre(app, "start"))
    steps(app, 3)
    [aside] = tmp_path.glob(f"{LIST_DOC}.damaged-*")
    assert still_there(aside, content)
    with open(path, "rb") as f:
        assert json.loads(f.read())["format"] == LIST_FORMAT
    assert not app.errors


def test_an_unreadable_list_is_never_removed_or_saved_over_by_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / f"{LIST_DOC}.json"
    content = unreadable("permission", path, monkeypatch)
    store = Store(tmp_path)
    assert store.exists(LIST_DOC)
    assert peek_saved_list(store).status == "unreadable"
    assert store.unreadable(LIST_DOC) == "Permission denied"
    assert store.save(LIST_DOC, LIST_FORMAT, LIST_VERSION, {"x": 1}) is False
    assert store.remove(LIST_DOC) is False
    assert still_there(path, content)


def test_a_folder_in_the_place_of_the_list_is_seen_and_named(tmp_path: Path) -> None:
    (tmp_path / f"{LIST_DOC}.json").mkdir()
    store = Store(tmp_path)
    assert store.exists(LIST_DOC)
    result = peek_saved_list(store)
    assert result.status == "unreadable"
    assert str(tmp_path / f"{LIST_DOC}.json") in result.problems[0]


# ---------------------------------------------------------------- ids and exports


@pytest.mark.parametrize("bad_id", ["../../../x", "..", "a/b", "a\\b", "x.json", "", "ü",
                                    "a" * 81, "C:x", " x"])
def test_an_id_that_is_no_plain_name_is_refused(bad_id: str) -> None:
    assert not is_safe_id(bad_id)


def test_ids_the_game_makes_are_plain_names() -> None:
    for good in ("20241122T140300-12345", "restored-7", "a_b-c", "x" * 80):
        assert is_safe_id(good)


def test_a_finished_list_whose_id_leads_elsewhere_is_set_aside(tmp_path: Path) -> None:
    doc = archive_doc()
    doc["data"]["id"] = "../../../escaped"
    (tmp_path / "finished").mkdir()
    (tmp_path / "finished" / "x.json").write_text(json.dumps(doc), encoding="utf-8")
    store = Store(tmp_path)
    assert list_archive(store) == []
    [problem] = store.take_problems()
    assert "cannot name a file" in problem
    assert list((tmp_path / "finished").glob("x.damaged-*"))


def test_an_export_never_writes_outside_the_exports_folder(tmp_path: Path) -> None:
    home = tmp_path / "deep" / "er" / "home"
    home.mkdir(parents=True)
    doc = archive_doc()
    doc["data"]["id"] = "../../../escaped"
    (home / "finished").mkdir()
    (home / "finished" / "x.json").write_text(json.dumps(doc), encoding="utf-8")
    store = Store(home)
    # an entry as if it had been read before the check (or made by other code)
    entry = ArchivedList("finished/x", "../../../escaped", "2024-01-01T00:00:00",
                         "2024-01-01T01:00:00", ("You", "Anna", "Ben"),
                         (None, "beginner", "beginner"), "seeger-fabian", 3, ())
    tr = Translator("en").tr
    for kind in ("csv", "json"):
        result = export(store, entry, kind, tr)
        assert isinstance(result, Message)
    written = [p for p in tmp_path.rglob("*") if p.is_file() and "finished" not in p.parts]
    assert written == []
    with pytest.raises(ValueError):
        store.write_export("../escaped.csv", "x")
    with pytest.raises(ValueError):
        store.write_export("sub/escaped.csv", "x")
    assert not (home / "escaped.csv").exists()


# ---------------------------------------------------------------- any value anywhere


def json_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document (each key and list index, at every depth)."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += json_paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += json_paths(v, (*prefix, i))
    return out


ODD_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**400), 10**400) | st.floats()
    | st.text(max_size=8) | st.sampled_from(["", "..", "../x", "ü", "NaN"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                   max_size=3),
    max_leaves=6)
GOOD_DOCS: dict[str, dict[str, Any]] = {}


def good_doc(kind: str) -> dict[str, Any]:
    if kind not in GOOD_DOCS:
        GOOD_DOCS[kind] = PLACES[kind][0]()
    return GOOD_DOCS[kind]


@pytest.mark.parametrize("kind", sorted(PLACES))
@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_value_anywhere_never_crashes_and_never_costs_the_file(
    tmp_path_factory: pytest.TempPathFactory, kind: str, data: st.DataObject
) -> None:
    doc = copy.deepcopy(good_doc(kind))
    path = data.draw(st.sampled_from(json_paths(doc)[1:]))
    value = data.draw(ODD_VALUES)
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    home = tmp_path_factory.mktemp("home")
    name = PLACES[kind][1]
    (home / name).parent.mkdir(parents=True, exist_ok=True)
    content = json.dumps(doc, allow_nan=True).encode("utf-8")
    (home / name).write_bytes(content)
    store = Store(home)
    load_kind(kind, store)  # never raises
    file = home / name
    kept = [file] if file.exists() else list(file.parent.glob(f"{file.stem}.damaged-*"))
    assert kept, "the file is gone"
    assert kept[0].read_bytes() == content
    if not file.exists():
        assert store.take_problems(), "set aside without a word"
