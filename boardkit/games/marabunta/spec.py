"""The Marabunta game's declaration: seats, options, notation, rules version."""

from __future__ import annotations

from boardkit.core.actions import FirstPlayer, RollDie
from boardkit.core.notation import Notation
from boardkit.core.spec import GameSpec, Option, register
from boardkit.games.marabunta.actions import ACTIONS, PLAYERS

RULES_HISTORY = (
    ("1.0", "First engine: MARA-1.1 .. MARA-10 with decisions MARA-D1 .. MARA-D11."),
    ("2.0", "The seed is the default (issue 9). MARA-4.5: a player's first number needs an ant hill ('Jede Zahl "
            "muss in einem Feld angrenzend zu einem Feld mit eigener Zahl stehen. Mit einem Ameisenhügel ... darf "
            "man das ignorieren'); the free first number is the variant first_number='free'. MARA-3.3: the tile "
            "is carried out like the dice ('führt alle Elemente einzeln aus': only what cannot be used is lost); "
            "leaving it unused is the published rule optional_tile=True (MARA-3.6)."),
    ("2.1", "No default changes (perft and playthroughs unchanged). MARA-8.3: 'über 25 Punkte beginnt man neu bei 25' "
            "stays the true sum (a new lap of the 25-point track), now the option above_25='continue'; "
            "above_25='cap' (a total above 25 counts as 25) is the other reading, a variant. MARA-3.6 (optional_tile, "
            "rules='published') now cites the reviews that state it."),
)

#: The rule options (each names the clause it decides).
OPTIONS: tuple[Option, ...] = (
    Option("first_player", None, "start player (0 red, 1 blue); None: drawn by chance", "MARA-2.1",
           choices=(0, 1), allow_none=True),
    Option("first_number", "ant_hill", "'ant_hill' (seed, MARA-4.5): a player's first number needs an ant hill like "
           "any number with no own number next to it; 'free' (a variant, no published source): the first number ignores adjacency",
           "MARA-4.5", choices=("free", "ant_hill")),
    Option("optional_tile", False, "the round's tile may be left unused ('skip tile'), except the crossed-cupcake tile "
           "(published, MARA-3.6: reviews of the Space Cowboys edition, e.g. goblins.net, amiciingioco.it); the seed "
           "carries out every element of the pool (MARA-3.3)", "MARA-3.6", kind=bool,
           published=True),
    Option("decline", False, "a player may leave a usable die unused (a variant; the seed carries out every "
           "element, MARA-4.6)", "MARA-4.6", kind=bool),
    Option("above_25", "continue", "'continue' (seed, MARA-8.3): 'über 25 Punkte beginnt man neu bei 25' starts a new "
           "lap of the 25-point track, the total is the true sum; 'cap' (a variant, no published source): a total "
           "above 25 counts as 25", "MARA-8.3", choices=("continue", "cap")),
    Option("data", "default", "data file: map, player board, tiles", "MARA-9", kind=str),
)

SPEC = register(GameSpec(
    id="marabunta", title="Marabunta (R. Knizia, Space Cowboys)", seed="003_a24625b41ad3ab46.txt",
    # two seats, red and blue (MARA-1.1); the tiles and dice are chance nodes, nothing is hidden
    players=(2, 2), seats=PLAYERS, chance=True, information="perfect", turn_clause="MARA-3.3",
    board="marabunta", options=OPTIONS, notation=Notation(ACTIONS, clauses={FirstPlayer: "MARA-2.1", RollDie: "MARA-3.1"}),
    rules_version=RULES_HISTORY[-1][0], rules_history=RULES_HISTORY,
    game="boardkit.games.marabunta.game:MarabuntaGame",
    heuristic="boardkit.games.marabunta.heuristics:heuristic",
    score="boardkit.games.marabunta.heuristics:score",
))
