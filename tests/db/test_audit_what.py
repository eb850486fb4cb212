"""The audit entry as data (db/audit_what.py): every writer stores the place (session, table, hand, player)
and the message as a code with its parameters, beside the English ``what`` it always wrote; readers ask the
columns, never the English."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from sqlalchemy import select, text, update

from db import Database
from db.audit_what import TEMPLATES, What, fields, render
from db.models import AuditLog
from db.read import queries
from db.rules.profiles import Settlement
from db.service import calls, clock, public_page
from db.service.checkin import check_in
from db.service.corrections import (
    cancel_time_called,
    correct_hand,
    correct_penalty,
    delete_hand,
    delete_penalty,
)
from db.service.devices import device_links, revoke_device
from db.service.outcomes import DrawInput, PenaltyInput
from db.service.players import PlayerInput, import_players, substitute_player
from db.service.results import call_time, record_draw, record_penalty, sign_off
from db.service.seats import seat_session, swap_players
from db.service.stages import add_stage, change_stage, remove_stage, set_event_rules
from db.service.tournament import update_settings
from db.storage.audit_legacy import read_what
from tests.db.helpers import ACTOR, make_tournament

T0 = datetime(2026, 5, 1, 9, 0, 0)


def write_every_kind(db: Database) -> None:
    """One entry (at least) of each kind the services write, on the 8 players of ``make_tournament``."""
    make_tournament(db, players=8, sessions=4)
    with db.factory.begin() as s:
        import_players(s, [PlayerInput("9", "Sub 9", substitute=True)], ACTOR)
        update_settings(s, name="O'Brien \"Open\"", start_date=date(2026, 5, 1), actor=ACTOR)
        update_settings(s, hands_per_session=4, actor=ACTOR)
        clock.set_clock_settings(s, session_minutes=100, actor=ACTOR)
        set_event_rules(s, substitute_awards=True, actor=ACTOR)
        public_page.set_public_settings(s, hide_standings_after=1, actor=ACTOR)
        device_links(s, 1, actor=ACTOR)
        revoke_device(s, 1, 2, actor=ACTOR)
        clock.start_clock(s, 1, minutes=90, now=T0, actor=ACTOR)
        clock.pause_clock(s, 1, now=T0 + timedelta(minutes=1), actor=ACTOR)
        clock.resume_clock(s, 1, now=T0 + timedelta(minutes=2), actor=ACTOR)
        clock.add_time(s, 1, 5, now=T0 + timedelta(minutes=3), actor=ACTOR)
        clock.add_time(s, 1, -2, now=T0 + timedelta(minutes=4), actor=ACTOR)
        record_draw(s, 1, 1, 1, actor=ACTOR)
        record_draw(s, 1, 1, 2, actor=ACTOR)
        correct_hand(s, 1, 1, 1, DrawInput(), "typo", actor=ACTOR)
        delete_hand(s, 1, 1, 2, "typo", actor=ACTOR)
        pid = record_penalty(s, 1, 1, PenaltyInput("1", 30, Settlement.DEDUCTED), actor=ACTOR)
        correct_penalty(s, pid, PenaltyInput("1", 60, Settlement.DEDUCTED), "amount", actor=ACTOR)
        delete_penalty(s, pid, "withdrawn", actor=ACTOR)
        call_time(s, 1, 2, 0, actor=ACTOR)
        cancel_time_called(s, 1, 2, "too early", actor=ACTOR)
        clock.ring_bell(s, 1, now=T0 + timedelta(minutes=95), actor=ACTOR)
        clock.confirm_time_call(s, 1, 2, 0, now=T0 + timedelta(minutes=96), actor=ACTOR)
        c = calls.call_referee(s, 1, 1, "dispute", "East claims 8", actor=ACTOR)
        calls.take_call(s, c.id, "Ann", actor=ACTOR)
        calls.resolve_call(s, c.id, "no win", actor=ACTOR)
        c = calls.call_referee(s, 1, 1, "dispute", actor=ACTOR)
        calls.cancel_call(s, 1, 1, c.id, actor=ACTOR)
        sign_off(s, 1, 1, reason="ended early", actor=ACTOR)
        clock.end_clock(s, 1, now=T0 + timedelta(minutes=97), actor=ACTOR)
        swap_players(s, 1, "1", "5", reason="wrong seat", actor=ACTOR)
        seat_session(s, 2, actor=ACTOR)
        check_in(s, 3, present=["1"], actor=ACTOR)
        substitute_player(s, "8", "9", 3, reason="ill", actor=ACTOR)
        add_stage(s, "Final 'A'", 1, 4, "half", "rank", ACTOR)
        change_stage(s, "Final 'A'", new_name="Final", actor=ACTOR)
        remove_stage(s, "Final", actor=ACTOR)


def test_every_writer_stores_the_place_and_the_message_as_data_and_its_english_as_before(db: Database) -> None:
    write_every_kind(db)
    with db.reader() as s:
        log = queries.audit_log(s)
    assert {e.what_code for e in log} == set(TEMPLATES) - {"stage_tie", "restored", "stand_ins"}
    for e in log:
        values = fields(e.session, e.table, e.hand, e.player, e.what_params)
        assert render(e.what_code, values) == e.what  # the English is the message's, as it always was
        found = read_what(e.what)  # and the upgrade reads every writer's English back to the same data
        assert found is not None and found.columns() == {"session": e.session, "table_no": e.table, "hand": e.hand,
                                                          "player": e.player, "what_code": e.what_code,
                                                          "what_params": e.what_params}, e
    said = {(e.action, e.what): (e.session, e.table, e.hand, e.player, e.what_code, e.what_params) for e in log}
    assert said[("record", "session 1 table 1 hand 1")] == (1, 1, 1, None, "hand", None)
    assert said[("correct", "session 1 table 1 penalty 1")] == (1, 1, None, None, "penalty", {"penalty": 1})
    assert said[("player_add", "player 9")] == (None, None, None, "9", "player", None)
    assert said[("substitute", "player 9 replaces 8 from session 3")] == (3, None, None, "9", "substitute",
                                                                         {"other": "8"})
    assert said[("clock", "session 1 clock -2 min")] == (1, None, None, None, "clock_minutes", {"minutes": -2})
    assert said[("settings", "tournament name")][4] == "tournament_name"
    assert said[("call", "session 1 table 1 call 1")] == (1, 1, None, None, "call", {"call": 1})
    assert ("stage", "stage \"Final 'A'\" added") in said


def test_a_sheet_marks_its_corrected_hands_from_the_columns_not_from_the_english(db: Database) -> None:
    make_tournament(db, players=8)
    with db.factory.begin() as s:
        for h in (1, 2):
            record_draw(s, 1, 1, h, actor=ACTOR)
        correct_hand(s, 1, 1, 2, DrawInput(), "typo", actor=ACTOR)
        s.execute(update(AuditLog).values(what="garbled"))  # the English says nothing any more
    with db.reader() as s:
        assert [h.corrected for h in queries.table_sheet(s, 1, 1).hands] == [False, True]
        assert not any(h.corrected for h in queries.table_sheet(s, 1, 2).hands)


def test_an_unknown_message_code_is_refused_to_its_writer() -> None:
    try:
        What("no such message")
    except ValueError as exc:
        assert "no such message" in str(exc)
    else:
        raise AssertionError("a code without a template was accepted")


def test_the_legacy_reading_gives_nothing_rather_than_a_wrong_place() -> None:
    assert read_what("session 1 table 2 hand 3") == What("hand", 1, 2, 3)
    assert read_what("tournament \"A 'quoted' name\"") == What("tournament", params={"name": "A 'quoted' name"})
    for line in ("a hand somewhere", "session 1 table 2 hand 3 and more", "tournament not-a-literal",
                 "tournament 'A \\'quoted\\' name'",  # a literal, but not as {name!r} writes it
                 "session 01 table 2", "stage 1 added"):
        assert read_what(line) is None, line


def test_the_store_holds_none_not_json_null_for_an_entry_without_parameters(db: Database) -> None:
    make_tournament(db, players=8)
    with db.reader() as s:
        raw = s.execute(select(AuditLog.what_params).where(AuditLog.what_code == "player")
                        .where(AuditLog.what_params.is_(None))).all()
    assert len(raw) == 8


def test_migration_0007_gives_older_entries_the_columns_their_writers_give_on_each_backend(db: Database) -> None:
    """Taken back to 0006 (the columns dropped) and upgraded again, on SQLite and on PostgreSQL: every entry
    has the place and message it was written with; a line no writer wrote keeps them empty."""
    from alembic import command

    from db.storage.schema import alembic_config, upgrade

    write_every_kind(db)
    with db.reader() as s:
        written = {e.id: e for e in queries.audit_log(s)}
    with db.engine.begin() as conn:
        cfg = alembic_config()
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0006")
        conn.execute(text("INSERT INTO audit_log (at, station, referee, action, what) "
                          "VALUES (:at, '', '', 'record', 'a hand somewhere')"), {"at": T0})
    upgrade(db.engine, mark=False)
    with db.reader() as s:
        upgraded = {e.id: e for e in queries.audit_log(s)}
    odd = upgraded.pop(max(upgraded))
    assert (odd.what, odd.session, odd.table, odd.what_code, odd.what_params) == ("a hand somewhere", None, None,
                                                                                  None, None)
    assert upgraded == written
