"""``mcr-tournament``: headless tournament administration (commands other than ``report``).

Every sub-command sets ``func(args, db) -> int`` with ``set_defaults``; :func:`main` opens the database
named by ``--db`` and calls it, so extensions (the reports layer's ``report``) get the opened
:class:`db.store.Database` the same way. Errors go to stderr with exit status 1, never a traceback.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import sys
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from db import queries, service, transfer
from db.errors import InputError, TournamentError
from db.files import write_atomic
from db.models import Penalty, SessionTable
from db.profiles import PROFILES, SeatRotation
from db.safe_text import safe_cell
from db.seating import SeatingError
from db.store import Database, first_line, open_database, to_url
from db.views import HandRow, PenaltyRow, TableSeating

# An extension adds sub-commands to the parser (the reports layer adds ``report``). Its sub-commands set
# ``func`` with ``set_defaults(func=...)``; ``func(args, db)`` receives the opened database.
Extension = Callable[[argparse._SubParsersAction], None]
Command = Callable[[argparse.Namespace, Database], int]

FORMATS = ("json", "csv", "text")


def _fail(message: str) -> int:
    print(f"mcr-tournament: {message}", file=sys.stderr)
    return 1


def _actor(args: argparse.Namespace) -> service.Actor:
    base = service.default_actor()
    return service.Actor(args.station or base.station, args.referee or base.referee)


def _read_text(path: str) -> str:
    try:
        return Path(path).read_bytes().decode("utf-8")
    except FileNotFoundError as exc:
        raise TournamentError(f"{path}: no such file") from exc
    except UnicodeDecodeError as exc:
        raise TournamentError(f"{path}: not UTF-8 text (byte {exc.start}); save it as UTF-8") from exc
    except OSError as exc:
        raise TournamentError(f"{path}: {exc.strerror}") from exc


# ------------------------------------------------------------------------------------------- output


def _emit(rows: list[dict[str, Any]], fmt: str, columns: Sequence[str], json_rows: Any = None) -> None:
    if fmt == "json":
        print(json.dumps(rows if json_rows is None else json_rows, ensure_ascii=False, indent=1))
        return
    table = [[_cell(r.get(c)) for c in columns] for r in rows]
    if fmt == "csv":  # text cells a spreadsheet would run get a ' (db/safe_text.py); numbers stay numbers
        table = [[safe_cell(v) if isinstance(r.get(c), str) else v for c, v in zip(columns, row, strict=True)]
                 for r, row in zip(rows, table, strict=True)]
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(columns)
        w.writerows(table)
        sys.stdout.write(buf.getvalue())
        return
    # Text is for people: leave out columns empty in every row, shorten long cells.
    keep = [i for i in range(len(columns)) if any(row[i] for row in table)] or list(range(len(columns)))
    columns = [columns[i] for i in keep]
    table = [[_shorten(row[i]) for i in keep] for row in table]
    widths = [max([_width(c)] + [_width(row[i]) for row in table]) for i, c in enumerate(columns)]
    for row in [list(columns)] + table:
        print("  ".join(_pad(v, widths[i]) for i, v in enumerate(row)).rstrip())


def _shorten(text: str, limit: int = 100) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _cell(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:g}"
    if isinstance(v, dict | list):
        return json.dumps(v, ensure_ascii=False)
    return str(v)


def _width(text: str) -> int:
    # CJK characters take two columns in a terminal.
    return sum(2 if ord(ch) > 0x2E80 else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


def _fmt_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--format", choices=FORMATS, default="text", help="output format (default text)")


# ----------------------------------------------------------------------------------------- commands


def _date(text: str | None) -> date | None:
    """``--date``: an ISO date, or None when not given."""
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError as exc:
        raise InputError("--date", f"{text!r} is not a date like 2026-05-01") from exc


def cmd_init(args: argparse.Namespace, db: Database) -> int:
    with db.factory.begin() as s:
        service.create_tournament(
            s, args.name, args.profile, sessions=args.sessions, hands_per_session=args.hands_per_session,
            flowers=False if args.no_flowers else None,
            seat_rotation=SeatRotation.FIXED if args.no_seat_changes else None, start_date=_date(args.date),
            actor=_actor(args))
        info = queries.tournament_info(s)
    print(f"created {info.name!r}: profile {info.profile}, {info.sessions} sessions of {info.hands_per_session} "
          f"hands, flowers {'on' if info.flowers else 'off'}")
    return 0


def cmd_settings(args: argparse.Namespace, db: Database) -> int:
    changes = {k: getattr(args, k) for k in ("name", "sessions", "hands_per_session") if getattr(args, k) is not None}
    if args.flowers is not None:
        changes["flowers"] = args.flowers
    if args.seat_changes is not None:
        changes["seat_rotation"] = SeatRotation.ROTATE if args.seat_changes else SeatRotation.FIXED
    if (start := _date(args.date)) is not None:
        changes["start_date"] = start
    if changes:
        with db.factory.begin() as s:
            service.update_settings(s, actor=_actor(args), **changes)
    with db.reader() as s:
        info = queries.tournament_info(s)
        data = {"name": info.name, "start_date": None if info.start_date is None else info.start_date.isoformat(),
                **queries.settings(s).to_json(), "frozen": service.has_results(s)}
    print(json.dumps(data, ensure_ascii=False, indent=1))
    return 0


def cmd_players_import(args: argparse.Namespace, db: Database) -> int:
    rows = service.parse_players_csv(_read_text(args.file), source=Path(args.file).name)
    with db.factory.begin() as s:
        counts = service.import_players(s, rows, _actor(args))
    print(f"players: {counts.added} added, {counts.updated} updated, {counts.unchanged} unchanged")
    return 0


def cmd_players_list(args: argparse.Namespace, db: Database) -> int:
    with db.reader() as s:
        out = queries.players(s)
    rows: list[dict[str, Any]] = [{"number": p.number, "name": p.name, "team": p.team, "country": p.country,
                                   "substitute": p.substitute, "withdrawn_from": p.withdrawn_from} for p in out]
    _emit(rows, args.format, ("number", "name", "team", "country", "substitute", "withdrawn_from"))
    return 0


def cmd_players_substitute(args: argparse.Namespace, db: Database) -> int:
    with db.factory.begin() as s:
        service.substitute_player(s, args.old, args.new, args.from_session, args.reason, _actor(args))
    print(f"player {args.new} replaces {args.old} from session {args.from_session}")
    return 0


def _seating_json(tables: Sequence[TableSeating]) -> list[dict[str, Any]]:
    return [{"table": t.table, "seats": {w: p.number for w, p in zip("ESWN", t.players, strict=True)}}
            for t in tables]


def cmd_seat(args: argparse.Namespace, db: Database) -> int:
    with db.factory.begin() as s:
        if args.swap:
            conflicts = service.swap_players(s, args.session, args.swap[0], args.swap[1], args.reason,
                                             _actor(args))
            print(f"session {args.session}: players {args.swap[0]} and {args.swap[1]} swapped seats")
        else:
            service.seat_session(s, args.session, args.method, args.seed, _actor(args))
            tables = queries.seating(s, args.session)
            conflicts = service.teammate_conflicts(s, args.session)
            print(f"session {args.session} seated: {len(tables)} tables")
    for c in conflicts:
        # Only when the teams cannot be spread wider (or a correction records where players really sat).
        print(f"warning: teammates share a table: {c} / 同队选手同桌", file=sys.stderr)
    return 0


def cmd_seating(args: argparse.Namespace, db: Database) -> int:
    with db.reader() as s:
        service._check_session(s, args.session)
        tables = queries.seating(s, args.session)
    if not tables:
        raise TournamentError(f"session {args.session} is not seated yet: run `seat {args.session}`")
    rows = [{"table": t.table, **{w: p.number for w, p in zip("ESWN", t.players, strict=True)},
             **{f"{w}_name": p.name for w, p in zip("ESWN", t.players, strict=True)}} for t in tables]
    cols = ("table", "E", "S", "W", "N") if args.format == "csv" else \
        ("table", "E", "E_name", "S", "S_name", "W", "W_name", "N", "N_name")
    _emit(rows, args.format, cols, json_rows=_seating_json(tables))
    return 0


def _result_lines(db: Database, path: str, atomic: bool, actor: service.Actor) -> int:
    text = _read_text(path)
    name = Path(path).name
    report = service.LineReport()
    seen: dict[Any, int] = {}

    def one(s: Any, lineno: int, obj: Any) -> str:
        if isinstance(obj, json.JSONDecodeError):
            raise InputError(None, f"not valid JSON ({obj.msg} at column {obj.colno})")
        line = service.parse_result_line(obj)
        key = service.result_line_key(line)
        occurrence = 1
        if key is not None:
            seen[key] = seen.get(key, 0) + 1
            occurrence = seen[key]
        return service.record_result(s, line, actor=actor, occurrence=occurrence)

    def tally(outcome: str) -> None:
        if outcome == "recorded":
            report.recorded += 1
        else:
            report.skipped += 1

    def reject(lineno: int, exc: TournamentError) -> None:
        report.rejected += 1
        report.errors.append(f"{name} line {lineno}: {exc}")
        print(report.errors[-1], file=sys.stderr)

    if atomic:
        class _Rollback(Exception):
            pass

        try:
            with db.factory.begin() as s:
                for lineno, obj in service.iter_jsonl(text):
                    try:
                        with s.begin_nested():
                            tally(one(s, lineno, obj))
                    except TournamentError as exc:
                        reject(lineno, exc)
                if report.rejected:
                    raise _Rollback
        except _Rollback:
            print(f"results: nothing recorded (--atomic): {report.rejected} line(s) rejected", file=sys.stderr)
            return 1
    else:
        for lineno, obj in service.iter_jsonl(text):
            try:
                with db.factory.begin() as s:  # one transaction per line
                    tally(one(s, lineno, obj))
            except TournamentError as exc:
                reject(lineno, exc)
    print(f"results: {report.recorded} recorded, {report.skipped} skipped, {report.rejected} rejected")
    return 1 if report.rejected else 0


def cmd_results_import(args: argparse.Namespace, db: Database) -> int:
    return _result_lines(db, args.file, args.atomic, _actor(args))


def hand_json(h: HandRow, seats: TableSeating) -> dict[str, Any]:
    nums = [p.number for p in seats.players]
    d: dict[str, Any] = {"session": h.session, "table": h.table, "hand": h.hand, "type": h.kind,
                         "prevailing": h.prevailing, "dealer": nums[h.dealer],
                         "winds": dict(zip(nums, h.winds, strict=True))}
    if h.kind == "win":
        assert h.winner is not None
        d["winner"] = nums[h.winner]
        d["discarder"] = None if h.discarder is None else nums[h.discarder]
        d["self_drawn"] = h.self_drawn
        d["fan"] = h.fan_total
        d["flowers"] = h.flowers if h.flowers_known else None
        if h.notation:
            d["notation"] = h.notation
        d["fans"] = [{"id": f.id, "zh": f.zh, "en": f.en, "points": f.points, "count": f.count} for f in h.fans]
    d["payments"] = dict(zip(nums, h.deltas, strict=True))
    return d


def penalty_json(p: PenaltyRow) -> dict[str, Any]:
    d: dict[str, Any] = {"session": p.session, "table": p.table, "type": "penalty", "id": p.id,
                         "player": p.player.number, "points": p.points, "kind": p.kind,
                         "settlement": {"to": p.to_player.number} if p.to_player else p.settlement,
                         "reason": p.reason}
    if p.hand is not None:
        d["hand"] = p.hand
    return d


def cmd_results_list(args: argparse.Namespace, db: Database) -> int:
    with db.reader() as s:
        sessions = [args.session] if args.session else queries.seated_sessions(s)
        items: list[tuple[tuple[int, int, float, int], dict[str, Any]]] = []
        for k in sessions:
            for sheet in queries.table_sheets(s, k):
                seats = TableSeating(sheet.session, sheet.table, sheet.players)
                nums = [p.number for p in sheet.players]
                for h in sheet.hands:
                    items.append(((k, sheet.table, h.hand, 0), hand_json(h, seats)))
                for p in sheet.penalties:
                    d = penalty_json(p)
                    d["payments"] = dict(zip(nums, p.deltas, strict=True))
                    items.append(((k, sheet.table, (p.hand or 0) + 0.5, p.id), d))
                if sheet.time_called_after is not None:
                    items.append(((k, sheet.table, 10**6, 0),  # the session ends: last at its table
                                  {"session": k, "table": sheet.table, "type": "time_called",
                                   "after_hand": sheet.time_called_after}))
    rows = [d for _k, d in sorted(items, key=lambda kv: kv[0])]
    if args.format != "json":
        flat = []
        for d in rows:
            f = dict(d)
            if d["type"] == "win":
                f["fans"] = " ".join(f"{x['en']}{'×' + str(x['count']) if x['count'] > 1 else ''}" for x in d["fans"])
            f["payments"] = " ".join(f"{n}:{v:+d}" for n, v in d.get("payments", {}).items())
            f["winds"] = " ".join(f"{n}:{w}" for n, w in d.get("winds", {}).items())
            flat.append(f)
        rows_out = flat
    else:
        rows_out = rows
    _emit(rows_out, args.format, ("session", "table", "hand", "type", "prevailing", "dealer", "winds", "winner",
                                  "discarder", "fan", "flowers", "fans", "player", "points", "settlement",
                                  "reason", "after_hand", "payments"), json_rows=rows)
    return 0


def cmd_results_correct(args: argparse.Namespace, db: Database) -> int:
    actor = _actor(args)
    if (args.line is None) == (not args.delete):
        raise InputError("--line", "give either --line JSON (the new result) or --delete")
    new: Any = None
    if args.line is not None:
        try:
            obj = json.loads(args.line)
        except json.JSONDecodeError as exc:
            raise InputError("--line", f"not valid JSON ({exc.msg})") from exc
        if not isinstance(obj, dict):
            raise InputError("--line", "must be one JSON object")
    with db.factory.begin() as s:
        if args.penalty is not None:
            if args.delete:
                service.delete_penalty(s, args.penalty, args.reason, expected_version=args.expected_version,
                                       actor=actor)
            else:
                row = s.get(Penalty, args.penalty)
                if row is None:
                    raise InputError("--penalty", f"no penalty with id {args.penalty}")
                tbl = s.get(SessionTable, row.table_id)
                assert tbl is not None
                obj.setdefault("type", "penalty")
                obj.setdefault("session", tbl.session)
                obj.setdefault("table", tbl.table_no)
                new = service.parse_result_line(obj).result
                if not isinstance(new, service.PenaltyInput):
                    raise InputError("type", "a penalty can only be corrected into a penalty")
                service.correct_penalty(s, args.penalty, new, args.reason, expected_version=args.expected_version,
                                        actor=actor)
            print(f"penalty {args.penalty} {'deleted' if args.delete else 'corrected'}")
            return 0
        if args.session is None or args.table is None:
            raise InputError("--session", "name the result: --session S --table T --hand H, "
                                          "--session S --table T --time-called, or --penalty ID")
        if args.time_called:
            if not args.delete:
                raise InputError("--time-called", "a time call can only be cancelled (--delete); then record it again")
            service.cancel_time_called(s, args.session, args.table, args.reason,
                                       expected_version=args.expected_version, actor=actor)
            print(f"session {args.session} table {args.table}: time call cancelled")
            return 0
        if args.hand is None:
            raise InputError("--hand", "which hand? (--hand H)")
        if args.delete:
            service.delete_hand(s, args.session, args.table, args.hand, args.reason,
                                expected_version=args.expected_version, actor=actor)
        else:
            obj.setdefault("session", args.session)
            obj.setdefault("table", args.table)
            obj.setdefault("hand", args.hand)
            line = service.parse_result_line(obj)
            if (line.session, line.table, line.hand) != (args.session, args.table, args.hand):
                raise InputError("--line", "session/table/hand in the line differ from the options")
            if not isinstance(line.result, service.WinInput | service.DrawInput):
                raise InputError("type", "a hand can only be corrected into a win or a draw")
            service.correct_hand(s, args.session, args.table, args.hand, line.result, args.reason,
                                 expected_version=args.expected_version, actor=actor)
    print(f"session {args.session} table {args.table} hand {args.hand} {'deleted' if args.delete else 'corrected'}")
    return 0


def cmd_standings(args: argparse.Namespace, db: Database) -> int:
    with db.reader() as s:
        if args.teams:
            teams = queries.team_standings(s, args.after)
            rows: list[dict[str, Any]] = [{"rank": t.rank, "team": t.team, "table_points": t.table_points, "match_points": t.match_points,
                     "members": list(t.members)} for t in teams]
            _emit([{**r, "members": " ".join(r["members"])} for r in rows], args.format,
                  ("rank", "team", "table_points", "match_points", "members"), json_rows=rows)
            return 0
        st = queries.standings(s, args.after)
    rows2: list[dict[str, Any]] = [{"rank": r.rank, "number": r.number, "name": r.name, "team": r.team, "table_points": r.table_points,
             "match_points": r.match_points,
             "sessions": [{"session": e.session, "table": e.table, "seat": e.seat, "match_points": e.match_points,
                           "table_points": e.table_points} for e in r.sessions]} for r in st]
    flat = [{**r, "sessions": len(r["sessions"])} for r in rows2]
    _emit(flat, args.format, ("rank", "number", "name", "team", "table_points", "match_points", "sessions"),
          json_rows=rows2)
    return 0


def cmd_check(args: argparse.Namespace, db: Database) -> int:
    from db.check import check

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
    with db.reader() as s:
        text = transfer.export_json(s)
    write_atomic(args.file, text)  # a failure leaves the previous export as it was
    print(f"exported to {args.file}")
    return 0


def cmd_import(args: argparse.Namespace, db: Database) -> int:
    try:
        data = json.loads(_read_text(args.file))
    except json.JSONDecodeError as exc:
        raise TournamentError(f"{args.file}: not valid JSON (line {exc.lineno}: {exc.msg})") from exc
    with db.factory.begin() as s:
        transfer.import_data(s, data)
        service.audit(s, _actor(args), "import", f"restored from {Path(args.file).name}")
    print(f"imported {args.file}")
    return 0


def cmd_backup(args: argparse.Namespace, db: Database) -> int:
    if args.list:
        from db.backups import list_backups

        if db.path is None:
            raise TournamentError("--list shows the backups of a tournament file")
        for b in list_backups(db.path, args.dir):
            print(f"{b.taken_at:%Y-%m-%d %H:%M:%SZ}  {b.kind + (str(b.session) if b.session else ''):9}  "
                  f"{b.size // 1024 + 1:7d} KiB  {b.path}")
        return 0
    target = transfer.backup(db, args.dir)
    print(f"backup written to {target}")
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
    _emit(rows, args.format, ("id", "at", "station", "referee", "action", "what", "reason", "before", "after"))
    return 0


def cmd_demo(args: argparse.Namespace, db: Database) -> int:
    from db.demo import fill_demo

    with db.factory.begin() as s:
        fill_demo(s, _actor(args))
    print("demo tournament created: 16 players, session 1 played, session 2 seated")
    return 0


# ------------------------------------------------------------------------------------------- parser

CREATES = {"init", "import", "demo"}  # commands that may create a new database file
# Commands that only read: opened read-only (no write lock, no migration, no backups).
READS = {"standings", "check", "export", "backup", "seating", "log", "report", "players list", "results list"}


def build_parser(extensions: Sequence[Extension] = ()) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="mcr-tournament", description="MCR tournament administration.")
    p.add_argument("--db", help="SQLite file path or SQLAlchemy URL (postgresql+psycopg://user:pw@host/db)")
    p.add_argument("--station", default="", help="station name for the audit log (default: host name)")
    p.add_argument("--referee", default="", help="referee name for the audit log (default: $MCR_REFEREE, else $USER or %%USERNAME%%)")
    sub = p.add_subparsers(dest="command", required=True)

    q = sub.add_parser("init", help="create a tournament")
    q.add_argument("--name", required=True)
    q.add_argument("--profile", choices=sorted(PROFILES), default="cmr1998")
    q.add_argument("--sessions", type=int)
    q.add_argument("--hands-per-session", type=int)
    q.add_argument("--no-flowers", action="store_true")
    q.add_argument("--no-seat-changes", action="store_true", help="players keep their starting seat all session")
    q.add_argument("--date", help="first day, YYYY-MM-DD")
    q.set_defaults(func=cmd_init)

    q = sub.add_parser("settings", help="show the tournament settings, or change them before the first result")
    q.add_argument("--name")
    q.add_argument("--sessions", type=int)
    q.add_argument("--hands-per-session", type=int)
    q.add_argument("--flowers", action=argparse.BooleanOptionalAction, default=None)
    q.add_argument("--seat-changes", action=argparse.BooleanOptionalAction, default=None,
                   help="players move seats before each wind round (--no-seat-changes: they keep them)")
    q.add_argument("--date", help="first day, YYYY-MM-DD")
    q.set_defaults(func=cmd_settings)

    pl = sub.add_parser("players", help="player list").add_subparsers(dest="players_command", required=True)
    q = pl.add_parser("import", help="add/update players from CSV: number,name[,team][,country]")
    q.add_argument("file")
    q.set_defaults(func=cmd_players_import)
    q = pl.add_parser("list", help="list players")
    _fmt_arg(q)
    q.set_defaults(func=cmd_players_list)
    q = pl.add_parser("substitute", help="NEW replaces OLD from a session on")
    q.add_argument("old")
    q.add_argument("new")
    q.add_argument("--from-session", type=int, required=True)
    q.add_argument("--reason")
    q.set_defaults(func=cmd_players_substitute)

    q = sub.add_parser("seat", help="seat a session (or swap two players)")
    q.add_argument("session", type=int)
    q.add_argument("--method", choices=("balanced", "standings"), default="balanced")
    q.add_argument("--seed", type=int)
    q.add_argument("--swap", nargs=2, metavar=("A", "B"), help="swap the seats of players A and B")
    q.add_argument("--reason", help="required for a swap once the session has results")
    q.set_defaults(func=cmd_seat)

    q = sub.add_parser("seating", help="show a session's seating")
    q.add_argument("session", type=int)
    _fmt_arg(q)
    q.set_defaults(func=cmd_seating)

    rs = sub.add_parser("results", help="hand results").add_subparsers(dest="results_command", required=True)
    q = rs.add_parser("import", help="record results from a JSON-lines file")
    q.add_argument("file")
    q.add_argument("--atomic", action="store_true", help="all or nothing: record nothing if any line is rejected")
    q.set_defaults(func=cmd_results_import)
    q = rs.add_parser("list", help="every hand with winds, fans and payments")
    q.add_argument("--session", type=int)
    _fmt_arg(q)
    q.set_defaults(func=cmd_results_list)
    q = rs.add_parser("correct", help="change or delete one recorded result (audited)")
    q.add_argument("--session", type=int)
    q.add_argument("--table", type=int)
    q.add_argument("--hand", type=int)
    q.add_argument("--penalty", type=int, metavar="ID", help="a penalty, by the id `results list` shows")
    q.add_argument("--time-called", action="store_true", help="the table's time call")
    q.add_argument("--line", help="the new result as a JSON result line")
    q.add_argument("--delete", action="store_true")
    q.add_argument("--reason", required=True)
    q.add_argument("--expected-version", type=int, help="refuse if the table changed since this version")
    q.set_defaults(func=cmd_results_correct)

    q = sub.add_parser("standings", help="individual or team ranking")
    q.add_argument("--after", type=int, metavar="SESSION")
    q.add_argument("--teams", action="store_true")
    _fmt_arg(q)
    q.set_defaults(func=cmd_standings)

    sub.add_parser("check", help="integrity and invariants").set_defaults(func=cmd_check)
    q = sub.add_parser("export", help="complete JSON export")
    q.add_argument("file")
    q.set_defaults(func=cmd_export)
    q = sub.add_parser("import", help="restore a JSON export into a new database")
    q.add_argument("file")
    q.set_defaults(func=cmd_import)
    q = sub.add_parser("backup", help="consistent copy of the live database (default: into FILE.backups/)")
    q.add_argument("dir", nargs="?", help="folder for the copy (default: the backups folder beside the file)")
    q.add_argument("--list", action="store_true", help="list the backups (automatic and manual) instead")
    q.set_defaults(func=cmd_backup)
    q = sub.add_parser("log", help="the audit log")
    _fmt_arg(q)
    q.set_defaults(func=cmd_log)
    sub.add_parser("demo", help="fill a new database with the demo tournament").set_defaults(func=cmd_demo)

    for extend in extensions:
        extend(sub)
    return p


def main(argv: Sequence[str] | None = None, extensions: Sequence[Extension] = ()) -> int:
    args = build_parser(extensions).parse_args(argv)
    func: Command | None = getattr(args, "func", None)
    if func is None:
        return _fail(f"the command {args.command!r} is not available")
    if not args.db:
        return _fail("no database: give --db PATH_OR_URL (a file such as tournament.sqlite, "
                     "or postgresql+psycopg://user:password@host/dbname)")
    try:
        url = to_url(args.db)
        if url.get_backend_name() == "sqlite" and args.command not in CREATES \
                and url.database and not Path(url.database).exists():
            return _fail(f"{args.db}: no such database; create it with `init` (or `import`, `demo`)")
        sub_command = getattr(args, f"{args.command}_command", None)
        reads = args.command in READS or f"{args.command} {sub_command}" in READS
        with open_database(args.db, create=args.command in CREATES, writable=not reads) as db:
            return func(args, db)
    except (TournamentError, SeatingError) as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        return _fail("interrupted")
    except BrokenPipeError:
        # The reader (e.g. `| head`) stopped listening: not an error of ours.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:  # noqa: BLE001 - the CLI promise: a message, never a traceback
        return _fail(f"unexpected error: {type(exc).__name__}: {first_line(exc)}")


if __name__ == "__main__":
    sys.exit(main())
