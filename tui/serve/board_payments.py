"""The board's end-of-night payments: who pays whom, once the night is settled.

A night is settled, for the board, once its settlement has begun or it is closed: a plan is
kept (the first payment marked, or `tally settle --replan`, or R on the app's settlement
screen) or the night is closed (`tally night close`). Before that the nets still move with
every deal, and a list of payments would be out of date by the next one. The lines are the
service's settlement (`Tally.settlement`: the fewest transfers across the night, or the
kept plan), in chips and, when the night has a rate, in money; each payment marked is
shown as a paid line. The board is redrawn on every commit, so the view appears (and a
line turns paid) without a reload, as the board's other news does.
"""

from __future__ import annotations

from decimal import Decimal
from html import escape

from ledger.service import Tally
from ledger.service.night_end import NightSettlement
from ledger.text.i18n import formats

from ..format import MINUS
from ..i18n import t


def read_payments(service: Tally, night_id: int, closed: bool) -> NightSettlement | None:
    """The night's settlement if the night is settled (see above), else None."""
    st = service.settlement(night_id)
    return st if st.kept or closed else None


def _money(amount: Decimal | None, currency: str | None) -> str:
    if amount is None or currency is None:
        return ""
    text = formats.money_text(amount, currency)  # the app's minus sign, as on the screen
    return MINUS + text[1:] if text.startswith("-") else text


def render_payments(st: NightSettlement | None) -> str:
    """The payments section (empty when the night is not settled): one row a line still
    to pay, then one row a payment made, marked paid."""
    if st is None:
        return ""
    money = st.rate is not None and st.currency is not None
    said = [t("settle.open_direct" if st.mode == "direct" else "settle.open_fewest")
            ] if st.open else []  # nothing left to pay: "all settled" below says it
    if money:
        said.append(t("settle.rate", rate=formats.rate_text(st.rate, st.currency)))  # type: ignore[arg-type]
    out = ['<section class="payments"><h2>' + escape(t("board.pay.title")) + "</h2>"]
    if said:
        out.append(f'<p class="state">{escape(" · ".join(said))}</p>')
    if not st.open and not st.paid:
        out.append(f'<p class="hint">{escape(t("settle.all_settled"))}</p></section>')
        return "".join(out)
    out.append("<table><thead><tr><th>" + escape(t("col.from")) + "</th><th></th><th>"
               + escape(t("col.to")) + "</th><th class=num>" + escape(t("col.chips"))
               + "</th>" + ("<th class=num>" + escape(t("col.money")) + "</th>" if money
                            else "") + "<th></th></tr></thead><tbody>")

    def row(cls: str, payer: str, payee: str, chips: str, cash: str, mark: str) -> str:
        return (f'<tr class="{cls}"><td>{escape(payer)}</td><td class="to">→</td>'
                f"<td>{escape(payee)}</td><td class=num>{escape(chips)}</td>"
                + (f"<td class=num>{escape(cash)}</td>" if money else "")
                + f'<td class="mark">{escape(mark)}</td></tr>')

    for item in st.open:
        owed = (str(item.amount) if item.amount == item.planned else
                t("settle.still_owed", n=item.amount, of=item.planned))
        out.append(row("owed", item.payer, item.payee, owed, _money(item.money, st.currency),
                       t("board.pay.to_pay")))
    for paid in st.paid:
        out.append(row("paid", paid.payer, paid.payee, str(paid.amount),
                       _money(paid.money, st.currency), "✓ " + t("settle.paid")))
    out.append("</tbody></table>")
    if not st.open:
        out.append(f'<p class="hint">{escape(t("settle.all_settled"))}</p>')
    out.append("</section>")
    return "".join(out)
