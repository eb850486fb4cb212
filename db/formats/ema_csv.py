"""The EMA results file (``export FILE --format ema``): the columns the EMA ranking managers take.

    "Place","First Name","Last name","EMA number","Table points","Score","Ema Member","Country"

UTF-8 with a BOM (so spreadsheets read the accents), every field quoted, CRLF line ends. Place is the
rank of the standings (shared places stay shared: 1, 2, 2, 4), over the players who played; table points
are the total with ``.5`` (``.25``, ``.75``; thirds to two decimals) where places were shared; Score is the
total match points. ``Ema Member`` is ``YES`` when the player has an EMA number; Country is the ISO 3166
alpha-2 code. Exactly these eight columns, a staged event's too: the upload is defined as them
(rules/TOURNAMENT.md) and an upload tool may refuse more; the stage that placed each player is in the
standings outputs (docs/tournament.md). Text cells that a spreadsheet would run get a ``'``
(``db.rules.safe_text``); numbers stay numbers.

Before anything is written, :func:`ema_problems` runs the checks an upload depends on: every session
seated, every table with four players, finished (all hands, time called or signed off) with whole-number
scores, and its table points adding up to 7; every country an ISO code and no EMA number given twice among
the players the file holds (a substitute who never played is not in it). Any failure refuses the export
(``ema_not_ready``) naming the tables and players.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.orm import Session

from db.errors import TournamentError
from db.read import queries
from db.read.games import game_sheets, in_thousands, is_game
from db.read.views import StandingRow
from db.rules.countries import ALPHA_2, country_code
from db.rules.safe_text import safe_cell
from texts import Text

HEADER = ("Place", "First Name", "Last name", "EMA number", "Table points", "Score", "Ema Member", "Country")
TABLE_POINTS_TOTAL = 7


@dataclass(frozen=True, slots=True)
class EmaRow:
    place: int
    first_name: str
    last_name: str
    ema_number: str  # "" when the player has none
    table_points: float  # a game (Riichi): the score in thousands
    score: float  # MCR: the match points (whole); a game: the points
    country: str  # alpha-2, "" when not given


def points_text(value: float) -> str:
    """Table points as EMA writes them: whole numbers plain, shares with their decimals.

    >>> points_text(12.0), points_text(9.5), points_text(7.75), points_text(7 / 3)
    ('12', '9.5', '7.75', '2.33')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def game_problems(s: Session) -> list[Text]:
    """A game tournament's table checks (``is_game``: Riichi): every session seated and every table's game
    over (its results known: the game ended by its rules or by the time call). Table points do not exist there."""
    info = queries.tournament_info(s)
    tables: list[Text] = []
    for k in range(1, info.sessions + 1):
        games = game_sheets(s, k)
        if not games:
            tables.append(Text("session {session}: not seated", "ema", session=k))
        tables += [Text("session {session} table {table}: the game is not over", "ema", session=k, table=g.table)
                   for g in games if not g.results]
    return tables


def ema_problems(s: Session) -> tuple[list[Text], list[Text]]:
    """(table problems, player problems) that keep the tournament from an EMA upload; empty when ready."""
    if is_game(queries.settings(s)):
        return game_problems(s), _player_problems(s)
    info = queries.tournament_info(s)
    by_place = queries.settings(s).table_points
    counts = queries.seat_counts(s)
    tables: list[Text] = []
    for k in range(1, info.sessions + 1):
        seated = sorted(t for (sk, t) in counts if sk == k)
        if not seated:
            tables.append(Text("session {session}: not seated", "ema", session=k))
            continue
        for t in seated:
            if counts[(k, t)] != 4:
                tables.append(Text("session {session} table {table}: {count} players, not 4", "ema", session=k, table=t,
                                   count=counts[(k, t)]))
        progress = {tp.table: tp for tp in queries.table_progress(s, k)}
        for t, tp in sorted(progress.items()):
            if not (tp.finished or tp.signed_off):
                tables.append(Text("session {session} table {table}: not finished ({recorded} of {hands} hands, "
                                   "time not called)", "ema", session=k, table=t, recorded=tp.hands_recorded,
                                   hands=info.hands_per_session))
    if sum(by_place) != TABLE_POINTS_TOTAL:
        tables.append(Text("the table points {points} do not add up to 7", "ema",
                           points="/".join(points_text(x) for x in by_place)))
    for ts in queries.table_scores(s):
        if not all(float(mp).is_integer() for mp in ts.match_points):
            tables.append(Text("session {session} table {table}: scores are not whole numbers", "ema",
                               session=ts.session, table=ts.table))
        total = sum(ts.table_points)
        if abs(total - TABLE_POINTS_TOTAL) > 1e-6:
            tables.append(Text("session {session} table {table}: table points add up to {points}, not 7", "ema",
                               session=ts.session, table=ts.table, points=points_text(total)))
    return tables, _player_problems(s)


