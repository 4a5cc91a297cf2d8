"""Settings: defaults, round trips, repair of bad values, bad files, read-only folders."""

from __future__ import annotations

import dataclasses
import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from skatgame.engine.cards import DeckStyle
from skatgame.table import settings as settings_mod
from skatgame.table import store as store_mod
from skatgame.table.i18n import Translator
from skatgame.table.settings import (
    SETTINGS_FORMAT,
    SETTINGS_VERSION,
    Opponent,
    Settings,
    load_settings,
    save_settings,
)
from skatgame.table.store import Store

CUSTOM = Settings(
    deck_style="german",
    german_indices=False,
    sort_order="by-suit",
    sort_direction="ascending",
    animation_speed="instant",
    sound_on=False,
    volume=0.25,
    language="de",
    window_size=(1920, 1080),
    fullscreen=True,
    show_running_points=False,
    opponents=(Opponent("expert", "Klaus"), Opponent("beginner", "Müller-Lüdenscheidt")),
    house_rules={"ramsch": True, "grand_base": 20, "bock_rounds": "after-kontra", "x": None},
)


def write(folder: Path, data: Any, version: Any = SETTINGS_VERSION) -> Path:
    path = folder / "settings.json"
    doc = {"format": SETTINGS_FORMAT, "version": version, "data": data}
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_defaults_are_sensible() -> None:
    s = Settings()
    assert s.deck_style == "french" and s.sound_on and 0 < s.volume <= 1
    assert s.opponents[0].level in ("beginner", "advanced", "expert")
    assert s.opponents[0].name != s.opponents[1].name
    json.dumps(s.to_dict())


def test_round_trip_through_the_disk(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert save_settings(store, CUSTOM)
    on_disk = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert on_disk["format"] == "skatgame-settings" and on_disk["version"] == 1
    assert on_disk["data"]["window_size"] == [1920, 1080]
    result = load_settings(Store(tmp_path))
    assert result.status == "loaded" and result.problems == []
    assert result.value == CUSTOM


def test_the_deck_style_is_a_deck_style_saved_as_its_plain_string(tmp_path: Path) -> None:
    """An old settings file names the deck by its string: loaded, it is the DeckStyle
    member; saved, the file holds the same string as before."""
    write(tmp_path, {"deck_style": "tournament"})
    loaded = load_settings(Store(tmp_path)).value
    assert loaded.deck_style is DeckStyle.TOURNAMENT and loaded.deck_style == "tournament"
    assert Settings(deck_style="german").deck_style is DeckStyle.GERMAN  # a str is taken too
    assert save_settings(Store(tmp_path), loaded)
    on_disk = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert on_disk["data"]["deck_style"] == "tournament"
    assert type(json.loads(json.dumps(loaded.to_dict()))["deck_style"]) is str


def test_first_start_speaks_the_system_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(settings_mod, "system_language", lambda *_: "de")
    result = load_settings(Store(tmp_path))
    assert result.status == "missing" and result.value.language == "de"
    monkeypatch.setattr(settings_mod, "system_language", lambda *_: "en")
    assert load_settings(Store(tmp_path)).value.language == "en"
    assert load_settings(Store(tmp_path), language="de").value.language == "de"


def test_unknown_keys_are_ignored(tmp_path: Path) -> None:
    write(tmp_path, {**CUSTOM.to_dict(), "from_the_future": 42, "theme": "dark"})
    result = load_settings(Store(tmp_path))
    assert result.status == "loaded" and result.value == CUSTOM and result.problems == []


def test_missing_keys_take_defaults_silently(tmp_path: Path) -> None:
    write(tmp_path, {"volume": 0.5})
    result = load_settings(Store(tmp_path), language="en")
    assert result.status == "loaded" and result.problems == []
    assert result.value == dataclasses.replace(Settings(), volume=0.5)


BAD_VALUES: dict[str, Any] = {
    "deck_style": "italian",
    "german_indices": "yes",
    "sort_order": 1,
    "sort_direction": None,
    "animation_speed": ["fast"],
    "sound_on": 1,
    "volume": 1.5,
    "language": "fr",
    "window_size": [100, "tall"],
    "fullscreen": "false",
    "show_running_points": 0,
    "opponents": [{"level": "grandmaster", "name": "X"}],
    "house_rules": {"nested": {"a": 1}},
    "text_size": 130,
}


@pytest.mark.parametrize("field", sorted(BAD_VALUES))
def test_a_wrong_value_is_reset_and_the_rest_kept(tmp_path: Path, field: str) -> None:
    write(tmp_path, {**CUSTOM.to_dict(), field: BAD_VALUES[field]})
    store = Store(tmp_path)
    result = load_settings(store, language="en")
    assert result.status == "repaired"
    expected = dataclasses.replace(CUSTOM, **{field: getattr(Settings(), field)})
    assert result.value == expected
    head, note = result.problems
    assert note.key == "settings.reset_value"
    label = Translator("en").tr(f"settings.{field}")
    assert label in note
    assert Translator("de").tr(f"settings.{field}") in note.translate(Translator("de"))
    assert result.set_aside is not None and result.set_aside.exists()  # original kept
    assert store.take_problems() == [head, note]


@pytest.mark.parametrize(
    "value",
    [True, float("inf"), -0.1, "0.5"],
)
def test_volume_must_be_a_real_fraction(value: Any) -> None:
    settings, notes = Settings.from_dict({"volume": value})
    assert settings.volume == Settings().volume and len(notes) == 1


@pytest.mark.parametrize(
    "size", [[1280], [1280, 800, 1], [True, 800], [639, 800], [1280, 20000], "1280x800"]
)
def test_window_size_must_be_two_sane_whole_numbers(size: Any) -> None:
    settings, notes = Settings.from_dict({"window_size": size})
    assert settings.window_size == Settings().window_size and len(notes) == 1


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, 7])
def test_opponent_names_must_be_short_text(name: Any) -> None:
    data = {"opponents": [{"level": "expert", "name": name}, {"level": "expert", "name": "B"}]}
    settings, notes = Settings.from_dict(data)
    assert settings.opponents == Settings().opponents and len(notes) == 1


