"""Every reach into Textual's private internals, in one place (Textual 8.2).

Each earns its keep (measured in the modules that use it) and each is listed in
`INTERNALS` with what needs it; `tests/tui/test_compat_textual.py` checks them all against
the installed Textual, so an upgrade that moves one fails that test with the name of what
changed, not a deal form that draws wrong. Where one is missing at run time, the code
here falls back to Textual's public way (slower, never wrong).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.style import Style
from textual.app import App
from textual.dom import DOMNode
from textual.geometry import Region
from textual.message_pump import MessagePump
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import DataTable, Footer

# the footer's parts, which KeysFooter measures to leave out the keys that do not fit
from textual.widgets._footer import FooterKey as FooterKey
from textual.widgets._footer import FooterLabel as FooterLabel
from textual.widgets._footer import KeyGroup as KeyGroup

# (where, attribute, what needs it): instance attributes are looked up on a new instance
INTERNALS: tuple[tuple[str, str, str], ...] = (
    ("DataTable", "_update_count", "DealLog.append_row keeps the render caches"),
    ("DataTable", "_offset_cache", "DealLog.append_row drops the line offsets"),
    ("DataTable", "_require_update_dimensions", "DealLog.append_row measures the row now"),
    ("DataTable", "_new_rows", "DealLog.append_row measures the row now"),
    ("DataTable", "_update_dimensions", "DealLog.append_row measures the row now"),
    ("DataTable", "_ordered_row_cache", "DealLog.append_row extends the rows in order"),
    ("DataTable", "_get_row_region", "DealLog finds a one-line row without a sum"),
    ("DataTable", "_row_label_column_width", "DealLog finds a one-line row without a sum"),
    ("DataTable", "_render_line", "DealLog caches lines the cursor is not on"),
    ("DataTable", "_line_cache", "DealLog caches lines the cursor is not on"),
    ("DataTable", "_get_offsets", "DealLog finds the row of a line"),
    ("DataTable", "_row_locations", "DealLog finds the row of a line"),
    ("DataTable", "_show_hover_cursor", "DealLog's line cache key"),
    ("DataTable", "_pseudo_class_state", "DealLog's line cache key"),
    ("DOMNode", "_bindings", "tui.keys.localize translates a node's bindings"),
    ("App", "_merged_bindings", "switching the language re-reads the app's bindings"),
    ("Footer", "_bindings_ready", "KeysFooter skips a recompose that changes nothing"),
    ("Widget", "_pruning", "KeysFooter leaves a screen that is going away alone"),
    ("MessagePump", "_pending_message",
     "tui.typeahead: a message a pump has peeked at is still on its way"),
    ("Console", "_markup", "text_never_markup: Rich tables' str cells read as plain text"),
    ("StylesCache", "get_inner_outer.cache_clear",
     "release_closed_widgets (Textualize/textual#6665)"),
    ("XTermParser", "_awaiting", "escape_then_key: the parser waits for a sequence"),
    ("XTermParser", "_gen", "escape_then_key: the Esc is told as the parser's timeout"),
    ("XTermParser", "_tokens", "escape_then_key: the keys the Esc's timeout told"),
    ("XTermParser", "_timeout_time", "escape_then_key: the wait is over"),
)


def _instances() -> dict[str, Any]:
    from textual._styles_cache import StylesCache
    from textual._xterm_parser import XTermParser

    return {"DataTable": DataTable(), "DOMNode": DOMNode(), "App": App(), "Footer": Footer(),
            "Widget": Widget(), "StylesCache": StylesCache, "MessagePump": MessagePump(),
            "Console": Console(), "XTermParser": XTermParser()}


def missing_internals() -> list[str]:
    """What of `INTERNALS` the installed Textual lacks, one line each."""
    import textual

    try:
        found = _instances()
    except ImportError as exc:  # a private module moved
        return [f"Textual {textual.__version__}: {exc} (release_closed_widgets)"]
    out = []
    for where, name, why in INTERNALS:
        target: Any = found[where]
        for part in name.split("."):
            if not hasattr(target, part):
                out.append(f"Textual {textual.__version__}: {where}.{name} is gone; {why} "
                           "(see tui/compat_textual.py)")
                break
            target = getattr(target, part)
    if not hasattr(getattr(found["DOMNode"], "_bindings", None), "key_to_bindings"):
        out.append(f"Textual {textual.__version__}: DOMNode._bindings.key_to_bindings is "
                   "gone; tui.keys.localize translates a node's bindings")
    return out


# ---- bindings ---------------------------------------------------------------------------


def binding_table(node: DOMNode) -> dict[str, list[Any]]:
    """A node's own bindings by key (its copy: the class keeps its BINDINGS)."""
    return node._bindings.key_to_bindings


