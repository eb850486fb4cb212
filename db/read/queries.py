"""Read side: build the frozen ``db.read.views`` models from the database. No ORM object leaves this module.

Every function takes the ORM ``Session`` first and only reads.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from operator import attrgetter, itemgetter

from sqlalchemy import func, select
from sqlalchemy.orm import Session

import texts
from db.actions import AuditAction
from db.errors import InputError, TournamentError
from db.models import AuditLog, CheckIn, HandResult, Penalty, Player, Seat, SessionTable, Stage, Tournament
from db.read.changes import marker as _marker
from db.read.lookup import active_players
from db.read.lookup import settings as _settings
from db.read.lookup import tournament as _tournament
from db.read.views import (
    AuditEntry,
    AwardCount,
    AwardHand,
    Awards,
    CheckInView,
    FanView,
    HandRow,
    PenaltyRow,
    PlayerView,
    SessionEntry,
    StagePlace,
    StageRanking,
    StageStandingRow,
    StageView,
    StandingRow,
    TableProgress,
    TableSeating,
    TableSheet,
    TeamStandingRow,
    TournamentInfo,
    last_hand,
    number_key,
    player_order,
)
from db.rules.names import name_matches
from db.rules.profiles import SeatRotation, Settings, Settlement, TieBreak
from db.rules.rotation import WINDS, hand_winds, round_seats
from db.rules.scores import shared_ranks, table_points, table_ranks
from db.rules.stages import QUALIFYING, Carry, StageRule, StageSeating, carried, cut_line, plain
from texts import NC_

Four = tuple[PlayerView, PlayerView, PlayerView, PlayerView]
HandKey = tuple[int, int, int]  # session, table, hand


def tournament_info(s: Session) -> TournamentInfo:
    t = _tournament(s)
    return TournamentInfo(t.name, t.profile, t.sessions, t.hands_per_session, t.flowers, t.start_date)


def settings(s: Session) -> Settings:
    return _settings(s)


def _view(p: Player) -> PlayerView:
    return PlayerView(p.number, p.name, p.team, p.country, p.substitute, p.ema_number, p.first_name, p.last_name,
                      withdrawn_from=p.withdrawn_from)


def players(s: Session) -> list[PlayerView]:
    return sorted((_view(p) for p in s.scalars(select(Player))), key=lambda v: number_key(v.number))


def _tables(s: Session, session: int | None = None, table: int | None = None) -> list[SessionTable]:
    q = select(SessionTable).order_by(SessionTable.session, SessionTable.table_no)
    if session is not None:
        q = q.where(SessionTable.session == session)
    if table is not None:
        q = q.where(SessionTable.table_no == table)
    return list(s.scalars(q))


def _seat_views(s: Session, table_ids: Iterable[int]) -> dict[int, Four]:
    ids = list(table_ids)
    out: dict[int, list[PlayerView]] = defaultdict(list)
    if ids:
        rows = s.execute(select(Seat.table_id, Seat.position, Player).join(Player, Player.id == Seat.player_id)
                         .where(Seat.table_id.in_(ids)).order_by(Seat.table_id, Seat.position)).all()
        for tid, _pos, p in rows:
            out[tid].append(_view(p))
    return {tid: (v[0], v[1], v[2], v[3]) for tid, v in out.items() if len(v) == 4}


def seating(s: Session, session: int) -> list[TableSeating]:
    tables = _tables(s, session)
    seats = _seat_views(s, (t.id for t in tables))
    return [TableSeating(t.session, t.table_no, seats[t.id]) for t in tables if t.id in seats]


def _fan_views(stored: list[dict[str, object]] | None) -> tuple[FanView, ...]:
    # here: the engine's tables load for a hand's fans (not for the standings)
    from scoring.fans import FAN_INFO, Fan

    if not stored:
        return ()
    views = []
    for f in stored:
        fan_id, count = str(f["id"]), int(str(f.get("count", 1)))
        try:
            info = FAN_INFO[Fan(fan_id)]
        except ValueError:  # a fan id this version does not know (stored by another version): show the id
            views.append(FanView(fan_id, fan_id, fan_id, 0, count))
            continue
        views.append(FanView(fan_id, info.zh, info.en, info.points, count))
    return tuple(views)


def _hand_row(h: HandResult, tbl: SessionTable, rotate: bool) -> HandRow:
    w = hand_winds(h.hand_no, rotate)
    return HandRow(
        hand=h.hand_no, kind=h.kind, prevailing=w.prevailing, dealer=w.dealer, winds=w.seat_winds,
        winner=h.winner, discarder=h.discarder, self_drawn=h.self_drawn, fan_total=h.fan_total,
        flowers=h.flowers or 0, fans=_fan_views(h.fans), notation=h.notation, deltas=h.deltas,
        session=tbl.session, table=tbl.table_no, fourth_tile=h.fourth_tile, kong_related=h.kong_related,
        last_tile_of_wall=h.last_tile_of_wall, flowers_known=h.flowers is not None,
        station=h.station or "", referee=h.referee or "",
    )


def _penalty_row(p: Penalty, tbl: SessionTable, four: Four) -> PenaltyRow:
    return PenaltyRow(
        session=tbl.session, table=tbl.table_no, hand=p.hand_no, player=four[p.position], seat=WINDS[p.position],
        kind=p.kind, points=p.points, settlement=p.settlement,
        to_player=None if p.to_position is None else four[p.to_position], reason=p.reason,
        deltas=p.deltas, id=p.id,
    )


def _sum4(rows: Iterable[Sequence[int]]) -> tuple[int, int, int, int]:
    tot = [0, 0, 0, 0]
    for r in rows:
        for i in range(4):
            tot[i] += r[i]
    return (tot[0], tot[1], tot[2], tot[3])


def _sheet(tbl: SessionTable, four: Four, st: Settings, t: Tournament, hands: list[HandResult],
           pens: list[Penalty]) -> TableSheet:
    rotate = st.seat_rotation is SeatRotation.ROTATE
    hand_rows = tuple(_hand_row(h, tbl, rotate) for h in sorted(hands, key=lambda h: h.hand_no))
    pen_rows = tuple(_penalty_row(p, tbl, four) for p in sorted(pens, key=lambda p: p.id))
    mp = _sum4([h.deltas for h in hand_rows] + [p.deltas for p in pen_rows])
    tp = table_points(mp, st.table_points)
    rk = table_ranks(mp)
    return TableSheet(
        tournament=t.name, session=tbl.session, table=tbl.table_no, players=four,
        round_seats=tuple(round_seats(i, rotate) for i in range(4)),
        hands_per_session=st.hands_per_session, hands=hand_rows, penalties=pen_rows, match_points=mp,
        session_scores=(500 + mp[0], 500 + mp[1], 500 + mp[2], 500 + mp[3]),
        ranks=(rk[0], rk[1], rk[2], rk[3]), table_points=(tp[0], tp[1], tp[2], tp[3]),
        time_called_after=tbl.time_called_after, signed_off=tbl.signed_off, version=tbl.version,
        session_date=t.start_date, start_time=tbl.start_time, end_time=tbl.end_time,
    )


def table_sheets(s: Session, session: int, table: int | None = None) -> list[TableSheet]:
    st = _settings(s)
    t = _tournament(s)
    tables = _tables(s, session, table)
    ids = [t.id for t in tables]
    seats = _seat_views(s, ids)
    hands: dict[int, list[HandResult]] = defaultdict(list)
    pens: dict[int, list[Penalty]] = defaultdict(list)
    if ids:
        for h in s.scalars(select(HandResult).where(HandResult.table_id.in_(ids))):
            hands[h.table_id].append(h)
        for p in s.scalars(select(Penalty).where(Penalty.table_id.in_(ids))):
            pens[p.table_id].append(p)
    return [_sheet(tbl, seats[tbl.id], st, t, hands[tbl.id], pens[tbl.id]) for tbl in tables if tbl.id in seats]


def table_sheet(s: Session, session: int, table: int) -> TableSheet:
    """One table's sheet; its hands changed by a correction are marked (``HandRow.corrected``)."""
    sheets = table_sheets(s, session, table)
    if not sheets:
        raise InputError("table", code="no_table", session=session, table=table)
    corrected = set(s.scalars(select(AuditLog.hand).where(
        AuditLog.action == AuditAction.CORRECT, AuditLog.session == session, AuditLog.table_no == table,
        AuditLog.hand.is_not(None))))
    if corrected:
        sh = sheets[0]
        sheets[0] = replace(sh, hands=tuple(replace(h, corrected=True) if h.hand in corrected else h
                                            for h in sh.hands))
    return sheets[0]


