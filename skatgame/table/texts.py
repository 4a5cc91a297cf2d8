"""Words for the table: contract names with suit signs, calls, seat roles, game values.

Everything goes through the translator (``tr``); suit games carry a vector
suit sign (:class:`Sign`, drawn by the UI as a vector sign) in front of their name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skatgame.ai.reasons import HintReason
from skatgame.engine.actions import Contract
from skatgame.engine.cards import CARD_POINTS, RANK_INDICES, SUIT_SYMBOLS, Mask
from skatgame.engine.rules import GameKind
from skatgame.engine.scoring import DealResult, GameValue, game_value, null_value
from skatgame.engine.seats import SEATS, Seat
from skatgame.table.i18n import (
    GERMAN_SUIT_DECKS,
    Tr,
    contract_name,
    contract_words,
    deck_text,
)
from skatgame.table.labels import Label, Sign
from skatgame.table.seatview import SeatTable, Speech, SpeechKind

if TYPE_CHECKING:
    from skatgame.engine.options import RuleOptions


ROLE_KEYS = ("seat.forehand", "seat.middlehand", "seat.rearhand")


def contract_label(contract: Contract, style: str, tr: Tr, *, modifiers: bool = True) -> Label:
    """E.g. (♥) "Hearts Hand Schneider", "Grand", "Null Ouvert"."""
    parts: list[str | Sign] = []
    if contract.kind <= GameKind.DIAMONDS:
        parts += [Sign(int(contract.kind)), " "]
    if modifiers:
        parts.append(contract_words(int(contract.kind), style, tr, hand=contract.hand,
                                    schneider=contract.schneider, schwarz=contract.schwarz,
                                    ouvert=contract.ouvert))
    else:
        parts.append(contract_name(int(contract.kind), style, tr))
    return tuple(parts)


def call_text(call: int | str, tr: Tr) -> str:
    """A call in the auction: a value, "Yes" or "Pass"."""
    if call == "y":
        return tr("auction.yes")
    if call == "p":
        return tr("auction.pass")
    return str(call)


def role_text(seat: int, tr: Tr) -> str:
    return tr(ROLE_KEYS[seat])


def speech_text(speech: Speech, style: str, tr: Tr) -> Label:
    """What a speech bubble says: a bid, "Yes, 20" (what was held), "Pass", "No Kontra",
    "No Re", "takes the skat", "pushes", the game declared, "Kontra", "Re"."""
    kind = speech.kind
    if kind is SpeechKind.BID:
        return call_text(speech.value, tr)
    if kind is SpeechKind.HOLD:  # what was held: "Yes, 20"
        return tr("auction.yes_value", value=speech.value) if speech.value else \
            call_text("y", tr)
    if kind is SpeechKind.PASS:
        return call_text("p", tr)
    if kind is SpeechKind.DECLARES and speech.contract is not None:
        return contract_label(speech.contract, style, tr)
    return tr(_SPEECH_KEYS[kind])


_SPEECH_KEYS = {SpeechKind.NO_KONTRA: "table.no_kontra", SpeechKind.NO_RE: "table.no_re",
                SpeechKind.TAKES_SKAT: "table.takes_skat", SpeechKind.PUSHES: "table.pushes",
                SpeechKind.KONTRA: "game.kontra", SpeechKind.RE: "game.re",
                SpeechKind.DECLARES: "game.declarer"}


_LEVEL_KEYS = {
    "game": "value.game", "hand": "value.hand", "schneider": "value.schneider",
    "schneider announced": "value.schneider_announced", "schwarz": "value.schwarz",
    "schwarz announced": "value.schwarz_announced", "ouvert": "value.ouvert",
}


def level_lines(gv: GameValue, tr: Tr) -> list[tuple[str, int]]:
    """The levels of a game value, each with the running level: ("with 2", 2), ("game", 3)..."""
    out: list[tuple[str, int]] = []
    total = 0
    for name, n in gv.levels:
        total += n
        if name.startswith("with"):
            key = "value.with" if gv.matadors > 0 else "value.without"
            out.append((tr(key, n=abs(gv.matadors)), total))
        else:
            out.append((tr(_LEVEL_KEYS.get(name, name)), total))
    return out


def explain_levels(gv: GameValue, tr: Tr, short: bool = False) -> str:
    """The levels of a value: "with 2, game 3, hand 4"; ``short``: an announcement
    follows its level as "announced" alone ("schneider 5, announced 6")."""
    parts = []
    announced = {tr("value.schneider_announced"), tr("value.schwarz_announced")}
    for i, (text, total) in enumerate(level_lines(gv, tr)):
        if short and text in announced:
            text = tr("value.announced_short")
        parts.append(text if i == 0 else f"{text} {total}")
    return ", ".join(parts)


def compact_levels(gv: GameValue, tr: Tr) -> str:
    """The levels of a value from the first to the last, for a row too narrow for all of
    them: "with 1 up to ouvert 8" (as :func:`explain_levels` where there are two at most)."""
    lines = level_lines(gv, tr)
    if len(lines) < 3:
        return explain_levels(gv, tr)
    (first, _), (last, total) = lines[0], lines[-1]
    return tr("value.levels_compact", first=first, last=f"{last} {total}")


def explain_value(gv: GameValue, tr: Tr) -> str:
    """E.g. "with 2, game 3, hand 4 × 12 = 48" in the player's language."""
    return tr("value.explained", levels=explain_levels(gv, tr), base=gv.base, value=gv.value)


