"""``calls``: the referee calls from the tables, for the desk and for the figures after the event.

    mcr-tournament --db T.mcr calls [--open] [--format json]
    mcr-tournament --db T.mcr calls take ID --referee NAME
    mcr-tournament --db T.mcr calls resolve ID --ruling TEXT [--penalty PID] [--hand H]
    mcr-tournament --db T.mcr calls --summary --format json
"""

from __future__ import annotations

import argparse
import json

from db.commands.common import actor_of, emit
from db.service.audit import Actor
from db.service.calls import calls_summary, list_calls, resolve_call, take_call
from db.storage.database import Database

COLUMNS = ("id", "session", "table", "reason", "status", "called_at", "taken_by", "ruling", "penalty_id", "hand",
           "note")


def cmd_calls(args: argparse.Namespace, db: Database) -> int:
    command = getattr(args, "calls_command", None)
    if command == "take":
        base = actor_of(args)
        with db.factory.begin() as s:
            call = take_call(s, args.id, args.taker, actor=Actor(base.station, args.taker))
        print(f"call {call.id}: table {call.table} taken by {call.taken_by}")
        return 0
    if command == "resolve":
        with db.factory.begin() as s:
            call = resolve_call(s, args.id, args.ruling, penalty=args.penalty, hand=args.hand, actor=actor_of(args))
        print(f"call {call.id}: table {call.table} resolved")
        return 0
    with db.reader() as s:
        if args.summary:
            print(json.dumps(calls_summary(s), ensure_ascii=False, indent=1))
            return 0
        rows = [c.to_json() for c in list_calls(s, open_only=args.open)]
    emit(rows, args.format, COLUMNS)
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    q = sub.add_parser("calls", help="the tables' referee calls: list, take, resolve, summary")
    q.add_argument("--open", action="store_true", help="only the calls still waiting (open or taken)")
    q.add_argument("--summary", action="store_true", help="calls per table, waiting times, rulings by reason")
    q.add_argument("--format", choices=("json", "csv", "text"), default="text", help="output format (default text)")
    q.set_defaults(func=cmd_calls)
    calls_sub = q.add_subparsers(dest="calls_command")
    t = calls_sub.add_parser("take", help="a referee takes a call (the table sees them on the way)")
    t.add_argument("id", type=int)
    t.add_argument("--referee", dest="taker", required=True, metavar="NAME")
    r = calls_sub.add_parser("resolve", help="close a call with the ruling")
    r.add_argument("id", type=int)
    r.add_argument("--ruling", required=True, metavar="TEXT")
    r.add_argument("--penalty", type=int, metavar="PID", help="the penalty the ruling caused")
    r.add_argument("--hand", type=int, metavar="H", help="the hand it was about")
