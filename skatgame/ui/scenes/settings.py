"""The settings screen, on three pages: the table and sound; the opponents and house rules;
seeing and hearing (high contrast, calm motion).

Every change applies at once and is saved. Opened from the menu it is a
screen of its own; from the pause menu it lies over the table. Tab (or a
click on a page's tab, or Page Up/Down) turns the page; Up/Down move, Left/
Right change, Esc goes back. Opponents and house rules are the defaults of
new lists: a list in progress keeps its rules.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from skatgame.table.labels import Label
from skatgame.table.listmode import mode_options, rate_options
from skatgame.table.settings import RAMSCH_ROWS, TEXT_SIZES, rule_options
from skatgame.ui import theme, widgets
from skatgame.ui.forms import (
    draw_deck_preview,
    house_rule_rows,
    preview_card_width,
    timer_options,
)
from skatgame.ui.layout import CARD_RATIO
from skatgame.ui.scene import Overlay, draw_dialog
from skatgame.ui.text import draw_text, wrap, wrap_lines

if TYPE_CHECKING:
    from skatgame.ui.services import Services

VOLUMES = tuple(round(v / 10, 1) for v in range(0, 11))
PAGES = ("table", "game", "access")

#: Window sizes offered (those larger than the screen are left out).
WINDOW_SIZES = ((960, 600), (1024, 640), (1152, 720), (1280, 720), (1280, 800), (1440, 900),
                (1600, 900), (1920, 1080), (2560, 1440))


def window_sizes(current: tuple[int, int],
                 desktops: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """The sizes to choose from, by area: the standard ones that fit the largest screen,
    that screen's own size, and the current one (``desktops``: the screens' sizes,
    default asked from the display)."""
    if desktops is None:
        try:
            desktops = [(d[0], d[1]) for d in pygame.display.get_desktop_sizes()]
        except pygame.error:
            desktops = []
    desktops = [(d[0], d[1]) for d in desktops if d[0] > 0 and d[1] > 0]
    limit = max(desktops) if desktops else (100000, 100000)
    sizes = [s for s in WINDOW_SIZES if s[0] <= limit[0] and s[1] <= limit[1]] or \
        [WINDOW_SIZES[0]]
    for extra in ([limit] if desktops else []) + [(current[0], current[1])]:
        if extra not in sizes:
            sizes.append(extra)
    return sorted(sizes, key=lambda s: (s[0] * s[1], s[0]))  # from small to large


class SettingsScene(Overlay):
    """Each row changes one setting; the scene has two pages."""

    name = "settings"
    dim_alpha = 170

    def __init__(self, services: Services, overlay: bool = False, page: str = "table") -> None:
        self.on_table = overlay
        self.page = page if page in PAGES else PAGES[0]
        #: the row, the part (◀, value, ▶) and its centre a click changed: a change that
        #: lays the page out anew (the size of text) keeps that part under the mouse
        #: until the mouse leaves the row, so that the next click at the same spot (or
        #: at the other arrow) steps again; not when the window's size changed
        self._pin: tuple[str, int, tuple[int, int]] | None = None
        self._pin_window: tuple[int, int] = (0, 0)  # the window's size at the click
        self.tabs: list[widgets.Button] = []
        self.scroll = widgets.RowScroll()  # the table page's rows at large text
        #: larger text than the window's own on "Opponents and rules": one part of the page
        #: at a time (an index into :meth:`game_parts`), its rows at the size chosen
        self.game_large = False
        self.game_part = 0
        self.game_scroll = widgets.RowScroll()
        #: turning the speech on found none: its switch says "Off: not installed"
        self.speech_missing = False
        #: where the deck's cards were last drawn (None: not on show, or no room; tests)
        self.preview_drawn: pygame.Rect | None = None
        self.build_forms(services)
        super().__init__(services)

    # ------------------------------------------------------------ the rows

    def build_forms(self, services: Services) -> None:
        """The rows of both pages, showing the current settings."""
        from skatgame.table.i18n import GERMAN_SUIT_DECKS, LANGUAGES
        from skatgame.table.settings import (
            ANIMATION_SPEEDS,
            DECK_STYLES,
            LEVELS,
            SORT_DIRECTIONS,
            SORT_ORDERS,
        )

        tr = services.tr
        s = services.settings
        window = services.window
        on_off = [(True, tr("settings.on")), (False, tr("settings.off"))]

        def row(field: str, options: Sequence[tuple[Any, Label]],
                value: Any = None) -> widgets.Choice:
            c = widgets.Choice(tr(f"settings.{field}"), options, name=field,
                               on_change=functools.partial(self.change, field))
            c.select_value(getattr(s, field) if value is None else value)
            return c

        sizes = window_sizes(window.windowed_size)
        table = [
            row("deck_style", [(d, tr(f"settings.deck_style.{d}")) for d in DECK_STYLES]),
            row("german_indices", [(True, tr("settings.german_indices.on")),
                                   (False, tr("settings.german_indices.off"))],
                s.german_letters),  # French decks; as the language until chosen
            row("sort_order", [(o, tr(f"settings.sort_order.{o}")) for o in SORT_ORDERS]),
            row("sort_direction", [(o, tr(f"settings.sort_direction.{o}"))
                                   for o in SORT_DIRECTIONS]),
            row("animation_speed", [(o, tr(f"settings.animation_speed.{o}"))
                                    for o in ANIMATION_SPEEDS]),
            row("show_running_points", on_off),
            row("bid_helper", on_off),
            row("play_forced", on_off),
            row("sound_on", on_off),
            row("volume", [(v, f"{round(v * 100)} %") for v in VOLUMES]),
            row("language", [(lang, tr(f"language.{lang}")) for lang in LANGUAGES]),
            row("window_size", [(size, f"{size[0]} × {size[1]}") for size in sizes],
                tuple(window.windowed_size)),  # (its ends stop ◀ ▶: see below)
            row("fullscreen", on_off, window.fullscreen),
        ]
        levels = [(lv, tr(f"level.{lv}")) for lv in LEVELS]
        self.levels: list[tuple[Any, Label]] = list(levels)
        opponents = []
        three = s.three_opponents
        # clockwise, as in the new-list form: left, across, right (three_opponents keeps
        # the order left, right, top)
        for i, key in ((0, "left"), (2, "top"), (1, "right")):
            c = widgets.Choice(tr(f"settings.opponent_{key}", name=three[i].name), levels,
                               name=f"opponent_{key}",
                               on_change=functools.partial(self.change_opponent, i))
            c.select_value(three[i].level)
            opponents.append(c)

        # a new list's table: three or four players, the move timer
        opponents.append(row("players", [(3, tr("newlist.players_3")),
                                         (4, tr("newlist.players_4"))]))
        self.across = opponents[1]
        self._seats(services, s.players)
        opponents.append(row("move_timer", timer_options(tr)))
        rules = house_rule_rows(tr, rule_options(s.house_rules), lambda: self.change_rules(),
                                under_ramsch=True)
        # the window sizes, small to large: ◀ ▶ stop at the ends (no leap from the largest)
        next(c for c in table if c.name == "window_size").ordered = True
        table[1].enabled = s.deck_style not in GERMAN_SUIT_DECKS  # the German deck has its own
        if services.sound.no_device:  # say so rather than "Sound: on" that nobody hears
            sound, volume = (c for c in table if c.name in ("sound_on", "volume"))
            sound.options = [(s.sound_on, tr("settings.sound_none"))]
            sound.select_value(s.sound_on)
            sound.enabled = volume.enabled = False
        # how new lists end (a number of deals or a Bierlachs) and their settlement
        self.list_rows = [row("list_limit", mode_options(tr)), row("rate", rate_options(tr))]
        if self.speech_missing:
            access_speak: Sequence[tuple[Any, Label]] = [(False, tr("settings.speak_none")),
                                                      (True, tr("settings.on"))]
        else:
            access_speak = on_off
        old = getattr(self, "forms", None)
        self.opponent_rows = opponents
        self.rule_rows = rules
        access = [row("text_size", [(v, f"{v} %") for v in TEXT_SIZES]),
                  row("high_contrast", on_off), row("reduce_motion", on_off),
                  row("speak", access_speak)]
        self.forms = {"table": widgets.Form(table, s.deck_style, self.stops),
                      "game": widgets.Form([*opponents, *rules, *self.list_rows],
                                           s.deck_style, self.stops),
                      "access": widgets.Form(access, s.deck_style, self.stops)}
        if old is not None:
            for page, form in self.forms.items():
                form.focus = min(old[page].focus, len(form.rows) - 1)

    def stops(self) -> list[widgets.Button]:
        """The buttons the keyboard's focus reaches after a page's rows: the pages, Back."""
        return self.buttons

    @property
    def form(self) -> widgets.Form:
        """The form of the page on show."""
        return self.forms[self.page]

    def row(self, name: str) -> widgets.Choice | None:
        """The row called ``name`` on either page (for tests)."""
        return next((r for f in self.forms.values() for r in f.rows if r.name == name), None)

    # ------------------------------------------------------------ changes

    def change(self, field: str, value: Any) -> None:
        services = self.services
        window = services.window
        if field == "fullscreen":
            if value != window.fullscreen:
                window.toggle_fullscreen()
            return
        if field == "window_size" and window.fullscreen:
            window.windowed_size = value  # used when the full screen is left
        try:
            new = dataclasses.replace(services.settings, **{field: value})
        except (ValueError, TypeError):
            return
        services.change_settings(new)
        if field == "speak" and value and services.speaker.voice is None:
            # no speech on this computer: the switch stays off and says so; the page's
            # note says what to install (one message, in its place)
            services.change_settings(dataclasses.replace(new, speak=False))
            self._speech_missing()
        if field == "language":
            self.build_forms(services)
            self.relayout()
        if field == "players":
            self._seats(services, value)
            self.relayout()  # the values' width
        for form in self.forms.values():
            form.style = services.settings.deck_style
        if field == "deck_style":
            from skatgame.table.i18n import GERMAN_SUIT_DECKS

            indices = self.row("german_indices")
            if indices is not None:
                indices.enabled = value not in GERMAN_SUIT_DECKS

    def _speech_missing(self) -> None:
        """The speech switch once turning it on found no speech: "Off: not installed"."""
        speak = self.row("speak")
        if speak is None:
            return
        self.speech_missing = True
        speak.options = [(False, self.tr("settings.speak_none")),
                         (True, self.tr("settings.on"))]
        speak.select_value(self.services.settings.speak)
        self.relayout()  # the value's width

    def _seats(self, services: Services, players: int) -> None:
        """The player across only plays at four: at three his row is greyed (as in the
        new-list form) and says so in place of his level."""
        four = players == 4
        level = services.settings.three_opponents[2].level
        self.across.options = self.levels if four else \
            [(level, services.tr("settings.opponent_top_four"))]
        self.across.select_value(level)
        self.across.enabled = four

    def change_opponent(self, index: int, level: str) -> None:
        from skatgame.table.settings import Opponent

        s = self.settings
        opponents = list(s.three_opponents)
        opponents[index] = Opponent(level, opponents[index].name)
        self.services.change_settings(dataclasses.replace(s, opponents=tuple(opponents)))

    def change_rules(self) -> None:
        from skatgame.engine.options import OptionsError, RuleOptions

        try:
            options = RuleOptions.from_dict({r.name: r.value for r in self.rule_rows})
        except OptionsError:
            return
        self.services.change_settings(dataclasses.replace(self.settings,
                                                  house_rules=options.to_dict()))

    def turn_page(self, page: str | None = None, step: int = 1) -> None:
        """Show ``page`` (default: the next one, ``step`` -1: the one before)."""
        if page is None:
            page = PAGES[(PAGES.index(self.page) + step) % len(PAGES)]
        self.page = page
        self.relayout()

    def _sync_window_rows(self) -> None:
        """Keep the full-screen and window-size rows in step with the window (F11 changes
        it behind the form's back)."""
        window = self.services.window
        full = self.row("fullscreen")
        if full is not None:
            full.select_value(window.fullscreen)
        size = self.row("window_size")
        if size is not None:
            want = (window.windowed_size[0], window.windowed_size[1])
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
        for i, page in enumerate(PAGES):  # each with its number key (Tab: the next one)
            b = widgets.Button(tr(f"settings.page.{page}"), functools.partial(self.turn_page, page),
                               key_hint=str(i + 1), font_size=L.font_body, name=f"page_{page}",
                               chosen=page == self.page)
            self.tabs.append(b)
        widgets.row_of_buttons(self.tabs, pygame.Rect(p.x + pad, tab_y, p.width - 2 * pad,
                                                      tab_h), tab_h, L.gap,
                               round(L.button_h * 4.2))
        top = tab_y + tab_h + 2 * L.gap
        bottom = p.bottom - pad - L.button_h - L.gap
        inner = pygame.Rect(p.x + pad, top, p.width - 2 * pad, bottom - top)
        if self.page == "access":
            form = self.forms["access"]
            row_h = max(18, round(34 * L.unit))
            form.font_size = L.font_body
            form.heading_size = L.font_large
            colw = max(round(inner.width * 0.62),
                       min(inner.width, form.need_width(form.rows, row_h)))
            column = pygame.Rect(inner.x, inner.y, colw, len(form.rows) * (row_h + L.gap))
            form.place([(column, form.rows, "")], row_h, L.gap)
            last = form.rows[-1].rect
            self.note_rect = pygame.Rect(inner.x, last.bottom + 2 * L.gap, inner.width,
                                         bottom - last.bottom - 2 * L.gap)
        elif self.page == "table":
            form = self.forms["table"]
            n = len(form.rows)
            row_h = max(18, min(round(34 * L.unit), inner.height // n - L.gap // 2))
            self.scroll.marks = None
            # larger text than the window's own: whole rows, scrolled (see RowScroll); at
            # 100 % a small window's rows give a little instead
            large = row_h - 8 < L.font_body and self.settings.text_size > 100
            if large:
                row_h = max(18, round(34 * L.unit))
            form.font_size = max(11, min(L.font_body, row_h - 8))
            form.heading_size = L.font_large
            colw = round(inner.width * 0.62)
            if large:  # labels and values whole, the cards beside them in what is left
                colw = max(colw, min(inner.width, form.need_width(form.rows, row_h)))
            column = pygame.Rect(inner.x, inner.y, colw, inner.height)
            self.preview = pygame.Rect(inner.x + colw + 2 * L.gap, inner.y,
                                       inner.width - colw - 2 * L.gap, inner.height)
            if large:
                column, self.preview = self._preview_under(column, self.preview, row_h)
            form.place([(column, form.rows, "")], row_h, L.gap)
            if large:
                focus = form.rows[form.focus] if form.focus < n else None
                self.scroll.place(form.rows, column, row_h, L.gap, focus)
        elif self._place_game_large(inner, bottom):
            pass
        else:
            # the opponents and, under them, Ramsch and its variants; the other rules right
            form = self.forms["game"]
            ramsch = [r for r in self.rule_rows if r.name == "ramsch" or r.name in RAMSCH_ROWS]
            others = [r for r in self.rule_rows if r not in ramsch]
            # two headings in each column, and half a row between its parts
            n = max(len(self.opponent_rows) + len(ramsch), len(others) + len(self.list_rows))
            row_h = form.fit(inner.height, n + 1, 2, L.gap, round(34 * L.unit), L.font_body,
                             L.font_large)
            colw = (inner.width - 2 * pad) // 2
            step = row_h + L.gap // 2
            head = form.heading_h(row_h) + L.gap // 2
            top_h = len(self.opponent_rows) * step + head
            left = pygame.Rect(inner.x, inner.y, colw, top_h)
            below = pygame.Rect(inner.x, left.bottom + step // 2, colw,
                                inner.bottom - left.bottom - step // 2)
            right = pygame.Rect(inner.x + colw + 2 * pad, inner.y, colw,
                                len(others) * step + head)
            lists = pygame.Rect(right.x, right.bottom + step // 2, colw,
                                inner.bottom - right.bottom - step // 2)
            form.place([(left, self.opponent_rows, tr("settings.opponents")),
                        (below, ramsch, tr("contract.ramsch")),
                        (right, others, tr("settings.house_rules")),
                        (lists, self.list_rows, tr("settings.new_lists"))], row_h, L.gap)
            last = self.list_rows[-1].rect
            self.note_rect = pygame.Rect(right.x, last.bottom + 2 * L.gap, right.width,
                                         bottom - last.bottom - 2 * L.gap)
        back = widgets.Button(tr("menu.back"), self.close, key_hint="Esc", primary=True,
                              font_size=L.font_body, name="back")
        back.rect = pygame.Rect(0, 0, round(L.button_h * 3.6), L.button_h)
        back.rect.midbottom = (p.centerx, p.bottom - pad)
        if any(r.rect.colliderect(back.rect) for r in self.forms[self.page].rows):
            back.rect.bottomright = (p.right - pad, p.bottom - pad)  # a tiny window: aside
        self.buttons = [*self.tabs, back]
        self._keep_pinned()

    def game_parts(self) -> list[tuple[list[widgets.Choice], str]]:
        """The parts of "Opponents and rules", in the order of its rows, with headings."""
        tr = self.tr
        ramsch = [r for r in self.rule_rows if r.name == "ramsch" or r.name in RAMSCH_ROWS]
        others = [r for r in self.rule_rows if r not in ramsch]
        return [(self.opponent_rows, tr("settings.opponents")),
                (ramsch, tr("contract.ramsch")), (others, tr("settings.house_rules")),
                (self.list_rows, tr("settings.new_lists"))]

    def _place_game_large(self, inner: pygame.Rect, bottom: int) -> bool:
        """"Opponents and rules" at larger text than the window's own, if its two columns
        would squeeze the rows under the body size (at 150 and 200 % they were smaller
        than at 100 %): the part in focus across the page under its heading, its rows at
        the size chosen, scrolled; the note under them. False: the two columns fit."""
        L = self.layout
        form = self.forms["game"]
        parts = self.game_parts()
        n = max(len(parts[0][0]) + len(parts[1][0]), len(parts[2][0]) + len(parts[3][0]))
        form.fit(inner.height, n + 1, 2, L.gap, round(34 * L.unit), L.font_body,
                 L.font_large)
        self.game_large = form.font_size < L.font_body and self.settings.text_size > 100
        if not self.game_large:
            self.game_scroll.marks = None
            return False
        row = form.rows[form.focus] if form.focus < len(form.rows) else None
        at = next((i for i, (rows, _h) in enumerate(parts) if row in rows), self.game_part)
        if at != self.game_part:
            self.game_scroll.first = 0
        self.game_part = at
        rows, heading = parts[at]
        row_h = max(18, round(34 * L.unit))
        form.font_size = L.font_body
        form.heading_size = L.font_large
        colw = max(round(inner.width * 0.62), min(inner.width, form.need_width(rows, row_h)))
        note = 2 * (max(11, L.font_small) + L.gap // 2) + 2 * L.gap  # two lines kept
        area = pygame.Rect(inner.x, inner.y, colw, inner.height - note)
        for r in form.rows:
            if r not in rows:
                r.rect = pygame.Rect(inner.topleft, (0, 0))
        form.place([(area, rows, heading)], row_h, L.gap)
        top = rows[0].rect.y
        self.game_scroll.place(rows, pygame.Rect(area.x, top, colw, area.bottom - top), row_h,
                               L.gap, row if row in rows else None)
        marks = self.game_scroll.marks
        last = marks[1].bottom if marks is not None and marks[1] is not None else \
            max(r.rect.bottom for r in rows if r.rect.width > 0)
        self.note_rect = pygame.Rect(inner.x, last + 2 * L.gap, inner.width,
                                     bottom - last - 2 * L.gap)
        return True

    def _wheel_game(self, dy: int) -> None:
        """The wheel over "Opponents and rules" at large text: the part's rows, then on
        to the part before or after it at its ends (the focus goes along)."""
        form = self.form
        parts = self.game_parts()
        rows = parts[self.game_part][0]
        first = self.game_scroll.first
        shown = self.game_scroll.wheel(rows, dy)
        row = form.rows[form.focus] if form.focus < len(form.rows) else None
        if first == shown.start and dy != 0:  # at its end: on to the next part
            at = self.game_part + (1 if dy < 0 else -1)
            if 0 <= at < len(parts):
                rows = parts[at][0]
                row = rows[0] if dy < 0 else rows[-1]
        elif row in rows:
            row = rows[min(max(rows.index(row), shown.start), shown.stop - 1)]
        else:
            row = rows[shown.start]
        if row is not None:
            form.focus = form.rows.index(row)

    def _preview_under(self, column: pygame.Rect, beside: pygame.Rect,
                       row_h: int) -> tuple[pygame.Rect, pygame.Rect]:
        """Large text: the rows' column and the deck's preview. Beside the rows where the
        cards there are as wide as 40 units at least (their corners about as large as the
        text); else under the rows, in a band as high as such cards (at 200 % the rows
        left the cards no room, or room for cards too small to tell the decks apart), the
        rows scrolled in what is left (three at least, or the cards beside as they are)."""
        L = self.layout
        least = round(40 * L.unit)
        if preview_card_width(beside) >= least:
            return column, beside
        band = round(least * CARD_RATIO * 1.08) + 2 * L.gap  # (a gap under ▼, over Back)
        mark = max(8, L.gap * 2)  # (the ▲ ▼ of the scrolled rows: see RowScroll)
        step = row_h + L.gap // 2
        fit = (column.height - band - L.gap - 2 * mark + L.gap // 2) // step
        if fit < 3:
            return column, beside
        rows_h = 2 * mark + fit * step - L.gap // 2  # whole rows; the cards get the rest
        top = column.y + rows_h + 2 * L.gap
        return (pygame.Rect(column.x, column.y, column.width, rows_h),
                pygame.Rect(column.x, top, column.width, column.bottom - L.gap - top))

    def _pinned_row(self) -> tuple[widgets.Choice, int, tuple[int, int]] | None:
        if self._pin is None:
            return None
        name, part, centre = self._pin
        row = next((r for r in self.form.rows if r.name == name), None)
        return (row, part, centre) if row is not None else None

    def _keep_pinned(self) -> None:
        """The clicked part of the pinned row back where it was (see ``_pin``): the row
        ends where its arrows did and stands as high as it did, until the mouse leaves
        the row."""
        if self._pin is not None and self._pin_window != self._window_size():
            self._pin = None  # a new window size (or the full screen): the mouse is elsewhere
        pinned = self._pinned_row()
        if pinned is None:
            return
        row, part, (cx, cy) = pinned
        now = row.arrow_rects()[part]
        row.rect.width += cx - now.centerx
        row.rect.y += cy - now.centery
        # the rows it now lies over step aside, in their order (the size of text back from
        # 200 % to 100 %: the clicked row lay over the row under it, its own slot empty)
        form, step = self.form, self.layout.gap // 2
        i = form.rows.index(row)
        for j in range(i + 1, len(form.rows)):
            above, r = form.rows[j - 1].rect, form.rows[j].rect
            if r.x == above.x and r.top < above.bottom + step and r.bottom > above.top:
                r.y = above.bottom + step
        for j in range(i - 1, -1, -1):
            below, r = form.rows[j + 1].rect, form.rows[j].rect
            if r.x == below.x and r.bottom > below.top - step and r.top < below.bottom:
                r.bottom = below.top - step
        back = self.buttons[-1].rect
        if not all(self.panel.contains(r.rect) and not r.rect.colliderect(back)
                   and not (self.page == "table" and r.rect.colliderect(self.preview))
                   for r in form.rows):
            self._pin = None  # no room to keep the arrow under the mouse: the plain layout
            self.relayout()
        elif self.page != "table":  # the note under the rows, under them still
            note = self.note_rect
            top = max([note.y, *(r.rect.bottom + 2 * self.layout.gap for r in form.rows
                                 if r.rect.right > note.x and r.rect.x < note.right)])
            self.note_rect = pygame.Rect(note.x, top, note.width, max(0, note.bottom - top))

    def _window_size(self) -> tuple[int, int]:
        return (self.layout.width, self.layout.height)

    def _pin_at(self, pos: tuple[int, int]) -> tuple[str, int, tuple[int, int]] | None:
        self._pin_window = self._window_size()
        for row in self.form.rows:
            if row.enabled and row.rect.collidepoint(pos):
                for i, part in enumerate(row.arrow_rects()):
                    if part.collidepoint(pos):
                        return (row.name, i, part.center)
        return None

    def close(self) -> None:
        if self.on_top:
            self.nav.pop()

    # ------------------------------------------------------------ loop

    def handle_event(self, event: pygame.event.Event) -> None:
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.KEYDOWN:
            if self._pin is not None:  # the keyboard's turn: every row in its own place
                self._pin = None
                self.relayout()
            if event.key in (pygame.K_TAB, pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                back = event.key == pygame.K_PAGEUP or \
                    (event.key == pygame.K_TAB and bool(event.mod & pygame.KMOD_SHIFT))
                self.turn_page(step=-1 if back else 1)
                return
            if event.key not in widgets.ENTER_KEYS and widgets.press_by_key(self.tabs, event):
                # 1, 2, 3: that page
                return
            if self.form.extra is not None and self.form.handle_event(event):
                return  # the focus is on a page's tab or Back: Enter presses that
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close()
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._pin = self._pin_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.page == "game" and self.game_large:
            self._wheel_game(event.y)
            self.relayout()
            return
        elif event.type == pygame.MOUSEWHEEL and self.page == "table" and \
                self.scroll.marks is not None:
            shown = self.scroll.wheel(self.form.rows, event.y)
            if self.form.focus < len(self.form.rows):  # the focus goes along, in view
                self.form.focus = min(max(self.form.focus, shown.start), shown.stop - 1)
            self.relayout()
            return
        elif event.type == pygame.MOUSEMOTION and self._pin is not None:
            pinned = self._pinned_row()
            if pinned is None or not pinned[0].rect.collidepoint(event.pos):
                self._pin = None  # the mouse has left the row: the page laid out anew
                self.relayout()
        focus = self.form.focus
        self.form.handle_event(event)
        scrolled = self.scroll.marks is not None if self.page == "table" else \
            self.page == "game" and self.game_large
        if scrolled and self.form.focus != focus:
            self.relayout()  # the focused row (and its part) into view

    def _note_size(self, note: str) -> tuple[int, int, bool]:
        """The size the page's note is drawn at (a step smaller where it does not fit),
        the most lines its room holds at that size, and whether the note fits in them."""
        L = self.layout
        for size in (max(11, L.font_small), max(11, L.font_caption)):
            most = max(1, (self.note_rect.height - size) // (size + L.gap // 2) + 1)
            fits = len(wrap(note, size, self.note_rect.width)) <= most
            if fits:
                break
        return size, most, fits

    def draw(self, surface: pygame.Surface) -> None:
        L = self.layout
        if self.on_table:
            self.draw_backdrop(surface)
        else:
            surface.blit(self.services.window.felt(), (0, 0))
        draw_dialog(surface, L, self.panel, self.tr("settings.title"))
        self.form.draw(surface)
        if self.page == "table":

            s = self.settings
            self.preview_drawn = draw_deck_preview(surface, self.preview, s.deck_style,
                                                   s.german_letters)
            self.scroll.draw(surface)
        else:
            if self.page == "game" and self.game_large:
                self.game_scroll.draw(surface)
            self.preview_drawn = None
            y = self.note_rect.y
            if self.page == "access":
                note = self.tr("settings.access_note")
                if self.speech_missing or (
                        self.settings.speak and self.services.speaker.voice is None):
                    # what to install, beside what the settings do where both fit; else
                    # it while the speech row has the focus, the settings' note otherwise
                    both = self.tr("settings.speak_missing") + "\n" + note
                    on_speech = self.form.focus < len(self.form.rows) and \
                        self.form.rows[self.form.focus].name == "speak"
                    if self._note_size(both)[2]:
                        note = both
                    elif on_speech:
                        note = self.tr("settings.speak_missing")
            else:
                note = self.tr("settings.new_lists_note")
            # smaller when it does not fit (large text), cut with "…" only when even then
            size, most, _fits = self._note_size(note)
            for line in wrap_lines(note, size, self.note_rect.width, most):
                draw_text(surface, line, size, (self.note_rect.x, y), theme.TEXT_DIM)
                y += size + L.gap // 2
        for b in self.buttons:
            b.draw(surface)
