"""The players' page (docs/web.md "The players' page"): ``GET /`` and ``GET /p/NUMBER``, without a
token, for anyone on the venue's network.

Server-rendered HTML, phone-first, in English or Chinese by the browser's ``Accept-Language``; readable
without JavaScript (``static/public.js`` only refreshes it when the store's change marker moves). It shows no
more than the results website (``reports.site``) does, from the same read model
(:func:`reports.snapshot.read_snapshot`): names, numbers, teams, seats, results and hands; never tokens, the
audit log, countries or EMA numbers, or who entered what.

When the organiser hides the standings after session N (``settings --hide-standings-after N``), everything
drawn from results is cut at session N until the tournament ends (every table of the last session signed
off): the standings are those after session N, and no result, hand or penalty of a later session is on any
page. Where a player sits stays visible.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from urllib.parse import quote

from sqlalchemy.exc import InterfaceError, OperationalError
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

import texts
from db.errors import DatabaseConnectError, TournamentError
from db.read import queries
from db.read.games import StandingColumns, standing_columns
from db.read.views import (
    SEATS,
    GameHandView,
    GameSheet,
    GameWinView,
    HandRow,
    PlayerView,
    StagePlace,
    TableSheet,
    last_hand,
    player_order,
    staged,
)
from db.rules import game_words
from db.rules.names import romanised
from db.service.public_page import PublicSettings, public_settings, standings_cut
from db.storage.database import Database
from db.storage.schema import first_line
from reports.game_lines import wins_of
from reports.pdf.base import WIND_EN, fmt_points, fmt_signed
from reports.pdf.penalties import KIND
from reports.site.layout import STYLE, esc
from reports.site.pages import Index
from reports.snapshot import Snapshot, played, read_snapshot
from texts import NC_
from web.limits.budgets import EXTRA_COST, MAY_READ
from web.limits.guard import limited

log = logging.getLogger("web")
SEARCH_MAX = 60  # characters of a search looked at
SEARCH_RESULTS = 50




# Page.t's texts, marked for `make texts-extract` (Babel does not look inside f-strings); msgctxt "public"
_WORDS = (
    NC_("public", "Table {table}"),
    NC_("public", "Hands won ({n})"),
    NC_("public", "Dealt in ({n})"),
    NC_("public", "Standings & find your table"),
    NC_("public", "Pages of the event"),  # the navigation's name for screen readers
    NC_("public", "Live from the referees' desk · refreshes by itself"),
    NC_("public", "Find your table: name or number"),
    NC_("public", "e.g. Wang or 17"),
    NC_("public", "Search"),
    NC_("public", "Standings after session {k}: later results are hidden until the end."),
    NC_("public", "Results after session {k} will be hidden until the end."),
    NC_("public", "No table ahead."),
    NC_("public", "Session {session}"),
    NC_("public", "Standings"),
    NC_("public", "Teams"),
    NC_("public", "Players"),
    NC_("public", "Players' page"),
    NC_("public", "Nobody found."),
    NC_("public", "S{session} · table {table}"),
    NC_("public", "No results yet."),
    NC_("public", "Stage"),
    NC_("public", "Stage pts"),
    NC_("public", "Substitute"),
    NC_("public", "not ranked"),
    NC_("public", "carried {points}"),
    NC_("public", "Rank"),
    NC_("public", "Player"),
    NC_("public", "Table pts"),
    NC_("public", "Match pts"),
    NC_("public", "Team"),
    NC_("public", "Your table"),
    NC_("public", "No."),
    NC_("public", "Sessions"),
    NC_("public", "Not seated yet."),
    NC_("public", "Session"),
    NC_("public", "Table"),
    NC_("public", "Seat"),
    NC_("public", "flowers +{flowers}"),
    NC_("public", "self-drawn"),
    NC_("public", "from"),
    NC_("public", "won by"),
    NC_("public", "S{session} T{table} hand {hand}"),
    NC_("public", "fans"),
    NC_("public", "Penalties"),
    NC_("public", "S{session} T{table}"),
    NC_("public", " hand {hand}"),
    NC_("public", "points"),
    NC_("public", "The players page is switched off."),
    NC_("public", "Not found"),
    NC_("public", "No player {number}."),
    NC_("public", "Back"),
)

class Html(str):
    """A parameter that is HTML already (``Page.t`` does not escape it again)."""


# ---------------------------------------------------------------------------------------- read model

@dataclass(frozen=True, slots=True)
class Place:
    """Where a player sits: a table of a session, at a starting seat (0-3 = E, S, W, N)."""

    session: int
    table: int
    seat: int


@dataclass(frozen=True, slots=True)
class PublicData:
    """What the players' page may show, read in one session."""

    settings: PublicSettings
    snap: Snapshot  # results cut at ``cut`` when the standings are hidden
    cut: int | None  # the standings are those after this session (hidden after it), or None: live
    cut_reached: bool  # session ``cut`` is over (every table finished, or a later session has begun)
    places: dict[str, list[Place]]  # every seated session, results or not
    now: dict[str, Place]  # the table in play, or the next seated one, by player number
    marker: str
    ix: Index  # the site's look-ups (players, seats, hands won and dealt in) over ``snap``
    columns: StandingColumns  # the rule system's totals: table and match points, or a game's score and points


