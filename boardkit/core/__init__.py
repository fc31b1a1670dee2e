"""The ``boardkit.core`` package: game-independent machinery; its modules load on first use."""

from boardkit.core.lazy import submodule_getattr

__getattr__ = submodule_getattr(__name__, __path__)
