"""An independent second implementation of Marabunta, for cross-checking the engine.

Written only from the clause spec (shared/rules/marabunta.md, the German seed
003_a24625b41ad3ab46.txt, data/rules/marabunta.yaml incl. the decisions MARA-D1..MARA-D11), the
data files data/marabunta/default.yaml and data/boards/marabunta.yaml, the notation table of
boardkit/games/marabunta/actions.py and the docstring of the position format - without reading
the engine's rules code (game.py, explain.py, position.py).

Deliberately plain: a state is a handful of dicts and lists; ``apply`` deep-copies the whole
state; the legal moves are a dict from notation to a small tuple saying what to do, and
``apply`` looks the notation up there, so "legal" and "what it does" cannot drift apart.
Adjacency is recomputed from the axial coordinates of the board file (the six axial steps),
not taken from the board object's neighbour table.

Model of a pool being carried out:

* ``remaining``: the pool's elements not yet used (dice by colour, ``tile``);
* ``done``: dice of the pool carried out (for the again tile, MARA-D5);
* ``stack``: tasks in progress, the top one (last) is due. A task is a dict with ``kind``
  (write, circle, crate, cross) and the parts ``left``; carrying out a part first keeps the
  task's rest on the stack and then pushes what the part causes (the crate of a crate field,
  MARA-6.1; a power unlocked by a crate, MARA-4.2), so those come first (last pushed first).
  A task whose next part cannot be done is dropped with its rest (MARA-D2); when the stack is
  empty and no element left can be used, the rest of the pool is lost together (MARA-D4).
"""

from __future__ import annotations

import copy
import itertools
from fractions import Fraction
from pathlib import Path
from typing import Any

import yaml

from boardkit.core.boards import load_hex_board

ROOT = Path(__file__).resolve().parent.parent
DATA = yaml.safe_load((ROOT / "data" / "marabunta" / "default.yaml").read_text(encoding="utf-8"))
BOARD = load_hex_board("marabunta")
REGIONS: tuple[str, ...] = tuple(DATA["regions"])
FACES = ("0", "1", "2", "3", "circle", "crate")
PLAYERS = ("red", "blue")
CHANCE, TERMINAL = -1, -4

NAMES: list[str] = list(BOARD.names)
_COORD = {NAMES[i]: tuple(BOARD.coords[i]) for i in range(len(NAMES))}
_AT = {c: n for n, c in _COORD.items()}
STEPS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
ADJ: dict[str, list[str]] = {
    n: [_AT[(q + dq, r + dr)] for dq, dr in STEPS if (q + dq, r + dr) in _AT] for n, (q, r) in _COORD.items()
}
REGION_OF = {n: reg for reg in REGIONS for n in BOARD.sets[reg]}
REGION_FIELDS = {reg: list(BOARD.sets[reg]) for reg in REGIONS}
CUPCAKE_FIELDS = set(BOARD.sets["cupcake"])
CRATE_FIELDS = set(BOARD.sets["crate"])
GROUPS = {g["name"]: g for g in DATA["crate_groups"]}
TRACK = list(DATA["cupcake_track"])
CIRCLES = int(DATA["sheet"]["circles"])
PRINTED = int(DATA["sheet"]["printed"])
ANT_HILLS = int(DATA["ant_hills"])
TILES = list(DATA["tiles"])
LAST_TILE = DATA["last_tile"]

# Tasks started by the tiles (MARA-5.1, MARA-D1, MARA-D2, MARA-D6, MARA-D7) and the powers
# (MARA-7.1). "adj": adjacency rule with ant hills; "free": anywhere; later parts of a write or
# cross chain must be next to the part before. Numbers of tiles and powers go in any region.
TILE_TASKS: dict[str, dict] = {
    "crates2": {"kind": "crate", "left": 2},
    "circles2": {"kind": "circle", "left": 2, "distinct": True},
    "one": {"kind": "write", "nums": (1,), "mode": "adj", "left": 1},
    "zeros2": {"kind": "write", "nums": (0,), "mode": "adj", "left": 2},
    "zero": {"kind": "write", "nums": (0,), "mode": "free", "left": 1},
    "cross2": {"kind": "cross", "left": 2},
    "cupcake": {"kind": "cross", "left": 1, "cupcake_only": True},
}
POWER_TASKS: dict[str, dict] = {
    "write12": {"kind": "write", "nums": (1, 2), "mode": "adj", "left": 1},
    "write03": {"kind": "write", "nums": (0, 3), "mode": "free", "left": 1},
    "ones3": {"kind": "write", "nums": (1,), "mode": "adj", "left": 3},
    "cross2": {"kind": "cross", "left": 2},
    "circles2": {"kind": "circle", "left": 2, "distinct": False},
}


