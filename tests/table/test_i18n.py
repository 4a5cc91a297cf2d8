"""Translations: both languages complete and consistent, lookups that never raise."""

from __future__ import annotations

import json
import pickle
import string
from dataclasses import fields
from pathlib import Path

import pytest

from skatgame.engine.rules import GameKind
from skatgame.resources import resource_path
from skatgame.table import i18n
from skatgame.table.i18n import (
    LANGUAGES,
    Message,
    Translator,
    contract_name,
    language_of,
    load_table,
)
from skatgame.table.settings import (
    ANIMATION_SPEEDS,
    DECK_STYLES,
    LEVELS,
    SORT_DIRECTIONS,
    SORT_ORDERS,
    Settings,
)


def raw(lang: str) -> str:
    return resource_path("i18n", f"{lang}.json").read_text(encoding="utf-8")


def pairs(lang: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    json.loads(raw(lang), object_pairs_hook=lambda p: out.extend(p) or dict(p))
    return out


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


# ---------------------------------------------------------------- the files


def test_both_languages_have_exactly_the_same_keys() -> None:
    en, de = set(load_table("en")), set(load_table("de"))
    assert en, "en.json did not load"
    assert not en - de, f"missing in de.json: {sorted(en - de)}"
    assert not de - en, f"missing in en.json: {sorted(de - en)}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_duplicate_keys_and_only_nonempty_texts(lang: str) -> None:
    keys = [k for k, _ in pairs(lang)]
    assert len(keys) == len(set(keys)), [k for k in keys if keys.count(k) > 1]
    assert all(isinstance(v, str) and v.strip() for _, v in pairs(lang))


def test_placeholders_match_between_languages() -> None:
    en, de = load_table("en"), load_table("de")
    wrong = {k: (en[k], de[k]) for k in en if placeholders(en[k]) != placeholders(de[k])}
    assert not wrong


@pytest.mark.parametrize("lang, says", [("en", "Ramsch skat to last trick winner"),
                                         ("de", "Ramsch-Skat an wer zuletzt sticht")])
def test_the_ramsch_skat_goes_to_a_player_not_to_the_last_trick(lang: str, says: str) -> None:
    tr = Translator(lang).tr
    assert f"{tr('rules.ramsch_skat')} {tr('rules.ramsch_skat.last_trick')}" == says


def test_german_umlauts_are_real_characters() -> None:
    text = raw("de")
    assert "\\u" not in text
    for word in ("Zurück", "überreizt", "Anfänger", "Grün", "Lautstärke", "Fenstergröße"):
        assert word in text
    assert Translator("de").tr("game.overbid") == "überreizt"


# ---------------------------------------------------------------- the vocabulary

EXPECTED = {
    "menu.new_list": ("New list", "Neue Liste"),
    "menu.quit": ("Quit", "Beenden"),
    "menu.back": ("Back", "Zurück"),
    "auction.pass": ("Pass", "Passe"),
    "auction.yes": ("Yes", "Ja"),
    "seat.forehand": ("Forehand", "Vorhand"),
    "seat.middlehand": ("Middlehand", "Mittelhand"),
    "seat.rearhand": ("Rearhand", "Hinterhand"),
    "seat.dealer": ("Dealer", "Geber"),
    "game.with": ("with {n}", "mit {n}"),
    "game.without": ("without {n}", "ohne {n}"),
    "game.game": ("Game", "Spiel"),
    "game.won": ("won", "gewonnen"),
    "game.lost": ("lost", "verloren"),
    "game.card_points": ("Card points", "Augen"),
    "game.tricks": ("Tricks", "Stiche"),
    "game.declarer": ("Declarer", "Alleinspieler"),
    "game.defenders": ("Defenders", "Gegenspieler"),
    "level.beginner": ("Beginner", "Anfänger"),
    "level.advanced": ("Advanced", "Fortgeschritten"),
    "level.expert": ("Expert", "Experte"),
}

PRESENT = [
    "menu.continue", "menu.score_sheet", "menu.settings", "menu.statistics", "menu.ok",
    "menu.cancel", "auction.hold", "auction.bid", "auction.jump", "game.hand",
    "game.schneider", "game.schwarz", "game.ouvert", "game.overbid", "game.kontra", "game.re",
    "contract.ramsch", "game.jungfrau", "game.durchmarsch", "game.bock", "game.skat",
    "store.no_folder", "store.save_failed", "store.set_aside", "sound.no_device",
]


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_known_words(key: str) -> None:
    assert Translator("en").tr(key) == EXPECTED[key][0]
    assert Translator("de").tr(key) == EXPECTED[key][1]


@pytest.mark.parametrize("key", PRESENT)
def test_vocabulary_present(key: str) -> None:
    assert key in load_table("en") and key in load_table("de")


def test_a_label_for_every_setting_and_every_choice() -> None:
    keys = [f"settings.{f.name}" for f in fields(Settings)]
    choices = {"deck_style": DECK_STYLES, "sort_order": SORT_ORDERS,
                "sort_direction": SORT_DIRECTIONS, "animation_speed": ANIMATION_SPEEDS}
    keys += [f"settings.{name}.{value}" for name, values in choices.items() for value in values]
    keys += [f"level.{level}" for level in LEVELS] + [f"language.{lang}" for lang in LANGUAGES]
    missing = [k for k in keys if k not in load_table("en") or k not in load_table("de")]
    assert not missing


# ---------------------------------------------------------------- contract names


@pytest.mark.parametrize(
    ("deck", "lang", "names"),
    [
        ("french", "en", ["Clubs", "Spades", "Hearts", "Diamonds"]),
        ("tournament", "en", ["Clubs", "Spades", "Hearts", "Diamonds"]),
        ("german", "en", ["Acorns", "Leaves", "Hearts", "Bells"]),
        ("french", "de", ["Kreuz", "Pik", "Herz", "Karo"]),
        ("tournament", "de", ["Kreuz", "Pik", "Herz", "Karo"]),
        ("german", "de", ["Eichel", "Grün", "Rot", "Schellen"]),
    ],
)
def test_contract_names_per_deck(deck: str, lang: str, names: list[str]) -> None:
    tr = Translator(lang)
    suits = [GameKind.CLUBS, GameKind.SPADES, GameKind.HEARTS, GameKind.DIAMONDS]
    assert [contract_name(k, deck, tr) for k in suits] == names
    assert contract_name(GameKind.GRAND, deck, tr) == "Grand"
    assert contract_name(GameKind.NULL, deck, tr) == "Null"
    assert contract_name(GameKind.RAMSCH, deck, tr) == "Ramsch"


def test_contract_name_rejects_non_kinds() -> None:
    with pytest.raises(ValueError):
        contract_name(7, "french", Translator("en"))


# ---------------------------------------------------------------- lookups never raise


def test_missing_key_falls_back_to_english_then_to_the_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    de = Translator("de")
    monkeypatch.setattr(de, "_table", {"menu.quit": "Beenden"})
    assert de.tr("menu.quit") == "Beenden"
    assert de.tr("menu.back") == "Back"
    assert de.tr("no.such.key") == "no.such.key"
    assert not de.has("menu.back")


def test_bid_values_pass_through() -> None:
    assert Translator("de").tr("18") == "18"
    assert Translator("en")("264") == "264"


def test_formatting_never_raises() -> None:
    en = Translator("en")
    assert en.tr("game.with", n=2) == "with 2"
    assert en.tr("game.with") == "with {n}"
    assert en.tr("game.with", m=3) == "with {n}"
    assert en.tr("odd {", n=1) == "odd {"
    assert en.tr("{0} {x.y}", x=1) == "{0} {x.y}"


def test_unknown_language_speaks_english() -> None:
    assert Translator("fr").lang == "en"
    assert Translator("fr").tr("menu.quit") == "Quit"


def test_broken_language_file_gives_keys_not_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "i18n").mkdir()
    (tmp_path / "i18n" / "en.json").write_text('{"menu.quit": "Qu', encoding="utf-8")
    (tmp_path / "i18n" / "de.json").write_text("[1, 2]", encoding="utf-8")
    monkeypatch.setattr(i18n, "resource_path", lambda *parts: tmp_path.joinpath(*parts))
    load_table.cache_clear()
    try:
        assert Translator("de").tr("menu.quit") == "menu.quit"
        assert Translator("en").tr("game.with", n=1) == "game.with"
    finally:
        load_table.cache_clear()


