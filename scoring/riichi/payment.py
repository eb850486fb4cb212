"""What one winning hand pays, and who pays it: the one place for it (``score`` for one hand, ``game`` for a
table's game). The payment table is the ``mahjong`` library's (``ScoresCalculator``) under the preset's
options; honba, pao and the split are ours (docs/riichi.md "The game").
"""

from __future__ import annotations

from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from scoring.riichi.presets import Kazoe, RiichiPreset


def options(preset: RiichiPreset) -> OptionalRules:
    """The library's options for a preset."""
    return OptionalRules(
        has_open_tanyao=preset.open_tanyao, has_aka_dora=preset.red_fives,
        has_double_yakuman=preset.pays_double_yakuman,
        kazoe_limit=HandConstants.KAZOE_SANBAIMAN if preset.kazoe is Kazoe.SANBAIMAN else HandConstants.KAZOE_LIMITED,
        kiriage=preset.kiriage, fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False)


def hand_payment(han: int, fu: int, yakuman: int, dealer: bool, tsumo: bool, preset: RiichiPreset) -> tuple[int, int]:
    """What a hand pays without honba or deposits: on a ron (the discarder's payment, 0); on a tsumo (the
    dealer's share, each non-dealer's share), each rounded up to 100 by the library's table. ``yakuman``:
    units (its han is then ignored)."""
    config = HandConfig(is_tsumo=tsumo, player_wind=EAST if dealer else SOUTH, options=options(preset))
    cost = ScoresCalculator.calculate_scores(13 * yakuman if yakuman else han, fu, config, yakuman > 0)
    return cost["main"], cost["additional"] if tsumo else 0


def win_changes(han: int, fu: int, yakuman: int, winner: int, dealer: int, discarder: int | None,
                pao: int | None, honba: int, preset: RiichiPreset,
                payment: tuple[int, int] | None = None) -> list[int]:
    """The four seats' changes for one winner, ``honba`` counters included, deposits not. ``discarder``
    None: a tsumo. Pao: on a tsumo the liable player pays the whole hand; on a ron the liable player and the
    discarder pay half each, the honba with the discarder. ``payment``: the hand's payment as
    ``hand_payment`` gives it, when typed rather than computed from han/fu."""
    changes = [0, 0, 0, 0]
    bonus = preset.honba_points * honba
    main, additional = payment or hand_payment(han, fu, yakuman, winner == dealer, discarder is None, preset)
    if discarder is not None:
        if pao is not None and pao != discarder:
            changes[pao] -= main // 2
            changes[discarder] -= main - main // 2 + bonus
        else:
            changes[discarder] -= main + bonus
        changes[winner] += main + bonus
        return changes
    others = [s for s in range(4) if s != winner]
    each = [(main if s == dealer else additional) + bonus // 3 for s in others]
    if pao is not None:
        changes[pao] -= sum(each)
    else:
        for s, paid in zip(others, each, strict=True):
            changes[s] -= paid
    changes[winner] += sum(each)
    return changes
