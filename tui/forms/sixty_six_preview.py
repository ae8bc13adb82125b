"""A Sixty-Six family deal's preview beside its form: what the deal scores, the running game
score (Schnapsen's counting down), and a game's end with its stake and the nets, all from the
service's preview."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ledger.service.views import Preview

from ..format import chips, minus_signs
from ..i18n import listed, t
from ..widgets.kinsoku import Wrapped
from ..widgets.preview import reason_text


def render_sixty_six(preview: Preview, seats: Sequence[str], countdown: bool,
                     sides: Sequence[tuple[str, ...]] | None = None) -> RenderableType:
    """The deal's result, the running game score, and a game's end with its stake."""
    extra = preview.extra
    parts: list[RenderableType] = [Wrapped(minus_signs(preview.shown()), "bold"), Text("")]
    scored: Mapping[str, int] = extra.get("scored") or {}
    groups = list(sides) if sides else [(s,) for s in seats]
    gains = [("+".join(g), scored.get(g[0], 0)) for g in groups if scored.get(g[0], 0)]
    if gains:
        parts.append(Text(t("ss.scores", what=minus_signs(listed(f"{n} {v}"
                                                                    for n, v in gains)))))
    else:
        parts.append(Text(t("ss.drawn"), style="dim"))
    parts += [Text(""), Text(t("ss.to_go_title" if countdown else "ss.score_title"),
                             style="underline")]
    score: Mapping[str, int] = extra.get("score") or {}
    grid = Table.grid(padding=(0, 2))
    grid.add_column()
    grid.add_column(justify="right")
    for group in groups:
        grid.add_row("+".join(group), minus_signs(str(score.get(group[0], ""))))
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
