"""Clause coverage: every clause is named by code under boardkit/ and by a test.

Writes the generated table ``reports/clause-coverage.md`` (clause -> code file:lines -> tests)
and fails listing the clauses without code or without a test. The scanning lives in
:mod:`boardkit.tools.coverage`.
"""

from __future__ import annotations

from pathlib import Path


import boardkit
from boardkit.tools.coverage import clause_coverage, render_markdown

import toygame

REPO = Path(__file__).resolve().parents[1]
TESTS = REPO / "tests"
REPORT = REPO / "reports" / "clause-coverage.md"


def _uncovered_message(game: str, rows: list) -> str:
    bad = [r for r in rows if not r.covered]
    no_code = [r.clause for r in bad if not r.code]
    no_test = [r.clause for r in bad if not r.tests]
    return (
        f"{game}: {len(bad)} of {len(rows)} clauses uncovered (table in {REPORT.relative_to(REPO)})\n"
        f"  no code under boardkit/ names: {', '.join(no_code) or '-'}\n"
        f"  no test names (test_<ID with _ for - and .>... or the id in a docstring): {', '.join(no_test) or '-'}"
    )


def test_clause_coverage_report() -> None:
    """Write the coverage table for every registered game, then fail on uncovered clauses."""
    tables = {}
    for game in boardkit.list_games():
        ids = list(boardkit.load_game(game).clauses)
        tables[game] = clause_coverage(ids, [REPO / "boardkit"], TESTS)
    REPORT.parent.mkdir(exist_ok=True)
    REPORT.write_text(render_markdown(tables, REPO), encoding="utf-8")
    problems = [_uncovered_message(g, rows) for g, rows in tables.items() if not all(r.covered for r in rows)]
    assert not problems, "\n".join(problems)


def test_clause_coverage_toy() -> None:
    """The scanner on the toy game: its code is tests/toygame.py, its tests tests/test_toygame.py."""
    ids = list(toygame.ToyGame().clauses)
    rows = clause_coverage(ids, [TESTS / "toygame.py"], TESTS)
    assert [r.clause for r in rows] == ["TOY-1", "TOY-2", "TOY-3", "TOY-4", "TOY-5"]
    assert all(r.covered for r in rows), _uncovered_message("toy", rows)
    by_id = {r.clause: r for r in rows}
    assert any(t.endswith("::test_TOY_1_first_player_is_drawn") for t in by_id["TOY-1"].tests)
    assert any(t.endswith("::test_die_distribution") for t in by_id["TOY-3"].tests)  # docstring
    md = render_markdown({"toy": rows}, REPO)
    assert "| TOY-2 | `tests/toygame.py`:" in md and "5 of 5 clauses covered" in md


def test_clause_coverage_flags_missing(tmp_path: Path) -> None:
    """A clause no code and no test names is reported uncovered."""
    (tmp_path / "code.py").write_text("x = 'TOY-1'  # TOY-10 is another clause\n")
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_x.py").write_text('def test_TOY_10_a():\n    """TOY-1.5 only."""\n')
    rows = {r.clause: r for r in clause_coverage(["TOY-1", "TOY-10", "TOY-2"], [tmp_path / "code.py"], tests)}
    assert rows["TOY-1"].code and not rows["TOY-1"].tests
    assert rows["TOY-10"].covered
    assert not rows["TOY-2"].code and not rows["TOY-2"].tests
    assert "**UNCOVERED** (no code) (no test)" in render_markdown({"x": list(rows.values())}, tmp_path)
