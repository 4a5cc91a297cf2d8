"""Rule-based card play: the table rules a club player follows without searching.

Suit and grand: the declarer draws trumps while the defenders hold any, then
cashes his masters; defenders cash aces, lead through the declarer (long
suit when he sits right behind, short suit when he plays last), give points
(schmieren) to a partner whose card holds the trick, take the declarer's
points when they can, and otherwise play their cheapest card. Everyone keeps
count of the trumps and of the masters still out. Null and Ramsch have rules of
their own. Every function sees only an :class:`Observation`.
"""

from __future__ import annotations

from skatgame.engine.cards import CARD_POINTS, FULL_DECK, JACKS, Card, Mask, cards_of
from skatgame.engine.observation import Observation
from skatgame.engine.rules import EFFECTIVE_SUIT, POWER, TRUMP, GameKind, beats, trump_mask

__all__ = ["TableView", "rule_card"]


class TableView:
    """What a seat can work out from its observation for choosing a card."""

    __slots__ = ("obs", "kind", "seat", "hand", "legal", "eff", "power", "trumps", "out",
                 "voids", "declarer", "trick", "leader", "partner")

    def __init__(self, obs: Observation) -> None:
        assert obs.contract is not None
        self.obs = obs
        self.kind = int(obs.contract.kind)
        self.seat = obs.seat
        self.hand = obs.hand
        self.legal = obs.legal_cards()
        self.eff = EFFECTIVE_SUIT[self.kind]
        self.power = POWER[self.kind]
        self.trumps = trump_mask(self.kind)  # the jacks in grand and Ramsch, none in null
        # cards still in the other hands (or in a skat this seat has not seen)
        self.out = FULL_DECK & ~(obs.hand | obs.played | (obs.known_skat & ~obs.hand))
        self.voids = obs.voids()
        self.declarer = obs.declarer
        self.trick = obs.trick
        self.leader = obs.trick_leader
        self.partner: int | None = None
        if self.declarer is not None and self.seat != self.declarer:
            self.partner = 3 - self.seat - self.declarer

    # ------------------------------------------------------------ queries

    def suit_cards(self, mask: Mask, suit: int) -> list[Card]:
        """Cards of ``mask`` in effective suit ``suit``, lowest first."""
        eff, power = self.eff, self.power
        return sorted((c for c in cards_of(mask) if eff[c] == suit), key=lambda c: power[c])

    def is_master(self, card: Card) -> bool:
        """No card still out of the same effective suit ranks above ``card``."""
        e, p = self.eff[card], self.power[card]
        eff, power = self.eff, self.power
        return not any(eff[c] == e and power[c] > p for c in cards_of(self.out))

    def winning_index(self) -> int:
        """Position in the current trick of the card winning it so far."""
        t = self.trick
        best = 0
        for i in range(1, len(t)):
            if beats(self.kind, t[i], t[best]):
                best = i
        return best

    def seat_of(self, index: int) -> int:
        return (self.leader + index) % 3

    def may_hold(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` may still hold a card of effective suit ``suit``."""
        if suit in self.voids[seat]:
            return False
        if self.obs.open_seat == seat:
            return any(self.eff[c] == suit for c in cards_of(self.obs.open_cards))
        return any(self.eff[c] == suit for c in cards_of(self.out))

    def holds_against(self, card: Card, seats: list[int]) -> bool:
        """Whether ``card``, winning now, stays winning against the seats still to play."""
        e = self.eff[card]
        for s in seats:
            if self.may_hold(s, e):
                if not self.is_master(card):
                    return False
            elif e != TRUMP and self.kind != GameKind.NULL and self.may_hold(s, TRUMP):
                return False
        return True


def _cheapest(view: TableView, cards: list[Card]) -> Card:
    """The card that costs least to give away: fewest points, then lowest."""
    return min(cards, key=lambda c: (CARD_POINTS[c], view.power[c] + (40 if c in _jacks else 0),
                                     c))


def _richest(view: TableView, cards: list[Card]) -> Card:
    """The card worth most points, lowest rank among equals (for schmieren)."""
    return max(cards, key=lambda c: (CARD_POINTS[c], -view.power[c], -c))


_jacks = frozenset(cards_of(JACKS))


def rule_card(obs: Observation) -> Card:
    """The card the table rules play for ``obs.seat`` (always a legal card)."""
    view = TableView(obs)
    legal = cards_of(view.legal)
    if len(legal) == 1:
        return legal[0]
    if view.kind == GameKind.RAMSCH:
        return _ramsch(view, legal)
    if view.kind == GameKind.NULL:
        return _null(view, legal)
    if view.seat == view.declarer:
        return _declarer(view, legal)
    return _defender(view, legal)


# ------------------------------------------------------------ suit and grand

def _declarer(view: TableView, legal: list[Card]) -> Card:
    if not view.trick:
        return _declarer_lead(view, legal)
    return _follow(view, legal, partner_seats=())


def _declarer_lead(view: TableView, legal: list[Card]) -> Card:
    my_trumps = view.suit_cards(view.hand, TRUMP)
    opp_trumps = (view.out & view.trumps).bit_count()
    if my_trumps and opp_trumps:
        top = my_trumps[-1]
        if view.is_master(top):
            return top
        if len(my_trumps) > opp_trumps or len(my_trumps) >= 4:
            # drive out the higher trumps with the cheapest jack, else a small trump
            jacks = [c for c in my_trumps if c in _jacks]
            return jacks[0] if jacks else my_trumps[0]
    # masters in the side suits, aces first
    masters = [c for c in legal if view.eff[c] != TRUMP and view.is_master(c)]
    if masters:
        return max(masters, key=lambda c: (CARD_POINTS[c], c))
    if my_trumps and not opp_trumps:
        side = [c for c in legal if view.eff[c] != TRUMP]
        if not side:
            return my_trumps[0]
    return _lead_low(view, legal, prefer_long=True)


def _lead_low(view: TableView, legal: list[Card], prefer_long: bool) -> Card:
    """A low card from a plain suit (longest or shortest), keeping tens guarded."""
    by_suit: dict[int, list[Card]] = {}
    for c in legal:
        e = view.eff[c]
        if e != TRUMP:
            by_suit.setdefault(e, []).append(c)
    if not by_suit:
        return min(legal, key=lambda c: view.power[c])

    def rank(suit: int) -> tuple[int, int, int]:
        cards = by_suit[suit]
        # a ten without its ace is led last: the ace would take it
        bare_ten = any(c & 7 == 5 for c in cards) and not any(c & 7 == 6 for c in cards)
        length = len(cards) if prefer_long else -len(cards)
        return (0 if bare_ten else 1, length, -suit)

    suit = max(by_suit, key=rank)
    return _cheapest(view, by_suit[suit])


def _follow(view: TableView, legal: list[Card], partner_seats: tuple[int, ...]) -> Card:
    """Second or third to a trick, for either side."""
    t = view.trick
    w = view.winning_index()
    win_card, win_seat = t[w], view.seat_of(w)
    later = [view.seat_of(i) for i in range(len(t) + 1, 3)]
    trick_points = sum(CARD_POINTS[c] for c in t)
    ours = win_seat in partner_seats
    if ours and view.holds_against(win_card, [s for s in later if s not in partner_seats]):
        # the partner holds the trick: give him points
        return _richest(view, legal)
    winners = [c for c in legal if beats(view.kind, c, win_card)]
    safe = [c for c in winners if view.holds_against(c, [s for s in later
                                                         if s not in partner_seats])]
    if safe and (trick_points or later or any(CARD_POINTS[c] for c in safe)):
        # take it, as cheaply as a sure card allows, a point card of the suit led first
        led = [c for c in safe if view.eff[c] == view.eff[t[0]]]
        if led:
            return max(led, key=lambda c: (CARD_POINTS[c], -view.power[c]))
        return min(safe, key=lambda c: (view.power[c], CARD_POINTS[c]))
    if winners and not later and (trick_points >= 3 or ours):
        return min(winners, key=lambda c: (CARD_POINTS[c] < 10, view.power[c]))
    if winners and later and trick_points >= 10 and view.eff[t[0]] != view.eff[winners[0]]:
        # ruff a rich trick with a middling trump
        trumps = sorted(winners, key=lambda c: view.power[c])
        return trumps[len(trumps) // 2]
    return _cheapest(view, legal)


def _defender(view: TableView, legal: list[Card]) -> Card:
    assert view.partner is not None and view.declarer is not None
    if view.trick:
        return _follow(view, legal, partner_seats=(view.seat, view.partner))
    decl = view.declarer
    declarer_next = decl == (view.seat + 1) % 3
    decl_ruffs = view.may_hold(decl, TRUMP)
    aces = [c for c in legal if c & 7 == 6 and view.eff[c] != TRUMP
            and (view.may_hold(decl, view.eff[c]) or not decl_ruffs)]
    if aces:
        return aces[0]
    masters = [c for c in legal if view.eff[c] != TRUMP and view.is_master(c)
               and CARD_POINTS[c] >= 10 and view.may_hold(decl, view.eff[c])]
    if masters:
        return masters[0]
    # short way (declarer right behind): long suit; long way: short suit
    return _lead_low(view, legal, prefer_long=declarer_next)


# ------------------------------------------------------------ null

def _null(view: TableView, legal: list[Card]) -> Card:
    power, eff = view.power, view.eff
    t = view.trick
    if view.seat == view.declarer:
        if not t:
            def lead_score(c: Card) -> tuple[int, int]:
                lower = sum(1 for d in cards_of(view.out)
                            if eff[d] == eff[c] and power[d] < power[c])
                higher = sum(1 for d in cards_of(view.out)
                             if eff[d] == eff[c] and power[d] > power[c])
                return (-lower * 10 + min(higher, 2), -power[c])
            return max(legal, key=lead_score)
        w = view.winning_index()
        under = [c for c in legal if not beats(view.kind, c, t[w])]
        if under:
            # get rid of the highest card that still ducks; off suit, the most dangerous one
            return max(under, key=lambda c: (power[c], -c))
        return max(legal, key=lambda c: power[c])
    # defenders: make the declarer take a trick
    decl = view.declarer
    assert decl is not None  # a null game has a declarer
    if not t:
        suits = [c for c in legal if view.may_hold(decl, eff[c])]
        pool = suits or legal
        return min(pool, key=lambda c: (power[c], c))
    w = view.winning_index()
    if view.seat_of(w) == decl:
        under = [c for c in legal if not beats(view.kind, c, t[w])]
        if under:
            return max(under, key=lambda c: power[c])
        return min(legal, key=lambda c: power[c])
    if (view.seat + 1) % 3 == decl:
        # the declarer plays after me: leave him room to win
        return min(legal, key=lambda c: power[c])
    return max(legal, key=lambda c: power[c])


# ------------------------------------------------------------ ramsch

def _ramsch(view: TableView, legal: list[Card]) -> Card:
    power, eff = view.power, view.eff
    t = view.trick
    if not t:
        plain = [c for c in legal if eff[c] != TRUMP]
        pool = plain or legal

        def lead_score(c: Card) -> tuple[int, int, int]:
            length = sum(1 for d in cards_of(view.hand) if eff[d] == eff[c])
            lower_out = sum(1 for d in cards_of(view.out)
                            if eff[d] == eff[c] and power[d] < power[c])
            return (lower_out, length, power[c])
        return min(pool, key=lead_score)
    w = view.winning_index()
    under = [c for c in legal if not beats(view.kind, c, t[w])]
    if under:
        follows = [c for c in under if eff[c] == eff[t[0]]]
        if follows:
            return max(follows, key=lambda c: (power[c], CARD_POINTS[c]))
        # off suit: dump the most points, a high card first
        return max(under, key=lambda c: (CARD_POINTS[c], power[c]))
    # every card wins: if last, win with the highest; otherwise hope with the lowest
    if len(t) == 2:
        return max(legal, key=lambda c: (power[c] if c not in _jacks else -1, CARD_POINTS[c]))
    return min(legal, key=lambda c: power[c])
