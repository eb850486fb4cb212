"""Pure scoring of a tournament: table points with shared ties, and rankings with tie-breaks."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from scoring.mcr.session import table_points as table_points  # MCR's session result, the seam's

T = TypeVar("T")


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
