"""The words of a game table (Riichi) in the catalogue: the outcomes, the abortive draws, the limits, the
columns of a session result, and the yaku names (``scoring.riichi.yaku``: the English name as msgid with
msgctxt ``yaku``, its romaji beside it). One home for them: the desk, the phone page, the PDFs, the site and
the workbook say them from here."""

from __future__ import annotations

from scoring.riichi.yaku import BY_ID
from texts import Text

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
}


def yaku_name(yaku_id: str) -> Text:
    """A yaku's name in the catalogue (its English name; Chinese in zh); an unknown id is said as it is."""
    y = BY_ID.get(yaku_id)
    return Text(y.en, "yaku") if y is not None else Text(yaku_id)


def yaku_romaji(yaku_id: str) -> str:
    """A yaku's romaji (the same in every language: the players' own name for it)."""
    y = BY_ID.get(yaku_id)
    return y.romaji if y is not None else yaku_id
