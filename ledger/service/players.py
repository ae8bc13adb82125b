"""The club roster."""

from __future__ import annotations

from collections.abc import Sequence

from ..domain.rules import RuleError
from ..domain.rules.errors import show
from ..domain.rules.names import clean_name
from ..store import renames, repo
from . import clock
from .lookups import Newcomers, player_id
from .store import Store
from .views import PlayerView


class Players:
    def __init__(self, store: Store) -> None:
        self.store = store

    def add(self, name: object) -> int:
        return self.add_many([name])[0]

    def add_many(self, names: Sequence[object]) -> list[int]:
        """Add members in one transaction: all of them, or none if any is refused."""
        cleaned = [clean_name(name) for name in names]
        with self.store.write() as s:
            ids = []
            newcomers = Newcomers(s, "name")
            for clean in cleaned:  # an earlier name of the same call counts as a clash
                clash = repo.player_by_name_folded(session=s, name=clean)
                if clash:
                    raise RuleError("name", "roster_as", value=show(clean), other=show(clash[1]))
                ids.append(repo.add_player(session=s, name=newcomers.admit(clean),
                                           now=clock.now()))
            return ids

    def rename(self, old: object, new: object) -> None:
        new_name = clean_name(new, "new name")
        with self.store.write() as s:
            pid = player_id(s, old, "name")
            clash = repo.player_by_name_folded(session=s, name=new_name)
            if clash and clash[0] != pid:
                raise RuleError("new name", "already_roster", value=show(new_name))
            Newcomers(s, "new name", besides=pid).admit(new_name)
            renames.rename_player(session=s, player_id=pid, name=new_name, now=clock.now())

    def all(self) -> list[PlayerView]:
        with self.store.read() as s:
            return [PlayerView(i, n) for i, n in repo.players(session=s)]