@dataclass(frozen=True)
class Offer:
    """A contract as offered in the declare dialog: its value and how it is made up."""

    contract: Contract
    value: int
    explanation: str
    below_bid: bool
    levels: str = ""  # the explanation in two halves, for two lines: "with 2, game 3"
    product: str = ""  # and "× 12 = 36"
    short_levels: str = ""  # the levels with "announced" alone after schneider, schwarz
    short: str = ""  # and the explanation with them
    compact: str = ""  # the explanation with the first and the last level only


def offer(contract: Contract, cards: Mask, bid: int, tr: Tr, grand_base: int = 24) -> Offer:
    """The value of ``contract`` over the cards the declarer knows, before play."""
    if contract.kind == GameKind.NULL:
        v = null_value(contract)
        return Offer(contract, v, tr("value.null", value=v), v < bid)
    gv = game_value(contract, cards, grand_base=grand_base)
    short = explain_levels(gv, tr, short=True)
    return Offer(contract, gv.value, explain_value(gv, tr), gv.value < bid,
                 explain_levels(gv, tr), f"× {gv.base} = {gv.value}", short,
                 tr("value.explained", levels=short, base=gv.base, value=gv.value),
                 tr("value.explained", levels=compact_levels(gv, tr), base=gv.base,
                    value=gv.value))


def worth_label(contract: Contract, hand: Mask, style: str, tr: Tr,
                grand_base: int = 24) -> Label:
    """What a hand is worth as ``contract``, matadors over its cards: "♣ Clubs with 2:
    game 3 × 12 = 36", "Grand with 1: game 2 × 24 = 48", "Null: fixed value 23"."""
    label = contract_label(contract, style, tr)
    head = label if isinstance(label, tuple) else (label,)
    if contract.kind == GameKind.NULL:
        return (*head, ": ", tr("value.null", value=null_value(contract)))
    gv = game_value(contract, hand, grand_base=grand_base)
    lines = level_lines(gv, tr)
    rest = ", ".join(f"{text} {total}" for text, total in lines[1:])
    return (*head, " ", lines[0][0], ": ", f"{rest} × {gv.base} = {gv.value}")


def _limit_words(advice: object, contract: Contract, hand: Mask, tr: Tr,
                 grand_base: int, short: bool = False) -> str:
    """"worth bidding up to 144" (with the skat's part where the limit needs it), in the
    bidding helper's words (``short``: "bid up to 144", for a narrow line)."""
    limit = getattr(advice, "max_bid", 0)
    shown = null_value(contract) if contract.kind == GameKind.NULL else \
        game_value(contract, hand, grand_base=grand_base).value
    key = ("bidhelp.up_to_skat" if limit > shown else
           "bidhelp.up_to_depends" if getattr(advice, "needs_skat", False) else
           "bidhelp.up_to")
    return tr(f"{key}_short" if short else key, value=limit)


