"""Every hand problem carries its stable code and parameters, with ``reason`` naming the case."""

from __future__ import annotations

import pytest

from scoring.errors import HandError
from scoring.mcr.engine import score_hand
from scoring.model import WinContext
from scoring.notation import parse_hand


@pytest.mark.parametrize(("text", "code", "params"), [
    ("12x", "parse_error", {"reason": "unknown_suit", "text": "12x", "position": 1, "letter": "x"}),
    ("", "parse_error", {"reason": "empty", "position": 1}),
    ("123m 456p", "parse_error", {"reason": "space", "text": " ", "position": 5}),
    ("[123m]1", "parse_error", {"reason": "digits_without_suit", "text": "1", "position": 7}),
    ("11111m2345p5678s9s", "too_many_copies", {"reason": "copies", "copies": {"1m": 5}}),
    ("123m", "parse_error", {"reason": "tile_count", "tiles": 3, "melds": 0, "expected": 14, "position": 1}),
    ("[111m1]11m23456789p", "tile_count", {"reason": "waiting_hand"}),
    ("1112345678999m1p", "not_winning_hand", {"reason": "no_form", "hand": "1112345678999m1p"}),
])
def test_hand_errors_carry_code_and_params(text: str, code: str, params: dict[str, object]) -> None:
    with pytest.raises(HandError) as info:
        score_hand(parse_hand(text), WinContext())
    assert info.value.code == code
    assert info.value.params == params
