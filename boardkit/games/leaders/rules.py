"""Leaders move generation and end conditions on a HexBoard (LEAD-3 .. LEAD-7).

Pure functions over a ``pieces`` list (cell index -> :class:`Piece` or None); no state,
no drawing. An effect is a tuple of ``(from_cell, to_cell)`` moves made at once.
"""

from __future__ import annotations

from enum import Enum
from typing import Callable, Iterator, NamedTuple, Sequence

from boardkit.core.boards import HexBoard

#: The Leader card of each seat (LEAD-1.1).
LEADER_OF = ("King", "Queen")
MARKET_SIZE = 3  # LEAD-1.3
MAX_CARDS = 5  # LEAD-2.5
#: How each way of losing a Leader ends the game: the clause (LEAD-3.2 capture, LEAD-3.3
#: surrounding).
END_CLAUSE = {"captured": "LEAD-3.2", "surrounded": "LEAD-3.3"}


class Phase(str, Enum):
    """Where a turn stands (LEAD-2.1); the value is what observations show."""

    SETUP = "setup"  #: before the first turn: market draws, first player, Exile (LEAD-1.3, 1.4, 8.2)
    ACTION = "action"  #: the Action phase (LEAD-2.2)
    RECRUIT = "recruit"  #: the Recruitment phase (LEAD-2.3)
    OVER = "over"  #: the game has ended (LEAD-3.1, LEAD-D7)


class Piece(NamedTuple):
    """A character on the board: its ``kind`` (``"Archer"``, ``"Hermit"``...) and ``owner``
    (seat 0 or 1)."""

    kind: str
    owner: int


Pieces = Sequence[Piece | None]
Effect = tuple[tuple[int, int], ...]

#: LEAD-3.2 weights of an adjacent enemy toward a capture (default 1): Archer 0 (LEAD-6.1),
#: Assassin 2 (LEAD-6.2), Cub 0 (LEAD-7.1).
ADJACENT_WEIGHT = {"Archer": 0, "Assassin": 2, "Cub": 0}
#: Characters with an active ability (LEAD-5), by the verbs they use.
ACTIVE = {"Acrobat": ("jump",), "Rider": ("ride",), "Bruiser": ("push",), "RoyalGuard": ("guard",),
          "Illusionist": ("swap",), "ClawLauncher": ("claw", "pull"), "Manipulator": ("manipulate",),
          "Wanderer": ("wander",), "Brewmaster": ("brew",)}


class Geometry:
    """Lookup tables of a hex board for the rules: neighbours, two-away cells in a line."""

    def __init__(self, board: HexBoard) -> None:
        self.board = board
        self.n = len(board.coords)
        self.step = board.step
        self.nbrs = tuple(tuple(j for j in row if j >= 0) for row in board.step)
        self.near2 = tuple(
            frozenset(j for j in range(self.n) if board.distance(board.names[i], board.names[j]) <= 2) for i in range(self.n)
        )
        self.two = tuple(
            tuple(board.step[m][k] if m >= 0 else -1 for k, m in enumerate(row)) for row in board.step
        )

    def ray(self, c: int, k: int) -> Iterator[int]:
        """Cells from c (exclusive) in direction k, to the edge of the board."""
        j = self.step[c][k]
        while j >= 0:
            yield j
            j = self.step[j][k]

    def first_seen(self, pieces: Pieces, c: int, k: int) -> tuple[int, int]:
        """LEAD-4.1: the first occupied cell seen from c in direction k and its distance
        (cells), or (-1, 0) if the line is empty to the edge."""
        d = 0
        for j in self.ray(c, k):
            d += 1
            if pieces[j] is not None:
                return j, d
        return -1, 0


def capture_score(g: Geometry, pieces: Pieces, lc: int, owner: int) -> int:
    """LEAD-3.2: capture points against the Leader of ``owner`` standing on ``lc``.

    Each adjacent enemy counts 1, but an adjacent Archer 0 (LEAD-6.1), an adjacent Assassin 2
    (LEAD-6.2) and the Cub 0 (LEAD-7.1); an enemy Archer exactly two cells away in a straight
    line counts 1 whatever stands between (LEAD-6.1). Two or more points capture.
    """
    score = 0
    for j in g.nbrs[lc]:
        pc = pieces[j]
        if pc is not None and pc.owner != owner:
            score += ADJACENT_WEIGHT.get(pc.kind, 1)
    for j in g.two[lc]:
        if j >= 0:
            pc = pieces[j]
            if pc is not None and pc.owner != owner and pc.kind == "Archer":
                score += 1
    return score


