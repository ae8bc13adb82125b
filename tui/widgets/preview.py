"""What a deal would settle, shown live beside a deal form: summary, transfers, nets."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ledger.views import Preview

from ..format import chips
from ..i18n import t


class PreviewPanel(Static):
    """Shows a `Preview` (or a hint while the deal is incomplete)."""

    def __init__(self, seats: Sequence[str], *, id: str | None = None) -> None:
        super().__init__(Text(t("preview.empty"), style="dim"), id=id)
        self.seats = tuple(seats)
        self.preview: Preview | None = None

    def clear(self, hint: str | None = None) -> None:
        self.preview = None
        self.update(Text(hint or t("preview.empty"), style="dim"))

    def show(self, preview: Preview) -> None:
        self.preview = preview
        self.update(render_preview(preview, self.seats))


def render_preview(preview: Preview, seats: Sequence[str]) -> RenderableType:
    parts: list[RenderableType] = [Text(preview.summary, style="bold"), Text("")]
    if preview.transfers:
        moves = Table.grid(padding=(0, 1))
        moves.add_column()
        moves.add_column()
        moves.add_column()
        moves.add_column(justify="right")
        moves.add_column(style="dim")
        for x in preview.transfers:
            moves.add_row(x.payer, "→", x.payee, str(x.amount), x.reason)
        parts += [Text(t("preview.transfers"), style="underline"), moves, Text("")]
    else:
        parts += [Text(t("preview.no_transfers"), style="dim"), Text("")]
    nets = Table.grid(padding=(0, 2))
    nets.add_column()
    nets.add_column(justify="right")
    for name in seats:
        nets.add_row(name, chips(preview.nets.get(name, 0), zero="0"))
    parts += [Text(t("preview.nets"), style="underline"), nets]
    return Group(*parts)
