"""Reading and writing hands in the notation of NOTATION.md (the ChineseOfficialMahjongHelper syntax).

>>> hand = parse_hand("[789m2][777s3][234s3]89sEE7s")
>>> [m.kind.value for m in hand.melds], hand.winning
(['chow', 'pung', 'chow'], 15)
>>> format_hand(parse_hand("[123p,1][345s,2][999s,3]6mW6pE1m"))
'[123p1][345s2][999s3]6m6pEW1m'

Errors are ``HandParseError`` naming the 1-based position and the problem, e.g. ``"[123m" at 1: meld not
closed``. Parsing checks the form only (sets, offer digits, tile counts); ``scoring.mcr.validate`` checks copies
and the situation. One hand string is parsed on every GUI click and thousands of times in a stream, so the
reader is a single pass over the characters, and results are cached (hands are frozen values).
"""

from __future__ import annotations

import re
from functools import lru_cache

from scoring.errors import HandParseError
from scoring.model import Hand, Meld, MeldKind
from scoring.tiles import HONOR_LETTERS, SUITS, Tile

__all__ = ["clear_caches", "format_hand", "parse_hand", "parse_hand_uncached", "tiles_text"]

_SUIT_BASE = {"m": 0, "s": 9, "p": 18}
_HONOR_TILE = {letter: 27 + i for i, letter in enumerate(HONOR_LETTERS)}
_DIGITS = "123456789"
_MAX_MELDS = 4
# Melds are frozen values and the same few thousand are written again and again: reuse them by their text.
_MELDS_SEEN: dict[str, Meld] = {}


# Fast path for well-formed runs; anything else goes through ``_scan_tiles``, which names the error.
_LOOSE_RE = re.compile(r"(?:[1-9]+[msp]|[ESWNCFP])+")
_RUN_RE = re.compile(r"([1-9]+)([msp])|([ESWNCFP])")


@lru_cache(maxsize=4096)
def _run_tiles(digits: str, suit: str) -> tuple[Tile, ...]:
    base = _SUIT_BASE[suit] - 1
    return tuple(base + int(d) for d in digits)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _scan_tiles(s: str, start: int, end: int, offset: int, out: list[Tile]) -> None:
    """Read the runs in ``s[start:end]`` into ``out``. ``offset`` turns indexes into 1-based positions."""
    i = start
    digits_at = -1  # index where the pending run of digits began, -1 when none
    while i < end:
        c = s[i]
        if c in _DIGITS:
            if digits_at < 0:
                digits_at = i
        elif c in _SUIT_BASE:
            if digits_at < 0:
                raise HandParseError(f'"{c}" at {i + offset}: suit letter "{c}" without digits before it',
                                     i + offset, reason="suit_without_digits", text=c, letter=c)
            base = _SUIT_BASE[c] - 1
            out.extend(base + int(d) for d in s[digits_at:i])
            digits_at = -1
        elif c in _HONOR_TILE:
            if digits_at >= 0:
                raise HandParseError(f'"{s[digits_at:i]}" at {digits_at + offset}: digits without a suit '
                                     f'letter (m, s or p) after them', digits_at + offset,
                                     reason="digits_without_suit", text=s[digits_at:i])
            out.append(_HONOR_TILE[c])
        elif digits_at >= 0 and (c.isalpha() or c == "0"):
            if c == "0":
                raise HandParseError(f'"{s[digits_at:i + 1]}" at {digits_at + offset}: tile numbers are 1–9, '
                                     f'not 0', digits_at + offset, reason="zero", text=s[digits_at:i + 1])
            raise HandParseError(f'"{s[digits_at:i + 1]}" at {digits_at + offset}: unknown suit letter "{c}"',
                                 digits_at + offset, reason="unknown_suit", text=s[digits_at:i + 1], letter=c)
        elif c == "0":
            raise HandParseError(f'"0" at {i + offset}: tile numbers are 1–9, not 0', i + offset, reason="zero", text="0")
        elif c.isalpha():
            raise HandParseError(f'"{c}" at {i + offset}: unknown tile letter "{c}" (honours are E S W N C F P)',
                                 i + offset, reason="unknown_letter", text=c, letter=c)
        elif c == "]":
            raise HandParseError(f'"]" at {i + offset}: "]" without a "[" before it', i + offset,
                                 reason="unopened_meld", text="]")
        elif c.isspace():
            raise HandParseError(f'"{c}" at {i + offset}: no spaces inside a hand', i + offset, reason="space", text=c)
        else:
            raise HandParseError(f'"{c}" at {i + offset}: unexpected character "{c}"', i + offset,
                                 reason="unexpected_character", text=c)
        i += 1
    if digits_at >= 0:
        raise HandParseError(f'"{s[digits_at:end]}" at {digits_at + offset}: digits without a suit letter '
                             f'(m, s or p) after them', digits_at + offset, reason="digits_without_suit",
                             text=s[digits_at:end])