def _finished(sheet: TableSheet) -> bool:
    return sheet.signed_off or len(sheet.hands) >= last_hand(sheet.hands_per_session, sheet.time_called_after)


def read_public(db: Database) -> PublicData:
    with db.reader() as s:
        count, newest = queries.change_marker(s)
        st = public_settings(s)
        columns = standing_columns(queries.settings(s))
        full = read_snapshot(s)
        cut = standings_cut(s)  # the same cut as the hall display's
        snap = full
        if cut is not None:
            # provisional as the standings shown count them: the tables of sessions up to the cut
            snap = replace(full, standings=queries.standings(s, after=cut), teams=queries.team_standings(s, after=cut),
                           sessions={k: v for k, v in full.sessions.items() if k <= cut}, entered_by={},
                           games={k: v for k, v in full.games.items() if k <= cut},
                           stages=queries.stage_rankings(s, after=cut), still_playing=queries.still_playing(s, after=cut))
    places: dict[str, list[Place]] = {}
    now: dict[str, Place] = {}
    # The session in play is the last one with any result: a table of an earlier session left unfinished
    # (a sheet not signed off) does not hold its players back from their next table.
    in_play = max((k for k, sheets in full.sessions.items() if any(played(sh) for sh in sheets)), default=0)
    for k in sorted(full.sessions):
        for sheet in full.sessions[k]:
            for i, p in enumerate(sheet.players):
                place = Place(k, sheet.table, i)
                places.setdefault(p.number, []).append(place)
                if p.number not in now and k >= in_play and not _finished(sheet):
                    now[p.number] = place
    return PublicData(st, snap, cut, cut is not None and _session_over(full, cut), places, now, f"{count}-{newest}",
                      Index.of(snap), columns)


def _session_over(full: Snapshot, k: int) -> bool:
    """Session ``k`` is over: every table of it finished (or signed off), or a later session has a result.
    Until then the page may not speak of "the standings after session k"."""
    if any(played(sh) for j, sheets in full.sessions.items() if j > k for sh in sheets):
        return True
    sheets = full.sessions.get(k, ())
    return bool(sheets) and all(_finished(sh) for sh in sheets)


