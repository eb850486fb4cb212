"""The rule-system seam: what a mahjong rule system provides, and the systems registered by profile name.

A first sketch (docs/architecture.md "Rule systems"): today it carries the tiles, the notation
and scoring one hand from a JSON input object, which is what ``mcr-score --rules`` needs. The session,
the settlement of outcomes, the session result and the penalties come next, in the same protocol.

MCR's engine is ``scoring.mcr`` (over the shared tiles, model and notation of ``scoring``); it is
registered here through a thin adapter, so nothing that exists changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["RuleSystem", "TileSet", "SYSTEMS", "system", "profile_names"]


@dataclass(frozen=True, slots=True)
class TileSet:
    """A system's tiles: how many, which kinds, and its extras."""

    count: int  # 136 (Riichi), 144 (MCR, with the flowers), 108 (Sichuan), 136 + jokers (Guangdong)
    honours: bool
    flowers: int  # flower tiles counted, 0 when none
    red_fives: bool
    notation: str  # the document that says how a hand is written


class RuleSystem(Protocol):
    """One rule system under one profile name. Pure: no SQLAlchemy, no Qt, nothing of ours above scoring."""

    @property
    def family(self) -> str:
        """The system's family ("mcr", "riichi"): profiles of one family share an engine and its words."""
        ...

    @property
    def profile(self) -> str:
        """The profile name it is registered under (``init --profile``, ``mcr-score --rules``)."""
        ...

    @property
    def tiles(self) -> TileSet: ...

    def score_json(self, request: dict[str, Any]) -> dict[str, Any]:
        """One hand scored from its JSON input object to its JSON answer object; never raises for a bad
        hand (the answer then holds ``error``)."""
        ...


@dataclass(frozen=True, slots=True)
class _Mcr:
    """MCR through its engine as it is (``scoring.cli``'s stream objects)."""

    profile: str
    family: str = "mcr"
    tiles: TileSet = TileSet(count=144, honours=True, flowers=8, red_fives=False, notation="NOTATION.md")

    def score_json(self, request: dict[str, Any]) -> dict[str, Any]:
        import json

        from scoring.cli import stream_line

        result: dict[str, Any] = json.loads(stream_line(json.dumps(request)))
        return result


@dataclass(frozen=True, slots=True)
class _Riichi:
    """Riichi over the ``mahjong`` library, one preset (``scoring.riichi.presets``)."""

    profile: str
    family: str = "riichi"

    @property
    def tiles(self) -> TileSet:
        from scoring.riichi.presets import PRESETS

        return TileSet(count=136, honours=True, flowers=0, red_fives=PRESETS[self.profile].red_fives,
                       notation="NOTATION.md + 0 for a red five, 1z-7z honours")

    def score_json(self, request: dict[str, Any]) -> dict[str, Any]:
        from scoring.riichi.presets import PRESETS
        from scoring.riichi.score import answer

        return answer(request, PRESETS[self.profile])


_RIICHI_PROFILES = ("riichi-ema2016", "riichi-ema2025", "riichi-wrc2022", "riichi-tenhou")
_MCR_PROFILES = ("cmr1998", "gb")

def _maker(kind: type[_Mcr] | type[_Riichi], name: str) -> Callable[[], RuleSystem]:
    def make() -> RuleSystem:
        return kind(name)

    return make


SYSTEMS: dict[str, Callable[[], RuleSystem]] = {
    **{name: _maker(_Mcr, name) for name in _MCR_PROFILES},
    **{name: _maker(_Riichi, name) for name in _RIICHI_PROFILES},
}


def profile_names(family: str | None = None) -> tuple[str, ...]:
    """The registered profile names, of one family when given."""
    return tuple(n for n in SYSTEMS if family is None or SYSTEMS[n]().family == family)


def system(profile: str) -> RuleSystem:
    """The rule system of a profile; ``KeyError`` when none is registered under that name."""
    return SYSTEMS[profile]()
