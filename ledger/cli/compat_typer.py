"""The one reach into Typer's internals: the click it vendors (`typer._click`, Typer 0.26
to 0.28; pyproject pins the range). `ledger/cli/errors.py` turns its exceptions into one
`error:` line each; tests/test_compat_typer.py checks that what it reads is still there."""

from __future__ import annotations

from typer._click import exceptions as click_exceptions

# what errors.py reads of each exception class (attributes set in __init__ are checked on
# an instance by the guard test)
NEEDED: dict[str, tuple[str, ...]] = {
    "ClickException": ("format_message", "message"),
    "UsageError": (),
    "BadParameter": ("param",),
    "MissingParameter": ("param",),
    "NoSuchOption": ("option_name",),
    "BadOptionUsage": ("option_name",),
}


def missing_internals() -> list[str]:
    """What of `NEEDED` the installed Typer lacks, one line each."""
    import typer

    out = []
    for name, attributes in NEEDED.items():
        cls = getattr(click_exceptions, name, None)
        if cls is None:
            out.append(f"Typer {typer.__version__}: typer._click.exceptions.{name} is gone "
                       "(ledger/cli/errors.py; see ledger/cli/compat_typer.py)")
            continue
        sample = _sample(cls)
        for attribute in attributes:
            if not hasattr(sample, attribute):
                out.append(f"Typer {typer.__version__}: {name}.{attribute} is gone "
                           "(ledger/cli/errors.py; see ledger/cli/compat_typer.py)")
    return out


def _sample(cls: type) -> object:
    """An instance to look at (each class is made as click makes it)."""
    if cls.__name__ in ("NoSuchOption", "BadOptionUsage"):
        return cls("--x", "message") if cls.__name__ == "BadOptionUsage" else cls("--x")
    return cls("message")
