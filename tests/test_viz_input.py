"""Bad input to the pictures of boardkit.viz is refused with a ValueError naming the argument and
the value, never a KeyError, AttributeError or TypeError from inside the drawing: states and
observations of other games, garbage, the game's own observation with one entry spoiled (None,
text, a number, a mapping, a list where it does not belong, or left out) or spoiled inside (a
cell, a kind, a die, a sheet, a player board), and keyword arguments of the wrong kind
(highlights, selected, path, ant_fields, sizes, values, title, colorscale). Valid observations
of states along random games still draw."""

from __future__ import annotations

import copy
import inspect
import random
from typing import Any, Callable

import pytest

import boardkit

pytest.importorskip("plotly")

import boardkit.viz.armageddon as VA  # noqa: E402
import boardkit.viz.battle_royale as VB  # noqa: E402
import boardkit.viz.gridhunt as VG  # noqa: E402
import boardkit.viz.leaders as VL  # noqa: E402
import boardkit.viz.marabunta as VM  # noqa: E402

GAMES = ("armageddon", "battle_royale", "gridhunt", "leaders", "marabunta")

#: The public pictures of each game that draw a state or an observation.
FUNCS: dict[str, list[Callable[..., Any]]] = {
    "armageddon": [VA.board_svg, VA.board_figure, VA.state_svg, VA.summary_text, VA.mines_text],
    "battle_royale": [VB.arena_svg, VB.arena_figure, VB.state_svg, VB.explosion_losses],
    "gridhunt": [VG.grid_svg, VG.grid_figure, VG.state_svg, VG.grid_view],
    "leaders": [VL.hex_figure, VL.hex_svg, VL.state_svg],
    "marabunta": [VM.territory_svg, VM.sheets_svg, VM.panels_html, VM.players_html, VM.round_html, VM.state_svg,
                  VM.region_sums],
}


def _played(name: str, steps: int = 40, seed: int = 3) -> Any:
    s = boardkit.load_game(name).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        boardkit.random_step(s, rng)
    return s


@pytest.fixture(scope="module")
def states() -> dict[str, Any]:
    return {n: _played(n) for n in GAMES}