def die_task(colour: str, face: str) -> dict:
    """The task of using a die of ``colour`` showing ``face`` (MARA-4.1 .. MARA-4.4)."""
    if face == "circle":
        return {"kind": "circle", "left": 1, "region": colour, "die": True}
    if face == "crate":
        return {"kind": "crate", "left": 1}
    n = int(face)
    return {"kind": "write", "nums": (n,), "mode": "adj", "left": 1, "region": None if n == 0 else colour}


class OracleState:
    """A Marabunta state; ``apply`` returns a new state (this one is not changed)."""

    def __init__(self, first_player: int | None = None, first_number: str = "ant_hill",
                 decline: bool = False, optional_tile: bool = False, above_25: str = "continue") -> None:
        # the seed: "Jede Zahl muss ... angrenzend ..." with no exception for the first number;
        # "führt alle Elemente einzeln aus": the tile is used like a die (skipping it is the
        # published option optional_tile)
        self.first_free = first_number == "free"
        self.decline = bool(decline)
        self.optional_tile = bool(optional_tile)
        # "über 25 Punkte beginnt man neu bei 25": a new lap of the track (true sum); "cap": at most 25
        self.cap_25 = above_25 == "cap"
        self.fields: dict[str, Any] = {n: None for n in NAMES}  # None | "x" | (player, number)
        self.sheets = {r: [PRINTED, PRINTED] for r in REGIONS}
        self.ants = [ANT_HILLS, ANT_HILLS]
        self.crates: list[dict[str, int]] = [{g: 0 for g in GROUPS}, {g: 0 for g in GROUPS}]
        self.cupcakes = [0, 0]
        self.cupcake_points = [0, 0]
        self.power_points = [0, 0]
        self.round = 1
        self.splitter: int | None = first_player
        self.tiles_left = list(TILES)
        self.tile: str | None = None
        self.dice: dict[str, str] = {}
        self.phase = "first" if first_player is None else "reveal"
        self.pools: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
        self.order: list[tuple[int, tuple[str, ...]]] = []  # (player, pool) still to carry out
        self.doer: int | None = None
        self.remaining: list[str] = []
        self.done: list[str] = []
        self.stack: list[dict] = []
        self.triggered_by: int | None = None

    # ------------------------------------------------------------------ construction
    @classmethod
    def initial(cls, first_player: int | None = None, first_number: str = "ant_hill",
                decline: bool = False, optional_tile: bool = False, above_25: str = "continue",
                **_: Any) -> "OracleState":
        return cls(first_player, first_number, decline, optional_tile, above_25)

    @classmethod
    def from_position(cls, pos: dict, first_number: str = "ant_hill", decline: bool = False,
                      optional_tile: bool = False, above_25: str = "continue", **_: Any) -> "OracleState":
        """The state of a position description (format: boardkit/games/marabunta/position.py)."""
        if isinstance(pos, str):
            pos = yaml.safe_load(pos)
        s = cls(None, first_number, decline, optional_tile, above_25)
        s.round = int(pos.get("round", 1))
        s.splitter = PLAYERS.index(pos.get("splitter", "red"))
        for f, v in (pos.get("fields") or {}).items():
            if str(v).strip() == "x":
                s.fields[f] = "x"
            else:
                col, num = str(v).split()
                s.fields[f] = (PLAYERS.index(col), int(num))
        for r, (red, blue) in (pos.get("sheets") or {}).items():
            s.sheets[r] = [int(red), int(blue)]
        for p, col in enumerate(PLAYERS):
            d = (pos.get("players") or {}).get(col) or {}
            s.ants[p] = int(d.get("ant_hills", ANT_HILLS))
            for g, n in (d.get("crates") or {}).items():
                s.crates[p][g] = int(n)
            k = sum(1 for f, v in s.fields.items() if f in CUPCAKE_FIELDS and isinstance(v, tuple) and v[0] == p)
            for g, info in GROUPS.items():
                if s.crates[p][g] == info["crates"]:
                    if info["power"] == "cupcakes2":
                        k += 2
                    if info["power"] == "points":
                        s.power_points[p] += int(info.get("points", 3))
            k = min(k, len(TRACK))
            assert int(d.get("cupcakes", k)) == k
            s.cupcakes[p] = k
            s.cupcake_points[p] = sum(TRACK[:k])
        s.tile = pos.get("tile")
        if "tiles_left" in pos:
            s.tiles_left = list(pos["tiles_left"])
        elif s.round >= 8:
            s.tiles_left = []
        if s.tile is None and not s.tiles_left:
            s.tile = LAST_TILE
        if s.tile is None:
            s.phase = "reveal"
        elif pos.get("roll"):
            s.dice = {c: str(pos["roll"][c]) for c in REGIONS}
            s.phase = "split"
        else:
            s.phase = "roll"
        assert s._end_conditions() == [], "end already triggered"
        return s

    # ------------------------------------------------------------------ queries
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_chance_node(self) -> bool:
        return self.phase in ("first", "reveal", "roll")

    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.is_chance_node():
            return CHANCE
        if self.phase == "split":
            return self.splitter
        if self.phase == "take":
            return 1 - self.splitter
        return self.doer

    def chance_outcomes(self) -> dict[str, Fraction]:
        if self.phase == "first":
            return {"first 0": Fraction(1, 2), "first 1": Fraction(1, 2)}
        if self.phase == "reveal":
            return {f"reveal {t}": Fraction(1, len(self.tiles_left)) for t in self.tiles_left}
        if self.phase == "roll":
            colour = REGIONS[len(self.dice)]
            return {f"roll {colour} {f}": Fraction(1, 6) for f in FACES}
        return {}

    def legal_actions(self) -> list[str]:
        return sorted(self._moves())

    def numbers_of(self, p: int) -> list[str]:
        return [f for f, v in self.fields.items() if isinstance(v, tuple) and v[0] == p]

    def available(self, f: str) -> bool:
        return self.fields[f] is None

    # ------------------------------------------------------------------ move generation
    def _task_options(self, task: dict, p: int) -> dict[str, tuple]:
        """Placement notation -> op for the next part of ``task`` done by player ``p``."""
        out: dict[str, tuple] = {}
        kind = task["kind"]
        if kind == "crate":  # MARA-4.2, MARA-D8
            for g, info in GROUPS.items():
                if self.crates[p][g] < info["crates"]:
                    out[f"crate {g}"] = ("crate", g)
        elif kind == "circle":  # MARA-4.1, MARA-D6
            for r in REGIONS:
                if task.get("region") not in (None, r):
                    continue
                if task.get("distinct") and r in task.get("used", ()):
                    continue
                if sum(self.sheets[r]) < CIRCLES:
                    out["circle" if task.get("die") else f"circle {r}"] = ("circle", r)
        elif kind == "cross":  # MARA-5.1, MARA-D7
            if task.get("anchor") is None:
                cands = [f for f in NAMES if not task.get("cupcake_only") or f in CUPCAKE_FIELDS]
            else:
                cands = ADJ[task["anchor"]]
            for f in cands:
                if self.available(f):
                    out[f"cross {f}"] = ("cross", f)
        elif kind == "write":  # MARA-4.3 .. MARA-4.5, MARA-D1 .. MARA-D3
            region = task.get("region")
            if task.get("anchor") is not None:
                cands = list(ADJ[task["anchor"]])
                mode = "chain"
            else:
                cands = list(REGION_FIELDS[region]) if region else list(NAMES)
                mode = task["mode"]
            own = set(self.numbers_of(p))
            free_first = self.first_free and not own
            for f in cands:
                if not self.available(f):
                    continue
                if mode in ("free", "chain") or free_first or any(g in own for g in ADJ[f]):
                    ant = False
                elif self.ants[p] > 0:
                    ant = True
                else:
                    continue
                for n in task["nums"]:
                    out[f"{n} {f}" + (" ant" if ant else "")] = ("write", n, f, ant)
        return out

    def _element_uses(self, elem: str, p: int) -> dict[str, tuple]:
        """Use notation -> ("use", elem, task, op, again_colour) for one pool element."""
        out: dict[str, tuple] = {}
        if elem != "tile":
            task = die_task(elem, self.dice[elem])
            for text, op in self._task_options(task, p).items():
                out[f"{elem} {text}"] = ("use", elem, task, op)
            return out
        if self.tile == "again":  # MARA-D5
            for c in self.done:
                task = die_task(c, self.dice[c])
                for text, op in self._task_options(task, p).items():
                    out[f"tile again {c} {text}"] = ("use", "tile", task, op)
            return out
        task = dict(TILE_TASKS[self.tile])
        for text, op in self._task_options(task, p).items():
            out[f"tile {text}"] = ("use", "tile", task, op)
        return out

    def _moves(self) -> dict[str, tuple]:
        ph = self.phase
        if ph == "over":
            return {}
        if self.is_chance_node():
            return {a: ("chance",) for a in self.chance_outcomes()}
        if ph == "split":  # MARA-3.2: the pool holding the tile, any dice but not all six
            out = {}
            for k in range(len(REGIONS)):
                for sub in itertools.combinations(REGIONS, k):
                    out["split " + " ".join(sub + ("tile",))] = ("split", sub)
            return out
        if ph == "take":  # MARA-3.3
            return {"take " + " ".join(pool): ("take", i) for i, pool in enumerate(self.pools)}
        # phase "play"
        p = self.doer
        if self.stack:
            return {text: ("part", op) for text, op in self._task_options(self.stack[-1], p).items()}
        out: dict[str, tuple] = {}
        for elem in self.remaining:
            out.update(self._element_uses(elem, p))
        if out:
            if "tile" in self.remaining and self.tile != LAST_TILE and self.optional_tile:  # MARA-3.6
                out["skip tile"] = ("skip", "tile")
            if self.decline:  # MARA-4.6 option
                for elem in self.remaining:
                    if elem != "tile":
                        out[f"skip {elem}"] = ("skip", elem)
        return out

    # ------------------------------------------------------------------ applying
    def apply(self, text: str) -> "OracleState":
        moves = self._moves()
        if text not in moves:
            raise ValueError(f"illegal action {text!r}; legal: {sorted(moves)[:20]}")
        s = self.copy()
        s._do(text, moves[text])
        return s

    def copy(self) -> "OracleState":
        """A deep copy (hand-written: ``copy.deepcopy`` made the lockstep tests slow)."""
        s = copy.copy(self)
        s.fields = dict(self.fields)
        s.sheets = {r: list(v) for r, v in self.sheets.items()}
        s.crates = [dict(c) for c in self.crates]
        for name in ("ants", "cupcakes", "cupcake_points", "power_points", "tiles_left", "order",
                     "remaining", "done"):
            setattr(s, name, list(getattr(self, name)))
        s.dice = dict(self.dice)
        s.stack = [{k: list(v) if isinstance(v, list) else v for k, v in t.items()} for t in self.stack]
        return s

    def _do(self, text: str, move: tuple) -> None:
        kind = move[0]
        words = text.split()
        if kind == "chance":
            if words[0] == "first":
                self.splitter = int(words[1])
                self.phase = "reveal"
            elif words[0] == "reveal":
                self.tile = words[1]
                self.tiles_left.remove(words[1])
                self.phase = "roll"
            else:
                self.dice[words[1]] = words[2]
                if len(self.dice) == len(REGIONS):
                    self.phase = "split"
            return
        if kind == "split":
            with_tile = tuple(move[1]) + ("tile",)
            other = tuple(c for c in REGIONS if c not in move[1])
            self.pools = (with_tile, other)
            self.phase = "take"
            return
        if kind == "take":
            chooser = 1 - self.splitter
            taken = self.pools[move[1]]
            rest = self.pools[1 - move[1]]
            self.order = [(chooser, taken), (self.splitter, rest)]
            self.phase = "play"
            self._next_pool()
            self._settle()
            return
        p = self.doer
        if kind == "skip":
            self.remaining.remove(move[1])
        elif kind == "use":
            _, elem, task, op = move
            self.remaining.remove(elem)
            if elem != "tile":
                self.done.append(elem)
            task = dict(task)
            self.stack.append(task)
            self._part(op, p)
        elif kind == "part":
            self._part(move[1], p)
        self._settle()

    def _part(self, op: tuple, p: int) -> None:
        """Carry out one part of the top task: its rest stays, consequences are pushed."""
        task = self.stack[-1]
        task["left"] -= 1
        if task["left"] == 0:
            self.stack.pop()
        if op[0] == "write":
            _, n, f, ant = op
            self.fields[f] = (p, n)
            if ant:
                self.ants[p] -= 1
            task["anchor"] = f
            if f in CUPCAKE_FIELDS:  # MARA-6.1
                self._cupcakes(p, 1)
            if f in CRATE_FIELDS:
                self.stack.append({"kind": "crate", "left": 1})
        elif op[0] == "circle":
            self.sheets[op[1]][p] += 1
            task.setdefault("used", []).append(op[1])
        elif op[0] == "cross":
            self.fields[op[1]] = "x"
            task["anchor"] = op[1]
        elif op[0] == "crate":
            g = op[1]
            self.crates[p][g] += 1
            if self.crates[p][g] == GROUPS[g]["crates"]:  # MARA-4.2: unlocked, used at once
                power = GROUPS[g]["power"]
                if power == "cupcakes2":
                    self._cupcakes(p, 2)
                elif power == "points":
                    self.power_points[p] += int(GROUPS[g].get("points", 3))
                else:
                    self.stack.append(dict(POWER_TASKS[power]))
        if self.triggered_by is None and self._end_conditions():  # MARA-D9
            self.triggered_by = p

    def _cupcakes(self, p: int, n: int) -> None:
        for _ in range(n):  # MARA-D8: an exhausted track scores nothing
            if self.cupcakes[p] < len(TRACK):
                self.cupcake_points[p] += TRACK[self.cupcakes[p]]
                self.cupcakes[p] += 1

    def _settle(self) -> None:
        """Drop impossible parts; when nothing of the pool can be used, go on (MARA-D2, D4)."""
        while True:
            while self.stack and not self._task_options(self.stack[-1], self.doer):
                self.stack.pop()
            if self.stack:
                return
            if self.remaining and any(self._element_uses(e, self.doer) for e in self.remaining):
                return
            self.remaining = []
            if not self._next_pool():
                return

    def _next_pool(self) -> bool:
        """Start the next pool (True; the caller settles it) or finish the round (False)."""
        self.done, self.stack = [], []
        if self.order:
            self.doer, pool = self.order.pop(0)
            self.remaining = list(pool)
            return True
        # round over (MARA-8.1, MARA-3.4)
        self.doer = None
        if self.triggered_by is not None:
            self.phase = "over"
            return False
        self.round += 1
        self.splitter = 1 - self.splitter
        self.dice = {}
        self.pools = ((), ())
        if self.tiles_left:
            self.tile = None
            self.phase = "reveal"
        else:  # MARA-3.5
            self.tile = LAST_TILE
            self.phase = "roll"
        return False

    # ------------------------------------------------------------------ end and scoring
    def _end_conditions(self) -> list[str]:
        out = []
        for r in REGIONS:
            if all(self.fields[f] is not None for f in REGION_FIELDS[r]):
                out.append(f"region {r}")
            if sum(self.sheets[r]) >= CIRCLES:
                out.append(f"sheet {r}")
        if all(self.fields[f] is not None for f in CUPCAKE_FIELDS):
            out.append("cupcakes")
        return out

    def scores(self) -> list[dict]:
        """Per player: regions, region_points, cupcake_points, power_points, total, cupcakes."""
        out = []
        for p in range(2):
            regions = {}
            for r in REGIONS:
                sums = [0, 0]
                for f in REGION_FIELDS[r]:
                    v = self.fields[f]
                    if isinstance(v, tuple):
                        sums[v[0]] += v[1]
                regions[r] = self.sheets[r][p] if sums[p] > sums[1 - p] else 0  # MARA-8.2
            rp = sum(regions.values())
            total = rp + self.cupcake_points[p] + self.power_points[p]  # MARA-8.3
            out.append({"regions": regions, "region_points": rp, "cupcake_points": self.cupcake_points[p],
                        "power_points": self.power_points[p], "total": min(total, 25) if self.cap_25 else total,
                        "cupcakes": self.cupcakes[p]})
        return out

    def outcome(self) -> tuple[tuple[int, ...], str] | None:
        """``(winners, clause)`` at the end: MARA-8.4 when totals or cupcakes decide, MARA-D11
        when the trigger player wins the tie; None before the end."""
        if not self.is_terminal():
            return None
        sc = self.scores()
        key = [(sc[p]["total"], sc[p]["cupcakes"], p == self.triggered_by) for p in range(2)]  # MARA-8.4
        clause = "MARA-D11" if key[0][:2] == key[1][:2] else "MARA-8.4"
        return ((0 if key[0] > key[1] else 1,), clause)

    def returns(self) -> list[float]:
        o = self.outcome()
        if o is None:
            return [0.0, 0.0]
        return [1.0 if p in o[0] else -1.0 for p in range(2)]

    def view(self) -> dict:
        """What the tests compare with the engine's observation."""
        fields = {}
        for f, v in self.fields.items():
            if v == "x":
                fields[f] = "x"
            elif v is not None:
                fields[f] = f"{PLAYERS[v[0]]} {v[1]}"
        return {
            "fields": fields,
            "sheets": {r: list(v) for r, v in self.sheets.items()},
            "ant_hills": list(self.ants),
            "crates": [dict(c) for c in self.crates],
            "cupcakes": list(self.cupcakes),
            "round": self.round,
            "tile": self.tile,
            "tiles_left": sorted(self.tiles_left),
            "triggered_by": None if self.triggered_by is None else PLAYERS[self.triggered_by],
            "scores": self.scores(),
        }


