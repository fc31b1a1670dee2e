"""pyproject.toml (the tested install path) and environment.yml list the same packages."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent

#: PyPI name -> conda-forge name, for packages whose names differ (normalized names).
#: All current dependencies share their name; add entries such as "torch": "pytorch".
PYPI_TO_CONDA: dict[str, str] = {
    "torch": "pytorch",
    "tables": "pytables",
    "kaleido": "python-kaleido",
}

#: conda-only entries that are not Python dependencies of boardkit.
CONDA_ONLY = {"python", "pip", "nodejs"}

EXTRAS = ("notebook", "dev")

_REQ = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*([^;#]*)")


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _split(req: str) -> tuple[str, str]:
    m = _REQ.match(req)
    assert m, f"cannot parse requirement {req!r}"
    return _normalize(m.group(1)), m.group(2).replace(" ", "")


def pyproject_packages() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    reqs = list(project["dependencies"])
    for extra in EXTRAS:
        reqs += project["optional-dependencies"][extra]
    out = {}
    for req in reqs:
        name, spec = _split(req)
        out[PYPI_TO_CONDA.get(name, name)] = spec
    return out


def conda_packages() -> tuple[dict[str, str], list]:
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    out, pip = {}, []
    for dep in env["dependencies"]:
        if isinstance(dep, dict):
            pip += dep.get("pip", [])
            continue
        name, spec = _split(str(dep))
        if name not in CONDA_ONLY:
            out[name] = spec
    return out, pip


def test_environment_yml_matches_pyproject() -> None:
    conda, _ = conda_packages()
    pypi = pyproject_packages()
    assert set(conda) == set(pypi), (
        f"only in environment.yml: {sorted(set(conda) - set(pypi))}; "
        f"only in pyproject.toml: {sorted(set(pypi) - set(conda))}"
    )
    assert conda == pypi, "version constraints differ between environment.yml and pyproject.toml"


def test_environment_yml_installs_boardkit_editable() -> None:
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    assert env["channels"] == ["conda-forge"]
    assert "python=3.11" in env["dependencies"]
    _, pip = conda_packages()
    assert pip == ["-e ."]
