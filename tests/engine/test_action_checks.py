"""What `Deal.is_legal` and `Deal.apply` accept: exactly `legal_actions()`, and nothing
malformed (a seat that is not the int 0, 1 or 2, a card outside 0-31, a field of the wrong
type). A refused action raises IllegalActionError and leaves the deal exactly as it was."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skatgame.engine.actions import (
    CLAIM,
    CONCEDE,
    HOLD,
    KONTRA,
    PASS,
    PLAYS,
    PUSH_SKAT,
    RE,
    RESIGN,
    TAKE_SKAT,
    Bid,
    Contract,
    Declare,
    Discard,
    Play,
)
from skatgame.engine.deal import Deal, DealError, IllegalActionError, Phase
from skatgame.engine.options import RuleOptions
from skatgame.engine.rules import GameKind

from .helpers import play_steps, snapshot

seeds = st.integers(min_value=0, max_value=2**63)
option_sets = st.builds(RuleOptions, ramsch=st.booleans(), schieberamsch=st.booleans(),
                        kontra=st.booleans())
many = settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
some = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: seats that are no seat: floats, bools, strings, out of range, None is "the seat to move"
BAD_SEATS = [1.0, 0.0, True, False, "1", -1, 3, 2**70, [1], (0,), 1 + 0j]
#: cards that are no card
BAD_CARDS = [-1, 32, 2**70, 1.0, True, "CJ", None, -(2**70)]


def refused(deal: Deal, action: object, seat: object = None) -> str:
    """Apply must refuse and change nothing; is_legal must say False. Returns the message."""
    before = snapshot(deal)
    assert deal.is_legal(action, seat) is False  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError) as e:
        deal.apply(action, seat)  # type: ignore[arg-type]
    assert snapshot(deal) == before
    assert str(e.value)
    return str(e.value)


def auction_won(seed: int) -> Deal:
    """Middlehand bids 18 and the others pass: he picks up the skat or plays hand."""
    deal = Deal.from_seed(seed)
    for action in (Bid(18), PASS, PASS):
        deal.apply(action)
    assert deal.phase is Phase.SKAT
    return deal


def playing(seed: int) -> Deal:
    """Middlehand plays a grand hand; Forehand leads."""
    deal = auction_won(seed)
    deal.apply(Declare(Contract.make(GameKind.GRAND, hand=True)))
    assert deal.phase is Phase.PLAY
    return deal


# ---------------------------------------------------------------- is_legal


def test_is_legal_accepts_a_legal_lead_and_a_legal_follow():
    deal = playing(3)
    lead = deal.legal_actions()[0]
    assert deal.is_legal(lead)  # raised IndexError before
    deal.apply(lead)
    assert all(deal.is_legal(a) for a in deal.legal_actions())  # said False before


#: per phase, the actions tried against legal_actions(): every card in play, every kind of
#: call in the auction (with bids off the ladder), the rest elsewhere
_AUCTION_TRIES = [*(Bid(v) for v in (18, 20, 23, 24, 264, 17, 0, -18, 265)), HOLD, PASS]
_OTHER_TRIES = [PASS, TAKE_SKAT, PUSH_SKAT, KONTRA, RE, PLAYS[0], Bid(18), *(
    Declare(Contract.make(k, hand=h)) for k in range(6) for h in (False, True))]


@many
@given(seeds, option_sets)
def test_is_legal_agrees_with_legal_actions(seed, options):
    """Over random deals, at every step: every action legal_actions() names is legal, and
    of the actions tried (all 32 cards in play) exactly those it names are."""
    deal = Deal.from_seed(seed, options)
    rng = random.Random(seed)
    while not deal.done:
        legal = deal.legal_actions()
        named = set(legal)
        assert all(deal.is_legal(a) for a in legal)
        if deal.phase is Phase.PLAY:
            tries = PLAYS
        elif deal.phase is Phase.AUCTION:
            tries = _AUCTION_TRIES
        else:
            tries = _OTHER_TRIES
            if deal.phase is Phase.DISCARD:
                a, b = legal[0].cards
                assert not deal.is_legal(Discard((b, a)))
        for a in tries:
            assert deal.is_legal(a) == (a in named), (a, deal.phase)
        deal.apply(rng.choice(legal))


# ---------------------------------------------------------------- seats


@pytest.mark.parametrize("seat", BAD_SEATS)
def test_a_seat_that_is_no_seat_is_refused_in_the_auction(seat):
    deal = Deal.from_seed(1)
    msg = refused(deal, Bid(18), seat)  # 1.0 half-recorded the bid before
    assert "seat" in msg
    refused(deal, PASS, seat)


@pytest.mark.parametrize("seat", BAD_SEATS)
def test_a_seat_that_is_no_seat_is_refused_in_play(seat):
    deal = playing(1)
    for action in (deal.legal_actions()[0], CONCEDE, CLAIM, RESIGN):
        refused(deal, action, seat)
    assert not deal.may_concede(seat) and not deal.may_claim(seat)  # type: ignore[arg-type]


@some
@given(seeds, option_sets, st.sampled_from(BAD_SEATS), st.integers(0, 60))
def test_bad_seats_change_nothing_at_any_point(seed, options, seat, steps):
    deal = play_steps(Deal.from_seed(seed, options), random.Random(seed), steps)
    actions = deal.legal_actions() or [PASS]
    for action in [*actions[:3], CONCEDE, CLAIM, RESIGN]:
        refused(deal, action, seat)


# ---------------------------------------------------------------- fields


@pytest.mark.parametrize("card", BAD_CARDS)
def test_a_card_that_is_no_card_is_refused(card):
    deal = playing(1)
    refused(deal, Play(card))
    deal.apply(deal.legal_actions()[0])  # and when following
    refused(deal, Play(card))


@pytest.mark.parametrize("value", ["p", "y", 18.0, True, None, -18, 0, 17, 2**70, "18"])
def test_a_bid_that_is_no_bid_is_refused(value):
    deal = Deal.from_seed(1)
    refused(deal, Bid(value))  # Bid("p") passed, Bid("y") held before
    deal.apply(Bid(18))
    refused(deal, Bid(value))
    assert deal.auction.value == 18


def discarding() -> Deal:
    deal = auction_won(1)
    deal.apply(TAKE_SKAT)
    return deal


@pytest.mark.parametrize("cards", [
    (True, 5), (1.0, 5), (-1, 5), (5, 40), ("CJ", 5), [0, 1], (0, 1, 2), (0,), None, 12,
])
def test_a_discard_of_no_cards_is_refused(cards):
    deal = discarding()
    hand = [c for c in range(32) if deal.hands[deal.to_move] >> c & 1]
    cards = tuple(hand[:2]) if cards == (0, 1) else cards
    if isinstance(cards, list):
        cards = list(hand[:2])  # a list, not a tuple
    refused(deal, Discard(cards))  # type: ignore[arg-type]


def test_a_discard_names_its_cards_in_ascending_order():
    deal = discarding()
    hand = [c for c in range(32) if deal.hands[deal.to_move] >> c & 1]
    assert "Discard.of" in refused(deal, Discard((hand[1], hand[0])))
    deal.apply(Discard.of(hand[1], hand[0]))
    assert deal.phase is Phase.DECLARE


@pytest.mark.parametrize("contract", [
    None, "G", GameKind.GRAND, Contract(GameKind.RAMSCH), Contract(7), Contract(-1),  # type: ignore[arg-type]
    Contract("G"), Contract(True), Contract(GameKind.GRAND, hand=1),  # type: ignore[arg-type]
    Contract(GameKind.GRAND, ouvert=True), Contract(GameKind.NULL, schneider=True),
    Contract(4.0),  # type: ignore[arg-type]
])
def test_a_declaration_of_no_contract_is_refused(contract):
    deal = discarding()
    hand = [c for c in range(32) if deal.hands[deal.to_move] >> c & 1]
    deal.apply(Discard.of(hand[0], hand[1]))
    refused(deal, Declare(contract))  # type: ignore[arg-type]


def test_a_kind_given_as_a_plain_int_is_stored_as_its_game_kind():
    deal = discarding()
    hand = [c for c in range(32) if deal.hands[deal.to_move] >> c & 1]
    deal.apply(Discard.of(hand[0], hand[1]))
    deal.apply(Declare(Contract(4)))  # type: ignore[arg-type]
    assert deal.contract == Contract.make(GameKind.GRAND)
    assert type(deal.contract.kind) is GameKind


@pytest.mark.parametrize("multiplier", [0, -1, 1.0, True, "2", None])
def test_a_deal_refuses_a_bad_multiplier(multiplier):
    with pytest.raises(DealError):
        Deal.from_seed(1, multiplier=multiplier)


# ---------------------------------------------------------------- the wrong phase


@some
@given(seeds, option_sets, st.integers(0, 60))
def test_actions_of_every_other_phase_are_refused_unchanged(seed, options, steps):
    """Over random deals: an action of another phase (a bid in play, a card in the auction,
    Kontra without a game...) is refused with a message and changes nothing."""
    deal = play_steps(Deal.from_seed(seed, options), random.Random(seed), steps)
    legal = deal.legal_actions()
    for action in [PLAYS[0], PLAYS[31], Bid(18), HOLD, PASS, TAKE_SKAT, PUSH_SKAT, KONTRA, RE,
                   Discard((0, 1)), Declare(Contract.make(GameKind.GRAND)),
                   Declare(Contract.make(GameKind.NULL, hand=True)), "p", None, object()]:
        if action not in legal:
            refused(deal, action)


@pytest.mark.parametrize("text", ["-18", "+18", "99999", "9" * 5000, "١٨"])
def test_signed_long_or_foreign_numbers_are_no_bid_text(text):
    from skatgame.engine.actions import ActionError, parse_action

    with pytest.raises(ActionError, match="not a bid") as e:
        parse_action(text)
    assert len(str(e.value)) < 100


@pytest.mark.parametrize("value", [-18, 0, 17, 265])
def test_a_bid_off_the_ladder_says_so(value):
    deal = Deal.from_seed(2)
    deal.apply(Bid(18))
    deal.apply(HOLD)
    assert "not a possible game value" in refused(deal, Bid(value))


@pytest.mark.parametrize("seat", [*BAD_SEATS, -1, None])
def test_no_observation_for_a_seat_that_is_no_seat(seat):
    deal = Deal.from_seed(1)
    with pytest.raises(ValueError, match="no such seat"):
        deal.observation(seat)  # -1 showed Rearhand's hand before
