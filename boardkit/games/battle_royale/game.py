"""Battle Royale: moving and pushing figures on an exploding 5x5 arena, 2 to 4 players.

Source: seed ``000_c2cb631045ea0dc6.txt`` (German), specified clause by clause in
``shared/rules/battle_royale.md`` and ``data/rules/battle_royale.yaml`` (BR-1.1 .. BR-6 and
the decisions BR-D*). Numbers the seed leaves out (cards, Doom die, first layout, neutral
placement) come from ``data/battle_royale/default.yaml`` (option ``data``).

>>> import boardkit
>>> s = boardkit.load_game("battle_royale", first_player=0).new_initial_state()
>>> s.is_chance_node()   # the players draw their hands (BR-1.4)
True
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from os import PathLike, fspath
from pathlib import Path
from typing import Any, Mapping

import networkx as nx

from boardkit.core.actions import Action
from boardkit.core.boards import SquareBoard, load_square_board
from boardkit.core.game import CHANCE, TERMINAL, Game, OptionError, State
from boardkit.core.paths import DATA_DIR
from boardkit.games.battle_royale.spec import RULES_HISTORY, SPEC  # noqa: F401
from boardkit.core.rules import IllegalActionError
from boardkit.core.validate import BoardkitDataError, check_schema, read_yaml
from boardkit.games.battle_royale.actions import (
    COLOURS, NEUTRAL, Done, Draw, FirstPlayer, MoveEliminator, Pick, Play, Push, Roll, Step, Stop, Take, parse,
)

#: Rules versions of the Battle Royale engine, newest last: (version, what changed).
FIGURES_PER_COLOUR = 21  # BR-1.3
N_REMOVED = 4  # BR-1.1

_CARD = {
    "type": "object", "required": ["name", "figures", "steps"], "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "pattern": "^[a-z0-9]+$"},
        "figures": {"type": "integer", "minimum": 1}, "steps": {"type": "integer", "minimum": 1},
        "diagonal": {"type": "boolean"}, "opponents_only": {"type": "boolean"},
        "special": {"enum": ["move", "explosion", "battle"]},
    },
}
_DATA_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name", "capacity", "hand_size", "cards", "doom_die", "first_layout", "neutral"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string"}, "source": {"type": "string"},
        "assumptions": {"type": "array", "items": {"type": "string"}},
        "capacity": {"type": "object", "required": [2, 3, 4], "additionalProperties": {"type": "integer", "minimum": 1}},
        "hand_size": {"type": "integer", "minimum": 1},
        "cards": {"type": "array", "minItems": 1, "items": _CARD},
        "doom_die": {"type": "array", "minItems": 1, "items": {"enum": ["move", "explosion", "battle"]}},
        "first_layout": {"type": "array", "items": {"type": "string"}},
        "neutral": {"type": "array", "items": {"type": "string"}},
    },
}


def load_data(path: str | Path) -> dict[str, Any]:
    """Read and validate a Battle Royale data file (cards, Doom die, first layout, neutral).

    Raises:
        BoardkitDataError: naming the file, the entry and the problem; cards with one name but
            different contents are refused too.
    """
    doc, p = read_yaml(path, DATA_DIR / "battle_royale", "data")
    if isinstance(doc, dict) and isinstance(doc.get("capacity"), dict):
        doc["capacity"] = {int(k) if str(k).isdigit() else k: v for k, v in doc["capacity"].items()}
    check_schema(doc, {**_DATA_SCHEMA, "properties": {**_DATA_SCHEMA["properties"], "capacity": {"type": "object"}}}, p)
    extra = sorted(str(k) for k in doc["capacity"] if k not in (2, 3, 4))
    if extra:
        raise BoardkitDataError(f"{p}: capacity: only 2, 3 and 4 players exist, not {', '.join(extra)} (BR-1.6)")
    for n in (2, 3, 4):
        cap = doc["capacity"].get(n)
        if not isinstance(cap, int) or isinstance(cap, bool):
            raise BoardkitDataError(f"{p}: capacity.{n}: a whole number of figures is needed (BR-2.3)")
        least = n + 1 if n == 2 else n  # one figure per colour, and a neutral one with 2 players
        if cap < least:
            raise BoardkitDataError(f"{p}: capacity.{n}: {cap} is less than the {least} figures a tile holds at the "
                                    f"start with {n} players (BR-1.3, BR-2.3)")
    if doc["hand_size"] > len(doc["cards"]):
        raise BoardkitDataError(f"{p}: hand_size: {doc['hand_size']} is more than the {len(doc['cards'])} cards of a "
                                f"colour (BR-1.4)")
    seen: dict[str, dict[str, Any]] = {}
    for i, card in enumerate(doc["cards"]):
        if card["name"] in seen and seen[card["name"]] != card:
            raise BoardkitDataError(f"{p}: cards[{i}]: {card['name']!r} is used for two different cards")
        seen[card["name"]] = card
    doc["source_path"] = str(p)
    return doc


class BattleRoyaleGame(Game):
    """Battle Royale rules with options (immutable).

    Options:
        players: 2, 3 or 4 (BR-1.6). With 2, two neutral figures are added.
        layout: the four removed tiles, e.g. ``"b5 e4 a2 d1"``; ``"first"`` (default) is the
            recommended first layout of the data file (BR-1.1, BR-1.5).
        neutral: the two tiles of the neutral figures with 2 players, e.g. ``"c4 c2"``;
            ``"default"`` takes them from the data file (BR-1.6).
        first_player: a seat number, or None (default) to draw it by chance (BR-1.7).
        own_prisoners: a player pushing its own figure out takes it as a prisoner (default
            True, BR-2.4); False: it leaves the game.
        max_turns: cut the game off after this many turns with no winner (not a rule: for
            study; BR-D9). Default None.
        data: data file of cards, Doom die, first layout, neutral tiles (BR-6).
        variant: ``"none"``; the variants BR-5.1 and BR-5.2 are refused (their cards' texts
            are unknown).

    Raises:
        OptionError: unknown option or value, an invalid layout (BR-1.1) or neutral placement
            (BR-1.6).
        BoardkitDataError: a malformed data file.
    """

    spec = SPEC

    def __init__(self, **options: Any) -> None:
        if isinstance(options.get("data"), PathLike):
            options["data"] = fspath(options["data"])
        super().__init__(**options)
        o = self.options
        if o["first_player"] is not None and not 0 <= o["first_player"] < o["players"]:
            raise OptionError(f"battle_royale: option first_player={o['first_player']!r}: seats are 0 .. {o['players'] - 1} (BR-1.7)")
        if o["max_turns"] is not None and o["max_turns"] < 1:
            raise OptionError(f"battle_royale: option max_turns={o['max_turns']!r} must be at least 1 (BR-D9)")
        if o["variant"] == "abilities":  # BR-5.1
            raise OptionError("battle_royale: variant 'abilities' (BR-5.1) is not available: the abilities are printed on "
                              "the ability cards and are in neither the seed nor the data file")
        if o["variant"] == "special_actions":  # BR-5.2
            raise OptionError("battle_royale: variant 'special_actions' (BR-5.2) is not available: the actions and their "
                              "prices are printed on the cards and are in neither the seed nor the data file")
        self.data = load_data(o["data"])
        self.board: SquareBoard = load_square_board("arena5")
        self.goal = self.board.set_indices["goal"][0]
        self.colours = COLOURS[: o["players"]] + ((NEUTRAL,) if o["players"] == 2 else ())
        self.capacity: int = self.data["capacity"][o["players"]]  # BR-2.3
        self.cards: dict[str, dict[str, Any]] = {c["name"]: c for c in self.data["cards"]}
        self.deck: tuple[str, ...] = tuple(sorted(c["name"] for c in self.data["cards"]))
        if o["layout"] == "first":
            try:
                self.removed = self._check_layout(self.data["first_layout"])
            except OptionError as exc:  # the data file's layout, not an option the user gave
                raise BoardkitDataError(f"{self.data['source_path']}: first_layout: {exc}") from None
        else:
            self.removed = self._check_layout(o["layout"].replace(",", " ").split())
        if o["players"] != 2:
            if o["neutral"] != "default":
                raise OptionError(f"battle_royale: option neutral={o['neutral']!r}: neutral figures are used only with "
                                  f"2 players, not {o['players']} (BR-1.6)")
            self.neutral: tuple[int, ...] = ()
        elif o["neutral"] == "default":
            try:
                self.neutral = self._check_neutral(self.data["neutral"])
            except OptionError as exc:
                if o["layout"] == "first":
                    raise BoardkitDataError(f"{self.data['source_path']}: neutral: {exc}") from None
                raise
        else:
            self.neutral = self._check_neutral(o["neutral"].replace(",", " ").split())

    def _check_layout(self, removed: list[str]) -> frozenset[int]:
        """BR-1.1: four distinct tiles removed, never the goal, every tile left connected to it."""
        where = f"battle_royale: layout {' '.join(removed)!r}"
        cells = []
        for name in removed:
            try:
                c = self.board.index(name)
            except KeyError:
                raise OptionError(f"{where}: {name!r} is not a position of the arena (a1 .. e5) (BR-1.1)") from None
            if c == self.goal:
                raise OptionError(f"{where}: the goal tile c3 is never removed (BR-1.1)")
            if c in cells:
                raise OptionError(f"{where}: {name} is listed twice (BR-1.1)")
            cells.append(c)
        if len(cells) != N_REMOVED:
            raise OptionError(f"{where}: exactly four tiles are removed, not {len(cells)} (BR-1.1)")
        present = [self.board.names[i] for i in range(25) if i not in cells]
        g = self.board.graph.subgraph(present)
        cut = sorted(set(present) - nx.node_connected_component(g, "c3"))
        if cut:
            raise OptionError(f"{where}: {', '.join(cut)} would not be connected to the goal c3 by tiles (BR-1.1)")
        return frozenset(cells)

    def _check_neutral(self, cells: list[str]) -> tuple[int, ...]:
        """BR-1.6: two neutral figures on tiles of the middle nine."""
        where = f"battle_royale: neutral {' '.join(cells)!r}"
        if len(cells) != 2:
            raise OptionError(f"{where}: two neutral figures are placed (BR-1.6)")
        out = []
        for name in cells:
            try:
                c = self.board.index(name)
            except KeyError:
                raise OptionError(f"{where}: {name!r} is not a position of the arena (BR-1.6)") from None
            if c not in self.board.set_indices["middle"]:
                raise OptionError(f"{where}: {name} is not one of the middle nine tiles (BR-1.6)")
            if c in self.removed:
                raise OptionError(f"{where}: {name} is removed by the layout; put the neutral figures on other "
                                  f"middle tiles with the option neutral='CELL CELL' (BR-1.6)")
            if c in out:
                raise OptionError(f"{where}: {name} is listed twice (BR-1.6)")
            out.append(c)
        return tuple(out)

    def new_initial_state(self) -> "BattleRoyaleState":
        """The arena set up (BR-1.1 .. BR-1.3, BR-1.6); hands are dealt by chance (BR-1.4),
        then the start player is drawn (BR-1.7) unless fixed by an option."""
        return BattleRoyaleState(self)

    def state_from_position(self, description: str | Mapping[str, Any]) -> "BattleRoyaleState":
        """A position for study; see :mod:`boardkit.games.battle_royale.position`."""
        from boardkit.games.battle_royale.position import from_position

        return from_position(self, description)


class BattleRoyaleState(State):
    """One Battle Royale position. Tiles hold counts of figures per colour."""

    game: BattleRoyaleGame

    def __init__(self, game: BattleRoyaleGame) -> None:
        super().__init__(game)
        n = game.options["players"]
        self.tiles: dict[int, Counter[str]] = {
            i: Counter({c: 1 for c in COLOURS[:n]}) for i in range(25) if i not in game.removed
        }  # BR-1.1, BR-1.3: one figure of every colour on every tile
        for c in game.neutral:  # BR-1.6
            self.tiles[c][NEUTRAL] += 1
        self.moved: dict[int, Counter[str]] = {}
        self.eliminator = game.goal  # BR-1.2
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.piles: list[list[str]] = [list(game.deck) for _ in range(n)]
        self.prisoners: list[Counter[str]] = [Counter() for _ in range(n)]
        self.out: Counter[str] = Counter()
        self.first: int | None = game.options["first_player"]
        self.to_move = self.first if self.first is not None else 0
        self.turn = 0
        self.phase = "setup"
        self.deal: list[int] = [p for p in range(n) for _ in range(game.data["hand_size"])]  # BR-1.4
        self.card: str | None = None
        self.figures_left = 0
        self.moving: dict[str, Any] | None = None  # tile, colour, path, steps_left
        self.push: dict[str, Any] | None = None  # tile, direction, arrival colour, arrival moved
        self.queue: list[str] = []  # events still to resolve this turn: special, doom, draw
        self.event: str | None = None  # "move" or "battle" awaiting choices
        self.takes: list[tuple[int, int, frozenset[str]]] = []  # battle: (tile, taker, colours it may take)
        self.idle_turns = 0
        self._winners: list[int] | None = None
        self.end_reason = ""
        self._settle()

    # -- bookkeeping ---------------------------------------------------------------------
    def clone(self) -> "BattleRoyaleState":
        new = BattleRoyaleState.__new__(BattleRoyaleState)
        new.__dict__.update(self.__dict__)
        new.tiles = {i: Counter(c) for i, c in self.tiles.items()}
        new.moved = {i: Counter(c) for i, c in self.moved.items()}
        new.hands = [list(h) for h in self.hands]
        new.piles = [list(p) for p in self.piles]
        new.prisoners = [Counter(p) for p in self.prisoners]
        new.out = Counter(self.out)
        new.deal = list(self.deal)
        new.moving = None if self.moving is None else {**self.moving, "path": list(self.moving["path"])}
        new.push = None if self.push is None else dict(self.push)
        new.queue = list(self.queue)
        new.takes = list(self.takes)
        new._winners = None if self._winners is None else list(self._winners)
        self._copy_record(new)
        return new

    def _name(self, i: int) -> str:
        return self.game.board.names[i]

    def _cell(self, name: str) -> int:
        return self.game.board.index(name)

    @property
    def n(self) -> int:
        return int(self.game.options["players"])

    def colour_of(self, player: int) -> str:
        """The colour of ``player`` (BR-1.3)."""
        return COLOURS[player]

    def count(self, tile: int) -> int:
        """Figures on ``tile`` (0 for a hole)."""
        return sum(self.tiles[tile].values()) if tile in self.tiles else 0

    # -- flow ------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.deal or self.first is None:  # BR-1.4, BR-1.7
            return CHANCE
        if self.phase in ("doom", "draw"):
            return CHANCE
        if self.phase == "event" and self.event == "battle" and self.takes:
            return self.takes[0][1]  # BR-4.4: the taking player chooses the figure
        return self.to_move

    def _settle(self) -> None:
        """Automatic transitions: turn start, skipped card part, queued events, end checks."""
        while True:
            if self.phase == "over" or self.deal or self.first is None:
                return
            if self.phase == "setup":
                self._start_turn(self.first)
                continue
            if self.phase == "card":
                if not self.hands[self.to_move]:  # BR-2.6: no card, straight to the Doom die
                    self.phase = "doom"
                return
            if self.phase == "move":
                if self.moving is None and self.push is None and (self.figures_left == 0 or not self._picks()):
                    self._end_movement()
                    continue
                if self.moving is not None and self.moving["steps_left"] == 0:
                    self._finish_move()  # BR-2.2: all steps used
                    continue
                return
            if self.phase == "push":
                return
            if self.phase == "event":
                if self.event == "move" and not self._eliminator_moves():
                    self.event = None  # BR-4.1: nowhere to go, it stays
                if self.event == "battle" and not self.takes:
                    self.event = None
                if self.event == "battle" and self.takes and not self._take_options():
                    self.takes.pop(0)  # nothing left to take for this taker
                    continue
                if self.event is None:
                    self._next_queued()
                    continue
                return
            if self.phase == "draw":
                if len(self.hands[self.to_move]) >= self.game.data["hand_size"] or not self.piles[self.to_move]:
                    self._start_turn((self.to_move + 1) % self.n)  # BR-2.5: empty pile, no draw
                    continue
                return
            return

    def _start_turn(self, player: int) -> None:
        max_turns = self.game.options["max_turns"]
        if max_turns is not None and self.turn >= max_turns:  # BR-D9
            self._finish("cut off", cut=True)
            return
        if all(not h for h in self.hands) and all(not p for p in self.piles):
            if self.idle_turns >= self.n:  # BR-3.1: nobody can play and a full round passed
                self._finish("no cards left and a full round played")
                return
            self.idle_turns += 1
        self.turn += 1
        self.to_move = player
        self.phase = "card"
        self.card = None
        self.moved = {}
        self.moving = self.push = None
        self.queue = []
        self.event = None

    def _end_movement(self) -> None:
        """BR-2.5: after all movement, the card's special, then the Doom die, then draws."""
        special = self.game.cards[self.card]["special"] if self.card and "special" in self.game.cards[self.card] else None
        self.queue = ([f"special:{special}"] if special else []) + ["doom"]
        self.moved = {}
        self._next_queued()

    def _next_queued(self) -> None:
        if self.phase == "over":
            return
        if not self.queue:
            self.phase = "draw"
            return
        item = self.queue.pop(0)
        if item == "doom":
            self.phase = "doom"
        else:
            self._begin_event(item.split(":")[1])

    def _begin_event(self, face: str) -> None:
        """BR-4: Move, Explosion (a Move instead under a hole or the goal), Battle."""
        self.phase = "event"
        if face == "explosion":
            if self.eliminator in self.tiles and self.eliminator != self.game.goal:
                self._explode()
                self.event = None
                return
            face = "move"  # BR-4.2: under a hole or the goal, a Move instead
        self.event = face
        if face == "battle":
            self.takes = self._battle_order()

    # -- movement ----------------------------------------------------------------------------
    def _movable_colours(self) -> tuple[str, ...]:
        """BR-2.2: own figures, or with an opponents-only card other players' figures
        (BR-D1: neutral figures are never moved by a card)."""
        own = self.colour_of(self.to_move)
        if self.card and self.game.cards[self.card].get("opponents_only"):
            return tuple(c for c in COLOURS[: self.n] if c != own)
        return (own,)

    def _steps_from(self, tile: int, visited: list[int]) -> list[int]:
        """BR-2.2: edge-adjacent tiles (diagonal with a diagonal card), not holes, not entered
        before in this move (the start tile counts as entered, BR-D10)."""
        diag = bool(self.card and self.game.cards[self.card].get("diagonal"))
        out = []
        for k in range(8 if diag else 4):
            j = self.game.board.step[tile][k]
            if j >= 0 and j in self.tiles and j not in visited:
                out.append(j)
        return out

    def _picks(self) -> list[Pick]:
        out = []
        for t, counts in self.tiles.items():
            for c in self._movable_colours():
                unmoved = counts[c] - self.moved.get(t, Counter())[c]
                if unmoved > 0 and self._steps_from(t, [t]):
                    out.append(Pick(self._name(t), c))
        return out

    def _finish_move(self) -> None:
        """The figure's move ends: BR-2.3 capacity check, maybe a push in the direction of its
        last step (BR-D8: passing through a full tile is allowed)."""
        m = self.moving
        assert m is not None
        self.moving = None
        self.figures_left -= 1
        tile = m["path"][-1]
        if self.count(tile) > self.game.capacity:  # also after an opponents-only move (BR-D11)
            self.push = {"tile": tile, "dir": m["dir"], "colour": m["colour"], "moved": True}
            self.phase = "push"

    def _push_options(self) -> list[Push]:
        """BR-2.3: any figure on the tile except the one that just arrived (BR-D2)."""
        p = self.push
        assert p is not None
        t = p["tile"]
        out = []
        for c, k in self.tiles[t].items():
            moved = self.moved.get(t, Counter())[c]
            unmoved = k - moved
            if c == p["colour"]:
                if p["moved"]:
                    moved -= 1
                else:
                    unmoved -= 1
            if unmoved > 0:
                out.append(Push(c, False))
            if moved > 0:
                out.append(Push(c, True))
        return out

    def _do_push(self, action: Push) -> None:
        p = self.push
        assert p is not None
        t, k = p["tile"], p["dir"]
        self._remove(t, action.colour, action.moved)
        j = self.game.board.step[t][k]
        if j < 0 or j not in self.tiles:  # BR-2.4: off the frame or into a hole: prisoner
            if action.colour == self.colour_of(self.to_move) and not self.game.options["own_prisoners"]:
                self.out[action.colour] += 1
            else:
                self.prisoners[self.to_move][action.colour] += 1
            self.push = None
            self.phase = "move"
            self._check_end()
            return
        self.tiles[j][action.colour] += 1
        if action.moved:
            self.moved.setdefault(j, Counter())[action.colour] += 1
        if self.count(j) > self.game.capacity:  # BR-2.3: chain reaction, same direction
            self.push = {"tile": j, "dir": k, "colour": action.colour, "moved": action.moved}
        else:
            self.push = None
            self.phase = "move"

    def _remove(self, t: int, colour: str, moved: bool) -> None:
        self.tiles[t][colour] -= 1
        if self.tiles[t][colour] == 0:
            del self.tiles[t][colour]
        if moved:
            self.moved[t][colour] -= 1

    # -- Eliminator, explosion, battle ----------------------------------------------------------
    def _eliminator_moves(self) -> list[int]:
        """BR-4.1: one position in any of 8 directions within the frame, never under a hole
        (with none, it stays: BR-D11)."""
        return [j for j in self.game.board.step[self.eliminator] if j >= 0 and j in self.tiles]

    def _explode(self) -> None:
        """BR-4.2: the tile above the Eliminator and every tile cut off from the goal are
        removed; their figures leave the game."""
        gone = {self.eliminator}
        present = [self._name(i) for i in self.tiles if i != self.eliminator]
        comp = nx.node_connected_component(self.game.board.graph.subgraph(present), self._name(self.game.goal))
        gone |= {i for i in self.tiles if self._name(i) not in comp}
        for i in sorted(gone):
            self.out.update(self.tiles.pop(i))
            self.moved.pop(i, None)
        self._check_end()

    def _battle_order(self) -> list[tuple[int, int, frozenset[str]]]:
        """BR-4.3: per tile but the goal, who takes, in order (BR-D3, BR-D4; tiles in name
        order a1, b1, .. e5, BR-D5)."""
        out = []
        order = [(self.to_move + i) % self.n for i in range(self.n)]
        for t in sorted(self.tiles):
            if t == self.game.goal:
                continue
            counts = {c: k for c, k in self.tiles[t].items() if k > 0}
            if not counts:
                continue
            top = max(counts.values())
            holders = {c for c, k in counts.items() if k == top}
            others = frozenset(c for c in counts if c not in holders)
            if not others:
                continue  # a lone majority with nothing else, or a tie with no other figures
            takers = [p for p in order if self.colour_of(p) in holders]
            out += [(t, p, others) for p in takers]
        return out

    def _take_options(self) -> list[Take]:
        """BR-4.4: the colours the current taker may take on its tile (taking is not
        optional, BR-D11)."""
        t, taker, others = self.takes[0]
        return [Take(self._name(t), c) for c in sorted(others) if self.tiles.get(t, Counter())[c] > 0]

    # -- end ------------------------------------------------------------------------------------
    def _check_end(self) -> bool:
        """BR-3.1, BR-D6: checked after every removal: only one player colour (or none) left
        in the arena, or only the goal tile left."""
        if self.phase == "over":
            return True
        colours = {c for counts in self.tiles.values() for c, k in counts.items() if k > 0 and c != NEUTRAL}
        if len(colours) <= 1:
            self._finish("only one colour left in the arena" if colours else "no player's figure left in the arena")
            return True
        if set(self.tiles) == {self.game.goal}:
            self._finish("only the goal tile is left")
            return True
        return False

    def _finish(self, reason: str, cut: bool = False) -> None:
        """BR-3.2, BR-D7: majority on the goal tile among players, then most prisoners, then
        all tied win."""
        self.phase = "over"
        self.end_reason = reason
        self.moving = self.push = None
        self.deal = []
        if cut:
            self._winners = []
            return
        goal = self.tiles.get(self.game.goal, Counter())
        key = [(goal[self.colour_of(p)], sum(self.prisoners[p].values())) for p in range(self.n)]
        best = max(key)
        self._winners = [p for p in range(self.n) if key[p] == best]

    # -- API -----------------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        if self.phase == "card":
            return [Play(c) for c in sorted(set(self.hands[self.to_move]))]
        if self.phase == "move":
            if self.moving is not None:
                m = self.moving
                out: list[Action] = [Step(self._name(j)) for j in self._steps_from(m["path"][-1], m["path"])]
                if len(m["path"]) > 1:
                    out.append(Stop())
                return out
            return [Done(), *self._picks()]
        if self.phase == "push":
            return list(self._push_options())
        if self.phase == "event":
            if self.event == "move":
                return [MoveEliminator(self._name(j)) for j in self._eliminator_moves()]
            return list(self._take_options())
        raise AssertionError(f"no decision in phase {self.phase}")  # pragma: no cover

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.deal or self.phase == "draw":
            p = self.deal[0] if self.deal else self.to_move
            pile = Counter(self.piles[p])
            total = sum(pile.values())
            return [(Draw(c), Fraction(k, total)) for c, k in sorted(pile.items())]
        if self.first is None:
            return [(FirstPlayer(p), Fraction(1, self.n)) for p in range(self.n)]
        faces = Counter(self.game.data["doom_die"])
        total = sum(faces.values())
        return [(Roll(f), Fraction(k, total)) for f, k in sorted(faces.items())]

    def _apply_action(self, action: Action) -> None:
        if isinstance(action, Draw):
            p = self.deal.pop(0) if self.deal else self.to_move
            self.piles[p].remove(action.card)
            self.hands[p].append(action.card)
            self.hands[p].sort()
        elif isinstance(action, FirstPlayer):
            self.first = self.to_move = action.player
        elif isinstance(action, Play):
            self.hands[self.to_move].remove(action.card)
            self.card = action.card
            self.figures_left = self.game.cards[action.card]["figures"]
            self.phase = "move"
        elif isinstance(action, Pick):
            t = self._cell(action.tile)
            self.moving = {"colour": action.colour, "path": [t], "steps_left": self.game.cards[self.card]["steps"],  # type: ignore[index]
                           "dir": -1, "moved": False}
        elif isinstance(action, Step):
            m = self.moving
            assert m is not None
            a, b = m["path"][-1], self._cell(action.tile)
            m["dir"] = self.game.board.step[a].index(b)
            was_moved = m["moved"]
            self._remove(a, m["colour"], was_moved)
            self.tiles[b][m["colour"]] += 1
            self.moved.setdefault(b, Counter())[m["colour"]] += 1
            m["moved"] = True
            m["path"].append(b)
            m["steps_left"] -= 1
        elif isinstance(action, Stop):
            self._finish_move()
        elif isinstance(action, Done):
            self.figures_left = 0
        elif isinstance(action, Push):
            self._do_push(action)
        elif isinstance(action, Roll):
            self._begin_event(action.face)
        elif isinstance(action, MoveEliminator):
            self.eliminator = self._cell(action.tile)
            self.event = None
        elif isinstance(action, Take):
            t, taker, _ = self.takes.pop(0)
            self._remove(t, action.colour, False)
            self.prisoners[taker][action.colour] += 1
            self._check_end()
        else:  # pragma: no cover
            raise TypeError(f"not a Battle Royale action: {action!r}")
        self._settle()

    def returns(self) -> list[int]:
        """At the end, 1 for each winner and -1 for the others (BR-3.2: several may win); all 0
        before the end or for a game cut off by ``max_turns`` (BR-D9)."""
        if self.phase != "over" or not self._winners:
            return [0] * self.n
        return [1 if p in self._winners else -1 for p in range(self.n)]

    def outcome(self) -> dict[str, Any]:
        """``{"winners": [...], "reason": text}`` at the end; empty before."""
        if self.phase != "over":
            return {"winners": [], "reason": ""}
        return {"winners": list(self._winners or []), "reason": self.end_reason}

    def figure_totals(self) -> dict[str, int]:
        """Per colour: figures on tiles + prisoners (anyone's) + out of the game. Always the
        initial total (21 per player colour, 2 neutral): the conservation invariant."""
        tot: Counter[str] = Counter(self.out)
        for counts in self.tiles.values():
            tot.update(counts)
        for pr in self.prisoners:
            tot.update(pr)
        return {c: tot[c] for c in self.game.colours}

    def observation(self, player: int | None) -> dict[str, Any]:
        """The table as ``player`` sees it: everything but other players' hands and every
        pile's order and contents (sizes only); ``None``: the full truth.

        Raises:
            ValueError: ``player`` is not a seat number or None.
        """
        if player is not None and (isinstance(player, bool) or player not in range(self.n)):
            raise ValueError(f"observation(player): player is 0 .. {self.n - 1} or None, not {player!r}")
        m = self.moving
        obs: dict[str, Any] = {
            "tiles": {self._name(i): {c: self.tiles[i][c] for c in self.game.colours} for i in sorted(self.tiles)},
            "holes": [self._name(i) for i in range(25) if i not in self.tiles],
            "goal": self._name(self.game.goal),
            "eliminator": self._name(self.eliminator),
            "capacity": self.game.capacity,
            "players": self.n,
            "to_move": self.current_player(),
            "phase": self.phase,
            "turn": self.turn,
            "hands": [list(h) if player is None or p == player else len(h) for p, h in enumerate(self.hands)],
            "pile_sizes": [len(p) for p in self.piles],
            "prisoners": [dict(sorted(p.items())) for p in self.prisoners],
            "out": dict(sorted(self.out.items())),
            "card": self.card,
            "moving": None if m is None else {"tile": self._name(m["path"][-1]), "colour": m["colour"],
                                              "path": [self._name(i) for i in m["path"]], "steps_left": m["steps_left"]},
            "push": None if self.push is None else {"tile": self._name(self.push["tile"]), "colour": self.push["colour"]},
            "event": self.event,
            "outcome": self.outcome(),
        }
        if player is None:
            obs["piles"] = [sorted(p) for p in self.piles]
        return obs

    def parse_action(self, text: str) -> Action:
        """Parse Battle Royale notation (``boardkit.games.battle_royale.actions``).

        Raises:
            NotationError: not an action of this game.
        """
        return parse(text, self.game.board.names, set(self.game.cards))

    def actions_from_cells(self, cells: tuple[str, ...]) -> list[Action]:
        """The action(s), legal or not, that clicking ``cells`` means here (for boards)."""
        if not cells:
            return []
        if self.phase == "move" and self.moving is not None:
            return [Step(cells[0])]
        if self.phase == "move":
            return [Pick(cells[0], c) for c in self._movable_colours()]
        if self.phase == "event" and self.event == "move":
            return [MoveEliminator(cells[0])]
        if self.phase == "event" and self.takes:
            return [Take(cells[0], c) for c in sorted(self.takes[0][2])]
        return []

    def _explain(self, action: Action) -> IllegalActionError:
        from boardkit.games.battle_royale.explain import explain

        return explain(self, action)