def results(s: Session, session: int | None = None) -> list[HandRow]:
    """Every recorded hand (ordered by session, table, hand); ``winner``/``discarder``/``deltas`` index the
    table's starting seats, see ``seating``."""
    rotate = _settings(s).seat_rotation is SeatRotation.ROTATE
    q = (select(HandResult, SessionTable).join(SessionTable, SessionTable.id == HandResult.table_id)
         .order_by(SessionTable.session, SessionTable.table_no, HandResult.hand_no))
    if session is not None:
        q = q.where(SessionTable.session == session)
    return [_hand_row(h, t, rotate) for h, t in s.execute(q).all()]


def penalties(s: Session, session: int | None = None) -> list[PenaltyRow]:
    q = (select(Penalty, SessionTable).join(SessionTable, SessionTable.id == Penalty.table_id)
         .order_by(SessionTable.session, SessionTable.table_no, Penalty.id))
    if session is not None:
        q = q.where(SessionTable.session == session)
    rows = s.execute(q).all()
    seats = _seat_views(s, {t.id for _p, t in rows})
    return [_penalty_row(p, t, seats[t.id]) for p, t in rows]


@dataclass(frozen=True, slots=True)
class TableScore:
    """A played table's outcome (computed, never stored)."""

    session: int
    table: int
    numbers: tuple[str, str, str, str]
    match_points: tuple[int, int, int, int]
    table_points: tuple[float, ...]
    deducted: int


