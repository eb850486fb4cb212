"""Riichi mahjong scored from tiles over the ``mahjong`` library (docs/riichi.md).

Pure: imports only ``scoring`` and ``mahjong``. ``scoring.riichi.score.score`` scores one hand under a
preset; ``answer`` is the ``mcr-score --rules`` contract (an input object to an answer object).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scoring.riichi.presets import EMA_2016, EMA_2025, PRESETS, TENHOU, WRC_2022, RiichiPreset
    from scoring.riichi.score import RiichiResult, Situation, answer

__all__ = ["EMA_2016", "EMA_2025", "PRESETS", "TENHOU", "WRC_2022", "RiichiPreset", "RiichiResult", "Situation",
           "answer"]

# Loaded on first use (PEP 562): the yaku's names and the presets are read by the standings and the words of
# every page; ``mahjong`` loads only when a hand is scored or a game is played.
_LAZY = {**dict.fromkeys(("EMA_2016", "EMA_2025", "PRESETS", "TENHOU", "WRC_2022", "RiichiPreset"),
                         "scoring.riichi.presets"),
         **dict.fromkeys(("RiichiResult", "Situation", "answer"), "scoring.riichi.score")}
# not the function ``score``: importing the submodule ``scoring.riichi.score`` binds that name to the module,
# so ``from scoring.riichi import score`` gave the function or the module by import order (the differential
# run got the module)


def __getattr__(attr: str) -> Any:
    module = _LAZY.get(attr)
    if module is None:
        raise AttributeError(f"module 'scoring.riichi' has no attribute {attr!r}")
    import importlib

    value = getattr(importlib.import_module(module), attr)
    globals()[attr] = value
    return value
