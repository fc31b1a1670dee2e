"""Leaders actions and their notation (LEAD-2.2, LEAD-2.3, LEAD-5, LEAD-7.2, LEAD-8.2).

Every decision is one atomic action. A character's action is ``select <cell>`` followed by one
``move``/ability action; the Nemesis owner's forced reaction is ``nemesis <cell>``.

======================  =====================================================  ==========
notation                meaning                                                clause
======================  =====================================================  ==========
``first 1``             chance: player 1 takes the first turn                   LEAD-1.4
``draw Archer``         chance: the Archer card is revealed into the market     LEAD-1.3
``exile Archer``        the Archer leaves the game (Expert mode)                LEAD-8.2
``select d2``           the character on d2 will act now                        LEAD-2.2
``move d3``             the selected character steps to d3 (Leader + Vizier:    LEAD-2.2
                        up to two steps)                                        LEAD-6.5
``jump f3``             Acrobat lands on f3 after one or two jumps              LEAD-5.1
``ride d4``             Rider moves two cells in a line to d4                   LEAD-5.2
``push e4 e5``          Bruiser enters e4, pushing the enemy there to e5        LEAD-5.3
``guard c2``            Royal Guard ends on c2 (next to its Leader, +1 step)    LEAD-5.4
``swap d5``             Illusionist swaps places with the character on d5       LEAD-5.5
``claw d4``             Claw Launcher moves along a line to d4                  LEAD-5.6
``pull d6``             Claw Launcher pulls the character on d6 next to it      LEAD-5.6
``manipulate d6 e6``    Manipulator moves the enemy on d6 to e6                 LEAD-5.7
``wander b3``           Wanderer moves to b3                                    LEAD-5.8
``brew c2 c3``          Brewmaster moves the ally on c2 to c3                   LEAD-5.9
``nemesis e5``          the Nemesis ends its forced move on e5                  LEAD-7.2
``recruit Archer c1``   recruit the Archer onto recruitment cell c1             LEAD-2.3
``recruit HermitCub c1 e2``  Hermit onto c1, Cub onto e2                        LEAD-7.1
``pass``                end the Action phase                                    LEAD-2.2
======================  =====================================================  ==========
"""

from __future__ import annotations

from dataclasses import dataclass

from boardkit.core.actions import Action, ButtonAction
from boardkit.core.rules import NotationError

#: Card names used in notation, and the pieces each card puts on the board (LEAD-10, LEAD-7.1).
CARD_PIECES: dict[str, tuple[str, ...]] = {
    "King": ("King",), "Queen": ("Queen",),
    "Acrobat": ("Acrobat",), "Archer": ("Archer",), "Assassin": ("Assassin",),
    "Brewmaster": ("Brewmaster",), "Bruiser": ("Bruiser",), "ClawLauncher": ("ClawLauncher",),
    "HermitCub": ("Hermit", "Cub"), "Illusionist": ("Illusionist",), "Jailer": ("Jailer",),
    "Manipulator": ("Manipulator",), "Nemesis": ("Nemesis",), "Protector": ("Protector",),
    "Rider": ("Rider",), "RoyalGuard": ("RoyalGuard",), "Vizier": ("Vizier",),
    "Wanderer": ("Wanderer",),
}
LEADERS = ("King", "Queen")
RECRUITABLE = tuple(c for c in CARD_PIECES if c not in LEADERS)
PIECE_CARD = {piece: card for card, pieces in CARD_PIECES.items() for piece in pieces}

#: ability verb -> the character that uses it, and its clause.
ABILITY_VERBS: dict[str, tuple[str, str]] = {
    "jump": ("Acrobat", "LEAD-5.1"),
    "ride": ("Rider", "LEAD-5.2"),
    "push": ("Bruiser", "LEAD-5.3"),
    "guard": ("RoyalGuard", "LEAD-5.4"),
    "swap": ("Illusionist", "LEAD-5.5"),
    "claw": ("ClawLauncher", "LEAD-5.6"),
    "pull": ("ClawLauncher", "LEAD-5.6"),
    "manipulate": ("Manipulator", "LEAD-5.7"),
    "wander": ("Wanderer", "LEAD-5.8"),
    "brew": ("Brewmaster", "LEAD-5.9"),
}
TWO_CELL_VERBS = frozenset({"push", "manipulate", "brew"})

