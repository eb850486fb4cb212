"""The hand notation of NOTATION.md: every example, round trips, and every parse error with its position."""

from __future__ import annotations

import pytest

from scoring.errors import HandError, HandParseError
from scoring.model import Hand, Meld, MeldKind
from scoring.notation import format_hand, parse_hand, parse_hand_uncached, tiles_text
from scoring.tiles import tile

CHOW, PUNG = MeldKind.CHOW, MeldKind.PUNG
MK, CK, PK = MeldKind.MELDED_KONG, MeldKind.CONCEALED_KONG, MeldKind.PROMOTED_KONG


def _t(text: str) -> tuple[int, ...]:
    """Tiles of a run written in the notation, for expectations: _t("89sEE") == (16, 17, 27, 27)."""
    out: list[int] = []
    digits = ""
    for c in text:
        if c.isdigit():
            digits += c
        elif c in "msp":
            out.extend(tile(d + c) for d in digits)
            digits = ""
        else:
            out.append(tile(c))
    return tuple(out)


# (notation, melds, standing, winning) for each example of NOTATION.md.
EXAMPLES = [
    pytest.param("[789m2][777s3][234s3]89sEE7s",
                 (Meld(CHOW, tile("7m"), 2), Meld(PUNG, tile("7s"), 3), Meld(CHOW, tile("2s"), 3)),
                 _t("89sEE"), tile("7s"), id="chow-pung-chow"),
    pytest.param("[1111m][8888p1]23s345pCC4s",
                 (Meld(CK, tile("1m"), 0), Meld(MK, tile("8p"), 1)), _t("23s345pCC"), tile("4s"), id="kongs"),
    pytest.param("[3333s2][PPPP7]55s12223p2p",
                 (Meld(MK, tile("3s"), 2), Meld(PK, tile("P"), 7)), _t("55s12223p"), tile("2p"),
                 id="melded-and-promoted-kong"),
    pytest.param("2344s234678pFFF4s", (), _t("2344s234678pFFF"), tile("4s"), id="concealed"),
    pytest.param("1m19s19pEESWNCFP9m", (), _t("1m19s19pEESWNCFP"), tile("9m"), id="thirteen-orphans"),
    pytest.param("1112345678999m5m", (), _t("1112345678999m"), tile("5m"), id="nine-gates"),
]


@pytest.mark.parametrize(("notation", "melds", "standing", "winning"), EXAMPLES)
def test_notation_examples(notation: str, melds: tuple[Meld, ...], standing: tuple[int, ...],
                           winning: int) -> None:
    hand = parse_hand(notation)
    assert hand == Hand(melds, standing, winning)
    assert format_hand(hand) == notation  # the examples are already canonical


def test_meld_tiles_of_examples() -> None:
    hand = parse_hand("[3333s2][PPPP7]55s12223p2p")
    assert hand.melds[0].tiles == (tile("3s"),) * 4
    assert hand.melds[1].tiles == (tile("P"),) * 4
    assert len(hand.all_tiles()) == 4 + 4 + 7 + 1


@pytest.mark.parametrize(("written", "canonical"), [
    ("[123p,1][345s,2][999s,3]6m6pEW1m", "[123p1][345s2][999s3]6m6pEW1m"),  # the older comma form
    ("[EEEE,1]123m456p789sP1s", "[EEEE1]123m789s456pP1s"),
    ("[789m2][777s3][234s3]E98sE7s", "[789m2][777s3][234s3]89sEE7s"),  # standing tiles in any order
    ("[321m]456m789s11pEE9p", "[123m]456m789s11pEE9p"),  # chow written out of order
    ("[123m]1m2m3m456p789s1s1s", "[123m]123m1789s456p1s"),  # runs repeating their suffix
    ("  1112345678999m5m  ", "1112345678999m5m"),  # surrounding blanks forgiven
    ("PFCNWSE99p11s99m1m", "99m11s99pESWNCFP1m"),
    ("[123m]", None),
])
def test_canonical_form(written: str, canonical: str | None) -> None:
    if canonical is None:
        with pytest.raises(HandParseError):
            parse_hand(written)
        return
    assert format_hand(parse_hand(written)) == canonical
    assert format_hand(parse_hand(canonical)) == canonical