def bid_hint_text(action: object, advice: object, hand: Mask, style: str, tr: Tr,
                  grand_base: int = 24, short: int = 0) -> Label | None:
    """A hint in the auction in the bidding helper's terms: "Bid 18 for Grand Hand with 4:
    worth bidding up to 144, win chance 96%", "Pass: hand too weak to play".

    ``advice`` is the helper's :class:`~skatgame.ai.advice.BidAdvice`; ``None`` when the
    hint and the advice do not fit together (the caller keeps its own words). ``short``
    (for a narrow place, as the helper's own line gives way): 1 without the chance, 2
    without the game's level too ("Bid 18 for Grand Hand: worth bidding up to 144")."""
    from skatgame.engine.actions import Bid, Hold, Pass

    limit = getattr(advice, "max_bid", 0) or 0
    contract = getattr(advice, "contract", None)
    if isinstance(action, Pass):
        # the helper's own words: its line says "hand too weak to play: pass"
        return (tr("auction.pass"), ": ", tr("hint.too_weak")) if not limit else None
    if isinstance(action, Bid):
        head: Label = tr("auction.bid_value", value=action.value)
        if action.value > limit:
            return None
    elif isinstance(action, Hold):
        head = tr("auction.hold")
    else:
        return None
    if contract is None or not limit:
        return None
    label = contract_label(contract, style, tr)
    parts: list[Any] = [head, " ", tr("hint.for_game"), " ",
                   *(label if isinstance(label, tuple) else (label,))]
    if contract.kind != GameKind.NULL and short < 2:
        parts += [" ", level_lines(game_value(contract, hand, grand_base=grand_base), tr)[0][0]]
    # the limit as the helper's line gives it (that line says what the skat must do)
    parts += [": ", tr("bidhelp.up_to", value=limit)]
    p = getattr(advice, "win_probability", None)
    if p is not None and not short:
        parts += [", ", tr("bidhelp.chance", p=round(100 * p))]
    return tuple(parts)


#: between the parts of the bidding helper's line
HELP_SEPARATOR = "  ·  "


def bid_help_label(contract: Contract, hand: Mask, style: str, tr: Tr, grand_base: int = 24,
                   *, advice: object = None, waiting: bool = False,
                   short: bool = False) -> Label:
    """The bidding helper's line: the game and its value, then the Expert's chance and
    how high to bid once ``advice`` (a :class:`~skatgame.ai.advice.BidAdvice`) is there;
    ``waiting``: it is still being worked out, and the line names no game yet.

    The advice is the line's one source: it names the game the limit is reckoned with
    (``contract`` should be ``advice.contract``), so the value, the chance and the limit
    are about one game, and no game counted off the cards comes first to be contradicted
    by it (``contract`` alone: no advice can be had, the game by counting). A limit that
    needs the skat's help says so. ``short``: the advice in fewer words ("bid up to 18,
    skat permitting"), for a line too narrow for the whole of it."""
    if advice is None and waiting:
        return (tr("bidhelp.thinking"),)
    parts: list[Any] = list(worth_label(contract, hand, style, tr, grand_base))
    if advice is not None:
        p = getattr(advice, "win_probability", None)
        limit = getattr(advice, "max_bid", 0)
        if getattr(advice, "contract", None) is None or not limit:
            parts += [HELP_SEPARATOR, tr("bidhelp.pass_short" if short else "bidhelp.pass")]
        else:
            if p is not None:
                parts += [HELP_SEPARATOR, tr("bidhelp.chance", p=round(100 * p))]
            # the skat must raise the value to the limit, or it may spoil the game
            parts += [HELP_SEPARATOR,
                      _limit_words(advice, contract, hand, tr, grand_base, short)]
    return tuple(parts)


@dataclass(frozen=True)
class ResultLine:
    """One line of the worked-out result: text on the left, figure on the right."""

    text: str
    figure: str = ""
    strong: bool = False
    bad: bool = False


def result_lines(table: SeatTable, tr: Tr,
                 names: Sequence[str] | None = None) -> list[ResultLine]:
    """The value of a finished deal worked out line by line, from its table at the end;
    ``names`` are the three seats' names (default: Forehand, Middlehand, Rearhand)."""
    r = table.result
    if r is None:
        return []
    if r.passed:
        return [ResultLine(tr("result.no_game"), "0", strong=True)]  # (the title says why)
    c = r.contract
    assert c is not None
    if c.kind == GameKind.RAMSCH:
        return ramsch_lines(table, r, tr, names)
    lines: list[ResultLine] = []
    if "ended_early" in r.notes:  # schwarz announced or ouvert: the defenders' trick ends it
        lines.append(ResultLine(tr("value.ended_early"), bad=True))
    if c.kind == GameKind.NULL:
        lines.append(ResultLine(tr("value.null_fixed"), str(null_value(c))))
    else:
        gv = r.detail
        assert gv is not None
        for text, total in level_lines(gv, tr):
            lines.append(ResultLine(text, str(total)))
        lines.append(ResultLine(tr("value.times_base", base=gv.base), str(gv.value),
                                strong=True))
        if r.overbid:
            lines.append(ResultLine(tr("value.overbid", bid=r.bid), str(r.game_value), bad=True))
    if not r.won:
        lines.append(ResultLine(tr("value.lost_double"), str(-2 * r.game_value), bad=True))
    if r.multiplier > 1:
        lines.append(ResultLine(multiplier_text(table, r.multiplier, tr), ""))
    lines.append(ResultLine(tr("value.score"), signed(r.value), strong=True, bad=r.value < 0))
    return lines


