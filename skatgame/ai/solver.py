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
* The schwarz question (:func:`declarer_takes_all`), in any kind: 1 if the
  declarer can take every remaining trick, else 0. It is decided without
  search where a defender holds the top trump, or where the declarer leads and
  can draw trumps and then cash every suit from the top.

The search is an exact fail-soft alpha-beta search; exact values come from a
bisection over null-window searches. It uses:

* a transposition table keyed at trick starts. The key is canonical: within a
  run of interchangeable cards (same suit, same points, adjacent in rank; the
  7 8 9 of a suit, the jacks, a whole suit in null) the in-play cards are
  moved down to the run's lowest cards, which leaves the value unchanged;
* move ordering that looks one or two cards ahead at who takes the trick,
  and the table's best move first;
* equivalent-card reduction: two cards of one hand that are neighbours in the
  current order of their suit (no card between them still in play, the current
  trick counting as in play) and that are worth the same card points win and
  lose exactly the same tricks, so only one of them is searched. (Cards of
  *different* points are never merged: an ace and a ten that are neighbours
  can still differ by one point depending on which trick each goes to.);
* sure bounds at trick starts: the top trumps while they lie on one side, and
  the leader's quick tricks (draw trumps, then cash the top plain cards);
* in the C core, for suit and grand (feature 32 of :data:`FEATURES_ALL`), a
  table keyed by the position's structure instead: positions whose in-play
  cards lie the same way rank by rank (the same hand holds each suit's highest
  card, the same its second highest, ...) have the same game tree and differ
  only in what the cards are worth, card for card. A bound on one position's
  value is a bound on the other's, widened by those point differences, and its
  best card is a good first guess. Exact values stay the same; the search
  visits about a quarter of the nodes.

Two cores implement the same search: the C extension ``skatgame.ai._csolver``
(used when it was built) and the pure-Python reference in this module. The
public functions pick the C core when it is available; ``python=True`` or the
``*_python`` functions force the reference. Setting the environment variable
``SKATGAME_PURE_PYTHON=1`` before import disables the C core altogether.
"""

from __future__ import annotations

import os
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

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
    "FEATURES_ALL",
    "FEATURES_NO_QUASI",
    "FEATURES_V1",
    "HAVE_C_CORE",
    "MoveReaches",
    "MoveValues",
    "Position",
    "SearchBudgetExceeded",
    "SolveResult",
    "declarer_reaches",
    "declarer_reaches_detailed",
    "declarer_takes_all",
    "declarer_takes_all_detailed",
    "move_reaches_detailed",
    "move_values",
    "move_values_detailed",
    "solve",
    "solve_detailed",
    "solve_python",
]

_FULL = (1 << 32) - 1
_SUPPORTED_KINDS = frozenset(k for k in GameKind if k != GameKind.RAMSCH)


class SearchBudgetExceeded(RuntimeError):
    """A search ran past its ``max_nodes`` or ``max_seconds`` budget.

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
        """How many cards the three hands still hold."""
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

#: The C core's calling convention; a module built from older source is not used.
_C_API_VERSION = 7


def _load_core() -> Any:
    if os.environ.get("SKATGAME_PURE_PYTHON"):
        return None
    try:
        from skatgame.ai import _csolver  # type: ignore[attr-defined]
    except ImportError:
        return None
    if getattr(_csolver, "API_VERSION", None) != _C_API_VERSION:
        warnings.warn(
            "skatgame.ai._csolver was built from older source and is not used; rebuild it "
            "with `python setup.py build_ext --inplace`",
            RuntimeWarning,
            stacklevel=2,
        )
        return None
    _csolver.init_tables(
        bytes(EFFECTIVE_SUIT[k][c] for k in GameKind for c in range(32)),
        bytes(POWER[k][c] for k in GameKind for c in range(32)),
        bytes(CARD_POINTS),
    )
    return _csolver


_core: Any = _load_core()

HAVE_C_CORE: bool = _core is not None
"""Whether the C extension was built and is used by default."""

