"""Every text key the code writes or builds exists in both languages; labels with suit signs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import skatgame
from skatgame.engine.rules import GameKind
from skatgame.table.i18n import Translator, load_table

# ---------------------------------------------------------------- keys used by the code

#: The layers that put words on the screen: the table's texts and the scenes.
CODE_ROOTS = [Path(skatgame.__file__).parent / name for name in ("table", "ui")]
KEY_LITERAL = re.compile(r'(?<![\w{])["\']([a-z][a-z_]*\.[a-z0-9_.\-]*[a-z0-9_])["\']')
NOT_KEYS = (".json", ".py", ".png", ".csv", ".ttf", ".wav")


def test_every_key_written_in_the_code_is_in_both_languages() -> None:
    """A text key spelled out anywhere in the UI must exist in en.json and de.json."""
    en, de = load_table("en"), load_table("de")
    prefixes = {k.split(".")[0] for k in en}
    used: dict[str, str] = {}
    for path in (p for root in CODE_ROOTS for p in root.rglob("*.py")):
        for m in KEY_LITERAL.finditer(path.read_text(encoding="utf-8")):
            key = m.group(1)
            if key.split(".")[0] in prefixes and not key.endswith(NOT_KEYS):
                used.setdefault(key, path.name)
    assert len(used) > 250, "the scan found too few keys to be working"
    missing = {k: f for k, f in used.items() if k not in en or k not in de}
    assert not missing


def test_every_key_built_in_the_code_is_in_both_languages() -> None:
    """Keys put together at run time: rules, pages, opponents, texts about a seat."""
    from skatgame.engine.options import CHOICES
    from skatgame.table.i18n import DECK_TEXTS
    from skatgame.table.settings import RULE_ROWS
    from skatgame.ui.forms import SHORT_LABELS
    from skatgame.ui.scenes.settings import PAGES
    from skatgame.ui.scenes.stats import COLUMNS

    keys = [f"rules.{r}" for r in RULE_ROWS] + [f"settings.page.{p}" for p in PAGES]
    keys += [f"rules.{r}.{word}" for r, words in CHOICES.items() for word in words]
    keys += [f"rules.short.{r}" for r in SHORT_LABELS]
    keys += [f"{key}_german" for key in DECK_TEXTS]
    keys += [f"help.r.{r}.{word}" for r, words in CHOICES.items() for word in words
             if word != "off"] + ["help.r.ramsch_schieben", "help.r.ramsch_off",
                                                "help.tab_house"]
    keys += [f"settings.opponent_{side}" for side in ("left", "right")]
    keys += [key for key, _share in COLUMNS]
    keys += ["settings.german_indices.on", "settings.german_indices.off"]
    about = re.compile(r'about\(\s*\w+,\s*"([a-z_.]+)"')
    for path in (p for root in CODE_ROOTS for p in root.rglob("*.py")):
        for key in about.findall(path.read_text(encoding="utf-8")):
            keys += [key, f"{key}.you"]
    missing = [k for k in keys if k not in load_table("en") or k not in load_table("de")]
    assert not missing


@pytest.mark.parametrize(("lang", "deck", "expected"), [
    ("de", "french", "Kreuz Hand Schneider"), ("de", "german", "Eichel Hand Schneider"),
    ("en", "french", "Clubs Hand Schneider"), ("de", "tournament", "Kreuz Hand Schneider"),
])
def test_contract_labels_name_the_suit_of_the_deck(lang: str, deck: str, expected: str) -> None:
    from skatgame.engine.actions import Contract
    from skatgame.table.labels import Sign
    from skatgame.table.texts import contract_label
    from skatgame.ui.text import label_text

    c = Contract.make(GameKind.CLUBS, hand=True, schneider=True)
    label = contract_label(c, deck, Translator(lang))
    assert isinstance(label, tuple) and label[0] == Sign(0)  # the suit as a vector sign
    assert label_text(label) == expected
    for kind, word in ((GameKind.NULL, "Null Ouvert"), (GameKind.GRAND, "Grand Ouvert")):
        ouvert = contract_label(Contract.make(kind, ouvert=True, hand=kind == GameKind.GRAND,
                                              schneider=kind == GameKind.GRAND,
                                              schwarz=kind == GameKind.GRAND),
                                deck, Translator(lang))
        assert word.split()[0] in label_text(ouvert) and "Ouvert" in label_text(ouvert)
    schwarz = contract_label(Contract.make(GameKind.GRAND, hand=True, schneider=True,
                                           schwarz=True), deck, Translator(lang))
    assert label_text(schwarz) == "Grand Hand Schwarz"
