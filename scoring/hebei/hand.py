"""A Hebei hand's tiles, and the problems of a hand that may not win that way.

The tiles are MCR's notation (NOTATION.md) read by the shared parser and checked by MCR's form checks;
Hebei adds only that no chow is claimed (不能吃牌).
"""

from __future__ import annotations

from scoring.errors import HandError
from scoring.mcr.validate import check_tiles
from scoring.model import Hand, MeldKind
from scoring.notation import parse_hand
from scoring.tiles import name

# The problems by reason, in English; texts/hands.py holds the same templates as the catalogue's msgids
# (msgctxt hand.<reason>), as for Riichi's (tests/scoring/hebei/test_hebei.py checks).
PROBLEMS: dict[str, str] = {
    "hebei_waiting": "a waiting hand (13 tiles, no winning tile) cannot be scored: write the winning tile last",
    "hebei_chow": "{meld}: Hebei has no chow; a chow stays among the standing tiles",
    "hebei_not_winning": "not a winning hand: the tiles form no 4 pungs or chows and a pair, seven pairs or "
                         "thirteen orphans",
    "hebei_chankan": "robbing a kong is a win on another player's kong tile, not self-drawn",
    "hebei_rinshan": "a win on a kong's replacement tile is self-drawn, after a kong of the winner's",
    "hebei_haitei": "the last tile of the wall (haitei) is drawn by the winner, not discarded",
}


class HebeiHandError(HandError):
    """A hand the Hebei scorer refuses; ``code`` as the stream's error codes, ``params["reason"]`` a key of
    ``PROBLEMS``."""

    def __init__(self, code: str, reason: str, **params: object) -> None:
        super().__init__(PROBLEMS[reason].format(**params), reason=reason, **params)
        self.code = code


def read_hand(text: str) -> Hand:
    """A winning Hebei hand's tiles; raises ``HandError`` (parse, count, copies, a claimed chow)."""
    hand = parse_hand(text)
    if hand.winning is None:
        raise HebeiHandError("tile_count", "hebei_waiting")
    check_tiles(hand)
    for meld in hand.melds:
        if meld.kind is MeldKind.CHOW:  # 不能吃牌
            chow = "[" + "".join(name(t)[0] for t in meld.tiles) + name(meld.tile)[1] + "]"
            raise HebeiHandError("invalid_hand", "hebei_chow", meld=chow)
    return hand
