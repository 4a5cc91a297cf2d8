"""The statistics screen: per player and level, over every finished list.

Columns: lists, deals played, games declared (Grand, suit games, Null), won,
lost, and the average Seeger-Fabian score per 36 deals. Esc goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from skatgame.table.stats import MIN_DEALS_PER_36
from skatgame.table.texts import level_name
from skatgame.ui import theme, widgets
from skatgame.ui.scene import Scene, draw_dialog
from skatgame.ui.text import draw_text, ellipsize, line_height, text_width, wrap, wrap_lines

if TYPE_CHECKING:
    from skatgame.table.session import Session
    from skatgame.table.stats import PlayerStats
    from skatgame.ui.services import Services

#: Column keys and their share of the table's width; the first is the player.
COLUMNS = (("stats.player", 0.2), ("stats.lists", 0.06), ("stats.deals", 0.07),
           ("stats.games", 0.11), ("contract.grand", 0.07), ("stats.suit", 0.1),
           ("contract.null", 0.06), ("stats.won", 0.1), ("stats.lost", 0.1),
           ("stats.sf36", 0.13))


class StatisticsScene(Scene):
    """A table of figures per player and level."""

    name = "statistics"

    def __init__(self, services: Services) -> None:
        from skatgame.table.statcache import summaries_counted
        from skatgame.table.stats import compute

        lists = summaries_counted(services.store, self._in_progress(services))
        self.n_lists = len(lists)
        self.n_deals = sum(s.deals for s in lists)
        self.table: list[PlayerStats] = compute(lists)
        self.scroll = 0
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

    def relayout(self) -> None:
        L = self.layout
        self.panel = L.dialog_rect(1120, 640)
        p = self.panel
        pad = 2 * L.gap
        back = widgets.Button(self.tr("menu.back"), self.nav.pop, key_hint="Esc", primary=True,
                              font_size=L.font_body, name="back")
        back.rect = pygame.Rect(0, 0, round(L.button_h * 3.6), L.button_h)
        back.rect.midbottom = (p.centerx, p.bottom - pad)
        self.buttons = [back]
        inner = p.width - 2 * pad
        self.cols: list[tuple[int, int]] = []
        x = p.x + pad
        needs = self._needs()
        widths = widgets.fit_columns(needs, inner, (0,))
        if widths[0] < needs[0] // 2:  # a small window: every column gives way a little
            widths = widgets.fit_columns(needs, inner)
        for w in widths:
            self.cols.append((x, w))
            x += w
        self.row_h = L.font_body + L.gap + 4
        self.head_line = line_height(L.font_small, True)  # two lines of headings
        self.table_top = p.y + pad + L.font_title + 2 * L.gap + L.font_small + 2 * L.gap + \
            self.head_line * 2
        # the note under the table: two lines at most in a narrow window
        self.note = wrap_lines(self.tr("stats.note", n=MIN_DEALS_PER_36), L.font_small, inner, 2)
        self.table_bottom = back.rect.top - 2 * L.gap - \
            len(self.note) * line_height(L.font_small)

    def _needs(self) -> list[int]:
        """The width each column needs: its figures, its heading in at most two lines,
        the players' names with their level."""
        L = self.layout
        head = L.font_small
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
        return needs

    def _name_width(self, st: PlayerStats) -> int:
        """The width of a player's name in bold with his level after it, smaller."""
        L = self.layout
        if st.level is None:
            return text_width(self.player_label(st), L.font_body, True)
        level = f" · {level_name(st.level, self.tr)}"
        return text_width(st.name, L.font_body, True) + text_width(level,
                                                                              L.font_small)

    def visible_rows(self) -> int:
        return max(1, (self.table_bottom - self.table_top) // self.row_h)

    def handle_event(self, event: pygame.event.Event) -> None:
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.nav.pop()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                step = 1 if event.key == pygame.K_DOWN else -1
                most = max(0, len(self.table) - self.visible_rows())
                self.scroll = max(0, min(most, self.scroll + step))
        elif event.type == pygame.MOUSEWHEEL:
            most = max(0, len(self.table) - self.visible_rows())
            self.scroll = max(0, min(most, self.scroll - event.y))

    def player_label(self, st: PlayerStats) -> str:
        if st.level is None:  # the player, by the name he chose (if any)
            return self.settings.player_name or self.tr("stats.you")
        return f"{st.name} · {level_name(st.level, self.tr)}"

    def cells(self, st: PlayerStats) -> list[str]:
        """The figures of one row, as shown."""
        avg = st.sf_per_36
        return [self.player_label(st), str(st.lists), str(st.deals), str(st.games),
                str(st.declared.get(4, 0)), str(st.suit_games), str(st.declared.get(5, 0)),
                str(st.won), str(st.lost), "–" if avg is None else f"{avg:+.0f}"]

    def draw(self, surface: pygame.Surface) -> None:
        L = self.layout
        tr = self.tr
        surface.blit(self.services.window.felt(), (0, 0))
        p = self.panel
        pad = 2 * L.gap
        draw_dialog(surface, L, p, tr("stats.title"))
        draw_text(surface, tr("stats.from", lists=self.n_lists, deals=self.n_deals),
                  L.font_small, (p.centerx, p.y + pad + L.font_title + L.gap),
                  theme.TEXT_DIM, "midtop")
        # the headings, two lines each where needed, figures right-aligned
        head_y = self.table_top - self.head_line * 2 - L.gap // 2
        heads = [wrap(tr(key), L.font_small, w - L.gap, True, break_words=False)[:2]
                 for (key, _f), (_x, w) in zip(COLUMNS, self.cols, strict=True)]
        size = L.font_small
        for i, (lines, (x, w)) in enumerate(zip(heads, self.cols, strict=True)):
            y = head_y + self.head_line * (2 - len(lines))
            for heading in lines:
                line = ellipsize(heading, size, w - L.gap, True)
                if i == 0:
                    draw_text(surface, line, size, (x, y), theme.ACCENT, bold=True)
                else:
                    draw_text(surface, line, size, (x + w - L.gap, y), theme.ACCENT,
                              "topright", bold=True)
                y += self.head_line
        pygame.draw.line(surface, theme.PANEL_BORDER, (p.x + pad, self.table_top - 4),
                         (p.right - pad, self.table_top - 4))
        if not self.table:
            draw_text(surface, tr("stats.empty"), L.font_body,
                      (p.centerx, self.table_top + 2 * L.gap), theme.TEXT_DIM, "midtop")
        y = self.table_top
        shown = self.table[self.scroll:self.scroll + self.visible_rows()]
        name_w = self.cols[0][1] - L.gap
        name_size = L.font_body
        for n, st in enumerate(shown):
            if (n + self.scroll) % 2:
                surface.blit(widgets.rounded((p.width - 2 * pad, self.row_h), 4, theme.ROW_ODD),
                             (p.x + pad, y - 2))
            for i, (text, (x, w)) in enumerate(zip(self.cells(st), self.cols, strict=True)):
                size = name_size
                text = ellipsize(text, size, name_w if i == 0 else w - L.gap, i == 0)
                color = theme.TEXT
                if i == len(COLUMNS) - 1 and st.sf_per_36 is not None:
                    color = theme.GOOD if st.sf_per_36 > 0 else theme.BAD \
                        if st.sf_per_36 < 0 else theme.TEXT
                if i == 0 and st.level is not None:  # the name, then the level smaller
                    name = draw_text(surface, ellipsize(st.name, size, name_w,
                                                        True),
                                     size, (x, y + 2), color, bold=True)
                    level = ellipsize(f" · {level_name(st.level, tr)}", L.font_small,
                                      x + name_w - name.right)
                    draw_text(surface, level, L.font_small,
                              (name.right, name.bottom - 1), theme.TEXT_DIM,
                              "bottomleft")
                elif i == 0:
                    draw_text(surface, text, size, (x, y + 2), color, bold=True)
                else:
                    draw_text(surface, text, size, (x + w - L.gap, y + 2), color,
                              "topright")
            y += self.row_h
        y = self.table_bottom + L.gap // 2
        for note in self.note:
            y = draw_text(surface, note, L.font_small, (p.centerx, y), theme.TEXT_DIM,
                          "midtop").bottom
        for b in self.buttons:
            b.draw(surface)
