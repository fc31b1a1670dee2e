"""Gridhunt: hidden-grid elimination for 8 or more players, run by a game master (GM).

Source: seed ``001_bcc873264f6cd736.txt`` (French), specified clause by clause in
``shared/rules/gridhunt.md`` and ``data/rules/gridhunt.yaml`` (GRID-1.1 .. GRID-7 and the
decisions GRID-D*). The engine is the GM: ``observation(None)`` is its truth, and
``observation(seat)`` is exactly what that seat has been told.

Random layout (GRID-7), as chance nodes: the walls are drawn one cell at a time, each uniform
over the cells still empty; once all are drawn, a layout whose non-wall cells are not
orthogonally connected is rejected and the walls are drawn again (the draws stay in the
history). Sequential uniform draws give every set of wall cells the same probability, and
rejecting the invalid sets leaves the uniform distribution on the valid ones. The teleports,
mines, vision, attack, beacon and shield cells are then drawn the same way over the empty
non-wall cells; validity depends on the walls only and every valid wall set has the same number
of ways to place them, so the whole layout is exactly uniform over the valid layouts. Then the
players are placed one by one, each uniform over the empty non-wall cells (GRID-5.1).

The package's modules: :mod:`.spec` (options, notation), :mod:`.actions` (actions and forms),
:mod:`.rules` (grid geometry), :mod:`.data` (layout files), :mod:`.state` (one position: the
turn flow and the API), :mod:`.knowledge` (what a seat knows), :mod:`.legality` (the one rule
path: a seat's orders and why an order is refused), :mod:`.resolve` (the GM resolving orders),
:mod:`.observe` (what each seat is shown), :mod:`.determinization` (worlds a seat cannot tell
from the truth), :mod:`.position` (positions for study, both ways), :mod:`.explain` (phase-level
refusals), :mod:`.scoring` (the end). Imports run one way: game -> state -> the rest.

>>> import boardkit
>>> s = boardkit.load_game("gridhunt").new_initial_state()
>>> s.is_chance_node(), str(s.legal_actions()[0])   # the GM draws the first wall (GRID-7)
(True, 'layout wall a1')
"""

from __future__ import annotations

import gc
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from operator import itemgetter
from typing import Any, Mapping

from boardkit.core.actions import Action
from boardkit.core.game import Game, OptionError
from boardkit.core.notation import NotationContext, Vocabulary
from boardkit.core.validate import shorten
from boardkit.games.gridhunt.actions import KINDS, Layout, Move, Shoot, ShootAll, ShootNone, Start, Stay, Turn
from boardkit.games.gridhunt.data import load_layout
from boardkit.games.gridhunt.position import from_position
from boardkit.games.gridhunt.rules import MAX_SIZE, MAX_STEPS, MIN_SIZE, around, cell_names, neighbours4
from boardkit.games.gridhunt.spec import RULES_HISTORY, SPEC
from boardkit.games.gridhunt.state import MAX_LAYOUT_DRAWS, GridhuntState  # noqa: F401 (documented here)

__all__ = ["GridhuntGame", "GridhuntState", "RULES_HISTORY"]

#: Cells the notation reads: a1 .. z26, so that a cell off a smaller grid is refused by the
#: rules (GRID-2.1) rather than misread.
NOTATION_CELLS = frozenset(cell_names(26))
_CACHE_LIMIT = 20_000
_new = object.__new__


@dataclass(frozen=True)
class GridShape:
    """The shape of the grid for drawings (a generic square board, columns x rows, cells named
    ``a1``.. with rank 1 at the bottom), GRID-2.1."""

    columns: int
    rows: int
    names: tuple[str, ...]
    kind: str = "square"


