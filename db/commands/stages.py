"""Commands of a staged event: stage add / list / decide, the check-in desk, the awards."""

from __future__ import annotations

import argparse
import sys
from typing import Any

import texts
from db.commands.common import actor_of, emit, format_arg
from db.errors import InputError
from db.messages import render
from db.read import queries
from db.read.games import GAME, in_thousands
from db.read.lookup import check_session
from db.read.views import AwardHand
from db.rules import game_words
from db.rules.stages import Carry, StageSeating, plain
from db.service.checkin import check_in
from db.service.stages import add_stage, change_stage, decide_tie, remove_stage
from db.storage.database import Database


def _span(first: int, count: int) -> str:
    last = first + count - 1
    return f"session{'s' if last > first else ''} {first}{f'–{last}' if last > first else ''}"


def cmd_stage_add(args: argparse.Namespace, db: Database) -> int:
    with db.factory.begin() as s:
        earlier = queries.stages(s)
        field = earlier[-1].cut if earlier else len(queries.players(s))  # who the cut is made from
        first = add_stage(s, args.name, args.sessions, args.cut, args.carry, args.seating, actor_of(args),
                          last_planned=args.last_planned)
    print(f"stage {args.name!r} added: {_span(first, args.sessions)}, top {args.cut}, {args.carry} carried, "
          f"{args.seating} seating")
    if args.last_planned:
        print(f"qualifying: {_span(1, first - 1)}")
    if 0 < field <= args.cut:  # allowed (players may still register), but likely a slip: it cuts nobody
        warning = render("stage_cut_takes_all", {"cut": args.cut, "field": field, "stage": args.name},
                         texts.env_language())
        print(f"mcr-tournament: {warning}", file=sys.stderr)
    return 0


def cmd_stage_change(args: argparse.Namespace, db: Database) -> int:
    with db.factory.begin() as s:
        row = change_stage(s, args.name, new_name=args.rename, sessions=args.sessions, cut=args.cut,
                           carry=args.carry, seating=args.seating, actor=actor_of(args))
        line = (f"stage {row.name!r} changed: {_span(row.first_session, row.sessions)}, top {row.cut}, "
                f"{row.carry} carried, {row.seating} seating")
    print(line)
    return 0


def cmd_stage_remove(args: argparse.Namespace, db: Database) -> int:
    with db.factory.begin() as s:
        total = remove_stage(s, args.name, keep_sessions=args.keep_sessions, actor=actor_of(args))
    print(f"stage {args.name!r} removed: the tournament has {total} session{'s' if total != 1 else ''}")
    return 0


def cmd_stage_list(args: argparse.Namespace, db: Database) -> int:
    with db.reader() as s:
        views = queries.stages(s)
    rows: list[dict[str, Any]] = [
        {"name": v.name, "first_session": v.first_session, "sessions": v.sessions, "cut": v.cut, "carry": v.carry,
         "seating": v.seating, "players": None if v.players is None else list(v.players),
         "tie": {"players": list(v.tied), "places": v.places} if v.tied and v.players is None else None}
        for v in views]
    flat = [{**r, "players": "" if r["players"] is None else " ".join(r["players"]),
             "tie": "" if r["tie"] is None else f"{r['tie']['places']} of {' '.join(r['tie']['players'])}"}
            for r in rows]
    emit(flat, args.format, ("name", "first_session", "sessions", "cut", "carry", "seating", "players", "tie"),
         json_rows=rows)
    return 0


def cmd_stage_decide(args: argparse.Namespace, db: Database) -> int:
    with db.factory.begin() as s:
        decide_tie(s, args.name, args.advance, actor_of(args))
    print(f"stage {args.name!r}: {', '.join(args.advance)} go through")
    return 0


