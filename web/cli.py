"""Entry point of ``mcr-tournament``: db's commands, the reports layer's (``report``, ``publish``, the
workbook) and this layer's: ``devices`` (each table's link) and ``serve`` (the server for the devices).

    mcr-tournament --db T.mcr devices --session 1 --base-url http://192.168.1.20:8765 [--format json]
    mcr-tournament --db T.mcr devices --session 1 --base-url URL --revoke 3
    mcr-tournament --db T.mcr serve [--host 127.0.0.1] [--port 8765] [--page-rate 10]

It lives here, not in ``reports/cli.py``, because ``reports`` may not import ``web`` (the layer check);
``reports.cli.main`` still runs everything but these two commands.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import math
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from web.defaults import DEFAULT_HOST, DEFAULT_PORT, PAGE_RATE

if TYPE_CHECKING:
    from db.storage.database import Database, Rescue
    from web.limits.guard import Limits

# Only the standard library and web.defaults above: ``--version`` answers before anything else loads, and each
# command loads what it uses when it runs (db and the reports layer in main, the server in cmd_serve).


def cmd_devices(args: argparse.Namespace, db: Database) -> int:
    from db.commands.common import actor_of
    from db.service.devices import check_base_url, device_links, revoke_device

    base = check_base_url(args.base_url)
    with db.factory.begin() as s:
        if args.revoke is not None:
            revoke_device(s, args.session, args.revoke, actor=actor_of(args))
        links = device_links(s, args.session, actor=actor_of(args))
    rows = [{"table": link.table, "token": link.token, "url": link.url(base)} for link in links]
    if args.format == "json":
        print(json.dumps(rows, ensure_ascii=False, indent=1))
    else:
        for row in rows:
            print(f"table {row['table']:>3}  {row['url']}")
    return 0


def cmd_serve(args: argparse.Namespace, db: Database) -> int:
    from db.errors import DamagedDatabaseError, TournamentError
    from web.api.server import ListenError, addresses, console_logging, listen, serve

    problem = db.check_problem()
    if problem is not None:  # a damaged file is said before anything is served: not 500s later
        print(f"mcr-tournament: {DamagedDatabaseError(code='database_malformed', name=db.name)} ({problem})",
              file=sys.stderr)
        return 1
    try:  # bound before anything is printed: a port in use is one line, not "serving…" then a failure
        sock = listen(args.host, args.port)
    except ListenError as exc:
        print(f"mcr-tournament: {exc}", file=sys.stderr)
        return 1
    urls = addresses(args.host, args.port)
    print(f"mcr-tournament: serving the table devices on {', '.join(urls)} (Ctrl+C stops)", flush=True)
    if args.host == DEFAULT_HOST:
        print("  only this computer can connect; use --host 0.0.0.0 for phones on the local network", flush=True)
    guard = db._guard
    if guard is not None:  # the file deleted, moved or replaced under the server: said once, loudly
        guard.check_reads = True
        guard.on_gone = lambda exc: print(f"mcr-tournament: !!! {exc} — the server answers 503 from now on; "
                                          "stop it (Ctrl+C) to save what it holds beside the file", flush=True)
    if db.read_only:
        print(f"  {db.name} is read-only ({db.read_only_reason or 'read-only'}): the tables can read, not record",
              flush=True)
    console_logging()
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn finishes the requests under way, then passes it on
        serve(db, sock, limits=serve_limits(args))
    print("mcr-tournament: server stopped", flush=True)
    with contextlib.suppress(TournamentError):
        db.check_file()
    rescued = db.rescue()
    if rescued is not None:
        for line in rescue_lines(rescued):
            print(f"mcr-tournament: {line}", flush=True)
    return 0


def serve_limits(args: argparse.Namespace) -> Limits:
    """The server's limits with ``--page-rate``: the players' pages a second one address may ask (its burst
    ten seconds' worth, never under the default's)."""
    from web.limits.guard import Limits

    limits, rate = Limits(), getattr(args, "page_rate", None)  # a caller's own Namespace may not have it
    if rate is None:
        return limits
    page = limits.page_budget
    return replace(limits, page_budget=replace(page, rate=rate, burst=max(page.burst, math.ceil(10 * rate))))


def page_rate(text: str) -> float:
    """``--page-rate``: a number of pages a second above 0 (argparse says the rest in one line)."""
    try:
        rate = float(text)
    except ValueError:
        rate = math.nan
    if not (0 < rate <= 10_000):  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"a number of pages a second above 0 (at most 10000): {text!r}")
    return rate


def rescue_lines(rescued: Rescue) -> list[str]:
    """What the console says after a rescue: where everything is, or plainly what is where when the copy saved
    is not complete (it was checked before it is announced)."""
    if rescued.complete and rescued.path is not None:
        return [f"everything the server held is saved in {rescued.path} (checked: it holds every result the "
                "server acknowledged)"]
    lines = ["!!! the copy of what the server held is NOT complete:"]
    if rescued.path is None:
        lines.append("  no copy could be written")
    else:
        held = "unreadable" if rescued.stamp is None else f"up to commit {rescued.stamp.seq}"
        lines.append(f"  {rescued.path} fails the check or misses results ({held}; the server acknowledged up to "
                     f"commit {rescued.acknowledged})")
    if rescued.backup is not None:
        lines.append(f"  the newest backup is {rescued.backup}")
    if rescued.wal is not None:
        lines.append(f"  the results written since the last checkpoint are in {rescued.wal} (kept; no backup could be "
                     "rebuilt with it: ask for help before deleting anything)")
    return lines


def add_web_commands(sub: argparse._SubParsersAction) -> None:
    q = sub.add_parser("devices", help="each table's link for its phone or tablet (printed again the same "
                                       "until revoked)")
    q.add_argument("--session", type=int, required=True)
    q.add_argument("--base-url", required=True, metavar="URL",
                   help="the server's address as the phones reach it, e.g. http://192.168.1.20:8765")
    q.add_argument("--revoke", type=int, metavar="TABLE", help="replace this table's link (the old one stops working)")
    q.add_argument("--format", choices=("text", "json"), default="text", help="output format (default text)")
    q.set_defaults(func=cmd_devices)

    q = sub.add_parser("serve", help="run the server for the table devices (foreground, Ctrl+C stops)")
    q.add_argument("--host", default=DEFAULT_HOST,
                   help=f"address to listen on (default {DEFAULT_HOST}: this computer only; 0.0.0.0: the network)")
    q.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    q.add_argument("--page-rate", type=page_rate, metavar="N",
                   help=f"players' pages a second each client address may ask (default "
                        f"{PAGE_RATE:g}; more for many phones behind one router's address)")
    q.set_defaults(func=cmd_serve)


def app_version() -> str:
    """The installed version (the bundle carries the package's metadata, packaging/mcr-referee.spec)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mcr-referee")
    except PackageNotFoundError:
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    if arguments == ["--version"]:  # the parser's own answer, without loading db and SQLAlchemy to build it
        print(f"mcr-tournament {app_version()}")
        return 0
    from db.commands import cli as db_cli
    from reports.cli import add_publish_commands, add_report_commands

    status = db_cli.main(arguments, extensions=[add_report_commands, add_publish_commands, add_web_commands],
                         version=app_version)
    if argv is None:  # the console script: the process ends now, and what it loaded is freed with it
        # Python's exit collects every object again (0.2-0.4 s after standings, more than its query): objects
        # frozen are left to the end of the process. Not for a caller's main([...]), which lives on.
        gc.freeze()
    return status


if __name__ == "__main__":
    sys.exit(main())
