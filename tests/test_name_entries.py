"""Look-alike names are refused wherever a name joins the roster: `player add`, a rename,
registration at a tournament's door (the service call the organiser's page makes) and by
`tally tournament register`, a CSV of pre-registrations. A Cyrillic or Greek letter in
place of a Latin one (capitals too: Cyrillic "В" reads as "B" though its small "в" does
not read as "b") is refused in one line and nothing is written; a full-width or zero-width
spelling of a member's name is that member (refused by `player add` as already there); a
name that only resembles a member's is a new player. On both engines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ledger.domain.rules import RuleError
from ledger.service import Tally

from .conftest import Cli, table_counts

ROSTER = ["Ann", "Bea", "Chie", "Dan", "Eve", "Ivo", "Otto"]
CYRILLIC = str.maketrans("ABCEIOaeoih", "АВСЕІОаеоіһ")
GREEK = str.maketrans("ABEIOaiov", "ΑΒΕΙΟαιον")
BOTH = pytest.mark.parametrize("engine", ["sqlite", "postgresql"], ids=["sqlite", "pg"])


def twins(name: str) -> list[tuple[str, str]]:
    """(kind, spelling) of what reads as `name` but is spelled otherwise."""
    out = [("cyrillic", name.translate(CYRILLIC)), ("greek", name.translate(GREEK))]
    assert all(s != name for _, s in out), out
    out.append(("cyrillic capital only", name[0].translate(CYRILLIC) + name[1:]))
    return out


def same(name: str) -> list[tuple[str, str]]:
    """(kind, spelling) of `name` that Tally reads as that very name."""
    wide = "".join(chr(ord(c) + 0xFEE0) for c in name)
    return [("full-width", wide), ("zero-width", name[0] + "\u200b" + name[1:]),
            ("joiner", name[:-1] + "\u2060" + name[-1])]


LOOKALIKES = [pytest.param(n, s, id=f"{n}-{k}") for n in ROSTER for k, s in twins(n)
              if s[0] != n[0] or k != "cyrillic capital only"]
SAME = [pytest.param(n, s, id=f"{n}-{k}") for n in ROSTER[:3] for k, s in same(n)]
OTHERS = ["Anne", "Ana", "Ben", "Ida", "Olga", "Ivan", "Åsa", "Dana", "Evi", "Chi", "春子"]


@pytest.fixture
def club(db_path: Any) -> Tally:
    service = Tally.open(db_path)
    service.add_players(ROSTER)
    night = service.new_night("2026-12-01", "Club")
    service.new_tournament("Cup", "schnapsen", 3, "random", night=night)
    service.register("Cup", ["Ann", "Bea"])
    return service


def roster(service: Tally) -> list[str]:
    return sorted(p.name for p in service.players())


def entries(service: Tally) -> list[str]:
    return sorted(e.player for e in service.tournament("Cup").entries)


def refused(call: Any, field: str, twin: str, member: str) -> None:
    with pytest.raises(RuleError) as caught:
        call()
    assert caught.value.field == field
    assert caught.value.code == "looks_like"
    assert caught.value.message == f"{twin} looks the same as {member}"


@BOTH
@pytest.mark.parametrize(("member", "twin"), LOOKALIKES)
def test_a_look_alike_is_refused_by_every_entry(club: Tally, db_path: Any, member: str,
                                                twin: str) -> None:
    before = table_counts(db_path)
    refused(lambda: club.add_player(twin), "name", twin, member)
    refused(lambda: club.add_players(["Zoe", twin]), "name", twin, member)
    refused(lambda: club.rename_player("Ann" if member != "Ann" else "Bea", twin),
            "new name", twin, member)
    refused(lambda: club.register("Cup", [twin]), "player", twin, member)  # at the door
    refused(lambda: club.register("Cup", ["Zoe", twin]), "player", twin, member)
    assert table_counts(db_path) == before
    assert roster(club) == sorted(ROSTER)
    assert entries(club) == ["Ann", "Bea"]


@BOTH
def test_a_look_alike_of_a_name_of_the_same_call_is_refused(club: Tally) -> None:
    refused(lambda: club.add_players(["Zoe", "Ζoe"]), "name", "Ζoe", "Zoe")
    refused(lambda: club.register("Cup", ["Mio", "Μio"]), "player", "Μio", "Mio")
    assert roster(club) == sorted(ROSTER)


@BOTH
@pytest.mark.parametrize(("member", "spelling"), SAME)
def test_a_wide_or_invisible_spelling_is_the_member(club: Tally, member: str,
                                                    spelling: str) -> None:
    with pytest.raises(RuleError) as caught:
        club.add_player(spelling)
    assert caught.value.code == "roster_as" and caught.value.values["other"] == member
    if member in entries(club):
        with pytest.raises(RuleError) as caught:
            club.register("Cup", [spelling])
        assert caught.value.code == "tn_registered"
    else:
        assert club.register("Cup", [spelling])[0][0] == member
    assert roster(club) == sorted(ROSTER)


@BOTH
def test_names_that_only_resemble_a_member_s_enter(club: Tally) -> None:
    club.add_players(OTHERS[:5])
    club.rename_player("Olga", "Olja")
    done = club.register("Cup", OTHERS[5:])
    assert [d[0] for d in done] == OTHERS[5:]
    assert roster(club) == sorted([*ROSTER, "Anne", "Ana", "Ben", "Ida", "Olja",
                                   *OTHERS[5:]])


@BOTH
def test_unknown_seats_of_a_new_table_create_no_player(club: Tally, db_path: Any) -> None:
    night = club.nights()[0].id
    for seats in (["Ann", "Bea", "Zoe"], ["Ann", "Bea", "\u0412ea"]):
        with pytest.raises(RuleError) as caught:
            club.new_table(night, "crazy-solo", seats)
        assert caught.value.field == "seats"
    assert roster(club) == sorted(ROSTER)


# ---- the CLI: exit 2, one line, nothing written ------------------------------------------

CLI_TWINS = ["\u0410nn", "\u0412\u0435\u0430", "\u0392ea", "Ch\u03b9e", "\u0415ve", "\u039ftto"]


def one_line(r: Any, start: str) -> None:
    assert r.exit_code == 2, (r.stdout, r.stderr)
    assert r.stdout == ""
    assert r.stderr.startswith(start) and " looks the same as " in r.stderr, r.stderr
    assert r.stderr.count("\n") == 1


@BOTH
@pytest.mark.parametrize("twin", CLI_TWINS)
def test_the_cli_refuses_a_look_alike_in_one_line(club: Tally, cli: Cli, db_path: Any,
                                                  tmp_path: Path, twin: str) -> None:
    before = table_counts(db_path)
    one_line(cli("player", "add", twin), "error: name: ")
    one_line(cli("player", "rename", "Ivo", twin), "error: new name: ")
    one_line(cli("tournament", "register", "Cup", "Zoe", twin), "error: player: ")
    csv = tmp_path / "pre.csv"
    csv.write_text(f"name,club\nMio,North\n{twin},South\n", encoding="utf-8")
    one_line(cli("tournament", "register", "Cup", "--csv", str(csv)), "error: player: ")
    assert table_counts(db_path) == before
    assert roster(club) == sorted(ROSTER)


@BOTH
def test_the_cli_registers_a_csv_of_new_names(club: Tally, cli: Cli, tmp_path: Path) -> None:
    csv = tmp_path / "pre.csv"
    csv.write_text("name\nMio\nAnne\n", encoding="utf-8")
    r = cli("tournament", "register", "Cup", "--csv", str(csv))
    assert r.exit_code == 0, r.stderr
    assert entries(club) == ["Ann", "Anne", "Bea", "Mio"]
