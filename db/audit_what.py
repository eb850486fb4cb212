"""What an audit entry is about, as data: its place (session, table, hand, player) and a message code with
its parameters, rendered in any language through the catalogue (msgctxt "log_what").

The store keeps the place in columns of ``audit_log`` (``session``, ``table_no``, ``hand``, ``player``) and
the message as ``what_code`` + ``what_params`` (the parameters besides the place, JSON), so a reader asks
the columns (``db.read.changes``, the corrected hands of a sheet) and the desk's Log says the entry in the
user's language (``referee_app.words.log_words``); no English text is read back. The English rendering is also
stored in ``what``, exactly as before, for the log command and the export (a contract, docs/tournament.md).
Each template below is the English the services wrote before the columns existed, so ``what`` is unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import texts
from texts import NC_

CONTEXT = "log_what"

#: code → English template (the catalogue's msgid, msgctxt "log_what"); fields: the place (``session``,
#: ``table``, ``hand``, ``player``) and the code's parameters
TEMPLATES: dict[str, str] = {
    # --- a table of a session
    "hand": NC_("log_what", "session {session} table {table} hand {hand}"),
    "table": NC_("log_what", "session {session} table {table}"),
    "penalty": NC_("log_what", "session {session} table {table} penalty {penalty}"),
    "time_called": NC_("log_what", "session {session} table {table} time called"),
    "time_call_confirmed": NC_("log_what", "session {session} table {table} time call confirmed"),
    "device_link": NC_("log_what", "session {session} table {table} device link"),
    "call": NC_("log_what", "session {session} table {table} call {call}"),
    # --- a session
    "seating": NC_("log_what", "seating of session {session}"),
    "swap": NC_("log_what", "session {session}: swap players {a} and {b}"),
    "stand_ins": NC_("log_what", "substitutes in session {session}"),
    "checkin": NC_("log_what", "check-in of session {session}"),
    "clock_started": NC_("log_what", "session {session} clock started"),
    "clock_paused": NC_("log_what", "session {session} clock paused"),
    "clock_resumed": NC_("log_what", "session {session} clock resumed"),
    "clock_ended": NC_("log_what", "session {session} clock ended"),
    "clock_minutes": NC_("log_what", "session {session} clock {minutes:+d} min"),
    "clock_time_up": NC_("log_what", "session {session} clock: time is up"),
    # --- a player
    "player": NC_("log_what", "player {player}"),
    "substitute": NC_("log_what", "player {player} replaces {other} from session {session}"),
    # --- the tournament
    "tournament": NC_("log_what", "tournament {name!r}"),
    "tournament_name": NC_("log_what", "tournament name"),
    "start_date": NC_("log_what", "start date"),
    "rule_settings": NC_("log_what", "rule settings"),
    "clock_settings": NC_("log_what", "clock settings"),
    "event_rules": NC_("log_what", "check-in and awards rules"),
    "seating_plan": NC_("log_what", "balanced seating plan"),
    "players_page": NC_("log_what", "players' page"),
    "stage_added": NC_("log_what", "stage {name!r} added"),
    "stage_changed": NC_("log_what", "stage {name!r} changed"),
    "stage_removed": NC_("log_what", "stage {name!r} removed"),
    "stage_tie": NC_("log_what", "stage {name!r}: tie at the cut decided"),
    "restored": NC_("log_what", "restored from {name}"),
}


@dataclass(frozen=True, slots=True)
class What:
    """What one change is about: a code of :data:`TEMPLATES`, its place and its other parameters."""

    code: str
    session: int | None = None
    table: int | None = None
    hand: int | None = None
    player: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.code not in TEMPLATES:  # a writer's mistake, caught by its tests
            raise ValueError(f"no audit message {self.code!r}")

    def columns(self) -> dict[str, Any]:
        """The columns of ``audit_log`` that hold it as data (besides its English, ``what``)."""
        return {"session": self.session, "table_no": self.table, "hand": self.hand, "player": self.player,
                "what_code": self.code, "what_params": dict(self.params) or None}

    @property
    def english(self) -> str:
        """The text stored in ``what`` (as the services always wrote it)."""
        said = render(self.code, fields(self.session, self.table, self.hand, self.player, self.params))
        assert said is not None, self
        return said


def fields(session: int | None, table: int | None, hand: int | None, player: str | None,
           params: Mapping[str, Any] | None) -> dict[str, Any]:
    """A template's fields: the place, then the parameters."""
    return {**(params or {}), "session": session, "table": table, "hand": hand, "player": player}


def render(code: str | None, values: Mapping[str, Any], lang: str = texts.DEFAULT) -> str | None:
    """The message ``code`` with ``values`` in ``lang``; None for a code this version does not know (written
    by a newer one) or values that do not fit its template (the caller shows the stored ``what``)."""
    template = TEMPLATES.get(code or "")
    if template is None:
        return None
    try:
        return texts.translate(lang, template, CONTEXT, **values)
    except (KeyError, IndexError, ValueError, TypeError):
        return None


# the few places and subjects written from more than one service


def at_table(session: int, table: int, hand: int | None = None) -> What:
    """A table of a session, or one of its hands ("session 1 table 3 hand 2")."""
    return What("table" if hand is None else "hand", session, table, hand)


def at_penalty(session: int, table: int, penalty: int) -> What:
    return What("penalty", session, table, params={"penalty": penalty})


def time_called(session: int, table: int) -> What:
    return What("time_called", session, table)


def device_link(session: int, table: int) -> What:
    return What("device_link", session, table)


def seating(session: int) -> What:
    return What("seating", session)