# ---------------------------------------------------------------- messages


def test_message_is_english_text_and_translates() -> None:
    reason = Message("store.reason.version", found=2, expected=1)
    msg = Message("store.set_aside", file="settings.json", reason=reason, moved_to="/x/y.json")
    assert isinstance(msg, str)
    assert "settings.json" in msg and "version 2" in msg and "/x/y.json" in msg
    german = msg.translate(Translator("de"))
    assert "verschoben" in german and "Version 2" in german


def test_message_survives_pickling() -> None:
    msg = Message("game.with", n=3)
    back = pickle.loads(pickle.dumps(msg))
    assert back == "with 3" and back.key == "game.with" and back.params == {"n": 3}


# ---------------------------------------------------------------- system language


@pytest.mark.parametrize(
    ("names", "lang"),
    [
        (["de_DE.UTF-8"], "de"),
        (["de"], "de"),
        (["German_Germany"], "de"),
        (["de_AT"], "de"),
        (["en_US.UTF-8", "de_DE"], "en"),
        ([None, "", "C", "C.UTF-8", "POSIX", "de_CH"], "de"),
        (["fr_FR"], "en"),
        ([], "en"),
    ],
)
def test_language_of_locale(names: list[str | None], lang: str) -> None:
    assert language_of(names) == lang


