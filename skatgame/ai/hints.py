"""Hints for the human player: what the Expert would do, why, and its chances.

The UI calls :func:`suggest` in a worker process when the player presses H.
The answer carries a *reason code* (a :class:`~skatgame.ai.reasons.HintReason`)
that says in one word why the move is good; the table turns it into a sentence in the
player's language (no words here). :func:`reason_for` works the code out
from the observation and the chosen action alone, so the same position always
gets the same reason.
"""

from __future__ import annotations

from dataclasses import replace

from skatgame.ai.bidding import GameOption, SkatChoice, raw_share
from skatgame.ai.chances import LimitGame, limit_game, phase_of, reckoned, shown_chance
from skatgame.ai.levels.expert import ExpertPlayer
from skatgame.ai.player import Suggestion
from skatgame.ai.reasons import HintReason
from skatgame.engine.actions import (
    TAKE_SKAT,
    Action,
    Bid,
    Contract,
    Declare,
    Discard,
    Hold,
    Kontra,
    Pass,
    Play,
    PushSkat,
    Re,
    TakeSkat,
)
from skatgame.engine.cards import CARD_POINTS, SUIT_MASKS, Card, Mask, Rank
from skatgame.engine.observation import Observation
from skatgame.engine.phase import Phase
from skatgame.engine.rules import EFFECTIVE_SUIT, TRUMP, GameKind, beats, trump_mask

__all__ = ["HintReason", "auction_view", "reason_for", "suggest", "voided_suits"]

#: Hints are seeded alike for everybody: the same position gives the same hint.
HINT_SEED = "hint"


def suggest(obs: Observation, deadline: float | None = None,
            player: ExpertPlayer | None = None) -> Suggestion:
    """The Expert's choice for ``obs`` with its estimated win probability and reason.

    ``win_probability`` is the chance the seat's side wins the deal as the
    Expert estimates it (None where it has no estimate, e.g. in the auction
    of a hand worth no game); ``explanation`` says in a few words why (for
    logs); ``reason`` is a :class:`HintReason`. ``player`` is the Expert asked
    (None: ``ExpertPlayer(HINT_SEED)``, the one the review's fair view asks about a
    human's cards, so that both name the same card with the same chance). ``deadline``
    cuts the sampling short, except for a card of a suit, grand or null game: that
    search runs to its node budget, as the review's does.
    Raises ValueError when the seat has nothing to decide.
    """
    if player is None:
        player = ExpertPlayer(HINT_SEED)
    # the bidding helper's answer, before the decision may look closer at the estimate
    view = auction_view(obs)
    helper = None if view is None else limit_game(player.auction_estimate(view, deadline))
    # a card of a suit, grand or null game is searched to its node budget, not cut by
    # the deadline: the review's fair view searches the same position with the same
    # seed and budget, so both name the same card with the same chance (the budget
    # bounds the time: a few hundred milliseconds)
    playing = obs.phase is Phase.PLAY and obs.contract is not None \
        and obs.contract.kind != GameKind.RAMSCH
    decision = player.decide(obs, None if playing else deadline)
    action, contract, chance = decision.action, decision.contract, decision.win_probability
    changed: Contract | None = None
    changed_chance: float | None = None
    changed_limit = 0
    if view is not None and helper is not None and obs.phase is Phase.SKAT:
        game = _named_game(view, player, deadline, action, helper)
        if game is not None and game.contract is not None:
            contract, chance = game.contract, game.win_probability
            if helper.contract is not None and (contract.kind, contract.hand) != (
                    helper.contract.kind, helper.contract.hand):
                changed, changed_chance = helper.contract, helper.win_probability
                # the bid reached beyond the helper's limit changed it (else the closer
                # look at the skat found the better chances: no limit said)
                changed_limit = helper.limit if view.bid > helper.limit else 0
    elif view is not None and helper is not None and isinstance(action, Discard) \
            and contract is not None:
        # the game named at the skat, which the skat picked up may have changed
        named = _named_game(view, player, deadline, TAKE_SKAT, helper)
        if named is not None and named.contract is not None \
                and named.contract.kind != contract.kind:
            changed = named.contract
            changed_chance = _pickup_chance(obs, player, deadline, changed)
    if obs.phase in (Phase.KONTRA, Phase.RE) and chance is not None:
        chance = _kontra_chance(obs, chance)
    if isinstance(action, (Discard, Declare)) and obs.phase is not Phase.SKAT:
        option = _pickup_option(obs, player, deadline, action)
        if option is not None:
            chance = _option_chance(option)
    reason = reason_for(obs, action, contract)
    suits: tuple[int, ...] = ()
    if reason == HintReason.DISCARD_SHORT_SUIT and isinstance(action, Discard):
        suits = voided_suits(obs, action.cards, contract)
    elif reason == HintReason.DISCARD_SHORT_SUIT and isinstance(action, Play):
        suits = (action.card >> 3,)  # the lone card of its suit thrown off
    return Suggestion(action, chance, decision.explanation, contract, reason, suits,
                      changed, changed_chance, changed_limit, decision.worlds)


