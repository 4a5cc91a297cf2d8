"""With large text the words over the action bar keep clear of the cards in the middle:
the prompt of whose turn it is never stands over the skat or the trick (issue 28, item 1)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from skatgame.engine.deal import Phase
from skatgame.engine.options import RuleOptions
from skatgame.ui.tablescene import shorter_prompts
from skatgame.ui.testing import (
    drawn_items,
    human_turn,
    make_app,
    new_session,
    open_table,
    resize,
    run_until,
    steps,
)

SIZES = [(1280, 720), (1920, 1080)]


def test_a_prompt_loses_its_last_sentences_first() -> None:
    assert shorter_prompts("Du bist dran: Ben reizt 18. Halten oder passen?") == \
        ["Du bist dran: Ben reizt 18."]
    assert shorter_prompts("One. Two? Three") == ["One. Two?", "One."]
    assert shorter_prompts("Your turn: follow") == []
    assert shorter_prompts(("Your turn: ", "x")) == []


@pytest.mark.parametrize("language", ["en", "de"])
def test_at_200_percent_the_prompt_stays_clear_of_the_skat(tmp_path: Path,
                                                           language: str) -> None:
    """'Du bist dran: Ben reizt 18. Halten oder passen?' took two lines at 200 % and its
    first stood over the skat's foot (1280x720): one line instead, the question (which
    the buttons ask) left out where the whole does not fit."""
    app = make_app(tmp_path)
    session = new_session(app, deals=3, options=RuleOptions(), list_kind="seeger-fabian",
                          levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=7)
    open_table(app, session)
    run_until(app, lambda: human_turn(app, (Phase.AUCTION,)))
    scene = app.top
    for size in SIZES:
        app.set_settings(replace(app.settings, language=language, text_size=200))
        resize(app, size)
        steps(app, 3)
        skat = scene._cards_in_middle()
        assert len(skat) == 2
        asked = app.tr("auction.prompt_answer", player="Ben", value=18)
        box = scene.prompt_box(asked)
        assert box.collidelist(skat) < 0, (size, box, skat)
        _size, lines = scene.prompt_lines(asked)
        assert lines[0] in (asked, *shorter_prompts(asked)) and "…" not in lines[0]
        assert box.bottom <= scene.prompt_bottom()
        turn = asked.split(":")[0]  # "Your turn", "Du bist dran"
        drawn = [t for t in drawn_items(app) if t.text.startswith(turn)]
        assert drawn, size  # the prompt of this frame is drawn, clear of the skat
        assert all(t.rect.collidelist(skat) < 0 for t in drawn), size
    assert not app.errors
