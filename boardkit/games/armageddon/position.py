"""Armageddon positions as short descriptions, both ways (for study, saves and tests).

Format (YAML or a mapping; every key but ``chips`` optional)::

    turn: red                 # the side to move: a playing colour or aliens (default: first colour)
    phase: move               # roll (default), move, home or over (a finished game, with end)
    roll: 5                   # the die this turn (move and home phases)
    left: 3                   # points not yet given (default: roll)
    moved: [red1]             # chips that took their share this turn (ARMA-D3)
    chips: {red1: r4, red2: h1_red_2, green3: out, w1: s7, officer: b5, ...}   # every chip:
                              # a node, "out" (left the game; an alien chip only with
                              # two_on_one='penalty', ARMA-3.5) or "pending" (displaced, ARMA-7.2)
    pending: [green3]         # the displaced chips in the order their owners place them
    officer_mine: true        # the officer carries a mine (ARMA-5.1; on its dot circle only
                              # after `take mine`, not with mine='always')
    depot: 2                  # mines in the depot
    trophies: {red: 1}        # mines Earth colours took by interception (ARMA-5.4); a colour
                              # that does not play holds none (refused, naming the field)
    destroyed: 1              # main compartments destroyed, in order (ARMA-5.2)
    skip: [green]             # colours that skip their next turn (ARMA-4.4)
    turns: 7                  # side turns begun so far (ARMA-D12)
    end: {clause: ARMA-6.3, reason: ...}   # phase over only: how the game ended, as the
                              # outcome says it (the board alone does not tell how GK was taken)

A position the rules make impossible is refused with the clause it breaks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from boardkit.core.rules import IllegalPositionError
from boardkit.core.position import Check, Field, PositionFormat, PositionReader
from boardkit.core.validate import shorten
from boardkit.games.armageddon import rules
from boardkit.games.armageddon.board import COLOURS
from boardkit.games.armageddon.rules import EARTH, LIMBO, OUT, WARRIOR

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.armageddon.game import ArmageddonGame
    from boardkit.games.armageddon.state import ArmageddonState

ROLL, HOME, OVER = "roll", "home", "over"

_N = {"type": "integer", "minimum": 0, "maximum": 1000}


def _allowed(g: "ArmageddonGame", c: int) -> set[int]:
    """The nodes chip ``c`` may stand on (its home circles and its route)."""
    route = {n for n in g.routes[c] if n >= 0}
    if g.kind[c] == EARTH:
        return route | set(g.homes[g.colour_index[c]]) | set(g.table)
    if g.kind[c] == WARRIOR:
        return (route | set(g.numbered)) - {g.dot}  # ARMA-5.6
    route |= {n for r in g.officer_routes.values() for n in r}
    return (route | {g.dot}) - {g.cruiser}


@dataclass
class _Reading:
    """What an Armageddon position has read so far (the state it fills)."""

    s: "ArmageddonState"
    study: bool
    limbo: list[int] = field(default_factory=list)  # the chips given as 'pending', in order

    @property
    def g(self) -> "ArmageddonGame":
        return self.s.game


def _read_chips(r: PositionReader, ctx: _Reading, chips: dict[str, str]) -> None:
    """``chips``: every chip of the game, each on a node it may stand on (ARMA-3.7, ARMA-5.6),
    one per circle (ARMA-3.5), out of the game or displaced (ARMA-7.1)."""
    g, p = ctx.g, ctx.s.pos
    p.occ = [-1] * len(g.names)
    p.at = [OUT] * len(g.chip_names)
    unknown = sorted(set(chips) - set(g.chip_names))
    if unknown:
        raise r.error("chips", f"{shorten(unknown[0])} is not a chip of this game ({', '.join(g.chip_names)})")
    missing = [c for c in g.chip_names if c not in chips]
    if missing:
        raise r.error("chips", f"{missing[0]} is missing; give every chip a node, 'out' or 'pending'")
    for name, where in chips.items():
        _place_chip(r, ctx, name, where)


def _place_chip(r: PositionReader, ctx: _Reading, name: str, where: str) -> None:
    """Chip ``name`` at ``where``: a node, 'out' or 'pending' (:func:`_read_chips`)."""
    g, p = ctx.g, ctx.s.pos
    c = g.chip[name]
    w = where.strip().lower()
    if w == "out":
        if g.kind[c] != EARTH and g.two_on_one != "penalty":
            raise IllegalPositionError("ARMA-7.1", f"position: chips.{name}: with two_on_one='refuse' alien chips "
                                                   f"never leave the game; a displaced one goes home")
        return
    if w == "pending":
        if g.kind[c] != EARTH:
            raise IllegalPositionError("ARMA-7.1", f"position: chips.{name}: only Earth chips wait for a circle")
        p.at[c] = LIMBO
        ctx.limbo.append(c)
        return
    if w not in g.node:
        raise r.error(f"chips.{name}", f"{shorten(where)} is not a node of the board")
    n = g.node[w]
    if n not in _allowed(g, c):
        clause = "ARMA-5.6" if n == g.dot and g.kind[c] == WARRIOR else "ARMA-3.7"
        raise IllegalPositionError(clause, f"position: chips.{name}: {name} cannot stand on {w}")
    if p.occ[n] >= 0:
        raise IllegalPositionError("ARMA-3.5", f"position: chips.{name}: {w} holds {g.chip_names[p.occ[n]]} already; "
                                               f"one chip per circle")
    p.at[c], p.occ[n] = n, c


def _read_destroyed(r: PositionReader, ctx: _Reading, destroyed: int) -> None:
    """``destroyed``: main compartments destroyed, in order, none of them with an Earth chip (ARMA-5.2)."""
    g, p = ctx.g, ctx.s.pos
    if destroyed > len(g.compartments):
        raise IllegalPositionError("ARMA-5.2", f"position: destroyed: {destroyed}, but the cruiser has "
                                               f"{len(g.compartments)} main compartments")
    p.destroyed = destroyed
    for c in g.earth_chips:
        n = p.at[c]
        if n >= 0 and g.comp_of.get(n, len(g.compartments)) < destroyed:
            raise IllegalPositionError("ARMA-5.2", f"position: chips.{g.chip_names[c]}: {g.names[n]} is in a destroyed "
                                                   f"compartment, out of play")


def _read_officer_mine(r: PositionReader, ctx: _Reading, mine: bool) -> None:
    """``officer_mine``: carried by an officer in the game (ARMA-3.5), never on its dot circle with mine='always' (ARMA-5.1)."""
    g, p = ctx.g, ctx.s.pos
    p.mine = mine
    if p.mine and p.at[g.officer] < 0:
        raise IllegalPositionError("ARMA-3.5", "position: officer_mine: the officer has left the game, and its mine "
                                               "with it")
    if p.mine and p.at[g.officer] == g.dot and g.mine_rule == "always":
        raise IllegalPositionError("ARMA-5.1", "position: officer_mine: the officer takes a mine as it leaves its dot "
                                               "circle (mine='always'), so it never carries one there")


def _read_depot(r: PositionReader, ctx: _Reading, depot: int) -> None:
    ctx.s.pos.depot = depot


def _read_trophies(r: PositionReader, ctx: _Reading, trophies: dict[str, int]) -> None:
    """``trophies``: mines held by playing colours only (ARMA-5.4)."""
    g = ctx.g
    for colour, n in trophies.items():
        if colour not in g.colours and n:
            raise r.error("trophies", f"{colour} does not play ({', '.join(g.colours)}), so it holds no mine, not {n}")
    ctx.s.pos.trophies = [trophies.get(c, 0) for c in COLOURS]


def _check_mines(r: PositionReader, ctx: _Reading) -> None:
    """No more mines than the game has (ARMA-1.2)."""
    g, p = ctx.g, ctx.s.pos
    if p.depot + int(p.mine) + sum(p.trophies) + p.destroyed > g.mines:
        raise IllegalPositionError("ARMA-1.2", f"position: depot, officer_mine, trophies and destroyed account for more "
                                               f"than the {g.mines} mines of the game")


def _read_skip(r: PositionReader, ctx: _Reading, colours: list[str]) -> None:
    g = ctx.g
    for colour in colours:
        if colour not in g.colours:
            raise r.error("skip", f"{colour} does not play ({', '.join(g.colours)})")
        ctx.s.pos.skip[COLOURS.index(colour)] = True


def _read_pending(r: PositionReader, ctx: _Reading, chips: list[str]) -> None:
    """``pending``: exactly the chips given as 'pending', each once, in the order they are placed."""
    g = ctx.g
    pend = [str(x).lower() for x in chips]
    if sorted(pend) != sorted(g.chip_names[c] for c in ctx.limbo) or len(set(pend)) != len(pend):
        raise r.error("pending", "list exactly the chips given as 'pending', each once")
    ctx.s.pos.pending = [g.chip[x] for x in pend]


def _read_side(r: PositionReader, ctx: _Reading, side: str) -> None:
    ctx.s.seat = ctx.g.seat_names.index(r.choice("turn", side, ctx.g.seat_names, "a side of this game"))


def _read_phase(r: PositionReader, ctx: _Reading, phase: str) -> None:
    """``phase``: home with, and only with, pending chips, in the aliens' turn (ARMA-7.1)."""
    s = ctx.s
    if phase != OVER and (phase == HOME) != bool(s.pos.pending):  # a game may end with chips pending
        raise r.error("phase", "'home' is the phase with, and only with, pending chips")
    if phase == HOME and s.seat != ctx.g.aliens_seat:
        raise IllegalPositionError("ARMA-7.1", "position: pending: only the aliens displace Earth chips")
    s.phase = phase


