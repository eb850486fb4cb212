"""Fan tables: for each hand, the whole fan multiset {fan: count} and the total the engine must award.

Default situation: won on a discard, seat and prevailing wind East, no flowers (as in FANS.md). Expected
values are worked out by hand from FANS.md and source 001 §1.4, not copied from the engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.mcr.engine import score
from scoring.mcr.fans import Fan
from scoring.model import WinContext, Wind

SELF = {"self_drawn": True}


def case(notation: str, fans: dict[str, int], total: int, ctx: dict[str, Any] | None = None, *,
         id: str) -> Any:  # noqa: A002 - pytest's name
    return pytest.param(notation, ctx or {}, fans, total, id=id)


def check(notation: str, ctx: dict[str, Any], fans: dict[str, int], total: int) -> None:
    result = score(notation, WinContext(**ctx))
    got = {a.fan.value: a.count for a in result.fans}
    assert got == fans
    assert result.total == total
    # The expected total must itself follow from the expected fans (guards the tables).
    assert sum(Fan(f).points * n for f, n in fans.items()) == total


# ---------------------------------------------------------------- FANS.md examples, verbatim
RULING_EXAMPLES = [
    case("1122335577889m9m", {"PURE_TERMINAL_CHOWS": 1, "CONCEALED_HAND": 1}, 66, id="H1-pure-terminal-chows-not-seven-pairs"),
    case("234567s234567p5m5m", {"MIXED_DOUBLE_CHOW": 2, "SHORT_STRAIGHT": 1, "ALL_CHOWS": 1, "CONCEALED_HAND": 1,
                                "ALL_SIMPLES": 1, "SINGLE_WAIT": 1}, 10, id="H2-234567p+234567s"),
    case("123234345567p1s1s", {"PURE_SHIFTED_CHOWS": 1, "SHORT_STRAIGHT": 1, "ALL_CHOWS": 1, "CONCEALED_HAND": 1,
                               "ONE_VOIDED_SUIT": 1, "SINGLE_WAIT": 1}, 23, id="H2-123-234-345-567p"),
    case("[123p][456p][789s]7779m8m", {"ALL_CHOWS": 1, "MIXED_DOUBLE_CHOW": 1, "SHORT_STRAIGHT": 1}, 4,
         id="H3-7779m+8m-no-closed-wait"),
    case("[123p][456s]4444567m7m", {"TILE_HOG": 1, "MIXED_DOUBLE_CHOW": 1, "NO_HONORS": 1}, 4,
         id="H3-4444567m+7m-no-single-wait"),
    case("[3333m]1112m456p789p2m", {"CONCEALED_HAND": 1, "TWO_CONCEALED_PUNGS": 1, "CONCEALED_KONG": 1,
                                    "SHORT_STRAIGHT": 1, "PUNG_OF_TERMINALS_OR_HONORS": 1,
                                    "ONE_VOIDED_SUIT": 1, "NO_HONORS": 1}, 10, id="H3-kong-3333m-1112m+2m"),
    case("14789m258s369pEE7m", {"KNITTED_STRAIGHT": 1, "CONCEALED_HAND": 1}, 14, id="S5-wait-inside-knitted"),
    case("147m258s369p79mEE8m", {"KNITTED_STRAIGHT": 1, "CONCEALED_HAND": 1, "CLOSED_WAIT": 1}, 15,
         id="S5-closed-wait-outside-knitted"),
    case("[CCC][FFF][PPP]123m4p4p", {"BIG_THREE_DRAGONS": 1, "ONE_VOIDED_SUIT": 1, "SINGLE_WAIT": 1}, 90,
         id="C1-big-three-dragons-voided-suit"),
]

# The examples of NOTATION.md, scored.
NOTATION_EXAMPLES = [
    case("[789m2][777s3][234s3]89sEE7s", {"LAST_TILE": 1, "TILE_HOG": 1, "MIXED_DOUBLE_CHOW": 1,
                                          "ONE_VOIDED_SUIT": 1, "EDGE_WAIT": 1}, 9,
         id="notation-1-three-7s-in-own-melds-W2"),
    case("2344s234678pFFF4s", {"DRAGON_PUNG": 1, "CONCEALED_HAND": 1, "MIXED_DOUBLE_CHOW": 1,
                               "ONE_VOIDED_SUIT": 1}, 6, id="notation-4-fully-concealed-no-wait-fan"),
]

# S3: nine gates by winning tile (source 001, 九莲宝灯 note).
_NG = {"NINE_GATES": 1}
NINE_GATES = [
    case("1112345678999m1m", {**_NG, "PURE_STRAIGHT": 1, "TILE_HOG": 1}, 106, id="S3-nine-gates-1"),
    case("1112345678999m2m", {**_NG, "TWO_CONCEALED_PUNGS": 1, "SHORT_STRAIGHT": 1,
                              "PUNG_OF_TERMINALS_OR_HONORS": 1}, 92, id="S3-nine-gates-2"),
    case("1112345678999m3m", {**_NG, "SHORT_STRAIGHT": 1}, 89, id="S3-nine-gates-3"),
    case("1112345678999m4m", {**_NG, "SHORT_STRAIGHT": 1}, 89, id="S3-nine-gates-4"),
    case("1112345678999m5m", {**_NG, "TWO_CONCEALED_PUNGS": 1, "PUNG_OF_TERMINALS_OR_HONORS": 1}, 91,
         id="S3-nine-gates-5"),
    case("1112345678999m6m", {**_NG, "SHORT_STRAIGHT": 1}, 89, id="S3-nine-gates-6"),
    case("1112345678999m7m", {**_NG, "SHORT_STRAIGHT": 1}, 89, id="S3-nine-gates-7"),
    case("1112345678999m8m", {**_NG, "TWO_CONCEALED_PUNGS": 1, "SHORT_STRAIGHT": 1,
                              "PUNG_OF_TERMINALS_OR_HONORS": 1}, 92, id="S3-nine-gates-8"),
    case("1112345678999m9m", {**_NG, "PURE_STRAIGHT": 1, "TILE_HOG": 1}, 106, id="S3-nine-gates-9"),
    case("1112345678999p5p", {**_NG, "TWO_CONCEALED_PUNGS": 1, "PUNG_OF_TERMINALS_OR_HONORS": 1,
                              "SELF_DRAWN": 1}, 92, SELF, id="S2-nine-gates-self-drawn-no-fully-concealed"),
]

# ---------------------------------------------------------------- one or more hands per fan
PER_FAN = [
    case("[EEE][SSS][WWW]NNN2m2m", {"BIG_FOUR_WINDS": 1, "HALF_FLUSH": 1, "SINGLE_WAIT": 1}, 95,
         id="01-big-four-winds-half-flush-C3"),
    case("22334466688sFF8s", {"ALL_GREEN": 1, "PURE_DOUBLE_CHOW": 1, "CONCEALED_HAND": 1}, 91,
         id="03-all-green-with-green-dragon-no-half-flush"),
    case("[234s][234s][666s]888s2s2s", {"ALL_GREEN": 1, "FULL_FLUSH": 1, "PURE_DOUBLE_CHOW": 1,
                                       "ALL_SIMPLES": 1, "TILE_HOG": 1, "SINGLE_WAIT": 1}, 118,
         id="03-all-green-without-dragon-full-flush-C2"),
    case("[1111m1][2222s2][3333p3][EEEE1]FF", {"FOUR_KONGS": 1, "MIXED_SHIFTED_PUNGS": 1, "MELDED_HAND": 1,
                                               "ALL_TYPES": 1, "PUNG_OF_TERMINALS_OR_HONORS": 1,
                                               "PREVALENT_WIND": 1, "SEAT_WIND": 1}, 113, id="05-four-kongs-melded-hand-W1"),
    case("2233445566778s8s", {"SEVEN_SHIFTED_PAIRS": 1, "ALL_SIMPLES": 1}, 90, id="06-seven-shifted-pairs-2-8"),
    case("1122334455667m7m", {"SEVEN_SHIFTED_PAIRS": 1}, 88, id="06-seven-shifted-pairs-1-7"),
    case("1m19s19pEESWNCFP9m", {"THIRTEEN_ORPHANS": 1}, 88, id="07-thirteen-orphans"),
    case("1m19s19pEESWNCFP9m", {"THIRTEEN_ORPHANS": 1, "SELF_DRAWN": 1}, 89, SELF,
         id="07-thirteen-orphans-self-drawn-S2"),
    case("19m19s19pEESWNCFP", {"THIRTEEN_ORPHANS": 1, "LAST_TILE": 1}, 92, {"fourth_tile": True},
         id="07-thirteen-orphans-last-tile"),
    case("[111m][999m1]111s999s9p9p", {"ALL_TERMINALS": 1, "TWO_CONCEALED_PUNGS": 1, "SINGLE_WAIT": 1}, 67,
         id="08-all-terminals-C4"),
    case("[111m][111s]111p999m9s9s", {"ALL_TERMINALS": 1, "TRIPLE_PUNG": 1, "TWO_CONCEALED_PUNGS": 1,
                                              "SINGLE_WAIT": 1}, 83,
         id="08-all-terminals-keeps-triple-pung-C4"),
    case("[EEE][SSS][WWW]123mNN", {"LITTLE_FOUR_WINDS": 1, "HALF_FLUSH": 1, "OUTSIDE_HAND": 1,
                                   "PREVALENT_WIND": 1, "SEAT_WIND": 1, "SINGLE_WAIT": 1}, 79,
         id="09-little-four-winds-half-flush-C3"),
    case("[CCC][FFF]123456mPP", {"LITTLE_THREE_DRAGONS": 1, "HALF_FLUSH": 1, "SHORT_STRAIGHT": 1,
                                 "SINGLE_WAIT": 1}, 72, id="10-little-three-dragons"),
    case("[EEE][SSS][CCC]NNNWW", {"LITTLE_FOUR_WINDS": 1, "ALL_HONORS": 1, "DRAGON_PUNG": 1,
                                  "PREVALENT_WIND": 1, "SEAT_WIND": 1, "SINGLE_WAIT": 1}, 135,
         id="09-11-little-four-winds-all-honors-C3-C4"),
    case("[EEE][SSS][CCC]NNNPP", {"ALL_HONORS": 1, "BIG_THREE_WINDS": 1, "DRAGON_PUNG": 1,
                                  "PREVALENT_WIND": 1, "SEAT_WIND": 1, "SINGLE_WAIT": 1}, 83,
         id="11-all-honors-C4"),
    case("111m333s555p777pEE", {"FOUR_CONCEALED_PUNGS": 1, "PUNG_OF_TERMINALS_OR_HONORS": 1,
                                "SINGLE_WAIT": 1}, 66, id="12-four-concealed-pungs"),
    case("111m333s555p777pEE", {"FOUR_CONCEALED_PUNGS": 1, "PUNG_OF_TERMINALS_OR_HONORS": 1,
                                "SINGLE_WAIT": 1, "SELF_DRAWN": 1}, 67, SELF,
         id="12-four-concealed-pungs-self-drawn-S2"),
    case("[234m][234m]234234m5s5s", {"QUADRUPLE_CHOW": 1, "ALL_CHOWS": 1, "ALL_SIMPLES": 1,
                                     "ONE_VOIDED_SUIT": 1, "SINGLE_WAIT": 1}, 54, id="14-quadruple-chow-C1"),
    case("[111s][222s][333s]444sEE", {"FOUR_PURE_SHIFTED_PUNGS": 1, "HALF_FLUSH": 1,
                                     "PUNG_OF_TERMINALS_OR_HONORS": 1, "SINGLE_WAIT": 1}, 56,
         id="15-four-pure-shifted-pungs"),
    case("123345567789sEE", {"FOUR_PURE_SHIFTED_CHOWS": 1, "HALF_FLUSH": 1, "CONCEALED_HAND": 1,
                             "SINGLE_WAIT": 1}, 41, id="16-four-pure-shifted-chows"),
    case("[1111m][2222s1][3333p2]456mEE", {"THREE_KONGS": 1, "MIXED_SHIFTED_PUNGS": 1,
                                           "PUNG_OF_TERMINALS_OR_HONORS": 1, "SINGLE_WAIT": 1}, 42, id="17-three-kongs-K2"),
    case("[111m][999s]99pEEECCC", {"ALL_TERMINALS_AND_HONORS": 1, "ALL_TYPES": 1, "PREVALENT_WIND": 1,
                                   "SEAT_WIND": 1, "DRAGON_PUNG": 1}, 44, id="18-all-terminals-and-honors"),
    case("113355779m2244s9m", {"SEVEN_PAIRS": 1, "ONE_VOIDED_SUIT": 1, "NO_HONORS": 1}, 26,
         id="19-seven-pairs-S1"),
    case("113355779m2244s9m", {"SEVEN_PAIRS": 1, "ONE_VOIDED_SUIT": 1, "NO_HONORS": 1, "SELF_DRAWN": 1}, 27,
         SELF, id="19-seven-pairs-self-drawn-S2"),
    case("1111m3355s7799pCC", {"SEVEN_PAIRS": 1, "TILE_HOG": 1}, 26, id="19-seven-pairs-four-of-a-kind"),
    case("147m25s36pESWNCFP", {"GREATER_HONORS_AND_KNITTED_TILES": 1}, 24, id="20-greater-honors-knitted"),
    case("147m25s36pESWNCFP", {"GREATER_HONORS_AND_KNITTED_TILES": 1, "SELF_DRAWN": 1}, 25, SELF,
         id="20-greater-honors-knitted-self-drawn-S6"),
    case("[222m][444s][666p]888m2s2s", {"ALL_EVEN_PUNGS": 1, "SINGLE_WAIT": 1}, 25, id="21-all-even-pungs"),
    case("[123s][345s][678s]5999s5s", {"FULL_FLUSH": 1, "SHORT_STRAIGHT": 1, "PUNG_OF_TERMINALS_OR_HONORS": 1,
                                      "SINGLE_WAIT": 1}, 27, id="22-full-flush"),
    case("[123p][123p]123p456s7m7m", {"PURE_TRIPLE_CHOW": 1, "ALL_CHOWS": 1, "SINGLE_WAIT": 1}, 27,
         id="23-pure-triple-chow"),
    case("[222p][333p]444p567s8m8m", {"PURE_SHIFTED_PUNGS": 1, "ALL_SIMPLES": 1, "SINGLE_WAIT": 1}, 27,
         id="24-pure-shifted-pungs"),
    case("[789m][789s][888p]999p7m7m", {"UPPER_TILES": 1, "MIXED_DOUBLE_CHOW": 1,
                                       "PUNG_OF_TERMINALS_OR_HONORS": 1, "SINGLE_WAIT": 1}, 27,
         id="25-upper-tiles"),
    case("[456m][456s][555p]666p4m4m", {"MIDDLE_TILES": 1, "MIXED_DOUBLE_CHOW": 1, "SINGLE_WAIT": 1}, 26,
         id="26-middle-tiles"),
    case("[123m][123s][222p]333p1m1m", {"LOWER_TILES": 1, "MIXED_DOUBLE_CHOW": 1, "SINGLE_WAIT": 1}, 26,
         id="27-lower-tiles"),
    case("[123m][456m1][789m]2345s5s", {"PURE_STRAIGHT": 1, "ALL_CHOWS": 1, "ONE_VOIDED_SUIT": 1}, 19,
         id="28-pure-straight"),
    case("123789m123789s5p5p", {"THREE_SUITED_TERMINAL_CHOWS": 1, "CONCEALED_HAND": 1, "SINGLE_WAIT": 1}, 19,
         id="29-three-suited-terminal-chows"),
    case("[345m][456s][555p]567p5m5m", {"ALL_FIVE": 1, "MIXED_SHIFTED_CHOWS": 1, "TILE_HOG": 1,
                                       "SINGLE_WAIT": 1}, 25,
         id="31-all-five"),
    case("[222m][222s]222p567m9s9s", {"TRIPLE_PUNG": 1, "NO_HONORS": 1, "SINGLE_WAIT": 1}, 18,
         id="32-triple-pung"),
    case("[123m]222s444p666pEE", {"THREE_CONCEALED_PUNGS": 1, "SINGLE_WAIT": 1}, 17,
         id="33-three-concealed-pungs"),
    case("147m25s369pESWNCF", {"LESSER_HONORS_AND_KNITTED_TILES": 1}, 12, id="34-lesser-honors-knitted"),
    case("147m258s369pESWNC", {"LESSER_HONORS_AND_KNITTED_TILES": 1, "KNITTED_STRAIGHT": 1}, 24,
         id="34-35-lesser-honors-knitted-with-knitted-straight-S5"),
    case("[678m][678s][789p]666p9m9m", {"UPPER_FOUR": 1, "MIXED_DOUBLE_CHOW": 1, "SINGLE_WAIT": 1}, 14,
         id="36-upper-four"),
    case("[123m][234s][444p]333p1m1m", {"LOWER_FOUR": 1, "SINGLE_WAIT": 1}, 13, id="37-lower-four"),
    case("[EEE][SSS][WWW]123m5p5p", {"BIG_THREE_WINDS": 1, "PREVALENT_WIND": 1, "SEAT_WIND": 1,
                                     "ONE_VOIDED_SUIT": 1, "SINGLE_WAIT": 1}, 18, id="38-big-three-winds-C1"),
    case("[123m][456s][789p]234p5s5s", {"MIXED_STRAIGHT": 1, "ALL_CHOWS": 1, "SINGLE_WAIT": 1}, 11,
         id="39-mixed-straight"),
    case("[123p][456s][888s]5pPPP5p", {"REVERSIBLE_TILES": 1, "DRAGON_PUNG": 1, "SINGLE_WAIT": 1}, 11,
         id="40-reversible-no-voided-suit-C1"),
    case("[123m][123s][123p]789m5m5m", {"MIXED_TRIPLE_CHOW": 1, "ALL_CHOWS": 1, "TWO_TERMINAL_CHOWS": 1,
                                       "SINGLE_WAIT": 1}, 12, id="41-mixed-triple-chow"),
    case("[222m][333s][444p]678p9s9s", {"MIXED_SHIFTED_PUNGS": 1, "NO_HONORS": 1, "SINGLE_WAIT": 1}, 10,
         id="42-mixed-shifted-pungs"),
    case("[234m][678s][456p]23sNN1s", {"CHICKEN_HAND": 1}, 8, id="43-chicken-hand"),
    case("[234m][678s][456p]23sNN1s", {"CHICKEN_HAND": 1, "FLOWER_TILES": 2}, 10, {"flowers": 2},
         id="43-81-chicken-hand-with-flowers"),
    case("[234m][678s][456p]23sNN1s", {"LAST_TILE_DRAW": 1}, 8, {"self_drawn": True, "last_tile_of_wall": True},
         id="44-last-tile-draw-no-self-drawn-W3"),
    case("[234m][678s][456p]23sNN1s", {"LAST_TILE_CLAIM": 1}, 8, {"last_tile_of_wall": True},
         id="45-last-tile-claim"),
    case("[2222m1][678s][456p]23sNN1s", {"OUT_WITH_REPLACEMENT_TILE": 1, "MELDED_KONG": 1}, 9,
         {"self_drawn": True, "kong_related": True}, id="46-replacement-tile-no-self-drawn-W3"),
    case("[234m][678s][456p]23sNN1s", {"ROBBING_THE_KONG": 1}, 8, {"kong_related": True},
         id="47-robbing-the-kong"),
    case("[234m][678s][456p]23sNN1s", {"ROBBING_THE_KONG": 1}, 8, {"kong_related": True, "fourth_tile": True},
         id="47-robbing-the-kong-excludes-last-tile-W2"),
    case("[222m][444s1][666p2]88mEE8m", {"ALL_PUNGS": 1}, 6, id="48-all-pungs"),
    case("[234m][567m]888m99mEE9m", {"HALF_FLUSH": 1, "SHORT_STRAIGHT": 1, "PUNG_OF_TERMINALS_OR_HONORS": 1}, 8,
         id="49-half-flush"),
    case("[123m][234s][345p]678pEE", {"MIXED_SHIFTED_CHOWS": 1, "SHORT_STRAIGHT": 1, "SINGLE_WAIT": 1}, 8, id="50-mixed-shifted-chows"),
    case("[123m][456s][789p]EEECC", {"ALL_TYPES": 1, "MIXED_STRAIGHT": 1, "PREVALENT_WIND": 1, "SEAT_WIND": 1,
                                     "SINGLE_WAIT": 1}, 19, id="51-all-types"),
    case("[123m][456s][789p][234p]NN", {"MELDED_HAND": 1, "MIXED_STRAIGHT": 1}, 14,
         id="52-melded-hand-no-single-wait-W1"),
    case("[123m][456s][789p][234p]NN", {"MIXED_STRAIGHT": 1, "SELF_DRAWN": 1, "SINGLE_WAIT": 1}, 10, SELF,
         id="52-no-melded-hand-when-self-drawn-W1"),
    case("[2222m][5555s]123789pNN", {"TWO_CONCEALED_KONGS": 1, "CONCEALED_HAND": 1, "TWO_TERMINAL_CHOWS": 1,
                                     "SINGLE_WAIT": 1}, 10, id="53-two-concealed-kongs"),
    case("[CCC][FFF]123m456s7p7p", {"TWO_DRAGONS_PUNGS": 1, "SINGLE_WAIT": 1}, 7, id="54-two-dragons-pungs"),
    case("[123m][789s][111p]999p9m9m", {"OUTSIDE_HAND": 1, "PUNG_OF_TERMINALS_OR_HONORS": 2, "NO_HONORS": 1,
                                       "SINGLE_WAIT": 1}, 8, id="55-outside-hand"),
    case("123m2456s789pEEE2s", {"FULLY_CONCEALED_HAND": 1, "MIXED_STRAIGHT": 1, "PREVALENT_WIND": 1,
                                "SEAT_WIND": 1, "SINGLE_WAIT": 1}, 17, SELF, id="56-fully-concealed-hand"),
    case("[2222m1][5555s2]123789pNN", {"TWO_MELDED_KONGS": 1, "TWO_TERMINAL_CHOWS": 1, "SINGLE_WAIT": 1}, 6,
         id="57-two-melded-kongs"),
    case("[234m][678s][456p]23sNN1s", {"LAST_TILE": 1}, 4, {"fourth_tile": True}, id="58-last-tile"),
    case("[777s][123m][456p]89sEE7s", {"MIXED_STRAIGHT": 1, "LAST_TILE": 1, "EDGE_WAIT": 1,
                                          "TILE_HOG": 1}, 15,
         id="58-last-tile-three-copies-in-own-melds-W2"),
    case("[CCC][234m][678s]456p1s1s", {"DRAGON_PUNG": 1, "SINGLE_WAIT": 1}, 3, id="59-dragon-pung"),
    case("[EEE][234m][678s]456p1s1s", {"SEAT_WIND": 1, "SINGLE_WAIT": 1}, 3,
         {"prevalent_wind": Wind.SOUTH}, id="61-seat-wind-only"),
    case("[SSS][234m][678s]456p1s1s", {"PREVALENT_WIND": 1, "SINGLE_WAIT": 1}, 3,
         {"prevalent_wind": Wind.SOUTH}, id="60-prevalent-wind-only"),
    case("[WWW][234m][678s]456p1s1s", {"PUNG_OF_TERMINALS_OR_HONORS": 1, "SINGLE_WAIT": 1}, 2,
         id="73-other-wind-is-a-terminal-or-honor-pung"),
    case("[222m][222s][345p]678pEE", {"DOUBLE_PUNG": 1, "SHORT_STRAIGHT": 1, "SINGLE_WAIT": 1}, 4, id="65-double-pung"),
    case("[EEEE]123m456s789pNN", {"CONCEALED_KONG": 1, "MIXED_STRAIGHT": 1, "PREVALENT_WIND": 1, "SEAT_WIND": 1,
                                  "CONCEALED_HAND": 1, "SINGLE_WAIT": 1}, 17, id="67-concealed-kong"),
    case("[EEEE1]123m456s789pNN", {"MELDED_KONG": 1, "MIXED_STRAIGHT": 1, "PREVALENT_WIND": 1, "SEAT_WIND": 1,
                                   "SINGLE_WAIT": 1}, 14, id="74-melded-kong"),
    case("[1111m][8888p1]23s345pCC4s", {"CONCEALED_KONG_AND_MELDED_KONG": 1, "PUNG_OF_TERMINALS_OR_HONORS": 1}, 6,
         id="82-concealed-and-melded-kong-K1"),
    case("[3333s2][PPPP7]55s12223p2p", {"TWO_MELDED_KONGS": 1, "DRAGON_PUNG": 1, "TILE_HOG": 1,
                                        "ONE_VOIDED_SUIT": 1}, 9, id="57-promoted-kong-is-melded-K3"),
]


# ---------------------------------------------------------------- exclusions and set combinations
EXCLUSION_CASES = [
    case("234s223344567p5m5m", {"PURE_DOUBLE_CHOW": 1, "MIXED_DOUBLE_CHOW": 1, "SHORT_STRAIGHT": 1,
                                "ALL_CHOWS": 1, "CONCEALED_HAND": 1, "ALL_SIMPLES": 1, "SINGLE_WAIT": 1}, 10,
         id="H2-no-cycle-234s-223344p-567p"),
    case("[123s][789s][123m]789m5s5s", {"MIXED_DOUBLE_CHOW": 2, "TWO_TERMINAL_CHOWS": 1, "ALL_CHOWS": 1,
                                        "ONE_VOIDED_SUIT": 1, "SINGLE_WAIT": 1}, 7,
         id="H2-four-chow-cycle-keeps-three"),
    case("123456789m123m5s5s", {"PURE_STRAIGHT": 1, "PURE_DOUBLE_CHOW": 1, "ALL_CHOWS": 1, "CONCEALED_HAND": 1,
                                "ONE_VOIDED_SUIT": 1, "SINGLE_WAIT": 1}, 23,
         id="H2-pure-straight-leftover-chow-once"),
    case("[123m][123s][123p]123m5m5m", {"MIXED_TRIPLE_CHOW": 1, "PURE_DOUBLE_CHOW": 1, "ALL_CHOWS": 1,
                                        "SINGLE_WAIT": 1}, 12, id="H2-mixed-triple-chow-leftover-once"),
    case("[123m][456m][456s]789p5s5s", {"MIXED_STRAIGHT": 1, "MIXED_DOUBLE_CHOW": 1, "ALL_CHOWS": 1,
                                        "SINGLE_WAIT": 1}, 12, id="H2-mixed-straight-short-straight-or-double"),
    case("[333m][444s][555p]666m7p7p", {"MIXED_SHIFTED_PUNGS": 1, "ALL_PUNGS": 1, "ALL_SIMPLES": 1,
                                        "SINGLE_WAIT": 1}, 17, id="H2-mixed-shifted-pungs-once"),
    case("2233445566778s8s", {"SEVEN_SHIFTED_PAIRS": 1, "ALL_SIMPLES": 1, "SELF_DRAWN": 1}, 91, SELF,
         id="S2-S4-seven-shifted-pairs-self-drawn"),
    case("147m25s369pESWNCF", {"LESSER_HONORS_AND_KNITTED_TILES": 1, "SELF_DRAWN": 1}, 13, SELF,
         id="S2-S6-lesser-honors-knitted-self-drawn"),
    case("[111m][999s][EEE]CCC9p9p", {"ALL_TERMINALS_AND_HONORS": 1, "ALL_TYPES": 1, "DRAGON_PUNG": 1,
                                      "PREVALENT_WIND": 1, "SEAT_WIND": 1, "SINGLE_WAIT": 1}, 45,
         id="C4-all-terminals-and-honors-no-pungs-fans"),
    case("[EEE][SSS][WWW][NNN]CC", {"BIG_FOUR_WINDS": 1, "ALL_HONORS": 1, "MELDED_HAND": 1}, 158,
         id="C3-W1-big-four-winds-all-honors-melded-hand"),
    case("[EEEE][123m][456s][789p]NN", {"MIXED_STRAIGHT": 1, "PREVALENT_WIND": 1, "SEAT_WIND": 1,
                                        "CONCEALED_KONG": 1, "SINGLE_WAIT": 1}, 15,
         id="W1-concealed-kong-is-no-melded-hand"),
    case("[2222s][3333s][5555p1]67mEE8m", {"THREE_KONGS": 1, "TWO_CONCEALED_PUNGS": 1}, 34,
         id="K2-three-kongs-two-concealed-kongs-are-two-concealed-pungs"),
    case("[1111p][2222p][3333p]111s1m1m", {"FOUR_CONCEALED_PUNGS": 1, "THREE_KONGS": 1, "PURE_SHIFTED_PUNGS": 1,
                                          "LOWER_TILES": 1, "DOUBLE_PUNG": 1, "PUNG_OF_TERMINALS_OR_HONORS": 2,
                                          "SINGLE_WAIT": 1, "SELF_DRAWN": 1}, 150, SELF,
         id="K2-S2-three-concealed-kongs-four-concealed-pungs"),
    case("[234p][234p][234p]1123p4p", {"QUADRUPLE_CHOW": 1, "FULL_FLUSH": 1, "LOWER_FOUR": 1,
                                       "REVERSIBLE_TILES": 1, "LAST_TILE": 1, "ALL_CHOWS": 1}, 98,
         id="W2-three-copies-in-own-chows-C1-no-voided-suit-in-full-flush"),
    case("1123456789999m1m", {"FULL_FLUSH": 1, "PURE_STRAIGHT": 1, "TILE_HOG": 1,
                              "PUNG_OF_TERMINALS_OR_HONORS": 1, "CONCEALED_HAND": 1}, 45,
         id="S3-same-tiles-without-the-nine-sided-wait-is-full-flush"),
]

@pytest.mark.parametrize(("notation", "ctx", "fans", "total"), RULING_EXAMPLES + NINE_GATES + PER_FAN
                         + EXCLUSION_CASES + NOTATION_EXAMPLES)
def test_fans(notation: str, ctx: dict[str, Any], fans: dict[str, int], total: int) -> None:
    check(notation, ctx, fans, total)


def test_every_fan_has_a_hand() -> None:
    covered = {f for p in RULING_EXAMPLES + NINE_GATES + PER_FAN for f in p.values[2]}
    assert {f.value for f in Fan} - covered == set()


# ================================================================== tricky hands with situation flags
# A referee's review: tricky hands across fan families and situation flags, each with the whole fan multiset
# and the total worked out by hand from FANS.md and source 001 §1.4 (and, where those are silent, the
# reference calculator's rulings recorded in docs/scoring.md). Written compactly: fans as "NAME NAME*2",
# flags S self-drawn, 4 和绝张 (fourth_tile), K kong (杠上开花 / 抢杠和), L last tile of the wall; winds are
# "<seat><prevalent>", default "EE". The expected total must follow from the expected fans (checked).


def flagged(notation: str, fans: str, total: int, flags: str = "", winds: str = "EE", *, id: str) -> Any:  # noqa: A002
    return pytest.param(notation, flags, winds, fans, total, id=id)


def _fan_counts(spec: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in spec.split():
        name, _, count = item.partition("*")
        out[name] = int(count or 1)
    return out


def _flags_ctx(flags: str, winds: str) -> WinContext:
    return WinContext(self_drawn="S" in flags, fourth_tile="4" in flags, kong_related="K" in flags,
                      last_tile_of_wall="L" in flags, seat_wind=Wind(winds[0]), prevalent_wind=Wind(winds[1]))


# ------------------------------------------------------------------ H1: the highest reading wins
READINGS = [
    flagged("123123123456m9s9s", "PURE_SHIFTED_PUNGS THREE_CONCEALED_PUNGS PUNG_OF_TERMINALS_OR_HONORS CONCEALED_HAND "
         "ONE_VOIDED_SUIT NO_HONORS SINGLE_WAIT", 46, id="111-222-333 beats 123x3 (pungs + concealed pungs)"),
    flagged("123123123456m9s9s", "PURE_SHIFTED_PUNGS THREE_CONCEALED_PUNGS PUNG_OF_TERMINALS_OR_HONORS "
         "FULLY_CONCEALED_HAND ONE_VOIDED_SUIT NO_HONORS SINGLE_WAIT", 48, "S", id="same, self-drawn: 不求人 not 自摸"),
    flagged("[123p]1112223335p5p", "QUADRUPLE_CHOW FULL_FLUSH REVERSIBLE_TILES ALL_CHOWS", 82,
         id="quadruple chow 82 beats 111-222-333 + three tile hogs; 4p also completes (111 222 33 345)"),
    flagged("[EEE]1112223339m9m", "PURE_SHIFTED_PUNGS THREE_CONCEALED_PUNGS ALL_PUNGS HALF_FLUSH PREVALENT_WIND SEAT_WIND "
         "PUNG_OF_TERMINALS_OR_HONORS SINGLE_WAIT", 58, id="pung reading 58 beats triple chow + outside hand 39"),
    flagged("112233778899m5s5s", "SEVEN_PAIRS ONE_VOIDED_SUIT NO_HONORS", 26,
         id="seven pairs 26 beats 123-123-789-789 chows"),
    flagged("[123m]123778899m5s5s", "PURE_DOUBLE_CHOW*2 TWO_TERMINAL_CHOWS ALL_CHOWS ONE_VOIDED_SUIT SINGLE_WAIT", 7,
         id="two pure double chows + one two-terminal-chows (H2, 4 chows at most 3 links)"),
    flagged("445566m445566s5p5p", "MIDDLE_TILES ALL_FIVE CONCEALED_HAND ALL_CHOWS PURE_DOUBLE_CHOW*2 MIXED_DOUBLE_CHOW "
         "SINGLE_WAIT", 48, id="tie 48 with seven pairs + middle tiles: the four-sets reading is shown"),
    flagged("1122334455667m7m", "SEVEN_SHIFTED_PAIRS", 88, id="seven shifted pairs 1-7"),
    flagged("1122334455667m7m", "SEVEN_SHIFTED_PAIRS SELF_DRAWN", 89, "S", id="seven shifted pairs self-drawn"),
    flagged("2233445566778p8p", "SEVEN_SHIFTED_PAIRS ALL_SIMPLES", 90, id="seven shifted pairs 2-8 + all simples (S4)"),
]

# ------------------------------------------------------------------ H2: set combinations
COMBINATIONS = [
    flagged("112233456789m5p5p", "PURE_STRAIGHT PURE_DOUBLE_CHOW ALL_CHOWS CONCEALED_HAND ONE_VOIDED_SUIT SINGLE_WAIT", 23,
         id="pure straight + extra 123: pure double chow once (not short straight too)"),
    flagged("123445566789mEE", "PURE_STRAIGHT PURE_DOUBLE_CHOW HALF_FLUSH CONCEALED_HAND SINGLE_WAIT", 26,
         id="pure straight + extra 456: one pure double chow only"),
    flagged("23344455678s55p9s", "PURE_SHIFTED_CHOWS SHORT_STRAIGHT ALL_CHOWS CONCEALED_HAND ONE_VOIDED_SUIT", 22,
         id="234-345-456 + 789: pure shifted chows + short straight 456-789"),
    flagged("[234m][234m][234m]567s8p8p", "PURE_TRIPLE_CHOW ALL_CHOWS ALL_SIMPLES SINGLE_WAIT", 29,
         id="melded pure triple chow: no pure double chow"),
    flagged("12345m123s12355p6m", "MIXED_TRIPLE_CHOW SHORT_STRAIGHT ALL_CHOWS CONCEALED_HAND", 13,
         id="mixed triple chow + extra 456m: short straight with 123m"),
    flagged("1239m112233s123p9m", "MIXED_TRIPLE_CHOW OUTSIDE_HAND ALL_CHOWS CONCEALED_HAND PURE_DOUBLE_CHOW SINGLE_WAIT",
         18, id="mixed triple chow + extra 123s: pure double chow, not mixed double chow"),
    flagged("123m123456s5589p7p", "MIXED_STRAIGHT MIXED_DOUBLE_CHOW ALL_CHOWS CONCEALED_HAND EDGE_WAIT", 14,
         id="mixed straight + extra 123s: mixed double chow with 123m before short straight with 456s"),
    flagged("9s122333444556p9s", "FOUR_PURE_SHIFTED_CHOWS ALL_CHOWS CONCEALED_HAND ONE_VOIDED_SUIT SINGLE_WAIT", 38,
         id="four shifted chows by 1: no short straight 123-456"),
    flagged("123345567789sEE", "FOUR_PURE_SHIFTED_CHOWS HALF_FLUSH CONCEALED_HAND SINGLE_WAIT", 41,
         id="four shifted chows by 2: no two terminal chows, no pure shifted chows"),
    flagged("[222m1][222s1]456s2229p9p", "TRIPLE_PUNG NO_HONORS SINGLE_WAIT", 18, id="triple pung excludes double pung"),
    flagged("[222m][555p]9m222555s9m", "DOUBLE_PUNG*2 ALL_PUNGS TWO_CONCEALED_PUNGS NO_HONORS SINGLE_WAIT", 14,
         id="two double pungs"),
    flagged("[333p1][444s1]444555p7m7m", "PURE_SHIFTED_PUNGS DOUBLE_PUNG ALL_PUNGS TWO_CONCEALED_PUNGS ALL_SIMPLES "
         "SINGLE_WAIT", 37, id="pure shifted pungs + free pung 444s: one double pung"),
    flagged("[333m1]2444s555678p2s", "MIXED_SHIFTED_PUNGS TWO_CONCEALED_PUNGS ALL_SIMPLES", 12,
         id="mixed shifted pungs; 2s not a unique wait (3s also completes)"),
    flagged("[EEE]123456m777s9p9p", "PREVALENT_WIND SEAT_WIND SHORT_STRAIGHT SINGLE_WAIT", 6,
         id="wind pung: prevalent + seat, no pung of terminals; below the minimum"),
    flagged("123789m123s1999p1p", "OUTSIDE_HAND CONCEALED_HAND TWO_TERMINAL_CHOWS MIXED_DOUBLE_CHOW "
         "PUNG_OF_TERMINALS_OR_HONORS NO_HONORS SINGLE_WAIT", 11, id="outside hand with two-terminal + mixed double"),
    flagged("234567s234567p5m5m", "MIXED_DOUBLE_CHOW*2 SHORT_STRAIGHT ALL_CHOWS CONCEALED_HAND ALL_SIMPLES SINGLE_WAIT", 10,
         id="H2 example 234567s + 234567p"),
    flagged("5m234s223344567p5m", "PURE_DOUBLE_CHOW MIXED_DOUBLE_CHOW SHORT_STRAIGHT ALL_CHOWS CONCEALED_HAND "
         "ALL_SIMPLES SINGLE_WAIT", 10, id="234s + 223344567p: pure double + mixed double + short straight"),
    flagged("123m1235s112233p5s", "MIXED_TRIPLE_CHOW PURE_DOUBLE_CHOW ALL_CHOWS CONCEALED_HAND SINGLE_WAIT", 14,
         id="mixed triple chow + 123p again: pure double chow"),
    flagged("123m123s1237895p5p", "MIXED_TRIPLE_CHOW TWO_TERMINAL_CHOWS ALL_CHOWS CONCEALED_HAND SINGLE_WAIT", 14,
         id="mixed triple chow + 789p: two terminal chows with 123p"),
]

# ------------------------------------------------------------------ honours and pungs
PUNGS = [
    flagged("[SSS1]123m5789s456p5s", "MIXED_STRAIGHT PUNG_OF_TERMINALS_OR_HONORS SINGLE_WAIT", 10,
         id="south pung, seat and prevalent east: pung of terminals or honors"),
    flagged("[SSS1]123m5789s456p5s", "MIXED_STRAIGHT SEAT_WIND SINGLE_WAIT", 11, winds="SE", id="south pung as seat wind"),
    flagged("[SSS1]123m5789s456p5s", "MIXED_STRAIGHT PREVALENT_WIND SINGLE_WAIT", 11, winds="ES",
         id="south pung as prevalent wind"),
    flagged("[SSS1]123m5789s456p5s", "MIXED_STRAIGHT PREVALENT_WIND SEAT_WIND SINGLE_WAIT", 13, winds="SS",
         id="south pung as both winds: no pung of terminals"),
    flagged("[EEE][SSS]1235mWWW5m", "BIG_THREE_WINDS HALF_FLUSH PREVALENT_WIND SEAT_WIND SINGLE_WAIT", 23, winds="SE",
         id="big three winds with seat and prevalent"),
    flagged("[EEE][SSS][WWW]12mNN3m", "LITTLE_FOUR_WINDS HALF_FLUSH OUTSIDE_HAND PREVALENT_WIND SEAT_WIND EDGE_WAIT",
         79, id="little four winds keeps prevalent + seat wind and outside hand"),
    flagged("[EEE1][SSS1][WWW1][NNN1]1m1m", "BIG_FOUR_WINDS ALL_TERMINALS_AND_HONORS HALF_FLUSH MELDED_HAND", 132,
         id="big four winds + all terminals and honours + melded hand"),
    flagged("[EEE1][SSS1][WWW1][NNN1]5m5m", "BIG_FOUR_WINDS HALF_FLUSH MELDED_HAND", 100,
         id="big four winds + half flush + melded hand (no single wait)"),
    flagged("[CCC]111m999s7899p9p", "DRAGON_PUNG PUNG_OF_TERMINALS_OR_HONORS*2 TWO_CONCEALED_PUNGS OUTSIDE_HAND", 10,
         id="dragon pung + two terminal pungs; 7899p+9p not unique"),
    flagged("[CCC][FFF]999m123pEE", "TWO_DRAGONS_PUNGS OUTSIDE_HAND PUNG_OF_TERMINALS_OR_HONORS ONE_VOIDED_SUIT "
         "SINGLE_WAIT", 13, id="two dragon pungs + outside hand"),
    flagged("[CCC][FFF]123456mPP", "LITTLE_THREE_DRAGONS HALF_FLUSH SHORT_STRAIGHT SINGLE_WAIT", 72,
         id="little three dragons"),
    flagged("[CCC][FFF][PPP]1119m9m", "BIG_THREE_DRAGONS ALL_TERMINALS_AND_HONORS HALF_FLUSH SINGLE_WAIT", 127,
         id="big three dragons + all terminals and honours (no pung of terminals, no all pungs)"),
    flagged("[EEE][SSS]WWWCCCFF", "ALL_HONORS BIG_THREE_WINDS DRAGON_PUNG PREVALENT_WIND SEAT_WIND TWO_CONCEALED_PUNGS "
         "SINGLE_WAIT", 85, id="all honours + big three winds + dragon pung + winds"),
]

# ------------------------------------------------------------------ kongs and concealment
KONGS = [
    flagged("[1111m]89m23455s567p7m", "CONCEALED_KONG CONCEALED_HAND PUNG_OF_TERMINALS_OR_HONORS NO_HONORS EDGE_WAIT", 7,
         id="concealed kong keeps concealed hand"),
    flagged("[1111m]89m23455s567p7m", "CONCEALED_KONG FULLY_CONCEALED_HAND PUNG_OF_TERMINALS_OR_HONORS NO_HONORS "
         "EDGE_WAIT", 9, "S", id="concealed kong, self-drawn: fully concealed"),
    flagged("[1111m]89m23455s567p7m", "OUT_WITH_REPLACEMENT_TILE CONCEALED_KONG FULLY_CONCEALED_HAND "
         "PUNG_OF_TERMINALS_OR_HONORS NO_HONORS EDGE_WAIT", 17, "SK",
         id="out with replacement tile + fully concealed"),
    flagged("[1111m][EEEE1]2345s567p5s", "CONCEALED_KONG_AND_MELDED_KONG PREVALENT_WIND PUNG_OF_TERMINALS_OR_HONORS", 8,
         winds="SE", id="K1 concealed + melded kong = 5; 2s also completes (22 + 345s)"),
    flagged("[1111m][9999m]5s123789p5s", "TWO_CONCEALED_KONGS PUNG_OF_TERMINALS_OR_HONORS*2 CONCEALED_HAND "
         "TWO_TERMINAL_CHOWS NO_HONORS SINGLE_WAIT", 13, id="two concealed kongs exclude two concealed pungs"),
    flagged("[1111m][9999m]555s1239p9p", "TWO_CONCEALED_KONGS THREE_CONCEALED_PUNGS PUNG_OF_TERMINALS_OR_HONORS*2 "
         "CONCEALED_HAND NO_HONORS SINGLE_WAIT", 28, id="two concealed kongs + a concealed pung: three concealed pungs"),
    flagged("[1111m1][9999m2]5s123789p5s", "TWO_MELDED_KONGS PUNG_OF_TERMINALS_OR_HONORS*2 TWO_TERMINAL_CHOWS NO_HONORS "
         "SINGLE_WAIT", 9, id="two melded kongs"),
    flagged("[1111m][2222s1][3333p1]789m5s5s", "THREE_KONGS MIXED_SHIFTED_PUNGS PUNG_OF_TERMINALS_OR_HONORS NO_HONORS "
         "SINGLE_WAIT", 43, id="three kongs replace the kong fans; kongs make mixed shifted pungs"),
    flagged("[1111m1][2222m1][3333m1][4444m1]5m5m", "FOUR_KONGS FOUR_PURE_SHIFTED_PUNGS FULL_FLUSH MELDED_HAND "
         "PUNG_OF_TERMINALS_OR_HONORS", 167, id="four melded kongs + melded hand (W1)"),
    flagged("[1111m1][2222m1][3333m1][4444m1]5m5m", "FOUR_KONGS FOUR_PURE_SHIFTED_PUNGS FULL_FLUSH SELF_DRAWN "
         "PUNG_OF_TERMINALS_OR_HONORS", 162, "S", id="four melded kongs self-drawn: self-drawn, not melded hand"),
    flagged("[1111m][2222s1][3333p1][EEEE1]9p9p", "FOUR_KONGS MIXED_SHIFTED_PUNGS PREVALENT_WIND SEAT_WIND "
         "PUNG_OF_TERMINALS_OR_HONORS", 101, id="four kongs with a concealed one: no melded hand, no single wait"),
    flagged("[1111m][2222m][3333m][4444m]5m5m", "FOUR_KONGS FOUR_CONCEALED_PUNGS FOUR_PURE_SHIFTED_PUNGS FULL_FLUSH "
         "PUNG_OF_TERMINALS_OR_HONORS", 225, id="four concealed kongs: four concealed pungs, no concealed hand"),
    flagged("111m222s3334455p5p", "FOUR_CONCEALED_PUNGS MIXED_SHIFTED_PUNGS PUNG_OF_TERMINALS_OR_HONORS NO_HONORS "
         "SELF_DRAWN", 75, "S", id="four concealed pungs self-drawn: self-drawn only (S2)"),
    flagged("111m222s3334445p5p", "FOUR_CONCEALED_PUNGS MIXED_SHIFTED_PUNGS PUNG_OF_TERMINALS_OR_HONORS NO_HONORS", 74,
         id="four concealed pungs on a discard completing the pair"),
    flagged("111m222s3334455p4p", "THREE_CONCEALED_PUNGS MIXED_SHIFTED_PUNGS ALL_PUNGS CONCEALED_HAND "
         "PUNG_OF_TERMINALS_OR_HONORS NO_HONORS", 34, id="discard completes a pung: three concealed pungs"),
    flagged("111m22299s55577p7p", "THREE_CONCEALED_PUNGS ALL_PUNGS CONCEALED_HAND PUNG_OF_TERMINALS_OR_HONORS NO_HONORS",
         26, id="shanpon on a discard: the completed pung is exposed"),
    flagged("111m22299s55577p7p", "FOUR_CONCEALED_PUNGS PUNG_OF_TERMINALS_OR_HONORS NO_HONORS SELF_DRAWN", 67, "S",
         id="shanpon self-drawn: four concealed pungs"),
    flagged("11123m999s55577p1m", "THREE_CONCEALED_PUNGS TILE_HOG PUNG_OF_TERMINALS_OR_HONORS*2 CONCEALED_HAND NO_HONORS",
         23, id="discarded 1m joins the chow 123m: 111m stays concealed"),
    flagged("[123m][456s][789p][EEEE2]5p5p", "MIXED_STRAIGHT MELDED_HAND PREVALENT_WIND SEAT_WIND MELDED_KONG", 19,
         id="melded hand with a melded kong"),
    flagged("[123m][456s][789p][EEEE2]5p5p", "MIXED_STRAIGHT PREVALENT_WIND SEAT_WIND MELDED_KONG SELF_DRAWN SINGLE_WAIT",
         15, "S", id="same self-drawn: no melded hand, single wait counts"),
    flagged("[123m][456s][789p][EEEE]5p5p", "MIXED_STRAIGHT PREVALENT_WIND SEAT_WIND CONCEALED_KONG SINGLE_WAIT", 15,
         id="concealed kong: never melded hand (W1)"),
]

# ------------------------------------------------------------------ whole-hand shape and suits
SHAPES = [
    flagged("345m455556s5567p5p", "ALL_FIVE MIXED_SHIFTED_CHOWS TILE_HOG CONCEALED_HAND", 26,
         id="all five + tile hog of 5s (555s + 456s)"),
    flagged("[222m][444s]2s666888p2s", "ALL_EVEN_PUNGS TWO_CONCEALED_PUNGS SINGLE_WAIT", 27, id="all even pungs"),
    flagged("[222m][222s]4446888p6p", "ALL_EVEN_PUNGS DOUBLE_PUNG TWO_CONCEALED_PUNGS", 28,
         id="all even pungs + double pung; 6p not unique"),
    flagged("123456m789s234pEE", "SHORT_STRAIGHT CONCEALED_HAND SINGLE_WAIT", 4, id="honour pair: no all chows"),
    flagged("234m22345s45667p8p", "MIXED_SHIFTED_CHOWS ALL_CHOWS ALL_SIMPLES CONCEALED_HAND", 12,
         id="all chows + all simples, no no-honours"),
    flagged("123m456s789pEEECC", "MIXED_STRAIGHT ALL_TYPES PREVALENT_WIND SEAT_WIND CONCEALED_HAND SINGLE_WAIT", 21,
         id="all types"),
    flagged("888s1233459pPPP9p", "REVERSIBLE_TILES DRAGON_PUNG TWO_CONCEALED_PUNGS CONCEALED_HAND SINGLE_WAIT", 15,
         id="reversible tiles exclude one voided suit"),
    flagged("223344666888sFF", "ALL_GREEN CONCEALED_HAND TWO_CONCEALED_PUNGS PURE_DOUBLE_CHOW SINGLE_WAIT", 94,
         id="all green with green dragon: no half flush"),
    flagged("2223344666888s2s", "ALL_GREEN FULL_FLUSH CONCEALED_HAND TWO_CONCEALED_PUNGS ALL_SIMPLES TILE_HOG "
         "PURE_DOUBLE_CHOW", 121, id="all green without green dragon: full flush (C2)"),
    flagged("789999m7789s789p7s", "MIXED_TRIPLE_CHOW UPPER_TILES TILE_HOG PUNG_OF_TERMINALS_OR_HONORS CONCEALED_HAND "
         "EDGE_WAIT", 38, id="upper tiles; 77s+89s: the unique wait 7s is an edge before a single"),
    flagged("455556m4456s456p4s", "MIXED_TRIPLE_CHOW MIDDLE_TILES TILE_HOG CONCEALED_HAND", 36,
         id="middle tiles exclude all simples; 4s not unique (7s)"),
    flagged("[123m][123m][123m]23m11s1m", "QUADRUPLE_CHOW LOWER_TILES OUTSIDE_HAND LAST_TILE ALL_CHOWS ONE_VOIDED_SUIT", 83,
         id="three 1m in own melds: last tile automatically (W2)"),
]

# ------------------------------------------------------------------ special forms
SPECIAL = [
    flagged("11112233m4455sEE", "SEVEN_PAIRS TILE_HOG ONE_VOIDED_SUIT", 27, id="seven pairs with four of a kind"),
    flagged("11112233m4455sEE", "SEVEN_PAIRS TILE_HOG ONE_VOIDED_SUIT SELF_DRAWN", 28, "S",
         id="seven pairs self-drawn: self-drawn only"),
    flagged("222233446688sFF", "ALL_GREEN SEVEN_PAIRS TILE_HOG", 114, id="all green seven pairs"),
    flagged("1199m1199s11pEEWW", "ALL_TERMINALS_AND_HONORS SEVEN_PAIRS", 56, id="all terminals and honours seven pairs"),
    flagged("EESSWWNNCCFFPP", "ALL_HONORS SEVEN_PAIRS", 88, id="all honours seven pairs"),
    flagged("111199m1199s119p9p", "ALL_TERMINALS SEVEN_PAIRS TILE_HOG", 90, id="all terminals seven pairs"),
    flagged("19m19s19pESWNCFPE", "THIRTEEN_ORPHANS", 88, id="thirteen orphans"),
    flagged("19m19s19pESWNCFPE", "THIRTEEN_ORPHANS SELF_DRAWN", 89, "S", id="thirteen orphans self-drawn"),
    flagged("19m19s19pEESWNCFP", "THIRTEEN_ORPHANS LAST_TILE", 92, "4", id="thirteen orphans last tile"),
    flagged("147m25s369pESWNCF", "LESSER_HONORS_AND_KNITTED_TILES", 12, id="lesser honours and knitted"),
    flagged("147m25s369pESWNCF", "LESSER_HONORS_AND_KNITTED_TILES SELF_DRAWN", 13, "S", id="lesser knitted self-drawn"),
    flagged("147m258s369pESWNC", "LESSER_HONORS_AND_KNITTED_TILES KNITTED_STRAIGHT", 24,
         id="lesser knitted with the whole knitted straight"),
    flagged("14m25s369pESWNCFP", "GREATER_HONORS_AND_KNITTED_TILES", 24, id="greater honours and knitted"),
    flagged("147m258s369pEEECC", "KNITTED_STRAIGHT ALL_TYPES PREVALENT_WIND SEAT_WIND CONCEALED_HAND SINGLE_WAIT", 25,
         id="knitted straight + wind pung + dragon pair"),
    flagged("147m12258s35569p3s", "KNITTED_STRAIGHT FULLY_CONCEALED_HAND ALL_CHOWS EDGE_WAIT", 19, "S",
         id="knitted straight + 12s+3s edge, self-drawn"),
    flagged("[EEE]147m258s369pCC", "KNITTED_STRAIGHT ALL_TYPES PREVALENT_WIND SEAT_WIND SINGLE_WAIT", 23,
         id="knitted straight with a melded wind pung"),
]

# ------------------------------------------------------------------ how the hand was won
SITUATIONS = [
    flagged("[123m][456s][789p]23s55p1s", "ROBBING_THE_KONG MIXED_STRAIGHT ALL_CHOWS MIXED_DOUBLE_CHOW", 19, "4K",
         id="robbing the kong excludes last tile"),
    flagged("[5555m1]123789s456pEE", "OUT_WITH_REPLACEMENT_TILE MELDED_KONG TWO_TERMINAL_CHOWS SINGLE_WAIT", 11, "SK",
         id="out with replacement tile after a melded kong"),
    flagged("123456789m123s5p5p", "PURE_STRAIGHT LAST_TILE_DRAW FULLY_CONCEALED_HAND ALL_CHOWS MIXED_DOUBLE_CHOW "
         "SINGLE_WAIT", 32, "SL", id="last tile draw + fully concealed"),
    flagged("123456789m123s5p5p", "PURE_STRAIGHT LAST_TILE_CLAIM CONCEALED_HAND ALL_CHOWS MIXED_DOUBLE_CHOW SINGLE_WAIT",
         30, "L", id="last tile claim + concealed hand"),
]

# ------------------------------------------------------------------ more interactions
MORE = [
    flagged("1122334466668m7m", "FULL_FLUSH TILE_HOG CONCEALED_HAND PURE_DOUBLE_CHOW", 29,
         id="source 001: 1122334466668 + 7 is no closed wait"),
    flagged("[123p][456p][789s]7779m9m", "SHORT_STRAIGHT NO_HONORS", 2, id="source 001: 7779 + 9 no single wait"),
    flagged("123123456m999sEE", "PURE_DOUBLE_CHOW SHORT_STRAIGHT PUNG_OF_TERMINALS_OR_HONORS CONCEALED_HAND ONE_VOIDED_SUIT "
         "SINGLE_WAIT", 7, id="three chows without a three-chow fan: at most two links"),
    flagged("[555m][555s]234m234p7s7s", "DOUBLE_PUNG ALL_SIMPLES MIXED_DOUBLE_CHOW SINGLE_WAIT", 6,
         id="two chows + two pungs: mixed double chow + double pung"),
    flagged("[123m]789s999pNNNCC", "ALL_TYPES OUTSIDE_HAND TWO_CONCEALED_PUNGS PUNG_OF_TERMINALS_OR_HONORS*2 SINGLE_WAIT",
         15, id="all types + outside hand"),
    flagged("[234m][678s][345p]45mEE6m", "CHICKEN_HAND", 8, id="chicken hand"),
    flagged("[234m][678s][345p]45mEE6m", "SELF_DRAWN", 1, "S", id="self-drawn is a fan: no chicken hand"),
    flagged("[123m]111m456s5789p5p", "MIXED_STRAIGHT TILE_HOG PUNG_OF_TERMINALS_OR_HONORS NO_HONORS SINGLE_WAIT", 13,
         id="tile hog across a melded chow and a concealed pung"),
    flagged("[111m1][111s1][999m1]1999p1p", "ALL_TERMINALS SINGLE_WAIT", 65,
         id="all terminals excludes double pung, all pungs, pung of terminals, no honours"),
    flagged("[111m1][111s1][111p1]999m9s9s", "ALL_TERMINALS TRIPLE_PUNG SINGLE_WAIT", 81,
         id="all terminals keeps triple pung (C4)"),
    flagged("[EEE][SSS][WWW]1119m9m", "ALL_TERMINALS_AND_HONORS BIG_THREE_WINDS HALF_FLUSH PREVALENT_WIND SEAT_WIND "
         "SINGLE_WAIT", 55, id="all terminals and honours + big three winds"),
    flagged("[EEE][SSS]1234569m9m", "HALF_FLUSH PREVALENT_WIND SEAT_WIND SHORT_STRAIGHT SINGLE_WAIT", 12, winds="SE",
         id="east prevalent, south seat"),
    flagged("[EEE][SSS]1234569m9m", "HALF_FLUSH PUNG_OF_TERMINALS_OR_HONORS*2 SHORT_STRAIGHT SINGLE_WAIT", 10, winds="WN",
         id="wind pungs that are neither seat nor prevalent"),
    flagged("[EEE][SSS]1234569m9m", "HALF_FLUSH SEAT_WIND PUNG_OF_TERMINALS_OR_HONORS SHORT_STRAIGHT SINGLE_WAIT", 11,
         winds="EW", id="seat east, prevalent west: the south pung is a pung of honours"),
    flagged("1239m234345s345p9m", "MIXED_SHIFTED_CHOWS MIXED_DOUBLE_CHOW ALL_CHOWS CONCEALED_HAND SINGLE_WAIT", 12,
         id="mixed shifted chows + extra 345s: mixed double chow"),
    flagged("112233345567pEE", "PURE_SHIFTED_CHOWS HALF_FLUSH CONCEALED_HAND PURE_DOUBLE_CHOW SINGLE_WAIT", 26,
         id="pure shifted chows by 2 + extra 123p: pure double chow"),
    flagged("123456778899pEE", "PURE_STRAIGHT HALF_FLUSH CONCEALED_HAND PURE_DOUBLE_CHOW SINGLE_WAIT", 26,
         id="pure straight + extra 789p: pure double chow, no two terminal chows"),
    flagged("123789m123789s5p5p", "THREE_SUITED_TERMINAL_CHOWS CONCEALED_HAND SINGLE_WAIT", 19,
         id="three-suited terminal chows: no all chows, mixed double chow, two terminal chows"),
    flagged("1122335577889m9m", "PURE_TERMINAL_CHOWS FULLY_CONCEALED_HAND", 68, "S",
         id="pure terminal chows self-drawn"),
    flagged("[123m][456s]78999s12p3p", "ROBBING_THE_KONG ALL_CHOWS MIXED_DOUBLE_CHOW SHORT_STRAIGHT EDGE_WAIT", 13, "K",
         id="robbing the kong with an edge wait"),
    flagged("[123m][456s]78999s12p3p", "LAST_TILE_CLAIM LAST_TILE ALL_CHOWS MIXED_DOUBLE_CHOW SHORT_STRAIGHT EDGE_WAIT",
         17, "4L", id="last tile claim + last tile"),
    flagged("[123m][456s]78999s12p3p", "LAST_TILE_CLAIM ROBBING_THE_KONG ALL_CHOWS MIXED_DOUBLE_CHOW SHORT_STRAIGHT "
         "EDGE_WAIT", 21, "KL", id="last tile claim + robbing the kong"),
    flagged("[5555m1]123789s456pEE", "LAST_TILE_DRAW OUT_WITH_REPLACEMENT_TILE MELDED_KONG TWO_TERMINAL_CHOWS "
         "SINGLE_WAIT", 19, "SKL", id="last tile draw + out with replacement tile"),
    flagged("[555p1]1247m258s369p2m", "KNITTED_STRAIGHT NO_HONORS SINGLE_WAIT", 14,
         id="knitted straight with a melded pung: single wait outside the nine"),
    flagged("[555p1]1147m258s369p1m", "KNITTED_STRAIGHT NO_HONORS", 13,
         id="knitted straight with a melded pung: pair of 1m is inside the nine, no single wait (S5)"),
    flagged("[9999s]147m258s369pFF", "KNITTED_STRAIGHT CONCEALED_KONG PUNG_OF_TERMINALS_OR_HONORS CONCEALED_HAND "
         "SINGLE_WAIT", 18, id="knitted straight + concealed kong: concealed hand, single wait"),
]

# ------------------------------------------------------------------ a third batch: special forms with situations, kongs
THIRD = [
    flagged("14m25s369pESWNCFP", "GREATER_HONORS_AND_KNITTED_TILES LAST_TILE", 28, "4", id="greater knitted + last tile"),
    flagged("147m25s369pESWNCF", "LESSER_HONORS_AND_KNITTED_TILES LAST_TILE_DRAW", 20, "SL",
         id="lesser knitted + last tile draw (no self-drawn)"),
    flagged("19m19s19pESWNCFPE", "THIRTEEN_ORPHANS LAST_TILE_CLAIM", 96, "L", id="thirteen orphans + last tile claim"),
    flagged("11112233m4455sEE", "SEVEN_PAIRS TILE_HOG ONE_VOIDED_SUIT LAST_TILE_CLAIM", 35, "L",
         id="seven pairs + last tile claim"),
    flagged("11m22s33pEESSCCFF", "SEVEN_PAIRS ALL_TYPES", 30, id="seven pairs + all types"),
    flagged("1155778899mEESS", "SEVEN_PAIRS HALF_FLUSH", 30, id="seven pairs + half flush"),
    flagged("223344m223344s4p4p", "SEVEN_PAIRS LOWER_FOUR ALL_SIMPLES", 38,
         id="seven pairs 38 beats 234-234-234-234 chows 22"),
    flagged("2266m4488s3355p77p", "SEVEN_PAIRS ALL_SIMPLES", 26, id="seven pairs + all simples, no no-honours"),
    flagged("445588s112299pPP", "SEVEN_PAIRS REVERSIBLE_TILES", 32, id="seven pairs + reversible tiles, no voided suit"),
    flagged("778899m778899s9p9p", "SEVEN_PAIRS UPPER_TILES", 48, id="seven pairs + upper tiles beats the chows reading"),
    flagged("[2222m]9m555s345777p9m", "THREE_CONCEALED_PUNGS CONCEALED_KONG CONCEALED_HAND NO_HONORS SINGLE_WAIT", 22,
         id="concealed kong + two concealed pungs = three concealed pungs"),
    flagged("[2222m1]9m555s345777p9m", "MELDED_KONG TWO_CONCEALED_PUNGS NO_HONORS SINGLE_WAIT", 5,
         id="melded kong + two concealed pungs; below the minimum"),
    flagged("[2222m1][8888s1]9m555s777p9m", "TWO_MELDED_KONGS ALL_PUNGS TWO_CONCEALED_PUNGS NO_HONORS SINGLE_WAIT", 14,
         id="two melded kongs + all pungs"),
    flagged("[2222m][8888s][5555p1]777p9m9m", "THREE_KONGS THREE_CONCEALED_PUNGS ALL_PUNGS NO_HONORS SINGLE_WAIT", 56,
         id="three kongs (two concealed) + a concealed pung: three concealed pungs, no two concealed kongs (K2)"),
    flagged("[1111m][9999s][EEEE][CCCC]5p5p", "FOUR_KONGS FOUR_CONCEALED_PUNGS OUT_WITH_REPLACEMENT_TILE ALL_TYPES "
         "PREVALENT_WIND SEAT_WIND DRAGON_PUNG PUNG_OF_TERMINALS_OR_HONORS*2", 174, "SK",
         id="four concealed kongs, out with replacement tile"),
    flagged("[1111m][2222s1]9m333555p9m", "CONCEALED_KONG_AND_MELDED_KONG THREE_CONCEALED_PUNGS MIXED_SHIFTED_PUNGS "
         "ALL_PUNGS PUNG_OF_TERMINALS_OR_HONORS NO_HONORS SINGLE_WAIT", 38,
         id="concealed + melded kong with two concealed pungs"),
    flagged("[1111m][PPPP5]1237s456p7s", "CONCEALED_KONG_AND_MELDED_KONG DRAGON_PUNG PUNG_OF_TERMINALS_OR_HONORS "
         "SINGLE_WAIT", 9, id="promoted kong is a melded kong (K3)"),
    flagged("[123m][456s][789p][PPPP6]5p5p", "MIXED_STRAIGHT MELDED_HAND DRAGON_PUNG MELDED_KONG", 17,
         id="promoted kong in a melded hand"),
    flagged("222333444555s9p9p", "FOUR_PURE_SHIFTED_PUNGS FOUR_CONCEALED_PUNGS ONE_VOIDED_SUIT NO_HONORS SINGLE_WAIT",
         115, id="four pure shifted pungs + four concealed pungs beats 234x3 + 555"),
    flagged("1111222233335m5m", "QUADRUPLE_CHOW FULL_FLUSH ALL_CHOWS CONCEALED_HAND", 76,
         id="concealed quadruple chow beats 111-222-333-123; 4m also completes (111 123 222 345 33)"),
    flagged("123456m1239s456p9s", "MIXED_DOUBLE_CHOW*2 SHORT_STRAIGHT ALL_CHOWS CONCEALED_HAND SINGLE_WAIT", 8,
         id="two mixed double chows + short straight (a tree of three links)"),
    flagged("[123m]123445566m9p9p", "PURE_DOUBLE_CHOW*2 SHORT_STRAIGHT ALL_CHOWS ONE_VOIDED_SUIT SINGLE_WAIT", 7,
         id="123-123-456-456: two pure double chows + one short straight"),
    flagged("123456789m123sEE", "PURE_STRAIGHT MIXED_DOUBLE_CHOW CONCEALED_HAND ONE_VOIDED_SUIT SINGLE_WAIT", 21,
         id="pure straight + 123s: mixed double chow"),
    flagged("[5555s]345456m5567p5p", "ALL_FIVE CONCEALED_KONG CONCEALED_HAND", 20, id="all five with a concealed kong"),
    flagged("[2222m][8888s]4446668p8p", "FOUR_CONCEALED_PUNGS ALL_EVEN_PUNGS TWO_CONCEALED_KONGS", 94,
         id="two concealed kongs + two concealed pungs: four concealed pungs + all even pungs; 7p also completes"),
    flagged("[123m][789s]22s44566p5p", "MIXED_STRAIGHT ALL_CHOWS PURE_DOUBLE_CHOW CLOSED_WAIT", 12,
         id="closed wait 46p + 5p; mixed straight + the other 456p as pure double chow"),
    flagged("[123m][456s]78999s12p3p", "LAST_TILE ALL_CHOWS MIXED_DOUBLE_CHOW SHORT_STRAIGHT EDGE_WAIT SELF_DRAWN", 10,
         "S4", id="last tile + self-drawn"),
    flagged("[111m1][222s1][333p1][EEE1]5m5m", "MIXED_SHIFTED_PUNGS ALL_PUNGS MELDED_HAND PREVALENT_WIND SEAT_WIND "
         "PUNG_OF_TERMINALS_OR_HONORS", 25, id="melded hand + all pungs, no single wait"),
    flagged("[111m1][222s1][333p1][EEE1]5m5m", "MIXED_SHIFTED_PUNGS ALL_PUNGS PREVALENT_WIND SEAT_WIND "
         "PUNG_OF_TERMINALS_OR_HONORS SELF_DRAWN SINGLE_WAIT", 21, "S", id="four melds self-drawn: single wait counts"),
    flagged("[777m1]999m777s5777p5p", "TRIPLE_PUNG THREE_CONCEALED_PUNGS ALL_PUNGS PUNG_OF_TERMINALS_OR_HONORS NO_HONORS",
         40, id="triple pung + three concealed pungs; 6p also completes (567 77p)"),
    flagged("[678m]788889s6789p9p", "UPPER_FOUR TILE_HOG MIXED_DOUBLE_CHOW", 15, id="upper four; 6789p not unique"),
    flagged("1223334459mNNN9m", "PURE_SHIFTED_CHOWS HALF_FLUSH CONCEALED_HAND PUNG_OF_TERMINALS_OR_HONORS SINGLE_WAIT", 26,
         id="north pung, seat and prevalent east"),
    flagged("1223334459mNNN9m", "PURE_SHIFTED_CHOWS HALF_FLUSH CONCEALED_HAND SEAT_WIND SINGLE_WAIT", 27, winds="NE",
         id="north pung as seat wind"),
    flagged("2222444466688m3m", "FULL_FLUSH THREE_CONCEALED_PUNGS TILE_HOG*2 CONCEALED_HAND ALL_SIMPLES", 48,
         id="no closed wait: 6m also completes, as seven pairs 22 22 44 44 66 66 88 (H3 in every form)"),
    flagged("1122233334444s2s", "QUADRUPLE_CHOW FULL_FLUSH LOWER_FOUR CONCEALED_HAND ALL_CHOWS", 88,
         id="11 + 234x4 beats 11 222 333 444 234; 5s also completes (11 234 234 234 345)"),
    flagged("[345m3]258m1477s369p7s", "KNITTED_STRAIGHT ALL_CHOWS", 14,
         id="S5: pair 77s completed by 7s, one of the nine: no single wait"),
]

TRICKY_HANDS = READINGS + COMBINATIONS + PUNGS + KONGS + SHAPES + SPECIAL + SITUATIONS + MORE + THIRD


@pytest.mark.parametrize(("notation", "flags", "winds", "fans", "total"), TRICKY_HANDS)
def test_fans_of_tricky_hands_with_situation_flags(notation: str, flags: str, winds: str, fans: str,
                                                   total: int) -> None:
    expected = _fan_counts(fans)
    assert sum(Fan(f).points * n for f, n in expected.items()) == total  # the table is consistent
    result = score(notation, _flags_ctx(flags, winds))
    got = {a.fan.value: a.count for a in result.fans}
    assert got == expected
    assert result.total == total
