"""What a gridhunt seat knows (GRID-5): its :class:`Knowledge` record, and the questions every
seat-facing answer asks of it (whose knowledge a seat has, the walls, teleports and teammates it
knows of). Legal orders, refusals, observations and determinized worlds all read these, never
the truth (GRID-1.3, GRID-5.2, GRID-5.3, GRID-D5)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

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

    #: the walls its seat knows, kept with what they were made from (KnowledgeMixin.known_walls).
    known: Any = field(default=None, compare=False, repr=False)

    def copy(self) -> "Knowledge":
        """An independent copy."""
        return Knowledge(set(self.walls), set(self.teleports), dict(self.cells), list(self.found), list(self.looks))


class KnowledgeMixin:
    """The knowledge questions of :class:`~boardkit.games.gridhunt.state.GridhuntState`
    (attributes ``game``, ``n``, ``alive``, ``pos``, ``beaconed``, ``know``, ``public_walls``,
    ``public_teleports``, ``deaths``, ``ghosts``)."""

    game: "GridhuntGame"
    n: int
    alive: list[bool]
    pos: list[int | None]
    beaconed: list[bool]
    know: list[Knowledge]
    public_walls: set[int]
    public_teleports: set[int]
    deaths: list[tuple[int, int]]
    ghosts: dict[int, int]

    def told_alive(self, q: int) -> bool:
        """Whether the seats are told ``q`` is alive: alive, or dead in this round and not yet
        announced (``deaths_told='end_of_round'``, GRID-D9)."""
        return self.alive[q] or q in self.ghosts

    def seat_cell(self, q: int) -> int | None:
        """The cell of ``q`` as ``q`` itself knows it: its cell, or where it died while its death
        is not yet told (GRID-D9); None before placement or once its death is told."""
        return self.pos[q] if self.alive[q] else self.ghosts.get(q)

    def told_deaths(self) -> list[tuple[int, int]]:
        """The deaths told to every seat, ``(seat, round)`` in order (GRID-5.3, GRID-D9)."""
        return [(q, r) for q, r in self.deaths if q not in self.ghosts]

    def team_of(self, p: int) -> int:
        """The team of seat ``p`` (its own seat number without teams, GRID-1.2)."""
        return self.game.teams[p] if self.game.teams is not None else p

    def mates(self, p: int, q: int) -> bool:
        """True when ``p`` and ``q`` are two players of one team (GRID-1.4)."""
        return p != q and self.game.teams is not None and self.game.teams[p] == self.game.teams[q]

    def sharers(self, p: int) -> list[int]:
        """``p`` and, with ``team_shares_vision``, its teammates: whose knowledge ``p`` has (GRID-1.3)."""
        if self.game.options.team_shares_vision and self.game.teams is not None:
            return [q for q in range(self.n) if q == p or self.mates(p, q)]
        return [p]

    def known_walls(self, p: int) -> frozenset[int]:
        """The walls ``p`` knows: seen by it (or a sharing teammate, GRID-1.3) or public (GRID-5.3).

        Walls are only ever added to what a seat knows: the set is made again only when one of
        the sets it is made from has grown (or is another set), else the one made last is kept
        on the seat's :class:`Knowledge`."""
        know = self.know[p]
        kept = know.known
        public = self.public_walls
        if self.game.teams is None or not self.game.options.team_shares_vision:  # its own and the public walls
            own = know.walls
            if kept is not None and kept[0] is public and kept[1] is own and kept[2] == (len(public), len(own)):
                return kept[3]  # type: ignore[no-any-return]
            out = frozenset(public | own)
            know.known = (public, own, (len(public), len(own)), out)
            return out
        sources = [public, *(self.know[q].walls for q in self.sharers(p))]
        sizes = [len(w) for w in sources]
        if kept is not None and kept[2] == sizes and all(a is b for a, b in zip(kept[0], sources)):
            return kept[3]  # type: ignore[no-any-return]
        out = frozenset().union(*sources)
        know.known = (sources, None, sizes, out)
        return out

    def known_teleports(self, p: int) -> set[int]:
        """The teleports ``p`` knows: seen by it (or a sharing teammate) or public (GRID-5.3)."""
        out = set(self.public_teleports)
        for q in self.sharers(p):
            out |= self.know[q].teleports
        return out

    def known_mates(self, p: int) -> set[int]:
        """Cells where ``p`` knows a teammate stands now (GRID-D5): beaconed teammates (GRID-2.7)
        and, with shared vision, every living teammate (GRID-1.3)."""
        if self.game.teams is None:  # no teammates
            return set()
        share = set(self.sharers(p))
        return {c for q in range(self.n) if self.told_alive(q) and self.mates(p, q) and (q in share or self.beaconed[q])
                for c in [self.seat_cell(q)] if c is not None}


__all__ = ["Knowledge", "KnowledgeMixin", "USED_UP"]
