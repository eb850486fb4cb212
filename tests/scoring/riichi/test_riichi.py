"""Riichi scoring (scoring/riichi): Tenhou's own results on 1,906 real hands, and each EMA/WRC rule that
differs from Tenhou."""

from __future__ import annotations

import dataclasses

import pytest

from scoring.riichi.presets import EMA_2016, EMA_2025, PRESETS, TENHOU, WRC_2022, Kazoe, MultipleRon, Yakuman
from scoring.riichi.score import Situation, answer, score
from scoring.systems import profile_names, system
from tests.scoring.riichi import riichi_games as games

HANDS = games.load()


def _id(h: dict) -> str:
    return f"{h['game_id'][-8:]}-{h['hand_no']}-{h['winner']}"


@pytest.mark.skipif(not HANDS, reason="../shared/riichi-games/hands.jsonl is not here")
def test_the_real_hands_are_all_there() -> None:
    assert len(HANDS) == 1906


@pytest.mark.parametrize("hand", HANDS, ids=[_id(h) for h in HANDS])
def test_real_tenhou_hand_scores_as_tenhou_did(hand: dict) -> None:
    got = games.ours(answer(games.request(hand), TENHOU))
    assert got == games.expected(hand), games.request(hand)


# ------------------------------------------------------------------------------- the presets as data

def test_presets_are_the_four_profiles_of_the_issue() -> None:
    assert set(PRESETS) == {"riichi-ema2016", "riichi-ema2025", "riichi-wrc2022", "riichi-tenhou"}
    assert set(profile_names("riichi")) == set(PRESETS)
    assert {"mcr", "riichi"} <= {system(n).family for n in profile_names()}  # beside the Chinese systems (issue 33)


def test_preset_values_follow_the_table_of_docs_riichi() -> None:
    for p in (EMA_2016, EMA_2025, WRC_2022):
        assert (p.start_points, p.return_points, p.oka, p.uma) == (30_000, 30_000, 0, (15_000, 5_000, -5_000,
                                                                                       -15_000))
        assert not p.red_fives and p.kazoe is Kazoe.SANBAIMAN and not p.abortive_draws
    assert (TENHOU.start_points, TENHOU.return_points, TENHOU.oka) == (25_000, 30_000, 20_000)
    assert TENHOU.uma == (20_000, 10_000, -10_000, -20_000)
    assert (EMA_2016.kiriage, EMA_2025.kiriage, WRC_2022.kiriage, TENHOU.kiriage) == (False, True, True, False)
    assert (EMA_2016.yakuman, WRC_2022.yakuman, TENHOU.yakuman) == (Yakuman.SINGLE, Yakuman.STACK,
                                                                    Yakuman.STACK_DOUBLE)
    assert WRC_2022.multiple_ron is MultipleRon.HEAD_BUMP and WRC_2022.double_wind_pair_fu == 2


def test_a_preset_is_a_value_an_organiser_may_change() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        EMA_2016.red_fives = True  # type: ignore[misc]
    red = dataclasses.replace(EMA_2016, red_fives=True)
    assert score("234m567p3s406s555z3s", Situation(), red).han == 3  # tsumo, haku, the red five


# ------------------------------------------------------------------ each EMA/WRC rule that differs from Tenhou

def test_ema_and_wrc_have_no_red_fives_so_a_0_is_refused() -> None:
    hand = {"hand": "234m567p3s406s555z3s", "win": "tsumo"}
    assert answer(hand, TENHOU)["han"] == 3
    for preset in (EMA_2016, EMA_2025, WRC_2022):
        a = answer(hand, preset)
        assert a["valid"] is False and a["error"]["code"] == "red_five"
        assert answer({**hand, "hand": "234m567p3s456s555z3s"}, preset)["han"] == 2


# 4 han 30 fu: an open hand with a white dragon pung (20 + 4 = 24 -> 30 fu), haku and three dora 2m
_KIRIAGE = {"hand": "[555z1]234m678p34s22m5s", "win": "ron", "seat": "S", "discarder": "E", "dora": ["1m"]}


