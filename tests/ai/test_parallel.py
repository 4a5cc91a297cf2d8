"""Worlds solved on several threads decide as on one; the threshold searches per move."""

from __future__ import annotations

import random

import pytest

from skatgame.ai import parallel
from skatgame.ai.levels.beginner import BeginnerPlayer
from skatgame.ai.levels.expert import ExpertPlayer
from skatgame.ai.parallel import map_worlds, set_solver_threads, solver_threads
from skatgame.ai.pimc import choose_card_threaded
from skatgame.ai.solver import (
    HAVE_C_CORE,
    Position,
    move_reaches_detailed,
    move_values,
)
from skatgame.engine.cards import mask_of
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.observation import Observation


def _observations(n: int) -> list[Observation]:
    """Card decisions of suit, grand and null games, early and late in the play."""
    out = []
    players = [BeginnerPlayer(s) for s in range(3)]
    for i in range(60):
        deal = Deal.from_seed(f"threads:{i}")
        stop = 3 * (i % 7)
        while deal.to_move is not None:
            if deal.phase is Phase.PLAY and len(deal.tricks) * 3 + len(deal.trick) >= stop:
                break
            deal.apply(players[deal.to_move].act(deal.observation(deal.to_move)))
        if deal.to_move is not None and deal.phase is Phase.PLAY:
            obs = deal.observation(deal.to_move)
            if len(obs.legal_actions) > 1:
                out.append(obs)
        if len(out) == n:
            break
    return out


@pytest.mark.parametrize("exact", [False, True])
def test_threads_decide_as_one_thread(exact: bool) -> None:
    """Same seed and node budget: the same card, scores and worlds for 1, 2 and 3 threads,
    also when the node total runs out part way through the worlds."""
    assert HAVE_C_CORE
    for obs in _observations(8):
        results = []
        for threads in (1, 2, 3):
            ch = choose_card_threaded(obs, random.Random(5), worlds=10, total_nodes=150_000,
                                      world_nodes=60_000, move_nodes=8_000, exact=exact,
                                      threads=threads)
            results.append((ch.card, ch.worlds, ch.scores, ch.win_probability))
        assert results[0] == results[1] == results[2]
        assert obs.legal_cards() >> results[0][0] & 1


def test_close_decisions_solve_more_worlds() -> None:
    """A close decision adds the close worlds (the same on one thread as on two); a
    gap of 0 never counts as close, and then the choice is the one without them.
    Worlds the second batch cannot solve within their nodes are not counted."""
    assert HAVE_C_CORE
    grew = 0
    for obs in _observations(8):
        def choose(close: int, gap: float, threads: int = 1,
                   obs: Observation = obs) -> tuple[object, ...]:
            ch = choose_card_threaded(obs, random.Random(5), worlds=8, total_nodes=150_000,
                                      world_nodes=60_000, move_nodes=8_000, threads=threads,
                                      close_worlds=close, close_gap=gap)
            assert obs.legal_cards() >> ch.card & 1
            return ch.card, ch.worlds, ch.scores

        plain = choose(0, 0.1)
        assert choose(6, 0.0) == plain
        always = choose(6, 10.0)
        assert always == choose(6, 10.0, threads=2)
        if len(set(plain[2].values())) > 1:  # the worlds tell the cards apart
            assert always[1] >= plain[1]  # worlds too hard for their nodes are not counted
            grew += always[1] > plain[1]
        else:
            assert always[1] == plain[1]
    assert grew


def test_map_worlds_books_in_order_until_the_total_is_spent() -> None:
    def solve(w: int) -> tuple[int, int]:
        return w * 10, 100

    for threads in (1, 2, 4):
        assert list(map_worlds(solve, range(10), total_nodes=350, threads=threads)) == [
            0, 10, 20, 30]
        assert list(map_worlds(solve, range(3), total_nodes=10**6, threads=threads)) == [
            0, 10, 20]


