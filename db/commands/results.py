"""Commands about results: results import / list / correct, and standings."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import texts
from db.commands.common import actor_of, emit, format_arg
from db.commands.stages import score_cell, stage_standings_rows
from db.errors import InputError
from db.formats.result_import import import_result_lines, parse_json_line
from db.formats.result_lines import hand_json, parse_result_line, penalty_json
from db.formats.text_files import byte_lines, open_input
from db.read import queries
from db.read.games import game_hand_json, game_line_wins, game_sheets, in_thousands, is_game
from db.read.lookup import check_session, penalty_place
from db.read.views import StagePlace, TableSeating, staged
from db.rules.limits import LINE_BYTES_MAX
from db.rules.stages import plain
from db.service.corrections import (
    cancel_time_called,
    correct_hand,
    correct_penalty,
    delete_hand,
    delete_penalty,
)
from db.service.games import correct_game_hand, delete_game_hand
from db.service.outcomes import DrawInput, PenaltyInput, WinInput
from db.service.results import sign_off
from db.storage.database import Database

if TYPE_CHECKING:
    from scoring.played import LineWin


def cmd_results_import(args: argparse.Namespace, db: Database) -> int:
    with open_input(args.file) as f:  # each line decoded and judged alone (a bad byte rejects its line only)
        report = import_result_lines(db, byte_lines(f, args.file, line_limit=LINE_BYTES_MAX), Path(args.file).name, atomic=args.atomic,
                                     actor=actor_of(args), on_reject=lambda message: print(message, file=sys.stderr))
    if report.rolled_back:
        print(f"results: nothing recorded (--atomic): {report.rejected} line(s) rejected", file=sys.stderr)
        return 1
    print(f"results: {report.recorded} recorded, {report.skipped} skipped, {report.rejected} rejected")
    return 1 if report.rejected else 0


def cmd_results_list(args: argparse.Namespace, db: Database) -> int:
    with db.reader() as s:
        if args.session is not None:  # --session 0 listed every session, --session 99 nothing
            check_session(s, args.session, "--session")
        sessions = [args.session] if args.session is not None else queries.seated_sessions(s)
        items: list[tuple[tuple[int, int, float, int], dict[str, Any]]] = []
        st = queries.settings(s)
        game = is_game(st)
        for k in sessions:
            if game:  # a game table's hands, with the state each started from (db.read.games)
                items.extend(_game_items(s, k))
                continue
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
    wins = game_line_wins(st) if game else None  # where a game's line holds its wins: its rule system knows
    rows_out = rows if args.format == "json" else [_flat(d, wins) for d in rows]
    columns: tuple[str, ...] = ("session", "table", "hand", "type", "prevailing", "dealer", "winds", "winner",
                                "discarder", "fan", "flowers", "fans", "player", "points", "settlement", "reason",
                                "after_hand", "payments")
    if game:  # a game's hands say the state they started from and who declared riichi
        columns = ("session", "table", "hand", "round", "dealer", "honba", "deposits", "type", "riichi", "winner",
                   "discarder", "fan", "player", "points", "settlement", "reason", "after_hand", "payments")
    emit(rows_out, args.format, columns, json_rows=rows)
    return 0


def _flat(d: dict[str, Any], wins: Callable[[dict[str, Any]], Sequence[LineWin]] | None) -> dict[str, Any]:
    """A ``results list`` row as one line of text or CSV: the winners and their values, the payments; ``wins``
    finds a game table's wins in its line (its rule system's ``line_wins``), None for MCR's rows."""
    f = dict(d)
    won = () if wins is None else wins(d)
    if won:  # a game table's wins, in the order they were won: each winner with the value paid
        f["winner"] = " ".join(w.player for w in won)
        f["fan"] = " ".join(_value_text(w.part) for w in won)
    if d["type"] == "win":
        f["fans"] = " ".join(f"{x['en']}{'×' + str(x['count']) if x['count'] > 1 else ''}" for x in d["fans"])
    f["payments"] = " ".join(f"{n}:{v:+d}" for n, v in (d.get("payments") or d.get("deltas") or {}).items())
    if "riichi" in d:
        f["riichi"] = " ".join(map(str, d["riichi"]))
    f["winds"] = " ".join(f"{n}:{w}" for n, w in d.get("winds", {}).items())
    return f


