"""Every word a phone page shows comes from the catalogues, in the page's language: a walk
through every page of every game (the name page, the entry page empty, partly filled with
refusals and hints, a preview, the log, a deal's fix page) in English and Japanese, failing
on a contract's id shown as a word (`full_house`, `team_points`), a placeholder left
unfilled (`{name}`) and, on a Japanese page, any English word that is not one the project
shows beside Japanese (a game term's English, a hand role's English name, a player's name,
a card's code)."""

from __future__ import annotations

import asyncio
import re
import tomllib
from pathlib import Path

import pytest

from ledger.text.i18n import TERMS

from .phone_inproc import GAMES, NAMES, Phone, night, phones, shown

ROOT = Path(__file__).resolve().parents[2]
RAW_ID = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
LATIN = re.compile(r"[A-Za-z][A-Za-z'’-]*")
CARD = re.compile(r"^(?:10|[2-9AKQJ])[SHDC]?$")  # a card or a rank ("QS", "10", "K")


def paired_english() -> set[str]:
    """The English words a Japanese page may show: beside a Japanese game term (or in it:
    スタP), in a hand role's name (the table names each role in both languages), and the
    players' names."""
    words = {w for pair in TERMS.values() for half in pair for w in LATIN.findall(half)}
    table = tomllib.loads((ROOT / "data" / "hand-roles" / "default.toml").read_text("utf-8"))
    words |= {w for role in table["roles"] for w in LATIN.findall(role["name_en"])}
    return words | set(NAMES) | {"Mio"}


ALLOWED = paired_english()

# the form as a scorekeeper fills it in: a start, a refusal or a hint, then a whole deal
DRAFTS: dict[int, list[dict[str, str]]] = {
    1: [{"choice|contract": "heart-solo"},
        {"choice|contract": "solo", "player|caller": "Ann", "choice|trump": "clubs",
         "number|team_points": "130"},
        {"choice|contract": "solo", "player|caller": "Ann", "choice|trump": "clubs",
         "player|partner": "Dan", "number|team_points": "70", "number|gang_points": "50"},
        {"choice|contract": "solo", "player|caller": "Ann", "choice|trump": "clubs",
         "player|partner": "Dan", "number|gang_points": "47", "player|payers|Bea": "Dan"}],
    2: [{"player|start_player": "Fumi", "card|indicator": "7h", "flag|mizuten": "yes"},
        {"player|start_player": "Fumi", "card|indicator": "QS",
         "choice|declarations|Fumi": "in", "choice|declarations|Gen": "in",
         "choice|declarations|Hana": "in", "number|tricks|Fumi": "9",
         "multi|roles|Ivo": "karasu", "open": "hands"},
        {"player|start_player": "Fumi", "card|indicator": "7h",
         "choice|declarations|Fumi": "in", "choice|declarations|Gen": "out",
         "choice|declarations|Hana": "in", "choice|declarations|Ivo": "in"}],
    3: [{"choice|ending": "close", "player|by": "Jun"},
        {"choice|ending": "close", "player|by": "Jun", "flag|closer_won": "yes",
         "number|points|Jun": "70", "number|points|Kai": "40", "number|tricks|Jun": "4",
         "number|tricks|Kai": "1", "number|at_close.points|Kai": "x"},
        {"choice|ending": "exhausted", "number|tricks|Jun": "5", "number|tricks|Kai": "4"},
        {"choice|ending": "scored", "player|winner": "Jun"},
        {"choice|ending": "scored", "pair|winner|game_points": "Kai|9"}],
    4: [{"choice|ending": "claim", "player|by": "Lea", "number|points|Lea": "66"},
        {"choice|ending": "scored", "player|winner": "Max", "int|game_points": "5"}],
    5: [{"choice|ending": "claim"}, {"choice|ending": "scored", "player|winner": "Oda"}],
    6: [{"choice|ending": "played", "number|points|Quy": "140"},
        {"choice|ending": "scored", "player|winner": "Ren"}],
}
DEALS: dict[int, dict[str, str]] = {
    1: {"choice|contract": "solo", "player|caller": "Bea", "choice|trump": "clubs",
        "player|partner": "Dan", "number|team_points": "73"},
    2: {"player|start_player": "Fumi", "card|indicator": "7h",
        "choice|declarations|Fumi": "in", "choice|declarations|Gen": "out",
        "choice|declarations|Hana": "in", "choice|declarations|Ivo": "out",
        "flag|split": "no", "number|tricks|Fumi": "4", "number|tricks|Hana": "3"},
    3: {"choice|ending": "claim", "player|by": "Jun", "number|points|Jun": "66",
        "number|points|Kai": "30", "number|tricks|Jun": "3", "number|tricks|Kai": "2"},
    4: {"choice|ending": "scored", "player|winner": "Lea", "int|game_points": "2"},
    5: {"choice|ending": "scored", "pair|winner|game_points": "Oda|1"},
    6: {"choice|ending": "played", "number|points|Quy": "80", "number|points|Ren": "50"},
}


