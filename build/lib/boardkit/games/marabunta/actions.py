"""Marabunta actions and their notation (MARA-2.1 .. MARA-7.1).

Every decision is one atomic action; chance outcomes are actions too. A pool's element is
carried out by a *use* (the element's name, then its first placement); the further parts of a
tile or power (the second 0, the next crate, a power unlocked at once) are *placements* with no
element name. Fields are written as on the board file (``c5``), regions and groups by name.

============================  ========================================================  ==========
notation                      meaning                                                   clause
============================  ========================================================  ==========
``first 1``                   chance: player 1 (blue) is the start player               MARA-2.1
``reveal zeros2``             chance: the top tile is zeros2                            MARA-3.1
``roll yellow 2``             chance: the yellow die shows 2 (faces 0 1 2 3 circle      MARA-3.1
                              crate)
``split yellow green tile``   the splitter makes the pool holding the tile (here with   MARA-3.2
                              the yellow and green dice); the other dice are the other
                              pool. ``split tile``: the tile alone
``take orange teal``          the chooser takes that pool (elements listed in die       MARA-3.3
                              order, ``tile`` last)
``yellow 2 i8``               use the yellow die: write 2 in i8 (a yellow field)        MARA-4.3
``yellow 2 i8 ant``           the same, crossing an ant hill (no own number next to i8)  MARA-4.5
``green 0 h3``                a 0 goes in any region                                    MARA-4.4
``teal circle``               use the teal die: fill a circle on the teal sheet         MARA-4.1
``brown crate ones``          use the brown die: cross a crate of the group ``ones``    MARA-4.2
``tile cross c5``             use the tile: its first part (here cross c5)              MARA-5.1
``tile again yellow 2 j8``    the again tile repeats the yellow die's face              MARA-D5
``0 d6``                      the next part of a tile or power: write 0 in d6           MARA-D2
``circle purple``             the next part: fill a circle on the purple sheet          MARA-7.1
``crate points``              the next part: cross a crate of the group ``points``      MARA-6.1
``cross d6``                  the next part: cross out d6                               MARA-5.1
``skip tile``                 leave the tile unused (not the crossed-cupcake tile)      MARA-3.6
``skip yellow``               decline a die (only with the option decline=True)         MARA-4.6
============================  ========================================================  ==========
"""

from __future__ import annotations

from dataclasses import dataclass

from boardkit.core.actions import Action, ButtonAction
from boardkit.core.rules import NotationError

#: Player colours (MARA-1.1): player 0 is red, player 1 is blue.
PLAYERS = ("red", "blue")
#: Die faces (MARA-1.1), as written in the notation.
FACES = ("0", "1", "2", "3", "circle", "crate")
#: The element name of the round's tile in pools.
TILE = "tile"


@dataclass(frozen=True)
class FirstPlayer(ButtonAction):
    """Chance outcome: ``player`` is the start player and takes the dice (MARA-2.1)."""

    player: int

    def __str__(self) -> str:
        return f"first {self.player}"


@dataclass(frozen=True)
class Reveal(ButtonAction):
    """Chance outcome: the top tile of the stack is ``tile`` (MARA-2.1, MARA-3.1)."""

    tile: str

    def __str__(self) -> str:
        return f"reveal {self.tile}"


@dataclass(frozen=True)
class RollDie(ButtonAction):
    """Chance outcome: the die of region ``colour`` shows ``face`` (MARA-3.1)."""

    colour: str
    face: str

    def __str__(self) -> str:
        return f"roll {self.colour} {self.face}"


@dataclass(frozen=True)
class Split(ButtonAction):
    """The splitter's split (MARA-3.2): ``pool`` is the pool holding the tile, in die order
    with ``tile`` last; the dice not listed form the other pool."""

    pool: tuple[str, ...]

    def __str__(self) -> str:
        return "split " + " ".join(self.pool)


@dataclass(frozen=True)
class Take(ButtonAction):
    """The chooser takes ``pool`` (MARA-3.3), listed in die order with ``tile`` last."""

    pool: tuple[str, ...]

    def __str__(self) -> str:
        return "take " + " ".join(self.pool)


@dataclass(frozen=True)
class Place(Action):
    """Carry out one part of an element (MARA-4, MARA-5.1, MARA-6.1, MARA-7.1).

    Attributes:
        element: ``""`` for the next part of a tile or power in progress; a region colour to
            use that die; ``"tile"`` to use the tile; ``"tile again <colour>"`` to use the
            again tile on that die.
        kind: ``"write"``, ``"circle"``, ``"crate"`` or ``"cross"``.
        number: the number written (write only).
        field: the field written or crossed (write and cross).
        ant: an ant hill is crossed to lift the adjacency rule (write only, MARA-4.5).
        target: the region of the circle, or the crate group.
    """

    element: str
    kind: str
    number: int | None = None
    field: str | None = None
    ant: bool = False
    target: str | None = None

    def _die(self) -> str:
        """The die colour whose face this use carries out, or ''."""
        words = self.element.split()
        return "" if words in ([], [TILE]) else words[-1]

    def __str__(self) -> str:
        if self.kind == "write":
            body = f"{self.number} {self.field}" + (" ant" if self.ant else "")
        elif self.kind == "cross":
            body = f"cross {self.field}"
        elif self.kind == "circle":
            body = "circle" if self.target == self._die() else f"circle {self.target}"
        else:
            body = f"crate {self.target}"
        return f"{self.element} {body}" if self.element else body

    @property
    def cells(self) -> tuple[str, ...]:
        return (self.field,) if self.field is not None else ()

    @property
    def choice(self) -> str:
        if self.field is None:
            return str(self)
        return " ".join(w for w in str(self).split() if w != self.field)


