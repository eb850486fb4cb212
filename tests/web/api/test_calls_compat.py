"""The same static scan as ``test_table_page_compat`` over the scripts and styles of the referee calls: the table
page's "Call referee" (``calls.js``, ``calls.css``) and the players' page's refresh (``public.js``)."""

from __future__ import annotations

import pytest

from tests.web.table.test_table_page_compat import CSS, JS, flex_rows_with_gap, lines_using


@pytest.mark.parametrize(("name", "pattern", "why"),
                         [(n, p, w) for n in ("calls.js", "public.js") for p, w in JS] +
                         [("calls.css", p, w) for p, w in CSS])
def test_the_calls_and_players_pages_use_nothing_safari_15_or_firefox_115_lacks(name: str, pattern: str,
                                                                               why: str) -> None:
    found = lines_using(name, pattern)
    assert not found, f"{name}: {why}: {found}"


def test_calls_flex_rows_are_spaced_without_flex_gap() -> None:
    assert flex_rows_with_gap("calls.css") == []
