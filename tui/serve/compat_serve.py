"""Every reach into textual-serve's private internals, in one place (textual-serve 1.x).

`Server._make_app` builds the aiohttp application (textual-serve's routes, its templates,
its startup and shutdown hooks) and is the only way to add routes and middlewares to it:
`PublicServer` turns it into public names, `extend_app` (what to add) and `web_app` (the
application, for a runner of our own). `tests/tui/test_compat_textual.py` checks each entry
of `INTERNALS` against the installed textual-serve and that no module outside the compat
modules reaches a private name.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

# (where, attribute, what needs it)
INTERNALS: tuple[tuple[str, str, str], ...] = (
    ("Server", "_make_app", "ClubServer adds its routes and middlewares (tui/serve/server.py)"),
    ("AppService", "_build_environment", "a tab's app gets the database's password in its "
     "environment, never on its command line (DeviceService)"),
)


def missing_internals() -> list[str]:
    """What of `INTERNALS` the installed textual-serve lacks, one line each."""
    from importlib.metadata import version

    found = {"Server": Server, "AppService": AppService}
    return [f"textual-serve {version('textual-serve')}: {where}.{name} is gone; {why} "
            "(see tui/serve/compat_serve.py)"
            for where, name, why in INTERNALS if not hasattr(found[where], name)]


class PublicServer(Server):
    """textual-serve's `Server` with its application factory under public names."""

    async def _make_app(self) -> web.Application:
        return self.extend_app(await super()._make_app())

    def extend_app(self, app: web.Application) -> web.Application:
        """Add to textual-serve's application (its routes stay)."""
        return app

    async def web_app(self) -> web.Application:
        """The application, routes and hooks and all."""
        return await self._make_app()


class DeviceService(AppService):
    """textual-serve's app process with `extra` in its environment (it passes its own
    copy of the server's environment, and takes no other)."""

    def __init__(self, command: str, extra: dict[str, str], **kw: Any) -> None:
        super().__init__(command, **kw)
        self.extra = extra

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        return {**super()._build_environment(width, height), **self.extra}
