"""`--help` in the language in use: `tally --lang ja round add --help` is Japanese."""

from __future__ import annotations

from typer.main import get_command
from typer.testing import CliRunner

from ledger.cli.help_text import help_key, walk
from ledger.cli.main import app
from ledger.text.i18n.catalog import messages
from ledger.text.textwidth import width


def test_round_add_help_in_japanese_under_lang_ja() -> None:
    result = CliRunner().invoke(app, ["--lang", "ja", "round", "add", "--help"],
                                prog_name="tally")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "使い方: tally round add [OPTIONS]"
    assert lines[2].startswith("  ディールを記録する（標準入力の JSON か、クイックフラグで）。")
    assert "オプション:" in lines
    assert "  --table <int>                 卓の id。  [必須]" in lines
    assert "  --help                        このヘルプを表示して終了する。" in lines
    assert "Record a deal" not in result.output and "Options" not in result.output


def test_help_follows_the_locale() -> None:
    result = CliRunner().invoke(app, ["--help"], prog_name="tally",
                                env={"LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""})
    assert result.exit_code == 0, result.output
    assert result.output.startswith("使い方: tally [OPTIONS] COMMAND [ARGS]...\n\n"
                                    "  Tally：カードゲームのクラブの夜の得点と精算。\n")
    # the command column is as wide as `tournament`
    assert "  round       卓のディール（ラウンド）。\n" in result.output


def test_english_help_is_as_before() -> None:
    result = CliRunner().invoke(app, ["round", "add", "--help"], prog_name="tally")
    assert result.output.startswith(
        "Usage: tally round add [OPTIONS]\n\n"
        "  Record a deal (JSON on stdin, or quick flags); prints the deal's id.\n\n"
        "Options:\n"
        "  --table <int>                 The table's id.  [required]\n")


def test_every_help_text_is_in_both_catalogues_and_the_english_is_the_codes() -> None:
    en, ja = messages("en"), messages("ja")
    problems = []
    for path, command in walk(get_command(app)):
        texts = [(help_key(path), command.help)] + [
            (help_key(path, p.name), p.help) for p in command.params if getattr(p, "help", None)]
        for key, english in texts:
            if not english:
                continue
            if en.get(key) != english:
                problems.append(f"{key}: the English catalogue says {en.get(key)!r}")
            if not ja.get(key) or ja[key] == english:
                problems.append(f"{key}: no Japanese")
    assert problems == [], "\n".join(problems)


def test_japanese_help_lines_fit_the_terminal() -> None:
    for path, _command in walk(get_command(app)):
        result = CliRunner().invoke(app, ["--lang", "ja", *path, "--help"])
        assert result.exit_code == 0, (path, result.output)
        too_wide = [line for line in result.output.splitlines() if width(line) > 80]
        assert too_wide == [], path


def test_every_option_of_round_add_and_correct_says_what_it_is_for() -> None:
    """The quick flags had no description in --help, in either language."""
    commands = dict(walk(get_command(app)))
    bare = [f"{' '.join(path)} --{p.name}" for path in (("round", "add"), ("round", "correct"))
            for p in commands[path].params if p.name != "help" and not getattr(p, "help", None)]
    assert bare == []
