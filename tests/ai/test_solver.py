"""The double-dummy solver: both cores against each other, against plain
minimax, on hand-checked positions, and the `solve` command."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import types
from functools import lru_cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skatgame.ai import solver
from skatgame.ai.solver import (
    FEATURES_ALL,
    FEATURES_NO_QUASI,
    FEATURES_V1,
    Position,
    SearchBudgetExceeded,
    declarer_reaches,
    declarer_reaches_detailed,
    declarer_takes_all,
    declarer_takes_all_detailed,
    move_values,
    move_values_detailed,
    solve,
    solve_detailed,
    solve_python,
)
from skatgame.engine.cards import CARD_POINTS, mask_of, parse_cards, points_of
from skatgame.engine.rules import GameKind, legal_mask, trick_winner

C, S, H, D, G, N = 0, 1, 2, 3, 4, 5
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))



@pytest.fixture
def c_core() -> object:
    """The C core; its tests fail (never skip) when it was not built."""
    assert solver.HAVE_C_CORE, "C core not built: run `python setup.py build_ext --inplace`"
    return solver._core


def hands(*texts: str) -> tuple[int, int, int]:
    masks = [mask_of(parse_cards(t)) for t in texts]
    return (masks[0], masks[1], masks[2])


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


# ------------------------------------------------------------ a plain reference

def minimax(pos: Position) -> int:
    """Plain minimax over Position.play: no table, no pruning, no card merging."""
    best: int | None = None
    declarer_moves = pos.to_move() == pos.declarer
    for card in pos.legal_moves():
        after, points, winner = pos.play(card)
        if pos.kind == GameKind.NULL:
            if winner == pos.declarer:
                v = 0
            else:
                v = 1 if after is None else minimax(after)
        else:
            v = (points if winner == pos.declarer else 0) + (0 if after is None else minimax(after))
        if best is None or (v > best if declarer_moves else v < best):
            best = v
    assert best is not None
    return best


def takes_all_minimax(pos: Position) -> bool:
    """Plain minimax: does the declarer take every remaining trick?"""
    declarer_moves = pos.to_move() == pos.declarer
    outcomes = []
    for card in pos.legal_moves():
        after, _, winner = pos.play(card)
        if winner is not None and winner != pos.declarer:
            outcomes.append(False)
        else:
            outcomes.append(True if after is None else takes_all_minimax(after))
    return any(outcomes) if declarer_moves else all(outcomes)


def random_position(rng: random.Random, tricks: int, kind: int | None = None) -> Position:
    """A random deal of ``tricks`` cards a hand, sometimes a card or two into a trick."""
    deck = list(range(32))
    rng.shuffle(deck)
    masks = [mask_of(deck[s * tricks : (s + 1) * tricks]) for s in range(3)]
    pos = Position(
        rng.randrange(6) if kind is None else kind,
        (masks[0], masks[1], masks[2]),
        rng.randrange(3),
        rng.randrange(3),
    )
    for _ in range(rng.randrange(3)):
        after, _, _ = pos.play(rng.choice(pos.legal_moves()))
        assert after is not None
        pos = after
    return pos


@lru_cache(maxsize=1)
def small_positions() -> list[Position]:
    rng = random.Random(2024)
    out = [random_position(rng, rng.randint(1, 2)) for _ in range(160)]
    out += [random_position(rng, 3) for _ in range(40)]
    return out


# ------------------------------------------------------------ hand-checked positions

def test_one_trick_grand_declarer_takes_the_ace() -> None:
    pos = Position(G, hands("CA", "C7", "C8"), declarer=0, leader=0)
    assert solve(pos) == 11
    assert solve_python(pos) == 11


def test_one_trick_suit_game_ruff() -> None:
    # spades: defender 1 leads the heart ace, the declarer has no heart and trumps
    pos = Position(S, hands("S7", "HA", "HT"), declarer=0, leader=1)
    assert solve(pos) == 21
    assert solve_python(pos) == 21


def test_jack_does_not_follow_its_printed_suit() -> None:
    # hearts game: the diamond jack is a trump; diamonds led, the declarer holds
    # only the jack, so he may (must) trump with it and wins
    pos = Position(H, hands("DJ", "D7", "DA"), declarer=0, leader=1)
    assert solve(pos) == 13
    assert solve_python(pos) == 13


def test_two_tricks_defenders_save_the_ace() -> None:
    # spades, seat 2 leads: leading the ten first loses 12, the ace first 13
    pos = Position(S, hands("SJ HA", "C7 C8", "ST SA"), declarer=0, leader=2)
    assert solve(pos) == 12
    assert solve_python(pos) == 12


def test_ace_and_ten_in_sequence_are_not_merged() -> None:
    # grand: defender 1 leads the heart ace; the declarer (no hearts) discards
    # the spade ten and keeps the spade ace for the last trick. Treating ace and
    # ten as one card would cost the declarer a point.
    pos = Position(G, hands("SA ST", "HA S7", "H8 S8"), declarer=0, leader=1)
    assert minimax(pos) == 11
    assert solve(pos) == 11
    assert solve_python(pos) == 11
    assert move_values(pos) == {parse_cards("HA")[0]: 11, parse_cards("S7")[0]: 32}


def test_mid_trick_start_counts_the_cards_on_the_table() -> None:
    # grand, seat 1 led the club ace, seat 2 added the club ten; the
    # declarer (seat 0) must follow with the seven, then wins the heart trick
    pos = Position(G, hands("C7 HA", "H7", "H8"), declarer=0, leader=1, trick=cards("CA CT"))
    assert solve(pos) == 11
    # with a jack instead he may not trump (he holds a club), then trumps hearts
    pos = Position(G, hands("C7 CJ", "H7", "H8"), declarer=0, leader=1, trick=cards("CA CT"))
    assert solve(pos) == 2
    # ... but void in clubs he trumps and takes 21 + 2, then the last trick
    pos = Position(G, hands("SJ CJ", "H7", "H8"), declarer=0, leader=1, trick=cards("CA CT"))
    assert solve(pos) == 25
    assert solve_python(pos) == 25


def test_null_declarer_ducks() -> None:
    # the declarer leads the seven under the ace: clean
    pos = Position(N, hands("C7", "CA", "C8"), declarer=0, leader=0)
    assert solve(pos) == 1
    # holding the ace alone he must take the trick
    pos = Position(N, hands("CA", "C7", "C8"), declarer=0, leader=0)
    assert solve(pos) == 0


def test_null_ranks_ten_below_jack() -> None:
    # null order A K Q J 10 9 8 7: the ten ducks under the jack
    pos = Position(N, hands("CT HA", "CJ H7", "C9 H8"), declarer=0, leader=1)
    assert solve(pos) == 0  # the last trick (hearts) is his: HA is highest
    pos = Position(N, hands("CT H7", "CJ HA", "C9 H8"), declarer=0, leader=1)
    assert solve(pos) == 1
    assert solve_python(pos) == 1


@pytest.mark.parametrize("python", [True, False])
def test_detailed_variants_count_nodes(python: bool) -> None:
    assert python or solver.HAVE_C_CORE
    pos = random_position(random.Random(12), 5, kind=S)
    value = solve(pos, python=python)
    yes = declarer_reaches_detailed(pos, value, python=python)
    no = declarer_reaches_detailed(pos, value + 1, python=python)
    assert (yes.value, no.value) == (1, 0) and yes.nodes > 0 and no.nodes > 0
    counted = move_values_detailed(pos, python=python)
    values, nodes = counted
    assert values == move_values(pos, python=python) and nodes == counted.nodes > 0
    # the same search twice counts the same nodes: budgets stay deterministic
    assert move_values_detailed(pos, python=python).nodes == nodes


def test_declarer_reaches_and_move_values_agree_with_solve() -> None:
    pos = Position(S, hands("SJ HA", "C7 C8", "ST SA"), declarer=0, leader=2)
    assert declarer_reaches(pos, 12) and not declarer_reaches(pos, 13)
    assert declarer_reaches(pos, 0) and declarer_reaches(pos, -5)
    values = move_values(pos)
    assert values == {parse_cards("ST")[0]: 12, parse_cards("SA")[0]: 13}
    assert values == move_values(pos, python=True)


# ------------------------------------------------------------ both cores against minimax

def test_python_core_matches_minimax() -> None:
    for pos in small_positions():
        assert solve_python(pos) == minimax(pos), pos


def test_c_core_matches_minimax(c_core: object) -> None:
    for pos in small_positions():
        assert solve(pos) == minimax(pos), pos


def test_move_values_match_minimax() -> None:
    for pos in small_positions()[:120]:
        expected = {}
        for card in pos.legal_moves():
            after, points, winner = pos.play(card)
            if pos.kind == GameKind.NULL:
                expected[card] = (
                    0 if winner == pos.declarer else 1 if after is None else minimax(after)
                )
            else:
                gained = points if winner == pos.declarer else 0
                expected[card] = gained + (0 if after is None else minimax(after))
        assert move_values(pos, python=True) == expected, pos
        assert move_values(pos) == expected, pos


# ------------------------------------------------------------ C and Python agree

def test_cores_agree_on_seeded_deals(c_core: object) -> None:
    rng = random.Random(77)
    kinds = [C, S, H, D, G, G, N]
    for i in range(240):
        pos = random_position(rng, 3 + i % 3, kind=kinds[i % len(kinds)])
        value = solve_python(pos)
        assert solve(pos) == value, pos
        for target in (value - 1, value, value + 1, 61):
            want = value >= target
            assert declarer_reaches(pos, target) is want, (pos, target)
            assert declarer_reaches(pos, target, python=True) is want, (pos, target)
        if i % 4 == 0:
            assert move_values(pos) == move_values(pos, python=True), pos


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    tricks=st.integers(1, 5),
    kind=st.sampled_from([C, S, H, D, G, N]),
)
def test_cores_agree_property(seed: int, tricks: int, kind: int) -> None:
    assert solver.HAVE_C_CORE
    pos = random_position(random.Random(seed), tricks, kind)
    assert solve(pos) == solve_python(pos)


def test_search_features_never_change_a_value(c_core: object) -> None:
    """Killer moves and the table's move first change the node counts only."""
    rng = random.Random(17)
    kinds = [C, S, H, D, G, G, N]
    for i in range(150):
        pos = random_position(rng, 4 + i % 7, kind=kinds[i % len(kinds)])
        old = solve_detailed(pos, features=FEATURES_V1)
        assert solve_detailed(pos, features=FEATURES_ALL).value == old.value, pos
        for target in (old.value, old.value + 1, 61):
            assert (declarer_reaches_detailed(pos, target, features=FEATURES_ALL).value
                    == declarer_reaches_detailed(pos, target, features=FEATURES_V1).value), (
                        pos, target)
        assert (move_values_detailed(pos, features=FEATURES_ALL).values
                == move_values_detailed(pos, features=FEATURES_V1).values), pos
        if i < 40 and pos.cards_left() <= 15:
            assert old.value == solve_python(pos), pos


