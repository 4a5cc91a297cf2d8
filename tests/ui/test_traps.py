"""The traps on a player's path through a deal, driven by posted events (issue 13, 1-4 and 8).

Declaring (the hand in view, the hint's game preselected, putting away and
declaring as two steps), input that arrives while the table moves, questions
that default to No, whose turn in words, and the skat cards marked.
"""

from __future__ import annotations

import sys
import types

import pygame

from skatgame.ai.player import Suggestion
from skatgame.engine.actions import CONCEDE, Declare, Discard
from skatgame.engine.deal import Phase
from skatgame.engine.rules import GameKind
from skatgame.table.labels import Sign
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import (
    button_centre,
    card_point,
    click,
    drawn_texts,
    press,
    run_until,
    steps,
    until_ready,
)
from skatgame.ui.text import label_text
from tests.ui.test_scenes import table, until_human, win_auction


def fake_hints(monkeypatch, choose) -> None:  # noqa: ANN001
    """Hints answer with ``choose(obs)`` (a Suggestion) instead of asking the Expert."""
    fake = types.ModuleType("skatgame.ai.hints")
    fake.suggest = lambda obs, deadline=None: choose(obs)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "skatgame.ai.hints", fake)


def pick_up(app):  # noqa: ANN001, ANN201
    """From the human's skat decision: pick up; returns the discard scene."""
    until_human(app, Phase.SKAT)
    click(button_centre(app, "take"))
    return until_human(app, Phase.DISCARD)


def choose_two(app, scene) -> list[int]:  # noqa: ANN001
    hand = [c for c in scene.board.human_hand() if c & 7 != 7][-2:]
    for c in hand:
        click(card_point(app, c))
        steps(app, 1)
    assert len(scene.chosen) == 2
    return hand


def to_declare(app):  # noqa: ANN001, ANN201
    """Pick up, put two cards away with Enter, wait for the declare dialog; the skat scene."""
    scene = pick_up(app)
    choose_two(app, scene)
    press(pygame.K_RETURN)
    run_until(app, lambda: app.top.name == "declare", 600)
    return scene


# ---------------------------------------------------------------- 8: the skat cards marked


def test_the_picked_up_skat_cards_are_marked_in_the_hand_until_the_discard(tmp_path) -> None:  # noqa
    app = table(tmp_path, before=win_auction)
    scene = pick_up(app)
    view = scene.board
    from skatgame.engine.cards import cards_of

    skat = set(cards_of(app.session.deal.initial_skat))
    assert view.from_skat == skat
    steps(app, 2)
    others = [c for c in view.human_hand() if c not in skat]
    for c in skat:  # raised above the rest and drawn with an outline
        assert view.sprite_of(c).y < min(view.sprite_of(o).y for o in others) - 1
        assert view.painter._look(view.sprite_of(c)) == "from_skat"
    choose_two(app, scene)
    press(pygame.K_RETURN)
    steps(app, 1)
    assert view.from_skat == set()


def test_keys_alone_put_away_two_cards_enter_choosing_each(tmp_path) -> None:  # noqa: ANN001
    """A keyboard player found that Enter did nothing until two cards were chosen (only
    Space chose one); Enter now chooses the card the arrows are on, then puts away."""
    app = table(tmp_path, before=win_auction)
    scene = pick_up(app)
    view = scene.board
    until_ready(app)
    hand = view.human_hand()
    for _ in range(2):
        press(pygame.K_RIGHT)
        steps(app, 1)
        assert view.focus in view.human_hand()
        press(pygame.K_RETURN)
        steps(app, 1)
    assert len(scene.chosen) == 2 and set(scene.chosen) <= set(hand)
    chosen = list(scene.chosen)
    press(pygame.K_RETURN)
    steps(app, 2)
    assert app.session.deal.history[-1][1] == Discard.of(*chosen)


