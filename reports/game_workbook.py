"""The results workbook of a game tournament (``Snapshot.game``: Riichi), written by ``reports.workbook``.

The sheets are MCR's (Standings, Teams, Session N, Hands, Penalties: the sheet names are keys) with a game's
columns: the score (thousands) and the points instead of table and match points, each session's points,
place, uma, penalty and score, and a hand's round, dealer, honba, deposits, riichi, outcome, winners' values
and each seat's change and points after it. Column names are a contract (docs/reports.md "Workbook"): a
game's own words are ``db.rules.game_words.COLUMNS`` (msgctxt ``riichi_column``) and msgctxt ``workbook``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

import texts
from db.read.games import GAME
from db.read.views import SEATS, GameHandView, GameSheet, GameWinView, staged
from db.rules import game_words
from reports.game_lines import payment_words, wins_of
from reports.pdf import base
from reports.pdf.base import WIND_ZH, said_two, stage_two, two
from reports.snapshot import Snapshot
from texts import NC_, Text

COLUMNS = game_words.COLUMNS


def raw(value: float | Fraction) -> int | float:
    """Points as a number: whole, or with the half of a shared leftover deposit (a Chinese system's standings
    write theirs so too: ``reports.workbook._standings``)."""
    return int(value) if float(value).is_integer() else round(float(value), 1)


def _tenth(value: float | Fraction) -> float:
    return round(float(value), 1)


def _hundredth(value: float | Fraction) -> float:
    """A stage's score: a half carried keeps the second decimal it leaves (+10.95)."""
    return round(float(value), 2)


def standings_sheet(snap: Snapshot) -> tuple[list[Any], list[list[Any]], list[float], str]:
    """Rank, number, player, team, score, points; then per session its score, points, uma and penalty; a staged
    event's stage, its score and points, and the score and points carried into it (as MCR's workbook adds them,
    after the columns that were: programs find a column by its name)."""
    n = max(snap.played_sessions, 1)
    # TRANSLATORS: the workbook's column names: programs find a column by its name, keep a translation as it is
    header: list[Any] = [NC_("workbook", "Rank"), NC_("workbook", "No."), NC_("workbook", "Player"),
                         NC_("workbook", "Team"), COLUMNS["score"], COLUMNS["raw"]]
    for k in range(1, n + 1):
        header += [Text("S{n} score", "workbook", n=k), Text("S{n} points", "workbook", n=k),
                   Text("S{n} uma", "workbook", n=k), Text("S{n} penalty", "workbook", n=k)]
    stages = staged(snap.standings)
    if stages:
        header += [NC_("workbook", "Stage"), NC_("workbook", "Stage score"), NC_("workbook", "Stage points"),
                   NC_("workbook", "Carried score"), NC_("workbook", "Carried points")]
    rows = []
    for r in snap.standings:
        by = {e.session: e for e in r.sessions}
        cells: list[Any] = [r.rank, r.number, r.name, r.team, _tenth(r.table_points), raw(r.match_points)]
        for k in range(1, n + 1):
            e = by.get(k)
            res = e.result if e is not None else None
            cells += ([None] * 4 if e is None else
                      [_tenth(e.table_points), raw(res.raw) if res else None, _tenth(res.uma) if res else None,
                       _tenth(res.penalty) if res else None])
        if stages and r.stage is not None:
            p = r.stage
            cells += [stage_two(p.label), _hundredth(p.table_points), raw(p.match_points),
                      _hundredth(p.carried_table_points), raw(p.carried_match_points)]
        rows.append(cells)
    widths: list[float] = [8, 9, 26, 20, 10, 11, *([10, 11, 9, 9] * n), *([14, 11, 11, 11, 11] * stages)]
    return header, rows, widths, said_two(GAME.ranking_rule(snap.standings), "\n")


def teams_rows(snap: Snapshot) -> tuple[list[Any], list[list[Any]]]:
    names = {p.number: p.name for p in snap.players}
    rows = [[t.rank, t.team, _tenth(t.table_points), raw(t.match_points), len(t.members),
             ", ".join(f"{names.get(m, '')} ({m})" for m in t.members)] for t in snap.teams]
    return [NC_("workbook", "Rank"), NC_("workbook", "Team"), COLUMNS["score"], COLUMNS["raw"],
            NC_("workbook", "Players"), NC_("workbook", "Members")], rows


