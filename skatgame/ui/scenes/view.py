"""The table as the player sees it: card sprites in zones, seats, bubbles, the info panel.

The view lags behind the engine on purpose. Scenes feed it the engine's
events; it presents them one after another (a card glides to the trick, the
trick waits, then glides to its winner) and is ``busy`` until it has caught
up. Each card is a sprite whose place follows from its zone (a hand, the
skat, the trick, a pile of won tricks); when the place changes the sprite
glides there, eased. ``skip()`` shows everything at once (a click).
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import pygame

from skatgame.engine.actions import Contract
from skatgame.engine.cards import CARD_POINTS, cards_of
from skatgame.engine.deal import Phase
from skatgame.engine.events import (
    AuctionWon,
    BidHeld,
    BidMade,
    CardPlayed,
    CardsDealt,
    Claimed,
    Conceded,
    DealScored,
    Declared,
    Discarded,
    Event,
    HandShown,
    KontraSaid,
    Passed,
    PassedIn,
    RamschStarted,
    ReSaid,
    SkatPushed,
    SkatTaken,
    TrickWon,
)
from skatgame.engine.rules import GameKind
from skatgame.table.hand import sort_hand
from skatgame.table.texts import call_text, contract_label, role_text
from skatgame.table.timer import MoveTimer
from skatgame.ui import theme, widgets
from skatgame.ui.anim import Motion, Shake, ease_in_out_cubic, ease_out_cubic
from skatgame.ui.layout import BOTTOM, LEFT, RIGHT, TOP, TRICK_DISORDER, Layout, point_in_card

if TYPE_CHECKING:
    from skatgame.table.i18n import Tr
    from skatgame.table.session import Session
    from skatgame.ui.app import App
    from skatgame.ui.cards import DeckArt

Goal = tuple[float, float, float, float]  # x, y, angle, width

# base durations in seconds at normal speed
MOVE = 0.32
REFLOW = 0.2
DEAL_STEP = 0.05
DEAL_FLIGHT = 0.3
TRICK_PAUSE = 0.8
COLLECT = 0.42
SKAT_MOVE = 0.5

def warm_deck(deck: DeckArt, width: int, budget: float, first: Iterable[int] = ()) -> bool:
    """Render faces (plain and dimmed) at ``width`` for at most ``budget`` seconds.

    Cards in ``first`` come first. Returns whether every card is ready.
    """
    key = (deck.style, deck.german_indices, width)
    if key in _WARM:
        return True
    start = time.perf_counter()
    for c in [*first, *range(32)]:
        deck.face(c, width)
        deck.dimmed(c, width)
        if time.perf_counter() - start > budget:
            return False
    deck.back(width)
    _WARM.add(key)
    return True


_WARM: set[tuple[str, bool, int]] = set()


class CardSprite:
    """One card on the table: where it is drawn and where it is going."""

    __slots__ = ("card", "x", "y", "angle", "w", "motion", "goal", "face", "face_goal",
                 "shake", "started", "duration", "delay", "ease", "major")

    def __init__(self, card: int) -> None:
        self.card = card
        self.x = self.y = self.angle = 0.0
        self.w = 60.0
        self.motion: Motion | None = None
        self.goal: Goal | None = None
        self.face = False
        self.face_goal = False
        self.shake: Shake | None = None
        self.started = 0.0  # when the current motion began (draw order of moving cards)
        self.duration: float | None = None  # set with a zone change: the next motion's length
        self.delay = 0.0
        self.ease = ease_out_cubic
        self.major = False  # the motion shows an event (not just a card rising on hover)

    def value(self) -> Goal:
        return (self.x, self.y, self.angle, self.w)


class InsistentToast(widgets.Toast):
    """The table's toast; a message it :meth:`insist` s on (what the move timer did) is
    not replaced for a while: messages shown meanwhile wait and follow it."""

    def __init__(self) -> None:
        super().__init__()
        self.guard = 0.0  # seconds the current message is kept at least
        self._next: tuple[widgets.Label, float, tuple] | None = None

    @property
    def insisting(self) -> bool:
        """Whether a message insisted on is still kept on the table."""
        return self.guard > 0 and self.visible

    def insist(self, label: widgets.Label, seconds: float, color: tuple, keep: float) -> None:
        """Show ``label`` and keep it ``keep`` seconds whatever else is shown meanwhile."""
        super().show(label, seconds, color)
        self.guard = keep

    def show(self, label: widgets.Label, seconds: float = 2.2,
             color: tuple = theme.TEXT) -> None:
        if self.insisting:
            self._next = (label, seconds, color)
            return
        super().show(label, seconds, color)

    def clear(self, force: bool = False) -> None:
        if force:
            self.guard, self._next = 0.0, None
        if not self.insisting:
            super().clear()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.guard > 0:
            self.guard = max(0.0, self.guard - dt)
            if self.guard == 0 and self._next is not None:
                label, seconds, color = self._next
                self._next = None
                super().show(label, seconds, color)


class TableView:
    """Sprites, seats, bubbles and the info panel of one deal, presented from its events."""

    def __init__(self, app: App, session: Session) -> None:
        self.app = app
        self.session = session
        self.sprites = {c: CardSprite(c) for c in range(32)}
        self.queue: deque[Event] = deque()
        self.hold = 0.0
        self.clock = 0.0
        self.toast = InsistentToast()
        #: a panel the scene draws over the table (the results): messages keep clear of it
        self.covered: pygame.Rect | None = None
        #: per seat: what the bubble says (in the language of the moment) and until when
        self.bubbles: dict[int, tuple[Callable[[Tr], widgets.Label], float | None]] = {}
        self.thinking: int | None = None  # seat whose computer player is thinking
        self.focus: int | None = None  # keyboard cursor in the human's hand
        self.hover: int | None = None
        self.lifted: set[int] = set()  # the human's cards raised (playable / chosen)
        self.dimmed: set[int] = set()
        self.dragging: tuple[int, float, float] | None = None  # card, grab offset x, y
        self.highlight: int | None = None  # a card shown with a ring (a hint)
        #: a lesson's table: the header names the lesson instead of the deal number, and
        #: the plates give the seat without a computer level
        self.header: Callable[[Tr], str] | None = None
        self.show_levels = True
        #: the two cards the human picked up from the skat: raised and outlined until the
        #: discard, so that the player sees what came in
        self.from_skat: set[int] = set()
        #: while putting away: the hand's places as they were before (cards moved to the
        #: skat leave their place empty, so the others do not move under the mouse)
        self.keep_places: list[int] | None = None
        #: _goals runs every frame: an open hand's sorted order and the keep_places check
        #: are kept here, keyed on what they depend on, so a frame at rest sorts nothing
        self._open_sorted: dict[int, tuple[tuple[object, ...], list[int]]] = {}
        self._keep_slots: tuple[tuple[object, ...], list[int] | None] = ((), None)
        #: what the move timer did, to be said on the table once it is at rest
        #: the countdown of the human's decisions, and its clock (it runs only while the
        #: table is on top and the window has the focus)
        self.move_timer: MoveTimer | None = None
        self.timer_clock = 0.0
        self._surfaces: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._layers: dict[int, tuple[int, int]] = {}
        self._snap = True
        self.reset()

    # ------------------------------------------------------------ state

    def reset(self) -> None:
        """Everything back in the deck, for a new deal."""
        self.deck: list[int] = list(range(32))
        self.hands: list[list[int]] = [[], [], []]
        self.skat: list[int] = []
        self.skat_face_up: set[int] = set()
        self.aside: list[int] = []  # the skat laid aside during play (it counts at the end)
        self.trick: list[tuple[int, int]] = []
        self.piles: list[list[int]] = [[], [], []]
        self.open_seats: set[int] = set()
        self.contract: Contract | None = None
        self.declarer: int | None = None
        self.bid = 0
        self.auction_value = 0
        self.kontra = 0
        self.pushes = 0
        self.last_trick: TrickWon | None = None
        self.passed_in = False
        self.dealt = False  # the dealing animation is over
        self.bubbles.clear()
        self.queue.clear()
        self.hold = 0.0
        self.lifted.clear()
        self.dimmed.clear()
        self.focus = None
        self.highlight = None
        self.from_skat = set()
        self.keep_places = None
        self.dragging = None
        self.toast.clear(force=True)
        for s in self.sprites.values():
            s.motion = None
            s.goal = None
            s.face = s.face_goal = False
            s.shake = None
        self._update_goals(force_snap=True)  # every card in the deck, at once

    @property
    def layout(self) -> Layout:
        """The window's layout for this table (three or four, the human watching or not)."""
        s = self.session
        top_out = s.sitting_out is not None and self.screen_pos(s.sitting_out) == TOP
        return self.app.layout.seated(self.four, self.human is None, top_out)

    @property
    def speed(self) -> float:
        return self.app.speed

    def pos_of(self, seat: int) -> int:
        """The screen position (bottom, left, right, top) of a deal seat."""
        return self.screen_pos(self.session.player_of(seat))

    def screen_pos(self, player: int) -> int:
        """The screen position of a player: at four seats clockwise bottom, left, top, right."""
        return (BOTTOM, LEFT, TOP, RIGHT)[player] if self.session.size == 4 else player

    @property
    def four(self) -> bool:
        """Four at the table (the dealer sits out)."""
        return self.session.size == 4

    @property
    def human(self) -> int | None:
        """The deal seat of the bottom hand (``None``: the human deals and sits out)."""
        return self.session.human_seat

    def human_hand(self) -> list[int]:
        """The cards at the bottom (none while the human sits out)."""
        h = self.human
        return self.hands[h] if h is not None else []

    def sorted_human(self) -> None:
        """Put the bottom hand in the order chosen in the settings."""
        s = self.app.settings
        kind = self.contract.kind if self.contract is not None else None
        h = self.human
        if h is None:
            return
        self.hands[h] = sort_hand(self.hands[h], kind, s.sort_order, s.sort_direction)

    # ------------------------------------------------------------ catching up

    @property
    def busy(self) -> bool:
        """Whether events are still being presented or cards are moving."""
        return bool(self.queue) or self.hold > 0 or any(
            s.motion is not None and s.major for s in self.sprites.values())

    def feed(self, events: Iterable[Event]) -> None:
        """Queue engine events to be presented in order."""
        self.queue.extend(events)

    def skip(self) -> None:
        """Present everything queued at once and end every motion (a click)."""
        while self.queue:
            self._present(self.queue.popleft(), instant=True)
        self.hold = 0.0
        self._update_goals(force_snap=False)
        for s in self.sprites.values():
            if s.motion is not None:
                s.motion.finish()
                self._advance(s, 0.0)

    def sync(self) -> None:
        """Show the deal's current state without animation (a resumed deal)."""
        deal = self.session.deal
        self.reset()
        self.deck = []
        for seat in range(3):
            self.hands[seat] = cards_of(deal.hands[seat])
        self.contract = deal.contract
        self.declarer = deal.declarer
        self.bid = deal.bid
        self.auction_value = deal.auction.value
        self.kontra = deal.kontra
        self.pushes = deal.pushes
        playing = deal.phase in (Phase.KONTRA, Phase.RE, Phase.PLAY, Phase.DONE)
        ramsch = deal.contract is not None and deal.contract.kind == GameKind.RAMSCH
        if playing and deal.contract is not None and (not ramsch or deal.trick or deal.tricks):
            self.aside = cards_of(deal.skat)
        else:
            self.skat = cards_of(deal.skat)
        self.trick = [((deal.leader + i) % 3, c) for i, c in enumerate(deal.trick)]
        for t in deal.tricks:
            self.piles[t.seat].extend(t.cards)
        if deal.tricks:
            self.last_trick = deal.tricks[-1]
        if deal.open_cards and deal.declarer is not None:
            self.open_seats.add(deal.declarer)
        self.passed_in = deal.result is not None and deal.result.passed
        if deal.phase is Phase.DISCARD and self.human is not None and \
                deal.to_move == self.human:
            self.from_skat = set(cards_of(deal.initial_skat)) & set(self.human_hand())
        self.sorted_human()
        self._snap = True

    def update(self, dt: float) -> None:
        self.clock += dt
        self.toast.update(dt)
        if self.hold > 0:
            self.hold = max(0.0, self.hold - dt)
        while self.hold <= 0 and self.queue:
            self.hold = self._present(self.queue.popleft(), instant=self.speed == 0)
        self._update_goals(force_snap=False)
        for s in self.sprites.values():
            self._advance(s, dt)
        for seat, (_label, until) in list(self.bubbles.items()):
            if until is not None and self.clock >= until:
                del self.bubbles[seat]

    def relayout(self) -> None:
        """The window changed size: every card jumps to its new place."""
        self._surfaces.clear()
        self._snap = True

    # ------------------------------------------------------------ presenting events

    def say(self, seat: int, words: Callable[[Tr], widgets.Label],
            seconds: float | None = None) -> None:
        """A speech bubble at a seat (``None``: until replaced); ``words`` gives its text in
        the current language, so a bubble speaks the new one after a change of language."""
        until = None if seconds is None else self.clock + max(0.8, seconds * max(self.speed, 0.5))
        self.bubbles[seat] = (words, until)

    def _move(self, card: int, duration: float, delay: float = 0.0,
              ease=ease_out_cubic) -> None:
        s = self.sprites[card]
        s.duration = duration
        s.delay = delay
        s.ease = ease

    def _remove_everywhere(self, card: int) -> None:
        for h in self.hands:
            if card in h:
                h.remove(card)
        if card in self.skat:
            self.skat.remove(card)
        if card in self.deck:
            self.deck.remove(card)
        if card in self.aside:
            self.aside.remove(card)

    def _skat_aside(self, duration: float) -> None:
        """Lay the skat aside, face down, by the declarer's tricks."""
        for c in self.skat:
            self.aside.append(c)
            self._move(c, duration, 0.0, ease_in_out_cubic)
        self.skat = []
        self.skat_face_up.clear()

    def _present(self, event: Event, instant: bool = False) -> float:
        """Show one event; returns how long to wait before the next one."""
        tr = self.app.tr
        f = 0.0 if instant else self.speed
        sound = self.app.play_sound if not instant else (lambda name: None)
        t = type(event)
        if t is CardsDealt:
            order = self.session.deal.dealing_order()
            self.deck = []
            sound("shuffle")
            previous = None
            for i, (where, card) in enumerate(order):
                if where == "skat":
                    self.skat.append(card)
                else:
                    self.hands[int(where)].append(card)
                self._move(card, DEAL_FLIGHT * f, 0.35 * f + i * DEAL_STEP * f)
                if where != previous and not instant:  # each packet slides off the deck
                    self.app.schedule_sound("deal", (0.35 + i * DEAL_STEP) * f)
                previous = where
            return (0.35 + len(order) * DEAL_STEP + DEAL_FLIGHT + 0.1) * f
        if t is BidMade:
            self.auction_value = event.value
            self.say(event.seat, lambda tr, v=event.value: call_text(v, tr))
            sound("click")
            return 0.45 * f
        if t is BidHeld:
            self.say(event.seat, lambda tr: call_text("y", tr))
            sound("click")
            return 0.45 * f
        if t is Passed:
            if self.contract is None:
                self.say(event.seat, lambda tr: call_text("p", tr))
            else:
                self.say(event.seat, lambda tr: tr("table.no_kontra"), 1.4)
            return 0.45 * f
        if t is AuctionWon:
            self.declarer = event.seat
            self.bid = event.bid
            self.toast.show(self.session.about(tr, "table.auction_won", event.seat,
                                               bid=event.bid), 1.8)
            return 0.9 * f
        if t is PassedIn:
            self.passed_in = True
            self.toast.show(tr("auction.all_passed"), 2.0)
            return 1.0 * f
        if t is RamschStarted:
            self.contract = Contract(GameKind.RAMSCH)
            self.bubbles.clear()
            self.toast.show(tr("table.ramsch"), 2.0)
            self.sorted_human()
            return 1.0 * f
        if t is SkatTaken:
            self.bubbles.clear()
            for c in event.cards:
                self._remove_everywhere(c)
                self.hands[event.seat].append(c)
                self._move(c, SKAT_MOVE * f, 0.0, ease_in_out_cubic)
            if self.human is not None and event.seat == self.human:
                self.from_skat = set(event.cards)
                self.sorted_human()
            else:
                self.say(event.seat, lambda tr: tr("table.takes_skat"), 1.6)
            sound("deal")
            return (SKAT_MOVE + 0.25) * f
        if t is SkatPushed:
            self.pushes += 1
            self.say(event.seat, lambda tr: tr("table.pushes"), 1.6)
            return 0.8 * f
        if t is Discarded:
            for c in event.cards:
                if c not in self.skat:
                    self._remove_everywhere(c)
                    self.skat.append(c)
                    self._move(c, MOVE * f)
                self.skat_face_up.discard(c)
            self.lifted.clear()
            self.from_skat = set()
            sound("deal")
            return (MOVE + 0.2) * f
        if t is Declared:
            self.from_skat = set()
            self.contract = event.contract
            self.declarer = event.seat
            self.bubbles.clear()
            self.say(event.seat, lambda tr, c=event.contract: contract_label(
                c, self.app.settings.deck_style, tr), 2.2)
            self.sorted_human()
            self._skat_aside(SKAT_MOVE * f)
            sound("click")
            return 1.0 * f
        if t is HandShown:
            self.open_seats.add(event.seat)
            return 0.5 * f
        if t is KontraSaid:
            self.kontra = 1
            self.say(event.seat, lambda tr: tr("game.kontra"), 2.0)
            return 0.8 * f
        if t is ReSaid:
            self.kontra = 2
            self.say(event.seat, lambda tr: tr("game.re"), 2.0)
            return 0.8 * f
        if t is CardPlayed:
            if self.skat:
                self._skat_aside(SKAT_MOVE * f)
            self._remove_everywhere(event.card)
            self.trick.append((event.seat, event.card))
            self._move(event.card, MOVE * f)
            self.lifted.discard(event.card)
            self.dimmed.discard(event.card)
            if self.focus == event.card:
                self.focus = None
            sound("card")
            return MOVE * f * 0.9
        if t is TrickWon:
            self.last_trick = event
            for i, (_seat, c) in enumerate(self.trick):
                self._move(c, COLLECT * f, TRICK_PAUSE * f + i * 0.04 * f, ease_in_out_cubic)
                self.piles[event.seat].append(c)
            self.trick = []
            self.app.schedule_sound("trick", TRICK_PAUSE * f)
            return (TRICK_PAUSE + COLLECT + 0.1) * f
        if t is Conceded:
            self.toast.show(self.session.about(tr, "table.conceded", event.seat), 2.0)
            return 1.0 * f
        if t is Claimed:
            self.toast.show(self.session.about(tr, "table.claimed", event.seat), 2.0)
            return 1.0 * f
        if t is DealScored:
            return 0.4 * f
        return 0.0

    # ------------------------------------------------------------ goals and motion

    def _goals(self) -> dict[int, tuple[Goal, bool, int, int]]:
        """Each card's place: goal (x, y, angle, width), face up, layer, order in layer."""
        L = self.layout
        out: dict[int, tuple[Goal, bool, int, int]] = {}
        dx, dy, _a = L.deck_slot()
        for i, c in enumerate(self.deck):
            out[c] = ((dx - i * 0.25, dy - i * 0.25, 0.0, L.table_w), False, 1, i)
        for seat in range(3):
            cards = self.hands[seat]
            pos = self.pos_of(seat)
            if pos == BOTTOM:
                places = self._kept_places(cards)
                if places is not None:
                    slots = L.hand_slots(len(self.keep_places or ()))
                    slots = [slots[i] for i in places]  # a place for each card moved away
                else:
                    slots = L.hand_slots(len(cards))
                rise = L.raise_by
                for i, (c, (x, y, a)) in enumerate(zip(cards, slots, strict=True)):
                    if c in self.lifted:
                        y -= rise
                    elif c in self.from_skat:
                        y -= rise * 0.5
                    if c == self.focus:
                        y -= rise * 0.45
                    elif c == self.hover and (c in self.lifted or not self.dimmed):
                        y -= rise * 0.25
                    out[c] = ((x, y, a, L.card_w), True, 6, i)
            else:
                face = seat in self.open_seats
                if face:  # an open hand is read like one's own: sorted
                    cards = self._sorted_open(seat, cards)
                slots = L.opponent_slots(pos, len(cards), face)
                w = L.top_w if pos == TOP else L.small_w
                for i, (c, (x, y, a)) in enumerate(zip(cards, slots, strict=True)):
                    out[c] = ((x, y, a, w), face, 4, i)
        for i, (c, (x, y, a)) in enumerate(zip(self.skat, L.skat_slots(len(self.skat)),
                                              strict=False)):
            out[c] = ((x, y, a, L.table_w), c in self.skat_face_up, 2, i)
        for i, (seat, c) in enumerate(self.trick):
            x, y, a = L.trick_slot(self.pos_of(seat))
            # a little disorder, always the same for a card
            a += ((c * 7) % 9 - 4) * TRICK_DISORDER / 4
            out[c] = ((x, y, a, L.table_w), True, 3, i)
        ax, ay, aa = L.aside_slot(None if self.declarer is None else self.pos_of(self.declarer))
        for i, c in enumerate(self.aside):
            out[c] = ((ax + i * L.pile_w * 0.18, ay + i * 2, aa, L.pile_w), False, 0, 100 + i)
        for seat in range(3):
            x, y, a = L.pile_slot(self.pos_of(seat))
            for i, c in enumerate(self.piles[seat]):
                out[c] = ((x - i * 0.35, y - i * 0.35, a, L.pile_w), False, 0, i)
        return out

    def _kept_places(self, cards: list[int]) -> list[int] | None:
        """While putting away: each card's index in keep_places (None: the hand's own
        places), worked out again only when the hand, keep_places or the skat change."""
        keep = self.keep_places
        if keep is None:
            return None
        key = (tuple(cards), tuple(keep), tuple(self.skat))
        if self._keep_slots[0] != key:
            fits = set(cards) <= set(keep) and set(keep) - set(cards) <= set(self.skat)
            self._keep_slots = (key, [keep.index(c) for c in cards] if fits else None)
        return self._keep_slots[1]

    def _sorted_open(self, seat: int, cards: list[int]) -> list[int]:
        """An open (Ouvert) hand in the table's order, sorted again only when it changes."""
        st = self.app.settings
        kind = self.contract.kind if self.contract is not None else None
        key = (tuple(cards), kind, st.sort_order, st.sort_direction)
        cached = self._open_sorted.get(seat)
        if cached is None or cached[0] != key:
            cached = (key, sort_hand(cards, kind, st.sort_order, st.sort_direction))
            self._open_sorted[seat] = cached
        return cached[1]

    def _update_goals(self, force_snap: bool) -> None:
        snap = self._snap or force_snap
        self._snap = False
        self._layers = {}
        for card, (goal, face, layer, order) in self._goals().items():
            s = self.sprites[card]
            self._layers[card] = (layer, order)
            s.face_goal = face
            if self.dragging is not None and self.dragging[0] == card:
                continue
            if s.goal == goal:
                continue
            if snap or s.goal is None:
                s.x, s.y, s.angle, s.w = goal
                s.motion = None
                s.face = face
            else:
                major = s.duration is not None or (s.motion is not None and s.major)
                duration = s.duration if s.duration is not None else REFLOW * self.speed
                delay = s.delay
                if s.motion is not None and s.duration is None:
                    m = s.motion
                    if not m.started:  # still waiting to leave: keep its timing
                        duration, delay = m.duration, max(0.0, m.delay - m.elapsed)
                    else:
                        duration = max(duration, m.duration - (m.elapsed - m.delay))
                s.motion = Motion(s.value(), goal, duration, delay, s.ease)
                s.major = major
                s.started = self.clock + delay
            s.goal = goal
            s.duration = None
            s.delay = 0.0
            s.ease = ease_out_cubic
        if snap:
            for s in self.sprites.values():
                if s.motion is not None:
                    s.motion.finish()
                    self._advance(s, 0.0)

    def _advance(self, s: CardSprite, dt: float) -> None:
        if s.shake is not None:
            s.shake.update(dt)
            if s.shake.done:
                s.shake = None
        m = s.motion
        if m is None:
            s.face = s.face_goal
            return
        m.update(dt)
        s.x, s.y, s.angle, s.w = m.value()
        if m.progress >= 0.5:
            s.face = s.face_goal
        if m.done:
            s.motion = None
            s.face = s.face_goal

    def release(self, card: int) -> None:
        """A dragged card was let go: it glides to its place from where it is."""
        self.sprites[card].goal = (float("nan"), 0.0, 0.0, 0.0)

    def shake(self, card: int) -> None:
        """Shake a card side to side (it may not be played)."""
        self.sprites[card].shake = Shake(self.layout.card_w * 0.09, 0.42)

    # ------------------------------------------------------------ hit tests

    def hand_card_at(self, pos: tuple[int, int]) -> int | None:
        """The human's card under the mouse (the topmost), if any."""
        L = self.layout
        for c in reversed(self.human_hand()):
            s = self.sprites[c]
            w = s.w
            h = L.card_height(w)
            if point_in_card(pos[0], pos[1], s.x, s.y, w, h, s.angle):
                return c
            # a raised card also answers below itself, where it came from
            if c in self.lifted and s.goal is not None and point_in_card(
                    pos[0], pos[1], s.goal[0], s.goal[1] + L.raise_by, w, h, s.angle):
                return c
        return None

    def skat_card_at(self, pos: tuple[int, int]) -> int | None:
        L = self.layout
        for c in reversed(self.skat):
            s = self.sprites[c]
            if point_in_card(pos[0], pos[1], s.x, s.y, s.w, L.card_height(s.w), s.angle):
                return c
        return None

    def skat_area(self) -> pygame.Rect:
        """Where cards may be dropped to put them away."""
        L = self.layout
        cx, cy = L.centre
        return pygame.Rect(0, 0, L.table_w * 2.4, L.table_h * 1.5).move(
            cx - L.table_w * 1.2, cy - L.table_h * 0.75)

    # ------------------------------------------------------------ drawing

    def card_surface(self, card: int, face: bool, width: float, angle: float,
                     look: str = "", shadow: bool = True) -> pygame.Surface:
        """A card as drawn: its face (normal, ``dimmed``, ``highlighted``) or its back.

        With ``shadow`` the card lies on a soft shadow, the surface a little larger
        than the card and centred on it (blit it by its centre).
        """
        wq = max(16, int(round(width / 2) * 2))
        aq = int(round(angle))
        key = (card if face else -1, look if face else "", wq, aq, shadow)
        surf = self._surfaces.get(key)
        if surf is not None:
            self._surfaces.move_to_end(key)
            return surf
        deck = self.app.deck
        native = self.layout.card_w
        if not face:
            base = deck.back(native)
        elif look == "dimmed":
            base = deck.dimmed(card, native)
        elif look == "highlighted":
            base = deck.highlighted(card, native)
        elif look == "from_skat":
            base = deck.face(card, native).copy()
            bw = max(3, native // 28)
            pygame.draw.rect(base, theme.ACCENT, base.get_rect(), bw,
                             border_radius=max(4, native // 12))
        else:
            base = deck.face(card, native)
        if base.get_width() != wq:
            base = pygame.transform.smoothscale(
                base, (wq, max(1, round(base.get_height() * wq / base.get_width()))))
        if shadow:
            base = self._with_shadow(base)
        surf = widgets.fast(pygame.transform.rotozoom(base, aq, 1.0) if aq else base)
        self._surfaces[key] = surf
        if len(self._surfaces) > 500:
            self._surfaces.popitem(last=False)
        return surf

    def _with_shadow(self, card: pygame.Surface) -> pygame.Surface:
        """The card on a soft shadow falling down and to the right."""
        w, h = card.get_size()
        pad = max(3, w // 14)
        shade = widgets.shadow((w, h), max(2, w // 12), pad, 70)
        out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        out.blit(shade, (pad // 3, pad // 2))
        out.blit(card, (pad, pad))
        return out

    def warm(self, budget: float) -> None:
        """Render card art ahead of need, for at most ``budget`` seconds."""
        warm_deck(self.app.deck, self.layout.card_w, budget, self.human_hand())

    def draw_cards(self, surface: pygame.Surface) -> None:
        """Every card, in layers, moving ones on top."""
        layers = self._layers
        still: list[tuple[tuple[int, int], CardSprite]] = []
        moving: list[CardSprite] = []
        for card, lo in layers.items():
            s = self.sprites[card]
            if self.dragging is not None and self.dragging[0] == card:
                continue
            if s.motion is not None and s.motion.started:
                moving.append(s)
            else:
                still.append((lo, s))
        still.sort(key=lambda t: t[0])
        pile_tops = {seat: set(p[-3:]) for seat, p in enumerate(self.piles)}
        pile_cards = {c: seat for seat, p in enumerate(self.piles) for c in p}
        for (layer, _order), s in still:
            if layer == 0 and s.card in pile_cards and s.card not in pile_tops[
                    pile_cards[s.card]]:
                continue
            self._blit(surface, s)
        moving.sort(key=lambda s: s.started)
        for s in moving:
            self._blit(surface, s)
        if self.dragging is not None:
            s = self.sprites[self.dragging[0]]
            self._blit(surface, s)

    def _look(self, s: CardSprite) -> str:
        if s.card == self.highlight or s.card == self.focus:
            return "highlighted"
        if s.card in self.dimmed:
            return "dimmed"
        if s.card in self.from_skat and s.card in self.human_hand():
            return "from_skat"
        return ""

    def _blit(self, surface: pygame.Surface, s: CardSprite) -> None:
        surf = self.card_surface(s.card, s.face, s.w, s.angle, self._look(s))
        dx = s.shake.offset() if s.shake is not None else 0.0
        surface.blit(surf, surf.get_rect(center=(round(s.x + dx), round(s.y))))

    def draw_seats(self, surface: pygame.Surface) -> None:
        """Name plates with level, seat role, dealer and declarer marks; the turn glows."""
        L = self.layout
        deal = self.session.deal
        tr = self.app.tr
        to_move = deal.to_move if not self.busy else None
        session = self.session
        for player in range(session.size):
            if player == session.sitting_out:
                self._draw_sitting_out(surface, player)
                continue
            seat = session.seat_of(player)
            pos = self.screen_pos(player)
            rect = L.plate_rect(pos)
            active = seat == self.thinking or (to_move == seat and self.session.is_human(seat))
            if active:
                spread = L.gap
                g = widgets.glow(rect.size, L.radius, theme.ACCENT, spread)
                surface.blit(g, (rect.x - spread, rect.y - spread))
            widgets.draw_panel(surface, rect, theme.PLATE,
                               theme.ACCENT if active else theme.PANEL_BORDER, L.radius,
                               2 if active else 1)
            pad = L.gap
            name = self.session.name_of(seat)
            level = self.session.levels[self.session.player_of(seat)]
            second = role_text(seat, tr)
            if not self.show_levels:
                pass
            elif level is not None and pos != BOTTOM:
                both = f"{tr('level.' + level)} · {second}"
                # the plate across is narrow in a small window: there the seat's role alone
                # (who bids to whom matters at the table; the level was chosen in New list)
                if pos != TOP or theme.text_width(both, L.font_small) <= rect.width - 2 * pad:
                    second = both
            elif level is not None:
                second = f"{tr('table.computer')} · {second}"
            # the top line: the name, the thinking dots after it, a badge at the right
            right = rect.right - pad // 2
            tag = ""
            dealer = seat == self.session.dealer_seat
            if seat == self.declarer and self.contract is not None and \
                    self.contract.kind != GameKind.RAMSCH:
                tag = tr("game.declarer")
            elif dealer and self.declarer is None:
                tag = tr("seat.dealer")
                dealer = False  # the full word says it
            dots_w = self._dots_width() if level is not None else 0
            second_w = rect.width - 2 * pad
            second_right = right  # where the second line's marks end
            if tag:
                bw, bh = self._badge_size(tag)
                room = right - bw - pad // 2 - rect.x - pad - dots_w
                if room < min(theme.text_width(name, L.font_body, True), L.font_body * 3):
                    # a narrow plate: the badge goes down to the second line, the name keeps
                    # the top line
                    badge = self._draw_badge(surface, tag, (right, rect.bottom - pad // 2 - bh))
                    second_right = badge.left - pad // 2
                    second_w = second_right - rect.x - pad
                else:
                    badge = self._draw_badge(surface, tag, (right, rect.y + pad // 2))
                    right = badge.left - pad // 2
            if dealer:  # the dealer stays known the whole deal: a small chip
                short = tr("seat.dealer_short")
                bh = self._badge_size(short)[1]
                chip = self._draw_badge(surface, short, (second_right, rect.bottom - pad // 2 - bh),
                                        quiet=True)
                second_w = chip.left - pad // 2 - rect.x - pad
            widgets.draw_text(surface, theme.ellipsize(second, L.font_small, second_w),
                              L.font_small, (rect.x + pad, rect.bottom - pad * 0.6),
                              theme.TEXT_DIM, "bottomleft")
            name_w = right - rect.x - pad - dots_w
            name_rect = widgets.draw_text(surface, theme.ellipsize(name, L.font_body, name_w, True),
                                          L.font_body, (rect.x + pad, rect.y + pad * 0.5),
                                          theme.TEXT, bold=True)
            if seat == self.thinking:
                self._draw_thinking(surface, name_rect)

    def _draw_sitting_out(self, surface: pygame.Surface, player: int) -> None:
        """The plate of the dealer at a table of four: a "deals" badge, no cards."""
        L = self.layout
        tr = self.app.tr
        session = self.session
        pos = self.screen_pos(player)
        rect = L.plate_rect(pos)
        widgets.draw_panel(surface, rect, theme.PLATE, theme.PANEL_BORDER, L.radius, 1)
        pad = L.gap
        level = session.levels[player]
        if level is None:
            second = tr("table.sits_out")
        elif pos == BOTTOM:
            second = f"{tr('table.computer')} · {tr('table.sits_out')}"
        else:
            second = f"{tr('level.' + level)} · {tr('table.sits_out')}"
        widgets.draw_text(surface, theme.ellipsize(second, L.font_small, rect.width - 2 * pad),
                          L.font_small, (rect.x + pad, rect.bottom - pad * 0.6),
                          theme.TEXT_DIM, "bottomleft")
        badge = self._draw_badge(surface, tr("seat.deals"), (rect.right - pad // 2,
                                                             rect.y + pad // 2))
        name_w = badge.left - pad // 2 - rect.x - pad
        widgets.draw_text(surface, theme.ellipsize(session.names[player], L.font_body, name_w,
                                                   True),
                          L.font_body, (rect.x + pad, rect.y + pad * 0.5), theme.TEXT_DIM,
                          bold=True)
        if level is None:  # the human watches: say so where his hand would be
            widgets.draw_text(surface, tr("table.you_sit_out"), L.font_body,
                              (L.width // 2, round(L.hand_base_y)), theme.TEXT, "center",
                              bold=True)

    def _badge_size(self, tag: str) -> tuple[int, int]:
        """The size of the pill :meth:`_draw_badge` draws for ``tag``."""
        L = self.layout
        t = theme.text(tag, L.font("badge"), theme.BUTTON_PRIMARY_TEXT, True)
        return t.get_rect().inflate(L.gap, L.gap // 3).size

    def _draw_badge(self, surface: pygame.Surface, tag: str,
                    topright: tuple[int, int], quiet: bool = False) -> pygame.Rect:
        """A gold pill with ``tag`` (Declarer, Dealer) at ``topright``; returns its rect.
        ``quiet``: a gold ring on the plate's colour instead (the dealer's chip in play)."""
        L = self.layout
        size = L.font("badge")
        t = theme.text(tag, size, theme.ACCENT if quiet else theme.BUTTON_PRIMARY_TEXT, True)
        pill = t.get_rect().inflate(L.gap, L.gap // 3)
        pill.width = max(pill.width, pill.height)
        pill.topright = topright
        if quiet:
            surface.blit(widgets.rounded(pill.size, pill.height // 2, theme.PLATE,
                                         theme.ACCENT, 1), pill)
        else:
            surface.blit(widgets.rounded(pill.size, pill.height // 2, theme.ACCENT), pill)
        widgets.blit_text(surface, t, t.get_rect(center=pill.center), tag, size)
        return pill

    def _dots_width(self) -> int:
        """The room the thinking dots take after a name."""
        return max(2, round(self.layout.unit * 3)) * 11

    def _draw_thinking(self, surface: pygame.Surface, name: pygame.Rect) -> None:
        """Three dots pulsing in turn after the name: a computer player is thinking."""
        r = max(2, round(self.layout.unit * 3))
        x0 = name.right + r * 3
        for i in range(3):
            phase = (self.clock * 2.2 - i * 0.25) % 1.0
            k = 0.35 + 0.65 * max(0.0, 1 - abs(phase - 0.5) * 3)
            color = theme.blend(theme.PANEL_BORDER, theme.ACCENT, k)
            pygame.draw.circle(surface, color, (x0 + i * r * 3, name.centery + r), r)
        # the dots stand for a word ("thinking"): they are a text box of their own
        theme.note_text(surface, "…", pygame.Rect(x0 - r, name.centery, r * 8, r * 2),
                        self.layout.font_caption)

    def draw_bubbles(self, surface: pygame.Surface, keep_clear: pygame.Rect | None = None) \
            -> None:
        """The speech bubbles; an opponent's steps down below ``keep_clear`` (a message)."""
        L = self.layout
        style = self.app.settings.deck_style
        for seat, (words, until) in self.bubbles.items():
            label = words(self.app.tr)
            pos = self.pos_of(seat)
            (ax, ay), side = L.bubble_anchor(pos)
            if keep_clear is not None and pos != BOTTOM:
                surf, tip = widgets.bubble(label, L.font_body, side, style)
                body = surf.get_rect(topleft=(ax - tip[0], ay - tip[1]))
                if body.colliderect(keep_clear):
                    ay = keep_clear.bottom + L.gap // 2 + tip[1]
            alpha = 255
            if until is not None and until - self.clock < 0.3:
                alpha = max(0, round(255 * (until - self.clock) / 0.3))
            widgets.draw_bubble(surface, label, L.font_body, side, (ax, ay), style, alpha)

    def side_points(self) -> tuple[int, int]:
        """Card points in the displayed piles: (declarer's side, defenders)."""
        d = self.declarer
        decl = sum(CARD_POINTS[c] for c in self.piles[d]) if d is not None else 0
        total = sum(CARD_POINTS[c] for p in self.piles for c in p)
        return decl, total - decl

    def draw_info(self, surface: pygame.Surface, show_points: bool) -> None:
        """The panel at the top centre: deal number, bidding, the game and the points."""
        L = self.layout
        tr = self.app.tr
        rect = L.info_rect()
        widgets.draw_panel(surface, rect, theme.PANEL, theme.PANEL_BORDER, L.radius)
        pad = L.gap
        s = self.session
        planned = s.planned_deals
        deal_text = tr("table.deal_of", n=s.deal_number, total=planned) if planned else \
            tr("table.deal_n", n=s.deal_number)
        if self.header is not None:
            deal_text = self.header(tr)
        if self.session.deal.multiplier > 1:
            deal_text += f" · {tr('game.bock')}"
        if s.replay:
            deal_text = tr("practice.deal")
        elif s.practice:
            deal_text += f" · {tr('practice.badge')}"
        widgets.draw_text(surface, deal_text, L.font_small, (rect.x + pad, rect.y + pad * 0.6),
                          theme.TEXT_DIM)
        style = self.app.settings.deck_style
        c = self.contract
        main: widgets.Label
        if c is None:
            if self.passed_in:
                main = tr("auction.all_passed")
            elif self.declarer is None:
                main = tr("table.bidding", value=self.auction_value) if self.auction_value \
                    else tr("table.auction")
            else:
                main = s.about(tr, "table.plays_for", self.declarer, bid=self.bid)
        elif c.kind == GameKind.RAMSCH:
            main = tr("contract.ramsch")
        else:
            main = contract_label(c, style, tr)
        msize = L.font_large
        if isinstance(main, str):
            main = theme.ellipsize(main, msize, rect.width - 2 * pad, True)
        widgets.draw_text(surface, main, msize, (rect.centerx, rect.centery + pad * 0.1),
                          theme.TEXT, "center", bold=True, style=style)
        bottom = []
        if c is not None and c.kind != GameKind.RAMSCH and self.declarer is not None:
            bottom.append(tr("table.declarer_bid", player=s.name_of(self.declarer),
                             bid=self.bid))
            if self.kontra:
                bottom.append(tr("game.re") if self.kontra == 2 else tr("game.kontra"))
        if show_points and c is not None:
            result = self.session.deal.result
            if c.kind == GameKind.RAMSCH:
                if result is not None and not result.passed:  # as the results: with the skat
                    pts = list(result.points)
                    bottom.append(" · ".join(f"{s.name_of(i)} {pts[i]}" for i in range(3)))
                else:
                    pts = [sum(CARD_POINTS[x] for x in p) for p in self.piles]
                    bottom.append(tr("table.ramsch_points", points=" · ".join(
                        f"{s.name_of(i)} {pts[i]}" for i in range(3))))
            elif c.kind != GameKind.NULL:
                if result is not None and not result.passed:  # the skat is counted now
                    a = result.declarer_points
                    bottom.append(tr("table.points_final", declarer=a, defenders=120 - a))
                else:
                    a, b = self.side_points()
                    if self.declarer is not None and self.session.is_human(self.declarer) \
                            and not c.hand and self.aside:
                        # the human laid the skat away himself: he knows its points
                        skat = sum(CARD_POINTS[x] for x in self.aside)
                        bottom.append(tr("table.points_skat", declarer=a, defenders=b,
                                         skat=skat))
                    else:
                        bottom.append(tr("table.points", declarer=a, defenders=b))
        if bottom:
            line = theme.ellipsize("  ·  ".join(bottom), L.font_small, rect.width - 2 * pad)
            widgets.draw_text(surface, line, L.font_small, (rect.centerx, rect.bottom - pad * 0.6),
                              theme.TEXT_DIM, "midbottom")

    def draw_pile_captions(self, surface: pygame.Surface) -> None:
        """A small caption on each face-down stack: the skat laid aside, and every
        player's won tricks (with their number), so that the two are never mixed up."""
        L = self.layout
        tr = self.app.tr
        stacks: list[tuple[str, tuple[float, float, float], int]] = []
        for seat, pile in enumerate(self.piles):
            if pile:
                stacks.append((tr("table.pile_tricks", n=len(pile) // 3),
                               L.pile_slot(self.pos_of(seat)), len(pile)))
        if self.aside:
            pos = None if self.declarer is None else self.pos_of(self.declarer)
            stacks.append((tr("table.pile_skat"), L.aside_slot(pos), 0))
        size = L.font_caption
        placed: list[pygame.Rect] = []
        for words, (x, y, _a), n in stacks:
            # the label sits on the lower edge of the stack (the pile leans up-left)
            t = theme.text(words, size, theme.TEXT, True)
            pill = t.get_rect().inflate(L.gap * 0.8, 2)
            pill.midbottom = (round(x - n * 0.35 / 2), round(y + L.pile_w / 2 + pill.height / 3))
            # a caption wider than its stack (a small window) stays inside the window, and
            # the skat's steps aside from the tricks' caption beside it
            pill.x = max(L.margin // 2, min(pill.x, L.width - L.margin // 2 - pill.width))
            for other in placed:
                if pill.colliderect(other):
                    if pill.centerx < other.centerx:
                        pill.right = other.left - 2
                    else:
                        pill.left = other.right + 2
            if self.covered is not None and pill.colliderect(self.covered):
                continue  # under the results panel's edge it would show cut off
            placed.append(pill)
            surface.blit(widgets.rounded(pill.size, pill.height // 2, theme.PLATE,
                                         theme.PANEL_BORDER, 1), pill)
            widgets.blit_text(surface, t, t.get_rect(center=pill.center), words, size)

    def draw(self, surface: pygame.Surface, show_points: bool) -> None:
        """The whole table (without the scene's buttons)."""
        self.draw_info(surface, show_points)
        self.draw_seats(surface)
        self.draw_cards(surface)
        self.draw_pile_captions(surface)
        L = self.layout
        style = self.app.settings.deck_style
        if L.four:  # no room above the trick: beside it, at the left
            area = L.side_room(LEFT)
            if self.covered is not None and area.colliderect(self.covered):
                area.width = max(0, min(area.width, self.covered.left - L.gap - area.left))
            sizes = (L.font_large, L.font_body, L.font_small)
            if area.width < 8 * L.font_body:  # the panel over the table says it all
                self.draw_bubbles(surface)
                return
            self.draw_bubbles(surface, self.toast.panel_in(area, sizes, style))
            self.toast.draw_in(surface, area, sizes, style)
            return
        where = L.toast_pos()
        if self.skat:  # a message never covers the skat lying on the table
            panel = self.toast.panel_rect(where, L.font_large, style, L.toast_width)
            tw, th = L.table_w, L.table_h
            area = pygame.Rect(0, 0, 0, 0)
            for x, y, _a in L.skat_slots(len(self.skat)):
                card = pygame.Rect(round(x - tw / 2), round(y - th / 2), tw, th)
                area = card if not area.width else area.union(card)
            if panel is not None and panel.colliderect(area):
                where = (where[0], where[1] + area.bottom + L.gap - panel.top)
        self.draw_bubbles(surface, self.toast.panel_rect(where, L.font_large, style,
                                                         L.toast_width))
        self.toast.draw(surface, where, L.font_large, style, L.toast_width)


__all__ = ["BOTTOM", "LEFT", "RIGHT", "CardSprite", "TableView", "sort_hand"]
