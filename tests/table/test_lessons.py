"""Learn Skat: the lesson files validate, play through with right and wrong moves, and a
damaged file is reported by name and reason."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from skatgame.engine.actions import Play, parse_action
from skatgame.engine.cards import cards_of
from skatgame.table.lessons import (
    LessonError,
    LessonRun,
    lesson_folder,
    load_lesson,
    load_lessons,
)

TOPICS = {"cards", "follow", "tricks", "bidding", "skat", "declarer", "defending", "null"}


def test_every_lesson_file_validates() -> None:
    lessons, problems = load_lessons()
    assert not problems
    assert 6 <= len(lessons) <= 8
    assert {lesson.id for lesson in lessons} == TOPICS
    for lesson in lessons:
        for lang in ("en", "de"):
            assert lesson.title[lang] and lesson.summary[lang]
            assert all(step.text[lang] for step in lesson.steps)
        assert sum(step.expect is not None for step in lesson.steps) >= 2


def test_every_lesson_seats_anna_left_and_ben_right_as_the_game_does() -> None:
    """The seat after the learner's plays next: it sits at the left."""
    for lesson in load_lessons()[0]:
        left, right = (lesson.you + 1) % 3, (lesson.you + 2) % 3
        assert (lesson.names[left], lesson.names[right]) == ("Anna", "Ben"), lesson.id


def test_the_first_lesson_gives_at_least_four_cards_to_play() -> None:
    cards = next(x for x in load_lessons()[0] if x.id == "cards")
    assert sum(isinstance(step.expect, Play) for step in cards.steps) >= 4


def test_the_bidding_lesson_bids_step_by_step_and_never_jumps() -> None:
    from skatgame.engine.actions import Bid
    from skatgame.engine.auction import BID_VALUES

    bidding = next(x for x in load_lessons()[0] if x.id == "bidding")
    bids = [step.expect.value for step in bidding.steps if isinstance(step.expect, Bid)]
    assert len(bids) >= 3
    assert bids == list(BID_VALUES[:len(bids)])  # 18, 20, 22: each the next value
    for step in bidding.steps:
        for lang in ("en", "de"):
            assert "jump straight" not in step.text[lang] and "gleich bis" not in step.text[lang]


def wrong_moves(run: LessonRun) -> list:
    """The wrong moves a lesson explains by name, and one it does not (a legal or an
    illegal card, or another choice)."""
    step = run.step
    assert step is not None and step.expect is not None
    named = [k for k in step.wrong if k != "other"]
    deal = run.deal
    others = [a for a in (*step.choices, *deal.legal_actions()) if a != step.expect
              and a not in named]
    if isinstance(step.expect, Play):  # a card the rules refuse here, if there is one
        legal = {a.card for a in deal.legal_actions() if isinstance(a, Play)}
        others += [Play(c) for c in cards_of(deal.hands[run.lesson.you]) if c not in legal]
    return named + others[:2]


@pytest.mark.parametrize("ident", sorted(TOPICS))
def test_each_lesson_plays_through_with_right_and_wrong_moves(ident: str) -> None:
    lesson = next(x for x in load_lessons()[0] if x.id == ident)
    run = LessonRun(lesson)
    wrongs = 0
    while not run.finished:
        while run.pending:
            assert run.next_scripted()  # the computer players' scripted cards
        if run.finished:
            break
        if run.awaiting_continue:
            run.proceed()
            continue
        assert run.awaiting_move
        step = run.step
        before = (list(run.deal.hands), run.deal.phase, len(run.deal.history))
        for move in wrong_moves(run):
            verdict = run.attempt(move)
            assert not verdict.right and verdict.message is not None
            assert verdict.message["en"] and verdict.message["de"]
            if move in step.wrong:
                assert verdict.message == step.wrong[move]
            assert (list(run.deal.hands), run.deal.phase, len(run.deal.history)) == before
            wrongs += 1
        verdict = run.attempt(step.expect)
        assert verdict.right and verdict.events
    assert wrongs >= 2
    assert run.step is None


def write(tmp_path: Path, doc: object, name: str = "lesson.json") -> Path:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


