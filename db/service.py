"""Write services: everything that changes a tournament. The GUI and the CLI both call these.

Rules of use:
- Every function takes the ORM ``Session`` first and never commits: the caller opens one transaction per
  user action (``with db.factory.begin() as s: record_win(s, ...)``).
- Every change writes an audit entry (what, before, after, when, station, referee, reason).
- Functions that change a table take ``expected_version`` (optional): the ``version`` the caller saw in
  its ``TableSheet``. If another station saved in between, :class:`StaleTableError` is raised and nothing
  is written.
- Players are named by their number (a string), tables by (session, table number), hands 1-based.
"""

from __future__ import annotations

import csv
import io
import json
import os
import socket
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session, defer

from db import seating as plans
from db.errors import FrozenSettingsError, InputError, NotInitialisedError, StaleTableError, TournamentError
from db.models import AuditLog, HandResult, Penalty, Player, Seat, SessionTable, Tournament
from db.profiles import PENALTY_KINDS, SeatRotation, Settings, profile_settings
from db.rotation import WINDS, hand_winds
from scoring.settlement import settle_win

# --------------------------------------------------------------------------------------------- basics


@dataclass(frozen=True, slots=True)
class Actor:
    """Who makes a change: the station (computer) and the referee's name, written to the audit log."""

    station: str = ""
    referee: str = ""


def default_actor() -> Actor:
    # USER on Linux and macOS, USERNAME on Windows
    referee = os.environ.get("MCR_REFEREE") or os.environ.get("USER") or os.environ.get("USERNAME", "")
    return Actor(station=socket.gethostname(), referee=referee)


def now() -> datetime:
    return datetime.now().replace(microsecond=0)


def _json(value: Any) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


def audit(s: Session, actor: Actor | None, action: str, what: str, before: Any = None, after: Any = None,
          reason: str | None = None) -> None:
    a = actor or default_actor()
    s.add(AuditLog(at=now(), station=a.station, referee=a.referee, action=action, what=what,
                   before=_json(before), after=_json(after), reason=reason))


def tournament(s: Session) -> Tournament:
    # The seating plan (large in a large field) loads only when seating needs it.
    t = s.get(Tournament, 1, options=[defer(Tournament.seating_plan)])
    if t is None:
        raise NotInitialisedError("this database holds no tournament yet: run `mcr-tournament --db ... init --name NAME`")
    # The identity map holds objects weakly: without this reference every call would load the row again
    # (with its whole seating plan), which made recording a hand slower the larger the tournament.
    s.info["mcr_tournament"] = t
    return t


def settings(s: Session) -> Settings:
    """The tournament's settings, read once per session (a session is one user action)."""
    cached: Settings | None = s.info.get("mcr_settings")
    if cached is None:
        cached = s.info["mcr_settings"] = Settings.from_json(tournament(s).settings)
    return cached


def has_results(s: Session, session: int | None = None) -> bool:
    """Whether any hand, penalty or time call exists (in ``session`` if given)."""
    for model in (HandResult, Penalty):
        q = select(model.id).join(SessionTable, SessionTable.id == model.table_id)
        if session is not None:
            q = q.where(SessionTable.session == session)
        if s.scalar(q.limit(1)) is not None:
            return True
    q2 = select(SessionTable.id).where(SessionTable.time_called_after.is_not(None))
    if session is not None:
        q2 = q2.where(SessionTable.session == session)
    return s.scalar(q2.limit(1)) is not None


def _table_has_results(s: Session, table_id: int) -> bool:
    tbl = s.get(SessionTable, table_id)
    if tbl is not None and tbl.time_called_after is not None:
        return True
    return any(
        s.scalar(select(model.id).where(model.table_id == table_id).limit(1)) is not None
        for model in (HandResult, Penalty)
    )


# ----------------------------------------------------------------------------------------- tournament


def create_tournament(s: Session, name: str, profile: str = "cmr1998", *, sessions: int | None = None,
                      hands_per_session: int | None = None, flowers: bool | None = None,
                      seat_rotation: SeatRotation | None = None, start_date: date | None = None,
                      actor: Actor | None = None) -> None:
    if s.get(Tournament, 1) is not None:
        raise TournamentError("this database already holds a tournament (one tournament per database)")
    name = name.strip()
    if not name:
        raise InputError("name", "the tournament needs a name")
    st = profile_settings(profile, sessions=sessions, hands_per_session=hands_per_session, flowers=flowers,
                          seat_rotation=seat_rotation)
    s.add(Tournament(id=1, name=name, profile=st.profile, sessions=st.sessions,
                     hands_per_session=st.hands_per_session, flowers=st.flowers, settings=st.to_json(),
                     start_date=start_date, created_at=now()))
    audit(s, actor, "init", f"tournament {name!r}", after=st.to_json())


def update_settings(s: Session, *, name: str | None = None, sessions: int | None = None,
                    hands_per_session: int | None = None, flowers: bool | None = None,
                    seat_rotation: SeatRotation | None = None,
                    table_points: tuple[float, float, float, float] | None = None,
                    start_date: date | None = None, actor: Actor | None = None) -> None:
    """Change settings. Rule settings are frozen once any result exists; the name and date never are."""
    from dataclasses import replace

    t = tournament(s)
    old = Settings.from_json(t.settings)
    new = replace(
        old,
        sessions=old.sessions if sessions is None else sessions,
        hands_per_session=old.hands_per_session if hands_per_session is None else hands_per_session,
        flowers=old.flowers if flowers is None else flowers,
        seat_rotation=old.seat_rotation if seat_rotation is None else seat_rotation,
        table_points=old.table_points if table_points is None else table_points,
    )
    if new != old:
        if has_results(s):
            raise FrozenSettingsError("the rule settings are frozen: results exist already / 已有成绩，规则设置不可更改")
        profile_settings(new.profile, sessions=new.sessions, hands_per_session=new.hands_per_session)
        if table_points is not None and abs(sum(table_points) - 7.0) > 1e-9:
            raise InputError("table_points", f"{list(table_points)} must sum to 7")
        t.settings = new.to_json()
        s.info.pop("mcr_settings", None)
        t.sessions, t.hands_per_session, t.flowers = new.sessions, new.hands_per_session, new.flowers
        audit(s, actor, "settings", "rule settings", before=old.to_json(), after=new.to_json())
    if name is not None and name.strip() and name.strip() != t.name:
        audit(s, actor, "settings", "tournament name", before=t.name, after=name.strip())
        t.name = name.strip()
    if start_date is not None and start_date != t.start_date:
        audit(s, actor, "settings", "start date", before=str(t.start_date), after=str(start_date))
        t.start_date = start_date


# -------------------------------------------------------------------------------------------- players


@dataclass(frozen=True, slots=True)
class PlayerInput:
    number: str
    name: str
    team: str | None = None
    country: str | None = None
    substitute: bool = False  # a reserve, seated only once they replace a player


@dataclass(frozen=True, slots=True)
class ImportCounts:
    added: int = 0
    updated: int = 0
    unchanged: int = 0


class RowErrors(TournamentError):
    """Several rows of a file are wrong; ``problems`` lists "line N: ..." texts."""

    def __init__(self, source: str, problems: Sequence[str]) -> None:
        super().__init__("\n".join(f"{source} {p}" for p in problems))
        self.problems = list(problems)


