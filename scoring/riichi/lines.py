"""A Riichi table's recorded hands as data: the result line read into a record (seats 0-3, what the store
keeps), the record written back as a line, and a table's records played over a preset (docs/riichi.md
"The store").

A record is a plain JSON object, so the store keeps it as it is and a newer version reads it again:

- ``{"type": "ron", "riichi": [seats], "discarder": seat, "winners": [winner, ...]}``
- ``{"type": "tsumo", "riichi": [...], "winners": [winner]}``
- ``{"type": "draw", "riichi": [...], "tenpai": [...]}``
- ``{"type": "abortive", "riichi": [...], "reason": "kyuushu" | ...}``
- ``{"type": "nagashi", "riichi": [...], "players": [...], "tenpai": [...]}``
- ``{"type": "chombo", "player": seat}``

A winner is ``{"seat", "han", "fu"}``, ``{"seat", "yakuman"}``, ``{"seat", "limit"}`` (typed from a paper sheet)
or ``{"seat", "hand", ...situation flags, "dora", "ura"}`` (scored from the tiles, with the winds, the honba
and the deposits of the state the hand is played in); ``"pao": seat`` names the liable player.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.errors import LineError
from scoring.played import Payment, WinValue
from scoring.riichi.game import (
    ABORTIVE_REASONS,
    Abortive,
    Chombo,
    Draw,
    Game,
    Hand,
    HandResult,
    Nagashi,
    Ron,
    State,
    Tsumo,
    WinHand,
    replay,
    settle,
    start,
)
from scoring.riichi.presets import RiichiPreset
from scoring.riichi.score import FLAGS, LIMITS, RiichiResult, Situation, score

__all__ = ["LineError", "Played", "PlayedHand", "TYPES", "hand_of", "line_of", "outcomes", "play", "read_line"]

TYPES = ("ron", "tsumo", "draw", "abortive", "nagashi", "chombo")
WINDS = "ESWN"
_SITUATION_FLAGS = tuple(f for f in FLAGS if f != "riichi")  # riichi itself: the line's "riichi" list
_VALUE = ("han", "fu", "yakuman", "limit", "hand", "dora", "ura", "pao", *_SITUATION_FLAGS)
_COMMON = {"session", "table", "hand", "type"}
FIELDS: dict[str, frozenset[str]] = {
    "ron": frozenset(_COMMON | {"discarder", "riichi", "winners"}),
    "tsumo": frozenset(_COMMON | {"winner", "riichi"} | set(_VALUE) - {"hand"} | {"tiles"}),
    "draw": frozenset(_COMMON | {"tenpai", "riichi"}),
    "abortive": frozenset(_COMMON | {"reason", "riichi"}),
    "nagashi": frozenset(_COMMON | {"players", "tenpai", "riichi"}),
    "chombo": frozenset(_COMMON | {"player"}),
}
_FU = frozenset({20, 25, *range(30, 120, 10)})


def outcomes(preset: RiichiPreset) -> tuple[str, ...]:
    """The line types a hand may have under ``preset``: abortive draws and nagashi mangan only where it has
    them, chombo where it has a chombo penalty.

    >>> from scoring.riichi.presets import EMA_2016, TENHOU
    >>> outcomes(EMA_2016), outcomes(TENHOU)
    (('ron', 'tsumo', 'draw', 'chombo'), ('ron', 'tsumo', 'draw', 'abortive', 'nagashi'))
    """
    has = {"abortive": preset.abortive_draws, "nagashi": preset.nagashi_mangan,
           "chombo": preset.chombo_points is not None}
    return tuple(t for t in TYPES if has.get(t, True))


# ------------------------------------------------------------------------------------------ reading a line


def read_line(obj: Mapping[str, Any], seat_of: Callable[[str, str], int]) -> dict[str, Any]:
    """The record of one result line (its ``session``, ``table`` and ``hand`` are the store's). ``seat_of(number,
    field)`` gives a player's seat at the table (0-3) or raises. On a tsumo line the winner's value is on the
    line itself; ``"tiles"`` there is the hand's tiles (``"hand"`` being the hand's number)."""
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:  # ["ron"] is unhashable: refused, not a TypeError
        raise LineError("type", "riichi_line_type", type=str(kind)[:40])
    unknown = sorted(set(obj) - FIELDS[kind])
    if unknown:
        raise LineError(unknown[0][:40], "unknown_field", type=kind)
    if kind == "chombo":
        return {"type": kind, "player": seat_of(_need(obj, "player"), "player")}
    record: dict[str, Any] = {"type": kind, "riichi": _seats(obj.get("riichi", []), "riichi", seat_of)}
    if kind == "ron":
        record["discarder"] = seat_of(_need(obj, "discarder"), "discarder")
        winners = _need(obj, "winners")
        if not isinstance(winners, list) or not 1 <= len(winners) <= 3:
            raise LineError("winners", "riichi_winners")
        record["winners"] = [_winner(w, seat_of, record["discarder"]) for w in winners]
        if len({w["seat"] for w in record["winners"]}) != len(winners):
            raise LineError("winners", "riichi_winner_twice")
    elif kind == "tsumo":
        value = {k: v for k, v in obj.items() if (k in _VALUE and k != "hand") or k == "tiles"}
        if "tiles" in value:
            value["hand"] = value.pop("tiles")
        record["winners"] = [_winner({**value, "player": _need(obj, "winner")}, seat_of, None)]
    elif kind == "draw":
        record["tenpai"] = _seats(obj.get("tenpai", []), "tenpai", seat_of)
    elif kind == "abortive":
        reason = _need(obj, "reason")
        if reason not in ABORTIVE_REASONS:
            raise LineError("reason", "riichi_abortive_reason", reasons=", ".join(ABORTIVE_REASONS))
        record["reason"] = reason
    else:
        record["players"] = _seats(_need(obj, "players"), "players", seat_of)
        if not record["players"]:
            raise LineError("players", "missing")
        record["tenpai"] = _seats(obj.get("tenpai", []), "tenpai", seat_of)
    return record


def _need(obj: Mapping[str, Any], name: str) -> Any:
    if name not in obj:
        raise LineError(name, "missing")
    return obj[name]


def _seats(value: Any, field: str, seat_of: Callable[[str, str], int]) -> list[int]:
    if not isinstance(value, list):
        raise LineError(field, "riichi_player_list")
    seats = sorted(seat_of(v, field) for v in value)
    if len(set(seats)) != len(seats):
        raise LineError(field, "riichi_player_twice")
    return seats


def _whole(obj: Mapping[str, Any], name: str, low: int, high: int) -> int:
    v = obj[name]
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise LineError(name, "riichi_whole", low=low, high=high)
    return v


def _winner(obj: Any, seat_of: Callable[[str, str], int], discarder: int | None) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise LineError("winners", "line_not_object")
    unknown = sorted(set(obj) - {"player", *_VALUE})
    if unknown:
        raise LineError(unknown[0][:40], "unknown_field", type="winner")
    seat = seat_of(_need(obj, "player"), "player")
    if seat == discarder:
        raise LineError("player", "riichi_own_discard")
    given = [k for k in ("hand", "yakuman", "limit", "han") if k in obj]
    if len(given) != 1:
        raise LineError("han", "riichi_value")
    w: dict[str, Any] = {"seat": seat, **(_tiles(obj) if "hand" in obj else _totals(obj))}
    if "pao" in obj:
        pao = seat_of(obj["pao"], "pao")
        if pao == seat:
            raise LineError("pao", "riichi_pao_self")
        w["pao"] = pao
    return w


def _tiles(obj: Mapping[str, Any]) -> dict[str, Any]:
    """A winner scored from the tiles: the hand, the flags that are true and the indicators."""
    if not isinstance(obj["hand"], str) or not obj["hand"]:
        raise LineError("hand", "riichi_tiles")
    w: dict[str, Any] = {"hand": obj["hand"]}
    for flag in _SITUATION_FLAGS:
        v = obj.get(flag, False)
        if not isinstance(v, bool):
            raise LineError(flag, "not_a_bool", value=v)
        if v:
            w[flag] = True
    for name in ("dora", "ura"):
        v = obj.get(name, [])
        if not isinstance(v, list) or not all(isinstance(t, str) for t in v) or len(v) > 5:
            raise LineError(name, "riichi_indicators")
        if v:
            w[name] = list(v)
    return w


def _totals(obj: Mapping[str, Any]) -> dict[str, Any]:
    """A winner typed from a paper sheet: yakuman, a limit, or han (and fu below a mangan)."""
    extra = [k for k in (*_SITUATION_FLAGS, "dora", "ura") if k in obj]
    if extra:
        raise LineError(extra[0], "riichi_situation_without_tiles")
    if "yakuman" in obj:
        return {"yakuman": _whole(obj, "yakuman", 1, 6)}
    if "limit" in obj:
        if obj["limit"] not in LIMITS:
            raise LineError("limit", "riichi_limit", limits=", ".join(LIMITS))
        return {"limit": obj["limit"]}
    w = {"han": _whole(obj, "han", 1, 99)}  # a counted yakuman (kazoe) may hold more than 13 han
    if "fu" in obj:
        w["fu"] = _whole(obj, "fu", 20, 110)
        if w["fu"] not in _FU:
            raise LineError("fu", "riichi_fu")
    elif w["han"] < 5:
        raise LineError("fu", "missing")
    return w


# ------------------------------------------------------------------------------------------ writing a line


def line_of(record: Mapping[str, Any], number_of: Callable[[int], str]) -> dict[str, Any]:
    """The result line of a record, players by number (without ``session``, ``table`` and ``hand``)."""
    kind = record["type"]
    if kind == "chombo":
        return {"type": kind, "player": number_of(record["player"])}
    out: dict[str, Any] = {"type": kind}
    if kind == "ron":
        out["discarder"] = number_of(record["discarder"])
        out["riichi"] = [number_of(s) for s in record["riichi"]]
        out["winners"] = [_winner_line(w, number_of) for w in record["winners"]]
        return out
    if kind == "tsumo":
        w = _winner_line(record["winners"][0], number_of)
        out["winner"] = w.pop("player")
        if "hand" in w:
            w["tiles"] = w.pop("hand")
        out.update(w)
    for name in ("tenpai", "players"):
        if name in record:
            out[name] = [number_of(s) for s in record[name]]
    if "reason" in record:
        out["reason"] = record["reason"]
    out["riichi"] = [number_of(s) for s in record["riichi"]]
    return out


_WINNER_ORDER = ("han", "fu", "yakuman", "limit", "hand", *_SITUATION_FLAGS, "dora", "ura")


def _winner_line(w: Mapping[str, Any], number_of: Callable[[int], str]) -> dict[str, Any]:
    """A winner's fields in one order, whatever order the stored record kept (an export sorts its keys)."""
    out: dict[str, Any] = {"player": number_of(w["seat"])}
    out.update({k: w[k] for k in _WINNER_ORDER if k in w})
    if "pao" in w:
        out["pao"] = number_of(w["pao"])
    return out


