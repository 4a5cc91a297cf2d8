"""Why a hint's win chance moved since the player's earlier hint, in what the table showed.

A hint's chance is an estimate over deals sampled to fit what the seat has seen. When it
moved far between two hints of one card play (the table says so), the reason given is one
or two facts the player could see happen in between, taken from the seat's
:class:`~skatgame.engine.observation.Observation` alone (never a hidden card): a player
showed he holds no more of a suit, the other hands hold no trump any more, an ace or ten
fell to one side, the points a side took. Where none of those explains the move, it says
honestly that the chance is an estimate from sampled deals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from skatgame.engine.cards import CARD_POINTS, Card, Rank, mask_of
from skatgame.engine.events import TrickWon
from skatgame.engine.observation import Observation
from skatgame.engine.rules import TRUMP, GameKind, trump_mask
from skatgame.engine.seats import Seat
from skatgame.table.i18n import Tr, contract_name
from skatgame.table.labels import Label, Sign
from skatgame.table.texts import card_parts

__all__ = ["chance_moved_text", "rewound"]

#: At most this many facts are named (the most telling first).
MOST_FACTS = 2


def rewound(obs: Observation, played: int) -> Observation:
    """``obs`` as it stood when ``played`` cards of the card play had been played: the
    later cards back in their players' hands (the seat's own in ``hand``), the tricks and
    points as they were then."""
    order = _plays(obs)
    if played >= len(order):
        return obs
    full, part = divmod(played, 3)
    tricks = obs.tricks[:full]
    later = order[played:]
    own = mask_of(c for s, c, _led in later if s == obs.seat)
    shown = mask_of(c for s, c, _led in later if s == obs.open_seat)
    points = [0, 0, 0]
    for t in tricks:
        points[t.seat] += t.points
    cards: tuple[Card, ...] = obs.trick
    leader = obs.trick_leader
    if full < len(obs.tricks):
        leader, cards = obs.tricks[full].leader, obs.tricks[full].cards
    return replace(obs, hand=obs.hand | own, open_cards=obs.open_cards | shown,
                   tricks=tricks, trick=cards[:part], trick_leader=leader,
                   points=(points[0], points[1], points[2]), to_move=obs.seat)


def _plays(obs: Observation) -> list[tuple[Seat, Card, Card]]:
    """Every card played in order: (its player, the card, the card that led its trick)."""
    out: list[tuple[Seat, Card, Card]] = []
    tricks: list[tuple[Seat, tuple[Card, ...]]] = [(t.leader, t.cards) for t in obs.tricks]
    if obs.trick:
        tricks.append((obs.trick_leader, obs.trick))
    for leader, cards in tricks:
        out += [(Seat((leader + i) % 3), c, cards[0]) for i, c in enumerate(cards)]
    return out


def _same_side(obs: Observation, seat: int) -> bool:
    """Whether ``seat`` plays on the observing seat's side."""
    declarer = obs.declarer
    return (seat == declarer) == (obs.seat == declarer)


def _others_trumpless(obs: Observation) -> bool:
    """Whether no other hand can hold a trump: none unseen, or both others showed none."""
    assert obs.contract is not None
    trumps = trump_mask(obs.contract.kind)
    if not trumps:
        return False
    voids = obs.voids()
    others = [s for s in range(3) if s != obs.seat]
    return not (obs.unseen & trumps) or all(TRUMP in voids[s] for s in others)


def chance_moved_text(obs: Observation, played: int, was: int, now: int, trick: int,
                      name: Callable[[Seat], str], worlds: int, style: str,
                      german_indices: bool, tr: Tr) -> Label:
    """"(it was 20% at trick 3: Anna showed she has no ♥ Hearts)": the earlier hint's
    chance ``was`` (at ``trick``, when ``played`` cards had been played) and why the
    chance is ``now`` another, by what the seat saw happen since (see the module); a
    move no such fact explains is called an estimate from ``worlds`` sampled deals
    (0: their number unknown). ``name`` names a seat's player."""
    facts = _facts(obs, played, now > was, name, style, german_indices, tr)[:MOST_FACTS]
    if not facts:
        why: tuple[Any, ...] = (tr("hint.since.sampled", n=worlds) if worlds
                                else tr("hint.since.sampled_plain"),)
    else:
        why = facts[0] if len(facts) == 1 else (*facts[0], tr("hint.since.also"), *facts[1])
    return _spliced(tr("hint.chance_was", p=was, trick=trick, why="\x00"), {"\x00": why})


