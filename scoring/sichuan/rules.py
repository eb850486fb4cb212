"""The organiser's values for a Sichuan event: the base, the cap, how self-drawn pays, the flower pig's fan."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any


class SelfDrawn(StrEnum):
    """What a self-drawn win adds: one base to each payment (自摸加底) or one fan (自摸加番)."""

    BASE = "base"
    FAN = "fan"


@dataclass(frozen=True, slots=True)
class SichuanRules:
    base: int = 1  # the points of a hand of 0 fan (底)
    cap: int | None = 3  # the most fan paid (封顶); the World Mahjong Tour's is 3; None: no cap
    self_drawn: SelfDrawn = SelfDrawn.BASE
    flower_pig_fan: int | None = None  # what a flower pig pays each other player, in fan; None: the cap

    @property
    def pig_fan(self) -> int:
        # rules_with refuses a missing cap without flower_pig_fan, so one of the two is set
        return self.flower_pig_fan if self.flower_pig_fan is not None else (self.cap or 0)

    def paid_fan(self, fan: int) -> int:
        return fan if self.cap is None else min(fan, self.cap)

    def points(self, fan: int) -> int:
        """What one payer pays for a hand of ``fan`` (the cap applied): base × 2^fan."""
        return self.base * 2 ** self.paid_fan(fan)

    def win_points(self, fan: int, self_drawn: bool) -> int:
        """What each payer pays a winner: ``points``, plus one base on a self-drawn win under 自摸加底."""
        return self.points(fan) + (self.base if self_drawn and self.self_drawn is SelfDrawn.BASE else 0)


WMT = SichuanRules()


def _whole(name: str, value: Any, least: int, most: int, none_ok: bool = False) -> int | None:
    """``most`` keeps every payment (base × 2^fan from three) far within the store's 64-bit whole numbers."""
    if value is None and none_ok:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        tail = " or null" if none_ok else ""
        raise ValueError(f"{name}: must be a whole number from {least} to {most:,}{tail}, not {value!r}")
    return value


def rules_with(values: Mapping[str, Any]) -> SichuanRules:
    """The World Mahjong Tour's values with the organiser's changes; ``ValueError`` names the first bad one."""
    fields = SichuanRules.__dataclass_fields__
    for key in values:
        if key not in fields:
            raise ValueError(f"{key}: not a value of sichuan-xuezhan (values: {', '.join(fields)})")
    changes: dict[str, Any] = {}
    if "base" in values:
        changes["base"] = _whole("base", values["base"], 1, 1_000_000)
    if "cap" in values:
        changes["cap"] = _whole("cap", values["cap"], 1, 30, none_ok=True)
    if "flower_pig_fan" in values:
        changes["flower_pig_fan"] = _whole("flower_pig_fan", values["flower_pig_fan"], 0, 30, none_ok=True)
    if "self_drawn" in values:
        if values["self_drawn"] not in tuple(SelfDrawn):
            raise ValueError(f"self_drawn: must be \"base\" or \"fan\", not {values['self_drawn']!r}")
        changes["self_drawn"] = SelfDrawn(values["self_drawn"])
    rules = replace(WMT, **changes)
    if rules.cap is None and rules.flower_pig_fan is None:
        raise ValueError("flower_pig_fan: needed when there is no cap (a flower pig pays the cap)")
    return rules
