"""Bierlachs and settlement through the window: chosen in New list by posted clicks, said
at the end of the list by the results and the final score sheet; Kontra/Re on the sheet."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from skatgame.engine.actions import PASS, Bid, Contract, Declare, Kontra, Re
from skatgame.engine.options import RuleOptions
from skatgame.engine.rules import GameKind
from skatgame.engine.series import Series
from skatgame.table.session import Session
from skatgame.ui.app import App
from skatgame.ui.scenes.results import ResultsScene
from skatgame.ui.scenes.sheet import ScoreSheetScene
from skatgame.ui.testing import (
    button_centre,
    click,
    drawn_texts,
    make_app,
    press,
    ready,
    steps,
)
from tests.ui.test_play_through import mouse_turn


def choose_next(app: App, row: str) -> None:
    """Click the ▶ of a row of the form on top."""
    choice = next(r for r in app.top.form.rows if r.name == row)
    click(choice.arrow_rects()[2].center)
    steps(app, 1)


def play_to_the_end(app: App, session: Session) -> None:
    """Open the list and play it (the human with the mouse) to its last results."""
    app.nav.open_list(session)
    for _ in range(40000):
        if isinstance(app.top, ResultsScene) and session.finished:
            break
        mouse_turn(app)
        steps(app, 1)
    else:
        raise AssertionError("the list never ended")
    steps(app, 2)


def wait_until_ready(app: App) -> None:
    """Until the panel on top takes keys (it holds them off until it has been seen)."""
    for _ in range(200):
        if ready(app):
            return
        steps(app, 1)


def test_new_list_chooses_bierlachs_and_a_rate_and_keeps_them(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=4)
    steps(app, 2)
    press(pygame.K_n)
    steps(app, 1)
    assert app.top.name == "new_list"
    deals = next(r for r in app.top.form.rows if r.name == "deals")
    assert deals.enabled
    for _ in range(3):  # after the deals -> Bierlachs to 101, 201, 301
        choose_next(app, "mode")
    assert not deals.enabled  # a Bierlachs is played to its limit
    for _ in range(4):  # off -> 0.1, 0.2, 0.5, 1 ct a point
        choose_next(app, "rate")
    assert "Bierlachs to 301" in drawn_texts(app) and "1 ct per point" in drawn_texts(app)
    click(button_centre(app, "start"))
    steps(app, 1)
    series = app.session.series
    assert (series.mode, series.target, series.planned_deals, str(series.rate)) == \
        ("bierlachs", 301, None, "1")
    assert (app.settings.list_limit, app.settings.rate) == (301, "1")
    # the next New list begins with the same choices
    app.nav.reset("menu")
    app.nav.push("new_list")
    steps(app, 1)
    assert (app.top.mode.value, app.top.rate.value) == (301, "1")


def test_new_list_keeps_the_deals_and_the_kind_of_list_last_chosen(tmp_path: Path) -> None:
    """A playtester's 3 deals went back to 36 at his next New list."""
    app = make_app(tmp_path, seed=4)
    steps(app, 2)
    press(pygame.K_n)
    steps(app, 1)
    for _ in range(4):  # 36 -> 48, and stops there (the numbers do not go round)
        choose_next(app, "deals")
    choose_next(app, "list_kind")  # Seeger-Fabian -> the plain list
    click(button_centre(app, "start"))
    steps(app, 1)
    assert app.session.series.planned_deals == 48
    assert (app.settings.deals, app.settings.list_kind) == (48, "plain")
    app.nav.reset("menu")
    app.nav.push("new_list")
    steps(app, 1)
    assert (app.top.deals.value, app.top.list_kind.value) == (48, "plain")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "de"])
