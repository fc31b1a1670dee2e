"""Packaging beyond what pyproject.toml can say: the repository's top-level ``data/`` folder
ships inside the package as ``boardkit.data`` next to every package found under ``boardkit/``
(so a new game's package is found without editing any list)."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["boardkit", "boardkit.*"]), "boardkit.data"],
    package_dir={"boardkit.data": "data"},
)