class Cache:
    """The last read, kept while the change marker stays (phones refresh often; results come rarely).

    One read at a time, shared: a request that asked (read the marker) before the kept read began takes that
    read, even if the store moved again meanwhile. Under a storm of writes every request finds the marker
    moved; without this, each request waiting for the lock read the whole model again after the one before
    it (0.2–0.5 s of the interpreter each at 1,000 players, taking turns with the tables' writes), so every
    extra client, a stranger's flood included, added whole reads."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._lock = threading.Lock()
        self._data: PublicData | None = None
        self._begun = 0  # reads begun so far (a count, not a clock: Windows' clock ticks every 15 ms)
        self._kept = 0  # the kept read's number

    def ask(self) -> tuple[str, int]:
        """The store's change marker now, and the reads begun before it was read (for :meth:`get`)."""
        begun = self._begun
        with self.db.reader() as s:
            count, newest = queries.change_marker(s)
        return f"{count}-{newest}", begun

    def get(self, marker: str, begun: int, may_read: Callable[[], bool] | None = None) -> tuple[PublicData, bool]:
        """Data at least as new as ``marker`` (asked when ``begun`` reads had begun): the kept read if it
        shows that marker or began after it was asked, else a new read; and whether this call read. Where a
        new read is needed and ``may_read`` says no (its address's reads are spent, ``web.limits.budgets``), the kept
        read, older."""
        with self._lock:
            if self._data is not None and (self._data.marker == marker or self._kept > begun):
                return self._data, False
            if may_read is not None and not may_read() and self._data is not None:  # every read counted
                return self._data, False
            self._begun += 1
            number = self._begun
            self._data = read_public(self.db)
            self._kept = number
            return self._data, True


# -------------------------------------------------------------------------------------------- pages

