"""Exact dice: immutable distributions with integer weights, sums, pools and ordered rolls.

Game-agnostic (no game is named here). A :class:`Dist` is an exact probability distribution
over hashable outcomes, kept as integer weights divided by their gcd; probabilities come out
as :class:`fractions.Fraction`, computed with one division at the end. Values are immutable:
every operation returns a new ``Dist``.

Speed notes (see ``benchmarks/dice.py``):

- :func:`sum_of` raises a die with integer faces to the n-th power as one big-integer
  multiplication (Kronecker substitution), so ``sum_of(10, d6)`` costs microseconds.
- For several dice of the same kind, ask questions of :func:`pool` (sorted tuples, one per
  multiset, with multinomial weights: 462 outcomes for six d6) rather than
  :func:`ordered_rolls` (46,656 ordered tuples for six d6). Only when dice differ (in faces,
  or because the question names a die's colour) are ordered rolls needed, and even then
  :func:`count_faces` answers "how many dice show X" without enumerating rolls.

The probabilities of ``Dist.items()`` have the shape of ``State.chance_outcomes()``
(a list of ``(outcome, Fraction)`` summing to exactly 1), so a chance node can be built from
a ``Dist`` and a ``Dist`` from a chance node (``Dist.from_weights(state.chance_outcomes())``).

>>> d6 = Dist.uniform(range(1, 7))
>>> (d6 + d6).probability(7)
Fraction(1, 6)
>>> pool(2, Dist.uniform(["hit", "miss"]))
Dist({('hit', 'hit'): 1/4, ('hit', 'miss'): 1/2, ('miss', 'miss'): 1/4})
"""

from __future__ import annotations

from boardkit.core.dist import MAX_OUTCOMES, Dist
from boardkit.core.pools import count_faces, count_where, ordered_rolls, pool, sum_of

__all__ = ["Dist", "sum_of", "pool", "ordered_rolls", "count_faces", "count_where", "MAX_OUTCOMES"]
