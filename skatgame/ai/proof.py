"""Proofs of a late deal's result from what one seat knows (never with open cards).

The chance shown is 100% or 0% only when the result is certain given the seat's
information (:func:`skatgame.ai.chances.certainty`). The card points taken decide
that early in few deals; late in a deal a proof over every world the seat may be
in decides more, e.g. a declarer holding the three top trumps for the last three
tricks who needs one more trick's points.

Open-cards solving proves nothing here: it lets the seat see every hand and the
two defenders cooperate perfectly. :func:`proofs` searches what the seat knows
instead, an AND-OR search over the worlds consistent with its observation
(enumerated exactly from :func:`~skatgame.ai.sampling.sample_spec`):

* at the seat's own turn a win needs ONE card (its hand is the same in every
  world) that wins in every world still possible;
* at anybody else's turn, partner included, EVERY legal card in EVERY world must
  lead to the win; the worlds are split by the card played, as the seat sees it;
* a loss is proved only when every card of everybody, the seat included, loses.

A position is decided by the card points and tricks (the target, the overbid
check over each world's matadors, schneider, schwarz and null) or, after the last
trick, by the engine's scoring in every world. Only when it is cheap: at most
:data:`MAX_TRICKS_LEFT` tricks to play, at most :data:`MAX_WORLDS` worlds and
:data:`MAX_NODES` positions searched per card; otherwise nothing is proved.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from skatgame.ai.sampling import SKAT, SampleSpec, World, played_by, sample_spec
from skatgame.engine.actions import Contract
from skatgame.engine.cards import CARD_POINTS, Card, Mask, cards_of, points_of
from skatgame.engine.observation import Observation
from skatgame.engine.rules import GameKind, legal_mask, trick_winner
from skatgame.engine.scoring import declared_value, score_game

__all__ = ["MAX_NODES", "MAX_TRICKS_LEFT", "MAX_WORLDS", "declarer_result", "enumerate_worlds",
           "proofs"]

#: The most tricks still to play (the current one included) a proof is tried for.
MAX_TRICKS_LEFT = 3
#: The most worlds a proof is tried over.
MAX_WORLDS = 300
#: The most positions searched for one card before giving up.
MAX_NODES = 3000


def declarer_result(contract: Contract, declarer: int, points: Sequence[int],
                    tricks: Sequence[int], target: int, skat_low: int,
                    value_ok: bool) -> bool | None:
    """Whether the declarer has won (True) or lost (False) whatever is played from
    here, from the card points and tricks taken; None if they do not decide it.

    ``target``: the card points he needs; ``skat_low``: the least the skat adds to
    his points; ``value_ok``: his game cannot turn out overbid.
    """
    defence_tricks = sum(tricks) - tricks[declarer]
    if contract.kind == GameKind.NULL:
        return False if tricks[declarer] else None
    if contract.schwarz:
        return False if defence_tricks else None
    defence = sum(points) - points[declarer]
    if 120 - defence < target:
        return False
    if points[declarer] + skat_low >= target and value_ok:
        return True
    return None


def enumerate_worlds(spec: SampleSpec, limit: int) -> list[World] | None:
    """Every world ``spec`` allows (the hidden cards dealt to the buckets they may go
    to, filling each bucket's room exactly); None when there are more than ``limit``."""
    cards = sorted(spec.allowed, key=lambda ca: (ca[1].bit_count(), ca[0]))
    room = list(spec.room)
    dealt = [0, 0, 0, 0]
    out: list[World] = []

    def deal(i: int) -> bool:
        if i == len(cards):
            out.append(spec.world(dealt))
            return len(out) <= limit
        c, allowed = cards[i]
        for b in range(4):
            if allowed >> b & 1 and room[b]:
                room[b] -= 1
                dealt[b] |= 1 << c
                ok = deal(i + 1)
                dealt[b] &= ~(1 << c)
                room[b] += 1
                if not ok:
                    return False
        return True

    if sum(spec.room) != len(cards):
        return None
    return out if deal(0) else None


class _GiveUp(Exception):
    """The search grew beyond its bound."""


State = tuple[tuple[int, ...], Mask, tuple[Card, ...], int, tuple[int, int, int],
              tuple[int, int, int]]


class _Prover:
    """The AND-OR search of one observation over its worlds."""

    def __init__(self, obs: Observation, worlds: list[World], cooperative: bool = False) -> None:
        contract, declarer = obs.contract, obs.declarer
        assert contract is not None and declarer is not None
        self.contract, self.declarer, self.seat = contract, declarer, obs.seat
        self.kind = int(contract.kind)
        self.hand = obs.hand
        self.hands = [w.hands for w in worlds]
        self.bid, self.grand_base = obs.bid, obs.options.grand_base
        self.target = 120 if contract.schwarz else 90 if contract.schneider else 61
        by_seat = played_by(obs)
        self.cards12 = [by_seat[declarer] | w.hands[declarer] | w.skat for w in worlds]
        self.skat_points = [points_of(w.skat) for w in worlds]
        self.value_ok = [contract.kind == GameKind.NULL
                         or declared_value(contract, c12, self.grand_base) >= obs.bid
                         for c12 in self.cards12]
        tricks = [0, 0, 0]
        for t in obs.tricks:
            tricks[t.seat] += 1
        self.root: State = (tuple(range(len(worlds))), 0, tuple(obs.trick), obs.trick_leader,
                            (obs.points[0], obs.points[1], obs.points[2]),
                            (tricks[0], tricks[1], tricks[2]))
        self.memo: dict[tuple[State, bool, bool], bool] = {}
        self.nodes = 0
        # the seat's partner chooses his cards for the side, as if he saw the world
        # (open cards: what a proof must not assume; only to compare with)
        self.partner = (3 - obs.seat - declarer) if cooperative and obs.seat != declarer else -1

    # -- positions

    def play(self, state: State, card: Card, ws: tuple[int, ...]) -> State:
        """The state after ``card`` is played, in the worlds ``ws``."""
        _, gone, trick, leader, pts, tricks = state
        cards = (*trick, card)
        gone |= 1 << card
        if len(cards) < 3:
            return (ws, gone, cards, leader, pts, tricks)
        winner = (leader + trick_winner(self.kind, cards)) % 3
        p, t = list(pts), list(tricks)
        p[winner] += CARD_POINTS[cards[0]] + CARD_POINTS[cards[1]] + CARD_POINTS[cards[2]]
        t[winner] += 1
        return (ws, gone, (), winner, (p[0], p[1], p[2]), (t[0], t[1], t[2]))

    def decided(self, state: State) -> bool | None:
        """The declarer's result if it is the same in every world of ``state``."""
        ws, gone, trick, _, pts, tricks = state
        done = not trick and not self.hand & ~gone
        if not done:
            return declarer_result(self.contract, self.declarer, pts, tricks, self.target,
                                   min(self.skat_points[w] for w in ws),
                                   all(self.value_ok[w] for w in ws))
        d = self.declarer
        results = set()
        for w in ws:
            final = list(pts)
            final[d] += self.skat_points[w]
            results.add(score_game(self.contract, d, self.bid, self.cards12[w], final[d],
                                   tricks[d], points=(final[0], final[1], final[2]),
                                   grand_base=self.grand_base).won)
        return results.pop() if len(results) == 1 else None

    # -- the search

    def forced(self, state: State, want: bool, exists: bool) -> bool:
        """Whether the declarer's result is ``want`` whatever the others play (and
        whatever the seat plays unless ``exists``: then for one card of the seat's)."""
        result = self.decided(state)
        if result is not None:
            return result == want
        ws, gone, trick, leader, _, _ = state
        if not trick and not self.hand & ~gone:
            return False  # the worlds end differently
        key = (state, want, exists)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _GiveUp
        mover = (leader + len(trick)) % 3
        lead = trick[0] if trick else None
        if mover == self.seat:
            legal = cards_of(legal_mask(self.kind, self.hand & ~gone, lead))
            if exists:
                out = any(self.forced(self.play(state, c, ws), want, exists) for c in legal)
            else:
                out = all(self.forced(self.play(state, c, ws), want, exists) for c in legal)
        else:
            groups: dict[Card, list[int]] = {}
            for w in ws:
                for c in cards_of(legal_mask(self.kind, self.hands[w][mover] & ~gone, lead)):
                    groups.setdefault(c, []).append(w)
            moves = (self.forced(self.play(state, c, tuple(g)), want, exists)
                     for c, g in groups.items())
            out = any(moves) if exists and mover == self.partner else all(moves)
        self.memo[key] = out
        return out

    def side_result(self, state: State) -> bool | None:
        """The seat's side's proved result from ``state``: won (the seat playing the
        right cards), lost (whatever anybody plays), or None."""
        mine = self.seat == self.declarer
        self.nodes = 0
        try:
            if self.forced(state, mine, exists=True):
                return True
            self.nodes = 0
            if self.forced(state, not mine, exists=False):
                return False
        except _GiveUp:
            pass
        return None


@lru_cache(maxsize=16)
def proofs(obs: Observation) -> dict[Card | None, bool | None]:
    """The seat's side's proved result at ``obs`` (key None) and after each of its
    legal cards when it is to move: True won, False lost, None not proved (or not
    tried: too many tricks or worlds left, or the search too large).

    The cards are searched in a fixed order, so the answer depends on ``obs`` alone.
    """
    contract, declarer = obs.contract, obs.declarer
    if (contract is None or declarer is None or contract.kind == GameKind.RAMSCH
            or 10 - len(obs.tricks) > MAX_TRICKS_LEFT or not obs.hand):
        return {None: None}
    spec = sample_spec(obs)
    if spec.room[SKAT] < 0:
        return {None: None}
    worlds = enumerate_worlds(spec, MAX_WORLDS)
    if not worlds:
        return {None: None}
    prover = _Prover(obs, worlds)
    root = prover.root
    mover = (obs.trick_leader + len(obs.trick)) % 3
    if mover != obs.seat:
        return {None: prover.side_result(root)}
    out: dict[Card | None, bool | None] = {}
    lead = obs.trick[0] if obs.trick else None
    for c in cards_of(legal_mask(prover.kind, obs.hand, lead)):
        out[c] = prover.side_result(prover.play(root, c, root[0]))
    results = set(out.values())
    out[None] = True if True in results else False if results == {False} else None
    return out