def multiplier_text(table: SeatTable, n: int, tr: Tr) -> str:
    """What doubled the score, by name: "Kontra, Re: × 4", "Bock: × 2", "pushed on: × 2"."""
    what = []
    if table.kontra >= 1:
        what.append(tr("game.kontra"))
    if table.kontra >= 2:
        what.append(tr("game.re"))
    if table.multiplier > 1:
        what.append(tr("game.bock"))
    if n > table.multiplier * 2 ** table.kontra:  # Schieberamsch: each push doubles
        what.append(tr("value.pushed"))
    return tr("value.multiplier", what=", ".join(what), n=n)


def about(tr: Tr, key: str, name: str, **values: object) -> str:
    """The text ``key`` about the player ``name``; about the human without a name of his
    own ("You"/"Du") its ``.you`` form, whose verb agrees ("du hast", not "Du hat")."""
    if name == tr("table.you"):
        return tr(f"{key}.you", **values)
    return tr(key, name=name, **values)


def names_text(names: Sequence[str], tr: Tr) -> str:
    """Names in a row: "Left", "Left and Right", "You, Left and Right"."""
    if len(names) <= 1:
        return "".join(names)
    return tr("value.and", first=", ".join(names[:-1]), last=names[-1])


def ramsch_lines(table: SeatTable, r: DealResult, tr: Tr,
                 names: Sequence[str] | None = None) -> list[ResultLine]:
    """A Ramsch worked out: where the skat went, who loses what and why (the list's
    Ramsch rules: the loss, Jungfrau, Durchmarsch or shooting the moon), the doubling."""
    seat = list(names) if names is not None else [role_text(s, tr) for s in range(3)]
    mult = r.multiplier
    lines: list[ResultLine] = []
    if "durchmarsch" in r.notes or "moon" in r.notes:
        sweeper = r.scores.index(max(r.scores)) if "durchmarsch" in r.notes else \
            next(s for s in range(3) if s not in r.ramsch_loser)
        lines.append(ResultLine(about(tr, "value.durchmarsch", seat[sweeper]), "+120"
                                if "durchmarsch" in r.notes else ""))
        if "moon" in r.notes:
            others = names_text([seat[s] for s in r.ramsch_loser], tr)
            lines.append(ResultLine(tr("value.moon", names=others), "-120", bad=True))
        if mult > 1:
            lines.append(ResultLine(multiplier_text(table, mult, tr), ""))
        figure = max(r.scores) if "durchmarsch" in r.notes else min(r.scores)
        lines.append(ResultLine(tr("value.score"), signed(figure), strong=True, bad=figure < 0))
        return lines
    rule = table.options.ramsch_skat
    skat = sum(CARD_POINTS[c] for c in table.skat_cards())
    if r.skat_taker is None:
        lines.append(ResultLine(tr("value.ramsch_skat_nobody"), str(skat)))
    else:
        key = "value.ramsch_skat_loser" if rule == "loser" else "value.ramsch_skat_last_trick"
        lines.append(ResultLine(tr(key, name=seat[r.skat_taker]), str(skat)))
    top = max(r.points)
    losers = [seat[s] for s in r.ramsch_loser]
    if len(losers) == 1:
        lines.append(ResultLine(about(tr, "value.ramsch_loser", losers[0]), str(top)))
    else:
        lines.append(ResultLine(tr("value.ramsch_losers", names=names_text(losers, tr)),
                                str(top)))
    loss = top
    if "ten" in r.notes:
        loss = 10
        lines.append(ResultLine(tr("value.ramsch_ten"), "10"))
    if "jungfrau" in r.notes:
        double = table.options.ramsch_jungfrau == "double"
        loss = loss * 2 if double else loss + 5
        maidens = names_text([seat[s] for s in SEATS if table.tricks_won(s) == 0], tr)
        lines.append(ResultLine(tr("value.jungfrau_double" if double else "value.jungfrau_plus5",
                                   names=maidens), str(loss)))
    if mult > 1:
        lines.append(ResultLine(multiplier_text(table, mult, tr), str(loss * mult)))
    worst = min(r.scores)
    lines.append(ResultLine(tr("value.score"), signed(worst), strong=True, bad=worst < 0))
    return lines


def ramsch_sheet_text(r: DealResult, tr: Tr) -> str:
    """A Ramsch on the score sheet: "Ramsch", "Ramsch Jungfrau", "Ramsch Durchmarsch"
    (+120 for him, or -120 for the others when shooting the moon)."""
    words = [tr("contract.ramsch")]
    if "durchmarsch" in r.notes or "moon" in r.notes:  # the figure tells which
        words.append(tr("game.durchmarsch"))
    elif "jungfrau" in r.notes:
        words.append(tr("game.jungfrau"))
    return " ".join(words)


