"""Recording at a table whose session is a game (Riichi; ``RuleSystem.shape == "game"``): a hand's record as
the rule system read it from its result line, kept in ``hands.detail``; every write plays the table's records
again in order (``GameSystem.play``) and writes each hand's changes, so a correction re-derives the round,
the dealer, the honba and the deposits of every later hand. The rule system is asked for everything; nothing
here knows Riichi.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.actions import AuditAction
from db.audit_what import at_table, time_called
from db.errors import InputError
from db.messages import hand_problem
from db.models import HandResult, SessionTable
from db.read.game_state import games_over, need_rules, played_before_time
from db.read.games import hand_view
from db.read.lookup import existing_hand, find_table, settings, table_numbers
from db.read.views import GameHandView
from db.rules.profiles import Settings
from db.service.audit import Actor, audit, default_actor, now
from db.service.corrections import need_reason
from db.service.outcomes import check_int
from db.service.results import lock_table_row, locked_table
from scoring.errors import GameOverError, HandError, LineError
from scoring.systems import GameSystem, game_system
from texts import Text

__all__ = ["GamePreview", "call_game_time", "correct_game_hand", "delete_game_hand", "game_of", "preview_game_line",
           "read_game_line", "record_game_line", "table_records"]


def game_of(st: Settings) -> GameSystem | None:
    """The tournament's rule system when its tables play a game, else None (their hands are settled alone)."""
    try:
        return game_system(st.profile)
    except (KeyError, TypeError):
        return None


def _game(s: Session) -> tuple[Settings, GameSystem]:
    """The tournament's settings and its game system (every function here is for a tournament that plays one)."""
    st = settings(s)
    system = game_of(st)
    assert system is not None, "a game table's service called for a tournament of fixed hands"
    return st, system


def read_game_line(system: GameSystem, obj: Mapping[str, Any], numbers: Sequence[str], session: int,
                   table: int) -> dict[str, Any]:
    """A result line's record at a table whose players (starting seats E, S, W, N) are ``numbers``; refusals as
    :class:`InputError`."""

    def seat_of(number: Any, field: str) -> int:
        if isinstance(number, bool) or not isinstance(number, str | int) or str(number) not in numbers:
            raise InputError(field, code="player_not_at_table", number=str(number)[:32], table=table, session=session,
                             players=", ".join(numbers))
        return numbers.index(str(number))

    try:
        return system.read_line(obj, seat_of)
    except LineError as exc:
        raise InputError(exc.field, code=exc.code, **exc.params) from exc


def table_records(s: Session, tbl: SessionTable) -> list[HandResult]:
    """The table's recorded hands in order."""
    return list(s.scalars(select(HandResult).where(HandResult.table_id == tbl.id).order_by(HandResult.hand_no)))


def replay_table(s: Session, system: GameSystem, st: Settings, tbl: SessionTable, rows: Sequence[HandResult],
                 time_called_after: int | None) -> None:
    """Play the table's records and write each hand's changes; a record that cannot be played (tiles that
    are no win in the hand's state, a hand after the end of the game) refuses the whole change."""
    records = [r.detail or {} for r in rows]
    try:
        played = system.play(records, st.system_options(), played_before_time(records, time_called_after))
    except HandError as exc:
        hand = _failing_hand(system, st, records)
        raise InputError("hand", code="hand_invalid", notation=f"hand {hand}", problem=hand_problem(exc)) from exc
    except LineError as exc:
        raise InputError(exc.field, code=exc.code, **exc.params) from exc
    except GameOverError as exc:
        raise InputError("hand", code="game_over", table=tbl.table_no, hands=_hands_in_game(system, st, records,
                                                                                            time_called_after)) from exc
    for row, ph in zip(rows, played.hands, strict=True):
        row.deltas = ph.deltas


def _failing_hand(system: GameSystem, st: Settings, records: Sequence[Mapping[str, Any]]) -> int:
    """The first hand whose tiles cannot be played (for the refusal's words)."""
    for n in range(1, len(records) + 1):
        try:
            system.play(records[:n], st.system_options())
        except (HandError, LineError):
            return n
        except GameOverError:
            break
    return len(records)


def _hands_in_game(system: GameSystem, st: Settings, records: Sequence[Mapping[str, Any]],
                   time_called_after: int | None) -> int:
    """How many of the records the game holds before its end."""
    for n in range(len(records), 0, -1):
        try:
            if not system.play(records[:n - 1], st.system_options(),
                               played_before_time(records, time_called_after)).game.over:
                return n
        except GameOverError:
            continue
    return 0


