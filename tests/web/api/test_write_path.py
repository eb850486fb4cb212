"""The fast write path: a hand recorded through plain SQL (``results.PLAIN_SQL``) writes exactly the rows,
audit entries, remembered answers and refusals the ORM path writes, through the API and the desk's service
alike; settings changed by another program are seen; an object the session holds is read again."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from db import Database, open_database
from db.errors import TournamentError
from db.models import AuditLog, DeviceRequest, HandResult, SessionTable
from db.read.lookup import find_table
from db.service import results
from db.service.devices import device_links
from db.service.outcomes import DrawInput, WinInput
from db.service.results import call_time, record_hand, sign_off
from db.service.tournament import update_settings
from tests.db.helpers import ACTOR, make_tournament
from web.api import api


def _norm(obj: Any, base: int) -> Any:
    """``obj`` with table ``1 + base // 4``'s player numbers as P0..P3 and its table number as T."""
    if isinstance(obj, dict):
        return {_norm(k, base): (("T" if v == 1 + base // 4 else v) if k == "table" else _norm(v, base))
                for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return type(obj)(_norm(v, base) for v in obj)
    if isinstance(obj, str):
        if obj.isdigit() and base < int(obj) <= base + 4:
            return f"P{int(obj) - base - 1}"
        return obj.replace(f"table {1 + base // 4}", "table T")
    return obj


def _steps(db: Database, table: int, token: str) -> list[Any]:
    """One sequence of writes and refusals at ``table``, each in its own transaction: what each gave."""
    base = (table - 1) * 4
    p = [str(base + i) for i in range(1, 5)]
    out: list[Any] = []

    def device(body: dict[str, Any]) -> None:
        try:
            out.append(_norm(api.record(db, token, json.dumps(body).encode()), base))
        except TournamentError as exc:
            out.append((type(exc).__name__, exc.code))

    def desk(call: Callable[[Any], Any]) -> None:
        try:
            with db.factory.begin() as s:
                out.append(call(s))
        except TournamentError as exc:
            out.append((type(exc).__name__, exc.code))

    device({"type": "draw", "hand": 1, "version": 0, "request_id": "a"})
    device({"type": "draw", "hand": 1, "version": 0, "request_id": "a"})  # a retry: the same answer
    device({"type": "draw", "hand": 2, "version": 0})  # stale
    device({"type": "draw", "hand": 3, "version": 1})  # out of order
    device({"type": "draw", "hand": 1})  # recorded already
    device({"type": "win", "hand": 2, "winner": p[0], "discarder": p[1], "fan": 8, "version": 1, "request_id": "b"})
    desk(lambda s: record_hand(s, 1, table, 3, WinInput(p[2], self_drawn=True, notation="123456789m234p55p"),
                               expected_version=2, actor=ACTOR))
    desk(lambda s: record_hand(s, 1, table, 4, WinInput(p[0], p[1], fan=7), actor=ACTOR))  # under 8
    desk(lambda s: record_hand(s, 1, table, 4, WinInput("99", p[1], fan=9), actor=ACTOR))  # not at the table
    desk(lambda s: record_hand(s, 1, table, 4, WinInput(p[0], p[1], fan=9), expected_version="x",  # type: ignore[arg-type]
                               actor=ACTOR))
    desk(lambda s: record_hand(s, 1, table, 99, DrawInput(), actor=ACTOR))  # out of range
    desk(lambda s: record_hand(s, 9, table, 4, DrawInput(), actor=ACTOR))  # no such session
    device({"type": "win", "hand": 4, "winner": p[1], "discarder": p[3], "fan": 20,
            "notation": "11223344556677m", "request_id": "c"})  # fan mismatch
    device({"type": "win", "hand": 4, "winner": p[1], "discarder": p[3], "notation": "11223344556677m",
            "request_id": "c"})
    desk(lambda s: call_time(s, 1, table, 5, in_progress=True, actor=ACTOR))
    device({"type": "draw", "hand": 5, "request_id": "d"})  # the last hand: the table's end time
    device({"type": "draw", "hand": 6})  # past the time call
    desk(lambda s: sign_off(s, 1, table, actor=ACTOR))
    desk(lambda s: record_hand(s, 1, table, 6, DrawInput(), actor=ACTOR))  # signed off
    return out


def _stored(db: Database, table: int) -> dict[str, Any]:
    base = (table - 1) * 4
    with db.reader() as s:
        tbl = find_table(s, 1, table)
        skip = {"id", "table_id", "recorded_at"}
        hands = [{c: _norm(getattr(h, c), base) for c in (col.key for col in HandResult.__table__.c) if c not in skip}
                 for h in s.scalars(select(HandResult).where(HandResult.table_id == tbl.id).order_by(HandResult.hand_no))]
        audit = [(a.action, _norm(a.what, base), _norm(a.station, base), a.referee, a.before,
                  None if a.after is None else _norm(json.loads(a.after), base))
                 for a in s.scalars(select(AuditLog).order_by(AuditLog.id))
                 if f"table {table} " in a.what + " " and a.action != "device_issue"]
        answers = [(r.request_id, r.status, _norm(json.loads(r.response), base))
                   for r in s.scalars(select(DeviceRequest).where(DeviceRequest.table_no == table)
                                      .order_by(DeviceRequest.request_id))]
        return {"hands": hands, "audit": audit, "answers": answers, "version": tbl.version,
                "time_called_after": tbl.time_called_after, "signed_off": tbl.signed_off,
                "times": (tbl.start_time is not None, tbl.end_time is not None)}


def test_plain_sql_path_writes_and_answers_what_the_orm_path_does(db: Database,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    make_tournament(db, hands_per_session=6)  # table 1 = players 1-4, table 2 = 5-8
    with db.factory.begin() as s:
        tokens = {link.table: link.token for link in device_links(s, 1, actor=ACTOR)}
    plain = _steps(db, 1, tokens[1])
    monkeypatch.setattr(results, "PLAIN_SQL", False)
    orm = _steps(db, 2, tokens[2])
    assert plain == orm
    assert [x if isinstance(x, tuple) and isinstance(x[0], str) else "done" for x in plain] == [
        "done", "done", ("StaleTableError", "stale_table"), ("InputError", "hand_out_of_order"),
        ("InputError", "hand_recorded"), "done", "done", ("InputError", "under_eight_fans"),
        ("InputError", "player_not_at_table"), ("InputError", "not_a_whole_number"), ("InputError", "out_of_range"),
        ("InputError", "no_session"), ("InputError", "fan_mismatch"), "done", "done", "done",
        ("InputError", "time_called_no_more_hands"), "done", ("InputError", "table_signed_off")]
    stored = _stored(db, 1)
    for key, value in _stored(db, 2).items():
        assert stored[key] == value, key
    assert [h["hand_no"] for h in stored["hands"]] == [1, 2, 3, 4, 5] and stored["times"] == (True, True)
    assert stored["hands"][2]["fans"] and stored["version"] == 7  # 5 hands, the time call, the sign-off


def test_settings_another_program_changed_are_seen_by_the_next_write(tmp_path: Path) -> None:
    path = tmp_path / "event.mcr"
    with open_database(path, create=True) as first:
        make_tournament(first, flowers=False)
        with pytest.raises(TournamentError, match="flower") as refused, first.factory.begin() as s:
            record_hand(s, 1, 1, 1, WinInput("1", "2", fan=10, flowers=2), actor=ACTOR)
        assert refused.value.code == "no_flowers"
        with open_database(path) as second, second.factory.begin() as s:
            update_settings(s, flowers=True, actor=ACTOR)
        with first.factory.begin() as s:
            record_hand(s, 1, 1, 1, WinInput("1", "2", fan=10, flowers=2), actor=ACTOR)
        with first.reader() as s:
            assert s.scalar(select(HandResult.flowers)) == 2


def test_a_table_the_session_holds_is_read_again_after_a_hand(db: Database) -> None:
    make_tournament(db)
    with pytest.raises(TournamentError) as refused, db.factory.begin() as s:
        tbl = find_table(s, 1, 1)
        table_id = tbl.id
        assert (tbl.version, tbl.start_time) == (0, None)
        record_hand(s, 1, 1, 1, DrawInput(), expected_version=0, actor=ACTOR)
        assert tbl.version == 1 and tbl.start_time is not None
        tbl.signed_off = True  # a change of the session's own, pending: flushed before the next hand reads
        record_hand(s, 1, 1, 2, DrawInput(), actor=ACTOR)
    assert refused.value.code == "table_signed_off"
    with db.reader() as s:
        assert s.scalar(select(SessionTable.version).where(SessionTable.id == table_id)) == 0  # all rolled back


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_an_sqlite_library_without_returning_records_through_the_orm_path(db: Database,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """``UPDATE … RETURNING`` came with SQLite 3.35: a Python built with an older library (a checkout on an old
    system) records every hand through the ORM path, never sending a statement it would refuse."""
    from sqlalchemy import event

    make_tournament(db)
    monkeypatch.setattr(results, "SQLITE_RETURNING", False)
    sent: list[str] = []
    event.listen(db.engine, "before_cursor_execute", lambda _c, _cur, stmt, *_a: sent.append(stmt))
    with db.factory.begin() as s:
        record_hand(s, 1, 1, 1, DrawInput(), actor=ACTOR)
    assert sent and not [stmt for stmt in sent if "RETURNING" in stmt.upper()]
    with db.reader() as s:
        assert s.scalar(select(HandResult.hand_no)) == 1
