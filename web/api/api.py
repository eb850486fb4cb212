"""The table devices' JSON API (docs/web.md): what a request means, as plain functions over a
:class:`~db.storage.database.Database`; ``web.api.app`` wires them to HTTP.

Each function is one user action: one read-only session (``db.reader()``) or one write transaction
(``db.factory.begin()``). A refusal is a :class:`~db.errors.TournamentError` whose ``code`` decides the
HTTP status (:func:`status_of`); its message is the one ``mcr-tournament results import`` prints.
"""

from __future__ import annotations

from typing import Any

import texts
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
from db.read import queries
from db.read.games import is_game
from db.read.lookup import (
    device_place,
    find_table,
    settings,
    table_numbers,
    table_to_score,
    table_version,
)
from db.read.views import PenaltyRow, TableSheet
from db.rules.profiles import SeatRotation, Settings, Settlement
from db.rules.rotation import WINDS, hand_winds
from db.rules.seat_labels import wind_now
from db.service.devices import (
    DeviceCorrection,
    check_correction,
    check_request_id,
    device_actor,
    device_correct,
    device_false_win,
    device_penalty_preset,
    remember_answer,
    remembered_answer,
)
from db.service.outcomes import (
    DrawInput,
    ScoredHand,
    WinInput,
    check_int,
    penalty_deltas,
    score_win,
    whole_number,
)
from db.service.results import RecordedHand, lock_row, lock_table_row, record_hand_at, record_penalty
from db.storage.database import Database
from scoring.mcr.fans import FAN_INFO, Fan
from web.api import game_api

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
    "table_signed_off": 409,
    "body_too_large": 413,
    # referee calls (web/api/calls.py): someone else acted first, or the call is not this table's
    "call_taken": 409,
    "call_closed": 409,
    "call_not_open": 409,
    "call_still_open": 409,
    "no_call": 404,
    # past a budget (web.limits.budgets): with Retry-After
    "calls_too_often": 429,
    "too_many_requests": 429,
}
# Storage refusals (file gone, read-only, server down, disk full): the request could not be served, try
# later. By kind, since each carries its own code ("read_only_database", "server_unavailable", ...).
UNAVAILABLE = (DatabaseFileGoneError, ReadOnlyDatabaseError, DatabaseConnectError, DamagedDatabaseError)
UNAVAILABLE_CODES = {"save_no_space", "server_busy"}


def status_of(exc: TournamentError) -> int:
    if exc.code in STATUS:
        return STATUS[exc.code]
    return 503 if isinstance(exc, UNAVAILABLE) or exc.code in UNAVAILABLE_CODES else 422


def error_json(exc: TournamentError, lang: str = texts.DEFAULT) -> dict[str, Any]:
    """``{"error": {"code", "message", ...}}``, the message in ``lang`` (the code never changes)."""
    return {"error": exc.to_json(lang)}


def parse_body(raw: bytes) -> Any:
    """The request's JSON, or the refusal ``results import`` gives a line that is not JSON."""
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise InputError(None, code="not_utf8") from None
    return parse_json_line(text)  # the limits of a result line (size, depth) and its refusals


def check_scope(place: tuple[int, int], session: Any, table: Any) -> None:
    """A request naming a session or table must name the token's own. The comparison comes first: a value
    naming another (``2``, ``"2"``, ``2.0``, anything else) is 403 ``device_other_table``, as it always was.
    Then one naming the token's own but not as a whole number (``true``, ``1.0``, ``"1"``: ``true == 1`` and
    ``1.0 == 1`` in Python) is 422 ``not_a_whole_number``, as for ``hand`` and ``version``."""
    named = (("session", session, place[0]), ("table", table, place[1]))
    if any(value is not None and not _names_own(value, own) for _, value, own in named):
        raise TournamentError(code="device_other_table", session=place[0], table=place[1])
    for name, value, _ in named:
        if value is not None:
            whole_number(value, name)


