"""What every screen of the app shares: translated keys, Esc to go back, help, the palette."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, TypeVar, cast

from textual.binding import Binding, BindingType
from textual.screen import ModalScreen, Screen

from .app_view import TallyView
from .keys import localize
from .release import release_closed_widgets

if TYPE_CHECKING:
    from ledger.service import RuleError, Tally

ResultType = TypeVar("ResultType")


class BindingsFollowState:
    """Refresh the footer only when an action's availability changed: a refresh recomposes
    the footer, which is the costly part of a key press on a busy screen."""

    PALETTE: ClassVar[tuple[str, ...]] = ()
    _binding_state: tuple[bool | None, ...] | None = None

    def update_bindings(self) -> None:
        state = tuple(self.check_action(a, ()) for a in self.PALETTE)  # type: ignore[attr-defined]
        if state != self._binding_state:
            self._binding_state = state
            self.refresh_bindings()  # type: ignore[attr-defined]


class OnTally:
    """What screens and dialogs share: translated keys, the app and its service."""

    def __init__(self) -> None:
        super().__init__()
        localize(self)

    @property
    def tally(self) -> TallyView:
        """The app, as the screens see it (`tui.app_view`)."""
        return cast(TallyView, self.app)  # type: ignore[attr-defined]

    @property
    def service(self) -> Tally:
        return self.tally.service

    def game_name(self) -> str | None:
        """The game whose rules the help shows (a table's screens), if any."""
        return None

    def replay_keys(self) -> None:
        """Keys typed ahead while screens changed: this one takes them now (tui.typeahead)."""
        keys = getattr(self.app, "keys", None)
        if keys is not None:
            keys.wake()

    def on_screen_resume(self) -> None:
        self.replay_keys()

    def on_unmount(self) -> None:
        """The screen is gone (its widgets first): let Textual's caches forget them."""
        release_closed_widgets()


class TallyScreen(OnTally, BindingsFollowState, Screen[ResultType]):
    """A full screen. `HELP` is the i18n key of its help text; `PALETTE` lists the actions
    the command palette offers while it is showing (each one greyed out like its key)."""

    HELP: ClassVar[str] = ""
    PALETTE: ClassVar[tuple[str, ...]] = ()
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "key.back")]

    def rebuilt(self) -> TallyScreen[ResultType] | None:
        """A fresh copy of this screen (built in the language now chosen), or None when it
        cannot be built again (it returns a result to someone)."""
        return None

    def action_back(self) -> None:
        if self.can_go_back():
            self.dismiss(None)

    def gone(self, why: RuleError | None = None) -> None:
        """What this screen shows was deleted on another device (a table or night opened by
        mistake, deleted while empty): say so, and go back to the screen below. A database
        that cannot be read now (`why`: a server restarting, a connection lost) is said, and
        the screen stays: it reads again at the next change."""
        from .i18n import t

        if why is not None and why.field in ("database", "db"):
            from ledger.text.i18n.errors import render_error

            self.notify(render_error(why), severity="error")
            return
        self.notify(t("delete.gone"), severity="warning")
        if self.is_current and self.can_go_back():
            self.dismiss(None)

    def can_go_back(self) -> bool:
        return len(self.app.screen_stack) > 1 and self.app.screen_stack[0] is not self

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return self.can_go_back()
        return True


class TallyModal(OnTally, BindingsFollowState, ModalScreen[ResultType]):
    """A dialog that returns a typed result with `dismiss(value)`. The app's own keys do not
    reach a modal screen, so help is bound here again (F1 is a priority key of the app)."""

    HELP: ClassVar[str] = ""
    PALETTE: ClassVar[tuple[str, ...]] = ()
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "app.help", "key.help", show=False),
        Binding("f1", "app.help", "key.help"),
    ]

    # a question that follows a refused save keeps the toast that says the keys typed
    # after it were dropped (it sits in the middle of the screen, clear of the toast)
    KEEPS_TOASTS: ClassVar[bool] = False

    def on_screen_resume(self) -> None:
        """A form or a dialog is what the user reads and types now: no toast stays over its
        fields or its Save row (at 80×24 one would)."""
        if not self.KEEPS_TOASTS:
            self.app.clear_notifications()
