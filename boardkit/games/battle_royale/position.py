"""Battle Royale positions for study, both ways: ``state.to_position()`` writes one and
``game.state_from_position(description)`` reads it back, validated.

Example (YAML text or the same as a dict)::

    layout: first              # optional: start from a named arena (the data file's first
                               # layout, or four removed tiles "b5 e4 a2 d1") with its
                               # starting figures; then ``tiles`` lists only the tiles that
                               # differ from it and ``holes`` the tiles since removed
    tiles:                     # without ``layout``: every tile still in the arena
      c3: red 2, blue 1
      c4: red 1, grey 1
      b3: ""                   # an empty tile
    holes: [b2]                # only with ``layout``
    eliminator: c3             # default: under the goal
    to_move: 0                 # whose turn (default 0)
    turn: 4                    # turns started so far, this one included (default 4)
    hands: {0: [2x2, 3x1], 1: [1x3]}
    piles: {0: [1x1e], 1: []}  # default: every card of the colour not in the hand
    prisoners: {0: blue 1}     # default: none

Without ``phase`` the position is the start of ``to_move``'s turn (its card phase, or its Doom
roll with an empty hand, BR-2.6). A position inside a turn or at a chance node adds::

    phase: move                # setup, card, move, push, event, doom or draw
    first: 0                   # the start player (null: not drawn yet, BR-1.7)
    deal: [1, 1]               # setup: the seats still to draw, in order (BR-1.4)
    card: 2x2                  # the card played this turn (BR-2.1)
    figures_left: 1            # figures the card still lets move (BR-2.2)
    moved: {c4: red 1}         # figures that moved this turn, by tile
    moving: {colour: red, path: [c3, c4], steps_left: 1}   # the figure moving (BR-2.2)
    push: {tile: c4, from: c3, colour: red, moved: true}   # an overfull tile (BR-2.3)
    queue: [battle, doom]      # events still to come this turn: a card's special, the Doom roll
    event: battle              # move or battle, awaiting choices (BR-4.1, BR-4.3)
    takes: [{tile: b2, taker: 0, colours: [blue]}]          # battle takings still to make
    idle_turns: 0              # turns begun with no card anywhere (BR-D13, no_cards="round")

Figures not on tiles and not prisoners are out of the game (BR-1.3: 21 per colour).

A turn starting at the Doom roll while the active player holds cards cannot arise in play
(it plays a card first, BR-2.1, BR-2.6) but is worth studying (what may the die do here?):
it is built only with ``study=True``.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping

from boardkit.core.game import OptionError
from boardkit.core.position import PositionReader
from boardkit.core.rules import IllegalPositionError
from boardkit.core.validate import BoardkitDataError, shorten
from boardkit.games.battle_royale.actions import COLOURS, DOOM_FACES, NEUTRAL
from boardkit.games.battle_royale.data import FIGURES_PER_COLOUR
from boardkit.games.battle_royale.rules import BattleTake, Event, Moving, Phase, PushTask, Queued, cut_off

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.battle_royale.game import BattleRoyaleGame
    from boardkit.games.battle_royale.state import BattleRoyaleState

_SEATS = {"type": "object", "propertyNames": {"pattern": "^[0-3]$"}}
_CELLS = {"type": "array", "items": {"type": "string"}}
_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["tiles", "hands"],
    "additionalProperties": False,
    "properties": {
        "layout": {"type": "string"},
        "to_move": {"type": "integer", "minimum": 0, "maximum": 3},
        "turn": {"type": "integer", "minimum": 0},
        "tiles": {"type": "object", "additionalProperties": {"type": ["string", "null"]}},
        "holes": _CELLS,
        "eliminator": {"type": "string"},
        "hands": {**_SEATS, "additionalProperties": {"type": "array", "items": {"type": "string"}}},
        "piles": {**_SEATS, "additionalProperties": {"type": "array", "items": {"type": "string"}}},
        "prisoners": {**_SEATS, "additionalProperties": {"type": ["string", "null"]}},
        "phase": {"enum": [p.value for p in Phase if p is not Phase.OVER]},
        "first": {"type": ["integer", "null"], "minimum": 0, "maximum": 3},
        "deal": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 3}},
        "card": {"type": ["string", "null"]},
        "figures_left": {"type": "integer", "minimum": 0},
        "moved": {"type": "object", "additionalProperties": {"type": ["string", "null"]}},
        "moving": {"type": ["object", "null"], "required": ["colour", "path", "steps_left"], "additionalProperties": False,
                   "properties": {"colour": {"type": "string"}, "path": {**_CELLS, "minItems": 1},
                                  "steps_left": {"type": "integer", "minimum": 0}}},
        "push": {"type": ["object", "null"], "required": ["tile", "from", "colour", "moved"], "additionalProperties": False,
                 "properties": {"tile": {"type": "string"}, "from": {"type": "string"}, "colour": {"type": "string"},
                                "moved": {"type": "boolean"}}},
        "queue": {"type": "array", "items": {"enum": [*DOOM_FACES, "doom"]}},
        "event": {"enum": [None, *(e.value for e in Event)]},
        "takes": {"type": "array", "items": {
            "type": "object", "required": ["tile", "taker", "colours"], "additionalProperties": False,
            "properties": {"tile": {"type": "string"}, "taker": {"type": "integer", "minimum": 0, "maximum": 3},
                           "colours": {**_CELLS, "minItems": 1}}}},
        "idle_turns": {"type": "integer", "minimum": 0},
    },
}
#: Fields only a position inside a turn or at a chance node uses (they need ``phase``).
_TURN_FIELDS = ("first", "deal", "card", "figures_left", "moved", "moving", "push", "queue", "event", "takes", "idle_turns")


def _figures(text: str | None, where: str, colours: tuple[str, ...]) -> Counter[str]:
    out: Counter[str] = Counter()
    for part in (text or "").replace(";", ",").split(","):
        words = part.split()
        if not words:
            continue
        if len(words) != 2 or not re.fullmatch(r"[0-9]+", words[1]):
            raise BoardkitDataError(f"{where}: expected 'colour count, ...' like 'red 2, blue 1', got {shorten(part.strip())}")
        colour, k = words[0].lower(), int(words[1])
        if colour not in colours:
            raise BoardkitDataError(f"{where}: {shorten(colour)} is not a colour of this game ({', '.join(colours)})")
        if colour in out:
            raise BoardkitDataError(f"{where}: {colour} is listed twice")
        out[colour] = k
    return +out


def _write_figures(counts: Counter[str], colours: tuple[str, ...]) -> str:
    return ", ".join(f"{c} {counts[c]}" for c in colours if counts[c] > 0)


def _layout_arena(game: "BattleRoyaleGame", layout: str) -> dict[int, Counter[str]]:
    """The arena a named layout starts with: every tile not removed, one figure of each
    player colour on it, the neutral figures on their tiles if present (BR-1.1, BR-1.3,
    BR-1.6)."""
    try:
        removed = game.check_layout(game.data["first_layout"] if layout == "first" else layout.replace(",", " ").split())
    except OptionError as exc:
        raise BoardkitDataError(f"position: layout: {exc}") from None
    arena = {i: Counter({c: 1 for c in COLOURS[: game.num_players]}) for i in range(25) if i not in removed}
    for c in game.neutral:
        if c in arena:
            arena[c][NEUTRAL] += 1
    return arena


def from_position(game: "BattleRoyaleGame", description: str | Mapping[str, Any], study: bool = False) -> "BattleRoyaleState":
    """Build a validated Battle Royale position (module docstring). The description is
    copied: changing it afterwards changes nothing.

    Args:
        game: the game (its options give the number of players and the cards).
        description: YAML text or a mapping.
        study: allow a turn starting at the Doom roll while the active player holds cards.

    Returns:
        BattleRoyaleState: without ``phase``, in the card phase of ``to_move`` (or at its Doom
        roll, with an empty hand, BR-2.6); with it, in that phase.

    Raises:
        BoardkitDataError: a malformed description (names the field).
        IllegalPositionError: an impossible position, naming the clause: no goal tile or a
            tile cut off from it (BR-1.1, BR-4.2), more figures on a tile than allowed (BR-2.3),
            more figures of a colour than exist (BR-1.3) or neutral figures with 3-4 players
            (BR-1.6), cards that are not the colour's or too many in a hand (BR-1.3, BR-1.4), a
            position already over (BR-3.1, BR-D9), a turn starting at the Doom roll with cards
            in hand without ``study=True`` (BR-2.6).
    """
    r = PositionReader(game, description, _SCHEMA)
    doc = r.doc
    board = game.board

    def cell(name: str, where: str) -> int:
        return r.cell(where, name)

    def colour(name: str, where: str) -> str:
        return str(r.choice(where, name, game.colours, "a colour of this game"))

    def seat(p: int | str, where: str) -> int:
        return r.seat(where, p)

    state = game.new_initial_state()
    if "layout" in doc:
        state.tiles = _layout_arena(game, doc["layout"])
        for name in doc.get("holes", []):
            state.tiles.pop(cell(name, f"holes.{name}"), None)
    elif "holes" in doc:
        raise BoardkitDataError("position: holes: holes are listed only with a layout; without one, every tile not "
                                "under tiles is a hole")
    else:
        state.tiles = {}
        if not doc["tiles"]:
            raise BoardkitDataError("position: tiles: list the tiles still in the arena (at least the goal c3)")
    for name, text in doc["tiles"].items():
        state.tiles[cell(name, f"tiles.{name}")] = _figures(text, f"position: tiles.{name}", game.colours)
    if game.goal not in state.tiles:
        raise IllegalPositionError("BR-1.1", "the goal tile c3 is never removed: list it under tiles")
    cut = sorted(board.names[i] for i in cut_off(board.graph, board.names, list(state.tiles), game.goal))
    if cut:
        raise IllegalPositionError("BR-4.2", f"{', '.join(cut)} would already have fallen: not connected to the goal c3")
    state.prisoners = [Counter() for _ in range(game.num_players)]
    for p, text in (doc.get("prisoners") or {}).items():
        s = seat(p, f"prisoners.{p}")
        state.prisoners[s] = _figures(text, f"position: prisoners.{p}", game.colours)
        own = COLOURS[s]
        if state.prisoners[s][own] and not game.options.own_prisoners:
            raise IllegalPositionError("BR-2.4", f"player {p} holds its own {own} figures as prisoners, but with "
                                                 f"own_prisoners=False they leave the game instead")
    totals: Counter[str] = Counter()
    for counts in list(state.tiles.values()) + state.prisoners:
        totals.update(counts)
    for c, k in totals.items():
        limit = FIGURES_PER_COLOUR if c != NEUTRAL else len(game.neutral)
        if k > limit:
            raise IllegalPositionError("BR-1.3" if c != NEUTRAL else "BR-1.6", f"{k} {c} figures on tiles and as prisoners; "
                                                                               f"there are only {limit}")
    state.out = +Counter({c: (FIGURES_PER_COLOUR if c != NEUTRAL else len(game.neutral)) - totals[c] for c in game.colours})
    _read_cards(game, doc, state, seat)
    to_move = seat(doc.get("to_move", 0), "to_move")
    if "eliminator" in doc:
        state.eliminator = cell(doc["eliminator"], "eliminator")
    state.idle_turns = r.whole("idle_turns", doc.get("idle_turns", 0), 0,
                               game.num_players if game.options.no_cards == "round" else 0,
                               "turns begun with no card anywhere count up to a round only with no_cards='round', BR-D13")
    if "phase" not in doc:
        extra = [f for f in _TURN_FIELDS if f in doc]
        if extra:
            raise BoardkitDataError(f"position: {', '.join(extra)}: only a position with a phase has these fields")
        _check_capacity(game, state, ())
        state.deal = []
        state.first = state.first if state.first is not None else 0
        state.turn = r.turns("turn", doc.get("turn", 4), "BR-D9") - 1
        state.phase = Phase.SETUP
        state._start_turn(to_move)
    else:
        _read_turn(game, r, state, to_move, cell, colour, seat, study)
    if state.phase is not Phase.OVER:
        state._check_end()
    if state.phase is Phase.OVER:
        o = state._outcome()
        raise IllegalPositionError(o.clause, f"this position is already over ({o.reason})")
    state._study = study
    return r.finish(state)


def _read_cards(game: "BattleRoyaleGame", doc: dict[str, Any], state: "BattleRoyaleState", seat: Any) -> None:
    """Hands and piles: the colour's cards only, a hand at most ``hand_size`` (BR-1.3, BR-1.4)."""
    deck = Counter(game.deck)
    for p in list(doc.get("hands") or {}) + list(doc.get("piles") or {}):
        seat(p, f"hands/piles.{p}")
    for p in range(game.num_players):
        hand = [c.lower() for c in doc["hands"].get(str(p), [])]
        pile = [c.lower() for c in doc["piles"][str(p)]] if str(p) in (doc.get("piles") or {}) else None
        for c in hand + (pile or []):
            if c not in deck:
                raise BoardkitDataError(f"position: hands/piles.{p}: {shorten(c)} is not a card; cards: {', '.join(sorted(deck))}")
        if len(hand) > game.data["hand_size"]:
            raise IllegalPositionError("BR-1.4", f"player {p} holds {len(hand)} cards; a hand is at most {game.data['hand_size']}")
        if pile is None:
            pile = list((deck - Counter(hand)).elements())
        extra = Counter(hand) + Counter(pile) - deck
        if extra:
            copies = ", ".join(f"{c} ({k} too many)" for c, k in sorted(extra.items()))
            raise IllegalPositionError("BR-1.3", f"player {p}'s hand and pile hold more copies of a card than the colour's "
                                                 f"10 cards: {copies}")
        state.hands[p], state.piles[p] = sorted(hand), sorted(pile)


