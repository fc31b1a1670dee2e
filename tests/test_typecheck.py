"""The package type-checks with mypy (settings in pyproject.toml [tool.mypy])."""

from __future__ import annotations

from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api", reason="mypy is in the dev extra: pip install -e '.[dev]'")

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_errors():
    out, err, status = mypy_api.run(["--config-file", str(ROOT / "pyproject.toml"), str(ROOT / "boardkit")])
    assert status == 0, out + err
