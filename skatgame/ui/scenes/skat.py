"""The skat: play hand or pick it up, put two cards away (click or drag), then declare.

Schieberamsch is handled here too: take the skat (and pass two cards on) or
push it unseen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from skatgame.engine.actions import PUSH_SKAT, TAKE_SKAT, Action, Contract, Discard
from skatgame.engine.cards import JACKS
from skatgame.engine.deal import Phase
from skatgame.table.hand import sort_hand
from skatgame.table.i18n import deck_text
from skatgame.ui import handkeys, theme, widgets
from skatgame.ui.tablescene import TIMEOUT_KEEP, TableScene

if TYPE_CHECKING:
    from skatgame.ui.board import Board
    from skatgame.ui.services import Services


class SkatScene(TableScene):
    """Keys: S pick up / take, G play hand, P push; arrows, Space and Enter to put away."""

    think_group = "skat"
    name = "skat"

    def __init__(self, services: Services, board: Board) -> None:
        self.press: tuple[int, tuple[int, int], str] | None = None  # card, where, from
        self.pointer: tuple[int, int] | None = None  # where the mouse was seen last
        self.dialog_open = False
        #: the hint said play hand: Enter (the highlighted button) does that, not pick up
        self.hand_hinted = False
        #: the game the discard hint put its two cards away for (the dialog opens on it
        #: when the player put those two away)
        self.discard_hint: tuple[frozenset[int], Contract] | None = None
        self.hinted_game: Contract | None = None
        super().__init__(services, board)

    # ------------------------------------------------------------ state

    @property
    def chosen(self) -> list[int]:
        """The human's cards moved to the skat to be put away."""
        return list(self.board.staged)

    def actions_key(self) -> object:
        return (self.human_turn, self.table.phase, tuple(self.chosen), self.layout.width,
                self.layout.height, self.hand_hinted)

    def make_actions(self) -> list[widgets.Button]:
        if not self.human_turn:
            return []
        tr = self.tr
        phase = self.table.phase
        if phase is Phase.SKAT:
            return [
                self.action_button(tr("skat.play_hand"), self.play_hand, tr("key.skat.hand"),
                                   primary=self.hand_hinted, name="hand"),
                self.action_button(tr("auction.take_skat"), self.take, tr("key.skat.take"),
                                   primary=not self.hand_hinted, name="take"),
            ]
        if phase is Phase.SCHIEBEN:
            return [
                self.action_button(tr("skat.push"), lambda: self.apply(PUSH_SKAT),
                                   tr("key.skat.push"),
                                   name="push"),
                self.action_button(tr("skat.take"), self.take, tr("key.skat.take"), primary=True,
                                   name="take"),
            ]
        if phase is Phase.DISCARD:
            n = len(self.chosen)
            return [self.action_button(tr("skat.put_away"), self.put_away, "Enter",
                                       primary=True, name="discard", enabled=n == 2)]
        return []

    # ------------------------------------------------------------ actions

    def take(self) -> None:
        if self.human_turn:
            self.apply(TAKE_SKAT)

    def play_hand(self) -> None:
        if self.human_turn and self.table.phase is Phase.SKAT:
            self.open_dialog(hand=True)

    def open_dialog(self, hand: bool) -> None:
        self.dialog_open = True
        self.nav.push("declare", table=self, hand=hand)

    def dialog_closed(self) -> None:
        self.dialog_open = False

    def on_hint(self, action: Action) -> None:
        """Before the skat the hint's choice (play hand or pick up) becomes the highlighted
        button; the suggested cards go to the skat, as the play hint chooses its card:
        Enter does what the hint says (a click takes a card back)."""
        if self.table.phase is Phase.SKAT:
            self.hand_hinted = action != TAKE_SKAT
            self.refresh_actions()
            return
        if not isinstance(action, Discard) or self.table.phase is not Phase.DISCARD:
            return
        game = getattr(self.hint, "contract", None)
        self.discard_hint = (frozenset(action.cards), game) if game is not None else None
        board = self.board
        for card in [c for c in board.staged if c not in action.cards]:
            board.staged.remove(card)
        for card in action.cards:
            if card not in board.staged and card in board.human_hand():
                board.staged.append(card)
        board.focus = None

    def put_away(self) -> None:
        chosen = self.chosen
        if self.human_turn and len(chosen) == 2:
            hinted = self.discard_hint
            self.hinted_game = hinted[1] if hinted and hinted[0] == frozenset(chosen) else None
            self.apply(Discard.of(chosen[0], chosen[1]))

    def on_timeout(self) -> None:
        """The move timer ran out: cards half put away go back to the hand first."""
        for card in list(self.chosen):
            self.toggle(card)

    def toggle(self, card: int) -> None:
        """Move a card between the hand and the skat (at most two in the skat)."""
        board = self.board
        if card in board.staged:
            board.staged.remove(card)
            return
        if card not in board.human_hand():
            return
        if self.table.contract is not None and JACKS >> card & 1:  # Schieberamsch
            board.shake(card)
            board.toast.show(deck_text(self.tr, "skat.no_jacks", self.settings.deck_style),
                             2.0, theme.BAD)
            return
        if len(board.staged) >= 2:
            board.shake(card)
            board.toast.show(self.tr("skat.two_only"), 1.8)
            return
        board.staged.append(card)
        self.services.sound.play("card")

    # ------------------------------------------------------------ input

    def on_mouse(self, event: pygame.event.Event) -> None:
        if not self.human_turn or self.table.phase is not Phase.DISCARD:
            return
        view = self.board
        self.pointer = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            card = view.hand_card_at(event.pos)
            if card is not None:
                self._hold_places()
            origin = "hand"
            if card is None:
                card = view.skat_card_at(event.pos)
                origin = "skat"
            if card is not None and (origin == "hand" or card in self.chosen):
                self.press = (card, event.pos, origin)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            press, self.press = self.press, None
            if press is None:
                return
            card, _start, origin = press
            if view.dragging is not None:
                view.dragging = None
                over_skat = view.skat_area().collidepoint(event.pos)
                if (origin == "hand") == over_skat:
                    self.toggle(card)
                view.release(card)
                return
            self.toggle(card)

    def on_mouse_motion(self, event: pygame.event.Event) -> None:
        view = self.board
        self.pointer = event.pos
        if self.press is not None:
            card, start, _origin = self.press
            sprite = view.sprite_of(card)
            moved = abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1])
            if view.dragging is None and sprite is not None and moved > 8:
                view.dragging = (card, sprite.x - event.pos[0], sprite.y - event.pos[1])
            if view.dragging is not None and sprite is not None:
                _c, dx, dy = view.dragging
                sprite.x, sprite.y, sprite.angle = event.pos[0] + dx, event.pos[1] + dy, 0.0
                sprite.motion = None
            return
        view.hover = view.hand_card_at(event.pos) if self.human_turn else None

    def on_key(self, event: pygame.event.Event) -> None:
        if not self.human_turn:
            return
        phase = self.table.phase
        key = event.key
        if phase is Phase.DISCARD:
            view = self.board
            hand = view.human_hand()
            cards = hand + self.chosen
            if not cards:
                return
            if key in (pygame.K_RIGHT, pygame.K_LEFT):
                view.focus = handkeys.step_card(cards, (), view.focus, handkeys.ARROWS[key])
                return
            place = handkeys.number_place(key)
            if place is not None:
                if place < len(hand):
                    view.focus = hand[place]
                return
            if key in (pygame.K_SPACE, pygame.K_UP, pygame.K_DOWN):
                if view.focus is not None:
                    self.toggle(view.focus)
                return
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                # Enter chooses the card the arrows are on until two are chosen, then
                # puts them away (as the button under the prompt says)
                if len(self.chosen) < 2 and view.focus in hand:
                    at = hand.index(view.focus)
                    self.toggle(view.focus)
                    rest = view.human_hand()  # the arrows stay where they were
                    if view.focus not in rest and rest:
                        view.focus = rest[min(at, len(rest) - 1)]
                elif len(self.chosen) < 2 and view.focus in self.chosen:
                    # the arrows went on to a card already in the skat: Enter takes it
                    # back (it did nothing, and a newcomer pressed it again and again)
                    self.toggle(view.focus)
                else:
                    self.put_away()
                return
        if phase is Phase.SKAT and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.hand_hinted:  # Enter does what the highlighted button says
                self.play_hand()
            else:
                self.take()
            return
        super().on_key(event)

    # ------------------------------------------------------------ flow

    def update(self, dt: float) -> None:
        super().update(dt)
        self._keep_places()
        if not self.on_top:
            return
        timer = self.move_timer
        # cards put away by the move timer: the table says so before the dialog covers it
        board = self.board
        said = board.timeout_note is None or board.clock - board.timeout_at >= TIMEOUT_KEEP
        if self.human_turn and self.table.phase is Phase.DECLARE and not self.dialog_open and \
                not (timer is not None and timer.expired) and said:
            self.open_dialog(hand=False)

    def _keep_places(self) -> None:
        """While the mouse puts cards away, the hand's cards keep their places (a card
        moved to the skat leaves a gap, so a second click hits the card it was aimed
        at); once the pointer leaves the hand, or both cards are chosen (no click into
        the hand is then aimed at a card to put away), the hand closes up, centred
        (gliding, at once with reduced motion)."""
        view = self.board
        if view.keep_places is not None and (
                self.table.phase is not Phase.DISCARD or not self.human_turn
                or len(view.staged) >= 2 or not self._over_hand()):
            view.keep_places = None

    def _hold_places(self) -> None:
        """A click into the hand: its cards keep their places from now on."""
        view = self.board
        if view.keep_places is not None or self.table.phase is not Phase.DISCARD:
            return
        s = self.settings
        contract = view.shown.contract
        kind = contract.kind if contract is not None else None
        view.keep_places = sort_hand(view.human_hand(), kind, s.sort_order, s.sort_direction)

    def _over_hand(self) -> bool:
        """Whether the pointer is over the hand (its places as they are kept)."""
        if self.pointer is None:
            return False
        L = self.layout
        slots = L.hand_slots(len(self.board.keep_places or ()))
        if not slots:
            return False
        top = L.hand_base_y - L.card_h / 2 - L.raise_by - L.gap
        left, right = slots[0][0] - L.card_w / 2, slots[-1][0] + L.card_w / 2
        x, y = self.pointer
        return left <= x <= right and y >= top

    def draw_extra(self, surface: pygame.Surface) -> None:
        if not self.human_turn:
            return
        phase = self.table.phase
        tr = self.tr
        if phase is Phase.SKAT:
            self.draw_prompt(surface, tr("skat.prompt_choice", bid=self.table.bid))
        elif phase is Phase.SCHIEBEN:
            self.draw_prompt(surface, tr("skat.prompt_schieben"))
        elif phase is Phase.DISCARD:
            left = 2 - len(self.chosen)
            self.draw_prompt(surface, tr("skat.prompt_discard", n=left) if left > 0
                             else tr("skat.prompt_discard_ready"))
            self.draw_skat_places(surface)

    def draw_skat_places(self, surface: pygame.Surface) -> None:
        """Outlines where the cards to put away go (the empty places of the skat)."""
        L = self.layout
        w, h = L.table_w, L.table_h
        n = len(self.board.shown.skat) + len(self.board.staged)
        for x, y, _a in L.skat_slots(2)[n:]:
            r = pygame.Rect(0, 0, w, h)
            r.center = (round(x), round(y))
            surface.blit(widgets.rounded(r.size, max(4, w // 12), (255, 255, 255, 22),
                                         theme.ACCENT, 2), r.topleft)
