"""One Nanchang win from its JSON input object to its answer (``mcr-score --rules nanchang``):
{"hand_type", "win", "seat", "discarder", "dealer"} -> {"valid", "fans", "total", "deltas"}
(docs/scoring-cli.md)."""

from __future__ import annotations

import json
from typing import Any

from scoring.nanchang.table import TABLE, HandType, changes
from scoring.win_seats import InputError, answer_error, win_seats

_BY_NAME = {**{t.value: t for t in HandType}, **{row.zh: t for t, row in TABLE.items()}}


def hand_type(value: object) -> HandType:
    """A hand type by its id or its Chinese name; raises ``InputError``."""
    if not isinstance(value, str) or value not in _BY_NAME:
        raise InputError(f'"hand_type" must be one of {", ".join(t.value for t in HandType)} (or the Chinese '
                         f'name), not {json.dumps(value, ensure_ascii=False)}')
    return _BY_NAME[value]


def score(obj: dict[str, Any]) -> dict[str, Any]:
    """The answer for a valid request; raises ``InputError``."""
    kind = hand_type(obj.get("hand_type"))
    seats = win_seats(obj)
    row = TABLE[kind]
    out = changes(row, seats)
    total = out[seats.seat]
    return {"valid": True, "fans": [{"id": kind.value, "zh": row.zh, "en": row.en, "value": total, "tiles": []}],
            "total": total, "deltas": out}


def answer(obj: object) -> dict[str, Any]:
    """The answer object for one input object; never raises for a bad input."""
    try:
        if not isinstance(obj, dict):
            raise InputError(f"expected a JSON object, got {type(obj).__name__}")
        return score(obj)
    except InputError as e:
        return answer_error("invalid_input", str(e))
