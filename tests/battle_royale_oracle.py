"""An independent second implementation of Battle Royale, for cross-checking the engine.

Written only from the clause spec (shared/rules/battle_royale.md, the German seed
000_c2cb631045ea0dc6.txt, data/rules/battle_royale.yaml incl. the decisions BR-D1..BR-D9), the
data file data/battle_royale/default.yaml, the notation table of
boardkit/games/battle_royale/actions.py and the geometry of docs/battle-royale-contract.md -
without reading the engine's rules code (game.py, explain.py, position.py). Rules version 2.0
(the seed as the default) was written into it again from the seed's sentences: optional battle
takes ("darf ... nehmen"), every tied majority holder taking any figure not its own ("eine
andere Figur"), no neutral figures ("eine Figur pro Farbe"), the diagonal card stepping
diagonally only ("genau diese Fortbewegung"), pushes only after a move of one's own figure
("Endet ein Zug der eigenen Figur"), one card drawn at the end ("Am Ende wird eine Karte
nachgezogen"), and the options revisit, push_arriving, opponent_push and no_cards (BR-D2,
BR-D10, BR-D13, BR-D14).

Deliberately different in style from the engine: positions are ``(col, row)`` integer pairs
with col 0..4 = a..e and row 0..4 = ranks 1..5; tiles are plain dicts ``{pos: {colour: n}}``
with zero counts dropped; which figures already moved this turn is a second dict of the same
shape; ``apply`` copies the whole state; connectivity is a plain flood fill.

Reading an engine state (``OracleState.from_engine``) uses only ``state.observation(None)``
and ``state.game.options``. The observation does not carry everything a turn needs, so
``from_engine`` accepts only states where the missing parts are known to be empty:

* which figures have moved this turn (needed by ``pick`` and by ``push COLOUR moved``),
* how many figures of the card have been used (needed to end the movement phase),
* the direction of the arriving figure's last step and whether it is a moved figure (push),
* the battle queue (remaining tiles, takers of the current tile, the colours to take from),
* whether the running event came from the card's special or from the Doom die,
* the count of turns started with all hands and piles empty (BR-D6's extra round),
* the active player at chance nodes (``to_move`` is -1 there) and the first player.

So ``from_engine`` is supported in the setup phase (dealing, first player) and at the start of
a turn (``phase == "card"``); everything else is checked by running the oracle in lockstep
from such a state (tests/test_battle_royale_oracle.py).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

COLOURS = ("red", "blue", "green", "yellow")
NEUTRAL = "grey"
GOAL = (2, 2)
ALL_POS = [(c, r) for r in range(5) for c in range(5)]  # index order a1, b1, .., e1, a2, .., e5
ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
CHANCE, TERMINAL = -1, -4
DATA = Path(__file__).resolve().parent.parent / "data" / "battle_royale"


def pname(p: tuple[int, int]) -> str:
    return "abcde"[p[0]] + str(p[1] + 1)


def ppos(n: str) -> tuple[int, int]:
    return ("abcde".index(n[0]), int(n[1:]) - 1)


def in_frame(p) -> bool:
    return 0 <= p[0] < 5 and 0 <= p[1] < 5


def plus(p, d):
    return (p[0] + d[0], p[1] + d[1])


def load_data(name: str = "default") -> dict:
    path = Path(name) if name.endswith((".yaml", ".yml")) else DATA / f"{name}.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))


class OracleState:
    """A Battle Royale state; ``apply`` returns a new state (this one is not changed)."""

    def __init__(self, n: int, data: dict, options: dict) -> None:
        self.n = n
        self.cap = int(data["capacity"][n])
        self.hand_size = int(data.get("hand_size", 4))
        self.cards = {c["name"]: c for c in data["cards"]}
        self.deck = [c["name"] for c in data["cards"]]
        self.die = list(data["doom_die"])
        self.own_prisoners = bool(options.get("own_prisoners", True))
        # seed readings (rules version 2.0), each with the option that changes it
        self.revisit = bool(options.get("revisit", True))  # BR-D10: no limit on the way in the seed
        self.push_arriving = bool(options.get("push_arriving", True))  # BR-D2: "welche Figur"
        self.opponent_push = options.get("opponent_push", "refuse")  # BR-D14: "Zug der eigenen Figur"
        self.no_cards = options.get("no_cards", "no_draw")  # BR-D13: no discard pile, no reshuffle
        self.tied_take = options.get("tied_take", "others")  # BR-D3: tied holders take the others' figures
        self.empty_goal = options.get("empty_goal", "nobody")  # BR-D7: nobody on the goal, nobody wins
        self.max_turns = options.get("max_turns")
        self.first_fixed = options.get("first_player")
        self.tiles: dict[tuple[int, int], dict[str, int]] = {}
        self.elim = GOAL
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.piles: list[list[str]] = [list(self.deck) for _ in range(n)]
        self.prisoners: list[dict[str, int]] = [{} for _ in range(n)]
        self.out: dict[str, int] = {}
        self.phase = "setup"  # setup card move push event doom draw over
        self.active: int | None = None
        self.turn = 0
        self.idle = 0
        self.card: str | None = None
        self.used = 0
        self.moved: dict[tuple[int, int], dict[str, int]] = {}
        self.moving: dict | None = None  # {"pos", "colour", "path": [entered], "left", "dir"}
        self.push: dict | None = None  # {"pos", "colour", "moved", "dir"}
        self.event: str | None = None  # "move" | "battle" while a decision of it is due
        self.after_event = "doom"  # "doom": the special is running; "draw": the die's event
        self.battle_tiles: list[tuple[int, int]] = []
        self.battle_cur: dict | None = None  # {"pos", "takers": [...], "spared": {colours}}
        self.winners: list[int] = []
        self.reason = ""

    # ------------------------------------------------------------------ construction
    @classmethod
    def initial(cls, **options: Any) -> "OracleState":
        """The state before dealing, built from the options and the data file (BR-1.1..1.7)."""
        data = load_data(options.get("data", "default"))
        n = int(options.get("players", 2))
        s = cls(n, data, options)
        layout = options.get("layout", "first")
        removed = data["first_layout"] if layout == "first" else layout.replace(",", " ").split()
        for p in ALL_POS:
            if pname(p) not in removed:
                s.tiles[p] = {COLOURS[i]: 1 for i in range(n)}
        neutral = options.get("neutral", "none")  # BR-1.6: the seed has no neutral figures
        if n == 2 and neutral != "none":
            where = data["neutral"] if neutral == "data" else neutral.replace(",", " ").split()
            for t in where:
                s.tiles[ppos(t)][NEUTRAL] = s.tiles[ppos(t)].get(NEUTRAL, 0) + 1
        return s

    @classmethod
    def from_engine(cls, state: Any) -> "OracleState":
        """Read an engine state through ``observation(None)`` and ``game.options`` only.

        Raises:
            ValueError: the state is in a phase the observation does not describe fully (see
                the module docstring).
        """
        obs = state.observation(None)
        opts = dict(state.game.options)
        data = load_data(opts.get("data", "default"))
        n = int(obs["players"])
        s = cls(n, data, opts)
        s.tiles = {ppos(t): {c: k for c, k in cnt.items() if k} for t, cnt in obs["tiles"].items()}
        s.elim = ppos(obs["eliminator"])
        s.hands = [sorted(h) for h in obs["hands"]]
        s.piles = [sorted(p) for p in obs["piles"]]
        s.prisoners = [{c: k for c, k in d.items() if k} for d in obs["prisoners"]]
        s.out = {c: k for c, k in obs["out"].items() if k}
        s.turn = int(obs["turn"])
        phase = obs["phase"]
        if phase == "setup":
            s.phase = "setup"
            return s
        if phase == "card" and obs["moving"] is None and obs["push"] is None:
            s.phase = "card"
            s.active = int(obs["to_move"])
            s.idle = 0  # someone still holds a card, so no idle turn has been played
            return s
        if phase == "over":
            s.phase = "over"
            s.winners = list(obs["outcome"]["winners"])
            s.reason = obs["outcome"]["reason"]
            return s
        raise ValueError(f"the observation does not describe a {phase!r} state fully "
                         "(moved figures, card figures used, push direction, battle queue, ...)")

    def clone(self) -> "OracleState":
        return copy.deepcopy(self)

    # ------------------------------------------------------------------ helpers
    def colour(self, p: int) -> str:
        return COLOURS[p]

    def total(self, pos) -> int:
        return sum(self.tiles[pos].values())

    def unmoved(self, pos, c) -> int:
        return self.tiles.get(pos, {}).get(c, 0) - self.moved.get(pos, {}).get(c, 0)

    def step_dirs(self) -> list[tuple[int, int]]:
        """BR-2.2: orthogonal; the diagonal card "die genau diese Fortbewegung fordert"
        diagonal only; a card with directions "any" both."""
        how = self.cards[self.card].get("directions", "orthogonal")
        return {"orthogonal": ORTHO, "diagonal": DIAG, "any": ORTHO + DIAG}[how]

    def targets(self, pos, path) -> list[tuple[int, int]]:
        """BR-2.2: where a moving figure on pos may step (tiles only; with revisit=False not
        entered before, BR-D10)."""
        out = []
        for d in self.step_dirs():
            q = plus(pos, d)
            if q in self.tiles and (self.revisit or q not in path):
                out.append(q)
        return out

    def bound(self, c: str) -> bool:
        """BR-D14: a figure of another player moved by an opponents-only card may not end on a
        tile it overfills (opponent_push="refuse")."""
        return c != self.colour(self.active) and self.opponent_push == "refuse"

    def can_end(self, at, path) -> bool:
        """Whether a figure standing on ``at`` could end a move along ``path`` (start first)
        on its last tile without overfilling it."""
        last = path[-1]
        here = self.total(last) if last in self.tiles else 0
        return len(path) > 1 and here + (0 if last == at else 1) <= self.cap

    def some_way(self, at, path, left) -> bool:
        if self.can_end(at, path):
            return True
        if left == 0:
            return False
        return any(self.some_way(at, path + [q], left - 1) for q in self.targets(path[-1], path))

    def movable_colours(self) -> list[str]:
        """BR-2.2 and BR-D1: own colour; opponents-only cards: the other players' colours."""
        me = self.colour(self.active)
        if self.cards[self.card].get("opponents_only"):
            return [self.colour(p) for p in range(self.n) if p != self.active]
        return [me]

    def picks(self) -> list[str]:
        out = []
        for pos in self.tiles:
            for c in self.movable_colours():
                if self.unmoved(pos, c) > 0 and self.targets(pos, [pos]):
                    if self.bound(c) and not self.some_way(pos, [pos], int(self.cards[self.card]["steps"])):
                        continue
                    out.append(f"pick {pname(pos)} {c}")
        return out

    def push_options(self) -> list[str]:
        """BR-2.3 and BR-D2: any figure on the overfull tile ("welche Figur"); with
        push_arriving=False any but the arriving one."""
        pos, arr, arr_moved = self.push["pos"], self.push["colour"], self.push["moved"]
        out = []
        for c, k in self.tiles[pos].items():
            m = self.moved.get(pos, {}).get(c, 0)
            if c == arr and not self.push_arriving:
                k -= 1
                if arr_moved:
                    m -= 1
            if k - m > 0:
                out.append(f"push {c}")
            if m > 0:
                out.append(f"push {c} moved")
        return out

    def elim_targets(self) -> list[tuple[int, int]]:
        """BR-4.1: the 8 surrounding positions within the frame that hold a tile."""
        return [q for q in (plus(self.elim, d) for d in ORTHO + DIAG) if q in self.tiles]

    def take_options(self) -> list[str]:
        """BR-4.3: "eine andere Figur" - any figure on the tile not of the taker's colour; with
        several holders not of a holder's colour either (BR-D3, tied_take="others")."""
        pos = self.battle_cur["pos"]
        mine = self.colour(self.battle_cur["takers"][0])
        spared = self.battle_cur["spared"] | {mine}
        return [f"take {pname(pos)} {c}" for c, k in self.tiles.get(pos, {}).items() if k > 0 and c not in spared]

    # ------------------------------------------------------------------ whose decision
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase in ("setup", "doom", "draw"):
            return CHANCE
        if self.phase == "event" and self.event == "battle":
            return self.battle_cur["takers"][0]
        return self.active

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def setup_drawer(self) -> int | None:
        for p in range(self.n):
            if len(self.hands[p]) < self.hand_size and self.piles[p]:
                return p
        return None

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[str]:
        ph = self.phase
        out: list[str] = []
        if ph == "over":
            return []
        if ph == "setup":
            p = self.setup_drawer()
            if p is not None:
                out = [f"draw {c}" for c in self.piles[p]]
            else:
                out = [f"first {p}" for p in range(self.n)]
        elif ph == "card":
            out = [f"play {c}" for c in self.hands[self.active]]
        elif ph == "move":
            if self.moving is not None:
                m = self.moving
                qs = self.targets(m["pos"], m["path"])
                if self.bound(m["colour"]):
                    qs = [q for q in qs if self.some_way(m["pos"], m["path"] + [q], m["left"] - 1)]
                    if self.can_end(m["pos"], m["path"]):
                        out.append("stop")
                elif len(m["path"]) > 1:
                    out.append("stop")
                out += [f"step {pname(q)}" for q in qs]
            else:
                out = self.picks() + ["done"]
        elif ph == "push":
            out = self.push_options()
        elif ph == "event":
            if self.event == "move":
                out = [f"eliminator {pname(q)}" for q in self.elim_targets()]
            else:
                out = self.take_options() + ["decline"]  # BR-4.3: "darf": taking is optional
        elif ph == "doom":
            out = [f"roll {f}" for f in self.die]
        elif ph == "draw":
            out = [f"draw {c}" for c in self.piles[self.active]]
        return sorted(set(out))

    def chance_outcomes(self) -> dict[str, float]:
        """Exact probabilities of the chance node (uniform over the pile / die faces, BR-1.4)."""
        from fractions import Fraction
        acts = self.legal_actions()
        if self.phase == "doom":
            pool = [f"roll {f}" for f in self.die]
        elif self.phase == "draw":
            pool = [f"draw {c}" for c in self.piles[self.active]]
        elif self.setup_drawer() is not None:
            pool = [f"draw {c}" for c in self.piles[self.setup_drawer()]]
        else:
            pool = acts
        return {a: Fraction(pool.count(a), len(pool)) for a in acts}

    # ------------------------------------------------------------------ transitions
    def apply(self, action: str) -> "OracleState":
        s = self.clone()
        s._apply(action)
        return s

    def _apply(self, action: str) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"oracle: {action!r} is not legal; legal: {self.legal_actions()}")
        w = action.split()
        verb = w[0]
        if self.phase == "setup":
            if verb == "draw":
                p = self.setup_drawer()
                self.piles[p].remove(w[1])
                self.hands[p].append(w[1])
                self.hands[p].sort()
                if self.setup_drawer() is None and self.first_fixed is not None:
                    self._start_turn(int(self.first_fixed), 1)
            else:
                self._start_turn(int(w[1]), 1)
        elif verb == "play":
            self.hands[self.active].remove(w[1])
            self.card = w[1]
            self.used = 0
            self.moved = {}
            self.phase = "move"
            self._continue_movement()
        elif verb == "pick":
            pos = ppos(w[1])
            self.moving = {"pos": pos, "colour": w[2], "path": [pos],
                           "left": int(self.cards[self.card]["steps"]), "dir": None}
            self.used += 1
        elif verb == "step":
            m = self.moving
            q = ppos(w[1])
            c = m["colour"]
            self._take_off(m["pos"], c, False)
            self._put_on(q, c, False)
            m["dir"] = (q[0] - m["pos"][0], q[1] - m["pos"][1])
            m["pos"] = q
            m["path"] = m["path"] + [q]
            m["left"] -= 1
            if m["left"] == 0:
                self._end_move()
        elif verb == "stop":
            self._end_move()
        elif verb == "done":
            self._end_movement()
        elif verb == "push":
            self._do_push(w[1], len(w) == 3)
        elif verb == "eliminator":
            self.elim = ppos(w[1])
            self.event = None
            self._after_event()
        elif verb == "take":
            pos, c = ppos(w[1]), w[2]
            taker = self.battle_cur["takers"].pop(0)
            self._take_off(pos, c, False)
            self.prisoners[taker][c] = self.prisoners[taker].get(c, 0) + 1
            if self._check_end():
                return
            self._battle_next()
        elif verb == "decline":
            self.battle_cur["takers"].pop(0)
            self._battle_next()
        elif verb == "roll":
            self._event(w[1], "draw")
        elif verb == "draw":
            self.piles[self.active].remove(w[1])
            self.hands[self.active].append(w[1])
            self.hands[self.active].sort()
            self._start_turn((self.active + 1) % self.n, self.turn + 1)  # BR-2.5: one card

    # figures ------------------------------------------------------------
    def _take_off(self, pos, c, moved: bool) -> None:
        t = self.tiles[pos]
        t[c] -= 1
        if not t[c]:
            del t[c]
        if moved:
            mv = self.moved[pos]
            mv[c] -= 1
            if not mv[c]:
                del mv[c]

    def _put_on(self, pos, c, moved: bool) -> None:
        self.tiles[pos][c] = self.tiles[pos].get(c, 0) + 1
        if moved:
            mv = self.moved.setdefault(pos, {})
            mv[c] = mv.get(c, 0) + 1

    # movement -----------------------------------------------------------
    def _end_move(self) -> None:
        """The moving figure's move ends (BR-2.2); capacity is checked here (BR-D8)."""
        m = self.moving
        self.moving = None
        pos, c = m["pos"], m["colour"]
        mv = self.moved.setdefault(pos, {})
        mv[c] = mv.get(c, 0) + 1
        if self.total(pos) > self.cap:
            self.phase = "push"
            self.push = {"pos": pos, "colour": c, "moved": True, "dir": m["dir"]}
            return
        self._continue_movement()

    def _do_push(self, c: str, moved: bool) -> None:
        """BR-2.3, BR-2.4: push one figure a tile further; chain; off/into a hole: prisoner."""
        pos, d = self.push["pos"], self.push["dir"]
        self._take_off(pos, c, moved)
        q = plus(pos, d)
        if q in self.tiles:
            self._put_on(q, c, moved)
            if self.total(q) > self.cap:
                self.push = {"pos": q, "colour": c, "moved": moved, "dir": d}
                return
        else:
            if c == self.colour(self.active) and not self.own_prisoners:
                self.out[c] = self.out.get(c, 0) + 1
            else:
                pr = self.prisoners[self.active]
                pr[c] = pr.get(c, 0) + 1
            self.push = None
            if self._check_end():
                return
        self.push = None
        self.phase = "move"
        self._continue_movement()

    def _continue_movement(self) -> None:
        if self.used >= int(self.cards[self.card]["figures"]) or not self.picks():
            self._end_movement()

    def _end_movement(self) -> None:
        """BR-2.5: the card's special, then the Doom die."""
        self.moving = None
        self.moved = {}
        special = self.cards[self.card].get("special")
        if special:
            self._event(special, "doom")
        else:
            self.phase = "doom"

    # events -------------------------------------------------------------
    def _event(self, kind: str, after: str) -> None:
        self.after_event = after
        if kind == "explosion":
            if self.elim == GOAL or self.elim not in self.tiles:
                kind = "move"  # BR-4.2: a Move instead
            else:
                self._explode()
                if self.phase == "over":
                    return
                self._after_event()
                return
        if kind == "move":
            if not self.elim_targets():
                self._after_event()
                return
            self.phase = "event"
            self.event = "move"
            return
        # battle (BR-4.3, BR-D3..D5)
        self.phase = "event"
        self.event = "battle"
        self.battle_tiles = [p for p in ALL_POS if p != GOAL]
        self.battle_cur = None
        self._battle_next()

    def _explode(self) -> None:
        self._remove_tile(self.elim)
        seen = {GOAL}
        todo = [GOAL]
        while todo:
            p = todo.pop()
            for d in ORTHO:
                q = plus(p, d)
                if q in self.tiles and q not in seen:
                    seen.add(q)
                    todo.append(q)
        for p in [p for p in self.tiles if p not in seen]:
            self._remove_tile(p)
        self._check_end()

    def _remove_tile(self, p) -> None:
        for c, k in self.tiles.pop(p).items():
            self.out[c] = self.out.get(c, 0) + k

    def _battle_next(self) -> None:
        """Advance to the next take that is due, or finish the battle."""
        while True:
            if self.battle_cur is not None:
                takers = self.battle_cur["takers"]
                while takers and not self.take_options():
                    takers.pop(0)  # nothing left to take: skipped
                if takers:
                    return
                self.battle_cur = None
            if not self.battle_tiles:
                self.event = None
                self._after_event()
                return
            pos = self.battle_tiles.pop(0)
            if pos not in self.tiles or not self.tiles[pos]:
                continue
            cnt = self.tiles[pos]
            top = max(cnt.values())
            holders = [c for c, k in cnt.items() if k == top]
            others = [c for c, k in cnt.items() if k < top]
            # every player at the top count may take, in turn order from the active player;
            # the takers are fixed now, before anyone takes (BR-D15)
            players = [p for p in range(self.n) if self.colour(p) in holders]
            players.sort(key=lambda p: (p - self.active) % self.n)
            if others and players:
                # "es sind noch andere Personen ebenfalls auf dem Feld": tied holders take the
                # other players' figures, not each other's (BR-D3; tied_take="any": those too)
                spared = {self.colour(p) for p in players} if self.tied_take == "others" else set()
                self.battle_cur = {"pos": pos, "takers": players, "spared": spared}

    def _after_event(self) -> None:
        self.event = None
        self.battle_cur = None
        if self.after_event == "doom":
            self.phase = "doom"
        else:
            self._maybe_draw()

    def _maybe_draw(self) -> None:
        """BR-2.5: one card is drawn at the end; an empty pile (BR-D13): 'no_draw' and 'round'
        draw nothing, 'reshuffle' makes the played cards (the colour's cards not in the hand)
        the new pile."""
        p = self.active
        if len(self.hands[p]) < self.hand_size:
            if not self.piles[p] and self.no_cards == "reshuffle":
                rest = list(self.deck)
                for c in self.hands[p]:
                    rest.remove(c)
                self.piles[p] = sorted(rest)
            if self.piles[p]:
                self.phase = "draw"
                return
        self._start_turn((p + 1) % self.n, self.turn + 1)

    def _start_turn(self, p: int, turn: int) -> None:
        if self.max_turns is not None and turn > self.max_turns:  # BR-D9
            self._finish([], "cut off")
            return
        if self.no_cards == "round" and all(not h for h in self.hands) and all(not q for q in self.piles):  # BR-D13
            self.idle += 1
            if self.idle > self.n:
                self._finish(self._winners(), "no cards left and a full round played")
                return
        self.active = p
        self.turn = turn
        self.card = None
        self.used = 0
        self.moved = {}
        self.phase = "card" if self.hands[p] else "doom"  # BR-2.6

    # end ----------------------------------------------------------------
    def _check_end(self) -> bool:
        """BR-3.1 / BR-D6: only one player colour (or none) left, or only the goal."""
        left = {c for t in self.tiles.values() for c, k in t.items() if k and c != NEUTRAL}
        if len(self.tiles) == 1:
            self._finish(self._winners(), "only the goal tile left")
            return True
        if len(left) <= 1:
            self._finish(self._winners(), "only one colour left in the arena" if left
                         else "no player's figure left in the arena")
            return True
        return False

    def _winners(self) -> list[int]:
        """BR-3.2 / BR-D7: majority on the goal among players, then prisoners."""
        goal = self.tiles.get(GOAL, {})
        counts = [goal.get(self.colour(p), 0) for p in range(self.n)]
        top = max(counts)
        if top == 0 and self.empty_goal == "nobody":
            return []  # "die Person, der die Mehrheit auf dem Zielfeld besitzt": nobody does
        tied = [p for p in range(self.n) if counts[p] == top]
        pris = {p: sum(self.prisoners[p].values()) for p in tied}
        best = max(pris.values())
        return [p for p in tied if pris[p] == best]

    def _finish(self, winners: list[int], reason: str) -> None:
        self.phase = "over"
        self.winners = winners
        self.reason = reason
        self.moving = None
        self.push = None
        self.event = None

    # ------------------------------------------------------------------ comparison view
    def view(self) -> dict:
        """What the tests compare with the engine's observation."""
        return {
            "tiles": {pname(p): dict(sorted(t.items())) for p, t in sorted(self.tiles.items())},
            "eliminator": pname(self.elim),
            "prisoners": [dict(sorted(d.items())) for d in self.prisoners],
            "out": dict(sorted(self.out.items())),
            "hands": [sorted(h) for h in self.hands],
            "piles": [sorted(p) for p in self.piles],
            "phase": self.phase,
            "to_move": self.current_player(),
            "winners": sorted(self.winners) if self.phase == "over" else [],
        }