def faults(where: str, html: str, lang: str) -> list[str]:
    """Each word of the page that no catalogue gave it."""
    page = shown(html).words()
    found = [f"{where}: raw id {m!r}" for m in RAW_ID.findall(page)]
    found += [f"{where}: placeholder {m!r}" for m in PLACEHOLDER.findall(page)]
    if lang == "ja":
        found += [f"{where}: English {w!r} in {line!r}" for line in page.splitlines()
                  for w in LATIN.findall(line) if w not in ALLOWED and not CARD.match(w)]
    return found


async def walk(phone: Phone) -> list[str]:
    found: list[str] = []
    for table in GAMES:
        base = f"/t/{table}"
        phone.sign_out()
        status, html = await phone.page(base)
        assert status == 200 and 'name="by"' in html, (table, status)  # the name page
        found += faults(f"{base} name", html, phone.lang)
        phone.sign_in()
        status, html = await phone.page(base)
        assert status == 200 and 'id="deal"' in html
        found += faults(f"{base} entry", html, phone.lang)
        for i, data in enumerate(DRAFTS[table]):
            answer = await phone.draft(table, data)
            found += faults(f"{base} draft {i}", answer["fields"] + answer["preview"],
                            phone.lang)
            status, html = await phone.page(base, {**data, "action": "save"})  # refused
            assert status == 200, (table, i, status)
            found += faults(f"{base} refused {i}", html, phone.lang)
        answer = await phone.draft(table, DEALS[table])
        assert 'class="summary"' in answer["preview"], (table, answer["preview"])
        found += faults(f"{base} preview", answer["fields"] + answer["preview"], phone.lang)
        deal = await phone.save(table, DEALS[table])
        status, html = await phone.page(f"{base}?saved={deal}")  # the next deal's form
        assert status == 200 and 'id="saved"' in html
        found += faults(f"{base} saved", html, phone.lang)
        status, html = await phone.page(f"{base}/log?saved={deal}")
        assert status == 200 and 'data-deal="1"' in html
        found += faults(f"{base} log", html, phone.lang)
        status, html = await phone.page(f"{base}/deal/{deal}")
        assert status == 200 and 'id="deal"' in html
        found += faults(f"{base} fix", html, phone.lang)
        status, html = await phone.page(f"{base}/deal/{deal}",
                                        {**DEALS[table], "action": "void"})  # no reason
        found += faults(f"{base} fix refused", html, phone.lang)
    return found


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_page_of_every_game_speaks_the_catalogue_s_words(tmp_path: Path,
                                                               lang: str) -> None:
    db = tmp_path / "club.sqlite3"
    night(db).db.dispose()

    async def run() -> list[str]:
        async with phones(db, lang) as phone:
            return await walk(phone)

    assert asyncio.run(run()) == []


def test_the_server_s_lang_speaks_japanese_to_an_english_phone(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    night(db).db.dispose()

    async def run() -> tuple[str, str]:
        async with phones(db, "en", phone_lang="ja") as phone:
            phone.sign_in()
            _, html = await phone.page("/t/2")
            answer = await phone.draft(2, {"player|start_player": "Fumi"})
            return html, answer["preview"]

    html, preview = asyncio.run(run())
    assert faults("/t/2", html, "ja") == []
    assert '<html lang="ja">' in html
    assert shown(preview).text.splitlines()[-1] == "めくり札：がありません（表向きのカード、例 QS）"
