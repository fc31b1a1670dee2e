"""An independent second implementation of Leaders move generation, for cross-checking.

Written only from the clause spec (shared/rules/leaders.md, data/rules/leaders.yaml incl. the
decisions LEAD-D1..D7) and the action notation (boardkit/games/leaders/actions.py), without
reading the engine's rules code. Deliberately different in style: plain dicts keyed by axial
coordinates ``(q, r)`` -> ``(kind, owner)``, brute force over every cell of the board for the
abilities, copies instead of undo, no caching.

It reads an engine state only through public surfaces (``state.observation(None)`` and
``state.game.options``) and produces notation strings, so it can be compared action by action
with the engine (tests/test_leaders_oracle.py) and by perft (data/perft/leaders.yaml).
"""

from __future__ import annotations

import copy
from typing import Any

RADIUS = 3
#: The six hex directions in rotational order: neighbours in this list are 60 degrees apart.
DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
CELLS = [(q, r) for q in range(-RADIUS, RADIUS + 1) for r in range(-RADIUS, RADIUS + 1)
         if abs(q + r) <= RADIUS]
CELLSET = frozenset(CELLS)
#: LEAD-9.2 start cells, LEAD-9.3 recruitment cells (from the spec's formulas).
START = {0: (0, 3), 1: (0, -3)}
RECRUIT_CELLS = {
    0: frozenset([(q, 3) for q in range(-3, 1)] + [(q, 3 - q) for q in range(0, 4)]),
    1: frozenset([(q, -3) for q in range(0, 4)] + [(q, -3 - q) for q in range(-3, 1)]),
}
LEADER_KINDS = ("King", "Queen")
CARD_OF = {"Hermit": "HermitCub", "Cub": "HermitCub"}
RECRUITABLE_CARDS = ["Acrobat", "Archer", "Assassin", "Brewmaster", "Bruiser", "ClawLauncher",
                     "HermitCub", "Illusionist", "Jailer", "Manipulator", "Nemesis", "Protector",
                     "Rider", "RoyalGuard", "Vizier", "Wanderer"]
CHANCE, TERMINAL = -1, -4


def name(c: tuple[int, int]) -> str:
    q, r = c
    return f"{chr(ord('a') + q + 3)}{4 - r}"


def cell(n: str) -> tuple[int, int]:
    return (ord(n[0]) - ord("a") - 3, 4 - int(n[1:]))


def add(c, d, k=1):
    return (c[0] + k * d[0], c[1] + k * d[1])


def dist(a, b) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def in_line(a, b) -> bool:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return dq == 0 or dr == 0 or dq + dr == 0


def neighbours(c):
    return [n for n in (add(c, d) for d in DIRS) if n in CELLSET]