def test_new_list_explains_the_mode_settlement_scoring_and_practice(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    """Under the house rules: what the row in focus means, whole, over nothing else."""
    from skatgame.ui.text import record_texts

    app = make_app(tmp_path, size=size)
    app.services.change_settings(replace(app.settings, language=language))
    steps(app, 1)
    app.nav.push("new_list")
    steps(app, 1)
    tr = app.tr

    def shown() -> list[str]:
        log = record_texts(app.screen)
        try:
            app.step(1 / 60)
        finally:
            record_texts(None)
        assert log is not None and log.cut == [] and not log.overlapping()
        return [t.text for t in log.items]

    def said(key: str, **fmt: object) -> None:
        text = " ".join(shown())
        assert all(word in text for word in tr(key, **fmt).split()), key

    said("newlist.explain_deals")
    choose_next(app, "mode")  # Bierlachs to 101
    said("newlist.explain_bierlachs", limit=101)
    choose_next(app, "rate")  # 0.1 ct a point, paid by the lowest total
    said("newlist.explain_rate_lachs", rate=tr("listmode.point").join(("0", "1")))
    choose_next(app, "list_kind")
    said("newlist.explain_plain")
    for _ in range(2):  # off -> on -> off
        choose_next(app, "practice")
        said("newlist.explain_practice_on" if app.top.practice.value else
             "newlist.explain_practice_off")
    app.top.form.focus = len(app.top.form.rows)  # past the rows: a name or a button
    steps(app, 1)
    assert app.top.form.extra is not None
    said("newlist.explain_bierlachs", limit=101)


def test_settings_offer_the_mode_and_rate_of_new_lists(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    steps(app, 2)
    app.nav.push("settings", page="game")
    steps(app, 1)
    choose_next(app, "list_limit")
    choose_next(app, "rate")
    assert (app.settings.list_limit, app.settings.rate) == (101, "0.1")


def test_the_end_of_a_bierlachs_says_who_pays_the_round_and_whom(tmp_path: Path) -> None:
    from skatgame.table.session import new_session

    app = make_app(tmp_path, seed=6)
    steps(app, 2)
    session = new_session(app.tr("table.you"), deals=3, options=RuleOptions(),
                          list_kind="seeger-fabian", levels=("beginner", "beginner"),
                          names=("Anna", "Ben"), seed=6, bierlachs=101, rate="1")
    play_to_the_end(app, session)
    series = session.series
    rows = series.rows
    assert len(rows) % 3 == 0
    reached = next(i for i, r in enumerate(rows) if max(r.totals) >= 101)
    assert len(rows) == (reached // 3 + 1) * 3  # the round in progress was played out
    lachs = series.lachs()
    settlement = series.settlement()
    assert lachs and settlement is not None and sum(settlement.net) == 0
    texts = [line.text for line in app.top.lines]
    who = " & ".join(session.names[p] for p in lachs)
    assert f"Pays the round: {who} (lowest total)" in texts
    assert "Settlement at 1 ct per point" in texts
    figures = [line.figure for line in app.top.lines]
    for p in settlement.payments:
        assert f"{p.cents // 100}.{p.cents % 100:02d}" in figures
    drawn = drawn_texts(app)
    assert any(t.startswith("Pays the round") for t in drawn)
    wait_until_ready(app)
    press(pygame.K_RETURN)  # the list is over: the final sheet
    steps(app, 2)
    sheet = app.top
    assert isinstance(sheet, ScoreSheetScene) and sheet.final
    drawn = " ".join(drawn_texts(app))
    assert "Bierlachs to 101 · 1 ct per point" in drawn and "Pays the round" in drawn
    assert "Net:" in drawn and not app.errors


def test_kontra_and_re_are_marked_on_the_score_sheet(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.services.change_settings(replace(app.settings, language="de"))
    steps(app, 2)
    series = Series(["Du", "Anna", "Ben"], deals=3, options=RuleOptions(kontra=True), seed=3)
    for extra in ((Kontra(),), (Kontra(), Re())):
        deal = series.next_deal()
        for action in (PASS, PASS, Bid(18), Declare(Contract.make(GameKind.DIAMONDS, hand=True)),
                       *extra):
            deal.apply(action)
        while not deal.done:
            legal = deal.legal_actions()
            deal.apply(next((a for a in legal if a == PASS), legal[0]))
        series.record_deal()
    session = Session(series, ["Du", "Anna", "Ben"], [None, "beginner", "beginner"])
    app.nav.push("sheet", session=session)
    steps(app, 1)
    games = [t for t in drawn_texts(app) if "Karo" in t or "Schellen" in t]
    assert any(t.endswith("Kontra") or " Kontra " in f"{t} " for t in games), games
    assert any(" Re" in t for t in games), games


def test_at_four_the_results_give_each_net_and_the_sheet_every_payment(tmp_path: Path) -> None:
    from skatgame.engine.settlement import money_text
    from skatgame.table.session import new_session

    app = make_app(tmp_path, seed=5)
    steps(app, 2)
    session = new_session(app.tr("table.you"), deals=4, options=RuleOptions(),
                          list_kind="seeger-fabian", levels=("beginner",) * 3,
                          names=("Anna", "Clara", "Ben"), seed=5, rate="0.5")
    play_to_the_end(app, session)
    settlement = session.series.settlement()
    assert settlement is not None and sum(settlement.net) == 0
    drawn = drawn_texts(app)
    # every player's net is drawn (none cut off at the foot of the panel)
    for cents in settlement.net:
        assert money_text(cents, signed=True) in drawn
    assert "Who pays whom: on the final standings" in drawn
    wait_until_ready(app)
    press(pygame.K_RETURN)
    steps(app, 2)
    assert isinstance(app.top, ScoreSheetScene)
    drawn_sheet = " ".join(drawn_texts(app))
    for p in settlement.payments:
        assert money_text(p.cents) in drawn_sheet
    assert "Net:" in drawn_sheet


def differing_winners() -> Series:
    """Six deals of a Seeger-Fabian list whose plain sum has another leader."""
    import random

    for seed in range(200):
        rng = random.Random(seed)
        series = Series(["Du", "Anna", "Ben"], deals=9, seed=seed)
        for _ in range(6):
            deal = series.next_deal()
            while not deal.done:  # low bids, then the cards at random
                legal = deal.legal_actions()
                bids = [a for a in legal if isinstance(a, Bid)]
                deal.apply(min(bids, key=lambda b: b.value) if bids and rng.random() < 0.4
                           else PASS if PASS in legal else rng.choice(legal))
            series.record_deal()
        sf, plain = series.totals("seeger-fabian"), series.totals("plain")
        if sf.count(max(sf)) == plain.count(max(plain)) == 1 and \
                sf.index(max(sf)) != plain.index(max(plain)):
            return series
    raise AssertionError("no list whose two sums have different leaders")


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_final_sheet_names_one_winner_in_both_views(tmp_path: Path,
                                                        language: str) -> None:
    """"You won the list with 249" became "Ben won the list with 176" after "Show plain
    list": the winner follows the list's own scoring in both views, and the plain view
    says by what it was scored."""
    app = make_app(tmp_path)
    app.services.change_settings(replace(app.settings, language=language))
    steps(app, 2)
    series = differing_winners()
    names = ["Du" if language == "de" else "You", "Anna", "Ben"]
    session = Session(series, names, [None, "beginner", "beginner"])
    app.nav.push("sheet", session=session, final=True)
    steps(app, 1)
    sheet = app.top
    assert isinstance(sheet, ScoreSheetScene) and sheet.kind == "seeger-fabian"
    sf = series.totals("seeger-fabian")
    best = max(sf)
    winner = names[sf.index(best)]
    won = app.tr("sheet.winner.you" if winner == names[0] else "sheet.winner",
                 name=winner, total=best)
    first = " ".join(sheet.head_lines())
    assert won in first
    press(pygame.K_TAB)  # the plain list
    steps(app, 1)
    assert sheet.kind == "plain"
    second = " ".join(sheet.head_lines())
    assert app.tr("sheet.winner_by", won=won, kind="Seeger-Fabian") in second
    plain = series.totals("plain")
    loser = names[plain.index(max(plain))]
    assert f"{loser} " not in second.split("(")[0] or loser == winner
    assert not app.errors
