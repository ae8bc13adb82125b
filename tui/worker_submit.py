"""A pop-up's submit off the app's thread: one service call in a thread
worker, its answer (or its refusal, a `RuleError`) posted back to the app's thread.

The store may wait on another process's write lock; the app keeps drawing meanwhile, and the
caller holds the keys typed ahead (`keys_held`, `tui.typeahead`) until its `answered` runs.
A refusal is shown under the form with `show_refusal`, which drops the keys typed after it
(they were meant for what the submit would have opened).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from textual.dom import DOMNode
from textual.widgets import Static

from ledger.service import RuleError
from ledger.text.i18n.errors import render_error

T = TypeVar("T")


def submit_in_worker(node: DOMNode, call: Callable[[], T],
                     answered: Callable[[T | RuleError], None], *, group: str) -> None:
    """Run `call` in an exclusive thread worker of `node` (one per `group`), then
    `answered(what it returned or the RuleError it raised)` on the app's thread. Nothing is
    answered once the app has stopped."""
    app: Any = node.app

    def submit() -> None:
        answer: T | RuleError
        try:
            answer = call()
        except RuleError as exc:
            answer = exc
        try:
            app.call_from_thread(answered, answer)
        except RuntimeError:  # the app has stopped meanwhile
            pass

    node.run_worker(submit, thread=True, exclusive=True, group=group, description=group)


def show_refusal(node: DOMNode, error: Static, refused: RuleError) -> None:
    """`refused` shown in `error` (under the form, which stays open); the keys typed after
    the submit are dropped, with a bell."""
    error.update(render_error(refused))
    keys = getattr(node.app, "keys", None)
    if keys is not None:
        keys.discard()
