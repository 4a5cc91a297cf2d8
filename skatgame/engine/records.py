"""Game records: the project's own versioned JSON, and ISS one-line records.

A JSON deal record holds everything needed to reproduce a deal: the cards in
deal order, the rule options, the Bock multiplier and every action with its
seat. Reading a record replays every action through the engine, so a record
that breaks a rule is refused with the index of the offending action.
"""

from __future__ import annotations

import json
import re
import reprlib
import sys
from dataclasses import dataclass, field
from typing import Any

from skatgame.engine.actions import (
    CONCEDE,
    HOLD,
    PASS,
    PLAYS,
    RESIGN,
    TAKE_SKAT,
    Action,
    ActionError,
    Claim,
    Concede,
    Contract,
    Declare,
    Discard,
    Play,
    Resign,
    parse_action,
    parse_bid,
)
from skatgame.engine.cards import CardError, iss_name, parse_card
from skatgame.engine.deal import Deal, DealError
from skatgame.engine.options import ISKO, OptionsError, RuleOptions
from skatgame.engine.phase import IllegalActionError, Phase
from skatgame.engine.rules import GameKind
from skatgame.engine.scoring import DealResult
from skatgame.engine.seats import SEAT_NAMES, Seat
from skatgame.engine.shuffle import DEALING_PYTHON, commitment

DEAL_FORMAT = "skatgame-deal"
SERIES_FORMAT = "skatgame-series"
RECORD_VERSION = 1
#: The multipliers a deal record may carry: 1, or 2 in a Bock round (Kontra and Re are
#: actions of the deal, not part of it).
MULTIPLIERS = (1, 2)
#: A run of digits longer than this is cut in messages (a 400-digit number from a file).
LONGEST_NUMBER = 24
_LONG_NUMBER = re.compile(rf"\d{{{LONGEST_NUMBER + 1},}}")


def cut_numbers(text: str) -> str:
    """``text`` with every number longer than :data:`LONGEST_NUMBER` digits cut short:
    ``123456789012… (400 digits)``."""
    return _LONG_NUMBER.sub(lambda m: f"{m.group()[:12]}… ({len(m.group())} digits)", text)


class RecordError(ValueError):
    """A record that cannot be read or replayed.

    ``line`` is the record's line number in its file (1-based) where known,
    ``action_index`` the 0-based index of the action that failed.
    """

    def __init__(self, message: str, *, line: int | None = None,
                 action_index: int | None = None, record_id: str | None = None) -> None:
        where = []
        if line is not None:
            where.append(f"line {line}")
        if record_id is not None:
            where.append(f"game {record_id}")
        if action_index is not None:
            where.append(f"action {action_index}")
        message = cut_numbers(message)  # what a file said may be a 400-digit number
        super().__init__(f"{', '.join(where)}: {message}" if where else message)
        self.reason = message
        self.line = line
        self.action_index = action_index
        self.record_id = record_id


# ------------------------------------------------------------------ JSON text

#: nesting deeper than this is reported as the reason when ``json`` gives up on a document
#: (records need a handful of levels; ``json`` itself stops near the recursion limit)
JSON_DEPTH_SHOWN = 500

_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[{]|[\]}]|[0-9]+')
_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 3, 40, 40, 40


def short_repr(value: object) -> str:
    """``repr`` cut to a readable length, for messages about untrusted data."""
    return _SHORT.repr(value)


def parse_json(text: str) -> Any:
    """Parse a JSON document (a leading byte-order mark is skipped).

    Every failure is a :class:`RecordError` with the line where the document
    goes wrong: bad syntax, an empty document, a number too long for ``int``,
    nesting too deep for the parser.
    """
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise RecordError("not valid JSON: the document is empty", line=1)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON: {e.msg}", line=e.lineno) from None
    except (RecursionError, ValueError, MemoryError):
        line, why = _json_trouble(text)
        raise RecordError(f"not valid JSON: {why}", line=line) from None


