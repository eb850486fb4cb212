"""What a change touched (``db.read.changes``): every writer's audit entries give the same descriptor, read by a
tracker that never counts the whole log; PostgreSQL's late commits are still caught (real servers, no mocks)."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from db import Database, open_database
from db.actions import AuditAction
from db.audit_what import What
from db.models import AuditLog
from db.read import queries
from db.read.changes import ALL, NOTHING, WINDOW, Changes, ChangeTracker, Entry, describe, describe_entry
from db.service.audit import audit
from db.service.calls import call_referee
from db.service.checkin import check_in
from db.service.clock import start_clock
from db.service.corrections import delete_hand
from db.service.players import PlayerInput, import_players
from db.service.results import record_draw, sign_off
from db.service.seats import swap_players
from db.service.tournament import update_settings
from tests.db.helpers import ACTOR, make_tournament


def _tracker(db: Database, window: int = WINDOW) -> ChangeTracker:
    tracker = ChangeTracker(window=window)
    with db.reader() as s:
        tracker.start(s)
    return tracker


def _catch_up(db: Database, tracker: ChangeTracker) -> Changes:
    with db.reader() as s:
        return tracker.catch_up(s)


def test_another_database_objects_writes_reach_the_tracker_with_what_they_touched(db: Database, db_url: str) -> None:
    make_tournament(db, players=8)
    tracker = _tracker(db)
    assert _catch_up(db, tracker) == NOTHING and not _catch_up(db, tracker)
    with open_database(db_url) as other:  # another station, device or command on the same store
        with other.factory.begin() as s:
            record_draw(s, 1, 2, 1, actor=ACTOR)
        assert _catch_up(db, tracker) == Changes(tables=frozenset({(1, 2)}))
        assert _catch_up(db, tracker) == NOTHING  # drawn once
        with other.factory.begin() as s:
            record_draw(s, 1, 1, 1, actor=ACTOR)
            record_draw(s, 1, 2, 2, actor=ACTOR)
        assert _catch_up(db, tracker) == Changes(tables=frozenset({(1, 1), (1, 2)}))
        steps = [
            (lambda s: delete_hand(s, 1, 2, 2, "typo", actor=ACTOR), Changes(tables=frozenset({(1, 2)}))),
            (lambda s: sign_off(s, 1, 1, reason="ended early", actor=ACTOR), Changes(tables=frozenset({(1, 1)}))),
            (lambda s: swap_players(s, 1, "1", "5", reason="wrong seat", actor=ACTOR), Changes(sessions=frozenset({1}))),
            (lambda s: import_players(s, [PlayerInput("3", "Renamed")], ACTOR), Changes(players=True)),
            (lambda s: start_clock(s, 1, actor=ACTOR), Changes(clock=frozenset({1}))),
            (lambda s: call_referee(s, 1, 2, "dispute", actor=ACTOR), Changes(calls=True)),
            (lambda s: check_in(s, 2, present=["1"], actor=ACTOR), Changes(checkin=frozenset({2}))),
            (lambda s: update_settings(s, name="Renamed Open", actor=ACTOR), ALL),
        ]
        for write, expected in steps:
            with other.factory.begin() as s:
                write(s)
            assert _catch_up(db, tracker) == expected


def test_unknown_actions_and_unreadable_entries_mean_everything(db: Database) -> None:
    make_tournament(db, players=8)
    tracker = _tracker(db)
    with db.factory.begin() as s:
        s.add(AuditLog(at=func.now(), station="", referee="", action="frobnicate", what="session 1 table 1"))
    assert _catch_up(db, tracker) == ALL
    with db.factory.begin() as s:
        audit(s, ACTOR, AuditAction.RECORD, What("seating_plan"))  # no session and table in its place
    assert _catch_up(db, tracker) == ALL
    assert describe_entry(Entry("record", 3, 12)) == Changes(tables=frozenset({(3, 12)}))
    assert describe_entry(Entry("clock", 2, 5)) == Changes(clock=frozenset({2}), tables=frozenset({(2, 5)}))
    assert describe([]) == NOTHING and describe([Entry("record", 1, 1), Entry("settings")]) == ALL
    for action in AuditAction:  # every action is described (at worst: everything), none raises
        assert isinstance(describe_entry(Entry(action.value, 1, 1)), Changes)


def test_the_descriptor_reads_the_place_columns_never_the_english(db: Database) -> None:
    make_tournament(db, players=8)
    tracker = _tracker(db)
    with db.factory.begin() as s:  # garbled English, the place in its columns: the place counts
        s.add(AuditLog(at=func.now(), station="", referee="", action="record", what="#?!", session=1, table_no=2,
                       hand=1, what_code="hand"))
    assert _catch_up(db, tracker) == Changes(tables=frozenset({(1, 2)}))
    with db.factory.begin() as s:  # a place in English only is not read: everything, never a stale page
        s.add(AuditLog(at=func.now(), station="", referee="", action="record", what="session 1 table 1 hand 1"))
    assert _catch_up(db, tracker) == ALL


def test_a_tracker_not_started_says_everything_once(db: Database) -> None:
    make_tournament(db, players=8)
    tracker = ChangeTracker()
    assert _catch_up(db, tracker) == ALL
    assert _catch_up(db, tracker) == NOTHING


def test_the_marker_reads_a_window_not_the_whole_log(db: Database) -> None:
    """On SQLite the marker is (entries within WINDOW ids of the newest, newest id): bounded by the window
    however long the log, and it moves with each write like the count over the whole log did. On
    PostgreSQL it counts the whole log (a late commit at any depth moves it)."""
    make_tournament(db, players=8)
    with db.factory.begin() as s:
        for i in range(WINDOW + 50):
            audit(s, ACTOR, AuditAction.PLAYER_UPDATE, What("player", player=str(i)))
    with db.reader() as s:
        recent, newest = queries.change_marker(s)
        total = s.scalar(select(func.count()).select_from(AuditLog))
    assert total is not None
    assert recent == (WINDOW if db.is_sqlite else total) and total > WINDOW and newest == s_max(db)
    tracker = _tracker(db)
    with db.factory.begin() as s:
        record_draw(s, 1, 1, 1, actor=ACTOR)
    assert _catch_up(db, tracker) == Changes(tables=frozenset({(1, 1)}))
    assert len(tracker.seen) <= WINDOW


def s_max(db: Database) -> int:
    with db.reader() as s:
        return int(s.scalar(select(func.max(AuditLog.id))) or 0)


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_postgresql_commits_out_of_id_order_still_reach_the_tracker(db: Database) -> None:
    """On PostgreSQL an id is taken at the insert, not at the commit: table 1's entry (the lower id) can
    become visible after table 2's. The marker moves when it does, and the tracker describes it."""
    make_tournament(db, players=8)
    tracker = _tracker(db)
    with db.reader() as s:
        before = queries.change_marker(s)
    slow = db.factory()
    slow.begin()
    try:
        record_draw(slow, 1, 1, 1, actor=ACTOR)
        slow.flush()  # table 1's audit entry has its id now, not yet committed
        with db.factory.begin() as s:
            record_draw(s, 1, 2, 1, actor=ACTOR)  # a higher id, committed first
        assert _catch_up(db, tracker) == Changes(tables=frozenset({(1, 2)}))
        with db.reader() as s:
            middle = queries.change_marker(s)
        slow.commit()
    finally:
        slow.close()
    with db.reader() as s:
        after = queries.change_marker(s)
    assert before != middle != after and middle[1] == after[1]  # the newest id stayed: the count moved
    assert _catch_up(db, tracker) == Changes(tables=frozenset({(1, 1)}))
    assert _catch_up(db, tracker) == NOTHING


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_postgresql_a_commit_later_than_the_window_moves_the_marker_and_says_everything(db: Database) -> None:
    """A transaction that stays open while more than the window's entries commit after its insert: its entry
    lies below the ids the tracker reads, but the marker's whole count moves, and the tracker says
    everything."""
    make_tournament(db, players=8)
    tracker = _tracker(db, window=2)
    slow = db.factory()
    slow.begin()
    try:
        record_draw(slow, 1, 1, 1, actor=ACTOR)
        slow.flush()
        with db.factory.begin() as s:
            for hand in (1, 2, 3):
                record_draw(s, 1, 2, hand, actor=ACTOR)
        assert _catch_up(db, tracker) == Changes(tables=frozenset({(1, 2)}))
        slow.commit()
    finally:
        slow.close()
    assert _catch_up(db, tracker) == ALL
    assert _catch_up(db, tracker) == NOTHING


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_postgresql_a_long_transaction_whose_own_entries_pass_the_window_says_everything(db: Database) -> None:
    """One transaction (an atomic import) writes more entries than the window, table 1's first, while a
    device commits a hand at table 3: when it commits, table 1's entries lie below the ids read, so the
    tracker must not describe only the top of it."""
    make_tournament(db, players=12)
    tracker = _tracker(db, window=2)
    slow = db.factory()
    slow.begin()
    try:
        record_draw(slow, 1, 1, 1, actor=ACTOR)
        for hand in (1, 2, 3):
            record_draw(slow, 1, 2, hand, actor=ACTOR)
        slow.flush()
        with db.factory.begin() as s:
            record_draw(s, 1, 3, 1, actor=ACTOR)
        assert _catch_up(db, tracker) == Changes(tables=frozenset({(1, 3)}))
        slow.commit()
    finally:
        slow.close()
    assert _catch_up(db, tracker) == ALL
    assert _catch_up(db, tracker) == NOTHING
