"""Referee review: tricky hands across fan families and situation flags, each with the whole fan multiset
and the total worked out by hand from FANS.md and source 001 §1.4 (and, where those are silent, the
reference calculator's rulings recorded in docs/scoring.md).

Flags: S self-drawn, 4 和绝张 (fourth_tile), K kong (杠上开花 / 抢杠和), L last tile of the wall. Winds are
"<seat><prevalent>", default "EE". The expected total must follow from the expected fans (checked).
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import score
from scoring.fans import Fan
from scoring.model import WinContext, Wind


def case(notation: str, fans: str, total: int, flags: str = "", winds: str = "EE", *, id: str) -> Any:  # noqa: A002
    return pytest.param(notation, flags, winds, fans, total, id=id)


def _fans(spec: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in spec.split():
        name, _, count = item.partition("*")
        out[name] = int(count or 1)
    return out


def _ctx(flags: str, winds: str) -> WinContext:
    return WinContext(self_drawn="S" in flags, fourth_tile="4" in flags, kong_related="K" in flags,
                      last_tile_of_wall="L" in flags, seat_wind=Wind(winds[0]), prevalent_wind=Wind(winds[1]))


# ------------------------------------------------------------------ H1: the highest reading wins
READINGS = [
    case("123123123456m9s9s", "PURE_SHIFTED_PUNGS THREE_CONCEALED_PUNGS PUNG_OF_TERMINALS_OR_HONORS CONCEALED_HAND "
         "ONE_VOIDED_SUIT NO_HONORS SINGLE_WAIT", 46, id="111-222-333 beats 123x3 (pungs + concealed pungs)"),
    case("123123123456m9s9s", "PURE_SHIFTED_PUNGS THREE_CONCEALED_PUNGS PUNG_OF_TERMINALS_OR_HONORS "
         "FULLY_CONCEALED_HAND ONE_VOIDED_SUIT NO_HONORS SINGLE_WAIT", 48, "S", id="same, self-drawn: 不求人 not 自摸"),
    case("[123p]1112223335p5p", "QUADRUPLE_CHOW FULL_FLUSH REVERSIBLE_TILES ALL_CHOWS", 82,
         id="quadruple chow 82 beats 111-222-333 + three tile hogs; 4p also completes (111 222 33 345)"),
    case("[EEE]1112223339m9m", "PURE_SHIFTED_PUNGS THREE_CONCEALED_PUNGS ALL_PUNGS HALF_FLUSH PREVALENT_WIND SEAT_WIND "
         "PUNG_OF_TERMINALS_OR_HONORS SINGLE_WAIT", 58, id="pung reading 58 beats triple chow + outside hand 39"),
    case("112233778899m5s5s", "SEVEN_PAIRS ONE_VOIDED_SUIT NO_HONORS", 26,
         id="seven pairs 26 beats 123-123-789-789 chows"),
    case("[123m]123778899m5s5s", "PURE_DOUBLE_CHOW*2 TWO_TERMINAL_CHOWS ALL_CHOWS ONE_VOIDED_SUIT SINGLE_WAIT", 7,
         id="two pure double chows + one two-terminal-chows (H2, 4 chows at most 3 links)"),
    case("445566m445566s5p5p", "MIDDLE_TILES ALL_FIVE CONCEALED_HAND ALL_CHOWS PURE_DOUBLE_CHOW*2 MIXED_DOUBLE_CHOW "
         "SINGLE_WAIT", 48, id="tie 48 with seven pairs + middle tiles: the four-sets reading is shown"),
    case("1122334455667m7m", "SEVEN_SHIFTED_PAIRS", 88, id="seven shifted pairs 1-7"),
    case("1122334455667m7m", "SEVEN_SHIFTED_PAIRS SELF_DRAWN", 89, "S", id="seven shifted pairs self-drawn"),
    case("2233445566778p8p", "SEVEN_SHIFTED_PAIRS ALL_SIMPLES", 90, id="seven shifted pairs 2-8 + all simples (S4)"),
]

# ------------------------------------------------------------------ H2: set combinations
COMBINATIONS = [
    case("112233456789m5p5p", "PURE_STRAIGHT PURE_DOUBLE_CHOW ALL_CHOWS CONCEALED_HAND ONE_VOIDED_SUIT SINGLE_WAIT", 23,
         id="pure straight + extra 123: pure double chow once (not short straight too)"),
    case("123445566789mEE", "PURE_STRAIGHT PURE_DOUBLE_CHOW HALF_FLUSH CONCEALED_HAND SINGLE_WAIT", 26,
         id="pure straight + extra 456: one pure double chow only"),
    case("23344455678s55p9s", "PURE_SHIFTED_CHOWS SHORT_STRAIGHT ALL_CHOWS CONCEALED_HAND ONE_VOIDED_SUIT", 22,
         id="234-345-456 + 789: pure shifted chows + short straight 456-789"),
    case("[234m][234m][234m]567s8p8p", "PURE_TRIPLE_CHOW ALL_CHOWS ALL_SIMPLES SINGLE_WAIT", 29,
         id="melded pure triple chow: no pure double chow"),
    case("12345m123s12355p6m", "MIXED_TRIPLE_CHOW SHORT_STRAIGHT ALL_CHOWS CONCEALED_HAND", 13,
         id="mixed triple chow + extra 456m: short straight with 123m"),
    case("1239m112233s123p9m", "MIXED_TRIPLE_CHOW OUTSIDE_HAND ALL_CHOWS CONCEALED_HAND PURE_DOUBLE_CHOW SINGLE_WAIT",
         18, id="mixed triple chow + extra 123s: pure double chow, not mixed double chow"),
    case("123m123456s5589p7p", "MIXED_STRAIGHT MIXED_DOUBLE_CHOW ALL_CHOWS CONCEALED_HAND EDGE_WAIT", 14,
         id="mixed straight + extra 123s: mixed double chow with 123m before short straight with 456s"),
    case("9s122333444556p9s", "FOUR_PURE_SHIFTED_CHOWS ALL_CHOWS CONCEALED_HAND ONE_VOIDED_SUIT SINGLE_WAIT", 38,
         id="four shifted chows by 1: no short straight 123-456"),
    case("123345567789sEE", "FOUR_PURE_SHIFTED_CHOWS HALF_FLUSH CONCEALED_HAND SINGLE_WAIT", 41,
         id="four shifted chows by 2: no two terminal chows, no pure shifted chows"),
    case("[222m1][222s1]456s2229p9p", "TRIPLE_PUNG NO_HONORS SINGLE_WAIT", 18, id="triple pung excludes double pung"),
    case("[222m][555p]9m222555s9m", "DOUBLE_PUNG*2 ALL_PUNGS TWO_CONCEALED_PUNGS NO_HONORS SINGLE_WAIT", 14,
         id="two double pungs"),
    case("[333p1][444s1]444555p7m7m", "PURE_SHIFTED_PUNGS DOUBLE_PUNG ALL_PUNGS TWO_CONCEALED_PUNGS ALL_SIMPLES "
         "SINGLE_WAIT", 37, id="pure shifted pungs + free pung 444s: one double pung"),
    case("[333m1]2444s555678p2s", "MIXED_SHIFTED_PUNGS TWO_CONCEALED_PUNGS ALL_SIMPLES", 12,
         id="mixed shifted pungs; 2s not a unique wait (3s also completes)"),
    case("[EEE]123456m777s9p9p", "PREVALENT_WIND SEAT_WIND SHORT_STRAIGHT SINGLE_WAIT", 6,
         id="wind pung: prevalent + seat, no pung of terminals; below the minimum"),
    case("123789m123s1999p1p", "OUTSIDE_HAND CONCEALED_HAND TWO_TERMINAL_CHOWS MIXED_DOUBLE_CHOW "
         "PUNG_OF_TERMINALS_OR_HONORS NO_HONORS SINGLE_WAIT", 11, id="outside hand with two-terminal + mixed double"),
    case("234567s234567p5m5m", "MIXED_DOUBLE_CHOW*2 SHORT_STRAIGHT ALL_CHOWS CONCEALED_HAND ALL_SIMPLES SINGLE_WAIT", 10,
         id="H2 example 234567s + 234567p"),
    case("5m234s223344567p5m", "PURE_DOUBLE_CHOW MIXED_DOUBLE_CHOW SHORT_STRAIGHT ALL_CHOWS CONCEALED_HAND "
         "ALL_SIMPLES SINGLE_WAIT", 10, id="234s + 223344567p: pure double + mixed double + short straight"),
    case("123m1235s112233p5s", "MIXED_TRIPLE_CHOW PURE_DOUBLE_CHOW ALL_CHOWS CONCEALED_HAND SINGLE_WAIT", 14,
         id="mixed triple chow + 123p again: pure double chow"),
    case("123m123s1237895p5p", "MIXED_TRIPLE_CHOW TWO_TERMINAL_CHOWS ALL_CHOWS CONCEALED_HAND SINGLE_WAIT", 14,
         id="mixed triple chow + 789p: two terminal chows with 123p"),
]

# ------------------------------------------------------------------ honours and pungs
PUNGS = [
    case("[SSS1]123m5789s456p5s", "MIXED_STRAIGHT PUNG_OF_TERMINALS_OR_HONORS SINGLE_WAIT", 10,
         id="south pung, seat and prevalent east: pung of terminals or honors"),
    case("[SSS1]123m5789s456p5s", "MIXED_STRAIGHT SEAT_WIND SINGLE_WAIT", 11, winds="SE", id="south pung as seat wind"),
    case("[SSS1]123m5789s456p5s", "MIXED_STRAIGHT PREVALENT_WIND SINGLE_WAIT", 11, winds="ES",
         id="south pung as prevalent wind"),
    case("[SSS1]123m5789s456p5s", "MIXED_STRAIGHT PREVALENT_WIND SEAT_WIND SINGLE_WAIT", 13, winds="SS",
         id="south pung as both winds: no pung of terminals"),
    case("[EEE][SSS]1235mWWW5m", "BIG_THREE_WINDS HALF_FLUSH PREVALENT_WIND SEAT_WIND SINGLE_WAIT", 23, winds="SE",
         id="big three winds with seat and prevalent"),
    case("[EEE][SSS][WWW]12mNN3m", "LITTLE_FOUR_WINDS HALF_FLUSH OUTSIDE_HAND PREVALENT_WIND SEAT_WIND EDGE_WAIT",
         79, id="little four winds keeps prevalent + seat wind and outside hand"),
    case("[EEE1][SSS1][WWW1][NNN1]1m1m", "BIG_FOUR_WINDS ALL_TERMINALS_AND_HONORS HALF_FLUSH MELDED_HAND", 132,
         id="big four winds + all terminals and honours + melded hand"),
    case("[EEE1][SSS1][WWW1][NNN1]5m5m", "BIG_FOUR_WINDS HALF_FLUSH MELDED_HAND", 100,
         id="big four winds + half flush + melded hand (no single wait)"),
    case("[CCC]111m999s7899p9p", "DRAGON_PUNG PUNG_OF_TERMINALS_OR_HONORS*2 TWO_CONCEALED_PUNGS OUTSIDE_HAND", 10,
         id="dragon pung + two terminal pungs; 7899p+9p not unique"),
    case("[CCC][FFF]999m123pEE", "TWO_DRAGONS_PUNGS OUTSIDE_HAND PUNG_OF_TERMINALS_OR_HONORS ONE_VOIDED_SUIT "
         "SINGLE_WAIT", 13, id="two dragon pungs + outside hand"),
    case("[CCC][FFF]123456mPP", "LITTLE_THREE_DRAGONS HALF_FLUSH SHORT_STRAIGHT SINGLE_WAIT", 72,
         id="little three dragons"),
    case("[CCC][FFF][PPP]1119m9m", "BIG_THREE_DRAGONS ALL_TERMINALS_AND_HONORS HALF_FLUSH SINGLE_WAIT", 127,
         id="big three dragons + all terminals and honours (no pung of terminals, no all pungs)"),
    case("[EEE][SSS]WWWCCCFF", "ALL_HONORS BIG_THREE_WINDS DRAGON_PUNG PREVALENT_WIND SEAT_WIND TWO_CONCEALED_PUNGS "
         "SINGLE_WAIT", 85, id="all honours + big three winds + dragon pung + winds"),
]

# ------------------------------------------------------------------ kongs and concealment
KONGS = [
    case("[1111m]89m23455s567p7m", "CONCEALED_KONG CONCEALED_HAND PUNG_OF_TERMINALS_OR_HONORS NO_HONORS EDGE_WAIT", 7,
         id="concealed kong keeps concealed hand"),
    case("[1111m]89m23455s567p7m", "CONCEALED_KONG FULLY_CONCEALED_HAND PUNG_OF_TERMINALS_OR_HONORS NO_HONORS "
         "EDGE_WAIT", 9, "S", id="concealed kong, self-drawn: fully concealed"),
    case("[1111m]89m23455s567p7m", "OUT_WITH_REPLACEMENT_TILE CONCEALED_KONG FULLY_CONCEALED_HAND "
         "PUNG_OF_TERMINALS_OR_HONORS NO_HONORS EDGE_WAIT", 17, "SK",
         id="out with replacement tile + fully concealed"),
    case("[1111m][EEEE1]2345s567p5s", "CONCEALED_KONG_AND_MELDED_KONG PREVALENT_WIND PUNG_OF_TERMINALS_OR_HONORS", 8,
         winds="SE", id="K1 concealed + melded kong = 5; 2s also completes (22 + 345s)"),
    case("[1111m][9999m]5s123789p5s", "TWO_CONCEALED_KONGS PUNG_OF_TERMINALS_OR_HONORS*2 CONCEALED_HAND "
         "TWO_TERMINAL_CHOWS NO_HONORS SINGLE_WAIT", 13, id="two concealed kongs exclude two concealed pungs"),
    case("[1111m][9999m]555s1239p9p", "TWO_CONCEALED_KONGS THREE_CONCEALED_PUNGS PUNG_OF_TERMINALS_OR_HONORS*2 "
         "CONCEALED_HAND NO_HONORS SINGLE_WAIT", 28, id="two concealed kongs + a concealed pung: three concealed pungs"),
    case("[1111m1][9999m2]5s123789p5s", "TWO_MELDED_KONGS PUNG_OF_TERMINALS_OR_HONORS*2 TWO_TERMINAL_CHOWS NO_HONORS "
         "SINGLE_WAIT", 9, id="two melded kongs"),
    case("[1111m][2222s1][3333p1]789m5s5s", "THREE_KONGS MIXED_SHIFTED_PUNGS PUNG_OF_TERMINALS_OR_HONORS NO_HONORS "
         "SINGLE_WAIT", 43, id="three kongs replace the kong fans; kongs make mixed shifted pungs"),
    case("[1111m1][2222m1][3333m1][4444m1]5m5m", "FOUR_KONGS FOUR_PURE_SHIFTED_PUNGS FULL_FLUSH MELDED_HAND "
         "PUNG_OF_TERMINALS_OR_HONORS", 167, id="four melded kongs + melded hand (W1)"),
    case("[1111m1][2222m1][3333m1][4444m1]5m5m", "FOUR_KONGS FOUR_PURE_SHIFTED_PUNGS FULL_FLUSH SELF_DRAWN "
         "PUNG_OF_TERMINALS_OR_HONORS", 162, "S", id="four melded kongs self-drawn: self-drawn, not melded hand"),
    case("[1111m][2222s1][3333p1][EEEE1]9p9p", "FOUR_KONGS MIXED_SHIFTED_PUNGS PREVALENT_WIND SEAT_WIND "
         "PUNG_OF_TERMINALS_OR_HONORS", 101, id="four kongs with a concealed one: no melded hand, no single wait"),
    case("[1111m][2222m][3333m][4444m]5m5m", "FOUR_KONGS FOUR_CONCEALED_PUNGS FOUR_PURE_SHIFTED_PUNGS FULL_FLUSH "
         "PUNG_OF_TERMINALS_OR_HONORS", 225, id="four concealed kongs: four concealed pungs, no concealed hand"),
    case("111m222s3334455p5p", "FOUR_CONCEALED_PUNGS MIXED_SHIFTED_PUNGS PUNG_OF_TERMINALS_OR_HONORS NO_HONORS "
         "SELF_DRAWN", 75, "S", id="four concealed pungs self-drawn: self-drawn only (S2)"),
    case("111m222s3334445p5p", "FOUR_CONCEALED_PUNGS MIXED_SHIFTED_PUNGS PUNG_OF_TERMINALS_OR_HONORS NO_HONORS", 74,
         id="four concealed pungs on a discard completing the pair"),
    case("111m222s3334455p4p", "THREE_CONCEALED_PUNGS MIXED_SHIFTED_PUNGS ALL_PUNGS CONCEALED_HAND "
         "PUNG_OF_TERMINALS_OR_HONORS NO_HONORS", 34, id="discard completes a pung: three concealed pungs"),
    case("111m22299s55577p7p", "THREE_CONCEALED_PUNGS ALL_PUNGS CONCEALED_HAND PUNG_OF_TERMINALS_OR_HONORS NO_HONORS",
         26, id="shanpon on a discard: the completed pung is exposed"),
    case("111m22299s55577p7p", "FOUR_CONCEALED_PUNGS PUNG_OF_TERMINALS_OR_HONORS NO_HONORS SELF_DRAWN", 67, "S",
         id="shanpon self-drawn: four concealed pungs"),
    case("11123m999s55577p1m", "THREE_CONCEALED_PUNGS TILE_HOG PUNG_OF_TERMINALS_OR_HONORS*2 CONCEALED_HAND NO_HONORS",
         23, id="discarded 1m joins the chow 123m: 111m stays concealed"),
    case("[123m][456s][789p][EEEE2]5p5p", "MIXED_STRAIGHT MELDED_HAND PREVALENT_WIND SEAT_WIND MELDED_KONG", 19,
         id="melded hand with a melded kong"),
    case("[123m][456s][789p][EEEE2]5p5p", "MIXED_STRAIGHT PREVALENT_WIND SEAT_WIND MELDED_KONG SELF_DRAWN SINGLE_WAIT",
         15, "S", id="same self-drawn: no melded hand, single wait counts"),
    case("[123m][456s][789p][EEEE]5p5p", "MIXED_STRAIGHT PREVALENT_WIND SEAT_WIND CONCEALED_KONG SINGLE_WAIT", 15,
         id="concealed kong: never melded hand (W1)"),
]

# ------------------------------------------------------------------ whole-hand shape and suits
SHAPES = [
    case("345m455556s5567p5p", "ALL_FIVE MIXED_SHIFTED_CHOWS TILE_HOG CONCEALED_HAND", 26,
         id="all five + tile hog of 5s (555s + 456s)"),
    case("[222m][444s]2s666888p2s", "ALL_EVEN_PUNGS TWO_CONCEALED_PUNGS SINGLE_WAIT", 27, id="all even pungs"),
    case("[222m][222s]4446888p6p", "ALL_EVEN_PUNGS DOUBLE_PUNG TWO_CONCEALED_PUNGS", 28,
         id="all even pungs + double pung; 6p not unique"),
    case("123456m789s234pEE", "SHORT_STRAIGHT CONCEALED_HAND SINGLE_WAIT", 4, id="honour pair: no all chows"),
    case("234m22345s45667p8p", "MIXED_SHIFTED_CHOWS ALL_CHOWS ALL_SIMPLES CONCEALED_HAND", 12,
         id="all chows + all simples, no no-honours"),
    case("123m456s789pEEECC", "MIXED_STRAIGHT ALL_TYPES PREVALENT_WIND SEAT_WIND CONCEALED_HAND SINGLE_WAIT", 21,
         id="all types"),
    case("888s1233459pPPP9p", "REVERSIBLE_TILES DRAGON_PUNG TWO_CONCEALED_PUNGS CONCEALED_HAND SINGLE_WAIT", 15,
         id="reversible tiles exclude one voided suit"),
    case("223344666888sFF", "ALL_GREEN CONCEALED_HAND TWO_CONCEALED_PUNGS PURE_DOUBLE_CHOW SINGLE_WAIT", 94,
         id="all green with green dragon: no half flush"),
    case("2223344666888s2s", "ALL_GREEN FULL_FLUSH CONCEALED_HAND TWO_CONCEALED_PUNGS ALL_SIMPLES TILE_HOG "
         "PURE_DOUBLE_CHOW", 121, id="all green without green dragon: full flush (C2)"),
    case("789999m7789s789p7s", "MIXED_TRIPLE_CHOW UPPER_TILES TILE_HOG PUNG_OF_TERMINALS_OR_HONORS CONCEALED_HAND "
         "EDGE_WAIT", 38, id="upper tiles; 77s+89s: the unique wait 7s is an edge before a single"),
    case("455556m4456s456p4s", "MIXED_TRIPLE_CHOW MIDDLE_TILES TILE_HOG CONCEALED_HAND", 36,
         id="middle tiles exclude all simples; 4s not unique (7s)"),
    case("[123m][123m][123m]23m11s1m", "QUADRUPLE_CHOW LOWER_TILES OUTSIDE_HAND LAST_TILE ALL_CHOWS ONE_VOIDED_SUIT", 83,
         id="three 1m in own melds: last tile automatically (W2)"),
]

# ------------------------------------------------------------------ special forms
SPECIAL = [
    case("11112233m4455sEE", "SEVEN_PAIRS TILE_HOG ONE_VOIDED_SUIT", 27, id="seven pairs with four of a kind"),
    case("11112233m4455sEE", "SEVEN_PAIRS TILE_HOG ONE_VOIDED_SUIT SELF_DRAWN", 28, "S",
         id="seven pairs self-drawn: self-drawn only"),
    case("222233446688sFF", "ALL_GREEN SEVEN_PAIRS TILE_HOG", 114, id="all green seven pairs"),
    case("1199m1199s11pEEWW", "ALL_TERMINALS_AND_HONORS SEVEN_PAIRS", 56, id="all terminals and honours seven pairs"),
    case("EESSWWNNCCFFPP", "ALL_HONORS SEVEN_PAIRS", 88, id="all honours seven pairs"),
    case("111199m1199s119p9p", "ALL_TERMINALS SEVEN_PAIRS TILE_HOG", 90, id="all terminals seven pairs"),
    case("19m19s19pESWNCFPE", "THIRTEEN_ORPHANS", 88, id="thirteen orphans"),
    case("19m19s19pESWNCFPE", "THIRTEEN_ORPHANS SELF_DRAWN", 89, "S", id="thirteen orphans self-drawn"),
    case("19m19s19pEESWNCFP", "THIRTEEN_ORPHANS LAST_TILE", 92, "4", id="thirteen orphans last tile"),
    case("147m25s369pESWNCF", "LESSER_HONORS_AND_KNITTED_TILES", 12, id="lesser honours and knitted"),
    case("147m25s369pESWNCF", "LESSER_HONORS_AND_KNITTED_TILES SELF_DRAWN", 13, "S", id="lesser knitted self-drawn"),
    case("147m258s369pESWNC", "LESSER_HONORS_AND_KNITTED_TILES KNITTED_STRAIGHT", 24,
         id="lesser knitted with the whole knitted straight"),
    case("14m25s369pESWNCFP", "GREATER_HONORS_AND_KNITTED_TILES", 24, id="greater honours and knitted"),
    case("147m258s369pEEECC", "KNITTED_STRAIGHT ALL_TYPES PREVALENT_WIND SEAT_WIND CONCEALED_HAND SINGLE_WAIT", 25,
         id="knitted straight + wind pung + dragon pair"),
    case("147m12258s35569p3s", "KNITTED_STRAIGHT FULLY_CONCEALED_HAND ALL_CHOWS EDGE_WAIT", 19, "S",
         id="knitted straight + 12s+3s edge, self-drawn"),
    case("[EEE]147m258s369pCC", "KNITTED_STRAIGHT ALL_TYPES PREVALENT_WIND SEAT_WIND SINGLE_WAIT", 23,
         id="knitted straight with a melded wind pung"),
]

# ------------------------------------------------------------------ how the hand was won
SITUATIONS = [
    case("[123m][456s][789p]23s55p1s", "ROBBING_THE_KONG MIXED_STRAIGHT ALL_CHOWS MIXED_DOUBLE_CHOW", 19, "4K",
         id="robbing the kong excludes last tile"),
    case("[5555m1]123789s456pEE", "OUT_WITH_REPLACEMENT_TILE MELDED_KONG TWO_TERMINAL_CHOWS SINGLE_WAIT", 11, "SK",
         id="out with replacement tile after a melded kong"),
    case("123456789m123s5p5p", "PURE_STRAIGHT LAST_TILE_DRAW FULLY_CONCEALED_HAND ALL_CHOWS MIXED_DOUBLE_CHOW "
         "SINGLE_WAIT", 32, "SL", id="last tile draw + fully concealed"),
    case("123456789m123s5p5p", "PURE_STRAIGHT LAST_TILE_CLAIM CONCEALED_HAND ALL_CHOWS MIXED_DOUBLE_CHOW SINGLE_WAIT",
         30, "L", id="last tile claim + concealed hand"),
]

# ------------------------------------------------------------------ more interactions
MORE = [
    case("1122334466668m7m", "FULL_FLUSH TILE_HOG CONCEALED_HAND PURE_DOUBLE_CHOW", 29,
         id="source 001: 1122334466668 + 7 is no closed wait"),
    case("[123p][456p][789s]7779m9m", "SHORT_STRAIGHT NO_HONORS", 2, id="source 001: 7779 + 9 no single wait"),
    case("123123456m999sEE", "PURE_DOUBLE_CHOW SHORT_STRAIGHT PUNG_OF_TERMINALS_OR_HONORS CONCEALED_HAND ONE_VOIDED_SUIT "
         "SINGLE_WAIT", 7, id="three chows without a three-chow fan: at most two links"),
    case("[555m][555s]234m234p7s7s", "DOUBLE_PUNG ALL_SIMPLES MIXED_DOUBLE_CHOW SINGLE_WAIT", 6,
         id="two chows + two pungs: mixed double chow + double pung"),
    case("[123m]789s999pNNNCC", "ALL_TYPES OUTSIDE_HAND TWO_CONCEALED_PUNGS PUNG_OF_TERMINALS_OR_HONORS*2 SINGLE_WAIT",
         15, id="all types + outside hand"),
    case("[234m][678s][345p]45mEE6m", "CHICKEN_HAND", 8, id="chicken hand"),
    case("[234m][678s][345p]45mEE6m", "SELF_DRAWN", 1, "S", id="self-drawn is a fan: no chicken hand"),
    case("[123m]111m456s5789p5p", "MIXED_STRAIGHT TILE_HOG PUNG_OF_TERMINALS_OR_HONORS NO_HONORS SINGLE_WAIT", 13,
         id="tile hog across a melded chow and a concealed pung"),
    case("[111m1][111s1][999m1]1999p1p", "ALL_TERMINALS SINGLE_WAIT", 65,
         id="all terminals excludes double pung, all pungs, pung of terminals, no honours"),
    case("[111m1][111s1][111p1]999m9s9s", "ALL_TERMINALS TRIPLE_PUNG SINGLE_WAIT", 81,
         id="all terminals keeps triple pung (C4)"),
    case("[EEE][SSS][WWW]1119m9m", "ALL_TERMINALS_AND_HONORS BIG_THREE_WINDS HALF_FLUSH PREVALENT_WIND SEAT_WIND "
         "SINGLE_WAIT", 55, id="all terminals and honours + big three winds"),
    case("[EEE][SSS]1234569m9m", "HALF_FLUSH PREVALENT_WIND SEAT_WIND SHORT_STRAIGHT SINGLE_WAIT", 12, winds="SE",
         id="east prevalent, south seat"),
    case("[EEE][SSS]1234569m9m", "HALF_FLUSH PUNG_OF_TERMINALS_OR_HONORS*2 SHORT_STRAIGHT SINGLE_WAIT", 10, winds="WN",
         id="wind pungs that are neither seat nor prevalent"),
    case("[EEE][SSS]1234569m9m", "HALF_FLUSH SEAT_WIND PUNG_OF_TERMINALS_OR_HONORS SHORT_STRAIGHT SINGLE_WAIT", 11,
         winds="EW", id="seat east, prevalent west: the south pung is a pung of honours"),
    case("1239m234345s345p9m", "MIXED_SHIFTED_CHOWS MIXED_DOUBLE_CHOW ALL_CHOWS CONCEALED_HAND SINGLE_WAIT", 12,
         id="mixed shifted chows + extra 345s: mixed double chow"),
    case("112233345567pEE", "PURE_SHIFTED_CHOWS HALF_FLUSH CONCEALED_HAND PURE_DOUBLE_CHOW SINGLE_WAIT", 26,
         id="pure shifted chows by 2 + extra 123p: pure double chow"),
    case("123456778899pEE", "PURE_STRAIGHT HALF_FLUSH CONCEALED_HAND PURE_DOUBLE_CHOW SINGLE_WAIT", 26,
         id="pure straight + extra 789p: pure double chow, no two terminal chows"),
    case("123789m123789s5p5p", "THREE_SUITED_TERMINAL_CHOWS CONCEALED_HAND SINGLE_WAIT", 19,
         id="three-suited terminal chows: no all chows, mixed double chow, two terminal chows"),
    case("1122335577889m9m", "PURE_TERMINAL_CHOWS FULLY_CONCEALED_HAND", 68, "S",
         id="pure terminal chows self-drawn"),
    case("[123m][456s]78999s12p3p", "ROBBING_THE_KONG ALL_CHOWS MIXED_DOUBLE_CHOW SHORT_STRAIGHT EDGE_WAIT", 13, "K",
         id="robbing the kong with an edge wait"),
    case("[123m][456s]78999s12p3p", "LAST_TILE_CLAIM LAST_TILE ALL_CHOWS MIXED_DOUBLE_CHOW SHORT_STRAIGHT EDGE_WAIT",
         17, "4L", id="last tile claim + last tile"),
    case("[123m][456s]78999s12p3p", "LAST_TILE_CLAIM ROBBING_THE_KONG ALL_CHOWS MIXED_DOUBLE_CHOW SHORT_STRAIGHT "
         "EDGE_WAIT", 21, "KL", id="last tile claim + robbing the kong"),
    case("[5555m1]123789s456pEE", "LAST_TILE_DRAW OUT_WITH_REPLACEMENT_TILE MELDED_KONG TWO_TERMINAL_CHOWS "
         "SINGLE_WAIT", 19, "SKL", id="last tile draw + out with replacement tile"),
    case("[555p1]1247m258s369p2m", "KNITTED_STRAIGHT NO_HONORS SINGLE_WAIT", 14,
         id="knitted straight with a melded pung: single wait outside the nine"),
    case("[555p1]1147m258s369p1m", "KNITTED_STRAIGHT NO_HONORS", 13,
         id="knitted straight with a melded pung: pair of 1m is inside the nine, no single wait (S5)"),
    case("[9999s]147m258s369pFF", "KNITTED_STRAIGHT CONCEALED_KONG PUNG_OF_TERMINALS_OR_HONORS CONCEALED_HAND "
         "SINGLE_WAIT", 18, id="knitted straight + concealed kong: concealed hand, single wait"),
]

# ------------------------------------------------------------------ a third batch: special forms with situations, kongs
THIRD = [
    case("14m25s369pESWNCFP", "GREATER_HONORS_AND_KNITTED_TILES LAST_TILE", 28, "4", id="greater knitted + last tile"),
    case("147m25s369pESWNCF", "LESSER_HONORS_AND_KNITTED_TILES LAST_TILE_DRAW", 20, "SL",
         id="lesser knitted + last tile draw (no self-drawn)"),
    case("19m19s19pESWNCFPE", "THIRTEEN_ORPHANS LAST_TILE_CLAIM", 96, "L", id="thirteen orphans + last tile claim"),
    case("11112233m4455sEE", "SEVEN_PAIRS TILE_HOG ONE_VOIDED_SUIT LAST_TILE_CLAIM", 35, "L",
         id="seven pairs + last tile claim"),
    case("11m22s33pEESSCCFF", "SEVEN_PAIRS ALL_TYPES", 30, id="seven pairs + all types"),
    case("1155778899mEESS", "SEVEN_PAIRS HALF_FLUSH", 30, id="seven pairs + half flush"),
    case("223344m223344s4p4p", "SEVEN_PAIRS LOWER_FOUR ALL_SIMPLES", 38,
         id="seven pairs 38 beats 234-234-234-234 chows 22"),
    case("2266m4488s3355p77p", "SEVEN_PAIRS ALL_SIMPLES", 26, id="seven pairs + all simples, no no-honours"),
    case("445588s112299pPP", "SEVEN_PAIRS REVERSIBLE_TILES", 32, id="seven pairs + reversible tiles, no voided suit"),
    case("778899m778899s9p9p", "SEVEN_PAIRS UPPER_TILES", 48, id="seven pairs + upper tiles beats the chows reading"),
    case("[2222m]9m555s345777p9m", "THREE_CONCEALED_PUNGS CONCEALED_KONG CONCEALED_HAND NO_HONORS SINGLE_WAIT", 22,
         id="concealed kong + two concealed pungs = three concealed pungs"),
    case("[2222m1]9m555s345777p9m", "MELDED_KONG TWO_CONCEALED_PUNGS NO_HONORS SINGLE_WAIT", 5,
         id="melded kong + two concealed pungs; below the minimum"),
    case("[2222m1][8888s1]9m555s777p9m", "TWO_MELDED_KONGS ALL_PUNGS TWO_CONCEALED_PUNGS NO_HONORS SINGLE_WAIT", 14,
         id="two melded kongs + all pungs"),
    case("[2222m][8888s][5555p1]777p9m9m", "THREE_KONGS THREE_CONCEALED_PUNGS ALL_PUNGS NO_HONORS SINGLE_WAIT", 56,
         id="three kongs (two concealed) + a concealed pung: three concealed pungs, no two concealed kongs (K2)"),
    case("[1111m][9999s][EEEE][CCCC]5p5p", "FOUR_KONGS FOUR_CONCEALED_PUNGS OUT_WITH_REPLACEMENT_TILE ALL_TYPES "
         "PREVALENT_WIND SEAT_WIND DRAGON_PUNG PUNG_OF_TERMINALS_OR_HONORS*2", 174, "SK",
         id="four concealed kongs, out with replacement tile"),
    case("[1111m][2222s1]9m333555p9m", "CONCEALED_KONG_AND_MELDED_KONG THREE_CONCEALED_PUNGS MIXED_SHIFTED_PUNGS "
         "ALL_PUNGS PUNG_OF_TERMINALS_OR_HONORS NO_HONORS SINGLE_WAIT", 38,
         id="concealed + melded kong with two concealed pungs"),
    case("[1111m][PPPP5]1237s456p7s", "CONCEALED_KONG_AND_MELDED_KONG DRAGON_PUNG PUNG_OF_TERMINALS_OR_HONORS "
         "SINGLE_WAIT", 9, id="promoted kong is a melded kong (K3)"),
    case("[123m][456s][789p][PPPP6]5p5p", "MIXED_STRAIGHT MELDED_HAND DRAGON_PUNG MELDED_KONG", 17,
         id="promoted kong in a melded hand"),
    case("222333444555s9p9p", "FOUR_PURE_SHIFTED_PUNGS FOUR_CONCEALED_PUNGS ONE_VOIDED_SUIT NO_HONORS SINGLE_WAIT",
         115, id="four pure shifted pungs + four concealed pungs beats 234x3 + 555"),
    case("1111222233335m5m", "QUADRUPLE_CHOW FULL_FLUSH ALL_CHOWS CONCEALED_HAND", 76,
         id="concealed quadruple chow beats 111-222-333-123; 4m also completes (111 123 222 345 33)"),
    case("123456m1239s456p9s", "MIXED_DOUBLE_CHOW*2 SHORT_STRAIGHT ALL_CHOWS CONCEALED_HAND SINGLE_WAIT", 8,
         id="two mixed double chows + short straight (a tree of three links)"),
    case("[123m]123445566m9p9p", "PURE_DOUBLE_CHOW*2 SHORT_STRAIGHT ALL_CHOWS ONE_VOIDED_SUIT SINGLE_WAIT", 7,
         id="123-123-456-456: two pure double chows + one short straight"),
    case("123456789m123sEE", "PURE_STRAIGHT MIXED_DOUBLE_CHOW CONCEALED_HAND ONE_VOIDED_SUIT SINGLE_WAIT", 21,
         id="pure straight + 123s: mixed double chow"),
    case("[5555s]345456m5567p5p", "ALL_FIVE CONCEALED_KONG CONCEALED_HAND", 20, id="all five with a concealed kong"),
    case("[2222m][8888s]4446668p8p", "FOUR_CONCEALED_PUNGS ALL_EVEN_PUNGS TWO_CONCEALED_KONGS", 94,
         id="two concealed kongs + two concealed pungs: four concealed pungs + all even pungs; 7p also completes"),
    case("[123m][789s]22s44566p5p", "MIXED_STRAIGHT ALL_CHOWS PURE_DOUBLE_CHOW CLOSED_WAIT", 12,
         id="closed wait 46p + 5p; mixed straight + the other 456p as pure double chow"),
    case("[123m][456s]78999s12p3p", "LAST_TILE ALL_CHOWS MIXED_DOUBLE_CHOW SHORT_STRAIGHT EDGE_WAIT SELF_DRAWN", 10,
         "S4", id="last tile + self-drawn"),
    case("[111m1][222s1][333p1][EEE1]5m5m", "MIXED_SHIFTED_PUNGS ALL_PUNGS MELDED_HAND PREVALENT_WIND SEAT_WIND "
         "PUNG_OF_TERMINALS_OR_HONORS", 25, id="melded hand + all pungs, no single wait"),
    case("[111m1][222s1][333p1][EEE1]5m5m", "MIXED_SHIFTED_PUNGS ALL_PUNGS PREVALENT_WIND SEAT_WIND "
         "PUNG_OF_TERMINALS_OR_HONORS SELF_DRAWN SINGLE_WAIT", 21, "S", id="four melds self-drawn: single wait counts"),
    case("[777m1]999m777s5777p5p", "TRIPLE_PUNG THREE_CONCEALED_PUNGS ALL_PUNGS PUNG_OF_TERMINALS_OR_HONORS NO_HONORS",
         40, id="triple pung + three concealed pungs; 6p also completes (567 77p)"),
    case("[678m]788889s6789p9p", "UPPER_FOUR TILE_HOG MIXED_DOUBLE_CHOW", 15, id="upper four; 6789p not unique"),
    case("1223334459mNNN9m", "PURE_SHIFTED_CHOWS HALF_FLUSH CONCEALED_HAND PUNG_OF_TERMINALS_OR_HONORS SINGLE_WAIT", 26,
         id="north pung, seat and prevalent east"),
    case("1223334459mNNN9m", "PURE_SHIFTED_CHOWS HALF_FLUSH CONCEALED_HAND SEAT_WIND SINGLE_WAIT", 27, winds="NE",
         id="north pung as seat wind"),
    case("2222444466688m3m", "FULL_FLUSH THREE_CONCEALED_PUNGS TILE_HOG*2 CONCEALED_HAND ALL_SIMPLES", 48,
         id="no closed wait: 6m also completes, as seven pairs 22 22 44 44 66 66 88 (H3 in every form)"),
    case("1122233334444s2s", "QUADRUPLE_CHOW FULL_FLUSH LOWER_FOUR CONCEALED_HAND ALL_CHOWS", 88,
         id="11 + 234x4 beats 11 222 333 444 234; 5s also completes (11 234 234 234 345)"),
    case("[345m3]258m1477s369p7s", "KNITTED_STRAIGHT ALL_CHOWS", 14,
         id="S5: pair 77s completed by 7s, one of the nine: no single wait"),
]

ALL = READINGS + COMBINATIONS + PUNGS + KONGS + SHAPES + SPECIAL + SITUATIONS + MORE + THIRD


@pytest.mark.parametrize(("notation", "flags", "winds", "fans", "total"), ALL)
def test_review(notation: str, flags: str, winds: str, fans: str, total: int) -> None:
    expected = _fans(fans)
    assert sum(Fan(f).points * n for f, n in expected.items()) == total  # the table is consistent
    result = score(notation, _ctx(flags, winds))
    got = {a.fan.value: a.count for a in result.fans}
    assert got == expected
    assert result.total == total


def test_stream_flowers_count_in_the_total_not_the_minimum() -> None:
    import json

    from scoring.cli import stream_line

    # 6 fans + 2 flowers = 8: listed and totalled, still below the 8-fan minimum (W4).
    out = json.loads(stream_line('{"notation": "[EEE]123456m777s9p9p", "flowers": 2}'))
    assert out["total"] == 8 and out["meets_minimum"] is False
    flowers = [f for f in out["fans"] if f["id"] == "FLOWER_TILES"]
    assert flowers == [{"id": "FLOWER_TILES", "zh": "花牌", "en": "Flower Tiles", "points": 1, "count": 2}]
    # Chicken hand exactly at the minimum, with flowers on top.
    out = json.loads(stream_line('{"notation": "[234m][678s][345p]45mEE6m", "flowers": 3}'))
    assert out["total"] == 11 and out["meets_minimum"] is True
    assert [f["id"] for f in out["fans"]] == ["CHICKEN_HAND", "FLOWER_TILES"]