def parse_players_csv(text: str, source: str = "players.csv") -> list[PlayerInput]:
    """Read ``number,name[,team][,country]`` rows (header required, UTF-8, BOM allowed).

    Every bad row is reported (``RowErrors``), not just the first.
    """
    text = text.removeprefix("\ufeff")
    first = text.split("\n", 1)[0]
    # Spreadsheets in many locales save CSV with ";" (or tabs); take whichever the header uses.
    delimiter = max((",", ";", "\t"), key=first.count) if first else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    rows = list(reader)
    if not rows:
        raise RowErrors(source, ["line 1: empty file; expected the header number,name[,team][,country]"])
    header = [h.strip().lower() for h in rows[0]]
    known = ("number", "name", "team", "country", "substitute")
    problems: list[str] = []
    for h in header:
        if h not in known:
            problems.append(f'line 1: unknown column "{h}"; columns are number,name[,team][,country]')
    for need in ("number", "name"):
        if need not in header:
            problems.append(f'line 1: the header needs a "{need}" column')
    if problems:
        raise RowErrors(source, problems)
    idx = {h: header.index(h) for h in known if h in header}
    out: list[PlayerInput] = []
    seen: dict[str, int] = {}
    for lineno, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        if len(row) != len(header):
            problems.append(f"line {lineno}: {len(row)} fields, the header has {len(header)}")
            continue

        def cell(name: str, row: list[str] = row) -> str:
            return row[idx[name]].strip() if name in idx else ""

        number, name = cell("number"), cell("name")
        if not number:
            problems.append(f'line {lineno}: "number" is empty')
            continue
        if len(number) > 32 or any(c.isspace() for c in number):
            problems.append(f'line {lineno}: "number" {number!r} must be at most 32 characters without spaces')
            continue
        if not name:
            problems.append(f'line {lineno}: "name" is empty for player {number}')
            continue
        if number in seen:
            problems.append(f'line {lineno}: "number" {number} already used on line {seen[number]}')
            continue
        seen[number] = lineno
        sub = cell("substitute").lower()
        if sub not in ("", "0", "no", "false", "1", "yes", "true", "x"):
            problems.append(f'line {lineno}: "substitute" {sub!r}: use yes or no')
            continue
        out.append(PlayerInput(number, name, cell("team") or None, cell("country") or None,
                               sub in ("1", "yes", "true", "x")))
    if problems:
        raise RowErrors(source, problems)
    return out


def import_players(s: Session, players: Iterable[PlayerInput], actor: Actor | None = None) -> ImportCounts:
    """Add new players, update existing ones by number (all in the caller's transaction)."""
    existing = {p.number: p for p in s.scalars(select(Player))}
    added = updated = unchanged = 0
    for pi in players:
        cur = existing.get(pi.number)
        if cur is None:
            p = Player(number=pi.number, name=pi.name, team=pi.team, country=pi.country, substitute=pi.substitute)
            s.add(p)
            existing[pi.number] = p
            added += 1
            audit(s, actor, "player_add", f"player {pi.number}", after=_player_json(p))
        elif (cur.name, cur.team, cur.country, cur.substitute) != (pi.name, pi.team, pi.country, pi.substitute):
            before = _player_json(cur)
            cur.name, cur.team, cur.country, cur.substitute = pi.name, pi.team, pi.country, pi.substitute
            updated += 1
            audit(s, actor, "player_update", f"player {pi.number}", before=before, after=_player_json(cur))
        else:
            unchanged += 1
    s.flush()
    _check_team_sizes(s)
    return ImportCounts(added, updated, unchanged)


def _check_team_sizes(s: Session) -> None:
    sizes = dict(s.execute(select(Player.team, func.count()).where(Player.team.is_not(None)).group_by(Player.team)).all())
    big = sorted(f"{team} ({n})" for team, n in sizes.items() if n > 5)
    if big:
        raise InputError("team", f"a team has at most 4 players and 1 substitute: {', '.join(big)}")


def _player_json(p: Player) -> dict[str, Any]:
    return {"number": p.number, "name": p.name, "team": p.team, "country": p.country, "substitute": p.substitute}


def player_by_number(s: Session, number: str, field_name: str = "player") -> Player:
    p = s.scalar(select(Player).where(Player.number == str(number)))
    if p is None:
        raise InputError(field_name, f"no player number {number}")
    return p


# -------------------------------------------------------------------------------------------- seating


def is_active(p: Player, session: int) -> bool:
    """Whether ``p`` plays in ``session``: not withdrawn yet, and not a substitute waiting to come in."""
    if p.withdrawn_from is not None and p.withdrawn_from <= session:
        return False
    return not p.substitute or (p.joined_from is not None and p.joined_from <= session)


def _active_players(s: Session, session: int) -> list[Player]:
    return [p for p in s.scalars(select(Player).order_by(Player.id)) if is_active(p, session)]


def _check_count(players: Sequence[Player]) -> None:
    if not players:
        raise TournamentError("no players yet: import them first (`players import FILE.csv`)")
    missing = plans.missing_substitutes(len(players))
    if missing:
        raise TournamentError(
            f"{len(players)} players is not a multiple of 4: {missing} substitute(s) missing "
            f"/ 人数不是4的倍数，还缺{missing}名替补")


def _session_tables(s: Session, session: int) -> list[SessionTable]:
    return list(s.scalars(select(SessionTable).where(SessionTable.session == session).order_by(SessionTable.table_no)))


def _check_session(s: Session, session: int, field_name: str = "session") -> None:
    n = tournament(s).sessions
    if not isinstance(session, int) or isinstance(session, bool) or not 1 <= session <= n:
        raise InputError(field_name, f"session {session} does not exist (this tournament has sessions 1–{n})")


def _write_seating(s: Session, session: int, tables: Sequence[Sequence[str]], actor: Actor | None,
                   reason: str | None = None, action: str = "seat") -> None:
    """Replace the seating of ``session`` (only when it has no results) with ``tables`` of numbers."""
    before = seating_numbers(s, session)
    by_number = {p.number: p for p in s.scalars(select(Player))}
    old = _session_tables(s, session)
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
    audit(s, actor, action, f"seating of session {session}", before=before or None,
          after=[list(t) for t in tables], reason=reason)


