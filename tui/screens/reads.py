"""A screen's reads and writes after it has loaded, off the app's thread (issue 23 item 4).

`off_thread(read, show)` runs `read` (store calls) in a thread worker and posts its answer
to `show` on the app's thread; keys typed ahead wait meanwhile (`keys_held`,
`tui.typeahead`) and are taken once the answer is shown. Only the answer to the last ask
is shown (an older one, overtaken, is dropped). A read that raises is raised again on the
app's thread, as it was when it ran there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class ReadsOffThread:
    """For a screen (`run_worker`, `app`, `replay_keys` are the screen's own)."""

    _asked = 0  # reads asked for
    _answered = 0  # the last of them whose answer is shown

    app: Any
    run_worker: Callable[..., Any]  # (Textual's, on the screen)
    replay_keys: Callable[[], None]  # (`OnTally`'s)

    @property
    def keys_held(self) -> bool:
        """Keys typed ahead wait while a read or a write is on its way."""
        return self._answered < self._asked

    def off_thread(self, read: Callable[[], T], show: Callable[[T], None],
                   group: str = "reads") -> None:
        self._asked += 1
        ask, app = self._asked, self.app

        def answered(value: T | None, failed: BaseException | None) -> None:
            if ask < self._asked:
                return  # overtaken by a later ask
            self._answered = ask
            try:
                if failed is not None:
                    raise failed
                show(value)  # type: ignore[arg-type]
            finally:
                self.replay_keys()

        def work() -> None:
            value: T | None = None
            failed: BaseException | None = None
            try:
                value = read()
            except BaseException as exc:  # raised again on the app's thread
                failed = exc
            try:
                app.call_from_thread(answered, value, failed)
            except RuntimeError:  # the app has stopped meanwhile
                pass

        self.run_worker(work, thread=True, group=group)
