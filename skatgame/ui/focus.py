"""What has the keyboard's focus on a scene, in words: the one mechanism that reads the
focus out on every scene.

Every scene marks its focus the same few ways: a row of a :class:`~widgets.Form` (its
``form``), a :class:`~widgets.TextField` being typed in, or the button Enter presses
(:func:`widgets.focused_button`: the ``selected`` one, else the single ``primary``).
:func:`focused_control` finds it without any code in the scene, :func:`focus_words`
says it ("Deals: 36, 2 of 9", "New list, button, 1 of 6"), and :class:`FocusVoice`,
asked after every frame, speaks the title of a scene that opens, the control that
gets the focus, and the new value of a choice that changes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from skatgame.table.labels import Label, Sign
from skatgame.ui import widgets
from skatgame.ui.text import label_text

if TYPE_CHECKING:
    from skatgame.table.i18n import Tr
    from skatgame.ui.speech import Speaker

#: The key of a scene's title, by route name (a table scene has none: the table's
#: narrator says what happens there; a message says its own title and text).
TITLES: dict[str, str] = {
    "menu": "speech.scene.menu",
    "new_list": "menu.new_list",
    "together": "together.title",
    "settings": "settings.title",
    "finished_lists": "lists.title",
    "statistics": "stats.title",
    "learn": "learn.title",
    "lesson": "speech.scene.lesson",
    "review": "review.title",
    "sheet": "sheet.title",
    "pause": "pause.title",
    "help": "help.title",
    "last_trick": "speech.scene.last_trick",
    "log": "log.title",
    "dealt_cards": "speech.scene.dealt_cards",
    "declare": "declare.title",
    "lobby": "speech.scene.lobby",
}


@dataclass(frozen=True)
class Focused:
    """The control with the focus: ``kind`` "button", "choice", "field" or "typing" (a
    field being typed in); ``index``
    (from 1) of ``count`` controls like it."""

    control: object
    kind: str
    label: str
    value: str = ""
    index: int = 0
    count: int = 0
    enabled: bool = True
    #: the page or tab the control stands on (a form's rows under a selected tab)
    page: str = ""
    #: a button that stands for the page or tab on show
    chosen: bool = False


def _words(label: Label, tr: Tr | None = None) -> str:
    """A label as words: its text, or the suits of a label that is only signs."""
    from skatgame.table.speech import SUIT_WORDS

    text = label_text(label)
    if text or isinstance(label, str) or tr is None:
        return text
    return " ".join(tr(f"speech.suit.french.{SUIT_WORDS[p.suit]}") for p in label
                    if isinstance(p, Sign))


def _fields(scene: object) -> list[widgets.TextField]:
    """The text fields a scene holds (as attributes, or in a list or dict of them)."""
    found: list[widgets.TextField] = []
    for v in vars(scene).values():
        items = v.values() if isinstance(v, dict) else v if isinstance(v, list | tuple) \
            else (v,)
        found.extend(x for x in items if isinstance(x, widgets.TextField) and x not in found)
    return found


def _field_label(field: widgets.TextField) -> str:
    return field.label or field.tag or field.default


def focused_control(scene: object) -> Focused | None:
    """What has the focus on ``scene``: the text field being typed in, else the focused
    row of its form, else the button Enter presses (None: nothing)."""
    buttons: list[widgets.Button] = list(getattr(scene, "buttons", []))
    tr: Tr | None = getattr(scene, "tr", None)
    fields = _fields(scene)
    editing = next((f for f in fields if f.editing), None)
    if editing is not None:
        shown = "" if editing.secret else editing.text
        return Focused(editing, "typing", _field_label(editing), shown,
                       fields.index(editing) + 1, len(fields), editing.enabled)
    form = getattr(scene, "form", None)
    if not isinstance(form, widgets.Form):  # (a scene's one form under another name)
        form = next((v for v in vars(scene).values() if isinstance(v, widgets.Form)), None)
    if isinstance(form, widgets.Form):
        extra = form.extra
        place = (form.focus + 1, len(form.rows) + len(form.extras()))
        here = extra if extra is not None else \
            form.rows[min(form.focus, len(form.rows) - 1)] if form.rows else None
        walk = list(form.walk()) if form.walk is not None else []
        if here in walk:  # the scene's own order
            place = (walk.index(here) + 1, len(walk))
        if isinstance(extra, widgets.TextField):
            return Focused(extra, "field", _field_label(extra),
                           "" if extra.secret else extra.text, *place, extra.enabled)
        if isinstance(extra, widgets.Button):
            return Focused(extra, "button", extra.spoken or _words(extra.label, tr), "", *place,
                           extra.enabled,
                           chosen=extra.chosen)
        if form.rows:
            i = min(form.focus, len(form.rows) - 1)
            row = form.rows[i]
            value = _words(row.options[row.index][1], tr) if row.options else ""
            tab = next((b for b in buttons if b.chosen and b.enabled), None)
            at = place if here in walk else (i + 1, place[1])
            return Focused(row, "choice", row.label or row.spoken, value, *at, row.enabled,
                           _words(tab.label, tr) if tab is not None else "")
    button = widgets.focused_button(buttons)
    if button is None:
        return None
    # counted within its group: a table's action row (the bids) apart from its toolbar
    actions = getattr(scene, "actions", None)
    group = actions if isinstance(actions, list) and button in actions else buttons
    placed = [b for b in group if b.enabled and b.rect.width > 0]
    index = placed.index(button) + 1 if button in placed else 0
    return Focused(button, "button", button.spoken or _words(button.label, tr), index=index,
                   count=len(placed), enabled=button.enabled, chosen=button.chosen)


def draw_focus(surface: Any, scene: object) -> None:
    """Ring the control with the keyboard's focus on ``scene`` (drawn over the scene, so
    that every scene shows its focus the same way)."""
    f = focused_control(scene)
    rect = getattr(f.control, "rect", None) if f is not None else None
    if rect is not None and rect.width > 0 and rect.height > 0:
        widgets.draw_focus_ring(surface, rect, max(4, rect.height // 4))


def focus_words(f: Focused, tr: Tr) -> str:
    """The focused control in words: its label, kind or value, and place."""
    if f.kind == "typing":
        return tr("speech.focus.typing", label=f.label, value=f.value or tr("speech.empty"))
    if f.kind == "field":
        f = replace(f, value=f.value or tr("speech.empty"))
    if f.chosen:
        f = replace(f, label=tr("speech.focus.chosen", label=f.label))
    if not f.enabled:
        return tr(f"speech.focus.{f.kind}_off", label=f.label, value=f.value)
    if f.count > 1:
        return tr(f"speech.focus.{f.kind}_of", label=f.label, value=f.value, index=f.index,
                  count=f.count)
    return tr(f"speech.focus.{f.kind}", label=f.label, value=f.value)


def spoken_title(scene: object, tr: Tr) -> str:
    """What a scene says when it opens: its title (a message: its title and text)."""
    name = str(getattr(scene, "name", ""))
    if name in ("message", "confirm"):
        return sentences([str(getattr(scene, "title", "")), str(getattr(scene, "body", ""))])
    key = TITLES.get(name)
    return tr(key) if key is not None else ""


def _same(f: Focused, old: Focused | None) -> bool:
    """Whether ``f`` says what ``old`` said (a scene may build its buttons anew)."""
    return old is not None and replace(f, control=None) == replace(old, control=None)


def sentences(parts: list[str]) -> str:
    """Parts said one after the other, each ending as a sentence ("Quit. Really?")."""
    return " ".join(p if p[-1] in ".?!:" else p + "." for p in (x.strip() for x in parts) if p)


class FocusVoice:
    """Speaks what the focus does, asked after each frame with the scene on top."""

    def __init__(self) -> None:
        self.scene: object = None
        self.focused: Focused | None = None
        self.row = ""

    def follow(self, scene: Any, speaker: Speaker, tr: Tr, moved: bool) -> None:
        """``moved``: the player pressed a key or clicked this frame (what he did is said
        at once; a focus the scene moved by itself after what is being said)."""
        f = focused_control(scene) if scene is not None else None
        row = str(getattr(scene, "spoken_row", ""))
        if scene is not self.scene:
            self.scene, self.focused, self.row = scene, f, row
            title = spoken_title(scene, tr)
            if title:  # a table scene only notes its focus: its narrator speaks
                words = [title] + ([f.page, focus_words(f, tr)] if f is not None else [])
                speaker.say(sentences([*words, row]), interrupt=True)
            return
        if row != self.row:
            self.row = row
            if row:
                speaker.say(row, interrupt=moved)
        old, self.focused = self.focused, f
        if f is None or _same(f, old):
            return
        if old is not None and old.control is f.control and old.label == f.label \
                and old.kind == "choice":
            line = f.value  # the same row: its new value
        else:
            line = focus_words(f, tr)
            if f.page and (old is None or f.page != old.page):
                line = sentences([f.page, line])
        speaker.say(line, interrupt=moved)