def test_cores_agree_on_random_positions_every_feature(c_core: object) -> None:
    """C (each set of search refinements) and Python: the same exact values, threshold
    answers and schwarz answers on random positions of every size and kind."""
    rng = random.Random(2026)
    kinds = [C, S, H, D, G, N]
    for i in range(90):
        pos = random_position(rng, 2 + i % 5, kind=kinds[i % len(kinds)])
        value = solve_python(pos)
        for features in (FEATURES_V1, 1 | 2 | 4, FEATURES_NO_QUASI, FEATURES_ALL):
            assert solve_detailed(pos, features=features).value == value, (pos, features)
            for target in (value, value + 1, 31, 61, 90):
                want = 1 if value >= target else 0
                assert declarer_reaches_detailed(pos, target, features=features).value == want
        if pos.kind != N:
            want_all = declarer_takes_all(pos, python=True)
            assert declarer_takes_all(pos) is want_all, pos
            if pos.cards_left() <= 9:
                assert want_all is takes_all_minimax(pos), pos


def test_structure_table_keeps_every_value_and_saves_nodes(c_core: object) -> None:
    """The structure table (QUASI) carries bounds between positions whose cards lie
    alike but are worth other points: on full deals of every suit and grand it gives
    the same exact values, threshold answers and move values as the exact table,
    in far fewer nodes."""
    rng = random.Random(31)
    with_table = without = 0
    for i in range(30):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = (mask_of(deck[0:10]), mask_of(deck[10:20]), mask_of(deck[20:30]))
        pos = Position((C, S, H, D, G)[i % 5], hands, i % 3, rng.randrange(3))
        exact = solve_detailed(pos, features=FEATURES_NO_QUASI)
        quasi = solve_detailed(pos, features=FEATURES_ALL)
        assert quasi.value == exact.value, pos
        with_table += quasi.nodes
        without += exact.nodes
        for target in (exact.value, exact.value + 1, 61, 90):
            assert (declarer_reaches_detailed(pos, target, features=FEATURES_ALL).value
                    == declarer_reaches_detailed(pos, target, features=FEATURES_NO_QUASI).value)
        if i % 5 == 0:
            assert (move_values_detailed(pos, features=FEATURES_ALL).values
                    == move_values_detailed(pos, features=FEATURES_NO_QUASI).values), pos
    assert with_table * 2 < without


