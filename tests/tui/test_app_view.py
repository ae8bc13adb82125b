"""The screens see the app through `tui.app_view.TallyView` (a `Protocol`): no module of the
app's but those that build it imports `tui.app`, not even for types (`if TYPE_CHECKING:`),
so the `tui` package has no import circle; the app is a `TallyView`."""

from __future__ import annotations

import ast
from pathlib import Path

from ledger.service import Tally
from tui.app_view import TallyView

from .conftest import app_for

ROOT = Path(__file__).resolve().parents[2]
BUILDERS = {Path("tui/app.py"), Path("tui/launch.py"), Path("tui/serve/device.py")}


def imports_of_the_app(path: Path) -> list[int]:
    """The lines where `path` imports tui.app (absolute, or relative from within tui)."""
    package = list(path.parent.parts)
    lines = []
    for node in ast.walk(ast.parse((ROOT / path).read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            target = ".".join([*base, *(node.module.split(".") if node.module else [])])
            names = {a.name for a in node.names}
            if target == "tui.app" or (target == "tui" and "app" in names):
                lines.append(node.lineno)
        elif isinstance(node, ast.Import) and any(a.name == "tui.app" for a in node.names):
            lines.append(node.lineno)
    return lines


def test_no_module_but_the_builders_imports_the_app() -> None:
    found = [f"{p.relative_to(ROOT)}:{line}" for p in sorted((ROOT / "tui").rglob("*.py"))
             if p.relative_to(ROOT) not in BUILDERS
             for line in imports_of_the_app(p.relative_to(ROOT))]
    assert found == [], f"tui.app imported (use tui.app_view.TallyView): {found}"


def test_the_scan_sees_a_type_only_import_of_the_app() -> None:
    assert imports_of_the_app(Path("tui/launch.py")) != []  # (a builder: it does)


def test_the_app_is_a_tally_view(tally: Tally, tmp_path: Path) -> None:
    assert isinstance(app_for(tally, tmp_path), TallyView)