def _names_own(value: Any, own: int) -> bool:
    """Whether ``value`` names the number ``own``, whatever its JSON type (``1``, ``1.0``, ``true``, ``"1"``).

    >>> _names_own(True, 1), _names_own(1.0, 1), _names_own(" 1", 1), _names_own("2", 1), _names_own([1], 1)
    (True, True, True, False, False)
    """
    return value == own or (isinstance(value, str) and value.strip() == str(own))


def _hand_line(obj: Any, place: tuple[int, int], *, preview: bool = False) -> tuple[Any, WinInput | DrawInput | None]:
    """(hand, result) of a device's body: a result line without session and table (they come from the
    token), a win or a draw; ``version`` and ``request_id`` are taken out first. A penalty line gives
    (hand, None): it is checked under the table's lock (``devices.device_false_win``)."""
    if not isinstance(obj, dict):
        raise InputError(None, code="line_not_object")
    check_scope(place, obj.get("session"), obj.get("table"))
    line_obj = {k: v for k, v in obj.items() if k not in ("version", "request_id", "correction")}
    line_obj["session"], line_obj["table"] = place
    if line_obj.get("type") == "penalty" and not preview:
        return line_obj.get("hand"), None
    if line_obj.get("type") in ("penalty", "time_called"):
        raise InputError("type", code="device_preview_type" if preview else "device_line_type",
                         type=line_obj["type"])
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

def penalty_json(p: PenaltyRow, numbers: list[str]) -> dict[str, Any]:
    return {"id": p.id, "hand": p.hand, "player": p.player.number, "kind": p.kind, "points": p.points,
            "settlement": p.settlement, "deltas": _by_number(numbers, p.deltas)}


def false_win_json(st: Settings, numbers: list[str] | None = None) -> dict[str, Any] | None:
    """The false-win penalty this table may record itself (its preset), or None: then a referee enters it.
    ``payments``: what it moves when each player of the table commits it (offender → player → points), by
    the store's own rule (``outcomes.penalty_deltas``), so the page computes no payment itself."""
    p = device_penalty_preset(st)
    if p is None:
        return None
    out: dict[str, Any] = {"kind": p.kind, "zh": p.zh, "en": p.en, "points": p.amounts[0],
                           "settlement": str(p.settlement)}
    if numbers is not None and p.settlement is not Settlement.PLAYER:  # a device never pays one player
        out["payments"] = {n: _by_number(numbers, penalty_deltas(i, p.amounts[0], p.settlement, None))
                           for i, n in enumerate(numbers)}
    return out


def table_json(sheet: TableSheet, st: Settings, lang: str = texts.DEFAULT) -> dict[str, Any]:
    """``GET /api/table``: the table as its device shows it; ``seat_wind`` is for ``next_hand``;
    ``wind_note`` ("now East", in ``lang``, or None) is the desk's note beside a player's starting-seat
    letter (``db.rules.seat_labels``: the page lettering players by their starting seat, as the desk does)."""
    next_hand = sheet.next_hand
    rotate = st.seat_rotation is SeatRotation.ROTATE
    winds = hand_winds(next_hand, rotate).seat_winds if next_hand else (None,) * 4
    numbers = [p.number for p in sheet.players]
    players = [{"seat": WINDS[i], "number": p.number, "name": p.name, "seat_wind": winds[i],
                "points": sheet.match_points[i], "wind_note": wind_now(i, winds[i], lang)}
               for i, p in enumerate(sheet.players)]
    hands = [{"hand": h.hand, "kind": h.kind,
              "winner": None if h.winner is None else numbers[h.winner],
              "discarder": None if h.discarder is None else numbers[h.discarder],
              "self_drawn": h.self_drawn, "fan": h.fan_total if h.kind == "win" else None,
              "deltas": _by_number(numbers, h.deltas)} for h in sheet.hands]
    return {"session": sheet.session, "table": sheet.table, "version": sheet.version, "next_hand": next_hand,
            "hands_per_session": sheet.hands_per_session, "time_called_after": sheet.time_called_after,
            "signed_off": sheet.signed_off, "players": players, "hands": hands,
            "penalties": [penalty_json(p, numbers) for p in sheet.penalties],
            "false_win": false_win_json(st, numbers)}


