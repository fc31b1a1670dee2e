"""Sub-modules that load on first use, so ``import boardkit`` is enough to write
``boardkit.viz.leaders.hex_figure(...)`` or ``boardkit.analysis.stats.wilson(...)`` (the
drawing libraries are still imported only when a drawing module is first used)."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import Callable, Iterable


def submodule_getattr(package: str, path: Iterable[str]) -> Callable[[str], ModuleType]:
    """A module ``__getattr__`` (PEP 562) that imports ``package.<name>`` on first access.

    Args:
        package: the package's ``__name__``.
        path: its ``__path__``.

    Returns:
        The function to assign to the package's ``__getattr__``; it raises AttributeError
        for a name that is no sub-module.
    """
    names = {m.name for m in pkgutil.iter_modules(list(path))}

    def __getattr__(name: str) -> ModuleType:
        if name in names:
            return importlib.import_module(f"{package}.{name}")
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
