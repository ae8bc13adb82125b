"""Every refusal in ledger/ carries its code and values from where it is raised.

The CLI, the app and the exports say a RuleError in the language in use from its code
(`err.<code>` in both catalogues) and its values, never by reading the English back. So every
`RuleError(...)` in ledger/ passes a code that both catalogues know, with exactly the values its
texts name, and where the English is written out at the raise it says what the catalogue's
English template says (the catalogue is the same sentence, not a paraphrase).
"""

from __future__ import annotations

import ast
import string
from pathlib import Path

from ledger.text.i18n.catalog import messages

LEDGER = Path(__file__).resolve().parent.parent / "ledger"


# click's own refusals ("'x' is not a valid integer.") become RuleErrors here: click's words,
# not Tally's, so they have no code unless one of Tally's parameter types gave one
CLICK_WORDS = ("ledger/cli/errors.py", "usage_message")


def _calls() -> list[tuple[str, ast.Call]]:
    found = []
    for path in sorted(LEDGER.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip: set[int] = set()
        if str(path.relative_to(LEDGER.parent)) == CLICK_WORDS[0]:
            skip = {id(n) for f in ast.walk(tree) if getattr(f, "name", "") == CLICK_WORDS[1]
                    for n in ast.walk(f)}
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name in ("RuleError", "Said"):
                    found.append((f"{path.relative_to(LEDGER.parent)}:{node.lineno}", node))
    return found


def _code(call: ast.Call) -> ast.expr | None:
    position = 1 if getattr(call.func, "id", None) == "Said" else 2
    if len(call.args) > position:
        return call.args[position]
    return next((k.value for k in call.keywords if k.arg == "code"), None)


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _literals_of_template(text: str) -> list[str]:
    parts = [""]
    for literal, name, _, _ in string.Formatter().parse(text):
        parts[-1] += literal
        if name is not None:
            parts.append("")
    return parts


def _literals_of_message(node: ast.expr) -> list[str] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if not isinstance(node, ast.JoinedStr):
        return None  # built by concatenation: the catalogue check below still holds
    parts = [""]
    for value in node.values:
        if isinstance(value, ast.Constant):
            parts[-1] += value.value
        else:
            parts.append("")
    return parts


def _is_rewrap(call: ast.Call, code: ast.expr) -> bool:
    """`RuleError(where + exc.field, exc.message, exc.code, **exc.values)`: a refusal passed
    on with where it came from, its code and values kept."""
    return (isinstance(code, ast.Attribute) and code.attr == "code"
            and any(k.arg is None for k in call.keywords))


def test_every_rule_error_in_ledger_has_a_known_code_and_its_values() -> None:
    en, ja = messages("en"), messages("ja")
    problems = []
    calls = _calls()
    assert len(calls) > 300  # the scan sees the raises (ledger/ has over 300)
    for where, call in calls:
        if where.startswith("ledger/domain/rules/errors.py"):
            continue  # the classes themselves
        code = _code(call)
        if code is None:
            problems.append(f"{where}: no code")
            continue
        if _is_rewrap(call, code):
            continue
        if not (isinstance(code, ast.Constant) and isinstance(code.value, str)):
            problems.append(f"{where}: the code is not a literal")
            continue
        key = f"err.{code.value}"
        if key not in en or key not in ja or not ja[key]:
            problems.append(f"{where}: {key} is not in both catalogues")
            continue
        wanted = _placeholders(en[key])
        if _placeholders(ja[key]) != wanted:
            problems.append(f"{where}: {key} names other values in Japanese")
        given = {k.arg for k in call.keywords if k.arg not in (None, "code")}
        if given != wanted:
            problems.append(f"{where}: {key} takes {sorted(wanted)}, given {sorted(given)}")
        said = getattr(call.func, "id", None) == "Said"  # Said(english, code, **values)
        english = call.args[0] if said else call.args[1] if len(call.args) > 1 else None
        literals = _literals_of_message(english) if english is not None else None
        if literals is not None and literals != _literals_of_template(en[key]):
            problems.append(f"{where}: the English differs from {key}: {en[key]!r}")
    assert problems == [], "\n".join(problems)