def test_kiriage_pays_a_mangan_for_4_han_30_fu_in_ema2025_and_wrc_not_in_ema2016_or_tenhou() -> None:
    base = answer(_KIRIAGE, TENHOU)
    assert (base["han"], base["fu"], base["limit"]) == (4, 30, None)
    assert base["deltas"]["S"] == 7700
    assert answer(_KIRIAGE, EMA_2016)["deltas"]["S"] == 7700
    for preset in (EMA_2025, WRC_2022):
        a = answer(_KIRIAGE, preset)
        assert (a["limit"], a["deltas"]["S"]) == ("mangan", 8000)


def test_a_mangan_over_the_base_points_is_named_a_mangan_with_kiriage_on_too() -> None:
    # 4 han 40 fu (riichi, tanyao, two dora 4m; 20 + 10 closed ron + 4 a concealed 555p + 2 the kanchan 6-8s):
    # a mangan by its base points (2,560) in every preset; mahjong 2.1.0 names it only when kiriage is off
    # (benchmarks/diff_riichi.py found it)
    hand = {"hand": "234456m555p33s68s7s", "win": "ron", "seat": "S", "discarder": "W", "riichi": True,
            "dora": ["3m"]}
    for preset in PRESETS.values():
        a = answer(hand, preset)
        assert (a["han"], a["fu"], a["limit"], a["deltas"]["S"]) == (4, 40, "mangan", 8000), preset.name


def test_thirteen_han_without_yakuman_is_sanbaiman_in_ema_and_wrc_and_kazoe_yakuman_on_tenhou() -> None:
    # riichi 1 + ryanpeikou 3 + chinitsu 6 + tanyao 1 + two dora 2m = 13 han, no yakuman
    hand = {"hand": "2233445566778m8m", "win": "ron", "seat": "S", "discarder": "W", "riichi": True,
            "dora": ["1m"]}
    tenhou = answer(hand, TENHOU)
    assert tenhou["han"] >= 13 and tenhou["limit"] == "yakuman" and tenhou["yakuman"] == 0
    assert tenhou["deltas"]["S"] == 32000
    for preset in (EMA_2016, EMA_2025, WRC_2022):
        a = answer(hand, preset)
        assert (a["limit"], a["deltas"]["S"]) == ("sanbaiman", 24000)


_TWO_YAKUMAN = {"hand": "[555z1][666z2]777z11z22z1z", "win": "ron", "seat": "S", "discarder": "E"}


def test_ema_yakuman_do_not_stack_while_wrc_and_tenhou_add_them_up() -> None:
    # daisangen + tsuuiisou: the library pays two yakuman; EMA (the correction) pays one
    tenhou = answer(_TWO_YAKUMAN, TENHOU)
    assert tenhou["yakuman"] == 2 and tenhou["deltas"]["S"] == 64000
    assert answer(_TWO_YAKUMAN, WRC_2022)["deltas"]["S"] == 64000
    for preset in (EMA_2016, EMA_2025):
        a = answer(_TWO_YAKUMAN, preset)
        assert (a["yakuman"], a["han"], a["deltas"]["S"]) == (1, 13, 32000)


def test_double_yakuman_kinds_count_double_only_on_tenhou() -> None:
    hand = {"hand": "111m999p111s777z2z2z", "win": "ron", "seat": "S", "discarder": "E"}  # suuankou tanki
    assert answer(hand, TENHOU)["yakuman"] == 2
    for preset in (EMA_2016, EMA_2025, WRC_2022):
        assert answer(hand, preset)["yakuman"] == 1