def session_rows(games: Sequence[GameSheet]) -> tuple[list[Any], list[list[Any]]]:
    """Per table its four players: points, place, uma, penalty, score (empty while the game goes on)."""
    rows = []
    for g in games:
        for i, p in enumerate(g.players):
            r = g.results[i] if g.results else None
            rows.append([g.table, f"{SEATS[i]} {WIND_ZH[SEATS[i]]}", p.number, p.name, p.team,
                         *((raw(r.raw), r.place, _tenth(r.uma), _tenth(r.penalty), _tenth(r.score)) if r
                           else (None,) * 5),
                         len(g.hands), two("yes") if g.signed_off else two("no")])
    return [NC_("workbook", "Table"), NC_("workbook", "Seat"), NC_("workbook", "No."), NC_("workbook", "Player"),
            NC_("workbook", "Team"), COLUMNS["raw"], NC_("workbook", "Place"), COLUMNS["uma"], COLUMNS["penalty"],
            COLUMNS["score"], NC_("workbook", "Hands"), NC_("workbook", "Signed off")], rows


def hands_header() -> list[Any]:
    header: list[Any] = [NC_("workbook", "Session"), NC_("workbook", "Table"), NC_("workbook", "Hand"),
                         COLUMNS["round"], NC_("workbook", "Dealer"), COLUMNS["honba"], COLUMNS["deposits"],
                         COLUMNS["riichi"], NC_("workbook", "Outcome"), NC_("workbook", "Winner No."),
                         NC_("workbook", "Discarder No."), COLUMNS["han"], COLUMNS["fu"], NC_("workbook", "Yakuman"),
                         NC_("workbook", "Limit"), NC_("workbook", "Yaku (en)"), NC_("workbook", "Yaku (zh)"),
                         NC_("workbook", "Tenpai / players")]
    for seat in SEATS:
        wind = Text(seat, "wind")
        header += [Text("{seat} No.", "workbook", seat=wind), Text("{seat} change", "workbook", seat=wind),
                   Text("{seat} after", "workbook", seat=wind)]
    return [*header, NC_("workbook", "Entered by")]


def _yaku(w: GameWinView, lang: str) -> str | None:
    sep = texts.said(game_words.YAKU_SEP, lang)
    return sep.join(f"{texts.said(game_words.yaku_name(y), lang)} {han}" for y, han in w.yaku) or None


def hand_rows(g: GameSheet, h: GameHandView, entered: str | None) -> Iterator[list[Any]]:
    """One row per hand; a hand with several winners (a double ron) gets a row per further winner below,
    with its value only: the changes stay on the hand's first row, so the columns still sum."""
    nums = [p.number for p in g.players]
    outcome = game_words.OUTCOMES.get(h.kind)
    others = (h.nagashi or h.tenpai) if h.kind in ("draw", "nagashi") else ((h.chombo,) if h.chombo is not None else ())
    if h.kind == "abortive" and h.reason in game_words.ABORTIVE:
        others_text: str | None = said_two(game_words.ABORTIVE[h.reason])
    else:
        others_text = "; ".join(nums[i] for i in others) or None
    seats: list[Any] = []
    for i in range(4):
        seats += [nums[i], h.deltas[i], h.scores[i]]
    wins: Sequence[GameWinView | None] = h.winners or (None,)
    for n, w in enumerate(wins):
        head = [g.session, g.table, h.hand, h.round, nums[h.dealer], h.honba, h.deposits,
                "; ".join(nums[i] for i in h.riichi) or None, said_two(outcome) if outcome else h.kind]
        value = ([nums[w.player], nums[h.discarder] if h.discarder is not None else None, w.han or None,
                  w.fu or None, w.yakuman or None,
                  said_two(game_words.LIMITS[w.limit]) if w.limit in game_words.LIMITS else None,
                  _yaku(w, base.LANGUAGES[0]), _yaku(w, base.LANGUAGES[1])] if w is not None else [None] * 8)
        yield [*head, *value, others_text if n == 0 else None, *(seats if n == 0 else [None] * 12),
               entered if n == 0 else None]


def hands_rows(snap: Snapshot) -> Iterator[list[Any]]:
    for k in sorted(snap.games):
        for g in snap.games[k]:
            for h in g.hands:
                yield from hand_rows(g, h, snap.entered_by.get((k, g.table, h.hand)))


# -- a Chinese system's tournament (``Snapshot.thousands`` False): MCR's table points and match points, and each
# hand's wins (total, fans) and payments -------------------------------------------------------------------------


def points_teams_rows(snap: Snapshot) -> tuple[list[Any], list[list[Any]]]:
    names = {p.number: p.name for p in snap.players}
    rows = [[t.rank, t.team, raw(t.table_points), raw(t.match_points), len(t.members),
             ", ".join(f"{names.get(m, '')} ({m})" for m in t.members)] for t in snap.teams]
    return [NC_("workbook", "Rank"), NC_("workbook", "Team"), NC_("workbook", "Table pts"), NC_("workbook", "Match pts"),
            NC_("workbook", "Players"), NC_("workbook", "Members")], rows


