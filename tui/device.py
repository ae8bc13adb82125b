"""A club-room device (`tally serve`): it names its scorekeeper once, and every deal,
correction and void it saves carries that name into the deal's history."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ledger.service import MAX_NAME, RuleError, clean_text, name_key

from .forms.prompt import Field, PromptModal
from .i18n import t

if TYPE_CHECKING:
    from .app import TallyApp


def scorekeeper_name(value: str) -> str:
    """The name as typed in one spelling (`name_key`: no invisible characters, spaces
    tidied); refused if empty or too long."""
    name = name_key(clean_text(value, "name") or "")
    if not name:
        raise RuleError("name", t("device.name_needed"))
    if len(name) > MAX_NAME:
        raise RuleError("name", f"is longer than {MAX_NAME} characters", "name_longer", n=MAX_NAME)
    return name


def ask_scorekeeper(app: TallyApp) -> None:
    """Ask who keeps the score on this device (once: the name stays for the session)."""

    def named(values: Mapping[str, str]) -> str:
        return scorekeeper_name(values["name"])

    def done(name: str | None) -> None:
        if name:
            app.scorekeeper = name
            app.sub_title = t("device.scorekeeper", name=name)

    app.push_screen(PromptModal(t("device.who_title"),
                                [Field("name", t("device.who_label"), "",
                                       t("device.who_hint"))], named), done)