def check_token(db: Database, token: str | None) -> None:
    """Refuse a missing, unknown or revoked token with a read alone (before a write queues for the lock)."""
    with db.reader() as s:
        device_place(s, token)


def query_number(name: str, raw: str | None) -> int | None:
    """``?session=`` or ``?table=`` as a number, read only once the token is known good. A number too long
    to be any session or table is none of the token's (403 by :func:`check_scope`), never parsed whole."""
    if raw is None:
        return None
    if not (raw.isascii() and raw.isdigit()):  # "²".isdigit() is True, int("²") fails
        raise InputError(name, code="not_a_whole_number", value=raw[:40])
    return int(raw) if len(raw) <= 18 else -1


def read_table(db: Database, token: str | None, session: str | None = None,
               table: str | None = None, lang: str = texts.DEFAULT) -> dict[str, Any]:
    """``GET /api/table`` with its raw query values (who asks is checked before they are read); a game
    table's is its game (``game_api``)."""
    with db.reader() as s:
        place = device_place(s, token)
        check_scope(place, query_number("session", session), query_number("table", table))
        if is_game(settings(s)):
            return game_api.game_table(s, place, lang)
        return table_json(queries.table_sheet(s, *place), settings(s), lang)


def read_version(db: Database, token: str | None) -> dict[str, Any]:
    """``GET /api/table/version``: the table's ``version`` alone (one indexed read), which moves with every
    change to the table by any station: the page polls it and reads the table again when it moved."""
    with db.reader() as s:
        place = device_place(s, token)
        return {"version": table_version(s, *place)}


def preview(db: Database, token: str | None, body: bytes, lang: str = texts.DEFAULT) -> dict[str, Any]:
    """``POST /api/score``: the engine's reading of a win (or a draw) at this table, writing nothing. A
    win under 8 fans is answered (``meets_minimum`` false, no payments), not refused. At a game table, the
    result line played as it would be recorded (``game_api.game_preview``)."""
    with db.reader() as s:
        place = device_place(s, token)  # who asks comes before what is asked: 401/403 before 422
        obj = parse_body(body)
        if is_game(settings(s)):
            return game_api.game_preview(s, place, _game_line(obj, place), lang)
        hand, result = _hand_line(obj, place, preview=True)
        assert result is not None
        tbl, st, numbers = table_to_score(s, *place)
        hand = check_int(hand, "hand", 1, st.hands_per_session)
        sh = (score_win(st, numbers, tbl, hand, result, minimum=False) if isinstance(result, WinInput)
              else ScoredHand("draw"))
        ok = sh.meets_minimum
        return {"session": place[0], "table": place[1], "hand": hand, "kind": sh.kind,
                "total": sh.fan_total, "flowers": sh.flowers, "fans": fans_json(sh.fans), "meets_minimum": ok,
                "payments": _by_number(numbers, sh.deltas) if ok else None}


