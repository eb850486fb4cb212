"""Commands about the tournament as a whole: init, settings, check, export, import, log, demo."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from db.actions import AuditAction
from db.audit_what import What
from db.commands.common import actor_of, date_arg, emit, format_arg
from db.errors import InputError, TournamentError
from db.formats.ema_csv import export_ema
from db.formats.text_files import read_utf8
from db.messages import render
from db.read import queries
from db.read.check import check
from db.read.game_state import missing_rules, optional_rules
from db.read.games import game_problems, is_game
from db.read.lookup import has_results
from db.rules.limits import LINE_DEPTH_MAX, long_number
from db.rules.profiles import PROFILES, NoShow, SeatRotation
from db.service.audit import audit
from db.service.demo import fill_demo
from db.service.public_page import public_settings, set_public_settings
from db.service.stages import set_event_rules
from db.service.tournament import create_tournament, update_settings
from db.storage import transfer
from db.storage.database import Database
from db.storage.files import write_atomic


def cmd_init(args: argparse.Namespace, db: Database) -> int:
    with db.factory.begin() as s:
        create_tournament(
            s, args.name, args.profile, sessions=args.sessions, hands_per_session=args.hands_per_session,
            flowers=False if args.no_flowers else None,
            seat_rotation=SeatRotation.FIXED if args.no_seat_changes else None, start_date=date_arg(args.date),
            actor=actor_of(args))
        if args.rule:
            update_settings(s, rules=rule_values(args.rule), actor=actor_of(args))
        info = queries.tournament_info(s)
    print(f"created {info.name!r}: profile {info.profile}, {info.sessions} sessions of {info.hands_per_session} "
          f"hands, flowers {'on' if info.flowers else 'off'}")
    return 0


def rule_values(items: list[str]) -> dict[str, Any]:
    """``--rule NAME=VALUE`` options as the rule system's values, each VALUE read as JSON (else as text)."""
    out: dict[str, Any] = {}
    for item in items:
        name, eq, text = item.partition("=")
        if not eq or not name.strip():
            raise InputError("--rule", code="rule_form", value=item[:60])
        try:
            out[name.strip()] = json.loads(text)
        except ValueError:
            out[name.strip()] = text
    return out


def cmd_settings(args: argparse.Namespace, db: Database) -> int:
    changes = {k: getattr(args, k) for k in ("name", "sessions", "hands_per_session") if getattr(args, k) is not None}
    if args.flowers is not None:
        changes["flowers"] = args.flowers
    if args.seat_changes is not None:
        changes["seat_rotation"] = SeatRotation.ROTATE if args.seat_changes else SeatRotation.FIXED
    if (start := date_arg(args.date)) is not None:
        changes["start_date"] = start
    if args.rule:
        changes["rules"] = rule_values(args.rule)
    if changes:
        with db.factory.begin() as s:
            update_settings(s, actor=actor_of(args), **changes)
    if args.public_page is not None or args.hide_standings_after is not None:  # never frozen (docs/web.md)
        with db.factory.begin() as s:
            public = {} if args.hide_standings_after is None else {"hide_standings_after": args.hide_standings_after}
            set_public_settings(s, enabled=None if args.public_page is None else args.public_page == "on",
                                actor=actor_of(args), **public)
    if args.no_show is not None or args.substitute_awards is not None:
        with db.factory.begin() as s:
            set_event_rules(s, no_show=args.no_show, substitute_awards=args.substitute_awards, actor=actor_of(args))
    with db.reader() as s:
        info = queries.tournament_info(s)
        pub = public_settings(s)
        data = {"name": info.name, "start_date": None if info.start_date is None else info.start_date.isoformat(),
                **queries.settings(s).to_json(), "frozen": has_results(s),
                "public_page": pub.enabled, "hide_standings_after": pub.hide_standings_after}
        gone = missing_rules(queries.settings(s))
        defaults = optional_rules(queries.settings(s))
    if gone:  # a rule system's numbers the organiser must type before the first session (issue 33)
        data["missing_rules"] = [{"name": n, "why": why} for n, why in gone]
    if defaults:  # the values it gives a default for, as they are now (鸡平胡's base and cap)
        data["optional_rules"] = [{"name": n, "value": v, "why": why} for n, v, why in defaults]
    print(json.dumps(data, ensure_ascii=False, indent=1))
    return 0


