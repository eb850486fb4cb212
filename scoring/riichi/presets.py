"""The four Riichi presets as data (docs/riichi.md gives each value and its source).

A preset is a value: an organiser who changes one (red fives on, another uma) makes a new one with
``dataclasses.replace``. Only what scoring a hand and settling a game needs is here; the game's
bookkeeping reads the same values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any


class Ties(StrEnum):
    """How tied players share the placement bonus (uma) and the deposits left at the end."""

    SHARE_UMA_AND_DEPOSITS = "share_uma_and_deposits"  # EMA: share uma; tied firsts split the leftover
    SHARE_UMA = "share_uma"  # WRC 2022
    SEAT_ORDER = "seat_order"  # Tenhou: the tie goes to the player nearer the first dealer


class MultipleRon(StrEnum):
    """Several players winning on one discard."""

    ALL_PAID = "all_paid"  # EMA: every winner is paid by the discarder
    HEAD_BUMP = "head_bump"  # WRC 2022: only the nearest winner in turn order
    DOUBLE_RON = "double_ron"  # Tenhou: two may win; three is an abortive draw


class Kazoe(StrEnum):
    """What 13 or more han without a yakuman pays."""

    SANBAIMAN = "sanbaiman"
    YAKUMAN = "yakuman"


class Yakuman(StrEnum):
    """How yakuman add up."""

    SINGLE = "single"  # EMA: one yakuman at most, never cumulative, no double yakuman
    STACK = "stack"  # WRC 2022: different yakuman add up, no double yakuman
    STACK_DOUBLE = "stack_double"  # Tenhou: add up, and four kinds count double


@dataclass(frozen=True, slots=True)
class RiichiPreset:
    """Every value of one rule set. Points are in points (not thousands)."""

    name: str
    start_points: int
    return_points: int
    oka: int  # to the first player, on top of the uma
    uma: tuple[int, int, int, int]
    ties: Ties
    red_fives: bool  # one red five each of 5m 5p 5s
    open_tanyao: bool
    kiriage: bool  # 4 han 30 fu and 3 han 60 fu pay a mangan
    kazoe: Kazoe
    yakuman: Yakuman
    double_wind_pair_fu: int  # a pair of the seat wind that is also the round wind
    honba_points: int  # per counter on a ron; a third of it from each on a tsumo
    deposit: int  # a riichi stick
    leftover_deposits_to_first: bool
    multiple_ron: MultipleRon
    abortive_draws: bool
    nagashi_mangan: bool
    game_ends_below_zero: bool
    tenhou_end_rule: bool  # after South 4 only when someone has 30,000, else the West round; dealer may stop
    chombo_points: int | None  # after the uma; None: the preset has no chombo penalty
    chombo_ends_game_after_time: bool
    pao: tuple[str, ...]  # the yakuman with a liable player
    time_called: str  # "one_more_hand" | "end_after_hand" | "none"
    replacement_penalty: int | None  # points and uma, fixed
    tenpai_yame: bool = False  # with the Tenhou end rule: a dealer tenpai on top at the last draw stops too
    rounds: int = 8  # the game's length in rounds: 8 = East and South (hanchan), 4 = East only (tonpuusen)

    @property
    def pays_double_yakuman(self) -> bool:
        return self.yakuman is Yakuman.STACK_DOUBLE


_EMA_UMA = (15_000, 5_000, -5_000, -15_000)
_PAO = ("daisangen", "daisuushii")

EMA_2016 = RiichiPreset(
    name="riichi-ema2016", start_points=30_000, return_points=30_000, oka=0, uma=_EMA_UMA,
    ties=Ties.SHARE_UMA_AND_DEPOSITS, red_fives=False, open_tanyao=True, kiriage=False, kazoe=Kazoe.SANBAIMAN,
    yakuman=Yakuman.SINGLE, double_wind_pair_fu=4, honba_points=300, deposit=1_000,
    leftover_deposits_to_first=True, multiple_ron=MultipleRon.ALL_PAID, abortive_draws=False,
    nagashi_mangan=False, game_ends_below_zero=False, tenhou_end_rule=False, chombo_points=20_000,
    chombo_ends_game_after_time=False, pao=_PAO, time_called="one_more_hand", replacement_penalty=15_000)

EMA_2025 = RiichiPreset(
    name="riichi-ema2025", start_points=30_000, return_points=30_000, oka=0, uma=_EMA_UMA,
    ties=Ties.SHARE_UMA_AND_DEPOSITS, red_fives=False, open_tanyao=True, kiriage=True, kazoe=Kazoe.SANBAIMAN,
    yakuman=Yakuman.SINGLE, double_wind_pair_fu=4, honba_points=300, deposit=1_000,
    leftover_deposits_to_first=True, multiple_ron=MultipleRon.ALL_PAID, abortive_draws=False,
    nagashi_mangan=False, game_ends_below_zero=False, tenhou_end_rule=False, chombo_points=20_000,
    chombo_ends_game_after_time=True, pao=_PAO, time_called="one_more_hand", replacement_penalty=15_000)

WRC_2022 = RiichiPreset(
    name="riichi-wrc2022", start_points=30_000, return_points=30_000, oka=0, uma=_EMA_UMA,
    ties=Ties.SHARE_UMA, red_fives=False, open_tanyao=True, kiriage=True, kazoe=Kazoe.SANBAIMAN,
    yakuman=Yakuman.STACK, double_wind_pair_fu=2, honba_points=300, deposit=1_000,
    leftover_deposits_to_first=True, multiple_ron=MultipleRon.HEAD_BUMP, abortive_draws=False,
    nagashi_mangan=False, game_ends_below_zero=False, tenhou_end_rule=False, chombo_points=20_000,
    chombo_ends_game_after_time=True, pao=_PAO, time_called="end_after_hand", replacement_penalty=15_000)

TENHOU = RiichiPreset(
    name="riichi-tenhou", start_points=25_000, return_points=30_000, oka=20_000,
    uma=(20_000, 10_000, -10_000, -20_000), ties=Ties.SEAT_ORDER, red_fives=True, open_tanyao=True,
    kiriage=False, kazoe=Kazoe.YAKUMAN, yakuman=Yakuman.STACK_DOUBLE, double_wind_pair_fu=4, honba_points=300,
    deposit=1_000, leftover_deposits_to_first=True, multiple_ron=MultipleRon.DOUBLE_RON, abortive_draws=True,
    nagashi_mangan=True, game_ends_below_zero=True, tenhou_end_rule=True, chombo_points=None,
    chombo_ends_game_after_time=False, pao=_PAO, time_called="none", replacement_penalty=None,
    tenpai_yame=True)

PRESETS: dict[str, RiichiPreset] = {p.name: p for p in (EMA_2016, EMA_2025, WRC_2022, TENHOU)}


def preset_with(profile: str, overrides: Mapping[str, Any] | None = None) -> RiichiPreset:
    """A profile's preset with the organiser's changes (the tournament's settings, before its first result):
    each value given as JSON (a list for a tuple, the enum's value for an enum). ``KeyError`` for an unknown
    profile, ``ValueError`` naming the value for an unknown name or a value of the wrong kind."""
    base = PRESETS[profile]
    if not overrides:
        return base
    changes: dict[str, Any] = {}
    for name, value in overrides.items():
        if name == "name" or name not in base.__dataclass_fields__:
            raise ValueError(f"{name}: not a value of the preset")
        old = getattr(base, name)
        try:
            if isinstance(old, StrEnum):
                changes[name] = type(old)(value)
            elif isinstance(old, tuple):
                if not isinstance(value, list) or not all(type(v) is type(old[0]) for v in value) or (
                        isinstance(old[0], int) and len(value) != len(old)):
                    raise TypeError  # the uma: four whole numbers; the pao hands: names
                changes[name] = tuple(value)
            elif old is None:  # a value the preset has none of (Tenhou's chombo): a whole number or null
                if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                    raise TypeError
                changes[name] = value
            elif isinstance(old, bool | int | str):
                if type(value) is not type(old) and not (name in _NULLABLE and value is None):
                    raise TypeError
                changes[name] = value
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{name}: {value!r} is not a value it takes") from exc
    for name, value in changes.items():
        problem = _range_problem(name, value)
        if problem is not None:
            raise ValueError(f"{name}: {value!r} {problem}")
    return replace(base, **changes)


_POINTS_MAX = 1_000_000
_NULLABLE = ("chombo_points", "replacement_penalty")  # None: the preset has no such penalty
_TIME_CALLED = ("one_more_hand", "end_after_hand", "none")
_PAO_HANDS = ("daisangen", "daisuushii", "suukantsu")


def _range_problem(name: str, value: Any) -> str | None:
    """What is wrong with a changed value's size (its kind is checked already), or None: every sum, share
    and round a game makes must stay defined (a deposit of 0 would divide by zero; 20 rounds name no wind)."""
    positive = ("start_points", "return_points", "deposit")
    if name in positive and not 0 < value <= _POINTS_MAX:
        return f"is not a value it takes (1 to {_POINTS_MAX:,})"
    if name in ("oka", "honba_points", "chombo_points", "replacement_penalty") and value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _POINTS_MAX):
        return f"is not a value it takes (a whole number from 0 to {_POINTS_MAX:,}, or null where there is none)"
    if name == "uma" and (sum(value) != 0 or not all(abs(u) <= _POINTS_MAX for u in value)):
        return "is not a value it takes (four whole numbers adding up to 0: the oka is apart)"
    if name == "rounds" and value not in (4, 8):
        return "is not a value it takes (4: East only; 8: East and South)"
    if name == "double_wind_pair_fu" and value not in (2, 4):
        return "is not a value it takes (2 or 4)"
    if name == "time_called" and value not in _TIME_CALLED:
        return f"is not a value it takes ({', '.join(_TIME_CALLED)})"
    if name == "pao" and not set(value) <= set(_PAO_HANDS):
        return f"is not a value it takes (among {', '.join(_PAO_HANDS)})"
    return None