def table_scores(s: Session, after: int | None = None, only: Iterable[tuple[int, int]] | None = None
                 ) -> list[TableScore]:
    """Scores of every table that has at least one result (hand, penalty or time call), sessions ≤ ``after``;
    ``only``: of those (session, table) only (the hall re-reads the table a change touched).

    Sums run in the database, so the cost grows with the number of tables, not of hands.
    """
    st = _settings(s)
    q = select(SessionTable)
    if after is not None:
        q = q.where(SessionTable.session <= after)
    wanted: list[SessionTable] | None = None
    if only is not None:
        places = sorted(set(only))
        wanted = [t for k, n in places for t in s.scalars(q.where(SessionTable.session == k,
                                                                  SessionTable.table_no == n))]
    picked = None if wanted is None else [t.id for t in wanted]
    sums: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    for model in (HandResult, Penalty):
        cols = [func.sum(model.d0), func.sum(model.d1), func.sum(model.d2), func.sum(model.d3)]
        sq = select(model.table_id, *cols).group_by(model.table_id)
        for tid, *d in s.execute(sq if picked is None else sq.where(model.table_id.in_(picked))).all():
            acc = sums[tid]
            for i in range(4):
                acc[i] += int(d[i] or 0)
    dq = select(Penalty.table_id, func.sum(Penalty.points)).where(Penalty.settlement == Settlement.DEDUCTED) \
        .group_by(Penalty.table_id)
    for tid, ded in s.execute(dq if picked is None else dq.where(Penalty.table_id.in_(picked))).all():
        sums[tid][4] += int(ded or 0)
    tables = [t for t in (s.scalars(q) if wanted is None else wanted)
              if t.id in sums or t.time_called_after is not None]
    numbers: dict[int, list[str]] = defaultdict(list)
    ids = [t.id for t in tables]
    for chunk in range(0, len(ids), 500):
        part = ids[chunk:chunk + 500]
        for tid, _pos, num in s.execute(select(Seat.table_id, Seat.position, Player.number)
                                        .join(Player, Player.id == Seat.player_id)
                                        .where(Seat.table_id.in_(part)).order_by(Seat.table_id, Seat.position)):
            numbers[tid].append(num)
    out = []
    for t in sorted(tables, key=lambda t: (t.session, t.table_no)):
        d = sums.get(t.id, [0, 0, 0, 0, 0])
        mp = (d[0], d[1], d[2], d[3])
        nums = numbers[t.id]
        if len(nums) != 4:
            continue
        out.append(TableScore(t.session, t.table_no, (nums[0], nums[1], nums[2], nums[3]), mp,
                              table_points(mp, st.table_points), d[4]))
    return out


_TIE_BREAK_INDEX = {TieBreak.TABLE_POINTS: 0, TieBreak.MATCH_POINTS: 1, TieBreak.BEST_SESSION: 2,
                     TieBreak.BEST_SESSION_COUNT: 3}


def _sort_key(tie_breaks: Sequence[TieBreak], tp: float, mp: float, best: float, best_count: int
              ) -> tuple[float, ...]:
    values = (tp, mp, best, best_count)
    return tuple(values[_TIE_BREAK_INDEX[t]] for t in tie_breaks)


def standing_key(tie_breaks: Sequence[TieBreak], sessions: Sequence[SessionEntry]) -> tuple[float, ...]:
    """The ranking's key of one player's played sessions (higher first), as :func:`standings` ranks
    (the key the seating by standings ranks a substitute who played in by, who is in no ranking)."""
    tps = [e.table_points for e in sessions]
    if not tps:
        return _sort_key(tie_breaks, 0, 0, 0.0, 0)
    best = max(tps)
    return _sort_key(tie_breaks, sum(tps), sum(e.match_points for e in sessions), best, tps.count(best))


def standings(s: Session, after: int | None = None) -> list[StandingRow]:
    """Individual ranking by the profile's tie-breaks; equal keys share a rank (1, 2, 2, 4).

    With stages (``stage add``) this is the final ranking: each stage's players above those cut before it,
    the rest keeping their order of the stage they were cut from (:func:`staged`). The points shown stay
    each player's totals over every session played; each row's ``stage`` (:class:`db.read.views.StagePlace`) says
    what places it: the stage reached, its totals and what was carried into it. Every output of the final
    ranking reads it from here; a stage's own ranking is :func:`stage_standings`.
    """
    return standings_of(s, table_scores(s, after), after)


def standings_of(s: Session, scores: Iterable[TableScore], after: int | None = None, *,
                 substitutes: bool = False) -> list[StandingRow]:
    """:func:`standings` from the tables' scores already read (``table_scores(s, after)``; the hall keeps
    them and re-reads only the table a change touched). Substitutes are never ranked (docs/tournament.md,
    "Substitutes"); with ``substitutes`` those who played follow the ranking as rows with rank 0 and
    ``substitute`` set, for the team totals."""
    st = _settings(s)
    entries = _entries_of(scores)
    rules = _stage_rules(s)
    extra = _substitute_rows(s, entries) if substitutes else []
    if rules:
        return _final_ranking(s, entries, rules, after) + extra
    # the ranking of every player on each redraw of the hall: a plain loop over rows (no per-row objects)
    order = [_TIE_BREAK_INDEX[t] for t in st.tie_breaks]
    rows = []
    for number, name, team, substitute in s.execute(select(Player.number, Player.name, Player.team,
                                                           Player.substitute)):
        if substitute:
            continue  # a substitute plays for the field, not for a place
        es = entries.get(number, ())
        if es:
            tps = [e.table_points for e in es]
            tp: float = sum(tps)
            mp = sum(e.match_points for e in es)
            best = max(tps)
            values: tuple[float, ...] = (tp, mp, best, tps.count(best))
        else:
            tp, mp, values = 0, 0, (0, 0, 0.0, 0)
        rows.append((tuple([values[i] for i in order]), number_key(number), number, name, team, tp, mp, es))
    rows.sort(key=itemgetter(1))
    ranked = shared_ranks(rows, key=itemgetter(0))
    return [StandingRow(rank, number, name, team, float(tp), int(mp), es)
            for rank, (_k, _nk, number, name, team, tp, mp, es) in ranked] + extra


