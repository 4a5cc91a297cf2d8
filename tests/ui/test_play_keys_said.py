"""A newcomer at the table was never told which keys play a card (the putting away says
"arrow keys and Enter", the tricks said nothing): the prompt of his turn ends with the
keys until he uses them; with large text it keeps clear of the cards in the middle (a
prompt short of room leaves the keys out first)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from skatgame.engine.options import ISKO
from skatgame.ui.testing import drawn_items, make_app, new_session, open_table, press, resize, steps
from skatgame.ui.text import label_text
from tests.ui.test_four_table import _to_second_card_of_a_trick


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_prompt_says_the_keys_until_they_are_used(tmp_path: Path, language: str) -> None:
    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    session = new_session(app, deals=3, options=ISKO, list_kind="seeger-fabian",
                          levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=3)
    open_table(app, session)
    table = _to_second_card_of_a_trick(app)
    app.set_settings(replace(app.settings, language=language))
    steps(app, 2)
    keys = app.tr("play.keys")
    assert table.prompt is not None and label_text(table.prompt).endswith(keys)
    drawn = " ".join(t.text for t in drawn_items(app) if t.text and not t.hidden)
    assert keys in drawn
    for size in [(1280, 720), (1920, 1080)]:  # large text: clear of the trick
        app.set_settings(replace(app.settings, text_size=200))
        resize(app, size)
        steps(app, 2)
        _size, lines = table.prompt_lines(table.prompt)
        assert table.prompt_box(table.prompt).collidelist(table._cards_in_middle()) < 0
        assert "…" not in label_text(lines[-1]), size
        # the longest prompt of the tricks: the keys where they stand whole, else left out
        free = app.tr("play.prompt_free")
        _size, lines = table.prompt_lines(table.keys_prompt(free))
        assert "…" not in label_text(lines[-1]), size
        assert free in " ".join(label_text(line) for line in lines), size
    press(pygame.K_RIGHT)
    steps(app, 2)
    assert table.prompt is not None and keys not in label_text(table.prompt)
    assert not app.errors