def test_the_skat_cards_edge_is_dashed_unlike_the_chosen_cards_frame() -> None:
    from skatgame.ui.board.painters import dashed_edge

    card = pygame.Surface((100, 150))
    card.fill((255, 255, 255))
    dashed_edge(card, (200, 150, 0), 4, 10)
    top = [card.get_at((x, 1))[:3] == (200, 150, 0) for x in range(10, 90)]
    assert any(top) and not all(top)  # dashes and gaps along the top edge
    assert card.get_at((1, 1))[:3] == (255, 255, 255)  # the corner left free
    assert card.get_at((50, 75))[:3] == (255, 255, 255)  # the face untouched


# ---------------------------------------------------------------- 1: declaring


def test_putting_away_and_declaring_are_two_steps_quick_enters_never_declare(tmp_path,
                                                                             monkeypatch) -> None:
    fake_hints(monkeypatch, lambda obs: None)
    app = table(tmp_path, before=win_auction)
    scene = pick_up(app)
    choose_two(app, scene)
    # three quick Enters: the first puts away, the others come before the dialog is readable
    for _ in range(3):
        press(pygame.K_RETURN)
    steps(app, 3)
    deal = app.session.deal
    assert deal.phase is Phase.DECLARE and deal.contract is None
    run_until(app, lambda: app.top.name == "declare", 600)
    # Enter held down from before: its repeats are dropped, in the grace and after it
    for _ in range(40):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="", scancode=0))
        steps(app, 1)
    assert deal.contract is None and app.top.name == "declare"
    until_ready(app)  # the key is still down: its next repeat is dropped all the same
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="", scancode=0))
    steps(app, 1)
    assert deal.contract is None and app.top.name == "declare"
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="",
                                         scancode=0))
    steps(app, 1)
    press(pygame.K_RETURN)  # a fresh, deliberate Enter declares
    steps(app, 2)
    assert deal.contract is not None
    assert not app.errors


def test_the_declare_dialog_leaves_the_hand_in_view(tmp_path, monkeypatch) -> None:  # noqa
    fake_hints(monkeypatch, lambda obs: None)
    for size in ((1280, 720), (1920, 1080), (1024, 640)):
        folder = tmp_path / f"{size[0]}"
        folder.mkdir()
        app = table(folder, before=win_auction)
        app.resize(size)
        scene = to_declare(app)
        dialog = app.top
        view = scene.board
        L = app.layout
        top_of_hand = min(view.sprite_of(c).y - L.card_height(view.sprite_of(c).w) / 2
                          for c in view.human_hand())
        assert dialog.rect.bottom <= top_of_hand, size
        assert dialog.rect.top >= 0


def test_the_declare_dialog_starts_on_the_experts_game(tmp_path, monkeypatch) -> None:  # noqa
    def spades(obs):  # noqa: ANN001, ANN202
        a = next(a for a in obs.legal_actions if isinstance(a, Declare)
                 and a.contract.kind == GameKind.SPADES and not a.contract.schneider
                 and not a.contract.ouvert)
        return Suggestion(a, 0.7, "")

    fake_hints(monkeypatch, spades)
    app = table(tmp_path, before=win_auction)
    to_declare(app)
    dialog = app.top
    assert dialog.current().contract.kind == GameKind.SPADES
    assert dialog.suggested is not None and dialog.suggested.kind == GameKind.SPADES
    steps(app, 2)  # it draws with the hint's mark
    until_ready(app)
    press(pygame.K_RETURN)
    steps(app, 2)
    assert app.session.deal.contract.kind == GameKind.SPADES


def test_a_late_hint_marks_its_game_and_never_moves_the_selection(tmp_path, monkeypatch) -> None:  # noqa
    """A playtester pressed Down as the hint arrived and moved the selection: he declared
    Diamonds Hand instead of Hearts."""
    from skatgame.table.jobs import HintJob
    from skatgame.table.local import LocalTable
    from skatgame.table.thinker import Ticket

    held: list[Ticket[Suggestion]] = []

    def hint(self, seat):  # noqa: ANN001, ANN202  (answered when the test says)
        held.append(Ticket(HintJob(self.observation(seat))))
        return held[-1]

    monkeypatch.setattr(LocalTable, "hint", hint)
    app = table(tmp_path, before=win_auction)
    to_declare(app)
    dialog = app.top
    until_ready(app)  # it takes keys: the choice is the player's now
    assert dialog.suggested is None and held
    before = (dialog.ann, dialog.row)
    shown = int(dialog.current().contract.kind)
    other = next(a for a in dialog.scene.local.legal_actions()
                 if isinstance(a, Declare) and int(a.contract.kind) != shown)
    held[-1]._set(Suggestion(other, 0.7, ""))
    run_until(app, lambda: dialog.suggested is not None, 600)
    assert (dialog.ann, dialog.row) == before  # marked, not moved
    press(pygame.K_RETURN)
    steps(app, 2)
    assert int(app.session.deal.contract.kind) == shown


