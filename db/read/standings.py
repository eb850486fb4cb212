"""Read side, the standings: the individual ranking by the profile's tie-breaks (a staged event's final
ranking from ``db.read.stages``), the substitutes who played beside it, the team ranking, and whether a
ranking is still provisional.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from operator import itemgetter

from sqlalchemy import select
from sqlalchemy.orm import Session

import texts
from db.models import Player
from db.read.lookup import settings as _settings
from db.read.players import seated_sessions
from db.read.sheets import table_progress
from db.read.stages import final_ranking, stage_rules
from db.read.table_scores import TableScore, player_entries, player_entries_of, points_total, table_scores
from db.read.views import SessionEntry, StandingRow, TeamStandingRow, number_key
from db.rules.ranking import key_order
from db.rules.scores import shared_ranks
from db.rules.stages import plain
from texts import NC_


def standings(s: Session, after: int | None = None) -> list[StandingRow]:
    """Individual ranking by the profile's tie-breaks; equal keys share a rank (1, 2, 2, 4).

    With stages (``stage add``) this is the final ranking: each stage's players above those cut before it,
    the rest keeping their order of the stage they were cut from (``db.read.stages.final_ranking``). The points shown stay
    each player's totals over every session played; each row's ``stage`` (:class:`db.read.views.StagePlace`) says
    what places it: the stage reached, its totals and what was carried into it. Every output of the final
    ranking reads it from here; a stage's own ranking is ``db.read.stages.stage_standings``.
    """
    return standings_of(s, table_scores(s, after), after)


def standings_of(s: Session, scores: Iterable[TableScore], after: int | None = None, *,
                 substitutes: bool = False) -> list[StandingRow]:
    """:func:`standings` from the tables' scores already read (``table_scores(s, after)``; the hall keeps
    them and re-reads only the table a change touched). Substitutes are never ranked (docs/tournament.md,
    "Substitutes"); with ``substitutes`` those who played follow the ranking as rows with rank 0 and
    ``substitute`` set, for the team totals."""
    st = _settings(s)
    entries = player_entries_of(scores)
    rules = stage_rules(s)
    extra = _substitute_rows(s, entries) if substitutes else []
    if rules:
        return final_ranking(s, entries, rules, after) + extra
    # the ranking of every player on each redraw of the hall: a plain loop over rows (no per-row objects)
    order = key_order(st.tie_breaks)
    rows = []
    for number, name, team, substitute in s.execute(select(Player.number, Player.name, Player.team,
                                                           Player.substitute)):
        if substitute:
            continue  # a substitute plays for the field, not for a place
        es = entries.get(number, ())
        if es:
            tps = [e.table_points for e in es]
            tp: float = sum(tps)
            mp = points_total(e.match_points for e in es)
            best = max(tps)
            values: tuple[float, ...] = (tp, mp, best, tps.count(best))
        else:
            tp, mp, values = 0, 0, (0, 0, 0.0, 0)
        rows.append((tuple([values[i] for i in order]), number_key(number), number, name, team, tp, mp, es))
    rows.sort(key=itemgetter(1))
    ranked = shared_ranks(rows, key=itemgetter(0))
    return [StandingRow(rank, number, name, team, float(tp), mp, es)
            for rank, (_k, _nk, number, name, team, tp, mp, es) in ranked] + extra


def _substitute_rows(s: Session, entries: Mapping[str, tuple[SessionEntry, ...]]) -> list[StandingRow]:
    """The substitutes who played, by number: rank 0, never ranked, their totals for their teams."""
    rows = [StandingRow(0, p.number, p.name, p.team, float(sum(e.table_points for e in es)),
                        points_total(e.match_points for e in es), es, substitute=True)
            for p in s.scalars(select(Player).where(Player.substitute.is_(True)))
            if (es := entries.get(p.number, ()))]
    return sorted(rows, key=lambda r: number_key(r.number))


def substitutes_played(s: Session, after: int | None = None) -> list[StandingRow]:
    """The substitutes who played (sessions ≤ ``after``), with their totals: listed beside the ranking,
    never in it."""
    return _substitute_rows(s, player_entries(s, after))


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
        mp = points_total(m.match_points for m in members)
        ordered = sorted(members, key=lambda m: number_key(m.number))
        nums = tuple(m.number for m in ordered)
        items.append((team, float(tp), mp, nums, tuple(m.name for m in ordered)))
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
    who = ", ".join(f"{r.number} {r.name} ({plain(r.table_points)}, {plain(r.match_points):+})" for r in rows)
    return texts.translate(lang, "not ranked (substitutes): {players}", "report", players=who)
