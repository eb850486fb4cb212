"""``clock``: the session clock without a screen (start, pause, resume, add, end, status; confirm; settings).

Every command except ``settings`` reads the clock afterwards and, at zero, rings the bell
(``db.service.clock.ring_bell``) before printing its status, so the command line is one more station.
"""

from __future__ import annotations

import argparse
import json
from datetime import datetime

from db.commands.common import actor_of
from db.errors import InputError
from db.rules.clock import ClockView, format_remaining
from db.rules.profiles import EndPolicy
from db.service.clock import (
    add_time,
    checked_moment,
    clock_view,
    confirm_time_call,
    end_clock,
    owed_confirmations,
    pause_clock,
    resume_clock,
    ring_bell,
    set_clock_settings,
    start_clock,
)
from db.storage.database import Database


def _at(text: str | None) -> datetime | None:
    """``--at``: an ISO time (UTC when it names no zone) within a day of now, or None for now."""
    return checked_moment(text) if text else None


def _text(view: ClockView, owed: list[int], called: list[int]) -> str:
    lines = [f"session {view.session}: {view.state.replace('_', ' ')}, {format_remaining(view.remaining_s)} left "
             f"of {format_remaining(view.length_s)}"]
    for w in view.warnings:
        lines.append(f"  warning at {format_remaining(w.at_s)} left: {'passed' if w.passed else 'to come'}")
    for t in view.tables:
        if t.extra_s:
            lines.append(f"  table {t.table}: +{format_remaining(t.extra_s)}, {format_remaining(t.remaining_s)} left")
    if called:
        lines.append(f"  time is up: time called at table(s) {', '.join(map(str, called))}")
    if owed:
        lines.append(f"  to confirm by the referee: table(s) {', '.join(map(str, owed))}")
    return "\n".join(lines)


def cmd_clock(args: argparse.Namespace, db: Database) -> int:
    now = _at(getattr(args, "at", None))
    actor = actor_of(args)
    action = args.clock_command
    with db.factory.begin() as s:
        if action == "start":
            start_clock(s, args.session, minutes=args.minutes, now=now, actor=actor)
        elif action == "pause":
            pause_clock(s, args.session, now=now, actor=actor)
        elif action == "resume":
            resume_clock(s, args.session, now=now, actor=actor)
        elif action == "add":
            add_time(s, args.session, args.minutes, table=args.table, now=now, actor=actor)
        elif action == "end":
            end_clock(s, args.session, now=now, actor=actor)
        elif action == "confirm":
            confirm_time_call(s, args.session, args.table, args.after_hand, now=now, actor=actor)
        called = ring_bell(s, args.session, now=now, actor=actor)
        view = clock_view(s, args.session, now)
        owed = owed_confirmations(s, args.session)
    if getattr(args, "format", "text") == "json":
        print(json.dumps(view.to_json(), ensure_ascii=False, indent=1))
    else:
        print(_text(view, owed, called))
    return 0


def cmd_clock_settings(args: argparse.Namespace, db: Database) -> int:
    marks = None if args.warnings is None else [_whole(m) for m in args.warnings.split(",") if m.strip()]
    with db.factory.begin() as s:
        st = set_clock_settings(s, session_minutes=args.session_minutes, warnings=marks, end_policy=args.end_policy,
                                actor=actor_of(args))
    print(json.dumps({"session_minutes": st.session_minutes, "warnings_min": [w // 60 for w in st.clock_warnings],
                      "end_policy": str(st.end_policy)}, indent=1))
    return 0


def _whole(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError as exc:
        shown = text if len(text) <= 40 else text[:39] + "…"  # a mark of 5,000 digits is not repeated whole
        raise InputError("--warnings", code="clock_warning_marks", marks=shown) from exc


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """``clock start|pause|resume|add|end|status|confirm|settings``."""
    ck = sub.add_parser("clock", help="the session clock (stored: every station sees the same time)")
    cs = ck.add_subparsers(dest="clock_command", required=True)
    helps = {"start": "start the session's clock", "pause": "pause it", "resume": "resume it after a pause",
             "add": "add minutes to the session, or to one table (--table)", "end": "end the session's time now",
             "status": "the time left, the warnings and each table's time (rings the bell at zero)",
             "confirm": "the referee confirms the bell's time call at a table: the last hand that counts"}
    for name, text in helps.items():
        q = cs.add_parser(name, help=text)
        q.add_argument("--session", type=int, required=True)
        if name in ("start", "add"):
            q.add_argument("--minutes", type=int, required=name == "add",
                           help="session length (default: the rule profile's)" if name == "start"
                           else "minutes to add (negative takes time back)")
        if name in ("add", "confirm"):
            q.add_argument("--table", type=int, required=name == "confirm")
        if name == "confirm":
            q.add_argument("--after-hand", type=int, required=True)
        q.add_argument("--at", metavar="TIME", help="as of this time (ISO, UTC unless it names a zone) instead of now")
        q.add_argument("--format", choices=("json", "text"), default="text", help="output format (default text)")
        q.set_defaults(func=cmd_clock)
    q = cs.add_parser("settings", help="session length, warning marks, end-of-time policy (shown, or changed)")
    q.add_argument("--session-minutes", type=int)
    q.add_argument("--warnings", metavar="MIN,MIN", help="warning marks in minutes left, e.g. 15,5")
    q.add_argument("--end-policy", choices=[str(p) for p in EndPolicy],
                   help="stop_now (Green Book, R98: the hand in progress scores nothing) or finish_hand "
                        "(EMA practice: a hand begun is finished)")
    q.set_defaults(func=cmd_clock_settings)