def test_the_guess_before_the_hint_is_no_grand_with_one_jack() -> None:
    from skatgame.engine.cards import parse_cards
    from skatgame.table.hand import likely_game

    every = list(GameKind)[:6]
    one_jack = parse_cards("CJ HA HT HK HQ H9 H8 SA D7 D8 C7 C8")
    assert likely_game(one_jack, every) == GameKind.HEARTS
    grandish = parse_cards("CJ SJ HJ CA SA HA CT ST D7 D8 H9 H8")
    assert likely_game(grandish, every) == GameKind.GRAND
    assert likely_game(grandish, [GameKind.CLUBS, GameKind.NULL]) == GameKind.CLUBS
    assert likely_game(one_jack, []) is None


# ---------------------------------------------------------------- 2: input while the table moves


def test_enter_presses_during_the_last_trick_never_skip_the_results(tmp_path) -> None:  # noqa
    app = table(tmp_path, speed="normal", before=win_auction)
    app.session.deal.apply(Declare(next(
        a.contract for a in app.session.deal.legal_actions() if isinstance(a, Declare)
        and a.contract.kind == GameKind.GRAND and a.contract.hand and not a.contract.schneider
        and not a.contract.ouvert)))
    # play the deal with the mouse until the human has played the last card
    from tests.ui.test_play_through import mouse_turn

    deal = app.session.deal
    for _ in range(30000):
        if deal.phase is Phase.DONE:
            break
        mouse_turn(app)
        steps(app, 1)
    assert deal.phase is Phase.DONE
    number = app.session.deal_number
    # the last trick is still on its way: Enter, again and again, as an impatient player
    for _ in range(60):
        press(pygame.K_RETURN)
        steps(app, 1)
        if app.top.name == "results":
            break
    assert app.top.name == "results"
    for _ in range(10):  # the Enters keep coming after the panel appears: still held off
        press(pygame.K_RETURN)
        steps(app, 1)
    assert app.top.name == "results" and app.session.deal_number == number
    until_ready(app)
    press(pygame.K_RETURN)  # once the panel has been read, Enter moves on
    steps(app, 2)
    assert app.session.deal_number == number + 1


def test_a_click_while_cards_move_only_skips_the_animation(tmp_path) -> None:  # noqa: ANN001
    app = table(tmp_path, speed="slow", before=win_auction)
    scene = until_human(app, Phase.SKAT)
    click(button_centre(app, "take"))
    steps(app, 1)
    assert scene.board.busy  # the skat is on its way into the hand
    # a click on a card in the middle of that: the animation ends, no card goes to the skat
    view = scene.board
    card = view.human_hand()[0]
    s = view.sprite_of(card)
    click((s.x, s.y))
    steps(app, 1)
    assert not view.busy and scene.chosen == []


# ---------------------------------------------------------------- 3: questions default to No


def play_to_concede(app) -> TableScene:  # noqa: ANN001
    from tests.ui.test_play_through import mouse_turn

    for _ in range(4000):
        top = app.top
        if isinstance(top, TableScene) and top.human_turn and top.button("concede"):
            return top
        mouse_turn(app)
        steps(app, 1)
    raise AssertionError("no chance to concede")


def declare_grand(session) -> None:  # noqa: ANN001
    win_auction(session)
    session.deal.apply(next(a for a in session.deal.legal_actions()
                            if isinstance(a, Declare) and a.contract.kind == GameKind.GRAND
                            and not a.contract.schneider))


