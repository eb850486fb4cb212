"""MCR scoring engine: pure Python, imports nothing else of the project.

Public API::

    from scoring import parse_hand, score_hand, WinContext, Wind
    result = score_hand(parse_hand("[789m2][777s3][234s3]89sEE7s"), WinContext(self_drawn=False))

Every name but the errors is loaded on first use, so ``import scoring`` stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scoring.errors import (
    FlowerCountError,
    HandError,
    HandParseError,
    NotWinningError,
    SituationError,
    TileCountError,
    TooManyCopiesError,
)

if TYPE_CHECKING:
    from scoring.mcr.engine import score_hand
    from scoring.mcr.fans import FAN_INFO, Fan
    from scoring.mcr.result import MINIMUM_FANS, AwardedFan, ScoreResult
    from scoring.mcr.settlement import BOTTOM_POINTS, Settlement, settle_draw, settle_win
    from scoring.mcr.validate import validate_hand
    from scoring.mcr.waits import waiting_tiles
    from scoring.model import Hand, Meld, MeldKind, WinContext, Wind
    from scoring.notation import format_hand, parse_hand

__all__ = [
    "BOTTOM_POINTS", "FAN_INFO", "MINIMUM_FANS",
    "AwardedFan", "Fan", "FlowerCountError", "Hand", "HandError", "HandParseError", "Meld", "MeldKind",
    "NotWinningError", "ScoreResult", "Settlement", "SituationError", "TileCountError", "TooManyCopiesError",
    "WinContext", "Wind", "format_hand", "parse_hand", "score_hand", "settle_draw", "settle_win",
    "validate_hand", "waiting_tiles",
]

# Every name but the errors loads on first use, so the rule-system seam (``scoring.systems``, which the
# standings ask for a table's session result) does not load MCR's tables of fans (tests/test_startup.py).
_LAZY = {
    "score_hand": "scoring.mcr.engine", "waiting_tiles": "scoring.mcr.waits",
    **dict.fromkeys(("FAN_INFO", "Fan"), "scoring.mcr.fans"),
    **dict.fromkeys(("MINIMUM_FANS", "AwardedFan", "ScoreResult"), "scoring.mcr.result"),
    **dict.fromkeys(("BOTTOM_POINTS", "Settlement", "settle_draw", "settle_win"), "scoring.mcr.settlement"),
    "validate_hand": "scoring.mcr.validate",
    **dict.fromkeys(("Hand", "Meld", "MeldKind", "WinContext", "Wind"), "scoring.model"),
    **dict.fromkeys(("format_hand", "parse_hand"), "scoring.notation"),
}


def __getattr__(attr: str) -> Any:
    """Load the engine's entry points on first use (PEP 562)."""
    module = _LAZY.get(attr)
    if module is None:
        raise AttributeError(f"module 'scoring' has no attribute {attr!r}")
    import importlib

    value = getattr(importlib.import_module(module), attr)
    globals()[attr] = value
    return value