def ramsch_figure(r: DealResult) -> int:
    """What a Ramsch scored on the sheet: +120 for a Durchmarsch, else the loss one pays."""
    return max(r.scores) if "durchmarsch" in r.notes else min(r.scores)


def house_rules_help(opts: RuleOptions, deck_style: str, tr: Tr
                     ) -> list[list[tuple[str, str]]]:
    """The help's page of house rules as ``opts`` play them: two columns of (heading,
    text); Ramsch and each of its variants on the left, Kontra, Bock and the grand's
    base value on the right."""
    off = tr("help.h.off")
    ramsch = [(tr("contract.ramsch"), deck_text(tr, "help.r.ramsch_text", deck_style)
               if opts.ramsch else tr("help.r.ramsch_off"))]
    if opts.ramsch:
        jungfrau, durchmarsch = opts.ramsch_jungfrau, opts.ramsch_durchmarsch
        ramsch += [
            (tr("game.skat"), tr(f"help.r.ramsch_skat.{opts.ramsch_skat}")),
            (tr("rules.short.ramsch_loss"), tr(f"help.r.ramsch_loss.{opts.ramsch_loss}")),
            (tr("game.jungfrau"), off if jungfrau == "off" else
             tr(f"help.r.ramsch_jungfrau.{jungfrau}")),
            (tr("game.durchmarsch"), off if durchmarsch == "off" else
             tr(f"help.r.ramsch_durchmarsch.{durchmarsch}")),
            (tr("rules.schieberamsch"), tr("help.r.ramsch_schieben") if opts.schieberamsch
             else off),
        ]
    kontra = tr("help.h.kontra_text") if opts.kontra else off
    if opts.kontra and opts.kontra_needs_bid:
        kontra += " " + tr("help.h.kontra_needs_bid")
    return [
        ramsch,
        [(tr("rules.kontra"), kontra),
         (tr("rules.bock"), tr("help.h.bock_text") if opts.bock else off),
         (tr("rules.grand_base"), tr("help.h.grand_base", n=opts.grand_base))],
    ]


def rule_value_text(field: str, value: object, tr: Tr) -> str:
    """A house rule's value in words: "On", "24", "to the loser"..."""
    if isinstance(value, bool):
        return tr("settings.on") if value else tr("settings.off")
    if isinstance(value, int):
        return str(value)
    return tr(f"rules.{field}.{value}")


def signed(n: int) -> str:
    """A score change with its sign: +48, -96, 0."""
    return f"+{n}" if n > 0 else str(n)


def card_parts(card: int, style: str, german_indices: bool) -> tuple[Sign, str]:
    """A card as a suit sign and its corner index: (♥) "10"."""
    from skatgame.engine.cards import RANK_INDICES

    if style == "german":
        indices = RANK_INDICES["german_deck"]
    else:
        indices = RANK_INDICES["german" if german_indices else "english"]
    return (Sign(card >> 3), indices[card & 7])


#: a card named in prose: a suit symbol and a corner index in either set of letters
_CARD_IN_TEXT = re.compile(r"([♣♠♥♦])(10|[789AKQJDBOU])(?![\w])")
#: every corner letter, in either set, to its rank (A, 10, K, ...: the same in both)
_RANK_OF_INDEX = {i: r for letters in RANK_INDICES.values() for r, i in enumerate(letters)}
_SUIT_OF_SYMBOL = {symbol: suit for suit, symbol in enumerate(SUIT_SYMBOLS)}


def cards_as_seen(text: str, style: str, german_indices: bool) -> str:
    """``text`` with each card it names (``♣J``, ``♣B``, ``♠Q``) in the letters the
    player's cards show: ``♣B`` with German letters, ``♣U`` on the German deck."""

    def seen(m: re.Match[str]) -> str:
        card = _SUIT_OF_SYMBOL[m.group(1)] * 8 + _RANK_OF_INDEX[m.group(2)]
        return m.group(1) + card_parts(card, style, german_indices)[1]

    return _CARD_IN_TEXT.sub(seen, text)


#: the French suits' names in prose, to the German deck's (English: singular and plural;
#: German: also at the start of a compound, "Kreuzspiel" -> "Eichelspiel")
_GERMAN_SUIT_WORDS = {
    "en": {"club": "acorn", "clubs": "acorns", "spade": "leaf", "spades": "leaves",
           "diamond": "bell", "diamonds": "bells"},
    "de": {"Kreuz": "Eichel", "Pik": "Grün", "Herz": "Rot", "Karo": "Schellen"},
}
_SUIT_WORD = {
    "en": re.compile(r"\b(clubs?|spades?|diamonds?)\b", re.IGNORECASE),
    "de": re.compile(r"\b(Kreuz|Pik|Herz|Karo)"),
}