class Page:
    """One language's rendering of :class:`PublicData`."""

    def __init__(self, data: PublicData, lang: str) -> None:
        self.d = data
        self.lang = lang
        self.ix = data.ix

    def t(self, en: str, **params: object) -> str:
        """A catalogue text (msgctxt "public", docs/texts.md) in the page's language, as HTML: the text
        escaped, then its parameters, escaped too unless already ``Html``."""
        template = esc(texts.gettext(self.lang, en, "public"))
        return template.format(**{k: v if isinstance(v, Html) else esc(str(v)) for k, v in params.items()})

    def seat(self, i: int) -> str:
        w = SEATS[i]
        return esc(texts.gettext(self.lang, WIND_EN[w], "wind.name"))  # East / 东, from the catalogue

    def player_link(self, p: PlayerView | str) -> str:
        number = p if isinstance(p, str) else p.number
        name = self.ix.players[number].name if number in self.ix.players else number
        return f'<a href="/p/{quote(number, safe="")}">{esc(name)}</a>'

    def total(self, value: float, stage: bool = False) -> str:
        """The first total as the rule system writes it (``db.read.games.StandingColumns``): table points
        ("6"), or a game's score ("+22.7"; a stage's keeps the second decimal a half carried leaves)."""
        c = self.d.columns
        if not c.thousands:
            return fmt_points(value)  # MCR's page as it was: its numbers are the reports' (fmt_points)
        return c.stage_total_text(value) if stage else c.total_text(value)

    def points(self, value: float) -> str:
        """The second total: match points signed ("+48"), or a game's raw points ("37,700")."""
        return self.d.columns.points_text(value) if self.d.columns.thousands else fmt_signed(value)

    def total_title(self) -> str:
        c = self.d.columns  # a game's own words (msgctxt riichi_column), MCR's short ones (msgctxt public)
        return esc(texts.said(c.total, self.lang)) if c.thousands else self.t("Table pts")

    def points_title(self) -> str:
        c = self.d.columns
        return esc(texts.said(c.points, self.lang)) if c.thousands else self.t("Match pts")

    def frame(self, title: str, heading: str, body: str) -> str:
        event = esc(self.d.snap.info.name)
        return f"""<!DOCTYPE html>
<html lang="{'zh-Hans' if self.lang == 'zh' else 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="mcr-marker" content="{esc(self.d.marker)}">
<title>{esc(title)} · {event}</title>
<style>
{STYLE}
{PUBLIC_STYLE}
</style>
<script src="/static/public.js" defer></script>
</head>
<body>
<header><p class="event">{event}</p><h1>{heading}</h1></header>
<nav aria-label="{self.t("Pages of the event")}"><a href="/">{self.t("Standings & find your table")}</a></nav>
<main id="live">
{body}
</main>
<footer>{self.t("Live from the referees' desk · refreshes by itself")}</footer>
</body>
</html>
"""

    def search_form(self, q: str) -> str:
        return (f'<form class="find" method="get" action="/" role="search">'
                f'<label for="q">{self.t("Find your table: name or number")}</label>'
                f'<div><input id="q" name="q" type="search" value="{esc(q)}" maxlength="{SEARCH_MAX}" '
                f'autocomplete="off" placeholder="{self.t("e.g. Wang or 17")}">'
                f'<button type="submit">{self.t("Search")}</button></div></form>')

    def cut_note(self) -> str:
        k = self.d.cut
        if k is None:
            return ""
        if not self.d.cut_reached:  # session k is still played: its results come in live until it ends
            return f'<p class="hidden-note">{self.t("Results after session {k} will be hidden until the end.", k=k)}</p>'
        return (f'<p class="hidden-note">{self.t("Standings after session {k}: later results are hidden until the end.", k=k)}</p>')

    def provisional(self) -> str:
        """The mark of standings that count tables still playing, in the words of the desk, the command line
        and the website (``db.read.queries.provisional_text``)."""
        mark = queries.provisional_text(self.d.snap.still_playing, self.lang)
        return f'<p class="provisional"><strong>{esc(mark)}</strong></p>' if mark else ""

    def your_table(self, number: str) -> str:
        place = self.d.now.get(number)
        if place is None:
            return f'<p class="muted">{self.t("No table ahead.")}</p>'
        return (f'<div class="where"><span class="s">{self.t("Session {session}", session=place.session)}</span>'
                f'<span class="t">{self.t("Table {table}", table=Html(f"<b>{place.table}</b>"))}</span>'
                f'<span class="w">{self.seat(place.seat)}</span></div>')

    # ---- GET / -----------------------------------------------------------------------------------
    def index(self, q: str) -> str:
        body = [self.search_form(q)]
        if q:
            body.append(self.search_results(q))
        body.append(self.cut_note())
        body.append(f'<h2>{self.t("Standings")}</h2>')
        if self.d.snap.standings:
            body.append(self.provisional())
        body.append(self.standings())
        if self.d.snap.teams:
            body.append(f'<h2>{self.t("Teams")}</h2>')
            body.append(self.teams())
        return self.frame(self.t("Players"), self.t("Players' page"), "\n".join(body))

    def search_results(self, q: str) -> str:
        found = search(self.d.snap.players, q)
        if not found:
            return f'<p class="muted">{self.t("Nobody found.")}</p>'
        items = []
        for p in found[:SEARCH_RESULTS]:
            place = self.d.now.get(p.number)
            where = (self.t("S{session} · table {table}", session=place.session, table=place.table)
                     if place else "")
            items.append(f'<li>{self.player_link(p)} <span class="muted">{esc(p.number)}'
                         f'{" · " + esc(p.team) if p.team else ""}</span> <span class="go">{where}</span></li>')
        return f'<ul class="found">{"".join(items)}</ul>'

    def standings(self) -> str:
        rows = self.d.snap.standings
        if not rows:
            return f'<p class="muted">{self.t("No results yet.")}</p>'
        stages = staged(rows)  # a staged event: the stage reached and its points place the players
        head = (f'<tr><th class="n">{self.t("Rank")}</th><th>{self.t("Player")}</th>'
                + (f'<th>{self.t("Stage")}</th><th class="n">{self.t("Stage pts")}</th>' if stages else "")
                + f'<th class="n">{self.total_title()}</th><th class="n">{self.points_title()}</th></tr>')
        body = "".join(f'<tr><td class="n">{r.rank}</td><td>{self.player_link(r.number)}'
                       f'<small class="muted"> {esc(r.number)}{" · " + esc(r.team) if r.team else ""}</small></td>'
                       f'{self.stage_cells(r.stage) if stages else ""}'
                       f'<td class="n">{self.total(r.table_points)}</td><td class="n">{self.points(r.match_points)}</td></tr>'
                       for r in rows)
        rule = f'<p class="note">{esc(texts.said(self.d.columns.ranking_rule(rows), self.lang))}</p>'
        return (f'<div class="scroll"><table class="standings"><thead>{head}</thead><tbody>{body}</tbody></table></div>'
                + rule)

    def stage_name(self, p: StagePlace) -> str:
        return esc(texts.said(p.label, self.lang))

    def stage_cells(self, p: StagePlace | None) -> str:
        """A staged event's two cells: the stage reached (with the points carried into it below) and its
        totals, table points over match points (what places the player)."""
        if p is None:  # a row no stage placed, in a staged ranking: the columns stay aligned
            return '<td></td><td class="n"></td>'
        points = Html(f'<span class="nw">{self.total(p.carried_table_points, stage=True)} / '
                      f'{self.points(p.carried_match_points)}</span>')  # the numbers on one line
        carried = ("" if p.stage == "qualifying" else
                   f'<small class="muted">{self.t("carried {points}", points=points)}</small>')
        return (f'<td>{self.stage_name(p)}{carried}</td>'
                f'<td class="n"><b>{self.total(p.table_points, stage=True)}</b><small>{self.points(p.match_points)}</small></td>')

    def teams(self) -> str:
        head = (f'<tr><th class="n">{self.t("Rank")}</th><th>{self.t("Team")}</th>'
                f'<th class="n">{self.total_title()}</th><th class="n">{self.points_title()}</th></tr>')
        body = "".join(f'<tr><td class="n">{t.rank}</td><td>{esc(t.team)}</td><td class="n">{self.total(t.table_points)}'
                       f'</td><td class="n">{self.points(t.match_points)}</td></tr>' for t in self.d.snap.teams)
        return f'<div class="scroll"><table class="teams"><thead>{head}</thead><tbody>{body}</tbody></table></div>'

    # ---- GET /p/NUMBER ---------------------------------------------------------------------------
    def player(self, number: str) -> str | None:
        p = self.ix.players.get(number)
        if p is None:
            return None
        body = [f'<h2>{self.t("Your table")}</h2>', self.your_table(number), self.cut_note()]
        r = self.ix.standing.get(number)
        facts = [(self.t("No."), esc(p.number))]
        if p.team:
            facts.append((self.t("Team"), esc(p.team)))
        if r is not None:
            facts += [(self.t("Rank"), str(r.rank)), (self.total_title(), self.total(r.table_points)),
                      (self.points_title(), self.points(r.match_points))]
            if r.stage is not None:  # what placed them: the stage reached and its totals
                facts += [(self.t("Stage"), self.stage_name(r.stage)),
                          (self.t("Stage pts"), f"{self.total(r.stage.table_points, stage=True)} / "
                                                f"{self.points(r.stage.match_points)}")]
            body.append(self.provisional())
        if p.substitute:  # in no ranking (docs/tournament.md): the page says why it shows no rank
            facts.append((self.t("Substitute"), self.t("not ranked")))
        body.append('<dl class="facts">' + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in facts) + "</dl>")
        body.append(f'<h2>{self.t("Sessions")}</h2>')
        body.append(self.sessions(number))
        body.append(self.hands(number))
        return self.frame(f"{p.name} ({p.number})", f'{esc(p.name)} <span class="tag">{esc(p.number)}</span>',
                          "\n".join(body))

    def sessions(self, number: str) -> str:
        sheets = {(sh.session, sh.table): sh for k in self.d.snap.sessions for sh in self.d.snap.sessions[k]}
        games = {(g.session, g.table): g for k in self.d.snap.games for g in self.d.snap.games[k]}
        rows = []
        for place in self.d.places.get(number, []):
            sheet = sheets.get((place.session, place.table))
            game = games.get((place.session, place.table))
            i = place.seat
            if self.d.snap.game:  # a game's session once it is over: its points at the end, place and score
                r = game.results[i] if game is not None and game.results else None
                result = ('<td class="n muted">–</td>' * 3 if r is None else
                          f'<td class="n">{self.points(r.raw)}</td><td class="n">{r.place}</td>'
                          f'<td class="n">{self.total(r.score)}</td>')
            elif sheet is not None and played(sheet):
                result = (f'<td class="n">{fmt_signed(sheet.match_points[i])}</td><td class="n">{sheet.ranks[i]}</td>'
                          f'<td class="n">{fmt_points(sheet.table_points[i])}</td>')
            else:
                result = '<td class="n muted">–</td>' * 3
            rows.append(f'<tr><td class="n">{place.session}</td><td class="n">{place.table}</td><td>{self.seat(i)}</td>'
                        f'{result}</tr>')
        if not rows:
            return f'<p class="muted">{self.t("Not seated yet.")}</p>'
        head = (f'<tr><th class="n">{self.t("Session")}</th><th class="n">{self.t("Table")}</th>'
                f'<th>{self.t("Seat")}</th><th class="n">{self.points_title()}</th>'
                f'<th class="n">{self.t("Rank")}</th><th class="n">{self.total_title()}</th></tr>')
        return f'<div class="scroll"><table class="sessions"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table></div>'

    def fans(self, h: HandRow) -> str:
        parts = [f"{esc(f.zh if self.lang == 'zh' else f.en)} {f.points}{f' ×{f.count}' if f.count > 1 else ''}"
                 for f in h.fans]
        if h.flowers and h.flowers_known:
            parts.append(self.t("flowers +{flowers}", flowers=h.flowers))
        return " · ".join(parts)

    def game_hands(self, number: str) -> list[str]:
        """A game's wins (Riichi's and the Chinese systems': their hands are games, not MCR's rows): the hands
        the player won and dealt in, each with its value (han and fu, a limit, or a total), the player's change and
        the other party, the yaku or fans below."""
        won: list[tuple[GameSheet, GameHandView, GameWinView, int, int | None]] = []
        dealt: list[tuple[GameSheet, GameHandView, GameWinView, int, int | None]] = []
        for k in sorted(self.d.snap.games):
            for g in self.d.snap.games[k]:
                nums = [p.number for p in g.players]
                for h in g.hands:
                    for w, (_, discarder) in zip(h.winners, wins_of(h, nums), strict=True):
                        if nums[w.player] == number:
                            won.append((g, h, w, w.player, discarder))
                        if discarder is not None and nums[discarder] == number:
                            dealt.append((g, h, w, discarder, discarder))
        out = []
        for title, rows, by_winner in ((NC_("public", "Hands won ({n})"), won, True),
                                       (NC_("public", "Dealt in ({n})"), dealt, False)):
            out.append(f'<h2>{self.t(title, n=len(rows))}</h2>')
            items = []
            for g, h, w, i, discarder in rows:
                if not by_winner:
                    other = self.t("won by") + " " + self.player_link(g.players[w.player])
                elif discarder is None:
                    other = self.t("self-drawn")
                else:
                    other = self.t("from") + " " + self.player_link(g.players[discarder])
                value = esc(texts.said(game_words.win_value(w.total or w.han, w.fu, w.yakuman, w.limit, w.unit),
                                       self.lang))
                fans = " · ".join([*(f"{esc(f.zh if self.lang == 'zh' else f.en)} {f.value}" for f in w.fans),
                                   *(f"{esc(texts.said(game_words.yaku_name(y), self.lang))} {n}" for y, n in w.yaku)])
                items.append(f'<li><b>{self.t("S{session} T{table} hand {hand}", session=g.session, table=g.table, hand=h.hand)}</b> '
                             f'{value} · {fmt_signed(h.deltas[i])} · {other}<br><small class="muted">{fans}</small></li>')
            if items:
                out.append(f'<ul class="hands">{"".join(items)}</ul>')
        return out

    def hands(self, number: str) -> str:
        if self.d.snap.game:
            return "\n".join([*self.game_hands(number), *self.penalty_list(number)])
        out = []
        for title, rows, who in ((NC_("public", "Hands won ({n})"), self.ix.won.get(number, []), "winner"),
                                 (NC_("public", "Dealt in ({n})"), self.ix.dealt_in.get(number, []), "discarder")):
            out.append(f'<h2>{self.t(title, n=len(rows))}</h2>')
            items = []
            for sheet, h in rows:
                i = getattr(h, who)
                other = (self.t("self-drawn") if h.self_drawn or h.discarder is None
                         else self.t("from") + " " + self.player_link(sheet.players[h.discarder]))
                if who == "discarder":
                    other = self.t("won by") + " " + self.player_link(sheet.players[h.winner])  # type: ignore[index]
                items.append(f'<li><b>{self.t("S{session} T{table} hand {hand}", session=sheet.session, table=sheet.table, hand=h.hand)}</b> '
                             f'{h.fan_total} {self.t("fans")} · {fmt_signed(h.deltas[i])} · {other}'
                             f'<br><small class="muted">{self.fans(h)}</small></li>')
            if items:
                out.append(f'<ul class="hands">{"".join(items)}</ul>')
        return "\n".join([*out, *self.penalty_list(number)])

    def penalty_list(self, number: str) -> list[str]:
        out = []
        pens = self.ix.penalties.get(number, [])
        if pens:
            out.append(f'<h2>{self.t("Penalties")}</h2>')
            out.append('<ul class="hands">' + "".join(
                f'<li><b>{self.t("S{session} T{table}", session=p.session, table=p.table)}'
                f'{self.t(" hand {hand}", hand=p.hand) if p.hand else ""}</b> '
                f'{esc(KIND.get(p.kind, p.kind))} · {p.points} {self.t("points")}</li>'
                for p in pens) + "</ul>")
        return out

    def off(self) -> str:
        return self.frame(self.t("Players"), self.t("Players' page"),
                          f'<p>{self.t("The players page is switched off.")}</p>')

    def not_found(self, number: str) -> str:
        return self.frame(self.t("Players"), self.t("Not found"),
                          f'<p>{self.t("No player {number}.", number=number)}</p>'
                          f'<p><a href="/">{self.t("Back")}</a></p>')


