"""The one reach into Typer's internals: the click it vendors (`typer._click`, Typer 0.26
to 0.28; pyproject pins the range). `ledger/cli/errors.py` turns its exceptions into one
`error:` line each and bounds every integer and text parameter with subclasses of its
parameter types; `ledger/cli/help_text.py` gives `--help` a formatter of its own;
tests/test_compat_typer.py checks that what it reads is still there."""

from __future__ import annotations

from typer._click import core as click_core
from typer._click import exceptions as click_exceptions
from typer._click import formatting as click_formatting
from typer._click import types as click_types

__all__ = ["click_core", "click_exceptions", "click_formatting", "click_types"]

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


# the parameter types errors.py subclasses, and what its subclasses call of them
TYPES: dict[str, tuple[str, ...]] = {
    "IntParamType": ("convert",),
    "StringParamType": ("convert",),
}

# what help_text.py subclasses and overrides for `--help` in the language in use
HELP: dict[str, tuple[str, ...]] = {
    "Context": ("formatter_class",),
    "HelpFormatter": ("write_usage", "section", "write_text", "write_dl", "write", "width",
                      "current_indent"),
}


def missing_internals() -> list[str]:
    """What of `NEEDED` and `TYPES` the installed Typer lacks, one line each."""
    import typer

    out = []
    for name, attributes in TYPES.items():
        cls = getattr(click_types, name, None)
        missing = [a for a in attributes if not hasattr(cls, a)] if cls else [""]
        for attribute in missing:
            out.append(f"Typer {typer.__version__}: typer._click.types.{name}"
                       f"{'.' + attribute if attribute else ''} is gone "
                       "(ledger/cli/errors.py; see ledger/cli/compat_typer.py)")
    for name, attributes in HELP.items():
        module = click_core if name == "Context" else click_formatting
        cls = getattr(module, name, None)
        sample = click_formatting.HelpFormatter() if name == "HelpFormatter" else cls
        for attribute in attributes if cls else [""]:
            if not cls or not hasattr(sample, attribute):
                out.append(f"Typer {typer.__version__}: typer._click {name}"
                           f"{'.' + attribute if attribute else ''} is gone "
                           "(ledger/cli/help_text.py; see ledger/cli/compat_typer.py)")
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
