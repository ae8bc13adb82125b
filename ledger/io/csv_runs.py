"""Rows given as runs that share cells, and a CSV writer that formats shared cells once.

The two big export files repeat a deal's columns on each of its rows (one per seat, one per
transfer). `Runs` hands them over as (deal columns, per-row columns, closing columns), and
`RunsWriter` writes exactly what `csv.writer` writes for the plain rows
(tests/test_exports.py proves it on generated rows), formatting column by column.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, islice, repeat
from operator import itemgetter
from typing import Any, TextIO


@dataclass(frozen=True, slots=True)
class Runs:
    """Rows given as runs that share their first and last cells.

    Each run is (head, middles, tail) and stands for the rows head + middle + tail, one per
    middle: a deal's columns, repeated on each of its seats' or transfers' rows. Every
    head has `head` cells (at least one), every tail `tail` cells, every middle the rest.
    Iterating gives the plain rows; `write_csv` formats a run's shared cells only once.

    >>> list(Runs([((1, "a"), [("x",), ("y",)], ("end",))], head=2, tail=1))
    [(1, 'a', 'x', 'end'), (1, 'a', 'y', 'end')]
    """

    runs: Iterable[tuple[Sequence[Any], Sequence[Sequence[Any]], Sequence[Any]]]
    head: int
    tail: int

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        for head, middles, tail in self.runs:
            for middle in middles:
                yield (*head, *middle, *tail)


class _Lines(list[str]):
    """What a csv writer writes to: its lines, kept as strings."""

    write = list.append


class RunsWriter:
    """`Runs` as CSV, a part of runs at a time and a column at a time.

    A CSV line is its cells' texts joined by commas, and csv quotes each cell on its own
    (a row of one empty cell, written as "", is the one exception; no row here is one).
    So each column of a part is turned into texts at once, in C loops where it can be:
    ints by `str`, text through a table of the texts already made (names, dates and
    reasons repeat), anything else by the csv module itself, cell by cell. The lines are
    then joined from those texts, a run's head and tail once for all its rows.
    """

    # Runs formatted together: enough for the C loops to pay, few enough that a part's
    # objects die young (a part of thousands outlives the collector's young generations
    # and makes its full passes several times as costly).
    PART = 128
    KNOWN = 4096  # texts kept per column (summaries hardly repeat: the table starts again)

    def __init__(self, fh: TextIO, width: int, text: Sequence[int],
                 safe: Callable[[Any], Any], risky: Collection[str]) -> None:
        """`text`: the columns whose cells go through `safe` (exports.safe_cell) unless
        they are text not starting with one of `risky`."""
        self.fh = fh
        self.width = width
        self.safe, self.risky = safe, risky
        self.guard = [i in text for i in range(width)]
        self.known: list[dict[str, str]] = [{} for _ in range(width)]
        self.lines = _Lines()
        self.writer = csv.writer(self.lines, lineterminator="\r\n")

    def write(self, runs: Runs) -> None:
        head, tail = runs.head, runs.tail
        if head < 1 or tail < 0 or head + tail >= self.width:
            raise ValueError(f"runs of {head} + … + {tail} cells in {self.width} columns")
        source = iter(runs.runs)
        while part := list(islice(source, self.PART)):
            heads = [run[0] for run in part]
            middles = [middle for run in part for middle in run[1]]
            tails = [run[2] for run in part]
            counts = [len(run[1]) for run in part]
            if not (set(map(len, heads)) <= {head} and set(map(len, tails)) <= {tail}
                    and set(map(len, middles)) <= {self.width - head - tail}):
                raise ValueError(f"a run's cells do not fit {head} + … + {tail} of "
                                 f"{self.width} columns")
            starts = map(",".join, zip(*self._columns(heads, 0, head), repeat("")))
            pieces: list[Iterable[str]] = [chain.from_iterable(map(repeat, starts, counts))]
            for i, texts in enumerate(self._columns(middles, head, self.width - tail)):
                pieces += [repeat(","), texts] if i else [texts]
            if tail:
                ends = map(",".join, zip(repeat(""), *self._columns(tails, self.width - tail,
                                                                    self.width)))
                pieces.append(chain.from_iterable(map(repeat, ends, counts)))
            pieces.append(repeat("\r\n"))
            self.fh.write("".join(chain.from_iterable(zip(*pieces, strict=False))))

    def _columns(self, rows: list[Sequence[Any]], first: int, end: int) -> list[list[str]]:
        """The texts of columns first … end − 1 of the file, whose cells are rows[…][0 …]."""
        return [self._texts(list(map(itemgetter(i - first), rows)), i)
                for i in range(first, end)]

    def _texts(self, cells: list[Any], column: int) -> list[str]:
        kinds = set(map(type, cells))
        if kinds <= {int}:  # exactly int: bool (True, False) is its own type
            return list(map(str, cells))
        if kinds != {str}:
            return self._written(cells, column)
        known = self.known[column]
        new = set(cells).difference(known)
        if new:
            if len(known) + len(new) > self.KNOWN:
                known.clear()
                new = set(cells)
            ordered = list(new)
            known.update(zip(ordered, self._written(ordered, column), strict=True))
        return list(map(known.__getitem__, cells))

    def _written(self, cells: list[Any], column: int) -> list[str]:
        """Each cell's text as csv writes it (behind `safe_cell` in a text column)."""
        self.lines.clear()
        if self.guard[column]:
            safe, risky = self.safe, self.risky
            cells = [c if c.__class__ is str and c[:1] not in risky and ";" not in c
                     else safe(c)
                     for c in cells]
        self.writer.writerows([(c, "") for c in cells])  # "text,\r\n": never a lone ""
        return [line[:-3] for line in self.lines]
