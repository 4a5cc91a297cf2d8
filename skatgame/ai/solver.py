"""Double-dummy solver: perfect play with all three hands open.

A :class:`Position` is a Skat card-play position in which every hand is
known: the game kind, the three hands (card masks), the declarer's seat, the
seat that led the current trick and the cards already played to it. Play goes
clockwise: seat ``(leader + i) % 3`` plays the ``i``-th card of a trick.

* Suit and grand games: the value of a position is the number of card points
  the declarer takes from the remaining tricks, the cards already lying in the
  current trick included and the tricks already finished excluded. The
  declarer maximises it, the two defenders cooperate to minimise it.
* Null: the value is 1 if the declarer can avoid taking any of the remaining
  tricks (the current one included), else 0.

The search is an exact alpha-beta search with a transposition table (keyed at
trick starts), move ordering and equivalent-card reduction: two cards of one
hand that are neighbours in the current order of their suit (no card between
them still in play, the current trick counting as in play) and that are worth
the same card points win and lose exactly the same tricks, so only one of them
is searched. (Cards of *different* points are never merged: an ace and a ten
that are neighbours can still differ by one point depending on which trick
each goes to.)

Two cores implement the same search: the C extension ``skatgame.ai._csolver``
(used when it was built) and the pure-Python reference in this module. The
public functions pick the C core when it is available; ``python=True`` or the
``*_python`` functions force the reference. Setting the environment variable
``SKATGAME_PURE_PYTHON=1`` before import disables the C core altogether.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from skatgame.engine.cards import CARD_POINTS, Card, Mask, cards_of
from skatgame.engine.rules import (
    EFFECTIVE_SUIT,
    FOLLOW_MASK,
    POWER,
    TRUMP,
    GameKind,
    legal_mask,
    trick_winner,
)

__all__ = [
    "HAVE_C_CORE",
    "Position",
    "SearchBudgetExceeded",
    "SolveResult",
    "declarer_reaches",
    "move_values",
    "solve",
    "solve_detailed",
    "solve_python",
]

_FULL = (1 << 32) - 1
_SUPPORTED_KINDS = frozenset(range(6))  # the four suits, grand, null (not ramsch)


class SearchBudgetExceeded(RuntimeError):
    """A search visited more nodes than its ``max_nodes`` budget allowed.

    ``nodes`` holds the number of nodes visited before the search gave up.
    """

    def __init__(self, nodes: int) -> None:
        super().__init__(f"search budget exceeded after {nodes} nodes")
        self.nodes = nodes


@dataclass(frozen=True, slots=True)
class Position:
    """An open-hand card-play position.

    ``hands[s]`` is the mask of the cards seat ``s`` still holds; ``trick``
    holds the cards played to the current trick, in order, led by seat
    ``leader`` (at most two cards: a complete trick is no position). The seats
    that already played to the trick hold one card fewer than the others.
    Construction raises :class:`ValueError` for anything inconsistent.
    """

    kind: int
    hands: tuple[int, int, int]
    declarer: int
    leader: int
    trick: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        _validate(self)

    def to_move(self) -> int:
        """The seat that plays the next card."""
        return (self.leader + len(self.trick)) % 3

    def cards_left(self) -> int:
        """How many cards are still to be played in this deal (the trick's cards excluded)."""
        return sum(h.bit_count() for h in self.hands)

    def legal_moves(self) -> list[Card]:
        """The cards the seat to move may play, lowest card number first."""
        lead = self.trick[0] if self.trick else None
        return cards_of(legal_mask(self.kind, self.hands[self.to_move()], lead))

    def play(self, card: Card) -> tuple[Position | None, int, int | None]:
        """Play ``card`` for the seat to move.

        Returns ``(position, points, winner)``: the position after the card;
        when the card completes a trick, ``points`` are the trick's card points
        and ``winner`` the seat that took it (else 0 and None). ``position``
        is None when the card ended the deal. Raises :class:`ValueError` for an
        illegal card.
        """
        if card not in self.legal_moves():
            raise ValueError(f"card {card} is not a legal move here")
        seat = self.to_move()
        hands = list(self.hands)
        hands[seat] &= ~(1 << card)
        trick = (*self.trick, card)
        if len(trick) < 3:
            return Position(self.kind, _hands3(hands), self.declarer, self.leader, trick), 0, None
        winner = (self.leader + trick_winner(self.kind, trick)) % 3
        points = CARD_POINTS[trick[0]] + CARD_POINTS[trick[1]] + CARD_POINTS[trick[2]]
        if not any(hands):
            return None, points, winner
        return Position(self.kind, _hands3(hands), self.declarer, winner), points, winner


def _hands3(hands: list[int]) -> tuple[int, int, int]:
    return (hands[0], hands[1], hands[2])


def _validate(pos: Position) -> None:
    kind, hands, trick = pos.kind, pos.hands, pos.trick
    if not isinstance(kind, int) or kind not in _SUPPORTED_KINDS:
        raise ValueError(f"game kind must be 0..5 (suit, grand or null), not {kind!r}")
    if not isinstance(hands, tuple) or len(hands) != 3:
        raise ValueError("hands must be a tuple of three card masks")
    for s in (pos.declarer, pos.leader):
        if not isinstance(s, int) or not 0 <= s <= 2:
            raise ValueError(f"seats are 0, 1 or 2, not {s!r}")
    seen = 0
    for h in hands:
        if not isinstance(h, int) or not 0 <= h <= _FULL:
            raise ValueError(f"a hand must be a 32-bit card mask, not {h!r}")
        if h & seen:
            raise ValueError("the hands share a card")
        seen |= h
    if not isinstance(trick, tuple) or len(trick) > 2:
        raise ValueError("the current trick holds at most two cards (a tuple)")
    for c in trick:
        if not isinstance(c, int) or not 0 <= c <= 31:
            raise ValueError(f"not a card number: {c!r}")
        if seen >> c & 1:
            raise ValueError(f"card {c} is both in a hand and in the trick")
        seen |= 1 << c
    n = len(trick)
    size = hands[pos.leader].bit_count() + (1 if n else 0)
    for i in range(3):
        seat = (pos.leader + i) % 3
        want = size - 1 if i < n else size
        if hands[seat].bit_count() != want:
            raise ValueError(
                "hand sizes do not fit: every seat holds the same number of cards, "
                "one fewer for the seats that already played to the trick"
            )
    if size > 10:
        raise ValueError("a hand holds at most 10 cards")
    if size == 0 and n:
        raise ValueError("the trick cannot be continued: every hand is empty")


@dataclass(frozen=True, slots=True)
class SolveResult:
    """A search's value and how many nodes it visited."""

    value: int
    nodes: int


# ------------------------------------------------------------ the C core

_core: Any
try:
    if os.environ.get("SKATGAME_PURE_PYTHON"):
        raise ImportError("disabled by SKATGAME_PURE_PYTHON")
    from skatgame.ai import _csolver as _core  # type: ignore[attr-defined,no-redef]
except ImportError:
    _core = None
else:
    _core.init_tables(
        bytes(EFFECTIVE_SUIT[k][c] for k in range(7) for c in range(32)),
        bytes(POWER[k][c] for k in range(7) for c in range(32)),
        bytes(CARD_POINTS),
    )

HAVE_C_CORE: bool = _core is not None
"""Whether the C extension was built and is used by default."""

_MODE_EXACT = 0
_MODE_REACHES = 1


# ------------------------------------------------------- the Python core

class _Abort(Exception):
    pass


_BYTE_POINTS = tuple(sum(CARD_POINTS[r] for r in range(8) if b >> r & 1) for b in range(256))


def _points(mask: int) -> int:
    bp = _BYTE_POINTS
    return bp[mask & 255] + bp[mask >> 8 & 255] + bp[mask >> 16 & 255] + bp[mask >> 24]


def _kind_tables(kind: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
    """Per card: masks of same-suit same-point cards above it (nearest first);
    masks of all cards above it in its suit; the points used for ordering."""
    eff, power = EFFECTIVE_SUIT[kind], POWER[kind]
    # in null the card points do not count, so every card of a suit is alike
    pts = (0,) * 32 if kind == GameKind.NULL else CARD_POINTS
    group: list[tuple[int, ...]] = []
    higher: list[int] = []
    for c in range(32):
        above = sorted(
            (d for d in range(32) if eff[d] == eff[c] and power[d] > power[c]),
            key=lambda d: power[d],
        )
        run: list[int] = []
        for d in above:
            if pts[d] != pts[c]:
                break
            run.append(1 << d)
        group.append(tuple(run))
        higher.append(sum(1 << d for d in above))
    return tuple(group), tuple(higher), pts


_KIND_TABLES = tuple(_kind_tables(k) for k in range(6))
_NEXT_SEAT = (1, 2, 0)


class _PySearch:
    """The pure-Python search for one game kind and declarer.

    The transposition table lives as long as the object, so several searches
    on positions of the same deal share it.
    """

    def __init__(self, kind: int, declarer: int, max_nodes: int | None) -> None:
        _budget(max_nodes)
        self.kind = kind
        self.declarer = declarer
        self.nodes = 0
        self.limit = max_nodes if max_nodes is not None else 1 << 62
        self.tt: dict[tuple[int, int, int, int], list[int]] = {}
        self._ab = self._make_null() if kind == GameKind.NULL else self._make_points()

    def search(self, pos: Position, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta value of ``pos`` within the window (alpha, beta)."""
        hands = list(pos.hands)
        t = pos.trick
        c0 = t[0] if len(t) > 0 else -1
        c1 = t[1] if len(t) > 1 else -1
        try:
            return self._ab(hands, pos.leader, len(t), c0, c1, alpha, beta)
        except _Abort:
            raise SearchBudgetExceeded(self.nodes) from None

    def exact(self, pos: Position) -> int:
        """The exact value of ``pos``."""
        if self.kind == GameKind.NULL:
            return self.search(pos, 0, 1)
        total = _points(sum(pos.hands)) + sum(CARD_POINTS[c] for c in pos.trick)
        return self.search(pos, -1, total + 1)

    # The search functions are closures over local tables: attribute and
    # global look-ups are what makes pure-Python search slow.
    def _make_points(self) -> Any:
        kind, declarer = self.kind, self.declarer
        eff, power, follow = EFFECTIVE_SUIT[kind], POWER[kind], FOLLOW_MASK[kind]
        group, higher, _ = _KIND_TABLES[kind]
        pts = CARD_POINTS
        bp = _BYTE_POINTS
        tt = self.tt
        nxt = _NEXT_SEAT
        trump = TRUMP
        search = self

        def winner_of(c0: int, c1: int, c2: int) -> int:
            # index 0..2 of the winning card
            e0 = eff[c0]
            best, bc, be = 0, c0, e0
            e = eff[c1]
            if (e == be and power[c1] > power[bc]) or (e == trump and be != trump):
                best, bc, be = 1, c1, e
            e = eff[c2]
            if (e == be and power[c2] > power[bc]) or (e == trump and be != trump):
                best = 2
            return best

        def ab(h: list[int], leader: int, n: int, c0: int, c1: int, alpha: int, beta: int) -> int:
            search.nodes += 1
            if search.nodes > search.limit:
                raise _Abort
            h0, h1, h2 = h
            if n == 0:
                allc = h0 | h1 | h2
                if not allc:
                    return 0
                rest = bp[allc & 255] + bp[allc >> 8 & 255] + bp[allc >> 16 & 255] + bp[allc >> 24]
                if h0 & (h0 - 1) == 0:
                    # last trick: one card each
                    a = h[leader].bit_length() - 1
                    s1 = nxt[leader]
                    b = h[s1].bit_length() - 1
                    s2 = nxt[s1]
                    c = h[s2].bit_length() - 1
                    w = winner_of(a, b, c)
                    return rest if (leader + w) % 3 == declarer else 0
                if beta <= 0:
                    return 0
                if alpha >= rest:
                    return rest
                key = (h0, h1, h2, leader)
                entry = tt.get(key)
                best_move = -1
                if entry is not None:
                    lo, hi, best_move = entry
                    if lo >= beta:
                        return lo
                    if hi <= alpha:
                        return hi
                    if lo > alpha:
                        alpha = lo
                    if hi < beta:
                        beta = hi
                else:
                    lo, hi = 0, rest
                seat = leader
                hand = h[seat]
                legal = hand
                inplay = allc
            else:
                seat = (leader + n) % 3
                hand = h[seat]
                legal = hand & follow[c0] or hand
                inplay = h0 | h1 | h2 | (1 << c0)
                if n == 2:
                    inplay |= 1 << c1
                best_move = -1
            maximize = seat == declarer
            # moves: drop a card when the nearest in-play card above it in
            # its suit is worth the same and lies in the same hand
            moves = []
            m = legal
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                for d in group[c]:
                    if inplay & d:
                        if hand & d:
                            c = -1
                        break
                if c >= 0:
                    moves.append(c)
            if len(moves) > 1:
                moves = order(moves, n, seat, c0, c1, leader, inplay, best_move)
            best = -1 if maximize else 1000
            best_card = moves[0]
            a, b = alpha, beta
            for c in moves:
                h[seat] = hand ^ (1 << c)
                if n == 0:
                    v = ab(h, leader, 1, c, -1, a, b)
                elif n == 1:
                    v = ab(h, leader, 2, c0, c, a, b)
                else:
                    w = (leader + winner_of(c0, c1, c)) % 3
                    if w == declarer:
                        add = pts[c0] + pts[c1] + pts[c]
                        v = add + ab(h, w, 0, -1, -1, a - add, b - add)
                    else:
                        v = ab(h, w, 0, -1, -1, a, b)
                if maximize:
                    if v > best:
                        best, best_card = v, c
                        if v > a:
                            a = v
                            if a >= b:
                                break
                else:
                    if v < best:
                        best, best_card = v, c
                        if v < b:
                            b = v
                            if a >= b:
                                break
            h[seat] = hand
            if n == 0:
                if best <= alpha:
                    if best < hi:
                        hi = best
                elif best >= beta:
                    if best > lo:
                        lo = best
                else:
                    lo = hi = best
                tt[key] = [lo, hi, best_card]
            return best

        order = self._make_order()
        return ab

    def _make_order(self) -> Any:
        kind, declarer = self.kind, self.declarer
        eff, power = EFFECTIVE_SUIT[kind], POWER[kind]
        _, higher, pts = _KIND_TABLES[kind]
        trump = TRUMP
        null = kind == GameKind.NULL

        def order(
            moves: list[int], n: int, seat: int, c0: int, c1: int, leader: int,
            inplay: int, best_move: int,
        ) -> list[int]:
            scored = []
            if n == 0:
                for c in moves:
                    if c == best_move:
                        s = 100000
                    elif null:
                        s = -power[c] if seat == declarer else power[c]
                    elif not inplay & higher[c]:
                        s = 1000 + pts[c] * 8 + power[c]
                    else:
                        s = -pts[c] * 8 - power[c]
                    scored.append((s, c))
            else:
                # the card winning the trick so far and whose side it is on
                if n == 2 and (
                    (eff[c1] == eff[c0] and power[c1] > power[c0])
                    or (eff[c1] == trump and eff[c0] != trump)
                ):
                    wc, ws = c1, (leader + 1) % 3
                else:
                    wc, ws = c0, leader
                we, wp = eff[wc], power[wc]
                mine = (ws == declarer) == (seat == declarer)
                for c in moves:
                    e = eff[c]
                    beats = (e == we and power[c] > wp) or (e == trump and we != trump)
                    if null:
                        if seat == declarer:
                            s = -power[c] if beats else 1000 + power[c]
                        else:
                            s = power[c] if not beats or n == 1 else -power[c]
                    elif mine:
                        if n == 2:
                            s = pts[c] * 64 - power[c]
                        else:
                            s = -pts[c] * 64 - power[c]
                    elif beats:
                        if n == 2:
                            s = 10000 + pts[c] * 64 - power[c]
                        else:
                            s = 5000 + power[c]
                    else:
                        s = -pts[c] * 64 - power[c]
                    scored.append((s, c))
            scored.sort(reverse=True)
            return [c for _, c in scored]

        return order

    def _make_null(self) -> Any:
        kind, declarer = self.kind, self.declarer
        eff, power, follow = EFFECTIVE_SUIT[kind], POWER[kind], FOLLOW_MASK[kind]
        group = _KIND_TABLES[kind][0]
        tt = self.tt
        search = self

        def winner_seat(leader: int, c0: int, c1: int, c2: int) -> int:
            # null has no trumps: the highest card of the suit led wins
            e, best, bp = eff[c0], 0, power[c0]
            if eff[c1] == e and power[c1] > bp:
                best, bp = 1, power[c1]
            if eff[c2] == e and power[c2] > bp:
                best = 2
            return (leader + best) % 3

        def ab(h: list[int], leader: int, n: int, c0: int, c1: int, alpha: int, beta: int) -> int:
            # value 1: the declarer takes no trick from here
            search.nodes += 1
            if search.nodes > search.limit:
                raise _Abort
            h0, h1, h2 = h
            best_move = -1
            if n == 0:
                allc = h0 | h1 | h2
                if not allc:
                    return 1
                key = (h0, h1, h2, leader)
                entry = tt.get(key)
                if entry is not None:
                    return entry[0]
                seat = leader
                hand = h[seat]
                legal = hand
                inplay = allc
            else:
                seat = (leader + n) % 3
                hand = h[seat]
                legal = hand & follow[c0] or hand
                inplay = h0 | h1 | h2 | (1 << c0)
                if n == 2:
                    inplay |= 1 << c1
            maximize = seat == declarer
            moves = []
            m = legal
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                for d in group[c]:
                    if inplay & d:
                        if hand & d:
                            c = -1
                        break
                if c >= 0:
                    moves.append(c)
            if len(moves) > 1:
                moves = order(moves, n, seat, c0, c1, leader, inplay, best_move)
            # a boolean search: the declarer needs one saving card, a defender one refutation
            want = 1 if maximize else 0
            result = 1 - want
            for c in moves:
                h[seat] = hand ^ (1 << c)
                if n == 0:
                    v = ab(h, leader, 1, c, -1, 0, 1)
                elif n == 1:
                    v = ab(h, leader, 2, c0, c, 0, 1)
                else:
                    w = winner_seat(leader, c0, c1, c)
                    v = 0 if w == declarer else ab(h, w, 0, -1, -1, 0, 1)
                if v == want:
                    result = want
                    break
            h[seat] = hand
            if n == 0:
                tt[key] = [result, result, -1]
            return result

        order = self._make_order()
        return ab


# ------------------------------------------------------- the public API

def _use_c(python: bool) -> bool:
    return not python and _core is not None


def _c_args(pos: Position) -> tuple[Any, ...]:
    return (pos.kind, pos.hands[0], pos.hands[1], pos.hands[2], pos.declarer, pos.leader, pos.trick)


def _check(pos: Position) -> None:
    if not isinstance(pos, Position):
        raise TypeError(f"expected a Position, not {type(pos).__name__}")


def _budget(max_nodes: int | None) -> int:
    """The node budget for the C core: 0 means unlimited."""
    if max_nodes is None:
        return 0
    if max_nodes < 1:
        raise ValueError("max_nodes must be at least 1 (or None for no limit)")
    return min(max_nodes, 1 << 62)


def _c_search(pos: Position, mode: int, target: int, max_nodes: int | None) -> SolveResult:
    target = max(-1000, min(1000, target))
    value, nodes, done = _core.search(*_c_args(pos), mode, target, _budget(max_nodes))
    if not done:
        raise SearchBudgetExceeded(nodes)
    return SolveResult(value, nodes)


def solve_detailed(
    pos: Position, *, python: bool = False, max_nodes: int | None = None
) -> SolveResult:
    """The exact value of ``pos`` (see :func:`solve`) and the nodes searched.

    ``python=True`` forces the pure-Python core. Raises
    :class:`SearchBudgetExceeded` when more than ``max_nodes`` nodes are needed.
    """
    _check(pos)
    if _use_c(python):
        return _c_search(pos, _MODE_EXACT, 0, max_nodes)
    s = _PySearch(pos.kind, pos.declarer, max_nodes)
    value = s.exact(pos)
    return SolveResult(value, s.nodes)


def solve(pos: Position, *, python: bool = False, max_nodes: int | None = None) -> int:
    """The value of ``pos`` under perfect play by all three seats.

    Suit and grand: the declarer's card points from the remaining tricks (the
    cards of the current trick included). Null: 1 if the declarer can avoid
    every remaining trick, else 0.
    """
    return solve_detailed(pos, python=python, max_nodes=max_nodes).value


def solve_python(pos: Position, *, max_nodes: int | None = None) -> int:
    """:func:`solve` with the pure-Python core."""
    return solve_detailed(pos, python=True, max_nodes=max_nodes).value


def declarer_reaches(
    pos: Position, points: int, *, python: bool = False, max_nodes: int | None = None
) -> bool:
    """Whether the declarer takes at least ``points`` from here under perfect play.

    A null-window search, much faster than :func:`solve`. For null the value
    is 0 or 1, so ``declarer_reaches(pos, 1)`` asks whether he stays clean.
    """
    _check(pos)
    if _use_c(python):
        return bool(_c_search(pos, _MODE_REACHES, points, max_nodes).value)
    s = _PySearch(pos.kind, pos.declarer, max_nodes)
    return s.search(pos, points - 1, points) >= points


def move_values(
    pos: Position, *, python: bool = False, max_nodes: int | None = None
) -> dict[Card, int]:
    """The value (as :func:`solve`, counted from ``pos``) of each legal move.

    For a move that completes the trick the trick's points are included when
    the declarer takes it. The best value for the seat to move (the maximum
    for the declarer, the minimum for a defender) equals ``solve(pos)``.
    ``max_nodes`` bounds the total over all moves.
    """
    _check(pos)
    if _use_c(python):
        pairs, nodes, done = _core.move_values(*_c_args(pos), _budget(max_nodes))
        if not done:
            raise SearchBudgetExceeded(nodes)
        return dict(pairs)
    s = _PySearch(pos.kind, pos.declarer, max_nodes)
    out: dict[Card, int] = {}
    for card in pos.legal_moves():
        after, points, winner = pos.play(card)
        if pos.kind == GameKind.NULL:
            if winner == pos.declarer:
                out[card] = 0
            else:
                out[card] = 1 if after is None else s.exact(after)
            continue
        # the trick's cards count in the value of a mid-trick position, so only
        # a completed trick needs its points added here
        gained = points if winner == pos.declarer else 0
        out[card] = gained + (0 if after is None else s.exact(after))
    return out


def mask_points(mask: Mask) -> int:
    """The card points of the cards in ``mask``."""
    return _points(mask)
