"""The session clock: derived from stored moments and an injected ``now`` (no sleeping anywhere); warnings,
pauses, extra time per table; the bell under both end policies; two stores on one file; the command line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from db import Database, open_database
from db.commands.cli import main
from db.errors import InputError
from db.read import queries
from db.rules.clock import ClockTimes, clock_state, format_remaining, utc_now
from db.rules.profiles import EndPolicy
from db.service.clock import (
    add_time,
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
from db.service.results import call_time, record_draw
from tests.db.helpers import ACTOR, make_tournament

T0 = datetime(2026, 5, 1, 9, 0, 0)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


# ----------------------------------------------------------------------------------- pure derivation


def test_a_clock_not_started_shows_its_whole_length() -> None:
    v = clock_state(ClockTimes(1, 5400), (900,), at(30))
    assert (v.state, v.remaining_s, v.warning, v.time_up) == ("not_started", 5400, False, False)


def test_warnings_pass_at_their_marks_and_time_rounds_up() -> None:
    row = ClockTimes(1, 150 * 60, started_at=T0)
    marks = (300, 900)
    assert [w.passed for w in clock_state(row, marks, at(134)).warnings] == [False, False]
    v = clock_state(row, marks, at(135))
    assert [(w.at_s, w.passed) for w in v.warnings] == [(900, True), (300, False)]
    assert v.warning and v.remaining_s == 900
    assert clock_state(row, marks, at(145) + timedelta(milliseconds=500)).remaining_s == 300  # 299.5 → 300
    v = clock_state(row, marks, at(150))
    assert (v.state, v.remaining_s, v.time_up) == ("ended", 0, True)


def test_pauses_stop_the_clock_and_extra_time_is_per_table() -> None:
    paused = ClockTimes(1, 3600, started_at=T0, paused_at=at(10), paused_total_s=0)
    assert clock_state(paused, (), at(10)).remaining_s == clock_state(paused, (), at(500)).remaining_s == 3000
    assert clock_state(paused, (), at(500)).state == "paused"
    resumed = ClockTimes(1, 3600, started_at=T0, paused_total_s=5 * 60)
    v = clock_state(resumed, (), at(65), {1: 0, 2: 300})
    assert v.remaining_s == 0 and v.state == "running"  # table 2 still plays
    assert [(t.table, t.extra_s, t.remaining_s) for t in v.tables] == [(1, 0, 0), (2, 300, 300)]
    ended = ClockTimes(1, 3600, started_at=T0, ended_at=at(20))
    v = clock_state(ended, (), at(21), {1: 600})
    assert (v.state, v.remaining_s, v.table_remaining(1)) == ("ended", 0, 0)


def test_format_remaining() -> None:
    assert [format_remaining(x) for x in (10800, 3599, 61, 0)] == ["3:00:00", "59:59", "01:01", "00:00"]


# ------------------------------------------------------------------------------------- the store


@pytest.fixture
def tdb(db: Database) -> Database:
    make_tournament(db, players=8)
    return db


def test_start_pause_resume_add_end_are_stored_and_audited(tdb: Database) -> None:
    with tdb.factory.begin() as s:
        v = clock_view(s, 1, at(0))
        assert (v.state, v.length_s) == ("not_started", 180 * 60)  # R98: 3 hours
        start_clock(s, 1, minutes=120, now=at(0), actor=ACTOR)
    with tdb.factory.begin() as s:
        pause_clock(s, 1, now=at(30), actor=ACTOR)
    with tdb.reader() as s:
        assert clock_view(s, 1, at(45)).remaining_s == 90 * 60
        assert clock_view(s, 1, at(45)).state == "paused"
    with tdb.factory.begin() as s:
        resume_clock(s, 1, now=at(40), actor=ACTOR)
        add_time(s, 1, 5, now=at(40), actor=ACTOR)
        add_time(s, 1, 3, table=2, now=at(41), actor=ACTOR)
    with tdb.reader() as s:
        v = clock_view(s, 1, at(100))
        assert v.remaining_s == (125 - 90) * 60 and v.table_remaining(2) == (128 - 90) * 60
        assert v.table_remaining(1) == v.remaining_s
    with tdb.factory.begin() as s:
        end_clock(s, 1, now=at(101), actor=ACTOR)
    with tdb.reader() as s:
        v = clock_view(s, 1, at(102))
        assert (v.state, v.remaining_s, v.table_remaining(2)) == ("ended", 0, 0)
        log = [e.what for e in queries.audit_log(s) if e.action == "clock"]
    assert log == ["session 1 clock started", "session 1 clock paused", "session 1 clock resumed",
                   "session 1 clock +5 min", "session 1 clock +3 min", "session 1 clock ended"]


@pytest.mark.parametrize(("call", "code"), [
    (lambda s: pause_clock(s, 1, now=at(1)), "clock_not_started"),
    (lambda s: start_clock(s, 1, minutes=0, now=at(1)), "clock_minutes"),
    (lambda s: start_clock(s, 9, now=at(1)), "no_session"),
])
def test_refusals_before_the_start(tdb: Database, call, code: str) -> None:
    with pytest.raises(InputError) as err, tdb.factory.begin() as s:
        call(s)
    assert err.value.code == code


def test_refusals_once_started(tdb: Database) -> None:
    with tdb.factory.begin() as s:
        start_clock(s, 1, now=at(0))
    for call, code in [(lambda s: start_clock(s, 1, now=at(1)), "clock_already_started"),
                       (lambda s: resume_clock(s, 1, now=at(1)), "clock_not_paused"),
                       (lambda s: add_time(s, 1, 5, table=7, now=at(1)), "no_table")]:
        with pytest.raises(InputError) as err, tdb.factory.begin() as s:
            call(s)
        assert err.value.code == code
    with tdb.factory.begin() as s:
        end_clock(s, 1, now=at(2))
    with pytest.raises(InputError) as err, tdb.factory.begin() as s:
        pause_clock(s, 1, now=at(3))
    assert err.value.code == "clock_ended"


def test_warning_marks_and_policy_are_tournament_settings(tdb: Database) -> None:
    with tdb.factory.begin() as s:
        call_time(s, 1, 1, 0)  # a result exists: the clock settings still change (they score nothing)
        set_clock_settings(s, session_minutes=90, warnings=[5, 15], end_policy="finish_hand", actor=ACTOR)
    with tdb.factory.begin() as s:
        st = queries.settings(s)
        assert (st.session_minutes, st.clock_warnings, st.end_policy) == (90, (900, 300), EndPolicy.FINISH_HAND)
        start_clock(s, 1, now=at(0))
        assert [(w.at_s, w.passed) for w in clock_view(s, 1, at(80)).warnings] == [(900, True), (300, False)]
    for bad, code in [({"warnings": [0]}, "clock_warning_marks"), ({"end_policy": "later"}, "clock_end_policy")]:
        with pytest.raises(InputError) as err, tdb.factory.begin() as s:
            set_clock_settings(s, **bad)  # type: ignore[arg-type]
        assert err.value.code == code


def test_the_green_book_profile_caps_a_session_at_150_minutes(db: Database) -> None:
    make_tournament(db, players=4, profile="gb")
    with db.reader() as s:
        assert clock_view(s, 1, at(0)).length_s == 150 * 60


# ------------------------------------------------------------------------------------------ the bell


def _progress(db: Database) -> dict[int, tuple[int | None, bool, int | None]]:
    with db.reader() as s:
        return {p.table: (p.time_called_after, p.finished, p.next_hand) for p in queries.table_progress(s, 1)}


def test_stop_now_bell_calls_time_after_the_hands_recorded(tdb: Database) -> None:
    with tdb.factory.begin() as s:
        start_clock(s, 1, minutes=90, now=at(0))
        record_draw(s, 1, 1, 1)
        record_draw(s, 1, 1, 2)
        assert ring_bell(s, 1, now=at(89)) == []  # a minute to go: nothing
    with tdb.factory.begin() as s:
        assert ring_bell(s, 1, now=at(90), actor=ACTOR) == [1, 2]
    assert _progress(tdb) == {1: (2, True, None), 2: (0, True, None)}
    with tdb.factory.begin() as s:
        assert ring_bell(s, 1, now=at(95)) == []  # idempotent
        assert owed_confirmations(s, 1) == [1, 2]
        with pytest.raises(InputError) as err:
            record_draw(s, 1, 1, 3)  # the hand in progress scores nothing
        assert err.value.code == "time_called_no_more_hands"
    # table 2 finished a hand just before the bell and enters it after: the referee confirms hand 1
    with tdb.factory.begin() as s:
        confirm_time_call(s, 1, 2, 1, now=at(96), actor=ACTOR)
        record_draw(s, 1, 2, 1)
        confirm_time_call(s, 1, 1, 2, now=at(96), actor=ACTOR)
        assert owed_confirmations(s, 1) == []
    assert _progress(tdb) == {1: (2, True, None), 2: (1, True, None)}
    with tdb.factory.begin() as s:
        with pytest.raises(InputError) as err:
            confirm_time_call(s, 1, 2, 0)  # below the hands recorded
        assert err.value.code == "clock_confirm_hands"


def test_finish_hand_bell_lets_the_hand_begun_be_finished(tdb: Database) -> None:
    with tdb.factory.begin() as s:
        set_clock_settings(s, end_policy=EndPolicy.FINISH_HAND)
        start_clock(s, 1, minutes=90, now=at(0))
        for h in (1, 2, 3):
            record_draw(s, 1, 1, h)
        ring_bell(s, 1, now=at(91))
    assert _progress(tdb) == {1: (4, False, 4), 2: (1, False, 1)}  # one more hand expected
    with tdb.factory.begin() as s:
        record_draw(s, 1, 1, 4)
        with pytest.raises(InputError):
            record_draw(s, 1, 1, 5)
    assert _progress(tdb)[1] == (4, True, None)
    with tdb.reader() as s:
        assert queries.table_sheet(s, 1, 1).end_time is not None


def test_tables_finished_or_already_called_hear_no_bell(tdb: Database) -> None:
    with tdb.factory.begin() as s:
        start_clock(s, 1, minutes=60, now=at(0))
        call_time(s, 1, 2, 0)
        add_time(s, 1, 10, table=1, now=at(1))
    with tdb.factory.begin() as s:
        assert ring_bell(s, 1, now=at(61)) == []  # table 1 has 10 more minutes, table 2 was called
    with tdb.factory.begin() as s:
        assert ring_bell(s, 1, now=at(70)) == [1]
        assert owed_confirmations(s, 1) == [1]


def test_two_stores_on_one_file_show_one_clock_and_ring_once(tmp_path: Path) -> None:
    path = tmp_path / "t.mcr"
    with open_database(path, create=True) as a:
        make_tournament(a, players=8)
        with open_database(path) as b:
            with a.factory.begin() as s:
                start_clock(s, 1, minutes=90, now=at(0))
            with a.reader() as sa, b.reader() as sb:
                assert clock_view(sa, 1, at(33)) == clock_view(sb, 1, at(33))
            with b.factory.begin() as s:
                pause_clock(s, 1, now=at(40))
            with a.reader() as s:
                assert clock_view(s, 1, at(70)).state == "paused"
            with b.factory.begin() as s:
                resume_clock(s, 1, now=at(40))
            with a.factory.begin() as s1:
                assert ring_bell(s1, 1, now=at(90)) == [1, 2]
            with b.factory.begin() as s2:
                assert ring_bell(s2, 1, now=at(90)) == []
            with b.reader() as s:
                log = [e.what for e in queries.audit_log(s)]
    assert log.count("session 1 table 1 time called") == 1


def test_remaining_time_survives_sigkill_and_restart(tmp_path: Path) -> None:
    """A station stops the clock and is killed with SIGKILL; after the restart the time left is unchanged."""
    path = tmp_path / "t.mcr"
    with open_database(path, create=True) as d:
        make_tournament(d, players=4)
    script = (
        "import sys, time\n"
        "from db import open_database\n"
        "from db.service.clock import start_clock, pause_clock, clock_view\n"
        f"db = open_database({str(path)!r})\n"
        "with db.factory.begin() as s:\n"
        "    start_clock(s, 1, minutes=100)\n"
        "with db.factory.begin() as s:\n"
        "    pause_clock(s, 1)\n"
        "with db.reader() as s:\n"
        "    print(clock_view(s, 1).remaining_s, flush=True)\n"
        "time.sleep(600)\n"
    )
    root = Path(__file__).resolve().parents[3]
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd=root,
                            env={**os.environ, "PYTHONPATH": str(root)})
    try:
        assert proc.stdout is not None
        before = int(proc.stdout.readline())
    finally:
        proc.kill()  # SIGKILL; on Windows TerminateProcess, as final (signal.SIGKILL does not exist there)
        proc.wait(timeout=30)
    assert proc.returncode == (-signal.SIGKILL if hasattr(signal, "SIGKILL") else 1)
    with open_database(path) as d, d.reader() as s:
        v = clock_view(s, 1)
    assert (v.state, v.remaining_s) == ("paused", before)
    assert 99 * 60 <= before <= 100 * 60


# --------------------------------------------------------------------------------- the command line


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    capsys.readouterr()
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_clock_commands_and_their_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.mcr"
    with open_database(path, create=True) as d:
        make_tournament(d, players=8)
    db = ["--db", str(path)]
    day = utc_now().replace(minute=0, second=0) - timedelta(hours=12)  # --at takes times within a day of now

    def iso(hour: int, minute: int) -> str:  # "09:00" of the test's day
        return (day + timedelta(hours=hour - 9, minutes=minute)).isoformat()

    assert main([*db, "clock", "settings", "--warnings", "15,5"]) == 0
    assert main([*db, "clock", "start", "--session", "1", "--minutes", "90", "--at", iso(9, 0)]) == 0
    assert main([*db, "clock", "add", "--session", "1", "--minutes", "4", "--table", "2",
                 "--at", iso(9, 10)]) == 0
    got = _json(capsys, *db, "clock", "status", "--session", "1", "--format", "json", "--at", iso(10, 20))
    assert got == {"session": 1, "state": "running", "length_s": 5400, "remaining_s": 600,
                   "warnings": [{"at_s": 900, "passed": True}, {"at_s": 300, "passed": False}],
                   "tables": [{"table": 1, "extra_s": 0, "remaining_s": 600},
                              {"table": 2, "extra_s": 240, "remaining_s": 840}]}
    assert main([*db, "clock", "pause", "--session", "1", "--at", iso(10, 20)]) == 0
    assert _json(capsys, *db, "clock", "status", "--session", "1", "--format", "json",
                 "--at", iso(11, 0))["state"] == "paused"
    assert main([*db, "clock", "resume", "--session", "1", "--at", iso(10, 50)]) == 0
    got = _json(capsys, *db, "clock", "status", "--session", "1", "--format", "json", "--at", iso(11, 0))
    assert (got["state"], got["remaining_s"]) == ("running", 0)  # table 2 has 4 minutes more
    capsys.readouterr()
    assert main([*db, "clock", "status", "--session", "1", "--at", iso(11, 5)]) == 0
    out = capsys.readouterr().out
    assert "time called at table(s) 2" in out and "to confirm by the referee: table(s) 1, 2" in out
    assert main([*db, "clock", "confirm", "--session", "1", "--table", "1", "--after-hand", "0"]) == 0
    assert main([*db, "clock", "end", "--session", "1"]) == 0
    got = _json(capsys, *db, "clock", "status", "--session", "1", "--format", "json")
    assert (got["state"], got["remaining_s"]) == ("ended", 0)
    assert main([*db, "clock", "start", "--session", "1"]) == 1  # refused: a message, no traceback
    assert "already started" in capsys.readouterr().err


def test_players_list_in_name_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from db.service.players import PlayerInput, import_players
    from db.service.tournament import create_tournament

    path = tmp_path / "n.mcr"
    with open_database(path, create=True) as d, d.factory.begin() as s:
        create_tournament(s, "Names", "gb")
        import_players(s, [PlayerInput(str(i), n) for i, n in
                           enumerate(["张伟", "Zoe", "李娜", "王芳", "Adam", "赵敏"], start=1)])
    got = _json(capsys, "--db", str(path), "players", "list", "--order", "name", "--format", "json")
    assert [r["name"] for r in got] == ["Adam", "李娜", "王芳", "张伟", "赵敏", "Zoe"]  # type: ignore[index]


def test_two_stations_ringing_at_the_same_moment_call_time_once(db: Database, db_url: str) -> None:
    """Two stations (two engines on one database, SQLite file or PostgreSQL) ring the bell together."""
    import threading

    make_tournament(db, players=8)
    with db.factory.begin() as s:
        start_clock(s, 1, minutes=60, now=at(0))
    barrier = threading.Barrier(2)
    results: list[list[int]] = []
    errors: list[BaseException] = []

    def station() -> None:
        try:
            with open_database(db_url) as other:
                barrier.wait(timeout=30)
                with other.factory.begin() as s:
                    results.append(ring_bell(s, 1, now=at(61)))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=station) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert errors == []
    assert sorted(results) == [[], [1, 2]]
    with db.reader() as s:
        log = [e.what for e in queries.audit_log(s)]
    assert log.count("session 1 table 1 time called") == 1 and log.count("session 1 table 2 time called") == 1


def test_a_tournament_file_from_before_the_clock_is_upgraded(tmp_path: Path) -> None:
    """A file at revision 0001 (no clock tables, settings without the clock keys) opens at the newest revision with its
    profile's clock defaults (GB: 150 minutes)."""
    from alembic import command
    from sqlalchemy import create_engine, inspect, text

    from db.storage.schema import APPLICATION_ID, SCHEMA_HEAD, alembic_config, to_url

    path = tmp_path / "old.mcr"
    with open_database(path, create=True) as d:
        make_tournament(d, players=4, profile="gb")
    engine = create_engine(to_url(path))
    with engine.begin() as conn:  # back to 0001, and the settings as 0001 wrote them
        cfg = alembic_config()
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0001")
        assert conn.exec_driver_sql("PRAGMA application_id").scalar() == APPLICATION_ID
    with engine.begin() as conn:
        import json

        raw = json.loads(conn.execute(text("SELECT settings FROM tournament")).scalar_one())
        for key in ("session_minutes", "clock_warnings", "end_policy"):
            raw.pop(key)
        conn.execute(text("UPDATE tournament SET settings = :s"), {"s": json.dumps(raw)})
        assert "session_clocks" not in inspect(conn).get_table_names()
    engine.dispose()
    with open_database(path) as d, d.factory.begin() as s:
        assert s.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == SCHEMA_HEAD
        st = queries.settings(s)
        assert (st.session_minutes, st.clock_warnings, st.end_policy) == (150, (900,), EndPolicy.STOP_NOW)  # GB
        start_clock(s, 1, minutes=150, now=at(0))
        assert clock_view(s, 1, at(1)).remaining_s == 149 * 60


