"""The package type-checks with mypy (settings in pyproject.toml [tool.mypy])."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api", reason="mypy is in the dev extra: pip install -e '.[dev]'")

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_errors():
    # mypy raises the interpreter's recursion limit (to 2**14) and leaves it there: put it back,
    # or a later test in this process that counts on the usual limit (a value nested too deep
    # for repr, tests/fuzz/test_fuzz_regressions.py) sees another interpreter.
    limit = sys.getrecursionlimit()
    try:
        out, err, status = mypy_api.run(["--config-file", str(ROOT / "pyproject.toml"), str(ROOT / "boardkit")])
    finally:
        sys.setrecursionlimit(limit)
    assert status == 0, out + err