def search(players: Sequence[PlayerView], q: str) -> list[PlayerView]:
    """Players whose number is ``q``, or whose name holds it: as written, or romanised (pinyin for Chinese,
    accents and case folded, spaces ignored), so "zhangwei", "Zhang Wei" and "张伟" all find 张伟, and
    "emile" finds Émile. In the name order of every list (pinyin, accents folded).

    >>> ps = [PlayerView("1", "张伟"), PlayerView("2", "Émile Zola"), PlayerView("17", "Li Na")]
    >>> [p.number for p in search(ps, "zhangwei")], [p.number for p in search(ps, "EMILE")]
    (['1'], ['2'])
    >>> [p.number for p in search(ps, "17")], [p.number for p in search(ps, "伟")]
    (['17'], ['1'])
    """
    q = q.strip()[:SEARCH_MAX]
    if not q:
        return []
    folded = q.casefold()
    roman = romanised(q).replace(" ", "")
    found = [p for p in players
             if p.number.casefold() == folded or folded in p.name.casefold()
             or (roman and roman in romanised(p.name).replace(" ", ""))]
    return sorted(found, key=lambda p: player_order(p.name, p.number))


PUBLIC_STYLE = """
form.find{margin:.2rem 0 1rem}
form.find label{display:block;font-weight:600;margin-bottom:.3rem}
form.find div{display:flex}
form.find div>*+*{margin-left:.4rem}
form.find input{flex:1;min-width:0;font-size:1.05rem;padding:.55rem .6rem;border:1px solid var(--line);border-radius:6px}
form.find button{font-size:1rem;padding:.5rem .9rem;border:0;border-radius:6px;background:var(--accent);color:#fff}
ul.found,ul.hands{list-style:none;padding:0;margin:.2rem 0 1rem}
ul.found li,ul.hands li{padding:.45rem 0;border-bottom:1px solid var(--line)}
ul.found a{font-weight:600;font-size:1.05rem}
ul.found .go{float:right;font-weight:600}
.where{display:flex;gap:1rem;align-items:baseline;background:var(--band);border-left:4px solid var(--accent);
 padding:.7rem .9rem;border-radius:4px;margin:.3rem 0 1rem;font-size:1.1rem}
.where b{font-size:2rem}
.hidden-note{background:#fff4e5;border:1px solid #f5c26b;padding:.5rem .7rem;border-radius:4px}
table.standings,table.teams{width:100%}
table.standings td small{display:block}
""".strip()