def test_takes_all_matches_minimax_on_small_positions() -> None:
    for pos in small_positions():
        want = takes_all_minimax(pos)
        assert declarer_takes_all(pos, python=True) is want, pos
        assert declarer_takes_all(pos) is want, pos


def test_takes_all_counts_tricks_not_points() -> None:
    # grand, declarer leads: he holds every point, but the defender's blank trick is
    # lost whatever he does (the eights cannot be beaten by his sevens)
    pos = Position(G, hands("CJ C7", "SJ C8", "S7 S8"), declarer=0, leader=0)
    assert solve(pos) == 4 and not declarer_takes_all(pos)
    assert not declarer_takes_all(pos, python=True)
    sure = Position(G, hands("CJ SJ", "C7 C8", "S7 S8"), declarer=0, leader=0)
    assert declarer_takes_all(sure) and declarer_takes_all(sure, python=True)
    r = declarer_takes_all_detailed(sure)
    assert r.value == 1 and r.nodes > 0


def test_v1_features_search_as_the_first_c_core(c_core: object) -> None:
    """FEATURES_V1 visits node for node what the C core of API version 2 visited,
    so that the ``expert-v1`` level decides as the first Expert did."""
    rng = random.Random(1)  # the first deals of `bench solver`
    first = []
    for _ in range(4):
        deck = list(range(32))
        rng.shuffle(deck)
        masks = [mask_of(deck[10 * s : 10 * s + 10]) for s in range(3)]
        first.append(Position(rng.randrange(5), (masks[0], masks[1], masks[2]),
                              rng.randrange(3), 0))
    recorded = {0: (4, 142211), 1: (0, 36492), 3: (43, 291972)}
    for i, (value, nodes) in recorded.items():
        r = solve_detailed(first[i], features=FEATURES_V1)
        assert (r.value, r.nodes) == (value, nodes)
        assert solve_detailed(first[i]).value == value


