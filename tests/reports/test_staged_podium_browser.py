"""A staged event's standings on the results website and on the players' page, in a
real browser at 390×844, show the stage and the stage's points without scrolling sideways (they decide the
places, so they come before the whole event's totals), and the rule line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from reports.cli import main
from tests.browsers import BOTH, driver_for
from tests.reports.site.test_site_browser import serve
from tests.staged_event import build_staged_event
from tools.browser import missing

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Iterator[object]:
    yield from driver_for(request)


def _right_edges(driver, header: str) -> tuple[float, list[float], float]:  # type: ignore[no-untyped-def]
    """(the viewport's width, the right edge of each cell of the column headed ``header``, the page's
    sideways scroll) in CSS pixels."""
    return driver.execute_script("""
        const th = [...document.querySelectorAll('table thead th')].find(t => t.textContent.startsWith(arguments[0]));
        const i = [...th.parentNode.children].indexOf(th);
        const cells = [...document.querySelectorAll('table tbody tr')].map(r => r.children[i]);
        return [window.innerWidth, cells.map(c => c.getBoundingClientRect().right), window.scrollX];
    """, header)


@BOTH
def test_the_site_shows_the_stage_points_unscrolled_on_a_phone(browser, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    build_staged_event(tmp_path / "staged.sqlite").close()
    assert main(["--db", str(tmp_path / "staged.sqlite"), "publish", "-o", str(tmp_path / "site")]) == 0
    with serve(tmp_path / "site") as url:
        browser.get(url + "index.html")  # type: ignore[attr-defined]
        width, edges, scrolled = _right_edges(browser, "Stage pts")
        assert width == 390 and scrolled == 0 and len(edges) == 8
        assert max(edges) <= width, edges
        text = browser.find_element("tag name", "main").text  # type: ignore[attr-defined]
        assert "places: the stage reached first" in text and "名次：先看所达阶段" in text
        browser.get(url + "stages/1.html")  # type: ignore[attr-defined]
        width, edges, _ = _right_edges(browser, "Carried")
        assert len(edges) == 4 and max(edges) <= width  # the final's four, every column on the screen


@BOTH
def test_the_players_page_fits_a_phone_with_the_stage_columns(browser, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from db import open_database
    from web.public.page import Page, read_public

    build_staged_event(tmp_path / "staged.sqlite").close()
    db = open_database(str(tmp_path / "staged.sqlite"))
    try:
        data = read_public(db)
    finally:
        db.close()
    (tmp_path / "page").mkdir()
    (tmp_path / "page" / "index.html").write_text(Page(data, "en").index(""), encoding="utf-8")
    with serve(tmp_path / "page") as url:
        browser.get(url)  # type: ignore[attr-defined]
        width, edges, scrolled = _right_edges(browser, "Match pts")  # the last column
        assert width == 390 and scrolled == 0 and max(edges) <= width, edges
        text = browser.find_element("tag name", "main").text  # type: ignore[attr-defined]
        assert "carried 2 / -12" in text and "places: the stage reached first" in text
