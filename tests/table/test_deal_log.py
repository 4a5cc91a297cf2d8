"""The deal's log, read from a seat's fold: every part of the deal in words, and never a
card the seat may not know."""

from __future__ import annotations

import random

import pytest

from skatgame.engine.actions import PASS, Bid, Declare, Discard
from skatgame.engine.cards import cards_of
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.events import KontraSaid, TrickWon
from skatgame.engine.options import RuleOptions
from skatgame.engine.seats import SEATS, Seat
from skatgame.table.dealog import LogLine, deal_log
from skatgame.table.i18n import Translator
from skatgame.table.labels import Sign
from skatgame.table.seatview import EVERYONE, WATCHER, Viewer, fold, seat_events, table_of
from skatgame.table.texts import card_parts, signed
from tests.table.test_seatview import choose

NAMES = ("Vera", "Mia", "Hinz")


def words(line: LogLine) -> str:
    t = line.text
    return t if isinstance(t, str) else "".join(
        "♣♠♥♦"[p.suit] if isinstance(p, Sign) else p for p in t)


def log_of(deal: Deal, viewer: Viewer, lang: str = "en") -> list[str]:
    tr = Translator(lang).tr

    def about(key: str, seat: int, **fmt: object) -> str:
        if seat == viewer:
            return tr(f"{key}.you", **fmt)
        return tr(key, player=NAMES[seat], **fmt)

    return [words(x) for x in deal_log(table_of(deal, viewer), tr, about,
                                       lambda s: NAMES[s])]


def card(c: int) -> str:
    sign, index = card_parts(c, "french", False)
    return "♣♠♥♦"[sign.suit] + index


def played_deal(seed: int) -> Deal:
    """A deal of seed ``seed``: middlehand bids 18 and wins, picks up the skat, puts away
    his two lowest cards and plays the suit game of clubs; then random cards to the end."""
    rng = random.Random(seed)
    deal = Deal.from_seed(seed)
    deal.apply(Bid(18))  # middlehand to forehand
    deal.apply(PASS)  # forehand gives way
    deal.apply(PASS)  # rearhand too
    assert deal.declarer == Seat(1)
    deal.apply(deal.legal_actions()[0] if deal.phase is not Phase.SKAT else
               next(a for a in deal.legal_actions() if not isinstance(a, Declare)))
    assert deal.phase is Phase.DISCARD
    hand = cards_of(deal.hands[1])
    deal.apply(Discard((hand[0], hand[1])))
    from skatgame.engine.actions import Contract
    from skatgame.engine.rules import GameKind

    deal.apply(Declare(Contract(GameKind.CLUBS)))
    while not deal.done:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def test_the_log_tells_the_whole_deal_in_order() -> None:
    deal = played_deal(4)
    log = log_of(deal, Seat(0))
    assert log[0] == "Auction"
    assert log[1:4] == ["Mia: 18", "Vera: Pass", "Hinz: Pass"]
    assert "Mia plays for 18" in log
    assert log.index("Skat") < log.index("Game") < log.index("Tricks") < log.index("Result")
    assert "Mia picks up the skat" in log and "Mia puts two cards away" in log
    assert "Mia plays ♣ Clubs" in log
    tricks = [e for e in deal.events if isinstance(e, TrickWon)]
    lines = [x for x in log if x[:1].isdigit()]
    assert len(lines) == len(tricks) == 10
    for n, (line, t) in enumerate(zip(lines, tricks, strict=True), 1):
        assert line.startswith(f"{n}. ")
        for c in t.cards:
            assert card(c) in line
        taker = "you take" if t.seat == Seat(0) else f"{NAMES[t.seat]} takes"  # the viewer
        assert line.endswith(f"{taker} it ({t.points} points)")
    r = deal.result
    assert r is not None
    assert log[-2].startswith("Mia wins" if r.won else "Mia loses")
    assert log[-1] == f"On the list: {signed(r.value)}"
    assert any(x.endswith(f"you take it ({t.points} points)") for x, t in
               zip(lines, tricks, strict=True) if t.seat == Seat(0))  # "You takes it" once


def test_the_put_away_cards_are_named_to_the_declarer_alone() -> None:
    deal = played_deal(4)
    skat = cards_of(deal.skat)  # what lies in the skat at the end: what he put away
    own = log_of(deal, Seat(1))
    line = next(x for x in own if x.startswith("You put away"))
    assert all(card(c) in line for c in skat)
    assert any(x.startswith("You pick up the skat: ") for x in own)
    for viewer in (Seat(0), Seat(2), WATCHER):
        log = log_of(deal, viewer)
        assert "Mia puts two cards away" in log
        assert not any("puts away" in x or "skat:" in x for x in log)


