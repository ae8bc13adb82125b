"""The club roster."""

from __future__ import annotations

from ..rules import RuleError
from ..rules.errors import show
from ..store import repo
from ..views import PlayerView
from . import clock
from .names import clean_name, player_id
from .store import Store


class Players:
    def __init__(self, store: Store) -> None:
        self.store = store

    def add(self, name: object) -> int:
        clean = clean_name(name)
        with self.store.write() as s:
            clash = repo.player_by_name_folded(session=s, name=clean)
            if clash:
                raise RuleError("name",
                                f"{show(clean)} is already in the roster as {show(clash[1])}")
            return repo.add_player(session=s, name=clean, now=clock.now())

    def rename(self, old: object, new: object) -> None:
        new_name = clean_name(new, "new name")
        with self.store.write() as s:
            pid = player_id(s, old, "name")
            clash = repo.player_by_name_folded(session=s, name=new_name)
            if clash and clash[0] != pid:
                raise RuleError("new name", f"{show(new_name)} is already in the roster")
            repo.rename_player(session=s, player_id=pid, name=new_name)

    def all(self) -> list[PlayerView]:
        with self.store.read() as s:
            return [PlayerView(i, n) for i, n in repo.players(session=s)]
