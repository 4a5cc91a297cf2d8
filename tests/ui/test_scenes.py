"""The scenes one by one: discarding by drag, the declare dialog, illegal cards, Kontra,
Ramsch, conceding, hints, the last trick, the score sheet, settings, skipping animations."""

from __future__ import annotations

import pygame
import pytest

from skatgame.engine.actions import HOLD, PASS, TAKE_SKAT, Bid, Declare, Play
from skatgame.engine.cards import cards_of
from skatgame.engine.deal import Phase
from skatgame.engine.events import KontraSaid
from skatgame.engine.options import RuleOptions
from skatgame.engine.rules import GameKind, legal_mask
from skatgame.engine.seats import Seat
from skatgame.table.seatview import Speech, SpeechKind
from skatgame.ui.app import App
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import (
    button_centre,
    card_point,
    click,
    make_app,
    new_session,
    open_table,
    press,
    resize,
    run_until,
    steps,
    until_ready,
)
from skatgame.ui.text import label_text
from tests.ui.test_play_through import mouse_turn


def table(tmp_path, seed: int = 7, options: RuleOptions | None = None,  # noqa: ANN001
          speed: str = "instant", before=None) -> App:  # noqa: ANN001
    """An app sitting at a fresh list; ``before(deal)`` may apply actions first."""
    app = make_app(tmp_path, speed=speed)
    session = new_session(app, deals=3, options=options or RuleOptions(),
                          list_kind="seeger-fabian", levels=("beginner", "beginner"),
                          names=("Anna", "Ben"), seed=seed)
    resume = False
    if before is not None:
        before(session)
        resume = True
    open_table(app, session, resume=resume)
    steps(app, 1)
    return app


def win_auction(session) -> None:  # noqa: ANN001
    """The human bids 18 and the others give way (applied straight to the deal)."""
    deal = session.deal
    human = session.human_seat
    while deal.phase is Phase.AUCTION:
        seat = deal.to_move
        if seat == human:
            deal.apply(HOLD if deal.auction.awaiting_answer else Bid(deal.auction.legal_bids()[0]))
        else:
            deal.apply(PASS)


def declare_grand(session) -> None:  # noqa: ANN001
    """The human wins the auction and declares a plain grand (applied straight to the deal)."""
    win_auction(session)
    session.deal.apply(next(a for a in session.deal.legal_actions()
                            if isinstance(a, Declare) and a.contract.kind == GameKind.GRAND
                            and not a.contract.schneider))


def until_human(app: App, phase: Phase, limit: int = 5000) -> TableScene:
    def ready() -> bool:
        top = app.top
        return isinstance(top, TableScene) and top.human_turn and top.table.phase is phase
    run_until(app, ready, limit)
    return app.top


# ---------------------------------------------------------------- the skat


def test_discard_by_dragging_cards_to_the_skat_and_back(tmp_path) -> None:  # noqa: ANN001
    app = table(tmp_path, before=win_auction)
    scene = until_human(app, Phase.SKAT)
    click(button_centre(app, "take"))
    scene = until_human(app, Phase.DISCARD)
    view = scene.board
    assert len(view.human_hand()) == 12  # the skat joined the hand
    card = view.human_hand()[3]
    start = card_point(app, card)
    target = view.skat_area().center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for k in range(1, 6):
        p = (start[0] + (target[0] - start[0]) * k // 5, start[1] + (target[1] - start[1]) * k // 5)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                             buttons=(1, 0, 0)))
    steps(app, 1)
    assert view.dragging is not None and view.dragging[0] == card
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    steps(app, 1)
    assert view.dragging is None and scene.chosen == [card]
    # and back into the hand by dragging it down
    s = view.sprite_of(card)
    start = (round(s.x), round(s.y))
    down = (start[0], app.layout.height - 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=down, rel=(0, 0),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=down, button=1))
    steps(app, 1)
    assert scene.chosen == [] and card in view.human_hand()
    # two clicks choose two cards; a third is refused with a shake
    a, b, c = view.human_hand()[-3:]
    for x in (a, b):
        click(card_point(app, x))
        steps(app, 1)
    assert sorted(scene.chosen) == sorted((a, b))
    assert app.top.button("discard").enabled
    click(card_point(app, c))
    steps(app, 1)
    assert c in view.human_hand() and view.sprite_of(c).shake is not None
    click(button_centre(app, "discard"))
    run_until(app, lambda: app.top.name == "declare")
    assert cards_of(app.session.deal.skat) == sorted((a, b))


