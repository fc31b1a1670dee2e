"""An independent gridhunt oracle: a second, plain implementation of the game master's rules
(rules 1.4), written from the French seed (001_bcc873264f6cd736.txt) and the clause file
(data/rules/gridhunt.yaml: GRID-1.1 .. GRID-7 and the decisions GRID-D1 .. GRID-D22), reading a
fixed layout from data/gridhunt/<name>.yaml. It shares no code with boardkit.games.gridhunt:
cells are ``(column, row)`` pairs, the truth and every seat's knowledge are plain dicts and sets,
``apply`` copies the whole state, and every rule is written out again.

It answers the questions the engine answers, in notation: the legal orders of the seat to act
(from what that seat knows), the chance outcomes with exact probabilities, the effect of an
action, the end and the returns, and what each seat is told: its observation (the engine's
documented ``observation(seat)`` fields, ``outcome`` aside) and its history, with the others'
hidden actions as ``move ?``, ``shoot ?``, ``layout ?``, ``start ?`` (GRID-D9).

Scope: every option, the three turn orders included (GRID-6: ``random_each_round``, ``fixed``;
GRID-D6: ``simultaneous``, where the seats give their orders with ``apply(st, action, seat)``).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
LETTERS = "abcdefghijklmnopqrstuvwxyz"
#: The kinds the GM draws, in the order of the notation's ``kind`` vocabulary (GRID-2.2, GRID-7).
DRAW_ORDER = ("wall", "teleport", "mine", "vision", "attack", "beacon", "shield")
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))  # orthogonal: moves and the basic shot (GRID-2.1)
SLANTS = ((1, 1), (1, -1), (-1, 1), (-1, -1))  # the diagonals of a line shot (GRID-D18)
ONCE = ("vision", "attack", "beacon")  # cells that turn white once landed on (GRID-2.5 .. GRID-2.7)
CHANCE, SIMULTANEOUS, TERMINAL = -1, -2, -4
DEFAULTS = {"players": 8, "teams": 0, "team_shares_vision": True, "turn_order": "random_each_round",
            "layout": "random", "size": 12, "walls": 12, "mines": 6, "vision": 4, "attack": 4, "beacon": 4,
            "shield": 2, "shield_stops_landing": False, "line_shot": "target", "line_directions": 8,
            "mine_blocks_shot": False, "may_stay": False, "wall_orders": "refused", "shield_stops_enhanced": False,
            "corner_walls": "pass",
            "teleport_told": "landed", "deaths_told": "end_of_round", "max_turns": None}


def name(cell: tuple[int, int]) -> str:
    return f"{LETTERS[cell[0]]}{cell[1] + 1}"


def cell(text: str) -> tuple[int, int]:
    return (LETTERS.index(text[0]), int(text[1:]) - 1)


class Oracle:
    """One game's rules (options as ``load_game`` takes them); states are dicts."""

    def __init__(self, **options: Any) -> None:
        o = {**DEFAULTS, **options}
        self.o = o
        self.n = o["players"]
        self.fixed_layout: dict[tuple[int, int], str] | None = None
        if o["layout"] != "random":
            doc = yaml.safe_load((ROOT / "data/gridhunt" / f"{o['layout']}.yaml").read_text(encoding="utf-8"))
            self.size = doc["size"]
            self.fixed_layout = {cell(c): k for k in DRAW_ORDER for c in doc.get(k, [])}
        else:
            self.size = o["size"]
        counts = {"wall": o["walls"], "teleport": 2, "mine": o["mines"], "vision": o["vision"], "attack": o["attack"],
                  "beacon": o["beacon"], "shield": o["shield"]}
        self.draws = [k for k in DRAW_ORDER for _ in range(counts[k])]
        self.all_cells = [(c, r) for r in range(self.size) for c in range(self.size)]
        self.team = [p % o["teams"] for p in range(self.n)] if o["teams"] else None

    # -- geometry -----------------------------------------------------------------------------------
    def inside(self, c: tuple[int, int]) -> bool:
        return 0 <= c[0] < self.size and 0 <= c[1] < self.size

    def ring(self, at: tuple[int, int], radius: int) -> list[tuple[int, int]]:
        """Cells at Chebyshev distance 1 .. radius (GRID-5.2)."""
        return [(at[0] + dc, at[1] + dr) for dr in range(-radius, radius + 1) for dc in range(-radius, radius + 1)
                if (dc, dr) != (0, 0) and self.inside((at[0] + dc, at[1] + dr))]

    def rays(self, at: tuple[int, int]) -> list[list[tuple[int, int]]]:
        """Line-shot rays of 1 .. 6 cells (GRID-4.2, GRID-D18)."""
        dirs = STEPS + (SLANTS if self.o["line_directions"] == 8 else ())
        out = []
        for d in dirs:
            ray = []
            for k in range(1, 7):
                c = (at[0] + d[0] * k, at[1] + d[1] * k)
                if not self.inside(c):
                    break
                ray.append(c)
            out.append(ray)
        return out

    def corner(self, a: tuple[int, int], b: tuple[int, int], walls: Any) -> bool:
        """GRID-D22: with corner_walls='block', the diagonal step a -> b runs between two walls
        (in ``walls``) that touch at a corner."""
        return (self.o["corner_walls"] == "block" and a[0] != b[0] and a[1] != b[1]
                and (b[0], a[1]) in walls and (a[0], b[1]) in walls)

    # -- the start --------------------------------------------------------------------------------
    def initial(self) -> dict:
        st: dict[str, Any] = {
            "grid": dict(self.fixed_layout) if self.fixed_layout is not None else {},
            "todo": [] if self.fixed_layout is not None else list(self.draws),
            "placed": 0, "round": 0, "turns": 0, "phase": "setup", "to_move": None, "acted": [],
            "p": [{"at": None, "alive": True, "shield": False, "blocked": False, "beacon": False, "idle": False,
                   "enh": False, "radius": 0} for _ in range(self.n)],
            "ghosts": {}, "pub_walls": set(), "pub_tps": set(), "deaths": [],
            "k": [{"walls": set(), "tps": set(), "cells": {}, "found": [], "looks": []} for _ in range(self.n)],
            "hist": [[] for _ in range(self.n)], "winners": None, "cut": False,
            "orders": {}, "shots": {}, "pending": [],
        }
        self.settle(st)
        return st

    def from_position(self, doc: dict) -> dict:
        """A start-of-turn position as the perft file writes it (truth, flags; nobody knows anything)."""
        st = self.initial()
        st["grid"] = {cell(c): k for k, cs in doc["cells"].items() for c in cs}
        st["todo"], st["placed"] = [], self.n
        st.update(phase=doc["phase"], to_move=doc.get("to_move"), round=doc["round"], turns=doc["turns"],
                  acted=list(doc["acted"]))
        for q, v in doc["players"].items():
            pl = st["p"][int(q)]
            pl["at"] = cell(v["at"])
            for f, g in (("shield", "shield"), ("blocked", "blocked"), ("beacon", "beaconed"), ("idle", "idle"),
                         ("enh", "enhanced")):
                pl[f] = bool(v.get(g, False))
        return st

    # -- who knows what ---------------------------------------------------------------------------
    def mates(self, p: int, q: int) -> bool:
        return self.team is not None and p != q and self.team[p] == self.team[q]

    def sharers(self, p: int) -> list[int]:
        """GRID-1.3: with team_shares_vision, a player knows what its teammates know."""
        if self.team is not None and self.o["team_shares_vision"]:
            return [q for q in range(self.n) if q == p or self.mates(p, q)]
        return [p]

    def told_alive(self, st: dict, q: int) -> bool:
        return st["p"][q]["alive"] or q in st["ghosts"]

    def own_cell(self, st: dict, q: int) -> tuple[int, int] | None:
        return st["p"][q]["at"] if st["p"][q]["alive"] else st["ghosts"].get(q)

    def walls_known(self, st: dict, p: int) -> set:
        out = set(st["pub_walls"])
        for q in self.sharers(p):
            out |= st["k"][q]["walls"]
        return out

    def tps_known(self, st: dict, p: int) -> set:
        out = set(st["pub_tps"])
        for q in self.sharers(p):
            out |= st["k"][q]["tps"]
        return out

    def mates_known(self, st: dict, p: int) -> set:
        """GRID-D5: cells of teammates whose place ``p`` knows now (beaconed, or sharing)."""
        share = self.sharers(p)
        return {self.own_cell(st, q) for q in range(self.n)
                if self.mates(p, q) and self.told_alive(st, q) and (q in share or st["p"][q]["beacon"])} - {None}

    def occupant(self, st: dict, c: tuple[int, int]) -> int | None:
        for q, pl in enumerate(st["p"]):
            if pl["alive"] and pl["at"] == c:
                return q
        return None

    # -- the turn ---------------------------------------------------------------------------------
    def waiting(self, st: dict) -> list[int]:
        """The seats whose order is awaited (GRID-6; GRID-D6: every seat told alive at once)."""
        if st["phase"] in ("move", "shot"):
            return [st["to_move"]]
        if st["phase"] in ("orders", "shots"):
            given = st["orders"] if st["phase"] == "orders" else st["shots"]
            return [q for q in range(self.n) if self.told_alive(st, q) and q not in given]
        return []

    def current(self, st: dict) -> int:
        if st["phase"] == "over":
            return TERMINAL
        if st["phase"] in ("setup", "next", "resolve"):
            return CHANCE
        w = self.waiting(st)
        return w[0] if len(w) == 1 else SIMULTANEOUS

    def left_to_act(self, st: dict) -> list[int]:
        return [q for q in range(self.n) if self.told_alive(st, q) and q not in st["acted"]]

    def settle(self, st: dict) -> None:
        if st["phase"] == "setup":
            if st["todo"] or st["placed"] < self.n:
                return
            st["phase"] = "next"
            if self.o["turn_order"] == "simultaneous":
                self.new_round(st)
                return
        if st["phase"] == "next":
            if self.o["max_turns"] is not None and st["turns"] >= self.o["max_turns"]:  # GRID-D10
                self.finish(st, [], cut=True)
                return
            if st["round"] == 0 or not self.left_to_act(st):
                st["ghosts"] = {}  # GRID-D9: the round's deaths are told
                st["round"] += 1
                st["acted"] = []
            if self.o["turn_order"] == "fixed":
                self.begin(st, self.left_to_act(st)[0])

    def new_round(self, st: dict) -> None:
        """GRID-D6: every living player gives its orders; a blocked one stays (GRID-2.4)."""
        st["ghosts"] = {}
        if self.o["max_turns"] is not None and st["turns"] >= self.o["max_turns"]:  # GRID-D10
            self.finish(st, [], cut=True)
            return
        st["round"] += 1
        st["phase"], st["orders"], st["shots"], st["pending"] = "orders", {}, {}, []
        for pl in st["p"]:
            if pl["alive"]:
                st["turns"] += 1
                pl["enh"] = pl["idle"] = False
                if pl["blocked"]:
                    pl["blocked"], pl["idle"] = False, True

    def begin(self, st: dict, p: int) -> None:
        st["to_move"], st["phase"] = p, "move"
        st["acted"].append(p)
        st["turns"] += 1
        pl = st["p"][p]
        pl["enh"] = False
        if pl["blocked"]:  # GRID-2.4, GRID-D2: this turn it stays
            pl["blocked"], pl["idle"] = False, True

    def finish(self, st: dict, winners: list[int], cut: bool = False) -> None:
        st["phase"], st["to_move"], st["ghosts"], st["winners"] = "over", None, {}, winners
        st["cut"] = cut

    def ended(self, st: dict) -> bool:
        """GRID-1.1, GRID-D7: the last player or team standing wins; nobody left, all lose."""
        living = [q for q in range(self.n) if st["p"][q]["alive"]]
        sides = {self.team[q] if self.team else q for q in living}
        if len(sides) > 1:
            return False
        if not sides:
            self.finish(st, [])
        else:
            side = sides.pop()
            self.finish(st, [q for q in range(self.n) if (self.team[q] if self.team else q) == side])
        return True

    # -- orders -----------------------------------------------------------------------------------
    def walks(self, st: dict, p: int) -> list[str]:
        """GRID-3.1: 1 .. 6 orthogonal steps, no cell twice, inside the grid; GRID-D21: not into a
        known wall unless wall_orders='stopped'; GRID-1.4, GRID-D5: not ending on a known teammate."""
        start = self.own_cell(st, p)
        walls = self.walls_known(st, p) if self.o["wall_orders"] == "refused" else set()
        mates = self.mates_known(st, p)
        out: list[str] = []

        def go(at: tuple[int, int], path: list[tuple[int, int]]) -> None:
            for d in STEPS:
                c = (at[0] + d[0], at[1] + d[1])
                if not self.inside(c) or c in walls or c == start or c in path:
                    continue
                path.append(c)
                if c not in mates:
                    out.append("move " + " ".join(name(x) for x in path))
                if len(path) < 6:
                    go(c, path)
                path.pop()

        go(start, [])
        return out

    def legal(self, st: dict, seat: int | None = None) -> list[str]:
        """The legal actions: the chance outcomes, or the orders of ``seat`` (None: the one seat
        awaited; [] when several are)."""
        if st["phase"] == "over":
            return []
        if st["phase"] in ("setup", "next", "resolve"):
            return [a for a, _ in self.chances(st)]
        w = self.waiting(st)
        if seat is None:
            if len(w) != 1:
                return []
            seat = w[0]
        return self.orders_of(st, seat) if seat in w else []

    def orders_of(self, st: dict, p: int) -> list[str]:
        pl = st["p"][p]
        if st["phase"] in ("move", "orders"):
            if pl["idle"]:  # GRID-3.5
                return ["move none"]
            walks = self.walks(st, p)
            if self.o["may_stay"]:  # GRID-D20
                return walks + ["move none"]
            return walks or ["move none"]  # GRID-D13
        if pl["idle"] and self.o["mine_blocks_shot"]:  # GRID-D19
            return ["shoot none"]
        at = self.own_cell(st, p)
        walls = self.walls_known(st, p)
        out = ["shoot none"]
        if pl["enh"]:  # GRID-2.6, GRID-4.2
            out.append("shoot all")
            for ray in self.rays(at):
                prev = at
                for c in ray:
                    if c in walls or self.corner(prev, c, walls):  # GRID-4.3, GRID-D22
                        break
                    out.append("shoot " + name(c))
                    prev = c
        else:  # GRID-4.1
            out += ["shoot " + name((at[0] + d[0], at[1] + d[1])) for d in STEPS
                    if self.inside((at[0] + d[0], at[1] + d[1])) and (at[0] + d[0], at[1] + d[1]) not in walls]
        return out

    def chances(self, st: dict) -> list[tuple[str, Fraction]]:
        if st["phase"] == "setup":
            if st["todo"]:  # GRID-7
                empty = [c for c in self.all_cells if c not in st["grid"]]
                return [(f"layout {st['todo'][0]} {name(c)}", Fraction(1, len(empty))) for c in empty]
            taken = {pl["at"] for pl in st["p"]}  # GRID-5.1, GRID-D1
            free = [c for c in self.all_cells if st["grid"].get(c) != "wall" and c not in taken]
            return [(f"start {st['placed']} {name(c)}", Fraction(1, len(free))) for c in free]
        if st["phase"] in ("next", "resolve"):  # GRID-6, GRID-D6
            who = self.left_to_act(st) if st["phase"] == "next" else st["pending"]
            return [(f"turn {q}", Fraction(1, len(who))) for q in who]
        return []

    # -- applying ---------------------------------------------------------------------------------
    @staticmethod
    def copy(st: dict) -> dict:
        """An independent copy of a state (strings, numbers and cell pairs are shared)."""
        new = dict(st)
        new["grid"], new["todo"], new["acted"] = dict(st["grid"]), list(st["todo"]), list(st["acted"])
        new["p"] = [dict(pl) for pl in st["p"]]
        new["ghosts"], new["pub_walls"], new["pub_tps"] = dict(st["ghosts"]), set(st["pub_walls"]), set(st["pub_tps"])
        new["deaths"], new["hist"] = list(st["deaths"]), [list(h) for h in st["hist"]]
        new["orders"], new["shots"], new["pending"] = dict(st["orders"]), dict(st["shots"]), list(st["pending"])
        new["k"] = [{"walls": set(k["walls"]), "tps": set(k["tps"]), "cells": dict(k["cells"]),
                     "found": list(k["found"]), "looks": list(k["looks"])} for k in st["k"]]
        return new

    def apply(self, st: dict, action: str, seat: int | None = None) -> dict:
        st = self.copy(st)
        words = action.split()
        actor = st["to_move"] if seat is None and st["phase"] in ("move", "shot") else seat
        if actor is None and st["phase"] in ("orders", "shots"):
            actor = self.waiting(st)[0]
        if words[0] == "layout":
            self.record(st, action, [])
            st["grid"][cell(words[2])] = words[1]
            st["todo"].pop(0)
            if words[1] == "wall" and (not st["todo"] or st["todo"][0] != "wall"):
                walls = [c for c, k in st["grid"].items() if k == "wall"]
                if not self.connected(set(walls)):  # GRID-7: drawn again
                    for c in walls:
                        del st["grid"][c]
                    st["todo"][:0] = ["wall"] * len(walls)
        elif words[0] == "start":
            q = int(words[1])
            self.record(st, action, self.sharers(q))
            st["p"][q]["at"] = cell(words[2])
            st["placed"] += 1
        elif words[0] == "turn" and st["phase"] == "resolve":  # GRID-D6: the next move to resolve
            self.record(st, action, list(range(self.n)))
            q = int(words[1])
            st["pending"].remove(q)
            if st["p"][q]["alive"]:
                order = st["orders"][q].split()
                self.move(st, q, [cell(w) for w in order[1:]] if order[1] != "none" else [])
            if not self.ended(st):
                st["pending"] = [x for x in st["pending"] if self.told_alive(st, x)]
                if not st["pending"]:
                    st["phase"] = "shots"
        elif words[0] == "turn":
            self.record(st, action, list(range(self.n)))
            self.begin(st, int(words[1]))
        elif st["phase"] in ("orders", "shots"):  # GRID-D6: kept until every order is in
            self.record(st, action, self.sharers(actor))
            (st["orders"] if st["phase"] == "orders" else st["shots"])[actor] = action
            if not self.waiting(st):
                if st["phase"] == "orders":
                    st["phase"], st["pending"] = "resolve", sorted(st["orders"])
                else:
                    self.volley(st)
        elif st["phase"] == "move":
            self.record(st, action, self.sharers(actor))
            if st["p"][actor]["alive"]:  # GRID-D9: a dead player's orders are void
                self.move(st, actor, [cell(w) for w in words[1:]] if words[1] != "none" else [])
            if not self.ended(st):
                st["phase"] = "shot"
        else:
            self.record(st, action, self.sharers(actor))
            pl = st["p"][actor]
            if pl["alive"]:
                self.shoot(st, actor, words[1])
            pl["idle"] = pl["enh"] = False
            if not self.ended(st):
                st["phase"] = "next"
        self.settle(st)
        return st

    def record(self, st: dict, action: str, seen_by: list[int]) -> None:
        """Each seat's history: the action, or its verb and '?' for a seat not told it (GRID-D9)."""
        hidden = action.split()[0] + " ?"
        for q in range(self.n):
            st["hist"][q].append(action if q in seen_by else hidden)

    def connected(self, walls: set) -> bool:
        free = [c for c in self.all_cells if c not in walls]
        if not free:
            return False
        seen, todo = {free[0]}, [free[0]]
        while todo:
            at = todo.pop()
            for d in STEPS:
                c = (at[0] + d[0], at[1] + d[1])
                if self.inside(c) and c not in walls and c not in seen:
                    seen.add(c)
                    todo.append(c)
        return len(seen) == len(free)

    def kill(self, st: dict, q: int) -> None:
        pl = st["p"][q]
        if self.o["deaths_told"] == "end_of_round":  # GRID-D9: told at the end of the round
            st["ghosts"][q] = pl["at"]
        pl["alive"], pl["at"] = False, None
        st["deaths"].append((q, st["round"]))

    def move(self, st: dict, p: int, path: list[tuple[int, int]]) -> None:
        pl, know, grid = st["p"][p], st["k"][p], st["grid"]
        start = pl["at"]
        trail = [start]
        for c in path:  # GRID-3.2 passes over players; GRID-3.3 a wall stops the move, told to all
            if grid.get(c) == "wall":
                st["pub_walls"].add(c)
                break
            trail.append(c)
        while len(trail) > 1:  # GRID-3.4
            q = self.occupant(st, trail[-1])
            if q is None:
                break
            if self.mates(p, q):  # never on a teammate: one cell earlier
                trail.pop()
            elif self.o["shield_stops_landing"] and st["p"][q]["shield"]:  # GRID-2.10 option
                st["p"][q]["shield"] = False
                trail.pop()
            else:
                self.kill(st, q)
                break
        pl["at"] = end = trail[-1]
        radius = 1
        if end != start:  # GRID-D4: stopped at once, it landed nowhere
            kind = grid.get(end, "free")
            know["found"].append((st["round"], end, kind))
            know["cells"][end] = "free" if kind in ONCE else kind
            if kind in ONCE:
                del grid[end]
            if kind == "mine":
                if pl["shield"]:
                    pl["shield"] = False
                else:
                    pl["blocked"] = True
            elif kind == "vision":
                radius = 2
            elif kind == "attack":
                pl["enh"] = True
            elif kind == "beacon":
                pl["beacon"] = True
            elif kind == "shield":
                pl["shield"] = True
            elif kind == "teleport":  # GRID-2.8, GRID-2.9, GRID-D3
                know["tps"].add(end)
                other = next(c for c, k in grid.items() if k == "teleport" and c != end)
                if self.occupant(st, other) is None:
                    pl["at"] = other
                    know["tps"].add(other)
                    st["pub_tps"] |= {end, other}
                elif self.o["teleport_told"] == "landed":
                    st["pub_tps"].add(end)
        seen = []  # GRID-5.2
        for c in self.ring(pl["at"], radius):
            if grid.get(c) == "wall":
                know["walls"].add(c)
            elif grid.get(c) == "teleport":
                know["tps"].add(c)
            q = self.occupant(st, c)
            if q is not None:
                seen.append((q, c))
        pl["radius"] = radius
        know["looks"].append((st["round"], pl["at"], radius, sorted(seen)))

    def shoot(self, st: dict, p: int, what: str) -> None:
        """GRID-4.1 .. GRID-4.3, GRID-D8, GRID-D11, GRID-D18: one shooter's shot, resolved at once."""
        self.strike(st, self.aim(st, p, what))

    def volley(self, st: dict) -> None:
        """GRID-D6: every shot of the round at once, from where the shooters stand after the moves."""
        hits = []
        for q, order in sorted(st["shots"].items()):
            if st["p"][q]["alive"]:
                hits += self.aim(st, q, order.split()[1])
        self.strike(st, hits)
        if not self.ended(st):
            self.new_round(st)

    def strike(self, st: dict, hits: list[tuple[int, bool]]) -> None:
        """Attacks ``(victim, classic)`` at once: a shield charge absorbs one attack it stops, a
        classic one first (GRID-2.10, GRID-D8); any attack left kills."""
        dead = []
        for q in sorted({v for v, _ in hits}):
            classic = sum(1 for v, c in hits if v == q and c)
            other = sum(1 for v, c in hits if v == q and not c)
            if st["p"][q]["shield"] and classic:
                st["p"][q]["shield"], classic = False, classic - 1
            elif st["p"][q]["shield"] and other and self.o["shield_stops_enhanced"]:
                st["p"][q]["shield"], other = False, other - 1
            if classic + other:
                dead.append(q)
        for q in dead:
            self.kill(st, q)

    def aim(self, st: dict, p: int, what: str) -> list[tuple[int, bool]]:
        """The players a shot of ``p`` attacks, each with whether the attack is classic."""
        pl, grid = st["p"][p], st["grid"]
        at = pl["at"]
        if what == "none":
            return []
        if what == "all":
            cells, classic = [c for c in self.ring(at, 1) if grid.get(c) != "wall"], False
        else:
            target = cell(what)
            classic = abs(target[0] - at[0]) + abs(target[1] - at[1]) == 1
            ray = next(r for r in self.rays(at) if target in r)
            cells = [target]
            true_walls = {c for c, k in grid.items() if k == "wall"}
            prev = at
            for c in ray[: ray.index(target) + 1]:
                if grid.get(c) == "wall" or self.corner(prev, c, true_walls):  # GRID-4.3, GRID-D22
                    cells = []
                    break
                prev = c
                if self.o["line_shot"] == "first" and self.occupant(st, c) is not None:
                    cells = [c]
                    break
        classic = classic or not pl["enh"]  # a shot without an enhanced attack is a basic one
        return [(q, classic) for c in cells for q in [self.occupant(st, c)]
                if q is not None and q != p and not self.mates(p, q)]

    # -- what a seat is told ---------------------------------------------------------------------
    def view(self, st: dict, seat: int) -> dict:
        """``observation(seat)`` as the engine documents it (GRID-5, GRID-D9), ``outcome`` aside."""
        def seat_view(q: int) -> dict:
            pl, k = st["p"][q], st["k"][q]
            at = self.own_cell(st, q)
            return {"position": None if at is None else name(at), "alive": self.told_alive(st, q),
                    "shield": pl["shield"], "blocked": pl["blocked"], "idle": pl["idle"], "enhanced": pl["enh"],
                    "beaconed": pl["beacon"], "walls_seen": sorted(map(name, k["walls"])),
                    "teleports_seen": sorted(map(name, k["tps"])),
                    "cells": {name(c): kind for c, kind in k["cells"].items()},
                    "found": [[r, name(c), kind] for r, c, kind in k["found"]],
                    "looks": [{"round": r, "at": name(a), "radius": rad, "players": {str(s): name(c) for s, c in seen}}
                              for r, a, rad, seen in k["looks"]],
                    "order": st["orders"].get(q), "shot": st["shots"].get(q)}

        cur = self.current(st)
        return {
            "size": self.size, "players": self.n, "teams": self.team, "phase": st["phase"], "round": st["round"],
            "turns": st["turns"], "to_move": cur, "waiting": self.waiting(st), "acted": list(st["acted"]),
            "public_walls": sorted(map(name, st["pub_walls"])), "public_teleports": sorted(map(name, st["pub_tps"])),
            "beacons": {str(q): name(self.own_cell(st, q)) for q in range(self.n)
                        if st["p"][q]["beacon"] and self.told_alive(st, q) and self.own_cell(st, q) is not None},
            "deaths": [[q, r] for q, r in st["deaths"] if q not in st["ghosts"]],
            "alive": [self.told_alive(st, q) for q in range(self.n)],
            "seat": seat, "you": seat_view(seat),
            "team_views": {str(q): seat_view(q) for q in self.sharers(seat) if q != seat},
            "known_walls": sorted(map(name, self.walls_known(st, seat))),
            "known_teleports": sorted(map(name, self.tps_known(st, seat))),
        }

    def returns(self, st: dict) -> list[int]:
        if st["winners"] is None or st["cut"]:
            return [0] * self.n  # running, or cut off (GRID-D10)
        return [1 if q in st["winners"] else -1 for q in range(self.n)]

    # -- counting ---------------------------------------------------------------------------------
    def perft(self, st: dict, depth: int) -> int:
        """Leaves of the tree of atomic actions, chance outcomes counted as branches."""
        if depth == 0 or st["phase"] == "over":
            return 1
        legal = self.legal(st)
        if depth == 1:
            return len(legal)
        return sum(self.perft(self.apply(st, a), depth - 1) for a in legal)


__all__ = ["Oracle", "ROOT", "name", "cell"]
