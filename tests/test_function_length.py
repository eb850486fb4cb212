"""No function of the product is over 80 lines unless its docstring says why ("Long because ..."): a long
function is split into smaller ones, named by what they do (issue 31 §4)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("scoring", "db", "reports", "web", "referee_app", "texts")
MAX_LINES = 80
REASON = "Long because"


def long_functions(source: str, name: str) -> list[str]:
    """``name:line function (n lines)`` for each function over ``MAX_LINES`` lines (from its ``def`` to its
    last line, nested functions included) whose docstring gives no reason."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > MAX_LINES and REASON not in (ast.get_docstring(node) or ""):
                found.append(f"{name}:{node.lineno} {node.name} ({lines} lines)")
    return found


def test_no_function_is_over_80_lines_without_a_reason():
    found = [line for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))
             for line in long_functions(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert not found, f"split these, or say in the docstring why not ({REASON} ...): {found}"


def test_a_long_function_passes_only_with_a_reason():
    body = "".join(f"    x{i} = {i}\n" for i in range(MAX_LINES))
    assert long_functions(f"def f():\n{body}", "m.py") == [f"m.py:1 f ({MAX_LINES + 1} lines)"]
    assert long_functions(f'def f():\n    """{REASON} it is a table."""\n{body}', "m.py") == []
    assert long_functions(f"def f():\n{body[:-len('    x79 = 79')-1]}", "m.py") == []
