"""The confirmation's words on the phone, in English and Japanese: the log of a
table whose opponents confirm, a refused dispute, a dispute and a confirmation, each page
free of raw ids, unfilled placeholders and (in Japanese) English outside the term pairs."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from ledger.service import Tally

from .phone_inproc import GAMES, NAMES, Phone, phones, shown
from .test_phone_words import DEALS, faults

WORDS = {
    "en": {"pending": "Deal 1 — to be confirmed", "refused": "a dispute needs a reason",
           "disputed": "disputed by Kai: 点が違う", "saved": "Deal 1 confirmed.",
           "confirmed": "confirmed by Jun", "form": "Confirm deal 1"},
    "ja": {"pending": "ディール 1 — 確認待ち", "refused": "異議には理由が必要です",
           "disputed": "Kai が異議：点が違う", "saved": "ディール 1 を確認しました。",
           "confirmed": "Jun が確認済み", "form": "ディール 1 の確認"},
}


def confirm_night(db: Path) -> None:
    service = Tally.open(db)
    service.add_players(list(NAMES))
    n = service.new_night("2026-12-01")
    for number in sorted(GAMES):
        game, seats = GAMES[number]
        service.new_table(n, game, list(seats), overrides={"confirm": "opponent"})
    service.db.dispose()


async def walk(phone: Phone) -> tuple[list[str], list[str]]:
    """(the faults of each page, the lines the pages say) at the Schnapsen table."""
    found: list[str] = []
    said: list[str] = []
    phone.sign_in("Mio")
    deal = await phone.save(3, DEALS[3])
    status, html = await phone.page(f"/t/3/log?saved={deal}")
    assert status == 200
    found += faults("log pending", html, phone.lang)
    said.append(shown(html).words())
    status, html = await phone.page("/t/3/verdict", {"deal": str(deal), "by": "Kai",
                                                     "verdict": "dispute", "reason": ""})
    assert status == 400
    found += faults("dispute refused", html, phone.lang)
    said.append(shown(html).text)
    status, _ = await phone.page("/t/3/verdict", {"deal": str(deal), "by": "Kai",
                                                  "verdict": "dispute", "reason": "点が違う"})
    assert status == 303
    status, html = await phone.page(f"/t/3/log?disputed={deal}")
    found += faults("log disputed", html, phone.lang)
    said.append(shown(html).text)
    status, _ = await phone.page("/t/3/verdict", {"deal": str(deal), "by": "Jun",
                                                  "verdict": "confirm"})
    assert status == 303
    status, html = await phone.page(f"/t/3/log?confirmed={deal}")
    found += faults("log confirmed", html, phone.lang)
    said.append(shown(html).words())
    return found, said


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_confirmation_speaks_the_catalogue_s_words(tmp_path: Path, lang: str) -> None:
    db = tmp_path / "club.sqlite3"
    confirm_night(db)

    async def run() -> tuple[list[str], list[str]]:
        async with phones(db, lang) as phone:
            return await walk(phone)

    found, (pending, refused, disputed, confirmed) = asyncio.run(run())
    assert found == []
    words = WORDS[lang]
    assert any(line.startswith(words["pending"] + " ") for line in pending.splitlines())
    assert words["form"] in pending.splitlines()  # the form's accessible name
    assert words["refused"] in refused.splitlines()
    assert words["disputed"] in disputed.splitlines()
    assert words["saved"] in confirmed.splitlines()
    assert words["confirmed"] in confirmed.splitlines()
    assert words["form"] not in confirmed.splitlines()  # confirmed: nothing left to tap