def seating_numbers(s: Session, session: int) -> list[list[str]]:
    """The session's tables as lists of player numbers in starting-seat order E, S, W, N."""
    rows = s.execute(
        select(SessionTable.table_no, Seat.position, Player.number)
        .join(Seat, Seat.table_id == SessionTable.id).join(Player, Player.id == Seat.player_id)
        .where(SessionTable.session == session).order_by(SessionTable.table_no, Seat.position)
    ).all()
    tables: dict[int, list[str]] = {}
    for table_no, _pos, number in rows:
        tables.setdefault(table_no, []).append(number)
    return [tables[k] for k in sorted(tables)]


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
    """
    _check_session(s, session)
    if has_results(s, session):
        raise TournamentError(
            f"session {session} already has results: its seating can no longer be regenerated; "
            f"move players with an audited correction (`seat {session} --swap A B --reason ...`)")
    players = _active_players(s, session)
    _check_count(players)
    teams = _teams(players)
    if method == "balanced":
        tables = _balanced_tables(s, session, [p.number for p in players], teams, seed, actor)
    elif method == "standings":
        tables = _standings_tables(s, session, players, teams, seed or 0)
    else:
        raise InputError("method", f"unknown seating method {method!r}: balanced or standings")
    _check_generated(session, tables, teams)
    _write_seating(s, session, tables, actor)
    return tables


def _seated_elsewhere(s: Session, session: int) -> dict[int, list[list[str]]]:
    """Every seated session other than ``session``: number -> tables (numbers E, S, W, N)."""
    return {k: tables for k in range(1, tournament(s).sessions + 1)
            if k != session and (tables := seating_numbers(s, k))}


def _plan_still_holds(plan: list[Any] | None, session: int, numbers: Sequence[str],
                      seated: Mapping[int, list[list[str]]]) -> bool:
    if plan is None or len(plan) < session:
        return False
    if sorted(n for tbl in plan[session - 1] for n in tbl) != sorted(numbers):
        return False
    return all(k <= len(plan) and [list(t) for t in plan[k - 1]] == tables for k, tables in seated.items())


def _balanced_tables(s: Session, session: int, numbers: list[str], teams: dict[str, str | None],
                     seed: int | None, actor: Actor | None) -> list[list[str]]:
    t = tournament(s)
    seated = _seated_elsewhere(s, session)
    if (seed is None or seed == t.seating_seed) and _plan_still_holds(t.seating_plan, session, numbers, seated):
        assert t.seating_plan is not None
        return [list(tbl) for tbl in t.seating_plan[session - 1]]
    use_seed = seed if seed is not None else (t.seating_seed or 0)
    # Plan this session and every session not seated yet, after the seated ones (in session order).
    todo = [k for k in range(1, t.sessions + 1) if k == session or k not in seated]
    played = [seated[k] for k in sorted(seated)]
    planned = _plan(numbers, teams, len(todo), use_seed, played)
    plan: list[Any] = [seated.get(k) for k in range(1, t.sessions + 1)]
    for k, tables in zip(todo, planned, strict=True):
        plan[k - 1] = tables
    t.seating_plan, t.seating_seed = plan, use_seed
    audit(s, actor, "seating_plan", "balanced seating plan",
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
        raise TournamentError(f"cannot seat the tournament: {exc}") from exc
    return [[list(tbl) for tbl in sess] for sess in plan.sessions]


def _standings_tables(s: Session, session: int, players: Sequence[Player],
                      teams: dict[str, str | None], seed: int) -> list[list[str]]:
    from db.queries import standings

    active = {p.number for p in players}
    ranked = [row.number for row in standings(s, after=session - 1) if row.number in active]
    ranked += [n for n in sorted(active) if n not in ranked]
    previous: dict[str, list[str]] = {}
    for k in range(1, session):
        for tbl in seating_numbers(s, k):
            for pos, number in enumerate(tbl):
                previous.setdefault(number, []).append(WINDS[pos])
    try:
        result = plans.seat_by_standings(ranked, teams, seed=seed, previous_seats=previous)
    except plans.SeatingError as exc:
        raise TournamentError(f"cannot seat by standings: {exc}") from exc
    return [list(tbl) for tbl in result]


def _teammate_pairs(tables: Sequence[Sequence[str]], teams: Mapping[str, str | None]) -> dict[str, int]:
    pairs: dict[str, int] = {}
    for tbl in tables:
        here: dict[str, int] = {}
        for n in tbl:
            team = teams.get(n)
            if team:
                pairs[team] = pairs.get(team, 0) + here.get(team, 0)
                here[team] = here.get(team, 0) + 1
    return pairs


def _avoidable_teammates(tables: Sequence[Sequence[str]], teams: Mapping[str, str | None],
                         before: Sequence[Sequence[str]] | None = None,
                         moved: Sequence[str] = ()) -> tuple[str, str, str, int] | None:
    """(team, a, b, table number) of two teammates that ``tables`` seat together although their team could
    be kept apart (it has no more members here than there are tables); ``None`` if there are none.

    A team larger than the number of tables must meet (TOURNAMENT.md allows at most 4 + 1 per team, so
    only in small fields); its tables are warned about (:func:`teammate_conflicts`), not refused.
    With ``before`` (an edit of that seating), only a team the edit makes worse counts, so a seating that
    was already wrong can be mended one swap at a time; the pair named includes a ``moved`` player if
    one is involved.

    >>> teams = {"1": "Red", "2": "Red", "5": "Red", "3": "Blue", "4": "Blue"}
    >>> _avoidable_teammates([["1", "2", "3", "7"], ["4", "5", "6", "8"]], teams)  # 3 Red at 2 tables: allowed
    >>> _avoidable_teammates([["1", "2", "3", "4"], ["5", "6", "7", "8"]], teams)
    ('Blue', '3', '4', 1)
    """
    size = Counter(team for tbl in tables for n in tbl if (team := teams.get(n)))
    after = _teammate_pairs(tables, teams)
    earlier = _teammate_pairs(before, teams) if before is not None else {}
    bad = {team for team, k in after.items()
           if k and size[team] <= len(tables) and (before is None or k > earlier.get(team, 0))}
    if not bad:
        return None
    found: list[tuple[int, str, str, str, int]] = []
    for no, tbl in enumerate(tables, start=1):
        for i, a in enumerate(tbl):
            for b in tbl[i + 1:]:
                team = teams.get(a)
                if team in bad and teams.get(b) == team:
                    x, y = sorted((a, b), key=lambda n: (len(n), n))  # 2 before 10
                    found.append((0 if (a in moved or b in moved) else 1, team or "", x, y, no))
    _rank, team, a, b, no = min(found)
    return team, a, b, no


def _teammates_message(s: Session, session: int, clash: tuple[str, str, str, int]) -> str:
    team, a, b, no = clash
    names = dict(s.execute(select(Player.number, Player.name).where(Player.number.in_((a, b)))).all())
    return (f"players {a} ({names.get(a, '')}) and {b} ({names.get(b, '')}) are both in team {team}: "
            f"they cannot sit at table {no} of session {session} together (teammates never share a table) "
            f"/ {a} 与 {b} 同属 {team} 队，不可同桌")


def _check_generated(session: int, tables: Sequence[Sequence[str]], teams: Mapping[str, str | None]) -> None:
    """A generated seating never seats teammates together when they can be kept apart (db.seating
    guarantees it; this guards the store against a regression there)."""
    clash = _avoidable_teammates(tables, teams)
    if clash is not None:
        team, a, b, no = clash
        raise TournamentError(f"session {session}: the generated seating puts teammates {a} and {b} "
                              f"(team {team}) at table {no} although they can be kept apart; "
                              "please report this / 编排有误：同队选手同桌")


def teammate_conflicts(s: Session, session: int, tables: Collection[int] | None = None) -> list[str]:
    """Tables of ``session`` (of ``tables`` if given) where teammates sit together,
    e.g. "table 2: team Red (3, 7)"."""
    rows = s.execute(
        select(SessionTable.table_no, Player.team, Player.number)
        .join(Seat, Seat.table_id == SessionTable.id).join(Player, Player.id == Seat.player_id)
        .where(SessionTable.session == session, Player.team.is_not(None))
    ).all()
    by: dict[tuple[int, str | None], list[str]] = {}
    for table_no, team, number in rows:
        if tables is None or table_no in tables:
            by.setdefault((table_no, team), []).append(number)
    return [f"table {tno}: team {team} ({', '.join(sorted(nums))})"
            for (tno, team), nums in sorted(by.items()) if len(nums) > 1]


def set_seating(s: Session, session: int, tables: Sequence[Sequence[str]], reason: str | None = None,
                actor: Actor | None = None) -> list[str]:
    """Seat a session exactly as given (e.g. edited in the GUI); only before its first result.

    Teammates at one table are refused unless the team is too large to be spread wider (then allowed);
    returns the tables where teammates sit together (see :func:`teammate_conflicts`), to warn about.
    """
    _check_session(s, session)
    if has_results(s, session):
        raise TournamentError(f"session {session} already has results: use swap_players with a reason")
    players = _active_players(s, session)
    expected = sorted(p.number for p in players)
    got = [str(n) for tbl in tables for n in tbl]
    if any(len(tbl) != 4 for tbl in tables):
        raise InputError("seats", "every table needs exactly four players (E, S, W, N)")
    if sorted(got) != expected:
        missing = sorted(set(expected) - set(got))
        extra = sorted(set(got) - set(expected))
        dup = sorted({n for n in got if got.count(n) > 1})
        raise InputError("seats", "the seating must hold every active player once"
                         + (f"; missing {', '.join(missing)}" if missing else "")
                         + (f"; not active {', '.join(extra)}" if extra else "")
                         + (f"; twice {', '.join(dup)}" if dup else ""))
    named = [[str(n) for n in tbl] for tbl in tables]
    clash = _avoidable_teammates(named, _teams(players))
    if clash is not None:
        raise InputError(None, _teammates_message(s, session, clash))
    _write_seating(s, session, named, actor, reason, action="seat_edit")
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
    _check_session(s, session)
    seat_a = _seat_of(s, session, a, "a")
    seat_b = _seat_of(s, session, b, "b")
    if seat_a.id == seat_b.id:
        raise InputError("b", f"player {b} is player {a}")
    touched = {seat_a.table_id, seat_b.table_id}
    correction = any(_table_has_results(s, tid) for tid in touched)
    if correction and not (reason and reason.strip()):
        raise InputError("reason", f"session {session} has results at these tables: a reason is required "
                                   "(the swap is logged as a correction)")
    before_tables = seating_numbers(s, session)
    after_tables = [[b if n == a else a if n == b else n for n in tbl] for tbl in before_tables]
    teams = {p.number: p.team for p in s.scalars(select(Player).where(Player.team.is_not(None)))}
    clash = _avoidable_teammates(after_tables, teams, before_tables, moved=(a, b))
    if clash is not None and not correction:
        raise InputError(None, _teammates_message(s, session, clash))
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
    audit(s, actor, "seat_correction" if correction else "seat_swap",
          f"session {session}: swap players {a} and {b}", before=before, after=after, reason=reason)
    table_nos = {tbl.table_no for tbl in s.scalars(select(SessionTable).where(SessionTable.id.in_(touched)))}
    return teammate_conflicts(s, session, table_nos)


def _seat_of(s: Session, session: int, number: str, field_name: str) -> Seat:
    p = player_by_number(s, number, field_name)
    seat = s.scalar(select(Seat).where(Seat.session == session, Seat.player_id == p.id))
    if seat is None:
        raise InputError(field_name, f"player {number} is not seated in session {session}")
    return seat


def _seat_label(s: Session, seat: Seat) -> str:
    tbl = s.get(SessionTable, seat.table_id)
    assert tbl is not None
    return f"table {tbl.table_no} {WINDS[seat.position]}"


def substitute_player(s: Session, old: str, new: str, from_session: int, reason: str | None = None,
                      actor: Actor | None = None) -> None:
    """``new`` takes ``old``'s seats from ``from_session`` on (seated sessions and the stored plan);
    ``old`` is marked withdrawn. Tables of those sessions must have no results yet."""
    _check_session(s, from_session, "from_session")
    p_old = player_by_number(s, old, "old")
    p_new = player_by_number(s, new, "new")
    if p_old.id == p_new.id:
        raise InputError("new", "a player cannot replace themselves")
    t = tournament(s)
    for k in range(from_session, t.sessions + 1):
        if s.scalar(select(Seat.id).where(Seat.session == k, Seat.player_id == p_new.id)) is not None:
            raise InputError("new", f"player {new} is already seated in session {k}")
        seat = s.scalar(select(Seat).where(Seat.session == k, Seat.player_id == p_old.id))
        if seat is not None:
            if _table_has_results(s, seat.table_id):
                raise TournamentError(f"session {k} already has results at player {old}'s table: "
                                      f"substitute from session {k + 1}, or correct the seating with a reason")
            seat.player_id = p_new.id
            s.execute(update(SessionTable).where(SessionTable.id == seat.table_id)
                      .values(version=SessionTable.version + 1))
    if t.seating_plan is not None:
        t.seating_plan = [
            [[new if (k + 1 >= from_session and n == old) else n for n in tbl] for tbl in sess]
            for k, sess in enumerate(t.seating_plan)
        ]
    p_old.withdrawn_from = from_session
    if p_new.withdrawn_from is not None and p_new.withdrawn_from >= from_session:
        p_new.withdrawn_from = None
    if p_new.substitute and (p_new.joined_from is None or p_new.joined_from > from_session):
        p_new.joined_from = from_session
    s.flush()
    audit(s, actor, "substitute", f"player {new} replaces {old} from session {from_session}",
          before={"player": old}, after={"player": new}, reason=reason)


# -------------------------------------------------------------------------------------------- results


@dataclass(frozen=True, slots=True)
class WinInput:
    """A win: totals only (``fan`` = base points incl. flowers) or a full hand (``notation``)."""

    winner: str
    discarder: str | None = None
    self_drawn: bool = False
    fan: int | None = None
    flowers: int | None = None
    notation: str | None = None
    fourth_tile: bool = False
    kong_related: bool = False
    last_tile_of_wall: bool = False


@dataclass(frozen=True, slots=True)
class DrawInput:
    pass


@dataclass(frozen=True, slots=True)
class PenaltyInput:
    player: str
    points: int
    settlement: str = "deducted"  # "deducted" | "others" | "player"
    to: str | None = None  # the receiving player when settlement is "player"
    reason: str = ""
    kind: str = "custom"
    hand: int | None = None


@dataclass(frozen=True, slots=True)
class TimeCalledInput:
    after_hand: int


ResultInput = WinInput | DrawInput | PenaltyInput | TimeCalledInput


@dataclass(frozen=True, slots=True)
class ResultLine:
    session: int
    table: int
    hand: int | None
    result: ResultInput


def find_table(s: Session, session: int, table: int) -> SessionTable:
    """The table ``table`` of ``session``, or an :class:`InputError` naming what is wrong."""
    _check_session(s, session)
    if not isinstance(table, int) or isinstance(table, bool):
        raise InputError("table", f"{table!r} is not a table number")
    tbl = s.scalar(select(SessionTable).where(SessionTable.session == session, SessionTable.table_no == table))
    if tbl is None:
        n = len(_session_tables(s, session))
        raise InputError("table", f"session {session} has no table {table}"
                         + (f" (tables 1–{n})" if n else " (the session is not seated yet)"))
    return tbl


def _locked_table(s: Session, session: int, table: int, expected_version: int | None) -> SessionTable:
    """Find the table and move its version on, which also takes the write lock before the checks that
    follow; a stale ``expected_version`` raises :class:`StaleTableError` (nothing is written)."""
    tbl = find_table(s, session, table)
    q = update(SessionTable).where(SessionTable.id == tbl.id)
    if expected_version is not None:
        q = q.where(SessionTable.version == expected_version)
    res = s.execute(q.values(version=SessionTable.version + 1).execution_options(synchronize_session=False))
    s.refresh(tbl)
    if res.rowcount != 1:  # type: ignore[attr-defined]
        assert expected_version is not None
        raise StaleTableError(session, table, expected_version, tbl.version)
    return tbl


def _positions(s: Session, tbl: SessionTable) -> list[str]:
    rows = s.execute(select(Seat.position, Player.number).join(Player, Player.id == Seat.player_id)
                     .where(Seat.table_id == tbl.id).order_by(Seat.position)).all()
    return [number for _pos, number in rows]


def _position(numbers: Sequence[str], number: Any, field_name: str, tbl: SessionTable) -> int:
    if not isinstance(number, str | int) or isinstance(number, bool):
        raise InputError(field_name, f"{number!r} is not a player number")
    if str(number) not in numbers:
        raise InputError(field_name, f"player {number} is not seated at table {tbl.table_no} "
                                     f"(session {tbl.session}: {', '.join(numbers)})")
    return numbers.index(str(number))


def _recorded_hands(s: Session, tbl: SessionTable) -> int:
    return int(s.scalar(select(func.coalesce(func.max(HandResult.hand_no), 0)).where(HandResult.table_id == tbl.id)) or 0)


def _check_bool(value: Any, field_name: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(field_name, f"{value!r} must be true or false")
    return value


def _check_int(value: Any, field_name: str, low: int, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(field_name, f"{value!r} is not a whole number")
    if value < low or (high is not None and value > high):
        raise InputError(field_name, f"{value} is out of range ({low}–{high})" if high is not None
                         else f"{value} must be at least {low}")
    return value


@dataclass(frozen=True, slots=True)
class ScoredHand:
    """The row a hand result becomes (everything stored, before station/time)."""

    kind: str
    winner: int | None = None
    discarder: int | None = None
    self_drawn: bool = False
    fan_total: int = 0
    flowers: int | None = None
    notation: str | None = None
    fourth_tile: bool = False
    kong_related: bool = False
    last_tile_of_wall: bool = False
    fans: tuple[tuple[str, int], ...] | None = None
    deltas: tuple[int, int, int, int] = (0, 0, 0, 0)

    @staticmethod
    def of_row(h: HandResult) -> ScoredHand:
        return ScoredHand(h.kind, h.winner, h.discarder, h.self_drawn, h.fan_total, h.flowers, h.notation,
                          h.fourth_tile, h.kong_related, h.last_tile_of_wall,
                          None if h.fans is None else tuple((f["id"], int(f["count"])) for f in h.fans),
                          (h.d0, h.d1, h.d2, h.d3))

    def apply(self, h: HandResult) -> None:
        h.kind, h.winner, h.discarder, h.self_drawn = self.kind, self.winner, self.discarder, self.self_drawn
        h.fan_total, h.flowers, h.notation = self.fan_total, self.flowers, self.notation
        h.fourth_tile, h.kong_related, h.last_tile_of_wall = self.fourth_tile, self.kong_related, self.last_tile_of_wall
        h.fans = None if self.fans is None else [{"id": f, "count": c} for f, c in self.fans]
        h.d0, h.d1, h.d2, h.d3 = self.deltas

    def describe(self, numbers: Sequence[str]) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.kind}
        if self.kind == "win":
            assert self.winner is not None
            d["winner"] = numbers[self.winner]
            if self.discarder is not None:
                d["discarder"] = numbers[self.discarder]
            else:
                d["self_drawn"] = True
            d["fan"] = self.fan_total
            if self.flowers is not None:
                d["flowers"] = self.flowers
            if self.notation:
                d["notation"] = self.notation
        d["payments"] = dict(zip(numbers, self.deltas, strict=True))
        return d


def score_win(st: Settings, numbers: Sequence[str], tbl: SessionTable, hand: int, win: WinInput) -> ScoredHand:
    """Validate a win and compute its base points, fans and payments (winds from the seating)."""
    winner = _position(numbers, win.winner, "winner", tbl)
    self_drawn = _check_bool(win.self_drawn, "self_drawn")
    if win.discarder is None and not self_drawn:
        raise InputError("discarder", "a win needs a discarder or \"self_drawn\": true")
    if win.discarder is not None and self_drawn:
        raise InputError("self_drawn", "a self-drawn win has no discarder")
    discarder = None if win.discarder is None else _position(numbers, win.discarder, "discarder", tbl)
    if discarder == winner:
        raise InputError("discarder", f"player {win.discarder} cannot pay for their own win")
    flowers = None if win.flowers is None else _check_int(win.flowers, "flowers", 0, 8)
    if flowers and not st.flowers:
        raise InputError("flowers", "this tournament plays without flowers")
    flags = (_check_bool(win.fourth_tile, "fourth_tile"), _check_bool(win.kong_related, "kong_related"),
             _check_bool(win.last_tile_of_wall, "last_tile_of_wall"))
    fans: tuple[tuple[str, int], ...] | None = None
    if win.notation is not None:
        if not isinstance(win.notation, str) or not win.notation.strip():
            raise InputError("notation", "the hand notation is empty")
        total, fans, without = _engine_score(win.notation.strip(), self_drawn, flags, flowers or 0,
                                             hand, winner, st.seat_rotation)
        if win.fan is not None and _check_int(win.fan, "fan", 0) != total:
            raise InputError("fan", f"{win.fan} does not match the hand, which scores {total}")
        if without < 8:
            raise InputError("notation", f"{without} fans without flowers: a win needs at least 8; record a "
                                         "false-win penalty instead / 不足8番，按错和处理")
        flowers = flowers or 0
    else:
        if win.fan is None:
            raise InputError("fan", "a win needs \"fan\" (the base points) or \"notation\" (the full hand)")
        total = _check_int(win.fan, "fan", 0, 100000)
        without = total - (flowers or 0)
        if without < 8:
            raise InputError("fan", f"{without} fans without flowers: a win needs at least 8; record a "
                                    "false-win penalty instead / 不足8番，按错和处理")
    settle = settle_win(total, winner, discarder)
    return ScoredHand("win", winner, discarder, self_drawn, total, flowers,
                      None if win.notation is None else win.notation.strip(), *flags, fans, settle.deltas)


def _engine_score(notation: str, self_drawn: bool, flags: tuple[bool, bool, bool], flowers: int, hand: int,
                  winner: int, rotation: SeatRotation) -> tuple[int, tuple[tuple[str, int], ...], int]:
    from scoring.engine import score_hand
    from scoring.errors import HandError
    from scoring.model import WinContext, Wind
    from scoring.notation import parse_hand

    w = hand_winds(hand, rotation is SeatRotation.ROTATE)
    try:
        parsed = parse_hand(notation)
        ctx = WinContext(self_drawn=self_drawn, fourth_tile=flags[0], kong_related=flags[1],
                         last_tile_of_wall=flags[2], seat_wind=Wind(w.seat_winds[winner]),
                         prevalent_wind=Wind(w.prevailing), flowers=flowers)
        result = score_hand(parsed, ctx)
    except HandError as exc:
        raise InputError("notation", f"{notation}: {exc.message}") from exc
    fans = tuple((str(af.fan), af.count) for af in result.fans)
    return result.total, fans, result.total_without_flowers


def penalty_deltas(position: int, points: int, settlement: str, to: int | None) -> tuple[int, int, int, int]:
    """Effect of a penalty on the four seats (the offender at ``position``).

    >>> penalty_deltas(0, 30, "others", None)
    (-30, 10, 10, 10)
    >>> penalty_deltas(2, 20, "player", 1)
    (0, 20, -20, 0)
    """
    d = [0, 0, 0, 0]
    d[position] -= points
    if settlement == "others":
        for p in range(4):
            if p != position:
                d[p] += points // 3
    elif settlement == "player":
        assert to is not None
        d[to] += points
    return (d[0], d[1], d[2], d[3])


@dataclass(frozen=True, slots=True)
class ScoredPenalty:
    hand_no: int | None
    position: int
    kind: str
    points: int
    settlement: str
    to_position: int | None
    reason: str
    deltas: tuple[int, int, int, int]

    @staticmethod
    def of_row(p: Penalty) -> ScoredPenalty:
        return ScoredPenalty(p.hand_no, p.position, p.kind, p.points, p.settlement, p.to_position, p.reason,
                             (p.d0, p.d1, p.d2, p.d3))

    def apply(self, p: Penalty) -> None:
        p.hand_no, p.position, p.kind, p.points = self.hand_no, self.position, self.kind, self.points
        p.settlement, p.to_position, p.reason = self.settlement, self.to_position, self.reason
        p.d0, p.d1, p.d2, p.d3 = self.deltas

    def describe(self, numbers: Sequence[str]) -> dict[str, Any]:
        d: dict[str, Any] = {"type": "penalty", "player": numbers[self.position], "points": self.points,
                             "settlement": ({"to": numbers[self.to_position]} if self.to_position is not None
                                            else self.settlement),
                             "kind": self.kind, "reason": self.reason}
        if self.hand_no is not None:
            d["hand"] = self.hand_no
        return d


def score_penalty(st: Settings, numbers: Sequence[str], tbl: SessionTable, pen: PenaltyInput,
                  recorded: int | None) -> ScoredPenalty:
    """Validate a penalty and compute its effect; ``recorded`` None skips the checks against the table's
    progress (used to recognise a line that is already recorded)."""
    pos = _position(numbers, pen.player, "player", tbl)
    points = _check_int(pen.points, "points", 1, 100000)
    if pen.settlement not in ("deducted", "others", "player"):
        raise InputError("settlement", f"{pen.settlement!r}: use \"deducted\", \"others\" or {{\"to\": NUMBER}}")
    to = None
    if pen.settlement == "player":
        if pen.to is None:
            raise InputError("settlement", "paid to one player: name the player ({\"to\": NUMBER})")
        to = _position(numbers, pen.to, "settlement", tbl)
        if to == pos:
            raise InputError("settlement", f"player {pen.to} cannot pay a penalty to themselves")
    if pen.settlement == "others" and points % 3:
        raise InputError("points", f"{points} cannot be split equally among the other three (must divide by 3)")
    if pen.kind not in PENALTY_KINDS:
        raise InputError("kind", f"unknown penalty kind {pen.kind!r}: {', '.join(PENALTY_KINDS)}")
    if not isinstance(pen.reason, str):
        raise InputError("reason", "must be text")
    hand = None
    if pen.hand is not None:
        hand = _check_int(pen.hand, "hand", 1, st.hands_per_session)
        if recorded is not None and hand > recorded + 1:
            raise InputError("hand", f"hand {hand} is not played yet at table {tbl.table_no} "
                                     f"({recorded} hands recorded)")
        # A penalty may belong to the hand interrupted by the time call, not to a later one.
        if recorded is not None and tbl.time_called_after is not None and hand > tbl.time_called_after + 1:
            raise InputError("hand", f"time was called after hand {tbl.time_called_after}")
    return ScoredPenalty(hand, pos, pen.kind, points, pen.settlement, to, pen.reason.strip(),
                         penalty_deltas(pos, points, pen.settlement, to))


def _where(session: int, table: int, hand: int | None = None) -> str:
    return f"session {session} table {table}" + (f" hand {hand}" if hand is not None else "")


def _new_hand_row(tbl: SessionTable, hand: int, sh: ScoredHand, actor: Actor | None) -> HandResult:
    a = actor or default_actor()
    row = HandResult(table_id=tbl.id, hand_no=hand, recorded_at=now(), station=a.station, referee=a.referee)
    sh.apply(row)
    return row


def _check_next_hand(st: Settings, tbl: SessionTable, hand: Any, recorded: int) -> int:
    hand = _check_int(hand, "hand", 1, st.hands_per_session)
    if tbl.time_called_after is not None and hand > tbl.time_called_after:
        raise InputError("hand", f"time was called after hand {tbl.time_called_after} at table {tbl.table_no}: "
                                 "no more hands in this session")
    if hand != recorded + 1:
        raise InputError("hand", f"hands are recorded in order: table {tbl.table_no} has {recorded} hands, "
                                 f"the next is {recorded + 1}")
    return hand


def _existing_hand(s: Session, tbl: SessionTable, hand: int) -> HandResult | None:
    return s.scalar(select(HandResult).where(HandResult.table_id == tbl.id, HandResult.hand_no == hand))


def record_hand(s: Session, session: int, table: int, hand: int, result: WinInput | DrawInput, *,
                expected_version: int | None = None, actor: Actor | None = None) -> ScoredHand:
    """Record a win or a draw in the next hand slot of a table."""
    tbl = _locked_table(s, session, table, expected_version)
    st = settings(s)
    numbers = _positions(s, tbl)
    if isinstance(hand, int) and not isinstance(hand, bool) and _existing_hand(s, tbl, hand) is not None:
        raise InputError("hand", f"{_where(session, table, hand)} is already recorded; correct it instead")
    recorded = _recorded_hands(s, tbl)
    hand = _check_next_hand(st, tbl, hand, recorded)
    sh = score_win(st, numbers, tbl, hand, result) if isinstance(result, WinInput) else ScoredHand("draw")
    s.add(_new_hand_row(tbl, hand, sh, actor))
    tbl.start_time = tbl.start_time or now()
    if hand == st.hands_per_session:
        tbl.end_time = tbl.end_time or now()
    audit(s, actor, "record", _where(session, table, hand), after=sh.describe(numbers))
    return sh


def record_win(s: Session, session: int, table: int, hand: int, *, winner: str, discarder: str | None = None,
               self_drawn: bool = False, fan: int | None = None, flowers: int | None = None,
               notation: str | None = None, fourth_tile: bool = False, kong_related: bool = False,
               last_tile_of_wall: bool = False, expected_version: int | None = None,
               actor: Actor | None = None) -> ScoredHand:
    win = WinInput(winner, discarder, self_drawn, fan, flowers, notation, fourth_tile, kong_related,
                   last_tile_of_wall)
    return record_hand(s, session, table, hand, win, expected_version=expected_version, actor=actor)


def record_draw(s: Session, session: int, table: int, hand: int, *, expected_version: int | None = None,
                actor: Actor | None = None) -> ScoredHand:
    return record_hand(s, session, table, hand, DrawInput(), expected_version=expected_version, actor=actor)


def record_penalty(s: Session, session: int, table: int, penalty: PenaltyInput, *,
                   expected_version: int | None = None, actor: Actor | None = None) -> int:
    """Record a penalty; returns its id. Presets: ``penalty_presets(s)`` (amounts, settlement, kind)."""
    tbl = _locked_table(s, session, table, expected_version)
    st = settings(s)
    numbers = _positions(s, tbl)
    sp = score_penalty(st, numbers, tbl, penalty, _recorded_hands(s, tbl))
    a = actor or default_actor()
    row = Penalty(table_id=tbl.id, recorded_at=now(), station=a.station, referee=a.referee)
    tbl.start_time = tbl.start_time or now()
    sp.apply(row)
    s.add(row)
    s.flush()
    audit(s, actor, "record", f"{_where(session, table)} penalty {row.id}", after=sp.describe(numbers))
    return row.id


def call_time(s: Session, session: int, table: int, after_hand: int, *, expected_version: int | None = None,
              actor: Actor | None = None) -> None:
    """The time limit is called: the session at this table ends on the hands completed."""
    tbl = _locked_table(s, session, table, expected_version)
    st = settings(s)
    after_hand = _check_int(after_hand, "after_hand", 0, st.hands_per_session - 1)
    if tbl.time_called_after is not None:
        raise InputError("after_hand", f"time was already called at {_where(session, table)} "
                                       f"after hand {tbl.time_called_after}")
    recorded = _recorded_hands(s, tbl)
    if after_hand != recorded:
        raise InputError("after_hand", f"{_where(session, table)} has {recorded} hands recorded, "
                                       f"not {after_hand}: record the finished hands first")
    tbl.time_called_after = after_hand
    tbl.end_time = tbl.end_time or now()
    audit(s, actor, "record", f"{_where(session, table)} time called", after={"after_hand": after_hand})


def record_result(s: Session, line: ResultLine, *, expected_version: int | None = None,
                  actor: Actor | None = None, occurrence: int = 1) -> str:
    """Record one result line; returns "recorded" or "skipped" (identical to what is recorded).

    A line that conflicts with what is recorded is an :class:`InputError`. ``occurrence`` (k) makes the
    k-th identical penalty line of a file match the k-th identical recorded penalty.
    """
    r = line.result
    if isinstance(r, WinInput | DrawInput):
        tbl = find_table(s, line.session, line.table)
        hand = _check_int(line.hand, "hand", 1, settings(s).hands_per_session)
        existing = _existing_hand(s, tbl, hand)
        if existing is not None:
            numbers = _positions(s, tbl)
            new = score_win(settings(s), numbers, tbl, hand, r) if isinstance(r, WinInput) else ScoredHand("draw")
            if new == ScoredHand.of_row(existing):
                return "skipped"
            raise InputError("hand", f"{_where(line.session, line.table, hand)} is already recorded differently "
                                     f"({json.dumps(ScoredHand.of_row(existing).describe(numbers), ensure_ascii=False)}); "
                                     "use `results correct` to change it")
        record_hand(s, line.session, line.table, hand, r, expected_version=expected_version, actor=actor)
        return "recorded"
    if isinstance(r, PenaltyInput):
        tbl = find_table(s, line.session, line.table)
        numbers = _positions(s, tbl)
        sp = score_penalty(settings(s), numbers, tbl, r, None)
        same = [p for p in s.scalars(select(Penalty).where(Penalty.table_id == tbl.id)) if ScoredPenalty.of_row(p) == sp]
        if len(same) >= occurrence:
            return "skipped"
        record_penalty(s, line.session, line.table, r, expected_version=expected_version, actor=actor)
        return "recorded"
    assert isinstance(r, TimeCalledInput)
    tbl = find_table(s, line.session, line.table)
    if tbl.time_called_after is not None:
        if tbl.time_called_after == r.after_hand:
            return "skipped"
        raise InputError("after_hand", f"time was already called at {_where(line.session, line.table)} after "
                                       f"hand {tbl.time_called_after}")
    call_time(s, line.session, line.table, r.after_hand, expected_version=expected_version, actor=actor)
    return "recorded"


# ------------------------------------------------------------------------------------------ corrections


def _need_reason(reason: str | None) -> str:
    if reason is None or not reason.strip():
        raise InputError("reason", "a correction needs a reason / 更正须注明原因")
    return reason.strip()


def _locked_hand(s: Session, session: int, table: int, hand: int, expected_version: int | None
                 ) -> tuple[HandResult, SessionTable, list[str]]:
    """A recorded hand, its table (locked as :func:`_locked_table` does) and the table's player numbers."""
    tbl = _locked_table(s, session, table, expected_version)
    row = _existing_hand(s, tbl, hand)
    if row is None:
        raise InputError("hand", f"{_where(session, table, hand)} is not recorded")
    return row, tbl, _positions(s, tbl)


