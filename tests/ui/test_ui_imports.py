"""The UI's modules import each other in one direction: no cycle, and no import hidden in a function to dodge one.

The graph counts imports inside functions too, so a deferred import can never hide a cycle. Only the
entry points (the app, its command line, the self-tests, ``python -m game.ui.table``) may defer an
import, so that pygame loads after the headless drivers are chosen and ``--version`` stays cheap.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "game" / "ui"
ENTRY_POINTS = {"game.ui.app", "game.ui.cli", "game.ui.selftest", "game.ui.table.__main__"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_ui_modules(path: Path, known: set[str]) -> list[tuple[str, int, bool]]:
    """(module, line, inside a function) for each game.ui module that ``path`` imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    function_lines = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, (ast.Import, ast.ImportFrom)):
                    function_lines.add(inner.lineno)
    # Imports for type checkers only never run, so they cannot make a cycle.
    typing_only = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", getattr(node.test, "attr", None)) == "TYPE_CHECKING":
            typing_only |= {inner.lineno for child in node.body for inner in ast.walk(child)}
    found = []
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) in typing_only:
            continue
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            names = [stem] + [f"{stem}.{alias.name}" for alias in node.names]
        for name in names:
            if name in known:
                found.append((name, node.lineno, node.lineno in function_lines))
    return found


def ui_graph() -> tuple[dict[str, set[str]], list[str]]:
    files = {module_name(path): path for path in UI.rglob("*.py")}
    known = set(files)
    graph: dict[str, set[str]] = {name: set() for name in files}
    hidden = []
    for name, path in files.items():
        for target, line, in_function in imported_ui_modules(path, known):
            if target == name:
                continue
            graph[name].add(target)
            if in_function and name not in ENTRY_POINTS:
                hidden.append(f"{path.relative_to(ROOT)}:{line} imports {target} inside a function")
    return graph, hidden


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return stack[stack.index(target):] + [target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_the_ui_has_no_import_cycle():
    graph, _hidden = ui_graph()
    assert find_cycle(graph) is None, "import cycle: " + " -> ".join(find_cycle(graph))


def test_only_the_entry_points_import_inside_a_function():
    _graph, hidden = ui_graph()
    assert not hidden, "\n".join(hidden)


@pytest.mark.parametrize("graph, has_cycle", [
    ({"a": {"b"}, "b": {"c"}, "c": set()}, False),
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, True),
])
def test_the_cycle_finder_finds_cycles(graph, has_cycle):
    assert (find_cycle(graph) is not None) == has_cycle
