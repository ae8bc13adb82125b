"""A form's key that saved one deal, sent again with other values or at another table
(`FormUsed`): 409, never "saved". The page's script is told the deal it was saved as
(`form_used`) and the line to show, and keeps its deal to save on a new form; a plain
post gets a page with that line and a link to a new form."""

from __future__ import annotations

import json
from collections.abc import Callable

from aiohttp import web

from ledger.service import FormUsed

from .words import Words


def used_answer(request: web.Request, used: FormUsed, words: Words, fetch: bool,
                base: str, page: Callable[..., web.Response]) -> web.Response:
    """409: JSON to the page's script, else the page (`page`: the routes' renderer)."""
    if fetch:
        return web.json_response(
            {"form_used": used.number, "error": words.t("err.form_used", n=used.number)},
            status=409, dumps=lambda x: json.dumps(x, ensure_ascii=False))
    return page(request, "used.html", http_status=409, words=words, n=used.number,
                base=base)
