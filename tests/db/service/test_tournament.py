"""Tournament set-up and scores: init/profiles, players CSV, seating, standings with tie-breaks, teams."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from db import Database, FrozenSettingsError, InputError, TournamentError
from db.formats.players_csv import RowErrors, parse_players_csv
from db.models import Tournament
from db.read import queries
from db.read.lookup import seating_numbers, settings
from db.rules.profiles import Settings, Settlement
from db.service.outcomes import PenaltyInput
from db.service.players import ImportCounts, PlayerInput, import_players, substitute_player
from db.service.results import record_draw, record_penalty, record_win
from db.service.seats import seat_session, set_seating, swap_players
from db.service.teammates import teammate_conflicts
from db.service.tournament import create_tournament, penalty_presets, update_settings
from tests.db.helpers import ACTOR, make_tournament


def test_init_takes_the_profile_defaults_and_overrides(db: Database) -> None:
    with db.factory.begin() as s:
        create_tournament(s, "Open", "gb", sessions=7, hands_per_session=12, flowers=False, actor=ACTOR)
    with db.factory() as s:
        info = queries.tournament_info(s)
        st = queries.settings(s)
    assert (info.profile, info.sessions, info.hands_per_session, info.flowers) == ("gb", 7, 12, False)
    assert [str(t) for t in st.tie_breaks] == ["table_points", "match_points"]
    assert st.table_points == (4.0, 2.0, 1.0, 0.0)
    with pytest.raises(TournamentError, match="already holds a tournament"), db.factory.begin() as s:
        create_tournament(s, "Again", actor=ACTOR)
    with pytest.raises(InputError, match="unknown rule profile"), db.factory.begin() as s:
        s.delete(s.get(Tournament, 1))
        s.flush()
        create_tournament(s, "X", "mcr2077", actor=ACTOR)


def test_r98_profile_and_presets(db: Database) -> None:
    with db.factory.begin() as s:
        create_tournament(s, "Open", actor=ACTOR)
        st = settings(s)
        presets = {p.kind: p for p in penalty_presets(s)}
    assert st.profile == "cmr1998" and st.hands_per_session == 16 and st.flowers
    assert len(st.tie_breaks) == 4
    assert presets["false_win_wrong"].amounts == (30,) and presets["false_win_wrong"].settlement == "others"
    assert presets["false_win_not_ready"].amounts == (60,)
    assert presets["rule_violation"].amounts == (5, 10, 20, 30, 40, 50, 60)
    assert Settings.from_json(st.to_json()) == st


def test_settings_freeze_once_results_exist(db: Database) -> None:
    make_tournament(db)
    with db.factory.begin() as s:
        update_settings(s, hands_per_session=12, actor=ACTOR)
        record_draw(s, 1, 1, 1, actor=ACTOR)
    with pytest.raises(FrozenSettingsError, match="frozen"), db.factory.begin() as s:
        update_settings(s, flowers=False, actor=ACTOR)
    with db.factory.begin() as s:
        update_settings(s, name="Renamed Open", actor=ACTOR)  # the name is not a rule
        assert queries.tournament_info(s).hands_per_session == 12


def test_players_csv_bom_errors_and_update(db: Database) -> None:
    text = "\ufeffnumber,name,team,country\n1,张伟,北京,CN\n2,Alice,,FR\n"
    rows = parse_players_csv(text)
    assert rows == [PlayerInput("1", "张伟", "北京", "CN"), PlayerInput("2", "Alice", None, "FR")]
    with pytest.raises(RowErrors) as err:
        parse_players_csv("number,name\n1,A\n,B\n1,C\n3\n4,\n", source="p.csv")
    assert err.value.problems == [
        'line 3: "number" is empty', 'line 4: "number" 1 already used on line 2',
        "line 5: 1 fields, the header has 2", 'line 6: "name" is empty for player 4']
    assert parse_players_csv("number;name;team\r\n7;Zoé;Lyon\r\n") == [PlayerInput("7", "Zoé", "Lyon")]
    with pytest.raises(RowErrors, match='line 1: unknown column "nom"'):
        parse_players_csv("number,nom\n1,A\n")
    with db.factory.begin() as s:
        create_tournament(s, "Open", actor=ACTOR)
        assert import_players(s, rows, ACTOR) == ImportCounts(2, 0, 0)
    with db.factory.begin() as s:
        again = [PlayerInput("1", "张伟 Zhang Wei", "北京", "CN"), PlayerInput("2", "Alice", None, "FR"),
                 PlayerInput("10", "Bob")]
        assert import_players(s, again, ACTOR) == ImportCounts(1, 1, 1)
    with db.factory() as s:
        assert [(p.number, p.name) for p in queries.players(s)] == [("1", "张伟 Zhang Wei"), ("2", "Alice"),
                                                                    ("10", "Bob")]


def test_team_size_is_limited(db: Database) -> None:
    with pytest.raises(InputError, match="at most 4 players and 1 substitute"), db.factory.begin() as s:
        create_tournament(s, "Open", actor=ACTOR)
        import_players(s, [PlayerInput(str(i), f"P{i}", "Big") for i in range(6)], ACTOR)


def _players(db: Database, n: int, teams: bool = True) -> None:
    with db.factory.begin() as s:
        create_tournament(s, "Open", sessions=5, actor=ACTOR)
        import_players(s, [PlayerInput(str(i), f"P{i}", f"T{(i - 1) // 4}" if teams else None)
                           for i in range(1, n + 1)], ACTOR)


def test_seating_whole_plan_is_consistent_and_frozen_by_results(db: Database) -> None:
    _players(db, 16)
    with db.factory.begin() as s:
        t1 = seat_session(s, 1, actor=ACTOR)
        plan = s.get(Tournament, 1).seating_plan  # type: ignore[union-attr]
    assert plan is not None
    with db.factory.begin() as s:
        t2 = seat_session(s, 2, actor=ACTOR)
    assert t1 == plan[0] and t2 == plan[1]  # both sessions come from one stored plan
    with db.factory() as s:
        tables = queries.seating(s, 1)
    assert [[p.number for p in t.players] for t in tables] == t1
    for t in tables:  # teammates never share a table
        assert len({p.team for p in t.players}) == 4
    pairs = [frozenset((a, b)) for sess in (t1, t2) for tbl in sess for a in tbl for b in tbl if a < b]
    assert len(pairs) == len(set(pairs))  # nobody meets twice
    with db.factory.begin() as s:
        assert seat_session(s, 1, actor=ACTOR) == t1  # regenerating before results: same plan
        record_draw(s, 1, 1, 1, actor=ACTOR)
    with pytest.raises(TournamentError, match="already has results"), db.factory.begin() as s:
        seat_session(s, 1, seed=5, actor=ACTOR)


def test_swap_after_results_is_an_audited_correction(db: Database) -> None:
    make_tournament(db)
    with db.factory.begin() as s:
        swap_players(s, 1, "1", "5", actor=ACTOR)  # before results: a free edit
        record_draw(s, 1, 1, 1, actor=ACTOR)
    with pytest.raises(InputError, match="a reason is required"), db.factory.begin() as s:
        swap_players(s, 1, "5", "2", actor=ACTOR)
    with db.factory.begin() as s:
        swap_players(s, 1, "5", "2", reason="players sat at the wrong seats", actor=ACTOR)
    with db.factory() as s:
        assert [p.number for p in queries.seating(s, 1)[0].players] == ["2", "5", "3", "4"]
        entry = queries.audit_log(s)[-1]
    assert entry.action == "seat_correction" and entry.reason == "players sat at the wrong seats"


def test_substitute_replaces_from_a_session_on(db: Database) -> None:
    _players(db, 16)
    with db.factory.begin() as s:
        import_players(s, [PlayerInput("99", "Sub", "T0", substitute=True)], ACTOR)  # 4 + 1 substitute
    with db.factory.begin() as s:
        seat_session(s, 1, actor=ACTOR)
        seat_session(s, 2, actor=ACTOR)
        record_draw(s, 1, 1, 1, actor=ACTOR)
    with db.factory() as s:
        assert "99" not in [r.number for r in queries.standings(s)]  # a reserve who has not played
    with pytest.raises(TournamentError, match="already has results"), db.factory.begin() as s:
        substitute_player(s, seating_numbers(s, 1)[0][0], "99", 1, actor=ACTOR)
    with db.factory.begin() as s:
        substitute_player(s, "1", "99", 2, reason="ill", actor=ACTOR)
    with db.factory.begin() as s:
        s2 = [n for t in seating_numbers(s, 2) for n in t]
        s1 = [n for t in seating_numbers(s, 1) for n in t]
        assert "99" in s2 and "1" not in s2 and "1" in s1
        s3 = seat_session(s, 3, actor=ACTOR)
        assert "99" in [n for t in s3 for n in t] and "1" not in [n for t in s3 for n in t]


def test_player_count_must_be_a_multiple_of_four(db: Database) -> None:
    _players(db, 14, teams=False)
    with pytest.raises(TournamentError, match="14 players is not a multiple of 4: 2 substitute"), \
            db.factory.begin() as s:
        seat_session(s, 1, actor=ACTOR)


def _transfer(db: Database, session: int, payer: str, to: str, points: int) -> None:
    with db.factory.begin() as s:
        record_penalty(s, session, 1, PenaltyInput(payer, points, Settlement.PLAYER, to=to, reason="test"),
                       actor=ACTOR)


def _tie_break_tournament(db: Database, profile: str) -> None:
    """A, B, C, D = 1, 2, 3, 4 at one table for three sessions.
    A: 4, 0, 3 (best 4); B: 2, 2, 3 (best 3); both 7 table points and 20 match points."""
    with db.factory.begin() as s:
        create_tournament(s, "Ties", profile, sessions=3, actor=ACTOR)
        import_players(s, [PlayerInput(str(i), f"P{i}", "X" if i <= 2 else "Y") for i in range(1, 5)], ACTOR)
        for k in (1, 2, 3):
            set_seating(s, k, [["1", "2", "3", "4"]], actor=ACTOR)
    # S1: A +50, B +10, C -20, D -40
    _transfer(db, 1, "3", "1", 20)
    _transfer(db, 1, "4", "1", 30)
    _transfer(db, 1, "4", "2", 10)
    # S2: C +50, B 0, D -10, A -40
    _transfer(db, 2, "1", "3", 40)
    _transfer(db, 2, "4", "3", 10)
    # S3: A +10, B +10, C -10, D -10
    _transfer(db, 3, "3", "1", 10)
    _transfer(db, 3, "4", "2", 10)


def test_shared_table_points_and_r98_tie_breaks(db: Database) -> None:
    _tie_break_tournament(db, "cmr1998")
    with db.factory() as s:
        sheet3 = queries.table_sheet(s, 3, 1)
        rows = queries.standings(s)
        after1 = queries.standings(s, after=1)
        teams = queries.team_standings(s)
    assert sheet3.table_points == (3.0, 3.0, 0.5, 0.5)  # two tied first: 3 and 3
    assert sheet3.ranks == (1, 1, 3, 3)
    assert [(r.rank, r.number, r.table_points, r.match_points) for r in rows] == [
        (1, "1", 7.0, 20), (2, "2", 7.0, 20), (3, "3", 5.5, 20), (4, "4", 1.5, -60)]
    assert [(e.session, e.table, e.seat, e.match_points, e.table_points) for e in rows[0].sessions] == [
        (1, 1, "E", 50, 4.0), (2, 1, "E", -40, 0.0), (3, 1, "E", 10, 3.0)]
    assert [(r.number, r.table_points) for r in after1] == [("1", 4.0), ("2", 2.0), ("3", 1.0), ("4", 0.0)]
    assert [(t.rank, t.team, t.table_points, t.match_points, t.members) for t in teams] == [
        (1, "X", 14.0, 40, ("1", "2")), (2, "Y", 7.0, -40, ("3", "4"))]


def test_gb_ties_share_the_rank(db: Database) -> None:
    _tie_break_tournament(db, "gb")
    with db.factory() as s:
        rows = queries.standings(s)
    assert [(r.rank, r.number) for r in rows] == [(1, "1"), (1, "2"), (3, "3"), (4, "4")]


def test_teams_with_equal_totals_share_a_rank(db: Database) -> None:
    make_tournament(db, players=4, sessions=1, teams=["A", "B", "A", "B"])
    with db.factory.begin() as s:
        record_draw(s, 1, 1, 1, actor=ACTOR)
        teams = queries.team_standings(s)
    assert [(t.rank, t.team, t.table_points) for t in teams] == [(1, "A", 3.5), (1, "B", 3.5)]


def test_unplayed_tables_do_not_count(db: Database) -> None:
    make_tournament(db)
    with db.factory.begin() as s:
        record_draw(s, 1, 1, 1, actor=ACTOR)
        rows = {r.number: r for r in queries.standings(s)}
    assert rows["1"].table_points == 1.75 and rows["5"].table_points == 0.0 and rows["5"].sessions == ()
    with db.factory() as s:
        assert s.scalars(select(Tournament)).one().name == "Test Open"


def test_seat_by_standings_puts_the_leaders_together(db: Database) -> None:
    _players(db, 8, teams=False)
    with db.factory.begin() as s:
        set_seating(s, 1, [["1", "2", "3", "4"], ["5", "6", "7", "8"]], actor=ACTOR)
        # table 1: 1 wins big; table 2: 5 wins big -> leaders 1 and 5 (4 tp), then 2/6 ... by match points
        record_win(s, 1, 1, 1, winner="1", self_drawn=True, fan=40, actor=ACTOR)
        record_win(s, 1, 2, 1, winner="5", self_drawn=True, fan=20, actor=ACTOR)
        record_win(s, 1, 1, 2, winner="2", discarder="3", fan=8, actor=ACTOR)
        record_win(s, 1, 2, 2, winner="6", discarder="7", fan=8, actor=ACTOR)
        tables = seat_session(s, 2, method="standings", actor=ACTOR)
        ranked = [r.number for r in queries.standings(s, after=1)]
    assert sorted(tables[0]) == sorted(ranked[:4]) and sorted(tables[1]) == sorted(ranked[4:])
    assert {"1", "5"} <= set(tables[0])


def test_impossible_team_separation_is_reported(db: Database) -> None:
    with db.factory.begin() as s:
        create_tournament(s, "Open", sessions=1, actor=ACTOR)
        import_players(s, [PlayerInput(str(i), f"P{i}", "AB"[i % 2]) for i in range(1, 9)], ACTOR)
        seat_session(s, 1, actor=ACTOR)
        conflicts = teammate_conflicts(s, 1)
    assert len(conflicts) == 4 and all(c.startswith("table ") and "team" in c for c in conflicts)
