"""A form posted from another page is refused, whatever key its browser holds.

The key cookies are `SameSite=Strict`, but a page on another port of the same host is the
same site to a browser: its form could post with them. So every request that may change
the ledger (any method but GET, HEAD and OPTIONS) must come from a page of this server:

- `Sec-Fetch-Site` (every current browser sends it) must be `same-origin` (or `none`: a
  request the person made themself);
- `Origin`, when sent, must name this server as the request's `Host` does (`null`, what a
  sandboxed frame or a `no-referrer` page sends, is refused too);
- neither sent (curl, a script, the tests' client): allowed, since no browser is involved.

Each refusal is 403 with one line, to the client and to the log. The pages send
`Referrer-Policy: same-origin` (`keys.referrer_policy`): with `no-referrer` a browser sends
`Origin: null` on the room's own form posts, and the URL with its key still never leaves
for another site.
"""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

log = logging.getLogger("tally.serve")
SAFE = ("GET", "HEAD", "OPTIONS")
OWN = ("same-origin", "none")


def foreign(request: web.Request) -> str | None:
    """Why `request` is not from a page of this server (None: it is, or no browser sent
    it)."""
    if request.method in SAFE:
        return None
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None and site.strip().lower() not in OWN:
        return f"a form from another site (Sec-Fetch-Site: {site.strip()[:20]})"
    origin = request.headers.get("Origin")
    if origin is None:
        return None
    if origin.strip().lower() == "null":
        return "a form from a page with no origin (Origin: null)"
    try:
        named = (urlsplit(origin.strip()).netloc or "").lower()
    except ValueError:  # not a URL at all
        named = ""
    if named and named == request.host.lower():
        return None
    return f"a form from another page (Origin: {origin.strip()[:60]})"


def same_origin() -> Any:
    """aiohttp middleware: a request from another page is 403, before any route."""

    @web.middleware
    async def check(request: web.Request, handler):  # type: ignore[no-untyped-def]
        why = foreign(request)
        if why is None:
            return await handler(request)
        why = why.encode("utf-8", "backslashreplace").decode("utf-8")  # a header's bytes
        log.warning("403 %s %s: %s", request.method, request.path[:80], why)
        return web.Response(status=403, text=f"403: {why}\n")

    return check
