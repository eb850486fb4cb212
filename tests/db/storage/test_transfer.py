"""check, export/import round trip, backups of a live database, the demo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text

from db import Database, TournamentError, open_database
from db.read import queries
from db.read.check import check
from db.service.corrections import correct_hand
from db.service.demo import create_demo, fill_demo
from db.service.outcomes import DrawInput
from db.service.results import record_draw
from db.service.seats import seat_session
from db.storage.backups import back_up
from db.storage.transfer import export_data, import_data
from tests.db.helpers import ACTOR, make_tournament


@pytest.fixture
def demo(db: Database) -> Database:
    with db.factory.begin() as s:
        fill_demo(s, ACTOR)
    return db


def test_demo_is_a_valid_played_session(demo: Database) -> None:
    with demo.factory() as s:
        assert check(s) == []
        sheets = queries.table_sheets(s, 1)
        players = queries.players(s)
        assert len(players) == 16 and len({p.team for p in players}) == 4
        assert any("\u4e00" <= ch <= "\u9fff" for p in players for ch in p.name)
        assert [len(sh.hands) for sh in sheets] == [16, 16, 16, 16]
        kinds = {h.kind for sh in sheets for h in sh.hands}
        assert kinds == {"win", "draw"}
        assert sum(len(sh.penalties) for sh in sheets) == 2
        assert sum(1 for sh in sheets for h in sh.hands if h.notation) >= 4
        assert all(h.fans for sh in sheets for h in sh.hands if h.notation)
        assert len(queries.seating(s, 2)) == 4 and queries.seating(s, 3) == []


def test_check_detects_broken_invariants(demo: Database) -> None:
    with demo.factory.begin() as s:
        s.execute(text("UPDATE hands SET d0 = d0 + 5 WHERE id = (SELECT MIN(id) FROM hands)"))
        s.execute(text("UPDATE penalties SET d1 = d1 + 1 WHERE id = (SELECT MIN(id) FROM penalties)"))
    with demo.factory() as s:
        problems = check(s)
    assert any("payments" in p and "do not match" in p for p in problems)
    assert any("match points sum to" in p for p in problems)
    assert any("penalty" in p and "does not match" in p for p in problems)


def test_check_detects_gaps_and_not_unavoidable_teammates(db: Database) -> None:
    # One table and a team of two: sharing it cannot be avoided, so it is no problem.
    make_tournament(db, players=4, sessions=1, teams=["A", "A", "B", None])
    with db.factory.begin() as s:
        record_draw(s, 1, 1, 1, actor=ACTOR)
        record_draw(s, 1, 1, 2, actor=ACTOR)
        s.execute(text("UPDATE hands SET hand_no = 5 WHERE hand_no = 2"))
    with db.factory() as s:
        problems = check(s)
    assert any("not 1..n without gaps" in p for p in problems)
    assert not any("share the table" in p for p in problems)


def test_check_detects_avoidable_teammates_together(db: Database) -> None:
    make_tournament(db, players=8, sessions=1, teams=["A", None, None, None, "A", None, None, None])
    player = "(SELECT id FROM players WHERE number = '{}')"
    with db.factory.begin() as s:
        # Move player 5 (team A) to table 1 in place of player 2, behind the store's back.
        t1, t2 = (s.execute(text(f"SELECT table_id FROM seats WHERE player_id = {player.format(n)}")).scalar()
                  for n in ("2", "5"))
        s.execute(text(f"UPDATE seats SET position = 9 WHERE player_id = {player.format('2')}"))
        s.execute(text(f"UPDATE seats SET table_id = {t1}, position = 1 WHERE player_id = {player.format('5')}"))
        s.execute(text(f"UPDATE seats SET table_id = {t2}, position = 0 WHERE player_id = {player.format('2')}"))
    with db.factory() as s:
        problems = check(s)
    assert any("session 1 table 1: 2 players of team A share the table" in p for p in problems)


def test_export_import_round_trip_is_lossless(demo: Database, tmp_path: Path) -> None:
    with demo.factory.begin() as s:
        correct_hand(s, 1, 1, 16, DrawInput(), "test correction", actor=ACTOR)
    with demo.factory() as s:
        first = export_data(s)
        standings = queries.standings(s)
    blob = json.dumps(first, ensure_ascii=False)
    with open_database(tmp_path / "restored.sqlite", create=True) as other:
        with other.factory.begin() as s:
            import_data(s, json.loads(blob))
        with other.factory() as s:
            assert export_data(s) == first
            assert queries.standings(s) == standings
            assert check(s) == []
        with other.factory.begin() as s:  # ids continue after the restored ones
            seat_session(s, 3, actor=ACTOR)
        with pytest.raises(TournamentError, match="already holds a tournament"), other.factory.begin() as s:
            import_data(s, first)


def test_import_refuses_foreign_files(db: Database) -> None:
    with pytest.raises(TournamentError, match="not an MCR tournament export"), db.factory.begin() as s:
        import_data(s, {"hello": 1})


def test_backup_is_a_consistent_copy(demo: Database, tmp_path: Path) -> None:
    target = back_up(demo, folder=tmp_path / "backups")
    assert target.exists()
    with demo.factory() as s:
        original = export_data(s)
    if demo.is_sqlite:
        with open_database(target) as copy, copy.factory() as s:
            assert export_data(s) == original
    else:
        assert json.loads(target.read_text(encoding="utf-8")) == json.loads(json.dumps(original))


def test_create_demo_file(tmp_path: Path) -> None:
    path = tmp_path / "demo.sqlite"
    create_demo(path)
    with pytest.raises(TournamentError, match="already holds a tournament"):
        create_demo(path)


def test_export_moves_between_backends(db: Database, tmp_path: Path) -> None:
    source = tmp_path / "source.sqlite"
    create_demo(source)
    with open_database(source) as src, src.factory() as s:
        data = json.loads(json.dumps(export_data(s)))
        standings = queries.standings(s)
    with db.factory.begin() as s:
        import_data(s, data)
    with db.factory() as s:
        assert export_data(s) == data
        assert queries.standings(s) == standings