def cmd_checkin(args: argparse.Namespace, db: Database) -> int:
    if args.present or args.absent:
        with db.factory.begin() as s:
            late = check_in(s, args.session, args.present or (), args.absent or (), actor_of(args))
        for number in late:
            print(f"player {number} arrived after the start: the seating of session {args.session} stays")
    with db.reader() as s:
        check_session(s, args.session, "--session")
        desk = queries.checkin(s, args.session)
    data = {"present": list(desk.present), "absent": list(desk.absent), "not_seen": list(desk.not_seen),
            "late": list(desk.late)}
    if args.format == "json":
        emit([], "json", (), json_rows=data)
    elif not (args.present or args.absent) or args.format != "text":
        emit([{"status": k, "count": len(v), "players": " ".join(v)} for k, v in data.items()], args.format,
             ("status", "count", "players"))
    else:
        print(f"session {args.session}: {len(desk.present)} present, {len(desk.absent)} absent, "
              f"{len(desk.not_seen)} not seen yet")
    return 0


def _hand(h: AwardHand) -> dict[str, Any]:
    out: dict[str, Any] = {"session": h.session, "table": h.table, "hand": h.hand, "player": h.player, "name": h.name, "fan": h.fan,
           "fans": [{"id": f.id, "zh": f.zh, "en": f.en, "points": f.points, "count": f.count} for f in h.fans]}
    v = h.value
    if v is not None:  # a game's win: what ranks it (the fans are its yaku, their points the han)
        out.update({"han": v.han, "fu": v.fu, "yakuman": v.yakuman, "limit": v.limit, "points": v.points})
        if v.unit == "total":  # a Chinese system's win: its total, by name as well (``han`` holds it, as before)
            out["total"] = v.han
    return out


def _hand_count(h: AwardHand) -> int | str:
    """A best hand's figure in the text and CSV list: the fan total, or a game's value ("Mangan 5 han")."""
    v = h.value
    if v is None:
        return h.fan
    return texts.said(game_words.win_value(v.han, v.fu, v.yakuman, v.limit, v.unit), texts.env_language())


def cmd_awards(args: argparse.Namespace, db: Database) -> int:
    with db.reader() as s:
        a = queries.awards(s)
    team = a.best_team
    data: dict[str, Any] = {
        "best_hands": [_hand(h) for h in a.best_hands],
        "best_hand_by_session": [_hand(h) for h in a.best_by_session],
        "chicken_hands": [{"player": c.player, "name": c.name, "count": c.count} for c in a.chicken_hands],
        "most_wins": [{"player": c.player, "name": c.name, "count": c.count} for c in a.most_wins],
        "best_team": None if team is None else {"team": team.team, "table_points": team.table_points,
                                                "match_points": team.match_points, "members": list(team.members)},
        "substitutes_count": a.substitutes_count,
    }
    if args.format == "json":
        emit([], "json", (), json_rows=data)
        return 0
    rows: list[dict[str, Any]] = [{"award": "best hand", "session": h.session, "table": h.table, "hand": h.hand, "player": h.player,
             "name": h.name, "count": _hand_count(h)} for h in a.best_hands]
    rows += [{"award": f"best hand of session {h.session}", "session": h.session, "table": h.table, "hand": h.hand,
              "player": h.player, "name": h.name, "count": _hand_count(h)} for h in a.best_by_session]
    rows += [{"award": "chicken hands", "player": c.player, "name": c.name, "count": c.count} for c in a.chicken_hands]
    rows += [{"award": "wins", "player": c.player, "name": c.name, "count": c.count} for c in a.most_wins[:10]]
    if team is not None:
        rows.append({"award": "best team", "name": team.team, "player": " ".join(team.members),
                     "count": team.table_points})
    emit(rows, args.format, ("award", "session", "table", "hand", "player", "name", "count"))
    return 0