def _value_text(w: dict[str, Any]) -> str:
    """A winner's value in the text list: "3/40" (han/fu), a limit's name, or "Y1" (yakuman); a Chinese system's
    total ("T24")."""
    if "total" in w:
        return f"T{w['total']}"
    if w.get("yakuman"):
        return f"Y{w['yakuman']}"
    return str(w["limit"]) if w.get("limit") and not w.get("fu") else f"{w['han']}/{w['fu']}"


def _game_items(s: Any, k: int) -> list[tuple[tuple[int, int, float, int], dict[str, Any]]]:
    """``results list``'s items of a session whose tables play a game: hands, time calls, penalties."""
    items: list[tuple[tuple[int, int, float, int], dict[str, Any]]] = []
    numbers: dict[int, list[str]] = {}
    for gs in game_sheets(s, k):
        numbers[gs.table] = [x.number for x in gs.players]
        items.extend(((k, gs.table, h.hand, 0), game_hand_json(gs, h)) for h in gs.hands)
        if gs.time_called_after is not None:
            items.append(((k, gs.table, 10**6, 0), {"session": k, "table": gs.table, "type": "time_called",
                                                    "after_hand": gs.time_called_after}))
    for p in queries.penalties(s, k):
        d = penalty_json(p)
        d["payments"] = dict(zip(numbers[p.table], p.deltas, strict=True))
        items.append(((k, p.table, (p.hand or 0) + 0.5, p.id), d))
    return items


def _correct_penalty(args: argparse.Namespace, db: Database, obj: Any) -> int:
    with db.factory.begin() as s:
        if args.delete:
            delete_penalty(s, args.penalty, args.reason, expected_version=args.expected_version,
                           actor=actor_of(args))
        else:
            session, table = penalty_place(s, args.penalty, "--penalty")
            obj.setdefault("type", "penalty")
            obj.setdefault("session", session)
            obj.setdefault("table", table)
            new = parse_result_line(obj).result
            if not isinstance(new, PenaltyInput):
                raise InputError("type", code="penalty_into_penalty")
            correct_penalty(s, args.penalty, new, args.reason, expected_version=args.expected_version,
                            actor=actor_of(args))
    print(f"penalty {args.penalty} {'deleted' if args.delete else 'corrected'}")
    return 0


def cmd_results_correct(args: argparse.Namespace, db: Database) -> int:
    actor = actor_of(args)
    if (args.line is None) == (not args.delete):
        raise InputError("--line", code="correct_line_or_delete")
    obj: Any = None
    if args.line is not None:
        obj = parse_json_line(args.line, "--line")  # the limits of a result line in a file
        if not isinstance(obj, dict):
            raise InputError("--line", code="option_not_object")
    if args.penalty is not None:
        return _correct_penalty(args, db, obj)
    with db.factory.begin() as s:
        if args.session is None or args.table is None:
            raise InputError("--session", code="correct_which")
        if args.time_called:
            if not args.delete:
                raise InputError("--time-called", code="time_call_only_cancel")
            cancel_time_called(s, args.session, args.table, args.reason,
                               expected_version=args.expected_version, actor=actor)
            print(f"session {args.session} table {args.table}: time call cancelled")
            return 0
        if args.hand is None:
            raise InputError("--hand", code="which_hand")
        if is_game(queries.settings(s)):  # a game table: its rule system reads the line, later hands re-derived
            if args.delete:
                delete_game_hand(s, args.session, args.table, args.hand, args.reason,
                                 expected_version=args.expected_version, actor=actor)
            else:
                place = (obj.get("session", args.session), obj.get("table", args.table), obj.get("hand", args.hand))
                if place != (args.session, args.table, args.hand):  # a typo would overwrite another hand
                    raise InputError("--line", code="line_options_differ")
                correct_game_hand(s, args.session, args.table, args.hand, obj, args.reason,
                                  expected_version=args.expected_version, actor=actor)
        elif args.delete:
            delete_hand(s, args.session, args.table, args.hand, args.reason,
                        expected_version=args.expected_version, actor=actor)
        else:
            obj.setdefault("session", args.session)
            obj.setdefault("table", args.table)
            obj.setdefault("hand", args.hand)
            line = parse_result_line(obj)
            if (line.session, line.table, line.hand) != (args.session, args.table, args.hand):
                raise InputError("--line", code="line_options_differ")
            if not isinstance(line.result, WinInput | DrawInput):
                raise InputError("type", code="hand_into_hand")
            correct_hand(s, args.session, args.table, args.hand, line.result, args.reason,
                         expected_version=args.expected_version, actor=actor)
    print(f"session {args.session} table {args.table} hand {args.hand} {'deleted' if args.delete else 'corrected'}")
    return 0