def test_declare_dialog_offers_only_legal_contracts_with_their_values(tmp_path) -> None:  # noqa
    app = table(tmp_path, before=win_auction)
    until_human(app, Phase.SKAT)
    click(button_centre(app, "hand"))
    steps(app, 1)
    dialog = app.top
    assert dialog.name == "declare" and dialog.hand
    legal = {a.contract for a in dialog.scene.local.legal_actions() if isinstance(a, Declare)}
    assert dialog.announcements == ["none", "schneider", "schwarz", "ouvert"]
    assert {o.contract for o in dialog.offers.values()} == legal
    bid = dialog.scene.table.bid
    for o in dialog.offers.values():
        assert o.below_bid == (o.value < bid)
        assert o.contract.hand
        if o.contract.kind != GameKind.NULL:
            assert " × " in o.explanation and o.explanation.endswith(f"= {o.value}")
            assert "hand" in o.explanation
    # the dialog draws at any size without trouble, then goes back with Esc
    until_ready(app)
    press(pygame.K_ESCAPE)
    steps(app, 1)
    assert app.top.name == "skat"
    # declare a grand hand with schneider announced by keys
    until_ready(app)
    click(button_centre(app, "hand"))
    steps(app, 1)
    dialog = app.top
    until_ready(app)
    press(pygame.K_RIGHT)  # schneider
    for _ in range(6):
        press(pygame.K_UP)
    press(pygame.K_5)  # the fifth row: grand
    steps(app, 1)
    assert dialog.current().contract.kind == GameKind.GRAND
    assert dialog.current().contract.schneider
    press(pygame.K_RETURN)
    steps(app, 2)
    deal = app.session.deal
    assert deal.contract is not None and deal.contract.kind == GameKind.GRAND
    assert deal.contract.hand and deal.contract.schneider


def test_values_below_the_bid_are_marked(tmp_path) -> None:  # noqa: ANN001
    def high_bid(session) -> None:  # noqa: ANN001
        deal = session.deal
        human = session.human_seat
        while deal.phase is Phase.AUCTION:
            if deal.to_move == human:
                deal.apply(HOLD if deal.auction.awaiting_answer else Bid(60))
            else:
                deal.apply(PASS)
        deal.apply(TAKE_SKAT)
    app = table(tmp_path, before=high_bid)
    scene = until_human(app, Phase.DISCARD)
    view = scene.board
    for c in [c for c in view.human_hand() if c & 7 != 7][:2]:
        click(card_point(app, c))
        steps(app, 1)
    click(button_centre(app, "discard"))
    run_until(app, lambda: app.top.name == "declare")
    dialog = app.top
    # no announcements after picking up; null ouvert (46) is below 60: not offered at all
    assert dialog.announcements == ["none"]
    assert all(o.contract.kind != GameKind.NULL for o in dialog.offers.values())
    marked = [o for o in dialog.offers.values() if o.below_bid]
    assert marked and all(o.value < 60 for o in marked)
    assert all(not o.below_bid for o in dialog.offers.values() if o.value >= 60)


# ---------------------------------------------------------------- play


def test_an_illegal_card_shakes_and_says_why(tmp_path) -> None:  # noqa: ANN001
    for seed in range(1, 40):
        app = table(tmp_path, seed=seed)
        for _ in range(4000):
            top = app.top
            if isinstance(top, TableScene) and top.human_turn and top.table.phase is Phase.PLAY \
                    and top.table.trick:
                deal = app.session.deal
                hand = deal.hands[top.session.human_seat]
                legal = legal_mask(deal.contract.kind, hand, deal.trick[0])
                illegal = [c for c in range(32) if hand >> c & 1 and not legal >> c & 1]
                if illegal:
                    history = list(deal.history)
                    click(card_point(app, illegal[0]))
                    steps(app, 1)
                    assert deal.history == history
                    assert top.board.sprite_of(illegal[0]).shake is not None
                    assert top.board.toast.visible
                    text = label_text(top.board.toast.label)
                    assert text in ("Follow suit:", "Trump was led: play a trump")
                    assert not app.errors
                    return
            if app.session.series.rows:
                break
            mouse_turn(app)
            steps(app, 1)
    pytest.fail("no deal gave the human an illegal card to try")


