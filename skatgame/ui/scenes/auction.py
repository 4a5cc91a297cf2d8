"""The auction: the next legal bids as buttons, hold or pass, calls in speech bubbles."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import pygame

from skatgame.engine.actions import HOLD, PASS, Action, Bid
from skatgame.engine.auction import Auction
from skatgame.engine.seats import Seat
from skatgame.table.labels import Label
from skatgame.table.thinker import Ticket
from skatgame.ui import theme, widgets
from skatgame.ui.tablescene import DIRTY, TableScene
from skatgame.ui.text import (
    blit_text,
    label_text,
    label_width,
    line_height,
    rich,
    shorten,
    wrap_even,
)

if TYPE_CHECKING:
    from skatgame.ai.advice import BidAdvice
    from skatgame.ui.board import Board
    from skatgame.ui.services import Services

#: How many bid values are offered at a time (fewer in a narrow window).
CHIPS = 5


#: the page turners' arrows, where their words leave too little room (large text)
PAGE_ARROWS = {"auction.lower": "«", "auction.higher": "»"}


class AuctionScene(TableScene):
    """Bidding. Keys: 1-7 bid the values on the row, arrows choose, Enter bids/holds, P passes.

    The chosen value (``chosen``, an index into the legal bids) is apart from the page
    of values shown (``window``): "Higher »" and "« Lower" turn the page and the chosen
    value keeps its chip and the focus, so Enter still bids what the player chose."""

    think_group = "auction"
    name = "auction"

    def __init__(self, services: Services, board: Board) -> None:
        self.window = 0  # first offered value (index into the legal bids)
        self.chosen = 0  # the chosen value (index into the legal bids): Enter bids it
        #: the bidding helper: the Expert's estimate of the hand (asked once, in the worker)
        self.advice: BidAdvice | None = None
        #: the place kept on the row for the limit's chip while the helper thinks
        self.slot: widgets.Button | None = None
        self._helper_cache: dict[bool, tuple[object, Label | None]] = {}
        self.advice_ticket: Ticket[BidAdvice] | None = None
        self._auction: tuple[int, Auction] | None = None
        self._advice_for: tuple[int, int] | None = None  # (seat, hand) the advice is about
        #: Enter passes (the focus is on Pass, as the helper advises) rather than bids
        self.pass_focus = False
        self._moved = False  # the player moved the focus himself in this decision
        self._focus_for: object = None  # the decision the default focus was set for
        self._focus_done = False
        self._limit_shown = False  # the row holds a chip for the helper's limit
        super().__init__(services, board)

    def resume(self) -> None:
        self._actions_key = DIRTY

    def leave(self) -> None:
        super().leave()
        if self.advice_ticket is not None:
            self.services.workers.cancel([self.advice_ticket])
            self.advice_ticket = None

    @property
    def auction(self) -> Auction:
        """The auction as it stands (from the calls on the table)."""
        calls = len(self.table.calls)
        if self._auction is None or self._auction[0] != calls:
            self._auction = (calls, self.table.auction())
        return self._auction[1]

    @property
    def _seat(self) -> Seat:
        seat = self.table.to_move
        assert seat is not None
        return seat

    @property
    def chip_w(self) -> int:
        """The width of a bid value's chip (narrower than a button with words)."""
        return round(self.layout.button_h * 1.4)

    @property
    def chips(self) -> int:
        """How many bid values the row shows: up to :data:`CHIPS`, as many as the bar
        holds beside Pass and the named page turners at their full width, and one more
        chip: the helper's limit or the value chosen on another page."""
        return max(1, min(CHIPS, self._chips_beside(self.page_words)))

    @property
    def page_words(self) -> bool:
        """Whether the page turners say their words ("« Lower", "Higher »"): not where
        these leave room for fewer than two values (large text); then their arrows alone
        (read out with the words)."""
        return self._chips_beside(True) >= 2

    def _chips_beside(self, words: bool) -> int:
        """How many values fit the bar beside Pass and the page turners (with their words
        or their arrows), one slot kept for the helper's limit."""
        L = self.layout
        bar = L.action_bar()
        tr = self.tr
        # (with the arrows Pass may give its key hint's room to the values too)
        fixed = widgets.button_width(self.action_button(
            tr("auction.pass"), lambda: None, tr("key.pass") if words else ""), self.wide) \
            + L.gap
        for key in ("auction.lower", "auction.higher"):
            b = self.page_button(key, words)
            fixed += self._width(b) + L.gap
        # one slot is kept (the helper's limit), so the row does not change when it arrives
        return (bar.width + L.gap - fixed) // (self.chip_w + L.gap) - 1

    def page_button(self, key: str, words: bool, action: object = None,
                    name: str = "") -> widgets.Button:
        """A page turner of the values: its words, or its arrow alone (read as its words)."""
        text = self.tr(key)
        label = text if words else PAGE_ARROWS[key]
        b = self.action_button(label, action or (lambda: None), name=name)
        b.spoken = text
        return b

    def _width(self, b: widgets.Button) -> int:
        """The width a button with words asks for on the row (a page turner's arrow as
        narrow as a value)."""
        return widgets.button_width(b, self.chip_w if b.label in PAGE_ARROWS.values()
                                    else self.wide)

    @property
    def wide(self) -> int:
        """The least width of a button with words on the row."""
        return round(self.layout.button_h * 2.4)

    def _bids(self) -> tuple[int, ...]:
        return self.auction.legal_bids()

    def actions_key(self) -> object:
        a = self.auction
        return (self.human_turn, a.awaiting_answer, a.value, len(a.calls), self.window,
                self.chosen, self.layout.width, self.layout.height, self.limit, self.pass_focus)

    def make_actions(self) -> list[widgets.Button]:
        if not self.human_turn:
            return []
        tr = self.tr
        a = self.auction
        self._limit_shown = False
        if a.awaiting_answer:
            return [
                self.action_button(tr("auction.pass"), lambda: self.call(PASS),
                                   tr("key.pass"), primary=self.pass_focus, name="pass"),
                self.action_button(tr("auction.hold_value", value=a.value),
                                   lambda: self.call(HOLD), tr("key.hold"),
                                   primary=not self.pass_focus, name="hold"),
            ]
        bids = self._bids()
        self.window = max(0, min(self.window, max(0, len(bids) - self.chips)))
        self.chosen = max(0, min(self.chosen, len(bids) - 1))
        shown = bids[self.window:self.window + self.chips]
        chosen = bids[self.chosen] if bids else None
        out = [self.action_button(tr("auction.pass"), lambda: self.call(PASS), tr("key.pass"),
                                  primary=self.pass_focus, name="pass")]
        if self.window > 0:
            out.append(self.page_button("auction.lower", self.page_words,
                                        lambda: self.shift(-self.chips), "lower"))
        # off the page, but on the row: the value chosen (while it has the focus: with
        # the focus on Pass a lone "18" among 24-33 said nothing) and the helper's limit
        focus = None if self.pass_focus else chosen
        kept = sorted({v for v in (focus, self.limit) if v in bids and v not in shown})
        values = [v for v in kept if v < shown[0]] + list(shown) + \
            [v for v in kept if v > shown[-1]]
        # every value with its number key, in the row's order: one look, one size of type
        self._limit_shown = self.limit in kept
        for i, v in enumerate(values):
            out.append(self.action_button(str(v), lambda v=v: self.call(Bid(v)), str(i + 1),
                                          primary=v == focus, name=f"bid{v}"))
        if self.window + self.chips < len(bids):
            out.append(self.page_button("auction.higher", self.page_words,
                                        lambda: self.shift(self.chips), "higher"))
        return out

    def place_actions(self, buttons: list[widgets.Button]) -> None:
        """Side by side; while the bidding helper thinks, a slot for the limit's chip is
        kept (before "»"), so the row stays put when it comes; not once it has answered
        (an empty gap stood before "Higher »" where it offered no limit off the page)."""
        a = self.auction
        row = list(buttons)
        self.slot = None
        if buttons and self.helper_on and not a.awaiting_answer and not self._limit_shown \
                and self.advice is None:  # (a quiet "…" in it: no gap in the row)
            slot = widgets.Button("…", lambda: None, font_size=self.layout.font_body,
                                  name="bid", enabled=False, style=self.settings.deck_style)
            row.insert(len(row) - 1 if row[-1].name == "higher" else len(row), slot)
            self.slot = slot
        # the buttons with words as wide as they ask, the chips share the rest alike (at
        # most as wide as the widest asks: room for their key hints in a wide window)
        L = self.layout
        bar = L.action_bar()
        chips = [b for b in row if b.name.startswith("bid")]
        words = sum(self._width(b) for b in row if b not in chips)
        room = (bar.width - words - L.gap * (len(row) - 1)) // max(1, len(chips))
        asks = max((widgets.button_width(b, self.chip_w) for b in chips), default=0)
        keep = max((widgets.least_width(b, L.button_h) for b in chips), default=0)
        chip = max(self.chip_w, min(room, asks), keep)  # each value keeps its number key
        widths = [chip if b in chips else self._width(b) for b in row]
        over = sum(widths) + L.gap * (len(row) - 1) - bar.width
        words_w = sum(w for b, w in zip(row, widths, strict=True) if b not in chips)
        if over > 0 and words_w:  # large text: the words give way (a smaller size, their
            # keys kept while there is room), the values keep their chips whole
            given = iter(widgets.give_way(
                [w for b, w in zip(row, widths, strict=True) if b not in chips],
                [widgets.least_width(b, L.button_h) for b in row if b not in chips],
                max(0, words_w - over)))
            widths = [w if b in chips else next(given) for b, w in zip(row, widths, strict=True)]
        widgets.row_of_buttons(row, bar, L.button_h, L.gap, self.wide, widths=widths)

    def shift(self, by: int) -> None:
        """Turn the page of values shown; the chosen value (or Pass) keeps the focus."""
        self.window = max(0, self.window + by)
        self._moved = True

    def choose(self, index: int) -> None:
        """Choose the legal bid ``index``, its page shown."""
        self.chosen = index
        self.window = (index // self.chips) * self.chips

    def call(self, action: Action) -> None:
        if not self.human_turn:
            return
        if self.apply(action):
            self.window = self.chosen = 0
            self.pass_focus = False

    def _default_focus(self) -> None:
        """Once the helper's advice is in, Enter does what it rings (Pass where the hand
        is worth no bid), unless the player has moved the focus himself."""
        if not self.human_turn:
            return
        a = self.auction
        key = (self.session.deal_number, len(a.calls), a.awaiting_answer)
        if key != self._focus_for:
            self._focus_for, self._moved, self.pass_focus = key, False, False
            self._focus_done = False
        if self._moved or self._focus_done or self.advice is None:
            return
        self._focus_done = True
        self.refresh_actions()
        marked = self.limit_button()
        self.pass_focus = marked is not None and marked.name == "pass"

    def on_hint(self, action: Action) -> None:
        self.pass_focus = action == PASS
        if isinstance(action, Bid):
            bids = self._bids()
            if action.value in bids:
                self.choose(bids.index(action.value))

    # ------------------------------------------------------------ the bidding helper

    @property
    def helper_on(self) -> bool:
        """Whether the bidding helper is shown (a setting, on unless switched off)."""
        return bool(getattr(self.settings, "bid_helper", True))

    def update(self, dt: float) -> None:
        # the advice first: the buttons rebuilt below already hold the limit's chip
        if self.on_top and self.helper_on and self.human_turn:
            self._ask_advice()
        self._poll_advice()
        self._default_focus()
        super().update(dt)

    def _ask_advice(self) -> None:
        seat = self._seat
        key = (seat, self.table.hand_mask(seat))
        if self._advice_for != key:
            self._advice_for = key
            self.advice = None
            self.advice_ticket = self.local.advice(seat)

    def _poll_advice(self) -> None:
        t = self.advice_ticket
        if t is not None and t.done:
            self.advice_ticket = None
            self.advice = t.result  # None: no estimate (the line keeps the value)

    @property
    def limit(self) -> int:
        """The highest bid the hand supports by the Expert's estimate (0: pass, or not yet)."""
        return int(getattr(self.advice, "max_bid", 0) or 0) if self.helper_on else 0

    def helper_label(self, short: bool = False) -> Label | None:
        """The helper's line: the likely game, its value, then the chance (when known);
        ``short``: its advice in fewer words, for a narrow line."""
        if not self.helper_on or not self.human_turn:
            return None
        from skatgame.ai.advice import likely_game
        from skatgame.table.texts import bid_help_label

        seat = self._seat
        hand = self.table.hand_mask(seat)
        style = self.settings.deck_style
        waiting = self.advice_ticket is not None
        # asked several times a frame: worked out again only when what it says changes
        key = (seat, hand, self.advice, waiting, style, self.settings.language, short)
        cached = self._helper_cache.get(short)
        if cached is not None and cached[0] == key:
            return cached[1]
        gb = self.table.options.grand_base
        contract = getattr(self.advice, "contract", None) or likely_game(hand, seat, gb)
        label = bid_help_label(contract, hand, style, self.tr, gb, advice=self.advice,
                               waiting=waiting, short=short)
        self._helper_cache[short] = (key, label)
        return label

    def helper_lines(self) -> tuple[Label, ...]:
        """The helper's line as drawn, within :meth:`helper_width`: whole where it fits;
        else fitted by :func:`fit_helper_line`, in the advice's shorter words where the
        longer ones leave no room; in a line too narrow even for that, wrapped to two
        lines (never cut at the window's edge or under the Menu button)."""
        label = self.helper_label()
        if label is None:
            return ()
        size = self.layout.font_small
        style = self.settings.deck_style
        width = self.helper_width()
        if label_width(label, size, style=style) <= width:
            return (label,)
        from skatgame.table.texts import HELP_SEPARATOR

        def whole(line: Label) -> bool:  # within the room, the game named and its value,
            text = label_text(line)  # nothing cut
            head = text.split(HELP_SEPARATOR.strip())[0]
            return label_width(line, size, style=style) <= width and "…" not in text and \
                any(c.isalpha() for c in head) and any(c.isdigit() for c in head)

        for words in (label, self.helper_label(short=True)):
            fitted = fit_helper_line(words, size, width, style) if words is not None else None
            if fitted is not None and whole(fitted):
                return (fitted,)
        return wrap_even(label, size, width, style=style)

    def helper_width(self) -> int:
        """The widest the helper's line may be: as wide as the prompt over it may be
        (wider than the buttons under it: with large text the game's value and the limit
        keep their room), clear of the tool buttons at the right and the window."""
        L = self.layout
        box = L.helper_rect()
        tools = L.toolbar_rects(1)[0]
        clear = 2 * (tools.left - L.gap - box.centerx)
        return min(max(box.width, L.prompt_width), clear) - 2 * L.gap

    @property
    def hint_label(self) -> Label | None:
        """A bid's hint in the helper's terms (its game, limit and chance) once the
        helper's advice is in, so the two never disagree."""
        return self._bid_hint() or super().hint_label

    def _bid_hint(self, short: int = 0) -> Label | None:
        """The hint in the helper's terms (``short``: in fewer words, see
        :func:`~skatgame.table.texts.bid_hint_text`); ``None`` without them."""
        if self.hint is None or self.advice is None or not self.helper_on:
            return None
        from skatgame.table.texts import bid_hint_text

        seat = self.table.to_move
        if seat is None:
            return None
        return bid_hint_text(getattr(self.hint, "action", None), self.advice,
                             self.table.hand_mask(seat), self.settings.deck_style, self.tr,
                             self.table.options.grand_base, short)

    def hint_words(self, label: Label) -> list[Label]:
        """The hint's words, then in fewer (as the helper's own line gives way: without
        the chance, then without the game's level) where its place is narrow."""
        if label != self.hint_label or self._bid_hint() is None:
            return super().hint_words(label)
        return [label, *(w for w in (self._bid_hint(1), self._bid_hint(2))
                         if w is not None and w != label)]

    def limit_button(self) -> widgets.Button | None:
        """The button the helper marks: the next bid while it lies within the limit (a
        strong player climbs step by step and never jumps to his limit: a jump shows his
        hand, as lesson 4 teaches; the helper's line says how high to go), Hold within
        it, else Pass."""
        if self.advice is None or not self.helper_on or not self.human_turn:
            return None
        limit = self.limit
        a = self.auction
        names = {b.name: b for b in self.actions}
        if not limit:
            return names.get("pass")
        if a.awaiting_answer:
            return names.get("hold" if a.value <= limit else "pass")
        bids = self._bids()
        if not bids or bids[0] > limit:
            return names.get("pass")
        return names.get(f"bid{bids[0]}")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.board.busy or not self.human_turn:
            return
        lines = self.helper_lines()
        if not lines or self.hint_on_helper():  # (the hint over it says more)
            return
        L = self.layout
        style = self.settings.deck_style
        size = L.font_small
        txts = [rich(line, size, theme.TEXT, style) for line in lines]
        inner = pygame.Rect(0, 0, max(t.get_width() for t in txts),
                            sum(t.get_height() for t in txts))
        inner.center = self.helper_rect().center
        box = inner.inflate(2 * L.gap, L.helper_rect().height - txts[0].get_height())
        surface.blit(widgets.rounded(box.size, min(box.height // 2, L.font_small),
                                     (10, 26, 18, 225)), box)
        y = inner.top
        for t, line in zip(txts, lines, strict=True):
            blit_text(surface, t, t.get_rect(midtop=(inner.centerx, y)), line, size)
            y += t.get_height()
        marked = self.limit_button()
        if marked is not None:
            ring = marked.rect.inflate(L.gap // 2 + 2, L.gap // 2 + 2)
            surface.blit(widgets.rounded(ring.size, ring.height // 2, (0, 0, 0, 0),
                                         theme.ACCENT, max(2, L.gap // 4)), ring)

    def hint_on_helper(self) -> bool:
        """Whether the hint's box reaches down over the bidding helper's line this frame
        (at four, where the skat leaves it no room above: the line gives way)."""
        label = self.hint_label
        if label is None or not self.human_turn:
            return False
        return self.hint_place(label)[0].bottom > self.helper_rect().top

    def hint_bottom(self) -> int:
        """Above the prompt, which stands above the helper's line when that is shown."""
        if self.helper_label() is None:
            return super().hint_bottom()
        L = self.layout
        return self.helper_rect().top - L.gap // 3 - L.font_body - L.gap

    def helper_rect(self) -> pygame.Rect:
        """Where the helper's line goes (see :meth:`Layout.helper_rect`); a line wrapped
        to two reaches up by the second (the prompt moves up with it)."""
        box = self.layout.helper_rect()
        extra = len(self.helper_lines()) - 1
        if extra > 0:
            bottom = box.bottom
            box.height += extra * line_height(self.layout.font_small)
            box.bottom = bottom
        return box

    def prompt_bottom(self) -> int:
        """The prompt stands above the helper's line when it is shown."""
        if self.board.busy or self.helper_label() is None:
            return super().prompt_bottom()
        return self.helper_rect().top - self.layout.gap // 3

    def on_key(self, event: pygame.event.Event) -> None:
        if not self.human_turn:
            return
        a = self.auction
        key = event.key
        tr = self.tr
        enter = widgets.ENTER_KEYS
        right = (pygame.K_RIGHT, pygame.K_UP, pygame.K_PLUS, pygame.K_KP_PLUS)
        left = (pygame.K_LEFT, pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS)
        if key in right or key in left:
            self._moved = True
        if a.awaiting_answer:
            if key in enter and self.pass_focus:
                self.call(PASS)
            elif key in enter or widgets.is_key(event, tr("key.hold")) or \
                    widgets.is_key(event, tr("key.yes")):  # "Ja" holds too
                self.call(HOLD)
            elif widgets.is_key(event, tr("key.pass")) or widgets.is_key(event, tr("key.no")) \
                    or key == pygame.K_0:
                self.call(PASS)
            elif key in right or key in left:
                self.pass_focus = key in left
            return
        bids = self._bids()
        if key in right and self.pass_focus:
            self.pass_focus = False  # from Pass to the lowest value shown
        elif key in right:
            if self.chosen + 1 < len(bids):
                self.choose(self.chosen + 1)
        elif key in left and not self.pass_focus:
            if self.chosen > 0:
                self.choose(self.chosen - 1)
            else:
                self.pass_focus = True  # left of the lowest value: Pass
        elif key in enter and self.pass_focus:
            self.call(PASS)
        elif key in (*enter, pygame.K_b):
            if self.chosen < len(bids):
                self.call(Bid(bids[self.chosen]))
        elif widgets.is_key(event, tr("key.pass")) or key == pygame.K_0:
            self.call(PASS)
        else:
            super().on_key(event)

    def draw_extra(self, surface: pygame.Surface) -> None:
        if not self.human_turn:
            return
        if self.slot is not None and not self.board.busy:
            self.slot.draw(surface)  # the limit's chip to come, while the helper thinks
        a = self.auction
        tr = self.tr
        if a.awaiting_answer:
            bidder = self.session.name_of(a.bidder)
            self.draw_prompt(surface, tr("auction.prompt_answer", player=bidder, value=a.value))
        else:
            other = a.answerer if a.stage < 3 else None
            if other is not None and other != self.table.to_move:
                self.draw_prompt(surface, tr("auction.prompt_bid",
                                             player=self.session.name_of(other)))
            else:
                self.draw_prompt(surface, tr("auction.prompt_open"))


@functools.lru_cache(maxsize=64)  # drawn every frame: fitted once per line and width
def fit_helper_line(label: Label, size: int, width: int, style: str) -> Label:
    """The bidding helper's line within ``width``: the chance gives way first, then the
    working of the value ("game 2, hand 3 × 10 = 30" becomes "30"), then the words of the
    game after its name (the matadors); the game's name, its value and the limit (the
    line's point) stay whole."""
    from skatgame.table.texts import HELP_SEPARATOR

    parts = (label,) if isinstance(label, str) else tuple(label)
    seps = [i for i, p in enumerate(parts) if p == HELP_SEPARATOR]
    if len(seps) >= 2:  # game · chance · limit: without the chance
        parts = parts[:seps[0]] + parts[seps[-1]:]
        if label_width(parts, size, style=style) <= width:
            return parts
    if seps:  # one separator is left: game · limit
        cut = parts.index(HELP_SEPARATOR)
        tail = parts[cut:]
        room = width - label_width(tail, size, style=style)
        head = list(parts[:cut])
        # the working of the value ("game 2, hand 3 × 10") gives way before its total;
        # then the game's words from the end, whole parts ("without 1"), leaving its name
        # ("♥ Hearts: 20": no "…" that reads as text cut off); in a line too narrow even
        # for that, the value too, then "…"
        tries: list[tuple[list[Any], tuple[Any, ...], bool]] = []
        if len(head) > 2 and head[-2] == ": ":
            total = str(head[-1]).rsplit("= ", 1)[-1]
            tries += [(head[:-2], (": ", total), False), (head[:-2], (": ", total), True)]
        for words, ends, shorter in tries:  # the game named in words, not by a sign only
            words = list(words)
            while words and shorter and (not str(words[-1]).strip() or label_width(
                    (*words, *ends), size, style=style) > room):
                words.pop()
            if any(isinstance(w, str) and any(c.isalpha() for c in w) for w in words) \
                    and label_width((*words, *ends), size, style=style) <= room:
                return (*words, *ends, *tail)
        words = list(head)
        while words and label_width((*words, "…"), size, style=style) > room:
            words.pop()
        if words:
            return (*words, "…", *tail)
    return shorten(label, size, width, style=style)