# ------------------------------------------------------------------------------------------ playing the records


@dataclass(frozen=True, slots=True)
class PlayedWin:
    """One winner's value as it was paid: typed, or scored from the tiles (``scored``)."""

    win: WinHand
    scored: RiichiResult | None


@dataclass(frozen=True, slots=True)
class PlayedHand:
    state: State  # at the start of the hand
    result: HandResult
    wins: tuple[PlayedWin, ...]

    @property
    def deltas(self) -> tuple[int, int, int, int]:
        """Each seat's change in the hand, its riichi stick and the deposits it took included."""
        c, p = self.result.changes, self.result.riichi_paid
        return (c[0] - p[0], c[1] - p[1], c[2] - p[2], c[3] - p[3])

    @property
    def scores_after(self) -> tuple[int, int, int, int]:
        return self.result.next.scores

    @property
    def payments(self) -> tuple[Payment, ...]:
        return ()  # a Riichi hand's settlement is its deltas (the sheet shows honba and deposits apart)

    @property
    def partial(self) -> bool:
        return False  # a Riichi line is the whole hand

    def win_values(self, record: Mapping[str, Any]) -> tuple[WinValue, ...]:
        """Each winner's value: scored from the tiles, or as typed (a limit typed alone keeps han 0)."""
        out = []
        for w, pw in zip(record.get("winners", ()), self.wins, strict=True):
            han, fu, yakuman = pw.win.value()
            s = pw.scored
            if s is not None:
                out.append(WinValue(w["seat"], s.han, s.fu, s.yakuman, s.limit, tuple((y.id, y.han) for y in s.yaku),
                                    w.get("hand"), w.get("pao"), tuple(y.tiles for y in s.yaku), tuple(s.fu_parts)))
            else:
                out.append(WinValue(w["seat"], w.get("han", 0) if "limit" not in w else 0, w.get("fu", 0), yakuman,
                                    w.get("limit") or _limit_of(han, fu, yakuman), (), w.get("hand"), w.get("pao")))
        return tuple(out)


