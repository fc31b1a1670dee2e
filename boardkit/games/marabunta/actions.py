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
from typing import Any, ClassVar

from boardkit.core.actions import Action, ButtonAction, FirstPlayer, RollDie
from boardkit.core.notation import Form, NotationContext
from boardkit.core.rules import NotationError
from boardkit.core.validate import shorten

#: Player colours (MARA-1.1): player 0 is red, player 1 is blue.
PLAYERS = ("red", "blue")
#: Die faces (MARA-1.1), as written in the notation.
FACES = ("0", "1", "2", "3", "circle", "crate")
#: The element name of the round's tile in pools.
TILE = "tile"
#: The kinds of a placement (:class:`Place`).
KINDS = ("write", "circle", "crate", "cross")


@dataclass(frozen=True)
class Reveal(ButtonAction):
    """Chance outcome: the top tile of the stack is ``tile`` (MARA-2.1, MARA-3.1)."""

    tile: str
    clause: ClassVar[str] = "MARA-3.1"
    forms = (Form("reveal {tile:tile}", doc="chance: the top tile of the stack is this tile", clause="MARA-3.1",
                  example="reveal zeros2"),)

    def __str__(self) -> str:
        return f"reveal {self.tile}"


def _check_pool(verb: str, pool: Any) -> None:
    """``pool`` of a Split or Take made directly: a tuple of element names (die colours,
    ``tile``), e.g. ``("yellow", "green", "tile")``; else a ValueError naming ``pool``."""
    if not isinstance(pool, tuple) or not all(isinstance(e, str) and e for e in pool):
        raise ValueError(f"{verb}: pool is a tuple of element names (die colours and 'tile'), e.g. "
                         f"{verb}(('yellow', 'green', 'tile')), not {shorten(pool)}; from text: parse_action('"
                         f"{verb.lower()} yellow green tile')")


def _pool(ctx: NotationContext, pool: tuple[str, ...]) -> tuple[str, ...]:
    """The pool in die order with ``tile`` last; an element named twice is refused."""
    if len(set(pool)) != len(pool):
        raise NotationError(f"{' '.join(pool)!r}: an element is named twice; name each die colour or 'tile' once, "
                            f"as in 'split yellow green tile' or 'take orange teal'")
    order = {c: i for i, c in enumerate(ctx.vocabulary("element").words)}
    return tuple(sorted(pool, key=order.__getitem__))


@dataclass(frozen=True)
class Split(ButtonAction):
    """The splitter's split (MARA-3.2): ``pool`` is the pool holding the tile, in die order
    with ``tile`` last; the dice not listed form the other pool.

    Written ``split yellow green tile``; naming the other pool (``split orange teal purple
    brown``) reads as the same split.

    Raises:
        ValueError: ``pool`` is not a tuple of element names (text such as ``"yellow tile"``,
            None, a name that is no text), naming ``pool``.
    """

    pool: tuple[str, ...]
    clause: ClassVar[str] = "MARA-3.2"
    forms = (Form("split {pool:element+}", doc="split: this pool (with the tile) against the other dice",
                  clause="MARA-3.2", example="split yellow green tile"),)

    def __post_init__(self) -> None:
        _check_pool("Split", self.pool)

    @classmethod
    def build(cls, ctx: NotationContext, **fields: Any) -> "Split":
        """The split written by its pool holding the tile, in die order (MARA-3.2).

        Raises:
            NotationError: an element named twice.
        """
        named = _pool(ctx, fields["pool"])
        if TILE not in named:  # the other pool was named: write the split by its tile pool
            named = tuple(c for c in ctx.vocabulary("colour").words if c not in named) + (TILE,)
        return cls(named)

    def __str__(self) -> str:
        return "split " + " ".join(self.pool)


@dataclass(frozen=True)
class Take(ButtonAction):
    """The chooser takes ``pool`` (MARA-3.3), listed in die order with ``tile`` last.

    Raises:
        ValueError: ``pool`` is not a tuple of element names, naming ``pool`` (as Split).
    """

    pool: tuple[str, ...]
    clause: ClassVar[str] = "MARA-3.3"
    forms = (Form("take {pool:element+}", doc="the chooser takes this pool", clause="MARA-3.3",
                  example="take orange teal"),)

    def __post_init__(self) -> None:
        _check_pool("Take", self.pool)

    @classmethod
    def build(cls, ctx: NotationContext, **fields: Any) -> "Take":
        """The pool in die order with ``tile`` last.

        Raises:
            NotationError: an element named twice.
        """
        return cls(_pool(ctx, fields["pool"]))

    def __str__(self) -> str:
        return "take " + " ".join(self.pool)


def _place_forms(kind: str, tail: str, doc: str, clause: str, examples: tuple[str, str, str, str],
                 same_die: bool = False) -> tuple[Form, ...]:
    """The four ways a placement of ``kind`` is written: with a die's colour, with the tile,
    with the again tile and a die's colour (MARA-D5), and alone (the next part, MARA-D2)."""
    fixed = {"kind": kind}
    die_tail = tail.replace("{target:colour}", "[{target:colour}]") if same_die else tail
    return (
        Form("{element:colour} " + die_tail, doc=f"use the die of this colour: {doc}", clause=clause, fixed=fixed,
             same={"target": "element"} if same_die else {}, example=examples[0]),
        Form("tile " + tail, doc=f"use the tile: {doc}", clause="MARA-5.1", fixed={**fixed, "element": TILE},
             example=examples[1]),
        Form("tile again {again:colour} " + die_tail, doc=f"use the again tile on that die: {doc}", clause="MARA-D5",
             fixed={**fixed, "element": TILE}, same={"target": "again"} if same_die else {}, example=examples[2]),
        Form(tail, doc=f"the next part of a tile or power: {doc}", clause="MARA-D2", fixed={**fixed, "element": ""},
             example=examples[3]),
    )