def reset_app_bindings(app: App[Any]) -> None:
    """The app's bindings as merged from its classes (before `localize` translates them
    again in another language)."""
    if app._merged_bindings:
        app._bindings = app._merged_bindings.copy()


def bindings_ready(footer: Footer) -> bool:
    return bool(footer._bindings_ready)


def is_pruning(widget: Widget) -> bool:
    """Whether the widget is being removed (as `Widget.recompose` asks)."""
    return bool(widget._pruning)


# ---- messages on their way ----------------------------------------------------------------


def has_messages(pump: MessagePump) -> bool:
    """Does `pump` still hold a message to handle? In its queue (`message_queue_size`), or
    the one it took out of the queue to see whether it replaces the message it handles."""
    return bool(pump.message_queue_size) or getattr(pump, "_pending_message", None) is not None


# ---- a closed screen's drawings -------------------------------------------------------


def clear_styles_cache() -> None:
    """Drop `StylesCache.get_inner_outer`'s `lru_cache` (Textualize/textual#6665): its keys
    hold every widget ever drawn, with its last lines, so closed forms stay alive."""
    try:
        from textual._styles_cache import StylesCache
    except ImportError:
        return
    clear = getattr(getattr(StylesCache, "get_inner_outer", None), "cache_clear", None)
    if clear is not None:
        clear()


# ---- a DataTable that appends without drawing again ---------------------------------------

_APPEND = ("_update_count", "_offset_cache", "_require_update_dimensions", "_new_rows",
           "_update_dimensions", "_ordered_row_cache")