# ------------------------------------------------------------------ time added after the bell


def _called(db: Database) -> dict[int, int | None]:
    return {t: after for t, (after, _, _) in _progress(db).items()}


def _withdrawals(db: Database) -> list[tuple[str, str | None]]:
    with db.reader() as s:
        return [(e.what, e.reason) for e in queries.audit_log(s) if e.reason == "time added after the bell"]


def test_time_added_after_the_bell_withdraws_its_call(tdb: Database) -> None:
    with tdb.factory.begin() as s:
        start_clock(s, 1, minutes=60, now=at(0))
        record_draw(s, 1, 1, 1)
        assert ring_bell(s, 1, now=at(60)) == [1, 2]
    assert _called(tdb) == {1: 1, 2: 0}
    with tdb.factory.begin() as s:
        add_time(s, 1, 5, table=2, now=at(61), actor=ACTOR)  # table 2 plays on, table 1 stays called
        assert owed_confirmations(s, 1) == [1]
    assert _called(tdb) == {1: 1, 2: None}
    assert _withdrawals(tdb) == [("session 1 table 2 time called", "time added after the bell")]
    with tdb.factory.begin() as s:
        record_draw(s, 1, 2, 1)  # play goes on
        assert ring_bell(s, 1, now=at(64)) == []
        assert ring_bell(s, 1, now=at(65)) == [2]  # the bell rings again at the new zero
    assert _called(tdb) == {1: 1, 2: 1}


