"""db.rules.safe_text: text a spreadsheet would run gets a ', numbers and other text are kept."""

from __future__ import annotations

import doctest

import pytest

from db.rules import safe_text
from db.rules.safe_text import neutralise, safe_cell


def test_docstring_examples() -> None:
    result = doctest.testmod(safe_text)
    assert result.failed == 0 and result.attempted > 0


@pytest.mark.parametrize("text", ["=1+1", "+1", "-1", "@A1", "\tx", "\rx", '=HYPERLINK("http://x","y")'])
def test_formula_starts_are_neutralised(text: str) -> None:
    assert neutralise(text) == "'" + text


@pytest.mark.parametrize("value", [-16, 0, 1.75, -0.5, None, True, "Anna", "张伟", "", " =x", "'=x"])
def test_other_values_are_kept(value: object) -> None:
    assert safe_cell(value) == value and type(safe_cell(value)) is type(value)
