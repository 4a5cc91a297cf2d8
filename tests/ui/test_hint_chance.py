"""The hint's chance says whose it is, and a chance that moved far since the last hint in
the deal's card play says why (what the player saw happen since: see
tests/table/test_chance_why.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from skatgame.ai.player import Suggestion
from skatgame.ai.reasons import HintReason
from skatgame.engine.actions import PLAYS
from skatgame.engine.deal import Phase
from skatgame.ui.tablescene import CHANCE_JUMP, TableScene
from skatgame.ui.testing import steps
from skatgame.ui.text import label_text
from tests.ui.test_keys_answer import sit
from tests.ui.test_play_through import mouse_turn


def played_so_far(top: TableScene) -> int:
    return sum(len(p) for p in top.table.piles) + len(top.table.trick)


@pytest.mark.parametrize("language,whose,was", [
    ("en", "(your side's chance 20%)", "(it was 90% at trick 1: "),
    ("de", "(Chance deiner Seite 20\u00a0%)", "(in Stich 1 waren es 90\u00a0%: "),
])
def test_a_chance_that_moved_far_says_why(tmp_path: Path, language: str, whose: str,
                                          was: str) -> None:
    app = sit(tmp_path, language)
    app.set_settings(replace(app.settings, language=language))

    def later_turn() -> bool:
        top = app.top
        return isinstance(top, TableScene) and top.human_turn and \
            top.table.phase is Phase.PLAY and played_so_far(top) > 0
    for _ in range(8000):
        if later_turn():
            break
        mouse_turn(app)
        steps(app, 1)
    top = app.top
    assert isinstance(top, TableScene) and later_turn()
    card = next(c for c in top.board.human_hand())
    deal = app.session.deal_number
    # the hint before this one, at the deal's first card: 90%
    top.board.hint_chance = (deal, 0, 1, 90)
    hint = Suggestion(PLAYS[card], 0.2, "", None, HintReason.TAKE_TRICK)
    top.hint, top.hint_was = hint, top._chance_moved(hint)
    text = label_text(top.hint_label)
    assert whose in text and was in text
    # a reason the player can see, not the generic words of before
    assert "the cards played since" not in text and "seither gespielten" not in text
    why = text.split(was, 1)[1]
    assert len(why) > 10
    # a chance that moved less than CHANCE_JUMP points is shown as it is
    top.board.hint_chance = (deal, 0, 1, 20 + CHANCE_JUMP - 1)
    top.hint_was = top._chance_moved(hint)
    assert top.hint_was is None and was not in label_text(top.hint_label)
    # the same position asked again: nothing moved, nothing to say
    top.hint_was = top._chance_moved(replace(hint, win_probability=0.9))
    assert top.hint_was is None
