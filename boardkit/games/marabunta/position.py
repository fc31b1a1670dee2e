"""Marabunta positions for study, in a few lines: the start of a round, its split, or any
moment of a round (``state.to_position()`` writes this format for every position of play).

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
                               # optional (needs tile): then the position is at the split;
                               # the first dice only (in region order): chance rolls the next

``tiles_left`` may be left out in round 1 (the shuffled tiles but the revealed one) and from
round 8 on (none);
it must hold 8 - round tiles (7 - round with ``tile`` given) in between (MARA-2.1, MARA-3.5).
``cupcakes`` defaults to the cupcakes the player's fields and cupcake power give; when given,
it must equal that (MARA-6.1, MARA-7.1).

Later in the round (all optional; each needs the one before)::

    split: [yellow, green, tile]     # the pool holding the tile (MARA-3.2): the chooser takes next
    taken: [orange, teal, purple, brown]   # the chooser's pool (MARA-3.3): a pool is carried out
    doer: blue                       # who carries out a pool now (default the chooser)
    remaining: [teal, purple]        # its elements not yet used (default: all of its pool)
    used: [orange]                   # its dice carried out (for the again tile, MARA-D5)
    skipped: [brown]                 # its elements left unused (MARA-3.6, MARA-4.6)
    pending:                         # parts of a tile or power in progress, the next first
      - {part: write, numbers: [0], mode: near, near: d5, then: 0}
      - {part: crate, then: 1}
    lost: ["red lost tile"]          # what was lost this round, in words
    end:                             # the end triggers of this round (MARA-8.1, MARA-D9)
      - {player: blue, condition: sheet, region: yellow}
    phase: pool                      # optional: reveal, roll, split, take, pool or over as the
                                     # keys imply; "first" before the start player is drawn

A part is ``{part: write, numbers, region, mode: adj | free | near, near, then}``,
``{part: circle, sheets, then, distinct}``, ``{part: crate, then}``, ``{part: cross, near, then}``
or ``{part: cupfield}`` (:mod:`boardkit.games.marabunta.tasks`).

**Study positions** (``game.state_from_position(desc, study=True)``): a position where an end
condition of MARA-8.1 holds (a region filled or crossed, a full sheet, every cupcake field done)
but is not among the round's ``end`` triggers cannot arise in play (the game ends with the
round of its first trigger; at a round's start no trigger can have happened yet). It is worth
studying (what if the game went on?), so ``study=True`` takes it, recording such conditions as
triggered by the splitter, so that the game ends with this round. Without ``study=True`` it is
refused naming MARA-8.1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from boardkit.core.position import Check, Field, PositionFormat, PositionReader
from boardkit.core.rules import IllegalPositionError
from boardkit.core.validate import BoardkitDataError, shorten
from boardkit.games.marabunta.actions import FACES, PLAYERS, TILE
from boardkit.games.marabunta.rules import CROSSED, trigger_reason
from boardkit.games.marabunta.tasks import (
    CircleTask, CrateTask, CrossTask, CupfieldTask, Phase, Task, WriteMode, WriteTask, describe,
)

if TYPE_CHECKING:
    from boardkit.games.marabunta.game import MarabuntaGame, MarabuntaState

_PLAYER = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "ant_hills": {"type": "integer", "minimum": 0},
        "crates": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
        "cupcakes": {"type": "integer", "minimum": 0},
    },
}
_ELEMENTS: dict[str, Any] = {"type": "array", "items": {"type": "string"}, "uniqueItems": True}
_NEAR = {"type": ["string", "null"]}
_THEN = {"type": "integer", "minimum": 0, "maximum": 10}
_PART: dict[str, Any] = {"oneOf": [
    {"type": "object", "required": ["part", "numbers"], "additionalProperties": False,
     "properties": {"part": {"const": "write"}, "numbers": {"type": "array", "minItems": 1,
                                                             "items": {"type": "integer", "enum": [0, 1, 2, 3]}},
                    "region": {"type": ["string", "null"]}, "mode": {"enum": [str(m) for m in WriteMode]},
                    "near": _NEAR, "then": _THEN}},
    {"type": "object", "required": ["part", "sheets"], "additionalProperties": False,
     "properties": {"part": {"const": "circle"}, "sheets": {"type": "array", "minItems": 1, "items": {"type": "string"}},
                    "then": _THEN, "distinct": {"type": "boolean"}}},
    {"type": "object", "required": ["part"], "additionalProperties": False,
     "properties": {"part": {"const": "crate"}, "then": _THEN}},
    {"type": "object", "required": ["part"], "additionalProperties": False,
     "properties": {"part": {"const": "cross"}, "near": _NEAR, "then": _THEN}},
    {"type": "object", "required": ["part"], "additionalProperties": False,
     "properties": {"part": {"const": "cupfield"}}},
]}
def _elements(s: "MarabuntaState", d: dict[str, Any], key: str, within: tuple[str, ...]) -> list[str]:
    """The elements listed under ``key``, each one of ``within``, in the order given."""
    out = [str(e).lower() for e in d.get(key, [])]
    for e in out:
        if e not in within:
            raise BoardkitDataError(f"position: {key}: {shorten(e)} is not in the pool ({', '.join(within) or 'empty'})")
    return out


def _field(s: "MarabuntaState", name: Any, where: str) -> int:
    try:
        return s.game.board.index(str(name))
    except KeyError:
        raise BoardkitDataError(f"{where}: {shorten(name)} is not a field of the territory") from None


def _region(s: "MarabuntaState", colour: Any, where: str) -> int:
    if colour not in s.game.regions:
        raise BoardkitDataError(f"{where}: {shorten(colour)} is not a region ({', '.join(s.game.regions)})")
    return s.game.regions.index(colour)


def _task(s: "MarabuntaState", part: dict[str, Any], i: int) -> Task:
    """A pending part from its description (module docstring)."""
    where = f"position: pending[{i}]"
    kind = part["part"]
    then = part.get("then", 0)
    if kind == "write":
        region = part.get("region")
        near = part.get("near")
        mode = WriteMode(part.get("mode", "near" if near is not None else "adj"))
        if (mode == WriteMode.NEAR) != (near is not None):
            raise BoardkitDataError(f"{where}: 'near' is given with, and only with, mode near")
        return WriteTask(tuple(part["numbers"]), -1 if region is None else _region(s, region, f"{where}.region"), mode,
                         -1 if near is None else _field(s, near, f"{where}.near"), then)
    if kind == "circle":
        sheets = tuple(_region(s, c, f"{where}.sheets") for c in part["sheets"])
        return CircleTask(sheets, then, part.get("distinct", False))
    if kind == "crate":
        return CrateTask(then)
    if kind == "cross":
        near = part.get("near")
        return CrossTask(-1 if near is None else _field(s, near, f"{where}.near"), then)
    return CupfieldTask()


def _holding(s: "MarabuntaState") -> list[tuple[str, str | None]]:
    """The end conditions of MARA-8.1 that hold on the board: ``(condition, region)``."""
    g = s.game
    out: list[tuple[str, str | None]] = []
    for k, colour in enumerate(g.regions):
        if all(s.value[f] != -1 for f in g.region_fields[k]):
            out.append(("region", colour))
    for k, colour in enumerate(g.regions):
        if sum(s.sheets[k]) == g.circles:
            out.append(("sheet", colour))
    if g.cupcake_fields and all(s.value[f] != -1 for f in g.cupcake_fields):
        out.append(("cupcakes", None))
    return out


def _end_triggers(s: "MarabuntaState", d: dict[str, Any], study: bool) -> None:
    """The round's end triggers (MARA-8.1, MARA-D9): those given must hold; one that holds
    but is not given cannot arise in play (study positions only)."""
    holding = _holding(s)
    given = []
    for i, e in enumerate(d.get("end", [])):
        cond, region = e["condition"], e.get("region")
        if (cond == "cupcakes") != (region is None) or (region is not None and region not in s.game.regions):
            raise BoardkitDataError(f"position: end[{i}]: a region trigger and a sheet trigger name a region "
                                    f"({', '.join(s.game.regions)}); the cupcakes trigger none")
        if (cond, region) not in holding:
            raise IllegalPositionError("MARA-8.1", f"position: end[{i}]: {trigger_reason(cond, region)} does not hold "
                                                   f"on the board")
        given.append((cond, region))
        s.doer, doer = PLAYERS.index(e["player"]), s.doer
        s._trigger(cond, region)
        s.doer = doer
    unlisted = [h for h in holding if h not in given]
    if unlisted and not study:
        cond, region = unlisted[0]
        reason = f"the {region} sheet is full" if cond == "sheet" else trigger_reason(cond, region)
        when = "the end is already triggered" if s.phase != Phase.POOL else "an end condition holds that no trigger names"
        raise IllegalPositionError("MARA-8.1", f"position: {when} ({reason}); the game would have ended with "
                                               f"that round; use study=True to study it anyway")
    doer = s.doer
    s.doer = s.splitter
    for cond, region in unlisted:  # study: the splitter triggered them
        s._trigger(cond, region)
    s.doer = doer


#: The keys of a round past its roll, in the order they are given (each needs the one before).
_LATER = ("split", "taken", "doer", "remaining", "used", "skipped", "pending", "lost", "end")


@dataclass
class _Reading:
    """What a Marabunta position has read so far (the state it fills, the round's phase as
    the keys given imply)."""

    s: "MarabuntaState"
    study: bool
    phase: Phase = Phase.REVEAL


def _read_fields(r: PositionReader, ctx: _Reading, fields: dict[str, str]) -> None:
    """``fields``: each field of the territory once, written ``red N``, ``blue N`` or ``x``."""
    s, game = ctx.s, ctx.s.game
    names = game.board.names
    seen: dict[int, str] = {}
    for name, text in fields.items():
        where = f"position: fields.{name}"
        try:
            f = game.board.index(name)
        except KeyError:
            raise BoardkitDataError(f"{where}: {shorten(name)} is not a field of the territory ({game.board.name})") from None
        if f in seen:
            raise BoardkitDataError(f"{where}: the field {names[f]} is also given as {shorten(seen[f])}")
        seen[f] = name
        entry = field_entry(text.lower())
        if entry is None:
            raise BoardkitDataError(f"{where}: expected 'red N', 'blue N' (N 0 .. 3) or 'x', got {shorten(text)}")
        p, value = entry
        if p is None:
            s.value[f] = CROSSED
            continue
        s.value[f], s.owner[f] = value, p
        s.nums[p] += 1
        s.sums[game.region_of[f]][p] += value


def field_entry(text: str) -> tuple[int | None, int] | None:
    """A field as a position (and an observation) writes it: ``'red N'`` or ``'blue N'`` (N a
    number 0 .. 3) -> ``(player, N)``, ``'x'`` (crossed) -> ``(None, CROSSED)``; anything else
    -> None. Lower case only (the position reader lowers the text first)."""
    words = text.split()
    if words == ["x"]:
        return None, CROSSED
    if len(words) != 2 or words[0] not in PLAYERS or words[1] not in ("0", "1", "2", "3"):
        return None
    return PLAYERS.index(words[0]), int(words[1])


def _read_sheets(r: PositionReader, ctx: _Reading, sheets: dict[str, list[int]]) -> None:
    """``sheets``: circles per region and player, the printed ones included, at most the sheet's (MARA-1.3)."""
    s, game = ctx.s, ctx.s.game
    for colour, pair in sheets.items():
        where = f"position: sheets.{colour}"
        if colour not in game.regions:
            raise BoardkitDataError(f"{where}: {shorten(colour)} is not a region ({', '.join(game.regions)})")
        k = game.regions.index(colour)
        if min(pair) < game.printed:
            raise IllegalPositionError("MARA-1.3", f"{where}: {pair}: each player has {game.printed} printed circles "
                                                   f"on every sheet")
        if sum(pair) > game.circles:
            raise IllegalPositionError("MARA-1.3", f"{where}: {pair}: a sheet has {game.circles} circles")
        s.sheets[k] = list(pair)


