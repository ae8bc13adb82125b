"""A new table: game, preset, and the seats in clockwise order (the first seat deals first).

Type a name and press Enter to seat the best roster match (a new name joins the roster);
the seat list takes Delete to remove and shift+↑/↓ to reorder. The game's set-up panel
(Crazy Solo: the cards removed at this table size) follows the number of seats.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.cells import cell_len
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from ledger.service import RuleError
from ledger.service.games import game as game_view
from ledger.service.games import games
from ledger.service.views import GameView
from ledger.text.i18n.errors import render_error

from ..format import game_title
from ..i18n import t
from ..keys import localize
from ..screen_base import TallyModal
from ..widgets.footer import KeysFooter
from ..widgets.kinsoku import Wrapped
from ..worker_submit import show_refusal, submit_in_worker
from .registry import ui_for


class SeatList(OptionList):
    """The chosen seats in order."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("delete,backspace", "remove", "key.remove_seat"),
        Binding("shift+up", "move(-1)", "key.move_up"),
        Binding("shift+down", "move(1)", "key.move_down"),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        localize(self)
        self.names: list[str] = []

    def show(self, names: Sequence[str], highlight: int | None = None) -> None:
        self.names = list(names)
        self.set_options([Option(f"{i}. {n}", id=n) for i, n in enumerate(self.names, 1)])
        if self.names:
            self.highlighted = min(highlight if highlight is not None else len(self.names) - 1,
                                   len(self.names) - 1)

    def action_remove(self) -> None:
        at = self.highlighted
        if at is not None and self.names:
            del self.names[at]
            self.show(self.names, at)
            self.post_message(self.Changed(self))

    def action_move(self, step: int) -> None:
        at = self.highlighted
        if at is None or not 0 <= at + step < len(self.names):
            return
        self.names[at], self.names[at + step] = self.names[at + step], self.names[at]
        self.show(self.names, at + step)
        self.post_message(self.Changed(self))

    class Changed(Message):
        """The seats changed."""

        def __init__(self, seats: SeatList) -> None:
            super().__init__()
            self.seats = seats


