"""The per-user store: atomic writes, bad files set aside, life without a writable folder."""

from __future__ import annotations

import json
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skatgame.table import store as store_mod
from skatgame.table.i18n import Message, Translator
from skatgame.table.store import (
    ENV_HOME,
    LoadResult,
    Store,
    atomic_write_json,
    load_json,
    user_dir,
)

KIND, VERSION = "skatgame-test", 3


def validate(data: Any) -> tuple[dict[str, int], list[Message]]:
    """Accepts {"n": int}; resets a wrong "m" with a note; anything else is unusable."""
    if not isinstance(data, dict) or not isinstance(data.get("n"), int):
        raise ValueError(Message("store.reason.shape"))
    notes = []
    m = data.get("m", 0)
    if not isinstance(m, int):
        notes.append(Message("store.reason.invalid", detail="m reset"))
        m = 0
    return {"n": data["n"], "m": m}, notes


def default() -> dict[str, int]:
    return {"n": 0, "m": 0}


def doc(data: Any, kind: str = KIND, version: Any = VERSION) -> dict[str, Any]:
    return {"format": kind, "version": version, "data": data}


def load(path: Path) -> LoadResult[dict[str, int]]:
    return load_json(path, KIND, VERSION, validate, default)


def aside_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.damaged-*"))


# ---------------------------------------------------------------- the folder


def test_user_dir_honours_the_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_HOME, str(tmp_path / "a" / "b"))
    assert user_dir() == tmp_path / "a" / "b"
    assert (tmp_path / "a" / "b").is_dir()


def test_user_dir_is_none_when_the_override_cannot_be_a_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    monkeypatch.setenv(ENV_HOME, str(tmp_path / "file" / "sub"))
    assert user_dir() is None


def test_user_dir_falls_back_to_platform_conventions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV_HOME, raising=False)
    monkeypatch.setattr(store_mod.sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert user_dir() == tmp_path / "xdg" / "skatgame"


def test_user_dir_prefers_the_folder_the_ui_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV_HOME, raising=False)
    assert user_dir(tmp_path / "sdl") == tmp_path / "sdl"
    (tmp_path / "file").write_text("x", encoding="utf-8")
    monkeypatch.setattr(store_mod.sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert user_dir(tmp_path / "file" / "sub") == tmp_path / "xdg" / "skatgame"


def test_store_open_uses_user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_HOME, str(tmp_path))
    s = Store.open()
    assert s.folder == tmp_path and s.take_problems() == []


# ---------------------------------------------------------------- writing


def test_atomic_write_round_trip_without_leftovers(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    atomic_write_json(path, {"name": "Jürgen", "n": [1, 2]})
    atomic_write_json(path, {"name": "Grün"})
    assert json.loads(path.read_text(encoding="utf-8")) == {"name": "Grün"}
    assert "Grün" in path.read_text(encoding="utf-8")  # real characters, not escapes
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


@pytest.mark.parametrize("broken", ["replace", "fsync"])
def test_crash_mid_write_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, broken: str
) -> None:
    path = tmp_path / "x.json"
    atomic_write_json(path, {"v": "old"})
    before = path.read_bytes()

    def crash(*args: object) -> None:
        raise OSError(5, "simulated crash")

    monkeypatch.setattr(store_mod.os, broken, crash)
    with pytest.raises(OSError):
        atomic_write_json(path, {"v": "new" * 1000})
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_a_torn_temporary_file_does_not_hurt(tmp_path: Path) -> None:
    # As after a power cut: a half-written temporary file lies next to the document.
    path = tmp_path / "x.json"
    atomic_write_json(path, doc({"n": 4}))
    (tmp_path / ".x.json.abc123.tmp").write_text('{"format": "skatgame-te', encoding="utf-8")
    result = load(path)
    assert result.status == "loaded" and result.value == {"n": 4, "m": 0}


