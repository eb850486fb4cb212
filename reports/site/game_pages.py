"""The website of a game tournament (``Snapshot.game``: Riichi): the same pages as MCR's (``pages.py``) with a
game's figures. The standings show the score (thousands, one decimal) and the points; a session's page each
table's players by place with their points, place, uma, penalty and score; a table's page every hand with
the round, dealer, honba and deposits it started from, the riichi, the outcome, the winners' han/fu and yaku
(``db.rules.game_words``) and each player's change and points after it; the awards page ranks the wins by their
value (``db.read.views.GameValue``) and has no chicken hands (a game has no fans)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from db.read.games import GAME, HANDS
from db.read.views import (
    AwardHand,
    Awards,
    GameHandView,
    GameSheet,
    GameWinView,
    StagePlace,
    StageRanking,
    staged,
)
from db.rules import game_words
from reports.game_lines import payment_words, wins_of
from reports.pdf import base
from reports.pdf.awards import GAME_BEST, GAME_BEST_TOTAL
from reports.pdf.game_results import score_formula, team_rule
from reports.pdf.game_sheet import round_label
from reports.pdf.points_sheet import win_lines
from reports.site.layout import bi, both, esc, link, num, table, td, th, words
from reports.site.pages import (
    BEST_SCORES,
    INDIVIDUAL_STANDINGS,
    STANDINGS,
    SWIPE_FROM,
    Site,
    _seat,
    _stage_name,
    pair,
    player_path,
    session_path,
    stage_path,
    table_path,
)
from reports.snapshot import Snapshot, provisional_text
from texts import NC_, Text

COLUMNS = game_words.COLUMNS


def _round(r: str) -> str:
    """ "E1" in both languages: "E1 东1"."""
    first, second = (round_label(r, lang) for lang in base.LANGUAGES)
    return both(first, second)


def _value(w: GameWinView) -> str:
    return bi(game_words.hand_value(w.han, w.fu, w.yakuman, w.limit))


def _win_text(w: GameWinView) -> str:
    """A win on its player's page: Riichi's value and yaku, or a Chinese system's total and fans."""
    if w.unit == "total":
        return bi(game_words.win_value(w.total, 0, 0, None, w.unit)) + (f" · {_fans(w)}" if w.fans else "")
    return _value(w) + (f" · {_yaku(w)}" if w.yaku else "")


def _award_value(h: AwardHand) -> str:
    v = h.value
    if v is not None and v.unit == "total":  # a Chinese system's total: the column's title says what it is
        return str(v.han)
    return "–" if v is None else bi(game_words.hand_value(v.han, v.fu, v.yakuman, v.limit))


def _award_fans(h: AwardHand) -> str:
    """A prize-list hand's yaku (Riichi's, from the catalogue), or a Chinese system's fans with their values
    (scoring's names: English and Chinese)."""
    if h.value is not None and h.value.unit == "total":
        return " · ".join(both(f.en, f.zh) + f" {f.points}" for f in h.fans)
    return " · ".join(bi(game_words.yaku_name(f.id)) for f in h.fans)


def _fans(w: GameWinView) -> str:
    """A Chinese system's win's fans (or hand types) in both languages with their values."""
    return " · ".join(both(f.en, f.zh) + (f" {f.value}" if f.value else "") for f in w.fans)


def _yaku(w: GameWinView) -> str:
    """Each yaku in both languages with its han ("Riichi 立直 1"); a yakuman's han left out."""
    items = []
    for yaku_id, han in w.yaku:
        name = bi(game_words.yaku_name(yaku_id))
        romaji = game_words.yaku_romaji(yaku_id)
        if romaji.lower() != str(game_words.yaku_name(yaku_id)).lower():
            name += f' <span class="muted">({esc(romaji)})</span>'
        items.append(name if han >= 13 or han <= 0 else f"{name} {han}")
    return " · ".join(items)


