"""`tally verify FILE`: an export's hash chains checked from its files alone, no database.

Each table's revisions (the revisions file) are hashed again in order, each
after the one before, and compared with the hashes written beside them; then each table's
head and revision count, and each night's head, with the chain file's. The first thing that
does not match is named: a revision (night, table, deal, revision), a table's head or a
night's head. The revisions file is read as it comes (memory: one entry per table).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..domain.chain import content_of, night_head, revision_hash
from ..domain.rules import RuleError
from ..io import chain_file


@dataclass(frozen=True, slots=True)
class Broken:
    """The first thing that does not match: `what` is revision | table | night."""

    what: str
    night: int
    table: int = 0
    deal: int = 0
    revision: int = 0


@dataclass
class Verified:
    """What an export's chains came to: the first break, else every night's head."""

    chain: Path
    broken: Broken | None = None
    heads: list[tuple[int, str]] = field(default_factory=list)  # (night, head) in file order
    tables: int = 0
    revisions: int = 0


def verify_export(path: Path) -> Verified:
    """Check the export `path` belongs to (its chain or revisions file)."""
    chain, revisions = chain_file.pair(path)
    for p in (chain, revisions):
        if not p.is_file():
            raise RuleError("FILE", "verify_missing", path=p, chain=chain.name)
    done = Verified(chain)
    last: dict[tuple[int, int], tuple[int, str]] = {}  # (night, table): (revisions, head)
    for line, row in enumerate(chain_file.rows(revisions, chain_file.REVISIONS), start=2):
        night = chain_file.number(revisions, row, "night", line)
        table = chain_file.number(revisions, row, "table", line)
        try:
            content = content_of(row["content"])
        except (ValueError, KeyError, TypeError, AttributeError):
            raise RuleError("FILE", "verify_content", path=revisions, line=line) from None
        n, prev = last.get((night, table), (0, ""))
        done.revisions += 1
        if revision_hash(content, prev) != row["hash"]:
            done.broken = Broken("revision", night, table, content.deal, content.seq)
            return done
        last[(night, table)] = (n + 1, row["hash"])
    nights: dict[int, list[tuple[int, str]]] = {}
    written: dict[int, str] = {}
    seen = set()
    for line, row in enumerate(chain_file.rows(chain, chain_file.CHAIN), start=2):
        night = chain_file.number(chain, row, "night", line)
        table = chain_file.number(chain, row, "table", line)
        count = chain_file.number(chain, row, "revisions", line)
        seen.add((night, table))
        done.tables += 1
        if last.get((night, table), (0, "")) != (count, row["table_head"]):
            done.broken = Broken("table", night, table)
            return done
        nights.setdefault(night, []).append((table, row["table_head"]))
        if written.setdefault(night, row["night_head"]) != row["night_head"]:
            done.broken = Broken("night", night)
            return done
    for night, table in last:
        if (night, table) not in seen:  # revisions of a table the chain file leaves out
            done.broken = Broken("table", night, table)
            return done
    for night, heads in nights.items():
        head = night_head(heads) if any(h for _, h in heads) else ""
        if head != written[night]:
            done.broken = Broken("night", night)
            return done
        done.heads.append((night, head))
    return done