def suits_as_seen(text: str, style: str, lang: str) -> str:
    """``text`` (in ``lang``) with the suits named as on the deck ``style``: Eichel, Grün,
    Rot, Schellen (acorns, leaves, hearts, bells) on the German deck, as written else."""
    if style not in GERMAN_SUIT_DECKS or lang not in _SUIT_WORD:
        return text
    words = _GERMAN_SUIT_WORDS[lang]

    def seen(m: re.Match[str]) -> str:
        word = m.group(1)
        out = words[word.lower()] if lang == "en" else words[word]
        return out.capitalize() if word[0].isupper() else out

    return _SUIT_WORD[lang].sub(seen, text)


def action_label(action: object, style: str, german_indices: bool, tr: Tr) -> Label:
    """What an action does, in words (for hints)."""
    from skatgame.engine.actions import (
        Bid,
        Declare,
        Discard,
        Hold,
        Kontra,
        Pass,
        Play,
        PushSkat,
        Re,
        TakeSkat,
    )

    if isinstance(action, Bid):
        return tr("auction.bid_value", value=action.value)
    if isinstance(action, Hold):
        return tr("auction.hold")
    if isinstance(action, Pass):
        return tr("auction.pass")
    if isinstance(action, TakeSkat):
        return tr("auction.take_skat")
    if isinstance(action, PushSkat):
        return tr("skat.push")
    if isinstance(action, Kontra):
        return tr("game.kontra")
    if isinstance(action, Re):
        return tr("game.re")
    if isinstance(action, Declare):
        label = contract_label(action.contract, style, tr)
        return label if isinstance(label, tuple) else (label,)
    if isinstance(action, Discard):
        a, b = action.cards
        return (tr("hint.discard"), " ", *card_parts(a, style, german_indices), " ",
                *card_parts(b, style, german_indices))
    if isinstance(action, Play):
        return (tr("hint.play"), " ", *card_parts(action.card, style, german_indices))
    return str(getattr(action, "text", action))


def level_name(level: str, tr: Tr) -> str:
    """A level's name; a level unknown to this version is shown as it was saved."""
    key = f"level.{level}"
    text = tr(key)
    return level if text == key else text


def format_when(iso: str, tr: Tr) -> str:
    """"2024-11-22T14:03:00" as the player reads it: "22.11.2024 14:03" (German) or
    "2024-11-22 14:03"; text that is no date comes back unchanged."""
    import datetime  # lazily: the menu shows dates, the start-up needs none

    try:
        t = datetime.datetime.fromisoformat(iso)
    except ValueError:
        return iso
    return t.strftime(tr("format.datetime"))


# ---------------------------------------------------------------- whose turn, hints


def play_prompt(table: SeatTable, seat: Seat, tr: Tr, style: str = "french") -> Label:
    """What the player at ``seat`` must do in the tricks: "Your lead", "Your turn: follow ♥"."""
    from skatgame.engine.rules import EFFECTIVE_SUIT, TRUMP

    trick = table.trick_cards()
    if not trick:
        return tr("play.prompt_lead")
    kind = table.contract.kind if table.contract is not None else GameKind.GRAND
    eff = EFFECTIVE_SUIT[kind]
    led = eff[trick[0][1]]
    if not any(eff[c] == led for c in table.hand_cards(seat)):
        return tr("play.prompt_free")
    if led == TRUMP:
        return tr("play.prompt_follow_trump")
    return (tr("play.prompt_follow"), " ", Sign(led), " ", contract_name(led, style, tr))


def _chance(p: float | None) -> int | None:
    return None if p is None else round(100 * p)


