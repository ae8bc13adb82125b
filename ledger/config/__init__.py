"""Presets from `data/presets/*.toml`, points tables, where files live."""