def _inputs(states: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for n, s in states.items():
        out |= {f"state:{n}": s, f"obs(None):{n}": s.observation(None), f"obs(1):{n}": s.observation(1),
                f"pub:{n}": s.public_observation(), f"game:{n}": s.game}
    return out | {"None": None, "int": 42, "str": "hello", "list": [], "emptydict": {}, "dict-junk": {"a": 1},
                  "float": 1.5}


def _spoiled(obs: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The observation with one entry replaced by None, text, a number, a mapping or a list,
    or left out (the trial's corruptions)."""
    out = {}
    for k in list(obs)[:30]:
        for label, v in (("None", None), ("str", "x"), ("int", -1), ("dict", {}), ("list", [1])):
            o = copy.deepcopy(obs)
            o[k] = v
            out[f"{k}={label}"] = o
        out[f"del {k}"] = {key: v for key, v in obs.items() if key != k}
    return out


def _named_or_drawn(f: Callable[..., Any], value: Any, **kw: Any) -> None:
    """``f(value, **kw)`` draws, or raises a ValueError naming its first argument (or a
    keyword given)."""
    names = [next(iter(inspect.signature(f).parameters)), *kw]
    try:
        f(value, **kw)
    except ValueError as e:
        assert any(n in str(e) for n in names), f"{f.__name__}: {e}"


@pytest.mark.parametrize("game", GAMES)
def test_foreign_garbage_and_spoiled_observations_are_refused_naming_the_argument(game: str, states: dict[str, Any]) -> None:
    """The trial found 396 such cases that ended in a raw KeyError, AttributeError or TypeError
    (or a ValueError naming no argument)."""
    inputs = _inputs(states)
    for f in FUNCS[game]:
        for value in inputs.values():
            _named_or_drawn(f, value)
        for value in _spoiled(states[game].observation(None)).values():
            _named_or_drawn(f, value)


def test_examples_of_the_trial_name_the_argument_and_the_value(states: dict[str, Any]) -> None:
    G, A, B, M, L = (states[n] for n in ("gridhunt", "armageddon", "battle_royale", "marabunta", "leaders"))

    def mod(s: Any, key: str, value: Any) -> dict[str, Any]:
        o = copy.deepcopy(s.observation(None))
        o[key] = value
        return o

    cases: list[tuple[Callable[[], Any], str]] = [
        (lambda: VG.grid_svg({}), "'size'"),
        (lambda: VG.grid_svg(G), "grid_figure(state, seat=0)"),
        (lambda: VG.grid_svg(G.public_observation()), "'you'"),
        (lambda: VG.grid_figure(mod(G, "cells", None)), "'cells' is None"),
        (lambda: VG.grid_figure(mod(G, "size", "x")), "state_or_obs['size']"),
        (lambda: VG.grid_figure(mod(G, "size", -1)), "state_or_obs['size']"),
        (lambda: VG.state_svg(G.observation(None)), "state: a gridhunt state"),
        (lambda: VG.belief_figure(L, target=1), "state: a gridhunt state, not a state of leaders"),
        (lambda: VG.belief_figure(G, target=99), "target=99"),
        (lambda: VB.arena_svg(mod(B, "moving", "x")), "obs: 'moving' is 'x'"),
        (lambda: VB.arena_svg(mod(B, "holes", None)), "obs: 'holes' is None"),
        (lambda: VB.arena_svg(mod(B, "holes", [1])), "obs: item 0 of 'holes' is 1"),
        (lambda: VB.state_svg(A), "state: a battle_royale state"),
        (lambda: VA.board_figure(mod(A, "chips", None)), "state_or_obs: 'chips' is None"),
        (lambda: VA.board_svg(mod(A, "destroyed", None)), "state_or_obs: 'destroyed' is None"),
        (lambda: VA.summary_text(B.observation(None)), "obs: an armageddon state or its observation"),
        (lambda: VA.mines_text({}), "obs: an armageddon state or its observation"),
        (lambda: VM.territory_svg(mod(M, "fields", None)), "state_or_obs: 'fields' is None"),
        (lambda: VM.territory_svg(mod(M, "tile", 3)), "state_or_obs: 'tile' is 3"),
        (lambda: VM.panels_html(mod(M, "tiles_left", [1])), "item 0 of 'tiles_left' is 1"),
        (lambda: VM.sheets_svg({k: v for k, v in M.observation(None).items() if k != "sheets"}), "'sheets'"),
    ]
    for draw, words in cases:
        with pytest.raises(ValueError) as err:
            draw()
        assert words in str(err.value)


def test_keyword_arguments_of_the_wrong_kind_are_refused_naming_them(states: dict[str, Any]) -> None:
    G, A, B, M, L = (states[n] for n in ("gridhunt", "armageddon", "battle_royale", "marabunta", "leaders"))
    g = G.observation(None)
    cases: list[tuple[Callable[..., Any], Any, dict[str, Any], str]] = [
        (VA.board_svg, A, {"highlights": 5}, "highlights: a cell name or a list of them, not 5"),
        (VA.board_svg, A, {"highlights": ["nowhere"]}, "highlights: 'nowhere' is not a cell of"),
        (VA.board_svg, A, {"selected": 7}, "selected: a cell name"),
        (VA.board_svg, A, {"selected": [3]}, "selected: a cell name or a list of them, not a list holding 3"),
        (VA.board_svg, A, {"scale": "big"}, "scale must be a finite number > 0, not 'big'"),
        (VA.board_svg, A, {"scale": -3}, "scale must be"),
        (VA.board_figure, A, {"height": -1}, "height must be"),
        (VA.board_figure, A, {"highlights": 5}, "highlights:"),
        (VB.arena_svg, B, {"highlights": ["z9"]}, "highlights: 'z9' is not a cell of the 5x5 arena"),
        (VB.arena_svg, B, {"selected": 3}, "selected:"),
        (VB.arena_svg, B, {"size": 0}, "size must be"),
        (VB.arena_svg, B, {"size": -10}, "size must be"),
        (VB.arena_svg, B, {"size": float("nan")}, "size must be"),
        (VB.arena_figure, B, {"values": {"z9": 1}}, "values: 'z9' is not a cell of the 5x5 arena"),
        (VB.arena_figure, B, {"values": {"c3": "x"}}, "values: a number per cell, not 'x' for c3"),
        (VB.arena_figure, B, {"values": 5}, "values: a mapping"),
        (VL.hex_svg, L, {"size": -2}, "size must be"),
        (VL.hex_svg, L, {"highlights": ["zz"]}, "highlights: 'zz' is not a cell of board"),
        (VL.hex_svg, L, {"selected": 3}, "selected:"),
        (VL.hex_figure, L, {"values": {"z9": 1}}, "values: 'z9' is not a cell of board"),
        (VM.territory_svg, M, {"highlights": ["zz9"]}, "highlights: 'zz9' is not a cell of the map"),
        (VM.territory_svg, M, {"ant_fields": 5}, "ant_fields:"),
        (VM.territory_svg, M, {"selected": 3}, "selected:"),
        (VM.territory_svg, M, {"size": -1}, "size must be"),
        (VM.sheets_svg, M, {"size": 0}, "size must be"),
        (VG.grid_svg, g, {"cell": -5}, "cell must be"),
        (VG.grid_svg, g, {"cell": 0}, "cell must be"),
        (VG.grid_svg, g, {"highlights": ["zz9"]}, "highlights: 'zz9' is not a cell of the 12x12 grid"),
        (VG.grid_svg, g, {"path": 5}, "path: a cell name"),
        (VG.grid_figure, G, {"path": ["zz9"]}, "path: 'zz9' is not a cell"),
        (VG.grid_figure, G, {"path": 5}, "path:"),
    ]
    for f, value, kw, words in cases:
        with pytest.raises(ValueError) as err:
            f(value, **kw)
        assert words in str(err.value), (f.__name__, kw, str(err.value))


def test_titles_colour_scales_sizes_and_nested_contents_are_refused_naming_them(states: dict[str, Any]) -> None:
    """A title that is no text, a colour scale plotly does not know, belief-set sizes that are
    no whole numbers >= 0 and a spoiled entry inside an observation's mapping were drawn as
    given (or failed deep inside plotly or the view with a TypeError or KeyError)."""
    from boardkit.viz.outcomes import forest_plot, length_histogram, win_rate_bars

    G, A, B, L = (states[n] for n in ("gridhunt", "armageddon", "battle_royale", "leaders"))

    def cells(value: Any, seat: int | None = None, key: str = "cells") -> dict[str, Any]:
        o = copy.deepcopy(G.observation(seat))
        if seat is None:
            o[key] = value
        else:
            o["you"][key] = value
        return o

    scale = "colorscale: 'nope' is not a plotly colour scale (a name such as 'Viridis', or a list of"
    cases: list[tuple[Callable[[], Any], str]] = [
        (lambda: VA.board_figure(A, title=5), "title: text or None, not 5 (int)"),
        (lambda: VB.arena_figure(B, title=["x"]), "title: text or None, not ['x'] (list)"),
        (lambda: VL.hex_figure(L, title=5), "title: text or None, not 5"),
        (lambda: VG.grid_figure(G, title=5), "title: text or None, not 5"),
        (lambda: VG.reachable_figure(8, "a1", title=5), "title: text or None, not 5"),
        (lambda: VG.belief_figure(G, target=1, title=5), "title: text or None, not 5"),
        (lambda: VG.belief_sizes_figure([1, 2], 1, title=5), "title: text or None, not 5"),
        (lambda: VG.value_figure(8, {"a1": 1.0}, 5, "c", {}), "title: text or None, not 5"),
        (lambda: win_rate_bars({}, title=5), "title: text or None, not 5"),
        (lambda: length_histogram({}, title=5), "title: text or None, not 5"),
        (lambda: forest_plot({}, title=5), "title: text or None, not 5"),
        (lambda: VB.arena_figure(B, values={"c3": 1}, colorscale="nope"), scale),
        (lambda: VB.arena_figure(B, colorscale="nope"), scale),  # no values: refused all the same
        (lambda: VB.arena_figure(B, colorscale=None), "colorscale: None is not a plotly colour scale"),
        (lambda: VL.hex_figure(L, values={"d1": 1}, colorscale="nope"), scale),
        (lambda: VL.hex_figure(L, colorscale=5), "colorscale: 5 is not a plotly colour scale"),
        (lambda: VL.hex_figure(L, values={"d1": 1}, colorscale=["red", "blue"]), "a list of '#rrggbb' colours"),
        (lambda: VG.value_figure(8, {"a1": 1.0}, "t", "c", {}, colorscale="nope"), scale),
        (lambda: VG.belief_sizes_figure([1, -2, "x"], 1), "sizes: item 1 is -2; each is a whole number >= 0"),
        (lambda: VG.belief_sizes_figure([1, True], 1), "sizes: item 1 is True"),
        (lambda: VG.belief_sizes_figure("abc", 1), "sizes: a list of whole numbers >= 0, not 'abc' (str)"),
        (lambda: VG.belief_sizes_figure(None, 1), "sizes: a list of whole numbers >= 0, not None"),
        (lambda: VG.belief_sizes_figure([1], "x"), "target must be a whole number >= 0, not 'x'"),
        (lambda: VG.grid_figure(cells({"wall": 5})), "state_or_obs: 'cells'['wall'] is 5 (int); an observation of "
                                                    "gridhunt has a list there"),
        (lambda: VG.grid_svg(cells({"wall": 5})), "obs: 'cells'['wall'] is 5 (int)"),
        (lambda: VG.grid_figure(cells({"wall": [5]})), "state_or_obs: 'cells'['wall'] holds 5, not a cell of the "
                                                      "12x12 grid"),
        (lambda: VG.grid_figure(cells({"wall": ["zz99"]})), "'cells'['wall'] holds 'zz99', not a cell of the 12x12"),
        (lambda: VG.grid_figure(cells({"lava": ["a1"]})), "'cells' holds 'lava', not a kind of cell (free, wall,"),
        (lambda: VG.grid_figure(cells({"0": {"at": "q99"}}, key="players")), "'players'['0']['at'] holds 'q99'"),
        (lambda: VG.grid_figure(cells({"x": {"at": "a1"}}, key="players")), "'players' holds 'x', not a seat number"),
        (lambda: VG.grid_svg(cells({"a1": "lava"}, seat=0)), "obs: 'you'['cells']['a1'] holds 'lava', not a kind"),
        (lambda: VG.grid_svg(cells({"zz9": "free"}, seat=0)), "obs: 'you'['cells'] holds 'zz9', not a cell"),
        (lambda: VG.grid_svg(cells("zz9", seat=0, key="position")), "obs: 'you'['position'] holds 'zz9'"),
        (lambda: VG.grid_svg(cells([[1, "zz9", "free"]], seat=0, key="found")), "'you'['found'][0] holds 'zz9'"),
        (lambda: VG.grid_svg(cells([{"round": 1, "at": "a1", "radius": -1, "players": {}}], seat=0, key="looks")),
         "obs: 'you'['looks'][0]['radius'] must be a whole number"),
        (lambda: VG.grid_svg(cells([{"round": 1, "at": "a1", "radius": 1, "players": {"99": "a2"}}], seat=0,
                                   key="looks")), "'you'['looks'][0]['players'] holds '99', not a seat of the game's 8"),
    ]
    M = states["marabunta"]

    def spoil(s: Any, key: str, change: Callable[[Any], Any]) -> dict[str, Any]:
        o = copy.deepcopy(s.observation(None))
        change(o[key])
        return o

    cases += [
        (lambda: VA.board_svg(spoil(A, "chips", lambda c: c.update(red9=[]))),
         "state_or_obs: 'chips'['red9'] is [] (list); an observation of armageddon has text there"),
        (lambda: VM.territory_svg(spoil(M, "fields", lambda f: f.update(h6="red x"))),
         "state_or_obs: 'fields'['h6'] is 'red x', not 'red N', 'blue N', 'x' or None"),
        (lambda: VM.sheets_svg(spoil(M, "fields", lambda f: f.update(zz9="x"))),
         "state_or_obs: 'fields' holds 'zz9', not a field of the map"),
        (lambda: VM.round_html(spoil(M, "dice", lambda d: d.update(yellow=5))),
         "state_or_obs: 'dice'['yellow'] is 5, not a face (0, 1, 2, 3, circle, crate)"),
        (lambda: VM.territory_svg(spoil(M, "dice", lambda d: d.update(pink="2"))), "'dice' holds 'pink', not a region's die"),
        (lambda: VM.sheets_svg(spoil(M, "sheets", lambda d: d.update(yellow=[1, 2, 3]))),
         "state_or_obs: 'sheets'['yellow'] is [1, 2, 3], not [red circles, blue circles]"),
        (lambda: VM.sheets_svg(spoil(M, "sheets", lambda d: d.update(yellow=None))), "'sheets'['yellow'] is None"),
        (lambda: VM.players_html(spoil(M, "players", lambda p: p.__setitem__(0, {"x": 1}))),
         "state_or_obs: 'players'[0] has no 'ant_hills'"),
        (lambda: VM.panels_html(spoil(M, "players", lambda p: p[1].update(cupcakes=-1))),
         "state_or_obs: 'players'[1]['cupcakes'] is -1, not a whole number >= 0"),
    ]
    for draw, words in cases:
        with pytest.raises(ValueError) as err:
            draw()
        assert words in str(err.value), str(err.value)


def test_a_seats_observation_is_drawn_by_grid_figure_as_by_grid_svg(states: dict[str, Any]) -> None:
    """The README: grid_figure draws what a seat knows; its observation was refused."""
    s = states["gridhunt"]
    fig = VG.grid_figure(s.observation(0))
    assert fig.layout.title.text.startswith("seat 0's view")
    assert fig.data[0].z == VG.grid_figure(s, seat=0).data[0].z


@pytest.mark.parametrize("game", GAMES)
def test_valid_observations_along_random_games_still_draw(game: str) -> None:
    """States, the truth and each seat's observation, from the start to the end of a few games
    (where entries the first observation leaves None are filled)."""
    g = boardkit.load_game(game)
    pictures = [f for f in FUNCS[game] if f.__name__ != "state_svg"]
    state_svg = next(f for f in FUNCS[game] if f.__name__ == "state_svg")
    for seed in range(2):
        s = g.new_initial_state()
        rng = random.Random(seed)
        for step in range(400):
            if step % 31 == 0 or s.is_terminal():
                state_svg(s)
                seen = [s] if game == "leaders" else [s, s.observation(None), s.observation(0), s.observation(1)]
                for value in seen:
                    for f in pictures:
                        if game == "gridhunt" and f in (VG.grid_svg, VG.grid_view) and value is s:
                            continue
                        if f.__name__.endswith("_figure") and step % 93 and not s.is_terminal():
                            continue  # plotly is slow: its figures at the start, now and then and at the end
                        f(value)
            if s.is_terminal():
                break
            boardkit.random_step(s, rng)


def test_what_no_real_observation_holds_is_refused_before_drawing(states: dict[str, Any]) -> None:
    """The trial's hand-made observations that were drawn silently wrong (a made-up chip, a
    chip nowhere, a pink figure, a seat 99, two players on one cell, a field 'red 99'), and
    picture inputs plotly refused deep inside (inf) or that were drawn as given."""
    import math

    G, A, B, M, L = (states[n] for n in ("gridhunt", "armageddon", "battle_royale", "marabunta", "leaders"))

    def spoil(s: Any, change: Callable[[dict[str, Any]], Any], seat: int | None = None) -> dict[str, Any]:
        o = copy.deepcopy(s.observation(seat))
        change(o)
        return o

    truth = G.observation(None)
    standing = [q for q, p in truth["players"].items() if p["at"] is not None]
    wall = truth["cells"]["wall"][0]
    cases: list[tuple[Callable[[], Any], str]] = [
        (lambda: VA.board_svg(spoil(A, lambda o: o["chips"].update(red9="r1"))),
         "state_or_obs: 'chips' holds 'red9', not a chip of the game (red1-4, green1-4, yellow1-4, w1-3, officer)"),
        (lambda: VA.board_figure(spoil(A, lambda o: o["chips"].update(red1="nowhere"))),
         "state_or_obs: 'chips'['red1'] is 'nowhere', not a node of the board, 'out' or 'pending'"),
        (lambda: VA.summary_text(spoil(A, lambda o: o.update(laser="bogus"))), "obs: 'laser' is 'bogus', not 'on' or 'off'"),
        (lambda: VA.mines_text(spoil(A, lambda o: o.update(depot=-5))), "obs: 'depot' must be a whole number >= 0"),
        (lambda: VB.arena_svg(spoil(B, lambda o: o["tiles"].update(a1={"red": -3, "pink": 2}))),
         "obs: 'tiles'['a1']['red'] is -3, not a whole number >= 0"),
        (lambda: VB.arena_svg(spoil(B, lambda o: o["tiles"].update(a1={"pink": 2}))),
         "obs: 'tiles'['a1'] holds 'pink', not a colour in play (red, blue, grey)"),
        (lambda: VB.arena_figure(spoil(B, lambda o: o.update(goal="z9"))), "obs: 'goal' is 'z9', not a tile or a hole"),
        (lambda: VG.grid_figure(spoil(G, lambda o: o.update(seat=99), 3)), "state_or_obs: 'seat'=99: at most 7"),
        (lambda: VG.grid_svg(spoil(G, lambda o: o.update(alive=[True]), 3)),
         "obs: 'alive' holds [True], not one entry per seat (8)"),
        (lambda: VG.grid_svg(spoil(G, lambda o: o.update(beacons={"9": "a1"}), 3)),
         "obs: 'beacons' holds '9', not a seat of the game's 8"),
        (lambda: VG.grid_figure(spoil(G, lambda o: o["players"][standing[0]].update(at=wall))),
         f"'players'[{standing[0]!r}]['at'] holds {wall!r}, not a cell without a wall"),
        (lambda: VG.grid_figure(spoil(G, lambda o: o["players"][standing[1]].update(at=truth["players"][standing[0]]["at"]))),
         f"not a cell of its own (player {standing[0]} is there)"),
        (lambda: VG.grid_figure(spoil(G, lambda o: o["players"].update({"99": dict(truth["players"]["0"], at=None)}))),
         f"state_or_obs: 'players' holds '99', not a seat '0' .. '{len(truth['players'])}'"),
        (lambda: VM.territory_svg(spoil(M, lambda o: o["fields"].update(b4="red 99"))),
         "state_or_obs: 'fields'['b4'] is 'red 99', not 'red N', 'blue N', 'x' or None (N 0 .. 3)"),
        (lambda: VL.hex_figure(L, values={"d1": math.inf}), "values: a number per cell, not inf for d1 (each finite"),
        (lambda: VB.arena_figure(B, values={"c3": -math.inf}), "values: a number per cell, not -inf for c3"),
        (lambda: VL.hex_figure(L, values={"d1": 1}, colorscale=[[0, "red"], [1, "blue"]]),
         "colorscale: [[0, 'red'], [1, 'blue']] is a plotly colour scale, but this picture samples its colours itself "
         "and reads only a scale's name (such as 'Viridis') or a list of '#rrggbb' colours or 'rgb(r, g, b)' ones"),
        (lambda: VG.value_figure(-1, {"a1": 1.0}, "t", "c", {}), "size must be a whole number 1 .. 26, not '-1'"),
        (lambda: VG.value_figure(8, {"z99": 1.0}, "t", "c", {}), "values: 'z99' is not a cell of the 8x8 grid"),
        (lambda: VG.value_figure(8, {"a1": "x"}, "t", "c", {}), "values: a number per cell, not 'x' for a1"),
        (lambda: VG.value_figure(8, {"a1": 1.0}, "t", "c", {"z99": "#"}), "marks: 'z99' is not a cell of the 8x8"),
        (lambda: VG.value_figure(8, {"a1": 1.0}, "t", "c", {"a1": 5}), "marks: text per cell, not 5 (int) for a1"),
    ]
    for draw, words in cases:
        with pytest.raises(ValueError) as err:
            draw()
        assert words in str(err.value), str(err.value)
    VL.hex_figure(L, values={"d1": 1}, colorscale=[[0, "#ff0000"], [1, "rgb(0, 0, 255)"]])  # sampled: drawn
    VG.value_figure(8, {"a1": 1.0}, "t", "c", {"a1": "#"})


@pytest.mark.parametrize("game, options", [
    ("armageddon", {"two_on_one": "penalty"}), ("battle_royale", {"players": 4}),
    ("battle_royale", {"neutral": "data"}), ("gridhunt", {"teams": 2}), ("marabunta", {})])
def test_every_observation_of_real_games_passes_the_checks(game: str, options: dict[str, Any]) -> None:
    """Every observation along a few games (the truth and each seat's, other options than the
    default ones: chips out, four colours, grey figures, teams) passes the checks of hand-made
    ones: a cheap picture of each is drawn."""
    g = boardkit.load_game(game, **options)
    draw = {"armageddon": VA.summary_text, "battle_royale": VB.explosion_losses, "gridhunt": VG.grid_svg,
            "marabunta": VM.region_sums}[game]
    for seed in range(2):
        s = g.new_initial_state()
        rng = random.Random(seed)
        for _step in range(300):
            for seat in (None, *range(g.num_players)):
                obs = s.observation(seat)
                if game == "gridhunt" and "you" not in obs and "know" not in obs:
                    continue
                if game == "marabunta":
                    draw(obs, g)
                else:
                    draw(obs)
            if s.is_terminal():
                break
            boardkit.random_step(s, rng)


def test_outcome_plots_refuse_tables_they_cannot_draw_naming_the_argument() -> None:
    """win_rate_bars, length_histogram and forest_plot took anything: one DataFrame where a
    {label: table} mapping goes was a TypeError from numpy, a play_many table where a win_rates
    table goes a KeyError 'seat', an unknown column or measure a KeyError, None an
    AttributeError, and an empty mapping or a measure no table has an empty figure."""
    from boardkit.analysis.outcomes import ab_compare, win_rates
    from boardkit.sim import play_many
    from boardkit.viz.outcomes import forest_plot, length_histogram, win_rate_bars

    df = play_many("marabunta", 6, 1, progress=False)
    rates, ab = win_rates(df), ab_compare(df, df.copy())
    cases: list[tuple[Callable[[], Any], str]] = [
        (lambda: win_rate_bars(rates), "tables: a mapping {label: win_rates table}, not one DataFrame"),
        (lambda: win_rate_bars({"m": df}), "tables['m']: not a win_rates table: column(s) seat, rate, low, high, "
                                           "fair missing (a play_many table: give win_rates(df))"),
        (lambda: win_rate_bars({}), "tables: no tables to draw"),
        (lambda: win_rate_bars(None), "tables: a mapping {label: win_rates table}, not None"),  # type: ignore[arg-type]
        (lambda: win_rate_bars({"m": 5}), "tables['m']: a win_rates table (pandas DataFrame), not 5"),
        (lambda: length_histogram(df), "runs: a mapping {label: play_many table}, not one DataFrame"),
        (lambda: length_histogram({"m": df}, column="nope"), "column: 'nope' is not a column of runs['m']"),
        (lambda: length_histogram({"m": df}, column="reason"), "column: the column 'reason' of runs['m'] holds"),
        (lambda: length_histogram({"m": df}, column=5), "column: a column name"),  # type: ignore[arg-type]
        (lambda: length_histogram({"m": df.iloc[:0]}), "runs['m']: the play_many table has no rows"),
        (lambda: length_histogram({}), "runs: no tables to draw"),
        (lambda: length_histogram(None), "runs: a mapping {label: play_many table}, not None"),  # type: ignore[arg-type]
        (lambda: forest_plot(df), "comparisons: not an ab_compare table: column(s) measure, diff, low, high, clauses "
                                  "missing (a play_many table: give ab_compare(a, b))"),
        (lambda: forest_plot(None), "comparisons: an ab_compare table or a mapping"),  # type: ignore[arg-type]
        (lambda: forest_plot({}), "comparisons: no tables to draw"),
        (lambda: forest_plot(ab, measure="nope"), "measure: one of the measures compared (win_0, seat_turns, timeout), "
                                                  "not 'nope'"),
        (lambda: forest_plot({"m": ab}, measure=None), "measure: one of the measures compared"),  # type: ignore[arg-type]
    ]
    for call, words in cases:
        with pytest.raises(ValueError) as err:
            call()
        assert words in str(err.value), (words, str(err.value))
    assert len(win_rate_bars({"m": rates}).data) == 3  # two seats and the fair share, as before
    assert len(length_histogram({"m": df}, column="lead_changes").data) == 1
    assert len(forest_plot(ab, measure="seat_turns").data[0].x) == 1


def test_BR_2_1_BR_2_3_a_click_in_the_card_or_push_phase_names_the_clause() -> None:
    """BR-2.1: a click on a tile in the card phase said "Illegal: no action is made by clicking
    a5 here", with no clause; it now reads as picking a figure there, which the rule path
    refuses with what the card phase asks for first (play a card, BR-2.1) - naming no card of
    the hidden hand - as a move-phase click names its clause. A seat not to act gets the turn
    clause (BR-2.5). In the push phase a click is refused with the push waiting (BR-2.3)."""
    from boardkit.viz.controller import BoardController

    game = boardkit.load_game("battle_royale", first_player=0)
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(boardkit.sample_chance(state, rng))
    for seat in (None, 0):
        result = BoardController(state, seat=seat).click("a5")
        assert result.status == "illegal" and result.clause == "BR-2.1"
        assert result.message == "Illegal: pick a5 red [BR-2.1] first play a card from your hand ('play CARD')"
        assert not any(card in result.message for card in game.cards)
    assert BoardController(state, seat=1).click("a5").clause == "BR-2.5"
    tiles = {t: "" for t in ["a1", "b1", "c1", "e1", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3",
                             "a4", "b4", "c4", "d4", "a5", "c5", "d5", "e5"]}
    tiles.update({"c3": "red 3, blue 3", "c2": "red 1"})
    pushing = game.state_from_position({"tiles": tiles, "hands": {0: [], 1: ["2x2"]}, "phase": "push", "card": "1x3",
                                        "push": {"tile": "c3", "from": "c2", "colour": "red", "moved": True}},
                                       study=True)  # red's hand not dealt (BR-1.4): a study position
    result = BoardController(pushing).click("a5")
    assert result.clause == "BR-2.3" and "push one on first" in result.message