def test_offer_digits_are_kept_and_defaults_stay_implicit() -> None:
    assert format_hand(parse_hand("[123m][456m1][789m3][EEE2]N1s")) == "[123m][456m1][789m3][EEE2]N1s"
    assert parse_hand("[123m][456m1][789m3][EEE2]N1s").melds[0].offer == 0
    assert [m.kind for m in parse_hand("[1111m][2222m1][3333m6][4444m3]N1s").melds] == [CK, MK, PK, MK]


def test_format_writes_a_digit_for_every_open_kong() -> None:
    # A melded or promoted kong built in code without its digit must not come back as a concealed kong.
    hand = Hand((Meld(MK, tile("E")), Meld(PK, tile("9p")), Meld(PK, tile("1s"), 2)), _t("5566m"), tile("5m"))
    text = format_hand(hand)
    assert text == "[EEEE1][9999p5][1111s6]5566m5m"
    assert [m.kind for m in parse_hand(text).melds] == [MK, PK, PK]


def test_waiting_hand_has_no_winning_tile() -> None:
    hand = parse_hand("[789m2][777s3][234s3]89sEE")
    assert hand.winning is None and hand.standing == _t("89sEE")
    assert format_hand(hand) == "[789m2][777s3][234s3]89sEE"
    assert parse_hand("1112345678999m").winning is None


def test_tiles_text() -> None:
    assert tiles_text(_t("123m789pESP")) == "123m789pESP"
    assert tiles_text(()) == ""


def test_parse_is_cached_but_equal_to_uncached() -> None:
    text = "[789m2][777s3][234s3]89sEE7s"
    assert parse_hand(text) is parse_hand(text)
    assert parse_hand_uncached(text) == parse_hand(text)


