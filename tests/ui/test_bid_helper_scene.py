"""The bidding helper at the table: the hand's worth under the bids, the limit marked."""

from __future__ import annotations

from dataclasses import replace

from skatgame.engine.deal import Phase
from skatgame.ui.testing import steps
from skatgame.ui.text import label_text, label_width
from tests.ui.test_scenes import table, until_human


def test_the_auction_says_what_the_hand_is_worth_and_marks_the_limit(tmp_path) -> None:  # noqa
    app = table(tmp_path)
    scene = until_human(app, Phase.AUCTION)
    steps(app, 2)
    assert scene.advice is not None  # inline players: the estimate is there at once
    text = label_text(scene.helper_label())
    assert " = " in text and ("your chance as declarer" in text or "pass" in text)
    marked = scene.limit_button()
    assert marked is not None and marked in scene.actions
    if scene.limit:  # the next step within the limit, never the jump to it
        assert marked.name in ("hold", f"bid{scene.auction.legal_bids()[0]}")
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
    assert not scene.auction.awaiting_answer
    bids = scene.auction.legal_bids()
    for size in ((1920, 1080), (480, 360), (1280, 720)):
        app.resize(size)
        steps(app, 2)
        scene.advice = BidAdvice(Contract.make(GameKind.GRAND), 0.7, bids[8])  # beyond the row
        scene._advice_for = (scene.table.to_move, scene.table.hand_mask(scene.table.to_move))
        steps(app, 2)
        marked = scene.limit_button()
        assert marked is not None and marked.name == f"bid{bids[0]}"  # the next step
        chip = next(b for b in scene.actions if b.name == f"bid{bids[8]}")  # the limit
        assert label_text(chip.label) == str(bids[8])
        line = scene.helper_rect()
        L = scene.layout
        hand_top = L.hand_base_y - L.card_h / 2
        assert line.bottom <= L.action_bar().top and line.bottom < hand_top
        for b in scene.actions:
            assert not b.rect.colliderect(line)
    chip.action()
    steps(app, 1)
    assert app.session.deal.auction.value == bids[8]
    assert not app.errors


def _row(scene) -> dict[str, tuple[int, int, int, int]]:  # noqa: ANN001
    return {b.name: tuple(b.rect) for b in scene.actions}


def test_the_row_stays_put_when_the_advice_arrives(tmp_path) -> None:  # noqa: ANN001
    from skatgame.ai.advice import BidAdvice
    from skatgame.engine.actions import Contract
    from skatgame.engine.rules import GameKind
    from skatgame.ui.tablescene import DIRTY

    app = table(tmp_path)
    scene = until_human(app, Phase.AUCTION)
    bids = scene.auction.legal_bids()
    for size in ((1280, 720), (1920, 1080)):
        app.resize(size)
        steps(app, 2)
        scene.advice = None  # the advice not there yet: the first frame
        scene._actions_key = DIRTY
        scene.refresh_actions()
        before = _row(scene)
        scene.advice = BidAdvice(Contract.make(GameKind.GRAND), 0.7, bids[8])
        scene._actions_key = DIRTY
        scene.refresh_actions()
        after = _row(scene)
        limit = after.pop(f"bid{bids[8]}")
        assert after == before  # nothing moved: the limit's chip took the kept slot
        assert before["higher"][0] > limit[0] > before[f"bid{bids[scene.chips - 1]}"][0]
    assert not app.errors


def test_enter_passes_when_the_helper_rings_pass(tmp_path) -> None:  # noqa: ANN001
    import pygame

    from skatgame.ai.advice import BidAdvice
    from skatgame.ui.testing import press

    app = table(tmp_path)
    scene = until_human(app, Phase.AUCTION)
    seat = scene.table.to_move
    scene.advice = BidAdvice(None, None, 0)  # not worth a bid
    scene._advice_for = (seat, scene.table.hand_mask(seat))
    scene._focus_for = None
    steps(app, 2)
    assert scene.limit_button().name == "pass" and scene.pass_focus
    names = {b.name: b for b in scene.actions}
    assert names["pass"].primary and not any(b.primary for n, b in names.items() if n != "pass")
    # the player moves the focus himself: it stays where he put it
    press(pygame.K_RIGHT)
    steps(app, 2)
    assert not scene.pass_focus
    press(pygame.K_LEFT)
    steps(app, 2)
    assert scene.pass_focus
    calls = len(app.session.deal.auction.calls)
    press(pygame.K_RETURN)
    steps(app, 2)
    assert app.session.deal.auction.calls[calls] == (seat, "p")
    assert not app.errors


