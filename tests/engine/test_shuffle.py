"""The dealing: a shuffle anyone can re-implement, seeds one deal of which tells nothing
of another, and the old dealing kept for the records written before."""

from __future__ import annotations

import hashlib
import hmac
import random
import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skatgame.engine.cards import iss_name
from skatgame.engine.deal import Deal
from skatgame.engine.series import Series, SeriesError
from skatgame.engine.shuffle import (
    DEALING_PYTHON,
    DEALING_SHA256,
    commitment,
    derived_seed,
    fingerprint,
    shuffle_sha256,
    shuffled,
)
from skatgame.table.seeds import SEED_BITS, fresh_seed
from tests.engine.helpers import play_random


def spec_shuffle(seed: str) -> list[int]:
    """Dealing 2 written again from its description alone."""
    words: list[int] = []
    block = 0

    def word() -> int:
        nonlocal block
        if not words:
            data = b"skatgame-deal-2\n" + seed.encode("utf-8") + b"\n" + struct.pack(">Q", block)
            words.extend(struct.unpack(">8I", hashlib.sha256(data).digest()))
            block += 1
        return words.pop(0)

    deck = list(range(32))
    for i in range(31, 0, -1):
        n = i + 1
        while (w := word()) >= 2**32 - 2**32 % n:
            pass
        deck[i], deck[w % n] = deck[w % n], deck[i]
    return deck


def names(cards: tuple[int, ...] | list[int]) -> str:
    return " ".join(iss_name(c) for c in cards)


def test_known_answers() -> None:
    """Fixed for every Python version and platform: the shuffle is SHA-256 and integers."""
    assert names(shuffle_sha256("")) == (
        "CK SQ HJ DA S9 C9 C8 H7 S8 SA HQ DJ H9 CQ DT HT D8 CJ CT ST HK SK DQ CA C7 D9 SJ H8 "
        "DK S7 D7 HA")
    seed = "00112233445566778899aabbccddeeff"
    assert derived_seed(seed, 0) == \
        "b1c70316f57707ae6532934eecfd91228e0ad93b589d85c9a2e627c15ed3f45c"
    assert commitment("abc") == \
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    assert fingerprint(commitment("abc")) == "ba78 16bf"


@given(st.text(max_size=80))
def test_the_description_gives_the_same_cards(seed: str) -> None:
    assert list(shuffle_sha256(seed)) == spec_shuffle(seed)


def test_the_old_dealing_is_kept() -> None:
    """Dealing 1 (records written before) is Python's Random keys, sorted: as it was."""
    assert names(Deal.from_seed("5:0").cards) == (
        "S9 CK C7 C8 D9 SJ CA SQ C9 S8 H9 CJ CT H7 SK DA HK HJ DT H8 DK CQ HQ S7 HA DJ DQ HT "
        "D8 SA D7 ST")
    r = random.Random("5:0").random
    keys = [r() for _ in range(32)]
    assert list(shuffled("5:0", DEALING_PYTHON)) == sorted(range(32), key=keys.__getitem__)
    with pytest.raises(ValueError, match="unknown dealing"):
        shuffled("x", 3)
    with pytest.raises(SeriesError, match="unknown dealing"):
        Series(dealing=0)


def test_a_list_written_before_deals_and_scores_as_before() -> None:
    """A list without a dealing field is dealing 1: seed:number and the old shuffle."""
    old = Series(deals=6, seed=5, dealing=DEALING_PYTHON)
    rng = random.Random(5)
    for _ in range(3):
        deal = old.next_deal()
        play_random(deal, rng)
        old.record_deal(deal)
    data = old.to_record()
    assert "dealing" not in data and all("dealing" not in d and "commitment" not in d
                                         for d in data["deals"])
    assert data["deals"][0]["seed"] == "5:0"
    assert data["deals"][0]["cards"] == names(Deal.from_seed("5:0").cards).split()
    back = Series.from_record(data)
    assert back.dealing == DEALING_PYTHON and back.rows == old.rows
    assert back.next_deal().cards == Deal.from_seed("5:3").cards


def test_new_lists_derive_each_deal_seed_and_keep_the_commitment() -> None:
    secret = fresh_seed()
    s = Series(deals=6, seed=secret)
    assert s.dealing == DEALING_SHA256
    deal = s.next_deal()
    assert deal.cards == shuffle_sha256(derived_seed(secret, 0))
    play_random(deal, random.Random(1))
    s.record_deal(deal)
    rec = s.records[0]
    assert rec["dealing"] == DEALING_SHA256 and rec["seed"] == derived_seed(secret, 0)
    assert rec["commitment"] == hashlib.sha256(rec["seed"].encode()).hexdigest()
    back = Series.from_record(s.to_record())
    assert back.dealing == DEALING_SHA256 and back.rows == s.rows


def test_a_seed_has_128_bits() -> None:
    seeds = {fresh_seed() for _ in range(50)}
    assert len(seeds) == 50 and SEED_BITS >= 128
    for seed in seeds:
        assert len(seed) * 4 == SEED_BITS and int(seed, 16) >= 0


def test_a_revealed_deal_seed_does_not_give_another_deal() -> None:
    """Deal seeds are HMACs of the list's secret: deal 0's seed (revealed after deal 0)
    neither contains the list's seed nor leads to deal 1's seed; with the old
    ``seed:number`` it did, and a 30-bit list seed could be found from one hand."""
    secret = fresh_seed()
    s = Series(deals=3, seed=secret)
    first, second = s.deal_seed(0), s.deal_seed(1)
    assert secret not in first and first != second
    assert second == hmac.new(secret.encode(), b"deal 1", hashlib.sha256).hexdigest()
    # what one could try from deal 0's seed alone gives other cards than deal 1's
    guesses = [first, first[:-1] + "1", derived_seed(first, 1), derived_seed(first, 0),
               f"{first}:1", commitment(first)]
    assert all(shuffle_sha256(g) != shuffle_sha256(second) for g in guesses)
    # the old dealing: a player's own ten cards find a 30-bit seed by searching
    old = Series(deals=3, seed=12345, dealing=DEALING_PYTHON)
    hand = set(old.next_deal().cards[:10])
    found = next(n for n in range(20000)
                 if set(Deal.from_seed(f"{n}:0").cards[:10]) == hand)
    assert Deal.from_seed(f"{found}:1").cards == Deal.from_seed("12345:1").cards


def test_the_game_new_lists_take_a_secret_seed_and_the_new_dealing() -> None:
    """A new list of the game (no seed chosen): 128 bits from secrets, dealing 2 and its
    seal; a list from a seed chosen as a number deals as it always did."""
    from skatgame.engine.options import ISKO
    from skatgame.table.session import new_session

    def session(seed: int | None) -> Series:
        return new_session("You", deals=3, options=ISKO, list_kind="plain",
                           levels=("beginner", "beginner"), names=("A", "B"),
                           seed=seed).series

    fresh, again = session(None), session(None)
    assert fresh.dealing == DEALING_SHA256 and isinstance(fresh.seed, str)
    assert len(fresh.seed) * 4 >= 128 and fresh.seed != again.seed
    assert fresh.current is not None
    assert fresh.current.cards == shuffle_sha256(derived_seed(fresh.seed, 0))
    chosen = session(5)
    assert chosen.dealing == DEALING_PYTHON
    assert chosen.current is not None
    assert chosen.current.cards == Deal.from_seed("5:0").cards
