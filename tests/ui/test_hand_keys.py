"""The keys over the human's hand (issue 28, "every control can be reached by keyboard"):
Right moves the focus to the playable card drawn to the right, whatever the sort order,
and a lesson's card steps are played by keys as the table's are, spoken where the
table speaks."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from skatgame.engine.actions import Declare, Discard, Play
from skatgame.engine.deal import Phase
from skatgame.engine.options import RuleOptions
from skatgame.engine.rules import GameKind
from skatgame.table.lessons import load_lessons
from skatgame.table.session import Session
from skatgame.ui.app import App
from skatgame.ui.handkeys import step_card
from skatgame.ui.scenes.lesson import LessonScene
from skatgame.ui.scenes.menu import MenuScene
from skatgame.ui.speech import Recorder
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import (
    human_turn,
    make_app,
    new_session,
    open_table,
    press,
    run_until,
    steps,
    until_ready,
    win_auction,
)


def key(app: App, k: int, mod: int = 0) -> None:
    press(k, mod)
    steps(app, 1)


def test_step_card_follows_the_drawn_order_over_the_pool() -> None:
    drawn = [30, 12, 5, 20, 1]
    pool = {1, 12, 20}  # listed by the rules in another order than drawn
    assert step_card(drawn, pool, None, 1) == 12
    assert step_card(drawn, pool, 12, 1) == 20
    assert step_card(drawn, pool, 20, 1) == 1
    assert step_card(drawn, pool, 1, 1) == 12  # round the end
    assert step_card(drawn, pool, None, -1) == 1
    assert step_card(drawn, pool, 12, -1) == 1
    assert step_card(drawn, pool, 5, 1) == 20  # from a card left out: the next one that way
    assert step_card(drawn, pool, 5, -1) == 12
    assert step_card(drawn, (), 30, 1) == 12  # no pool: every card
    assert step_card([], (), None, 1) is None


def declare_suit(kind: GameKind):  # noqa: ANN201
    def before(session: Session) -> None:
        win_auction(session)
        session.deal.apply(next(a for a in session.deal.legal_actions()
                                if isinstance(a, Declare) and a.contract.kind == kind
                                and not a.contract.schneider and not a.contract.ouvert))
    return before


@pytest.mark.parametrize("direction", ["descending", "ascending"])
@pytest.mark.parametrize("kind", [GameKind.HEARTS, GameKind.GRAND])
def test_right_moves_to_the_playable_card_drawn_to_the_right(
        tmp_path: Path, direction: str, kind: GameKind) -> None:
    """A playtester's Right went leftwards in a hearts game sorted high to low (J♠ → 7♥ →
    8♥ → K♥): the focus stepped through the rules' list of playable cards, not the hand
    as drawn."""
    app = make_app(tmp_path)
    app.set_settings(replace(app.settings, sort_direction=direction, play_forced=False))
    session = new_session(app, deals=3, options=RuleOptions(), list_kind="seeger-fabian",
                          levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=7)
    declare_suit(kind)(session)
    open_table(app, session, resume=True)
    steps(app, 1)
    seen = 0
    for _ in range(8000):
        top = app.top
        if not isinstance(top, TableScene) or top.table.phase is not Phase.PLAY:
            break
        if human_turn(app, (Phase.PLAY,)) and top.board.lifted:
            until_ready(app)
            view = top.board
            legal = set(top.legal_cards())
            drawn = [c for c in view.human_hand() if c in legal]
            xs = {c: view.sprite_of(c).x for c in drawn}
            assert [xs[c] for c in drawn] == sorted(xs.values())  # the hand's order
            key(app, pygame.K_RIGHT)
            assert view.focus == drawn[0]
            went = [view.focus]
            for _k in range(len(drawn) - 1):
                key(app, pygame.K_RIGHT)
                went.append(view.focus)
            assert went == drawn  # each Right: the next card to the right
            seen += len(drawn) > 1
            key(app, pygame.K_LEFT)
            assert view.focus == drawn[-2 if len(drawn) > 1 else 0]
            key(app, pygame.K_RETURN)  # Enter plays the card with the focus
            steps(app, 2)
            continue
        steps(app, 1)
    assert seen >= 3


# ---------------------------------------------------------------- a lesson by keys


def settled(scene: LessonScene) -> bool:
    run = scene.run
    return not scene.board.busy and not run.pending and (
        run.awaiting_move or run.awaiting_continue or run.finished)


def playable(scene: LessonScene) -> list[int]:
    deal = scene.run.deal
    return [a.card for a in deal.legal_actions() if isinstance(a, Play)] \
        if deal.phase is Phase.PLAY else []


def focus_on(app: App, scene: LessonScene, card: int) -> None:
    """Move the focus onto ``card`` with Right alone (as a learner would)."""
    for _ in range(12):
        if scene.board.focus == card:
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError(f"Right never reached card {card}")


@pytest.mark.parametrize("ident", [x.id for x in load_lessons()[0]])
def test_each_lesson_is_played_through_by_keys_alone(tmp_path: Path, ident: str) -> None:
    """Lesson 2 step 2 ("Play your club"): the only playable card was raised, and no key
    did anything; now arrows move a gold frame over the playable cards, Enter plays
    one, Space picks a card to put away and Enter puts two away."""
    app = make_app(tmp_path, speed="fast")
    lesson = next(x for x in load_lessons()[0] if x.id == ident)
    app.stack.reset([MenuScene(app.services)])
    app.stack.push(LessonScene(app.services, lesson))
    steps(app, 2)
    scene = app.top
    run = scene.run
    cards = 0
    while True:
        run_until(app, lambda: settled(scene), 3000)
        if run.finished:
            break
        if run.awaiting_continue:
            key(app, pygame.K_RETURN)
            continue
        step = run.step
        before = len(run.deal.history)
        if isinstance(step.expect, Play):
            legal = playable(scene)
            hand = scene.board.human_hand()
            key(app, pygame.K_RIGHT)
            assert scene.board.focus == [c for c in hand if c in legal][0]
            focus_on(app, scene, step.expect.card)
            assert step.expect.card in legal  # Right went over the playable cards only
            key(app, pygame.K_RETURN)
            cards += 1
        elif isinstance(step.expect, Discard):
            for card in step.expect.cards:
                focus_on(app, scene, card)
                key(app, pygame.K_SPACE)
                assert card in scene.chosen
            key(app, pygame.K_RETURN)
            cards += 1
        else:
            for i, choice in enumerate(step.choices):
                if choice == step.expect:
                    key(app, pygame.K_1 + i)
        steps(app, 2)
        assert scene.feedback is not None and scene.feedback[1], (ident, run.index)
        assert len(run.deal.history) == before + 1
        assert scene.board.focus is None  # the frame does not follow the card away
    asked = [s for s in lesson.steps if isinstance(s.expect, Play | Discard)]
    assert cards == len(asked) and ident in app.settings.lessons_done and not app.errors


def test_a_lessons_only_playable_card_goes_with_enter_and_the_focus_is_spoken(
        tmp_path: Path) -> None:
    """Where one card may go, Enter plays it at once (as at the table); a number key
    picks a card by its place, and a table that speaks says it (and that it may not
    go, where the rules forbid it)."""
    app = make_app(tmp_path, speed="fast")
    voice = Recorder()
    app.services.speaker.voice = voice
    app.services.speaker.language = "en"
    app.set_settings(replace(app.settings, speak=True))
    said = voice.lines
    played_one = picked = 0
    for lesson in load_lessons()[0]:
        app.stack.reset([MenuScene(app.services)])
        app.stack.push(LessonScene(app.services, lesson))
        steps(app, 2)
        scene = app.top
        run = scene.run
        while True:
            run_until(app, lambda scene=scene: settled(scene), 3000)
            if run.finished:
                break
            if run.awaiting_continue:
                key(app, pygame.K_RETURN)
                continue
            step = run.step
            if isinstance(step.expect, Play):
                legal = playable(scene)
                hand = scene.board.human_hand()
                if len(hand) > len(legal) and not picked:
                    banned = next(c for c in hand if c not in legal)
                    key(app, pygame.K_1 + hand.index(banned))
                    assert scene.board.focus == banned
                    assert said and said[-1].endswith("may not be played")
                    picked += 1
                    scene.board.focus = None
                if len(legal) == 1 and legal[0] == step.expect.card:
                    key(app, pygame.K_RETURN)
                    played_one += 1
                else:
                    focus_on(app, scene, step.expect.card)
                    assert said and "may not" not in said[-1]
                    key(app, pygame.K_SPACE)
            elif isinstance(step.expect, Discard):
                for card in step.expect.cards:
                    focus_on(app, scene, card)
                    key(app, pygame.K_UP)
                key(app, pygame.K_KP_ENTER)
            else:
                key(app, pygame.K_1 + step.choices.index(step.expect))
            steps(app, 2)
            assert scene.feedback is not None and scene.feedback[1]
    assert played_one >= 1 and picked == 1 and not app.errors