def _json_trouble(text: str) -> tuple[int | None, str]:
    """Where and why a syntactically sound document was refused by ``json``."""
    max_digits = sys.get_int_max_str_digits() or None
    depth = 0
    for m in _JSON_TOKEN.finditer(text):
        token = m.group()
        if token in ("[", "{"):
            depth += 1
            if depth > JSON_DEPTH_SHOWN:
                return (text.count("\n", 0, m.start()) + 1,
                        f"nested more than {JSON_DEPTH_SHOWN} levels deep")
        elif token in ("]", "}"):
            depth -= 1
        elif token[0] != '"' and max_digits is not None and len(token) > max_digits:
            return (text.count("\n", 0, m.start()) + 1,
                    f"a number with {len(token)} digits (at most {max_digits})")
    return None, "too deeply nested or too large to read"


# ------------------------------------------------------------------ summaries

def result_summary(result: DealResult) -> dict[str, Any]:
    """The figures of a deal as the replay command prints them; a Ramsch adds who
    lost, where the skat went (``null``: to no one) and what happened (its notes:
    ``jungfrau``, ``durchmarsch``, ``moon``, ``ten``, ``tie``)."""
    summary: dict[str, Any] = {
        "declarer": result.declarer,
        "contract": result.contract.letters if result.contract and result.declarer is not None
        else ("R" if result.contract else None),
        "bid": result.bid,
        "won": result.won,
        "value": result.value,
        "declarer_points": result.declarer_points,
        "declarer_tricks": result.declarer_tricks,
        "overbid": result.overbid,
        "passed": result.passed,
        "scores": list(result.scores),
        "explanation": result.explanation,
    }
    if result.contract is not None and result.declarer is None:  # Ramsch
        summary["ramsch"] = {"losers": list(result.ramsch_loser),
                             "skat_taker": result.skat_taker, "notes": list(result.notes)}
    return summary


# ------------------------------------------------------------------ JSON deals

def deal_to_record(deal: Deal, *, record_id: str | None = None,
                   seed: int | str | None = None, extra: dict[str, Any] | None = None,
                   written_by: str | None = None, dealing: int = DEALING_PYTHON
                   ) -> dict[str, Any]:
    """A JSON-ready record of a deal (finished or not).

    ``dealing`` names the shuffle that dealt the cards from ``seed``
    (:mod:`skatgame.engine.shuffle`); from dealing 2 on the record says it and keeps the
    commitment to the seed (its SHA-256) beside the seed.

    ``written_by`` names the program writing it (``"skatgame 1.2.3"``); readers ignore it.
    """
    data: dict[str, Any] = {
        "format": DEAL_FORMAT,
        "version": RECORD_VERSION,
        "id": record_id,
        "seed": seed,
        **({} if dealing == DEALING_PYTHON else {"dealing": dealing}),
        **({"commitment": commitment(seed)} if isinstance(seed, str)
           and dealing != DEALING_PYTHON else {}),
        "options": deal.options.to_dict(),
        "multiplier": deal.multiplier,
        "cards": [iss_name(c) for c in deal.cards],
        "actions": [[seat, action.text] for seat, action in deal.history],
    }
    if deal.result is not None:
        data["result"] = result_summary(deal.result)
    if written_by is not None:
        data["written_by"] = written_by
    if extra:
        data.update(extra)
    return data


