"""A server's URL for people (`tally where`, every error line): never its password."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit


def without_password(url: str) -> str:
    """The URL for people: any password left out (in the netloc or the query).

    >>> without_password("postgresql://ann:s3cret@db.club:5432/league?password=x&sslmode=require")
    'postgresql://ann@db.club:5432/league?sslmode=require'
    """
    parts = urlsplit(url)
    netloc = parts.netloc
    if "@" in netloc:
        user, host = netloc.rsplit("@", 1)
        netloc = user.split(":", 1)[0] + "@" + host
    query = "&".join(q for q in parts.query.split("&") if q and not q.startswith("password="))
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))
