"""`?` / F1: what this screen is for, its keys, and a summary of the table's game rules."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, Static

from ledger.text.i18n.typography import has_cjk, wrap_markdown

from ..format import game_title
from ..i18n import t
from ..widgets.footer import KeysFooter
from .base import TallyModal


def keys_markdown(screen: Screen[object]) -> str:
    """The keys active on `screen`, one line each (greyed ones marked)."""
    lines = []
    seen: set[str] = set()
    for active in screen.active_bindings.values():
        b = active.binding
        label = (b.group.description if b.group else "") or b.description
        if not b.show or not label or label in seen:  # the footer's keys, not scrolling
            continue
        seen.add(label)
        key = b.key_display or screen.app.get_key_display(b)
        if b.group and b.group.compact and not b.key_display:
            key = t("help.keys_group")  # a group with no key of its own to show
        note = "" if active.enabled else f" *({t('help.unavailable')})*"
        lines.append(f"- `{key}` {label}{note}")
    return "\n".join(lines)


def help_markdown(screen: Screen[object]) -> str:
    parts = []
    help_key = getattr(screen, "HELP", "")
    if help_key:
        parts.append(t(help_key))
    parts.append(f"## {t('help.keys')}\n\n{keys_markdown(screen)}")
    parts.append(t("help.everywhere"))
    game = screen.game_name() if hasattr(screen, "game_name") else None
    if game:
        rules = t(f"rules.{game}", default="") or t("rules.none")
        parts.append(f"## {t('help.rules', game=game_title(game))}\n\n{rules}")
    return "\n\n".join(parts)


class HelpScreen(TallyModal[None]):
    """Help for the screen underneath; any of Esc, ?, F1 closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,f1,q", "close", "key.close"),
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
        self._wrapped_at = 0

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body", classes="dialog wide"):
            yield Static(t("help.title"), classes="dialog-title")
            yield Markdown(self.text)
        yield KeysFooter(compact=True)

    def on_resize(self) -> None:
        """Japanese is broken into lines here (kinsoku, never inside a word or number):
        the Markdown renderer breaks only at spaces, which Japanese does not have."""
        if not has_cjk(self.text):
            return
        body = self.query_one(Markdown)
        # room for a scroll bar (2) that shows up once the text is longer than the screen
        size = (body.content_size.width or (self.size.width - 12)) - 2
        if size > 10 and size != self._wrapped_at:
            self._wrapped_at = size
            body.update(wrap_markdown(self.text, size - 1))

    def action_close(self) -> None:
        self.dismiss(None)