def test_the_helper_rings_the_next_bid_never_the_jump_to_the_limit(tmp_path) -> None:  # noqa: ANN001
    """Lesson 4 teaches to climb step by step (a jump to the limit shows the hand); the
    helper rang the bid at the limit, a one-click jump. It rings the next bid, also
    when both others have passed (the lowest bid wins the game then)."""
    from skatgame.ai.advice import BidAdvice
    from skatgame.engine.actions import Contract
    from skatgame.engine.rules import GameKind

    app = table(tmp_path)
    scene = until_human(app, Phase.AUCTION)
    a = scene.auction
    assert not a.awaiting_answer
    bids = a.legal_bids()
    scene.advice = BidAdvice(Contract.make(GameKind.GRAND), 0.7, bids[8])
    scene._advice_for = (scene.table.to_move, scene.table.hand_mask(scene.table.to_move))
    steps(app, 2)
    assert scene.limit_button().name == f"bid{bids[0]}"
    assert scene.auction is a  # the scene's auction, as the calls on the table give it
    a.stage = 3  # Forehand alone (only the marking is looked at from here)
    assert scene.limit_button().name == f"bid{bids[0]}"
    assert not app.errors


def test_a_narrow_helper_line_keeps_the_limit(tmp_path) -> None:  # noqa: ANN001
    """The chance gives way first, then the game's worked-out value; the limit stays."""
    from skatgame.ai.advice import BidAdvice
    from skatgame.engine.actions import Contract
    from skatgame.engine.cards import parse_cards
    from skatgame.engine.rules import GameKind
    from skatgame.table.i18n import Translator
    from skatgame.table.texts import HELP_SEPARATOR, bid_help_label
    from skatgame.ui.scenes.auction import fit_helper_line

    table(tmp_path)  # pygame and its fonts up
    spades = Contract.make(GameKind.SPADES)
    cards = sum(1 << c for c in parse_cards("SJ DJ SA ST SQ S9 CT HA DK DQ"))
    label = bid_help_label(spades, cards, "french", Translator("de").tr,
                           advice=BidAdvice(spades, 0.81, 48))
    full = label_width(label, 16)
    limit = "reizen bis 48, wenn der Skat hilft"
    assert label_text(label).endswith(limit)
    no_chance = fit_helper_line(label, 16, full - 10, "french")
    assert label_text(no_chance) == f"Pik ohne 1: Spiel 2 × 11 = 22{HELP_SEPARATOR}{limit}"
    tail_w = label_width((HELP_SEPARATOR, limit), 16)
    # the working and the matadors give way, the game's name and value stay: no "…",
    # which a playtester took for text cut off ("Hearts…: game 2 × 10 = 20")
    named = fit_helper_line(label, 16, tail_w + 80, "french")
    assert label_text(named) == f"Pik: 22{HELP_SEPARATOR}{limit}"
    assert label_width(named, 16) <= tail_w + 80
    tight = fit_helper_line(label, 16, tail_w + 60, "french")  # the last resort
    text = label_text(tight)
    assert text.endswith(limit) and "…" in text and "Chance" not in text
    assert label_width(tight, 16) <= tail_w + 60


def _fresh_row(scene) -> list:  # noqa: ANN001
    """The auction's buttons made anew for the scene as it stands."""
    from skatgame.ui.tablescene import DIRTY

    scene._actions_key = DIRTY
    scene.refresh_actions()
    return list(scene.actions)


def _check(buttons: list, gap: int) -> list[int]:
    """The row's values after checking that each has its number key in the row's order,
    all one size, side by side without an empty slot."""
    chips = [b for b in buttons if b.name.startswith("bid")]
    assert [b.key_hint for b in chips] == [str(i + 1) for i in range(len(chips))]
    assert len({b.rect.size for b in chips}) == 1  # one size: one look
    lefts = [b.rect.left for b in buttons]
    assert lefts == sorted(lefts)
    assert all(b.rect.left - a.rect.right <= 2 * gap
               for a, b in zip(buttons, buttons[1:], strict=False))
    return [int(b.name[3:]) for b in chips]