def test_equivalent_cards_share_a_value(c_core: object) -> None:
    # clubs game: the declarer's three jacks are neighbours in the trump order
    pos = Position(C, hands("CJ SJ HJ HA", "C7 C8 C9 S7", "S8 S9 SQ SK"), declarer=0, leader=0)
    values = move_values(pos)
    jacks = [values[c] for c in cards("CJ SJ HJ")]
    assert len(set(jacks)) == 1
    assert values == move_values(pos, python=True)
    assert max(values.values()) == solve(pos)


# ------------------------------------------------------------ the C core's tables

def test_c_tables_match_the_rules(c_core: Any) -> None:
    core = c_core
    for kind in range(7):
        for c0 in range(32):
            for c1 in range(32):
                if c1 == c0:
                    continue
                for c2 in range(0, 32, 3):
                    if c2 in (c0, c1):
                        continue
                    assert core.trick_winner(kind, c0, c1, c2) == trick_winner(kind, (c0, c1, c2))
    rng = random.Random(5)
    for kind in range(7):
        for _ in range(300):
            hand = mask_of(rng.sample(range(32), rng.randint(1, 10)))
            lead = rng.randrange(32)
            assert core.legal_mask(kind, hand, lead) == legal_mask(kind, hand, lead)
            assert core.legal_mask(kind, hand, -1) == hand
            assert core.mask_points(hand) == points_of(hand)
    assert core.mask_points((1 << 32) - 1) == sum(CARD_POINTS) == 120