def _substitute_rows(s: Session, entries: Mapping[str, tuple[SessionEntry, ...]]) -> list[StandingRow]:
    """The substitutes who played, by number: rank 0, never ranked, their totals for their teams."""
    rows = [StandingRow(0, p.number, p.name, p.team, float(sum(e.table_points for e in es)),
                        int(sum(e.match_points for e in es)), es, substitute=True)
            for p in s.scalars(select(Player).where(Player.substitute.is_(True)))
            if (es := entries.get(p.number, ()))]
    return sorted(rows, key=lambda r: number_key(r.number))


def substitutes_played(s: Session, after: int | None = None) -> list[StandingRow]:
    """The substitutes who played (sessions ≤ ``after``), with their totals: listed beside the ranking,
    never in it."""
    return _substitute_rows(s, _entries(s, after))


def _entries(s: Session, after: int | None) -> dict[str, tuple[SessionEntry, ...]]:
    """Each player's played sessions (sessions ≤ ``after``), in session order."""
    return _entries_of(table_scores(s, after))


def _entries_of(scores: Iterable[TableScore]) -> dict[str, tuple[SessionEntry, ...]]:
    entries: dict[str, list[SessionEntry]] = defaultdict(list)
    for ts in scores:
        for num, entry in _score_entries(ts):
            entries[num].append(entry)
    return {n: tuple(sorted(es, key=_SESSION)) for n, es in entries.items()}


_SESSION = attrgetter("session")


@lru_cache(maxsize=4096)
def _score_entries(ts: TableScore) -> tuple[tuple[str, SessionEntry], ...]:
    """A table's four players' entries; kept per score (a value), as the hall ranks the same kept scores
    again after each hand and building 1,600 frozen entries was most of that ranking's time."""
    return tuple((num, SessionEntry(ts.session, ts.table, WINDS[i], ts.match_points[i], ts.table_points[i]))
                 for i, num in enumerate(ts.numbers))


# ------------------------------------------------------------------------------------------- stages


@dataclass(frozen=True, slots=True)
class _StageRow:
    """A player's line in one stage's ranking (before it becomes a view)."""

    number: str
    key: tuple[float, ...]
    table_points: float
    match_points: float
    sessions: tuple[SessionEntry, ...]
    carried_tp: float = 0.0
    carried_mp: float = 0.0


def _stage_rules(s: Session) -> list[StageRule]:
    return [StageRule(r.name, r.first_session, r.sessions, r.cut, Carry(r.carry), StageSeating(r.seating),
                      None if r.advance is None else tuple(str(n) for n in r.advance))
            for r in s.scalars(select(Stage).order_by(Stage.first_session))]


def _sessions_complete(s: Session, first: int, last: int, after: int | None) -> bool:
    """Every table of sessions ``first``..``last`` seated and finished (all hands, or time called) or
    signed off (a sheet signed off early, with its reason, is final too)."""
    if after is not None and last > after:
        return False
    for k in range(first, last + 1):
        progress = table_progress(s, k)
        if not progress or not all(p.finished or p.signed_off for p in progress):
            return False
    return True


def _rank_stage(numbers: Sequence[str], entries: dict[str, tuple[SessionEntry, ...]], first: int, last: int,
                tie_breaks: Sequence[TieBreak], previous: dict[str, tuple[float, float, int]], carry: Carry
                ) -> list[tuple[int, _StageRow]]:
    """Rank ``numbers`` over sessions ``first``..``last`` plus what they carry of ``previous`` (number ->
    table points, match points, rank there). Ties the profile's tie-breaks leave are broken by the
    previous stage's rank (so a final that carries nothing starts in the semi-final's order)."""
    rows = []
    for n in numbers:
        es = tuple(e for e in entries.get(n, ()) if first <= e.session <= last)
        prev_tp, prev_mp, prev_rank = previous.get(n, (0.0, 0.0, 0))
        c_tp, c_mp = carried(prev_tp, carry), carried(prev_mp, carry)
        tp = c_tp + sum(e.table_points for e in es)
        mp = c_mp + sum(e.match_points for e in es)
        best = max((e.table_points for e in es), default=0.0)
        best_count = sum(1 for e in es if e.table_points == best) if es else 0
        key = _sort_key(tie_breaks, tp, mp, best, best_count) + ((-prev_rank,) if previous else ())
        rows.append(_StageRow(n, key, tp, mp, es, c_tp, c_mp))
    rows.sort(key=lambda r: number_key(r.number))
    return shared_ranks(rows, key=lambda r: r.key)


