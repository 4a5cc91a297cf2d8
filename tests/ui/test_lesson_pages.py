"""A lesson read in pages breaks them where a reader expects: German lesson 1 step 4 at
200 % (1280x720) ended its first page with "... und schlagen jede andere" and began the
second with "Karte." although its sentence "... gestochen:" ended half-way down. The
lesson's tool buttons stay on the type scale ("Lektionen" stepped down alone to a size
of no role at 200 %)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from skatgame.table.lessons import load_lessons, text_in
from skatgame.ui.scenes.lesson import page_breaks
from skatgame.ui.testing import steps
from skatgame.ui.text import wrap
from tests.ui.test_lesson_text_whole import _lesson_at_200

ENDS = ".!?:"
CLOSING = "\"')\u201c\u201d\u2019\u00bb\u00ab"
PROMPT = {"de": "Klicke die Karte an, die du spielen willst, oder Pfeile und Enter",
          "en": "Click the card you want to play, or arrow keys and Enter"}


def _words(body: str) -> list[tuple[str, bool]]:
    """The words of ``body`` and whether a paragraph ends with each."""
    out: list[tuple[str, bool]] = []
    for para in body.split("\n"):
        words = para.split()
        out += [(w, i == len(words) - 1) for i, w in enumerate(words)]
    return out


def _ends_sentence(word: str, para_end: bool) -> bool:
    bare = word.rstrip(CLOSING)
    return para_end or (bare != "" and bare[-1] in ENDS)


def _text(words: list[tuple[str, bool]], a: int, b: int) -> str:
    return "".join(w + ("\n" if end else " ") for w, end in words[a:b]).strip()


def _broken_mid_sentence(body: str, size: int, width: int, room: int,
                         pages: tuple[tuple[str, ...], ...]) -> list[str]:
    """The pages (not the last) that end within a sentence although a sentence's or a
    paragraph's end from which the page would be at least half full was in reach."""
    words = _words(body)
    bad = []
    start = 0
    for page in pages[:-1]:
        end = start + sum(len(line.split()) for line in page)
        if not _ends_sentence(*words[end - 1]):
            for b in range(start + 1, len(words)):
                used = len(wrap(_text(words, start, b), size, width))
                if used > room:
                    break
                if _ends_sentence(*words[b - 1]) and 2 * used >= room:
                    bad.append(f"{page[-1]!r} (could end at {words[b - 1][0]!r})")
                    break
        start = end
    return bad


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize(("size", "width", "room"),
                         [(30, 434, 5), (30, 365, 3), (30, 749, 4), (45, 650, 5), (45, 490, 3)])
def test_pages_end_at_a_sentence_where_one_leaves_them_half_full(
        lang: str, size: int, width: int, room: int) -> None:
    """Every step's text of every lesson (with the prompt after it, a paragraph apart), in
    the sizes and panels of 200 % at 1280x720 and 1920x1080: each page but the last ends
    at a paragraph's or a sentence's end ('.', '!', '?', ':') where such a break leaves it
    at least half full; no page holds more lines than its room; no word is lost."""
    pygame.font.init()
    lessons, _problems = load_lessons()
    checked = 0
    for lesson in lessons:
        for step in lesson.steps:
            body = f"{text_in(step.text, lang)}\n\n{PROMPT[lang]}"
            pages = page_breaks(body, size, width, room)
            where = (lesson.id, text_in(step.text, lang)[:30])
            assert all(len(page) <= room for page in pages), where
            assert [w for page in pages for line in page for w in line.split()] == \
                body.split(), where
            assert all(page and page[0].strip() for page in pages), where  # words first
            bad = _broken_mid_sentence(body, size, width, room, pages)
            assert not bad, (where, bad)
            checked += len(pages) > 1
    assert checked  # (some steps are read in pages in these rooms)


def test_lesson_1_step_4_breaks_after_its_sentence() -> None:
    """The text reported: its first page ends at "gestochen:", not within the next
    sentence; a text that fits is one page."""
    pygame.font.init()
    body = ("Anna hatte kein Herz mehr und hat deine 10 mit einem Buben gestochen: Im Grand "
            "sind die vier Buben Trumpf und schlagen jede andere Karte. Dann hat sie \u266010 "
            "ausgespielt, und Ben hat \u26607 zugegeben.")
    pages = page_breaks(body, 30, 434, 5)
    assert len(pages) > 1 and pages[0][-1].endswith("gestochen:"), pages
    assert all(page[-1][-1] in ENDS for page in pages), pages
    assert page_breaks(body, 30, 2000, 5) == (tuple(wrap(body, 30, 2000)),)


@pytest.mark.parametrize(("language", "size"), [("de", (1280, 720)), ("en", (1920, 1080))])
def test_lesson_tools_on_the_type_scale_at_200_percent(
        tmp_path: Path, language: str, size: tuple[int, int]) -> None:
    """'Lessons' and 'Start again' in one size of type, a role of the scale (the small
    one or the caption), each label whole beside its key."""
    app, scene = _lesson_at_200(tmp_path, language, size, 1)
    steps(app, 2)
    L = scene.layout
    fitted = [b.fitted() for b in scene.tools]
    sizes = {at for at, _hint, _lines in fitted}
    assert len(sizes) == 1 and sizes <= {L.font_small, L.font_caption}, fitted
    assert all(hint and lines == [b.label] for (_at, hint, lines), b
               in zip(fitted, scene.tools, strict=True)), fitted


def test_reading_on_with_enter_does_not_answer_the_question_at_once(tmp_path: Path) -> None:
    """Lesson 5 at 200 % (1280x720) is read in pages; the last one asks a question whose
    first answer has the focus. A playtester reading on with Enter took that answer with
    the press that was meant for the next page: the answer waits a moment after the last
    page comes, then Enter gives it."""
    from skatgame.ui.testing import press

    app, scene = _lesson_at_200(tmp_path, "en", (1280, 720), 5, speed="normal")
    steps(app, 30)
    assert scene.more_to_read(), "lesson 5's first step is read in pages at 200 %"
    while scene.more_to_read():
        press(pygame.K_RETURN)
        steps(app, 3)
    assert [b.name for b in scene.actions][:1] == ["choice-s"]  # the question, answered
    press(pygame.K_RETURN)  # at once: read on, not meant for the answer
    steps(app, 3)
    assert (scene.run.index, scene.more_to_read()) == (0, False)
    steps(app, 30)  # a moment later Enter answers
    press(pygame.K_RETURN)
    steps(app, 3)
    assert scene.run.index == 1 and not app.errors
