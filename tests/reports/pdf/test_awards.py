"""The prize list PDF (``report awards``) parsed back: the best hand, each session's best, the sections in
both languages."""

from __future__ import annotations

import io
from datetime import datetime
from pathlib import Path

from pypdf import PdfReader

from db.read import queries
from db.read.views import AwardCount, AwardHand, Awards, FanView, TeamStandingRow
from db.storage.store import open_database
from reports.pdf.awards import AwardsReport, PrizeList
from tests.reports.conftest import fonts, pages_text
from tests.reports.test_cli import _run, played  # noqa: F401 - the played tournament as a fixture


def test_report_awards_from_a_played_session(played: tuple[Path, dict[int, tuple[str, ...]]],  # noqa: F811
                                             tmp_path: Path) -> None:
    db, seats = played
    out = tmp_path / "prizes.pdf"
    _run(db, "report", "awards", "-o", str(out))
    data = out.read_bytes()
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
    with open_database(db, writable=False) as database, database.reader() as s:
        awards = queries.awards(s)
        names = {p.number: p.name for p in queries.players(s)}
    best = awards.best_hands[0]
    assert (best.session, best.table, best.hand, best.fan) == (1, 1, 16, 40) and best.player == seats[1][0]
    for expected in ("Prize list 奖项", "Best hands (highest fan totals) 最佳牌", "Best hand of each session 各局最佳牌",
                     "Chicken hands 无番和", "No chicken hand.", "Most wins 和牌最多", "Best team 最佳团队",
                     f"{names[best.player]} ({best.player})", "Page 1 of"):
        assert expected in text
    assert all(fonts(data).values())


def test_prize_list_lists_the_hands_with_their_fans(generated_at: datetime) -> None:
    fans = (FanView("CHICKEN_HAND", "无番和", "Chicken Hand", 8),)
    hands = tuple(AwardHand(1, t, 2, str(t), f"选手 {t}", 8 if t == 3 else 40 - t, fans if t == 3 else ())
                  for t in range(1, 4))
    awards = Awards(hands, hands[:1], (AwardCount("3", "选手 3", 1),), (AwardCount("1", "选手 1", 2),),
                    TeamStandingRow(1, "北京队", 12.5, 80, ("1", "3")), False)
    pages = pages_text(AwardsReport(generated_at=generated_at).render(PrizeList("公开赛 Open", awards)))
    text = "\n".join(pages)
    assert "选手 3 (3)" in text and "无番和" in text and "北京队: 12.5 table points 标准分, +80 match points" in text
    assert "Substitutes' hands do not count" in text and "2026-11-29 18:05" in text


def test_the_website_has_the_awards_page(played: tuple[Path, dict[int, tuple[str, ...]]],  # noqa: F811
                                         tmp_path: Path) -> None:
    db, seats = played
    _run(db, "publish", "-o", str(tmp_path / "site"))
    html = (tmp_path / "site" / "awards.html").read_text(encoding="utf-8")
    assert "Best hands" in html and "无番和" in html and 'href="tables/1-1.html"' in html
    assert f'href="players/{seats[1][0]}.html"' in html
    assert 'href="awards.html"' in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")


def test_the_prize_list_names_each_fan_in_english_and_chinese(generated_at: datetime) -> None:
    """As the other bilingual outputs do (the fans were in Chinese only)."""
    fans = (FanView("FULL_FLUSH", "清一色", "Full Flush", 24), FanView("ALL_PUNGS", "碰碰和", "All Pungs", 6, 2))
    hands = (AwardHand(1, 1, 2, "1", "Li Na", 36, fans),)
    awards = Awards(hands, hands, (), (), None, False)
    text = " ".join(" ".join(pages_text(AwardsReport(generated_at=generated_at).render(PrizeList("Open", awards))))
                    .split())
    assert "Full Flush 清一色 · All Pungs 碰碰和 ×2" in text
