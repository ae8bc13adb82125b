"""SQLModel tables. Deals are append-only: a deal's history is its list of revisions.

Amounts are integers; a transfer's payer or payee is NULL for the Hachi-Hachi pot.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, UniqueConstraint
from sqlmodel import Field, SQLModel


class Player(SQLModel, table=True):
    __tablename__ = "player"
    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True, index=True)
    created_at: datetime


class PlayerRename(SQLModel, table=True):
    """A player's earlier name: revisions up to `last_revision_id` were recorded under
    `old_name` and are read under the new one (`ledger.store.renames`)."""

    __tablename__ = "player_rename"
    id: int | None = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    old_name: str
    new_name: str
    last_revision_id: int  # 0: no revision yet
    created_at: datetime


class Night(SQLModel, table=True):
    __tablename__ = "night"
    id: int | None = Field(default=None, primary_key=True)
    date: str  # ISO date of the club night
    venue: str | None = None
    created_at: datetime
    closed_at: datetime | None = None
    rate: str | None = None  # money per chip, a Decimal as text (e.g. "0.05")
    currency: str | None = None  # ISO 4217 code for `rate`
    # its identity in every ledger it is synced into (`sync_rows.night_uid`, given at its
    # first sync), and there the id of the ledger that recorded it
    uid: str | None = Field(default=None, unique=True, index=True)
    origin: str | None = None


class LedgerSetting(SQLModel, table=True):
    """The ledger's own facts: its id (`ledger_id`, a uuid, made at its first sync)."""

    __tablename__ = "ledger_setting"
    key: str = Field(primary_key=True)
    value: str


class PeerPlayer(SQLModel, table=True):
    """Which player of this ledger another ledger's player is (`ledger`: that ledger's
    id, `remote_id`: the player's id there), as its first sync matched or made them."""

    __tablename__ = "peer_player"
    ledger: str = Field(primary_key=True)
    remote_id: int = Field(primary_key=True)
    player_id: int = Field(foreign_key="player.id")


