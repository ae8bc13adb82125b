"""The board's tournament part: the current round's draw ("where do I sit?", every player
by name with their table), its clock counting down to "time is up", and the ranking.

The current round is the newest drawn round of a tournament whose tables are tonight's.
The clock is drawn by the server as it stands and ticked each second by the page's script
from `data-ends` (the server only sends a new body when the ledger changes).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from html import escape

from ledger.service import Tally
from ledger.service.tournament_now import AtTime
from ledger.service.tournament_views import DrawView, figure
from ledger.service.views import Notice
from ledger.text.i18n.errors import render_notice

from ..at_time import at_time_scores
from ..i18n import t


@dataclass(frozen=True, slots=True)
class TournamentBoard:
    draw: DrawView
    ranking: list[tuple[int, str, object]]  # rank, player, points
    at_time: str = "score"  # what a match unfinished at time scores (the points file's)
    unfinished: tuple[tuple[int, AtTime], ...] = ()  # (table number, what it scores at time)
    unconfirmed: tuple[Notice, ...] = ()  # the rounds' deals not confirmed


def read_tournament(service: Tally, table_ids: set[int]) -> TournamentBoard | None:
    """The tournament playing tonight (its newest round has a table here), if any."""
    for tour in reversed(service.tournaments()):
        rounds = service.tournament_rounds(tour.name)
        if rounds and any(x.table_id in table_ids for x in rounds[-1].tables):
            rows = service.tournament_standings(tour.name)
            at = [(x.number, service.tournament_at_time(x.table_id))
                  for x in rounds[-1].tables]
            return TournamentBoard(rounds[-1], [(x.rank, x.player, figure(x.points))
                                                for x in rows],
                                   service.tournament_rules(tour.name).at_time,
                                   tuple((n, a) for n, a in at if a is not None),
                                   tuple(n for n in service.tournament_notices(tour.name)
                                         if n.code.startswith("tn_confirm_")))
    return None


def clock_text(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def render_clock(d: DrawView, now: datetime) -> str:
    left = d.left(now)
    if left is None:
        return ""
    ends = d.ends_at.astimezone(UTC).isoformat() if d.ends_at else ""
    up = t("board.tn.time_up")
    shown = up if left == 0 else clock_text(left)
    return (f'<p class="clock{" up" if left == 0 else ""}" role="timer" '
            f'data-ends="{escape(ends)}" data-up="{escape(up)}">{escape(shown)}</p>')


def render_at_time(board: TournamentBoard) -> str:
    """Each unfinished table's score at time, once the round's clock has started."""
    if not board.unfinished:
        return ""
    lines = "".join(f'<li data-table="{n}">' + escape(t(
        "board.tn.at_time.table", n=n, scores=at_time_scores(a))) + "</li>"
        for n, a in board.unfinished)
    return f'<ul class="at-now">{lines}</ul>'


def render_tournament(board: TournamentBoard | None, now: datetime | None = None) -> str:
    if board is None:
        return ""
    d = board.draw
    now = now or datetime.now(UTC)
    out = ['<section class="tournament"><h2>' + escape(t(
        "board.tn.round", name=d.tournament, round=d.round, rounds=d.rounds)) + "</h2>",
        render_clock(d, now),
        f'<p class="at-time">{escape(t(f"board.tn.at_time.{board.at_time}"))}</p>' if
        d.minutes else "", render_at_time(board), '<div class="tgrid"><div class="where"><h3>' +
        escape(t("board.tn.where")) + '</h3><ol class="seating">']
    for player, number in d.by_name():
        at = t("board.tn.table", n=number) if number is not None else t("tn.bye")
        out.append(f'<li><span class="who">{escape(player)}</span> '
                   f'<span class="at">{escape(at)}</span></li>')
    out.append('</ol></div><div class="ranking"><h3>' + escape(t("board.tn.ranking")) +
               "</h3><table><tbody>")
    for rank, player, points in board.ranking:
        out.append(f"<tr><td class=rank>{rank}</td><td>{escape(player)}</td>"
                   f"<td class=num>{escape(str(points))}</td></tr>")
    out.append("</tbody></table>")
    out += [f'<p class="unconfirmed">{escape(render_notice(n, field=False))}</p>'
            for n in board.unconfirmed]  # the ranking counts them: said under it
    out.append("</div></div></section>")
    return "".join(out)
