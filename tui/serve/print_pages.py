"""Printable pages for a tournament's organiser: table cards (table number, game,
round, seats and the table's QR code), draw slips (one per player, to cut), score sheets
(one per table, a row per deal) and the ranking. Plain HTML made for paper: `@page` sets A4
with margins (a browser's "print" or "save as PDF" lays them out; its fonts print Japanese),
and each card and sheet starts a page. The QR codes are SVG drawn by `qrcode` (no image
library), each the table's phone URL on the table's own key (never the entry key: a card
lies on a table). Every page carries the night's head hash in its short form, as the
settlement prints it (`night 12 · 7f3a 91c2 04be`), at the foot of each printed
sheet: paper the league can hold against the night's history."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from ledger.service import RuleError, Tally
from ledger.service.tournament_views import DrawView, figure
from ledger.text.chain_head import night_head_text

from ..format import game_title
from ..i18n import language, t

KINDS = ("cards", "slips", "sheets", "ranking")
SHEET_ROWS = 14

CSS = """
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, "Noto Sans CJK JP", "Hiragino Sans", sans-serif;
       color: #000; background: #fff; }
h1 { font-size: 16pt; margin: 0 0 4mm; }
.card, .sheet { break-after: page; page-break-after: always; }
.card { height: 255mm; display: flex; flex-direction: column; align-items: center;
        justify-content: center; gap: 8mm; border: 1px dashed #999; }
.card .tno { font-size: 120pt; font-weight: bold; line-height: 1; }
.card .game { font-size: 22pt; }
.card ol { font-size: 20pt; margin: 0; }
.card svg { width: 45mm; height: 45mm; }
.slips { display: grid; grid-template-columns: 1fr 1fr; gap: 0; }
.slip { border: 1px dashed #999; padding: 4mm; break-inside: avoid; font-size: 12pt; }
.slip .who { font-size: 15pt; font-weight: bold; }
.slip .at { font-size: 20pt; }
table { border-collapse: collapse; width: 100%; font-size: 12pt; }
td, th { border: 1px solid #444; padding: 2mm; text-align: left; }
.sheet td { height: 10mm; }
.num { text-align: right; }
.sign { margin-top: 8mm; display: flex; gap: 20mm; }
footer.chain { position: fixed; bottom: 0; right: 0; font-size: 9pt; color: #444; }
"""


def qr_svg(url: str) -> str:
    import qrcode
    import qrcode.image.svg

    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    return str(image.to_string(encoding="unicode"))


def _page(title: str, body: str, foot: str = "") -> str:
    """A whole page; `foot` (the night's head line) repeats at the foot of every sheet
    printed (a fixed element prints on each page)."""
    footer = f'<footer class="chain">{escape(foot)}</footer>' if foot else ""
    return (f'<!DOCTYPE html><html lang="{language()}"><head><meta charset="utf-8">'
            f"<title>{escape(title)}</title><style>{CSS}</style></head><body>{body}"
            f"{footer}</body></html>")


def _round_title(d: DrawView) -> str:
    return t("board.tn.round", name=d.tournament, round=d.round, rounds=d.rounds)


def cards(d: DrawView, table_url: Callable[[int], str], foot: str = "") -> str:
    out = []
    for x in d.tables:
        seats = "".join(f"<li>{escape(p)}</li>" for p in x.seats)
        out.append(f'<section class="card" data-table="{x.number}"><div class="tno">'
                   f'{x.number}</div><div class="game">{escape(game_title(d.game))} · '
                   f"{escape(_round_title(d))}</div><ol>{seats}</ol>"
                   f"{qr_svg(table_url(x.number))}</section>")
    return _page(t("print.cards"), "".join(out), foot)


def slips(d: DrawView, foot: str = "") -> str:
    seats = {p: (x.number, i + 1, [q for q in x.seats if q != p])
             for x in d.tables for i, p in enumerate(x.seats)}
    out = [f"<h1>{escape(_round_title(d))}</h1><div class=slips>"]
    for player, number in d.by_name():
        if number is None:
            where = t("tn.bye")
        else:
            table, seat, others = seats[player]
            where = t("print.slip_at", table=table, seat=seat, others=", ".join(others))
        out.append(f'<div class="slip"><div class="who">{escape(player)}</div>'
                   f"<div>{escape(_round_title(d))}</div>"
                   f'<div class="at">{escape(where)}</div></div>')
    out.append("</div>")
    return _page(t("print.slips"), "".join(out), foot)


def sheets(d: DrawView, foot: str = "") -> str:
    out = []
    for x in d.tables:
        head = "".join(f"<th>{escape(p)}</th>" for p in x.seats)
        rows = "".join("<tr><td class=num>" + str(i + 1) + "</td>" +
                       "<td></td>" * len(x.seats) + "</tr>" for i in range(SHEET_ROWS))
        signs = "".join(f"<span>{escape(p)}: ____________</span>" for p in x.seats)
        out.append(f'<section class="sheet" data-table="{x.number}"><h1>'
                   f"{escape(t('board.tn.table', n=x.number))} · "
                   f"{escape(game_title(d.game))} · {escape(_round_title(d))}</h1>"
                   f"<table><thead><tr><th>#</th>{head}</tr></thead><tbody>{rows}</tbody>"
                   f'</table><div class="sign">{signs}</div></section>')
    return _page(t("print.sheets"), "".join(out), foot)


def ranking(title: str, rows: list, breaks: list[str], foot: str = "") -> str:
    head = "".join(f"<th class=num>{escape(t(f'tn.tb.{k}'))}</th>" for k in breaks)
    body = "".join(
        f"<tr><td class=num>{x.rank}</td><td>{escape(x.player)}</td>"
        f"<td class=num>{figure(x.points)}</td>"
        + "".join(f"<td class=num>{figure(v)}</td>" for _, v in x.tie_breaks[1:])
        + f"<td class=num>{x.rounds}</td></tr>" for x in rows)
    table = (f"<table><thead><tr><th>#</th><th>{escape(t('board.player'))}</th>"
             f"<th class=num>{escape(t('tn.tb.points'))}</th>{head}"
             f"<th class=num>{escape(t('cli.h.rounds'))}</th></tr></thead>"
             f"<tbody>{body}</tbody></table>")
    return _page(t("print.ranking"), f"<h1>{escape(title)}</h1>{table}", foot)


def page_for(service: Tally, night_id: int, kind: str, table_url: Callable[[int], str],
             name: str | None = None, number: int = 0) -> str | None:
    """The page `kind` of round `number` (0: the newest) of tournament `name` (None: the
    one playing tonight); None when there is no such round. `table_url(n)` is what table
    n's card's QR code opens (its phone page on its own key)."""
    if name is None:
        ids = {x.id for x in service.night(night_id).tables}
        name = next((x.name for x in reversed(service.tournaments())
                     if any(y.table_id in ids for r in service.tournament_rounds(x.name)
                            for y in r.tables)), None)
        if name is None:
            return None
    try:
        rounds = service.tournament_rounds(name)
    except RuleError:  # no tournament of that name
        return None
    if not rounds or not 0 <= number <= len(rounds):
        return None
    d = rounds[number - 1] if number else rounds[-1]
    head = service.night_head(night_id)
    foot = night_head_text(night_id, head) if head else ""  # none before the first deal
    if kind == "cards":
        return cards(d, table_url, foot)
    if kind == "slips":
        return slips(d, foot)
    if kind == "sheets":
        return sheets(d, foot)
    rows = service.tournament_standings(name, d.round)
    breaks = [k for k, _ in rows[0].tie_breaks[1:]] if rows else []
    return ranking(t("print.after", name=d.tournament, round=d.round), rows, breaks, foot)