def _check_capacity(game: "BattleRoyaleGame", state: "BattleRoyaleState", overfull: tuple[int, ...]) -> None:
    """BR-2.3: no tile holds more than C figures, but for ``overfull`` tiles (a moving figure
    passing a full tile, BR-D8, or a tile waiting for its push) which may hold C + 1."""
    for t, counts in state.tiles.items():
        k = sum(counts.values())
        if k > game.capacity + (1 if t in overfull else 0):
            raise IllegalPositionError("BR-2.3", f"{game.board.names[t]} holds {k} figures; at most {game.capacity} "
                                                 f"with {game.num_players} players")


def _read_turn(game: "BattleRoyaleGame", r: PositionReader, state: "BattleRoyaleState", to_move: int, cell: Any,
               colour: Any, seat: Any, study: bool) -> None:
    """The fields of a position inside a turn or at a chance node (module docstring)."""
    doc = r.doc
    board = game.board
    phase = Phase(doc["phase"])
    state.phase = phase
    state.to_move = to_move
    state.turn = r.turns("turn", doc.get("turn", 4), "BR-D9")
    state.first = doc.get("first", state.first if state.first is not None else 0)
    if state.first is not None:
        seat(state.first, "first")
    state.deal = [seat(p, "deal") for p in doc.get("deal", [])]
    owed = Counter(state.deal)
    short = [s for s in sorted(owed) if owed[s] > len(state.piles[s])]
    if short:  # BR-1.4: every card still to be dealt comes from the seat's own pile
        raise IllegalPositionError("BR-1.4", f"player {short[0]} is still to draw {owed[short[0]]} card(s) but its "
                                             f"pile holds {len(state.piles[short[0]])}")
    if (state.deal or state.first is None) and phase is not Phase.SETUP:
        raise IllegalPositionError("BR-1.4", "hands are dealt and the start player drawn before the first turn: "
                                             "a deal or an undrawn start player needs phase setup")
    if phase is Phase.SETUP and not state.deal and state.first is not None:
        raise BoardkitDataError("position: phase: setup ends once the hands are dealt and the start player is drawn; "
                                "give deal or first: null")
    card = doc.get("card")
    if card is not None and card.lower() not in game.cards:
        raise BoardkitDataError(f"position: card: {shorten(card)} is not a card; cards: {', '.join(dict.fromkeys(game.deck))}")
    state.card = None if card is None else card.lower()
    most = max(c["figures"] for c in game.cards.values())
    state.figures_left = r.whole("figures_left", doc.get("figures_left", 0), 0, most,
                                 f"no card moves more than {most} figures, BR-2.2")
    if state.card is None and phase in (Phase.MOVE, Phase.PUSH):
        raise IllegalPositionError("BR-2.1", f"the {phase.value} phase follows a card: give the card played")
    if state.card is not None and state.figures_left > game.cards[state.card]["figures"]:
        raise IllegalPositionError("BR-2.1", f"the {state.card} card moves {game.cards[state.card]['figures']} figures, "
                                             f"not {state.figures_left}")
    state.moved = {}
    for name, text in (doc.get("moved") or {}).items():
        t = cell(name, f"moved.{name}")
        counts = _figures(text, f"position: moved.{name}", game.colours)
        if counts - state.tiles.get(t, Counter()):
            raise IllegalPositionError("BR-2.2", f"more figures moved on {name} than stand there")
        if counts:
            state.moved[t] = counts
    overfull: list[int] = []
    m = doc.get("moving")
    state.moving = None
    if m is not None:
        if phase is not Phase.MOVE:
            raise BoardkitDataError("position: moving: a figure moves only in the move phase")
        path = tuple(cell(name, "moving.path") for name in m["path"])
        for a, b in zip(path, path[1:]):
            if b not in board.step[a] or b not in state.tiles:
                raise IllegalPositionError("BR-2.2", f"moving.path: {board.names[b]} is not a tile next to {board.names[a]}")
        c = colour(m["colour"], "moving.colour")
        if state.tiles.get(path[-1], Counter())[c] == 0:
            raise IllegalPositionError("BR-2.2", f"moving: no {c} figure on {board.names[path[-1]]}")
        direction = board.step[path[-2]].index(path[-1]) if len(path) > 1 else -1
        state.moving = Moving(c, path, m["steps_left"], direction, len(path) > 1)
        overfull.append(path[-1])
        if state.card is not None and state._no_push(c) and not state._can_finish(path, m["steps_left"], 0):
            raise IllegalPositionError("BR-D14", f"moving: the {c} figure of another player can only end its move on a full "
                                                 f"tile, which only a move of one's own figure may overfill")
    p = doc.get("push")
    state.push = None
    if p is not None:
        if phase is not Phase.PUSH:
            raise BoardkitDataError("position: push: a push waits only in the push phase")
        t, src = cell(p["tile"], "push.tile"), cell(p["from"], "push.from")
        if t not in board.step[src]:
            raise IllegalPositionError("BR-2.3", f"push: {p['from']} is not next to {p['tile']}")
        if sum(state.tiles.get(t, Counter()).values()) != game.capacity + 1:
            raise IllegalPositionError("BR-2.3", f"push: {p['tile']} must hold {game.capacity + 1} figures to be pushed from")
        state.push = PushTask(t, board.step[src].index(t), colour(p["colour"], "push.colour"), p["moved"])
        overfull.append(t)
    elif phase is Phase.PUSH:
        raise BoardkitDataError("position: push: the push phase needs the push waiting")
    _check_capacity(game, state, tuple(overfull))
    state.queue = [Queued(None if q == "doom" else q) for q in doc.get("queue", [])]
    ev = doc.get("event")
    state.event = None if ev is None else Event(ev)
    if (state.event is None) == (phase is Phase.EVENT):
        raise BoardkitDataError("position: event: the event phase, and only it, has an event (move or battle)")
    state.takes = []
    for i, task in enumerate(doc.get("takes", [])):
        colours = frozenset(colour(c, f"takes[{i}].colours") for c in task["colours"])
        state.takes.append(BattleTake(cell(task["tile"], f"takes[{i}].tile"), seat(task["taker"], f"takes[{i}].taker"), colours))
    if state.takes and state.event is not Event.BATTLE:
        raise BoardkitDataError("position: takes: takings wait only in a battle")
    hand = state.hands[to_move]
    if phase is Phase.DOOM and state.card is None and hand and not study:
        raise IllegalPositionError("BR-2.6", f"a turn starts at the Doom roll only with an empty hand; player {to_move} "
                                             "holds cards and plays one first (BR-2.1). This position is worth studying "
                                             "but cannot arise in play: use study=True")