def test_the_pages_of_values_look_alike_every_value_with_its_key(tmp_path) -> None:  # noqa: ANN001
    """A playtester (1920x1080) saw after "Higher »": "« Lower", a lone "18" without a
    key in larger type, then 24-33 on keys 1-4; and on the first page an empty gap before
    "Higher »" where the helper offered no limit. Now every value on the row has its
    number key (one size of type), the value chosen stays on the row only while it has
    the focus (then marked), and no gap is kept once the helper has answered."""
    import pygame

    from skatgame.ai.advice import BidAdvice
    from skatgame.engine.actions import Contract
    from skatgame.engine.rules import GameKind
    from skatgame.ui.testing import press

    app = table(tmp_path)
    scene = until_human(app, Phase.AUCTION)
    assert not scene.auction.awaiting_answer
    bids = scene.auction.legal_bids()
    for size in ((1280, 720), (1920, 1080)):
        app.resize(size)
        steps(app, 2)
        gap = app.layout.gap

        # the helper says pass (no limit): the focus on Pass
        scene.advice = BidAdvice(Contract.make(GameKind.DIAMONDS), 0.1, 0)
        scene.pass_focus, scene.window, scene.chosen = True, 0, 0
        first = _check(_fresh_row(scene), gap)
        assert first == list(bids[:len(first)])
        scene.shift(scene.chips)  # "Higher »"
        second = _check(_fresh_row(scene), gap)
        assert second[0] > first[-1]  # no lone 18 from the page before
        assert [b.name for b in scene.actions][:2] == ["pass", "lower"]
        # the value chosen with the focus on it stays on the row, marked, with a key
        scene.pass_focus, scene.window = False, 0
        scene.shift(scene.chips)
        third = _fresh_row(scene)
        assert _check(third, gap)[0] == bids[0]
        chosen = next(b for b in third if b.name == f"bid{bids[0]}")
        assert chosen.primary and chosen.key_hint == "1"
    press(pygame.K_1)  # its key bids it
    steps(app, 1)
    assert app.session.deal.auction.value == bids[0]
    assert not app.errors


def test_while_the_helper_thinks_its_chip_holds_a_quiet_mark(tmp_path) -> None:  # noqa: ANN001
    """The row showed a gap while the helper was still estimating ("Passe, 20, gap, »"):
    the place kept for the limit's chip shows a quiet "…" and no key, and goes when the
    advice comes (1280x720 and 1920x1080, 100 and 200 %)."""
    from dataclasses import replace

    from skatgame.ai.advice import BidAdvice
    from skatgame.engine.actions import Contract
    from skatgame.engine.rules import GameKind
    from skatgame.ui import text
    from skatgame.ui.tablescene import DIRTY

    app = table(tmp_path)
    scene = until_human(app, Phase.AUCTION)
    bids = scene.auction.legal_bids()
    for text_size in (100, 200):
        app.set_settings(replace(app.settings, text_size=text_size))
        for size in ((1280, 720), (1920, 1080)):
            app.resize(size)
            steps(app, 2)
            scene.advice = None  # still estimating
            scene._actions_key = DIRTY
            scene.refresh_actions()
            steps(app, 1)
            scene.advice = None
            scene._actions_key = DIRTY
            scene.refresh_actions()
            slot = scene.slot
            assert slot is not None and not slot.enabled and slot.key_hint == ""
            row = sorted([*(b.rect for b in scene.actions), slot.rect], key=lambda r: r.x)
            gaps = {b.left - a.right for a, b in zip(row, row[1:], strict=False)}
            assert len(gaps) == 1, gaps  # no wider gap where the chip will come
            log = text.record_texts(app.screen)  # this frame, before the advice comes
            try:
                scene.draw(app.screen)
            finally:
                text.record_texts(None)
            assert log is not None
            assert any(t.text == "…" and slot.rect.contains(t.rect)
                       for t in log.items), (text_size, size)
            scene.advice = BidAdvice(Contract.make(GameKind.GRAND), 0.7, bids[8])
            scene._actions_key = DIRTY
            scene.refresh_actions()
            assert scene.slot is None
    assert not app.errors
