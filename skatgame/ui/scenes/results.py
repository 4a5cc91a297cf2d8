"""The end of a deal: the skat turned up, both sides' points, the value line by line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from skatgame.engine.cards import CARD_POINTS
from skatgame.engine.events import Claimed, Conceded
from skatgame.engine.rules import GameKind
from skatgame.engine.settlement import money_text
from skatgame.engine.shuffle import fingerprint
from skatgame.table.labels import Label
from skatgame.table.listmode import lachs_text, payment_texts, rate_words
from skatgame.table.texts import ResultLine, contract_label, result_lines, signed
from skatgame.ui import theme, widgets
from skatgame.ui.gate import RESULTS_GRACE, InputGate
from skatgame.ui.layout import BOTTOM, LEFT, OPEN_STEP_MIN, RIGHT, TOP, small_for
from skatgame.ui.tablescene import DIRTY, TableScene, Tool
from skatgame.ui.text import (
    draw_text,
    ellipsize,
    fit_size,
    line_height,
    rich,
    text_width,
    wrap,
)

if TYPE_CHECKING:
    from skatgame.engine.deal import Deal
    from skatgame.ui.board import Board
    from skatgame.ui.services import Services


class ResultsScene(TableScene):
    """Shows the result and puts the deal on the score sheet. Enter: next deal."""

    name = "results"
    #: the next deal asked for at a network table, not there yet
    waiting_next = False
    _panel: pygame.Rect | None = None  # panel_rect()'s last answer and what it hung on
    _panel_key: tuple[object, ...] = ()
    #: the panel lies under the block of the player across, between the side players'
    #: open hands (four seats, large text), shorter than its lines: they close up (the
    #: headline smaller, the working out up to the score and the list's heading give way,
    #: the players' changes on the list in one row)
    cramped = False

    def __init__(self, services: Services, board: Board) -> None:
        super().__init__(services, board)
        # Enter presses queued during the last trick must not skip the result
        self.gate = InputGate(RESULTS_GRACE)
        session = self.session
        self.row = session.record() if session.series.current is session.deal else \
            session.last_row
        if session.finished:  # the list's end is known now: who pays is said below
            self.relayout()
        self.timer = 0.0
        self.demo_step = 0
        if any(isinstance(e, Claimed) for e in self.table.log):
            board.toast.clear()  # the claim's verdict: on the panel now, not under it
        demo = services.demo
        #: a practice list shows the review after every deal by itself
        self.auto_review = session.practice and not session.replay and demo is None
        saved = services.save_list()
        if demo is not None and services.list_doc() is not None and self.row is not None:
            # the demo reports each finished deal once it is safe on disk (tests count them)
            state = "saved" if saved else "not saved"
            print(f"demo: deal {self.row.number} of {session.planned_deals} finished, {state}",
                  flush=True)
        r = self.table.result
        if r is not None and not r.passed:
            h = session.human_seat
            if h is None:  # the human dealt and watched
                good = r.won or r.declarer is None
            elif r.declarer is None:
                good = r.scores[h] >= 0
            elif session.is_human(h):
                good = r.won == (r.declarer == h)
            else:
                good = r.won
            services.sound.play("won" if good else "lost")

    def actions_key(self) -> object:
        return (self.session.finished, self.layout.width, self.layout.height,
                self.waiting_next, tuple(self.panel_rect()))  # (moved as hands open)

    def make_actions(self) -> list[widgets.Button]:
        tr = self.tr
        L = self.layout
        session = self.session
        finished = session.finished
        r = self.table.result
        buttons = [] if session.replay else [
            widgets.Button(tr("table.sheet"), self.open_sheet, key_hint="Tab",
                           font_size=L.font_body, name="sheet_big")]
        if r is not None and not r.passed and r.declarer is not None:
            buttons.append(widgets.Button(tr("review.button"), self.open_review,
                                          key_hint=tr("key.review"),
                                          font_size=L.font_body, name="review"))

        next_label = tr("practice.back") if session.replay else \
            tr("results.final") if finished else \
            tr("net.waiting_next") if self.waiting_next else tr("results.next")
        short = "" if session.replay or finished or self.waiting_next else \
            tr("results.next_short")  # (large text in a narrow panel: every key kept)
        buttons.append(widgets.Button(next_label, self.next, key_hint="Enter", primary=True,
                                      font_size=L.font_body, name="next",
                                      enabled=not self.waiting_next, short=short))
        if len(buttons) > 2 and buttons[0].name == "sheet_big" and \
                any(t.name == "sheet" for t in self.tools) and not self._keys_fit(buttons):
            buttons.pop(0)  # large text, a narrow panel: the table's own "Score sheet"
        return buttons  # stands in sight beside it, and every key is kept

    def _bar(self, buttons: Sequence[widgets.Button]) -> tuple[pygame.Rect, int]:
        """The row of the buttons at the foot of the panel, and the gap between them:
        where large text makes the panel narrow for every button's key, the row comes
        closer to the panel's edges and the buttons to one another."""
        L = self.layout
        rect = self.content_rect()
        pad = L.gap * 2  # the buttons keep off the panel's edges
        bar = pygame.Rect(rect.x + pad, rect.bottom - L.gap * 2 - L.button_h,
                          rect.width - 2 * pad, L.button_h)
        least = self._least(buttons)
        between = L.gap
        if least + between * (len(buttons) - 1) > bar.width:
            bar.inflate_ip(2 * L.gap, 0)
        if least + between * (len(buttons) - 1) > bar.width:
            between = L.gap // 2
        return bar, between

    def _keys_fit(self, buttons: Sequence[widgets.Button]) -> bool:
        """Whether ``buttons`` side by side at the panel's foot each keep their key."""
        bar, between = self._bar(buttons)
        return self._least(buttons) + between * (len(buttons) - 1) <= bar.width

    def _least(self, buttons: Sequence[widgets.Button]) -> int:
        """The least width of ``buttons`` side by side, each with its key and its label
        on one line at the small type role at least (a short label standing in where a
        button has one; see :func:`widgets.row_of_buttons`): a player at 200 % saw
        "Score sheet" and "Next deal" squeezed to two tiny lines."""
        return sum(self._one_line(b, b.short) for b in buttons)

    def _one_line(self, b: widgets.Button, short: str = "") -> int:
        """The least width at which ``b`` shows its label (or ``short``, where shorter)
        on one line at the small type role beside its key."""
        at = small_for(b.font_size)
        hint_w = text_width(b.key_hint, widgets.hint_size(b.font_size, b.hint_font)) \
            if b.key_hint else 0

        def need(label: str) -> int:  # (as :meth:`widgets.Button.fitted` measures it)
            return text_width(label, at, True) + at + (hint_w + at // 2 if hint_w else 0) + 2

        label = b.label if isinstance(b.label, str) else ""
        return min(need(label), need(short)) if short else need(label)

    def own_tools(self, tools: Sequence[Tool]) -> Sequence[Tool]:
        """After the deal there is nothing to hint at: the cards as dealt instead."""
        cards: Tool = (self.tr("results.show_cards"), self.show_cards,
                       self.tr("key.show_cards"), "cards")
        return [cards if name == "hint" else (label, act, key, name)
                for label, act, key, name in tools]

    def dealt_deal(self) -> Deal | None:
        """The deal just over, whose cards as dealt may now be shown to everyone (at a
        network table it comes with the deal's record; ``None`` until then)."""
        try:
            deal = self.session.deal
        except RuntimeError:
            return None
        return deal if deal.done and self.table.result is not None else None

    def show_cards(self) -> None:
        """Every hand and the skat as they were dealt (at a network table once the deal's
        record is there)."""
        deal = self.dealt_deal()
        if deal is None:
            self.board.toast.show(self.tr("results.cards_not_yet"))
            return
        self.nav.push("dealt_cards", board=self.board, deal=deal)

    def open_review(self) -> None:
        """The review of this deal (the analysis board): from the list's record when it
        is on the list, else from the deal itself (a practice deal)."""
        from skatgame.table.review import source_of_deal, source_of_record  # (the analysis)

        session = self.session
        records = session.series.records
        row = self.row
        if row is not None and not session.replay and 0 < row.number <= len(records):
            source = source_of_record(records[row.number - 1], session.names, session.levels,
                                      row.number)
        else:
            number = getattr(session, "number", None) if session.replay else \
                session.deal_number
            source = source_of_deal(session.deal, session.seats, session.names,
                                    session.levels, session.deal_seed, number)
        self.nav.push("review", source=source)

    def place_actions(self, buttons: list[widgets.Button]) -> None:
        """The buttons sit at the foot of the results panel."""
        L = self.layout
        min_w = round(L.button_h * (3.4 if len(buttons) < 3 else 2.6))
        bar, between = self._bar(buttons)
        room = bar.width - between * (len(buttons) - 1)
        for b in buttons:  # the whole label back where the row has room again
            if b.long:
                b.label, b.long = b.long, ""
        if sum(self._one_line(b) for b in buttons) > room:
            for b in buttons:  # the short labels stand in, each still on one line
                if b.short:
                    b.label, b.long = b.short, b.label
        floors = [self._one_line(b) for b in buttons]
        if sum(floors) > room:  # (a tiny window: as any row of buttons)
            widgets.row_of_buttons(buttons, bar, L.button_h, between, min_w)
            widgets.even_type(buttons, (L.font_body, L.font_small, L.font_caption))
            return
        asked = [max(f, widgets.button_width(b, min_w)) for f, b in zip(floors, buttons,
                                                                          strict=True)]
        widths = widgets.give_way(asked, floors, room)
        x = bar.centerx - (sum(widths) + between * (len(buttons) - 1)) // 2
        for b, w in zip(buttons, widths, strict=True):
            b.wrap_h = L.button_h
            b.rect = pygame.Rect(x, bar.centery - L.button_h // 2, w, L.button_h)
            x += w + between
        # one size for the row ("Nächstes Spiel" stepped down alone beside "Analyse")
        widgets.even_type(buttons, (L.font_body, L.font_small, L.font_caption))

    def panel_rect(self) -> pygame.Rect:
        """As tall as its content, centred between the info panel (at four the player
        across) and the bottom seat; at four the player across's plate stays in sight
        (the skat is shown smaller when the room is short), and his open hand too. Sets
        ``skat_w``.

        Computed when the window, the lines or the seating change, not every frame."""
        L = self.layout
        seated = self.board.layout
        board = self.board
        open_at = frozenset(board.pos_of(s) for s in board.shown.open_seats
                            if board.shown.hands[s])  # (the hands open as the deal ends)
        key = (L.width, L.height, len(self.lines), id(seated), seated.four, seated.top_out,
               self.seal_h(), open_at)
        if self._panel is None or self._panel_key != key:
            self._panel = self._fit_panel()
            self._panel_key = key
        return self._panel.copy()

    def open_panel(self) -> pygame.Rect:
        """The panel open over the table (a network table's notices keep clear of it)."""
        return self.panel_rect()

    def content_rect(self) -> pygame.Rect:
        """The part of the panel its lines and buttons use: clear of the table's tool
        buttons, which stay in sight over a panel that takes the whole window."""
        rect = self.panel_rect()
        tools = self.layout.toolbar_rects(max(1, len(self.tools)))[0]
        if rect.right > tools.left and rect.bottom > tools.top:
            rect.width = tools.left - self.layout.gap - rect.x
        return rect

    def seal_h(self) -> int:
        """The height of the line that says the cards were checked (none without a seal)."""
        if self.session.deal_commitment() is None:
            return 0
        return self.layout.font_caption + self.layout.gap // 2

    def _open_at(self, *places: int) -> bool:
        """Whether a player at one of ``places`` shows his hand open (after a claim, a
        concession, an ouvert game)."""
        board = self.board
        return any(board.pos_of(seat) in places and board.shown.hands[seat]
                   for seat in board.shown.open_seats)

    def _open_beside(self) -> bool:
        """Whether a player at the side shows his hand open."""
        return self._open_at(LEFT, RIGHT)

    def _fit_panel(self) -> pygame.Rect:
        L = self.layout
        self.cramped = False
        pad = L.gap * 2
        w = min(L.width - 2 * L.margin, round(600 * L.unit))
        self.skat_w = max(24, round(L.table_w * 0.62))
        text_h = 2 * (L.font_body + L.gap // 2)  # the points beside the skat

        def need_for(cw: int) -> int:
            skat_h = max(L.card_height(cw) + L.font_small, text_h)
            return (pad + L.font_large + L.gap + skat_h + L.gap * 3
                    + len(self.lines) * (L.font_body + L.gap // 2) + L.gap
                    + L.font_small + L.font_body + self.seal_h() + L.gap * 2 + L.button_h
                    + pad)

        need = need_for(self.skat_w)
        top = L.info_rect().bottom + L.gap
        bottom = L.height - L.margin - L.plate_h - L.gap
        seated = self.board.layout
        row = None if not seated.four else seated.plate_rect(TOP) if seated.top_out else \
            seated.top_row_rect()  # sitting out, the player across is a plate alone
        if row is not None:
            plate = seated.plate_rect(TOP)
            small = max(24, round(L.table_w * 0.3))
            # the skat shrinks before the panel covers anything of the player across
            while need > bottom - row.bottom - L.gap and self.skat_w > small:
                self.skat_w -= 2
                need = need_for(self.skat_w)
            low = L.height - L.margin  # over the human's own plate, as at three
            if bottom - row.bottom - L.gap >= need:
                top = row.bottom + L.gap  # the player across stays in sight
            elif low - row.bottom - L.gap >= need:  # (his open hand too: no card under it)
                top, bottom = row.bottom + L.gap, low
            elif bottom - plate.bottom - L.gap >= need:
                top = plate.bottom + L.gap  # over his cards at most, never his plate
        if bottom - top < need and not seated.four and L.height - L.margin - top >= need:
            bottom = L.height - L.margin  # over the human's own plate, below the info panel
        if bottom - top < need and L.scale > 1 and self._open_beside():
            # large text with the others' hands open: the whole height between the side
            # players' plates and open hands (closed up to their narrowest), all in sight
            side = max(seated.plate_w, round(seated.small_w * (1 + OPEN_STEP_MIN * 9)))
            top, bottom = L.margin, L.height - L.margin
            w = L.width - 2 * (L.margin + side + L.gap)
            need = bottom - top
            self.skat_w = max(24, round(L.table_w * 0.45))  # (its lines may take two)
        if bottom - top < need:  # a small window (or large text): use it all, covering
            top, bottom = L.margin, L.height - L.margin  # the plates whole
            w = L.width - 2 * L.margin
            need = bottom - top
        h = min(need, bottom - top)
        r = pygame.Rect(0, 0, w, h)
        r.centerx = L.width // 2
        r.y = top + (bottom - top - h) // 2
        if not self._open_beside():
            r = self._whole_plates(r, bottom)
        if row is not None and r.colliderect(row) and self._open_at(TOP):
            r = self._clear_of_across(r, row)
            self.cramped = r.top > row.bottom and r.height < need_for(self.skat_w)
        if self.cramped:  # the skat no taller than its points
            while self.skat_w > 24 and L.card_height(self.skat_w) + L.font_small > text_h:
                self.skat_w -= 2
        return r

    def _whole_plates(self, r: pygame.Rect, bottom: int) -> pygame.Rect:
        """The panel ``r`` over a plate covers all of it, never a part (the first letters
        of the human's plate beside the panel, the lower line of a side player's at four):
        below the side players' plates where it fits above ``bottom``, else from the top
        of the window, and across its width where it lies over a plate."""
        L = self.layout
        seated = self.board.layout
        sides = [seated.plate_rect(p) for p in (LEFT, RIGHT)] if seated.four else []
        for p in sides:
            if r.colliderect(p) and not r.contains(p):
                if bottom - p.bottom - L.gap >= r.height:
                    r.top = max(r.top, p.bottom + L.gap)
                else:  # the whole window, as at three seats (the skat at its size again)
                    r.top, r.height = L.margin, L.height - 2 * L.margin
                    self.skat_w = max(self.skat_w, round(L.table_w * 0.62))
        plates = [*sides, seated.plate_rect(BOTTOM)]
        if any(r.colliderect(p) and not r.contains(p) for p in plates):
            r.width = L.width - 2 * L.margin
            r.centerx = L.width // 2
        return r

    def _clear_of_across(self, r: pygame.Rect, row: pygame.Rect) -> pygame.Rect:
        """The panel ``r`` moved clear of the block ``row`` of the player across, whose
        hand lies open: the whole height beside his block, where no open hand lies at the
        left and the room there is (nearly) as wide as between the side players' hands;
        else (the hand at the left open too) under his block, between the side players'
        hands, its lines closer where it is short (:attr:`cramped`)."""
        L = self.layout
        seated = self.board.layout
        side = max(seated.plate_w, round(seated.small_w * (1 + OPEN_STEP_MIN * 9)))
        between = L.width - 2 * (L.margin + side + L.gap)
        beside = pygame.Rect(L.margin, L.margin, row.left - L.gap - L.margin,
                             L.height - 2 * L.margin)
        if not self._open_at(LEFT) and beside.width >= 0.9 * min(r.width, between):
            return beside
        # his hand and the one at the left open: under his block, between the side
        # players' hands (closed up); its lines close up to the room (see draw_extra)
        under = pygame.Rect(0, row.bottom + L.gap, min(r.width, between),
                            L.height - L.margin - row.bottom - L.gap)
        under.centerx = L.width // 2
        return under

    # ------------------------------------------------------------ flow

    def next(self) -> None:
        session = self.session
        services = self.services
        if session.replay:  # a deal played again: back to the list where it was
            self.nav.end_replay()
            return
        if session.finished:
            if services.demo is not None:
                services.window.quit(0)
                return
            services.save_list()  # removes the finished list from the disk
            self.local.close()
            services.table = None
            self.nav.reset("menu")
            self.nav.push("sheet", session=session, final=True)
            return
        self.local.next_deal()
        services.save_list()
        if self.local.pending:
            self.nav.to_table(self.board)
            return
        # a network table: the next deal comes when every player there is ready
        self.waiting_next = True
        self._actions_key = DIRTY

    def relayout(self) -> None:
        session = self.session
        self.lines = result_lines(self.table, self.tr,  # in the current language
                                  [session.name_of(s) for s in range(3)])
        self.lines = self.claim_lines() + self.concede_lines() + self.lines + \
            self.list_lines() + self.end_lines()
        self._panel = None  # fitted anew to the new lines and window
        super().relayout()

    def claim_lines(self) -> list[ResultLine]:
        """A claim of the rest ended the play: who claimed, and how the rules judged it."""
        claims = [e for e in self.table.log if isinstance(e, Claimed)]
        if not claims:
            return []
        c = claims[-1]
        verdict = self.tr("results.claim_right" if c.valid else "results.claim_wrong")
        lines = [ResultLine(f"{self.session.about(self.tr, 'table.claimed', c.seat)}: {verdict}",
                            bad=not c.valid)]
        if not c.valid:  # on a line of its own: one line was cut at 1280x720
            lines.append(ResultLine(self.tr("results.claim_wrong_rest")))
        return lines

    def concede_lines(self) -> list[ResultLine]:
        """A concession ended the play: who gave up, and for whom (a defender gives up for
        both defenders: his partner is not asked)."""
        given = [e for e in self.table.log if isinstance(e, Conceded)]
        if not given:
            return []
        seat = given[-1].seat
        declarer = seat == self.table.declarer
        who = "results.conceded_declarer" if declarer else "results.conceded_defender"
        return [ResultLine(self.session.about(self.tr, who, seat), bad=True),
                ResultLine(self.tr("results.conceded_declarer_rest" if declarer else
                                   "results.conceded_defender_rest"))]

    def list_lines(self) -> list[ResultLine]:
        """Under a Seeger-Fabian list, what the list adds to the score: +50 for a game
        won, -50 for one lost and then 40 (at four: 30) to each other player."""
        session = self.session
        r = self.table.result
        if session.series.list_kind != "seeger-fabian" or r is None or r.passed \
                or r.declarer is None:
            return []
        tr = self.tr
        if r.won:
            return [ResultLine(tr("results.sf_won"), "+50")]
        bonus = 40 if session.series.size == 3 else 30
        return [ResultLine(tr("results.sf_lost", n=bonus), "-50", bad=True)]

    def row_heading(self, heading: str) -> str:
        """The heading over the deal's change on the list; at four it says who dealt and
        sat out ("This deal (Seeger-Fabian) · Ben sat out (dealer)"), shorter where the
        panel is narrow."""
        row = self.row
        session = self.session
        if row is None or len(session.names) != 4:
            return heading
        you = row.dealer == session.human_player
        key = "results.sat_out.you" if you else "results.sat_out"
        mark = self.tr(key, player=session.names[row.dealer])
        line = f"{heading}  ·  {mark}"
        L = self.layout
        room = self.content_rect().width - 4 * L.gap
        return line if text_width(line, L.font_caption) <= room else mark

    def end_lines(self) -> list[ResultLine]:
        """After the last deal of a list: who pays the round (Bierlachs) and, when the list
        is settled in money, who pays whom how much."""
        session = self.session
        series = session.series
        if session.replay or not session.finished or not series.rows:
            return []
        tr = self.tr
        lines = []
        lachs = series.lachs()
        if lachs:
            lines.append(ResultLine(lachs_text(lachs, session.names, tr), strong=True))
        settlement = series.settlement()
        if settlement is not None:
            lines.append(ResultLine(tr("listmode.settlement",
                                       rate=rate_words(series.rate, tr)), strong=True))
            pays = payment_texts(settlement, session.names, tr)
            if len(pays) > 3:  # four settling pair by pair: each one's net here, the
                # payments on the final standings (a panel of six more lines would not fit)
                point = tr("listmode.point")
                lines += [ResultLine(name, money_text(cents, signed=True, point=point))
                          for name, cents in zip(session.names, settlement.net, strict=True)]
                lines.append(ResultLine(tr("listmode.on_sheet")))
            else:
                lines += [ResultLine(words, amount) for words, amount in pays] or \
                    [ResultLine(tr("listmode.even"))]
        return lines

    def update(self, dt: float) -> None:
        if not self.follow_network(dt):
            return
        if self.waiting_next and self.local.pending and self.on_top:
            self.nav.to_table(self.board)  # the next deal at the network table is there
            return
        # the open hands at the sides keep every card in sight beside the panel
        self.board.keep_clear = self.panel_rect()
        self.board.update(dt)
        if self.on_top:
            self.gate.update(dt)
        else:
            self.gate.close()
        self.refresh_actions()
        if self.auto_review and self.on_top and not self.board.busy:
            self.auto_review = False
            if self.button("review") is not None:
                self.open_review()
        demo = self.services.demo
        if demo is None:
            return
        self.timer += dt
        pause = demo.pause * max(self.services.speed, 0.3)
        if self.demo_step == 0 and self.timer >= pause:
            self.demo_step = 1
            self.timer = 0.0
            self.nav.push("sheet", session=self.session, auto_close=pause * 0.8)
        elif self.demo_step == 1 and self.timer >= 0.05:
            self.next()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_n):
            self.next()
        elif widgets.is_key(event, self.tr("key.show_cards")):
            self.show_cards()
        else:
            widgets.press_by_key(self.actions, event)

    # ------------------------------------------------------------ drawing

    def leave(self) -> None:
        self.board.keep_clear = None  # the next deal's hands take their own places
        super().leave()

    def _value_room(self, value: ResultLine, width: int) -> tuple[int, int]:
        """The room a value line's words have beside its figure in ``width``, and their
        size before they step down to fit."""
        L = self.layout
        room = width - text_width(value.figure, L.font_body, value.strong) - 2 * L.gap
        at = L.font_small
        if text_width(value.text, at, value.strong) > room and \
                text_width(value.text, L.font_caption, value.strong) <= room:
            at = L.font_caption  # (large text in a narrow panel)
        return room, at

    def _value_height(self, value: ResultLine, width: int) -> int:
        """How many lines a value line takes in ``width`` (a long sentence two, also one
        with a figure: 'Seeger-Fabian: verloren, jeder andere +30' in a narrow panel)."""
        room, at = self._value_room(value, width)
        if text_width(value.text, at, value.strong) <= room:
            return 1
        return min(2, len(wrap(value.text, at, room, value.strong)))

    def value_rows(self, width: int, height: int) -> tuple[list[list[ResultLine]], int]:
        """The value's lines in rows that fit ``height`` and the step from row to row.

        Every line a row of its own where they all fit; else the working out's short lines
        (a figure each, neither the score nor a loss) two to a row, then the rows closer
        together. A row the sums need (the score, what the list adds, the settlement) is
        never left out: only where even that is too tall do the working out's first lines
        give way (under the block of the player across every line up to the score)."""
        L = self.layout
        size = L.font_body
        lines = list(self.lines)

        def fits(rows: list[list[ResultLine]], step: int) -> bool:
            return self._rows_fit(rows, step, width, height)

        wide = size + L.gap // 2
        close = max(line_height(size), size + L.gap // 6)
        singles = [[v] for v in lines]
        if fits(singles, wide):
            return singles, wide
        while True:
            rows = self._pair_short(lines, width)
            for step in (wide, close):
                if fits(rows, step):
                    return rows, step
            first = next((i for i, v in enumerate(lines) if v.strong), len(lines))
            drop = next((i for i, v in enumerate(lines[:first]) if v.figure), None)
            if drop is None:  # then a sentence that only explains ("It counts as lost;
                drop = next((i for i, v in enumerate(lines[:first])  # the remaining...")
                             if not v.bad and not v.figure), None)
            if drop is None and self.cramped:  # (under the block of the player across)
                score = self.tr("value.score")  # then the working out up to the score
                last = next((i for i, v in enumerate(lines) if v.text == score), 0)
                drop = next((i for i, v in enumerate(lines[:last]) if v.figure), None)
            if drop is None:
                return rows, close
            del lines[drop]  # the working out's first line gives way

    def _rows_fit(self, rows: list[list[ResultLine]], step: int, width: int,
                  height: int) -> bool:
        """Whether value ``rows`` ``step`` apart in ``width`` fit ``height``."""
        L = self.layout
        n = sum(self._value_height(r[0], width) if len(r) == 1 else 1 for r in rows)
        need = (n - 1) * step + L.font_body
        return n == 0 or need <= height or L.scale == 1 and need - L.font_body <= height

    def _half(self, width: int) -> int:
        """The width of one of two columns of value lines side by side in ``width`` (a wide
        gap between them: the left one's figure is not read with the right one's words)."""
        return (width - 5 * self.layout.gap) // 2

    def _pair_short(self, lines: list[ResultLine], width: int) -> list[list[ResultLine]]:
        """The lines in rows, the working out's short lines (a figure each, neither the
        score nor a loss, their words fitting half of ``width``) two to a row."""
        L = self.layout
        half = self._half(width)
        rows: list[list[ResultLine]] = []
        open_row = False  # the last row holds one short line and takes another
        for value in lines:
            short = bool(value.figure) and not value.strong and not value.bad and \
                text_width(value.text, L.font_small) <= \
                half - text_width(value.figure, L.font_body) - 2 * L.gap
            if short and open_row:
                rows[-1].append(value)
                open_row = False
            else:
                rows.append([value])
                open_row = short
        return rows

    def _draw_value(self, surface: pygame.Surface, value: ResultLine, left: int, right: int,
                    y: int, bottom_limit: int, step: int) -> int:
        """One value line between ``left`` and ``right`` from ``y``: its words (a long
        sentence on two lines where there is room), its figure at the right; returns the
        next line's ``y``."""
        L = self.layout
        color = theme.BAD if value.bad else (theme.TEXT if value.strong else theme.TEXT_DIM)
        size = L.font_body
        room, at = self._value_room(value, right - left)
        two = [] if text_width(value.text, at, value.strong) <= room \
            else wrap(value.text, at, room, value.strong)
        if len(two) == 2 and y + step + size <= bottom_limit:
            # a sentence too long for the narrow panel: on two lines
            draw_text(surface, two[0], at, (left, y + (size - at) // 2), color,
                      bold=value.strong)
            y += step
            text = two[1]
        else:
            text, at = fit_size(value.text, (size, L.font_small, at), room, value.strong)
        draw_text(surface, text, at, (left, y + (size - at) // 2), color, bold=value.strong)
        if value.figure:
            draw_text(surface, value.figure, size, (right, y), color, "topright",
                      bold=value.strong)
        return y + step

    def _list_change(self) -> Sequence[int]:
        """What this deal changed of each player's score on the list (by its kind)."""
        row = self.row
        assert row is not None
        sf = self.session.series.list_kind == "seeger-fabian"
        return row.seeger_fabian if sf else row.plain

    def _list_entry(self, player: int, sep: str = "  ") -> str:
        """A player's name and what this deal changed of his score on the list."""
        return f"{self.session.names[player]}{sep}{signed(self._list_change()[player])}"

    def _names_per_row(self, width: int) -> int:
        """How many players' changes on the list stand side by side in ``width``: all,
        or (large text in a narrow panel, where one would be cut) half of them in each of
        two rows. Under the block of the player across, where the panel is short, all
        four in one row where they fit by their own widths."""
        n = len(self.session.names)
        if self.row is None or n < 4:
            return n
        L = self.layout
        least = L.font_caption
        if all(text_width(self._list_entry(p), least, True) <= width // n - L.gap
               for p in range(n)):
            return n
        one = [text_width(self._list_entry(p, " "), least, True) for p in range(n)]
        return n if self.cramped and sum(one) + 2 * n * L.gap <= width else -(-n // 2)

    def _list_places(self, width: int, per_row: int) -> tuple[list[str], int, list[int], int]:
        """The players' changes on the list, their size, each one's centre from the left
        of ``width`` and the room each has: in columns of equal width, all stepping down
        alike where a long one would be cut (four names side by side); where even the
        least size is cut there and they stand in one row, by their own widths, spaced
        alike (a name and his figure closer than the next name)."""
        L = self.layout
        n = len(self.session.names)
        entries = [self._list_entry(p) for p in range(n)]
        colw = width // per_row
        for size in (L.font_body, L.font_small, L.font_caption):
            if all(text_width(t, size, True) <= colw - L.gap for t in entries):
                break
        else:
            one = [self._list_entry(p, " ") for p in range(n)]
            for size in (L.font_body, L.font_small, L.font_caption):
                widths = [text_width(t, size, True) for t in one]
                if per_row == n and sum(widths) + 2 * n * L.gap <= width:
                    space = (width - sum(widths)) / n
                    centres = [round(space * (i + 0.5) + sum(widths[:i]) + w / 2)
                               for i, w in enumerate(widths)]
                    return one, size, centres, max(widths)
        centres = [p % per_row * colw + colw // 2 for p in range(n)]
        return entries, size, centres, colw - L.gap

    def draw_seal(self, surface: pygame.Surface, mark: str, left: int, right: int,
                  y: int) -> None:
        """The check of the cards in plain words ("Cards checked: fixed before the deal")
        in a line of its own, the seal it was checked against in small print after it
        (F1 explains it); where both do not fit, the words alone."""
        L = self.layout
        words = self.tr("results.seal")
        line = f"{words} · {self.tr('results.seal_mark', fingerprint=mark)}"
        if text_width(line, L.font_caption) > right - left:
            line = words
        draw_text(surface, ellipsize(line, L.font_caption, right - left), L.font_caption,
                  ((left + right) // 2, y), theme.TEXT_DIM, "midtop")

    def draw_table(self, surface: pygame.Surface) -> None:
        self.board.covered = self.panel_rect()  # a message on the table keeps beside it
        try:
            super().draw_table(surface)
        finally:
            self.board.covered = None

    def draw_extra(self, surface: pygame.Surface) -> None:
        L = self.layout
        tr = self.tr
        r = self.table.result
        if r is None:
            return
        style = self.settings.deck_style
        widgets.draw_panel(surface, self.panel_rect(), theme.PANEL_SOLID, theme.PANEL_BORDER,
                           L.radius * 2)
        rect = self.content_rect()
        pad = L.gap * 2
        y = rect.y + pad
        session = self.session
        # headline
        if r.passed:
            head: Label = tr("auction.all_passed")
            color = theme.TEXT
        elif r.declarer is None:
            head = tr("results.ramsch")
            color = theme.TEXT
        else:
            c = r.contract
            assert c is not None
            label = contract_label(c, style, tr)
            word = tr("results.won") if r.won else tr("results.lost")
            head = (session.name_of(r.declarer), " · ", *label, " · ", word)
            color = theme.GOOD if r.won else theme.BAD
        hsize = L.font_body if self.cramped else L.font_large
        heads: list[Label] = [head]
        if L.scale > 1 and rich(head, hsize, color, style, True).get_width() > \
                rect.width - 2 * pad:  # large text in a narrow panel: one line, smaller
            hsize = L.font_body
        if rich(head, hsize, color, style, True).get_width() > rect.width - 2 * pad \
                and isinstance(head, tuple):  # too wide: the game and its outcome below
            heads = [str(head[0]), head[2:]]
        for line in heads:
            box = draw_text(surface, line, hsize, (rect.centerx, y), color, "midtop",
                            bold=True, style=style)
            y = box.bottom
        y += L.gap
        # the skat, turned up, and the points
        skat = self.table.skat_cards()
        cw = self.skat_w
        ch = L.card_height(cw)
        left = rect.x + pad
        for i, card in enumerate(skat):
            surf = self.board.card_surface(card, True, cw, 0.0, shadow=False)
            surface.blit(surf, (left + i * (cw + L.gap // 2), y))
        draw_text(surface, tr("game.skat"), L.font_small,
                  (left + cw + L.gap // 4, y + ch + 2), theme.TEXT_DIM, "midtop")
        tx = left + 2 * cw + L.gap * 2
        ty = y
        if not r.passed and r.declarer is not None and r.contract is not None and \
                r.contract.kind != GameKind.NULL:
            skat_points = sum(CARD_POINTS[x] for x in skat)  # the header counted tricks only
            lines = [(tr("results.declarer_split", player=session.name_of(r.declarer),
                         tricks=r.declarer_points - skat_points, skat=skat_points),
                      str(r.declarer_points)),
                     (tr("results.defender_points"), str(120 - r.declarer_points))]
        elif not r.passed and r.declarer is None:
            lines = [(session.name_of(s), str(r.points[s])) for s in range(3)]
        elif not r.passed and r.declarer is not None:
            lines = [(tr("results.declarer_tricks", player=session.name_of(r.declarer)),
                      str(r.declarer_tricks))]
        else:
            lines = [(tr("results.skat_points"), str(sum(CARD_POINTS[x] for x in skat)))]
        for text, fig in lines:  # (in a narrow panel smaller, clear of the figure)
            room = rect.right - pad - text_width(fig, L.font_body, True) - L.gap - tx
            text, at = fit_size(text, (L.font_body, L.font_small, L.font_caption), room)
            draw_text(surface, text, at, (tx, ty + (L.font_body - at) // 2), theme.TEXT)
            draw_text(surface, fig, L.font_body, (rect.right - pad, ty), theme.TEXT,
                      "topright", bold=True)
            ty += L.font_body + L.gap // 2
        y = max(y + ch + L.font_small + L.gap, ty + L.gap)
        pygame.draw.line(surface, theme.PANEL_BORDER, (rect.x + pad, y),
                         (rect.right - pad, y))
        y += L.gap
        # the value, line by line
        per_row = self._names_per_row(rect.width - 2 * pad)
        names_rows = -(-len(session.names) // per_row)
        # (two rows of names a line's height apart at least: 1920x1080, 200 %)
        names_step = max(line_height(L.font_body, True), L.font_body + L.gap // 3)
        bottom_limit = rect.bottom - pad - L.button_h - L.gap * 3 - L.font_small \
            - L.font_body - self.seal_h() - (names_rows - 1) * names_step
        rows, step = self.value_rows(rect.width - 2 * pad, bottom_limit - y)
        heading = self.row is not None
        if heading and self.cramped:  # the list's heading gives way where that lets a line
            more = bottom_limit + L.font_small + L.gap // 3  # in (the dealer's plate says
            without = self.value_rows(rect.width - 2 * pad, more - y)  # he sits out)
            if sum(map(len, without[0])) > sum(map(len, rows)) or \
                    not self._rows_fit(rows, step, rect.width - 2 * pad, bottom_limit - y):
                heading = False
                bottom_limit = more
                rows, step = without
        half = self._half(rect.width - 2 * pad)
        for values in rows:
            if len(values) == 1:
                y = self._draw_value(surface, values[0], rect.x + pad, rect.right - pad, y,
                                     bottom_limit, step)
                continue
            for i, value in enumerate(values):  # two short lines side by side
                left = rect.x + pad + i * (rect.width - 2 * pad - half)
                self._draw_value(surface, value, left, left + half, y, bottom_limit, step)
            y += step
        # the score change on the list
        row = self.row
        if row is not None:
            y = max(y + L.gap // 2, bottom_limit + L.gap)
            if heading:
                sf = session.series.list_kind == "seeger-fabian"
                words = tr("results.list_sf") if sf else tr("results.list_plain")
                words, at = fit_size(self.row_heading(words), (L.font_small, L.font_caption),
                                     rect.width - 2 * pad)
                draw_text(surface, words, at, (rect.x + pad, y + (L.font_small - at) // 2),
                          theme.TEXT_DIM)
                y += L.font_small + L.gap // 3
            entries, at, centres, room = self._list_places(rect.width - 2 * pad, per_row)
            for p, v in enumerate(self._list_change()):
                cx = rect.x + pad + centres[p]
                cy = y + p // per_row * names_step
                col = theme.GOOD if v > 0 else theme.BAD if v < 0 else theme.TEXT_DIM
                draw_text(surface, ellipsize(entries[p], at, room, True), at,
                          (cx, cy + (L.font_body - at) // 2), col, "midtop", bold=True)
            y += (names_rows - 1) * names_step
            y += line_height(L.font_body, True) + L.gap // 3  # (the seal's line under it)
        else:
            y = bottom_limit + L.gap
        committed = session.deal_commitment()
        if committed is not None:  # the seed revealed matches the seal shown before
            self.draw_seal(surface, fingerprint(committed), rect.x + pad, rect.right - pad, y)
