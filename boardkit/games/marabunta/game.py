"""Marabunta: "I split, you choose" roll-and-write for two players on a shared territory.

Source: seed ``003_a24625b41ad3ab46.txt`` (German), specified clause by clause in
``shared/rules/marabunta.md`` and ``data/rules/marabunta.yaml`` (MARA-1.1 .. MARA-10 and the
decisions MARA-D*). What the seed leaves out (map, player board, tiles) comes from
``data/marabunta/default.yaml`` and ``data/boards/marabunta.yaml`` (option ``data``).

Each round: chance reveals the tile (MARA-3.1; from round 8 the crossed-cupcake tile, no chance)
and rolls the six dice one by one in region order; the splitter splits the 6 dice and the tile
into two pools (MARA-3.2); the chooser takes one and carries it out element by element, then
the splitter carries out the other (MARA-3.3). Player 0 is red, player 1 blue.

>>> import boardkit
>>> s = boardkit.load_game("marabunta", first_player=0).new_initial_state()
>>> str(s.legal_actions()[0])     # the first tile is drawn by chance (MARA-2.1)
'reveal again'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from boardkit.core.actions import RollDie
from boardkit.core.boards import HexBoard
from boardkit.core.game import Game
from boardkit.core.notation import Vocabulary
from boardkit.games.marabunta.actions import FACES, TILE, Split
from boardkit.games.marabunta.data import POWERS, TILE_KINDS, load_data
from boardkit.games.marabunta.position import from_position
from boardkit.games.marabunta.spec import RULES_HISTORY, SPEC
from boardkit.games.marabunta.state import CROSSED, EMPTY, MarabuntaState


class MarabuntaGame(Game):
    """Marabunta rules with options (immutable). Two players: 0 red, 1 blue (MARA-1.1).

    Options:
        first_player: 0 or 1, or None (default) to draw the start player by chance (MARA-2.1).
        first_number: ``"ant_hill"`` (default, the seed): a player's first number needs an ant
            hill, as any number with no own number next to it; ``"free"`` (a variant): the first
            number is free of the adjacency rule (MARA-4.5).
        optional_tile: False (default, the seed): the tile is carried out like the dice, lost
            only when it cannot be used (MARA-3.3); True (``rules="published"``): the tile may
            be left unused, except the crossed-cupcake tile (MARA-3.6).
        decline: False (default): a die must be used if it can be; True (a variant): any die
            may be skipped (MARA-4.6).
        above_25: ``"continue"`` (default, the seed: "über 25 Punkte beginnt man neu bei 25"
            starts a new lap of the 25-point track; the total is the true sum) or ``"cap"`` (a
            variant: a total above 25 counts as 25), MARA-8.3.
        data: data file of the map, player board and tiles (MARA-9), a path or a name in
            ``data/marabunta/``.

    Raises:
        OptionError: unknown option or value.
        BoardkitDataError: a malformed data file or map (names file, entry and problem).
    """

    spec = SPEC
    file_options = ("data",)  # a path is kept as absolute text; the hashes of it and its map are saved

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        d = self.data = load_data(self.options.data)
        self._record_files((d["source_path"], d["source_sha256"]), (d["board"].source, d["board"].sha256))
        self.board: HexBoard = d["board"]
        self.regions: tuple[str, ...] = tuple(d["regions"])
        self.region_of: tuple[int, ...] = d["region_of"]
        self.region_fields: tuple[tuple[int, ...], ...] = d["region_fields"]
        self.all_fields: tuple[int, ...] = tuple(range(len(self.board.names)))
        self.neighbours: tuple[tuple[int, ...], ...] = self.board.adjacent
        self.cupcake_fields: frozenset[int] = frozenset(self.board.set_indices.get("cupcake", ()))
        self.cupcake_order: tuple[int, ...] = tuple(sorted(self.cupcake_fields))
        self.crate_fields: frozenset[int] = frozenset(self.board.set_indices.get("crate", ()))
        self.groups: tuple[str, ...] = tuple(g["name"] for g in d["crate_groups"])
        self.group_size: tuple[int, ...] = tuple(g["crates"] for g in d["crate_groups"])
        self.group_power: tuple[str, ...] = tuple(g["power"] for g in d["crate_groups"])
        self.group_points: tuple[int, ...] = tuple(g.get("points", 0) for g in d["crate_groups"])
        self.track: tuple[int, ...] = tuple(d["cupcake_track"])
        self.track_points: tuple[int, ...] = tuple(sum(self.track[:k]) for k in range(len(self.track) + 1))
        self.tiles: tuple[str, ...] = tuple(d["tiles"])
        self.last_tile: str = d["last_tile"]
        self.circles: int = d["sheet"]["circles"]
        self.printed: int = d["sheet"]["printed"]
        self.ant_hills: int = d["ant_hills"]
        self.field_names = frozenset(self.board.names)
        #: MARA-3.2: every split, by the pool holding the tile (with not all six dice)
        self.split_actions: tuple[Split, ...] = tuple(
            Split(tuple(self.regions[i] for i in range(6) if mask >> i & 1) + (TILE,)) for mask in range(63))
        #: per die (region order), its roll's outcomes sorted by notation (MARA-3.1)
        self.roll_outcomes: tuple[tuple[tuple[RollDie, Fraction], ...], ...] = tuple(
            tuple(sorted(((RollDie(face, colour), Fraction(1, len(FACES))) for face in FACES), key=lambda ap: str(ap[0])))
            for colour in self.regions)

    def territory(self) -> dict[str, dict[str, Any]]:
        """The map as data: field name -> ``{"region": colour, "special": "cupcake" | "crate" |
        None, "neighbours": [field names]}`` (MARA-1.2, MARA-9)."""
        names = self.board.names
        return {
            names[f]: {
                "region": self.regions[self.region_of[f]],
                "special": "cupcake" if f in self.cupcake_fields else "crate" if f in self.crate_fields else None,
                "neighbours": [names[h] for h in self.neighbours[f]],
            }
            for f in self.all_fields
        }

    def new_initial_state(self) -> "MarabuntaState":
        """The game before setup: the tile stack and, unless fixed, the start player are
        chance nodes (MARA-2.1)."""
        return MarabuntaState(self)

    def _state_from_position(self, description: str | Mapping[str, Any], study: bool = False) -> "MarabuntaState":
        """A validated position, for study; the format is in
        :mod:`boardkit.games.marabunta.position` (the description is copied).

        Args:
            description: YAML text or a mapping, as ``state.to_position()`` writes it.
            study: allow a round start where an end condition already holds (MARA-8.1).

        Raises:
            BoardkitDataError: a malformed description (names the field).
            IllegalPositionError: a position the rules make impossible (names the clause).
        """
        return from_position(self, description, study)

    def vocabularies(self) -> dict[str, Vocabulary]:
        """The words of the notation besides fields and seats: ``colour`` and ``die`` (the
        regions, in die order), ``element`` (the regions and ``tile``), ``face`` (MARA-1.1),
        ``tile`` (the tiles, MARA-5.1) and ``group`` (the crate groups)."""
        regions = self.regions
        return {
            "colour": Vocabulary("colour", regions),
            "die": Vocabulary("die", regions),
            "element": Vocabulary("element", regions + (TILE,)),
            "face": Vocabulary("face", FACES),
            "tile": Vocabulary("tile", self.tiles + (self.last_tile,)),
            "group": Vocabulary("group", self.groups),
        }


__all__ = ["MarabuntaGame", "MarabuntaState", "load_data", "EMPTY", "CROSSED", "POWERS", "TILE_KINDS", "RULES_HISTORY"]
