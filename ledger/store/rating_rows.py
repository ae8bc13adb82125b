"""The rows ratings are made from and kept in.

`table_results`: every table where a chip moved, with its night, its seats' player ids in
seat order and their nets over the current revisions. `rating_mark` and `rating_night` are
the kept ratings (`models.py`): a cache replaced from the first night whose fingerprint
changed; `rating_watermark` says how far it has read the revisions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from .db import Connection
from .league_rows import LAST

Bulk = Callable[[Any, str, list[str], list[Any]], None]  # `Database.bulk_insert`


class TableRow(NamedTuple):
    night_id: int
    date: str
    venue: str | None
    table_id: int
    game: str
    seats: tuple[int, ...]
    nets: tuple[int, ...]


class KeptRating(NamedTuple):
    night_id: int
    game: str
    player_id: int
    mu: float
    sigma: float
    games: int


# every seat's net at every table over the current revisions (a deal's latest), a row a
# seat in night, table and seat order: the transfers summed by table, payer and payee in
# one pass, then each side's sum to its player (a NULL side is the pot)
_SEAT_NETS = """
WITH cur AS (SELECT r.id, d.table_id FROM revision r JOIN deal d ON d.id = r.deal_id
             WHERE NOT EXISTS (SELECT 1 FROM revision l WHERE l.deal_id = r.deal_id
                               AND l.id > r.id)),
pairs AS (SELECT c.table_id, x.payer_id, x.payee_id, sum(x.amount) AS n FROM transfer x
          JOIN cur c ON c.id = x.revision_id GROUP BY c.table_id, x.payer_id, x.payee_id),
nets AS (SELECT table_id, pid, sum(n) AS n FROM (
           SELECT table_id, payee_id AS pid, n FROM pairs WHERE payee_id IS NOT NULL
           UNION ALL
           SELECT table_id, payer_id AS pid, -n FROM pairs WHERE payer_id IS NOT NULL) m
         GROUP BY table_id, pid)
SELECT g.id, g.night_id, n.date, n.venue, g.game, s.player_id, coalesce(m.n, 0)
FROM night n JOIN game_table g ON g.night_id = n.id JOIN seat s ON s.table_id = g.id
LEFT JOIN nets m ON m.table_id = g.id AND m.pid = s.player_id
ORDER BY n.date, n.id, g.id, s.position
"""
# the nights dated :lo or later alone (a few, by their indexes: a night's refresh)
_NETS_SINCE = """
SELECT d.table_id, t.payer_id, t.payee_id, sum(t.amount) FROM deal d
JOIN transfer t ON t.revision_id = (SELECT max(id) FROM revision WHERE deal_id = d.id)
WHERE d.table_id IN (SELECT g.id FROM game_table g JOIN night n ON n.id = g.night_id
                     WHERE n.date >= :lo)
