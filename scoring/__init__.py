"""MCR scoring engine: pure Python, imports nothing else of the project.

Public API::

    from scoring import parse_hand, score_hand, WinContext, Wind
    result = score_hand(parse_hand("[789m2][777s3][234s3]89sEE7s"), WinContext(self_drawn=False))
"""

from scoring.errors import (
    FlowerCountError,
    HandError,
    HandParseError,
    NotWinningError,
    SituationError,
    TileCountError,
    TooManyCopiesError,
)
from scoring.fans import FAN_INFO, Fan
from scoring.model import Hand, Meld, MeldKind, WinContext, Wind
from scoring.result import MINIMUM_FANS, AwardedFan, ScoreResult
from scoring.settlement import BOTTOM_POINTS, Settlement, settle_draw, settle_win

__all__ = [
    "BOTTOM_POINTS", "FAN_INFO", "MINIMUM_FANS",
    "AwardedFan", "Fan", "FlowerCountError", "Hand", "HandError", "HandParseError", "Meld", "MeldKind",
    "NotWinningError", "ScoreResult", "Settlement", "SituationError", "TileCountError", "TooManyCopiesError",
    "WinContext", "Wind", "settle_draw", "settle_win",
]
