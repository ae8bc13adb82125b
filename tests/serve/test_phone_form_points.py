"""The phone's deal forms, field by field, over HTTP (the room's routes in this process):
each box's accessible name says its field and its name; Hachi-Hachi's Mizuten puts its
player in, Aces are asked where they apply, the roles fold stays open; Crazy Solo's
contract takes its forced trump with it, either pile's points and who of the Gang pays whom
are asked; Sixty-Six's "all played" says a wrong trick total as it is typed."""

from __future__ import annotations

import asyncio
import html as entities
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from ledger.service import Tally

from .phone_inproc import Phone, inputs, night, phones, sent, shown

FUMI_IN = {"player|start_player": "Fumi", "card|indicator": "7h"}


def run(db: Path, body: Callable[[Phone], Awaitable[Any]], lang: str = "en") -> Any:
    async def go() -> Any:
        async with phones(db, lang) as phone:
            phone.sign_in()
            return await body(phone)

    return asyncio.run(go())


def room(tmp_path: Path) -> Path:
    db = tmp_path / "club.sqlite3"
    night(db).db.dispose()
    return db


def saved(db: Path, table: int) -> dict[str, Any]:
    service = Tally.open(db)
    try:
        table_id = next(t.id for t in service.night(1).tables if t.number == table)
        deal = service.deals(table_id)[-1]
        return {"outcome": deal.outcome,
                "transfers": [(x.payer, x.payee, x.amount) for x in deal.transfers]}
    finally:
        service.db.dispose()


def boxes(html: str) -> dict[str, str]:
    """Each text box's form name -> its accessible name (aria-label, else its label's text)."""
    named = {}
    for m in re.finditer(r'<label class="num[^"]*"><span>([^<]*)</span><input ([^>]*)>', html):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', m[2]))
        named[attrs["name"]] = entities.unescape(attrs.get("aria-label") or m[1])
    return named


def test_each_box_is_named_by_its_field_and_its_name(tmp_path: Path) -> None:
    db = room(tmp_path)

    async def body(phone: Phone) -> list[dict[str, str]]:
        return [boxes((await phone.draft(table, data))["fields"]) for table, data in (
            (2, {**FUMI_IN, "choice|declarations|Fumi": "in", "choice|declarations|Gen": "in",
                 "choice|declarations|Hana": "in"}),
            (3, {"choice|ending": "close", "player|by": "Jun"}),
            (6, {"choice|ending": "played"}),
            (1, {"choice|contract": "solo"}))]

    hachi, schnapsen, four, crazy = run(db, body)
    assert hachi == {
        "card|indicator": "Indicator",
        "number|tricks|Fumi": "Tricks — Fumi", "number|tricks|Gen": "Tricks — Gen",
        "number|tricks|Hana": "Tricks — Hana",
        "cards|hands|Ivo": "Cards — Ivo", "number|aces|Ivo": "Aces — Ivo",
        "cards|hands|Fumi": "Cards — Fumi", "cards|hands|Gen": "Cards — Gen",
        "cards|hands|Hana": "Cards — Hana"}
    assert schnapsen == {
        "number|points|Jun": "Card points — Jun", "number|points|Kai": "Card points — Kai",
        "number|tricks|Jun": "Tricks — Jun", "number|tricks|Kai": "Tricks — Kai",
        "number|at_close.points|Kai": "Kai's points — Kai",
        "number|at_close.tricks|Kai": "tricks — Kai"}
    assert four == {"number|points|Quy": "Card points — Quy+Sol",
                    "number|points|Ren": "Card points — Ren+Tom"}
    assert crazy == {"number|team_points": "Card points — the team's pile",
                     "number|gang_points": "Card points — the Gang's pile",
                     "card|called_card": "Called card"}


def test_the_roles_of_a_hand_are_a_group_named_by_its_player(tmp_path: Path) -> None:
    db = room(tmp_path)

    async def body(phone: Phone) -> str:
        return str((await phone.draft(2, {**FUMI_IN, "choice|declarations|Fumi": "in",
                                           "choice|declarations|Gen": "in",
                                           "choice|declarations|Hana": "in"}))["fields"])

    html = run(db, body)
    assert re.findall(r'role="group" aria-label="([^"]*)"', html) == [
        f"hand roles 手役 — {name}" for name in ("Ivo", "Fumi", "Gen", "Hana")]
    assert '<summary>hand roles 手役</summary>' in html  # the fold, by its name
    assert '<span>三本 three of a kind</span>' in html and ">sanbon<" not in html


def test_mizuten_puts_its_player_in_and_asks_the_tricks(tmp_path: Path) -> None:
    db = room(tmp_path)
    deal = {**FUMI_IN, "flag|mizuten": "yes", "choice|declarations|Gen": "out",
            "choice|declarations|Hana": "in", "choice|declarations|Ivo": "in"}

    async def body(phone: Phone) -> tuple[dict[str, Any], int]:
        answer = await phone.draft(2, deal)
        return answer, await phone.save(2, {**sent(answer["fields"]),
                                             "number|tricks|Fumi": "5",
                                             "number|tricks|Hana": "2",
                                             "number|tricks|Ivo": "0"})

    answer, _ = run(db, body)
    text = shown(answer["fields"]).text
    assert "Fumi\nin 出る\nMizuten ミズテン" in text  # in without choice, Mizuten kept
    assert list(boxes(answer["fields"]))[:4] == [
        "card|indicator", "number|tricks|Fumi", "number|tricks|Hana", "number|tricks|Ivo"]
    assert 'name="flag|mizuten" value="yes" checked' in answer["fields"]
    assert shown(answer["preview"]).text.splitlines()[-1] == (
        "Tricks: is missing: Fumi, Hana, Ivo played")  # its boxes are there to fill in
    got = saved(db, 2)["outcome"]
    assert (got["mizuten"], got["declarations"], got["tricks"]) == (
        True, {"Fumi": "in", "Gen": "out", "Hana": "in", "Ivo": "in"},
        {"Fumi": 5, "Hana": 2, "Ivo": 0})