@dataclass(frozen=True)
class Skip(ButtonAction):
    """Leave ``element`` unused: the optional tile (MARA-3.6), or a die when the option
    ``decline`` allows it (MARA-4.6)."""

    element: str

    def __str__(self) -> str:
        return f"skip {self.element}"


def parse(text: str, regions: tuple[str, ...], fields: frozenset[str], groups: tuple[str, ...],
          tiles: tuple[str, ...]) -> Action:
    """Parse Marabunta notation (module table) into an Action, legal or not.

    Args:
        text: e.g. ``"yellow 2 i8"``; case and surrounding spaces are ignored.
        regions: region colours in die order.
        fields: field names of the territory.
        groups: crate group names.
        tiles: all tile names (the shuffled ones and the last one).

    Raises:
        NotationError: unknown verb, colour, field, group, tile, face or number, or wrong
            arguments (the message names the word).
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is written as text, got {text!r}")
    words = text.strip().lower().split()
    if not words:
        raise NotationError("empty action text; examples: 'split yellow tile', 'take orange teal', 'yellow 2 i8'")
    head, args = words[0], words[1:]

    def colour(word: str) -> str:
        if word not in regions:
            raise NotationError(f"{text!r}: {word!r} is not a region colour; colours: {', '.join(regions)}")
        return word

    def field(word: str) -> str:
        if word not in fields:
            raise NotationError(f"{text!r}: {word!r} is not a field of the territory")
        return word

    def pool(words: list[str]) -> tuple[str, ...]:
        if not words:
            raise NotationError(f"{text!r}: name the pool's elements (die colours and/or 'tile')")
        for w in words:
            if w != TILE:
                colour(w)
        if len(set(words)) != len(words):
            raise NotationError(f"{text!r}: an element is named twice")
        order = {c: i for i, c in enumerate(regions + (TILE,))}
        return tuple(sorted(words, key=order.__getitem__))

    if head == "first":
        if len(args) != 1 or args[0] not in ("0", "1"):
            raise NotationError(f"{text!r}: expected 'first 0' or 'first 1'")
        return FirstPlayer(int(args[0]))
    if head == "reveal":
        if len(args) != 1 or args[0] not in tiles:
            raise NotationError(f"{text!r}: expected 'reveal TILE'; tiles: {', '.join(tiles)}")
        return Reveal(args[0])
    if head == "roll":
        if len(args) != 2:
            raise NotationError(f"{text!r}: expected 'roll COLOUR FACE', e.g. 'roll yellow 2'")
        if args[1] not in FACES:
            raise NotationError(f"{text!r}: {args[1]!r} is not a die face; faces: {', '.join(FACES)}")
        return RollDie(colour(args[0]), args[1])
    if head == "split":
        named = pool(args)
        if TILE not in named:  # the other pool was named: write the split by its tile pool
            named = tuple(c for c in regions if c not in named) + (TILE,)
        return Split(named)
    if head == "take":
        return Take(pool(args))
    if head == "skip":
        if len(args) != 1:
            raise NotationError(f"{text!r}: expected 'skip tile' or 'skip COLOUR'")
        return Skip(args[0] if args[0] == TILE else colour(args[0]))
    # a use (element, then placement) or a placement alone
    element, rest = "", words
    if head in regions:
        element, rest = head, args
    elif head == TILE:
        if args[:1] == ["again"]:
            if len(args) < 2:
                raise NotationError(f"{text!r}: expected 'tile again COLOUR ...'")
            element, rest = f"tile again {colour(args[1])}", args[2:]
        else:
            element, rest = TILE, args
    if not rest:
        raise NotationError(f"{text!r}: say what to do, e.g. '2 c5', 'circle', 'crate {groups[0]}', 'cross c5'")
    verb, more = rest[0], rest[1:]
    die = element.split()[-1] if element and element != TILE else ""
    if verb in ("0", "1", "2", "3"):
        if len(more) == 1:
            return Place(element, "write", int(verb), field(more[0]))
        if len(more) == 2 and more[1] == "ant":
            return Place(element, "write", int(verb), field(more[0]), True)
        raise NotationError(f"{text!r}: expected 'NUMBER FIELD' or 'NUMBER FIELD ant'")
    if verb == "cross":
        if len(more) != 1:
            raise NotationError(f"{text!r}: expected 'cross FIELD'")
        return Place(element, "cross", field=field(more[0]))
    if verb == "circle":
        if not more and die:
            return Place(element, "circle", target=die)
        if len(more) != 1:
            raise NotationError(f"{text!r}: expected 'circle COLOUR'")
        return Place(element, "circle", target=colour(more[0]))
    if verb == "crate":
        if len(more) != 1 or more[0] not in groups:
            raise NotationError(f"{text!r}: expected 'crate GROUP'; groups: {', '.join(groups)}")
        return Place(element, "crate", target=more[0])
    if verb.isdigit():
        raise NotationError(f"{text!r}: {verb!r} is not a number of a die, tile or power (0 .. 3)")
    raise NotationError(
        f"{text!r}: unknown action {verb!r}; actions: first, reveal, roll, split, take, skip, "
        f"COLOUR/tile NUMBER FIELD [ant], circle, crate GROUP, cross FIELD")
