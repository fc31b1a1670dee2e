"""The Armageddon game's declaration: seats, options, notation, rules version."""

from __future__ import annotations

from itertools import permutations

from boardkit.core.actions import Roll
from boardkit.core.notation import Notation
from boardkit.core.spec import GameSpec, Option, register
from boardkit.games.armageddon.actions import ACTIONS

RULES_HISTORY = (
    ("1.0", "First engine: ARMA-1.1 .. ARMA-9 with decisions ARMA-D1 .. ARMA-D13."),
    ("2.0", "The seed's board and readings: the ship redrawn (three numbered circles with one warrior each, the "
            "warriors' ring round the ship passing GK, the officer's arc home; ARMA-9, ARMA-D6, ARMA-D14); chips on "
            "the ship walk forward and back along the arrows (ARMA-3.7, option back); displacing is a right "
            "(ARMA-6.1, option displace, the action spare); the mine is the officer's choice (ARMA-5.1, option "
            "mine, the action take); the penalty of two chips on one circle is an option (ARMA-3.5, option "
            "two_on_one='penalty'); "
            "the aliens win when each colour is down to one chip (ARMA-1.4, option aliens_win); a stop on the "
            "launch table always ends the turn legally (ARMA-3.4); displaced chips go to the launch table only "
            "when every compartment is destroyed (ARMA-7.2). The first drawing and readings: data='v1' with "
            "back='none', displace='forced', mine='always', aliens_win='count'."),
)

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
    Option("back", "ship", "'ship': on the alien ship's circles every chip may also walk back along its arrows "
           "(the action back); 'none': only forward", "ARMA-3.7", choices=("ship", "none")),
    Option("displace", "optional", "'optional': displacing an enemy chip is a right; a mover that declines stops "
           "behind it (the action spare); 'forced': every enemy chip met is displaced", "ARMA-6.1",
           choices=("optional", "forced")),
    Option("mine", "choice", "'choice': the officer takes a mine by the action take (a right); without one it "
           "flies the arc home; 'always': it takes one as it leaves its dot circle", "ARMA-5.1",
           choices=("choice", "always")),
    Option("two_on_one", "refuse", "'refuse': a share that ends on a circle held by a chip of one's own side is "
           "illegal (the seed's ARMA-3.6: the second chip must stop behind the first); 'penalty': it is played and "
           "both chips leave the game", "ARMA-3.5",
           choices=("penalty", "refuse")),
    Option("aliens_win", "colours", "'colours': the aliens win when every playing colour has one chip or none "
           "left in play; 'count': when Earth has as many chips in play as colours, or fewer", "ARMA-1.4",
           choices=("colours", "count")),
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
    heuristic="boardkit.games.armageddon.heuristics:heuristic",
))
