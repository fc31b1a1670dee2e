"""Exact Armageddon questions (ARMA-8 of ``shared/rules/armageddon.md``): ways to split a roll,
one chip's arrival at the landing point, and the officer's raid. Every probability is a
:class:`fractions.Fraction` (:func:`as_sympy` shows a result as sympy Rationals).

Source: seed ``004_108ef70fbb1ba573.txt``; clauses ARMA-3.1 .. ARMA-3.4 (splits), ARMA-4.2 ..
ARMA-4.4, ARMA-D4 (arrival), ARMA-5.1 .. ARMA-5.4 (the raid).

>>> from boardkit.analysis.armageddon import arrival_distribution, split_count_free
>>> split_count_free(6, 4)
84
>>> r = arrival_distribution(start="table", laser="off")
>>> r.p_shot, r.p_arrive
(Fraction(0, 1), Fraction(1, 1))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any, Mapping

import boardkit
from boardkit.core.checks import check_state, check_whole
from boardkit.core.game import Game, State
from boardkit.core.validate import shorten
from boardkit.games.armageddon import rules, usable

SIXTH = Fraction(1, 6)
#: The most alien turns :func:`raid_distribution` follows (about 0.7 s there; a raid is over
#: within some 30 turns, later turns repeat the total).
MAX_RAID_TURNS = 100_000
#: The largest ``n`` and ``k`` of :func:`split_count_free` (C(2 x 10^5, 10^5) takes about 1 s;
#: the binomial's cost grows with the smaller of n and k - 1).
MAX_SPLIT_FREE = 100_000


_DEFAULT: list[Any] = []


def _game(game: Game | None) -> Any:
    """``game``, or the default Armageddon game (loaded once); ValueError naming ``game`` for
    anything but an Armageddon game."""
    if game is not None:
        if getattr(game, "name", None) != "armageddon" or not hasattr(game, "arma"):
            raise ValueError(f"game: an Armageddon game (boardkit.load_game('armageddon', ...)) or None, "
                             f"not {shorten(game)}")
        return game
    if not _DEFAULT:
        _DEFAULT.append(boardkit.load_game("armageddon"))
    return _DEFAULT[0]


def as_sympy(value: Any) -> Any:
    """``value`` with every Fraction turned into a sympy Rational (dicts, lists, tuples and
    the result classes of this module), for display in notebooks."""
    from boardkit.core.chance import to_sympy

    if isinstance(value, Fraction):
        return to_sympy(value)
    if isinstance(value, Mapping):
        return {k: as_sympy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(as_sympy(v) for v in value)
    if hasattr(value, "__dataclass_fields__"):
        return {k: as_sympy(getattr(value, k)) for k in value.__dataclass_fields__}
    return value


# -- splits ---------------------------------------------------------------------------------

def split_count_free(n: int, k: int) -> int:
    """Ways to split a roll of ``n`` points among ``k`` chips with no board rule (ARMA-3.1): the
    weak compositions of n into k parts (a chip may get 0), ``C(n + k - 1, k - 1)``.

    Raises:
        ValueError: n or k is not a whole number, n < 0 or k < 1, or either is past
            :data:`MAX_SPLIT_FREE` (10^5; the message names it, the value and the bound).
    """
    check_whole("n", n, 0, MAX_SPLIT_FREE, "armageddon.MAX_SPLIT_FREE")
    check_whole("k", k, 1, MAX_SPLIT_FREE, "armageddon.MAX_SPLIT_FREE")
    return comb(n + k - 1, k - 1)


@dataclass(frozen=True)
class SplitWays:
    """The legal ways to carry out one roll on a position (ARMA-3.1 .. ARMA-3.6, ARMA-D3).

    Attributes:
        allotments: the distinct complete allotments, each a sorted tuple of ``(chip, points)``
            (chips that get no point left out; a walk back or a spare named ``"back red1"``,
            ``"spare red1"``), with ``("take mine", 0)`` when the officer took a mine in that turn
            (ARMA-5.1, option ``mine='choice'``: the mine changes the officer's way, so the same
            points may be split otherwise).
        sequences: the number of legal orders of the turn's actions that complete it: its
            shares and, where the officer may take one, ``take mine`` at each point it is legal
            (the action sequences the engine allows until the turn ends).
        used: the most points a legal allotment uses (ARMA-3.2: every allotment uses all the
            points that can be used from where it was chosen; taking a mine may change that
            number, so allotments with and without the mine may use different totals).
    """

    allotments: frozenset[tuple[tuple[str, int], ...]]
    sequences: int
    used: int

    @property
    def count(self) -> int:
        """The number of distinct allotments."""
        return len(self.allotments)


def split_ways(state: State) -> SplitWays:
    """Every legal way to split the roll on ``state`` (in its move phase) by the engine's rules
    (ARMA-3.2: the most usable points; ARMA-3.4, ARMA-3.5, ARMA-3.6, ARMA-6.1 blocks...).

    Displaced Earth chips with a choice of circle are put on the first free one (the choice
    does not change the shares). The aliens' officer taking a mine (``take mine``, ARMA-5.1) is
    one of the turn's actions wherever the engine allows it (before, between or after shares
    while points are left to use).

    Raises:
        ValueError: ``state`` is not an Armageddon state in its move phase.
    """
    check_state(state, "armageddon")
    if getattr(state, "phase", "") != "move":
        raise ValueError(f"split_ways takes an Armageddon state in its move phase (after a roll), not phase "
                         f"{shorten(getattr(state, 'phase', None))}")
    g: Any = state.game
    memo = g.memo
    seat = state.seat  # type: ignore[attr-defined]
    found: set[tuple[tuple[str, int], ...]] = set()
    sequences = 0

    def walk(p: Any, left: int, movable: frozenset[int], taken: tuple[tuple[str, int], ...]) -> None:
        nonlocal sequences
        options = usable.shares(g, p, left, movable, memo) if left > 0 and p.winner is None else []
        if not options:  # ARMA-3.2: no point usable, the turn ends
            found.add(tuple(sorted(taken)))
            sequences += 1
            return
        for c, k, verb in options:
            p2, ends = rules.walk(g, p, c, k, False, verb)
            name = g.chip_names[c] if verb == "move" else f"{verb} {g.chip_names[c]}"
            walk(p2, 0 if ends else left - k, movable - {c}, taken + ((name, k),))
        if seat == g.aliens_seat and rules.take_refusal(g, p) is None:  # ARMA-5.1: the officer's mine, as the engine offers it
            walk(rules.take(p), left, movable, taken + (("take mine", 0),))

    start = frozenset(c for c in g.seat_chips[seat] if state.pos.at[c] >= 0 and c not in state.moved)  # type: ignore[attr-defined]
    walk(state.pos, state.left, start, ())  # type: ignore[attr-defined]
    used = max((sum(k for _, k in a) for a in found), default=0)  # "take mine" counts 0
    return SplitWays(frozenset(found), sequences, used)


# -- one chip's flight ----------------------------------------------------------------------

@dataclass(frozen=True)
class Arrival:
    """One Earth chip flying alone to the landing point (ARMA-4.1 .. ARMA-4.4, ARMA-D4).

    Attributes:
        arrive: turn t (of its colour, 1 = the next) -> probability it stops on the landing
            point in that turn.
        shot: turn t -> probability the laser shoots it in that turn (ARMA-4.2).
        p_arrive, p_shot: the totals (they sum to 1).
        mean_turns: expected turns to land, given that it lands (None if it never does).
    """

    arrive: dict[int, Fraction]
    shot: dict[int, Fraction]
    p_arrive: Fraction
    p_shot: Fraction
    mean_turns: Fraction | None
    cumulative: dict[int, Fraction] = field(default_factory=dict)

    def within(self, t: int) -> Fraction:
        """Probability of having landed within ``t`` turns (ARMA-4.1; 0 within 0 turns).

        Raises:
            ValueError: ``t`` is not a whole number >= 0 (the message names it and the value).
        """
        check_whole("t", t, 0)
        return sum((p for s, p in self.arrive.items() if s <= t), Fraction(0))


def _earth_route(g: Any, colour: str) -> tuple[str, ...]:
    return g.arma.earth_route(colour)


def arrival_distribution(game: Game | None = None, colour: str = "red", start: str = "table",
                         laser: str = "on") -> Arrival:
    """The exact distribution of the turns one chip needs to stop on the landing point, and of
    its being shot on the way, by forward propagation over the die (ARMA-3.1 .. ARMA-4.4).

    The chip flies alone: it gets the whole roll each turn and, by ARMA-3.2, walks
    ``min(roll, circles to the landing point)`` (the landing point is a stop, ARMA-D4); from a
    home circle a roll of 1 stops it on the launch table (ARMA-3.3). It is shot when a turn ends
    on its laser crossing while the laser is on (ARMA-4.2); the laser stays ``"on"`` or
    ``"off"`` (an Earth chip held on the control circle, ARMA-4.3) throughout.

    Args:
        game: an Armageddon game (default: the default game).
        colour: the chip's colour.
        start: ``"home"``, ``"table"`` or a node of its trajectory (``"r3"``).
        laser: ``"on"`` or ``"off"``.

    Returns:
        :class:`Arrival`.

    Raises:
        ValueError: ``game`` is not an Armageddon game; an unknown colour, start or laser state.
    """
    g = _game(game)
    if not isinstance(colour, str) or colour not in g.arma.trajectories:
        raise ValueError(f"colour is one of {', '.join(g.arma.trajectories)}, not {shorten(colour)}")
    if laser not in ("on", "off"):
        raise ValueError(f"laser is 'on' or 'off', not {shorten(laser)}")
    route = _earth_route(g, colour)  # ("table", trajectory..., landing, ...)
    land = route.index(g.arma.landing)
    laser_at = next(i for i, n in enumerate(route) if n in g.arma.laser)
    if start == "home":
        i0 = -1
    elif start == "table":
        i0 = 0
    elif start in route[1:land]:
        i0 = route.index(start)
    else:
        raise ValueError(f"start is 'home', 'table' or a circle of the {colour} trajectory, not {shorten(start)}")
    dist: dict[int, Fraction] = {i0: Fraction(1)}
    arrive: dict[int, Fraction] = {}
    shot: dict[int, Fraction] = {}
    t = 0
    while dist:
        t += 1
        nxt: dict[int, Fraction] = {}
        for i, p in dist.items():
            for r in range(1, 7):
                j = min(i + r, land)
                q = p * SIXTH
                if j == land:
                    arrive[t] = arrive.get(t, Fraction(0)) + q
                elif j == laser_at and laser == "on":
                    shot[t] = shot.get(t, Fraction(0)) + q
                else:
                    nxt[j] = nxt.get(j, Fraction(0)) + q
        dist = nxt
    p_arrive = sum(arrive.values(), Fraction(0))
    p_shot = sum(shot.values(), Fraction(0))
    mean = sum((t * p for t, p in arrive.items()), Fraction(0)) / p_arrive if p_arrive else None
    cumulative, acc = {}, Fraction(0)
    for s in sorted(arrive):
        acc += arrive[s]
        cumulative[s] = acc
    return Arrival(arrive, shot, p_arrive, p_shot, mean, cumulative)


# -- the officer's raid ---------------------------------------------------------------------

@dataclass(frozen=True)
class Raid:
    """The officer's raid on the cruiser (ARMA-5.1 .. ARMA-5.4).

    Attributes:
        complete: alien turn t -> probability the officer reaches the cruiser with its mine in
            that turn.
        intercepted: alien turn t -> probability it is intercepted after that turn.
        within: t -> probability the raid is complete within t alien turns.
    """

    complete: dict[int, Fraction]
    intercepted: dict[int, Fraction]
    within: dict[int, Fraction]


def raid_distribution(turns: int, game: Game | None = None, interceptor: tuple[str, int] | None = None) -> Raid:
    """The exact chance the officer completes a raid within ``turns`` alien turns, starting on
    its dot circle with a mine, by forward propagation over the dice.

    The officer walks alone and forward with its mine (as with the options ``mine='always'``,
    ``back='none'``; it gets the whole alien roll, ``min(roll, circles to the next stop)`` by
    ARMA-3.2): dot circle -> GK -> exit path -> the launch pad (a stop, ARMA-5.1) ->
    the blue trajectory -> the cruiser. With ``interceptor = (colour, d)`` an Earth chip of
    that colour waits d circles before the crossing of its trajectory with the blue one; after
    each alien turn that ends with the officer on that crossing, the Earth roll intercepts it
    when it is at least d (ARMA-5.4: enough points to pass over or stop on the crossing); the
    Earth chip otherwise keeps waiting (its colour uses its points elsewhere).

    Args:
        turns: the horizon, 1 .. :data:`MAX_RAID_TURNS` (10^5) alien turns.
        game: an Armageddon game (default: the default game).
        interceptor: ``(colour, d)`` with 1 <= d <= 6, or None.

    Raises:
        ValueError: ``turns`` is not a whole number >= 1, or is past :data:`MAX_RAID_TURNS`
            (10^5: the message names it, the value and the bound); ``game`` is not an
            Armageddon game; a bad interceptor (the message names the argument and the value).
    """
    check_whole("turns", turns, 1, MAX_RAID_TURNS, "armageddon.MAX_RAID_TURNS")
    g = _game(game)
    route = g.arma.officer_route()  # (gk, exit..., pad, blue..., cruiser)
    pad, end = route.index(g.arma.pad), len(route) - 1
    cross, hit = -2, Fraction(0)
    if interceptor is not None:
        colour, d = interceptor if isinstance(interceptor, (tuple, list)) and len(interceptor) == 2 else (None, None)
        if (not isinstance(colour, str) or colour not in g.arma.crossing_of or isinstance(d, bool)
                or not isinstance(d, int) or not 1 <= d <= 6):
            raise ValueError(f"interceptor is (colour, d) with a colour of {', '.join(g.arma.crossing_of)} and "
                             f"1 <= d <= 6, not {shorten(interceptor)}")
        if g.arma.trajectories[colour].index(g.arma.crossing_of[colour]) < d:
            raise ValueError(f"the {colour} trajectory has fewer than {d} circles before its crossing")
        cross = route.index(g.arma.crossing_of[colour])
        hit = Fraction(7 - d, 6)  # ARMA-5.4: an Earth roll of d or more reaches the crossing
    dist: dict[int, Fraction] = {-1: Fraction(1)}
    complete: dict[int, Fraction] = {}
    intercepted: dict[int, Fraction] = {}
    within: dict[int, Fraction] = {}
    acc = Fraction(0)
    for t in range(1, turns + 1):
        nxt: dict[int, Fraction] = {}
        for i, p in dist.items():
            stop = pad if i < pad else end
            for r in range(1, 7):
                j = min(i + r, stop)
                q = p * SIXTH
                if j == end:
                    complete[t] = complete.get(t, Fraction(0)) + q
                elif j == cross:
                    intercepted[t] = intercepted.get(t, Fraction(0)) + q * hit
                    if hit < 1:
                        nxt[j] = nxt.get(j, Fraction(0)) + q * (1 - hit)
                else:
                    nxt[j] = nxt.get(j, Fraction(0)) + q
        dist = nxt
        acc += complete.get(t, Fraction(0))
        within[t] = acc
    return Raid(complete, intercepted, within)


__all__ = ["MAX_RAID_TURNS", "MAX_SPLIT_FREE", "as_sympy", "split_count_free", "SplitWays", "split_ways", "Arrival", "arrival_distribution", "Raid",
           "raid_distribution"]