class AppendingDataTable(DataTable[object]):
    """A DataTable with `append_row`, and lines cached apart from where the cursor is.

    A DataTable keys its render caches (cells, rows, lines, the rows' line offsets) on a
    count that every change bumps, so `add_row` has each visible cell drawn again; and it
    measures new rows only when it next goes idle, so a cursor moved to the new row scrolls
    there a frame later. A row added at the end changes no other row (with fixed column
    widths, not their width either): `append_row` keeps the count and measures the row at
    once.

    A DataTable also lists its rows in order, and which row each line shows, afresh after
    any change, and finds where a row is by adding up the heights of all rows above it:
    each is a walk over every row, several times a save, so a save on a table of 40,000
    deals took four times what it takes on one of 40. `append_row` extends both lists by
    the new row instead, and with rows of one line (all the log has) a row's place is its
    index (`_get_row_region`).

    It also keys each drawn line on where the cursor is, so moving the cursor draws every
    line on screen again, though a row cursor changes only the row it leaves and the one it
    lands on: `_render_line` keys the other rows' lines on "the cursor is not here".
    """

    _one_line_rows = True  # every row added is one line high (a row's y is its index)

    def add_row(self, *cells: object, height: int | None = 1, key: str | None = None,
                label: Any = None) -> Any:
        if height != 1:
            self._one_line_rows = False
        return super().add_row(*cells, height=height, key=key, label=label)

    def clear(self, columns: bool = False) -> Any:
        self._one_line_rows = True
        return super().clear(columns)

    def append_row(self, *cells: object, key: str) -> None:
        """`add_row`, without drawing the rows already on screen again, or walking them."""
        if any(column.auto_width for column in self.columns.values()) or not all(
                hasattr(self, name) for name in _APPEND):
            self.add_row(*cells, key=key)  # the new cells may widen a column (or a
            return  # Textual without these internals: the plain way, a little slower
        count, before = self._update_count, self.row_count
        ordered = self._ordered_row_cache.get((before, count))
        offsets = self._offset_cache.get(count)
        row_key = self.add_row(*cells, key=key)
        self._update_count = count
        # the rows in order and which line shows which row, both keyed by the count (and
        # the number of rows): the old lists with the new row at their end
        self._ordered_row_cache.discard((before, count))
        if ordered is not None:
            ordered.append(self.rows[row_key])
            self._ordered_row_cache[(before + 1, count)] = ordered
        if offsets is not None:
            offsets.append((row_key, 0))  # one line (`add_row`'s height)
        else:
            self._offset_cache.clear()
        # measure now what `_on_idle` would measure later: `move_cursor` can then scroll
        self._require_update_dimensions = False
        new_rows = self._new_rows.copy()
        self._new_rows.clear()
        self._update_dimensions(new_rows)

    def _get_row_region(self, row_index: int) -> Region:
        """Where a row is: with rows of one line, below the header at its index (DataTable
        adds up the heights of every row above it)."""
        if not self._one_line_rows or not self.is_valid_row_index(row_index):
            return super()._get_row_region(row_index)
        width = sum(column.get_render_width(self) for column in self.columns.values()) + \
            self._row_label_column_width
        y = row_index + (self.header_height if self.show_header else 0)
        return Region(0, y, max(self.size.width, width), 1)

    def _render_line(self, y: int, x1: int, x2: int, base_style: Style) -> Strip:
        """A line of the table; a line of a row the row cursor is not on is cached for
        "the cursor is elsewhere" (DataTable's key for it, without the cursor's place)."""
        draw: Callable[[int, int, int, Style], Strip] = super()._render_line
        if self.cursor_type != "row":
            return draw(y, x1, x2, base_style)
        try:
            row_key, _ = self._get_offsets(y)
        except LookupError:  # below the last row: a blank line
            return draw(y, x1, x2, base_style)
        if self._row_locations.get(row_key) == self.cursor_coordinate.row:
            return draw(y, x1, x2, base_style)
        key = ("away", y, x1, x2, self.size.width, self.hover_coordinate, base_style,
               self._show_hover_cursor, self._update_count, self._pseudo_class_state)
        cache = self._line_cache
        strip = cache.get(key)  # type: ignore[arg-type]
        if strip is None:
            strip = draw(y, x1, x2, base_style)
            cache[key] = strip  # type: ignore[index]  # (cleared with the DataTable's own)
        return strip


# ---- every user text as text ----------------------------------------------------------

_PLAIN = "tally_plain_text"