def test_solver_threads_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "_chosen", None)
    monkeypatch.setenv("SKATGAME_SOLVER_THREADS", "3")
    assert solver_threads() == 3
    monkeypatch.setenv("SKATGAME_SOLVER_THREADS", "lots")  # ignored: the default
    monkeypatch.setattr(parallel.os, "cpu_count", lambda: 2)
    assert solver_threads() == 1
    monkeypatch.setattr(parallel.os, "cpu_count", lambda: 8)
    assert solver_threads() == 7
    set_solver_threads(2)
    assert solver_threads() == 2
    set_solver_threads(None)
    assert solver_threads() == 7
    for bad in (0, -1, 1.5):
        with pytest.raises(ValueError):
            set_solver_threads(bad)  # type: ignore[arg-type]


def test_expert_cards_with_threads_match_one_thread() -> None:
    obs = _observations(3)
    one, two = ExpertPlayer("t"), ExpertPlayer("t")
    one.threads, two.threads = 1, 2
    one.card_worlds = two.card_worlds = 6
    one.first_tricks_worlds = two.first_tricks_worlds = 6
    assert [one.act(o) for o in obs] == [two.act(o) for o in obs]


# ------------------------------------------------------------ threshold searches per move

def _random_position(rng: random.Random, tricks: int) -> Position:
    deck = list(range(32))
    rng.shuffle(deck)
    masks = [mask_of(deck[s * tricks : (s + 1) * tricks]) for s in range(3)]
    pos = Position(rng.randrange(6), (masks[0], masks[1], masks[2]), rng.randrange(3),
                   rng.randrange(3))
    for _ in range(rng.randrange(3)):
        after, _, _ = pos.play(rng.choice(pos.legal_moves()))
        assert after is not None
        pos = after
    return pos


def test_move_reaches_agrees_with_move_values_in_both_cores() -> None:
    rng = random.Random(31)
    for i in range(120):
        pos = _random_position(rng, 1 + i % 5)
        values = move_values(pos)
        need = 1 if pos.kind == 5 else rng.randint(-5, 70)
        above, below = (1, 1) if pos.kind == 5 else (rng.randint(40, 95), rng.randint(-3, 35))
        want = {c: (v >= need, v >= (above if v >= need else below)) for c, v in values.items()}
        assert move_reaches_detailed(pos, need, above, below).values == want, pos
        assert move_reaches_detailed(pos, need, above, below, python=True).values == want, pos
        capped = move_reaches_detailed(pos, need, above, below, move_nodes=3).values
        for c, (main, second) in capped.items():
            assert main in (None, want[c][0]) and second in (None, want[c][1])
            assert main is not None or second is None


def test_soft_inference_weighs_the_worlds() -> None:
    """A constant likelihood decides as the uniform worlds do (whatever the constant);
    no weight at all gives no chance; a likelihood that counts only the worlds where
    the next seat holds a given card decides on one thread as on two."""
    from collections.abc import Callable

    from skatgame.ai.pimc import CardChoice
    from skatgame.ai.sampling import World

    for obs in _observations(4):
        def choose(likelihood: Callable[[World], float] | None, threads: int = 1,
                   obs: Observation = obs) -> CardChoice:
            return choose_card_threaded(obs, random.Random(5), worlds=10, total_nodes=150_000,
                                        world_nodes=60_000, move_nodes=8_000, bids=False,
                                        likelihood=likelihood, threads=threads)

        plain = choose(None)
        flat = choose(lambda w: 1.0)
        assert (flat.card, flat.scores, flat.win_chances) == (
            plain.card, plain.scores, plain.win_chances)
        tripled = choose(lambda w: 3.0)
        assert tripled.card == plain.card
        assert tripled.win_chances == pytest.approx(plain.win_chances)
        assert choose(lambda w: 0.0).win_probability is None
        nxt = (obs.seat + 1) % 3
        card = (mask_of(range(32)) & ~obs.hand & ~obs.played).bit_length() - 1

        def holds(w: World, nxt: int = nxt, card: int = card) -> float:
            return 1.0 if w.hands[nxt] >> card & 1 else 0.0

        one, two = choose(holds), choose(holds, threads=2)
        assert (one.card, one.win_chances) == (two.card, two.win_chances)
        assert all(0.0 <= p <= 1.0 for p in one.win_chances.values())
