"""Who keeps the score: a club-room device (`tally serve`) names its scorekeeper once, and
the app asks once per session, at the first save; every deal, correction and void saved
after carries that name into the deal's history (the "By" column)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
        raise RuleError("name", f"is longer than {MAX_NAME} characters")
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


def ask_name_once(app: TallyApp, then: Callable[[], None]) -> bool:
    """On the first save of a session: ask who keeps the score (prefilled with the name
    given last time; Esc skips), so every revision saved from now on names its author.
    Asked once per session; False when there is nothing to ask (then save at once)."""
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
        then()  # the save the question stood in front of (without a name when skipped)

    app.push_screen(PromptModal(t("scorekeeper.title"),
                                [Field("name", t("device.who_label"),
                                       app.settings.scorekeeper or "", t("device.who_hint"))],
                                named, note=t("scorekeeper.note"), ok=t("button.ok")), done)
    return True
