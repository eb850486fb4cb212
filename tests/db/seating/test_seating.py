"""Seating plans across sessions (TOURNAMENT.md "Seating across sessions"), db/seating/."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from db.seating import (
    SEATS,
    SeatingError,
    SeatingPlan,
    count_repeats,
    count_teammate_conflicts,
    lower_bounds,
    missing_substitutes,
    plan_sessions_after,
    plan_tournament,
    seat_balance_assign,
    seat_by_standings,
    seat_imbalance,
)


def _players(n: int, seed: int = 1) -> list[str]:
    """Ids in an arbitrary (shuffled) order, so no test relies on a tidy numbering."""
    ids = [f"P{k:03d}" for k in range(n)]
    random.Random(seed).shuffle(ids)
    return ids


def _teams(players: list[str], size: int, seed: int = 2) -> dict[str, str | None]:
    """Teams of `size` drawn at random from the players."""
    shuffled = players[:]
    random.Random(seed).shuffle(shuffled)
    return {p: f"team-{k // size}" for k, p in enumerate(shuffled)}


def _check(plan: SeatingPlan, players: list[str], teams: Mapping[str, str | None], sessions: int) -> None:
    """The plan is well formed and its figures are the true ones."""
    assert len(plan.sessions) == sessions
    _check_partitions(plan.sessions, players)
    assert plan.repeated_pairs == count_repeats(plan.sessions)
    assert plan.seat_imbalance == seat_imbalance(plan.sessions)
    assert plan.teammate_conflicts == count_teammate_conflicts(plan.sessions, teams)


def _check_partitions(sessions: Sequence[Sequence[Sequence[str]]], players: list[str]) -> None:
    for tables in sessions:
        assert all(len(table) == 4 for table in tables)
        assert sorted(p for table in tables for p in table) == sorted(players)


# -------------------------------------------------------------------------------------------- metrics


def test_metrics_count_extra_meetings_and_seat_spread() -> None:
    s1 = [("a", "b", "c", "d"), ("e", "f", "g", "h")]
    s2 = [("a", "b", "e", "f"), ("c", "d", "g", "h")]
    s3 = [("a", "b", "c", "e"), ("d", "f", "g", "h")]
    assert count_repeats([s1]) == 0
    assert count_repeats([s1, s2]) == 4  # ab, cd, ef, gh meet again
    # s3 adds ab and gh (third meetings) and ac, bc, ae, be, dg, dh, fg, fh (second meetings)
    assert count_repeats([s1, s2, s3]) == 4 + 10
    assert seat_imbalance([s1]) == 1
    assert seat_imbalance([s1, s2, s3]) == 3  # a sat E three times, never elsewhere
    assert count_teammate_conflicts([s1, s2], {"a": "X", "b": "X", "c": None}) == 2


def test_lower_bounds() -> None:
    assert lower_bounds(_players(8), {}, 3) == (0, 8)
    assert lower_bounds(_players(16), {}, 5) == (0, 0)
    assert lower_bounds(_players(16), {}, 6) == (0, 24)  # 18 opponent slots, 15 opponents
    players = _players(16)
    assert lower_bounds(players, _teams(players, 4), 5) == (0, 24)
    assert lower_bounds(players, {p: "X" for p in players[:5]}, 3) == (3, 0)  # 5 teammates, 4 tables


def test_missing_substitutes() -> None:
    assert [missing_substitutes(n) for n in (16, 17, 18, 19, 20)] == [0, 3, 2, 1, 0]


# ------------------------------------------------------------------------------ the four target sizes


@pytest.mark.parametrize(
    ("n", "sessions", "team_size"),
    [
        pytest.param(16, 5, 0, id="16x5-annex7"),
        pytest.param(32, 7, 4, id="32x7-8-teams-of-4"),
        pytest.param(64, 9, 0, id="64x9"),
        pytest.param(400, 10, 0, id="400x10"),
        pytest.param(400, 10, 4, id="400x10-100-teams-of-4"),
    ],
)
def test_target_sizes_are_perfect_and_fast(n: int, sessions: int, team_size: int) -> None:
    players = _players(n)
    teams = _teams(players, team_size) if team_size else {}
    plan = plan_tournament(players, teams, sessions, seed=7)  # how fast: benchmarks/bench_seating.py
    _check(plan, players, teams, sessions)
    assert (plan.repeated_pairs, plan.teammate_conflicts) == (0, 0)
    assert plan.seat_imbalance <= 1


def test_sixteen_players_five_sessions_meet_everyone_exactly_once() -> None:
    players = _players(16)
    plan = plan_tournament(players, {}, 5)
    met = Counter(
        frozenset(pair) for tables in plan.sessions for t in tables for pair in itertools.combinations(t, 2)
    )
    assert len(met) == 16 * 15 // 2
    assert set(met.values()) == {1}


def test_every_player_sits_on_each_seat_once_in_four_sessions() -> None:
    plan = plan_tournament(_players(32), {}, 4, seed=3)
    assert plan.seat_imbalance == 0


# ------------------------------------------------------------------------------------ reproducibility


def test_same_input_and_seed_give_the_same_plan() -> None:
    players = _players(32)
    teams = _teams(players, 4)
    reordered = dict(reversed(list(teams.items())))  # the mapping's order must not matter
    assert plan_tournament(players, teams, 7, seed=5) == plan_tournament(players, reordered, 7, seed=5)


def test_same_seed_same_plan_when_the_search_runs() -> None:
    players = _players(24)  # 24 = 4 x 6: the construction gives 2 sessions, the search the rest
    teams = _teams(players, 2)
    first = plan_tournament(players, teams, 5, seed=11, time_limit=5)
    assert first == plan_tournament(players, teams, 5, seed=11, time_limit=5)


def test_same_seed_same_plan_when_the_search_uses_its_whole_budget() -> None:
    # 20 x 6: the bound (0) is out of reach, so the search stops on its deterministic evaluation budget.
    players = _players(20)
    first = plan_tournament(players, {}, 6, seed=2, time_limit=2)
    assert first.repeated_pairs > lower_bounds(players, {}, 6)[1]
    assert first == plan_tournament(players, {}, 6, seed=2, time_limit=2)


def test_different_seeds_give_different_plans() -> None:
    players = _players(32)
    teams = _teams(players, 4)
    plans = {plan_tournament(players, teams, 7, seed=s).sessions for s in range(4)}
    assert len(plans) == 4


# ------------------------------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    ("n", "missing"),
    [(18, "2 substitutes missing"), (17, "3 substitutes missing"), (15, "1 substitute missing")],
)
def test_player_count_not_a_multiple_of_four_names_the_missing_substitutes(n: int, missing: str) -> None:
    with pytest.raises(SeatingError, match=f"{n} players: {missing}"):
        plan_tournament(_players(n), {}, 3)
    with pytest.raises(SeatingError, match=missing):
        seat_by_standings(_players(n), {})


def test_bad_parameters_are_named() -> None:
    with pytest.raises(SeatingError, match="listed twice"):
        plan_tournament(["a", "b", "c", "a"], {}, 1)
    with pytest.raises(SeatingError, match="at least 1 session"):
        plan_tournament(_players(8), {}, 0)
    with pytest.raises(SeatingError, match="no players"):
        plan_tournament([], {}, 1)
    with pytest.raises(SeatingError, match="unknown seat 'X'"):
        seat_by_standings(_players(4), {}, previous_seats={"P000": ["X"]})


# ----------------------------------------------------------------------------- impossible / awkward


@pytest.mark.parametrize(("n", "sessions", "least"), [(8, 3, 8), (12, 3, 6), (4, 3, 12)])
def test_impossible_cases_reach_the_least_possible_repeats(n: int, sessions: int, least: int) -> None:
    # 8 players: every later table holds 2 pairs from session 1 (2 tables x 2 pairs x 2 later sessions).
    # 12 players: every later table holds a pair from session 1. 4 players: 6 pairs meet 3 times.
    plan = plan_tournament(_players(n), {}, sessions, time_limit=5)
    _check(plan, _players(n), {}, sessions)
    assert plan.repeated_pairs == least
    assert plan.seat_imbalance <= 1


def test_sixteen_players_in_teams_of_four_for_five_sessions() -> None:
    # Each player can meet only 12 others but plays 15 opponent-slots: at least 16 * 3 / 2 repeats.
    players = _players(16)
    teams = _teams(players, 4)
    plan = plan_tournament(players, teams, 5)
    assert (plan.teammate_conflicts, plan.repeated_pairs) == (0, 24)


def _teams_kept_apart(n: int, team_size: int, sessions: int, seed: int) -> None:
    """n players in teams of ``team_size``: a valid plan with no teammates and no pair meeting twice."""
    players = _players(n)
    teams = _teams(players, team_size)
    plan = plan_tournament(players, teams, sessions, seed=seed)
    _check(plan, players, teams, sessions)
    assert (plan.teammate_conflicts, plan.repeated_pairs, plan.seat_imbalance <= 1) == (0, 0, True)


@pytest.mark.parametrize(("n", "sessions"), [(20, 5), (40, 7)])
def test_teams_of_five_four_players_and_a_substitute_are_kept_apart(n: int, sessions: int) -> None:
    _teams_kept_apart(n, 5, sessions, seed=2)


@pytest.mark.parametrize(("n", "sessions"), [(36, 8), (44, 10)])
def test_teams_of_four_that_do_not_fill_the_groups_take_a_parallel_class(n: int, sessions: int) -> None:
    # 9 (11) teams of 4 cannot fill 4 groups of 9 (11); as the tables of one left-out session they fit.
    _teams_kept_apart(n, 4, sessions, seed=3)


def test_teams_that_do_not_pack_into_the_design_go_to_the_search() -> None:
    # Six teams of 5 and a pair among 32 players cannot fill four groups of 8, so no construction.
    players = _players(32)
    teams = {p: f"team-{min(k // 5, 6)}" for k, p in enumerate(players)}
    plan = plan_tournament(players, teams, 5, seed=1, time_limit=5)
    _check(plan, players, teams, 5)
    assert (plan.teammate_conflicts, plan.repeated_pairs) == (0, 0)


def test_sizes_without_a_full_construction_are_searched_to_zero_repeats() -> None:
    players = _players(24)
    plan = plan_tournament(players, {}, 5, seed=4, time_limit=5)
    assert (plan.repeated_pairs, plan.teammate_conflicts, plan.seat_imbalance <= 1) == (0, 0, True)


def test_a_team_larger_than_the_number_of_tables_meets_as_little_as_possible() -> None:
    players = _players(8)
    teams = {p: ("big" if k < 3 else None) for k, p in enumerate(players)}  # 3 teammates, 2 tables
    plan = plan_tournament(players, teams, 2, time_limit=2)
    _check(plan, players, teams, 2)
    assert plan.teammate_conflicts == 2  # one teammate pair per session is unavoidable


# ------------------------------------------------------------------------------ after played sessions


def test_sessions_after_played_ones_complete_a_perfect_plan() -> None:
    players = _players(16)
    played = plan_tournament(players, {}, 5, seed=1).sessions[:2]
    more = plan_sessions_after(played, players, {}, 3, seed=4)
    _check_partitions(more.sessions, players)
    assert (more.repeated_pairs, more.teammate_conflicts, more.seat_imbalance) == (0, 0, 1)
    assert count_repeats(list(played) + list(more.sessions)) == 0


def test_sessions_after_standings_avoid_the_pairs_that_already_met() -> None:
    players = _players(32)
    teams = _teams(players, 4)
    played = []
    previous: dict[str, list[str]] = {p: [] for p in players}
    for s in range(2):  # two sessions seated by (made-up) standings
        ranked = players[:]
        random.Random(s).shuffle(ranked)
        tables = seat_by_standings(ranked, teams, previous_seats=previous)
        played.append(tables)
        for table in tables:
            for seat, p in zip(SEATS, table, strict=True):
                previous[p].append(seat)
    more = plan_sessions_after(played, players, teams, 5, seed=0, time_limit=5)
    _check_partitions(more.sessions, players)
    assert more.teammate_conflicts == 0
    assert more.repeated_pairs == count_repeats(played + list(more.sessions)) - count_repeats(played)
    blind = plan_tournament(players, teams, 5)  # the same sessions planned without the history
    assert more.repeated_pairs < count_repeats(played + list(blind.sessions)) - count_repeats(played)
    assert more.seat_imbalance <= 1  # not guaranteed after played sessions, but reached here


def test_sessions_after_take_in_a_substitute_and_drop_a_withdrawn_player() -> None:
    players = _players(16)
    played = plan_tournament(players, {}, 2, seed=3).sessions
    now = [p for p in players if p != players[0]] + ["SUB"]
    more = plan_sessions_after(played, now, {}, 3, seed=1)
    _check_partitions(more.sessions, now)
    assert more.repeated_pairs == 0


def test_sessions_after_refuse_a_played_table_without_four_players() -> None:
    with pytest.raises(SeatingError, match="played session 1: a table has 3 players"):
        plan_sessions_after([[("a", "b", "c")]], ["a", "b", "c", "d"], {}, 1)


# ---------------------------------------------------------------------------------------- standings


def test_standings_put_the_top_four_together() -> None:
    ranked = _players(16)
    tables = seat_by_standings(ranked, _teams(ranked, 1))
    assert [sorted(t) for t in tables] == [sorted(ranked[k : k + 4]) for k in range(0, 16, 4)]


def test_standings_move_a_teammate_down_the_fewest_places() -> None:
    ranked = [f"r{k:02d}" for k in range(1, 13)]
    teams: dict[str, str | None] = {"r01": "A", "r02": "A", "r05": "B", "r06": "B"}
    tables = seat_by_standings(ranked, teams)
    # r02 cannot sit with r01, so r05 moves up one table and r02 down one; r06 may then join r02.
    assert [sorted(t) for t in tables] == [
        ["r01", "r03", "r04", "r05"],
        ["r02", "r06", "r07", "r08"],
        ["r09", "r10", "r11", "r12"],
    ]


def test_standings_keep_teammates_apart_when_a_team_fills_every_table() -> None:
    # 4 teams of 4 on 4 tables: every table needs one of each team, whatever the ranking.
    ranked = [f"r{k:02d}" for k in range(16)]
    teams = {p: "ABCD"[k // 4] for k, p in enumerate(ranked)}  # the top eight are teams A and B
    tables = seat_by_standings(ranked, teams)
    assert all(sorted(teams[p] for p in t) == ["A", "B", "C", "D"] for t in tables)
    assert set(tables[0]) == {"r00", "r04", "r08", "r12"}  # best of each team on top


def test_standings_spread_a_team_larger_than_the_tables_evenly() -> None:
    ranked = [f"r{k:02d}" for k in range(16)]
    teams: dict[str, str | None] = {p: "X" for p in ranked[:5]}  # 5 teammates, 4 tables
    tables = seat_by_standings(ranked, teams)
    assert sorted(sum(teams.get(p) == "X" for p in t) for t in tables) == [1, 1, 1, 2]
    assert count_teammate_conflicts([tables], teams) == 1


def test_standings_give_each_player_a_seat_they_have_used_least() -> None:
    ranked = _players(8)
    previous = {p: [SEATS[k % 4], SEATS[(k + 1) % 4], SEATS[(k + 2) % 4]] for k, p in enumerate(ranked)}
    tables = seat_by_standings(ranked, {}, previous_seats=previous)
    for table in tables:
        for seat, p in zip(SEATS, table, strict=True):
            assert seat not in previous[p]  # each of these players has exactly one unused seat


def test_seat_balance_assign_over_sessions() -> None:
    ranked = _players(16)
    history: dict[str, list[str]] = {p: [] for p in ranked}
    rng = random.Random(3)
    for _ in range(8):
        rng.shuffle(ranked)
        tables = [ranked[k : k + 4] for k in range(0, 16, 4)]
        for table in seat_balance_assign(tables, history):
            for seat, p in zip(SEATS, table, strict=True):
                history[p].append(seat)
    assert max(max(Counter(s).values()) for s in history.values()) <= 4  # 8 sessions: about 2 per seat


# ------------------------------------------------------------------------------------------ property


@settings(max_examples=40, deadline=None)
@given(
    tables=st.integers(min_value=1, max_value=6),
    sessions=st.integers(min_value=1, max_value=5),
    team_labels=st.lists(st.sampled_from([None, "A", "B", "C", "D", "E"]), min_size=24, max_size=24),
    seed=st.integers(min_value=0, max_value=1000),
)
def test_every_session_is_a_partition_with_balanced_seats(
    tables: int, sessions: int, team_labels: list[str | None], seed: int
) -> None:
    n = 4 * tables
    players = [f"p{k}" for k in range(n)]
    teams = dict(zip(players, team_labels, strict=False))
    plan = plan_tournament(players, teams, sessions, seed=seed, time_limit=0.3)
    _check(plan, players, teams, sessions)
    assert plan.seat_imbalance <= 1
    largest = max(Counter(t for t in teams.values() if t).values(), default=0)
    if largest <= tables:
        assert plan.teammate_conflicts == 0
    standings = seat_by_standings(players, teams, seed=seed)
    assert sorted(p for t in standings for p in t) == sorted(players)
    if largest <= tables:
        assert count_teammate_conflicts([standings], teams) == 0


@settings(max_examples=20, deadline=None)
@given(
    tables=st.integers(min_value=1, max_value=5),
    played=st.integers(min_value=0, max_value=3),
    sessions=st.integers(min_value=1, max_value=3),
    seed=st.integers(min_value=0, max_value=1000),
)
def test_sessions_after_any_played_sessions_are_partitions_with_teammates_apart(
    tables: int, played: int, sessions: int, seed: int
) -> None:
    n = 4 * tables
    rng = random.Random(seed)
    before = [f"p{k}" for k in range(n)]
    history = []
    for _ in range(played):  # random played sessions, then one player replaced by a substitute
        rng.shuffle(before)
        history.append([tuple(before[k : k + 4]) for k in range(0, n, 4)])
    now = before[1:] + ["sub"]
    teams = {p: "AB"[k % 2] if k < 2 * min(tables, 2) else None for k, p in enumerate(now)}
    plan = plan_sessions_after(history, now, teams, sessions, seed=seed, time_limit=0.3)
    _check_partitions(plan.sessions, now)
    assert plan.teammate_conflicts == 0
    combined = history + [list(s) for s in plan.sessions]
    assert plan.repeated_pairs == count_repeats(combined) - count_repeats(history)
