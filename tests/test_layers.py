"""The layers point one way: ui -> session -> ai -> rules, session -> store, store -> rules; the network
layer sits beside the session (ui -> net -> session).

Every .py file under game/ is parsed (imports inside functions count too), and importing
the layers below the UI in a fresh interpreter must leave pygame unloaded. A package that
does not exist yet (game/session, while it is being written) simply has nothing to check.
"""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
GAME = REPO_ROOT / "game"

# For each package under game/, the other game packages it may import.
MAY_IMPORT = {
    "rules": set(),
    "ai": {"rules"},
    "store": {"rules"},
    "session": {"rules", "ai", "store"},
    "speech": set(),
    "net": {"rules", "ai", "session"},
    "ui": {"rules", "ai", "store", "session", "speech", "net"},
}
# Only the UI may draw or play sound.
PYGAME_FREE = ("rules", "ai", "store", "session", "speech", "net")
PYGAME_MODULES = ("pygame", "pygame_gui")


def existing_packages() -> list[str]:
    """The folders directly under game/ that hold Python files."""
    return sorted({path.parent.name for path in GAME.glob("*/*.py")})


def module_name(path: Path) -> str:
    """``game/ai/hard.py`` -> ``game.ai.hard``; a package's ``__init__.py`` is the package itself."""
    parts = path.relative_to(REPO_ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(source: str, module: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, absolute dotted name) for every import in ``source``, wherever it stands.

    ``from game import ui`` yields ``game.ui``; ``importlib.import_module("x")`` and
    ``__import__("x")`` with a literal name count too.
    """
    package = module if is_package else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            if target == "game":
                found += [(node.lineno, f"game.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, target))
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and (_is_name(node.func, "__import__") or _is_attribute(node.func, "importlib", "import_module"))):
            found.append((node.lineno, node.args[0].value))
    return sorted(found, key=lambda item: item[0])


def _is_name(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _is_attribute(node: ast.expr, owner: str, name: str) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == name and _is_name(node.value, owner)


def broken_rules(package: str) -> list[str]:
    """One line per import in game/``package`` that goes against the layers."""
    allowed = MAY_IMPORT[package]
    may = ("only " + ", ".join(f"game.{p}" for p in sorted(allowed))) if allowed else "no other game package"
    problems = []
    for path in sorted((GAME / package).rglob("*.py")):
        where = path.relative_to(REPO_ROOT)
        imports = imported_modules(path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py")
        for line, name in imports:
            parts = name.split(".")
            if parts[0] == "game" and len(parts) > 1 and parts[1] in MAY_IMPORT:
                if parts[1] != package and parts[1] not in allowed:
                    problems.append(f"{where}:{line} imports {name}, but game.{package} may import {may}")
            elif parts[0] in PYGAME_MODULES and package in PYGAME_FREE:
                problems.append(f"{where}:{line} imports {name}, but only game.ui may use pygame")
    return problems


def test_every_package_under_game_has_a_layer():
    unknown = [package for package in existing_packages() if package not in MAY_IMPORT]
    assert not unknown, f"game/{unknown[0]} has no place in MAY_IMPORT: say what it may import"


@pytest.mark.parametrize("package", [p for p in existing_packages() if p in MAY_IMPORT])
def test_imports_point_down_the_layers(package):
    problems = broken_rules(package)
    assert not problems, "\n".join(problems)


def test_the_scan_sees_relative_and_function_level_imports():
    source = ("from . import cards\n"
              "from .. import ui, store\n"
              "def later():\n"
              "    import pygame.mixer\n"
              "    from ..ai.hard import HardBot\n"
              "    importlib.import_module('game.session')\n")
    assert imported_modules(source, "game.rules.state", is_package=False) == [
        (1, "game.rules"), (2, "game.ui"), (2, "game.store"), (4, "pygame.mixer"), (5, "game.ai.hard"),
        (6, "game.session"),
    ]
    assert imported_modules("from .hard import HardBot\n", "game.ai", is_package=True) == [(1, "game.ai.hard")]


# Run in a fresh interpreter: argv holds the pygame module names, then the modules to import in turn.
# On failure it names the game modules holding a pygame module, i.e. the ones that imported it.
IMPORT_CHECK = """
import importlib, sys, types
drawing, modules = sys.argv[1].split(","), sys.argv[2:]
for name in modules:
    importlib.import_module(name)
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in drawing)
    if loaded:
        holders = sorted(f"{m} ({k})" for m, module in list(sys.modules.items()) if m.startswith("game.")
                         for k, v in vars(module).items()
                         if isinstance(v, types.ModuleType) and v.__name__.split(".")[0] in drawing)
        sys.exit(f"importing {name} loaded {loaded[0]}; imported by: {', '.join(holders) or '?'}")
"""


def test_importing_the_layers_below_the_ui_loads_no_pygame():
    """Every module of those packages, imported one after another in a fresh interpreter."""
    modules = [module_name(path) for package in PYGAME_FREE if (GAME / package).is_dir()
               for path in sorted((GAME / package).rglob("*.py"))]
    assert "game.rules" in modules and "game.ai.hard" in modules and "game.store.statistics" in modules
    result = subprocess.run([sys.executable, "-c", IMPORT_CHECK, ",".join(PYGAME_MODULES), *modules],
                            cwd=REPO_ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr.strip()


# The screen is a client of the session: it reads views (the table, a hand result, a match result), never
# the match or the hand state behind them.
HIDDEN_FROM_UI = {"Match", "HandState"}
HIDDEN_MODULES = {"game.rules.match", "game.rules.state"}


def match_readers(source: str, module: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, what) for every place in ``source`` that reaches for the match behind the session: an import
    of ``Match``/``HandState`` (or of their modules), ``rules.Match``, or a session's ``.match``."""
    found = [(line, f"imports {name}") for line, name in imported_modules(source, module, is_package)
             if name in HIDDEN_MODULES]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game.rules"):
            found += [(node.lineno, f"imports {alias.name}") for alias in node.names if alias.name in HIDDEN_FROM_UI]
        elif isinstance(node, ast.Attribute) and node.attr in HIDDEN_FROM_UI:
            found.append((node.lineno, f"uses .{node.attr}"))
        elif isinstance(node, ast.Attribute) and node.attr == "match" and _names_a_session(node.value):
            found.append((node.lineno, "reads the session's .match"))
    return sorted(found)


def _names_a_session(node: ast.expr) -> bool:
    return (_is_name(node, "session") or isinstance(node, ast.Attribute) and node.attr == "session")


def test_the_screen_reads_only_the_sessions_views():
    problems = []
    for path in sorted((GAME / "ui").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for line, what in match_readers(source, module_name(path), path.name == "__init__.py"):
            problems.append(f"{path.relative_to(REPO_ROOT)}:{line} {what}; read the session's views instead")
    assert not problems, "\n".join(problems)


def test_the_view_check_sees_every_way_to_the_match():
    source = ("from game.rules import Match, preset\n"
              "from game.rules.state import HandState\n"
              "import game.rules.match\n"
              "def later(table, session):\n"
              "    table.session.match.over\n"
              "    return session.match, game.rules.Match\n")
    assert [line for line, _ in match_readers(source, "game.ui.x", is_package=False)] == [1, 2, 2, 3, 5, 6, 6]
    assert match_readers("from game.rules import preset\nscene.match_menu\nmatch = 1\n", "game.ui.x", False) == []
