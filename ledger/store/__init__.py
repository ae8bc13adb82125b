"""Storage: SQLModel tables, the engine, migrations and the repository functions."""