def cmd_results_sign_off(args: argparse.Namespace, db: Database) -> int:
    with db.factory.begin() as s:
        sign_off(s, args.session, args.table, not args.undo, reason=args.reason,
                 expected_version=args.expected_version, actor=actor_of(args))
    done = "sign-off withdrawn" if args.undo else "signed off"
    print(f"session {args.session} table {args.table}: {done}")
    return 0


def cmd_standings(args: argparse.Namespace, db: Database) -> int:
    if args.stage is not None:
        return stage_standings_rows(args, db)
    with db.reader() as s:
        if args.after is not None:  # --after 0, -5 or 99 showed the standings of every session
            check_session(s, args.after, "--after")
        if args.teams:
            teams = queries.team_standings(s, args.after)
            rows: list[dict[str, Any]] = [{"rank": t.rank, "team": t.team, "table_points": t.table_points, "match_points": t.match_points,
                     "members": list(t.members)} for t in teams]
            flat = [{**r, "members": " ".join(r["members"])} for r in rows]
            columns: tuple[str, ...] = ("rank", "team", "table_points", "match_points", "members")
            if in_thousands(queries.settings(s)):  # titled as a game's individual standings; the JSON keys stay,
                # their values with one decimal as the individuals' (a third of a deposit: 62666.7)
                rows = [{**r, "table_points": _tenth(r["table_points"]), "match_points": _raw(r["match_points"])}
                        for r in rows]
                flat = [{"rank": r["rank"], "team": r["team"], "score": _score_cell(r["table_points"], args.format),
                         "points": _raw(r["match_points"]), "members": r["members"]} for r in flat]
                columns = ("rank", "team", "score", "points", "members")
            emit(flat, args.format, columns, json_rows=rows)
            _provisional(db, args)
            return 0
        st = queries.standings(s, args.after)
        subs = queries.substitutes_played(s, args.after)
        game = in_thousands(queries.settings(s))
    if game:  # a game's standings: the score in thousands, each session's points, uma and penalty (issue 32)
        return _game_standings(args, st)
    rows2: list[dict[str, Any]] = [{"rank": r.rank, "number": r.number, "name": r.name, "team": r.team, "table_points": r.table_points,
             "match_points": r.match_points,
             "sessions": [{"session": e.session, "table": e.table, "seat": e.seat, "match_points": e.match_points,
                           "table_points": e.table_points} for e in r.sessions],
             **({} if r.stage is None else {"stage": _stage_place(r.stage)})} for r in st]
    columns = ("rank", "number", "name", "team", "table_points", "match_points", "sessions")
    flat = [{**r, "sessions": len(r["sessions"])} for r in rows2]
    if staged(st):  # a staged event: what places each player, after the columns that were (docs/tournament.md)
        columns += STAGE_COLUMNS
        flat = [{**{k: v for k, v in r.items() if k != "stage"},
                 **dict(zip(STAGE_COLUMNS, r["stage"].values(), strict=True))} for r in flat]
    emit(flat, args.format, columns, json_rows=rows2)
    _provisional(db, args)
    # substitutes are not ranked (docs/tournament.md): named after the table, on stderr for csv and json
    line = queries.substitutes_text(subs, texts.env_language())
    if line:
        print(line, file=sys.stdout if args.format == "text" else sys.stderr)
    return 0


def _tenth(value: float) -> float:
    return round(value + 0.0, 1) + 0.0  # -0.0 shown as 0.0


