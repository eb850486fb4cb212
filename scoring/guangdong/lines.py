"""Guangdong's result lines at a table (docs/rule-systems.md "At the table"): a ron (one or several winners on
one discard), a tsumo or a draw, with the hand's joker indicator, the horses each player drew and every kong of
the hand, settled from the hand's dealer.

The record: the shared ``{"type", "discarder", "winners": [{"seat", "hand", flags}]}`` plus ``"joker"`` (the
indicator or None), ``"horses"`` (four lists of tiles, by seat) and ``"kongs"`` ([{"seat", "kind",
"discarder"}]).
"""

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
from scoring.guangdong.score import FLAGS, MOST_HORSES, InputError, read_request, score, tile_of
from scoring.guangdong.settle import KongKind, KongPaid, Win, kong_changes, settle
from scoring.played import Payment, WinValue
from scoring.tiles import name

__all__ = ["GuangdongLines", "HORSES"]

HORSES = 1  # horses per player when the organiser sets none (the source: 1-2; docs/rule-systems.md)
_WIN = WinLines("hand", tuple(f for f in FLAGS if f != "multiple_winners"), ("joker", "horses", "kongs"), True)


def _tile(value: Any, field: str) -> str:
    """A tile as the line gives it ("5m", "C" or "7z"), checked and kept as written."""
    try:
        tile_of(value, field)
    except InputError as exc:
        raise LineError(field, "game_tile", value=str(value)[:20]) from exc
    return str(value)


class GuangdongLines:
    types = _WIN.types

    def entry_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return {"value": "hand", "flags": list(_WIN.flags), "multiple_ron": True, "joker": True,
                "horses": options.get("horses", HORSES), "kongs": True}

    def read(self, obj: Mapping[str, Any], seat_of: Callable[[str, str], int]) -> dict[str, Any]:
        record = _WIN.read(obj, seat_of)
        joker = obj.get("joker")
        record["joker"] = None if joker is None else _tile(joker, "joker")
        record["horses"] = _horses(obj.get("horses", {}), seat_of)
        if record["type"] == "draw" and any(record["horses"]):
            raise LineError("horses", "game_no_horses_on_draw")
        record["kongs"] = read_kongs(obj.get("kongs", []), seat_of)
        return record

    def line(self, record: Mapping[str, Any], number_of: Callable[[int], str]) -> dict[str, Any]:
        out = _WIN.line(record, number_of)
        if record.get("joker") is not None:
            out["joker"] = record["joker"]
        horses = {number_of(s): list(h) for s, h in enumerate(record.get("horses", [[]] * 4)) if h}
        if horses:
            out["horses"] = horses
        if record.get("kongs"):
            out["kongs"] = kongs_line(record["kongs"], number_of)
        return out

    def settle(self, record: Mapping[str, Any], dealer: int, options: Mapping[str, Any],
               partial: bool = False) -> Settlement:
        base = options.get("base", 1)
        most = options.get("horses", HORSES)
        if any(len(h) > most for h in record.get("horses", ())):
            raise LineError("horses", "game_horses", most=most)
        horses = {wind_of(s, dealer): tuple(tile_of(t, "horses") for t in h) for s, h in enumerate(record.get("horses", ())) if h}
        kongs = tuple(KongPaid(KongKind(k["kind"]), wind_of(k["seat"], dealer),
                               None if "discarder" not in k else wind_of(k["discarder"], dealer))
                      for k in record.get("kongs", ()))
        winners = record.get("winners", ())
        total = (0, 0, 0, 0)
        values, payments = [], []
        for w in winners:
            obj = {**_WIN.request(w, record, dealer), "joker": record.get("joker"), "base": base,
                   "cap": options.get("cap"), "multiple_winners": len(winners) > 1}
            obj.pop("dealer")
            try:
                scored = score(read_request(obj))
            except InputError as exc:
                raise LineError("winners", "game_rules_input", problem=str(exc)) from exc
            win = Win(wind_of(w["seat"], dealer), None if record["type"] == "tsumo" else obj["discarder"],
                      scored.total * base, len(winners) > 1)
            alone = by_seat(settle(win, {}, (), base), dealer)
            with_horses = by_seat(settle(win, horses, (), base), dealer)
            horse = tuple(a - b for a, b in zip(with_horses, alone, strict=True))
            payments.append(Payment("win", w["seat"], alone))
            if any(horse):
                payments.append(Payment("horse", w["seat"], (horse[0], horse[1], horse[2], horse[3])))
            total = add(total, with_horses)
            v = scored.valued
            fans = fans_of([{"id": a.type.id, "zh": a.type.zh, "en": a.type.en, "value": a.type.points,
                             "tiles": [name(t) for t in a.tiles]} for a in v.types])
            values.append(WinValue(w["seat"], tiles=w["hand"], total=scored.total, fans=fans, unit="total"))
        for k, paid in zip(record.get("kongs", ()), kongs, strict=True):
            changes = by_seat(kong_changes((paid,), base), dealer)
            payments.append(Payment("kong", k["seat"], changes))
            total = add(total, changes)
        return Settlement(total, tuple(values), tuple(payments), tuple(w["seat"] for w in winners))

    def next_dealer(self, dealer: int, settlement: Settlement) -> int:
        return next_dealer(dealer, settlement.winners)


def _horses(value: Any, seat_of: Callable[[str, str], int]) -> list[list[str]]:
    most = MOST_HORSES  # the event's own number is checked when the hand is played (it is in the options)
    if not isinstance(value, dict):
        raise LineError("horses", "game_horses", most=most)
    out: list[list[str]] = [[], [], [], []]
    for number, tiles in value.items():
        seat = seat_of(number, "horses")
        if not isinstance(tiles, list) or len(tiles) > most:
            raise LineError("horses", "game_horses", most=most)
        out[seat] = [_tile(t, "horses") for t in tiles]
    return out
