"""``check``: database integrity and the tournament invariants. Returns a list of problems (empty = fine)."""

from __future__ import annotations

from collections import Counter, defaultdict

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from db.models import HandResult, Penalty, Player, Seat, SessionTable
from db.read.lookup import seating_numbers, settings, tournament
from db.read.queries import stage_roster, stages, table_scores
from db.read.views import number_key
from db.rules.profiles import Settlement
from db.service.outcomes import penalty_deltas
from scoring.settlement import settle_win


def check(s: Session) -> list[str]:
    problems: list[str] = []
    if s.get_bind().dialect.name == "sqlite":
        problems += [f"sqlite integrity: {r[0]}" for r in s.execute(text("PRAGMA integrity_check")) if r[0] != "ok"]
        problems += [f"foreign key broken: {tuple(r)}" for r in s.execute(text("PRAGMA foreign_key_check"))]
    t = tournament(s)
    st = settings(s)
    tables = {tbl.id: tbl for tbl in s.scalars(select(SessionTable))}
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in s.scalars(select(Seat)):
        seats[seat.table_id].append(seat)
    teams = {p.id: (p.number, p.team) for p in s.scalars(select(Player))}

    def where(tid: int) -> str:
        tb = tables[tid]
        return f"session {tb.session} table {tb.table_no}"

    # A team with more members in a session than it has tables cannot be kept apart (TOURNAMENT.md:
    # teammates never share a table "whenever feasible"); only avoidable sharing is a problem.
    tables_in: Counter[int] = Counter(tbl.session for tbl in tables.values())
    team_size: Counter[tuple[int, str]] = Counter(
        (tables[tid].session, teams[x.player_id][1] or "")
        for tid, xs in seats.items() if tid in tables for x in xs if x.player_id in teams)
    for tid, tbl in sorted(tables.items(), key=lambda kv: (kv[1].session, kv[1].table_no)):
        if not 1 <= tbl.session <= t.sessions:
            problems.append(f"{where(tid)}: session outside 1–{t.sessions}")
        positions = sorted(x.position for x in seats[tid])
        if positions != [0, 1, 2, 3]:
            problems.append(f"{where(tid)}: seats {positions} instead of E, S, W, N")
        members = [teams[x.player_id] for x in seats[tid] if x.player_id in teams]
        team_count = Counter(team for _n, team in members if team)
        for team, n in team_count.items():
            if n > 1 and team_size[(tbl.session, team)] <= tables_in[tbl.session]:
                problems.append(f"{where(tid)}: {n} players of team {team} share the table")
    per_session = Counter((x.session, x.player_id) for xs in seats.values() for x in xs)
    for (sess, pid), n in per_session.items():
        if n > 1:
            problems.append(f"session {sess}: player {teams[pid][0]} seated {n} times")

    hands: dict[int, list[HandResult]] = defaultdict(list)
    for h in s.scalars(select(HandResult)):
        hands[h.table_id].append(h)
        w = f"{where(h.table_id)} hand {h.hand_no}"
        if h.kind == "draw":
            expected = (0, 0, 0, 0)
        elif h.kind == "win" and h.winner is not None:
            try:
                expected = settle_win(h.fan_total, h.winner, h.discarder).deltas
            except ValueError as exc:
                problems.append(f"{w}: {exc}")
                continue
            if (h.discarder is None) != h.self_drawn:
                problems.append(f"{w}: self-drawn flag and discarder disagree")
            if h.fan_total - (h.flowers or 0) < 8:
                problems.append(f"{w}: {h.fan_total - (h.flowers or 0)} fans without flowers, under 8")
        else:
            problems.append(f"{w}: unknown kind {h.kind!r}")
            continue
        got = h.deltas
        if got != expected:
            problems.append(f"{w}: payments {list(got)} do not match the result (expected {list(expected)})")
        if sum(got) != 0:
            problems.append(f"{w}: payments sum to {sum(got)}, not 0")
    for tid, hs in hands.items():
        nums = sorted(h.hand_no for h in hs)
        dup = sorted(n for n, c in Counter(nums).items() if c > 1)
        if dup:
            problems.append(f"{where(tid)}: more than one result for hand(s) {dup}")
        if sorted(set(nums)) != list(range(1, len(set(nums)) + 1)):
            problems.append(f"{where(tid)}: hands {sorted(set(nums))} are not 1..n without gaps")
        if nums and nums[-1] > st.hands_per_session:
            problems.append(f"{where(tid)}: hand {nums[-1]} beyond {st.hands_per_session} hands per session")
        tc = tables[tid].time_called_after
        if tc is not None and nums and nums[-1] > tc:
            problems.append(f"{where(tid)}: hand {nums[-1]} recorded after time was called (after hand {tc})")

    for p in s.scalars(select(Penalty)):
        w = f"{where(p.table_id)} penalty {p.id}"
        if p.settlement not in tuple(Settlement) or (p.settlement == Settlement.PLAYER) != (p.to_position is not None):
            problems.append(f"{w}: settlement {p.settlement!r} is inconsistent")
            continue
        if p.settlement == Settlement.OTHERS and p.points % 3:
            problems.append(f"{w}: {p.points} points cannot be split among three")
        expected = penalty_deltas(p.position, p.points, p.settlement, p.to_position)
        if p.deltas != expected:
            problems.append(f"{w}: effect {list(p.deltas)} does not match the penalty {list(expected)}")

    for ts in table_scores(s):
        total = sum(ts.match_points)
        if total != -ts.deducted:
            problems.append(f"session {ts.session} table {ts.table}: match points sum to {total}, "
                            f"expected {-ts.deducted} (0 minus deducted penalties)")
        if abs(sum(ts.table_points) - sum(st.table_points)) > 1e-9:
            problems.append(f"session {ts.session} table {ts.table}: table points sum to {sum(ts.table_points)}, not 7")
    problems += _stage_problems(s)
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