def correct_hand(s: Session, session: int, table: int, hand: int, result: WinInput | DrawInput, reason: str, *,
                 expected_version: int | None = None, actor: Actor | None = None) -> ScoredHand:
    """Replace a recorded hand (audited with before and after)."""
    reason = _need_reason(reason)
    row, tbl, numbers = _locked_hand(s, session, table, hand, expected_version)
    before = ScoredHand.of_row(row)
    new = score_win(settings(s), numbers, tbl, hand, result) if isinstance(result, WinInput) else ScoredHand("draw")
    new.apply(row)
    a = actor or default_actor()
    row.recorded_at, row.station, row.referee = now(), a.station, a.referee
    audit(s, actor, "correct", _where(session, table, hand), before=before.describe(numbers),
          after=new.describe(numbers), reason=reason)
    return new


def delete_hand(s: Session, session: int, table: int, hand: int, reason: str, *,
                expected_version: int | None = None, actor: Actor | None = None) -> None:
    """Delete the last recorded hand of a table (earlier hands can only be changed, to keep hands in order)."""
    reason = _need_reason(reason)
    row, tbl, numbers = _locked_hand(s, session, table, hand, expected_version)
    recorded = _recorded_hands(s, tbl)
    if hand != recorded:
        raise InputError("hand", f"only the last hand ({recorded}) can be deleted; change hand {hand} instead "
                                 "(e.g. into a draw)")
    if tbl.time_called_after is not None:
        raise InputError("hand", "time was called after this hand: cancel the time call first")
    before = ScoredHand.of_row(row).describe(numbers)
    s.delete(row)
    audit(s, actor, "delete", _where(session, table, hand), before=before, reason=reason)