@pytest.mark.parametrize("seed", range(40))
def test_the_log_never_names_a_card_before_the_seat_may_know_it(seed: int) -> None:
    """Folded event by event, the log names only cards the viewer has seen: his own,
    those played or laid open, and (the declarer) the skat he picked up."""
    rng = random.Random(seed)
    rules = RuleOptions(ramsch=seed % 2 == 0, schieberamsch=seed % 4 == 0, kontra=True)
    deal = Deal.from_seed(seed, rules)
    events = seat_events(deal, list(deal.events), Seat(0))
    known: set[int] = set()
    de = Translator("de").tr
    while not deal.done:
        action, seat = choose(deal, rng)
        new = deal.apply(action, seat)  # type: ignore[arg-type]
        events += seat_events(deal, new, Seat(0))
        table = fold(Seat(0), events)
        known |= {c for c in table.faces if c is not None}
        for line in deal_log(table, de, lambda key, s, **f: de(key, player=NAMES[s], **f),
                             lambda s: NAMES[s]):
            parts = line.text if isinstance(line.text, tuple) else ()
            for i, p in enumerate(parts):
                index = parts[i + 1] if i + 1 < len(parts) else " "
                if isinstance(p, Sign) and not str(index).startswith(" "):  # a card
                    assert any(card_parts(c, "french", False) == (p, index) for c in known)
    assert table_of(deal, Seat(0)).log == fold(Seat(0), events).log


def test_everyone_and_the_german_log() -> None:
    deal = played_deal(9)
    log = log_of(deal, EVERYONE, "de")
    assert log[:2] == ["Reizen", "Mia: 18"]
    assert "Mia spielt für 18" in log and "Stiche" in log
    assert any(x.startswith("Mia drückt ") for x in log)  # everyone: the skat is named
    assert all(seat in SEATS for seat in (0, 1, 2))


def clubs_hand_deal() -> Deal:
    """Seed 4 with Kontra: Middlehand bids 18, wins and declares clubs from the hand."""
    from skatgame.engine.actions import Contract
    from skatgame.engine.rules import GameKind

    deal = Deal.from_seed(4, RuleOptions(kontra=True, kontra_needs_bid=False))
    deal.apply(Bid(18))
    deal.apply(PASS)
    deal.apply(PASS)
    deal.apply(next(a for a in deal.legal_actions() if isinstance(a, Declare)
                    and a.contract == Contract(GameKind.CLUBS, hand=True)))
    return deal


def test_bubbles_say_no_kontra_and_no_re_in_words() -> None:
    """A bare "No" after a declaration left a newcomer guessing: no Kontra, or no Re."""
    from skatgame.engine.actions import KONTRA
    from skatgame.table.seatview import SpeechKind
    from skatgame.table.texts import speech_text

    deal = clubs_hand_deal()
    assert deal.phase is Phase.KONTRA
    first = deal.to_move
    deal.apply(PASS)  # the first defender: no Kontra
    second = deal.to_move
    deal.apply(KONTRA)
    deal.apply(PASS)  # the declarer: no Re
    said = table_of(deal, WATCHER).said
    assert said[first].kind is SpeechKind.NO_KONTRA and said[Seat(1)].kind is SpeechKind.NO_RE
    assert said[second].kind is SpeechKind.KONTRA
    for lang, words in (("en", ("No Kontra", "No Re")), ("de", ("Kein Kontra", "Kein Re"))):
        tr = Translator(lang).tr
        assert (speech_text(said[first], "french", tr),
                speech_text(said[Seat(1)], "french", tr)) == words


def kontra_deal(re: bool) -> Deal:
    """Middlehand plays clubs from the hand; the first defender says no Kontra, the
    second Kontra, the declarer Re (``re``) or no Re; then random cards to the end."""
    from skatgame.engine.actions import KONTRA, RE

    rng = random.Random(3)
    deal = clubs_hand_deal()
    deal.apply(PASS)
    deal.apply(KONTRA)
    deal.apply(RE if re else PASS)
    while not deal.done:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


