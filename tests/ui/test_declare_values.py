"""The declare dialog after the skat counts matadors over all twelve cards: the ten in the
hand and the two put away (a playtester was offered "Diamonds without 10, game 11 × 9 = 99"
for a hand worth "without 4", 45: counted over the ten cards left after putting away)."""

from __future__ import annotations

from pathlib import Path

import pygame

from skatgame.engine.actions import Discard
from skatgame.engine.cards import JACKS, cards_of, mask_of
from skatgame.engine.deal import Phase
from skatgame.engine.scoring import game_value
from skatgame.ui.app import App
from skatgame.ui.scenes.declare import DeclareDialog
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import button_centre, click, run_until, steps
from tests.ui.test_scenes import table, until_human, win_auction


def _at_discard(tmp_path: Path) -> tuple[App, TableScene]:
    """The human has won the auction and picked up the skat: twelve cards to put away from."""
    app = table(tmp_path, before=win_auction)
    until_human(app, Phase.SKAT)
    click(button_centre(app, "take"))
    return app, until_human(app, Phase.DISCARD)


def test_the_values_after_putting_away_count_the_skat(tmp_path: Path) -> None:
    app, scene = _at_discard(tmp_path)
    seat = scene.table.to_move
    assert seat is not None
    twelve = scene.table.hand_mask(seat)
    assert twelve.bit_count() == 12
    # put away the highest jack and one more card: every suit game's and the grand's
    # matadors then differ between the ten cards and the twelve
    jacks = [c for c in cards_of(twelve & JACKS)]
    assert jacks, "the seed deals the human a jack"
    top = min(jacks)  # clubs come first: the highest jack
    other = next(c for c in cards_of(twelve) if c != top and not JACKS >> c & 1)
    scene.apply(Discard.of(top, other))
    run_until(app, lambda: isinstance(app.top, DeclareDialog), 3000)
    steps(app, 2)
    dialog = app.top
    assert isinstance(dialog, DeclareDialog)
    ten = scene.table.hand_mask(seat)
    assert ten == twelve & ~mask_of([top, other])
    checked = 0
    for offer in dialog.offers.values():
        c = offer.contract
        if c.kind > 4:  # null: a fixed value
            continue
        assert offer.value == game_value(c, twelve).value, c
        checked += 1
        if game_value(c, ten).value != offer.value:
            checked += 100
    assert checked > 100  # and at least one value differs from the ten cards' count


def test_the_dialog_opens_on_the_game_the_discard_hint_was_for(tmp_path: Path,
                                                              monkeypatch) -> None:  # noqa: ANN001
    """The skat hint put two cards away for Null Ouvert; the dialog opened on Hearts with
    "No announcement", where Null read "not possible" (a playtester). Now it opens on the
    hint's game, its announcement's tab chosen."""
    from types import SimpleNamespace

    from skatgame.ai.player import Suggestion
    from skatgame.engine.actions import Contract
    from skatgame.engine.rules import GameKind
    from skatgame.ui.scenes.declare import KINDS

    app, scene = _at_discard(tmp_path)
    seat = scene.table.to_move
    assert seat is not None
    a, b = cards_of(scene.table.hand_mask(seat))[:2]
    game = Contract.make(GameKind.NULL, ouvert=True)
    action = Discard.of(a, b)
    scene.hint = Suggestion(action, 0.8, "", game)
    scene.on_hint(action)
    assert sorted(scene.chosen) == sorted([a, b])
    # the dialog's own hint (the same Expert, the same cards) is still on its way
    monkeypatch.setattr(scene.local, "hint", lambda seat: SimpleNamespace(done=False))
    scene.put_away()
    run_until(app, lambda: isinstance(app.top, DeclareDialog), 3000)
    dialog = app.top
    assert isinstance(dialog, DeclareDialog)
    assert dialog.suggested == game
    assert dialog.announcements[dialog.ann] == "ouvert"
    assert KINDS[dialog.row] == GameKind.NULL
    dialog.hint_ticket = None  # (nothing to cancel on leaving)


