"""Marabunta: "I split, you choose" roll-and-write for two players on a shared territory.

Source: seed ``003_a24625b41ad3ab46.txt`` (German), specified clause by clause in
``shared/rules/marabunta.md`` and ``data/rules/marabunta.yaml`` (MARA-1.1 .. MARA-10 and the
decisions MARA-D*). What the seed leaves out (map, player board, tiles) comes from
``data/marabunta/default.yaml`` and ``data/boards/marabunta.yaml`` (option ``data``).

Each round: chance reveals the tile (MARA-3.1; from round 8 the crossed-cupcake tile, no chance)
and rolls the six dice one by one in region order; the splitter splits the 6 dice and the tile
into two pools (MARA-3.2); the chooser takes one and carries it out element by element, then
the splitter carries out the other (MARA-3.3). Player 0 is red, player 1 blue.

>>> import boardkit
>>> s = boardkit.load_game("marabunta", first_player=0).new_initial_state()
>>> str(s.legal_actions()[0])     # the first tile is drawn by chance (MARA-2.1)
'reveal again'
"""

from __future__ import annotations

from fractions import Fraction
from os import PathLike, fspath
from pathlib import Path
from typing import Any, Mapping

import networkx as nx

from boardkit.core.actions import Action
from boardkit.core.boards import HexBoard, load_hex_board
from boardkit.core.game import CHANCE, TERMINAL, Game, State
from boardkit.core.paths import DATA_DIR
from boardkit.games.marabunta.spec import RULES_HISTORY, SPEC  # noqa: F401
from boardkit.core.validate import BoardkitDataError, check_schema, read_yaml
from boardkit.games.marabunta.actions import (
    FACES, PLAYERS, TILE, FirstPlayer, Place, Reveal, RollDie, Skip, Split, Take, parse,
)

#: Rules versions of the Marabunta engine, newest last: (version, what changed).

EMPTY, CROSSED = -1, -2  # field values besides the numbers 0..3
POWERS = ("write12", "write03", "cupcakes2", "points", "ones3", "cross2", "circles2")  # MARA-7.1
TILE_KINDS = ("crates2", "circles2", "one", "zeros2", "zero", "cross2", "again", "cupcake")  # MARA-5.1

_NAME = {"type": "string", "pattern": "^[a-z][a-z0-9]*$"}
_DATA_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name", "map", "regions", "fields_per_region", "cupcake_fields", "crate_fields", "sheet",
                 "ant_hills", "cupcake_track", "crate_groups", "tiles", "last_tile"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string"}, "source": {"type": "string"},
        "assumptions": {"type": "array", "items": {"type": "string"}},
        "map": {"type": "string"},
        "regions": {"type": "array", "items": _NAME, "minItems": 6, "maxItems": 6, "uniqueItems": True},
        "fields_per_region": {"type": "integer", "minimum": 1, "maximum": 1000},
        "cupcake_fields": {"type": "integer", "minimum": 0, "maximum": 1000},
        "crate_fields": {"type": "integer", "minimum": 0, "maximum": 1000},
        "sheet": {"type": "object", "required": ["circles", "printed"], "additionalProperties": False,
                  "properties": {"circles": {"type": "integer", "minimum": 1, "maximum": 100},
                                 "printed": {"type": "integer", "minimum": 0, "maximum": 50}}},
        "ant_hills": {"type": "integer", "minimum": 0, "maximum": 20},
        "cupcake_track": {"type": "array", "maxItems": 100, "items": {"type": "integer", "minimum": 0, "maximum": 100}},
        "crate_groups": {"type": "array", "minItems": 1, "items": {
            "type": "object", "required": ["name", "crates", "power"], "additionalProperties": False,
            "properties": {"name": _NAME, "crates": {"type": "integer", "minimum": 1, "maximum": 20},
                           "power": {"enum": list(POWERS)}, "points": {"type": "integer", "minimum": 0, "maximum": 100}}}},
        "tiles": {"type": "array", "items": {"enum": list(TILE_KINDS[:-1])}, "uniqueItems": True},
        "last_tile": {"const": "cupcake"},
    },
}