def _game_standings(args: argparse.Namespace, st: list[Any]) -> int:
    rows = [{"rank": r.rank, "number": r.number, "name": r.name, "team": r.team, "score": _tenth(r.table_points),
             "sessions": [{"session": e.session, "table": e.table, "seat": e.seat,
                           "raw": _raw(e.result.raw if e.result else e.match_points),
                           "uma": _tenth(float(e.result.uma) if e.result else 0.0),
                           "penalty": _tenth(float(e.result.penalty) if e.result else 0.0),
                           "score": _tenth(e.table_points)} for e in r.sessions],
             **({} if r.stage is None else {"stage": _stage_place(r.stage)})} for r in st]
    flat = [{**r, "score": f"{r['score']:+.1f}", "sessions": len(r["sessions"])} for r in rows]
    columns: tuple[str, ...] = ("rank", "number", "name", "team", "score", "sessions")
    if staged(st):  # what places each player, after the columns that were, titled as the game counts
        columns += GAME_STAGE_COLUMNS
        flat = [{**{k: v for k, v in r.items() if k != "stage"}, **_game_stage_cells(r["stage"], args.format)}
                for r in flat]
    emit(flat, args.format, columns, json_rows=rows)
    return 0


GAME_STAGE_COLUMNS = ("stage", "stage_score", "stage_points", "carried_score", "carried_points")


def _game_stage_cells(stage: dict[str, Any], fmt: str) -> dict[str, Any]:
    """A staged game's text/CSV stage columns from its JSON ``"stage"``: the score signed in text."""
    cells = dict(zip(GAME_STAGE_COLUMNS, stage.values(), strict=True))
    for k in ("stage_score", "carried_score"):
        cells[k] = score_cell(cells[k], fmt)
    return cells


def _score_cell(value: float, fmt: str) -> str | float:
    """A score in thousands: signed for people ("+63.2"), a number in CSV (a spreadsheet sums it)."""
    return _tenth(value) if fmt == "csv" else f"{_tenth(value):+.1f}"


def _raw(value: Any) -> int | float:
    """A session's points: whole, or with the share of leftover deposits tied firsts split (one decimal)."""
    v = float(value)
    return int(v) if v == int(v) else round(v, 1)


STAGE_COLUMNS = ("stage", "stage_table_points", "stage_match_points", "carried_table_points", "carried_match_points")


def _stage_place(p: StagePlace) -> dict[str, Any]:
    """A staged event's ``"stage"`` of a standings row: the stage reached (``qualifying`` for those cut at the
    first stage), that stage's totals (carried points included: what places the player) and the carried part."""
    return {"name": p.stage, "table_points": p.table_points, "match_points": plain(p.match_points),
            "carried_table_points": p.carried_table_points, "carried_match_points": plain(p.carried_match_points)}


def _provisional(db: Database, args: argparse.Namespace) -> None:
    """A ranking that counts tables still playing says so, in the environment's language: a line after the
    text table; for csv and json on stderr, so their contract (columns, keys) stays as it is."""
    with db.reader() as s:
        line = queries.provisional_text(queries.still_playing(s, args.after), texts.env_language())
    if line:
        print(line, file=sys.stdout if args.format == "text" else sys.stderr)


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """``results`` (import, list, correct) and ``standings``."""
    rs = sub.add_parser("results", help="hand results").add_subparsers(dest="results_command", required=True)
    q = rs.add_parser("import", help="record results from a JSON-lines file")
    q.add_argument("file")
    q.add_argument("--atomic", action="store_true", help="all or nothing: record nothing if any line is rejected")
    q.set_defaults(func=cmd_results_import)
    q = rs.add_parser("list", help="every hand with winds, fans and payments")
    q.add_argument("--session", type=int)
    format_arg(q)
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
    q = rs.add_parser("sign-off", help="sign a table's score sheet off (a reason is needed when hands are missing)")
    q.add_argument("--session", type=int, required=True)
    q.add_argument("--table", type=int, required=True)
    q.add_argument("--reason", help="why the table ended early (needed when hands are missing; audited)")
    q.add_argument("--undo", action="store_true", help="withdraw the sign-off")
    q.add_argument("--expected-version", type=int, help="refuse if the table changed since this version")
    q.set_defaults(func=cmd_results_sign_off)

    q = sub.add_parser("standings", help="individual or team ranking")
    q.add_argument("--after", type=int, metavar="SESSION")
    q.add_argument("--teams", action="store_true")
    q.add_argument("--stage", metavar="NAME", help="the ranking of one stage, with the points it carried")
    format_arg(q)
    q.set_defaults(func=cmd_standings)
