"""Battle Royale arena analyses (boardkit.analysis.battle_royale): every asserted number is computed
twice, once by the module (networkx) and once by an independent oracle written here on plain
(col, row) coordinates (union-find, BFS, path enumeration, Monte Carlo).

Clauses: BR-1.1, BR-1.5 (layouts), BR-4.2 (explosions, articulation), BR-4, BR-4.1 (Doom
rolls), BR-2.2 (reach). Source: shared/rules/battle_royale.md, seed 000_c2cb631045ea0dc6.txt.
"""

from __future__ import annotations

import doctest
import functools
import itertools
import random
from fractions import Fraction

import networkx as nx
import pytest

from boardkit.analysis import battle_royale as A
from boardkit.analysis.stats import wilson

# ----------------------------------------------------------------- independent oracle

CELLS = [(c, r) for r in range(5) for c in range(5)]
CENTRE = (2, 2)
DIE = ["move", "move", "explosion", "explosion", "battle", "battle"]


def nm(cell: tuple[int, int]) -> str:
    return "abcde"[cell[0]] + str(cell[1] + 1)


def cell(n: str) -> tuple[int, int]:
    return ("abcde".index(n[0]), int(n[1]) - 1)


def ortho(p: tuple[int, int]) -> list[tuple[int, int]]:
    c, r = p
    return [(c + dc, r + dr) for dc, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)) if 0 <= c + dc < 5 and 0 <= r + dr < 5]


def king(p: tuple[int, int]) -> list[tuple[int, int]]:
    c, r = p
    return [(c + dc, r + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)
            if (dc or dr) and 0 <= c + dc < 5 and 0 <= r + dr < 5]


def uf_connected(present: set[tuple[int, int]]) -> bool:
    """Union-find: all present cells in one class with the centre."""
    parent = {p: p for p in present}

    def find(x: tuple[int, int]) -> tuple[int, int]:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for p in present:
        for q in ((p[0] + 1, p[1]), (p[0], p[1] + 1)):
            if q in present:
                parent[find(p)] = find(q)
    return CENTRE in present and len({find(p) for p in present}) == 1


def bfs_from_centre(present: set[tuple[int, int]]) -> set[tuple[int, int]]:
    if CENTRE not in present:
        return set()
    seen = {CENTRE}
    stack = [CENTRE]
    while stack:
        u = stack.pop()
        for v in ortho(u):
            if v in present and v not in seen:
                seen.add(v)
                stack.append(v)
    return seen


def blast(present: set[tuple[int, int]], at: tuple[int, int]) -> set[tuple[int, int]]:
    """Tiles lost when ``at`` explodes (BR-4.2), by BFS."""
    before = bfs_from_centre(present)
    return (before - bfs_from_centre(present - {at})) | {at}


def names(cells: set[tuple[int, int]]) -> set[str]:
    return {nm(p) for p in cells}


FIRST = set(CELLS) - {cell(n) for n in ("b5", "e4", "a2", "d1")}


def oracle_layouts() -> list[frozenset[tuple[int, int]]]:
    others = [p for p in CELLS if p != CENTRE]
    return [frozenset(rem) for rem in itertools.combinations(others, 4) if uf_connected(set(CELLS) - set(rem))]


# ----------------------------------------------------------------- BR-1.1 geometry and layouts

def test_doctests_pass() -> None:
    result = doctest.testmod(A)
    assert result.failed == 0 and result.attempted >= 25


def test_BR_1_1_frame_graph_invariants() -> None:
    g = A.frame()
    assert g.number_of_nodes() == 25 and g.number_of_edges() == 40  # 2 * 5 * 4
    assert sorted(d for _, d in g.degree()) == sorted(len(ortho(p)) for p in CELLS)
    assert [n for n, goal in g.nodes(data="goal") if goal] == ["c3"]
    assert nx.is_connected(g)
    ag = A.arena_graph(A.first_layout())
    assert ag.number_of_nodes() == 21 and ag.nodes["c3"]["goal"] is True
    assert {frozenset(e) for e in ag.edges} == {
        frozenset((nm(p), nm(q))) for p in FIRST for q in ortho(p) if q in FIRST}


def test_BR_1_1_is_valid_arena_matches_union_find() -> None:
    rng = random.Random(11)
    for _ in range(400):
        present = {p for p in CELLS if rng.random() < 0.7}
        assert A.is_valid_arena(names(present)) == uf_connected(present)
    assert A.is_valid_arena(A.POSITIONS) and not A.is_valid_arena(set(A.POSITIONS) - {"c3"})
    with pytest.raises(ValueError, match="f6"):
        A.is_valid_arena(["c3", "f6"])


