"""The teammates rule: teammates never share a table when their team can be kept apart."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.errors import InputError, TournamentError
from db.models import Player, Seat, SessionTable


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


def avoidable_teammates(tables: Sequence[Sequence[str]], teams: Mapping[str, str | None],
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
    >>> avoidable_teammates([["1", "2", "3", "7"], ["4", "5", "6", "8"]], teams)  # 3 Red at 2 tables: allowed
    >>> avoidable_teammates([["1", "2", "3", "4"], ["5", "6", "7", "8"]], teams)
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


def teammates_error(s: Session, session: int, clash: tuple[str, str, str, int]) -> InputError:
    """The refusal of a seating that puts the teammates of ``clash`` at one table."""
    team, a, b, no = clash
    names = dict(s.execute(select(Player.number, Player.name).where(Player.number.in_((a, b)))).all())
    return InputError(None, code="teammates_together", a=a, a_name=names.get(a, ""), b=b, b_name=names.get(b, ""),
                      team=team, table=no, session=session)


def check_generated(session: int, tables: Sequence[Sequence[str]], teams: Mapping[str, str | None]) -> None:
    """A generated seating never seats teammates together when they can be kept apart (db.seating
    guarantees it; this guards the store against a regression there)."""
    clash = avoidable_teammates(tables, teams)
    if clash is not None:
        team, a, b, no = clash
        raise TournamentError(code="generated_teammates", session=session, a=a, b=b, team=team, table=no)


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
