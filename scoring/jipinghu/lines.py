"""Guangdong 鸡平胡's result lines at a table (docs/rule-systems.md "At the table"): a ron or a tsumo names the
hand's types (one, or a list whose 番 add up; the source gives no tiles' shapes for them), or a draw; paid with
the organiser's 番 from the hand's dealer."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scoring.chinese_game import Settlement, WinLines, add, by_seat, fans_of, next_dealer
from scoring.errors import LineError
from scoring.jipinghu.rules import NAMES, TYPES, rules_with
from scoring.jipinghu.score import TypesError, hand_types, score
from scoring.played import Payment, WinValue
from scoring.win_seats import InputError

__all__ = ["JipinghuLines"]

_WIN = WinLines("hand_type", (), (), True)  # several winners on one discard (一炮多响)


class JipinghuLines:
    types = _WIN.types

    def entry_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return {"value": "hand_type", "flags": [], "several_types": True, "multiple_ron": True,
                "hand_types": [{"id": t.value, "zh": TYPES[t].zh, "en": TYPES[t].en} for t in TYPES]}

    def read(self, obj: Mapping[str, Any], seat_of: Callable[[str, str], int]) -> dict[str, Any]:
        record = _WIN.read(obj, seat_of)
        for w in record.get("winners", ()):
            try:
                kinds = [k.value for k in hand_types(w["hand_type"])]
            except TypesError as exc:
                raise LineError("hand_type", exc.code, **exc.params) from exc
            except InputError as exc:
                raise LineError("hand_type", "game_rules_input", problem=str(exc)) from exc
            w["hand_type"] = kinds[0] if len(kinds) == 1 else kinds
        return record

    def line(self, record: Mapping[str, Any], number_of: Callable[[int], str]) -> dict[str, Any]:
        return _WIN.line(record, number_of)

    def settle(self, record: Mapping[str, Any], dealer: int, options: Mapping[str, Any],
               partial: bool = False) -> Settlement:
        winners = record.get("winners", ())
        if not winners:
            return Settlement((0, 0, 0, 0), (), (), ())
        try:
            rules = rules_with({k: v for k, v in options.items() if k in NAMES})
        except ValueError as exc:  # a value the organiser has not typed (the store refuses it before this)
            raise LineError("rules", "game_rules_input", problem=str(exc)) from exc
        total = (0, 0, 0, 0)
        values, payments = [], []
        for w in winners:  # several on one discard: each paid by the discarder
            try:
                answer = score(_WIN.request(w, record, dealer), rules)
            except InputError as exc:
                raise LineError("hand_type", "game_rules_input", problem=str(exc)) from exc
            deltas = by_seat(answer["deltas"], dealer)
            total = add(total, deltas)
            values.append(WinValue(w["seat"], total=answer["total"], fans=fans_of(answer["fans"]), unit="total"))
            payments.append(Payment("win", w["seat"], deltas))
        return Settlement(total, tuple(values), tuple(payments), tuple(w["seat"] for w in winners))

    def next_dealer(self, dealer: int, settlement: Settlement) -> int:
        return next_dealer(dealer, settlement.winners)