def test_wrc_double_wind_pair_is_2_fu_where_the_others_count_4() -> None:
    # East seat in the East round, pair of East, riichi: 30 (closed ron) + 4 or 2 (the pair) + 8 (the concealed
    # pung of 9m), an open wait: 42 -> 50 fu, or 40 fu with WRC's 2
    hand = {"hand": "999m123p789s45s11z3s", "win": "ron", "seat": "E", "round": "E", "discarder": "S",
            "riichi": True}
    for preset in (TENHOU, EMA_2016, EMA_2025):
        a = answer(hand, preset)
        assert (a["fu"], a["deltas"]["E"]) == (50, 2400)
    wrc = answer(hand, WRC_2022)
    assert (wrc["fu"], wrc["deltas"]["E"]) == (40, 2000)


# ------------------------------------------------------------------------------------------ the answer object

def test_a_hand_without_yaku_is_invalid_with_its_code() -> None:
    a = answer({"hand": "[123m1]456p789s11z22z2z", "win": "ron", "seat": "W", "discarder": "E"}, TENHOU)
    assert a == {"valid": False, "error": {"code": "no_yaku",
                                           "message": "the hand has no yaku (dora alone do not count)"}}


def test_not_a_winning_hand_and_bad_situations_are_refused() -> None:
    assert answer({"hand": "1357m2468p13579s1z", "win": "tsumo"}, TENHOU)["error"]["code"] == "not_winning_hand"
    hand = "234m567p3s456s555z3s"
    assert answer({"hand": hand, "win": "ron", "seat": "S"}, TENHOU)["error"]["code"] == "situation"
    assert answer({"hand": hand, "ippatsu": True}, TENHOU)["error"]["code"] == "situation"
    assert answer({"hand": hand, "ura": ["1m"]}, TENHOU)["error"]["code"] == "situation"
    assert answer({"hand": hand, "honba": -1}, TENHOU)["error"]["code"] == "invalid_input"
    assert answer({"hand": "[123m]4m"}, TENHOU)["error"]["code"] == "parse_error"


def test_deltas_carry_honba_and_deposits_to_the_winner() -> None:
    a = answer({"hand": "234m567p3s456s555z3s", "win": "ron", "seat": "S", "discarder": "W", "honba": 2,
                "deposits": 3}, TENHOU)
    assert a["deltas"] == {"E": 0, "S": 1300 + 600 + 3000, "W": -1900, "N": 0}
    t = answer({"hand": "234m567p3s456s555z3s", "win": "tsumo", "seat": "S", "honba": 1, "deposits": 1}, TENHOU)
    assert t["deltas"] == {"E": -1400, "S": 1400 + 800 + 800 + 1000, "W": -800, "N": -800}


def test_each_yaku_names_the_tiles_that_made_it() -> None:
    a = answer({"hand": "234m567p3s406s555z3s", "win": "tsumo", "dora": ["4s"]}, TENHOU)
    tiles = {y["id"]: y["tiles"] for y in a["yaku"]}
    assert tiles == {"menzen_tsumo": ["3s"], "haku": ["P", "P", "P"], "dora": ["0s"], "aka_dora": ["0s"]}


def test_riichi_problems_are_the_catalogues_templates_and_yaku_names_are_translated() -> None:
    import texts
    from scoring.riichi.hand import PROBLEMS
    from scoring.riichi.yaku import YAKU
    from texts.hands import HAND_PROBLEMS

    assert {r: HAND_PROBLEMS.get(r) for r in PROBLEMS} == PROBLEMS
    assert [y.en for y in YAKU if texts.lookup("zh", y.en, "yaku") != y.zh] == []
    assert len(YAKU) == 55 and [y.tenhou_id for y in YAKU] == list(range(55))


def test_the_riichi_package_exports_no_name_a_submodule_shadows() -> None:
    """``from scoring.riichi import X`` gives the function or value X, whichever submodules were imported before
    (the package once exported ``score``, which the submodule ``scoring.riichi.score`` replaced by itself)."""
    import importlib
    import pkgutil
    import types

    import scoring.riichi as package

    for info in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"scoring.riichi.{info.name}")
    assert all(not isinstance(getattr(package, name), types.ModuleType) for name in package.__all__)