def test_enter_alone_never_concedes(tmp_path) -> None:  # noqa: ANN001
    app = table(tmp_path, before=declare_grand)
    play_to_concede(app)
    press(pygame.K_c)
    steps(app, 1)
    confirm = app.top
    assert confirm.name == "confirm"
    until_ready(app)
    steps(app, 1)
    assert confirm.button("no").selected and not confirm.button("yes").selected
    press(pygame.K_RETURN)
    steps(app, 2)
    assert app.top.name == "play" and CONCEDE not in app.session.deal.history
    assert app.session.deal.phase is Phase.PLAY
    # arrows to Yes, then Enter: that is a choice
    press(pygame.K_c)
    steps(app, 1)
    until_ready(app)
    press(pygame.K_RIGHT)
    press(pygame.K_RETURN)
    run_until(app, lambda: app.top.name == "results")


def test_quitting_in_the_middle_of_a_deal_asks_and_enter_says_no(tmp_path) -> None:  # noqa
    app = table(tmp_path)
    until_human(app, Phase.AUCTION)
    press(pygame.K_ESCAPE)
    steps(app, 1)
    assert app.top.name == "pause"
    click(button_centre(app, "quit"))
    steps(app, 1)
    assert app.top.name == "confirm" and app.running
    until_ready(app)
    press(pygame.K_RETURN)
    steps(app, 1)
    assert app.running and app.top.name == "pause"
    click(button_centre(app, "quit"))
    steps(app, 1)
    until_ready(app)
    press(pygame.K_y)
    steps(app, 1)
    assert not app.running


def test_a_new_list_over_a_saved_one_defaults_to_no(tmp_path) -> None:  # noqa: ANN001
    app = table(tmp_path)
    until_human(app, Phase.AUCTION)
    app.save_session()
    press(pygame.K_ESCAPE)
    steps(app, 1)
    click(button_centre(app, "main"))
    steps(app, 2)
    assert app.top.name == "menu"
    click(button_centre(app, "new"))
    steps(app, 2)
    if app.top.name != "confirm":  # the form first, then the question when starting
        click(button_centre(app, "start"))
        steps(app, 2)
    assert app.top.name == "confirm"
    until_ready(app)
    press(pygame.K_RETURN)
    steps(app, 2)
    assert app.top.name != "confirm" and app.session is None or app.session.deals_done == 0


# ---------------------------------------------------------------- 4: whose turn, in words


def test_the_table_says_whose_turn_it_is_in_words(tmp_path) -> None:  # noqa: ANN001
    from tests.ui.test_play_through import mouse_turn

    app = table(tmp_path, before=declare_grand)
    seen: dict[str, int] = {}
    deal = app.session.deal
    for _ in range(30000):
        if deal.phase is Phase.DONE:
            break
        top = app.top
        if isinstance(top, TableScene) and top.human_turn and deal.phase is Phase.PLAY:
            steps(app, 1)  # drawn once: the prompt is on the table
            text = label_text(top.prompt)
            if not deal.trick:
                assert text.startswith("Your lead"), text
                if deal.tricks:
                    seen["lead after a trick"] = seen.get("lead after a trick", 0) + 1
            else:
                assert text.startswith("Your turn"), text
                if isinstance(top.prompt, tuple) and any(isinstance(p, Sign)
                                                        for p in top.prompt):
                    seen["follow"] = 1
            # the highest card, to win tricks and lead again
            best = max(top.legal_cards(), key=lambda c: (c & 7 == 7, c & 7))
            click(card_point(app, best))
        else:
            mouse_turn(app)
        steps(app, 1)
    assert deal.phase is Phase.DONE
    assert seen.get("lead after a trick", 0) >= 1  # the declarer of a grand leads again


def test_the_auction_and_skat_say_your_turn_in_both_languages(tmp_path) -> None:  # noqa
    from dataclasses import replace

    app = table(tmp_path, before=win_auction)
    scene = until_human(app, Phase.SKAT)
    steps(app, 1)
    assert label_text(scene.prompt).startswith("Your turn")
    app.set_settings(replace(app.settings, language="de"))
    steps(app, 2)
    assert label_text(app.top.prompt).startswith("Du bist dran")


