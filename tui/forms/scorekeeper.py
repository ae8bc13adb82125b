"""Who keeps the score, asked once per app session as it starts (prefilled with the name
given last time, kept in the settings; Enter keeps it, Esc skips), and the name as it is
stored. Not at the first save: a scorekeeper typing deal after deal would have the next
deal's keys land in the question. A club-room device asks the same way (`tui.device`)."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.service import MAX_NAME, RuleError, clean_text, name_key

from ..app_view import TallyView
from ..i18n import t
from .prompt import Field, PromptModal


def scorekeeper_name(value: str) -> str:
    """The name as typed in one spelling (`name_key`: no invisible characters, spaces
    tidied); refused if empty or too long."""
    name = name_key(clean_text(value, "name") or "")
    if not name:
        raise RuleError("name", "words", text=t("device.name_needed"))
    if len(name) > MAX_NAME:
        raise RuleError("name", "name_longer", n=MAX_NAME)
    return name


def ask_name_once(app: TallyView) -> bool:
    """As a session starts: ask who keeps the score (prefilled with the name given last
    time; Esc skips), so every revision saved from now on names its author. Asked once per
    session; False when there is nothing to ask."""
    if not app.ask_name or app.name_asked or app.scorekeeper is not None:
        return False
    app.name_asked = True

    def named(values: Mapping[str, str]) -> str:
        return scorekeeper_name(values["name"])

    def done(name: str | None) -> None:
        if name:
            app.scorekeeper = name
            app.settings.scorekeeper = name
            app.settings.save()

    app.push_screen(PromptModal(t("scorekeeper.title"),
                                [Field("name", t("device.who_label"),
                                       app.settings.scorekeeper or "", t("device.who_hint"))],
                                named, note=t("scorekeeper.note"), ok=t("button.ok")), done)
    return True
