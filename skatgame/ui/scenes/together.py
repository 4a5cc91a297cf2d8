"""Play together: host a table or join one (the tables on this network are listed),
then the lobby (who sits where, computers for the empty places, ready, chat) until
the host starts the list.

The network itself is :mod:`skatgame.net`; these scenes only show it. A hosting
game runs the same server as ``python -m skatgame serve``, in a thread
(:class:`~skatgame.net.hosting.HostedServer`), and sits at its own table as a
client like everyone else.
"""

from __future__ import annotations

import functools
import threading
import time
from typing import TYPE_CHECKING, Any

import pygame

from skatgame.net.hosting import interfaces, net_only
from skatgame.table.settings import DEAL_COUNTS, rule_options
from skatgame.ui import theme, widgets
from skatgame.ui.forms import timer_options
from skatgame.ui.netlayer import chat_lines, closed_text, error_text
from skatgame.ui.scene import Scene, draw_dialog
from skatgame.ui.text import (
    draw_text,
    ellipsize,
    fit_size,
    line_height,
    text_width,
    wrap_label,
    wrap_lines,
)

if TYPE_CHECKING:
    from skatgame.engine.options import RuleOptions
    from skatgame.net.discovery import FoundTable
    from skatgame.net.hosting import HostedServer
    from skatgame.net.kept import KeptSeat
    from skatgame.net.protocol import Lobby
    from skatgame.net.remote import RemoteTable
    from skatgame.ui.services import Services

#: the port a hosted table listens on first (another one when it is taken)
PORT = 8765
#: seconds between two looks for tables on the network
LOOK_EVERY = 6.0


def local_url(port: int) -> str:
    """Where this game's own table server is reached from this game."""
    return f"ws://{net_only() or '127.0.0.1'}:{port}"


def parse_address(text: str) -> tuple[str, int, bool] | None:
    """``host`` or ``host:port`` (an IPv6 address in brackets; ``wss://`` before it: an
    encrypted connection, as to a club's server) -> (host, port, encrypted)."""
    text = text.strip()
    secure = text.lower().startswith("wss://")
    for scheme in ("wss://", "ws://"):
        if text.lower().startswith(scheme):
            text = text[len(scheme):].rstrip("/")
    if not text:
        return None
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ""
    elif text.count(":") == 1:
        host, _, port_text = text.partition(":")
    else:
        host, port_text = text, ""
    if not host or any(ch.isspace() or ch in "/?#@" for ch in host):
        return None
    try:
        port = int(port_text) if port_text else PORT
    except ValueError:
        return None
    return (host, port, secure) if 0 < port < 65536 else None


class _Finder:
    """Looks for tables on the network in a thread (a search takes a second or two)."""

    def __init__(self) -> None:
        self.tables: list[FoundTable] = []
        self.looking = False
        self.looked = False
        self._last = -LOOK_EVERY
        self._lock = threading.Lock()

    def tick(self, now: float) -> None:
        if self.looking or now - self._last < LOOK_EVERY:
            return
        self._last = now
        self.looking = True
        threading.Thread(target=self._look, name="skat-find", daemon=True).start()

    def _look(self) -> None:
        try:
            from skatgame.net.discovery import find_tables

            found = find_tables(1.5, interfaces=interfaces(), only=net_only())
        except Exception:  # no multicast here: the player types the address
            found = []
        with self._lock:
            self.tables = found
        self.looking = False
        self.looked = True


