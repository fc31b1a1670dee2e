"""The ARMA-3.2 search: the most points of a roll a side can still use (:func:`best`), and the
one rule path of a share built on it (:func:`judge`, :func:`shares`: ARMA-3.1, ARMA-3.2,
ARMA-D3). Every share is walked by :func:`boardkit.games.armageddon.rules.walk`; what is kept
here is the verdicts of those walks per position, and a proof that spares playing a share out
when another chip surely takes the rest of the roll (:func:`_rest_whole`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardkit.core.playout import EXACT_RANDOM, getrandbits_of
from boardkit.core.rules import Refusal
from boardkit.games.armageddon.rules import EARTH, OUT, TABLE, Pos, route_of, span, walk

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.armageddon.game import ArmageddonGame

#: One position's search table for the points left ``r``, kept in the turn's memo (by the
#: position's key and ``r``: :func:`_table`): the walk verdicts (:func:`_look`) by ``(chip,
#: points, verb)`` and the spans (:func:`span` with ``most=r``) by ``(chip, verb)``.
_Tab = dict[tuple[object, ...], Any]
#: :func:`_look` of a legal walk besides the circle a quiet one stops on: it stops on the
#: launch table (ARMA-3.4); it is not quiet.
_ENDS, _LOUD = -2, -1


def _table(p: Pos, r: int, memo: dict[object, Any], pkey: tuple[object, ...] | None = None) -> _Tab:
    """The search table of ``p`` for ``r`` points left, kept in ``memo`` (``pkey``:
    ``p.key()``, when the caller has it): a walk's verdict reads no more of the position than
    its key holds."""
    key = (p.key() if pkey is None else pkey, r)
    tab = memo.get(key)
    if tab is None:
        tab = memo[key] = {}
    return tab  # type: ignore[no-any-return]


def _span(g: "ArmageddonGame", p: Pos, tab: _Tab, c: int, verb: str, most: int) -> tuple[int, int]:
    """:func:`span` of ``(c, verb)`` (``why=False``), kept in ``tab`` (whose roll ``most`` is);
    a forward or back walk's in the game's ``span_memo`` too, by what decides it: the chip's
    circle and (for the officer's route) its mine, whatever the position and the roll."""
    key = (c, verb)
    got = tab.get(key)
    if got is None:
        if verb == "spare":  # the chips ahead decide it
            got = tab[key] = span(g, p, c, verb, most, False)
            return got
        gkey = (c, verb, p.at[c], p.mine)
        got = g.span_memo.get(gkey)
        if got is None:
            got = g.span_memo[gkey] = span(g, p, c, verb, most, False)
        tab[key] = got
    return got  # type: ignore[no-any-return]


def _look(g: "ArmageddonGame", p: Pos, tab: _Tab, c: int, k: int, verb: str,
          bounds: tuple[int, int] | None) -> Any:
    """:func:`walk` of ``(c, k, verb)`` from ``p`` (``bounds``: its :func:`span`, or None) for
    its verdict only, kept in ``tab`` by ``(c, k, verb)``: callers read the table first
    (``tab.get((c, k, verb))``) and call this when it holds nothing.

    Returns:
        ``(clause, reason)`` of the walk's refusal; else ``_ENDS`` when it stops on the launch
        table (ARMA-3.4); the circle it stops on when it is quiet (a walk forward or back that
        changes nothing on its way: it meets no enemy chip and takes no mine); ``_LOUD``
        otherwise.
    """
    got: Any
    path = None
    if bounds is not None:  # the search's call: the verdict on empty circles is kept per game (_path)
        gkey = (c, k, verb, p.at[c], p.mine)
        path = g.look_memo.get(gkey)
        if path is None:
            path = g.look_memo[gkey] = _path(g, p, c, k, verb)
        nodes = path[0]
        if nodes is not None:
            occ = p.occ
            for n in nodes:
                if occ[n] >= 0:
                    path = None  # a chip on the way: the walk decides
                    break
            else:
                got = path[1]
                if got is not None:
                    tab[(c, k, verb)] = got
                    return got
    try:
        p1, stop = walk(g, p, c, k, False, verb, bounds, False)
    except Refusal as refusal:
        got = tab[(c, k, verb)] = (refusal.clause, refusal.reason)  # not the exception: its frames would stay
    else:
        got = tab[(c, k, verb)] = _ENDS if stop == TABLE else _LOUD if p1 is not p or verb == "spare" else stop
    if path is not None and path[0] is not None:  # walked over empty circles: so it goes whenever they are
        g.look_memo[gkey] = (path[0], got)
    return got


def _path(g: "ArmageddonGame", p: Pos, c: int, k: int, verb: str) -> tuple[tuple[int, ...] | None, Any]:
    """The circles a forward or back walk of ``k`` points of chip ``c`` from ``p`` passes
    (``(circles, None)``; the verdict is filled in by :func:`_look` once it is walked with them
    empty), or ``(None, None)`` when its verdict may depend on more than those circles being
    empty: a walk sparing a chip, over the launch table (which table circles are free) or of
    the officer leaving its dot circle (the depot, ARMA-5.1).

    With those circles empty, :func:`walk` (for its verdict, ``result=False``) reads nothing of
    the position but the chip's circle and the officer's mine, which the key of
    ``game.look_memo`` holds with ``(c, k, verb)``: the checks of :func:`_steps` on a circle
    are the board's (the landing point, the dot circle, the pad, GK) or need a chip there, and
    a walk within its span (the caller's ``bounds``) is refused for nothing else."""
    if verb == "spare":
        return None, None
    route, rindex = route_of(g, p, c)
    i = rindex.get(p.at[c], -1)
    if c == g.officer and i < 0:
        return None, None
    d = -1 if verb == "back" else 1
    nodes = tuple(route[i + d * j] for j in range(1, k + 1))
    if any(n < 0 for n in nodes):  # the launch table
        return None, None
    return nodes, None


def _rest_whole(g: "ArmageddonGame", p: Pos, tab: _Tab, r: int, movable: frozenset[int], c: int, k: int,
                e: int) -> bool:
    """True when, after the legal quiet share of ``k`` points of chip ``c`` from ``p`` that
    stops on circle ``e`` (:func:`_look`), another chip of ``movable`` surely takes the
    other ``r - k`` points in one share (ARMA-3.2, ARMA-D3), seen from ``p`` without playing
    the share out: another chip's walk of ``r - k`` forward or back is legal and quiet here
    (:func:`_look`) and does not stop on ``e``. After the share it is as legal:

    - the share moves ``c`` from its circle ``s`` to ``e`` (free: the stop of a quiet walk),
      and its arrival may only take chips of its side off the board or end the game (ARMA-1.3,
      ARMA-1.4, ARMA-6.3: every point is then accounted for): ``c`` itself shot down
      (ARMA-4.2), or, when ``c`` is an Earth chip leaving the laser-control circle, every Earth
      chip on a laser circle, shot as the laser is on again (ARMA-4.3): another chip standing
      on one is not counted on. Left out: the officer at the cruiser (ARMA-5.2, ARMA-5.3);
    - the other walk, of a chip of the same side, met no enemy chip here; after the share it
      passes ``s`` empty, ``e`` held by ``c`` or empty, and perhaps other circles of its side
      emptied: none of these stops or refuses a walk that does not stop there (:func:`_steps`),
      but for an alien chip on GK, which aliens leaving the main compartment may not pass
      (ARMA-6.2): after an alien share stopping on GK, an alien chip still inside (off its
      route) is not counted on.

    False says nothing: the caller plays the share out.
    """
    if c == g.officer and e == g.cruiser:
        return False
    at = p.at
    earth = g.kind[c] == EARTH
    laser_back = earth and at[c] == g.control  # ARMA-4.3
    gk_held = not earth and e == g.gk  # ARMA-6.2
    rest = r - k
    for c2 in movable:  # any order: the answer is whether one does
        if c2 == c or at[c2] < 0 or (laser_back and at[c2] in g.laser_set):
            continue
        if gk_held and route_of(g, p, c2)[1].get(at[c2], -1) < 0:
            continue
        for v2 in g.verbs:
            if v2 == "spare":
                continue
            bounds = tab.get((c2, v2)) or _span(g, p, tab, c2, v2, r)
            if not bounds[0] <= rest <= bounds[1]:
                continue
            last = tab.get((c2, rest, v2))
            if last is None:
                last = _look(g, p, tab, c2, rest, v2, bounds)
            if type(last) is int and last >= 0 and last != e:
                return True
    return False


def _value(g: "ArmageddonGame", p: Pos, r: int, movable: frozenset[int], memo: dict[object, int],
           c: int, k: int, verb: str, bounds: tuple[int, int] | None, tab: _Tab) -> int:
    """The points the share ``(c, k, verb)`` accounts for with the best rest of the turn, -1
    when its walk is refused (:func:`_look`): the whole rest of the roll, a stop on the launch
    table or the end of the game accounts for every point left (ARMA-3.4). ``tab``: the
    position's search table for ``r`` (:func:`_table`); a value found is kept there, by the
    share and ``movable``, for the listing and the search that ask for it again."""
    last = tab.get((c, k, verb))
    if last is None:
        last = _look(g, p, tab, c, k, verb, bounds)
    if type(last) is not int:
        return -1
    if k == r or last == _ENDS:
        return r
    key = (c, k, verb, movable)
    got = tab.get(key)
    if got is not None:
        return got  # type: ignore[no-any-return]
    if last >= 0 and _rest_whole(g, p, tab, r, movable, c, k, last):
        got = r  # a calm share whose rest is surely taken: not played out
    else:
        p2, _ = walk(g, p, c, k, False, verb, bounds)
        if p2.winner is not None:
            got = r
        else:  # the rest is for the other chips still in play: the share may have shot some down (ARMA-4.3)
            at = p2.at
            got = k + best(g, p2, r - k, frozenset([x for x in movable if x != c and at[x] >= 0]), memo)
    tab[key] = got
    return got


def best(g: "ArmageddonGame", p: Pos, r: int, movable: frozenset[int], memo: dict[object, Any]) -> int:
    """The most points of ``r`` that can still be used this turn by the chips ``movable``
    (each takes at most one share, ARMA-D3), ARMA-3.2.

    Args:
        memo: a cache shared within one turn (keys include the position); it keeps the
            position's search table too (:func:`_table`).

    Returns:
        Points, 0 .. r.
    """
    if r == 0 or not movable or p.winner is not None:
        return 0
    pkey = p.key()
    key = (pkey, r, movable)
    got = memo.get(key)
    if got is not None:
        return got  # type: ignore[no-any-return]
    tab = _table(p, r, memo, pkey)
    spans = []
    for c in sorted(movable):  # first, one chip taking every point left (the search ends there)
        for verb in g.verbs:
            bounds = _span(g, p, tab, c, verb, r)  # walk refuses every other k for the same reason
            if bounds[0] > bounds[1]:
                continue
            spans.append((c, verb, bounds))
            if bounds[0] <= r <= bounds[1]:
                last = tab.get((c, r, verb))
                if last is None:
                    last = _look(g, p, tab, c, r, verb, bounds)
                if type(last) is int:
                    memo[key] = r  # a whole share of the r points: nothing is left to use
                    return r
    top = 0
    for k in range(r - 1, 0, -1):  # then the most points in one share first
        for c, verb, bounds in spans:
            if bounds[0] <= k <= bounds[1]:
                v = _value(g, p, r, movable, memo, c, k, verb, bounds, tab)
                if v > top:
                    top = v
                    if top == r:
                        memo[key] = top
                        return top
    memo[key] = top
    return top


def any_share(g: "ArmageddonGame", p: Pos, r: int, movable: frozenset[int], memo: dict[object, Any]) -> bool:
    """Whether some point of ``r`` can still be used this turn: :func:`best` ``> 0``, asked
    without searching for the most (ARMA-3.2: a turn with no usable point ends). Every legal
    walk of ``k`` points is worth at least ``k`` (:func:`_value`), so the best is above 0
    exactly when some chip of ``movable`` has a legal walk (:func:`_look`) of ``1 .. r``
    points."""
    if r == 0 or not movable or p.winner is not None:
        return False
    pkey = p.key()
    got = memo.get((pkey, r, movable))
    if got is not None:
        return got > 0  # type: ignore[no-any-return]
    tab = _table(p, r, memo, pkey)
    for c in movable:  # any order: the answer is whether one has
        for verb in g.verbs:
            bounds = _span(g, p, tab, c, verb, r)
            lo, hi = bounds  # lo >= 1 (span)
            for k in range(lo, (hi if hi < r else r) + 1):
                last = tab.get((c, k, verb))
                if last is None:
                    last = _look(g, p, tab, c, k, verb, bounds)
                if type(last) is int:
                    return True
    return False


def found(p: Pos, r: int, memo: dict[object, Any]) -> _Tab | None:
    """The search table of ``p`` for ``r`` points left (:func:`_table`) when the search has
    made one in ``memo``, else None (read only: nothing is added)."""
    return memo.get((p.key(), r))  # type: ignore[no-any-return]


def rest_usable(tab: _Tab | None, movable: frozenset[int], c: int, k: int, verb: str) -> bool | None:
    """Whether a point of the roll left after the share ``(c, k, verb)`` is still usable
    (ARMA-3.2: else the turn ends), read from the share's value when the search has found it
    (:func:`_value`, kept in the position's table ``tab``, :func:`found`): the value of a share
    of ``k < r`` points that leaves the game running is ``k`` plus :func:`best` of the rest (or
    ``r`` when another chip surely takes the rest, :func:`_rest_whole`), so it is above ``k``
    exactly when :func:`any_share` of the position after it is True. That position is the one
    the search walked only when the share displaced no Earth chip whose owner chooses its
    circle (``pending``), so the caller asks only then.

    Returns:
        True or False as :func:`any_share` after the share would answer; None when the search
        has not valued the share (the caller then asks :func:`any_share`).
    """
    if tab is None:
        return None
    v = tab.get((c, k, verb, movable))
    return None if v is None else v > k  # type: ignore[no-any-return]


def quiet_stop(tab: _Tab | None, c: int, k: int, verb: str) -> int | None:
    """The circle the share ``(c, k, verb)`` stops on when the search found its walk quiet (it
    meets no chip and changes nothing on its way: :func:`_look`), else None."""
    if tab is None:
        return None
    stop = tab.get((c, k, verb))
    return stop if type(stop) is int and stop >= 0 else None


def judge(g: "ArmageddonGame", p: Pos, r: int, movable: frozenset[int], memo: dict[object, Any],
          c: int, k: int, verb: str) -> None:
    """The one rule path of a share (ARMA-3.1, ARMA-3.2, ARMA-D3 and :func:`walk`): returns
    when chip ``c`` may take ``k`` points with ``verb`` now, raises :class:`Refusal` naming the
    clause otherwise. :func:`shares` lists exactly the shares it passes: those of ``1 .. r``
    points of a chip of ``movable`` whose :func:`_value` is :func:`best`."""
    if k < 1:
        raise Refusal("ARMA-3.1", f"a share is at least 1 point, not {k}")
    if k > r:
        raise Refusal("ARMA-3.1", f"only {r} point(s) of the roll are left to give, not {k}")
    if c not in movable:
        name = g.chip_names[c]
        if p.at[c] == OUT:
            raise Refusal("ARMA-3.1", f"{name} has left the game")
        raise Refusal("ARMA-D3", f"{name} has taken its share of this roll already; each chip takes one share")
    tab = _table(p, r, memo)
    last = tab.get((c, k, verb))
    if last is None:
        last = _look(g, p, tab, c, k, verb, None)
    if type(last) is not int:
        raise Refusal(*last)  # the walk's own refusal
    v = _value(g, p, r, movable, memo, c, k, verb, None, tab)
    top = best(g, p, r, movable, memo)
    if v < top:
        raise Refusal("ARMA-3.2", f"after this share only {v} of the {top} usable point(s) could be used; all points "
                                  f"must be used, as many as possible")


def shares(g: "ArmageddonGame", p: Pos, r: int, movable: frozenset[int],
           memo: dict[object, Any]) -> list[tuple[int, int, str]]:
    """The legal shares ``(chip, points, verb)`` now: those :func:`judge` passes (``[]`` when
    no point can be used): of ``1 .. r`` points, of a chip of ``movable``, whose
    :func:`_value` is :func:`best` (a refused walk's is -1)."""
    top = best(g, p, r, movable, memo)
    if top == 0:
        return []
    tab = _table(p, r, memo)
    out = []
    for c in sorted(movable):
        for verb in g.verbs:
            bounds = tab.get((c, verb)) or _span(g, p, tab, c, verb, r)  # walk refuses every other k for the same reason
            lo, hi = bounds  # lo >= 1 (span)
            for k in range(lo, (hi if hi < r else r) + 1):
                last = tab.get((c, k, verb))
                if last is None:
                    last = _look(g, p, tab, c, k, verb, bounds)
                if type(last) is not int:
                    continue  # a refused walk (_look): its value is -1
                if k == r or last == _ENDS:  # _value(): every point left is accounted for
                    out.append((c, k, verb))
                    continue
                v = tab.get((c, k, verb, movable))
                if v is None:
                    v = _value(g, p, r, movable, memo, c, k, verb, bounds, tab)
                if v >= top:
                    out.append((c, k, verb))
    return out


#: Refused draws before :func:`draw` gives up (its caller then draws from the whole list).
TRIES = 32


def draw(g: "ArmageddonGame", p: Pos, r: int, movable: frozenset[int], memo: dict[object, Any], rng: Any,
         extra: int = 0, tries: int | None = None, chips: list[int] | None = None) -> tuple[int, int, str] | int | None:
    """A legal share drawn uniformly without listing them all: the rollout step of
    :meth:`~boardkit.games.armageddon.state.ArmageddonState.sample_legal_action`.

    The candidates are every ``(chip, points, verb)`` of a chip of ``movable``, a verb of the
    game and points ``1 .. r``, and ``extra`` other actions the caller holds legal. One is
    drawn with ``rng.randrange``; a share is kept when :func:`shares` would list it (in the
    walk's :func:`span`, and its :func:`_value` is :func:`best`, ARMA-3.2; the best is searched
    only when the share does not use every point left), else another is drawn. Every legal
    share (and extra) has the same chance at each draw, so the one kept is uniform among them.

    ``chips``: ``movable`` in ascending order, when the caller has it.

    Returns:
        The share ``(chip, points, verb)``; an int ``0 .. extra - 1`` for an extra action;
        None after ``tries`` (default :data:`TRIES`) refused draws (the caller then draws from
        the whole legal list, which keeps every action's chance equal).
    """
    tab = _table(p, r, memo)
    if chips is None:
        chips = sorted(movable)
    verbs = g.verbs
    per_chip = len(verbs) * r
    n = len(chips) * per_chip
    if n + extra == 0:
        return None
    m = n + extra
    bits = rng.getrandbits if type(rng) is EXACT_RANDOM else getrandbits_of(rng)
    if bits is not None:
        width = m.bit_length()
    else:
        below = rng.randrange
    for _ in range(TRIES if tries is None else tries):
        if bits is not None:  # randrange(m), inline: the same numbers (getrandbits_of)
            i = bits(width)
            while i >= m:
                i = bits(width)
        else:
            i = below(m)
        if i >= n:
            return i - n
        c = chips[i // per_chip]
        verb = verbs[i % per_chip // r]
        k = i % r + 1
        bounds = tab.get((c, verb)) or _span(g, p, tab, c, verb, r)
        if not bounds[0] <= k <= bounds[1]:
            continue  # walk refuses it (span)
        last = tab.get((c, k, verb))
        if last is None:
            last = _look(g, p, tab, c, k, verb, bounds)
        if type(last) is not int:
            continue  # a refused walk (_look): its value is -1
        if k == r or last == _ENDS:  # _value(): every point left is accounted for
            return (c, k, verb)
        v = tab.get((c, k, verb, movable))
        if v is None:
            v = _value(g, p, r, movable, memo, c, k, verb, bounds, tab)
        if v >= r or v >= best(g, p, r, movable, memo):
            return (c, k, verb)
    return None


__all__ = ["any_share", "best", "draw", "found", "judge", "quiet_stop", "rest_usable", "shares", "TRIES"]
