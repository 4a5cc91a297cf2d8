"""The finished lists: date, deals, players with their totals; open one, export it.

Up/Down (or a click) choose a list; Enter opens its score sheet, C and J
export it as CSV or as JSON records into the exports folder; Esc goes back.
A file that turns out to be damaged is set aside with a message (the app
shows the store's messages) and the list is read again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from skatgame.table.i18n import count_text
from skatgame.table.texts import format_when, level_name
from skatgame.ui import theme, widgets
from skatgame.ui.scene import Scene, draw_dialog
from skatgame.ui.text import Color, draw_text, ellipsize, fit_size, line_height, text_width

if TYPE_CHECKING:
    from skatgame.engine.series import Series
    from skatgame.table.archive import ArchivedList
    from skatgame.ui.services import Services


@dataclass
class ArchivedSheet:
    """What the score sheet needs of a finished list (in place of a session at the table)."""

    series: Series
    names: list[str]
    planned_deals: int | None
    practice: bool = False
    levels: list[str | None] | None = None


class FinishedListsScene(Scene):
    """A table of finished lists, newest first."""

    name = "finished_lists"

    def __init__(self, services: Services) -> None:
        self.entries: list[ArchivedList] = []
        self.selected = 0
        self.scroll = 0
        #: the button under the lists that has the keyboard's focus (◀ ▶ Tab; -1: none,
        #: the lists have it and Enter opens the one selected)
        self.bar_focus = -1
        self.reload(services)
        super().__init__(services)

    def reload(self, services: Services) -> None:
        """Read the archive again (after a damaged file was set aside)."""
        from skatgame.table.archive import list_archive

        store = services.store
        self.entries = list_archive(store) if store is not None else []
        self.selected = min(self.selected, max(0, len(self.entries) - 1))

    @property
    def entry(self) -> ArchivedList | None:
        return self.entries[self.selected] if self.entries else None

    # ------------------------------------------------------------ layout

    def relayout(self) -> None:
        L = self.layout
        tr = self.tr
        self.panel = L.dialog_rect(1120, 680)
        p = self.panel
        pad = 2 * L.gap
        have = bool(self.entries)
        buttons = [
            widgets.Button(tr("menu.back"), self.nav.pop, key_hint="Esc", name="back"),
            widgets.Button(tr("lists.export_csv"), lambda: self.export("csv"), key_hint="C",
                           enabled=have, name="csv"),
            widgets.Button(tr("lists.export_json"), lambda: self.export("json"), key_hint="J",
                           enabled=have, name="json"),
            widgets.Button(tr("lists.open"), self.open, key_hint="Enter", primary=have,
                           enabled=have, name="open"),
        ]
        for b in buttons:
            b.font_size = L.font_body
        bar = pygame.Rect(p.x + pad, p.bottom - pad - L.button_h, p.width - 2 * pad, L.button_h)
        widgets.row_of_buttons(buttons, bar, L.button_h, L.gap, round(L.button_h * 3.2))
        self.buttons = buttons
        # three lines: the total, the name, the level (date, begun; deals, stopped), half a
        # gap over and under them (the third line's descenders, "Übung", crossed the chosen
        # row's border)
        self.row_h = round(line_height(L.font_body, True)
                           + 2 * line_height(L.font_small) + L.gap + L.gap // 2)
        self.table_top = p.y + pad + L.font_title + 2 * L.gap + L.font_small + L.gap
        self.table_bottom = bar.top - 2 * L.gap
        # columns: date | deals | three or four players | list kind, each as wide as its
        # words (the players give way when a window is too narrow)
        inner = p.width - 2 * pad
        # at large text the date's line does not fit: date over time (issue 28)
        self.compact = False
        needs = self._needs()
        if sum(needs) > inner:
            self.compact = True
            needs = self._needs()
        widths = widgets.fit_columns(needs, inner, (2, 3, 4, 5, 0))
        # nothing is cut while each column has its floor (see _floors); what is left over
        # the floors is shared in proportion to what each column wants more
        floors = self._floors()
        if sum(floors) > inner:  # the date two steps smaller before anything is cut
            floors = self._floors(L.font_caption)
        floors[1] = needs[1]  # the deals: not giving way
        if any(w < f for w, f in zip(widths, floors, strict=True)):
            excess = [max(0, n - f) for n, f in zip(needs, floors, strict=True)]
            k = max(0, inner - sum(floors)) / max(1, sum(excess))
            widths = [f + int(e * min(1.0, k)) for f, e in zip(floors, excess, strict=True)]
            widths[6] -= max(0, sum(widths) - inner)  # the kind's lines a step smaller
        self.cols: list[tuple[int, int]] = []
        x = p.x + pad
        for w in widths:
            self.cols.append((x, w))
            x += w
        if self.compact:  # four lines: the kind, its deals, stopped, practice
            self.row_h += line_height(L.font_small)
        # the count of lists beside the title, or (large text: it would run into the
        # title) on a line of its own under the rows
        count_w = text_width(tr("lists.count", n=len(self.entries)), L.font_small)
        title_right = p.centerx + text_width(tr("lists.title"), L.font_title, True) // 2
        self.count_under = p.right - pad - count_w < title_right + L.gap
        if self.count_under and len(self.entries) > self.visible_rows():
            self.table_bottom -= line_height(L.font_small)
        self._clamp_scroll()

    def _texts(self, e: ArchivedList) -> list[list[tuple[str, int, bool]]]:
        """Each column's lines for list ``e``: (text, size, bold)."""
        L = self.layout
        tr = self.tr
        size, small = L.font_body, L.font_small
        n = len(e.rows)
        complete = e.planned is None or n >= e.planned
        when, begun = format_when(e.finished, tr), format_when(e.started, tr)
        same_day = e.started[:10] == e.finished[:10]
        if same_day and " " in begun:  # the same day: the time
            begun = begun.rsplit(" ", 1)[1]
        date_lines = [(when, size, True), (tr("lists.begun", when=begun), small, False)]
        if getattr(self, "compact", False) and " " in when:
            # date over time; begun on another day: that day (its time left to the sheet)
            day, time = when.rsplit(" ", 1)
            if not same_day and " " in begun:
                begun = self._short_day(e.started, begun.rsplit(" ", 1)[0], e.finished)
            date_lines = [(day, size, True), (time, small, False)]
            said = tr("lists.begun", when=begun)
            head = said.split(begun, 1)[0].strip()
            if head and said.startswith(head):  # its day or time on a line of its own
                date_lines += [(head, small, False), (said[len(head):].strip(), small, False)]
            else:
                date_lines.append((said, small, False))
        deals = [(str(n) if complete else tr("lists.deals_of", n=n, total=e.planned), size,
                  False)] + ([] if complete else [(tr("lists.stopped"), small, False)])
        compact = getattr(self, "compact", False)
        cols: list[list[tuple[str, int, bool]]] = [date_lines, [] if compact else deals]
        totals = e.totals()
        names = e.display_names(tr)
        for k in range(4):
            if k >= e.size:
                cols.append([])
                continue
            lines = [(str(totals[k]), size, True), (names[k], small, False)]
            level = e.levels[k]
            if level is not None:
                lines.append((level_name(level, tr), small, False))
            cols.append(lines)
        kind = tr("sheet.kind_sf") if e.list_kind == "seeger-fabian" else tr("sheet.kind_plain")
        kind_lines = [(kind, size, False), (e.mode_text(tr), small, False)]
        if compact:  # the deals under the kind (their column's room goes to the players)
            if not complete:  # "3 of 36" says what "36 deals" would
                kind_lines[1:] = [(deals[0][0], small, False), deals[1]]
            elif e.planned is None:
                kind_lines.append((count_text(tr, "listmode.deals", n, n=n), small, False))
        cols.append(kind_lines + ([(tr("practice.badge"), small, True)] if e.practice else []))
        return cols

    def _needs(self) -> list[int]:
        """The width each column's words need (headings and every list's lines)."""
        L = self.layout
        tr = self.tr
        deals = "" if getattr(self, "compact", False) else tr("lists.deals")
        heads = [tr("lists.date"), deals, "", "", "", "", tr("lists.kind")]
        needs = [text_width(h, L.font_small, True) if h else 0 for h in heads]
        needs[2] = text_width(tr("lists.players"), L.font_small, True) // 3
        for e in self.entries:
            for i, lines in enumerate(self._texts(e)):
                for text, size, bold in lines:
                    needs[i] = max(needs[i], text_width(text, size, bold))
        return [w + L.gap if w else 0 for w in needs]

    def _short_day(self, iso: str, day: str, finished: str) -> str:
        """The day a list was begun, without its year when that is the year it ended
        ("27.11.", "11-27"): the date's format without its year."""
        import datetime

        fmt = self.tr("format.datetime").split(" ")[0]
        if iso[:4] != finished[:4] or "%Y" not in fmt:
            return day
        try:
            t = datetime.datetime.fromisoformat(iso)
        except ValueError:
            return day
        return t.strftime(fmt.replace("%Y", "").strip("-/ "))

    def _floors(self, date_least: int | None = None) -> list[int]:
        """The width under which a column cuts a line: each player's total at its own size,
        the date's first line at the small size (or ``date_least``), the other lines at
        the caption size (a cell draws a line a step or two smaller before it cuts it)."""
        L = self.layout
        floors = [0] * 7
        for e in self.entries:
            for i, lines in enumerate(self._texts(e)):
                for n, (text, size, bold) in enumerate(lines):
                    least = L.font_caption
                    if n == 0 and 2 <= i < 6:  # a total: whole at its size
                        least = size
                    elif n == 0 and i == 0:  # the date: one step smaller at most
                        least = date_least or L.font_small
                    w = text_width(text, min(size, least), bold)
                    floors[i] = max(floors[i], w + L.gap)
        return floors

    def visible_rows(self) -> int:
        return max(1, (self.table_bottom - self.table_top) // self.row_h)

    def _clamp_scroll(self) -> None:
        n = self.visible_rows()
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + n:
            self.scroll = self.selected - n + 1
        self.scroll = max(0, min(self.scroll, max(0, len(self.entries) - n)))

    # ------------------------------------------------------------ actions

    def select(self, index: int) -> None:
        if self.entries:
            self.selected = max(0, min(len(self.entries) - 1, index))
            self._clamp_scroll()

    def open(self) -> None:
        """The chosen list's score sheet (replayed through the engine first)."""
        from skatgame.table.archive import open_series

        entry = self.entry
        store = self.services.store
        if entry is None or store is None:
            return
        opened = open_series(store, entry)
        if opened is None:  # set aside; the app shows the store's message
            self.reload(self.services)
            self.relayout()
            return
        sheet = ArchivedSheet(opened[0], entry.display_names(self.tr), entry.planned,
                              entry.practice, list(entry.levels))
        self.nav.push("sheet", session=sheet, final=True)

    def export(self, kind: str) -> None:
        """Write the chosen list as CSV or JSON and say where it went."""
        from skatgame.table.archive import export
        from skatgame.table.i18n import Message

        entry = self.entry
        store = self.services.store
        if entry is None or store is None:
            return
        result = export(store, entry, kind, self.tr, self.settings.deck_style)
        if isinstance(result, Message):
            if result.key == "archive.export_damaged":
                self.reload(self.services)
                self.relayout()
                return  # the store's own message says what was wrong
            self.nav.push("message", title=self.tr("lists.export_title"),
                          body=result.translate(self.tr))
            return
        self.nav.push("message", title=self.tr("lists.export_title"),
                      body=self.tr("lists.exported", path=str(result)))

    # ------------------------------------------------------------ loop

    def handle_event(self, event: pygame.event.Event) -> None:
        if widgets.handle_buttons(self.buttons, event):
            return
        t = event.type
        if t == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                step = -1 if k == pygame.K_LEFT or event.mod & pygame.KMOD_SHIFT else 1
                self.bar_focus = widgets.step_focus(self.buttons, self.bar_focus, step)
                return
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and \
                    0 <= self.bar_focus < len(self.buttons):
                self.buttons[self.bar_focus].click()
                return
            if k in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
                     pygame.K_HOME, pygame.K_END):
                self.bar_focus = -1  # back to the lists
            if k == pygame.K_ESCAPE:
                self.nav.pop()
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open()
            elif k == pygame.K_UP:
                self.select(self.selected - 1)
            elif k == pygame.K_DOWN:
                self.select(self.selected + 1)
            elif k == pygame.K_PAGEUP:
                self.select(self.selected - self.visible_rows())
            elif k == pygame.K_PAGEDOWN:
                self.select(self.selected + self.visible_rows())
            elif k == pygame.K_HOME:
                self.select(0)
            elif k == pygame.K_END:
                self.select(len(self.entries) - 1)
            else:
                widgets.press_by_key(self.buttons, event)
        elif t == pygame.MOUSEWHEEL:
            self.select(self.selected - event.y)
        elif t == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.row_at(event.pos)
            if index is not None:
                if index == self.selected:
                    self.open()
                else:
                    self.select(index)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the list drawn at ``pos``, if any."""
        x, y = pos
        if not (self.panel.x <= x <= self.panel.right) or y < self.table_top:
            return None
        i = self.scroll + (y - self.table_top) // self.row_h
        if i >= self.scroll + self.visible_rows() or i >= len(self.entries):
            return None
        return i

    def draw(self, surface: pygame.Surface) -> None:

        L = self.layout
        tr = self.tr
        surface.blit(self.services.window.felt(), (0, 0))
        p = self.panel
        draw_dialog(surface, L, p, tr("lists.title"))
        pad = 2 * L.gap
        head_y = self.table_top - L.font_small - L.gap
        heads = [tr("lists.date"), "" if self.compact else tr("lists.deals"),
                 tr("lists.players"), "", "", "",
                 tr("lists.kind")]
        for i, ((x, w), h) in enumerate(zip(self.cols, heads, strict=True)):
            if h:  # a heading spans the columns after it that have none
                for k in range(i + 1, len(heads)):
                    if heads[k]:
                        break
                    w += self.cols[k][1]
                draw_text(surface, ellipsize(h, L.font_small, w - L.gap, True),
                          L.font_small, (x, head_y), theme.ACCENT, bold=True)
        pygame.draw.line(surface, theme.PANEL_BORDER, (p.x + pad, self.table_top - 4),
                         (p.right - pad, self.table_top - 4))
        if not self.entries:
            draw_text(surface, tr("lists.empty"), L.font_body,
                      (p.centerx, self.table_top + L.gap * 2), theme.TEXT_DIM, "midtop")
        y = self.table_top
        for i in range(self.scroll, min(len(self.entries), self.scroll + self.visible_rows())):
            e = self.entries[i]
            row = pygame.Rect(p.x + pad - L.gap // 2, y, p.width - 2 * pad + L.gap,
                              self.row_h - L.gap // 2)
            if i == self.selected:
                surface.blit(widgets.rounded(row.size, L.radius, (255, 255, 255, 30),
                                             theme.ACCENT, 1), row.topleft)
                self.spoken_row = ", ".join(text for lines in self._texts(e)
                                            for text, _size, _bold in lines if text.strip())
            elif i % 2:
                surface.blit(widgets.rounded(row.size, L.radius, theme.ROW_ODD), row.topleft)
            ty = y + L.gap // 2
            totals = e.totals()
            best = max(totals)
            stopped = tr("lists.stopped")
            for col, lines in enumerate(self._texts(e)):
                ly = ty
                for n, (text, tsize, bold) in enumerate(lines):
                    color = theme.TEXT if n == 0 else theme.TEXT_DIM
                    if n == 0 and 2 <= col < 6 and totals[col - 2] == best:
                        color = theme.ACCENT
                    elif (n == 1 and col == 1) or (col == 6 and (bold or text == stopped)):
                        # stopped; practice
                        color = theme.WARN
                    self._cell(surface, col, text, ly, tsize, color, bold)
                    ly += line_height(tsize, bold)
            y += self.row_h
        if len(self.entries) > self.visible_rows():
            text = tr("lists.count", n=len(self.entries))
            at = (p.right - pad, self.table_bottom) if self.count_under else \
                (p.right - pad, p.y + 2 * L.gap)
            draw_text(surface, text, L.font_small, at, theme.TEXT_DIM, "topright")
        for i, b in enumerate(self.buttons):
            b.selected = i == self.bar_focus
            b.draw(surface)

    def _cell(self, surface: pygame.Surface, col: int, text: str, y: int, size: int,
              color: Color, bold: bool = False) -> None:
        x, w = self.cols[col]
        L = self.layout
        # too wide for its column (large text): a step or two smaller before it is cut
        sizes = sorted({size, *(s for s in (L.font_small, L.font_caption) if s < size)},
                       reverse=True)
        text, size = fit_size(text, sizes, w - L.gap, bold)
        draw_text(surface, text, size, (x, y), color, bold=bold)
