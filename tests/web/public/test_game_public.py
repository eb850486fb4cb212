"""The players' page of a game tournament (Riichi, ``db.read.games.is_game``) writes its totals as the rule system
does (``db.read.games.standing_columns``): the score in thousands (+27.1) and the raw points (67,100), titled
"Score" and "Points" (得分, 点数), in the standings, the teams, a staged event's stage cells, a player's facts and
sessions, as the desk's standings page does; never table and match points. Served by the real server over real
tournament files made with the ``mcr-tournament`` commands (tests/reports/game_event.py)."""

from __future__ import annotations

import html
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from db.service.public_page import set_public_settings
from db.storage.store import open_database
from tests.browsers import serving
from tests.db.helpers import ACTOR
from tests.reports.game_event import build
from tests.reports.test_game_stages_teams import build_staged


def get(url: str, lang: str) -> str:
    request = urllib.request.Request(url, headers={"Accept-Language": lang})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return str(answer.read().decode("utf-8"))


def rows(page: str, table: str) -> list[list[str]]:
    """The rows of ``<table class="{table}">`` as their cells' texts (tags dropped, spaces squeezed)."""
    body = page.split(f'<table class="{table}">', 1)[1].split("</table>", 1)[0]
    return [[" ".join(html.unescape(re.sub(r"<[^>]+>", " ", cell)).split())
             for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", tr)]
            for tr in re.findall(r"<tr>(.*?)</tr>", body)]


def facts(page: str) -> dict[str, str]:
    body = page.split('<dl class="facts">', 1)[1].split("</dl>", 1)[0]
    return dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", body))


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Eight players in four teams, two sessions of an EMA 2016 tournament, every game over; its server's URL."""
    with open_database(build(tmp_path_factory.mktemp("game_public"))) as database:
        for srv in serving(database):
            yield srv.url


def test_a_games_standings_and_teams_show_the_score_and_the_points_in_english(event: str) -> None:
    page = get(event + "/", "en")
    standings = rows(page, "standings")
    assert standings[0] == ["Rank", "Player", "Score", "Points"]
    assert standings[1] == ["1", "Alice Ang 1 · Kyoto", "+36.1", "86,100"]
    assert standings[-1] == ["8", "高玲 Gao Ling 7 · Kobe", "-42.9", "37,100"]
    assert "ranking by score, then points" in page
    teams = rows(page, "teams")
    assert teams[0] == ["Rank", "Team", "Score", "Points"]
    assert teams[1:] == [["1", "Kyoto", "+63.2", "153,200"], ["2", "Osaka", "+46.8", "146,800"],
                         ["3", "Nara", "-66.8", "93,200"], ["4", "Kobe", "-83.2", "86,800"]]
    assert "Table pts" not in page and "Match pts" not in page and "table points" not in page


def test_a_games_standings_and_teams_show_the_score_and_the_points_in_chinese(event: str) -> None:
    page = get(event + "/", "zh-CN")
    assert rows(page, "standings")[0] == ["名次", "选手", "得分", "点数"]
    assert rows(page, "teams")[1] == ["1", "Kyoto", "+63.2", "153,200"]
    assert "先比得分，再比点数" in page
    assert "标准分" not in page and "比赛分" not in page


def test_a_players_page_in_a_game_gives_their_score_points_and_each_sessions_result(event: str) -> None:
    page = get(event + "/p/3", "en")
    assert facts(page) == {"No.": "3", "Team": "Kyoto", "Rank": "2", "Score": "+27.1", "Points": "67,100"}
    # each game's points at the end, its place and its score: 38,200 is +8.2, first's uma +15
    assert rows(page, "sessions") == [["Session", "Table", "Seat", "Points", "Rank", "Score"],
                                      ["1", "2", "West", "38,200", "1", "+23.2"],
                                      ["2", "2", "East", "28,900", "2", "+3.9"]]
    zh = get(event + "/p/3", "zh-CN")
    assert facts(zh)["得分"] == "+27.1" and rows(zh, "sessions")[0][3:] == ["点数", "名次", "得分"]


def test_a_staged_games_stage_cells_keep_the_carried_halfs_second_decimal(tmp_path: Path) -> None:
    with open_database(build_staged(tmp_path)) as database:
        for srv in serving(database):
            page = get(srv.url + "/", "en")
            me = get(srv.url + "/p/2", "en")
    standings = rows(page, "standings")
    assert standings[0] == ["Rank", "Player", "Stage", "Stage pts", "Score", "Points"]
    # B carried half of +21.9 and 36,900 into the final: +10.95 and 18,450
    assert standings[2] == ["2", "B 2 · x", "Final carried +10.95 / 18,450", "+16.35 48,850", "+27.3", "67,300"]
    assert standings[-1] == ["8", "C 3 · y", "Qualifying", "-21.2 23,800", "-21.2", "23,800"]
    assert "then that stage's score, then its points" in html.unescape(page)
    assert facts(me)["Stage pts"] == "+16.35 / 48,850"


def test_a_games_later_sessions_stay_hidden_on_a_players_page_when_the_standings_are(tmp_path: Path) -> None:
    with open_database(build(tmp_path)) as database:
        with database.factory.begin() as s:
            set_public_settings(s, hide_standings_after=1, actor=ACTOR)
        for srv in serving(database):
            page = get(srv.url + "/p/3", "en")
    assert rows(page, "sessions")[1:] == [["1", "2", "West", "38,200", "1", "+23.2"], ["2", "2", "East", "–", "–", "–"]]
    assert facts(page)["Score"] == "+23.2"  # the standings after session 1


def test_a_players_page_in_a_game_lists_the_hands_they_won_and_dealt_in_with_their_value(event: str) -> None:
    """The page read MCR's hand rows only, so every Riichi player had "Hands won (0)" and "Dealt in (0)"."""
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", get(event + "/p/4", "en"))).split())
    assert "Hands won (1) S1 T1 hand 1 3 han 40 fu · +5200 · from 高玲 Gao Ling" in text
    assert "Dealt in (1) S2 T2 hand 1 2 han 30 fu · -2900 · won by 陈伟 Chen Wei" in text
    one = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", get(event + "/p/1", "zh-CN"))).split())
    assert "役满" in one and "门前清自摸和 1" in one  # the yaku in the page's language