def test_opponent_names_are_trimmed() -> None:
    data = {"opponents": [{"level": "expert", "name": " Eva "}, {"level": "beginner", "name": "B"}]}
    settings, notes = Settings.from_dict(data)
    assert notes == [] and settings.opponents == (Opponent("expert", "Eva"),
                                                  Opponent("beginner", "B"))


DAMAGED: dict[str, str] = {
    "truncated": '{"format": "skatgame-settings", "version": 1, "data": {"deck_st',
    "wrong json": "deck_style = german\n",
    "wrong version": json.dumps({"format": SETTINGS_FORMAT, "version": 2, "data": {}}),
    "foreign": json.dumps({"format": "skatgame-list", "version": 1, "data": {}}),
    "wrong types": json.dumps({"format": SETTINGS_FORMAT, "version": 1, "data": ["french"]}),
}


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_damaged_file_is_set_aside_and_defaults_load(tmp_path: Path, case: str) -> None:
    (tmp_path / "settings.json").write_text(DAMAGED[case], encoding="utf-8")
    store = Store(tmp_path)
    result = load_settings(store, language="en")
    assert result.status == "set_aside" and result.value == Settings()
    assert not (tmp_path / "settings.json").exists()
    [aside] = tmp_path.glob("settings.damaged-*.json")
    assert aside.read_text(encoding="utf-8") == DAMAGED[case]
    [problem] = store.take_problems()
    assert "settings.json" in problem and str(aside) in problem
    # the next save writes a fresh, good file
    assert save_settings(store, result.value)
    assert load_settings(Store(tmp_path)).status == "loaded"