def deal_from_record(data: Any, *, line: int | None = None) -> Deal:
    """Rebuild a deal from its JSON record by replaying every action.

    Records written before schwarz and ouvert games ended at the defenders'
    first trick play on after it; that play is skipped. Raises
    :class:`RecordError` saying what is wrong and where.
    """
    rid = data.get("id") if isinstance(data, dict) else None
    rid = None if rid is None else rid if isinstance(rid, str) else short_repr(rid)

    def fail(msg: str, index: int | None = None) -> RecordError:
        return RecordError(msg, line=line, action_index=index, record_id=rid)

    if not isinstance(data, dict):
        raise fail("a deal record must be a JSON object")
    if data.get("format") != DEAL_FORMAT:
        raise fail(f"not a skatgame deal record (format {short_repr(data.get('format'))})")
    if type(data.get("version")) is not int or data["version"] != RECORD_VERSION:
        raise fail(f"unsupported record version {short_repr(data.get('version'))} "
                   f"(this program reads version {RECORD_VERSION})")
    try:
        options = RuleOptions.from_dict(data.get("options", {}))
    except (OptionsError, TypeError) as e:
        raise fail(f"bad options: {e}") from None
    multiplier = data.get("multiplier", 1)
    if type(multiplier) is not int or multiplier not in MULTIPLIERS:
        raise fail(f"bad multiplier {short_repr(multiplier)} (1, or 2 in a Bock round)")
    cards = data.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise fail("cards must be a list of 32 card names")
    try:
        deal = Deal([parse_card(c) for c in cards], options, multiplier=multiplier)
    except (CardError, DealError) as e:
        raise fail(str(e)) from None
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise fail("actions must be a list of [seat, action] pairs")
    for i, item in enumerate(actions):
        if (not isinstance(item, list | tuple) or len(item) != 2 or type(item[0]) is not int
                or not isinstance(item[1], str)):
            raise fail(f"action must be [seat, text], not {short_repr(item)}", i)
        try:
            action = parse_action(item[1])
            if type(action) in _PLAY_PHASE and ended_by_rule(deal):
                continue  # written before such games ended there: the rest of the play is moot
            deal.apply(action, Seat(item[0]))  # the deal refuses an int that is no seat
        except (ActionError, IllegalActionError) as e:
            raise fail(str(e), i) from None
    return deal


_PLAY_PHASE = (Play, Claim, Concede, Resign)


def ended_by_rule(deal: Deal) -> bool:
    """Whether the rules ended the play before the tenth trick: a game with schwarz
    announced (ouvert included) at the defenders' first trick, a null game at the
    declarer's. Programs that play such a game on write moves that do not count."""
    r = deal.result
    if r is None or r.contract is None or r.declarer is None or len(deal.tricks) == 10:
        return False
    if "ended_early" in r.notes:
        return True
    return r.contract.kind == GameKind.NULL and r.declarer_tricks > 0


def not_counted_note(deal: Deal, moves: int) -> str:
    """Why ``moves`` moves of a record after the end of ``deal`` (:func:`ended_by_rule`)
    were not counted."""
    r = deal.result
    whose = "declarer's" if r is not None and r.contract is not None and \
        r.contract.kind == GameKind.NULL else "defenders'"
    later = "the later move was" if moves == 1 else f"the {moves} later moves were"
    return (f"lost at trick {len(deal.tricks)}, the {whose} first trick, where the rules "
            f"end this game: {later} not counted")


# ------------------------------------------------------------------ ISS records

@dataclass(slots=True)
class IssRecord:
    """One ISS game record, split into its parts (not yet replayed)."""

    id: str
    players: tuple[str, str, str]
    moves: list[tuple[str, str]]  # (who: "w" or "0".."2", what)
    result: str  # the text inside R[...]
    line: int | None = None
    fields: dict[str, str] = field(default_factory=dict)

    def server_result(self) -> dict[str, Any]:
        """The server's figures from ``R[...]``, in the replay command's terms.

        Raises :class:`RecordError` when a figure is not a number.
        """
        r = self.result.strip()
        if not r:
            raise RecordError("the record has no server result (R[...])", line=self.line,
                              record_id=self.id)
        if r == "passed":
            return {"declarer": None, "passed": True, "value": 0}
        parts = r.split()
        kv = {p.split(":", 1)[0]: p.split(":", 1)[1] for p in parts if ":" in p}
        flags = {p for p in parts if ":" not in p}

        def number(key: str, default: int) -> int:
            text = kv.get(key)
            if text is None:
                return default
            if not re.fullmatch(r"-?[0-9]{1,6}", text):
                raise RecordError(f"the server's result R[...] has a bad {key}: {text[:20]!r}",
                                  line=self.line, record_id=self.id)
            return int(text)

        d = number("d", -1)
        if d > 2:
            raise RecordError(f"the server's result names no seat: d:{d}", line=self.line,
                              record_id=self.id)
        return {
            "declarer": None if d < 0 else d,
            "won": "win" in flags,
            "value": number("v", 0),
            "declarer_points": number("p", 0),
            "declarer_tricks": number("t", 0),
            "overbid": "overbid" in flags,
            "passed": False,
            "matadors": number("m", 0),
            "schneider": kv.get("s") == "1",
            "schwarz": kv.get("z") == "1",
            "penalty": "penalty" in flags,
        }