GROUP BY d.table_id, t.payer_id, t.payee_id
"""


def table_results(*, session: Connection, since: str | None = None) -> list[TableRow]:
    """Every table where a chip moved (of the nights dated `since` or later), in night
    date, night id and table id order: its seats in seat order and their nets over the
    current revisions (as `repo.nets_by_table` sums them). Every table in one statement
    summed by the database; those since a date from the rows of their deals alone."""
    if since is not None:
        return _since(session, since)
    out: list[TableRow] = []
    seats: list[int] = []
    nets: list[int] = []
    last: tuple[int, int, str, str | None, str] | None = None
    for tid, night, day, venue, game, pid, net in session.execute(_SEAT_NETS, {}):
        if last is None or tid != last[0]:
            if last is not None and any(nets):
                out.append(TableRow(last[1], last[2], last[3], last[0], last[4],
                                    tuple(seats), tuple(nets)))
            last, seats, nets = (tid, night, day, venue, game), [], []
        seats.append(pid)
        nets.append(int(net))
    if last is not None and any(nets):
        out.append(TableRow(last[1], last[2], last[3], last[0], last[4], tuple(seats),
                            tuple(nets)))
    return out


def _since(session: Connection, since: str) -> list[TableRow]:
    lo = {"lo": since}
    nets: dict[tuple[int, int], int] = {}
    for tid, payer, payee, amount in session.execute(_NETS_SINCE, lo):
        if payee is not None:  # NULL is the pot
            nets[(payee, tid)] = nets.get((payee, tid), 0) + int(amount)
        if payer is not None:
            nets[(payer, tid)] = nets.get((payer, tid), 0) - int(amount)
    moved = {tid for (_, tid), n in nets.items() if n}
    seats: dict[int, list[int]] = {}
    for tid, pid in session.execute(
            "SELECT s.table_id, s.player_id FROM seat s JOIN game_table g ON g.id = s.table_id "
            "JOIN night n ON n.id = g.night_id WHERE n.date >= :lo "
            "ORDER BY s.table_id, s.position", lo):
        seats.setdefault(tid, []).append(pid)
    out = []
    for tid, night, day, venue, game in session.execute(
            "SELECT t.id, t.night_id, n.date, n.venue, t.game FROM game_table t "
            "JOIN night n ON n.id = t.night_id WHERE n.date >= :lo ORDER BY n.date, n.id, t.id",
            lo):
        if tid in moved:
            who = tuple(seats.get(tid, ()))
            out.append(TableRow(night, day, venue, tid, game, who,
                                tuple(nets.get((p, tid), 0) for p in who)))
    return out


def revisions_now(*, session: Connection) -> tuple[int, int]:
    """The newest revision id and how many revisions there are."""
    top, n = session.execute("SELECT coalesce(max(id), 0), count(*) FROM revision").fetchone()
    return int(top), int(n)


def changed_since(*, session: Connection, revision_id: int
                  ) -> tuple[list[tuple[str, int]], int]:
    """(date, id) of the nights with a revision after `revision_id`, and how many such
    revisions there are."""
    nights = session.execute(
        "SELECT DISTINCT n.date, n.id FROM revision r JOIN deal d ON d.id = r.deal_id "
        "JOIN game_table g ON g.id = d.table_id JOIN night n ON n.id = g.night_id "
        "WHERE r.id > :r", {"r": revision_id}).fetchall()
    n = session.execute("SELECT count(*) FROM revision WHERE id > :r",
                        {"r": revision_id}).fetchone()[0]
    return [(d, int(i)) for d, i in nights], int(n)


def watermark(*, session: Connection) -> tuple[int, int, str] | None:
    row = session.execute("SELECT revision_id, revisions, options FROM rating_watermark "
                          "WHERE id = 1").fetchone()
    return None if row is None else (int(row[0]), int(row[1]), row[2])


def set_watermark(*, session: Connection, revision_id: int, revisions: int,
                  options: str) -> None:
    session.execute("INSERT INTO rating_watermark (id, revision_id, revisions, options) "
                    "VALUES (1, :r, :n, :o) ON CONFLICT (id) DO UPDATE SET "
                    "revision_id = excluded.revision_id, revisions = excluded.revisions, "
                    "options = excluded.options",
                    {"r": revision_id, "n": revisions, "o": options})


def marks(*, session: Connection) -> dict[int, tuple[str, str]]:
    """{night id: (date, fingerprint)} of the nights whose ratings are kept."""
    return {n: (d, f) for n, d, f in
            session.execute("SELECT night_id, date, fingerprint FROM rating_mark")}


def kept(*, session: Connection) -> list[KeptRating]:
    return [KeptRating(int(n), g, int(p), float(m), float(s), int(k)) for n, g, p, m, s, k in
            session.execute("SELECT night_id, game, player_id, mu, sigma, games "
                            "FROM rating_night")]


def replace(*, session: Connection, drop: Iterable[int],
            nights: Sequence[tuple[int, str, str]], rows: Iterable[KeptRating],
            bulk: Bulk | None = None) -> None:
    """Forget the kept ratings of the nights `drop`, then keep `nights` ((id, date,
    fingerprint)) and their `rows` (through `bulk`, the engine's `Database.bulk_insert`,
    if given: COPY on a server)."""
    gone = [{"n": n} for n in drop]
    if gone:
        session.executemany("DELETE FROM rating_night WHERE night_id = :n", gone)
        session.executemany("DELETE FROM rating_mark WHERE night_id = :n", gone)
    if bulk is not None:
        bulk(session, "rating_mark", ["night_id", "date", "fingerprint"], list(nights))
        bulk(session, "rating_night", list(KeptRating._fields), list(rows))
        return
    if nights:
        session.executemany("INSERT INTO rating_mark (night_id, date, fingerprint) "
                            "VALUES (:n, :d, :f)",
                            [{"n": n, "d": d, "f": f} for n, d, f in nights])
    params = [{"n": r.night_id, "g": r.game, "p": r.player_id, "m": r.mu, "s": r.sigma,
               "k": r.games} for r in rows]
    if params:
        session.executemany("INSERT INTO rating_night (night_id, game, player_id, mu, sigma, "
                            "games) VALUES (:n, :g, :p, :m, :s, :k)", params)


class LatestRating(NamedTuple):
    game: str
    player_id: int
    night_id: int
    date: str
    mu: float
    sigma: float
    games: int
    back: int  # 1: the player's latest night (up to the date asked), 2: the one before


def _scope(game: str | None) -> str:
    return "r.game = :g" if game is not None else "r.game <> ''"


def latest(*, session: Connection, game: str | None, until: str | None = None
           ) -> list[LatestRating]:
    """Each player's two latest kept ratings up to the night dated `until` (None: every
    night), at `game` ("" over every game; None: at each game apart), newest first."""
    sql = f"""
    WITH ranked AS (
      SELECT r.game, r.player_id, r.night_id, m.date, r.mu, r.sigma, r.games,
             row_number() OVER (PARTITION BY r.game, r.player_id
                                ORDER BY m.date DESC, r.night_id DESC) AS back
      FROM rating_night r JOIN rating_mark m ON m.night_id = r.night_id
      WHERE {_scope(game)} AND m.date <= :hi)
    SELECT game, player_id, night_id, date, mu, sigma, games, back FROM ranked
    WHERE back <= 2 ORDER BY game, player_id, back
    """
    return [LatestRating(g, int(p), int(n), d, float(m), float(s), int(k), int(b))
            for g, p, n, d, m, s, k, b in session.execute(
                sql, {"g": game, "hi": until or LAST})]


def players_at(*, session: Connection, venue: str, game: str | None,
               until: str | None = None) -> set[tuple[str, int]]:
    """(game, player id) of those rated at a night of `venue` dated `until` or before."""
    return {(g, int(p)) for g, p in session.execute(
        "SELECT DISTINCT r.game, r.player_id FROM rating_night r JOIN night n ON "
        f"n.id = r.night_id WHERE {_scope(game)} AND n.venue = :v AND n.date <= :hi",
        {"g": game, "v": venue, "hi": until or LAST})}


def state_before(*, session: Connection, date: str, night_id: int,
                 players: Iterable[int] | None = None) -> list[KeptRating]:
    """Everyone's (or the `players`') latest kept rating (each game, and over every game)
    among the nights before night `night_id` dated `date` (in date, then id order)."""
    params: dict[str, object] = {"d": date, "n": night_id}
    who = ""
    if players is not None:
        ids = sorted(set(players))
        if not ids:
            return []
        params.update({f"p{i}": p for i, p in enumerate(ids)})
        who = f"AND r.player_id IN ({', '.join(f':p{i}' for i in range(len(ids)))})"
    sql = f"""
    WITH ranked AS (
      SELECT r.night_id, r.game, r.player_id, r.mu, r.sigma, r.games,
             row_number() OVER (PARTITION BY r.game, r.player_id
                                ORDER BY m.date DESC, r.night_id DESC) AS back
      FROM rating_night r JOIN rating_mark m ON m.night_id = r.night_id
      WHERE (m.date < :d OR (m.date = :d AND m.night_id < :n)) {who})
    SELECT night_id, game, player_id, mu, sigma, games FROM ranked WHERE back = 1
    """
    return [KeptRating(int(n), g, int(p), float(m), float(s), int(k))
            for n, g, p, m, s, k in session.execute(sql, params)]


class NightRating(NamedTuple):
    player_id: int
    name: str
    date: str
    mu: float
    sigma: float
    games: int


def of_night(*, session: Connection, night_id: int, game: str) -> list[NightRating]:
    """The kept rating at `game` ("" over every game) after night `night_id` of each
    player rated at it (by the primary key: cheap whatever the league's size)."""
    return [NightRating(int(p), n, d, float(m), float(s), int(k)) for p, n, d, m, s, k in
            session.execute(
                "SELECT r.player_id, p.name, m.date, r.mu, r.sigma, r.games "
                "FROM rating_night r JOIN rating_mark m ON m.night_id = r.night_id "
                "JOIN player p ON p.id = r.player_id WHERE r.night_id = :n AND r.game = :g",
                {"n": night_id, "g": game})]


def mark_before(*, session: Connection, date: str, night_id: int) -> str:
    """The fingerprint of the rated night just before night `night_id` dated `date` (""
    if none): chained, it stands for every night before."""
    row = session.execute(
        "SELECT fingerprint FROM rating_mark WHERE date < :d OR (date = :d AND "
        "night_id < :n) ORDER BY date DESC, night_id DESC LIMIT 1",
        {"d": date, "n": night_id}).fetchone()
    return "" if row is None else str(row[0])


def before_night(*, session: Connection, date: str, night_id: int, game: str
                 ) -> dict[int, tuple[float, float, int]]:
    """{player id: (mu, sigma, games)} of the players rated at night `night_id`: their
    latest kept rating at `game` among the nights before it (none: not in the answer)."""
    sql = """
    WITH ranked AS (
      SELECT r.player_id, r.mu, r.sigma, r.games,
             row_number() OVER (PARTITION BY r.player_id
                                ORDER BY m.date DESC, r.night_id DESC) AS back
      FROM rating_night r JOIN rating_mark m ON m.night_id = r.night_id
      WHERE r.game = :g AND (m.date < :d OR (m.date = :d AND m.night_id < :n))
        AND r.player_id IN (SELECT player_id FROM rating_night
                            WHERE night_id = :n AND game = :g))
    SELECT player_id, mu, sigma, games FROM ranked WHERE back = 1
    """
    return {int(p): (float(m), float(s), int(k)) for p, m, s, k in
            session.execute(sql, {"g": game, "d": date, "n": night_id})}


def history(*, session: Connection, game: str, until: str | None = None
            ) -> list[NightRating]:
    """Every kept rating at `game` ("" over every game) of the nights dated `until` or
    before, in night date and id order: each player's trend."""
    return [NightRating(int(p), n, d, float(m), float(s), int(k)) for p, n, d, m, s, k in
            session.execute(
                "SELECT r.player_id, p.name, m.date, r.mu, r.sigma, r.games "
                "FROM rating_night r JOIN rating_mark m ON m.night_id = r.night_id "
                "JOIN player p ON p.id = r.player_id WHERE r.game = :g AND m.date <= :hi "
                "ORDER BY m.date, r.night_id", {"g": game, "hi": until or LAST})]


class PlayerNightRow(NamedTuple):
    night_id: int
    date: str
    venue: str | None
    mu: float
    sigma: float
    games: int


def player_nights(*, session: Connection, player_id: int, game: str) -> list[PlayerNightRow]:
    """Player `player_id`'s kept rating at `game` ("" over every game) after each night
    they were rated in, in night date and id order."""
    return [PlayerNightRow(int(i), d, v, float(m), float(s), int(k)) for i, d, v, m, s, k in
            session.execute(
                "SELECT r.night_id, m.date, n.venue, r.mu, r.sigma, r.games "
                "FROM rating_night r JOIN rating_mark m ON m.night_id = r.night_id "
                "JOIN night n ON n.id = r.night_id WHERE r.player_id = :p AND r.game = :g "
                "ORDER BY m.date, r.night_id", {"p": player_id, "g": game})]


def player_night_net(*, session: Connection, player_id: int, night_id: int) -> int:
    """Player `player_id`'s net over night `night_id`'s tables (current revisions)."""
    row = session.execute(
        "SELECT coalesce(sum(CASE WHEN t.payee_id = :p THEN t.amount ELSE 0 END), 0) - "
        "coalesce(sum(CASE WHEN t.payer_id = :p THEN t.amount ELSE 0 END), 0) "
        "FROM deal d JOIN game_table g ON g.id = d.table_id "
        "JOIN transfer t ON t.revision_id = (SELECT max(id) FROM revision "
        "WHERE deal_id = d.id) WHERE g.night_id = :n AND (t.payer_id = :p OR t.payee_id = :p)",
        {"p": player_id, "n": night_id}).fetchone()
    return int(row[0])
