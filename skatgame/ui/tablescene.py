"""What every scene at the table shares: the board, the toolbar, computer turns, hints.

A table scene owns the phases of a deal its route stands for (the one table of
phase to route is :mod:`skatgame.ui.routes`'); when the deal moves on (and the
board has caught up) it hands the same :class:`~skatgame.ui.board.Board` to
the scene of the next phase, so cards keep moving smoothly across scenes. It
reads the table as the bottom seat sees it (``self.table``, the fold) and
proposes the human's actions to the list at the table (``self.local``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from skatgame.engine.actions import Action
from skatgame.engine.deal import IllegalActionError, Phase
from skatgame.engine.seats import Seat
from skatgame.table.chancewhy import chance_moved_text
from skatgame.table.labels import Label
from skatgame.table.seated import SeatedTable
from skatgame.table.seatview import SeatTable
from skatgame.table.session import Session
from skatgame.table.texts import hint_text, timeout_text
from skatgame.table.thinker import Ticket
from skatgame.table.timer import MoveTimer
from skatgame.ui import theme, widgets
from skatgame.ui.anim import calm
from skatgame.ui.board import Board
from skatgame.ui.gate import TURN_GRACE, InputGate
from skatgame.ui.layout import BOTTOM, LEFT, RIGHT, TRICK_DISORDER, Layout, turned_box
from skatgame.ui.scene import Scene, toolbar
from skatgame.ui.text import (
    blit_text,
    draw_text,
    label_width,
    line_height,
    note_cover,
    rich,
    wrap_even,
    wrap_label,
    wrap_lines,
)

if TYPE_CHECKING:
    from skatgame.ai.player import Suggestion
    from skatgame.ui.services import Services

#: Seconds a computer's decision stays "in thought" at the least (normal speed), so
#: that the player can follow; per phase group.
MIN_THINK = {"auction": 0.55, "skat": 0.7, "play": 0.4}

#: The keys that say again what a player who cannot see the table asks for.
SPOKEN_KEYS = {pygame.K_F5: "hand", pygame.K_F6: "trick", pygame.K_F7: "score",
               pygame.K_F8: "last_trick", pygame.K_F9: "again"}

#: Seconds the move timer's words (what it did for the player) are read before a dialog
#: may cover the table (they stay by his plate until his next decision).
TIMEOUT_KEEP = 2.0

#: Percentage points a hint's chance may move from the last hint's in the same deal's card
#: play before the hint says why (the cards played since: what the player saw happen).
CHANCE_JUMP = 25

#: A tool button: its label, action, key and name.
Tool = tuple[Label, Callable[[], object], str, str]

#: Marks the action buttons as out of date.
DIRTY = object()

#: Seconds of card-art rendering allowed per frame (the rest of the deck is warmed ahead).
WARM_BUDGET = 0.004


def shorter_prompts(text: Label) -> list[str]:
    """A prompt without its last sentences, longest first ("Your turn: Ben bids 18." of
    "Your turn: Ben bids 18. Hold or pass?"); none for a prompt of one sentence."""
    if not isinstance(text, str):
        return []
    cuts = [i + 1 for i, ch in enumerate(text[:-1]) if ch in ".?!" and text[i + 1] == " "]
    return [text[:i] for i in reversed(cuts)]


class TableScene(Scene):
    """Base of the dealing, auction, skat, play and results scenes."""

    think_group = "play"
    name = "table"

    def __init__(self, services: Services, board: Board) -> None:
        self.board = board
        self.local: SeatedTable = board.local
        self.session: Session = board.local.session
        self.hint_ticket: Ticket[Suggestion] | None = None
        #: the Expert's suggestion, shown in words above the hand until the human acts
        self.hint: Suggestion | None = None
        #: H was pressed as the human's turn came, before the table was ready for it
        self.hint_wanted = False
        #: the instruction drawn last, near the hand (whose turn, what to do)
        self.prompt: Label | None = None
        self.tools: list[widgets.Button] = []
        self.actions: list[widgets.Button] = []
        self._actions_key: object = DIRTY
        self._skipping = False  # the button-up of the click that skipped an animation
        #: input for the human's decisions waits until the table has come to rest
        self.gate = InputGate(TURN_GRACE)
        #: the Expert's move asked for when the move timer ran out
        self.timeout_ticket: Ticket[Suggestion] | None = None
        #: the earlier hint's chance the shown one moved far from, and why, in words
        self.hint_was: Label | None = None
        from skatgame.ui.netlayer import layer_for

        #: at a network table: who is away, chat, the table's end (``None``: a local list)
        self.net = layer_for(services, self)
        super().__init__(services)

    # ------------------------------------------------------------ layout

    @property
    def layout(self) -> Layout:
        """The window's layout seated for this table (three or four): the prompt and
        the action bar stand where the board lays the hand."""
        return self.board.layout

    def relayout(self) -> None:
        self.board.relayout()
        L = self.layout
        tr = self.tr
        tools = [(tr("table.menu"), self.open_pause, "Esc", "menu"),
                 (tr("table.last_trick"), self.open_last_trick, tr("key.last_trick"), "last_trick"),
                 (tr("log.button"), self.open_log, tr("key.log"), "log"),
                 (tr("table.hint"), self.ask_hint, tr("key.hint"), "hint"),
                 (tr("table.sheet"), self.open_sheet, "Tab", "sheet")]
        if self.watching:  # no hand, no decisions: nothing to hint at
            tools = [t for t in tools if t[3] != "hint"]
        self.tools = toolbar(L, self.own_tools(tools), {
            "last_trick": tr("table.last_trick_short"), "sheet": tr("table.sheet_short"),
            "cards": tr("results.show_cards_short")})
        self._actions_key = DIRTY  # rebuild the action buttons
        self.refresh_actions()

    def own_tools(self, tools: Sequence[Tool]) -> Sequence[Tool]:
        """The toolbar's (label, action, key, name) of this scene (a scene may change
        one: the results show the cards where the hint was)."""
        return tools

    def refresh_actions(self) -> None:
        """Rebuild the action buttons when what the human may do has changed."""
        key = self.actions_key()
        if key == self._actions_key:
            return
        self._actions_key = key
        self.actions = self.make_actions()
        self.place_actions(self.actions)
        self.buttons = [*self.actions, *self.tools]

    def place_actions(self, buttons: list[widgets.Button]) -> None:
        """Set the action buttons' rects: side by side in the action bar above the hand."""
        L = self.layout
        widgets.row_of_buttons(buttons, L.action_bar(), L.button_h, L.gap,
                               round(L.button_h * 2.4))

    def actions_key(self) -> object:
        """Whatever decides the action buttons; they are rebuilt when it changes."""
        return None

    def make_actions(self) -> list[widgets.Button]:
        return []

    def action_button(self, label: Label, action: object, key_hint: str = "",
                      primary: bool = False, name: str = "",
                      enabled: bool = True) -> widgets.Button:
        """A button in the action bar."""
        return widgets.Button(label, action, key_hint=key_hint, primary=primary,  # type: ignore
                              font_size=self.layout.font_body, name=name, enabled=enabled,
                              style=self.settings.deck_style)

    # ------------------------------------------------------------ state

    @property
    def table(self) -> SeatTable:
        """The table as the bottom seat sees it now (the board shows it a little later)."""
        return self.local.table

    def handles(self, phase: Phase) -> bool:
        """Whether this scene's route stands for ``phase``."""
        return self.nav.phase_route(phase) == self.name

    def leave(self) -> None:
        """Off the stack: the questions on their way to the worker are dropped (a
        computer's move too; the next table scene asks again)."""
        self.services.workers.cancel([t for t in (self.hint_ticket, self.timeout_ticket)
                                      if t is not None])
        self.hint_ticket = self.timeout_ticket = None
        self.local.cancel()

    @property
    def watching(self) -> bool:
        """Whether the human deals and sits out this deal (at four): he only watches."""
        return self.session.human_seat is None

    @property
    def decision_due(self) -> bool:
        """Whether the human is to decide now and the table has caught up."""
        table = self.table
        return (not self.board.busy and self.handles(table.phase)
                and self.session.is_human(table.to_move) and not self.local.awaiting)

    @property
    def _turn_coming(self) -> bool:
        """Whether the human is to decide once the table has caught up."""
        table = self.table
        return (table.to_move is not None and self.handles(table.phase)
                and self.session.is_human(table.to_move))

    @property
    def human_turn(self) -> bool:
        """Whether the human's decision is open: due, and its buttons and prompt shown.

        The table waits a moment after coming to rest (:data:`TURN_GRACE`), so
        that a key or click meant to hurry the animation never decides.
        """
        return self.decision_due and self.gate.open

    def show_points(self) -> bool:
        """The running card points: one setting (an older list's house rule yields to it)."""
        return self.settings.show_running_points

    # ------------------------------------------------------------ tools

    def open_pause(self) -> None:
        self.services.save_list()
        self.nav.push("pause")

    def open_sheet(self) -> None:
        self.nav.push("sheet", session=self.session)

    def open_log(self) -> None:
        """The deal's log as the table has shown it so far."""
        self.nav.push("log", board=self.board)

    def open_last_trick(self) -> None:
        if not self.table.options.last_trick_visible:
            self.board.toast.show(self.tr("table.no_last_trick_rule"))
            return
        if self.board.shown.last_trick is None:
            self.board.toast.show(self.tr("table.no_last_trick"))
            return
        self.nav.push("last_trick", board=self.board)

    def ask_hint(self) -> None:
        """Ask the worker for a suggestion for the human's decision."""
        if self.watching:  # the H key while sitting out: there is nothing to suggest
            return
        seat = self.table.to_move
        if self._turn_coming and not self.human_turn:
            # his turn has come, the table is still settling: the hint follows at once
            self.hint_wanted = True
            return
        if not self.human_turn or seat is None:
            self.board.toast.show(self.tr("hint.not_now"))
            return
        if self.hint_ticket is None:
            self.hint_ticket = self.local.hint(seat)
            self.board.toast.show(self.tr("hint.thinking"), 1.0)

    def _poll_hint(self) -> None:
        t = self.hint_ticket
        if t is None:
            return
        if not t.done:
            if not self.board.toast.visible:  # still looking: say so until the answer comes
                self.board.toast.show(self.tr("hint.thinking"), 1.0)
            return
        self.hint_ticket = None
        suggestion = t.result
        if suggestion is None or not self.human_turn or \
                suggestion.action not in self.local.legal_actions():
            self.board.toast.show(self.tr("hint.none"))
            return
        action = suggestion.action
        self.board.toast.clear()  # the "looking for a hint" note
        self.hint = suggestion
        self.hint_was = self._chance_moved(suggestion)
        card = getattr(action, "card", None)
        if card is not None:
            self.board.highlight = card
        self.on_hint(action)

    def _chance_moved(self, suggestion: Suggestion) -> Label | None:
        """Where this hint's chance is :data:`CHANCE_JUMP` points or more away from the card
        play's last hint: what that chance was and why it moved, by what the player saw
        since (:func:`~skatgame.table.chancewhy.chance_moved_text`); the hint's chance is
        kept for the next one."""
        table = self.table
        p = suggestion.win_probability
        seat = table.to_move
        if table.phase is not Phase.PLAY or p is None or seat is None:
            return None
        percent = round(100 * p)
        played = sum(len(pile) for pile in table.piles) + len(table.trick)
        trick = sum(table.tricks_won(s) for s in (Seat(0), Seat(1), Seat(2))) + 1
        deal = self.session.deal_number
        before = self.board.hint_chance
        self.board.hint_chance = (deal, played, trick, percent)
        if before is None or before[0] != deal or before[1] >= played \
                or abs(before[3] - percent) < CHANCE_JUMP:
            return None
        s = self.settings
        return chance_moved_text(self.local.observation(seat), before[1], before[3], percent,
                                 before[2], self.session.name_of, suggestion.worlds,
                                 s.deck_style, s.german_letters, self.tr)

    def on_hint(self, action: Action) -> None:
        """A scene may mark the suggested action (e.g. select a bid)."""

    # ------------------------------------------------------------ events

    def handle_event(self, event: pygame.event.Event) -> None:
        t = event.type
        if self.net is not None and self.net.handle_event(event):
            return
        if t == pygame.MOUSEMOTION:
            widgets.handle_buttons(self.buttons, event)
            self.on_mouse_motion(event)
            return
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if widgets.handle_buttons(self.tools, event):
                return
            if self.board.busy and t == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.board.skip()  # a click shows the end of every animation
                self._skipping = True
                return
            if t == pygame.MOUSEBUTTONUP and self._skipping:
                self._skipping = False
                return
            if not self.gate.admits(event):  # the table was moving: the click only skipped
                return
            if widgets.handle_buttons(self.actions, event):
                return
            self.on_mouse(event)
            return
        if t == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                self.open_pause()
                return
            if widgets.is_key(event, self.tr("key.hint")):
                self.ask_hint()
                return
            if widgets.is_key(event, self.tr("key.last_trick")):
                self.open_last_trick()
                return
            if widgets.is_key(event, self.tr("key.log")):
                self.open_log()
                return
            if key == pygame.K_TAB:
                self.open_sheet()
                return
            if key in SPOKEN_KEYS:  # a table that speaks: hear it again
                speaker = self.services.speaker
                if not speaker.on or speaker.voice is None:  # said where to turn it on
                    self.board.toast.show(self.tr("speech.keys_off" if not speaker.on
                                                  else "speech.keys_missing"), 3.0)
                elif key == pygame.K_F9:
                    speaker.repeat()
                else:
                    if speaker.narrator is None:  # (speech turned on during the deal)
                        self.board.seat_speaker()
                    speaker.ask(SPOKEN_KEYS[key], self.board.shown)
                return
            if self.board.busy and key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.board.skip()
                self.gate.admits(event)  # its repeats do not act on what comes next
                return
            if not self.gate.admits(event):
                return
            self.on_key(event)
            return
        if t == pygame.KEYUP:
            self.gate.admits(event)

    def on_mouse(self, event: pygame.event.Event) -> None:
        """Mouse buttons not used by a button."""

    def on_mouse_motion(self, event: pygame.event.Event) -> None:
        """The mouse moved (hover, drag)."""

    def on_key(self, event: pygame.event.Event) -> None:
        """Keys for the scene's decisions; a key that names a button's hint presses it."""
        widgets.press_by_key(self.actions, event)

    # ------------------------------------------------------------ moves

    def apply(self, action: Action, seat: Seat | None = None, *, chosen: bool = True) -> bool:
        """Propose the human's action; a refusal is shown, never raised. ``chosen``: the
        player chose it (a forced card played by itself is not a decision of his).

        Every move is saved at once (so every trick and every finished deal):
        a crash or a kill costs at most the move being made.
        """
        try:
            self.local.propose(action, seat)
        except IllegalActionError as e:
            self.board.toast.show(str(e), 2.5, theme.BAD)
            return False
        self._acted(chosen)
        return True

    def _acted(self, chosen: bool = True) -> None:
        """A move was made for the human: saved, the hint forgotten (and, ``chosen`` by
        him, the move timer's words of his decision before)."""
        if chosen:
            self.board.decided()
        self.services.save_list()
        self.board.highlight = None
        self.hint = None  # acted on: the hint has done its work
        self.hint_ticket = None  # and one still on its way would answer an old question
        self._actions_key = DIRTY

    # ------------------------------------------------------------ move timer

    @property
    def move_timer(self) -> MoveTimer | None:
        """The countdown of the human's decisions (``None``: the list has no move timer)."""
        seconds = self.session.move_timer
        if not seconds:
            return None
        board = self.board
        t = board.move_timer
        if t is None or t.seconds != seconds:
            # the timer's clock runs only while the table is on top and the window focused
            t = board.move_timer = MoveTimer(seconds, lambda: board.timer_clock)
        return t

    def _run_timer(self) -> None:
        """Count the human's decision down; paused under an overlay or without focus; when
        time is up the Expert's move is made for him."""
        timer = self.move_timer
        if timer is None:
            return
        table = self.table
        seat = table.to_move
        if not self.decision_due or seat is None:
            timer.stop()
            self.timeout_ticket = None
            return
        if not timer.active and self.human_turn:
            timer.start((self.session.deal_number, self.local.moves))
        if not timer.expired:
            return
        if self.timeout_ticket is None:
            self.timeout_ticket = self.local.hint(seat)
            return
        if not self.timeout_ticket.done:
            return
        suggestion = self.timeout_ticket.result
        self.timeout_ticket = None
        timer.stop()
        kontra = table.phase in (Phase.KONTRA, Phase.RE)
        self.on_timeout()
        # the Expert's suggestion, settled as any computer answer is (none: the safe default)
        action = self.local.answer_for(seat, None if suggestion is None else suggestion.action)
        self._acted()
        s = self.settings
        words = timeout_text(action, s.deck_style, s.german_letters, self.tr, kontra=kontra)
        # by the player's plate until his next decision (a pass too, however long that is)
        self.board.note_timeout(words)

    def on_timeout(self) -> None:
        """The move timer ran out: a scene forgets what the human had half chosen."""

    def dialog_closed(self) -> None:
        """A dialog opened over the table (the declare dialog) is gone."""

    def draw_timeout_note(self, surface: pygame.Surface) -> None:
        """What the move timer did for the player, by his plate: above his face, speech
        bubble and the timer's ring, in lines as wide as the plates."""
        words = self.board.timeout_note
        if words is None:
            return
        L = self.layout
        style = self.settings.deck_style
        plate = L.plate_rect(BOTTOM)
        size = L.font_small
        # the column of the plates: clear of the hand and the action bar
        lines = wrap_label(words, size, L.plate_w - 2 * L.gap, True, style)
        line_h = line_height(size, True)
        box = pygame.Rect(0, 0, max(label_width(x, size, True, style) for x in lines)
                          + 2 * L.gap, len(lines) * line_h + L.gap)
        ring = 2 * round(L.plate_h * 0.42)
        bubble = widgets.bubble(self.tr("auction.yes_value", value=20), L.font_body, "up",
                                style)[0].get_height()
        face = self.board.painter.bottom_face_size()
        box.bottomleft = (plate.x, plate.top - L.gap - max(ring, bubble, face) - L.gap)
        surface.blit(widgets.rounded(box.size, L.radius, (10, 26, 18, 225), theme.WARN, 1),
                     box)
        for i, line in enumerate(lines):
            draw_text(surface, line, size, (box.x + L.gap, box.y + L.gap // 2 + i * line_h),
                      theme.WARN, bold=True, style=style)

    def draw_timer(self, surface: pygame.Surface) -> None:
        """The countdown by the human's plate: a ring emptying, the seconds in it (red at
        the end)."""
        timer = self.move_timer
        if timer is None or not timer.active or not self.human_turn:
            return
        L = self.layout
        plate = L.plate_rect(BOTTOM)
        r = round(L.plate_h * 0.42)
        centre = (plate.right - r, plate.top - L.gap - r)
        color = theme.BAD if timer.urgent else theme.ACCENT
        box = pygame.Rect(0, 0, 2 * r, 2 * r)
        box.center = centre
        pygame.draw.circle(surface, (10, 26, 18), centre, r)
        pygame.draw.circle(surface, theme.PANEL_BORDER, centre, r, max(2, r // 6))
        frac = timer.fraction
        if calm():  # no ring sliding round: it steps with the seconds shown
            frac = min(1.0, timer.shown_seconds() / max(1.0, timer.seconds))
        if frac > 0:
            start = math.pi / 2
            pygame.draw.arc(surface, color, box, start, start + 2 * math.pi * frac,
                            max(3, r // 4))
        draw_text(surface, str(timer.shown_seconds()), L.font_body, centre, color,
                  "center", bold=True)

    def follow_network(self, dt: float) -> bool:
        """At a network table: take what arrived, and notice the table's end (then the
        menu is shown: returns False). Scenes with an update of their own call it."""
        net = self.net
        if net is None:
            return True
        net.update(dt)
        if net.ended:
            return False
        self.local.poll(dt, False, 0.0)
        return True

    def update(self, dt: float) -> None:
        board = self.board
        if self.net is not None:
            self.net.update(dt)
            if self.net.ended:
                return
        board.update(dt)
        board.warm(WARM_BUDGET)
        self._poll_hint()
        if self.decision_due and self.on_top:
            self.gate.update(dt)
        else:
            self.gate.close()
        if not self._turn_coming:
            self.hint_wanted = False
        if self.human_turn:
            if self.hint_wanted:
                self.hint_wanted = False
                self.ask_hint()
            elif self.board.toast.label == self.tr("hint.not_now"):
                self.board.toast.clear()  # it is his turn now: the note no longer holds
        if self.services.window.focused:  # the move timer's time (this runs only while on top)
            board.timer_clock += dt
        self._run_timer()
        pace = MIN_THINK[self.think_group] * self.services.speed
        if board.busy:
            self.local.poll(dt, False, pace)
            self.refresh_actions()
            return
        if self.nav.table_route(board) != self.name:
            self.nav.to_table(board)
            return
        moves = self.local.moves
        self.local.poll(dt, True, pace)
        if self.local.moves != moves:  # a computer player moved: saved at once, as every move
            self.services.save_list()
        board.thinking = self.local.thinking
        self.refresh_actions()

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.prompt = None
        surface.blit(self.services.window.felt(), (0, 0))
        self.draw_table(surface)
        self.draw_extra(surface)
        self.draw_hint(surface)
        self.draw_timeout_note(surface)
        self.draw_timer(surface)
        if self.net is not None:
            self.net.draw(surface)
        for b in self.tools:
            b.draw(surface)
        if not self.board.busy:
            for b in self.actions:
                b.draw(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        self.board.draw(surface, self.show_points())

    def draw_extra(self, surface: pygame.Surface) -> None:
        """Scene-specific things over the table (prompts, dialogs)."""

    def draw_prompt(self, surface: pygame.Surface, text: Label) -> None:
        """A line of instruction just above the action bar (whose turn, what to do)."""
        self.prompt = text
        if self.hint_on_prompt():
            return
        L = self.layout
        style = self.settings.deck_style
        size, lines = self.prompt_lines(text)
        y = self.prompt_bottom()
        for line in reversed(lines):
            y = draw_text(surface, line, size, (L.width // 2, y), theme.TEXT,
                          "midbottom", bold=True, style=style).top

    def prompt_lines(self, text: Label) -> tuple[int, list[Label]]:
        """The prompt's size and lines: one line as wide as the action bar at body size,
        else smaller and as wide as :attr:`Layout.prompt_width`; in a small window two
        lines (the second may end in "…"). Where two lines would reach up to the cards in
        the middle (the skat, the trick: large text), one line: the prompt without the
        question its buttons ask ("Your turn: Ben bids 18." without "Hold or pass?"), else
        at the caption's size."""
        L = self.layout
        style = self.settings.deck_style
        size = L.font_body
        if label_width(text, size, True, style) <= L.action_bar().width:
            return size, [text]
        size = L.font_small
        lines = wrap_lines(text, size, L.prompt_width, 2, True, style)
        if len(lines) < 2 or self._prompt_box(size, lines).collidelist(
                self._cards_in_middle()) < 0:
            return size, lines
        for short in shorter_prompts(text):
            if label_width(short, size, True, style) <= L.prompt_width:
                return size, [short]
        if label_width(text, L.font_caption, True, style) <= L.prompt_width:
            return L.font_caption, [text]
        return size, lines

    def _prompt_box(self, size: int, lines: Sequence[Label]) -> pygame.Rect:
        """Where the prompt's ``lines`` at ``size`` stand (over the action bar, centred)."""
        style = self.settings.deck_style
        height = len(lines) * line_height(size, True)
        width = max(label_width(line, size, True, style) for line in lines)
        box = pygame.Rect(0, 0, width, height)
        box.midbottom = (self.layout.width // 2, self.prompt_bottom())
        return box

    def prompt_box(self, text: Label) -> pygame.Rect:
        """Where the prompt ``text`` stands this frame (see :meth:`prompt_lines`)."""
        return self._prompt_box(*self.prompt_lines(text))

    def prompt_height(self) -> int:
        """How high the prompt drawn this frame stands (a line of body text when none)."""
        L = self.layout
        if self.prompt is None:
            return L.font_body
        size, lines = self.prompt_lines(self.prompt)
        return max(L.font_body, len(lines) * line_height(size, True))

    def prompt_bottom(self) -> int:
        """Where the prompt's line ends: just above the action bar."""
        L = self.layout
        return L.action_bar().top - L.gap // 2

    @property
    def hint_label(self) -> Label | None:
        """The hint in words, in the current language (``None``: no hint shown)."""
        if self.hint is None:
            return None
        s = self.settings
        words = hint_text(self.hint, s.deck_style, s.german_letters, self.tr,
                          kontra=self.table.phase in (Phase.KONTRA, Phase.RE))
        if self.hint_was is None:
            return words
        was = self.hint_was  # a chance moved far: what the player saw since, said
        return (*((words,) if isinstance(words, str) else words), " ",
                *((was,) if isinstance(was, str) else was))

    def hint_bottom(self) -> int:
        """Where the hint's box ends: above the prompt over the action bar."""
        L = self.layout
        return L.action_bar().top - L.gap - self.prompt_height() - L.gap

    def draw_hint(self, surface: pygame.Surface) -> None:
        """The hint in words, in a box (see :meth:`hint_place`)."""
        label = self.hint_label
        if label is None or not self.human_turn:
            return
        L = self.board.layout
        rect, size, labels, line_h = self.hint_place(label)
        style = self.settings.deck_style
        lines = [rich(line, size, theme.ACCENT, style, True) for line in labels]
        box = rect.inflate(2 * L.gap, L.gap)
        radius = box.height // 2 if len(lines) == 1 else L.radius
        info = L.info_rect()
        alpha = 225
        if box.colliderect(info):  # (large text at three) over the info panel, all of it
            box, radius, alpha = box.union(info), L.radius, 255
            pygame.draw.rect(surface, (10, 26, 18), box, border_radius=radius)
        surface.blit(widgets.rounded(box.size, radius, (10, 26, 18, alpha), theme.ACCENT, 1),
                     box)
        if alpha == 255:
            note_cover(surface, box)
        for i, (t, words) in enumerate(zip(lines, labels, strict=True)):
            blit_text(surface, t, t.get_rect(midtop=(rect.centerx, rect.y + i * line_h)),
                      words, size)

    def hint_place(self, label: Label) \
            -> tuple[pygame.Rect, int, list[Label], int]:
        """Where the hint's words go (the box is a little larger), their size, lines and
        line height: above the prompt, between the opponents' hands; where that box would
        touch the cards lying in the middle, with large text in the prompt's place, else in
        the room beside the trick at the right (:meth:`Layout.side_room`), at its foot. At
        four (no room above the prompt) in the prompt's place, by the human's own hand
        rather than on another player's side (in the auction, where the skat leaves no
        room, over the bidding helper's line too), beside the trick where even that
        touches a card."""
        L = self.board.layout
        cards = self._cards_in_middle()

        def clear(placed: tuple[pygame.Rect, int, list[Label], int]) -> bool:
            return placed[0].inflate(2 * L.gap, L.gap).collidelist(cards) < 0

        if not L.four or L.scale > 1:
            placed = self._hint_in(label, None)
            if clear(placed):
                return placed
        if not L.four and L.scale > 1:  # large text at three: whole, clear of the cards and
            # the prompt, beside the middle at the left, else over the info panel
            for area in (self.hint_room_left(), L.info_rect()):
                placed = self._hint_in(label, area, whole=True)
                if clear(placed) and area.contains(placed[0].inflate(2 * L.gap, L.gap)):
                    return placed
        if L.four:  # by his hand: in the prompt's place, else over the helper's line too
            above = L.action_bar().top - L.gap
            for words, size in self._hint_tries(label):
                low = self._hint_in(words, None, above, True, size=size)
                for placed in (self._hint_in(words, None, self.prompt_bottom(), size=size),
                               low):
                    if clear(placed):
                        return placed
            if L.scale > 1:  # large text: as low as it goes
                return low
        if L.scale > 1:  # large text: the room beside the trick is too small
            return self._hint_in(label, None, self.prompt_bottom())
        return self._hint_in(label, L.side_room(RIGHT))

    def hint_on_prompt(self) -> bool:
        """Whether the hint takes the prompt's place this frame (with large text, when
        there is no room for it elsewhere: the hint says what to play, the prompt gives
        way)."""
        label = self.hint_label
        if label is None or not self.human_turn:
            return False
        L = self.board.layout
        if not (L.scale > 1 or L.four):
            return False
        rect = self.hint_place(label)[0]
        if not L.four and self.prompt is not None:  # (beside the middle: the prompt stays)
            return rect.inflate(2 * L.gap, L.gap).colliderect(self.prompt_box(self.prompt))
        return rect.bottom > self.hint_bottom()

    def hint_room_left(self) -> pygame.Rect:
        """At three with large text, the room at the left of the middle: under the left
        player's cards and won tricks, above the human's face, clear of the cards lying in
        the middle and of the lines and buttons over the human's hand."""
        L = self.board.layout
        top = L.side_room(LEFT).top
        bottom = self.board.painter.bottom_face_rect().top - L.gap
        words = pygame.Rect((L.width - L.prompt_width) // 2, L.words_top(), L.prompt_width,
                            L.action_bar().bottom - L.words_top())
        right = L.width // 2
        for r in [*self._cards_in_middle(), words, *(b.rect for b in self.actions)]:
            if r.bottom > top and r.top < bottom:
                right = min(right, r.left - L.gap)
        return pygame.Rect(L.margin, top, max(0, right - L.margin), max(0, bottom - top))

    def _cards_in_middle(self) -> list[pygame.Rect]:
        """The boxes of the cards in the trick and of the skat on the table."""
        board = self.board
        L = board.layout
        tw, th = L.table_w, L.table_h
        out = [turned_box(x, y, tw, th, abs(a) + TRICK_DISORDER)
               for x, y, a in (L.trick_slot(board.pos_of(seat)) for seat, _t in board.shown.trick)]
        skat = len(board.shown.skat) + len(board.staged)
        return out + [turned_box(x, y, tw, th, abs(a)) for x, y, a in L.skat_slots(skat)]

    def _hint_tries(self, label: Label) -> list[tuple[Label, int]]:
        """The hint's words and sizes to try in turn at four, where the cards in the
        middle leave it little room: with large text in fewer words (:meth:`hint_words`),
        then in the caption's size, its bare advice last ("Play ♠K")."""
        L = self.board.layout
        if L.scale <= 1:
            return [(label, 0)]
        forms = self.hint_words(label)
        why = forms[:-1] if len(forms) > 2 else forms
        return [(w, 0) for w in why] + [(w, L.font_caption) for w in why] + \
            [(w, size) for w in forms[len(why):] for size in (0, L.font_caption)]

    def hint_words(self, label: Label) -> list[Label]:
        """The hint's words, then in fewer for a narrow place: without the chance in
        brackets at its end, then its advice alone, without the why ("Play ♠K")."""
        parts = (label,) if isinstance(label, str) else tuple(label)
        forms: list[Label] = [label]
        if len(parts) > 2 and parts[-2] == " " and isinstance(parts[-1], str) and \
                parts[-1].startswith("(") and parts[-1].endswith(")"):
            parts = parts[:-2]
            forms.append(parts)
        if ": " in parts:
            forms.append(parts[:parts.index(": ")])
        return forms

    def _hint_in(self, label: Label, area: pygame.Rect | None, bottom: int | None = None,
                 wide: bool = False, whole: bool = False, size: int = 0) \
            -> tuple[pygame.Rect, int, list[Label], int]:
        L = self.board.layout
        style = self.settings.deck_style
        # (``wide``: as wide as the prompt may be, over the helper's line; ``size``: the
        # text's size, else the body's or the small one where the body's is too wide)
        room = (area.width if area else L.prompt_width if wide else L.action_bar().width) \
            - 2 * L.gap
        size = size or L.font_body
        width = label_width(label, size, True, style)
        if width > room and size > L.font_small:
            size = L.font_small
            width = label_width(label, size, True, style)
        line_h = theme.font(size, True).get_height() + L.gap // 4
        if width <= room:  # a hint that says why may take two lines (or more)
            labels: list[Label] = [label]
            line_h = theme.font(size, True).get_height()
        elif area is None:
            labels = wrap_label(label, size, room, True, style)
        else:  # beside the trick: lines of even length, as many as the room holds
            most = (area.height - L.gap) // line_h
            labels = list(wrap_even(label, size, room, True, style))
            if len(labels) > most and not whole:  # (``whole``: never cut, however tall)
                labels = wrap_lines(label, size, room, most, True, style)
        width = max(label_width(line, size, True, style) for line in labels)
        rect = pygame.Rect(0, 0, width, line_h * len(labels))
        if area is not None:
            rect.center = area.center
            if L.four:  # at the room's foot, by the human's hand (its top in the room)
                rect.bottom = area.bottom - L.gap // 2
                rect.top = max(rect.top, area.top + L.gap // 2)
        else:
            rect.midbottom = (L.width // 2, self.hint_bottom() if bottom is None else bottom)
        return rect, size, labels, line_h
