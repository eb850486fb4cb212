"""Guiyang 捉鸡's result lines at a table (docs/rule-systems.md "At the table"): a ron, a tsumo or a draw, with
the hand's standing kongs (豆), the chickens counted to the other players, the charging or the responsible
chicken and a hot kong (热炮) on a ron, settled from the hand's dealer with the organiser's values.

The record: the shared ``{"type", "discarder", "winners": [{"seat", "hand", flags}]}`` plus ``"kongs"``,
``"chickens"`` (four counts, by seat), ``"charging_chicken"`` (a seat or None), ``"responsible_chicken"``
({"from", "to"} seats or None) and ``"hot_kong"`` (a kong kind or None). A draw pays nothing
(docs/rule-systems.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scoring.chinese_game import (
    KONG_KINDS,
    Settlement,
    WinLines,
    add,
    by_seat,
    fans_of,
    kongs_line,
    need,
    read_kongs,
    wind_of,
)
from scoring.errors import HandError, LineError
from scoring.guiyang.rules import NAMES
from scoring.guiyang.score import (
    CHICKEN,
    FLAGS,
    ChickensError,
    next_dealer,
    read_chickens,
    read_request,
    score,
)
from scoring.mcr.decompose import all_counts
from scoring.notation import parse_hand
from scoring.played import Payment, WinValue
from scoring.win_seats import InputError

__all__ = ["GuiyangLines"]

_WIN = WinLines("hand", FLAGS, ("kongs", "chickens", "charging_chicken", "responsible_chicken", "hot_kong"),
                True)  # several winners on one discard (docs/rule-systems.md "Guiyang")
# each of the answer's payments by what it pays for (the sheet's words: db/rules/game_words.py PAYMENTS)
_KIND = {"mendou": "kong", "zhuanwandou": "kong", "diandou": "kong", "repao": "hot_kong", "ji": "chicken",
         "chongfengji": "chicken", "zerenji": "chicken"}


def _check_tiles(record: Mapping[str, Any]) -> None:
    """What the winners' tiles show bounds the line: four 幺鸡 at most in all (the winners' and those counted
    to the others), and a winner's kongs listed are among its melds (有豆 is read from them)."""
    chickens = sum(record["chickens"])
    on_one = 0  # winners of one discarded (or robbed) 幺鸡: the same tile, in each winner's hand
    for w in record.get("winners", ()):
        try:
            hand = parse_hand(w["hand"])
        except (HandError, ValueError):
            continue  # not tiles: the scoring says so when the hand is played
        chickens += all_counts(hand)[CHICKEN]
        on_one += record["type"] == "ron" and hand.winning == CHICKEN
        melds = sum(1 for m in hand.melds if m.kind.is_kong)
        if sum(1 for k in record["kongs"] if k["seat"] == w["seat"]) > melds:
            raise LineError("kongs", "game_winner_kong_not_in_tiles")
    chickens -= max(0, on_one - 1)
    if chickens > 4:
        raise LineError("chickens", "game_chickens_too_many", count=chickens)


