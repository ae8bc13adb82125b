"""What the table screen says of a Sixty-Six family table between deals: game n and its
score (Schnapsen: what each still needs, counting down from 7), the dealer, the match tally;
the room's pages (a phone, the board) also say what a game is played to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..format import minus_signs
from ..i18n import listed, t


def score_text(status: Mapping[str, Any]) -> str:
    """"Ann 3 – Bea 1" (partners: "Ann+Cid 3 – Bea+Dan 1")."""
    score = status.get("sides") or status.get("score") or {}
    return minus_signs(" – ".join(f"{name} {value}" for name, value in score.items()))


def tally_text(status: Mapping[str, Any]) -> str:
    """The match tally: Bummerl taken (Schnapsen) or games won, once a game is over."""
    if not status.get("games_played"):
        return ""
    if "bummerl" in status:
        return t("ss.bummerl_tally", tally=listed(
            f"{name} {n}" for name, n in status["bummerl"].items()))
    won = status.get("side_games_won") or status.get("games_won") or {}  # partners: by side
    return t("ss.games_won", tally=listed(f"{name} {n}" for name, n in won.items()))


def dealer_text(status: Mapping[str, Any]) -> str:
    dealer = status.get("dealer")
    if not dealer:
        return ""
    if dealer not in (status.get("players") or [dealer]):
        return t("ss.dealer_sits_out", name=dealer)
    return t("status.dealer", name=dealer)


def room_status_line(status: Mapping[str, Any]) -> str:
    """The status line of the room's pages (a phone, the board): the score to its target."""
    return status_line(status, to_target=True)


def status_line(status: Mapping[str, Any], *, to_target: bool = False) -> str:
    """Game n and its score (Schnapsen: what each still needs), the dealer, the tally;
    `to_target`: the score says what the game is played to ("Ann 3 – Bea 5 (to 7)")."""
    parts = []
    if status.get("finished"):
        parts.append(t("status.finished"))
    else:
        if status.get("counting") == "down":
            parts.append(t("ss.bummerl_n", n=status.get("game")))
            parts.append(t("ss.to_go", score=score_text(status)))
        else:
            parts.append(t("ss.game_n", n=status.get("game"), target=status.get("target")))
            score = score_text(status)
            parts.append(t("ss.score_to", score=score, target=status["target"])
                         if to_target and status.get("target") else score)
        if status.get("out"):
            parts.append(t("ss.out", names=listed(status["out"])))
        parts.append(dealer_text(status))
    parts.append(tally_text(status))
    return " · ".join(p for p in parts if p)
