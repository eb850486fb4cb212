"""Read side, a game table (Riichi; ``RuleSystem.shape == "game"``): its records played again by the rule system
into a :class:`~db.read.views.GameSheet` (each hand with the state it started from, the state of the next
hand, the session results once the game is over), and a hand as a ``results list`` line."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from copy import deepcopy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.errors import InputError
from db.models import HandResult, Penalty, Tournament
from db.read.game_state import games_over, games_round, in_thousands, is_game, play, time_last_hand
from db.read.lookup import settings
from db.read.sheets import seat_views, table_rows
from db.read.views import (
    GameHandView,
    GameSeatResult,
    GameSheet,
    GameWinView,
    SessionEntry,
    StandingRow,
    ranking_rule,
    stage_rule,
    staged,
    staged_rule,
)
from db.rules import game_words
from db.rules.profiles import Settings
from scoring.systems import game_system

if TYPE_CHECKING:
    from scoring.played import LineWin, PlayedHandLike
from texts import Text

__all__ = ["StandingColumns", "game_entry", "game_hand_json", "game_line_wins", "game_outcomes", "game_preset", "game_problems", "game_sheet",
           "game_sheets", "game_wording", "games_over", "games_round", "hand_view", "in_thousands", "is_game",
           "standing_columns"]


def game_outcomes(st: Settings) -> tuple[str, ...]:
    """The kinds of result line a hand of a game table may have under the tournament's rules."""
    return game_system(st.profile).outcomes(st.system_options())


def game_entry(st: Settings) -> dict[str, Any]:
    """What a hand's entry offers under the tournament's rules (``GameSystem.entry_options``: its ``form``,
    "riichi", "wins" or "events", and the fields the form shows), for the desk as for the phone."""
    entry: dict[str, Any] = game_system(st.profile).entry_options(st.system_options())
    return entry


def game_wording(st: Settings) -> str:
    """The words the rule system's result lines' kinds are said in (``GameSystem.wording``, for
    ``game_words.outcome``)."""
    return game_system(st.profile).wording


def game_line_wins(st: Settings) -> Callable[[dict[str, Any]], tuple[LineWin, ...]]:
    """How the tournament's rule system finds a result line's wins (``GameSystem.line_wins``), for a listing."""
    return game_system(st.profile).line_wins


def game_preset(st: Settings) -> Any:
    """The rules a game table's hand is scored by (the preset with the organiser's changes), for hand entry."""
    return game_system(st.profile).preset(st.system_options())


@dataclass(frozen=True, slots=True)
class StandingColumns:
    """The standings' two totals as the rule system counts them: their titles, the session cell's tooltip, and
    whether the first is a score in thousands (a game: "+45.3", the second raw points "34,700") or table
    points (MCR: "6", match points "+48")."""

    total: Text
    points: Text
    session_tip: Callable[[int], Text]  # of session n
    thousands: bool
    rule: Text  # how the places are decided, without stages (a staged event: ``views.ranking_rule``)
    stage_rule: Text  # how one stage's ranking places its players (``standings --stage``)
    staged_rule: Text  # how a staged event's final ranking places them (the stage reached first)

    def ranking_rule(self, rows: Iterable[StandingRow]) -> Text:
        """The rule line under a final ranking: a staged event's, or the system's plain one."""
        return self.staged_rule if staged(rows) else self.rule

    def total_text(self, value: float) -> str:
        """The first total as shown: a score signed with one decimal, or table points as they are.

        >>> GAME.total_text(45.25), GAME.total_text(-0.04), HANDS.total_text(6.0), HANDS.total_text(2.5)
        ('+45.2', '0.0', '6', '2.5')
        """
        if not self.thousands:
            return f"{value:g}"
        text = f"{value:+.1f}"
        return "0.0" if text in ("+0.0", "-0.0") else text

    def session_detail(self, entry: SessionEntry) -> Text | None:
        """What a game's session score is made of (the points at the end, the uma, the penalty), for the
        session cell's tooltip; None for table points, which say it all.

        >>> from scoring.systems import SeatResult
        >>> from fractions import Fraction as F
        >>> e = SessionEntry(1, 2, "N", 33800, -1.2, SeatResult(F(33800), 1, F(15), F(-20), F(-6, 5)))
        >>> str(GAME.session_detail(e)), HANDS.session_detail(e)
        ('Table 2: points 33,800, uma +15.0, penalty -20.0', None)
        """
        r = entry.result
        if not self.thousands or r is None:
            return None
        return game_words.session_detail(entry.table, self.points_text(float(r.raw)), self.total_text(float(r.uma)),
                                         self.total_text(float(r.penalty)))

    def stage_total_text(self, value: float) -> str:
        """The first total of a stage's ranking: a half carried keeps the second decimal it leaves.

        >>> GAME.stage_total_text(11.45), GAME.stage_total_text(-3.2), HANDS.stage_total_text(2.5)
        ('+11.45', '-3.2', '2.5')
        """
        if self.thousands and round(value, 1) != round(value, 2):
            return f"{value:+.2f}"
        return self.total_text(value)

    def points_text(self, value: float) -> str:
        """The second total: raw points with a thousands separator, or match points signed.

        >>> GAME.points_text(34700), HANDS.points_text(48), HANDS.points_text(-8), HANDS.points_text(0)
        ('34,700', '+48', '-8', '0')
        """
        if self.thousands:
            return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}"
        text = str(int(value)) if float(value).is_integer() else f"{value:.1f}"
        return f"+{text}" if value > 0 else text


