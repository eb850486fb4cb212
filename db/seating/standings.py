"""Seating one session by standings (高高碰): best players together, teammates kept apart, seats balanced."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from db.seating.model import Table, named_table, team_members, validate
from db.seating.seats import seat_counts, seat_session


def _standings_tables(team_of: Sequence[int], n: int) -> list[list[int]]:
    """Tables by rank (players 0.. are ranked best first): each table takes the best remaining players
    with no teammate already there, except that a team with more members left than the later tables can
    take must place one here (otherwise teammates would have to meet later). Teams of at most n/4 always
    fit; a larger team is spread as evenly as possible (size // tables per table, one more at
    size % tables of them), which is the fewest teammate meetings."""
    count = n // 4
    base: dict[int, int] = {}
    extra: dict[int, int] = {}  # tables that may still hold base + 1 members of the team
    left: dict[int, int] = {}
    for members in team_members(team_of):
        team = team_of[members[0]]
        base[team], extra[team] = divmod(len(members), count)
        left[team] = len(members)
    placed = [False] * n
    tables: list[list[int]] = []
    for t in range(count):
        tables_after = count - t - 1
        table: list[int] = []
        here: dict[int, int] = {}
        while len(table) < 4:
            room = {team: tables_after * base[team] + min(extra[team], tables_after) for team in left}
            need = {team for team, k in left.items() if k > room[team]}
            must = sum(left[team] - room[team] for team in need) >= 4 - len(table)
            free = [p for p in range(n) if not placed[p]]
            pick = next(
                (
                    p
                    for p in free
                    if (here.get(team_of[p], 0) < base[team_of[p]] + (extra[team_of[p]] > 0))
                    and (not must or team_of[p] in need)
                ),
                free[0],  # cannot happen; best ranked then
            )
            team = team_of[pick]
            if here.get(team, 0) == base[team]:
                extra[team] -= 1  # this table takes the team's one-more
            placed[pick] = True
            left[team] -= 1
            here[team] = here.get(team, 0) + 1
            table.append(pick)
        tables.append(table)
    return tables


def seat_by_standings(
    ranked_players: Sequence[str],
    teams: Mapping[str, str | None],
    seed: int = 0,
    previous_seats: Mapping[str, Sequence[str]] | None = None,
) -> tuple[Table, ...]:
    """Seat one session by standings (高高碰): the top four at table 1, the next four at table 2, ...

    Teammates are kept apart by moving the fewest players the shortest way down the ranking; seats go
    to each player's least used seats given previous_seats (e.g. {"p1": ["E", "S"]}).

    >>> tables = seat_by_standings(["a", "b", "c", "d", "e", "f", "g", "h"], {"a": "X", "b": "X"})
    >>> [sorted(t) for t in tables]  # a and b are teammates: b swaps with e
    [['a', 'c', 'd', 'e'], ['b', 'f', 'g', 'h']]
    """
    ids, team_of = validate(ranked_players, teams)
    counts = seat_counts(ids, previous_seats)
    rng = random.Random(seed)
    seated = seat_session(_standings_tables(team_of, len(ids)), counts, rng)
    return tuple(named_table(ids, table) for table in seated)
