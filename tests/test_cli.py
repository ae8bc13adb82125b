"""The command line: a whole Crazy Solo night, and every refusal (exit 2, one line, no write)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.service import Tally

from .conftest import Cli, raw_sql, table_counts

SEATS = "Ann,Bea,Chie,Dan,Eve"


@pytest.fixture
def night(cli: Cli) -> Cli:
    assert cli("player", "add", *SEATS.split(",")).stdout == "1\n2\n3\n4\n5\n"
    assert cli("night", "new", "--date", "2026-11-29", "--venue", "Club").stdout == "1\n"
    assert cli("table", "new", "--night", "1", "--game", "crazy-solo", "--seats",
               SEATS).stdout == "1\n"
    return cli


def test_a_night_from_the_command_line(night: Cli) -> None:
    r = night("round", "add", "--table", "1", "--contract", "solo", "--caller", "Bea",
              "--partner", "Dan", "--trump", "clubs", "--points", "73")
    assert (r.exit_code, r.stdout) == (0, "1\n")
    r = night("round", "add", "--table", "1", input={
        "contract": "heart-solo", "caller": "Ann", "partner": "Eve", "trump": "hearts",
        "gang_points": 47})
    assert (r.exit_code, r.stdout) == (0, "2\n")
    r = night("round", "add", "--table", "1", input={
        "game": "crazy-solo", "players": SEATS.split(","), "contract": "pass"})
    assert r.stdout == "3\n"
    assert night("round", "list", "--table", "1").stdout == (
        "#  id  deal                             Ann  Bea  Chie  Dan  Eve\n"
        "-  --  -------------------------------  ---  ---  ----  ---  ---\n"
        "1   1  Solo ♣ Bea + Dan, 73 → 25        -25   50   -25   25  -25\n"
        "2   2  Heart Solo ♥ Ann + Eve, 73 → 40   80  -40   -40  -40   40\n"
        "3   3  All passed                         0    0     0    0    0\n"
        "       total                             55   10   -65  -15   15\n")
    assert night("standings", "--night", "1").stdout == (
        "#  player  net  deals\n"
        "-  ------  ---  -----\n"
        "1  Ann      55      3\n"
        "2  Eve      15      3\n"
        "3  Bea      10      3\n"
        "4  Dan     -15      3\n"
        "5  Chie    -65      3\n")
    assert json.loads(night("standings", "--all", "--json").stdout)[0] == {
        "rank": 1, "player": "Ann", "net": 55, "deals": 3}
    r = night("round", "correct", "1", "--reason", "recount", "--contract", "solo",
              "--caller", "Bea", "--partner", "Dan", "--trump", "clubs", "--points", "52")
    assert r.exit_code == 0
    hist = json.loads(night("round", "history", "1", "--json").stdout)
    assert [(h["revision"], h["kind"], h["net"]["Bea"]) for h in hist] == [
        (1, "record", 50), (2, "correct", -30)]
    assert night("round", "void", "2", "--reason", "misdeal").exit_code == 0
    # each later revision says why, as the app and the CSV do
    assert [line[7:50].rstrip() for line in night("round", "list", "--table", "1")
            .stdout.splitlines()[2:4]] == ["Solo ♣ Bea + Dan, 52 → -15 [rev 2: recount]",
                                           "void [rev 2: misdeal]"]
    r = night("check")
    assert (r.exit_code, r.stdout) == (0, "ok: every deal re-derives to its stored transfers\n")
    r = night("night", "close", "1")
    assert (r.exit_code, r.stderr) == (2, "error: night: 1 has 3 open settlement item(s) "
                                          "(tally settle); close anyway with --force\n")
    r = night("night", "close", "1", "--force")
    assert (r.exit_code, r.stderr) == (0, "closed with 3 open settlement item(s)\n")
    assert json.loads(night("night", "list", "--json").stdout) == [
        {"id": 1, "date": "2026-11-29", "venue": "Club", "closed": True}]


def test_calc_answers_the_contract(cli: Cli) -> None:
    r = cli("calc", input={"game": "crazy-solo", "players": ["A", "B", "C", "D", "E"],
                           "dealer": "A", "contract": "solo", "caller": "B", "trump": "clubs",
                           "called_card": "AH", "partner": "D", "team_points": 73})
    out = json.loads(r.stdout)
    assert out["net"] == {"A": -25, "B": 50, "C": -25, "D": 25, "E": -25}
    assert out["amount"] == 25 and out["game"] == "crazy-solo"
    assert not Path(cli.db).exists()  # calc records nothing, not even a database


BAD_ROUNDS = [
    (["--contract", "solo", "--caller", "Zed", "--trump", "clubs", "--points", "73"],
     None, "error: caller: Zed is not playing at this table"),
    (["--contract", "solo", "--caller", "Bea", "--trump", "clubs", "--points", "121"],
     None, "error: team_points: 121 is above 120"),
    (["--contract", "heart-solo", "--caller", "Bea", "--trump", "clubs", "--points", "70"],
     None, "error: trump: clubs with heart-solo; it must be hearts"),
    (["--contract", "solo", "--caller", "Bea", "--trump", "clubs", "--points", "lots"],
     None, 'error: --points: lots is not a whole number'),
    ([], '{"contract": "solo",', "error: input: not valid JSON (Expecting property name "
     "enclosed in double quotes at line 1 column 21)"),
    ([], "[1, 2]", "error: input: [1, 2] is not a JSON object"),
    ([], json.dumps({"game": "whist", "contract": "pass"}),
     "error: game: whist is not a game here"),
    ([], json.dumps({"players": ["Ann", "Bea", "Chie", "Dan", "Zed"], "contract": "pass"}),
     "error: players: Ann, Bea, Chie, Dan, Zed are not this table's seats"),
    (["--table", "9"], '{"contract": "pass"}', "error: table: 9 does not exist"),
    ([], "", "error: input: is empty (give the deal as JSON on stdin, or with flags)"),
    (["--trump", "clubs", "--caller", "Bea", "--partner", "Bea"], None,
     "error: contract: is missing"),
]


@pytest.mark.parametrize(("args", "stdin", "message"), BAD_ROUNDS)
def test_bad_rounds_exit_2_with_one_line_and_write_nothing(
        night: Cli, args: list[str], stdin: str | None, message: str) -> None:
    before = table_counts(night.db)
    table = [] if "--table" in args else ["--table", "1"]
    r = night("round", "add", *table, *args, input=stdin)
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr.startswith(message)
    assert r.stderr.count("\n") == 1
    assert table_counts(night.db) == before


@pytest.mark.parametrize(("args", "message"), [
    (["player", "add", "ann"], 'error: name: ann is already in the roster as Ann'),
    (["player", "add", " "], 'error: name: " " is not a name'),
    (["table", "new", "--night", "1", "--game", "crazy-solo", "--seats", "Ann,Bea,Ann"],
     "error: seats: Ann appears twice"),
    (["table", "new", "--night", "1", "--game", "crazy-solo", "--seats", "Ann,Bea"],
     "error: seats: 2 players; Crazy Solo takes 3 to 12"),
    (["table", "new", "--night", "1", "--game", "crazy-solo", "--seats", "Ann,Bea,Zoe"],
     "error: seats: Zoe is not in the roster (tally player add)"),
    (["table", "new", "--night", "1", "--game", "whist", "--seats", SEATS],
     "error: game: whist is not a game here"),
    (["table", "new", "--night", "1", "--game", "crazy-solo", "--seats", SEATS,
      "--preset", "vegas"], "error: preset: vegas is not a crazy-solo preset"),
    (["table", "new", "--night", "1", "--game", "crazy-solo", "--seats", SEATS,
      "--set", "bonus=3"], "error: --set bonus: unknown option for crazy-solo"),
    (["table", "new", "--night", "1", "--game", "crazy-solo", "--seats", SEATS,
      "--set", "round_to=0"], "error: --set.round_to: 0 is below 1"),
    (["table", "new", "--night", "7", "--game", "crazy-solo", "--seats", SEATS],
     "error: night: 7 does not exist"),
    (["night", "new", "--date", "29/11/2026"],
     "error: date: 29/11/2026 is not a date (YYYY-MM-DD)"),
    (["standings"], "error: standings: give exactly one of --night N, --table T, --all"),
    (["round", "add", "--table", "x"], 'error: --table: "x" is not a whole number (digits 0-9)'),
    (["round", "void", "1"], "error: --reason: is missing"),
    (["frobnicate"], "error: command: No such command 'frobnicate'."),
])
def test_bad_commands(night: Cli, args: list[str], message: str) -> None:
    before = table_counts(night.db)
    r = night(*args)
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr.startswith(message) and r.stderr.count("\n") == 1
    assert table_counts(night.db) == before


def test_closed_night_refuses_everything_new(night: Cli) -> None:
    assert night("night", "close", "1").exit_code == 0  # nothing to settle yet
    before = table_counts(night.db)
    r = night("round", "add", "--table", "1", input={"contract": "pass"})
    assert (r.exit_code, r.stderr) == (2, "error: night: 1 (2026-11-29) is closed\n")
    r = night("table", "new", "--night", "1", "--game", "crazy-solo", "--seats", SEATS)
    assert r.exit_code == 2
    assert table_counts(night.db) == before


def test_bad_preset_file_names_file_and_key(night: Cli, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from ledger.config import presets

    (tmp_path / "presets").mkdir()
    (tmp_path / "presets" / "crazy-solo.toml").write_text(
        "[default]\nmultiplier_plain = 2\nround_to = -5\n", encoding="utf-8")
    monkeypatch.setattr(presets, "data_dir", lambda: tmp_path)
    r = night("table", "new", "--night", "1", "--game", "crazy-solo", "--seats", SEATS)
    assert (r.exit_code, r.stderr) == (
        2, "error: data/presets/crazy-solo.toml: default.round_to: -5 is below 1\n")


def test_where_prints_the_paths(cli: Cli, engine: str) -> None:
    """The database, and its engine."""
    out = cli("where").stdout.splitlines()
    assert out[0] == f"database  {cli.db}  (--db)"
    assert out[1] == f"engine    {engine}"
    assert out[2].startswith("data      ") and out[2].endswith("data")


def test_where_never_prints_a_password() -> None:
    r = Cli("postgresql://ann:s3cret@db.club:6543/league?password=x&sslmode=require")("where")
    assert r.stdout.splitlines()[:2] == [
        "database  postgresql://ann@db.club:6543/league?sslmode=require  (--db)",
        "engine    postgresql"]
    assert "s3cret" not in r.output and "password" not in r.output


def test_check_fails_on_tampering(night: Cli) -> None:
    night("round", "add", "--table", "1", "--contract", "alone", "--caller", "Ann",
          "--trump", "spades", "--points", "90")
    raw_sql(night.db, "UPDATE transfer SET amount = amount + 5 WHERE id = 2")
    r = night("check")
    assert (r.exit_code, r.stdout) == (  # and the night's kept sums no longer match (25)
        1, "problem: table 1 deal 1: stored transfers differ from the rules\n"
        "problem: night 1 crazy-solo Ann: kept sums 240 chips over 1 deals, but the stored "
        "transfers give 245 over 1\n"
        "problem: night 1 crazy-solo Chie: kept sums -60 chips over 1 deals, but the stored "
        "transfers give -65 over 1\n"
        "problem: night 1 Ann: the kept night over every game is 240 chips over 1 deals, "
        "dated 2026-11-29, but the stored transfers give 245 over 1, dated 2026-11-29\n"
        "problem: night 1 Chie: the kept night over every game is -60 chips over 1 deals, "
        "dated 2026-11-29, but the stored transfers give -65 over 1, dated 2026-11-29\n")


SOLO_FIELDS = st.fixed_dictionaries({
    "contract": st.sampled_from(["solo", "heart-solo", "alone", "heart-alone", "pass"]),
    "caller": st.sampled_from(SEATS.split(",")),
    "partner": st.sampled_from(SEATS.split(",")),
    "team_points": st.integers(0, 120),
})


@settings(max_examples=15, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(SOLO_FIELDS, min_size=1, max_size=6))
def test_replaying_a_table_in_a_fresh_database_gives_the_same_standings(
        tmp_path_factory: pytest.TempPathFactory, deals: list[dict[str, object]]) -> None:
    def run(path: Path, order: list[dict[str, object]]) -> list[object]:
        service = Tally.open(path)
        for name in SEATS.split(","):
            service.add_player(name)
        table = service.new_table(service.new_night("2026-11-29"), "crazy-solo",
                                  SEATS.split(","))
        for d in order:
            obj = dict(d)
            if obj["contract"] == "pass":
                obj = {"contract": "pass"}
            else:
                obj["trump"] = "hearts"
                if obj["contract"] in ("alone", "heart-alone"):
                    obj.pop("partner")
            service.add_deal(table, obj)
        return service.standings(table_id=table)

    first = run(tmp_path_factory.mktemp("a") / "a.sqlite3", deals)
    again = run(tmp_path_factory.mktemp("b") / "b.sqlite3", deals)
    reordered = run(tmp_path_factory.mktemp("c") / "c.sqlite3", deals[::-1])
    assert first == again == reordered


def test_a_database_url_of_another_kind_is_refused_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25 changed this: a postgresql:// URL is a league's server now (tests/test_faults
    .py); any other URL is refused."""
    from typer.testing import CliRunner

    from ledger.cli.main import app

    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(app, ["--db", "mysql://club/tally", "standings", "--all"])
    assert (r.exit_code, r.stdout, r.stderr) == (
        2, "", "error: --db: mysql://club/tally is a URL Tally does not open: give a SQLite "
        "file's path or a postgresql:// URL\n")
    monkeypatch.setenv("TALLY_DB", "sqlite:///tally.sqlite3")
    r = CliRunner().invoke(app, ["player", "list"])
    assert (r.exit_code, r.stderr) == (2, "error: TALLY_DB: sqlite:///tally.sqlite3 is a URL "
                                       "Tally does not open: give a SQLite file's path or a "
                                       "postgresql:// URL\n")
    assert list(tmp_path.iterdir()) == []  # nothing made


def test_a_file_that_is_not_a_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("Ann owes Bea 20\n", encoding="utf-8")
    for db in (text, tmp_path):  # a text file, a folder
        r = Cli(db)("standings", "--all")
        assert r.exit_code == 2 and r.stdout == ""
        assert r.stderr.startswith(f"error: db: {db} cannot be opened as a Tally database (")
        assert r.stderr.count("\n") == 1
    assert text.read_text(encoding="utf-8") == "Ann owes Bea 20\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
