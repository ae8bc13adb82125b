"""The `tally` command line (Typer): thin commands over `ledger.service`."""
