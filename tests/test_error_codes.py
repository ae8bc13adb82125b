"""Every refusal in ledger/ is a code and its values, never a sentence.

`RuleError(field, code, **values)`, `Said(code, **values)`, `StoreError(code, **values)` and
`ConnectionLost(code, committing, **values)` carry no English: the CLI, the app and the pages
say a refusal in the language in use from its code (`err.<code>` in both catalogues) and its
values, and its `message` (the English scripts read) is the en catalogue's text. So every such
call in ledger/ passes a literal code that both catalogues know, with exactly the values its
texts name, and no argument beside them that could be a sentence.
"""

from __future__ import annotations

import ast
import string
from pathlib import Path

from ledger.text.i18n.catalog import messages

LEDGER = Path(__file__).resolve().parent.parent / "ledger"

# where each class takes its code, and how many positional arguments it takes in all
SHAPES = {"RuleError": (1, 2), "Said": (0, 1), "StoreError": (0, 1), "ConnectionLost": (0, 2)}

# click's own refusals ("'x' is not a valid integer.") become RuleErrors here: click's words,
# not Tally's, so they travel as the code `words` (`{text}`); nowhere else in ledger/
CLICK_WORDS = ("ledger/cli/errors.py", "usage_message")


def _calls() -> list[tuple[str, ast.Call, bool]]:
    """(where, call, whether it may say click's words) for every refusal made in ledger/."""
    found = []
    for path in sorted(LEDGER.rglob("*.py")):
        rel = str(path.relative_to(LEDGER.parent))
        if rel == "ledger/domain/rules/errors.py":
            continue  # the classes themselves
        tree = ast.parse(path.read_text(encoding="utf-8"))
        words: set[int] = set()
        if rel == CLICK_WORDS[0]:
            words = {id(n) for f in ast.walk(tree) if getattr(f, "name", "") == CLICK_WORDS[1]
                     for n in ast.walk(f)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node) in SHAPES:
                found.append((f"{rel}:{node.lineno}", node, id(node) in words))
    return found


def _name(call: ast.Call) -> str | None:
    return getattr(call.func, "id", None) or getattr(call.func, "attr", None)


def _code(call: ast.Call) -> ast.expr | None:
    at, _ = SHAPES[str(_name(call))]
    if len(call.args) > at:
        return call.args[at]
    return next((k.value for k in call.keywords if k.arg == "code"), None)


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _is_passed_on(call: ast.Call, code: ast.expr) -> bool:
    """`RuleError(where + exc.field, exc.code, **exc.values)`: a refusal passed on with where
    it came from, its code and values kept."""
    return (isinstance(code, ast.Attribute) and code.attr == "code"
            and any(k.arg is None for k in call.keywords))


def test_every_refusal_in_ledger_is_a_known_code_and_its_values() -> None:
    en, ja = messages("en"), messages("ja")
    problems = []
    calls = _calls()
    assert len(calls) > 400  # the scan sees the raises (ledger/ has over 400)
    for where, call, may_say_words in calls:
        name = str(_name(call))
        _, positional = SHAPES[name]
        if len(call.args) > positional:
            problems.append(f"{where}: {name} takes {positional} positional arguments "
                            f"(no English), given {len(call.args)}")
            continue
        code = _code(call)
        if code is None:
            problems.append(f"{where}: no code")
            continue
        if _is_passed_on(call, code):
            continue
        if not (isinstance(code, ast.Constant) and isinstance(code.value, str)):
            problems.append(f"{where}: the code is not a literal")
            continue
        if code.value == "words" and not may_say_words:
            problems.append(f"{where}: `words` is for click's own sentences only")
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
    assert problems == [], "\n".join(problems)


def test_the_english_of_a_refusal_is_the_catalogues() -> None:
    from ledger.domain.conflicts import FormUsed, StaleDeal
    from ledger.domain.rules import RuleError
    from ledger.domain.rules.errors import Said

    refusal = RuleError("aces.Ann", "role_fixes_aces", given=2, role="r",
                        aces=Said("w.n_aces", n=3))
    assert str(refusal) == "aces.Ann: 2, but r means 3 Aces"
    assert refusal.message == "2, but r means 3 Aces"
    assert str(Said("w.one_ace")) == "1 Ace" and f"{Said('w.hand_roles')}" == "hand roles"
    passed_on = RuleError("line 3: x", refusal.code, **refusal.values)
    assert str(passed_on) == "line 3: x: 2, but r means 3 Aces"
    inner = RuleError("hand_roles.roles", "in_file",
                      inner=RuleError("roles", "not_roles_list", value="x"), file="club.toml")
    assert inner.message == "x is not a list of roles (club.toml)"
    assert str(StaleDeal(7, next_number=8)) == "deal: 7 was just recorded on another device"
    assert str(StaleDeal(7, next_number=8, revision=2)) == \
        "deal: 7 was just changed on another device"
    assert str(FormUsed(4, 1)) == \
        "form_key: this form was already saved as deal 4 with other values"
    assert str(FormUsed(4, 1, elsewhere=True)) == "form_key: was saved at another table"
    assert str(RuleError("usage", "words", text="No such thing.")) == "usage: No such thing."