class _Tables:
    """Every action of a grid size and player count, made once and shared by all games of that
    shape (actions are immutable values): so a state lists its orders without making new
    objects, each notation is written once, and known notation is read back by a look-up."""

    def __init__(self, size: int, n: int) -> None:
        names = cell_names(size)
        self.size = size
        self.names = names
        cells = range(size * size)
        self.layout = {(k, i): Layout(k, names[i]) for k in KINDS for i in cells}
        self.start = {(p, i): Start(p, names[i]) for p in range(n) for i in cells}
        # the same, as rows by cell index: per kind, per seat
        self.layout_by_kind = {k: tuple(self.layout[k, i] for i in cells) for k in KINDS}
        self.start_by_seat = tuple(tuple(self.start[p, i] for i in cells) for p in range(n))
        self.turn = tuple(Turn(p) for p in range(n))
        self.shoot = tuple(Shoot(names[i]) for i in cells)
        self.shoot_all, self.shoot_none, self.stay = ShootAll(), ShootNone(), Stay()
        self.by_text: dict[str, Action] = {}
        for table in (self.layout.values(), self.start.values(), self.turn, self.shoot,
                      (self.shoot_all, self.shoot_none, self.stay)):
            for a in table:
                self.by_text[str(a)] = a
        self.index = {name: i for i, name in enumerate(names)}
        # Per radius of a look (1, or 2 after a vision cell) and cell: the cells seen
        # (rules.around), as a set, and their kinds read from a layout at once.
        self.looks = {r: tuple((near, frozenset(near), itemgetter(*near)) for near in (around(size, i, r) for i in cells))
                      for r in (1, 2)}
        # The moves made so far, by the code of their path (see _code), each with its notation
        # written once: a path's move is shared by every start cell it leaves from.
        self.by_code: dict[int, Action] = {}
        # Each cell's orthogonal neighbours in notation order of their names: a walk that takes
        # them in this order lists the paths in notation order (see _template).
        rank = {name: r for r, name in enumerate(sorted(names))}
        self._next = tuple(tuple(sorted(neighbours4(size, i), key=lambda j: rank[names[j]])) for i in cells)
        # Per start cell: every path ignoring walls as a move, in notation order, and per cell the
        # paths entering it (bits); the moves among known walls are those whose bits none of the
        # walls has.
        self._templates: dict[int, _Template] = {}
        self.all_paths: dict[int, list[Action]] = {}  # per start cell made so far, its template's moves
        self._paths: dict[tuple[int, frozenset[int]], list[Action]] = {}
        self._by_walls: dict[tuple[int, frozenset[int]], list[Action]] = {}  # the same, by all the walls known
        self.wall_name_sets: dict[frozenset[int], frozenset[str]] = {}  # see wall_names

    @staticmethod
    def _code(path: tuple[int, ...]) -> int:
        """A path of cell indices as one int (base 1,024, a digit per cell plus one): distinct
        paths have distinct codes, a walk extends its prefix's code by one digit."""
        code = 0
        for i in path:
            code = code << 10 | i + 1
        return code

    def move(self, path: tuple[int, ...]) -> Action:
        """The Move for a path of cell indices (the shared object once one is made)."""
        code = self._code(path)
        a = self.by_code.get(code)
        if a is None:
            a = self.by_code[code] = Move(tuple(self.names[i] for i in path))
        return a

    def known_move(self, text: str) -> Action | None:
        """The Move whose canonical notation is exactly ``text`` (``"move a1 a2"``), if made
        already, else None. Text of more cells than a path has (GRID-3.1) is left to the
        notation, which bounds its length first: the look-up reads at most ``MAX_STEPS`` names."""
        index = self.index
        code = 0
        words = text.split(" ", MAX_STEPS + 1)
        if len(words) > MAX_STEPS + 1:
            return None
        for name in words[1:]:
            i = index.get(name)
            if i is None:
                return None
            code = code << 10 | i + 1
        return self.by_code.get(code) if code else None

    def _template(self, start: int) -> "_Template":
        """The paths from ``start`` ignoring walls, as moves in notation order, with per cell
        the runs of that order whose paths enter it, made when first asked (see :class:`_Template`).

        The paths are those of rules.paths_from(size, start, frozenset()) (GRID-3.1, GRID-3.3).
        Notation order compares paths cell name by cell name, a path before its extensions (a
        space sorts before every character of a name, and a name before its longer names), so
        a depth-first walk taking neighbours in name order lists them already sorted; and the
        paths that enter a cell are the runs of the walk below a path ending there. A path's
        move is looked up by its code, extended by one digit per step, and made only the first
        time any start cell reaches it (its notation is written when first asked)."""
        out = self._templates.get(start)
        if out is None:
            by_code, names, nexts = self.by_code, self.names, self._next
            get, new, setattr_ = by_code.get, _new, object.__setattr__
            moves: list[Action] = []
            append = moves.append

            def go(cell: int, code: int, path: tuple[str, ...], seen: set[int], depth: int) -> None:
                for j in nexts[cell]:
                    if j in seen:
                        continue
                    c = code << 10 | j + 1
                    a = get(c)
                    if a is None:  # the value Move(path) makes, without its __init__
                        a = by_code[c] = new(Move)
                        setattr_(a, "path", path + (names[j],))
                    append(a)
                    if depth < MAX_STEPS:
                        seen.add(j)
                        go(j, c, a.path, seen, depth + 1)  # type: ignore[union-attr]
                        seen.discard(j)

            # The moves made here live as long as the process: the cycle collector, which the
            # ~1,000 new objects of a start cell would set off several times to find nothing,
            # waits until they are made.
            collecting = gc.isenabled()
            gc.disable()
            try:
                go(start, 0, (), {start}, 1)
            finally:
                if collecting:
                    gc.enable()
            out = self._templates[start] = _Template(moves, self.index)
            self.all_paths[start] = moves
        return out

    def all_moves(self, start: int) -> list[Action]:
        """Every path from ``start`` ignoring walls, as moves in notation order (shared: never
        changed)."""
        return self._template(start).moves

    def wall_names(self, walls: frozenset[int]) -> frozenset[str]:
        """The names of the cells ``walls`` (made once per set of walls: a seat's known walls
        are kept as one set until they grow, KnowledgeMixin.known_walls)."""
        out = self.wall_name_sets.get(walls)
        if out is None:
            if len(self.wall_name_sets) > _CACHE_LIMIT:
                self.wall_name_sets.clear()
            names = self.names
            out = self.wall_name_sets[walls] = frozenset([names[c] for c in walls])
        return out

    def moves_from(self, start: int, walls: frozenset[int]) -> list[Action]:
        out = self._by_walls.get((start, walls))
        if out is None:
            if len(self._by_walls) > _CACHE_LIMIT:
                self._by_walls.clear()
            out = self._by_walls[start, walls] = self._moves_near(start, walls)
        return out

    def _moves_near(self, start: int, walls: frozenset[int]) -> list[Action]:
        template = self._template(start)
        near = walls & template.reach  # the walls a path from start could enter
        key = (start, near)
        out = self._paths.get(key)
        if out is None:
            if len(self._paths) > _CACHE_LIMIT:
                self._paths.clear()
            # A path avoids the walls exactly when none of its cells is one (GRID-3.1, GRID-3.3):
            # the same paths as rules.paths_from(size, start, near), in notation order; the paths
            # that enter a wall are dropped by their bits, the others kept in one pass.
            moves = template.moves
            blocked = 0
            for w in near:
                blocked |= template.enters(w)
            if not blocked:
                out = moves  # shared: a legal list is never changed (State._legal_list)
            else:
                keep = format(blocked, "b").zfill(len(moves)).encode().translate(_KEPT)
                out = list(compress(moves, keep))
            self._paths[key] = out
        return out


