"""Plain frozen records the service hands to the CLI and the TUI (no rows leak out)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class PlayerView:
    id: int
    name: str


@dataclass(frozen=True, slots=True)
class TableView:
    id: int
    night_id: int
    number: int
    game: str
    preset: str
    seats: tuple[str, ...]
    options: dict[str, Any]
    deals: int
    status: dict[str, Any] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class NightView:
    id: int
    date: str
    venue: str | None
    closed: bool
    tables: tuple[TableView, ...] = ()


@dataclass(frozen=True, slots=True)
class TransferView:
    payer: str
    payee: str
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class Notice:
    """Something worth a warning that is not refused (the same player at two open tables,
    two nights on one date): the edge says it from the catalogue's `warn.<code>`."""

    field: str
    code: str
    values: dict[str, Any] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class DealView:
    """A deal as it stands now (its latest revision)."""

    id: int
    table_id: int
    number: int
    revision: int
    kind: str  # record | correct | void | resettle
    summary: str
    outcome: dict[str, Any] | None
    extra: dict[str, Any]
    transfers: tuple[TransferView, ...]
    nets: dict[str, int]
    created_at: str
    author: str | None = None
    reason: str | None = None
    game: str = ""  # the table's game and seats: what the summary is rendered from
    seats: tuple[str, ...] = ()

    @property
    def void(self) -> bool:
        return self.kind == "void"

    def shown(self) -> str:
        """The summary in the language in use, from the deal's facts (`summary` is the
        sentence stored when it was recorded: history, and the fallback)."""
        from ..text.summaries import render

        return render(self.game, self.outcome, self.extra, self.summary, self.kind, self.seats)


@dataclass(frozen=True, slots=True)
class StandingRow:
    rank: int
    player: str
    net: int
    deals: int


@dataclass(frozen=True, slots=True)
class ChipsRow:
    """One player's chips on a table that plays for a stack (start chips + net so far)."""

    rank: int  # equal chips share a place (1, 2, 2, 4)
    player: str
    chips: int
    net: int


@dataclass(frozen=True, slots=True)
class Scoreboard:
    """A game of a set length played for chips (Hachi-Hachi): each player's chips, the
    rounds played and left, and whether the game is over (then `rows` is the final
    ranking). Derived from the fold of the table's deals."""

    start_chips: int
    rounds: int
    played: int
    finished: bool
    rows: tuple[ChipsRow, ...]

    @property
    def rounds_left(self) -> int:
        return 0 if self.finished else max(self.rounds - self.played, 0)


@dataclass(frozen=True, slots=True)
class FormSave:
    """Whether the save of one form (its key) went through, as the database says after a
    lost connection: the deal it made and its number at its table, or not saved (None)."""

    deal_id: int | None
    number: int | None

    @property
    def saved(self) -> bool:
        return self.deal_id is not None


@dataclass(frozen=True, slots=True)
class Preview:
    """What a deal would settle, before it is saved."""

    summary: str
    transfers: tuple[TransferView, ...]
    nets: dict[str, int]
    extra: dict[str, Any]
    outcome: dict[str, Any] | None = None  # the deal as contract JSON, and its table's game
    game: str = ""
    seats: tuple[str, ...] = ()

    def shown(self) -> str:
        """The summary in the language in use, from the facts (see `DealView.shown`)."""
        from ..text.summaries import render

        return render(self.game, self.outcome, self.extra, self.summary, "", self.seats)


@dataclass(frozen=True, slots=True)
class GameView:
    """A game a table can play: its name (as typed), title, seat range and presets."""

    name: str
    title: str
    min_seats: int
    max_seats: int
    presets: tuple[tuple[str, str], ...]  # (name, description), `default` first
