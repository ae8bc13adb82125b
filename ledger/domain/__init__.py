"""Pure: the game engines (`rules/`), the fold and its re-derivation, money and settlement,
league ranking. No I/O, no SQL, no words, no framework."""
