"""Sichuan 血战到底: one winner's hand scored from its tiles, one test per hand type and exclusion.

Each id quotes its rule: the World Mahjong Tour's Sichuan rules ("WMT") where they state it, else the value
docs/rule-systems.md "Sichuan 血战到底" decides (the common Chengdu table, with its reason there).
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.sichuan.rules import SichuanRules, rules_with
from scoring.sichuan.score import answer, best_waiting_fan
from scoring.systems import system


def fans(obj: dict[str, Any]) -> dict[str, int]:
    got = answer(obj)
    assert got["valid"], got
    out: dict[str, int] = {}
    for f in got["fans"]:
        out[f["id"]] = out.get(f["id"], 0) + f["value"]
    return out


RON = {"win": "ron"}
TSUMO = {"win": "tsumo"}

HAND_TYPES = [
    pytest.param("123m456m789m1112s2s", RON, {"pinghu": 0}, id="平胡 0: four sets and a pair, nothing else"),
    pytest.param("111m444m777s999s5s5s", RON, {"duiduihu": 1}, id="对对胡 1: four pungs and a pair"),
    pytest.param("123m345m789m666m99m", RON, {"qingyise": 2}, id="清一色 2: one suit"),
    pytest.param("1133557799m224s4s", RON, {"qidui": 2}, id="七对 2: seven pairs"),
    pytest.param("111133557799m22s", RON, {"longqidui": 3}, id="龙七对 3: seven pairs with four of a kind"),
    pytest.param("111m333m555m777m99m", RON, {"qingdui": 3}, id="清对 3: one suit, all pungs"),
    pytest.param("222m555m888m222s55s", RON, {"jiangdui": 3}, id="将对 3: all pungs and the pair of 2, 5, 8"),
    pytest.param("123m789m111s999s99m", RON, {"daiyaojiu": 2}, id="带幺九 2: a 1 or a 9 in every set and the pair"),
    pytest.param("[111m][444m][777s][222s]5s5s", RON, {"duiduihu": 1, "jingoudiao": 1},
                 id="金钩钓 +1 on 对对胡: four declared sets, won on the single tile"),
    pytest.param("123m456m444m789s99s", RON, {"pinghu": 0, "gen": 1},
                 id="根 +1: four of a kind held, not declared (456m + 444m)"),
    pytest.param("[5555s]123m456m789m1s1s", RON, {"pinghu": 0, "gen": 1}, id="根 +1: a kong"),
    pytest.param("[5555s]123m456m789m1s1s", {"win": "tsumo", "rinshan": True},
                 {"pinghu": 0, "gen": 1, "gangshanghua": 1}, id="杠上花 +1: self-drawn on a kong's replacement tile"),
    pytest.param("123m456m789m1112s2s", {"win": "ron", "rinshan": True}, {"pinghu": 0, "gangshangpao": 1},
                 id="杠上炮 +1: won on the discard after the discarder's kong"),
    pytest.param("123m456m789m1112s2s", {"win": "ron", "chankan": True}, {"pinghu": 0, "qianggang": 1},
                 id="抢杠 +1: WMT 'Robbing a Kong'"),
    pytest.param("123m456m789m1112s2s", {"win": "tsumo", "haitei": True}, {"pinghu": 0, "haidi": 1},
                 id="海底 +1: self-drawn on the wall's last tile"),
    pytest.param("123m456m789m1112s2s", {"win": "ron", "houtei": True}, {"pinghu": 0, "haidi": 1},
                 id="海底 +1: won on the last discard"),
    pytest.param("123m456m789m1112s2s", {"win": "tsumo", "tenhou": True, "seat": "E"}, {"pinghu": 0, "tianhu": 5},
                 id="天胡 5: the dealer's first fourteen tiles"),
    pytest.param("123m456m789m1112s2s", {"win": "ron", "chiihou": True}, {"pinghu": 0, "dihu": 5},
                 id="地胡 5: a non-dealer on the dealer's first discard"),
]

EXCLUSIONS = [
    pytest.param("111m333m555m777m99m", RON, {"qingdui": 3},
                 id="清对 = 清一色 + 对对胡: neither is counted again"),
    pytest.param("222m555m888m222s55s", RON, {"jiangdui": 3}, id="将对 is an all-pungs hand: 对对胡 not counted"),
    pytest.param("1111m2222m3355m7s7s", RON, {"longqidui": 3, "gen": 1},
                 id="龙七对 holds one four of a kind: only the second is a 根"),
    pytest.param("1111m9999m1111s9s9s", RON, {"longqidui": 3, "gen": 2},
                 id="带幺九 is a hand of sets: not on seven pairs"),
    pytest.param("112233m445566s77s", RON, {"qidui": 2}, id="the best reading counts: 七对 over 平胡's chows"),
    pytest.param("[222m][555m][888m][555s]2s2s", RON, {"jiangdui": 3, "jingoudiao": 1},
                 id="金钩钓 adds to 将对 (将金钩钓 4)"),
    pytest.param("[111m][333m][555m][777m]9m9m", RON, {"qingdui": 3, "jingoudiao": 1},
                 id="金钩钓 adds to 清对 (清金钩钓 4)"),
    pytest.param("1133557799m224s4s", RON, {"qidui": 2}, id="平胡 only when no hand type counts"),
]


@pytest.mark.parametrize(("hand", "how", "expected"), HAND_TYPES + EXCLUSIONS)
def test_fans_of_a_hand(hand: str, how: dict[str, Any], expected: dict[str, int]) -> None:
    assert fans({"hand": hand, **how}) == expected


def test_fans_name_their_tiles_in_chinese_and_english() -> None:
    got = answer({"hand": "[5555s]123m456m789m1s1s", "win": "tsumo", "rinshan": True})
    by_id = {f["id"]: f for f in got["fans"]}
    assert by_id["gen"] == {"id": "gen", "zh": "根", "en": "Root", "value": 1, "tiles": ["5s"] * 4}
    assert by_id["gangshanghua"]["tiles"] == ["1s"]
    assert len(by_id["pinghu"]["tiles"]) == 15  # the whole hand: 14 tiles and the kong's fourth


REFUSALS = [
    pytest.param({"hand": "123m456m789m111sEE"}, "honours", id="WMT: 'Honor tiles are not used'"),
    pytest.param({"hand": "[123m]456m789m1112s2s"}, "chow", id="WMT: 'Players may declare Pung or Kong but cannot Chow'"),
    pytest.param({"hand": "123m456m789m1112s2s", "void": "s"}, "void_suit", id="定缺: no tile of the void suit in a win"),
    pytest.param({"hand": "123m456p789m1112s2s"}, "three_suits", id="花猪: a hand of three suits may not win"),
    pytest.param({"hand": "123m456m789m1113s5s"}, "not_winning_hand", id="not four sets and a pair or seven pairs"),
    pytest.param({"hand": "[1111m]111m456m789m2s2s"}, "too_many_copies", id="four of each tile"),
    pytest.param({"hand": "123m456m789m1112s2s", "win": "tsumo", "rinshan": True}, "situation",
                 id="杠上花 needs a kong"),
    pytest.param({"hand": "123m456m789m1112s2s", "win": "tsumo", "chankan": True}, "situation",
                 id="抢杠 is a win on another's tile"),
    pytest.param({"hand": "123m456m789m1112s2s", "win": "ron", "chankan": True, "rinshan": True}, "situation",
                 id="抢杠 is not 杠上炮: the robbed tile is not a discard"),
    pytest.param({"hand": "123m456m789m1112s2s", "win": "ron", "chankan": True, "houtei": True}, "situation",
                 id="抢杠 is not 海底: the robbed tile is not the last discard"),
    pytest.param({"hand": "[222m]123m456m789s2s2s", "win": "tsumo", "tenhou": True}, "situation",
                 id="天胡 has no declared set"),
    pytest.param({"hand": "123m456m789m1112s2s", "win": "ron", "seat": "E"}, "situation",
                 id="the deltas of a discard need the discarder"),
    pytest.param({"hand": "123m456m789m1112s2s", "void": "x"}, "invalid_input", id="void is m, s or p"),
    pytest.param({"hand": "123m456m789m1112s2s", "rules": {"cap": 0}}, "invalid_input", id="a cap of 1 or more"),
    pytest.param({"hand": "123m456m789m1112s2s", "rules": {"cap": 31}}, "invalid_input", id="a cap of 30 at most"),
    pytest.param({"hand": "123m456m789m1112s2s", "rules": {"base": 10**7}}, "invalid_input",
                 id="a base of 1,000,000 at most"),
]


@pytest.mark.parametrize(("obj", "code"), REFUSALS)
def test_a_hand_that_may_not_win_this_way_is_refused_with_its_reason(obj: dict[str, Any], code: str) -> None:
    got = answer(obj)
    assert got["valid"] is False and got["error"]["code"] == code, got
    assert got["error"]["message"] and "\n" not in got["error"]["message"]


def test_the_wmt_cap_of_three_fan_bounds_the_payment() -> None:
    """WMT: 'with a cap of three fan'. 清一色 + 龙七对 is 5 fan, paid as 3: 2^3 = 8 from the discarder."""
    got = answer({"hand": "1111223344556m6m", "win": "ron", "seat": "S", "discarder": "W"})
    assert (got["total"], got["paid"], got["points"]) == (5, 3, 8)
    assert got["deltas"] == {"E": 0, "S": 8, "W": -8, "N": 0}
    wider = answer({"hand": "1111223344556m6m", "win": "ron", "seat": "S", "discarder": "W", "rules": {"cap": 4}})
    assert (wider["paid"], wider["points"]) == (4, 16)


def test_self_drawn_is_paid_by_every_player_still_in_with_one_base_more() -> None:
    """自摸加底: each player still in pays base × 2^fan + base; a player who has won (``out``) pays nothing."""
    got = answer({"hand": "123m345m789m666m99m", "win": "tsumo", "seat": "W", "out": ["S"]})
    assert got["points"] == 2 ** 2 + 1
    assert got["deltas"] == {"E": -5, "S": 0, "W": 10, "N": -5}
    as_fan = answer({"hand": "123m345m789m666m99m", "win": "tsumo", "seat": "W", "rules": {"self_drawn": "fan"}})
    assert [f["id"] for f in as_fan["fans"]] == ["qingyise", "zimo"] and as_fan["points"] == 8
    assert as_fan["deltas"] == {"E": -8, "S": -8, "W": 24, "N": -8}


def test_no_deltas_without_the_seats() -> None:
    assert "deltas" not in answer({"hand": "123m456m789m1112s2s", "win": "ron"})


def test_best_waiting_fan_is_the_most_a_ready_hand_could_win() -> None:
    """查大叫: 金钩钓 waiting on 5s is 对对胡 1 + 金钩钓 1 = 2; a hand with no wait is not ready."""
    assert best_waiting_fan("[111m][444m][777s][222s]5s", None) == 2
    assert best_waiting_fan("1112345678999m", None) == 3  # 清一色 + ... capped at 3
    uncapped = SichuanRules(cap=None, flower_pig_fan=3)
    assert best_waiting_fan("1133557799m224s", None, uncapped) == 2  # 七对 on 4s
    assert best_waiting_fan("1357m2468m1357s9s", None) is None


def test_the_organisers_values() -> None:
    assert rules_with({}) == SichuanRules()
    assert rules_with({"cap": 5, "base": 2}).points(9) == 64
    for bad in ({"cap": 0}, {"base": "1"}, {"horses": 2}, {"cap": None}, {"self_drawn": "double"}):
        with pytest.raises(ValueError):
            rules_with(bad)
    sichuan = system("sichuan-xuezhan")
    assert sichuan.rules_problem({"cap": 4}) is None
    assert "horses" in (sichuan.rules_problem({"horses": 2}) or "")


def test_the_system_on_the_seam() -> None:
    """Issue 33: 108 tiles of three suits; the session result is MCR's table points on the session score."""
    sichuan = system("sichuan-xuezhan")
    assert (sichuan.family, sichuan.profile, sichuan.shape) == ("sichuan", "sichuan-xuezhan", "game")
    assert (sichuan.tiles.count, sichuan.tiles.honours, sichuan.tiles.flowers) == (108, False, 0)
    assert sichuan.score_json({"hand": "123m456m789m1112s2s"})["total"] == 0
    result = sichuan.session_result((12, -4, -4, -4), (0, 0, -2, 0), (), {})
    assert [float(r.score) for r in result] == [4.0, 1.5, 0.0, 1.5]
    assert [int(r.raw) for r in result] == [12, -4, -6, -4]
