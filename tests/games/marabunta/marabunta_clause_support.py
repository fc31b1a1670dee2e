"""Shared setup of the Marabunta clause tests (tests/games/marabunta/test_marabunta_clauses_*.py):
one or more tests per clause of ``data/rules/marabunta.yaml`` (MARA-1.1 .. MARA-10, MARA-D1 .. MARA-D11), under the
seed's rules unless a test says otherwise.

Each test names its clause (``test_MARA_4_5_...``) and quotes the id in its docstring.
Positions are set up with ``game.state_from_position`` (see
``boardkit/games/marabunta/position.py``) at the split of a round with a chosen tile and
roll; ``split``/``take`` actions then reach the carrying-out phase. The splitter of every
position is red (player 0), so blue (player 1) is the chooser and carries out its pool first.
Refused actions name their clause, say why in words and leave the state unchanged.

Map reminder (data/boards/marabunta.yaml, fields a1 .. k11): yellow h6 h7 i6 i7 i8 j6 j7 j8 j9
k6 k7 k8 k9 k10; orange h8 g8 i9 h9 g9 j10 i10 h10 g10 k11 j11 i11 h11 g11; green f8 e7 f9 e8 d7
f10 e9 d8 c7 f11 e10 d9 c8 b7; teal d6 d5 c6 c5 c4 b6 b5 b4 b3 a6 a5 a4 a3 a2; purple d4 e4 c3
d3 e3 b2 c2 d2 e2 a1 b1 c1 d1 e1; brown f4 g5 f3 g4 h5 f2 g3 h4 i5 f1 g2 h3 i4 j5. Cupcake
fields a3 c5 c8 d1 d3 e8 g4 h11 h9 i4 i7 k9; crate fields a5 b1 b2 b6 e10 f10 f2 g2 j10 j11 j6 k7.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import boardkit
from boardkit import IllegalActionError
from boardkit.core.paths import DATA_DIR

#: The positions below start on an empty territory; most tests write a player's first number to
#: try another clause, so they use the variant first_number="free" (MARA-4.5), which changes
#: nothing else. SEED is the default game (rules="seed"), PUBLISHED the published profile; the
#: tests of MARA-3.3, MARA-3.6 and MARA-4.5 compare them.
GAME = boardkit.load_game("marabunta", first_number="free")
SEED = boardkit.load_game("marabunta")
PUBLISHED = boardkit.load_game("marabunta", rules="published")
REGIONS = list(GAME.regions)
SHUFFLED = list(GAME.tiles)
GROUPS = dict(zip(GAME.groups, GAME.group_size))  # every crate group complete
NAMES = GAME.board.names
CUPCAKES = sorted(NAMES[f] for f in GAME.cupcake_fields)
CRATES = sorted(NAMES[f] for f in GAME.crate_fields)
FIELDS_OF = {r: [NAMES[f] for f in GAME.region_fields[k]] for k, r in enumerate(REGIONS)}
TERRITORY = GAME.territory()  # field -> region, special, neighbours
DEFAULT_DATA = DATA_DIR / "marabunta" / "default.yaml"


def position(tile: str = "cupcake", roll: dict | None = None, game=GAME, **extra):
    """A position at the split, red splitting: ``roll`` overrides faces (default: all circle).
    A shuffled tile is set in round 1 (or ``round``), the crossed-cupcake tile in round 8."""
    d = dict(extra)
    d["tile"] = tile
    if tile != "cupcake":
        d.setdefault("round", 1)
        d.setdefault("tiles_left", [t for t in SHUFFLED if t != tile][: 7 - d["round"]])
    else:
        d.setdefault("round", 8)
    faces = {c: "circle" for c in REGIONS}
    faces.update(roll or {})
    d["roll"] = faces
    return game.state_from_position(d)


def carrying(pool: str, tile: str = "cupcake", roll: dict | None = None, game=GAME, **extra):
    """Blue (the chooser) carrying out ``pool`` (e.g. ``"yellow orange"`` or ``"tile"``)."""
    s = position(tile, roll, game, **extra)
    s.apply_action(f"split {pool}")
    s.apply_action(f"take {pool}")
    assert obs(s, "phase") == "pool"
    return s


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def obs(state, key: str):
    return state.observation(None)[key]


def field(state, name: str) -> str | None:
    """The field as the observation shows it: "red 2", "blue 0", "x" (crossed) or None."""
    return state.observation(None)["fields"].get(name)


def player(state, p: int) -> dict:
    return state.observation(None)["players"][p]


def _kind(text: str) -> str:
    """The kind of a part described in words ("write 0 next to d5", "cross a crate", ...)."""
    if text.startswith("write"):
        return "number"
    for word, kind in (("crate", "crate"), ("circle", "circle"), ("cupcake", "cupcake field"), ("cross", "field")):
        if word in text:
            return kind
    raise AssertionError(text)


def pending(state) -> list[str]:
    """The kinds of the parts in progress, the next first (observation "pending")."""
    return [_kind(t) for t in obs(state, "pending")]


def lost_parts(state) -> list[tuple[str, str]]:
    """(player, kind) of the parts lost this round for want of a legal place (MARA-D2)."""
    out = []
    for t in obs(state, "lost"):
        if "no legal place" in t:
            who, what = t.split(" lost", 1)
            out.append((who, _kind(what.strip(": "))))
    return out


def play(state, *actions: str):
    for a in actions:
        state.apply_action(a)
    return state


def snapshot(state):
    return (state.to_json(), state.observation(None), legal(state), state.current_player())


def refused(state, action: str, clause: str, words: str = "") -> IllegalActionError:
    """``action`` raises IllegalActionError naming ``clause`` (reason containing ``words``)
    and leaves ``state`` unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    err = info.value
    assert err.clause == clause, err
    assert words in err.reason, err
    assert err.reason and not err.reason.startswith("MARA")  # a reason in words
    assert snapshot(state) == before
    why = state.why_illegal(action)
    assert why is not None and why.clause == clause
    return err


