"""Signing a sheet off: a table with hands missing and no time call is refused, naming the
missing hands, unless a reason says why it ended early; the reason is audited. The CLI reaches it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from db import Database, InputError
from db.read import queries
from db.service.results import call_time, record_draw, sign_off
from tests.db.commands.test_cli import run, seated  # noqa: F401 - the fixture
from tests.db.helpers import ACTOR, make_tournament


def draws(db: Database, n: int, table: int = 1) -> None:
    with db.factory.begin() as s:
        for h in range(1, n + 1):
            record_draw(s, 1, table, h, actor=ACTOR)


def signed(db: Database, table: int = 1) -> bool:
    with db.factory() as s:
        return queries.table_sheet(s, 1, table).signed_off


def test_a_table_with_hands_missing_is_refused_naming_them(db: Database) -> None:
    make_tournament(db)
    draws(db, 9)
    with pytest.raises(InputError) as e, db.factory.begin() as s:
        sign_off(s, 1, 1, actor=ACTOR)
    assert e.value.code == "sign_off_unfinished"
    assert e.value.params["missing"] == "10–16" and "10–16" in e.value.message
    assert not signed(db)


def test_with_a_reason_it_is_signed_off_and_the_reason_audited(db: Database) -> None:
    make_tournament(db)
    draws(db, 9)
    with db.factory.begin() as s:
        sign_off(s, 1, 1, reason="players left after a dispute", actor=ACTOR)
    assert signed(db)
    with db.factory() as s:
        last = queries.audit_log(s)[-1]
    assert (last.action, last.reason) == ("sign_off", "players left after a dispute")


def test_a_finished_or_time_called_table_needs_no_reason(db: Database) -> None:
    make_tournament(db)
    draws(db, 16, table=1)
    draws(db, 3, table=2)
    with db.factory.begin() as s:
        call_time(s, 1, 2, 3, actor=ACTOR)
        sign_off(s, 1, 1, actor=ACTOR)
        sign_off(s, 1, 2, actor=ACTOR)
        sign_off(s, 1, 2, False, actor=ACTOR)  # taking a sign-off back never needs one
    assert signed(db, 1) and not signed(db, 2)


def test_the_hand_in_progress_at_a_finish_hand_call_is_still_missing(db: Database) -> None:
    make_tournament(db)
    draws(db, 3)
    with db.factory.begin() as s:
        call_time(s, 1, 1, 4, in_progress=True, actor=ACTOR)
    with pytest.raises(InputError, match="hand\\(s\\) 4 missing"), db.factory.begin() as s:
        sign_off(s, 1, 1, actor=ACTOR)


def test_cli_results_sign_off(seated: Path) -> None:  # noqa: F811
    out = run("--db", "t.sqlite", "results", "sign-off", "--session", "1", "--table", "1", cwd=seated)
    assert out.returncode != 0 and "hand(s) 1–16 missing" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1  # one clear line, no traceback
    out = run("--db", "t.sqlite", "results", "sign-off", "--session", "1", "--table", "1",
              "--reason", "table abandoned", cwd=seated)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "session 1 table 1: signed off"
    log = json.loads(run("--db", "t.sqlite", "log", "--format", "json", cwd=seated).stdout)
    assert log[-1]["action"] == "sign_off" and log[-1]["reason"] == "table abandoned"
    out = run("--db", "t.sqlite", "results", "sign-off", "--session", "1", "--table", "1", "--undo", cwd=seated)
    assert out.returncode == 0 and "withdrawn" in out.stdout


def test_a_game_table_signs_off_once_its_game_is_over_and_before_only_with_a_reason(db: Database) -> None:
    """A Riichi table has no fixed number of hands (its 64 are a ceiling): what is missing is the game's end."""
    from db.service.games import call_game_time, record_game_line

    make_tournament(db, players=4, profile="riichi-ema2016")
    with db.factory.begin() as s:
        record_game_line(s, 1, 1, 1, {"type": "draw", "tenpai": [], "riichi": []}, actor=ACTOR)
    with pytest.raises(InputError) as e, db.factory.begin() as s:
        sign_off(s, 1, 1, actor=ACTOR)
    assert e.value.code == "sign_off_game_on" and e.value.params["recorded"] == 1
    with db.factory.begin() as s:  # the gong during hand 2; EMA plays one more hand after it
        call_game_time(s, 1, 1, 2, actor=ACTOR)
        for hand in (2, 3):
            record_game_line(s, 1, 1, hand, {"type": "draw", "tenpai": [], "riichi": []}, actor=ACTOR)
    with db.factory.begin() as s:
        sign_off(s, 1, 1, actor=ACTOR)
    assert signed(db)
