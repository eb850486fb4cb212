"""Commands about players and seats: players import / list / substitute, seat, seating."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import texts
from db.commands.common import actor_of, emit, format_arg
from db.errors import TournamentError
from db.formats.players_csv import parse_players_csv
from db.formats.text_files import open_input, utf8_lines
from db.read import queries
from db.read.lookup import check_session
from db.read.views import TableSeating, player_order
from db.rules.limits import PLAYERS_CSV_BYTES_MAX
from db.service.players import import_players, substitute_player
from db.service.seats import seat_session, swap_players
from db.service.teammates import teammate_conflicts
from db.storage.database import Database


def cmd_players_import(args: argparse.Namespace, db: Database) -> int:
    # Read as a stream: a file past the limits (rows, bytes) is refused before it is read to the end.
    with open_input(args.file) as f:
        rows = parse_players_csv(utf8_lines(f, args.file, PLAYERS_CSV_BYTES_MAX), source=Path(args.file).name)
    with db.factory.begin() as s:
        counts = import_players(s, rows, actor_of(args))
    print(f"players: {counts.added} added, {counts.updated} updated, {counts.unchanged} unchanged")
    return 0


def cmd_players_list(args: argparse.Namespace, db: Database) -> int:
    with db.reader() as s:
        out = queries.players(s)
    if args.order == "name":
        out = sorted(out, key=lambda p: player_order(p.name, p.number))
    rows: list[dict[str, Any]] = [{"number": p.number, "name": p.name, "team": p.team, "country": p.country,
                                   "substitute": p.substitute, "withdrawn_from": p.withdrawn_from,
                                   "ema_number": p.ema_number, "first_name": p.first_name, "last_name": p.last_name}
                                  for p in out]
    emit(rows, args.format, ("number", "name", "team", "country", "substitute", "withdrawn_from", "ema_number",
                             "first_name", "last_name"))
    return 0


def cmd_players_substitute(args: argparse.Namespace, db: Database) -> int:
    with db.factory.begin() as s:
        substitute_player(s, args.old, args.new, args.from_session, args.reason, actor_of(args))
    print(f"player {args.new} replaces {args.old} from session {args.from_session}")
    return 0


def _seating_json(tables: Sequence[TableSeating], replaces: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """``[{"table", "seats": {"E": number, ...}}]``, and ``"replaces": {substitute: number replaced}`` at a
    table where a substitute sits (``seating`` only)."""
    out: list[dict[str, Any]] = []
    for t in tables:
        row: dict[str, Any] = {"table": t.table, "seats": {w: p.number for w, p in zip("ESWN", t.players, strict=True)}}
        here = {p.number: replaces[p.number] for p in t.players if replaces and p.number in replaces}
        if here:
            row["replaces"] = here
        out.append(row)
    return out


def cmd_seat(args: argparse.Namespace, db: Database) -> int:
    with db.factory.begin() as s:
        if args.swap:
            conflicts = swap_players(s, args.session, args.swap[0], args.swap[1], args.reason, actor_of(args))
            print(f"session {args.session}: players {args.swap[0]} and {args.swap[1]} swapped seats")
        else:
            seat_session(s, args.session, args.method, args.seed, actor_of(args))
            tables = queries.seating(s, args.session)
            conflicts = teammate_conflicts(s, args.session)
            print(f"session {args.session} seated: {len(tables)} table{'' if len(tables) == 1 else 's'}")  # a final: 1 table
    for c in conflicts:
        # Only when the teams cannot be spread wider (or a correction records where players really sat).
        print(texts.translate(texts.env_language(), "warning: teammates share a table: {conflict}", "cli",
                              conflict=c), file=sys.stderr)
    return 0


def cmd_seating(args: argparse.Namespace, db: Database) -> int:
    with db.reader() as s:
        check_session(s, args.session)
        tables = queries.seating(s, args.session)
        replaces = queries.replacements(s, args.session)
        names = {p.number: p.name for p in queries.players(s)}
    if not tables:
        raise TournamentError(code="not_seated_yet", session=args.session)
    rows = [{"table": t.table, **{w: p.number for w, p in zip("ESWN", t.players, strict=True)},
             **{f"{w}_name": p.name for w, p in zip("ESWN", t.players, strict=True)},
             "substitutes": "; ".join(f"{p.number} for {replaces[p.number]} {names.get(replaces[p.number], '')}".rstrip()
                                      for p in t.players if p.number in replaces)} for t in tables]
    cols = ("table", "E", "S", "W", "N") if args.format == "csv" else \
        ("table", "E", "E_name", "S", "S_name", "W", "W_name", "N", "N_name") + (("substitutes",) if replaces else ())
    emit(rows, args.format, cols, json_rows=_seating_json(tables, replaces))
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """``players``, ``seat`` and ``seating``."""
    pl = sub.add_parser("players", help="player list").add_subparsers(dest="players_command", required=True)
    q = pl.add_parser("import", help="add/update players from CSV: number,name[,team][,country][,substitute]"
                                           "[,ema_number][,first_name][,last_name]")
    q.add_argument("file")
    q.set_defaults(func=cmd_players_import)
    q = pl.add_parser("list", help="list players")
    q.add_argument("--order", choices=("number", "name"), default="number",
                   help="by number (default) or in name order (Chinese names by pinyin)")
    format_arg(q)
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
    format_arg(q)
    q.set_defaults(func=cmd_seating)
