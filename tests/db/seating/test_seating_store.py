"""Seating through the store: plans that follow what was really seated, and teammates kept apart."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from sqlalchemy import select

from db import Database, InputError, open_database
from db.models import AuditLog, Tournament
from db.read import queries
from db.read.lookup import seating_numbers
from db.service.players import PlayerInput, import_players, substitute_player
from db.service.results import record_draw, record_win
from db.service.seats import seat_session, set_seating, swap_players
from db.service.teammates import teammate_conflicts
from db.service.tournament import create_tournament
from tests.db.helpers import ACTOR

Seating = list[list[str]]


def _pairs(tables: Seating) -> set[frozenset[str]]:
    return {frozenset(p) for tbl in tables for p in itertools.combinations(tbl, 2)}


def _players(db: Database, n: int, sessions: int, team_size: int | None = None, subs: int = 0) -> None:
    """Players 1..n (teams T0, T1, ... of ``team_size`` in number order) and substitutes 99, 98, ..."""
    with db.factory.begin() as s:
        create_tournament(s, "Open", sessions=sessions, actor=ACTOR)
        import_players(s, [PlayerInput(str(i), f"P{i}", None if team_size is None else f"T{(i - 1) // team_size}")
                           for i in range(1, n + 1)], ACTOR)
        import_players(s, [PlayerInput(str(99 - k), f"Sub {k}", substitute=True) for k in range(subs)], ACTOR)


def _seatings(db: Database, sessions: int) -> list[Seating]:
    with db.factory() as s:
        return [seating_numbers(s, k) for k in range(1, sessions + 1)]


def _plan_entries(db: Database) -> int:
    with db.factory() as s:
        return len(list(s.scalars(select(AuditLog).where(AuditLog.action == "seating_plan"))))


# ------------------------------------------------------------------------------ history in the plan


def _substitute_scenario(db: Database, by_hand: bool) -> list[Seating]:
    """16 players x 5 sessions; sessions 1-2 seated (balanced, or by hand) and played; player 1 replaced
    by substitute 99 from session 3; session 3 seated with a new seed, then 4 and 5 without one."""
    _players(db, 16, 5, subs=1)
    with db.factory.begin() as s:
        if by_hand:  # the affine plane's first two parallel classes: rows, then columns
            set_seating(s, 1, [[str(4 * r + c + 1) for c in range(4)] for r in range(4)], actor=ACTOR)
            set_seating(s, 2, [[str(4 * r + c + 1) for r in range(4)] for c in range(4)], actor=ACTOR)
        else:
            seat_session(s, 1, actor=ACTOR)
            seat_session(s, 2, actor=ACTOR)
        record_draw(s, 1, 1, 1, actor=ACTOR)
        record_draw(s, 2, 1, 1, actor=ACTOR)
    with db.factory.begin() as s:
        substitute_player(s, "1", "99", 3, reason="ill", actor=ACTOR)
    with db.factory.begin() as s:
        seat_session(s, 3, seed=11, actor=ACTOR)
    with db.factory.begin() as s:
        seat_session(s, 4, actor=ACTOR)
        seat_session(s, 5, actor=ACTOR)
    return _seatings(db, 5)


@pytest.mark.parametrize("by_hand", [False, True], ids=["balanced", "by-hand"])
def test_sessions_after_a_substitution_avoid_the_played_pairs(db: Database, by_hand: bool) -> None:
    seatings = _substitute_scenario(db, by_hand)
    played = _pairs(seatings[0]) | _pairs(seatings[1])
    for k in (3, 4, 5):
        numbers = {n for tbl in seatings[k - 1] for n in tbl}
        assert "99" in numbers and "1" not in numbers
        assert not _pairs(seatings[k - 1]) & played, f"session {k} repeats a pair of sessions 1-2"
    later = [p for k in (2, 3, 4) for p in _pairs(seatings[k])]
    assert len(later) == len(set(later))  # and no pair twice among 3..5
    with db.factory() as s:
        plan = s.get(Tournament, 1).seating_plan  # type: ignore[union-attr]
    assert plan == seatings  # sessions 4 and 5 came from the plan stored when session 3 was seated
    seats = {n: [tbl.index(n) for tables in seatings for tbl in tables if n in tbl] for n in map(str, range(2, 17))}
    assert all(max(map(c.count, range(4))) - min(map(c.count, range(4))) <= 1 for c in seats.values())


def test_replanning_is_reproducible_from_the_seed(tmp_path: Path) -> None:
    results = []
    for name in ("a.sqlite", "b.sqlite"):
        with open_database(tmp_path / name, create=True) as db:
            results.append(_substitute_scenario(db, by_hand=False))
    assert results[0] == results[1]


def test_balanced_session_after_a_standings_session_avoids_its_pairs(db: Database) -> None:
    _players(db, 32, 5, team_size=4)
    with db.factory.begin() as s:
        seat_session(s, 1, actor=ACTOR)
        tables1 = seating_numbers(s, 1)
        for t, four in enumerate(tables1, start=1):  # a different leader at every table
            record_win(s, 1, t, 1, winner=four[t % 4], self_drawn=True, fan=8 + t, actor=ACTOR)
    with db.factory.begin() as s:
        seat_session(s, 2, method="standings", actor=ACTOR)
        record_draw(s, 2, 1, 1, actor=ACTOR)
    assert _plan_entries(db) == 1
    with db.factory.begin() as s:
        seat_session(s, 3, actor=ACTOR)
    assert _plan_entries(db) == 2  # session 2 was not the plan's: sessions 3.. planned again after 1 and 2
    with db.factory.begin() as s:
        seat_session(s, 4, actor=ACTOR)
    assert _plan_entries(db) == 2  # nothing changed since: session 4 from the stored plan
    seatings = _seatings(db, 4)
    assert not _pairs(seatings[2]) & (_pairs(seatings[0]) | _pairs(seatings[1]))
    assert not _pairs(seatings[3]) & (_pairs(seatings[0]) | _pairs(seatings[1]) | _pairs(seatings[2]))
    with db.factory() as s:
        assert teammate_conflicts(s, 3) == [] and teammate_conflicts(s, 4) == []


def test_seating_the_same_session_again_keeps_the_plan(db: Database) -> None:
    _players(db, 16, 5)
    with db.factory.begin() as s:
        first = seat_session(s, 1, actor=ACTOR)
        assert seat_session(s, 1, actor=ACTOR) == first
        other = seat_session(s, 1, seed=4, actor=ACTOR)
        second = seat_session(s, 2, actor=ACTOR)  # from the plan made with seed 4
    assert _plan_entries(db) == 2
    assert not _pairs(other) & _pairs(second)


# ------------------------------------------------------------------------------------ teammates


def _four_teams(db: Database) -> Seating:
    """16 players in teams T0..T3 of 4 (1-4, 5-8, ...), session 1 seated by the generator."""
    _players(db, 16, 3, team_size=4)
    with db.factory.begin() as s:
        tables = seat_session(s, 1, actor=ACTOR)
        assert teammate_conflicts(s, 1) == []
    return tables


def _team(n: str, size: int = 4) -> int:
    return (int(n) - 1) // size


def test_a_swap_that_seats_teammates_together_is_refused(db: Database) -> None:
    tables = _four_teams(db)
    a = next(n for n in tables[0] if _team(n) == 0)
    b = next(n for n in tables[1] if _team(n) != 0)
    mate = next(n for n in tables[1] if _team(n) == 0)
    before = _seatings(db, 1)
    with pytest.raises(InputError) as err, db.factory.begin() as s:
        swap_players(s, 1, a, b, actor=ACTOR)
    x, y = sorted((a, mate), key=int)
    assert f"players {x} (P{x}) and {y} (P{y}) are both in team T0" in str(err.value)
    assert "table 2 of session 1" in str(err.value)
    assert _seatings(db, 1) == before
    same = next(n for n in tables[1] if _team(n) == _team(a))
    with db.factory.begin() as s:  # teammates exchanging places: allowed, nothing to warn about
        assert swap_players(s, 1, a, same, actor=ACTOR) == []


def test_set_seating_with_teammates_together_is_refused(db: Database) -> None:
    _four_teams(db)
    rows = [[str(i) for i in range(k, k + 4)] for k in (1, 5, 9, 13)]  # each table one whole team
    with pytest.raises(InputError, match=r"players 1 \(P1\) and 2 \(P2\) are both in team T0"), \
            db.factory.begin() as s:
        set_seating(s, 1, rows, actor=ACTOR)
    apart = [[str(k + 4 * t) for t in range(4)] for k in range(1, 5)]
    with db.factory.begin() as s:
        assert set_seating(s, 1, apart, actor=ACTOR) == []


def test_teams_larger_than_the_tables_are_warned_not_refused(db: Database) -> None:
    # 8 players at 2 tables: team Big (1, 2, 3) must meet somewhere, team Duo (4, 5) can be kept apart.
    teams = {1: "Big", 2: "Big", 3: "Big", 4: "Duo", 5: "Duo"}
    with db.factory.begin() as s:
        create_tournament(s, "Open", sessions=1, actor=ACTOR)
        import_players(s, [PlayerInput(str(i), f"P{i}", teams.get(i)) for i in range(1, 9)], ACTOR)
        tables = seat_session(s, 1, actor=ACTOR)
        assert sorted(sum(int(n) <= 3 for n in tbl) for tbl in tables) == [1, 2]  # Big spread 2 + 1
        assert all(sum(n in ("4", "5") for n in tbl) == 1 for tbl in tables)  # Duo apart
        warnings = set_seating(s, 1, [["1", "2", "3", "4"], ["5", "6", "7", "8"]], actor=ACTOR)
    assert warnings == ["table 1: team Big (1, 2, 3)"]
    with pytest.raises(InputError, match=r"^players 4 \(P4\) and 5 \(P5\) are both in team Duo: .* table 2 "), \
            db.factory.begin() as s:
        set_seating(s, 1, [["1", "2", "3", "6"], ["4", "5", "7", "8"]], actor=ACTOR)
    with db.factory.begin() as s:
        assert swap_players(s, 1, "3", "6", actor=ACTOR) == ["table 1: team Big (1, 2)"]
        assert swap_players(s, 1, "6", "3", actor=ACTOR) == ["table 1: team Big (1, 2, 3)"]
    with pytest.raises(InputError, match=r"^players 4 \(P4\) and 5 \(P5\) are both in team Duo: .* table 1 "), \
            db.factory.begin() as s:
        swap_players(s, 1, "5", "1", actor=ACTOR)


def test_a_correction_may_record_teammates_together(db: Database) -> None:
    tables = _four_teams(db)
    a = tables[0][0]
    b = next(n for n in tables[1] if _team(n) != _team(a))
    with db.factory.begin() as s:
        record_draw(s, 1, 1, 1, actor=ACTOR)
        record_draw(s, 1, 2, 1, actor=ACTOR)
    with db.factory.begin() as s:  # they really sat there: the record must say so, with a warning
        warnings = swap_players(s, 1, a, b, reason="they sat at each other's places", actor=ACTOR)
    assert [w.split(" (")[0] for w in warnings] == sorted([f"table 1: team T{_team(b)}", f"table 2: team T{_team(a)}"])
    with db.factory() as s:
        entry = queries.audit_log(s)[-1]
    assert entry.action == "seat_correction" and entry.reason == "they sat at each other's places"


def test_seating_by_standings_ranks_the_substitutes_who_played_in_by_their_points(db: Database) -> None:
    """Substitutes are in no ranking, so they were appended after it in text order ("10" before "9")
    whatever they scored: substitute 9 won everything and sat at the bottom table. They are ranked in by the
    standings' key now, numbers compared as numbers."""
    with db.factory.begin() as s:
        create_tournament(s, "Open", sessions=2, hands_per_session=1, actor=ACTOR)
        import_players(s, [PlayerInput(str(i), f"P{i}") for i in range(1, 9)], ACTOR)
        import_players(s, [PlayerInput(str(n), f"Sub {n}", substitute=True) for n in (9, 10)], ACTOR)
        set_seating(s, 1, [["1", "2", "3", "4"], ["5", "6", "7", "8"]], actor=ACTOR)
    with db.factory.begin() as s:
        substitute_player(s, "4", "9", 1, reason="ill", actor=ACTOR)
        substitute_player(s, "8", "10", 1, reason="ill", actor=ACTOR)
    with db.factory.begin() as s:
        assert seating_numbers(s, 1) == [["1", "2", "3", "9"], ["5", "6", "7", "10"]]
        record_win(s, 1, 1, 1, winner="9", self_drawn=True, fan=40, actor=ACTOR)  # 9 leads the field
        record_win(s, 1, 2, 1, winner="5", discarder="10", fan=8, actor=ACTOR)  # 10 last at table 2
    with db.factory.begin() as s:
        tables = seat_session(s, 2, method="standings", actor=ACTOR)
    assert "9" in tables[0] and "10" in tables[1]
