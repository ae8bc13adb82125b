"""Table keys: the key in table N's URL records at table N and nowhere else.

A table key is an HMAC of the table's number under the room's entry key, so it needs no
storage of its own: it lasts as long as the entry key (kept next to the database by
`Keys.kept`) and changes with it (`--new-keys`). A table key opens `/t/<N>/…` only; the
entry key opens every table's page too (the host's own browser).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

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
    raw = given.encode("utf-8")  # bytes: a non-ASCII key is just wrong, not an error
    return (secrets.compare_digest(raw, table_key(entry, number).encode("ascii"))
            or secrets.compare_digest(raw, entry.encode("utf-8")))


def cookie_name(number: int) -> str:
    return f"tally_t{number}"
