"""The db package has no import cycle, and no db-internal import hides inside a function to dodge one.

Every module under ``db/`` is parsed with ``ast``; each import of a db module (at any depth, also inside
functions) is an edge of the graph, which must be acyclic. Imports under ``if TYPE_CHECKING:`` never run and
are left out. Lazy imports of other packages (alembic, the scoring engine) inside functions are fine.
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
DB = ROOT / "db"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(DB.rglob("*.py")) if "migrations" not in p.parts}


def _target(name: str) -> str | None:
    """The db module ``name`` names: itself, or the package or module that defines it."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(module: str, path: Path) -> list[tuple[str, bool]]:
    """(imported db module, whether the import sits inside a function or class) for every import."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, nested: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if _is_type_checking(child):
                continue
            inner = nested or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda)
            names: list[str] = []
            if isinstance(child, ast.Import):
                names = [a.name for a in child.names]
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[: len(package.split(".")) - (child.level - 1)]
                    base = ".".join(anchor + ([base] if base else []))
                names = [f"{base}.{a.name}" for a in child.names]
            for name in names:
                if name == "db" or name.startswith("db."):
                    target = _target(name)
                    if target is not None and target != module:
                        found.append((target, nested))
            visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


GRAPH = {m: _imports(m, p) for m, p in MODULES.items()}


def test_the_check_sees_the_db_modules() -> None:
    assert {"db.service.results", "db.queries", "db.cli"} <= set(MODULES)
    assert ("db.service.lookup", False) in GRAPH["db.queries"]


def test_no_import_cycle_in_db() -> None:
    sorter = TopologicalSorter({m: {t for t, _nested in edges} for m, edges in GRAPH.items()})
    try:
        sorter.prepare()
    except CycleError as exc:
        pytest.fail(f"import cycle: {' -> '.join(exc.args[1])}")


def test_no_db_import_inside_a_function() -> None:
    hidden = sorted(f"{m} imports {t}" for m, edges in GRAPH.items() for t, nested in edges if nested)
    assert hidden == []
