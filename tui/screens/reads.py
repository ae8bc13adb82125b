"""A screen's reads and writes after it has loaded, off the app's thread.

`off_thread(read, show)` runs `read` (store calls) in a thread worker and posts its answer
to `show` on the app's thread; keys typed ahead wait meanwhile (`keys_held`,
`tui.typeahead`) and are taken once the answer is shown. Only the answer to the last ask
of a kind is shown (an older one, overtaken, is dropped). A read that raises is raised
again on the app's thread, as it was when it ran there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class ReadsOffThread:
    """For a screen (`run_worker`, `app`, `replay_keys` are the screen's own)."""

    app: Any
    run_worker: Callable[..., Any]  # (Textual's, on the screen)
    replay_keys: Callable[[], None]  # (`OnTally`'s)

    _reads: dict[str, tuple[int, int]] | None = None  # group: (asked, answered)

    @property
    def keys_held(self) -> bool:
        """Keys typed ahead wait while a read or a write is on its way."""
        return any(asked > answered for asked, answered in (self._reads or {}).values())

    def off_thread(self, read: Callable[[], T], show: Callable[[T], None],
                   group: str = "reads") -> None:
        """`read` in a worker, then `show` its answer; of the asks of one `group`, only
        the last one's answer is shown."""
        if self._reads is None:
            self._reads = {}
        reads = self._reads
        ask = reads.get(group, (0, 0))[0] + 1
        reads[group] = (ask, reads.get(group, (0, 0))[1])
        app = self.app

        def answered(value: T | None, failed: BaseException | None) -> None:
            if ask < reads[group][0]:
                return  # overtaken by a later ask
            reads[group] = (ask, ask)
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
