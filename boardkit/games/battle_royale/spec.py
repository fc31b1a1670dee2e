"""The Battle Royale game's declaration: seats, options, notation, rules version."""

from __future__ import annotations

from boardkit.games.battle_royale.actions import NOTATION
from boardkit.core.spec import GameSpec, Option, register

RULES_HISTORY = (("1.0", "First engine: BR-1.1 .. BR-6 with decisions BR-D1 .. BR-D11."),)

#: The rule options (each names the clause it decides).
OPTIONS: tuple[Option, ...] = (
    Option("players", 2, "number of players", "BR-1.6", choices=(2, 3, 4)),
    Option("layout", "first", "the four removed tiles, or 'first' for the recommended layout", "BR-1.1", kind=str),
    Option("neutral", "default", "tiles of the two neutral figures with 2 players", "BR-1.6", kind=str),
    Option("first_player", None, "start player; None: drawn by chance", "BR-1.7", kind=int, allow_none=True),
    Option("own_prisoners", True, "an own figure pushed out becomes a prisoner (False: it leaves the game)", "BR-2.4", kind=bool),
    Option("max_turns", None, "cut the game off after this many turns (not a rule: for study)", "BR-D9", kind=int, allow_none=True),
    Option("data", "default", "data file: cards, Doom die, first layout, neutral tiles", "BR-6", kind=str),
    Option("variant", "none", "rule variants: 'abilities' (BR-5.1) and 'special_actions' (BR-5.2) need printed card texts",
           "BR-5.1", choices=("none", "abilities", "special_actions")),
)

SPEC = register(GameSpec(
    id="battle_royale",
    title="Battle Royale (Identity Games / Kosmos)",
    seed="000_c2cb631045ea0dc6.txt",
    players=(2, 4),
    seats=('red', 'blue', 'green', 'yellow'),
    chance=True,
    information="imperfect",
    board="arena5",
    options=OPTIONS,
    notation=NOTATION,
    rules_version=RULES_HISTORY[-1][0],
    rules_history=RULES_HISTORY,
    game="boardkit.games.battle_royale.game:BattleRoyaleGame",
    turn_clause="BR-2.5",
    players_option='players',
))