def test_kontra_and_re(tmp_path) -> None:  # noqa: ANN001
    options = RuleOptions(kontra=True)

    def others_declare(session) -> None:  # noqa: ANN001
        deal = session.deal
        human = session.human_seat
        while deal.phase is Phase.AUCTION:
            seat = deal.to_move
            a = deal.auction
            if seat == human:
                deal.apply(PASS)
            elif a.awaiting_answer:
                deal.apply(HOLD)
            else:
                deal.apply(Bid(18) if a.value == 0 else PASS)
    app = table(tmp_path, options=options, before=others_declare)
    until_human(app, Phase.KONTRA, 8000)
    click(button_centre(app, "kontra"))
    steps(app, 1)
    deal = app.session.deal
    assert any(isinstance(e, KontraSaid) for e in deal.events)
    run_until(app, lambda: app.top.board.bubbles, 2000)
    assert app.top.board.shown.kontra >= 1


@pytest.mark.parametrize("schieben", [False, True])
def test_ramsch_when_all_pass(tmp_path, schieben: bool) -> None:  # noqa: ANN001
    options = RuleOptions(ramsch=True, schieberamsch=schieben)

    def all_pass(session) -> None:  # noqa: ANN001
        for _ in range(3):
            session.deal.apply(PASS)
    app = table(tmp_path, options=options, before=all_pass)
    seen = set()
    for _ in range(8000):
        seen.add(app.top.name)
        if app.session.series.rows:
            break
        top = app.top
        if schieben and isinstance(top, TableScene) and top.human_turn and \
                top.table.phase is Phase.SCHIEBEN:
            click(button_centre(app, "take"))  # take the skat, pass two cards on
            steps(app, 1)
            continue
        mouse_turn(app)
        steps(app, 1)
    assert app.session.series.rows and not app.errors
    r = app.session.series.rows[0].result
    assert r.contract.kind == GameKind.RAMSCH
    assert "play" in seen and "results" in seen
    if schieben:
        assert "skat" in seen


def test_a_ramsch_under_its_variants_is_worked_out_on_the_results_panel(tmp_path) -> None:  # noqa
    options = RuleOptions(ramsch=True, ramsch_skat="nobody", ramsch_loss="ten")

    def all_pass(session) -> None:  # noqa: ANN001
        for _ in range(3):
            session.deal.apply(PASS)
    app = table(tmp_path, options=options, before=all_pass)
    for _ in range(8000):
        if app.top.name == "results":
            break
        mouse_turn(app)
        steps(app, 1)
    steps(app, 2)
    texts = [line.text for line in app.top.lines]
    assert "Skat: its points count for no one" in texts
    assert "The loser pays a fixed 10" in texts
    r = app.session.deal.result
    loser = app.session.name_of(r.ramsch_loser[0]).lower()  # "Most card points: you lose"
    assert any(loser in t.lower() for t in texts)
    assert min(r.scores) in (-10, -20) and not app.errors


def until_concede_offered(app) -> None:  # noqa: ANN001
    """Play (the human with the mouse) until the human may concede."""
    for _ in range(4000):
        top = app.top
        if isinstance(top, TableScene) and top.human_turn and top.button("concede"):
            return
        mouse_turn(app)
        steps(app, 1)
    raise AssertionError("Concede was never offered")


def test_conceding_ends_the_deal(tmp_path) -> None:  # noqa: ANN001
    app = table(tmp_path, before=declare_grand)
    until_concede_offered(app)
    click(button_centre(app, "concede"))
    steps(app, 1)
    assert app.top.name == "confirm"
    assert app.top.body == "Give up the game? It ends now and counts as lost."
    until_ready(app)
    click(button_centre(app, "yes"))
    run_until(app, lambda: app.top.name == "results")
    r = app.session.series.rows[-1].result
    assert not r.won and r.conceded_by == app.session.human_seat
    texts = [line.text for line in app.top.lines]
    assert texts[:2] == ["You gave up the game",
                         "It counts as lost; the remaining cards went to the defenders."]


