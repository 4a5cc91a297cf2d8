"""The score sheet as on a real Skat list: per deal the declarer, the game (with hand,
schneider, schwarz, ouvert), matadors, bid, value, and every player's running total.

Tab switches between the plain list and Seeger-Fabian; G shows the list as a
chart (running totals deal by deal, one line per player) and back; Page keys
and the wheel scroll; Up and Down (or a click) choose a deal, R (or a click on
the chosen deal) opens its review.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from skatgame.table.i18n import count_text
from skatgame.table.labels import Label
from skatgame.table.listmode import lachs_text, mode_text, net_text, payment_texts, rate_words
from skatgame.table.names import display_name
from skatgame.table.texts import (
    about,
    matadors_text,
    ramsch_figure,
    ramsch_sheet_text,
    sheet_game,
    signed,
)
from skatgame.ui import theme, widgets
from skatgame.ui.scene import Overlay, draw_dialog
from skatgame.ui.text import (
    draw_text,
    ellipsize,
    label_text,
    label_width,
    line_height,
    shorten,
    wrap_label,
    wrap_lines,
)

if TYPE_CHECKING:
    from skatgame.engine.series import SheetRow
    from skatgame.table.session import Session
    from skatgame.ui.services import Services


#: the columns from the bid on are figures (right-aligned); the players' totals follow
RIGHT_FROM = 4
PLAYERS_FROM = 6
#: the game's column: short of room its words wrap to more lines
GAME = 2


@dataclass
class Grid:
    """The sheet's columns as measured for one layout: the text size, the heads, each
    column's width and left edge, every deal's cells, its game in lines, its height."""

    size: int
    heads: list[str]
    widths: list[int]
    xs: list[int]
    table: list[list[tuple[Label, tuple[int, ...]]]]
    running: list[int]  # the totals after the last deal
    games: list[list[Label]]
    heights: list[int]


class ScoreSheetScene(Overlay):
    """The list so far (``final``: the list is over, with the winner named)."""

    name = "sheet"
    dim_alpha = 170

    def __init__(self, services: Services, session: Session, *, final: bool = False,
                 auto_close: float | None = None) -> None:
        self.session = session
        self.final = final
        self.auto_close = auto_close
        self.kind = session.series.list_kind
        self.chart = False  # the list as a chart instead of its rows
        self.scroll = 0
        self.timer = 0.0
        rows = session.series.rows
        #: the deal chosen for a review (the last game played to begin with)
        self.selected: int | None = next(
            (i for i in range(len(rows) - 1, -1, -1) if self.reviewable(i)), None)
        self.row_rects: list[tuple[pygame.Rect, int]] = []
        super().__init__(services)
        self.scroll = self.last_scroll()

    def relayout(self) -> None:
        L = self.layout
        tr = self.tr
        self.panel = L.dialog_rect(1040, 660)
        p = self.panel
        toggle = widgets.Button(tr("sheet.plain") if self.kind == "seeger-fabian"
                                else tr("sheet.sf"), self.toggle, key_hint="Tab",
                                font_size=L.font_body, name="toggle")
        close = widgets.Button(tr("menu.ok"), self.close, key_hint="Esc", primary=True,
                               font_size=L.font_body, name="close")
        review = widgets.Button(tr("review.button"), self.review, key_hint=tr("key.review"),
                                font_size=L.font_body, name="review",
                                enabled=self.selected is not None)
        chart = widgets.Button(tr("sheet.rows") if self.chart else tr("sheet.chart"),
                               self.toggle_chart, key_hint=tr("key.sheet.chart"),
                               font_size=L.font_body,
                               name="chart")
        bar = pygame.Rect(p.x, p.bottom - 2 * L.gap - L.button_h, p.width, L.button_h)
        widgets.row_of_buttons([toggle, chart, review, close], bar, L.button_h, L.gap * 2,
                               round(L.button_h * 3.4))
        self.buttons = [toggle, chart, review, close]
        self.row_h = L.font_body + L.gap
        self._grid: Grid | None = None  # the columns, measured anew for this layout
        # under a finished list: who pays the round, who pays whom (wrapped to the panel)
        width = p.width - 4 * L.gap
        self.end_text = [line for text in self.end_lines()
                         for line in wrap_lines(text, L.font_small, width, 3)]
        self.end_h = len(self.end_text) * line_height(L.font_small) + \
            (L.gap // 2 if self.end_text else 0)

    def end_lines(self) -> list[str]:
        """Under a finished list: who pays the round (Bierlachs), then, when the list is
        settled in money, who pays whom how much and each player's net."""
        series = self.session.series
        if not (self.final and series.rows):
            return []
        tr = self.tr
        names = self.session.names
        lines = []
        lachs = series.lachs()
        if lachs:
            lines.append(lachs_text(lachs, names, tr))
        settlement = series.settlement()
        if settlement is not None:
            pays = [f"{words} {amount}" for words, amount in payment_texts(settlement, names, tr)]
            head = tr("listmode.settlement", rate=rate_words(series.rate, tr))
            lines.append(f"{head}: {' · '.join(pays) if pays else tr('listmode.even')}")
            if pays:
                lines.append(net_text(settlement, names, tr))
        return lines

    def head_lines(self) -> list[str]:
        """The line under the title (the winner, how long the list runs, its kind, a
        practice list's mark), in two lines where one is too narrow (large text)."""
        tr = self.tr
        s = self.session
        series = s.series
        kind_text = tr("sheet.kind_sf") if self.kind == "seeger-fabian" else \
            tr("sheet.kind_plain")
        mode = mode_text(series.mode, tr, planned=s.planned_deals, limit=series.target,
                         rate=series.rate)
        kind_text = f"{mode}  ·  {kind_text}"
        if self.final and series.rows:
            # who won follows the list's own scoring, whichever way the sheet is shown
            final = series.totals(series.list_kind)
            best = max(final)
            winners = [display_name(s.names[i], s.levels[i], tr)
                       for i, t in enumerate(final) if t == best]
            won = about(tr, "sheet.winner", winners[0], total=best) if len(winners) == 1 \
                else tr("sheet.winners", players=" & ".join(winners), total=best)
            if self.kind != series.list_kind:  # the sheet shown another way: say by what
                won = tr("sheet.winner_by", won=won, kind=tr(
                    "sheet.kind_sf" if series.list_kind == "seeger-fabian" else
                    "sheet.kind_plain"))
            kind_text = f"{won}  ·  {kind_text}"
        if getattr(s, "practice", False):  # not counted in the statistics: said here
            kind_text = f"{kind_text}  ·  {tr('practice.sheet_mark')}"
        L = self.layout
        return [str(line) for line in wrap_lines(kind_text, L.font_small,
                                                 self.panel.width - 4 * L.gap, 2)]

    @property
    def head_h(self) -> int:
        """How much lower the list starts for the head's second line."""
        return (len(self.head_lines()) - 1) * line_height(self.layout.font_small)

    def rows_room(self) -> tuple[int, int]:
        """Where the deals' rows go: their top and how many pixels they have."""
        L = self.layout
        top = self.panel.y + 4 * L.gap + L.font_title + L.font_small + self.row_h + self.head_h
        bottom = self.panel.bottom - 3 * L.gap - L.button_h - self.row_h - L.gap - self.end_h
        return top, bottom - top

    def visible_rows(self, start: int | None = None) -> int:
        """How many deals from ``start`` (default: the first shown) have room (one at
        least); a deal whose game takes two lines takes two lines' room."""
        heights = self.grid().heights
        room = self.rows_room()[1]
        n = 0
        for h in heights[self.scroll if start is None else start:]:
            room -= h
            if room < 0:
                break
            n += 1
        return max(1, n)

    def last_scroll(self) -> int:
        """The first deal shown when the list is scrolled to its end."""
        heights = self.grid().heights
        start = len(heights)
        while start > 0 and self.visible_rows(start - 1) >= len(heights) - start + 1:
            start -= 1
        return start if start < len(heights) else max(0, len(heights) - 1)

    def toggle(self) -> None:
        self.kind = "plain" if self.kind == "seeger-fabian" else "seeger-fabian"
        self.relayout()
        self.scroll = min(self.scroll, self.last_scroll())

    def toggle_chart(self) -> None:
        self.chart = not self.chart
        self.relayout()

    def close(self) -> None:
        if self.on_top:
            self.nav.pop()

    def reviewable(self, index: int) -> bool:
        """Whether deal ``index`` (0-based) had a declarer and was played (not Ramsch)."""
        rows = self.session.series.rows
        if not 0 <= index < len(rows) or index >= len(self.session.series.records):
            return False
        r = rows[index].result
        return not r.passed and r.declarer is not None

    def select(self, index: int) -> None:
        rows = self.session.series.rows
        if not rows:
            return
        self.selected = max(0, min(len(rows) - 1, index))
        if self.selected < self.scroll:
            self.scroll = self.selected
        while self.selected >= self.scroll + self.visible_rows():
            self.scroll += 1
        b = self.button("review")
        if b is not None:
            b.enabled = self.reviewable(self.selected)

    def review(self) -> None:
        """The review of the chosen deal (from its record: old lists too)."""
        from skatgame.table.review import source_of_record

        i = self.selected
        if i is None or not self.reviewable(i):
            return
        s = self.session
        levels = getattr(s, "levels", None) or [None, *["?"] * (len(s.names) - 1)]
        self.nav.push("review", source=source_of_record(s.series.records[i], s.names, levels,
                                                        i + 1))

    def _scroll(self, by: int) -> None:
        self.scroll = max(0, min(self.last_scroll(), self.scroll + by))

    def handle_event(self, event: pygame.event.Event) -> None:
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.close()
            elif k == pygame.K_TAB:
                self.toggle()
            elif widgets.is_key(event, self.tr("key.sheet.chart")):
                self.toggle_chart()
            elif k == pygame.K_UP:
                self.select(len(self.session.series.rows) if self.selected is None
                            else self.selected - 1)
            elif k == pygame.K_DOWN:
                self.select(0 if self.selected is None else self.selected + 1)
            elif widgets.is_key(event, self.tr("key.review")):
                self.review()
            elif k == pygame.K_PAGEUP:
                self._scroll(-self.visible_rows())
            elif k == pygame.K_PAGEDOWN:
                self._scroll(self.visible_rows())
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, index in self.row_rects:
                if rect.collidepoint(event.pos):
                    if index == self.selected:
                        self.review()
                    else:
                        self.select(index)
                    return

    def update(self, dt: float) -> None:
        if self.auto_close is not None:
            self.timer += dt
            if self.timer >= self.auto_close:
                self.close()

    def _cells(self, row: SheetRow, change: Sequence[int], totals: Sequence[int],
               style: str) -> list[tuple[Label, tuple[int, ...]]]:
        """One row of the sheet as (label, colour) per column."""
        tr = self.tr
        s = self.session
        n = len(totals)
        r = row.result
        cells: list[tuple[Label, tuple[int, ...]]] = []
        cells.append((str(row.number) + ("*" if row.bock else ""), theme.TEXT_DIM))
        if r.passed:
            cells += [("—", theme.TEXT_DIM), (tr("sheet.passed"), theme.TEXT_DIM),
                      ("", theme.TEXT_DIM), ("", theme.TEXT_DIM), ("0", theme.TEXT_DIM)]
        elif r.declarer is None:
            figure = ramsch_figure(r)
            cells += [("—", theme.TEXT_DIM), (ramsch_sheet_text(r, tr), theme.TEXT),
                      ("", theme.TEXT), ("", theme.TEXT),
                      (signed(figure), theme.GOOD if figure > 0 else theme.BAD)]
        else:
            dp = row.seat_players[r.declarer]
            value = change[dp] if self.kind == "seeger-fabian" else r.value
            cells += [(s.names[dp], theme.TEXT),
                      (sheet_game(r, style, tr, row.kontra), theme.TEXT if r.won else theme.BAD),
                      (matadors_text(r, tr), theme.TEXT_DIM),
                      (str(r.bid) if r.bid else "—", theme.TEXT_DIM),
                      (signed(value), theme.GOOD if value > 0 else theme.BAD)]
        for i, t in enumerate(totals):  # at four the dealer sat out: his total dim
            cells.append((str(t), theme.TEXT_DIM if n == 4 and i == row.dealer
                          else theme.TEXT))
        return cells

    def grid(self) -> Grid:
        """The columns for this layout (measured once): the heads as a list on paper
        shortens them, then a step smaller; where even that is too wide the game's words
        wrap to two lines or more (its column keeps room for its longest word)."""
        if self._grid is not None:
            return self._grid
        L = self.layout
        tr = self.tr
        s = self.session
        style = self.settings.deck_style
        inner = self.panel.width - 4 * L.gap
        table: list[list[tuple[Label, tuple[int, ...]]]] = []
        running = [0] * len(s.names)
        for row in s.series.rows:
            change = row.seeger_fabian if self.kind == "seeger-fabian" else row.plain
            running = [t + c for t, c in zip(running, change, strict=True)]
            table.append(self._cells(row, change, running, style))
        # columns: number, declarer, game, matadors, bid, value, one per player
        # under Seeger-Fabian the declarer's column holds his score (value ± 50), not
        # the game value: headed so, it is not read as a value of 83 for a game of 33
        heads = ["#", tr("game.declarer"), tr("sheet.game"), tr("sheet.matadors"),
                 tr("sheet.bid"),
                 tr("sheet.scored" if self.kind == "seeger-fabian" else "game.value"),
                 *s.names]
        short_heads = {1: tr("sheet.declarer_short"), 3: tr("sheet.matadors_short")}
        cell_pad = L.gap + 6

        def needs_at(size: int, short: bool, wrapped: bool) -> list[int]:
            needs = [label_width(short_heads.get(i, h) if short else h, size, True)
                     + cell_pad for i, h in enumerate(heads)]
            for cells in table:
                for i, (label, _color) in enumerate(cells):
                    words = wrap_label(label, size, 1, False, style) \
                        if wrapped and i == GAME else [label]
                    needs[i] = max(needs[i], cell_pad + max(
                        label_width(w, size, i >= PLAYERS_FROM, style) for w in words))
            for i, t in enumerate(running):
                needs[PLAYERS_FROM + i] = max(needs[PLAYERS_FROM + i],
                                              label_width(str(t), size, True) + cell_pad)
            return needs

        first = L.font_small if L.unit < 0.8 else L.font_body
        steps = [(size, short, wrapped) for wrapped in (False, True)
                 for size in dict.fromkeys((first, L.font_small)) for short in (False, True)]
        size, short, wrapped = next((step for step in steps if sum(needs_at(*step)) <= inner),
                                    steps[-1])
        needs = needs_at(size, short, False)
        # short of room the game gives way (its words wrap); where even its longest word
        # has no room, the declarer's name and the matadors too
        least = needs_at(size, short, True)
        flexible = (GAME,) if sum(least) <= inner else (GAME, 1, 3)
        widths = widgets.fit_columns(needs, inner, flexible)
        if flexible == (GAME,):
            widths[GAME] = max(widths[GAME], least[GAME])
        xs = [self.panel.x + 2 * L.gap]
        for w in widths[:-1]:
            xs.append(xs[-1] + w)
        if short:
            heads = [short_heads.get(i, h) for i, h in enumerate(heads)]
        games = [wrap_label(cells[GAME][0], size, widths[GAME] - 6, False, style)
                 if flexible == (GAME,) else [cells[GAME][0]] for cells in table]
        heights = [self.row_h + (len(lines) - 1) * line_height(size) for lines in games]
        self._grid = Grid(size, heads, widths, xs, table, running, games, heights)
        return self._grid

    def column_rules(self) -> list[int]:
        """Where the thin rules between the figures' columns stand: in the middle of the
        gap between one column's text (at most 6 px short of its right edge) and the next
        one's (right-aligned, at least a gap into it), so that neighbouring figures at
        large text are not read as one number."""
        g = self.grid()
        return [g.xs[j] + (self.layout.gap - 6) // 2 for j in range(RIGHT_FROM, len(g.xs))]

    def _draw_rules(self, surface: pygame.Surface, top: int, totals: int) -> None:
        """The column rules from the heads to the totals (through the totals between the
        players' columns; left of them the totals row names the deals played)."""
        color = theme.blend(theme.PANEL_BORDER, theme.PANEL_SOLID, 0.35)
        width = max(1, self.grid().size // 16)
        for j, x in enumerate(self.column_rules(), RIGHT_FROM):
            bottom = totals + self.row_h - 4 if j > PLAYERS_FROM else totals - 4
            pygame.draw.line(surface, color, (x, top), (x, bottom), width)

    def _draw_chart(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The list as a chart: every player's running total deal by deal."""
        from skatgame.table.stats import cumulative
        from skatgame.ui import charts

        tr = self.tr
        s = self.session
        sf = self.kind == "seeger-fabian"
        totals = cumulative((r.seeger_fabian if sf else r.plain for r in s.series.rows),
                            len(s.names))
        levels = getattr(s, "levels", None) or [None]
        size = charts.text_size(self.layout)
        charts.totals_chart(surface, rect, tr("sheet.chart_title"), s.names, totals,
                            levels.index(None) if None in levels else None,
                            unit=tr("stats.unit_sf" if sf else "stats.unit_plain"),
                            x_label=tr("stats.list.x"), size=size)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        L = self.layout
        tr = self.tr
        p = self.panel
        s = self.session
        series = s.series
        style = self.settings.deck_style
        draw_dialog(surface, L, p, tr("sheet.final") if self.final else tr("sheet.title"))
        practice = getattr(s, "practice", False)
        hy = p.y + 2 * L.gap + L.font_title + L.gap // 2
        for head_line in self.head_lines():
            hy = draw_text(surface, head_line, L.font_small, (p.centerx, hy),
                           theme.WARN if practice else theme.TEXT_DIM, "midtop").bottom
        pad = 2 * L.gap
        inner = p.width - 2 * pad
        rows = series.rows
        if self.chart:
            top = p.y + 3 * L.gap + L.font_title + L.font_small + self.head_h
            self._draw_chart(surface, pygame.Rect(p.x + pad, top, inner,
                                                  self.buttons[0].rect.top - L.gap - top))
            for b in self.buttons:
                b.draw(surface)
            return
        g = self.grid()
        size, heads, widths, xs = g.size, g.heads, g.widths, g.xs
        table, running = g.table, g.running
        y = head_top = self.rows_room()[0] - self.row_h
        for i, h in enumerate(heads):
            anchor = "topright" if i >= RIGHT_FROM else "topleft"
            x = xs[i] + widths[i] - 6 if i >= RIGHT_FROM else xs[i]
            draw_text(surface, ellipsize(h, size, widths[i] - 6, True), size,
                      (x, y), theme.ACCENT, anchor, bold=True)
        y += self.row_h
        pygame.draw.line(surface, theme.PANEL_BORDER, (p.x + pad, y - 4), (p.right - pad, y - 4))
        shown = self.visible_rows()
        self.row_rects = []
        self.spoken_row = ""
        for idx, cells in enumerate(table):
            if idx < self.scroll or idx >= self.scroll + shown:
                continue
            row_h = g.heights[idx]
            rect = pygame.Rect(p.x + pad - L.gap // 2, y - 2, inner + L.gap, row_h)
            self.row_rects.append((rect, idx))
            if idx == self.selected:
                surface.blit(widgets.rounded(rect.size, 4, (255, 255, 255, 30), theme.ACCENT, 1),
                             rect)
                self.spoken_row = ", ".join(
                    f"{h} {text}" for h, (label, _c) in zip(heads, cells, strict=True)
                    if (text := " ".join(label_text(label).split())))
            elif idx % 2:
                surface.blit(widgets.rounded((inner, row_h), 4, theme.ROW_ODD),
                             (p.x + pad, y - 2))
            for i, (label, color) in enumerate(cells):
                anchor = "topright" if i >= RIGHT_FROM else "topleft"
                x = xs[i] + widths[i] - 6 if i >= RIGHT_FROM else xs[i]
                lines = g.games[idx] if i == GAME else [label]
                for k, line in enumerate(lines):
                    line = shorten(line, size, widths[i] - 6, i >= PLAYERS_FROM, style)
                    draw_text(surface, line, size, (x, y + k * line_height(size)),
                              color, anchor, bold=i >= PLAYERS_FROM,  # type: ignore
                              style=style)
            y += row_h
        if not rows:
            draw_text(surface, tr("sheet.empty"), L.font_body, (p.centerx, y + L.gap),
                      theme.TEXT_DIM, "midtop")
        # the totals
        ty = self.buttons[0].rect.top - L.gap - self.row_h - self.end_h
        ey = ty + self.row_h + L.gap // 2
        for line in self.end_text:
            ey = draw_text(surface, line, L.font_small, (p.x + pad, ey), theme.TEXT).bottom
        pygame.draw.line(surface, theme.PANEL_BORDER, (p.x + pad, ty - 4), (p.right - pad,
                                                                              ty - 4))
        total = draw_text(surface, tr("sheet.total"), size, (xs[1], ty), theme.ACCENT,
                          bold=True)
        planned = s.planned_deals
        if planned:  # after the word Total (wider than its column with large text)
            x = max(xs[2], total.right + L.gap)
            played = ellipsize(count_text(tr, "sheet.deals_played", planned, n=len(rows),
                                          total=planned),
                               L.font_small, xs[PLAYERS_FROM] - L.gap - x)
            draw_text(surface, played, L.font_small, (x, ty + 2), theme.TEXT_DIM)
        for i, t in enumerate(running):
            x = xs[PLAYERS_FROM + i] + widths[PLAYERS_FROM + i] - 6
            draw_text(surface, str(t), size, (x, ty), theme.ACCENT, "topright",
                      bold=True)
        self._draw_rules(surface, head_top, ty)
        if len(rows) > shown:
            draw_text(surface, tr("sheet.scroll"), L.font_small,
                      (p.right - pad, p.y + 2 * L.gap), theme.TEXT_DIM, "topright")
        for b in self.buttons:
            b.draw(surface)