def test_c_core_rejects_bad_input(c_core: Any) -> None:
    core = c_core
    ok = (G, 0b1, 0b10, 0b100, 0, 0, (), 0, 0, 0, 0.0, 0)
    assert core.search(*ok)[2] is True
    bad = [
        (G, 0b1, 0b1, 0b100, 0, 0, (), 0, 0, 0, 0.0, 0),  # a shared card
        (G, 0b11, 0b10, 0b100, 0, 0, (), 0, 0, 0, 0.0, 0),  # a shared card
        (G, 0b11, 0b10000, 0b100, 0, 0, (), 0, 0, 0, 0.0, 0),  # sizes 2, 1, 1
        (G, 1 << 32, 0b10, 0b100, 0, 0, (), 0, 0, 0, 0.0, 0),  # not a 32-bit mask
        (G, -1, 0b10, 0b100, 0, 0, (), 0, 0, 0, 0.0, 0),
        (7, 0b1, 0b10, 0b100, 0, 0, (), 0, 0, 0, 0.0, 0),  # no such kind
        (6, 0b1, 0b10, 0b100, 0, 0, (), 0, 0, 0, 0.0, 0),  # ramsch is not solved
        (G, 0b1, 0b10, 0b100, 3, 0, (), 0, 0, 0, 0.0, 0),  # no such seat
        (G, 0b1, 0b10, 0b100, 0, -1, (), 0, 0, 0, 0.0, 0),
        (G, 0b1, 0b10, 0b100, 0, 0, (3, 4, 5), 0, 0, 0, 0.0, 0),  # three trick cards
        (G, 0b1, 0b10, 0b100, 0, 0, (1,), 0, 0, 0, 0.0, 0),  # trick card also held
        (G, 0b1, 0b10, 0b100, 0, 0, (40,), 0, 0, 0, 0.0, 0),  # no such card
        (G, 0b1, 0b10, 0b100, 0, 0, (), 9, 0, 0, 0.0, 0),  # no such mode
        (G, 0b1, 0b10, 0b100, 0, 0, (), 0, 0, -1, 0.0, 0),  # negative budget
        (G, 0b1, 0b10, 0b100, 0, 0, (), 0, 0, 0, -1.0, 0),  # negative time
        (G, 0b1, 0b10, 0b100, 0, 0, (), 0, 0, 0, float("nan"), 0),
        (G, 0b1, 0b10, 0b100, 0, 0, (), 0, 0, 0, 0.0, 1 << 8),  # no such search feature
    ]
    for args in bad:
        with pytest.raises(ValueError):
            core.search(*args)
    with pytest.raises(TypeError):
        core.search(G, "1", 0b10, 0b100, 0, 0, (), 0, 0, 0, 0.0, 0)
    with pytest.raises(TypeError):
        core.search(G, 1, 2, 4, 0, 0, [], 0, 0, 0, 0.0, 0)
    with pytest.raises(ValueError):
        core.move_values(G, 0b1, 0b1, 0b100, 0, 0, (), 0, 0.0, 0)
    with pytest.raises(RuntimeError):
        core.init_tables(bytes(7 * 32), bytes(7 * 32), bytes(32))  # other tables
    with pytest.raises(ValueError):
        core.init_tables(b"", b"", b"")


