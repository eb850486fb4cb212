"""Sichuan's result line at a table (docs/rule-systems.md "At the table"): one line per hand, its events in
order (kongs, wins, the end of the wall), settled by ``settle.settle``; the hand goes on after a win until three
players have won or the wall is empty.

The record: ``{"type": "hand", "void": [suit or None, by seat], "events": [...]}`` with the events
``{"type": "kong", "seat", "kind", "discarder"}``, ``{"type": "tsumo", "winners": [winner]}``, ``{"type":
"ron", "discarder", "winners": [...]}`` and ``{"type": "wall_end", "ready": [{"seat", "hand" | "fan"}],
"pigs": [seats]}``; a winner is ``{"seat", "hand", flags}`` or ``{"seat", "fan"}`` (typed from a sheet).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scoring.chinese_game import Settlement, fans_of, need, wind_of
from scoring.errors import LineError
from scoring.played import LineWin, Payment, WinValue, one_line_wins
from scoring.sichuan.rules import SichuanRules, rules_with
from scoring.sichuan.score import FLAGS, SUITS, Situation, best_waiting_fan, score
from scoring.sichuan.settle import Kong, KongKind, SettleError, WallEnd, Win, Winner, settle, win_changes

__all__ = ["SichuanLines"]

_EVENT_FIELDS = {"kong": {"type", "player", "kind", "discarder"}, "tsumo": {"type", "winner", "tiles", "fan", *FLAGS},
                 "ron": {"type", "discarder", "winners"}, "wall_end": {"type", "ready", "pigs"}}


def _rules(options: Mapping[str, Any]) -> SichuanRules:
    return rules_with({k: v for k, v in options.items() if k in SichuanRules.__dataclass_fields__})


def _fan(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 20:
        raise LineError("fan", "riichi_whole", low=0, high=20)
    return value


class SichuanLines:
    types = ("hand",)

    def entry_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return {"value": "hand", "flags": list(FLAGS), "multiple_ron": True, "kongs": True, "void": True,
                "events": list(_EVENT_FIELDS), "typed": "fan"}

    def read(self, obj: Mapping[str, Any], seat_of: Callable[[str, str], int]) -> dict[str, Any]:
        if obj.get("type") != "hand":
            raise LineError("type", "game_line_type", type=str(obj.get("type"))[:40], types="hand")
        unknown = sorted(set(obj) - {"session", "table", "hand", "type", "void", "events"})
        if unknown:
            raise LineError(unknown[0][:40], "unknown_field", type="hand")
        void: list[str | None] = [None] * 4
        given = obj.get("void", {})
        if not isinstance(given, dict):
            raise LineError("void", "sichuan_void")
        for number, suit in given.items():
            if suit not in SUITS:
                raise LineError("void", "sichuan_void")
            void[seat_of(number, "void")] = suit
        events = need(obj, "events")
        if not isinstance(events, list) or not events:
            raise LineError("events", "sichuan_events")
        found = [self._event(e, seat_of) for e in events]
        _check_order(found)
        return {"type": "hand", "void": void, "events": found}

    def _event(self, e: Any, seat_of: Callable[[str, str], int]) -> dict[str, Any]:
        kind = e.get("type") if isinstance(e, dict) else None
        if not isinstance(kind, str) or kind not in _EVENT_FIELDS:
            raise LineError("events", "sichuan_events")
        unknown = sorted(set(e) - _EVENT_FIELDS[kind])
        if unknown:
            raise LineError(unknown[0][:40], "unknown_field", type=kind)
        if kind == "kong":
            if e.get("kind") not in tuple(KongKind) or (e["kind"] == KongKind.MELDED) != ("discarder" in e):
                raise LineError("events", "game_kongs")
            out: dict[str, Any] = {"type": kind, "seat": seat_of(need(e, "player"), "player"), "kind": e["kind"]}
            if "discarder" in e:
                out["discarder"] = seat_of(e["discarder"], "discarder")
            return out
        if kind == "tsumo":
            w = {k: v for k, v in e.items() if k != "type"}
            w["player"] = need(e, "winner")
            del w["winner"]
            if "tiles" in w:
                w["hand"] = w.pop("tiles")
            return {"type": kind, "winners": [self._winner(w, seat_of)]}
        if kind == "ron":
            winners = need(e, "winners")
            if not isinstance(winners, list) or not 1 <= len(winners) <= 3:
                raise LineError("winners", "riichi_winners")
            discarder = seat_of(need(e, "discarder"), "discarder")
            found = [self._winner(w, seat_of) for w in winners]
            # in the order of play from the discarder's next player: the first of them deals next
            return {"type": kind, "discarder": discarder,
                    "winners": sorted(found, key=lambda w: (w["seat"] - discarder) % 4)}
        ready, pigs = e.get("ready", []), e.get("pigs", [])
        if not isinstance(ready, list) or not isinstance(pigs, list):
            raise LineError("events", "sichuan_events")
        return {"type": kind, "ready": [self._winner(r, seat_of, flags=False) for r in ready],
                "pigs": sorted(seat_of(p, "pigs") for p in pigs)}

    def _winner(self, w: Any, seat_of: Callable[[str, str], int], flags: bool = True) -> dict[str, Any]:
        if not isinstance(w, dict):
            raise LineError("winners", "line_not_object")
        allowed = {"player", "hand", "fan", *(FLAGS if flags else ())}
        unknown = sorted(set(w) - allowed)
        if unknown:
            raise LineError(unknown[0][:40], "unknown_field", type="winner")
        out: dict[str, Any] = {"seat": seat_of(need(w, "player"), "player")}
        if ("hand" in w) == ("fan" in w):
            raise LineError("hand", "sichuan_value")
        if "fan" in w:
            out["fan"] = _fan(w["fan"])
        elif not isinstance(w["hand"], str) or not w["hand"]:
            raise LineError("hand", "riichi_tiles")
        else:
            out["hand"] = w["hand"]
        for flag in FLAGS if flags else ():
            v = w.get(flag, False)
            if not isinstance(v, bool):
                raise LineError(flag, "not_a_bool", value=v)
            if v:
                if "fan" in w:
                    raise LineError(flag, "riichi_situation_without_tiles")
                out[flag] = True
        return out

    def line(self, record: Mapping[str, Any], number_of: Callable[[int], str]) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "hand"}
        void = {number_of(s): v for s, v in enumerate(record.get("void", ())) if v}
        if void:
            out["void"] = void
        out["events"] = [_event_line(e, number_of) for e in record["events"]]
        return out

    def wins(self, line: dict[str, Any]) -> tuple[LineWin, ...]:
        """A line's wins in the order they were won: each win event's, as a line of one result has them."""
        return tuple(w for e in line.get("events", ()) for w in one_line_wins(e))

    def settle(self, record: Mapping[str, Any], dealer: int, options: Mapping[str, Any],
               partial: bool = False) -> Settlement:
        """The hand's events settled in order. A hand not over (fewer than three winners, no wall's end) is
        refused, unless ``partial`` (a preview while it is played): its kongs and wins are paid as they
        happened, and the refund and the wall's checks, which come only at its end, are not there yet."""
        rules = _rules(options)
        void = record.get("void", [None] * 4)
        events: list[Kong | Win | WallEnd] = []
        values: list[WinValue] = []
        won: list[int] = []
        for e in record["events"]:
            if e["type"] == "kong":
                events.append(Kong(e["seat"], KongKind(e["kind"]), e.get("discarder")))
            elif e["type"] in ("tsumo", "ron"):
                winners = []
                for w in e["winners"]:
                    fan, value = _win_fan(w, e, dealer, void, won, rules)
                    winners.append(Winner(w["seat"], fan))
                    values.append(value)
                events.append(Win(tuple(winners), e.get("discarder")))
                won.extend(w["seat"] for w in e["winners"])
            else:
                ready = tuple(Winner(r["seat"], _ready_fan(r, void, rules)) for r in e["ready"])
                events.append(WallEnd(ready, tuple(e["pigs"])))
        unfinished = len(won) < 3 and (not events or not isinstance(events[-1], WallEnd))
        if unfinished and not partial:
            raise LineError("events", "sichuan_unfinished")
        try:
            settled = settle(events, rules)
        except SettleError as exc:
            raise LineError("events", "game_rules_input", problem=str(exc)) from exc
        total = [0, 0, 0, 0]
        payments = []
        for s in settled:
            total = [a + b for a, b in zip(total, s.changes, strict=True)]
            if isinstance(s.event, Win):  # one line per winner, even of several on one discard
                payments += [Payment("win", w.seat, win_changes(Win((w,), s.event.discarder), s.in_play, rules))
                             for w in s.event.winners]
            elif isinstance(s.event, Kong):
                payments.append(Payment("kong", s.event.seat, s.changes))
            elif any(s.changes):
                payments.append(Payment(s.check.value, None, s.changes))
        first = next((e for e in record["events"] if e["type"] in ("tsumo", "ron")), None)
        # the first winner deals next (先胡者坐庄); several on the first discard won: its discarder deals
        # (一炮多响，点炮者坐庄); nobody won: the dealer stays (docs/rule-systems.md)
        deals = None if first is None else first["discarder"] if len(first["winners"]) > 1 else won[0]
        return Settlement((total[0], total[1], total[2], total[3]), tuple(values), tuple(payments), tuple(won),
                          deals, partial=unfinished)

    def next_dealer(self, dealer: int, settlement: Settlement) -> int:
        return dealer if settlement.deals_next is None else settlement.deals_next


