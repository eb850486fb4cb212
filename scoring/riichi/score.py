"""Score one Riichi hand from its tiles under a preset, over the ``mahjong`` library.

The library does the scoring (hand shapes, yaku, fu, the payment table, honba and deposits). Two rules
of the presets it lacks are corrected here, after it has scored:

- EMA yakuman do not stack (``Yakuman.SINGLE``): a hand with several yakuman is paid as one;
- WRC 2022's pair of a wind that is both the seat and the round wind is 2 fu, not the library's 4.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.hand_calculating.yaku_config import YAKU_ID_TO_TENHOU_ID
from mahjong.meld import Meld as LibMeld

from scoring.errors import HandError, SituationError
from scoring.json_lines import true_or_false
from scoring.model import MeldKind
from scoring.riichi.hand import RED_IDS, Hand136, RiichiHandError, read_hand, read_tile
from scoring.riichi.payment import options, win_changes
from scoring.riichi.presets import RiichiPreset, Yakuman
from scoring.riichi.yaku import FLAGS, LIMITS, YAKU

WINDS = ("E", "S", "W", "N")
_LIB_WIND = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}

# The library's refusals of a situation, by our reason (PROBLEMS in scoring/riichi/hand.py).
_SITUATION = {
    HandCalculator.ERR_OPEN_HAND_RIICHI: "riichi_open",
    HandCalculator.ERR_OPEN_HAND_DABURI: "riichi_open",
    HandCalculator.ERR_IPPATSU_WITHOUT_RIICHI: "riichi_ippatsu",
    HandCalculator.ERR_CHANKAN_WITH_TSUMO: "riichi_chankan",
    HandCalculator.ERR_RINSHAN_WITHOUT_TSUMO: "riichi_rinshan",
    HandCalculator.ERR_HAITEI_WITHOUT_TSUMO: "riichi_haitei",
    HandCalculator.ERR_HOUTEI_WITH_TSUMO: "riichi_houtei",
    HandCalculator.ERR_HAITEI_WITH_RINSHAN: "riichi_haitei_rinshan",
    HandCalculator.ERR_HOUTEI_WITH_CHANKAN: "riichi_houtei_chankan",
    HandCalculator.ERR_TENHOU_NOT_AS_DEALER: "riichi_tenhou",
    HandCalculator.ERR_TENHOU_WITHOUT_TSUMO: "riichi_tenhou",
    HandCalculator.ERR_TENHOU_WITH_MELD: "riichi_tenhou",
    HandCalculator.ERR_CHIIHOU_AS_DEALER: "riichi_chiihou",
    HandCalculator.ERR_CHIIHOU_WITHOUT_TSUMO: "riichi_chiihou",
    HandCalculator.ERR_CHIIHOU_WITH_MELD: "riichi_chiihou",
}


@dataclass(frozen=True, slots=True)
class Situation:
    """How the hand was won: the ``mcr-score --rules`` input object's fields."""

    win: str = "tsumo"  # "tsumo" | "ron"
    seat: str = "E"  # the winner's wind; East deals
    discarder: str | None = None  # the discarder's wind on a ron
    round: str = "E"
    dora: tuple[str, ...] = ()
    ura: tuple[str, ...] = ()
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    honba: int = 0
    deposits: int = 0
    pao: str | None = None  # the liable player's wind (an extension of the contract; docs/riichi.md)


