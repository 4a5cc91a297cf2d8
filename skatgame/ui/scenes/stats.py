"""The statistics screen: figures and charts per player, over a chosen period.

Tabs (Tab or 1-6): the overview (a table per player and level: lists, deals,
games declared by kind, won, lost, Seeger-Fabian per 36 deals), the list as a
chart (running totals deal by deal; Left and Right choose the list), Seeger-
Fabian per 36 deals over time with its trend, the games (declared and won by
kind, with the share of deals declared, the average bid, the win rate and the
defenders' share of points), "cards or play?" (what the dealt hands were worth
against what was scored) and the dealing (the hands dealt against chance).

Filters: the player (P), the opponents' level (O) and the period (T: this
list, the last 30 days, every list). S saves the chart shown as a PNG in the
exports folder. Esc goes back. Tab (Shift+Tab back) moves the focus through the
tabs, then the filters, Save and Back; Enter or Space presses the one with the focus.

The lists come as summaries (:mod:`skatgame.table.statcache`), so the screen
opens at once; the hands' worths are mostly worked out already, while the game
was quiet (:mod:`skatgame.table.worthfill`); those still missing are worked out in
the workers while the "cards or play?" tab is open (:mod:`skatgame.table.worth`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from skatgame.table.i18n import count_text
from skatgame.table.stats import (
    GAME_GROUPS,
    MIN_DEALS_PER_36,
    PERIODS,
    TREND_LISTS,
    ListStats,
    against,
    cards_or_play,
    compute,
    game_figures,
    hand_of,
    in_period,
    over_time,
    player_key,
    running_totals,
)
from skatgame.table.texts import format_when, level_name
from skatgame.ui import charts, theme, widgets
from skatgame.ui.charts import MIN_TEXT_PX, PALETTE, Series
from skatgame.ui.scene import Scene, draw_dialog
from skatgame.ui.text import (
    draw_text,
    ellipsize,
    fit_size,
    line_height,
    text_width,
    wrap,
)

if TYPE_CHECKING:
    from skatgame.table.session import Session
    from skatgame.table.stats import PlayerStats
    from skatgame.table.thinker import Ticket
    from skatgame.table.worth import WorthBook
    from skatgame.ui.services import Services

#: Column keys and their share of the table's width; the first is the player.
COLUMNS = (("stats.player", 0.2), ("stats.lists", 0.06), ("stats.deals", 0.07),
           ("stats.games", 0.11), ("contract.grand", 0.07), ("stats.suit", 0.1),
           ("contract.null", 0.06), ("stats.won", 0.1), ("stats.lost", 0.1),
           ("stats.sf36", 0.13))
#: The tabs, in order.
TABS = ("overview", "list", "time", "games", "cards", "dealing")
#: Seconds spent reading lists missing from the cache before the first frame, and in
#: each frame after it (the first opening after an update reads every list).
READ_FIRST, READ_STEP = 0.15, 0.03
#: Hands whose worth one job works out (a job takes about a tenth of a second per hand).
WORTH_BATCH = 4
#: Jobs of worths between two saves of the worths worked out.
SAVE_EVERY = 10
#: Lists shown in the per-list bars of "cards or play?".
LISTS_SHOWN = 12


#: Whether a part of a tab fits a size (width, height); how it is drawn into a rectangle.
Fits = Callable[[tuple[int, int]], bool]
Draw = Callable[[pygame.Rect], None]


def _signed(x: float) -> str:
    return f"{x:+.0f}".replace("-", "−")


def _column_pages(needs: list[int], width: int, floor: int = 0) -> list[list[int]]:
    """The table's columns in parts that fit ``width`` (each with the first, the
    player's): all in one where the others keep whole with the first at half its need
    (never below ``floor``, its heading's), else as many as keep whole beside the first
    (large text)."""
    half = max(needs[0] // 2, floor)
    if sum(needs[1:]) + half <= width:
        return [list(range(len(needs)))]
    # the first whole where it takes half the width at most (a computer's level beside
    # his name: the rows stay low)
    first = needs[0] if needs[0] <= width // 2 else half
    pages = [[0]]
    used = first
    for i in range(1, len(needs)):
        if len(pages[-1]) > 1 and used + needs[i] > width:
            pages.append([0])
            used = first
        pages[-1].append(i)
        used += needs[i]
    return pages


class StatisticsScene(Scene):
    """Figures and charts per player, opponents' level and period."""

    name = "statistics"

    def __init__(self, services: Services) -> None:
        from skatgame.table.saved import now_text
        from skatgame.table.statcache import Reading
        from skatgame.table.stats import counted_session

        self.session = self._in_progress(services)
        self.heading_need = 0  # the players' column's heading, whole (see _needs)
        # lists not in the cache are read a few a frame after the first (see update); the
        # cache, if it changed, is written once the screen has been seen
        self.reading = Reading(services.store) if services.store is not None else None
        if self.reading is not None:
            self.reading.step(READ_FIRST)
        counted = counted_session(self.session)
        self.current = counted.list_id if counted is not None and counted.series.rows \
            else None
        self.now = now_text()
        self.tab = "overview"
        self.period = "all"
        self.player = player_key("", None)
        self.level: str | None = None
        self._gathered()
        self.list_pick = 0
        self.scroll = 0
        #: with large text, the page of the tab shown (its charts one by one, the
        #: overview's columns part by part; Left and Right turn) and how many there are
        self.page = 0
        self.pages = 1
        #: the button with the keyboard's focus after the tabs ("": the tab on show)
        self.focus = ""
        self.saved_text = ""
        self.saved_bad = False
        self.want_save = False
        self.chart_rect = pygame.Rect(0, 0, 0, 0)
        self.book: WorthBook | None = None
        self.ticket: Ticket[list[float]] | None = None
        self.asked: tuple[tuple[int, bool], ...] = ()
        self.failed: set[tuple[int, bool]] = set()
        self.batches = 0
        self.shown = False  # a frame has been drawn
        self._refilter()
        super().__init__(services)

    @staticmethod
    def _in_progress(services: Services) -> Session | None:
        """The list at the table, or the saved one (its finished deals count too)."""
        if services.session is not None:
            return services.session
        store = services.store
        if store is None:
            return None
        from skatgame.table.saved import LIST_DOC
        from skatgame.table.session import load_saved_session

        if not store.exists(LIST_DOC):
            return None
        return load_saved_session(store).value

    # ------------------------------------------------------------ filters

    def _gathered(self) -> None:
        """Take the lists read so far: every figure from them."""
        from skatgame.table.statcache import counted

        found = self.reading.summaries() if self.reading is not None else []
        self.all_lists: list[ListStats] = counted(found, self.session)
        everyone = compute(self.all_lists)
        self.players = [player_key(s.name, s.level) for s in everyone]
        self.player_names = {player_key(s.name, s.level): s for s in everyone}
        if self.player not in self.players and self.players:
            self.player = self.players[0]

    def _refilter(self) -> None:
        """The lists of the period, against the opponents' level, and their figures."""
        period = in_period(self.all_lists, self.period, self.now, self.current)
        self.lists = against(period, self.player, self.level) if self.level else period
        self.n_lists = len(self.lists)
        self.n_deals = sum(s.deals for s in self.lists)
        self.table: list[PlayerStats] = compute(self.lists)
        self.mine = against(self.lists, self.player, None)  # the lists the player played
        self.list_pick = min(self.list_pick, max(0, len(self.mine) - 1))
        self.scroll = 0
        self.worths_done = False  # every hand of the period has its worth (or failed)

    def opponent_levels(self) -> list[str | None]:
        """``None`` (any level) and each level the player's opponents had."""
        seen: list[str] = []
        for s in self.all_lists:
            p = s.index_of(self.player)
            if p is None:
                continue
            for i, lv in enumerate(s.levels):
                if i != p and lv is not None and lv not in seen:
                    seen.append(lv)
        return [None, *sorted(seen)]

    def next_player(self) -> None:
        if self.players:
            i = self.players.index(self.player) if self.player in self.players else -1
            self.player = self.players[(i + 1) % len(self.players)]
            self.level = None
            self._changed()

    def next_level(self) -> None:
        levels = self.opponent_levels()
        i = levels.index(self.level) if self.level in levels else 0
        self.level = levels[(i + 1) % len(levels)]
        self._changed()

    def next_period(self) -> None:
        self.period = PERIODS[(PERIODS.index(self.period) + 1) % len(PERIODS)]
        self._changed()

    def show_tab(self, tab: str) -> None:
        if tab in self.tabs():
            self.tab = tab
            self.page = 0
            self.saved_text = ""
            self.relayout()

    def tabs(self) -> tuple[str, ...]:
        """The tabs there are."""
        return TABS

    def _changed(self) -> None:
        self._refilter()
        self.page = 0
        self.saved_text = ""
        self.relayout()

    # ------------------------------------------------------------ names and labels

    def player_label(self, st: PlayerStats) -> str:
        if st.level is None:  # the player, by the name he chose (if any)
            return self.settings.player_name or self.tr("stats.you")
        return f"{st.name} · {level_name(st.level, self.tr)}"

    def chosen_label(self) -> str:
        st = self.player_names.get(self.player)
        return self.player_label(st) if st is not None else self.tr("stats.you")

    def level_label(self) -> str:
        return self.tr("stats.any_level") if self.level is None else \
            level_name(self.level, self.tr)

    # ------------------------------------------------------------ layout

    @property
    def fs(self) -> int:
        """The size of the screen's smaller text (never below :data:`MIN_TEXT_PX`)."""
        return charts.text_size(self.layout)

    @property
    def hint(self) -> int:
        """The size of the buttons' key hints (never below :data:`MIN_TEXT_PX`)."""
        return max(self.layout.font_caption, MIN_TEXT_PX)

    def relayout(self) -> None:
        L = self.layout
        tr = self.tr
        self.panel = L.dialog_rect(1240, 2000)  # as tall as the window lets it be
        p = self.panel
        pad = 2 * L.gap
        inner = pygame.Rect(p.x + pad, p.y, p.width - 2 * pad, p.height)
        size = self.fs
        bh = max(round(L.button_h * 0.8), line_height(size) + L.gap)
        # the tabs under the title
        top = p.y + 2 * L.gap + line_height(L.font_title, True)
        self.tab_buttons = [widgets.Button(tr(f"stats.tab.{t}"), self._tab_action(t),
                                           key_hint=str(i + 1), font_size=size,
                                           hint_font=self.hint,
                                           chosen=t == self.tab, name=f"tab-{t}")
                            for i, t in enumerate(self.tabs())]
        tabs_h = widgets.row_of_tabs(self.tab_buttons,
                                     pygame.Rect(inner.x, top, inner.width, bh),
                                     L.gap // 2, bh * 2)
        self.tab_arrows: list[widgets.Button] = []
        if self.tab_buttons and self.tab_buttons[0].row_size < size:
            tabs_h = self._paged_tabs(pygame.Rect(inner.x, top, inner.width, bh), size)
        # the filters
        top += tabs_h + L.gap
        period = tr(f"stats.period.{self.period}")
        self.filter_buttons = [
            widgets.Button(tr("stats.filter.player", name=self.chosen_label()),
                           self.next_player, key_hint=tr("key.stats.player"), font_size=size,
                           hint_font=self.hint,
                           name="player",
                           enabled=len(self.players) > 1),
            widgets.Button(tr("stats.filter.level", level=self.level_label()),
                           self.next_level, key_hint=tr("key.stats.level"), font_size=size,
                           hint_font=self.hint,
                           name="level",
                           enabled=len(self.opponent_levels()) > 1),
            widgets.Button(tr("stats.filter.period", period=period), self.next_period,
                           key_hint=tr("key.stats.period"), font_size=size, hint_font=self.hint,
                           name="period"),
        ]
        widgets.row_of_buttons(self.filter_buttons, pygame.Rect(inner.x, top, inner.width, bh),
                               bh, L.gap, bh * 3)
        self.filters_bottom = top + bh
        # the buttons at the foot
        back = widgets.Button(tr("menu.back"), self.nav.pop, key_hint="Esc", primary=True,
                              font_size=L.font_body, hint_font=self.hint, name="back")
        save = widgets.Button(tr("stats.save_png"), self.ask_save, key_hint=tr("key.stats.save"),
                              font_size=L.font_body, hint_font=self.hint, name="save")
        foot = pygame.Rect(inner.x, p.bottom - pad - L.button_h, inner.width, L.button_h)
        widgets.row_of_buttons([save, back], foot, L.button_h, 2 * L.gap,
                               round(L.button_h * 3.6))
        self.buttons = [*self.tab_buttons, *self.tab_arrows, *self.filter_buttons, save, back]
        for b in self.buttons:
            b.focused = b.name == (self.focus or f"tab-{self.tab}")
        self.letter_buttons = [*self.filter_buttons, save]  # answer the letters they show
        # what the chart area leaves: the lines of the saved file's path (one at least)
        self.status = wrap(self.saved_text, size, inner.width, break_words=True) \
            if self.saved_text else []
        # (held free in advance at the window's own size; with larger text the room
        # goes to the table and charts until a chart is saved)
        self.status_lines = max(self.settings.text_size == 100, len(self.status))
        self.area = pygame.Rect(inner.x, self.filters_bottom + L.gap, inner.width,
                                foot.top - L.gap - self.status_lines * line_height(size)
                                - L.gap - (self.filters_bottom + L.gap))
        self._overview_layout()

    def _tab_action(self, tab: str) -> Callable[[], None]:
        return lambda: self.show_tab(tab)

    def _paged_tabs(self, bar: pygame.Rect, size: int) -> int:
        """The tabs in pages of one row at the page's size of type, between arrows to
        the page before and after (large text, German: the six tabs in one row fell to
        the caption size; in two rows they left the overview's table one player). The
        page of the tab on show is shown; the others' tabs have no room (no rect).
        Returns the row's height."""
        gap = self.layout.gap // 2
        tabs = self.tab_buttons
        arrow_w = bar.height
        room = bar.width - 2 * (arrow_w + gap)
        needs = [widgets.width_at(b, size, bar.height) for b in tabs]
        pages: list[list[int]] = [[]]
        used = 0
        for i, w in enumerate(needs):
            if pages[-1] and used + gap + w > room:
                pages.append([])
                used = 0
            used += (gap if pages[-1] else 0) + w
            pages[-1].append(i)
        chosen = self.tabs().index(self.tab)
        at = next(n for n, page in enumerate(pages) if chosen in page)
        shown = pages[at]
        for b in tabs:
            b.rect, b.row_size = pygame.Rect(0, 0, 0, 0), 0
        # the spare room shared out: the page's tabs fill the row
        spare = max(0, room - sum(needs[i] for i in shown) - gap * (len(shown) - 1))
        widths = [needs[i] + spare // len(shown) for i in shown]
        row = [tabs[i] for i in shown]
        widgets.row_of_buttons(row, pygame.Rect(bar.x + arrow_w + gap, bar.y, room,
                                                bar.height),
                               bar.height, gap, 0, widths=widths, grow=False)
        widgets.even_type(row)
        names = self.tabs()

        def to_page(n: int) -> Callable[[], None]:
            return lambda: self.show_tab(names[pages[n][0]])

        tr = self.tr
        self.tab_arrows = [
            widgets.Button("‹", to_page(max(0, at - 1)), font_size=size, name="tabs-back",
                           spoken=tr("stats.tabs.back"), enabled=at > 0,
                           rect=pygame.Rect(bar.x, bar.y, arrow_w, bar.height)),
            widgets.Button("›", to_page(min(len(pages) - 1, at + 1)), font_size=size,
                           name="tabs-on", spoken=tr("stats.tabs.on"),
                           enabled=at < len(pages) - 1,
                           rect=pygame.Rect(bar.right - arrow_w, bar.y, arrow_w, bar.height)),
        ]
        return bar.height

    # ------------------------------------------------------------ events

    def handle_event(self, event: pygame.event.Event) -> None:
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.KEYDOWN:
            k = event.key
            tabs = self.tabs()
            if k == pygame.K_ESCAPE:
                self.nav.pop()
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                focused = widgets.focused_button(self.buttons)
                if focused is not None:
                    focused.click()
            elif k == pygame.K_TAB:
                self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            elif pygame.K_1 <= k < pygame.K_1 + len(tabs):
                self.focus = ""
                self.show_tab(tabs[k - pygame.K_1])
            elif widgets.press_by_key(self.letter_buttons, event):
                pass
            elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self.tab == "list":
                step = 1 if k == pygame.K_LEFT else -1  # newest first: left is older
                self.list_pick = max(0, min(len(self.mine) - 1, self.list_pick + step))
            elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self.pages > 1:
                self.turn_page(1 if k == pygame.K_RIGHT else -1)
            elif k in (pygame.K_UP, pygame.K_DOWN) and self.tab == "overview":
                step = 1 if k == pygame.K_DOWN else -1
                self.scroll_rows(step)
        elif event.type == pygame.MOUSEWHEEL and self.tab == "overview":
            self.scroll_rows(-event.y)

    def scroll_rows(self, step: int) -> None:
        """Scroll the overview's table by ``step`` rows (down: positive)."""
        most = max(0, len(self.table) - self.visible_rows())
        scroll = max(0, min(most, self.scroll + step))
        if scroll != self.scroll:
            self.scroll = scroll
            self.relayout()  # the note says which rows show

    def turn_page(self, step: int) -> None:
        """Show the next (``step`` 1) or previous (-1) page of the tab, if it has one."""
        page = max(0, min(self.pages - 1, self.page + step))
        if page != self.page:
            self.page = page
            if self.tab == "overview":
                self.relayout()

    def move_focus(self, step: int) -> None:
        """Move the keyboard's focus to the next (``step`` 1) or previous (-1) stop: each
        tab (showing its page), then each enabled button under and below the tabs."""
        stops = [b.name for b in self.buttons if b.enabled and b not in self.tab_arrows]
        here = self.focus or f"tab-{self.tab}"
        name = stops[(stops.index(here) + step) % len(stops)] if here in stops else stops[0]
        if name.startswith("tab-"):
            self.focus = ""
            self.show_tab(name[len("tab-"):])
        else:
            self.focus = name
            self.relayout()

    def ask_save(self) -> None:
        """Save the chart shown as a PNG (with the next frame drawn)."""
        self.want_save = True

    def _save(self, surface: pygame.Surface) -> None:
        self.want_save = False
        store = self.services.store
        folder = store.folder if store is not None else None
        if folder is None or self.chart_rect.width <= 0:
            self.saved_text, self.saved_bad = self.tr("stats.save_failed",
                                                      error=self.tr("stats.no_folder")), True
            self.relayout()
            return
        name = f"skat-chart-{self.tab}-{time.strftime('%Y%m%d-%H%M%S')}.png"
        try:
            path = charts.save_png(surface, self.chart_rect, folder / "exports", name)
        except OSError as exc:
            self.saved_text = self.tr("stats.save_failed",
                                      error=exc.strerror or type(exc).__name__)
            self.saved_bad = True
            self.relayout()
            return
        self.saved_text, self.saved_bad = self.tr("stats.saved", path=str(path)), False
        self.relayout()

    # ------------------------------------------------------------ the hands' worths

    def _worth_book(self) -> WorthBook:
        if self.book is None:  # shared with the worths worked out in the background
            self.book = self.services.worth_book
        return self.book

    def worth_hands(self) -> list[tuple[int, bool]]:
        """The player's hands in the period, the newest list first."""
        out = []
        for s in sorted(self.mine, key=lambda s: (s.finished, s.name), reverse=True):
            p = s.index_of(self.player)
            assert p is not None
            for i in range(s.deals):
                held = hand_of(s, i, p)
                if held is not None:
                    out.append(held)
        return out

    def update(self, dt: float) -> None:
        from skatgame.table.statcache import write_pending

        if self.reading is not None and not self.reading.done and self.shown:
            if self.reading.step(READ_STEP):
                self._gathered()
                self._changed()
            return
        if self.shown:  # the cache once the screen has been seen
            write_pending()
        if self.tab == "cards" and not self.worths_done:
            self._estimate()

    def _estimate(self) -> None:
        """Hand the next hands without a worth to the workers (one job at a time)."""
        book = self._worth_book()
        if self.ticket is not None:
            if not self.ticket.done:
                return
            if self.ticket.result is not None:
                book.add(self.asked, self.ticket.result)
                self.batches += 1
                if self.batches % SAVE_EVERY == 0:
                    book.save()
            else:  # the job failed: not asked again in this visit
                self.failed.update(self.asked)
            self.ticket = None
        missing = [h for h in book.missing(self.worth_hands()) if h not in self.failed]
        if not missing:
            book.save()
            self.worths_done = True
            return
        from skatgame.table.worth import WorthJob

        self.asked = tuple(missing[:WORTH_BATCH])
        try:
            self.ticket = self.services.workers.submit(WorthJob(self.asked))
        except RuntimeError:  # no workers here: the worths stay unknown
            self.worths_done = True

    def leave(self) -> None:
        from skatgame.table.statcache import write_pending

        write_pending()
        if self.ticket is not None:
            self.services.workers.cancel([self.ticket])
            self.ticket = None
        if self.book is not None:
            self.book.save()

    # ------------------------------------------------------------ the overview

    def _overview_layout(self) -> None:
        L = self.layout
        a = self.area
        needs = self._needs()
        self.column_pages = _column_pages(needs, a.width, self.heading_need)
        page = min(self.page, len(self.column_pages) - 1) if self.tab == "overview" else 0
        #: the columns shown (the player's always first)
        self.shown_columns = self.column_pages[page]
        shown = [needs[i] for i in self.shown_columns]
        widths = widgets.fit_columns(shown, a.width, (0,))
        if widths[0] < needs[0] // 2:  # a small window: every column gives way a little
            widths = widgets.fit_columns(shown, a.width)
        self.cols: list[tuple[int, int]] = []
        x = a.x
        for w in widths:
            self.cols.append((x, w))
            x += w
        # too narrow for a computer's name and level on one line: the level goes under it
        self.level_below = widths[0] < needs[0]
        self.row_h = L.font_body + L.gap + 4 + (line_height(self.fs) if self.level_below
                                                else 0)
        self.head_line = line_height(self.fs, True)
        # the headings' lines: two where one of the columns shown needs them
        self.head_lines = max(len(self._heading(i, w)) for i, (_x, w)
                              in zip(self.shown_columns, self.cols, strict=True))
        self.table_top = a.y + line_height(self.fs) + L.gap + \
            self.head_line * self.head_lines
        # the notes under the table: which part of it shows (where it does not all fit)
        # and what it counts
        rows_hidden = False
        for _ in range(2):
            self.note = self._overview_notes(page, rows_hidden)
            self.table_bottom = a.bottom - L.gap - len(self.note) * line_height(self.fs)
            if rows_hidden or len(self.table) <= self.visible_rows():
                break
            rows_hidden = True
        self.scroll = max(0, min(self.scroll, len(self.table) - self.visible_rows()))
        self.note = self._overview_notes(page, rows_hidden)  # the rows shown, scrolled
        # room left under the rows: the chosen player's lists over time
        rows_h = max(1, len(self.table)) * self.row_h
        chart_top = self.table_top + rows_h + L.gap
        self.mini: pygame.Rect | None = None
        if self.table_bottom - chart_top >= 10 * line_height(self.fs):
            self.mini = pygame.Rect(a.x, chart_top, a.width, self.table_bottom - chart_top)
            self.table_bottom = self.table_top + rows_h
            if self.table and self._too_few():  # the chart states the minimum: once is enough
                self.note = self._overview_notes(page, rows_hidden, minimum=False)

    def _too_few(self) -> bool:
        """Whether the chosen player has too few deals for a figure per 36 deals."""
        return all(q.trend is None for q in over_time(self.mine, self.player))

    def _heading(self, column: int, width: int) -> list[str]:
        """A column's heading in the lines it takes at ``width`` (two at most)."""
        return wrap(self.tr(COLUMNS[column][0]), self.fs, width - self.layout.gap, True,
                    break_words=False)[:2]

    def _overview_notes(self, page: int, rows_hidden: bool, minimum: bool = True) -> list[str]:
        """The lines under the table: the part of its columns and the rows shown (where
        they do not all fit), then what it counts; the per-36 minimum unless ``minimum``
        is off (the chart under the rows states it already)."""
        parts = [self.tr("stats.columns", n=page + 1, total=len(self.column_pages))] \
            if len(self.column_pages) > 1 else []
        if rows_hidden:
            n, shown = len(self.table), self.visible_rows()
            parts.append(self.tr("stats.rows", first=self.scroll + 1, total=n,
                                 last=min(n, self.scroll + shown)))
        notes = [" · ".join(parts)] if parts else []
        notes.append(self.tr("stats.note"))
        if minimum:
            notes[-1] += " " + self.tr("stats.note_sf36", n=MIN_DEALS_PER_36)
        return [line for note in notes for line in wrap(note, self.fs, self.area.width)]

    def _needs(self) -> list[int]:
        """The width each column needs: its figures, its heading in at most two lines,
        the players' names with their level."""
        L = self.layout
        head = self.fs
        needs = []
        for i, (key, share) in enumerate(COLUMNS):
            words = self.tr(key)
            # the narrowest width that breaks the heading into two lines at most
            w = max((text_width(word, head, True) for word in words.split()), default=0)
            full = text_width(words, head, True)
            while w < full and len(wrap(words, head, w, True, break_words=False)) > 2:
                w += max(1, L.gap // 2)
            figures = [self._name_width(st) if i == 0 else
                       text_width(self.cells(st)[i], L.font_body) for st in self.table]
            floor = round(share * 200 * L.unit)  # an empty table keeps its proportions
            needs.append(max([w, floor, *figures]) + L.gap + 4)
            if i == 0:  # the players' column keeps its heading whole
                self.heading_need = w + L.gap + 4
        return needs

    def _name_width(self, st: PlayerStats) -> int:
        """The width of a player's name in bold with his level after it, smaller."""
        L = self.layout
        if st.level is None:
            return text_width(self.player_label(st), L.font_body, True)
        level = f" · {level_name(st.level, self.tr)}"
        return text_width(st.name, L.font_body, True) + text_width(level, self.fs)

    def visible_rows(self) -> int:
        return max(1, (self.table_bottom - self.table_top) // self.row_h)

    def cells(self, st: PlayerStats) -> list[str]:
        """The figures of one row, as shown."""
        avg = st.sf_per_36
        return [self.player_label(st), str(st.lists), str(st.deals), str(st.games),
                str(st.declared.get(4, 0)), str(st.suit_games), str(st.declared.get(5, 0)),
                str(st.won), str(st.lost), "–" if avg is None else f"{avg:+.0f}"]

    def _draw_overview(self, surface: pygame.Surface) -> None:
        L = self.layout
        tr = self.tr
        a = self.area
        size = self.fs
        self.chart_rect = pygame.Rect(a)
        reading = self.reading
        head = tr("stats.reading", done=reading.total - len(reading.todo), total=reading.total) \
            if reading is not None and not reading.done else \
            tr("stats.from", lists=self.n_lists, deals=self.n_deals)
        draw_text(surface, ellipsize(head, size, a.width), size, (a.centerx, a.y),
                  theme.TEXT_DIM, "midtop")
        # the headings, two lines each where needed, figures right-aligned
        head_y = self.table_top - self.head_line * self.head_lines - L.gap // 2
        heads = [self._heading(i, w)
                 for i, (_x, w) in zip(self.shown_columns, self.cols, strict=True)]
        for i, (lines, (x, w)) in enumerate(zip(heads, self.cols, strict=True)):
            y = head_y + self.head_line * (self.head_lines - len(lines))
            for heading in lines:
                line = ellipsize(heading, size, w - L.gap, True)
                if i == 0:
                    draw_text(surface, line, size, (x, y), theme.ACCENT, bold=True)
                else:
                    draw_text(surface, line, size, (x + w - L.gap, y), theme.ACCENT,
                              "topright", bold=True)
                y += self.head_line
        pygame.draw.line(surface, theme.PANEL_BORDER, (a.x, self.table_top - 4),
                         (a.right, self.table_top - 4))
        if not self.table:
            draw_text(surface, tr("stats.empty"), L.font_body,
                      (a.centerx, self.table_top + 2 * L.gap), theme.TEXT_DIM, "midtop")
        y = self.table_top
        shown = self.table[self.scroll:self.scroll + self.visible_rows()]
        name_w = self.cols[0][1] - L.gap
        body = L.font_body
        for n, st in enumerate(shown):
            if (n + self.scroll) % 2:
                surface.blit(widgets.rounded((a.width, self.row_h), 4, theme.ROW_ODD),
                             (a.x, y - 2))
            chosen = player_key(st.name, st.level) == self.player
            cells = self.cells(st)
            for i, (x, w) in zip(self.shown_columns, self.cols, strict=True):
                text = cells[i]
                if i > 0 or st.level is None:  # (a computer's name and level: apart below)
                    text = ellipsize(text, body, name_w if i == 0 else w - L.gap, i == 0)
                color = theme.ACCENT if chosen and i == 0 else theme.TEXT
                if i == len(COLUMNS) - 1 and st.sf_per_36 is not None:
                    color = theme.GOOD if st.sf_per_36 > 0 else theme.BAD \
                        if st.sf_per_36 < 0 else theme.TEXT
                if i == 0 and st.level is not None and self.level_below:
                    name = draw_text(surface, ellipsize(st.name, body, name_w, True),
                                     body, (x, y + 2), color, bold=True)
                    # (large text in a narrow window: the level a size smaller, whole)
                    lv, at = fit_size(level_name(st.level, tr),
                                      sorted({size, L.font_caption}, reverse=True), name_w)
                    draw_text(surface, lv, at, (x, name.bottom), theme.TEXT_DIM)
                elif i == 0 and st.level is not None:  # the name, then the level smaller
                    name = draw_text(surface, ellipsize(st.name, body, name_w, True),
                                     body, (x, y + 2), color, bold=True)
                    level = ellipsize(f" · {level_name(st.level, tr)}", size,
                                      x + name_w - name.right)
                    draw_text(surface, level, size, (name.right, name.bottom - 1),
                              theme.TEXT_DIM, "bottomleft")
                elif i == 0:
                    draw_text(surface, text, body, (x, y + 2), color, bold=True)
                else:
                    draw_text(surface, text, body, (x + w - L.gap, y + 2), color,
                              "topright")
            y += self.row_h
        y = (self.mini.bottom if self.mini is not None else self.table_bottom) + L.gap // 2
        for note in self.note:
            y = draw_text(surface, note, size, (a.centerx, y), theme.TEXT_DIM, "midtop").bottom
        if self.mini is not None and self.table:
            self._time_chart(surface, self.mini)

    # ------------------------------------------------------------ the charts

    def _empty(self, surface: pygame.Surface) -> None:
        self.chart_rect = pygame.Rect(0, 0, 0, 0)
        draw_text(surface, self.tr("stats.no_lists"), self.layout.font_body,
                  self.area.center, theme.TEXT_DIM, "center")

    def _note_lines(self, texts: list[str]) -> list[str]:
        return [line for t in texts for line in wrap(t, self.fs, self.area.width)]

    def _room(self, texts: list[str]) -> pygame.Rect:
        """The room above the notes ``texts`` (see :meth:`_notes`)."""
        taken = line_height(self.fs) * len(self._note_lines(texts))
        return pygame.Rect(self.area.x, self.area.y, self.area.width,
                           self.area.height - taken - self.layout.gap // 2)

    def _notes(self, surface: pygame.Surface, texts: list[str]) -> pygame.Rect:
        """Notes under a chart, from the bottom of the area up; the room left above."""
        size = self.fs
        lines = self._note_lines(texts)
        lh = line_height(size)
        y = self.area.bottom - lh * len(lines)
        for line in lines:
            draw_text(surface, line, size, (self.area.x, y), theme.TEXT_DIM)
            y += lh
        return self._room(texts)

    def _page_note(self, total: int) -> str:
        return self.tr("stats.page", n=min(self.page, total - 1) + 1, total=total)

    def _charts(self, surface: pygame.Surface, notes: list[str],
                parts: list[tuple[Fits, Draw]]) -> None:
        """Draw ``parts`` (charts) over ``notes``: all together, side by side or one under
        another, where they fit; else as many on a page as fit (one at least) and the
        pages turned with Left and Right."""
        room = self._room(notes)
        per, cols = len(parts), self._arrange(room, parts)
        if cols is None:
            room = self._room([*notes, self._page_note(len(parts))])
            for per in range(len(parts) - 1, 0, -1):
                chunks = [parts[i:i + per] for i in range(0, len(parts), per)]
                if all(self._arrange(room, c) is not None for c in chunks):
                    break
        self.pages = -(-len(parts) // per)
        self.page = min(self.page, self.pages - 1)
        if self.pages > 1:
            notes = [*notes, self._page_note(self.pages)]
        room = self._notes(surface, notes)
        self.chart_rect = room
        shown = parts[self.page * per:(self.page + 1) * per]
        cols = self._arrange(room, shown) or 1
        rows = -(-len(shown) // cols)
        gap = self.layout.gap
        w = (room.width - gap * (cols - 1)) // cols
        h = (room.height - gap * (rows - 1)) // rows
        for i, (_fits, draw) in enumerate(shown):
            draw(pygame.Rect(room.x + (i % cols) * (w + gap),
                             room.y + (i // cols) * (h + gap), w, h))

    def _arrange(self, room: pygame.Rect, parts: list[tuple[Fits, Draw]]) -> int | None:
        """How many columns ``parts`` take in ``room`` (all in a row or all in a column,
        whichever gives them a shape nearer 4:3 first), or ``None`` if neither fits."""
        n = max(1, len(parts))
        gap = self.layout.gap
        for cols in sorted({n, 1}, key=lambda c: abs(math.log(
                max(1, room.width) / c * (-(-n // c)) / max(1, room.height) / (4 / 3)))):
            rows = -(-n // cols)
            size = ((room.width - gap * (cols - 1)) // cols,
                    (room.height - gap * (rows - 1)) // rows)
            if all(fits(size) for fits, _draw in parts):
                return cols
        return None

    def _draw_list(self, surface: pygame.Surface) -> None:
        tr = self.tr
        if not self.mine:
            self._empty(surface)
            return
        ordered = sorted(self.mine, key=lambda s: (s.finished, s.name), reverse=True)
        s = ordered[self.list_pick]
        e = s.entry
        sf = e.list_kind == "seeger-fabian"
        title = tr("stats.list.title", date=format_when(e.finished, tr), deals=len(e.rows)) \
            if e.finished else tr("stats.list.title_running", deals=len(e.rows))
        title += f" · {e.mode_text(tr)}"  # how the list ended: deals, target, Bierlachs
        room = self._notes(surface, [tr("stats.list.which", n=len(ordered) - self.list_pick,
                                        total=len(ordered))])
        self.chart_rect = room
        charts.totals_chart(surface, room, title,
                            e.display_names(tr), running_totals(e), s.index_of(self.player),
                            unit=tr("stats.unit_sf" if sf else "stats.unit_plain"),
                            x_label=tr("stats.list.x"), size=self.fs)

    def _draw_time(self, surface: pygame.Surface) -> None:
        if not over_time(self.mine, self.player):
            self._empty(surface)
            return
        room = self._notes(surface, [self.tr("stats.time.note", n=MIN_DEALS_PER_36)])
        self.chart_rect = room
        self._time_chart(surface, room)

    def _time_chart(self, surface: pygame.Surface, room: pygame.Rect) -> None:
        """The chosen player's Seeger-Fabian per 36 deals list by list, with the trend."""
        tr = self.tr
        points = over_time(self.mine, self.player)
        if self._too_few():  # fewer than 36 deals so far: no figure
            draw_text(surface, tr("stats.time.too_few", n=MIN_DEALS_PER_36,
                                  deals=sum(q.deals for q in points)), self.fs,
                      room.center, theme.TEXT_DIM, "center")
            return
        series = [Series(tr("stats.time.each", n=MIN_DEALS_PER_36), PALETTE[1],
                         [q.sf_per_36 for q in points], "dots"),
                  Series(tr("stats.time.trend", n=TREND_LISTS, m=MIN_DEALS_PER_36), PALETTE[0],
                         [q.trend for q in points],
                         "dashed" if sum(q.trend is not None for q in points) > 1 else "dots")]
        series = [x for x in series if any(v is not None for v in x.values)]  # no empty key
        step = max(1, round(len(points) / 6))
        ticks = [(i, format_when(points[i].finished, tr).split(" ")[0])
                 for i in range(0, len(points), step)]
        title = tr("stats.time.title_of", name=self.chosen_label()) if self.tab == "overview" \
            else tr("stats.time.title")
        charts.line_chart(surface, room, title, series, ticks, unit=tr("stats.time.unit"),
                          x_label=tr("stats.time.x"), size=self.fs, x_count=len(points))

    def number(self, x: float, decimals: int = 0) -> str:
        """A number as the language writes it (a decimal comma in German)."""
        text = f"{x:.{decimals}f}"
        return text.replace(".", ",") if self.settings.language == "de" else text

    def percent(self, x: float | None) -> str:
        return "–" if x is None else self.tr("stats.percent", n=self.number(100 * x))

    def _draw_games(self, surface: pygame.Surface) -> None:
        tr = self.tr
        g = game_figures(self.mine, self.player)
        if not g.deals:
            self._empty(surface)
            return
        size = self.fs
        L = self.layout
        figures = [(tr("stats.games.share"), self.percent(g.declared_share)),
                   (tr("stats.games.bid"), "–" if g.average_bid is None
                    else self.number(g.average_bid, 1)),
                   (tr("stats.games.rate"), self.percent(g.win_rate)),
                   (tr("stats.games.defence"), self.percent(g.defenders_share))]
        a = self.area
        self.chart_rect = pygame.Rect(a)
        big = L.font_large
        side = a.width > a.height * 1.3  # the figures beside the chart, else under it
        beside = False
        if side:
            fig_w = max(a.width // 4, max(text_width(v, big, True) for _l, v in figures))
            if charts.figure_panel_height(figures, size, big, fig_w) > a.height:
                big = L.font_body  # large text: the values at body size keep in the panel
            # larger still: the values beside their labels, in a wider panel if need be
            while charts.figure_panel_height(figures, size, big, fig_w, beside) > a.height \
                    and fig_w < a.width // 2:
                beside = True
                fig_w = min(a.width // 2, fig_w + L.gap)
            fig = pygame.Rect(a.right - fig_w, a.y, fig_w, a.height)
            chart = pygame.Rect(a.x, a.y, a.width - fig_w - L.gap, a.height)
        else:
            h = charts.figure_panel_height(figures, size, big, a.width)
            fig = pygame.Rect(a.x, a.bottom - h, a.width, h)
            chart = pygame.Rect(a.x, a.y, a.width, a.height - h - L.gap)
        series = [Series(tr("stats.games.declared"), PALETTE[0],
                         [g.declared[k] for k in GAME_GROUPS], "bar"),
                  Series(tr("stats.games.won"), PALETTE[1], [g.won[k] for k in GAME_GROUPS],
                         "bar")]
        charts.bar_chart(surface, chart, tr("stats.games.title", n=g.deals),
                         [tr(f"stats.group.{k}") for k in GAME_GROUPS], series,
                         unit=tr("stats.games.unit"), size=size)
        charts.figure_panel(surface, fig, tr("stats.games.figures"), figures, size, big,
                            beside)

    def _draw_cards(self, surface: pygame.Surface) -> None:
        tr = self.tr
        book = self._worth_book()
        deals = cards_or_play(self.mine, self.player, book.get)
        if not deals:
            self._empty(surface)
            return
        known = [d for d in deals if d.worth is not None]
        cards = sum(d.worth for d in known if d.worth is not None)
        scored = sum(d.scored for d in known)
        notes = []
        if len(known) < len(deals):
            notes.append(tr("stats.cards.unknown", n=len(deals) - len(known))
                         if self.worths_done else
                         tr("stats.cards.working", done=len(known), total=len(deals)))
        if known:
            notes.append(tr("stats.cards.summary", scored=_signed(scored), cards=_signed(cards),
                            play=_signed(scored - cards), n=len(known)))
        size = self.fs
        run_w, run_s = [0.0], [0.0]
        for d in known:
            run_w.append(run_w[-1] + (d.worth or 0.0))
            run_s.append(run_s[-1] + d.scored)
        step = max(1, round(len(known) / 6))
        totals = (tr("stats.cards.title"),
                  [Series(tr("stats.cards.scored"), PALETTE[0], run_s),
                   Series(tr("stats.cards.worth"), PALETTE[1], run_w, "dashed")])
        # per list: what came from the cards and from the play
        per: dict[str, list[float]] = {}
        for d in known:
            w = per.setdefault(d.finished, [0.0, 0.0])
            w[0] += d.worth or 0.0
            w[1] += d.scored - (d.worth or 0.0)
        keys = sorted(per)[-LISTS_SHOWN:]
        lists = (tr("stats.cards.lists"),
                 [Series(tr("stats.cards.from_cards"), PALETTE[1], [per[k][0] for k in keys],
                         "bar"),
                  Series(tr("stats.cards.from_play"), PALETTE[2], [per[k][1] for k in keys],
                         "bar")])

        def draw_totals(rect: pygame.Rect) -> None:
            charts.line_chart(surface, rect, *totals,
                              [(i, str(i)) for i in range(0, len(known) + 1, step)],
                              unit=tr("stats.unit_sf"), x_label=tr("stats.cards.x"), size=size)

        def draw_lists(rect: pygame.Rect) -> None:
            charts.bar_chart(surface, rect, lists[0],
                             [tr("stats.short_date", day=k[8:10], month=k[5:7]) if k else "·"
                              for k in keys], lists[1], unit=tr("stats.unit_sf"), size=size,
                             value_text=False)

        explain = tr("stats.cards.explain")
        room = self._room([*notes, explain])
        gap = self.layout.gap
        left = pygame.Rect(room.x, room.y, (room.width - gap) * 11 // 20, room.height)
        right = pygame.Rect(left.right + gap, room.y, room.right - left.right - gap,
                            room.height)
        if charts.fits(left.size, *totals, size, x_label=True) and \
                charts.fits(right.size, *lists, size):
            self.pages = 1
            self.chart_rect = self._notes(surface, [*notes, explain])
            draw_totals(left)
            draw_lists(right)
            return

        # large text: the charts one by one, what the worth means on a page of its own
        L = self.layout

        def explain_fits(wh: tuple[int, int]) -> bool:
            return len(wrap(explain, L.font_body, wh[0])) * line_height(L.font_body) <= wh[1]

        def draw_explain(rect: pygame.Rect) -> None:
            y = rect.y
            for line in wrap(explain, L.font_body, rect.width):
                y = draw_text(surface, line, L.font_body, (rect.x, y), theme.TEXT).bottom

        self._charts(surface, notes, [
            (lambda wh: charts.fits(wh, *totals, size, x_label=True), draw_totals),
            (lambda wh: charts.fits(wh, *lists, size), draw_lists),
            (explain_fits, draw_explain)])

    def _draw_dealing(self, surface: pygame.Surface) -> None:
        from skatgame.engine.cards import cards_of
        from skatgame.table.fairness import Distribution, dealt_distributions
        from skatgame.table.stats import dealt_hands

        tr = self.tr
        hands = dealt_hands(self.mine, self.player)
        if not hands:
            self._empty(surface)
            return
        dists = dealt_distributions((cards_of(h), cards_of(s)) for h, s in hands)
        size = self.fs

        def series(d: Distribution) -> list[Series]:
            # the expectation as a number of hands, beside the hands observed
            return [Series(tr("fair.observed"), PALETTE[0], [float(v) for v in d.observed],
                           "bar"),
                    Series(tr("fair.expected"), charts.EXPECTED,
                           [p * len(hands) for p in d.expected], "hollow")]

        def part(d: Distribution) -> tuple[Fits, Draw]:
            return (lambda wh: charts.fits(wh, tr(d.title_key), series(d), size),
                    lambda rect: draw(rect, d))

        def draw(rect: pygame.Rect, d: Distribution) -> None:
            charts.bar_chart(surface, rect, tr(d.title_key), list(d.labels), series(d),
                             unit=tr("stats.dealing.unit"), size=size, value_text=False)

        self._charts(surface, [count_text(tr, "stats.dealing.note", len(hands), n=len(hands))],
                     [part(d) for d in dists])

    # ------------------------------------------------------------ the frame

    def draw(self, surface: pygame.Surface) -> None:
        L = self.layout
        surface.blit(self.services.window.felt(), (0, 0))
        p = self.panel
        draw_dialog(surface, L, p, self.tr("stats.title"))
        # the pages of the tab: the overview's parts of its columns, the charts' as drawn
        self.pages = len(self.column_pages) if self.tab == "overview" else 1
        draw = {"overview": self._draw_overview, "list": self._draw_list,
                "time": self._draw_time, "games": self._draw_games,
                "cards": self._draw_cards, "dealing": self._draw_dealing}[self.tab]
        draw(surface)
        if self.want_save:
            self._save(surface)
        if self.saved_text:
            size = self.fs
            y = self.area.bottom + L.gap // 2
            color = theme.BAD if self.saved_bad else theme.GOOD
            for line in self.status:
                y = draw_text(surface, line, size, (self.area.centerx, y), color,
                              "midtop").bottom
        for b in self.buttons:
            b.draw(surface)
        self.shown = True
