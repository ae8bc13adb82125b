"""Warnings (said, never refused), and deleting a night or a table opened by mistake: asked
first, and only while it holds no deal. One with a deal is refused with a line on the
screen (nothing recorded is lost); the service refuses too, so a deal saved on another
device meanwhile is never deleted."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.app import App
from textual.screen import Screen
from textual.widgets import Static

from ledger.service import RuleError
from ledger.service.views import Notice
from ledger.text.i18n.errors import render_error, render_notice

from ..forms.prompt import ConfirmModal
from ..i18n import t
from ..worker_submit import submit_in_worker


def say(note: Static, message: str) -> None:
    """The screen's inline note: shown with `message`, hidden when there is none."""
    note.update(message)
    note.display = bool(message)


def ask_delete(screen: Screen[object], note: Static, *, deals: int, refused: str,
               question: str, delete: Callable[[], None], done: Callable[[], None]) -> None:
    """Refuse (inline) when there are `deals`; else ask `question`, delete, call `done`."""
    if deals:
        say(note, refused)
        screen.app.bell()
        return
    say(note, "")

    def deleted(problem: RuleError | None) -> None:
        if problem is not None:  # a deal came in from elsewhere since the screen was read
            say(note, render_error(problem))
            return
        screen.notify(t("delete.done"))
        done()

    def answered(yes: bool | None) -> None:
        if yes:  # (off the app's thread: the store may wait for a lock)
            submit_in_worker(screen, delete, deleted, group="delete")

    screen.app.push_screen(ConfirmModal(question, yes=t("button.delete"),
                                        no=t("button.keep")), answered)


def warn(app: App[object], notices: Sequence[Notice]) -> None:
    """Each warning as a toast that stays a while: the thing was done, but check it."""
    for notice in notices:
        app.notify(render_notice(notice, field=False), title=t("warn.title"), severity="warning",
                   timeout=12)
