"""The results website's words come from the catalogue: published with both report languages set to the
pseudo-locale (``reports.pdf.base.LANGUAGES``, as the PDFs' test does), every visible word of every page is
wrapped in ⟦…⟧, apart from the tournament's data (names, teams, numbers, the fan names of ``scoring``, what a
referee typed); and in English and Chinese the pages say what the catalogue says."""

from __future__ import annotations

import random
import re
from datetime import date, datetime
from html.parser import HTMLParser
from pathlib import Path

import pytest

from db.read import queries
from db.rules.profiles import Settlement
from db.service.audit import Actor
from db.service.calls import CallReason, call_referee, resolve_call
from db.service.demo import fill_demo
from db.service.outcomes import PenaltyInput
from db.service.players import PlayerInput, import_players
from db.service.results import call_time, record_draw, record_penalty, record_win
from db.service.seats import seat_session
from db.service.tournament import create_tournament
from db.storage.store import open_database
from reports.pdf import base
from reports.site.pages import build_pages
from reports.snapshot import Snapshot, read_snapshot
from scoring.mcr.fans import FAN_INFO

AT = datetime(2026, 5, 2, 18, 0)
ACTOR = Actor("test", "test")
REMARKS = ("wrong tile", "late by five minutes", "split", "paid to one")
RULINGS = {reason: f"ruling {i}" for i, reason in enumerate(CallReason)}


def _played(path: Path) -> Snapshot:
    """The demo tournament with session 2 played (a draw, time called at a table, penalties of every
    settlement, a ruling for every reason of a call), session 3 begun at one table (the ranking is provisional)
    and a reserve who never played (not ranked)."""
    with open_database(path, create=True, backups=False) as db:
        with db.factory.begin() as s:
            fill_demo(s, ACTOR)
            import_players(s, [PlayerInput("99", "Reserve Player", substitute=True)], ACTOR)
            rng = random.Random(2026)
            tables = [tuple(p.number for p in t.players) for t in queries.seating(s, 2)]
            for t, four in enumerate(tables, start=1):
                for hand in range(1, 17):
                    if hand == 6 and t == 2:
                        record_draw(s, 2, t, hand, actor=ACTOR)
                        continue
                    if hand == 13 and t == 3:
                        call_time(s, 2, t, 12, actor=ACTOR)
                        break
                    winner, flowers = four[rng.randrange(4)], rng.choice((0, 1))
                    self_drawn = rng.random() < 0.3
                    discarder = None if self_drawn else rng.choice([p for p in four if p != winner])
                    record_win(s, 2, t, hand, winner=winner, discarder=discarder, self_drawn=self_drawn,
                               fan=rng.choice((8, 12, 24)) + flowers, flowers=flowers, actor=ACTOR)
            one, two = tables[0], tables[1]
            pid = record_penalty(s, 2, 1, PenaltyInput(one[0], 30, kind="false_win", reason=REMARKS[0], hand=3),
                                 actor=ACTOR)
            record_penalty(s, 2, 1, PenaltyInput(one[1], 10, kind="lateness", reason=REMARKS[1]), actor=ACTOR)
            record_penalty(s, 2, 2, PenaltyInput(two[0], 30, Settlement.OTHERS, kind="rule_violation",
                                                 reason=REMARKS[2]), actor=ACTOR)
            record_penalty(s, 2, 2, PenaltyInput(two[1], 10, Settlement.PLAYER, to=two[2], reason=REMARKS[3]),
                           actor=ACTOR)
            for i, (reason, ruling) in enumerate(RULINGS.items()):
                table = 1 + i % 4
                call = call_referee(s, 2, table, reason.value, actor=ACTOR)
                resolve_call(s, call.id, ruling, penalty=pid if table == 1 and i == 0 else None, hand=2,
                             actor=ACTOR)
            seat_session(s, 3, actor=ACTOR)
            first = queries.seating(s, 3)[0].players
            record_win(s, 3, 1, 1, winner=first[0].number, self_drawn=True, fan=8, flowers=0, actor=ACTOR)
        with db.reader() as s:
            return read_snapshot(s)


def _empty(path: Path) -> Snapshot:
    """A tournament with players only: no teams, nobody seated, no session played."""
    with open_database(path, create=True, backups=False) as db:
        with db.factory.begin() as s:
            create_tournament(s, "Empty Open", "cmr1998", sessions=3, start_date=date(2026, 5, 1), actor=ACTOR)
            import_players(s, [PlayerInput(str(i), f"Player {i}") for i in range(1, 9)], ACTOR)
        with db.reader() as s:
            return read_snapshot(s)