def lose_auction(session) -> None:  # noqa: ANN001
    """The human passes; the others bid it out and the winner declares a plain grand."""
    deal = session.deal
    human = session.human_seat
    while deal.phase is Phase.AUCTION:
        seat = deal.to_move
        if seat != human and deal.auction.awaiting_answer:
            deal.apply(HOLD)
        elif seat == human or deal.auction.legal_bids()[0] > 18:
            deal.apply(PASS)
        else:
            deal.apply(Bid(18))
    deal.apply(next(a for a in deal.legal_actions()  # a grand hand, from the skat phase
                    if isinstance(a, Declare) and a.contract.kind == GameKind.GRAND
                    and not a.contract.schneider and not a.contract.ouvert))


def test_a_defender_is_told_he_gives_up_for_his_partner_too(tmp_path) -> None:  # noqa: ANN001
    """RULES.md section 5: a defender's concession ends the deal for both defenders; the
    question says so before, the results say who gave up after."""
    app = table(tmp_path, before=lose_auction)
    assert app.session.deal.declarer != app.session.human_seat
    until_concede_offered(app)
    click(button_centre(app, "concede"))
    steps(app, 1)
    assert app.top.name == "confirm"
    assert "Your partner is not asked" in app.top.body
    until_ready(app)
    click(button_centre(app, "yes"))
    run_until(app, lambda: app.top.name == "results")
    r = app.session.series.rows[-1].result
    assert r.conceded_by == app.session.human_seat and r.won == (r.game_value >= r.bid)
    texts = [line.text for line in app.top.lines]
    assert texts[:2] == ["You gave up for both defenders",
                         "The remaining cards went to the declarer."]


def test_hint_key_gives_a_suggestion_or_says_there_is_none(tmp_path) -> None:  # noqa: ANN001
    app = table(tmp_path)
    scene = until_human(app, Phase.AUCTION)
    press(pygame.K_h)
    steps(app, 2)
    if scene.hint_label is not None:  # in plain words, above the hand
        text = label_text(scene.hint_label)
        assert text.split(":")[0] in ("Bid 18", "Pass", "Hold") or text.startswith("Bid ")
    else:
        assert scene.board.toast.visible
        assert label_text(scene.board.toast.label) == "No hint available"


def test_last_trick_and_score_sheet_overlays(tmp_path) -> None:  # noqa: ANN001
    app = table(tmp_path)
    for _ in range(6000):
        top = app.top
        if isinstance(top, TableScene) and top.board.shown.last_trick is not None and \
                top.human_turn:
            break
        mouse_turn(app)
        steps(app, 1)
    click(button_centre(app, "last_trick"))
    steps(app, 1)
    assert app.top.name == "last_trick"
    press(pygame.K_SPACE)
    steps(app, 1)
    assert app.top.name == "play"
    run_until(app, lambda: app.session.series.rows and app.top.name == "results"
              or mouse_turn(app), 8000)
    press(pygame.K_TAB)
    steps(app, 1)
    sheet = app.top
    assert sheet.name == "sheet" and sheet.kind == "seeger-fabian"
    press(pygame.K_TAB)
    steps(app, 1)
    assert sheet.kind == "plain"
    press(pygame.K_ESCAPE)
    steps(app, 1)
    assert app.top.name == "results"


