"""The words of a game table (Riichi) in the catalogue: the outcomes, the abortive draws, the limits, the
columns of a session result, and the yaku names (``scoring.riichi.yaku``: the English name as msgid with
msgctxt ``yaku``, its romaji beside it). One home for them: the desk, the phone page, the PDFs, the site and
the workbook say them from here."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scoring.riichi.yaku import BY_ID, FLAGS
from texts import DEFAULT, Joined, Text, said

OUTCOMES: dict[str, Text] = {
    "ron": Text("Ron", "riichi_outcome"),
    "tsumo": Text("Tsumo", "riichi_outcome"),
    "draw": Text("Exhaustive draw", "riichi_outcome"),
    "abortive": Text("Abortive draw", "riichi_outcome"),
    "nagashi": Text("Nagashi mangan", "riichi_outcome"),
    "chombo": Text("Chombo", "riichi_outcome"),
}

ABORTIVE: dict[str, Text] = {
    "kyuushu": Text("Nine terminals", "riichi_abortive"),
    "suufon": Text("Four winds discarded", "riichi_abortive"),
    "suucha_riichi": Text("Four riichi", "riichi_abortive"),
    "suukaikan": Text("Four kans", "riichi_abortive"),
    "sanchahou": Text("Triple ron", "riichi_abortive"),
}

LIMITS: dict[str, Text] = {
    "mangan": Text("Mangan", "riichi_limit"),
    "haneman": Text("Haneman", "riichi_limit"),
    "baiman": Text("Baiman", "riichi_limit"),
    "sanbaiman": Text("Sanbaiman", "riichi_limit"),
    "yakuman": Text("Yakuman", "riichi_limit"),
}

COLUMNS: dict[str, Text] = {
    "round": Text("Round", "riichi_column"),
    "honba": Text("Honba", "riichi_column"),
    "deposits": Text("Deposits", "riichi_column"),
    "riichi": Text("Riichi", "riichi_column"),
    "han": Text("Han", "riichi_column"),
    "fu": Text("Fu", "riichi_column"),
    "raw": Text("Points", "riichi_column"),
    "uma": Text("Uma", "riichi_column"),
    "penalty": Text("Penalty", "riichi_column"),
    "score": Text("Score", "riichi_column"),
    "tenpai": Text("Tenpai", "riichi_column"),
    "pao": Text("Pao", "riichi_column"),
    "value": Text("Value", "riichi_column"),  # a win's han and fu, or its limit (the prize list)
    "yaku": Text("Yaku", "riichi_column"),
}

# beside a replacement player's session result (the presets' ``replacement_penalty``, docs/riichi.md)
REPLACEMENT = Text("replacement player: fixed result", "riichi_column")


# A Chinese system's words (issue 33; msgctxt ``game``): the result lines' kinds, what a hand's payments were for,
# the kongs and Sichuan's events. Riichi keeps its own (above).
CHINESE_OUTCOMES: dict[str, Text] = {
    "ron": Text("Win on a discard", "game_outcome"),
    "tsumo": Text("Self-drawn", "game_outcome"),
    "draw": Text("Draw", "game_outcome"),
    "hand": Text("Hand", "game_outcome"),  # Sichuan: one line of events
}

PAYMENTS: dict[str, Text] = {
    "win": Text("Win", "game_payment"),
    "horse": Text("Horses", "game_payment"),
    "kong": Text("Kong", "game_payment"),
    "flower_pig": Text("Flower pig (three suits)", "game_payment"),
    "not_ready": Text("Not ready: pays the ready players", "game_payment"),
    "refund": Text("Kong refund (not ready)", "game_payment"),
    "chicken": Text("Chickens", "game_payment"),  # Guiyang's 幺鸡: counted, charging (冲锋鸡), responsible (责任鸡)
    "hot_kong": Text("Hot kong (热炮)", "game_payment"),  # Guiyang: the discarder's kong just before, paid over
}

#: a preview of a hand not over yet (``GamePreview.partial``: Sichuan's events so far), on the desk and the phone
PARTIAL = Text("Not final, the hand goes on: the payments so far. The kong refunds and the checks at the end of "
               "the wall come when it is over.", "game_payment")

KONG_KINDS: dict[str, Text] = {
    "melded": Text("Melded kong", "game_kong"),
    "added": Text("Added kong", "game_kong"),
    "concealed": Text("Concealed kong", "game_kong"),
}

EVENTS: dict[str, Text] = {  # Sichuan's events of one hand
    "kong": Text("Kong", "game_event"),
    "tsumo": Text("Self-drawn win", "game_event"),
    "ron": Text("Win on a discard", "game_event"),
    "wall_end": Text("End of the wall", "game_event"),
}

# A Chinese system's situation flags (its ``mcr-score`` flags; msgctxt ``game_flag``): the phone's and the desk's
# toggles. Riichi's flags are said by their yaku (FLAG_YAKU below).
CHINESE_FLAGS: dict[str, Text] = {
    "chankan": Text("Robbing a kong", "game_flag"),
    "rinshan": Text("Out on a kong's replacement", "game_flag"),
    "kong_discard": Text("Discard after a kong", "game_flag"),
    "haitei": Text("Last tile of the wall", "game_flag"),
    "houtei": Text("Last discard of the wall", "game_flag"),
    "tenhou": Text("Blessing of heaven", "game_flag"),
    "chiihou": Text("Blessing of earth", "game_flag"),
}

SUITS: dict[str, Text] = {  # Sichuan's void suit (定缺), the notation's suit letters
    "m": Text("Characters", "game_suit"),
    "s": Text("Bamboo", "game_suit"),
    "p": Text("Dots", "game_suit"),
}


def total_value(total: int) -> Text:
    """A Chinese system's win as a sheet line says it: "Total 24" (its answer's total)."""
    return Text("Total {n}", "game_value", n=total)


def fan_label(zh: str, en: str, lang: str) -> str:
    """A fan or hand type in ``lang``: scoring's data, not the catalogue's; the Chinese name alone in Chinese,
    "en (zh)" elsewhere (issue 33: the hand types keep their Chinese names beside the English).

    >>> fan_label("平胡", "Ping hu (plain hand)", "zh"), fan_label("平胡", "Plain", "en")
    ('平胡', 'Plain (平胡)')
    """
    return zh if lang.startswith("zh") or not en else f"{en} ({zh})"


CHINESE_COLUMNS: dict[str, Text] = {
    "total": Text("Total", "game_column"),
    "fans": Text("Fans", "game_column"),
    "joker": Text("Joker", "game_column"),
    "horses": Text("Horses", "game_column"),
    "void": Text("Void suit", "game_column"),
    "ready": Text("Ready", "game_column"),
    "pigs": Text("Flower pigs", "game_column"),
    "payments": Text("Payments", "game_column"),
    "hand_change": Text("Hand's change", "game_column"),  # a score sheet's line under a hand's payments
    "change": Text("Change", "game_column"),  # each player's change in a hand (the desk's preview)
    "table_points": Text("Table points", "game_column"),  # the session result (MCR's table points)
}


# The sets of words a game system's result lines' kinds are said in, by the name the system gives
# (``GameSystem.wording``): the system chooses its words, no caller asks which system it is.
WORDINGS: dict[str, dict[str, Text]] = {"riichi": OUTCOMES, "chinese": CHINESE_OUTCOMES}


def outcome(kind: str, wording: str) -> Text:
    """A hand's kind in its system's words (``wording``, ``GameSystem.wording``): Riichi's ("Ron"), or a Chinese
    system's ("Win on a discard"); a kind without a word is said as it is."""
    return WORDINGS[wording].get(kind, Text(kind))