#: The C core's search refinements, as bits: the table's move before the others
#: are generated (1), killer moves (2), exact values searched between the
#: root's sure bounds (4), the table looked at before the sure bounds are
#: computed (8), an exact value's last probes stepping down from the top (16),
#: in suit and grand a table shared by positions of the same structure, whose
#: bounds carry over within their cards' point differences (32).
#: They change how many nodes a search visits, never a value.
FEATURES_ALL = 63
#: The refinements before the structure table (the Advanced searches with these,
#: so that its strength stays as measured).
FEATURES_NO_QUASI = FEATURES_ALL & ~32
#: The search as it was before the refinements (the ``expert-v1`` level uses it,
#: so that its node budgets buy what they bought then).
FEATURES_V1 = 0
#: Exact values: the probes step down from the top once the value is known
#: within this many points (the C core's DESCEND feature, the same width).
DESCEND_WIDTH = 30

_MODE_EXACT = 0
_MODE_REACHES = 1
_MODE_ALL_TRICKS = 3


# ------------------------------------------------------- the Python core

class _Abort(Exception):
    pass


_BYTE_POINTS = tuple(sum(CARD_POINTS[r] for r in range(8) if b >> r & 1) for b in range(256))
_NEXT_SEAT = (1, 2, 0)


def _points(mask: int) -> int:
    bp = _BYTE_POINTS
    return bp[mask & 255] + bp[mask >> 8 & 255] + bp[mask >> 16 & 255] + bp[mask >> 24]


@dataclass(frozen=True, slots=True)
class _KindTables:
    """Tables of one game kind for the Python search (the C core builds the same)."""

    #: per card: the same-suit, same-point cards directly above it (as bits), nearest first
    group: tuple[tuple[int, ...], ...]
    #: per card: the cards of its suit that beat it
    higher: tuple[int, ...]
    #: card points as the ordering sees them (all 0 in null)
    pts: tuple[int, ...]
    trumps: int
    #: trumps, and the plain cards of each suit, highest first
    trump_order: tuple[int, ...]
    plain_orders: tuple[tuple[int, ...], ...]
    #: runs of interchangeable cards (lowest first) with their mask and prefix masks
    runs: tuple[tuple[tuple[int, ...], int, tuple[int, ...]], ...]


def _kind_tables(kind: int) -> _KindTables:
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
            run.append(d)
        group.append(tuple(1 << d for d in run))
        higher.append(sum(1 << d for d in above))

    def falling(suit: int) -> tuple[int, ...]:
        return tuple(sorted((d for d in range(32) if eff[d] == suit), key=lambda d: -power[d]))

    # a run of interchangeable cards starts at a card that is no card's nearest
    # same-point neighbour above; single cards are no runs
    firsts = {g[0].bit_length() - 1 for g in group if g}
    runs = []
    for c in range(32):
        if c in firsts or not group[c]:
            continue
        members = (c, *(g.bit_length() - 1 for g in group[c]))
        prefix = tuple(sum(1 << d for d in members[:i]) for i in range(len(members) + 1))
        runs.append((members, prefix[-1], prefix))
    return _KindTables(
        group=tuple(group),
        higher=tuple(higher),
        pts=pts,
        trumps=sum(1 << d for d in range(32) if eff[d] == TRUMP),
        trump_order=falling(TRUMP),
        plain_orders=tuple(falling(s) for s in range(4)),
        runs=tuple(runs),
    )


_KIND_TABLES = tuple(_kind_tables(k) for k in GameKind if k != GameKind.RAMSCH)


def _canonical_key(runs: Any) -> Any:
    """A function giving the transposition key of a trick-start position.

    The in-play cards of each run of interchangeable cards move down to the
    run's lowest cards (order and owners kept): the value stays the same, and
    positions that differ only there share one table entry.
    """

    def key(h0: int, h1: int, h2: int, leader: int) -> tuple[int, int, int, int]:
        allc = h0 | h1 | h2
        k0, k1, k2 = h0, h1, h2
        for members, mask, prefix in runs:
            inside = allc & mask
            if inside == prefix[inside.bit_count()]:
                continue
            k0 &= ~mask
            k1 &= ~mask
            k2 &= ~mask
            j = 0
            for c in members:
                bit = 1 << c
                if h0 & bit:
                    k0 |= 1 << members[j]
                elif h1 & bit:
                    k1 |= 1 << members[j]
                elif h2 & bit:
                    k2 |= 1 << members[j]
                else:
                    continue
                j += 1
        return (k0, k1, k2, leader)

    return key


