"""The hash chain of each table's revisions in the database (`ledger.domain.chain`).

Every path that writes a revision (`repo.add_deals`, `repo.add_revision`, the bulk import)
seals the table afterwards in the same transaction: the revisions of the table that have no
hash yet get theirs, in the order they were made, each after the one before. `db copy` and
`sync` carry the stored hashes as they are (nothing in a hash depends on an id). `check`
reads every table's chain back (`table_chains`) and names the first revision that does not
match.

A seat's name in a revision's content is the player's name when the revision was recorded:
the present name, or the old name of the player's first rename made after it
(`player_rename.last_revision_id`), so a rename never breaks a chain.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..domain.chain import Content, chain
from .db import Connection, stamp

_REVISIONS = ("SELECT r.id, d.number, r.seq, r.kind, r.outcome, r.created_at, r.author, "
              "r.reason, r.hash FROM revision r JOIN deal d ON d.id = r.deal_id "
              "WHERE d.table_id = :t {more} ORDER BY r.id")


@dataclass(frozen=True, slots=True)
class Link:
    """One revision of a table's chain as stored: its content and its stored hash."""

    revision_id: int
    content: Content
    hash: str | None


class _Seats:
    """A table's seat names as they were at each revision."""

    def __init__(self, session: Connection, table_id: int) -> None:
        self.game = session.execute("SELECT game FROM game_table WHERE id = :t",
                                    {"t": table_id}).fetchone()[0]
        rows = session.execute("SELECT s.player_id, p.name FROM seat s JOIN player p "
                               "ON p.id = s.player_id WHERE s.table_id = :t "
                               "ORDER BY s.position", {"t": table_id}).fetchall()
        self.now = tuple(name for _, name in rows)
        self.ids = [pid for pid, _ in rows]
        self.renames: dict[int, list[tuple[int, str]]] = {}
        for pid, last, old in session.execute(
                "SELECT r.player_id, r.last_revision_id, r.old_name FROM player_rename r "
                "JOIN seat s ON s.player_id = r.player_id WHERE s.table_id = :t "
                "ORDER BY r.id", {"t": table_id}):
            self.renames.setdefault(pid, []).append((last, old))

    def at(self, revision_id: int) -> tuple[str, ...]:
        if not self.renames:
            return self.now
        return tuple(next((old for last, old in self.renames.get(pid, ())
                           if revision_id <= last), name)
                     for pid, name in zip(self.ids, self.now, strict=True))


def _links(session: Connection, table_id: int, more: str = "", first: int | None = None
           ) -> Iterator[Link]:
    seats = _Seats(session, table_id)
    sql = _REVISIONS if first is None else _NEW_REVISIONS
    for rid, number, seq, kind, outcome, at, author, reason, kept in session.execute(
            sql.format(more=more), {"t": table_id, "first": first}).fetchall():
        at = at if isinstance(at, str) else stamp(at)  # Alembic's connection: a datetime
        yield Link(rid, Content(seats.game, seats.at(rid), number, seq, kind, outcome, at,
                                author, reason), kept)


def seal(session: Connection, *, table_id: int | None = None, deal_id: int | None = None,
         first: int | None = None) -> None:
    """Give the table's revisions that have no hash yet theirs (the table named, or that
    of `deal_id`), after the table's last hash. `first`: the id of the first revision just
    written (every one before it is sealed already): only those from it on are read, so a
    deal added to a long table costs what one added to a short one does."""
    if table_id is None:
        table_id = session.execute("SELECT table_id FROM deal WHERE id = :d",
                                   {"d": deal_id}).fetchone()[0]
    todo = list(_links(session, table_id, "AND r.hash IS NULL", first))
    if not todo:
        return
    hashes = chain([x.content for x in todo], _hash_before(session, table_id,
                                                           todo[0].revision_id))
    session.executemany("UPDATE revision SET hash = :h WHERE id = :id",
                        [{"h": h, "id": x.revision_id} for h, x in zip(hashes, todo, strict=True)])


# the revisions from an id on (a range of the primary key, then each one's deal: CROSS JOIN
# keeps SQLite from walking every deal of the table instead)
_NEW_REVISIONS = ("SELECT r.id, d.number, r.seq, r.kind, r.outcome, r.created_at, r.author, "
                  "r.reason, r.hash FROM revision r CROSS JOIN deal d WHERE d.id = r.deal_id "
                  "AND r.id >= :first AND d.table_id = :t {more} ORDER BY r.id")
