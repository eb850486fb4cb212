"""The one reading of the English ``audit_log.what`` that entries written before schema 0007 hold: their place
and message (``db.audit_what``) for the columns that 0007 adds. Used by that migration and by the import of
an export made before it (``db.storage.transfer``), which is the same upgrade of the same rows; nothing else reads
``what`` back (docs/tournament.md "The audit entry as data").

A reading counts only when the message rendered again in English is the stored text exactly, so an entry
this module reads wrong is left without code or place (the Log shows its text as it is, ``db.read.changes``
takes it for "everything"), never given a wrong one.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from typing import Any

from db.audit_what import What

_N = r"(\d{1,9})"  # a session, table, hand or id: within an Integer column

# a pattern over the whole text, and how its groups become the What
_Reading = tuple[re.Pattern[str], Callable[[re.Match[str]], What]]


def _name(text: str) -> str:
    """A name as ``{name!r}`` wrote it (a Python literal)."""
    value = ast.literal_eval(text)
    if not isinstance(value, str):
        raise ValueError(text)
    return value


def _at_table(code: str, param: str | None = None) -> Callable[[re.Match[str]], What]:
    return lambda m: What(code, int(m[1]), int(m[2]), params={param: int(m[3])} if param else {})


def _of_session(code: str) -> Callable[[re.Match[str]], What]:
    return lambda m: What(code, int(m[1]))


def _named(code: str) -> Callable[[re.Match[str]], What]:
    return lambda m: What(code, params={"name": _name(m[1])})


_READINGS: tuple[_Reading, ...] = tuple((re.compile(p), read) for p, read in (
    (rf"session {_N} table {_N} hand {_N}", lambda m: What("hand", int(m[1]), int(m[2]), int(m[3]))),
    (rf"session {_N} table {_N} penalty {_N}", _at_table("penalty", "penalty")),
    (rf"session {_N} table {_N} call {_N}", _at_table("call", "call")),
    (rf"session {_N} table {_N} time called", _at_table("time_called")),
    (rf"session {_N} table {_N} time call confirmed", _at_table("time_call_confirmed")),
    (rf"session {_N} table {_N} device link", _at_table("device_link")),
    (rf"session {_N} table {_N}", _at_table("table")),
    (rf"seating of session {_N}", _of_session("seating")),
    (rf"session {_N}: swap players (.+) and (.+)", lambda m: What("swap", int(m[1]), params={"a": m[2], "b": m[3]})),
    (rf"substitutes in session {_N}", _of_session("stand_ins")),
    (rf"check-in of session {_N}", _of_session("checkin")),
    (rf"session {_N} clock (started|paused|resumed|ended)", lambda m: What(f"clock_{m[2]}", int(m[1]))),
    (rf"session {_N} clock ([+-]\d{{1,9}}) min", lambda m: What("clock_minutes", int(m[1]),
                                                                params={"minutes": int(m[2])})),
    (rf"session {_N} clock: time is up", _of_session("clock_time_up")),
    (rf"player (.+) replaces (.+) from session {_N}",
     lambda m: What("substitute", int(m[3]), player=m[1], params={"other": m[2]})),
    (r"player (.+)", lambda m: What("player", player=m[1])),
    (r"tournament name", lambda m: What("tournament_name")),
    (r"tournament (.+)", _named("tournament")),
    (r"start date", lambda m: What("start_date")),
    (r"rule settings", lambda m: What("rule_settings")),
    (r"clock settings", lambda m: What("clock_settings")),
    (r"check-in and awards rules", lambda m: What("event_rules")),
    (r"balanced seating plan", lambda m: What("seating_plan")),
    (r"players' page", lambda m: What("players_page")),
    (r"stage (.+): tie at the cut decided", _named("stage_tie")),
    (r"stage (.+) added", _named("stage_added")),
    (r"stage (.+) changed", _named("stage_changed")),
    (r"stage (.+) removed", _named("stage_removed")),
    (r"restored from (.*)", lambda m: What("restored", params={"name": m[1]})),
))


def read_what(what: str) -> What | None:
    """The place and message an older entry's ``what`` says, or None when none reads it back exactly."""
    for pattern, read in _READINGS:
        m = pattern.fullmatch(what)
        if m is None:
            continue
        try:
            found = read(m)
        except (ValueError, SyntaxError, MemoryError, RecursionError):  # a name that is no literal
            continue
        if found.english == what:
            return found
    return None


def columns(what: str) -> dict[str, Any]:
    """The 0007 columns of an entry whose English is ``what`` (all None when it cannot be read)."""
    found = read_what(what)
    if found is None:
        return dict.fromkeys(("session", "table_no", "hand", "player", "what_code", "what_params"))
    return found.columns()