def engine_view(state: Any) -> dict:
    """The same view read from an engine state's ``observation(None)``."""
    obs = state.observation(None)
    fields = {}
    for f, d in obs["fields"].items():
        if isinstance(d, str):  # compact form: "red 2" or "x", written and crossed fields only
            fields[f] = d
        elif d["crossed"]:
            fields[f] = "x"
        elif d["value"] is not None:
            fields[f] = f"{d['owner']} {d['value']}"
    return {
        "fields": fields,
        "sheets": {r: list(v) for r, v in obs["sheets"].items()},
        "ant_hills": [pl["ant_hills"] for pl in obs["players"]],
        "crates": [dict(pl["crates"]) for pl in obs["players"]],
        "cupcakes": [pl["cupcakes"] for pl in obs["players"]],
        "round": obs["round"],
        "tile": obs["tile"],
        "tiles_left": sorted(obs["tiles_left"]),
        "triggered_by": obs.get("triggered_by"),
        "scores": [pl["score"] for pl in obs["players"]],
    }


def oracle_perft(s: OracleState, depth: int) -> int:
    if depth == 0 or s.is_terminal():
        return 1
    moves = s.legal_actions()
    if depth == 1:
        return len(moves)
    return sum(oracle_perft(s.apply(a), depth - 1) for a in moves)


def oracle_divide(s: OracleState, depth: int) -> dict[str, int]:
    return {a: oracle_perft(s.apply(a), depth - 1) for a in s.legal_actions()}
