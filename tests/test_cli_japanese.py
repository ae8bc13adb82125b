"""The CLI in Japanese: `--lang ja` or the locale; refusals keep their shape for scripts."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ledger.cli.main import app

from .conftest import FIVE, Cli

DEAL = {"game": "crazy-solo", "players": FIVE, "contract": "solo", "caller": "Bea",
        "partner": "Dan", "trump": "clubs", "team_points": 121}


def test_calc_refuses_in_japanese_with_the_same_field() -> None:
    result = CliRunner().invoke(app, ["--lang", "ja", "calc"], input=json.dumps(DEAL))
    assert result.exit_code == 2
    assert result.stderr == "error: team_points: 121 は上限 120 を超えています\n"
    english = CliRunner().invoke(app, ["calc"], input=json.dumps(DEAL))
    assert english.stderr == "error: team_points: 121 is above 120\n"


def test_a_command_line_refusal_in_japanese() -> None:
    result = CliRunner().invoke(app, ["--lang", "ja", "player", "list", "--bogus"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --bogus: ")
    assert "no such option" not in result.stderr


def seeded(cli: Cli) -> None:
    for name in FIVE:
        assert cli("player", "add", name).exit_code == 0
    cli("night", "new", "--date", "2026-12-01")
    cli("table", "new", "--night", "1", "--game", "crazy-solo", "--seats", ",".join(FIVE))
    for deal in ({"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
                  "team_points": 73}, {"contract": "pass"}):
        assert cli("round", "add", "--table", "1", input=deal).exit_code == 0, deal


def test_round_list_speaks_the_locale(cli: Cli, db_path: Path) -> None:
    seeded(cli)
    english = cli("round", "list", "--table", "1")
    assert "Solo ♣ Bea + Dan, 73 → 25" in english.stdout and "total" in english.stdout
    result = CliRunner().invoke(app, ["--db", str(db_path), "round", "list", "--table", "1"],
                                env={"LANG": "ja_JP.UTF-8"})
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["#", "id", "ディール"]
    assert "ソロ ♣ Bea + Dan、73点 → 25" in lines[2]
    assert "全員パス" in lines[3] and lines[4].split()[0] == "合計"
    # JSON keeps its keys and machine values in English, whatever the language
    data = json.loads(CliRunner().invoke(
        app, ["--db", str(db_path), "--lang", "ja", "round", "list", "--table", "1", "--json"]
    ).stdout)
    assert data[0]["summary"] == "Solo ♣ Bea + Dan, 73 → 25" and data[0]["kind"] == "record"


def test_negative_chips_in_the_cli_are_hyphens_in_every_language(cli: Cli) -> None:
    """The CLI writes numbers as scripts and the README read them (`-40`), in English and
    Japanese alike, like CSV and JSON; only the app shows the real minus sign (U+2212)."""
    seeded(cli)
    cli("round", "add", "--table", "1", input={
        "contract": "solo", "caller": "Ann", "partner": "Eve", "trump": "clubs",
        "team_points": 40})
    english = cli("round", "list", "--table", "1").stdout
    japanese = cli("--lang", "ja", "round", "list", "--table", "1").stdout
    assert "Solo ♣ Ann + Eve, 40 → -40" in english
    assert "ソロ ♣ Ann + Eve、40点 → -40" in japanese
    assert [line.split()[-5:] for line in japanese.splitlines()[-2:]] == [
        ["-80", "40", "40", "40", "-40"], ["-105", "90", "15", "65", "-65"]]
    why = cli("--lang", "ja", "settle", "--night", "1", "--why").stdout
    assert "Ann は合計 105 チップの負け：卓1 -105。" in why
    for out in (english, japanese, why):
        assert "\u2212" not in out


def test_a_japanese_export_keeps_its_columns(cli: Cli, db_path: Path, tmp_path: Path) -> None:
    seeded(cli)
    out = tmp_path / "ja"
    result = CliRunner().invoke(app, ["--db", str(db_path), "--lang", "ja", "export",
                                      "--night", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    deals = next(out.glob("*deals*.csv")).read_text(encoding="utf-8-sig").splitlines()
    assert deals[0] == "night,date,table,game,deal,revision,status,player,net,summary"
    assert deals[1].endswith(",ソロ ♣ Bea + Dan、73点 → 25")
    transfers = next(out.glob("*transfers*.csv")).read_text(encoding="utf-8-sig")
    assert transfers.splitlines()[0].endswith(",from,to,amount,reason")
    assert ",ソロ" in transfers


def test_rule_refusals_are_said_in_japanese_from_their_codes() -> None:
    import pytest

    from ledger.domain.rules import RuleError
    from ledger.domain.rules.cards import parse_card
    from ledger.domain.rules.crazy_solo import Options, check_seats
    from ledger.text.i18n import set_language
    from ledger.text.i18n.errors import render_error

    def refusal(fn: object, *args: object) -> RuleError:
        with pytest.raises(RuleError) as caught:
            fn(*args)  # type: ignore[operator]
        return caught.value

    bad_card = refusal(parse_card, "473", "called_card")
    seats = refusal(check_seats, tuple("ABCDEFGHIJKLM"), Options())
    wrapped = RuleError("hand_roles.roles", "in_file",
                        inner=RuleError("roles", "not_roles_list", value="x"), file="club.toml")
    try:
        set_language("ja")
        assert render_error(bad_card) == \
            'called_card: "473" はカードではありません（例：AS、10H、QD）'
        assert render_error(seats) == "seats: 13人です。クレイジーソロは3〜12人で遊びます"
        assert render_error(wrapped) == \
            "hand_roles.roles: x は役のリストではありません（club.toml）"
        assert render_error(RuleError("x", "words", text="a message with no code")) == \
            "x: a message with no code"  # click's own words stay as they are
    finally:
        set_language("en")
    assert render_error(bad_card) == 'called_card: "473" is not a card (try AS, 10H, QD)'
    err = RuleError("--lang", "cli.bad_lang", lang="'xx'")
    set_language("ja")
    assert render_error(err) == "--lang: 'xx' は en でも ja でもありません"
    set_language("en")
    assert render_error(err) == "--lang: 'xx' is not en or ja"


def test_field_refusals_carry_a_code_and_their_values() -> None:
    import pytest

    from ledger.domain.rules import RuleError
    from ledger.domain.rules.fields import check_int

    with pytest.raises(RuleError) as caught:
        check_int("team_points", 121, 0, 120)
    assert (caught.value.field, caught.value.code, caught.value.values) == (
        "team_points", "above", {"value": 121, "hi": 120})
    assert caught.value.message == "121 is above 120"  # the English, as scripts read it