class NewTableModal(TallyModal[int | None]):
    """Names typed in one burst (`Ann⏎Bea⏎Chie⏎ctrl+s`) seat exactly those players: the app
    hands each key to this screen at once (`tui.typeahead`), so a name's Enter seats it and
    empties the box before the next name's first letter is read."""

    HELP = "help.new_table"
    TYPE_AHEAD: ClassVar[bool] = True
    keys_ready = False  # mounted and focused: keys typed ahead are replayed from now on
    PALETTE = ("create",)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "create", "key.open_table"),
        Binding("escape", "cancel", "key.cancel"),
        Binding("down", "roster(1)", show=False),
        Binding("up", "roster(-1)", show=False),
    ]

    def __init__(self, submit: Callable[[str, str, Sequence[str]], int]) -> None:
        super().__init__()
        self.submit = submit
        self.game = games()[0].name
        self.roster: list[str] = []
        self.browsed = False  # the roster's highlight was moved by ↑/↓ (a deliberate pick)

    def compose(self) -> ComposeResult:
        offered = [(game_title(g.name), g.name) for g in games()]
        with Vertical(id="new-table", classes="dialog full"):
            yield Static(t("table.new_title"), classes="dialog-title")
            with Horizontal(id="game-row"):
                with Horizontal(id="game-pick", classes="pick"):
                    yield Label(t("field.game"), classes="inline-label")
                    yield Select(offered, value=self.game, allow_blank=False, id="game")
                with Horizontal(id="preset-pick", classes="pick"):
                    yield Label(t("field.preset"), classes="inline-label")
                    yield Select(self._presets(), value="default", allow_blank=False,
                                 id="preset")
            yield Static("", id="preset-note", classes="hint")
            with Horizontal(id="seating"):
                with Vertical(id="seat-pick"):
                    yield Label(t("table.add_players"))
                    yield Input(placeholder=t("field.seat_hint"), id="seat-name")
                    yield OptionList(id="roster")
                with Vertical(id="seat-order"):
                    yield Label("", id="seats-label")
                    yield SeatList(id="seats")
                yield Vertical(id="setup")
            yield Static("", id="table-error", classes="error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(t("key.open_table"), variant="primary", id="create", compact=True)
                yield Button(t("button.cancel"), id="cancel", compact=True)
        yield KeysFooter(compact=True)

    def on_resize(self) -> None:
        """Preset goes under Game when the two are wider than the form (the Japanese
        labels at 80 columns): the selector never runs past the right edge."""
        row = self.query_one("#game-row")
        need = sum(cell_len(str(label.render())) + label.styles.padding.width
                   + int(select.styles.width.value if select.styles.width else 0)
                   + select.styles.margin.width
                   for label, select in ((self.query_one("#game-pick Label", Label),
                                          self.query_one("#game", Select)),
                                         (self.query_one("#preset-pick Label", Label),
                                          self.query_one("#preset", Select))))
        row.set_class(need > row.size.width, "-stacked")

    def on_mount(self) -> None:
        self._read_roster()

    @work(thread=True, exclusive=True, group="roster-read", description="roster-read")
    def _read_roster(self) -> None:
        """The members to seat, read off the app's thread; keys typed ahead wait for the
        box (`keys_ready`)."""
        names = [p.name for p in self.service.players()]
        try:
            self.app.call_from_thread(self._show_roster, names)
        except RuntimeError:  # the app has stopped meanwhile
            pass

    def _show_roster(self, names: list[str]) -> None:
        if not self.is_mounted:
            return
        self.roster = names
        self._game_changed()
        self._filter("")
        self.set_focus(self.query_one("#seat-name", Input))
        self.keys_ready = True
        self.replay_keys()

    # ---- game and preset ------------------------------------------------------------------

    def _game(self) -> GameView:
        found = game_view(self.game)
        assert found is not None  # chosen from games()
        return found

    def _presets(self) -> list[tuple[str, str]]:
        return [(t(f"preset.{name}", default=name), name) for name, _ in self._game().presets]

    def _game_changed(self) -> None:
        preset = self.query_one("#preset", Select)
        preset.set_options(self._presets())
        preset.value = "default"
        setup = self.query_one("#setup", Vertical)
        setup.remove_children()
        factory = ui_for(self.game).setup_panel
        if factory is not None:
            setup.mount(Static(Wrapped(t(f"setup.{self.game}", default="")),  # wrapped,
                                 classes="setup-title"), factory())  # never cut at 80
        setup.display = factory is not None
        self._seats_changed()
        self._preset_note()

    def _preset_note(self) -> None:
        chosen = self.query_one("#preset", Select).value
        notes = dict(self._game().presets)
        note = t(f"preset.{self.game}.{chosen}.about", default=notes.get(str(chosen), ""))
        self.query_one("#preset-note", Static).update(str(note))

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if event.select.id == "game" and event.value != self.game:
            self.game = str(event.value)
            self._game_changed()
        elif event.select.id == "preset":
            self._preset_note()

    # ---- seats ----------------------------------------------------------------------------

    @property
    def seats(self) -> list[str]:
        return list(self.query_one("#seats", SeatList).names)

    def _seats_changed(self) -> None:
        game = self._game()
        n = len(self.seats)
        self.query_one("#seats-label", Label).update(
            seats_label(n, game.min_seats, game.max_seats))
        for panel in self.query("#setup > *"):
            if hasattr(panel, "show_seats"):
                panel.show_seats(n)
        self.query_one("#table-error", Static).update("")
        self._filter(self.query_one("#seat-name", Input).value)

    def on_seat_list_changed(self, event: SeatList.Changed) -> None:
        event.stop()
        self._seats_changed()

    def _filter(self, text: str) -> None:
        needle = text.strip().lower()
        seated = set(self.seats)
        names = [n for n in self.roster if n not in seated and needle in n.lower()]
        names.sort(key=lambda n: (not n.lower().startswith(needle), n.lower()))
        roster = self.query_one("#roster", OptionList)
        roster.set_options([Option(n, id=n) for n in names])
        if names:
            roster.highlighted = 0

    def on_input_changed(self, event: Input.Changed) -> None:
        # a key typed ahead was handled at once (tui.typeahead); the Input's own message
        # for it comes later and may be stale (its name seated, the box emptied since)
        if event.input.id == "seat-name" and event.value == event.input.value:
            self.browsed = False
            self._filter(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "seat-name":
            return
        event.stop()
        roster = self.query_one("#roster", OptionList)
        text = " ".join(event.value.split())
        if text:  # the match for what was typed, not for what a late message filtered
            self._filter(text)
        if roster.highlighted_option is not None and text:
            self._seat(str(roster.highlighted_option.id))
        elif text:  # a new member: added in a worker, seated once added
            self.adding = True
            submit_in_worker(self, lambda: self.service.add_player(text),
                             lambda answer: self._added(text, answer), group="add-player")
        elif roster.highlighted_option is not None and self.browsed:
            self._seat(str(roster.highlighted_option.id))
        else:  # Enter in an empty box seats no one: a name is typed or picked with ↑/↓
            self.query_one("#table-error", Static).update(t("table.pick_a_name"))

    def _added(self, name: str, answer: object) -> None:
        """A new member written off the app's thread (`add_player`'s answer)."""
        self.adding = False
        if isinstance(answer, RuleError):
            self.query_one("#table-error", Static).update(render_error(answer))
        else:
            self.roster.append(name)
            self._seat(name)
        self.replay_keys()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "roster":
            self._seat(str(event.option.id))

    def _seat(self, name: str) -> None:
        seats = self.query_one("#seats", SeatList)
        seats.show([*seats.names, name])
        field = self.query_one("#seat-name", Input)
        field.value = ""
        self.browsed = False
        self._seats_changed()
        self.set_focus(field)

    def action_roster(self, step: int) -> None:
        roster = self.query_one("#roster", OptionList)
        if roster.option_count:
            at = roster.highlighted if roster.highlighted is not None else -step
            roster.highlighted = (at + step) % roster.option_count
            self.browsed = True

    # ---- create ---------------------------------------------------------------------------

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self.action_create()
        else:
            self.action_cancel()

    creating = False  # the table is being written (in a worker): keys typed ahead wait
    adding = False  # a new member is being written (in a worker): keys typed ahead wait

    @property
    def keys_held(self) -> bool:
        return self.creating or self.adding

    def action_create(self) -> None:
        if not self.creating:
            self.creating = True
            # the table written off the app's thread (the store may wait for a lock)
            game, preset = self.game, str(self.query_one("#preset", Select).value)
            seats = list(self.seats)
            submit_in_worker(self, lambda: self.submit(game, preset, seats), self._created,
                             group="create")

    def _created(self, answer: int | RuleError) -> None:
        self.creating = False
        if isinstance(answer, RuleError):
            # refused: the keys typed after it were for the table
            show_refusal(self, self.query_one("#table-error", Static), answer)
            return
        self.keys_ready = False  # keys typed after this are for the table it opens
        self.dismiss(answer)

    def action_cancel(self) -> None:
        """Esc: with players seated, ask before throwing the seating away."""
        if not self.seats:
            self.keys_ready = False
            self.dismiss(None)
            return
        from .prompt import ConfirmModal

        def answered(yes: bool | None) -> None:
            if yes:
                self.keys_ready = False
                self.dismiss(None)

        self.app.push_screen(ConfirmModal(t("table.discard_seating"), yes=t("button.discard"),
                                          no=t("button.keep_editing")), answered)


def seats_label(n: int, lo: int, hi: int) -> str:
    """How many seats are taken, said as a person would ("none yet (2 players)", "1 of 2",
    "5 (3 to 12 players)"), never "Seats 0 (2–2)"."""
    if n == 0:
        return t("table.seats_label_none" if lo == hi else "table.seats_label_none_range",
                 lo=lo, hi=hi)
    if lo == hi:
        return t("table.seats_label_of", n=n, lo=lo)
    return t("table.seats_label", n=n, lo=lo, hi=hi)
