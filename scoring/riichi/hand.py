"""A Riichi hand from its notation: NOTATION.md plus ``0`` for a red five and ``1z``–``7z`` honours.

The grammar is MCR's (``scoring.notation`` reads it, so it is written once); this module only finds which
tiles were written as red fives and gives every tile one of the 136 physical tiles' ids that ``mahjong``
uses: tile kind × 4 + copy, a red five being copy 0 (ids 16, 52, 88, as in Tenhou's logs).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scoring.errors import HandError, HandParseError
from scoring.model import Hand, MeldKind
from scoring.notation import parse_hand
from scoring.tiles import Tile

_RUN = re.compile(r"\[|\]|([0-9]+)([mpsz])")
_SUIT_OF_KIND = "msp"


# The Riichi scorer's problems by reason, in English; texts/hands.py holds the same templates as the
# catalogue's msgids (msgctxt hand.<reason>), as it does for MCR's (tests/scoring/riichi/test_riichi.py checks).
PROBLEMS: dict[str, str] = {
    "riichi_red_honour": '"{text}" at {position}: a red five is 0m, 0p or 0s',
    "riichi_no_red_fives": "this rule set has no red fives: write the five as 5, not 0",
    "riichi_red_copies": "{copies} red fives of 5{suit}: there is one",
    "riichi_plain_fives": "too many fives of {name}: one of the four is the red five",
    "riichi_not_a_tile": "{field}: {text} is not a tile (e.g. 5m, 0p, E, 7z)",
    "riichi_waiting": "a waiting hand (13 tiles, no winning tile) cannot be scored: write the winning tile last",
    "riichi_no_yaku": "the hand has no yaku (dora alone do not count)",
    "riichi_not_winning": "not a winning hand: the tiles form no 4 sets and a pair, seven pairs or thirteen orphans",
    "riichi_win": 'the win is "tsumo" or "ron"',
    "riichi_discarder": "a ron needs the discarder's wind, another than the winner's",
    "riichi_discarder_tsumo": "a tsumo has no discarder",
    "riichi_pao": "the liable player (pao) is another player's wind",
    "riichi_ura": "ura dora indicators count only for a winner in riichi",
    "riichi_counters": "honba and deposits are whole numbers, 0 or more",
    "riichi_open": "riichi needs a closed hand (kans declared concealed only)",
    "riichi_ippatsu": "ippatsu needs riichi",
    "riichi_chankan": "robbing a kan is a win on another's tile, not tsumo",
    "riichi_rinshan": "a win after a kan (rinshan) is a tsumo",
    "riichi_haitei": "haitei is a tsumo on the last tile; on a discard it is houtei",
    "riichi_houtei": "houtei is a ron on the last discard; by tsumo it is haitei",
    "riichi_haitei_rinshan": "haitei and rinshan cannot both be",
    "riichi_houtei_chankan": "houtei and chankan cannot both be",
    "riichi_tenhou": "tenhou is the dealer's tsumo on the first draw, without calls",
    "riichi_chiihou": "chiihou is a non-dealer's tsumo on the first draw, without calls",
    "riichi_situation": "impossible situation ({problem})",
}


class RiichiHandError(HandError):
    """A hand the Riichi scorer refuses; ``code`` as the stream's error codes, ``params["reason"]`` a key
    of ``PROBLEMS``."""

    def __init__(self, code: str, reason: str, **params: object) -> None:
        super().__init__(PROBLEMS[reason].format(**params), reason=reason, **params)
        self.code = code


def kind34(t: Tile) -> int:
    """``mahjong``'s tile kind (man 0-8, pin 9-17, sou 18-26, E S W N haku hatsu chun) of our kind (m, s, p,
    E S W N, red green white)."""
    if t < 9:
        return t
    if t < 18:
        return t + 9  # bamboo (sou)
    if t < 27:
        return t - 9  # dots (pin)
    if t < 31:
        return t
    return {31: 33, 32: 32, 33: 31}[t]  # C red = chun, F green = hatsu, P white = haku


def name34(k: int, red: bool = False) -> str:
    """A tile's name in our notation (``5m``, ``0m``, ``E``, ``P``) from ``mahjong``'s kind."""
    if k >= 27:
        return "ESWNPFC"[k - 27]
    return f"{0 if red else k % 9 + 1}{'mps'[k // 9]}"


@dataclass(frozen=True, slots=True)
class Meld136:
    kind: MeldKind
    tiles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Hand136:
    """The hand as ``mahjong`` reads it: every tile's id (melds included), the winning tile's id, the melds."""

    tiles: tuple[int, ...]
    win_tile: int
    melds: tuple[Meld136, ...]
    reds: int

    def names(self, ids: list[int] | tuple[int, ...]) -> list[str]:
        return [name34(i // 4, i in RED_IDS and self.reds > 0) for i in ids]


RED_IDS = frozenset({16, 52, 88})
_RED_KIND = {"m": 4, "p": 13, "s": 22}


def _red_places(text: str) -> tuple[dict[int, dict[str, int]], dict[str, int], bool]:
    """Where ``0`` was written: reds per suit in each meld (by order), among the standing tiles, and whether
    the winning tile (the last tile written) is red."""
    in_meld: dict[int, dict[str, int]] = {}
    standing: dict[str, int] = {}
    meld = -1
    inside = False
    last_red = False
    for m in _RUN.finditer(text):
        if m.group(0) in "[]":
            inside = m.group(0) == "["
            meld += inside
            continue
        digits, suit = m.group(1), m.group(2)
        zeros = digits.count("0")
        if zeros and suit == "z":
            raise HandParseError(PROBLEMS["riichi_red_honour"].format(text=m.group(0), position=m.start() + 1),
                                 m.start() + 1, reason="riichi_red_honour", text=m.group(0))
        last_red = not inside and digits.endswith("0") and m.end() == len(text)
        if zeros:
            place = in_meld.setdefault(meld, {}) if inside else standing
            place[suit] = place.get(suit, 0) + zeros
    if last_red:
        standing[text[-1]] -= 1
    return in_meld, standing, last_red


def read_hand(text: str, red_fives: bool) -> tuple[Hand, Hand136]:
    """The hand ``text`` (winning tile last) as our ``Hand`` and as ``mahjong``'s ids."""
    if not isinstance(text, str):
        raise HandParseError("a hand must be written as text", reason="not_text")
    text = text.strip()
    in_meld, standing_reds, win_red = _red_places(text)
    hand = parse_hand(re.sub(r"0(?=[0-9]*[mps])", "5", text))
    if hand.winning is None:
        raise RiichiHandError("tile_count", reason="riichi_waiting")
    reds_total = _checked_reds(text, in_meld, standing_reds, win_red, red_fives)
    copies = _Copies(red_fives)
    melds: list[Meld136] = []
    all_ids: list[int] = []
    for i, meld in enumerate(hand.melds):
        reds = dict(in_meld.get(i, {}))
        ids = [copies.take(kind34(t), _take_red(t, reds)) for t in meld.tiles]
        melds.append(Meld136(meld.kind, tuple(ids)))
        all_ids.extend(ids)
    reds = dict(standing_reds)
    win_kind = kind34(hand.winning)
    standing = list(hand.standing)
    # the winning tile takes its id first when it is red, last otherwise (so a plain winner is never the red)
    win_id = copies.take(win_kind, True) if win_red else -1
    for t in standing:
        all_ids.append(copies.take(kind34(t), _take_red(t, reds)))
    if not win_red:
        win_id = copies.take(win_kind, False)
    all_ids.append(win_id)
    return hand, Hand136(tuple(all_ids), win_id, tuple(melds), reds_total)