_FIELD = re.compile(r"([A-Z][A-Z0-9]?)\[([^\]]*)\]")


def parse_iss(text: str, line: int | None = None) -> IssRecord:
    """Split one ISS record line into its parts. Raises :class:`RecordError`."""
    t = text.strip()
    if not (t.startswith("(;") and t.endswith(";)")):
        raise RecordError("an ISS record starts with '(;' and ends with ';)'", line=line)
    fields = {k: v for k, v in _FIELD.findall(t)}
    rid = fields.get("ID")
    if fields.get("GM") not in (None, "Skat"):
        raise RecordError(f"not a Skat record (GM[{fields.get('GM')}])", line=line,
                          record_id=rid)
    if "MV" not in fields:
        raise RecordError("the record has no moves (MV[...])", line=line, record_id=rid)
    tokens = fields["MV"].split()
    if len(tokens) % 2:
        raise RecordError("moves must come in pairs of 'who what'", line=line, record_id=rid)
    moves = [(tokens[i], tokens[i + 1]) for i in range(0, len(tokens), 2)]
    players = (fields.get("P0", ""), fields.get("P1", ""), fields.get("P2", ""))
    return IssRecord(rid or "?", players, moves, fields.get("R", ""), line, fields)


_CONTRACT = re.compile(r"^[GCSHDN][OHSZ]*$")


def replay_iss(rec: IssRecord) -> Deal:
    """Replay an ISS record through the engine (ISS resignation rules applied).

    Raises :class:`RecordError` with the index of the offending move.
    """
    return replay_iss_counted(rec)[0]


def replay_iss_counted(rec: IssRecord) -> tuple[Deal, int]:
    """:func:`replay_iss`, and how many card moves followed the end the rules set.

    A record from a program that plays on after a lost schwarz-announced, ouvert or
    null game is scored where the rules end it (:func:`ended_by_rule`); each later card
    must still be in its player's hand, and is not counted.
    """

    def fail(msg: str, index: int | None = None) -> RecordError:
        return RecordError(msg, line=rec.line, action_index=index, record_id=rec.id)

    if not rec.moves or rec.moves[0][0] != "w":
        raise fail("the first move must be the deal ('w' and 32 cards)", 0)
    try:
        cards = [parse_card(c) for c in rec.moves[0][1].split(".")]
        deal = Deal(cards, ISKO)
    except (CardError, DealError) as e:
        if "??" in rec.moves[0][1]:
            raise fail("the deal's cards are hidden ('??'): this record cannot be replayed",
                       0) from None
        raise fail(str(e), 0) from None
    pending: Contract | None = None
    resigned: set[Seat] = set()
    not_counted: set[tuple[str, str]] = set()
    for i, (who, what) in enumerate(rec.moves[1:], start=1):
        if what.startswith(("TI.", "LE.")) and not deal.done:
            raise fail(_cut_short(what), i)
        if deal.done:
            if what in ("RE", "SC") or who == "w":
                continue
            if ended_by_rule(deal) and _still_held(deal, who, what, not_counted):
                not_counted.add((who, what))
                continue
            raise fail(f"move {what!r} after the end of the game", i)
        if who == "w":
            continue  # the server showing the skat after a pick-up
        if who not in ("0", "1", "2"):
            raise fail(f"unknown player {who!r}", i)
        seat = Seat(int(who))
        try:
            if what == "SC":
                continue  # cards laid open; play goes on
            if what == "RE":
                if seat == deal.declarer:
                    deal.apply(RESIGN, seat)
                else:
                    resigned.add(seat)
                    if len(resigned) == 2:
                        deal.apply(CONCEDE, seat)
                continue
            actions = _iss_actions(deal, seat, what, pending)
            if actions is None:  # a declaration whose discards follow separately
                pending = Contract.parse(what)
                continue
            pending = None
            for a in actions:
                deal.apply(a, seat)
        except (ActionError, CardError, IllegalActionError) as e:
            raise fail(str(e), i) from None
    if not deal.done:
        raise fail("the record ends before the game is over")
    return deal, len(not_counted)


