"""Packaging: pyproject.toml (the tested install path) and environment.yml list the same
packages, and the wheel built from a clean clone plays every game from any folder."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import pytest

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


# --------------------------------------------------------------------------- the wheel


#: Run in the fresh venv from a temporary folder: one seeded random game of each registered game,
#: recording every YAML file opened (all of them, and those opened while each game is made).
_PLAY = r"""
import json, random, sys, sysconfig
opened = []
sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == "open" and str(args[0]).endswith(".yaml") else None)
import boardkit
out = {"games": {}, "boardkit": boardkit.__file__, "site": sysconfig.get_paths()["purelib"]}
for name in boardkit.list_games():
    defaults = boardkit.load_game(name).options
    options = {"max_turns": 200} if "max_turns" in defaults else {}
    if defaults.get("layout") == "random":  # a drawn layout reads no file: play a packaged one
        options["layout"] = "small"
    before = len(opened)
    game = boardkit.load_game(name, **options)
    assert len(game.clauses) > 0  # the rule clauses are read on first use
    state = boardkit.random_playout(game.new_initial_state(), random.Random(1))
    out["games"][name] = {"terminal": state.is_terminal(), "yaml": opened[before:]}
out["yaml"] = opened
print(json.dumps(out))
"""


def _clean_env() -> dict[str, str]:
    """This environment without PYTHONPATH (which may name the checkout) and BOARDKIT_DATA."""
    return {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "BOARDKIT_DATA"}}


def _index_reachable(python: str) -> bool:
    """Whether pip can find packages (pyyaml) on the configured index, without installing."""
    with tempfile.TemporaryDirectory() as dest:
        proc = subprocess.run([python, "-m", "pip", "download", "--no-deps", "--dest", dest, "pyyaml>=6"],
                              capture_output=True, text=True, timeout=120, env=_clean_env())
    return proc.returncode == 0


@pytest.mark.starts_first
def test_wheel_from_clean_clone_plays_every_game_from_site_packages(tmp_path: Path) -> None:
    """The wheel built from a clean clone of the committed HEAD, installed in a new venv outside
    the repository, plays one seeded random game of each registered game from a temporary
    folder, reading its rules and board YAML from inside site-packages."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and the repository's history to clone the committed HEAD")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", "--no-local", str(ROOT), str(clone)], check=True, timeout=120)
    venv = tmp_path / "venv"
    env = _clean_env()
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120, env=env)
    python = str(venv / "bin" / "python")
    if not _index_reachable(python):
        pytest.skip("no package index reachable: cannot install boardkit's dependencies into a new venv")
    dist = tmp_path / "dist"
    build = subprocess.run([python, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(dist), str(clone)],
                           capture_output=True, text=True, timeout=300, env=env)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    wheels = list(dist.glob("boardkit-*.whl"))
    assert len(wheels) == 1, wheels
    install = subprocess.run([python, "-m", "pip", "install", str(wheels[0])],
                             capture_output=True, text=True, timeout=600, env=env)
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    play = subprocess.run([python, "-c", _PLAY], cwd=elsewhere, env=env, capture_output=True, text=True, timeout=300)
    assert play.returncode == 0, play.stderr[-3000:]
    result = json.loads(play.stdout.strip().splitlines()[-1])
    site = Path(result["site"]).resolve()
    assert Path(result["boardkit"]).resolve().is_relative_to(site), result["boardkit"]
    games = result["games"]
    in_source = {p.parent.name for p in (clone / "boardkit" / "games").glob("*/spec.py")}
    assert len(in_source) >= 5 and set(games) == in_source, (games, in_source)  # every game package of the source
    data = site / "boardkit" / "data"
    outside = [p for p in result["yaml"] if not Path(p).resolve().is_relative_to(data)]
    assert not outside, f"YAML read from outside site-packages/boardkit/data: {outside}"
    for name, run in games.items():
        assert run["terminal"], f"{name}: the seeded random game did not finish"
        read = [Path(p).resolve() for p in run["yaml"]]
        assert data / "rules" / f"{name}.yaml" in read, f"{name}: rules not read; YAML read: {run['yaml']}"
        boards = [p for p in run["yaml"] if Path(p).resolve().parent in (data / "boards", data / name)]
        assert boards, f"{name}: load_game read no board or game data from site-packages; YAML read: {run['yaml']}"