def _read_turns(r: PositionReader, ctx: _Reading, turns: int) -> None:
    ctx.s.turns = r.turns("turns", turns, "ARMA-D12")


def _read_roll(r: PositionReader, ctx: _Reading) -> None:
    """``roll``, ``left`` and ``moved``: given in, and only in, the move and home phases; the
    points left at most the roll; the moved chips the side's own (ARMA-D3), named once, each
    having taken at least 1 of the points given, and points given only to chips that moved
    (ARMA-3.1), and a point left in the move phase (ARMA-3.1; these two not checked for a
    study position)."""
    g, s, d = ctx.g, ctx.s, r.doc
    if s.phase in (ROLL, OVER):
        if any(k in d for k in ("roll", "left", "moved")):
            raise r.error("roll, left, moved", "given only in the move and home phases")
        return
    if "roll" not in d:
        raise r.error("roll", "the die's face is needed in the move and home phases")
    s.roll = d["roll"]
    s.left = d.get("left", s.roll)
    if s.left > s.roll:
        raise r.error("left", f"{s.left} points left of a roll of {s.roll}")
    moved = set()
    for x in d.get("moved", []):
        c = g.chip.get(str(x).lower(), -1)
        if c < 0 or g.chip_seat[c] != s.seat:
            raise r.error("moved", f"{shorten(x)} is not a chip of {g.seat_names[s.seat]}")
        if c in moved:
            raise r.error("moved", f"{shorten(x)} is named twice")
        moved.add(c)
    given = s.roll - s.left
    if (len(moved) > given or given > 0 and not moved) and not ctx.study:  # a share is at least 1 point, of one chip
        raise IllegalPositionError("ARMA-3.1", f"position: moved: {len(moved)} chip(s) took a share, but "
                                               f"{given} of the roll's {s.roll} point(s) were given (left {s.left}); "
                                               f"each share is at least 1 point, given to one chip")
    if s.phase == "move" and s.left == 0 and not ctx.study:  # play never waits here: the turn is over
        raise IllegalPositionError("ARMA-3.1", f"position: left: every point of the roll of {s.roll} is given, so "
                                               f"{g.seat_names[s.seat]}'s turn is over; write the next side's roll "
                                               f"(phase: roll)")
    s.moved = frozenset(moved)