class TogetherScene(Scene):
    """Host a table (the list's settings) or join one (found, or by address and code)."""

    name = "together"

    def __init__(self, services: Services, typed: tuple[str, str, str] | None = None,
                 problem: str = "") -> None:
        """``typed``: address, code and password to join with, typed before (a table not
        reached comes back here with them and the ``problem`` it had)."""
        tr = services.tr
        s = services.settings
        self.players = widgets.Choice(tr("newlist.players"),
                                      [(3, tr("newlist.players_3")),
                                       (4, tr("newlist.players_4"))], name="players")
        self.players.select_value(s.players)
        self.deals = widgets.Choice(tr("newlist.deals"), [(n, str(n)) for n in DEAL_COUNTS],
                                    DEAL_COUNTS.index(36), name="deals")
        self.list_kind = widgets.Choice(tr("newlist.list_kind"),
                                        [("seeger-fabian", tr("sheet.kind_sf")),
                                         ("plain", tr("sheet.kind_plain"))], name="list_kind")
        self.timer = widgets.Choice(tr("newlist.timer"), timer_options(tr), name="timer")
        self.timer.select_value(s.move_timer)
        self.form = widgets.Form([self.players, self.deals, self.list_kind, self.timer],
                                 s.deck_style, lambda: [*self.all_fields, *self.buttons])
        from skatgame.table.names import MAX_NAME, is_you

        #: the name the others see (kept in the settings); "You" is nobody's name there
        self.name_field = widgets.TextField("" if is_you(s.player_name) else s.player_name,
                                            tr("together.name_example"), MAX_NAME, "name")
        self.address = widgets.TextField("", tr("together.address_example"), 40, "address")
        self.code = widgets.TextField("", tr("together.code_example"), 8, "code")
        self.password = widgets.TextField("", tr("together.password_example"), 60, "password")
        for f, key in ((self.name_field, "together.your_name"), (self.address, "together.address"),
                       (self.code, "together.code"), (self.password, "together.password")):
            f.label = tr(key)
        self.password.secret = True
        if typed is not None:
            self.address.text, self.code.text, self.password.text = typed
        self.finder = _Finder()
        self.found_rects: list[tuple[pygame.Rect, FoundTable]] = []
        from skatgame.net.kept import kept_seats

        #: lists stopped at network tables, to continue with the same players
        self.kept = kept_seats(services.store)
        self.kept_rects: list[tuple[pygame.Rect, KeptSeat]] = []
        self.problem = ""
        #: which column the problem is about (it is said above that column's button)
        self.problem_left = False
        #: the fields as they were when the problem was said: typing in them answers it
        self._problem_texts: list[str] = []
        #: the letter of a shortcut that opened a field for typing: its own TEXTINPUT,
        #: which follows the key, is not typed into that field
        self._shortcut_letter = ""
        self.clock = 0.0
        #: large text, host and join a page each: the page shown ("host" or "join")
        self.page = "join" if problem else "host"
        self.paged = False
        if problem:
            self.said(problem)
        super().__init__(services)

    @property
    def fields(self) -> list[widgets.TextField]:
        return [self.address, self.code, self.password]

    @property
    def all_fields(self) -> list[widgets.TextField]:
        return [self.name_field, *self.fields]

    def said(self, problem: str, left: bool = False) -> None:
        self.problem = problem
        self.problem_left = left
        self._problem_texts = [f.text for f in self.all_fields]

    def table_name(self) -> str | None:
        """The player's name for the table (kept in the settings); ``None`` (and said)
        while there is none."""
        self.name_field.end()
        name = self.keep_name()
        if not name:
            self.said(self.tr("together.need_name"), left=True)
            self.name_field.begin()
            return None
        return name

    def keep_name(self) -> str:
        """Keep the name typed in the settings (an empty field keeps the saved one);
        the name typed."""
        import dataclasses

        name = self.name_field.text.strip()
        if name and name != self.settings.player_name:
            self.services.change_settings(dataclasses.replace(self.settings, player_name=name))
        return name

    def pause(self) -> None:
        self.keep_name()  # typed, then the house rules or a table opened: not typed again

    def leave(self) -> None:
        self.keep_name()  # typed, then Back: the name is there the next time

    def relayout(self) -> None:
        L = self.layout
        pad = 2 * L.gap
        self.panel = p = L.dialog_rect(1120, 640)
        top = p.y + pad + L.font_title + 2 * L.gap
        colw = (p.width - 3 * pad) // 2
        # host and join side by side; where large text leaves a column too little room
        # for every word, each is a page of its own across the panel (a button at its
        # heading shows the other)
        self.paged = False
        self._place(pygame.Rect(p.x + pad, top, colw, p.bottom - top - pad),
                    pygame.Rect(p.x + 2 * pad + colw, top, colw, p.bottom - top - pad))
        if self.host_notes() is None or self.found_need() > self.found_area.height:
            self.paged = True
            whole = pygame.Rect(p.x + pad, top, p.width - 2 * pad, p.bottom - top - pad)
            self._place(whole, whole.copy())

    def _place(self, left: pygame.Rect, right: pygame.Rect) -> None:
        """The host's column in ``left``, the join column in ``right`` (paged: the same
        rect, the page not shown is given no room)."""
        L = self.layout
        tr = self.tr
        p = self.panel
        pad = 2 * L.gap
        self.left, self.right = left, right
        row_h = max(22, min(round(40 * L.unit), L.button_h))
        # paged: the form's rows in two columns, the heading in the left one
        half = (left.width - pad) // 2 if self.paged else left.width
        self.form.font_size = L.font_body
        # both headings at one size that fits their columns (large text: "An einem Tisch
        # Platz nehmen" ran out of the panel)
        self.form.heading_size = fit_size(
            max((tr("together.host"), tr("together.join")), key=lambda t: text_width(
                t, L.font_large, True)), [L.font_large, L.font_body, L.font_small], half, True)[1]
        head_h = self.form.heading_h(row_h)
        self.head = pygame.Rect(left.x, left.y, half, head_h)
        rows = self.form.rows
        if self.paged:
            under = left.y + head_h + L.gap // 2
            # (row by row: the players and the deals, the scoring and the move timer)
            self.form.place([(pygame.Rect(left.x, left.y, half, 0), rows[::2],
                              tr("together.host")),
                             (pygame.Rect(left.right - half, under, half, 0), rows[1::2], "")],
                            row_h, L.gap)
        else:
            self.form.place([(left, rows, tr("together.host"))], row_h, L.gap)
        bottom = p.bottom - pad - L.button_h
        host = widgets.Button(tr("together.open"), self.host, key_hint=tr("key.together.open"),
                              primary=True, font_size=L.font_body, name="host")
        host.rect = pygame.Rect(left.x, bottom, left.width, L.button_h)
        name_y = max(r.rect.bottom for r in rows) + L.gap
        label_w = round(half * 0.38)
        self.name_field.rect = pygame.Rect(left.x + label_w, name_y, left.width - label_w, row_h)
        rules = widgets.Button(tr("together.rules_button"), self.open_rules,
                               key_hint=tr("key.together.rules"),
                               font_size=L.font_small, hint_font=L.font_caption, name="rules")
        rules_w = max(round(half * 0.42), min(widgets.button_width(rules, 0), left.width // 2))
        rules.rect = pygame.Rect(left.right - rules_w, name_y + row_h + L.gap,
                                 rules_w, round(L.button_h * 0.8))
        # the join column: the tables found, then address and code
        y = right.y + head_h + L.gap // 2
        self.found_top = y
        # room under the fields for two lines of a problem said above Join (it touched
        # the password field)
        said_h = 2 * line_height(L.font_small) + L.gap
        fields_top = bottom - 3 * (row_h + L.gap) - said_h
        self.found_area = pygame.Rect(right.x, y, right.width, fields_top - y - L.gap)
        for i, f in enumerate(self.fields):
            f.rect = pygame.Rect(right.x + label_w, fields_top + i * (row_h + L.gap),
                                 right.width - label_w, row_h)
        join = widgets.Button(tr("together.join_button"), self.join,
                              key_hint=tr("key.together.join"),
                              font_size=L.font_body, name="join")
        join.rect = pygame.Rect(right.x, bottom, right.width, L.button_h)
        back = widgets.Button(tr("menu.back"), self.nav.pop, key_hint="Esc",
                              font_size=L.font_small, hint_font=L.font_caption, name="back")
        # as wide as its word and key need (at 200 % "Zurück Esc" shrank to the caption
        # size in 2.6 button heights), up to the title's end
        title_w = text_width(tr("together.title"), L.font_title, True)
        room = (p.width - title_w) // 2 - pad - 2 * L.gap
        bw = max(round(L.button_h * 2.6), min(widgets.button_width(back, 0), room))
        back.rect = pygame.Rect(p.right - pad - bw, p.y + pad, bw, round(L.button_h * 0.8))
        self.host_button, self.join_button, self.rules_button = host, join, rules
        self.buttons = [host, join, back, rules]
        roles = (L.font_small, L.font_caption)  # each small button at a role of the scale
        for b in (back, rules):
            widgets.even_type([b], roles)
        if not self.paged:
            return
        hosting = self.page == "host"
        other = widgets.Button(tr("together.join_page" if hosting else "together.host_page"),
                               self.show_join if hosting else self.show_host,
                               key_hint=tr("key.together.join" if hosting else
                                           "key.together.open"),
                               font_size=L.font_small, hint_font=L.font_caption, name="page")
        other.rect = pygame.Rect(left.right - half, left.y + (head_h - rules.rect.height) // 2,
                                 half, rules.rect.height)
        widgets.even_type([other], roles)
        hidden: list[Any] = [*self.fields, join] if hosting else \
            [*rows, self.name_field, host, rules]
        for c in hidden:  # the other page's: not drawn, no clicks, not in the focus
            c.rect = pygame.Rect(c.rect.topleft, (0, 0))
        if not hosting:
            self.form.headers = []
        self.buttons = [b for b in self.buttons if b.rect.width > 0] + [other]

    def show_join(self) -> None:
        """Typing in the join column's first empty field (paged: on the join page)."""
        if self.paged and self.page != "join":
            self.page = "join"
            self.relayout()
            self.form.focus = len(self.form.rows)
        self.address.begin() if not self.address.text else self.code.begin()

    def show_host(self) -> None:
        """Paged: the host's page, the focus on its first row."""
        for f in self.all_fields:
            f.end()
        self.page = "host"
        self.form.focus = 0
        self.relayout()

    def host_notes(self) -> tuple[int, list[Any], list[Any]] | None:
        """The size and lines of the notes under the host's form (the house rules beside
        their button, then what the next screen does), a size smaller where they would
        reach under "Open the table"; ``None`` where not even that holds them whole."""
        L = self.layout
        tr = self.tr
        button = self.rules_button
        bottom = self.host_button.rect.top - L.gap
        beside = button.rect.x - self.left.x - L.gap
        texts = (tr("together.house_rules", rules=rules_text(self.config().options, tr)),
                 tr("together.host_note"))
        for size in (L.font_small, max(11, L.font_caption)):
            lines = (wrap_label(texts[0], size, beside), wrap_label(texts[1], size,
                                                                    self.left.width))
            tall = max(len(lines[0]) * line_height(size), button.rect.height) + \
                L.gap + len(lines[1]) * line_height(size)
            if button.rect.y + tall <= bottom:
                return size, lines[0], lines[1]
        return None

    def found_need(self) -> int:
        """The height the join column's list needs: the lists to continue, the line over
        the tables found, and a table's row or the line said while there is none."""
        L = self.layout
        tr = self.tr
        width = self.found_area.width
        row_h = L.font_body + L.gap
        need = 0
        if self.kept:
            need += L.font_small + L.gap + min(3, len(self.kept)) * (row_h + L.gap // 2) + L.gap
        lines = len(wrap_label(tr("together.found"), L.font_small, width))
        said = max(len(wrap_label(tr(k), L.font_small, width))
                   for k in ("together.looking", "together.none_found"))
        return need + lines * line_height(L.font_small) + L.gap + max(
            row_h, said * line_height(L.font_small))

    # ------------------------------------------------------------ host and join

    def open_rules(self) -> None:
        """The house rules a hosted table plays are the settings' (their page)."""
        self.nav.push("settings", page="game")

    def config(self) -> Any:
        from skatgame.engine.options import RuleOptions
        from skatgame.net.protocol import TableConfig

        rules = rule_options(self.settings.house_rules)
        options = rules if isinstance(rules, RuleOptions) else RuleOptions()
        return TableConfig(size=self.players.value, deals=self.deals.value, options=options,
                           list_kind=self.list_kind.value, move_timer=self.timer.value)

    def start_server(self, name: str, first: int = PORT) -> HostedServer | None:
        """The table server in this game (on port ``first``, else 8765, else any free
        one); ``None`` (and the reason shown) when none can be started."""
        from skatgame.net.hosting import HostedServer
        from skatgame.net.saving import WriteBehindStore
        from skatgame.net.server import ServerOptions

        address = net_only() or "0.0.0.0"
        # the lists are saved where the table runs: here, beside the player's own lists
        # (a store of the server's own: it writes from the server's thread)
        folder = self.services.store.folder if self.services.store is not None and \
            self.services.saving else None
        error = ""
        for port in dict.fromkeys((first, PORT, 0)):
            store = WriteBehindStore(folder) if folder is not None else None
            server = HostedServer(ServerOptions(host=address, port=port, tables=8,
                                                store=store),
                                  announce_as=name,  # guests word the label
                                  interfaces=interfaces())
            try:
                server.start()
                return server
            except (OSError, TimeoutError) as e:
                error = str(e) or type(e).__name__
                server.stop(wait=1.0)
        self.said(self.tr("together.host_failed", error=error), left=True)
        return None

    def host(self) -> None:
        from skatgame.net.link import NetLink
        from skatgame.net.protocol import Create
        from skatgame.net.remote import RemoteTable

        name = self.table_name()
        if name is None:
            return
        hosted = self.start_server(name)
        if hosted is None:
            return
        link = NetLink(local_url(hosted.port), name, Create(self.config()))
        remote = RemoteTable(link, self.services.workers)
        remote.hosted = hosted
        self.nav.replace("lobby", remote=remote)

    def continue_seat(self, seat: KeptSeat) -> None:
        """Back to a list stopped at a network table, at the same seat (a table this game
        hosted is opened again first)."""
        from skatgame.net.link import NetLink
        from skatgame.net.protocol import Join
        from skatgame.net.remote import RemoteTable

        name = self.table_name()
        if name is None:
            return
        hosted = None
        url = seat.url
        if seat.hosted:
            # the port it had, so that the friends' saved address still leads there
            where = parse_address(seat.url)
            hosted = self.start_server(name, where[1] if where else PORT)
            if hosted is None:
                return
            url = local_url(hosted.port)
        link = NetLink(url, name, Join(seat.code, seat.token), self.password.text)
        remote = RemoteTable(link, self.services.workers)
        remote.hosted = hosted
        self.nav.replace("lobby", remote=remote, continued=seat)

    def join(self, found: FoundTable | None = None) -> None:
        from skatgame.net.link import NetLink
        from skatgame.net.protocol import Join
        from skatgame.net.remote import RemoteTable

        for f in self.all_fields:
            f.end()
        if found is not None:
            self.address.text = f"{found.address}:{found.port}"
            self.said("" if self.code.text else self.tr("together.bad_code"))
            return
        where = parse_address(self.address.text)
        if where is None:
            self.said(self.tr("together.bad_address"))
            return
        code = "".join(ch for ch in self.code.text.upper() if ch.isalnum())
        if len(code) < 4:
            self.said(self.tr("together.bad_code"))
            return
        name = self.table_name()
        if name is None:
            return
        host, port, secure = where
        shown = f"[{host}]" if ":" in host else host
        # a seat held at this table before: taken back with its token
        kept = next((k for k in self.kept if k.code == code), None)
        link = NetLink(f"{'wss' if secure else 'ws'}://{shown}:{port}", name,
                       Join(code, kept.token if kept is not None else ""),
                       self.password.text)
        self.nav.replace("lobby", remote=RemoteTable(link, self.services.workers),
                         continued=kept, typed=(self.address.text, self.code.text,
                                                self.password.text))

    # ------------------------------------------------------------ loop

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.problem and self._problem_texts != [f.text for f in self.all_fields]:
            self.said("")  # typed since: what it asked for is being done
        self.finder.tick(time.monotonic())

    def handle_event(self, event: pygame.event.Event) -> None:
        self._handle(event)
        if self.paged and self.page == "join" and self.form.focus < len(self.form.rows):
            focus = self.form.focus  # the keys went on to the host's rows: his page
            self.show_host()
            self.form.focus = focus

    def _handle(self, event: pygame.event.Event) -> None:
        letter, self._shortcut_letter = self._shortcut_letter, ""
        if event.type == pygame.TEXTINPUT and letter and event.text.lower() == letter:
            return  # the shortcut's own letter (H: open the table, J: join), not a name
        editing = [f for f in self.all_fields if f.editing]
        if not editing and event.type == pygame.KEYDOWN:
            self._handle_key(event)
            if any(f.editing for f in self.all_fields):
                self._shortcut_letter = (event.unicode or pygame.key.name(event.key)).lower()
            return
        if editing:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                               pygame.K_KP_ENTER) \
                    and editing[0] in (self.code, self.password):
                editing[0].end()
                self.join()
                return
            if editing[0].handle_event(event):
                return
        if event.type == pygame.MOUSEBUTTONUP:
            for f in self.all_fields:
                if f.handle_event(event):
                    return
            for rect, table in self.found_rects:
                if rect.collidepoint(event.pos):
                    self.join(table)
                    self.code.begin()
                    return
            for rect, seat in self.kept_rects:
                if rect.collidepoint(event.pos):
                    self.continue_seat(seat)
                    return
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.KEYDOWN:
            self._handle_key(event)
            return
        self.form.handle_event(event)

    def _handle_key(self, event: pygame.event.Event) -> None:
        """A key pressed while no field takes typing: the shortcuts, then the form."""
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.nav.pop()
                return
            if self.form.extra is not None and self.form.handle_event(event):
                return  # the focus is on a field or a button: Enter presses that
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.host()
                return
            if widgets.is_key(event, self.tr("key.together.open")):
                # (paged: the host's page first, where "Open the table" is seen)
                self.show_host() if self.paged and self.page == "join" else self.host()
                return
            if widgets.is_key(event, self.tr("key.together.rules")):
                self.open_rules()
                return
            if widgets.is_key(event, self.tr("key.together.join")):
                self.show_join()
                return
        self.form.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        L = self.layout
        tr = self.tr
        surface.blit(self.services.window.felt(), (0, 0))
        draw_dialog(surface, L, self.panel, tr("together.title"))
        self.form.draw(surface)
        if not self.paged or self.page == "host":
            self.draw_host(surface)
        if not self.paged or self.page == "join":
            self.draw_join(surface)
        for b in self.buttons:
            b.draw(surface)

    def draw_host(self, surface: pygame.Surface) -> None:
        """Under the form: the name, the house rules (from the settings) beside their
        button, what the next screen does; a problem with hosting above its button."""
        L = self.layout
        tr = self.tr
        nf = self.name_field
        draw_text(surface, ellipsize(tr("together.your_name"), L.font_body,
                                     nf.rect.x - self.left.x - L.gap),
                  L.font_body, (self.left.x, nf.rect.centery), theme.TEXT, "midleft")
        nf.draw(surface, L.font_body, self.clock)
        notes = self.host_notes()
        if notes is None:  # a window too small even for the host's page: as they come
            size = max(11, L.font_caption)
            notes = (size, wrap_label(tr("together.house_rules", rules=rules_text(
                self.config().options, tr)), size, self.left.width),
                wrap_label(tr("together.host_note"), size, self.left.width))
        size, rules, note = notes
        y = self.rules_button.rect.y
        for line in rules:
            y = draw_text(surface, line, size, (self.left.x, y), theme.TEXT_DIM).bottom
        y = max(y, self.rules_button.rect.bottom) + L.gap
        for line in note:
            y = draw_text(surface, line, size, (self.left.x, y), theme.TEXT_DIM).bottom
        if self.problem and self.problem_left:
            self.draw_problem(surface, self.left, self.host_button)

    def draw_join(self, surface: pygame.Surface) -> None:
        """The join column: its heading, the tables found, address, code and password; a
        problem with joining above its button."""
        L = self.layout
        tr = self.tr
        head = self.head.move(self.right.x - self.left.x, 0)
        draw_text(surface, tr("together.join"), self.form.heading_size,
                  (head.x, head.centery), theme.ACCENT, "midleft", bold=True)
        self.draw_found(surface)
        labels = (tr("together.address"), tr("together.code"), tr("together.password"))
        for f, label in zip(self.fields, labels, strict=True):
            draw_text(surface, ellipsize(label, L.font_body, f.rect.x - self.right.x - L.gap),
                      L.font_body, (self.right.x, f.rect.centery), theme.TEXT, "midleft")
            f.draw(surface, L.font_body, self.clock)
        if self.problem and not self.problem_left:
            self.draw_problem(surface, self.right, self.join_button)

    def draw_problem(self, surface: pygame.Surface, column: pygame.Rect,
                     button: widgets.Button) -> None:
        """The problem said, above the button of the column it is about."""
        L = self.layout
        lines = wrap_lines(self.problem, L.font_small, column.width, 2)
        y = button.rect.top - L.gap // 2 - len(lines) * line_height(L.font_small)
        for line in lines:  # (in reading order: a screen reader's too)
            y = draw_text(surface, line, L.font_small, (column.x, y), theme.WARN).bottom

    def _row(self, surface: pygame.Surface, rect: pygame.Rect, text: str, right: str
             ) -> None:
        L = self.layout
        hover = rect.collidepoint(pygame.mouse.get_pos())
        surface.blit(widgets.rounded(rect.size, rect.height // 3,
                                     (255, 255, 255, 40 if hover else 18),
                                     theme.PANEL_BORDER, 1), rect)
        box = draw_text(surface, right, L.font_small, (rect.right - L.gap, rect.centery),
                        theme.ACCENT, "midright")
        draw_text(surface, ellipsize(text, L.font_body, box.left - rect.x - 2 * L.gap),
                  L.font_body, (rect.x + L.gap, rect.centery), theme.TEXT, "midleft")

    def draw_found(self, surface: pygame.Surface) -> None:
        """The lists to continue (a click sits down again), then the tables found on
        the network (a click takes the address), one row each."""
        L = self.layout
        tr = self.tr
        area = self.found_area
        y = area.y
        row_h = L.font_body + L.gap
        self.kept_rects = []
        if self.kept:
            draw_text(surface, tr("together.kept"), L.font_small, (area.x, y),
                      theme.TEXT_DIM)
            y += L.font_small + L.gap
            for seat in self.kept[:3]:
                rect = pygame.Rect(area.x, y, area.width, row_h)
                where = tr("together.kept_here") if seat.hosted else \
                    seat.url.split("//", 1)[-1]
                self._row(surface, rect, f"{where} · {seat.code} · {', '.join(seat.names)}",
                          tr("together.continue"))
                self.kept_rects.append((rect, seat))
                y += row_h + L.gap // 2
            y += L.gap
        for line in wrap_label(tr("together.found"), L.font_small, area.width):
            y = draw_text(surface, line, L.font_small, (area.x, y), theme.TEXT_DIM).bottom
        y += L.gap
        self.found_rects = []
        tables = self.finder.tables
        if not tables:
            key = "together.looking" if not self.finder.looked else "together.none_found"
            for line in wrap_label(tr(key), L.font_small, area.width):
                y = draw_text(surface, line, L.font_small, (area.x, y), theme.TEXT_DIM).bottom
            return
        for table in tables:
            if y + row_h > area.bottom:
                break
            rect = pygame.Rect(area.x, y, area.width, row_h)
            # the label in this player's language (an older host sent one in its own)
            label = tr("together.announce", name=table.host) if table.host else table.name
            self._row(surface, rect, f"{label} · {table.address}:{table.port}",
                      tr("together.open_places", n=table.open_places))
            self.found_rects.append((rect, table))
            y += row_h + L.gap // 2


class LobbyScene(Scene):
    """The table before the list: the places, computers for the empty ones, ready, the
    invitation, chat; the host starts."""

    name = "lobby"

    def __init__(self, services: Services, remote: RemoteTable,
                 continued: KeptSeat | None = None,
                 typed: tuple[str, str, str] | None = None) -> None:
        self.remote = remote
        #: what was typed on Play together to join (address, code, password): a table not
        #: reached (a wrong password or code) goes back there with it and the reason
        self.typed = typed
        #: the kept seat this lobby takes back (``None``: a new seat)
        self.continued = continued
        self._kept_key: object = None
        #: the place the host picked to swap with another (``None``: none)
        self.picked: int | None = None
        self._swallow_t = False
        self.chat = widgets.TextField("", services.tr("chat.placeholder"), 200, "chat")
        self.chat.label = services.tr("chat.title")
        self.level_choices: dict[int, widgets.Choice] = {}
        self.mutes: dict[int, widgets.Button] = {}
        self.level_form = widgets.Form([])
        self.clock = 0.0
        self.problem = ""
        self.address = self._invitation_address()
        self._lobby: Lobby | None = None
        super().__init__(services)

    def _invitation_address(self) -> str:
        hosted = self.remote.hosted
        return "" if hosted is None else f"{hosted.address}:{hosted.port}"

    # ------------------------------------------------------------ what the table says

    @property
    def lobby(self) -> Lobby | None:
        return self.remote.state.lobby

    @property
    def is_host(self) -> bool:
        s = self.remote.state
        return s.lobby is not None and s.lobby.host == s.player

    def update(self, dt: float) -> None:
        from skatgame.net.protocol import Error

        self.clock += dt
        remote = self.remote
        # (read before the messages are taken: every message before the failure is in)
        failed = remote.link.status == "failed"
        for message in remote.pump():
            if isinstance(message, Error):
                self.problem = error_text(self.tr, message.code, message.message)
                if self.typed is not None and remote.state.lobby is None:
                    self.back_to_form(self.problem)
                    return
                if self.continued is not None and message.code in ("no_table", "bad_token"):
                    from skatgame.net.kept import forget_seat

                    forget_seat(self.services.store, self.continued.code)
        self.keep_seat()
        if remote.state.lobby is not self._lobby:
            self._lobby = remote.state.lobby
            self.relayout()
        closed = remote.state.closed
        if closed is not None or remote.problem or failed:
            if self.typed is not None and self._lobby is None:
                self.back_to_form(closed_text(self.tr, remote))
            else:
                self.leave_table(closed_text(self.tr, remote))
            return
        if remote.started and remote.state.start is not None:
            self.nav.open_table(remote)

    def keep_seat(self) -> None:
        """Keep this seat (code, address, token) in the store, to continue the list
        later with the same players."""
        from skatgame.net.kept import KeptSeat, keep_seat

        s = self.remote.state
        if not s.token or s.lobby is None or not s.lobby.started or not self.services.saving:
            return  # a list not begun is nothing to continue
        names = tuple(p.name for p in s.lobby.places if p.kind == "person")
        key = (s.code, s.token, names)
        if key != self._kept_key:
            self._kept_key = key
            keep_seat(self.services.store, KeptSeat(s.code, self.remote.link.url, s.token,
                                                    self.remote.hosted is not None, names))

    def ask_leave(self) -> None:
        """Leave; a host with friends at the table is asked first (it closes for them)."""
        lobby = self.lobby
        others = lobby is not None and any(
            p.kind == "person" and i != self.remote.state.player
            for i, p in enumerate(lobby.places))
        if self.is_host and others:
            self.nav.push("confirm", title=self.tr("lobby.leave"),
                          body=self.tr("pause.leave_confirm_host"),
                          on_yes=self.leave_table, default_yes=False)
            return
        self.leave_table()

    def back_to_form(self, problem: str) -> None:
        """A table not reached: back to Play together with what was typed, the problem
        said above Join (nothing typed is lost)."""
        self.remote.close()
        self.nav.replace("together", typed=self.typed, problem=problem)

    def leave_table(self, message: str = "") -> None:
        """Back to the menu (the connection ends; a hosted table closes)."""
        self.remote.close()
        if self.services.table is self.remote:
            self.services.table = None
        self.nav.reset("menu")
        if message:
            self.nav.push("message", title=self.tr("together.title"), body=message)

    # ------------------------------------------------------------ the buttons

    def set_level(self, player: int, level: str | None) -> None:
        from skatgame.net.protocol import SetSeat

        self.remote.link.send(SetSeat(player, level))

    def start(self) -> None:
        from skatgame.net.protocol import Start

        self.remote.link.send(Start())

    def toggle_ready(self) -> None:
        from skatgame.net.protocol import Ready

        lobby = self.lobby
        if lobby is None:
            return
        me = lobby.places[self.remote.state.player]
        self.remote.link.send(Ready(not me.ready))

    def say(self, text: str = "", quick: str = "") -> None:
        from skatgame.net.protocol import Chat, Quick

        if quick:
            self.remote.link.send(Quick(quick))
        elif text.strip():
            self.remote.link.send(Chat(text))

    def relayout(self) -> None:
        from skatgame.net.text import QUICK_PHRASES
        from skatgame.table.settings import LEVELS

        L = self.layout
        tr = self.tr
        pad = 2 * L.gap
        self.panel = p = L.dialog_rect(1120, 640)
        # under the title the invitation (or who hosts) and the list the table plays, each
        # wrapped whole (large text: the address and code were shortened with "…")
        self.head_lines = self._head_lines(p.width - 4 * L.gap)
        top = p.y + pad + L.font_title + 3 * L.gap + sum(
            len(lines) * line_height(size) for size, lines, _c, _b in self.head_lines)
        colw = (p.width - 3 * pad) // 2
        self.places_area = pygame.Rect(p.x + pad, top, colw, p.bottom - top - pad)
        self.chat_area = pygame.Rect(p.x + 2 * pad + colw, top, colw, p.bottom - top - pad)
        row_h = max(24, min(round(44 * L.unit), L.button_h))
        self.row_h = row_h
        lobby = self.lobby
        self.level_choices = {}
        buttons: list[widgets.Button] = []
        if lobby is not None and self.is_host:
            options: list[tuple[Any, Any]] = [(None, tr("lobby.level_open"))] + \
                [(lv, tr(f"level.{lv}")) for lv in LEVELS]
            for i, place in enumerate(lobby.places):
                if place.kind == "person":
                    continue
                choice = widgets.Choice("", options, name=f"level{i}",
                                        on_change=functools.partial(self.set_level, i),
                                        spoken=tr("speech.lobby.place", n=i + 1))
                choice.select_value(place.level)
                choice.rect = pygame.Rect(self.places_area.x + round(colw * 0.35),
                                          self._row_rect(i).y + (row_h - round(row_h * 0.8)) // 2,
                                          colw - round(colw * 0.35), round(row_h * 0.8))
                # the value between the arrows in all the room (no label: "Fortgeschritten"
                # whole at the small size at 200 %)
                choice.value_w = choice.rect.width - 2 * choice.rect.height
                self.level_choices[i] = choice
        old_focus = self.level_form.focus
        self.level_form = widgets.Form(list(self.level_choices.values()),
                                       self.settings.deck_style, self.stops)
        self.level_form.focus = old_focus
        self.level_form.font_size = L.font_small
        # a mute for each other person (his chat is not shown here)
        self.mutes = {}
        for i, place in enumerate(lobby.places if lobby is not None else ()):
            if place.kind != "person" or i == self.remote.state.player:
                continue
            muted = i in self.remote.muted
            b = widgets.Button(tr("lobby.muted" if muted else "lobby.mute"),
                               functools.partial(self.toggle_mute, i),
                               font_size=L.font_caption, name=f"mute{i}", chosen=muted)
            row = self._row_rect(i)
            mw = round(row.height * 2.4)
            b.rect = pygame.Rect(row.right - L.gap // 2 - mw, row.y + row.height // 6, mw,
                                 row.height - row.height // 3)
            self.mutes[i] = b
            buttons.append(b)
        bottom = p.bottom - pad - L.button_h
        leave = widgets.Button(tr("lobby.leave"), self.ask_leave, key_hint="Esc",
                               font_size=L.font_body, name="leave")
        if self.is_host:
            main = widgets.Button(tr("lobby.start"), self.start, key_hint="Enter",
                                  primary=True, font_size=L.font_body, name="start")
        else:
            me = None if lobby is None or self.remote.state.player < 0 else \
                lobby.places[self.remote.state.player]
            ready = me is not None and me.ready
            main = widgets.Button(tr("lobby.not_ready_button" if ready else
                                     "lobby.ready_button"), self.toggle_ready,
                                  key_hint="Enter", primary=not ready, font_size=L.font_body,
                                  name="ready", enabled=lobby is not None)
        half = (colw - L.gap) // 2
        leave.rect = pygame.Rect(self.places_area.x, bottom, half, L.button_h)
        self.leave_button = leave
        main.rect = pygame.Rect(self.places_area.x + half + L.gap, bottom, half, L.button_h)
        widgets.even_type([leave, main], (L.font_body, L.font_small, L.font_caption))
        buttons += [leave, main]
        # chat: the line to type, the quick phrases under it
        de = self.settings.language == "de"
        quick: list[widgets.Button] = []
        for key, (en_text, de_text) in list(QUICK_PHRASES.items())[:4]:
            quick.append(widgets.Button(de_text if de else en_text,
                                        functools.partial(self.say, quick=key),
                                        font_size=L.font_small, name=f"quick_{key}"))
        qh = round(L.button_h * 0.8)
        q_top = bottom + L.button_h - qh
        qw = (colw - 3 * L.gap // 2) // 2
        for i, b in enumerate(quick):
            b.rect = pygame.Rect(self.chat_area.x + (i % 2) * (qw + L.gap // 2 * 3),
                                 q_top - (1 - i // 2) * (qh + L.gap // 2), qw, qh)
        widgets.even_type(quick, (L.font_small, L.font_caption))  # one size, one role
        send = widgets.Button(tr("chat.send"), self.send_chat, font_size=L.font_small,
                              name="send")
        field_y = quick[0].rect.top - L.gap - row_h
        sw = max(round(L.button_h * 2.2), widgets.button_width(send, 0))
        self.chat.rect = pygame.Rect(self.chat_area.x, field_y, colw - sw - L.gap, row_h)
        send.rect = pygame.Rect(self.chat.rect.right + L.gap, field_y, sw, row_h)
        self.chat_lines_area = pygame.Rect(self.chat_area.x, self.chat_area.y + L.font_large +
                                           L.gap, colw, field_y - L.gap - self.chat_area.y -
                                           L.font_large - L.gap)
        self.buttons = [*buttons, send, *quick]

    def _head_lines(self, width: int) -> list[tuple[int, list[Any], Any, bool]]:
        """The lines under the title, wrapped to ``width``: (size, lines, colour, bold)
        for the invitation (at a table this game hosts; else who hosts) and the list."""
        L = self.layout
        tr = self.tr
        lobby = self.lobby
        if lobby is None:
            first = (tr("lobby.connecting"), theme.TEXT_DIM, False)
        elif self.address:
            first = (tr("lobby.invite", address=self.address, code=self.remote.state.code),
                     theme.ACCENT, True)
        else:
            host = lobby.places[lobby.host].name if 0 <= lobby.host < len(lobby.places) else "?"
            first = (tr("lobby.joined", host=host), theme.TEXT_DIM, False)
        text, color, bold = first
        out = [(L.font_body, wrap_label(text, L.font_body, width, bold), color, bold)]
        listed = list_text(lobby, tr) if lobby is not None else ""
        out.append((L.font_small, wrap_label(listed, L.font_small, width) if listed else [],
                    theme.TEXT_DIM, False))
        return out

    def stops(self) -> list[widgets.Button | widgets.TextField]:
        """What the keyboard's focus reaches after the levels: first the button Enter
        presses (start, ready), then the chat line and the other buttons."""
        first = [b for b in self.buttons if b.name in ("start", "ready")]
        return [*first, self.chat, *(b for b in self.buttons if b not in first)]

    def _row_rect(self, i: int) -> pygame.Rect:
        a = self.places_area
        y = a.y + self.layout.font_large + self.layout.gap + i * (self.row_h +
                                                                   self.layout.gap // 2)
        return pygame.Rect(a.x, y, a.width, self.row_h)

    def pick_place(self, pos: tuple[int, int]) -> bool:
        """Host: a click on a place picks it, a click on another swaps the two (the host
        seats the players); returns whether the click was on a place."""
        lobby = self.lobby
        if lobby is None or not self.is_host:
            return False
        for i in range(len(lobby.places)):
            if self._row_rect(i).collidepoint(pos):
                if self.picked is None or self.picked == i:
                    self.picked = None if self.picked == i else i
                else:
                    from skatgame.net.protocol import MoveSeat

                    self.remote.link.send(MoveSeat(self.picked, i))
                    self.picked = None
                return True
        return False

    def toggle_mute(self, player: int) -> None:
        """Hide (or show again) what ``player`` says, here and at the table."""
        self.remote.muted ^= {player}
        self.relayout()

    def send_chat(self) -> None:
        self.chat.end()
        self.say(text=self.chat.text)
        self.chat.text = ""

    # ------------------------------------------------------------ loop

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.chat.editing:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                               pygame.K_KP_ENTER):
                self.send_chat()
                return
            if event.type == pygame.TEXTINPUT and self._swallow_t:
                self._swallow_t = False
                if event.text.upper() == self.tr("key.chat").upper():
                    return  # the letter of the key that opened the line
            if self.chat.handle_event(event):
                return
        if event.type == pygame.MOUSEBUTTONUP and self.chat.handle_event(event):
            return
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.MOUSEBUTTONUP and self.level_form.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pick_place(
                event.pos):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN,
                                                          pygame.K_LEFT, pygame.K_RIGHT,
                                                          pygame.K_TAB):
            self.level_form.handle_event(event)
            return
        if event.type == pygame.KEYDOWN and self.level_form.extra is not None and \
                event.key in (*widgets.ENTER_KEYS, pygame.K_SPACE):
            self.level_form.handle_event(event)  # the control with the focus
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.ask_leave()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                (self.start if self.is_host else self.toggle_ready)()
            elif widgets.is_key(event, self.tr("key.chat")):
                self.chat.begin()
                self._swallow_t = True

    def draw(self, surface: pygame.Surface) -> None:
        L = self.layout
        tr = self.tr
        surface.blit(self.services.window.felt(), (0, 0))
        lobby = self.lobby
        code = self.remote.state.code
        title = tr("lobby.title", code=code) if code else tr("together.title")
        draw_dialog(surface, L, self.panel, title)
        y = self.panel.y + 2 * L.gap + L.font_title + L.gap
        for size, lines, color, bold in self.head_lines:
            for line in lines:
                y = draw_text(surface, line, size, (self.panel.centerx, y), color, "midtop",
                              bold=bold).top + line_height(size, bold)
        draw_text(surface, tr("lobby.places"), L.font_large,
                  (self.places_area.x, self.places_area.y), theme.ACCENT, bold=True)
        if lobby is not None:
            for i, place in enumerate(lobby.places):
                self.draw_place(surface, i, place, lobby)
        note = self.problem or (tr("lobby.swap_note") if self.picked is not None else
                                tr("lobby.host_note") if self.is_host else
                                tr("lobby.waiting_host"))
        # the note whole under the places, a size smaller where it would reach up to them;
        # where even that does not hold it (four places at large text) it stands under the
        # chat's heading, over the chat's lines
        bottom = self.leave_button.rect.top - L.gap
        rows_bottom = self._row_rect(len(lobby.places) - 1).bottom if lobby is not None else 0
        placed = None
        for size in (L.font_small, max(11, L.font_caption)):
            lines = wrap_label(note, size, self.places_area.width)
            top = bottom - len(lines) * line_height(size)
            if top >= rows_bottom + L.gap // 2:
                placed = (self.places_area, top, size, lines)
                break
        if placed is None:
            placed = (self.chat_area, self.chat_lines_area.y, L.font_small,
                      wrap_label(note, L.font_small, self.chat_area.width))
        column, y, size, lines = placed
        for line in lines:
            y = draw_text(surface, line, size, (column.x, y),
                          theme.WARN if self.problem else theme.TEXT_DIM).bottom
        self.level_form.draw(surface)
        self.draw_chat(surface, y + L.gap if column is self.chat_area else 0)
        for b in self.buttons:
            b.draw(surface)

    def draw_place(self, surface: pygame.Surface, i: int, place: Any, lobby: Lobby) -> None:
        L = self.layout
        tr = self.tr
        rect = self._row_rect(i)
        mine = i == self.remote.state.player
        picked = i == self.picked
        surface.blit(widgets.rounded(rect.size, rect.height // 3,
                                     (255, 255, 255, 34 if mine or picked else 16),
                                     theme.ACCENT if mine or picked else theme.PANEL_BORDER,
                                     3 if picked else 1), rect)
        name = tr("lobby.open") if place.kind == "open" else place.name
        color = theme.TEXT_DIM if place.kind == "open" else theme.TEXT
        if i in self.level_choices:  # the host's choice of a computer or an open place
            # (large text: a size smaller rather than "Freier Platz" cut)
            shown, size = fit_size(name, [L.font_body, L.font_small, max(11, L.font_caption)],
                                   self.level_choices[i].rect.x - rect.x - 2 * L.gap, True)
            draw_text(surface, shown, size, (rect.x + L.gap, rect.centery), color, "midleft",
                      bold=True)
            return
        status, status_color = self.place_status(i, place, lobby)
        mute = self.mutes.get(i)
        right = mute.rect.left - L.gap if mute is not None else rect.right - L.gap
        box = draw_text(surface, status, L.font_small, (right, rect.centery), status_color,
                        "midright")
        # the name in the room the status leaves (large text: it had a fixed share and
        # "Anna · Gastgeber" was cut; who hosts is said as his status now)
        draw_text(surface, ellipsize(name, L.font_body, box.left - rect.x - 3 * L.gap, True),
                  L.font_body, (rect.x + L.gap, rect.centery), color, "midleft", bold=True)

    def place_status(self, i: int, place: Any, lobby: Lobby) -> tuple[str, Any]:
        """What a place's row says at its right, and in which colour."""
        tr = self.tr
        if place.kind == "computer":
            status, color = tr("lobby.computer", level=tr(f"level.{place.level}")), \
                theme.TEXT_DIM
        elif place.kind == "open":
            status, color = tr("lobby.level_open"), theme.TEXT_DIM
        elif not place.connected:
            status, color = tr("lobby.away"), theme.WARN
        elif i == lobby.host:  # (the host starts the list: he is ready)
            status, color = tr("lobby.host"), theme.GOOD
        elif place.ready:
            status, color = tr("lobby.ready"), theme.GOOD
        else:
            status, color = tr("lobby.not_ready"), theme.TEXT_DIM
        return str(status), color

    def draw_chat(self, surface: pygame.Surface, top: int = 0) -> None:
        """The chat's heading, its last lines (from ``top`` down, where the lobby's note
        stands above them), the line to type."""
        L = self.layout
        draw_text(surface, self.tr("chat.title"), L.font_large,
                  (self.chat_area.x, self.chat_area.y), theme.ACCENT, bold=True)
        area = self.chat_lines_area
        if top > area.y:
            area = pygame.Rect(area.x, top, area.width, max(0, area.bottom - top))
        state = self.remote.state
        lines = chat_lines(state.chat[-30:], state.lobby, self.tr, self.settings.language,
                           L.font_small, area.width)
        line_h = L.font_small + L.gap // 2
        y = area.bottom
        for who, text in reversed(lines):
            if y - line_h < area.y:
                break
            y -= line_h
            if who:
                w = draw_text(surface, who + ":", L.font_small, (area.x, y), theme.ACCENT,
                              bold=True)
                draw_text(surface, text, L.font_small, (w.right + L.gap // 2, y), theme.TEXT)
            else:
                draw_text(surface, text, L.font_small, (area.x + 2 * L.gap, y), theme.TEXT)
        self.chat.draw(surface, L.font_small, self.clock)


def rules_text(o: RuleOptions, tr: Any) -> str:
    """The house rules in a few words ("Ramsch, Kontra and Re"; "none (ISkO)")."""
    rules = [tr("contract.ramsch")] if o.ramsch else []
    if o.ramsch and o.schieberamsch:
        rules.append(tr("rules.schieberamsch"))
    if o.kontra:
        rules.append(tr("rules.kontra"))
    if o.bock:
        rules.append(tr("rules.bock"))
    if o.grand_base != 24:
        rules.append(f"{tr('rules.grand_base')} {o.grand_base}")
    return ", ".join(rules) if rules else str(tr("lobby.no_house_rules"))


def list_text(lobby: Lobby, tr: Any) -> str:
    """The list the table plays, in a line: deals, scoring, move timer, house rules."""
    c = lobby.config
    kind = tr("sheet.kind_sf" if c.list_kind == "seeger-fabian" else "sheet.kind_plain")
    timer = tr("timer.seconds", n=c.move_timer) if c.move_timer else tr("timer.off")
    return str(tr("lobby.list", deals=c.deals, kind=kind, timer=timer,
                  rules=rules_text(c.options, tr)))
