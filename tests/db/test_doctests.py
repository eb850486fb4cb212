"""The examples in the db modules' docstrings are true (pytest collects doctests only under scoring/)."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("module", ["db.rotation", "db.scores", "db.seating", "db.service"])
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0
    assert result.attempted > 0
