"""Who sits where: seating a session (balanced plan or by standings), editing it, swapping two players,
removing it. The plans themselves come from ``db.seating``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from db import seating as plans
from db.actions import AuditAction
from db.audit_what import What, seating
from db.errors import InputError, TournamentError
from db.models import Player, Seat, SessionTable
from db.read import queries
from db.read.game_state import need_rules
from db.read.lookup import (
    active_players,
    check_session,
    has_results,
    player_by_number,
    seating_numbers,
    session_tables,
    table_has_results,
    tournament,
)
from db.read.lookup import settings as _settings
from db.read.views import CheckInView, StageView, number_key
from db.rules.limits import REASON_MAX, check_optional_text
from db.rules.profiles import NoShow
from db.rules.rotation import WINDS
from db.rules.stages import StageSeating, rank_tables, snake_tables
from db.service.audit import Actor, audit
from db.service.teammates import avoidable_teammates, check_generated, teammate_conflicts, teammates_error
from texts import Text


def _check_count(players: Sequence[Player]) -> None:
    if not players:
        raise TournamentError(code="no_players")
    missing = plans.missing_substitutes(len(players))
    if missing:
        raise TournamentError(code="players_not_multiple_of_4", players=len(players), missing=missing)


def _write_seating(s: Session, session: int, tables: Sequence[Sequence[str]], actor: Actor | None,
                   reason: str | None = None, action: AuditAction = AuditAction.SEAT) -> None:
    """Replace the seating of ``session`` (only when it has no results) with ``tables`` of numbers."""
    before = seating_numbers(s, session)
    by_number = {p.number: p for p in s.scalars(select(Player))}
    old = session_tables(s, session)
    versions = {t.table_no: t.version for t in old}
    for t in old:
        s.delete(t)
    s.flush()
    for i, numbers in enumerate(tables, start=1):
        tbl = SessionTable(session=session, table_no=i, version=versions.get(i, -1) + 1)
        s.add(tbl)
        s.flush()
        for pos, number in enumerate(numbers):
            s.add(Seat(table_id=tbl.id, session=session, position=pos, player_id=by_number[number].id))
    s.flush()
    audit(s, actor, action, seating(session), before=before or None,
          after=[list(t) for t in tables], reason=reason)


def _teams(players: Sequence[Player]) -> dict[str, str | None]:
    return {p.number: p.team for p in players}


def seat_session(s: Session, session: int, method: str = "balanced", seed: int | None = None,
                 actor: Actor | None = None) -> list[list[str]]:
    """Seat ``session`` (or seat it again while it has no results). Returns the tables' numbers E,S,W,N.

    ``balanced``: the session's part of a plan stored with its seed. The stored plan is used while it
    still describes the tournament: same seed, every other seated session seated as the plan says, and
    the same active players. Otherwise (a substitute came in, a session was seated by standings or by
    hand, another ``seed``) the sessions not seated yet are planned again after the seated ones
    (``db.seating.plan_sessions_after``: pairs that already met are avoided, seats balanced with the
    seats used) and stored with the seed, so the same state and seed give the same seating.
    ``standings``: top players together (高高碰) by the standings after the previous session.

    A session of a stage (``stage add``) seats the stage's players by the stage's rule whatever the
    method, and is refused (naming the stage) until the previous stage is complete and any tie at its
    cut decided; the balanced plan covers only the sessions of the stage being seated. After the
    check-in desk has marked anyone for the session, only players present are seated (docs/tournament.md,
    "Check-in"): a no-show's seat goes to a present substitute, or the session is planned again among
    the present, as the profile's ``no_show`` says.
    """
    stage, roster = _seatable(s, session, "seating_has_results")
    if method not in ("balanced", "standings"):
        raise InputError("method", code="unknown_seating_method", method=method)
    tables = _tables_for(s, session, method, seed, roster.players, stage, actor)
    replaces: dict[str, str] = {}
    if roster.stand_ins:
        stand_ins = iter(roster.stand_ins)
        away = set(roster.away)

        def stand_in(n: str) -> str:
            if n not in away:
                return n
            replaces[sub := next(stand_ins)] = n
            return sub

        tables = [[stand_in(n) for n in tbl] for tbl in tables]
    _write_seating(s, session, tables, actor)
    if replaces:  # the only record of who took whose seat (queries.replacements reads it)
        audit(s, actor, AuditAction.STAND_IN, What("stand_ins", session),
              after={"session": session, "replaces": replaces})
    return tables


@dataclass(frozen=True, slots=True)
class _Roster:
    """Who a session seats: ``players`` as the seating rule sees them; in their seats the ``away`` (no-shows
    of the check-in) take, in seating order, the ``stand_ins`` (present substitutes of the pool)."""

    players: list[Player]
    away: tuple[str, ...] = ()
    stand_ins: tuple[str, ...] = ()

    def seated(self) -> list[str]:
        away = set(self.away)
        return [p.number for p in self.players if p.number not in away] + list(self.stand_ins)


def _seatable(s: Session, session: int, results_code: str) -> tuple[StageView | None, _Roster]:
    """The session's stage and roster, once it may be seated: it exists, it has no results yet (refused with
    ``results_code``) and its stage, if any, is ready (the previous stage complete, any tie decided)."""
    check_session(s, session)
    need_rules(_settings(s))  # a rule system whose numbers the organiser has not typed yet: no session starts
    if has_results(s, session):
        raise TournamentError(code=results_code, session=session)
    stage = queries.stage_of(s, session)
    if stage is not None and stage.players is None:
        raise queries.stage_not_ready(stage)
    return stage, _roster(s, session, stage)


def _roster(s: Session, session: int, stage: StageView | None) -> _Roster:
    if stage is not None and stage.players is not None:
        by_number = {p.number: p for p in s.scalars(select(Player))}
        expected = [by_number[n] for n in queries.stage_roster(s, stage, session)]
    else:
        expected = active_players(s, session)
    desk = queries.checkin(s, session)
    if not desk.marked:
        return _Roster(expected)
    present = set(desk.present)
    numbers = {p.number for p in expected}
    here = [p for p in expected if p.number in present]
    away = [p.number for p in expected if p.number not in present]
    pool = [p for p in s.scalars(select(Player).order_by(Player.id))
            if p.number in present and p.number not in numbers and p.substitute
            and (p.withdrawn_from is None or p.withdrawn_from > session)]
    pool.sort(key=lambda p: number_key(p.number))
    if _settings(s).no_show is NoShow.SUBSTITUTE:
        if len(away) > len(pool):
            raise _short(s, session, desk, numbers, len(here) + len(pool), len(away) - len(pool))
        return _Roster(expected, tuple(away), tuple(p.number for p in pool[:len(away)]))
    needed = -len(here) % 4
    if needed > len(pool):
        raise _short(s, session, desk, numbers, len(here) + len(pool), needed - len(pool))
    return _Roster(here + pool[:needed])


def _short(s: Session, session: int, desk: CheckInView, expected: set[str], present: int,
           missing: int) -> TournamentError:
    """The refusal when the players present do not fill the tables: it names who is not seen yet and the
    substitutes not checked in yet, and says what to do with them (docs/tournament.md, "The check-in desk")."""
    people = {p.number: p for p in s.scalars(select(Player))}
    marked = set(desk.present) | set(desk.absent)
    spare = sorted((n for n, p in people.items() if p.substitute and n not in expected and n not in marked
                    and (p.withdrawn_from is None or p.withdrawn_from > session)), key=number_key)
    not_seen = [f"{n} {people[n].name}" for n in desk.not_seen]
    spares = ", ".join(f"{n} {people[n].name}" for n in spare)
    if not_seen and spare:
        advice = Text("Not seen yet: {players}. Check in those who are here; mark the others absent and check in "
                      "substitutes for them (not checked in yet: {substitutes}).", "checkin_advice",
                      players=", ".join(not_seen), substitutes=spares)
    elif not_seen:
        advice = Text("Not seen yet: {players}. Check in those who are here; mark the others absent and add "
                      "{missing} substitute(s) (a player with substitute: yes), then check them in.",
                      "checkin_advice", players=", ".join(not_seen), missing=missing)
    elif spare:
        advice = Text("Every expected player is checked in or absent: check in {missing} of the substitutes not "
                      "checked in yet ({substitutes}).", "checkin_advice", missing=missing, substitutes=spares)
    else:
        advice = Text("Every expected player is checked in or absent and no substitute is left: add {missing} "
                      "substitute(s) (a player with substitute: yes), then check them in.", "checkin_advice",
                      missing=missing)
    return TournamentError(code="checkin_substitutes_missing", session=session, present=present, missing=missing,
                           not_seen=len(desk.not_seen), not_seen_players=list(desk.not_seen),
                           substitutes=spare, advice=advice)


def _tables_for(s: Session, session: int, method: str, seed: int | None, players: Sequence[Player],
                stage: StageView | None, actor: Actor | None) -> list[list[str]]:
    _check_count(players)
    teams = _teams(players)
    if stage is not None and stage.seating != StageSeating.SPREAD:
        # The stage's rule places the players: teammates are not moved apart (warned about, as ever).
        return _ranked_tables(s, session, stage, [p.number for p in players], seed or 0)
    if method == "balanced" or stage is not None:
        first, last = _span(s, session, stage)
        tables = _balanced_tables(s, session, [p.number for p in players], teams, seed, actor, first, last)
    else:
        tables = _standings_tables(s, session, players, teams, seed or 0)
    check_generated(session, tables, teams)
    return tables


def _span(s: Session, session: int, stage: StageView | None) -> tuple[int, int]:
    """The sessions of the stage ``session`` is in: a balanced plan covers these only."""
    if stage is not None:
        return stage.first_session, stage.last_session
    later = [v.first_session for v in queries.stages(s)]
    return 1, (min(later) - 1 if later else tournament(s).sessions)


def _previous_seats(s: Session, session: int) -> dict[str, list[str]]:
    previous: dict[str, list[str]] = {}
    for k in range(1, session):
        for tbl in seating_numbers(s, k):
            for pos, number in enumerate(tbl):
                previous.setdefault(number, []).append(WINDS[pos])
    return previous


def _ranked_tables(s: Session, session: int, stage: StageView, numbers: Sequence[str], seed: int
                   ) -> list[list[str]]:
    """Rank or snake seating by the stage's ranking after the previous session (at the stage's first
    session: the carried points, then the previous stage's order); each player's seat the least used."""
    seated = set(numbers)
    holder = queries.stage_places(s, stage, session)  # a substitute sits in the withdrawn player's rank
    ranked = [h for row in queries.stage_standings(s, stage.name, after=session - 1)
              if (h := holder.get(row.number, row.number)) is not None and h in seated]
    ranked += [n for n in numbers if n not in ranked]
    tables = rank_tables(ranked) if stage.seating == StageSeating.RANK else snake_tables(ranked)
    try:
        result = plans.seat_balance_assign(tables, _previous_seats(s, session), seed=seed)
    except plans.SeatingError as exc:
        raise TournamentError(code="seating_failed", problem=str(exc)) from exc
    return [list(tbl) for tbl in result]


def _seated_elsewhere(s: Session, session: int) -> dict[int, list[list[str]]]:
    """Every seated session other than ``session``: number -> tables (numbers E, S, W, N)."""
    return {k: tables for k in range(1, tournament(s).sessions + 1)
            if k != session and (tables := seating_numbers(s, k))}


def _plan_still_holds(plan: list[Any] | None, session: int, numbers: Sequence[str],
                      seated: Mapping[int, list[list[str]]]) -> bool:
    # A plan covers its stage's sessions only (None elsewhere, docs/tournament.md "Stages and cuts").
    if plan is None or len(plan) < session or plan[session - 1] is None:
        return False
    if sorted(n for tbl in plan[session - 1] for n in tbl) != sorted(numbers):
        return False
    return all(k <= len(plan) and plan[k - 1] is not None and [list(t) for t in plan[k - 1]] == tables
               for k, tables in seated.items())


def _balanced_tables(s: Session, session: int, numbers: list[str], teams: dict[str, str | None],
                     seed: int | None, actor: Actor | None, first: int, last: int) -> list[list[str]]:
    t = tournament(s)
    seated = _seated_elsewhere(s, session)
    if (seed is None or seed == t.seating_seed) and _plan_still_holds(t.seating_plan, session, numbers, seated):
        assert t.seating_plan is not None
        return [list(tbl) for tbl in t.seating_plan[session - 1]]
    use_seed = seed if seed is not None else (t.seating_seed or 0)
    # Plan this session and every session of its stage not seated yet, after the stage's seated ones.
    todo = [k for k in range(first, last + 1) if k == session or k not in seated]
    played = [seated[k] for k in sorted(seated) if first <= k <= last]
    planned = _plan(numbers, teams, len(todo), use_seed, played)
    plan: list[Any] = [seated.get(k) for k in range(1, t.sessions + 1)]
    for k, tables in zip(todo, planned, strict=True):
        plan[k - 1] = tables
    t.seating_plan, t.seating_seed = plan, use_seed
    audit(s, actor, AuditAction.SEATING_PLAN, What("seating_plan"),
          after={"seed": use_seed, "planned_sessions": todo, "after_sessions": sorted(seated)})
    return [list(tbl) for tbl in plan[session - 1]]


def _plan(numbers: list[str], teams: dict[str, str | None], sessions: int, seed: int,
          played: Sequence[Sequence[Sequence[str]]] = ()) -> list[list[list[str]]]:
    try:
        if played:
            plan = plans.plan_sessions_after(played, numbers, teams, sessions, seed=seed)
        else:
            plan = plans.plan_tournament(numbers, teams, sessions, seed=seed)
    except plans.SeatingError as exc:
        raise TournamentError(code="seating_failed", problem=exc.args[0]) from exc
    return [[list(tbl) for tbl in sess] for sess in plan.sessions]


def _standings_tables(s: Session, session: int, players: Sequence[Player],
                      teams: dict[str, str | None], seed: int) -> list[list[str]]:
    active = {p.number for p in players}
    tie_breaks = queries.settings(s).tie_breaks
    ranked = _ranked_in([(queries.standing_key(tie_breaks, r.sessions), r.number)
                         for r in queries.standings(s, after=session - 1) if r.number in active],
                        [(queries.standing_key(tie_breaks, r.sessions), r.number)
                         for r in queries.substitutes_played(s, after=session - 1) if r.number in active])
    ranked += [n for n in sorted(active, key=number_key) if n not in ranked]  # not played yet: last
    try:
        result = plans.seat_by_standings(ranked, teams, seed=seed, previous_seats=_previous_seats(s, session))
    except plans.SeatingError as exc:
        raise TournamentError(code="standings_seating_failed", problem=exc.args[0]) from exc
    return [list(tbl) for tbl in result]


def _ranked_in(ranked: Sequence[tuple[tuple[float, ...], str]], played: Sequence[tuple[tuple[float, ...], str]]
               ) -> list[str]:
    """The standings' order (``ranked``: key, number) with the substitutes who played (``played``), who are
    in no ranking, put in by the same key: before the first below them, and among equal keys by number as
    a number, as the standings order them ("9" before "10").

    >>> _ranked_in([((8.0,), "1"), ((4.0,), "2"), ((4.0,), "12")], [((4.0,), "10"), ((9.0,), "9")])
    ['9', '1', '2', '10', '12']
    """
    out = list(ranked)
    for key, n in played:
        at = next((i for i, (k, m) in enumerate(out) if k < key or (k == key and number_key(m) > number_key(n))),
                  len(out))
        out.insert(at, (key, n))
    return [n for _k, n in out]


def set_seating(s: Session, session: int, tables: Sequence[Sequence[str]], reason: str | None = None,
                actor: Actor | None = None) -> list[str]:
    """Seat a session exactly as given (e.g. edited in the GUI); only before its first result.

    Teammates at one table are refused unless the team is too large to be spread wider (then allowed);
    returns the tables where teammates sit together (see :func:`teammate_conflicts`), to warn about.
    """
    reason = check_optional_text(reason, "reason", REASON_MAX)
    _stage, roster = _seatable(s, session, "seating_edit_has_results")
    expected = sorted(roster.seated())
    players = list(s.scalars(select(Player).where(Player.number.in_(expected))))
    got = [str(n) for tbl in tables for n in tbl]
    if any(len(tbl) != 4 for tbl in tables):
        raise InputError("seats", code="table_not_four")
    if sorted(got) != expected:
        missing = sorted(set(expected) - set(got))
        extra = sorted(set(got) - set(expected))
        dup = sorted({n for n in got if got.count(n) > 1})
        raise InputError("seats", code="seating_incomplete", missing=missing, extra=extra, twice=dup)
    named = [[str(n) for n in tbl] for tbl in tables]
    clash = avoidable_teammates(named, _teams(players))
    if clash is not None:
        raise teammates_error(s, session, clash)
    _write_seating(s, session, named, actor, reason, action=AuditAction.SEAT_EDIT)
    return teammate_conflicts(s, session)


def swap_players(s: Session, session: int, a: str, b: str, reason: str | None = None,
                 actor: Actor | None = None) -> list[str]:
    """Swap the seats of players ``a`` and ``b`` in ``session``.

    Before the session's first result this is a free edit; afterwards it is a correction and needs a
    reason (both tables' versions move on, and hands keep their seat positions: the results follow the seat).

    A free edit that seats teammates together is refused unless the team is too large to be spread
    wider. A correction records where the players really sat, so it is never refused for that.
    Returns warnings: the touched tables where teammates sit together.
    """
    reason = check_optional_text(reason, "reason", REASON_MAX)
    check_session(s, session)
    seat_a = _seat_of(s, session, a, "a")
    seat_b = _seat_of(s, session, b, "b")
    if seat_a.id == seat_b.id:
        raise InputError("b", code="swap_same_player", a=a, b=b)
    touched = {seat_a.table_id, seat_b.table_id}
    correction = any(table_has_results(s, tid) for tid in touched)
    if correction and not (reason and reason.strip()):
        raise InputError("reason", code="swap_needs_reason", session=session)
    before_tables = seating_numbers(s, session)
    after_tables = [[b if n == a else a if n == b else n for n in tbl] for tbl in before_tables]
    teams = {p.number: p.team for p in s.scalars(select(Player).where(Player.team.is_not(None)))}
    clash = avoidable_teammates(after_tables, teams, before_tables, moved=(a, b))
    if clash is not None and not correction:
        raise teammates_error(s, session, clash)
    before = {a: _seat_label(s, seat_a), b: _seat_label(s, seat_b)}
    # Delete and re-insert both seats: swapping in place would briefly break the unique (session, player).
    rows = [(seat_a.table_id, seat_a.position, seat_b.player_id), (seat_b.table_id, seat_b.position, seat_a.player_id)]
    s.delete(seat_a)
    s.delete(seat_b)
    s.flush()
    new_seats = [Seat(table_id=tid, session=session, position=pos, player_id=pid) for tid, pos, pid in rows]
    s.add_all(new_seats)
    s.flush()
    for tid in touched:
        s.execute(update(SessionTable).where(SessionTable.id == tid).values(version=SessionTable.version + 1))
    after = {a: _seat_label(s, new_seats[1]), b: _seat_label(s, new_seats[0])}
    audit(s, actor, AuditAction.SEAT_CORRECTION if correction else AuditAction.SEAT_SWAP,
          What("swap", session, params={"a": a, "b": b}), before=before, after=after, reason=reason)
    table_nos = {tbl.table_no for tbl in s.scalars(select(SessionTable).where(SessionTable.id.in_(touched)))}
    return teammate_conflicts(s, session, table_nos)


def _seat_of(s: Session, session: int, number: str, field_name: str) -> Seat:
    p = player_by_number(s, number, field_name)
    seat = s.scalar(select(Seat).where(Seat.session == session, Seat.player_id == p.id))
    if seat is None:
        raise InputError(field_name, code="player_not_seated", number=number, session=session)
    return seat


def _seat_label(s: Session, seat: Seat) -> str:
    tbl = s.get(SessionTable, seat.table_id)
    assert tbl is not None
    return f"table {tbl.table_no} {WINDS[seat.position]}"


def delete_session_seating(s: Session, session: int, actor: Actor | None = None) -> None:
    """Remove a session's seating (only without results)."""
    if has_results(s, session):
        raise TournamentError(code="seating_delete_has_results", session=session)
    before = seating_numbers(s, session)
    s.execute(delete(SessionTable).where(SessionTable.session == session))
    audit(s, actor, AuditAction.SEAT_DELETE, seating(session), before=before)
