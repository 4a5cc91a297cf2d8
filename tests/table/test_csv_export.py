"""CSV exports carry no formulas: a name such as ``=cmd|' /C calc'!A0`` is text in a spreadsheet.

A spreadsheet runs a cell that begins with ``=``, ``+``, ``-`` or ``@`` (and some
with a tab or a carriage return) as a formula; every text cell of an export
that begins so is written with a leading apostrophe. Numbers stay numbers.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

import skatgame
from skatgame.table.archive import ArchivedList, DealRow, csv_cell, csv_text
from skatgame.table.i18n import Translator

HOSTILE = ("=cmd|' /C calc'!A0", "+1+1", "@SUM(A1:A9)")


def hostile_list(names: tuple[str, ...] = HOSTILE) -> ArchivedList:
    row = DealRow(number=1, dealer=0, declarer=1, kind=0, hand=False, schneider=False,
                  schwarz=False, ouvert=False, won=False, bid=18, points=40, value=-48,
                  plain=(0, -48, 0), sf=(40, -98, 40))
    return ArchivedList(name="finished/x", list_id="x", started="2026-01-01T10:00:00",
                        finished="2026-01-01T11:00:00", names=names,
                        levels=("beginner", "advanced", "expert"), list_kind="plain",
                        planned=3, rows=(row,))


def cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_no_cell_of_the_csv_export_begins_like_a_formula() -> None:
    rows = cells(csv_text(hostile_list(), Translator("en").tr))
    every = [c for row in rows for c in row]
    assert rows[1][1:3] == ["'" + HOSTILE[0], "'" + HOSTILE[1]]  # dealer and declarer
    for name in HOSTILE:
        assert "'" + name + " total" in rows[0]  # the header names every player
    for cell in every:
        if cell[:1] in ("=", "+", "@", "\t", "\r"):
            pytest.fail(f"a cell a spreadsheet runs: {cell!r}")
        if cell[:1] == "-":
            int(cell)  # only a number may begin with a minus
    total = next(row for row in rows if row and row[0] == "Total")
    assert rows[1][11] == "-48" and total[14::3] == ["0", "-48", "0"]  # numbers stay numbers


@pytest.mark.parametrize("text", ["=1+1", "+1", "-1+1", "-Anna", "@x", "\tx", "\rx"])
def test_a_text_that_begins_like_a_formula_gets_an_apostrophe(text: str) -> None:
    assert csv_cell(text) == "'" + text


@pytest.mark.parametrize("value", ["Anna", "", "1+1", "a=b", -48, 0, 12])
def test_other_cells_are_left_alone(value: object) -> None:
    assert csv_cell(value) == value


def test_every_csv_writer_of_the_game_neutralises_its_cells() -> None:
    """The CSV export above is the only place the game writes CSV."""
    root = Path(skatgame.__file__).parent
    writers = [p.relative_to(root).as_posix() for p in root.rglob("*.py")
               if "csv.writer(" in p.read_text(encoding="utf-8")
               or "csv.DictWriter(" in p.read_text(encoding="utf-8")]
    assert writers == ["table/archive.py"]