class _Template:
    """The moves from one start cell ignoring walls, in notation order (``moves``), and per
    cell the runs of that order whose paths enter it: ``runs[cell]`` is ``[k0, end0, k1, end1,
    ...]``, the path at ``k`` ending on the cell and the paths after it up to ``end`` (its
    extensions). ``reach``: the cells some path enters; :meth:`enters` the runs as bits, the
    first move the highest bit (so the bits written in binary read in the moves' order). The
    runs and the reach are made when first asked (a rollout draws among the moves only), from
    the moves and ``index`` (cell name -> cell index)."""

    __slots__ = ("moves", "_index", "_runs", "_reach", "_bits")

    def __init__(self, moves: list[Action], index: dict[str, int]) -> None:
        self.moves = moves
        self._index = index
        self._runs: list[list[int]] | None = None
        self._reach: frozenset[int] | None = None
        self._bits: dict[int, int] = {}

    @property
    def runs(self) -> list[list[int]]:
        """Per cell, ``[k0, end0, k1, end1, ...]``: the runs of the moves whose paths enter it.
        The moves are in depth-first order (a path, then its extensions), so a path's run ends
        at the first move after it that is no longer than it."""
        runs = self._runs
        if runs is None:
            index = self._index
            runs = self._runs = [[] for _ in index]
            open_: list[tuple[int, int]] = []  # (k, its last cell) of the paths still open, one per length
            for k, m in enumerate(self.moves):
                path = m.path  # type: ignore[attr-defined]
                while len(open_) >= len(path):
                    k0, cell = open_.pop()
                    runs[cell] += (k0, k)
                open_.append((k, index[path[-1]]))
            while open_:
                k0, cell = open_.pop()
                runs[cell] += (k0, len(self.moves))
        return runs

    @property
    def reach(self) -> frozenset[int]:
        """The cells some path enters."""
        reach = self._reach
        if reach is None:
            reach = self._reach = frozenset(c for c, r in enumerate(self.runs) if r)
        return reach

    def enters(self, cell: int) -> int:
        """The paths that enter ``cell``, as bits (bit ``n - 1 - k`` for ``moves[k]`` of ``n``),
        made when first asked."""
        bits = self._bits.get(cell)
        if bits is None:
            bits = 0
            n = len(self.moves)
            r = self.runs[cell]
            for i in range(0, len(r), 2):
                end = r[i + 1]
                bits |= ((1 << (end - r[i])) - 1) << (n - end)
            self._bits[cell] = bits
        return bits


