"""The actions a player can take in a deal, and their text form in records.

Actions are small frozen values. Their text form (used in JSON records and on
the command line) follows the ISS notation where ISS has one:

=============  =================  ===============================
action         text               meaning
=============  =================  ===============================
Bid(18)        ``18``             name a value in the auction
Hold()         ``y``              hold the value named ("yes")
Pass()         ``p``              pass (auction, Kontra, Re)
TakeSkat()     ``s``              pick up the skat
PushSkat()     ``push``           Schieberamsch: pass the skat on unseen
Discard(a, b)  ``d.S8.C9``        put two cards away as the skat
Declare(c)     ``G``, ``CH``...   declare a contract (ISS letters)
Kontra()       ``kontra``         a defender doubles
Re()           ``re``             the declarer redoubles
Play(card)     ``SA``             play a card
Concede()      ``concede``        give up the deal (the seat's side)
Claim()        ``claim``          claim every remaining trick
Resign()       ``resign``         ISS server rule: give up at any time
=============  =================  ===============================
"""

from __future__ import annotations

from dataclasses import dataclass

from skatgame.engine.cards import Card, CardError, iss_name, parse_card
from skatgame.engine.rules import GameKind

GAME_LETTERS = "CSHDGN"


class ActionError(ValueError):
    """An action text that cannot be read."""


@dataclass(frozen=True, slots=True)
class Contract:
    """A declared game: its kind and announcements.

    ``hand`` is true when the skat was not picked up. For suit and grand games
    ``ouvert`` implies hand, schneider and schwarz announced; ``schwarz``
    implies ``schneider``. Use :meth:`make` to fill in the implied flags.
    """

    kind: GameKind
    hand: bool = False
    schneider: bool = False
    schwarz: bool = False
    ouvert: bool = False

    @classmethod
    def make(
        cls,
        kind: GameKind | int,
        hand: bool = False,
        schneider: bool = False,
        schwarz: bool = False,
        ouvert: bool = False,
    ) -> Contract:
        """A contract with the implied announcements filled in."""
        kind = GameKind(kind)
        if kind not in (GameKind.NULL, GameKind.RAMSCH):
            if ouvert:
                hand = schneider = schwarz = True
            if schwarz:
                schneider = True
        return cls(kind, hand, schneider, schwarz, ouvert)

    @property
    def letters(self) -> str:
        """ISS notation: game letter plus modifiers, implied ones left out (``GO``, ``CHZ``)."""
        if self.kind == GameKind.RAMSCH:
            return "R"
        out = GAME_LETTERS[self.kind]
        if self.ouvert:
            out += "O"
            if self.kind != GameKind.NULL:
                return out
        if self.hand:
            out += "H"
        if self.schwarz:
            out += "Z"
        elif self.schneider:
            out += "S"
        return out

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read ISS notation such as ``G``, ``CH``, ``HHS``, ``NOH``, ``GO``."""
        t = text.strip().upper()
        if not t or t[0] not in GAME_LETTERS:
            raise ActionError(f"not a contract: {text!r} (expected e.g. G, CH, NO)")
        kind = GameKind(GAME_LETTERS.index(t[0]))
        mods = t[1:]
        if len(set(mods)) != len(mods) or any(m not in "OHSZ" for m in mods):
            raise ActionError(f"not a contract: {text!r} (modifiers are O, H, S, Z)")
        if kind == GameKind.NULL and ("S" in mods or "Z" in mods):
            raise ActionError(f"not a contract: {text!r} (null has no schneider or schwarz)")
        return cls.make(kind, "H" in mods, "S" in mods, "Z" in mods, "O" in mods)


@dataclass(frozen=True, slots=True)
class Bid:
    """Name a value in the auction."""

    value: int

    @property
    def text(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class Hold:
    """Hold the value just named ("yes")."""

    @property
    def text(self) -> str:
        return "y"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: in the auction, or decline to say Kontra or Re."""

    @property
    def text(self) -> str:
        return "p"


@dataclass(frozen=True, slots=True)
class TakeSkat:
    """Pick up the skat (declarer), or take it in Schieberamsch."""

    @property
    def text(self) -> str:
        return "s"


