"""What a deal would settle, shown live beside a deal form: summary, transfers, nets."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ledger.service.views import Preview
from ledger.text.summaries import REASON_TERMS, party, reason_text  # shared with the exports

from ..format import chips, minus_signs
from ..i18n import t
from .kinsoku import Wrapped


class PreviewPanel(Static):
    """Shows a `Preview` (or a hint while the deal is incomplete)."""

    def __init__(self, seats: Sequence[str], *, id: str | None = None,
                 render: Callable[[Preview], RenderableType] | None = None) -> None:
        super().__init__(Text(t("preview.empty"), style="dim"), id=id)
        self.seats = tuple(seats)
        self.preview: Preview | None = None
        self.render_with = render or (lambda p: render_preview(p, self.seats))

    def clear(self, hint: str | None = None) -> None:
        self.preview = None
        self.set_class(False, "refused")
        self.update(Wrapped(hint or t("preview.empty"), "dim"))

    def refuse(self, reason: str) -> None:
        """A refusal at the top of the panel, where it is in view whatever the form's
        height, in the error colour the field's own mark has."""
        self.preview = None
        self.set_class(True, "refused")
        self.update(Wrapped(t("preview.fix", reason=reason), ""))

    def show(self, preview: Preview) -> None:
        self.preview = preview
        self.set_class(False, "refused")
        self.update(self.render_with(preview))



__all__ = ["REASON_TERMS", "reason_text"]


def nets_grid(nets: dict[str, int], seats: Sequence[str]) -> Table:
    """Each seat's net, in seat order."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column()
    grid.add_column(justify="right")
    for name in seats:
        grid.add_row(name, chips(nets.get(name, 0), zero="0"))
    return grid


def render_preview(preview: Preview, seats: Sequence[str]) -> RenderableType:
    parts: list[RenderableType] = [Wrapped(minus_signs(preview.shown()), "bold"), Text("")]
    if preview.transfers:
        moves = Table.grid(padding=(0, 1))
        moves.add_column()
        moves.add_column()
        moves.add_column()
        moves.add_column(justify="right")
        moves.add_column(style="dim")
        for x in preview.transfers:
            moves.add_row(party(x.payer), "→", party(x.payee), str(x.amount),
                          Wrapped(reason_text(x.reason)))
        parts += [Text(t("preview.transfers"), style="underline"), moves, Text("")]
    else:
        parts += [Text(t("preview.no_transfers"), style="dim"), Text("")]
    parts += [Text(t("preview.nets"), style="underline"), nets_grid(preview.nets, seats)]
    return Group(*parts)
