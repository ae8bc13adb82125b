"""Storage: one interface (`db.Database`) on two engines, the adapters `sqlite/` (a file, the
default) and `postgres/` (a league's server); the SQLModel tables, the migrations both
share, and the repository's SQL written once for both."""
