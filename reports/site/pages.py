"""The pages of the results website, one function each, from a :class:`reports.snapshot.Snapshot`.

``build_pages(snapshot)`` returns ``{relative path: html}``:

- ``index.html``: the individual standings with one column per session (table points / match points,
  each a link to that table's sheet);
- ``teams.html``: the team ranking with the members;
- ``sessions/N.html``: every table's four players by rank, the best scores and the biggest hands;
- ``tables/N-T.html``: session N, table T: the players' totals and every hand with its fans;
- ``players/NUMBER.html`` (the number as :func:`slug` writes it): a player's tables, opponents, hands won and dealt in, per-session results;
- ``awards.html``: the prize list (best hands, each session's best, chicken hands, most wins, best team);
- ``stages/N.html``: a staged event's N-th stage (1: the first added after the qualifying stage), its own
  ranking: the points each player carried into it, its sessions, its totals.

Paths are relative, so the folder works from any web host or straight from the disk.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from db.read.views import (
    SEATS,
    AwardCount,
    AwardHand,
    Awards,
    FanView,
    HandRow,
    PenaltyRow,
    PlayerView,
    StagePlace,
    StageRanking,
    StandingRow,
    TableSheet,
    ranking_rule,
    stage_rule,
    staged,
)
from db.rules.profiles import PENALTY_KIND_LABELS
from db.service.calls import CallReason
from reports.pdf.base import fmt_points, fmt_signed
from reports.pdf.penalties import settlement
from reports.site.layout import bi, both, esc, link, num, page, points, signed, table, td, th, words
from reports.snapshot import Snapshot, played, provisional_text
from texts import NC_, Text

BEST_SCORES = 10
BIGGEST_HANDS = 5

# Texts whose English the site uses in more than one meaning, told apart by their context (docs/texts.md):
# TRANSLATORS: the menu entry and page title of the individual standings
STANDINGS = Text("Standings", "report.menu")
# TRANSLATORS: the heading of the individual standings (the teams have their own page)
INDIVIDUAL_STANDINGS = Text("Standings", "report.individual")
# TRANSLATORS: the column of a hand's fan total
FAN_TOTAL = Text("Fans", "report.fan_total")
# TRANSLATORS: the points a player won with a hand
POINTS_WON = Text("Points", "report.won")
# TRANSLATORS: the points a player lost by dealing in
POINTS_LOST = Text("Points", "report.lost")


def slug(number: str) -> str:
    """A file name for a player number, stable (it depends on the number alone) and case-safe: digits,
    capital letters and ``-`` as they are, anything else (small letters too) as ``_hex_`` in small hex
    digits. So two numbers never share a page, not even on the case-insensitive disks of Windows and
    macOS ("A1" and "a1" were one file there), and no name needs URL escaping.

    >>> slug("17"), slug("A-3"), slug("a1"), slug("张3"), slug("../x"), slug("a_b")
    ('17', 'A-3', '_61_1', '_5f20_3', '_2e__2e__2f__78_', '_61__5f__62_')
    """
    return "".join(c if c.isascii() and (c.isdigit() or c.isupper() or c == "-") else f"_{ord(c):x}_"
                   for c in number) or "_"


def player_path(number: str) -> str:
    return f"players/{slug(number)}.html"


def table_path(session: int, table: int) -> str:
    return f"tables/{session}-{table}.html"


def session_path(session: int) -> str:
    return f"sessions/{session}.html"


def stage_path(index: int) -> str:
    """A stage's page, by its place among the stages added (the organiser's names are free text)."""
    return f"stages/{index}.html"


def _two_points(tp: float, mp: float) -> str:
    """Table points / match points in one cell; on a phone the match points go below (as the sessions')."""
    return f'{fmt_points(tp)}<span class="sep"> / </span><span class="mp">{fmt_signed(mp)}</span>'


def _stage_name(p: StagePlace) -> str:
    """The stage reached: the qualifying stage's name in both languages, an organiser's name as typed."""
    label = p.label
    return bi(label) if isinstance(label, Text) else esc(label)


def stage_cells(p: StagePlace | None) -> list[str]:
    """A staged event's columns of the final ranking: the stage reached, its totals (what places the player;
    carried points included), the points carried into it."""
    if p is None:  # a row no stage placed, in a staged ranking: the columns stay aligned
        return [td(""), td("", "n"), td("", "n")]
    carried = (td("–", "n muted") if p.stage == "qualifying"
               else td(_two_points(p.carried_table_points, p.carried_match_points), "n"))
    return [td(_stage_name(p), "stage"), td(f"<strong>{_two_points(p.table_points, p.match_points)}</strong>", "n"),
            carried]


#: from this many session columns the standings are wider than a 390 px phone (the last
#: session's column was cut with nothing saying the table scrolls); layout.STYLE shows the hint on phones only
SWIPE_FROM = 3


@dataclass(frozen=True, slots=True)
class Seat:
    """One player at one table of one session."""

    sheet: TableSheet
    index: int  # starting seat 0-3

    @property
    def player(self) -> PlayerView:
        return self.sheet.players[self.index]


@dataclass
class Index:
    """What the pages look up: players, their seats, the hands they won and dealt in."""

    players: dict[str, PlayerView] = field(default_factory=dict)
    standing: dict[str, StandingRow] = field(default_factory=dict)
    seats: dict[str, list[Seat]] = field(default_factory=lambda: defaultdict(list))
    won: dict[str, list[tuple[TableSheet, HandRow]]] = field(default_factory=lambda: defaultdict(list))
    dealt_in: dict[str, list[tuple[TableSheet, HandRow]]] = field(default_factory=lambda: defaultdict(list))
    penalties: dict[str, list[PenaltyRow]] = field(default_factory=lambda: defaultdict(list))

    @classmethod
    def of(cls, snap: Snapshot) -> Index:
        ix = cls()
        ix.players = {p.number: p for p in snap.players}
        ix.standing = {r.number: r for r in snap.standings}
        for k in sorted(snap.sessions):
            for sheet in snap.sessions[k]:
                for i, p in enumerate(sheet.players):
                    ix.players.setdefault(p.number, p)
                    ix.seats[p.number].append(Seat(sheet, i))
                for h in sheet.hands:
                    if h.kind == "win" and h.winner is not None:
                        ix.won[sheet.players[h.winner].number].append((sheet, h))
                        if h.discarder is not None:
                            ix.dealt_in[sheet.players[h.discarder].number].append((sheet, h))
                for pen in sheet.penalties:
                    ix.penalties[pen.player.number].append(pen)
        return ix


class Site:
    """Builds every page of one snapshot."""

    def __init__(self, snap: Snapshot, generated_at: datetime | None = None) -> None:
        self.snap = snap
        self.ix = Index.of(snap)
        self.sessions = sorted(snap.sessions)
        when = (generated_at or datetime.now()).strftime("%Y-%m-%d %H:%M")
        self.footer = (f"{bi('Generated')} {esc(when)} · {esc(snap.info.name)} · MCR Referee · "
                       f"{bi('match points')}, {bi('table points')} 4/2/1/0")

    # ---- frame ----------------------------------------------------------------------------------
    def _nav(self, here: str, up: str) -> str:
        items = [("index.html", bi(STANDINGS)), ("teams.html", bi("Teams"))]
        if self.snap.awards is not None:
            items.append(("awards.html", bi("Awards")))
        items += [(stage_path(i), bi("Stage {name}", name=st.name))
                  for i, st in enumerate(self.snap.stages, start=1)]
        items += [(session_path(k), bi("Session {n}", n=k)) for k in self.sessions]
        return "".join(f'<a href="{up}{href}"{" aria-current=page" if href == here else ""}>{text}</a>'
                       for href, text in items)

    def _page(self, path: str, title: str, heading: str, body: str) -> str:
        up = "../" if "/" in path else ""
        return page(event=self.snap.info.name, title=title, heading=heading, nav=self._nav(path, up), body=body,
                    footer=self.footer)

    def _player(self, number: str, up: str, with_number: bool = False) -> str:
        p = self.ix.players.get(number)
        name = esc(p.name if p else number)
        if with_number:
            name += f' <span class="muted">({esc(number)})</span>'
        return link(up + player_path(number), name)

    # ---- pages ----------------------------------------------------------------------------------
    def pages(self) -> dict[str, str]:
        out = {"index.html": self.index(), "teams.html": self.teams()}
        if self.snap.awards is not None:
            out["awards.html"] = self.awards(self.snap.awards)
        for i, st in enumerate(self.snap.stages, start=1):
            out[stage_path(i)] = self.stage(i, st)
        for k in self.sessions:
            out[session_path(k)] = self.session(k)
            for sheet in self.snap.sessions[k]:
                out[table_path(k, sheet.table)] = self.table(sheet)
        for number in self.ix.players:
            out[player_path(number)] = self.player(number)
        return out

    def index(self) -> str:
        snap = self.snap
        after = snap.played_sessions
        n = max([after, *self.sessions], default=0)
        header = [th("Rank", "n"), th("No.", "n wide"), th("Player", "name"), th("Team", "wide")]
        stages = staged(snap.standings)
        if stages:  # what places a staged event's players, first (a phone shows it unscrolled)
            header += [th("Stage"), th("Stage pts", "n"), th("Carried", "n")]
        header += [th("Table pts", "n"), th("Match pts", "n")]
        header += [th("S{n}", "n", n=k) for k in range(1, n + 1)]
        rows = []
        for r in snap.standings:
            by = {e.session: e for e in r.sessions}
            cells = [num(r.rank), td(esc(r.number), "n wide"), td(self._player(r.number, ""), "name"),
                     td(esc(r.team or ""), "wide"), *(stage_cells(r.stage) if stages else ()), points(r.table_points),
                     signed(r.match_points)]
            for k in range(1, n + 1):
                e = by.get(k)
                cells.append(td(link(table_path(k, e.table), _two_points(e.table_points, e.match_points)), "n") if e
                             else td("–", "n muted"))
            rows.append(f"<tr>{''.join(cells)}</tr>")
        when = bi("after session {n}", n=after) if after else bi("no session played yet")
        body = [f'<p class="note">{when} · {bi("per session: table points / match points")} · '
                f'{bi(ranking_rule(snap.standings))}</p>']
        mark = provisional_text(snap.still_playing)
        if mark:
            body.insert(0, f'<p class="provisional"><strong>{both(*mark)}</strong></p>')
        if rows and n >= SWIPE_FROM:  # a phone shows the first sessions only: say the rest is a swipe away,
            # above the table (below 20 players it was a long scroll down, after the table it explains)
            body.append(f'<p class="note swipe">{bi("Swipe the table sideways to see every session →")}</p>')
        body.append(table(header, rows, "sticky") if rows else f"<p>{bi('No results yet.')}</p>")
        ranked = set(self.ix.standing)
        seated = {p.number for sheets in snap.sessions.values() for sheet in sheets for p in sheet.players}
        others = [p for p in snap.players if p.number not in ranked]
        # a substitute who played is not ranked either (docs/tournament.md), but has played: not among the
        # reserves who have not
        for heading, group in ((NC_("report", "Not ranked (substitutes who played)"),
                                [p for p in others if p.number in seated]),
                               (NC_("report", "Not ranked (reserves who have not played)"),
                                [p for p in others if p.number not in seated])):
            if group:
                body.append(f"<h2>{bi(heading)}</h2><p>"
                            + " · ".join(self._player(p.number, "", with_number=True) for p in group) + "</p>")
        return self._page("index.html", words(STANDINGS), bi(INDIVIDUAL_STANDINGS), "\n".join(body))

    def stage(self, index: int, st: StageRanking) -> str:
        """One stage's own ranking: its totals (the carried points included), the carried part, its sessions."""
        header = [th("Rank", "n"), th("No.", "n wide"), th("Player", "name"), th("Team", "wide"),
                  th("Table pts", "n"), th("Match pts", "n"), th("Carried", "n")]
        header += [th("S{n}", "n", n=k) for k in range(st.first_session, st.last_session + 1)]
        rows = []
        for r in st.rows:
            by = {e.session: e for e in r.sessions}
            cells = [num(r.rank), td(esc(r.number), "n wide"), td(self._player(r.number, "../"), "name"),
                     td(esc(r.team or ""), "wide"), points(r.table_points), signed(r.match_points),
                     td(_two_points(r.carried_table_points, r.carried_match_points), "n")]
            for k in range(st.first_session, st.last_session + 1):
                e = by.get(k)
                cells.append(td(link(f"../{table_path(k, e.table)}", _two_points(e.table_points, e.match_points)), "n")
                             if e else td("–", "n muted"))
            rows.append(f"<tr>{''.join(cells)}</tr>")
        body = [f'<p class="note">{bi("per session: table points / match points")} · {bi(stage_rule())}</p>']
        mark = provisional_text(self.snap.still_playing)
        if mark:
            body.insert(0, f'<p class="provisional"><strong>{both(*mark)}</strong></p>')
        body.append(table(header, rows, "sticky"))
        return self._page(stage_path(index), words("Stage {name}", name=st.name),
                          f'{bi("Stage standings")} · {esc(st.name)}', "\n".join(body))

    def awards(self, a: Awards) -> str:
        """The prize list, from ``db.read.queries.awards`` (the same as ``awards`` and ``report awards``)."""
        def hands(rows: Sequence[AwardHand]) -> str:
            header = [th("Session", "n"), th("Table", "n"), th("Hand", "n"), th("Player", "name"), th("Fan", "n"),
                      th("Fans")]
            return table(header, (
                f"<tr>{num(h.session)}{td(link(table_path(h.session, h.table), str(h.table)), 'n')}{num(h.hand)}"
                f"{td(self._player(h.player, '', with_number=True), 'name')}{num(h.fan)}"
                f"{td(' '.join(_fan_name(f) for f in h.fans) or '–')}</tr>" for h in rows))

        def counts(rows: Sequence[AwardCount], label: str) -> str:
            return table([th("Player", "name"), th(label, "n")], (
                f"<tr>{td(self._player(c.player, '', with_number=True), 'name')}{num(c.count)}</tr>" for c in rows))

        none = f"<p>{bi('None yet.')}</p>"
        subs = bi("Substitutes’ hands count") if a.substitutes_count else bi("Substitutes’ hands do not count")
        body = [f'<p class="note">{subs}</p>',
                f"<h2>{bi('Best hands')}</h2>", hands(a.best_hands) if a.best_hands else none,
                f"<h2>{bi('Best hand of each session')}</h2>",
                hands(a.best_by_session) if a.best_by_session else none,
                f"<h2>{bi('Chicken hands')}</h2>",
                counts(a.chicken_hands, NC_("report", "Count")) if a.chicken_hands else none,
                f"<h2>{bi('Most wins')}</h2>",
                counts(a.most_wins[:BEST_SCORES], NC_("report", "Wins")) if a.most_wins else none,
                f"<h2>{bi('Best team')}</h2>"]
        team = a.best_team
        body.append(none if team is None else
                    f"<p>{esc(team.team)}: {fmt_points(team.table_points)} {bi('table points')}, "
                    f"{fmt_signed(team.match_points)} {bi('match points')} · "
                    + ", ".join(self._player(m, "", with_number=True) for m in team.members) + "</p>")
        return self._page("awards.html", words("Awards"), bi("Awards"), "\n".join(body))

    def teams(self) -> str:
        rows = []
        for t in self.snap.teams:
            members = ", ".join(self._player(m, "", with_number=True) for m in t.members)
            rows.append(f"<tr>{num(t.rank)}{td(esc(t.team))}{points(t.table_points)}{signed(t.match_points)}"
                        f"{td(members)}</tr>")
        header = [th("Rank", "n"), th("Team"), th("Table pts", "n"), th("Match pts", "n"), th("Members")]
        body = (f'<p class="note">{bi("team total: the members’ table points, then match points")}</p>'
                + table(header, rows)) if rows else f"<p>{bi('No teams in this tournament.')}</p>"
        return self._page("teams.html", words("Teams"), bi("Team standings"), body)

    def session(self, k: int) -> str:
        sheets = self.snap.sessions[k]
        header = [th("Table", "n"), th("Seat"), th("No.", "n wide"), th("Player"), th("Team", "wide"),
                  th("Match pts", "n"), th("Score", "n wide"), th("Rank", "n"), th("Table pts", "n")]
        rows = []
        for sheet in sheets:
            done = played(sheet)
            for r, i in enumerate(sorted(range(4), key=lambda i: (sheet.ranks[i], i))):
                p = sheet.players[i]
                first = td(link(f"../{table_path(k, sheet.table)}", str(sheet.table)), "n tno") if r == 0 else td("")
                result = (signed(sheet.match_points[i]) + td(str(sheet.session_scores[i]), "n wide")
                          + num(sheet.ranks[i]) + points(sheet.table_points[i])) if done else td("–", "n muted") * 4
                rows.append(f'<tr{" class=top" if r == 0 else ""}>{first}{td(_seat(i), "nw")}'
                            f'{td(esc(p.number), "n wide")}{td(self._player(p.number, "../"), "name")}'
                            f'{td(esc(p.team or ""), "wide")}{result}</tr>')
        body = [f'<p class="note">{bi("score = 500 + match points")} · {bi("a table’s four players by rank")}</p>',
                table(header, rows)]
        body += self._best(k, sheets)
        return self._page(session_path(k), words("Session {n}", n=k), bi("Session {n} results", n=k), "\n".join(body))

    def _best(self, k: int, sheets: Sequence[TableSheet]) -> list[str]:
        scores = sorted(((sheet.match_points[i], sheet.table, i, sheet) for sheet in sheets if played(sheet)
                         for i in range(4)), key=lambda t: (-t[0], t[1], t[2]))
        if not scores:
            return [f"<p>{bi('No results recorded in this session yet.')}</p>"]
        rows = [f"<tr>{num(n)}{td(self._player(sheet.players[i].number, '../', with_number=True), 'name')}"
                f"{td(link(f'../{table_path(k, table_no)}', str(table_no)), 'n')}{signed(mp)}"
                f"{num(sheet.session_scores[i])}</tr>"
                for n, (mp, table_no, i, sheet) in enumerate(scores[:BEST_SCORES], start=1)]
        out = [f"<h2>{bi('Best scores of the session')}</h2>",
               table([th("#", "n"), th("Player"), th("Table", "n"), th("Match pts", "n"), th("Score", "n")], rows)]
        hands = sorted(((h.fan_total, sheet.table, h.hand, h, sheet) for sheet in sheets for h in sheet.hands
                        if h.kind == "win" and h.winner is not None), key=lambda t: (-t[0], t[1], t[2]))
        if hands:
            rows = [pair(f"{num(total)}{td(link(f'../{table_path(k, t)}', str(t)), 'n')}{num(hand)}"
                         f"{td(self._player(sheet.players[h.winner].number, '../'), 'name')}",  # type: ignore[index]
                         _how(h, sheet, self, "../", winner=False) + _fans(h, " · "), 4)
                    for total, t, hand, h, sheet in hands[:BIGGEST_HANDS]]
            out += [f"<h2>{bi('Biggest hands')}</h2>",
                    table([th(FAN_TOTAL, "n"), th("Table", "n"), th("Hand", "n"), th("Player")], rows, "pairs")]
        return out

    def table(self, sheet: TableSheet) -> str:
        k, t = sheet.session, sheet.table
        path = table_path(k, t)
        done = played(sheet)
        header = [th("Seat"), th("No.", "n wide"), th("Player"), th("Team", "wide"), th("Penalties", "n wide"),
                  th("Match pts", "n"), th("Score", "n wide"), th("Rank", "n"), th("Table pts", "n")]
        pen = [sum(p.deltas[i] for p in sheet.penalties) for i in range(4)]
        rows = []
        for i, p in enumerate(sheet.players):
            result = (signed(pen[i]).replace('class="n', 'class="wide n') + signed(sheet.match_points[i]) + td(str(sheet.session_scores[i]), "n wide")
                      + num(sheet.ranks[i]) + points(sheet.table_points[i])) if done else td("–", "n muted") * 5
            rows.append(f"<tr>{td(_seat(i), 'nw')}{td(esc(p.number), 'n wide')}{td(self._player(p.number, '../'), 'name')}"
                        f"{td(esc(p.team or ''), 'wide')}{result}</tr>")
        status = [bi("{recorded} of {hands} hands recorded", recorded=len(sheet.hands), hands=sheet.hands_per_session)]
        if sheet.time_called_after is not None:
            status.append(bi("time called after hand {n}", n=sheet.time_called_after))
        status.append(bi("signed off") if sheet.signed_off else bi("not signed off yet"))
        body = [f'<p class="note">{link(f"../{session_path(k)}", bi("Session {n} results", n=k))} · '
                + " · ".join(status) + "</p>", table(header, rows)]
        hand_header = [th("Hand", "n"), th(FAN_TOTAL, "n")]
        hand_header += [f'<th class="n">{_seat(i)}<small class="nm">{esc(p.name)}</small></th>'
                        for i, p in enumerate(sheet.players)]
        hand_rows = []
        for h in sheet.hands:
            total = num(h.fan_total) if h.kind == "win" else td("")
            cells = "".join(signed(d) if d else td("", "n") for d in h.deltas)
            result = _how(h, sheet, self, "../") + _fans(h, " · ") if h.kind == "win" else bi("draw")
            hand_no = td(f'{h.hand}<small class="rw">{_wind_short(h.prevailing)}</small>', "n")
            hand_rows.append(pair(f"{hand_no}{total}{cells}", result, 6))
        body.append(f"<h2>{bi('Hands')}</h2>")
        body.append(f'<p class="note">{bi("points won and lost per player; below each hand: who won, how, and every fan")}</p>')
        body.append(table(hand_header, hand_rows, "pairs") if hand_rows else f"<p>{bi('No hands recorded yet.')}</p>")
        if sheet.penalties:
            body.append(f"<h2>{bi('Penalties')}</h2>")
            body.append(self._penalty_table(sheet.penalties, "../", with_place=False))
        body += self._rulings(k, t)
        return self._page(path, words("Session {n} table {t}", n=k, t=t), bi("Session {n} · Table {t}", n=k, t=t),
                          "\n".join(body))

    def _rulings(self, session: int, table_no: int) -> list[str]:
        """The referees' rulings on this table's calls, in words (not the players' notes, nor who called)."""
        rows = [c for c in self.snap.rulings if (c.session, c.table) == (session, table_no)]
        if not rows:
            return []
        out = []
        for c in rows:
            reason = CallReason(c.reason) if c.reason in {r.value for r in CallReason} else None
            out.append(f"<tr>{num(c.hand or '')}{td(bi(reason.label) if reason else esc(c.reason))}"
                       f"{td(esc(c.ruling))}{num(f'#{c.penalty_id}' if c.penalty_id else '')}</tr>")
        return [f"<h2>{bi('Rulings')}</h2>",
                table([th("Hand", "n"), th("Called for"), th("Ruling"), th("Penalty", "n")], out)]

    def _penalty_table(self, rows: Sequence[PenaltyRow], up: str, with_player: bool = True,
                       with_place: bool = True) -> str:
        """The penalties; a table's own page leaves out the session and table (the page says them), so
        the reason fits a 390 px phone instead of being cut off at the right."""
        header = [th("Session", "n"), th("Table", "n")] if with_place else []
        header.append(th("Hand", "n"))
        if with_player:
            header.append(th("Player"))
        header += [th("Offence"), th("Points", "n"), th("Settlement")]
        if with_place:
            header.append(th("Remarks"))
        out = []
        for p in rows:
            who = td(self._player(p.player.number, up)) if with_player else ""
            place = (f"{num(p.session)}{td(link(up + table_path(p.session, p.table), str(p.table)), 'n')}"
                     if with_place else "")
            kind = PENALTY_KIND_LABELS.get(p.kind)
            cells = (f"{place}{num(p.hand or '')}{who}{td(esc(words(kind) if kind else p.kind))}{num(p.points)}"
                     f"{td(esc(settlement(p)))}")
            if with_place:
                out.append(f"<tr>{cells}{td(esc(p.reason))}</tr>")
            else:  # the remarks on a line of their own below, as the hands' fans are
                out.append(f'<tr class="main">{cells}</tr><tr class="sub"><td colspan="{len(header)}">'
                           f'{bi("Remarks")}: {esc(p.reason)}</td></tr>')
        return table(header, out, "" if with_place else "pairs")

    def player(self, number: str) -> str:
        p = self.ix.players[number]
        r = self.ix.standing.get(number)
        facts = [(NC_("report", "No."), esc(p.number)), (NC_("report", "Team"), esc(p.team or "–"))]
        if r is not None:
            facts += [(NC_("report", "Rank"), str(r.rank)), (NC_("report", "Table pts"), fmt_points(r.table_points)),
                      (NC_("report", "Match pts"), fmt_signed(r.match_points))]
            if r.stage is not None:  # what placed them: the stage reached and its totals
                facts += [(NC_("report", "Stage"), _stage_name(r.stage)),
                          (NC_("report", "Stage pts"), f"{fmt_points(r.stage.table_points)} / "
                                                       f"{fmt_signed(r.stage.match_points)}")]
        if p.substitute:
            facts.append((NC_("report", "Reserve"), "✓"))
        body = ['<dl class="facts">' + "".join(f"<dt>{bi(label)}</dt><dd>{v}</dd>" for label, v in facts) + "</dl>"]
        seats = self.ix.seats.get(number, [])
        rows = []
        for seat in seats:
            sheet, i = seat.sheet, seat.index
            k = sheet.session
            opponents = "<br>".join(f'<span class="nw">{self._player(o.number, "../")}</span>'
                                    for j, o in enumerate(sheet.players) if j != i)
            result = (signed(sheet.match_points[i]) + td(str(sheet.ranks[i]), "n wide") + points(sheet.table_points[i])) \
                if played(sheet) else td("–", "n muted") + td("–", "n muted wide") + td("–", "n muted")
            rows.append(f"<tr>{td(link(f'../{session_path(k)}', str(k)), 'n')}"
                        f"{td(link(f'../{table_path(k, sheet.table)}', str(sheet.table)), 'n')}"
                        f"{td(_seat(i), 'nw wide')}{td(opponents)}{result}</tr>")
        body.append(f"<h2>{bi('Sessions')}</h2>")
        body.append(table([th("Session", "n"), th("Table", "n"), th("Seat", "wide"), th("Opponents"),
                           th("Match pts", "n"), th("Rank", "n wide"), th("Table pts", "n")],
                          rows) if rows else f"<p>{bi('Not seated yet.')}</p>")
        won = self.ix.won.get(number, [])
        body.append(f"<h2>{bi('Hands won ({n})', n=len(won))}</h2>")
        if won:
            body.append(table(
                [th("Session", "n"), th("Table", "n"), th("Hand", "n"), th(FAN_TOTAL, "n"), th(POINTS_WON, "n")],
                [pair(f"{num(s.session)}{td(link(f'../{table_path(s.session, s.table)}', str(s.table)), 'n')}"
                      f"{num(h.hand)}{num(h.fan_total)}{signed(h.deltas[h.winner])}",  # type: ignore[index]
                      _how(h, s, self, "../", winner=False) + _fans(h, " · "), 5)
                 for s, h in won], "pairs"))
        dealt = self.ix.dealt_in.get(number, [])
        body.append(f"<h2>{bi('Dealt in ({n})', n=len(dealt))}</h2>")
        if dealt:
            body.append(table(
                [th("Session", "n"), th("Table", "n"), th("Hand", "n"), th("Winner"), th(FAN_TOTAL, "n"),
                 th(POINTS_LOST, "n")],
                [pair(f"{num(s.session)}{td(link(f'../{table_path(s.session, s.table)}', str(s.table)), 'n')}"
                      f"{num(h.hand)}{td(self._player(s.players[h.winner].number, '../'), 'name')}"  # type: ignore[index]
                      f"{num(h.fan_total)}{signed(h.deltas[h.discarder])}", _fans(h), 6)  # type: ignore[index]
                 for s, h in dealt], "pairs"))
        pens = self.ix.penalties.get(number, [])
        if pens:
            body.append(f"<h2>{bi('Penalties')}</h2>")
            body.append(self._penalty_table(pens, "../", with_player=False))
        return self._page(player_path(number), f"{p.name} ({p.number})",
                          f'{esc(p.name)} <span class="tag">{bi("No.")} {esc(p.number)}</span>', "\n".join(body))


def pair(main: str, sub: str, span: int) -> str:
    """A hand as two rows: the numbers, then who won how and the fans across the whole width (a phone
    has no room for a fans column)."""
    return f'<tr class="main">{main}</tr><tr class="sub"><td colspan="{span}">{sub}</td></tr>'


# the winds' labels: "E" and its Chinese (the catalogue's, msgctxt "wind", marked in web/api/page_texts.py)
WINDS = {w: Text(w, "wind") for w in SEATS}


def _seat(i: int) -> str:
    """A starting seat by its wind."""
    return bi(WINDS[SEATS[i]])


def _wind_short(w: str) -> str:
    """A wind round in a narrow cell, as a seat's wind."""
    return bi(WINDS[w])


def _fan_name(f: FanView) -> str:
    """A fan's name, English and Chinese: scoring's data (``scoring.mcr.fans``), not the catalogue's."""
    return f'{esc(f.en)} <span lang="zh-Hans">{esc(f.zh)}</span>'


def _fans(h: HandRow, lead: str = "") -> str:
    """Every fan, Chinese and English (scoring's names): "<Chinese> Full Flush 24 · <Chinese> Pung of … 1 ×2"
    (``lead`` before it when there are any), then the flowers."""
    parts = []
    for f in h.fans:
        count = f" ×{f.count}" if f.count > 1 else ""
        parts.append(f'<span lang="zh-Hans">{esc(f.zh)}</span> {esc(f.en)} {f.points}{count}')
    if h.flowers and h.flowers_known:
        parts.append(bi("flowers +{n}", n=h.flowers))
    return lead + " · ".join(parts) if parts else ""


def _how(h: HandRow, sheet: TableSheet, site: Site, up: str, winner: bool = True) -> str:
    """"NAME self-drawn" or "NAME from OTHER", each word in both languages (the winner left out with
    ``winner=False``)."""
    who = site._player(sheet.players[h.winner].number, up) + " " if winner and h.winner is not None else ""
    if h.self_drawn or h.discarder is None:
        return who + bi("self-drawn")
    return who + bi("from") + " " + site._player(sheet.players[h.discarder].number, up)


def build_pages(snap: Snapshot, generated_at: datetime | None = None) -> dict[str, str]:
    if snap.game:  # a game's figures (Riichi): reports/site/game_pages.py
        from reports.site.game_pages import GameSite

        return GameSite(snap, generated_at).pages()
    return Site(snap, generated_at).pages()
