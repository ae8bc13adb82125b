"""The deal log: a DataTable that can append a row without drawing the others again.

On a table screen a plain `add_row` has some 25 rows of 7 cells drawn again, half of what
a save took to show, and moving the cursor to the saved row draws every line again. The
DataTable internals that avoid both live in `tui/compat_textual.py`
(`AppendingDataTable`, guarded by tests/tui/test_compat_textual.py); tests/tui/test_deal_log.py
checks that appended rows draw exactly as a table filled at once, that a cursor move draws
only the rows it leaves and reaches, and every row as a plain DataTable draws it, and that
an append walks none of the rows already there (a save on a table of 40,000 deals costs
what it costs on one of 40).
"""

from __future__ import annotations

from ..compat_textual import AppendingDataTable


class DealLog(AppendingDataTable):
    """The table screen's log of deals, with `append_row`."""