def _locked_penalty(s: Session, penalty_id: int, expected_version: int | None
                    ) -> tuple[Penalty, SessionTable, list[str]]:
    """The penalty, its table (locked as :func:`_locked_table` does) and the table's player numbers."""
    row = s.get(Penalty, penalty_id)
    if row is None:
        raise InputError("penalty", f"no penalty with id {penalty_id}")
    tbl = s.get(SessionTable, row.table_id)
    assert tbl is not None
    tbl = _locked_table(s, tbl.session, tbl.table_no, expected_version)
    return row, tbl, _positions(s, tbl)


def correct_penalty(s: Session, penalty_id: int, penalty: PenaltyInput, reason: str, *,
                    expected_version: int | None = None, actor: Actor | None = None) -> None:
    reason = _need_reason(reason)
    row, tbl, numbers = _locked_penalty(s, penalty_id, expected_version)
    before = ScoredPenalty.of_row(row)
    new = score_penalty(settings(s), numbers, tbl, penalty, _recorded_hands(s, tbl))
    new.apply(row)
    audit(s, actor, "correct", f"{_where(tbl.session, tbl.table_no)} penalty {penalty_id}",
          before=before.describe(numbers), after=new.describe(numbers), reason=reason)


def delete_penalty(s: Session, penalty_id: int, reason: str, *, expected_version: int | None = None,
                   actor: Actor | None = None) -> None:
    reason = _need_reason(reason)
    row, tbl, numbers = _locked_penalty(s, penalty_id, expected_version)
    before = ScoredPenalty.of_row(row).describe(numbers)
    s.delete(row)
    audit(s, actor, "delete", f"{_where(tbl.session, tbl.table_no)} penalty {penalty_id}", before=before,
          reason=reason)