def test_aces_are_asked_of_forced_out_players_only(tmp_path: Path) -> None:
    db = room(tmp_path)
    three_in = {**FUMI_IN, "choice|declarations|Fumi": "in", "choice|declarations|Gen": "out",
                "choice|declarations|Hana": "in", "choice|declarations|Ivo": "in"}
    forced = {**FUMI_IN, "choice|declarations|Fumi": "in", "choice|declarations|Gen": "in",
              "choice|declarations|Hana": "in"}

    async def body(phone: Phone) -> list[list[str]]:
        return [[i["name"] for i in inputs((await phone.draft(2, d))["fields"])
                 if i.get("name", "").startswith("number|aces")] for d in (three_in, forced)]

    assert run(db, body) == [[], ["number|aces|Ivo"]]


def test_the_roles_fold_stays_open_once_opened(tmp_path: Path) -> None:
    db = room(tmp_path)
    played = {**FUMI_IN, "choice|declarations|Fumi": "in", "choice|declarations|Gen": "in",
              "choice|declarations|Hana": "in"}

    async def body(phone: Phone) -> list[bool]:
        out = []
        for extra in ({}, {"open": "hands"}, {"multi|roles|Gen": "sanbon"}):
            html = (await phone.draft(2, {**played, **extra}))["fields"]
            [tag] = re.findall(r'<details class="fold" data-fold="hands"[^>]*>', html)
            out.append(tag.endswith(" open>"))
        return out

    assert run(db, body) == [False, True, True]  # closed, open as posted, open when filled


def test_back_from_heart_solo_the_trump_is_asked_again(tmp_path: Path) -> None:
    db = room(tmp_path)

    async def body(phone: Phone) -> tuple[dict[str, str], dict[str, Any]]:
        hearts = await phone.draft(1, {"choice|contract": "heart-solo", "player|caller": "Ann"})
        form = sent(hearts["fields"])  # what the page sends on the next tap
        back = await phone.draft(1, {**form, "choice|contract": "solo"})
        return form, back

    form, back = run(db, body)
    assert "choice|trump" not in form  # shown, not sent: the contract fixes it
    assert 'name="choice|trump" value="hearts" checked' not in back["fields"]
    assert re.findall(r'name="choice\|trump" value="(\w+)"( checked)?', back["fields"]) == [
        ("clubs", ""), ("diamonds", ""), ("hearts", ""), ("spades", "")]
    assert shown(back["preview"]).text.splitlines()[-1] == "Trump: is missing"


def test_a_heart_solo_saves_its_hearts(tmp_path: Path) -> None:
    db = room(tmp_path)

    async def body(phone: Phone) -> int:
        return await phone.save(1, {"choice|contract": "heart-solo", "player|caller": "Ann",
                                    "player|partner": "Dan", "number|team_points": "80"})

    run(db, body)
    assert saved(db, 1)["outcome"]["trump"] == "hearts"


def test_the_gang_s_pile_and_who_pays_whom(tmp_path: Path) -> None:
    db = room(tmp_path)
    solo = {"choice|contract": "solo", "player|caller": "Ann", "choice|trump": "clubs",
            "player|partner": "Dan", "number|gang_points": "47"}

    async def body(phone: Phone) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        both = await phone.draft(1, {**solo, "number|team_points": "73"})
        asked = await phone.draft(1, solo)
        await phone.save(1, {**solo, "player|payers|Bea": "Dan", "player|payers|Chie": "Ann",
                             "player|payers|Eve": "Ann"})
        return both, asked, saved(db, 1)

    both, asked, got = run(db, body)
    assert shown(both["preview"]).text.splitlines()[-1] == (
        "give the points of one pile: the team's or the Gang's")
    assert shown(asked["preview"]).text.splitlines()[1] == "Solo ♣ Ann + Dan, 73 → 25"
    assert asked["said"]["payers"] == "As seated, Ann collects from Bea, Chie; Dan from Eve"
    assert re.findall(r'name="player\|payers\|(\w+)" value="(\w*)"', asked["fields"]) == [
        (who, to) for who in ("Bea", "Chie", "Eve") for to in ("Ann", "Dan", "")]
    assert (got["outcome"]["gang_points"], got["outcome"]["payers"]) == (
        47, {"caller": ["Chie", "Eve"], "partner": ["Bea"]})
    assert got["transfers"] == [("Chie", "Ann", 25), ("Eve", "Ann", 25), ("Bea", "Dan", 25)]


def test_all_played_with_tricks_short_is_said_as_they_are_typed(tmp_path: Path) -> None:
    db = room(tmp_path)
    tricks = {"choice|ending": "exhausted", "number|tricks|Jun": "5", "number|tricks|Kai": "4"}
    line = "9 in all; when the stock is used up all 10 tricks are played"

    async def body(phone: Phone) -> tuple[dict[str, Any], dict[str, Any]]:
        return (await phone.draft(3, tricks), await phone.draft(3, {
            **tricks, "number|points|Jun": "70", "number|points|Kai": "50",
            "player|last_trick": "Jun"}))

    typed, filled = run(db, body)
    assert typed["said"] == {"tricks": line}  # beside the tricks, the rest not yet filled in
    assert f'<p class="said" id="said-tricks" aria-live="polite">{line}</p>' in typed["fields"]
    assert shown(filled["preview"]).text.splitlines()[-1] == f"Tricks: {line}"
    assert filled["errors"] == {"tricks": line}
