"""The table devices' API at a table whose session is a game (``db.read.games.is_game``: Riichi and the Chinese
systems), docs/web.md "A game table": the same three requests as a hand table's (``GET /api/table``,
``POST /api/score``, ``POST /api/hands``), their game's JSON. Which JSON a hand gets follows the entry's
``form`` (the system's ``entry_options``: "riichi", or a Chinese system's "wins" or "events") and each winner's
``unit``, never the profile's name. Everything is the rule system's: the store plays the table's records
(``db.read.games``, ``db.service.games``), this module only says it as JSON, its words in the page's language.
Nothing here knows a rule: the page shows what it is sent.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from db.errors import InputError
from db.read.game_state import need_rules
from db.read.games import game_sheet
from db.read.lookup import find_table, settings, table_numbers
from db.read.views import GameHandView, GameSheet, GameWinView
from db.rules.game_words import (
    ABORTIVE,
    CHINESE_FLAGS,
    EVENTS,
    FLAG_YAKU,
    FU_PARTS,
    KONG_KINDS,
    LIMITS,
    PARTIAL,
    PAYMENTS,
    SUITS,
    fan_label,
    hand_value,
    has_outcome,
    outcome,
    total_value,
    yaku_name,
    yaku_romaji,
)
from db.rules.profiles import Settings
from db.rules.rotation import WINDS
from db.rules.seat_labels import wind_now
from db.service.audit import Actor
from db.service.devices import device_game_line
from db.service.games import game_of, preview_game_line
from scoring.played import Payment

__all__ = ["game_preview", "game_record", "game_table_json"]


def seat_wind(seat: int, dealer: int) -> str:
    """The wind a starting seat has in a hand that ``dealer`` deals (the dealer is East)."""
    return WINDS[(seat - dealer) % 4]


def _numbers(sheet: GameSheet) -> list[str]:
    return [p.number for p in sheet.players]


def _total_winner_json(w: GameWinView, numbers: list[str], lang: str) -> dict[str, Any]:
    """A Chinese system's winner (``unit`` "total"): the total and each fan (or hand type) as scoring names it,
    ``name`` in the page's language (fan_label), ``value`` the sheet's words ("Total 24")."""
    out: dict[str, Any] = {"player": numbers[w.player], "unit": w.unit, "total": w.total,
                           "value": total_value(w.total).in_language(lang),
                           "fans": [{"id": f.id, "zh": f.zh, "en": f.en, "value": f.value, "tiles": list(f.tiles),
                                     "name": fan_label(f.zh, f.en, lang)} for f in w.fans]}
    if w.tiles is not None:
        out["tiles"] = w.tiles
    return out


def _winner_json(w: GameWinView, numbers: list[str], lang: str) -> dict[str, Any]:
    if w.unit == "total":
        return _total_winner_json(w, numbers, lang)
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


def _payment_json(p: Payment, numbers: list[str], lang: str) -> dict[str, Any]:
    return {"kind": p.kind, "words": PAYMENTS[p.kind].in_language(lang) if p.kind in PAYMENTS else p.kind,
            "player": None if p.seat is None else numbers[p.seat],
            "deltas": dict(zip(numbers, p.changes, strict=True))}


def _hand_json(h: GameHandView, numbers: list[str], lang: str, wording: str = "riichi",
               form: str = "riichi") -> dict[str, Any]:
    """A hand of the sheet: the state it started from, its outcome (code and words), who declared riichi, the
    winners' values, each player's change and the points after it, by player number. A Chinese system's hand
    (``form`` "wins" or "events") adds its ``payments`` (what was paid and why, each with its words) and its
    result ``line`` as recorded (horses, joker, kongs, Sichuan's void suits and events, by number)."""
    def who(seats: tuple[int, ...]) -> list[str]:
        return [numbers[i] for i in seats]

    out: dict[str, Any] = {
        "hand": h.hand, "round": h.round, "dealer": numbers[h.dealer], "honba": h.honba, "deposits": h.deposits,
        "kind": h.kind, "outcome": _outcome_words(h.kind, wording, lang),
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
    if form != "riichi":
        out["payments"] = [_payment_json(p, numbers, lang) for p in h.payments]
        out["line"] = {k: v for k, v in h.line.items() if k not in ("session", "table", "hand")}
    return out


def _outcome_words(kind: str, wording: str, lang: str) -> str:
    return outcome(kind, wording).in_language(lang) if has_outcome(kind, wording) else kind


def _system(st: Settings) -> tuple[str, str, dict[str, Any]]:
    """The table's rule system: its wording (``GameSystem.wording``), its entry's form and its entry options."""
    system = game_of(st)
    assert system is not None
    options = system.entry_options(st.system_options())
    return system.wording, str(options.get("form", "riichi")), options


def _chinese_entry_words(options: dict[str, Any], lang: str) -> dict[str, Any]:
    """A Chinese system's entry adds the words of its kongs, events and suits, its flags said as its own
    (not as Riichi's yaku), and each hand type's name in the page's language."""
    extra: dict[str, Any] = {
        "flag_words": {k: CHINESE_FLAGS[k].in_language(lang) if k in CHINESE_FLAGS else k for k in options["flags"]},
        "kong_words": {k: v.in_language(lang) for k, v in KONG_KINDS.items()},
        "event_words": {k: EVENTS[k].in_language(lang) for k in options.get("events", []) if k in EVENTS},
        "suit_words": {k: v.in_language(lang) for k, v in SUITS.items()}}
    if "hand_types" in options:
        extra["hand_types"] = [{**t, "name": fan_label(t["zh"], t["en"], lang)} for t in options["hand_types"]]
    return extra


def _entry_json(st: Settings, lang: str) -> dict[str, Any]:
    """What the page offers to enter, from the rule system (which outcomes, abortive reasons, red fives,
    limits, flags; a Chinese system's joker, horses, kongs, hand types, void suits and events), each with its
    words."""
    wording, form, options = _system(st)
    out = {**options,
            "outcome_words": {k: _outcome_words(k, wording, lang) for k in options["outcomes"]
                              if has_outcome(k, wording)},
            "abortive_words": {k: ABORTIVE[k].in_language(lang) for k in options["abortive"] if k in ABORTIVE},
            "limit_words": {k: LIMITS[k].in_language(lang) for k in options["limits"] if k in LIMITS},
            "flag_words": {k: yaku_name(FLAG_YAKU[k]).in_language(lang) for k in options["flags"] if k in FLAG_YAKU}}
    return out if form == "riichi" else {**out, **_chinese_entry_words(options, lang)}


def game_table_json(sheet: GameSheet, st: Settings, lang: str) -> dict[str, Any]:
    """``GET /api/table`` at a game table: ``"game": true``; the state of the next hand (``state``: round,
    dealer, honba, deposits; null once the game is over, ``next_hand`` null too); each player with their
    points now and their wind in the next hand; the hands with their states, outcomes and running points;
    ``results`` (raw, place, uma, penalty, score) once the game is over; ``entry``: what the page offers;
    ``time_called_after`` (the hand in play when time was called) and ``time_last_hand`` (the last hand the
    rules leave from there, a chombo among them counted; null without a time call); ``refusal`` (only while
    the store refuses every hand here: the organiser's values still missing, ``rules_missing``) the store's
    code and message, so that the page says it before a hand is entered."""
    numbers = _numbers(sheet)
    wording, form, _ = _system(st)
    over = sheet.next_round is None or sheet.next_dealer is None
    winds: list[str | None] = [None] * 4 if over else [seat_wind(i, sheet.next_dealer or 0) for i in range(4)]
    players = [{"seat": WINDS[i], "number": p.number, "name": p.name, "seat_wind": winds[i],
                "points": sheet.scores[i], "wind_note": wind_now(i, winds[i], lang)}
               for i, p in enumerate(sheet.players)]
    state = None if over else {"round": sheet.next_round, "dealer": numbers[sheet.next_dealer or 0],
                               "honba": sheet.next_honba, "deposits": sheet.next_deposits}
    results = [{"number": n, "raw": r.raw, "place": r.place, "uma": r.uma, "penalty": r.penalty, "score": r.score,
                "fixed": r.fixed} for n, r in zip(numbers, sheet.results, strict=bool(sheet.results))]
    out: dict[str, Any] = {
            "session": sheet.session, "table": sheet.table, "version": sheet.version, "game": True,
            "profile": sheet.profile, "start_points": sheet.start_points,
            "next_hand": None if over else len(sheet.hands) + 1, "state": state,
            "time_called_after": sheet.time_called_after, "time_last_hand": sheet.time_last_hand,
            "signed_off": sheet.signed_off, "players": players,
            "hands": [_hand_json(h, numbers, lang, wording, form) for h in sheet.hands], "results": results, "penalties": [],
            "false_win": None, "entry": _entry_json(st, lang)}
    refusal = _refusal(st, lang)
    return out if refusal is None else {**out, "refusal": refusal}


def _refusal(st: Settings, lang: str) -> dict[str, Any] | None:
    """The store's refusal of every hand at the table now (its ``need_rules``), as the API says a refusal."""
    try:
        need_rules(st)
    except InputError as exc:
        return {"code": exc.code, "message": exc.in_language(lang)}
    return None


def game_table(s: Session, place: tuple[int, int], lang: str) -> dict[str, Any]:
    return game_table_json(game_sheet(s, *place), settings(s), lang)


def game_preview(s: Session, place: tuple[int, int], line: dict[str, Any], lang: str) -> dict[str, Any]:
    """``POST /api/score`` at a game table: the line played as it would be recorded (``valid``, the hand as the
    sheet would show it: state, winners with han, fu, yaku and fu parts, each player's change), or
    ``valid: false`` with the problem in words (tiles that are no scoring win). A Chinese system's answer
    adds ``partial``: true for a hand not over yet (Sichuan's events so far), played as far as it goes, its
    payments so far and not final (recording it is refused), with ``partial_words`` saying so in the page's
    language; Riichi's answer is as it was."""
    preview = preview_game_line(s, *place, line.get("hand"), line, partial=True)
    out: dict[str, Any] = {"session": place[0], "table": place[1], "hand": line.get("hand")}
    if preview.hand is None:
        problem = preview.problem
        return {**out, "valid": False,
                "error": {"code": "hand_invalid", "message": problem.in_language(lang) if problem else ""}}
    numbers = table_numbers(s, find_table(s, *place))
    wording, form, _ = _system(settings(s))
    answer = {**out, "valid": True, **_hand_json(preview.hand, numbers, lang, wording, form)}
    if form == "riichi":
        return answer
    return {**answer, "partial": preview.partial,
            **({"partial_words": PARTIAL.in_language(lang)} if preview.partial else {})}


def game_record(s: Session, place: tuple[int, int], line: dict[str, Any], reason: str | None,
                version: int | None, actor: Actor, lang: str) -> dict[str, Any]:
    """``POST /api/hands`` at a game table: one result line recorded (or the last hand corrected with it),
    answered with the hand as recorded and the table's new version."""
    new_version = device_game_line(s, *place, line, reason, expected_version=version, actor=actor)
    sheet = game_sheet(s, *place)
    hand = next(h for h in sheet.hands if h.hand == line["hand"])
    wording, form, _ = _system(settings(s))
    answer = {"session": place[0], "table": place[1], **_hand_json(hand, _numbers(sheet), lang, wording, form),
              "version": new_version}
    if reason is not None:
        answer["corrected"] = True
    return answer