def test_system_language_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.system_language() == "de"
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    assert i18n.system_language() == "en"


@pytest.mark.parametrize(("lang", "calls"), [("en", ["18", "Pass", "Yes"]),
                                              ("de", ["18", "Passe", "Ja"])])
def test_calls_at_the_table(lang: str, calls: list[str]) -> None:
    from skatgame.table.texts import call_text

    tr = Translator(lang)
    assert [call_text(18, tr), call_text("p", tr), call_text("y", tr)] == calls


def test_one_wording_of_games_for_the_table_and_the_csv() -> None:
    from skatgame.table.i18n import contract_words

    tr = Translator("en")
    grand = int(GameKind.GRAND)
    ouvert = {"hand": True, "schneider": True, "schwarz": True, "ouvert": True}
    assert contract_words(grand, "french", tr, **ouvert) == "Grand Ouvert"
    assert contract_words(grand, "french", tr, ouvert_says_hand=True, **ouvert) == \
        "Grand Hand Ouvert"
    assert contract_words(int(GameKind.NULL), "french", tr, hand=True, ouvert=True) == \
        "Null Hand Ouvert"
    assert contract_words(int(GameKind.CLUBS), "german", Translator("de"), hand=True,
                          schneider=True) == "Eichel Hand Schneider"
    assert contract_words(6, "french", tr, hand=True) == "Ramsch"


@pytest.mark.parametrize(("lang", "why"), [
    ("en", "The defenders took a trick: the game ends, lost"),
    ("de", "Die Gegenspieler haben einen Stich: Spiel verloren"),
])
def test_results_say_why_an_ouvert_game_ended_early(lang: str, why: str) -> None:
    from skatgame.engine.records import parse_iss, replay_iss
    from skatgame.table.seatview import EVERYONE, table_of
    from skatgame.table.texts import result_lines

    # ISS game 13577: a clubs ouvert, lost to the defenders' first trick
    line = (Path(__file__).resolve().parents[1] / "data" / "iss" / "early-ends.sgf").read_text(
        encoding="utf-8").splitlines()[0]
    deal = replay_iss(parse_iss(line, 1))
    lines = result_lines(table_of(deal, EVERYONE), Translator(lang))
    assert lines[0].text == why and lines[0].bad
    assert sum(why == ln.text for ln in lines) == 1
    assert lines[-1].figure == "-192"
    played_out = replay_iss(parse_iss(raw_examples()[0], 1))  # a game played to the end
    lines = result_lines(table_of(played_out, EVERYONE), Translator(lang))
    assert all(ln.text != why for ln in lines)


def raw_examples() -> list[str]:
    path = Path(__file__).resolve().parents[1] / "data" / "iss" / "examples.sgf"
    return path.read_text(encoding="utf-8").splitlines()


def test_a_long_number_in_a_message_is_cut() -> None:
    """A 400-digit number from a damaged file is not printed whole in a notice."""
    big = "7" * 400
    m = Message("saved.reason.replay", detail=f"grand_base must be 24 or 20, not {big}")
    assert big not in m and "(400 digits)" in m
    assert big not in m.translate(Translator("de").tr)
    n = Message("store.reason.version", found=int(big), expected=1)
    assert big not in n and "(400 digits)" in n
    assert Message("store.reason.version", found=2026, expected=1).params["found"] == 2026
    assert len(Message("saved.reason.replay", detail="x" * 100_000)) < 1000
