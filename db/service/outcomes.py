"""Pure: a result's input (win, draw, penalty, time call) validated and turned into the row it becomes
and the point changes of the four seats. No ``Session``: callers pass the settings and the seat numbers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from db.errors import InputError
from db.messages import hand_problem
from db.models import HandResult, Penalty
from db.rules.limits import INT_MAX, NOTATION_MAX, REASON_MAX, check_text
from db.rules.profiles import PENALTY_KINDS, SeatRotation, Settings, Settlement
from db.rules.rotation import hand_winds


@dataclass(frozen=True, slots=True)
class WinInput:
    """A win: totals only (``fan`` = base points incl. flowers) or a full hand (``notation``)."""

    winner: str
    discarder: str | None = None
    self_drawn: bool = False
    fan: int | None = None
    flowers: int | None = None
    notation: str | None = None
    fourth_tile: bool = False
    kong_related: bool = False
    last_tile_of_wall: bool = False


@dataclass(frozen=True, slots=True)
class DrawInput:
    pass


@dataclass(frozen=True, slots=True)
class PenaltyInput:
    player: str
    points: int
    settlement: Settlement = Settlement.DEDUCTED
    to: str | None = None  # the receiving player when settlement is PLAYER
    reason: str = ""
    kind: str = "custom"
    hand: int | None = None


@dataclass(frozen=True, slots=True)
class TimeCalledInput:
    after_hand: int


ResultInput = WinInput | DrawInput | PenaltyInput | TimeCalledInput


@dataclass(frozen=True, slots=True)
class ResultLine:
    session: int
    table: int
    hand: int | None
    result: ResultInput


class AtTable(Protocol):
    """What the checks of a result read of its table: a loaded table or a plain row (``lookup.TableRow``)."""

    @property
    def session(self) -> int: ...
    @property
    def table_no(self) -> int: ...
    @property
    def time_called_after(self) -> int | None: ...


def position_of(numbers: Sequence[str], number: Any, field_name: str, tbl: AtTable) -> int:
    if not isinstance(number, str | int) or isinstance(number, bool):
        raise InputError(field_name, code="not_a_player_number", value=_short(number))
    if str(number) not in numbers:
        raise InputError(field_name, code="player_not_at_table", number=number, table=tbl.table_no,
                         session=tbl.session, players=", ".join(numbers))
    return numbers.index(str(number))


def check_bool(value: Any, field_name: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(field_name, code="not_a_bool", value=_short(value))
    return value


def whole_number(value: Any, field_name: str) -> int:
    """``value`` if it is a JSON whole number: not ``true`` (a bool is an int in Python) nor ``1.0``.

    >>> whole_number(1.0, "table")
    Traceback (most recent call last):
    db.errors.InputError: "table": 1.0 is not a whole number
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(field_name, code="not_a_whole_number", value=_short(value))
    return value