_CARD_LOOKUP = {c.lower(): c for c in CARD_PIECES}
_CARD_LOOKUP.update({"hermit": "HermitCub", "cub": "HermitCub", "hermit&cub": "HermitCub",
                     "claw": "ClawLauncher", "royal": "RoyalGuard"})


def card_from_text(text: str) -> str:
    """Canonical card name from text such as ``"claw launcher"``, ``"Hermit & Cub"`` or a
    unique prefix (``"arch"`` -> Archer).

    Raises:
        NotationError: no Leaders card has that name (the message lists the names), or the
            prefix fits several cards (``"a"``: Acrobat, Archer, Assassin).
    """
    key = text.lower().replace(" ", "").replace("_", "").replace("-", "")
    if key in _CARD_LOOKUP:
        return _CARD_LOOKUP[key]
    matches = sorted({card for name, card in _CARD_LOOKUP.items() if key and name.startswith(key)})
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise NotationError(f"{text!r} is ambiguous: it could be {', '.join(matches)}")
    raise NotationError(f"{text!r} is not a Leaders card; cards: {', '.join(CARD_PIECES)}")


@dataclass(frozen=True)
class FirstPlayer(ButtonAction):
    """Chance outcome: ``player`` (0 or 1) takes the first turn (LEAD-1.4)."""

    player: int

    def __str__(self) -> str:
        return f"first {self.player}"


@dataclass(frozen=True)
class Draw(ButtonAction):
    """Chance outcome: ``card`` is the next card revealed from the deck (LEAD-1.3, LEAD-2.3)."""

    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True)
class Exile(ButtonAction):
    """Expert mode: ``card`` leaves this game (LEAD-8.2)."""

    card: str

    def __str__(self) -> str:
        return f"exile {self.card}"


