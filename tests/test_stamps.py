"""A table's stamp moves with every change its screen shows, so the app skips re-reading a
long table only when nothing but its own save happened (`Tally.table_stamp`)."""

from __future__ import annotations

from ledger.service import Tally


def solo(points: int) -> dict[str, object]:
    return {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
            "team_points": points}


def test_the_stamp_moves_with_each_change(crazy_table: tuple[Tally, int]) -> None:
    service, table = crazy_table
    seen = [service.table_stamp(table)]
    assert tuple(seen[0]) == (0, 0, ("Ann", "Bea", "Chie", "Dan", "Eve"), False)
    first = service.add_deal(table, solo(73))
    seen.append(service.table_stamp(table))
    service.add_deal(table, solo(80))
    seen.append(service.table_stamp(table))
    service.correct_deal(first, solo(90), reason="recount")  # a revision more
    seen.append(service.table_stamp(table))
    service.rename_player("Bea", "Beatrix")
    seen.append(service.table_stamp(table))
    assert [s[:2] for s in seen] == [(0, 0), (1, 1), (2, 2), (2, 3), (2, 3)]
    assert seen[-1].seats[1] == "Beatrix"
    assert len(set(seen)) == len(seen)
    deals = service.deals(table)
    assert (len(deals), sum(d.revision for d in deals)) == seen[-1][:2]  # as the app sums
