"""The table as a seat sees it: the fold of the engine's events.

Folding a deal's seat events one action at a time gives the same table as folding
them all at once (catching up), for every viewer; and no viewer is ever shown a
card it may not see: neither in a seat event nor on the folded table.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skatgame.engine.actions import CLAIM, CONCEDE, PASS, Declare
from skatgame.engine.cards import FULL_DECK, cards_of
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.events import CardPlayed, DealScored, HandShown, TrickWon
from skatgame.engine.options import RuleOptions
from skatgame.engine.seats import SEATS, Seat
from skatgame.table.seatview import (
    EVERYONE,
    WATCHER,
    Dealt,
    PutAway,
    Revealed,
    SeatEvent,
    SeatTable,
    SkatPicked,
    Viewer,
    fold,
    seat_events,
    table_of,
)

VIEWERS: tuple[Viewer, ...] = (*SEATS, WATCHER, EVERYONE)
seeds = st.integers(min_value=0, max_value=2**63)
options = st.builds(RuleOptions, ramsch=st.booleans(), schieberamsch=st.booleans(),
                    kontra=st.booleans())


def choose(deal: Deal, rng: random.Random) -> tuple[object, int | None]:
    """A random legal action, biased towards deals that reach the interesting places:
    passes in the auction, ouvert and hand games, now and then a concession or claim."""
    legal = deal.legal_actions()
    if deal.phase is Phase.AUCTION and rng.random() < 0.55 and PASS in legal:
        return PASS, None
    if deal.phase is Phase.PLAY and deal.declarer is not None and rng.random() < 0.02:
        seat = rng.choice(SEATS)
        if rng.random() < 0.5 and deal.may_concede(seat):
            return CONCEDE, seat
        if deal.may_claim(seat) and deal.is_legal(CLAIM, seat):  # (not with too many cards)
            return CLAIM, seat
    if deal.phase is Phase.SKAT and rng.random() < 0.5:
        ouvert = [a for a in legal if isinstance(a, Declare) and a.contract.ouvert]
        if ouvert:
            return rng.choice(ouvert), None
    return rng.choice(legal), None


def known_to(deal: Deal, viewer: Viewer) -> int:
    """The cards ``viewer`` may know of ``deal`` now (a mask)."""
    if viewer == EVERYONE or deal.done:
        return FULL_DECK
    played = 0
    for e in deal.events:
        if isinstance(e, CardPlayed):
            played |= 1 << e.card
        elif isinstance(e, HandShown):
            played |= e.cards
    if viewer == WATCHER:
        return played
    obs = deal.observation(viewer)
    dealt = deal.initial_hands[viewer]
    return obs.hand | obs.known_skat | obs.open_cards | played | dealt


def shown_cards(event: SeatEvent) -> list[int]:
    """The cards a seat event names that could be hidden ones."""
    if isinstance(event, Dealt):
        return [c for _p, c in event.order if c is not None]
    if isinstance(event, SkatPicked | PutAway):
        return [c for c in event.cards if c is not None]
    if isinstance(event, Revealed):
        return cards_of(event.hands[0] | event.hands[1] | event.hands[2] | event.skat)
    return []


def faces(table: SeatTable) -> int:
    mask = 0
    for c in table.faces:
        if c is not None:
            mask |= 1 << c
    return mask


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, options)
def test_one_by_one_equals_at_once_and_nothing_hidden_is_shown(seed: int,
                                                               rules: RuleOptions) -> None:
    rng = random.Random(seed)
    deal = Deal.from_seed(seed, rules)
    tables = {v: SeatTable(v) for v in VIEWERS}
    for v in VIEWERS:
        for e in seat_events(deal, list(deal.events), v):
            tables[v].apply(e)
    while not deal.done:
        action, seat = choose(deal, rng)
        before = {v: known_to(deal, v) for v in VIEWERS}
        new = deal.apply(action, seat)  # type: ignore[arg-type]
        known = {v: known_to(deal, v) for v in VIEWERS}
        for v in VIEWERS:
            events = seat_events(deal, new, v)
            for e in events:
                # a card named in a seat event is one the viewer may know now
                allowed = known[v] if isinstance(e, Revealed | DealScored) else \
                    known[v] | before[v]
                for c in shown_cards(e):
                    assert allowed >> c & 1, (v, e, c)
                tables[v].apply(e)
            # the table shows no card the viewer may not know
            assert faces(tables[v]) & ~known[v] == 0, (v, deal.history)
        if rng.random() < 0.1:  # now and then: catching up gives the same table
            for v in VIEWERS:
                assert table_of(deal, v) == tables[v]
    for v in VIEWERS:
        assert table_of(deal, v) == tables[v]
        assert faces(tables[v]) == FULL_DECK or deal.result is None
    # every card is somewhere, once
    for v in VIEWERS:
        t = tables[v]
        places = [*t.deck, *t.skat, *t.aside, *(x for _s, x in t.trick),
                  *(x for h in t.hands for x in h), *(x for p in t.piles for x in p)]
        assert sorted(places) == list(range(32))


def test_a_seat_sees_its_own_cards_and_blanks_elsewhere() -> None:
    deal = Deal.from_seed(11)
    table = table_of(deal, Seat(1))
    assert sorted(table.hand_cards(Seat(1))) == cards_of(deal.hands[1])
    assert table.hand_cards(Seat(0)) == [] and table.hand_cards(Seat(2)) == []
    assert all(table.faces[t] is None for t in table.skat)
    assert len(table.hands[0]) == len(table.hands[2]) == 10 and len(table.skat) == 2


def test_the_end_reveals_every_card_and_the_played_cards_are_in_piles() -> None:
    rng = random.Random(5)
    deal = Deal.from_seed(5)
    while not deal.done:
        deal.apply(rng.choice(deal.legal_actions()))
    table = table_of(deal, WATCHER)
    assert faces(table) == FULL_DECK
    assert table.result == deal.result and table.phase is Phase.DONE and table.to_move is None
    assert table.said == {}
    won = [e for e in deal.events if isinstance(e, TrickWon)]
    for seat in SEATS:
        assert sum(t.points for t in won if t.seat == seat) == table.pile_points(seat)


def test_folding_nothing_leaves_the_deck_full() -> None:
    table = fold(WATCHER, [])
    assert len(table.deck) == 32 and not table.dealt


@settings(max_examples=300, deadline=None)
@given(seeds, options)
def test_the_auction_replayed_from_the_calls_is_the_deals(seed: int, rules: RuleOptions) -> None:
    rng = random.Random(seed)
    deal = Deal.from_seed(seed, rules)
    while not deal.done and rng.random() < 0.9:
        action, seat = choose(deal, rng)
        deal.apply(action, seat)  # type: ignore[arg-type]
    a, b = table_of(deal, WATCHER).auction(), deal.auction
    assert (a.calls, a.value, a.stage, a.bidder, a.answerer, a.awaiting_answer, a.declarer) == \
        (b.calls, b.value, b.stage, b.bidder, b.answerer, b.awaiting_answer, b.declarer)