_VALUE_MASKS = tuple(
    (v, sum(1 << c for c in range(32) if CARD_POINTS[c] == v)) for v in sorted(set(CARD_POINTS))
)


def _min_points(hand: int, k: int) -> int:
    """The fewest points that ``k`` cards of ``hand`` can be worth."""
    total = 0
    for value, mask in _VALUE_MASKS:
        if k <= 0:
            break
        have = (hand & mask).bit_count()
        if have >= k:
            return total + k * value
        total += have * value
        k -= have
    return total


def reduced_moves(legal: int, hand: int, inplay: int, group: Any) -> list[int]:
    """The legal cards worth searching, lowest first.

    A card is dropped when the nearest in-play card above it in its suit
    (``group[card]``: the masks of the cards above, nearest first) is worth the
    same and lies in the same hand: playing either gives the same value.
    """
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
    return moves


# the pure-Python twin's search is built of closures over one position's tables
_Bounds = Callable[[list[int], int, int, int], tuple[int, int]]  # h, leader, allc, rest
_Order = Callable[[list[int], list[int], int, int, int, int, int, int], list[int]]
_AlphaBeta = Callable[[list[int], int, int, int, int, int, int], int]


def _make_bounds(t: _KindTables, declarer: int) -> _Bounds:
    """A function giving sure bounds (lower, upper) on the declarer's points
    from a trick start (the C core's sure_bounds).

    The top in-play trumps, while they lie on one side, win every trick they
    are played to: that side gets their points and, in each of those tricks
    (at least as many as one hand holds of them), the other side's cheapest
    cards. And a leader whose own top trumps outnumber each other hand's
    trumps can draw those and cash his top cards in the plain suits, one
    after another.
    """
    a = _NEXT_SEAT[declarer]
    b = _NEXT_SEAT[a]
    nxt = _NEXT_SEAT
    trump_order, plain_orders, trumps = t.trump_order, t.plain_orders, t.trumps
    pts = CARD_POINTS
    min_points = _min_points

    def bounds(h: list[int], leader: int, allc: int, rest: int) -> tuple[int, int]:
        lower, upper = 0, rest
        side = -1
        count = [0, 0, 0]
        run_pts = 0
        lead_hand = h[leader]
        lead_run = lead_pts = 0
        lead_open = True
        for c in trump_order:
            bit = 1 << c
            if not allc & bit:
                continue
            if lead_open:
                if lead_hand & bit:
                    lead_run += 1
                    lead_pts += pts[c]
                else:
                    lead_open = False
            owner = 0 if h[0] & bit else 1 if h[1] & bit else 2
            owner_side = 1 if owner == declarer else 0
            if side < 0:
                side = owner_side
            elif owner_side != side:
                break
            count[owner] += 1
            run_pts += pts[c]
        if side == 1:
            k = count[declarer]
            lower = run_pts + min_points(h[a], k) + min_points(h[b], k)
        elif side == 0:
            k = max(count[a], count[b])
            upper = rest - run_pts - min_points(h[declarer], k)
        o1 = nxt[leader]
        o2 = nxt[o1]
        if (h[o1] & trumps).bit_count() > lead_run or (h[o2] & trumps).bit_count() > lead_run:
            return lower, upper
        tricks = lead_run
        for order in plain_orders:
            for c in order:
                bit = 1 << c
                if not allc & bit:
                    continue
                if not lead_hand & bit:
                    break
                tricks += 1
                lead_pts += pts[c]
        if tricks:
            sure = lead_pts + min_points(h[o1], tricks) + min_points(h[o2], tricks)
            if leader == declarer:
                lower = max(lower, sure)
            else:
                upper = min(upper, rest - sure)
        return lower, upper

    return bounds


