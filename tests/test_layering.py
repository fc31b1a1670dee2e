"""Layering: rules code pulls in no drawing libraries, and no game imports another game."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import boardkit

GAMES_DIR = Path(boardkit.__file__).resolve().parent / "games"

_PROBE = r"""
import importlib, pkgutil, sys
import boardkit, boardkit.games
names = [m.name for m in pkgutil.walk_packages(boardkit.games.__path__, "boardkit.games.")]
for name in names:
    importlib.import_module(name)
for game in boardkit.list_games():
    boardkit.game_class(game)
heavy = sorted(m for m in ("ipywidgets", "plotly") if m in sys.modules)
print("imported", len(names), "modules")
if heavy:
    sys.exit("rules code imported " + ", ".join(heavy))
"""


def test_games_do_not_import_widgets_or_plotly() -> None:
    """A fresh interpreter importing boardkit and every boardkit.games module has neither
    ipywidgets nor plotly in sys.modules (drawing is imported lazily, from viz only)."""
    proc = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr or proc.stdout


def imported_modules(path: Path, package: str) -> list[tuple[int, str]]:
    """Absolute names of the modules a file imports (relative imports resolved).

    Args:
        path: the Python file.
        package: its package (``boardkit.games.leaders`` for ``.../leaders/game.py``).
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                mod = f"{base}.{node.module}" if node.module else base
            else:
                mod = node.module or ""
            out.append((node.lineno, mod))
            out += [(node.lineno, f"{mod}.{a.name}") for a in node.names]
    return out


def cross_game_imports(games_dir: Path) -> list[str]:
    """``file:line imports X`` for every import of another game's package under games_dir."""
    problems: list[str] = []
    games = sorted(p.name for p in games_dir.iterdir() if p.is_dir() and not p.name.startswith(("_", ".")))
    for game in games:
        for path in sorted((games_dir / game).rglob("*.py")):
            rel = path.relative_to(games_dir).with_suffix("")
            package = ".".join(["boardkit", "games", *rel.parts[:-1]])
            for lineno, mod in imported_modules(path, package):
                parts = mod.split(".")
                if parts[:2] == ["boardkit", "games"] and len(parts) > 2 and parts[2] in games and parts[2] != game:
                    line = f"{path}:{lineno} imports boardkit.games.{parts[2]}"
                    if line not in problems:
                        problems.append(line)
    return problems


def test_no_game_imports_another_game() -> None:
    """Each boardkit/games/<game> package imports core, never another game's package."""
    problems = cross_game_imports(GAMES_DIR)
    assert not problems, "\n".join(problems)


def test_cross_game_scan_finds_violations(tmp_path: Path) -> None:
    for game, text in {
        "alpha": "from boardkit.games.beta import rules\nfrom boardkit.core import game\n",
        "beta": "from ..alpha.moves import x\nimport boardkit.games.alpha\nfrom . import helpers\n",
    }.items():
        (tmp_path / game).mkdir()
        (tmp_path / game / "__init__.py").write_text(text)
    found = cross_game_imports(tmp_path)
    assert len(found) == 3, found
    assert any("alpha/__init__.py:1 imports boardkit.games.beta" in f for f in found)


#: Packages of the runtime (rules engines, analysis, simulation, drawing): none imports the tooling.
RUNTIME_PACKAGES = ("core", "games", "analysis", "sim", "viz")


def tool_imports(package_dir: Path) -> list[str]:
    """``file:line imports X`` for every import of ``boardkit.tools`` by a runtime module.

    Args:
        package_dir: the ``boardkit`` folder.
    """
    problems: list[str] = []
    files = [package_dir / "__init__.py"] + [p for sub in RUNTIME_PACKAGES for p in sorted((package_dir / sub).rglob("*.py"))]
    for path in files:
        if not path.is_file():
            continue
        rel = path.relative_to(package_dir.parent).with_suffix("")
        package = ".".join(rel.parts[:-1])  # a module's package; an __init__.py's own package
        for lineno, mod in imported_modules(path, package):
            if mod == "boardkit.tools" or mod.startswith("boardkit.tools."):
                line = f"{path}:{lineno} imports {mod}"
                if line not in problems:
                    problems.append(line)
    return problems


def test_runtime_does_not_import_tools() -> None:
    """Report, docs and clause coverage (boardkit/tools) sit on top of the runtime, not in it."""
    problems = tool_imports(GAMES_DIR.parent)
    assert not problems, "\n".join(problems)


def test_tool_import_scan_finds_violations(tmp_path: Path) -> None:
    pkg = tmp_path / "boardkit"
    (pkg / "core").mkdir(parents=True)
    (pkg / "tools").mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "core" / "rules.py").write_text("import os\nfrom boardkit.tools.coverage import clause_coverage\n")
    (pkg / "core" / "ok.py").write_text("from ..tools import docs\n")
    (pkg / "tools" / "docs.py").write_text("from boardkit.core import rules\n")
    found = tool_imports(pkg)
    assert any("rules.py:2 imports boardkit.tools.coverage" in f for f in found), found
    assert any("ok.py:1 imports boardkit.tools" in f for f in found), found
    assert not any("tools/docs.py" in f for f in found), found


def upward_imports(core_dir: Path) -> list[str]:
    """``file:line imports X`` for every import (at module level or inside a function) in
    ``boardkit/core`` of something that is not core or the standard library / third parties:
    ``boardkit`` itself, ``boardkit.games``, ``viz``, ``analysis``, ``sim`` or ``tools``."""
    problems = []
    for path in sorted(core_dir.rglob("*.py")):
        package = ".".join(["boardkit", "core", *path.relative_to(core_dir).with_suffix("").parts[:-1]])
        for lineno, mod in imported_modules(path, package):
            parts = mod.split(".")
            if parts[0] == "boardkit" and parts[1:2] != ["core"]:
                problems.append(f"{path}:{lineno} imports {mod}")
    return problems


