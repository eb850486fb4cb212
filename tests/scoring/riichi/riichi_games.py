"""The real Tenhou hands of ``../shared/riichi-games/hands.jsonl`` as ``mcr-score --rules`` input objects.

Read from the shared folder, never copied (its README). Each line is turned into our notation and
situation; what Tenhou gave is turned into the answer object's terms (han, fu, limit, yaku, deltas by wind).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HANDS = Path(__file__).resolve().parents[3].parent / "shared" / "riichi-games" / "hands.jsonl"
WINDS = "ESWN"
_OFFER = {3: 1, 2: 2, 1: 3}  # seats after the winner -> NOTATION.md's digit (1 left, 2 opposite, 3 right)


def load() -> list[dict[str, Any]]:
    if not HANDS.exists():
        return []
    return [json.loads(line) for line in HANDS.read_text(encoding="utf-8").splitlines() if line.strip()]


def _split(tiles: str) -> list[str]:
    """``"440566m33p"`` -> ["4m", "4m", "0m", "5m", "6m", "6m", "3p", "3p"]."""
    out: list[str] = []
    digits = ""
    for ch in tiles:
        if ch.isdigit():
            digits += ch
        else:
            out.extend(d + ch for d in digits)
            digits = ""
    return out


def _runs(tiles: list[str]) -> str:
    text = ""
    for suit in "mpsz":
        digits = "".join(t[0] for t in tiles if t[1] == suit)
        if digits:
            text += digits + suit
    return text


def notation(h: dict[str, Any]) -> str:
    melds = ""
    for m in h["melds"]:
        rel = _OFFER.get((m["from_seat"] - h["winner"]) % 4, 1)
        digit = {"chi": "", "pon": str(rel), "ankan": "", "daiminkan": str(rel), "kakan": str(rel + 4)}[m["type"]]
        melds += f"[{m['tiles']}{digit}]"
    standing = _split(h["concealed"])
    standing.remove(h["win_tile"])
    return melds + _runs(standing) + h["win_tile"]


def request(h: dict[str, Any]) -> dict[str, Any]:
    situational = set(h["situational_from_events"]) | set(h["situational"])
    later_winner = bool(h["multi_ron"]) and h["multi_ron"][0] > 0
    obj: dict[str, Any] = {
        "hand": notation(h), "win": "tsumo" if h["tsumo"] else "ron", "seat": h["seat_wind"],
        "round": h["round_wind"], "dora": h["dora_indicators"], "ura": h["ura_indicators"],
        "honba": 0 if later_winner else h["honba"], "deposits": h["riichi_sticks"],
    }
    if not h["tsumo"]:
        obj["discarder"] = WINDS[(h["from_seat"] - h["dealer"]) % 4]
    for flag, name in (("riichi", "riichi"), ("daburu_riichi", "double_riichi"), ("ippatsu", "ippatsu"),
                       ("haitei", "haitei"), ("houtei", "houtei"), ("rinshan", "rinshan"), ("chankan", "chankan"),
                       ("tenhou", "tenhou"), ("chiihou", "chiihou")):
        if flag in situational:
            obj[name] = True
    if obj.get("double_riichi"):
        obj.pop("riichi", None)
    if h["expected"]["pao"] is not None:
        obj["pao"] = WINDS[(h["expected"]["pao"] - h["dealer"]) % 4]
    return obj


def expected(h: dict[str, Any]) -> dict[str, Any]:
    """Tenhou's result in the answer object's terms (yaku as {id: han}; yakuman hands: {id: 13 per unit})."""
    e = h["expected"]
    if e["yakuman"]:
        yaku: dict[str, int] = {}
        for _, name in e["yakuman"]:
            yaku[name] = yaku.get(name, 0) + 13
    else:
        yaku = {name: han for _, name, han in e["yaku"] if han > 0}
    deltas = {WINDS[(seat - h["dealer"]) % 4]: change for seat, change in enumerate(e["score_changes"])}
    return {"han": e["han"], "fu": e["fu"], "limit": e["limit"] or None, "yaku": yaku, "deltas": deltas}


def ours(answer: dict[str, Any]) -> dict[str, Any]:
    """Our answer in the same terms as ``expected``."""
    if not answer.get("valid"):
        return {"error": answer.get("error")}
    yaku: dict[str, int] = {}
    for y in answer["yaku"]:
        yaku[y["id"]] = yaku.get(y["id"], 0) + y["han"]
    return {"han": answer["han"], "fu": answer["fu"], "limit": answer["limit"], "yaku": yaku,
            "deltas": answer["deltas"]}


GAMES = HANDS.with_name("games.jsonl")


def load_games() -> list[dict[str, Any]]:
    """The real games of ``games.jsonl`` (its README), or none when the shared folder is absent."""
    if not GAMES.exists():
        return []
    return [json.loads(line) for line in GAMES.read_text(encoding="utf-8").splitlines() if line.strip()]