@dataclass(frozen=True, slots=True)
class _Staged:
    views: list[StageView]
    rankings: list[list[tuple[int, _StageRow]] | None]  # the qualifying stage first, then each stage's


def _staged(s: Session, entries: dict[str, tuple[SessionEntry, ...]], rules: Sequence[StageRule],
            after: int | None) -> _Staged:
    st = _settings(s)
    people = list(s.scalars(select(Player)))
    everyone = [p.number for p in people if not p.substitute]  # substitutes are never ranked
    withdrawn = {p.number: p.withdrawn_from for p in people if p.withdrawn_from is not None}
    ranking: list[tuple[int, _StageRow]] | None = _rank_stage(
        everyone, entries, 1, rules[0].first_session - 1, st.tie_breaks, {}, Carry.NONE)
    rankings = [ranking]
    complete = _sessions_complete(s, 1, rules[0].first_session - 1, after)
    views = []
    previous_name = QUALIFYING
    for rule in rules:
        # A player withdrawn before the stage gives their place to the next one (their rank stays theirs).
        cut = cut_line([(r, row.number) for r, row in ranking
                        if withdrawn.get(row.number, rule.first_session + 1) > rule.first_session],
                       rule.cut, rule.advance) if ranking is not None and complete else None
        players = None if cut is None else cut.players
        if players is not None and ranking is not None:
            previous = {row.number: (row.table_points, row.match_points, r) for r, row in ranking}
            ranking = _rank_stage(players, entries, rule.first_session, rule.last_session, st.tie_breaks,
                                  previous, rule.carry)
        else:
            ranking = None
        stage_complete = ranking is not None and _sessions_complete(s, rule.first_session, rule.last_session,
                                                                    after)
        views.append(StageView(rule.name, rule.first_session, rule.sessions, rule.cut, str(rule.carry),
                               str(rule.seating), players, () if cut is None else cut.tied,
                               0 if cut is None else cut.places, complete, stage_complete, previous_name))
        previous_name = rule.name
        rankings.append(ranking)
        complete = stage_complete
    return _Staged(views, rankings)


def _final_ranking(s: Session, entries: dict[str, tuple[SessionEntry, ...]], rules: Sequence[StageRule],
                   after: int | None) -> list[StandingRow]:
    """The deepest ranked stage's players first (in its order), then those cut before it in the order of
    the stage they were cut from, and so on down to the qualifying stage."""
    staged = _staged(s, entries, rules, after)
    people = {p.number: p for p in s.scalars(select(Player))}
    placed: set[str] = set()
    out: list[StandingRow] = []
    names = [QUALIFYING, *(v.name for v in staged.views)]
    # Until a stage's players are known every place is the qualifying ranking's: nothing to explain yet
    by_stage = any(ranking is not None for ranking in staged.rankings[1:])
    for stage_name, ranking in zip(reversed(names), reversed(staged.rankings), strict=True):
        if ranking is None:
            continue
        group = [row for _r, row in ranking if row.number not in placed]  # in ranking order, best first
        offset = len(out)
        rank = 0
        for i, row in enumerate(group):
            if i == 0 or row.key != group[i - 1].key:  # equal keys share a rank within the group
                rank = i + 1
            p = people[row.number]
            es = entries.get(row.number, ())
            out.append(StandingRow(offset + rank, p.number, p.name, p.team,
                                   float(sum(e.table_points for e in es)), int(sum(e.match_points for e in es)),
                                   es, stage=StagePlace(stage_name, row.table_points, row.match_points,
                                                        row.carried_tp, row.carried_mp) if by_stage else None))
            placed.add(row.number)
    return out


def stages(s: Session, after: int | None = None) -> list[StageView]:
    """The stages added after the qualifying stage, in session order, with their players once known."""
    rules = _stage_rules(s)
    return _staged(s, _entries(s, after), rules, after).views if rules else []


def stage_of(s: Session, session: int) -> StageView | None:
    """The stage ``session`` belongs to (None: the qualifying stage, read without ranking anything)."""
    rules = _stage_rules(s)
    if not any(r.first_session <= session <= r.last_session for r in rules):
        return None
    return next((v for v in _staged(s, _entries(s, None), rules, None).views
                 if v.first_session <= session <= v.last_session), None)


def _substitutions(s: Session) -> dict[str, str]:
    """Who replaced whom, from the substitutions' audit records (the only record of the pairing, exported
    with the file): each withdrawn number -> the number of their latest substitute."""
    out: dict[str, str] = {}
    for before, after in s.execute(select(AuditLog.before, AuditLog.after).where(AuditLog.action == AuditAction.SUBSTITUTE)
                                   .order_by(AuditLog.id)).all():
        try:
            old, new = json.loads(before or "null")["player"], json.loads(after or "null")["player"]
        except (ValueError, TypeError, KeyError):
            continue  # not a pairing this reader knows: that withdrawal keeps no substitute
        out[str(old)] = str(new)
    return out