def _meld_kind(tiles: list[Tile]) -> MeldKind | None:
    """CHOW, PUNG or (concealed) kong for the sorted ``tiles``, None when they form no set."""
    if len(tiles) == 3:
        a, b, c = tiles
        if a == b == c:
            return MeldKind.PUNG
        if a < 27 and b == a + 1 and c == a + 2 and a // 9 == c // 9:
            return MeldKind.CHOW
    elif len(tiles) == 4 and tiles[0] == tiles[3]:
        return MeldKind.CONCEALED_KONG
    return None


def _parse_meld(s: str, open_at: int, close_at: int, offset: int) -> Meld:
    """The meld written as ``s[open_at:close_at + 1]`` (brackets included)."""
    text = s[open_at:close_at + 1]
    pos = open_at + offset
    body_end = close_at
    offer: int | None = None
    last = s[close_at - 1] if close_at - 1 > open_at else ""
    before = s[close_at - 2] if close_at - 2 > open_at else ""
    if before == "," and last.isdigit():  # the older form [123m,1]
        offer, body_end = int(last), close_at - 2
    elif last.isdigit() and (before in _SUIT_BASE or before in _HONOR_TILE):
        offer, body_end = int(last), close_at - 1
    tiles: list[Tile] = []
    _scan_tiles(s, open_at + 1, body_end, offset, tiles)
    tiles.sort()
    kind = _meld_kind(tiles)
    if kind is None:
        raise HandParseError(f"{text}: not a chow, pung or kong", pos, reason="not_a_meld", text=text)
    if kind is MeldKind.CONCEALED_KONG:
        if offer is None:
            return Meld(MeldKind.CONCEALED_KONG, tiles[0], 0)
        if 1 <= offer <= 3:
            return Meld(MeldKind.MELDED_KONG, tiles[0], offer)
        if 5 <= offer <= 7:
            return Meld(MeldKind.PROMOTED_KONG, tiles[0], offer)
        raise HandParseError(f"{text}: a kong's digit is 1–3 (melded kong, seat it came from) or 5–7 (promoted "
                             f"kong), or none for a concealed kong; not {offer}", pos, reason="kong_digit", text=text,
                             digit=offer)
    if offer is not None and not 1 <= offer <= 3:
        what = "which of its three tiles was claimed" if kind is MeldKind.CHOW else "the seat it came from"
        raise HandParseError(f"{text}: a {kind.value}'s digit is 1–3 ({what}), not {offer}", pos, reason="meld_digit",
                             text=text, meld=kind.value, digit=offer)
    return Meld(kind, tiles[0], offer or 0)


# An input alternative many players type (Tenhou's order): 1z–4z E S W N, 5z white, 6z green, 7z red.
# It is read, never written: ``format_hand`` stays NOTATION.md's.
_Z_RUN = re.compile(r"([0-9]*)z")
_Z_HONOR = dict(zip("1234567", "ESWNPFC", strict=True))


def _from_z(text: str) -> str:
    """``text`` with its ``z`` runs written as NOTATION.md's honour letters ("[555z]67z" -> "[PPP]FC").

    >>> _from_z("123m456p789s1122z2z")
    '123m456p789sEESSS'
    """
    def honours(m: re.Match[str]) -> str:
        digits = m.group(1)
        if not digits or any(d not in _Z_HONOR for d in digits):
            raise HandParseError(f'"{m.group(0)}" at {m.start() + 1}: honours are written 1z–7z (1z–4z E S W N, '
                                 f'5z white, 6z green, 7z red)', m.start() + 1, reason="z_digit", text=m.group(0))
        return "".join(_Z_HONOR[d] for d in digits)

    return _Z_RUN.sub(honours, text)


def parse_hand_uncached(text: str) -> Hand:
    """``parse_hand`` without the cache (for benchmarks and tests of the reader itself).

    ``1z``–``7z`` are read as the honours (E S W N, white, green, red); error positions then count in
    the text as written with honour letters."""
    if not isinstance(text, str):
        raise HandParseError(f"a hand must be written as text, not {type(text).__name__}", reason="not_text")
    if "z" in text:
        text = _from_z(text)
    s = text.strip()
    offset = len(text) - len(text.lstrip()) + 1  # index in s -> 1-based position in text
    if not s:
        raise HandParseError("empty hand: nothing written", 1, reason="empty")
    n = len(s)
    melds: list[Meld] = []
    loose: list[Tile] = []
    loose_at = -1  # index where the tiles after the melds begin
    i = 0
    while i < n:
        if s[i] == "[":
            if loose_at >= 0:
                raise HandParseError(f'"[" at {i + offset}: melds are written before the standing tiles',
                                     i + offset, reason="meld_after_tiles", text="[")
            i = _read_meld(s, i, offset, melds)
        else:
            loose_at = i
            i = _read_loose(s, i, offset, loose)
    k = len(melds)
    standing_count = 13 - 3 * k
    if len(loose) == standing_count + 1:
        winning: Tile | None = loose.pop()
    elif len(loose) == standing_count:
        winning = None  # a waiting hand
    else:
        raise HandParseError(f"{len(loose)} tiles after {_plural(k, 'meld')}, expected {standing_count + 1} "
                             f"({standing_count} standing + the winning tile)",
                             (loose_at if loose_at >= 0 else n) + offset, reason="tile_count", tiles=len(loose),
                             melds=k, expected=standing_count + 1)
    loose.sort()
    return Hand(tuple(melds), tuple(loose), winning)