def test_the_menu_is_never_blocked_by_an_animation(tmp_path) -> None:  # noqa: ANN001
    app = table(tmp_path, speed="slow")
    assert app.top.name == "dealing" and app.top.board.busy
    click(button_centre(app, "menu"))
    steps(app, 1)
    assert app.top.name == "pause"
    press(pygame.K_ESCAPE)
    steps(app, 1)
    # a click elsewhere skips the dealing
    assert app.top.board.busy
    click((app.layout.width // 2, app.layout.height // 2))
    steps(app, 2)
    assert not app.top.board.busy or app.top.name != "dealing"


def test_settings_apply_at_once(tmp_path) -> None:  # noqa: ANN001
    app = table(tmp_path)
    until_human(app, Phase.AUCTION)
    press(pygame.K_ESCAPE)
    steps(app, 1)
    click(button_centre(app, "settings"))
    steps(app, 1)
    settings = app.top
    assert settings.name == "settings"
    rows = {r.name: r for r in settings.form.rows}
    rows["language"].select_value("en")
    rows["language"].step(1)  # to German
    steps(app, 1)
    assert app.settings.language == "de" and app.tr("menu.quit") == "Beenden"
    settings = app.top
    rows = {r.name: r for r in settings.form.rows}
    before = app.deck.style
    rows["deck_style"].step(1)
    steps(app, 1)
    assert app.deck.style != before
    press(pygame.K_ESCAPE)
    steps(app, 1)
    assert app.top.name == "pause"  # the settings came from the pause menu: back there
    press(pygame.K_ESCAPE)
    steps(app, 1)
    assert app.top.name == "auction" and app.top.button("menu").label == "Menü"
    assert not app.errors


def test_the_table_draws_its_cards_anew_for_a_new_deck_or_size_only(tmp_path) -> None:  # noqa
    """A new scene over the same table keeps the card pictures drawn so far (no stall
    at every phase); a new deck or a new window size draws them anew."""
    app = table(tmp_path)
    scene = until_human(app, Phase.AUCTION)
    drawn = app.top.board.painter._surfaces

    def pictures() -> list[pygame.Surface]:
        return list(drawn._items.values())

    before = pictures()  # kept alive, so no new picture can take an old one's id
    assert before
    scene.relayout()  # what a new scene over this board does
    assert {id(p) for p in before} <= {id(p) for p in pictures()}
    press(pygame.K_ESCAPE)
    steps(app, 1)
    click(button_centre(app, "settings"))
    steps(app, 1)
    rows = {r.name: r for r in app.top.form.rows}
    rows["deck_style"].step(1)
    steps(app, 1)
    assert not {id(p) for p in before} & {id(p) for p in pictures()}
    press(pygame.K_ESCAPE)
    steps(app, 2)
    now = pictures()
    assert now
    resize(app, (1000, 700))
    steps(app, 1)
    assert not {id(p) for p in now} & {id(p) for p in pictures()}
    assert not app.errors


def test_a_hint_names_the_suggested_move_and_marks_the_card(tmp_path, monkeypatch) -> None:  # noqa
    import sys
    import types

    from skatgame.ai.player import Suggestion

    fake = types.ModuleType("skatgame.ai.hints")

    def suggest(obs, deadline=None):  # noqa: ANN001, ANN202
        return Suggestion(obs.legal_actions[-1], 0.75, "")

    fake.suggest = suggest  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "skatgame.ai.hints", fake)

    app = table(tmp_path, before=declare_grand)
    scene = until_human(app, Phase.PLAY)
    click(button_centre(app, "hint"))
    steps(app, 2)
    text = label_text(scene.hint_label)
    assert text.startswith("Play ") and "about 75% that your side wins" in text
    legal = [a.card for a in scene.local.legal_actions()]
    assert scene.board.highlight == legal[-1]
    # the hinted card is the chosen one: Enter plays it, and then the hint is gone
    assert scene.board.focus == legal[-1]
    until_ready(app)
    press(pygame.K_RETURN)
    steps(app, 1)
    assert any(isinstance(a, Play) and a.card == legal[-1]
               for _seat, a in app.session.deal.history)
    assert scene.hint_label is None


def test_the_end_of_a_list_shows_the_final_standings(tmp_path) -> None:  # noqa: ANN001
    from skatgame.table.saved import LIST_DOC

    app = table(tmp_path)  # a list of three deals
    app.save_session()
    assert (tmp_path / f"{LIST_DOC}.json").exists()
    for _ in range(20000):
        if app.top.name == "sheet":
            break
        mouse_turn(app)
        steps(app, 1)
    sheet = app.top
    assert sheet.name == "sheet" and sheet.final
    assert app.stack.scenes[0].name == "menu" and app.session is None
    assert len(sheet.session.series.rows) == 3 and sheet.session.finished
    assert not (tmp_path / f"{LIST_DOC}.json").exists()  # nothing left to continue
    press(pygame.K_ESCAPE)
    steps(app, 1)
    assert app.top.name == "menu" and not app.top.button("continue").enabled


def test_speech_bubbles_speak_the_new_language(tmp_path) -> None:  # noqa: ANN001
    import dataclasses

    app = table(tmp_path)
    view = app.top.board
    view.say(Seat(1), Speech(SpeechKind.PASS))
    speech, _until = view.bubbles[Seat(1)]
    assert label_text(view.bubble_label(speech)) == "Pass"
    app.set_settings(dataclasses.replace(app.settings, language="de"))
    speech, _until = view.bubbles[Seat(1)]
    assert label_text(view.bubble_label(speech)) == "Passe"


def test_a_declarer_past_the_second_trick_is_told_why_he_cannot_concede(tmp_path) -> None:  # noqa: ANN001
    app = table(tmp_path, before=declare_grand)
    scene = until_human(app, Phase.PLAY)
    human = scene.session.human_seat
    for _ in range(6000):  # play on until the 9-card rule no longer lets him concede
        if scene.human_turn and not scene.local.may_concede(human):
            break
        mouse_turn(app)
        steps(app, 1)
    assert scene.human_turn and not scene.local.may_concede(human)
    until_ready(app)
    press(pygame.K_c)
    steps(app, 1)
    assert "concede only before" in label_text(scene.board.toast.label)
    assert app.top is scene  # no question was asked


@pytest.mark.parametrize("before", [declare_grand, lose_auction])
def test_with_one_card_left_neither_concede_nor_claim_is_offered(
        tmp_path, before) -> None:  # noqa: ANN001
    """A playtester was offered Concede and Claim as a defender holding one forced card."""
    app = table(tmp_path, before=before)
    scene = until_human(app, Phase.PLAY)
    human = scene.session.human_seat
    offered = set()
    for _ in range(6000):
        if scene.table.phase is not Phase.PLAY:
            break
        if scene.human_turn:
            names = {b.name for b in scene.actions}
            if len(scene.table.hands[human]) == 1:
                assert not names & {"concede", "claim"}, names
                break
            offered |= names
        mouse_turn(app)
        steps(app, 1)
    else:
        raise AssertionError("the deal did not reach its last trick")
    assert "claim" in offered  # offered earlier in the deal: the test sees the buttons


def test_each_turn_the_arrow_keys_start_at_the_ends_of_the_playable_cards(tmp_path) -> None:  # noqa: ANN001
    """Each turn Right starts at the leftmost playable card and Left at the rightmost,
    whatever was chosen in an earlier trick (the playable cards may sit in the middle:
    the keys skip the dimmed ones)."""
    app = table(tmp_path, before=declare_grand)
    scene = until_human(app, Phase.PLAY)
    view = scene.board
    turns = 0
    for _ in range(6000):
        if scene.table.phase is not Phase.PLAY:
            break
        if scene.human_turn and scene.on_top and view.lifted:
            playable = set(scene.legal_cards())
            legal = [c for c in view.human_hand() if c in playable]  # as drawn
            until_ready(app)
            key(app, pygame.K_RIGHT)
            assert view.focus == legal[0]
            key(app, pygame.K_LEFT)  # goes round to the rightmost
            assert view.focus == legal[-1]
            turns += 1
            if len(legal) >= 3:  # choose one in the middle, then play another by mouse
                key(app, pygame.K_LEFT)
                assert view.focus == legal[-2]
            click(card_point(app, legal[0]))
            steps(app, 2)
            continue
        steps(app, 1)
    assert turns >= 8


def key(app: App, k: int) -> None:
    press(k)
    steps(app, 1)


def test_h_pressed_as_the_turn_comes_gives_the_hint_once_the_table_is_ready(
        tmp_path) -> None:  # noqa: ANN001
    """H while the last card still flew said "A hint helps when it is your turn", and the
    note stayed up during the turn; now the hint follows as soon as the turn is open."""
    app = table(tmp_path, speed="normal")
    for _ in range(6000):  # the human's turn has come, the table is not yet ready for it
        top = app.top
        if isinstance(top, TableScene) and top.session.is_human(top.table.to_move) \
                and top.handles(top.table.phase) and not top.human_turn:
            break
        steps(app, 1)
    scene = app.top
    assert isinstance(scene, TableScene) and not scene.human_turn
    press(pygame.K_h)
    steps(app, 1)
    assert label_text(scene.board.toast.label) != "A hint helps when it is your turn"
    run_until(app, lambda: scene.human_turn, 600)
    steps(app, 2)
    assert scene.hint_ticket is not None or scene.hint is not None
    # and the note said while it was not his turn at all is gone once his turn opens
    scene.board.toast.show(scene.tr("hint.not_now"))
    steps(app, 1)
    assert not scene.board.toast.visible or \
        label_text(scene.board.toast.label) != "A hint helps when it is your turn"
