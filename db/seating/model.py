"""What a seating plan is and what it is worth: the types, the input checks and the plan's figures."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from texts import Text

SEATS: tuple[str, str, str, str] = ("E", "S", "W", "N")
Table = tuple[str, str, str, str]  # player ids at starting seats E, S, W, N

# Internal form: a session is a list of tables, a table a list of 4 player indices (seat order E, S, W, N).
Session = list[list[int]]


@dataclass(frozen=True)
class SeatingPlan:
    """Tables for every session, with the quality figures of the plan."""

    sessions: tuple[tuple[Table, ...], ...]  # sessions[s][t] = table t+1 of session s+1
    repeated_pairs: int  # pairs meeting more than once, counted per extra meeting
    seat_imbalance: int  # max over players of (max seat count - min seat count)
    teammate_conflicts: int  # teammate pairs sharing a table (0 whenever feasible)


class SeatingError(ValueError):
    """The players or parameters cannot be seated; the message (``args[0]``, a ``texts.Text``) says why
    in English and through the catalogue in other languages."""


def missing_substitutes(n_players: int) -> int:
    """How many players must be added to reach a multiple of 4.

    >>> missing_substitutes(18), missing_substitutes(16), missing_substitutes(1)
    (2, 0, 3)
    """
    return -n_players % 4


# --------------------------------------------------------------------------------------------- metrics


def _pair_counts(sessions: Sequence[Sequence[Sequence[str]]]) -> dict[tuple[str, str], int]:
    counts: dict[tuple[str, str], int] = {}
    for tables in sessions:
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                key = (a, b) if a < b else (b, a)
                counts[key] = counts.get(key, 0) + 1
    return counts


def count_repeats(sessions: Sequence[Sequence[Sequence[str]]]) -> int:
    """Extra meetings: a pair meeting k times counts k - 1.

    >>> count_repeats([[("a", "b", "c", "d")], [("a", "b", "c", "d")]])
    6
    """
    return sum(c - 1 for c in _pair_counts(sessions).values() if c > 1)


def seat_imbalance(sessions: Sequence[Sequence[Sequence[str]]]) -> int:
    """Max over players of (most used seat count - least used seat count), unused seats counting 0.

    >>> seat_imbalance([[("a", "b", "c", "d")], [("b", "c", "d", "a")]])
    1
    >>> seat_imbalance([[("a", "b", "c", "d")], [("b", "a", "c", "d")]])  # c and d sat W and N twice
    2
    """
    counts: dict[str, list[int]] = {}
    for tables in sessions:
        for table in tables:
            for seat, player in enumerate(table):
                counts.setdefault(player, [0, 0, 0, 0])[seat] += 1
    return max((max(c) - min(c) for c in counts.values()), default=0)


def count_teammate_conflicts(
    sessions: Sequence[Sequence[Sequence[str]]], teams: Mapping[str, str | None]
) -> int:
    """Teammate pairs sharing a table, summed over all tables of all sessions."""
    return sum(
        1
        for tables in sessions
        for table in tables
        for a, b in itertools.combinations(table, 2)
        if teams.get(a) and teams.get(a) == teams.get(b)
    )


# ---------------------------------------------------------------------------------------------- input


def _check_count(n: int) -> None:
    if n == 0:
        raise SeatingError(Text("no players to seat", "seating"))
    missing = missing_substitutes(n)
    if missing:
        raise SeatingError(Text("{n} players: {missing} substitute(s) missing (need a multiple of 4)", "seating",
                                english=f"{n} players: {missing} substitute{'s' if missing > 1 else ''} missing "
                                "(need a multiple of 4)", n=n, missing=missing))


def _team_indices(ids: Sequence[str], teams: Mapping[str, str | None]) -> list[int]:
    """team_of[i]: equal numbers for teammates; a player without a team gets a number of their own."""
    numbers: dict[str, int] = {}
    team_of: list[int] = []
    for i, pid in enumerate(ids):
        name = teams.get(pid)
        if name:
            team_of.append(numbers.setdefault(name, len(numbers)))
        else:
            team_of.append(-1 - i)
    return team_of


def validate(players: Sequence[str], teams: Mapping[str, str | None]) -> tuple[list[str], list[int]]:
    """The ids, checked (no duplicate, a multiple of 4), and each player's team number (see _team_indices)."""
    ids = list(players)
    seen: set[str] = set()
    for pid in ids:
        if pid in seen:
            raise SeatingError(Text("player {pid!r} is listed twice", "seating", pid=pid))
        seen.add(pid)
    _check_count(len(ids))
    return ids, _team_indices(ids, teams)


def team_members(team_of: Sequence[int]) -> list[list[int]]:
    """Players grouped by team, teams in order of first appearance."""
    groups: dict[int, list[int]] = {}
    for p, t in enumerate(team_of):
        groups.setdefault(t, []).append(p)
    return list(groups.values())


def named_table(ids: Sequence[str], table: Sequence[int]) -> Table:
    """A table of player indices as the players' ids (seat order kept)."""
    east, south, west, north = table
    return ids[east], ids[south], ids[west], ids[north]