# Every parse error: (input, exact message, 1-based position).
ERRORS = [
    pytest.param("[123m", '"[123m" at 1: meld not closed', 1, id="meld-not-closed"),
    pytest.param("[123m[456m]1m", '"[123m" at 1: meld not closed', 1, id="meld-reopened"),
    pytest.param("E5x", '"5x" at 2: unknown suit letter "x"', 2, id="unknown-suit"),
    pytest.param("[124m]123456789p1s", "[124m]: not a chow, pung or kong", 1, id="not-a-set"),
    pytest.param("[123m]123456789p1s1s1s",
                 "12 tiles after 1 meld, expected 11 (10 standing + the winning tile)", 7, id="tile-count"),
    pytest.param("123m", "3 tiles after 0 melds, expected 14 (13 standing + the winning tile)", 1,
                 id="too-few"),
    pytest.param("[1111m][2222m][3333m][4444m]", "0 tiles after 4 melds, expected 2 (1 standing + the winning "
                 "tile)", 29, id="no-tiles-after-melds"),
    pytest.param("[89m]", "[89m]: not a chow, pung or kong", 1, id="two-tiles"),
    pytest.param("[]1m", "[]: not a chow, pung or kong", 1, id="empty-meld"),
    pytest.param("[11111m]", "[11111m]: not a chow, pung or kong", 1, id="five-tiles"),
    pytest.param("[789s1p]", "[789s1p]: not a chow, pung or kong", 1, id="mixed-suits"),
    pytest.param("[EFP]", "[EFP]: not a chow, pung or kong", 1, id="honour-chow"),
    pytest.param("[123m4]", "[123m4]: a chow's digit is 1–3 (which of its three tiles was claimed), not 4", 1,
                 id="chow-offer"),
    pytest.param("11m[EEE0]", '"[" at 4: melds are written before the standing tiles', 4, id="meld-after-tiles"),
    pytest.param("[EEE9]", "[EEE9]: a pung's digit is 1–3 (the seat it came from), not 9", 1, id="pung-offer"),
    pytest.param("[1111m4]", "[1111m4]: a kong's digit is 1–3 (melded kong, seat it came from) or 5–7 "
                 "(promoted kong), or none for a concealed kong; not 4", 1, id="kong-offer"),
    pytest.param("[123m][456m][789m][123p][456p]EE", '"[456p]" at 25: more than 4 melds', 25, id="five-melds"),
    pytest.param("12E", '"12" at 1: digits without a suit letter (m, s or p) after them', 1, id="no-suffix"),
    pytest.param("[789m2][777s3][234s3]89", '"89" at 22: digits without a suit letter (m, s or p) after them',
                 22, id="no-suffix-at-end"),
    pytest.param("[1234]", '"1234" at 2: digits without a suit letter (m, s or p) after them', 2,
                 id="meld-without-suffix"),
    pytest.param("m12", '"m" at 1: suit letter "m" without digits before it', 1, id="suffix-first"),
    pytest.param("10m", '"10" at 1: tile numbers are 1–9, not 0', 1, id="zero-in-run"),
    pytest.param("0p", '"0" at 1: tile numbers are 1–9, not 0', 1, id="zero"),
    pytest.param("1mx", '"x" at 3: unknown tile letter "x" (honours are E S W N C F P)', 3, id="unknown-letter"),
    pytest.param("e", '"e" at 1: unknown tile letter "e" (honours are E S W N C F P)', 1, id="lower-honour"),
    pytest.param("12m]", '"]" at 4: "]" without a "[" before it', 4, id="stray-close"),
    pytest.param("123m 456m", '" " at 5: no spaces inside a hand', 5, id="space"),
    pytest.param("123m,456m", '"," at 5: unexpected character ","', 5, id="comma-outside-meld"),
    pytest.param("[123m,]", '"," at 6: unexpected character ","', 6, id="comma-without-digit"),
    pytest.param(" 5x", '"5x" at 2: unknown suit letter "x"', 2, id="position-counts-leading-blank"),
    pytest.param("", "empty hand: nothing written", 1, id="empty"),
    pytest.param("   ", "empty hand: nothing written", 1, id="blank"),
]


@pytest.mark.parametrize(("text", "message", "position"), ERRORS)
def test_parse_errors(text: str, message: str, position: int) -> None:
    with pytest.raises(HandParseError) as info:
        parse_hand(text)
    assert str(info.value) == message
    assert info.value.message == message
    assert info.value.position == position
    assert info.value.code == "parse_error"
    assert isinstance(info.value, HandError)


@pytest.mark.parametrize("value", [123, None, ["1m"], b"1m"])
def test_parse_error_for_non_text(value: object) -> None:
    with pytest.raises(HandParseError, match="must be written as text"):
        parse_hand(value)  # type: ignore[arg-type]


def test_parse_does_not_judge_copies_or_situation() -> None:
    # Five 1m parse (validate rejects them): the reader checks the form only.
    hand = parse_hand("[1111m]11m23456789p1m")
    assert hand.all_tiles().count(tile("1m")) == 7


def test_tenhou_honours_1z_to_7z_are_read_and_written_back_as_letters() -> None:
    """1z–4z E S W N, 5z white (P), 6z green (F), 7z red (C); an input alternative only."""
    assert parse_hand("[789m2][777s3][234s3]89s11z7s") == parse_hand("[789m2][777s3][234s3]89sEE7s")
    assert format_hand(parse_hand("[555z][666z1]123m11z4z44z")) == "[PPP][FFF1]123mEENNN"
    assert parse_hand("[777z2]123m456p11z7s7s").melds[0] == parse_hand("[CCC2]123m456p7sEE7s").melds[0]
    for bad in ("123m456p789s1188z2z", "123m456p789s11z0z2z", "123m456p789sEEz"):  # 8z, 0z, a bare z
        with pytest.raises(HandParseError) as e:
            parse_hand(bad)
        assert e.value.params["reason"] == "z_digit"
