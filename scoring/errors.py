"""Typed errors for hands that cannot be scored. Each has a stable ``code`` for machines."""

from __future__ import annotations


class HandError(ValueError):
    """Base: the input is not a valid winning hand. ``code`` is stable, ``message`` is for people."""

    code = "invalid_hand"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class HandParseError(HandError):
    """The notation string is malformed; ``position`` is 1-based where known."""

    code = "parse_error"

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position


class TileCountError(HandError):
    code = "tile_count"


class TooManyCopiesError(HandError):
    code = "too_many_copies"


class SituationError(HandError):
    """Contradictory win context (FANS.md W2–W3) or bad winds."""

    code = "situation"


class FlowerCountError(HandError):
    code = "flowers"


class NotWinningError(HandError):
    code = "not_winning_hand"