def record_game_line(s: Session, session: int, table: int, hand: Any, obj: Mapping[str, Any], *,
                     expected_version: int | None = None, actor: Actor | None = None) -> str:
    """Record one hand's result line at a game table: "recorded", or "skipped" when that hand is recorded
    with the same record (a re-run of an import); another record there is refused."""
    st, system = _game(s)
    need_rules(st)
    tbl = find_table(s, session, table)
    hand = check_int(hand, "hand", 1, st.hands_per_session)
    record = read_game_line(system, obj, table_numbers(s, tbl), session, table)
    _check_outcome(system, st, record)
    if _same(s, tbl, hand, record):
        return "skipped"
    tbl = lock_table_row(s, tbl)
    if _same(s, tbl, hand, record):
        return "skipped"
    tbl = locked_table(s, session, table, expected_version)
    if tbl.signed_off:  # the players signed the sheet: closed to new hands (corrections stay possible)
        raise InputError("table", code="table_signed_off", session=session, table=table)
    rows = table_records(s, tbl)
    if hand != len(rows) + 1:
        raise InputError("hand", code="hand_out_of_order", table=table, recorded=len(rows), next=len(rows) + 1)
    a = actor or default_actor()
    row = HandResult(table_id=tbl.id, hand_no=hand, recorded_at=now(), station=a.station, referee=a.referee)
    _keep(row, record)
    s.add(row)
    replay_table(s, system, st, tbl, [*rows, row], tbl.time_called_after)
    audit(s, actor, AuditAction.RECORD, at_table(session, table, hand),
          after=system.line_of(record, lambda i: table_numbers(s, tbl)[i]))
    return "recorded"


def _check_outcome(system: GameSystem, st: Settings, record: Mapping[str, Any]) -> None:
    """A line of a kind the tournament's rules do not have (a nagashi under EMA, a chombo under Tenhou) is
    refused: the desk and the phone offer only the rules' kinds, and so does the store."""
    allowed = system.outcomes(st.system_options())
    if record["type"] not in allowed:
        raise InputError("type", code="riichi_outcome_not_in_rules", type=record["type"], profile=st.profile,
                         outcomes=", ".join(allowed))


def _keep(row: HandResult, record: dict[str, Any]) -> None:
    """The record, and the columns every reader shares: the kind, the (first) winner or the chombo player, the
    discarder, self-drawn."""
    row.detail, row.kind = record, record["type"]
    winners = record.get("winners") or []
    row.winner = winners[0]["seat"] if winners else record.get("player")
    row.discarder = record.get("discarder")
    row.self_drawn = record["type"] == "tsumo"


def _same(s: Session, tbl: SessionTable, hand: int, record: Mapping[str, Any]) -> bool:
    existing = existing_hand(s, tbl, hand)
    if existing is None:
        return False
    if existing.detail == record:
        return True
    raise InputError("hand", code="hand_recorded_differently", session=tbl.session, table=tbl.table_no, hand=hand,
                     recorded=str(existing.detail))


def correct_game_hand(s: Session, session: int, table: int, hand: Any, obj: Mapping[str, Any], reason: str, *,
                      expected_version: int | None = None, actor: Actor | None = None) -> None:
    """Replace a recorded hand; every later hand is played again from the state it now leaves."""
    reason = need_reason(reason)
    st, system = _game(s)
    tbl = locked_table(s, session, table, expected_version)
    numbers = table_numbers(s, tbl)
    row = existing_hand(s, tbl, check_int(hand, "hand", 1))
    if row is None:
        raise InputError("hand", code="hand_not_recorded", session=session, table=table, hand=hand)
    record = read_game_line(system, obj, numbers, session, table)
    _check_outcome(system, st, record)
    before = system.line_of(row.detail or {}, numbers.__getitem__)
    _keep(row, record)
    a = actor or default_actor()
    row.recorded_at, row.station, row.referee = now(), a.station, a.referee
    replay_table(s, system, st, tbl, table_records(s, tbl), tbl.time_called_after)
    audit(s, actor, AuditAction.CORRECT, at_table(session, table, row.hand_no), before=before,
          after=system.line_of(record, numbers.__getitem__), reason=reason)


def delete_game_hand(s: Session, session: int, table: int, hand: Any, reason: str, *,
                     expected_version: int | None = None, actor: Actor | None = None) -> None:
    """Delete the last recorded hand (earlier ones are corrected, so the hands stay in order)."""
    reason = need_reason(reason)
    st, system = _game(s)
    tbl = locked_table(s, session, table, expected_version)
    rows = table_records(s, tbl)
    hand = check_int(hand, "hand", 1)
    if not rows or hand != rows[-1].hand_no:
        raise InputError("hand", code="delete_not_last", recorded=len(rows), hand=hand)
    numbers = table_numbers(s, tbl)
    before = system.line_of(rows[-1].detail or {}, numbers.__getitem__)
    s.delete(rows[-1])
    audit(s, actor, AuditAction.DELETE, at_table(session, table, hand), before=before, reason=reason)