def replacements(s: Session, session: int) -> dict[str, str]:
    """Whom each substitute seated in ``session`` replaces: substitute number -> the number replaced. A
    no-show's seat given at the check-in (the latest ``stand_in`` record of the session), or a withdrawal
    (``players substitute OLD NEW``, OLD withdrawn by ``session``); a pairing counts while the substitute
    sits in the session and the player replaced does not."""
    seated = {p.number for t in seating(s, session) for p in t.players}
    pairs: dict[str, str] = {}
    people = {p.number: p for p in s.scalars(select(Player))}
    for old, new in _substitutions(s).items():
        w = people[old].withdrawn_from if old in people else None
        if w is not None and w <= session:
            pairs[new] = old
    for (after,) in s.execute(select(AuditLog.after).where(AuditLog.action == AuditAction.STAND_IN)
                              .order_by(AuditLog.id)):
        try:
            entry = json.loads(after or "null")
            if entry["session"] == session:
                pairs.update({str(k): str(v) for k, v in entry["replaces"].items()})
        except (ValueError, TypeError, KeyError, AttributeError):
            continue  # not a record this reader knows
    return {new: old for new, old in pairs.items() if new in seated and old not in seated}


def stage_places(s: Session, stage: StageView, session: int) -> dict[str, str | None]:
    """Who holds each of ``stage``'s places in ``session`` (a session of it): the player, or — when they
    withdrew inside the stage (``players substitute OLD NEW --from-session N``, N ≤ ``session``) — their
    substitute, following a substitute's own withdrawal in turn; None when nobody does (a withdrawal
    without a substitute, or one whose substitute already holds another place)."""
    assert stage.players is not None
    people = {p.number: p for p in s.scalars(select(Player))}
    successor = _substitutions(s)
    mine = set(stage.players)
    out: dict[str, str | None] = {}
    taken: set[str] = set()
    for n in stage.players:
        holder: str | None = n
        seen: set[str] = set()
        while holder is not None and (w := people[holder].withdrawn_from) is not None and w <= session:
            seen.add(holder)
            nxt = successor.get(holder)
            holder = nxt if nxt is not None and nxt in people and nxt not in seen else None
        if holder is not None and (holder in taken or (holder != n and holder in mine)):
            holder = None
        if holder is not None:
            taken.add(holder)
        out[n] = holder
    return out


def stage_roster(s: Session, stage: StageView, session: int) -> list[str]:
    """The numbers ``session`` of ``stage`` expects, in the stage's order (see :func:`stage_places`)."""
    return [h for h in stage_places(s, stage, session).values() if h is not None]


def stage_standings(s: Session, name: str, after: int | None = None) -> list[StageStandingRow]:
    """The ranking of the stage ``name``: its players, their carried points plus the stage's sessions."""
    rules = _stage_rules(s)
    index = next((i for i, r in enumerate(rules) if r.name == name), None)
    if index is None:
        raise InputError("--stage", code="no_stage", stage=name,
                         stages=", ".join(r.name for r in rules) or "none")
    staged = _staged(s, _entries(s, after), rules, after)
    ranking = staged.rankings[index + 1]
    if ranking is None:
        raise stage_not_ready(staged.views[index])
    people = {p.number: p for p in s.scalars(select(Player))}
    return [_stage_row(rank, row, people[row.number]) for rank, row in ranking]


def stage_rankings(s: Session, after: int | None = None) -> list[StageRanking]:
    """Every stage whose players are known, with its ranking (:func:`stage_standings`), in session order:
    each stage's PDF and website page. One ranking of the whole event serves them all."""
    rules = _stage_rules(s)
    if not rules:
        return []
    staged = _staged(s, _entries(s, after), rules, after)
    people = {p.number: p for p in s.scalars(select(Player))}
    return [StageRanking(view.name, view.first_session, view.last_session,
                         tuple(_stage_row(rank, row, people[row.number]) for rank, row in ranking))
            for view, ranking in zip(staged.views, staged.rankings[1:], strict=True) if ranking is not None]


def _stage_row(rank: int, row: _StageRow, p: Player) -> StageStandingRow:
    return StageStandingRow(rank, row.number, p.name, p.team, row.table_points, row.match_points, row.sessions,
                            row.carried_tp, row.carried_mp)


def stage_not_ready(view: StageView) -> TournamentError:
    """Why a stage's players are not known yet, naming the stage: a tie at the cut to decide, or the
    previous stage still being played."""
    if view.tied:
        return TournamentError(code="stage_tie_at_cut", stage=view.name, tied=", ".join(view.tied),
                               places=view.places)
    return TournamentError(code="stage_previous_incomplete", stage=view.name, previous=view.previous)


def team_standings(s: Session, after: int | None = None) -> list[TeamStandingRow]:
    """Team ranking: members' table points, then match points; equal keys share a rank."""
    return teams_of(standings_of(s, table_scores(s, after), after, substitutes=True))


