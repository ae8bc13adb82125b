"""Tally: a scorekeeping and payout ledger for club nights of traditional card games."""

__version__ = "0.1.0"
