"""The app's runner reads through the store's read-only sessions, so a page never waits for a writer, and
says what to do next after a refusal by the refusal's code."""

from __future__ import annotations

import sqlite3

import pytest

from db.errors import StaleTableError, TournamentError
from db.read import queries
from db.storage.store import open_database
from referee_app.base.runner import TABLE_MOVED_CODES, Runner, refusal_code


def test_read_does_not_wait_for_another_stations_write_lock(qtbot, tournament_file):
    other = sqlite3.connect(tournament_file, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another station is in the middle of saving
    try:
        with open_database(tournament_file) as db:
            runner = Runner(db.factory, db.reader)
            # Were reads to take the write lock, this would wait out busy_timeout, then fail "locked".
            info = runner.read(queries.tournament_info)
        assert info.name == "Spring Open"
    finally:
        other.execute("ROLLBACK")
        other.close()


class TableMovedOn(TournamentError):
    """A refusal whose class the runner has never heard of: only its ``code`` says what it means."""


def _refuse(exc: BaseException):
    def fn(_s):
        raise exc

    return fn


@pytest.mark.parametrize(("exc", "step"), [
    (TableMovedOn(code="stale_table", session=1, table=1, expected=1, actual=2),
     "Reload the table (it refreshes now) and enter the result again."),
    (TournamentError(code="settings_frozen"), "Settings cannot change once results exist; correct the results instead."),
])
def test_a_refusal_is_handled_by_its_code_not_its_class_name(qtbot, tournament_file, error_messages, exc, step):
    with open_database(tournament_file) as db:
        runner = Runner(db.factory, db.reader)
        reread: list[object] = []
        runner.changed.connect(reread.append)
        assert runner.run(_refuse(exc)) is None
        assert error_messages[-1].next_step == step
        # a table that moved on is re-read at once; frozen settings change nothing the pages show
        assert bool(reread) == (exc.code == "stale_table")


def test_hand_entry_and_the_runner_share_one_list_of_table_moved_codes():
    # StaleTableError's code, not its class name, is what both look at
    assert {StaleTableError(1, 1, 1, 2).code, "hand_recorded", "hand_out_of_order"} <= TABLE_MOVED_CODES
    assert refusal_code(TableMovedOn(code="stale_table", session=1, table=1, expected=1, actual=2)) == "stale_table"
    assert refusal_code(ValueError("no code")) == ""
