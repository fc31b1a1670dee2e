"""The Armageddon game's declaration: seats, options, notation, rules version."""

from __future__ import annotations

from itertools import permutations

from boardkit.core.actions import Roll
from boardkit.core.notation import Notation
from boardkit.core.spec import GameSpec, Option, register
from boardkit.games.armageddon.actions import ACTIONS

RULES_HISTORY = (("1.0", "First engine: ARMA-1.1 .. ARMA-9 with decisions ARMA-D1 .. ARMA-D13."),)

#: Every allowed value of the option ``colours``: the playing Earth colours in turn order.
COLOUR_CHOICES: tuple[str, ...] = tuple(
    " ".join(p) for k in (3, 2, 1) for p in permutations(("red", "green", "yellow"), k))

#: The rule options (each names the clause it decides).
OPTIONS: tuple[Option, ...] = (
    Option("colours", "red green yellow", "the Earth colours that play, in turn order, 1 to 3 of red, green, yellow "
           "(each is a seat; the aliens are the last seat)", "ARMA-2.3", kind=str),
    Option("empty_gk_wins", False, "Earth also wins by moving onto an empty GK when no alien is inside the main "
           "compartment (the seed: only by displacing the alien on GK)", "ARMA-6.3", kind=bool),
    Option("max_turns", None, "cut the game off after this many turns of the sides (not a rule: for study)",
           "ARMA-D12", kind=int, allow_none=True),
    Option("data", "default", "data file: chips, mines, board counts or a drawn layout", "ARMA-9", kind=str),
)

SPEC = register(GameSpec(
    id="armageddon", title="Armageddon (cut-out paper board game)", seed="004_108ef70fbb1ba573.txt",
    # up to three Earth colours and the aliens (ARMA-1.1, ARMA-1.2); the die is chance, nothing is hidden
    players=(2, 4), seats=("red", "green", "yellow", "aliens"), chance=True, information="perfect",
    turn_clause="ARMA-2.3", board="armageddon", options=OPTIONS,
    notation=Notation(ACTIONS, clauses={Roll: "ARMA-3.1"}),
    rules_version=RULES_HISTORY[-1][0], rules_history=RULES_HISTORY,
    game="boardkit.games.armageddon.game:ArmageddonGame",
))