def has_outcome(kind: str, wording: str) -> bool:
    """Whether a hand's kind has a word in its system's wording (the phone says only those)."""
    return kind in WORDINGS[wording]


# The organiser's values a source leaves open (Guiyang's chickens, 鸡平胡's 番; RuleSystem.missing_rules): their
# names in words, and why they are asked for; the rule system's own line (English data) stays beside them.
RULE_VALUES: dict[str, Text] = {
    "chicken": Text("Each chicken (幺鸡) counted to a player", "rule_value"),
    "charging_chicken": Text("The charging chicken (冲锋鸡)", "rule_value"),
    "responsible_chicken": Text("The responsible chicken (责任鸡)", "rule_value"),
    "base": Text("Base points", "rule_value"),
    "cap": Text("The cap (爆胡)", "rule_value"),
}
RULE_VALUE_WHY = Text("The source gives no number for it and public rule texts differ: the organiser sets it.",
                      "rule_value")
# a value with a default (RuleSystem.optional_rules: 鸡平胡's base and cap)
RULE_VALUE_DEFAULT = Text("The source gives this number; the organiser may change it until the first result.",
                          "rule_value")


def _fan_of(kind: str) -> Text:
    return Text("The fan of {type}", "rule_value", type=kind)


def rule_value_label(name: str, lang: str) -> str:
    """An organiser's value in ``lang``, its code beside it: "The charging chicken (冲锋鸡) · charging_chicken";
    鸡平胡's ``fan_<type>``: the fan of that type; an unknown name: its code alone.

    >>> rule_value_label("fan_pinghu", "en"), rule_value_label("charging_chicken", "zh"), rule_value_label("x", "en")
    ('The fan of All Chows (平胡) · fan_pinghu', '冲锋鸡 · charging_chicken', 'x')
    """
    if name in RULE_VALUES:
        return f"{said(RULE_VALUES[name], lang)} · {name}"
    if name.startswith("fan_"):
        from scoring.jipinghu.rules import TYPES, HandType  # its data loads for its values only (start-up)

        kinds = {t.value: t for t in HandType}
        kind = kinds.get(name.removeprefix("fan_"))
        if kind is not None:
            info = TYPES[kind]
            return f"{said(_fan_of(fan_label(info.zh, info.en, lang)), lang)} · {name}"
    return name