def _check_order(events: Sequence[Mapping[str, Any]]) -> None:
    """The order the situations of a win need: 天胡 and 地胡 only as the hand's first event, nothing but the end of
    the wall after a win on the last tile or the last discard, a win on a kong's replacement tile right after
    the winner's kong, and 杠上炮 right after the discarder's kong."""
    first_draws = True  # every event so far a win on the first tiles: another may follow (血战 goes on)
    for n, e in enumerate(events, start=1):
        for w in e.get("winners", ()):
            if (w.get("tenhou") or w.get("chiihou")) and not first_draws:
                raise LineError("events", "sichuan_first_draw_only", event=n)
            if (w.get("haitei") or w.get("houtei")) and any(x["type"] != "wall_end" for x in events[n:]):
                raise LineError("events", "sichuan_after_last_tile", event=n)
            if w.get("rinshan"):
                maker = w["seat"] if e["type"] == "tsumo" else e["discarder"]
                before = events[n - 2] if n > 1 else None
                if before is None or before["type"] != "kong" or before["seat"] != maker:
                    raise LineError("events", "sichuan_rinshan_after_kong", event=n)
        first_draws = first_draws and bool(e.get("winners")) and all(
            w.get("tenhou") or w.get("chiihou") for w in e["winners"])


def _win_fan(w: Mapping[str, Any], e: Mapping[str, Any], dealer: int, void: Sequence[str | None],
             won: Sequence[int], rules: SichuanRules) -> tuple[int, WinValue]:
    if "fan" in w:
        return w["fan"], WinValue(w["seat"], total=w["fan"], unit="total")
    s = Situation(win=e["type"], void=void[w["seat"]], seat=wind_of(w["seat"], dealer),
                  discarder=None if e["type"] == "tsumo" else wind_of(e["discarder"], dealer),
                  out=tuple(wind_of(x, dealer) for x in won), **{f: bool(w.get(f)) for f in FLAGS})
    result = score(w["hand"], s, rules)
    return result.total, WinValue(w["seat"], tiles=w["hand"], total=result.total,
                                  fans=fans_of([f.to_json() for f in result.fans]), unit="total")