def test_data_that_is_not_json_is_refused_before_touching_the_disk(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    atomic_write_json(path, {"v": 1})
    with pytest.raises(TypeError):
        atomic_write_json(path, {"v": object()})
    with pytest.raises(ValueError):
        atomic_write_json(path, {"v": float("nan")})
    assert json.loads(path.read_text(encoding="utf-8")) == {"v": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


# ---------------------------------------------------------------- reading


def test_missing_file_gives_defaults_quietly(tmp_path: Path) -> None:
    result = load(tmp_path / "none.json")
    assert result.status == "missing" and result.value == default() and result.problems == []


def test_good_file_loads(tmp_path: Path) -> None:
    atomic_write_json(tmp_path / "x.json", doc({"n": 7, "m": 2, "extra": True}))
    result = load(tmp_path / "x.json")
    assert result.status == "loaded" and result.value == {"n": 7, "m": 2}
    assert result.problems == []


BAD_FILES: dict[str, tuple[bytes, str]] = {
    "truncated": (b'{"format": "skatgame-test", "version": 3, "data": {"n": 1', "cut off"),
    "not json": (b"this is not json", "not valid JSON"),
    "empty": (b"", "empty"),
    "binary": (b"\xff\xfe\x00\x81garbage", "not a text file"),
    "foreign json": (json.dumps({"some": "thing"}).encode(), "not a skatgame-test file"),
    "a list": (b"[1, 2, 3]", "not a skatgame-test file"),
    "other format": (json.dumps(doc({"n": 1}, kind="skatgame-list")).encode(), "not a"),
    "newer version": (json.dumps(doc({"n": 1}, version=4)).encode(), "version 4"),
    "version as text": (json.dumps(doc({"n": 1}, version="3")).encode(), "version 3"),
    "version as bool": (json.dumps(doc({"n": 1}, version=True)).encode(), "version True"),
    "no data": (json.dumps({"format": KIND, "version": VERSION}).encode(), "not laid out"),
    "wrong types": (json.dumps(doc({"n": "seven"})).encode(), "not laid out"),
    "data not an object": (json.dumps(doc([1, 2])).encode(), "not laid out"),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_bad_file_is_set_aside_with_a_clear_message(tmp_path: Path, case: str) -> None:
    content, words = BAD_FILES[case]
    path = tmp_path / "x.json"
    path.write_bytes(content)
    result = load(path)
    assert result.status == "set_aside"
    assert result.value == default()
    assert not path.exists()
    [aside] = aside_files(tmp_path)
    assert result.set_aside == aside
    assert aside.name.startswith("x.damaged-") and aside.suffix == ".json"
    assert aside.read_bytes() == content  # nothing lost
    [problem] = result.problems
    assert "x.json" in problem and str(aside) in problem and words in problem
    assert "verschoben" in problem.translate(Translator("de"))


def test_validator_that_trips_counts_as_unusable(tmp_path: Path) -> None:
    def clumsy(data: Any) -> tuple[int, list[Message]]:
        return data["missing"], []

    path = tmp_path / "x.json"
    atomic_write_json(path, doc({"n": 1}))
    result = load_json(path, KIND, VERSION, clumsy, lambda: -1)
    assert result.status == "set_aside" and result.value == -1 and len(result.problems) == 1


def test_two_bad_files_in_one_second_get_their_own_names(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    for content in (b"{", b"[", b"nope"):
        path.write_bytes(content)
        assert load(path).status == "set_aside"
    assert sorted(p.read_bytes() for p in aside_files(tmp_path)) == [b"[", b"nope", b"{"]


def test_repaired_entries_keep_a_copy_and_the_file(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    atomic_write_json(path, doc({"n": 5, "m": "bad"}))
    original = path.read_bytes()
    result = load(path)
    assert result.status == "repaired" and result.value == {"n": 5, "m": 0}
    assert path.read_bytes() == original
    assert result.set_aside is not None and result.set_aside.read_bytes() == original
    head, note = result.problems
    assert str(result.set_aside) in head and note == "m reset"


def test_unreadable_file_is_reported_and_left_alone(tmp_path: Path) -> None:
    (tmp_path / "x.json").mkdir()
    result = load(tmp_path / "x.json")
    assert result.status == "unreadable" and result.value == default()
    assert "x.json" in result.problems[0] and (tmp_path / "x.json").is_dir()


def test_bad_file_that_cannot_be_moved_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(b"{{{")

    def refuse(self: Path, target: Path) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "rename", refuse)
    result = load(path)
    assert result.status == "set_aside" and result.value == default()
    assert path.read_bytes() == b"{{{"
    assert "could not be moved aside (Permission denied)" in result.problems[0]


# ---------------------------------------------------------------- the store


def make_readonly(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``folder`` refuse writes; as root chmod does not, so writes are made to fail."""
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    probe = folder / ".probe"
    try:
        probe.write_text("x", encoding="utf-8")
    except PermissionError:
        return
    probe.unlink()

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(store_mod.tempfile, "mkstemp", refuse)


@pytest.fixture
def readonly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "home"
    folder.mkdir()
    atomic_write_json(folder / "doc.json", doc({"n": 1}))
    make_readonly(folder, monkeypatch)
    yield folder
    folder.chmod(stat.S_IRWXU)


def test_read_only_folder_works_in_memory_and_reports_once(readonly: Path) -> None:
    s = Store(readonly)
    assert s.load("doc", KIND, VERSION, validate, default).value == {"n": 1, "m": 0}
    assert s.save("doc", KIND, VERSION, {"n": 2}) is False
    assert s.save("other", KIND, VERSION, {"n": 3}) is False
    assert s.save("doc", KIND, VERSION, {"n": 4}) is False
    [problem] = s.take_problems()
    assert problem.key == "store.save_failed" and "Permission denied" in problem
    assert s.take_problems() == []
    again = s.load("doc", KIND, VERSION, validate, default)
    assert again.status == "memory" and again.value == {"n": 4, "m": 0}
    assert s.load("other", KIND, VERSION, validate, default).value == {"n": 3, "m": 0}
    assert json.loads((readonly / "doc.json").read_text(encoding="utf-8"))["data"] == {"n": 1}


def test_memory_copy_is_not_shared_with_the_caller(readonly: Path) -> None:
    s = Store(readonly)
    data = {"n": 2}
    s.save("doc", KIND, VERSION, data)
    data["n"] = 99
    assert s.load("doc", KIND, VERSION, validate, default).value["n"] == 2


def test_without_a_folder_everything_lives_in_memory() -> None:
    s = Store(None)
    [problem] = s.take_problems()
    assert problem.key == "store.no_folder"
    assert s.load("doc", KIND, VERSION, validate, default).status == "missing"
    assert s.save("doc", KIND, VERSION, {"n": 8}) is False
    assert s.load("doc", KIND, VERSION, validate, default).value == {"n": 8, "m": 0}
    assert s.take_problems() == []
    assert s.remove("doc")
    assert s.load("doc", KIND, VERSION, validate, default).status == "missing"


def test_store_saves_loads_and_reports_each_problem_once(tmp_path: Path) -> None:
    s = Store(tmp_path)
    assert s.save("doc", KIND, VERSION, {"n": 6})
    assert json.loads((tmp_path / "doc.json").read_text(encoding="utf-8")) == doc({"n": 6})
    assert s.load("doc", KIND, VERSION, validate, default).value == {"n": 6, "m": 0}
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    assert s.load("bad", KIND, VERSION, validate, default).status == "set_aside"
    assert len(s.take_problems()) == 1
    assert s.take_problems() == []
    assert s.remove("doc") and not (tmp_path / "doc.json").exists()


def test_saving_again_after_the_disk_recovers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = Store(tmp_path)

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(store_mod.tempfile, "mkstemp", full)
        assert not s.save("doc", KIND, VERSION, {"n": 1})
    assert "No space left on device" in s.take_problems()[0]
    assert s.save("doc", KIND, VERSION, {"n": 2})
    result = s.load("doc", KIND, VERSION, validate, default)
    assert result.status == "loaded" and result.value["n"] == 2
