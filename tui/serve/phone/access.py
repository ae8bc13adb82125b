"""Table keys: the key in table N's URL records at table N and nowhere else.

A table key is an HMAC of the table's number under the room's entry key, so it needs no
storage of its own: it lasts as long as the entry key (kept next to the database by
`Keys.kept`) and changes with it (`--new-keys`). A table key opens `/t/<N>/…` and the
terminal app kept on table N (`/?table=N`), nothing else; the entry key opens every table's
page too (the host's own browser). What is printed for a table (its card, its code, its
terminal link) carries the table's key, never the entry key.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable

TABLE_PATH = re.compile(r"^/t/(\d{1,6})(?:/|$)")


def table_key(entry: str, number: int) -> str:
    """Table `number`'s key under `entry` (22 URL-safe characters: 128 bits)."""
    mac = hmac.new(entry.encode("utf-8"), f"table {number}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:16]).decode("ascii").rstrip("=")


def table_of(path: str) -> int | None:
    """The table number a path belongs to (`/t/3/save` → 3), else None."""
    m = TABLE_PATH.match(path)
    return int(m[1]) if m else None


def opens_table(entry: str, given: str, number: int) -> bool:
    """Does key `given` open table `number`'s pages (its own key, or the entry key)?"""
    raw = given.encode("utf-8", "surrogateescape")  # a key of any bytes is just wrong
    return (secrets.compare_digest(raw, table_key(entry, number).encode("ascii"))
            or secrets.compare_digest(raw, entry.encode("utf-8")))


def cookie_name(number: int) -> str:
    return f"tally_t{number}"


def table_opened(entry: str, given: str, numbers: Iterable[int]) -> int | None:
    """The table of `numbers` whose own key `given` is (the entry key is no table's)."""
    raw = given.encode("utf-8", "surrogateescape")
    return next((n for n in sorted(numbers) if secrets.compare_digest(
        raw, table_key(entry, n).encode("ascii"))), None)


def table_url(base: str, entry: str, number: int) -> str:
    """Table `number`'s phone page on its own key (what its card and code carry)."""
    return f"{base}/t/{number}?key={table_key(entry, number)}"


def terminal_url(base: str, entry: str, number: int) -> str:
    """The terminal app kept on table `number`, on the table's own key."""
    return f"{base}/?key={table_key(entry, number)}&table={number}"


def terminal_cookie(number: int) -> str:
    return f"tally_term{number}"
