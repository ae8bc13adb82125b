"""Let go of what Textual keeps of a screen's widgets once the screen is gone.

`StylesCache.get_inner_outer` (Textual 8.2) is an `lru_cache` on a method, so its keys hold
the `StylesCache` of every widget that was ever drawn, up to 1024 of them, with the lines
each last drew (Strips, each with seven small caches of its own): Textualize/textual#6665.
A deal form has some seventy widgets and a new one opens for every deal, so after a dozen
deals ~150,000 objects of closed forms stay alive, and every full garbage collection walks
them (a pause of 100-300 ms on a club-night machine, once every deal or two). Clearing the
cache when a screen goes costs a few Style objects to compute again.
"""

from __future__ import annotations

from .compat_textual import clear_styles_cache


def release_closed_widgets() -> None:
    """Drop the cache that keeps closed screens' widgets' drawings alive (if it exists)."""
    clear_styles_cache()