def test_time_added_to_the_session_withdraws_only_untouched_bell_calls(tdb: Database) -> None:
    with tdb.factory.begin() as s:
        set_clock_settings(s, end_policy=EndPolicy.FINISH_HAND)
        start_clock(s, 1, minutes=60, now=at(0))
        assert ring_bell(s, 1, now=at(60)) == [1, 2]  # both: hand 1 is the last
        record_draw(s, 1, 1, 1)  # table 1 finished its hand after the bell: its call stands
    with tdb.factory.begin() as s:
        add_time(s, 1, 10, now=at(61), actor=ACTOR)
    assert _called(tdb) == {1: 1, 2: None}
    assert [w[0] for w in _withdrawals(tdb)] == ["session 1 table 2 time called"]


def test_confirmed_and_manual_time_calls_are_never_withdrawn(tdb: Database) -> None:
    from db.service.corrections import cancel_time_called

    with tdb.factory.begin() as s:
        start_clock(s, 1, minutes=60, now=at(0))
        assert ring_bell(s, 1, now=at(60)) == [1, 2]
        confirm_time_call(s, 1, 1, 0, now=at(61), actor=ACTOR)  # confirmed by the referee
        cancel_time_called(s, 1, 2, "wrong table", actor=ACTOR)  # the referee cancels the bell's call...
        assert owed_confirmations(s, 1) == []  # ...which settles it
        call_time(s, 1, 2, 0, actor=ACTOR)  # ...and calls time by hand
    with tdb.factory.begin() as s:
        add_time(s, 1, 10, now=at(62), actor=ACTOR)
    assert _called(tdb) == {1: 0, 2: 0}
    assert _withdrawals(tdb) == []


