"""The time every write stamps (tests fix it: `monkeypatch.setattr(clock, "now", ...)`)."""

from __future__ import annotations

from datetime import UTC, datetime


def now() -> datetime:
    return datetime.now(UTC)