@dataclass(frozen=True)
class Place(Action):
    """Carry out one part of an element (MARA-4, MARA-5.1, MARA-6.1, MARA-7.1).

    Attributes:
        element: ``""`` for the next part of a tile or power in progress; a region colour to
            use that die; ``"tile"`` to use the tile.
        kind: ``"write"``, ``"circle"``, ``"crate"`` or ``"cross"``.
        number: the number written, 0 .. 3 (write only).
        field: the field written or crossed (write and cross).
        ant: an ant hill is crossed to lift the adjacency rule (write only, MARA-4.5).
        target: the region of the circle, or the crate group.
        again: with the again tile (``element == "tile"``), the colour of the die whose face it
            repeats (MARA-D5); else ``""``.

    >>> str(Place("tile", "write", 2, "j8", again="yellow"))
    'tile again yellow 2 j8'
    """

    element: str
    kind: str
    number: int | None = None
    field: str | None = None
    ant: bool = False
    target: str | None = None
    again: str = ""
    clause: ClassVar[str] = "MARA-4.3"
    forms = (
        _place_forms("write", "{number:int} {field:cell} [ant]", "write this number in this field "
                     "(ant: cross an ant hill, MARA-4.5)", "MARA-4.3",
                     ("yellow 2 i8", "tile 1 c5", "tile again yellow 2 j8", "0 d6"))
        + _place_forms("circle", "circle {target:colour}", "fill a circle on this region's sheet", "MARA-4.1",
                       ("teal circle", "tile circle purple", "tile again teal circle", "circle purple"), same_die=True)
        + _place_forms("crate", "crate {target:group}", "cross a crate of this group", "MARA-4.2",
                       ("brown crate ones", "tile crate ones", "tile again brown crate ones", "crate points"))
        + _place_forms("cross", "cross {field:cell}", "cross out this field", "MARA-5.1",
                       ("yellow cross c5", "tile cross c5", "tile again yellow cross c5", "cross d6"))
    )

    @classmethod
    def build(cls, ctx: NotationContext, **fields: Any) -> "Place":
        """The placement as parsed; a number other than 0 .. 3 is refused.

        Raises:
            NotationError: a number written that no die, tile or power writes (MARA-4.3).
        """
        number = fields.get("number")
        if number is not None and not 0 <= number <= 3:
            raise NotationError(f"'{number}' is not a number of a die, tile or power (0 .. 3); "
                                f"expected 'COLOUR NUMBER FIELD [ant]' or 'NUMBER FIELD [ant]'")
        return cls(**fields)

    @property
    def die(self) -> str:
        """The die colour whose face this use carries out (the die used, or the die the again
        tile repeats), or ``""`` (the tile itself, or the next part)."""
        return self.again or ("" if self.element in ("", TILE) else self.element)

    def __str__(self) -> str:
        # The same words as the forms write (a test checks it), written directly: actions are
        # sorted by notation at every step.
        if self.kind == "write":
            body = f"{self.number} {self.field}" + (" ant" if self.ant else "")
        elif self.kind == "cross":
            body = f"cross {self.field}"
        elif self.kind == "circle":
            body = "circle" if self.target == self.die else f"circle {self.target}"
        else:
            body = f"crate {self.target}"
        return self._head() + body

    def _head(self) -> str:
        """The words naming the element, with a trailing space (``""`` for the next part)."""
        if self.again:
            return f"tile again {self.again} "
        return f"{self.element} " if self.element else ""

    @property
    def cells(self) -> tuple[str, ...]:
        """The field clicked (write and cross), else ``()``."""
        return (self.field,) if self.field is not None else ()

    @property
    def choice(self) -> str:
        """The notation without the field: ``"yellow 2 ant"``, ``"tile cross"``, ``"teal circle"``."""
        if self.kind == "write":
            return self._head() + f"{self.number}" + (" ant" if self.ant else "")
        if self.kind == "cross":
            return self._head() + "cross"
        return str(self)


@dataclass(frozen=True)
class Skip(ButtonAction):
    """Leave ``element`` unused: the optional tile (MARA-3.6), or a die when the option
    ``decline`` allows it (MARA-4.6)."""

    element: str
    clause: ClassVar[str] = "MARA-3.6"
    forms = (Form("skip {element:element}", doc="leave this element unused (the tile; a die with decline=True)",
                  clause="MARA-3.6", example="skip tile"),)

    def __str__(self) -> str:
        return f"skip {self.element}"


#: The action classes, in parsing order (the spec's notation table).
ACTIONS: tuple[type[Action], ...] = (FirstPlayer, Reveal, RollDie, Split, Take, Skip, Place)

__all__ = ["PLAYERS", "FACES", "TILE", "KINDS", "FirstPlayer", "Reveal", "RollDie", "Split", "Take", "Place",
           "Skip", "ACTIONS"]