def _same_game(action: Action, helper: Contract | None) -> bool:
    """Whether the skat's ``action`` goes for the helper's game: picking up for a game
    reckoned with the skat, or declaring that very hand game."""
    if helper is None:
        return False
    if isinstance(action, TakeSkat):
        return not helper.hand
    return isinstance(action, Declare) and action.contract.kind == helper.kind \
        and action.contract.hand == helper.hand


def auction_view(obs: Observation) -> Observation | None:
    """The declarer's view with the ten cards he bid with, at the skat and at the discard
    after picking it up (the bidding helper's estimate is of these); None elsewhere (and
    in Ramsch)."""
    if obs.seat != obs.declarer or obs.phase not in (Phase.SKAT, Phase.DISCARD):
        return None
    if obs.contract is not None and obs.contract.kind == GameKind.RAMSCH:
        return None  # Schieberamsch: passing cards on
    ten = obs.hand
    if obs.phase is Phase.DISCARD:  # the skat picked up: the cards it brought are known
        ten = (obs.hand | obs.known_skat) & ~obs.known_skat
    return replace(obs, hand=ten) if ten.bit_count() == 10 else None


def _named_game(view: Observation, player: ExpertPlayer, deadline: float | None,
                action: Action, helper: LimitGame) -> LimitGame | None:
    """The game the hint names for the skat's ``action`` (picking it up or a hand game)
    and its chance: the bidding helper's own (the same estimate) while the bid reached
    stays within the helper's limit and the action goes for its game, else the game the
    action is reckoned with at the bid reached (:func:`~skatgame.ai.chances.reckoned`)."""
    if _same_game(action, helper.contract) and view.bid <= helper.limit:
        return helper
    est = player.auction_estimate(view, deadline)
    if isinstance(action, TakeSkat):
        option: GameOption | SkatChoice | None = est.best(view.bid, hand=False)
    elif isinstance(action, Declare):
        option = next((o for o in est.options if not o.pickup
                       and o.contract.kind == action.contract.kind), None)
    else:
        return None
    return None if option is None else reckoned(option, view.bid)


def _pickup_chance(obs: Observation, player: ExpertPlayer, deadline: float | None,
                   game: Contract) -> float | None:
    """The chance of the helper's ``game`` (its kind, put away at best) with the skat
    picked up, from the estimate the discard is chosen by; None where it was not tried."""
    est = player.pickup_estimate(obs, deadline)
    chances = [_option_chance(o) for o in est.options
               if o.contract.kind == game.kind and o.results]
    return max(chances) if chances else None


def _pickup_option(obs: Observation, player: ExpertPlayer, deadline: float | None,
                   action: Discard | Declare) -> GameOption | None:
    """The option of the estimate after picking up that ``action`` goes for: the best at
    the bid for a discard (as the Expert chooses it), the declared game with the cards
    put away for a declaration; None when the estimate has none (a Schieberamsch
    discard, a hand game, a discard the estimate did not try)."""
    if obs.seat != obs.declarer or obs.contract is not None:
        return None
    est = player.pickup_estimate(obs, deadline)
    if isinstance(action, Discard):
        best = est.best(obs.bid)
        put = 1 << action.cards[0] | 1 << action.cards[1]
        return best if best is not None and _mask(best.discard) == put else None
    put = obs.known_skat & ~obs.hand
    found = [o for o in est.options if o.results and _mask(o.discard) == put]
    if not found and put.bit_count() == 2:  # a discard of his own: estimated for it
        cards = [c for c in range(32) if put >> c & 1]
        found = [o for o in player.pickup_estimate(obs, deadline, (cards[0], cards[1])).options
                 if o.results]
    return next((o for o in found if o.contract.kind == action.contract.kind), None)


