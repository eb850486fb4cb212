"""How the hand was won: 自摸, 和绝张, 妙手回春, 海底捞月, 杠上开花, 抢杠和, and the wait fans."""

from __future__ import annotations

from scoring.mcr.decompose import Form
from scoring.mcr.fan_rules import PAIR, Found, View
from scoring.mcr.fans import Fan

__all__ = ["wait_fans", "win_fans"]


def win_fans(view: View) -> list[Found]:
    """The win situation. W3: 杠上开花 is self-drawn, 抢杠和 on a discard; 妙手回春 self-drawn, 海底捞月 on a
    discard. The exclusions (自摸, 和绝张) are rows of the exclusion table."""
    ctx = view.ctx
    g = view.win_group
    out: list[Found] = []
    if ctx.self_drawn:
        out.append(Found(Fan.SELF_DRAWN, g))
    if view.fourth_tile:
        out.append(Found(Fan.LAST_TILE, g))
    if ctx.last_tile_of_wall:
        out.append(Found(Fan.LAST_TILE_DRAW if ctx.self_drawn else Fan.LAST_TILE_CLAIM, g))
    if ctx.kong_related:
        out.append(Found(Fan.OUT_WITH_REPLACEMENT_TILE if ctx.self_drawn else Fan.ROBBING_THE_KONG, g))
    return out


def wait_fans(view: View) -> list[Found]:
    """边张 / 嵌张 / 单钓将, only when exactly one tile kind completes the 13 tiles (H3).

    The winning tile's place in the concealed sets of this reading decides which: at an end of a chow it is
    an edge wait (with a unique wait that can only be 12+3 or 89+7: any other end would leave the other side
    open), in the middle a closed wait, in the pair a single wait. When the reading allows several places,
    edge beats closed beats single (they are worth the same; the order follows the reference calculator).
    """
    if view.form is not Form.REGULAR and view.form is not Form.KNITTED_STRAIGHT:
        return []
    w = view.winning
    edge = closed = None
    for i, s in enumerate(view.sets):
        if s.declared or not s.is_chow:
            continue
        if w == s.tile + 1:
            closed = closed if closed is not None else i
        elif w in (s.tile, s.tile + 2):
            edge = edge if edge is not None else i
    # The unique wait is asked last: it is the costly question, and most readings never need it.
    if edge is not None:
        start = view.sets[edge].tile
        if start % 9 != (6 if w == start else 0):
            # Not 89+7 or 12+3: the chow one rank further along (w's other side) completes the hand too, so
            # the wait is not unique, without asking.
            return []
        return [Found(Fan.EDGE_WAIT, (view.sets[edge].tiles,), frozenset({edge}))] if view.unique_wait else []
    if closed is not None:
        return [Found(Fan.CLOSED_WAIT, (view.sets[closed].tiles,), frozenset({closed}))] if view.unique_wait else []
    if view.pair == w and view.unique_wait:
        return [Found(Fan.SINGLE_WAIT, ((w, w),), frozenset({PAIR}))]
    return []
