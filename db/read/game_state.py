"""Read side, the state of a game table's game (Riichi; ``RuleSystem.shape == "game"``): whether a tournament's
tables play a game, and whether each one's game is over, by its records played again. Below ``db.read.sheets``
(which asks it for a table's progress) and ``db.read.games`` (the sheets of a game)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.errors import InputError
from db.models import HandResult, SessionTable
from db.read.lookup import settings
from db.rules.game_words import rule_value_names
from db.rules.profiles import Settings
from scoring.systems import GameSystem, game_system, system

if TYPE_CHECKING:
    from scoring.played import PlayedGame

__all__ = ["games_over", "games_round", "ends_by_rules", "in_thousands", "is_game", "missing_rules", "need_rules", "play", "played_before_time", "time_last_hand"]


def is_game(st: Settings) -> bool:
    """Whether the tournament's tables play a game (their sheets are :class:`GameSheet`)."""
    try:
        game_system(st.profile)
    except (KeyError, TypeError):
        return False
    return True


def in_thousands(st: Settings) -> bool:
    """Whether a session's result is a score in thousands with uma (Riichi), not MCR's table points (MCR and the
    Chinese systems): the standings, the results PDFs, the awards and the EMA file say the one or the other."""
    try:
        return system(st.profile).session_score == "thousands"
    except KeyError:
        return False


def ends_by_rules(st: Settings) -> bool:
    """Whether a table's game ends by its own rules (Riichi), its hands per session only a ceiling, rather than
    after the tournament's hands per session (MCR and the Chinese systems: the organiser sets their length)."""
    try:
        return system(st.profile).session_length == "rules"
    except KeyError:
        return False


def missing_rules(st: Settings) -> tuple[tuple[str, str], ...]:
    """The values the organiser must still type before a session starts (``settings --rule NAME=VALUE``): the
    numbers the rule system's source leaves open (Guiyang 捉鸡, Guangdong 鸡平胡); () for every other system."""
    try:
        return system(st.profile).missing_rules(st.rules)
    except KeyError:
        return ()


def optional_rules(st: Settings) -> tuple[tuple[str, Any, str], ...]:
    """The organiser's values that have a default (鸡平胡's base and cap), each (name, its value now, what it
    is): the rule system's ``optional_rules``; () for a system that lists none."""
    try:
        return system(st.profile).optional_rules(st.rules)
    except KeyError:
        return ()


def need_rules(st: Settings) -> None:
    """Refuse to start a session (seat it, start its clock, record a hand) while a value is missing (issue 33:
    "its sessions cannot start until they are filled")."""
    gone = missing_rules(st)
    if gone:
        raise InputError("rules", code="rules_missing", profile=st.profile, names=rule_value_names(n for n, _ in gone))


def play(system: GameSystem, options: Mapping[str, Any], records: Sequence[Mapping[str, Any]],
         time_called_after: int | None) -> PlayedGame:
    """A table's records played by its system, the time call counted as the game counts it."""
    return system.play(records, options, played_before_time(records, time_called_after))


def played_before_time(records: Sequence[Mapping[str, Any]], after_hand: int | None) -> int | None:
    """The time call as the game counts it: the hands played (chombos not counted) up to hand ``after_hand``,
    which counts every recorded hand."""
    if after_hand is None:
        return None
    return sum(1 for r in records[:after_hand] if r.get("type") != "chombo") + max(0, after_hand - len(records))


def time_last_hand(system: GameSystem, options: Mapping[str, Any], records: Sequence[Mapping[str, Any]],
                   time_called_after: int | None) -> int | None:
    """The number (as the sheet counts hands, chombos included) of the last hand of a game whose time was
    called, as far as the records go: the system says how many hands are played after the call, a chombo
    recorded among them moves the last hand on. None without a time call or a rule for it."""
    called = played_before_time(records, time_called_after)
    last = None if called is None else system.last_hand_after_time(options, called)
    if last is None:
        return None
    played = 0
    for number, record in enumerate(records, start=1):
        if record.get("type") != "chombo":
            played += 1
            if played == last:
                return number
    return len(records) + last - played


def games_over(s: Session, table_ids: Sequence[int]) -> dict[int, bool]:
    """Whether each game table's game is over (its records played again; a table without a hand: False)."""
    return {tid: rnd is None for tid, rnd in games_round(s, table_ids).items()}


def games_round(s: Session, table_ids: Sequence[int]) -> dict[int, str | None]:
    """Each game table's next round ("E1" before the first hand, "S3"), None once its game is over: its
    records played again."""
    st = settings(s)
    system = game_system(st.profile)
    options = st.system_options()
    rows: dict[int, list[HandResult]] = defaultdict(list)
    called: dict[int, int | None] = {}
    if table_ids:
        for h in s.scalars(select(HandResult).where(HandResult.table_id.in_(table_ids)).order_by(HandResult.hand_no)):
            rows[h.table_id].append(h)
        called = {tid: after for tid, after in s.execute(select(SessionTable.id, SessionTable.time_called_after)
                                                          .where(SessionTable.id.in_(table_ids)))}
    games = {tid: play(system, options, [h.detail or {} for h in rows[tid]], called.get(tid)).game
             for tid in table_ids}
    return {tid: None if g.over else g.state.name for tid, g in games.items()}
