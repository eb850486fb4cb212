"""The db package has no import cycle, and no db-internal import hides inside a function to dodge one.

Every module under ``db/`` is parsed with ``ast``; each import of a db module (at any depth, also inside
functions, and under ``if TYPE_CHECKING:``) is an edge of the graph, which must be acyclic. An import only for
types is still a dependency: two modules that name each other's types are one design split across two files
(``backups``, ``database`` and ``transfer`` were a circle that way). A string that is a db module's name
is an import too: ``db.commands.cli`` names the command modules it imports with importlib, each when its command runs.
Lazy imports of other packages (alembic, the scoring engine) inside functions are fine.
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

from tests.import_graph import imported_names

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


def _imports(module: str, path: Path, source: str | None = None) -> list[tuple[str, bool]]:
    """(imported db module, whether the import sits inside a function or class) for every import, those under
    ``if TYPE_CHECKING:`` included, and every string that names a db module (data for importlib: never hidden,
    wherever it stands); ``source``: the text to read instead of the file's."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, nested: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = nested or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda)
            names = imported_names(child, package)
            if isinstance(child, ast.Constant) and isinstance(child.value, str) and child.value.startswith("db.") \
                    and child.value in MODULES and child.value != module:
                found.append((child.value, False))
            for name in names:
                if name == "db" or name.startswith("db."):
                    target = _target(name)
                    if target is not None and target != module:
                        found.append((target, nested))
            visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8") if source is None else source), False)
    return found


GRAPH = {m: _imports(m, p) for m, p in MODULES.items()}


def test_the_check_sees_the_db_modules() -> None:
    assert {"db.service.results", "db.read.queries", "db.commands.cli"} <= set(MODULES)
    assert ("db.read.lookup", False) in GRAPH["db.read.players"]
    assert ("db.read.standings", False) in GRAPH["db.read.queries"]


def test_the_check_counts_module_names_given_to_importlib() -> None:
    assert ("db.commands.results", False) in GRAPH["db.commands.cli"]
    source = "import importlib\ndef load():\n    return importlib.import_module('db.read.views')\n"
    assert _imports("db.commands.cli", MODULES["db.commands.cli"], source) == [("db.read.views", False)]


def test_the_check_counts_imports_only_for_types() -> None:
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from db.storage.database import Database\n"
    assert _imports("db.storage.backups", MODULES["db.storage.backups"], source) == [("db.storage.database", False)]


def test_no_import_cycle_in_db() -> None:
    sorter = TopologicalSorter({m: {t for t, _nested in edges} for m, edges in GRAPH.items()})
    try:
        sorter.prepare()
    except CycleError as exc:
        pytest.fail(f"import cycle: {' -> '.join(exc.args[1])}")


def test_no_db_import_inside_a_function() -> None:
    hidden = sorted(f"{m} imports {t}" for m, edges in GRAPH.items() for t, nested in edges if nested)
    assert hidden == []


def _private_uses(path: Path) -> set[str]:
    """The ``_names`` this module reads off something other than ``self``/``cls`` or a module it imports
    (``argparse._SubParsersAction`` is argparse's business), less those it defines itself."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {(a.asname or a.name).split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)
                for a in n.names}
    defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.ClassDef)}
    defined |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store)}
    defined |= {n.target.id for n in ast.walk(tree) if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
    used = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr.startswith("_")
            and not n.attr.startswith("__") and ast.unparse(n.value) not in {"self", "cls", *imported}}
    return used - defined


# The store's engine hook runs the open Database's check before each write (db.storage.store builds the Database).
KNOWN_PRIVATE = {"db.storage.store": {"_before_write"}}


def test_no_module_reaches_into_another_ones_private_members() -> None:
    """A module uses another module's objects through their public names only (``Backups`` read
    ``Database._keeper`` and took ``Database._lock``)."""
    reaching = {m: uses for m, p in MODULES.items() if (uses := _private_uses(p) - KNOWN_PRIVATE.get(m, set()))}
    assert reaching == {}


def test_the_rules_are_pure() -> None:
    """``db/rules/`` holds pure tournament rules (the ranking keys out of the read side among them): no
    SQLAlchemy, and of ``db`` only the errors and other rules."""
    allowed = {"db.errors", "db.messages"}
    impure = {}
    for module, path in MODULES.items():
        if not module.startswith("db.rules."):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        bad = sorted(n for n in names if n.split(".")[0] == "sqlalchemy"
                     or (n.startswith("db.") and n not in allowed and not n.startswith("db.rules.")))
        if bad:
            impure[module] = bad
    assert "db.rules.ranking" in MODULES and impure == {}
