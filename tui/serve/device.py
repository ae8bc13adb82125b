"""One browser tab's app (`python -m tui.serve.device`), started by the club-room server
for each websocket: the served night, or one table of it kept on screen, in the served
language; it asks who keeps the score unless the tab's URL said (`&by=`)."""

from __future__ import annotations

import argparse


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="tui.serve.device")
    parser.add_argument("--db", required=True)
    parser.add_argument("--night", type=int, required=True)
    parser.add_argument("--table", type=int, help="the table's number within the night")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--by")
    parser.add_argument("--server-pid", type=int, help="end when this process is gone")
    args = parser.parse_args(argv)
    if args.server_pid:
        from .orphan import end_with

        end_with(args.server_pid)

    from ..i18n import set_language

    set_language(args.lang)
    from ledger.service import Tally

    from ..app import make_app
    from ..settings import Settings

    service = Tally.open(args.db)
    table_id = None
    if args.table is not None:
        table_id = next(t.id for t in service.night(args.night).tables
                        if t.number == args.table)
    # Settings(): no file, so a tab switching language changes nothing on the host
    make_app(service, start_night=args.night, table_id=table_id, scorekeeper=args.by,
             ask_scorekeeper=True, settings=Settings()).run()


if __name__ == "__main__":
    main()
