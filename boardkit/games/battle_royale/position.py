"""Battle Royale positions for study: the start of a player's turn, in a few lines.

Example (YAML text or the same as a dict)::

    to_move: 0                 # whose turn (default 0)
    turn: 4                    # turns started so far, this one included (default 4)
    tiles:                     # every tile still in the arena; the others are holes
      c3: red 2, blue 1
      c4: red 1, grey 1
      b3: blue 1
      ...
    eliminator: c3             # default: under the goal
    hands: {0: [2x2, 3x1], 1: [1x3]}
    piles: {0: [1x1e], 1: []}  # default: every card of the colour not in the hand
    prisoners: {0: blue 1}     # default: none

Figures not on tiles and not prisoners are out of the game (BR-1.3: 21 per colour).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping

import networkx as nx

from boardkit.core.rules import IllegalPositionError
from boardkit.core.validate import BoardkitDataError, load_description
from boardkit.games.battle_royale.actions import COLOURS, NEUTRAL

if TYPE_CHECKING:
    from boardkit.games.battle_royale.game import BattleRoyaleGame, BattleRoyaleState

_SEATS = {"type": "object", "propertyNames": {"pattern": "^[0-3]$"}}
_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["tiles", "hands"],
    "additionalProperties": False,
    "properties": {
        "to_move": {"type": "integer", "minimum": 0, "maximum": 3},
        "turn": {"type": "integer", "minimum": 1},
        "tiles": {"type": "object", "minProperties": 1, "additionalProperties": {"type": ["string", "null"]}},
        "eliminator": {"type": "string"},
        "hands": {**_SEATS, "additionalProperties": {"type": "array", "items": {"type": "string"}}},
        "piles": {**_SEATS, "additionalProperties": {"type": "array", "items": {"type": "string"}}},
        "prisoners": {**_SEATS, "additionalProperties": {"type": ["string", "null"]}},
    },
}


def _figures(text: str | None, where: str, colours: tuple[str, ...]) -> Counter[str]:
    out: Counter[str] = Counter()
    for part in (text or "").replace(";", ",").split(","):
        words = part.split()
        if not words:
            continue
        if len(words) != 2 or not re.fullmatch(r"[0-9]+", words[1]):
            raise BoardkitDataError(f"{where}: expected 'colour count, ...' like 'red 2, blue 1', got {part.strip()!r}")
        colour, k = words[0].lower(), int(words[1])
        if colour not in colours:
            raise BoardkitDataError(f"{where}: {colour!r} is not a colour of this game ({', '.join(colours)})")
        if colour in out:
            raise BoardkitDataError(f"{where}: {colour} is listed twice")
        out[colour] = k
    return +out


def from_position(game: "BattleRoyaleGame", description: str | Mapping[str, Any]) -> "BattleRoyaleState":
    """Build a validated Battle Royale position: the start of ``to_move``'s turn.

    Args:
        game: the game (its options give the number of players and the cards).
        description: YAML text or a mapping (module docstring).

    Returns:
        BattleRoyaleState in its card phase (or at its Doom roll, with an empty hand, BR-2.6).

    Raises:
        BoardkitDataError: a malformed description (names the field).
        IllegalPositionError: an impossible position, naming the clause: no goal tile or a
            tile cut off from it (BR-1.1), more figures on a tile than allowed (BR-2.3), more
            figures of a colour than exist (BR-1.3) or neutral figures with 3-4 players
            (BR-1.6), cards that are not the colour's or too many in a hand (BR-1.3, BR-1.4).
    """
    from boardkit.games.battle_royale.game import FIGURES_PER_COLOUR, BattleRoyaleState

    doc = load_description(description, _SCHEMA)
    n = game.options["players"]
    board = game.board
    state = BattleRoyaleState.__new__(BattleRoyaleState)
    BattleRoyaleState.__init__(state, game)
    state.tiles = {}
    for name, text in doc["tiles"].items():
        try:
            t = board.index(name)
        except KeyError as exc:
            raise BoardkitDataError(f"position: tiles.{name}: {exc.args[0]}") from None
        state.tiles[t] = _figures(text, f"position: tiles.{name}", game.colours)
        if sum(state.tiles[t].values()) > game.capacity:
            raise IllegalPositionError("BR-2.3", f"{name} holds {sum(state.tiles[t].values())} figures; at most {game.capacity} "
                                                 f"with {n} players")
    if game.goal not in state.tiles:
        raise IllegalPositionError("BR-1.1", "the goal tile c3 is never removed: list it under tiles")
    present = [board.names[i] for i in state.tiles]
    cut = sorted(set(present) - nx.node_connected_component(board.graph.subgraph(present), "c3"))
    if cut:
        raise IllegalPositionError("BR-4.2", f"{', '.join(cut)} would already have fallen: not connected to the goal c3")
    state.prisoners = [Counter() for _ in range(n)]
    for seat, text in (doc.get("prisoners") or {}).items():
        if int(seat) >= n:
            raise BoardkitDataError(f"position: prisoners.{seat}: there are {n} players (0 .. {n - 1})")
        state.prisoners[int(seat)] = _figures(text, f"position: prisoners.{seat}", game.colours)
        own = COLOURS[int(seat)]
        if state.prisoners[int(seat)][own] and not game.options["own_prisoners"]:
            raise IllegalPositionError("BR-2.4", f"player {seat} holds its own {own} figures as prisoners, but with "
                                                 f"own_prisoners=False they leave the game instead")
    totals: Counter[str] = Counter()
    for counts in list(state.tiles.values()) + state.prisoners:
        totals.update(counts)
    for c, k in totals.items():
        limit = FIGURES_PER_COLOUR if c != NEUTRAL else len(game.neutral)
        if k > limit:
            raise IllegalPositionError("BR-1.3" if c != NEUTRAL else "BR-1.6", f"{k} {c} figures on tiles and as prisoners; "
                                                                               f"there are only {limit}")
    state.out = Counter({c: (FIGURES_PER_COLOUR if c != NEUTRAL else len(game.neutral)) - totals[c] for c in game.colours})
    state.out = +state.out
    deck = Counter(game.deck)
    for seat in list((doc.get("hands") or {})) + list((doc.get("piles") or {})):
        if int(seat) >= n:
            raise BoardkitDataError(f"position: hands/piles.{seat}: there are {n} players (0 .. {n - 1})")
    for p in range(n):
        hand = [c.lower() for c in doc["hands"].get(str(p), [])]
        pile = [c.lower() for c in doc["piles"][str(p)]] if str(p) in (doc.get("piles") or {}) else None
        for c in hand + (pile or []):
            if c not in deck:
                raise BoardkitDataError(f"position: hands/piles.{p}: {c!r} is not a card; cards: {', '.join(sorted(deck))}")
        if len(hand) > game.data["hand_size"]:
            raise IllegalPositionError("BR-1.4", f"player {p} holds {len(hand)} cards; a hand is at most {game.data['hand_size']}")
        if pile is None:
            pile = list((deck - Counter(hand)).elements())
        if Counter(hand) + Counter(pile) - deck:
            raise IllegalPositionError("BR-1.3", f"player {p}'s hand and pile hold more copies of a card than the colour's "
                                                 f"10 cards: {sorted((Counter(hand) + Counter(pile) - deck).elements())}")
        state.hands[p], state.piles[p] = sorted(hand), sorted(pile)
    to_move = doc.get("to_move", 0)
    if to_move >= n:
        raise BoardkitDataError(f"position: to_move: there are {n} players (0 .. {n - 1})")
    if "eliminator" in doc:
        try:
            state.eliminator = board.index(doc["eliminator"])
        except KeyError as exc:
            raise BoardkitDataError(f"position: eliminator: {exc.args[0]}") from None
    state.deal = []
    state.first = state.first if state.first is not None else 0
    state.turn = doc.get("turn", 4) - 1
    state.idle_turns = 0
    state.phase = "setup"
    state._start_turn(to_move)
    if state._check_end():
        raise IllegalPositionError("BR-D9" if state.end_reason == "cut off" else "BR-3.1",
                                   f"this position is already over ({state.end_reason})")
    state._start = dict(doc)
    state._history = []
    state._settle()
    return state