def load_data(path: str | Path) -> dict[str, Any]:
    """Read and check a Marabunta data file and its territory map (MARA-1, MARA-9).

    Args:
        path: a file path, or a name looked up as ``data/marabunta/<name>.yaml``.

    Returns:
        The validated document, with ``board`` (the :class:`HexBoard`), ``region_of`` (field
        index -> region index), ``region_fields`` (tuple of field tuples per region) and
        ``source_path`` added.

    Raises:
        BoardkitDataError: naming the file, the entry and the problem: schema errors, a map
            without a set per region, regions that overlap, miss fields or are not connected,
            counts that do not match the declaration, a points power without points.
    """
    doc, p = read_yaml(path, DATA_DIR / "marabunta", "data")
    check_schema(doc, _DATA_SCHEMA, p)
    reserved = {"tile", "first", "reveal", "roll", "split", "take", "skip", "circle", "crate", "cross", "ant", "again",
                "x", "red", "blue"}
    for reg in doc["regions"]:
        if reg in reserved:
            raise BoardkitDataError(f"{p}: regions: {reg!r} is a word of the notation; name regions by colour "
                                    f"(not {', '.join(sorted(reserved))})")
    map_path: str | Path = doc["map"]
    if "/" in doc["map"] or doc["map"].endswith((".yaml", ".yml")):
        map_path = (p.parent / doc["map"]) if not Path(doc["map"]).is_absolute() else Path(doc["map"])
    try:
        board = load_hex_board(map_path)
    except BoardkitDataError as exc:
        raise BoardkitDataError(f"{p}: map: {exc}") from None
    where = f"{p}: map {board.source}"
    region_of = [-1] * len(board.names)
    region_fields = []
    for k, reg in enumerate(doc["regions"]):
        if reg not in board.set_indices:
            raise BoardkitDataError(f"{where}: sets: no set {reg!r} for region {reg} (MARA-1.2)")
        cells = board.set_indices[reg]
        if len(cells) != doc["fields_per_region"]:
            raise BoardkitDataError(f"{where}: sets.{reg}: {len(cells)} fields, but the data file declares "
                                    f"fields_per_region: {doc['fields_per_region']} (MARA-9)")
        for c in cells:
            if region_of[c] >= 0:
                raise BoardkitDataError(f"{where}: sets.{reg}: field {board.names[c]} is also in region "
                                        f"{doc['regions'][region_of[c]]} (MARA-1.2)")
            region_of[c] = k
        sub = board.graph.subgraph(board.sets[reg])
        if not nx.is_weakly_connected(sub):
            parts = sorted(sorted(comp) for comp in nx.weakly_connected_components(sub))
            raise BoardkitDataError(f"{where}: sets.{reg}: the region is not connected (parts: "
                                    f"{'; '.join(' '.join(c) for c in parts)}) (MARA-1.2)")
        region_fields.append(tuple(cells))
    loose = [board.names[i] for i, r in enumerate(region_of) if r < 0]
    if loose:
        raise BoardkitDataError(f"{where}: fields {', '.join(loose)} belong to no region (MARA-1.2)")
    for kind in ("cupcake", "crate"):
        cells = board.set_indices.get(kind, ())
        if len(cells) != doc[f"{kind}_fields"]:
            raise BoardkitDataError(f"{where}: sets.{kind}: {len(cells)} {kind} fields, but the data file declares "
                                    f"{kind}_fields: {doc[f'{kind}_fields']} (MARA-1.2, MARA-9)")
    both = set(board.set_indices.get("cupcake", ())) & set(board.set_indices.get("crate", ()))
    if both:
        raise BoardkitDataError(f"{where}: fields {', '.join(sorted(board.names[c] for c in both))} are both cupcake "
                                f"and crate fields (MARA-1.2)")
    extra = sorted(set(board.sets) - set(doc["regions"]) - {"cupcake", "crate"})
    if extra:
        raise BoardkitDataError(f"{where}: sets: unknown set(s) {', '.join(extra)}; sets are the regions "
                                f"{', '.join(doc['regions'])}, cupcake and crate")
    if 2 * doc["sheet"]["printed"] >= doc["sheet"]["circles"]:
        raise BoardkitDataError(f"{p}: sheet: {doc['sheet']['printed']} printed circles per player leave no empty "
                                f"circle on a sheet of {doc['sheet']['circles']} (MARA-1.3)")
    names = [g["name"] for g in doc["crate_groups"]]
    if len(set(names)) != len(names):
        raise BoardkitDataError(f"{p}: crate_groups: a group name is used twice ({', '.join(names)})")
    powers = [g["power"] for g in doc["crate_groups"]]
    twice = sorted({pw for pw in powers if powers.count(pw) > 1})
    if twice:
        raise BoardkitDataError(f"{p}: crate_groups: the power(s) {', '.join(twice)} are given to two groups; each "
                                f"power of MARA-7.1 unlocks with one group")
    for i, g in enumerate(doc["crate_groups"]):
        if (g["power"] == "points") != ("points" in g):
            raise BoardkitDataError(f"{p}: crate_groups[{i}]: 'points' is given with, and only with, the points power "
                                    f"(MARA-7.1, MARA-D10)")
    doc["board"] = board
    doc["region_of"] = tuple(region_of)
    doc["region_fields"] = tuple(region_fields)
    doc["source_path"] = str(p)
    return doc