class OracleState:
    """A Leaders position; ``apply`` returns a new state (this one is not changed)."""

    def __init__(self) -> None:
        self.pieces: dict[tuple[int, int], tuple[str, int]] = {}
        self.phase = "setup"  # setup | action | recruit | over
        self.first_player: int | None = None
        self.turn = 0
        self.market: list[str] = []
        self.deck: list[str] = []
        self.acted: list[str] = []
        self.selected: tuple[int, int] | None = None
        self.recruits_left = 0
        self.nemesis_pending = False
        self.nemesis_owner: int | None = None
        self.exiled: list[str] = []
        self.winner: int | None = None
        self.expert = False
        self.max_turns: int | None = None
        self.trigger = "any"
        self.self_loss = "leader_move"  # seed: "il Leader non può essere spostato ..." (LEAD-3.5)
        self.consecutive = False  # seed: "si può muovere uno, l'altro o entrambi" (LEAD-7.1)
        self.count_cards = False  # seed: "tre personaggi", the Hermit and the Cub two (LEAD-D6)
        self.optional_recruit = False  # seed: "si prende una delle tre carte" (LEAD-D4)

    # ------------------------------------------------------------------ reading the engine
    @classmethod
    def from_engine(cls, state: Any) -> "OracleState":
        obs = state.observation(None)
        opts = state.game.options
        o = cls()
        o.pieces = {cell(n): (p["kind"], int(p["owner"])) for n, p in obs["pieces"].items()}
        o.phase = obs["phase"]
        o.first_player = obs["first_player"]
        o.turn = int(obs["turn"])
        o.market = list(obs["market"])
        o.deck = list(obs.get("deck") or [])
        o.acted = list(obs["acted"])
        o.selected = cell(obs["selected"]) if obs["selected"] else None
        o.recruits_left = int(obs["recruits_left"])
        o.nemesis_pending = bool(obs["nemesis_pending"])
        o.nemesis_owner = obs["to_move"] if o.nemesis_pending else None
        o.exiled = list(obs.get("exiled") or [])
        o.expert = bool(opts.get("expert", False))
        o.max_turns = opts.get("max_turns")
        o.trigger = opts.get("nemesis_trigger", "any") or "any"
        o.self_loss = opts.get("self_loss", "leader_move")
        o.consecutive = bool(opts.get("hermit_cub_in_a_row", False))
        o.count_cards = opts.get("exile_count", "characters") == "cards"
        o.optional_recruit = opts.get("recruitment", "mandatory") == "optional"
        if o.phase == "over":
            winners = (obs.get("outcome") or {}).get("winners") or []
            o.winner = winners[0] if len(winners) == 1 else None
        return o

    def clone(self) -> "OracleState":
        return copy.deepcopy(self)

    # ------------------------------------------------------------------ small helpers
    def active(self) -> int:
        """The player whose turn it is (LEAD-2.1): turn 1 is the first player's."""
        return self.first_player if self.turn % 2 == 1 else 1 - self.first_player

    def leader_cell(self, board, p):
        for c, (k, o) in board.items():
            if o == p and k in LEADER_KINDS:
                return c
        return None

    def cards_of(self, p) -> set[str]:
        return {CARD_OF.get(k, k) for (k, o) in self.pieces.values() if o == p}

    @staticmethod
    def captured(board, leader, p) -> bool:
        """LEAD-3.2 with LEAD-6.1 (Archer), LEAD-6.2 (Assassin), LEAD-7.1 (Cub)."""
        total = 0
        for c, (k, o) in board.items():
            if o == p:
                continue
            d = dist(c, leader)
            if d == 1:
                total += {"Archer": 0, "Assassin": 2, "Cub": 0}.get(k, 1)
            elif d == 2 and k == "Archer" and in_line(c, leader):
                total += 1
        return total >= 2

    @staticmethod
    def surrounded(board, leader) -> bool:
        """LEAD-3.3: every on-board neighbour occupied."""
        return all(n in board for n in neighbours(leader))

    def lost(self, board, p) -> bool:
        lc = self.leader_cell(board, p)
        return lc is not None and (self.captured(board, lc, p) or self.surrounded(board, lc))

    @staticmethod
    def sight(board, c, d):
        """First character seen from c in direction d (LEAD-4.1): (cell, distance) or None."""
        k = 1
        while True:
            x = add(c, d, k)
            if x not in CELLSET:
                return None
            if x in board:
                return x, k
            k += 1

    @staticmethod
    def protected(board, c) -> bool:
        """LEAD-6.4: the piece on c is a Protector or next to an allied Protector."""
        kind, owner = board[c]
        if kind == "Protector":
            return True
        return any(board.get(n) == ("Protector", owner) for n in neighbours(c))

    @staticmethod
    def jailed(board, c) -> bool:
        """LEAD-6.3: an enemy Jailer is adjacent."""
        owner = board[c][1]
        return any(board.get(n, ("", owner))[0] == "Jailer" and board[n][1] != owner
                   for n in neighbours(c))

    # ------------------------------------------------------------------ character actions
    def character_options(self, c):
        """All candidate actions of the character on c: {notation: new board} before LEAD-3.5."""
        board = self.pieces
        kind, me = board[c]
        out: dict[str, dict] = {}

        def moved(pairs):
            nb = dict(board)
            vals = [(s, nb.pop(s)) for s, _ in pairs]
            for (_s, v), (_, t) in zip(vals, pairs):
                nb[t] = v
            return nb

        free = lambda b, x: x in CELLSET and x not in b  # noqa: E731
        has_vizier = ("Vizier", me) in board.values()
        # ordinary move (LEAD-2.2); Leader with Vizier up to two steps (LEAD-6.5, LEAD-D1)
        for x in CELLS:
            if not free(board, x):
                continue
            ok = dist(c, x) == 1
            if not ok and kind in LEADER_KINDS and has_vizier:
                ok = any(free(board, m) and dist(m, x) == 1 for m in neighbours(c))
            if ok:
                out[f"move {name(x)}"] = moved([(c, x)])
        if self.jailed(board, c):
            return out
        others = {x: v for x, v in board.items() if x != c}  # board with c vacated
        if kind == "Acrobat":  # LEAD-5.1
            def landings(b, s):
                return {add(s, d, 2) for d in DIRS if add(s, d) in b and free(b, add(s, d, 2))}
            first = landings(others, c)
            for x in CELLS:
                if x == c:
                    continue
                if x in first or any(x in landings(others, l) for l in first):
                    out[f"jump {name(x)}"] = moved([(c, x)])
        elif kind == "Rider":  # LEAD-5.2 exactly two
            for x in CELLS:
                for d in DIRS:
                    if add(c, d, 2) == x and free(board, add(c, d)) and free(board, x):
                        out[f"ride {name(x)}"] = moved([(c, x)])
        elif kind == "Bruiser":  # LEAD-5.3
            for i, d in enumerate(DIRS):
                e = add(c, d)
                if e not in board or board[e][1] == me or self.protected(board, e):
                    continue
                for d2 in (DIRS[i], DIRS[(i + 1) % 6], DIRS[(i - 1) % 6]):
                    t = add(e, d2)
                    if free(board, t):
                        out[f"push {name(e)} {name(t)}"] = moved([(e, t), (c, e)])
        elif kind == "RoyalGuard":  # LEAD-5.4
            lc = self.leader_cell(board, me)
            if lc is not None:
                first = [x for x in CELLS if free(board, x) and dist(x, lc) == 1]
                for x in CELLS:
                    if x == c or x in board:
                        continue
                    if x in first or any(dist(f, x) == 1 for f in first):
                        out[f"guard {name(x)}"] = moved([(c, x)])
        elif kind == "Illusionist":  # LEAD-5.5
            for x in CELLS:
                if x not in board or x == c or not in_line(c, x) or dist(c, x) < 2:
                    continue
                if not any(self.sight(board, c, d) == (x, dist(c, x)) for d in DIRS):
                    continue
                if board[x][1] != me and self.protected(board, x):
                    continue
                nb = dict(board)
                nb[c], nb[x] = board[x], board[c]
                out[f"swap {name(x)}"] = nb
        elif kind == "ClawLauncher":  # LEAD-5.6
            for d in DIRS:
                seen = self.sight(board, c, d)
                if seen is None or seen[1] < 2:
                    continue
                t, k = seen
                out[f"claw {name(add(t, d, -1))}"] = moved([(c, add(t, d, -1))])
                if board[t][1] == me or not self.protected(board, t):
                    out[f"pull {name(t)}"] = moved([(t, add(c, d))])
        elif kind == "Manipulator":  # LEAD-5.7
            for t in CELLS:
                if t not in board or board[t][1] == me or dist(c, t) < 2 or not in_line(c, t):
                    continue
                if not any(self.sight(board, c, d) == (t, dist(c, t)) for d in DIRS):
                    continue
                if self.protected(board, t):
                    continue
                for x in neighbours(t):
                    if free(board, x):
                        out[f"manipulate {name(t)} {name(x)}"] = moved([(t, x)])
        elif kind == "Wanderer":  # LEAD-5.8
            for x in CELLS:
                if free(board, x) and not any(n in board and board[n][1] != me for n in neighbours(x)):
                    out[f"wander {name(x)}"] = moved([(c, x)])
        elif kind == "Brewmaster":  # LEAD-5.9
            for a in neighbours(c):
                if a in board and board[a][1] == me:
                    for x in neighbours(a):
                        if free(board, x):
                            out[f"brew {name(a)} {name(x)}"] = moved([(a, x)])
        return out

    def legal_character_actions(self, c):
        """Judged before any Nemesis reaction (LEAD-D3). Seed (LEAD-3.5 read as LEAD-D9): drop
        the actions that move the mover's own Leader to where it is captured or surrounded,
        unless the enemy Leader is lost by the same action. Published FAQ (LEAD-P1): drop every
        action after which the mover's own Leader is captured or surrounded."""
        me = self.pieces[c][1]
        was = self.leader_cell(self.pieces, me)
        out = {}
        for a, b in self.character_options(c).items():
            if self.lost(b, me):
                if self.self_loss == "any_action":
                    continue
                if self.leader_cell(b, me) != was and not self.lost(b, 1 - me):
                    continue
            out[a] = b
        return out

    def nemesis_destinations(self, board, n):
        """LEAD-7.2: two single steps through free cells, not ending on the start; else one."""
        vac = {x: v for x, v in board.items() if x != n}
        ones = [a for a in neighbours(n) if a not in vac]
        twos = {b for a in ones for b in neighbours(a) if b not in vac and b != n}
        return sorted(twos) if twos else sorted(ones)

    # ------------------------------------------------------------------ recruitment
    def available_cards(self) -> list[str]:
        if self.expert:
            used = self.cards_of(0) | self.cards_of(1)
            return [c for c in RECRUITABLE_CARDS if c not in used and c not in self.exiled]
        return list(self.market)

    def recruit_actions(self) -> list[str]:
        p = self.active()
        if len(self.cards_of(p)) >= 5:  # LEAD-2.5
            return []
        free = [x for x in CELLS if x in RECRUIT_CELLS[p] and x not in self.pieces]
        out = []
        for card in self.available_cards():
            if card == "HermitCub":
                for a in free:
                    for b in free:
                        if a != b:
                            nb = dict(self.pieces)
                            nb[a], nb[b] = ("Hermit", p), ("Cub", p)
                            if self.self_loss != "any_action" or not self.lost(nb, p):  # LEAD-P1
                                out.append(f"recruit HermitCub {name(a)} {name(b)}")
            else:
                for a in free:
                    nb = dict(self.pieces)
                    nb[a] = (card, p)
                    if self.self_loss != "any_action" or not self.lost(nb, p):  # LEAD-P1
                        out.append(f"recruit {card} {name(a)}")
        return out

    def exile_pending(self) -> bool:
        """LEAD-8.2 / LEAD-D6 second round: in the recruitment phase once both have 3 cards."""
        return (self.expert and self.phase == "recruit" and len(self.exiled) in (2, 3)
                and self.exile_count(0) >= 3 and self.exile_count(1) >= 3)

    def exile_count(self, p) -> int:
        """LEAD-D6: characters on the board, the Leader included and the Hermit and the Cub two
        (seed); with exile_count="cards", cards (the Hermit & Cub one)."""
        if self.count_cards:
            return len(self.cards_of(p))
        return sum(1 for (_k, o) in self.pieces.values() if o == p)

    # ------------------------------------------------------------------ whose decision
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "setup":
            if not self.expert and len(self.market) < 3 and self.deck:
                return CHANCE
            if self.first_player is None:
                return CHANCE
            return self.first_player if len(self.exiled) == 0 else 1 - self.first_player
        if self.phase == "action":
            return self.nemesis_owner if self.nemesis_pending else self.active()
        # recruit
        if not self.expert and len(self.market) < 3 and self.deck:
            return CHANCE
        if self.exile_pending():
            return self.first_player if len(self.exiled) == 2 else 1 - self.first_player
        return self.active()

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[str]:
        out: list[str] = []
        if self.phase == "over":
            return []
        if self.current_player() == CHANCE:
            if not self.expert and len(self.market) < 3 and self.deck:
                out = [f"draw {c}" for c in self.deck]
            else:
                out = ["first 0", "first 1"]
        elif self.phase == "setup" or self.exile_pending():
            out = [f"exile {c}" for c in self.available_cards()]
        elif self.phase == "action":
            if self.nemesis_pending:
                n = next(c for c, v in self.pieces.items() if v == ("Nemesis", self.nemesis_owner))
                out = [f"nemesis {name(x)}" for x in self.nemesis_destinations(self.pieces, n)]
            elif self.selected is not None:
                out = list(self.legal_character_actions(self.selected))
            else:
                out = ["pass"] + [f"select {name(c)}" for c in self.selectable()]
        elif self.phase == "recruit":
            out = self.recruit_actions()
            if self.optional_recruit and out:  # LEAD-D4 option: the phase may be declined
                out.append("pass")
        return sorted(set(out))

    def may_act(self, kind: str) -> bool:
        """LEAD-2.2 at most one action each; LEAD-7.2 the Nemesis never acts; LEAD-7.1 the
        Hermit and Cub in any order; LEAD-P2 (published card) one right after the other."""
        if kind == "Nemesis" or kind in self.acted:
            return False
        partner = {"Hermit": "Cub", "Cub": "Hermit"}.get(kind)
        if self.consecutive and partner and partner in self.acted and self.acted[-1] != partner:
            return False
        return True

    def selectable(self):
        p = self.active()
        return [c for c, (k, o) in self.pieces.items()
                if o == p and self.may_act(k) and self.legal_character_actions(c)]

    def all_acted(self) -> bool:
        """Every own character has acted or may no longer act (Nemesis never; the Hermit or
        Cub once its partner acted and another character followed)."""
        p = self.active()
        return not any(self.may_act(k) for (k, o) in self.pieces.values() if o == p)

    # ------------------------------------------------------------------ transitions
    def apply(self, action: str) -> "OracleState":
        s = self.clone()
        s._apply(action)
        return s

    def _apply(self, action: str) -> None:
        words = action.split()
        verb, args = words[0], words[1:]
        if verb == "draw":
            self.deck.remove(args[0])
            self.market.append(args[0])
            if self.phase == "setup":
                if len(self.market) == 3 and self.first_player is not None:
                    self._start_turn(1)
            else:
                self._after_recruit_step()
        elif verb == "first":
            self.first_player = int(args[0])
            if not self.expert:
                self._start_turn(1)
        elif verb == "exile":
            self.exiled.append(args[0])
            if self.phase == "setup":
                if len(self.exiled) == 2:
                    self._start_turn(1)
            else:
                self._after_recruit_step()
        elif verb == "pass" and self.phase == "recruit":
            self.recruits_left -= 1  # LEAD-D4, recruitment="optional": one phase declined
            self._after_recruit_step()
        elif verb == "pass":
            self._start_recruitment()
        elif verb == "select":
            self.selected = cell(args[0])
        elif verb == "nemesis":
            owner = self.nemesis_owner
            n = next(c for c, v in self.pieces.items() if v == ("Nemesis", owner))
            self.pieces[cell(args[0])] = self.pieces.pop(n)
            self.nemesis_pending = False
            self.nemesis_owner = None
            lost = [p for p in (0, 1) if self.lost(self.pieces, p)]
            if lost:  # LEAD-3.4: both at once -> the active player wins
                self._end(self.active() if len(lost) == 2 else 1 - lost[0])
                return
            if self.all_acted():
                self._start_recruitment()
        elif verb == "recruit":
            p = self.active()
            if args[0] == "HermitCub":
                self.pieces[cell(args[1])] = ("Hermit", p)
                self.pieces[cell(args[2])] = ("Cub", p)
            else:
                self.pieces[cell(args[1])] = (args[0], p)
            if args[0] in self.market:
                self.market.remove(args[0])
            lost = [q for q in (0, 1) if self.lost(self.pieces, q)]
            if lost:  # LEAD-3.1; a placement may surround one's own Leader (seed)
                self._end(p if len(lost) == 2 else 1 - lost[0])
                return
            self.recruits_left -= 1
            self._after_recruit_step()
        else:  # a character's action
            c = self.selected
            kind, me = self.pieces[c]
            before = {p: self.leader_cell(self.pieces, p) for p in (0, 1)}
            self.pieces = self.legal_character_actions(c)[action]
            self.acted.append(kind)
            self.selected = None
            lost = [q for q in (0, 1) if self.lost(self.pieces, q)]
            if lost:  # LEAD-3.1, LEAD-D3: no Nemesis reaction; LEAD-3.4 both: the mover wins
                self._end(me if len(lost) == 2 else 1 - lost[0])
                return
            for p in (0, 1):
                if self.leader_cell(self.pieces, p) == before[p]:
                    continue
                if self.trigger != "any" and not (kind in LEADER_KINDS and me == p):
                    continue
                enemy = 1 - p
                n = next((x for x, v in self.pieces.items() if v == ("Nemesis", enemy)), None)
                if n is not None and self.nemesis_destinations(self.pieces, n):
                    self.nemesis_pending = True
                    self.nemesis_owner = enemy
                    return
            if self.all_acted():
                self._start_recruitment()

    def _end(self, winner) -> None:
        self.phase = "over"
        self.winner = winner
        self.selected = None
        self.nemesis_pending = False
        self.nemesis_owner = None

    def _start_turn(self, turn: int) -> None:
        self.phase = "action"
        self.turn = turn
        self.acted = []
        self.selected = None
        self.recruits_left = 0

    def _start_recruitment(self) -> None:
        self.phase = "recruit"
        self.selected = None
        p = self.active()
        self.recruits_left = 2 if (self.turn == 2) else 1  # LEAD-2.4
        if len(self.cards_of(p)) >= 5 or not self.recruit_actions():  # LEAD-2.5, LEAD-D4
            self.recruits_left = 0
            self._end_turn()

    def _after_recruit_step(self) -> None:
        """After a recruit, a refill draw or an exile: go on with what is still due."""
        if self.current_player() != self.active() or self.exile_pending():
            return  # a draw or an exile is due first
        if self.recruits_left > 0 and self.recruit_actions():
            return
        self.recruits_left = 0
        self._end_turn()

    def _end_turn(self) -> None:
        if self.max_turns is not None and self.turn >= self.max_turns:  # LEAD-D7
            self._end(None)
            return
        self._start_turn(self.turn + 1)

    def observation(self) -> dict:
        return {"pieces": {name(c): {"kind": k, "owner": o} for c, (k, o) in self.pieces.items()},
                "phase": self.phase, "to_move": self.current_player()}


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
