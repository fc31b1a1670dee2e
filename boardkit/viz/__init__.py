"""The ``boardkit.viz`` package: pictures and board widgets; its modules load on first use."""

from boardkit.core.lazy import submodule_getattr

__getattr__ = submodule_getattr(__name__, __path__)
