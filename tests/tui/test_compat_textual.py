"""Guard: every reach into a framework's private names (Textual, textual-serve, Typer and the
click it vendors) is in a compat module — tui/compat_textual.py, tui/serve/compat_serve.py,
ledger/cli/compat_typer.py — and each one there is listed and still in the installed
framework, so an upgrade that moves one fails here, naming it and what needs it.

The scan reads the code (AST), not only its imports: an attribute `x._name` where `_name` is
a private name the frameworks define and Tally does not, and a class of Tally's that defines
(overrides) a private name of a framework class it derives from."""

from __future__ import annotations

import ast
import importlib
import inspect
import sys
from functools import cache
from pathlib import Path

from pytest import MonkeyPatch

from tui.compat_textual import INTERNALS, missing_internals

ROOT = Path(__file__).resolve().parents[2]
FRAMEWORKS = ("textual", "textual_serve", "typer", "click")
# openskill's one internal (its model's update) has its own guard: tests/test_compat_openskill.py
COMPAT = {Path("tui/compat_textual.py"), Path("tui/serve/compat_serve.py"),
          Path("ledger/cli/compat_typer.py"), Path("ledger/domain/compat_openskill.py")}


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and len(name) > 1


def defined(tree: ast.AST) -> set[str]:
    """The private names a module defines: functions, classes, attributes it assigns
    (`self._x = …`), names it binds."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for part in ast.walk(target):
                    if isinstance(part, ast.Attribute):
                        names.add(part.attr)
                    elif isinstance(part, ast.Name):
                        names.add(part.id)
    return {n for n in names if private(n)}


@cache
def framework_private_names() -> frozenset[str]:
    names: set[str] = set()
    for package in FRAMEWORKS:
        module = importlib.import_module(package)
        assert module.__file__ is not None
        for path in Path(module.__file__).parent.rglob("*.py"):
            names |= defined(ast.parse(path.read_text("utf-8")))
    return frozenset(names)


def tally_modules(*, compat: bool = False) -> list[Path]:
    return [p.relative_to(ROOT) for folder in ("ledger", "tui")
            for p in sorted((ROOT / folder).rglob("*.py"))
            if "migrations" not in p.parts and (p.relative_to(ROOT) in COMPAT) == compat]


def class_bodies(tree: ast.AST) -> list[tuple[str, set[str]]]:
    """Each class and the private names its own body defines."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            body: set[str] = set()
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    body.add(item.name)
                elif isinstance(item, ast.Assign | ast.AnnAssign):
                    targets = item.targets if isinstance(item, ast.Assign) else [item.target]
                    body |= {t.id for t in targets if isinstance(t, ast.Name)}
            out.append((node.name, {n for n in body if private(n)}))
    return out


def stdlib(node: ast.expr) -> bool:
    """`os._exit`: a name of the standard library's, not a framework's."""
    return isinstance(node, ast.Name) and node.id in sys.stdlib_module_names


def module_name(path: Path) -> str:
    parts = path.with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def reaches(paths: list[Path], ours: set[str]) -> list[tuple[str, str]]:
    """Every private framework name the modules reach: (where and what, the name)."""
    theirs = framework_private_names()
    found = []
    for path in paths:
        tree = ast.parse((ROOT / path).read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in theirs and \
                    node.attr not in ours and not stdlib(node.value):
                found.append((f"{path}:{node.lineno}: {ast.unparse(node)} reads a private "
                              f"name of the framework ({node.attr})", node.attr))
        try:
            module = importlib.import_module(module_name(path))
        except ImportError:  # an optional engine's driver that is not installed
            continue
        for name, body in class_bodies(tree):
            cls = getattr(module, name, None)
            if not inspect.isclass(cls):
                continue
            for attr in sorted(body):
                base = next((b for b in cls.__mro__[1:] if attr in vars(b)
                             and b.__module__.split(".")[0] in FRAMEWORKS), None)
                if base is not None:
                    found.append((f"{path}: {name}.{attr} overrides a private name of "
                                  f"{base.__module__}.{base.__qualname__}", attr))
    return found


def test_every_private_reach_is_in_a_compat_module() -> None:
    paths = tally_modules()
    ours: set[str] = set()
    for path in paths:
        ours |= defined(ast.parse((ROOT / path).read_text("utf-8")))
    found = [line for line, _ in reaches(paths, ours)]
    assert found == [], ("private framework names reached outside the compat modules "
                         "(move each into one, listed in its INTERNALS):\n" + "\n".join(found))


def test_the_compat_modules_list_every_internal_they_reach() -> None:
    """No hand-kept count: what tui/compat_textual.py and tui/serve/compat_serve.py reach
    of Textual and textual-serve is found by the scan, and each is in their INTERNALS."""
    from tui.serve import compat_serve

    listed = {part for _, name, _ in (*INTERNALS, *compat_serve.INTERNALS)
              for part in name.split(".")}
    paths = [Path("tui/compat_textual.py"), Path("tui/serve/compat_serve.py")]
    reached = {name for _, name in reaches(paths, set())}
    assert reached, "the scan finds nothing in the compat modules: it is broken"
    assert reached - listed == set(), f"reached but not listed in INTERNALS: {reached - listed}"


def test_the_scan_names_a_private_reach() -> None:
    """A module that reads `app._merged_bindings` or overrides `Server._make_app` outside
    the compat modules is named, with the internal."""
    sample = ROOT / "tui" / "_scan_sample.py"
    sample.write_text("from textual_serve.server import Server\n\n\n"
                      "class S(Server):\n    async def _make_app(self):\n"
                      "        return await super()._make_app()\n\n\n"
                      "def f(app):\n    return app._merged_bindings\n", "utf-8")
    try:
        found = [line for line, _ in reaches([Path("tui/_scan_sample.py")], set())]
    finally:
        sample.unlink()
    assert "tui/_scan_sample.py:10: app._merged_bindings reads a private name of the " \
           "framework (_merged_bindings)" in found
    assert "tui/_scan_sample.py: S._make_app overrides a private name of " \
           "textual_serve.server.Server" in found


def test_textual_internals_that_tally_reads_are_there() -> None:
    missing = missing_internals()
    assert not missing, "Textual changed what Tally relies on:\n" + "\n".join(missing)


def test_textual_serve_internals_that_tally_reads_are_there() -> None:
    from tui.serve.compat_serve import missing_internals as serve_missing

    missing = serve_missing()
    assert not missing, "textual-serve changed what Tally relies on:\n" + "\n".join(missing)


def test_a_missing_internal_is_named_with_what_needs_it(monkeypatch: MonkeyPatch) -> None:
    from textual.widgets import DataTable

    monkeypatch.delattr(DataTable, "_get_offsets")
    assert any(x.endswith("DataTable._get_offsets is gone; DealLog finds the row of a line "
                          "(see tui/compat_textual.py)") for x in missing_internals())


def test_only_the_compat_modules_import_private_framework_modules() -> None:
    import re

    private_import = re.compile(r"^\s*(from|import)\s+(textual|textual_serve|typer|click)"
                                r"(\.\w+)*\._", re.M)
    found = [str(p) for p in tally_modules()
             if private_import.search((ROOT / p).read_text("utf-8"))]
    assert found == [], f"private framework modules imported outside compat: {found}"
