"""What the table screen says of a Sixty-Six family table between deals: game n and its
score (Schnapsen: what each still needs, counting down from 7), the dealer, the match tally."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..i18n import t


def score_text(status: Mapping[str, Any]) -> str:
    """"Ann 3 – Bea 1" (partners: "Ann+Cid 3 – Bea+Dan 1")."""
    score = status.get("sides") or status.get("score") or {}
    return " – ".join(f"{name} {value}" for name, value in score.items())


def tally_text(status: Mapping[str, Any]) -> str:
    """The match tally: Bummerl taken (Schnapsen) or games won, once a game is over."""
    if not status.get("games_played"):
        return ""
    if "bummerl" in status:
        return t("ss.bummerl_tally", tally=", ".join(
            f"{name} {n}" for name, n in status["bummerl"].items()))
    won = status.get("side_games_won") or status.get("games_won") or {}  # partners: by side
    return t("ss.games_won", tally=", ".join(f"{name} {n}" for name, n in won.items()))


def dealer_text(status: Mapping[str, Any]) -> str:
    dealer = status.get("dealer")
    if not dealer:
        return ""
    if dealer not in (status.get("players") or [dealer]):
        return t("ss.dealer_sits_out", name=dealer)
    return t("status.dealer", name=dealer)


def status_line(status: Mapping[str, Any]) -> str:
    """Game n and its score (Schnapsen: what each still needs), the dealer, the tally."""
    parts = []
    if status.get("finished"):
        parts.append(t("status.finished"))
    else:
        if status.get("counting") == "down":
            parts.append(t("ss.bummerl_n", n=status.get("game")))
            parts.append(t("ss.to_go", score=score_text(status)))
        else:
            parts.append(t("ss.game_n", n=status.get("game"), target=status.get("target")))
            parts.append(score_text(status))
        if status.get("out"):
            parts.append(t("ss.out", names=", ".join(status["out"])))
        parts.append(dealer_text(status))
    parts.append(tally_text(status))
    return " · ".join(p for p in parts if p)