def test_BR_1_1_layout_from_removed_errors_name_tile_and_clause() -> None:
    assert A.layout_from_removed(["b5", "e4", "a2", "d1"]) == names(FIRST) == A.first_layout()
    with pytest.raises(ValueError, match=r"BR-1.1: the goal tile c3 can never be removed"):
        A.layout_from_removed(["c3", "a1", "a2", "a3"])
    with pytest.raises(ValueError, match=r"BR-1.1: tile a1 is named twice"):
        A.layout_from_removed(["a1", "a1", "b2", "e5"])
    with pytest.raises(ValueError, match=r"BR-1.1: removed tile 'z9' is not a position"):
        A.layout_from_removed(["z9", "a1", "b2", "e5"])
    with pytest.raises(ValueError, match=r"BR-1.1: exactly 4 tiles"):
        A.layout_from_removed(["a1", "b2"])
    assert len(A.layout_from_removed(["a1", "b2"], n_removed=None)) == 23
    with pytest.raises(ValueError, match=r"BR-1.1: removing b3 c4 d3 c2 cuts .*a1.* off from the goal tile c3"):
        A.layout_from_removed(["b3", "c4", "d3", "c2"])
    with pytest.raises(ValueError, match=r"cuts e5 off"):
        A.layout_from_removed(["d5", "e4", "a1", "a5"])


@pytest.mark.parametrize("removed", [["c3", "a1", "a2", "a3"], ["a1"], ["a1", "a2", "b1", "e5", "e4"],
                                     ["a1", "a1", "b2", "e5"], ["a2", "b1", "d5", "e5"]])
def test_BR_1_1_canonical_layout_refuses_what_is_no_layout(removed) -> None:
    """BR-1.1: canonical_layout of the goal among the removed tiles, of 1 or 5 tiles, of a tile
    named twice or of a removal that cuts a tile off returned a "layout"; it refuses them as
    layout_from_removed does, naming the tiles and the clause (n_removed=None: any number)."""
    with pytest.raises(ValueError, match="BR-1.1") as info:
        A.canonical_layout(removed)
    with pytest.raises(ValueError) as again:
        A.layout_from_removed(removed)
    assert str(info.value) == str(again.value)
    assert A.canonical_layout(iter(["e5", "e4", "d5", "a1"])) == A.canonical_layout(["a1", "a2", "b1", "e5"])
    assert A.canonical_layout(["e5"], n_removed=None) == ("a1",)


@pytest.mark.parametrize("n", [-1, 25, 2.0, True, "4"])
def test_BR_1_1_layout_from_removed_refuses_a_bad_n_removed(n) -> None:
    """BR-1.1: layout_from_removed(["a1"], n_removed=-1) said "exactly -1 tiles are removed";
    n_removed is a whole number of tiles 0 .. 24 or None, refused naming it."""
    with pytest.raises(ValueError, match=r"n_removed: a whole number of tiles 0 \.\. 24") as info:
        A.layout_from_removed(["a1"], n_removed=n)
    assert repr(n) in str(info.value)
    with pytest.raises(ValueError, match="n_removed"):
        A.canonical_layout(["a1"], n_removed=n)
    assert len(A.layout_from_removed([], n_removed=0)) == 25


def test_BR_1_1_BR_1_5_count_layouts_two_ways() -> None:
    mine = oracle_layouts()
    assert len(mine) == A.count_layouts() == 9283
    assert {frozenset(cell(n) for n in rem) for rem in A.valid_layouts()} == set(mine)
    assert len(list(itertools.combinations(range(24), 4))) == 10626
    assert tuple(sorted(("b5", "e4", "a2", "d1"), key=A.POSITIONS.index)) in A.valid_layouts()


def _oracle_symmetries() -> list:
    """The 8 elements of D4 as integer matrices acting on coordinates about the centre."""
    mats = []
    for a, b, c, d in itertools.product((-1, 0, 1), repeat=4):
        if a * d - b * c in (1, -1) and (a * a + c * c, b * b + d * d, a * b + c * d) == (1, 1, 0):
            mats.append((a, b, c, d))
    assert len(mats) == 8
    return [lambda p, m=m: (2 + m[0] * (p[0] - 2) + m[1] * (p[1] - 2), 2 + m[2] * (p[0] - 2) + m[3] * (p[1] - 2))
            for m in mats]