def check_int(value: Any, field_name: str, low: int, high: int | None = None) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (by default to ``INT_MAX``, what an
    Integer column holds on every backend).

    >>> check_int(2**63, "table", 1)
    Traceback (most recent call last):
    db.errors.InputError: "table": 9223372036854775808 is out of range (1–2147483647)
    """
    value = whole_number(value, field_name)
    if value < low:
        raise InputError(field_name, code="out_of_range" if high is not None else "too_small", value=_short(value),
                         low=low, high=high)
    if value > (INT_MAX if high is None else high):
        raise InputError(field_name, code="out_of_range", value=_short(value), low=low,
                         high=INT_MAX if high is None else high)
    return value


def check_whole(value: Any, field_name: str, low: int) -> int:
    """``value`` if it is a whole number of at least ``low``, however large: for a hand, whose top is the
    tournament's hands per session, checked by the service that records it (before any query), so hand
    2^31 is refused as hand 999 is, not with the Integer column's limit.

    >>> check_whole(2**31, "hand", 1)
    2147483648
    """
    value = whole_number(value, field_name)
    if value < low:
        raise InputError(field_name, code="too_small", value=_short(value), low=low)
    return value


def _short(value: Any) -> Any:
    """A wrong value as a message shows it: long text or containers cut to 40 characters."""
    text = repr(value)
    return value if len(text) <= 40 else _Shown(text[:39] + "…")


class _Shown(str):
    def __repr__(self) -> str:
        return str(self)


@dataclass(frozen=True, slots=True)
class ScoredHand:
    """The row a hand result becomes (everything stored, before station/time)."""

    kind: str
    winner: int | None = None
    discarder: int | None = None
    self_drawn: bool = False
    fan_total: int = 0
    flowers: int | None = None
    notation: str | None = None
    fourth_tile: bool = False
    kong_related: bool = False
    last_tile_of_wall: bool = False
    fans: tuple[tuple[str, int], ...] | None = None
    deltas: tuple[int, int, int, int] = (0, 0, 0, 0)

    @staticmethod
    def of_row(h: HandResult) -> ScoredHand:
        return ScoredHand(h.kind, h.winner, h.discarder, h.self_drawn, h.fan_total, h.flowers, h.notation,
                          h.fourth_tile, h.kong_related, h.last_tile_of_wall,
                          None if h.fans is None else tuple((f["id"], int(f["count"])) for f in h.fans),
                          h.deltas)

    def apply(self, h: HandResult) -> None:
        h.kind, h.winner, h.discarder, h.self_drawn = self.kind, self.winner, self.discarder, self.self_drawn
        h.fan_total, h.flowers, h.notation = self.fan_total, self.flowers, self.notation
        h.fourth_tile, h.kong_related, h.last_tile_of_wall = self.fourth_tile, self.kong_related, self.last_tile_of_wall
        h.fans = None if self.fans is None else [{"id": f, "count": c} for f, c in self.fans]
        h.deltas = self.deltas

    @property
    def meets_minimum(self) -> bool:
        """A draw, or a win of at least 8 fans without flowers."""
        return self.kind != "win" or self.fan_total - (self.flowers or 0) >= 8

    def describe(self, numbers: Sequence[str]) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.kind}
        if self.kind == "win":
            assert self.winner is not None
            d["winner"] = numbers[self.winner]
            if self.discarder is not None:
                d["discarder"] = numbers[self.discarder]
            else:
                d["self_drawn"] = True
            d["fan"] = self.fan_total
            if self.flowers is not None:
                d["flowers"] = self.flowers
            if self.notation:
                d["notation"] = self.notation
        d["payments"] = dict(zip(numbers, self.deltas, strict=True))
        return d


def score_win(st: Settings, numbers: Sequence[str], tbl: AtTable, hand: int, win: WinInput, *,
              minimum: bool = True) -> ScoredHand:
    """Validate a win and compute its base points, fans and payments (winds from the seating).

    ``minimum=False`` (a preview) scores a hand under 8 fans too instead of refusing it
    (:meth:`ScoredHand.meets_minimum` says whether it could be recorded)."""
    from scoring.mcr.settlement import (
        settle_win,  # here: a command that scores no hand never loads the engine
    )

    winner = position_of(numbers, win.winner, "winner", tbl)
    self_drawn = check_bool(win.self_drawn, "self_drawn")
    if win.discarder is None and not self_drawn:
        raise InputError("discarder", code="win_needs_discarder")
    if win.discarder is not None and self_drawn:
        raise InputError("self_drawn", code="self_drawn_discarder")
    discarder = None if win.discarder is None else position_of(numbers, win.discarder, "discarder", tbl)
    if discarder == winner:
        raise InputError("discarder", code="pays_own_win", number=win.discarder)
    flowers = None if win.flowers is None else check_int(win.flowers, "flowers", 0, 8)
    if flowers and not st.flowers:
        raise InputError("flowers", code="no_flowers")
    flags = (check_bool(win.fourth_tile, "fourth_tile"), check_bool(win.kong_related, "kong_related"),
             check_bool(win.last_tile_of_wall, "last_tile_of_wall"))
    fans: tuple[tuple[str, int], ...] | None = None
    if win.notation is not None:
        if not isinstance(win.notation, str) or not win.notation.strip():
            raise InputError("notation", code="notation_empty")
        check_text(win.notation, "notation", NOTATION_MAX)
        total, fans, without = _engine_score(win.notation.strip(), self_drawn, flags, flowers or 0,
                                             hand, winner, st.seat_rotation)
        if win.fan is not None and check_int(win.fan, "fan", 0) != total:
            raise InputError("fan", code="fan_mismatch", fan=win.fan, total=total)
        if without < 8 and minimum:
            raise InputError("notation", code="under_eight_fans", fans=without)
        flowers = flowers or 0
    else:
        if win.fan is None:
            raise InputError("fan", code="win_needs_fan")
        total = check_int(win.fan, "fan", 0, 100000)
        without = total - (flowers or 0)
        if without < 8 and minimum:
            raise InputError("fan", code="under_eight_fans", fans=without)
    settle = settle_win(total, winner, discarder)
    return ScoredHand("win", winner, discarder, self_drawn, total, flowers,
                      None if win.notation is None else win.notation.strip(), *flags, fans, settle.deltas)


def _engine_score(notation: str, self_drawn: bool, flags: tuple[bool, bool, bool], flowers: int, hand: int,
                  winner: int, rotation: SeatRotation) -> tuple[int, tuple[tuple[str, int], ...], int]:
    from scoring.errors import HandError
    from scoring.mcr.engine import score_hand
    from scoring.model import WinContext, Wind
    from scoring.notation import parse_hand

    w = hand_winds(hand, rotation is SeatRotation.ROTATE)
    try:
        parsed = parse_hand(notation)
        ctx = WinContext(self_drawn=self_drawn, fourth_tile=flags[0], kong_related=flags[1],
                         last_tile_of_wall=flags[2], seat_wind=Wind(w.seat_winds[winner]),
                         prevalent_wind=Wind(w.prevailing), flowers=flowers)
        result = score_hand(parsed, ctx)
    except HandError as exc:
        raise InputError("notation", code="hand_invalid", notation=notation, problem=hand_problem(exc),
                         hand_code=exc.code) from exc
    fans = tuple((str(af.fan), af.count) for af in result.fans)
    return result.total, fans, result.total_without_flowers


def penalty_deltas(position: int, points: int, settlement: Settlement | str, to: int | None) -> tuple[int, int, int, int]:
    """Effect of a penalty on the four seats (the offender at ``position``).

    >>> penalty_deltas(0, 30, "others", None)
    (-30, 10, 10, 10)
    >>> penalty_deltas(2, 20, "player", 1)
    (0, 20, -20, 0)
    """
    d = [0, 0, 0, 0]
    d[position] -= points
    if settlement == Settlement.OTHERS:
        for p in range(4):
            if p != position:
                d[p] += points // 3
    elif settlement == Settlement.PLAYER:
        assert to is not None
        d[to] += points
    return (d[0], d[1], d[2], d[3])


@dataclass(frozen=True, slots=True)
class ScoredPenalty:
    hand_no: int | None
    position: int
    kind: str
    points: int
    settlement: Settlement | str  # a str when read back from a row
    to_position: int | None
    reason: str
    deltas: tuple[int, int, int, int]

    @staticmethod
    def of_row(p: Penalty) -> ScoredPenalty:
        return ScoredPenalty(p.hand_no, p.position, p.kind, p.points, p.settlement, p.to_position, p.reason,
                             p.deltas)

    def apply(self, p: Penalty) -> None:
        p.hand_no, p.position, p.kind, p.points = self.hand_no, self.position, self.kind, self.points
        p.settlement, p.to_position, p.reason = self.settlement, self.to_position, self.reason
        p.deltas = self.deltas

    def describe(self, numbers: Sequence[str]) -> dict[str, Any]:
        d: dict[str, Any] = {"type": "penalty", "player": numbers[self.position], "points": self.points,
                             "settlement": ({"to": numbers[self.to_position]} if self.to_position is not None
                                            else self.settlement),
                             "kind": self.kind, "reason": self.reason}
        if self.hand_no is not None:
            d["hand"] = self.hand_no
        return d


def score_penalty(st: Settings, numbers: Sequence[str], tbl: AtTable, pen: PenaltyInput,
                  recorded: int | None) -> ScoredPenalty:
    """Validate a penalty and compute its effect; ``recorded`` None skips the checks against the table's
    progress (used to recognise a line that is already recorded)."""
    pos = position_of(numbers, pen.player, "player", tbl)
    points = check_int(pen.points, "points", 1, 100000)
    if pen.settlement not in tuple(Settlement):
        raise InputError("settlement", code="unknown_settlement", settlement=pen.settlement)
    to = None
    settlement = Settlement(pen.settlement)
    if settlement is Settlement.PLAYER:
        if pen.to is None:
            raise InputError("settlement", code="settlement_needs_player")
        to = position_of(numbers, pen.to, "settlement", tbl)
        if to == pos:
            raise InputError("settlement", code="pays_self", number=pen.to)
    if settlement is Settlement.OTHERS and points % 3:
        raise InputError("points", code="points_not_divisible", points=points)
    if not isinstance(pen.kind, str) or pen.kind not in PENALTY_KINDS:
        raise InputError("kind", code="unknown_penalty_kind", kind=_short(pen.kind), kinds=", ".join(PENALTY_KINDS))
    reason = check_text(pen.reason, "reason", REASON_MAX)
    hand = None
    if pen.hand is not None:
        hand = check_int(pen.hand, "hand", 1, st.hands_per_session)
        if recorded is not None and hand > recorded + 1:
            raise InputError("hand", code="hand_not_played", hand=hand, table=tbl.table_no, recorded=recorded)
        # A penalty may belong to the hand interrupted by the time call, not to a later one.
        if recorded is not None and tbl.time_called_after is not None and hand > tbl.time_called_after + 1:
            raise InputError("hand", code="time_called_before", after=tbl.time_called_after)
    return ScoredPenalty(hand, pos, pen.kind, points, settlement, to, reason,
                         penalty_deltas(pos, points, settlement, to))
