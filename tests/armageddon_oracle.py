"""An independent Armageddon oracle: a second, plain implementation of the default rules
(rules 2.0), written from the seed (004_108ef70fbb1ba573.txt) and the clause file
(data/rules/armageddon.yaml), reading the board from data/boards/armageddon.yaml. It shares no
code with boardkit.games.armageddon: states are plain dicts keyed by chip name, paths are lists
of node names, and every rule is written out again.

It answers the same questions as the engine: the legal actions in notation, the effect of an
action, the chance node, the end; tests/test_armageddon_oracle.py compares the two on every
perft case and in lockstep over seeded games.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
COLOURS = ("red", "green", "yellow")


class Oracle:
    """The default game (three colours, the default board, the seed's readings)."""

    def __init__(self, colours: tuple[str, ...] = COLOURS, chips: int = 4, mines: int = 3) -> None:
        doc = yaml.safe_load((ROOT / "data/boards/armageddon.yaml").read_text(encoding="utf-8"))
        s = doc["sets"]
        self.colours = colours
        self.seats = list(colours) + ["aliens"]
        self.mines = mines
        self.table = list(s["table"])
        self.landing, self.gk, self.dot = s["landing"][0], s["gk"][0], s["dot"][0]
        self.control, self.pad, self.cruiser = s["control"][0], s["pad"][0], s["cruiser"][0]
        self.surface, self.numbered = list(s["surface"]), list(s["numbered"])
        self.laser, self.crossings = set(s["laser"]), set(s["crossings"])
        self.comps = [list(s[f"compartment_{i}"]) for i in range(1, 10) if f"compartment_{i}" in s]
        self.homes = {c: list(s[f"home_{c}"]) for c in COLOURS}
        self.earth_path = {c: ["TABLE"] + list(s[f"traj_{c}"]) + [self.landing] + self.surface + [self.gk]
                           for c in COLOURS}
        self.ring = [self.gk] + self.surface[::-1] + [self.landing] + list(s["far"])
        self.officer_out = [self.gk] + list(s["exit"]) + [self.pad]
        self.to_cruiser = self.officer_out + list(s["blue"]) + [self.cruiser]
        self.arc_home = self.officer_out + list(s["blue"]) + list(s["arc"]) + [self.dot]
        self.chips = [f"{c}{j}" for c in colours for j in range(1, chips + 1)]
        self.warriors = [f"w{j}" for j in range(1, len(self.numbered) + 1)]
        self.aliens = self.warriors + ["officer"]

    # -- who is who ---------------------------------------------------------------------
    @staticmethod
    def colour(chip: str) -> str:
        return chip.rstrip("0123456789") if chip[0] in "rgy" else "blue"

    def earth(self, chip: str) -> bool:
        return chip[0] in "rgy"

    def seat_of(self, chip: str) -> int:
        return self.seats.index(self.colour(chip)) if self.earth(chip) else len(self.colours)

    # -- positions ----------------------------------------------------------------------
    def initial(self) -> dict[str, Any]:
        at = {}
        for c in self.colours:
            for j, h in enumerate(self.homes[c]):
                at[f"{c}{j + 1}"] = h
        for w, n in zip(self.warriors, self.numbered):
            at[w] = n
        at["officer"] = self.dot
        return {"at": at, "mine": False, "depot": self.mines, "trophies": {c: 0 for c in self.colours},
                "destroyed": 0, "skip": set(), "seat": 0, "phase": "roll", "roll": 0, "left": 0, "moved": set(),
                "pending": [], "winner": None}

    def from_position(self, d: dict[str, Any]) -> dict[str, Any]:
        st = self.initial()
        st["at"] = dict(d["chips"])
        st["mine"] = d.get("officer_mine", False)
        st["depot"] = d.get("depot", self.mines)
        st["destroyed"] = d.get("destroyed", 0)
        st["trophies"].update(d.get("trophies", {}))
        st["skip"] = set(d.get("skip", []))
        st["seat"] = self.seats.index(d.get("turn", self.seats[0]))
        st["phase"] = d.get("phase", "roll")
        if st["phase"] != "roll":
            st["roll"] = d["roll"]
            st["left"] = d.get("left", d["roll"])
            st["moved"] = set(d.get("moved", []))
        st["pending"] = list(d.get("pending", []))
        return st

    def holder(self, st: dict[str, Any], node: str) -> str | None:
        for chip, n in st["at"].items():
            if n == node:
                return chip
        return None

    def inside(self, st: dict[str, Any]) -> bool:
        return any(st["at"].get(a) in self.numbered or (a == "officer" and st["at"][a] == self.dot) for a in self.aliens)

    def laser_on(self, st: dict[str, Any]) -> bool:
        h = self.holder(st, self.control)
        return h is None or not self.earth(h)

    # -- one share ------------------------------------------------------------------------
    def lane(self, st: dict[str, Any], chip: str, k: int, back: bool) -> tuple[list[str], bool]:
        """The k circles the chip walks and the one after (None past the end); raises
        ValueError when the walk leaves the chip's path. Second: it starts inside (aliens)."""
        here = st["at"][chip]
        if self.earth(chip):
            path = self.earth_path[self.colour(chip)]
            i = -1 if here not in path and here not in self.table else (0 if here in self.table else path.index(here))
            if back:
                lo = path.index(self.landing)
                if not lo < i or i - k < lo:
                    raise ValueError
                nodes = [path[i - j] for j in range(1, k + 2) if i - j >= 0]
            else:
                if i + k >= len(path):
                    raise ValueError
                nodes = [path[i + j] for j in range(1, k + 2) if i + j < len(path)]
            return nodes + [None] * (k + 1 - len(nodes)), False
        if chip != "officer":
            if here in self.numbered:
                if back:
                    raise ValueError
                seq = [self.dot] + [self.ring[j % len(self.ring)] for j in range(k + 1)]
                return seq[:k + 1], True
            j0 = self.ring.index(here)
            d = -1 if back else 1
            return [self.ring[(j0 + d * j) % len(self.ring)] for j in range(1, k + 2)], False
        path = self.to_cruiser if st["mine"] else self.arc_home
        i = -1 if here == self.dot else path.index(here)
        if back:
            if not 1 < i + 1 <= len(self.officer_out) or i - k < 1:
                raise ValueError
            return [path[i - j] for j in range(1, k + 1)] + [path[i - k - 1] if i - k - 1 >= 0 else None], False
        if i + k >= len(path):
            raise ValueError
        nodes = [path[i + j] for j in range(1, k + 2) if i + j < len(path)]
        return nodes + [None] * (k + 1 - len(nodes)), i < 0

    def enemy(self, a: str, b: str | None) -> bool:
        return b is not None and self.earth(a) != self.earth(b)

    def home_choices(self, st: dict[str, Any], chip: str) -> list[str]:
        taken = set(st["at"].values())
        free = [h for h in self.homes[self.colour(chip)] if h not in taken
                and next(k for k, comp in enumerate(self.comps) if h in comp) >= st["destroyed"]]
        if free or st["destroyed"] < len(self.comps):
            return free
        return [t for t in self.table if t not in taken]

    def send_home(self, st: dict[str, Any], chip: str, by: str | None, search: bool) -> None:
        if chip == "officer":
            if st["mine"]:
                st["mine"] = False
                if by is not None and self.earth(by):
                    st["trophies"][self.colour(by)] += 1
            st["at"][chip] = self.dot
            return
        if not self.earth(chip):
            taken = set(st["at"].values())
            st["at"][chip] = next(n for n in self.numbered if n not in taken)
            return
        st["at"][chip] = "gone"
        choices = self.home_choices(st, chip)
        if not choices:
            st["at"][chip] = "out"
        elif len(choices) == 1 or search:
            st["at"][chip] = choices[0]
        else:
            st["at"][chip] = "pending"
            st["pending"].append(chip)

    def end_check(self, st: dict[str, Any]) -> None:
        if st["winner"] is None and all(sum(1 for x in self.chips if self.colour(x) == c and st["at"][x] != "out") <= 1
                                        for c in self.colours):
            st["winner"] = "aliens"

    def share(self, st0: dict[str, Any], chip: str, k: int, verb: str, search: bool) -> tuple[dict[str, Any], bool]:
        """The position after ``verb chip k`` (ValueError when the rules refuse it) and whether
        the turn ends (a stop on the launch table)."""
        if verb == "spare":
            for reach in range(k, 0, -1):  # the enemy must be within k circles on the chip's path
                try:
                    lane, _ = self.lane(st0, chip, reach, False)
                    break
                except ValueError:
                    continue
            else:
                raise ValueError
            lane = lane[:reach] + [None] * (k - reach + 1)
            for j, n in enumerate(lane[:k], 1):
                if n is not None and n != "TABLE" and self.enemy(chip, self.holder(st0, n)):
                    if j == 1:
                        raise ValueError
                    return self.share(st0, chip, j - 1, "move", search)
            raise ValueError
        back = verb == "back"
        lane, leaving = self.lane(st0, chip, k, back)
        st = copy.deepcopy(st0)
        start = st["at"][chip]
        st["at"][chip] = "walking"
        ends, final = False, None
        for j in range(k):
            n, last, after = lane[j], j == k - 1, lane[j + 1]
            if n == "TABLE":
                if last:
                    free = [t for t in self.table if self.holder(st, t) is None]
                    if not free:
                        raise ValueError
                    final, ends = free[0], True
                continue
            occ = self.holder(st, n)
            if self.earth(chip) and n == self.landing and not last and not back:
                raise ValueError
            if chip in self.warriors and n == self.dot and last:
                raise ValueError
            if chip == "officer" and n == self.pad and not last and not back:
                raise ValueError
            if not self.earth(chip) and leaving and n == self.gk and not last and occ is not None and not self.earth(occ):
                raise ValueError
            if self.enemy(chip, occ):
                assert occ is not None
                if self.earth(chip) and occ == "officer" and n in self.crossings:
                    self.send_home(st, occ, chip, search)
                elif chip == "officer" and n in self.crossings:
                    self.send_home(st, occ, chip, search)
                else:
                    if self.earth(chip) and n == self.gk and self.inside(st):
                        raise ValueError
                    nxt = self.holder(st, after) if after not in (None, "TABLE") else None
                    if not last and self.enemy(chip, nxt) and (not self.earth(nxt) or self.colour(nxt) == self.colour(occ)):
                        raise ValueError
                    self.send_home(st, occ, chip, search)
                    if self.earth(chip) and n == self.gk:
                        st["winner"] = "earth"
            elif occ is not None and last:
                raise ValueError
            if last:
                final = n
        if chip == "officer" and final == self.cruiser:
            if st["mine"] and st["destroyed"] < len(self.comps):
                for h in self.comps[st["destroyed"]]:
                    x = self.holder(st, h)
                    if x is not None:
                        st["at"][x] = "out"
                st["destroyed"] += 1
            st["mine"] = False
            final = self.dot
        st["at"][chip] = final
        if self.earth(chip):
            path = self.earth_path[self.colour(chip)]
            was = path.index(start) if start in path else -1
            if final == self.landing and not back and was < path.index(self.landing):
                st["skip"].add(self.colour(chip))
        if not self.laser_on(st0) and self.laser_on(st):
            for x in self.chips:
                if st["at"][x] in self.laser:
                    st["at"][x] = "out"
        elif self.earth(chip) and final in self.laser and self.laser_on(st):
            st["at"][chip] = "out"
        self.end_check(st)
        return st, ends

    # -- the turn -------------------------------------------------------------------------
    def movable(self, st: dict[str, Any]) -> list[str]:
        seat = st["seat"]
        return [x for x in self.chips + self.aliens if self.seat_of(x) == seat and st["at"][x] not in ("out", "pending")
                and x not in st["moved"]]

    @staticmethod
    def rest(st2: dict[str, Any], movable: tuple[str, ...], x: str) -> tuple[str, ...]:
        """Who may take the rest of the roll after chip ``x``'s share reached ``st2``: the other
        chips of ``movable`` still in play (the laser may have shot some down, ARMA-4.3)."""
        return tuple(y for y in movable if y != x and st2["at"][y] not in ("out", "pending"))

    def most(self, st: dict[str, Any], r: int, movable: tuple[str, ...], memo: dict[Any, int]) -> int:
        if r == 0 or not movable or st["winner"] is not None:
            return 0
        key = (tuple(sorted(st["at"].items())), st["mine"], st["depot"], st["destroyed"], r, movable)
        if key in memo:
            return memo[key]
        top = 0
        for x in movable:
            for verb in ("move", "back", "spare"):
                for k in range(r, 0, -1):
                    try:
                        st2, ends = self.share(st, x, k, verb, True)
                    except ValueError:
                        continue
                    v = r if ends or st2["winner"] else k + self.most(st2, r - k, self.rest(st2, movable, x), memo)
                    top = max(top, v)
        memo[key] = top
        return top

    def legal(self, st: dict[str, Any], memo: dict[Any, int]) -> list[str]:
        if st["winner"] is not None:
            return []
        if st["phase"] == "roll":
            return [f"roll {f}" for f in range(1, 7)]
        if st["phase"] == "home":
            x = st["pending"][0]
            return [f"home {x} {n}" for n in self.home_choices(st, x)]
        r, mov = st["left"], tuple(self.movable(st))
        top = self.most(st, r, mov, memo)
        out = []
        for x in mov:
            for verb in ("move", "back", "spare"):
                for k in range(1, r + 1):
                    try:
                        st2, ends = self.share(st, x, k, verb, True)
                    except ValueError:
                        continue
                    v = r if ends or st2["winner"] else k + self.most(st2, r - k, self.rest(st2, mov, x), memo)
                    if v == top and top > 0:
                        out.append(f"{verb} {x} {k}")
        if self.seats[st["seat"]] == "aliens" and st["at"]["officer"] == self.dot and not st["mine"] and st["depot"] > 0:
            out.append("take mine")
        return out

    def apply(self, st0: dict[str, Any], action: str, memo: dict[Any, int]) -> dict[str, Any]:
        words = action.split()
        st = copy.deepcopy(st0)
        if words[0] == "roll":
            st["roll"] = st["left"] = int(words[1])
            st["moved"], st["phase"] = set(), "move"
        elif words[0] == "take":
            st["depot"] -= 1
            st["mine"] = True
        elif words[0] == "home":
            x = st["pending"].pop(0)
            st["at"][x] = words[2]
            if not st["pending"]:
                st["phase"] = "move"
        else:
            x, k = words[1], int(words[2])
            st, ends = self.share(st0, x, k, words[0], False)
            st["moved"] = st0["moved"] | {x}
            st["left"] = 0 if ends else st0["left"] - k
            if st["pending"]:
                st["phase"] = "home"
        return self.settle(st, memo)

    def settle(self, st: dict[str, Any], memo: dict[Any, int]) -> dict[str, Any]:
        while st["winner"] is None:
            if st["phase"] == "home":
                while st["pending"] and len(self.home_choices(st, st["pending"][0])) <= 1:
                    x = st["pending"].pop(0)
                    self.send_home(st, x, None, True)
                    self.end_check(st)
                if st["pending"]:
                    return st
                st["phase"] = "move"
                continue
            if st["phase"] == "move":
                if st["left"] > 0 and self.most(st, st["left"], tuple(self.movable(st)), memo) > 0:
                    return st
                st["roll"] = st["left"] = 0
                st["moved"] = set()
                while True:
                    st["seat"] = (st["seat"] + 1) % len(self.seats)
                    name = self.seats[st["seat"]]
                    if name in st["skip"]:
                        st["skip"].discard(name)
                        continue
                    break
                st["phase"] = "roll"
            return st
        return st

    def perft(self, st: dict[str, Any], depth: int, memo: dict[Any, int]) -> int:
        acts = self.legal(st, memo)
        if depth == 0 or not acts:
            return 1
        if depth == 1:
            return len(acts)
        return sum(self.perft(self.apply(st, a, memo), depth - 1, memo) for a in acts)


__all__ = ["Oracle", "COLOURS"]