# What each organiser's value is and why the source leaves it open, in the reader's language: the English is
# the rule system's own line (``missing_rules``/``optional_rules``, the JSON of ``settings``), word for word
# (tests/db/rules/test_rule_value_why.py holds them together).
RULE_VALUE_WHYS: dict[str, Text] = {
    "chicken": Text("What each other player pays, in 番, for each chicken (幺鸡, the 1 of bamboo) counted to a "
                    "player at the end of the hand: source 003 names the game 捉鸡 but never says what a chicken "
                    "pays, and public rule texts pay it differently.", "rule_value_why"),
    "charging_chicken": Text("What each other player pays, in 番, the player who discarded the hand's first 幺鸡 "
                             "when nobody claimed it (冲锋鸡): not in source 003, and public rule texts differ on "
                             "its value and on whether it is played (0: not played).", "rule_value_why"),
    "responsible_chicken": Text("What the player who threw the hand's first 幺鸡 pays, in 番, the player who claimed "
                                "it (责任鸡): not in source 003, and public rule texts differ on its value and on "
                                "whether it is played (0: not played).", "rule_value_why"),
    "base": Text("The points of a hand of 0 番 (the source's 游戏基数, set by the room; default 1): each payer "
                 "pays base × 2^番.", "rule_value_why"),
    "cap": Text("The most 番 paid (爆胡): source 003 says 3 (爆胡为3番), the default; 十三幺 passes it.",
                "rule_value_why"),
}
# 鸡平胡's ``fan_<type>``: why the organiser types that hand type's 番, by type (the others: not listed)
_TYPE_WHYS: dict[str, Text] = {
    "jihu": Text("a hand of no other type; source 003 names it without a 番, and public rule texts give it "
                 "different values", "rule_value_why"),
    "pinghu": Text("four chows and a pair; source 003 names it without a 番, and public rule texts give it "
                   "different values", "rule_value_why"),
    "shisanyao": Text("source 003 says it passes the cap (可突破爆胡限制) and adds no other type, but gives no 番",
                      "rule_value_why"),
}
_TYPE_NOT_LISTED = Text("source 003 does not list it, and public rule texts give it different values",
                        "rule_value_why")


