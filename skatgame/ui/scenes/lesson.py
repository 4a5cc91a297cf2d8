"""Learn Skat: the list of lessons, and one lesson played at the real table.

:class:`LearnScene` lists the lessons read by :mod:`skatgame.table.lessons`
(a damaged file is named with its reason, never a crash). :class:`LessonScene`
is generic: it draws the lesson's deal with the real :class:`TableView`, shows
the step's text in a panel at the left and the verdict on the learner's move
at the right, and takes the move as at the table (a click on a card, two
cards and *Put away*, or a button for a bid, a pass, the skat or a game).
The computer players' cards come from the lesson's script.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from skatgame.engine.actions import Action, Discard, Play
from skatgame.engine.deal import Phase
from skatgame.engine.events import Event, TrickWon
from skatgame.engine.series import Series
from skatgame.table.labels import Label
from skatgame.table.lessons import Lesson, LessonProblem, LessonRun, load_lessons, text_in
from skatgame.table.local import LocalTable
from skatgame.table.seatview import SeatEvent, seat_events
from skatgame.table.session import Session
from skatgame.table.texts import action_label, cards_as_seen, suits_as_seen
from skatgame.ui import handkeys, theme, widgets
from skatgame.ui.board import Board
from skatgame.ui.gate import PANEL_GRACE, InputGate
from skatgame.ui.layout import BOTTOM, LEFT, RIGHT
from skatgame.ui.scene import Scene, draw_dialog, toolbar
from skatgame.ui.text import (
    Color,
    draw_text,
    ellipsize,
    line_height,
    note_cut,
    split_suits,
    text_width,
    wrap,
    wrap_lines,
)

if TYPE_CHECKING:
    from skatgame.table.lessons import Text
    from skatgame.ui.services import Services

#: Seconds between two scripted cards at normal speed (the player can follow).
SCRIPT_PAUSE = 0.6
#: The level shown on a lesson's computer players.
LESSON_LEVEL = "lesson"


# ---------------------------------------------------------------- the list


class LearnScene(Scene):
    """The lessons, one button each; done ones are marked. 1-8 or Enter start one."""

    name = "learn"

    def __init__(self, services: Services) -> None:
        self.lessons, self.problems = load_lessons()
        self.focus = 0
        super().__init__(services)

    def relayout(self) -> None:
        L = self.layout
        tr = self.tr
        self.panel = L.dialog_rect(1000, 660)
        p = self.panel
        pad = 2 * L.gap
        back = widgets.Button(tr("menu.back"), self.nav.pop, key_hint="Esc",
                              font_size=L.font_body, name="back")
        back.rect = pygame.Rect(0, 0, round(L.button_h * 3.6), L.button_h)
        back.rect.midbottom = (p.centerx, p.bottom - pad)
        top = p.y + pad + L.font_title + 2 * L.gap + L.font_small + L.gap
        bottom = back.rect.top - L.gap - (L.font_small + L.gap if self.problems else 0)
        n = max(1, len(self.lessons))
        step = min(L.button_h + L.gap // 2, (bottom - top) // n)
        self.rows: list[tuple[widgets.Button, Lesson]] = []
        lang = self.settings.language
        for i, lesson in enumerate(self.lessons):
            b = widgets.Button(f"{i + 1}. {text_in(lesson.title, lang)}",
                               functools.partial(self.start, lesson),
                               key_hint=str(i + 1) if i < 9 else "", font_size=L.font_body,
                               name=f"lesson-{lesson.id}")
            self.rows.append((b, lesson))
        # the titles whole where there is room (up to half the panel); the summaries wrap
        need = max((widgets.button_width(b, 0) for b, _ in self.rows), default=0)
        bw = round(min(max((p.width - 2 * pad) * 0.42, need), (p.width - 2 * pad) * 0.55))
        for i, (b, _lesson) in enumerate(self.rows):
            b.rect = pygame.Rect(p.x + pad, top + i * step, bw, step - L.gap // 2)
        widgets.even_type([b for b, _ in self.rows])  # the titles in one size of type
        self.buttons = [*(b for b, _ in self.rows), back]
        self.focus = min(self.focus, len(self.buttons) - 1)  # the lessons, then Back

    def start(self, lesson: Lesson) -> None:
        self.nav.push("lesson", lesson=lesson, lessons=self.lessons)

    def focus_on(self, lesson_id: str) -> None:
        """Mark the lesson ``lesson_id`` (Enter starts it)."""
        for i, (_, lesson) in enumerate(self.rows):
            if lesson.id == lesson_id:
                self.focus = i

    def resume(self) -> None:
        self.relayout()  # a lesson just done gets its mark

    def handle_event(self, event: pygame.event.Event) -> None:
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_ESCAPE:
            self.nav.pop()
        elif event.key in (pygame.K_DOWN, pygame.K_UP):
            step = 1 if event.key == pygame.K_DOWN else -1
            self.focus = widgets.step_focus(self.buttons, self.focus, step)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.buttons[self.focus].click()
        else:
            widgets.press_by_key(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        L = self.layout
        tr = self.tr
        surface.blit(self.services.window.felt(), (0, 0))
        p = self.panel
        pad = 2 * L.gap
        draw_dialog(surface, L, p, tr("learn.title"))
        draw_text(surface, tr("learn.intro"), L.font_small,
                  (p.centerx, p.y + pad + L.font_title + L.gap), theme.TEXT_DIM,
                  "midtop")
        done = set(self.settings.lessons_done)
        lang = self.settings.language
        line_h = line_height(L.font_small)
        mark_w = round(L.font_body * 1.1) + L.gap
        beside = self.summaries_beside()
        for i, (b, lesson) in enumerate(self.rows):
            b.selected = i == self.focus
            b.draw(surface)
            x = b.rect.right + L.gap * 2
            width = p.right - pad - x
            if beside:  # the done mark beside each lesson, the chosen one's summary apart
                if lesson.id in done:
                    draw_check(surface, (x + mark_w - L.gap, b.rect.centery), L.font_body)
                continue
            tag_w = 0
            if lesson.id in done:
                mark = draw_check(surface, (p.right - pad, b.rect.centery), L.font_body)
                tag = draw_text(surface, tr("learn.done"), L.font_small,
                                (mark.left - L.gap // 2, b.rect.centery), theme.GOOD,
                                "midright", bold=True)
                tag_w = p.right - pad - tag.left + L.gap
            # the summary on two lines where one is too short for it
            fit = max(1, min(2, (b.rect.height + L.gap // 2) // line_h))
            lines = wrap_lines(text_in(lesson.summary, lang), L.font_small, width - tag_w, fit)
            y = b.rect.centery - len(lines) * line_h / 2
            for line in lines:
                draw_text(surface, line, L.font_small, (x, round(y)), theme.TEXT_DIM)
                y += line_h
        if beside and self.focus < len(self.rows):
            # beside the chosen lesson (as far up as it needs to fit above Back)
            b, lesson = self.rows[self.focus]
            x = b.rect.right + L.gap * 2 + mark_w
            top = self.rows[0][0].rect.top
            bottom = self.buttons[-1].rect.top - L.gap
            said: list[Label] = [tr("learn.done")] if lesson.id in done else []
            said += wrap_lines(text_in(lesson.summary, lang), L.font_small,
                               p.right - pad - x, max(1, (bottom - top) // line_h - len(said)))
            y = max(top, min(b.rect.top, bottom - len(said) * line_h))
            for k, line in enumerate(said):
                done_tag = k == 0 and lesson.id in done
                draw_text(surface, line, L.font_small, (x, y),
                          theme.GOOD if done_tag else theme.TEXT, bold=done_tag)
                y += line_h
        if self.problems:
            self.draw_problems(surface, self.problems)
        self.buttons[-1].selected = self.focus == len(self.rows)
        self.buttons[-1].draw(surface)

    def summaries_beside(self) -> bool:
        """Whether the summaries are too long for their rows (large text): then only the
        chosen lesson's summary is shown, whole, beside the list."""
        L = self.layout
        p = self.panel
        line_h = line_height(L.font_small)
        # the width draw() gives a summary: beside the done mark and its word, if done
        done_w = round(L.font_body * 1.1) + L.gap // 2 + L.gap + \
            text_width(self.tr("learn.done"), L.font_small, True)
        done = set(self.settings.lessons_done)
        lang = self.settings.language
        for b, lesson in self.rows:
            fit = max(1, min(2, (b.rect.height + L.gap // 2) // line_h))
            width = p.right - 2 * L.gap - b.rect.right - 2 * L.gap - \
                (done_w if lesson.id in done else 0)
            if len(wrap(text_in(lesson.summary, lang), L.font_small, width)) > fit:
                return True
        return False

    def draw_problems(self, surface: pygame.Surface, problems: list[LessonProblem]) -> None:
        """A line naming the lesson files that could not be used."""
        L = self.layout
        p = self.panel
        first = problems[0]
        text = self.tr("learn.damaged", n=len(problems), file=first.file, reason=first.reason)
        text = ellipsize(text, L.font_small, p.width - 4 * L.gap)
        draw_text(surface, text, L.font_small,
                  (p.centerx, self.buttons[-1].rect.top - L.gap), theme.BAD,
                  "midbottom")


def draw_check(surface: pygame.Surface, midright: tuple[int, int], size: int) -> pygame.Rect:
    """A check mark ``size`` pixels high, drawn as lines (no font needs the sign)."""
    x, y = midright
    h = size
    rect = pygame.Rect(x - round(h * 1.1), y - h // 2, round(h * 1.1), h)
    w = max(2, round(h / 6))
    points = [(rect.left + h * 0.1, rect.top + h * 0.55), (rect.left + h * 0.42, rect.bottom - w),
              (rect.right - w / 2, rect.top + w)]
    pygame.draw.lines(surface, theme.GOOD, False, points, w)
    for px, py in points:  # round joints and ends
        pygame.draw.circle(surface, theme.GOOD, (round(px), round(py)), max(1, w // 2))
    return rect


# ---------------------------------------------------------------- one lesson


@dataclass(frozen=True)
class Page:
    """One panel's worth of a lesson's text: its heading, its lines, its colour."""

    title: str
    lines: tuple[str, ...]
    color: Color


@dataclass(frozen=True)
class Plan:
    """The lesson's panels as the window holds them now: the left panel's place and its
    pages (more than one where a text is longer than the room: large text, a small
    window), the verdict at the right (``None``: none, or it is the left's first
    page), the one text size of both, and the prompt over the action bar (``""``: none
    there)."""

    left: pygame.Rect
    pages: tuple[Page, ...]
    right: pygame.Rect
    verdict: Page | None
    size: int
    prompt: str


#: the signs that end a sentence (a colon too: what follows it is read as new), and
#: those after which a sentence may pause
_SENTENCE_END = ".!?:"
_PAUSE = ",;\u2013\u2014"
_CLOSING = "\"')\u201c\u201d\u2019\u00bb\u00ab"


def _break_rank(word: str, para_end: bool) -> int:
    """How well a page ends after ``word``: 0 at a
    paragraph's end, 1 at a sentence's, 2 at a pause in one, 3 anywhere else."""
    if para_end:
        return 0
    bare = word.rstrip(_CLOSING)
    if bare and bare[-1] in _SENTENCE_END:
        return 1
    if bare and bare[-1] in _PAUSE:  # (a dash after a space is a word of its own)
        return 2
    return 3


@functools.lru_cache(maxsize=256)
def page_breaks(body: str, size: int, width: int, room: int) -> tuple[tuple[str, ...], ...]:
    """``body`` wrapped at ``size`` into pages of at most ``room`` lines ``width`` wide
    (each starts on a new line, with words, not the gap before a prompt), each ended
    where a reader expects it: at a paragraph's or a sentence's end where one leaves the
    page at least half full, only else within a sentence (after a comma or a dash where
    it can); as few pages as that allows, as even as the room allows."""
    words: list[tuple[str, bool]] = []  # each word, and whether its paragraph ends there
    for para in body.split("\n"):
        parts = para.split(" ")
        words += [(w, i == len(parts) - 1) for i, w in enumerate(parts)]
    n = len(words)

    def text(a: int, b: int) -> str:
        return "".join(w + ("\n" if end else " ") for w, end in words[a:b]).strip("\n ")

    def lines(a: int, b: int) -> int:
        return len(wrap(text(a, b), size, width))

    def start(a: int) -> int:  # a page starts with words (a blank line is left out)
        while a < n and not words[a][0]:
            a += 1
        return a

    def furthest(a: int) -> int:  # the most that fits on a page from ``a`` (a word at least)
        b = a + 1
        while b < n and lines(a, b + 1) <= room:
            b += 1
        return b

    def ends(a: int) -> list[int]:
        """Where the page from ``a`` may end: at a paragraph's or sentence's end that
        leaves it half full, else anywhere it holds."""
        fit = range(a + 1, furthest(a) + 1)
        if fit[-1] == n:
            return [n]
        good = [b for b in fit if _break_rank(*words[b - 1]) <= 1 and 2 * lines(a, b) >= room]
        return good or list(fit)

    @functools.cache
    def fewest(a: int) -> int:  # the pages the text from ``a`` needs at the least so
        return 0 if a >= n else 1 + min(fewest(start(b)) for b in ends(a))

    a = start(0)
    out: list[tuple[str, ...]] = []
    while a < n:
        left = fewest(a)
        target = -(-lines(a, n) // left)  # as even as the room allows

        def merit(b: int, a: int = a, target: int = target) -> tuple[int, int, int]:
            used = lines(a, b)
            rank = _break_rank(*words[b - 1]) if 2 * used >= room else 4
            return rank, abs(used - target), -b

        b = min((b for b in ends(a) if fewest(start(b)) == left - 1), key=merit)
        out.append(tuple(wrap(text(a, b), size, width)))
        a = start(b)
    return tuple(out) or ((),)


def lesson_session(services: Services, lesson: Lesson, run: LessonRun) -> Session:
    """A one-deal table for the lesson: the learner at the bottom, the deal prepared."""
    you = lesson.you
    # the dealer sits at Rearhand: deal seats rotate so that the learner's seat is his
    series = Series(("you", "left", "right"), deals=3, seed=f"lesson-{lesson.id}",
                    first_dealer=(2 - you) % 3)
    series.current = run.deal
    names = [services.tr("table.you"), "", ""]
    seats = series.seat_players(0)
    for seat, player in enumerate(seats):
        if player != 0:
            names[player] = lesson.names[seat] or f"{player}"
    return Session(series, names, [None, LESSON_LEVEL, LESSON_LEVEL], deal_limit=1,
                   list_id=f"lesson-{lesson.id}")


class LessonScene(Scene):
    """One lesson at the table. Enter continues a step that only talks; Esc leaves."""

    name = "lesson"

    def __init__(self, services: Services, lesson: Lesson,
                 lessons: list[Lesson] | None = None) -> None:
        """``lessons``: the list the lesson belongs to (read from the files when not given;
        the lessons menu passes the list it has read)."""
        self.lesson = lesson
        self.run = LessonRun(lesson)
        self.session = lesson_session(services, lesson, self.run)
        # the lesson's moves are its script's: the table only shows them (nothing thinks)
        self.local = LocalTable(self.session, services.workers)
        self.board = Board(services, self.local, resume=True)
        self.lessons = load_lessons()[0] if lessons is None else lessons
        ids = [x.id for x in self.lessons]
        number = ids.index(lesson.id) + 1 if lesson.id in ids else 0
        title = text_in(lesson.title, services.settings.language)
        # the header names the lesson (not "Deal 1 of 1"); the plates give the seats only
        self.board.header = (lambda tr: tr("learn.header", n=number, total=len(ids),
                                          title=text_in(lesson.title, self.lang))) \
            if number else (lambda tr: title)
        self.board.show_levels = False
        #: the verdict on the learner's last move: its text (None: plain praise) and
        #: whether it was right
        self.feedback: tuple[Text | None, bool] | None = None
        self.chosen: list[int] = []  # the cards picked to put away
        #: the highlighted answer of a question (step index, choice): Enter gives it
        self.choice_focus = (-1, 0)
        self.wait = 0.0
        self.pressed: int | None = None
        self._key: object = None
        self.shown: list[pygame.Rect] = []
        self.cut = False
        #: a trick just completed, kept on the table until the learner goes on (the
        #: lesson's text may talk about it)
        self.held: list[SeatEvent] = []
        self.text_size = 0
        #: the page of the left panel shown (a text longer than its room is read in
        #: pages; Enter or *Read on* turns them) and what it belongs to
        self.page = 0
        self._page_of: object = None
        self._plan: Plan | None = None  # this frame's (see plan())
        self._verdicts = 0  # the learner's moves so far (a verdict each)
        #: the panels' rooms kept for a step and verdict (see kept_rooms)
        self._rooms: tuple[object, pygame.Rect, pygame.Rect] | None = None
        self.actions: list[widgets.Button] = []
        self._sizes: tuple[object, int] | None = None  # (window and language, text size)
        #: a moment after the last page of a text comes, before a key answers what it
        #: asks (reading on with Enter, a playtester took the question's first answer)
        self.answer_gate = InputGate(PANEL_GRACE)
        self.answer_gate.update(PANEL_GRACE)
        super().__init__(services)

    # ------------------------------------------------------------ layout

    @property
    def lang(self) -> str:
        return self.settings.language

    def panels(self, clear: bool = True) -> tuple[pygame.Rect, pygame.Rect]:
        """The lesson's text (left of the trick) and the verdict (right of it): below the
        opponents' won tricks and the skat laid beside them, above the action bar; with
        large text (``clear``) the verdict above the learner's won tricks (and the skat he
        laid away)."""
        L = self.layout
        cx, _cy = L.centre
        half = self.centre_half()
        piles = max(L.pile_slot(pos)[1] + L.pile_w / 2 for pos in (LEFT, RIGHT))
        top = round(piles + L.gap)
        bottom = L.action_bar().top - L.gap
        # (with large text never over the buttons: a panel too low rises, see room_for)
        h = max(1 if L.scale > 1 else L.font_body * 3, bottom - top)
        left = pygame.Rect(L.margin, top, cx - half - L.margin, h)
        right = pygame.Rect(cx + half, top, L.width - L.margin - cx - half, h)
        if clear and L.scale > 1:
            pile = self.own_pile()
            if pile is not None and pile.right > right.left and pile.left < right.right:
                right.height = max(1, min(right.bottom, pile.top - L.gap) - right.top)
        return left, right

    def bubble_rects(self) -> list[pygame.Rect]:
        """Where the speech bubbles shown stand (as the table draws them: the learner's
        over his portrait where it would cover it)."""
        board = self.board
        L = self.layout
        out = []
        for seat, (speech, _until) in board.bubbles.items():
            pos = board.pos_of(seat)
            (ax, ay), side = L.bubble_anchor(pos)
            surf, tip = widgets.bubble(board.bubble_label(speech), L.font_body, side,
                                       self.settings.deck_style)
            body = surf.get_rect(topleft=(ax - tip[0], ay - tip[1]))
            face = board.painter.bottom_face_rect()
            if pos == BOTTOM and body.colliderect(face):
                body = surf.get_rect(topleft=(face.centerx - tip[0],
                                              face.top - L.gap // 2 - tip[1]))
            out.append(body)
        return out

    def own_pile(self) -> pygame.Rect | None:
        """The learner's won tricks and their caption, if any lie there."""
        board = self.board
        L = self.layout
        x, y, _a = L.pile_slot(BOTTOM)
        pile = pygame.Rect(0, 0, L.pile_h + L.gap, L.pile_w + L.gap)
        pile.center = (round(x), round(y))
        shown = board.shown
        if shown.aside and shown.declarer is not None and board.pos_of(shown.declarer) == BOTTOM:
            x, y, _a = L.aside_slot(BOTTOM)
            skat = pygame.Rect(0, 0, L.pile_h + L.gap, L.pile_w + L.gap)
            skat.center = (round(x), round(y))
            pile = pile.union(skat)
        elif not any(cards and board.pos_of(seat) == BOTTOM
                     for seat, cards in enumerate(shown.piles)):
            return None
        near = [p for _w, _t, p in board.painter.pile_captions() if p.colliderect(
            pile.inflate(L.pile_h, L.pile_w))]
        return pile.unionall(near) if near else pile

    def clear_of_bubbles(self, rect: pygame.Rect) -> pygame.Rect:
        """``rect`` clear of the speech bubbles shown (large text): for each in its way
        the largest of the parts above, below and beside it."""
        gap = self.layout.gap
        for bubble in self.bubble_rects():
            if not bubble.colliderect(rect):
                continue
            top, bottom = bubble.top - gap, bubble.bottom + gap
            left, right = bubble.left - gap, bubble.right + gap
            parts = [pygame.Rect(rect.x, rect.y, rect.width, max(0, top - rect.y)),
                     pygame.Rect(rect.x, bottom, rect.width, max(0, rect.bottom - bottom)),
                     pygame.Rect(rect.x, rect.y, max(0, left - rect.x), rect.height),
                     pygame.Rect(right, rect.y, max(0, rect.right - right), rect.height)]
            rect = max(parts, key=lambda r: r.width * r.height)
        return rect

    def closing_panel(self) -> pygame.Rect | None:
        """After the lesson, where its closing words do not fit the left panel (large
        text): the middle of the table (its last trick is gone), above the buttons, which
        then keep the whole bar."""
        if not self.run.finished or self.fits(self.panels()[0], self.step_text()[1]):
            return None
        L = self.layout
        bar = L.action_bar()
        top = L.info_rect().bottom + L.gap
        return pygame.Rect(bar.x, top, bar.width, bar.top - L.gap - top)

    def centre_half(self) -> int:
        """Half the width of the middle column (the trick, the skat, the prompt)."""
        L = self.layout
        return round(L.table_w * 1.3) + L.gap

    def relayout(self) -> None:
        self._plan = None
        self.board.relayout()
        L = self.layout
        tr = self.tr
        self.tools = toolbar(L, [(tr("learn.lessons"), self.back_to_list, "Esc", "leave"),
                                 (tr("learn.again"), self.restart, tr("key.learn.again"), "again")])
        self._key = None
        self.refresh_actions()

    def actions_key(self) -> object:
        run = self.run
        return (run.index, run.awaiting_move, run.awaiting_continue, run.finished,
                len(self.chosen), self.board.busy, self.layout.width, self.layout.height,
                self.lang, self.focused_choice(), self.page, self.pages())

    def refresh_actions(self) -> None:
        key = self.actions_key()
        if key == self._key:
            return
        self._key = key
        self.actions = self.make_actions()
        L = self.layout
        area = L.action_bar()
        left = self.panels()[0]
        if self.closing_panel() is None and self.room_for(left, self.step_text()[1])[1]:
            # a small window: the text panel reaches down beside the bar, the buttons
            # keep to the right of it
            area = pygame.Rect(left.right + L.gap, area.y, area.right - left.right - L.gap,
                               area.height)
        least = round(L.button_h * 2.4)
        widgets.row_of_buttons(self.actions, area, L.button_h, L.gap, least,
                               widths=self.button_widths(area, least))
        self.buttons = [*self.actions, *self.tools]

    def button_widths(self, area: pygame.Rect, least: int) -> list[int]:
        """The widths of the action buttons in ``area``: a label with a suit's sign
        (a suit game) cannot shrink its type, so where the row is short of room the words
        give way alone (large text: it ran into its key and its neighbour)."""
        L = self.layout
        actions = self.actions
        widths = [widgets.button_width(b, least) for b in actions]
        room = area.width - L.gap * (len(actions) - 1)
        words = [i for i, b in enumerate(actions) if isinstance(b.label, str)]
        signs = sum(w for i, w in enumerate(widths) if i not in words)
        if sum(widths) <= room or not words or signs >= room:
            return widths
        fitted = widgets.give_way([widths[i] for i in words],
                                  [widgets.least_width(actions[i], L.button_h) for i in words],
                                  room - signs)
        for i, w in zip(words, fitted, strict=True):
            widths[i] = w
        return widths

    def button_for(self, label: Label, action: object, key: str = "",
                   primary: bool = False, name: str = "",
                   enabled: bool = True) -> widgets.Button:
        return widgets.Button(label, action, key_hint=key, primary=primary,  # type: ignore
                              font_size=self.layout.font_body, name=name, enabled=enabled,
                              style=self.settings.deck_style)

    def make_actions(self) -> list[widgets.Button]:
        run = self.run
        tr = self.tr
        if self.board.busy:
            return []
        if self.more_to_read():  # the text first, page by page; then the step's buttons
            return [self.button_for(tr("learn.more"), self.next_page, "Enter", primary=True,
                                    name="more")]
        if run.finished:
            # back to the list, where the next lesson is marked; or straight on to it
            out = [self.button_for(tr("learn.to_list"), self.back_to_list, "Enter",
                                   primary=True, name="back")]
            if self.next_lesson() is not None:
                out.append(self.button_for(tr("learn.next"), self.start_next, tr("key.learn.next"),
                                           name="next"))
            return out
        if run.awaiting_continue:
            return [self.button_for(tr("learn.continue"), self.proceed, "Enter", primary=True,
                                    name="continue")]
        step = run.step
        if not run.awaiting_move or step is None:
            return []
        if isinstance(step.expect, Discard):
            return [self.button_for(tr("skat.put_away"), self.put_away, "Enter", primary=True,
                                    name="discard", enabled=len(self.chosen) == 2)]
        s = self.settings
        out = []
        focus = self.focused_choice()
        for i, a in enumerate(step.choices):
            b = self.button_for(action_label(a, s.deck_style, s.german_letters, tr),
                                lambda a=a: self.attempt(a), str(i + 1),
                                name=f"choice-{a.text}")
            b.selected = i == focus  # highlighted from the start: Enter answers with it
            out.append(b)
        return out

    def focused_choice(self) -> int:
        """The highlighted answer of the question now asked (the first to begin with)."""
        index, choice = self.choice_focus
        return choice if index == self.run.index else 0

    def move_choice(self, step: int) -> None:
        """Highlight the next (1) or previous (-1) answer of the question."""
        question = self.run.step
        if question is None or not question.choices:
            return
        n = len(question.choices)
        self.choice_focus = (self.run.index, (self.focused_choice() + step) % n)

    # ------------------------------------------------------------ moves

    def attempt(self, action: Action) -> None:
        """The learner's move: the lesson says whether it was the right one."""
        if self.board.busy or not self.run.awaiting_move:
            return
        verdict = self.run.attempt(action)
        self.feedback = (verdict.message, verdict.right)
        self._page_of = None  # the verdict is read from its first page
        self._verdicts += 1
        self._plan = None
        if verdict.right:
            self.chosen = []
            self.board.focus = None  # the card goes: no frame follows it to the trick
            self.board.lifted = set()
            self.board.dimmed = set()
            self._feed(verdict.events)
            self.services.sound.play("card")
            self.wait = 0.0
        else:
            if isinstance(action, Play):
                self.board.shake(action.card)
            self.chosen = []
            self.services.sound.play("click")

    def _feed(self, events: list[Event]) -> None:
        """Present ``events`` after a trick kept back; a trick completed where the learner
        is to act next stays on the table until he does."""
        new = seat_events(self.run.deal, events, self.local.viewer)
        out = [*self.held, *new]
        self.held = []
        if events and isinstance(events[-1], TrickWon) and not self.run.pending:
            self.held = out[-2:]  # the trick and where the deal then stands
            del out[-2:]
        self.board.feed(out)

    def proceed(self) -> None:
        self._plan = None
        if not self.board.busy and self.run.awaiting_continue:
            self.feedback = None
            self.board.feed(self.held)  # the trick talked about is gathered now
            self.held = []
            self.run.proceed()
            if self.run.finished:
                self.mark_done()

    def put_away(self) -> None:
        if len(self.chosen) == 2:
            self.attempt(Discard.of(self.chosen[0], self.chosen[1]))

    def click_card(self, card: int) -> None:
        step = self.run.step
        if step is None or not self.run.awaiting_move or self.more_to_read():
            return
        if isinstance(step.expect, Discard):
            if card in self.chosen:
                self.chosen.remove(card)
            elif len(self.chosen) < 2:
                self.chosen.append(card)
            return
        if isinstance(step.expect, Play):
            self.attempt(Play(card))

    def mark_done(self) -> None:
        s = self.settings
        if self.lesson.id not in s.lessons_done:
            done = (*s.lessons_done, self.lesson.id)
            self.services.change_settings(replace(s, lessons_done=done))

    def next_lesson(self) -> Lesson | None:
        """The lesson after this one in the list (``None``: this is the last)."""
        ids = [x.id for x in self.lessons]
        if self.lesson.id in ids and ids.index(self.lesson.id) + 1 < len(ids):
            return self.lessons[ids.index(self.lesson.id) + 1]
        return None

    def start_next(self) -> None:
        nxt = self.next_lesson()
        if nxt is not None:
            self.nav.replace("lesson", lesson=nxt, lessons=self.lessons)

    def restart(self) -> None:
        self.nav.replace("lesson", lesson=self.lesson, lessons=self.lessons)

    def back_to_list(self) -> None:
        """Back to the list of lessons: after a finished lesson the next one is marked,
        else this one."""
        nxt = self.next_lesson() if self.run.finished else None
        self.nav.pop()
        top = self.nav.top
        if isinstance(top, LearnScene):
            top.focus_on((nxt or self.lesson).id)

    # ------------------------------------------------------------ loop

    def handle_event(self, event: pygame.event.Event) -> None:
        t = event.type
        if t == pygame.MOUSEMOTION:
            widgets.handle_buttons(self.buttons, event)
            self.board.hover = self.board.hand_card_at(event.pos) if self.run.awaiting_move \
                else None
            return
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if widgets.handle_buttons(self.tools, event):
                return
            if self.board.busy:
                if t == pygame.MOUSEBUTTONDOWN and event.button == 1:
                    self.board.skip()
                return
            if widgets.handle_buttons(self.actions, event):
                return
            if event.button != 1:
                return
            if t == pygame.MOUSEBUTTONDOWN:
                self.pressed = self.board.hand_card_at(event.pos)
            else:
                card = self.board.hand_card_at(event.pos)
                if card is not None and card == self.pressed:
                    self.click_card(card)
                self.pressed = None
            return
        if t == pygame.KEYUP:
            self.answer_gate.admits(event)  # (a key let go: its next press is no repeat)
        if t != pygame.KEYDOWN:
            return
        key = event.key
        if key == pygame.K_ESCAPE:
            self.back_to_list()
        elif widgets.is_key(event, self.tr("key.learn.again")):
            self.restart()
        elif widgets.is_key(event, self.tr("key.learn.next")) and self.run.finished and \
                self.next_lesson() is not None:
            self.start_next()
        elif self.board.busy and key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.board.skip()
        elif self.more_to_read():  # a text read in pages: the keys turn them, no more
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.next_page()
        elif self.card_key(event):
            pass
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.run.finished:
                self.back_to_list()
            elif self.run.awaiting_continue:
                self.proceed()
            elif self.chosen:
                self.put_away()
            elif key != pygame.K_SPACE and self.answer_gate.admits(event):
                widgets.press_by_key(self.actions, event)  # a question: the highlighted answer
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB) \
                and self.run.awaiting_move and self.run.step is not None \
                and self.run.step.choices:
            back = key in (pygame.K_LEFT, pygame.K_UP) or \
                (key == pygame.K_TAB and bool(event.mod & pygame.KMOD_SHIFT))
            self.move_choice(-1 if back else 1)
        else:
            widgets.press_by_key(self.actions, event)

    def card_key(self, event: pygame.event.Event) -> bool:
        """A key over the hand at a step that asks for cards, as at the table: the arrows
        (and Tab) move the focus over the cards that may go, a number key picks a card by
        its place; Enter, Space or Up plays the card (at a step that asks for two cards to
        put away: Space or Up picks one, Enter picks one until two are picked, then puts
        them away). Whether the key was one of these."""
        step = self.run.step
        board = self.board
        if step is None or not self.run.awaiting_move or board.busy or \
                not isinstance(step.expect, Play | Discard):
            return False
        hand = board.human_hand()
        key = event.key
        discard = isinstance(step.expect, Discard)
        legal = [] if discard else self.playable()
        move = handkeys.ARROWS.get(key)
        if key == pygame.K_TAB:
            move = -1 if event.mod & pygame.KMOD_SHIFT else 1
        place = handkeys.number_place(key)
        if move is not None:
            self.focus_card(handkeys.step_card(hand, legal, board.focus, move))
        elif place is not None:
            if place < len(hand):
                self.focus_card(hand[place])
        elif key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP):
            return False
        elif not discard:
            if board.focus is None and len(legal) == 1:
                board.focus = legal[0]
            if board.focus in hand:
                self.click_card(board.focus)
            else:
                board.toast.show(self.tr("play.pick_first"), 1.8)
        elif key not in (pygame.K_RETURN, pygame.K_KP_ENTER):  # Space, Up: pick or put back
            if board.focus in hand:
                self.click_card(board.focus)
        elif len(self.chosen) == 2:
            self.put_away()
        elif board.focus in hand and board.focus not in self.chosen:
            self.click_card(board.focus)
        else:
            board.toast.show(self.tr("play.pick_first"), 1.8)
        return True

    def playable(self) -> list[int]:
        """The cards the rules let the learner play now (none outside card play)."""
        if self.run.deal.phase is not Phase.PLAY:
            return []
        return [a.card for a in self.run.deal.legal_actions() if isinstance(a, Play)]

    def focus_card(self, card: int | None) -> None:
        """The keys' focus on ``card`` (a gold frame), said where the table speaks."""
        self.board.focus = card
        speaker = self.services.speaker
        if card is not None and speaker.on:
            step = self.run.step
            ok = step is not None and isinstance(step.expect, Discard) or \
                card in self.playable()
            speaker.focus(handkeys.card_focus_words(card, ok, self.settings.deck_style,
                                                    self.tr))

    def update(self, dt: float) -> None:
        self._plan = None  # measured afresh each frame
        board = self.board
        board.update(dt)
        board.warm(0.004)
        self.answer_gate.update(dt)
        run = self.run
        if not board.busy and run.pending:
            self.wait += dt
            if self.wait >= SCRIPT_PAUSE * self.services.speed:
                self.wait = 0.0
                self._feed(run.next_scripted())
                if run.finished:
                    self.mark_done()
        self._mark_cards()
        self.refresh_actions()

    def _mark_cards(self) -> None:
        """Raise the cards that may be played (or the ones picked to put away)."""
        board = self.board
        step = self.run.step
        if board.busy or step is None or not self.run.awaiting_move or self.more_to_read():
            board.lifted, board.dimmed = set(), set()
            return
        hand = board.human_hand()
        if board.focus is not None and board.focus not in hand:
            board.focus = None  # played (or put away): the keys start afresh
        if isinstance(step.expect, Discard):
            board.lifted = set(self.chosen)
            board.dimmed = set()
        elif isinstance(step.expect, Play) and self.run.deal.phase is Phase.PLAY:
            legal = set(self.playable())
            board.lifted = legal
            board.dimmed = {c for c in hand if c not in legal}

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.services.window.felt(), (0, 0))
        self._plan = None
        plan = self.plan()
        # the closing words over the middle: a pile's caption under them is left out
        # (with the owner's name the skat's caption by the left pile reaches in there);
        # the panel risen over the table (large text): the table's message under it too
        # (the lesson's text says what happened; it would peek out half covered)
        self.board.covered = self.closing_panel()
        if self.board.covered is None and plan.left.top < self.panels()[0].top:
            self.board.covered = plan.left
        try:
            self.board.draw(surface, True)
        finally:
            self.board.covered = None
        L = self.layout
        self.shown = []  # the panels and the prompt as drawn (for tests)
        self.boxes: list[pygame.Rect] = []  # the text panels alone (for tests)
        self.cut = False  # a text too long for its panel (for tests)
        self.text_size = plan.size  # (for tests)
        page = plan.pages[min(self.page, len(plan.pages) - 1)]
        self.draw_panel(surface, plan.left, page.title, "\n".join(page.lines), page.color,
                        plan.size, page.lines)
        if plan.verdict is not None:
            self.draw_panel(surface, plan.right, plan.verdict.title,
                            "\n".join(plan.verdict.lines), plan.verdict.color, plan.size,
                            plan.verdict.lines)
        if plan.prompt:
            # a card to click: the prompt stands where buttons would be, clear of the panels
            self.shown.append(draw_text(surface, plan.prompt, L.font_body,
                                        L.action_bar().center, theme.TEXT, "center",
                                        bold=True))
        for b in self.tools:
            b.draw(surface)
        if not self.board.busy:
            for b in self.actions:
                b.draw(surface)

    def plan(self) -> Plan:
        """Where the lesson's texts go now, in which size, and in how many pages."""
        if self._plan is None:
            self._plan = self._planned()
        return self._plan

    def _planned(self) -> Plan:
        L = self.layout
        run = self.run
        step = run.step
        left, right = self.panels()
        title, body = self.step_text()
        prompt = self.prompt() if not self.board.busy else ""
        # the bar is free for the prompt where the step asks for a card (no buttons)
        bar_free = not (run.finished or run.awaiting_continue or (
            run.awaiting_move and step is not None and not isinstance(step.expect, Play)))
        large = L.scale > 1
        closing = self.closing_panel()
        if closing is not None:
            left = closing
        elif large or not self.fits(left, body):
            # large text, a small window: the panel rises over the hidden hand above it
            # (read in pages where even that is not room); at normal size it reaches down
            # beside the hand (clear of the buttons), and the prompt moves into the panel
            # (large text: the room measured with the prompt it reads at the end)
            read = f"{body}\n\n{prompt}" if large and prompt and body and not (
                bar_free and text_width(prompt, L.font_body, True)
                <= L.action_bar().width) else body
            left, down = self.room_for(left, read, self.lesson_size(), wide=True)
            bar_free = bar_free and not down
        if prompt and bar_free and \
                text_width(prompt, L.font_body, True) > L.action_bar().width:
            bar_free = False  # a prompt too long for the bar (large text): in the panel
        if prompt and not bar_free:
            asked = f"{body}\n\n{prompt}" if body else prompt
            if large or self.fits(left, asked) or not body:  # the lesson's text comes first
                body = asked
        said = head = ""
        right_move = False
        if self.feedback is not None and not run.finished:
            text, right_move = self.feedback
            head = self.tr("learn.right") if right_move else self.tr("learn.not_quite")
            said = self.text(text) if text else self.tr("learn.well_done")
            if large or not self.fits(right, said):
                right = self.room_for(right, said, self.lesson_size())[0]
        if large and closing is None:
            left, right = self.kept_rooms(left, right)
        # both panels in one text size: the smaller one if either needs it, and the
        # same at every step of the lesson
        size = min(self._text_fit(left, body)[0],
                   self._text_fit(right, said)[0] if said else L.font_body,
                   self.lesson_size())
        if not large:  # (large text keeps its size: a long text is read in pages)
            for room, words in ((left, body), (right, said)):  # a step that needs it: smaller
                if words and self._text_fit(room, words, size)[2] > room.height:
                    size = min(size, self._text_fit(room, words, size, last_resort=True)[0])
        pages: list[Page] = []
        verdict = None
        if said:
            color = theme.GOOD if right_move else theme.BAD
            if self._text_fit(right, said, size)[2] <= right.height:
                verdict = Page(head, tuple(self._text_fit(right, said, size)[1]), color)
            else:  # no room at the right: the verdict is read first, at the left
                pages += self.paged(left, head, said, color, size)
        pages += self.paged(left, title, body, theme.ACCENT, size)
        if closing is None and left.top < self.panels()[0].top:
            # risen over the table: on the room's floor, as tall as its longest page needs
            # (the opponent's cards above stay in sight where they can)
            need = max(L.font_body + 3 * L.gap + len(p.lines) * line_height(size)
                       for p in pages)
            if need < left.height:
                left = pygame.Rect(left.x, left.bottom - need, left.width, need)
        if verdict is not None and right.top < self.panels()[1].top:
            need = L.font_body + 3 * L.gap + len(verdict.lines) * line_height(size)
            if need < right.height:
                right = pygame.Rect(right.x, right.bottom - need, right.width, need)
        key = (run.index, run.finished, L.width, L.height, self.lang)
        if key != self._page_of:  # a new step (or verdict, or window): from the start
            self._page_of = key
            self.page = 0
        self.page = min(self.page, len(pages) - 1)
        if self.page < len(pages) - 1:
            prompt = ""  # the prompt with the last page
        return Plan(left, tuple(pages), right, verdict, size,
                    prompt if prompt and bar_free else "")

    def kept_rooms(self, left: pygame.Rect,
                   right: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """The panels' rooms as first found for this step and verdict (once the table is
        still): a bubble that goes does not move the text while it is read in pages; one
        that comes into the room does."""
        run = self.run
        L = self.layout
        key = (run.index, run.finished, L.width, L.height, self.lang, self._verdicts)
        if self._rooms is not None and self._rooms[0] == key:
            _key, kept_left, kept_right = self._rooms
            bubbles = self.bubble_rects()
            if kept_left.collidelist(bubbles) < 0 and kept_right.collidelist(bubbles) < 0:
                return kept_left, kept_right
        if not self.board.busy and not run.pending:
            self._rooms = (key, left, right)
        return left, right

    def paged(self, rect: pygame.Rect, title: str, body: str, color: Color,
              size: int) -> list[Page]:
        """``body`` wrapped at ``size`` into the pages ``rect`` holds (one where it fits,
        broken where a reader expects: :func:`page_breaks`); each page's heading says
        which it is where there are more."""
        L = self.layout
        pad = L.gap
        room = max(1, (rect.height - L.font_body - L.gap - 2 * pad) // line_height(size))
        parts = page_breaks(body, size, rect.width - 2 * pad, room)
        if len(parts) == 1:
            return [Page(title, tuple(parts[0]), color)]
        out = []
        for n, part in enumerate(parts, 1):
            head = self.tr("learn.page", title=title, n=n, total=len(parts))
            if text_width(head, L.font_body, True) > rect.width - 2 * pad:
                head = title  # (the Read on button says there is more)
            out.append(Page(head, part, color))
        return out

    def pages(self) -> int:
        """How many pages the left panel's text has now (1: it is whole)."""
        return len(self.plan().pages)

    def more_to_read(self) -> bool:
        """Whether the left panel has a page after the one shown (then the step waits
        for it to be read: Enter or *Read on*)."""
        return not self.board.busy and self.page < self.pages() - 1

    def next_page(self) -> None:
        """The left panel's next page."""
        if self.more_to_read():
            self.page += 1
            self._plan = None
            self._key = None
            if not self.more_to_read():
                self.answer_gate.close()

    def lesson_size(self) -> int:
        """One text size for the lesson's panels at this window size: the body role if
        every step's text and verdict fits its panel in it, else the smaller one."""
        L = self.layout
        key = (L.width, L.height, self.lang)
        if self._sizes is not None and self._sizes[0] == key:
            return self._sizes[1]
        lang = self.lang
        left, right = self.panels(clear=False)
        texts: list[tuple[pygame.Rect, str]] = [
            (left, self.tr("learn.complete_body", title=text_in(self.lesson.title, lang)))]
        for step in self.lesson.steps:
            texts.append((left, self.text(step.text)))
            said = [step.right, *step.wrong.values()] if step.expect is not None else []
            texts += [(right, self.text(t)) for t in said if t]
        size = L.font_body
        for rect, text in texts:
            room, down = self.room_for(rect, text, wide=rect == left)
            size = min(size, self._text_fit(room, text, last_resort=down)[0])
        self._sizes = (key, size)
        return size

    def step_text(self) -> tuple[str, str]:
        """The heading and the text of the lesson's panel at this step."""
        lang = self.lang
        step = self.run.step
        if self.run.finished:
            return (self.tr("learn.complete"),
                    self.tr("learn.complete_body", title=text_in(self.lesson.title, lang)))
        title = self.tr("learn.step", title=text_in(self.lesson.title, lang),
                        n=self.run.index + 1, total=len(self.lesson.steps))
        return title, self.text(step.text) if step is not None else ""

    def text(self, text: Text | None) -> str:
        """A lesson text in the player's language, each card and suit it names as the
        player's cards show them."""
        s = self.settings
        return suits_as_seen(cards_as_seen(text_in(text, self.lang), s.deck_style,
                                           s.german_letters), s.deck_style, self.lang)

    def prompt(self) -> str:
        """What the learner is to do now, in a few words."""
        step = self.run.step
        if not self.run.awaiting_move or step is None:
            return ""
        if isinstance(step.expect, Discard):
            return self.tr("learn.prompt_discard")
        if isinstance(step.expect, Play):
            return self.tr("learn.prompt_card")
        return self.tr("learn.prompt_choose")

    def fits(self, rect: pygame.Rect, body: str) -> bool:
        """Whether ``body`` fits into a panel ``rect`` in the smaller text role."""
        return self._text_fit(rect, body)[2] <= rect.height

    def room_for(self, rect: pygame.Rect, body: str, size: int | None = None,
                 wide: bool = False) -> tuple[pygame.Rect, bool]:
        """The panel for ``body`` at ``rect`` (at ``size``, no larger): ``rect`` where it
        fits; with large text else risen over the opponent's hidden hand above it in the
        play (``wide``: the left panel reaching over the middle too, clear of the trick),
        up to under his cards or over them before it, clear of the speech bubbles (the
        largest of these where it needs more: it is read in pages); at normal size else
        reaching down beside the hand (then True)."""
        if self.layout.scale <= 1:
            if self._text_fit(rect, body, size)[2] <= rect.height:
                return rect, False
            # (at normal size the text fits beside the hand, and every card stays in sight)
            return self.taller(rect), True
        here = self.clear_of_bubbles(rect)
        if self._text_fit(here, body, size)[2] <= here.height:
            return here, False
        if self.run.deal.phase is not Phase.PLAY:
            # under the opponent's cards, else over them (the skat in the middle stays in
            # sight; the bids' bubbles beside the cards too)
            ups = [self.under_cards(rect), self.raised(rect)]
        else:
            ups = ([self.raised(rect, True)] if wide else []) + [self.raised(rect)]
        if wide:  # where none holds it: wider, up to the cards in the middle (fewer pages)
            broad = self.toward_middle(rect)
            ups += [self.under_cards(broad), self.raised(broad)] \
                if self.run.deal.phase is not Phase.PLAY else [self.raised(broad)]
        if wide and self.feedback is None:
            # no verdict shown: its place at the right (beside the skat or the trick,
            # under the right opponent's cards) is free for the lesson's text too
            there = self.panels()[1]
            ups += [there, self.under_cards(there), self.raised(there)] \
                if self.run.deal.phase is not Phase.PLAY else [there, self.raised(there)]
        ups = [self.clear_of_bubbles(up) for up in ups]
        for up in ups:  # (the panel stands on its floor: see plan())
            if self._text_fit(up, body, size)[2] <= up.height:
                return up, False
        # the room that needs the fewest pages (the first, the usual one, where rooms
        # tie): the rest is read on the next pages
        L = self.layout
        fit = L.font_small if size is None else min(size, L.font_small)

        def pages(up: pygame.Rect) -> int:
            room = (up.height - L.font_body - 3 * L.gap) // line_height(fit)
            if room < 1 or up.width <= 2 * L.gap:
                return len(body) + 1  # (no room at all)
            return len(page_breaks(body, fit, up.width - 2 * L.gap, room))

        return min(ups, key=pages), False

    def toward_middle(self, rect: pygame.Rect) -> pygame.Rect:
        """The left panel's ``rect`` reaching right over the middle column as far as the
        cards lying there allow (the skat's places before the play, the trick's cards in
        it), at most up to the verdict's place."""
        L = self.layout
        board = self.board
        right = self.panels()[1].left - L.gap
        boxes = []
        if self.run.deal.phase is not Phase.PLAY:  # the skat, or the two put away
            for x, y, _a in L.skat_slots():
                box = pygame.Rect(0, 0, round(L.table_w * 1.1), round(L.table_h * 1.05))
                box.center = (round(x), round(y))
                boxes.append(box)
        for seat, _card in board.shown.trick_cards():
            x, y, _a = L.trick_slot(board.pos_of(seat))
            box = pygame.Rect(0, 0, round(L.table_w * 1.15), round(L.table_h * 1.1))
            box.center = (round(x), round(y))
            boxes.append(box)
        for box in boxes:
            if box.bottom > rect.top and box.top < rect.bottom:
                right = min(right, box.left - L.gap // 2)
        return pygame.Rect(rect.x, rect.y, max(rect.width, right - rect.x), rect.height)

    def under_cards(self, rect: pygame.Rect) -> pygame.Rect:
        """``rect`` reaching up to just under the opponents' hidden cards (before the
        play: no won tricks lie under them yet)."""
        L = self.layout
        slot = L.opponent_slots(LEFT, 1)[0]
        top = min(rect.top, round(slot[1] + L.small_h / 2 + L.gap))
        return pygame.Rect(rect.x, top, rect.width, rect.bottom - top)

    def raised(self, rect: pygame.Rect, wide: bool = False) -> pygame.Rect:
        """``rect`` reaching up to the plate of the opponent on its side and the header,
        over that opponent's hidden cards (which no lesson talks about), clear of the
        cards in the trick and of the won tricks' captions."""
        L = self.layout
        board = self.board
        above = [r for r in (L.plate_rect(LEFT), L.plate_rect(RIGHT), L.info_rect())
                 if r.right > rect.left and r.left < rect.right and r.bottom <= rect.top]
        ceiling = min(rect.top, max((r.bottom + L.gap for r in above), default=rect.top))
        left, right = rect.left, rect.right
        if wide:  # the left panel over the middle, up to the verdict's place
            rect = pygame.Rect(rect.x, rect.y, self.panels()[1].left - L.gap - rect.x,
                               rect.height)
            right = rect.right
        for _w, _t, pill in board.painter.pile_captions():
            # a caption on the way is covered whole (the panel a little wider)
            if pill.right > left and pill.left < right and pill.bottom > ceiling:
                left, right = min(left, pill.left - 1), max(right, pill.right + 1)
        for seat, _card in board.shown.trick_cards():
            x, y, _a = L.trick_slot(board.pos_of(seat))
            card = pygame.Rect(0, 0, round(L.table_w * 1.15), round(L.table_h * 1.1))
            card.center = (round(x), round(y))
            if card.bottom > ceiling and card.top < rect.bottom:
                if card.centerx > rect.centerx:
                    right = min(right, card.left - L.gap // 2)
                else:
                    left = max(left, card.right + L.gap // 2)
        return pygame.Rect(left, ceiling, max(0, right - left), rect.bottom - ceiling)

    def taller(self, rect: pygame.Rect) -> pygame.Rect:
        """``rect`` reaching down beside the hand (its raised cards, the human's won
        tricks and the buttons at the right stay clear), for a text that needs it."""
        L = self.layout
        bottom = L.hand_base_y - L.card_h / 2 - L.raise_by - L.gap // 2
        x, y, _ = L.pile_slot(BOTTOM)
        if rect.right > x - L.pile_h / 2:
            bottom = min(bottom, y - L.pile_w / 2 - L.gap // 2)
        for b in self.actions:
            if b.rect.right > rect.left and b.rect.left < rect.right:
                bottom = min(bottom, b.rect.top - L.gap // 2)
        return pygame.Rect(rect.x, rect.y, rect.width, max(rect.height, round(bottom - rect.y)))

    def _text_fit(self, rect: pygame.Rect, body: str, size: int | None = None,
                  last_resort: bool = False) -> tuple[int, list[str], int]:
        """The text size, its lines and the height a panel needs for ``body``: the body
        role when it fits, else the smaller one (``size``: that size, no larger); the
        caption size only as the ``last_resort`` (the small one does not fit the panel
        at its largest: large text in a small window) or where ``size`` asks for it."""
        L = self.layout
        pad = L.gap
        width = rect.width - 2 * pad
        last = last_resort or (size is not None and size < L.font_small)
        sizes = [x for x in (L.font_body, L.font_small, *([L.font_caption] if last else []))
                 if size is None or x <= size]
        fitted = L.font_small
        for fitted in sizes or [L.font_small]:
            lines = wrap(body, fitted, width)
            need = L.font_body + L.gap + len(lines) * line_height(fitted) + 2 * pad
            if need <= rect.height:
                break
        return fitted, lines, need

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, title: str, body: str,
                   color: Color, size: int | None = None,
                   lines: tuple[str, ...] | None = None) -> None:
        """A panel with a heading and wrapped text (``lines``: the text as wrapped already,
        at ``size``); the text grows the panel downwards only as far as it needs."""
        L = self.layout
        pad = L.gap
        style = self.settings.deck_style
        width = rect.width - 2 * pad
        if lines is None:
            size, wrapped, need = self._text_fit(rect, body, size)
        else:
            size = size or L.font_small
            wrapped = list(lines)
            need = L.font_body + L.gap + len(wrapped) * line_height(size) + 2 * pad
        line_h = line_height(size)
        box = pygame.Rect(rect.x, rect.y, rect.width, min(rect.height, need))
        self.shown.append(box)
        self.boxes.append(box)
        widgets.draw_panel(surface, box, theme.PANEL_SOLID, color, L.radius, 2)
        heading = ellipsize(title, L.font_body, width, True)
        draw_text(surface, heading, L.font_body, (box.x + pad, box.y + pad), color,
                  bold=True)
        y = box.y + pad + L.font_body + L.gap
        for line in wrapped:
            if y + line_h > box.bottom:
                self.cut = True
                note_cut(surface, f"{title}: {body} (lines under the panel's foot)")
                break
            draw_text(surface, split_suits(line), size, (box.x + pad, y),
                      theme.TEXT, style=style)
            y += line_h