def cancel_time_called(s: Session, session: int, table: int, reason: str, *,
                       expected_version: int | None = None, actor: Actor | None = None) -> None:
    reason = _need_reason(reason)
    tbl = _locked_table(s, session, table, expected_version)
    if tbl.time_called_after is None:
        raise InputError("time_called", f"time was not called at {_where(session, table)}")
    before = {"after_hand": tbl.time_called_after}
    tbl.time_called_after = None
    audit(s, actor, "delete", f"{_where(session, table)} time called", before=before, reason=reason)


def sign_off(s: Session, session: int, table: int, signed: bool = True, *, expected_version: int | None = None,
             actor: Actor | None = None) -> None:
    """Mark a table's score sheet as checked and signed (or undo that)."""
    tbl = _locked_table(s, session, table, expected_version)
    before = tbl.signed_off
    tbl.signed_off = signed
    if signed:
        tbl.end_time = tbl.end_time or now()
    audit(s, actor, "sign_off", _where(session, table), before={"signed_off": before}, after={"signed_off": signed})


def penalty_presets(s: Session) -> list[Any]:
    """The tournament's penalty presets (``db.profiles.PenaltyPreset``) for pick lists."""
    return list(settings(s).penalty_presets)


def penalty_from_preset(s: Session, kind: str, player: str, *, points: int | None = None, to: str | None = None,
                        reason: str = "", hand: int | None = None) -> PenaltyInput:
    """A :class:`PenaltyInput` from the tournament's preset ``kind``: its settlement, and its amount
    (``points`` must be one of the preset's amounts when it lists any; the first is the default)."""
    presets = {p.kind: p for p in settings(s).penalty_presets}
    if kind not in presets:
        raise InputError("kind", f"no penalty preset {kind!r}: {', '.join(presets)}")
    preset = presets[kind]
    if points is None:
        if not preset.amounts:
            raise InputError("points", f"{preset.en}: enter the amount")
        points = preset.amounts[0]
    elif preset.amounts and points not in preset.amounts:
        raise InputError("points", f"{preset.en}: {points} is not one of {', '.join(map(str, preset.amounts))}")
    settlement = "player" if to is not None else str(preset.settlement)
    return PenaltyInput(player, points, settlement, to, reason or f"{preset.zh} {preset.en}", kind, hand)