class MarabuntaGame(Game):
    """Marabunta rules with options (immutable). Two players: 0 red, 1 blue (MARA-1.1).

    Options:
        first_player: 0 or 1, or None (default) to draw the start player by chance (MARA-2.1).
        first_number: ``"free"`` (default): a player's first number is free of the adjacency
            rule; ``"ant_hill"``: it needs an ant hill (MARA-4.5).
        decline: False (default): a die must be used if it can be; True: any die may be
            skipped (MARA-4.6).
        data: data file of the map, player board and tiles (MARA-9), a path or a name in
            ``data/marabunta/``.

    Raises:
        OptionError: unknown option or value.
        BoardkitDataError: a malformed data file or map (names file, entry and problem).
    """

    spec = SPEC

    def __init__(self, **options: Any) -> None:
        if isinstance(options.get("data"), PathLike):
            options["data"] = fspath(options["data"])
        data = options.get("data")
        if isinstance(data, str) and ("/" in data or data.endswith((".yaml", ".yml"))):
            options["data"] = str(Path(data).expanduser().resolve())  # saved states load from any folder
        super().__init__(**options)
        d = self.data = load_data(self.options["data"])
        self.board: HexBoard = d["board"]
        self.regions: tuple[str, ...] = tuple(d["regions"])
        self.region_of: tuple[int, ...] = d["region_of"]
        self.region_fields: tuple[tuple[int, ...], ...] = d["region_fields"]
        self.all_fields: tuple[int, ...] = tuple(range(len(self.board.names)))
        self.neighbours: tuple[tuple[int, ...], ...] = self.board.adjacent
        self.cupcake_fields: frozenset[int] = frozenset(self.board.set_indices.get("cupcake", ()))
        self.cupcake_order: tuple[int, ...] = tuple(sorted(self.cupcake_fields))
        self.crate_fields: frozenset[int] = frozenset(self.board.set_indices.get("crate", ()))
        self.groups: tuple[str, ...] = tuple(g["name"] for g in d["crate_groups"])
        self.group_size: tuple[int, ...] = tuple(g["crates"] for g in d["crate_groups"])
        self.group_power: tuple[str, ...] = tuple(g["power"] for g in d["crate_groups"])
        self.group_points: tuple[int, ...] = tuple(g.get("points", 0) for g in d["crate_groups"])
        self.track: tuple[int, ...] = tuple(d["cupcake_track"])
        self.track_points: tuple[int, ...] = tuple(sum(self.track[:k]) for k in range(len(self.track) + 1))
        self.tiles: tuple[str, ...] = tuple(d["tiles"])
        self.last_tile: str = d["last_tile"]
        self.circles: int = d["sheet"]["circles"]
        self.printed: int = d["sheet"]["printed"]
        self.ant_hills: int = d["ant_hills"]
        self.field_names = frozenset(self.board.names)

    def territory(self) -> dict[str, dict[str, Any]]:
        """The map as data: field name -> ``{"region": colour, "special": "cupcake" | "crate" |
        None, "neighbours": [field names]}`` (MARA-1.2, MARA-9)."""
        names = self.board.names
        return {
            names[f]: {
                "region": self.regions[self.region_of[f]],
                "special": "cupcake" if f in self.cupcake_fields else "crate" if f in self.crate_fields else None,
                "neighbours": [names[h] for h in self.neighbours[f]],
            }
            for f in self.all_fields
        }

    def new_initial_state(self) -> "MarabuntaState":
        """The game before setup: the tile stack and, unless fixed, the start player are
        chance nodes (MARA-2.1)."""
        return MarabuntaState(self)

    def state_from_position(self, description: str | Mapping[str, Any]) -> "MarabuntaState":
        """A position at the start of a round, for study; see
        :mod:`boardkit.games.marabunta.position`."""
        from boardkit.games.marabunta.position import from_position

        return from_position(self, description)


# A task is one pending part of a tile or power (MARA-D2), a tuple:
#   ("write", numbers, region or -1, mode "adj"|"free"|"near", near field or -1, parts after this)
#   ("circle", allowed regions, parts after this, distinct sheets)
#   ("crate", parts after this)
#   ("cross", near field or -1, parts after this)
#   ("cupfield",)
Task = tuple[Any, ...]