@dataclass(frozen=True, slots=True)
class PushSkat:
    """Schieberamsch: pass the skat on to the next player without looking."""

    @property
    def text(self) -> str:
        return "push"


@dataclass(frozen=True, slots=True)
class Discard:
    """Put two cards away as the skat. The cards are stored in ascending order."""

    cards: tuple[Card, Card]

    @classmethod
    def of(cls, a: Card, b: Card) -> Discard:
        return cls((a, b) if a <= b else (b, a))

    @property
    def text(self) -> str:
        return "d." + ".".join(iss_name(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare the contract."""

    contract: Contract

    @property
    def text(self) -> str:
        return self.contract.letters


@dataclass(frozen=True, slots=True)
class Kontra:
    """A defender doubles the deal."""

    @property
    def text(self) -> str:
        return "kontra"


@dataclass(frozen=True, slots=True)
class Re:
    """The declarer answers Kontra and doubles again."""

    @property
    def text(self) -> str:
        return "re"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card."""

    card: Card

    @property
    def text(self) -> str:
        return iss_name(self.card)


@dataclass(frozen=True, slots=True)
class Concede:
    """Give up: the declarer concedes the game, or a defender concedes for both."""

    @property
    def text(self) -> str:
        return "concede"


@dataclass(frozen=True, slots=True)
class Claim:
    """Lay the cards open and claim every remaining trick for the seat's side."""

    @property
    def text(self) -> str:
        return "claim"


@dataclass(frozen=True, slots=True)
class Resign:
    """Give up at any point of the play, as the ISS server allows (records from it).

    A declarer's resignation loses at once; a defender's gives up for both.
    Unlike :class:`Concede` it has no card limit and no schneider exemption.
    """

    @property
    def text(self) -> str:
        return "resign"


Action = (
    Bid | Hold | Pass | TakeSkat | PushSkat | Discard | Declare | Kontra | Re | Play | Concede
    | Claim | Resign
)

HOLD = Hold()
PASS = Pass()
TAKE_SKAT = TakeSkat()
PUSH_SKAT = PushSkat()
KONTRA = Kontra()
RE = Re()
CONCEDE = Concede()
CLAIM = Claim()
RESIGN = Resign()
PLAYS: tuple[Play, ...] = tuple(Play(c) for c in range(32))

_WORDS: dict[str, Action] = {
    "y": HOLD, "p": PASS, "s": TAKE_SKAT, "push": PUSH_SKAT, "kontra": KONTRA, "re": RE,
    "concede": CONCEDE, "claim": CLAIM, "resign": RESIGN,
}


def parse_bid(text: str) -> Bid:
    """Read a bid: a value in plain digits (``18``). Raises :class:`ActionError`.

    The value is not checked against the bid ladder (the auction does that), but
    digits other than 0-9 and numbers of more than 4 digits are refused here.
    """
    t = text.strip()
    if not (t.isascii() and t.isdigit() and len(t) <= 4):
        shown = t if len(t) <= 20 else f"{t[:20]}... ({len(t)} characters)"
        raise ActionError(f"not a bid: {shown!r} (a bid is a value such as 18)")
    return Bid(int(t))


def parse_action(text: str) -> Action:
    """Read the text form of an action (see the module docstring).

    Raises :class:`ActionError` for text that names no action.
    """
    t = text.strip()
    if t in _WORDS:  # case matters: "s" takes the skat, "S" declares spades
        return _WORDS[t]
    if t.isdigit() or t[:1] in ("-", "+") and t[1:].isdigit():  # "-18" is no bid either
        return parse_bid(t)
    if t.lower().startswith("d."):
        parts = t[2:].split(".")
        if len(parts) != 2:
            raise ActionError(f"a discard names two cards: {text!r}")
        try:
            a, b = (parse_card(p) for p in parts)
        except CardError as e:
            raise ActionError(str(e)) from None
        return Discard.of(a, b)
    if len(t) == 2:
        try:
            return PLAYS[parse_card(t)]
        except CardError:
            pass
    return Declare(Contract.parse(t))