#: A path's bit written '0' (kept) / '1' (entering a wall) as the kept flag 1 / 0 for
#: itertools.compress.
_KEPT = bytes.maketrans(b"01", b"\x01\x00")


@lru_cache(maxsize=8)
def _tables(size: int, n: int) -> _Tables:
    return _Tables(size, n)


#: The most walls of a random layout per grid size (GRID-7 redraws the walls until the free cells
#: are connected): the largest count for which at least one layout in ten is kept, estimated
#: from 1,000 seeded uniform wall sets per count (tests/test_bounds.py re-checks it). So a layout
#: needs about ten wall sets at worst, and more than MAX_LAYOUT_DRAWS almost never (< 1e-20).
MAX_WALLS: dict[int, int] = {4: 7, 5: 10, 6: 13, 7: 16, 8: 20, 9: 25, 10: 30, 11: 35, 12: 41, 13: 45, 14: 52, 15: 59,
                             16: 66, 17: 72, 18: 79, 19: 86, 20: 94, 21: 103, 22: 110, 23: 119, 24: 128, 25: 138,
                             26: 141}


#: The least cells per player of a grid whose side is not given (GRID-D14): a player and the 8
#: cells around it, so that every player could stand in a look of its own.
CELLS_PER_PLAYER = 9
#: The side of a grid whose size is not given, for up to 16 players (GRID-7).
DEFAULT_SIZE = 12


def _default(name: str) -> object:
    """The seed's default of the option ``name`` (data/rules/gridhunt.yaml, via the spec)."""
    return next(opt.default for opt in SPEC.options if opt.name == name)


