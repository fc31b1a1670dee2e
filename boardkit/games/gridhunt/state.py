"""One gridhunt position (:class:`GridhuntState`): the GM's truth, what each seat knows, the
turn's flow, moves, shots, deaths and the end (GRID-1 .. GRID-7)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from boardkit.core.actions import Action
from boardkit.core.game import CHANCE, SIMULTANEOUS, TERMINAL, State
from boardkit.core.outcome import Outcome
from boardkit.core.rules import IllegalActionError
from boardkit.core.spec import OptionError
from boardkit.core.validate import shorten
from boardkit.games.gridhunt import scoring
from boardkit.games.gridhunt.actions import KINDS, Layout, Move, Shoot, ShootAll, Start, Turn
from boardkit.games.gridhunt.rules import around, connected, line_to, lines, neighbours4

#: Wall sets drawn for one random layout before the engine gives up with an OptionError
#: (GRID-7); within gridhunt.game.MAX_WALLS a layout needs about ten at worst.
MAX_LAYOUT_DRAWS = 500

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.gridhunt.game import GridhuntGame

#: Kinds a player meets by landing (GRID-2.4 .. GRID-2.10) and that become free once used.
USED_UP = ("vision", "attack", "beacon")


@dataclass
class Knowledge:
    """What one seat has been told (GRID-5): walls and teleports seen, the cells it landed on
    (kind as it found it), and each look: when (round), from where, how far, whom it saw where.

    Attributes:
        walls, teleports: cells seen as walls / teleports (GRID-5.2).
        cells: cell -> kind as the seat knows it now, for cells it landed on (GRID-5.4).
        found: ``(round, cell, kind)`` for each landing, the kind found there (GRID-5.4).
        looks: ``(round, at, radius, ((seat, cell), ...))`` for each look (GRID-5.2).
    """

    walls: set[int] = field(default_factory=set)
    teleports: set[int] = field(default_factory=set)
    cells: dict[int, str] = field(default_factory=dict)
    found: list[tuple[int, int, str]] = field(default_factory=list)
    looks: list[tuple[int, int, int, tuple[tuple[int, int], ...]]] = field(default_factory=list)

    def copy(self) -> "Knowledge":
        return Knowledge(set(self.walls), set(self.teleports), dict(self.cells), list(self.found), list(self.looks))


class GridhuntState(State):
    """One gridhunt position: the GM's truth and every seat's knowledge.

    Attributes:
        cells: kind per cell index (``"free"`` or a kind of GRID-2.2), the truth.
        setup: the kinds the GM still has to draw (GRID-7); ``placing``: the next seat to place
            (GRID-5.1; ``n`` once all are placed).
        pos: per seat its cell, None before placement or once dead; ``alive``, ``shield``,
            ``blocked`` (a mine: the next turn is skipped), ``beaconed``.
        idle: per seat, blocked this turn (its orders are ``move none``/``shoot none``).
        enhanced: per seat, an enhanced attack this turn (GRID-2.6).
        radius: per seat, the radius of its last look (GRID-2.5).
        phase: ``setup``, ``next`` (chance: who acts), ``move``, ``shot`` (sequential) or
            ``orders``, ``resolve``, ``shots`` (simultaneous), ``over``.
        to_move, acted, round, turns: the turn order (GRID-6).
        orders, shots, pending: the simultaneous variant's orders (GRID-D6).
        know: per seat, its :class:`Knowledge`; ``public_walls``, ``public_teleports``,
            ``deaths`` ``(seat, round)``: public knowledge (GRID-5.3).
    """

    legal_in_order = True  # moves come from notation-ordered tables; shots are sorted (_orders_of)

    game: "GridhuntGame"

    def __init__(self, game: "GridhuntGame") -> None:
        super().__init__(game)
        n = game.n
        self.n = n
        self.size = game.size
        if game.fixed is not None:
            self.cells: list[str] = list(game.fixed)
            self.setup: list[str] = []
        else:
            self.cells = ["free"] * (game.size * game.size)
            self.setup = [k for k in KINDS for _ in range(game.counts[k])]
        self.placing = 0
        self.pos: list[int | None] = [None] * n
        self.alive = [True] * n
        self.shield = [False] * n
        self.blocked = [False] * n
        self.beaconed = [False] * n
        self.idle = [False] * n
        self.enhanced = [False] * n
        self.radius = [0] * n
        self.phase = "setup"
        self.to_move: int | None = None
        self.acted: list[int] = []
        self.round = 0
        self.turns = 0
        self.orders: dict[int, Action] = {}
        self.shots: dict[int, Action] = {}
        self.pending: list[int] = []
        self.know = [Knowledge() for _ in range(n)]
        self.public_walls: set[int] = set()
        self.public_teleports: set[int] = set()
        self.deaths: list[tuple[int, int]] = []
        self.outcome_value: Outcome | None = None
        self._acting: int | None = None
        self._settle()

    # -- bookkeeping -------------------------------------------------------------------------
    def clone(self) -> "GridhuntState":
        """An independent copy (same game object)."""
        new = GridhuntState.__new__(GridhuntState)
        new.__dict__.update(self.__dict__)
        self._copy_record(new)
        for name in ("cells", "setup", "pos", "alive", "shield", "blocked", "beaconed", "idle", "enhanced", "radius",
                     "acted", "pending", "deaths"):
            setattr(new, name, list(getattr(self, name)))
        new.orders, new.shots = dict(self.orders), dict(self.shots)
        new.public_walls, new.public_teleports = set(self.public_walls), set(self.public_teleports)
        new.know = [k.copy() for k in self.know]
        return new

    def determinize(self, player: int, rng: Any) -> "GridhuntState":
        """A state seat ``player`` cannot tell from this one, for search agents
        (:func:`boardkit.agents.determinize.determinize` calls it): what the seat knows (GRID-5:
        its own and sharing teammates' knowledge, the public knowledge) is kept; the rest is
        drawn again from what the seat can infer, never read from the truth.

        - Cells: every cell whose kind the seat knows (landed on, a wall or teleport seen or
          public) keeps it; cells it has seen to be neither wall nor teleport get a kind other
          than those; the kinds still unaccounted for (the layout's counts, GRID-7, minus what
          the seat knows) are dealt at random over the cells it does not know, the rest free.
          Bonuses other players may have used up are dealt again: the seat cannot tell.
        - Other players: a beaconed player's cell is public (GRID-2.7) and kept, so is one the
          seat saw in a look this round; any other living player is put on a random free cell
          out of the seat's latest look. Their shields, mines, enhanced attacks and knowledge
          are unknown to the seat and start afresh; an order one of them has given this round
          (the simultaneous variant, GRID-D6: that it has is public) is replaced by one drawn
          from the orders it could give in the drawn world.

        Args:
            player: the seat (0-based).
            rng: a ``random.Random``.

        Returns:
            A new state with the seat's observation, history and legal actions unchanged.

        Raises:
            ValueError: ``player`` is not a seat.
        """
        self._check_seat(player)
        w = self.clone()
        size = self.size
        share = set(self.sharers(player))
        walls = self.known_walls(player)
        teles = set(self.public_teleports)
        known: dict[int, str] = {}
        looked: set[int] = set()
        for q in share:
            k = self.know[q]
            teles |= k.teleports
            known.update(k.cells)
            for _, at, rad, _seen in k.looks:
                looked.update(around(size, at, rad))
                looked.add(at)
        for c in walls:
            known[c] = "wall"
        for c in teles:
            known[c] = "teleport"
        left = dict(self.game.counts)
        for kind in known.values():
            if kind in left:
                left[kind] = max(0, left[kind] - 1)
        unknown = [c for c in range(size * size) if c not in known]
        rng.shuffle(unknown)
        open_cells = [c for c in unknown if c not in looked]  # may be a wall or a teleport
        cells = {c: kind for c, kind in known.items()}
        for kind in ("wall", "teleport"):
            for _ in range(left.get(kind, 0)):
                if open_cells:
                    c = open_cells.pop()
                    cells[c] = kind
        rest = [c for c in unknown if c not in cells]
        for kind in KINDS:
            if kind in ("wall", "teleport", "free"):
                continue
            for _ in range(left.get(kind, 0)):
                if rest:
                    cells[rest.pop()] = kind
        w.cells = [cells.get(c, "free") for c in range(size * size)]
        latest = max((look for q in share for look in self.know[q].looks), key=lambda look: look[0], default=None)
        seen_now = {s: c for s, c in latest[3]} if latest is not None and latest[0] == self.round else {}
        view = set(around(size, latest[1], latest[2])) | {latest[1]} if latest is not None else set()
        mine = {self.pos[q] for q in share if self.alive[q]}
        for q in range(self.n):
            if q in share or not self.alive[q]:
                continue
            w.shield[q] = w.blocked[q] = w.enhanced[q] = w.idle[q] = False
            w.radius[q] = 0
            w.know[q] = Knowledge()
            if not (self.beaconed[q] or q in seen_now):
                w.pos[q] = None
        for q in range(self.n):
            if q in share or not self.alive[q] or w.pos[q] is not None:
                continue
            taken = {w.pos[r] for r in range(self.n) if w.alive[r]} | mine
            free = [c for c in range(size * size) if w.cells[c] != "wall" and c not in taken and c not in view]
            if not free:
                free = [c for c in range(size * size) if w.cells[c] != "wall" and c not in taken]
            w.pos[q] = free[rng.randrange(len(free))]
        for given in (w.orders, w.shots):  # who has given an order is public; what, not (GRID-D6)
            for q in list(given):
                if q not in share and w.alive[q]:  # a dead player's order is spent
                    choices = w._orders_of(q)  # in notation order
                    given[q] = choices[rng.randrange(len(choices))]
        w._legal_cache = None
        return w

    def team_of(self, p: int) -> int:
        """The team of seat ``p`` (its own seat number without teams, GRID-1.2)."""
        return self.game.teams[p] if self.game.teams is not None else p

    def mates(self, p: int, q: int) -> bool:
        """True when ``p`` and ``q`` are two players of one team (GRID-1.4)."""
        return p != q and self.game.teams is not None and self.game.teams[p] == self.game.teams[q]

    def occupant(self, cell: int) -> int | None:
        """The living player on ``cell``, if any."""
        for q in range(self.n):
            if self.pos[q] == cell and self.alive[q]:
                return q
        return None

    def living(self) -> list[int]:
        return [p for p in range(self.n) if self.alive[p]]

    def sharers(self, p: int) -> list[int]:
        """``p`` and, with ``team_shares_vision``, its teammates: whose knowledge ``p`` has (GRID-1.3)."""
        if self.game.options["team_shares_vision"] and self.game.teams is not None:
            return [q for q in range(self.n) if q == p or self.mates(p, q)]
        return [p]

    def known_walls(self, p: int) -> set[int]:
        """The walls ``p`` knows: seen by it (or a sharing teammate, GRID-1.3) or public (GRID-5.3)."""
        out = set(self.public_walls)
        for q in self.sharers(p):
            out |= self.know[q].walls
        return out

    def known_mates(self, p: int) -> set[int]:
        """Cells where ``p`` knows a teammate stands now (GRID-D5): beaconed teammates (GRID-2.7)
        and, with shared vision, every living teammate (GRID-1.3)."""
        share = set(self.sharers(p))
        return {c for q in range(self.n) if self.alive[q] and self.mates(p, q) and (q in share or self.beaconed[q])
                for c in [self.pos[q]] if c is not None}

    # -- flow ---------------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE (setup draws, who acts next), SIMULTANEOUS (several seats give
        orders at once, GRID-D6) or TERMINAL."""
        ph = self.phase
        if ph == "over":
            return TERMINAL
        if ph in ("setup", "next", "resolve"):
            return CHANCE
        if ph in ("move", "shot"):
            assert self.to_move is not None
            return self.to_move
        waiting = self.current_players()
        return waiting[0] if len(waiting) == 1 else SIMULTANEOUS

    def current_players(self) -> list[int]:
        """The seats to act now: the mover, or in the simultaneous variant every living seat whose
        order is still awaited (GRID-D6); ``[]`` at chance nodes and at the end."""
        ph = self.phase
        if ph == "orders":
            return [p for p in range(self.n) if self.alive[p] and p not in self.orders]
        if ph == "shots":
            return [p for p in range(self.n) if self.alive[p] and p not in self.shots]
        if ph in ("move", "shot"):
            assert self.to_move is not None
            return [self.to_move]
        return []

    def _settle(self) -> None:
        """Automatic transitions: end of setup, start of a turn or a round, cut-off (GRID-D10)."""
        if self.phase == "setup":
            if self.setup or self.placing < self.n:
                return
            self.phase = "next" if self.game.options["turn_order"] != "simultaneous" else "orders"
            if self.phase == "orders":
                self._start_round()
                return
        if self.phase == "next":
            max_turns = self.game.options["max_turns"]
            if max_turns is not None and self.turns >= max_turns:
                self._finish(*scoring.CUT_OFF)
                return
            if self.round == 0 or not self._remaining():
                self.round += 1
                self.acted = []
            if self.game.options["turn_order"] == "fixed":  # GRID-6: seat order
                self._begin_turn(self._remaining()[0])

    def _remaining(self) -> list[int]:
        """GRID-6: living seats that have not acted in this round."""
        return [p for p in range(self.n) if self.alive[p] and p not in self.acted]

    def _begin_turn(self, p: int) -> None:
        self.to_move = p
        self.acted.append(p)
        self.turns += 1
        self.phase = "move"
        self.enhanced[p] = False
        if self.blocked[p]:  # GRID-2.4, GRID-3.5: this turn is skipped
            self.blocked[p] = False
            self.idle[p] = True

    def _start_round(self) -> None:
        """Simultaneous variant (GRID-D6): a new round of orders, or the cut-off (GRID-D10)."""
        max_turns = self.game.options["max_turns"]
        if max_turns is not None and self.turns >= max_turns:
            self._finish(*scoring.CUT_OFF)
            return
        self.round += 1
        self.phase = "orders"
        self.orders, self.shots, self.pending = {}, {}, []
        for p in self.living():
            self.turns += 1
            self.enhanced[p] = False
            self.idle[p] = False
            if self.blocked[p]:
                self.blocked[p] = False
                self.idle[p] = True

    # -- resolution ---------------------------------------------------------------------------
    def _resolve_move(self, p: int, action: Action) -> None:
        """GRID-3.1 .. GRID-3.4, GRID-2.3 .. GRID-2.11: walk the declared path, stop before a
        hidden wall (made public), back off a teammate's cell, kill by landing, the cell's effect,
        then the look (GRID-5.2)."""
        start = self.pos[p]
        assert start is not None
        idx = self.game.index
        trail = [start]
        if isinstance(action, Move):
            for name in action.path:  # GRID-3.2: cells held by players are passed over
                c = idx[name]
                if self.cells[c] == "wall":  # GRID-3.3: stopped, and the wall is told to everyone
                    self.public_walls.add(c)
                    break
                trail.append(c)
        radius = 1
        while len(trail) > 1:
            q = self.occupant(trail[-1])
            if q is None:
                break
            if self.mates(p, q):  # GRID-1.4, GRID-3.4: never ends on a teammate; one cell earlier
                trail.pop()
                continue
            if self.game.options["shield_stops_landing"] and self.shield[q]:  # GRID-2.10 option
                self.shield[q] = False
                trail.pop()
                continue
            self._die(q)  # GRID-3.4: landing kills
            break
        end = trail[-1]
        self.pos[p] = end
        know = self.know[p]
        if end != start:  # GRID-D4: a move stopped at its first step lands nowhere
            kind = self.cells[end]
            know.found.append((self.round, end, kind))
            know.cells[end] = "free" if kind in USED_UP else kind
            if kind == "mine":  # GRID-2.4
                if self.shield[p]:
                    self.shield[p] = False  # GRID-2.10: the shield absorbs the mine
                else:
                    self.blocked[p] = True  # GRID-D2: the next turn is skipped; this turn's shot stays
            elif kind == "vision":  # GRID-2.5
                radius = 2
                self.cells[end] = "free"
            elif kind == "attack":  # GRID-2.6
                self.enhanced[p] = True
                self.cells[end] = "free"
            elif kind == "beacon":  # GRID-2.7
                self.beaconed[p] = True
                self.cells[end] = "free"
            elif kind == "shield":  # GRID-2.10: one charge at most; the cell stays
                self.shield[p] = True
            elif kind == "teleport":  # GRID-2.8, GRID-2.9
                know.teleports.add(end)
                other = next(i for i, k in enumerate(self.cells) if k == "teleport" and i != end)
                if self.occupant(other) is None:  # GRID-D3: told to all only when used
                    self.pos[p] = other
                    know.teleports.add(other)
                    self.public_teleports |= {end, other}
        self._look(p, radius)

    def _look(self, p: int, radius: int) -> None:
        """GRID-5.2: walls, teleports and players within ``radius`` of where ``p`` stands."""
        at = self.pos[p]
        assert at is not None
        know = self.know[p]
        seen = []
        for c in around(self.size, at, radius):
            k = self.cells[c]
            if k == "wall":
                know.walls.add(c)
            elif k == "teleport":
                know.teleports.add(c)
            q = self.occupant(c)
            if q is not None:
                seen.append((q, c))
        self.radius[p] = radius
        know.looks.append((self.round, at, radius, tuple(sorted(seen))))

    def _targets(self, p: int, action: Action) -> list[int]:
        """The cells a shot of ``p`` hits, walls applied (GRID-4.1 .. GRID-4.3, GRID-2.3)."""
        at = self.pos[p]
        assert at is not None
        if isinstance(action, ShootAll):  # GRID-4.2, GRID-D11: the 8 surrounding cells, nothing between
            return [c for c in around(self.size, at, 1) if self.cells[c] != "wall"]
        if not isinstance(action, Shoot):
            return []
        target = self.game.index[action.cell]
        line = line_to(self.size, at, target)
        assert line is not None
        out = []
        for c in line:
            if self.cells[c] == "wall":  # GRID-4.3: shots never pass through walls
                return []
            if self.game.options["line_shot"] == "first" and self.occupant(c) is not None:
                return [c]  # GRID-4.2 option: the first player on the line
            out.append(c)
        return [target]

    def _hits(self, p: int, action: Action) -> list[int]:
        """The players a shot of ``p`` attacks (teammates are never harmed, GRID-1.4)."""
        out = []
        for c in self._targets(p, action):
            q = self.occupant(c)
            if q is not None and q != p and not self.mates(p, q):
                out.append(q)
        return out

    def _attack(self, victims: list[int], enhanced: bool) -> None:
        """GRID-4.1, GRID-2.10: each attack on a player spends its shield charge or kills it."""
        counts: dict[int, int] = {}
        for q in victims:
            counts[q] = counts.get(q, 0) + 1
        shields = not enhanced or self.game.options["shield_stops_enhanced"]  # GRID-D8
        dead = []
        for q, k in sorted(counts.items()):
            if shields and self.shield[q]:
                self.shield[q] = False
                k -= 1
            if k > 0:
                dead.append(q)
        for q in dead:
            self._die(q)

    def _die(self, q: int) -> None:
        """A player dies: off the grid, and public (GRID-5.3)."""
        self.alive[q] = False
        self.pos[q] = None
        self.deaths.append((q, self.round))

    def _check_end(self) -> bool:
        """GRID-1.1: the last player, or the last team with a living member, wins."""
        end = scoring.end(self.alive, self.game.teams)
        if end is None:
            return False
        self._finish(*end)
        return True

    def _finish(self, reason: str, clause: str) -> None:
        self.phase = "over"
        self.to_move = None
        self.outcome_value = scoring.outcome(reason, clause, self.alive, self.game.teams, cut=clause == scoring.CUT_OFF[1])

    def _outcome(self) -> Outcome:
        assert self.outcome_value is not None
        return self.outcome_value

    def returns(self) -> list[Fraction | int]:
        """1 for each winner and -1 for the others at the end (GRID-1.1); all 0 before the end or
        for a game cut off by ``max_turns`` (GRID-D10)."""
        if self.outcome_value is None:
            return [0] * self.n
        return list(self.outcome_value.returns)

    # -- API ------------------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        if self.phase in ("move", "shot"):
            assert self.to_move is not None
            return self._orders_of(self.to_move)
        if self.phase in ("orders", "shots"):
            waiting = self.current_players()
            return self._orders_of(waiting[0]) if len(waiting) == 1 else []
        return []

    def _legal_actions_for(self, player: int) -> list[Action]:
        """The orders ``player`` may give, from what it knows (GRID-3.1, GRID-3.3, GRID-4)."""
        return list(self._orders_of(player))

    def _orders_of(self, p: int) -> list[Action]:
        shot = self.phase in ("shot", "shots")
        g = self.game
        if self.idle[p]:  # GRID-3.5
            return [g.shoot_none if shot else g.stay]
        at = self.pos[p]
        assert at is not None
        walls = self.known_walls(p)
        if not shot:
            moves = g.moves_from(at, frozenset(walls))
            mates = self.known_mates(p)
            if mates:  # GRID-1.4: never knowingly onto a teammate
                moves = [m for m in moves if g.index[m.path[-1]] not in mates]  # type: ignore[attr-defined]
            return moves or [g.stay]  # GRID-D13: boxed in by what it knows, it stays
        out: list[Action] = [g.shoot_none]
        if self.enhanced[p]:  # GRID-2.6, GRID-4.2
            out.append(g.shoot_all)
            for ray in lines(self.size, at):
                for c in ray:
                    if c in walls:  # GRID-4.3: not through a wall it knows
                        break
                    out.append(g.shoot_actions[c])
        else:
            out += [g.shoot_actions[c] for c in neighbours4(self.size, at) if c not in walls]
        return sorted(out, key=str)

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        g = self.game
        if self.phase == "setup":
            if self.setup:  # GRID-7: uniform over the empty cells
                kind = self.setup[0]
                empty = [i for i, k in enumerate(self.cells) if k == "free"]
                pr = Fraction(1, len(empty))
                return [(g.layout_actions[kind, i], pr) for i in empty]
            taken = set(self.pos)
            free = [i for i, k in enumerate(self.cells) if k != "wall" and i not in taken]  # GRID-5.1
            pr = Fraction(1, len(free))
            return [(g.start_actions[self.placing, i], pr) for i in free]
        who = self._remaining() if self.phase == "next" else self.pending  # GRID-6, GRID-D6
        pr = Fraction(1, len(who))
        return [(g.turn_actions[p], pr) for p in who]

    def apply_action(self, action: Action | str, player: int | None = None) -> None:
        """Apply a legal action (see :meth:`boardkit.core.game.State.apply_action`); in the
        simultaneous variant each seat gives its order with ``player=`` (GRID-D6)."""
        self._acting = player
        try:
            super().apply_action(action, player)
        finally:
            self._acting = None

    def _seen_by(self, action: Action) -> frozenset[int] | None:
        """Layout draws are seen by nobody (GRID-5.1); a seat's start cell by that seat; orders by
        the seat giving them (and teammates sharing vision, GRID-1.3); who acts next by all."""
        if isinstance(action, Layout):
            return frozenset()
        if isinstance(action, Start):
            return frozenset(self.sharers(action.player))
        if isinstance(action, Turn):
            return None
        p = self._acting if self._acting is not None else self.current_player()
        return frozenset(self.sharers(p))

    def parse_action(self, text: str) -> Action:
        """Parse the notation (see :mod:`boardkit.games.gridhunt.actions`); text already in the
        canonical form of an action made before is looked up rather than parsed.

        Raises:
            NotationError: the text is not an action of gridhunt (names the wrong word).
        """
        if isinstance(text, str):
            found = self.game.known_action(text)
            if found is not None:
                return found
        return super().parse_action(text)

    def _apply_by(self, action: Action, player: int) -> None:
        self._order(player, action)

    def _apply_action(self, action: Action) -> None:
        g = self.game
        if isinstance(action, Layout):
            i = g.index[action.cell]
            self.cells[i] = action.kind
            self.setup.pop(0)
            if action.kind == "wall" and (not self.setup or self.setup[0] != "wall"):
                walls = [c for c, k in enumerate(self.cells) if k == "wall"]
                if not connected(self.size, walls):  # GRID-7: rejected, the walls are drawn again
                    self.layout_draws = getattr(self, "layout_draws", 1) + 1
                    if self.layout_draws > MAX_LAYOUT_DRAWS:
                        self.cells[i] = "free"
                        self.setup.insert(0, "wall")
                        self.layout_draws -= 1
                        raise OptionError(f"gridhunt: option walls={len(walls)}: {MAX_LAYOUT_DRAWS} random wall sets "
                                          f"drawn, none leaving the free cells connected (GRID-7); use fewer walls")
                    for c in walls:
                        self.cells[c] = "free"
                    self.setup[:0] = ["wall"] * len(walls)
        elif isinstance(action, Start):
            self.pos[action.player] = g.index[action.cell]
            self.placing += 1
        elif isinstance(action, Turn):
            if self.phase == "next":
                self._begin_turn(action.player)
            else:
                self._resolve_pending(action.player)
        else:
            p = self.current_player()
            assert p >= 0
            self._order(p, action)
        self._settle()

    def _order(self, p: int, action: Action) -> None:
        """A seat's order: applied at once (sequential) or kept until all are in (GRID-D6)."""
        if self.phase == "move":
            self._resolve_move(p, action)
            if not self._check_end():
                self.phase = "shot"
        elif self.phase == "shot":
            if isinstance(action, (Shoot, ShootAll)):
                self._attack(self._hits(p, action), self.enhanced[p] and (isinstance(action, ShootAll) or
                             self.game.index[action.cell] not in neighbours4(self.size, self.pos[p] or 0)))
            self.idle[p] = False
            self.enhanced[p] = False
            if not self._check_end():
                self.phase = "next"
        elif self.phase == "orders":
            self.orders[p] = action
            if not self.current_players():
                self.phase = "resolve"
                self.pending = sorted(self.orders)
        elif self.phase == "shots":
            self.shots[p] = action
            if not self.current_players():
                self._resolve_shots()
        self._settle()

    def _resolve_pending(self, p: int) -> None:
        """GRID-D6: the move of ``p``, drawn next among the orders still to resolve."""
        self.pending.remove(p)
        if self.alive[p]:
            self._resolve_move(p, self.orders[p])
        if self._check_end():
            return
        self.pending = [q for q in self.pending if self.alive[q]]
        if not self.pending:
            self.phase = "shots"

    def _resolve_shots(self) -> None:
        """GRID-D6: every shot of the round at once, against the positions after the moves."""
        basic: list[int] = []
        enhanced: list[int] = []
        for p, action in sorted(self.shots.items()):
            if isinstance(action, (Shoot, ShootAll)):
                hits = self._hits(p, action)
                if self.enhanced[p] and (isinstance(action, ShootAll) or
                                         self.game.index[action.cell] not in neighbours4(self.size, self.pos[p] or 0)):
                    enhanced += hits
                else:
                    basic += hits
        self._attack_all(basic, enhanced)
        if not self._check_end():
            self._start_round()

    def _attack_all(self, basic: list[int], enhanced: list[int]) -> None:
        """Simultaneous attacks: a shield charge absorbs one attack it can stop (GRID-2.10, GRID-D8)."""
        dead = []
        for q in sorted(set(basic) | set(enhanced)):
            k_basic, k_enh = basic.count(q), enhanced.count(q)
            if self.shield[q]:
                if k_basic:
                    self.shield[q], k_basic = False, k_basic - 1
                elif self.game.options["shield_stops_enhanced"]:
                    self.shield[q], k_enh = False, k_enh - 1
            if k_basic + k_enh > 0:
                dead.append(q)
        for q in dead:
            self._die(q)

    # -- observations ----------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` knows (GRID-5), or the GM's truth (``None``).

        A seat's view: its own cell and state (shield, blocked, enhanced attack, beaconed), the
        walls and teleports it has seen or that are public, the cells it landed on and what it
        found there, each look (round, from where, radius, whom it saw where), the public
        knowledge (GRID-5.3: walls that stopped someone, teleports once used, beaconed players'
        cells, deaths with their round), the turn, and with ``team_shares_vision`` its teammates'
        knowledge (GRID-1.3). Nothing else (GRID-D9): not whether its shot hit, not who passed by.
        ``"outcome"`` is None while the game runs.

        Raises:
            ValueError: ``player`` is not a seat or None.
        """
        if player is None:
            from boardkit.games.gridhunt.position import to_position

            obs = to_position(self)
            obs["outcome"] = None if self.outcome_value is None else self.outcome_value.to_dict()
            obs["waiting"] = self.current_players()
            return obs
        if isinstance(player, bool) or not isinstance(player, int) or player not in range(self.n):
            raise ValueError(f"observation(player): player is 0 .. {self.n - 1} or None, not {shorten(player)}")
        names = self.game.names
        obs = self.public_observation()
        share = self.sharers(player)
        views = {}
        for q in share:
            k = self.know[q]
            at = self.pos[q]
            views[str(q)] = {
                "position": None if at is None else names[at],
                "alive": self.alive[q], "shield": self.shield[q], "blocked": self.blocked[q], "idle": self.idle[q],
                "enhanced": self.enhanced[q], "beaconed": self.beaconed[q],
                "walls_seen": sorted(names[c] for c in k.walls),
                "teleports_seen": sorted(names[c] for c in k.teleports),
                "cells": {names[c]: kind for c, kind in sorted(k.cells.items())},
                "found": [[r, names[c], kind] for r, c, kind in k.found],
                "looks": [{"round": r, "at": names[a], "radius": rad, "players": {str(s): names[c] for s, c in seen}}
                          for r, a, rad, seen in k.looks],
                "order": str(self.orders[q]) if q in self.orders else None,
                "shot": str(self.shots[q]) if q in self.shots else None,
            }
        obs["seat"] = player
        obs["you"] = views.pop(str(player))
        obs["team_views"] = views
        obs["known_walls"] = sorted(names[c] for c in self.known_walls(player))
        tele = set(self.public_teleports)
        for q in share:
            tele |= self.know[q].teleports
        obs["known_teleports"] = sorted(names[c] for c in tele)
        return obs

    def public_observation(self) -> dict[str, Any]:
        """What every onlooker knows (GRID-5.3): grid size, seats and teams, the turn, walls that
        stopped someone, teleports once used, beaconed players' cells, deaths (seat and round),
        who is alive, and the outcome."""
        names = self.game.names
        return {
            "size": self.size, "players": self.n, "teams": None if self.game.teams is None else list(self.game.teams),
            "phase": "setup" if self.phase == "setup" else self.phase, "round": self.round, "turns": self.turns,
            "to_move": self.current_player(), "waiting": self.current_players(), "acted": list(self.acted),
            "public_walls": sorted(names[c] for c in self.public_walls),
            "public_teleports": sorted(names[c] for c in self.public_teleports),
            "beacons": {str(q): names[c] for q in range(self.n) if self.beaconed[q] and self.alive[q]
                        for c in [self.pos[q]] if c is not None},
            "deaths": [[q, r] for q, r in self.deaths],
            "alive": list(self.alive),
            "outcome": None if self.outcome_value is None else self.outcome_value.to_dict(),
        }

    def player_view_json(self, player: int) -> str:
        """The saved view of one seat: its observation and its history, as JSON text (what a GM
        would send that player; nothing it may not know, GRID-5)."""
        import json

        return json.dumps({"observation": self.observation(player), "history": [str(a) for a in self.history(player)]},
                          sort_keys=True)

    def to_position(self) -> dict[str, Any]:
        """This position as ``game.state_from_position`` reads it (see
        :mod:`boardkit.games.gridhunt.position`)."""
        from boardkit.games.gridhunt.position import to_position

        return to_position(self)

    def _why(self, action: Action, player: int | None) -> IllegalActionError | None:
        if player is not None:
            self._check_seat(player)
        if player is not None and not self.is_terminal() and not self.alive[player]:
            return IllegalActionError("GRID-6", f"player {player} is dead (GRID-1.1): only living players act", action)
        return super()._why(action, player)

    def _explain(self, action: Action) -> IllegalActionError:
        from boardkit.games.gridhunt.explain import explain

        return explain(self, action)


__all__ = ["GridhuntState", "Knowledge", "USED_UP"]