def test_time_added_that_leaves_the_table_at_zero_withdraws_nothing(tdb: Database) -> None:
    with tdb.factory.begin() as s:
        start_clock(s, 1, minutes=60, now=at(0))
        assert ring_bell(s, 1, now=at(70)) == [1, 2]
        add_time(s, 1, 5, table=1, now=at(71), actor=ACTOR)  # 65 minutes < 71 played: still zero
    assert _called(tdb) == {1: 0, 2: 0}
    assert _withdrawals(tdb) == []


def test_the_logged_start_reads_in_the_logs_local_time(tdb: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock stores naive UTC, the audit log stamps local time: the logged start is written in local
    time with its offset, so it matches the entry's own stamp (an hour apart before, in Paris in winter)."""
    import time

    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    try:
        with tdb.factory.begin() as s:
            start_clock(s, 1, actor=ACTOR)  # the real now: the log's stamp is real too
        with tdb.reader() as s:
            entry = [e for e in queries.audit_log(s) if e.what == "session 1 clock started"][0]
    finally:
        monkeypatch.undo()  # TZ as it was
        time.tzset()
    started = datetime.fromisoformat(json.loads(entry.after or "{}")["started_at"])
    assert started.utcoffset() in (timedelta(hours=1), timedelta(hours=2))
    assert abs((started.replace(tzinfo=None) - entry.at).total_seconds()) <= 2


# ------------------------------------------------------------------------------------------ the limits


def _refused(db: Database, call) -> InputError:
    with pytest.raises(InputError) as err, db.factory.begin() as s:
        call(s)
    return err.value


def test_no_pause_resume_or_end_before_the_moments_already_stored(tdb: Database) -> None:
    with tdb.factory.begin() as s:
        start_clock(s, 1, minutes=90, now=at(10))
    err = _refused(tdb, lambda s: pause_clock(s, 1, now=at(5)))  # it was taken: the time left grew
    assert (err.code, str(err)) == ("clock_before_start", '"at": 2026-05-01 09:05:00 UTC is before the clock of '
                                    "session 1 started (2026-05-01 09:10:00 UTC)")
    assert _refused(tdb, lambda s: end_clock(s, 1, now=at(9))).code == "clock_before_start"
    assert _refused(tdb, lambda s: add_time(s, 1, 5, now=at(9))).code == "clock_before_start"
    with tdb.factory.begin() as s:
        pause_clock(s, 1, now=at(30))
    err = _refused(tdb, lambda s: resume_clock(s, 1, now=at(20)))
    assert str(err) == ('"at": 2026-05-01 09:20:00 UTC is before the clock of session 1 was paused '
                        "(2026-05-01 09:30:00 UTC)")
    with tdb.reader() as s:
        assert clock_view(s, 1, at(40)).remaining_s == 70 * 60  # nothing moved


def test_taking_back_time_never_ends_the_session(tdb: Database) -> None:
    """``add --minutes -100`` ended a 90-minute session at minute 60 and called time at every table."""
    with tdb.factory.begin() as s:
        start_clock(s, 1, minutes=90, now=at(0))
    err = _refused(tdb, lambda s: add_time(s, 1, -100, now=at(60)))
    assert (err.code, str(err)) == ("clock_add_range", '"minutes": -100 minutes: add (or take back) at most the '
                                    "session's length, 90 minutes, and not 0")
    err = _refused(tdb, lambda s: add_time(s, 1, -30, now=at(60)))
    assert str(err) == ('"minutes": session 1 has 30:00 left: taking back 30 minutes would end it; take back less, '
                        "or end the time with “end”")
    with tdb.factory.begin() as s:
        add_time(s, 1, -29, now=at(60))
        assert ring_bell(s, 1, now=at(60)) == []
        assert clock_view(s, 1, at(60)).remaining_s == 60
    assert _called(tdb) == {1: None, 2: None}


def test_a_session_lasts_at_most_24_hours(tdb: Database) -> None:
    """Any number of ``add 1440`` was taken: a 192-hour session."""
    with tdb.factory.begin() as s:
        start_clock(s, 1, minutes=180, now=at(0))
    err = _refused(tdb, lambda s: add_time(s, 1, 1440, now=at(1)))
    assert err.code == "clock_add_range" and "at most the session's length, 180 minutes" in str(err)
    with tdb.factory.begin() as s:
        for minutes in (180, 360, 700):
            add_time(s, 1, minutes, now=at(1))
        add_time(s, 1, 10, table=2, now=at(1))
    err = _refused(tdb, lambda s: add_time(s, 1, 15, now=at(2)))
    assert str(err) == ('"minutes": adding 15 minutes would make a session of 1445 minutes: a session lasts at most '
                        "1440 minutes (24 hours)")
    assert _refused(tdb, lambda s: add_time(s, 1, 11, table=2, now=at(2))).code == "clock_too_long"
    with tdb.factory.begin() as s:
        add_time(s, 1, 20, table=1, now=at(2))
        view = clock_view(s, 1, at(2))
        assert (view.length_s, view.table_remaining(1), view.table_remaining(2)) == (1420 * 60, 1438 * 60, 1428 * 60)


def test_a_table_gives_back_at_most_the_time_it_was_given(tdb: Database) -> None:
    with tdb.factory.begin() as s:
        start_clock(s, 1, minutes=60, now=at(0))
        add_time(s, 1, 5, table=2, now=at(1))
    err = _refused(tdb, lambda s: add_time(s, 1, -6, table=2, now=at(2)))
    assert str(err) == ('"minutes": session 1 table 2 has 1:03:00 left, 5 minutes of it added: take back at most 5 '
                        "minutes there")
    assert _refused(tdb, lambda s: add_time(s, 1, -1, table=1, now=at(2))).code == "clock_take_back_table"
    with tdb.factory.begin() as s:
        add_time(s, 1, -5, table=2, now=at(2))
        assert clock_view(s, 1, at(2)).table_remaining(2) == 58 * 60


@pytest.mark.parametrize("when", ["9999-12-31", "9999-12-31T23:59:59-05:00", "0001-01-01T00:00:00+05:00",
                                  "2000-01-01"])
def test_clock_times_on_the_command_line_are_within_a_day_of_now(tmp_path: Path, when: str,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """``start --at 9999-12-31`` was taken (and the others ended in "unexpected error: OverflowError")."""
    path = tmp_path / "t.mcr"
    with open_database(path, create=True) as d:
        make_tournament(d, players=8)
    assert main(["--db", str(path), "clock", "start", "--session", "1", "--at", when]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f'mcr-tournament: "--at": {when}: clock times are within a day of now (')
    assert err.endswith(" UTC)\n") and err.count("\n") == 1
    with open_database(path) as d, d.reader() as s:
        assert clock_view(s, 1).state == "not_started"
    assert main(["--db", str(path), "clock", "start", "--session", "1", "--at", "nine"]) == 1
    assert capsys.readouterr().err == ("mcr-tournament: \"--at\": 'nine' is not a time like 2026-05-01T09:30 (UTC "
                                       "unless it names a zone, e.g. +08:00)\n")


def test_finishing_a_session_refuses_a_table_not_signed_off_and_keeps_the_clock(tdb: Database) -> None:
    """The GUI's "Finish session" trusted its own view that every table was signed off; another station may
    have withdrawn a sign-off since. The service reads it again in the transaction that ends the clock."""
    from db.service.clock import finish_session
    from db.service.results import sign_off

    with tdb.factory.begin() as s:
        start_clock(s, 1, minutes=120, now=at(0), actor=ACTOR)
        sign_off(s, 1, 1, reason="ended early", actor=ACTOR)
    with pytest.raises(InputError) as err, tdb.factory.begin() as s:
        finish_session(s, 1, now=at(10), actor=ACTOR)
    assert str(err.value).endswith("session 1 cannot be finished yet: table(s) 2 not signed off (or a time call to "
                              "confirm); sign them off first")
    with tdb.reader() as s:
        assert clock_view(s, 1, at(11)).state == "running"
    with pytest.raises(InputError, match="session 2 is not seated"), tdb.factory.begin() as s:
        finish_session(s, 2, now=at(10), actor=ACTOR)
    with tdb.factory.begin() as s:
        sign_off(s, 1, 2, reason="ended early", actor=ACTOR)
        finish_session(s, 1, now=at(12), actor=ACTOR)
    with tdb.reader() as s:
        assert clock_view(s, 1, at(13)).state == "ended"
