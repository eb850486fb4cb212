"""The referee's breakdown and the JSON form, on hand-made results (no engine needed)."""

from __future__ import annotations

from scoring.mcr.explain import describe_tiles, explain, fan_entries, result_to_json, waits_text
from scoring.mcr.fans import Fan
from scoring.mcr.result import AwardedFan, ScoreResult
from scoring.model import WinContext, Wind
from scoring.notation import parse_hand

CHOWS = ((6, 7, 8), (15, 16, 17), (24, 25, 26))


def small_result(flowers: int = 0) -> ScoreResult:
    fans = [AwardedFan(Fan.ALL_CHOWS, 1), AwardedFan(Fan.PUNG_OF_TERMINALS_OR_HONORS, 1, ((27, 27, 27),)),
            AwardedFan(Fan.PUNG_OF_TERMINALS_OR_HONORS, 1, ((26, 26, 26),))]
    if flowers:
        fans.append(AwardedFan(Fan.FLOWER_TILES, flowers))
    return ScoreResult(total=4 + flowers, fans=tuple(fans), meets_minimum=False, reading="4 sets + pair")


def test_repeated_fans_are_merged_and_ordered_by_number() -> None:
    entries = fan_entries(small_result())
    assert [(f.fan, f.count) for f in entries] == [(Fan.ALL_CHOWS, 1), (Fan.PUNG_OF_TERMINALS_OR_HONORS, 2)]
    assert entries[1].tiles == ((27, 27, 27), (26, 26, 26))


def test_flowers_appear_as_a_fan_even_when_only_in_the_total() -> None:
    result = ScoreResult(total=11, fans=(AwardedFan(Fan.MIXED_TRIPLE_CHOW, 1, CHOWS),), meets_minimum=True)
    obj = result_to_json(result)
    assert obj == {"total": 11, "meets_minimum": True, "fans": [
        {"id": "MIXED_TRIPLE_CHOW", "zh": "三色三同顺", "en": "Mixed Triple Chow", "points": 8, "count": 1},
        {"id": "FLOWER_TILES", "zh": "花牌", "en": "Flower Tiles", "points": 1, "count": 3}]}


def test_english_breakdown_below_minimum() -> None:
    text = explain(small_result(flowers=5), "en")
    assert "Pung of Terminals or Honors (幺九刻)  1 × 2 = 2  EEE 999p: East ×3, 9 dots ×3" in text
    assert "Total: 9 fans (4 without flowers + 5 for flowers)" in text
    assert "Below the 8-fan minimum: only 4 fans without flowers" in text and "false win" in text


def test_chinese_breakdown_with_hand_and_situation() -> None:
    from web.score_cli import front

    hand = parse_hand("[789m2][777s3][234s3]89sEE7s")
    ctx = WinContext(self_drawn=True, seat_wind=Wind.SOUTH, prevalent_wind=Wind.WEST, flowers=1)
    result = ScoreResult(total=9, fans=(AwardedFan(Fan.MIXED_TRIPLE_CHOW, 1, CHOWS),
                                        AwardedFan(Fan.FLOWER_TILES, 1)), meets_minimum=True,
                         reading="4 sets + pair")
    text = explain(result, "zh", hand, ctx, front("zh").words("zh"))
    assert "手牌：[789m2][777s3][234s3]89sEE7s，和 7s（七条）" in text
    assert "自摸" in text and "门风南" in text and "圈风西" in text
    assert "牌型：四组面子加一对将" in text
    assert "三色三同顺（Mixed Triple Chow）  8番 = 8番  789m 789s 789p：七八九万；七八九条；七八九饼" in text
    assert "合计：9 番（不计花牌 8 番，花牌 1 番）" in text
    assert "达到 8 番起和" in text


def test_the_words_are_english_unless_a_front_end_passes_its_own() -> None:
    # scoring imports nothing of ours: Chinese fan and tile names (its data) come first for zh, the words
    # stay English; mcr-score's front end (web.score_cli) passes the catalogue's
    text = explain(small_result(), "zh")
    assert "Fans:" in text and "  平和 (All Chows)" in text
    assert waits_text((15,), "zh") == "Waits on 1 tile: 7s (七条)"


def test_describe_tiles() -> None:
    assert describe_tiles((0, 1, 2), "zh") == "一二三万"
    assert describe_tiles((33, 33), "en") == "White Dragon ×2"
    assert describe_tiles((27, 27, 31, 18), "en") == "1 dots, East ×2, Red Dragon"


def test_waits_text() -> None:
    assert waits_text((15,), "en") == "Waits on 1 tile: 7s (7 bamboo)"
    from web.score_cli import front

    assert waits_text((15, 16), "zh", front("zh").words("zh")) == "听 2 种牌：7s（七条）、8s（八条）"
    assert waits_text((), "en").startswith("Not waiting")