class _PySearch:
    """The pure-Python search for one game kind and declarer.

    The transposition table lives as long as the object, so several searches
    on positions of the same deal share it.
    """

    def __init__(
        self, kind: int, declarer: int, max_nodes: int | None, max_seconds: float | None = None,
        all_tricks: bool = False,
    ) -> None:
        budget, seconds = _limits(max_nodes, max_seconds)
        self.kind = kind
        self.declarer = declarer
        self.nodes = 0
        self.max_nodes = budget or 1 << 62
        self.deadline = time.perf_counter() + seconds if seconds else None
        # the search only compares nodes with limit; past it, over() looks at
        # the budgets (and the clock every 1024 nodes)
        self.limit = self._next_limit()
        self.tt: dict[tuple[int, int, int, int], list[int]] = {}
        # null, and the schwarz question of any kind, are boolean searches
        self.all_tricks = all_tricks
        self._ab: _AlphaBeta = (self._make_null() if kind == GameKind.NULL or all_tricks
                                else self._make_points())

    def _next_limit(self) -> int:
        if self.deadline is None:
            return self.max_nodes
        return min(self.max_nodes, self.nodes + 1024)

    def deadline_passed(self) -> bool:
        """Whether the search's time budget is spent."""
        return self.deadline is not None and time.perf_counter() > self.deadline

    def over(self) -> bool:
        """Whether the node or time budget is spent (called when nodes pass limit)."""
        if self.nodes > self.max_nodes:
            return True
        if self.deadline is not None and time.perf_counter() > self.deadline:
            return True
        self.limit = self._next_limit()
        return False

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

    def exact(self, pos: Position, guess: int | None = None) -> int:
        """The exact value of ``pos``; ``guess`` is a likely value, if known."""
        if self.kind == GameKind.NULL:
            return self.search(pos, 0, 1)
        # null-window probes, as in the C core: each narrows [lo, hi] by its
        # fail-soft result and leaves bounds in the table. They bisect and
        # within DESCEND_WIDTH points step down from the top (a probe the
        # declarer fails is the cheaper kind), or step from a guess (MTD(f)),
        # which is faster when the guess is close.
        lo, hi = 0, _points(sum(pos.hands)) + sum(CARD_POINTS[c] for c in pos.trick)
        g = guess
        while lo < hi:
            if g is not None:
                beta = min(hi, max(g, lo + 1))
            else:
                beta = hi if hi - lo <= DESCEND_WIDTH else (lo + hi + 1) // 2
            v = self.search(pos, beta - 1, beta)
            if v >= beta:
                lo = v
            else:
                hi = v
            if g is not None:
                g = v
        return lo

    # The search functions are closures over local tables: attribute and
    # global look-ups are what makes pure-Python search slow.
    def _make_points(self) -> _AlphaBeta:
        kind, declarer = self.kind, self.declarer
        eff, power = EFFECTIVE_SUIT[kind], POWER[kind]
        follow = FOLLOW_MASK[kind]
        tables = _KIND_TABLES[kind]
        group = tables.group
        pts = CARD_POINTS
        bp = _BYTE_POINTS
        tt = self.tt
        nxt = _NEXT_SEAT
        trump = TRUMP
        search = self
        make_key = _canonical_key(tables.runs)
        bounds = _make_bounds(tables, declarer)
        order = self._make_order()

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
            if search.nodes > search.limit and search.over():
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
                key = make_key(h0, h1, h2, leader)
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
                lower, upper = bounds(h, leader, allc, rest)
                if lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
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
            moves = reduced_moves(legal, hand, inplay, group)
            if len(moves) > 1:
                moves = order(h, moves, n, seat, c0, c1, leader, best_move)
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
                entry = tt.get(key)
                if entry is not None:
                    lo, hi = entry[0], entry[1]
                    if best <= alpha and entry[2] >= 0:
                        best_card = entry[2]  # every move failed low: keep the old hint
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

        return ab

    def _make_order(self) -> _Order:
        """Move ordering: with all hands open, who takes the trick is mostly
        visible one or two cards ahead; the C core scores moves the same way."""
        kind, declarer = self.kind, self.declarer
        eff, power, follow = EFFECTIVE_SUIT[kind], POWER[kind], FOLLOW_MASK[kind]
        tables = _KIND_TABLES[kind]
        higher, pts, trumps = tables.higher, tables.pts, tables.trumps
        trump = TRUMP
        nxt = _NEXT_SEAT
        null = kind == GameKind.NULL

        def beats(c: int, w: int) -> bool:
            ec, ew = eff[c], eff[w]
            return power[c] > power[w] if ec == ew else ec == trump

        def order(
            h: list[int], moves: list[int], n: int, seat: int, c0: int, c1: int, leader: int,
            best_move: int,
        ) -> list[int]:
            win: int  # a bool or a mask: only its truth counts
            decl = seat == declarer
            scored = []
            # "can a legal set L beat x" is: L & higher[x], or x is no trump and L holds one
            if null:
                wc = c1 if n == 2 and beats(c1, c0) else c0
                for c in moves:
                    pw = power[c]
                    if c == best_move:
                        s = 100000
                    elif n == 0:
                        s = -pw if decl else pw
                    elif decl:
                        s = -pw if beats(c, wc) else 1000 + pw
                    else:
                        s = pw if n == 1 or not beats(c, wc) else -pw
                    scored.append((s, c))
            elif n == 0:
                s2 = nxt[seat]
                s3 = nxt[s2]
                h2, h3 = h[s2], h[s3]
                for c in moves:
                    if c == best_move:
                        scored.append((100000, c))
                        continue
                    f, hx = follow[c], higher[c]
                    ruff = trumps if eff[c] != trump else 0
                    l2 = h2 & f or h2
                    l3 = h3 & f or h3
                    b2 = l2 & hx or l2 & ruff
                    b3 = l3 & hx or l3 & ruff
                    if decl:
                        win = not b2 and not b3
                    else:
                        win = not b2 if s2 == declarer else not b3
                    p, pw = pts[c], power[c]
                    scored.append((1000 + p * 8 + pw if win else -p * 8 - pw, c))
            elif n == 1:
                s3 = nxt[seat]
                h3 = h[s3]
                l3 = h3 & follow[c0] or h3
                l3_trumps = l3 & trumps
                e0, p0 = eff[c0], power[c0]
                beat_lead = l3 & higher[c0] or (e0 != trump and l3_trumps)
                for c in moves:
                    e = eff[c]
                    bt = power[c] > p0 if e == e0 else e == trump
                    beat_mine = (l3 & higher[c] or (e != trump and l3_trumps)) if bt else 0
                    if decl:
                        win = bt and not beat_mine
                    elif s3 != declarer:
                        win = bt or beat_lead
                    else:
                        win = not (beat_mine if bt else beat_lead)
                    p, pw = pts[c], power[c]
                    scored.append((2000 + p * 64 - pw if win else -p * 64 - pw, c))
            else:
                if beats(c1, c0):
                    wc, ws = c1, nxt[leader]
                else:
                    wc, ws = c0, leader
                ours = (ws == declarer) == decl
                we, wp = eff[wc], power[wc]
                for c in moves:
                    e = eff[c]
                    win = ours or (power[c] > wp if e == we else e == trump)
                    p, pw = pts[c], power[c]
                    scored.append((2000 + p * 64 - pw if win else -p * 64 - pw, c))
            scored.sort(reverse=True)
            return [c for _, c in scored]

        return order

    def _make_null(self) -> _AlphaBeta:
        kind, declarer = self.kind, self.declarer
        eff, power, follow = EFFECTIVE_SUIT[kind], POWER[kind], FOLLOW_MASK[kind]
        tables = _KIND_TABLES[kind]
        group = tables.group
        tt = self.tt
        search = self
        make_key = _canonical_key(tables.runs)
        order = self._make_order()

        all_tricks = self.all_tricks
        trumps, trump_order, plain_orders = tables.trumps, tables.trump_order, tables.plain_orders
        plain_masks = tuple(sum(1 << c for c in o) for o in plain_orders)
        d_a = _NEXT_SEAT[declarer]
        d_b = _NEXT_SEAT[d_a]

        def cashes_all(h: list[int], order_: tuple[int, ...], suit: int, trump: bool) -> bool:
            # as the C core: leading the suit from the top, the declarer wins every round
            k = (h[declarer] & suit).bit_count()
            ma, mb = (h[d_a] & suit).bit_count(), (h[d_b] & suit).bit_count()
            if not k:
                return not trump or not (ma or mb)
            if trump and (ma > k or mb > k):
                return False
            need_a, need_b, seen = min(ma, k), min(mb, k), 0
            for c in order_:
                bit = 1 << c
                if h[declarer] & bit:
                    seen += 1
                elif h[d_a] & bit:
                    if seen < need_a:
                        return False
                    need_a = 0
                elif h[d_b] & bit:
                    if seen < need_b:
                        return False
                    need_b = 0
            return True

        def all_tricks_sure(h: list[int], leader: int, allc: int) -> int:
            # as the C core: 0 when a defender holds the top trump in play, 1 when the
            # declarer leads and can draw trumps and cash every suit, else -1
            for c in trump_order:
                if allc >> c & 1:
                    if not h[declarer] >> c & 1:
                        return 0
                    break
            if leader != declarer or not cashes_all(h, trump_order, trumps, True):
                return -1
            for order_, suit in zip(plain_orders, plain_masks, strict=True):
                if not cashes_all(h, order_, suit, False):
                    return -1
            return 1

        def beats(c: int, w: int) -> bool:
            if eff[c] == eff[w]:
                return power[c] > power[w]
            return eff[c] == TRUMP

        def winner_seat(leader: int, c0: int, c1: int, c2: int) -> int:
            best, wc = 0, c0
            if beats(c1, wc):
                best, wc = 1, c1
            if beats(c2, wc):
                best = 2
            return (leader + best) % 3

        def ab(h: list[int], leader: int, n: int, c0: int, c1: int, alpha: int, beta: int) -> int:
            # value 1: the declarer takes no trick from here (with all_tricks: every trick)
            search.nodes += 1
            if search.nodes > search.limit and search.over():
                raise _Abort
            h0, h1, h2 = h
            if n == 0:
                allc = h0 | h1 | h2
                if not allc:
                    return 1
                if all_tricks:
                    sure = all_tricks_sure(h, leader, allc)
                    if sure >= 0:
                        return sure
                key = make_key(h0, h1, h2, leader)
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
            moves = reduced_moves(legal, hand, inplay, group)
            if len(moves) > 1:
                moves = order(h, moves, n, seat, c0, c1, leader, -1)
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
                    v = 0 if (w == declarer) != all_tricks else ab(h, w, 0, -1, -1, 0, 1)
                if v == want:
                    result = want
                    break
            h[seat] = hand
            if n == 0:
                tt[key] = [result, result, -1]
            return result

        return ab