def _read_players(r: PositionReader, ctx: _Reading, players: dict[str, Any]) -> None:
    for p, colour in enumerate(PLAYERS):
        _read_player(ctx.s, p, colour, players.get(colour) or {})


def _read_player(s: "MarabuntaState", p: int, colour: str, info: dict[str, Any]) -> None:
    """``players.<colour>``: ant hills and crates at most the game's (MARA-1.4); the cupcakes
    crossed are those the player's cupcake fields and cupcake power give (MARA-6.1, MARA-7.1)."""
    game = s.game
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


def _read_round(r: PositionReader, ctx: _Reading, rnd: int) -> None:
    ctx.s.round = rnd


def _read_splitter(r: PositionReader, ctx: _Reading, sp: str | int) -> None:
    ctx.s.splitter = PLAYERS.index(sp) if isinstance(sp, str) else sp


def _read_tile(r: PositionReader, ctx: _Reading, tile: str | None) -> None:
    """``tile``: the tile revealed this round, a shuffled one up to the last round of the
    shuffled tiles, then the crossed-cupcake tile (MARA-3.5)."""
    game, rnd = ctx.s.game, ctx.s.round
    tile = tile.lower() if isinstance(tile, str) else tile
    if tile is not None and tile not in game.tiles + (game.last_tile,):
        raise BoardkitDataError(f"position: tile: {shorten(tile)} is not a tile ({', '.join(game.tiles + (game.last_tile,))})")
    if tile is not None and (tile == game.last_tile) != (rnd > len(game.tiles)):
        raise IllegalPositionError("MARA-3.5", f"position: tile: in round {rnd} the tile is "
                                               f"{'the crossed-cupcake tile' if rnd > len(game.tiles) else 'a shuffled one'}")
    ctx.s.tile = tile