def hint_text(suggestion: object, style: str, german_indices: bool, tr: Tr, *,
              kontra: bool = False) -> Label:
    """A hint in plain words: "Pick up the skat: about 70 % to win with ♣ Clubs".

    ``suggestion`` is the Expert's :class:`~skatgame.ai.player.Suggestion`
    (action, win probability, the game it has in mind); ``kontra``: the
    question is Kontra or Re (a pass there is "No").
    """
    from skatgame.engine.actions import Declare, Discard, Pass, Play, TakeSkat

    action = getattr(suggestion, "action", None)
    p = _chance(getattr(suggestion, "win_probability", None))
    contract = getattr(suggestion, "contract", None)
    game: tuple[Any, ...] = ()
    if contract is not None:
        label = contract_label(contract, style, tr)
        game = label if isinstance(label, tuple) else (label,)
    if isinstance(action, TakeSkat):
        head: tuple[Any, ...] = (tr("hint.take_skat"),)
    elif isinstance(action, Discard):
        a, b = action.cards
        head = (tr("hint.put_away"), " ", *card_parts(a, style, german_indices), " ",
                tr("hint.and"), " ", *card_parts(b, style, german_indices))
    elif isinstance(action, Declare):
        label = contract_label(action.contract, style, tr)
        verb = tr("hint.play_card") if getattr(suggestion, "reason", "") else tr("hint.declare")
        head = (verb, " ", *(label if isinstance(label, tuple) else (label,)))
        game = ()  # named already
    elif isinstance(action, Play):
        head = (tr("hint.play_card"), " ", *card_parts(action.card, style, german_indices))
    elif isinstance(action, Pass) and kontra:
        head = (tr("play.no"),)
    elif isinstance(action, Pass) and p is None and not game:
        return (tr("auction.pass"), ": ", tr("hint.no_game"))
    elif isinstance(action, Pass) and getattr(suggestion, "reason", "") == HintReason.NO_GAME:
        # the chance is the game's below the next bid: beside "pass" it read as a reason
        # to go on ("Pass: no game is worth the next bid (your side's chance 96%)")
        head, game, p = (tr("auction.pass"),), (), None
    else:
        label = action_label(action, style, german_indices, tr)
        head = label if isinstance(label, tuple) else (label,)
    reason = getattr(suggestion, "reason", "")
    changed = getattr(suggestion, "helper_game", None)
    if changed is not None and contract is not None:
        # the bid or the skat made another game better than the helper's: said, with both
        # chances (a declaration names its game already)
        was = _chance(getattr(suggestion, "helper_chance", None))
        limit = getattr(suggestion, "helper_limit", 0) or 0
        lead = (*head, " ", tr("hint.for_game"), " ", *game) if game else head
        return (*lead, ": ", *_skat_changed_words(contract, changed, p, was, limit, style, tr,
                                                  not isinstance(action, Discard)))
    if reason:
        suits = tuple(getattr(suggestion, "suits", ()) or ())
        return _explained(head, game, reason, p, tr, _void_words(suits, style, tr))
    if p is not None and game:
        return (*head, ": ", tr("hint.chance_game", p=p), " ", *game)
    if p is not None:
        return (*head, ": ", tr("hint.chance_plain", p=p))
    if game:
        return (*head, " ", tr("hint.for_game"), " ", *game)
    return head


#: The text that puts each reason of the Expert's hints into words, by HintReason member
#: (which a reason's plain string finds too).
WHY_KEYS: dict[str, str] = {reason: f"hint.why.{reason.value}" for reason in HintReason}


def _void_words(suits: tuple[int, ...], style: str, tr: Tr) -> tuple[Any, ...]:
    """"then you have no ♦ Diamonds left and can trump it" for the suits a move leaves
    void (one or two; nothing for none)."""
    if not suits or len(suits) > 2:
        return ()
    marks = ("\x00", "\x01")
    template = (tr("hint.why.void_one", suit=marks[0]) if len(suits) == 1 else
                tr("hint.why.void_two", suit=marks[0], suit2=marks[1]))
    out: list[Any] = []
    rest = template
    for mark, suit in zip(marks, suits, strict=False):
        before, _, rest = rest.partition(mark)
        out += [before, Sign(suit), " ", contract_name(suit, style, tr)]
    out.append(rest)
    return tuple(p for p in out if p != "")


def _skat_changed_words(game: Contract, helper: Contract, p: int | None, was: int | None,
                        limit: int, style: str, tr: Tr, at_skat: bool = False,
                        ) -> tuple[Any, ...]:
    """"with the skat, ♦ Diamonds is worth more than ♣ Clubs, the game the bidding helper
    reckoned with (win chance 80% against 55%)": why a hint's game is another than the
    helper's; with the helper's ``limit`` (at the skat) it was the bid reached; ``at_skat``
    without a limit: the skat not seen yet, the closer look gives it better chances."""
    marks = ("\x00", "\x01")
    if limit:
        template = tr("hint.bid_changed", game=marks[0], helper=marks[1], limit=limit)
    elif at_skat:
        template = tr("hint.game_better", game=marks[0], helper=marks[1])
    else:
        template = tr("hint.skat_changed", game=marks[0], helper=marks[1])
    if p is not None and was is not None:
        template += " " + tr("hint.skat_changed.chances", p=p, was=was)
    elif p is not None:
        template += " " + tr("hint.win_chance", p=p)
    out: list[Any] = []
    rest = template
    for mark, contract in sorted(zip(marks, (game, helper), strict=True),
                                 key=lambda mc: template.index(mc[0])):
        before, _, rest = rest.partition(mark)
        label = contract_label(contract, style, tr)
        out += [before, *(label if isinstance(label, tuple) else (label,))]
    out.append(rest)
    return tuple(part for part in out if part != "")


