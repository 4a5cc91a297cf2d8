"""The smallest window the game allows: the New list form, every review shot, the prompt and
the table at four keep their words apart (every scene photographed at that size, headless)."""

from __future__ import annotations

import pytest

from skatgame.commands.gallery import shoot
from skatgame.ui.layout import MIN_SIZE

#: the shots that must have no overlapping text in the smallest window
CLEAR = {"new-list", "new-list-four", "new-list-refused", "review", "review-null",
         "review-kontra", "review-estimating", "review-no-blame", "play",
         "play-german", "hint", "four-sitting-out", "four-play", "timer", "timer-up", "auction",
         "menu", "statistics", "four-results", "four-auction", "four-sheet"}


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_smallest_window_keeps_words_apart(language: str) -> None:
    shots = shoot(None, MIN_SIZE, language, with_too_small=False, speed="instant")
    names = {s.name for s in shots}
    assert names >= CLEAR, CLEAR - names
    # every review shot, also those taken only at some sizes (the pages of large text)
    clear = CLEAR | {n for n in names if n.startswith("review")}
    crowded = [f"{s.name}: {s.overlapping}" for s in shots if s.name in clear and s.overlaps]
    assert not crowded, crowded
