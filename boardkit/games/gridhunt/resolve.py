"""How the GM resolves gridhunt orders on the truth (GRID-2.3 .. GRID-2.11, GRID-3.2 .. GRID-3.4,
GRID-4.1 .. GRID-4.3, GRID-5.2, GRID-D8, GRID-D18, GRID-D21): a move walked on the true grid, the landing, the
look, shots and deaths, and in the simultaneous variant the round's moves one by one and its
shots at once (GRID-D6). Only the GM's truth is read here; what each seat is told is written
into its :class:`~boardkit.games.gridhunt.knowledge.Knowledge` and the public record."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from boardkit.core.actions import Action
from boardkit.games.gridhunt.actions import Move, Shoot, ShootAll
from boardkit.games.gridhunt.knowledge import USED_UP, Knowledge
from boardkit.games.gridhunt.rules import around, corner_closed, line_to, neighbours4

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.gridhunt.game import GridhuntGame


class ResolveMixin:
    """The resolution half of :class:`~boardkit.games.gridhunt.state.GridhuntState` (with
    ``mates`` from :class:`~boardkit.games.gridhunt.knowledge.KnowledgeMixin`)."""

    mates: Callable[[int, int], bool]

    game: "GridhuntGame"
    n: int
    size: int
    round: int
    cells: list[str]
    pos: list[int | None]
    alive: list[bool]
    shield: list[bool]
    blocked: list[bool]
    beaconed: list[bool]
    enhanced: list[bool]
    radius: list[int]
    know: list[Knowledge]
    public_walls: set[int]
    public_teleports: set[int]
    deaths: list[tuple[int, int]]
    ghosts: dict[int, int]
    phase: str
    orders: dict[int, Action]
    shots: dict[int, Action]
    pending: list[int]
    told_alive: Callable[[int], bool]
    _check_end: Callable[[], bool]
    _start_round: Callable[[], None]

    def occupant(self, cell: int) -> int | None:
        """The living player on ``cell``, if any (the truth)."""
        if cell not in self.pos:  # nobody there: most cells
            return None
        for q in range(self.n):
            if self.pos[q] == cell and self.alive[q]:
                return q
        return None

    def _resolve_move(self, p: int, action: Action) -> None:
        """GRID-3.1 .. GRID-3.4, GRID-2.3 .. GRID-2.11: walk the declared path, stop before a
        hidden wall (made public), back off a teammate's cell, kill by landing, the cell's effect,
        then the look (GRID-5.2)."""
        start = self.pos[p]
        assert start is not None
        idx = self.game.index
        trail = [start]
        cells = self.cells
        if isinstance(action, Move):
            for name in action.path:  # GRID-3.2: cells held by players are passed over
                c = idx[name]
                if cells[c] == "wall":  # GRID-3.3, GRID-D21: stopped, and the wall is told to everyone
                    self.public_walls.add(c)
                    break
                trail.append(c)
        radius = 1
        pos = self.pos
        while len(trail) > 1 and trail[-1] in pos:  # else nobody on the cell (most moves)
            q = self.occupant(trail[-1])
            if q is None:
                break
            if self.mates(p, q):  # GRID-1.4, GRID-3.4: never ends on a teammate; one cell earlier
                trail.pop()
                continue
            if self.game.options.shield_stops_landing and self.shield[q]:  # GRID-2.10 option
                self.shield[q] = False
                trail.pop()
                continue
            self._die(q)  # GRID-3.4: landing kills
            break
        end = trail[-1]
        pos[p] = end
        know = self.know[p]
        if end != start:  # GRID-D4: a move stopped at its first step lands nowhere
            kind = cells[end]
            know.found.append((self.round, end, kind))
            know.cells[end] = "free" if kind in USED_UP else kind
            if kind == "free":  # nothing happens (most landings)
                pass
            elif kind == "mine":  # GRID-2.4
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
                if self.occupant(other) is None:  # GRID-2.8: used, both are told to all
                    self.pos[p] = other
                    know.teleports.add(other)
                    self.public_teleports |= {end, other}
                elif self.game.options.teleport_told == "landed":  # GRID-D3: a player was on it
                    self.public_teleports.add(end)
        self._look(p, radius)

    def _look(self, p: int, radius: int) -> None:
        """GRID-5.2: walls, teleports and players within ``radius`` of where ``p`` stands."""
        at = self.pos[p]
        assert at is not None
        know = self.know[p]
        pos = self.pos
        near, near_set, kinds_of = self.game.looks[radius][at]
        kinds = kinds_of(self.cells)
        if "wall" in kinds or "teleport" in kinds:  # else only players to note
            for c, k in zip(near, kinds):
                if k == "wall":
                    know.walls.add(c)
                elif k == "teleport":
                    know.teleports.add(c)
        seen = []
        if not near_set.isdisjoint(pos):  # else nobody there (most looks)
            for c in near:
                if c in pos:
                    q = self.occupant(c)
                    if q is not None:
                        seen.append((q, c))
        self.radius[p] = radius
        know.looks.append((self.round, at, radius, tuple(sorted(seen))))

    def _resolve_pending(self, p: int) -> None:
        """GRID-D6: the move of ``p``, drawn next among the orders still to resolve (a player
        dead this round is still drawn while its death is not told, GRID-D9; its order is void)."""
        self.pending.remove(p)
        if self.alive[p]:
            self._resolve_move(p, self.orders[p])
        if self._check_end():
            return
        self.pending = [q for q in self.pending if self.told_alive(q)]
        if not self.pending:
            self.phase = "shots"

    def _resolve_shots(self) -> None:
        """GRID-D6: every shot of the round at once, against the positions after the moves."""
        basic: list[int] = []
        enhanced: list[int] = []
        for p, action in sorted(self.shots.items()):
            if self.alive[p]:
                (enhanced if self._is_enhanced_shot(p, action) else basic).extend(self._hits(p, action))
        self._attack_all(basic, enhanced)
        if not self._check_end():
            self._start_round()

    def _targets(self, p: int, action: Action) -> list[int]:
        """The cells a shot of ``p`` hits, walls applied (GRID-4.1 .. GRID-4.3, GRID-2.3, GRID-D22)."""
        at = self.pos[p]
        assert at is not None
        if isinstance(action, ShootAll):  # GRID-4.2, GRID-D11: the 8 surrounding cells, nothing between
            return [c for c in around(self.size, at, 1) if self.cells[c] != "wall"]
        if not isinstance(action, Shoot):
            return []
        g = self.game
        target = g.index[action.cell]
        if target in g.neighbours[at]:  # GRID-4.1: one orthogonal step, no cell between nor corner crossed
            return [] if self.cells[target] == "wall" else [target]  # GRID-4.3
        line = line_to(self.size, at, target, g.opts.line_directions)  # GRID-D18
        assert line is not None
        reach = len(line)
        if g.opts.corner_walls == "block":  # GRID-D22: two walls meeting at a corner close it there
            reach = corner_closed(self.size, line, at, {c for c, kind in enumerate(self.cells) if kind == "wall"})
        for i, c in enumerate(line):
            if i == reach:  # the closed corner stops the shot as a wall does
                return []
            if self.cells[c] == "wall":  # GRID-4.3: shots never pass through walls
                return []
            if g.opts.line_shot == "first" and self.occupant(c) is not None:
                return [c]  # GRID-4.2 option: the first player on the line
        return [target]

    def _hits(self, p: int, action: Action) -> list[int]:
        """The players a shot of ``p`` attacks (teammates are never harmed, GRID-1.4)."""
        out = []
        for c in self._targets(p, action):
            q = self.occupant(c)
            if q is not None and q != p and not self.mates(p, q):
                out.append(q)
        return out

    def _is_enhanced_shot(self, p: int, action: Action) -> bool:
        """True for a shot that uses the enhanced attack (a burst, or a line shot beyond the
        neighbours; GRID-2.6, GRID-D8)."""
        at = self.pos[p]
        return self.enhanced[p] and (isinstance(action, ShootAll) or (
            isinstance(action, Shoot) and at is not None and self.game.index[action.cell] not in neighbours4(self.size, at)))

    def _attack_all(self, basic: list[int], enhanced: list[int]) -> None:
        """Attacks at once: a shield charge absorbs one attack it can stop (GRID-2.10, GRID-D8),
        a basic one first; any other attack kills."""
        if not basic and not enhanced:  # nobody hit
            return
        dead = []
        for q in sorted(set(basic) | set(enhanced)):
            k_basic, k_enh = basic.count(q), enhanced.count(q)
            if self.shield[q]:
                if k_basic:
                    self.shield[q], k_basic = False, k_basic - 1
                elif self.game.options.shield_stops_enhanced:
                    self.shield[q], k_enh = False, k_enh - 1
            if k_basic + k_enh > 0:
                dead.append(q)
        for q in dead:
            self._die(q)

    def _die(self, q: int) -> None:
        """A player dies: off the grid, and on the public record (GRID-5.3). With
        ``deaths_told='end_of_round'`` (GRID-D9) the seats are told at the end of the round: until
        then the player still looks alive on its last cell (a *ghost*) and its orders are void."""
        if self.game.options.deaths_told == "end_of_round" and self.pos[q] is not None:
            self.ghosts[q] = self.pos[q]  # type: ignore[assignment]
        self.alive[q] = False
        self.pos[q] = None
        self.deaths.append((q, self.round))


__all__ = ["ResolveMixin"]
