"""CSV export files: rows given as `Runs` are written exactly as the plain rows would be."""

from __future__ import annotations

import csv
import doctest
import io
import json
from decimal import Decimal
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.io import csv_runs, exports
from ledger.io.csv_runs import Runs
from ledger.io.exports import write_csv
from ledger.store.export_rows import moves_by_revision

# cells that make csv quote (comma, quote, CR, LF), formulas to guard, empty text, and
# cells that are not text at all
TEXT = st.one_of(st.sampled_from(["", "Ann", "=SUM(A1)", "-5", "+", "@x", "\tTab", "\rCR",
                                  'say "hi"', "a,b", "two\nlines", " pad ", "'quoted",
                                  "名前", "Ü"]),
                 st.text(max_size=8))
CELL = st.one_of(TEXT, st.integers(-10**6, 10**6), st.none(), st.booleans(),
                 st.decimals(allow_nan=False, allow_infinity=False, places=2),
                 st.floats(allow_nan=False, allow_infinity=False))


@st.composite
def runs_and_text(draw: st.DrawFn, cells: st.SearchStrategy[Any] = CELL
                  ) -> tuple[list[str], list[Any], int, int, list[str] | None]:
    """A header, runs that fit it, the head and tail widths, and the text columns."""
    head = draw(st.integers(1, 4))
    middle = draw(st.integers(1, 4))
    tail = draw(st.integers(0, 3))
    header = [f"c{i}" for i in range(head + middle + tail)]

    def row(n: int) -> tuple[Any, ...]:
        return tuple(draw(st.lists(cells, min_size=n, max_size=n)))

    runs = [(row(head), [row(middle) for _ in range(draw(st.integers(0, 4)))], row(tail))
            for _ in range(draw(st.integers(0, 12)))]
    text = draw(st.one_of(st.none(), st.lists(st.sampled_from(header), unique=True)))
    return header, runs, head, tail, text


def written(header: list[str], rows: Any, text: list[str] | None) -> str:
    buf = io.StringIO()
    write_csv(buf, header, rows, text)
    return buf.getvalue()


def plain_rows(runs: list[Any]) -> list[tuple[Any, ...]]:
    return [(*h, *m, *t) for h, middles, t in runs for m in middles]


@given(runs_and_text())
def test_runs_are_written_as_their_plain_rows(case: Any) -> None:
    header, runs, head, tail, text = case
    plain = written(header, plain_rows(runs), text)
    assert written(header, Runs(iter(runs), head=head, tail=tail), text) == plain


@given(runs_and_text(cells=st.sampled_from(["Ann", "=x", "a,b", "", 7, None])))
def test_runs_across_parts_and_a_full_table_of_texts(case: Any) -> None:
    """Tiny parts and a tiny table of known texts: every edge of both is crossed."""
    header, runs, head, tail, text = case
    plain = written(header, plain_rows(runs), text)
    with (patch.object(csv_runs.RunsWriter, "PART", 2),
          patch.object(csv_runs.RunsWriter, "KNOWN", 2)):
        assert written(header, Runs(iter(runs), head=head, tail=tail), text) == plain


def test_plain_rows_are_what_the_csv_module_writes_after_the_guard() -> None:
    """The reference the properties above compare against, checked once by hand."""
    rows = [(1, "=1+1", "a,b", None, True, Decimal("0.50"))]
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\r\n").writerows(
        [(1, "'=1+1", "a,b", "", "yes", Decimal("0.50"))])
    assert written(["a", "b", "c", "d", "e", "f"], rows, None) == "a,b,c,d,e,f\r\n" + \
        buf.getvalue()
    assert written(["a", "b", "c", "d", "e", "f"],
                   Runs([((1,), [("=1+1", "a,b", None, True)], (Decimal("0.50"),))], 1, 1),
                   None) == "a,b,c,d,e,f\r\n" + buf.getvalue()


def test_a_lone_empty_middle_is_not_written_as_two_quotes() -> None:
    """csv writes a row of one empty cell as "", but a middle is never a row alone."""
    assert written(["h", "m"], Runs([((1,), [("",), ("x",)], ())], head=1, tail=0),
                   None) == "h,m\r\n1,\r\n1,x\r\n"


@pytest.mark.parametrize(("head", "tail", "runs"), [
    (0, 1, [((), [(1,)], (2,))]),  # no head
    (1, 1, [((1,), [], (2,))]),  # no room for a middle
    (1, 0, [((1, 2), [(3,)], ())]),  # a head too long
    (1, 0, [((1,), [(2, 3)], ())]),  # a middle too long
    (1, 1, [((1,), [(2,)], ())]),  # a tail missing
])
def test_runs_that_do_not_fit_the_columns_are_refused(head: int, tail: int,
                                                      runs: list[Any]) -> None:
    with pytest.raises(ValueError):
        written(["a", "b"], Runs(runs, head=head, tail=tail), None)


def test_runs_iterate_as_rows_for_json() -> None:
    runs = Runs([((1, "d"), [("Ann", 5), ("Bea", -5)], ("why",))], head=2, tail=1)
    data = exports.json_bytes(["n", "date", "p", "net", "s"], runs)
    assert json.loads(data) == [{"n": 1, "date": "d", "p": "Ann", "net": 5, "s": "why"},
                                {"n": 1, "date": "d", "p": "Bea", "net": -5, "s": "why"}]
    result = doctest.testmod(csv_runs)
    assert (result.failed, result.attempted) == (0, 1)


class _Rows:
    def __init__(self, rows: list[tuple[Any, ...]]) -> None:
        self.rows = rows

    def fetchall(self) -> list[tuple[Any, ...]]:
        return self.rows


class _Session:
    def __init__(self, rows: list[tuple[Any, ...]]) -> None:
        self.rows = rows

    def execute(self, *_: Any) -> _Rows:
        return _Rows(self.rows)


def test_moves_of_a_revision_in_two_stretches_are_joined_in_order() -> None:
    rows = [(1, 10, 11, 5, "a"), (2, 10, None, 3, "pot"), (1, 11, 10, 2, "b")]
    moves = moves_by_revision(session=_Session(rows), night_id=None)  # type: ignore[arg-type]
    assert moves == {1: ((1, 10, 11, 5, "a"), (1, 11, 10, 2, "b")),
                     2: ((2, 10, None, 3, "pot"),)}