def rule_value_why(name: str, why: str, lang: str) -> str:
    """What the organiser's value ``name`` is and why it is asked for, in ``lang``; ``why``, the rule system's
    own English line, when the catalogue has no words for the value (a system's new value).

    >>> rule_value_why("cap", "x", "en")[:27], rule_value_why("new_value", "the line", "zh")
    ('The most 番 paid (爆胡): sourc', 'the line')
    """
    if name in RULE_VALUE_WHYS:
        return str(said(RULE_VALUE_WHYS[name], lang))
    if name.startswith("fan_"):
        from scoring.jipinghu.rules import TYPES, HandType  # its data loads for its values only (start-up)

        kinds = {t.value: t for t in HandType}
        kind = kinds.get(name.removeprefix("fan_"))
        if kind is not None:
            info = TYPES[kind]
            said_type = f"{info.zh} ({info.en})" if lang == "en" else info.zh
            reason = _TYPE_WHYS.get(kind.value, _TYPE_NOT_LISTED)
            return str(said(Text("The 番 of {type}: {why}.", "rule_value_why", type=said_type, why=reason), lang))
    return why


class RuleValueName(str):
    """An organiser's value named in a refusal (``rules_missing``) as :func:`rule_value_label` says it, in the
    reader's language; the ``str`` is its English."""

    name: str

    def __new__(cls, name: str) -> RuleValueName:
        self = super().__new__(cls, rule_value_label(name, DEFAULT))
        self.name = name
        return self

    def in_language(self, lang: str) -> str:
        return rule_value_label(self.name, lang)

    def __reduce__(self) -> tuple[Any, ...]:  # pickled as its English, as a Text
        return (str, (str(self),))


def rule_value_names(names: Iterable[str]) -> Joined:
    """The organiser's values ``names`` by their labels, in the reader's language (a label holds commas, so
    they are joined by semicolons)."""
    return Joined((RuleValueName(n) for n in names), Text("; ", "rule_value.sep"))


def session_tip(n: int) -> Text:
    """The standings' tooltip of a session's cell at a game table: its score and the raw points."""
    return Text("Session {n}: score (points at the end)", "riichi_column", n=n)


def session_detail(table: int, raw: str, uma: str, penalty: str) -> Text:
    """The standings' tooltip of one player's session cell at a game table: what the score is made of."""
    return Text("Table {table}: points {raw}, uma {uma}, penalty {penalty}", "riichi_column", table=table,
                raw=raw, uma=uma, penalty=penalty)


#: the yaku each flag of the input object stands for: the check box says that yaku's name
FLAG_YAKU: dict[str, str] = {
    "riichi": "riichi", "double_riichi": "daburu_riichi", "ippatsu": "ippatsu", "haitei": "haitei",
    "houtei": "houtei", "rinshan": "rinshan", "chankan": "chankan", "tenhou": "tenhou", "chiihou": "chiihou",
}
assert tuple(FLAG_YAKU) == FLAGS  # one list of flags: the contract's

