"""Overlays on top of the table: pause menu, help, messages, questions, the last trick,
the deal's log, the cards as dealt."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
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
from skatgame.ui.text import (
    draw_text,
    ellipsize,
    label_text,
    line_height,
    text_width,
    wrap,
    wrap_label,
)

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
                      ("help.left_right", "help.k.announce_or_beside"),
                      ("Tab", "help.k.announce"), ("Enter", "help.k.declare")]),
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
    ("help.speech", [("F5", "help.k.say_hand"), ("F6", "help.k.say_trick"),
                     ("F7", "help.k.say_score"), ("F8", "help.k.say_last_trick"),
                     ("F9", "help.k.say_again")]),
    ("help.settings", [("help.tab_digits", "help.k.settings_page")]),
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


@dataclass
class Block:
    """A piece of a help page: its height, how it is drawn at its top left in a column,
    and its words (for tests); ``keep``: stays with the block after it (a heading)."""

    height: int
    draw: Callable[[pygame.Surface, int, int], object]
    words: str = ""
    keep: bool = False


#: a page laid out: its screens, each a list of columns, each a list of blocks
Screens = list[list[list[Block]]]


def flow(units: list[list[Block]], room: int, per_screen: int, apart: bool) -> Screens:
    """Lay ``units`` (sections or key groups, each a list of blocks) into columns
    ``room`` tall, ``per_screen`` columns a screen. ``apart``: each unit starts a column
    of its own (a page's given columns); else a unit that does not fit under the one
    before starts the next column where it fits there whole. A unit too tall for a column
    goes on in the next under its heading again, a heading never left at a column's foot."""
    columns: list[list[Block]] = [[]]
    used = 0
    for unit in units:
        whole = sum(b.height for b in unit)
        if columns[-1] and (apart or (used + whole > room and whole <= room)):
            columns.append([])
            used = 0
        head: Block | None = None  # the heading of the section under way
        for i, b in enumerate(unit):
            # a heading with two lines of its own at least, where it has them
            need = b.height + (sum(x.height for x in unit[i + 1:i + 3]) if b.keep else 0)
            if columns[-1] and used + need > room:
                columns.append([])
                used = 0
                if head is not None and not b.keep:  # its heading again over the rest
                    columns[-1].append(head)
                    used = head.height
            if b.keep:
                head = b
            columns[-1].append(b)
            used += b.height
    return [columns[i:i + per_screen] for i in range(0, len(columns), per_screen)]


class HelpOverlay(Overlay):
    """F1: every key, grouped by scene; a short illustrated summary of the rules; the
    house rules as the list plays them (Ramsch and its variants, Kontra, Bock); how the
    cards are dealt and how to check it. A page longer than the panel (large text) goes
    on on a further screen: Page Down, Down or the wheel shows it, and a button under
    the page says which screen this is and that more follows."""

    name = "help"
    #: the pages a caller names by number: keys, rules in short, house rules, dealing
    PAGES = ("help.tab_keys", "help.tab_rules", "help.tab_house", "help.tab_dealing")

    def __init__(self, services: Services, page: int = 0) -> None:
        self.shown = self.PAGES[page % len(self.PAGES)]
        self.screen = 0  # the screen of the page shown
        #: each page laid out at this window and text size (see :meth:`screens`)
        self.laid: dict[str, tuple[int, int, Screens]] = {}
        super().__init__(services)

    @property
    def pages(self) -> list[str]:
        """The tabs' texts."""
        return list(self.PAGES)

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
        bar = pygame.Rect(self.panel.x + L.gap, self.panel.y + 2 * L.gap + L.font_title + L.gap,
                          self.panel.width - 2 * L.gap, round(L.button_h * 0.8))
        tabs = [widgets.Button(self.tr(key), functools.partial(self.show, i), key_hint=str(i + 1),
                               font_size=L.font_small, hint_font=L.font_caption,
                               name=key.split("_", 1)[-1])
                for i, key in enumerate(self.pages)]
        bar.height = widgets.row_of_tabs(tabs, bar, L.gap, round(L.button_h * 3.4))
        self.tabs = tabs
        self.close = close
        self.top = bar.bottom + 2 * L.gap
        self.limit = close.rect.top - L.gap
        self.laid = {}
        self.more = widgets.Button("", self.turn, font_size=L.font_small,
                                   hint_font=L.font_caption, name="more")
        self.buttons = [*tabs, close]
        self.place_more()

    def place_more(self) -> None:
        """The button that turns the page's screens, right of OK (none for one screen)."""
        L = self.layout
        n = len(self.screens())
        self.screen = min(self.screen, n - 1)
        self.buttons = [*self.tabs, self.close]
        if n < 2:
            self.more.focused = False
            return
        last = self.screen == n - 1
        more = self.more
        more.label = self.tr("help.back_page" if last else "help.more",
                             n=self.screen + 1, total=n)
        more.key_hint = self.tr("key.page_up" if last else "key.page_down")
        room = pygame.Rect(self.close.rect.right + 2 * L.gap, self.close.rect.y,
                           self.panel.right - 2 * L.gap - self.close.rect.right - 2 * L.gap,
                           self.close.rect.height)
        w = min(room.width, widgets.button_width(more, round(L.button_h * 2.5)))
        more.rect = pygame.Rect(room.right - w, room.y, w, room.height)
        self.buttons.append(more)

    def show(self, page: int) -> None:
        pages = self.pages
        self.shown = pages[page % len(pages)]
        self.screen = 0
        self.more.focused = False
        self.place_more()

    def turn(self) -> None:
        """The next screen of the page, from the last back to the one before it."""
        n = len(self.screens())
        self.scroll(-1 if self.screen == n - 1 else 1)

    def scroll(self, step: int) -> None:
        """``step`` screens on (negative: back), within the page."""
        self.screen = max(0, min(len(self.screens()) - 1, self.screen + step))
        self.place_more()

    def handle_event(self, event: pygame.event.Event) -> None:
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-1 if event.y > 0 else 1)
        elif event.type == pygame.KEYDOWN:
            key = event.key
            more = self.more in self.buttons and self.more.focused
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and more:
                self.more.click()
            elif key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.nav.pop()
            elif key in (pygame.K_PAGEDOWN, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_UP):
                self.scroll(1 if key in (pygame.K_PAGEDOWN, pygame.K_DOWN) else -1)
                # the focus goes to the button that turns the screens (Enter turns on)
                self.more.focused = self.more in self.buttons
            elif key == pygame.K_LEFT or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
                self.show(self.page - 1)
            elif key in (pygame.K_RIGHT, pygame.K_TAB):
                self.show(self.page + 1)
            elif pygame.K_1 <= key < pygame.K_1 + len(self.pages):
                self.show(key - pygame.K_1)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        L = self.layout
        p = self.panel
        draw_dialog(surface, L, p, self.tr("help.title"))
        for i, b in enumerate(self.tabs):
            b.chosen = i == self.page
        screens = self.screens()
        columns = screens[min(self.screen, len(screens) - 1)]
        _n, colw = self.columns_of(self.shown)
        for ci, column in enumerate(columns):
            x = self.panel.x + 2 * L.gap + ci * (colw + 2 * L.gap)
            y = self.top
            for block in column:
                block.draw(surface, x, y)
                y += block.height
        for b in self.buttons:
            b.draw(surface)

    # ------------------------------------------------------------ the pages laid out

    def columns_of(self, page: str) -> tuple[int, int]:
        """The number of columns of ``page`` and their width."""
        self.screens(page)
        n = self.laid[page][0]
        return n, self.column_width(n)

    def column_width(self, n: int) -> int:
        L = self.layout
        inner = self.panel.width - 4 * L.gap
        return (inner - (n - 1) * 2 * L.gap) // n

    def screens(self, page: str | None = None) -> Screens:
        """The screens of ``page`` (None: the one shown), laid out once per layout."""
        page = self.shown if page is None else page
        if page not in self.laid:
            self.laid[page] = self.lay_out(page)
        return self.laid[page][2]

    def lay_out(self, page: str) -> tuple[int, int, Screens]:
        """The page's columns, text size and screens: the first size and number of
        columns that shows it on one screen, else the readable size on as many screens as
        it needs (large text)."""
        L = self.layout
        room = self.limit - self.top
        if page == "help.tab_keys":
            tries = [(L.font_body, 2), (L.font_small, 2), (L.font_small, 3),
                     (L.font_caption, 3)]
            paged = (L.font_small, 2)
        elif page == "help.tab_dealing":
            tries, paged = [(L.font_small, 2), (L.font_caption, 2)], (L.font_small, 2)
        else:
            tries, paged = [(L.font_small, 2)], (L.font_small, 2)
        apart = page != "help.tab_keys"
        for size, n in tries:
            screens = flow(self.units(page, size, self.column_width(n), apart), room, n,
                           apart)
            if len(screens) == 1:
                return n, size, screens
        # more than a screen: the sections flow on from column to column
        size, n = paged
        return n, size, flow(self.units(page, size, self.column_width(n), False), room, n,
                             False)

    def units(self, page: str, size: int, colw: int, apart: bool) -> list[list[Block]]:
        """The page's sections (or key groups) as blocks, at ``size`` in columns
        ``colw`` wide; ``apart``: the sections of each of the page's given columns as one
        unit (a column of its own), else each section a unit."""
        tr = self.tr
        if page == "help.tab_keys":
            return [self.key_group(i, size, colw) for i in range(len(HELP_KEYS))]
        if page == "help.tab_rules":
            columns = [[self.rule_section(h, t, size, colw) for h, t in col]
                       for col in HELP_RULES]
        else:
            if page == "help.tab_house":
                texts = house_rules_help(self.rule_options(), self.settings.deck_style, tr)
                texts[-1] = texts[-1] + self.list_help()  # how the list ends, is settled
            else:
                texts = [[(tr(h), tr(t)) for h, t in col] for col in HELP_DEALING]
            columns = [[self.section(h, t, size, colw) for h, t in col] for col in texts]
        if apart:
            return [[b for section in col for b in section] for col in columns]
        return [section for col in columns for section in col]

    def line_h(self, size: int) -> int:
        L = self.layout
        return max(size + max(2, L.gap // 3), line_height(size, False))

    def heading(self, text: str, size: int, bold_h: int | None = None) -> Block:
        h = self.line_h(size) if bold_h is None else bold_h

        def draw(surface: pygame.Surface, x: int, y: int) -> None:
            draw_text(surface, text, size, (x, y), theme.ACCENT, bold=True)

        return Block(h, draw, text, keep=True)

    def text_lines(self, body: str, size: int, colw: int, gap: int) -> list[Block]:
        """``body`` wrapped into lines, the section's gap under the last."""
        L = self.layout
        line_h = self.line_h(size)
        out = []
        for line in wrap(body, size, colw - L.gap):
            def draw(surface: pygame.Surface, x: int, y: int, line: str = line) -> None:
                draw_text(surface, line, size, (x + L.gap, y), theme.TEXT_DIM)

            out.append(Block(line_h, draw, line))
        if out:
            out[-1].height += gap
        return out

    def section(self, heading: str, body: str, size: int, colw: int) -> list[Block]:
        return [self.heading(heading, size),
                *self.text_lines(body, size, colw, self.layout.gap)]

    def rule_section(self, heading: str, text: str, size: int, colw: int) -> list[Block]:
        """A section of the rules in short, with the card order, the null order and the
        base values drawn; the ranks and suits named as on the deck."""
        L = self.layout
        tr = self.tr
        style = self.settings.deck_style
        line_h = self.line_h(size)
        cw = max(18, min(round(colw / 12), round(38 * L.unit)))
        blocks = [self.heading(tr(heading), size)]
        if heading in ("help.r.order", "help.r.null"):
            cards = ORDER_CARDS if heading == "help.r.order" else NULL_CARDS
            points = tuple(CARD_POINTS[c] for c in cards) if heading == "help.r.order" \
                else None

            def draw_row(surface: pygame.Surface, x: int, y: int) -> None:
                self.draw_cards(surface, cards, points, x, y, cw, size)

            blocks.append(Block(self.cards_height(cw, points is not None, size), draw_row))
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
            lines = wrap_label(tuple(parts), size, colw - L.gap, True, style)
            for i, line in enumerate(lines):
                def draw_value(surface: pygame.Surface, x: int, y: int,
                               line: Any = line) -> None:
                    draw_text(surface, line, size, (x + L.gap, y), theme.TEXT, bold=True,
                              style=style)

                blocks.append(Block(line_h + (L.gap // 3 if i == len(lines) - 1 else 0),
                                    draw_value, label_text(line)))
        return blocks + self.text_lines(deck_text(tr, text, style), size, colw, L.gap)

    def key_group(self, group: int, size: int, colw: int) -> list[Block]:
        """A group of :data:`HELP_KEYS`: its heading, then each key beside what it does
        (keys too long for their column wrap, 'Left,' over 'Right')."""
        L = self.layout
        tr = self.tr
        line_h = max(size + max(3, L.gap // 2), line_height(size, True))
        kw = _key_column(tr, size, colw, L.gap)
        heading, keys = HELP_KEYS[group]
        blocks = [self.heading(tr(heading), size, line_h)]
        for k, what in keys:
            names, lines = _key_lines(key_name(tr, k), tr(what), size, kw,
                                      colw - kw - L.gap, L.gap)

            def draw(surface: pygame.Surface, x: int, y: int, names: list[str] = names,
                     lines: list[str] = lines) -> None:
                for i, name in enumerate(names):
                    draw_text(surface, name, size, (x + L.gap, y + i * line_h), theme.TEXT,
                              bold=True)
                for i, line in enumerate(lines):
                    draw_text(surface, line, size, (x + kw, y + i * line_h), theme.TEXT_DIM)

            blocks.append(Block(line_h * max(len(names), len(lines)) + L.gap // 4, draw,
                                f"{' '.join(names)} {' '.join(lines)}"))
        blocks[-1].height += L.gap // 2
        return blocks

    def words(self, page: str | None = None) -> list[str]:
        """Every text of ``page`` (None: the one shown), over all its screens."""
        return [b.words for screen in self.screens(page) for column in screen
                for b in column if b.words]

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

    def cards_height(self, cw: int, points: bool, size: int) -> int:
        """The height of a row of small cards ``cw`` wide (with their points under them)."""
        L = self.layout
        ch = self.services.deck.face(ORDER_CARDS[0], cw).get_height()
        return ch + (size + 6 if points else 4) + L.gap // 2

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

    def card_rows(self, n: int) -> tuple[list[tuple[int, int]], int, int, float, int]:
        """Where ``n`` rows of ten cards go: each row's top left (its name, the cards
        under it), the name's height, a card's width, the step from one card to the next
        and the row's width. In one column, or in two where one leaves the cards under
        half the hand's size and two make them a quarter larger at least (large text: one
        column left them 50 px wide)."""
        L = self.layout
        panel = self.panel
        top = panel.y + 3 * L.gap + L.font_title
        bottom = self.buttons[0].rect.top - L.gap
        name_h = line_height(L.font_body, True)
        room = panel.width - 4 * L.gap

        def step_of(columns: int) -> float:
            """How much of each card's width shows (in two columns the cards overlap as
            in a hand, each index in sight)."""
            return 0.62 if columns == 1 else 0.42

        def size(columns: int) -> tuple[int, int, int]:
            """A card's width, a row's height and width in ``columns`` columns."""
            row_h = (bottom - top) // -(-n // columns)
            width = (room - (columns - 1) * 2 * L.gap) // columns
            ch = row_h - name_h - L.gap
            return max(12, min(round(ch / CARD_RATIO),
                               round(width / (1 + 9 * step_of(columns))), L.card_w)), \
                row_h, width

        one = size(1)[0]  # (cards under half the hand's size: two columns, if larger)
        columns = 2 if n > 1 and one < 0.55 * L.card_w and size(2)[0] >= 1.25 * one else 1
        cw, row_h, width = size(columns)
        # where the row has the room, the cards lie side by side, each whole
        step = max(cw * step_of(columns), min(cw + L.gap // 2, (width - cw) / 9))
        places = []
        for i in range(n):
            column, row = (i % 2, i // 2) if columns == 2 else (0, i)
            left = panel.x + 2 * L.gap + column * (width + 2 * L.gap)
            places.append((left + round((width - cw - 9 * step) / 2), top + row * row_h))
        return places, name_h, cw, step, width

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        L = self.layout
        panel = self.panel
        draw_dialog(surface, L, panel, self.tr("results.dealt_title"))
        rows = self.rows()
        places, name_h, cw, step, width = self.card_rows(len(rows))
        for (who, declarer, cards), (x0, y) in zip(rows, places, strict=True):
            draw_text(surface, ellipsize(who, L.font_body, width, True), L.font_body,
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

