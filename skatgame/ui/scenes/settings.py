"""The settings screen, on two pages: the table and sound; the opponents and house rules.

Every change applies at once and is saved. Opened from the menu it is a
screen of its own; from the pause menu it lies over the table. Tab (or a
click on a page's tab, or Page Up/Down) turns the page; Up/Down move, Left/
Right change, Esc goes back. Opponents and house rules are the defaults of
new lists: a list in progress keeps its rules.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from skatgame.table.settings import RAMSCH_ROWS, RULE_ROWS, rule_options, rule_row_values
from skatgame.table.texts import rule_value_text
from skatgame.ui import theme, widgets
from skatgame.ui.scenes.base import Overlay, draw_dialog

if TYPE_CHECKING:
    from skatgame.engine.options import RuleOptions
    from skatgame.table.i18n import Tr
    from skatgame.ui.app import App

VOLUMES = tuple(round(v / 10, 1) for v in range(0, 11))
PAGES = ("table", "game")

#: Window sizes offered (those larger than the screen are left out).
WINDOW_SIZES = ((960, 600), (1024, 640), (1152, 720), (1280, 720), (1280, 800), (1440, 900),
                (1600, 900), (1920, 1080), (2560, 1440))


def window_sizes(current: tuple[int, int],
                 desktops: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """The sizes to choose from: the standard ones that fit the largest screen, that
    screen's own size, and the current one (``desktops``: the screens' sizes, default
    asked from the display)."""
    if desktops is None:
        try:
            desktops = [tuple(d) for d in pygame.display.get_desktop_sizes()]
        except pygame.error:
            desktops = []
    desktops = [(d[0], d[1]) for d in desktops if d[0] > 0 and d[1] > 0]
    limit = max(desktops) if desktops else (100000, 100000)
    sizes = [s for s in WINDOW_SIZES if s[0] <= limit[0] and s[1] <= limit[1]] or \
        [WINDOW_SIZES[0]]
    for extra in ([limit] if desktops else []) + [(current[0], current[1])]:
        if extra not in sizes:
            sizes.append(extra)
    return sorted(sizes)


#: Rows with a shorter label (``rules.short.<name>``) where they stand under a heading "Ramsch".
SHORT_LABELS = ("ramsch", "ramsch_skat", "ramsch_loss")


def house_rule_rows(tr: Tr, opts: RuleOptions, on_change: Callable[[], None] | None = None,
                    *, under_ramsch: bool = False) -> list[widgets.Choice]:
    """A row for each house rule (:data:`RULE_ROWS`) showing ``opts``; the Ramsch
    variants can be changed only while Ramsch is on. ``on_change`` is called after
    every change. ``under_ramsch``: the Ramsch rows stand under a heading "Ramsch"
    and say less."""
    rows: list[widgets.Choice] = []

    def changed(_value: Any) -> None:
        follow_ramsch(rows)
        if on_change is not None:
            on_change()

    for field in RULE_ROWS:
        options: list[tuple[Any, widgets.Label]] = [
            (v, rule_value_text(field, v, tr)) for v in rule_row_values(field)]
        key = f"rules.short.{field}" if under_ramsch and field in SHORT_LABELS else \
            f"rules.{field}"
        c = widgets.Choice(tr(key), options, name=field, on_change=changed)
        c.select_value(getattr(opts, field))
        rows.append(c)
    follow_ramsch(rows)
    return rows


def follow_ramsch(rows: list[widgets.Choice]) -> None:
    """The Ramsch rows are enabled only while the row ``ramsch`` is on."""
    ramsch = next((r.value for r in rows if r.name == "ramsch"), True)
    for r in rows:
        if r.name in RAMSCH_ROWS:
            r.enabled = bool(ramsch)


class SettingsScene(Overlay):
    """Each row changes one setting; the scene has two pages."""

    name = "settings"
    dim_alpha = 170

    def __init__(self, app: App, overlay: bool = False, page: str = "table") -> None:
        self.on_table = overlay
        self.page = page if page in PAGES else PAGES[0]
        self.tabs: list[widgets.Button] = []
        self.build_forms(app)
        super().__init__(app)

    # ------------------------------------------------------------ the rows

    def build_forms(self, app: App) -> None:
        """The rows of both pages, showing the current settings."""
        from skatgame.table.i18n import GERMAN_SUIT_DECKS, LANGUAGES
        from skatgame.table.settings import (
            ANIMATION_SPEEDS,
            DECK_STYLES,
            LEVELS,
            SORT_DIRECTIONS,
            SORT_ORDERS,
        )

        tr = app.tr
        s = app.settings
        on_off = [(True, tr("settings.on")), (False, tr("settings.off"))]

        def row(field: str, options: list[tuple[Any, widgets.Label]],
                value: Any = None) -> widgets.Choice:
            c = widgets.Choice(tr(f"settings.{field}"), options, name=field,
                               on_change=lambda v, f=field: self.change(f, v))
            c.select_value(getattr(s, field) if value is None else value)
            return c

        sizes = window_sizes(app.windowed_size)
        table = [
            row("deck_style", [(d, tr(f"settings.deck_style.{d}")) for d in DECK_STYLES]),
            row("german_indices", [(True, tr("settings.german_indices.on")),
                                   (False, tr("settings.german_indices.off"))]),  # French decks
            row("sort_order", [(o, tr(f"settings.sort_order.{o}")) for o in SORT_ORDERS]),
            row("sort_direction", [(o, tr(f"settings.sort_direction.{o}"))
                                   for o in SORT_DIRECTIONS]),
            row("animation_speed", [(o, tr(f"settings.animation_speed.{o}"))
                                    for o in ANIMATION_SPEEDS]),
            row("show_running_points", on_off),
            row("bid_helper", on_off),
            row("sound_on", on_off),
            row("volume", [(v, f"{round(v * 100)} %") for v in VOLUMES]),
            row("language", [(lang, tr(f"language.{lang}")) for lang in LANGUAGES]),
            row("window_size", [(size, f"{size[0]} × {size[1]}") for size in sizes],
                tuple(app.windowed_size)),
            row("fullscreen", on_off, app.fullscreen),
        ]
        levels = [(lv, tr(f"level.{lv}")) for lv in LEVELS]
        opponents = []
        three = s.three_opponents
        # clockwise, as in the new-list form: left, across, right (three_opponents keeps
        # the order left, right, top)
        for i, key in ((0, "left"), (2, "top"), (1, "right")):
            c = widgets.Choice(tr(f"settings.opponent_{key}", name=three[i].name), levels,
                               name=f"opponent_{key}",
                               on_change=lambda v, i=i: self.change_opponent(i, v))
            c.select_value(three[i].level)
            opponents.append(c)
        from skatgame.ui.scenes.menu import timer_options

        # a new list's table: three or four players, the move timer
        opponents.append(row("players", [(3, tr("newlist.players_3")),
                                         (4, tr("newlist.players_4"))]))
        opponents.append(row("move_timer", timer_options(tr)))
        rules = house_rule_rows(tr, rule_options(s.house_rules), lambda: self.change_rules(),
                                under_ramsch=True)
        table[1].enabled = s.deck_style not in GERMAN_SUIT_DECKS  # the German deck has its own
        old = getattr(self, "forms", None)
        self.opponent_rows = opponents
        self.rule_rows = rules
        self.forms = {"table": widgets.Form(table, s.deck_style),
                      "game": widgets.Form([*opponents, *rules], s.deck_style)}
        if old is not None:
            for page, form in self.forms.items():
                form.focus = min(old[page].focus, len(form.rows) - 1)

    @property
    def form(self) -> widgets.Form:
        """The form of the page on show."""
        return self.forms[self.page]

    def row(self, name: str) -> widgets.Choice | None:
        """The row called ``name`` on either page (for tests)."""
        return next((r for f in self.forms.values() for r in f.rows if r.name == name), None)

    # ------------------------------------------------------------ changes

    def change(self, field: str, value: Any) -> None:
        app = self.app
        if field == "fullscreen":
            if value != app.fullscreen:
                app.toggle_fullscreen()
            return
        if field == "window_size" and app.fullscreen:
            app.windowed_size = value  # used when the full screen is left
        try:
            new = dataclasses.replace(app.settings, **{field: value})
        except (ValueError, TypeError):
            return
        app.set_settings(new)
        if field == "language":
            self.build_forms(app)
            self.relayout()
        if field in ("sort_order", "sort_direction"):
            for scene in app.stack:
                view = getattr(scene, "view", None)
                if view is not None:
                    view.sorted_human()
        for form in self.forms.values():
            form.style = app.settings.deck_style
        if field == "deck_style":
            from skatgame.table.i18n import GERMAN_SUIT_DECKS

            indices = self.row("german_indices")
            if indices is not None:
                indices.enabled = value not in GERMAN_SUIT_DECKS

    def change_opponent(self, index: int, level: str) -> None:
        from skatgame.table.settings import Opponent

        s = self.app.settings
        opponents = list(s.three_opponents)
        opponents[index] = Opponent(level, opponents[index].name)
        self.app.set_settings(dataclasses.replace(s, opponents=tuple(opponents)))

    def change_rules(self) -> None:
        from skatgame.engine.options import OptionsError, RuleOptions

        try:
            options = RuleOptions.from_dict({r.name: r.value for r in self.rule_rows})
        except OptionsError:
            return
        self.app.set_settings(dataclasses.replace(self.app.settings,
                                                  house_rules=options.to_dict()))

    def turn_page(self, page: str | None = None) -> None:
        """Show ``page`` (default: the other one)."""
        if page is None:
            page = PAGES[(PAGES.index(self.page) + 1) % len(PAGES)]
        self.page = page
        self.relayout()

    def _sync_window_rows(self) -> None:
        """Keep the full-screen and window-size rows in step with the window (F11 changes
        it behind the form's back)."""
        app = self.app
        full = self.row("fullscreen")
        if full is not None:
            full.select_value(app.fullscreen)
        size = self.row("window_size")
        if size is not None:
            want = (app.windowed_size[0], app.windowed_size[1])
            if all(v != want for v, _label in size.options):
                size.options = [(v, f"{v[0]} × {v[1]}") for v in window_sizes(want)]
            size.select_value(want)

    # ------------------------------------------------------------ layout

    def relayout(self) -> None:
        self._sync_window_rows()
        L = self.layout
        tr = self.tr
        pad = 2 * L.gap
        tab_h = round(L.button_h * 0.85)
        self.panel = L.dialog_rect(1000, 690)
        # in a small window the rows keep their least height: the panel grows instead
        head = pad + L.font_title + L.gap + tab_h + 2 * L.gap
        foot = pad + L.button_h + L.gap
        ramsch = [r for r in self.rule_rows if r.name == "ramsch" or r.name in RAMSCH_ROWS]
        rows = max(len(self.opponent_rows) + len(ramsch) + 3, len(self.forms["table"].rows))
        need = head + foot + rows * (18 + L.gap // 2) + L.gap
        if self.panel.height < need:
            self.panel = L.dialog_rect(1000, need / L.unit)
        p = self.panel
        # the two page tabs under the title
        tab_y = p.y + pad + L.font_title + L.gap
        self.tabs = []
        for page in PAGES:
            b = widgets.Button(tr(f"settings.page.{page}"), lambda pg=page: self.turn_page(pg),
                               font_size=L.font_body, name=f"page_{page}",
                               selected=page == self.page)
            self.tabs.append(b)
        widgets.row_of_buttons(self.tabs, pygame.Rect(p.x + pad, tab_y, p.width - 2 * pad,
                                                      tab_h), tab_h, L.gap,
                               round(L.button_h * 4.2))
        top = tab_y + tab_h + 2 * L.gap
        bottom = p.bottom - pad - L.button_h - L.gap
        inner = pygame.Rect(p.x + pad, top, p.width - 2 * pad, bottom - top)
        if self.page == "table":
            form = self.forms["table"]
            n = len(form.rows)
            row_h = max(18, min(round(34 * L.unit), inner.height // n - L.gap // 2))
            form.font_size = max(11, min(L.font_body, row_h - 8))
            form.heading_size = L.font_large
            colw = round(inner.width * 0.62)
            form.place([(pygame.Rect(inner.x, inner.y, colw, inner.height), form.rows, "")],
                       row_h, L.gap)
            self.preview = pygame.Rect(inner.x + colw + 2 * L.gap, inner.y,
                                       inner.width - colw - 2 * L.gap, inner.height)
        else:
            # the opponents and, under them, Ramsch and its variants; the other rules right
            form = self.forms["game"]
            ramsch = [r for r in self.rule_rows if r.name == "ramsch" or r.name in RAMSCH_ROWS]
            others = [r for r in self.rule_rows if r not in ramsch]
            n = max(len(self.opponent_rows) + len(ramsch) + 3, len(others) + 1)  # + headings
            row_h = max(18, min(round(34 * L.unit), inner.height // n - L.gap // 2))
            form.font_size = max(11, min(L.font_body, row_h - 8))
            form.heading_size = L.font_large
            colw = (inner.width - 2 * pad) // 2
            step = row_h + L.gap // 2
            top_h = (len(self.opponent_rows) + 1) * step
            left = pygame.Rect(inner.x, inner.y, colw, top_h)
            below = pygame.Rect(inner.x, left.bottom + step // 2, colw,
                                inner.bottom - left.bottom - step // 2)
            right = pygame.Rect(inner.x + colw + 2 * pad, inner.y, colw, inner.height)
            form.place([(left, self.opponent_rows, tr("settings.opponents")),
                        (below, ramsch, tr("contract.ramsch")),
                        (right, others, tr("settings.house_rules"))], row_h, L.gap)
            last = others[-1].rect
            self.note_rect = pygame.Rect(right.x, last.bottom + 2 * L.gap, right.width,
                                         bottom - last.bottom - 2 * L.gap)
        back = widgets.Button(tr("menu.back"), self.close, key_hint="Esc", primary=True,
                              font_size=L.font_body, name="back")
        back.rect = pygame.Rect(0, 0, round(L.button_h * 3.6), L.button_h)
        back.rect.midbottom = (p.centerx, p.bottom - pad)
        if any(r.rect.colliderect(back.rect) for r in self.forms[self.page].rows):
            back.rect.bottomright = (p.right - pad, p.bottom - pad)  # a tiny window: aside
        self.buttons = [*self.tabs, back]

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    # ------------------------------------------------------------ loop

    def handle_event(self, event: pygame.event.Event) -> None:
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close()
                return
            if event.key in (pygame.K_TAB, pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self.turn_page()
                return
        self.form.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        L = self.layout
        if self.on_table:
            self.draw_backdrop(surface)
        else:
            surface.blit(self.app.felt(), (0, 0))
        draw_dialog(surface, L, self.panel, self.tr("settings.title"))
        self.form.draw(surface)
        if self.page == "table":
            from skatgame.ui.scenes.menu import draw_deck_preview

            s = self.app.settings
            draw_deck_preview(surface, self.preview, s.deck_style, s.german_indices)
        else:
            size = max(11, L.font_small)
            y = self.note_rect.y
            for line in widgets.wrap(self.tr("settings.new_lists_note"), size,
                                     self.note_rect.width):
                if y + size > self.note_rect.bottom:
                    break
                widgets.draw_text(surface, line, size, (self.note_rect.x, y), theme.TEXT_DIM)
                y += size + L.gap // 2
        for b in self.buttons:
            b.draw(surface)
