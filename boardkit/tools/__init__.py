"""Tooling around the rules engines, not needed to play: notebook reports
(:mod:`boardkit.tools.report`), generated game docs (:mod:`boardkit.tools.docs`) and the
rule-clause coverage scan (:mod:`boardkit.tools.coverage`)."""

from boardkit.core.lazy import submodule_getattr

__getattr__ = submodule_getattr(__name__, __path__)
