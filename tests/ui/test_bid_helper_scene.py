"""The bidding helper at the table: the hand's worth under the bids, the limit marked."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from dataclasses import replace  # noqa: E402

from skatgame.engine.deal import Phase  # noqa: E402
from skatgame.ui import widgets  # noqa: E402
from tests.ui.appdriver import steps  # noqa: E402
from tests.ui.test_scenes import table, until_human  # noqa: E402


def test_the_auction_says_what_the_hand_is_worth_and_marks_the_limit(tmp_path) -> None:  # noqa
    app = table(tmp_path)
    scene = until_human(app, Phase.AUCTION)
    steps(app, 2)
    assert scene.advice is not None  # inline players: the estimate is there at once
    text = widgets.label_text(scene.helper_label())
    assert " = " in text and ("win chance" in text or "pass" in text)
    marked = scene.limit_button()
    assert marked is not None and marked in scene.actions
    if scene.limit:
        assert marked.name in ("hold", "higher", f"bid{scene.limit}")
    else:
        assert marked.name == "pass"
    steps(app, 1)
    app.set_settings(replace(app.settings, bid_helper=False))
    steps(app, 1)
    assert scene.helper_label() is None and scene.limit_button() is None
    assert not app.errors
