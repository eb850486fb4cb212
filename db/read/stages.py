"""Read side, the stages after the qualifying stage: their players once the cut is known, each stage's
ranking, the final ranking of a staged event, who holds each place of a stage in a session.

The rules (carry, cut line) are in ``db.rules.stages``, the ranking keys in ``db.rules.ranking``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.errors import InputError, TournamentError
from db.models import Player, Stage
from db.read.lookup import settings as _settings
from db.read.players import substitutions
from db.read.sheets import table_progress
from db.read.table_scores import player_entries, points_total
from db.read.views import (
    SessionEntry,
    StagePlace,
    StageRanking,
    StageStandingRow,
    StageView,
    StandingRow,
    number_key,
)
from db.rules.profiles import TieBreak
from db.rules.ranking import stage_key
from db.rules.scores import shared_ranks
from db.rules.stages import QUALIFYING, Carry, StageRule, StageSeating, carried, cut_line


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


def stage_rules(s: Session) -> list[StageRule]:
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
        key = stage_key(tie_breaks, tp, mp, es, prev_rank if previous else None)
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


def final_ranking(s: Session, entries: dict[str, tuple[SessionEntry, ...]], rules: Sequence[StageRule],
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
                                   float(sum(e.table_points for e in es)), points_total(e.match_points for e in es),
                                   es, stage=StagePlace(stage_name, row.table_points, row.match_points,
                                                        row.carried_tp, row.carried_mp) if by_stage else None))
            placed.add(row.number)
    return out


def stages(s: Session, after: int | None = None) -> list[StageView]:
    """The stages added after the qualifying stage, in session order, with their players once known."""
    rules = stage_rules(s)
    return _staged(s, player_entries(s, after), rules, after).views if rules else []


def stage_of(s: Session, session: int) -> StageView | None:
    """The stage ``session`` belongs to (None: the qualifying stage, read without ranking anything)."""
    rules = stage_rules(s)
    if not any(r.first_session <= session <= r.last_session for r in rules):
        return None
    return next((v for v in _staged(s, player_entries(s, None), rules, None).views
                 if v.first_session <= session <= v.last_session), None)


def stage_places(s: Session, stage: StageView, session: int) -> dict[str, str | None]:
    """Who holds each of ``stage``'s places in ``session`` (a session of it): the player, or — when they
    withdrew inside the stage (``players substitute OLD NEW --from-session N``, N ≤ ``session``) — their
    substitute, following a substitute's own withdrawal in turn; None when nobody does (a withdrawal
    without a substitute, or one whose substitute already holds another place)."""
    assert stage.players is not None
    people = {p.number: p for p in s.scalars(select(Player))}
    successor = substitutions(s)
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
    rules = stage_rules(s)
    index = next((i for i, r in enumerate(rules) if r.name == name), None)
    if index is None:
        raise InputError("--stage", code="no_stage", stage=name,
                         stages=", ".join(r.name for r in rules) or "none")
    staged = _staged(s, player_entries(s, after), rules, after)
    ranking = staged.rankings[index + 1]
    if ranking is None:
        raise stage_not_ready(staged.views[index])
    people = {p.number: p for p in s.scalars(select(Player))}
    return [_stage_row(rank, row, people[row.number]) for rank, row in ranking]


def stage_rankings(s: Session, after: int | None = None) -> list[StageRanking]:
    """Every stage whose players are known, with its ranking (:func:`stage_standings`), in session order:
    each stage's PDF and website page. One ranking of the whole event serves them all."""
    rules = stage_rules(s)
    if not rules:
        return []
    staged = _staged(s, player_entries(s, after), rules, after)
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
