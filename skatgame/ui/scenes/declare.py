"""The declare dialog: only legal contracts, each with its value worked out, low ones marked.

Rows are the game kinds (four suits, grand, null); the announcements
(schneider, schwarz, ouvert; only what the rules allow now) are a choice
above them. Each row shows e.g. "with 2, game 3, hand 4 × 12 = 48" and is
marked when that value is below the bid. Keys: up/down choose the game,
left/right the announcement (Tab too), Enter declares, Esc goes back (hand games
only). Where the window is short for large text the games stand in two columns
with their values (left/right then move to the game beside; Tab chooses the
announcement) and the chosen game's value is explained under them, so that the
hand stays in sight.

The dialog sits above the hand (the cards stay in view and undimmed). It
starts on the game the Expert's hint would declare (asked for at once; a
guess from the cards stands until the answer comes; an answer that comes
after the dialog takes input only marks its row, so the selection never moves under
the player), and it takes no input until it has been on
screen for a moment: a second Enter meant for "put away" never declares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from skatgame.engine.actions import Contract, Declare
from skatgame.engine.cards import mask_of
from skatgame.engine.deal import Phase
from skatgame.engine.rules import GameKind
from skatgame.table.hand import likely_game
from skatgame.table.texts import Offer, contract_label, offer
from skatgame.ui import theme, widgets
from skatgame.ui.gate import PANEL_GRACE, InputGate
from skatgame.ui.scene import Overlay, draw_dialog
from skatgame.ui.text import draw_text, ellipsize, label_text, line_height, rich, text_width, wrap

if TYPE_CHECKING:
    from skatgame.ai.player import Suggestion
    from skatgame.table.i18n import Tr
    from skatgame.table.thinker import Ticket
    from skatgame.ui.services import Services
    from skatgame.ui.tablescene import TableScene

ANNOUNCEMENTS = ("none", "schneider", "schwarz", "ouvert")
KINDS = (GameKind.CLUBS, GameKind.SPADES, GameKind.HEARTS, GameKind.DIAMONDS, GameKind.GRAND,
         GameKind.NULL)


def announcement_of(c: Contract) -> str:
    if c.ouvert:
        return "ouvert"
    if c.schwarz:
        return "schwarz"
    if c.schneider:
        return "schneider"
    return "none"


class DeclareDialog(Overlay):
    """Choose the contract. Only legal declarations are offered."""

    name = "declare"
    dim_alpha = 0  # the dialog shades the table above the hand itself

    def __init__(self, services: Services, table: TableScene, hand: bool) -> None:
        self.scene = table
        self.hand = hand
        seat = table.table.to_move
        assert seat is not None
        self.legal = [a.contract for a in table.local.legal_actions()
                      if isinstance(a, Declare) and a.contract.hand == hand]
        self.offers: dict[tuple[str, int], Offer] = {}
        self._make_offers(services.tr)
        cards = table.table.hand_mask(seat)  # the game is guessed from the cards he plays
        self.announcements = [x for x in ANNOUNCEMENTS
                              if any(k[0] == x for k in self.offers)]
        self.ann = 0
        self.row = self._first_row(cards)
        self.chosen_by_player = False
        self.suggested: Contract | None = None  # the Expert's game, once the hint is in
        self.gate = InputGate(PANEL_GRACE)
        self.rows: list[pygame.Rect] = []
        self.ann_rects: list[pygame.Rect] = []
        self.hint_ticket: Ticket[Suggestion] | None = table.local.hint(seat)
        table.board.focus = None  # the keys choose the game now, not a card (no ring there)
        hinted = getattr(table, "hinted_game", None) if not hand else None
        if hinted is not None:  # the discard hint's game: the dialog opens on it
            self._suggest(hinted, move=True)
        super().__init__(services)
        self._poll_hint()

    def leave(self) -> None:
        if self.hint_ticket is not None:
            self.services.workers.cancel([self.hint_ticket])
            self.hint_ticket = None

    def _known_cards(self) -> int:
        """The declarer's cards his game is counted over, as far as he knows them: his
        ten and, once he has put them away, the skat's two (matadors count over all
        twelve); before a hand game only his ten."""
        table = self.scene.table
        if table.to_move is None:
            return 0
        return table.hand_mask(table.to_move) | mask_of(table.skat_cards())

    def _make_offers(self, tr: Tr) -> None:
        """Each legal contract with its value explained, in the current language."""
        table = self.scene.table
        cards = self._known_cards()
        self.offers = {(announcement_of(c), int(c.kind)): offer(
            c, cards, table.bid, tr, table.options.grand_base) for c in self.legal}

    def _first_row(self, cards: int) -> int:
        """The row to start on until the hint answers: a guess from the cards.

        Among the games that reach the bid, the one the cards point to (the
        longest trump suit; a grand only with jacks and aces to show for it).
        """
        from skatgame.engine.cards import cards_of

        ann = self.announcements[self.ann]
        offered = [k for k in KINDS if (ann, int(k)) in self.offers]
        reaching = [k for k in offered if not self.offers[(ann, int(k))].below_bid]
        kind = likely_game(cards_of(cards), reaching or offered)
        return KINDS.index(kind) if kind in KINDS else 0

    def _spoken(self, ann: str) -> str:
        """The game chosen, in words: its name, value and why (read out as it changes)."""
        tr = self.tr
        kind = KINDS[self.row]
        o = self.offers.get((ann, int(kind)))
        words = [] if ann == "none" else [tr(f"declare.ann.{ann}")]
        words.append(label_text(contract_label(Contract.make(kind),
                                               self.settings.deck_style, tr)))
        if o is None:
            words.append(tr("declare.hand_only" if ann != "none" and not self.hand
                            and kind != GameKind.NULL else "declare.not_allowed"))
            return ", ".join(words)
        words += [str(o.value), o.explanation]
        if self.suggested is not None and self.suggested == o.contract:
            words.append(tr("declare.suggested"))
        if o.below_bid:
            words.append(tr("declare.below_bid"))
        return ", ".join(w for w in words if w)

    def _poll_hint(self) -> None:
        """Move to the Expert's game when its answer comes before the dialog takes input
        (unless the player chose); later it is only marked."""
        t = self.hint_ticket
        if t is None or not t.done:
            return
        self.hint_ticket = None
        action = getattr(t.result, "action", None)
        if not isinstance(action, Declare):
            return
        # once the dialog takes input, the selection is the player's: a late hint marks
        # its row (and its announcement's tab) and never moves the choice under a key he
        # is about to press
        self._suggest(action.contract, move=not self.chosen_by_player and not self.gate.open)

    def _suggest(self, c: Contract, *, move: bool) -> None:
        """Mark ``c`` as the Expert's game; ``move``: choose it too."""
        key = (announcement_of(c), int(c.kind))
        if key not in self.offers:
            return
        self.suggested = c
        if move:
            self.ann = self.announcements.index(key[0])
            self.row = KINDS.index(GameKind(c.kind))

    def update(self, dt: float) -> None:
        self._poll_hint()
        for b in self.buttons:  # Declare only while the chosen game may be declared
            if b.name == "declare":
                b.enabled = self.current() is not None
        if self.on_top:
            self.gate.update(dt)
        else:
            self.gate.close()
        # the move timer runs on while the player chooses; when it is out the table decides
        view = self.scene.board
        timer = view.move_timer
        if timer is not None and timer.active and self.services.window.focused:
            view.timer_clock += dt
            if timer.expired:
                self.close()

    def current(self) -> Offer | None:
        return self.offers.get((self.announcements[self.ann], int(KINDS[self.row])))

    # ------------------------------------------------------------ layout

    def relayout(self) -> None:
        L = self.layout
        tr = self.tr
        if self.scene.table.phase in (Phase.SKAT, Phase.DECLARE):
            self._make_offers(tr)  # the language may have changed
        pad = L.gap * 2
        row_h = max(L.font_body + L.gap, round(46 * L.unit))
        ann_h = L.button_h * 4 // 5 if len(self.announcements) > 1 else 0
        height = (pad + L.font_title + L.gap + L.font_small + L.gap + (ann_h + L.gap if ann_h
                  else 0) + len(KINDS) * (row_h + L.gap // 3) + L.gap + L.button_h + pad)
        width = min(L.width - 2 * L.margin, round(760 * L.unit))
        # above the hand, so that the player sees the cards while choosing
        bottom = round(L.hand_base_y - L.card_h / 2 - L.gap)
        self.grid = bottom - L.margin < min(height, round(320 * L.unit))
        if self.grid:  # large text: the games in two columns, the chosen one explained below
            height = self._grid_height(ann_h, pad, 3)
            if height > bottom - L.margin and self._grid_height(ann_h, pad, 1) > \
                    bottom - L.margin:  # no room even so: the whole window, as a list
                self.grid = False
                bottom = L.height - L.margin
        height = min(height, bottom - L.margin)
        rect = pygame.Rect(0, 0, width, height)
        rect.centerx = L.width // 2
        rect.bottom = bottom
        self.rect = rect
        top = rect.y + pad + L.font_title + L.gap + L.font_small + L.gap
        if ann_h:
            n = len(self.announcements)
            room = rect.width - 2 * pad - (n - 1) * (L.gap // 2)
            # each as wide as its word asks and the rest shared alike ("No announcement"
            # whole at large text); alike where the words ask for more than there is
            asks = [text_width(tr(f"declare.ann.{a}"), L.font_small, True) + 2 * L.gap
                    for a in self.announcements]
            spare = room - sum(asks)
            widths = [w + spare // n for w in asks] if spare >= 0 else [room // n] * n
            x = rect.x + pad
            self.ann_rects = []
            for w in widths:
                self.ann_rects.append(pygame.Rect(x, top, w, ann_h))
                x += w + L.gap // 2
            top += ann_h + L.gap
        else:
            self.ann_rects = []
        bar = pygame.Rect(rect.x, rect.bottom - pad - L.button_h, rect.width, L.button_h)
        if self.grid:
            self._layout_grid(top, bar.top - L.gap, pad)
        else:
            self._layout_list(top, bar.top - L.gap, row_h, pad)
        buttons = [widgets.Button(tr("declare.declare"), self.declare, key_hint="Enter",
                                  primary=True, font_size=L.font_body, name="declare")]
        if self.hand:
            buttons.insert(0, widgets.Button(tr("menu.back"), self.back, key_hint="Esc",
                                             font_size=L.font_body, name="back"))
        widgets.row_of_buttons(buttons, bar, L.button_h, L.gap, round(L.button_h * 3.2))
        self.buttons = buttons

    def _cell_h(self) -> int:
        """A game's cell in the two-column form: its name on one line."""
        L = self.layout
        return line_height(L.font_body, True) + L.gap

    def _grid_height(self, ann_h: int, pad: int, lines: int) -> int:
        """The dialog's height in the two-column form with ``lines`` of explanation."""
        L = self.layout
        rows = (len(KINDS) + 1) // 2
        return (pad + L.font_title + L.gap + L.font_small + L.gap + (ann_h + L.gap if ann_h
                else 0) + rows * self._cell_h() + (rows - 1) * (L.gap // 3) + L.gap
                + lines * line_height(L.font_small) + L.gap + L.button_h + pad)

    def _layout_grid(self, top: int, bottom: int, pad: int) -> None:
        """The games in two columns (suits down the left and on, so up/down keep their
        order), the chosen game's explanation under them in the rest of the room."""
        L = self.layout
        rect = self.rect
        rows = (len(KINDS) + 1) // 2
        cell_h = self._cell_h()
        col_w = (rect.width - 2 * pad - L.gap) // 2
        self.rows = [pygame.Rect(rect.x + pad + (i // rows) * (col_w + L.gap),
                                 top + (i % rows) * (cell_h + L.gap // 3), col_w, cell_h)
                     for i in range(len(KINDS))]
        y = self.rows[rows - 1].bottom + L.gap
        self.explanation_rect = pygame.Rect(rect.x + pad, y, rect.width - 2 * pad,
                                            max(0, bottom - y))
        self.name_w = 0

    def _layout_list(self, top: int, bottom: int, row_h: int, pad: int) -> None:
        """One row per game, each with its explanation between its name and its value."""
        L = self.layout
        tr = self.tr
        rect = self.rect
        avail = bottom - top
        row_h = max(12, min(row_h, avail // len(KINDS) - L.gap // 3))
        # the games' names take the room of the longest, the explanations the rest
        style = self.settings.deck_style
        # (and room for the "hint" tag after the Expert's game, so it never meets the values)
        self.name_w = max(rich(contract_label(Contract.make(k), style, tr), L.font_body,
                               theme.TEXT, style, True).get_width()
                          for k in KINDS) + 2 * L.gap \
            + text_width(tr("declare.suggested"), L.font_small, True) + L.gap * 3 // 2
        self.rows = [pygame.Rect(rect.x + pad, top + i * (row_h + L.gap // 3),
                                 rect.width - 2 * pad, row_h) for i in range(len(KINDS))]
        self.explanation_rect = pygame.Rect(0, 0, 0, 0)

    def panel_rect(self) -> pygame.Rect:
        return self.rect

    # ------------------------------------------------------------ actions

    def declare(self) -> None:
        o = self.current()
        if o is None:
            self.services.sound.play("click")
            return
        if self.scene.table.phase not in (Phase.SKAT, Phase.DECLARE):
            self.close()
            return
        self.close()
        self.scene.apply(Declare(o.contract))

    def back(self) -> None:
        if self.hand:
            self.close()

    def close(self) -> None:
        if self.on_top:
            self.nav.pop()
        self.scene.dialog_closed()

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.gate.admits(event):  # pressed before the dialog was there to be read
            return
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_UP, pygame.K_w, pygame.K_DOWN, pygame.K_s, pygame.K_LEFT,
                       pygame.K_a, pygame.K_RIGHT, pygame.K_d, pygame.K_TAB) or \
                    pygame.K_1 <= key <= pygame.K_6:
                self.chosen_by_player = True
            sideways = key in (pygame.K_LEFT, pygame.K_a, pygame.K_RIGHT, pygame.K_d)
            if key in (pygame.K_UP, pygame.K_w):
                self.row = (self.row - 1) % len(KINDS)
            elif key in (pygame.K_DOWN, pygame.K_s):
                self.row = (self.row + 1) % len(KINDS)
            elif sideways and self.grid:  # two columns: to the game beside it
                self.row = (self.row + (len(KINDS) + 1) // 2) % len(KINDS)
            elif key == pygame.K_TAB or sideways:  # the announcement (Tab in both forms)
                back = key in (pygame.K_LEFT, pygame.K_a) or \
                    (key == pygame.K_TAB and bool(event.mod & pygame.KMOD_SHIFT))
                self.ann = (self.ann + (-1 if back else 1)) % len(self.announcements)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.declare()
            elif key == pygame.K_ESCAPE:
                if self.hand:
                    self.back()
                else:
                    self.nav.push("pause")
            elif pygame.K_1 <= key <= pygame.K_6:
                self.row = key - pygame.K_1
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, r in enumerate(self.ann_rects):
                if r.collidepoint(event.pos):
                    self.ann = i
                    self.chosen_by_player = True
                    self.services.sound.play("click")
                    return
            for i, r in enumerate(self.rows):
                if r.collidepoint(event.pos):
                    if self.row == i and (self.announcements[self.ann], int(KINDS[i])) in \
                            self.offers:
                        self.declare()  # a second click on the chosen row declares
                    else:
                        self.row = i
                        self.chosen_by_player = True
                        self.services.sound.play("click")
                    return

    # ------------------------------------------------------------ drawing

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """Shade the table above the hand only: the cards stay bright."""
        L = self.layout
        top = pygame.Rect(0, 0, L.width, min(L.height, self.rect.bottom + L.gap))
        surface.blit(self.services.window.shade_surface(110), (0, 0), top)

    def _explanation_room(self, o: Offer, r: pygame.Rect) -> tuple[int, int]:
        """The width and lines a row ``r`` has for the explanation of its offer ``o``
        (between the game's name and its value; a line less when below the bid)."""
        L = self.layout
        value_w = text_width(str(o.value), L.font_large, True)
        ex = r.x + L.gap + self.name_w
        room = r.height // line_height(L.font_small) - (1 if o.below_bid else 0)
        return max(20, r.right - L.gap - value_w - ex - L.gap), max(1, room)

    def _short_explanations(self, ann: str) -> int:
        """How short every row's explanation must be so that none takes more lines than it
        has: 0 the long form, 1 each announcement said as "announced" alone, 2 the first
        and the last level only ("with 1 up to ouvert 8", large text)."""
        size = self.layout.font_small
        need = 0
        for kind, r in zip(KINDS, self.rows, strict=True):
            o = self.offers.get((ann, int(kind)))
            if o is None or not o.levels:
                continue
            width, room = self._explanation_room(o, r)
            forms = [(o.explanation, o.levels), (o.short, o.short_levels), (o.compact, "")]
            for form, (text, levels) in enumerate(forms[need:], need):
                need = form
                if not text or len(_explanation_lines(text, levels, o.product, size,
                                                      width)) <= room:
                    break
        return need

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        L = self.layout
        tr = self.tr
        rect = self.panel_rect()
        pad = L.gap * 2
        draw_dialog(surface, L, rect, tr("declare.title_hand") if self.hand else
                    tr("declare.title"))
        sub = tr("declare.bid", bid=self.scene.table.bid)
        if not self.hand:  # the second step after putting away, said as such
            sub = f"{tr('skat.prompt_declare')}  ·  {sub}"
        draw_text(surface, sub, L.font_small,
                  (rect.centerx, rect.y + pad + L.font_title + L.gap // 2),
                  theme.TEXT_DIM, "midtop")
        hinted_ann = announcement_of(self.suggested) if self.suggested is not None else None
        for i, r in enumerate(self.ann_rects):
            chosen = i == self.ann
            fill = theme.BUTTON_PRIMARY if chosen else theme.BUTTON
            fg = theme.BUTTON_PRIMARY_TEXT if chosen else theme.TEXT
            # the tab that holds the Expert's game has a thick accent edge
            hinted = self.announcements[i] == hinted_ann
            surface.blit(widgets.rounded(r.size, r.height // 2, fill,
                                         theme.ACCENT if hinted else theme.BUTTON_BORDER,
                                         max(2, L.gap // 4) if hinted else 1), r.topleft)
            text = tr(f"declare.ann.{self.announcements[i]}")
            draw_text(surface, ellipsize(text, L.font_small, r.width - L.gap, True),
                      L.font_small, r.center, fg, "center", bold=True)
        ann = self.announcements[self.ann]
        self.spoken_row = self._spoken(ann)
        if self.grid:
            self._draw_grid(surface, ann)
        else:
            self._draw_list(surface, ann)
        for b in self.buttons:
            b.draw(surface)
        self.scene.draw_timer(surface)

    def _why_not(self, ann: str, kind: GameKind) -> str:
        """Why a game is not offered under ``ann``: suit and grand take announcements
        (ouvert too) only as hand games."""
        return self.tr("declare.hand_only" if ann != "none" and not self.hand
                       and kind != GameKind.NULL else "declare.not_allowed")

    def _draw_cell(self, surface: pygame.Surface, r: pygame.Rect, chosen: bool) -> None:
        L = self.layout
        if chosen:  # a thick edge: told from the thin ring of a focused button
            surface.blit(widgets.rounded(r.size, L.radius, (255, 255, 255, 34),
                                         theme.ACCENT, max(2, round(2 * L.unit))), r.topleft)
        else:
            surface.blit(widgets.rounded(r.size, L.radius, (0, 0, 0, 46)), r.topleft)

    def _draw_tag(self, surface: pygame.Surface, left: int, y: int) -> pygame.Rect:
        """The "hint" tag after the Expert's game, in a frame of its own."""
        L = self.layout
        tag = draw_text(surface, self.tr("declare.suggested"), L.font_small, (left, y),
                        theme.ACCENT, "midleft", bold=True)
        frame = tag.inflate(L.gap, 2)
        surface.blit(widgets.rounded(frame.size, frame.height // 3, (0, 0, 0, 0),
                                     theme.ACCENT, 1), frame)
        return frame

    def _draw_grid(self, surface: pygame.Surface, ann: str) -> None:
        """Large text: each game's name and value in its cell, the chosen one's
        explanation (or why it is not offered) under them."""
        L = self.layout
        tr = self.tr
        style = self.settings.deck_style
        for i, (kind, r) in enumerate(zip(KINDS, self.rows, strict=True)):
            o = self.offers.get((ann, int(kind)))
            self._draw_cell(surface, r, i == self.row)
            label = contract_label(Contract.make(kind), style, tr)
            x = r.x + L.gap
            if o is None:
                lr = draw_text(surface, label, L.font_body, (x, r.centery),
                               theme.BUTTON_DISABLED_TEXT, "midleft", bold=True, style=style)
                why = self._why_not(ann, kind)
                if text_width(why, L.font_small) <= r.right - L.gap - lr.right - L.gap:
                    draw_text(surface, why, L.font_small, (r.right - L.gap, r.centery),
                              theme.BUTTON_DISABLED_TEXT, "midright")
                continue
            lr = draw_text(surface, label, L.font_body, (x, r.centery), theme.TEXT,
                           "midleft", bold=True, style=style)
            vsize = L.font_large if line_height(L.font_large, True) <= r.height \
                else L.font_body
            value = str(o.value)
            value_w = text_width(value, vsize, True)
            draw_text(surface, value, vsize, (r.right - L.gap, r.centery),
                      theme.BAD if o.below_bid else theme.ACCENT, "midright", bold=True)
            if self.suggested is not None and self.suggested == o.contract and \
                    lr.right + L.gap * 5 // 2 + text_width(tr("declare.suggested"),
                                                           L.font_small, True) \
                    <= r.right - L.gap - value_w:
                self._draw_tag(surface, lr.right + L.gap * 3 // 2, r.centery)
        box = self.explanation_rect
        size = L.font_small
        line_h = line_height(size)
        kind = KINDS[self.row]
        o = self.offers.get((ann, int(kind)))
        room = max(1, box.height // line_h)
        # the chosen game named before its value's explanation ("Grand: with 1, game 2 ...")
        name = label_text(contract_label(Contract.make(kind), style, tr))
        if o is None:
            lines = wrap(f"{name}: {self._why_not(ann, kind)}", size, box.width)[:room]
            note = -1
        else:
            room = max(1, room - (1 if o.below_bid else 0))
            forms = [(o.explanation, o.levels), (o.short, o.short_levels), (o.compact, "")]
            lines = []
            for text, levels in forms:
                if text:
                    lines = _explanation_lines(f"{name}: {text}",
                                               f"{name}: {levels}" if levels else "",
                                               o.product, size, box.width)
                    if len(lines) <= room:
                        break
            if len(lines) > room:
                lines = [*lines[:room - 1], ellipsize(" ".join(lines[room - 1:]), size,
                                                      box.width)]
            if self.suggested is not None and self.suggested == o.contract and \
                    len(lines) < room:
                lines.append(tr("declare.suggested"))
            if o.below_bid:
                lines.append(tr("declare.below_bid"))
            note = len(lines) - 1 if o.below_bid else -1
        for i, text in enumerate(lines):
            draw_text(surface, text, size, (box.centerx, box.y + i * line_h),
                      theme.BAD if i == note else theme.TEXT_DIM, "midtop", bold=i == note)
        # the keys, on the last line where the explanation leaves it free
        keys = tr("declare.keys_grid" if len(self.announcements) > 1 else
                  "declare.keys_grid_one")
        if len(lines) < box.height // line_h and text_width(keys, size) <= box.width:
            draw_text(surface, keys, size, (box.centerx, box.bottom - line_h),
                      theme.TEXT_DIM, "midtop")

    def _draw_list(self, surface: pygame.Surface, ann: str) -> None:
        """One row per game: its name, its value explained and the value."""
        L = self.layout
        tr = self.tr
        style = self.settings.deck_style
        short = self._short_explanations(ann)
        for i, (kind, r) in enumerate(zip(KINDS, self.rows, strict=True)):
            o = self.offers.get((ann, int(kind)))
            self._draw_cell(surface, r, i == self.row)
            x = r.x + L.gap
            if o is None:
                label = contract_label(Contract.make(kind), style, tr)
                draw_text(surface, label, L.font_body, (x, r.centery),
                          theme.BUTTON_DISABLED_TEXT, "midleft", bold=True, style=style)
                draw_text(surface, self._why_not(ann, kind), L.font_small,
                          (r.right - L.gap, r.centery), theme.BUTTON_DISABLED_TEXT,
                          "midright")
                continue
            # the announcement is chosen above: the row names the game only
            label = contract_label(Contract.make(kind), style, tr)
            lr = draw_text(surface, label, L.font_body, (x, r.centery), theme.TEXT,
                           "midleft", bold=True, style=style)
            if self.suggested is not None and self.suggested == o.contract:
                self._draw_tag(surface, lr.right + L.gap, r.centery)
            name_w = self.name_w
            value_color = theme.BAD if o.below_bid else theme.ACCENT
            # (rows squeezed by large text: the value a size smaller, clear of the next)
            vsize = L.font_large if line_height(L.font_large, True) <= r.height + L.gap // 3 \
                else L.font_body
            draw_text(surface, str(o.value), vsize, (r.right - L.gap, r.centery),
                      value_color, "midright", bold=True)
            ex = x + name_w
            size = L.font_small
            line_h = line_height(size)
            expl_w, room = self._explanation_room(o, r)
            lines = _explanation_lines(o.explanation, o.levels, o.product, size, expl_w)
            if short == 1:  # too long in some row: each announcement as "announced" alone
                lines = _explanation_lines(o.short, o.short_levels, o.product, size, expl_w)
            elif short == 2 and o.compact:  # and even then: the first and the last level
                lines = _explanation_lines(o.compact, "", o.product, size, expl_w)
            if len(lines) > room:  # never smaller: the last line that fits says "…"
                lines = [*lines[:room - 1], ellipsize(" ".join(lines[room - 1:]), size,
                                                      expl_w)]
            if o.below_bid:
                lines.append(tr("declare.below_bid"))
            y0 = r.centery - line_h * len(lines) // 2
            for i, text in enumerate(lines):
                note = o.below_bid and i == len(lines) - 1
                draw_text(surface, text, size, (ex, y0 + i * line_h),
                          theme.BAD if note else theme.TEXT_DIM, bold=note)


def _explanation_lines(text: str, levels: str, product: str, size: int,
                       width: int) -> list[str]:
    """A value's explanation wrapped to ``width``; when it takes more than a line, the
    levels first and the product ("× 12 = 96") on a line of its own if that takes no
    more lines."""
    lines = wrap(text, size, width, break_words=False)
    if len(lines) > 1 and levels:
        split = [*wrap(levels, size, width, break_words=False), product]
        lines = split if len(split) <= len(lines) else lines
    return lines
