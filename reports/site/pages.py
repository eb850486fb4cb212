"""The pages of the results website, one function each, from a :class:`reports.snapshot.Snapshot`.

``build_pages(snapshot)`` returns ``{relative path: html}``:

- ``index.html``: the individual standings with one column per session (table points / match points,
  each a link to that table's sheet);
- ``teams.html``: the team ranking with the members;
- ``sessions/N.html``: every table's four players by rank, the best scores and the biggest hands;
- ``tables/N-T.html``: session N, table T: the players' totals and every hand with its fans;
- ``players/NUMBER.html`` (the number as :func:`slug` writes it): a player's tables, opponents, hands won and dealt in, per-session results;
- ``awards.html``: the prize list (best hands, each session's best, chicken hands, most wins, best team).

Paths are relative, so the folder works from any web host or straight from the disk.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from db.service.calls import CallReason
from db.views import (
    SEATS,
    AwardCount,
    AwardHand,
    Awards,
    HandRow,
    PenaltyRow,
    PlayerView,
    StandingRow,
    TableSheet,
)
from reports.base import WIND_ZH, fmt_points, fmt_signed
from reports.penalties import KIND, settlement
from reports.site.layout import bi, esc, link, num, page, points, signed, table, td, th
from reports.snapshot import Snapshot, played, provisional_text

BEST_SCORES = 10
BIGGEST_HANDS = 5


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
        self.footer = (f"{bi('Generated', '生成于')} {esc(when)} · {esc(snap.info.name)} · MCR Referee · "
                       f"{bi('match points', '比赛分')}, {bi('table points', '标准分')} 4/2/1/0")

    # ---- frame ----------------------------------------------------------------------------------
    def _nav(self, here: str, up: str) -> str:
        items = [("index.html", bi("Standings", "排名")), ("teams.html", bi("Teams", "团体"))]
        if self.snap.awards is not None:
            items.append(("awards.html", bi("Awards", "奖项")))
        items += [(session_path(k), bi(f"Session {k}", f"第{k}局")) for k in self.sessions]
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
        header = [th("Rank", "名次", "n"), th("No.", "编号", "n wide"), th("Player", "选手", "name"), th("Team", "队", "wide"),
                  th("Table pts", "标准分", "n"), th("Match pts", "比赛分", "n")]
        header += [th(f"S{k}", f"第{k}局", "n") for k in range(1, n + 1)]
        rows = []
        for r in snap.standings:
            by = {e.session: e for e in r.sessions}
            cells = [num(r.rank), td(esc(r.number), "n wide"), td(self._player(r.number, ""), "name"),
                     td(esc(r.team or ""), "wide"), points(r.table_points), signed(r.match_points)]
            for k in range(1, n + 1):
                e = by.get(k)
                cells.append(td(link(table_path(k, e.table), f'{fmt_points(e.table_points)}<span class="sep"> / </span>'
                                     f'<span class="mp">{fmt_signed(e.match_points)}</span>'), "n") if e
                             else td("–", "n muted"))
            rows.append(f"<tr>{''.join(cells)}</tr>")
        when = (bi(f"after session {after}", f"第 {after} 局后") if after
                else bi("no session played yet", "尚无成绩"))
        body = [f'<p class="note">{when} · {bi("per session: table points / match points", "各局：标准分 / 比赛分")} · '
                f'{bi("ranking by table points, then match points", "先比标准分，再比比赛分")}</p>']
        mark = provisional_text(snap.still_playing)
        if mark:
            body.insert(0, f'<p class="provisional"><strong>{bi(*mark)}</strong></p>')
        body.append(table(header, rows, "sticky") if rows else f"<p>{bi('No results yet.', '尚无成绩。')}</p>")
        ranked = set(self.ix.standing)
        others = [p for p in snap.players if p.number not in ranked]
        if others:
            body.append(f"<h2>{bi('Not ranked (reserves who have not played)', '未排名（未上场的替补）')}</h2><p>"
                        + " · ".join(self._player(p.number, "", with_number=True) for p in others) + "</p>")
        return self._page("index.html", "Standings 排名", bi("Standings", "个人排名"), "\n".join(body))

    def awards(self, a: Awards) -> str:
        """The prize list, from ``db.queries.awards`` (the same as ``awards`` and ``report awards``)."""
        def hands(rows: Sequence[AwardHand]) -> str:
            header = [th("Session", "局", "n"), th("Table", "桌", "n"), th("Hand", "盘", "n"), th("Player", "选手", "name"),
                      th("Fan", "番", "n"), th("Fans", "番种")]
            return table(header, (
                f"<tr>{num(h.session)}{td(link(table_path(h.session, h.table), str(h.table)), 'n')}{num(h.hand)}"
                f"{td(self._player(h.player, '', with_number=True), 'name')}{num(h.fan)}"
                f"{td(esc(' '.join(bi(f.en, f.zh) for f in h.fans) or '–'))}</tr>" for h in rows))

        def counts(rows: Sequence[AwardCount], en: str, zh: str) -> str:
            return table([th("Player", "选手", "name"), th(en, zh, "n")], (
                f"<tr>{td(self._player(c.player, '', with_number=True), 'name')}{num(c.count)}</tr>" for c in rows))

        none = f"<p>{bi('None yet.', '暂无。')}</p>"
        body = [f'<p class="note">{bi("Substitutes’ hands count", "替补选手的成绩计入") if a.substitutes_count else bi("Substitutes’ hands do not count", "替补选手的成绩不计入")}</p>',
                f"<h2>{bi('Best hands', '最佳牌')}</h2>", hands(a.best_hands) if a.best_hands else none,
                f"<h2>{bi('Best hand of each session', '各局最佳牌')}</h2>",
                hands(a.best_by_session) if a.best_by_session else none,
                f"<h2>{bi('Chicken hands', '无番和')}</h2>",
                counts(a.chicken_hands, "Count", "次数") if a.chicken_hands else none,
                f"<h2>{bi('Most wins', '和牌最多')}</h2>",
                counts(a.most_wins[:BEST_SCORES], "Wins", "和牌") if a.most_wins else none,
                f"<h2>{bi('Best team', '最佳团队')}</h2>"]
        team = a.best_team
        body.append(none if team is None else
                    f"<p>{esc(team.team)}: {fmt_points(team.table_points)} {bi('table points', '标准分')}, "
                    f"{fmt_signed(team.match_points)} {bi('match points', '比赛分')} · "
                    + ", ".join(self._player(m, "", with_number=True) for m in team.members) + "</p>")
        return self._page("awards.html", "Awards 奖项", bi("Awards", "奖项"), "\n".join(body))

    def teams(self) -> str:
        rows = []
        for t in self.snap.teams:
            members = ", ".join(self._player(m, "", with_number=True) for m in t.members)
            rows.append(f"<tr>{num(t.rank)}{td(esc(t.team))}{points(t.table_points)}{signed(t.match_points)}"
                        f"{td(members)}</tr>")
        header = [th("Rank", "名次", "n"), th("Team", "队"), th("Table pts", "标准分", "n"),
                  th("Match pts", "比赛分", "n"), th("Members", "队员")]
        body = (f'<p class="note">{bi("team total: the members’ table points, then match points", "团体成绩：队员标准分之和，再比比赛分")}</p>'
                + table(header, rows)) if rows else f"<p>{bi('No teams in this tournament.', '本赛事无团体。')}</p>"
        return self._page("teams.html", "Teams 团体", bi("Team standings", "团体排名"), body)

    def session(self, k: int) -> str:
        sheets = self.snap.sessions[k]
        header = [th("Table", "桌", "n"), th("Seat", "座位"), th("No.", "编号", "n wide"), th("Player", "选手"),
                  th("Team", "队", "wide"), th("Match pts", "比赛分", "n"), th("Score", "局分", "n wide"),
                  th("Rank", "名次", "n"), th("Table pts", "标准分", "n")]
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
        body = [f'<p class="note">{bi("score = 500 + match points", "局分 = 500 + 比赛分")} · '
                f'{bi("a table’s four players by rank", "每桌按名次排列")}</p>', table(header, rows)]
        body += self._best(k, sheets)
        return self._page(session_path(k), f"Session {k} 第{k}局", bi(f"Session {k} results", f"第 {k} 局成绩"),
                          "\n".join(body))

    def _best(self, k: int, sheets: Sequence[TableSheet]) -> list[str]:
        scores = sorted(((sheet.match_points[i], sheet.table, i, sheet) for sheet in sheets if played(sheet)
                         for i in range(4)), key=lambda t: (-t[0], t[1], t[2]))
        if not scores:
            return [f"<p>{bi('No results recorded in this session yet.', '本局尚无成绩。')}</p>"]
        rows = [f"<tr>{num(n)}{td(self._player(sheet.players[i].number, '../', with_number=True), 'name')}"
                f"{td(link(f'../{table_path(k, table_no)}', str(table_no)), 'n')}{signed(mp)}"
                f"{num(sheet.session_scores[i])}</tr>"
                for n, (mp, table_no, i, sheet) in enumerate(scores[:BEST_SCORES], start=1)]
        out = [f"<h2>{bi('Best scores of the session', '本局最高分')}</h2>",
               table([th("#", "名次", "n"), th("Player", "选手"), th("Table", "桌", "n"), th("Match pts", "比赛分", "n"),
                      th("Score", "局分", "n")], rows)]
        hands = sorted(((h.fan_total, sheet.table, h.hand, h, sheet) for sheet in sheets for h in sheet.hands
                        if h.kind == "win" and h.winner is not None), key=lambda t: (-t[0], t[1], t[2]))
        if hands:
            rows = [pair(f"{num(total)}{td(link(f'../{table_path(k, t)}', str(t)), 'n')}{num(hand)}"
                         f"{td(self._player(sheet.players[h.winner].number, '../'), 'name')}",  # type: ignore[index]
                         _how(h, sheet, self, "../", winner=False) + _fans(h, " · "), 4)
                    for total, t, hand, h, sheet in hands[:BIGGEST_HANDS]]
            out += [f"<h2>{bi('Biggest hands', '最大番和牌')}</h2>",
                    table([th("Fans", "番", "n"), th("Table", "桌", "n"), th("Hand", "盘", "n"), th("Player", "选手")],
                          rows, "pairs")]
        return out

    def table(self, sheet: TableSheet) -> str:
        k, t = sheet.session, sheet.table
        path = table_path(k, t)
        done = played(sheet)
        header = [th("Seat", "座位"), th("No.", "编号", "n wide"), th("Player", "选手"), th("Team", "队", "wide"),
                  th("Penalties", "罚分", "n wide"), th("Match pts", "比赛分", "n"), th("Score", "局分", "n wide"),
                  th("Rank", "名次", "n"), th("Table pts", "标准分", "n")]
        pen = [sum(p.deltas[i] for p in sheet.penalties) for i in range(4)]
        rows = []
        for i, p in enumerate(sheet.players):
            result = (signed(pen[i]).replace('class="n', 'class="wide n') + signed(sheet.match_points[i]) + td(str(sheet.session_scores[i]), "n wide")
                      + num(sheet.ranks[i]) + points(sheet.table_points[i])) if done else td("–", "n muted") * 5
            rows.append(f"<tr>{td(_seat(i), 'nw')}{td(esc(p.number), 'n wide')}{td(self._player(p.number, '../'), 'name')}"
                        f"{td(esc(p.team or ''), 'wide')}{result}</tr>")
        status = [bi(f"{len(sheet.hands)} of {sheet.hands_per_session} hands recorded",
                     f"已记录 {len(sheet.hands)}/{sheet.hands_per_session} 盘")]
        if sheet.time_called_after is not None:
            status.append(bi(f"time called after hand {sheet.time_called_after}",
                             f"第 {sheet.time_called_after} 盘后到时"))
        status.append(bi("signed off", "已签字") if sheet.signed_off else bi("not signed off yet", "尚未签字"))
        body = [f'<p class="note">{link(f"../{session_path(k)}", bi(f"Session {k} results", f"第 {k} 局成绩"))} · '
                + " · ".join(status) + "</p>", table(header, rows)]
        hand_header = [th("Hand", "盘", "n"), th("Fans", "番", "n")]
        hand_header += [f'<th class="n">{_seat(i)}<small class="nm">{esc(p.name)}</small></th>'
                        for i, p in enumerate(sheet.players)]
        hand_rows = []
        for h in sheet.hands:
            total = num(h.fan_total) if h.kind == "win" else td("")
            cells = "".join(signed(d) if d else td("", "n") for d in h.deltas)
            result = _how(h, sheet, self, "../") + _fans(h, " · ") if h.kind == "win" else bi("draw", "荒牌")
            hand_no = td(f'{h.hand}<small class="rw">{_wind_short(h.prevailing)}</small>', "n")
            hand_rows.append(pair(f"{hand_no}{total}{cells}", result, 6))
        body.append(f"<h2>{bi('Hands', '各盘')}</h2>")
        body.append(f'<p class="note">{bi("points won and lost per player; below each hand: who won, how, and every fan", "每盘各家得失分；下行：和牌者、方式及番种")}</p>')
        body.append(table(hand_header, hand_rows, "pairs") if hand_rows else f"<p>{bi('No hands recorded yet.', '尚未记录。')}</p>")
        if sheet.penalties:
            body.append(f"<h2>{bi('Penalties', '罚分')}</h2>")
            body.append(self._penalty_table(sheet.penalties, "../", with_place=False))
        body += self._rulings(k, t)
        return self._page(path, f"Session {k} table {t} 第{k}局第{t}桌",
                          bi(f"Session {k} · Table {t}", f"第{k}局 第{t}桌"), "\n".join(body))

    def _rulings(self, session: int, table_no: int) -> list[str]:
        """The referees' rulings on this table's calls, in words (not the players' notes, nor who called)."""
        rows = [c for c in self.snap.rulings if (c.session, c.table) == (session, table_no)]
        if not rows:
            return []
        out = []
        for c in rows:
            reason = CallReason(c.reason) if c.reason in {r.value for r in CallReason} else None
            out.append(f"<tr>{num(c.hand or '')}{td(bi(reason.en, reason.zh) if reason else esc(c.reason))}"
                       f"{td(esc(c.ruling))}{num(f'#{c.penalty_id}' if c.penalty_id else '')}</tr>")
        return [f"<h2>{bi('Rulings', '裁决')}</h2>",
                table([th("Hand", "盘", "n"), th("Called for", "呼叫原因"), th("Ruling", "裁决"), th("Penalty", "罚分", "n")],
                      out)]

    def _penalty_table(self, rows: Sequence[PenaltyRow], up: str, with_player: bool = True,
                       with_place: bool = True) -> str:
        """The penalties; a table's own page leaves out the session and table (the page says them), so
        the reason fits a 390 px phone instead of being cut off at the right."""
        header = [th("Session", "局", "n"), th("Table", "桌", "n")] if with_place else []
        header.append(th("Hand", "盘", "n"))
        if with_player:
            header.append(th("Player", "选手"))
        header += [th("Offence", "违例"), th("Points", "罚分", "n"), th("Settlement", "处理")]
        if with_place:
            header.append(th("Remarks", "备注"))
        out = []
        for p in rows:
            who = td(self._player(p.player.number, up)) if with_player else ""
            place = (f"{num(p.session)}{td(link(up + table_path(p.session, p.table), str(p.table)), 'n')}"
                     if with_place else "")
            cells = (f"{place}{num(p.hand or '')}{who}{td(esc(KIND.get(p.kind, p.kind)))}{num(p.points)}"
                     f"{td(esc(settlement(p)))}")
            if with_place:
                out.append(f"<tr>{cells}{td(esc(p.reason))}</tr>")
            else:  # the remarks on a line of their own below, as the hands' fans are
                out.append(f'<tr class="main">{cells}</tr><tr class="sub"><td colspan="{len(header)}">'
                           f'{bi("Remarks", "备注")}: {esc(p.reason)}</td></tr>')
        return table(header, out, "" if with_place else "pairs")

    def player(self, number: str) -> str:
        p = self.ix.players[number]
        r = self.ix.standing.get(number)
        facts = [("No.", "编号", esc(p.number)), ("Team", "队", esc(p.team or "–"))]
        if r is not None:
            facts += [("Rank", "名次", str(r.rank)), ("Table pts", "标准分", fmt_points(r.table_points)),
                      ("Match pts", "比赛分", fmt_signed(r.match_points))]
        if p.substitute:
            facts.append(("Reserve", "替补", "✓"))
        body = ['<dl class="facts">' + "".join(f"<dt>{bi(en, zh)}</dt><dd>{v}</dd>" for en, zh, v in facts) + "</dl>"]
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
        body.append(f"<h2>{bi('Sessions', '各局成绩')}</h2>")
        body.append(table([th("Session", "局", "n"), th("Table", "桌", "n"), th("Seat", "座位", "wide"),
                           th("Opponents", "对手"),
                           th("Match pts", "比赛分", "n"), th("Rank", "名次", "n wide"), th("Table pts", "标准分", "n")],
                          rows) if rows else f"<p>{bi('Not seated yet.', '尚未排座。')}</p>")
        won = self.ix.won.get(number, [])
        body.append(f"<h2>{bi(f'Hands won ({len(won)})', f'和牌（{len(won)} 盘）')}</h2>")
        if won:
            body.append(table(
                [th("Session", "局", "n"), th("Table", "桌", "n"), th("Hand", "盘", "n"), th("Fans", "番", "n"),
                 th("Points", "得分", "n")],
                [pair(f"{num(s.session)}{td(link(f'../{table_path(s.session, s.table)}', str(s.table)), 'n')}"
                      f"{num(h.hand)}{num(h.fan_total)}{signed(h.deltas[h.winner])}",  # type: ignore[index]
                      _how(h, s, self, "../", winner=False) + _fans(h, " · "), 5)
                 for s, h in won], "pairs"))
        dealt = self.ix.dealt_in.get(number, [])
        body.append(f"<h2>{bi(f'Dealt in ({len(dealt)})', f'点炮（{len(dealt)} 盘）')}</h2>")
        if dealt:
            body.append(table(
                [th("Session", "局", "n"), th("Table", "桌", "n"), th("Hand", "盘", "n"), th("Winner", "和牌者"),
                 th("Fans", "番", "n"), th("Points", "失分", "n")],
                [pair(f"{num(s.session)}{td(link(f'../{table_path(s.session, s.table)}', str(s.table)), 'n')}"
                      f"{num(h.hand)}{td(self._player(s.players[h.winner].number, '../'), 'name')}"  # type: ignore[index]
                      f"{num(h.fan_total)}{signed(h.deltas[h.discarder])}", _fans(h), 6)  # type: ignore[index]
                 for s, h in dealt], "pairs"))
        pens = self.ix.penalties.get(number, [])
        if pens:
            body.append(f"<h2>{bi('Penalties', '罚分')}</h2>")
            body.append(self._penalty_table(pens, "../", with_player=False))
        return self._page(player_path(number), f"{p.name} ({p.number})",
                          f'{esc(p.name)} <span class="tag">{bi("No.", "编号")} {esc(p.number)}</span>', "\n".join(body))


def pair(main: str, sub: str, span: int) -> str:
    """A hand as two rows: the numbers, then who won how and the fans across the whole width (a phone
    has no room for a fans column)."""
    return f'<tr class="main">{main}</tr><tr class="sub"><td colspan="{span}">{sub}</td></tr>'


def _seat(i: int) -> str:
    s = SEATS[i]
    return bi(s, WIND_ZH[s])


def _wind_short(w: str) -> str:
    """A wind round in a narrow cell: "E 东"."""
    return bi(w, WIND_ZH[w])


def _fans(h: HandRow, lead: str = "") -> str:
    """Every fan, Chinese and English: "清一色 Full Flush 24 · 幺九刻 Pung of … 1 ×2" (``lead`` before it
    when there are any)."""
    parts = []
    for f in h.fans:
        count = f" ×{f.count}" if f.count > 1 else ""
        parts.append(f'<span lang="zh-Hans">{esc(f.zh)}</span> {esc(f.en)} {f.points}{count}')
    if h.flowers and h.flowers_known:
        parts.append(bi(f"flowers +{h.flowers}", f"花牌 +{h.flowers}"))
    return lead + " · ".join(parts) if parts else ""


def _how(h: HandRow, sheet: TableSheet, site: Site, up: str, winner: bool = True) -> str:
    """"NAME self-drawn 自摸" or "NAME from OTHER 点和" (the winner left out with ``winner=False``)."""
    who = site._player(sheet.players[h.winner].number, up) + " " if winner and h.winner is not None else ""
    if h.self_drawn or h.discarder is None:
        return who + bi("self-drawn", "自摸")
    return who + bi("from", "点和") + " " + site._player(sheet.players[h.discarder].number, up)


def build_pages(snap: Snapshot, generated_at: datetime | None = None) -> dict[str, str]:
    return Site(snap, generated_at).pages()
