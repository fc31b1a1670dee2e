"""Pure Armageddon rules: one chip's share of the roll walked circle by circle (ARMA-3 ..
ARMA-7, ARMA-D3 .. ARMA-D11); the most points a side can still use is searched with these
walks in :mod:`boardkit.games.armageddon.usable` (ARMA-3.2).

The functions take a :class:`Pos` (the pieces, mines, compartments, flags) and never change
it: :func:`walk` returns a new one or raises :class:`Refusal` naming the clause.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.core.rules import Refusal

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.armageddon.game import ArmageddonGame

#: ``Pos.at`` values besides node indices.
OUT, LIMBO = -1, -3
#: The launch table in an Earth route (any of its circles).
TABLE = -2
#: Chip kinds.
EARTH, WARRIOR, OFFICER = 0, 1, 2


class Pos:
    """The position's pieces and counters (copied cheaply for search).

    Attributes:
        at: per chip (game order), its node index, ``OUT`` (left the game) or ``LIMBO``
            (displaced, its owner still to choose a circle, ARMA-7.2).
        occ: per node, the chip on it or -1 (ARMA-3.5: one chip per circle).
        mine: the officer carries a mine (ARMA-5.1). depot: mines left in the depot.
        trophies: per Earth colour (COLOURS order), mines taken by interception (ARMA-5.4).
        destroyed: main compartments destroyed so far, in order (ARMA-5.2).
        skip: per Earth colour, it skips its next turn (ARMA-4.4).
        winner: None, ``"earth"`` or ``"aliens"``; reason, clause: why.
        pending: displaced Earth chips whose owner chooses a circle (ARMA-7.2), in order.
        events: what happened, in words, since the turn began.
    """

    __slots__ = ("at", "occ", "mine", "depot", "trophies", "destroyed", "skip", "winner", "reason", "clause",
                 "pending", "events", "_key")

    def __init__(self) -> None:
        self.at: list[int] = []
        self.occ: list[int] = []
        self.mine = False
        self.depot = 0
        self.trophies = [0, 0, 0]
        self.destroyed = 0
        self.skip = [False, False, False]
        self.winner: str | None = None
        self.reason = ""
        self.clause = ""
        self.pending: list[int] = []
        self.events: list[str] = []
        self._key: tuple[object, ...] | None = None

    def copy(self) -> "Pos":
        """An independent copy."""
        p = _new(Pos)
        p.at = self.at[:]
        p.occ = self.occ[:]
        p.mine = self.mine
        p.depot = self.depot
        p.trophies = self.trophies[:]
        p.destroyed = self.destroyed
        p.skip = self.skip[:]
        p.winner = self.winner
        p.reason = self.reason
        p.clause = self.clause
        p.pending = self.pending[:]
        p.events = self.events[:]
        p._key = None
        return p

    def key(self) -> tuple[object, ...]:
        """What decides the rest of a turn (for memoising :func:`best`): the chips' circles,
        the officer's mine, the depot, the compartments destroyed and the winner. Kept once
        asked: a position is changed in place only before it is asked (a walk's copy) or with
        :meth:`changed` after."""
        got = self._key
        if got is None:
            got = self._key = (tuple(self.at), self.mine, self.depot, self.destroyed, self.winner)
        return got

    def changed(self) -> None:
        """Say that the position was changed in place (a chip placed or sent home, the game
        ended): :meth:`key` works it out again."""
        self._key = None


_new = object.__new__


def laser_on(g: "ArmageddonGame", p: Pos) -> bool:
    """ARMA-4.3: the laser is on unless an Earth chip stands on the laser-control circle."""
    c = p.occ[g.control]
    return c < 0 or g.kind[c] != EARTH


def aliens_inside(g: "ArmageddonGame", p: Pos) -> bool:
    """ARMA-6.2, ARMA-D7: an alien chip stands inside the main compartment (a numbered
    circle, or the officer on its dot circle)."""
    return any(p.occ[n] >= 0 for n in g.inside)


def earth_in_play(g: "ArmageddonGame", p: Pos) -> int:
    """Earth chips still in play, wherever they stand (ARMA-1.4)."""
    return sum(1 for c in g.earth_chips if p.at[c] != OUT)


def home_options(g: "ArmageddonGame", p: Pos, c: int) -> list[int]:
    """ARMA-7.1, ARMA-7.2: the circles a displaced Earth chip may go to: the free home circles
    of its colour in compartments still in play; once every compartment is destroyed, the free
    launch-table circles (``[]``: it leaves the game; before every compartment is destroyed a
    chip with no free home circle leaves the game too, the seed's "кружков на все фишки может и
    не хватить")."""
    free = [n for n in g.homes[g.colour_index[c]] if p.occ[n] < 0 and g.comp_of[n] >= p.destroyed]
    if free or p.destroyed < len(g.compartments):
        return free
    return [n for n in g.table if p.occ[n] < 0]


def _remove(p: Pos, c: int) -> None:
    n = p.at[c]
    if n >= 0:
        p.occ[n] = -1


def _place(p: Pos, c: int, n: int) -> None:
    p.at[c] = n
    p.occ[n] = c


def send_home(g: "ArmageddonGame", p: Pos, c: int, by: int, choose: bool) -> None:
    """A displaced or intercepted chip goes home (ARMA-7.1, ARMA-7.2, ARMA-D10): an alien to a
    free numbered circle, the officer to its dot circle (its mine to the hitting colour,
    ARMA-5.4, ARMA-D9); an Earth chip to the one free circle open to it, or into ``pending``
    when its owner has a choice (``choose``), or out of the game when none is free."""
    _remove(p, c)
    names = g.chip_names
    if g.kind[c] == OFFICER:
        if p.mine:
            p.mine = False
            if by >= 0 and g.kind[by] == EARTH:
                p.trophies[g.colour_index[by]] += 1  # ARMA-5.4: the mine is the interceptor's trophy
        _place(p, c, g.dot)
        p.events.append("officer sent back to its dot circle")
        return
    if g.kind[c] == WARRIOR:
        n = next(m for m in g.numbered if p.occ[m] < 0)
        _place(p, c, n)
        p.events.append(f"{names[c]} sent home to {g.names[n]}")
        return
    options = home_options(g, p, c)
    if not options:
        p.at[c] = OUT  # ARMA-7.2: no free circle left
        p.events.append(f"{names[c]} displaced and out of the game (no free circle)")
    elif len(options) == 1 or not choose:
        _place(p, c, options[0])
        p.events.append(f"{names[c]} sent home to {g.names[options[0]]}")
    else:
        p.at[c] = LIMBO
        p.pending.append(c)
        p.events.append(f"{names[c]} displaced; its owner chooses a circle")


def _out(g: "ArmageddonGame", p: Pos, c: int, why: str) -> None:
    _remove(p, c)
    p.at[c] = OUT
    if g.kind[c] == OFFICER:
        p.mine = False  # a mine it carried is lost with it
    p.events.append(f"{g.chip_names[c]} {why}")


def colour_counts(g: "ArmageddonGame", p: Pos) -> list[int]:
    """Chips in play of each playing colour, in ``g.colours`` order (ARMA-1.4: the aliens win
    under aliens_win='colours' when every one is 1 or 0)."""
    at = p.at
    return [sum(1 for c in chips if at[c] != OUT) for chips in g.colour_chips]


def _check_end(g: "ArmageddonGame", p: Pos) -> None:
    """ARMA-1.4, ARMA-D11: the aliens win when every playing colour is down to one chip in play
    or none (option aliens_win='colours'), or when Earth has as many chips in play as colours
    play, or fewer ('count')."""
    if p.winner is not None:
        return
    if g.aliens_win == "colours":
        at = p.at
        for chips in g.colour_chips:  # quick exit: a colour with two chips in play
            n = 0
            for c in chips:
                if at[c] != OUT:
                    n += 1
            if n > 1:
                return
        left = colour_counts(g, p)
        if all(n <= 1 for n in left):
            p.winner, p.clause = "aliens", "ARMA-1.4"
            p.reason = "every Earth colour is down to one chip or none (" + ", ".join(
                f"{col} {n}" for col, n in zip(g.colours, left)) + ")"
    elif earth_in_play(g, p) <= g.alien_win_at:
        p.winner, p.clause = "aliens", "ARMA-1.4"
        p.reason = f"Earth has only {earth_in_play(g, p)} chip(s) left in play"


def route_of(g: "ArmageddonGame", p: Pos, c: int) -> tuple[tuple[int, ...], dict[int, int]]:
    """The route chip ``c`` walks and its node -> index map (ARMA-D6): the officer's depends on
    its mine (with one, to the cruiser; without, the arc home, ARMA-5.3)."""
    if c == g.officer:
        return g.officer_routes[p.mine], g.officer_rindex[p.mine]
    return g.routes[c], g.rindex[c]


def _enemy(g: "ArmageddonGame", c: int, o: int) -> bool:
    return o >= 0 and (g.kind[o] == EARTH) != (g.kind[c] == EARTH)


VERBS = ("move", "back", "spare")


def span(g: "ArmageddonGame", p0: Pos, c: int, verb: str, most: int, why: bool = True) -> tuple[int, int]:
    """The points ``(lo, hi)`` of ``1 .. most`` chip ``c`` may take with ``verb`` as far as its
    path allows (ARMA-D6: the path's end; ARMA-3.7: backward only on the ship's circles;
    ARMA-6.1: sparing needs an enemy chip ahead): :func:`walk` refuses every ``k <= most``
    outside ``lo .. hi`` for that reason, and the other reasons are left to :func:`walk`.
    Empty (``lo > hi``) when no ``k`` fits; ``hi`` may exceed ``most``.

    Raises:
        Refusal: the verb is refused whatever the points (the option, a chip off the ship, an
            enemy right ahead of a sparing chip); with ``why=False`` the span is empty instead
            (for search, which needs no reason).
    """
    if c == g.officer:  # route_of(), inline: the search calls this most
        route, rindex = g.officer_routes[p0.mine], g.officer_rindex[p0.mine]
    else:
        route, rindex = g.routes[c], g.rindex[c]
    i = rindex.get(p0.at[c], -1)
    if verb == "move":
        return 1, len(route) - 1 - i
    if verb == "spare":
        if g.displace != "optional":
            if not why:
                return 1, 0
            raise Refusal("ARMA-6.1", "with displace='forced' every enemy chip met is displaced; there is no sparing")
        occ, kind, earth = p0.occ, g.kind, g.kind[c] == EARTH
        for j in range(1, min(most, len(route) - 1 - i) + 1):
            n = route[i + j]
            if n >= 0 and occ[n] >= 0 and (kind[occ[n]] == EARTH) != earth:  # an enemy chip (_enemy)
                if j == 1:
                    if not why:
                        return 1, 0
                    raise Refusal("ARMA-6.1", f"the enemy chip on {g.names[n]} is right ahead of {g.chip_names[c]}: "
                                              f"sparing it, {g.chip_names[c]} cannot move at all")
                return j, 1 << 30
        return most + 1, most
    if g.back != "ship":
        if not why:
            return 1, 0
        raise Refusal("ARMA-3.7", "with back='none' chips move only forward along their arrows")
    lo, hi = g.back_windows[c][p0.mine]
    if not lo < i <= hi:
        if not why:
            return 1, 0
        raise Refusal("ARMA-3.7", f"{g.chip_names[c]} is not on the alien ship's circles, where alone chips walk "
                                  f"back (nobody flies backwards)")
    return 1, i - lo


def walk(g: "ArmageddonGame", p0: Pos, c: int, k: int, choose: bool = True, verb: str = "move",
         bounds: tuple[int, int] | None = None, result: bool = True) -> tuple[Pos, int]:
    """Chip ``c`` walks ``k`` circles (one share of the roll, ARMA-3.1).

    Args:
        g: the game (board tables).
        p0: the position (not changed).
        c: the chip (index in ``g.chip_names``).
        k: points, >= 1.
        choose: leave a displaced Earth chip with several free circles to its owner's choice
            (False: the first free circle, for search).
        verb: ``"move"`` (forward along its arrows), ``"back"`` (backward along them, on the
            alien ship's circles only, ARMA-3.7) or ``"spare"`` (forward, declining to displace:
            it stops behind the first enemy chip within ``k`` circles, ARMA-6.1, ARMA-D15).
        bounds: :func:`span` of ``(c, verb)`` with ``most >= k`` here, when the caller has it.
        result: False when only legality matters (search): the position returned is then
            not the walk's end (no refusal comes after the last circle, so none is missed).

    Returns:
        ``(new position, ends_turn)``: ends_turn when an Earth chip stopped on the launch
        table (ARMA-3.4). With ``result=False``: ``(position, stop)``, the position as the
        circles left it (``p0`` itself when the walk changed nothing on its way) and the
        circle the mover stops on, ``TABLE`` when on the launch table (the turn ends) or -1
        when it left the game.

    Raises:
        Refusal: the walk breaks a rule (names the clause and says why).
    """
    if c == g.officer:  # route_of(), inline: the search calls this most
        route, rindex = g.officer_routes[p0.mine], g.officer_rindex[p0.mine]
    else:
        route, rindex = g.routes[c], g.rindex[c]
    i = rindex.get(p0.at[c], -1)
    if bounds is not None:
        lo_k, hi_k = bounds
    elif verb == "move":  # span() of a forward walk, inline
        lo_k, hi_k = 1, len(route) - 1 - i
    else:
        lo_k, hi_k = span(g, p0, c, verb, k)
    if verb == "spare":
        return _spare(g, p0, c, k, choose, route, i, lo_k, result)
    if k > hi_k:
        _too_far(g, c, verb, hi_k, route)
    d = -1 if verb == "back" else 1
    p, final, ends_turn = _steps(g, p0, c, k, choose, route, i, d)
    if not result:
        return p, TABLE if ends_turn else final
    return _arrive(g, p0, p, c, final, i, d, rindex), ends_turn


def arrive(g: "ArmageddonGame", p0: Pos, c: int, stop: int, verb: str) -> Pos:
    """:func:`walk` of a share whose walk is quiet (the search's verdict: it meets no chip and
    changes nothing on its way, stopping on circle ``stop``): only its arrival is left to play
    (:func:`_arrive`: the stop and what it sets off). Returns the new position, as
    :func:`walk` with ``result=True`` returns it."""
    rindex = g.officer_rindex[p0.mine] if c == g.officer else g.rindex[c]  # route_of(), inline
    return _arrive(g, p0, p0, c, stop, rindex.get(p0.at[c], -1), -1 if verb == "back" else 1, rindex)


def _spare(g: "ArmageddonGame", p0: Pos, c: int, k: int, choose: bool, route: tuple[int, ...], i: int, lo_k: int,
           result: bool) -> tuple[Pos, int]:
    """ARMA-6.1, ARMA-D15: :func:`walk` with ``verb="spare"``: the chip stops behind the first
    enemy chip ahead (``lo_k`` circles on, :func:`span`), declining to displace it."""
    name = g.chip_names[c]
    if k < lo_k:
        raise Refusal("ARMA-6.1", f"no enemy chip stands within {k} circle(s) ahead of {name}: spare is the "
                                  f"choice not to displace one")
    n = route[i + lo_k]
    p, ends = walk(g, p0, c, lo_k - 1, choose, "move", None, result)
    if result:
        p.events.append(f"{name} spared {g.chip_names[p0.occ[n]]} on {g.names[n]} and stopped behind it")
    return p, ends


def _too_far(g: "ArmageddonGame", c: int, verb: str, hi_k: int, route: tuple[int, ...]) -> None:
    """ARMA-3.7, ARMA-D6: refuse a share past the circles the chip's path allows (``hi_k``)."""
    name = g.chip_names[c]
    if verb == "back":
        raise Refusal("ARMA-3.7", f"{name} can walk back at most {hi_k} circle(s) on the ship")
    raise Refusal("ARMA-D6", f"{name} can walk at most {hi_k} more circle(s): its path ends at "
                             f"{g.names[route[-1]] if route[-1] >= 0 else 'the launch table'}")


def _lift(p0: Pos, c: int) -> Pos:
    """A copy of ``p0`` with the mover ``c`` lifted off its circle (a walk's first change)."""
    p = p0.copy()
    n = p.at[c]  # _remove(), inline
    if n >= 0:
        p.occ[n] = -1
    return p


def _steps(g: "ArmageddonGame", p0: Pos, c: int, k: int, choose: bool, route: tuple[int, ...], i: int,
           d: int) -> tuple[Pos, int, bool]:
    """The circles of a walk one by one (ARMA-3.3 .. ARMA-3.6, ARMA-5.1, ARMA-5.6, ARMA-6.1,
    ARMA-6.2, ARMA-D4, ARMA-D5): ``k`` circles from route index ``i`` in direction ``d``.

    Returns:
        ``(position, final, ends_turn)``: the position as the walk leaves it (``p0`` itself
        when nothing changed yet; the mover lifted off its circle otherwise), the circle the
        mover stops on (-1: it left the game, ARMA-3.5) and whether it stopped on the launch
        table (ARMA-3.4).

    Raises:
        Refusal: a circle the chip may not pass or stop on.
    """
    kind = g.kind[c]
    start = p0.at[c]
    p = p0  # copied (and the mover lifted off its circle) before the first change
    if kind == OFFICER and i < 0 and g.mine_rule == "always" and not p0.mine and p0.depot > 0:
        p = _lift(p0, c)
        p.depot -= 1  # ARMA-5.1 (mine='always'): taken as the officer leaves its dot circle, at no cost
        p.mine = True
    ends_turn = False
    final = -1
    gkind = g.kind
    is_earth = kind == EARTH
    special = g.walk_special
    pocc = p.occ
    for j in range(1, k + 1):
        n = route[i + d * j]
        last = j == k
        if n == TABLE:  # ARMA-3.3, ARMA-D5
            if last:
                ends_turn = True  # ARMA-3.4
                p, final = _stop_on_table(g, p0, p, c)
            continue
        occ = -1 if n == start and p is p0 else pocc[n]
        if n not in special:  # none of the checks below applies on this circle
            pass
        elif is_earth:
            if n == g.landing and not last and d > 0:
                raise Refusal("ARMA-D4", f"{g.chip_names[c]} must stop on the landing point; it cannot walk past "
                                         f"it in one share")
        else:
            if kind == WARRIOR:
                if last and n == g.dot:
                    raise Refusal("ARMA-5.6", "a warrior may never stand on the officer's dot circle (so a 1 takes "
                                              "no warrior out of the main compartment)")
            elif n == g.pad and not last and d > 0:
                raise Refusal("ARMA-5.1", "the officer must stop on the launch pad and start from it next turn")
            if i < 0 and n == g.gk and not last and occ >= 0 and gkind[occ] != EARTH:
                raise Refusal("ARMA-6.2", "aliens leaving the main compartment may not pass over their own chip on GK")
        if occ < 0:
            pass
        elif (gkind[occ] == EARTH) != is_earth:  # an enemy chip
            p = _meet(g, p0, p, c, occ, n, last, route, i + d * (j + 1), choose)
            pocc = p.occ
        elif last:  # ARMA-3.5, ARMA-3.6: a chip of one's own side
            p = _stop_on_own(g, p0, p, c, occ, n)
            break
        if last:
            final = n
    return p, final, ends_turn


def _stop_on_table(g: "ArmageddonGame", p0: Pos, p: Pos, c: int) -> tuple[Pos, int]:
    """ARMA-3.3 .. ARMA-3.5: an Earth chip's last circle is the launch table: the first free
    table circle, or (option two_on_one) both chips out when every one is taken.

    Returns:
        ``(position, final)``: final is the circle, or -1 when the mover left the game."""
    free = [t for t in g.table if p.occ[t] < 0]
    if free:
        return p, free[0]
    if g.two_on_one == "refuse":
        raise Refusal("ARMA-3.5", "every launch-table circle is taken; a chip cannot stop there")
    if p is p0:
        p = _lift(p0, c)
    name = g.chip_names[c]
    other = p.occ[g.table[0]]
    _out(g, p, other, f"left the game: {name} was put on its circle (ARMA-3.5)")
    _out(g, p, c, "left the game: two chips on one launch-table circle (ARMA-3.5)")
    return p, -1


def _meet(g: "ArmageddonGame", p0: Pos, p: Pos, c: int, occ: int, n: int, last: bool, route: tuple[int, ...],
          nxt_i: int, choose: bool) -> Pos:
    """Chip ``c`` meets the enemy chip ``occ`` on circle ``n`` (its route index after ``n`` is
    ``nxt_i``): an interception on a crossing (ARMA-5.4, ARMA-5.5) or a displacement (ARMA-6.1,
    ARMA-6.2, ARMA-1.3). Returns the position after it (a copy of ``p0``, the mover lifted).

    Raises:
        Refusal: GK defended from inside (ARMA-6.2), or a block of two chips (ARMA-6.1).
    """
    if p is p0:
        p = _lift(p0, c)
    name = g.chip_names[c]
    kind = g.kind[c]
    is_earth = kind == EARTH
    if is_earth and g.kind[occ] == OFFICER and n in g.crossings:  # ARMA-5.4: interception
        send_home(g, p, occ, c, choose)
        p.events.append(f"{name} intercepted the officer on {g.names[n]}")
        return p
    if kind == OFFICER and n in g.crossings:  # ARMA-5.5: the officer intercepts
        send_home(g, p, occ, c, choose)
        p.events.append(f"the officer intercepted {g.chip_names[occ]} on {g.names[n]}")
        return p
    if is_earth and n == g.gk and aliens_inside(g, p):
        raise Refusal("ARMA-6.2", "the alien chip on GK cannot be displaced while an alien chip is inside the main "
                                  "compartment")
    if not last:
        nxt = route[nxt_i] if 0 <= nxt_i < len(route) else -1
        o2 = p.occ[nxt] if nxt >= 0 else -1
        if o2 >= 0 and _enemy(g, c, o2) and (g.kind[o2] != EARTH or g.colour_index[o2] == g.colour_index[occ]):
            raise Refusal("ARMA-6.1", f"two {g.colours_of[occ]} chips in a row on {g.names[n]} and {g.names[nxt]} "
                                      f"form a block: only the first can be displaced and {name} stops there")
    send_home(g, p, occ, c, choose)  # ARMA-6.1
    p.events.append(f"{name} displaced {g.chip_names[occ]} from {g.names[n]}")
    if is_earth and n == g.gk:  # ARMA-1.3, ARMA-6.2
        p.winner, p.clause = "earth", "ARMA-1.3"
        p.reason = f"{name} displaced {g.chip_names[occ]} from GK: the aliens capitulate"
    return p


def _stop_on_own(g: "ArmageddonGame", p0: Pos, p: Pos, c: int, occ: int, n: int) -> Pos:
    """ARMA-3.5, ARMA-3.6: the last circle holds a chip of the mover's own side: refused, or
    (option two_on_one) both chips leave the game."""
    name = g.chip_names[c]
    if g.two_on_one == "refuse":
        raise Refusal("ARMA-3.5", f"{g.names[n]} is held by {g.chip_names[occ]}, a chip of your own side: "
                                  f"one chip per circle; stop behind it (ARMA-3.6)")
    if p is p0:
        p = _lift(p0, c)
    _out(g, p, occ, f"left the game: {name} was put on its circle {g.names[n]} (ARMA-3.5)")
    _out(g, p, c, f"left the game: two chips on {g.names[n]} (ARMA-3.5)")
    return p


def _arrive(g: "ArmageddonGame", p0: Pos, p: Pos, c: int, final: int, i: int, d: int, rindex: dict[int, int]) -> Pos:
    """The end of a walk: the mover put on its last circle ``final`` (-1: it left the game),
    then what its stop sets off: a compartment destroyed or the flight home (ARMA-5.2, ARMA-5.3,
    ARMA-D8), a landing (ARMA-4.4), GK taken (ARMA-6.3, ARMA-D16), the laser (ARMA-4.2,
    ARMA-4.3), the end of the game (ARMA-1.4). Returns the new position (never ``p0``)."""
    if p is p0:
        p = _lift(p0, c)
    kind = g.kind[c]
    if final < 0:
        pass  # the mover left the game (ARMA-3.5)
    elif kind == OFFICER and final == g.cruiser:
        _at_cruiser(g, p, c)
    else:
        p.at[c] = final  # _place, inline
        p.occ[final] = c
        if kind == OFFICER and final == g.dot:
            p.events.append("the officer flew the arc home to its dot circle (ARMA-5.3)")
    if kind == EARTH and final >= 0:
        if final == g.landing and d > 0 and i < rindex[g.landing]:
            p.skip[g.colour_index[c]] = True  # ARMA-4.4
        if final == g.gk and p.winner is None and not aliens_inside(g, p):  # ARMA-6.3, ARMA-D16
            name = g.chip_names[c]
            if g.empty_gk_wins:
                p.winner, p.clause = "earth", "ARMA-6.3"
                p.reason = f"{name} moved onto the empty GK with no alien inside the main compartment"
            elif not any(p.at[a] >= 0 for a in g.alien_chips):
                p.winner, p.clause = "earth", "ARMA-D16"
                p.reason = f"{name} moved onto GK and no alien chip is left in play to defend it"
    gkind, control = g.kind, g.control  # laser_on() of p0 and p, inline
    was, now = p0.occ[control], p.occ[control]
    if 0 <= was and gkind[was] == EARTH and (now < 0 or gkind[now] != EARTH):  # ARMA-4.3: on again at once
        for n in g.laser:
            o = p.occ[n]
            if o >= 0 and g.kind[o] == EARTH:
                _out(g, p, o, "shot down by the laser")
    elif kind == EARTH and final in g.laser_set and (now < 0 or gkind[now] != EARTH):  # ARMA-4.2: the laser is on
        _out(g, p, c, "shot down by the laser")
    if p.at.count(OUT) != p0.at.count(OUT):  # ARMA-1.4 only starts to hold as a chip leaves the game
        _check_end(g, p)
    return p


def _at_cruiser(g: "ArmageddonGame", p: Pos, c: int) -> None:
    """ARMA-5.2, ARMA-5.3, ARMA-D8: the officer at the cruiser destroys the next main
    compartment with its mine (every chip on it leaves the game), or flies back to base; either
    way it returns to its dot circle without a mine."""
    if p.mine and p.destroyed < len(g.compartments):  # ARMA-5.2
        k_comp = p.destroyed
        p.destroyed += 1
        for h in g.compartments[k_comp]:
            o = p.occ[h]
            if o >= 0:
                p.occ[h] = -1
                p.at[o] = OUT
        p.events.append(f"the officer destroyed main compartment {k_comp + 1}")
    else:  # ARMA-5.3, ARMA-D8
        p.events.append("the officer flew back to base")
    p.mine = False
    _place(p, c, g.dot)


def take_refusal(g: "ArmageddonGame", p: Pos) -> tuple[str, str] | None:
    """ARMA-5.1 (mine='choice'): None when the officer may take a mine now, else ``(clause,
    reason)`` naming why not: the option, the officer away from its dot circle, a mine carried
    already, an empty depot. The one rule of :func:`can_take` (which raises it) and of the
    listing, which asks it at every draw of the aliens without raising."""
    if g.mine_rule != "choice":
        return "ARMA-5.1", "with mine='always' the officer takes its mine as it leaves its dot circle"
    if p.at[g.officer] != g.dot:
        return "ARMA-5.1", "the officer takes a mine from the depot only on its dot circle"
    if p.mine:
        return "ARMA-5.1", "the officer carries a mine already"
    if p.depot <= 0:
        return "ARMA-5.1", "the mine depot is empty"
    return None


def can_take(g: "ArmageddonGame", p: Pos) -> None:
    """ARMA-5.1 (mine='choice'): the officer may take a mine now. Raises :class:`Refusal`
    naming why not (:func:`take_refusal`)."""
    why = take_refusal(g, p)
    if why is not None:
        raise Refusal(*why)


def take(p0: Pos) -> Pos:
    """The officer takes a mine from the depot (ARMA-5.1; :func:`can_take` first)."""
    p = p0.copy()
    p.depot -= 1
    p.mine = True
    p.events.append("the officer took a mine")
    return p


__all__ = ["OUT", "LIMBO", "TABLE", "EARTH", "WARRIOR", "OFFICER", "VERBS", "Refusal", "Pos", "laser_on",
           "aliens_inside", "earth_in_play", "colour_counts", "home_options", "send_home", "route_of", "walk", "arrive", "can_take", "take_refusal", "take"]