def teams_of(rows: Iterable[StandingRow]) -> list[TeamStandingRow]:
    """:func:`team_standings` from individual standings already read (the hall reads them once)."""
    teams: dict[str, list[StandingRow]] = defaultdict(list)
    for row in rows:
        if row.team:
            teams[row.team].append(row)
    items = []
    for team, members in teams.items():
        tp = sum(m.table_points for m in members)
        mp = sum(m.match_points for m in members)
        ordered = sorted(members, key=lambda m: number_key(m.number))
        nums = tuple(m.number for m in ordered)
        items.append((team, float(tp), int(mp), nums, tuple(m.name for m in ordered)))
    items.sort(key=lambda it: it[0])
    return [TeamStandingRow(rank, team, tp, mp, nums, names)
            for rank, (team, tp, mp, nums, names) in shared_ranks(items, key=lambda it: (it[1], it[2]))]


def still_playing(s: Session, after: int | None = None) -> int:
    """How many tables the standings (sessions ≤ ``after``) count while they are still playing: a result
    recorded, the last hand not, and not signed off. Above zero the ranking is provisional."""
    sessions = [k for k in seated_sessions(s) if after is None or k <= after]
    return sum(1 for k in sessions for t in table_progress(s, k)
               if (t.hands_recorded or t.penalties) and not t.finished and not t.signed_off)


# the mark of a provisional ranking: one text for one table, one for more (msgctxt "report", the entries the
# reports' bilingual line says too)
PROVISIONAL = (NC_("report", "provisional: {n} table still playing"),
               NC_("report", "provisional: {n} tables still playing"))


def provisional_text(n: int, lang: str = texts.DEFAULT) -> str | None:
    """The mark of a ranking that counts ``n`` tables still playing, in ``lang``; None when it is final."""
    if not n:
        return None
    return texts.translate(lang, PROVISIONAL[0 if n == 1 else 1], "report", n=n)


def substitutes_text(rows: Sequence[StandingRow], lang: str = texts.DEFAULT) -> str | None:
    """The line beside a ranking naming the substitutes who played and are not ranked; None without any."""
    if not rows:
        return None
    who = ", ".join(f"{r.number} {r.name} ({plain(r.table_points)}, {r.match_points:+d})" for r in rows)
    return texts.translate(lang, "not ranked (substitutes): {players}", "report", players=who)


def change_marker(s: Session) -> tuple[int, int]:
    """The store-wide change marker: (entries within ``db.read.changes.WINDOW`` ids of the newest, newest id).
    Every change writes one audit entry, so the marker moves whichever station, device or command made the
    change; a page keeps the marker it drew and redraws when a fresh read differs. Two index lookups, no
    scan of the log; the count over the window catches a PostgreSQL transaction that commits after a
    later-numbered one (``db.read.changes`` explains the window, docs/gui.md "Refresh by what changed")."""
    return _marker(s)


def audit_log(s: Session) -> list[AuditEntry]:
    return [AuditEntry(a.id, a.at, a.station, a.referee, a.action, a.what, a.before, a.after, a.reason,
                       a.session, a.table_no, a.hand, a.player, a.what_code, a.what_params)
            for a in s.scalars(select(AuditLog).order_by(AuditLog.id))]


def table_progress(s: Session, session: int, table: int | None = None) -> list[TableProgress]:
    """Each seated table's progress in ``session`` (only ``table``'s when given)."""
    st = _settings(s)
    tables = _tables(s, session, table)
    ids = [t.id for t in tables]
    counts = dict(s.execute(select(HandResult.table_id, func.max(HandResult.hand_no)).where(HandResult.table_id.in_(ids))
                            .group_by(HandResult.table_id)).all()) if ids else {}
    pcounts = dict(s.execute(select(Penalty.table_id, func.count()).where(Penalty.table_id.in_(ids))
                             .group_by(Penalty.table_id)).all()) if ids else {}
    seats = _seat_views(s, ids)
    out = []
    for t in tables:
        if t.id not in seats:
            continue
        n = int(counts.get(t.id) or 0)
        finished = n >= last_hand(st.hands_per_session, t.time_called_after)
        four = seats[t.id]
        out.append(TableProgress(t.session, t.table_no, (four[0].number, four[1].number, four[2].number,
                                                         four[3].number),
                                 n, int(pcounts.get(t.id) or 0), t.time_called_after, finished,
                                 None if finished else n + 1, t.signed_off, t.version))
    return out


def seated_sessions(s: Session) -> list[int]:
    return list(s.scalars(select(SessionTable.session).distinct().order_by(SessionTable.session)))


def seat_counts(s: Session) -> dict[tuple[int, int], int]:
    """(session, table) → how many players sit there, for every table row (0 for an empty one)."""
    rows = s.execute(select(SessionTable.session, SessionTable.table_no, func.count(Seat.id))
                     .outerjoin(Seat, Seat.table_id == SessionTable.id)
                     .group_by(SessionTable.id, SessionTable.session, SessionTable.table_no)).all()
    return {(int(k), int(t)): int(n) for k, t, n in rows}


def entered_by(s: Session) -> dict[HandKey, str]:
    """(session, table, hand) -> who recorded the hand as stored: "referee @ station" (or either alone)."""
    q = (select(SessionTable.session, SessionTable.table_no, HandResult.hand_no, HandResult.referee,
                HandResult.station).join(SessionTable, SessionTable.id == HandResult.table_id))
    out: dict[HandKey, str] = {}
    for session, table, hand, referee, station in s.execute(q).all():
        out[(session, table, hand)] = " @ ".join(x for x in (referee, station) if x)
    return out