# ------------------------------------------------------------------------------------ parsing a line

_WIN_FIELDS = {"session", "table", "hand", "type", "winner", "discarder", "self_drawn", "fan", "flowers",
               "notation", "fourth_tile", "kong_related", "last_tile_of_wall"}
_FIELDS = {
    "win": _WIN_FIELDS,
    "draw": {"session", "table", "hand", "type"},
    "penalty": {"session", "table", "hand", "type", "player", "points", "settlement", "reason", "kind"},
    "time_called": {"session", "table", "type", "after_hand"},
}


def _number(value: Any, field_name: str) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int) or str(value).strip() == "":
        raise InputError(field_name, f"{value!r} is not a player number")
    return str(value).strip()


def parse_result_line(obj: Any) -> ResultLine:
    """Validate the shape of one result line (ISSUE 4 "Result lines"); tournament checks come later."""
    if not isinstance(obj, dict):
        raise InputError(None, "each line must be one JSON object")
    kind = obj.get("type")
    if kind not in _FIELDS:
        raise InputError("type", f"{kind!r}: use \"win\", \"draw\", \"penalty\" or \"time_called\"")
    unknown = sorted(set(obj) - _FIELDS[kind])
    if unknown:
        raise InputError(unknown[0], f"unknown field for a {kind} line")
    for need in ("session", "table"):
        if need not in obj:
            raise InputError(need, "missing")
        _check_int(obj[need], need, 1)
    hand = obj.get("hand")
    if kind in ("win", "draw") and hand is None:
        raise InputError("hand", "missing")
    if hand is not None:
        _check_int(hand, "hand", 1)
    result: ResultInput
    if kind == "win":
        if "winner" not in obj:
            raise InputError("winner", "missing")
        result = WinInput(
            winner=_number(obj["winner"], "winner"),
            discarder=None if obj.get("discarder") is None else _number(obj["discarder"], "discarder"),
            self_drawn=obj.get("self_drawn", False), fan=obj.get("fan"), flowers=obj.get("flowers"),
            notation=obj.get("notation"), fourth_tile=obj.get("fourth_tile", False),
            kong_related=obj.get("kong_related", False), last_tile_of_wall=obj.get("last_tile_of_wall", False))
    elif kind == "draw":
        result = DrawInput()
    elif kind == "penalty":
        for need in ("player", "points", "settlement"):
            if need not in obj:
                raise InputError(need, "missing")
        settlement = obj["settlement"]
        to = None
        if isinstance(settlement, dict):
            if set(settlement) != {"to"}:
                raise InputError("settlement", "paid to one player is written {\"to\": NUMBER}")
            to = _number(settlement["to"], "settlement")
            settlement = "player"
        elif settlement not in ("deducted", "others"):
            raise InputError("settlement", f"{settlement!r}: use \"deducted\", \"others\" or {{\"to\": NUMBER}}")
        reason = obj.get("reason", "")
        if not isinstance(reason, str):
            raise InputError("reason", "must be text")
        result = PenaltyInput(player=_number(obj["player"], "player"), points=_check_int(obj["points"], "points", 1),
                              settlement=settlement, to=to, reason=reason, kind=obj.get("kind", "custom"),
                              hand=hand)
    else:
        if "after_hand" not in obj:
            raise InputError("after_hand", "missing")
        result = TimeCalledInput(_check_int(obj["after_hand"], "after_hand", 0))
    return ResultLine(obj["session"], obj["table"], hand, result)


@dataclass
class LineReport:
    recorded: int = 0
    skipped: int = 0
    rejected: int = 0
    errors: list[str] = field(default_factory=list)


def result_line_key(line: ResultLine) -> tuple[Any, ...] | None:
    """Identity of a penalty line within a file, to count identical repeats (``occurrence``)."""
    if isinstance(line.result, PenaltyInput):
        return (line.session, line.table, line.result)
    return None


def iter_jsonl(text: str) -> Iterable[tuple[int, Any]]:
    """(line number, parsed JSON or the JSONDecodeError) for every non-blank line."""
    for lineno, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            yield lineno, json.loads(raw)
        except json.JSONDecodeError as exc:
            yield lineno, exc


def delete_session_seating(s: Session, session: int, actor: Actor | None = None) -> None:
    """Remove a session's seating (only without results)."""
    if has_results(s, session):
        raise TournamentError(f"session {session} has results: its seating cannot be removed")
    before = seating_numbers(s, session)
    s.execute(delete(SessionTable).where(SessionTable.session == session))
    audit(s, actor, "seat_delete", f"seating of session {session}", before=before)