def fitting_size(players: int) -> int:
    """GRID-D14: the side of the grid when option ``size`` is None: the smallest side of 12 or
    more with at least 9 cells per player (12 for 8 .. 16 players, 13 for 17 .. 18, 26 for 75).

    Args:
        players: the number of players (8 or more).

    Returns:
        The side, in cells.
    """
    side = DEFAULT_SIZE
    while side * side < CELLS_PER_PLAYER * players:
        side += 1
    return side


def team_membership(players: int, teams: int, team_of: str | None) -> tuple[tuple[int, ...] | None, tuple[str, ...]]:
    """GRID-1.2, GRID-D12: the team of each seat and the teams' names.

    Without ``team_of``, player p is in team ``p % teams`` (named ``team 1`` ..). With it, the
    seats' team names in seat order (separated by spaces or commas); teams are numbered in the
    order their names first appear; a name given once is a player alone (a team of one).

    Args:
        players: the number of seats.
        teams: option ``teams`` (0: none; with ``team_of``, 0 or the number of names).
        team_of: option ``team_of`` or None.

    Returns:
        ``(team per seat or None, team names)``.

    Raises:
        OptionError: one team only, fewer or more names than seats, a ``teams`` count that does not
            match the names, or round-robin teams of fewer than two players.
    """
    if team_of is None:
        if teams == 0:
            return None, ()
        if teams < 2:
            raise OptionError(f"gridhunt: option teams={shorten(teams)}: 0 (every player alone) or 2 teams or more "
                              f"(GRID-1.2: a team wins by eliminating the enemy teams)")
        if teams > players // 2:
            raise OptionError(f"gridhunt: option teams={teams}: every team needs two players or more (GRID-1.2); "
                              f"give team_of for teams of one (GRID-D12)")
        return tuple(p % teams for p in range(players)), tuple(f"team {t + 1}" for t in range(teams))
    names = [w for w in team_of.replace(",", " ").split()]
    if len(names) != players:
        raise OptionError(f"gridhunt: option team_of={shorten(team_of)}: {len(names)} team names for {players} seats; "
                          f"give one per seat, in seat order (GRID-D12)")
    order = list(dict.fromkeys(names))
    if len(order) < 2:
        raise OptionError(f"gridhunt: option team_of={shorten(team_of)}: every seat is in team {order[0]}; at least "
                          f"two teams (GRID-1.2)")
    if teams not in (0, len(order)):
        raise OptionError(f"gridhunt: option teams={teams} but team_of names {len(order)} teams (GRID-D12)")
    return tuple(order.index(w) for w in names), tuple(order)