def _checked_reds(text: str, in_meld: dict[int, dict[str, int]], standing_reds: dict[str, int], win_red: bool,
                  red_fives: bool) -> int:
    """How many red fives the hand holds, refused when the rules have none or a suit has two."""
    reds_total = sum(standing_reds.values()) + sum(sum(d.values()) for d in in_meld.values()) + int(win_red)
    if reds_total and not red_fives:
        raise RiichiHandError("red_five", reason="riichi_no_red_fives")
    per_suit: dict[str, int] = {}
    for place in [standing_reds, *in_meld.values(), {text[-1]: 1} if win_red else {}]:
        for suit, n in place.items():
            per_suit[suit] = per_suit.get(suit, 0) + n
    for suit, n in per_suit.items():
        if n > 1:
            raise RiichiHandError("too_many_copies", reason="riichi_red_copies", suit=suit, copies=n)
    return reds_total


def _take_red(t: int, reds: dict[str, int]) -> bool:
    """Whether tile ``t`` is one of the red fives left in ``reds`` (per suit): if so, it takes one."""
    suit = _SUIT_OF_KIND[t // 9] if t < 27 else ""
    red = t < 27 and t % 9 == 4 and reds.get(suit, 0) > 0
    if red:
        reds[suit] -= 1
    return red


class _Copies:
    """The 136-ids given so far, per kind: each tile takes a copy of its kind not yet taken."""

    def __init__(self, red_fives: bool) -> None:
        self.red_fives = red_fives
        self.used: dict[int, list[int]] = {}

    def take(self, k: int, red: bool) -> int:
        copies = self.used.setdefault(k, [])
        if red:
            copies.append(0)
            return k * 4
        order = (1, 2, 3) if self.red_fives and k in (4, 13, 22) else (0, 1, 2, 3)  # copy 0 is the red five
        for c in order:
            if c not in copies:
                copies.append(c)
                return k * 4 + c
        raise RiichiHandError("too_many_copies", reason="riichi_plain_fives", name=name34(k))


def read_tile(text: object, field: str) -> int:
    """One indicator tile (``5m``, ``0p``, ``E``, ``7z``) as a 136-id."""
    if isinstance(text, str):
        m = re.fullmatch(r"([0-9])([mpsz])|([ESWNCFP])", text)
        if m and m.group(3):
            return kind34(27 + "ESWNCFP".index(m.group(3))) * 4
        if m and m.group(2) == "z" and "1" <= m.group(1) <= "7":
            return (26 + int(m.group(1))) * 4
        if m and m.group(2) != "z":
            digit = int(m.group(1))
            base = {"m": 0, "p": 9, "s": 18}[m.group(2)]
            if digit == 0:
                return (base + 4) * 4
            return (base + digit - 1) * 4 + (1 if digit == 5 else 0)
    raise RiichiHandError("invalid_input", reason="riichi_not_a_tile", field=field, text=str(text))
