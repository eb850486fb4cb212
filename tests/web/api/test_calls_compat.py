"""The same static scan as ``test_table_page_compat`` over the scripts and styles of the referee calls: the table
page's "Call referee" (``calls.js``, ``calls.css``) and the players' page's refresh (``public.js``)."""

from __future__ import annotations

import re

import pytest

from tests.web.table.test_table_page_compat import CSS, JS, _text


@pytest.mark.parametrize(("name", "pattern", "why"),
                         [(n, p, w) for n in ("calls.js", "public.js") for p, w in JS] +
                         [("calls.css", p, w) for p, w in CSS])
def test_the_calls_and_players_pages_use_nothing_safari_15_or_firefox_115_lacks(name: str, pattern: str,
                                                                               why: str) -> None:
    found = [line for line in _text(name).splitlines() if re.search(pattern, line)]
    assert not found, f"{name}: {why}: {found}"


def test_calls_flex_rows_are_spaced_without_flex_gap() -> None:
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", _text("calls.css")):
        if re.search(r"display\s*:\s*(inline-)?flex", body):
            assert not re.search(r"(^|;|\s)(row-|column-)?gap\s*:", body), selector.strip()
