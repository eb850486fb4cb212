"""The examples in the reports modules' docstrings are true (pytest collects doctests only under scoring/)."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("module", ["reports.pdf.base", "reports.pdf.fonts", "reports.pdf.seating", "reports.site.layout",
                                    "reports.pdf.game_sheet",
                                    "reports.site.pages"])
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0
    assert result.attempted > 0
