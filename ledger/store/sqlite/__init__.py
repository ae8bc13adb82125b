"""The SQLite adapter (the embedded default): a file, WAL, BEGIN IMMEDIATE, `data_version`."""
