"""The Tally app: built by `make_app(service)` so tests can inject a database.

The nights list is the bottom screen; a night, a table and a deal's history stack on top of
it and Esc backs out. On a first run (no night yet) a welcome offers a new night or the demo
night, which lives in its own database (`ledger.demo`) so the club's data stays clean.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from pathlib import Path
from typing import ClassVar

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ledger.service import Tally

from .i18n import t
from .keys import localize
from .screens.help import HelpScreen, help_markdown
from .screens.night import NightScreen
from .screens.nights import NightsScreen
from .screens.welcome import WelcomeScreen

STYLES = Path(__file__).parent / "styles"
THEME = "textual-dark"


class TallyApp(App[None]):
    TITLE = "Tally"
    CSS_PATH: ClassVar[list[str | Path]] = [STYLES / "app.tcss", STYLES / "forms.tcss",
                                            STYLES / "table.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "key.help", priority=True),
        Binding("question_mark", "help", "key.help", show=False),
        Binding("ctrl+q", "quit", "key.quit", show=False, priority=True),
    ]

    def __init__(self, service: Tally, *, demo_path: Path | None = None,
                 start_night: int | None = None, demo: bool = False,
                 today: Callable[[], date] = date.today) -> None:
        super().__init__()
        localize(self)
        self.service = service
        self.demo_path = demo_path
        self.start_night = start_night
        self.today = today
        self.theme = THEME
        self.sub_title = t("app.demo") if demo else ""

    def get_default_screen(self) -> Screen[None]:
        return NightsScreen()

    def on_mount(self) -> None:
        if self.start_night is not None:
            self.open_night(self.start_night)
        elif not self.service.nights():
            self.push_screen(WelcomeScreen(), self._welcomed)

    def _welcomed(self, choice: str | None) -> None:
        if choice == "night" and isinstance(self.screen, NightsScreen):
            self.screen.action_new_night()
        elif choice == "demo":
            self.open_demo()

    # ---- navigation -----------------------------------------------------------------------

    def open_night(self, night_id: int) -> None:
        self.push_screen(NightScreen(night_id))

    @work(thread=True, exclusive=True, group="demo")
    def open_demo(self) -> None:
        """Build (first time) and open the demo database, then show its night."""
        from ledger.demo import open_demo

        self.call_from_thread(self.notify, t("demo.opening"))
        service, night_id = open_demo(self.demo_path)
        self.call_from_thread(self._switch_to, service, night_id)

    def _switch_to(self, service: Tally, night_id: int) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.service.engine.dispose()
        self.service = service
        self.sub_title = t("app.demo")
        nights = self.screen
        if isinstance(nights, NightsScreen):
            nights.reload()
        self.open_night(night_id)

    # ---- help and the command palette -----------------------------------------------------------

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss(None)
            return
        self.push_screen(HelpScreen(help_markdown(self.screen)))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The screen's main actions first (those available now), then Textual's own."""
        for action in getattr(screen, "PALETTE", ()):
            if screen.check_action(action, ()) is not True:
                continue
            yield SystemCommand(t(f"palette.{action}"), t(f"palette.{action}.help"),
                                _runner(screen, action))
        yield SystemCommand(t("palette.help"), t("palette.help.help"), self.action_help)
        yield from super().get_system_commands(screen)


def _runner(screen: Screen[object], action: str) -> Callable[[], object]:
    return lambda: screen.run_action(action)


def make_app(service: Tally, **options: object) -> TallyApp:
    """The app over `service` (options: demo_path, start_night, demo, today)."""
    return TallyApp(service, **options)  # type: ignore[arg-type]
