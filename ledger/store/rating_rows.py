"""The rows ratings are made from and kept in (issue 40).

`table_results`: every table with a deal played (not void), with its night, its seats'
player ids in seat order and their nets over the current revisions (as `repo.nets_by_table`
sums them). `rating_mark` and `rating_night` are the kept ratings (`models.py`): a cache
replaced from the first night whose fingerprint changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .db import Connection
from .repo import deals_played, nets_by_table


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


def table_results(*, session: Connection) -> list[TableRow]:
    """Every table with a deal played, in night date, night id and table id order."""
    played = {tid for (_, tid) in deals_played(session=session)}
    nets = nets_by_table(session=session)
    seats: dict[int, list[int]] = {}
    for tid, pid in session.execute("SELECT table_id, player_id FROM seat "
                                    "ORDER BY table_id, position"):
        seats.setdefault(tid, []).append(pid)
    out = []
    for tid, night, day, venue, game in session.execute(
            "SELECT t.id, t.night_id, n.date, n.venue, t.game FROM game_table t "
            "JOIN night n ON n.id = t.night_id ORDER BY n.date, n.id, t.id"):
        if tid in played:
            who = tuple(seats.get(tid, ()))
            out.append(TableRow(night, day, venue, tid, game, who,
                                tuple(nets.get((p, tid), 0) for p in who)))
    return out


def marks(*, session: Connection) -> dict[int, tuple[str, str]]:
    """{night id: (date, fingerprint)} of the nights whose ratings are kept."""
    return {n: (d, f) for n, d, f in
            session.execute("SELECT night_id, date, fingerprint FROM rating_mark")}


def kept(*, session: Connection) -> list[KeptRating]:
    return [KeptRating(int(n), g, int(p), float(m), float(s), int(k)) for n, g, p, m, s, k in
            session.execute("SELECT night_id, game, player_id, mu, sigma, games "
                            "FROM rating_night")]


def replace(*, session: Connection, drop: Iterable[int],
            nights: Sequence[tuple[int, str, str]], rows: Sequence[KeptRating]) -> None:
    """Forget the kept ratings of the nights `drop`, then keep `nights` ((id, date,
    fingerprint)) and their `rows`."""
    gone = [{"n": n} for n in drop]
    if gone:
        session.executemany("DELETE FROM rating_night WHERE night_id = :n", gone)
        session.executemany("DELETE FROM rating_mark WHERE night_id = :n", gone)
    if nights:
        session.executemany("INSERT INTO rating_mark (night_id, date, fingerprint) "
                            "VALUES (:n, :d, :f)",
                            [{"n": n, "d": d, "f": f} for n, d, f in nights])
    if rows:
        session.executemany("INSERT INTO rating_night (night_id, game, player_id, mu, sigma, "
                            "games) VALUES (:n, :g, :p, :m, :s, :k)",
                            [{"n": r.night_id, "g": r.game, "p": r.player_id, "m": r.mu,
                              "s": r.sigma, "k": r.games} for r in rows])
