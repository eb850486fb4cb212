"""Fan tables: for each hand, the whole fan multiset {fan: count} and the total the engine must award.

Default situation: won on a discard, seat and prevailing wind East, no flowers (as in FANS.md). Expected
values are worked out by hand from FANS.md and source 001 §1.4, not copied from the engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import score
from scoring.fans import Fan
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