def _explained(head: tuple[Any, ...], game: tuple[Any, ...], reason: str, p: int | None, tr: Tr,
               why: tuple[Any, ...] = ()) -> Label:
    """"Play ♠A: it wins the trick (win chance 72%)"; the game it is for after the move;
    ``why``: the reason in words already (else the code's own words)."""
    parts: list[Any] = [*head]
    if game:
        parts += [" ", tr("hint.for_game"), " ", *game]
    key = WHY_KEYS.get(reason, WHY_KEYS[HintReason.BEST_CHANCE])
    if key == WHY_KEYS[HintReason.BEST_CHANCE] and p in (0, 100):
        # "the best chances (0%)" would mock the player: the game is decided, say so
        key = "hint.why.decided_won" if p == 100 else "hint.why.decided_lost"
    parts += [": ", *(why or (tr(key),))]
    if p is not None:
        parts += [" ", tr("hint.win_chance", p=p)]
    return tuple(parts)


# ---------------------------------------------------------------- the score sheet


def sheet_game(result: DealResult, style: str, tr: Tr, kontra: int = 0) -> Label:
    """The game as written on a Skat list: its name with Hand, Schneider, Schwarz, Ouvert.

    Announced levels are part of the contract's name; a schneider or schwarz
    made without announcing it is added, then "Kontra" or "Re" (``kontra`` 1 or
    2), and a lost game is marked.
    """
    assert result.contract is not None
    label = contract_label(result.contract, style, tr)
    parts = list(label) if isinstance(label, tuple) else [label]
    c = result.contract
    if c.kind != GameKind.NULL:
        if result.schwarz and not c.schwarz:
            parts.append(f" {tr('sheet.schwarz')}")
        elif result.schneider and not c.schneider and not c.schwarz:
            parts.append(f" {tr('sheet.schneider')}")
    if kontra:
        parts.append(f" {tr('sheet.re_mark' if kontra >= 2 else 'sheet.kontra_mark')}")
    if not result.won:
        parts.append(f"  {tr('sheet.lost_mark')}")
    return tuple(parts)


def matadors_text(result: DealResult, tr: Tr) -> str:
    """"with 2" / "without 3" (nothing for null and ramsch)."""
    c = result.contract
    if c is None or c.kind in (GameKind.NULL, GameKind.RAMSCH) or result.matadors == 0:
        return "—"
    m = result.matadors
    return tr("sheet.with", n=m) if m > 0 else tr("sheet.without", n=-m)


def timeout_text(action: object, style: str, german_indices: bool, tr: Tr, *,
                 kontra: bool = False) -> Label:
    """What the move timer did, naming it: "Time is up: bid 18 for you", "...: played ♠7
    for you", "...: put away ♥Q ♥K for you", "...: declared ♣ Clubs Hand for you" (any
    other decision: "Time is up, chosen for you: No"). ``kontra``: the question was
    Kontra or Re (a pass there is "No")."""
    from skatgame.engine.actions import Bid, Declare, Discard, Hold, Pass, Play, TakeSkat

    mark = "\x00"
    parts: tuple[Any, ...] = ()
    if isinstance(action, Play):
        parts = card_parts(action.card, style, german_indices)
        template = tr("timer.up_play", card=mark)
    elif isinstance(action, Bid):
        template = tr("timer.up_bid", value=action.value)
    elif isinstance(action, Hold):
        template = tr("timer.up_hold")
    elif isinstance(action, Pass) and not kontra:
        template = tr("timer.up_pass")
    elif isinstance(action, TakeSkat):
        template = tr("timer.up_take")
    elif isinstance(action, Discard):
        a, b = action.cards
        parts = (*card_parts(a, style, german_indices), " ",
                 *card_parts(b, style, german_indices))
        template = tr("timer.up_discard", cards=mark)
    elif isinstance(action, Declare):
        label = contract_label(action.contract, style, tr)
        parts = label if isinstance(label, tuple) else (label,)
        template = tr("timer.up_declare", game=mark)
    else:
        label = (tr("play.no"),) if isinstance(action, Pass) else \
            action_label(action, style, german_indices, tr)
        parts = label if isinstance(label, tuple) else (label,)
        template = tr("timer.up_other", action=mark)
    before, _, after = template.partition(mark)
    return tuple(p for p in (before, *parts, after) if p != "")