def _kontra_chance(obs: Observation, chance: float) -> float:
    """The chance shown at Kontra or Re: the side's share of sampled deals won (the
    Expert's estimate ``chance`` for the side, :func:`~skatgame.ai.bidding.table_chance`'s
    correction taken back) through the curve of the first tricks, as the first card's
    hint shows it: nothing is played in between, so the chance does not jump."""
    assert obs.contract is not None and obs.declarer is not None
    declarer = obs.seat == obs.declarer
    q = chance if declarer else 1.0 - chance  # the declarer's, as the Expert reckons it
    raw = raw_share(q, obs.contract.ouvert)
    return shown_chance(raw if declarer else 1.0 - raw, declarer=declarer, phase=phase_of(1),
                        kind=int(obs.contract.kind))


def _mask(cards: tuple[Card, Card] | None) -> Mask:
    return 0 if cards is None else 1 << cards[0] | 1 << cards[1]


def _option_chance(option: GameOption) -> float:
    """The chance to show for a game after picking up the skat: the share of its sampled
    deals won through the curve of the first tricks (:func:`~skatgame.ai.chances.
    shown_chance`), as the card play's first hint shows it: the declarer knows the same
    twelve cards there, so the chance does not jump between the declaration and the
    first card."""
    raw = sum(w for w, _ in option.results) / len(option.results)
    return shown_chance(raw, declarer=True, phase=phase_of(1), kind=int(option.contract.kind))


def reason_for(obs: Observation, action: Action, contract: Contract | None = None
               ) -> HintReason:
    """Why ``action`` is a good move for the seat of ``obs``.

    ``contract`` is the game the move is made for, where the Expert has one in
    mind (a discard: the game the cards are put away for).
    """
    if len(obs.legal_actions) == 1:
        return HintReason.ONLY_LEGAL
    if isinstance(action, (Bid, Hold)):
        return HintReason.BID_WORTH
    if isinstance(action, (Kontra, Re)):
        return HintReason.DOUBLE_IT
    if isinstance(action, Pass):
        doubling = obs.phase in (Phase.KONTRA, Phase.RE)
        return HintReason.NO_DOUBLE if doubling else HintReason.NO_GAME
    if isinstance(action, TakeSkat):
        return HintReason.PICK_UP
    if isinstance(action, PushSkat):
        return HintReason.BEST_CHANCE
    if isinstance(action, Declare):
        # a null game's value has no levels: Null Hand is a value of its own
        hand = obs.phase is Phase.SKAT and action.contract.kind != GameKind.NULL
        return HintReason.PLAY_HAND if hand else HintReason.BEST_GAME
    if isinstance(action, Discard):
        return _discard_reason(obs, action.cards, contract)
    if isinstance(action, Play) and obs.contract is not None:
        return _card_reason(obs, action.card)
    return HintReason.BEST_CHANCE


def _plain_suits(kind: int, mask: Mask) -> list[int]:
    """How many cards of each plain suit (0-3) ``mask`` holds in a game of ``kind``."""
    trumps = trump_mask(kind)
    return [(mask & SUIT_MASKS[s] & ~trumps).bit_count() for s in range(4)]


def _discard_reason(obs: Observation, cards: tuple[Card, Card], contract: Contract | None
                    ) -> HintReason:
    hand = obs.hand | (obs.known_skat & ~obs.played)
    if obs.contract is not None and obs.contract.kind == GameKind.RAMSCH:
        return HintReason.BEST_CHANCE  # Schieberamsch: passing cards on
    rest = hand & ~(1 << cards[0] | 1 << cards[1])
    # the game in mind decides what is trump; without one only the jacks are
    kind = int(contract.kind) if contract is not None else int(GameKind.GRAND)
    if kind == GameKind.NULL:
        return HintReason.DISCARD_LOW  # no trumps to trump with, no points that count
    if rest & trump_mask(kind) and voided_suits(obs, cards, contract):
        return HintReason.DISCARD_SHORT_SUIT
    if sum(CARD_POINTS[c] for c in cards) >= 10:
        return HintReason.SAVE_POINTS
    return HintReason.DISCARD_LOW


def voided_suits(obs: Observation, cards: tuple[Card, Card], contract: Contract | None
                 ) -> tuple[int, ...]:
    """The plain suits (0-3) that putting ``cards`` away leaves the seat void in: suits
    it held before and holds no card of after (trumps do not count as a suit here)."""
    hand = obs.hand | (obs.known_skat & ~obs.played)
    rest = hand & ~(1 << cards[0] | 1 << cards[1])
    kind = int(contract.kind) if contract is not None else int(GameKind.GRAND)
    if kind in (GameKind.NULL, GameKind.RAMSCH):
        return ()
    before, after = _plain_suits(kind, hand), _plain_suits(kind, rest)
    return tuple(s for s in range(4) if before[s] > 0 and after[s] == 0)


