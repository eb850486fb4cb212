"""Kongs, concealed pungs, concealment of the hand, and 四归一."""

from __future__ import annotations

from scoring.mcr.decompose import Form, SetKind
from scoring.mcr.fan_rules import Found, View
from scoring.mcr.fans import Fan

__all__ = ["concealed_pung_fans", "concealment_fans", "kong_fan", "kong_fans", "tile_hog_fans"]


def kong_fan(melded: int, concealed: int) -> Fan | None:
    """The one kong fan of a hand with ``melded`` melded (incl. promoted) and ``concealed`` concealed kongs.

    K1: "One melded kong plus one concealed kong is the single fan CONCEALED_KONG_AND_MELDED_KONG = 5 (source
    001, 双暗杠 note: the convention of major events), not 明杠 + 暗杠."
    K2: "三杠 and 四杠 replace the kong-count fans (明杠, 暗杠, 双明杠, 双暗杠, K1)."
    K3: "A promoted kong (加杠) is a melded kong."

    >>> kong_fan(1, 1), kong_fan(0, 2), kong_fan(2, 1)
    (<Fan.CONCEALED_KONG_AND_MELDED_KONG: 'CONCEALED_KONG_AND_MELDED_KONG'>, <Fan.TWO_CONCEALED_KONGS: 'TWO_CONCEALED_KONGS'>, <Fan.THREE_KONGS: 'THREE_KONGS'>)
    """
    total = melded + concealed
    if total == 4:
        return Fan.FOUR_KONGS
    if total == 3:
        return Fan.THREE_KONGS
    if total == 2:
        return {2: Fan.TWO_MELDED_KONGS, 1: Fan.CONCEALED_KONG_AND_MELDED_KONG, 0: Fan.TWO_CONCEALED_KONGS}[melded]
    if total == 1:
        return Fan.MELDED_KONG if melded else Fan.CONCEALED_KONG
    return None


def kong_fans(view: View) -> list[Found]:
    kongs = [(i, s) for i, s in view.pungs if s.kind is SetKind.KONG]
    if not kongs:
        return []
    concealed = sum(1 for _, s in kongs if s.concealed)
    fan = kong_fan(len(kongs) - concealed, concealed)
    if fan is None:
        return []
    return [Found(fan, tuple(s.tiles for _, s in kongs), frozenset(i for i, _ in kongs))]


def concealed_pung_fans(view: View) -> list[Found]:
    """双暗刻 / 三暗刻 / 四暗刻: concealed pungs, concealed kongs included (K2). A pung completed by a
    discarded winning tile is exposed (``View.exposed``)."""
    if len(view.pungs) < 2:
        return []
    exposed = view.exposed
    idx = [i for i, _ in view.pungs if not exposed[i]]
    if len(idx) < 2:
        return []
    fan = _CONCEALED_PUNGS[len(idx)]
    return [Found(fan, tuple(view.sets[i].tiles for i in idx), frozenset(idx))]


_CONCEALED_PUNGS = {2: Fan.TWO_CONCEALED_PUNGS, 3: Fan.THREE_CONCEALED_PUNGS, 4: Fan.FOUR_CONCEALED_PUNGS}


def concealment_fans(view: View) -> list[Found]:
    """门前清 / 不求人 (no chow, pung or melded kong declared) and 全求人 (W1: four declared exposed sets,
    won on a discard)."""
    declared_exposed = 0
    for s in view.sets:
        if s.declared and not s.concealed:
            declared_exposed += 1
    if declared_exposed == 0:
        fan = Fan.FULLY_CONCEALED_HAND if view.ctx.self_drawn else Fan.CONCEALED_HAND
        return [Found(fan, view.win_group)]
    if declared_exposed == 4 and not view.ctx.self_drawn:
        return [Found(Fan.MELDED_HAND, view.win_group)]
    return []


def tile_hog_fans(view: View) -> list[Found]:
    """四归一: four copies of a kind in the hand that are not a kong (each kind once)."""
    counts = view.counts
    if 4 not in counts or view.form is Form.THIRTEEN_ORPHANS or view.form is Form.HONORS_AND_KNITTED:
        return []
    kong_tiles = {s.tile for _, s in view.pungs if s.kind is SetKind.KONG}
    out = []
    t = counts.index(4)
    while True:
        if t not in kong_tiles:
            out.append(Found(Fan.TILE_HOG, ((t,) * 4,)))
        if 4 not in counts[t + 1:]:
            return out
        t = counts.index(4, t + 1)
