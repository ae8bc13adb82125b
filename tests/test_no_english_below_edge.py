"""No sentence is written at a raise below the edge: the domain, the store and the service
pass a refusal's code and values, and its words are the catalogues'.

Every `RuleError`, `Said`, `StoreError` and `ConnectionLost` made in ledger/domain,
ledger/store and ledger/service passes no argument where English used to go (only its field,
its code, and for `ConnectionLost` whether COMMIT was sent), and no value that is itself a
written phrase (`known=... or "none yet"`): such a phrase is a `Said` with a code of its own.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BELOW_THE_EDGE = ("ledger/domain", "ledger/store", "ledger/service")

# each class: the arguments it takes before its values (none of them words)
TAKES = {"RuleError": ("field", "code"), "Said": ("code",), "StoreError": ("code",),
         "ConnectionLost": ("code", "committing")}
CODE = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)*")
WORDS = re.compile(r"[A-Za-z]+ +[A-Za-z]+")  # two words with a space between: a phrase


def _modules() -> list[Path]:
    return sorted(p for where in BELOW_THE_EDGE for p in (ROOT / where).rglob("*.py")
                  if "migrations" not in p.parts)


def _literals(node: ast.expr) -> list[str]:
    """The strings a value is written as where it is given: itself, or the choices of an
    `or` / `x if c else y` (the literal fallbacks), not the literals an expression uses."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return [v.value for v in node.values if isinstance(v, ast.Constant)]
    if isinstance(node, ast.BoolOp):
        return [s for v in node.values for s in _literals(v)]
    if isinstance(node, ast.IfExp):
        return _literals(node.body) + _literals(node.orelse)
    return []


def _problems(rel: str, source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name not in TAKES:
            continue
        where = f"{rel}:{node.lineno}: {name}"
        takes = TAKES[name]
        if len(node.args) > len(takes):
            found.append(f"{where} is given {len(node.args)} arguments before its values "
                         f"({', '.join(takes)}): one of them is words")
        code = node.args[takes.index("code")] if len(node.args) > takes.index("code") else None
        if isinstance(code, ast.Constant) and not (isinstance(code.value, str)
                                                   and CODE.fullmatch(code.value)):
            found.append(f"{where}: {code.value!r} is not a code")
        for keyword in node.keywords:
            for text in _literals(keyword.value):
                if WORDS.search(text):
                    found.append(f"{where}: {keyword.arg}= is written as {text!r}: give it a "
                                 "code (a `Said`)")
    return found


def test_the_scan_sees_the_raises() -> None:
    calls = sum(1 for p in _modules() for n in ast.walk(ast.parse(p.read_text("utf-8")))
                if isinstance(n, ast.Call)
                and (getattr(n.func, "id", None) or getattr(n.func, "attr", None)) in TAKES)
    assert calls > 400


def test_no_english_sentence_is_passed_at_a_raise_below_the_edge() -> None:
    problems = [p for path in _modules()
                for p in _problems(str(path.relative_to(ROOT)), path.read_text("utf-8"))]
    assert problems == [], "\n".join(problems)


def test_the_scan_finds_a_sentence() -> None:
    found = _problems("probe.py", 'RuleError("x", "the table is empty", "code")\n'
                                  'RuleError("x", "code", known=", ".join(k) or "none yet")\n'
                                  'Said("hand roles")\n')
    assert [f.split(":")[1] for f in found] == ["1", "1", "2", "3"], found  # line 1 twice:
    # three arguments, and its sentence where the code goes