def _check_play(r: PositionReader, ctx: _Reading) -> None:
    """A colour skipping its turn does not move (ARMA-4.4), unless one of its chips reached the
    landing circle in this very turn; Earth not beaten already by the game's own end test
    (:func:`rules._check_end`, ARMA-1.4 with the option ``aliens_win``; allowed for study)."""
    g, s, p = ctx.g, ctx.s, ctx.s.pos
    if (s.phase == OVER) != ("end" in r.doc):
        raise r.error("end", "a finished game (phase: over), and only it, says how it ended")
    if s.phase == OVER:
        _read_end(r, ctx, r.doc["end"])
        return
    turn = g.seat_names[s.seat]
    if s.seat < g.aliens_seat and p.skip[COLOURS.index(turn)] and s.phase != ROLL \
            and not any(p.at[c] == g.landing for c in s.moved):
        raise IllegalPositionError("ARMA-4.4", f"position: skip: {turn} skips its next turn, so it is not moving now "
                                               f"(none of its chips moved onto the landing circle this turn)")
    rules._check_end(g, p)
    if p.winner == "aliens" and p.clause == "ARMA-1.4" and not ctx.study:
        raise IllegalPositionError("ARMA-1.4", f"position: {p.reason}: the aliens have won already (study=True to study "
                                               f"it)")


