"""Players' names: cleaned input, the length limit, "You" in each language, settings."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from skatgame.table.i18n import Translator
from skatgame.table.names import MAX_NAME, clean_name, display_name, is_you
from skatgame.table.settings import Opponent, Settings, load_settings, save_settings
from skatgame.table.store import Store


@pytest.mark.parametrize(("raw", "kept"), [
    ("  Jürgen  ", "Jürgen"),
    ("Zoë\x00\x07", "Zoë"),
    ("Ann\u200bika", "Annika"),  # a zero-width space is a format character: gone
    ("Łukasz\tNowak", "Łukasz Nowak"),
    ("Σωκράτης", "Σωκράτης"),
    ("李小龍", "李小龍"),
    ("", "Anna"),
    ("\n\t ", "Anna"),
    (None, "Anna"),
])
def test_names_are_cleaned(raw: object, kept: str) -> None:
    assert clean_name(raw, "Anna") == kept


def test_names_are_limited() -> None:
    long = "Ä" * (MAX_NAME + 9)
    assert clean_name(long) == "Ä" * MAX_NAME


def test_the_human_without_a_name_is_you_in_the_current_language() -> None:
    en, de = Translator("en").tr, Translator("de").tr
    assert display_name("You", None, de) == "Du" and display_name("Du", None, en) == "You"
    assert display_name("", None, en) == "You"
    assert display_name("Gisela", None, de) == "Gisela"
    assert display_name("Du", "expert", en) == "Du"  # a computer player called Du keeps it
    assert is_you("Du") and not is_you("Dudu")


def test_names_timer_and_players_round_trip_through_the_settings(tmp_path: Path) -> None:
    store = Store(tmp_path)
    s = dataclasses.replace(Settings(), player_name="Jürgen", players=4, move_timer=15,
                            opponents=(Opponent("expert", "Zoë"), Opponent("beginner", "Ōta"),
                                       Opponent("advanced", "Ağa")))
    assert save_settings(store, s)
    loaded = load_settings(Store(tmp_path)).value
    assert loaded == s
    assert loaded.seat_opponents(3) == (Opponent("expert", "Zoë"), Opponent("advanced", "Ağa"),
                                        Opponent("beginner", "Ōta"))


def test_older_settings_with_two_opponents_get_a_third() -> None:
    s, notes = Settings.from_dict({"opponents": [{"level": "expert", "name": "A"},
                                                 {"level": "beginner", "name": "B"}]})
    assert notes == [] and len(s.seat_opponents(3)) == 3
    assert [o.name for o in s.seat_opponents(2)] == ["A", "B"]


@pytest.mark.parametrize(("field", "value"), [("players", 5), ("players", "4"),
                                              ("move_timer", 10), ("move_timer", True),
                                              ("player_name", "x" * 40),
                                              ("player_name", "Bad\x00Name")])
def test_bad_values_are_reset_with_a_note(field: str, value: object) -> None:
    s, notes = Settings.from_dict({field: value})
    assert getattr(s, field) == getattr(Settings(), field) and len(notes) == 1
