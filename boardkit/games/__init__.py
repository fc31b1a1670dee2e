"""The rule sets, one sub-package each. A sub-package declares its game in a ``spec`` module
(a :class:`boardkit.core.spec.GameSpec` passed to ``register``); :func:`discover` imports every
such module, so adding a game needs no list to edit."""

from __future__ import annotations

import importlib
import pkgutil

_done = False


def discover() -> None:
    """Import the ``spec`` module of every game package (once)."""
    global _done
    if _done:
        return
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        name = f"{__name__}.{info.name}.spec"
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
    _done = True