# the table's newest revision among the last WINDOW before an id: the recent ids read
# backwards, each one's deal looked up (a table being played has one there)
_RECENT = ("SELECT r.hash FROM revision r CROSS JOIN deal d WHERE d.id = r.deal_id "
           "AND r.id < :first AND r.id >= :first - :window AND d.table_id = :t "
           "ORDER BY r.id DESC LIMIT 1")
WINDOW = 1000


def _hash_before(session: Connection, table_id: int, first: int) -> str:
    """The hash of the table's newest revision before the revision `first` ("" if none)."""
    params = {"t": table_id, "first": first, "window": WINDOW}
    row = session.execute(_RECENT, params).fetchone()
    if row is None:  # none among the recent ids: the table's, found through its deals
        row = session.execute(_HEAD.format(table=":t", before="AND r.id < :first"),
                              params).fetchone()
    return (row[0] or "") if row else ""


# the hash of a table's newest revision (before some id): found through the table's deals
# (an aggregate over a join: a server never reads the whole revision index backwards for it)
_HEAD = ("SELECT hash FROM revision WHERE id = (SELECT max(r.id) FROM deal d JOIN revision r "
         "ON r.deal_id = d.id WHERE d.table_id = {table} {before})")


def last_hash(session: Connection, table_id: int) -> str:
    """The hash of the table's newest revision ("" before its first)."""
    row = session.execute(_HEAD.format(table=":t", before=""), {"t": table_id}).fetchone()
    return (row[0] or "") if row else ""


def seat_names(session: Connection, table_id: int) -> tuple[str, ...]:
    """The table's seats' present names: those of a revision written now."""
    return tuple(r[0] for r in session.execute(
        "SELECT p.name FROM seat s JOIN player p ON p.id = s.player_id WHERE s.table_id = :t "
        "ORDER BY s.position", {"t": table_id}).fetchall())


def seal_all(session: Connection) -> None:
    """Seal every table (the migration that brought the chain fills the hashes so)."""
    for (tid,) in session.execute("SELECT id FROM game_table ORDER BY id").fetchall():
        seal(session, table_id=tid)


def table_chain(session: Connection, table_id: int) -> list[Link]:
    """The table's revisions in the order they were made, with their stored hashes."""
    return list(_links(session, table_id))


def heads(session: Connection, night_id: int) -> list[tuple[int, str]]:
    """(table number, the hash of its last revision) of the night's tables that have one."""
    return [(n, h) for n, h in session.execute(
        f"SELECT g.number, ({_HEAD.format(table='g.id', before='')}) FROM game_table g "
        "WHERE g.night_id = :n ORDER BY g.number", {"n": night_id}).fetchall() if h]


def table_heads(session: Connection, night_id: int | None = None
                ) -> list[tuple[int, int, str, int, str | None]]:
    """(night id, table number, game, revisions, the hash of its last revision) of every
    table in scope, night by night in table order."""
    where, params = ("WHERE g.night_id = :n ", {"n": night_id}) if night_id is not None \
        else ("", {})
    return [tuple(r) for r in session.execute(
        "SELECT g.night_id, g.number, g.game, (SELECT count(*) FROM revision r JOIN deal d "
        f"ON d.id = r.deal_id WHERE d.table_id = g.id), ({_HEAD.format(table='g.id', before='')}) "
        f"FROM game_table g {where}ORDER BY g.night_id, g.number", params).fetchall()]


def revision_rows(session: Connection, night_id: int | None = None
                  ) -> Iterator[tuple[int, int, Link]]:
    """(night id, table number, link) of every revision in scope, table by table (night by
    night in table order), each table's in the order they were made."""
    where, params = ("WHERE night_id = :n ", {"n": night_id}) if night_id is not None \
        else ("", {})
    for tid, nid, number in session.execute(
            f"SELECT id, night_id, number FROM game_table {where}ORDER BY night_id, number",
            params).fetchall():
        for link in _links(session, tid):
            yield nid, number, link


def table_ids(session: Connection) -> Sequence[int]:
    return [r[0] for r in session.execute("SELECT id FROM game_table ORDER BY id").fetchall()]
