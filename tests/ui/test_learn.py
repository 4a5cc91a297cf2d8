"""Learn Skat at the table: every lesson played through by posted clicks and keys, with
wrong moves explained and right ones praised; the menu entry; a damaged lesson file."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from skatgame.engine.actions import Action, Discard, Play
from skatgame.engine.cards import cards_of
from skatgame.table.lessons import Step, lesson_folder, load_lessons
from skatgame.ui.app import App
from skatgame.ui.scenes.lesson import LessonScene
from skatgame.ui.scenes.menu import MenuScene
from skatgame.ui.testing import (
    button_centre,
    card_point,
    click,
    drawn_texts,
    make_app,
    press,
    run_until,
    steps,
)


def settled(app: App) -> bool:
    scene = app.top
    run = scene.run
    return not scene.board.busy and not run.pending and (
        run.awaiting_move or run.awaiting_continue or run.finished)


def make_move(app: App, action: Action) -> None:
    """The move as the learner makes it: a click on a card, two cards and Put away, or
    the button of a choice."""
    scene = app.top
    if isinstance(action, Play):
        click(card_point(app, action.card))
    elif isinstance(action, Discard):
        for card in action.cards:
            click(card_point(app, card))
            steps(app, 2)
        click(button_centre(app, "discard"))
    else:
        click(button_centre(app, f"choice-{action.text}"))
    steps(app, 2)
    assert app.top is scene


def wrong_moves(scene: LessonScene) -> list[Action]:
    """A wrong move the step names, and one it explains as "other" (a card the rules
    refuse, where there is one)."""
    step = scene.run.step
    deal = scene.run.deal
    named = [k for k in step.wrong if k != "other"][:1]
    if isinstance(step.expect, Play):
        legal = {a.card for a in deal.legal_actions() if isinstance(a, Play)}
        hand = cards_of(deal.hands[scene.lesson.you])
        others = [Play(c) for c in hand if c not in legal] or \
            [Play(c) for c in hand if Play(c) != step.expect and Play(c) not in named]
    elif isinstance(step.expect, Discard):
        hand = cards_of(deal.hands[scene.lesson.you])
        others = [Discard.of(hand[0], hand[1])]
    else:
        others = [c for c in step.choices if c != step.expect]
    return named + [a for a in others if a not in named and a != step.expect][:1]


def moves_asked(app: App, scene: LessonScene) -> Iterator[Step]:
    """Each step of the lesson that waits for the learner's move, to the lesson's end;
    the steps read in between are continued with Enter."""
    run = scene.run
    while True:
        run_until(app, lambda: settled(app), 3000)
        if run.finished:
            return
        if run.awaiting_continue:
            n = run.index
            press(pygame.K_RETURN)
            steps(app, 2)
            assert run.index == n + 1
            continue
        assert run.step is not None
        yield run.step


@pytest.mark.parametrize("ident", [x.id for x in load_lessons()[0]])
def test_each_lesson_is_played_through_with_clicks(tmp_path: Path, ident: str) -> None:
    app = make_app(tmp_path, speed="fast")
    app.stack.reset([MenuScene(app.services)])
    steps(app, 2)
    click(button_centre(app, "learn"))
    steps(app, 2)
    assert app.top.name == "learn"
    click(button_centre(app, f"lesson-{ident}"))
    steps(app, 2)
    scene = app.top
    assert isinstance(scene, LessonScene) and scene.lesson.id == ident
    explained = praised = 0
    for step in moves_asked(app, scene):
        run = scene.run
        before = len(run.deal.history)
        for move in wrong_moves(scene):
            make_move(app, move)
            text, right = scene.feedback
            assert not right and text == step.explain(move)  # explained, not just refused
            assert len(run.deal.history) == before  # and nothing happened
            explained += 1
        make_move(app, step.expect)
        assert scene.feedback[1] and len(run.deal.history) == before + 1
        praised += 1
    assert explained >= 2 and praised >= 2
    assert ident in app.settings.lessons_done
    assert scene.button("back") is not None
    assert not app.errors
    ids = [x.id for x in load_lessons()[0]]
    press(pygame.K_RETURN)  # the last step leads back to the list...
    steps(app, 2)
    learn = app.top
    assert learn.name == "learn"
    i = ids.index(ident)
    # ...where the next lesson is marked (Enter starts it); the last one stays marked
    assert learn.focus == min(i + 1, len(ids) - 1)


def test_the_next_lesson_follows_and_a_lesson_starts_again(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    lessons = load_lessons()[0]
    app.stack.reset([MenuScene(app.services)])
    app.stack.push(LessonScene(app.services, lessons[0]))
    steps(app, 2)
    scene = app.top
    press(pygame.K_RETURN)
    steps(app, 2)
    assert scene.run.index == 1
    press(pygame.K_r)  # start again
    steps(app, 2)
    assert app.top is not scene and app.top.run.index == 0
    app.top.run.index = len(lessons[0].steps)  # at the end: N opens the next lesson
    steps(app, 2)
    press(pygame.K_n)
    steps(app, 2)
    assert app.top.lesson.id == lessons[1].id


def test_a_lesson_names_itself_and_its_players_have_no_level(tmp_path: Path) -> None:
    from skatgame.ui.scenes.lesson import LearnScene

    app = make_app(tmp_path)
    lessons = load_lessons()[0]
    app.stack.reset([MenuScene(app.services)])
    app.stack.push(LearnScene(app.services))
    app.stack.push(LessonScene(app.services, lessons[1]))
    steps(app, 2)
    view = app.top.board
    header = view.header(app.tr)
    assert header == f"Lesson 2 of {len(lessons)} · {lessons[1].title['en']}"
    assert not view.show_levels
    shown = drawn_texts(app)
    assert header in shown and not any("Deal 1" in t for t in shown)
    assert any(t == "Forehand" for t in shown)
    assert not any("Lesson ·" in t or "Lektion ·" in t for t in shown)


SIZES = ((1280, 720), (1920, 1080), (480, 360))


def test_the_panels_hide_nothing_of_the_table(tmp_path: Path) -> None:
    """At every step of every lesson the text panels keep clear of the opponents' cards,
    their won tricks, the skat beside them, the trick, the buttons and the hand, and show
    their whole text."""
    from skatgame.ui.layout import BOTTOM, LEFT, RIGHT

    app = make_app(tmp_path, speed="instant")
    app.stack.reset([MenuScene(app.services)])
    for size in SIZES:
        app.resize(size)
        for lesson in load_lessons()[0]:
            app.stack.push(LessonScene(app.services, lesson))
            scene = app.top
            while True:
                steps(app, 2)
                run_until(app, lambda: settled(app), 3000)
                L = scene.layout
                app.step(0.016)
                shown = list(scene.shown)  # the panels drawn (and the prompt in the bar)
                keep = [pygame.Rect(0, 0, 0, 0)]
                for pos in (LEFT, RIGHT):
                    keep.append(L.plate_rect(pos))
                    for x, y, _ in L.opponent_slots(pos, 10):
                        keep.append(pygame.Rect(x - L.small_w / 2, y - L.small_h / 2,
                                                L.small_w, L.small_h))
                    for x, y, _ in (L.pile_slot(pos), L.aside_slot(pos)):
                        keep.append(pygame.Rect(x - L.pile_h / 2, y - L.pile_w / 2,
                                                L.pile_h, L.pile_w))
                    x, y, _ = L.trick_slot(pos)
                    keep.append(pygame.Rect(x - L.table_w / 2, y - L.table_h / 2,
                                            L.table_w, L.table_h))
                keep.append(L.info_rect())
                keep += [b.rect for b in scene.buttons]
                x, y, _ = L.pile_slot(BOTTOM)
                keep.append(pygame.Rect(x - L.pile_h / 2, y - L.pile_w / 2, L.pile_h, L.pile_w))
                for x, y, _ in L.hand_slots(10):
                    keep.append(pygame.Rect(x - L.card_w / 2, y - L.card_h / 2 - L.raise_by,
                                            L.card_w, L.card_h))
                assert 1 <= len(shown) <= 3
                assert not scene.cut, (size, lesson.id, scene.run.index)  # every word shown
                for i, panel in enumerate(shown):
                    assert panel.width > 0 and panel.height > 0
                    for r in keep + shown[i + 1:]:
                        assert not panel.colliderect(r), (size, lesson.id, panel, r)
                run = scene.run
                if run.finished:
                    break
                if run.awaiting_continue:
                    scene.proceed()
                else:
                    scene.attempt(run.step.expect)
            app.nav.pop()
    assert not app.errors


def test_a_damaged_lesson_file_is_named_not_a_crash(tmp_path: Path, monkeypatch) -> None:  # noqa
    folder = tmp_path / "lessons"
    folder.mkdir()
    shutil.copy(lesson_folder() / "01-cards.json", folder)
    doc = json.loads((lesson_folder() / "02-follow.json").read_text(encoding="utf-8"))
    doc["steps"][1]["expect"] = "SA"  # a club is led: the learner may not play a spade
    (folder / "02-follow.json").write_text(json.dumps(doc), encoding="utf-8")
    (folder / "03-broken.json").write_text("{ nothing", encoding="utf-8")
    import skatgame.ui.scenes.lesson as lesson_module

    monkeypatch.setattr(lesson_module, "load_lessons",
                        lambda: load_lessons(folder))
    app = make_app(tmp_path / "home")
    app.stack.reset([MenuScene(app.services)])
    click(button_centre(app, "learn"))
    steps(app, 3)
    scene = app.top
    assert [lesson.id for lesson in scene.lessons] == ["cards"]
    assert {p.file for p in scene.problems} == {"02-follow.json", "03-broken.json"}
    assert "step 2" in next(p.reason for p in scene.problems if p.file == "02-follow.json")
    assert not app.errors


def test_a_storm_of_clicks_keys_and_resizes_in_the_lessons(tmp_path: Path) -> None:
    import random

    from tests.ui.test_app_storm import storm_event

    app = make_app(tmp_path, speed="fast")
    rng = random.Random(16)
    in_lessons = 0
    for lesson in load_lessons()[0]:
        app.running = True  # a storm may have pressed Quit in the menu
        app.stack.reset([MenuScene(app.services)])
        app.stack.push(LessonScene(app.services, lesson))
        for i in range(150):
            pygame.event.post(storm_event(rng, app))
            if i % 50 == 25:
                app.resize(rng.choice([(1280, 720), (1920, 1080), (800, 600), (500, 380)]))
            steps(app, 1)
            in_lessons += app.top is not None and app.top.name in ("lesson", "learn")
    assert not app.errors
    assert in_lessons > 300


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_one_text_size_per_lesson_and_the_trick_stays_while_talked_about(
        tmp_path: Path, size: tuple[int, int]) -> None:
    from skatgame.ui.testing import resize

    app = make_app(tmp_path, speed="fast")
    resize(app, size)
    lessons = load_lessons()[0]
    scene = LessonScene(app.services, lessons[0])
    app.stack.push(scene)
    steps(app, 2)
    sizes: set[int] = set()
    kept = 0
    while True:
        run_until(app, lambda: settled(app), 3000)
        steps(app, 1)
        sizes.add(scene.text_size)
        run = scene.run
        if scene.held:  # a trick just completed: still on the table, face up
            kept += 1
            trick = [c for _seat, c in scene.board.shown.trick_cards()]
            assert len(trick) == 3 and all(scene.board.sprite_of(c).face for c in trick)
        if run.finished:
            break
        held = list(scene.board.shown.trick_cards()) if scene.held else []
        if run.awaiting_continue:
            press(pygame.K_RETURN)
        else:
            make_move(app, run.step.expect)
        steps(app, 2)
        run_until(app, lambda: not scene.board.busy, 3000)
        for _seat, c in held:  # gathered once the learner went on
            assert all(c != x for _s, x in scene.board.shown.trick_cards())
    assert kept >= 1 and len(sizes) == 1, (kept, sizes)
    assert not app.errors


@pytest.mark.parametrize("language, letters, style, shown", [
    ("en", None, "french", "♣J ♠J ♥J ♦J"),
    ("de", None, "french", "♣B ♠B ♥B ♦B"),  # German letters by default in German
    ("de", False, "french", "♣J ♠J ♥J ♦J"),  # the player chose J Q K
    ("en", True, "french", "♣B ♠B ♥B ♦B"),
    ("de", None, "german", "♣U ♠U ♥U ♦U"),  # the German deck's Unter
])
def test_a_lesson_names_the_cards_in_the_letters_on_them(
        tmp_path: Path, language: str, letters: bool | None, style: str, shown: str) -> None:
    import dataclasses

    app = make_app(tmp_path)
    app.services.change_settings(dataclasses.replace(
        app.settings, language=language, german_indices=letters, deck_style=style))
    lesson = next(x for x in load_lessons()[0] if x.id == "follow")
    app.stack.reset([MenuScene(app.services)])
    app.stack.push(LessonScene(app.services, lesson))
    steps(app, 2)
    assert shown in app.top.step_text()[1]


FRENCH_SUIT_WORDS = {"en": ("club", "spade", "diamond"), "de": ("Kreuz", "Pik", "Herz", "Karo")}


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_lesson_names_the_suits_as_on_the_german_deck(tmp_path: Path,
                                                            language: str) -> None:
    """Lesson 4 said "Your trumps in Kreuz ... Kreuz: 3 × 12 = 36" over Eichel cards:
    with the German deck every text of every lesson names Eichel/Grün/Rot/Schellen
    (acorns/leaves/hearts/bells), and the French deck keeps its names."""
    import dataclasses

    app = make_app(tmp_path)
    app.services.change_settings(dataclasses.replace(app.settings, language=language,
                                                     deck_style="german"))
    app.stack.reset([MenuScene(app.services)])
    steps(app, 1)
    german = {"en": "acorns", "de": "Eichel"}[language]
    seen = 0
    for lesson in load_lessons()[0]:
        scene = LessonScene(app.services, lesson)
        texts = [scene.text(step.text) for step in lesson.steps]
        texts += [scene.text(t) for step in lesson.steps
                  for t in (step.right, *step.wrong.values()) if t]
        for text in texts:
            lower = text.lower()
            assert not any(w.lower() in lower for w in FRENCH_SUIT_WORDS[language]), text
        seen += sum(german.lower() in t.lower() for t in texts)
    assert seen >= 3
    lesson = next(x for x in load_lessons()[0] if x.id.startswith("bid"))
    scene = LessonScene(app.services, lesson)
    words = " ".join(scene.text(step.text) for step in lesson.steps)
    assert ("Eichel: 3 × 12 = 36" if language == "de" else "Acorns: 3 × 12 = 36") in words
    app.services.change_settings(dataclasses.replace(app.settings, deck_style="french"))
    scene = LessonScene(app.services, lesson)
    words = " ".join(scene.text(step.text) for step in lesson.steps)
    assert ("Kreuz: 3 × 12 = 36" if language == "de" else "Clubs: 3 × 12 = 36") in words


def test_a_question_highlights_an_answer_and_enter_gives_it(tmp_path: Path) -> None:
    """Only 1/2/3 or a click answered a lesson's question: an answer is highlighted from
    the start, the arrows move the highlight and Enter gives the highlighted answer."""
    app = make_app(tmp_path, speed="fast")
    asked = 0
    for lesson in load_lessons()[0]:
        if not any(step.choices for step in lesson.steps):
            continue
        app.stack.reset([MenuScene(app.services)])
        app.stack.push(LessonScene(app.services, lesson))
        steps(app, 2)
        scene = app.top
        for step in moves_asked(app, scene):
            run = scene.run
            if not step.choices:
                make_move(app, step.expect)
                continue
            asked += 1
            scene.refresh_actions()
            marked = [b for b in scene.actions if b.selected]
            assert [b.name for b in marked] == [f"choice-{step.choices[0].text}"]
            want = step.choices.index(step.expect)
            before = len(run.deal.history)
            for _ in range(want):
                press(pygame.K_RIGHT)
                steps(app, 1)
            marked = [b for b in scene.actions if b.selected]
            assert [b.name for b in marked] == [f"choice-{step.expect.text}"]
            press(pygame.K_RETURN)
            steps(app, 2)
            assert scene.feedback is not None and scene.feedback[1]
            assert len(run.deal.history) == before + 1
    assert asked >= 2 and not app.errors