def _card_reason(obs: Observation, card: Card) -> HintReason:
    """The reason for playing ``card``; each code's words must hold for this position."""
    assert obs.contract is not None
    kind = int(obs.contract.kind)
    eff = EFFECTIVE_SUIT[kind]
    declarer = obs.declarer
    trick = obs.trick
    if kind == GameKind.NULL:
        if trick and obs.seat == declarer:
            best = _winning(kind, trick)
            if not beats(kind, card, best):
                return HintReason.STAY_UNDER
        if not trick:
            return (HintReason.LEAD_LOW if _lowest_of_suit(obs, card)
                    else HintReason.BEST_CHANCE)
    if not trick:
        if (declarer == obs.seat and eff[card] == TRUMP and kind != GameKind.RAMSCH
                and _trumps_out(obs)):
            return HintReason.PULL_TRUMPS
        if _sure_to_hold(obs, card) and CARD_POINTS[card] >= 10:
            return HintReason.TAKE_TRICK
        if _master(obs, card) and not _holds_higher(obs, card):
            return HintReason.LEAD_HIGH
        if _lowest_of_suit(obs, card):
            return HintReason.LEAD_LOW
        if eff[card] != TRUMP and kind not in (GameKind.NULL, GameKind.RAMSCH) and \
                _short_suit(obs, card):
            return HintReason.DISCARD_SHORT_SUIT  # led off: the suit can be trumped then
        return HintReason.BEST_CHANCE
    best = _winning(kind, trick)
    wins = beats(kind, card, best)
    if wins:
        return HintReason.TAKE_TRICK if _sure_to_hold(obs, card) else HintReason.TRY_TRICK
    winner = (obs.trick_leader + trick.index(best)) % 3
    partner_holds = (declarer is not None and obs.seat != declarer and winner != declarer
                     and kind != GameKind.RAMSCH)
    follows = eff[card] == eff[trick[0]]
    if partner_holds and CARD_POINTS[card] >= 3 and _sure_to_hold(obs, best):
        return HintReason.SMEAR_POINTS
    plain = eff[card] != TRUMP and kind not in (GameKind.NULL, GameKind.RAMSCH)
    if not follows and plain and _short_suit(obs, card):
        return HintReason.DISCARD_SHORT_SUIT
    # a trick surely lost says so before what the card keeps back
    if CARD_POINTS[card] <= 4 and _cheapest_of_its_kind(obs, card) and _surely_lost(
            obs, best, winner):
        return HintReason.GIVE_LITTLE
    if follows:
        guarded = _guards(obs, card)
        if guarded is not None:
            return HintReason.KEEP_GUARD if guarded & 7 == Rank.TEN else HintReason.KEEP_KING
    if follows and kind != GameKind.NULL and _lowest_of_suit(obs, card):
        return HintReason.FOLLOW_LOW
    if not follows and plain and CARD_POINTS[card] <= 4 and _cheapest_of_its_kind(obs, card):
        return HintReason.THROW_LOW
    return HintReason.BEST_CHANCE


def _short_suit(obs: Observation, card: Card) -> bool:
    """``card`` is the seat's last card of its plain suit and the seat holds a trump: after
    it the seat can trump that suit."""
    assert obs.contract is not None
    trumps = trump_mask(obs.contract.kind)
    return (obs.hand & SUIT_MASKS[card >> 3] & ~trumps).bit_count() == 1 and \
        bool(obs.hand & trumps)


def _winning(kind: int, trick: tuple[Card, ...]) -> Card:
    best = trick[0]
    for c in trick[1:]:
        if beats(kind, c, best):
            best = c
    return best


def _later_seats(obs: Observation) -> list[int]:
    """The seats that play to the current trick after this seat."""
    return [(obs.seat + k) % 3 for k in range(1, 3 - len(obs.trick))]


def _may_hold(obs: Observation, seat: int) -> Mask:
    """The cards ``seat`` (another seat) may still hold, as far as this seat can tell:
    its open cards if it plays ouvert, else the cards still out less the suits it has
    shown to be void in."""
    assert obs.contract is not None
    if obs.open_seat == seat:
        return obs.open_cards & ~obs.played
    eff = EFFECTIVE_SUIT[obs.contract.kind]
    void = obs.voids()[seat]
    m = obs.unseen
    for c in range(32):
        if m >> c & 1 and eff[c] in void:
            m &= ~(1 << c)
    return m


