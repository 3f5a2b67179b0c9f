"""``arbiter serve`` and ``arbiter deputy``: the hall on the local network (issue 31), over the services.

arbiter --db open.db serve --port 8080                 # players' pages, hall screens, deputies' entry
arbiter --db open.db deputy add "Ann Lee" --boards 1-40 --hours 12 [--qr]
arbiter --db open.db deputy list
arbiter --db open.db deputy revoke "Ann Lee"
arbiter --db open.db deputy conflicts
arbiter --db open.db deputy decide 3 --take           # or --keep: the result on the board stays
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from arbiter_app import services as sv
from arbiter_app.cli.confirm import YES_HELP, confirming
from arbiter_app.errors import ArbiterError
from arbiter_app.hall.address import WRITES_PER_MINUTE
from arbiter_app.services import deputies as dp
from arbiter_app.services.files import Database


def _boards(text: str) -> tuple[int, int]:
    try:
        return dp.parse_boards(text)
    except ArbiterError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _hours(text: str) -> float:
    try:
        hours = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of hours: {text[:30]!r}") from None
    if not 0 < hours <= dp.MAX_HOURS:
        raise argparse.ArgumentTypeError(f"hours: more than 0, at most {dp.MAX_HOURS}")
    return hours


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not {text[:30]!r}")
    return int(text)


def _rate(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 0 < int(text) <= 1_000_000:
        raise argparse.ArgumentTypeError(f"a number of results from 1 to 1,000,000, not {text[:30]!r}")
    return int(text)


def add_commands(sub: Any, common: argparse.ArgumentParser) -> None:
    """The ``serve`` and ``deputy`` commands on the ``arbiter`` parser."""
    p = sub.add_parser("serve", parents=[common], help="serve the players' pages, the hall screens and the deputies' "
                       "result entry on the local network, until Ctrl+C")  # fmt: skip
    p.set_defaults(run=_serve)
    p.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every network of this "
                   "machine; 127.0.0.1: this machine only)")  # fmt: skip
    p.add_argument("--port", type=_port, default=8080)
    p.add_argument(
        "--writes-per-minute",
        type=_rate,
        default=WRITES_PER_MINUTE,
        metavar="N",
        help=f"results one address, and one deputy, may send a minute (default {WRITES_PER_MINUTE})",
    )
    deputy = sub.add_parser("deputy", parents=[common], help="deputies entering results from the hall's network")
    dsub = deputy.add_subparsers(dest="deputy_command", required=True, parser_class=type(common))
    q = dsub.add_parser("add", parents=[common], help="a deputy's link (shown once): his boards, for some hours")
    q.set_defaults(run=_add)
    q.add_argument("name")
    q.add_argument("--boards", type=_boards, required=True, metavar="FIRST-LAST")
    q.add_argument("--hours", type=_hours, default=12.0)
    q.add_argument(
        "--address",
        default="",
        metavar="http://HOST:PORT",
        help="the server's address in the link (default: this machine on port 8080)",
    )
    q.add_argument("--qr", action="store_true", help="print the link as a QR code too")
    dsub.add_parser("list", parents=[common], help="the deputies and their links' state").set_defaults(run=_list)
    q = dsub.add_parser("revoke", parents=[common], help="a deputy's link stops working")
    q.set_defaults(run=_revoke)
    q.add_argument("deputy", help="number (deputy list) or name")
    q = dsub.add_parser("conflicts", parents=[common], help="results deputies sent over one already entered")
    q.set_defaults(run=_conflicts)
    q.add_argument("--all", action="store_true", help="every result deputies sent")
    q = dsub.add_parser("decide", parents=[common], help="take a deputy's result, or keep the one on the board")
    q.set_defaults(run=_decide)
    q.add_argument("conflict", type=int)
    how = q.add_mutually_exclusive_group(required=True)
    how.add_argument("--take", action="store_true", help="the deputy's result replaces the one on the board")
    how.add_argument("--keep", action="store_true", help="the result on the board stays")
    q.add_argument("--yes", action="store_true", help=YES_HELP)


def _tid(db: Database, a: argparse.Namespace) -> int:
    """The tournament of the file (``--tournament`` when it holds several)."""
    return sv.only_tournament(db, getattr(a, "tournament", None)).id


def _serve(db: Database, a: argparse.Namespace) -> int:
    from arbiter_app.hall.address import lan_address
    from arbiter_app.hall.server import serve

    tid = _tid(db, a)
    shown = lan_address() if a.host in ("0.0.0.0", "::") else a.host

    def started() -> None:
        print(f"serving the hall's pages at http://{shown}:{a.port}/ (hall screens: /screen); Ctrl+C stops",
              flush=True)  # fmt: skip

    try:
        serve(db, tid, a.host, a.port, a.writes_per_minute, on_started=started)
    except KeyboardInterrupt:  # uvicorn stops, then passes the Ctrl+C on
        pass
    print("the hall's pages are no longer served", flush=True)
    return 0


def _add(db: Database, a: argparse.Namespace) -> int:
    new = dp.add_deputy(db, _tid(db, a), a.name, a.boards, a.hours)
    if a.address:
        base = a.address.rstrip("/")
    else:
        from arbiter_app.hall.address import DEFAULT_PORT, lan_address

        base = f"http://{lan_address()}:{DEFAULT_PORT}"
    link = f"{base}/deputy/{new.token}"
    d = new.deputy
    print(f"deputy {d.id} {d.name}: boards {d.boards} until {d.expires_at:%Y-%m-%d %H:%M} UTC")
    print(f"link (shown once, give it to {d.name} only): {link}")
    if a.qr:
        import segno

        segno.make(link, error="m").terminal(out=sys.stdout, compact=True)
    return 0


def _list(db: Database, a: argparse.Namespace) -> int:
    deputies = dp.list_deputies(db, _tid(db, a))
    if not deputies:
        print("no deputies")
    for d in deputies:
        state = "revoked" if d.revoked_at is not None else "active" if d.is_active() else "expired"
        print(f"{d.id:>3}  {d.name:<30} boards {d.boards:<9} until {d.expires_at:%Y-%m-%d %H:%M} UTC  {state}")
    return 0


def _revoke(db: Database, a: argparse.Namespace) -> int:
    d = dp.revoke_deputy(db, _tid(db, a), a.deputy)
    print(f"deputy {d.id} {d.name}: link revoked")
    return 0


def _conflicts(db: Database, a: argparse.Namespace) -> int:
    entries = dp.list_conflicts(db, _tid(db, a), all_entries=a.all)
    if not entries:
        print("no conflicts" if not a.all else "no results sent by deputies")
    for e in entries:
        kept = f"; on the board: {e.previous}" if e.previous else ""
        print(f"{e.id:>4}  round {e.round} board {e.board}: {e.deputy} sent {e.result}{kept}  [{e.status}]")
    return 0


def _decide(db: Database, a: argparse.Namespace) -> int:
    e = confirming(lambda level: dp.decide_conflict(db, _tid(db, a), a.conflict, a.take, confirmed=level), a.yes)
    print(f"round {e.round} board {e.board}: {e.deputy}'s {e.result} {'taken' if a.take else 'refused'}")
    return 0
