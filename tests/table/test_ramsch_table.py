"""The table's side of the Ramsch variants: the results lines, the sheet, the help, saved lists."""

import random

import pytest

from skatgame.engine.actions import PASS
from skatgame.engine.cards import parse_cards, points_of
from skatgame.engine.deal import Deal
from skatgame.engine.options import RuleOptions
from skatgame.table.i18n import Translator
from skatgame.table.seatview import EVERYONE, table_of
from skatgame.table.texts import (
    names_text,
    ramsch_figure,
    ramsch_sheet_text,
    result_lines,
    rule_value_text,
)

NAMES = ("You", "Left", "Right")
# Forehand holds all jacks and clubs: leading them he takes every trick.
SWEEP = "CJ SJ HJ DJ CA CT CK CQ C9 C8 SA ST SK SQ S9 S8 S7 HA HT HK " \
        "HQ H9 H8 H7 DA DT DK DQ D9 D8 C7 D7"


def sweep(**options: object) -> Deal:
    deal = Deal(parse_cards(SWEEP), RuleOptions(ramsch=True, **options))  # type: ignore[arg-type]
    for _ in range(3):
        deal.apply(PASS)
    while not deal.done:
        deal.apply(deal.legal_actions()[0])
    return deal


def random_ramsch(seed: int, **options: object) -> Deal:
    deal = Deal.from_seed(seed, RuleOptions(ramsch=True, **options))  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _ in range(3):
        deal.apply(PASS)
    while not deal.done:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def texts(deal: Deal, lang: str = "en") -> list[tuple[str, str]]:
    table = table_of(deal, EVERYONE)
    return [(ln.text, ln.figure) for ln in result_lines(table, Translator(lang), NAMES)]


def test_durchmarsch_and_shooting_the_moon():
    lines = texts(sweep())
    assert lines[0] == ("Durchmarsch: you took every trick", "+120")
    assert lines[-1] == ("Score", "+120")
    moon = sweep(ramsch_durchmarsch="moon")
    assert ("Shot the moon: Left and Right lose 120 each", "-120") in texts(moon)
    assert texts(moon)[-1] == ("Score", "-120")
    assert ("Shooting the Moon: Left und Right verlieren je 120", "-120") in texts(moon, "de")
    assert ramsch_sheet_text(moon.result, Translator("en")) == "Ramsch Durchmarsch"
    assert ramsch_figure(moon.result) == -120 and ramsch_figure(sweep().result) == 120


def test_jungfrau_plus_five_and_the_fixed_loss():
    deal = sweep(ramsch_durchmarsch="off", ramsch_jungfrau="plus5", ramsch_loss="ten")
    lines = texts(deal)
    assert ("Most card points: you lose", "120") in lines
    assert ("The loser pays a fixed 10", "10") in lines
    assert ("Jungfrau (Left and Right): +5", "15") in lines
    assert lines[-1] == ("Score", "-15")
    assert ("Der Verlierer zahlt fest 10", "10") in texts(deal, "de")
    assert ramsch_sheet_text(deal.result, Translator("de")) == "Ramsch Jungfrau"
    doubled = texts(sweep(ramsch_durchmarsch="off"))
    assert ("Jungfrau (Left and Right): × 2", "240") in doubled
    # Jungfrau alone is no push of the skat
    assert not any("pushed" in text for text, _ in doubled)


@pytest.mark.parametrize(("rule", "start"), [
    ("last_trick", "Skat to "), ("loser", "Skat to the loser: "),
    ("nobody", "Skat: its points count for no one"),
])
def test_where_the_skat_went(rule: str, start: str):
    deal = random_ramsch(3, ramsch_skat=rule)
    text, figure = texts(deal)[0]
    assert text.startswith(start) and figure == str(points_of(deal.skat))
    if rule != "nobody":
        assert NAMES[deal.result.skat_taker] in text