def leader_lost(g: Geometry, pieces: Pieces, lc: int, owner: int) -> str | None:
    """``"captured"`` (LEAD-3.2), ``"surrounded"`` (LEAD-3.3) or None for the Leader of
    ``owner`` on cell ``lc``."""
    if capture_score(g, pieces, lc, owner) >= 2:
        return "captured"
    for j in g.nbrs[lc]:
        if pieces[j] is None:
            return None
    return "surrounded"


def apply_effect(pieces: Sequence[Piece | None], effect: Effect) -> list[Piece | None]:
    """A new pieces list with the moves of ``effect`` made at once."""
    out = list(pieces)
    moving = [(pieces[a], b) for a, b in effect]
    for a, _ in effect:
        out[a] = None
    for pc, b in moving:
        out[b] = pc
    return out


def protected(g: Geometry, pieces: Pieces, c: int) -> bool:
    """LEAD-6.4: the piece on ``c`` is a Protector or stands next to an allied Protector, so
    enemy abilities cannot move it."""
    pc = pieces[c]
    if pc is None:
        return False
    if pc.kind == "Protector":
        return True
    return any(pieces[j] is not None and pieces[j] == ("Protector", pc.owner) for j in g.nbrs[c])


def jailed(g: Geometry, pieces: Pieces, c: int) -> bool:
    """LEAD-6.3: the piece on ``c`` stands next to an enemy Jailer (no active abilities)."""
    pc = pieces[c]
    assert pc is not None
    return any(pieces[j] is not None and pieces[j] == ("Jailer", 1 - pc.owner) for j in g.nbrs[c])


def moves(g: Geometry, pieces: Pieces, c: int, leader_has_vizier: bool) -> Iterator[tuple[str, int, int, Effect]]:
    """Ordinary moves of the piece on ``c``: ``("move", dest, -1, effect)``.

    LEAD-2.2: one step to a free adjacent cell. LEAD-6.5: a Leader whose side has the Vizier on
    the board may take a second step (ending anywhere but where it started, LEAD-D1).
    """
    seen = set()
    for j in g.nbrs[c]:
        if pieces[j] is None:
            seen.add(j)
            yield "move", j, -1, ((c, j),)
    if leader_has_vizier:
        for j in g.nbrs[c]:
            if pieces[j] is None:
                for m in g.nbrs[j]:
                    if m != c and m not in seen and pieces[m] is None:
                        seen.add(m)
                        yield "move", m, -1, ((c, m),)


def abilities(g: Geometry, pieces: Pieces, c: int, leader_cell: int) -> Iterator[tuple[str, int, int, Effect]]:
    """Every use of the active ability of the piece on ``c`` (LEAD-5), as
    ``(verb, target, dest, effect)`` with cell indices (dest -1 when the verb has one cell); LEAD-3.5 not applied.

    Jailer (LEAD-6.3) is checked by the caller; Protector immunity (LEAD-6.4) here. Each kind's
    ability is a function of its own (:data:`_ABILITIES`); a kind without one has no use.
    """
    kind, owner = pieces[c]  # type: ignore[misc]
    ability = _ABILITIES.get(kind)
    if ability is not None:
        yield from ability(g, pieces, c, owner, leader_cell)


def _acrobat(g: Geometry, pieces: Pieces, c: int, owner: int, leader_cell: int) -> Iterator[tuple[str, int, int, Effect]]:
    """LEAD-5.1: one jump over an adjacent character in a line, then may jump again (not back
    to ``c``, LEAD-D1)."""
    step = g.step
    first = []
    for k in range(6):
        x = step[c][k]
        if x >= 0 and pieces[x] is not None:
            y = step[x][k]
            if y >= 0 and pieces[y] is None:
                first.append(y)
    ends = set(first)
    for y in first:
        for k in range(6):
            x = step[y][k]
            if x >= 0 and x != c and pieces[x] is not None:
                z = step[x][k]
                if z >= 0 and z != c and pieces[z] is None:
                    ends.add(z)
    for z in sorted(ends):
        yield "jump", z, -1, ((c, z),)


def _rider(g: Geometry, pieces: Pieces, c: int, owner: int, leader_cell: int) -> Iterator[tuple[str, int, int, Effect]]:
    """LEAD-5.2: exactly two cells in a line, both free."""
    step = g.step
    for k in range(6):
        a = step[c][k]
        if a >= 0 and pieces[a] is None:
            b = step[a][k]
            if b >= 0 and pieces[b] is None:
                yield "ride", b, -1, ((c, b),)


def _bruiser(g: Geometry, pieces: Pieces, c: int, owner: int, leader_cell: int) -> Iterator[tuple[str, int, int, Effect]]:
    """LEAD-5.3: enter an adjacent enemy's cell, pushing it to one of the three cells behind."""
    step = g.step
    for k in range(6):
        x = step[c][k]
        px = pieces[x] if x >= 0 else None
        if px is None or px.owner == owner or protected(g, pieces, x):
            continue
        for kk in ((k + 5) % 6, k, (k + 1) % 6):
            y = step[x][kk]
            if y >= 0 and pieces[y] is None:
                yield "push", x, y, ((x, y), (c, x))


