"""Hebei's result lines at a table (docs/rule-systems.md "At the table"): a ron (one winner), a tsumo or a draw;
the winner's kongs are read from the tiles, the other players' are the line's ``kongs``, all paid at the end of
a won hand (a draw pays none, so its line has none)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scoring.chinese_game import (
    Settlement,
    WinLines,
    add,
    by_seat,
    fans_of,
    kongs_line,
    next_dealer,
    read_kongs,
    wind_of,
)
from scoring.errors import LineError
from scoring.hebei.score import FLAGS, score
from scoring.hebei.settle import Kong, KongKind, kong_deltas
from scoring.played import Payment, WinValue
from scoring.win_seats import InputError

__all__ = ["HebeiLines"]

_WIN = WinLines("hand", FLAGS, ("kongs",), True)  # 可以一炮多响 (docs/rule-systems.md "Hebei")


class HebeiLines:
    types = _WIN.types

    def entry_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return {"value": "hand", "flags": list(FLAGS), "kongs": True, "multiple_ron": True}

    def read(self, obj: Mapping[str, Any], seat_of: Callable[[str, str], int]) -> dict[str, Any]:
        record = _WIN.read(obj, seat_of)
        record["kongs"] = read_kongs(obj.get("kongs", []), seat_of)
        if record["type"] == "draw" and record["kongs"]:
            raise LineError("kongs", "game_no_kongs_on_draw")
        winners = {w["seat"] for w in record.get("winners", ())}
        if any(k["seat"] in winners for k in record["kongs"]):
            raise LineError("kongs", "game_winner_kongs_in_tiles")
        return record

    def line(self, record: Mapping[str, Any], number_of: Callable[[int], str]) -> dict[str, Any]:
        out = _WIN.line(record, number_of)
        if record.get("kongs"):
            out["kongs"] = kongs_line(record["kongs"], number_of)
        return out

    def settle(self, record: Mapping[str, Any], dealer: int, options: Mapping[str, Any],
               partial: bool = False) -> Settlement:
        winners = record.get("winners", ())
        if not winners:
            return Settlement((0, 0, 0, 0), (), (), ())
        total = (0, 0, 0, 0)
        values, payments = [], []
        others = [{"seat": wind_of(k["seat"], dealer), "kind": k["kind"],
                   **({"from": wind_of(k["discarder"], dealer)} if "discarder" in k else {})}
                  for k in record.get("kongs", ())]
        for n, w in enumerate(winners):  # several on one discard: each scored alone; the others' kongs paid once
            obj = {**_WIN.request(w, record, dealer), "kongs": others if n == 0 else []}
            try:
                answer = score(obj)
            except InputError as exc:
                raise LineError("winners", "game_rules_input", problem=str(exc)) from exc
            deltas = by_seat(answer["deltas"], dealer)
            kongs = by_seat(answer["kong_deltas"], dealer)
            total = add(total, deltas)
            payments.append(Payment("win", w["seat"], (deltas[0] - kongs[0], deltas[1] - kongs[1],
                                                       deltas[2] - kongs[2], deltas[3] - kongs[3])))
            listed = [Kong(wind_of(k["seat"], dealer), KongKind(k["kind"]),
                           None if "discarder" not in k else wind_of(k["discarder"], dealer))
                      for k in (record.get("kongs", ()) if n == 0 else ())]
            own = list(kongs)
            for k, kong in zip(record.get("kongs", ()) if n == 0 else (), listed, strict=True):
                paid = by_seat(kong_deltas((kong,)), dealer)
                own = [a - b for a, b in zip(own, paid, strict=True)]
                payments.append(Payment("kong", k["seat"], paid))
            if any(own):  # the winner's own kongs, read from its tiles
                payments.append(Payment("kong", w["seat"], (own[0], own[1], own[2], own[3])))
            values.append(WinValue(w["seat"], tiles=w["hand"], total=answer["total"], fans=fans_of(answer["fans"]),
                                   unit="total"))
        return Settlement(total, tuple(values), tuple(payments), tuple(w["seat"] for w in winners))

    def next_dealer(self, dealer: int, settlement: Settlement) -> int:
        return next_dealer(dealer, settlement.winners)