def _ready_fan(r: Mapping[str, Any], void: Sequence[str | None], rules: SichuanRules) -> int:
    if "fan" in r:
        fan: int = r["fan"]
        return fan
    best = best_waiting_fan(r["hand"], void[r["seat"]], rules)
    if best is None:
        raise LineError("ready", "sichuan_not_ready", tiles=r["hand"][:40])
    return best


def _event_line(e: Mapping[str, Any], number_of: Callable[[int], str]) -> dict[str, Any]:
    kind = e["type"]
    if kind == "kong":
        return {"type": kind, "player": number_of(e["seat"]), "kind": e["kind"],
                **({"discarder": number_of(e["discarder"])} if "discarder" in e else {})}
    if kind == "tsumo":
        w = _winner_line(e["winners"][0], number_of)
        out = {"type": kind, "winner": w.pop("player")}
        if "hand" in w:
            w["tiles"] = w.pop("hand")
        return {**out, **w}
    if kind == "ron":
        return {"type": kind, "discarder": number_of(e["discarder"]),
                "winners": [_winner_line(w, number_of) for w in e["winners"]]}
    return {"type": kind, "ready": [_winner_line(r, number_of) for r in e["ready"]],
            "pigs": [number_of(p) for p in e["pigs"]]}


def _winner_line(w: Mapping[str, Any], number_of: Callable[[int], str]) -> dict[str, Any]:
    return {"player": number_of(w["seat"]), **{k: v for k, v in w.items() if k != "seat"}}
