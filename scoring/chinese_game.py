"""A table's session in the Chinese points systems (Guangdong, Hebei, Nanchang, Sichuan) as a game: the hands'
records played in order, the dealer moving by the system's rule, a fixed number of hands (docs/rule-systems.md
"At the table").

A record is the plain JSON the store keeps (seats 0-3, the table's starting seats E, S, W, N). The systems
of one win per hand (and Guangdong's several on one discard) share the ron/tsumo/draw lines read here; each
system settles a record in its own ``lines`` module (a :class:`HandRules`), Sichuan its events.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from scoring.errors import GameOverError, LineError
from scoring.played import Fan, Payment, WinValue

__all__ = ["ChineseGame", "ChinesePlayed", "ChinesePlayedHand", "ChineseState", "HandRules", "Settlement",
           "WinLines", "add", "fans_of", "play", "wind_of"]

Scores = tuple[int, int, int, int]
WINDS = "ESWN"
SESSION_HANDS = 16  # a session's hands when the tournament gives none (as at MCR; source 003 gives no length)
_COMMON = frozenset({"session", "table", "hand", "type"})


@dataclass(frozen=True, slots=True)
class ChineseState:
    """The table before a hand: the hands played, how often the dealer moved, the dealer, the points."""

    played: int
    turns: int  # the dealer's moves so far: the prevailing wind changes every four
    dealer: int
    scores: Scores
    honba: int = 0  # none in these systems: the sheet's columns read 0
    deposits: int = 0

    @property
    def name(self) -> str:
        """The round as Riichi's sheet says it: the prevailing wind and the dealer's seat ("E1" ... "N4")."""
        return f"{WINDS[self.turns // 4 % 4]}{self.dealer + 1}"


@dataclass(frozen=True, slots=True)
class Settlement:
    """A record settled: each player's change, the winners' values, what was paid and why, and the winners in
    the order they won (the dealer's rule reads them)."""

    deltas: Scores
    values: tuple[WinValue, ...]
    payments: tuple[Payment, ...]
    winners: tuple[int, ...]
    deals_next: int | None = None  # who deals next when the hand's events decide it (Sichuan)
    partial: bool = False  # a hand not over yet, settled so far for a preview (``HandRules.settle``'s ``partial``)


@dataclass(frozen=True, slots=True)
class ChinesePlayedHand:
    state: ChineseState
    settlement: Settlement
    scores_after: Scores

    @property
    def deltas(self) -> Scores:
        return self.settlement.deltas

    @property
    def payments(self) -> tuple[Payment, ...]:
        return self.settlement.payments

    def win_values(self, record: Mapping[str, Any]) -> tuple[WinValue, ...]:
        return self.settlement.values

    @property
    def partial(self) -> bool:
        return self.settlement.partial


@dataclass(frozen=True, slots=True)
class ChineseGame:
    state: ChineseState  # after the last hand
    over: bool


@dataclass(frozen=True, slots=True)
class ChinesePlayed:
    game: ChineseGame
    hands: tuple[ChinesePlayedHand, ...]


class HandRules(Protocol):
    """One system's records: reading a line, writing it back, settling it from the hand's dealer."""

    types: tuple[str, ...]

    def read(self, obj: Mapping[str, Any], seat_of: Callable[[str, str], int]) -> dict[str, Any]: ...

    def line(self, record: Mapping[str, Any], number_of: Callable[[int], str]) -> dict[str, Any]: ...

    def settle(self, record: Mapping[str, Any], dealer: int, options: Mapping[str, Any],
               partial: bool = False) -> Settlement:
        """The record settled. ``partial``: the record may be of a hand not over yet (a preview while it is
        played, Sichuan's events so far): what it holds is settled, ``Settlement.partial`` when it is not over;
        a system whose line is the whole hand has nothing left out and ignores it."""
        ...

    def next_dealer(self, dealer: int, settlement: Settlement) -> int: ...

    def entry_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """What a hand's entry offers (``GameSystem.entry_options``): ``value`` ("hand": tiles, or
        "hand_type"), ``flags``, ``multiple_ron``, and the system's own (``joker``, ``horses``, ``kongs``,
        ``hand_types``, ``events``, ``void``, ``typed``)."""
        ...


def session_hands(options: Mapping[str, Any]) -> int:
    value = options.get("hands", SESSION_HANDS)
    return value if isinstance(value, int) and value > 0 else SESSION_HANDS


def last_hand(options: Mapping[str, Any], time_called_after: int | None) -> int:
    """How many hands the session has: its hands, or fewer when time is called (the hand in play at the gong
    is the last)."""
    hands = session_hands(options)
    return hands if time_called_after is None else min(hands, time_called_after)


def play(records: Sequence[Mapping[str, Any]], rules: HandRules, options: Mapping[str, Any],
         time_called_after: int | None = None, partial: bool = False) -> ChinesePlayed:
    """A table's records settled in order; ``GameOverError`` for a hand after the session's last.
    ``partial``: the last record may be of a hand not over yet (a preview; the earlier ones are recorded)."""
    last = last_hand(options, time_called_after)
    state = ChineseState(0, 0, 0, (0, 0, 0, 0))
    played = []
    for n, record in enumerate(records, start=1):
        if n > last:
            raise GameOverError(f"hand {n} after the last hand ({last})")
        try:
            settled = rules.settle(record, state.dealer, options, partial=partial and n == len(records))
        except LineError as exc:
            raise LineError(exc.field, exc.code, **{**exc.params, "hand": n}) from exc
        after = add(state.scores, settled.deltas)
        played.append(ChinesePlayedHand(state, settled, after))
        dealer = rules.next_dealer(state.dealer, settled)
        state = ChineseState(n, state.turns + (dealer - state.dealer) % 4, dealer, after)
    return ChinesePlayed(ChineseGame(state, len(records) >= last), tuple(played))


def add(a: Scores, b: Scores) -> Scores:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def by_seat(deltas: Mapping[str, int], dealer: int) -> Scores:
    """Changes by seat wind (the dealer East) as changes by seat."""
    out = [0, 0, 0, 0]
    for wind, v in deltas.items():
        out[(WINDS.index(wind) + dealer) % 4] += v
    return (out[0], out[1], out[2], out[3])


def wind_of(seat: int, dealer: int) -> str:
    """A seat's wind in a hand (the dealer is East)."""
    return WINDS[(seat - dealer) % 4]


def fans_of(answer_fans: Sequence[Mapping[str, Any]]) -> tuple[Fan, ...]:
    """An answer's ``fans`` as values."""
    return tuple(Fan(f["id"], f["zh"], f["en"], f["value"], tuple(f.get("tiles", ()))) for f in answer_fans)


# ------------------------------------------------------------------------------------------ ron / tsumo / draw


def need(obj: Mapping[str, Any], name: str) -> Any:
    if name not in obj:
        raise LineError(name, "missing")
    return obj[name]


@dataclass(frozen=True, slots=True)
class WinLines:
    """The ron/tsumo/draw lines of a system of one line per hand: a winner's value is ``value`` (tiles, or
    Nanchang's hand type), with the system's yes/no ``flags``; ``extra`` names the line's other fields (each
    read by ``read_extra``); ``several`` whether one discard may have several winners."""

    value: str  # "hand" (the tiles; "tiles" on a tsumo line) or "hand_type"
    flags: tuple[str, ...]
    extra: tuple[str, ...]
    several: bool
    types: tuple[str, ...] = ("ron", "tsumo", "draw")

    def fields(self, kind: str) -> frozenset[str]:
        if kind == "ron":
            return _COMMON | {"discarder", "winners", *self.extra}
        if kind == "tsumo":
            return _COMMON | {"winner", "tiles" if self.value == "hand" else self.value, *self.flags, *self.extra}
        return _COMMON | set(self.extra)

    def read(self, obj: Mapping[str, Any], seat_of: Callable[[str, str], int]) -> dict[str, Any]:
        """The record of a line, the extra fields aside (the system reads them)."""
        kind = obj.get("type")
        if not isinstance(kind, str) or kind not in self.types:
            raise LineError("type", "game_line_type", type=str(kind)[:40], types=", ".join(self.types))
        unknown = sorted(set(obj) - self.fields(kind))
        if unknown:
            raise LineError(unknown[0][:40], "unknown_field", type=kind)
        record: dict[str, Any] = {"type": kind}
        if kind == "ron":
            record["discarder"] = seat_of(need(obj, "discarder"), "discarder")
            winners = need(obj, "winners")
            most = 3 if self.several else 1
            if not isinstance(winners, list) or not 1 <= len(winners) <= most:
                raise LineError("winners", "riichi_winners" if self.several else "game_one_winner")
            found = [self._winner(w, seat_of, record["discarder"]) for w in winners]
            # in the order of play from the discarder's next player (the source: 按照逆时针顺序), which the dealer's
            # rule reads (Guiyang: the first of them deals)
            record["winners"] = sorted(found, key=lambda w: (w["seat"] - record["discarder"]) % 4)
            if len({w["seat"] for w in record["winners"]}) != len(winners):
                raise LineError("winners", "riichi_winner_twice")
        elif kind == "tsumo":
            tiles = "tiles" if self.value == "hand" else self.value
            w = {k: v for k, v in obj.items() if k in self.flags or k == tiles}
            if tiles in w:
                w[self.value] = w.pop(tiles)
            record["winners"] = [self._winner({**w, "player": need(obj, "winner")}, seat_of, None)]
        return record

    def _winner(self, obj: Any, seat_of: Callable[[str, str], int], discarder: int | None) -> dict[str, Any]:
        if not isinstance(obj, dict):
            raise LineError("winners", "line_not_object")
        unknown = sorted(set(obj) - {"player", self.value, *self.flags})
        if unknown:
            raise LineError(unknown[0][:40], "unknown_field", type="winner")
        seat = seat_of(need(obj, "player"), "player")
        if seat == discarder:
            raise LineError("player", "riichi_own_discard")
        value = need(obj, self.value)
        listed = self.value == "hand_type" and isinstance(value, list) and value and all(isinstance(v, str) for v in value)
        if not listed and (not isinstance(value, str) or not value):
            raise LineError(self.value, "riichi_tiles" if self.value == "hand" else "game_hand_type")
        w: dict[str, Any] = {"seat": seat, self.value: value}
        for flag in self.flags:
            v = obj.get(flag, False)
            if not isinstance(v, bool):
                raise LineError(flag, "not_a_bool", value=v)
            if v:
                w[flag] = True
        return w

    def line(self, record: Mapping[str, Any], number_of: Callable[[int], str]) -> dict[str, Any]:
        """A record's line (the extra fields aside), players by number."""
        kind = record["type"]
        out: dict[str, Any] = {"type": kind}
        if kind == "ron":
            out["discarder"] = number_of(record["discarder"])
            out["winners"] = [self._winner_line(w, number_of) for w in record["winners"]]
        elif kind == "tsumo":
            w = self._winner_line(record["winners"][0], number_of)
            out["winner"] = w.pop("player")
            if self.value == "hand":
                w["tiles"] = w.pop("hand")
            out.update(w)
        return out

    def _winner_line(self, w: Mapping[str, Any], number_of: Callable[[int], str]) -> dict[str, Any]:
        return {"player": number_of(w["seat"]), self.value: w[self.value], **{f: True for f in self.flags if w.get(f)}}

    def request(self, w: Mapping[str, Any], record: Mapping[str, Any], dealer: int) -> dict[str, Any]:
        """A winner's ``mcr-score`` input object in the hand of ``dealer`` (the seat winds, the dealer East)."""
        obj: dict[str, Any] = {self.value: w[self.value], "win": record["type"], "seat": wind_of(w["seat"], dealer),
                               "dealer": "E", **{f: True for f in self.flags if w.get(f)}}
        if record["type"] == "ron":
            obj["discarder"] = wind_of(record["discarder"], dealer)
        return obj


def next_dealer(dealer: int, winners: Sequence[int]) -> int:
    """Source 003: the dealer deals again after winning (also as one of several winners) or a drawn hand;
    after another player's win the next player deals."""
    return dealer if not winners or dealer in winners else (dealer + 1) % 4


KONG_KINDS = ("melded", "added", "concealed")


def read_kongs(value: Any, seat_of: Callable[[str, str], int]) -> list[dict[str, Any]]:
    """A line's ``kongs``: [{"player", "kind", "discarder" (a melded kong's)}] as [{"seat", "kind", "discarder"}]."""
    if not isinstance(value, list):
        raise LineError("kongs", "game_kongs")
    out = []
    for k in value:
        if not isinstance(k, dict) or k.get("kind") not in KONG_KINDS or set(k) - {"player", "kind", "discarder"}:
            raise LineError("kongs", "game_kongs")
        kong: dict[str, Any] = {"seat": seat_of(need(k, "player"), "kongs"), "kind": k["kind"]}
        if (k["kind"] == "melded") != ("discarder" in k):
            raise LineError("kongs", "game_kongs")
        if "discarder" in k:
            kong["discarder"] = seat_of(k["discarder"], "kongs")
            if kong["discarder"] == kong["seat"]:
                raise LineError("kongs", "game_kongs")
        out.append(kong)
    return out


def kongs_line(kongs: Sequence[Mapping[str, Any]], number_of: Callable[[int], str]) -> list[dict[str, Any]]:
    return [{"player": number_of(k["seat"]), "kind": k["kind"],
             **({"discarder": number_of(k["discarder"])} if "discarder" in k else {})} for k in kongs]
