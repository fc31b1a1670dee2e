"""The gridhunt game's declaration: seats, options, notation, rules version."""

from __future__ import annotations

from boardkit.core.spec import GameSpec, Option, register
from boardkit.games.gridhunt.actions import NOTATION

RULES_HISTORY = (
    ("1.0", "First engine: GRID-1.1 .. GRID-7 with decisions GRID-D1 .. GRID-D12."),
    ("1.1", "GRID-D13: a player boxed in by walls or teammates it knows of, which had no order, stays ('move none')."),
    ("1.2", "GRID-D9: deaths are told at the end of the round (option deaths_told, default 'end_of_round'; "
            "'at_once' is the 1.1 rule); until then a dead player still gives orders, which are void. Refusals "
            "are computed for the asking seat from what it knows (one rule path)."),
    ("1.3", "From the seed's text: GRID-D8 the shield stops only the 'attaques classiques' (option "
            "shield_stops_enhanced now False; True was the 1.2 default); GRID-D3 a departure teleport landed on is "
            "told to all even when the occupied arrival kept it from working (option teleport_told='landed'; "
            "'used' is the 1.2 rule)."),
    ("1.4", "GRID-1.2, GRID-D12: any number of teams (option teams) and chosen membership (option team_of); "
            "GRID-D14: any number of players from 8 (up to 75), the grid's side fitting them (option size now None: "
            "12 up to 16 players, as before)."),
    ("1.5", "From the seed's text: GRID-D18 an enhanced line shot goes in any of 8 directions, diagonals "
            "included ('dans la direction qu'ils souhaitent'; option line_directions=4 is the 1.3 rule); GRID-D19 a "
            "player blocked by a mine does not move but still shoots ('bloqués'; option mine_blocks_shot=True is "
            "the 1.3 rule); GRID-1.3 teammates share what they see (they may talk; option team_shares_vision now "
            "True, False was the 1.3 default). New options, defaults unchanged: may_stay (GRID-D20) and "
            "wall_orders (GRID-D21)."),
    ("1.6", "GRID-D22: a diagonal line shot passes between two walls that meet only at a corner (as before); new "
            "option corner_walls='block' stops it there."),
)

#: The most seats (GRID-1.2 sets only a minimum): the largest grid the notation names (z26, 26x26 =
#: 676 cells) holds 75 players at 9 cells each (GRID-D14).
MAX_PLAYERS = 75

#: The values of option ``silent`` (GRID-D16): what the GM does for a player who sent no orders.
SILENT = ("random", "wait")

#: The rule options (each names the clause it decides).
OPTIONS: tuple[Option, ...] = (
    Option("players", 8, "number of players (at least 8)", "GRID-1.2", kind=int),
    Option("teams", 0, "number of teams (0: every player alone, else 2 or more); without team_of, player p is in "
           "team p % teams", "GRID-1.2", kind=int),
    Option("team_of", None, "the team of each seat, in seat order: team names separated by spaces or commas (for "
           "example 'red red blue blue green green green red'); a name given once is a player alone", "GRID-D12",
           kind=str, allow_none=True),
    Option("team_shares_vision", True, "a player's view includes what its teammates know (they may talk)", "GRID-1.3",
           kind=bool),
    Option("turn_order", "random_each_round", "order of the turns in a round: drawn at random each round, seat order, "
           "or every living player gives its orders at once (forum GM)", "GRID-6",
           choices=("random_each_round", "fixed", "simultaneous")),
    Option("layout", "random", "'random' (the GM draws the layout, GRID-7) or a layout data file (a name in "
           "data/gridhunt/ or a path)", "GRID-7", kind=str),
    Option("size", None, "side of the square grid (random layout); None: the smallest side of 12 or more giving 9 "
           "cells per player (12 up to 16 players)", "GRID-D14", kind=int, allow_none=True),
    Option("walls", 12, "walls (random layout)", "GRID-7", kind=int),
    Option("mines", 6, "mines (random layout)", "GRID-7", kind=int),
    Option("vision", 4, "vision cells (random layout)", "GRID-7", kind=int),
    Option("attack", 4, "enhanced-attack cells (random layout)", "GRID-7", kind=int),
    Option("beacon", 4, "beacon cells (random layout)", "GRID-7", kind=int),
    Option("shield", 2, "shield cells (random layout)", "GRID-7", kind=int),
    Option("shield_stops_landing", False, "a shield charge also absorbs a landing kill (the mover then stops one cell "
           "earlier)", "GRID-2.10", kind=bool),
    Option("line_shot", "target", "an enhanced line shot hits only the chosen cell ('target') or the first player on "
           "the line ('first')", "GRID-4.2", choices=("target", "first")),
    Option("line_directions", 8, "the directions of an enhanced line shot: 8 (orthogonal and diagonal, 'dans la "
           "direction qu'ils souhaitent') or 4 (orthogonal only)", "GRID-D18", choices=(8, 4)),
    Option("corner_walls", "pass", "a diagonal line shot passes between two walls that meet only at a corner "
           "('pass': it crosses neither wall) or is stopped there ('block')", "GRID-D22", choices=("pass", "block")),
    Option("mine_blocks_shot", False, "a player blocked by a mine also loses its shot (False: it does not move but "
           "shoots)", "GRID-D19", kind=bool),
    Option("may_stay", False, "a player may order 'move none' at any time (False: it moves 1 to 6 cells unless "
           "blocked or boxed in)", "GRID-D20", kind=bool),
    Option("wall_orders", "refused", "a path into a wall the player knows of is refused ('refused') or accepted and "
           "stopped before the wall ('stopped')", "GRID-D21", choices=("refused", "stopped")),
    Option("shield_stops_enhanced", False, "a shield charge also absorbs an enhanced attack (False: only the basic "
           "shot is a 'classic attack', as the seed's 'attaques classiques' reads)", "GRID-D8", kind=bool),
    Option("teleport_told", "landed", "when a teleport's place is told to all: once a player has landed on it "
           "('landed', even if the arrival was occupied) or only once it was used ('used')", "GRID-D3",
           choices=("landed", "used")),
    Option("deaths_told", "end_of_round", "when the seats are told a death: at the end of the round (the dead "
           "player's orders until then are void) or at once", "GRID-D9", choices=("end_of_round", "at_once")),
    Option("silent", "random", "a living player who sent no orders for the round (game master's desk): the GM gives "
           "it a random move of its own and no shot ('random'), or waits for its message ('wait')", "GRID-D16",
           choices=SILENT),
    Option("max_turns", None, "cut the game off (no winner) once this many player turns have begun (not a rule: for "
           "study)", "GRID-D10", kind=int, allow_none=True),
)

SPEC = register(GameSpec(
    id="gridhunt",
    title="Gridhunt (forum game run by a game master)",
    seed="001_bcc873264f6cd736.txt",
    players=(8, MAX_PLAYERS),
    seats=tuple(f"p{i}" for i in range(MAX_PLAYERS)),
    chance=True,
    information="imperfect",
    board="",
    options=OPTIONS,
    notation=NOTATION,
    rules_version=RULES_HISTORY[-1][0],
    rules_history=RULES_HISTORY,
    game="boardkit.games.gridhunt.game:GridhuntGame",
    turn_clause="GRID-6",
    players_option="players",
    heuristic="boardkit.games.gridhunt.heuristics:heuristic",
))
