"""The board: the night's standings, each table's game, leader, status and deal count,
and the last few deals, as plain HTML for a projector or a phone. No Textual here: the
board is read by the server process from the service, and drawn by string templates."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from html import escape
from importlib.resources import files
from string import Template

from ledger.service import Tally
from ledger.service.night_end import NightSettlement
from ledger.service.rating import RatingRow
from ledger.service.views import DealView, NightView, StandingRow

from ..format import figure, game_title, minus_signs, night_label, signed, status_text
from ..i18n import language, plural, t
from .board_payments import read_payments, render_payments
from .board_tournament import TournamentBoard, read_tournament, render_tournament
from .rating_guard import night_rating

RECENT = 6  # deals in the "last deals" list


def game_status(table) -> str:  # type: ignore[no-untyped-def]
    """The table's status as its game says it (Sixty-Six: the game score to 7 or the
    Bummerl count), as the phone and the terminal entry show it."""
    from .phone.pages import status_line

    return status_line(table) or status_text(table.status)


@dataclass(frozen=True, slots=True)
class TableLine:
    number: int
    game: str
    seats: tuple[str, ...]
    leader: StandingRow | None
    status: str
    deals: int
    confirm: tuple[int, int] = (0, 0)  # deals to be confirmed, and disputed


@dataclass(frozen=True, slots=True)
class Board:
    night: NightView
    standings: list[StandingRow]
    tables: list[TableLine]
    recent: list[tuple[int, DealView]]  # (table number, deal), newest first
    deals: int  # every deal of the night, void ones included (what changes on a save)
    tournament: TournamentBoard | None = None  # the round drawn tonight, its clock, ranking
    payments: NightSettlement | None = None  # who pays whom, once the night is settled
    ratings: tuple[RatingRow, ...] = ()  # each player's rating after tonight
    local: int = 0  # deals recorded here the league's server cannot be sent now


def read_board(service: Tally, night_id: int) -> Board:
    """Everything the board shows, read from the service (a few queries per table)."""
    night = service.night(night_id)
    lines: list[TableLine] = []
    recent: list[tuple[int, DealView]] = []
    total = 0
    waiting = {x.number: (len(x.pending), len(x.disputed))
               for x in service.night_verdicts(night_id)}
    for table in night.tables:
        rows = service.standings(table_id=table.id)
        leader = rows[0] if rows and table.deals and rows[0].net else None
        lines.append(TableLine(table.number, table.game, table.seats, leader,
                               game_status(table), table.deals,
                               waiting.get(table.number, (0, 0))))
        count, last = service.recent_deals(table.id, RECENT)  # not the whole table
        total += count
        recent += [(table.number, d) for d in last]
    recent.sort(key=lambda x: (x[1].created_at, x[1].id), reverse=True)
    return Board(night, service.standings(night_id=night_id), lines, recent[:RECENT], total,
                 read_tournament(service, {x.id for x in night.tables}),
                 read_payments(service, night_id, night.closed), night_rating(service, night_id))


def _local_time(stored: str) -> str:
    """A stored UTC time as the room's clock shows it (HH:MM)."""
    try:
        at = datetime.fromisoformat(stored).replace(tzinfo=UTC)
    except ValueError:
        return ""
    return at.astimezone().strftime("%H:%M")


def _net(n: int) -> str:
    cls = "up" if n > 0 else "down" if n < 0 else "zero"
    return f'<span class="net {cls}">{escape(signed(n))}</span>'


def _rating_cells(r: RatingRow | None) -> str:
    """A player's rating after tonight and what tonight did to it; a provisional rating
    marked `*` (the note under the standings says so)."""
    if r is None:  # seated, but no chip moved at their table: not rated tonight
        return "<td class=num></td><td class=num></td>"
    cls = "up" if r.change >= 0.005 else "down" if r.change <= -0.005 else "zero"
    mark = '<span class="prov">*</span>' if r.provisional else ""
    return (f'<td class="num rating">{escape(figure(r.ordinal))}{mark}</td>'
            f'<td class=num><span class="net {cls}">{escape(figure(r.change, sign=True))}'
            "</span></td>")