def test_position_validates() -> None:
    good = hands("CA", "C7", "C8")
    with pytest.raises(ValueError):
        Position(G, hands("CA", "CA", "C8"), 0, 0)
    with pytest.raises(ValueError):
        Position(G, hands("CA CT", "C7", "C8"), 0, 0)
    with pytest.raises(ValueError):
        Position(GameKind.RAMSCH, good, 0, 0)
    with pytest.raises(ValueError):
        Position(G, good, 3, 0)
    with pytest.raises(ValueError):
        Position(G, good, 0, 0, trick=cards("CA"))  # held and played
    with pytest.raises(ValueError):
        Position(G, good, 0, 0, trick=cards("D7"))  # seat 0 played but holds as many
    assert Position(G, hands("", "C7", "C8"), 0, 0, trick=cards("CA")).to_move() == 1
    with pytest.raises(TypeError):
        solve("not a position")  # type: ignore[arg-type]


# ------------------------------------------------------------ budgets, threads, fallback

@pytest.mark.parametrize("python", [True, False])
def test_node_budget(python: bool) -> None:
    assert python or solver.HAVE_C_CORE
    rng = random.Random(3)
    pos = random_position(rng, 8, kind=G)
    with pytest.raises(SearchBudgetExceeded) as info:
        solve(pos, python=python, max_nodes=50)
    assert info.value.nodes > 50
    with pytest.raises(SearchBudgetExceeded):
        move_values(pos, python=python, max_nodes=50)
    with pytest.raises(ValueError):
        solve(pos, python=python, max_nodes=0)
    small = random_position(rng, 2, kind=G)
    assert solve(small, python=python, max_nodes=10_000) == minimax(small)


@pytest.mark.parametrize("python", [True, False])
def test_time_budget(python: bool) -> None:
    assert python or solver.HAVE_C_CORE
    # a full deal that takes the C core over a million nodes: far more than
    # half a millisecond on any machine
    pos = Position(
        H,
        hands(
            "SJ DA DK DQ D8 CT ST SK S9 HQ",
            "CJ DJ DT D9 CK CQ C9 S8 H9 H7",
            "HJ D7 C8 SA SQ S7 HA HT HK H8",
        ),
        declarer=1,
        leader=1,
    )
    with pytest.raises(SearchBudgetExceeded):
        solve(pos, python=python, max_seconds=0.0005)
    with pytest.raises(SearchBudgetExceeded):
        move_values(pos, python=python, max_seconds=0.0005)
    with pytest.raises(ValueError):
        solve(pos, python=python, max_seconds=0)
    small = random_position(random.Random(4), 2, kind=G)
    assert solve(small, python=python, max_seconds=60.0) == minimax(small)


def test_searches_in_threads_agree(c_core: object) -> None:
    rng = random.Random(8)
    positions = [random_position(rng, 6, kind=rng.choice([C, G, N])) for _ in range(12)]
    expected = [solve(p) for p in positions]
    results: dict[int, int] = {}

    def work(i: int) -> None:
        results[i] = solve(positions[i])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(positions))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [results[i] for i in range(len(positions))] == expected


def test_fallback_when_c_core_disabled(monkeypatch: pytest.MonkeyPatch) -> None:
    pos = Position(S, hands("SJ HA", "C7 C8", "ST SA"), declarer=0, leader=2)
    monkeypatch.setattr(solver, "_core", None)
    result = solve_detailed(pos)
    assert result.value == 12 and result.nodes > 0
    assert declarer_reaches(pos, 12) and not declarer_reaches(pos, 13)
    assert move_values(pos) == {parse_cards("ST")[0]: 12, parse_cards("SA")[0]: 13}


