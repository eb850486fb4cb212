"""The 82 fans of FANS.md: stable identifiers, points and both names.

Persist ``Fan`` values (their string codes), never ordinals.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Fan(StrEnum):
    BIG_FOUR_WINDS = "BIG_FOUR_WINDS"
    BIG_THREE_DRAGONS = "BIG_THREE_DRAGONS"
    ALL_GREEN = "ALL_GREEN"
    NINE_GATES = "NINE_GATES"
    FOUR_KONGS = "FOUR_KONGS"
    SEVEN_SHIFTED_PAIRS = "SEVEN_SHIFTED_PAIRS"
    THIRTEEN_ORPHANS = "THIRTEEN_ORPHANS"
    ALL_TERMINALS = "ALL_TERMINALS"
    LITTLE_FOUR_WINDS = "LITTLE_FOUR_WINDS"
    LITTLE_THREE_DRAGONS = "LITTLE_THREE_DRAGONS"
    ALL_HONORS = "ALL_HONORS"
    FOUR_CONCEALED_PUNGS = "FOUR_CONCEALED_PUNGS"
    PURE_TERMINAL_CHOWS = "PURE_TERMINAL_CHOWS"
    QUADRUPLE_CHOW = "QUADRUPLE_CHOW"
    FOUR_PURE_SHIFTED_PUNGS = "FOUR_PURE_SHIFTED_PUNGS"
    FOUR_PURE_SHIFTED_CHOWS = "FOUR_PURE_SHIFTED_CHOWS"
    THREE_KONGS = "THREE_KONGS"
    ALL_TERMINALS_AND_HONORS = "ALL_TERMINALS_AND_HONORS"
    SEVEN_PAIRS = "SEVEN_PAIRS"
    GREATER_HONORS_AND_KNITTED_TILES = "GREATER_HONORS_AND_KNITTED_TILES"
    ALL_EVEN_PUNGS = "ALL_EVEN_PUNGS"
    FULL_FLUSH = "FULL_FLUSH"
    PURE_TRIPLE_CHOW = "PURE_TRIPLE_CHOW"
    PURE_SHIFTED_PUNGS = "PURE_SHIFTED_PUNGS"
    UPPER_TILES = "UPPER_TILES"
    MIDDLE_TILES = "MIDDLE_TILES"
    LOWER_TILES = "LOWER_TILES"
    PURE_STRAIGHT = "PURE_STRAIGHT"
    THREE_SUITED_TERMINAL_CHOWS = "THREE_SUITED_TERMINAL_CHOWS"
    PURE_SHIFTED_CHOWS = "PURE_SHIFTED_CHOWS"
    ALL_FIVE = "ALL_FIVE"
    TRIPLE_PUNG = "TRIPLE_PUNG"
    THREE_CONCEALED_PUNGS = "THREE_CONCEALED_PUNGS"
    LESSER_HONORS_AND_KNITTED_TILES = "LESSER_HONORS_AND_KNITTED_TILES"
    KNITTED_STRAIGHT = "KNITTED_STRAIGHT"
    UPPER_FOUR = "UPPER_FOUR"
    LOWER_FOUR = "LOWER_FOUR"
    BIG_THREE_WINDS = "BIG_THREE_WINDS"
    MIXED_STRAIGHT = "MIXED_STRAIGHT"
    REVERSIBLE_TILES = "REVERSIBLE_TILES"
    MIXED_TRIPLE_CHOW = "MIXED_TRIPLE_CHOW"
    MIXED_SHIFTED_PUNGS = "MIXED_SHIFTED_PUNGS"
    CHICKEN_HAND = "CHICKEN_HAND"
    LAST_TILE_DRAW = "LAST_TILE_DRAW"
    LAST_TILE_CLAIM = "LAST_TILE_CLAIM"
    OUT_WITH_REPLACEMENT_TILE = "OUT_WITH_REPLACEMENT_TILE"
    ROBBING_THE_KONG = "ROBBING_THE_KONG"
    ALL_PUNGS = "ALL_PUNGS"
    HALF_FLUSH = "HALF_FLUSH"
    MIXED_SHIFTED_CHOWS = "MIXED_SHIFTED_CHOWS"
    ALL_TYPES = "ALL_TYPES"
    MELDED_HAND = "MELDED_HAND"
    TWO_CONCEALED_KONGS = "TWO_CONCEALED_KONGS"
    TWO_DRAGONS_PUNGS = "TWO_DRAGONS_PUNGS"
    OUTSIDE_HAND = "OUTSIDE_HAND"
    FULLY_CONCEALED_HAND = "FULLY_CONCEALED_HAND"
    TWO_MELDED_KONGS = "TWO_MELDED_KONGS"
    LAST_TILE = "LAST_TILE"
    DRAGON_PUNG = "DRAGON_PUNG"
    PREVALENT_WIND = "PREVALENT_WIND"
    SEAT_WIND = "SEAT_WIND"
    CONCEALED_HAND = "CONCEALED_HAND"
    ALL_CHOWS = "ALL_CHOWS"
    TILE_HOG = "TILE_HOG"
    DOUBLE_PUNG = "DOUBLE_PUNG"
    TWO_CONCEALED_PUNGS = "TWO_CONCEALED_PUNGS"
    CONCEALED_KONG = "CONCEALED_KONG"
    ALL_SIMPLES = "ALL_SIMPLES"
    PURE_DOUBLE_CHOW = "PURE_DOUBLE_CHOW"
    MIXED_DOUBLE_CHOW = "MIXED_DOUBLE_CHOW"
    SHORT_STRAIGHT = "SHORT_STRAIGHT"
    TWO_TERMINAL_CHOWS = "TWO_TERMINAL_CHOWS"
    PUNG_OF_TERMINALS_OR_HONORS = "PUNG_OF_TERMINALS_OR_HONORS"
    MELDED_KONG = "MELDED_KONG"
    ONE_VOIDED_SUIT = "ONE_VOIDED_SUIT"
    NO_HONORS = "NO_HONORS"
    EDGE_WAIT = "EDGE_WAIT"
    CLOSED_WAIT = "CLOSED_WAIT"
    SINGLE_WAIT = "SINGLE_WAIT"
    SELF_DRAWN = "SELF_DRAWN"
    FLOWER_TILES = "FLOWER_TILES"
    CONCEALED_KONG_AND_MELDED_KONG = "CONCEALED_KONG_AND_MELDED_KONG"

    @property
    def info(self) -> FanInfo:
        return FAN_INFO[self]

    @property
    def points(self) -> int:
        return FAN_INFO[self].points

    @property
    def zh(self) -> str:
        return FAN_INFO[self].zh

    @property
    def en(self) -> str:
        return FAN_INFO[self].en

    @property
    def number(self) -> int:
        """The number in FANS.md (1–82), the usual order of a breakdown."""
        return FAN_INFO[self].number


@dataclass(frozen=True, slots=True)
class FanInfo:
    number: int
    points: int
    zh: str
    en: str


FAN_INFO: dict[Fan, FanInfo] = {
    Fan.BIG_FOUR_WINDS: FanInfo(1, 88, "大四喜", "Big Four Winds"),
    Fan.BIG_THREE_DRAGONS: FanInfo(2, 88, "大三元", "Big Three Dragons"),
    Fan.ALL_GREEN: FanInfo(3, 88, "绿一色", "All Green"),
    Fan.NINE_GATES: FanInfo(4, 88, "九莲宝灯", "Nine Gates"),
    Fan.FOUR_KONGS: FanInfo(5, 88, "四杠", "Four Kongs"),
    Fan.SEVEN_SHIFTED_PAIRS: FanInfo(6, 88, "连七对", "Seven Shifted Pairs"),
    Fan.THIRTEEN_ORPHANS: FanInfo(7, 88, "十三幺", "Thirteen Orphans"),
    Fan.ALL_TERMINALS: FanInfo(8, 64, "清幺九", "All Terminals"),
    Fan.LITTLE_FOUR_WINDS: FanInfo(9, 64, "小四喜", "Little Four Winds"),
    Fan.LITTLE_THREE_DRAGONS: FanInfo(10, 64, "小三元", "Little Three Dragons"),
    Fan.ALL_HONORS: FanInfo(11, 64, "字一色", "All Honors"),
    Fan.FOUR_CONCEALED_PUNGS: FanInfo(12, 64, "四暗刻", "Four Concealed Pungs"),
    Fan.PURE_TERMINAL_CHOWS: FanInfo(13, 64, "一色双龙会", "Pure Terminal Chows"),
    Fan.QUADRUPLE_CHOW: FanInfo(14, 48, "一色四同顺", "Quadruple Chow"),
    Fan.FOUR_PURE_SHIFTED_PUNGS: FanInfo(15, 48, "一色四节高", "Four Pure Shifted Pungs"),
    Fan.FOUR_PURE_SHIFTED_CHOWS: FanInfo(16, 32, "一色四步高", "Four Pure Shifted Chows"),
    Fan.THREE_KONGS: FanInfo(17, 32, "三杠", "Three Kongs"),
    Fan.ALL_TERMINALS_AND_HONORS: FanInfo(18, 32, "混幺九", "All Terminals and Honors"),
    Fan.SEVEN_PAIRS: FanInfo(19, 24, "七对", "Seven Pairs"),
    Fan.GREATER_HONORS_AND_KNITTED_TILES: FanInfo(20, 24, "七星不靠", "Greater Honors and Knitted Tiles"),
    Fan.ALL_EVEN_PUNGS: FanInfo(21, 24, "全双刻", "All Even Pungs"),
    Fan.FULL_FLUSH: FanInfo(22, 24, "清一色", "Full Flush"),
    Fan.PURE_TRIPLE_CHOW: FanInfo(23, 24, "一色三同顺", "Pure Triple Chow"),
    Fan.PURE_SHIFTED_PUNGS: FanInfo(24, 24, "一色三节高", "Pure Shifted Pungs"),
    Fan.UPPER_TILES: FanInfo(25, 24, "全大", "Upper Tiles"),
    Fan.MIDDLE_TILES: FanInfo(26, 24, "全中", "Middle Tiles"),
    Fan.LOWER_TILES: FanInfo(27, 24, "全小", "Lower Tiles"),
    Fan.PURE_STRAIGHT: FanInfo(28, 16, "清龙", "Pure Straight"),
    Fan.THREE_SUITED_TERMINAL_CHOWS: FanInfo(29, 16, "三色双龙会", "Three-Suited Terminal Chows"),
    Fan.PURE_SHIFTED_CHOWS: FanInfo(30, 16, "一色三步高", "Pure Shifted Chows"),
    Fan.ALL_FIVE: FanInfo(31, 16, "全带五", "All Five"),
    Fan.TRIPLE_PUNG: FanInfo(32, 16, "三同刻", "Triple Pung"),
    Fan.THREE_CONCEALED_PUNGS: FanInfo(33, 16, "三暗刻", "Three Concealed Pungs"),
    Fan.LESSER_HONORS_AND_KNITTED_TILES: FanInfo(34, 12, "全不靠", "Lesser Honors and Knitted Tiles"),
    Fan.KNITTED_STRAIGHT: FanInfo(35, 12, "组合龙", "Knitted Straight"),
    Fan.UPPER_FOUR: FanInfo(36, 12, "大于五", "Upper Four"),
    Fan.LOWER_FOUR: FanInfo(37, 12, "小于五", "Lower Four"),
    Fan.BIG_THREE_WINDS: FanInfo(38, 12, "三风刻", "Big Three Winds"),
    Fan.MIXED_STRAIGHT: FanInfo(39, 8, "花龙", "Mixed Straight"),
    Fan.REVERSIBLE_TILES: FanInfo(40, 8, "推不倒", "Reversible Tiles"),
    Fan.MIXED_TRIPLE_CHOW: FanInfo(41, 8, "三色三同顺", "Mixed Triple Chow"),
    Fan.MIXED_SHIFTED_PUNGS: FanInfo(42, 8, "三色三节高", "Mixed Shifted Pungs"),
    Fan.CHICKEN_HAND: FanInfo(43, 8, "无番和", "Chicken Hand"),
    Fan.LAST_TILE_DRAW: FanInfo(44, 8, "妙手回春", "Last Tile Draw"),
    Fan.LAST_TILE_CLAIM: FanInfo(45, 8, "海底捞月", "Last Tile Claim"),
    Fan.OUT_WITH_REPLACEMENT_TILE: FanInfo(46, 8, "杠上开花", "Out with Replacement Tile"),
    Fan.ROBBING_THE_KONG: FanInfo(47, 8, "抢杠和", "Robbing The Kong"),
    Fan.ALL_PUNGS: FanInfo(48, 6, "碰碰和", "All Pungs"),
    Fan.HALF_FLUSH: FanInfo(49, 6, "混一色", "Half Flush"),
    Fan.MIXED_SHIFTED_CHOWS: FanInfo(50, 6, "三色三步高", "Mixed Shifted Chows"),
    Fan.ALL_TYPES: FanInfo(51, 6, "五门齐", "All Types"),
    Fan.MELDED_HAND: FanInfo(52, 6, "全求人", "Melded Hand"),
    Fan.TWO_CONCEALED_KONGS: FanInfo(53, 6, "双暗杠", "Two Concealed Kongs"),
    Fan.TWO_DRAGONS_PUNGS: FanInfo(54, 6, "双箭刻", "Two Dragons Pungs"),
    Fan.OUTSIDE_HAND: FanInfo(55, 4, "全带幺", "Outside Hand"),
    Fan.FULLY_CONCEALED_HAND: FanInfo(56, 4, "不求人", "Fully Concealed Hand"),
    Fan.TWO_MELDED_KONGS: FanInfo(57, 4, "双明杠", "Two Melded Kongs"),
    Fan.LAST_TILE: FanInfo(58, 4, "和绝张", "Last Tile"),
    Fan.DRAGON_PUNG: FanInfo(59, 2, "箭刻", "Dragon Pung"),
    Fan.PREVALENT_WIND: FanInfo(60, 2, "圈风刻", "Prevalent Wind"),
    Fan.SEAT_WIND: FanInfo(61, 2, "门风刻", "Seat Wind"),
    Fan.CONCEALED_HAND: FanInfo(62, 2, "门前清", "Concealed Hand"),
    Fan.ALL_CHOWS: FanInfo(63, 2, "平和", "All Chows"),
    Fan.TILE_HOG: FanInfo(64, 2, "四归一", "Tile Hog"),
    Fan.DOUBLE_PUNG: FanInfo(65, 2, "双同刻", "Double Pung"),
    Fan.TWO_CONCEALED_PUNGS: FanInfo(66, 2, "双暗刻", "Two Concealed Pungs"),
    Fan.CONCEALED_KONG: FanInfo(67, 2, "暗杠", "Concealed Kong"),
    Fan.ALL_SIMPLES: FanInfo(68, 2, "断幺", "All Simples"),
    Fan.PURE_DOUBLE_CHOW: FanInfo(69, 1, "一般高", "Pure Double Chow"),
    Fan.MIXED_DOUBLE_CHOW: FanInfo(70, 1, "喜相逢", "Mixed Double Chow"),
    Fan.SHORT_STRAIGHT: FanInfo(71, 1, "连六", "Short Straight"),
    Fan.TWO_TERMINAL_CHOWS: FanInfo(72, 1, "老少副", "Two Terminal Chows"),
    Fan.PUNG_OF_TERMINALS_OR_HONORS: FanInfo(73, 1, "幺九刻", "Pung of Terminals or Honors"),
    Fan.MELDED_KONG: FanInfo(74, 1, "明杠", "Melded Kong"),
    Fan.ONE_VOIDED_SUIT: FanInfo(75, 1, "缺一门", "One Voided Suit"),
    Fan.NO_HONORS: FanInfo(76, 1, "无字", "No Honors"),
    Fan.EDGE_WAIT: FanInfo(77, 1, "边张", "Edge Wait"),
    Fan.CLOSED_WAIT: FanInfo(78, 1, "嵌张 (坎张)", "Closed Wait"),
    Fan.SINGLE_WAIT: FanInfo(79, 1, "单钓将", "Single Wait"),
    Fan.SELF_DRAWN: FanInfo(80, 1, "自摸", "Self-Drawn"),
    Fan.FLOWER_TILES: FanInfo(81, 1, "花牌", "Flower Tiles"),
    Fan.CONCEALED_KONG_AND_MELDED_KONG: FanInfo(82, 5, "明暗杠", "Concealed Kong and Melded Kong"),
}