def _hands_tip(n: int) -> Text:
    return Text("Session {n}: table points (match points)", None, n=n)


HANDS = StandingColumns(Text("Table points", None), Text("Match points", None), _hands_tip, False, ranking_rule(()),
                        stage_rule(), staged_rule())
GAME = StandingColumns(game_words.COLUMNS["score"], game_words.COLUMNS["raw"], game_words.session_tip, True,
                       Text("ranking by score, then points", "ranking"),
                       Text("ranking by the stage's score, then its points (carried points included), then the rank "
                            "in the previous stage", "ranking"),
                       Text("places: the stage reached first, then that stage's score, then its points (carried "
                            "points included)", "ranking"))


def standing_columns(st: Settings) -> StandingColumns:
    """The standings' totals of the tournament's rule system (the desk's page titles its columns with them)."""
    return GAME if in_thousands(st) else HANDS


def _win_views(ph: PlayedHandLike, record: Mapping[str, Any]) -> tuple[GameWinView, ...]:
    return tuple(GameWinView(player=v.seat, han=v.han, fu=v.fu, yakuman=v.yakuman, limit=v.limit, yaku=v.yaku,
                             tiles=v.tiles, pao=v.pao, yaku_tiles=v.yaku_tiles, fu_parts=v.fu_parts, total=v.total,
                             fans=v.fans, unit=v.unit) for v in ph.win_values(record))


def _hand_view(row: HandResult, ph: PlayedHandLike, line: dict[str, Any]) -> GameHandView:
    return hand_view(row.hand_no, row.detail or {"type": row.kind}, ph, line, row.station, row.referee)


def hand_view(hand: int, record: Mapping[str, Any], ph: PlayedHandLike, line: dict[str, Any], station: str = "",
              referee: str = "") -> GameHandView:
    """Hand ``hand`` of a table as played from its record (recorded, or only previewed: no station then)."""
    d, sc = ph.deltas, ph.scores_after
    return GameHandView(
        hand=hand, round=ph.state.name, dealer=ph.state.dealer, honba=ph.state.honba,
        deposits=ph.state.deposits, kind=record["type"], riichi=tuple(record.get("riichi", ())),
        winners=_win_views(ph, record), discarder=record.get("discarder"), tenpai=tuple(record.get("tenpai", ())),
        nagashi=tuple(record.get("players", ())), reason=record.get("reason"), chombo=record.get("player"),
        deltas=(d[0], d[1], d[2], d[3]), scores=(sc[0], sc[1], sc[2], sc[3]), station=station,
        referee=referee, line=line, payments=ph.payments)


def _penalties(s: Session, table_id: int) -> tuple[int, int, int, int]:
    d = [0, 0, 0, 0]
    for p in s.scalars(select(Penalty).where(Penalty.table_id == table_id)):
        for i, v in enumerate(p.deltas):
            d[i] += v
    return (d[0], d[1], d[2], d[3])


def game_sheets(s: Session, session: int, table: int | None = None) -> list[GameSheet]:
    """The game sheets of a session's seated tables (one table's with ``table``)."""
    st = settings(s)
    system = game_system(st.profile)
    options = st.system_options()
    t = s.get(Tournament, 1)
    assert t is not None
    tables = table_rows(s, session, table)
    seats = seat_views(s, [x.id for x in tables])
    rows: dict[int, list[HandResult]] = defaultdict(list)
    if tables:
        q = select(HandResult).where(HandResult.table_id.in_([x.id for x in tables])).order_by(HandResult.hand_no)
        for h in s.scalars(q):
            rows[h.table_id].append(h)
    out = []
    for tbl in tables:
        if tbl.id not in seats:
            continue
        hands = rows[tbl.id]
        played = play(system, options, [h.detail or {} for h in hands], tbl.time_called_after)
        nums = [p.number for p in seats[tbl.id]]
        views = tuple(_hand_view(h, ph, system.line_of(h.detail or {}, nums.__getitem__))
                      for h, ph in zip(hands, played.hands, strict=True))
        state = played.game.state
        over = played.game.over
        results: tuple[GameSeatResult, ...] = ()
        if over or tbl.signed_off:  # a sheet signed off early (with its reason) is final too
            changes = [sum(v.deltas[i] for v in views) for i in range(4)]
            chombos = [v.chombo for v in views if v.kind == "chombo" and v.chombo is not None]
            subs = [i for i, p in enumerate(seats[tbl.id]) if p.substitute]
            res = system.session_result((changes[0], changes[1], changes[2], changes[3]), _penalties(s, tbl.id),
                                        chombos, options, subs)
            results = tuple(GameSeatResult(float(r.raw), r.place, float(r.uma), float(r.penalty), float(r.score),
                                           r.fixed) for r in res)
        out.append(GameSheet(
            tournament=t.name, profile=st.profile, session=tbl.session, table=tbl.table_no, players=seats[tbl.id],
            start_points=system.start_points(options), hands=views,
            next_round=None if over else state.name, next_dealer=None if over else state.dealer,
            next_honba=state.honba, next_deposits=state.deposits, scores=state.scores, results=results,
            time_called_after=tbl.time_called_after,
            time_last_hand=time_last_hand(system, options, [h.detail or {} for h in hands], tbl.time_called_after),
            signed_off=tbl.signed_off, version=tbl.version, session_date=t.start_date, thousands=in_thousands(st),
            wording=system.wording))
    return out


