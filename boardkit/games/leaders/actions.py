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
``pass``                end the Action phase (recruitment="optional": decline   LEAD-2.2
                        a Recruitment phase)                                    LEAD-D4
======================  =====================================================  ==========
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardkit.core.actions import Action, Draw, FirstPlayer, action_class
from boardkit.core.notation import Form, Notation, NotationContext, Vocabulary
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

#: Other spellings of card names accepted in notation (besides any unique prefix).
CARD_ALIASES = {"hermit": "HermitCub", "cub": "HermitCub", "hermit&cub": "HermitCub",
                "claw": "ClawLauncher", "royal": "RoyalGuard"}
#: The ``card`` vocabulary of the notation: every card name, its aliases and unique prefixes
#: (``"claw launcher"``, ``"Hermit & Cub"``, ``"arch"`` -> Archer).
CARDS = Vocabulary("card", tuple(CARD_PIECES), aliases=CARD_ALIASES, prefixes=True)


# The verb table: one row per simple action (class name, form, meaning, clause, example).
Exile = action_class("Exile", "exile {card:card...}", "Expert mode: this card leaves the game", "LEAD-8.2",
                     "exile Archer", button=True)
Pass = action_class("Pass", "pass", "end the Action phase (with recruitment='optional', LEAD-D4, also decline a "
                    "Recruitment phase)", "LEAD-2.2", "pass")
Select = action_class("Select", "select {cell:cell}", "the character on CELL will act now", "LEAD-2.2", "select d2")
Move = action_class("Move", "move {to:cell}", "the selected character steps to CELL (Leader with Vizier: up to two "
                    "steps, LEAD-6.5)", "LEAD-2.2", "move d3")


def _ability_form(verb: str, doc: str, example: str) -> Form:
    user, clause = ABILITY_VERBS[verb]
    slots = "{target:cell} {dest:cell}" if verb in TWO_CELL_VERBS else "{target:cell}"
    return Form(f"{verb} {slots}", doc=f"{user}: {doc}", clause=clause, fixed={"verb": verb}, example=example)


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
    forms = (
        _ability_form("jump", "lands on CELL after one or two jumps", "jump f3"),
        _ability_form("ride", "moves two cells in a line to CELL", "ride d4"),
        _ability_form("push", "enters the enemy's CELL, pushing it to the second CELL", "push e4 e5"),
        _ability_form("guard", "ends on CELL (next to its Leader, then one more step)", "guard c2"),
        _ability_form("swap", "swaps places with the character on CELL", "swap d5"),
        _ability_form("claw", "moves along a line to CELL", "claw d4"),
        _ability_form("pull", "pulls the character on CELL next to it", "pull d6"),
        _ability_form("manipulate", "moves the enemy on the first CELL to the second", "manipulate d6 e6"),
        _ability_form("wander", "moves to CELL, not next to an enemy", "wander b3"),
        _ability_form("brew", "moves the ally on the first CELL to the second", "brew c2 c3"),
    )


NemesisMove = action_class("NemesisMove", "nemesis {to:cell}", "the Nemesis ends its forced move on CELL", "LEAD-7.2",
                           "nemesis e5")


@dataclass(frozen=True)
class Recruit(Action):
    """Recruit ``card`` onto recruitment cell ``cell`` (Hermit & Cub: Hermit on ``cell``,
    Cub on ``cell2``) (LEAD-2.3, LEAD-7.1)."""

    card: str
    cell: str
    cell2: str = ""
    forms = (Form("recruit {card:card...} {cell:cell} [{cell2:cell}]",
                  doc="recruit CARD onto a recruitment CELL (Hermit & Cub: Hermit on the first CELL, Cub on "
                      "the second, LEAD-7.1)", clause="LEAD-2.3", example="recruit Archer c1"),)

    @classmethod
    def build(cls, ctx: NotationContext, **fields: Any) -> "Recruit":
        """The Recruit, refusing a card written with the wrong number of cells.

        Raises:
            NotationError: the Hermit & Cub with one cell, or another card with two (LEAD-7.1).
        """
        action = cls(**fields)
        text = str(action)
        if action.card == "HermitCub" and not action.cell2:
            raise NotationError(f"{text!r}: the Hermit & Cub go onto two cells; expected "
                                "'recruit HermitCub HERMIT_CELL CUB_CELL' (LEAD-7.1)")
        if action.card != "HermitCub" and action.cell2:
            raise NotationError(f"{text!r}: {action.cell2!r} is one cell too many; expected "
                                f"'recruit {action.card} CELL' (LEAD-2.3)")
        return action


#: The Leaders notation table, in parsing order (core's FirstPlayer and Draw are the chance
#: outcomes: ``first 1``, LEAD-1.4; ``draw Archer``, LEAD-1.3).
NOTATION = Notation((FirstPlayer, Draw, Exile, Pass, Select, Move, Ability, NemesisMove, Recruit),
                    clauses={FirstPlayer: "LEAD-1.4", Draw: "LEAD-1.3"})


class ActionValues:
    """The actions of one board, each made once and shared: legal-action generation looks
    them up by cell index instead of building new values, and each one's notation is written
    once (``str`` is kept on the value).

    Args:
        names: the board's cell names by cell index.
    """

    def __init__(self, names: tuple[str, ...] | list[str]) -> None:
        self.names = tuple(names)
        self.move = tuple(Move(n) for n in self.names)
        self.select = tuple(Select(n) for n in self.names)
        self.nemesis = tuple(NemesisMove(n) for n in self.names)
        self.draw = {c: Draw(c) for c in CARD_PIECES}
        self.exile = {c: Exile(c) for c in CARD_PIECES}
        self.first = (FirstPlayer(0), FirstPlayer(1))
        self.pass_ = Pass()
        self._ability: dict[tuple[str, int, int], Ability] = {}
        self._recruit: dict[tuple[str, int, int], Recruit] = {}

    def ability(self, verb: str, target: int, dest: int = -1) -> Ability:
        """``verb`` on cell index ``target`` (and ``dest``, -1 for none) (LEAD-5)."""
        key = (verb, target, dest)
        action = self._ability.get(key)
        if action is None:
            names = self.names
            action = self._ability[key] = Ability(verb, names[target], names[dest] if dest >= 0 else "")
        return action

    def recruit(self, card: str, cell: int, cell2: int = -1) -> Recruit:
        """``card`` onto cell index ``cell`` (the Cub onto ``cell2``, -1 for none) (LEAD-2.3)."""
        key = (card, cell, cell2)
        action = self._recruit.get(key)
        if action is None:
            names = self.names
            action = self._recruit[key] = Recruit(card, names[cell], names[cell2] if cell2 >= 0 else "")
        return action
