"""Hachi-Hachi declarations: round the table from the start player, one key each.

`i` declares the player whose turn it is in (出る), `o` out (降りる); backspace takes the last
declaration back. Who is forced out (降ろされ), shown greyed, and when the round is fully
declared are the engine's to say (`judge`: the form facts for what was said). `m` toggles
Mizuten (ミズテン) for the start player, who is then in without choice. The widget keeps
what was said; the rules engine decides what it costs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..i18n import t, term
from ..keys import localize

IN, OUT = "in", "out"
# the declarations so far -> (who is forced out, is the round fully declared): the engine's
Judge = Callable[[Mapping[str, str]], tuple[tuple[str, ...], bool]]


class DeclarationsField(Widget, can_focus=True):
    """`said`: the declarations made so far, in order from the start player."""


    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("i", "declare('in')", "key.declare_in"),
        Binding("o", "declare('out')", "key.declare_out"),
        Binding("m", "mizuten", "key.mizuten"),
        Binding("backspace", "undo", "key.undo_declaration"),
    ]

    said: reactive[tuple[str, ...]] = reactive(tuple)
    mizuten: reactive[bool] = reactive(False)

    class Changed(Message):
        """A declaration changed; `advance` when the round is fully declared."""

        def __init__(self, field: DeclarationsField, advance: bool = False) -> None:
            super().__init__()
            self.field = field
            self.advance = advance

        @property
        def control(self) -> DeclarationsField:
            return self.field

    def __init__(self, order: Sequence[str], judge: Judge, *, id: str | None = None) -> None:
        super().__init__(id=id)
        localize(self)
        self.order = tuple(order)
        self.judge = judge
        self.judged: tuple[tuple[str, ...], bool] = judge({})

    # ---- what was said --------------------------------------------------------------------

    @property
    def touched(self) -> bool:
        return self.complete

    @property
    def ins(self) -> tuple[str, ...]:
        return tuple(p for p, d in zip(self.order, self.said, strict=False) if d == IN)

    @property
    def complete(self) -> bool:
        return self.judged[1]

    @property
    def forced(self) -> tuple[str, ...]:
        return self.judged[0]

    def rejudge(self) -> None:
        """Ask the engine again, after what was said (or the order) changed."""
        self.judged = self.judge(self.declarations())

    def declarations(self) -> dict[str, str]:
        """The contract's `declarations`: who declared what, in order (forced-outs left out)."""
        return dict(zip(self.order, self.said, strict=False))

    def reset(self, order: Sequence[str]) -> None:
        """A different start player: the round is declared afresh."""
        self.order = tuple(order)
        self.said = ()
        self.mizuten = False
        self.rejudge()

    def load(self, declarations: Mapping[str, str], mizuten: bool) -> None:
        said = []
        for name in self.order:
            if name not in declarations:
                break
            said.append(declarations[name])
        if mizuten and not said:
            said = [IN]
        self.said = tuple(said)
        self.mizuten = mizuten
        self.rejudge()

    # ---- keys -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "declare":
            return not self.complete or None
        if action == "undo":
            return (bool(self.said) and not (self.mizuten and len(self.said) == 1)) or None
        return True

    def action_declare(self, value: str) -> None:
        if self.complete:
            self.app.bell()
            return
        self.said = (*self.said, value)
        self._changed()

    def action_undo(self) -> None:
        if not self.said or (self.mizuten and len(self.said) == 1):
            self.app.bell()
            return
        self.said = self.said[:-1]
        self._changed()

    def action_mizuten(self) -> None:
        """Toggle Mizuten: the start player is then in without choice."""
        self.mizuten = not self.mizuten
        if self.mizuten:
            self.said = (IN, *self.said[1:])
        self._changed()

    def _changed(self) -> None:
        self.rejudge()
        self.refresh_bindings()
        self.post_message(self.Changed(self, advance=self.complete))

    # ---- drawing --------------------------------------------------------------------------

    def render(self) -> Table:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=1)
        grid.add_column()
        grid.add_column()
        forced = set(self.forced)
        turn = len(self.said) if not self.complete else None
        for i, name in enumerate(self.order):
            mark = "▸" if i == turn and self.has_focus else " "
            if i < len(self.said):
                said = self.said[i]
                tag = Text(term(said), style="bold green" if said == IN else "yellow")
                if i == 0 and self.mizuten:
                    tag.append(f"  {term('mizuten')}", style="bold magenta")
                grid.add_row(mark, Text(name, style="bold"), tag)
            elif name in forced:
                grid.add_row(mark, Text(name, style="dim"),
                             Text(term("forced_out"), style="dim italic"))
            elif i == turn:
                grid.add_row(mark, Text(name, style="bold reverse"),
                             Text(t("declare.turn"), style="dim"))
            else:
                grid.add_row(mark, Text(name, style="dim"), Text("·", style="dim"))
        return grid

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
