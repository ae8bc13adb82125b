"""The deal form for a game without a form of its own: the contract JSON, typed, with the
same live payouts and errors. Every engine is usable the day it lands; its own form follows."""

from __future__ import annotations

import json
from typing import Any

from textual.app import ComposeResult
from textual.widgets import Static, TextArea

from ledger.service import read_json_object

from ..i18n import t
from .base import DealForm


class JsonDealForm(DealForm):
    HELP = "help.form.json"
    FIELD_ORDER = ("json",)

    def game_name(self) -> str | None:
        return self.ctx.table.game

    def compose_fields(self) -> ComposeResult:
        yield from self.field_row("json", t("slot.json"),
                                  TextArea("{\n  \n}", id="json", show_line_numbers=False))

    def is_set(self, slot: str) -> bool:
        return True

    def outcome(self) -> dict[str, Any]:
        return read_json_object(self.query_one("#json", TextArea).text, "input")

    def load(self, outcome: dict[str, Any]) -> None:
        self.query_one("#json", TextArea).text = json.dumps(outcome, ensure_ascii=False,
                                                            indent=2)

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        event.stop()
        self.changed()

    def show_result(self) -> None:
        super().show_result()
        if self.error is not None:  # every complaint belongs to the one text field
            inline = self.query_one("#error-json", Static)
            inline.update(str(self.error))
            inline.display = True
            self.query_one("#form-status", Static).update("")
