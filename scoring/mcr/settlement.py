"""Payments for one hand (TOURNAMENT.md "Winning and paying"). Positions are seat indexes 0–3."""

from __future__ import annotations

from dataclasses import dataclass

BOTTOM_POINTS = 8


@dataclass(frozen=True, slots=True)
class Settlement:
    """Points each of the four players wins (+) or loses (−); always sums to zero."""

    deltas: tuple[int, int, int, int]

    def __getitem__(self, position: int) -> int:
        return self.deltas[position]


def settle_win(base_points: int, winner: int, discarder: int | None,
               bottom: int = BOTTOM_POINTS) -> Settlement:
    """Self-drawn (``discarder`` None): each other pays bottom + base.
    Discard: each non-winner pays bottom; the discarder also pays base.

    >>> settle_win(24, 0, 2).deltas
    (48, -8, -32, -8)
    >>> settle_win(10, 1, None).deltas
    (-18, 54, -18, -18)
    """
    if not 0 <= winner <= 3:
        raise ValueError(f"winner position {winner} is not 0–3")
    if discarder is not None and (not 0 <= discarder <= 3 or discarder == winner):
        raise ValueError(f"discarder position {discarder} must be 0–3 and not the winner")
    if base_points < 0:
        raise ValueError("base points cannot be negative")
    deltas = [0, 0, 0, 0]
    for p in range(4):
        if p == winner:
            continue
        pay = bottom + (base_points if discarder is None or p == discarder else 0)
        deltas[p] -= pay
        deltas[winner] += pay
    return Settlement((deltas[0], deltas[1], deltas[2], deltas[3]))


def settle_draw() -> Settlement:
    return Settlement((0, 0, 0, 0))