class GameTable(SQLModel, table=True):
    __tablename__ = "game_table"
    __table_args__ = (UniqueConstraint("night_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    night_id: int = Field(foreign_key="night.id", index=True)
    number: int  # within the night, from 1
    game: str
    preset: str
    options: str  # the frozen options, JSON
    created_at: datetime


class Seat(SQLModel, table=True):
    __tablename__ = "seat"
    table_id: int = Field(foreign_key="game_table.id", primary_key=True)
    position: int = Field(primary_key=True)  # 0-based, clockwise
    player_id: int = Field(foreign_key="player.id", index=True)


class Deal(SQLModel, table=True):
    __tablename__ = "deal"
    # the unique index serves lookups by table_id too (migration 0003 dropped its own)
    __table_args__ = (UniqueConstraint("table_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="game_table.id")
    number: int  # within the table, from 1
    created_at: datetime


class Revision(SQLModel, table=True):
    """One version of a deal. The deal's current version is its highest id.

    kind: record | correct | void | resettle (a later deal re-settled after a correction)
    """

    __tablename__ = "revision"
    __table_args__ = (
        UniqueConstraint("deal_id", "seq"),
        Index("ix_revision_deal_id_id", "deal_id", "id"),
    )
    id: int | None = Field(default=None, primary_key=True)
    deal_id: int = Field(foreign_key="deal.id")
    seq: int  # 1, 2, … within the deal
    kind: str
    outcome: str | None = None  # contract JSON (without game/players); NULL for a void
    summary: str = ""
    extra: str = "{}"  # the game's extra output, JSON
    created_at: datetime
    author: str | None = None
    reason: str | None = None
    # the key of the phone form it was saved from: a retry finds it, never doubles
    form_key: str | None = Field(default=None, unique=True, index=True)
    # sha256 of its content and of the table's revision before it (`ledger.store.chain_rows`)
    hash: str | None = None


class DealState(SQLModel, table=True):
    """Where the table stands after a deal (its current revision), as `ledger.domain.replay`
    encodes it: a cache of the fold, so a new deal, the table's status and its standings
    read one row instead of the whole table. Rewritten when a correction re-settles the
    deals after it; `tally check` verifies every one against the fold."""

    __tablename__ = "deal_state"
    deal_id: int | None = Field(default=None, primary_key=True, foreign_key="deal.id")
    state: str  # the engine's state, JSON
    played: int  # deals played so far at the table (voids left out)
    nets: str  # each seat's net so far, JSON list in seat order


class NightSum(SQLModel, table=True):
    """Each player's net and deals (not void) at one night's tables of one game, over the
    current revisions: a cache of the transfers, written in the transaction of every
    revision (`ledger.store.sums`), re-derived when a correction re-settles, verified by
    `tally check`. Standings and the league read it instead of summing every transfer.
    A row for every seated player (0 and 0 before their first deal)."""

    __tablename__ = "night_sum"
    night_id: int = Field(foreign_key="night.id", primary_key=True)
    game: str = Field(primary_key=True)
    player_id: int = Field(foreign_key="player.id", primary_key=True)
    net: int
    deals: int


class PlayerNight(SQLModel, table=True):
    """Each player's net and deals (not void) at one night over every game, with the
    night's date: the night's `night_sum` rows of that player added up, moved in the same
    statements (`ledger.store.sums`), verified by `tally check`. The league over many nights
    reads these, one row a player a night: a federation's league adds up a million rows, not
    the games' rows grouped again and joined to the nights for their dates."""

    __tablename__ = "player_night"
    night_id: int = Field(foreign_key="night.id", primary_key=True)
    player_id: int = Field(foreign_key="player.id", primary_key=True)
    date: str  # the night's (ISO)
    net: int
    deals: int


class RatingMark(SQLModel, table=True):
    """A night whose ratings are kept (`rating_night`), with the fingerprint of its inputs
    chained to the night before's (`ledger.domain.rating.fingerprint`): a cache, made again
    from the first night whose fingerprint no longer matches, verified by `tally check`.
    No foreign key: a cache never stands in the way of a night's removal."""

    __tablename__ = "rating_mark"
    night_id: int = Field(primary_key=True)
    date: str  # the night's (ISO), as rated
    fingerprint: str


class RatingNight(SQLModel, table=True):
    """A player's rating after a night they played: over every game (`game` = "") and at
    each game they played that night."""

    __tablename__ = "rating_night"
    night_id: int = Field(primary_key=True)
    game: str = Field(primary_key=True)
    player_id: int = Field(primary_key=True)
    mu: float
    sigma: float
    games: int  # tables rated so far


class RatingWatermark(SQLModel, table=True):
    """How far the kept ratings have read (one row): the newest revision id and the count of
    revisions then, and the options rated under. Revisions are only ever appended, and a
    night's date and a table's seats never change once a deal is played, so a ledger with
    the same newest id and count has the same inputs: `tally rating` reads nothing more.
    A count that grew by more than the revisions after that id (a server's transaction
    that committed an older id late) sends the next rating through every night."""

    __tablename__ = "rating_watermark"
    id: int = Field(primary_key=True)  # always 1
    revision_id: int
    revisions: int
    options: str


class TransferRow(SQLModel, table=True):
    __tablename__ = "transfer"
    # covering: standings, exports and check read these four columns by revision (0003)
    __table_args__ = (
        Index("ix_transfer_revision_moves", "revision_id", "payer_id", "payee_id", "amount"),
    )
    id: int | None = Field(default=None, primary_key=True)
    revision_id: int = Field(foreign_key="revision.id")
    payer_id: int | None = Field(default=None, foreign_key="player.id")  # NULL: the pot
    payee_id: int | None = Field(default=None, foreign_key="player.id")  # NULL: the pot
    amount: int
    reason: str


class PaymentRow(SQLModel, table=True):
    """Money that changed hands to settle a night ("Chie paid Dan 35").

    A negative amount takes back a payment marked by mistake (rows are never deleted).
    """

    __tablename__ = "payment"
    id: int | None = Field(default=None, primary_key=True)
    night_id: int = Field(foreign_key="night.id", index=True)
    payer_id: int = Field(foreign_key="player.id")
    payee_id: int = Field(foreign_key="player.id")
    amount: int
    created_at: datetime
    author: str | None = None


class SettlePlan(SQLModel, table=True):
    """A night's settlement plan as it was shown when the first payment was marked against
    it (or when someone re-planned): from then on its lines stand still, and what is still
    owed is each line less the payments made against it (those with an id above
    `after_payment`, the last payment the plan's nets already counted)."""

    __tablename__ = "settle_plan"
    id: int | None = Field(default=None, primary_key=True)
    night_id: int = Field(foreign_key="night.id", index=True)
    mode: str  # fewest | direct
    after_payment: int = 0
    created_at: datetime
    author: str | None = None


class PlanLine(SQLModel, table=True):
    """One "payer pays payee amount" of a plan (`table_number`: the table, in direct mode)."""

    __tablename__ = "plan_line"
    plan_id: int = Field(foreign_key="settle_plan.id", primary_key=True)
    position: int = Field(primary_key=True)  # 0-based, the order shown
    table_number: int | None = None
    payer_id: int = Field(foreign_key="player.id")
    payee_id: int = Field(foreign_key="player.id")
    amount: int


class SeasonRow(SQLModel, table=True):
    """A named range of nights ranked together (`tally season new`): the league of those
    dates, by chips or by placement points from the named table of `data/league/`."""

    __tablename__ = "season"
    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True, index=True)
    date_from: str  # ISO date, first night included
    date_to: str  # ISO date, last night included
    scoring: str  # chips | placement
    points: str = "default"  # the points table (placement), data/league/<points>.toml
    created_at: datetime


class TournamentRow(SQLModel, table=True):
    """A tournament (`tally tournament new`): its rounds are drawn onto the tables of a night
    (`night_id`, or another night a round names), each a normal table of that night. `seed`
    is the recorded seed every round's draw is made from; `schedule` the fixed schedule's
    rounds (JSON) for `method` schedule."""

    __tablename__ = "tournament"
    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True, index=True)
    night_id: int = Field(foreign_key="night.id", index=True)
    game: str
    rounds: int
    method: str  # random | mix | swiss | schedule
    table_size: int
    round_minutes: int | None = None
    points: str  # data/tournament/<points>.toml
    seed: str
    schedule: str | None = None  # JSON: rounds of tables of start numbers
    created_at: datetime


class TournamentEntry(SQLModel, table=True):
    """A player registered for a tournament: plays from round `from_round` (a late
    registration: the next round to be drawn) until before `withdrawn_from`, if set."""

    __tablename__ = "tournament_entry"
    __table_args__ = (UniqueConstraint("tournament_id", "player_id"),)
    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    player_id: int = Field(foreign_key="player.id")
    number: int  # start number, from 1 in the order of registration
    from_round: int
    withdrawn_from: int | None = None
    created_at: datetime


class TournamentRound(SQLModel, table=True):
    """A round's draw: the seed it was made from, when, on what ranking (`basis`, JSON, for
    a Swiss draw: the order it paired), and when its clock started."""

    __tablename__ = "tournament_round"
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    number: int = Field(primary_key=True)
    seed: str
    redraws: int = 0
    basis: str | None = None
    drawn_at: datetime
    started_at: datetime | None = None


class TournamentSeat(SQLModel, table=True):
    """Where a player sits in a round: a drawn table (seat order is the table's own), or a
    bye (`table_id` NULL)."""

    __tablename__ = "tournament_seat"
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    round: int = Field(primary_key=True)
    player_id: int = Field(foreign_key="player.id", primary_key=True)
    table_id: int | None = Field(default=None, foreign_key="game_table.id", index=True)