@pytest.fixture(scope="module")
def snapshots(tmp_path_factory: pytest.TempPathFactory) -> list[Snapshot]:
    tmp = tmp_path_factory.mktemp("site-texts")
    return [_played(tmp / "played.mcr"), _empty(tmp / "empty.mcr")]


class VisibleText(HTMLParser):
    """Every piece of text a reader sees on a page, the ``<title>`` included (not the style sheet)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._style = self._style or tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self._style = self._style and tag != "style"

    def handle_data(self, data: str) -> None:
        if not self._style:
            self.parts.append(data)


def visible(html: str) -> str:
    parser = VisibleText()
    parser.feed(html)
    parser.close()
    return " ".join(parser.parts)


def data_of(snap: Snapshot) -> list[str]:
    """What the pages show that is the tournament's, not the catalogue's; longest first."""
    found = {snap.info.name, "MCR Referee", *(c.ruling for c in snap.rulings)}
    found |= {p.reason for sheets in snap.sessions.values() for sheet in sheets for p in sheet.penalties}
    for p in snap.players:
        found |= {p.name, p.number, p.team or ""}
    found |= {name for info in FAN_INFO.values() for name in (info.zh, info.en)}  # scoring's data
    return sorted(filter(None, found), key=len, reverse=True)


def unwrapped(html: str, data: list[str]) -> list[str]:
    """The words of a page outside ⟦…⟧ that are not data."""
    text = re.sub(r"⟦[^⟦⟧]*⟧", " ", visible(html))
    for d in data:
        text = text.replace(d, " ")
    return re.findall(r"[A-Za-z\u4e00-\u9fff]+", text)


def test_every_word_of_the_site_comes_from_the_catalogue(snapshots: list[Snapshot], monkeypatch) -> None:
    monkeypatch.setattr(base, "LANGUAGES", ["xx", "xx"])
    seen = 0
    for snap in snapshots:
        data = data_of(snap)
        for rel, html in build_pages(snap, AT).items():
            assert unwrapped(html, data) == [], rel
            seen += len(re.findall("⟦", html))
    assert seen > 1000


def test_the_pseudo_locale_test_finds_a_word_said_without_the_catalogue(snapshots: list[Snapshot],
                                                                       monkeypatch) -> None:
    """The check above is not blind: a label written as a literal is found."""
    monkeypatch.setattr(base, "LANGUAGES", ["xx", "xx"])
    html = build_pages(snapshots[1], AT)["teams.html"]
    assert unwrapped(html, data_of(snapshots[1])) == []
    assert unwrapped(html.replace("<main>", "<main><p>Team standings 团体排名</p>"), data_of(snapshots[1])) == [
        "Team", "standings", "团体排名"]


def test_the_site_in_english_and_chinese_says_the_catalogue(snapshots: list[Snapshot]) -> None:
    pages = build_pages(snapshots[0], AT)
    table = pages["tables/2-1.html"]
    assert '<html lang="en">' in table
    assert "<title>Session 2 table 1 第2局第1桌 · " in table
    assert '<h1>Session 2 · Table 1 <span lang="zh-Hans">第2局 第1桌</span></h1>' in table
    assert 'Dispute over a hand <span lang="zh-Hans">对一盘有争议</span>' in table  # msgctxt reason_of_call
    assert "<td>False win 错和</td>" in table and "<td>deducted 扣除</td>" in table  # penalty kind, settlement
    assert '<th>Seat<small lang="zh-Hans">座位</small></th>' in table
    assert 'E <span lang="zh-Hans">东</span>' in table  # the winds (msgctxt wind)
    index = pages["index.html"]
    assert '<a href="index.html" aria-current=page>Standings <span lang="zh-Hans">排名</span></a>' in index
    assert '<h1>Standings <span lang="zh-Hans">个人排名</span></h1>' in index  # msgctxt report.individual
    assert 'provisional: 1 table still playing <span lang="zh-Hans">暂定排名：1 桌仍在进行</span>' in index
    player = pages["players/1.html"]
    assert '<th class="n">Points<small lang="zh-Hans">得分</small></th>' in player  # msgctxt report.won
    teams = build_pages(snapshots[1], AT)["teams.html"]
    assert '<span lang="zh-Hans">本比赛没有队伍。</span>' in teams  # 比赛 for a tournament (docs/glossary.md)


def test_the_prize_lists_fan_names_are_text_not_markup(snapshots: list[Snapshot]) -> None:
    """The fans of a best hand were escaped twice: the page showed ``<span lang="zh-Hans">`` as text."""
    awards = build_pages(snapshots[0], AT)["awards.html"]
    assert "&lt;span" not in awards
    assert re.search(r'<td>[A-Z][\w -]+ <span lang="zh-Hans">[\u4e00-\u9fff]+</span>', awards)
