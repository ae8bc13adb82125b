"""What every screen of the app shares (`tui/screen_base.py`, outside this package so the
deal forms' dialogs use it without importing the screens that open them)."""

from __future__ import annotations

from ..screen_base import BindingsFollowState, OnTally, TallyModal, TallyScreen

__all__ = ["BindingsFollowState", "OnTally", "TallyModal", "TallyScreen"]
