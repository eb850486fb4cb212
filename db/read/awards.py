"""Read side, the prize list: the best hands, the best of each session, chicken hands, most wins, the best
team. A game's (``db.read.games.is_game``: Riichi) wins are ranked by their value (yakuman, han, fu, the
points paid), read from its tables played again; it has no chicken hands.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session

import texts
from db.models import HandResult, Player, Seat, SessionTable
from db.read.games import game_sheets, in_thousands, is_game
from db.read.lookup import settings as _settings
from db.read.players import seated_sessions
from db.read.sheets import fan_views
from db.read.standings import team_standings
from db.read.views import AwardCount, AwardHand, Awards, FanView, GameValue, TeamStandingRow, number_key
from db.rules import game_words

BEST_HANDS = 10


class _Placed(Protocol):
    @property
    def session(self) -> int: ...
    @property
    def player(self) -> str: ...
    @property
    def name(self) -> str: ...


W = TypeVar("W", bound=_Placed)


def awards(s: Session, teams: Sequence[TeamStandingRow] | None = None, after: int | None = None) -> Awards:
    """The prize list: every recorded win, its winner from the table's starting seats. A substitute's
    wins count only when the profile says so (``substitute_awards``); a hand entered as a total only has
    no fans, so it is never a chicken hand (无番和 is known from the fans). Reads the wins' columns only
    and names the fans of the hands listed only (the hall display reads this at every change, passing
    the ``teams`` it has read already). ``after``: the wins of sessions up to it only (hidden standings)."""
    st = _settings(s)
    if is_game(st):
        return _awards_of(game_wins(s, st.substitute_awards, after), _game_rank, _same, teams, s,
                          st.substitute_awards, game=True, thousands=in_thousands(st))
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
    return _awards_of(wins, _Win.rank, _Win.view, teams, s, st.substitute_awards,
                      chickens=[w.player for w in wins if w.chicken])


def _game_rank(h: AwardHand) -> tuple[int, ...]:
    assert h.value is not None
    return h.value.key


def _same(h: AwardHand) -> AwardHand:
    return h


def _awards_of(wins: Sequence[W], rank: Callable[[W], tuple[int, ...]], view: Callable[[W], AwardHand],
               teams: Sequence[TeamStandingRow] | None, s: Session, substitutes: bool, chickens: Sequence[str] = (),
               game: bool = False, thousands: bool = True) -> Awards:
    """The prize list from the wins (in session, table, hand order), each placed by ``rank`` (larger first) and
    shown as ``view`` makes it (MCR names the fans of the hands listed only)."""
    best_session: dict[int, tuple[int, ...]] = {}
    for w in wins:
        best_session[w.session] = max(best_session.get(w.session, ()), rank(w))
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
        best_hands=tuple(view(w) for w in sorted(wins, key=lambda w: tuple(-x for x in rank(w)))[:BEST_HANDS]),
        best_by_session=tuple(view(w) for w in wins if rank(w) == best_session[w.session]),
        chicken_hands=counts(chickens),
        most_wins=counts(w.player for w in wins),
        best_team=teams[0] if teams else None,
        substitutes_count=substitutes,
        game=game,
        thousands=thousands,
    )


def game_wins(s: Session, substitutes: bool, after: int | None, session: int | None = None) -> list[AwardHand]:
    """Every winner of a game's hands (each of several on one discard; a substitute's only with ``substitutes``)
    with the value its table's play gives: sessions up to ``after``, or ``session`` alone."""
    wins = []
    for k in seated_sessions(s):
        if (after is not None and k > after) or (session is not None and k != session):
            continue
        for g in game_sheets(s, k):
            for h in g.hands:
                for w in h.winners:
                    p = g.players[w.player]
                    if p.substitute and not substitutes:
                        continue
                    yaku = tuple(FanView(y, texts.said(game_words.yaku_name(y), "zh"), str(game_words.yaku_name(y)),
                                         han) for y, han in w.yaku)
                    yaku += tuple(FanView(f.id, f.zh, f.en, f.value) for f in w.fans)  # a Chinese system's
                    value = w.han + w.total  # Riichi's han, or a Chinese system's total (the other is 0)
                    wins.append(AwardHand(k, g.table, h.hand, p.number, p.name, value, yaku,
                                          GameValue(value, w.fu, w.yakuman, w.limit, h.deltas[w.player], w.unit)))
    return wins


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

    def rank(self) -> tuple[int, ...]:
        return (self.fan,)

    def view(self) -> AwardHand:
        return AwardHand(self.session, self.table, self.hand, self.player, self.name, self.fan,
                         fan_views(self.fans))
