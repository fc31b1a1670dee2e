"""Clause coverage: which code enforces each rule clause and which tests name it.

A clause id (``XMPL-3.5``) is *enforced* where a Python file names it literally, and *tested*
where a test function's name contains it with ``_`` for ``-`` and ``.``
(``test_XMPL_3_5_push_needs_room``) or its docstring contains it literally. The scan is static
(``ast`` for tests, text for code), so it needs no game to be importable.

Used by ``tests/test_clause_coverage.py`` (which writes ``reports/clause-coverage.md``) and by
the docs.

>>> clause_pattern("XMPL-3.5").search("raise error('XMPL-3.5', ...)") is not None
True
>>> clause_pattern("XMPL-3.5").search("XMPL-3.51") is None
True
>>> test_name_pattern("XMPL-3.5").search("test_XMPL_3_5_push") is not None
True
>>> test_name_pattern("XMPL-3.5").search("test_XMPL_3_5_1_push") is None
True
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence


def clause_pattern(clause_id: str) -> re.Pattern[str]:
    """Regex finding ``clause_id`` as a whole id in text (not a prefix of a longer id)."""
    return re.compile(r"(?<![\w.-])" + re.escape(clause_id) + r"(?![\w]|[.-]\w)")


def test_name_pattern(clause_id: str) -> re.Pattern[str]:
    """Regex finding ``clause_id`` in a function name, written with ``_`` for ``-`` and ``.``.

    ``XMPL-3.5`` matches ``test_XMPL_3_5`` and ``test_XMPL_3_5_push`` but not
    ``test_XMPL_3_5_1`` (that names ``XMPL-3.5.1``) nor ``test_XMPL_3_51``.
    """
    mangled = re.sub(r"[-.]", "_", clause_id)
    return re.compile(r"(?<![A-Za-z0-9])" + re.escape(mangled) + r"(?![A-Za-z0-9]|_[0-9])")


test_name_pattern.__test__ = False  # type: ignore[attr-defined]  # not a pytest test


@dataclass
class ClauseCoverage:
    """Where one clause is enforced and tested.

    Attributes:
        clause: the clause id.
        code: ``(path, line)`` of each source line naming it.
        tests: ``"path::function"`` of each test naming it.
    """

    clause: str
    code: list[tuple[Path, int]] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)

    @property
    def covered(self) -> bool:
        """True when some code names the clause and some test names it."""
        return bool(self.code) and bool(self.tests)


def _py_files(roots: Iterable[Path]) -> list[Path]:
    files: list[Path] = []
    for root in roots:
        root = Path(root)
        files.extend([root] if root.is_file() else sorted(root.rglob("*.py")))
    return [f for f in files if "__pycache__" not in f.parts]


def find_code_refs(clause_ids: Sequence[str], roots: Iterable[Path]) -> dict[str, list[tuple[Path, int]]]:
    """Lines of Python source naming each clause id.

    Args:
        clause_ids: the ids to look for.
        roots: files or folders (searched recursively for ``*.py``).

    Returns:
        id -> list of ``(file, 1-based line)``, in file order.
    """
    patterns = {c: clause_pattern(c) for c in clause_ids}
    found: dict[str, list[tuple[Path, int]]] = {c: [] for c in clause_ids}
    # An id is found only where its text is: a line without any id's first word ("LEAD-") is
    # skipped, and a pattern is tried only on a line that holds its id.
    heads = {c.partition("-")[0] for c in clause_ids}
    for path in _py_files(roots):
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not any(h in line for h in heads):
                continue
            for c, pat in patterns.items():
                if c in line and pat.search(line):
                    found[c].append((path, lineno))
    return found


def _test_functions(path: Path) -> Iterable[tuple[str, str]]:
    """``(qualified name, docstring)`` of every ``test*`` function in a file."""
    return _functions_in(path.read_text(encoding="utf-8"), str(path))


@lru_cache(maxsize=1024)
def _functions_in(source: str, filename: str) -> tuple[tuple[str, str], ...]:
    """:func:`_test_functions` of a file's text (parsed once per text: the report scans the
    same tests for every game)."""
    tree = ast.parse(source, filename=filename)

    def walk(node: ast.AST, prefix: str) -> Iterable[tuple[str, str]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) and child.name.startswith("test"):
                yield prefix + child.name, ast.get_docstring(child) or ""
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, f"{prefix}{child.name}::")

    return tuple(walk(tree, ""))


def find_test_refs(clause_ids: Sequence[str], test_root: Path) -> dict[str, list[str]]:
    """Test functions naming each clause id (in the name, mangled, or in the docstring).

    Args:
        clause_ids: the ids to look for.
        test_root: the tests folder (every ``*.py`` below it is parsed with ``ast``).

    Returns:
        id -> list of ``"relative/path.py::function"``.

    Raises:
        SyntaxError: a test file does not parse.
    """
    names = {c: test_name_pattern(c) for c in clause_ids}
    docs = {c: clause_pattern(c) for c in clause_ids}
    mangled = {c: re.sub(r"[-.]", "_", c) for c in clause_ids}
    found: dict[str, list[str]] = {c: [] for c in clause_ids}
    test_root = Path(test_root)
    for path in _py_files([test_root]):
        rel = path.relative_to(test_root.parent) if test_root.parent in path.parents else path
        for qualname, doc in _test_functions(path):
            func = qualname.rsplit("::", 1)[-1]
            for c in clause_ids:  # a pattern is tried only where its id's text can be
                if (mangled[c] in func and names[c].search(func)) or (c in doc and docs[c].search(doc)):
                    found[c].append(f"{rel}::{qualname}")
    return found


def clause_coverage(clause_ids: Sequence[str], code_roots: Iterable[Path], test_root: Path) -> list[ClauseCoverage]:
    """Coverage of each clause, in the order given.

    Args:
        clause_ids: ids in file order (``list(game.clauses)``).
        code_roots: where enforcing code lives (``boardkit/``).
        test_root: the tests folder.

    Returns:
        One :class:`ClauseCoverage` per id.
    """
    code = find_code_refs(clause_ids, code_roots)
    tests = find_test_refs(clause_ids, test_root)
    return [ClauseCoverage(c, code[c], tests[c]) for c in clause_ids]


def render_markdown(tables: dict[str, list[ClauseCoverage]], base: Path) -> str:
    """A markdown report: per game, clause -> code file:lines -> tests, uncovered marked.

    Args:
        tables: game id -> its coverage rows.
        base: paths are shown relative to this folder (the repository).
    """

    def rel(p: Path) -> str:
        try:
            return str(p.resolve().relative_to(base.resolve()))
        except ValueError:
            return str(p)

    out = [
        "# Clause coverage",
        "",
        "Generated by `tests/test_clause_coverage.py` (`boardkit.tools.coverage`); do not edit.",
        "A clause is covered when code under `boardkit/` names its id and a test function",
        "names it (in its name, `-` and `.` written `_`, or in its docstring).",
        "",
    ]
    for game, rows in sorted(tables.items()):
        n_ok = sum(r.covered for r in rows)
        out += [f"## {game}", "", f"{n_ok} of {len(rows)} clauses covered.", ""]
        out += ["| clause | code | tests | status |", "|---|---|---|---|"]
        for r in rows:
            by_file: dict[str, list[int]] = {}
            for p, line in r.code:
                by_file.setdefault(rel(p), []).append(line)
            code = "<br>".join(f"`{f}`:{','.join(map(str, ls))}" for f, ls in by_file.items()) or "—"
            tests = "<br>".join(f"`{t}`" for t in r.tests) or "—"
            status = "ok" if r.covered else "**UNCOVERED**" + (" (no code)" if not r.code else "") + (" (no test)" if not r.tests else "")
            out.append(f"| {r.clause} | {code} | {tests} | {status} |")
        out.append("")
    return "\n".join(out)


__all__ = [
    "ClauseCoverage", "clause_pattern", "test_name_pattern", "find_code_refs", "find_test_refs",
    "clause_coverage", "render_markdown",
]