def good() -> dict:
    return json.loads((lesson_folder() / "01-cards.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("damage", "words"), [
    (lambda d: "{ not json", "not valid JSON"),
    (lambda d: {**d, "format": "x"}, "format"),
    (lambda d: {**d, "title": {"en": "Cards"}}, "'de' is missing"),
    (lambda d: {**d, "deal": {**d["deal"], "skat": "DQ"}}, "skat holds 1 cards"),
    (lambda d: {**d, "deal": {**d["deal"], "skat": "DQ HA"}}, "exactly once"),
    (lambda d: {**d, "you": 5}, "seat"),
    (lambda d: {**d, "setup": ["18", "p", "p", "XX"]}, "no move"),
    (lambda d: {**d, "steps": [d["steps"][0], {**d["steps"][1], "expect": "HT"}]},
     "explained as wrong"),
    (lambda d: {**d, "steps": [d["steps"][0], {**d["steps"][1], "expect": "SA",
                                                "wrong": {"other": d["steps"][1]["wrong"]
                                                          ["other"]}},
                               d["steps"][2]]}, "scripted move"),
    (lambda d: {**d, "steps": [{**d["steps"][1], "expect": "CJ"}]}, "does not hold"),
    (lambda d: {**d, "steps": [{**d["steps"][1], "wrong": {}}]}, "other"),
])
def test_a_damaged_lesson_says_where_and_why(tmp_path: Path, damage, words: str) -> None:  # noqa
    path = write(tmp_path, damage(good()), "03-broken.json")
    with pytest.raises(LessonError) as e:
        load_lesson(path)
    assert "03-broken.json" in str(e.value) and words in str(e.value)
    write(tmp_path, good(), "01-cards.json")
    lessons, problems = load_lessons(tmp_path)
    assert [x.id for x in lessons] == ["cards"]
    assert [p.file for p in problems] == ["03-broken.json"] and words in problems[0].reason


def test_a_missing_folder_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    lessons, problems = load_lessons(tmp_path / "nowhere")
    assert lessons == [] and problems and "cannot be read" in problems[0].reason


def test_a_wrong_move_is_explained_and_changes_nothing() -> None:
    lesson = load_lesson(lesson_folder() / "01-cards.json")
    run = LessonRun(lesson)
    run.proceed()
    verdict = run.attempt(parse_action("HT"))
    assert not verdict.right and "Ace" in verdict.message["en"]
    verdict = run.attempt(parse_action("C7"))
    assert verdict.message == lesson.steps[1].wrong["other"]
    assert run.attempt(parse_action("HA")).right
    assert [a.text for a in run.pending] == ["H7", "HQ"]


def test_every_way_a_lesson_file_fails_names_it_and_keeps_the_others(tmp_path: Path) -> None:
    """A hostile folder: the seven good lessons stay reachable, each bad file is named."""
    good_files = sorted(lesson_folder().glob("*.json"))[:7]
    for path in good_files:
        shutil.copy(path, tmp_path)
    deep = "[" * 100_000 + "]" * 100_000
    bad = {
        "50-deep.json": deep,
        "51-deep-object.json": '{"a":' * 100_000 + "1" + "}" * 100_000,
        "52-deep-inside.json": json.dumps({**good(), "id": "inside"})[:-1]
        + ', "extra": ' + deep + "}",
        "53-digits.json": json.dumps({**good(), "id": "digits", "you": 0})
        .replace('"you": 0', '"you": ' + "9" * 5000),
        "54-too-large.json": json.dumps({**good(), "id": "large",
                                         "pad": "x" * 1_000_010}),
        "55-not-utf8.json": b"\xff\xfe{}",
        "56-nan.json": json.dumps({**good(), "id": "nan"}).replace('"you": 0', '"you": NaN'),
    }
    for name, content in bad.items():
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    (tmp_path / "57-folder.json").mkdir()
    lessons, problems = load_lessons(tmp_path)
    assert len(lessons) == 7
    assert sorted(x.file for x in lessons) == [p.name for p in good_files]
    assert sorted(p.file for p in problems) == sorted([*bad, "57-folder.json"])
    reasons = {p.file: p.reason for p in problems}
    assert "nested too deeply" in reasons["50-deep.json"]
    assert "nested too deeply" in reasons["51-deep-object.json"]
    assert "too large" in reasons["54-too-large.json"]
    assert all(p.file in p.reason and len(p.reason) <= 300 for p in problems)


def test_a_lesson_that_trips_the_checks_in_an_unforeseen_way_is_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, good(), "01-cards.json")
    write(tmp_path, {**good(), "id": "other"}, "02-other.json")
    import skatgame.table.lessons as lessons_module

    real = lessons_module.check_lesson

    def trips(lesson):  # noqa: ANN001, ANN202
        if lesson.id == "other":
            raise KeyError("surprise")
        return real(lesson)

    monkeypatch.setattr(lessons_module, "check_lesson", trips)
    lessons, problems = load_lessons(tmp_path)
    assert [x.id for x in lessons] == ["cards"]
    assert [p.file for p in problems] == ["02-other.json"]
    assert "KeyError" in problems[0].reason
