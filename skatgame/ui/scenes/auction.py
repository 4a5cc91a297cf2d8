"""The auction: the next legal bids as buttons, hold or pass, calls in speech bubbles."""

from __future__ import annotations

import pygame

from skatgame.engine.actions import HOLD, PASS, Action, Bid
from skatgame.engine.deal import Phase
from skatgame.ui import widgets
from skatgame.ui.scenes.table import DIRTY, TableScene

#: How many bid values are offered at a time.
CHIPS = 5


class AuctionScene(TableScene):
    """Bidding. Keys: 1-5 bid the value shown, arrows choose, Enter bids/holds, P passes."""

    phases = (Phase.AUCTION,)
    think_group = "auction"
    name = "auction"

    def __init__(self, app, view) -> None:  # noqa: ANN001
        self.window = 0  # first offered value (index into the legal bids)
        self.choice = 0  # the chosen chip within the window
        super().__init__(app, view)

    def enter(self) -> None:
        self._actions_key = DIRTY

    def _bids(self) -> tuple[int, ...]:
        return self.deal.auction.legal_bids()

    def actions_key(self) -> object:
        a = self.deal.auction
        return (self.human_turn, a.awaiting_answer, a.value, len(a.calls), self.window,
                self.choice, self.layout.width, self.layout.height)

    def make_actions(self) -> list[widgets.Button]:
        if not self.human_turn:
            return []
        tr = self.tr
        a = self.deal.auction
        if a.awaiting_answer:
            return [
                self.action_button(tr("auction.pass"), lambda: self.call(PASS), "P",
                                   name="pass"),
                self.action_button(tr("auction.hold_value", value=a.value),
                                   lambda: self.call(HOLD), "Y", primary=True, name="hold"),
            ]
        bids = self._bids()
        self.window = max(0, min(self.window, max(0, len(bids) - CHIPS)))
        shown = bids[self.window:self.window + CHIPS]
        self.choice = max(0, min(self.choice, len(shown) - 1))
        out = [self.action_button(tr("auction.pass"), lambda: self.call(PASS), "P",
                                  name="pass")]
        if self.window > 0:
            out.append(self.action_button("«", lambda: self.shift(-CHIPS), name="lower"))
        for i, v in enumerate(shown):
            out.append(self.action_button(str(v), lambda v=v: self.call(Bid(v)), str(i + 1),
                                          primary=i == self.choice, name=f"bid{v}"))
        if self.window + CHIPS < len(bids):
            out.append(self.action_button("»", lambda: self.shift(CHIPS), name="higher"))
        return out

    def shift(self, by: int) -> None:
        self.window = max(0, self.window + by)
        self.choice = 0 if by > 0 else CHIPS - 1

    def call(self, action: Action) -> None:
        if not self.human_turn:
            return
        if self.apply(action):
            self.window = self.choice = 0

    def on_hint(self, action: Action) -> None:
        if isinstance(action, Bid):
            bids = self._bids()
            if action.value in bids:
                i = bids.index(action.value)
                self.window = (i // CHIPS) * CHIPS
                self.choice = i - self.window

    def on_key(self, event: pygame.event.Event) -> None:
        if not self.human_turn:
            return
        a = self.deal.auction
        key = event.key
        if a.awaiting_answer:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y, pygame.K_j):
                self.call(HOLD)
            elif key in (pygame.K_p, pygame.K_n, pygame.K_0):
                self.call(PASS)
            return
        bids = self._bids()
        if key in (pygame.K_RIGHT, pygame.K_UP, pygame.K_PLUS, pygame.K_KP_PLUS):
            i = self.window + self.choice + 1
            if i < len(bids):
                self.window = (i // CHIPS) * CHIPS
                self.choice = i - self.window
        elif key in (pygame.K_LEFT, pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
            i = self.window + self.choice - 1
            if i >= 0:
                self.window = (i // CHIPS) * CHIPS
                self.choice = i - self.window
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_b):
            i = self.window + self.choice
            if i < len(bids):
                self.call(Bid(bids[i]))
        elif key in (pygame.K_p, pygame.K_0):
            self.call(PASS)
        else:
            super().on_key(event)

    def draw_extra(self, surface: pygame.Surface) -> None:
        if not self.human_turn:
            return
        a = self.deal.auction
        tr = self.tr
        if a.awaiting_answer:
            bidder = self.session.name_of(a.bidder)
            self.draw_prompt(surface, tr("auction.prompt_answer", player=bidder, value=a.value))
        else:
            other = a.answerer if a.stage < 3 else None
            if other is not None and other != self.deal.to_move:
                self.draw_prompt(surface, tr("auction.prompt_bid",
                                             player=self.session.name_of(other)))
            else:
                self.draw_prompt(surface, tr("auction.prompt_open"))
