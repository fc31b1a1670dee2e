"""Marabunta positions for study: the start of a round, or its split, in a few lines.

Example (YAML text or the same as a dict)::

    round: 3                   # rounds started, this one included (default 1)
    splitter: red              # red or blue (default red)
    fields:                    # written and crossed fields; the others are available
      f3: red 2
      g3: blue 0
      e4: x                    # crossed out
    sheets: {yellow: [3, 2]}   # circles per region, [red, blue], printed ones included
                               # (default: the printed ones, 2 and 2)
    players:
      red: {ant_hills: 1, crates: {ones: 2}, cupcakes: 0}
      blue: {}                 # defaults: all ant hills, no crates; cupcakes follow the board
    tiles_left: [one, zero, cross2, again]   # the shuffled tiles not yet revealed
    tile: zeros2               # optional: the tile revealed this round
    roll: {yellow: 2, orange: circle, green: 0, teal: 3, purple: crate, brown: 1}
                               # optional (needs tile): then the position is at the split

``tiles_left`` may be left out in round 1 (the shuffled tiles but the revealed one) and from
round 8 on (none);
it must hold 8 - round tiles (7 - round with ``tile`` given) in between (MARA-2.1, MARA-3.5).
``cupcakes`` defaults to the cupcakes the player's fields and cupcake power give; when given,
it must equal that (MARA-6.1, MARA-7.1). A position where the end is already triggered is
refused (MARA-8.1): the game would have ended at the end of that round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from boardkit.core.rules import IllegalPositionError
from boardkit.core.validate import BoardkitDataError, load_description
from boardkit.games.marabunta.actions import FACES, PLAYERS
from boardkit.games.marabunta.tasks import Phase

if TYPE_CHECKING:
    from boardkit.games.marabunta.game import MarabuntaGame, MarabuntaState

_PLAYER = {
    "type": ["object", "null"], "additionalProperties": False,
    "properties": {
        "ant_hills": {"type": "integer", "minimum": 0},
        "crates": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
        "cupcakes": {"type": "integer", "minimum": 0},
    },
}
_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "round": {"type": "integer", "minimum": 1, "maximum": 100},
        "splitter": {"enum": list(PLAYERS) + [0, 1]},
        "fields": {"type": ["object", "null"], "additionalProperties": {"type": "string"}},
        "sheets": {"type": ["object", "null"], "additionalProperties": {
            "type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 2, "maxItems": 2}},
        "players": {"type": ["object", "null"], "additionalProperties": False,
                    "properties": {"red": _PLAYER, "blue": _PLAYER}},
        "tiles_left": {"type": "array", "items": {"type": "string"}},
        "tile": {"type": "string"},
        "roll": {"type": "object", "additionalProperties": {"type": ["string", "integer"]}},
    },
}


def from_position(game: "MarabuntaGame", description: str | Mapping[str, Any], study: bool = False) -> "MarabuntaState":
    """Build a validated Marabunta position at the start of a round (module docstring).

    Args:
        game: the game (its data gives the map, groups and tiles).
        description: YAML text or a mapping.

    Returns:
        MarabuntaState: at the tile reveal (chance), at the roll (with ``tile``), or at the
        split (with ``tile`` and ``roll``), the splitter to act.

    Raises:
        BoardkitDataError: a malformed description (names the field and value).
        IllegalPositionError: a position the rules make impossible (names the clause).
    """
    from boardkit.games.marabunta.state import CROSSED, MarabuntaState

    d = load_description(description, _SCHEMA)
    s = MarabuntaState(game)
    s.phase = Phase.REVEAL
    names = game.board.names
    seen: dict[int, str] = {}
    for name, text in (d.get("fields") or {}).items():
        where = f"position: fields.{name}"
        try:
            f = game.board.cell(name)
        except KeyError:
            raise BoardkitDataError(f"{where}: {name!r} is not a field of the territory ({game.board.name})") from None
        if f in seen:
            raise BoardkitDataError(f"{where}: the field {names[f]} is also given as {seen[f]!r}")
        seen[f] = name
        words = text.lower().split()
        if words == ["x"]:
            s.value[f] = CROSSED
            continue
        if len(words) != 2 or words[0] not in PLAYERS or words[1] not in ("0", "1", "2", "3"):
            raise BoardkitDataError(f"{where}: expected 'red N', 'blue N' (N 0 .. 3) or 'x', got {text!r}")
        p = PLAYERS.index(words[0])
        s.value[f], s.owner[f] = int(words[1]), p
        s.nums[p] += 1
        s.sums[game.region_of[f]][p] += int(words[1])
    for colour, pair in (d.get("sheets") or {}).items():
        where = f"position: sheets.{colour}"
        if colour not in game.regions:
            raise BoardkitDataError(f"{where}: {colour!r} is not a region ({', '.join(game.regions)})")
        k = game.regions.index(colour)
        if min(pair) < game.printed:
            raise IllegalPositionError("MARA-1.3", f"{where}: {pair}: each player has {game.printed} printed circles "
                                                   f"on every sheet")
        if sum(pair) > game.circles:
            raise IllegalPositionError("MARA-1.3", f"{where}: {pair}: a sheet has {game.circles} circles")
        s.sheets[k] = list(pair)
    players = d.get("players") or {}
    for p, colour in enumerate(PLAYERS):
        info = players.get(colour) or {}
        where = f"position: players.{colour}"
        ants = info.get("ant_hills", game.ant_hills)
        if ants > game.ant_hills:
            raise IllegalPositionError("MARA-1.4", f"{where}.ant_hills: {ants}: a player has {game.ant_hills}")
        s.ants[p] = ants
        for group, k in (info.get("crates") or {}).items():
            if group not in game.groups:
                raise BoardkitDataError(f"{where}.crates.{group}: not a crate group ({', '.join(game.groups)})")
            i = game.groups.index(group)
            if k > game.group_size[i]:
                raise IllegalPositionError("MARA-1.4", f"{where}.crates.{group}: {k}: the group has "
                                                       f"{game.group_size[i]} crates")
            s.crates[p][i] = k
        own_cup = sum(1 for f in game.cupcake_fields if s.owner[f] == p)
        power = sum(2 for i, pw in enumerate(game.group_power)
                    if pw == "cupcakes2" and s.crates[p][i] >= game.group_size[i])
        expected = min(len(game.track), own_cup + power)
        cup = info.get("cupcakes", expected)
        if cup != expected:
            raise IllegalPositionError("MARA-6.1", f"{where}.cupcakes: {cup}, but {colour}'s {own_cup} cupcake field(s)"
                                                   f"{' and the cupcake power' if power else ''} cross {expected}")
        s.cupcakes[p] = cup
        own_crate = sum(1 for f in game.crate_fields if s.owner[f] == p)
        if sum(s.crates[p]) < min(own_crate, sum(game.group_size)):
            raise IllegalPositionError("MARA-6.1", f"{where}.crates: {sum(s.crates[p])} crossed, but {colour} wrote in "
                                                   f"{own_crate} crate field(s), each crossing a crate")
    rnd = d.get("round", 1)
    s.round = rnd
    sp = d.get("splitter", "red")
    s.splitter = PLAYERS.index(sp) if isinstance(sp, str) else sp
    tile = d.get("tile")
    tile = tile.lower() if isinstance(tile, str) else tile
    if tile is not None and tile not in game.tiles + (game.last_tile,):
        raise BoardkitDataError(f"position: tile: {tile!r} is not a tile ({', '.join(game.tiles + (game.last_tile,))})")
    if tile is not None and (tile == game.last_tile) != (rnd > len(game.tiles)):
        raise IllegalPositionError("MARA-3.5", f"position: tile: in round {rnd} the tile is "
                                               f"{'the crossed-cupcake tile' if rnd > len(game.tiles) else 'a shuffled one'}")
    revealed = rnd if tile is not None else rnd - 1  # tiles revealed so far
    need = max(0, len(game.tiles) - revealed)
    if "tiles_left" in d:
        left = [t.lower() for t in d["tiles_left"]]
        for t in left:
            if t not in game.tiles:
                raise BoardkitDataError(f"position: tiles_left: {t!r} is not a shuffled tile ({', '.join(game.tiles)})")
        if len(set(left)) != len(left):
            raise BoardkitDataError(f"position: tiles_left: a tile is listed twice ({', '.join(left)})")
        if len(left) != need:
            raise IllegalPositionError("MARA-3.5", f"position: tiles_left: in round {rnd} {need} tile(s) are left in "
                                                   f"the stack, not {len(left)}")
    elif need in (0, len(game.tiles)):
        left = list(game.tiles) if need else []
    elif rnd == 1 and tile in game.tiles:  # the first tile revealed: the others are left
        left = [t for t in game.tiles if t != tile]
    else:
        raise BoardkitDataError(f"position: tiles_left: needed in round {rnd}: the {need} shuffled tiles not yet "
                                f"revealed")
    if tile is not None:
        if tile in left:
            raise IllegalPositionError("MARA-2.1", f"position: tile: {tile} is revealed and also in tiles_left")
        if (tile == game.last_tile) != (rnd > len(game.tiles)):
            raise IllegalPositionError("MARA-3.5", f"position: tile: in round {rnd} the tile is "
                                                   f"{'the crossed-cupcake tile' if rnd > len(game.tiles) else 'a shuffled one'}")
    s.stack = left
    for f in range(len(names)):  # MARA-8.1: no end condition may hold at a round's start
        s.doer = s.splitter
        if s.value[f] != -1:
            s._check_field_end(f)
    for k in range(len(game.regions)):
        if sum(s.sheets[k]) == game.circles:
            s._trigger("sheet", game.regions[k])
    if s.triggers:
        raise IllegalPositionError("MARA-8.1", f"position: the end is already triggered ({s.triggers[0].split(': ', 1)[1]}); "
                                               f"the game would have ended with that round")
    s.doer = -1
    roll = d.get("roll")
    if roll is not None and tile is None:
        raise BoardkitDataError("position: roll: give the round's tile too (the tile is revealed before the roll)")
    if tile is not None:
        s.tile = tile
        s.phase = Phase.ROLL
    if roll is not None:
        missing = [c for c in game.regions if c not in roll]
        extra = [c for c in roll if c not in game.regions]
        if missing or extra:
            raise BoardkitDataError(f"position: roll: one face per die colour ({', '.join(game.regions)}); "
                                    f"{'missing ' + ', '.join(missing) if missing else 'unknown ' + ', '.join(extra)}")
        faces = []
        for c in game.regions:
            face = str(roll[c]).lower()
            if face not in FACES:
                raise BoardkitDataError(f"position: roll.{c}: {roll[c]!r} is not a face ({', '.join(FACES)})")
            faces.append(face)
        s.dice = faces
        s.phase = Phase.SPLIT
    s._settle()
    s._start = {k: v for k, v in d.items()}
    return s