class GameSite(Site):
    """Every page of a game tournament's snapshot (``Snapshot.games``)."""

    def __init__(self, snap: Snapshot, generated_at: datetime | None = None) -> None:
        super().__init__(snap, generated_at)
        when = (generated_at or datetime.now()).strftime("%Y-%m-%d %H:%M")
        # Riichi's score in thousands and its points, or a Chinese system's table points and match points
        self.cols = GAME if snap.thousands else HANDS
        formula = bi(score_formula()) if snap.thousands else bi("table points 4/2/1/0")
        self.footer = f"{bi('Generated')} {esc(when)} · {esc(snap.info.name)} · MCR Referee · {formula}"
        self.games = {k: {g.table: g for g in self.snap.games.get(k, ())} for k in self.sessions}

    # -- the session's figures: Riichi's score and points, or a Chinese system's table points and match points --
    def _score_cell(self, value: float) -> str:
        """A score as a number cell: +55.5, and -20.3 in red (table points: 4, 2.5)."""
        return f'<td class="{"n neg" if value < 0 else "n"}">{self.cols.total_text(value)}</td>'

    def _raw_cell(self, value: float) -> str:
        return f'<td class="n">{self.cols.points_text(value)}</td>'

    def _score_points(self, score: float, raw: float) -> str:
        """Score / points in one cell; on a phone the points go below (as MCR's match points)."""
        return (f'{self.cols.total_text(score)}<span class="sep"> / </span>'
                f'<span class="mp">{self.cols.points_text(raw)}</span>')

    def _stage_points(self, score: float, raw: float) -> str:
        """A stage's score / points in one cell (a half carried keeps the score's second decimal)."""
        return (f'{self.cols.stage_total_text(score)}<span class="sep"> / </span>'
                f'<span class="mp">{self.cols.points_text(raw)}</span>')

    def _stage_cells(self, p: StagePlace | None) -> list[str]:
        """A staged game's columns of the final ranking: the stage reached, its score / points (what places the
        player; carried points included), the part carried."""
        if p is None:  # a row no stage placed: the columns stay aligned
            return [td(""), td("", "n"), td("", "n")]
        carried = (td("–", "n muted") if p.stage == "qualifying"
                   else td(self._stage_points(p.carried_table_points, p.carried_match_points), "n"))
        return [td(_stage_name(p), "stage"),
                td(f"<strong>{self._stage_points(p.table_points, p.match_points)}</strong>", "n"), carried]

    def _per_session(self) -> str:
        return bi(per_session_rule()) if self.snap.thousands else bi("per session: table points / match points")

    def pages(self) -> dict[str, str]:
        out = super().pages()
        for k in self.sessions:  # a game's table pages: from its game sheet (a table seated, nothing played too)
            for t, g in self.games[k].items():
                out[table_path(k, t)] = self.game_table(g)
        return out

    def index(self) -> str:
        snap = self.snap
        after = snap.played_sessions
        n = max([after, *self.sessions], default=0)
        header = [th("Rank", "n"), th("No.", "n wide"), th("Player", "name"), th("Team", "wide")]
        stages = staged(snap.standings)
        if stages:  # what places a staged event's players, first (a phone shows it unscrolled), as MCR's
            header += [th("Stage"), th("Stage pts", "n"), th("Carried", "n")]
        header += [th(self.cols.total, "n"), th(self.cols.points, "n")]
        header += [th("S{n}", "n", n=k) for k in range(1, n + 1)]
        rows = []
        for r in snap.standings:
            by = {e.session: e for e in r.sessions}
            cells = [num(r.rank), td(esc(r.number), "n wide"), td(self._player(r.number, ""), "name"),
                     td(esc(r.team or ""), "wide"), *(self._stage_cells(r.stage) if stages else ()),
                     self._score_cell(r.table_points), self._raw_cell(r.match_points)]
            for k in range(1, n + 1):
                e = by.get(k)
                raw = float(e.result.raw) if e is not None and e.result is not None else 0.0
                cells.append(td(link(table_path(k, e.table), self._score_points(e.table_points, raw)), "n") if e
                             else td("–", "n muted"))
            rows.append(f"<tr>{''.join(cells)}</tr>")
        when = bi("after session {n}", n=after) if after else bi("no session played yet")
        rule = self.cols.ranking_rule(snap.standings)
        body = [f'<p class="note">{when} · {self._per_session()} · {bi(rule)}</p>']
        mark = provisional_text(snap.still_playing)
        if mark:
            body.insert(0, f'<p class="provisional"><strong>{both(*mark)}</strong></p>')
        if rows and n >= SWIPE_FROM:
            body.append(f'<p class="note swipe">{bi("Swipe the table sideways to see every session →")}</p>')
        body.append(table(header, rows, "sticky") if rows else f"<p>{bi('No results yet.')}</p>")
        return self._page("index.html", words(STANDINGS), bi(INDIVIDUAL_STANDINGS), "\n".join(body))

    def teams(self) -> str:
        rows = []
        for t in self.snap.teams:
            members = ", ".join(self._player(m, "", with_number=True) for m in t.members)
            rows.append(f"<tr>{num(t.rank)}{td(esc(t.team))}{self._score_cell(t.table_points)}"
                        f"{self._raw_cell(t.match_points)}{td(members)}</tr>")
        header = [th("Rank", "n"), th("Team"), th(self.cols.total, "n"), th(self.cols.points, "n"), th("Members")]
        body = (f'<p class="note">{bi(team_rule())}</p>' + table(header, rows)) if rows \
            else f"<p>{bi('No teams in this tournament.')}</p>"
        return self._page("teams.html", words("Teams"), bi("Team standings"), body)

    def stage(self, index: int, st: StageRanking) -> str:
        """One stage's own ranking with the game's figures: its score and points (the carried part included),
        the carried part, its sessions' score / points."""
        header = [th("Rank", "n"), th("No.", "n wide"), th("Player", "name"), th("Team", "wide"),
                  th(self.cols.total, "n"), th(self.cols.points, "n"), th("Carried", "n")]
        header += [th("S{n}", "n", n=k) for k in range(st.first_session, st.last_session + 1)]
        rows = []
        for r in st.rows:
            by = {e.session: e for e in r.sessions}
            cells = [num(r.rank), td(esc(r.number), "n wide"), td(self._player(r.number, "../"), "name"),
                     td(esc(r.team or ""), "wide"), td(self.cols.stage_total_text(r.table_points), "n"),
                     self._raw_cell(r.match_points),
                     td(f'{self.cols.stage_total_text(r.carried_table_points)}<span class="sep"> / </span>'
                        f'<span class="mp">{self.cols.points_text(r.carried_match_points)}</span>', "n")]
            for k in range(st.first_session, st.last_session + 1):
                e = by.get(k)
                raw = float(e.result.raw) if e is not None and e.result is not None else 0.0
                cells.append(td(link(f"../{table_path(k, e.table)}", self._score_points(e.table_points, raw)), "n")
                             if e else td("–", "n muted"))
            rows.append(f"<tr>{''.join(cells)}</tr>")
        body = [f'<p class="note">{self._per_session()} · {bi(self.cols.stage_rule)}</p>']
        mark = provisional_text(self.snap.still_playing)
        if mark:
            body.insert(0, f'<p class="provisional"><strong>{both(*mark)}</strong></p>')
        body.append(table(header, rows, "sticky"))
        return self._page(stage_path(index), words("Stage {name}", name=st.name),
                          f'{bi("Stage standings")} · {esc(st.name)}', "\n".join(body))

    def awards(self, a: Awards) -> str:
        """A game's prize list (``db.read.queries.awards``): the best hands by their value, with their yaku, each
        session's best, the most wins and the best team's score and points."""
        def hands(rows: Sequence[AwardHand]) -> str:
            totals = all(h.value is not None and h.value.unit == "total" for h in rows)  # a Chinese system's
            what = ((game_words.CHINESE_COLUMNS["total"], game_words.CHINESE_COLUMNS["fans"]) if totals
                    else (COLUMNS["value"], COLUMNS["yaku"]))
            header = [th("Session", "n"), th("Table", "n"), th("Hand", "n"), th("Player", "name"),
                      th(what[0]), th(what[1])]
            return table(header, (
                f"<tr>{num(h.session)}{td(link(table_path(h.session, h.table), str(h.table)), 'n')}{num(h.hand)}"
                f"{td(self._player(h.player, '', with_number=True), 'name')}{td(_award_value(h))}"
                f"{td(_award_fans(h) or '–')}</tr>" for h in rows))

        none = f"<p>{bi('None yet.')}</p>"
        subs = bi("Substitutes’ hands count") if a.substitutes_count else bi("Substitutes’ hands do not count")
        wins = table([th("Player", "name"), th(NC_("report", "Wins"), "n")], (
            f"<tr>{td(self._player(c.player, '', with_number=True), 'name')}{num(c.count)}</tr>"
            for c in a.most_wins[:BEST_SCORES]))
        body = [f'<p class="note">{subs}</p>',
                f"<h2>{bi(GAME_BEST if a.thousands else GAME_BEST_TOTAL)}</h2>",
                hands(a.best_hands) if a.best_hands else none,
                f"<h2>{bi('Best hand of each session')}</h2>",
                hands(a.best_by_session) if a.best_by_session else none,
                f"<h2>{bi('Most wins')}</h2>", wins if a.most_wins else none, f"<h2>{bi('Best team')}</h2>"]
        team = a.best_team
        body.append(none if team is None else
                    f"<p>{esc(team.team)}: {bi(self.cols.total)} {self.cols.total_text(team.table_points)}, "
                    f"{bi(self.cols.points)} {self.cols.points_text(team.match_points)} · "
                    + ", ".join(self._player(m, "", with_number=True) for m in team.members) + "</p>")
        return self._page("awards.html", words("Awards"), bi("Awards"), "\n".join(body))

    def _result_cells(self, g: GameSheet, i: int) -> str:
        if not self.snap.thousands:  # a Chinese system's session: the points, the place, the table points
            if not g.results:
                return td("–", "n muted") * 3
            r = g.results[i]
            return self._raw_cell(r.raw) + num(r.place) + self._score_cell(r.score)
        if not g.results:
            return td("–", "n muted") * 5
        r = g.results[i]
        return (self._raw_cell(r.raw) + num(r.place) + self._score_cell(r.uma).replace('class="n', 'class="wide n')
                + (self._score_cell(r.penalty) if r.penalty else td("", "n")) + self._score_cell(r.score))

    def _result_header(self) -> list[str]:
        if not self.snap.thousands:
            return [th(self.cols.points, "n"), th("Rank", "n"), th(self.cols.total, "n")]
        return [th(COLUMNS["raw"], "n"), th("Rank", "n"), th(COLUMNS["uma"], "n wide"), th(COLUMNS["penalty"], "n"),
                th(COLUMNS["score"], "n")]

    def session(self, k: int) -> str:
        header = [th("Table", "n"), th("Seat"), th("No.", "n wide"), th("Player"), th("Team", "wide"),
                  *self._result_header()]
        rows = []
        for t, g in sorted(self.games[k].items()):
            order = sorted(range(4), key=lambda i: (g.results[i].place, i)) if g.results else range(4)
            for r, i in enumerate(order):
                p = g.players[i]
                first = td(link(f"../{table_path(k, t)}", str(t)), "n tno") if r == 0 else td("")
                rows.append(f'<tr{" class=top" if r == 0 else ""}>{first}{td(_seat(i), "nw")}'
                            f'{td(esc(p.number), "n wide")}{td(self._player(p.number, "../"), "name")}'
                            f'{td(esc(p.team or ""), "wide")}{self._result_cells(g, i)}</tr>')
        formula = bi(score_formula()) if self.snap.thousands else bi("table points 4/2/1/0")
        body = [f'<p class="note">{formula} · {bi("a table’s four players by rank")}</p>',
                table(header, rows)]
        body += self._game_best(k)
        return self._page(session_path(k), words("Session {n}", n=k), bi("Session {n} results", n=k), "\n".join(body))

    def _game_best(self, k: int) -> list[str]:
        seats = sorted(((g.results[i].score, g.results[i].raw, g.table, i, g) for g in self.games[k].values()
                        if g.results for i in range(4)), key=lambda x: (-x[0], -x[1], x[2], x[3]))
        if not seats:
            return [f"<p>{bi('No results recorded in this session yet.')}</p>"]
        rows = [f"<tr>{num(n)}{td(self._player(g.players[i].number, '../', with_number=True), 'name')}"
                f"{td(link(f'../{table_path(k, g.table)}', str(g.table)), 'n')}{self._score_cell(score)}{self._raw_cell(raw)}</tr>"
                for n, (score, raw, _t, i, g) in enumerate(seats[:BEST_SCORES], start=1)]
        return [f"<h2>{bi('Best scores of the session')}</h2>",
                table([th("#", "n"), th("Player"), th("Table", "n"), th(self.cols.total, "n"), th(self.cols.points, "n")],
                      rows)]

    def game_table(self, g: GameSheet) -> str:
        k, t = g.session, g.table
        rows = [f"<tr>{td(_seat(i), 'nw')}{td(esc(p.number), 'n wide')}{td(self._player(p.number, '../'), 'name')}"
                f"{td(esc(p.team or ''), 'wide')}{self._result_cells(g, i)}</tr>" for i, p in enumerate(g.players)]
        header = [th("Seat"), th("No.", "n wide"), th("Player"), th("Team", "wide"), *self._result_header()]
        status = [bi("{n} hands", n=len(g.hands))]
        if g.time_called_after is not None:
            status.append(bi("time called after hand {n}", n=g.time_called_after))
        if g.next_round is not None and not g.thousands:  # a Chinese system's: no honba, no deposits
            status.append(f"{bi('next hand')}: {_round(g.next_round)}")
        elif g.next_round is not None:  # still playing: the state of the next hand
            status.append(f"{bi('next hand')}: {_round(g.next_round)} · {bi(COLUMNS['honba'])} {g.next_honba}"
                          f" · {bi(COLUMNS['deposits'])} {g.next_deposits}")
        status.append(bi("signed off") if g.signed_off else bi("not signed off yet"))
        body = [f'<p class="note">{link(f"../{session_path(k)}", bi("Session {n} results", n=k))} · '
                + " · ".join(status) + "</p>", table(header, rows)]
        # a phone folds the dealer away (the round says it: E2's dealer sits South), for the players' changes
        hand_header = [th("Hand", "n"), th(COLUMNS["round"]), th("Dealer", "wide"), th(COLUMNS["honba"], "n"),
                       th(COLUMNS["deposits"], "n")]
        hand_header += [f'<th class="n">{_seat(i)}<small class="nm">{esc(p.name)}</small></th>'
                        for i, p in enumerate(g.players)]
        hand_rows = [pair(f"{num(h.hand)}{td(_round(h.round), 'nw')}{td(_seat(h.dealer), 'nw wide')}{num(h.honba)}"
                          f"{num(h.deposits)}{''.join(_change(h, i) for i in range(4))}", self._what(g, h), 9)
                     for h in g.hands]
        note = hands_note()
        if not g.thousands:  # a Chinese system's hands: no honba or deposits; their payments below each
            hand_header = [*hand_header[:3], *hand_header[5:]]
            hand_rows = [pair(f"{num(h.hand)}{td(_round(h.round), 'nw')}{td(_seat(h.dealer), 'nw wide')}"
                              f"{''.join(_change(h, i) for i in range(4))}", self._points_what(g, h), 7)
                         for h in g.hands]
            note = points_hands_note()
        body.append(f"<h2>{bi('Hands')}</h2>")
        body.append(f'<p class="note">{bi(note)}</p>')
        body.append(table(hand_header, hand_rows, "pairs") if hand_rows else f"<p>{bi('No hands recorded yet.')}</p>")
        body += self._rulings(k, t)
        return self._page(table_path(k, t), words("Session {n} table {t}", n=k, t=t),
                          bi("Session {n} · Table {t}", n=k, t=t), "\n".join(body))

    def _what(self, g: GameSheet, h: GameHandView) -> str:
        """A hand's line under its numbers: the outcome, who, each winner's value and yaku, the riichi."""
        name = game_words.OUTCOMES.get(h.kind)
        parts = [f"<strong>{bi(name) if name else esc(h.kind)}</strong>"]
        if h.kind == "abortive" and h.reason:
            reason = game_words.ABORTIVE.get(h.reason)
            parts.append(bi(reason) if reason else esc(h.reason))
        who = self._names(g, ((h.chombo,) if h.chombo is not None else h.nagashi))
        if who:
            parts.append(who)
        if h.kind in ("draw", "nagashi"):
            parts.append(f"{bi(COLUMNS['tenpai'])}: {self._names(g, h.tenpai) or '–'}")
        for w in h.winners:
            line = self._names(g, (w.player,))
            if h.discarder is not None:
                line += f" ← {self._names(g, (h.discarder,))}"
            line += f" · {_value(w)}"
            if w.yaku:
                line += f" · {_yaku(w)}"
            if w.pao is not None:
                line += f" · {bi(COLUMNS['pao'])} {self._names(g, (w.pao,))}"
            parts.append(line)
        if h.riichi:
            parts.append(f"{bi(COLUMNS['riichi'])}: {self._names(g, h.riichi)}")
        return " · ".join(parts)

    def _points_what(self, g: GameSheet, h: GameHandView) -> str:
        """A Chinese system's hand under its numbers: its kind (each win's, on a line of events), the winners
        (winner ← discarder) with their total and fans, then each payment with what it paid each player."""
        numbers = [p.number for p in g.players]
        kinds = [both(*(k or "" for k in pair_)) for pair_ in zip(*(win_lines(h, numbers, g.wording, lang)[0]
                                                                  for lang in base.LANGUAGES), strict=True)]
        parts = [] if h.winners else [f"<strong>{bi(game_words.outcome(h.kind, g.wording))}</strong>"]
        discarders = [d for _, d in wins_of(h, numbers)]
        for n, w in enumerate(h.winners):
            line = f"<strong>{kinds[n]}</strong> " if kinds[n] else ""
            line += self._names(g, (w.player,))
            if discarders[n] is not None:
                line += f" ← {self._names(g, (discarders[n],))}"
            line += f" · {bi(game_words.CHINESE_COLUMNS['total'])} {w.total}"
            if w.fans:
                line += f" · {_fans(w)}"
            parts.append(line)
        for p in payment_words(h, numbers):
            who = f" {self._names(g, (p.seat,))}" if p.seat is not None else ""
            paid = ", ".join(f"{_seat(i)} {c:+,}" for i, c in enumerate(p.changes) if c)
            parts.append(f"{bi(p.word)}{who}: {paid or '0'}")
        return " · ".join(parts)

    def _names(self, g: GameSheet, players: Sequence[int | None]) -> str:
        return ", ".join(self._player(g.players[i].number, "../") for i in players if i is not None)

    def player(self, number: str) -> str:
        p = self.ix.players[number]
        r = self.ix.standing.get(number)
        facts: list[tuple[str, str]] = [(bi("No."), esc(p.number)), (bi("Team"), esc(p.team or "–"))]
        if r is not None:
            facts += [(bi("Rank"), str(r.rank)), (bi(self.cols.total), self.cols.total_text(r.table_points)),
                      (bi(self.cols.points), self.cols.points_text(r.match_points))]
        body = ['<dl class="facts">' + "".join(f"<dt>{label}</dt><dd>{v}</dd>" for label, v in facts) + "</dl>"]
        rows, won = [], []
        for seat in self.ix.seats.get(number, []):
            k, t, i = seat.sheet.session, seat.sheet.table, seat.index
            g = self.games.get(k, {}).get(t)
            if g is None:
                continue
            opponents = "<br>".join(f'<span class="nw">{self._player(o.number, "../")}</span>'
                                    for j, o in enumerate(g.players) if j != i)
            rows.append(f"<tr>{td(link(f'../{session_path(k)}', str(k)), 'n')}"
                        f"{td(link(f'../{table_path(k, t)}', str(t)), 'n')}{td(_seat(i), 'nw wide')}{td(opponents)}"
                        f"{self._result_cells(g, i)}</tr>")
            won += [(g, h, w) for h in g.hands for w in h.winners if w.player == i]
        body.append(f"<h2>{bi('Sessions')}</h2>")
        body.append(table([th("Session", "n"), th("Table", "n"), th("Seat", "wide"), th("Opponents"),
                           *self._result_header()], rows) if rows else f"<p>{bi('Not seated yet.')}</p>")
        body.append(f"<h2>{bi('Hands won ({n})', n=len(won))}</h2>")
        if won:
            body.append(table(
                [th("Session", "n"), th("Table", "n"), th("Hand", "n"), th(COLUMNS["round"]), th(COLUMNS["raw"], "n")],
                [pair(f"{num(g.session)}{td(link(f'../{table_path(g.session, g.table)}', str(g.table)), 'n')}"
                      f"{num(h.hand)}{td(_round(h.round), 'nw')}{_change(h, w.player)}",
                      _win_text(w), 5) for g, h, w in won], "pairs"))
        return self._page(player_path(number), f"{p.name} ({p.number})",
                          f'{esc(p.name)} <span class="tag">{bi("No.")} {esc(p.number)}</span>', "\n".join(body))


def _change(h: GameHandView, i: int) -> str:
    """A player's change in a hand (red when a loss, empty when none) with the points after it below."""
    d = h.deltas[i]
    cls = "n neg" if d < 0 else "n"
    return f'<td class="{cls}">{f"{d:+,}" if d else ""}<small class="rw">{h.scores[i]:,}</small></td>'


def per_session_rule() -> Text:
    return Text("per session: score / points", "report")


def points_hands_note() -> Text:
    return Text("each player's change and points after the hand; below each hand: the wins with their total and "
                "fans, then each payment with each player's change", "report")


def hands_note() -> Text:
    return Text("each player's change and points after the hand; below each hand: the outcome, who, the value "
                "and yaku, the riichi", "report")
