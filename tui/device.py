"""Who keeps the score: a club-room device (`tally serve`) names its scorekeeper once, and
the app asks once per session, at the first save; every deal, correction and void saved
after carries that name into the deal's history (the "By" column)."""

from __future__ import annotations

from collections.abc import Mapping

from .app_view import TallyView
from .forms.prompt import Field, PromptModal
from .forms.scorekeeper import ask_name_once, scorekeeper_name
from .i18n import t

__all__ = ["ask_name_once", "ask_scorekeeper", "scorekeeper_name"]

def ask_scorekeeper(app: TallyView) -> None:
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