def _read_end(r: PositionReader, ctx: _Reading, end: dict[str, str]) -> None:
    """``end`` of a finished game: its clause and reason as the game wrote them, checked
    against the board: Earth's chip on GK (ARMA-1.3 displacing an alien chip, ARMA-6.3 onto
    the empty GK with ``empty_gk_wins``, ARMA-D16 with no alien chip left), the aliens' win
    (ARMA-1.4, the game's own end test) or the cut-off (ARMA-D12, ``max_turns`` reached)."""
    g, s, p = ctx.g, ctx.s, ctx.s.pos
    clause, reason = end["clause"], end["reason"]
    if clause not in _END_CLAUSES:
        raise r.error("end.clause", f"{shorten(clause)} is not an end of Armageddon; the ends are "
                                    f"{', '.join(_END_CLAUSES)} (written as the game writes them)")
    rules._check_end(g, p)
    won = p.winner
    p.winner, p.reason, p.clause = None, "", ""
    gk = p.occ[g.gk]
    name = g.chip_names[gk] if gk >= 0 and g.kind[gk] == EARTH else None
    if clause == "ARMA-D12" and won is None and g.max_turns is not None and s.turns >= g.max_turns:
        s.cut = True
        expected = [f"cut off after {s.turns} turns (max_turns={g.max_turns})"]
    elif clause == "ARMA-1.4" and won == "aliens":
        rules._check_end(g, p)
        expected = [p.reason]
    elif clause == "ARMA-1.3" and name is not None:
        expected = [f"{name} displaced {g.chip_names[a]} from GK: the aliens capitulate" for a in g.alien_chips]
    elif clause == "ARMA-6.3" and name is not None and g.empty_gk_wins and not rules.aliens_inside(g, p):
        expected = [f"{name} moved onto the empty GK with no alien inside the main compartment"]
    elif clause == "ARMA-D16" and name is not None and not g.empty_gk_wins \
            and not any(p.at[a] >= 0 for a in g.alien_chips):
        expected = [f"{name} moved onto GK and no alien chip is left in play to defend it"]
    elif clause == "ARMA-D12" and won is None and (g.max_turns is None or s.turns < g.max_turns):
        loaded = "without max_turns" if g.max_turns is None else f"with max_turns={g.max_turns}"
        raise IllegalPositionError("ARMA-D12", f"position: end: this game was cut off by max_turns (ARMA-D12) after "
                                               f"{s.turns} turns (turns: {s.turns}), but it is read by a game loaded "
                                               f"{loaded}; load the game with max_turns={s.turns}")
    else:
        raise IllegalPositionError(clause, f"position: end: {shorten(clause)} does not end this game: {_ENDS}")
    if reason not in expected:
        raise r.error("end.reason", f"{shorten(reason)} is not how {clause} ended this game: the game writes "
                                    f"{expected[0]!r}")
    if clause not in ("ARMA-D12", "ARMA-1.4"):
        p.winner, p.clause, p.reason = "earth", clause, reason


#: The clauses that end an Armageddon game, as ``end.clause`` names them.
_END_CLAUSES = ("ARMA-1.3", "ARMA-6.3", "ARMA-D16", "ARMA-1.4", "ARMA-D12")

#: The ends of an Armageddon game, for the message refusing an ``end`` the board contradicts.
_ENDS = ("Earth takes GK with a chip there (ARMA-1.3, ARMA-6.3 with empty_gk_wins, ARMA-D16 with no alien in play), "
         "the aliens win by the game's count (ARMA-1.4), or max_turns is reached (ARMA-D12)")


