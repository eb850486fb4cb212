"""Fans of the tile kinds alone (any reading): colours, suits, honours, terminals and rank ranges."""

from __future__ import annotations

from scoring.fan_rules import Found, View
from scoring.fans import Fan
from scoring.tiles import DRAGONS, GREEN_TILES, REVERSIBLE, WINDS

__all__ = ["tile_fans"]


def tile_fans(view: View) -> list[Found]:
    """绿一色, 推不倒, 字一色, 清一色, 混一色, 缺一门, 五门齐, 无字, 清幺九, 混幺九, 断幺, 全大, 全中, 全小,
    大于五, 小于五.

    C1: "缺一门 means exactly two of the three suits appear. It is counted alongside 大三元, 小三元, 三风刻,
    一色四同顺, 一色四节高, 一色四步高 whenever that holds; never with 推不倒" (the 推不倒 row of the exclusion
    table). C2: 绿一色 with 发 is also 混一色 here and the table removes it; without 发 it is 清一色, kept.
    """
    kinds = [t for t, n in enumerate(view.counts) if n]
    suits = {t // 9 for t in kinds if t < 27}
    honors = [t for t in kinds if t >= 27]
    group = view.hand_group()
    fans: list[Fan] = []
    if all(t in GREEN_TILES for t in kinds):
        fans.append(Fan.ALL_GREEN)
    if all(t in REVERSIBLE for t in kinds):
        fans.append(Fan.REVERSIBLE_TILES)
    if not suits:
        fans.append(Fan.ALL_HONORS)
    elif len(suits) == 1:
        fans.append(Fan.HALF_FLUSH if honors else Fan.FULL_FLUSH)
    elif len(suits) == 2:
        fans.append(Fan.ONE_VOIDED_SUIT)
    elif any(t in WINDS for t in honors) and any(t in DRAGONS for t in honors):
        fans.append(Fan.ALL_TYPES)
    if not honors:
        fans.append(Fan.NO_HONORS)
    ranks = {t % 9 for t in kinds if t < 27}  # 0-based
    if all(t >= 27 or t % 9 in (0, 8) for t in kinds):
        if not honors:
            fans.append(Fan.ALL_TERMINALS)
        if suits:
            fans.append(Fan.ALL_TERMINALS_AND_HONORS)
    if not honors and not ranks & {0, 8}:
        fans.append(Fan.ALL_SIMPLES)
    if not honors:
        if ranks <= {6, 7, 8}:
            fans.append(Fan.UPPER_TILES)
        if ranks <= {3, 4, 5}:
            fans.append(Fan.MIDDLE_TILES)
        if ranks <= {0, 1, 2}:
            fans.append(Fan.LOWER_TILES)
        if ranks <= {5, 6, 7, 8}:
            fans.append(Fan.UPPER_FOUR)
        if ranks <= {0, 1, 2, 3}:
            fans.append(Fan.LOWER_FOUR)
    return [Found(f, group) for f in fans]