def _read_stack(r: PositionReader, ctx: _Reading) -> None:
    """``tiles_left``: the shuffled tiles not yet revealed, each once, 8 - round of them (7 -
    round with ``tile``) (MARA-3.5), without the tile revealed (MARA-2.1); it may be left out
    in round 1 and from round 8 on."""
    s, game, d = ctx.s, ctx.s.game, r.doc
    tile, rnd = s.tile, s.round
    revealed = rnd if tile is not None else rnd - 1  # tiles revealed so far
    need = max(0, len(game.tiles) - revealed)
    if "tiles_left" in d:
        left = [t.lower() for t in d["tiles_left"]]
        for t in left:
            if t not in game.tiles:
                raise BoardkitDataError(f"position: tiles_left: {shorten(t)} is not a shuffled tile ({', '.join(game.tiles)})")
        if len(set(left)) != len(left):
            twice = sorted({t for t in left if left.count(t) > 1})
            raise BoardkitDataError(f"position: tiles_left: {', '.join(twice)} listed more than once")
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
    if tile is not None and tile in left:
        raise IllegalPositionError("MARA-2.1", f"position: tile: {tile} is revealed and also in tiles_left")
    s.stack = left


def _read_roll(r: PositionReader, ctx: _Reading) -> None:
    """``roll``: after the tile (MARA-3.1), one face per die colour, rolled in region order;
    the whole roll puts the round at the split."""
    s, game = ctx.s, ctx.s.game
    roll = r.doc.get("roll")
    if roll is not None and s.tile is None:
        raise BoardkitDataError("position: roll: give the round's tile too (the tile is revealed before the roll)")
    ctx.phase = Phase.REVEAL if s.tile is None else Phase.ROLL
    if roll is None:
        return
    extra = [c for c in roll if c not in game.regions]
    given = [c for c in game.regions if c in roll]
    if extra or given != list(game.regions[:len(given)]):
        wrong = "unknown " + ", ".join(extra) if extra else "missing " + ", ".join(
            c for c in game.regions[:len(given)] if c not in roll)
        raise BoardkitDataError(f"position: roll: one face per die colour, the dice rolled in region order "
                                f"({', '.join(game.regions)}); {wrong}")
    faces = []
    for c in given:
        face = str(roll[c]).lower()
        if face not in FACES:
            raise BoardkitDataError(f"position: roll.{c}: {shorten(roll[c])} is not a face ({', '.join(FACES)})")
        faces.append(face)
    s.dice = faces
    if len(faces) == len(game.regions):
        ctx.phase = Phase.SPLIT


