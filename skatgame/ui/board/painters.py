"""The table's painters: the info panel, the name plates, the cards, the captions on
the piles, the speech bubbles and the message line. They draw what the animator
shows (:class:`~skatgame.ui.board.animator.Animator`), never the deal itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from skatgame.engine.cards import CARD_POINTS
from skatgame.engine.rules import GameKind
from skatgame.engine.seats import SEATS
from skatgame.engine.shuffle import fingerprint
from skatgame.table.labels import Label
from skatgame.table.session import PlayerIndex
from skatgame.table.texts import contract_label, role_text
from skatgame.ui import theme, widgets
from skatgame.ui.anim import calm
from skatgame.ui.board.faces import Mood, face_surface, portrait_name
from skatgame.ui.board.sprites import CardSprite
from skatgame.ui.cards.cache import SurfaceCache
from skatgame.ui.layout import BOTTOM, LEFT, RIGHT, TOP, ScreenPos, turned_box
from skatgame.ui.text import (
    NBSP,
    Color,
    blit_text,
    draw_text,
    ellipsize,
    fit_size,
    label_width,
    line_height,
    note_text,
    render,
    text_width,
    wrap,
    wrap_lines,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from skatgame.table.seatview import Token
    from skatgame.ui.board.animator import Animator
    from skatgame.ui.cards.deck import DeckArt
    from skatgame.ui.layout import Layout

#: Card surfaces kept (faces and backs at the sizes and angles drawn of late), by pixels:
#: about 24 MB. A card in motion passes through many sizes and angles; those go first.
SURFACES_KEPT = 6_000_000


class Painter:
    """Draws one animator's table; keeps the card surfaces it drew of late."""

    def __init__(self, board: Animator) -> None:
        self.board = board
        self._surfaces = SurfaceCache(max_pixels=SURFACES_KEPT)
        self._made_with: tuple[DeckArt, int] | None = None
        #: the badges under (the human's: over) the plates drawn last (see
        #: :meth:`draw_hanging_badges`): the plate, the badges (words, quiet), whether over
        self._hanging: list[tuple[pygame.Rect, list[tuple[str, bool]], bool]] = []
        #: the name tags on the trick's cards drawn last (see :meth:`draw_trick_tags`)
        self._trick_tags: list[pygame.Rect] = []

    @property
    def layout(self) -> Layout:
        return self.board.layout

    def relayout(self) -> None:
        """The window's size or the deck may have changed: the cards drawn so far are kept
        only while both are the same (a new scene over the same table keeps them)."""
        made_with = (self.board.services.deck, self.layout.card_w)
        if self._made_with is None or made_with[0] is not self._made_with[0] \
                or made_with[1] != self._made_with[1]:
            self._surfaces.clear()
        self._made_with = made_with

    # ------------------------------------------------------------ cards

    def card_surface(self, card: int | None, face: bool, width: float, angle: float,
                     look: str = "", shadow: bool = True) -> pygame.Surface:
        """A card as drawn: its face (normal, ``dimmed``, ``highlighted``) or its back.

        With ``shadow`` the card lies on a soft shadow, the surface a little larger
        than the card and centred on it (blit it by its centre).
        """
        face = face and card is not None
        wq = max(16, int(round(width / 2) * 2))
        aq = int(round(angle))
        key = (card if face and card is not None else -1, look if face else "", wq, aq, shadow)
        surf = self._surfaces.peek(key)
        if surf is None:
            surf = self._surfaces.put(key, self._card(card, face, wq, aq, look, shadow))
        return surf

    def _card(self, card: int | None, face: bool, wq: int, aq: int, look: str,
              shadow: bool) -> pygame.Surface:
        deck = self.board.services.deck
        native = self.layout.card_w
        if not face or card is None:
            base = deck.back(native)
        elif look == "dimmed":
            base = deck.dimmed(card, native)
        elif look == "highlighted":
            base = deck.highlighted(card, native)
        elif look == "from_skat":  # a dashed edge: told apart from the chosen card's
            base = deck.face(card, native).copy()
            dashed_edge(base, theme.ACCENT, max(3, native // 28), max(4, native // 12))
        else:
            base = deck.face(card, native)
        if base.get_width() != wq:
            base = pygame.transform.smoothscale(
                base, (wq, max(1, round(base.get_height() * wq / base.get_width()))))
        if shadow:
            base = self._with_shadow(base)
        return widgets.fast(pygame.transform.rotozoom(base, aq, 1.0) if aq else base)

    def _with_shadow(self, card: pygame.Surface) -> pygame.Surface:
        """The card on a soft shadow falling down and to the right."""
        w, h = card.get_size()
        pad = max(3, w // 14)
        shade = widgets.shadow((w, h), max(2, w // 12), pad, 70)
        out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        out.blit(shade, (pad // 3, pad // 2))
        out.blit(card, (pad, pad))
        return out

    def draw_cards(self, surface: pygame.Surface) -> None:
        """Every card, in layers, moving ones on top."""
        b = self.board
        shown = b.shown
        dragged = b.sprite_of(b.dragging[0]) if b.dragging is not None else None
        still: list[tuple[tuple[int, int], CardSprite]] = []
        moving: list[CardSprite] = []
        for token, lo in b.layers.items():
            s = b.sprites[token]
            if s is dragged:
                continue
            if s.motion is not None and s.motion.started:
                moving.append(s)
            else:
                still.append((lo, s))
        still.sort(key=lambda t: t[0])
        # of a pile only its top cards at rest (those still waiting in the trick or on
        # their way are drawn where they are, and the pile under them stays in sight)
        pile_tops = {seat: set(self.resting(p)[-3:]) for seat, p in enumerate(shown.piles)}
        pile_of = {t: seat for seat, p in enumerate(shown.piles) for t in p}
        for (layer, _order), s in still:
            if layer == 0 and s.token in pile_of and s.motion is None \
                    and s.token not in pile_tops[pile_of[s.token]]:
                continue
            self._blit(surface, s)
        moving.sort(key=lambda s: s.started)
        for s in moving:
            self._blit(surface, s)
        if dragged is not None:
            self._blit(surface, dragged)

    def resting(self, tokens: Sequence[Token]) -> list[Token]:
        """Those of ``tokens`` (a pile) that lie at their place, not waiting or moving."""
        sprites = self.board.sprites
        return [t for t in tokens if sprites[t].motion is None]

    def _look(self, s: CardSprite) -> str:
        b = self.board
        card = b.shown.faces[s.token]
        if card is None:
            return ""
        if card == b.highlight or card == b.focus:
            return "highlighted"
        if card in b.dimmed:
            return "dimmed"
        if s.token in b.shown.from_skat and card in b.human_hand():
            return "from_skat"
        return ""

    def _blit(self, surface: pygame.Surface, s: CardSprite) -> None:
        card = self.board.shown.faces[s.token]
        surf = self.card_surface(card, s.face, s.w, s.angle, self._look(s))
        dx = s.shake.offset() if s.shake is not None else 0.0
        surface.blit(surf, surf.get_rect(center=(round(s.x + dx), round(s.y))))

    # ------------------------------------------------------------ plates

    def draw_seats(self, surface: pygame.Surface) -> None:
        """Name plates with level, seat role, dealer and declarer marks; the turn glows."""
        b = self.board
        L = self.layout
        tr = b.tr
        shown = b.shown
        to_move = shown.to_move if not b.busy else None
        session = b.session
        self._hanging = []
        for player in session.players:
            if player == session.sitting_out:
                self._draw_sitting_out(surface, player)
                continue
            seat = session.seat_of(player)
            pos = b.screen_pos(player)
            rect = L.plate_rect(pos)
            active = seat == b.thinking or (to_move == seat and session.is_human(seat))
            if active:
                spread = L.gap
                g = widgets.glow(rect.size, L.radius, theme.ACCENT, spread)
                surface.blit(g, (rect.x - spread, rect.y - spread))
            widgets.draw_panel(surface, rect, theme.PLATE,
                               theme.ACCENT if active else theme.PANEL_BORDER, L.radius,
                               2 if active else 1)
            pad = L.gap
            name = session.name_of(seat)
            level = session.levels[session.player_of(seat)]
            tx = rect.x + self._draw_face(surface, pos, name, level, b.mood_of(seat))
            second = role = role_text(seat, tr)
            if not b.show_levels:
                pass
            elif level is not None and pos != BOTTOM:
                both = f"{tr('level.' + level)} · {second}"
                # the plate across is narrow in a small window: there the seat's role alone
                # (who bids to whom matters at the table; the level was chosen in New list)
                if pos != TOP or text_width(both, L.font_small) <= rect.right - tx - 2 * pad:
                    second = both
            elif level is not None:
                second = f"{tr('table.computer')} · {second}"
            # the top line: the name, the thinking dots after it, a badge at the right
            right = rect.right - pad // 2
            tag = ""
            dealer = seat == session.dealer_seat
            contract = shown.contract
            if seat == shown.declarer and contract is not None and \
                    contract.kind != GameKind.RAMSCH:
                tag = tr("game.declarer")
            elif dealer and shown.declarer is None:
                tag = tr("seat.dealer")
                dealer = False  # the full word says it
            dots_w = self._dots_width() if level is not None else 0
            second_w = rect.right - tx - 2 * pad
            second_right = right  # where the second line's marks end
            # with large text a badge that has no room beside the name hangs under the
            # plate: on the second line it pushed the level and the role off (issue 28)
            hang = L.scale > 1 and pos != BOTTOM
            hung: list[tuple[str, bool]] = []
            if tag:
                bw, bh = self._badge_size(tag)
                room = right - bw - pad // 2 - tx - pad - dots_w
                if hang and room < text_width(name, L.font_body, True):
                    hung.append((tag, False))
                    tag = ""
                elif L.scale > 1 and pos == BOTTOM and room < text_width(
                        name, L.font_body, True) and self._stand_over(rect, tag, False):
                    tag = ""  # (the human's name was cut to "Ma…" beside it)
                elif room < min(text_width(name, L.font_body, True), L.font_body * 3):
                    # a narrow plate: the badge goes down to the second line, the name keeps
                    # the top line (the badge shortened to the plate when even that is narrow,
                    # as with large text)
                    most = rect.right - tx - 2 * pad
                    if bw > most:
                        size = L.font("badge")
                        tag = ellipsize(tag, size, most - (bw - text_width(tag, size, True)),
                                        True)
                        bh = self._badge_size(tag)[1]
                    badge = self._draw_badge(surface, tag, (right, rect.bottom - pad // 2 - bh))
                    second_right = badge.left - pad // 2
                    second_w = second_right - tx - pad
                else:
                    badge = self._draw_badge(surface, tag, (right, rect.y + pad // 2))
                    right = badge.left - pad // 2
            word = tr("seat.dealer")
            if dealer and not tag and right - self._badge_size(word)[0] - pad // 2 - tx - pad \
                    - dots_w >= text_width(name, L.font_body, True):
                # where the badge stood in the auction, quiet now (the name stays whole)
                right = self._draw_badge(surface, word, (right, rect.y + pad // 2),
                                         quiet=True).left - pad // 2
                dealer = False
            chip_tag = self._dealer_chip(role, second_right - tx - pad) if dealer else ""
            if dealer and not chip_tag and hang:
                hung.append((word, True))
            elif dealer and not chip_tag and pos == BOTTOM:
                self._stand_over(rect, word, True)  # (the human's plate, a long name)
            if chip_tag:
                # the dealer stays known the whole deal: a small chip (where it fits)
                bh = self._badge_size(chip_tag)[1]
                chip = self._draw_badge(surface, chip_tag,
                                        (second_right, rect.bottom - pad // 2 - bh), quiet=True)
                second_w = chip.left - pad // 2 - tx - pad
            name_w = right - tx - pad - dots_w
            beside = self._role_beside_name(role, (second, role), rect, name, name_w,
                                            second_w, rect.right - tx - 2 * pad)
            # (the low plate across at four with large text: a badge that leaves the role
            # no room takes the line alone, the info panel beside it names the declarer)
            crowded = L.big_four and pos == TOP and tag != "" and \
                text_width(role, L.font_small) > second_w
            if second_w >= L.font_small * 2 and not beside and not crowded:
                self._draw_second(surface, (second, role), rect, tx + pad, second_w,
                                  rect.right - tx - 2 * pad)
            name_rect = draw_text(surface, ellipsize(name, L.font_body, name_w, True),
                                  L.font_body, (tx + pad, rect.y + pad * 0.5),
                                  theme.TEXT, bold=True)
            if beside:
                draw_text(surface, role, L.font_small,
                          (name_rect.right + max(pad, dots_w), name_rect.centery + 1),
                          theme.TEXT_DIM, "midleft")
            if seat == b.thinking:
                self._draw_thinking(surface, name_rect)
            if hung:
                self._hanging.append((rect, hung, False))

    def _stand_over(self, rect: pygame.Rect, words: str, quiet: bool) -> bool:
        """Whether a badge can stand on the upper edge of the human's plate ``rect`` at its
        right, clear of his portrait (and of another badge there): it is noted to be drawn
        there (see :meth:`draw_hanging_badges`)."""
        bw, bh = self._badge_size(words)
        over = pygame.Rect(rect.right - self.layout.gap // 2 - bw, rect.top - bh, bw, bh)
        if over.colliderect(self.bottom_face_rect()) or \
                any(r == rect and up for r, _b, up in self._hanging):
            return False
        self._hanging.append((rect, [(words, quiet)], True))
        return True

    def draw_hanging_badges(self, surface: pygame.Surface) -> None:
        """The badges that hang under their plates (large text, see :meth:`draw_seats`):
        over the player's face-down cards, at the plate's right, the one after the other
        towards its left (under the first where they do not both fit the plate's width);
        the human's stands on his plate's upper edge."""
        L = self.layout
        join = max(2, L.gap // 3)  # (the badge overlaps the plate's edge: it belongs to it)
        for rect, badges, over in self._hanging:
            right, top = rect.right - L.gap // 2, rect.bottom - join
            for words, quiet in badges:
                bw, bh = self._badge_size(words)
                if over:
                    top = rect.top - bh + join
                if right - bw < rect.left:
                    right, top = rect.right - L.gap // 2, top + bh + max(2, L.gap // 3)
                right = self._draw_badge(surface, words, (right, top), quiet).left - L.gap // 2

    def _dealer_chip(self, role: str, room: int) -> str:
        """The dealer's chip for a second line ``room`` wide: the full word ("Dealer",
        "Geber") where it leaves the seat's role whole beside it, else nothing (a bare
        "D" or "G" said nothing to a newcomer; with large text the word hangs under the
        plate instead)."""
        L = self.layout
        word = self.board.tr("seat.dealer")
        if self._badge_size(word)[0] + L.gap // 2 + text_width(role, L.font_small) <= room:
            return word
        return ""

    def _role_beside_name(self, role: str, texts: tuple[str, str], rect: pygame.Rect,
                          name: str, name_w: int, width: int, full: int) -> bool:
        """Whether the seat's role goes up beside the name: a badge took the second line
        (``width`` left of ``full``), no text fits whole beside it nor over it (no room
        for a line over the badge: a narrow plate across at four, "Ben  Hinterhand" over
        "Alleinspieler"), and the role fits whole after the name and its thinking dots."""
        L = self.layout
        size = L.font_small
        if width >= full or any(text_width(t, size) <= width for t in texts):
            return False
        room = rect.bottom - L.gap * 0.6 - (rect.y + L.gap * 0.5 +
                                            line_height(L.font_body, True))
        if room // line_height(size) >= 2:  # a line over the badge: the role goes there
            return False
        return text_width(name, L.font_body, True) + L.gap + text_width(role, size) <= name_w

    def _draw_second(self, surface: pygame.Surface, texts: tuple[str, str],
                     rect: pygame.Rect, x: int, width: int, full: int) -> None:
        """A plate's second line at its foot from ``x``, ``width`` wide (``full`` over
        it): the first of ``texts`` (level and seat role, then the role alone) that fits,
        wrapped onto the room under the name when it is too long for one line (large
        text); the last one cut short when none fits."""
        L = self.layout
        pad = L.gap
        size = L.font_small
        bottom = rect.bottom - pad * 0.6
        room = bottom - (rect.y + pad * 0.5 + line_height(L.font_body, True))
        most = max(1, int(room // line_height(size)))
        lines: list[str] = []
        for text in texts:
            lines = wrap(text, size, full, break_words=False)
            parts = text.split(" · ")
            if len(lines) > 1 and len(parts) == len(lines) \
                    and all(text_width(p, size) <= full for p in parts):
                lines = parts  # "Expert" over "Middlehand", not "Expert ·" over the rest
            if any(text_width(line, size) > full for line in lines):
                continue  # a word longer than the plate: the next text
            if len(lines) <= most and text_width(lines[-1], size) <= width:
                break  # the last line beside a badge, the others over it
            if len(lines) < most:
                lines.append("")  # the badge's line left to it
                break
        else:
            lines = [str(line) for line in wrap_lines(texts[-1], size, width, most)]
        for line in reversed(lines):
            if not line:
                bottom -= line_height(size)
                continue
            bottom = draw_text(surface, line, L.font_small, (x, bottom), theme.TEXT_DIM,
                               "bottomleft").top

    def _draw_sitting_out(self, surface: pygame.Surface, player: PlayerIndex) -> None:
        """The plate of the dealer at a table of four: a "deals" badge, no cards."""
        b = self.board
        L = self.layout
        tr = b.tr
        session = b.session
        pos = b.screen_pos(player)
        rect = L.plate_rect(pos)
        widgets.draw_panel(surface, rect, theme.PLATE, theme.PANEL_BORDER, L.radius, 1)
        pad = L.gap
        level = session.levels[player]
        tx = rect.x + self._draw_face(surface, pos, session.names[player], level, Mood.IDLE)
        if level is None:
            second = tr("table.sits_out")
        elif pos == BOTTOM:
            second = f"{tr('table.computer')} · {tr('table.sits_out')}"
        else:
            second = f"{tr('level.' + level)} · {tr('table.sits_out')}"
        width = rect.right - tx - 2 * pad
        self._draw_second(surface, (second, tr("table.sits_out")), rect, tx + pad, width,
                          width)
        badge = self._draw_badge(surface, tr("seat.deals"), (rect.right - pad // 2,
                                                             rect.y + pad // 2))
        name_w = badge.left - pad // 2 - tx - pad
        draw_text(surface, ellipsize(session.names[player], L.font_body, name_w,
                                     True),
                  L.font_body, (tx + pad, rect.y + pad * 0.5), theme.TEXT_DIM,
                  bold=True)
        if level is None:  # the human watches: say so where his hand would be
            draw_text(surface, tr("table.you_sit_out"), L.font_body,
                      (L.width // 2, round(L.hand_base_y)), theme.TEXT, "center",
                      bold=True)

    def _draw_face(self, surface: pygame.Surface, pos: ScreenPos, name: str,
                   level: str | None, mood: Mood) -> int:
        """The player's portrait: beside his plate towards the table's middle where the
        room is (the players left and right, by the info panel), the human's above his
        plate, else at the left inside the plate; returns the room it takes in the plate
        (none in one too small)."""
        L = self.layout
        plate = L.plate_rect(pos)
        pad = L.gap
        name = portrait_name(name, level)
        if pos in (LEFT, RIGHT):
            size = plate.height
            info = L.info_rect()
            room = info.left - plate.right if pos == LEFT else plate.left - L.middle_right()
            if room >= size + 2 * pad:
                x = plate.right + pad if pos == LEFT else plate.left - pad - size
                surface.blit(face_surface(name, level, mood, size),
                             (x, plate.centery - size // 2))
                return 0
        if pos == BOTTOM:  # above his own plate at the left (the plate is narrow)
            face = self.bottom_face_rect()
            surface.blit(face_surface(name, level, mood, face.width), face)
            return 0
        size = plate.height - pad
        if size < 24 or plate.width < size * 3 or L.big_four:
            return 0  # (the low plate across at four with large text keeps its room for words)
        surface.blit(face_surface(name, level, mood, size),
                     (plate.x + pad // 2, plate.centery - size // 2))
        return size + pad // 2

    def bottom_face_rect(self) -> pygame.Rect:
        """Where the human's face is: above his plate, at its left."""
        plate = self.layout.plate_rect(BOTTOM)
        size = self.bottom_face_size()
        return pygame.Rect(plate.x, plate.top - self.layout.gap // 2 - size, size, size)

    def bottom_face_size(self) -> int:
        """How large the human's face above his plate is."""
        return round(self.layout.plate_h * 0.9)

    def _badge_size(self, tag: str) -> tuple[int, int]:
        """The size of the pill :meth:`_draw_badge` draws for ``tag``."""
        L = self.layout
        t = render(tag, L.font("badge"), theme.BUTTON_PRIMARY_TEXT, True)
        w, h = t.get_rect().inflate(L.gap, L.gap // 3).size
        return w, h

    def _draw_badge(self, surface: pygame.Surface, tag: str,
                    topright: tuple[int, int], quiet: bool = False) -> pygame.Rect:
        """A gold pill with ``tag`` (Declarer, Dealer) at ``topright``; returns its rect.
        ``quiet``: a gold ring on the plate's colour instead (the dealer's chip in play)."""
        L = self.layout
        size = L.font("badge")
        t = render(tag, size, theme.ACCENT if quiet else theme.BUTTON_PRIMARY_TEXT, True)
        pill = t.get_rect().inflate(L.gap, L.gap // 3)
        pill.width = max(pill.width, pill.height)
        pill.topright = topright
        if quiet:
            surface.blit(widgets.rounded(pill.size, pill.height // 2, theme.PLATE,
                                         theme.ACCENT, 1), pill)
        else:
            surface.blit(widgets.rounded(pill.size, pill.height // 2, theme.ACCENT), pill)
        blit_text(surface, t, t.get_rect(center=pill.center), tag, size)
        return pill

    def _dots_width(self) -> int:
        """The room the thinking dots take after a name."""
        return max(2, round(self.layout.unit * 3)) * 11

    def _draw_thinking(self, surface: pygame.Surface, name: pygame.Rect) -> None:
        """Three dots pulsing in turn after the name: a computer player is thinking."""
        r = max(2, round(self.layout.unit * 3))
        x0 = name.right + r * 3
        for i in range(3):
            phase = (self.board.clock * 2.2 - i * 0.25) % 1.0
            # with motion reduced the dots stand still, fully lit
            k = 1.0 if calm() else 0.35 + 0.65 * max(0.0, 1 - abs(phase - 0.5) * 3)
            color = theme.blend(theme.PANEL_BORDER, theme.ACCENT, k)
            pygame.draw.circle(surface, color, (x0 + i * r * 3, name.centery + r), r)
        # the dots stand for a word ("thinking"): they are a text box of their own
        note_text(surface, "…", pygame.Rect(x0 - r, name.centery, r * 8, r * 2),
                  self.layout.font_caption)

    # ------------------------------------------------------------ words on the table

    def draw_bubbles(self, surface: pygame.Surface,
                     keep_clear: pygame.Rect | None = None) -> None:
        """The speech bubbles; an opponent's steps down below ``keep_clear`` (a message)
        and below another's bubble it would cover. With large text a bubble that has no
        room there (it would reach the words over the action bar) waits for the message
        to go."""
        b = self.board
        L = self.layout
        style = b.services.settings.deck_style
        floor = self.words_floor()
        placed: list[pygame.Rect] = []
        # the one across last: his bubble below his cards may step aside for the others'
        for seat, (speech, until) in sorted(b.bubbles.items(),
                                            key=lambda item: b.pos_of(item[0]) == TOP):
            label = b.bubble_label(speech)
            size = L.font_body
            pos = b.pos_of(seat)
            width = widgets.bubble(label, L.font_body, "down", style)[0].get_width() \
                if pos == TOP else 0
            (ax, ay), side = L.bubble_anchor(pos, width, bool(b.shown.skat))
            if pos == BOTTOM:  # clear of his own portrait: over it where it would cover it
                surf, tip = widgets.bubble(label, L.font_body, side, style)
                face = self.bottom_face_rect()
                if surf.get_rect(topleft=(ax - tip[0], ay - tip[1])).colliderect(face):
                    ax, ay = face.centerx, face.top - L.gap // 2
            if pos != BOTTOM:
                surf, tip = widgets.bubble(label, L.font_body, side, style)
                body = surf.get_rect(topleft=(ax - tip[0], ay - tip[1]))
                if keep_clear is not None and body.colliderect(keep_clear):
                    below = keep_clear.bottom + L.gap // 2 + tip[1]
                    if L.scale > 1 and body.bottom + below - ay > floor:
                        continue  # no room under the message: the words wait for it to go
                    body.move_ip(0, below - ay)
                    ay = below
                if pos == TOP and L.big_four:  # left of his piles' captions (his skat)
                    pills = [pill for _w, _t, pill in self.pile_captions()]
                    hit = body.collidelist(pills)
                    if hit >= 0:
                        dx = pills[hit].left - L.gap // 2 - body.right
                        body.move_ip(dx, 0)
                        ax += dx
                other = body.collidelist(placed)
                if pos == TOP and L.scale > 1 and other >= 0:
                    # under another's bubble his tail pointed at it (it read as that
                    # one's): along under his row, clear of it, over the skat if need be
                    # (a size smaller where it has not the room)
                    for fit in (L.font_body, L.font_small):
                        surf, tip = widgets.bubble(label, fit, side, style)
                        small = surf.get_rect(topleft=(ax - tip[0], ay - tip[1]))
                        slide = self._slide_under_row(small, ax, placed)
                        if slide is not None:
                            body, size, other = small.move(slide, 0), fit, -1
                            ax += slide
                            break
                if L.scale > 1 and other >= 0:
                    shift = self._step_aside(body, placed[other], placed, side, floor)
                    body.move_ip(shift)
                    ax, ay = ax + shift[0], ay + shift[1]
                placed.append(body)
            alpha = 255
            if until is not None and until - b.clock < 0.3 and not self._over_tags(
                    widgets.bubble(label, size, side, style), (ax, ay)):
                alpha = max(0, round(255 * (until - b.clock) / 0.3))
            widgets.draw_bubble(surface, label, size, side, (ax, ay), style, alpha)

    def _over_tags(self, bubble: tuple[pygame.Surface, tuple[int, int]],
                   anchor: tuple[int, int]) -> bool:
        """Whether a bubble (its surface and tip) pointing at ``anchor`` lies over a name
        tag on the table (a card's in the trick, a pile's caption): such a bubble does not
        fade, it stays whole over the tag till it goes (fading, the tag showed through it,
        as if drawn over it: two words on one another)."""
        surf, tip = bubble
        body = surf.get_rect(topleft=(anchor[0] - tip[0], anchor[1] - tip[1]))
        tags = self._trick_tags + [pill for _w, _t, pill in self.pile_captions()]
        return body.collidelist(tags) >= 0

    def _slide_under_row(self, body: pygame.Rect, tip_x: int,
                         placed: list[pygame.Rect]) -> int | None:
        """How far the bubble of the player across slides sideways to clear the bubbles
        ``placed`` while its tail still points up at his row (plate over cards); ``None``
        when it cannot."""
        L = self.layout
        row = L.top_row_rect()  # (his plate over his cards)
        lo, hi = row.left + L.gap, row.right - L.gap
        moves = sorted({other.left - L.gap // 2 - body.right for other in placed} |
                       {other.right + L.gap // 2 - body.left for other in placed}, key=abs)
        for dx in moves:
            moved = body.move(dx, 0)
            if lo <= tip_x + dx <= hi and L.margin <= moved.left and \
                    moved.right <= L.width - L.margin and moved.collidelist(placed) < 0 \
                    and not moved.colliderect(L.info_rect()):
                return dx
        return None

    def _step_aside(self, body: pygame.Rect, other: pygame.Rect, placed: list[pygame.Rect],
                    side: str, floor: int) -> tuple[int, int]:
        """How far a bubble steps from another's it would cover (large text): under it
        where there is room above ``floor``, else (one below the cards across) beside it,
        clear of every bubble; (0, 0) when neither fits."""
        L = self.layout
        down = other.bottom + L.gap // 2 - body.top
        if body.bottom + down <= floor:
            return (0, down)
        if side == "down":
            for dx in (other.left - L.gap // 2 - body.right, other.right + L.gap // 2 - body.left):
                moved = body.move(dx, 0)
                if L.margin <= moved.left and moved.right <= L.width - L.margin and \
                        moved.collidelist(placed) < 0:
                    return (dx, 0)
        return (0, 0)

    def words_floor(self) -> int:
        """The lowest an opponent's bubble or a message may reach with large text: above
        the prompt (and the bidding helper's line) over the action bar."""
        L = self.layout
        return L.words_top() - L.gap // 2

    def side_points(self) -> tuple[int, int]:
        """Card points in the displayed piles: (declarer's side, defenders)."""
        shown = self.board.shown
        d = shown.declarer
        decl = shown.pile_points(d) if d is not None else 0
        total = sum(shown.pile_points(s) for s in SEATS)
        return decl, total - decl

    def draw_info(self, surface: pygame.Surface, show_points: bool) -> None:
        """The panel at the top centre: deal number, bidding, the game and the points."""
        b = self.board
        L = self.layout
        tr = b.tr
        shown = b.shown
        rect = L.info_rect()
        widgets.draw_panel(surface, rect, theme.PANEL, theme.PANEL_BORDER, L.radius)
        pad = L.gap
        s = b.session
        planned = s.planned_deals
        deal_text = tr("table.deal_of", n=s.deal_number, total=planned) if planned else \
            tr("table.deal_n", n=s.deal_number)
        if b.header is not None:
            deal_text = b.header(tr)
        if shown.multiplier > 1:
            deal_text += f" · {tr('game.bock')}"
        if s.replay:
            deal_text = tr("practice.deal")
        elif s.practice:
            deal_text += f" · {tr('practice.badge')}"
        # within the panel (a lesson's long title at large text touched its edge): the
        # caption size, then without its last parts ("Lektion 2 von 8"), then cut
        room, dsize = rect.width - 2 * pad, L.font_small
        if text_width(deal_text, dsize) > room:
            dsize = L.font_caption
        while text_width(deal_text, dsize) > room and " · " in deal_text:
            deal_text = deal_text.rsplit(" · ", 1)[0]
        box = draw_text(surface, ellipsize(deal_text, dsize, room), dsize,
                        (rect.x + pad, rect.y + pad * 0.6), theme.TEXT_DIM)
        committed = s.deal_commitment()
        if committed is not None:  # the seal: the cards were fixed before the deal
            seal = tr("table.seal", fingerprint=fingerprint(committed))
            if box.right + pad + text_width(seal, L.font_small) <= rect.right - pad:
                draw_text(surface, seal, L.font_small, (rect.right - pad, box.y),
                          theme.TEXT_DIM, "topright")
        style = b.services.settings.deck_style
        c = shown.contract
        main: Label
        if c is None:
            if shown.passed_in:
                main = tr("auction.all_passed")
            elif shown.declarer is None:
                main = tr("table.bidding", value=shown.auction_value) if shown.auction_value \
                    else tr("table.auction")
            else:
                main = s.about(tr, "table.plays_for", shown.declarer, bid=shown.bid)
        elif c.kind == GameKind.RAMSCH:
            main = tr("contract.ramsch")
        else:
            main = contract_label(c, style, tr)
        msize = L.font_large
        if L.big_four and label_width(main, msize, True, style) > rect.width - 2 * pad:
            msize = L.font_body  # the narrower panel beside the player across
        # (at four with large text the panel's last line may take two lines: the game a
        # little higher)
        cy = rect.centery - (L.font_caption // 2 if L.big_four else 0)
        room = rect.width - 2 * pad
        if isinstance(main, str) and c is None and text_width(main, msize, True) > room:
            # nothing under it ("Everyone passed" in the narrow panel at four): two lines
            # below the deal's, a size smaller where they need it, before it is cut
            for size in (msize, L.font_body, L.font_small):
                lines = wrap(main, size, room, True, break_words=False)
                if len(lines) <= 2 and 2 * line_height(size, True) <= rect.bottom - box.bottom \
                        and all(text_width(x, size, True) <= room for x in lines):
                    y = (box.bottom + rect.bottom) / 2 - line_height(size, True) * (
                        len(lines) / 2 - 0.5)
                    for line in lines:
                        draw_text(surface, line, size, (rect.centerx, y), theme.TEXT,
                                  "center", bold=True, style=style)
                        y += line_height(size, True)
                    main = ""
                    break
        if isinstance(main, str):
            main = ellipsize(main, msize, room, True)
        if main:
            draw_text(surface, main, msize, (rect.centerx, cy + pad * 0.1),
                      theme.TEXT, "center", bold=True, style=style)
        bottom = []
        if c is not None and c.kind != GameKind.RAMSCH and shown.declarer is not None:
            bottom.append(tr("table.declarer_bid", player=s.name_of(shown.declarer),
                             bid=shown.bid))
            if shown.kontra:
                bottom.append(tr("game.re") if shown.kontra == 2 else tr("game.kontra"))
        if show_points and c is not None:
            result = shown.result
            if c.kind == GameKind.RAMSCH:
                if result is not None and not result.passed:  # as the results: with the skat
                    pts = list(result.points)
                    bottom.append(" · ".join(f"{s.name_of(i)} {pts[i]}" for i in SEATS))
                else:
                    pts = [shown.pile_points(i) for i in SEATS]
                    bottom.append(tr("table.ramsch_points", points=" · ".join(
                        f"{s.name_of(i)} {pts[i]}" for i in SEATS)))
            elif c.kind != GameKind.NULL:
                if result is not None and not result.passed:  # the skat is counted now
                    a = result.declarer_points
                    bottom.append(tr("table.points_final", declarer=a, defenders=120 - a))
                else:
                    a, d = self.side_points()
                    aside = [x for x in (shown.faces[t] for t in shown.aside) if x is not None]
                    if shown.declarer is not None and s.is_human(shown.declarer) \
                            and not c.hand and aside:
                        # the human laid the skat away himself: he knows its points
                        skat = sum(CARD_POINTS[x] for x in aside)
                        bottom.append(tr("table.points_skat", declarer=a, defenders=d,
                                         skat=skat))
                    else:
                        bottom.append(tr("table.points", declarer=a, defenders=d))
        if bottom:
            text = "  ·  ".join(bottom)
            room = rect.width - 2 * pad
            sizes = (L.font_small, L.font_caption)
            lines = [text]
            if L.big_four and text_width(text, sizes[-1]) > room:
                # two lines in the narrow panel: the points under the declarer and his bid
                lines = ["  ·  ".join(bottom[:-1]), bottom[-1]] if len(bottom) > 1 else []
                if any(text_width(line, sizes[-1]) > room for line in lines) or not lines:
                    whole = text.replace(" : ", f"{NBSP}:{NBSP}")  # (a score stays whole)
                    lines = [str(line) for line in wrap_lines(whole, sizes[-1], room, 2)]
            size = min(fit_size(line, sizes, room)[1] for line in lines)
            lines = [fit_size(line, (size,), room)[0] for line in lines]
            y = rect.bottom - pad * 0.6
            for line in reversed(lines):
                y = draw_text(surface, line, size, (rect.centerx, y), theme.TEXT_DIM,
                              "midbottom").top

    def draw_pile_captions(self, surface: pygame.Surface) -> None:
        """A small caption on each face-down stack: the skat laid aside, and every
        player's won tricks (with their number), so that the two are never mixed up."""
        L = self.layout
        for words, t, pill in self.pile_captions():
            surface.blit(widgets.rounded(pill.size, pill.height // 2, theme.PLATE,
                                         theme.PANEL_BORDER, 1), pill)
            blit_text(surface, t, t.get_rect(center=pill.center), words, L.font_caption,
                      box=pill)

    def pile_captions(self) -> list[tuple[str, pygame.Surface, pygame.Rect]]:
        """The captions of the face-down stacks: words, their surface and their pill."""
        b = self.board
        L = self.layout
        tr = b.tr
        shown = b.shown
        stacks: list[tuple[str, tuple[float, float, float], int]] = []
        for seat in SEATS:
            # the tricks that lie on the pile: the caption comes with the cards, never
            # before them (a trick waiting in the middle is not on the pile yet)
            pile = self.resting(shown.piles[seat])
            if len(pile) >= 3:  # whose they are: beside the skat two piles lie close
                n = len(pile) // 3
                key = "table.pile_tricks.one" if n == 1 else "table.pile_tricks"
                stacks.append((tr(key, owner=b.session.name_of(seat), n=n),
                               L.pile_slot(b.pos_of(seat)), len(pile)))
        if shown.aside:
            pos = None if shown.declarer is None else b.pos_of(shown.declarer)
            stacks.append((tr("table.pile_skat"), L.aside_slot(pos), 0))
        size = L.font_caption
        lo, hi = L.margin // 2, L.width - L.margin // 2  # the window, a little in
        apart = max(6, L.gap // 2 + 3)  # a gap that shows between the pills' borders
        placed: list[tuple[str, pygame.Surface, pygame.Rect]] = []
        for words, (x, y, _a), n in stacks:
            # the label sits on the lower edge of the stack (the pile leans up-left)
            t = render(words, size, theme.TEXT, True)
            pill = t.get_rect().inflate(max(L.gap * 0.8, t.get_height() * 0.5), 2)
            pill.midbottom = (round(x - n * 0.35 / 2), round(y + L.pile_w / 2 + pill.height / 3))
            # a caption wider than its stack (large text) stays inside the window, and the
            # skat's and the tricks' captions side by side keep a clear gap: the one on
            # the right moves towards the window's edge first, then the left one aside
            pill.x = max(lo, min(pill.x, hi - pill.width))
            for _w, _t, other in placed:
                if not pill.inflate(2 * apart, 0).colliderect(other):
                    continue
                left, right = (pill, other) if pill.centerx < other.centerx else (other, pill)
                need = left.right + apart - right.left
                right.x += min(need, max(0, hi - right.right))
                left.right = min(left.right, right.left - apart)
            placed.append((words, t, pill))
        # under the results panel's edge a caption would show cut off
        return [(w, t, pill) for w, t, pill in placed
                if b.covered is None or not pill.colliderect(b.covered)]

    def draw_trick_tags(self, surface: pygame.Surface) -> None:
        """At four, a small tag with the player's name on each card of the trick that
        another player played (at three each card lies towards its player; at four the
        card of the player across lies in the middle among the others): under the card
        (above it, towards him, for the player across, whose card the human's covers
        below); with large text, in the trick's low row, above each card, where the tag fits
        between the cards and the row of the player across (a tag is left out where it would
        touch that row, the words over the buttons or another tag, never cut short)."""
        b = self.board
        L = self.layout
        placed: list[pygame.Rect] = []
        self._trick_tags = placed
        if not L.four:
            return
        size = L.font_caption
        ceiling = L.top_row_rect().bottom
        floor = L.action_bar().top - L.gap // 2 - round(1.1 * L.font_body)
        for seat, t in b.shown.trick:
            pos = b.pos_of(seat)
            s = b.sprites.get(t)
            if pos == BOTTOM or s is None or (s.motion is not None and s.motion.started):
                continue  # his own card, or one on its way
            box = turned_box(s.x, s.y, s.w, L.card_height(s.w), s.angle)
            words = b.session.name_of(seat)
            t_surf = render(words, size, theme.TEXT, True)
            pill = t_surf.get_rect().inflate(L.gap * 0.8, 2)
            above = pill.move(round(s.x) - pill.centerx, box.top + pill.height // 3 - pill.bottom)
            below = pill.move(round(s.x) - pill.centerx, box.bottom - pill.height // 3 - pill.top)
            # where the first place has no room (the card across lies a little higher in
            # the low row: with large text its tag reached up to his row), a little lower
            # on the card's upper edge, in the row of the others' tags, else under the card
            on_edge = above.move(0, max(0, ceiling - above.top))
            if on_edge.top > box.top:
                on_edge = below
            tries = (above, on_edge, below) if pos == TOP or L.big_four else (below, above)
            fits = [p for p in tries if p.top >= ceiling and p.bottom <= floor
                    and p.collidelist(placed) < 0]
            if not fits:
                continue
            pill = fits[0]
            placed.append(pill)
            surface.blit(widgets.rounded(pill.size, pill.height // 2, theme.PLATE,
                                         theme.PANEL_BORDER, 1), pill)
            blit_text(surface, t_surf, t_surf.get_rect(center=pill.center), words, size)

    def draw(self, surface: pygame.Surface, show_points: bool) -> None:
        """The whole table (without the scene's buttons)."""
        b = self.board
        self.draw_info(surface, show_points)
        self.draw_seats(surface)
        self.draw_cards(surface)
        self.draw_hanging_badges(surface)
        self.draw_trick_tags(surface)
        self.draw_pile_captions(surface)
        L = self.layout
        style = b.services.settings.deck_style
        toast = b.toast
        if L.four:  # no room above the trick: beside it, at the left (see message_room)
            area = L.message_room()
            if b.covered is not None and area.colliderect(b.covered):
                area.width = max(0, min(area.width, b.covered.left - L.gap - area.left))
            sizes = (L.font_large, L.font_body, L.font_small)
            if area.width < 8 * L.font_body:  # the panel over the table says it all
                self.draw_bubbles(surface)
                return
            self.draw_bubbles(surface, toast.panel_in(area, sizes, style))
            toast.draw_in(surface, area, sizes, style)
            return
        if L.scale > 1:  # large text: the message fitted between the panel and the words
            top = L.info_rect().bottom + L.gap
            area = pygame.Rect((L.width - L.toast_width) // 2, top, L.toast_width,
                               max(0, self.words_floor() - top))
            sizes = (L.font_large, L.font_body, L.font_small)
            panel = toast.panel_in(area, sizes, style)
            if self._under_panel(panel):
                self.draw_bubbles(surface)
                return
            self.draw_bubbles(surface, panel)
            toast.draw_in(surface, area, sizes, style)
            return
        where = L.toast_pos()
        skat = len(b.shown.skat) + len(b.staged)
        if skat:  # a message never covers the skat lying on the table
            panel = toast.panel_rect(where, L.font_large, style, L.toast_width)
            tw, th = L.table_w, L.table_h
            area = pygame.Rect(0, 0, 0, 0)
            for x, y, _a in L.skat_slots(skat):
                card = pygame.Rect(round(x - tw / 2), round(y - th / 2), tw, th)
                area = card if not area.width else area.union(card)
            if panel is not None and panel.colliderect(area):
                where = (where[0], where[1] + area.bottom + L.gap - panel.top)
        panel = toast.panel_rect(where, L.font_large, style, L.toast_width)
        if self._under_panel(panel):
            self.draw_bubbles(surface)
            return
        self.draw_bubbles(surface, panel)
        toast.draw(surface, where, L.font_large, style, L.toast_width)

    def _under_panel(self, message: pygame.Rect | None) -> bool:
        """Whether a message on the table would lie partly under the panel over it (the
        results): it is not drawn then, rather than peek out half covered (the panel says
        what happened: "You gave up the game")."""
        covered = self.board.covered
        return message is not None and covered is not None and message.colliderect(covered)


def dashed_edge(surface: pygame.Surface, color: Color, width: int, radius: int) -> None:
    """Dashes along the straight sides of ``surface``'s edge (the corners left free)."""
    w, h = surface.get_size()
    dash = max(4, w // 10)
    for t in range(radius, w - radius, 2 * dash):  # along the top and the bottom
        run = min(dash, w - radius - t)
        for y in (0, h - width):
            surface.fill(color, pygame.Rect(t, y, run, width))
    for t in range(radius, h - radius, 2 * dash):  # down the sides
        run = min(dash, h - radius - t)
        for x in (0, w - width):
            surface.fill(color, pygame.Rect(x, t, width, run))