def stage_standings_rows(args: argparse.Namespace, db: Database) -> int:
    """``standings --stage NAME``: the keys of ``standings`` plus the carried points."""
    if args.teams:
        raise InputError("--stage", code="stage_teams")
    with db.reader() as s:
        if args.after is not None:
            check_session(s, args.after, "--after")
        st = queries.stage_standings(s, args.stage, args.after)
        game = in_thousands(queries.settings(s))
    rows: list[dict[str, Any]] = [
        {"rank": r.rank, "number": r.number, "name": r.name, "team": r.team, "table_points": r.table_points,
         "match_points": plain(r.match_points),
         "sessions": [{"session": e.session, "table": e.table, "seat": e.seat, "match_points": e.match_points,
                       "table_points": e.table_points} for e in r.sessions],
         "carried_table_points": r.carried_table_points, "carried_match_points": plain(r.carried_match_points)}
        for r in st]
    flat = [{**r, "sessions": len(r["sessions"])} for r in rows]
    columns: tuple[str, ...] = ("rank", "number", "name", "team", "table_points", "match_points", "sessions",
                                "carried_table_points", "carried_match_points")
    if game:  # a game's stage: its score and points, as its standings title them; the JSON keys stay
        renamed = {"table_points": "score", "match_points": "points", "carried_table_points": "carried_score",
                   "carried_match_points": "carried_points"}
        flat = [{renamed.get(k, k): (score_cell(v, args.format) if k in ("table_points", "carried_table_points")
                                     else v) for k, v in r.items()} for r in flat]
        columns = tuple(renamed.get(c, c) for c in columns)
    emit(flat, args.format, columns, json_rows=rows)
    return 0


def score_cell(value: float, fmt: str) -> str | float:
    """A game's score in a stage's ranking: signed for people, with the second decimal a half carried leaves
    ("+11.45"); a number in CSV (a spreadsheet sums it)."""
    return value if fmt == "csv" else GAME.stage_total_text(value)


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """``stage`` (add, change, remove, list, decide), ``awards`` and ``checkin``."""
    sg = sub.add_parser("stage", help="stages and cuts (semi-final, final, ...)").add_subparsers(
        dest="stage_command", required=True)
    q = sg.add_parser("add", help="append a stage after the last session")
    q.add_argument("name")
    q.add_argument("--sessions", type=int, required=True)
    q.add_argument("--cut", type=int, required=True, help="the top N of the previous stage play it")
    q.add_argument("--carry", choices=[str(c) for c in Carry], required=True,
                   help="what is carried of the previous stage's table points and match points")
    q.add_argument("--seating", choices=[str(c) for c in StageSeating], required=True,
                   help="rank: 1–4 at table 1, ...; snake: across the tables; spread: no repeat opponents")
    q.add_argument("--last-planned", action="store_true",
                   help="the stage is the last N planned sessions (taken from the qualifying stage) instead of "
                        "N sessions added after them")
    q.set_defaults(func=cmd_stage_add)
    q = sg.add_parser("change", help="change a stage that has no results yet (later stages move with it)")
    q.add_argument("name")
    q.add_argument("--rename", metavar="NEW_NAME")
    q.add_argument("--sessions", type=int)
    q.add_argument("--cut", type=int)
    q.add_argument("--carry", choices=[str(c) for c in Carry])
    q.add_argument("--seating", choices=[str(c) for c in StageSeating])
    q.set_defaults(func=cmd_stage_change)
    q = sg.add_parser("remove", help="remove a stage that has no results yet (later stages move up)")
    q.add_argument("name")
    q.add_argument("--keep-sessions", action="store_true",
                   help="its sessions go to the stage before it (the qualifying stage for the first) "
                        "instead of being dropped")
    q.set_defaults(func=cmd_stage_remove)
    q = sg.add_parser("list", help="the stages and their players")
    format_arg(q)
    q.set_defaults(func=cmd_stage_list)
    q = sg.add_parser("decide", help="who goes through at a tie on the cut line")
    q.add_argument("name")
    q.add_argument("--advance", nargs="+", required=True, metavar="N")
    q.set_defaults(func=cmd_stage_decide)

    q = sub.add_parser("awards", help="the prize list: best hands, chicken hands, most wins, best team")
    format_arg(q)
    q.set_defaults(func=cmd_awards)

    q = sub.add_parser("checkin", help="the check-in desk: mark players present or absent before a session")
    q.add_argument("--session", type=int, required=True)
    q.add_argument("--present", nargs="+", metavar="N")
    q.add_argument("--absent", nargs="+", metavar="N")
    format_arg(q)
    q.set_defaults(func=cmd_checkin)