class GuiyangLines:
    types = _WIN.types

    def entry_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        # chickens: the others' 幺鸡, the charging or the responsible chicken; hot_kong: a win on a discard's 热炮;
        # chicken_counts "others": counted to the players who did not win only (a winner's are read from its
        # tiles); first_chicken: the hand's first 幺鸡 is one of these or neither, never two (read_chickens)
        return {"value": "hand", "flags": list(FLAGS), "kongs": True, "chickens": True, "hot_kong": True,
                "multiple_ron": True, "chicken_counts": "others", "first_chicken": ["charging", "responsible"]}

    def read(self, obj: Mapping[str, Any], seat_of: Callable[[str, str], int]) -> dict[str, Any]:
        record = _WIN.read(obj, seat_of)
        record["kongs"] = read_kongs(obj.get("kongs", []), seat_of)
        counts = obj.get("chickens", {})
        if not isinstance(counts, dict):
            raise LineError("chickens", "game_chickens")
        chickens = [0, 0, 0, 0]
        for number, n in counts.items():
            if type(n) is not int or not 0 <= n <= 4:
                raise LineError("chickens", "game_chickens")
            chickens[seat_of(number, "chickens")] = n
        record["chickens"] = chickens
        charging = obj.get("charging_chicken")
        record["charging_chicken"] = None if charging is None else seat_of(charging, "charging_chicken")
        resp = obj.get("responsible_chicken")
        if resp is not None and not isinstance(resp, dict):
            raise LineError("responsible_chicken", "game_responsible_chicken")
        record["responsible_chicken"] = None if resp is None else {
            "from": seat_of(need(resp, "from"), "responsible_chicken"),
            "to": seat_of(need(resp, "to"), "responsible_chicken")}
        hot = obj.get("hot_kong")
        if hot is not None and (hot not in KONG_KINDS or record["type"] != "ron"):
            raise LineError("hot_kong", "game_hot_kong")
        record["hot_kong"] = hot
        if record["type"] == "draw":  # a draw pays nothing here (docs/rule-systems.md): its line lists nothing to pay
            given = [f for f in ("kongs", "chickens", "charging_chicken", "responsible_chicken") if obj.get(f)]
            if given:
                raise LineError(given[0], "game_nothing_paid_on_draw")
        _check_tiles(record)
        return record

    def line(self, record: Mapping[str, Any], number_of: Callable[[int], str]) -> dict[str, Any]:
        out = _WIN.line(record, number_of)
        if record.get("kongs"):
            out["kongs"] = kongs_line(record["kongs"], number_of)
        counts = {number_of(s): n for s, n in enumerate(record.get("chickens", ())) if n}
        if counts:
            out["chickens"] = counts
        if record.get("charging_chicken") is not None:
            out["charging_chicken"] = number_of(record["charging_chicken"])
        if record.get("responsible_chicken") is not None:
            r = record["responsible_chicken"]
            out["responsible_chicken"] = {"from": number_of(r["from"]), "to": number_of(r["to"])}
        if record.get("hot_kong") is not None:
            out["hot_kong"] = record["hot_kong"]
        return out

    def settle(self, record: Mapping[str, Any], dealer: int, options: Mapping[str, Any],
               partial: bool = False) -> Settlement:
        winners = record.get("winners", ())
        if not winners:
            return Settlement((0, 0, 0, 0), (), (), ())
        rules = {k: v for k, v in options.items() if k in NAMES}
        resp = record.get("responsible_chicken")
        extras = {"hot_kong": record.get("hot_kong"),
                  "kongs": [{"kind": k["kind"], "by": wind_of(k["seat"], dealer),
                             **({"discarder": wind_of(k["discarder"], dealer)} if "discarder" in k else {})}
                            for k in record.get("kongs", ())],
                  "chickens": {wind_of(s, dealer): n for s, n in enumerate(record.get("chickens", ())) if n},
                  "charging_chicken": None if record.get("charging_chicken") is None
                  else wind_of(record["charging_chicken"], dealer),
                  "responsible_chicken": None if resp is None
                  else {"from": wind_of(resp["from"], dealer), "to": wind_of(resp["to"], dealer)}}
        total = (0, 0, 0, 0)
        values: list[WinValue] = []
        payments: list[Payment] = []
        for n, w in enumerate(winners):  # several on one discard: the hand's kongs and chickens paid once
            obj = {**_WIN.request(w, record, dealer), "rules": rules,
                   **(extras if n == 0 else {"hot_kong": extras["hot_kong"]})}
            try:
                if n:  # paid once, with the first winner, but no later winner's either is counted by hand
                    read_chickens(extras, obj["seat"])
                answer = score(read_request(obj))
            except HandError:
                raise  # the tiles' or the situation's problem: the store words it (texts/hands.py hand.guiyang_*)
            except ChickensError as exc:
                raise LineError(exc.field, exc.code) from exc
            except (InputError, ValueError) as exc:
                raise LineError("winners", "game_rules_input", problem=str(exc)) from exc
            deltas = by_seat(answer["deltas"], dealer)
            total = add(total, deltas)
            extra = [0, 0, 0, 0]
            paid = []
            for p in answer["payments"]:
                changes = dict.fromkeys("ESWN", 0)
                for payer in p["from"]:
                    changes[payer] -= p["value"]
                    changes[p["to"]] += p["value"]
                seat_changes = by_seat(changes, dealer)
                extra = [a + b for a, b in zip(extra, seat_changes, strict=True)]
                paid.append(Payment(_KIND.get(p["id"], "win"), ("ESWN".index(p["to"]) + dealer) % 4, seat_changes))
            payments += [Payment("win", w["seat"], (deltas[0] - extra[0], deltas[1] - extra[1], deltas[2] - extra[2],
                                                    deltas[3] - extra[3])), *paid]
            values.append(WinValue(w["seat"], tiles=w["hand"], total=answer["total"], fans=fans_of(answer["fans"]),
                                   unit="total"))
        return Settlement(total, tuple(values), tuple(payments), tuple(w["seat"] for w in winners))

    def next_dealer(self, dealer: int, settlement: Settlement) -> int:
        winner = next_dealer("ESWN"[0], tuple(wind_of(s, dealer) for s in settlement.winners))
        return ("ESWN".index(winner) + dealer) % 4
