"""The Sixty-Six family's score as the app shows it: the table screen's line between deals
(game n, the score or, in Schnapsen, what each still needs, the dealer, the match tally) and
a deal's preview (what it scores, the running game score, a game's end with its stake), all
from the engine's status and the service's preview.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ledger.service.views import Preview

from ..format import chips, minus_signs
from ..i18n import t
from ..widgets.kinsoku import Wrapped
from ..widgets.preview import reason_text

# ---- what the table screen says between deals --------------------------------------------------


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


# ---- the preview ----------------------------------------------------------------------------


def render_sixty_six(preview: Preview, seats: Sequence[str], countdown: bool,
                     sides: Sequence[tuple[str, ...]] | None = None) -> RenderableType:
    """The deal's result, the running game score, and a game's end with its stake."""
    extra = preview.extra
    parts: list[RenderableType] = [Wrapped(minus_signs(preview.shown()), "bold"), Text("")]
    scored: Mapping[str, int] = extra.get("scored") or {}
    groups = list(sides) if sides else [(s,) for s in seats]
    gains = [("+".join(g), scored.get(g[0], 0)) for g in groups if scored.get(g[0], 0)]
    if gains:
        parts.append(Text(t("ss.scores", what=", ".join(f"{n} {v}" for n, v in gains))))
    else:
        parts.append(Text(t("ss.drawn"), style="dim"))
    parts += [Text(""), Text(t("ss.to_go_title" if countdown else "ss.score_title"),
                             style="underline")]
    score: Mapping[str, int] = extra.get("score") or {}
    grid = Table.grid(padding=(0, 2))
    grid.add_column()
    grid.add_column(justify="right")
    for group in groups:
        grid.add_row("+".join(group), str(score.get(group[0], "")))
    parts.append(grid)
    if extra.get("game_over"):
        winner = extra.get("game_winner")
        winner = "+".join(winner) if isinstance(winner, list) else winner
        parts += [Text(""), Text(t("ss.game_over", name=winner), style="bold yellow")]
        moves = Table.grid(padding=(0, 1))
        for _ in range(4):
            moves.add_column()
        for x in preview.transfers:
            moves.add_row(x.payer, "→", x.payee, Text(str(x.amount), style="bold"),
                          Text(reason_text(x.reason), style="dim"))
        nets = Table.grid(padding=(0, 2))
        nets.add_column()
        nets.add_column(justify="right")
        for name in seats:
            nets.add_row(name, chips(preview.nets.get(name, 0), zero="0"))
        parts += [moves, Text(""), Text(t("preview.nets"), style="underline"), nets]
    else:
        parts += [Text(""), Text(t("ss.no_chips"), style="dim")]
    return Group(*parts)