def _facts(obs: Observation, played: int, rose: bool, name: Callable[[Seat], str],
           style: str, german_indices: bool, tr: Tr) -> list[tuple[Any, ...]]:
    """The facts that explain the move, the most telling first: the last trumps gone from
    the other hands, a void shown (hands the samples can no longer deal), then (only where
    they point the way the chance moved) an ace or ten that fell to a side, else the
    points a side took."""
    contract = obs.contract
    if contract is None:
        return []
    before = rewound(obs, played)
    out: list[tuple[Any, ...]] = []
    trumps_out = not _others_trumpless(before) and _others_trumpless(obs)
    if trumps_out:  # says more than a player who could not follow trumps
        out.append((tr("hint.since.trumps_out"),))
    voids_then, voids_now = before.voids(), obs.voids()
    for seat in (s for s in range(3) if s != obs.seat):
        new = sorted(voids_now[seat] - voids_then[seat] - ({TRUMP} if trumps_out else set()))
        if not new:
            continue
        suit = new[0]  # one suit per player is enough
        if suit == TRUMP:
            out.append((tr("hint.since.void_trump", player=name(Seat(seat))),))
        else:
            template = tr("hint.since.void", player=name(Seat(seat)), suit="\x00")
            out.append(_spliced(template, {"\x00": (
                Sign(suit), " ", contract_name(suit, style, tr))}))
    if contract.kind == GameKind.NULL:
        return out
    taken = [t for i, t in enumerate(obs.tricks) if 3 * i + 3 > played]
    high = _high_card(obs, taken, rose, style, german_indices, tr)
    if high is not None:  # the card says it better than the points it brought
        return [*out, high]
    ours = sum(t.points for t in taken if _same_side(obs, t.seat))
    theirs = sum(t.points for t in taken if not _same_side(obs, t.seat))
    you_declare = obs.seat == obs.declarer
    if rose and ours > 0:
        total = sum(p for s, p in enumerate(obs.points) if _same_side(obs, s))
        out.append((tr("hint.since.points_ours", n=ours, total=total),))
    elif not rose and theirs > 0:
        total = sum(p for s, p in enumerate(obs.points) if not _same_side(obs, s))
        side = "defenders" if you_declare else "declarer"
        out.append((tr(f"hint.since.points.{side}", n=theirs, total=total),))
    return out


def _high_card(obs: Observation, taken: list[TrickWon], rose: bool, style: str,
               german_indices: bool, tr: Tr) -> tuple[Any, ...] | None:
    """"the ♠10 fell to your side" / "the declarer took the ♠10": among the tricks
    ``taken`` since, the ace or ten that went to the side the chance moved towards (an
    opponent's card taken first, then the higher; None: no such card)."""
    best: tuple[int, Card, int] | None = None
    for t in taken:
        if _same_side(obs, t.seat) != rose:
            continue
        for i, c in enumerate(t.cards):
            if c & 7 not in (Rank.ACE, Rank.TEN):
                continue
            lost = _same_side(obs, (t.leader + i) % 3) != _same_side(obs, t.seat)
            weight = CARD_POINTS[c] + (20 if lost else 0)
            if best is None or weight > best[0]:
                best = (weight, c, t.seat)
    if best is None:
        return None
    _weight, card, seat = best
    if _same_side(obs, seat):
        key = "hint.since.fell_ours"
    else:
        key = "hint.since.fell.defenders" if obs.seat == obs.declarer \
            else "hint.since.fell.declarer"
    return _spliced(tr(key, card="\x00"), {"\x00": card_parts(card, style, german_indices)})


def _spliced(template: str, parts: dict[str, tuple[Any, ...]]) -> tuple[Any, ...]:
    """``template`` with each mark in ``parts`` replaced by its label parts."""
    out: list[Any] = [template]
    for mark, label in parts.items():
        text = out.pop()
        before, _, after = text.partition(mark)
        out += [before, *label, after]
    return tuple(p for p in out if p != "")
