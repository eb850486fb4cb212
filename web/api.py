"""The table devices' JSON API (docs/web.md): what a request means, as plain functions over a
:class:`~db.database.Database`; ``web.app`` wires them to HTTP.

Each function is one user action: one read-only session (``db.reader()``) or one write transaction
(``db.factory.begin()``). A refusal is a :class:`~db.errors.TournamentError` whose ``code`` decides the
HTTP status (:func:`status_of`); its message is the one ``mcr-tournament results import`` prints.
"""

from __future__ import annotations

from typing import Any

from db import queries
from db.database import Database
from db.errors import (
    DamagedDatabaseError,
    DatabaseConnectError,
    DatabaseFileGoneError,
    InputError,
    ReadOnlyDatabaseError,
    StaleTableError,
    TournamentError,
)
from db.formats.result_import import parse_json_line
from db.formats.result_lines import parse_result_line
from db.models import SessionTable
from db.profiles import SeatRotation
from db.rotation import WINDS, hand_winds
from db.service.devices import (
    check_request_id,
    device_actor,
    lock_table,
    remember_answer,
    remembered_answer,
)
from db.service.lookup import device_place, find_table, settings, table_numbers
from db.service.outcomes import DrawInput, ScoredHand, WinInput, check_int, score_win
from db.service.results import record_hand
from db.views import TableSheet
from scoring.fans import FAN_INFO, Fan

MAX_BODY = 16 * 1024  # bytes; a result line is well under 1 KB

# The HTTP status of a refusal, by code; every other refusal of the input is 422.
STATUS = {
    "device_token_missing": 401,
    "device_token_unknown": 401,
    "device_token_revoked": 403,
    "device_other_table": 403,
    StaleTableError.code: 409,
    "hand_recorded": 409,
    "hand_recorded_differently": 409,
    "body_too_large": 413,
}
# Storage refusals (file gone, read-only, server down, disk full): the request could not be served, try
# later. By kind, since each carries its own code ("read_only_database", "server_unavailable", ...).
UNAVAILABLE = (DatabaseFileGoneError, ReadOnlyDatabaseError, DatabaseConnectError, DamagedDatabaseError)
UNAVAILABLE_CODES = {"save_no_space"}


def status_of(exc: TournamentError) -> int:
    if exc.code in STATUS:
        return STATUS[exc.code]
    return 503 if isinstance(exc, UNAVAILABLE) or exc.code in UNAVAILABLE_CODES else 422


def error_json(exc: TournamentError) -> dict[str, Any]:
    return {"error": exc.to_json()}


def parse_body(raw: bytes) -> Any:
    """The request's JSON, or the refusal ``results import`` gives a line that is not JSON."""
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise InputError(None, code="not_utf8") from None
    return parse_json_line(text)  # the limits of a result line (size, depth) and its refusals


def check_scope(place: tuple[int, int], session: Any, table: Any) -> None:
    """A request naming a session or table must name the token's own (else 403)."""
    if (session is not None and session != place[0]) or (table is not None and table != place[1]):
        raise TournamentError(code="device_other_table", session=place[0], table=place[1])


def _hand_line(obj: Any, place: tuple[int, int]) -> tuple[Any, WinInput | DrawInput]:
    """(hand, result) of a device's body: a result line without session and table (they come from the
    token), a win or a draw; ``version`` and ``request_id`` are taken out first."""
    if not isinstance(obj, dict):
        raise InputError(None, code="line_not_object")
    check_scope(place, obj.get("session"), obj.get("table"))
    line_obj = {k: v for k, v in obj.items() if k not in ("version", "request_id")}
    line_obj["session"], line_obj["table"] = place
    if line_obj.get("type") in ("penalty", "time_called"):
        raise InputError("type", code="device_line_type", type=line_obj["type"])
    line = parse_result_line(line_obj)
    assert isinstance(line.result, WinInput | DrawInput)
    return line.hand, line.result


def fans_json(fans: tuple[tuple[str, int], ...] | None) -> list[dict[str, Any]] | None:
    if fans is None:
        return None
    out = []
    for fan_id, count in fans:
        info = FAN_INFO[Fan(fan_id)]
        out.append({"id": fan_id, "zh": info.zh, "en": info.en, "points": info.points, "count": count})
    return out


def _by_number(numbers: list[str], values: tuple[int, int, int, int]) -> dict[str, int]:
    return dict(zip(numbers, values, strict=True))


# ---------------------------------------------------------------------------------------------- reads

