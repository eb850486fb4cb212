"""The import graph inside one of our packages, read with ``ast`` (tests only; ``tests/*/test_imports.py``).

Every import of a module of the same package is an edge: at module level, under ``if TYPE_CHECKING:`` (a
dependency all the same) and inside a function (``nested``: a lazy import, which must say why in a comment).
A room is a package's first level: ``referee_app.pages.sheet`` is in ``referee_app.pages``; a module at
the package's root is a room of its own.
"""

from __future__ import annotations

import ast
from collections.abc import Collection
from dataclasses import dataclass
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True, slots=True)
class Edge:
    """``source`` imports ``target`` at ``line``; ``nested``: inside a function; ``why``: the comment on the
    import or just above it (and the imports grouped with it), "" without one."""

    source: str
    target: str
    line: int
    nested: bool
    why: str


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(package: str) -> dict[str, Path]:
    return {module_name(p): p for p in sorted((ROOT / package).rglob("*.py"))}


def room(module: str) -> str:
    """``referee_app.pages.sheet`` -> ``referee_app.pages``; ``web.cli`` -> ``web.cli``."""
    return ".".join(module.split(".")[:2])


def _why(lines: list[str], node: ast.stmt, import_lines: set[int]) -> str:
    """The comment that gives a lazy import its reason: on its own lines, or right above it or above the
    imports written together with it."""
    end = node.end_lineno or node.lineno
    for number in range(node.lineno, end + 1):
        if "#" in lines[number - 1]:
            return lines[number - 1].split("#", 1)[1].strip()
    number = node.lineno - 1
    while number >= 1 and number in import_lines:
        number -= 1
    above = lines[number - 1].strip() if number >= 1 else ""
    return above[1:].strip() if above.startswith("#") else ""


def imported_names(node: ast.AST, parent: str) -> list[str]:
    """The absolute names an ``import`` or ``from … import`` statement imports (relative ones read from the package
    ``parent``); [] for any other node."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    base = node.module or ""
    if node.level:
        anchor = parent.split(".")[: len(parent.split(".")) - (node.level - 1)]
        base = ".".join(anchor + ([base] if base else []))
    return [f"{base}.{a.name}" for a in node.names]


def imports(package: str, module: str, path: Path, known: dict[str, Path], source: str | None = None) -> list[Edge]:
    """The edges from ``module`` to the other modules of ``package``; ``source``: text to read instead of the
    file's."""
    text = path.read_text(encoding="utf-8") if source is None else source
    lines = text.splitlines()
    tree = ast.parse(text)
    import_lines = {n for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
                    for n in range(node.lineno, (node.end_lineno or node.lineno) + 1)}
    parent = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[Edge] = []

    def target(name: str) -> str | None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    def visit(node: ast.AST, nested: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = nested or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            names = imported_names(child, parent)
            for name in names:
                if name == package or name.startswith(package + "."):
                    t = target(name)
                    if t is not None and t != module:
                        assert isinstance(child, ast.Import | ast.ImportFrom)
                        why = _why(lines, child, import_lines) if nested else ""
                        found.append(Edge(module, t, child.lineno, nested, why))
            visit(child, inner)

    visit(tree, False)
    return found


def graph(package: str) -> list[Edge]:
    known = modules(package)
    return [e for m, p in known.items() for e in imports(package, m, p, known)]


def cycle(nodes: dict[str, set[str]]) -> list[str]:
    """One cycle of the graph (its nodes, the first repeated at the end), or [] when it has none."""
    try:
        TopologicalSorter(nodes).prepare()
    except CycleError as exc:
        return list(exc.args[1])
    return []


def module_graph(edges: list[Edge]) -> dict[str, set[str]]:
    nodes: dict[str, set[str]] = {}
    for e in edges:
        nodes.setdefault(e.source, set()).add(e.target)
    return nodes


def room_graph(edges: list[Edge], allowed: Collection[str] = ()) -> dict[str, set[str]]:
    """Rooms and the rooms they import, less the imports from another room of an ``allowed`` module."""
    nodes: dict[str, set[str]] = {}
    for e in edges:
        a, b = room(e.source), room(e.target)
        if a != b and e.target not in allowed:
            nodes.setdefault(a, set()).add(b)
    return nodes


def imported_from_another_room(edges: list[Edge]) -> set[str]:
    return {e.target for e in edges if room(e.source) != room(e.target)}
