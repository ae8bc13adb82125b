"""A new deal's page starts from what the table's status says of a field, as the terminal's
form does: at Hachi-Hachi the start player of the round is chosen already (one tap fewer,
and no second guess of what the title line says)."""

from __future__ import annotations

import http.cookiejar
import re
import urllib.request
from pathlib import Path

from ledger.service import Tally
from tests.serve.phone_room import HACHI, serving
from tui.serve.phone.routes import NAME_COOKIE

NOBODY_IN = {"start_player": "Fumi", "indicator": "QS",
             "declarations": {"Fumi": "out", "Gen": "out", "Hana": "out", "Ivo": "out"}}
RADIO = re.compile(r'<input type="radio" name="player\|start_player" value="([^"]+)"( checked)?>')


def start_players(url: str) -> dict[str, bool]:
    """Each start player choice of the page at `url`, and whether it is checked."""
    jar = http.cookiejar.CookieJar()  # (the table's key may be kept in a cookie)
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    request = urllib.request.Request(url, headers={"Cookie": f"{NAME_COOKIE}=Mio"})
    with opener.open(request, timeout=30) as answer:
        html = answer.read().decode("utf-8")
    return {m[1]: bool(m[2]) for m in RADIO.finditer(html)}


def test_the_round_s_start_player_is_chosen_on_a_new_deal(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    with serving(db) as room:
        assert start_players(room.tables[2]) == {name: name == HACHI[0] for name in HACHI}
    # a round played: the next round's start player (as the status says) is the one chosen
    service = Tally.open(db)
    table_id = next(t.id for t in service.night(1).tables if t.number == 2)
    service.add_deal(table_id, NOBODY_IN)
    then = service.table(table_id).status["start_player"]
    assert then != HACHI[0]
    with serving(db) as room:
        assert start_players(room.tables[2]) == {name: name == then for name in HACHI}