@dataclass(frozen=True)
class Pass(Action):
    """End the Action phase (LEAD-2.2)."""

    def __str__(self) -> str:
        return "pass"

    @property
    def choice(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Select(Action):
    """Choose the character on ``cell`` to act now (LEAD-2.2)."""

    cell: str

    def __str__(self) -> str:
        return f"select {self.cell}"

    @property
    def cells(self) -> tuple[str, ...]:
        return (self.cell,)


@dataclass(frozen=True)
class Move(Action):
    """The selected character steps to ``to`` (LEAD-2.2; a Leader with its Vizier: up to two
    steps, LEAD-6.5)."""

    to: str

    def __str__(self) -> str:
        return f"move {self.to}"

    @property
    def cells(self) -> tuple[str, ...]:
        return (self.to,)


@dataclass(frozen=True)
class Ability(Action):
    """The selected character uses its active ability (LEAD-5): ``verb`` and its cells.

    One-cell verbs (jump, ride, guard, swap, claw, pull, wander) give the destination, or for
    swap/pull the character acted on. Two-cell verbs give the character acted on and where it
    ends (push: the enemy the Bruiser enters and where it is pushed to).
    """

    verb: str
    target: str
    dest: str = ""

    def __str__(self) -> str:
        return f"{self.verb} {self.target}" + (f" {self.dest}" if self.dest else "")

    @property
    def cells(self) -> tuple[str, ...]:
        return (self.target, self.dest) if self.dest else (self.target,)


@dataclass(frozen=True)
class NemesisMove(Action):
    """The Nemesis's forced reaction ends on ``to`` (LEAD-7.2)."""

    to: str

    def __str__(self) -> str:
        return f"nemesis {self.to}"

    @property
    def cells(self) -> tuple[str, ...]:
        return (self.to,)


@dataclass(frozen=True)
class Recruit(Action):
    """Recruit ``card`` onto recruitment cell ``cell`` (Hermit & Cub: Hermit on ``cell``,
    Cub on ``cell2``) (LEAD-2.3, LEAD-7.1)."""

    card: str
    cell: str
    cell2: str = ""

    def __str__(self) -> str:
        return f"recruit {self.card} {self.cell}" + (f" {self.cell2}" if self.cell2 else "")

    @property
    def cells(self) -> tuple[str, ...]:
        return (self.cell, self.cell2) if self.cell2 else (self.cell,)

    @property
    def choice(self) -> str:
        return self.card


def parse(text: str, cell_names: frozenset[str]) -> Action:
    """Parse Leaders notation (see the module table) into an Action, legal or not.

    Args:
        text: e.g. ``"push e4 e5"``; case and surrounding spaces are ignored.
        cell_names: the board's cell names, to reject cells that are not on it.

    Returns:
        The Action.

    Raises:
        NotationError: unknown verb, wrong number of cells, a cell not on the board, an
            unknown card; the message quotes the input and shows the expected form.
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is written as text, got {text!r}")
    words = text.strip().split()
    if not words:
        raise NotationError("empty action text; examples: 'select d2', 'move d3', 'pass'")
    verb, args = words[0].lower(), words[1:]

    def cells(n_min: int, n_max: int, form: str) -> list[str]:
        if not n_min <= len(args) <= n_max:
            raise NotationError(f"{text!r}: expected {form!r}")
        out = [a.lower() for a in args]
        for a in out:
            if a not in cell_names:
                raise NotationError(f"{text!r}: {a!r} is not a cell of the board (cells like {min(cell_names)} .. {max(cell_names)})")
        return out

    if verb == "pass":
        if args:
            raise NotationError(f"{text!r}: 'pass' takes nothing after it")
        return Pass()
    if verb == "first":
        if len(args) != 1 or args[0] not in ("0", "1"):
            raise NotationError(f"{text!r}: expected 'first 0' or 'first 1'")
        return FirstPlayer(int(args[0]))
    if verb in ("draw", "exile"):
        if not args:
            raise NotationError(f"{text!r}: expected '{verb} CARD'")
        card = card_from_text(" ".join(args))
        return Draw(card) if verb == "draw" else Exile(card)
    if verb == "recruit":
        n_cells = 0
        while n_cells < min(2, len(args) - 1) and args[len(args) - 1 - n_cells].lower() in cell_names:
            n_cells += 1
        if len(args) < 2 or n_cells == 0:
            raise NotationError(f"{text!r}: expected 'recruit CARD CELL' (Hermit & Cub: 'recruit HermitCub CELL CELL')")
        card = card_from_text(" ".join(args[: len(args) - n_cells]))
        args = args[len(args) - n_cells:]
        if card == "HermitCub":
            c = cells(2, 2, "recruit HermitCub HERMIT_CELL CUB_CELL")
            return Recruit(card, c[0], c[1])
        c = cells(1, 1, f"recruit {card} CELL")
        return Recruit(card, c[0])
    if verb == "select":
        return Select(cells(1, 1, "select CELL")[0])
    if verb == "move":
        return Move(cells(1, 1, "move CELL")[0])
    if verb == "nemesis":
        return NemesisMove(cells(1, 1, "nemesis CELL")[0])
    if verb in ABILITY_VERBS:
        if verb in TWO_CELL_VERBS:
            c = cells(2, 2, f"{verb} CELL CELL")
            return Ability(verb, c[0], c[1])
        return Ability(verb, cells(1, 1, f"{verb} CELL")[0])
    verbs = ["pass", "first", "draw", "exile", "select", "move", "nemesis", "recruit", *ABILITY_VERBS]
    raise NotationError(f"{text!r}: unknown action {verb!r}; actions: {', '.join(verbs)}")
