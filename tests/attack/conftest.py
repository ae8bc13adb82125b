"""Issue 28's breaks: the TUI fixtures, shared (the club room's are in tests/serve)."""

from tests.tui.conftest import fixed_clock, tally, template_db, tui_db  # noqa: F401
