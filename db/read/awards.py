"""Read side, the prize list: the best hands, the best of each session, chicken hands, most wins, the best
team.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.models import HandResult, Player, Seat, SessionTable
from db.read.lookup import settings as _settings
from db.read.sheets import fan_views
from db.read.standings import team_standings
from db.read.views import AwardCount, AwardHand, Awards, TeamStandingRow, number_key

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
        from scoring.mcr.fans import Fan  # the engine's tables load for the awards, not for the standings

        return any(str(f.get("id")) == Fan.CHICKEN_HAND for f in self.fans or ())

    def view(self) -> AwardHand:
        return AwardHand(self.session, self.table, self.hand, self.player, self.name, self.fan,
                         fan_views(self.fans))
