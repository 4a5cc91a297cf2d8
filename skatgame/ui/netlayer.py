"""What a network table adds to the table scenes: who is away (and for how long his
seat waits), the connection coming back, the chat (the last lines at the left, a line
to type with T, a mute per player), and the end of the table.

Only a table scene whose list is a :class:`~skatgame.net.remote.RemoteTable` has
one (:func:`layer_for`); a list on this computer never loads the network.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from skatgame.engine.shuffle import fingerprint
from skatgame.ui import theme, widgets
from skatgame.ui.layout import BOTTOM, LEFT
from skatgame.ui.text import draw_text, ellipsize, label_width, wrap_lines

if TYPE_CHECKING:
    from collections.abc import Sequence

    from skatgame.net.protocol import ChatLine, Lobby
    from skatgame.net.remote import RemoteTable
    from skatgame.table.i18n import Tr
    from skatgame.table.settings import Settings
    from skatgame.ui.board import Board
    from skatgame.ui.services import Navigator, Services


class TableView(Protocol):
    """What the layer needs of its table scene."""

    services: Services
    board: Board
    local: Any

    @property
    def nav(self) -> Navigator: ...

    @property
    def tr(self) -> Tr: ...

    @property
    def settings(self) -> Settings: ...

#: seconds a chat line stays at the table
CHAT_SECONDS = 12.0
CHAT_LINES = 5


def layer_for(services: Services, scene: TableView) -> NetLayer | None:
    """The network layer of a table scene (``None``: a list on this computer)."""
    local: Any = scene.local
    if getattr(local, "link", None) is None:
        return None
    return NetLayer(services, scene, local)


class NetLayer:
    """Banners, chat and the end of a network table, over one table scene."""

    def __init__(self, services: Services, scene: TableView, remote: RemoteTable) -> None:
        self.scene = scene
        self.remote = remote
        self.field = widgets.TextField("", services.tr("chat.placeholder"), 200, "chat")
        self.clock = 0.0
        self.ended = False
        self.forgot = False
        self._swallow_t = False
        #: opens the line to type (at the left, above the player's plate)
        self.button = widgets.Button(services.tr("chat.open"), self.open_chat,
                                     key_hint=services.tr("key.chat"),
                                     name="chat")

    # ------------------------------------------------------------ events

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Chat keys (T, in German C, opens the line, Enter sends, Esc drops it); True when used."""
        if self.field.editing:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                               pygame.K_KP_ENTER):
                self.send()
                return True
            if event.type == pygame.TEXTINPUT and self._swallow_t:
                self._swallow_t = False
                if event.text.upper() == self.button.key_hint.upper():
                    return True  # the letter of the key that opened the line
            elif event.type == pygame.TEXTINPUT:
                self._swallow_t = False
            return self.field.handle_event(event)
        if widgets.is_key(event, self.button.key_hint):
            self.open_chat()
            self._swallow_t = True
            return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self.button.handle_event(event) and event.type != pygame.MOUSEMOTION
        return False

    def open_chat(self) -> None:
        L = self.scene.board.layout
        self.field.rect = self.chat_rect(L).copy()
        self.field.rect.height = L.button_h
        self.field.rect.bottom = self.chat_rect(L).bottom
        self.field.begin()

    def send(self) -> None:
        from skatgame.net.protocol import Chat

        self.field.end()
        text = self.field.text.strip()
        self.field.text = ""
        if text:
            self.remote.link.send(Chat(text))

    # ------------------------------------------------------------ the frame

    def update(self, dt: float) -> None:
        """The table ended (closed by its host or server, the connection gone): the
        player is told and back at the menu."""
        self.clock += dt
        remote = self.remote
        if self.ended:
            return
        if remote.resync:  # back at the table: shown as it stands, not played again
            remote.resync = False
            self.scene.board.catch_up()
        if remote.state.totals is not None and not self.forgot:
            from skatgame.net.kept import forget_seat

            self.forgot = True  # the list is over: nothing to continue
            forget_seat(self.scene.services.store, remote.state.code)
        if remote.state.closed is not None or remote.problem or \
                remote.link.status == "failed":
            self.ended = True
            scene = self.scene
            services = scene.services
            message = closed_text(scene.tr, remote)
            remote.close()
            if services.table is remote:
                services.table = None
            scene.nav.reset("menu")
            scene.nav.push("message", title=scene.tr("together.title"), body=message)

    def chat_rect(self, L: Any) -> pygame.Rect:
        """The room for chat: at the left, above the bottom player's plate."""
        plate = L.plate_rect(BOTTOM)
        left = L.plate_rect(LEFT)
        top = left.bottom + L.card_height(L.small_w) + 2 * L.font_small + L.gap
        # up to the hand's first card (ten cards: the most a hand holds in play)
        first = L.hand_slots(10)[0][0] - L.card_w * 0.6
        width = max(L.plate_w, min(round(360 * L.unit), round(first) - L.margin - L.gap))
        # above the plate the player's own speech bubble must stay in sight
        bottom = plate.top - L.gap - round(2.4 * L.font_body) - L.gap
        return pygame.Rect(L.margin, top, width, max(0, bottom - top))

    def draw(self, surface: pygame.Surface) -> None:
        L = self.scene.board.layout  # seated: three or four at the table
        self.draw_banner(surface, L)
        self.draw_chat(surface, L)

    def banner_text(self) -> str:
        """Who is away (the first one), the connection coming back, or the wait for the
        next deal."""
        tr = self.scene.tr
        remote = self.remote
        state = remote.state
        if remote.link.status == "reconnecting":
            return tr("net.reconnecting")
        lobby = state.lobby
        for player, seconds in sorted(state.away.items()):
            name = lobby.places[player].name if lobby is not None and \
                0 <= player < len(lobby.places) else "?"
            if seconds <= 0:
                return tr("net.stand_in", player=name)
            since = state.away_since.get(player, time.monotonic())
            left = max(0, int(seconds - (time.monotonic() - since)))
            return tr("net.waiting", player=name, time=f"{left // 60}:{left % 60:02d}")
        if remote.wants_next and state.table.over:
            return tr("net.waiting_next")
        return ""

    def draw_banner(self, surface: pygame.Surface, L: Any) -> None:
        text = self.banner_text()
        if not text:
            return
        info = L.info_rect()
        size = L.font_body
        text = ellipsize(text, size, L.width - 2 * L.margin - 4 * L.gap, True)
        w = label_width(text, size, True) + 4 * L.gap
        rect = pygame.Rect(0, 0, w, size + 2 * L.gap)
        rect.midtop = (L.width // 2, info.bottom + L.gap)
        invite = self.invitation()
        small = L.font_small
        box: pygame.Rect | None = None
        if invite and self.remote.state.away:  # the host says how to come back
            invite = ellipsize(invite, small, L.width - 2 * L.margin - 4 * L.gap)
            box = pygame.Rect(0, 0, label_width(invite, small) + 3 * L.gap, small + L.gap)
            box.midtop = (L.width // 2, rect.bottom + L.gap // 2)
        self._clear_of_panel(rect, box, L)
        surface.blit(widgets.rounded(rect.size, rect.height // 2, (40, 26, 6, 230),
                                     theme.WARN, 1), rect)
        draw_text(surface, text, size, rect.center, theme.WARN, "center", bold=True)
        if box is not None:
            surface.blit(widgets.rounded(box.size, box.height // 2, (10, 26, 18, 220)), box)
            draw_text(surface, invite, small, box.center, theme.TEXT, "center")

    def _clear_of_panel(self, banner: pygame.Rect, invite: pygame.Rect | None,
                        L: Any) -> None:
        """Move the banner and the invitation under it clear of the scene's open panel
        (the results): what covers the panel's title goes under the panel where there is
        room, else over the panel."""
        panel_of = getattr(self.scene, "open_panel", None)
        panel = panel_of() if panel_of is not None else None
        if panel is None:
            return
        boxes = [banner, *([invite] if invite is not None else [])]
        covering = [b for b in boxes if b.colliderect(panel)]
        if not covering:
            return
        need = sum(b.height for b in covering) + L.gap // 2 * len(covering)
        y = panel.bottom + L.gap // 2 if panel.bottom + need <= L.height - L.margin else \
            panel.top - need
        for b in covering:
            b.top = y
            y = b.bottom + L.gap // 2

    def invitation(self) -> str:
        """At a table this game hosts: the address and code to come back with."""
        hosted = self.remote.hosted
        if hosted is None:
            return ""
        return str(self.scene.tr("net.invite_short", address=f"{hosted.address}:{hosted.port}",
                                 code=self.remote.state.code))

    def draw_chat(self, surface: pygame.Surface, L: Any) -> None:
        """The last chat lines (for a while), names in the accent colour; the line being
        typed under them."""
        area = self.chat_rect(L)
        if area.height <= 0:
            return
        state = self.remote.state
        now = time.monotonic()
        recent = [line for line, at in zip(state.chat, state.chat_at, strict=True)
                  if line.player not in self.remote.muted and now - at < CHAT_SECONDS]
        size = L.font_small
        # the bottom row: the chat button, or the line being typed
        bottom = area.bottom - (L.button_h if self.field.editing else L.tool_h) - L.gap // 2
        if recent:
            lines = chat_lines(recent[-CHAT_LINES:], state.lobby, self.scene.tr,
                               self.scene.settings.language, size, area.width - 2 * L.gap)
            line_h = size + L.gap // 2
            lines = lines[-max(1, (bottom - area.y) // line_h):]
            box = pygame.Rect(area.x, bottom - len(lines) * line_h - L.gap, area.width,
                              len(lines) * line_h + L.gap)
            surface.blit(widgets.rounded(box.size, L.radius, (10, 26, 18, 200)), box)
            y = box.y + L.gap // 2
            for who, text in lines:
                x = box.x + L.gap
                if who:
                    x = draw_text(surface, who + ":", size, (x, y), theme.ACCENT,
                                  bold=True).right + L.gap // 2
                draw_text(surface, ellipsize(text, size, box.right - x - L.gap), size,
                          (x, y), theme.TEXT)
                y += line_h
        if self.field.editing:
            self.field.rect = pygame.Rect(area.x, area.bottom - L.button_h, area.width,
                                          L.button_h)
            self.field.draw(surface, size, self.clock)
            return
        b = self.button
        b.font_size = L.font_small
        b.hint_font = L.font_caption
        b.rect = pygame.Rect(area.x, area.bottom - L.tool_h, L.tool_w, L.tool_h)
        b.draw(surface)


def chat_lines(lines: Sequence[ChatLine], lobby: Lobby | None, tr: Any, language: str,
               size: int, width: int) -> list[tuple[str, str]]:
    """Chat as (who, text) lines fitted to ``width`` (a long line wraps; its
    continuation has no name); a quick phrase in this player's language."""
    from skatgame.net.text import QUICK_PHRASES

    out: list[tuple[str, str]] = []
    for line in lines:
        who = lobby.places[line.player].name if lobby is not None and \
            0 <= line.player < len(lobby.places) else "?"
        if line.quick:
            en_text, de_text = QUICK_PHRASES.get(line.quick, ("…", "…"))
            text = de_text if language == "de" else en_text
        else:
            text = line.text
        name_w = label_width(who + ": ", size, True)
        parts = wrap_lines(text, size, max(40, width - name_w), 4)
        for i, part in enumerate(parts):
            out.append((who if i == 0 else "", str(part)))
    return out


def error_text(tr: Any, code: str, fallback: str) -> str:
    """A refusal from the table in the player's language (the server's words if none)."""
    key = f"net.error.{code}"
    text = str(tr(key))
    return fallback if text == key else text


def closed_text(tr: Any, remote: RemoteTable) -> str:
    """Why the table ended, in the player's language."""
    closed = remote.state.closed
    if closed is not None:
        key = f"net.closed.{closed.reason}"
        text = str(tr(key))
        return closed.message if text == key else text
    if remote.mismatch is not None:
        return str(tr("net.seed_mismatch", n=remote.mismatch.deal + 1,
                      fingerprint=fingerprint(remote.mismatch.commitment)))
    return str(tr("net.failed", error=remote.problem or remote.link.error or "?"))
