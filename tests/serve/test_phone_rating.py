"""Issue 40 on the phone: the table's log page says each of its players' rating after
tonight and tonight's change, and, when the name kept on the phone is a player rated
tonight, "Your rating: …" with μ and σ; in English and Japanese, over HTTP. One Crazy Solo
deal at table 1 (Bea called Dan and won: Bea +50, Dan +25, the rest −25): openskill's own
figures, as tests/serve/test_board_rating.py has them."""

from __future__ import annotations

import asyncio
from pathlib import Path

from ledger.service import Tally

from .phone_inproc import night, phones, shown

SOLO = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
        "team_points": 73}
MINE = {"en": "Your rating: 2.79 (μ 27.67, σ 8.29), +2.79 tonight provisional",
        "ja": "あなたのレート：2.79（μ 27.67、σ 8.29）、今夜 +2.79 暫定"}
# each seat's row, a cell a line: name (provisional), rating after tonight, change
SEATS = {"en": ["Bea provisional", "2.79", "+2.79", "Dan provisional", "2.11", "+2.11",
                *[x for p in ("Ann", "Chie", "Eve")
                  for x in (f"{p} provisional", "\u22121.04", "\u22121.04")]]}
SEATS["ja"] = [line.replace("provisional", "暫定") for line in SEATS["en"]]
HEAD = {"en": "Rating after tonight", "ja": "今夜のあとのレート"}


def _after(text: str, head: str) -> list[str]:
    lines = text.splitlines()
    return lines[lines.index(head) + 1:]


def test_the_log_says_the_ratings_after_tonight(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    service: Tally = night(db)
    table = service.night(1).tables[0].id
    service.add_deal(table, SOLO, "Bea")

    async def run() -> None:
        for lang in ("en", "ja"):
            async with phones(db, lang) as phone:
                phone.sign_in("bea ")  # as typed on the phone: any case, spaces
                status, html = await phone.page("/t/1/log")
                assert status == 200
                lines = _after(shown(html).text, HEAD[lang])
                assert lines[0] == MINE[lang]
                assert lines[1:16] == SEATS[lang]
                phone.sign_in("Mio")  # not a player: the seats only
                _, html = await phone.page("/t/1/log")
                lines = _after(shown(html).text, HEAD[lang])
                assert lines[:15] == SEATS[lang]
                assert "μ" not in "".join(lines)
                _, html = await phone.page("/t/3/log")  # nothing played there: no section
                assert HEAD[lang] not in html

    asyncio.run(run())