def _read_split(r: PositionReader, ctx: _Reading) -> None:
    """``split``: after the whole roll (MARA-3.1), the pool holding the tile and not every die (MARA-3.2)."""
    s, game, d = ctx.s, ctx.s.game, r.doc
    later = [k for k in _LATER if k in d]
    if later and ctx.phase != Phase.SPLIT:
        raise BoardkitDataError(f"position: {later[0]}: give the round's tile and the whole roll first (MARA-3.1)")
    if "split" in d:
        pool = tuple(c for c in game.regions + (TILE,) if c in _elements(s, d, "split", game.regions + (TILE,)))
        if TILE not in pool or len(pool) == len(game.regions) + 1:
            raise IllegalPositionError("MARA-3.2", f"position: split: {shorten(' '.join(pool))}: the pool holding the tile "
                                                   f"is given, with the tile and not every die")
        s.pool_a, s.pool_b = pool, tuple(c for c in game.regions if c not in pool)
        ctx.phase = Phase.TAKE
    elif later:
        raise BoardkitDataError(f"position: {later[0]}: give the split first (MARA-3.2)")


def _read_pool(r: PositionReader, ctx: _Reading) -> None:
    """``taken`` .. ``lost``: the chooser's pool (MARA-3.3), who carries out which pool, its
    elements remaining, used and skipped (each in one of them), the parts pending."""
    s, game, d = ctx.s, ctx.s.game, r.doc
    if "taken" not in d:
        later = [k for k in _LATER if k in d and k != "split"]
        if later:
            raise BoardkitDataError(f"position: {later[0]}: give the pool taken first (MARA-3.3)")
        return
    taken = tuple(c for c in game.regions + (TILE,) if c in _elements(s, d, "taken", game.regions + (TILE,)))
    if taken not in (s.pool_a, s.pool_b):
        raise IllegalPositionError("MARA-3.3", f"position: taken: {shorten(' '.join(taken))} is not one of the pools "
                                               f"({' '.join(s.pool_a)} | {' '.join(s.pool_b)})")
    s.chooser_pool = taken
    doer = PLAYERS.index(d.get("doer", PLAYERS[s.chooser]))
    pool = taken if doer == s.chooser else (s.pool_b if taken == s.pool_a else s.pool_a)
    s._start_pool(doer, list(pool))
    s.remaining = _elements(s, d, "remaining", pool) if "remaining" in d else list(pool)
    s.used = _elements(s, d, "used", tuple(c for c in pool if c != TILE))
    s.skipped = _elements(s, d, "skipped", pool)
    if len(set(s.remaining) | set(s.used) | set(s.skipped)) != len(s.remaining) + len(s.used) + len(s.skipped):
        raise BoardkitDataError("position: remaining, used, skipped: an element is listed in two of them")
    s.tasks = [_task(s, part, i) for i, part in reversed(list(enumerate(d.get("pending", []))))]
    s.lost = [str(x) for x in d.get("lost", [])]
    ctx.phase = Phase.POOL