def render_body(board: Board) -> str:
    """The part of the page that changes (sent again on every change)."""
    night = board.night
    state = t("night.closed") if night.closed else t("night.open")
    rated = {r.player: r for r in board.ratings}
    out = [f'<header><h1>{escape(night_label(night.date, night.venue))}</h1>'
           f'<p class="state">{escape(state)} · {escape(t("board.updated"))} '
           f'{datetime.now(UTC).astimezone().strftime("%H:%M:%S")}</p>'
           + (f'<p class="local" role="status">{escape(plural("serve.local", board.local))}'
              "</p>" if board.local else "") + "</header>",
           render_payments(board.payments),
           render_tournament(board.tournament),
           f'<section class="standings{" rated" if rated else ""}"><h2>'
           + escape(t("night.standings")) + "</h2>"]
    if board.standings:
        heads = "".join(f"<th class=num>{escape(t(k))}</th>" for k in (
            "board.net", "board.deals", *(("board.rating", "board.tonight") if rated else ())))
        out.append("<table><thead><tr><th>#</th><th>" + escape(t("board.player")) +
                   f"</th>{heads}</tr></thead><tbody>")
        for row in board.standings:
            out.append(f"<tr><td class=rank>{row.rank}</td><td>{escape(row.player)}</td>"
                       f"<td class=num>{_net(row.net)}</td><td class=num>{row.deals}</td>"
                       + (_rating_cells(rated.get(row.player)) if rated else "") + "</tr>")
        out.append("</tbody></table>")
        if rated:
            out.append(f'<p class="hint rated">{escape(t("board.rating_note"))}</p>')
    else:
        out.append(f'<p class="hint">{escape(t("board.no_deals"))}</p>')
    out.append('</section><section class="tables"><h2>' + escape(t("night.tables")) + "</h2>")
    for line in board.tables:
        leader = (f"{escape(line.leader.player)} {_net(line.leader.net)}" if line.leader
                  else "—")
        out.append(
            f'<div class="table" data-table="{line.number}"><div class="tno">{line.number}</div>'
            f'<div class="tbody"><div class="game">{escape(game_title(line.game))}</div>'
            f'<div class="seats">{escape(", ".join(line.seats))}</div>'
            f'<div class="facts"><span>{escape(t("board.leader"))}: {leader}</span>'
            f'<span class="deals">{escape(plural("table.deal_count", line.deals))}</span>'
            + (f'<span>{escape(line.status)}</span>' if line.status else "")
            + confirm_marks(line.number, *line.confirm)
            + "</div></div></div>")
    if not board.tables:
        out.append(f'<p class="hint">{escape(t("night.no_tables"))}</p>')
    out.append('</section><section class="recent"><h2>' + escape(t("board.recent")) + "</h2>"
               "<ol>")
    for number, deal in board.recent:
        what = (t("table.void", reason=deal.reason or "") if deal.void
                else minus_signs(deal.shown()))  # the app's minus sign
        if deal.revision > 1 and not deal.void and deal.kind not in ("confirm", "dispute"):
            what += f" ({t('phone.corrected')})"
        by = f' <span class="by">{escape(deal.author)}</span>' if deal.author else ""
        where = t("board.table_deal", table=number, n=deal.number)
        out.append(f'<li><span class="when">{_local_time(deal.created_at)}</span> '
                   f'<span class="where">{escape(where)}</span> {escape(what)}{by}</li>')
    out.append("</ol></section>")
    return "".join(out)


def confirm_marks(number: int, pending: int, disputed: int) -> str:
    """"2 deals to confirm at table 3", "1 deal disputed at table 3": marks of a table
    whose deals wait for the opponents (none: nothing)."""
    return "".join(f'<span class="{cls}">{escape(plural(key, n, table=number))}</span>'
                   for cls, key, n in (("to-confirm", "confirm.pending", pending),
                                       ("disputed", "confirm.disputed", disputed)) if n)


def event_data(board: Board) -> str:
    """One server-sent event's data: one line of JSON (the body, and the deal count a
    script or the load benchmark can watch)."""
    return json.dumps({"deals": board.deals, "html": render_body(board)}, ensure_ascii=False)


def render_page(board: Board, events_url: str) -> str:
    """The whole page: the body as it is now (readable without script), and a few lines of
    script that swap in each new body the server sends."""
    page = Template(files(__package__).joinpath("templates/board.html").read_text("utf-8"))
    css = files(__package__).joinpath("templates/board.css").read_text("utf-8")
    return page.substitute(lang=language(), title=escape(t("board.title")), css=css,
                           body=render_body(board), events=escape(events_url),
                           stale=escape(t("board.reconnecting")), hidden=" hidden",
                           lost=escape(t("board.lost")))


def render_offline(latest: str, events_url: str) -> str:
    """The page when the ledger cannot be read: the last body the hub sent (`latest`, an
    event's data; none yet: empty), under the "no contact" banner, shown from the start."""
    try:
        body = str(json.loads(latest)["html"])
    except (ValueError, KeyError, TypeError):
        body = ""
    page = Template(files(__package__).joinpath("templates/board.html").read_text("utf-8"))
    css = files(__package__).joinpath("templates/board.css").read_text("utf-8")
    now = datetime.now(UTC).astimezone().strftime("%H:%M")
    return page.substitute(lang=language(), title=escape(t("board.title")), css=css,
                           body=body, events=escape(events_url),
                           stale=escape(t("board.lost", time=now)), hidden="",
                           lost=escape(t("board.lost")))
