"""`tally serve --print-codes`: a printable sheet of each table's QR code (its phone URL,
with its table key), its number and game, for taping to the tables. A file next to the
database, owner-readable only: the codes record deals. The QR codes are drawn as SVG from
`qrcode`'s module matrix (no image library needed)."""

from __future__ import annotations

import os
from html import escape
from pathlib import Path

import qrcode

from ledger.service import Tally

from ...format import game_title
from ...i18n import t


def qr_svg(url: str, size: int = 240) -> str:
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(url)
    code.make(fit=True)
    matrix = code.get_matrix()
    n = len(matrix)
    path = "".join(f"M{x},{y}h1v1h-1z" for y, row in enumerate(matrix)
                   for x, dark in enumerate(row) if dark)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n} {n}" width="{size}" '
            f'height="{size}" shape-rendering="crispEdges" role="img" aria-label="QR">'
            f'<rect width="{n}" height="{n}" fill="#fff"/><path d="{path}" fill="#000"/></svg>')


def sheet(service: Tally, night_id: int, urls: dict[str, str]) -> str:
    night = service.night(night_id)
    cards = []
    for table in night.tables:
        url = urls[f"table {table.number}"]
        cards.append(f'<section class="code"><h2>{escape(t("phone.table_n", n=table.number))}'
                     f'</h2><p>{escape(game_title(table.game))}</p>{qr_svg(url)}'
                     f'<p class="seats">{escape(", ".join(table.seats))}</p></section>')
    return ("<!DOCTYPE html><html><head><meta charset=utf-8><title>Tally</title><style>"
            "body{font:18px system-ui,sans-serif;margin:0}main{display:flex;flex-wrap:wrap}"
            ".code{width:50%;box-sizing:border-box;padding:16px;text-align:center;"
            "break-inside:avoid;border:1px dashed #999}h2{font-size:40px;margin:0}"
            ".seats{color:#444}</style></head><body><main>" + "".join(cards) +
            "</main></body></html>")


def write_sheet(path: Path, service: Tally, night_id: int, urls: dict[str, str]) -> Path:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(sheet(service, night_id, urls))
    os.chmod(path, 0o600)
    return path