# ------------------------------------------------------------------------------------------- routes

RETRY = {"Retry-After": "5"}  # the page's own script polls every 5 s anyway
# A request that read the whole model again counts as this many in its address's page budget: under a
# storm of writes every page does, and such a read takes 0.2–0.5 s of the interpreter at 1,000 players, a page
# from the cache (or from a read another request began) a few ms, and counts one. Not more than 3: with the
# results moving every second, one address's phones trigger about a read a second, and at 5 the page budget
# (10 a second) served 30 phones behind one address instead of 40 (docs/web.md "Budgets").
READ_COST = 3


def scope_language(scope: Scope) -> str:
    """The language of a request's ``Accept-Language`` header, read from its ASGI scope (before any route)."""
    return texts.accept_language(dict(scope.get("headers") or []).get(b"accept-language", b"").decode("latin-1"))


async def busy(scope: Scope, receive: Receive, send: Send) -> None:
    """The answer past the players' page's cap (``guard.RequestCap``): try again in a few seconds."""
    lang = scope_language(scope)
    said = TournamentError(code="server_busy").in_language(lang)  # the API's refusal, in the page's language
    await PlainTextResponse(said, status_code=503, headers=RETRY)(scope, receive, send)


def too_many(seconds: int) -> ASGIApp:
    """The answer past an address's budget (``web.limits.budgets.AddressBudget``): 429, the catalogue's words in the
    page's language, and when to come back."""

    async def refuse(scope: Scope, receive: Receive, send: Send) -> None:
        said = TournamentError(code="too_many_requests", seconds=seconds).in_language(scope_language(scope))
        await PlainTextResponse(said, status_code=429, headers={"Retry-After": str(seconds)})(scope, receive, send)

    return refuse


