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
        assert marked.name in ("hold", f"bid{scene.limit}")
    else:
        assert marked.name == "pass"
    steps(app, 1)
    app.set_settings(replace(app.settings, bid_helper=False))
    steps(app, 1)
    assert scene.helper_label() is None and scene.limit_button() is None
    assert not app.errors


def test_the_limit_chip_is_on_the_row_and_the_line_clears_hand_and_buttons(tmp_path) -> None:  # noqa
    from skatgame.ai.advice import BidAdvice
    from skatgame.engine.actions import Contract
    from skatgame.engine.rules import GameKind

    app = table(tmp_path)
    scene = until_human(app, Phase.AUCTION)
    assert not scene.deal.auction.awaiting_answer
    bids = scene.deal.auction.legal_bids()
    for size in ((1920, 1080), (480, 360), (1280, 720)):
        app.resize(size)
        steps(app, 2)
        scene.advice = BidAdvice(Contract.make(GameKind.GRAND), 0.7, bids[8])  # beyond the row
        scene._advice_for = (scene.deal.to_move, scene.deal.hands[scene.deal.to_move])
        steps(app, 2)
        marked = scene.limit_button()
        assert marked is not None and marked.name == f"bid{bids[8]}"
        assert widgets.label_text(marked.label) == str(bids[8])
        line = scene.helper_rect()
        L = scene.layout
        hand_top = L.hand_base_y - L.card_h / 2
        assert line.bottom <= L.action_bar().top and line.bottom < hand_top
        for b in scene.actions:
            assert not b.rect.colliderect(line)
    marked.action()
    steps(app, 1)
    assert scene.deal.auction.value == bids[8]
    assert not app.errors
