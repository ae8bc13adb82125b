"""Reading what a user hands in (standard input, an import file) with a cap on the size,
checked while reading: `/dev/zero` or gigabytes piped in stop at the cap plus one byte,
never fill the memory first. A UTF-8 byte-order mark at the start (Windows editors write
one) is accepted and dropped.
"""

from __future__ import annotations

import codecs
from pathlib import Path
from typing import BinaryIO, TextIO

from ..domain.rules.errors import RuleError

MIB = 1024 * 1024
MAX_STDIN = 4 * MIB  # one JSON object (a deal, or a night's nets): a few hundred bytes
MAX_IMPORT = 64 * MIB  # a JSON-lines file of deals: about 200,000 deals


def _size(limit: int) -> str:
    return f"{limit // MIB} MiB"


def read_capped(stream: BinaryIO, limit: int, field: str, what: str, advice: str = "") -> bytes:
    """At most `limit` bytes of `stream`; RuleError naming `field` if there is more."""
    data = bytearray()  # grown in place: the peak is the cap, not twice it
    while len(data) <= limit:
        chunk = stream.read(min(MIB, limit + 1 - len(data)))
        if not chunk:
            break
        data += chunk
    if len(data) > limit:
        raise RuleError(field, "larger_than_cap_advice", what=what, limit=_size(limit),
                        advice=advice)
    return bytes(data)


def decode(data: bytes, field: str, what: str) -> str:
    """UTF-8 text, a leading byte-order mark dropped; RuleError if it is not UTF-8."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RuleError(field, "what_not_utf8", what=what) from None


def read_stdin(stdin: TextIO, field: str, limit: int = MAX_STDIN) -> str:
    """Standard input as text, capped at `limit` bytes."""
    what = "standard input"
    buffer = getattr(stdin, "buffer", None)
    if buffer is not None:
        return decode(read_capped(buffer, limit, field, what, "; one JSON object is a few "
                                  "hundred bytes"), field, what)
    try:  # a text stream without bytes underneath (an embedding program's own): cap chars
        text = stdin.read(limit + 1)
    except UnicodeDecodeError:
        raise RuleError(field, "what_not_utf8", what=what) from None
    if len(text) > limit:
        raise RuleError(field, "larger_than_cap", what=what, limit=_size(limit))
    return text.removeprefix("\ufeff")


def read_file(path: Path, field: str = "file", limit: int = MAX_IMPORT) -> str:
    """A text file, capped at `limit` bytes; each failure one RuleError naming `field`."""
    try:
        with path.open("rb") as fh:
            data = read_capped(fh, limit, field, str(path), "; split it into several files")
    except FileNotFoundError:
        raise RuleError(field, "no_such", id=path) from None
    except OSError as exc:  # a folder, no permission, an I/O error
        raise RuleError(field, "os_error", path=path,
                        why=exc.strerror or type(exc).__name__) from None
    return decode(data, field, str(path))