def text_never_markup() -> None:
    """Make every string the app shows plain text: no widget parses Textual/Rich markup.

    The app never writes markup itself (its words come from the catalogues, styles from
    the .tcss files), but Textual parses a `str` as markup in a Static (and Label), an
    OptionList's prompts, a DataTable's cells and a toast, so a player named `[/]` raised
    MarkupError in every app that drew the name, and `Ann [guest]` showed as "Ann ". One
    switch, installed by `make_app` (idempotent), rather than an escape at each of the
    hundred places a name, venue, author, reason or summary is shown:

    - Static and OptionList: their public `markup` argument is forced off;
    - toasts: `App.notify(markup=False)` (a screen's `notify` passes `markup=True` on);
    - Rich tables (history, previews) read a `str` cell with the app's console: its
      private `Console._markup` is set off;
    - DataTable cells: its private `_data_table.default_cell_formatter` (the one place a
      cell `str` becomes a renderable) is given the `str` as a `Text`.
    """
    import functools

    import textual.widgets._data_table as data_table
    from rich.text import Text
    from textual.widgets import OptionList, Static

    if getattr(Static, _PLAIN, False):
        return

    def forced_off(init: Callable[..., None]) -> Callable[..., None]:
        @functools.wraps(init)
        def plain_init(self: Any, *args: Any, **kwargs: Any) -> None:
            kwargs["markup"] = False
            init(self, *args, **kwargs)
        return plain_init

    Static.__init__ = forced_off(Static.__init__)  # type: ignore[method-assign]
    OptionList.__init__ = forced_off(OptionList.__init__)  # type: ignore[method-assign]
    notify = App.notify

    @functools.wraps(notify)
    def plain_notify(self: Any, message: str, *args: Any, **kwargs: Any) -> Any:
        kwargs["markup"] = False
        return notify(self, message, *args, **kwargs)

    App.notify = plain_notify  # type: ignore[method-assign]
    app_init = App.__init__

    @functools.wraps(app_init)
    def plain_console(self: Any, *args: Any, **kwargs: Any) -> None:
        app_init(self, *args, **kwargs)
        self.console._markup = False  # Rich tables' str cells (history, previews)

    App.__init__ = plain_console  # type: ignore[method-assign]
    cell = data_table.default_cell_formatter

    def plain_cell(obj: object, wrap: bool = True, height: int = 0) -> Any:
        if isinstance(obj, str):
            obj = Text(obj, no_wrap=not wrap, end="")
        return cell(obj, wrap, height)

    data_table.default_cell_formatter = plain_cell  # type: ignore[assignment]
    setattr(Static, _PLAIN, True)


# ---- Esc, then a key, typed in one burst ------------------------------------------------

_SPLIT = "tally_escape_then_key"
ESC = "\x1b"
SEQUENCE_STARTS = "[O" + ESC  # what may follow the Esc that begins a key's sequence


def escape_then_key() -> None:
    """Read an Esc followed at once by a key as the Esc key and then that key.

    Textual's parser, having read an Esc, waits `ESCDELAY` (its default, 100 ms, kept) for
    the rest of an escape sequence; but the delay only runs while nothing else has come. An
    Esc and a letter typed in one burst (a fast typist, tmux's `send-keys Escape a`) arrive
    in one read and were taken for Alt+a, whose letter the field typed ("Zeda") with the
    dialog left open, or for `^a` when more keys came behind. A key's sequence goes on
    after its Esc with `[` (CSI), `O` (SS3) or another Esc (Alt+arrow in some terminals);
    anything else cannot, and Tally binds no Alt key: so before such a character the
    parser is told its wait is over (the `ParseTimeout` its own `tick` throws) and reports
    the Esc, then reads the character as a key of its own. Installed by `make_app`
    (idempotent) for every driver that reads with `XTermParser`.
    """
    import functools

    from textual._parser import ParseTimeout
    from textual._xterm_parser import XTermParser

    if getattr(XTermParser, _SPLIT, False):
        return
    feed = XTermParser.feed

    @functools.wraps(feed)
    def split_feed(self: Any, data: str) -> Any:
        start = 0
        for at in range(len(data) - 1):
            if data[at] != ESC or data[at + 1] in SEQUENCE_STARTS:
                continue
            if at > start:
                yield from feed(self, data[start:at])  # (never "": that says end of file)
                start = at
            # between keys, or just after an Esc (Esc Esc a): this Esc is the key
            if self._awaiting.timeout is None or (at > 0 and data[at - 1] == ESC):
                yield from feed(self, ESC)
                self._timeout_time = None
                self._awaiting = self._gen.throw(ParseTimeout())  # as `tick` would
                while self._tokens:
                    yield self._tokens.popleft()
                start = at + 1
        if start < len(data) or not data:
            yield from feed(self, data[start:])

    XTermParser.feed = split_feed  # type: ignore[method-assign]
    setattr(XTermParser, _SPLIT, True)