def test_discard_only_takes_two_cards_from_the_marked_hand(tmp_path) -> None:  # noqa: ANN001
    app = table(tmp_path, before=win_auction)
    scene = pick_up(app)
    cards = choose_two(app, scene)
    click(button_centre(app, "discard"))
    steps(app, 2)
    assert app.session.deal.history[-1][1] == Discard.of(*cards)


def test_the_gate_holds_a_burst_of_presses_until_it_stops() -> None:
    from skatgame.ui.gate import InputGate

    gate = InputGate(0.3)
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)
    up = pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN)
    for _ in range(20):  # an Enter every 0.1 s: never admitted
        assert not gate.admits(down)
        gate.admits(up)
        gate.update(0.1)
    gate.update(0.3)  # quiet for the grace: open
    assert gate.open and gate.admits(down)
    gate.close()
    assert not gate.admits(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))
    gate.update(0.5)
    # the release of a press made while closed is not a click
    assert not gate.admits(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(1, 1), button=1))
    assert gate.admits(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))


def test_changing_the_language_relabels_the_results(tmp_path) -> None:  # noqa: ANN001
    from dataclasses import replace

    from tests.ui.test_play_through import mouse_turn

    app = table(tmp_path, before=declare_grand)
    run_until(app, lambda: app.top.name == "results" or bool(mouse_turn(app)), 20000)
    scene = app.top
    before = [line.text for line in scene.lines]
    assert any("game" in t for t in before)
    app.set_settings(replace(app.settings, language="de"))
    steps(app, 1)
    after = [line.text for line in app.top.lines]
    assert after != before and any("Spiel" in t for t in after)
    assert app.top.button("next").label == "Nächstes Spiel"


def test_f1_shows_the_rules_in_short_in_both_languages(tmp_path) -> None:  # noqa: ANN001
    from dataclasses import replace

    app = table(tmp_path)
    until_human(app, Phase.AUCTION)
    press(pygame.K_F1)
    steps(app, 1)
    help_page = app.top
    assert help_page.name == "help" and help_page.page == 0
    press(pygame.K_2)
    steps(app, 2)
    assert help_page.page == 1
    app.set_settings(replace(app.settings, language="de", deck_style="german"))
    steps(app, 2)
    assert app.top.button("rules").label == "Regeln in Kürze"
    press(pygame.K_3)  # the house rules of this list
    steps(app, 2)
    assert help_page.page == 2 and app.top.button("house").label == "Hausregeln"
    click(button_centre(app, "keys"))
    steps(app, 1)
    assert app.top.page == 0 and not app.errors


def test_changing_the_language_relabels_the_declare_dialog(tmp_path, monkeypatch) -> None:  # noqa
    from dataclasses import replace

    fake_hints(monkeypatch, lambda obs: None)
    app = table(tmp_path, before=win_auction)
    to_declare(app)
    dialog = app.top
    assert any("game" in o.explanation for o in dialog.offers.values())
    app.set_settings(replace(app.settings, language="de"))
    steps(app, 1)
    assert any("Spiel" in o.explanation for o in dialog.offers.values())
    assert dialog.button("declare").label == "Ansagen"


def test_after_picking_up_a_suit_ouvert_cannot_be_declared_and_the_row_says_why(
        tmp_path, monkeypatch) -> None:  # noqa: ANN001
    fake_hints(monkeypatch, lambda obs: None)
    app = table(tmp_path, before=win_auction)
    scene = pick_up(app)
    choose_two(app, scene)
    press(pygame.K_RETURN)
    run_until(app, lambda: app.top.name == "declare", 600)
    dialog = app.top
    until_ready(app)
    assert dialog.announcements == ["none", "ouvert"]  # null ouvert only
    declare = next(b for b in dialog.buttons if b.name == "declare")
    dialog.ann, dialog.row = 1, 0  # clubs ouvert: only as a hand game
    steps(app, 1)
    drawn = drawn_texts(app)
    assert dialog.current() is None and not declare.enabled
    assert app.tr("declare.hand_only") in drawn
    press(pygame.K_RETURN)
    steps(app, 2)
    assert app.top is dialog and app.session.deal.contract is None
    dialog.row = 5  # null ouvert may be declared after picking up
    steps(app, 2)
    assert dialog.current() is not None and declare.enabled
    assert not app.errors
