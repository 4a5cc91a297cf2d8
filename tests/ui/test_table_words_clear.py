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


@pytest.mark.parametrize("language", ["en", "de"])
def test_at_200_percent_the_hint_keeps_clear_of_trick_skat_and_prompt(tmp_path: Path,
                                                                       language: str) -> None:
    """The hint's box at 200 % lay over the card just led and hid the prompt ("Du bist
    dran"): it stands whole where it touches none of the cards in the middle nor the
    prompt, and the prompt is drawn (three players, 1280x720 and 1920x1080)."""
    import pygame

    from skatgame.ai.player import Suggestion
    from skatgame.engine.actions import Play
    from skatgame.engine.options import ISKO
    from skatgame.ui.text import label_text
    from tests.ui.test_four_table import _to_second_card_of_a_trick

    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    session = new_session(app, deals=3, options=ISKO, list_kind="seeger-fabian",
                          levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=3)
    open_table(app, session)
    table = _to_second_card_of_a_trick(app)
    table.hint = Suggestion(Play(table.legal_cards()[0]), 0.11, reason="lead_high")
    for size in SIZES:
        app.set_settings(replace(app.settings, language=language, text_size=200))
        resize(app, size)
        steps(app, 2)
        full = label_text(table.hint_label)
        L = table.board.layout
        box = table.hint_place(table.hint_label)[0].inflate(2 * L.gap, L.gap)
        middle = table._cards_in_middle()
        assert middle and box.collidelist(middle) < 0, (size, box, middle)
        drawn = [t for t in drawn_items(app) if not t.hidden]
        said = [t for t in drawn if t.text and t.text in full]
        assert " ".join(t.text for t in said).replace("\xa0", " ").split() == \
            full.replace("\xa0", " ").split(), size  # whole, not cut
        assert all(t.rect.collidelist(middle) < 0 for t in said), size
        assert table.prompt is not None and not table.hint_on_prompt(), size
        prompt = table.prompt_box(table.prompt)
        assert not box.colliderect(prompt), (size, box, prompt)
        first = label_text(table.prompt).split()[0]
        assert any(t.text.startswith(first) and t.rect.colliderect(prompt)
                   for t in drawn), size  # the prompt is in sight
        assert isinstance(box, pygame.Rect)
    assert not app.errors
