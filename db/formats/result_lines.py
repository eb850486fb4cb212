"""The JSON shape of one result line (win, draw, penalty, time call): reading it into a
:class:`~db.service.outcomes.ResultLine`, and writing a recorded hand or penalty in the same fields
(``results list``)."""

from __future__ import annotations

from typing import Any

from db.errors import InputError
from db.read.views import HandRow, PenaltyRow, TableSeating
from db.rules.limits import NOTATION_MAX, NUMBER_MAX, REASON_MAX, check_text
from db.rules.profiles import Settlement
from db.service.outcomes import (
    DrawInput,
    PenaltyInput,
    ResultInput,
    ResultLine,
    TimeCalledInput,
    WinInput,
    _short,
    check_int,
    check_whole,
)

_WIN_FIELDS = {"session", "table", "hand", "type", "winner", "discarder", "self_drawn", "fan", "flowers",
               "notation", "fourth_tile", "kong_related", "last_tile_of_wall"}


_FIELDS = {
    "win": _WIN_FIELDS,
    "draw": {"session", "table", "hand", "type"},
    "penalty": {"session", "table", "hand", "type", "player", "points", "settlement", "reason", "kind"},
    "time_called": {"session", "table", "type", "after_hand"},
}


def _number(value: Any, field_name: str) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int) or str(value).strip() == "":
        raise InputError(field_name, code="not_a_player_number", value=_short(value))
    return check_text(str(value), field_name, NUMBER_MAX)


def parse_result_line(obj: Any) -> ResultLine:
    """Validate the shape of one result line (docs/tournament.md "Result lines"); tournament checks come later."""
    if not isinstance(obj, dict):
        raise InputError(None, code="line_not_object")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:  # ["x"] is unhashable: refused, not a TypeError
        raise InputError("type", code="unknown_line_type", type=_short(kind))
    unknown = sorted(set(obj) - _FIELDS[kind])
    if unknown:
        name = unknown[0]
        raise InputError(name if name.isprintable() and len(name) <= 40 else str(_short(name)), code="unknown_field",
                         type=kind)
    for need in ("session", "table"):
        if need not in obj:
            raise InputError(need, code="missing")
        check_int(obj[need], need, 1)
    hand = obj.get("hand")
    if kind in ("win", "draw") and hand is None:
        raise InputError("hand", code="missing")
    if hand is not None:  # its top is the session's hands: the service refuses 2^31 as it refuses 999
        check_whole(hand, "hand", 1)
    result: ResultInput
    if kind == "win":
        result = _win_input(obj)
    elif kind == "draw":
        result = DrawInput()
    elif kind == "penalty":
        result = _penalty_input(obj, hand)
    else:
        if "after_hand" not in obj:
            raise InputError("after_hand", code="missing")
        result = TimeCalledInput(check_whole(obj["after_hand"], "after_hand", 0))  # as the hand: its top is the session's
    return ResultLine(obj["session"], obj["table"], hand, result)


def _win_input(obj: dict[str, Any]) -> WinInput:
    """A win line's fields (the winner required; the rest checked by the service)."""
    if "winner" not in obj:
        raise InputError("winner", code="missing")
    return WinInput(
        winner=_number(obj["winner"], "winner"),
        discarder=None if obj.get("discarder") is None else _number(obj["discarder"], "discarder"),
        self_drawn=obj.get("self_drawn", False), fan=obj.get("fan"), flowers=obj.get("flowers"),
        notation=None if obj.get("notation") is None else check_text(obj["notation"], "notation", NOTATION_MAX),
        fourth_tile=obj.get("fourth_tile", False),
        kong_related=obj.get("kong_related", False), last_tile_of_wall=obj.get("last_tile_of_wall", False))


def _penalty_input(obj: dict[str, Any], hand: Any) -> PenaltyInput:
    """A penalty line's fields: the player, the points, the settlement (``{"to": N}`` for one player)."""
    for need in ("player", "points", "settlement"):
        if need not in obj:
            raise InputError(need, code="missing")
    settlement = obj["settlement"]
    to = None
    if isinstance(settlement, dict):
        if set(settlement) != {"to"}:
            raise InputError("settlement", code="settlement_to_form")
        to = _number(settlement["to"], "settlement")
        settlement = Settlement.PLAYER
    elif settlement not in (Settlement.DEDUCTED, Settlement.OTHERS):
        raise InputError("settlement", code="unknown_settlement", settlement=_short(settlement))
    reason = check_text(obj.get("reason", ""), "reason", REASON_MAX)
    kind_of = obj.get("kind", "custom")
    if not isinstance(kind_of, str):
        raise InputError("kind", code="not_text")
    return PenaltyInput(player=_number(obj["player"], "player"), points=check_int(obj["points"], "points", 1),
                        settlement=Settlement(settlement), to=to, reason=reason, kind=kind_of, hand=hand)


def hand_json(h: HandRow, seats: TableSeating) -> dict[str, Any]:
    """A recorded hand as a result line (the same fields, plus the winds, fans and payments it led to)."""
    nums = [p.number for p in seats.players]
    d: dict[str, Any] = {"session": h.session, "table": h.table, "hand": h.hand, "type": h.kind,
                         "prevailing": h.prevailing, "dealer": nums[h.dealer],
                         "winds": dict(zip(nums, h.winds, strict=True))}
    if h.kind == "win":
        assert h.winner is not None
        d["winner"] = nums[h.winner]
        d["discarder"] = None if h.discarder is None else nums[h.discarder]
        d["self_drawn"] = h.self_drawn
        d["fan"] = h.fan_total
        d["flowers"] = h.flowers if h.flowers_known else None
        if h.notation:
            d["notation"] = h.notation
        d["fans"] = [{"id": f.id, "zh": f.zh, "en": f.en, "points": f.points, "count": f.count} for f in h.fans]
    d["payments"] = dict(zip(nums, h.deltas, strict=True))
    return d


def penalty_json(p: PenaltyRow) -> dict[str, Any]:
    """A recorded penalty as a result line, with its id."""
    d: dict[str, Any] = {"session": p.session, "table": p.table, "type": "penalty", "id": p.id,
                         "player": p.player.number, "points": p.points, "kind": p.kind,
                         "settlement": {"to": p.to_player.number} if p.to_player else p.settlement,
                         "reason": p.reason}
    if p.hand is not None:
        d["hand"] = p.hand
    return d