def game_problems(s: Session) -> list[str]:
    """``check`` for game tables: each table's records play (no hand after the end, every winner's tiles a
    win) and every hand's stored changes are those the play gives; each table's session scores add up to its
    penalties (the uma and the oka share out what the return takes)."""
    st = settings(s)
    system = game_system(st.profile)
    options = st.system_options()
    problems = []
    for tbl in table_rows(s):
        hands = list(s.scalars(select(HandResult).where(HandResult.table_id == tbl.id).order_by(HandResult.hand_no)))
        if not hands:
            continue
        where = f"session {tbl.session} table {tbl.table_no}"
        try:
            played = play(system, options, [h.detail or {} for h in hands], tbl.time_called_after)
        except Exception as exc:  # noqa: BLE001 - whatever stops the play is the problem reported
            problems.append(f"{where}: the hands do not play ({type(exc).__name__}: {exc})")
            continue
        for h, ph in zip(hands, played.hands, strict=True):
            if h.deltas != ph.deltas:
                problems.append(f"{where} hand {h.hand_no}: changes {list(h.deltas)} stored, {list(ph.deltas)} played")
        changes = [sum(h.deltas[i] for h in hands) for i in range(4)]
        if not in_thousands(st) and sum(changes) != 0:  # no deposits in these systems: every point is paid
            problems.append(f"{where}: the hands' changes sum to {sum(changes)}, not 0")
        chombos = [h.winner for h in hands if h.kind == "chombo" and h.winner is not None]
        pens = _penalties(s, tbl.id)
        result = system.session_result((changes[0], changes[1], changes[2], changes[3]), pens, chombos, options)
        if in_thousands(st) and sum(r.score - r.penalty for r in result) != 0:
            problems.append(f"{where}: the session scores before penalties sum to "
                            f"{float(sum(r.score - r.penalty for r in result))}, not 0")
    return problems


def game_sheet(s: Session, session: int, table: int) -> GameSheet:
    """One game table's sheet, or an :class:`InputError` naming the table."""
    sheets = game_sheets(s, session, table)
    if not sheets:
        raise InputError("table", code="no_table", session=session, table=table)
    return sheets[0]


def game_hand_json(sheet: GameSheet, h: GameHandView) -> dict[str, Any]:
    """A hand of a game table as ``results list --format json`` gives it (issue 32 "Contracts"): its result
    line, with the round, the dealer, the honba and the deposits it started from, the winners' values, each
    player's change and the scores after it."""
    nums = [p.number for p in sheet.players]
    line = deepcopy(h.line)  # the winners' values are added to the copy's parts
    for w, win in zip(h.winners, game_system(sheet.profile).line_wins(line), strict=False):
        wl = win.part
        if w.unit == "total":  # a Chinese system's win: its total and fans, as its mcr-score answer says them
            wl.update({"total": w.total, "fans": [{"id": f.id, "zh": f.zh, "en": f.en, "value": f.value}
                                                  for f in w.fans]})
            continue
        wl.update({"han": w.han, "fu": w.fu, "yakuman": w.yakuman, "limit": w.limit})
        if w.yaku:
            wl["yaku"] = [{"id": y, "han": n} for y, n in w.yaku]
    extra = {} if not h.payments else {"breakdown": [
        {"kind": p.kind, **({} if p.seat is None else {"player": nums[p.seat]}),
         "deltas": dict(zip(nums, p.changes, strict=True))} for p in h.payments]}
    return {"session": sheet.session, "table": sheet.table, "hand": h.hand, "round": h.round,
            "dealer": nums[h.dealer], "honba": h.honba, "deposits": h.deposits, **line,
            "deltas": dict(zip(nums, h.deltas, strict=True)), "scores": dict(zip(nums, h.scores, strict=True)),
            **extra}