def checkin(s: Session, session: int) -> CheckInView:
    """The check-in desk of ``session``. The players expected are the session's stage's players (its
    players once known) or the active players; substitutes of the pool are listed only once marked."""
    stage = stage_of(s, session)
    if stage is not None and stage.players is not None:
        expected = stage_roster(s, stage, session)
    else:
        expected = [p.number for p in active_players(s, session)]
    rows = s.execute(select(Player.number, CheckIn.present, CheckIn.late).join(Player, Player.id == CheckIn.player_id)
                     .where(CheckIn.session == session)).all()
    marked = {n for n, _present, _late in rows}
    return CheckInView(
        session,
        tuple(sorted((n for n, present, _late in rows if present), key=number_key)),
        tuple(sorted((n for n, present, _late in rows if not present), key=number_key)),
        tuple(sorted((n for n in expected if n not in marked), key=number_key)),
        tuple(sorted((n for n, present, late in rows if present and late), key=number_key)),
    )


BEST_HANDS = 10


def awards(s: Session, teams: Sequence[TeamStandingRow] | None = None, after: int | None = None) -> Awards:
    """The prize list: every recorded win, its winner from the table's starting seats. A substitute's
    wins count only when the profile says so (``substitute_awards``); a hand entered as a total only has
    no fans, so it is never a chicken hand (无番和 is known from the fans). Reads the wins' columns only
    and names the fans of the hands listed only (the hall display reads this at every change, passing
    the ``teams`` it has read already). ``after``: the wins of sessions up to it only (hidden standings)."""
    st = _settings(s)
    seats = {(tid, pos): (number, name, sub) for tid, pos, number, name, sub in s.execute(
        select(Seat.table_id, Seat.position, Player.number, Player.name, Player.substitute)
        .join(Player, Player.id == Seat.player_id))}
    query = (select(SessionTable.session, SessionTable.table_no, HandResult.hand_no, HandResult.table_id,
                    HandResult.winner, HandResult.fan_total, HandResult.fans)
             .join(SessionTable, SessionTable.id == HandResult.table_id)
             .where(HandResult.kind == "win", HandResult.winner.is_not(None)))
    if after is not None:
        query = query.where(SessionTable.session <= after)
    rows = s.execute(query).all()
    wins: list[_Win] = []
    for session, table, hand, tid, winner, fan, fans in rows:
        who = seats.get((tid, winner))
        if who is None or (who[2] and not st.substitute_awards):
            continue
        wins.append(_Win(session, table, hand, who[0], who[1], fan, fans))
    wins.sort(key=lambda w: (w.session, w.table, w.hand))
    best_session: dict[int, int] = {}
    for w in wins:
        best_session[w.session] = max(best_session.get(w.session, 0), w.fan)
    names = {w.player: w.name for w in wins}

    def counts(numbers: Iterable[str]) -> tuple[AwardCount, ...]:
        tally: dict[str, int] = defaultdict(int)
        for n in numbers:
            tally[n] += 1
        return tuple(AwardCount(n, names[n], c)
                     for n, c in sorted(tally.items(), key=lambda kv: (-kv[1], number_key(kv[0]))))

    if teams is None:
        teams = team_standings(s)
    return Awards(
        best_hands=tuple(w.view() for w in sorted(wins, key=lambda w: -w.fan)[:BEST_HANDS]),
        best_by_session=tuple(w.view() for w in wins if w.fan == best_session[w.session]),
        chicken_hands=counts(w.player for w in wins if w.chicken),
        most_wins=counts(w.player for w in wins),
        best_team=teams[0] if teams else None,
        substitutes_count=st.substitute_awards,
    )


@dataclass(frozen=True, slots=True)
class _Win:
    """A win as stored, its fans still the stored JSON (named only for the hands listed)."""

    session: int
    table: int
    hand: int
    player: str
    name: str
    fan: int
    fans: list[dict[str, object]] | None

    @property
    def chicken(self) -> bool:
        from scoring.fans import Fan

        return any(str(f.get("id")) == Fan.CHICKEN_HAND for f in self.fans or ())

    def view(self) -> AwardHand:
        return AwardHand(self.session, self.table, self.hand, self.player, self.name, self.fan,
                         _fan_views(self.fans))


def checkin_candidates(s: Session, session: int, text: str) -> list[PlayerView]:
    """The players the check-in desk's typing finds for ``session``: the one whose number it is, else those
    whose name it is part of (accents folded, Chinese names by pinyin), in name order. Only players the
    session expects and the substitutes of the pool (not withdrawn) are found."""
    desk = checkin(s, session)
    expected = set(desk.present) | set(desk.absent) | set(desk.not_seen)
    pool = [p for p in players(s) if p.number in expected
            or (p.substitute and (p.withdrawn_from is None or p.withdrawn_from > session))]
    typed = text.strip()
    exact = [p for p in pool if p.number == typed]
    if exact:
        return exact
    return sorted((p for p in pool if name_matches(typed, p.name)), key=lambda p: player_order(p.name, p.number))
