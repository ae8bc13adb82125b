"""Club nights and the tables within them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from ..config import confirm, presets
from ..domain.rules import RuleError
from ..domain.rules.errors import show
from ..domain.rules.fields import read_players
from ..domain.rules.names import clean_text
from ..store import removal, repo
from . import clock
from .lookups import open_night, player_id
from .store import Store
from .tables import table_view
from .views import NightView, Notice, TableView


class Nights:
    def __init__(self, store: Store) -> None:
        self.store = store

    def new(self, on: str | None = None, venue: str | None = None) -> int:
        day = on or date.today().isoformat()
        try:
            day = date.fromisoformat(day).isoformat()
        except ValueError:
            raise RuleError("date", "not_date", value=show(on)) from None
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
                raise RuleError("night", "no_such", id=night_id)
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
        mode = presets.confirm_mode(game, preset, overrides)
        names = read_players(list(seats), "seats")
        engine.check_seats(names, options)
        with self.store.write() as s:
            open_night(s, night_id)
            ids = [player_id(s, n, "seats") for n in names]
            return repo.add_table(session=s, night_id=night_id, game=engine.name, preset=preset,
                                  options={**engine.options_json(options),
                                           **confirm.stored(mode)},
                                  seat_ids=ids, now=clock.now())

    def table(self, table_id: int) -> TableView:
        with self.store.read() as s:
            return table_view(s, table_id)

    # ---- warnings (said, never refused) -------------------------------------------------

    def night_notices(self, night_id: int) -> list[Notice]:
        """Another night on the same date (opened twice by mistake?)."""
        with self.store.read() as s:
            n = repo.night_row(session=s, night_id=night_id)
            if n is None:
                raise RuleError("night", "no_such", id=night_id)
            return [Notice("date", "same_date", {"date": n.date, "night": o.id})
                    for o in repo.nights(session=s) if o.date == n.date and o.id != night_id]

    def table_notices(self, table_id: int) -> list[Notice]:
        """Each of the table's players also seated at another open table of the night (one
        not finished): one of the two seatings is likely a mistake."""
        with self.store.read() as s:
            mine = table_view(s, table_id)
            out = []
            others = [table_view(s, o.id or 0) for o in repo.tables(
                session=s, night_id=mine.night_id) if o.id != table_id]
            for name in mine.seats:
                at = [o.number for o in others
                      if name in o.seats and not o.status.get("finished")]
                if at:
                    out.append(Notice("seats", "seated_twice",
                                      {"name": name, "table": ", ".join(map(str, at))}))
            return out

    # ---- removing what was opened by mistake (never anything with a deal) ---------------

    def delete_table(self, table_id: int) -> None:
        """Remove a table that has no deal (not even a voided one)."""
        with self.store.write() as s:
            row = repo.table_row(session=s, table_id=table_id)
            if row is None:
                raise RuleError("table", "no_such", id=table_id)
            open_night(s, row.night_id)
            deals = removal.deals_at_table(session=s, table_id=table_id)
            if deals:
                raise RuleError("table", "table_has_deals", table=table_id, deals=deals)
            removal.delete_table(session=s, table_id=table_id)

    def delete_night(self, night_id: int) -> None:
        """Remove a night with no deal at any of its tables and no payment."""
        with self.store.write() as s:
            if repo.night_row(session=s, night_id=night_id) is None:
                raise RuleError("night", "no_such", id=night_id)
            deals = removal.deals_at_night(session=s, night_id=night_id)
            paid = removal.payments_at_night(session=s, night_id=night_id)
            if deals or paid:
                raise RuleError("night", "night_has_deals", night=night_id, deals=deals + paid)
            removal.delete_night(session=s, night_id=night_id)