def table_json(sheet: TableSheet, rotate: bool) -> dict[str, Any]:
    """``GET /api/table``: the table as its device shows it; ``seat_wind`` is for ``next_hand``."""
    recorded = len(sheet.hands)
    finished = sheet.time_called_after is not None or recorded >= sheet.hands_per_session
    next_hand = None if finished else recorded + 1
    winds = hand_winds(next_hand, rotate).seat_winds if next_hand else (None,) * 4
    numbers = [p.number for p in sheet.players]
    players = [{"seat": WINDS[i], "number": p.number, "name": p.name, "seat_wind": winds[i],
                "points": sheet.match_points[i]} for i, p in enumerate(sheet.players)]
    hands = [{"hand": h.hand, "kind": h.kind,
              "winner": None if h.winner is None else numbers[h.winner],
              "discarder": None if h.discarder is None else numbers[h.discarder],
              "self_drawn": h.self_drawn, "fan": h.fan_total if h.kind == "win" else None,
              "deltas": _by_number(numbers, h.deltas)} for h in sheet.hands]
    return {"session": sheet.session, "table": sheet.table, "version": sheet.version, "next_hand": next_hand,
            "hands_per_session": sheet.hands_per_session, "time_called_after": sheet.time_called_after,
            "signed_off": sheet.signed_off, "players": players, "hands": hands}


def check_token(db: Database, token: str | None) -> None:
    """Refuse a missing, unknown or revoked token with a read alone (before a write queues for the lock)."""
    with db.reader() as s:
        device_place(s, token)


def read_table(db: Database, token: str | None, session: Any = None, table: Any = None) -> dict[str, Any]:
    with db.reader() as s:
        place = device_place(s, token)
        check_scope(place, session, table)
        sheet = queries.table_sheet(s, *place)
        rotate = settings(s).seat_rotation is SeatRotation.ROTATE
        return table_json(sheet, rotate)


def preview(db: Database, token: str | None, body: bytes) -> dict[str, Any]:
    """``POST /api/score``: the engine's reading of a win (or a draw) at this table, writing nothing. A
    win under 8 fans is answered (``meets_minimum`` false, no payments), not refused."""
    with db.reader() as s:
        place = device_place(s, token)  # who asks comes before what is asked: 401/403 before 422
        obj = parse_body(body)
        hand, result = _hand_line(obj, place)
        tbl = find_table(s, *place)
        st = settings(s)
        numbers = table_numbers(s, tbl)
        hand = check_int(hand, "hand", 1, st.hands_per_session)
        sh = (score_win(st, numbers, tbl, hand, result, minimum=False) if isinstance(result, WinInput)
              else ScoredHand("draw"))
        ok = sh.meets_minimum
        return {"session": place[0], "table": place[1], "hand": hand, "kind": sh.kind,
                "total": sh.fan_total, "flowers": sh.flowers, "fans": fans_json(sh.fans), "meets_minimum": ok,
                "payments": _by_number(numbers, sh.deltas) if ok else None}


def record(db: Database, token: str | None, body: bytes) -> tuple[int, dict[str, Any]]:
    """``POST /api/hands``: record a win or a draw at this table in one transaction, with the answer kept
    under its ``request_id`` (if any) in the same transaction: a retry gets the same answer, recording
    nothing. ``version`` (optional) must be the table's current version (else 409)."""
    with db.factory.begin() as s:
        place = device_place(s, token)
        obj = parse_body(body)
        if isinstance(obj, dict):
            check_scope(place, obj.get("session"), obj.get("table"))
            request_id = check_request_id(obj.get("request_id"))
            version = obj.get("version")
            if version is not None:
                version = check_int(version, "version", 0)
        else:
            request_id = version = None
        hand, result = _hand_line(obj, place)
        lock_table(s, *place)
        if request_id is not None:
            before = remembered_answer(s, *place, request_id)
            if before is not None:
                return before
        sh = record_hand(s, *place, hand, result, expected_version=version, actor=device_actor(place[1]))
        tbl = find_table(s, *place)
        numbers = table_numbers(s, tbl)
        answer = {"session": place[0], "table": place[1], "hand": hand, "kind": sh.kind,
                  "winner": None if sh.winner is None else numbers[sh.winner],
                  "discarder": None if sh.discarder is None else numbers[sh.discarder],
                  "self_drawn": sh.self_drawn, "fan": sh.fan_total if sh.kind == "win" else None,
                  "fans": fans_json(sh.fans), "deltas": _by_number(numbers, sh.deltas),
                  "version": s.get_one(SessionTable, tbl.id).version}
        if request_id is not None:
            remember_answer(s, *place, request_id, 200, answer)
        return 200, answer


def remembered(db: Database, token: str | None, body: bytes) -> tuple[int, dict[str, Any]] | None:
    """After a lost race on the ``request_id`` (the other try committed first): its answer."""
    obj = parse_body(body)
    if not isinstance(obj, dict) or not isinstance(obj.get("request_id"), str):
        return None
    with db.reader() as s:
        place = device_place(s, token)
        return remembered_answer(s, *place, obj["request_id"])
