"""What every scene at the table shares: the view, the toolbar, computer turns, hints.

A table scene owns the phases of a deal it handles; when the deal moves on
(and the view has caught up) it hands the same :class:`TableView` to the
scene of the next phase, so cards keep moving smoothly across scenes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from skatgame.engine.actions import Action
from skatgame.engine.deal import Deal, IllegalActionError, Phase
from skatgame.table.session import Session
from skatgame.table.texts import hint_text, timeout_text
from skatgame.table.thinker import Ticket
from skatgame.table.timer import MoveTimer
from skatgame.ui import theme, widgets
from skatgame.ui.gate import TURN_GRACE, InputGate
from skatgame.ui.layout import BOTTOM, RIGHT
from skatgame.ui.scenes.base import Scene, toolbar
from skatgame.ui.scenes.view import TableView

if TYPE_CHECKING:
    from skatgame.ui.app import App, DemoOptions

#: Seconds a computer's decision stays "in thought" at the least (normal speed), so
#: that the player can follow; per phase group.
MIN_THINK = {"auction": 0.55, "skat": 0.7, "play": 0.4}

#: Seconds the move timer's message (what it did for the player) stays on the table at least.
TIMEOUT_KEEP = 2.0

#: Marks the action buttons as out of date.
DIRTY = object()

#: Seconds of card-art rendering allowed per frame (the rest of the deck is warmed ahead).
WARM_BUDGET = 0.004


class TableScene(Scene):
    """Base of the dealing, auction, skat, play and results scenes."""

    phases: tuple[Phase, ...] = ()
    think_group = "play"
    name = "table"

    def __init__(self, app: App, view: TableView) -> None:
        self.view = view
        self.session: Session = view.session
        self.ticket: Ticket | None = None
        self.waited = 0.0
        self.hint_ticket: Ticket | None = None
        #: the Expert's suggestion, shown in words above the hand until the human acts
        self.hint: object | None = None
        #: the instruction drawn last, near the hand (whose turn, what to do)
        self.prompt: widgets.Label | None = None
        self.tools: list[widgets.Button] = []
        self.actions: list[widgets.Button] = []
        self._actions_key: object = DIRTY
        self._skipping = False  # the button-up of the click that skipped an animation
        #: input for the human's decisions waits until the table has come to rest
        self.gate = InputGate(TURN_GRACE)
        #: the Expert's move asked for when the move timer ran out
        self.timeout_ticket: Ticket | None = None
        super().__init__(app)

    # ------------------------------------------------------------ layout

    def relayout(self) -> None:
        self.view.relayout()
        L = self.layout
        tr = self.tr
        tools = [(tr("table.menu"), self.open_pause, "Esc", "menu"),
                 (tr("table.last_trick"), self.open_last_trick, "L", "last_trick"),
                 (tr("table.hint"), self.ask_hint, "H", "hint"),
                 (tr("table.sheet"), self.open_sheet, "Tab", "sheet")]
        if self.watching:  # no hand, no decisions: nothing to hint at
            tools = [t for t in tools if t[3] != "hint"]
        self.tools = toolbar(L, tools)
        self._actions_key = DIRTY  # rebuild the action buttons
        self.refresh_actions()

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

    def action_button(self, label: widgets.Label, action: object, key_hint: str = "",
                      primary: bool = False, name: str = "",
                      enabled: bool = True) -> widgets.Button:
        """A button in the action bar."""
        return widgets.Button(label, action, key_hint=key_hint, primary=primary,  # type: ignore
                              font_size=self.layout.font_body, name=name, enabled=enabled,
                              style=self.app.settings.deck_style)

    # ------------------------------------------------------------ state

    @property
    def deal(self) -> Deal:
        return self.session.deal

    @property
    def watching(self) -> bool:
        """Whether the human deals and sits out this deal (at four): he only watches."""
        return self.session.human_seat is None

    @property
    def decision_due(self) -> bool:
        """Whether the human is to decide now and the table has caught up."""
        deal = self.deal
        return (not self.view.busy and deal.phase in self.phases
                and self.session.is_human(deal.to_move))

    @property
    def human_turn(self) -> bool:
        """Whether the human's decision is open: due, and its buttons and prompt shown.

        The table waits a moment after coming to rest (:data:`TURN_GRACE`), so
        that a key or click meant to hurry the animation never decides.
        """
        return self.decision_due and self.gate.open

    def show_points(self) -> bool:
        """The running card points: one setting (an older list's house rule yields to it)."""
        return self.app.settings.show_running_points

    # ------------------------------------------------------------ tools

    def open_pause(self) -> None:
        from skatgame.ui.scenes.overlays import PauseOverlay

        self.app.save_session()
        self.app.push(PauseOverlay(self.app))

    def open_sheet(self) -> None:
        from skatgame.ui.scenes.sheet import ScoreSheetScene

        self.app.push(ScoreSheetScene(self.app, self.session))

    def open_last_trick(self) -> None:
        from skatgame.ui.scenes.overlays import LastTrickOverlay

        if not self.deal.options.last_trick_visible:
            self.view.toast.show(self.tr("table.no_last_trick_rule"))
            return
        if self.view.last_trick is None:
            self.view.toast.show(self.tr("table.no_last_trick"))
            return
        self.app.push(LastTrickOverlay(self.app, self.view))

    def ask_hint(self) -> None:
        """Ask the worker for a suggestion for the human's decision."""
        if self.watching:  # the H key while sitting out: there is nothing to suggest
            return
        if not self.human_turn:
            self.view.toast.show(self.tr("hint.not_now"))
            return
        if self.hint_ticket is None:
            self.hint_ticket = self.session.hint(self.deal.to_move)
            self.view.toast.show(self.tr("hint.thinking"), 1.0)

    def _poll_hint(self) -> None:
        t = self.hint_ticket
        if t is None:
            return
        if not t.done:
            if not self.view.toast.visible:  # still looking: say so until the answer comes
                self.view.toast.show(self.tr("hint.thinking"), 1.0)
            return
        self.hint_ticket = None
        suggestion = t.result
        if suggestion is None or not self.human_turn:
            self.view.toast.show(self.tr("hint.none"))
            return
        action = suggestion.action
        self.view.toast.clear()  # the "looking for a hint" note
        self.hint = suggestion
        card = getattr(action, "card", None)
        if card is not None:
            self.view.highlight = card
        self.on_hint(action)

    def on_hint(self, action: Action) -> None:
        """A scene may mark the suggested action (e.g. select a bid)."""

    # ------------------------------------------------------------ events

    def handle_event(self, event: pygame.event.Event) -> None:
        t = event.type
        if t == pygame.MOUSEMOTION:
            widgets.handle_buttons(self.buttons, event)
            self.on_mouse_motion(event)
            return
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if widgets.handle_buttons(self.tools, event):
                return
            if self.view.busy and t == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.view.skip()  # a click shows the end of every animation
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
            if key == pygame.K_h:
                self.ask_hint()
                return
            if key == pygame.K_l:
                self.open_last_trick()
                return
            if key == pygame.K_TAB:
                self.open_sheet()
                return
            if self.view.busy and key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.view.skip()
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

    def apply(self, action: Action, seat: int | None = None) -> bool:
        """Apply the human's (or anyone's) action; a refusal is shown, never raised.

        Every move is saved at once (so every trick and every finished deal):
        a crash or a kill costs at most the move being made.
        """
        try:
            events = self.session.apply(action, seat)
        except IllegalActionError as e:
            self.view.toast.show(str(e), 2.5, theme.BAD)
            return False
        self.app.save_session()
        self.view.highlight = None
        self.hint = None  # acted on: the hint has done its work
        self.hint_ticket = None  # and one still on its way would answer an old question
        self.view.feed(events)
        self._actions_key = DIRTY
        return True

    # ------------------------------------------------------------ move timer

    @property
    def move_timer(self) -> MoveTimer | None:
        """The countdown of the human's decisions (``None``: the list has no move timer)."""
        seconds = self.session.move_timer
        if not seconds:
            return None
        view = self.view
        t = view.move_timer
        if t is None or t.seconds != seconds:
            # the timer's clock runs only while the table is on top and the window focused
            t = view.move_timer = MoveTimer(seconds, lambda: view.timer_clock)
        return t

    def _run_timer(self) -> None:
        """Count the human's decision down; paused under an overlay or without focus; when
        time is up the Expert's move is made for him."""
        timer = self.move_timer
        if timer is None:
            return
        deal = self.deal
        if not self.decision_due or deal.to_move is None:
            timer.stop()
            self.timeout_ticket = None
            return
        if not timer.active and self.human_turn:
            timer.start((self.session.deal_number, len(deal.events)))
        if not timer.expired:
            return
        seat = deal.to_move
        if self.timeout_ticket is None:
            self.timeout_ticket = self.session.hint(seat)
            return
        if not self.timeout_ticket.done:
            return
        suggestion = self.timeout_ticket.result
        self.timeout_ticket = None
        timer.stop()
        action = getattr(suggestion, "action", None)
        legal = deal.legal_actions()
        if action not in legal:
            action = legal[0]
        s = self.app.settings
        words = timeout_text(action, s.deck_style, s.german_indices, self.tr,
                             kontra=deal.phase in (Phase.KONTRA, Phase.RE))
        self.on_timeout()
        if self.apply(action, seat):
            # kept a while: a message of the move's consequences (the auction won) waits
            self.view.toast.insist(words, 3.0, theme.WARN, TIMEOUT_KEEP)

    def on_timeout(self) -> None:
        """The move timer ran out: a scene forgets what the human had half chosen."""

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
        if frac > 0:
            import math

            start = math.pi / 2
            pygame.draw.arc(surface, color, box, start, start + 2 * math.pi * frac,
                            max(3, r // 4))
        widgets.draw_text(surface, str(timer.shown_seconds()), L.font_body, centre, color,
                          "center", bold=True)

    def update(self, dt: float) -> None:
        view = self.view
        view.update(dt)
        view.warm(WARM_BUDGET)
        self._poll_hint()
        self.waited += dt
        if self.decision_due and self.app.top is self:
            self.gate.update(dt)
        else:
            self.gate.close()
        if self.app.focused:  # the move timer's time (this runs only while on top)
            view.timer_clock += dt
        self._run_timer()
        if view.busy:
            self.refresh_actions()
            return
        deal = self.deal
        if deal.phase not in self.phases:
            self.app.replace(scene_for(self.app, view))
            return
        seat = deal.to_move
        if seat is not None and not self.session.is_human(seat):
            self.drive_computer(seat)
        self.refresh_actions()

    def drive_computer(self, seat: int) -> None:
        if self.ticket is None:
            self.ticket = self.session.think(seat)
            self.waited = 0.0
            self.view.thinking = seat
            return
        need = MIN_THINK[self.think_group] * self.app.speed
        if self.ticket.done and self.waited >= need:
            action = self.ticket.result
            self.ticket = None
            self.view.thinking = None
            if action is None:
                action = self.deal.legal_actions()[0]
            if not self.apply(action, seat):
                self.apply(self.deal.legal_actions()[0], seat)

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.prompt = None
        surface.blit(self.app.felt(), (0, 0))
        self.draw_table(surface)
        self.draw_extra(surface)
        self.draw_hint(surface)
        self.draw_timer(surface)
        for b in self.tools:
            b.draw(surface)
        if not self.view.busy:
            for b in self.actions:
                b.draw(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.show_points())

    def draw_extra(self, surface: pygame.Surface) -> None:
        """Scene-specific things over the table (prompts, dialogs)."""

    def draw_prompt(self, surface: pygame.Surface, text: widgets.Label) -> None:
        """A line of instruction just above the action bar (whose turn, what to do)."""
        self.prompt = text
        L = self.layout
        style = self.app.settings.deck_style
        size, lines = self.prompt_lines(text)
        y = self.prompt_bottom()
        for line in reversed(lines):
            y = widgets.draw_text(surface, line, size, (L.width // 2, y), theme.TEXT,
                                  "midbottom", bold=True, style=style).top

    def prompt_lines(self, text: widgets.Label) -> tuple[int, list[widgets.Label]]:
        """The prompt's size and lines: one line as wide as the action bar at body size,
        else smaller and as wide as :attr:`Layout.prompt_width`; in a small window two
        lines (the second may end in "…")."""
        L = self.layout
        style = self.app.settings.deck_style
        size = L.font_body
        if widgets.label_width(text, size, True, style) <= L.action_bar().width:
            return size, [text]
        size = L.font_small
        return size, widgets.wrap_lines(text, size, L.prompt_width, 2, True, style)

    def prompt_height(self) -> int:
        """How high the prompt drawn this frame stands (a line of body text when none)."""
        L = self.layout
        if self.prompt is None:
            return L.font_body
        size, lines = self.prompt_lines(self.prompt)
        return max(L.font_body, len(lines) * theme.line_height(size, True))

    def prompt_bottom(self) -> int:
        """Where the prompt's line ends: just above the action bar."""
        L = self.layout
        return L.action_bar().top - L.gap // 2

    @property
    def hint_label(self) -> widgets.Label | None:
        """The hint in words, in the current language (``None``: no hint shown)."""
        if self.hint is None:
            return None
        s = self.app.settings
        return hint_text(self.hint, s.deck_style, s.german_indices, self.tr,
                         kontra=self.deal.phase in (Phase.KONTRA, Phase.RE))

    def hint_bottom(self) -> int:
        """Where the hint's box ends: above the prompt over the action bar."""
        L = self.layout
        return L.action_bar().top - L.gap - self.prompt_height() - L.gap

    def draw_hint(self, surface: pygame.Surface) -> None:
        """The hint in words, in a box (see :meth:`hint_place`)."""
        label = self.hint_label
        if label is None or not self.human_turn:
            return
        L = self.view.layout
        rect, size, labels, line_h = self.hint_place(label)
        style = self.app.settings.deck_style
        lines = [widgets.rich(line, size, theme.ACCENT, style, True) for line in labels]
        box = rect.inflate(2 * L.gap, L.gap)
        radius = box.height // 2 if len(lines) == 1 else L.radius
        surface.blit(widgets.rounded(box.size, radius, (10, 26, 18, 225), theme.ACCENT, 1),
                     box)
        for i, (t, words) in enumerate(zip(lines, labels, strict=True)):
            widgets.blit_text(surface, t, t.get_rect(midtop=(rect.centerx, rect.y + i * line_h)),
                              words, size)

    def hint_place(self, label: widgets.Label) \
            -> tuple[pygame.Rect, int, list[widgets.Label], int]:
        """Where the hint's words go (the box is a little larger), their size, lines and
        line height: above the prompt, between the opponents' hands; at four, and where
        that box would touch the cards lying in the middle, in the room beside the trick
        at the right (:meth:`Layout.side_room`)."""
        L = self.view.layout
        if not L.four:
            placed = self._hint_in(label, None)
            if placed[0].inflate(2 * L.gap, L.gap).collidelist(self._cards_in_middle()) < 0:
                return placed
        return self._hint_in(label, L.side_room(RIGHT))

    def _cards_in_middle(self) -> list[pygame.Rect]:
        """The boxes of the cards in the trick and of the skat on the table."""
        from skatgame.ui.layout import TRICK_DISORDER, turned_box

        L = self.view.layout
        view = self.view
        tw, th = L.table_w, L.table_h
        out = [turned_box(x, y, tw, th, abs(a) + TRICK_DISORDER)
               for x, y, a in (L.trick_slot(view.pos_of(seat)) for seat, _c in view.trick)]
        return out + [turned_box(x, y, tw, th, abs(a))
                      for x, y, a in L.skat_slots(len(view.skat))]

    def _hint_in(self, label: widgets.Label, area: pygame.Rect | None) \
            -> tuple[pygame.Rect, int, list[widgets.Label], int]:
        L = self.view.layout
        style = self.app.settings.deck_style
        room = (area.width if area else L.action_bar().width) - 2 * L.gap
        size = L.font_body
        width = widgets.label_width(label, size, True, style)
        if width > room:
            size = L.font_small
            width = widgets.label_width(label, size, True, style)
        line_h = theme.font(size, True).get_height() + L.gap // 4
        if width <= room:  # a hint that says why may take two lines (or more)
            labels: list[widgets.Label] = [label]
            line_h = theme.font(size, True).get_height()
        elif area is None:
            labels = widgets.wrap_label(label, size, room, True, style)
        else:  # beside the trick: lines of even length, as many as the room holds
            most = (area.height - L.gap) // line_h
            labels = list(widgets.wrap_even(label, size, room, True, style))
            if len(labels) > most:
                labels = widgets.wrap_lines(label, size, room, most, True, style)
        width = max(widgets.label_width(line, size, True, style) for line in labels)
        rect = pygame.Rect(0, 0, width, line_h * len(labels))
        if area is not None:
            rect.center = area.center
        else:
            rect.midbottom = (L.width // 2, self.hint_bottom())
        return rect, size, labels, line_h


class DealingScene(TableScene):
    """Shuffle and deal 3 - skat - 4 - 3, then sort the hand; skippable by a click."""

    phases = (Phase.AUCTION, Phase.DONE)
    name = "dealing"

    @property
    def human_turn(self) -> bool:
        return False

    def __init__(self, app: App, view: TableView) -> None:
        super().__init__(app, view)
        view.reset()
        view.feed(self.deal.events[:1])
        self.sorted = False

    def update(self, dt: float) -> None:
        view = self.view
        view.update(dt)
        view.warm(WARM_BUDGET)
        if view.busy:
            return
        if not self.sorted:
            self.sorted = True
            view.sorted_human()
            return
        view.dealt = True
        self.app.replace(scene_for(self.app, view))


def scene_for(app: App, view: TableView) -> Scene:
    """The scene for the deal's phase (the dealing first, for a fresh deal)."""
    from skatgame.ui.scenes.auction import AuctionScene
    from skatgame.ui.scenes.play import PlayScene
    from skatgame.ui.scenes.results import ResultsScene
    from skatgame.ui.scenes.skat import SkatScene

    if not view.dealt:
        return DealingScene(app, view)
    phase = view.session.deal.phase
    if phase is Phase.AUCTION:
        return AuctionScene(app, view)
    if phase in (Phase.SKAT, Phase.DISCARD, Phase.DECLARE, Phase.SCHIEBEN):
        return SkatScene(app, view)
    if phase in (Phase.KONTRA, Phase.RE, Phase.PLAY):
        return PlayScene(app, view)
    return ResultsScene(app, view)


def open_table(app: App, session: Session, resume: bool = False) -> None:
    """Sit down at the table: the menu below, the deal's scene on top."""
    from skatgame.ui.scenes.menu import MenuScene

    app.session = session
    session.relabel(app.tr)
    view = TableView(app, session)
    if resume:
        view.sync()
        view.dealt = True
    app.reset_to(MenuScene(app))
    app.push(scene_for(app, view))


def new_session(app: App, *, deals: int, options, list_kind: str,  # noqa: ANN001
                levels: tuple[str, ...], names: tuple[str, ...], seed: int | None = None,
                deal_limit: int | None = None, human_level: str | None = None,
                practice: bool = False, you: str | None = None,
                move_timer: int = 0) -> Session:
    """A fresh list with the human (``you``, default "You") at the bottom and two or three
    computer opponents."""
    from skatgame.table.session import new_session as new_list

    return new_list(app.thinker, you or app.tr("table.you"), deals=deals, options=options,
                    list_kind=list_kind, levels=levels, names=names, seed=seed,
                    deal_limit=deal_limit, human_level=human_level, practice=practice,
                    move_timer=move_timer)


def start_demo(app: App, demo: DemoOptions) -> None:
    """Computer against computer for ``demo.deals`` deals.

    A demo list saved earlier with the same seed and number of deals (the
    demo was stopped or killed) is continued where it stopped.
    """
    from skatgame.engine.options import ISKO

    resumed = _saved_demo(app, demo)
    if resumed is not None:
        print(f"demo: continuing at deal {resumed.deals_done + 1} of {demo.deals}", flush=True)
        open_table(app, resumed, resume=True)
        return
    opp = app.settings.seat_opponents(demo.players - 1)
    session = new_session(app, deals=demo.deals, options=ISKO, list_kind="seeger-fabian",
                          levels=tuple(o.level for o in opp), names=tuple(o.name for o in opp),
                          seed=demo.seed, deal_limit=demo.deals, human_level=demo.level,
                          move_timer=demo.timer)
    session.names[0] = app.tr("table.demo_player")
    open_table(app, session)


def _saved_demo(app: App, demo: DemoOptions) -> Session | None:
    """The demo's saved list if it is the same demo (seed and deals), else ``None``."""
    from skatgame.table.session import saved_demo

    doc = app.list_doc
    if doc is None or app.store is None:
        return None
    return saved_demo(app.store, app.thinker, doc, demo.seed, demo.deals)