def routes(db: Database) -> list[Route]:
    """``GET /`` and ``GET /p/NUMBER``. An unchanged page (``If-None-Match`` with the marker it was drawn
    at, what ``public.js`` sends) is answered 304 after reading the marker alone."""
    cache = Cache(db)

    def render(request: Request, number: str | None) -> Response:
        lang = texts.accept_language(request.headers.get("accept-language"))
        marker, begun = cache.ask()
        etag = f'"{marker}-{lang}"'
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers={"ETag": etag})
        data, read = cache.get(marker, begun, request.scope.get(MAY_READ))
        if read:  # a read of the whole model: its cost in the address's budget (web.limits.budgets)
            request.scope[EXTRA_COST] = READ_COST - 1
        page = Page(data, lang)
        headers = {"ETag": f'"{data.marker}-{lang}"', "Vary": "Accept-Language"}
        if not data.settings.enabled:
            return HTMLResponse(page.off(), status_code=404, headers=headers)
        if number is None:
            return HTMLResponse(page.index(request.query_params.get("q", "")[:SEARCH_MAX]), headers=headers)
        html = page.player(number)
        if html is None:
            return HTMLResponse(page.not_found(number[:40]), status_code=404, headers=headers)
        return HTMLResponse(html, headers=headers)

    async def answer(request: Request, number: str | None) -> Response:
        try:
            return await run_in_threadpool(render, request, number)
        except TournamentError as exc:  # the store cannot be read now (file gone, server down): try later
            return PlainTextResponse(exc.message, status_code=503, headers=RETRY)
        except (OperationalError, InterfaceError) as exc:  # as the API: 503, one log line a minute, no traceback
            gone = DatabaseConnectError(code="server_unavailable", url=db.name, problem=first_line(exc))
            limited("page_store", "players' page: %s", gone.message)
            return PlainTextResponse(gone.message, status_code=503, headers=RETRY)
        except Exception as exc:  # noqa: BLE001 - a page, never a traceback
            log.exception("players' page failed", exc_info=exc)
            return PlainTextResponse(f"unexpected error: {type(exc).__name__}", status_code=500)

    async def index(request: Request) -> Response:
        return await answer(request, None)

    async def player(request: Request) -> Response:
        return await answer(request, request.path_params["number"])

    return [Route("/", index, methods=["GET"]), Route("/p/{number:path}", player, methods=["GET"])]