#: ``mahjong``'s fu reasons (``FuCalculator``) in words, msgctxt ``riichi_fu``
FU_PARTS: dict[str, Text] = {
    "base": Text("base", "riichi_fu"),
    "penchan": Text("edge wait", "riichi_fu"),
    "kanchan": Text("closed wait", "riichi_fu"),
    "pair_wait": Text("pair wait", "riichi_fu"),
    "valued_pair": Text("value pair", "riichi_fu"),
    "double_valued_pair": Text("double wind pair", "riichi_fu"),
    "tsumo": Text("tsumo", "riichi_fu"),
    "hand_without_fu": Text("open hand without fu", "riichi_fu"),
    "closed_pon": Text("concealed triplet", "riichi_fu"),
    "open_pon": Text("open triplet", "riichi_fu"),
    "closed_terminal_pon": Text("concealed terminal or honour triplet", "riichi_fu"),
    "open_terminal_pon": Text("open terminal or honour triplet", "riichi_fu"),
    "closed_kan": Text("concealed kan", "riichi_fu"),
    "open_kan": Text("open kan", "riichi_fu"),
    "closed_terminal_kan": Text("concealed terminal or honour kan", "riichi_fu"),
    "open_terminal_kan": Text("open terminal or honour kan", "riichi_fu"),
}


# Between the yaku of a hand on a line ("Riichi 1, Pinfu 1"; Chinese lists with 、).
YAKU_SEP = Text(", ", "riichi_yaku_sep")

# The profiles' short names (a sheet's header; the profile's code is the contract, these are for people).
PROFILES: dict[str, Text] = {
    "riichi-ema2016": Text("EMA 2016", "riichi_profile"),
    "riichi-ema2025": Text("EMA 2025", "riichi_profile"),
    "riichi-wrc2022": Text("WRC 2022", "riichi_profile"),
    "riichi-tenhou": Text("Tenhou", "riichi_profile"),
    "guangdong-tuidaohu": Text("Guangdong push-to-win", "game_profile"),
    "hebei": Text("Hebei", "game_profile"),
    "nanchang": Text("Nanchang", "game_profile"),
    "sichuan-xuezhan": Text("Sichuan bloody battle", "game_profile"),
    "guiyang-zhuoji": Text("Guiyang catch the chicken", "game_profile"),
    "guangdong-jipinghu": Text("Guangdong Jipinghu", "game_profile"),
}


def hand_value(han: int, fu: int, yakuman: int, limit: str | None) -> Text:
    """A winning hand's value as a sheet says it: "3 han 40 fu", "Mangan 5 han", "Yakuman", "2× yakuman"
    (a limit recorded without its han, from a paper sheet's totals: the limit alone).

    >>> hand_value(3, 40, 0, None), hand_value(5, 30, 0, "mangan"), hand_value(0, 0, 0, "baiman")
    ('3 han 40 fu', 'Mangan 5 han', 'Baiman')
    >>> hand_value(13, 0, 1, "yakuman"), hand_value(26, 0, 2, "yakuman")
    ('Yakuman', '2× yakuman')
    """
    if yakuman > 1:
        return Text("{n}× yakuman", "riichi_value", n=yakuman)
    if yakuman == 1:
        return LIMITS["yakuman"]
    if limit is not None:
        name = LIMITS.get(limit, Text(limit))
        return Text("{limit} {han} han", "riichi_value", limit=name, han=han) if han else name
    return Text("{han} han {fu} fu", "riichi_value", han=han, fu=fu)


def win_value(han: int, fu: int, yakuman: int, limit: str | None, unit: str = "han") -> Text:
    """A win's value as the prize list and the hall say it: Riichi's (``hand_value``), or a Chinese system's
    total ("Total 16"; ``unit`` "total", its total in ``han``).

    >>> win_value(16, 0, 0, None, "total"), win_value(3, 40, 0, None)
    ('Total 16', '3 han 40 fu')
    """
    if unit == "total":
        return total_value(han)
    return hand_value(han, fu, yakuman, limit)


def yaku_name(yaku_id: str) -> Text:
    """A yaku's name in the catalogue (its English name; Chinese in zh); an unknown id is said as it is."""
    y = BY_ID.get(yaku_id)
    return Text(y.en, "yaku") if y is not None else Text(yaku_id)


def yaku_romaji(yaku_id: str) -> str:
    """A yaku's romaji (the same in every language: the players' own name for it)."""
    y = BY_ID.get(yaku_id)
    return y.romaji if y is not None else yaku_id
