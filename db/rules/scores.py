"""Pure scoring of a tournament: table points with shared ties, and rankings with tie-breaks."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

T = TypeVar("T")


def table_points(match_points: Sequence[int], by_place: Sequence[float] = (4.0, 2.0, 1.0, 0.0)
                 ) -> tuple[float, ...]:
    """Table points of the players at one table; tied players share the places they cover equally.

    >>> table_points([50, 10, -20, -40])
    (4.0, 2.0, 1.0, 0.0)
    >>> table_points([30, 30, -20, -40])  # two tied first: 3 and 3
    (3.0, 3.0, 1.0, 0.0)
    >>> table_points([0, 0, 0, 0])
    (1.75, 1.75, 1.75, 1.75)
    """
    order = sorted(range(len(match_points)), key=lambda i: -match_points[i])
    result = [0.0] * len(match_points)
    place = 0
    while place < len(order):
        end = place
        while end + 1 < len(order) and match_points[order[end + 1]] == match_points[order[place]]:
            end += 1
        share = sum(by_place[place:end + 1]) / (end - place + 1)
        for i in order[place:end + 1]:
            result[i] = share
        place = end + 1
    return tuple(result)


def shared_ranks(items: Sequence[T], key: Callable[[T], Hashable]) -> list[tuple[int, T]]:
    """Sort ``items`` by ``key`` descending-first (the key must already be "bigger is better") and give
    equal keys the same rank: 1, 2, 2, 4.

    >>> shared_ranks([3, 5, 5, 1], key=lambda x: x)
    [(1, 5), (1, 5), (3, 3), (4, 1)]
    """
    ordered = sorted(items, key=key, reverse=True)  # type: ignore[arg-type]
    out: list[tuple[int, T]] = []
    for i, item in enumerate(ordered):
        rank = out[-1][0] if out and key(out[-1][1]) == key(item) else i + 1
        out.append((rank, item))
    return out


def table_ranks(match_points: Sequence[int]) -> tuple[int, ...]:
    """Place of each player at a table by match points, ties sharing the better place.

    >>> table_ranks([10, 30, 10, -50])
    (2, 1, 2, 4)
    """
    return tuple(1 + sum(1 for other in match_points if other > mp) for mp in match_points)
