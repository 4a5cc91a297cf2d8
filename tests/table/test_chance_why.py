"""A hint's chance that moved far since the earlier hint says why, by what the player could
see happen in between (never a hidden card): a void shown, the last trumps gone, a high card
fallen, the points a side took; else that it is an estimate from sampled deals."""

from __future__ import annotations

from collections.abc import Iterator

from skatgame.ai.levels.beginner import BeginnerPlayer
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.observation import Observation
from skatgame.engine.rules import trump_mask
from skatgame.engine.seats import Seat
from skatgame.table.chancewhy import chance_moved_text, rewound
from skatgame.table.i18n import Translator, load_table
from skatgame.table.texts import contract_name
from tests.table.test_hint_words import label_text

EN = Translator("en").tr
DE = Translator("de").tr
NAMES = ("You", "Anna", "Ben")


def name(seat: Seat) -> str:
    return NAMES[seat]


def turns(seed: int, seat: Seat) -> Iterator[Observation]:
    """Seat's observations at each of its turns in the card play of a seeded deal."""
    deal = Deal.from_seed(seed)
    players = [BeginnerPlayer(s) for s in range(3)]
    while deal.to_move is not None:
        s = deal.to_move
        obs = deal.observation(s)
        if s == seat and deal.phase is Phase.PLAY:
            yield obs
        deal.apply(players[s].act(obs))


def played(obs: Observation) -> int:
    return 3 * len(obs.tricks) + len(obs.trick)


def void_between_turns() -> tuple[Observation, Observation, Seat, int]:
    """A seeded position: seat 0's two turns between which another player showed a void
    (the earlier observation, the later, who, which effective suit)."""
    for seed in range(40):
        earlier = None
        for obs in turns(seed, Seat(0)):
            if earlier is not None and obs.contract is not None \
                    and obs.contract.kind <= 3:  # a suit game: trumps are a suit of their own
                then, now = earlier.voids(), obs.voids()
                for s in (1, 2):
                    new = now[s] - then[s]
                    if new:
                        return earlier, obs, Seat(s), min(new)
            earlier = obs
    raise AssertionError("no seeded deal shows a void")


def test_rewinding_an_observation_gives_the_earlier_one() -> None:
    earlier, later, _seat, _suit = void_between_turns()
    back = rewound(later, played(earlier))
    assert back.tricks == earlier.tricks and back.trick == earlier.trick
    assert back.hand == earlier.hand and back.points == earlier.points
    assert back.voids() == earlier.voids()
    assert rewound(later, played(later)) == later


def test_a_void_shown_between_two_hints_is_the_reason() -> None:
    earlier, later, seat, suit = void_between_turns()
    for tr, lang in ((EN, "en"), (DE, "de")):
        text = label_text(chance_moved_text(later, played(earlier), 20, 60, len(earlier.tricks) + 1,
                                            name, 30, "french", False, tr))
        if suit == 4:
            expected = tr("hint.since.void_trump", player=NAMES[seat])
        else:
            expected = tr("hint.since.void", player=NAMES[seat], suit="\x00").replace(
                "\x00", "♣♠♥♦"[suit] + " " + contract_name(suit, "french", tr))
        assert expected in text, (lang, text)
        assert text.startswith("(it was 20% at trick" if lang == "en" else "(in Stich")
        # the generic words of before are gone
        assert "changed it" not in text and "geändert" not in text


def test_at_most_two_facts() -> None:
    for seed in range(6):
        obs_list = list(turns(seed, Seat(1)))
        if len(obs_list) < 3:
            continue
        first, last = obs_list[0], obs_list[-1]
        text = label_text(chance_moved_text(last, played(first), 80, 10, 1, name, 24,
                                            "french", False, EN))
        assert text.count(" and ") <= 1


def test_nothing_seen_says_it_is_an_estimate_from_sampled_deals() -> None:
    obs = next(turns(3, Seat(0)))
    for tr in (EN, DE):
        text = label_text(chance_moved_text(obs, played(obs), 10, 40, 1, name, 30,
                                            "french", False, tr))
        assert tr("hint.since.sampled", n=30) in text
        plain = label_text(chance_moved_text(obs, played(obs), 10, 40, 1, name, 0,
                                             "french", False, tr))
        assert tr("hint.since.sampled_plain") in plain


def test_points_and_high_cards_point_the_way_the_chance_moved() -> None:
    """A chance that rose names what went to the seat's side, one that fell what went to
    the other side; never the other way round."""
    seen = 0
    for seed in range(12):
        obs_list = list(turns(seed, Seat(0)))
        if len(obs_list) < 4 or obs_list[0].contract is None \
                or obs_list[0].contract.kind == 5:  # null: no points
            continue
        first, later = obs_list[0], obs_list[3]
        rose = label_text(chance_moved_text(later, played(first), 10, 60, 1, name, 30,
                                            "french", False, EN))
        fell = label_text(chance_moved_text(later, played(first), 60, 10, 1, name, 30,
                                            "french", False, EN))
        assert "your side took" not in fell and "went to your side" not in fell
        assert "the declarer took" not in rose and "the defenders took" not in rose
        seen += ("your side took" in rose) + ("took" in fell)
    assert seen > 0


def test_the_texts_exist_in_both_languages() -> None:
    keys = ["hint.chance_was", "hint.since.also", "hint.since.void", "hint.since.void_trump",
            "hint.since.trumps_out", "hint.since.fell_ours", "hint.since.fell.declarer",
            "hint.since.fell.defenders", "hint.since.points_ours",
            "hint.since.points.declarer", "hint.since.points.defenders",
            "hint.since.sampled", "hint.since.sampled_plain"]
    for lang in ("en", "de"):
        table = load_table(lang)
        for key in keys:
            assert table.get(key), (lang, key)
    assert "{why}" in load_table("en")["hint.chance_was"]


def test_the_last_trumps_gone_are_named() -> None:
    for seed in range(60):
        obs_list = [o for o in turns(seed, Seat(0))
                    if o.contract is not None and o.contract.kind <= 4]
        for a, b in zip(obs_list, obs_list[1:], strict=False):
            trumps_then = rewound(b, played(a))
            assert b.contract is not None
            t = trump_mask(b.contract.kind)
            if trumps_then.unseen & t and not b.unseen & t:
                text = label_text(chance_moved_text(b, played(a), 20, 60, 1, name, 30,
                                                    "french", False, EN))
                assert "the other hands hold no trumps any more" in text
                return
    raise AssertionError("no seeded deal saw the last trumps go")