def test_core_never_imports_upward(tmp_path: Path) -> None:
    """Core knows no game and imports nothing above it; the scan catches a lazy import too."""
    assert not upward_imports(GAMES_DIR.parent / "core")
    (tmp_path / "bad.py").write_text("def f():\n    import boardkit\n    from boardkit.games import leaders\n")
    found = upward_imports(tmp_path)
    assert any(f.endswith("bad.py:2 imports boardkit") for f in found)
    assert any(f.endswith("bad.py:3 imports boardkit.games") for f in found)


def test_subpackages_load_on_first_use() -> None:
    """``import boardkit`` is enough to reach ``boardkit.viz.leaders`` or
    ``boardkit.analysis.stats``; drawing modules are imported only then."""
    code = ("import sys, boardkit\n"
            "assert 'boardkit.viz' not in sys.modules and 'plotly' not in sys.modules\n"
            "assert callable(boardkit.analysis.stats.wilson) and callable(boardkit.viz.leaders.hex_figure)\n"
            "try:\n    boardkit.viz.nothing\nexcept AttributeError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "module 'boardkit.viz' has no attribute 'nothing'" in out


def _type_only_nodes(tree: ast.AST) -> set[int]:
    """Ids of the nodes under ``if TYPE_CHECKING:`` (imports for annotations only)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        test = getattr(node, "test", None)
        if isinstance(node, ast.If) and (getattr(test, "id", None) == "TYPE_CHECKING" or getattr(test, "attr", None) == "TYPE_CHECKING"):
            for sub in node.body:
                out.update(id(n) for n in ast.walk(sub))
    return out


def import_graph(package_dir: Path) -> dict[str, set[str]]:
    """The modules of a package and the modules of that package each imports.

    Every import statement counts, at module level or inside a function (an import put in a
    function to break a circle still closes it), except those under ``if TYPE_CHECKING:``
    (type-only). ``from a import b`` points at ``a.b`` when that is a module, else at ``a``;
    an import of a name that is no module of the package points at its nearest module.

    Args:
        package_dir: the package folder (``.../boardkit``); module names start with its name.

    Returns:
        ``{module: {imported module, ...}}`` over the package's own modules.
    """
    root = package_dir.parent
    files = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        skip = _type_only_nodes(tree)
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1]) if node.level else ""
                mod = ".".join(p for p in (base, node.module or "") if p)
                targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in files else mod for a in node.names]
            for target in targets:
                while target not in files and "." in target:
                    target = target.rpartition(".")[0]
                if target in files and target != name:
                    graph[name].add(target)
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[str]:
    """Every elementary circle of the graph as ``"a -> b -> a"``, each written from its
    smallest module name, sorted."""
    import networkx as nx

    out = []
    for cycle in nx.simple_cycles(nx.DiGraph([(a, b) for a, targets in graph.items() for b in targets])):
        i = cycle.index(min(cycle))
        cycle = cycle[i:] + cycle[:i]
        out.append(" -> ".join([*cycle, cycle[0]]))
    return sorted(out)


#: Import circles of boardkit/ that are allowed (none: every game package is one-way, game ->
#: state -> rules). A new circle fails the test, and so does an entry here that is gone.
ALLOWED_CIRCLES: tuple[str, ...] = ()


def circle_problems(circles: list[str], allowed: tuple[str, ...]) -> list[str]:
    """What is wrong with the circles found against the allowlist: a circle not in it, or an
    entry of it that no longer exists."""
    return ([f"import circle: {c} (make the imports one-way)" for c in circles if c not in allowed]
            + [f"allowed circle is gone, remove it from ALLOWED_CIRCLES: {c}" for c in allowed if c not in circles])


def test_no_import_circle_but_the_allowed_ones() -> None:
    """The import graph of boardkit/ (function-level imports included, type-only ones not) has
    no circle outside ALLOWED_CIRCLES, and every allowed one still exists (the list shrinks)."""
    circles = import_circles(import_graph(GAMES_DIR.parent))
    problems = circle_problems(circles, ALLOWED_CIRCLES)
    assert not problems, f"{len(circles)} circles:\n" + "\n".join(problems)


def test_circle_scan_finds_a_planted_circle(tmp_path: Path) -> None:
    """A circle closed by a function-level import is found; a type-only import and a
    one-way import make none; the allowlist check tells a new circle and a stale entry."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from . import low\n")
    (pkg / "sub" / "low.py").write_text("import os\n")
    (pkg / "state.py").write_text("from pkg.sub import low\n\ndef why():\n    from pkg import explain\n    return explain\n")
    (pkg / "explain.py").write_text("from typing import TYPE_CHECKING\nfrom .state import why\n"
                                    "if TYPE_CHECKING:\n    from pkg.game import Game\n")
    (pkg / "game.py").write_text("from pkg.explain import why\n")
    graph = import_graph(pkg)
    assert graph["pkg.state"] == {"pkg.sub.low", "pkg.explain"} and graph["pkg.explain"] == {"pkg.state"}
    assert graph["pkg.sub"] == {"pkg.sub.low"}
    circles = import_circles(graph)
    assert circles == ["pkg.explain -> pkg.state -> pkg.explain"]
    assert circle_problems(circles, ()) == ["import circle: pkg.explain -> pkg.state -> pkg.explain (make the imports one-way)"]
    assert circle_problems(circles, tuple(circles)) == []
    assert circle_problems([], tuple(circles)) == [f"allowed circle is gone, remove it from ALLOWED_CIRCLES: {circles[0]}"]
