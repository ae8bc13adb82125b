"""The Tally app: built by `make_app(service)` so tests can inject a database.

The nights list is the bottom screen; a night, a table and a deal's history stack on top of
it and Esc backs out. On a first run (no night yet) a welcome offers a new night or the demo
night, which lives in its own database (`ledger.service.demo`) so the club's data stays clean.
The language can be switched while the app runs (saved in `settings`): the screens on the
stack are built again in the new language.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from datetime import date
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from textual import events, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.message import Message
from textual.screen import Screen

from ledger.service import Tally

from .compat_textual import escape_then_key, reset_app_bindings, text_never_markup
from .i18n import language, set_language, t
from .keys import localize
from .live import LIVE_POLL, LiveLedger
from .screen_base import TallyScreen
from .screens.help import HelpScreen, help_markdown
from .screens.night import NightScreen
from .screens.nights import NightsScreen
from .screens.welcome import WelcomeScreen
from .settings import Settings
from .typeahead import KeyRouter

STYLES = Path(__file__).parent / "styles"
THEME = "textual-dark"
FILE_CHECK_SECONDS = 2.0  # how often the app looks whether its ledger file was restored


class TallyApp(App[None]):
    TITLE = "Tally"
    CSS_PATH: ClassVar[list[str | Path]] = [STYLES / "app.tcss", STYLES / "forms.tcss",
                                            STYLES / "table.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "key.help", priority=True),
        Binding("question_mark", "help", "key.help", show=False),
        Binding("ctrl+q", "quit", "key.quit", show=False, priority=True),
        # Textual's own palette key, described in the language in use (its "palette" is not)
        Binding("ctrl+p", "command_palette", "key.palette", show=False, priority=True,
                tooltip="key.palette_tooltip"),
    ]

    def __init__(self, service: Tally, *, demo_path: Path | None = None,
                 start_night: int | None = None, demo: bool = False,
                 today: Callable[[], date] = date.today, settings: Settings | None = None,
                 exports_dir: Path | None = None, table_id: int | None = None,
                 scorekeeper: str | None = None, ask_scorekeeper: bool = False,
                 live: bool = True, open_tonight: bool = False, ask_name: bool = False) -> None:
        super().__init__()
        self.open_tonight = open_tonight  # `tally`: straight to tonight's night, if just one
        localize(self)
        self.service = service
        self.demo_path = demo_path
        self.start_night = start_night
        self.today = today
        self.settings = settings or Settings()  # no path: nothing is written
        if exports_dir is None:
            from ledger.service import exports_dir as default_exports

            exports_dir = default_exports()
        self.exports_dir = exports_dir
        self.theme = THEME
        self.demo = demo
        self._language_modes = 0  # screen-stack modes made by switching the language
        self._told_replaced = False
        self._checking_file = False  # a look whether the file was restored is on its way
        self.sub_title = t("app.demo") if demo else ""
        # a club-room device (`tally serve`): kept on one table, or on the served night
        self.table_id = table_id
        self.scorekeeper = scorekeeper  # who records, written into every revision
        self.ask_scorekeeper = ask_scorekeeper
        # `tally`: ask who keeps the score at the first save of the session (tui.device)
        self.ask_name = ask_name
        self.name_asked = False
        self.live = LiveLedger() if live else None
        self.keys = KeyRouter(self, super().post_message, lambda: t("keys.discarded"))

    def get_default_screen(self) -> Screen[None]:
        if self.table_id is not None:
            from .screens.table import TableScreen

            return TableScreen(self.table_id)
        if self.ask_scorekeeper and self.start_night is not None:
            return NightScreen(self.start_night)  # a device stays on the served night
        return NightsScreen()

    def on_mount(self) -> None:
        self.keys.start()
        self.set_interval(FILE_CHECK_SECONDS, self.check_file)
        if self.live is not None:
            self.set_interval(LIVE_POLL, self._poll_ledger)
        if self.ask_scorekeeper:
            if self.scorekeeper is None:
                from .device import ask_scorekeeper

                ask_scorekeeper(self)
            else:
                self.sub_title = t("device.scorekeeper", name=self.scorekeeper)
        elif self.start_night is not None:
            self.open_night(self.start_night)
        elif not (nights := self.service.nights()):
            self.push_screen(WelcomeScreen(), self._welcomed)
        elif self.open_tonight:
            today = self.today().isoformat()
            tonight = [n for n in nights if n.date == today and not n.closed]
            if len(tonight) == 1:
                self.open_night(tonight[0].id)
        if self.ask_name and not self.ask_scorekeeper:
            # who keeps the score, asked as the session starts (on top of the first
            # screen), never in the middle of recording: keys typed ahead after a save
            # must reach the next deal, not a question
            from .forms.scorekeeper import ask_name_once

            ask_name_once(self)

    def on_ready(self) -> None:
        """Started (the first frame is drawn): freeze what start-up made (modules, styles,
        the first screens) out of the garbage collector's sight. A full collection walks
        every live object, ~50k of them after start-up (40-50 ms of each pause), and Python
        makes one every deal or two (a deal form leaves ~30k objects in cycles); these live
        as long as the app, near enough. Garbage is collected first, so none is frozen."""
        gc.collect()
        gc.freeze()

    def check_file(self) -> None:
        """Tell the user (once) when another program restored a backup over the ledger: the
        screens show the old ledger, and the store refuses every write until Tally is
        reopened (`ledger.store.db`)."""
        if self._told_replaced or self._checking_file:
            return
        self._checking_file = True  # the look runs in a worker (it reads the file)
        self.run_worker(partial(self._check_file, self.service.db), thread=True,
                        group="file-check")

    def _check_file(self, db: Any) -> None:
        replaced = False
        try:
            replaced = db.changed()
        finally:
            try:
                self.call_from_thread(self._file_checked, db, replaced)
            except RuntimeError:  # the app has stopped meanwhile
                pass

    def _file_checked(self, db: Any, replaced: bool) -> None:
        self._checking_file = False
        if replaced and not self._told_replaced:
            self._told_replaced = True
            self.notify(t("app.file_replaced", path=str(db.path)),
                        severity="error", timeout=24 * 3600)

    def on_unmount(self) -> None:
        """The app is done: what it froze can be collected again (tests run many apps)."""
        gc.unfreeze()
        if self.live is not None:
            self.live.close()

    def _poll_ledger(self) -> None:
        assert self.live is not None
        self.live.poll(self)

    def _welcomed(self, choice: str | None) -> None:
        if choice == "night" and isinstance(self.screen, NightsScreen):
            self.screen.action_new_night()
        elif choice == "demo":
            self.open_demo()

    # ---- keys: each where Textual sends it, once the one before is handled (typeahead) ----

    def post_message(self, message: Message) -> bool:
        """A key from the terminal waits its turn (`tui.typeahead`); everything else, and
        the key when its turn comes, goes on to Textual as it is."""
        keys = getattr(self, "keys", None)  # (None while Textual builds the app)
        if isinstance(message, events.Key) and not message.is_forwarded and \
                keys is not None and keys.hold(message):
            return True
        return super().post_message(message)

    def action_quit(self) -> None:  # type: ignore[override]
        """ctrl+q: on a deal form with something typed, ask first (as Esc does)."""
        dirty = getattr(self.screen, "is_dirty", None)
        if not (callable(dirty) and dirty()):
            self.exit()
            return
        from .forms.prompt import ConfirmModal

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(ConfirmModal(t("app.quit_deal"), yes=t("button.quit"),
                                      no=t("button.keep_editing")), answered)

    # ---- navigation -----------------------------------------------------------------------

    def open_night(self, night_id: int) -> None:
        self.push_screen(NightScreen(night_id))

    @work(thread=True, exclusive=True, group="demo", description="demo")
    def open_demo(self) -> None:
        """Build (first time) and open the demo database, then show its night."""
        from ledger.service.demo import open_demo

        self.call_from_thread(self.notify, t("demo.opening"))
        service, night_id = open_demo(self.demo_path)
        self.call_from_thread(self._switch_to, service, night_id)

    def _switch_to(self, service: Tally, night_id: int) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.service.db.dispose()
        self.service = service
        self.demo = True
        self.sub_title = t("app.demo")
        nights = self.screen
        if isinstance(nights, NightsScreen):
            nights.reload()
        self.open_night(night_id)

    # ---- language ---------------------------------------------------------------------------

    def can_switch_language(self) -> bool:
        """Every screen on the stack can be built again (no dialog or form is open)."""
        return all(isinstance(s, TallyScreen) and s.rebuilt() is not None
                   for s in self.screen_stack if not isinstance(s, CommandPalette))

    async def switch_language(self, lang: str | None = None) -> None:
        """Speak `lang` (else the other language) from now on, and remember it."""
        if not self.can_switch_language():
            self.bell()
            return
        lang = lang or ("en" if language() == "ja" else "ja")
        set_language(lang)
        self.settings.lang = lang
        self.settings.save()
        fresh = [s.rebuilt() for s in self.screen_stack]  # type: ignore[attr-defined]
        reset_app_bindings(self)
        localize(self)
        self.sub_title = t("app.demo") if self.demo else ""
        # A new screen-stack mode whose base is the fresh bottom screen (the bottom screen
        # of a stack cannot be swapped); the old stack goes.
        while len(self.screen_stack) > 1:
            await self.pop_screen()
        old = self.current_mode
        self._language_modes += 1
        mode = f"language-{self._language_modes}"
        base = fresh[0]
        self.add_mode(mode, lambda: base)
        await self.switch_mode(mode)
        for screen in fresh[1:]:
            await self.push_screen(screen)
        if old != "_default":
            await self.remove_mode(old)
        self.notify(t("app.language_switched"))

    # ---- help and the command palette -----------------------------------------------------------

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss(None)
            return
        self.push_screen(HelpScreen(help_markdown(self.screen)))

    def action_command_palette(self) -> None:
        """Textual's palette, with its search prompt in the language in use."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(CommandPalette(id="--command-palette",
                                            placeholder=t("palette.search")))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The screen's main actions first (those available now), then Textual's own."""
        for action in getattr(screen, "PALETTE", ()):
            if screen.check_action(action, ()) is not True:
                continue
            yield SystemCommand(t(f"palette.{action}"), t(f"palette.{action}.help"),
                                _runner(screen, action))
        yield SystemCommand(t("palette.help"), t("palette.help.help"), self.action_help)
        if self.can_switch_language():
            yield SystemCommand(t("palette.switch_language"), t("palette.switch_language.help"),
                                self.switch_language)
        for command in super().get_system_commands(screen):  # Textual's own, in our words
            yield command._replace(title=t(f"palette.textual.{command.title}",
                                           default=command.title),
                                   help=t(f"palette.textual.{command.help}",
                                          default=command.help))


def _runner(screen: Screen[object], action: str) -> Callable[[], object]:
    return lambda: screen.run_action(action)


def make_app(service: Tally, **options: object) -> TallyApp:
    """The app over `service` (options: demo_path, start_night, demo, today, settings,
    exports_dir, table_id, scorekeeper, ask_scorekeeper, live, open_tonight, ask_name)."""
    text_never_markup()  # a name like `[/]` is a name, never markup
    escape_then_key()  # Esc and a letter typed together are Esc, then the letter
    return TallyApp(service, **options)  # type: ignore[arg-type]
