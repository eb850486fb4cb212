"""``check``: database integrity and the tournament invariants. Returns a list of problems (empty = fine)."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from db.models import HandResult, Penalty, Player, Seat, SessionTable
from db.read.games import game_problems, is_game
from db.read.lookup import seating_numbers, settings, tournament
from db.read.queries import stage_roster, stages, table_scores
from db.read.views import number_key
from db.rules.profiles import Settlement
from db.service.outcomes import penalty_deltas
from scoring.mcr.settlement import settle_win


@dataclass(frozen=True)
class _Layout:
    """The tables, their seats and the players' numbers and teams, read once for every check."""

    tables: dict[int, SessionTable]
    seats: dict[int, list[Seat]]
    teams: dict[int, tuple[str, str | None]]  # player id -> (number, team)

    def where(self, tid: int) -> str:
        tb = self.tables[tid]
        return f"session {tb.session} table {tb.table_no}"


def check(s: Session) -> list[str]:
    """Every problem found, in a fixed order: the file, the seating, the hands, the penalties, the scores,
    the stages."""
    t = tournament(s)
    st = settings(s)
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in s.scalars(select(Seat)):
        seats[seat.table_id].append(seat)
    layout = _Layout({tbl.id: tbl for tbl in s.scalars(select(SessionTable))}, seats,
                     {p.id: (p.number, p.team) for p in s.scalars(select(Player))})
    all_hands = list(s.scalars(select(HandResult)))
    hands: dict[int, list[HandResult]] = defaultdict(list)
    for h in all_hands:
        hands[h.table_id].append(h)
    game = is_game(st)  # a game's hands and scores are checked by playing them again (db.read.games)
    return [*_integrity_problems(s), *_seating_problems(layout, t.sessions),
            *(problem for h in all_hands if not game for problem in _hand_problems(layout, h)),
            *(problem for tid, hs in hands.items()
              for problem in _hand_order_problems(layout, tid, hs, st.hands_per_session, time_ends=not game)),
            *(problem for p in s.scalars(select(Penalty)) for problem in _penalty_problems(layout, p)),
            *(game_problems(s) if game else _score_problems(s, sum(st.table_points))), *_stage_problems(s)]


def _integrity_problems(s: Session) -> list[str]:
    """SQLite's own checks of the file and its foreign keys (another server checks its own)."""
    if s.get_bind().dialect.name != "sqlite":
        return []
    return [*(f"sqlite integrity: {r[0]}" for r in s.execute(text("PRAGMA integrity_check")) if r[0] != "ok"),
            *(f"foreign key broken: {tuple(r)}" for r in s.execute(text("PRAGMA foreign_key_check")))]


def _seating_problems(layout: _Layout, sessions: int) -> list[str]:
    """Each table in a session that exists, with four seats, no avoidable teammates; nobody seated twice."""
    problems: list[str] = []
    tables, seats, teams = layout.tables, layout.seats, layout.teams
    # A team with more members in a session than it has tables cannot be kept apart (TOURNAMENT.md:
    # teammates never share a table "whenever feasible"); only avoidable sharing is a problem.
    tables_in: Counter[int] = Counter(tbl.session for tbl in tables.values())
    team_size: Counter[tuple[int, str]] = Counter(
        (tables[tid].session, teams[x.player_id][1] or "")
        for tid, xs in seats.items() if tid in tables for x in xs if x.player_id in teams)
    for tid, tbl in sorted(tables.items(), key=lambda kv: (kv[1].session, kv[1].table_no)):
        if not 1 <= tbl.session <= sessions:
            problems.append(f"{layout.where(tid)}: session outside 1–{sessions}")
        positions = sorted(x.position for x in seats[tid])
        if positions != [0, 1, 2, 3]:
            problems.append(f"{layout.where(tid)}: seats {positions} instead of E, S, W, N")
        members = [teams[x.player_id] for x in seats[tid] if x.player_id in teams]
        team_count = Counter(team for _n, team in members if team)
        for team, n in team_count.items():
            if n > 1 and team_size[(tbl.session, team)] <= tables_in[tbl.session]:
                problems.append(f"{layout.where(tid)}: {n} players of team {team} share the table")
    per_session = Counter((x.session, x.player_id) for xs in seats.values() for x in xs)
    problems += [f"session {sess}: player {teams[pid][0]} seated {n} times"
                 for (sess, pid), n in per_session.items() if n > 1]
    return problems