def _sure_to_hold(obs: Observation, card: Card) -> bool:
    """``card`` wins the current trick whatever the seats after this one play: none of
    them may hold a card that beats it (under the rules, voids shown taken into account)."""
    assert obs.contract is not None
    kind = int(obs.contract.kind)
    for seat in _later_seats(obs):
        held = _may_hold(obs, seat)
        if any(held >> c & 1 and beats(kind, c, card) for c in range(32)):
            return False
    return True


def _surely_lost(obs: Observation, best: Card, winner: int) -> bool:
    """The trick, held by ``best`` of ``winner``, goes to the other side whatever follows
    (this seat's card does not beat it)."""
    assert obs.contract is not None
    declarer = obs.declarer
    if declarer is None or obs.contract.kind == GameKind.RAMSCH:
        return False
    mine = obs.seat == declarer
    if (winner == declarer) == mine:
        return False  # the seat's own side holds it
    kind = int(obs.contract.kind)
    for seat in _later_seats(obs):
        if (seat == declarer) == mine:  # a partner still to play may take it over
            held = _may_hold(obs, seat)
            if any(held >> c & 1 and beats(kind, c, best) for c in range(32)):
                return False
    return True


def _trumps_out(obs: Observation) -> bool:
    """Whether a defender may still hold a trump."""
    assert obs.contract is not None
    trumps = trump_mask(obs.contract.kind)
    return any(_may_hold(obs, s) & trumps for s in range(3) if s != obs.seat)


def _out(obs: Observation) -> Mask:
    """The cards still in the other hands (or in a skat the seat has not seen)."""
    return ((1 << 32) - 1) & ~(obs.hand | obs.played | (obs.known_skat & ~obs.hand))


def _master(obs: Observation, card: Card) -> bool:
    """No card still out ranks above ``card`` in its own (effective) suit."""
    assert obs.contract is not None
    kind = int(obs.contract.kind)
    eff = EFFECTIVE_SUIT[kind]
    out = _out(obs)
    return not any(out >> c & 1 and eff[c] == eff[card] and beats(kind, c, card)
                   for c in range(32))


def _holds_higher(obs: Observation, card: Card) -> bool:
    """The seat holds a card that ranks above ``card`` in its (effective) suit."""
    assert obs.contract is not None
    kind = int(obs.contract.kind)
    eff = EFFECTIVE_SUIT[kind]
    return any(obs.hand >> c & 1 and eff[c] == eff[card] and beats(kind, c, card)
               for c in range(32))


def _cheapest_of_its_kind(obs: Observation, card: Card) -> bool:
    """No legal card that is a trump as ``card`` is (or a plain card as it is) is worth
    fewer points: "give few points" holds for it."""
    assert obs.contract is not None
    trumps = trump_mask(obs.contract.kind)
    kind_of = trumps if trumps >> card & 1 else ~trumps
    legal = [a.card for a in obs.legal_actions if isinstance(a, Play)]
    return all(CARD_POINTS[c] >= CARD_POINTS[card] for c in legal if kind_of >> c & 1)


def _lowest_of_suit(obs: Observation, card: Card) -> bool:
    """``card`` is the seat's lowest of its (effective) suit, which it holds more of."""
    assert obs.contract is not None
    kind = int(obs.contract.kind)
    eff = EFFECTIVE_SUIT[kind]
    same = [c for c in range(32) if obs.hand >> c & 1 and eff[c] == eff[card]]
    return len(same) >= 2 and all(not beats(kind, card, c) for c in same if c != card)


def _guards(obs: Observation, card: Card) -> Card | None:
    """The ten (else the king) of a plain suit that following with a lower ``card`` keeps
    guarded: the seat holds it and another card of the suit after this one, and a card
    above it is still out (not played, not in this hand), so a bare one could fall to it;
    ``None`` when the card guards nothing."""
    assert obs.contract is not None
    kind = int(obs.contract.kind)
    if EFFECTIVE_SUIT[kind][card] == TRUMP or kind in (GameKind.NULL, GameKind.RAMSCH):
        return None
    suit = card >> 3
    keeps = obs.hand & ~(1 << card) & SUIT_MASKS[suit] & ~trump_mask(kind)
    out = _out(obs) & SUIT_MASKS[suit] & ~trump_mask(kind)
    for high in (suit * 8 + Rank.TEN, suit * 8 + Rank.KING):
        threatened = any(out >> c & 1 and beats(kind, c, high) for c in range(32))
        if keeps >> high & 1 and beats(kind, high, card) and (keeps & ~(1 << high)) \
                and threatened:
            return high
    return None
