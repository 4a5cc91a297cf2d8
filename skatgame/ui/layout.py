"""Where everything goes, computed from the window size alone.

A :class:`Layout` is a frozen value built by :func:`layout_for`; scenes ask
it for rectangles and card positions and rebuild their widgets when the
window size changes. Screen positions: 0 is the human at the bottom, 1 the
opponent at the left, 2 the opponent at the right, 3 the one across the table
(top, at a table of four): under the info panel his name plate, his cards and
his won tricks make one row centred on the window, and the trick in the middle
moves down to keep clear of it (further when the human sits out and has no hand).
A layout knows whether it is for a table of four (:meth:`Layout.seated`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import IntEnum
from functools import lru_cache

import pygame

#: Below this size the table cannot be drawn sensibly; a message is shown instead.
MIN_SIZE = (480, 360)

#: Card aspect ratio (height / width) of the deck art.
CARD_RATIO = 91 / 59



class ScreenPos(IntEnum):
    """Where a player sits on the screen: not a deal seat (Forehand, ...), not a player
    of the list. The human is at the bottom; at four the player across is at the top."""

    BOTTOM = 0
    LEFT = 1
    RIGHT = 2
    TOP = 3


BOTTOM, LEFT, RIGHT, TOP = ScreenPos.BOTTOM, ScreenPos.LEFT, ScreenPos.RIGHT, ScreenPos.TOP

#: The most a card in the trick turns away from its place's angle (its little disorder).
TRICK_DISORDER = 3.2

#: With large text: how far the human's hand goes down (a part of a card's height; at
#: four further, the top of the cards with their corners stays in sight); at four how
#: far the cards of the player across and of the human in the trick's row stand up and
#: down (a part of the trick's card height), and the row's height then (in the trick's
#: card heights, with the cards' turn and disorder).
HAND_DROP = 0.22
BIG_FOUR_HAND_DROP = 0.36
BIG_FOUR_LIFT = 0.05
BIG_FOUR_TRICK_H = 1.2

#: The table's tool buttons at the bottom right (menu, last trick, log, hint, score
#: sheet): the human's tricks lie above them.
TABLE_TOOLS = 5

Slot = tuple[float, float, float]
"""A card position: centre x, centre y, angle in degrees (counter-clockwise)."""


#: The least step between the cards of an open hand at the side, in card widths: the
#: corner with the card's rank and suit stays in sight.
OPEN_STEP_MIN = 0.24


@dataclass(frozen=True)
class Layout:
    """Sizes and positions for a window of ``width`` x ``height`` pixels."""

    width: int
    height: int
    unit: float  # 1.0 at 1280 x 720
    too_small: bool
    margin: int
    gap: int
    radius: int
    # the type scale: one size per role of text (line sizes for fonts.font; the
    # font loader gets 1.45 times as many pixels, see fonts.font_px). Text that
    # does not fit is wrapped or shortened, never drawn smaller than its role.
    font_caption: int  # key hints, badges, table cells, explanations
    font_small: int  # secondary lines: levels, seat roles, notes
    font_body: int  # names, rows, buttons
    font_large: int  # headings: the game in the header, a result
    font_title: int  # dialog titles
    font_huge: int  # the menu's title
    button_h: int
    card_w: int
    card_h: int
    table_w: int  # cards in the trick and the skat
    small_w: int  # the opponents' hands
    pile_w: int  # won tricks
    plate_w: int  # the opponents' name plates
    own_plate_w: int  # the human's plate (narrower: the hand of 12 needs the room)
    plate_h: int
    tool_w: int
    tool_h: int
    four: bool = False  # a table of four: the player across sits at the top
    watching: bool = False  # at four, the human deals and sits out (no hand at the bottom)
    top_out: bool = False  # at four, the player across deals and sits out (a plate alone)
    #: the setting *Size of text and cards* as a factor; above 1 the trick sits in the
    #: middle of the room left between the info panel and the lines over the action bar
    scale: float = 1.0

    def seated(self, four: bool, watching: bool = False, top_out: bool = False) -> Layout:
        """This window's layout for a table of three or four (``watching``: the human sits
        out the deal; ``top_out``: the player across does; at four only)."""
        return _seated(self, four, four and watching, four and top_out)

    def font(self, role: str) -> int:
        """The size of text of ``role``: caption, small, body, button, badge, heading,
        title or display."""
        return {"caption": self.font_caption, "badge": self.font_caption,
                "small": self.font_small, "body": self.font_body, "button": self.font_body,
                "heading": self.font_large, "title": self.font_title,
                "display": self.font_huge}[role]

    # ------------------------------------------------------------ basic rects

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, self.height)

    @property
    def big_four(self) -> bool:
        """A table of four with large text (the setting above 100 %): the player across
        in a low row, the trick in a row in the band between him and the prompt, the
        human's hand a little lower."""
        return self.four and self.scale > 1

    @property
    def centre(self) -> tuple[int, int]:
        """The centre of the trick area: at four below the player across with a clear gap,
        and in the middle of the free table when the human sits out."""
        cy = round(self.height * 0.41)
        if self.big_four:
            band = self.trick_band()
            return (self.width // 2, round(sum(band) / 2))
        if not self.four and self.scale > 1:
            th = self.table_h
            top = self.info_rect().bottom + self.gap + th * 0.56
            bottom = self.play_words_top() - self.gap - th * 0.58
            return (self.width // 2, round(min(cy, (top + bottom) / 2)))
        if not self.four:
            return (self.width // 2, cy)
        th, tw = self.table_h, self.table_w
        up = th * 0.74 + tw * 0.08  # the top card of the trick, turned a little
        down = th * 0.7 + tw * 0.06
        top = self.top_row_rect().bottom + 2 * self.gap
        cy = max(cy, round(top + up))
        if self.watching:  # no hand: the trick in the middle of the free table
            bottom = self.hand_base_y - self.font_body - self.gap
            cy = max(cy, round((top + up + bottom - down) / 2))
        return (self.width // 2, cy)

    def card_height(self, width: float) -> int:
        return round(width * CARD_RATIO)

    @property
    def table_h(self) -> int:
        return self.card_height(self.table_w)

    @property
    def small_h(self) -> int:
        return self.card_height(self.small_w)

    @property
    def pile_h(self) -> int:
        return self.card_height(self.pile_w)

    @property
    def top_w(self) -> int:
        """The width of the cards of the player across the table (a little taller than
        his plate at the window's own size, so that an open hand can be read; large text
        does not grow them: his row would push the trick down)."""
        return max(16, round(_scaled(62, self.unit / self.scale, 40) * 1.2 / CARD_RATIO))

    @property
    def top_plate_h(self) -> int:
        """The height of the plate of the player across: at four with large text only
        his name and one line under it (his row stays low), else as every plate."""
        if not self.big_four:
            return self.plate_h
        return min(self.plate_h, round(1.12 * (self.font_body + self.font_small)
                                       + 1.2 * self.gap))

    def trick_band(self) -> tuple[int, int]:
        """At four with large text, the top and bottom of the band the trick lies in:
        under the row of the player across, above the prompt over the action bar (above
        the line where the human's hand would be when he sits out)."""
        top = self.top_row_rect().bottom + self.gap
        if self.watching:
            return top, round(self.hand_base_y - self.font_body - self.gap)
        return top, self.play_words_top() - self.gap

    def top_step(self, face_up: bool) -> float:
        """The step between the top player's fanned cards (narrower in a small window)."""
        tw = self.top_w
        return min(tw * (0.56 if face_up else 0.3), (self.top_fan_w() - tw) / 9)

    def top_fan_w(self) -> float:
        """The room of the top player's cards in his row: ten cards face up, or less when
        the window is narrow (the row stays clear of the side players' hands); at four
        with large text an open hand's cards overlap more (his plate takes the room)."""
        tw = self.top_w
        side = self.small_w * (1 + 0.28 * 9)  # a side player's hand of ten, face down
        room = self.width - 2 * (self.margin + side + self.gap)
        room -= self.plate_w + self.pile_h + 2 * self.gap
        fan = max(tw * 1.6, min(tw * (1 + 0.56 * 9), room))
        return min(fan, tw * (1 + 0.36 * 9)) if self.big_four else fan

    @property
    def top_plate_w(self) -> int:
        """The width of the plate of the player across: at four with large text as wide
        as his block beside the info panel (over his cards and won tricks)."""
        if not self.big_four:
            return self.plate_w
        return self._top_block_w()

    def top_row_rect(self) -> pygame.Rect:
        """The row of the player across: plate, cards and won tricks, centred under the
        info panel. At four with large text a block beside the info panel instead (his
        plate over his cards and won tricks), as high as the panel: the trick below
        gets the height the row took."""
        if self.big_four:
            w = self._top_block_w()
            right = self.width - self.margin - self.plate_w - self.gap
            return pygame.Rect(right - w, self.margin, w, self._top_band_h())
        w = round(self.top_plate_w + self.gap + self.top_fan_w() + self.gap + self.pile_h)
        h = max(self.top_plate_h, self.card_height(self.top_w))
        return pygame.Rect((self.width - w) // 2, self.info_rect().bottom + self.gap, w, h)

    def _top_block_w(self) -> int:
        """At four with large text, the width of the block of the player across: his
        cards and won tricks side by side, at least a side player's plate."""
        return max(self.plate_w, round(self.top_fan_w() + self.gap + self.pile_h))

    def _top_band_h(self) -> int:
        """At four with large text, the height of the info panel and of the block of the
        player across beside it: the panel's lines (its last one may take two lines in
        the narrower panel), his plate over his cards."""
        cards = self.top_plate_h + self.gap + self.card_height(self.top_w)
        return max(cards, self._info_h() + self.font_caption)

    def top_cards_y(self) -> float:
        """The centre y of the cards (and won tricks) of the player across."""
        row = self.top_row_rect()
        if not self.big_four:
            return float(row.centery)
        return self.plate_rect(TOP).bottom + self.gap + self.card_height(self.top_w) / 2

    def plate_rect(self, pos: int) -> pygame.Rect:
        """The name plate of a screen position."""
        m = self.margin
        if pos == TOP:
            row = self.top_row_rect()
            w, h = self.top_plate_w, self.top_plate_h
            if self.big_four:  # at the top of his block
                return pygame.Rect(row.x, row.y, w, h)
            # (his won tricks at the left, by his plate)
            x = (self.width - w) // 2 if self.top_out else row.x + self.pile_h + self.gap
            return pygame.Rect(x, row.centery - h // 2, w, h)
        if pos == LEFT:
            return pygame.Rect(m, m, self.plate_w, self.plate_h)
        if pos == RIGHT:
            return pygame.Rect(self.width - m - self.plate_w, m, self.plate_w, self.plate_h)
        return pygame.Rect(m, self.height - m - self.plate_h, self.own_plate_w, self.plate_h)

    def bubble_anchor(self, pos: int, width: int = 0,
                      skat: bool = True) -> tuple[tuple[int, int], str]:
        """Where a seat's speech bubble points, and on which side of it the bubble sits.

        An opponent speaks from beside his fanned cards, below the header (a
        bubble never covers the info panel); the player across from below his plate, by
        his own place (a bubble ``width`` pixels wide that would reach the side players'
        cards, or the ``skat`` lying in the middle, a little aside); the human from above
        his plate.
        """
        if pos == BOTTOM:
            r = self.plate_rect(pos)
            return (r.centerx, r.top - self.gap // 2), "up"
        if pos == TOP:  # under his plate (at four with large text under his cards, clear
            row = self.top_row_rect()  # of the skat he laid away under his won tricks)
            fan = self.opponent_slots(TOP, 10)
            x: float = (fan[0][0] + fan[-1][0]) / 2 if self.big_four else \
                self.plate_rect(TOP).centerx
            half = width / 2 + self.gap
            # beside the skat in the middle (the calls of the auction), on his side of it
            (a, _y, _a), (b, _y2, _b) = self.skat_slots(2)
            skat_l, skat_r = a - self.table_w / 2 - half, b + self.table_w / 2 + half
            if skat and skat_l < x < skat_r:
                x = skat_l if x < self.width / 2 else skat_r
            left = self.opponent_slots(LEFT, 10)[-1][0] + self.small_w / 2 + half
            right = self.opponent_slots(RIGHT, 10)[0][0] - self.small_w / 2 - half
            x = max(left, min(x, right)) if left <= right else self.width / 2
            return (round(x), row.bottom + self.gap // 2), "down"
        slots = self.opponent_slots(pos, 10)
        # at four the side players speak below the one across (clear of his row)
        top = self.top_row_rect().bottom if self.four else self.info_rect().bottom
        y = max(round(slots[0][1]), top + self.gap + self.font_body)
        if pos == LEFT:
            return (round(slots[-1][0] + self.small_w / 2 + self.gap), y), "right"
        return (round(slots[0][0] - self.small_w / 2 - self.gap), y), "left"

    def info_rect(self) -> pygame.Rect:
        """The panel at the top centre: game, bid, running points (at four with large
        text at the left of the middle, the player across beside it)."""
        if self.big_four:
            left = self.margin + self.plate_w + self.gap
            row = self.top_row_rect()
            return pygame.Rect(left, self.margin, row.left - self.gap - left, row.height)
        w = min(round(520 * self.unit), self.width - 2 * (self.plate_w + 2 * self.margin))
        w = max(w, round(240 * self.unit))
        return pygame.Rect((self.width - w) // 2, self.margin, w, self._info_h())

    def _info_h(self) -> int:
        # three lines: at the smallest sizes the fonts stop shrinking, the panel does not
        return round(78 * self.unit + 4.4 * max(0.0, self.font_small - 15 * self.unit)
                     + 1.4 * max(0.0, self.font_large - 25 * self.unit))

    def middle_right(self) -> int:
        """The right end of what stands in the top middle: the info panel (at four with
        large text the block of the player across beside it)."""
        return (self.top_row_rect() if self.big_four else self.info_rect()).right

    def toolbar_rects(self, n: int) -> list[pygame.Rect]:
        """``n`` tool buttons stacked at the bottom right, top to bottom."""
        x = self.width - self.margin - self.tool_w
        step = self.tool_h + self.gap // 2
        top = self.height - self.margin - n * step + self.gap // 2
        return [pygame.Rect(x, top + i * step, self.tool_w, self.tool_h) for i in range(n)]

    @property
    def hand_span(self) -> int:
        """The width the human's hand may take."""
        # clear of the player's plate at the left and the tool buttons at the right
        # (room for the turned outer cards too)
        side = max(self.own_plate_w, self.tool_w) + self.margin + 2 * self.gap
        return max(self.card_w * 3, self.width - 2 * side)

    @property
    def hand_base_y(self) -> float:
        """Centre y of the middle card of the human's hand (at four with large text lower:
        the foot of the cards under the window's edge leaves the trick its room)."""
        drop = HAND_DROP * self.card_h if self.scale > 1 else 0.0
        if self.big_four:
            drop = BIG_FOUR_HAND_DROP * self.card_h
        return self.height - self.margin * 0.7 - self.card_h * 0.6 + drop

    @property
    def raise_by(self) -> int:
        """How far a playable or chosen card rises out of the hand."""
        return round(self.card_h * 0.13)

    def action_bar(self) -> pygame.Rect:
        """The strip above the hand where the buttons for the human's decisions go."""
        top = round(self.hand_base_y - self.card_h / 2 - self.raise_by - self.gap
                    - self.button_h)
        return pygame.Rect(self.margin + self.plate_w, top,
                           self.width - 2 * (self.margin + self.plate_w), self.button_h)

    def helper_rect(self) -> pygame.Rect:
        """The bidding helper's line: just above the bid buttons (the prompt moves up to
        make room), clear of the hand below them."""
        bar = self.action_bar()
        h = self.font_small + self.gap
        return pygame.Rect(bar.left, bar.top - self.gap // 2 - h, bar.width, h)

    @property
    def prompt_width(self) -> int:
        """The widest the prompt over the action bar may be: centred, clear of the
        human's won tricks and the skat he laid away at the right (and of the window)."""
        x, _y, _a = self.aside_slot(BOTTOM)
        room = 2 * round(x - self.pile_h / 2 - self.gap - self.width / 2)
        return max(self.action_bar().width, min(room, self.width - 2 * self.margin))

    def play_words_top(self) -> int:
        """The top of the prompt over the action bar while the cards are played (no
        bidding helper's line under it)."""
        return self.action_bar().top - self.gap // 2 - round(1.1 * self.font_body)

    def words_top(self) -> int:
        """The top of the lines over the action bar at their highest: the prompt standing
        above the bidding helper's line."""
        return self.helper_rect().top - self.gap // 3 - self.font_body

    def trick_area(self) -> pygame.Rect:
        """Everything that may lie in the middle of the table: the four places of the
        trick (each card turned as far as its disorder goes) and the skat."""
        tw, th = self.table_w, self.table_h
        boxes = [turned_box(x, y, tw, th, abs(a) + TRICK_DISORDER)
                 for x, y, a in (self.trick_slot(p) for p in (BOTTOM, LEFT, RIGHT, TOP))]
        boxes += [turned_box(x, y, tw, th, abs(a)) for x, y, a in self.skat_slots()]
        return boxes[0].unionall(boxes[1:])

    def side_room(self, pos: int) -> pygame.Rect:
        """At a table of four, the free room beside the trick on the ``pos`` side (LEFT or
        RIGHT): under that player's cards, won tricks and skat (with their captions), above
        the lines over the action bar, between the window's edge and the trick. The table's
        messages go to the left one, a hint to the right one: the trick has no free band
        above or below it at four."""
        trick = self.trick_area()
        _x, y, _a = self.pile_slot(pos)
        top = round(y + self.pile_w / 2 + self.font_caption / 2 + self.gap)
        bottom = self.words_top() - self.gap
        if pos == LEFT:
            left, right = self.margin, trick.left - self.gap
        else:
            left, right = trick.right + self.gap, self.width - self.margin
        return pygame.Rect(left, top, max(0, right - left), max(0, bottom - top))

    def message_room(self) -> pygame.Rect:
        """At a table of four, where the table's messages go: beside the trick at the left
        (:meth:`side_room`); with large text in the trick's band, between the side
        players' hands, above the trick where there is room (as when the human sits out),
        else over it for the moment it is shown."""
        if not self.big_four:
            return self.side_room(LEFT)
        top, bottom = self.trick_band()
        above = self.trick_area().top - self.gap
        if above - top >= 2.5 * self.font_body:
            bottom = above
        w = self.toast_width
        return pygame.Rect((self.width - w) // 2, top, w, max(0, bottom - top))

    def toast_pos(self) -> tuple[int, int]:
        """Centre of the short messages on the table: under the info panel (at a table
        of four under the player across)."""
        top = self.top_row_rect().bottom if self.four else self.info_rect().bottom
        return (self.width // 2, top + self.gap + self.font_large)

    @property
    def toast_width(self) -> int:
        """The widest a message on the table may be: between the opponents' hands."""
        fan = self.small_w * (1 + 0.28 * 9)  # a hand of ten, face down
        return max(self.card_w * 2, round(self.width - 2 * (self.margin + fan + self.gap)))

    # ------------------------------------------------------------ card slots

    def hand_slots(self, n: int) -> list[Slot]:
        """Positions of an ``n``-card hand fanned at the bottom, left to right."""
        if n <= 0:
            return []
        cw = self.card_w
        step = 0.0 if n == 1 else min(cw * 0.6, (self.hand_span - cw) / (n - 1))
        total = cw + step * (n - 1)
        x0 = self.width / 2 - total / 2 + cw / 2
        mid = (n - 1) / 2
        spread = min(2.0, 18.0 / n)
        dip = self.card_h * 0.003
        return [(x0 + i * step, self.hand_base_y + dip * (i - mid) ** 2, (mid - i) * spread)
                for i in range(n)]

    def opponent_slots(self, pos: int, n: int, face_up: bool = False,
                       clear_of: pygame.Rect | None = None) -> list[Slot]:
        """Positions of an opponent's cards under the name plate (left to right).

        ``clear_of``: a panel over the table (the results); an open hand at the side
        closes up until every card is in sight beside it (each card's corner still
        shows, :data:`OPEN_STEP_MIN`)."""
        if n <= 0:
            return []
        if pos == TOP:  # centred in their room between the plate and the won tricks
            tw = self.top_w
            step = self.top_step(face_up)
            row = self.top_row_rect()
            left = row.x if self.big_four else self.plate_rect(TOP).right + self.gap
            x0 = left + (self.top_fan_w() - tw - step * (n - 1)) / 2 + tw / 2
            y = self.top_cards_y()
            return [(x0 + i * step, y, 0.0) for i in range(n)]
        sw = self.small_w
        step = sw * (0.56 if face_up else 0.28)
        if face_up and self.four and n > 1:  # an open hand stops short of the top row
            room = self.top_row_rect().left - self.gap - self.margin
            if self.big_four:  # (the info panel at the left, his block at the right)
                room = self.info_rect().left if pos == LEFT else \
                    self.width - self.top_row_rect().right
                room -= self.gap + self.margin
            step = max(sw * 0.28, min(step, (room - sw) / (n - 1)))
        plate = self.plate_rect(pos)
        y = plate.bottom + self.gap + self.small_h / 2
        if face_up and clear_of is not None and n > 1 and \
                clear_of.top < y + self.small_h / 2 and clear_of.bottom > y - self.small_h / 2:
            room = clear_of.left if pos == LEFT else self.width - clear_of.right
            room -= self.gap + self.margin
            step = max(sw * OPEN_STEP_MIN, min(step, (room - sw) / (n - 1)))
        total = sw + step * (n - 1)
        x0 = self.margin + sw / 2 if pos == LEFT else self.width - self.margin - total + sw / 2
        return [(x0 + i * step, y, 0.0) for i in range(n)]

    def trick_slot(self, pos: int) -> Slot:
        """Where the card played by a screen position lies in the trick."""
        cx, cy = self.centre
        tw, th = self.table_w, self.table_h
        if self.big_four:  # in a row: the one across a little up, the human a little down
            four: dict[int, Slot] = {LEFT: (cx - tw * 1.62, cy, 4.0),
                                     TOP: (cx - tw * 0.54, cy - th * BIG_FOUR_LIFT, 2.0),
                                     BOTTOM: (cx + tw * 0.54, cy + th * BIG_FOUR_LIFT, -2.0),
                                     RIGHT: (cx + tw * 1.62, cy, -4.0)}
            return four[pos]
        if self.scale > 1 and not self.four:  # in a row: the larger text leaves it less height
            row: dict[int, Slot] = {LEFT: (cx - tw * 1.1, cy, 4.0),
                                    RIGHT: (cx + tw * 1.1, cy, -4.0),
                                    TOP: (cx + tw * 0.08, cy - th * 0.1, 3.0)}
            return row.get(pos, (cx, cy + th * 0.06, 0.0))
        if pos == LEFT:
            return (cx - tw * 0.72, cy - th * 0.12, 7.0)
        if pos == RIGHT:
            return (cx + tw * 0.72, cy - th * 0.12, -7.0)
        if pos == TOP:
            return (cx + tw * 0.08, cy - th * 0.24, 3.0)
        return (cx, cy + th * 0.2, 0.0)

    def skat_slots(self, n: int = 2) -> list[Slot]:
        """The skat lying in the middle of the table (above the prompt over the bid
        buttons: at four the middle lies low)."""
        cx, cy = self.centre
        th = self.table_h
        top = (self.top_row_rect() if self.four else self.info_rect()).bottom + self.gap
        cy = max(round(top + th / 2), min(cy, round(self.words_top() - self.gap - th / 2)))
        # side by side, clear of each other (the places to put away are outlined)
        off = self.table_w * 1.06 + self.gap / 2
        return [(cx - off / 2, float(cy), 2.0), (cx + off / 2, float(cy), -2.0)][:n]

    def deck_slot(self) -> Slot:
        cx, cy = self.centre
        return (cx, cy, 0.0)

    def pile_slot(self, pos: int) -> Slot:
        """Where the tricks a screen position won are stacked face down."""
        pw, ph = self.pile_w, self.pile_h
        if pos == BOTTOM:
            tools = self.toolbar_rects(TABLE_TOOLS)[0]
            return (tools.centerx, tools.top - self.gap - ph / 2, 90.0)
        if pos == TOP:  # by his plate: at four with large text under it, right of his
            row = self.top_row_rect()  # cards; else left of it
            if self.big_four:  # (just under his plate)
                return (row.right - ph / 2, self.plate_rect(TOP).bottom + self.gap + pw / 2,
                        90.0)
            return (row.x + ph / 2, self.top_cards_y(), 90.0)
        slots = self.opponent_slots(pos, 1)
        y = slots[0][1] + self.small_h / 2 + self.gap + pw / 2
        x = self.margin + ph / 2 if pos == LEFT else self.width - self.margin - ph / 2
        return (x, y, 90.0)

    def aside_slot(self, pos: int | None) -> Slot:
        """Where the skat lies during play: by the declarer's tricks (or the middle, Ramsch)."""
        if pos is None and self.big_four:  # under the tricks of the player across
            x, y, a = self.pile_slot(TOP)
            return (x, y + self.pile_w + self.gap, a)
        if pos is None and self.four:  # Ramsch at four: under the across player's cards
            row = self.top_row_rect()  # (the mirror of his own skat's place at the left)
            y = max(row.centery + self.pile_w + self.gap,
                    row.centery + self.plate_h / 2 + self.gap + self.pile_w / 2)
            return (row.right - self.pile_h / 2, y, 90.0)
        if pos is None:  # Ramsch: under the info panel
            return (self.width / 2 - self.pile_h * 0.3,
                    self.info_rect().bottom + self.gap + self.pile_w / 2, 90.0)
        x, y, a = self.pile_slot(pos)
        shift = self.pile_h + self.gap
        if pos == BOTTOM:
            return (x - shift - self.pile_w * 0.2, y, a)
        if pos == TOP:  # under his tricks
            return (x, y + self.pile_w + self.gap, a)
        return (x + shift if pos == LEFT else x - shift - self.pile_w * 0.2, y, a)

    def dialog_rect(self, w: float, h: float) -> pygame.Rect:
        """A centred dialog of about ``w`` x ``h`` (in units), kept inside the window."""
        dw = min(round(w * self.unit), self.width - 2 * self.margin)
        dh = min(round(h * self.unit), self.height - 2 * self.margin)
        return pygame.Rect((self.width - dw) // 2, (self.height - dh) // 2, dw, dh)


@lru_cache(maxsize=16)
def _seated(layout: Layout, four: bool, watching: bool, top_out: bool) -> Layout:
    seated = replace(layout, four=four, watching=watching, top_out=top_out)
    if seated.big_four:  # the trick as large as its band allows (the same size all list)
        playing = replace(seated, watching=False)
        top, bottom = playing.trick_band()
        # (the skat in the auction over the bidding helper's line)
        fit = min((bottom - top) / BIG_FOUR_TRICK_H,
                  playing.words_top() - playing.gap - top) / CARD_RATIO
        seated = replace(seated, table_w=max(30, min(round(layout.card_w * 0.94), round(fit))))
    return seated


def _scaled(base: float, unit: float, low: int) -> int:
    return max(low, round(base * unit))


def caption_for(body: int) -> int:
    """The caption size that goes with body text of ``body`` (13/19 of it, at least 10).

    Key hints on buttons use it too, so it is derived from the body size alone.
    """
    return max(10, round(body * 13 / 19))


def small_for(body: int) -> int:
    """The small size (secondary lines) that goes with body text of ``body``: 15/19 of it."""
    return max(10, round(body * 15 / 19))


def _grown(base: int, scale: float, cap: float) -> int:
    """``base`` grown by ``scale`` but not past ``cap`` (never below ``base``)."""
    return max(base, min(round(base * scale), int(cap)))


@lru_cache(maxsize=16)
def layout_for(width: int, height: int, scale: float = 1.0) -> Layout:
    """The layout of a ``width`` x ``height`` window (any size: tiny ones are marked).

    ``scale`` (1.0 to 2.0, the setting *Size of text and cards*) makes text, buttons,
    plates and cards that much larger: the type scale follows it in full, the cards,
    plates and tools as far as the window leaves room for the hand and the middle.
    At 1.0 the layout is the window's own.
    """
    width, height = max(1, int(width)), max(1, int(height))
    scale = max(1.0, min(2.0, float(scale)))
    base = max(0.45, min(2.4, min(width / 1280, height / 720)))
    unit = base * scale
    too_small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
    card_w = own_w = int(min(height * 0.245 / CARD_RATIO, width * 0.094))
    if scale > 1:  # larger cards, but a hand and the trick above it still fit
        card_w = _grown(card_w, scale, min(height * 0.27 / CARD_RATIO, width * 0.125))
    # in steps of 6 px: a window dragged wider does not redraw the card art at every pixel
    card_w = max(36, min(240, card_w - card_w % 6))
    # the opponents' hands and the won tricks keep the window's own size: the side columns
    # hold the larger plates and tools
    side_w = max(36, min(240, own_w - own_w % 6))
    body = _scaled(19, unit, 12)
    plate_w = _scaled(240, base, 120)
    own_plate_w = _scaled(200, base, 110)
    tool_w = _scaled(172, base, 100)
    if scale > 1:  # wider plates and tools, leaving the hand its room (the tools as
        # wide as the own plate at most: the hand keeps clear of the wider of the two, and
        # "Score sheet" keeps its key "Tab" beside it)
        plate_w = _grown(plate_w, scale, width * 0.22)
        own_plate_w = _grown(own_plate_w, scale, width * 0.19)
        tool_w = _grown(tool_w, scale, width * 0.19)
    layout = Layout(
        width=width,
        height=height,
        unit=unit,
        too_small=too_small,
        margin=_scaled(14, base, 6),
        gap=_scaled(10, base, 4),
        radius=_scaled(10, base, 4),
        font_caption=caption_for(body),
        font_small=_scaled(15, unit, 11),
        font_body=body,
        font_large=_scaled(25, unit, 15),
        # titles are large already: they grow by 40 % at most (the line under a dialog's
        # title stands a gap under its size; a larger title's line box would reach it)
        font_title=_scaled(40, base * min(scale, 1.4), 22),
        font_huge=_scaled(76, base * min(scale, 1.5), 34),
        button_h=_scaled(42, base * min(scale, 1.5), 26),
        card_w=card_w,
        card_h=round(card_w * CARD_RATIO),
        table_w=max(30, round(card_w * 0.94)),
        small_w=max(24, round(side_w * 0.7)),
        pile_w=max(20, round(side_w * 0.46)),
        plate_w=plate_w,
        own_plate_w=own_plate_w,
        plate_h=_scaled(62, unit, 40),
        tool_w=tool_w,
        tool_h=_scaled(34, base * min(scale, 1.5), 24),
        scale=scale,
    )
    if scale > 1:  # the trick as large as the room between the panel and the words allows
        # (the trick over the prompt in play, the skat over the bidding helper's line)
        top = layout.info_rect().bottom + 2 * layout.gap
        fit = min((layout.play_words_top() - top) / 1.16, layout.words_top() - top) \
            / CARD_RATIO
        layout = replace(layout, table_w=max(30, min(layout.table_w, round(fit))))
    return layout


def turned_box(x: float, y: float, w: float, h: float, angle: float) -> pygame.Rect:
    """The upright box around a ``w`` x ``h`` card centred at (x, y), turned by ``angle``."""
    a = math.radians(angle)
    bw = abs(w * math.cos(a)) + abs(h * math.sin(a))
    bh = abs(w * math.sin(a)) + abs(h * math.cos(a))
    return pygame.Rect(round(x - bw / 2), round(y - bh / 2), math.ceil(bw), math.ceil(bh))


def point_in_card(px: float, py: float, x: float, y: float, w: float, h: float,
                  angle: float) -> bool:
    """Whether a point lies on a card of size ``w`` x ``h`` at (x, y) turned by ``angle``."""
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    dx, dy = px - x, py - y
    # undo the turn
    lx = dx * c - dy * s
    ly = dx * s + dy * c
    return abs(lx) <= w / 2 and abs(ly) <= h / 2
