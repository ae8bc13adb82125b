"""A deal's summary, rendered where it is shown, in the language in use, from its facts.

The facts are the deal's stored outcome (contract JSON, as `Game.to_json` writes it) and its
settlement's `extra` (amount, pot, multiplier, winner, running score …): the CLI's `round
list`, the app's deal log and preview and the deals CSV all render them here. The summary a
deal stored when it was recorded (English) is history: it is shown only when the facts cannot
be read (a game this code does not know, a row from before its facts were kept).

English renders exactly as the engines' own `summary` wrote it (tests/test_summaries.py checks
every game), so English screens and exports read the same either way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from .i18n import listed, speaking, t, term

if TYPE_CHECKING:
    from ..domain.settle import Explanation
from ..domain.rules.cards import SUIT_NAMES, SUIT_SYMBOLS
from .i18n.formats import signed

# a suit's symbol by its code or its name: the one suit table, the engines' (cards.py)
SUITS = {**SUIT_SYMBOLS, **{name: SUIT_SYMBOLS[code] for code, name in SUIT_NAMES.items()}}

Facts = Mapping[str, Any]


def render(game: str, outcome: Facts | None, extra: Facts, stored: str = "",
           kind: str = "", seats: tuple[str, ...] | list[str] = ()) -> str:
    """The summary of a deal of `game` in the language in use; `stored` if it cannot be
    rendered. A void deal renders as "void". `seats` puts a running score in seat order
    (a stored `extra` keeps its keys sorted)."""
    if kind == "void":
        return t("sum.void")
    renderer = RENDERERS.get(game)
    if renderer is None or not outcome:
        return stored
    if seats and isinstance(extra.get("score"), Mapping):
        order = {name: i for i, name in enumerate(seats)}
        score = sorted(extra["score"].items(), key=lambda kv: order.get(kv[0], len(order)))
        extra = {**extra, "score": dict(score)}
    try:
        return renderer(outcome, extra)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return stored  # facts from an older shape: the stored sentence is all there is


def stored_summary(game: str, outcome: Facts, extra: Facts,
                   seats: tuple[str, ...] | list[str] = ()) -> str:
    """The sentence a deal stores as it is recorded (its history, in English; shown only
    where its facts cannot be read): `render` spoken in English."""
    with speaking("en"):
        return render(game, outcome, extra, "", "", seats)


# --- Crazy Solo ------------------------------------------------------------------------------

def crazy_solo(outcome: Facts, extra: Facts) -> str:
    """E.g. "Solo ♣ Bea + Dan, 73 → 25"."""
    contract = outcome["contract"]
    if contract == "pass":
        return t("sum.cs.pass")
    team = outcome.get("caller") or ""
    if outcome.get("partner"):
        team += f" + {outcome['partner']}"
    points = outcome.get("team_points")
    if points is None:
        points = 120 - int(outcome["gang_points"])
    return t("sum.cs.deal", contract=t(f"contract.{contract}"),
             suit=SUITS[outcome.get("trump") or "clubs"], team=team, points=points,
             amount=number(extra.get("amount", 0)))


def number(n: int) -> str:
    """A signed number in a summary, in every language as the CLI, CSV and JSON write it
    (`-10`); the app shows it with the real minus sign (`tui.format.minus_signs`)."""
    return str(n)


# --- Hachi-Hachi -----------------------------------------------------------------------------

def hachihachi(outcome: Facts, extra: Facts) -> str:
    """E.g. "Q♠ ×2 · in P2 P4 P5 · pot 10 → P2" or "7♥ · nobody in — skipped"."""
    indicator = str(outcome["indicator"])
    head = indicator[:-1] + SUITS[indicator[-1]]
    m = extra.get("multiplier", 1)
    if m != 1:
        head += f" ×{m}"
    declarations = outcome["declarations"]
    if outcome.get("mizuten"):
        head += " · " + t("sum.hh.mizuten", name=next(iter(declarations)))
        if extra.get("mizuten_won"):
            head += " ✓"
    ins = [p for p, d in declarations.items() if d == "in"]
    carried = extra.get("pot_carried", 0)
    if not ins:
        if carried:
            return t("sum.hh.nobody_carried", head=head, pot=carried)
        return t("sum.hh.nobody_void", head=head)
    pot = extra.get("pot", 0)
    carried_in = extra.get("carried_in", 0)
    text = t("sum.hh.in", head=head, names=" ".join(ins))
    total = pot + carried_in
    shown = t("sum.hh.pot_carried_in", pot=pot, carried=carried_in) if carried_in else str(pot)
    if outcome.get("split"):
        return t("sum.hh.split", text=text, pot=shown, a=(total + 1) // 2, b=total // 2)
    if outcome.get("tricks"):
        text += t("sum.hh.tricks", counts="-".join(str(n) for n in outcome["tricks"].values()))
    return t("sum.hh.pot", text=text, pot=shown, winner=extra.get("winner"))


# --- the Sixty-Six family --------------------------------------------------------------------

def _side(side: Any) -> str:
    return "+".join(side) if isinstance(side, list) else str(side)


def sixty_six_tail(extra: Facts) -> str:
    """'→ A 2; A 7 – B 1; game to A'."""
    if extra.get("winner") is None:
        head = t("sum.ss.drawn")
    else:
        head = f"{_side(extra['winner'])} {extra['game_points']}"
    text = t("sum.ss.tail", head=head,
             score=" – ".join(f"{s} {v}" for s, v in extra["score"].items()))
    if extra.get("game_over"):
        text += t("sum.ss.game_to", name=_side(extra["game_winner"]))
    return text


def sixty_six_facts(outcome: Facts) -> str:
    """'A claims, 68–40'."""
    ending = outcome["ending"]
    if ending == "scored":
        return t("sum.ss.scored")
    points = "–".join(str(p) for p in outcome["points"].values())
    if ending == "claim":
        return t("sum.ss.claim", name=outcome["by"], points=points)
    if ending == "close":
        key = "sum.ss.close_made" if outcome.get("closer_won") else "sum.ss.close_failed"
        return t(key, name=outcome["by"], points=points)
    return t("sum.ss.exhausted", points=points, last=outcome.get("last_trick"))


def sixty_six(outcome: Facts, extra: Facts) -> str:
    return f"{sixty_six_facts(outcome)} {sixty_six_tail(extra)}"


def sixty_six_four(outcome: Facts, extra: Facts) -> str:
    """'A 70 – B 60 → A+C 1; A 1 – B 0 – C 1 – D 0'."""
    if outcome.get("ending") == "scored":
        facts = t("sum.ss.scored")
    else:
        facts = " – ".join(f"{name} {p}" for name, p in outcome["points"].items())
    if outcome.get("ten_of_trumps"):
        facts += t("sum.ss.ten_of_trumps", name=outcome["ten_of_trumps"])
    return f"{facts} {sixty_six_tail(extra)}"


def recorded_line(number: int, summary: str, by: str | None) -> str:
    """A deal as recorded, for a device that meant to record it too: "Deal 7: Solo ♣ Ann +
    Chie, 70 → 20 · by Mio" (the phone's page and the terminal entry both say it)."""
    if by:
        return t("deal.recorded_by", n=number, summary=summary, name=by)
    return t("deal.recorded", n=number, summary=summary)