def _hand_problems(layout: _Layout, h: HandResult) -> list[str]:
    """A hand's kind, flags and payments agree with its result."""
    w = f"{layout.where(h.table_id)} hand {h.hand_no}"
    problems: list[str] = []
    if h.kind == "draw":
        expected: tuple[int, int, int, int] = (0, 0, 0, 0)
    elif h.kind == "win" and h.winner is not None:
        try:
            expected = settle_win(h.fan_total, h.winner, h.discarder).deltas
        except ValueError as exc:
            return [f"{w}: {exc}"]
        if (h.discarder is None) != h.self_drawn:
            problems.append(f"{w}: self-drawn flag and discarder disagree")
        if h.fan_total - (h.flowers or 0) < 8:
            problems.append(f"{w}: {h.fan_total - (h.flowers or 0)} fans without flowers, under 8")
    else:
        return [f"{w}: unknown kind {h.kind!r}"]
    got = h.deltas
    if got != expected:
        problems.append(f"{w}: payments {list(got)} do not match the result (expected {list(expected)})")
    if sum(got) != 0:
        problems.append(f"{w}: payments sum to {sum(got)}, not 0")
    return problems


def _hand_order_problems(layout: _Layout, tid: int, hs: list[HandResult], hands_per_session: int,
                         time_ends: bool = True) -> list[str]:
    """A table's hands are 1..n, once each, within the session's hands and not after time was called
    (``time_ends``; a game's time call ends it by the rule system's policy, checked by playing it)."""
    where = layout.where(tid)
    problems = []
    nums = sorted(h.hand_no for h in hs)
    dup = sorted(n for n, c in Counter(nums).items() if c > 1)
    if dup:
        problems.append(f"{where}: more than one result for hand(s) {dup}")
    if sorted(set(nums)) != list(range(1, len(set(nums)) + 1)):
        problems.append(f"{where}: hands {sorted(set(nums))} are not 1..n without gaps")
    if nums and nums[-1] > hands_per_session:
        problems.append(f"{where}: hand {nums[-1]} beyond {hands_per_session} hands per session")
    tc = layout.tables[tid].time_called_after
    if time_ends and tc is not None and nums and nums[-1] > tc:
        problems.append(f"{where}: hand {nums[-1]} recorded after time was called (after hand {tc})")
    return problems


def _penalty_problems(layout: _Layout, p: Penalty) -> list[str]:
    """A penalty's settlement is consistent and its effect is the one its points and settlement make."""
    w = f"{layout.where(p.table_id)} penalty {p.id}"
    if p.settlement not in tuple(Settlement) or (p.settlement == Settlement.PLAYER) != (p.to_position is not None):
        return [f"{w}: settlement {p.settlement!r} is inconsistent"]
    problems = []
    if p.settlement == Settlement.OTHERS and p.points % 3:
        problems.append(f"{w}: {p.points} points cannot be split among three")
    expected = penalty_deltas(p.position, p.points, p.settlement, p.to_position)
    if p.deltas != expected:
        problems.append(f"{w}: effect {list(p.deltas)} does not match the penalty {list(expected)}")
    return problems


def _score_problems(s: Session, table_points_total: float) -> list[str]:
    """Each table's match points sum to minus its deducted penalties, its table points to the settings'."""
    problems = []
    for ts in table_scores(s):
        total = sum(ts.match_points)
        if total != -ts.deducted:
            problems.append(f"session {ts.session} table {ts.table}: match points sum to {total}, "
                            f"expected {-ts.deducted} (0 minus deducted penalties)")
        if abs(sum(ts.table_points) - table_points_total) > 1e-9:
            problems.append(f"session {ts.session} table {ts.table}: table points sum to {sum(ts.table_points)}, not 7")
    return problems


def _stage_problems(s: Session) -> list[str]:
    """A stage's seated sessions hold its players (or substitutes of the pool): a result of the stage before
    it corrected after the stage was seated can move the cut under the seated players."""
    problems = []
    subs = {p.number for p in s.scalars(select(Player).where(Player.substitute.is_(True)))}
    for v in stages(s):
        for k in range(v.first_session, v.last_session + 1):
            seated = {n for tbl in seating_numbers(s, k) for n in tbl}
            if not seated:
                continue
            if v.players is None:
                problems.append(f"stage {v.name!r} session {k}: seated while the stage's players are not known "
                                f"(waiting for {v.previous!r}, or a tie at its cut)")
                continue
            strangers = sorted(seated - set(v.players) - set(stage_roster(s, v, k)) - subs, key=number_key)
            if strangers:
                problems.append(f"stage {v.name!r} session {k}: players {', '.join(strangers)} are seated but not "
                                f"among the stage's players (a result before the cut corrected since?)")
    return problems
