"""The app as its screens, dialogs and helpers see it: a small `Protocol`, so none of them
imports the app (`tui.app` imports them; an import of it back, even for types only, made
the one circle of the `tui` package). `tui.app.TallyApp` is the one implementation."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from textual.screen import Screen

from ledger.service import Tally

from .settings import Settings


@runtime_checkable
class TallyView(Protocol):
    """What the screens read and call of the running app."""

    service: Tally  # the ledger (the demo's once the demo night is opened)
    settings: Settings  # kept between sessions (language, the scorekeeper named last)
    exports_dir: Path
    today: Callable[[], date]
    scorekeeper: str | None  # who records, written into every revision
    ask_name: bool  # ask who keeps the score as the session starts
    name_asked: bool
    sub_title: str

    @property
    def screen_stack(self) -> list[Screen[Any]]: ...

    def push_screen(self, screen: Screen[Any], callback: Any = None) -> Any: ...

    def call_from_thread(self, callback: Callable[..., Any], *args: Any) -> Any: ...

    def run_worker(self, work: Callable[[], Any], *, thread: bool, group: str) -> Any: ...

    def open_night(self, night_id: int) -> None: ...

    async def switch_language(self, lang: str | None = None) -> None: ...