def _read_phase(r: PositionReader, ctx: _Reading) -> None:
    """``phase``: the phase the keys given imply, or 'first' (round 1 before the tile, the start
    player not drawn, MARA-2.1), or 'over' (after the splitter's pool of a round with an end trigger, MARA-8.1)."""
    s, d, phase = ctx.s, r.doc, ctx.phase
    wanted = d.get("phase")
    if wanted == Phase.FIRST:
        if s.round != 1 or s.tile is not None or s.splitter != 0:
            raise BoardkitDataError("position: phase: 'first' is round 1 before the tile, with splitter red "
                                    "(the start player is not drawn yet, MARA-2.1)")
        phase = Phase.FIRST
    elif wanted == Phase.OVER:
        if phase != Phase.POOL or s.doer != s.splitter or s.remaining or s.tasks or not d.get("end"):
            raise IllegalPositionError("MARA-8.1", "position: phase: the game is over only after the splitter's pool "
                                                   "of a round with an end trigger ('end'), nothing remaining or pending")
        phase = Phase.OVER
    elif wanted is not None and wanted != phase and not (wanted == Phase.ROLL and phase == Phase.REVEAL
                                                          and not s.stack):
        raise BoardkitDataError(f"position: phase: {shorten(wanted)}, but the keys given describe the phase {shorten(str(phase))}")
    s.phase = phase