def call_game_time(s: Session, session: int, table: int, after_hand: Any, *, expected_version: int | None = None,
                   actor: Actor | None = None) -> str:
    """Time is called at a game table: ``after_hand`` is the hand in play at the gong (the preset says how the
    game ends from there). The hands recorded must fit the game it leaves. "skipped" when called so already."""
    st, system = _game(s)
    tbl = find_table(s, session, table)
    after_hand = check_int(after_hand, "after_hand", 0, st.hands_per_session)
    if tbl.time_called_after == after_hand:
        return "skipped"
    tbl = locked_table(s, session, table, expected_version)
    if tbl.time_called_after is not None:
        raise InputError("after_hand", code="time_already_called", session=session, table=table,
                         after=tbl.time_called_after)
    rows = table_records(s, tbl)
    if games_over(s, [tbl.id])[tbl.id]:
        raise InputError("after_hand", code="game_over_no_time_call", table=table)
    if after_hand > len(rows) + 1:
        raise InputError("after_hand", code="time_call_hands", session=session, table=table, recorded=len(rows),
                         after=after_hand)
    tbl.time_called_after = after_hand
    replay_table(s, system, st, tbl, rows, after_hand)
    audit(s, actor, AuditAction.RECORD, time_called(session, table), after={"after_hand": after_hand})
    return "recorded"


def record_game_result(s: Session, obj: Any, *, expected_version: int | None = None,
                       actor: Actor | None = None) -> str:
    """One result line of a game table other than a penalty (a hand or the time call): "recorded" or
    "skipped" (recorded already, the same)."""
    if not isinstance(obj, dict):
        raise InputError(None, code="line_not_object")
    for need in ("session", "table"):
        if need not in obj:
            raise InputError(need, code="missing")
        check_int(obj[need], need, 1)
    if obj.get("type") == "time_called":
        unknown = sorted(set(obj) - {"session", "table", "type", "after_hand"})
        if unknown:
            raise InputError(unknown[0][:40], code="unknown_field", type="time_called")
        if "after_hand" not in obj:
            raise InputError("after_hand", code="missing")
        return call_game_time(s, obj["session"], obj["table"], obj["after_hand"], expected_version=expected_version,
                              actor=actor)
    if "hand" not in obj:
        raise InputError("hand", code="missing")
    return record_game_line(s, obj["session"], obj["table"], obj["hand"], obj, expected_version=expected_version,
                            actor=actor)


@dataclass(frozen=True, slots=True)
class GamePreview:
    """A result line as it would be recorded, writing nothing: the hand played from the state the table's
    earlier hands leave (its round, dealer, honba and deposits), or the problem of tiles that are no
    scoring win (a live preview says it; it is no refusal of the request)."""

    hand: GameHandView | None
    problem: Text | None = None
    partial: bool = False  # a hand not over yet, played so far (asked ``partial``): not what will be recorded


def preview_game_line(s: Session, session: int, table: int, hand: Any, obj: Mapping[str, Any], *,
                      partial: bool = False) -> GamePreview:
    """Hand ``hand`` (the next one, or a recorded one that the line would correct) played with ``obj``: the
    rule system reads, scores and settles it exactly as :func:`record_game_line` would, so a preview and
    the hand then recorded never differ. A line that is not one, or a hand after the end of the game, is
    refused as when it is recorded. With ``partial`` a hand not over yet (Sichuan's events so far, entered
    as they happen) is played as far as it goes, its answer marked ``partial``: the payments so far, not
    final (recording it is still refused)."""
    st, system = _game(s)
    need_rules(st)
    tbl = find_table(s, session, table)
    rows = table_records(s, tbl)
    hand = check_int(hand, "hand", 1, len(rows) + 1)
    numbers = table_numbers(s, tbl)
    record = read_game_line(system, obj, numbers, session, table)
    records = [*(r.detail or {} for r in rows[:hand - 1]), record]
    try:
        played = system.play(records, st.system_options(), played_before_time(records, tbl.time_called_after),
                             partial=partial)
    except HandError as exc:
        return GamePreview(None, hand_problem(exc))
    except LineError as exc:
        raise InputError(exc.field, code=exc.code, **exc.params) from exc
    except GameOverError as exc:
        raise InputError("hand", code="game_over", table=table, hands=hand - 1) from exc
    last = played.hands[-1]
    return GamePreview(hand_view(hand, record, last, system.line_of(record, numbers.__getitem__)),
                       partial=last.partial)