class GridhuntGame(Game):
    """Gridhunt rules with options (immutable).

    Options (see ``spec.OPTIONS``): players (8 .. 75, GRID-1.2), teams (0 or 2 or more, GRID-1.2)
    and team_of (the team of each seat, GRID-D12),
    team_shares_vision (GRID-1.3), turn_order (GRID-6), layout ('random' or a data file,
    GRID-7), size and the counts of each cell kind (random layout, GRID-7; teleports are always
    two, GRID-2.8), shield_stops_landing (GRID-2.10), line_shot (GRID-4.2),
    shield_stops_enhanced (GRID-D8), deaths_told (GRID-D9), max_turns (GRID-D10).

    Raises:
        OptionError: unknown option or value, fewer than 8 players, teams that are not teams
            (GRID-1.2, GRID-D12), a grid too small for the counts, a count below 0. Without
            ``size`` the grid's side fits the players (GRID-D14, :func:`fitting_size`).
        BoardkitDataError: a malformed layout file (names the file and the field).
    """

    spec = SPEC
    file_options = ("layout",)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        n = o.players
        if not SPEC.players[0] <= n <= SPEC.players[1]:
            raise OptionError(f"gridhunt: option players={shorten(n)}: at least 8 players (GRID-1.2), at most "
                              f"{SPEC.players[1]} seats")
        teams, self.team_names = team_membership(n, o.teams, o.team_of)  # GRID-1.2, GRID-D12
        if o.max_turns is not None and o.max_turns < 1:
            raise OptionError(f"gridhunt: option max_turns={shorten(o['max_turns'])} must be at least 1 (GRID-D10)")
        self.counts: dict[str, int] = {k: (2 if k == "teleport" else o["walls" if k == "wall" else "mines" if k == "mine" else k]) for k in KINDS}
        self.fixed: tuple[str, ...] | None = None
        if o.layout == "random":
            size = fitting_size(n) if o.size is None else o.size  # GRID-D14
            if not MIN_SIZE <= size <= MAX_SIZE:
                raise OptionError(f"gridhunt: option size={shorten(size)}: a grid of {MIN_SIZE} .. {MAX_SIZE} cells a side "
                                  f"(GRID-7)")
            for k in KINDS:
                if self.counts[k] < 0:
                    raise OptionError(f"gridhunt: the count of {k} cells, {self.counts[k]}, is below 0 (GRID-7)")
            if self.counts["wall"] > MAX_WALLS[size]:
                said = f" ({o.walls} is the default)" if o.walls == _default("walls") else ""
                raise OptionError(f"gridhunt: option walls={self.counts['wall']}{said}: on a {size}x{size} grid at most "
                                  f"{MAX_WALLS[size]} walls (gridhunt.game.MAX_WALLS); past it fewer than one random "
                                  f"layout in ten leaves the free cells connected and the draws may not end (GRID-7)")
            specials = sum(self.counts.values()) - self.counts["wall"]
            room = size * size - self.counts["wall"]
            if room < max(specials, n) or room < 2:
                raise OptionError(f"gridhunt: a {size}x{size} grid with {self.counts['wall']} walls leaves {room} cells, "
                                  f"too few for {specials} special cells and {n} players (GRID-7, GRID-5.1)")
        else:
            given = [k for k in ("size", "walls", "mines", "vision", "attack", "beacon", "shield")
                     if o[k] != _default(k)]
            if given:
                raise OptionError(f"gridhunt: option {given[0]}={shorten(o[given[0]])} is for a random layout; the layout "
                                  f"file {shorten(o['layout'])} sets the grid and its cells (GRID-7)")
            data = load_layout(o.layout)
            self._record_files((data["source_path"], data["source_sha256"]))
            size = data["size"]
            self.fixed = tuple(data["cells"])
            self.counts = {k: self.fixed.count(k) for k in KINDS}
            if size * size - self.counts["wall"] < n:
                raise OptionError(f"gridhunt: layout {shorten(o['layout'])}: {size * size - self.counts['wall']} non-wall "
                                  f"cells for {n} players (GRID-5.1)")
        self.size: int = size
        self.n: int = n
        self.names: tuple[str, ...] = cell_names(size)
        #: the grid's shape, for a generic square board drawing (GRID-2.1).
        self.board = GridShape(size, size, self.names)
        self.index: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        #: the team of each seat (GRID-1.2, GRID-D12), None without teams; ``team_names`` their names.
        self.teams: tuple[int, ...] | None = teams
        tables = _tables(size, n)
        self.layout_actions: dict[tuple[str, int], Action] = tables.layout
        self.start_actions: dict[tuple[int, int], Action] = tables.start
        #: the layout draws of each kind and the start cells of each seat, by cell index.
        self.layout_by_kind: dict[str, tuple[Action, ...]] = tables.layout_by_kind
        self.start_by_seat: tuple[tuple[Action, ...], ...] = tables.start_by_seat
        share = o.team_shares_vision and teams is not None
        #: per seat, the seats whose knowledge it has (itself and, with team_shares_vision, its
        #: teammates; GRID-1.3): who sees its orders and its start cell.
        self.sharing: tuple[frozenset[int], ...] = tuple(
            frozenset(q for q in range(n) if q == p or (share and teams[q] == teams[p])) for p in range(n))  # type: ignore[index]
        self.turn_actions: tuple[Action, ...] = tables.turn
        self.shoot_actions: tuple[Action, ...] = tables.shoot
        self.shoot_all, self.shoot_none, self.stay = tables.shoot_all, tables.shoot_none, tables.stay
        self._tables = tables
        self._all_paths, self._wall_names = tables.all_paths, tables.wall_name_sets  # read first (rollouts)
        #: per radius (1, 2) and cell index: the cells a look sees (rules.around, GRID-5.2), the
        #: same as a set, and an itemgetter of their kinds.
        self.looks: dict[int, tuple[tuple[tuple[int, ...], frozenset[int], Any], ...]] = tables.looks
        #: the options in force (``options``, read without the property: at every rollout step).
        self.opts = o
        #: per cell index, its orthogonal neighbours (rules.neighbours4, GRID-2.1), by a look-up.
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(neighbours4(size, i) for i in range(size * size))

    def cell_names(self) -> frozenset[str]:
        """The notation's cells: a1 .. z26 (GRID-2.1 refuses those off this game's grid)."""
        return NOTATION_CELLS

    def vocabularies(self) -> dict[str, Vocabulary]:
        """The notation's words: ``kind`` (the cell kinds the GM draws, GRID-2.2)."""
        return {"kind": Vocabulary("kind", KINDS)}

    def notation_context(self) -> NotationContext:
        """The notation reads every seat of the spec (``turn 15`` is an action; with fewer
        players it is illegal, GRID-6, not misspelt)."""
        if self._notation_context is None:
            self._notation_context = NotationContext(self.cell_names(), self.num_players, self.vocabularies())
        return self._notation_context

    def move_action(self, path: tuple[int, ...]) -> Action:
        """The (shared) Move action for a path of cell indices."""
        return self._tables.move(path)

    def moves_from(self, start: int, walls: frozenset[int]) -> list[Action]:
        """Every path order from ``start`` avoiding the ``walls`` a player knows (GRID-3.1,
        GRID-3.3), sorted by notation; made once per (start, nearby known walls)."""
        return self._tables.moves_from(start, walls)

    def all_moves(self, start: int) -> list[Action]:
        """Every path of 1 .. 6 orthogonal steps from ``start`` that stays on the grid and
        visits no cell twice, walls ignored (GRID-3.1), as moves in notation order; the list is
        shared and must not be changed."""
        out = self._all_paths.get(start)
        return out if out is not None else self._tables.all_moves(start)

    def wall_names(self, walls: frozenset[int]) -> frozenset[str]:
        """The names of the cells ``walls`` (cell indices), made once per set of walls."""
        out = self._wall_names.get(walls)
        return out if out is not None else self._tables.wall_names(walls)

    def known_action(self, text: str) -> Action | None:
        """The action whose canonical notation is exactly ``text``, if this game has made it
        already (a fast path for :meth:`GridhuntState.parse_action`), else None."""
        tables = self._tables
        found = tables.known_move(text) if text.startswith("move ") else None
        return found if found is not None else tables.by_text.get(text)

    def sides(self) -> list[tuple[int, ...]]:
        """One side per team (GRID-1.1: every member of the last team wins; GRID-1.2, GRID-D12),
        or per player without teams. See :meth:`boardkit.core.game.Game.sides`."""
        if self.teams is None:
            return super().sides()
        return sorted({tuple(q for q in range(self.n) if self.teams[q] == t) for t in self.teams})

    def new_initial_state(self) -> GridhuntState:
        """Before setup: the GM draws the layout (unless fixed) and the players' cells by chance
        (GRID-7, GRID-5.1)."""
        return GridhuntState(self)

    def _state_from_position(self, description: str | Mapping[str, Any], study: bool = False) -> GridhuntState:
        """A position for study; see :mod:`boardkit.games.gridhunt.position` for the format.

        Raises:
            BoardkitDataError: a malformed description (names the field).
            IllegalPositionError: an impossible position (names the clause it breaks).
        """
        return from_position(self, description, study=study)
