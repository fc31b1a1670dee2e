"""Marabunta's "I split, you choose": roll odds, split counts and the splitter's best split.

Source: seed ``003_a24625b41ad3ab46.txt`` (German), rendered in ``shared/rules/marabunta.md``.
Each round the splitter rolls six dice, one per region colour, and reveals a tile (MARA-3.1);
it divides the seven elements into two non-empty pools (MARA-3.2); the chooser takes one pool
and the splitter gets the other (MARA-3.3). This module answers the exact questions of
MARA-10 without the rules engine: the distribution of a roll, how many splits there are and
how many differ in effect, and, for a valuation of the pools, the splitter's max-min split
(full enumeration of the splits and the chooser's best response) and its expected value over
all 6^6 rolls. Numbers are exact (:class:`fractions.Fraction`; sympy ``Rational`` on request).

RoundNames: the region colours (one die each, in roll order) and the tile names are the
game's (a :class:`RoundNames`, by default that of ``load_game("marabunta")``, whose names are
:data:`REGIONS` and :data:`TILES`; a data file that renames them gives its own with
:meth:`RoundNames.of_game`). A valuation carries its names, and the analyses use it.

- a *roll* is a tuple of 6 faces in :data:`REGIONS` order, faces from :data:`FACES` (strings);
- an *element* is ``(colour, face)`` for a die or the string ``"tile"`` for the round's tile
  (its name, one of :data:`TILES`, is passed separately where needed);
- a *pool* is a tuple of elements, dice in :data:`REGIONS` order, then the tile;
- a *valuation* gives each role (``"chooser"``, ``"splitter"``) a value for a pool: an
  :class:`AdditiveValuation` (a value per element, summed), a :class:`FaceValuation` (a value
  per face, whatever the colour), or any callable ``value(role, pool) -> Fraction``.

>>> roll = ("3", "crate", "0", "2", "circle", "1")
>>> count_splits(7), len(splits(roll_elements(roll)))
(63, 63)
>>> distinct_effect_splits(roll)
63
>>> face_values = FaceValuation({"0": 0, "1": 1, "2": 2, "3": 3, "circle": 2, "crate": 1, "tile": 2})
>>> result = analyse_split(roll, face_values, objective="own")
>>> result.value, result.ties
(Fraction(5, 1), 20)
>>> format_pool(result.best.splitter_pool)
'yellow 3, teal 2'
>>> roll_distribution("crates").probability(0)
Fraction(15625, 46656)
"""

import inspect

from boardkit.analysis.splits import choice as _choice
from boardkit.analysis.splits import rolls as _rolls
from boardkit.analysis.splits import valuations as _valuations
from boardkit.analysis.splits.choice import *  # noqa: F403
from boardkit.analysis.splits.rolls import *  # noqa: F403
from boardkit.analysis.splits.valuations import *  # noqa: F403

__all__ = [*_rolls.__all__, *_valuations.__all__, *_choice.__all__]

#: The examples in the docstrings of the three modules, for ``doctest.testmod`` on this package.
__test__ = {
    **{key: value for key, value in globals().items() if key in __all__ and (inspect.isfunction(value) or inspect.isclass(value))},
    "rolls": _rolls, "valuations": _valuations, "choice": _choice,
}