def _player_problems(s: Session) -> list[Text]:
    in_file = {r.number for r in _played(s)}  # a substitute who never played is not in the file: not checked
    everyone = [p for p in queries.players(s) if p.number in in_file]
    players = [Text("player {number}: country {country!r} is not an ISO 3166 alpha-2 code", "ema",
                    number=p.number, country=p.country)
               for p in everyone if p.country and p.country not in ALPHA_2 and country_code(p.country) is None]
    holders: dict[str, list[str]] = {}
    for p in everyone:
        if p.ema_number:
            holders.setdefault(p.ema_number, []).append(p.number)
    players += [Text("players {numbers}: the same EMA number {ema}", "ema", numbers=", ".join(nums), ema=ema)
                for ema, nums in holders.items() if len(nums) > 1]
    return players


def _played(s: Session) -> list[StandingRow]:
    """The standings rows of the players who played: the file's rows, in its order."""
    return [r for r in queries.standings(s) if r.sessions]


def ema_rows(s: Session) -> list[EmaRow]:
    """The rows of the file: the standings over the players who played, places recomputed among them."""
    people = {p.number: p for p in queries.players(s)}
    rows: list[EmaRow] = []
    prev_rank: int | None = None
    for i, r in enumerate(_played(s)):
        place = rows[-1].place if rows and r.rank == prev_rank else i + 1
        prev_rank = r.rank
        p = people[r.number]
        first, last = p.names
        country = (p.country if p.country in ALPHA_2 else country_code(p.country or "")) or ""
        rows.append(EmaRow(place, first, last, p.ema_number or "", r.table_points, r.match_points, country))
    return rows


def game_points_text(value: float) -> str:
    """A game's points (the "Score" column): whole, or one decimal for a share of a leftover deposit.

    >>> game_points_text(86100.0), game_points_text(-1200), game_points_text(30500.5)
    ('86100', '-1200', '30500.5')
    """
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def render_ema_csv(rows: Sequence[EmaRow], *, game: bool = False) -> bytes:
    """The file's bytes: BOM, every field quoted, CRLF. ``game``: a game tournament's row (Riichi), the score
    (thousands) in "Table points" with its one decimal and the points in "Score" (docs/tournament.md)."""
    buf = io.StringIO()
    w = csv.writer(buf, quoting=csv.QUOTE_ALL, lineterminator="\r\n")
    w.writerow(HEADER)
    for r in rows:
        points = f"{r.table_points:.1f}" if game else points_text(r.table_points)
        score = game_points_text(r.score) if game else r.score
        w.writerow([r.place, safe_cell(r.first_name), safe_cell(r.last_name), safe_cell(r.ema_number),
                    points, score, "YES" if r.ema_number else "NO", safe_cell(r.country)])
    return ("\ufeff" + buf.getvalue()).encode("utf-8")


def export_ema(s: Session) -> bytes:
    """Check the tournament (:func:`ema_problems`), then the file's bytes; refuses with ``ema_not_ready``."""
    tables, players = ema_problems(s)
    if tables or players:
        raise TournamentError(code="ema_not_ready", tables=tables, players=players)
    return render_ema_csv(ema_rows(s), game=in_thousands(queries.settings(s)))