# Hachi-Hachi's reasons are its terms, shown in both languages (see `ledger.text.i18n.TERMS`).
REASON_TERMS = {"out-fee": "out_fees", "forced-out": "forced_out", "hand-roles": "hand_roles",
                "mizuten": "mizuten"}


def reason_text(reason: str) -> str:
    """A transfer's reason for people (the engines name them in English: `out-fee`)."""
    if reason in REASON_TERMS:
        return term(REASON_TERMS[reason])
    return t(f"reason.{reason}", default=reason)


def party(name: str) -> str:
    """A transfer's payer or payee for people: the Hachi-Hachi pot in the language in use."""
    from ..domain.rules.transfers import POT

    return t("hh.pot") if name == POT else name


def why_text(why: Explanation, *, plain: bool = False) -> str:
    """`Explanation.text()` in the language in use: the nets behind one payment. Nets are
    signed with the real minus sign (`−105`, the app's), or `plain` with a hyphen (`-105`,
    as the CLI writes numbers in every language)."""
    where = t("why.for_table", table=why.table) if why.table is not None else ""
    lines = [t("why.pays", payer=why.payer, payee=why.payee, n=why.amount, where=where)]
    for name, net, key in ((why.payer, why.payer_net, "payer_net"),
                           (why.payee, why.payee_net, "payee_net")):
        verb = t("why.lost" if net < 0 else "why.won")
        if why.table is not None:
            lines.append(t("why.at_table", name=name, verb=verb, n=abs(net), table=why.table))
            continue
        shares = listed(t("why.share", net=_signed(getattr(s, key), plain), table=s.table)
                           for s in why.tables if getattr(s, key))
        lines.append(t("why.in_all", name=name, verb=verb, n=abs(net), shares=shares))
    if why.paid > 0:
        lines.append(t("why.paid_part", payer=why.payer, payee=why.payee, paid=why.paid,
                       n=why.amount))
        if why.accounted < -why.payer_net:
            lines.append(t("why.covers_paid", paid=why.paid, n=why.accounted,
                           lost=-why.payer_net, name=why.payer,
                           rest=-why.payer_net - why.accounted))
    elif why.amount < -why.payer_net:
        lines.append(t("why.covers", n=why.amount, lost=-why.payer_net, name=why.payer))
    if why.accounted < why.payee_net:
        lines.append(t("why.rest", name=why.payee, n=why.payee_net - why.accounted))
    if not why.same_table:
        lines.append(t("why.apart", payer=why.payer, payee=why.payee))
    return "\n".join(lines)


def _signed(n: int, plain: bool) -> str:
    return f"{n:+d}" if plain and n else signed(n)


RENDERERS: dict[str, Callable[[Facts, Facts], str]] = {
    "crazy-solo": crazy_solo,
    "hachihachi-trick": hachihachi,
    "sixty-six": sixty_six,
    "schnapsen": sixty_six,
    "sixty-six-three": sixty_six,
    "sixty-six-four": sixty_six_four,
}
