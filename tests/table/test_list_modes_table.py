"""Bierlachs and settlement at the table: saved and finished lists, the CSV export."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from skatgame.ai.player import create_player
from skatgame.engine.options import ISKO
from skatgame.engine.rules import GameKind
from skatgame.engine.seats import SEATS
from skatgame.table.archive import (
    CSV_FIXED,
    ArchivedList,
    DealRow,
    archive_session,
    csv_text,
    list_archive,
    open_series,
)
from skatgame.table.driver import DealDriver
from skatgame.table.i18n import Translator
from skatgame.table.listmode import mode_text, payment_texts
from skatgame.table.saved import peek_saved_list
from skatgame.table.session import Session, load_saved_session, new_session, save_session
from skatgame.table.settings import Settings
from skatgame.table.store import Store

EN, DE = Translator("en").tr, Translator("de").tr
GERMAN_HEAD = ["Nr.", "Geber", "Alleinspieler", "Spiel", "Schneider", "Schwarz", "Kontra", "Re",
               "Reizwert", "Augen", "Ausgang", "Wert"]


def bierlachs(limit: int = 101, rate: str = "0.5", seed: int = 7) -> Session:
    return new_session("You", deals=36, options=ISKO, list_kind="plain",
                       levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=seed,
                       bierlachs=limit, rate=rate)


def play_to_the_end(session: Session, most: int = 200) -> None:
    while not session.finished:
        assert len(session.series.rows) < most
        DealDriver(session.deal, [create_player("beginner", f"t{s}") for s in SEATS]).run()
        session.record()
        if not session.finished:
            session.next_deal()


def cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_a_bierlachs_is_saved_continued_finished_and_settled(tmp_path: Path) -> None:
    store = Store(tmp_path)
    s = bierlachs()
    assert s.series.mode == "bierlachs" and s.planned_deals is None
    DealDriver(s.deal, [create_player("beginner", f"t{x}") for x in SEATS]).run()
    s.record()
    s.next_deal()
    assert save_session(store, s)
    summary = peek_saved_list(store).value
    assert summary is not None and (summary.mode, summary.limit, summary.rate) == \
        ("bierlachs", 101, "0.5")
    again = load_saved_session(store).value
    assert again is not None and again.series.mode == "bierlachs"
    assert again.series.rate == Decimal("0.5")
    play_to_the_end(again)
    rows = again.series.rows
    reached = next(i for i, r in enumerate(rows) if max(r.totals) >= 101)
    assert len(rows) == (reached // 3 + 1) * 3  # the round in progress was played out
    assert archive_session(store, again)
    [entry] = list_archive(store)
    assert (entry.mode, entry.limit, entry.rate) == ("bierlachs", 101, Decimal("0.5"))
    assert entry.lachs() == again.series.lachs() and entry.lachs()
    assert entry.settlement() == again.series.settlement()
    assert open_series(store, entry) is not None
    # the document keeps the mode beside the summary, for the statistics
    doc = json.loads(next((tmp_path / "finished").glob("*.json")).read_text("utf-8"))
    assert (doc["data"]["mode"], doc["data"]["limit"], doc["data"]["rate"]) == \
        ("bierlachs", 101, "0.5")
    # the CSV ends with the mode, who pays the round and who pays whom
    rows_csv = cells(csv_text(entry, EN))
    names = entry.display_names(EN)
    assert ["List", "Bierlachs to 101 · 0.5 ct per point"] in rows_csv
    lachs = " & ".join(names[p] for p in entry.lachs())
    assert [f"Pays the round: {lachs} (lowest total)"] in rows_csv
    start = rows_csv.index(["Pays", "To", "Amount"])
    settlement = entry.settlement()
    assert settlement is not None
    paid = rows_csv[start + 1:start + 1 + len(settlement.payments)]
    assert [r[:2] for r in paid] == [[names[p.payer], names[p.payee]]
                                     for p in settlement.payments]
    totals = entry.totals()
    for r, p in zip(paid, settlement.payments, strict=True):
        # half a cent a point, rounded to whole cents, written with two decimals
        cents = int((Decimal(totals[p.payee] - totals[p.payer]) / 2).quantize(
            Decimal(1), rounding="ROUND_HALF_UP"))
        assert r[2] == f"{cents // 100}.{cents % 100:02d}"
    net = [r for r in rows_csv if r and r[0] == "Net"]
    assert [r[1] for r in net] == names
    assert sum(Decimal(r[2]) for r in net) == 0


def one_row(**changes: object) -> ArchivedList:
    row = DealRow(number=1, dealer=0, declarer=1, kind=int(GameKind.CLUBS), hand=True,
                  schneider=False, schwarz=False, ouvert=False, won=True, bid=18, points=95,
                  value=72, plain=(0, 72, 0), sf=(0, 122, 0), kontra=2, made_schneider=True)
    rows = (replace(row, **changes),)  # type: ignore[arg-type]
    return ArchivedList(name="finished/x", list_id="x", started="2026-01-01T10:00:00",
                        finished="2026-01-01T11:00:00", names=("", "Anna", "Ben"),
                        levels=(None, "beginner", "beginner"), list_kind="plain", planned=3,
                        rows=rows, rate=Decimal(1))


@pytest.mark.parametrize(("style", "tr", "word"), [
    ("german", DE, "Eichel Hand"), ("french", DE, "Kreuz Hand"),
    ("french", EN, "Clubs Hand"), ("german", EN, "Acorns Hand")])
def test_the_csv_names_games_after_the_deck_in_the_language(style: str, tr: object,
                                                           word: str) -> None:
    rows = cells(csv_text(one_row(), tr, style))  # type: ignore[arg-type]
    assert rows[1][3] == word


def test_the_csv_has_distinct_columns_for_number_game_schneider_schwarz_kontra_re() -> None:
    rows = cells(csv_text(one_row(), DE, "german"))
    head = rows[0]
    assert head[:CSV_FIXED] == GERMAN_HEAD
    assert len(set(head)) == len(head)  # no two columns of the same name
    assert head[0] == "Nr." and head[3] == "Spiel"
    assert rows[1][4:8] == ["ja", "", "ja", "ja"]  # schneider made, Kontra and Re
    announced = cells(csv_text(one_row(schwarz=True, kontra=1), EN))[1]
    assert announced[4:8] == ["yes", "announced", "yes", ""]
    # Du zahlst: the human without a chosen name in the second person
    assert ["Du", "Anna", "-0.72"] not in rows
    assert [r for r in rows if r and r[0] == "Saldo"] == [
        ["Saldo", "Du", "-0.72"], ["Saldo", "Anna", "1.44"], ["Saldo", "Ben", "-0.72"]]
    entry = one_row()
    settlement = entry.settlement()
    assert settlement is not None
    assert payment_texts(settlement, entry.display_names(DE), DE) == [
        ("Du zahlst an Anna", "0,72"), ("Ben zahlt an Anna", "0,72")]
    assert payment_texts(settlement, entry.display_names(EN), EN) == [
        ("You pay Anna", "0.72"), ("Ben pays Anna", "0.72")]


def test_lists_of_older_versions_still_load(tmp_path: Path) -> None:
    """A finished list and a list in progress saved before the modes (no mode, no rate,
    no Kontra in the rows) load as lists of a number of deals."""
    store = Store(tmp_path)
    s = new_session("You", deals=3, options=ISKO, list_kind="seeger-fabian",
                    levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=3)
    play_to_the_end(s)
    assert archive_session(store, s)
    path = next((tmp_path / "finished").glob("*.json"))
    doc = json.loads(path.read_text("utf-8"))
    for key in ("mode", "limit", "rate"):
        del doc["data"][key]
    for row in doc["data"]["rows"]:
        for key in ("kontra", "made_schneider", "made_schwarz"):
            del row[key]
    path.write_text(json.dumps(doc), "utf-8")
    [entry] = list_archive(store)
    assert (entry.mode, entry.limit, entry.rate, entry.settlement()) == ("deals", None, 0, None)
    assert all(r.kontra == 0 for r in entry.rows)
    assert open_series(store, entry) is not None
    assert cells(csv_text(entry, EN))[-1] == ["List", "3 deals"]
    assert mode_text("target", EN, limit=500) == "to 500 points"


def test_settings_keep_the_mode_and_rate_of_new_lists() -> None:
    s, notes = Settings.from_dict({"list_limit": 501, "rate": "0.5"})
    assert (s.list_limit, s.rate, notes) == (501, "0.5", [])
    s, notes = Settings.from_dict({"list_limit": 77, "rate": "=1+1"})
    assert (s.list_limit, s.rate) == (0, "0") and len(notes) == 2


def test_a_list_of_one_deal_says_deal_in_the_singular() -> None:
    """A list of one deal reads "1 deal" / "1 Spiel" wherever the count is shown."""
    from skatgame.table.i18n import count_text
    from skatgame.table.listmode import list_help
    assert mode_text("deals", EN, planned=1) == "1 deal"
    assert mode_text("deals", DE, planned=1) == "1 Spiel"
    assert mode_text("deals", EN, planned=36) == "36 deals"
    assert mode_text("deals", DE, planned=36) == "36 Spiele"
    assert "after 1 deal;" in list_help(EN, "deals", planned=1)[0][1]
    assert "nach 1 Spiel;" in list_help(DE, "deals", planned=1)[0][1]
    assert count_text(EN, "sheet.deals_played", 1, n=1, total=1) == "1 of 1 deal"
    assert count_text(DE, "sheet.deals_played", 1, n=1, total=1) == "1 von 1 Spiel"
    assert count_text(EN, "sheet.deals_played", 4, n=1, total=4) == "1 of 4 deals"


def test_the_dealing_note_of_one_hand_says_hand_in_the_singular() -> None:
    """The statistics' dealing page said "1 Blätter, die ..." for a player dealt one hand."""
    from skatgame.table.i18n import count_text
    assert count_text(EN, "stats.dealing.note", 1, n=1).startswith("1 hand dealt")
    assert count_text(DE, "stats.dealing.note", 1, n=1).startswith("1 Blatt, das")
    assert count_text(DE, "stats.dealing.note", 5, n=5).startswith("5 Blätter, die")
