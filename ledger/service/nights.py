"""Club nights and the tables within them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from .. import presets
from ..rules import RuleError
from ..rules.errors import show
from ..rules.fields import read_players
from ..rules.names import clean_text
from ..store import repo
from ..views import NightView, TableView
from . import clock
from .lookups import open_night, player_id
from .store import Store
from .tables import table_view


class Nights:
    def __init__(self, store: Store) -> None:
        self.store = store

    def new(self, on: str | None = None, venue: str | None = None) -> int:
        day = on or date.today().isoformat()
        try:
            day = date.fromisoformat(day).isoformat()
        except ValueError:
            raise RuleError("date", f"{show(on)} is not a date (YYYY-MM-DD)",
                            "not_date", value=show(on)) from None
        if venue is not None:
            venue = " ".join(clean_text(venue, "venue").split()) or None  # type: ignore[union-attr]
        with self.store.write() as s:
            return repo.add_night(session=s, date=day, venue=venue, now=clock.now())

    def all(self) -> list[NightView]:
        with self.store.read() as s:
            return [NightView(n.id or 0, n.date, n.venue, n.closed_at is not None)
                    for n in repo.nights(session=s)]

    def one(self, night_id: int) -> NightView:
        with self.store.read() as s:
            n = repo.night_row(session=s, night_id=night_id)
            if n is None:
                raise RuleError("night", f"{night_id} does not exist", "no_such", id=night_id)
            tables = tuple(table_view(s, t.id or 0) for t in repo.tables(
                session=s, night_id=night_id))
            return NightView(night_id, n.date, n.venue, n.closed_at is not None, tables)

    def close(self, night_id: int) -> None:
        with self.store.write() as s:
            open_night(s, night_id)
            repo.close_night(session=s, night_id=night_id, now=clock.now())

    def new_table(self, night_id: int, game: str, seats: Sequence[str], preset: str = "default",
                  overrides: Mapping[str, Any] | None = None) -> int:
        engine, options = presets.load(game, preset, overrides)
        names = read_players(list(seats), "seats")
        engine.check_seats(names, options)
        with self.store.write() as s:
            open_night(s, night_id)
            ids = [player_id(s, n, "seats") for n in names]
            return repo.add_table(session=s, night_id=night_id, game=engine.name, preset=preset,
                                  options=engine.options_json(options), seat_ids=ids,
                                  now=clock.now())

    def table(self, table_id: int) -> TableView:
        with self.store.read() as s:
            return table_view(s, table_id)
