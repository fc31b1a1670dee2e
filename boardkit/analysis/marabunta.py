"""Marabunta positions as valuations for the split analysis (MARA-3.2, MARA-3.3, MARA-10).

:mod:`boardkit.analysis.splits` finds the splitter's max-min split for any valuation of pools.
This module makes valuations out of a position of the rules engine: the *margin gain* of an
element for a player is the change of (own total - opponent's total), in points, if the game
were scored (MARA-8.2, MARA-8.3) right after the player carried out that element alone in the
position. The player's play is fixed by a stated policy, so the number is exact for it:

- every first placement of the element is tried (exhaustive: every field, ant hill, sheet,
  crate group), placements with the same effect on the score counted once;
- a later choice of crate group or scoring sheet is tried every way (it decides which power
  is unlocked, MARA-4.2, MARA-7.1);
- a later choice of field (the second 0 of zeros2, a power's number, a crossed field) goes to
  the field with the best margin change right after it (ties: the first in notation order).

A full search of later fields would be exact for the best play but can take minutes (a crate
field unlocking a power of three chained 1s whose fields unlock more); this policy answers in
milliseconds and is never above the best play. Resources spent (ant hills, crates short of a
group) count nothing, and so does the future: it is the "if the game ended now" valuation.

A pool is worth the sum of its elements' gains (additive), except the again tile, worth the
best gain of a die in its pool (it repeats one, MARA-D5). The two roles value with their own
colours: the chooser is the player who is not the splitter.

>>> import boardkit
>>> g = boardkit.load_game("marabunta")
>>> s = g.state_from_position({"fields": {"b4": "red 3"}, "tile": "one",
...     "roll": {"yellow": 1, "orange": 2, "green": 3, "teal": 2, "purple": "circle", "brown": "crate"}})
>>> gains = element_gains(s, 1)   # blue, the chooser (red splits)
>>> gains[("teal", "2")]          # not enough to beat red's 3 in teal, but a cupcake field (c5)
Fraction(1, 1)
>>> gains[("orange", "2")]        # wins orange (2 printed blue circles) on a cupcake field (1)
Fraction(3, 1)
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterable

from boardkit.analysis.splits import (
    FACES, TILE, AdditiveValuation, Element, Pool, SplitAnalysis, RoundNames, analyse_split, splitter_expected_value,
)
from boardkit.analysis.splits.rolls import _check_objective
from boardkit.core.checks import check_state
from boardkit.core.validate import shorten

if TYPE_CHECKING:
    from boardkit.games.marabunta.game import MarabuntaState

__all__ = ["margin", "element_gain", "element_gains", "position_valuation", "analyse_position",
           "position_expected_value"]


def margin(state: "MarabuntaState", player: int) -> int:
    """``player``'s total minus the opponent's total if the game were scored now (points,
    MARA-8.2, MARA-8.3)."""
    _check_state(state)
    if isinstance(player, bool) or player not in (0, 1):
        raise ValueError(f"player is 0 (red) or 1 (blue), not {player!r}")
    return _margin(state, player)


def _margin(state: "MarabuntaState", player: int) -> int:
    t = state.totals()
    return t[player] - t[1 - player]


def _check_state(state: Any) -> None:
    check_state(state, "marabunta")


def _check_elements(elements: Any) -> list[Element] | None:
    """``elements`` as a list (None stays None: every element); text or a value that is no
    collection is refused by name (an element itself is checked by :func:`element_gain`)."""
    if elements is None:
        return None
    if isinstance(elements, (str, bytes)) or not isinstance(elements, Iterable):
        raise ValueError(f"elements: a collection of (colour, face) dice and 'tile', not {shorten(elements)}")
    return list(elements)


def _check(state: Any, player: int) -> None:
    _check_state(state)
    if isinstance(player, bool) or player not in (0, 1):
        raise ValueError(f"player is 0 (red) or 1 (blue), not {player!r}")
    if state.tile is None:
        raise ValueError("the position has no tile yet: give 'tile' in the position (or reveal it) first")


def _last_part_key(s: "MarabuntaState", action: Any) -> tuple[Any, ...] | None:
    """For the last decision of a one-element pool, a key such that actions with equal keys
    change the score alike (the same number in a plain field of the same region, any crossing:
    end triggers change no score); None when the action may lead to further decisions."""
    from boardkit.games.marabunta.actions import Place
    from boardkit.games.marabunta.tasks import CrossTask, CupfieldTask, WriteTask

    if not isinstance(action, Place):
        return None
    if action.element:
        if s.tasks or len(s.remaining) != 1:
            return None
        task = s.die_task(action.die) if action.die else s.tile_task()
    else:
        if len(s.tasks) != 1 or s.remaining:
            return None
        task = s.tasks[-1]
    if action.kind not in ("write", "cross") or not isinstance(task, (WriteTask, CrossTask, CupfieldTask)):
        return None
    if not isinstance(task, CupfieldTask) and task.then:
        return None
    g = s.game
    if action.kind == "cross":
        return ("cross",)
    f = g.board.index(str(action.field))
    if f in g.crate_fields:
        return None  # a crate follows
    return ("write", action.number, g.region_of[f], f in g.cupcake_fields)


def _children(s: "MarabuntaState", player: int, base: int) -> list[tuple[int, Any, "MarabuntaState"]]:
    """(margin change, action, child) for each legal action, last placements with equal
    effect on the score tried once."""
    out = []
    seen: set[tuple[Any, ...]] = set()
    for action in s.generated_actions():
        key = _last_part_key(s, action)
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        child = s.clone()
        child.apply_unchecked(action)
        out.append((_margin(child, player) - base, action, child))
    return out


def _done(s: "MarabuntaState", player: int) -> bool:
    return s.phase != "pool" or s.doer != player


def _greedy(s: "MarabuntaState", player: int, base: int) -> int:
    """The later parts: a choice of crate group or scoring sheet is searched exhaustively
    (it decides which power is unlocked); a choice of field is made greedily, the field with
    the best margin change right after it (ties: the first in notation order). Returns the
    margin change at the end of the pool."""
    while not _done(s, player):
        children = _children(s, player, base)
        if not children:  # pragma: no cover - the engine settles parts with no option
            break
        if all(getattr(c[1], "kind", "") in ("crate", "circle") for c in children):
            return max(_greedy(c[2], player, base) for c in children)
        top = max(c[0] for c in children)
        s = min((c for c in children if c[0] == top), key=lambda c: str(c[1]))[2]
    return _margin(s, player) - base


def _best(s: "MarabuntaState", player: int, base: int) -> int:
    """Every first placement of the element (exhaustive), then the later parts as in
    :func:`_greedy`; the highest margin change."""
    values = [_greedy(child, player, base) for _, _, child in _children(s, player, base)]
    return max(values) if values else 0


def element_gain(state: "MarabuntaState", player: int, element: Element, with_die: Element | None = None) -> Fraction:
    """The margin gain of one element for ``player`` in ``state`` (module docstring).

    Args:
        state: a Marabunta state whose tile is known (at the roll or the split; the dice shown
            do not matter, the element says its face).
        player: 0 (red) or 1 (blue).
        element: ``(colour, face)`` for a die, or ``"tile"`` for the state's tile.
        with_die: for the again tile, the die ``(colour, face)`` it repeats (carried out first
            as part of the pool; the gain counted is the tile's alone).

    Returns:
        Points, as a Fraction (an integer value; 0 when the element cannot be used or changes
        no score).

    Raises:
        ValueError: ``state`` is not a Marabunta state (naming the argument and what it is), a
            bad player, no tile, an unknown element.
    """
    _check(state, player)
    g = state.game
    s = state.clone()
    s.dice = list(s.dice) + ["0"] * (6 - len(s.dice))
    from boardkit.games.marabunta.tasks import Phase

    s.phase, s.doer, s.splitter = Phase.POOL, player, player  # its pool ends the round: search stops
    s.tasks, s.used, s.lost, s.remaining = [], [], [], []
    s.triggered_by, s.triggers, s.end_conditions = None, [], []
    s._legal_cache = s._seat_legal = None
    if with_die is not None:
        if element != TILE or s.tile != "again":
            raise ValueError("with_die is for the again tile only (element 'tile' with the tile again)")
        if not (isinstance(with_die, tuple) and len(with_die) == 2 and with_die[0] in g.regions
                and with_die[1] in FACES):
            raise ValueError(f"with_die is a die (colour, face), not {with_die!r}")
    if element == TILE:
        if s.tile == "again":
            if with_die is None:
                return Fraction(0)  # MARA-D5: alone it repeats nothing
            s.dice[g.regions.index(with_die[0])] = with_die[1]
            s.used = [with_die[0]]
        s.remaining = [TILE]
    else:
        if not (isinstance(element, tuple) and len(element) == 2 and element[0] in g.regions and element[1] in FACES):
            raise ValueError(f"an element is (colour, face) or 'tile', not {element!r}")
        s.dice[g.regions.index(element[0])] = element[1]
        s.remaining = [element[0]]
    return Fraction(_best(s, player, _margin(s, player)))


def element_gains(state: "MarabuntaState", player: int,
                  elements: Iterable[Element] | None = None) -> dict[Element, Fraction]:
    """Margin gains of several elements for ``player`` (default: every ``(colour, face)`` of
    the six dice, 36, and the tile). See :func:`element_gain`.

    Raises:
        ValueError: as :func:`element_gain`; ``elements`` is not a collection of elements.
    """
    _check(state, player)
    elements = _check_elements(elements)
    g = state.game
    if elements is None:
        elements = [(c, f) for c in g.regions for f in FACES] + [TILE]
    return {e: element_gain(state, player, e) for e in elements}


class _AgainValuation:
    """Additive gains, the again tile worth the best die of its pool (MARA-D5)."""

    def __init__(self, base: AdditiveValuation) -> None:
        self.base = base

    def __call__(self, role: str, pool: Pool) -> Fraction:
        dice = tuple(e for e in pool if e != TILE)
        value = self.base(role, dice) if dice else Fraction(0)
        if TILE in pool and dice:
            value += max(self.base(role, (d,)) for d in dice)
        return value


def position_valuation(state: "MarabuntaState", elements: Iterable[Element] | None = None) -> Any:
    """A valuation of pools for the round of ``state`` (module docstring): the chooser values
    with the chooser's gains, the splitter with its own.

    Args:
        state: a Marabunta state with its tile known.
        elements: the elements to value (default: all 36 die faces and the tile; give the
            round's 6 dice and the tile to value one roll only, which is faster).

    Returns:
        An :class:`~boardkit.analysis.splits.AdditiveValuation`, or, for the again tile, a
        callable valuation ``value(role, pool)`` (not additive: the tile repeats the best die).

    Raises:
        ValueError: ``state`` is not a Marabunta state or has no tile yet; ``elements`` is not
            a collection of elements, or one is unknown (the message names the argument).
    """
    _check_state(state)
    elements = _check_elements(elements)
    chooser = element_gains(state, state.chooser, elements)
    splitter = element_gains(state, state.splitter, elements)
    base = AdditiveValuation(chooser, splitter, names=RoundNames.of_game(state.game))
    return _AgainValuation(base) if state.tile == "again" else base


def analyse_position(state: "MarabuntaState", objective: str = "difference") -> SplitAnalysis:
    """The splitter's max-min split of ``state``'s roll with :func:`position_valuation`.

    Args:
        state: a Marabunta state at the split (tile and roll known, MARA-3.2).
        objective: ``"difference"`` or ``"own"`` (see :func:`boardkit.analysis.splits.analyse_split`).

    Returns:
        A :class:`~boardkit.analysis.splits.SplitAnalysis` (values in points of margin).

    Raises:
        ValueError: the state is not at a split.
    """
    _check_state(state)
    if state.phase != "split":
        raise ValueError(f"the state is not at a split (phase {state.phase!r}); give 'tile' and 'roll' in the position")
    roll = tuple(state.dice)
    elements: list[Element] = [(c, f) for c, f in zip(state.game.regions, roll)] + [TILE]
    return analyse_split(roll, position_valuation(state, elements), tile=str(state.tile), objective=objective,
                         names=RoundNames.of_game(state.game))


def position_expected_value(state: "MarabuntaState", objective: str = "difference", progress: bool = False) -> Fraction:
    """The splitter's expected max-min value over all 6^6 rolls of ``state``'s round, with
    :func:`position_valuation` (36 die faces valued once, then the fast path of
    :func:`boardkit.analysis.splits.splitter_expected_value`; the again tile takes the slow
    callable path, about 20 s).

    Args:
        state: a Marabunta state whose tile is known (at the roll or the split).
        objective: ``"difference"`` or ``"own"``.
        progress: show a tqdm progress bar.

    Returns:
        Points of margin, exact.

    Raises:
        ValueError: ``state`` is not a Marabunta state or has no tile yet (the message names
            the argument); an unknown objective (refused before the 36 faces are valued).
    """
    _check_state(state)
    _check_objective(objective)
    return splitter_expected_value(position_valuation(state), tile=str(state.tile), objective=objective,
                                   names=RoundNames.of_game(state.game),
                                   progress=progress)