def test_BR_1_1_BR_1_5_layouts_up_to_symmetry_two_ways() -> None:
    syms = _oracle_symmetries()
    layouts = set(oracle_layouts())
    # Orbit enumeration: pick a layout, strike out its whole orbit, count.
    left = set(layouts)
    orbits = 0
    sizes: dict[int, int] = {}
    while left:
        rem = left.pop()
        orbit = {frozenset(g(p) for p in rem) for g in syms}
        assert orbit <= layouts  # validity is invariant: every symmetry fixes the goal
        left -= orbit
        orbits += 1
        sizes[len(orbit)] = sizes.get(len(orbit), 0) + 1
    # Burnside done here by brute force over all 9283 layouts.
    fixed = sorted(sum(frozenset(g(p) for p in rem) == rem for rem in layouts) for g in syms)
    assert sum(fixed) % 8 == 0 and sum(fixed) // 8 == orbits
    assert orbits == A.count_layouts_up_to_symmetry() == len(A.layout_orbits()) == 1212
    assert fixed == sorted(A.burnside_fixed_counts().values()) == [5, 5, 63, 71, 71, 99, 99, 9283]
    assert sum(k * v for k, v in sizes.items()) == 9283
    assert sorted(A.layout_orbits().values()) == sorted(k for k, v in sizes.items() for _ in range(v))


def test_BR_1_1_symmetries_are_d4() -> None:
    tables = A.SYMMETRIES.values()
    assert len({tuple(t[p] for p in A.POSITIONS) for t in tables}) == 8
    mine = {tuple(nm(g(cell(p))) for p in A.POSITIONS) for g in _oracle_symmetries()}
    assert {tuple(t[p] for p in A.POSITIONS) for t in tables} == mine
    assert all(t["c3"] == "c3" for t in tables)
    assert A.canonical_layout(("b5", "e4", "a2", "d1")) == A.canonical_layout(A.apply_symmetry("flip_diag", ("b5", "e4", "a2", "d1")))


# ----------------------------------------------------------------- BR-4.2 articulation, explosions

def test_BR_4_2_articulation_tiles_first_layout_two_ways() -> None:
    brute = sorted((p for p in FIRST if p != CENTRE and blast(FIRST, p) != {p}), key=lambda p: (p[1], p[0]))
    assert [nm(p) for p in brute] == A.articulation_tiles(A.first_layout()) == ["b1", "e2", "a4", "d5"]


def test_BR_4_2_articulation_tiles_random_arenas() -> None:
    rng = random.Random(5)
    for _ in range(300):
        present = {p for p in CELLS if p == CENTRE or rng.random() < 0.75}
        brute = {p for p in bfs_from_centre(present) if p != CENTRE and blast(present, p) != {p}}
        assert set(A.articulation_tiles(names(present))) == names(brute)


def test_BR_4_2_explosion_first_layout_every_position() -> None:
    tiles = A.first_layout()
    figs = A.starting_figures(tiles)  # 2 players: red, blue on all 21; grey on c4 and c2
    assert sum(sum(v.values()) for v in figs.values()) == 44
    table = A.explosion_table(tiles, figs)
    assert list(table) == list(A.POSITIONS)
    for p in CELLS:
        row = table[nm(p)]
        if p == CENTRE or p not in FIRST:
            assert not row["explodes"] and row["tiles"] == [] and row["figures_lost"] == 0
            assert A.explosion(tiles, figs, nm(p)).move_instead
            continue
        lost = blast(FIRST, p)
        assert set(row["tiles"]) == names(lost) and row["tiles_lost"] == len(lost)
        assert row["figures_lost"] == sum(sum(figs[nm(q)].values()) for q in lost)
        r = A.explosion(tiles, figs, nm(p))
        assert r.exploded and r.tiles == names(FIRST - lost) and A.is_valid_arena(r.tiles)
    lost_by = {p: row["tiles_lost"] for p, row in table.items() if row["explodes"]}
    assert {p for p, n in lost_by.items() if n == 2} == {"b1", "e2", "a4", "d5"}
    assert len(lost_by) == 20 and sum(lost_by.values()) == 24
    assert table["c4"]["figures"] == {"red": 1, "blue": 1, "grey": 1}
    assert A.explosion(tiles, figs, "a4").figures_removed == {"red": 2, "blue": 2}