# ------------------------------------------------------- the public API

def _use_c(python: bool) -> bool:
    return not python and _core is not None


def _c_args(pos: Position) -> tuple[Any, ...]:
    return (pos.kind, pos.hands[0], pos.hands[1], pos.hands[2], pos.declarer, pos.leader, pos.trick)


def _check(pos: Position) -> None:
    if not isinstance(pos, Position):
        raise TypeError(f"expected a Position, not {type(pos).__name__}")


def _limits(max_nodes: int | None, max_seconds: float | None) -> tuple[int, float]:
    """Checked budgets as the C core takes them: 0 means no limit."""
    nodes = 0
    if max_nodes is not None:
        if max_nodes < 1:
            raise ValueError("max_nodes must be at least 1 (or None for no limit)")
        nodes = min(int(max_nodes), 1 << 62)
    seconds = 0.0
    if max_seconds is not None:
        if not 0 < max_seconds < 1e9:  # also rejects NaN
            raise ValueError("max_seconds must be a positive number (or None for no limit)")
        seconds = float(max_seconds)
    return nodes, seconds


def _c_search(
    pos: Position, mode: int, target: int, max_nodes: int | None, max_seconds: float | None,
    features: int,
) -> SolveResult:
    target = max(-1000, min(1000, target))
    value, nodes, done = _core.search(
        *_c_args(pos), mode, target, *_limits(max_nodes, max_seconds), features
    )
    if not done:
        raise SearchBudgetExceeded(nodes)
    return SolveResult(value, nodes)


