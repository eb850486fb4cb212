"""Riichi mahjong scored from tiles over the ``mahjong`` library (docs/riichi.md).

Pure: imports only ``scoring`` and ``mahjong``. ``score`` scores one hand under a preset; ``answer``
is the ``mcr-score --rules`` contract (an input object to an answer object).
"""

from __future__ import annotations

from scoring.riichi.presets import EMA_2016, EMA_2025, PRESETS, TENHOU, WRC_2022, RiichiPreset
from scoring.riichi.score import RiichiResult, Situation, answer, score

__all__ = ["EMA_2016", "EMA_2025", "PRESETS", "TENHOU", "WRC_2022", "RiichiPreset", "RiichiResult", "Situation",
           "answer", "score"]