def test_BR_4_2_explosion_random_arenas_and_figures() -> None:
    rng = random.Random(3)
    for _ in range(200):
        present = bfs_from_centre({p for p in CELLS if p == CENTRE or rng.random() < 0.8})
        figs = {nm(p): {"red": rng.randint(0, 3), "blue": rng.randint(0, 3)} for p in present}
        at = rng.choice(CELLS)
        r = A.explosion(names(present), figs, nm(at))
        if at == CENTRE or at not in present:
            assert r.move_instead and r.removed == () and r.tiles == names(present)
            continue
        lost = blast(present, at)
        assert set(r.removed) == names(lost)
        for colour in ("red", "blue"):
            assert r.figures_removed.get(colour, 0) == sum(figs[nm(q)][colour] for q in lost)


def test_BR_4_2_explosion_errors() -> None:
    with pytest.raises(ValueError, match="not a present tile"):
        A.explosion(A.first_layout(), {"a2": {"red": 1}}, "b1")
    with pytest.raises(ValueError, match="goal tile c3 must be present"):
        A.explosion({"a1"}, {}, "a1")
    with pytest.raises(ValueError, match="BR-4.2: the goal tile c3 is never removed"):
        A.cut_off(A.first_layout(), "c3")


# ----------------------------------------------------------------- BR-4, BR-4.1 Doom rolls

@functools.cache
def o_move(present: frozenset, elim: tuple[int, int], policy: str) -> dict:
    moves = [q for q in king(elim) if q in present]
    if not moves:
        return {elim: Fraction(1)}
    if policy == "uniform":
        return {q: Fraction(1, len(moves)) for q in moves}

    def dmg(q: tuple[int, int]) -> int:
        return 0 if q == CENTRE else len(blast(set(present), q))

    pick = sorted(moves, key=lambda q: ((-1 if policy == "max_damage" else 1) * dmg(q), nm(q)))[0]
    return {pick: Fraction(1)}


def o_roll(present: frozenset, elim: tuple[int, int], face: str, policy: str) -> dict:
    """``{(present, elim): probability}`` after one face, by the oracle."""
    if face == "battle":
        return {(present, elim): Fraction(1)}
    if face == "explosion" and elim != CENTRE and elim in present:
        return {(present - frozenset(blast(set(present), elim)), elim): Fraction(1)}
    return {(present, q): p for q, p in o_move(present, elim, policy).items()}


def o_exact(present: frozenset, elim: tuple[int, int], k: int, policy: str) -> dict[int, Fraction]:
    """Brute force over all 6**k face sequences (each face of the die listed separately)."""
    out: dict[int, Fraction] = {}
    for seq in itertools.product(DIE, repeat=k):
        states = {(present, elim): Fraction(1)}
        for face in seq:
            nxt: dict = {}
            for (s, e), p in states.items():
                for st, q in o_roll(s, e, face, policy).items():
                    nxt[st] = nxt.get(st, 0) + p * q
            states = nxt
        for (s, _), p in states.items():
            n = len(present) - len(s)
            out[n] = out.get(n, 0) + p * Fraction(1, 6 ** k)
    return out


def o_sample(present: frozenset, elim: tuple[int, int], k: int, policy: str, rng: random.Random) -> int:
    s, e = present, elim
    for _ in range(k):
        face = rng.choice(DIE)
        if face == "explosion" and e != CENTRE and e in s:
            s = s - frozenset(blast(set(s), e))
        elif face != "battle":
            moves = [q for q in king(e) if q in s]
            if moves:
                e = rng.choice(moves) if policy == "uniform" else next(iter(o_move(s, e, policy)))
    return len(present) - len(s)


@pytest.mark.parametrize("policy", A.POLICIES)
def test_BR_4_1_BR_4_2_doom_k1_every_position_brute_force(policy: str) -> None:
    tiles = A.first_layout()
    for p in CELLS:
        exact = A.doom_tiles_lost(tiles, nm(p), k=1, policy=policy)
        assert dict(exact.items()) == o_exact(frozenset(FIRST), p, 1, policy), (policy, nm(p))


@pytest.mark.parametrize("policy", A.POLICIES)
def test_BR_4_doom_k2_exact_brute_force(policy: str) -> None:
    tiles = A.first_layout()
    for p in CELLS:
        assert dict(A.doom_tiles_lost(tiles, nm(p), k=2, policy=policy).items()) == o_exact(frozenset(FIRST), p, 2, policy)