@dataclass(frozen=True, slots=True)
class YakuAward:
    id: str
    han: int
    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RiichiResult:
    han: int
    fu: int
    yakuman: int
    limit: str | None
    yaku: tuple[YakuAward, ...]
    deltas: dict[str, int] = field(hash=False)
    fu_parts: tuple[tuple[str, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"valid": True, "han": self.han, "fu": self.fu, "yakuman": self.yakuman, "limit": self.limit,
                "yaku": [{"id": y.id, "han": y.han, "tiles": list(y.tiles)} for y in self.yaku],
                "deltas": dict(self.deltas)}


def _situation_error(reason: str, **params: object) -> RiichiHandError:
    return RiichiHandError("situation", reason, **params)


def _check(s: Situation, open_hand: bool) -> None:
    for name in ("seat", "round"):
        if getattr(s, name) not in WINDS:
            raise SituationError(f"{name} must be one of E, S, W, N", reason="not_a_wind", field=name)
    if s.win not in ("tsumo", "ron"):
        raise _situation_error("riichi_win")
    if s.win == "ron":
        if s.discarder not in WINDS or s.discarder == s.seat:
            raise _situation_error("riichi_discarder")
    elif s.discarder is not None:
        raise _situation_error("riichi_discarder_tsumo")
    if s.pao is not None and (s.pao not in WINDS or s.pao == s.seat):
        raise _situation_error("riichi_pao")
    if s.ura and not (s.riichi or s.double_riichi):
        raise _situation_error("riichi_ura")
    if s.honba < 0 or s.deposits < 0:
        raise _situation_error("riichi_counters")


def _config(preset: RiichiPreset, s: Situation) -> HandConfig:
    return HandConfig(
        is_tsumo=s.win == "tsumo", is_riichi=s.riichi or s.double_riichi, is_daburu_riichi=s.double_riichi,
        is_ippatsu=s.ippatsu, is_rinshan=s.rinshan, is_chankan=s.chankan, is_haitei=s.haitei, is_houtei=s.houtei,
        is_tenhou=s.tenhou, is_chiihou=s.chiihou, player_wind=_LIB_WIND[s.seat], round_wind=_LIB_WIND[s.round],
        tsumi_number=s.honba, kyoutaku_number=s.deposits, options=options(preset))


def _lib_melds(h: Hand136) -> list[LibMeld]:
    out = []
    for m in h.melds:
        if m.kind is MeldKind.CHOW:
            out.append(LibMeld(LibMeld.CHI, list(m.tiles), opened=True))
        elif m.kind is MeldKind.PUNG:
            out.append(LibMeld(LibMeld.PON, list(m.tiles), opened=True))
        elif m.kind is MeldKind.PROMOTED_KONG:
            out.append(LibMeld(LibMeld.SHOUMINKAN, list(m.tiles), opened=True))
        else:
            out.append(LibMeld(LibMeld.KAN, list(m.tiles), opened=m.kind is MeldKind.MELDED_KONG))
    return out


def _limit(level: str, han: int, fu: int) -> str | None:
    for name in reversed(LIMITS):
        if name in level:
            return name
    # With kiriage on, mahjong 2.1.0 labels only 4 han 30 fu and 3 han 60 fu: a hand over the mangan's
    # base points (4 han 40 fu, 3 han 70 fu) is paid a mangan but given no label (found by
    # benchmarks/diff_riichi.py). The payment is right; the label is read from the same base points here.
    if han < 5 and fu * 2 ** (2 + han) > 2000:
        return "mangan"
    return None


def _deltas(han: int, fu: int, yakuman: int, s: Situation, preset: RiichiPreset) -> dict[str, int]:
    """The four winds' changes (honba and deposits included); East deals, so a wind's index is its seat."""
    seat = WINDS.index(s.seat)
    discarder = WINDS.index(s.discarder) if s.win == "ron" and s.discarder else None
    pao = WINDS.index(s.pao) if s.pao is not None else None
    changes = win_changes(han, fu, yakuman, seat, 0, discarder, pao, s.honba, preset)
    changes[seat] += s.deposits * preset.deposit
    return dict(zip(WINDS, changes, strict=True))


_TENHOU_NAME = {y.tenhou_id: y.id for y in YAKU}
_WINNING_TILE_YAKU = {"menzen_tsumo", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou"}
_NO_TILES = {"riichi", "daburu_riichi", "ippatsu"}


def _yaku_tiles(yid: str, h: Hand136, dora: list[int], ura: list[int]) -> tuple[str, ...]:
    """The tiles that make a yaku: the set of a value tile, the dora among the hand, the red fives, the
    winning tile for a way of winning, none for riichi, the whole hand for a hand's shape."""
    from mahjong.utils import plus_dora

    ids = sorted(h.tiles)
    if yid == "dora":
        return tuple(h.names([i for i in ids for _ in range(plus_dora(i, dora))]))
    if yid == "ura_dora":
        return tuple(h.names([i for i in ids for _ in range(plus_dora(i, ura))]))
    if yid == "aka_dora":
        return tuple(h.names([i for i in ids if i in RED_IDS]))
    if yid in _NO_TILES:
        return ()
    if yid in _WINNING_TILE_YAKU:
        return tuple(h.names([h.win_tile]))
    value = {"haku": 31, "hatsu": 32, "chun": 33}.get(yid)
    if value is None and yid.startswith(("seat_wind_", "round_wind_")):
        value = 27 + ("east", "south", "west", "north").index(yid.rsplit("_", 1)[1])
    if value is not None:
        return tuple(h.names([i for i in ids if i // 4 == value]))
    return tuple(h.names(ids))


def score(text: str, situation: Situation, preset: RiichiPreset) -> RiichiResult:
    """Score the hand ``text`` won as ``situation`` under ``preset``; raises ``HandError`` when it is not a
    scoring win (malformed, not a winning shape, no yaku, an impossible situation)."""
    _, h = read_hand(text, preset.red_fives)
    open_hand = any(m.kind is not MeldKind.CONCEALED_KONG for m in h.melds)
    _check(situation, open_hand)
    dora = [read_tile(t, "dora") for t in situation.dora]
    ura = [read_tile(t, "ura") for t in situation.ura]
    config = _config(preset, situation)
    melds = _lib_melds(h)
    r = HandCalculator.estimate_hand_value(list(h.tiles), h.win_tile, melds=melds, dora_indicators=dora,
                                           ura_dora_indicators=ura, config=config)
    if r.error:
        if r.error == HandCalculator.ERR_NO_YAKU:
            raise RiichiHandError("no_yaku", "riichi_no_yaku")
        if r.error == HandCalculator.ERR_HAND_NOT_WINNING:
            raise RiichiHandError("not_winning_hand", "riichi_not_winning")
        if r.error in _SITUATION:
            raise _situation_error(_SITUATION[r.error])
        raise _situation_error("riichi_situation", problem=r.error)
    assert r.cost is not None and r.yaku is not None and r.han is not None and r.fu is not None
    han, fu, cost = r.han, r.fu, r.cost
    yaku = [(_TENHOU_NAME[YAKU_ID_TO_TENHOU_ID[y.yaku_id]], y) for y in r.yaku]
    yakuman_units = sum(y.han_closed for _, y in yaku if y.is_yakuman) // 13
    awards = [(yid, y.han_open if r.is_open_hand and y.han_open else y.han_closed) for yid, y in yaku]
    fu_parts = tuple((d["reason"], d["fu"]) for d in (r.fu_details or []))
    redo = False
    if yakuman_units > 1 and preset.yakuman is Yakuman.SINGLE:  # EMA: one yakuman, whatever the hand holds
        han, yakuman_units, redo = 13, 1, True
        awards = [(yid, min(n, 13)) for yid, n in awards]
    if preset.double_wind_pair_fu != 4 and yakuman_units == 0 and any(
            reason == FuCalculator.DOUBLE_VALUED_PAIR for reason, _ in fu_parts):
        raw = sum(n for _, n in fu_parts) - 4 + preset.double_wind_pair_fu
        fu_parts = tuple((reason, preset.double_wind_pair_fu if reason == FuCalculator.DOUBLE_VALUED_PAIR else n)
                         for reason, n in fu_parts)
        fu, redo = (raw + 9) // 10 * 10, True
    if redo:
        cost = ScoresCalculator.calculate_scores(han, fu, config, yakuman_units > 0)
    deltas = _deltas(han, fu, yakuman_units, situation, preset)
    return RiichiResult(
        han=han, fu=fu, yakuman=yakuman_units, limit=_limit(str(cost.get("yaku_level", "")), han, fu),
        yaku=tuple(YakuAward(yid, n, _yaku_tiles(yid, h, dora, ura)) for yid, n in awards),
        deltas=deltas, fu_parts=fu_parts)


# ------------------------------------------------------------------------------------------ the JSON contract

_BOOL_FIELDS = FLAGS
_INT_FIELDS = ("honba", "deposits")


class InputError(Exception):
    """A request that is JSON but not a valid input object."""


def situation_from_json(obj: object) -> tuple[str, Situation]:
    """The hand and its situation from an ``mcr-score --rules`` input object; raises ``InputError``."""
    if not isinstance(obj, dict):
        raise InputError(f"expected a JSON object, got {type(obj).__name__}")
    hand = obj.get("hand")
    if not isinstance(hand, str):
        raise InputError('"hand" must be a string' if "hand" in obj else 'missing "hand"')
    values: dict[str, Any] = dict(true_or_false(obj, _BOOL_FIELDS, InputError))
    for name in _INT_FIELDS:
        v = obj.get(name, 0)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise InputError(f'"{name}" must be a whole number, 0 or more, not {json.dumps(v)}')
        values[name] = v
    win = obj.get("win", "tsumo")
    if win not in ("tsumo", "ron"):
        raise InputError(f'"win" must be "tsumo" or "ron", not {json.dumps(win)}')
    for name, default in (("seat", "E"), ("round", "E"), ("discarder", None), ("pao", None)):
        v = obj.get(name, default)
        if v is not None and v not in WINDS:
            raise InputError(f'"{name}" must be "E", "S", "W" or "N", not {json.dumps(v)}')
        values[name] = v
    for name in ("dora", "ura"):
        v = obj.get(name, [])
        if not isinstance(v, list) or not all(isinstance(t, str) for t in v) or len(v) > 5:
            raise InputError(f'"{name}" must be a list of up to 5 indicator tiles, e.g. ["3m"], not {json.dumps(v)}')
        values[name] = tuple(v)
    return hand, Situation(win=win, **values)


def answer(obj: object, preset: RiichiPreset) -> dict[str, Any]:
    """The answer object for one input object; never raises for a bad hand or input."""
    try:
        hand, situation = situation_from_json(obj)
        return score(hand, situation, preset).to_json()
    except InputError as e:
        return {"valid": False, "error": {"code": "invalid_input", "message": str(e)}}
    except HandError as e:
        return {"valid": False, "error": {"code": e.code, "message": e.message}}