def to_position(state: "BattleRoyaleState") -> dict[str, Any]:
    """The description of ``state`` that ``game.state_from_position`` reads back (with
    ``study=True`` if it was built so). Tiles are written relative to the game's layout.

    Returns:
        A JSON-ready dict (module docstring), every turn field written.
    """
    game = state.game
    names = game.board.names
    layout = game.options.layout
    base = _layout_arena(game, layout)
    tiles = {names[t]: _write_figures(c, game.colours) for t, c in sorted(state.tiles.items())
             if +c != base.get(t)}
    holes = sorted((names[t] for t in base if t not in state.tiles), key=game.board.index)
    m, p = state.moving, state.push
    return {
        "layout": layout,
        "tiles": tiles,
        "holes": holes,
        "eliminator": names[state.eliminator],
        "to_move": state.to_move,
        "turn": state.turn,
        "hands": {str(i): list(h) for i, h in enumerate(state.hands)},
        "piles": {str(i): sorted(pl) for i, pl in enumerate(state.piles)},
        "prisoners": {str(i): _write_figures(pr, game.colours) for i, pr in enumerate(state.prisoners)},
        "phase": state.phase.value,
        "first": state.first,
        "deal": list(state.deal),
        "card": state.card,
        "figures_left": state.figures_left,
        "moved": {names[t]: _write_figures(c, game.colours) for t, c in sorted(state.moved.items()) if +c},
        "moving": None if m is None else {"colour": m.colour, "path": [names[t] for t in m.path], "steps_left": m.steps_left},
        "push": None if p is None else {"tile": names[p.tile], "from": names[_back(game, p)], "colour": p.colour,
                                        "moved": p.moved},
        "queue": ["doom" if q.face is None else q.face for q in state.queue],
        "event": None if state.event is None else state.event.value,
        "takes": [{"tile": names[t.tile], "taker": t.taker, "colours": sorted(t.colours)} for t in state.takes],
        "idle_turns": state.idle_turns,
    }


def _back(game: "BattleRoyaleGame", p: PushTask) -> int:
    """The tile a push came from: the neighbour of ``p.tile`` whose step in ``p.direction``
    leads to it."""
    for j, steps in enumerate(game.board.step):
        if steps[p.direction] == p.tile:
            return j
    raise AssertionError("a push always comes from a tile of the frame")  # pragma: no cover
