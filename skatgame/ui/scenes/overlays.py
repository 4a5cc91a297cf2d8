"""Overlays on top of the table: pause menu, help, messages, questions, the last trick,
the deal's log, the cards as dealt."""

from __future__ import annotations

import functools
from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING, Any

import pygame

from skatgame.engine.cards import CARD_POINTS
from skatgame.engine.rules import GameKind
from skatgame.engine.scoring import base_value
from skatgame.table.i18n import Tr, deck_text
from skatgame.table.labels import Sign
from skatgame.table.settings import rule_options
from skatgame.table.texts import house_rules_help
from skatgame.ui import theme, widgets
from skatgame.ui.gate import PANEL_GRACE, InputGate
from skatgame.ui.layout import CARD_RATIO
from skatgame.ui.scene import Overlay, draw_dialog
from skatgame.ui.text import draw_text, ellipsize, line_height, text_width, wrap, wrap_label

if TYPE_CHECKING:
    from skatgame.engine.deal import Deal
    from skatgame.engine.options import RuleOptions
    from skatgame.ui.board import Board
    from skatgame.ui.services import Services


class MenuListOverlay(Overlay):
    """A column of buttons in a panel, walked with up/down and pressed with Enter."""

    title_key = ""

    def __init__(self, services: Services) -> None:
        self.focus = 0
        super().__init__(services)

    def entries(self) -> list[widgets.Button]:
        return []

    def relayout(self) -> None:
        L = self.layout
        self.buttons = self.entries()
        n = len(self.buttons)
        bw = min(round(340 * L.unit), L.width - 4 * L.margin)
        step = L.button_h + L.gap
        h = L.font_title + 3 * L.gap + n * step + 3 * L.gap
        self.panel = pygame.Rect(0, 0, bw + 4 * L.gap, min(h, L.height - 2 * L.margin))
        self.panel.center = (L.width // 2, L.height // 2)
        y = self.panel.y + L.font_title + 4 * L.gap
        for b in self.buttons:
            b.rect = pygame.Rect(self.panel.centerx - bw // 2, y, bw, L.button_h)
            b.font_size = L.font_body
            y += step

    def handle_event(self, event: pygame.event.Event) -> None:
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                step = 1 if event.key == pygame.K_DOWN else -1
                self.focus = widgets.step_focus(self.buttons, self.focus, step)
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and \
                    0 <= self.focus < len(self.buttons):
                self.buttons[self.focus].click()
                return
            if event.key == pygame.K_ESCAPE:
                self.nav.pop()
                return
            widgets.press_by_key(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        L = self.layout
        draw_dialog(surface, L, self.panel, self.tr(self.title_key))
        for i, b in enumerate(self.buttons):
            b.selected = i == self.focus
            b.draw(surface)


class PauseOverlay(MenuListOverlay):
    """Esc at the table: resume, score sheet, help, settings, main menu, quit."""

    name = "pause"

    @property
    def title_key(self) -> str:  # type: ignore[override]
        """At a network table the game goes on for the others: a menu, not a pause."""
        session = self.services.session
        return "table.menu" if session is not None and session.remote else "pause.title"

    def entries(self) -> list[widgets.Button]:
        tr = self.tr
        session = self.services.session
        # a deal played again has no sheet of its own: the way back to the list instead
        second = widgets.Button(tr("practice.back"), self.back_to_list,
                                key_hint=tr("key.pause.back_list"),
                                name="back_list") if session is not None and session.replay \
            else widgets.Button(tr("table.sheet"), self.sheet, key_hint="Tab", name="sheet")
        # a network table is left; a list here is left for the main menu
        leave = "pause.leave_table" if session is not None and session.remote else \
            "pause.main_menu"
        return [
            widgets.Button(tr("pause.resume"), self.nav.pop, key_hint="Esc", name="resume"),
            second,
            widgets.Button(tr("help.title"), self.help, key_hint="F1", name="help"),
            widgets.Button(tr("menu.settings"), self.open_settings,
                           key_hint=tr("key.menu.settings"), name="settings"),
            widgets.Button(tr(leave), self.main_menu, key_hint=tr(f"key.{leave}"),
                           name="main"),
            widgets.Button(tr("menu.quit"), self.quit, key_hint=tr("key.menu.quit"),
                           name="quit"),
        ]

    def quit(self) -> None:
        """Quit; in the middle of a deal only after a question (whose answer is No by default)."""
        table = self.services.table
        if table is None or table.table.over:
            self.services.window.quit()
            return
        self.nav.push("confirm", title=self.tr("menu.quit"),
                      body=self.tr("pause.quit_mid_deal"), on_yes=self.services.window.quit)

    def sheet(self) -> None:
        session = self.services.session
        if session is not None and not session.replay:
            self.nav.replace("sheet", session=session)

    def back_to_list(self) -> None:
        """Leave the deal played again: the list (its scenes) as it was."""
        self.nav.end_replay()

    def help(self) -> None:
        self.nav.replace("help")

    def open_settings(self) -> None:
        self.nav.push("settings", overlay=True)  # closing them comes back to this menu

    def main_menu(self) -> None:
        session = self.services.session
        if session is not None and session.remote:  # a network table: leave it (asked)
            hosted = getattr(self.services.table, "hosted", None) is not None
            self.nav.push("confirm", title=self.tr("pause.leave_table"),
                          body=self.tr("pause.leave_confirm_host" if hosted else
                                       "pause.leave_confirm"), on_yes=self.leave_table,
                          default_yes=False)
            return
        if session is not None and session.replay:  # a practice deal: back to its list
            way_back = self.services.way_back  # Continue goes back where it was started
            self.services.table = way_back.origin if way_back is not None else None
        self.services.save_list()
        self.nav.reset("menu")

    def leave_table(self) -> None:
        """Leave a network table for good: a computer takes the place (a hosted table
        closes for all and is saved here)."""
        table: Any = self.services.table
        self.services.table = None
        if table is not None:
            hosted = getattr(table, "hosted", None) is not None
            if not hosted:
                from skatgame.net.kept import forget_seat

                forget_seat(self.services.store, table.state.code)
            (table.close if hosted else table.leave)()
        self.nav.reset("menu")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.sheet()
            return
        super().handle_event(event)


class MessageOverlay(Overlay):
    """A message with an OK button (errors, notices)."""

    name = "message"

    def __init__(self, services: Services, title: str, body: str,
                 on_close: Callable[[], None] | None = None) -> None:
        self.title = title
        self.body = body
        self.on_close = on_close
        super().__init__(services)

    def relayout(self) -> None:
        L = self.layout
        w = min(round(620 * L.unit), L.width - 2 * L.margin)
        self.lines = wrap(self.body, L.font_body, w - 4 * L.gap)
        line_h = line_height(L.font_body) + 2
        h = L.font_title + 4 * L.gap + len(self.lines) * line_h + L.button_h + 3 * L.gap
        self.panel = pygame.Rect(0, 0, w, min(h, L.height - 2 * L.margin))
        self.panel.center = (L.width // 2, L.height // 2)
        ok = widgets.Button(self.tr("menu.ok"), self.close, key_hint="Enter", primary=True,
                            font_size=L.font_body, name="ok")
        ok.rect = pygame.Rect(0, 0, round(L.button_h * 3.4), L.button_h)
        ok.rect.midbottom = (self.panel.centerx, self.panel.bottom - 2 * L.gap)
        self.buttons = [ok]

    def close(self) -> None:
        if self.on_top:
            self.nav.pop()
        if self.on_close is not None:
            self.on_close()

    def handle_event(self, event: pygame.event.Event) -> None:
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_ESCAPE, pygame.K_SPACE):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        L = self.layout
        draw_dialog(surface, L, self.panel, self.title)
        y = self.panel.y + 3 * L.gap + L.font_title
        for line in self.lines:
            if y > self.buttons[0].rect.top - L.font_body:
                break
            draw_text(surface, line, L.font_body, (self.panel.centerx, y), theme.TEXT,
                      "midtop")
            y += line_height(L.font_body) + 2
        for b in self.buttons:
            b.draw(surface)


class ConfirmOverlay(MessageOverlay):
    """A yes/no question; ``on_yes`` (or ``on_no``) runs after the overlay is gone.

    Most questions here give something up (concede, overwrite, quit), so *No*
    has the focus: Enter alone answers No. Yes takes Y (J), a click, or the
    arrow keys to Yes and then Enter. ``default_yes`` gives Yes the focus, for
    a question whose Yes costs nothing; ``yes_label``/``no_label`` name the buttons.
    """

    name = "confirm"

    def __init__(self, services: Services, title: str, body: str, on_yes: Callable[[], None], *,
                 default_yes: bool = False, yes_label: str | None = None,
                 no_label: str | None = None, on_no: Callable[[], None] | None = None) -> None:
        self.on_yes = on_yes
        self.default_yes = default_yes
        self.labels = (yes_label or services.tr("confirm.yes"),
                       no_label or services.tr("confirm.no"))
        self.focus = 1 if default_yes else 0  # 0: No, 1: Yes
        self.gate = InputGate(PANEL_GRACE)  # a key meant for what was there before is dropped
        super().__init__(services, title, body, on_no)

    def update(self, dt: float) -> None:
        self.gate.update(dt)

    def relayout(self) -> None:
        super().relayout()
        L = self.layout
        no = widgets.Button(self.labels[1], self.close, key_hint=self.tr("key.no"),
                            font_size=L.font_body, name="no")
        yes = widgets.Button(self.labels[0], self.yes, key_hint=self.tr("key.yes"),
                             font_size=L.font_body, name="yes")
        bar = pygame.Rect(self.panel.x, self.panel.bottom - 2 * L.gap - L.button_h,
                          self.panel.width, L.button_h)
        widgets.row_of_buttons([no, yes], bar, L.button_h, L.gap, round(L.button_h * 3))
        self.buttons = [no, yes]

    def yes(self) -> None:
        self.on_close = None  # on_no is for No only
        self.close()
        self.on_yes()

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.gate.admits(event):
            return
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.KEYDOWN:
            key = event.key
            if widgets.is_key(event, self.tr("key.yes")):
                self.yes()
            elif widgets.is_key(event, self.tr("key.no")) or key == pygame.K_ESCAPE:
                self.close()
            elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.focus = 1 - self.focus
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.focus == 1:
                    self.yes()
                else:
                    self.close()

    def draw(self, surface: pygame.Surface) -> None:
        for i, b in enumerate(self.buttons):
            b.selected = i == self.focus
        super().draw(surface)


#: F1's keys by scene: (heading, [(key, what it does)]). A key that starts with "key."
#: is the interface language's letter (e.g. Y in English, J in German for Yes); "help."
#: names a key in words; parts joined by " / " are each read so.
HELP_KEYS: list[tuple[str, list[tuple[str, str]]]] = [
    ("help.everywhere", [("F1", "help.k.help"), ("F11", "help.k.fullscreen"),
                         ("Esc", "help.k.menu"), ("Tab", "help.k.sheet"),
                         ("key.hint", "help.k.hint"), ("key.last_trick", "help.k.last_trick"),
                         ("key.log", "help.k.log"),
                         ("help.click", "help.k.skip"),
                         ("help.backspace", "help.k.take_back"),
                         ("key.chat", "help.k.chat")]),
    ("help.questions", [("Enter", "help.k.highlighted"), ("key.yes / key.no", "help.k.yes_no"),
                        ("help.letter", "help.k.letter")]),
    ("help.auction", [("1, 2, …", "help.k.bid_chip"), ("help.left_right", "help.k.bid_choose"),
                      ("Enter", "help.k.bid"), ("key.hold", "help.k.hold"),
                      ("key.pass", "help.k.pass")]),
    ("help.skat", [("key.skat.take", "help.k.take"), ("key.skat.hand", "help.k.hand"),
                   ("key.skat.push", "help.k.push"),
                   ("help.left_right_digits", "help.k.card"), ("help.space", "help.k.choose"),
                   ("Enter", "help.k.put_away")]),
    ("help.declare", [("help.up_down_digits", "help.k.game"),
                      ("help.left_right", "help.k.announce"), ("Enter", "help.k.declare")]),
    ("help.play", [("help.left_right_digits", "help.k.card"), ("Enter", "help.k.play"),
                   ("key.kontra / key.re / key.no", "help.k.kontra"),
                   ("key.concede", "help.k.concede"), ("key.claim", "help.k.claim")]),
    ("help.results", [("Enter", "help.k.next"), ("key.review", "help.k.review"),
                      ("key.show_cards", "help.k.show_cards")]),
    ("help.review", [("help.left_right", "help.k.review_card"),
                     ("help.up_down", "help.k.review_trick"),
                     ("help.home_end", "help.k.review_ends"),
                     ("key.review.again_trick", "help.k.again_trick"),
                     ("key.review.again", "help.k.again"), ("Esc", "help.k.review_back")]),
]


def key_name(tr: Callable[..., str], key: str) -> str:
    """A key of :data:`HELP_KEYS` as F1 shows it, in the interface's language."""
    return " / ".join(tr(part) if part.startswith(("help.", "key.")) else part
                      for part in key.split(" / "))


#: The rules summary: (heading, text) per section, in two columns.
HELP_RULES: list[list[tuple[str, str]]] = [
    [("help.r.order", "help.r.order_text"), ("help.r.follow", "help.r.follow_text"),
     ("help.r.bidding", "help.r.bidding_text")],
    [("help.r.skat", "help.r.skat_text"), ("help.r.value", "help.r.value_text"),
     ("help.r.null", "help.r.null_text"), ("help.r.sf", "help.r.sf_text")],
]
#: How the cards are dealt: (heading, text) per section, in two columns.
HELP_DEALING: list[list[tuple[str, str]]] = [
    [("help.d.chance", "help.d.chance_text"), ("help.d.shuffle", "help.d.shuffle_text"),
     ("help.d.computers", "help.d.computers_text")],
    [("help.d.seal", "help.d.seal_text"), ("help.d.verify", "help.d.verify_text")],
]
#: The cards drawn with "card order": the four jacks, then a suit from the ace down (hearts).
ORDER_CARDS = (7, 15, 23, 31, 22, 21, 20, 19, 18, 17, 16)
#: Null: no trumps, the ten between the nine and the jack (spades, ace down).
NULL_CARDS = (14, 12, 11, 15, 13, 10, 9, 8)
#: The suits whose base values are shown, diamonds up to clubs.
BASE_SUITS = (3, 2, 1, 0)


class HelpOverlay(Overlay):
    """F1: every key, grouped by scene; a short illustrated summary of the rules; the
    house rules as the list plays them (Ramsch and its variants, Kontra, Bock); how the
    cards are dealt and how to check it."""

    name = "help"
    #: the pages a caller names by number: keys, rules in short, house rules, dealing
    PAGES = ("help.tab_keys", "help.tab_rules", "help.tab_house", "help.tab_dealing")

    def __init__(self, services: Services, page: int = 0) -> None:
        self.shown = self.PAGES[page % len(self.PAGES)]
        #: the groups of :data:`HELP_KEYS` on the keys page and, where they do not all
        #: fit in the window at a readable size, on a second keys page
        self.key_pages: list[list[int]] = [list(range(len(HELP_KEYS)))]
        super().__init__(services)

    @property
    def pages(self) -> list[str]:
        """The tabs' texts: keys (and more keys, where split), then the other pages."""
        more = ["help.tab_keys_more"] if len(self.key_pages) > 1 else []
        return [self.PAGES[0], *more, *self.PAGES[1:]]

    @property
    def page(self) -> int:
        """The number of the tab shown."""
        return self.pages.index(self.shown)

    def relayout(self) -> None:
        L = self.layout
        self.panel = L.dialog_rect(1100, 640)
        close = widgets.Button(self.tr("menu.ok"), self.nav.pop, key_hint="Esc", primary=True,
                               font_size=L.font_body, name="close")
        close.rect = pygame.Rect(0, 0, round(L.button_h * 3.4), L.button_h)
        close.rect.midbottom = (self.panel.centerx, self.panel.bottom - 2 * L.gap)
        bar = pygame.Rect(self.panel.x, self.panel.y + 2 * L.gap + L.font_title + L.gap,
                          self.panel.width, round(L.button_h * 0.8))
        self.buttons = [close]  # (the key pages are measured against it)
        self.key_pages = self.split_keys(bar.bottom + 2 * L.gap)
        if self.shown not in self.pages:
            self.shown = self.PAGES[0]
        tabs = [widgets.Button(self.tr(key), functools.partial(self.show, i), key_hint=str(i + 1),
                               font_size=L.font_small, hint_font=L.font_caption,
                               name=key.split("_", 1)[-1])
                for i, key in enumerate(self.pages)]
        widgets.row_of_buttons(tabs, bar, bar.height, L.gap, round(L.button_h * 3.4))
        self.tabs = tabs
        self.buttons = [*tabs, close]

    def split_keys(self, top: int) -> list[list[int]]:
        """The key groups on one page when they fit (at least at caption size), else on
        two: as many as fit on the first, the rest on the second."""
        every = list(range(len(HELP_KEYS)))
        for first in range(len(every), 0, -1):
            if self.key_columns(top, every[:first])[3]:
                return [every] if first == len(every) else [every[:first], every[first:]]
        return [every]

    def show(self, page: int) -> None:
        pages = self.pages
        self.shown = pages[page % len(pages)]

    def handle_event(self, event: pygame.event.Event) -> None:
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.nav.pop()
            elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.show(self.page + 1)
            elif pygame.K_1 <= key < pygame.K_1 + len(self.pages):
                self.show(key - pygame.K_1)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        L = self.layout
        tr = self.tr
        p = self.panel
        draw_dialog(surface, L, p, tr("help.title"))
        for i, b in enumerate(self.tabs):
            b.chosen = i == self.page
        top = self.tabs[0].rect.bottom + 2 * L.gap
        if self.shown in ("help.tab_keys", "help.tab_keys_more"):
            self.draw_keys(surface, top, self.key_pages[self.page])
        elif self.shown == "help.tab_rules":
            self.draw_rules(surface, top)
        elif self.shown == "help.tab_house":
            self.draw_house_rules(surface, top)
        else:
            self.draw_dealing(surface, top)
        for b in self.buttons:
            b.draw(surface)

    def column(self, i: int) -> tuple[int, int]:
        """The left edge and the width of the page's column ``i`` (of two)."""
        L = self.layout
        colw = (self.panel.width - 6 * L.gap) // 2
        return self.panel.x + 2 * L.gap + i * (colw + 2 * L.gap), colw

    def key_columns(self, top: int, groups: list[int] | None = None) \
            -> tuple[int, int, list[list[int]], bool]:
        """How the key groups (indices into :data:`HELP_KEYS`; None: those of the page
        shown) fit: the font size, the number of columns, the groups in each and whether
        they fit; the first of body size in two columns, small size in two, small in
        three, caption size in three that fits (else the last)."""
        L = self.layout
        tr = self.tr
        if groups is None:
            groups = self.key_pages[self.page] if self.page < len(self.key_pages) else []
        limit = self.buttons[-1].rect.top - L.gap
        inner = self.panel.width - 4 * L.gap
        best: tuple[int, int, list[list[int]], bool] = (L.font_caption, 3, [], False)
        for size, n in ((L.font_body, 2), (L.font_small, 2), (L.font_small, 3),
                        (L.font_caption, 3)):
            colw = (inner - (n - 1) * 2 * L.gap) // n
            line_h = max(size + max(3, L.gap // 2), line_height(size, True))
            kw = _key_column(tr, size, colw, L.gap)
            heights = {g: line_h + L.gap // 2 + sum(
                line_h * max(map(len, _key_lines(key_name(tr, k), tr(what), size, kw,
                                                 colw - kw - L.gap, L.gap)))
                for k, what in HELP_KEYS[g][1]) for g in groups}
            # the groups in order, a new column when the next one does not fit
            cols: list[list[int]] = [[]]
            y = top
            for i, h in heights.items():
                if cols[-1] and y + h > limit:
                    cols.append([])
                    y = top
                cols[-1].append(i)
                y += h
            fits = len(cols) <= n and y <= limit + L.gap // 2 and \
                all(top + sum(heights[i] for i in c) <= limit + L.gap // 2 for c in cols)
            best = (size, n, cols, fits)
            if fits:
                break
        return best

    def draw_keys(self, surface: pygame.Surface, top: int, groups: list[int]) -> None:
        L = self.layout
        tr = self.tr
        size, n, cols, _fits = self.key_columns(top, groups)
        line_h = max(size + max(3, L.gap // 2), line_height(size, True))
        limit = self.buttons[-1].rect.top - L.gap
        inner = self.panel.width - 4 * L.gap
        colw = (inner - (n - 1) * 2 * L.gap) // n
        kw = _key_column(tr, size, colw, L.gap)
        for ci, groups in enumerate(cols[:n]):
            x = self.panel.x + 2 * L.gap + ci * (colw + 2 * L.gap)
            y = top
            for gi in groups:
                heading, keys = HELP_KEYS[gi]
                if y + line_h > limit:
                    break
                draw_text(surface, tr(heading), size, (x, y), theme.ACCENT, bold=True)
                y += line_h
                for k, what in keys:
                    names, lines = _key_lines(key_name(tr, k), tr(what), size, kw,
                                              colw - kw - L.gap, L.gap)
                    if y + line_h * max(len(names), len(lines)) > limit:
                        break
                    for i, name in enumerate(names):
                        draw_text(surface, name, size, (x + L.gap, y + i * line_h), theme.TEXT,
                                  bold=True)
                    for i, line in enumerate(lines):
                        draw_text(surface, line, size, (x + kw, y + i * line_h),
                                  theme.TEXT_DIM)
                    y += line_h * max(len(names), len(lines))
                y += L.gap // 2

    def draw_rules(self, surface: pygame.Surface, top: int) -> None:
        """Six short sections, with the card order, the null order and the base values
        drawn; the ranks and suits named as on the deck."""
        L = self.layout
        tr = self.tr
        style = self.settings.deck_style
        size = L.font_small
        line_h = max(size + max(2, L.gap // 3), line_height(size, False))
        limit = self.buttons[-1].rect.top - L.gap
        for ci, sections in enumerate(HELP_RULES):
            x, colw = self.column(ci)
            cw = max(18, min(round(colw / 12), round(38 * L.unit)))
            y = top
            for heading, text in sections:
                if y + line_h > limit:
                    break
                draw_text(surface, tr(heading), size, (x, y), theme.ACCENT, bold=True)
                y += line_h
                if heading == "help.r.order":
                    points = tuple(CARD_POINTS[c] for c in ORDER_CARDS)
                    y = self.draw_cards(surface, ORDER_CARDS, points, x, y, cw, size)
                elif heading == "help.r.null":
                    y = self.draw_cards(surface, NULL_CARDS, None, x, y, cw, size)
                elif heading == "help.r.value":
                    # each value with its sign, apart from the next (no-break spaces): with
                    # large text the row wraps between them, never past the window's edge
                    nb = "\u00a0"
                    parts: list[Any] = [tr("help.r.base"), nb]
                    for suit in BASE_SUITS:
                        parts += [" ", Sign(suit), f"{nb}{base_value(suit)}{nb}{nb}"]
                    grand_base = self.rule_options().grand_base
                    parts += [" ", f"{tr('contract.grand')}{nb}"
                              f"{base_value(GameKind.GRAND, grand_base)}"]
                    for line in wrap_label(tuple(parts), size, colw - L.gap, True, style):
                        draw_text(surface, line, size, (x + L.gap, y), theme.TEXT,
                                  bold=True, style=style)
                        y += line_h
                    y += L.gap // 3
                for line in wrap(deck_text(tr, text, style), size, colw - L.gap):
                    if y + line_h > limit:
                        break
                    draw_text(surface, line, size, (x + L.gap, y), theme.TEXT_DIM)
                    y += line_h
                y += L.gap

    def dealing_size(self, top: int) -> tuple[int, bool]:
        """The font size of the dealing page (small, else caption size) and whether its
        sections fit above the close button."""
        L = self.layout
        limit = self.buttons[-1].rect.top - L.gap
        size = L.font_small
        for size in (L.font_small, L.font_caption):
            line_h = max(size + max(2, L.gap // 3), line_height(size, False))
            _x, colw = self.column(0)
            heights = [sum(line_h * (1 + len(wrap(self.tr(text), size, colw - L.gap))) + L.gap
                           for _h, text in sections) for sections in HELP_DEALING]
            if top + max(heights) - L.gap <= limit:
                return size, True
        return size, False

    def draw_dealing(self, surface: pygame.Surface, top: int) -> None:
        """How the cards are dealt: the seed, the shuffle, the seal, checking it, and the
        computer players' view."""
        tr = self.tr
        size, _fits = self.dealing_size(top)
        self.draw_sections(surface, [[(tr(h), tr(t)) for h, t in sections]
                                     for sections in HELP_DEALING], top, size)

    def draw_house_rules(self, surface: pygame.Surface, top: int) -> None:
        """The house rules as the list plays them: Ramsch with its variants on the left;
        Kontra and Re, Bock rounds, the grand's base value, how the list ends and its
        settlement on the right."""
        columns = house_rules_help(self.rule_options(), self.settings.deck_style, self.tr)
        columns[-1] = columns[-1] + self.list_help()  # how the list ends and is settled
        self.draw_sections(surface, columns, top, self.layout.font_small)

    def draw_sections(self, surface: pygame.Surface, columns: list[list[tuple[str, str]]],
                      top: int, size: int) -> None:
        """Two columns of sections, each a heading and its text wrapped below it, down to
        the close button."""
        L = self.layout
        line_h = max(size + max(2, L.gap // 3), line_height(size, False))
        limit = self.buttons[-1].rect.top - L.gap
        for ci, sections in enumerate(columns):
            x, colw = self.column(ci)
            y = top
            for heading, body in sections:
                if y + line_h > limit:
                    break
                draw_text(surface, heading, size, (x, y), theme.ACCENT, bold=True)
                y += line_h
                for line in wrap(body, size, colw - L.gap):
                    if y + line_h > limit:
                        break
                    draw_text(surface, line, size, (x + L.gap, y), theme.TEXT_DIM)
                    y += line_h
                y += L.gap

    def list_help(self) -> list[tuple[str, str]]:
        """How the list in progress ends and is settled, else how new lists are."""
        from skatgame.table.listmode import list_help

        session = self.services.session
        if session is not None:
            series = session.series
            return list_help(self.tr, series.mode, planned=session.planned_deals,
                             limit=series.target, rate=series.rate)
        s = self.settings
        return list_help(self.tr, "bierlachs" if s.list_limit else "deals", planned=36,
                         limit=s.list_limit, rate=Decimal(s.rate))

    def rule_options(self) -> RuleOptions:
        """The rules of the list in progress, else those new lists get."""
        session = self.services.session
        if session is not None:
            return session.series.options
        return rule_options(self.settings.house_rules)

    def draw_cards(self, surface: pygame.Surface, cards: tuple[int, ...],
                   points: tuple[int, ...] | None, x: int, y: int, cw: int, size: int) -> int:
        """A row of small cards (with their points under them); returns the y below it."""
        L = self.layout
        deck = self.services.deck
        step = cw + max(2, L.gap // 3)
        ch = 0
        for i, c in enumerate(cards):
            face = deck.face(c, cw)
            ch = face.get_height()
            surface.blit(face, (x + L.gap + i * step, y))
            if points is not None:
                draw_text(surface, str(points[i]), size,
                          (x + L.gap + i * step + cw // 2, y + ch + 2), theme.TEXT,
                          "midtop", bold=True)
        return y + ch + (size + 6 if points is not None else 4) + L.gap // 2


class LastTrickOverlay(Overlay):
    """The last completed trick, each card with the name of who played it."""

    name = "last_trick"
    dim_alpha = 120

    def __init__(self, services: Services, board: Board) -> None:
        self.board = board
        super().__init__(services)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.nav.pop()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        trick = self.board.shown.last_trick
        L = self.layout
        tr = self.tr
        if trick is None:
            return
        cw = L.card_w
        ch = L.card_h
        gap = L.gap * 2
        w = 3 * cw + 2 * gap + 4 * L.gap
        h = L.font_title + ch + L.font_body * 2 + 7 * L.gap
        panel = pygame.Rect(0, 0, min(w, L.width - 2 * L.margin), min(h, L.height - 2 *
                                                                        L.margin))
        panel.center = (L.width // 2, L.height // 2)
        draw_dialog(surface, L, panel, tr("table.last_trick"))
        x = panel.centerx - (3 * cw + 2 * gap) // 2
        y = panel.y + L.gap * 3 + L.font_title
        session = self.board.session
        for i, card in enumerate(trick.cards):
            seat = (trick.leader + i) % 3
            surf = self.board.card_surface(card, True, cw, 0.0, shadow=False)
            surface.blit(surf, (x, y))
            name = session.name_of(seat)
            color = theme.ACCENT if seat == trick.seat else theme.TEXT
            size = L.font_body
            draw_text(surface, ellipsize(name, size, cw, True), size,
                      (x + cw // 2, y + ch + L.gap // 2), color,
                      "midtop", bold=seat == trick.seat)
            x += cw + gap
        draw_text(surface, session.about(tr, "table.trick_won", trick.seat,
                                                 points=trick.points), L.font_small,
                  (panel.centerx, panel.bottom - L.gap * 1.5), theme.TEXT_DIM,
                  "midbottom")


class BackPanelOverlay(Overlay):
    """A panel over the table with a Back button at its foot (Esc) that closes it."""

    panel: pygame.Rect

    def place_back(self) -> None:
        """The Back button, centred at the foot of :attr:`panel`."""
        L = self.layout
        back = widgets.Button(self.tr("menu.back"), self.close, key_hint="Esc", primary=True,
                              font_size=L.font_body, name="close")
        back.rect = pygame.Rect(0, 0, round(L.button_h * 3.4), L.button_h)
        back.rect.midbottom = (self.panel.centerx, self.panel.bottom - 2 * L.gap)
        self.buttons = [back]

    def close(self) -> None:
        if self.on_top:
            self.nav.pop()


class LogOverlay(BackPanelOverlay):
    """The deal's log as the table has shown it so far (:mod:`skatgame.table.dealog`):
    a scrolling column, the latest line at the bottom. Up/Down, Page Up/Down, Home/End
    and the wheel scroll; Esc, Enter or the log's key close it."""

    name = "log"

    def __init__(self, services: Services, board: Board) -> None:
        self.board = board
        self.scroll = 0  # lines scrolled up from the end
        self._lines: tuple[tuple[object, ...], list[tuple[Any, bool]]] | None = None
        super().__init__(services)

    def relayout(self) -> None:
        L = self.layout
        w = min(round(760 * L.unit), L.width - 2 * L.margin)
        self.panel = pygame.Rect(0, 0, w, L.height - 2 * L.margin)
        self.panel.center = (L.width // 2, L.height // 2)
        self.place_back()
        self._lines = None

    def lines(self) -> list[tuple[Any, bool]]:
        """The log's lines wrapped to the panel: (label, heading), worked out again when
        the log grows (the table moves on under the overlay) or the language changes."""
        from skatgame.table.dealog import deal_log

        shown = self.board.shown
        s = self.settings
        L = self.layout
        key = (len(shown.log), s.language, s.deck_style, s.german_letters, L.width)
        if self._lines is not None and self._lines[0] == key:
            return self._lines[1]
        session = self.board.session
        tr = self.tr
        log = deal_log(shown, tr, lambda k, seat, **f: session.about(tr, k, seat, **f),
                       session.name_of, s.deck_style, s.german_letters,
                       session.series.list_kind, len(session.names))
        room = self.panel.width - 4 * L.gap
        out: list[tuple[Any, bool]] = []
        for line in log or []:
            for part in wrap_label(line.text, L.font_body, room, line.heading, s.deck_style):
                out.append((part, line.heading))
        if not out:
            out = [(tr("log.empty"), False)]
        self._lines = (key, out)
        return out

    def _view(self) -> tuple[pygame.Rect, int, int]:
        """The text's area, the line height and how many lines it holds."""
        L = self.layout
        top = self.panel.y + 3 * L.gap + L.font_title
        area = pygame.Rect(self.panel.x + 2 * L.gap, top, self.panel.width - 4 * L.gap,
                           self.buttons[0].rect.top - L.gap - top)
        line_h = line_height(L.font_body, True) + 2
        return area, line_h, max(1, area.height // line_h)

    def scroll_by(self, n: int) -> None:
        """Scroll ``n`` lines back (up, towards the auction; negative: down)."""
        _area, _h, rows = self._view()
        self.scroll = max(0, min(self.scroll + n, len(self.lines()) - rows))

    def handle_event(self, event: pygame.event.Event) -> None:
        if widgets.handle_buttons(self.buttons, event):
            return
        _area, _h, rows = self._view()
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(3 * event.y)
        elif event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: rows - 1,
                     pygame.K_PAGEDOWN: 1 - rows, pygame.K_HOME: 10_000, pygame.K_END: -10_000}
            if event.key in steps:
                self.scroll_by(steps[event.key])
            elif event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                               pygame.K_SPACE) or widgets.is_key(event, self.tr("key.log")):
                self.close()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        L = self.layout
        draw_dialog(surface, L, self.panel, self.tr("log.title"))
        area, line_h, rows = self._view()
        lines = self.lines()
        self.scroll = max(0, min(self.scroll, len(lines) - rows))
        end = len(lines) - self.scroll
        style = self.settings.deck_style
        for i, (label, heading) in enumerate(lines[max(0, end - rows):end]):
            draw_text(surface, label, L.font_body, (area.x, area.y + i * line_h),
                      theme.ACCENT if heading else theme.TEXT, bold=heading, style=style)
        if len(lines) > rows:  # a thin bar: where the window stands in the log
            bar_h = max(L.gap, area.height * rows // len(lines))
            y = area.y + (area.height - bar_h) * (end - rows) // max(1, len(lines) - rows)
            pygame.draw.rect(surface, theme.PANEL_BORDER,
                             (self.panel.right - L.gap - 3, y, 3, bar_h), border_radius=2)
        for b in self.buttons:
            b.draw(surface)


class DealtCardsOverlay(BackPanelOverlay):
    """After the deal: every hand and the skat as they were dealt, a row each (the
    declarer's name in gold), sorted for the game that was played. Any key closes it."""

    name = "dealt_cards"

    def __init__(self, services: Services, board: Board, deal: Deal) -> None:
        self.board = board
        self.deal = deal
        super().__init__(services)

    def relayout(self) -> None:
        L = self.layout
        self.panel = pygame.Rect(L.margin, L.margin, L.width - 2 * L.margin,
                                 L.height - 2 * L.margin)
        self.place_back()

    def handle_event(self, event: pygame.event.Event) -> None:
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.KEYDOWN and event.key in (
                pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) or \
                widgets.is_key(event, self.tr("key.show_cards")):
            self.close()

    def rows(self) -> list[tuple[str, bool, list[int]]]:
        """(who, the declarer, cards) for each seat from forehand on, and the skat."""
        from skatgame.engine.cards import cards_of
        from skatgame.engine.seats import SEATS
        from skatgame.table.hand import sort_hand
        from skatgame.table.texts import role_text

        deal = self.deal
        s = self.settings
        contract = deal.contract
        kind = contract.kind if contract is not None else None
        session = self.board.session
        out = []
        for seat in SEATS:
            who = f"{session.name_of(seat)} · {role_text(seat, self.tr)}"
            cards = sort_hand(cards_of(deal.initial_hands[seat]), kind, s.sort_order,
                              s.sort_direction)
            out.append((who, seat == deal.declarer, cards))
        skat = sort_hand(cards_of(deal.initial_skat), kind, s.sort_order, s.sort_direction)
        out.append((self.tr("results.dealt_skat"), False, skat))
        return out

    def card_rows(self, n: int) -> tuple[int, int, int, int, float]:
        """Where ``n`` rows of ten cards go: the first row's top, a row's height, its
        name's height, a card's width and the step from one card to the next."""
        L = self.layout
        panel = self.panel
        top = panel.y + 3 * L.gap + L.font_title
        bottom = self.buttons[0].rect.top - L.gap
        name_h = line_height(L.font_body, True)
        row_h = (bottom - top) // n
        ch = row_h - name_h - L.gap
        step_of = 0.62  # of a card's width: how much of each card shows
        room = panel.width - 4 * L.gap
        cw = max(12, min(round(ch / CARD_RATIO), round(room / (1 + 9 * step_of)), L.card_w))
        # where the panel has the room, the cards lie side by side, each whole
        step = max(cw * step_of, min(cw + L.gap // 2, (room - cw) / 9))
        return top, row_h, name_h, cw, step

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        L = self.layout
        panel = self.panel
        draw_dialog(surface, L, panel, self.tr("results.dealt_title"))
        rows = self.rows()
        top, row_h, name_h, cw, step = self.card_rows(len(rows))
        room = panel.width - 4 * L.gap
        x0 = panel.centerx - round((cw + 9 * step) / 2)
        for i, (who, declarer, cards) in enumerate(rows):
            y = top + i * row_h
            draw_text(surface, ellipsize(who, L.font_body, room, True), L.font_body,
                      (x0, y), theme.ACCENT if declarer else theme.TEXT, bold=True)
            for j, card in enumerate(cards):
                surf = self.board.card_surface(card, True, cw, 0.0, shadow=False)
                surface.blit(surf, (round(x0 + j * step), y + name_h))
        for b in self.buttons:
            b.draw(surface)


def _key_column(tr: Tr, size: int, colw: int, gap: int) -> int:
    """The key column's width: as wide as the widest keys (at most half the column, but
    never narrower than the widest single word of them, which wraps no further)."""
    names = [key_name(tr, k) for _h, keys in HELP_KEYS for k, _w in keys]
    keys_w = max(text_width(n, size, True) for n in names)
    word_w = max(text_width(w, size, True) for n in names for w in n.split())
    return min(keys_w, max(round(colw * 0.5) - 2 * gap, word_w)) + 2 * gap


def _key_lines(keys: str, what: str, size: int, kw: int, what_w: int,
               gap: int) -> tuple[list[str], list[str]]:
    """A line of the key help: its keys wrapped in the key column ("Left," over "Right"
    where both do not fit beside each other), what they do wrapped beside them."""
    names = [ellipsize(line, size, kw - 2 * gap, True)
             for line in wrap(keys, size, kw - 2 * gap, True, break_words=False)]
    return names, wrap(what, size, what_w, break_words=False)