def cmd_check(args: argparse.Namespace, db: Database) -> int:
    with db.reader() as s:
        problems = check(s)
    if problems:
        for p in problems:
            print(p, file=sys.stderr)
        print(f"check: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print("check: no problems")
    return 0


def cmd_export(args: argparse.Namespace, db: Database) -> int:
    """``export FILE``: the complete JSON export; ``--format ema``: the EMA results file."""
    if getattr(args, "format", None) == "ema":
        with db.reader() as s:
            data = export_ema(s)  # refuses (naming the tables) before anything is written
        write_atomic(args.file, data)
        print(f"EMA results written to {args.file}")
        return 0
    with db.reader() as s:
        text = transfer.export_json(s)
    write_atomic(args.file, text)  # a failure leaves the previous export as it was
    print(f"exported to {args.file}")
    return 0


def cmd_import(args: argparse.Namespace, db: Database) -> int:
    try:
        data = json.loads(text := read_utf8(args.file))
    except json.JSONDecodeError as exc:
        raise TournamentError(code="file_not_json", path=args.file, line=exc.lineno, problem=exc.msg) from exc
    except ValueError as exc:  # a number of more than 4300 digits: no export has one
        problem, line, _column = long_number(text)
        raise TournamentError(code="file_not_json", path=args.file, line=line, problem=problem) from exc
    except RecursionError as exc:  # arrays nested thousands deep: an export nests five
        raise TournamentError(code="file_not_json", path=args.file, line=1,
                              problem=render("line_too_deep", {"limit": LINE_DEPTH_MAX})) from exc
    with db.factory.begin() as s:
        transfer.import_data(s, data)
        if is_game(queries.settings(s)) and (problems := game_problems(s)):  # each game must play as stored
            raise TournamentError(code="export_inconsistent", problem=problems[0])
        # A file name may hold bytes that are not UTF-8 (a surrogate in Python): stored as \udcff, not refused.
        name = Path(args.file).name.encode("utf-8", "backslashreplace").decode("utf-8")
        audit(s, actor_of(args), AuditAction.IMPORT, What("restored", params={"name": name}))
    print(f"imported {args.file}")
    return 0


def cmd_log(args: argparse.Namespace, db: Database) -> int:
    with db.reader() as s:
        entries = queries.audit_log(s)
    rows: list[dict[str, Any]] = [{"id": e.id, "at": e.at.isoformat(sep=" "), "station": e.station, "referee": e.referee,
             "action": e.action, "what": e.what, "before": e.before, "after": e.after, "reason": e.reason}
            for e in entries]
    if args.format == "json":
        for r in rows:
            r["before"] = None if r["before"] is None else json.loads(r["before"])
            r["after"] = None if r["after"] is None else json.loads(r["after"])
    emit(rows, args.format, ("id", "at", "station", "referee", "action", "what", "reason", "before", "after"))
    return 0


def cmd_demo(args: argparse.Namespace, db: Database) -> int:
    with db.factory.begin() as s:
        fill_demo(s, actor_of(args))
    print("demo tournament created: 16 players, session 1 played, session 2 seated")
    return 0


EXPORT_FORMATS = ("json", "ema")  # the reports layer adds "xlsx" to the parser's copy


def add_setup_parsers(sub: argparse._SubParsersAction) -> None:
    """``init`` and ``settings``."""
    q = sub.add_parser("init", help="create a tournament")
    q.add_argument("--name", required=True)
    q.add_argument("--profile", choices=sorted(PROFILES), default="cmr1998")
    q.add_argument("--sessions", type=int)
    q.add_argument("--hands-per-session", type=int)
    q.add_argument("--no-flowers", action="store_true")
    q.add_argument("--no-seat-changes", action="store_true", help="players keep their starting seat all session")
    q.add_argument("--date", help="first day, YYYY-MM-DD")
    q.add_argument("--rule", action="append", metavar="NAME=VALUE",
                   help="a value of the rule system, e.g. a Riichi preset's red_fives=true or "
                        "uma=[20000,10000,-10000,-20000] (docs/riichi.md); before the first result")
    q.set_defaults(func=cmd_init)

    q = sub.add_parser("settings", help="show the tournament settings, or change them before the first result")
    q.add_argument("--name")
    q.add_argument("--sessions", type=int)
    q.add_argument("--hands-per-session", type=int)
    q.add_argument("--flowers", action=argparse.BooleanOptionalAction, default=None)
    q.add_argument("--seat-changes", action=argparse.BooleanOptionalAction, default=None,
                   help="players move seats before each wind round (--no-seat-changes: they keep them)")
    q.add_argument("--date", help="first day, YYYY-MM-DD")
    q.add_argument("--rule", action="append", metavar="NAME=VALUE",
                   help="a value of the rule system, e.g. a Riichi preset's red_fives=true or "
                        "uma=[20000,10000,-10000,-20000] (docs/riichi.md); before the first result")
    q.add_argument("--public-page", choices=("on", "off"), help="the players' page (GET / of the server)")
    q.add_argument("--hide-standings-after", type=int, metavar="N",
                   help="the players' page shows the standings after session N until the end (0: live again)")
    q.add_argument("--no-show", choices=[str(n) for n in NoShow],
                   help="a no-show at check-in: a substitute of the pool takes the seat, or the session is re-planned")
    q.add_argument("--substitute-awards", action=argparse.BooleanOptionalAction, default=None,
                   help="whether a substitute's hands count for the awards")
    q.set_defaults(func=cmd_settings)


def add_store_parsers(sub: argparse._SubParsersAction) -> None:
    """``check``, ``export`` and ``import``."""
    sub.add_parser("check", help="integrity and invariants").set_defaults(func=cmd_check)
    q = sub.add_parser("export", help="complete JSON export, or the EMA results file (--format ema)")
    q.add_argument("file")
    q.add_argument("--format", choices=list(EXPORT_FORMATS), default=None,
                   help="json: the complete, re-importable export (default); ema: the EMA results CSV "
                        "(Place, names, EMA number, table points, score, member, country)")
    q.set_defaults(func=cmd_export)
    q = sub.add_parser("import", help="restore a JSON export into a new database")
    q.add_argument("file")
    q.set_defaults(func=cmd_import)


def add_log_parsers(sub: argparse._SubParsersAction) -> None:
    """``log`` and ``demo``."""
    q = sub.add_parser("log", help="the audit log")
    format_arg(q)
    q.set_defaults(func=cmd_log)
    sub.add_parser("demo", help="fill a new database with the demo tournament").set_defaults(func=cmd_demo)
