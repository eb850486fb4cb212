"""Stages and cuts, pure rules (no SQLAlchemy): what a stage carries, how it seats, where the cut falls.

A tournament is its qualifying stage (the sessions before the first stage added) followed by the stages
added with ``stage add``, each after the last session. A stage's players are the top ``cut`` of the
previous stage's ranking; ``db.read.stages`` ranks the stages with these rules, ``db.service.seats`` seats
them. The decisions (half of an odd number of match points, ties at the cut, the final ranking) are in
docs/tournament.md, "Stages and cuts".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

QUALIFYING = "qualifying"  # the name the first stage (the sessions before any stage added) goes by


class Carry(StrEnum):
    """What a stage carries of the previous stage's totals, table points and match points alike."""

    FULL = "full"
    HALF = "half"
    NONE = "none"

    @property
    def factor(self) -> float:
        return {"full": 1.0, "half": 0.5, "none": 0.0}[self]


class StageSeating(StrEnum):
    RANK = "rank"  # ranks 1–4 at table 1, 5–8 at table 2, ...
    SNAKE = "snake"  # across the tables in snake order: 1..T, then T..1, ...
    SPREAD = "spread"  # the no-repeat planner among the stage's players


@dataclass(frozen=True, slots=True)
class StageRule:
    """A stage as stored: ``advance`` is the organiser's choice among players tied at the cut line."""

    name: str
    first_session: int
    sessions: int
    cut: int
    carry: Carry
    seating: StageSeating
    advance: tuple[str, ...] | None = None

    @property
    def last_session(self) -> int:
        return self.first_session + self.sessions - 1


def new_stage_first(planned: int, sessions: int, last_planned: bool) -> int:
    """The first session of a stage of ``sessions`` added to a tournament of ``planned`` sessions: the next
    one, or with ``last_planned`` the first of the last ``sessions`` planned (the qualifying stage keeps
    the sessions before it).

    >>> new_stage_first(3, 1, False), new_stage_first(3, 1, True), new_stage_first(5, 2, True)
    (4, 3, 4)
    """
    return planned - sessions + 1 if last_planned else planned + 1


@dataclass(frozen=True, slots=True)
class Cut:
    """Where the cut falls: ``players`` in ranking order, or None while a tie at the line is open
    (``tied`` players share the line's rank and ``places`` of them go through)."""

    players: tuple[str, ...] | None
    tied: tuple[str, ...] = ()
    places: int = 0


def cut_line(ranked: Sequence[tuple[int, str]], cut: int, advance: Sequence[str] | None = None) -> Cut:
    """The top ``cut`` of ``ranked`` ((rank, number), best first, equal ranks shared: ties already broken
    by the profile's tie-breaks). Players sharing the rank across the line are a tie the organiser
    decides: ``advance`` names those of them who go through.

    >>> cut_line([(1, "a"), (2, "b"), (3, "c"), (4, "d")], 2)
    Cut(players=('a', 'b'), tied=(), places=0)
    >>> cut_line([(1, "a"), (2, "b"), (2, "c"), (4, "d")], 2)
    Cut(players=None, tied=('b', 'c'), places=1)
    >>> cut_line([(1, "a"), (2, "b"), (2, "c"), (4, "d")], 2, ["c"]).players
    ('a', 'c')
    """
    if len(ranked) <= cut:
        return Cut(tuple(n for _r, n in ranked))
    line = ranked[cut - 1][0]
    if ranked[cut][0] != line:
        return Cut(tuple(n for _r, n in ranked[:cut]))
    ahead = [n for r, n in ranked if r < line]
    tied = tuple(n for r, n in ranked if r == line)
    places = cut - len(ahead)
    if advance is not None and len(set(advance)) == places and set(advance) <= set(tied):
        chosen = set(advance)
        return Cut(tuple(ahead) + tuple(n for n in tied if n in chosen), tied, places)
    return Cut(None, tied, places)


def rank_tables(ranked: Sequence[str]) -> list[list[str]]:
    """Ranks 1–4 at table 1, 5–8 at table 2, ...

    >>> rank_tables(list("abcdefgh"))
    [['a', 'b', 'c', 'd'], ['e', 'f', 'g', 'h']]
    """
    return [list(ranked[i:i + 4]) for i in range(0, len(ranked), 4)]


def snake_tables(ranked: Sequence[str]) -> list[list[str]]:
    """Ranks dealt across the tables in snake order: 1..T to tables 1..T, then T+1..2T to tables T..1, ...

    >>> snake_tables([str(i) for i in range(1, 9)])
    [['1', '4', '5', '8'], ['2', '3', '6', '7']]
    """
    count = len(ranked) // 4
    tables: list[list[str]] = [[] for _ in range(count)]
    for i, number in enumerate(ranked):
        turn, at = divmod(i, count)
        tables[at if turn % 2 == 0 else count - 1 - at].append(number)
    return tables


def carried(value: float, carry: Carry) -> float:
    """The part of a previous total a stage carries; a half is kept exact (no rounding).

    >>> carried(7, Carry.HALF), carried(-12.5, Carry.FULL), carried(30, Carry.NONE)
    (3.5, -12.5, 0.0)
    """
    return value * carry.factor


def plain(value: float) -> int | float:
    """A whole number as ``int`` (JSON ``3``, not ``3.0``), anything else as it is."""
    return int(value) if float(value).is_integer() else value
