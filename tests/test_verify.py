"""`tally verify FILE`: an export's hash chains checked from its files alone, with
no database — clean (exit 0, every night's head), tampered (exit 1, the first revision, table
or night that does not match, exactly) and bad input (exit 2, one line)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ledger.domain.chain import short
from ledger.service import Tally
from tests.conftest import Cli, raw
from tests.test_copy import club

TAG = "all-2026-12-06"


@pytest.fixture
def exported(db_path: Any, tmp_path: Path) -> tuple[Tally, Path]:
    service = club(db_path)  # two nights, corrections, a void, a rename after the deals
    paths = service.export(tmp_path / "out")
    assert [p.name for p in paths[-2:]] == [f"chain-{TAG}.csv", f"revisions-{TAG}.csv"]
    return service, tmp_path / "out"


def verify(path: Path) -> Any:
    return Cli(path.parent / "never.sqlite3")("verify", str(path))


def counts(db: Any) -> tuple[int, int]:
    con = raw(db)
    try:
        return (con.execute("SELECT count(*) FROM game_table").fetchone()[0],
                con.execute("SELECT count(*) FROM revision").fetchone()[0])
    finally:
        con.close()


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
def test_a_clean_export_verifies_with_each_night_s_head(exported: tuple[Tally, Path],
                                                       db_path: Any, tmp_path: Path) -> None:
    service, out = exported
    tables, revisions = counts(db_path)
    r = verify(out / f"chain-{TAG}.csv")
    assert (r.exit_code, r.stderr) == (0, "")
    assert r.stdout == (f"chain: night 1 · {short(service.night_head(1) or '')}\n"
                        f"chain: night 2 · {short(service.night_head(2) or '')}\n"
                        f"ok: every chain holds ({tables} tables, {revisions} revisions)\n")
    assert (tables, revisions) == (4, 12)
    assert verify(out / f"revisions-{TAG}.csv").stdout == r.stdout  # either file names it
    assert not (out / "never.sqlite3").exists()  # no database
    service.export(tmp_path / "json", fmt="json")
    assert verify(tmp_path / "json" / f"chain-{TAG}.json").stdout == r.stdout


def edit(path: Path, old: str, new: str, line: int | None = None) -> None:
    lines = path.read_bytes().decode("utf-8").split("\r\n")
    at = line if line is not None else next(i for i, x in enumerate(lines) if old in x)
    assert old in lines[at]
    lines[at] = lines[at].replace(old, new, 1)
    path.write_bytes("\r\n".join(lines).encode("utf-8"))


@pytest.mark.parametrize("engine", ["sqlite"])
def test_a_tampered_export_names_what_does_not_match(exported: tuple[Tally, Path]) -> None:
    _, out = exported
    revisions, chain = out / f"revisions-{TAG}.csv", out / f"chain-{TAG}.csv"
    text = revisions.read_bytes().decode("utf-8")
    lines = text.split("\r\n")
    deal2 = next(i for i, x in enumerate(lines) if x.startswith("1,2026-11-29,1,2,1,"))
    edit(revisions, '"team_points"":52', '"team_points"":62', deal2)
    r = verify(chain)
    assert (r.exit_code, r.stderr) == (1, "")
    assert r.stdout == ("night 1 table 1 deal 2: revision 1 does not match the table's hash "
                        "chain (changed after it was exported?)\n")

    revisions.write_bytes(text.encode("utf-8"))  # as exported; now the last row gone
    revisions.write_bytes("\r\n".join([*lines[:-2], ""]).encode("utf-8"))
    r = verify(chain)
    assert (r.exit_code, r.stdout) == (1, "night 2 table 2: the chain file's head or count "
                                          "is not that of the table's revisions\n")

    revisions.write_bytes(text.encode("utf-8"))
    head = chain.read_bytes().decode("utf-8").split("\r\n")[1].split(",")[2]
    edit(chain, head, "0" * 64, 1)
    r = verify(chain)
    assert (r.exit_code, r.stdout) == (1, "night 1: the chain file's night head is not that "
                                          "of its tables\n")


@pytest.mark.parametrize("engine", ["sqlite"])
def test_bad_input_is_one_line_and_exit_2(exported: tuple[Tally, Path], tmp_path: Path) -> None:
    _, out = exported
    chain = out / f"chain-{TAG}.csv"
    cases = {
        out / "gone.csv": f"{out}/gone.csv is not an export's chain-….csv (or .json)",
        out / f"deals-{TAG}.csv": f"{out}/deals-{TAG}.csv is not an export's chain-….csv "
                                  "(or .json)",
        out / "chain-x.csv": f"{out}/chain-x.csv is not there (an export writes it beside "
                             "chain-x.csv)",
    }
    for path, said in cases.items():
        r = verify(path)
        assert (r.exit_code, r.stdout, r.stderr) == (2, "", f"error: FILE: {said}\n"), path
    (out / f"revisions-{TAG}.csv").write_text("night,date\r\n1,2\r\n", encoding="utf-8")
    r = verify(chain)
    assert (r.exit_code, r.stderr) == (2, f"error: FILE: {out}/revisions-{TAG}.csv is not an "
                                          "export's revisions file (columns night,date,table,"
                                          "deal,revision,kind,hash,content)\n")
    edit(chain, ",1,crazy-solo,", ",one,crazy-solo,", 1)
    (out / f"revisions-{TAG}.csv").write_text("")
    r = verify(chain)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