def engine_view(state: Any) -> dict:
    """The same view of an engine state, from ``observation(None)``."""
    o = state.observation(None)
    return {
        "tiles": {t: dict(sorted((c, k) for c, k in cnt.items() if k))
                  for t, cnt in sorted(o["tiles"].items())},
        "eliminator": o["eliminator"],
        "prisoners": [dict(sorted((c, k) for c, k in d.items() if k)) for d in o["prisoners"]],
        "out": dict(sorted((c, k) for c, k in o["out"].items() if k)),
        "hands": [sorted(h) for h in o["hands"]],
        "piles": [sorted(p) for p in o["piles"]],
        "phase": o["phase"],
        "to_move": o["to_move"],
        "winners": sorted(o["outcome"]["winners"]) if o["phase"] == "over" else [],
    }


def oracle_perft(state: OracleState, depth: int) -> int:
    """Leaves of the atomic-action tree; chance outcomes are branches; terminal = leaf."""
    if depth == 0 or state.is_terminal():
        return 1
    acts = state.legal_actions()
    if depth == 1:
        return len(acts)
    return sum(oracle_perft(state.apply(a), depth - 1) for a in acts)


def oracle_divide(state: OracleState, depth: int) -> dict[str, int]:
    return {a: oracle_perft(state.apply(a), depth - 1) for a in state.legal_actions()}