def test_a_stale_c_core_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    import skatgame.ai

    stale = types.ModuleType("skatgame.ai._csolver")  # built from older source: no API_VERSION
    monkeypatch.setitem(sys.modules, "skatgame.ai._csolver", stale)
    monkeypatch.setattr(skatgame.ai, "_csolver", stale, raising=False)
    with pytest.warns(RuntimeWarning, match="older source"):
        assert solver._load_core() is None


def test_package_imports_without_the_extension() -> None:
    code = (
        "import sys; sys.modules['skatgame.ai._csolver'] = None\n"
        "from skatgame.ai import solver\n"
        "from skatgame.engine.cards import mask_of\n"
        "assert not solver.HAVE_C_CORE\n"
        "p = solver.Position(4, (mask_of([6]), mask_of([0]), mask_of([1])), 0, 0)\n"
        "print(solver.solve(p))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "11"


# ------------------------------------------------------------ the solve command

def run_solve(stdin: str, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "skatgame", "solve", *options],
        input=stdin, cwd=REPO, capture_output=True, text=True, timeout=120,
    )


def test_solve_command() -> None:
    lines = [
        "S 2 | SJ HA | C7 C8 | ST SA",
        "G 1 | SA ST | HA S7 | H8 S8",
        "N 0 | C7 | CA | C8",
        "n 0 | CA | C7 | C8",
        "G 0 | CJ SJ CA CT C9 SA ST HA HT DA | HJ DJ CK CQ C8 SK SQ HK HQ DK"
        " | C7 S9 S8 S7 H9 H8 H7 DT DQ D9",
    ]
    full = Position(G, hands(*[p for p in lines[4].split("|")[1:]]), 0, 0)
    for options in ((), ("--python",)):
        if options == ("--python",):
            lines = lines[:4]  # keep the pure-Python run short
        out = run_solve("\n".join(lines) + "\n", *options)
        assert out.returncode == 0, out.stderr
        expected = ["12", "11", "1", "0"] + ([str(solve(full))] if len(lines) > 4 else [])
        assert out.stdout.split() == expected
        assert out.stderr == ""


def test_solve_command_reports_bad_lines() -> None:
    stdin = "\n".join([
        "S 2 | SJ HA | C7 C8 | ST SA",
        "X 0 | C7 | CA | C8",
        "G 0 | C7 C8 | CA | C9",
        "",
        "G 0 | C7 | C7 | C8",
        "G 0 | CX | CA | C8",
        "G 5 | C7 | CA | C8",
        "G 0 | C7 | CA",
        "# a comment",
        "N 0 | C7 | CA | C8",
    ]) + "\n"
    out = run_solve(stdin)
    assert out.returncode != 0
    assert out.stdout.split() == ["12", "1"]
    assert "Traceback" not in out.stderr
    err_lines = out.stderr.strip().splitlines()
    assert [e.split(":")[0] for e in err_lines] == [
        "line 2", "line 3", "line 5", "line 6", "line 7", "line 8",
    ]
    assert "unknown game" in err_lines[0]
    assert "same size" in err_lines[1]
    assert "more than one hand" in err_lines[2]


def test_solve_command_survives_binary_garbage() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "skatgame", "solve"],
        input=b"\xff\xfe\x00 G 0\n", cwd=REPO, capture_output=True, timeout=60,
    )
    assert out.returncode != 0
    assert b"line 1" in out.stderr and b"Traceback" not in out.stderr


def test_solve_command_skips_a_byte_order_mark_and_shortens_long_tokens() -> None:
    out = run_solve("\ufeffS 2 | SJ HA | C7 C8 | ST SA\n"
                    "G " + "1" * 5000 + " | C7 | CA | C8\n"
                    "\ufeffG 0 | C7 | CA | C8\n")  # a BOM only counts before the first line
    assert out.stdout.split() == ["12"]
    err = out.stderr.strip().splitlines()
    assert [e.split(":")[0] for e in err] == ["line 2", "line 3"]
    assert len(err[0]) < 200 and "Traceback" not in out.stderr