def _still_held(deal: Deal, who: str, what: str, played: set[tuple[str, str]]) -> bool:
    """Whether ``what`` is a card that player ``who`` still held when the play ended
    (and has not played since)."""
    if who not in ("0", "1", "2") or (who, what) in played:
        return False
    try:
        card = parse_card(what)
    except CardError:
        return False
    return bool(deal.hands[Seat(int(who))] >> card & 1)


def _cut_short(what: str) -> str:
    """Why a record stops at ``TI.n`` (seat n ran out of time) or ``LE.n`` (seat n left)."""
    n = what[3:]
    who = f" ({SEAT_NAMES[int(n)]})" if n in ("0", "1", "2") else ""
    if what.startswith("TI."):
        return f"the game was ended by a timeout{who}; it has no result to replay"
    return f"the game was ended because a player left{who}; it has no result to replay"


def _iss_actions(deal: Deal, seat: Seat, what: str, pending: Contract | None
                 ) -> list[Action] | None:
    phase = deal.phase
    if phase is Phase.AUCTION:
        if what == "y":
            return [HOLD]
        if what == "p":
            return [PASS]
        if what.isdigit():
            return [parse_bid(what)]
        raise ActionError(f"{what!r} is not an auction call")
    if phase is Phase.PLAY:
        return [PLAYS[parse_card(what)]]
    if what == "s":
        return [TAKE_SKAT]
    parts = what.split(".")
    if pending is not None and len(parts) == 2:
        a, b = (parse_card(p) for p in parts)
        return [Discard.of(a, b), Declare(pending)]
    if not _CONTRACT.match(parts[0]):
        raise ActionError(f"{what!r} is not a declaration")
    contract = Contract.parse(parts[0])
    if len(parts) == 3:
        a, b = (parse_card(p) for p in parts[1:])
        return [Discard.of(a, b), Declare(contract)]
    if len(parts) != 1:
        raise ActionError(f"{what!r}: a declaration carries two discards or none")
    if phase is Phase.DISCARD:
        return None
    return [Declare(contract)]


def read_iss_lines(text: str) -> list[IssRecord | RecordError]:
    """Parse every non-blank line of an ISS file; bad lines become RecordError items."""
    out: list[IssRecord | RecordError] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            out.append(parse_iss(raw, n))
        except RecordError as e:
            out.append(e)
    return out


# ------------------------------------------------------------------ series

def series_to_record(deals: list[dict[str, Any]], *, players: list[str], table_size: int,
                     options: RuleOptions, list_kind: str, seed: int | str | None,
                     planned_deals: int | None, target: int | None,
                     written_by: str | None = None) -> dict[str, Any]:
    """A JSON-ready record of a whole list (each deal as :func:`deal_to_record`).

    ``written_by`` names the program writing it, for all its deals; readers ignore it.
    """
    return {
        "format": SERIES_FORMAT,
        "version": RECORD_VERSION,
        **({} if written_by is None else {"written_by": written_by}),
        "players": players,
        "table_size": table_size,
        "options": options.to_dict(),
        "list": list_kind,
        "seed": seed,
        "planned_deals": planned_deals,
        "target": target,
        "deals": deals,
    }


__all__ = [
    "RecordError", "IssRecord", "deal_to_record", "deal_from_record", "parse_iss", "replay_iss",
    "replay_iss_counted", "ended_by_rule", "not_counted_note",
    "read_iss_lines", "result_summary", "series_to_record", "RECORD_VERSION", "parse_json",
    "short_repr",
]
