"""The table devices' API at a table whose session is a game (``db.read.games.is_game``: Riichi), docs/web.md
"A game table": the same three requests as a hand table's (``GET /api/table``, ``POST /api/score``,
``POST /api/hands``), their game's JSON. Everything is the rule system's: the store plays the table's records
(``db.read.games``, ``db.service.games``), this module only says it as JSON, its words in the page's language.
Nothing here knows a rule: the page shows what it is sent.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from db.read.games import game_sheet
from db.read.lookup import find_table, settings, table_numbers
from db.read.views import GameHandView, GameSheet, GameWinView
from db.rules.game_words import (
    ABORTIVE,
    FLAG_YAKU,
    FU_PARTS,
    LIMITS,
    OUTCOMES,
    hand_value,
    yaku_name,
    yaku_romaji,
)
from db.rules.profiles import Settings
from db.rules.rotation import WINDS
from db.rules.seat_labels import wind_now
from db.service.audit import Actor
from db.service.devices import device_game_line
from db.service.games import game_of, preview_game_line

__all__ = ["game_preview", "game_record", "game_table_json"]


def seat_wind(seat: int, dealer: int) -> str:
    """The wind a starting seat has in a hand that ``dealer`` deals (the dealer is East)."""
    return WINDS[(seat - dealer) % 4]


def _numbers(sheet: GameSheet) -> list[str]:
    return [p.number for p in sheet.players]


def _winner_json(w: GameWinView, numbers: list[str], lang: str) -> dict[str, Any]:
    out: dict[str, Any] = {"player": numbers[w.player], "han": w.han, "fu": w.fu, "yakuman": w.yakuman,
                           "limit": w.limit, "value": hand_value(w.han, w.fu, w.yakuman, w.limit).in_language(lang)}
    if w.yaku:
        tiles = w.yaku_tiles or ((),) * len(w.yaku)
        out["yaku"] = [{"id": y, "han": n, "name": yaku_name(y).in_language(lang), "romaji": yaku_romaji(y),
                        "tiles": list(ts)} for (y, n), ts in zip(w.yaku, tiles, strict=True)]
    if w.fu_parts:
        out["fu_parts"] = [{"id": why, "fu": fu, "name": FU_PARTS[why].in_language(lang) if why in FU_PARTS else why}
                           for why, fu in w.fu_parts]
    if w.pao is not None:
        out["pao"] = numbers[w.pao]
    return out


def _hand_json(h: GameHandView, numbers: list[str], lang: str) -> dict[str, Any]:
    """A hand of the sheet: the state it started from, its outcome (code and words), who declared riichi, the
    winners' values, each player's change and the points after it, by player number."""
    def who(seats: tuple[int, ...]) -> list[str]:
        return [numbers[i] for i in seats]

    out: dict[str, Any] = {
        "hand": h.hand, "round": h.round, "dealer": numbers[h.dealer], "honba": h.honba, "deposits": h.deposits,
        "kind": h.kind, "outcome": OUTCOMES[h.kind].in_language(lang) if h.kind in OUTCOMES else h.kind,
        "riichi": who(h.riichi), "winners": [_winner_json(w, numbers, lang) for w in h.winners],
        "discarder": None if h.discarder is None else numbers[h.discarder], "tenpai": who(h.tenpai),
        "deltas": dict(zip(numbers, h.deltas, strict=True)), "scores": dict(zip(numbers, h.scores, strict=True))}
    if h.reason is not None:
        out["reason"] = h.reason
        out["reason_words"] = ABORTIVE[h.reason].in_language(lang) if h.reason in ABORTIVE else h.reason
    if h.nagashi:
        out["nagashi"] = who(h.nagashi)
    if h.chombo is not None:
        out["chombo"] = numbers[h.chombo]
    return out


def _entry_json(st: Settings, lang: str) -> dict[str, Any]:
    """What the page offers to enter, from the rule system (which outcomes, abortive reasons, red fives,
    limits, flags), each with its words."""
    system = game_of(st)
    assert system is not None
    options = system.entry_options(st.system_options())
    return {**options,
            "outcome_words": {k: OUTCOMES[k].in_language(lang) for k in options["outcomes"] if k in OUTCOMES},
            "abortive_words": {k: ABORTIVE[k].in_language(lang) for k in options["abortive"] if k in ABORTIVE},
            "limit_words": {k: LIMITS[k].in_language(lang) for k in options["limits"] if k in LIMITS},
            "flag_words": {k: yaku_name(FLAG_YAKU[k]).in_language(lang) for k in options["flags"] if k in FLAG_YAKU}}


def game_table_json(sheet: GameSheet, st: Settings, lang: str) -> dict[str, Any]:
    """``GET /api/table`` at a game table: ``"game": true``; the state of the next hand (``state``: round,
    dealer, honba, deposits; null once the game is over, ``next_hand`` null too); each player with their
    points now and their wind in the next hand; the hands with their states, outcomes and running points;
    ``results`` (raw, place, uma, penalty, score) once the game is over; ``entry``: what the page offers;
    ``time_called_after`` (the hand in play when time was called) and ``time_last_hand`` (the last hand the
    rules leave from there, a chombo among them counted; null without a time call)."""
    numbers = _numbers(sheet)
    over = sheet.next_round is None or sheet.next_dealer is None
    winds: list[str | None] = [None] * 4 if over else [seat_wind(i, sheet.next_dealer or 0) for i in range(4)]
    players = [{"seat": WINDS[i], "number": p.number, "name": p.name, "seat_wind": winds[i],
                "points": sheet.scores[i], "wind_note": wind_now(i, winds[i], lang)}
               for i, p in enumerate(sheet.players)]
    state = None if over else {"round": sheet.next_round, "dealer": numbers[sheet.next_dealer or 0],
                               "honba": sheet.next_honba, "deposits": sheet.next_deposits}
    results = [{"number": n, "raw": r.raw, "place": r.place, "uma": r.uma, "penalty": r.penalty, "score": r.score}
               for n, r in zip(numbers, sheet.results, strict=bool(sheet.results))]
    return {"session": sheet.session, "table": sheet.table, "version": sheet.version, "game": True,
            "profile": sheet.profile, "start_points": sheet.start_points,
            "next_hand": None if over else len(sheet.hands) + 1, "state": state,
            "time_called_after": sheet.time_called_after, "time_last_hand": sheet.time_last_hand,
            "signed_off": sheet.signed_off, "players": players,
            "hands": [_hand_json(h, numbers, lang) for h in sheet.hands], "results": results, "penalties": [],
            "false_win": None, "entry": _entry_json(st, lang)}


def game_table(s: Session, place: tuple[int, int], lang: str) -> dict[str, Any]:
    return game_table_json(game_sheet(s, *place), settings(s), lang)


def game_preview(s: Session, place: tuple[int, int], line: dict[str, Any], lang: str) -> dict[str, Any]:
    """``POST /api/score`` at a game table: the line played as it would be recorded (``valid``, the hand as the
    sheet would show it: state, winners with han, fu, yaku and fu parts, each player's change), or
    ``valid: false`` with the problem in words (tiles that are no scoring win)."""
    preview = preview_game_line(s, *place, line.get("hand"), line)
    out: dict[str, Any] = {"session": place[0], "table": place[1], "hand": line.get("hand")}
    if preview.hand is None:
        problem = preview.problem
        return {**out, "valid": False,
                "error": {"code": "hand_invalid", "message": problem.in_language(lang) if problem else ""}}
    numbers = table_numbers(s, find_table(s, *place))
    return {**out, "valid": True, **_hand_json(preview.hand, numbers, lang)}


def game_record(s: Session, place: tuple[int, int], line: dict[str, Any], reason: str | None,
                version: int | None, actor: Actor, lang: str) -> dict[str, Any]:
    """``POST /api/hands`` at a game table: one result line recorded (or the last hand corrected with it),
    answered with the hand as recorded and the table's new version."""
    new_version = device_game_line(s, *place, line, reason, expected_version=version, actor=actor)
    sheet = game_sheet(s, *place)
    hand = next(h for h in sheet.hands if h.hand == line["hand"])
    answer = {"session": place[0], "table": place[1], **_hand_json(hand, _numbers(sheet), lang),
              "version": new_version}
    if reason is not None:
        answer["corrected"] = True
    return answer
