"""Typed errors for hands that cannot be scored. Each has a stable ``code`` for machines."""

from __future__ import annotations

from typing import Any


class HandError(ValueError):
    """Base: the input is not a valid winning hand. ``code`` is stable, ``message`` is for people, and
    ``params`` hold the values it names, with ``reason``, a stable name of the case within the code
    (e.g. ``{"reason": "unknown_suit", "text": "5x", "position": 3, "letter": "x"}``)."""

    code = "invalid_hand"

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.params = params


class HandParseError(HandError):
    """The notation string is malformed; ``position`` is 1-based where known."""

    code = "parse_error"

    def __init__(self, message: str, position: int | None = None, **params: Any) -> None:
        super().__init__(message, position=position, **params)
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


class LineError(ValueError):
    """A result line that is not one of its rule system's (``GameSystem.read_line``, ``play``): the field, a stable
    code and its parameters; the store words it, as for every refusal."""

    def __init__(self, field: str | None, code: str, **params: Any) -> None:
        super().__init__(f"{field}: {code} {params}")
        self.field, self.code, self.params = field, code, params


class GameOverError(ValueError):
    """A hand recorded after the end of a table's game (``GameSystem.play``)."""
