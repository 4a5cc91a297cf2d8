"""The main menu and the new-list form (deals or Bierlachs, settlement, deck, opponents and
their level, house rules)."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import TYPE_CHECKING

import pygame

from skatgame.table.listmode import mode_options, rate_options, rate_words
from skatgame.table.settings import rule_options
from skatgame.ui import theme, widgets
from skatgame.ui.forms import draw_deck_preview, house_rule_rows, menu_card, timer_options
from skatgame.ui.scene import Scene, draw_dialog
from skatgame.ui.text import draw_text, ellipsize, line_height, wrap, wrap_lines
from skatgame.version import written_by

if TYPE_CHECKING:
    from skatgame.engine.options import RuleOptions
    from skatgame.table.saved import ListSummary
    from skatgame.ui.services import Services

def deal_counts(players: int) -> tuple[int, ...]:
    """The numbers of deals New list offers for ``players`` at the table."""
    from skatgame.table.session import whole_rounds
    from skatgame.table.settings import DEAL_COUNTS

    return tuple(sorted({whole_rounds(n, players) for n in DEAL_COUNTS}))


#: The four jacks fanned above the title.
MENU_CARDS = (31, 23, 15, 7)


class MenuScene(Scene):
    """New list, continue, score sheet, finished lists, statistics, settings, quit."""

    name = "menu"

    def __init__(self, services: Services) -> None:
        self.focus = 0
        self.warmed = False
        self.frames = 0  # frames drawn since the menu came (the deck is warmed after a few)
        self.saved: ListSummary | None = None
        self.progress_note = ""  # where the list stands, when the continue button is narrow
        self._peeked = False
        super().__init__(services)

    def has_saved_list(self) -> bool:
        """Whether there is a list to continue (in memory, or a usable one on disk)."""
        if self.services.session is not None and not self.services.session.finished:
            return True
        return self.peek() is not None

    def peek(self) -> ListSummary | None:
        """A quick look at the saved list (once per menu; a damaged file is set aside)."""
        from skatgame.table.saved import LIST_DOC, peek_saved_list

        store = self.services.store
        if not self._peeked:
            self._peeked = True
            self.saved = None
            if store is not None and store.exists(LIST_DOC):
                self.saved = peek_saved_list(store).value
        return self.saved

    def resume(self) -> None:
        self._peeked = False
        self.relayout()

    def continue_label(self) -> str:
        from skatgame.table.saved import progress_text

        summary = self.peek() if self.services.session is None else None
        session = self.services.session
        if session is not None and not session.finished:
            planned = session.planned_deals
            n = session.deal_number
            if session.result_shown:  # its result is still on the table
                return self.tr("menu.continue_at", progress=self.tr(
                    "menu.continue_results", n=n, total=planned) if planned else self.tr(
                    "menu.continue_results_open", n=n))
            return self.tr("menu.continue_at", progress=self.tr(
                "menu.continue_deal_of", n=n, total=planned) if planned else self.tr(
                "menu.continue_deal", n=n))
        if summary is not None:
            return self.tr("menu.continue_at", progress=progress_text(summary, self.tr))
        return self.tr("menu.continue")

    def relayout(self) -> None:
        L = self.layout
        tr = self.tr
        saved = self.has_saved_list()
        writable = not self.services.read_only
        self.buttons = [
            widgets.Button(tr("menu.new_list"), self.new_list, key_hint=tr("key.menu.new_list"),
                           primary=not saved and writable, enabled=writable, name="new"),
            widgets.Button(self.continue_label(), self.continue_list,
                           key_hint=tr("key.menu.continue"),
                           enabled=saved and writable, primary=saved and writable,
                           name="continue"),
            widgets.Button(tr("menu.together"), self.together, key_hint=tr("key.menu.together"),
                           enabled=writable, name="together"),
            widgets.Button(tr("menu.finished_lists"), self.finished_lists,
                           key_hint=tr("key.menu.finished_lists"),
                           name="finished"),
            widgets.Button(tr("menu.statistics"), self.statistics,
                           key_hint=tr("key.menu.statistics"), name="stats"),
            widgets.Button(tr("menu.learn"), self.learn, key_hint=tr("key.menu.learn"),
                           name="learn"),
            widgets.Button(tr("menu.settings"), self.open_settings,
                           key_hint=tr("key.menu.settings"), name="settings"),
            widgets.Button(tr("menu.quit"), self.services.window.quit,
                           key_hint=tr("key.menu.quit"), name="quit"),
        ]
        if self.services.session is not None:  # the sheet of the list just left
            self.buttons.insert(2, widgets.Button(tr("menu.score_sheet"), self.sheet,
                                                  key_hint=tr("key.menu.sheet"), name="sheet"))
        if not getattr(self, "_focus_set", False):
            self._focus_set = True
            self.focus = 1 if saved else 0  # Enter continues the saved list
            if not writable:
                self.focus = next((i for i, b in enumerate(self.buttons) if b.enabled), 0)
        # wide enough for every label whole ("Continue · results of deal 3 of 36")
        for b in self.buttons:
            b.font_size = L.font_body
        need = max(widgets.button_width(b, 0) for b in self.buttons)
        bw = min(max(round(400 * L.unit), need), L.width - 2 * L.margin)
        bh = L.button_h
        step = bh + L.gap * 3 // 4
        buttons_h = len(self.buttons) * step
        text_h = L.font_huge + L.font_body + 3 * L.gap
        # the jacks, the title, the subtitle and the buttons as one centred block; the
        # jacks shrink when the window is low
        footer = 2 * L.font_small + 2 * L.gap  # the saved list's line and the keys
        room = L.height - 2 * L.margin - footer - text_h - buttons_h
        rows = len(self.buttons)
        if room < 0 and L.scale > 1:  # larger text: the buttons in two columns
            rows = -(-len(self.buttons) // 2)
            buttons_h = rows * step
            bw = min(bw, (L.width - 2 * L.margin - L.gap) // 2)
            room = L.height - 2 * L.margin - footer - text_h - buttons_h
        card_h = max(0, min(L.card_height(round(L.card_w * 0.9)), round(room / 1.18)))
        self.card_w = round(card_h / L.card_height(1000) * 1000) if card_h else 0
        block = round(card_h * 1.18) + text_h + buttons_h
        top = max(L.margin, (L.height - footer - block) // 2)
        self.cards_y = top + round(card_h * 0.55)
        self.title_y = top + round(card_h * 1.18)
        buttons_top = self.title_y + text_h
        cols = -(-len(self.buttons) // rows)
        left = (L.width - cols * bw - (cols - 1) * L.gap) // 2
        for i, b in enumerate(self.buttons):
            col, row = divmod(i, rows)
            b.rect = pygame.Rect(left + col * (bw + L.gap), buttons_top + row * step, bw, bh)
            b.font_size = L.font_body
        # a continue button too narrow for where the list stands at the row's size (two
        # columns at large text) says "Continue", the line under the buttons the rest
        self.progress_note = ""
        cont = next((b for b in self.buttons if b.name == "continue"), None)
        if cont is not None and cont.label != tr("menu.continue") and \
                widgets.button_width(cont, 0) > bw:
            self.progress_note, cont.label = str(cont.label), tr("menu.continue")
        if self.focus >= len(self.buttons) or not self.buttons[self.focus].enabled:
            self.focus = next((i for i, b in enumerate(self.buttons) if b.enabled), 0)

    # ------------------------------------------------------------ actions

    def new_list(self) -> None:
        from skatgame.table.saved import LIST_DOC

        if self.services.read_only:
            return
        store = self.services.store
        self.peek()
        error = store.unreadable(LIST_DOC) if store is not None else None
        if store is not None and error is not None and self.services.session is None:
            # never replaced unseen: the player says so, and the file is moved aside
            def replace_unreadable() -> None:
                store.move_unreadable_aside(LIST_DOC)
                self.nav.push("new_list")

            body = self.tr("menu.new_list_unreadable", file=str(store.path_of(LIST_DOC)),
                           error=error)
            self.nav.push("confirm", title=self.tr("menu.new_list"), body=body,
                          on_yes=replace_unreadable, default_yes=False)
            return
        if self.services.session is not None and not self.services.session.finished or \
                self.peek() is not None:
            self.nav.push("confirm", title=self.tr("menu.new_list"),
                          body=self.tr("menu.new_list_replaces"),
                          on_yes=lambda: self.nav.push("new_list"))
            return
        self.nav.push("new_list")

    def continue_list(self) -> None:
        from skatgame.table.session import load_saved_session

        services = self.services
        table = services.table
        if table is not None and not table.session.finished:
            way_back = services.way_back  # left a deal played again: back to where it began
            services.way_back = None
            if way_back is not None and way_back.scenes:
                self.nav.restore(way_back.scenes)
                return
            self.nav.open_table(table, resume=True)
            return
        store = services.store
        if store is None or services.read_only:
            return
        result = load_saved_session(store)
        if result.value is None:
            problems = [m.translate(self.tr) for m in result.problems] or \
                [self.tr("menu.no_saved_list")]
            store.take_problems()
            services.said(problems)
            self._peeked = False
            self.relayout()
            self.nav.push("message", title=self.tr("menu.continue"),
                          body="\n\n".join(problems))
            return
        self.nav.open_list(result.value, resume=True)

    def sheet(self) -> None:
        if self.services.session is not None:
            self.nav.push("sheet", session=self.services.session)

    def finished_lists(self) -> None:
        self.nav.push("finished_lists")

    def together(self) -> None:
        """Host a table for friends, or join one."""
        self.nav.push("together")

    def statistics(self) -> None:
        self.nav.push("statistics")

    def learn(self) -> None:
        self.nav.push("learn")

    def open_settings(self) -> None:
        self.nav.push("settings")

    # ------------------------------------------------------------ loop

    def handle_event(self, event: pygame.event.Event) -> None:
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                step = 1 if event.key == pygame.K_DOWN else -1
                self.focus = widgets.step_focus(self.buttons, self.focus, step)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[self.focus].click()
            elif event.key == pygame.K_ESCAPE:
                self.services.window.quit()
            else:
                widgets.press_by_key(self.buttons, event)

    def update(self, dt: float) -> None:
        # counted in frames drawn, not updates: the first frame may follow several
        # updates (the time start-up took), and the menu must be on the screen first
        if not self.warmed and self.frames > 2:
            from skatgame.ui.board import warm_deck

            self.warmed = warm_deck(self.services.deck, self.layout.card_w, 0.004)

    def draw(self, surface: pygame.Surface) -> None:
        self.frames += 1
        L = self.layout
        surface.blit(self.services.window.felt(), (0, 0))
        # four jacks fanned above the title
        deck = self.services.deck
        cw = self.card_w
        if cw >= 30:
            for i, card in enumerate(MENU_CARDS):
                angle = (1.5 - i) * 10
                surf = menu_card(deck, card, cw, angle)
                x = L.width // 2 + (i - 1.5) * cw * 0.5
                y = self.cards_y + abs(i - 1.5) ** 2 * cw * 0.06
                surface.blit(surf, surf.get_rect(center=(round(x), round(y))))
        title_y = self.title_y
        title = draw_text(surface, self.tr("app.title"), L.font_huge,
                          (L.width // 2, title_y), theme.ACCENT, "midtop", bold=True)
        draw_text(surface, self.tr("menu.subtitle"), L.font_body,
                  (L.width // 2, title.bottom), theme.TEXT_DIM, "midtop")
        for i, b in enumerate(self.buttons):  # one gold button: the one Enter presses
            b.primary = i == self.focus and b.enabled
            b.draw(surface)
        self.draw_saved_line(surface)
        draw_text(surface, self.tr("menu.keys"), L.font_small,
                  (L.width - L.margin, L.height - L.margin), theme.TEXT_DIM,
                  "bottomright")
        draw_text(surface, written_by(), L.font_small, (L.margin, L.height - L.margin),
                  theme.TEXT_DIM, "bottomleft")  # (faded, it fell below 4.5:1 at 200 %)

    def draw_saved_line(self, surface: pygame.Surface) -> None:
        """Under the buttons: the saved list's players, totals and when it was saved
        (and that nothing is saved, in a read-only copy)."""
        L = self.layout
        if self.services.read_only:
            text = self.tr("menu.read_only")
            text = ellipsize(text, L.font_small, L.width - 2 * L.margin)
            draw_text(surface, text, L.font_small, (L.width // 2, L.margin),
                      theme.ACCENT, "midtop")
        summary = self.saved if self.services.session is None else None
        top = max(b.rect.bottom for b in self.buttons) + L.gap
        if summary is None:
            if self.progress_note:
                draw_text(surface, ellipsize(self.progress_note, L.font_small,
                                             L.width - 2 * L.margin),
                          L.font_small, (L.width // 2, top), theme.TEXT_DIM, "midtop")
            return
        from skatgame.table.names import display_name

        names = [display_name(name, level, self.tr)
                 for name, level in zip(summary.names, summary.levels, strict=True)]
        parts = [f"{name} {total}" for name, total in zip(names, summary.totals, strict=True)]
        from skatgame.table.texts import format_when

        when = format_when(summary.saved, self.tr)
        text = self.tr("menu.saved_line", players=" · ".join(parts), when=when)
        if self.progress_note:  # (where the continue button could not say it)
            text = f"{self.progress_note} · {text}"
        draw_text(surface, ellipsize(text, L.font_small, L.width - 2 * L.margin),
                  L.font_small, (L.width // 2, top), theme.TEXT_DIM, "midtop")


def close_running_list(services: Services) -> None:
    """Before a new list: keep the list in progress with the finished ones (if it has deals)."""
    from skatgame.table.session import close_list_in_progress

    if services.store is None or not services.saving:
        return
    close_list_in_progress(services.store, services.session)
    services.table = None


#: How long New list says that a letter typed into a name was left out.
REFUSED_SECONDS = 6.0

#: New list's parts, each under its heading: the list's settings; the names and levels
#: of the players; the house rules. Large text shows one part at a time.
PARTS = ("list", "names", "rules")
HEADINGS = {"list": "newlist.list", "names": "newlist.names", "rules": "settings.house_rules"}

class NewListScene(Scene):
    """The form for a new list; Enter starts it, Esc goes back."""

    name = "new_list"

    def __init__(self, services: Services) -> None:
        from skatgame.table.settings import DEAL_COUNTS, DECK_STYLES, LEVELS

        tr = services.tr
        s = services.settings
        opts = rule_options(s.house_rules)
        on_off = [(True, tr("settings.on")), (False, tr("settings.off"))]
        # the deals and the kind of list as the player chose them for his last list
        self.deals = widgets.Choice(tr("newlist.deals"), [(n, str(n)) for n in DEAL_COUNTS],
                                    DEAL_COUNTS.index(36), name="deals",
                                    on_change=self._deals_chosen)
        self.deals.select_value(s.deals)  # (a count of whole rounds at four: see _seats)
        self.asked_deals = s.deals  # as the player chose them (before any rounding)
        self.list_kind = widgets.Choice(tr("newlist.list_kind"),
                                        [("seeger-fabian", tr("sheet.kind_sf")),
                                         ("plain", tr("sheet.kind_plain"))], name="list_kind")
        self.list_kind.select_value(s.list_kind)
        # how the list ends: after the deals, or a Bierlachs to a limit; money per point
        self.mode = widgets.Choice(tr("newlist.mode"), mode_options(tr), name="mode",
                                   on_change=lambda _v: self._mode())
        self.mode.select_value(s.list_limit)
        self.rate = widgets.Choice(tr("newlist.rate"), rate_options(tr), name="rate")
        self.rate.select_value(s.rate)
        self.deck = widgets.Choice(tr("settings.deck_style"),
                                   [(d, tr(f"settings.deck_style.{d}")) for d in DECK_STYLES],
                                   DECK_STYLES.index(s.deck_style), name="deck")
        levels = [(lv, tr(f"level.{lv}")) for lv in LEVELS]
        from skatgame.table.names import MAX_NAME

        left, right, top = s.three_opponents
        self.players = widgets.Choice(tr("newlist.players"),
                                      [(3, tr("newlist.players_3")), (4, tr("newlist.players_4"))],
                                      name="players", on_change=lambda _v: self._seats())
        self.players.select_value(s.players)
        self.timer = widgets.Choice(tr("newlist.timer"), timer_options(tr), name="timer")
        self.timer.select_value(s.move_timer)
        # the computer players' rows: the name (typed) where the label goes, the level
        self.left = widgets.Choice("", levels, LEVELS.index(left.level), name="left")
        self.top = widgets.Choice("", levels, LEVELS.index(top.level), name="top")
        self.right = widgets.Choice("", levels, LEVELS.index(right.level), name="right")
        self.you = widgets.TextField(s.player_name, tr("table.you"), MAX_NAME, "name_you")
        self.you.label = tr("settings.player_name")
        self.name_fields = {
            "left": widgets.TextField(left.name, "Anna", MAX_NAME, "name_left"),
            "top": widgets.TextField(top.name, "Clara", MAX_NAME, "name_top"),
            "right": widgets.TextField(right.name, "Ben", MAX_NAME, "name_right"),
        }
        self.clock = 0.0
        self.refused_for = 0.0  # how long the note on a refused letter has been shown
        # practice: take back cards, the review after every deal, not in the statistics
        self.practice = widgets.Choice(tr("newlist.practice"), on_off, 1, name="practice")
        self.rules = house_rule_rows(tr, opts)
        rows = [self.mode, self.deals, self.list_kind, self.rate, self.deck, self.players,
                self.timer, self.practice, self.left, self.top, self.right, *self.rules]
        self.form = widgets.Form(rows, s.deck_style,
                                 lambda: [*self.fields, *self.buttons])
        self.form.walk = self.stops
        self.list_rows = rows[:len(rows) - len(self.rules)]  # the left column's
        #: the computer players' rows, under a heading of their own (under "The list"
        #: they were taken for settings of the list)
        self.seat_rows = [self.left, self.top, self.right]
        # text larger than the window's own: each part's rows scrolled (see relayout)
        self.scrolls = {part: widgets.RowScroll() for part in PARTS}
        self.large = False
        #: large text, the list's part on show: where the note on rounded deals goes
        self.deals_note_area = pygame.Rect(0, 0, 0, 0)
        self.part = "list"  # large text: the part of the form shown (one of PARTS)
        self._seats()
        self._mode()
        super().__init__(services)

    @property
    def fields(self) -> list[widgets.TextField]:
        """The names: the player's, then the computer players' clockwise."""
        return [self.you, *self.name_fields.values()]

    def _seats(self) -> None:
        """The player across the table only plays at four; the deals offered are whole
        rounds for the players (a count chosen for three is rounded up, and said)."""
        four = self.players.value == 4
        self.top.enabled = four
        self.name_fields["top"].enabled = four
        players = self.players.value
        self.deals.options = [(n, str(n)) for n in deal_counts(players)]
        from skatgame.table.session import whole_rounds

        self.deals.select_value(whole_rounds(self.asked_deals, players))

    def _deals_chosen(self, deals: int) -> None:
        self.asked_deals = deals

    @property
    def rounded_note(self) -> str:
        """What New list says when the deals chosen became whole rounds ("" if not, or
        when the list is a Bierlachs, played to its limit)."""
        if self.deals.value == self.asked_deals or not self.deals.enabled:
            return ""
        return self.tr("newlist.deals_rounded", asked=self.asked_deals, deals=self.deals.value)

    @property
    def explanation(self) -> str:
        """What the row in focus means for the list (its scoring, how it ends, the
        settlement, practice); for any other row, how the list ends."""
        tr = self.tr
        rows = self.form.rows
        row = rows[self.form.focus] if self.form.focus < len(rows) else None  # (a name,
        # a button: how the list ends)
        if row is self.list_kind:
            if self.list_kind.value == "plain":
                return tr("newlist.explain_plain")
            return tr("newlist.explain_sf", n=40 if self.players.value == 3 else 30)
        if row is self.rate:
            if self.rate.value == "0":
                return tr("newlist.explain_no_rate")
            key = "newlist.explain_rate_lachs" if self.mode.value else "newlist.explain_rate"
            return tr(key, rate=rate_words(Decimal(self.rate.value), tr))
        if row is self.practice:
            return tr("newlist.explain_practice_on" if self.practice.value else
                      "newlist.explain_practice_off")
        if self.mode.value:
            return tr("newlist.explain_bierlachs", limit=self.mode.value)
        return tr("newlist.explain_deals")

    def _mode(self) -> None:
        """A Bierlachs is played to its limit: the number of deals is not asked."""
        self.deals.enabled = self.mode.value == 0

    def update(self, dt: float) -> None:
        self.clock += dt
        # a letter the font cannot draw was left out of a name: said for a few seconds
        if any(f.refused for f in self.fields):
            self.refused_for += dt
            if self.refused_for > REFUSED_SECONDS:
                for f in self.fields:
                    f.refused = ""
        else:
            self.refused_for = 0.0

    def relayout(self) -> None:
        L = self.layout
        tr = self.tr
        pad = 2 * L.gap
        n_right = max(len(self.rules) + 1, 14)  # the list's rows and the player's name too
        # in a small window the form takes the height it needs for rows of at least 18 px
        head, foot = pad + L.font_title + L.gap * 2, pad + L.button_h + L.gap
        need = head + foot + n_right * (18 + L.gap // 2)
        self.panel = L.dialog_rect(1120, max(660, need / L.unit))
        p = self.panel
        top = p.y + head
        colw = (p.width - 3 * pad) // 2
        bottom = p.bottom - foot
        # (the left column: the list's rows and the names', each under its heading)
        row_h = self.form.fit(bottom - top, n_right - 1, 2, L.gap, round(36 * L.unit),
                              L.font_body, L.font_large)
        # larger text than the window's own: rows at the size chosen, scrolled, rather
        # than squeezed to about the normal size; at 100 % a small window's rows give
        for scroll in self.scrolls.values():
            scroll.marks = None
        self.large = self.form.font_size < L.font_body and self.settings.text_size > 100
        if self.large:
            # larger text than the window's own: rows at the size chosen, one part of the
            # form at a time (the one in focus), scrolled, rather than squeezed to about
            # the normal size; at 100 % a small window's rows give a little instead
            self._place_large(pygame.Rect(p.x + pad, top, p.width - 2 * pad, bottom - top))
        else:
            step = row_h + L.gap // 2
            head = self.form.heading_h(row_h) + L.gap // 2
            own = self._column("list")
            left = pygame.Rect(p.x + pad, top, colw, head + len(own) * step)
            names = pygame.Rect(left.x, left.bottom + L.gap // 2, colw, bottom - left.bottom)
            right = pygame.Rect(p.x + 2 * pad + colw, top, colw, bottom - top)
            self.form.place([(left, own, tr(HEADINGS["list"])),
                             (names, self.seat_rows, tr(HEADINGS["names"])),
                             (right, self.rules, tr(HEADINGS["rules"]))], row_h, L.gap)
            # one column: its values' boxes (and so the arrows) in line under both headings
            value_w = max(r.value_w for r in self.list_rows)
            for r in self.list_rows:
                r.value_w = value_w
            # under the house rules, the explanation of the row in focus
            last = self.rules[-1].rect
            self.explain_area = pygame.Rect(right.x, last.bottom + L.gap, right.width,
                                            bottom - last.bottom - L.gap)
            self._place_you(self.right.rect.bottom + L.gap // 2)
        # each computer player's name in its row's label place
        for key, row in (("left", self.left), ("top", self.top), ("right", self.right)):
            self.name_fields[key].tag = tr(f"newlist.name_{key}")
            if row.rect.width <= 0:  # not shown
                self.name_fields[key].rect = pygame.Rect(row.rect.topleft, (0, 0))
                continue
            arrow = row.arrow_rects()[0]
            self.name_fields[key].rect = pygame.Rect(row.rect.x, row.rect.y,
                                                     arrow.left - row.rect.x - L.gap,
                                                     row.rect.height)
        back = widgets.Button(tr("menu.back"), self.nav.pop, key_hint="Esc",
                              font_size=L.font_body, name="back")
        start = widgets.Button(tr("newlist.start"), self.start, key_hint="Enter", primary=True,
                               font_size=L.font_body, name="start")
        bar = pygame.Rect(p.x, p.bottom - pad - L.button_h, p.width, L.button_h)
        widgets.row_of_buttons([back, start], bar, L.button_h, L.gap * 2,
                               round(L.button_h * 3.6))
        self.buttons = [back, start]

    def _place_large(self, area: pygame.Rect) -> None:
        """Large text: the part of the form in focus (the list, the names, or the house
        rules) across the panel under its heading, its rows scrolled; under them the
        player's name and the line under it (the names), then the explanation of the row
        in focus."""
        L = self.layout
        row_h = L.font_body + max(8, L.font_body // 3)
        self.form.font_size = L.font_body
        self.form.heading_size = L.font_large
        row = self._focused_row()
        if row is not None or self.form.extra in self.fields:
            self.part = next(p for p in PARTS if row in self._column(p)) \
                if row in self.form.rows else "names"  # (the player's name)
        part = self.part  # (a button in focus: the part shown stays)
        rows = self._column(part)
        for row in self.form.rows:
            if row not in rows:
                row.rect = pygame.Rect(area.topleft, (0, 0))
        self.form.place([(area, rows, self.tr(HEADINGS[part]))], row_h, L.gap)
        size = L.font_caption
        caption = line_height(size)
        explain = caption * self._explanation_lines(area.width) + L.gap
        hint = max(len(wrap_lines(t, size, area.width - size, 2)) for t in self._hints())
        # under the names their hint; under the list's rows the note that the deals became
        # whole rounds (said under the names too, where both stand at 100 %)
        below = explain + (row_h + L.gap + hint * caption if part == "names" else
                           hint * caption + L.gap // 2 if part == "list" else 0)
        rows_top = rows[0].rect.y
        self._scroll(part, pygame.Rect(area.x, rows_top, area.width,
                                       area.bottom - rows_top - below), row_h)
        y = self._rows_bottom(part) + L.gap // 2
        self.deals_note_area = pygame.Rect(area.x, y, 0, 0)
        if part == "names":
            self._place_you(y)
            y = self.you.rect.bottom + L.gap // 2 + hint * caption + L.gap // 2
        else:
            self._place_you(None)
            if part == "list":
                self.deals_note_area = pygame.Rect(area.x, y, area.width, hint * caption)
                y += hint * caption + L.gap // 2
        self.explain_area = pygame.Rect(area.x, y, area.width, area.bottom - y)

    def _place_you(self, y: int | None) -> None:
        """The player's name under the list's rows at ``y`` (None: not shown)."""
        if y is None:
            self.you_label = pygame.Rect(self.panel.topleft, (0, 0))
            self.you.rect = self.you_label.copy()
            return
        shown = next(r for r in self.list_rows if r.rect.width > 0)
        label_w = shown.arrow_rects()[0].left - shown.rect.x
        self.you_label = pygame.Rect(shown.rect.x, y, label_w, shown.rect.height)
        self.you.rect = pygame.Rect(shown.rect.x + label_w, y, shown.rect.width - label_w,
                                    shown.rect.height)

    def _hints(self) -> list[str]:
        """The lines that may stand under the names (the room kept for them)."""
        return [self.tr("newlist.name_hint"), self.tr("newlist.name_refused"),
                self.rounded_note]

    def _column(self, name: str) -> list[widgets.Choice]:
        """The rows of a part (one of PARTS)."""
        if name == "rules":
            return self.rules
        return self.seat_rows if name == "names" else \
            [r for r in self.list_rows if r not in self.seat_rows]

    def _focused_row(self) -> widgets.Choice | None:
        """The row in focus, or the computer player's row whose name is."""
        rows = self.form.rows
        if self.form.focus < len(rows):
            return rows[self.form.focus]
        extra = self.form.extra
        return next((getattr(self, k) for k, f in self.name_fields.items() if f is extra),
                    None)

    def _scroll(self, name: str, column: pygame.Rect, row_h: int) -> None:
        self.scrolls[name].place(self._column(name), column, row_h, self.layout.gap,
                                 self._focused_row())

    def _rows_bottom(self, name: str) -> int:
        """The bottom of a column's rows as shown (its ▼ included)."""
        marks = self.scrolls[name].marks
        if marks is not None and marks[1] is not None:
            return marks[1].bottom
        return max(r.rect.bottom for r in self._column(name) if r.rect.width > 0)

    def _explanation_lines(self, width: int) -> int:
        """The most lines the explanations of the rows take at ``width`` (the room kept
        for them under scrolled house rules)."""
        focus, most = self.form.focus, 2
        size = self.layout.font_caption
        for i in range(len(self.form.rows) + 1):
            self.form.focus = i
            most = max(most, len(wrap(self.explanation, size, width - size)))
        self.form.focus = focus
        return most

    def options(self) -> RuleOptions:
        from skatgame.engine.options import RuleOptions

        values = {row.name: row.value for row in self.rules}
        return RuleOptions.from_dict(values)

    def start(self) -> None:
        from skatgame.table.names import is_you
        from skatgame.table.session import new_session
        from skatgame.table.settings import Opponent

        services = self.services
        s = services.settings
        for f in self.fields:
            f.end()
        options = self.options()
        names = {k: f.value for k, f in self.name_fields.items()}
        left = Opponent(self.left.value, names["left"])
        right = Opponent(self.right.value, names["right"])
        top = Opponent(self.top.value, names["top"])
        you = "" if is_you(self.you.value) else self.you.value
        players = self.players.value
        services.change_settings(dataclasses.replace(
            s, deck_style=self.deck.value, opponents=(left, right, top), player_name=you,
            players=players, move_timer=self.timer.value, house_rules=options.to_dict(),
            list_limit=self.mode.value, rate=self.rate.value, deals=self.asked_deals,
            list_kind=self.list_kind.value))
        close_running_list(services)
        seated = services.settings.seat_opponents(players - 1)
        session = new_session(you or self.tr("table.you"), deals=self.deals.value,
                              options=options, list_kind=self.list_kind.value,
                              levels=tuple(o.level for o in seated),
                              names=tuple(o.name for o in seated), seed=services.seed,
                              practice=bool(self.practice.value), move_timer=self.timer.value,
                              bierlachs=self.mode.value, rate=self.rate.value)
        self.nav.open_list(session)
        services.save_list()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.large:
            part = self.part
            rows = self._column(part)
            first = self.scrolls[part].first
            shown = self.scrolls[part].wheel(rows, event.y)
            row = self._focused_row()
            if first == shown.start and event.y != 0:  # at its end: on to the next part
                at = PARTS.index(part) + (1 if event.y < 0 else -1)
                if 0 <= at < len(PARTS):
                    rows = self._column(PARTS[at])
                    row = rows[0] if event.y < 0 else rows[-1]
            elif row in rows:  # the focus goes along, in view
                row = rows[min(max(rows.index(row), shown.start), shown.stop - 1)]
            if row is not None:
                self.form.focus = self.form.rows.index(row)
            self.relayout()
            return
        focus = self.form.focus
        self._handle(event)
        if self.large and self.form.focus != focus:
            self.relayout()  # the focused row into view

    def _handle(self, event: pygame.event.Event) -> None:
        editing = [f for f in self.fields if f.editing]
        if editing and editing[0].handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONUP:
            for f in self.fields:
                if f.handle_event(event):
                    return
        if widgets.handle_buttons(self.buttons, event):
            return
        if self._walk(event):
            return
        if event.type == pygame.KEYDOWN:
            if self.form.extra is not None and self.form.handle_event(event):
                return  # the focus is on a name or a button: Enter presses that
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
                return
            if event.key == pygame.K_ESCAPE:
                self.nav.pop()
                return
        self.form.handle_event(event)

    def _walk(self, event: pygame.event.Event) -> bool:
        """Down or Tab (Up, Shift+Tab) move the focus in the order the form is read: the
        list's rows, the names (the player's, the computer players'), the house rules,
        the buttons. (The form alone put the names after the house rules, where large
        text shows the rules without the names: the player's name was never reached.)"""
        if event.type != pygame.KEYDOWN:
            return False
        form = self.form
        extra = form.extra
        key = event.key
        if key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB) or \
                (extra is not None and key == pygame.K_RIGHT):
            step = -1 if key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT else 1
        elif key in (pygame.K_UP, pygame.K_w) or (extra is not None and key == pygame.K_LEFT):
            step = -1
        else:
            return False
        stops = self.stops()
        here = extra if extra is not None else form.rows[min(form.focus, len(form.rows) - 1)]
        at = stops.index(here) if here in stops else 0
        self._focus_stop(stops[(at + step) % len(stops)])
        return True

    def stops(self) -> list[object]:
        """Where Down and Tab take the focus, in turn (see :meth:`_walk`)."""
        return [*self.list_rows, *(f for f in self.fields if f.enabled), *self.rules,
                *self.buttons]

    def _focus_stop(self, stop: object) -> None:
        """The focus on ``stop`` (a row, a name or a button), the part of the form it
        stands in shown (large text)."""
        form = self.form
        for _ in range(2):  # (large text: once more when the part shown changed)
            if stop in form.rows:
                form.focus = form.rows.index(stop)
            else:
                if stop in self.fields and self.part != "names":
                    form.focus = form.rows.index(self.seat_rows[-1])
                    self.relayout()  # the names stand under the list's rows
                extras: list[object] = list(form.extras())
                if stop in extras:
                    form.focus = len(form.rows) + extras.index(stop)
            if not self.large:
                return
            self.relayout()

    def draw(self, surface: pygame.Surface) -> None:
        L = self.layout
        surface.blit(self.services.window.felt(), (0, 0))
        draw_dialog(surface, L, self.panel, self.tr("menu.new_list"))
        self.form.draw(surface)
        size = self.form.font_size
        for f in self.fields:
            f.draw(surface, size, self.clock)
        for scroll in self.scrolls.values():
            scroll.draw(surface)
        self._draw_explanation(surface)
        if self.you.rect.width > 0:  # (large text: not beside the house rules)
            self._draw_name_hint(surface)
        elif self.large and self.part == "list" and self.rounded_note:
            size = self.layout.font_caption
            area = self.deals_note_area
            y = area.y
            for line in wrap_lines(self.rounded_note, size, area.width - size, 2):
                y = draw_text(surface, line, size, (area.x + size * 0.6, y), theme.WARN).bottom
        for b in self.buttons:
            b.draw(surface)

    def _draw_name_hint(self, surface: pygame.Surface) -> None:
        """The player's name's label, the line under the names, the deck in what is left."""
        L = self.layout
        size = self.form.font_size
        draw_text(surface, ellipsize(self.tr("settings.player_name"), size,
                                     self.you_label.width - size),
                  size, (self.you_label.x + size * 0.6, self.you_label.centery),
                  theme.TEXT, "midleft")
        # under the names: how to change them, why a letter typed was left out, or that
        # the deals became whole rounds for four
        refused = any(f.refused for f in self.fields) or bool(self.rounded_note)
        hint = self.tr("newlist.name_refused") if any(f.refused for f in self.fields) else \
            self.rounded_note or self.tr("newlist.name_hint")
        y = self.you.rect.bottom + L.gap // 2
        width = self.you.rect.right - self.you_label.x - size
        for line in wrap_lines(hint, L.font_caption, width, 2):
            y = draw_text(surface, line, L.font_caption,
                          (self.you_label.x + size * 0.6, y),
                          theme.WARN if refused else theme.TEXT_DIM).bottom
        bottom = self.buttons[0].rect.top - L.gap
        top = y + L.gap
        area = pygame.Rect(self.you_label.x, top, self.you_label.width + self.you.rect.width,
                           bottom - top)
        if not self.large:
            draw_deck_preview(surface, area, self.deck.value, self.settings.german_letters)

    def _draw_explanation(self, surface: pygame.Surface) -> None:
        """Under the house rules: what the chosen mode or option means, whole, where
        there is room for it (a small window at 100 %: the rows and buttons first; large
        text keeps its room, the rules scrolled)."""
        area = self.explain_area
        size = self.layout.font_caption
        lines = wrap(self.explanation, size, area.width - size)
        if len(lines) * line_height(size) > area.height:
            return
        y = area.y
        for line in lines:
            y = draw_text(surface, line, size, (area.x + size * 0.6, y), theme.TEXT_DIM).bottom
