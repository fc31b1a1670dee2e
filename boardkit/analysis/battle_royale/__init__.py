"""Battle Royale analyses on the arena graph (BR-1, BR-2, BR-4): one import for all of them.

- :mod:`~boardkit.analysis.battle_royale.arena`: position names, the frame (the game's board),
  valid setup layouts, their count up to the symmetries of the square, the data file's first
  layout and starting figures;
- :mod:`~boardkit.analysis.battle_royale.doom`: explosions, articulation tiles, the exact
  distribution of tiles lost over Doom rolls, figure reach, a text picture.

>>> from boardkit.analysis import battle_royale as br
>>> br.count_layouts(), br.explosion(br.first_layout(), {}, "b1").removed
(9283, ('a1', 'b1'))
"""

import inspect

from boardkit.analysis.battle_royale import arena as _arena_module
from boardkit.analysis.battle_royale import doom as _doom_module
from boardkit.analysis.battle_royale.arena import *  # noqa: F403
from boardkit.analysis.battle_royale.arena import __all__ as _arena_all
from boardkit.analysis.battle_royale.doom import *  # noqa: F403
from boardkit.analysis.battle_royale.doom import __all__ as _doom_all

__all__ = [*_arena_all, *_doom_all]

#: The examples in the docstrings of both modules, for ``doctest.testmod`` on this package.
__test__ = {
    **{key: value for key, value in globals().items() if key in __all__ and (inspect.isfunction(value) or inspect.isclass(value))},
    "arena": _arena_module, "doom": _doom_module,
}