@pytest.mark.parametrize("re", [False, True])
def test_kontra_no_kontra_and_re_are_logged_in_order(re: bool) -> None:
    """The log left out "No Kontra" and, after a Kontra, "No Re": now every answer after the
    declaration is there, in the order said, and the result line names the Kontra."""
    deal = kontra_deal(re)
    d = deal.declarer
    assert d == Seat(1)
    order = [x for x in log_of(deal, Seat(0)) if x.endswith(("Kontra", " Re"))]
    kontra = next(e for e in deal.events if isinstance(e, KontraSaid))
    assert len(order) == 3, order
    assert order[0].endswith("No Kontra") and order[1] == f"{NAMES[kontra.seat]}: Kontra"
    assert order[2] == ("Mia: Re" if re else "Mia: No Re")
    de = log_of(deal, Seat(0), "de")
    assert sum(x.endswith(("Kein Kontra", "Kontra", "Re")) for x in de) == 3
    assert any("Kein Kontra" in x for x in de)
    r = deal.result
    assert r is not None
    result = next(x for x in log_of(deal, Seat(0)) if x.startswith(("Mia wins", "Mia loses")))
    assert result.endswith(f"{'Re' if re else 'Kontra'}): game value {r.game_value}")


def test_the_result_line_names_value_schneider_and_the_list_change() -> None:
    """The log said "+77" where the panel said +127 (Seeger-Fabian) and Schneider: now it
    names the game value, what marked it and the change on the list of its kind."""
    from skatgame.engine.scoring import seeger_fabian
    from skatgame.table.texts import signed

    tr = Translator("en").tr

    def about(key: str, seat: int, **fmt: object) -> str:
        return tr(key, player=NAMES[seat], **fmt)

    for seed in range(60):
        deal = played_deal(seed)
        r = deal.result
        assert r is not None and r.declarer is not None

        for kind, players in (("plain", 3), ("seeger-fabian", 3), ("seeger-fabian", 4)):
            lines = [words(x) for x in deal_log(table_of(deal, Seat(0)), tr, about,
                                                lambda s: NAMES[s], list_kind=kind,
                                                players=players)]
            result, listed = lines[-2], lines[-1]
            assert result.startswith("Mia wins" if r.won else "Mia loses")
            assert f"game value {r.game_value}" in result
            assert ("(Schneider" in result) == (r.schneider and not r.schwarz)
            assert ("(Schwarz" in result) == r.schwarz
            if kind == "plain":
                assert listed == f"On the list: {signed(r.value)}"
            else:
                change = seeger_fabian(r, players)[r.declarer]
                assert listed.startswith(f"On the list (Seeger-Fabian): {signed(change)}")
                assert listed.endswith("+30" if players == 4 else "+40") != r.won
        if r.won and r.schneider and not r.schwarz:
            break
    else:
        raise AssertionError("no schneider among the seeds")


def claim_at(seed: int, claimant: Seat) -> Deal:
    """A deal of ``seed`` played at random until four tricks are done, then ``claimant``
    claims the rest."""
    from skatgame.engine.actions import CLAIM

    deal = played_deal_until(seed, 4)
    deal.apply(CLAIM, claimant)
    return deal


def played_deal_until(seed: int, tricks: int) -> Deal:
    from skatgame.engine.actions import Contract
    from skatgame.engine.rules import GameKind

    rng = random.Random(seed)
    deal = Deal.from_seed(seed)
    deal.apply(Bid(18))
    deal.apply(PASS)
    deal.apply(PASS)
    deal.apply(next(a for a in deal.legal_actions() if not isinstance(a, Declare)))
    hand = cards_of(deal.hands[1])
    deal.apply(Discard((hand[0], hand[1])))
    deal.apply(Declare(Contract(GameKind.CLUBS)))
    while sum(isinstance(e, TrickWon) for e in deal.events) < tricks:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


@pytest.mark.parametrize("claimant", [Seat(1), Seat(0), Seat(2)])
def test_a_claim_says_to_whom_the_rest_goes(claimant: Seat) -> None:
    """"...go to that side" named no one: the verdict says "to you", "to you and your partner"
    or the names, as fits who claimed and who reads it."""
    from skatgame.engine.events import Claimed

    deal = claim_at(5, claimant)
    valid = next(e for e in deal.events if isinstance(e, Claimed)).valid
    to_declarer = (claimant == Seat(1)) == valid
    for viewer in (Seat(0), Seat(1), Seat(2)):
        for lang in ("en", "de"):
            line = next(x for x in log_of(deal, viewer, lang)
                        if x.startswith(("Rightly", "Wrongly", "Zu Recht", "Zu Unrecht")))
            assert "that side" not in line and "diese Partei" not in line
            assert line.startswith(("Rightly", "Zu Recht") if valid else ("Wrongly", "Zu Un"))
            if to_declarer:
                want = ("you." if lang == "en" else "dich.") if viewer == Seat(1) else "Mia."
            elif viewer == Seat(1):
                want = "Vera and Hinz." if lang == "en" else "Vera und Hinz."
            else:
                want = "you and your partner." if lang == "en" else "euch."
            assert line.endswith(f" {want}"), line
