"""The Textual app (thin screens over `ledger.service`)."""