def _read_meld(s: str, i: int, offset: int, melds: list[Meld]) -> int:
    """The meld opening at ``s[i]`` ("["), appended to ``melds``; the index after it."""
    n = len(s)
    close = s.find("]", i + 1)
    reopen = s.find("[", i + 1)
    if close < 0 or 0 <= reopen < close:
        stop = reopen if reopen >= 0 else n
        raise HandParseError(f'"{s[i:stop]}" at {i + offset}: meld not closed', i + offset,
                             reason="meld_not_closed", text=s[i:stop])
    if len(melds) == _MAX_MELDS:
        raise HandParseError(f'"{s[i:close + 1]}" at {i + offset}: more than {_MAX_MELDS} melds',
                             i + offset, reason="melds_over_limit", text=s[i:close + 1], most=_MAX_MELDS)
    text_of_meld = s[i:close + 1]
    meld = _MELDS_SEEN.get(text_of_meld)
    if meld is None:
        meld = _parse_meld(s, i, close, offset)
        if len(_MELDS_SEEN) < 50_000:  # a few thousand distinct melds exist; the bound is for junk
            _MELDS_SEEN[text_of_meld] = meld
    melds.append(meld)
    return close + 1


def _read_loose(s: str, i: int, offset: int, loose: list[Tile]) -> int:
    """The standing tiles from ``s[i]`` up to the next "[" (or the end), appended to ``loose``; the index
    where they stop."""
    stop = s.find("[", i)
    if stop < 0:
        stop = len(s)
    if _LOOSE_RE.fullmatch(s, i, stop):
        for digits, suit, honor in _RUN_RE.findall(s, i, stop):
            if honor:
                loose.append(_HONOR_TILE[honor])
            else:
                loose.extend(_run_tiles(digits, suit))
    else:
        _scan_tiles(s, i, stop, offset, loose)  # the careful reader, to name the error
    return stop


@lru_cache(maxsize=8192)
def _parse_cached(text: str) -> Hand:
    return parse_hand_uncached(text)


def parse_hand(text: str) -> Hand:
    """Read a hand written in NOTATION.md form; a 13-tile form gives ``Hand(winning=None)``.

    Standing tiles may be written in any order (they are sorted); melds keep their order and offer digits.

    >>> parse_hand("[1111m][8888p1]23s345pCC4s").melds[1]
    Meld(kind=<MeldKind.MELDED_KONG: 'melded_kong'>, tile=25, offer=1)
    >>> parse_hand("[124m]1m")
    Traceback (most recent call last):
    ...
    scoring.errors.HandParseError: [124m]: not a chow, pung or kong
    """
    if type(text) is not str:  # checked before the cache, which would fail on unhashable values
        return parse_hand_uncached(text)
    return _parse_cached(text)


def tiles_text(tiles: tuple[Tile, ...] | list[Tile]) -> str:
    """Tiles (in the given order) as runs sharing one suffix.

    >>> tiles_text((0, 1, 2, 27))
    '123mE'
    """
    out: list[str] = []
    suit = -1
    for t in tiles:
        if t >= 27:
            if suit >= 0:
                out.append(SUITS[suit])
                suit = -1
            out.append(HONOR_LETTERS[t - 27])
        else:
            s = t // 9
            if s != suit and suit >= 0:
                out.append(SUITS[suit])
            suit = s
            out.append(_DIGITS[t % 9])
    if suit >= 0:
        out.append(SUITS[suit])
    return "".join(out)


def _offer_digit(meld: Meld) -> str:
    kind, offer = meld.kind, meld.offer
    if kind is MeldKind.CONCEALED_KONG:
        return ""
    if kind is MeldKind.MELDED_KONG:
        return str(offer if 1 <= offer <= 3 else 1)
    if kind is MeldKind.PROMOTED_KONG:
        if 5 <= offer <= 7:
            return str(offer)
        return str(offer + 4 if 1 <= offer <= 3 else 5)
    return str(offer) if 1 <= offer <= 3 else ""


def clear_caches() -> None:
    """Forget every cached parse (for benchmarks measuring a cold start)."""
    _parse_cached.cache_clear()
    _run_tiles.cache_clear()
    _MELDS_SEEN.clear()


def format_hand(hand: Hand) -> str:
    """The canonical notation: melds as given (with their digits), standing tiles sorted, winning tile last.

    >>> format_hand(parse_hand("[789m2][777s3][234s3]E98sE7s"))
    '[789m2][777s3][234s3]89sEE7s'
    """
    parts = [f"[{tiles_text(m.tiles)}{_offer_digit(m)}]" for m in hand.melds]
    parts.append(tiles_text(sorted(hand.standing)))
    if hand.winning is not None:
        parts.append(tiles_text((hand.winning,)))
    return "".join(parts)
