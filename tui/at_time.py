"""The words of what a tournament table's unfinished match would score at time (the
service's `tournament_at_time`): one line, the same on the table screen, the table's phone
page and the board, in the language in use.

    Time is up: this match scores Ada 2, Ben 0 (game points 7:3)
    If time ran out now: Ann 5, Bea 3, Cid 2, Dan 1, Eve 0
"""

from __future__ import annotations

from datetime import UTC, datetime

from ledger.service.tournament_now import AtTime
from ledger.service.tournament_views import figure

from .i18n import t


def at_time_scores(at: AtTime) -> str:
    """Each seat's points at time, and the game score that decides them ("Ada 2, Ben 0
    (game points 7:3)")."""
    scores = t("tn.at_time.sep").join(t("tn.at_time.seat", player=p, points=figure(x))
                                      for p, x in zip(at.seats, at.points, strict=True))
    if at.place_by == "games" and at.rule == "score":
        scores = t("tn.at_time.game_points", scores=scores,
                   score=":".join(str(n) for n in at.figures))
    return scores


def at_time_text(at: AtTime | None, now: datetime | None = None) -> str:
    """The line for `at` ("" for None): "time is up" once its round's clock has run out
    at `now`, else "if time ran out now"."""
    if at is None:
        return ""
    up = (now or datetime.now(UTC)) >= at.ends_at
    return t("tn.at_time.up" if up else "tn.at_time.now", scores=at_time_scores(at))