def writes(state, prefix: str = "") -> set[str]:
    """Fields of the legal writes (without ant) starting with ``prefix``."""
    return {a.split()[-1] for a in legal(state) if a.startswith(prefix) and not a.endswith(" ant")}


def ant_writes(state, prefix: str = "") -> set[str]:
    return {a.split()[-2] for a in legal(state) if a.startswith(prefix) and a.endswith(" ant")}


def crossed_except(*keep: str, among=None) -> dict[str, str]:
    """Every field of ``among`` (default: every cupcake field) crossed, except ``keep``."""
    return {f: "x" for f in (among if among is not None else CUPCAKES) if f not in keep}


def data_copy(tmp_path: Path, **changes) -> str:
    doc = yaml.safe_load(DEFAULT_DATA.read_text(encoding="utf-8"))
    doc.update(changes)
    path = tmp_path / "marabunta-copy.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return str(path)


def finish_round(state) -> None:
    """Play the first legal action until the round is over (a new round or the end)."""
    rnd = state.round
    while not state.is_terminal() and not state.is_chance_node() and state.round == rnd:
        state.apply_action(state.legal_actions()[0])


def _power(group: str, **extra):
    """Blue, with a number on h6, crosses the last crate of ``group`` with the purple die."""
    players = {"blue": {"crates": {group: GROUPS[group] - 1}}}
    s = carrying("purple", roll={"purple": "crate"}, fields={"h6": "blue 1"}, players=players, **extra)
    s.apply_action(f"purple crate {group}")
    return s
# all crates crossed: crate dice cannot be used (MARA-D8); cupcakes2 gives 2 cupcakes, points 3
_DONE = {"crates": GROUPS}


def _last_cupcake(fields: dict[str, str], chooser_takes_tile: bool = True):
    """Round 8, every crate crossed, every cupcake field but i7 done, all dice crates: only
    the crossed-cupcake tile acts; its carrier triggers the end."""
    fields = {**crossed_except("i7"), **fields}
    s = position(roll={c: "crate" for c in REGIONS}, fields=fields, players={"red": _DONE, "blue": _DONE})
    s.apply_action("split tile")
    s.apply_action("take tile" if chooser_takes_tile else "take yellow orange green teal purple brown")
    s.apply_action("tile cross i7")
    assert s.is_terminal()
    return s