def test_read_only_folder_keeps_settings_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "home"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        if os.access(folder, os.W_OK):  # root ignores the mode: make writing fail instead
            def refuse(*args: object, **kwargs: object) -> None:
                raise PermissionError(13, "Permission denied")

            monkeypatch.setattr(store_mod.tempfile, "mkstemp", refuse)
        store = Store(folder)
        first = load_settings(store, language="en")
        assert first.status == "missing"
        changed = dataclasses.replace(first.value, volume=0.1)
        assert save_settings(store, changed) is False
        assert save_settings(store, dataclasses.replace(changed, fullscreen=True)) is False
        assert [p.key for p in store.take_problems()] == ["store.save_failed"]
        again = load_settings(store)
        assert again.value.volume == 0.1 and again.value.fullscreen
        assert store.take_problems() == []
    finally:
        folder.chmod(stat.S_IRWXU)


def test_construction_checks_values() -> None:
    with pytest.raises(ValueError):
        dataclasses.replace(Settings(), volume=2.0)
    with pytest.raises((ValueError, TypeError)):
        Settings(deck_style="spanish")
    with pytest.raises((ValueError, TypeError)):
        Settings(house_rules={"a": [1]})
    assert Settings(window_size=[800, 600]).window_size == (800, 600)  # type: ignore[arg-type]


def test_settings_object_not_a_mapping_is_unusable() -> None:
    with pytest.raises(ValueError):
        Settings.from_dict(["not", "a", "dict"])


def test_first_start_letters_the_cards_in_the_players_language() -> None:
    assert Settings.first_start("de").german_letters
    assert not Settings.first_start("en").german_letters


def test_the_corner_letters_follow_the_language_until_the_player_chooses() -> None:
    s = Settings(language="en")
    assert not s.german_letters
    assert dataclasses.replace(s, language="de").german_letters  # B D K in German, by default
    chosen = dataclasses.replace(s, german_indices=False, language="de")
    assert not chosen.german_letters  # the player chose J Q K: the language leaves it
    again, notes = Settings.from_dict(chosen.to_dict())
    assert again == chosen and notes == []


@pytest.mark.parametrize("saved, language, letters, follows", [
    (False, "en", False, True),  # an English first start: B D K once the game speaks German
    (True, "de", True, True),
    (True, "en", True, False),  # chosen against the language: kept
    (False, "de", False, False),
])
def test_older_settings_letters_follow_the_language_where_they_matched_it(
        saved: bool, language: str, letters: bool, follows: bool) -> None:
    s, _ = Settings.from_dict({"german_indices": saved, "language": language})
    assert s.german_letters == letters
    assert (s.german_indices is None) == follows


def test_ramsch_variants_round_trip_through_the_settings(tmp_path: Path) -> None:
    from skatgame.engine.options import RuleOptions
    from skatgame.table.settings import rule_options

    options = RuleOptions(ramsch=True, ramsch_skat="nobody", ramsch_loss="ten",
                          ramsch_jungfrau="plus5", ramsch_durchmarsch="moon")
    s = dataclasses.replace(CUSTOM, house_rules=options.to_dict())
    assert save_settings(Store(tmp_path), s)
    loaded = load_settings(Store(tmp_path)).value
    assert rule_options(loaded.house_rules) == options


def test_house_rules_saved_before_the_ramsch_variants_still_apply(tmp_path: Path) -> None:
    from skatgame.table.settings import rule_options

    write(tmp_path, {"house_rules": {"ramsch": True, "ramsch_skat_to_loser": True,
                                     "jungfrau": False, "durchmarsch": True, "kontra": True}})
    result = load_settings(Store(tmp_path))
    assert result.status == "loaded"
    o = rule_options(result.value.house_rules)
    assert (o.ramsch, o.kontra, o.ramsch_skat, o.ramsch_jungfrau, o.ramsch_durchmarsch) == \
        (True, True, "loser", "off", "plus120")
    # an unusable old switch falls back to the default, the rest stays
    o = rule_options({"ramsch": True, "jungfrau": "yes", "ramsch_skat_to_loser": True,
                      "ramsch_loss": "eleven"})
    assert (o.ramsch, o.ramsch_jungfrau, o.ramsch_skat, o.ramsch_loss) == \
        (True, "double", "loser", "points")
