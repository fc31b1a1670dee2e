"""The README's Python examples run as written, and its first lines are the two commands."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_readme_starts_with_the_two_commands():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert lines[1].startswith("make report") and lines[2].startswith("make test")


@pytest.mark.parametrize("code", [b for b in BLOCKS if "import" in b], ids=lambda c: c.split("\n")[0][:40])
def test_readme_python_example_runs(code):
    namespace: dict = {}
    exec(compile(code, str(README), "exec"), namespace)  # noqa: S102 - our own README