class MarabuntaState(State):
    """One Marabunta position.

    Attributes (read-only for users; use :meth:`observation`):
        value, owner: per field index, the number written (``EMPTY`` -1, ``CROSSED`` -2) and
            the player who wrote it (-1 none).
        sheets: per region, ``[red circles, blue circles]`` filled (printed ones included).
        ants, crates, cupcakes, nums: per player, ant hills left, crates crossed per group,
            cupcakes crossed on the track, numbers written.
        round, splitter, tile, dice, phase: the round in progress.
    """

    game: MarabuntaGame

    def __init__(self, game: MarabuntaGame) -> None:
        super().__init__(game)
        n = len(game.all_fields)
        self.value = [EMPTY] * n
        self.owner = [-1] * n
        self.sheets = [[game.printed, game.printed] for _ in game.regions]  # MARA-1.3
        self.ants = [game.ant_hills, game.ant_hills]  # MARA-1.4
        self.crates = [[0] * len(game.groups) for _ in range(2)]
        self.cupcakes = [0, 0]
        self.nums = [0, 0]
        self.sums = [[0, 0] for _ in game.regions]  # per region, red and blue sums (MARA-8.2)
        self.stack: list[str] = list(game.tiles)  # MARA-2.1: drawn uniformly at each reveal
        self.round = 1
        self.splitter = game.options["first_player"] if game.options["first_player"] is not None else 0
        self.phase = "reveal" if game.options["first_player"] is not None else "first"
        self.tile: str | None = None
        self.dice: list[str] = []
        self.pool_a: tuple[str, ...] = ()  # the pool holding the tile
        self.pool_b: tuple[str, ...] = ()
        self.chooser_pool: tuple[str, ...] = ()
        self.doer = -1  # the player carrying out a pool
        self.remaining: list[str] = []
        self.used: list[str] = []  # dice of the pool carried out (MARA-D5)
        self.skipped: list[str] = []  # elements of the pool left unused (MARA-3.6, MARA-4.6)
        self.tasks: list[Task] = []
        self.lost: list[str] = []  # what was lost this round (MARA-4.6, MARA-D2)
        self.triggered_by: int | None = None
        self.triggers: list[str] = []
        self.end_conditions: list[dict[str, Any]] = []  # the triggers as data (MARA-8.1)
        self._settle()

    # -- bookkeeping -----------------------------------------------------------------------
    def clone(self) -> "MarabuntaState":
        new = MarabuntaState.__new__(MarabuntaState)
        new.__dict__.update(self.__dict__)
        new.value = list(self.value)
        new.owner = list(self.owner)
        new.sheets = [list(s) for s in self.sheets]
        new.ants = list(self.ants)
        new.crates = [list(c) for c in self.crates]
        new.cupcakes = list(self.cupcakes)
        new.nums = list(self.nums)
        new.sums = [list(x) for x in self.sums]
        new.stack = list(self.stack)
        new.dice = list(self.dice)
        new.remaining = list(self.remaining)
        new.used = list(self.used)
        new.skipped = list(self.skipped)
        new.tasks = list(self.tasks)
        new.lost = list(self.lost)
        new.triggers = list(self.triggers)
        new.end_conditions = [dict(e) for e in self.end_conditions]
        self._copy_record(new)
        return new

    @property
    def chooser(self) -> int:
        """The chooser of this round (MARA-3.3): the player who is not the splitter."""
        return 1 - self.splitter

    def face(self, colour: str) -> str:
        """The face the die of ``colour`` shows this round."""
        return self.dice[self.game.regions.index(colour)]

    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase in ("first", "reveal", "roll"):
            return CHANCE
        if self.phase == "split":
            return self.splitter
        if self.phase == "take":
            return self.chooser
        return self.doer

    # -- chance ----------------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.phase == "first":  # MARA-2.1
            return [(FirstPlayer(0), Fraction(1, 2)), (FirstPlayer(1), Fraction(1, 2))]
        if self.phase == "reveal":  # MARA-2.1, MARA-3.1
            p = Fraction(1, len(self.stack))
            return [(Reveal(t), p) for t in self.stack]
        colour = self.game.regions[len(self.dice)]  # MARA-3.1: one die at a time
        return [(RollDie(colour, f), Fraction(1, 6)) for f in FACES]

    # -- legal actions ---------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        if self.phase == "split":  # MARA-3.2: every pool holding the tile but not all six dice
            regions = self.game.regions
            out: list[Action] = []
            for mask in range(63):
                out.append(Split(tuple(regions[i] for i in range(6) if mask >> i & 1) + (TILE,)))
            return out
        if self.phase == "take":  # MARA-3.3
            return [Take(self.pool_a), Take(self.pool_b)]
        if self.tasks:  # MARA-D2: the part in progress comes first
            return [self._place("", pl) for pl in self._options(self.tasks[-1])]
        out = []
        for e in self.remaining:
            out.extend(self._uses(e))
        if TILE in self.remaining and self.tile != self.game.last_tile:  # MARA-3.6
            out.append(Skip(TILE))
        if self.game.options["decline"]:  # MARA-4.6
            out.extend(Skip(e) for e in self.remaining if e != TILE)
        return out

    def _uses(self, element: str) -> list[Action]:
        """The uses of one element of the pool: its first placements, named by the element."""
        if element != TILE:
            return [self._place(element, pl) for pl in self._options(self._die_task(element))]
        if self.tile == "again":  # MARA-D5: a die of this pool already carried out
            out: list[Action] = []
            for d in self.used:
                out.extend(self._place(f"tile again {d}", pl) for pl in self._options(self._die_task(d)))
            return out
        return [self._place(TILE, pl) for pl in self._options(self._tile_task())]

    def _place(self, element: str, pl: tuple[Any, ...]) -> Place:
        kind, number, f, ant, target = pl
        names = self.game.board.names
        return Place(element, kind, number, names[f] if f >= 0 else None, ant, target)

    def _die_task(self, colour: str) -> Task:
        k = self.game.regions.index(colour)
        face = self.dice[k]
        if face == "circle":  # MARA-4.1
            return ("circle", (k,), 0, False)
        if face == "crate":  # MARA-4.2
            return ("crate", 0)
        n = int(face)  # MARA-4.3, MARA-4.4: a 0 goes in any region
        return ("write", (n,), k if n > 0 else -1, "adj", -1, 0)

    def _tile_task(self) -> Task:
        """MARA-5.1: the first part of the round's tile (MARA-D1: numbers in any region)."""
        t = self.tile
        if t == "crates2":
            return ("crate", 1)
        if t == "circles2":
            return ("circle", tuple(range(6)), 1, True)  # MARA-D6: two different sheets
        if t == "one":
            return ("write", (1,), -1, "adj", -1, 0)
        if t == "zeros2":
            return ("write", (0,), -1, "adj", -1, 1)
        if t == "zero":
            return ("write", (0,), -1, "free", -1, 0)
        if t == "cross2":
            return ("cross", -1, 1)
        if t == "cupcake":
            return ("cupfield",)
        raise AssertionError(t)  # pragma: no cover - "again" is handled by _uses

    def _options(self, task: Task) -> list[tuple[Any, ...]]:
        """Placements ``(kind, number, field, ant, target)`` that carry out ``task`` now."""
        g = self.game
        p = self.doer
        value = self.value
        kind = task[0]
        if kind == "write":
            _, numbers, region, mode, near, _then = task
            if mode == "near":  # MARA-D2: next to the part before
                cells = [f for f in g.neighbours[near] if value[f] == EMPTY]
                return [("write", n, f, False, None) for n in numbers for f in cells]
            pool = g.region_fields[region] if region >= 0 else g.all_fields
            cells = [f for f in pool if value[f] == EMPTY]
            if mode == "free":  # MARA-5.1, MARA-7.1 "freely"
                return [("write", n, f, False, None) for n in numbers for f in cells]
            free_first = self.nums[p] == 0 and g.options["first_number"] == "free"  # MARA-4.5
            owner = self.owner
            out: list[tuple[Any, ...]] = []
            for f in cells:
                if free_first or any(owner[h] == p for h in g.neighbours[f]):
                    out.extend(("write", n, f, False, None) for n in numbers)
                elif self.ants[p] > 0:  # MARA-4.5, MARA-D3: an ant hill where adjacency fails
                    out.extend(("write", n, f, True, None) for n in numbers)
            return out
        if kind == "circle":  # MARA-4.1
            return [("circle", None, -1, False, g.regions[k]) for k in task[1] if sum(self.sheets[k]) < g.circles]
        if kind == "crate":  # MARA-4.2, MARA-D8
            return [("crate", None, -1, False, name) for i, name in enumerate(g.groups)
                    if self.crates[p][i] < g.group_size[i]]
        if kind == "cross":  # MARA-5.1, MARA-D7
            near = task[1]
            around = g.neighbours[near] if near >= 0 else g.all_fields
            return [("cross", None, f, False, None) for f in around if value[f] == EMPTY]
        # cupfield: MARA-5.1 the crossed-cupcake tile
        return [("cross", None, f, False, None) for f in g.cupcake_order if value[f] == EMPTY]

    # -- applying --------------------------------------------------------------------------
    def _apply_action(self, action: Action) -> None:
        g = self.game
        if isinstance(action, FirstPlayer):
            self.splitter = action.player
            self.phase = "reveal"
        elif isinstance(action, Reveal):
            self.stack.remove(action.tile)
            self.tile = action.tile
            self.phase = "roll"
        elif isinstance(action, RollDie):
            self.dice.append(action.face)
            if len(self.dice) == 6:
                self.phase = "split"
        elif isinstance(action, Split):
            self.pool_a = action.pool
            self.pool_b = tuple(c for c in g.regions if c not in action.pool)
            self.phase = "take"
        elif isinstance(action, Take):
            self.chooser_pool = action.pool
            self._start_pool(self.chooser, list(action.pool))
        elif isinstance(action, Skip):
            self.remaining.remove(action.element)
            self.skipped.append(action.element)
            self.lost.append(f"{PLAYERS[self.doer]} skipped {action.element}")
        else:
            assert isinstance(action, Place)
            self._do_place(action)
        self._settle()

    def _start_pool(self, player: int, pool: list[str]) -> None:
        self.phase = "pool"
        self.doer = player
        self.remaining = pool
        self.used = []
        self.skipped = []
        self.tasks = []

    def _do_place(self, a: Place) -> None:
        g = self.game
        element = a.element
        if element == "":
            task = self.tasks.pop()
        elif element == TILE:
            self.remaining.remove(TILE)
            task = self._tile_task()
        elif element.startswith("tile again "):
            self.remaining.remove(TILE)
            task = self._die_task(element.split()[-1])
        else:
            self.remaining.remove(element)
            self.used.append(element)
            task = self._die_task(element)
        p = self.doer
        f = g.board.index(a.field) if a.field is not None else -1
        if a.kind == "write":
            then = task[5]
            if then > 0:  # MARA-D2: the next number goes next to this one
                self.tasks.append(("write", task[1], -1, "near", f, then - 1))
            if a.ant:
                self.ants[p] -= 1  # MARA-4.5
            self._write(p, f, int(a.number or 0))
        elif a.kind == "cross":
            if task[0] == "cross" and task[2] > 0:
                self.tasks.append(("cross", f, task[2] - 1))
            self.value[f] = CROSSED  # MARA-D7: nothing is gained
            self._check_field_end(f)
        elif a.kind == "circle":
            k = g.regions.index(str(a.target))
            if task[2] > 0:
                allowed = tuple(r for r in task[1] if r != k) if task[3] else task[1]
                self.tasks.append(("circle", allowed, task[2] - 1, task[3]))
            self.sheets[k][p] += 1
            if sum(self.sheets[k]) == g.circles:  # MARA-8.1: the last circle of a sheet
                self._trigger(f"the last circle of the {g.regions[k]} sheet was filled", "sheet", g.regions[k])
        else:
            if task[1] > 0:
                self.tasks.append(("crate", task[1] - 1))
            self._cross_crate(p, g.groups.index(str(a.target)))

    def _write(self, p: int, f: int, n: int) -> None:
        """MARA-4.3 .. MARA-4.5, MARA-6.1: write, then the field's cupcake or crate."""
        g = self.game
        self.value[f] = n
        self.owner[f] = p
        self.nums[p] += 1
        self.sums[g.region_of[f]][p] += n
        if f in g.cupcake_fields:
            self._cross_cupcakes(p, 1)
        if f in g.crate_fields:
            self.tasks.append(("crate", 0))  # MARA-6.1: at once
        self._check_field_end(f)

    def _cross_cupcakes(self, p: int, k: int) -> None:
        """MARA-6.1, MARA-7.1: cross the next ``k`` cupcakes of the track (MARA-D8)."""
        self.cupcakes[p] = min(len(self.game.track), self.cupcakes[p] + k)

    def _cross_crate(self, p: int, i: int) -> None:
        """MARA-4.2: cross a crate; the last of a group unlocks its power, used at once."""
        g = self.game
        self.crates[p][i] += 1
        if self.crates[p][i] < g.group_size[i]:
            return
        power = g.group_power[i]  # MARA-7.1
        if power == "write12":
            self.tasks.append(("write", (1, 2), -1, "adj", -1, 0))
        elif power == "write03":
            self.tasks.append(("write", (0, 3), -1, "free", -1, 0))
        elif power == "cupcakes2":
            self._cross_cupcakes(p, 2)
        elif power == "ones3":
            self.tasks.append(("write", (1,), -1, "adj", -1, 2))
        elif power == "cross2":
            self.tasks.append(("cross", -1, 1))
        elif power == "circles2":  # MARA-D6: the same sheet twice is allowed
            self.tasks.append(("circle", tuple(range(6)), 0, False))
            self.tasks.append(("circle", tuple(range(6)), 0, False))
        # points: counted from the crossed crates (see scores)

    def _check_field_end(self, f: int) -> None:
        """MARA-8.1: a region filled or crossed, or every cupcake field filled or crossed."""
        g = self.game
        k = g.region_of[f]
        if all(self.value[h] != EMPTY for h in g.region_fields[k]):
            self._trigger(f"every field of the {g.regions[k]} region is filled or crossed", "region", g.regions[k])
        if f in g.cupcake_fields and all(self.value[h] != EMPTY for h in g.cupcake_fields):
            self._trigger("every cupcake field is filled or crossed", "cupcakes")

    def _trigger(self, reason: str, condition: str, region: str | None = None) -> None:
        """MARA-8.1, MARA-D9: the first trigger names who triggered the end. ``condition`` is
        "region", "sheet" or "cupcakes"; ``region`` the colour for the first two."""
        if self.triggered_by is None:
            self.triggered_by = self.doer
        self.triggers.append(f"{PLAYERS[self.doer]}: {reason}")
        self.end_conditions.append({"player": PLAYERS[self.doer], "condition": condition, "region": region})

    def _settle(self) -> None:
        """Automatic steps: lost parts and elements, the next pool, the next round."""
        g = self.game
        while True:
            if self.phase == "reveal" and not self.stack:
                self.tile = g.last_tile  # MARA-3.5: the crossed-cupcake tile, every round
                self.phase = "roll"
            if self.phase != "pool":
                return
            while self.tasks and not self._options(self.tasks[-1]):
                self.lost.append(f"{PLAYERS[self.doer]} lost: {self._describe(self.tasks.pop())} (no legal place)")  # MARA-D2
            if self.tasks:
                return
            if self.remaining and any(self._uses(e) for e in self.remaining):
                return
            if self.remaining:  # MARA-4.6, MARA-D4: nothing left can be used
                self.lost.append(f"{PLAYERS[self.doer]} lost {', '.join(self.remaining)}")
                self.remaining = []
            if self.doer == self.chooser:  # MARA-3.3: then the splitter
                rest = self.pool_b if self.chooser_pool == self.pool_a else self.pool_a
                self._start_pool(self.splitter, list(rest))
                continue
            if self.triggered_by is not None:  # MARA-8.1: the round is finished, the game ends
                self.phase = "over"
                return
            self.round += 1  # MARA-3.4
            self.splitter = self.chooser
            self.dice = []
            self.tile = None
            self.lost = []
            self.phase = "reveal"

    def _describe(self, task: Task) -> str:
        """A pending part in words, e.g. "write 0 next to d5"."""
        g = self.game
        kind = task[0]
        if kind == "write":
            _, numbers, region, mode, near, then = task
            text = "write " + " or ".join(map(str, numbers))
            if mode == "near":
                text += f" next to {g.board.names[near]}"
            elif region >= 0:
                text += f" in {g.regions[region]}"
            text += " freely" if mode == "free" else ""
            text += f" (then {then} more)" if then else ""
        elif kind == "circle":
            where = g.regions[task[1][0]] if len(task[1]) == 1 else "any sheet"
            text = f"fill a circle on {where}" + (f" (then {task[2]} more on another sheet)" if task[2] else "")
        elif kind == "crate":
            text = "cross a crate" + (f" (then {task[1]} more)" if task[1] else "")
        elif kind == "cross":
            text = "cross out a field" + (f" next to {g.board.names[task[1]]}" if task[1] >= 0 else "")
            text += f" (then {task[2]} more)" if task[2] else ""
        else:
            text = "cross out a cupcake field"
        return text

    # -- explanation, notation --------------------------------------------------------------
    def _explain(self, action: Action) -> Any:
        from boardkit.games.marabunta.explain import explain

        return explain(self, action)

    def parse_action(self, text: str) -> Action:
        """Parse Marabunta notation (``boardkit.games.marabunta.actions``).

        Raises:
            NotationError: not an action of this game.
        """
        g = self.game
        return parse(text, g.regions, g.field_names, g.groups, g.tiles + (g.last_tile,))

    # -- scoring -----------------------------------------------------------------------------
    def region_sums(self) -> list[list[int]]:
        """Per region (die order), ``[red sum, blue sum]`` of the numbers written (MARA-8.2)."""
        return [list(x) for x in self.sums]

    def totals(self) -> list[int]:
        """``[red total, blue total]`` as :meth:`scores` counts them (points), computed fast:
        region points (MARA-8.2), cupcake points and points powers (MARA-8.3)."""
        g = self.game
        t = [g.track_points[self.cupcakes[0]], g.track_points[self.cupcakes[1]]]
        for k, (red, blue) in enumerate(self.sums):
            if red > blue:
                t[0] += self.sheets[k][0]
            elif blue > red:
                t[1] += self.sheets[k][1]
        for i, pts in enumerate(g.group_points):
            if pts:
                for p in (0, 1):
                    if self.crates[p][i] >= g.group_size[i]:
                        t[p] += pts
        return t

    def scores(self) -> list[dict[str, Any]]:
        """Each player's score as it stands (final once the game is over), MARA-8.2, MARA-8.3.

        Returns:
            ``[red, blue]``, each a dict: ``regions`` (points per region won, by colour),
            ``region_points``, ``cupcake_points`` (track values crossed), ``power_points``
            (points powers unlocked, MARA-D10), ``total`` (the true sum, MARA-8.3) and
            ``cupcakes`` (cupcakes crossed, the first tie-break of MARA-8.4). Points.
        """
        g = self.game
        out = []
        sums = self.sums
        for p in (0, 1):
            regions = {}
            for k, colour in enumerate(g.regions):
                mine, theirs = sums[k][p], sums[k][1 - p]
                regions[colour] = self.sheets[k][p] if mine > theirs else 0
            cup = g.track_points[self.cupcakes[p]]
            powers = sum(g.group_points[i] for i in range(len(g.groups)) if self.crates[p][i] >= g.group_size[i])
            rp = sum(regions.values())
            out.append({"regions": regions, "region_points": rp, "cupcake_points": cup, "power_points": powers,
                        "total": rp + cup + powers, "cupcakes": self.cupcakes[p]})
        return out

    def winner(self) -> int | None:
        """The winner once the game is over (MARA-8.4: total, then cupcakes crossed, then the
        player who triggered the end, MARA-D11); None before the end."""
        if self.phase != "over":
            return None
        s = self.scores()
        key = [(s[p]["total"], s[p]["cupcakes"], 1 if self.triggered_by == p else 0) for p in (0, 1)]
        return 0 if key[0] > key[1] else 1

    def returns(self) -> list[int]:
        """``[1, -1]`` or ``[-1, 1]`` at the end (there is always a winner, MARA-D11);
        ``[0, 0]`` before."""
        w = self.winner()
        if w is None:
            return [0, 0]
        return [1 if p == w else -1 for p in (0, 1)]

    def observation(self, player: int | None) -> dict[str, Any]:
        """The table. Marabunta hides nothing but the order of the tile stack, which the
        engine draws only when a tile is revealed, so every player sees the full truth.

        Returns:
            A JSON-ready dict: ``fields`` (the written and crossed fields only: name ->
            ``"red 2"``, ``"blue 0"`` or ``"x"``; the map itself is :meth:`MarabuntaGame.territory`),
            ``sheets`` (region -> ``[red, blue]`` circles),
            ``players`` (per player: ant hills, crates per group, powers unlocked, cupcakes,
            score), ``round``, ``phase``, ``splitter``, ``tile``, ``tiles_left``, ``dice``
            (colour -> face), ``pools``, ``taken`` (the chooser's pool), ``remaining``, ``pending``
            (parts in progress in words, the next first), ``lost``, ``triggers`` (the end
            triggers in words) and ``end_conditions`` (the same as data: ``{"player",
            "condition": "region" | "sheet" | "cupcakes", "region"}``),
            ``to_move``, ``winner``.

        Raises:
            ValueError: ``player`` is not 0, 1 or None.
        """
        if player is not None and (isinstance(player, bool) or player not in (0, 1)):
            raise ValueError(f"observation(player): player is 0, 1 or None, not {player!r}")
        g = self.game
        names = g.board.names
        fields = {}
        for f, v in enumerate(self.value):
            if v == CROSSED:
                fields[names[f]] = "x"
            elif v >= 0:
                fields[names[f]] = f"{PLAYERS[self.owner[f]]} {v}"
        scores = self.scores()
        winner = self.winner()
        players = []
        for p in (0, 1):
            players.append({
                "colour": PLAYERS[p], "ant_hills": self.ants[p],
                "crates": {name: self.crates[p][i] for i, name in enumerate(g.groups)},
                "powers": [g.group_power[i] for i in range(len(g.groups)) if self.crates[p][i] >= g.group_size[i]],
                "cupcakes": self.cupcakes[p], "numbers": self.nums[p], "score": scores[p],
            })
        pending = [self._describe(t) for t in reversed(self.tasks)]  # the next part first
        return {
            "fields": fields,
            "sheets": {c: list(self.sheets[k]) for k, c in enumerate(g.regions)},
            "players": players,
            "round": self.round, "phase": self.phase, "splitter": self.splitter, "to_move": self.current_player(),
            "tile": self.tile, "tiles_left": sorted(self.stack),
            "dice": {g.regions[k]: face for k, face in enumerate(self.dice)},
            "pools": [list(self.pool_a), list(self.pool_b)] if self.phase in ("take", "pool", "over") and self.pool_a else [],
            "taken": list(self.chooser_pool) if self.phase in ("pool", "over") and self.chooser_pool else [],
            "remaining": list(self.remaining), "pending": pending, "lost": list(self.lost),
            "triggers": list(self.triggers),
            "end_conditions": [dict(e) for e in self.end_conditions],
            "triggered_by": None if self.triggered_by is None else PLAYERS[self.triggered_by],
            "winner": None if winner is None else PLAYERS[winner],
        }