def points_session_rows(games: Sequence[GameSheet]) -> tuple[list[Any], list[list[Any]]]:
    """Per table its four players: the points, the rank and the table points (empty while the session goes on)."""
    rows = []
    for g in games:
        for i, p in enumerate(g.players):
            r = g.results[i] if g.results else None
            rows.append([g.table, f"{SEATS[i]} {WIND_ZH[SEATS[i]]}", p.number, p.name, p.team,
                         *((raw(r.raw), r.place, raw(r.score)) if r else (None,) * 3),
                         len(g.hands), two("yes") if g.signed_off else two("no")])
    return [NC_("workbook", "Table"), NC_("workbook", "Seat"), NC_("workbook", "No."), NC_("workbook", "Player"),
            NC_("workbook", "Team"), NC_("workbook", "Match pts"), NC_("workbook", "Rank"), NC_("workbook", "Table pts"),
            NC_("workbook", "Hands"), NC_("workbook", "Signed off")], rows


def points_hands_header() -> list[Any]:
    header: list[Any] = [NC_("workbook", "Session"), NC_("workbook", "Table"), NC_("workbook", "Hand"),
                         COLUMNS["round"], NC_("workbook", "Dealer"), NC_("workbook", "Outcome"),
                         NC_("workbook", "Winner No."), NC_("workbook", "Discarder No."),
                         game_words.CHINESE_COLUMNS["total"], NC_("workbook", "Fans (en)"), NC_("workbook", "Fans (zh)")]
    for seat in SEATS:
        wind = Text(seat, "wind")
        header += [Text("{seat} No.", "workbook", seat=wind), Text("{seat} change", "workbook", seat=wind),
                   Text("{seat} after", "workbook", seat=wind)]
    return [*header, NC_("workbook", "Entered by")]


def _fans(w: GameWinView, lang: str) -> str | None:
    sep = texts.said(game_words.YAKU_SEP, lang)
    return sep.join(f"{f.zh if lang == 'zh' else f.en} {f.value}" if f.value else (f.zh if lang == "zh" else f.en)
                    for f in w.fans) or None


def points_hand_rows(g: GameSheet, h: GameHandView, entered: str | None) -> Iterator[list[Any]]:
    """One row per hand with its first winner; each further winner (several on one discard, Sichuan's wins in
    order) a row below with its own only: the changes stay on the hand's first row, so the columns still sum."""
    nums = [p.number for p in g.players]
    seats: list[Any] = []
    for i in range(4):
        seats += [nums[i], h.deltas[i], h.scores[i]]
    wins = wins_of(h, nums)
    rows: Sequence[tuple[GameWinView, tuple[str | None, int | None]] | None] = \
        list(zip(h.winners, wins, strict=True)) or [None]
    for n, item in enumerate(rows):
        kind = game_words.outcome(h.kind, g.wording)
        if item is not None and item[1][0] is not None:  # a line of events: each win's own kind
            kind = game_words.EVENTS[str(item[1][0])]
        head = [g.session, g.table, h.hand, h.round, nums[h.dealer], said_two(kind)]
        if item is None:
            value: list[Any] = [None] * 5
        else:
            w, (_, discarder) = item
            value = [nums[w.player], nums[discarder] if discarder is not None else None, w.total,
                     _fans(w, base.LANGUAGES[0]), _fans(w, base.LANGUAGES[1])]
        yield [*head, *value, *(seats if n == 0 else [None] * 12), entered if n == 0 else None]


def points_hands_rows(snap: Snapshot) -> Iterator[list[Any]]:
    for k in sorted(snap.games):
        for g in snap.games[k]:
            for h in g.hands:
                yield from points_hand_rows(g, h, snap.entered_by.get((k, g.table, h.hand)))


def payments_header() -> list[Any]:
    header: list[Any] = [NC_("workbook", "Session"), NC_("workbook", "Table"), NC_("workbook", "Hand"),
                         game_words.CHINESE_COLUMNS["payments"], NC_("workbook", "Player No.")]
    return [*header, *(Text("{seat} change", "workbook", seat=Text(seat, "wind")) for seat in SEATS)]


def payments_rows(snap: Snapshot) -> Iterator[list[Any]]:
    """Every payment of every hand, in order: what it was for, the player it is about, each seat's change (a
    hand's rows sum to its changes on the Hands sheet)."""
    for k in sorted(snap.games):
        for g in snap.games[k]:
            nums = [p.number for p in g.players]
            for h in g.hands:
                for p in payment_words(h, nums):
                    yield [k, g.table, h.hand, said_two(p.word), nums[p.seat] if p.seat is not None else None,
                           *p.changes]