_FORMAT: PositionFormat[_Reading] = PositionFormat([
    Field("turn", {"type": "string"}, _read_side, default=lambda ctx: ctx.g.seat_names[0]),
    Field("phase", {"enum": ["roll", "move", "home", "over"]}, _read_phase, default=ROLL),
    Field("roll", {"type": "integer", "minimum": 1, "maximum": 6}),
    Field("left", {"type": "integer", "minimum": 0, "maximum": 6}),
    Field("moved", {"type": "array", "items": {"type": "string"}, "uniqueItems": True}),
    Field("chips", {"type": "object", "additionalProperties": {"type": "string"}}, _read_chips, required=True),
    Field("pending", {"type": "array", "items": {"type": "string"}}, _read_pending, default=()),
    Field("officer_mine", {"type": "boolean"}, _read_officer_mine, default=False),
    Field("depot", _N, _read_depot, default=lambda ctx: ctx.g.mines),
    Field("trophies", {"type": "object", "additionalProperties": _N, "propertyNames": {"enum": list(COLOURS)}},
          _read_trophies, default={}),
    Field("destroyed", _N, _read_destroyed, default=0),
    Field("skip", {"type": "array", "items": {"enum": list(COLOURS)}, "uniqueItems": True}, _read_skip, default=()),
    Field("turns", {"type": "integer", "minimum": 1, "maximum": 10**9}, _read_turns, default=1),
    Field("end", {"type": "object", "required": ["clause", "reason"], "additionalProperties": False,
                  "properties": {"clause": {"type": "string"}, "reason": {"type": "string"}}}),
], steps=["chips", "destroyed", "officer_mine", "depot", "trophies", Check("mines", _check_mines), "skip", "pending",
          "turn", "phase", "turns", Check("roll", _read_roll), Check("play", _check_play)])


def read_position(s: "ArmageddonState", description: str | Mapping[str, Any], study: bool) -> "ArmageddonState":
    """Fill the empty state ``s`` (``ArmageddonState(game, setup=False)``) with the position
    described (module docstring), checked; returns ``s``.

    Raises:
        BoardkitDataError: malformed description (names the field and value).
        IllegalPositionError: one chip per circle broken (ARMA-3.5), a chip off its paths
            (ARMA-3.7), at home in a destroyed compartment (ARMA-5.2), more mines than the
            game has (ARMA-1.2), Earth already beaten (ARMA-1.4; allowed with ``study``),
            more turns begun than the game's ``max_turns`` cut-off (ARMA-D12), an ``end``
            the board contradicts (names its clause).

    A finished game's description (``phase: over`` with ``end``, as
    ``to_position(finished=True)`` writes it) gives that finished game: its outcome, returns
    and observation.
    """
    r = PositionReader(s.game, description, _FORMAT)
    r.run(_Reading(s, study))
    s.pos.changed()  # filled in place
    return r.finish(s)


def to_position(s: "ArmageddonState") -> dict[str, Any]:
    """The description of ``s`` that :func:`read_position` reads back (JSON-ready); a finished
    game's adds ``end``: the clause and reason of its outcome."""
    g = s.game
    p = s.pos
    chips = {}
    for c, name in enumerate(g.chip_names):
        n = p.at[c]
        chips[name] = "out" if n == OUT else "pending" if n == LIMBO else g.names[n]
    d: dict[str, Any] = {"turn": g.seat_names[s.seat], "phase": s.phase, "chips": chips}  # over: finished=True only
    if s.phase in ("move", "home"):
        d.update({"roll": s.roll, "left": s.left, "moved": [g.chip_names[c] for c in sorted(s.moved)]})
    d.update({"pending": [g.chip_names[c] for c in p.pending], "officer_mine": p.mine, "depot": p.depot,
              "trophies": {c: p.trophies[i] for i, c in enumerate(COLOURS) if c in g.colours},
              "destroyed": p.destroyed, "skip": [c for i, c in enumerate(COLOURS) if p.skip[i]], "turns": s.turns})
    if s.phase == OVER:
        out = s._outcome()
        d["end"] = {"clause": out.clause, "reason": out.reason}
    return d


__all__ = ["read_position", "to_position"]