def test_a_tie_names_every_loser():
    deal = random_ramsch(59)  # the tricks tie at 49 and the skat holds no points
    assert "tie" in deal.result.notes
    lines = texts(deal)
    assert ("Tie on the most points: You and Right each lose", "49") in lines
    assert ("Gleichstand: You und Right verlieren jeweils", "49") in texts(deal, "de")


def test_rule_values_and_names_in_words():
    en, de = Translator("en"), Translator("de")
    assert rule_value_text("ramsch_skat", "nobody", de) == "niemanden"
    assert rule_value_text("ramsch_loss", "ten", en) == "10 points"
    assert rule_value_text("ramsch_jungfrau", "plus5", de) == "+5 Punkte"
    assert rule_value_text("kontra", True, de) == "An" and rule_value_text("grand_base", 20, en) \
        == "20"
    assert names_text(["A", "B", "C"], en) == "A, B and C" and names_text(["A"], de) == "A"


def test_the_help_page_of_house_rules_follows_the_list_and_the_deck():
    from skatgame.table.texts import house_rules_help

    en, de = Translator("en"), Translator("de")
    opts = RuleOptions(ramsch=True, ramsch_skat="loser", ramsch_loss="ten",
                       ramsch_jungfrau="off", ramsch_durchmarsch="moon")
    ramsch, others = house_rules_help(opts, "french", en)
    texts = dict(ramsch)
    assert "jacks" in texts["Ramsch"] and texts["Skat"].startswith("The skat goes to the loser")
    assert texts["Loser pays"].startswith("The loser pays a fixed 10")
    assert texts["Jungfrau"] == "Off in this list."
    assert "the other two lose 120 each" in texts["Durchmarsch"]
    assert dict(others)["Kontra and Re"] == "Off in this list."
    german = dict(house_rules_help(opts, "german", de)[0])
    assert "Unter" in german["Ramsch"] and "Buben" not in german["Ramsch"]
    assert dict(house_rules_help(RuleOptions(), "french", en)[0])["Ramsch"].startswith(
        "A house rule, off")


@pytest.mark.parametrize(("lang", "french", "german"), [
    ("en", "jack", "Unter"), ("de", "Bube", "Unter"),
])
def test_rules_name_ranks_and_suits_as_on_the_deck(lang: str, french: str, german: str):
    from skatgame.table.i18n import DECK_TEXTS, deck_text

    tr = Translator(lang)
    for key in DECK_TEXTS:
        assert german in deck_text(tr, key, "german"), key
        assert german not in deck_text(tr, key, "french"), key
        assert french.lower() in deck_text(tr, key, "tournament").lower(), key


def test_a_list_saved_before_the_variants_continues_with_its_ramsch_rules(tmp_path):
    import json

    from skatgame.table.session import load_saved_session, new_session, save_session
    from skatgame.table.store import Store

    store = Store(tmp_path)
    options = RuleOptions(ramsch=True, ramsch_skat="loser", ramsch_jungfrau="off")
    session = new_session("You", deals=3, options=options,
                          list_kind="plain", levels=("beginner", "beginner"),
                          names=("Left", "Right"), seed=5)
    rng = random.Random(5)
    deal = session.deal
    for _ in range(3):
        deal.apply(PASS)
    while not deal.done:
        deal.apply(rng.choice(deal.legal_actions()))
    session.record()
    session.next_deal()
    assert save_session(store, session)
    path = next(tmp_path.rglob("list.json"))
    text = path.read_text(encoding="utf-8")
    doc = json.loads(text)
    # as the game wrote it before: the old switches, no choices
    series = doc["data"]["series"]
    for rec in [series, *series["deals"], series["current"]]:
        opts = rec["options"]
        for key in ("ramsch_skat", "ramsch_loss", "ramsch_jungfrau", "ramsch_durchmarsch"):
            del opts[key]
        opts.update({"ramsch_skat_to_loser": True, "jungfrau": False, "durchmarsch": True})
    path.write_text(json.dumps(doc), encoding="utf-8")
    loaded = load_saved_session(store)
    assert loaded.value is not None and not loaded.problems
    assert loaded.value.series.options == options
    assert loaded.value.series.totals() == session.series.totals()
