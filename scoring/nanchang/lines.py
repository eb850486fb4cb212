"""Nanchang's result lines at a table (docs/rule-systems.md "At the table"): a ron or a tsumo names the hand type
(the source never defines its joker, so no tiles), or a draw; paid by the source's table from the hand's dealer."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scoring.chinese_game import Settlement, WinLines, by_seat, fans_of, next_dealer
from scoring.errors import LineError
from scoring.nanchang.score import hand_type, score
from scoring.nanchang.table import TABLE
from scoring.played import Payment, WinValue
from scoring.win_seats import InputError

__all__ = ["NanchangLines"]

_WIN = WinLines("hand_type", (), (), False)


class NanchangLines:
    types = _WIN.types

    def entry_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return {"value": "hand_type", "flags": [],
                "hand_types": [{"id": t.value, "zh": row.zh, "en": row.en} for t, row in TABLE.items()]}

    def read(self, obj: Mapping[str, Any], seat_of: Callable[[str, str], int]) -> dict[str, Any]:
        record = _WIN.read(obj, seat_of)
        for w in record.get("winners", ()):
            try:
                w["hand_type"] = hand_type(w["hand_type"]).value  # kept by its id, the Chinese name read
            except InputError as exc:
                raise LineError("hand_type", "game_rules_input", problem=str(exc)) from exc
        return record

    def line(self, record: Mapping[str, Any], number_of: Callable[[int], str]) -> dict[str, Any]:
        return _WIN.line(record, number_of)

    def settle(self, record: Mapping[str, Any], dealer: int, options: Mapping[str, Any],
               partial: bool = False) -> Settlement:
        winners = record.get("winners", ())
        if not winners:
            return Settlement((0, 0, 0, 0), (), (), ())
        w = winners[0]
        answer = score(_WIN.request(w, record, dealer))
        deltas = by_seat(answer["deltas"], dealer)
        value = WinValue(w["seat"], total=answer["total"], fans=fans_of(answer["fans"]), unit="total")
        return Settlement(deltas, (value,), (Payment("win", w["seat"], deltas),), (w["seat"],))

    def next_dealer(self, dealer: int, settlement: Settlement) -> int:
        return next_dealer(dealer, settlement.winners)
