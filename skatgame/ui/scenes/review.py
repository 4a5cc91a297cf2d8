"""The review of a finished deal: an analysis board.

The deal is shown card by card with every hand and the skat open; Left and
Right (or the arrow buttons, or a click on the timeline) move the cursor,
Home and End jump to the first and the last card. Beside the board, kept
apart: *With what you knew* (the Expert's estimate from the seat's own
information: each legal card's win chance) and *With all cards open* (the
declarer's value before and after the card, and what it cost). Under them the
key decisions (a click jumps there); the verdict sits at the top, the turning
point is marked on the timeline.

The analysis runs in the worker (:mod:`skatgame.table.thinker`): first the
open-cards view of the whole deal, then the fair view card by card, filled in
while the player reads. The non-drawing logic is :mod:`skatgame.table.review`.

*Play again* deals the same cards to the same seats as a practice deal (not on
the list, not in the statistics), from the dealing or from the trick at the
cursor; at its end the game returns to the list where it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from skatgame.ai.review import KEY_COST, KeyDecision, ReviewError
from skatgame.engine.cards import Card, cards_of
from skatgame.engine.records import RecordError
from skatgame.table.hand import sort_hand
from skatgame.table.jobs import ReviewCardJob, ReviewOpenJob
from skatgame.table.labels import Label
from skatgame.table.review import ReviewModel, ReviewSource, cannot_review_key, card_name
from skatgame.table.texts import contract_label, role_text
from skatgame.table.thinker import Ticket
from skatgame.ui import theme, widgets
from skatgame.ui.scene import Scene
from skatgame.ui.text import (
    Color,
    draw_text,
    ellipsize,
    fit_size,
    label_width,
    line_height,
    rich,
    shorten,
    text_width,
    wrap,
    wrap_label,
)

if TYPE_CHECKING:
    from skatgame.ui.services import Services
    from skatgame.ui.stack import Scene as StackScene

#: Rows of win chances shown at most (the best cards and the card played).
MAX_ROWS = 7
#: From this size of text and cards on (1.5: 150 %) the board, the two views and the key
#: decisions take turns on the whole width (pages switched by a button and Tab): side by
#: side the board's cards would shrink below their size at 100 % while the text grows
PAGED_FROM = 1.5
#: the pages that take turns with large text, by the words of their button
PAGES = ("review.page.board", "review.page.views", "review.page.keys")


@dataclass
class _Facts:
    """What draw() shows that changes only with the cursor, a worker result, the language
    or the settings: computed once per change, not 60 times a second."""

    hands: list[list[Card]]  # by seat, in the order the table shows them
    header_texts: list[str]  # the verdict, and the Null line if any
    turn: int | None
    keys: list[KeyDecision]
    key_texts: list[str]
    turn_apart: bool  # the turning point is not one of the key decisions
    rows: list[tuple[Card, float, bool, bool, float | None]]
    open_lines: list[str]
    keeps: str
    verdict: str
    verdict_short: str  # the verdict without the chances the bars show
    informed_head: str
    informed_short: str  # the head without the number of deals sampled
    spoken: str  # the step at the cursor in words (its trick, player, card, lines)


def review_or_message(services: Services, source: ReviewSource) -> StackScene:
    """The review of ``source`` (the route ``review``); a deal that cannot be reviewed
    gets a message instead."""
    tr = services.tr
    try:
        model = ReviewModel(source)
    except ReviewError as e:
        reason = tr(cannot_review_key(e.reason))
        return services.nav.make("message", title=tr("review.title"),
                                 body=tr("review.cannot", reason=reason))
    except (RecordError, ValueError, KeyError, TypeError):
        return services.nav.make("message", title=tr("review.title"),
                                 body=tr("review.cannot", reason=tr("review.cannot.other")))
    return ReviewScene(services, model)


class ReviewScene(Scene):
    """The analysis board of one deal (see the module docstring)."""

    name = "review"

    def __init__(self, services: Services, model: ReviewModel) -> None:
        self.model = model
        self.tickets: list[tuple[int, Ticket[Any]]] = []
        self.hits: list[tuple[pygame.Rect, int]] = []  # clickable rects -> card index
        self._facts: _Facts | None = None
        self._facts_key: tuple[Any, ...] = ()
        #: with large text (see :data:`PAGED_FROM`) the board, the views and the key
        #: decisions take turns: the one on show (an index into :data:`PAGES`)
        self.page = 0
        self.card_w_shown = 0  # the width of the hands' cards as last drawn (for tests)
        #: the cards' rects as last drawn, by place: "hand0" (bottom), "hand1", "hand2",
        #: "trick", "skat" (for tests)
        self.cards_drawn: dict[str, list[pygame.Rect]] = {}
        #: the key decisions' rows on show where not all fit: the first one, and whether
        #: the list follows the card on show (it stops following once the player pages)
        self.keys_first = 0
        self._keys_follow = True
        self._keys_seen_index = -1
        self.keys_shown: tuple[int, int, int] = (0, 0, 0)  # first, end, count (for tests)
        self._more_rect: pygame.Rect | None = None  # the "more" words' clickable rect
        self.keys_more_label = ""  # those words as last drawn (for tests)
        super().__init__(services)
        self.submit()

    # ------------------------------------------------------------ the worker

    def submit(self) -> None:
        """Hand the analysis to the worker: the open view first, then every decision."""
        m = self.model
        thinker = self.services.workers
        self.tickets.append((-1, thinker.submit(ReviewOpenJob(m.source.record, m.source.human))))
        for i in m.decisions():
            s = m.steps[i]
            self.tickets.append((i, thinker.submit(ReviewCardJob(
                s.observation, s.card, m.source.seeds[s.seat]))))

    def poll(self) -> None:
        """Take in what the worker has finished."""
        if not self.tickets:
            return
        left: list[tuple[int, Ticket[Any]]] = []
        for index, ticket in self.tickets:
            if not ticket.done:
                left.append((index, ticket))
            elif index < 0:
                self.model.set_open(ticket.result)
            else:
                self.model.set_informed(index, ticket.result)
        self.tickets = left

    def leave(self) -> None:
        """Drop the jobs still waiting (the review is closed)."""
        if self.tickets:
            self.services.workers.cancel([t for _, t in self.tickets])
            self.tickets = []

    def close(self) -> None:
        self.nav.pop()

    # ------------------------------------------------------------ layout

    def relayout(self) -> None:
        L = self.layout
        tr = self.tr
        m = self.model
        pad = L.margin
        size = L.font_body
        trick = m.step.trick
        buttons = [
            widgets.Button(tr("menu.back"), self.close, key_hint="Esc", font_size=size,
                           name="back"),
            # (with the page button the bar is full: the arrows alone, read as their words)
            widgets.Button("‹" if self.paged else tr("review.prev"),
                           lambda: self.go(m.index - 1), font_size=size, name="prev",
                           spoken=tr("review.prev")),
            widgets.Button("›" if self.paged else tr("review.next"),
                           lambda: self.go(m.index + 1), font_size=size, name="next",
                           spoken=tr("review.next")),
            *([widgets.Button(tr(PAGES[(self.page + 1) % len(PAGES)]), self.switch_page,
                              key_hint=tr("key.review.page"), font_size=size, name="page")]
              if self.paged else []),
            widgets.Button(tr("review.again_trick", n=trick), lambda: self.play_again(trick),
                           key_hint=tr("key.review.again_trick"), font_size=size,
                           name="again_trick"),
            widgets.Button(tr("review.again_start"), lambda: self.play_again(None),
                           key_hint=tr("key.review.again"), font_size=size, primary=True,
                           name="again"),
        ]
        self.bar = pygame.Rect(pad, L.height - pad - L.button_h, L.width - 2 * pad, L.button_h)
        # (the arrows alone need less room: the words of the others keep it)
        widths = [widgets.button_width(b, round(L.button_h * (1.4 if b.name in ("prev", "next")
                                                             and self.paged else 2.4)))
                  for b in buttons]
        widgets.row_of_buttons(buttons, self.bar, L.button_h, L.gap, 0, widths=widths)
        self.buttons = buttons
        self._trick_shown = trick
        # the areas: header, verdict, board | side panels, timeline, buttons
        self.head = pygame.Rect(pad, pad, L.width - 2 * pad, line_height(L.font_large, True))
        self.verdict_y = self.head.bottom + L.gap // 2
        tl_h = max(16, round(26 * L.unit))
        self.timeline = pygame.Rect(pad, self.bar.top - L.gap - L.font_caption - 4 - tl_h,
                                    L.width - 2 * pad, tl_h)
        # the legend of the timeline's colours over it, clear of the turning point's mark
        self.mark_h = max(8, round(tl_h * 0.6))
        # (in as many lines as its longest form needs: large text, German)
        rows = len(self.legend_rows(self.legend_items(True, True)))
        self.legend_y = self.timeline.top - self.mark_h - 2 \
            - rows * line_height(L.font_caption, True)
        side_w = max(round(L.width * 0.36), round(380 * L.unit))
        self.side_w = min(side_w, L.width - 2 * pad - round(320 * L.unit))

    @property
    def paged(self) -> bool:
        """Whether the board and the views take turns (large text: see
        :data:`PAGED_FROM`) rather than stand side by side."""
        return self.layout.scale >= PAGED_FROM

    @property
    def views_shown(self) -> bool:
        """Whether (large text) a page of the views is on show rather than the board."""
        return self.page != 0

    def switch_page(self) -> None:
        """Show the next page: the board, the views, the key decisions, the board..."""
        self.page = (self.page + 1) % len(PAGES)
        self.relayout()

    def go(self, index: int) -> None:
        self.model.go(index)
        if self.model.step.trick != self._trick_shown:
            self.relayout()  # the "again from trick" button names the trick

    def body_rect(self, verdict_bottom: int) -> pygame.Rect:
        L = self.layout
        top = verdict_bottom + L.gap
        return pygame.Rect(L.margin, top, L.width - 2 * L.margin,
                           self.legend_y - L.gap - top)

    def facts(self) -> _Facts:
        """The texts and lists of the card at the cursor, cached until something they
        depend on changes (the key compares a few numbers, so a frame stays cheap)."""
        m = self.model
        st = self.settings
        key = (m.index, id(m.review), len(m.estimated), id(self.tr), self.style, self.gi,
               st.sort_order, st.sort_direction)
        if self._facts is not None and key == self._facts_key:
            return self._facts
        tr = self.tr
        style, gi = self.style, self.gi
        kind = m.deal.contract.kind if m.deal.contract else None
        hands = [sort_hand(cards_of(h), kind, st.sort_order, st.sort_direction)
                 for h in m.hands()]
        null = m.null_text(tr, style, gi)
        texts = [t for t in (m.verdict_text(tr, style, gi), null) if t]
        turn = m.turning_point()
        keys = m.key_decisions()
        self._facts = _Facts(
            hands=hands, header_texts=texts, turn=turn, keys=keys,
            key_texts=[m.decision_text(k, tr, style, gi) for k in keys],
            turn_apart=turn is not None and all(k.index != turn for k in keys),
            rows=m.informed_rows(), open_lines=m.open_lines(tr),
            keeps=m.open_keeps(style, gi, tr), verdict=m.informed_verdict(tr, style, gi),
            verdict_short=m.informed_verdict(tr, style, gi, short=True),
            informed_head=m.informed_head(tr), informed_short=m.informed_head(tr, True),
            spoken=self._spoken())
        self._facts_key = key
        return self._facts

    def _spoken(self) -> str:
        """The step at the cursor as the focus voice reads it: the trick, the player and
        the card in words, the fair view's word on it and the open-cards lines."""
        from skatgame.table.speech import card_words
        from skatgame.ui.focus import sentences

        m = self.model
        tr = self.tr
        step = m.step

        def words(card: Card) -> str:
            return card_words(card, self.style, tr)

        head = tr("review.decision.head", trick=step.trick, player=m.who(step.seat, tr),
                  card=words(step.card)).replace(" · ", ", ")
        lines = m.open_lines(tr) if m.review is not None else []
        return sentences([head, m.informed_verdict(tr, self.style, self.gi, words), *lines])

    # ------------------------------------------------------------ play again

    def play_again(self, trick: int | None) -> None:
        """The same deal again as practice (see the module docstring): from ``trick``
        (``None``: from the dealing); the way back leads where the review was opened."""
        from skatgame.table.session import ReplaySession

        m = self.model
        names, levels, seats = m.source.table()
        current = self.services.session
        origin = current.origin if isinstance(current, ReplaySession) else current
        session = ReplaySession(m.replay_deal(trick), names, levels, seats, origin=origin,
                                number=m.source.number)
        self.nav.play_again(session, resume=trick is not None)

    # ------------------------------------------------------------ loop

    def update(self, dt: float) -> None:
        self.poll()

    def handle_event(self, event: pygame.event.Event) -> None:
        if widgets.handle_buttons(self.buttons, event):
            return
        m = self.model
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_ESCAPE:
                self.close()
            elif k == pygame.K_LEFT:
                self.go(m.index - 1)
            elif k == pygame.K_RIGHT:
                self.go(m.index + 1)
            elif k == pygame.K_HOME:
                self.go(0)
            elif k == pygame.K_END:
                self.go(m.count - 1)
            elif k == pygame.K_UP:
                self.go(m.trick_start(m.step.trick - 1))
            elif k == pygame.K_DOWN:
                self.go(m.trick_start(m.step.trick + 1))
            elif self.paged and widgets.is_key(event, self.tr("key.review.page")):
                self.switch_page()
            elif k in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self.page_keys(1 if k == pygame.K_PAGEDOWN else -1)
            elif widgets.is_key(event, self.tr("key.review.again_trick")):
                self.play_again(m.step.trick)
            elif widgets.is_key(event, self.tr("key.review.again")):
                self.play_again(None)
        elif event.type == pygame.MOUSEWHEEL:
            self.go(m.index - event.y)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._more_rect is not None and self._more_rect.collidepoint(event.pos):
                self.page_keys(1)
                return
            for rect, index in self.hits:
                if rect.collidepoint(event.pos):
                    self.go(index)
                    return

    # ------------------------------------------------------------ drawing

    @property
    def style(self) -> str:
        return self.settings.deck_style

    @property
    def gi(self) -> bool:
        return self.settings.german_letters

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.services.window.felt(), (0, 0))
        self.hits = []
        board_page = self.paged and not self.views_shown
        verdict_bottom = self.draw_header(surface, with_verdict=not board_page)
        body = self.body_rect(verdict_bottom)
        if board_page:  # the board across the window, the views a page away
            self.draw_board(surface, body)
        elif self.paged and self.page == 2:  # the key decisions across the window
            self.draw_keys(surface, body)
        elif self.paged:  # the views side by side across the window, the board a page away
            half = (body.width - self.layout.gap) // 2
            self.draw_side(surface, pygame.Rect(body.x, body.y, half, body.height),
                           pygame.Rect(body.right - half, body.y, half, body.height))
        else:
            side = pygame.Rect(body.right - self.side_w, body.y, self.side_w, body.height)
            board = pygame.Rect(body.x, body.y, body.width - self.side_w - self.layout.gap,
                                body.height)
            self.draw_board(surface, board)
            self.draw_side(surface, side)
        self.draw_timeline(surface)
        for b in self.buttons:
            b.draw(surface)
        self.spoken_row = self.facts().spoken  # read out by the focus voice when it changes

    def draw_header(self, surface: pygame.Surface, with_verdict: bool = True) -> int:
        """The deal in a line, the progress, and the verdict under it (``with_verdict``);
        returns its bottom."""
        L = self.layout
        tr = self.tr
        m = self.model
        deal = m.deal
        r = deal.result
        assert r is not None and deal.contract is not None
        title = tr("review.title")
        if m.source.number is not None:
            title += " · " + tr("review.deal", n=m.source.number)
        word = tr("results.won") if r.won else tr("results.lost")
        head: Label = (title, " · ", *contract_label(deal.contract, self.style, tr),
                               " · ", m.who(m.declarer, tr), " · ", word)
        done, total = m.progress
        human = m.source.human  # green when the human's side won
        good = r.won if human is None or human == m.declarer else not r.won
        color = theme.GOOD if good else theme.BAD
        # the progress of the analysis, at the right; the title keeps its room first: the
        # progress gives way ("Estimating … (3 of 23 decisions)", then "3/23", then with
        # large text a smaller title beside the bar, then the bar itself) before the title
        # is cut
        right = self.head.right
        working = m.review is None or done < total
        words: list[str] = []
        if working:
            words = [tr("review.fair.working", done=done, total=total) if m.review else
                     tr("review.working")]
            if m.review is not None:
                words.append(f"{done}/{total}")
        elif label_width(tr("review.keys"), L.font_caption) <= self.head.width * 0.4:
            # the analysis is in: the keys instead of the progress (in a narrow window the
            # title needs the line: the keys are in the help, F1)
            keys = draw_text(surface, tr("review.keys"), L.font_caption,
                             (right, self.head.centery), theme.TEXT_DIM, "midright")
            right = keys.x - L.gap
        # the bar as long as the title leaves room for (at least a short one)
        least, most = round(60 * L.unit), round(160 * L.unit)
        sizes = (L.font_large, L.font_body, L.font_small) if L.scale > 1 else (L.font_large,)

        def title_w(at: int) -> int:  # on its plate
            return label_width(head, at, True, self.style) + L.gap

        def title_fits(at: int, end: int) -> bool:
            return self.head.x + title_w(at) <= end

        with_bar = not working or any(title_fits(at, right - least - L.gap) for at in sizes)
        size = next((at for at in sizes if title_fits(at, right - (
            least + L.gap if working and with_bar else 0))), sizes[-1])
        bar_w = max(least, min(most, right - self.head.x - title_w(size) - 2 * L.gap))
        if working and with_bar:
            bar = pygame.Rect(right - bar_w, self.head.centery - 3, bar_w, 6)
            share = 0.0 if m.review is None else (0.25 + 0.75 * done / max(1, total))
            surface.blit(widgets.rounded(bar.size, 3, (0, 0, 0, 90)), bar)
            if share > 0:
                fill = bar.copy()
                fill.width = max(6, round(bar.width * share))
                surface.blit(widgets.rounded(fill.size, 3, theme.ACCENT), fill)
            right = bar.x - L.gap
            for label in words:
                if self.head.x + title_w(size) + L.gap + label_width(label, L.font_small) \
                        <= right:
                    lbox = draw_text(surface, label, L.font_small, (right, self.head.centery),
                                     theme.TEXT_DIM, "midright")
                    right = lbox.x - L.gap
                    break
        head_w = right - self.head.x
        surf = rich(head, size, color, self.style, True)
        if surf.get_width() > head_w:
            head = shorten(head, size, head_w, True)
            surf = rich(head, size, color, self.style, True)
        # on a plate: green and red on the green felt would not be legible enough
        plate = surf.get_rect(topleft=self.head.topleft).inflate(L.gap, L.gap // 2)
        surface.blit(widgets.rounded(plate.size, plate.height // 2, theme.PLATE), plate)
        draw_text(surface, head, size, self.head.topleft, color, bold=True,
                  style=self.style)
        if not with_verdict:
            return plate.bottom
        # the verdict, in a box across the window
        pad = L.gap
        # the verdict names the turning point: the same mark as the list and the timeline
        facts = self.facts()
        named = m.review is not None and facts.turn is not None and \
            m.review.verdict.key in ("mistake", "let_through", "bad_luck", "turned")
        tri = widgets.triangle(max(8, L.font_body // 2 + 4), "down", theme.ACCENT)
        indent = tri.get_width() + pad if named else 0
        # with large text a long verdict steps down the type scale rather than take the
        # board's room: it keeps to a quarter of the window (as long as it fits at all)
        most = L.height // 4 if L.scale > 1 else L.height
        sizes = (L.font_body, L.font_small, L.font_caption)
        for size in sizes:
            # (the line, whether it is the verdict's: all of a wrapped verdict stands out)
            lines = [(line, n == 0) for n, text in enumerate(facts.header_texts)
                     for line in wrap_label(text, size,
                                            self.head.width - 2 * pad - L.gap - indent,
                                            True, self.style)]
            lh = line_height(size, True)
            if len(lines) * lh + pad <= most:
                break
        box = pygame.Rect(self.head.x, self.verdict_y, self.head.width,
                          len(lines) * lh + pad)
        surface.blit(widgets.rounded(box.size, L.radius, (10, 26, 18, 230), theme.ACCENT, 1),
                     box)
        y = box.y + pad // 2
        if named:
            surface.blit(tri, tri.get_rect(midleft=(box.x + pad, y + lh // 2)))
        for line, verdict in lines:
            draw_text(surface, line, size, (box.x + pad + indent, y),
                      theme.ACCENT if verdict else theme.TEXT, bold=verdict,
                      style=self.style)
            y += lh
        return box.bottom

    # ------------------------------------------------------------ the board

    def bottom_seat(self) -> int:
        """The seat whose hand is at the bottom (see :meth:`screen_pos`)."""
        return next(s for s in range(3) if self.screen_pos(s) == 0)

    def screen_pos(self, seat: int) -> int:
        """0 bottom, 1 left, 2 right: the human (or Forehand) at the bottom."""
        bottom = self.model.source.human
        bottom = 0 if bottom is None else bottom
        return (seat - bottom) % 3

    def draw_board(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        L = self.layout
        tr = self.tr
        m = self.model
        step = m.step
        widgets.draw_panel(surface, rect, theme.PANEL, theme.PANEL_BORDER, L.radius * 2)
        pad = L.gap
        inner = rect.inflate(-2 * pad, -2 * pad)
        name_h = line_height(L.font_small, True) + 2
        # card width: two hands of ten side by side at the top, three rows of cards
        # (across the window, with large text: two rows, the trick and the skat at the
        # left of the bottom hand, where we are at its right)
        overlap = 0.44
        wide = self.paged
        by_width = (inner.width - 2 * pad) / (2 * (1 + 9 * overlap))
        by_height = (inner.height - 2 * name_h - pad) / (2 * 1.16 * 1.545) if wide else \
            (inner.height - 3 * name_h - 3 * pad) / (3.2 * 1.545)
        cw = int(max(24, min(by_width, by_height, L.card_w)))
        ch = round(cw * 1.545)
        self.card_w_shown = cw
        hands = self.facts().hands
        self.cards_drawn = {}
        legal = set(step.position.legal_moves())
        rows = {1: pygame.Rect(inner.x, inner.y + name_h, inner.width // 2 - pad, ch),
                2: pygame.Rect(inner.centerx + pad, inner.y + name_h, inner.width // 2 - pad, ch),
                0: pygame.Rect(inner.x, inner.bottom - ch, inner.width, ch)}
        for seat in range(3):
            pos = self.screen_pos(seat)
            area = rows[pos]
            cards = hands[seat]
            hand_w = cw + round((len(cards) - 1) * cw * overlap) if cards else cw
            x0 = area.x if pos == 1 else area.right - hand_w if pos == 2 else \
                area.centerx - hand_w // 2
            mover = seat == step.seat
            lift = round(ch * 0.16)
            for i, c in enumerate(cards):
                x = x0 + round(i * cw * overlap)
                y = area.y
                if mover and c == step.card:  # moved towards the table
                    img = self.services.deck.highlighted(c, cw)
                    y += -lift if pos == 0 else lift
                elif mover and c not in legal:
                    img = self.services.deck.dimmed(c, cw)
                else:
                    img = self.services.deck.face(c, cw)
                self.cards_drawn.setdefault(f"hand{pos}", []).append(
                    surface.blit(img, img.get_rect(midtop=(x + cw // 2, y))))
            # the name over the hand (under it for the bottom hand)
            role = role_text(seat, tr)
            if seat == m.declarer:
                role += " · " + tr("game.declarer")
            label = f"{m.who(seat, tr)} · {role}"
            color = theme.ACCENT if mover else theme.TEXT_DIM
            room = area.width
            if pos == 0 and wide:  # the trick lies at the hand's left: the name starts
                ny = area.y - name_h - (lift if mover else 0)  # over its first card
                anchor_x, anchor, room = x0, "topleft", inner.right - x0
            elif pos == 0:
                ny = area.y - name_h - (lift if mover else 0)
                anchor_x = area.centerx
                anchor = "midtop"
            else:
                ny = area.y - name_h
                anchor_x = area.x if pos == 1 else area.right
                anchor = "topleft" if pos == 1 else "topright"
            # large text: the name and the declarer's badge without the seat, else the
            # name alone
            who = m.who(seat, tr)
            shorter = [f"{who} · {tr('game.declarer')}"] if seat == m.declarer else []
            label = next((t for t in (label, *shorter)
                          if text_width(t, L.font_caption, True) <= room), who)
            label, name_size = fit_size(label, (L.font_small, L.font_caption), room, True)
            draw_text(surface, label, name_size, (anchor_x, max(inner.y, ny)), color,
                      anchor, bold=mover)
        # the trick on the table, in the middle; the skat beside it
        mid_top = rows[1].bottom + round(ch * 0.16) + pad
        mid_bottom = rows[0].y - name_h - round(ch * 0.16) - pad
        mid = pygame.Rect(inner.x, mid_top, inner.width, max(ch, mid_bottom - mid_top))
        info_box = mid
        if wide:  # beside the bottom hand: the trick and the skat left, where we are right
            n = len(hands[self.bottom_seat()])
            hand_w = cw + round((n - 1) * cw * overlap) if n else cw
            left = rows[0].centerx - hand_w // 2 - pad
            right = rows[0].centerx + hand_w // 2 + pad
            mid = pygame.Rect(inner.x, mid_top, left - inner.x, inner.bottom - mid_top)
            info_box = pygame.Rect(right, rows[0].y, inner.right - right,
                                   inner.bottom - rows[0].y)  # under the hand's name
            mid_bottom = info_box.bottom
        tw = max(20, min(cw, round((mid.height - pad) / 1.545 / 1.25)))
        if wide:  # the skat (two cards of 0.8) and the trick (2.24 cards wide) side by side
            tw = max(20, min(tw, int((mid.width - 4.5 * pad) / 3.84)))
        th = round(tw * 1.545)
        cx, cy = mid.centerx, mid.centery
        if wide:  # the trick right of the skat
            cx = (mid.x + pad + 2 * round(tw * 0.8) + pad + mid.right) // 2
        spots = {1: (cx - round(tw * 0.62), cy - round(th * 0.12)),
                 2: (cx + round(tw * 0.62), cy - round(th * 0.12)),
                 0: (cx, cy + round(th * 0.14))}
        for seat, c in m.trick_cards():
            img = self.services.deck.face(c, tw)
            self.cards_drawn.setdefault("trick", []).append(
                surface.blit(img, img.get_rect(center=spots[self.screen_pos(seat)])))
        sx = mid.x + pad
        skat = m.table().skat_cards()
        sw = max(20, round(tw * 0.8))
        sh = round(sw * 1.545)
        sy = mid.centery - sh // 2
        for i, c in enumerate(skat):
            img = self.services.deck.face(c, sw)
            self.cards_drawn.setdefault("skat", []).append(
                surface.blit(img, (sx + i * (sw + pad // 2), sy)))
        draw_text(surface, tr("game.skat"), L.font_caption,
                  (sx + sw + pad // 4, sy + sh + 2), theme.TEXT_DIM, "midtop")
        # where we are, at the right of the middle
        # (in a short middle, with large text or in a small window: a size smaller, so
        # that the lines keep clear of the name under them)
        info = tr("review.card_of", trick=step.trick, n=step.index + 1, total=m.count)
        small, body = L.font_small, L.font_body
        lines_h = pad + small + pad // 2 + body + pad // 2 + line_height(body, True)
        tight = lines_h > mid_bottom + pad // 2 - info_box.y  # the name's top is a pad lower
        if tight:  # the mover's name is marked in colour: "to play" can give way
            small, body = L.font_caption, L.font_small
        mid = info_box
        draw_text(surface, info, small, (mid.right - pad, mid.y + pad),
                  theme.TEXT_DIM, "topright")
        who = tr("review.to_play.you") if m.is_you(step.seat, tr) else \
            tr("review.to_play", player=m.who(step.seat, tr))
        y = mid.y + pad + small + pad // 2
        if not tight:
            draw_text(surface, who, body, (mid.right - pad, y), theme.ACCENT, "topright",
                      bold=True)
            y += body + pad // 2
        played = (tr("review.played"), ": ", card_name(step.card, self.style, self.gi))
        draw_text(surface, played, body, (mid.right - pad, y), theme.TEXT, "topright",
                  style=self.style)

    # ------------------------------------------------------------ the two views

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect,
                  rest: pygame.Rect | None = None) -> None:
        """*With what you knew* at the top of ``rect``, *with all cards open* and the key
        decisions under it; or, when ``rest`` is given (large text), *with all cards open*
        in ``rest`` beside it and the key decisions on a page of their own."""
        L = self.layout
        tr = self.tr
        m = self.model
        pad = L.gap
        step = m.step
        width = rect.width - 2 * pad
        small = L.font_small
        lh_small = line_height(small) + 1
        lh_body = line_height(L.font_body, True)
        # -------- with what the player knew
        # the open view's lines first: its panel and the key decisions keep their room
        facts = self.facts()
        lines: list[tuple[Label, Color, bool]] = []
        open_lines = facts.open_lines
        no_blame = m.no_blame()  # a loss only open cards show: not in the mistake's red
        for i, text in enumerate(open_lines):
            c = m.review.cards[m.index] if m.review is not None else None
            lost = theme.WARN if no_blame else theme.BAD
            color = theme.TEXT if i == 0 else (lost if c is not None and c.cost > 0
                                               else theme.GOOD)
            for part in wrap_label(text, small, width, i > 0, self.style):
                lines.append((part, color, i > 0))
        keeps = facts.keeps
        if keeps:
            for part in wrap_label(tr("review.open.keeps", cards=keeps), small, width,
                                   False, self.style):
                lines.append((part, theme.TEXT_DIM, False))
        verdict = facts.verdict
        verdict_lines = wrap_label(verdict, small, width, True, self.style) \
            if verdict else []
        row_h = max(lh_small + 4, round(L.font_body * 1.35))
        open_h = pad + lh_body + len(lines) * lh_small + pad
        keys_h = self.keys_height(rect.width) if rest is None else 0
        # the head (what the chances are of) in as many lines as it takes
        head_lines, head_size = wrap(facts.informed_head, small, width), small
        head_h = len(head_lines) * lh_small
        if len(head_lines) > 1 and 2 * pad + lh_body + head_h + pad // 2 + row_h \
                + len(verdict_lines) * lh_small > rect.height:  # no room: one line
            # the whole head or, where even the caption size is too narrow for it,
            # the head without the number of deals sampled
            whole = facts.informed_head if text_width(facts.informed_head, L.font_caption) \
                <= width else facts.informed_short
            one, head_size = fit_size(whole, (small, L.font_caption), width)
            head_lines, head_h = [one], lh_small
        fixed = pad + lh_body + head_h + pad // 2 + len(verdict_lines) * lh_small + pad
        room = rect.height - fixed if rest is not None else \
            rect.height - open_h - keys_h - 2 * pad - fixed
        most = max(1, min(MAX_ROWS, room // row_h))  # the key decisions are never cut
        rows = facts.rows
        if len(rows) > most:  # the best cards, and the card played in any case
            keep = rows[:most - 1]
            mine = next(r for r in rows if r[3])
            rows = keep + [mine] if mine not in keep else rows[:most]
        fair_h = (pad + lh_body + head_h + pad // 2 + max(1, len(rows)) * row_h
                  + len(verdict_lines) * lh_small + pad)
        # (large text, a short room) the mistake without the chances its bars show, then
        # the verdict in the caption's size
        verdict_size, lh_verdict = small, lh_small
        for text, size in ((facts.verdict_short, small), (facts.verdict_short, L.font_caption)):
            if fair_h <= rect.height or not verdict:
                break
            lines_now = wrap_label(text, size, width, True, self.style)
            lh_now = line_height(size) + 1
            fair_h += len(lines_now) * lh_now - len(verdict_lines) * lh_verdict
            verdict_lines, verdict_size, lh_verdict = lines_now, size, lh_now
        # in a small window the open view keeps the lines its panel has room for, the
        # last of them ending in "…" when more were cut
        fits = (rect.height - fair_h - 2 * pad - lh_body - pad) // lh_small \
            if rest is None else \
            (rest.height - 2 * pad - lh_body - pad) // lh_small
        if fits < 1:  # (large text, the smallest window) the open view gives way
            lines = []
        fits = max(1, fits)
        if len(lines) > fits:
            lines = lines[:fits]
            last, color, bold = lines[-1]
            cut: Label = last + "…" if isinstance(last, str) else (*last, "…")
            lines[-1] = (shorten(cut, small, width, bold, self.style), color, bold)
            open_h = pad + lh_body + len(lines) * lh_small + pad
        fair = pygame.Rect(rect.x, rect.y, rect.width, fair_h)
        widgets.draw_panel(surface, fair, theme.PANEL, theme.PANEL_BORDER, L.radius * 2)
        you = m.is_you(step.seat, tr)
        title = tr("review.panel.fair.you") if you else \
            tr("review.panel.fair", player=m.who(step.seat, tr))
        y = fair.y + pad
        draw_text(surface, ellipsize(title, L.font_body, width, True), L.font_body,
                  (fair.x + pad, y), theme.ACCENT, bold=True)
        y += lh_body
        for head_line in head_lines:
            draw_text(surface, head_line, head_size, (fair.x + pad, y), theme.TEXT_DIM)
            y += lh_small
        y += pad // 2
        name_w = round(small * 3.2)
        pct_w = text_width("100 %", small, True) + pad
        with_points = any(r[4] is not None for r in rows)  # known in the last tricks
        pts_w = text_width(tr("review.points", n=120), small) + pad if with_points else 0
        mark_w = max(text_width(tr("review.expert"), L.font_caption, True),
                     text_width(tr("review.played"), L.font_caption, True)) + pad
        bar_x = fair.x + pad + name_w
        bar_w = max(20, width - name_w - pct_w - pts_w - mark_w)
        mistake = bool(m.informed() and m.informed().mistake)  # type: ignore[union-attr]
        for card, chance, best, is_played, points in rows:
            cyc = y + row_h // 2
            if is_played:
                hl = pygame.Rect(fair.x + pad // 2, y + 1, fair.width - pad, row_h - 2)
                surface.blit(widgets.rounded(hl.size, L.radius, (255, 255, 255, 22)), hl)
            color = theme.TEXT if best or is_played else theme.TEXT_DIM
            draw_text(surface, card_name(card, self.style, self.gi), L.font_body,
                      (fair.x + pad, cyc), color, "midleft", bold=best or is_played,
                      style=self.style)
            track = pygame.Rect(bar_x, cyc - 4, bar_w, 8)
            surface.blit(widgets.rounded(track.size, 4, (0, 0, 0, 100)), track)
            fill_c = theme.GOOD if best else theme.BAD if is_played and mistake else \
                theme.ACCENT if is_played else theme.PANEL_BORDER
            if chance > 0:
                fill = pygame.Rect(track.x, track.y, max(8, round(bar_w * chance)), 8)
                surface.blit(widgets.rounded(fill.size, 4, fill_c), fill)
            draw_text(surface, f"{round(chance * 100)} %", small,
                      (bar_x + bar_w + pct_w - pad // 2, cyc), color, "midright",
                      bold=best or is_played)
            if points is not None:
                draw_text(surface, tr("review.points", n=round(points)), small,
                          (bar_x + bar_w + pct_w + pts_w - pad // 2, cyc),
                          theme.TEXT_DIM, "midright")
            mark = tr("review.expert") if best else tr("review.played") if is_played else ""
            if mark:
                draw_text(surface, mark, L.font_caption, (fair.right - pad, cyc),
                          theme.GOOD if best else fill_c, "midright", bold=True)
            y += row_h
        if not rows:
            y += row_h
        vcolor = theme.BAD if mistake else theme.GOOD
        for line in verdict_lines:
            draw_text(surface, line, verdict_size, (fair.x + pad, y), vcolor, bold=True,
                      style=self.style)
            y += lh_verdict
        # -------- with all cards open
        if rest is not None:
            rect = rest
        top = rect.y if rest is not None else fair.bottom + pad
        if lines:
            open_rect = pygame.Rect(rect.x, top, rect.width, open_h)
            widgets.draw_panel(surface, open_rect, theme.PANEL, theme.PANEL_BORDER,
                               L.radius * 2)
            y = open_rect.y + pad
            draw_text(surface, tr("review.panel.open"), L.font_body, (open_rect.x + pad, y),
                      theme.ACCENT, bold=True)
            y += lh_body
            for words, color, bold in lines:
                draw_text(surface, words, small, (open_rect.x + pad, y), color, bold=bold,
                          style=self.style)
                y += lh_small
            top = open_rect.bottom + pad
        if rest is None:
            self.draw_keys(surface, pygame.Rect(rect.x, top, rect.width, rect.bottom - top))

    # ------------------------------------------------------------ the key decisions

    def page_keys(self, step: int) -> None:
        """Show the next (``step`` 1) or the earlier (-1) key decisions where not all fit
        in their panel; after the last ones the first come again."""
        first, end, count = self.keys_shown
        if first == 0 and end >= count:
            return  # every one is on show
        self._keys_follow = False
        if step > 0:
            self.keys_first = end if end < count else 0
        else:
            self.keys_first = max(0, first - max(1, end - first)) if first > 0 \
                else max(0, count - max(1, end - first))

    def key_rows(self, width: int) -> list[tuple[list[Label], int, int]]:
        """Each key decision in a panel ``width`` wide, in its lines (see
        :meth:`key_lines`), with their size and height; the turning point's own line, where
        it is no key decision, as the last."""
        L = self.layout
        m = self.model
        facts = self.facts()
        pad = L.gap
        small = L.font_small
        turn = facts.turn
        tri_w = self.key_mark().get_width() + pad // 2
        width -= 2 * pad
        rows = [self.key_lines(text, width - (tri_w if k.index == turn else 0))
                for k, text in zip(facts.keys, facts.key_texts, strict=True)]
        if turn is not None and facts.turn_apart and m.review is not None:
            rows.append(self.key_lines(self.turn_text(turn), width - tri_w))
        lh = line_height(small) + 1
        return [(lines, size, len(lines) * lh + pad // 2) for lines, size in rows]

    def keys_height(self, width: int) -> int:
        """The height of the key decisions' panel ``width`` wide with every line whole."""
        L = self.layout
        rows = self.key_rows(width)
        one = line_height(L.font_small) + 1 + L.gap // 2
        return 2 * L.gap + line_height(L.font_body, True) + \
            (sum(h for _lines, _size, h in rows) if rows else one)

    def key_mark(self) -> pygame.Surface:
        """The turning point's mark before its line."""
        return widgets.triangle(max(8, self.layout.font_small // 2 + 4), "down", theme.ACCENT)

    def draw_keys(self, surface: pygame.Surface, krect: pygame.Rect) -> None:
        """The key decisions in ``krect``, each whole (wrapped where it is long); a click
        on one jumps there."""
        L = self.layout
        tr = self.tr
        m = self.model
        facts = self.facts()
        keys = facts.keys
        turn = facts.turn
        pad = L.gap
        small = L.font_small
        lh_small = line_height(small) + 1
        lh_body = line_height(L.font_body, True)
        tri = self.key_mark()
        if krect.height < lh_body + lh_small + 2 * pad:
            return  # (not even one line under the title: no empty panel)
        widgets.draw_panel(surface, krect, theme.PANEL, theme.PANEL_BORDER, L.radius * 2)
        y = krect.y + pad
        head = draw_text(surface, tr("review.key"), L.font_body, (krect.x + pad, y),
                         theme.ACCENT, bold=True)
        # key decisions not all in sight: which of how many at the right of the title (the
        # timeline's legend names the turning point's mark too), else the mark's legend
        rows = self.key_rows(krect.width) if m.review is not None and keys else []
        first, end = self.keys_in_sight(rows, krect.bottom - pad // 2 - y - lh_body)
        self.keys_shown = (first, end, len(rows))
        self._more_rect = None
        self.keys_more_label = ""
        legend_w = label_width(tr("review.turning"), small) + tri.get_width() + pad
        if first > 0 or end < len(rows):
            room_w = krect.right - pad - head.right - pad
            text, size = fit_size(self.keys_more_text(), (small, L.font_caption), room_w)
            if text.endswith("…"):  # (a narrow panel: the figures alone)
                text, size = fit_size(self.keys_more_text(short=True),
                                      (small, L.font_caption), room_w)
            more = draw_text(surface, text, size, (krect.right - pad, y + lh_body // 2),
                             theme.ACCENT, "midright")
            self._more_rect = more.inflate(pad, pad // 2)
            self.keys_more_label = text
        elif turn is not None and head.right + legend_w <= krect.right - pad:
            legend = draw_text(surface, tr("review.turning"), small,
                               (krect.right - pad, y + lh_body // 2), theme.ACCENT,
                               "midright")
            surface.blit(tri, tri.get_rect(midright=(legend.x - pad // 2, legend.centery)))
        y += lh_body
        if m.review is None:
            draw_text(surface, tr("review.working"), small, (krect.x + pad, y),
                      theme.TEXT_DIM)
            return
        if not keys:  # what would have been listed, in words (lines as the panel holds)
            for line in wrap(tr("review.key.none", n=KEY_COST), small, krect.width - 2 * pad):
                if y + line_height(small) > krect.bottom - pad // 2:
                    break
                draw_text(surface, line, small, (krect.x + pad, y), theme.TEXT_DIM)
                y += line_height(small)
            return
        for n in range(first, end):
            parts, size, row_h = rows[n]
            key = keys[n] if n < len(keys) else None
            row = pygame.Rect(krect.x + pad // 2, y, krect.width - pad, row_h)
            if row.bottom > krect.bottom - pad // 2:
                break  # (a panel too low even for one)
            index = key.index if key is not None else turn
            assert index is not None
            if index == m.index and key is not None:
                surface.blit(widgets.rounded(row.size, L.radius, (255, 255, 255, 30),
                                             theme.ACCENT, 1), row)
            color = theme.ACCENT if key is None else theme.BAD if key.mistake \
                else theme.WARN if key.decided else theme.TEXT
            tx = row.x + pad // 2
            line_y = row.y + pad // 4 + lh_small // 2
            if index == turn:
                surface.blit(tri, tri.get_rect(midleft=(tx, line_y)))
                tx += tri.get_width() + pad // 2
            for part in parts:
                draw_text(surface, part, size, (tx, line_y), color, "midleft",
                          style=self.style)
                line_y += lh_small
            self.hits.append((row, index))
            y = row.bottom

    def keys_more_text(self, short: bool = False) -> str:
        """Which of how many key decisions are in sight, and how on to the others (short:
        the figures alone)."""
        first, end, count = self.keys_shown
        if short:
            return f"{first + 1}/{count}" if end - first == 1 else f"{first + 1}–{end}/{count}"
        if end - first == 1:
            return self.tr("review.key.more_one", a=first + 1, n=count)
        return self.tr("review.key.more", a=first + 1, b=end, n=count)

    def keys_in_sight(self, rows: list[tuple[list[Label], int, int]], room: int
                      ) -> tuple[int, int]:
        """The key decisions' rows (first, end) that the panel shows in ``room`` pixels:
        all where they fit, else as many as fit from :attr:`keys_first` or, until the
        player pages, from the card on show."""
        def end_from(start: int, height: int) -> int:
            end, used = start, 0
            while end < len(rows) and used + rows[end][2] <= height:
                used += rows[end][2]
                end += 1
            return max(end, min(start + 1, len(rows)))  # at least one, if any

        if end_from(0, room) >= len(rows):
            return 0, len(rows)
        m = self.model
        if m.index != self._keys_seen_index:  # the player moved: the list follows again
            self._keys_seen_index = m.index
            self._keys_follow = True
        keys = self.facts().keys
        first = min(self.keys_first, len(rows) - 1)
        end = end_from(first, room)
        shown = next((n for n, k in enumerate(keys) if k.index == m.index), None)
        if self._keys_follow and shown is not None and not first <= shown < end:
            first = shown
            end = end_from(first, room)
        self.keys_first = first
        return first, end

    def key_lines(self, text: Label, width: int) -> tuple[list[Label], int]:
        """A key decision's line in ``width``: whole at the small size, or a step smaller
        where that fits it on one line, or else wrapped to more lines."""
        L = self.layout
        small = L.font_small
        if label_width(text, small, False, self.style) <= width:
            return [text], small
        if label_width(text, L.font_caption, False, self.style) <= width:
            return [text], L.font_caption
        return wrap_label(text, small, width, False, self.style), small

    def turn_text(self, turn: int) -> str:
        """The turning point's line where it is no key decision."""
        m = self.model
        assert m.review is not None
        c = m.review.cards[turn]
        return self.tr("review.decision.head", trick=c.trick, player=m.who(c.seat, self.tr),
                       card=card_name(c.card, self.style, self.gi))

    # ------------------------------------------------------------ the timeline

    def draw_timeline(self, surface: pygame.Surface) -> None:
        """Every card as a mark, by trick: forced, fine, costly, a mistake; the cursor and
        the turning point marked. A click jumps there."""
        L = self.layout
        m = self.model
        r = self.timeline
        group_gap = max(4, L.gap)
        n_tricks = 10
        tick_gap = max(2, L.gap // 4)
        unit = (r.width - (n_tricks - 1) * group_gap) / n_tricks
        tw = max(4, (unit - 2 * tick_gap) / 3)
        turn = self.facts().turn
        cards = m.review.cards if m.review is not None else None
        for s in m.steps:
            t = s.trick - 1
            k = s.index - 3 * t if s.index >= 3 * t else s.index % 3
            x = round(r.x + t * (unit + group_gap) + k * (tw + tick_gap))
            rect = pygame.Rect(x, r.y, round(tw), r.height)
            c = cards[s.index] if cards is not None else None
            if m.forced[s.index]:
                kind = "forced"
            elif c is None or s.index not in m.estimated:
                kind = "open"
            elif c.informed is not None and c.informed.mistake:
                kind = "mistake"
            elif c.cost > 0:
                kind = "cost"
            else:
                kind = "good"
            draw_tick(surface, rect, kind, max(2, L.radius // 3),
                      theme.TEXT if s.index == m.index else None)
            if s.index == turn:
                tri = widgets.triangle(self.mark_h, "down", theme.ACCENT)
                surface.blit(tri, tri.get_rect(midbottom=(rect.centerx, rect.y - 1)))
            self.hits.append((rect.inflate(tick_gap, 4), s.index))
        self.draw_legend(surface)
        for t in range(m.steps[-1].trick):
            cx = round(r.x + t * (unit + group_gap) + unit / 2)
            draw_text(surface, str(t + 1), L.font_caption, (cx, r.bottom + 2),
                      theme.ACCENT if t + 1 == m.step.trick else theme.TEXT_DIM,
                      "midtop", bold=t + 1 == m.step.trick)

    def legend_items(self, estimating: bool, turn: bool) -> list[tuple[str | None, str]]:
        """The legend's kinds of mark (``None``: the turning point's) and their words."""
        items: list[tuple[str | None, str]] = [
            (kind, f"review.legend.{kind}") for kind in ("good", "cost", "mistake", "forced")]
        if estimating:
            items.append(("open", "review.legend.open"))
        if turn:
            items.append((None, "review.turning"))
        return items

    def legend_rows(self, items: list[tuple[str | None, str]]
                    ) -> list[list[tuple[str | None, str]]]:
        """The legend's items in lines as wide as the timeline (more than one only where
        one would run past the window's edge)."""
        L = self.layout
        size = L.font_caption
        sq = max(8, size - 2)
        rows: list[list[tuple[str | None, str]]] = [[]]
        x = 0
        for item in items:
            w = sq + L.gap // 2 + label_width(self.tr(item[1]), size)
            if rows[-1] and x + w > self.timeline.width:
                rows.append([])
                x = 0
            rows[-1].append(item)
            x += w + L.gap * 2
        return rows

    def draw_legend(self, surface: pygame.Surface) -> None:
        """What the timeline's colours and its mark mean, in a line over it (two where
        one would run past the window's edge)."""
        L = self.layout
        tr = self.tr
        m = self.model
        size = L.font_caption
        items = self.legend_items(m.review is None or not m.fair_done,
                                  self.facts().turn is not None)
        sq = max(8, size - 2)
        lh = line_height(size, True)
        for row, line in enumerate(self.legend_rows(items)):
            x = self.timeline.x
            cy = self.legend_y + row * lh + lh // 2
            for kind, key in line:
                if kind is None:
                    mark = widgets.triangle(sq, "down", theme.ACCENT)
                    surface.blit(mark, mark.get_rect(midleft=(x, cy)))
                    x += mark.get_width()
                else:
                    draw_tick(surface, pygame.Rect(x, cy - sq // 2, sq, sq), kind, 2)
                    x += sq
                text = draw_text(surface, tr(key), size, (x + L.gap // 2, cy),
                                 theme.TEXT_DIM, "midleft")
                x = text.right + L.gap * 2


def tick_fill(kind: str) -> Color:
    """The colour of a timeline's mark of ``kind`` (good, cost, mistake, forced, open)."""
    return {"good": theme.GOOD, "cost": theme.WARN, "mistake": theme.BAD,
            "forced": (255, 255, 255, 35)}.get(kind, (0, 0, 0, 0))


def draw_tick(surface: pygame.Surface, rect: pygame.Rect, kind: str, radius: int,
              border: Color | None = None) -> None:
    """One card's mark on the review's timeline (and in its legend), told apart by more
    than its colour: a costly card carries a bar, a mistake a cross, a card not yet
    estimated is hollow; ``border``: the card on show."""
    open_ = kind == "open"
    edge = border or (theme.TEXT_DIM if open_ else theme.PANEL_BORDER)
    surface.blit(widgets.rounded(rect.size, radius, tick_fill(kind), edge,
                                 3 if border else 2 if open_ else 1), rect)
    ink = (0, 0, 0)
    w = max(2, min(rect.width, rect.height) // 5)
    inner = rect.inflate(-2 * w, -2 * w)
    side = min(inner.width, inner.height)
    box = pygame.Rect(0, 0, side, side)
    box.center = rect.center
    if kind == "cost":
        pygame.draw.line(surface, ink, (inner.left, rect.centery),
                         (inner.right - 1, rect.centery), w)
    elif kind == "mistake":
        pygame.draw.line(surface, ink, box.topleft, (box.right - 1, box.bottom - 1), w)
        pygame.draw.line(surface, ink, (box.left, box.bottom - 1), (box.right - 1, box.top), w)
