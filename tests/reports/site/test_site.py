"""The results website parsed back with html.parser: every link resolves, every player has a page that
the standings reach, nothing loads from outside or runs, names are text."""

from __future__ import annotations

import contextlib
import io
import json
from collections import deque
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from reports.cli import main
from reports.site.pages import player_path
from tests.reports.hostile import HOSTILE, build


class Page(HTMLParser):
    """Links, tags and the visible text of one page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.tags: list[str] = []
        self.resources: list[str] = []  # src= and <link href=>
        self.text: list[str] = []
        self.meta: list[dict[str, str | None]] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        a = dict(attrs)
        if tag == "a" and a.get("href"):
            self.links.append(str(a["href"]))
        if a.get("src"):
            self.resources.append(str(a["src"]))
        if tag == "link":
            self.resources.append(str(a.get("href")))
        if tag == "meta":
            self.meta.append(a)
        if tag in ("style", "title"):
            self._skip += 1
        if any(k.startswith("on") for k in a):
            raise AssertionError(f"event handler attribute in <{tag}>")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "title"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.text.append(data)

    @property
    def visible(self) -> str:
        return " ".join("".join(self.text).split())


def parse(path: Path) -> Page:
    p = Page()
    p.feed(path.read_text(encoding="utf-8"))
    p.close()
    return p


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[int, tuple[str, ...]]]:
    tmp = tmp_path_factory.mktemp("site")
    db, seats = build(tmp)
    out = tmp / "public" / "site"  # the folder and its parent are created
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["--db", str(db), "publish", "-o", str(out)]) == 0
    assert "pages" in buf.getvalue()
    return db, out, seats


def _pages(root: Path) -> dict[str, Page]:
    return {p.relative_to(root).as_posix(): parse(p) for p in sorted(root.rglob("*.html"))}


def test_the_pages_that_are_promised(site) -> None:
    _, root, seats = site
    pages = set(_pages(root))
    expected = {"index.html", "teams.html", "awards.html", "sessions/1.html", "sessions/2.html"}
    expected |= {f"tables/{k}-{t}.html" for k in (1, 2) for t in (1, 2)}
    expected |= {player_path(n) for n in HOSTILE}
    assert pages == expected


def test_every_link_resolves_and_every_player_is_reached_from_the_standings(site) -> None:
    _, root, _ = site
    pages = _pages(root)
    for rel, page in pages.items():
        assert page.links, rel
        for href in page.links:
            url = urlsplit(href)
            assert not url.scheme and not url.netloc, (rel, href)  # nothing outside the folder
            target = (root / rel).parent / unquote(url.path)
            assert target.resolve().is_file(), (rel, href)
            assert target.resolve().is_relative_to(root.resolve()), (rel, href)
    seen, todo = {"index.html"}, deque(["index.html"])
    while todo:  # follow links from the standings
        rel = todo.popleft()
        for href in pages[rel].links:
            target = ((root / rel).parent / urlsplit(href).path).resolve().relative_to(root.resolve()).as_posix()
            if target not in seen:
                seen.add(target)
                todo.append(target)
    assert seen == set(pages)
    index_links = set(pages["index.html"].links)
    assert {player_path(n) for n in HOSTILE} <= index_links  # every ranked player straight from the standings


def test_no_script_no_external_css_or_fonts_and_a_phone_viewport(site) -> None:
    _, root, _ = site
    for rel, page in _pages(root).items():
        assert "script" not in page.tags and "link" not in page.tags and "iframe" not in page.tags, rel
        assert page.resources == [], rel
        assert page.tags.count("style") == 1, rel
        assert {"name": "viewport", "content": "width=device-width, initial-scale=1"} in page.meta, rel
        css = (root / rel).read_text(encoding="utf-8")
        assert "@import" not in css and "url(" not in css and "@font-face" not in css, rel


def test_names_are_text(site) -> None:
    _, root, _ = site
    pages = _pages(root)
    index = pages["index.html"]
    for name, team in HOSTILE.values():
        assert name in index.visible and team in index.visible
    assert "<script>" not in (root / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;" in (root / "index.html").read_text(encoding="utf-8")
    player = pages[player_path("5")]
    assert '<script>alert("x")</script>' in player.visible and "b" not in player.tags
    assert "=Open <i>2026</i> 公开赛" in index.visible and "i" not in index.tags


def test_standings_have_session_columns_in_both_languages(site) -> None:
    db, root, _ = site
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["--db", str(db), "standings", "--format", "json"]) == 0
    standings = json.loads(buf.getvalue())
    text = parse(root / "index.html").visible
    for label in ("Standings", "个人排名", "Rank", "名次", "Table pts", "标准分", "S1", "第1局", "S2", "第2局"):
        assert label in text
    first = standings[0]
    assert f"{first['name']}" in text
    s1 = first["sessions"][0]
    assert f"tables/1-{s1['table']}.html" in parse(root / "index.html").links


def test_session_page_lists_tables_best_scores_and_biggest_hands(site) -> None:
    _, root, seats = site
    page = parse(root / "sessions/1.html")
    text = page.visible
    for label in ("Best scores of the session", "本局最高分", "Biggest hands", "最大番和牌"):
        assert label in text
    assert {"../tables/1-1.html", "../tables/1-2.html"} <= set(page.links)
    assert "No results recorded in this session yet." in parse(root / "sessions/2.html").visible


def test_table_page_is_the_score_sheet(site) -> None:
    _, root, seats = site
    page = parse(root / "tables/1-1.html")
    text = page.visible
    assert "Pure Straight" in text and "清龙" in text  # the scored hand's fans by name
    assert "self-drawn 自摸" in text and "draw 荒牌" in text
    assert "False win 错和" in text and "=1+1 wrong tile" in text
    assert "8 of 16 hands recorded" in text
    assert {f"../{player_path(n)}" for n in seats[1]} <= set(page.links)


def test_player_page(site) -> None:
    _, root, seats = site
    n = seats[1][0]  # won hand 1 of table 1 by discard from seats[1][1]
    page = parse(root / player_path(n))
    text = page.visible
    for label in ("Sessions", "各局成绩", "Hands won", "和牌", "Dealt in", "点炮", "Opponents", "对手"):
        assert label in text
    opponents = {f"../{player_path(o)}" for o in seats[1] if o != n}
    assert opponents <= set(page.links)
    assert {"../tables/1-1.html", "../sessions/1.html", "../sessions/2.html"} <= set(page.links)
    dealer_in = parse(root / player_path(seats[1][1])).visible
    assert "Dealt in (" in dealer_in and "Dealt in (0)" not in dealer_in


def test_republish_removes_pages_that_are_gone(site, tmp_path: Path) -> None:
    db, root, _ = site
    stale = root / "players" / "999.html"
    stale.write_text("old", encoding="utf-8")
    (root / "notes.txt").write_text("mine", encoding="utf-8")
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["--db", str(db), "publish", "-o", str(root)]) == 0
    assert not stale.exists() and (root / "notes.txt").exists()


def test_a_substitute_who_played_is_not_listed_among_the_reserves_who_have_not(tmp_path: Path) -> None:
    """A walk-through: 赵敏 (a substitute, +60 in session 1) was listed under "Not ranked (reserves
    who have not played)". Substitutes are not ranked (docs/tournament.md), and one who played says so."""
    from tests.substitutes_event import run_cli, seated_with_substitutes

    db = seated_with_substitutes(tmp_path, "6,Jan Vries,yes\n")
    (tmp_path / "r.jsonl").write_text(json.dumps({"session": 1, "table": 1, "hand": 1, "type": "draw"}) + "\n",
                                      encoding="utf-8")
    run_cli(db, "results", "import", str(tmp_path / "r.jsonl"))
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["--db", str(db), "publish", "-o", str(tmp_path / "site")]) == 0
    text = parse(tmp_path / "site" / "index.html").visible
    played = text.split("Not ranked (substitutes who played)")
    assert len(played) == 2, text
    assert "Zhao Min (5)" in played[1].split("Not ranked (reserves")[0]
    reserves = text.split("Not ranked (reserves who have not played) 未排名（未上场的替补）")[1]
    assert "Jan Vries (6)" in reserves and "Zhao Min" not in reserves