def _royal_guard(g: Geometry, pieces: Pieces, c: int, owner: int,
                 leader_cell: int) -> Iterator[tuple[str, int, int, Effect]]:
    """LEAD-5.4: to a free cell next to its own Leader, then may step once."""
    ends = set()
    for a in g.nbrs[leader_cell]:
        if pieces[a] is None:
            ends.add(a)
            for b in g.nbrs[a]:
                if b != c and pieces[b] is None:
                    ends.add(b)
    for z in sorted(ends):
        yield "guard", z, -1, ((c, z),)


def _illusionist(g: Geometry, pieces: Pieces, c: int, owner: int,
                 leader_cell: int) -> Iterator[tuple[str, int, int, Effect]]:
    """LEAD-5.5: swap with a seen, non-adjacent character."""
    for k in range(6):
        t, d = g.first_seen(pieces, c, k)
        if t >= 0 and d >= 2 and not (pieces[t].owner != owner and protected(g, pieces, t)):  # type: ignore[union-attr]
            yield "swap", t, -1, ((c, t), (t, c))


def _claw_launcher(g: Geometry, pieces: Pieces, c: int, owner: int,
                   leader_cell: int) -> Iterator[tuple[str, int, int, Effect]]:
    """LEAD-5.6: fly to a seen character, or pull it in."""
    for k in range(6):
        t, d = g.first_seen(pieces, c, k)
        if t >= 0 and d >= 2:
            cells = list(g.ray(c, k))
            yield "claw", cells[d - 2], -1, ((c, cells[d - 2]),)
            if not (pieces[t].owner != owner and protected(g, pieces, t)):  # type: ignore[union-attr]
                yield "pull", t, -1, ((t, cells[0]),)


def _manipulator(g: Geometry, pieces: Pieces, c: int, owner: int,
                 leader_cell: int) -> Iterator[tuple[str, int, int, Effect]]:
    """LEAD-5.7: move a seen, non-adjacent enemy one cell."""
    for k in range(6):
        t, d = g.first_seen(pieces, c, k)
        if t >= 0 and d >= 2 and pieces[t].owner != owner and not protected(g, pieces, t):  # type: ignore[union-attr]
            for y in g.nbrs[t]:
                if pieces[y] is None:
                    yield "manipulate", t, y, ((t, y),)


def _wanderer(g: Geometry, pieces: Pieces, c: int, owner: int, leader_cell: int) -> Iterator[tuple[str, int, int, Effect]]:
    """LEAD-5.8: to any free cell not next to an enemy."""
    for z in range(g.n):
        if pieces[z] is None and not any(
            pieces[j] is not None and pieces[j].owner != owner for j in g.nbrs[z]  # type: ignore[union-attr]
        ):
            yield "wander", z, -1, ((c, z),)


def _brewmaster(g: Geometry, pieces: Pieces, c: int, owner: int,
                leader_cell: int) -> Iterator[tuple[str, int, int, Effect]]:
    """LEAD-5.9: move an adjacent ally one cell (its Leader too, LEAD-D10)."""
    for x in g.nbrs[c]:
        if pieces[x] is not None and pieces[x].owner == owner:  # type: ignore[union-attr]
            for y in g.nbrs[x]:
                if pieces[y] is None:
                    yield "brew", x, y, ((x, y),)


#: The active ability of each kind that has one (LEAD-5.1 .. LEAD-5.9): ``f(g, pieces, c,
#: owner, leader_cell)`` yields its uses for :func:`abilities`.
_ABILITIES: dict[str, Callable[[Geometry, Pieces, int, int, int], Iterator[tuple[str, int, int, Effect]]]] = {
    "Acrobat": _acrobat, "Rider": _rider, "Bruiser": _bruiser, "RoyalGuard": _royal_guard,
    "Illusionist": _illusionist, "ClawLauncher": _claw_launcher, "Manipulator": _manipulator,
    "Wanderer": _wanderer, "Brewmaster": _brewmaster,
}


def nemesis_ends(g: Geometry, pieces: Pieces, n: int) -> list[int]:
    """LEAD-7.2 (no Jailer or Protector applies to it, LEAD-D5): where the Nemesis on ``n`` may end its forced move: after two single steps
    through free cells, not where it started; if no two-step path exists, one step; else []
    (it stays)."""
    two = set()
    for a in g.nbrs[n]:
        if pieces[a] is None:
            for b in g.nbrs[a]:
                if b != n and pieces[b] is None:
                    two.add(b)
    if two:
        return sorted(two)
    return sorted(a for a in g.nbrs[n] if pieces[a] is None)
