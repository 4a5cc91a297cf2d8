"""Card play: playable cards raised, others dimmed; Kontra and Re; conceding.

Keys: arrows or 1-9, 0 pick a card, Enter (or Space, Up) plays it; K Kontra,
R Re, N no; C concede; O claims the rest (the cards laid open; the letters follow
the language); in a practice list Backspace takes back the human's last card (and
the cards played after it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from skatgame.engine.actions import CLAIM, CONCEDE, KONTRA, PASS, PLAYS, RE, Action, Play
from skatgame.engine.deal import IllegalActionError, Phase
from skatgame.engine.rules import EFFECTIVE_SUIT, TRUMP, GameKind
from skatgame.engine.seats import Seat
from skatgame.table.labels import Label
from skatgame.table.texts import play_prompt
from skatgame.ui import handkeys, theme, widgets
from skatgame.ui.tablescene import TableScene
from skatgame.ui.widgets import Sign

if TYPE_CHECKING:
    from skatgame.ui.board import Board
    from skatgame.ui.services import Services


class PlayScene(TableScene):
    """The tricks, from the first lead to the last card."""

    think_group = "play"
    name = "play"

    def __init__(self, services: Services, board: Board) -> None:
        self.pressed: int | None = None
        super().__init__(services, board)

    # ------------------------------------------------------------ state

    def legal_cards(self) -> list[int]:
        if not self.human_turn or self.table.phase is not Phase.PLAY:
            return []
        return [a.card for a in self.local.legal_actions() if isinstance(a, Play)]

    def _concede_open(self, h: Seat | None) -> bool:
        """Whether the human at ``h`` may concede now (not with one card left: the last
        trick plays itself out, there is nothing to give up)."""
        return h is not None and self.table.phase is Phase.PLAY and \
            self.session.is_human(h) and self.local.may_concede(h) and self._cards_left(h)

    @property
    def _human(self) -> Seat | None:
        h = self.session.human_seat
        return None if h is None else Seat(h)

    def _claim_open(self, h: Seat | None) -> bool:
        """Whether the human at ``h`` may claim the rest now (offered on his turn, not for
        the last trick alone)."""
        return h is not None and self.table.phase is Phase.PLAY and self.human_turn and \
            self.local.may_claim(h) and self._cards_left(h)

    def _cards_left(self, h: Seat) -> bool:
        """Whether ``h`` holds more than one card: more than the last trick to decide."""
        return len(self.table.hands[h]) > 1

    def actions_key(self) -> object:
        h = self._human
        back = h is not None and self.session.can_take_back(h)
        return (self.human_turn, self.table.phase, self._concede_open(h), back,
                self._claim_open(h), self.layout.width, self.layout.height)

    def make_actions(self) -> list[widgets.Button]:
        tr = self.tr
        table = self.table
        out: list[widgets.Button] = []
        if self.human_turn and table.phase is Phase.KONTRA:
            # a stray Enter must not double the stakes: No is the default
            return [self.action_button(tr("play.no"), lambda: self.apply(PASS), tr("key.no"),
                                       primary=True, name="no"),
                    self.action_button(tr("game.kontra"), lambda: self.apply(KONTRA),
                                       tr("key.kontra"),
                                       name="kontra")]
        if self.human_turn and table.phase is Phase.RE:
            return [self.action_button(tr("play.no"), lambda: self.apply(PASS), tr("key.no"),
                                       primary=True, name="no"),
                    self.action_button(tr("game.re"), lambda: self.apply(RE), tr("key.re"),
                                       name="re")]
        h = self._human
        if self._concede_open(h) and table.contract is not None and self.human_turn:
            out.append(self.action_button(tr("play.concede"), self.ask_concede,
                                          tr("key.concede"),
                                          name="concede"))
        if self._claim_open(h):
            out.append(self.action_button(tr("play.claim"), self.ask_claim, tr("key.claim"),
                                          name="claim"))
        if self.human_turn and h is not None and self.session.can_take_back(h):
            out.append(self.action_button(tr("practice.take_back"), self.take_back,
                                          "Backspace", name="take_back"))
        return out

    def take_back(self) -> None:
        """Practice: take back the human's last card and the cards played after it."""
        if not self.session.practice or self.watching:  # sitting out: no card to take back
            return
        if not self.local.take_back():
            self.board.toast.show(self.tr("practice.nothing"))
            return
        self.services.save_list()
        board = self.board
        board.catch_up()
        board.toast.show(self.tr("practice.taken_back"))
        self.nav.to_table(board)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE \
                and self.session.practice:
            self.take_back()
            return
        super().handle_event(event)

    def _mark_playable(self) -> None:
        """Raise the playable cards, dim the rest (only when it is the human's turn)."""
        view = self.board
        legal = self.legal_cards()
        hand = view.human_hand()
        if legal:
            view.lifted = set(legal)
            view.dimmed = {c for c in hand if c not in view.lifted}
            if view.focus is not None and view.focus not in hand:
                view.focus = None
        else:
            view.lifted = set()
            view.dimmed = set()
            view.focus = None

    def update(self, dt: float) -> None:
        super().update(dt)
        self._play_forced()
        self._mark_playable()

    @property
    def plays_forced(self) -> bool:
        """Whether a card that is the only legal one plays itself: the setting, or a list
        with a move timer (the timer never waits for a card that has no choice)."""
        return self.settings.play_forced or bool(self.session.move_timer)

    def _play_forced(self) -> None:
        """Play the human's only legal card by itself (see :attr:`plays_forced`)."""
        if not self.plays_forced or not self.on_top:
            return
        legal = self.legal_cards()
        if len(legal) == 1:
            self.board.focus = None
            if self.apply(PLAYS[legal[0]], chosen=False) and self.move_timer is not None:
                self.move_timer.stop()  # no decision: the countdown never ran for it

    # ------------------------------------------------------------ actions

    def play(self, card: int) -> None:
        """Play a card of the human's hand, or say why it may not be played."""
        if not self.human_turn or self.table.phase is not Phase.PLAY:
            return
        if card in self.legal_cards():
            self.board.focus = None
            self.apply(PLAYS[card])
            return
        self.board.shake(card)
        self.services.sound.play("click")
        self.board.toast.show(self.follow_message(), 2.2, theme.BAD)

    def follow_message(self) -> Label:
        """Why a card may not be played: the suit led must be followed."""
        trick = self.table.trick_cards()
        if not trick:
            return self.tr("play.not_your_card")
        contract = self.table.contract
        kind = contract.kind if contract is not None else GameKind.GRAND
        lead = trick[0][1]
        eff = EFFECTIVE_SUIT[kind][lead]
        if eff == TRUMP:
            return self.tr("play.follow_trump")
        return (self.tr("play.follow_suit"), " ", Sign(eff))

    def ask_concede(self) -> None:
        h = self._human
        if h is None or not self.local.may_concede(h):
            return
        body = self.tr("play.concede_declarer") if h == self.table.declarer else \
            self.tr("play.concede_defender")
        self.nav.push("confirm", title=self.tr("play.concede"), body=body,
                      on_yes=lambda: self.apply(CONCEDE, h))

    def ask_claim(self) -> None:
        """Ask before the human lays his cards open and claims the rest."""
        h = self._human
        if not self._claim_open(h):
            return
        contract = self.table.contract
        null = contract is not None and contract.kind == GameKind.NULL
        key = "play.claim_null_declarer" if null and h == self.table.declarer else \
            "play.claim_null_defender" if null else "play.claim_body"
        if contract is not None and contract.ouvert and h == self.table.declarer:
            key += ".open"  # his cards lie open already: no "lay your cards open"
        body = self.tr(key)
        self.nav.push("confirm", title=self.tr("play.claim"), body=body,
                      on_yes=lambda: self.claim())

    def claim(self) -> None:
        """Claim the rest for the human's side; the engine rules on it (every remaining
        trick to the claimer's side, or to the other side when they could still have won
        one) and the table says which. Too many cards left to check: play on."""
        h = self._human
        if h is None or not self.local.may_claim(h):
            return
        try:
            self.local.propose(CLAIM, h)
        except IllegalActionError:  # allowed now: only too deep a position is refused
            self.board.toast.show(self.tr("play.claim_too_early"), 3.0, theme.BAD)
            return
        self._acted()

    # ------------------------------------------------------------ input

    def on_mouse(self, event: pygame.event.Event) -> None:
        if not self.human_turn or self.table.phase is not Phase.PLAY:
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.board.hand_card_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            card = self.board.hand_card_at(event.pos)
            if card is not None and card == self.pressed:
                self.play(card)
            self.pressed = None

    def on_mouse_motion(self, event: pygame.event.Event) -> None:
        self.board.hover = self.board.hand_card_at(event.pos) if self.human_turn else None

    def on_hint(self, action: Action) -> None:
        """The suggested card becomes the chosen one: Enter plays it."""
        card = getattr(action, "card", None)
        if card is not None and card in self.board.human_hand():
            self.board.focus = card

    def on_key(self, event: pygame.event.Event) -> None:
        if not self.human_turn:
            return
        table = self.table
        key = event.key
        if table.phase in (Phase.KONTRA, Phase.RE):
            if key in (pygame.K_p, pygame.K_ESCAPE):
                self.apply(PASS)
                return
            super().on_key(event)
            return
        view = self.board
        hand = view.human_hand()
        if not hand:
            return
        legal = self.legal_cards()
        if key in handkeys.ARROWS:
            # over the playable cards as drawn (the engine lists them in its own order)
            view.focus = handkeys.step_card(hand, legal, view.focus, handkeys.ARROWS[key])
            view.highlight = None  # one gold frame: the card the player now chose
            self._say_focus()
            return
        place = handkeys.number_place(key)
        if place is not None:
            if place < len(hand):
                view.focus = hand[place]
                self._say_focus()
            return
        h = self._human
        if widgets.is_key(event, self.tr("key.concede")) and h is not None and \
                table.declarer == h and not self.local.may_concede(h):
            view.toast.show(self.tr("play.concede_too_late"), 2.5)  # the 9-card rule, said
            return
        if widgets.is_key(event, self.tr("key.claim")):
            self.ask_claim()
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP):
            if view.focus is None and len(legal) == 1:
                view.focus = legal[0]
            if view.focus is not None:
                self.play(view.focus)
            else:
                view.toast.show(self.tr("play.pick_first"), 1.8)
            return
        super().on_key(event)

    def _say_focus(self) -> None:
        """A table that speaks names the card the keys chose (and whether it may go)."""
        card = self.board.focus
        if card is None or not self.services.speaker.on:
            return
        self.services.speaker.focus(handkeys.card_focus_words(
            card, card in self.legal_cards(), self.settings.deck_style, self.tr))

    def draw_extra(self, surface: pygame.Surface) -> None:
        if not self.human_turn:
            return
        table = self.table
        tr = self.tr
        if table.phase is Phase.KONTRA:
            self.draw_prompt(surface, tr("play.prompt_kontra"))
        elif table.phase is Phase.RE:
            self.draw_prompt(surface, tr("play.prompt_re"))
        elif table.phase is Phase.PLAY and table.to_move is not None:
            # whose turn, in words, every time (also right after winning a trick)
            self.draw_prompt(surface, play_prompt(table, table.to_move, tr,
                                                  self.settings.deck_style))