def test_BR_4_doom_first_layout_from_goal_numbers() -> None:
    """From the start position (Eliminator under c3, BR-1.2): the first roll never costs a tile."""
    tiles = A.first_layout()
    assert dict(A.doom_tiles_lost(tiles, "c3", k=1).items()) == {0: 1}
    for policy in A.POLICIES:
        assert dict(A.doom_tiles_lost(tiles, "c3", k=2, policy=policy).items()) == {0: Fraction(7, 9), 1: Fraction(2, 9)}
    k3 = {pol: dict(A.doom_tiles_lost(tiles, "c3", k=3, policy=pol).items()) for pol in A.POLICIES}
    assert k3["max_damage"] == {0: Fraction(5, 9), 1: Fraction(10, 27), 2: Fraction(2, 27)}
    assert k3["uniform"] == {0: Fraction(107, 189), 1: Fraction(80, 189), 2: Fraction(2, 189)}
    for pol in A.POLICIES:
        assert k3[pol] == o_exact(frozenset(FIRST), CENTRE, 3, pol)


@pytest.mark.parametrize("start,policy", [("b2", "uniform"), ("b2", "max_damage"), ("a2", "uniform"), ("d4", "uniform")])
def test_BR_4_doom_k2_monte_carlo_within_wilson_99(start: str, policy: str) -> None:
    tiles = A.first_layout()
    exact = A.doom_tiles_lost(tiles, start, k=2, policy=policy)
    rng = random.Random(f"arena-{start}-{policy}")
    n = 20_000
    counts: dict[int, int] = {}
    for _ in range(n):
        lost = o_sample(frozenset(FIRST), cell(start), 2, policy, rng)
        counts[lost] = counts.get(lost, 0) + 1
    assert set(counts) <= set(exact.outcomes())
    for outcome in exact.outcomes():
        est = wilson(counts.get(outcome, 0), n, level=0.99)
        assert est.contains(exact.probability(outcome)), (start, policy, outcome, str(est), exact)


def test_BR_4_doom_die_argument_and_errors() -> None:
    tiles = A.first_layout()
    assert dict(A.doom_tiles_lost(tiles, "b1", die=["explosion"], k=1).items()) == {2: 1}
    assert A.doom_tiles_lost(tiles, "b1", die=["battle"], k=5) == A.doom_tiles_lost(tiles, "b1", k=0)
    with pytest.raises(ValueError, match="BR-4: Doom die face"):
        A.doom_tiles_lost(tiles, "b1", die=["boom"])
    with pytest.raises(ValueError, match="unknown Eliminator policy"):
        A.doom_tiles_lost(tiles, "b1", policy="nice")
    # All surrounding positions holes: a Move leaves the Eliminator where it is (BR-4.1).
    assert A.eliminator_moves({"c3", "a1"}, "a1") == []
    assert dict(A.doom_tiles_lost({"c3", "e5"}, "a1", die=["move", "explosion"], k=3).items()) == {0: 1}


# ----------------------------------------------------------------- BR-2.2 reach

def brute_reach(present: set, start: tuple[int, int], steps: int, diagonal: bool) -> dict[tuple[int, int], int]:
    """Enumerate every move of at most ``steps`` steps entering no tile twice (BR-2.2)."""
    best: dict[tuple[int, int], int] = {}

    def walk(p: tuple[int, int], used: int, visited: frozenset) -> None:
        best[p] = min(best.get(p, used), used)
        if used == steps:
            return
        for q in (king(p) if diagonal else ortho(p)):
            if q in present and q not in visited:
                walk(q, used + 1, visited | {q})

    walk(start, 0, frozenset({start}))
    return best


def test_BR_2_2_reachable_tiles_match_path_enumeration() -> None:
    rng = random.Random(2)
    arenas = [FIRST] + [bfs_from_centre({p for p in CELLS if p == CENTRE or rng.random() < 0.75}) for _ in range(4)]
    for present in arenas:
        for start in present:
            for steps in range(4):
                for diagonal in (False, True):
                    got = A.reachable_tiles(names(present), nm(start), steps, diagonal)
                    assert got == {nm(p): d for p, d in brute_reach(present, start, steps, diagonal).items()}


def test_BR_2_2_reachable_tiles_first_layout_numbers() -> None:
    tiles = A.first_layout()
    assert A.reachable_tiles(tiles, "a1", 2) == {"a1": 0, "b1": 1, "c1": 2, "b2": 2}
    assert A.reachable_tiles(tiles, "a1", 1, diagonal=True) == {"a1": 0, "b1": 1, "b2": 1}
    full = A.reachable_tiles(tiles, "c3", 10)
    assert full == dict(nx.single_source_shortest_path_length(A.arena_graph(tiles), "c3"))
    assert len(full) == 21 and max(full.values()) == 4
    with pytest.raises(ValueError, match="BR-2.2: start 'a2' is not a present tile"):
        A.reachable_tiles(tiles, "a2", 2)
