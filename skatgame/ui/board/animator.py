"""The table's animator: card sprites moving to where the fold says they lie.

The animator lags behind the deal on purpose. It takes the seat events of the
table (:mod:`skatgame.table.seatview`) one after another and folds each into
the table it *shows* (:attr:`Animator.shown`): a card glides to the trick, the
trick waits, then glides to its winner; it is ``busy`` until it has caught up.
Every card is a sprite (one per token of the fold) whose place follows from its
zone in the shown table; when the place changes the sprite glides there,
eased. ``skip()`` shows everything at once (a click); ``catch_up()`` shows a
table folded at once (a list continued) without motion. Beyond the table it
keeps what only the window has: the cards raised, dimmed, chosen or dragged,
the speech bubbles' time, the messages.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from skatgame.engine.cards import Card
from skatgame.engine.events import (
    AuctionWon,
    BidHeld,
    BidMade,
    CardPlayed,
    Claimed,
    Conceded,
    DealScored,
    Declared,
    HandShown,
    KontraSaid,
    Passed,
    PassedIn,
    RamschStarted,
    ReSaid,
    SkatPushed,
    TrickWon,
)
from skatgame.engine.phase import Phase
from skatgame.engine.seats import SEATS, Seat
from skatgame.table.dealog import claim_verdict
from skatgame.table.hand import sort_hand
from skatgame.table.labels import Label
from skatgame.table.seatview import (
    Dealt,
    PutAway,
    SeatEvent,
    SeatTable,
    SkatPicked,
    Speech,
    SpeechKind,
    Token,
)
from skatgame.table.timer import MoveTimer
from skatgame.ui import widgets
from skatgame.ui.anim import Easing, Motion, Shake, calm, ease_in_out_cubic, ease_out_cubic
from skatgame.ui.board.faces import Mood
from skatgame.ui.board.sprites import (
    COLLECT,
    DEAL_FLIGHT,
    DEAL_STEP,
    MOVE,
    REFLOW,
    SKAT_MOVE,
    TRICK_PAUSE,
    CardSprite,
    Goal,
)
from skatgame.ui.layout import BOTTOM, TOP, TRICK_DISORDER, Layout, ScreenPos, point_in_card

if TYPE_CHECKING:
    from skatgame.table.i18n import Tr
    from skatgame.table.seated import SeatedTable
    from skatgame.table.session import PlayerIndex, Session
    from skatgame.ui.services import Services

#: Seconds a word said in passing stays (at normal speed); the auction's calls stay.
SPEECH_SECONDS = {SpeechKind.NO_KONTRA: 1.4, SpeechKind.NO_RE: 1.4, SpeechKind.TAKES_SKAT: 1.6,
                  SpeechKind.PUSHES: 1.6, SpeechKind.DECLARES: 2.2, SpeechKind.KONTRA: 3.5,
                  SpeechKind.RE: 3.5}

#: The words of the Kontra question: each stays while the question is still going round
#: (a defender's "No Kontra" would else fade while the next one, often the human, thinks:
#: shown in one deal, gone in another), then fades after its time.
KONTRA_WORDS = frozenset({SpeechKind.NO_KONTRA, SpeechKind.NO_RE, SpeechKind.KONTRA,
                          SpeechKind.RE})

Place = tuple[Goal, bool, int, int]  # goal, face up, layer, order in the layer


class Animator:
    """The table of one list as the bottom seat sees it, presented event by event."""

    def __init__(self, services: Services, local: SeatedTable) -> None:
        self.services = services
        self.local = local
        self.sprites = {Token(t): CardSprite(Token(t)) for t in range(32)}
        self.shown = SeatTable(local.viewer)
        self.queue: deque[SeatEvent] = deque()
        self.hold = 0.0
        self.clock = 0.0
        self.toast = widgets.Toast()
        #: what the move timer did for the human, said by his plate until his next
        #: decision, and when it was said (the animator's clock)
        self.timeout_note: Label | None = None
        self.timeout_at = 0.0
        #: a panel the scene draws over the table (the results): messages keep clear of it
        self.covered: pygame.Rect | None = None
        #: the same panel while its scene is there: the open hands keep every card beside it
        self.keep_clear: pygame.Rect | None = None
        #: per seat: what the bubble says and until when (``None``: until replaced)
        self.bubbles: dict[Seat, tuple[Speech, float | None]] = {}
        self._spoken: dict[Seat, Speech] = {}
        self.thinking: Seat | None = None  # seat whose computer player is thinking
        #: a face's passing reaction per seat and until when (a trick won, Kontra)
        self.reactions: dict[Seat, tuple[Mood, float]] = {}
        self.focus: Card | None = None  # keyboard cursor in the human's hand
        self.hover: Card | None = None
        self.lifted: set[Card] = set()  # the human's cards raised (playable / chosen)
        self.dimmed: set[Card] = set()
        self.dragging: tuple[Card, float, float] | None = None  # card, grab offset x, y
        self.highlight: Card | None = None  # a card shown with a ring (a hint)
        #: the last hint's chance in the card play: (deal, cards played, trick, percent)
        self.hint_chance: tuple[int, int, int, int] | None = None
        #: the cards the human moved to the skat to put away (not yet put away)
        self.staged: list[Card] = []
        #: while putting away: the hand's places as they were before (cards moved to the
        #: skat leave their place empty, so the others do not move under the mouse)
        self.keep_places: list[Card] | None = None
        #: a lesson's table: the header names the lesson instead of the deal number, and
        #: the plates give the seat without a computer level
        self.header: Callable[[Tr], str] | None = None
        self.show_levels = True
        #: the dealing is over (the hand is sorted from then on)
        self.dealt = False
        #: the countdown of the human's decisions, and its clock (it runs only while the
        #: table is on top and the window has the focus)
        self.move_timer: MoveTimer | None = None
        self.timer_clock = 0.0
        #: _goals runs every frame: an open hand's sorted order and the keep_places check
        #: are kept here, keyed on what they depend on, so a frame at rest sorts nothing
        self._open_sorted: dict[Seat, tuple[tuple[object, ...], list[Token]]] = {}
        self._keep_slots: tuple[tuple[object, ...], list[int] | None] = ((), None)
        self.layers: dict[Token, tuple[int, int]] = {}
        self._layout: tuple[Layout, int, Layout] | None = None
        self._places: tuple[int, tuple[ScreenPos, ...]] | None = None
        self._hand: tuple[tuple[object, ...], list[Card]] | None = None
        self._snap = True
        self._update_goals(force_snap=True)

    # ------------------------------------------------------------ seating

    @property
    def session(self) -> Session:
        return self.local.session

    @property
    def tr(self) -> Tr:
        return self.services.tr

    @property
    def speed(self) -> float:
        return self.services.speed

    @property
    def four(self) -> bool:
        """Four at the table (the dealer sits out)."""
        return self.session.size == 4

    @property
    def human(self) -> Seat | None:
        """The deal seat of the bottom hand (``None``: the human deals and sits out)."""
        seat = self.session.human_seat
        return None if seat is None else Seat(seat)

    @property
    def layout(self) -> Layout:
        """The window's layout for this table (three or four, the human watching or not):
        worked out again when the window or the deal changes (it is asked for often)."""
        base = self.services.layout
        number = self.session.series.table_number
        cached = self._layout
        if cached is not None and cached[0] is base and cached[1] == number:
            return cached[2]
        s = self.session
        top_out = s.sitting_out is not None and self.screen_pos(s.sitting_out) == TOP
        layout = base.seated(self.four, self.human is None, top_out)
        self._layout = (base, number, layout)
        return layout

    def pos_of(self, seat: int) -> ScreenPos:
        """The screen position (bottom, left, right, top) of a deal seat (worked out once a
        deal: it is asked for many times a frame)."""
        number = self.session.series.table_number
        cached = self._places
        if cached is None or cached[0] != number:
            session = self.session
            cached = (number, tuple(self.screen_pos(session.player_of(s)) for s in SEATS))
            self._places = cached
        return cached[1][seat]

    def screen_pos(self, player: PlayerIndex) -> ScreenPos:
        """The screen position of a player: at four seats clockwise bottom, left, top, right."""
        if self.four:
            return (ScreenPos.BOTTOM, ScreenPos.LEFT, ScreenPos.TOP, ScreenPos.RIGHT)[player]
        return ScreenPos(player)

    # ------------------------------------------------------------ the human's hand

    def human_hand(self) -> list[Card]:
        """The cards at the bottom in the order shown (without those moved to the skat):
        sorted once the dealing is over (worked out again only when something it depends
        on changed: it is asked for several times a frame)."""
        h = self.human
        if h is None:
            return []
        shown = self.shown
        s = self.services.settings
        contract = shown.contract
        kind = contract.kind if contract is not None else None
        hand = shown.hands[h]
        key = (tuple(hand), tuple(shown.faces[t] for t in hand), tuple(self.staged),
               self.dealt, kind, s.sort_order, s.sort_direction)
        cached = self._hand
        if cached is not None and cached[0] == key:
            return list(cached[1])
        cards = [c for c in shown.hand_cards(h) if c not in self.staged]
        if self.dealt:
            cards = sort_hand(cards, kind, s.sort_order, s.sort_direction)
        self._hand = (key, cards)
        return list(cards)

    @property
    def from_skat(self) -> set[Card]:
        """The two cards the human picked up from the skat (outlined until he discards)."""
        return {c for c in (self.shown.faces[t] for t in self.shown.from_skat) if c is not None}

    def sprite_of(self, card: Card) -> CardSprite | None:
        token = self.shown.token_of(card)
        return None if token is None else self.sprites[token]

    # ------------------------------------------------------------ catching up

    @property
    def busy(self) -> bool:
        """Whether events are still to be presented (or taken from the table) or cards
        are moving."""
        return bool(self.queue) or self.hold > 0 or self.local.pending or any(
            s.motion is not None and s.major for s in self.sprites.values())

    def feed(self, events: list[SeatEvent]) -> None:
        """Queue seat events to be presented in order."""
        self.queue.extend(events)
        if any(isinstance(e, Dealt) for e in events):
            self.dealt = False

    def pull(self) -> None:
        """Take the seat events the table has not handed out yet."""
        events = self.local.take_events()
        if events:
            self.feed(events)

    def catch_up(self) -> None:
        """Show the table as it stands, at once (a list continued, a card taken back)."""
        self.queue.clear()
        self.hold = 0.0
        self.shown = self.local.catch_up().copy()
        self._clear_marks()
        self.bubbles = {seat: (sp, None) for seat, sp in self.shown.said.items() if sp.lasting}
        self._spoken = dict(self.shown.said)
        self.dealt = True
        self._snap = True

    def _clear_marks(self) -> None:
        self.lifted.clear()
        self.dimmed.clear()
        self.focus = None
        self.highlight = None
        self.staged = []
        self.keep_places = None
        self.dragging = None

    def reset(self) -> None:
        """Every card back in the deck, for a new deal."""
        self.shown = SeatTable(self.local.viewer)
        self.bubbles.clear()
        self.reactions.clear()
        self._spoken = {}
        self.hold = 0.0
        self._clear_marks()
        self.toast.clear()
        for s in self.sprites.values():
            s.motion = None
            s.goal = None
            s.face = s.face_goal = False
            s.shake = None
        self._update_goals(force_snap=True)  # every card in the deck, at once

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

    def update(self, dt: float) -> None:
        self.pull()
        self.clock += dt
        self.toast.update(dt)
        if self.hold > 0:
            self.hold = max(0.0, self.hold - dt)
        while self.hold <= 0 and self.queue:
            self.hold = self._present(self.queue.popleft(), instant=self.speed == 0)
        self._update_goals(force_snap=False)
        for s in self.sprites.values():
            self._advance(s, dt)
        asking = self.shown.phase in (Phase.KONTRA, Phase.RE)
        for seat, (speech, until) in list(self.bubbles.items()):
            if asking and speech.kind in KONTRA_WORDS:  # the question goes on: it stays
                self.say(seat, speech, SPEECH_SECONDS[speech.kind])
            elif until is not None and self.clock >= until:
                del self.bubbles[seat]

    def relayout(self) -> None:
        """The window changed size: every card jumps to its new place."""
        self._snap = True

    # ------------------------------------------------------------ presenting events

    def mood_of(self, seat: Seat) -> Mood:
        """What the face of ``seat`` shows now: thinking, or a reaction for a moment."""
        if seat == self.thinking:
            return Mood.THINKING
        reaction = self.reactions.get(seat)
        if reaction is not None and self.clock < reaction[1]:
            return reaction[0]
        return Mood.IDLE

    def react(self, seat: Seat, mood: Mood, seconds: float) -> None:
        """The face of ``seat`` shows ``mood`` for a moment (longer at a slower pace)."""
        self.reactions[seat] = (mood, self.clock + seconds * max(self.speed, 0.5))

    def note_timeout(self, words: Label) -> None:
        """The move timer decided for the human: ``words`` stay by his plate until he
        decides again (:meth:`decided`)."""
        self.timeout_note = words
        self.timeout_at = self.clock

    def decided(self) -> None:
        """The human made a decision of his own: the move timer's words have done."""
        self.timeout_note = None

    def say(self, seat: Seat, speech: Speech, seconds: float | None = None) -> None:
        """A speech bubble at a seat (``None``: until replaced)."""
        until = None if seconds is None else self.clock + max(0.8, seconds * max(self.speed, 0.5))
        self.bubbles[seat] = (speech, until)

    def _narrate(self, event: SeatEvent) -> None:
        """Say what the event means (the setting Speak the game)."""
        speaker = self.services.speaker
        if not speaker.on:
            return
        if speaker.narrator is None or isinstance(event, Dealt):
            self.seat_speaker()
        speaker.event(event, self.shown)

    def seat_speaker(self) -> None:
        """The speaker speaks for this table's human from now on (his names, his deck)."""
        s = self.session
        self.services.speaker.seat(self.tr, s.name_of, s.human_seat,
                                   self.services.settings.deck_style)

    def _speak(self) -> None:
        """The bubbles follow what the shown table says each seat said."""
        said = self.shown.said
        for seat in list(self.bubbles):
            if seat not in said:
                del self.bubbles[seat]
        for seat, speech in said.items():
            if self._spoken.get(seat) != speech:
                self.say(seat, speech, SPEECH_SECONDS.get(speech.kind))
        self._spoken = dict(said)

    def _move(self, token: Token, duration: float, delay: float = 0.0,
              ease: Easing = ease_out_cubic) -> None:
        s = self.sprites[token]
        s.duration = duration
        s.delay = delay
        s.ease = ease

    def _present(self, event: SeatEvent, instant: bool = False) -> float:
        """Show one seat event; returns how long to wait before the next one."""
        tr = self.tr
        f = 0.0 if instant else self.speed
        sound = self.services.sound
        play = sound.play if not instant else (lambda name: None)
        if isinstance(event, Dealt):
            self.reset()
        shown = self.shown
        skat_before = list(shown.skat)
        trick_before = list(shown.trick)
        shown.apply(event)
        self._speak()
        self._narrate(event)
        if isinstance(event, Dealt):
            play("shuffle")
            previous: Seat | None | str = "deck"
            for i, (place, _card) in enumerate(event.order):
                self._move(Token(i), DEAL_FLIGHT * f, 0.35 * f + i * DEAL_STEP * f)
                if place != previous and not instant:  # each packet slides off the deck
                    sound.schedule("deal", (0.35 + i * DEAL_STEP) * f)
                previous = place
            return (0.35 + len(event.order) * DEAL_STEP + DEAL_FLIGHT + 0.1) * f
        if isinstance(event, BidMade | BidHeld):
            play("click")
            return 0.45 * f
        if isinstance(event, Passed):
            return 0.45 * f
        if isinstance(event, AuctionWon):
            self.toast.show(self.session.about(tr, "table.auction_won", event.seat,
                                               bid=event.bid), 1.8)
            return 0.9 * f
        if isinstance(event, PassedIn):
            self.toast.show(tr("auction.all_passed"), 2.0)
            return 1.0 * f
        if isinstance(event, RamschStarted):
            self.toast.show(tr("table.ramsch"), 2.0)
            return 1.0 * f
        if isinstance(event, SkatPicked):
            for t in skat_before:
                self._move(t, SKAT_MOVE * f, 0.0, ease_in_out_cubic)
            play("deal")
            return (SKAT_MOVE + 0.25) * f
        if isinstance(event, SkatPushed):
            return 0.8 * f
        if isinstance(event, PutAway):
            staged = set(self.staged)
            for t in shown.skat:
                if shown.faces[t] not in staged:  # cards moved there by hand lie there
                    self._move(t, MOVE * f)
            self.staged = []
            self.keep_places = None
            self.lifted.clear()
            play("deal")
            return (MOVE + 0.2) * f
        if isinstance(event, Declared):
            for t in skat_before:
                self._move(t, SKAT_MOVE * f, 0.0, ease_in_out_cubic)
            play("click")
            return 1.0 * f
        if isinstance(event, HandShown):
            return 0.5 * f
        if isinstance(event, KontraSaid | ReSaid):
            self.react(Seat(event.seat), Mood.BOLD, 2.5)
            return 0.8 * f
        if isinstance(event, CardPlayed):
            for t in skat_before:  # Ramsch: the skat is laid aside with the first card
                self._move(t, SKAT_MOVE * f, 0.0, ease_in_out_cubic)
            if shown.trick:
                self._move(shown.trick[-1][1], MOVE * f)
            self.lifted.discard(event.card)
            self.dimmed.discard(event.card)
            if self.focus == event.card:
                self.focus = None
            play("card")
            return MOVE * f * 0.9
        if isinstance(event, TrickWon):
            self.react(Seat(event.seat), Mood.PLEASED, TRICK_PAUSE + COLLECT + 0.6)
            # reduce motion: no glide, not less time to see it: the whole trick stays
            # until the gliding one would have reached its winner, then goes at once
            stay = TRICK_PAUSE + COLLECT + 0.08 if calm() else TRICK_PAUSE
            for i, (_seat, t) in enumerate(trick_before):
                self._move(t, COLLECT * f, (stay + (0 if calm() else i * 0.04)) * f,
                           ease_in_out_cubic)
            sound.schedule("trick", TRICK_PAUSE * f)
            return (TRICK_PAUSE + COLLECT + 0.1) * f
        if isinstance(event, Conceded):
            self.toast.show(self.session.about(tr, "table.conceded", event.seat), 2.0)
            return 1.0 * f
        if isinstance(event, Claimed):  # who claimed, and how the rules judged it
            session = self.session
            verdict = claim_verdict(shown, Seat(event.seat), event.valid, tr,
                                    lambda k, seat, **f: session.about(tr, k, seat, **f),
                                    session.name_of)
            self.toast.show(f"{self.session.about(tr, 'table.claimed', event.seat)}. {verdict}",
                            5.0)
            return 2.0 * f
        if isinstance(event, DealScored):
            self.thinking = None
            self._clear_marks()
            return 0.4 * f
        return 0.0

    # ------------------------------------------------------------ goals and motion

    def _goals(self) -> dict[Token, Place]:
        """Each card's place: goal (x, y, angle, width), face up, layer, order in layer."""
        L = self.layout
        shown = self.shown
        out: dict[Token, Place] = {}
        dx, dy, _a = L.deck_slot()
        for i, t in enumerate(shown.deck):
            out[t] = ((dx - i * 0.25, dy - i * 0.25, 0.0, L.table_w), False, 1, i)
        for seat in SEATS:
            pos = self.pos_of(seat)
            if pos == BOTTOM:
                self._bottom_goals(out, L)
                continue
            tokens = shown.hands[seat]
            face = seat in shown.open_seats
            if face:  # an open hand is read like one's own: sorted
                tokens = self._sorted_open(seat, tokens)
            slots = L.opponent_slots(pos, len(tokens), face, self.keep_clear)
            w = L.top_w if pos == TOP else L.small_w
            for i, (t, (x, y, a)) in enumerate(zip(tokens, slots, strict=True)):
                out[t] = ((x, y, a, w), face and shown.faces[t] is not None, 4, i)
        staged = [t for t in (shown.token_of(c) for c in self.staged) if t is not None]
        skat = [*shown.skat, *staged]
        for i, (t, (x, y, a)) in enumerate(zip(skat, L.skat_slots(len(skat)), strict=False)):
            out[t] = ((x, y, a, L.table_w), t in staged or shown.skat_open, 2, i)
        for i, (seat, t) in enumerate(shown.trick):
            x, y, a = L.trick_slot(self.pos_of(seat))
            # a little disorder, always the same for a card
            c = shown.faces[t] or 0
            a += ((c * 7) % 9 - 4) * TRICK_DISORDER / 4
            out[t] = ((x, y, a, L.table_w), True, 3, i)
        declarer = shown.declarer
        ax, ay, aa = L.aside_slot(None if declarer is None else self.pos_of(declarer))
        for i, t in enumerate(shown.aside):
            out[t] = ((ax + i * L.pile_w * 0.18, ay + i * 2, aa, L.pile_w), False, 0, 100 + i)
        for seat in SEATS:
            x, y, a = L.pile_slot(self.pos_of(seat))
            for i, t in enumerate(shown.piles[seat]):
                out[t] = ((x - i * 0.35, y - i * 0.35, a, L.pile_w), False, 0, i)
        return out

    def _bottom_goals(self, out: dict[Token, Place], L: Layout) -> None:
        """The human's hand: raised when playable or chosen, the picked-up cards half."""
        cards = self.human_hand()
        places = self._kept_places(cards)
        if places is not None:
            slots = L.hand_slots(len(self.keep_places or ()))
            slots = [slots[i] for i in places]  # a place for each card moved away
        else:
            slots = L.hand_slots(len(cards))
        rise = L.raise_by
        from_skat = self.from_skat
        tokens = {c: Token(t) for t, c in enumerate(self.shown.faces) if c is not None}
        for i, (c, (x, y, a)) in enumerate(zip(cards, slots, strict=True)):
            t = tokens.get(c)
            if t is None:
                continue
            if c in self.lifted:
                y -= rise
            elif c in from_skat:
                y -= rise * 0.5
            if c == self.focus:
                y -= rise * 0.45
            elif c == self.hover and (c in self.lifted or not self.dimmed):
                y -= rise * 0.25
            out[t] = ((x, y, a, L.card_w), True, 6, i)

    def _kept_places(self, cards: list[Card]) -> list[int] | None:
        """While putting away: each card's index in keep_places (None: the hand's own
        places), worked out again only when the hand, keep_places or the skat change."""
        keep = self.keep_places
        if keep is None:
            return None
        key = (tuple(cards), tuple(keep), tuple(self.staged))
        if self._keep_slots[0] != key:
            fits = set(cards) <= set(keep) and set(keep) - set(cards) <= set(self.staged)
            self._keep_slots = (key, [keep.index(c) for c in cards] if fits else None)
        return self._keep_slots[1]

    def _sorted_open(self, seat: Seat, tokens: list[Token]) -> list[Token]:
        """An open (ouvert) hand in the table's order, sorted again only when it changes."""
        st = self.services.settings
        contract = self.shown.contract
        kind = contract.kind if contract is not None else None
        faces = self.shown.faces
        key = (tuple(tokens), tuple(faces[t] for t in tokens), kind, st.sort_order,
               st.sort_direction)
        cached = self._open_sorted.get(seat)
        if cached is None or cached[0] != key:
            known = {c: t for t in tokens if (c := faces[t]) is not None}
            order = sort_hand(list(known), kind, st.sort_order, st.sort_direction)
            cached = (key, [known[c] for c in order] + [t for t in tokens if faces[t] is None])
            self._open_sorted[seat] = cached
        return cached[1]

    def _update_goals(self, force_snap: bool) -> None:
        snap = self._snap or force_snap
        self._snap = False
        self.layers = {}
        dragged = self.sprite_of(self.dragging[0]) if self.dragging is not None else None
        for token, (goal, face, layer, order) in self._goals().items():
            s = self.sprites[token]
            self.layers[token] = (layer, order)
            s.face_goal = face
            if s is dragged:
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

    def release(self, card: Card) -> None:
        """A dragged card was let go: it glides to its place from where it is."""
        s = self.sprite_of(card)
        if s is not None:
            s.goal = (float("nan"), 0.0, 0.0, 0.0)

    def shake(self, card: Card) -> None:
        """Shake a card side to side (it may not be played)."""
        s = self.sprite_of(card)
        if s is not None:
            s.shake = Shake(self.layout.card_w * 0.09, 0.42)

    # ------------------------------------------------------------ hit tests

    def hand_card_at(self, pos: tuple[int, int]) -> Card | None:
        """The human's card under the mouse (the topmost), if any."""
        L = self.layout
        for c in reversed(self.human_hand()):
            s = self.sprite_of(c)
            if s is None:
                continue
            w = s.w
            h = L.card_height(w)
            if point_in_card(pos[0], pos[1], s.x, s.y, w, h, s.angle):
                return c
            # a raised card also answers below itself, where it came from
            if c in self.lifted and s.goal is not None and point_in_card(
                    pos[0], pos[1], s.goal[0], s.goal[1] + L.raise_by, w, h, s.angle):
                return c
        return None

    def skat_card_at(self, pos: tuple[int, int]) -> Card | None:
        """A card the human moved to the skat, under the mouse."""
        L = self.layout
        for c in reversed(self.staged):
            s = self.sprite_of(c)
            if s is not None and point_in_card(pos[0], pos[1], s.x, s.y, s.w,
                                                L.card_height(s.w), s.angle):
                return c
        return None

    def skat_area(self) -> pygame.Rect:
        """Where cards may be dropped to put them away."""
        L = self.layout
        cx, cy = L.centre
        return pygame.Rect(0, 0, L.table_w * 2.4, L.table_h * 1.5).move(
            cx - L.table_w * 1.2, cy - L.table_h * 0.75)

    def bubble_label(self, speech: Speech) -> Label:
        """What a bubble says, in the language of the moment."""
        from skatgame.table.texts import speech_text

        return speech_text(speech, self.services.settings.deck_style, self.tr)