def record(db: Database, token: str | None, body: bytes, lang: str = texts.DEFAULT) -> tuple[int, dict[str, Any]]:
    """``POST /api/hands``: record a win, a draw or the false-win penalty at this table in one transaction,
    with the answer kept under its ``request_id`` (if any) in the same transaction: a retry gets the same
    answer, recording nothing. ``version`` (optional) must be the table's current version (else 409).
    With ``"correction": {"reason": "…"}`` a win or a draw corrects the recorded hand ``hand`` instead
    (``devices.device_correct``; the answer says ``"corrected": true``)."""
    with db.factory.begin() as s:
        place = device_place(s, token)
        obj = parse_body(body)
        if isinstance(obj, dict):
            check_scope(place, obj.get("session"), obj.get("table"))
            request_id = check_request_id(obj.get("request_id"))
            version = obj.get("version")
            if version is not None:
                version = check_int(version, "version", 0)
            reason = None if obj.get("correction") is None else check_correction(obj["correction"])
        else:
            request_id = version = reason = None
        if is_game(settings(s)):
            return _record_game(db, s, place, obj, request_id, version, reason, lang)
        hand, result = _hand_line(obj, place)
        if reason is not None and result is None:
            raise InputError("type", code="device_correction_type", type="penalty")
        # The row lock first: two tries of one request wait for each other, and the second finds the
        # first's remembered answer. A SQLite writer holds the whole file from its first statement (BEGIN
        # IMMEDIATE), and a table gone is refused below as find_table words it: one statement less a hand.
        if not db.is_sqlite and lock_row(s, *place) is None:  # no such table (any more)
            lock_table_row(s, find_table(s, *place))
        if request_id is not None:
            before = remembered_answer(s, *place, request_id)
            if before is not None:
                return before
        actor = device_actor(place[1])
        answer: dict[str, Any]
        if result is None:  # the false-win penalty (checked here, under the table's lock)
            tbl = find_table(s, *place)
            numbers = table_numbers(s, tbl)
            line = {k: v for k, v in obj.items() if k not in ("version", "request_id")}
            penalty = device_false_win(s, *place, line, expected_version=version)
            pid = record_penalty(s, *place, penalty, expected_version=version, actor=actor)
            row = next(p for p in queries.table_sheet(s, *place).penalties if p.id == pid)
            answer = {"session": place[0], "table": place[1], "hand": row.hand, "kind": "penalty",
                      "penalty": penalty_json(row, numbers),
                      "version": s.get_one(SessionTable, tbl.id).version}
        else:
            # scored once: the answer is built from what was recorded, nothing is read or scored again
            rec: RecordedHand | DeviceCorrection
            if reason is None:
                rec = record_hand_at(s, *place, hand, result, expected_version=version, actor=actor)
            else:  # the stale entry's second way on, as at the desk: correct the recorded hand with it
                rec = device_correct(s, *place, hand, result, reason, expected_version=version, actor=actor)
            sh, numbers = rec.scored, rec.numbers
            answer = {"session": place[0], "table": place[1], "hand": hand, "kind": sh.kind,
                      "winner": None if sh.winner is None else numbers[sh.winner],
                      "discarder": None if sh.discarder is None else numbers[sh.discarder],
                      "self_drawn": sh.self_drawn, "fan": sh.fan_total if sh.kind == "win" else None,
                      "fans": fans_json(sh.fans), "deltas": _by_number(numbers, sh.deltas),
                      "version": rec.version}
            if reason is not None:
                answer["corrected"] = True
        if request_id is not None:
            remember_answer(s, *place, request_id, 200, answer)
        return 200, answer


def _game_line(obj: Any, place: tuple[int, int]) -> dict[str, Any]:
    """A game table's result line from a device's body (session and table from the token; ``version``,
    ``request_id`` and ``correction`` taken out)."""
    if not isinstance(obj, dict):
        raise InputError(None, code="line_not_object")
    check_scope(place, obj.get("session"), obj.get("table"))
    line = {k: v for k, v in obj.items() if k not in ("version", "request_id", "correction")}
    line["session"], line["table"] = place
    return line


def _record_game(db: Database, s: Any, place: tuple[int, int], obj: Any, request_id: str | None,
                 version: int | None, reason: str | None, lang: str) -> tuple[int, dict[str, Any]]:
    """:func:`record` at a game table: the same lock, the same remembered answers, one result line."""
    line = _game_line(obj, place)
    if not db.is_sqlite and lock_row(s, *place) is None:
        lock_table_row(s, find_table(s, *place))
    if request_id is not None:
        before = remembered_answer(s, *place, request_id)
        if before is not None:
            return before
    answer = game_api.game_record(s, place, line, reason, version, device_actor(place[1]), lang)
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
