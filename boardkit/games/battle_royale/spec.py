"""The Battle Royale game's declaration: seats, options, notation, rules version."""

from __future__ import annotations

from boardkit.games.battle_royale.actions import NOTATION
from boardkit.core.spec import GameSpec, Option, register

RULES_HISTORY = (
    ("1.0", "First engine: BR-1.1 .. BR-6 with decisions BR-D1 .. BR-D11."),
    ("2.0", "The seed is the default (seed 000_c2cb631045ea0dc6.txt read sentence by sentence): a battle take is "
            "optional ('darf ... nehmen', new action 'decline', BR-4.3); every tied majority holder takes any figure not "
            "its own, a tied rival's included ('eine andere Figur', BR-4.3, BR-D3, BR-D15); no neutral figures by default "
            "('eine Figur pro Farbe'; the published two-player neutral figures are option neutral, BR-1.6); the diagonal "
            "card steps diagonally only ('genau diese Fortbewegung fordert', card field directions, BR-2.2); only a move "
            "of one's own figure pushes ('Endet ein Zug der eigenen Figur'): an opponents-only move may not end on a full "
            "tile (option opponent_push, BR-D14); one card is drawn at the end of a turn ('Am Ende wird eine Karte "
            "nachgezogen', BR-2.5); a moving figure may enter a tile again, its start included (no such limit in the "
            "seed; the published rule is option revisit=False, BR-D10); the figure pushed on may be the one that just "
            "arrived ('welche Figur', option push_arriving, BR-D2); an empty pile is refilled from the discards instead of ending the game after a "
            "round without cards, which the seed does not have (option no_cards, BR-D13)."),
    ("3.0", "Open readings decided from the seed: a game that ends with no player's figure on the goal has no winner, "
            "every return 0 ('die Person, der die Mehrheit auf dem Zielfeld besitzt' - nobody does; before, all tied at "
            "0 and prisoners decided: option empty_goal, BR-D7); players tied for a tile's majority take in turn order from "
            "the other players' figures, not from each other ('es sind noch andere Personen ebenfalls auf dem Feld ... "
            "zuerst'; before, a tied rival's figure too: option tied_take, BR-D3, BR-4.3); nothing is drawn from an "
            "empty pile and a player with no card only rolls the Doom die (the seed names no discard pile and no "
            "reshuffle; before, the played cards were shuffled into a new pile: option no_cards, BR-D13, BR-2.6). The "
            "published profile holds only rules a public page states: no tile entered twice in a move (revisit=False, "
            "BR-D10, cited reviews); the two-player neutral figures, whose placement no page gives, are a variant "
            "(option neutral, BR-1.6) and no longer part of rules='published'."),
)

#: The rule options (each names the clause it decides).
OPTIONS: tuple[Option, ...] = (
    Option("players", 2, "number of players", "BR-1.6", choices=(2, 3, 4)),
    Option("layout", "first", "the four removed tiles, or 'first' for the recommended layout", "BR-1.1", kind=str),
    Option("neutral", "none", "neutral figures with 2 players, a variant (not in the seed, and no public page gives "
           "their placement: BR-1.6): 'none'; 'data': the data file's two tiles; or two tiles 'CELL CELL' of the "
           "middle nine", "BR-1.6", kind=str),
    Option("first_player", None, "start player; None: drawn by chance", "BR-1.7", kind=int, allow_none=True),
    Option("own_prisoners", True, "an own figure pushed out becomes a prisoner (False: it leaves the game)", "BR-2.4", kind=bool),
    Option("revisit", True, "a moving figure may enter a tile again in its move, its start tile included (the seed sets no "
           "such limit); False: it may not (BR-D10)", "BR-D10", kind=bool, published=False),
    Option("push_arriving", True, "the figure pushed on from an overfull tile may be the one that just arrived ('Die aktive "
           "Person entscheidet, welche Figur geschubst wird'); False: any other figure (BR-D2)", "BR-D2", kind=bool),
    Option("opponent_push", "refuse", "a figure moved by an opponents-only card: 'refuse' - it may not end its move on a "
           "tile it would overfill (only a move of one's own figure pushes); 'push' - it pushes like an own figure",
           "BR-D14", choices=("refuse", "push")),
    Option("no_cards", "no_draw", "a draw from an empty pile: 'no_draw' - nothing is drawn (the seed names no discard "
           "pile and no reshuffle), a player with no card only rolls the Doom die and the game ends only as the seed "
           "says; 'reshuffle' - the player's played cards are shuffled into a new pile; 'round' - nothing is drawn, "
           "and once all hands and piles are empty one more round of Doom rolls is played, then the game ends",
           "BR-D13", choices=("no_draw", "reshuffle", "round")),
    Option("tied_take", "others", "players tied for a tile's majority take, in turn order, from the figures of the "
           "other players there ('others', the seed's 'es sind noch andere Personen ebenfalls auf dem Feld'); 'any': "
           "a tied rival's figure too", "BR-D3", choices=("others", "any")),
    Option("empty_goal", "nobody", "the game ends with no player's figure on the goal: 'nobody' - nobody holds the "
           "majority there, so nobody wins (returns 0); 'prisoners' - all tie at 0 and prisoners decide", "BR-D7",
           choices=("nobody", "prisoners")),
    Option("max_turns", None, "cut the game off after this many turns (not a rule: for study)", "BR-D9", kind=int, allow_none=True),
    Option("data", "default", "data file: cards, Doom die, first layout, neutral tiles", "BR-6", kind=str),
    Option("variant", "none", "rule variants: 'abilities' (BR-5.1) and 'special_actions' (BR-5.2) need printed card texts",
           "BR-5.1", choices=("none", "abilities", "special_actions")),
)

SPEC = register(GameSpec(
    id="battle_royale", title="Battle Royale (Identity Games / Kosmos)", seed="000_c2cb631045ea0dc6.txt",
    players=(2, 4), seats=("red", "blue", "green", "yellow"), players_option="players", turn_clause="BR-2.5",
    chance=True, information="imperfect", board="arena5", options=OPTIONS, notation=NOTATION,
    rules_version=RULES_HISTORY[-1][0], rules_history=RULES_HISTORY,
    game="boardkit.games.battle_royale.game:BattleRoyaleGame",
    heuristic="boardkit.games.battle_royale.heuristics:heuristic",
))