@dataclass(frozen=True, slots=True)
class Played:
    game: Game
    hands: tuple[PlayedHand, ...]


def _limit_of(han: int, fu: int, yakuman: int) -> str | None:
    """The limit a typed value reaches (kiriage aside: the sheet names what was typed)."""
    if yakuman:
        return "yakuman"
    if han >= 11:
        return "sanbaiman"
    if han >= 8:
        return "baiman"
    if han >= 6:
        return "haneman"
    if han >= 5 or (han == 4 and fu >= 40) or (han == 3 and fu >= 70):
        return "mangan"
    return None


def _wind(seat: int, dealer: int) -> str:
    return WINDS[(seat - dealer) % 4]


def _win(w: Mapping[str, Any], state: State, record: Mapping[str, Any], preset: RiichiPreset
         ) -> PlayedWin:
    seat, pao = w["seat"], w.get("pao")
    if "hand" not in w:
        limit = w.get("limit")
        if pao is not None and not w.get("yakuman") and limit != "yakuman":  # pao: a yakuman's liability
            raise LineError("pao", "riichi_pao_not_yakuman")
        if limit == "yakuman":
            return PlayedWin(WinHand(seat, yakuman=1, pao=pao), None)
        return PlayedWin(WinHand(seat, w.get("han", 0), w.get("fu", 30), w.get("yakuman", 0), pao, limit=limit), None)
    ron = record["type"] == "ron"
    riichi = seat in record["riichi"]
    situation = Situation(
        win="ron" if ron else "tsumo", seat=_wind(seat, state.dealer),
        discarder=_wind(record["discarder"], state.dealer) if ron else None, round=WINDS[state.round // 4 % 4],
        dora=tuple(w.get("dora", ())), ura=tuple(w.get("ura", ())),
        riichi=riichi and not w.get("double_riichi", False),
        **{f: bool(w.get(f, False)) for f in _SITUATION_FLAGS},
        honba=state.honba, deposits=state.deposits + len(record["riichi"]),
        pao=None if pao is None else _wind(pao, state.dealer))
    if situation.double_riichi and not riichi:  # a double riichi is a riichi: its stick is on the line
        raise LineError("double_riichi", "riichi_double_not_declared")
    scored = score(w["hand"], situation, preset)
    if pao is not None and not scored.yakuman:
        raise LineError("pao", "riichi_pao_not_yakuman")
    return PlayedWin(WinHand(seat, scored.han, scored.fu, scored.yakuman, pao), scored)


def hand_of(record: Mapping[str, Any], state: State, preset: RiichiPreset) -> tuple[Hand, tuple[PlayedWin, ...]]:
    """The game's hand of a record played from ``state`` (tiles scored with its winds, honba and deposits);
    raises ``HandError`` for tiles that are not a scoring win."""
    kind = record["type"]
    riichi = tuple(record.get("riichi", ()))
    wins = tuple(_win(w, state, record, preset) for w in record.get("winners", ()))
    if kind == "ron":
        return Hand(Ron(record["discarder"], tuple(p.win for p in wins)), riichi), wins
    if kind == "tsumo":
        return Hand(Tsumo(wins[0].win), riichi), wins
    if kind == "draw":
        return Hand(Draw(frozenset(record["tenpai"])), riichi), wins
    if kind == "abortive":
        return Hand(Abortive(record["reason"]), riichi), wins
    if kind == "nagashi":
        return Hand(Nagashi(frozenset(record["players"]), frozenset(record["tenpai"])), riichi), wins
    return Hand(Chombo(record["player"])), wins


def play(records: Sequence[Mapping[str, Any]], preset: RiichiPreset, time_called_after: int | None = None
         ) -> Played:
    """A table's records played in order: each hand's state, settlement and winners' values, and the game
    (over or not). Raises ``ValueError`` for a hand after the end, ``HandError`` for tiles that are no win;
    each names its hand through ``LineError``'s ``hand`` parameter when it is a line's problem."""
    state = start(preset)
    hands: list[Hand] = []
    played: list[PlayedHand] = []
    for record in records:
        hand, wins = hand_of(record, state, preset)
        result = settle(state, hand, preset)
        hands.append(hand)
        played.append(PlayedHand(state, result, wins))
        state = result.next
    return Played(replay(hands, preset, time_called_after), tuple(played))