def test_a_late_hint_on_another_tab_marks_that_tab(tmp_path: Path) -> None:
    """A hint that comes once the dialog takes input does not move the choice; the tab
    of its announcement is drawn with the accent edge, so the mark is not hidden."""
    from skatgame.engine.actions import Contract
    from skatgame.engine.rules import GameKind

    app, scene = _at_discard(tmp_path)
    hand = cards_of(scene.table.hand_mask(scene.table.to_move or 0))
    scene.apply(Discard.of(hand[0], hand[1]))
    run_until(app, lambda: isinstance(app.top, DeclareDialog), 3000)
    dialog = app.top
    assert isinstance(dialog, DeclareDialog)
    run_until(app, lambda: dialog.hint_ticket is None and dialog.gate.open, 5000)
    dialog.ann, dialog.row = 0, 0
    ouvert = Contract.make(GameKind.NULL, ouvert=True)
    dialog._suggest(ouvert, move=False)
    assert (dialog.ann, dialog.row) == (0, 0)
    steps(app, 1)
    tab = dialog.ann_rects[dialog.announcements.index("ouvert")]
    edge = app.screen.get_at((tab.centerx, tab.top + 1))[:3]
    from skatgame.ui import theme
    assert all(abs(e - a) <= 12 for e, a in zip(edge, theme.ACCENT[:3], strict=True)), edge


def _declaring_at(folder: Path, percent: int, size: tuple[int, int] = (1280, 720),
                  language: str = "en") -> App:
    """The declare dialog after putting away the last two cards (seed 3), at ``percent``
    text size in a window of ``size``."""
    from dataclasses import replace

    from skatgame.ui.testing import human_declarer_at_discard, make_app

    app = make_app(folder, seed=3, size=size)
    app.set_settings(replace(app.settings, text_size=percent, language=language))
    steps(app, 2)
    human_declarer_at_discard(app)
    for c in app.top.board.human_hand()[-2:]:
        app.top.toggle(c)
    app.top.put_away()
    run_until(app, lambda: app.top.name == "declare", 600)
    return app


def test_with_large_text_the_games_values_keep_apart(tmp_path: Path) -> None:
    """At 150 % the rows of the dialog are squeezed (1280x720): the values at the large
    size stood over one another ('27' over '30' ...); where a row is too low for them they
    take the body size."""
    from skatgame.ui.testing import drawn_items

    for percent in (150, 200):
        app = _declaring_at(tmp_path / str(percent), percent)
        steps(app, 3)
        assert isinstance(app.top, DeclareDialog)
        boxes = [t.rect for t in drawn_items(app) if t.text.isdigit()]
        assert len(boxes) >= 6, percent
        assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:]), \
            percent
        assert not app.errors


def test_at_200_percent_the_games_stand_in_two_columns_above_the_hand(
        tmp_path: Path) -> None:
    """At 200 % the list of six rows took the whole window (1280x720 and 1920x1080): the
    player chose his game without seeing his cards. The games now stand in two columns
    with their values, the chosen one explained under them, all above the hand."""
    from skatgame.ui.testing import click, frame_log, press

    for size, language in (((1280, 720), "en"), ((1280, 720), "de"), ((1920, 1080), "en")):
        app = _declaring_at(tmp_path / f"{size[0]}{language}", 200, size, language)
        steps(app, 40)  # the hint's row and the gate
        dialog = app.top
        assert isinstance(dialog, DeclareDialog)
        L = app.layout
        assert dialog.grid, size
        assert dialog.rect.bottom <= L.hand_base_y - L.card_h / 2, (size, language)
        # two columns, three rows, none over another
        assert len({r.x for r in dialog.rows}) == 2 and len({r.y for r in dialog.rows}) == 3
        for row in range(len(dialog.rows)):
            dialog.row = row
            log = frame_log(app)
            assert log.cut == [] and log.overlapping() == [], (size, language, row)
            offer = dialog.current()
            shown = " ".join(t.text for t in log.items).replace("\xa0", " ")
            if offer is not None:  # every value in its cell, the chosen one explained
                assert all(str(o.value) in shown for (a, _k), o in dialog.offers.items()
                           if a == "none")
                assert (offer.product or offer.explanation) in shown, (size, language, row)
        # keys and the mouse: down to the next game, left and right to the game beside
        # (not the announcement: a playtester pressed Right for Grand and got Ouvert),
        # Tab to the next announcement; a click on a cell
        dialog.row = 2
        press(pygame.K_DOWN)
        steps(app, 1)
        assert dialog.row == 3
        ann = dialog.ann
        press(pygame.K_RIGHT)
        steps(app, 1)
        assert (dialog.row, dialog.ann) == (0, ann)
        press(pygame.K_LEFT)
        steps(app, 1)
        assert (dialog.row, dialog.ann) == (3, ann)
        press(pygame.K_TAB)
        steps(app, 1)
        assert dialog.ann == (ann + 1) % len(dialog.announcements)
        assert app.tr("declare.keys_grid") in " ".join(t.text for t in frame_log(app).items)
        dialog.ann = ann
        click(dialog.rows[4].center)
        steps(app, 1)
        assert dialog.row == 4
        assert not app.errors
