"""Refusals are told apart by their ``code`` (or ``isinstance``), never by their class's name: a code is the
store's promise, a class name is an accident of where the refusal was raised."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("scoring", "db", "reports", "web", "referee_app", "texts")


def _is_class_name(node: ast.AST) -> bool:
    """``type(x).__name__`` or ``x.__class__.__name__``."""
    return isinstance(node, ast.Attribute) and node.attr == "__name__" and (
        (isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name) and node.value.func.id == "type")
        or (isinstance(node.value, ast.Attribute) and node.value.attr == "__class__"))


def _looks_up_class_name(node: ast.AST) -> bool:
    """``type(e).__name__ == "X"``, ``STEPS.get(type(e).__name__)`` or ``STEPS[type(e).__name__]``."""
    if isinstance(node, ast.Compare):
        return any(map(_is_class_name, [node.left, *node.comparators]))
    if isinstance(node, ast.Call):
        return (isinstance(node.func, ast.Attribute) and node.func.attr == "get" and bool(node.args)
                and _is_class_name(node.args[0]))
    return isinstance(node, ast.Subscript) and _is_class_name(node.slice)


def _sorting_by_class_name(tree: ast.AST) -> list[int]:
    """Lines that compare a class name or look it up; showing the name to people is fine."""
    return sorted(node.lineno for node in ast.walk(tree) if _looks_up_class_name(node))  # type: ignore[attr-defined]


def test_no_refusal_is_sorted_by_its_class_name():
    found = [f"{path.relative_to(ROOT)}:{line}" for package in PACKAGES
             for path in sorted((ROOT / package).rglob("*.py"))
             for line in _sorting_by_class_name(ast.parse(path.read_text(encoding="utf-8")))]
    assert not found, f"decide by the error's code (or isinstance), not its class name: {found}"


def test_the_check_sees_a_class_name_compared_or_looked_up():
    code = 'a = type(e).__name__ == "StaleTableError"\nb = STEPS.get(type(e).__name__)\nc = e.__class__.__name__ in X\n'
    assert _sorting_by_class_name(ast.parse(code)) == [1, 2, 3]
    assert _sorting_by_class_name(ast.parse('print(f"{type(e).__name__}: {e}")')) == []
