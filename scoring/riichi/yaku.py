"""The yaku by Tenhou's numbering (0-54), with their names in English, romaji and Chinese.

The ids are Tenhou's names, so a hand scored here compares with a Tenhou log entry by entry. The English
name is the catalogue's msgid (msgctxt "yaku"), the romaji its comment, the Chinese the zh translation
(tools/make_texts.py adds them; the Chinese here is the translation's source).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class YakuName:
    tenhou_id: int
    id: str
    romaji: str
    en: str
    zh: str


_ROWS = (
    ("menzen_tsumo", "Menzen tsumo", "Fully concealed self-draw", "门前清自摸和"),
    ("riichi", "Riichi", "Riichi", "立直"),
    ("ippatsu", "Ippatsu", "One shot", "一发"),
    ("chankan", "Chankan", "Robbing a kan", "抢杠"),
    ("rinshan", "Rinshan kaihou", "After a kan", "岭上开花"),
    ("haitei", "Haitei raoyue", "Last tile drawn", "海底摸月"),
    ("houtei", "Houtei raoyui", "Last discard", "河底捞鱼"),
    ("pinfu", "Pinfu", "All sequences", "平和"),
    ("tanyao", "Tanyao", "All simples", "断幺九"),
    ("iipeiko", "Iipeikou", "Pure double sequence", "一杯口"),
    ("seat_wind_east", "Jikaze ton", "Seat wind East", "门风 东"),
    ("seat_wind_south", "Jikaze nan", "Seat wind South", "门风 南"),
    ("seat_wind_west", "Jikaze shaa", "Seat wind West", "门风 西"),
    ("seat_wind_north", "Jikaze pei", "Seat wind North", "门风 北"),
    ("round_wind_east", "Bakaze ton", "Round wind East", "圈风 东"),
    ("round_wind_south", "Bakaze nan", "Round wind South", "圈风 南"),
    ("round_wind_west", "Bakaze shaa", "Round wind West", "圈风 西"),
    ("round_wind_north", "Bakaze pei", "Round wind North", "圈风 北"),
    ("haku", "Haku", "White dragon", "役牌 白"),
    ("hatsu", "Hatsu", "Green dragon", "役牌 发"),
    ("chun", "Chun", "Red dragon", "役牌 中"),
    ("daburu_riichi", "Daburu riichi", "Double riichi", "两立直"),
    ("chiitoitsu", "Chiitoitsu", "Seven pairs", "七对子"),
    ("chantai", "Chanta", "Half outside hand", "混全带幺九"),
    ("ittsu", "Ittsuu", "Pure straight", "一气通贯"),
    ("sanshoku", "Sanshoku doujun", "Mixed triple sequence", "三色同顺"),
    ("sanshoku_doukou", "Sanshoku doukou", "Triple triplets", "三色同刻"),
    ("sankantsu", "Sankantsu", "Three kans", "三杠子"),
    ("toitoi", "Toitoi", "All triplets", "对对和"),
    ("sanankou", "Sanankou", "Three concealed triplets", "三暗刻"),
    ("shosangen", "Shousangen", "Little three dragons", "小三元"),
    ("honroto", "Honroutou", "All terminals and honours", "混老头"),
    ("ryanpeikou", "Ryanpeikou", "Twice pure double sequence", "二杯口"),
    ("junchan", "Junchan", "Fully outside hand", "纯全带幺九"),
    ("honitsu", "Honitsu", "Half flush", "混一色"),
    ("chinitsu", "Chinitsu", "Full flush", "清一色"),
    ("renhou", "Renhou", "Blessing of man", "人和"),
    ("tenhou", "Tenhou", "Blessing of heaven", "天和"),
    ("chiihou", "Chiihou", "Blessing of earth", "地和"),
    ("daisangen", "Daisangen", "Big three dragons", "大三元"),
    ("suuankou", "Suuankou", "Four concealed triplets", "四暗刻"),
    ("suuankou_tanki", "Suuankou tanki", "Four concealed triplets, single wait", "四暗刻单骑"),
    ("tsuuiisou", "Tsuuiisou", "All honours", "字一色"),
    ("ryuuiisou", "Ryuuiisou", "All green", "绿一色"),
    ("chinroutou", "Chinroutou", "All terminals", "清老头"),
    ("chuuren_poutou", "Chuuren poutou", "Nine gates", "九莲宝灯"),
    ("junsei_chuuren_poutou", "Junsei chuuren poutou", "True nine gates", "纯正九莲宝灯"),
    ("kokushi_musou", "Kokushi musou", "Thirteen orphans", "国士无双"),
    ("kokushi_musou_13", "Kokushi musou juusan menmachi", "Thirteen orphans, 13-sided wait", "国士无双十三面"),
    ("daisuushii", "Daisuushii", "Big four winds", "大四喜"),
    ("shousuushii", "Shousuushii", "Little four winds", "小四喜"),
    ("suukantsu", "Suukantsu", "Four kans", "四杠子"),
    ("dora", "Dora", "Dora", "宝牌"),
    ("ura_dora", "Uradora", "Uradora", "里宝牌"),
    ("aka_dora", "Akadora", "Red five", "赤宝牌"),
)

# The input object's situation flags and the limits' names (``mcr-score --rules``): here, beside the names,
# so the words of the pages read them without loading the scorer and ``mahjong``.
FLAGS = ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou")
LIMITS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman")

YAKU: tuple[YakuName, ...] = tuple(YakuName(i, *row) for i, row in enumerate(_ROWS))
BY_ID: dict[str, YakuName] = {y.id: y for y in YAKU}