def solve_detailed(
    pos: Position,
    *,
    python: bool = False,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    features: int = FEATURES_ALL,
) -> SolveResult:
    """The exact value of ``pos`` (see :func:`solve`) and the nodes searched.

    ``python=True`` forces the pure-Python core. Raises
    :class:`SearchBudgetExceeded` when the search needs more than ``max_nodes``
    nodes or ``max_seconds`` seconds. ``features`` selects the C core's search
    refinements (:data:`FEATURES_ALL`, :data:`FEATURES_V1`).
    """
    _check(pos)
    if _use_c(python):
        return _c_search(pos, _MODE_EXACT, 0, max_nodes, max_seconds, features)
    s = _PySearch(pos.kind, pos.declarer, max_nodes, max_seconds)
    value = s.exact(pos)
    return SolveResult(value, s.nodes)


def solve(
    pos: Position,
    *,
    python: bool = False,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> int:
    """The value of ``pos`` under perfect play by all three seats.

    Suit and grand: the declarer's card points from the remaining tricks (the
    cards of the current trick included). Null: 1 if the declarer can avoid
    every remaining trick, else 0. Budgets as in :func:`solve_detailed`.
    """
    return solve_detailed(
        pos, python=python, max_nodes=max_nodes, max_seconds=max_seconds
    ).value


def solve_python(
    pos: Position, *, max_nodes: int | None = None, max_seconds: float | None = None
) -> int:
    """:func:`solve` with the pure-Python core."""
    return solve_detailed(pos, python=True, max_nodes=max_nodes, max_seconds=max_seconds).value


def declarer_reaches_detailed(
    pos: Position,
    points: int,
    *,
    python: bool = False,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    features: int = FEATURES_ALL,
) -> SolveResult:
    """:func:`declarer_reaches` as a :class:`SolveResult`: value 1 (yes) or 0, and the nodes."""
    _check(pos)
    if _use_c(python):
        return _c_search(pos, _MODE_REACHES, points, max_nodes, max_seconds, features)
    s = _PySearch(pos.kind, pos.declarer, max_nodes, max_seconds)
    value = 1 if s.search(pos, points - 1, points) >= points else 0
    return SolveResult(value, s.nodes)


def declarer_reaches(
    pos: Position,
    points: int,
    *,
    python: bool = False,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> bool:
    """Whether the declarer takes at least ``points`` from here under perfect play.

    A null-window search, much faster than :func:`solve`. For null the value
    is 0 or 1, so ``declarer_reaches(pos, 1)`` asks whether he stays clean.
    Budgets as in :func:`solve_detailed`.
    """
    return bool(
        declarer_reaches_detailed(
            pos, points, python=python, max_nodes=max_nodes, max_seconds=max_seconds
        ).value
    )


def declarer_takes_all_detailed(
    pos: Position,
    *,
    python: bool = False,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    features: int = FEATURES_ALL,
) -> SolveResult:
    """:func:`declarer_takes_all` as a :class:`SolveResult`: value 1 (yes) or 0, and the nodes."""
    _check(pos)
    if _use_c(python):
        return _c_search(pos, _MODE_ALL_TRICKS, 0, max_nodes, max_seconds, features)
    s = _PySearch(pos.kind, pos.declarer, max_nodes, max_seconds, all_tricks=True)
    return SolveResult(s.search(pos, 0, 1), s.nodes)


def declarer_takes_all(
    pos: Position,
    *,
    python: bool = False,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> bool:
    """Whether the declarer takes every remaining trick (the one in progress included)
    under perfect play: schwarz. Tricks decide, not points (a defender's trick of
    three blank cards breaks it). Budgets as in :func:`solve_detailed`.
    """
    return bool(
        declarer_takes_all_detailed(
            pos, python=python, max_nodes=max_nodes, max_seconds=max_seconds
        ).value
    )


class MoveValues(NamedTuple):
    """The values of the legal moves (see :func:`move_values`) and the nodes searched."""

    values: dict[Card, int]
    nodes: int


def move_values(
    pos: Position,
    *,
    python: bool = False,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> dict[Card, int]:
    """The value (as :func:`solve`, counted from ``pos``) of each legal move.

    For a move that completes the trick the trick's points are included when
    the declarer takes it. The best value for the seat to move (the maximum
    for the declarer, the minimum for a defender) equals ``solve(pos)``.
    The budgets (see :func:`solve_detailed`) bound the total over all moves.
    """
    return move_values_detailed(
        pos, python=python, max_nodes=max_nodes, max_seconds=max_seconds
    ).values


def move_values_detailed(
    pos: Position,
    *,
    python: bool = False,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    features: int = FEATURES_ALL,
) -> MoveValues:
    """:func:`move_values` and the number of nodes searched for all moves together."""
    _check(pos)
    if _use_c(python):
        pairs, nodes, done = _core.move_values(*_c_args(pos), *_limits(max_nodes, max_seconds),
                                               features)
        if not done:
            raise SearchBudgetExceeded(nodes)
        return MoveValues(dict(pairs), nodes)
    s = _PySearch(pos.kind, pos.declarer, max_nodes, max_seconds)
    out: dict[Card, int] = {}
    last: int | None = None
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
        guess = None if last is None else last - gained
        out[card] = last = gained + (0 if after is None else s.exact(after, guess))
    return MoveValues(out, s.nodes)


class MoveReaches(NamedTuple):
    """Per legal move: (reaches ``need``, reaches the second threshold), None where
    the move's search ran over ``move_nodes``; and the nodes searched."""

    values: dict[Card, tuple[bool | None, bool | None]]
    nodes: int


def move_reaches_detailed(
    pos: Position,
    need: int,
    above: int,
    below: int,
    *,
    move_nodes: int | None = None,
    python: bool = False,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    features: int = FEATURES_ALL,
) -> MoveReaches:
    """Threshold searches for every legal move, sharing one transposition table.

    For each move: does the declarer take at least ``need`` points (counted
    from ``pos`` as in :func:`move_values`) after it, and then at least
    ``above`` when he does, or at least ``below`` when he does not (say 90 for
    schneider, 31 against it)? For null, ``need`` 1 asks whether he stays
    clean. Much cheaper than :func:`move_values` when only the thresholds
    matter. A search that needs more than ``move_nodes`` nodes gives None for
    that move (and its second threshold) and the next move is searched.
    Budgets as in :func:`solve_detailed`, over all moves together.
    """
    _check(pos)
    cap = 0 if move_nodes is None else _limits(move_nodes, None)[0]
    if _use_c(python):
        clamp = (max(-1000, min(1000, t)) for t in (need, above, below))
        triples, nodes, done = _core.move_reaches(
            (*_c_args(pos), *_limits(max_nodes, max_seconds), features), *clamp, cap)
        if not done:
            raise SearchBudgetExceeded(nodes)
        return MoveReaches({c: (_known(m), _known(x)) for c, m, x in triples}, nodes)
    s = _PySearch(pos.kind, pos.declarer, max_nodes, max_seconds)

    def search(after: Position, t: int) -> bool | None:
        limit = s.max_nodes
        if cap and s.nodes + cap < limit:
            s.max_nodes, s.limit = s.nodes + cap, min(s.limit, s.nodes + cap)
        try:
            return s.search(after, t - 1, t) >= t
        except SearchBudgetExceeded:
            if s.max_nodes == limit or s.nodes > limit or s.deadline_passed():
                raise
            return None
        finally:
            s.max_nodes = limit
            s.limit = s._next_limit()

    def reaches(card: Card, t: int) -> bool | None:
        after, points, winner = pos.play(card)
        if winner is not None and pos.kind == GameKind.NULL:
            if winner == pos.declarer:
                return t <= 0
            return t <= 1 if after is None else search(after, t)
        gained = points if winner == pos.declarer else 0
        if gained >= t:
            return True
        return after is not None and search(after, t - gained)

    out: dict[Card, tuple[bool | None, bool | None]] = {}
    for card in pos.legal_moves():
        main = reaches(card, need)
        second = above if main else below
        # the same threshold again is the same answer (as the C core does)
        out[card] = (main, main if main is None or second == need else reaches(card, second))
    return MoveReaches(out, s.nodes)


def _known(v: int) -> bool | None:
    return None if v == 2 else bool(v)


def mask_points(mask: Mask) -> int:
    """The card points of the cards in ``mask``."""
    return _points(mask)
