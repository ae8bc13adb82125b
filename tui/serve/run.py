"""Starting the club room: keys, the URLs and their QR codes, then the server."""

from __future__ import annotations

import errno
import socket
import sys
from pathlib import Path

from ledger.service import RuleError, Tally
from ledger.service.offline import Outbox

from ..i18n import set_language
from .keys import Keys
from .organiser import TABLES_PATH
from .phone.access import table_url, terminal_url
from .qr import qr_text
from .server import ClubServer, night_to_serve
from .tabs import MAX_TABS, PER_ADDRESS, Tabs

LOCAL = {"127.0.0.1", "localhost", "::1"}


def lan_address() -> str:
    """This computer's address on its network (a UDP socket "connects" without sending
    anything, which picks the interface a packet out would use)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()


def check_address(host: str, port: int) -> None:
    """Refuse, before printing any URL, an address this computer cannot listen on or a
    port already taken (by another `tally serve`, say: two servers must not share it)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise RuleError("--port", "listen_in_use", port=port, host=host) from None
            raise RuleError("--host", "cannot_listen", host=host, why=exc.strerror) from None


def urls(base: str, keys: Keys, tables: list[int]) -> dict[str, str]:
    """The links `serve` prints. Only `entry` and `tables` (the organiser's) carry the entry
    key; each table's phone page and terminal carry that table's key: whatever is printed
    or shown at a table opens that table and nothing else."""
    out = {"entry": f"{base}/?key={keys.entry}", "board": f"{base}/board?key={keys.board}",
           "tables": f"{base}{TABLES_PATH}?key={keys.entry}"}
    for n in tables:
        out[f"table {n}"] = table_url(base, keys.entry, n)
        out[f"terminal {n}"] = terminal_url(base, keys.entry, n)
    return out


def keys_file(service: Tally) -> Path:
    """Where --keep-keys keeps them: beside the ledger's file, or (a league's server) in the
    user's state folder under the server's and the database's names, wherever `serve` is
    started from (the codes taped to the tables stay good)."""
    path = service.db_file()
    if path is not None:
        return path.with_name(path.name + ".serve-keys")
    from platformdirs import user_state_path

    where = service.where()[1].split("?", 1)[0].split("://", 1)[-1].rsplit("@", 1)[-1]
    name = "".join(c if c.isalnum() or c in "-_." else "_" for c in where) or "tally"
    return user_state_path("tally", appauthor=False) / f"{name}.serve-keys"


def run(service: Tally, db: Path | str, *, host: str, port: int, night: int | None,
        lang: str | None, keep_keys: bool = True, table_codes: bool = False,
        max_tabs: int = MAX_TABS, per_address: int = PER_ADDRESS, new_keys: bool = False,
        print_codes: bool = False, outbox: Outbox | None = None) -> None:
    """`lang` None: the app and board in English, each phone in its browser's language."""
    phone_lang = lang
    lang = lang or "en"
    set_language(lang)
    night_id = night_to_serve(service, night)
    check_address(host, port)
    # kept for the night by default (`keep_keys` is the old flag's name); --new-keys renews
    kept_at = keys_file(service)
    keys = Keys.renewed(kept_at, night_id) if new_keys else Keys.kept(kept_at, night_id)
    public = host not in LOCAL
    shown = (lan_address() if host in ("0.0.0.0", "") else host) if public else "127.0.0.1"
    base = f"http://{'[' + shown + ']' if ':' in shown else shown}:{port}"
    tables = sorted(t.number for t in service.night(night_id).tables)

    found = urls(base, keys, tables)
    if print_codes:
        from .phone.codes import write_sheet

        sheet = write_sheet(kept_at.with_suffix(".codes.html"), service, night_id, found)
        sys.stdout.write(f"codes: {sheet}\n")

    def announce(_: ClubServer) -> None:
        out = sys.stdout
        for name in ("entry", "board"):
            out.write(f"{name}: {found[name]}\n")
        for name in ("entry", "board"):
            out.write(f"\n{name}\n{qr_text(found[name])}")
        out.write(f"\ntables: {found['tables']}\n(every table's code, tables made later "
                  "too: for the organiser, it carries the entry key)\n")
        for n in tables:
            out.write(f"table {n}: {found[f'table {n}']}\n")
            out.write(f"terminal {n}: {found[f'terminal {n}']}\n")
            if table_codes:
                out.write(qr_text(found[f"table {n}"]))
        if public:
            out.write(f"REACHABLE FROM THE NETWORK on {host}:{port}: anyone on this network "
                      "who has a key can open it (plain http: use a network you trust)\n")
        else:
            out.write("only this computer can connect (127.0.0.1); --host 0.0.0.0 lets "
                      "tablets in\n")
        out.write("the entry key records deals at every table (keep it to yourself); a "
                  "table's code and terminal link record at that table only; the board key "
                  "only reads. Ctrl+C stops.\n")
        out.flush()

    ClubServer(db, night_id, keys, host=host, port=port, lang=lang, announce=announce,
               tabs=Tabs(max_tabs, per_address), phone_lang=phone_lang,
               outbox=outbox).serve()