def _check_crates(r: PositionReader, ctx: _Reading) -> None:
    """MARA-6.1: each crate field crossed a crate (or it is due)."""
    s, game = ctx.s, ctx.s.game
    for p, colour in enumerate(PLAYERS):
        own_crate = sum(1 for f in game.crate_fields if s.owner[f] == p)
        due = sum(1 + t.then for t in s.tasks if isinstance(t, CrateTask)) if p == s.doer else 0
        if sum(s.crates[p]) + due < min(own_crate, sum(game.group_size)):
            raise IllegalPositionError("MARA-6.1", f"position: players.{colour}.crates: {sum(s.crates[p])} crossed, but "
                                                   f"{colour} wrote in {own_crate} crate field(s), each crossing a crate")


def _check_end(r: PositionReader, ctx: _Reading) -> None:
    _end_triggers(ctx.s, r.doc, ctx.study)


_FORMAT: PositionFormat[_Reading] = PositionFormat([
    Field("round", {"type": "integer", "minimum": 1, "maximum": 100}, _read_round, default=1),
    Field("splitter", {"enum": list(PLAYERS) + [0, 1]}, _read_splitter, default="red"),
    Field("fields", {"type": "object", "additionalProperties": {"type": "string"}}, _read_fields, default={}),
    Field("sheets", {"type": "object", "additionalProperties": {
        "type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 2, "maxItems": 2}}, _read_sheets, default={}),
    Field("players", {"type": "object", "additionalProperties": False, "properties": {"red": _PLAYER, "blue": _PLAYER}},
          _read_players, default={}),
    Field("tiles_left", {"type": "array", "items": {"type": "string"}}),
    Field("tile", {"type": "string"}, _read_tile, default=None),
    Field("roll", {"type": "object", "additionalProperties": {"type": ["string", "integer"]}}),
    Field("phase", {"enum": [str(p) for p in Phase]}),
    Field("split", _ELEMENTS),
    Field("taken", _ELEMENTS),
    Field("doer", {"enum": list(PLAYERS)}),
    Field("remaining", _ELEMENTS),
    Field("used", _ELEMENTS),
    Field("skipped", _ELEMENTS),
    Field("pending", {"type": "array", "items": _PART}),
    Field("lost", {"type": "array", "items": {"type": "string"}}),
    Field("end", {"type": "array", "items": {
        "type": "object", "required": ["player", "condition"], "additionalProperties": False,
        "properties": {"player": {"enum": list(PLAYERS)}, "condition": {"enum": ["region", "sheet", "cupcakes"]},
                       "region": {"type": ["string", "null"]}}}}),
], steps=["fields", "sheets", "players", "round", "splitter", "tile", Check("tiles_left", _read_stack),
          Check("roll", _read_roll), Check("split", _read_split), Check("pool", _read_pool), Check("phase", _read_phase),
          Check("crates", _check_crates), Check("end", _check_end)])


def from_position(game: "MarabuntaGame", description: str | Mapping[str, Any], study: bool = False) -> "MarabuntaState":
    """Build a validated Marabunta position (module docstring). The description is copied.

    Args:
        game: the game (its data gives the map, groups and tiles).
        description: YAML text or a mapping.
        study: take a position that cannot arise in play but is worth studying (an end
            condition that holds but is not among the round's triggers, MARA-8.1).

    Returns:
        MarabuntaState: at the start player's draw, the tile reveal or a die's roll (chance),
        at the split, the take, a pool being carried out, or the end.

    Raises:
        BoardkitDataError: a malformed description (names the field and value).
        IllegalPositionError: a position the rules make impossible (names the clause; for a
            study position it says to use ``study=True``).
    """
    r = PositionReader(game, description, _FORMAT)
    s = game.new_initial_state()
    s.phase = Phase.REVEAL
    r.run(_Reading(s, study))
    return r.finish(s)


def _describe_task(s: "MarabuntaState", task: Task) -> dict[str, Any]:
    g = s.game
    names = g.board.names
    if isinstance(task, WriteTask):
        return {"part": "write", "numbers": list(task.numbers),
                "region": None if task.region < 0 else g.regions[task.region], "mode": str(task.mode),
                "near": None if task.near < 0 else names[task.near], "then": task.then}
    if isinstance(task, CircleTask):
        return {"part": "circle", "sheets": [g.regions[k] for k in task.regions], "then": task.then,
                "distinct": task.distinct}
    if isinstance(task, CrateTask):
        return {"part": "crate", "then": task.then}
    if isinstance(task, CrossTask):
        return {"part": "cross", "near": None if task.near < 0 else names[task.near], "then": task.then}
    return {"part": "cupfield"}


def to_position(s: "MarabuntaState") -> dict[str, Any]:
    """The description of ``s`` that :func:`from_position` reads back (JSON-ready)."""
    g = s.game
    names = g.board.names
    fields = {}
    for f, v in enumerate(s.value):
        if v == -2:
            fields[names[f]] = "x"
        elif v >= 0:
            fields[names[f]] = f"{PLAYERS[s.owner[f]]} {v}"
    d: dict[str, Any] = {
        "round": s.round, "splitter": PLAYERS[s.splitter], "fields": fields,
        "sheets": {c: list(s.sheets[k]) for k, c in enumerate(g.regions)},
        "players": {PLAYERS[p]: {"ant_hills": s.ants[p], "crates": dict(zip(g.groups, s.crates[p])),
                                 "cupcakes": s.cupcakes[p]} for p in (0, 1)},
        "tiles_left": sorted(s.stack),
        "phase": str(s.phase),
    }
    if s.tile is not None:
        d["tile"] = s.tile
    if s.dice:
        d["roll"] = dict(zip(g.regions, s.dice))
    if s.phase in (Phase.TAKE, Phase.POOL, Phase.OVER):
        d["split"] = list(s.pool_a)
    if s.phase in (Phase.POOL, Phase.OVER):
        d.update({"taken": list(s.chooser_pool), "doer": PLAYERS[s.doer], "remaining": list(s.remaining),
                  "used": list(s.used), "skipped": list(s.skipped),
                  "pending": [_describe_task(s, t) for t in reversed(s.tasks)], "lost": list(s.lost),
                  "end": [dict(e) for e in s.end_conditions]})
    return d


__all__ = ["describe", "field_entry", "from_position", "to_position"]
