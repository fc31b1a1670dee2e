"""The Leaders game's declaration: seats, options, notation, rules version."""

from __future__ import annotations

from boardkit.core.spec import GameSpec, Option, register
from boardkit.games.leaders.actions import NOTATION

RULES_HISTORY = (
    ("1.0", "First complete engine: LEAD-1.1 .. LEAD-10, decisions LEAD-D1 .. LEAD-D8."),
    ("2.0", "The seed is the default (issue 9). LEAD-3.5/LEAD-D9: only a move of one's own Leader in one's own "
            "turn that loses it 'da sola' is refused ('il Leader non può essere spostato ... perché quella mossa "
            "farebbe finire la partita da sola'); an action that also captures the enemy Leader is legal and wins "
            "(LEAD-3.4); the FAQ's ban on any self-losing action is self_loss='any_action' (LEAD-P1, published). "
            "LEAD-7.1: Hermit and Cub act in any order ('si può muovere uno, l'altro o entrambi'); the card "
            "text's 'one right after the other' is hermit_cub_in_a_row=True (LEAD-P2, published)."),
    ("3.0", "LEAD-8.2/LEAD-D6: Expert mode's second Exile counts characters, the Leader included, and the Hermit "
            "and the Cub as two ('tre personaggi a testa'; they count as one 'solo in fase di Reclutamento'): "
            "Queen, Hermit and Cub against three characters now call it; counting cards (the pair one) is "
            "exile_count='cards'. LEAD-D4: recruiting stays mandatory, even where every placement loses (the seed's "
            "phase takes a card; only the Action phase is optional); declining is recruitment='optional'."),
)

#: The rule options (each names the clause it decides).
OPTIONS: tuple[Option, ...] = (
    Option("expert", False, "Expert mode: no deck, every character available, Exile rounds", "LEAD-8.1", kind=bool),
    Option("first_player", None, "who takes the first turn; None: drawn by chance", "LEAD-1.4", choices=(0, 1), allow_none=True),
    Option("max_turns", None, "cut the game off after this many turns (not a rule: for study)", "LEAD-D7", kind=int, allow_none=True),
    Option("nemesis_trigger", "any", "what moves the Nemesis (LEAD-7.2): any displacement of the enemy Leader, in either "
           "turn, as the seed says; 'own_move' (a variant): only the Leader's own move", "LEAD-7.2", choices=("any", "own_move")),
    Option("self_loss", "leader_move", "which actions may not lose one's own Leader (LEAD-3.5, LEAD-D9): 'leader_move' "
           "(seed): moving one's own Leader, in one's own turn, where that move alone loses it; 'any_action' "
           "(published FAQ, LEAD-P1): no move, ability or recruitment may leave one's own Leader captured or surrounded",
           "LEAD-3.5", choices=("leader_move", "any_action"), published="any_action"),
    Option("hermit_cub_in_a_row", False, "Hermit and Cub, when both act in a turn, act one right after the other "
           "(the card text, quoted by github.com/PaulRosselle/leaders_android_app, LEAD-P2); the seed lets them act in "
           "any order (LEAD-7.1)", "LEAD-P2", kind=bool,
           published=True),
    Option("exile_count", "characters", "Expert mode's second Exile comes when both players have three "
           "(LEAD-8.2, LEAD-D6): 'characters' (seed): pieces, the Leader included, the Hermit and the Cub two; "
           "'cards' (a variant): cards, the Hermit & Cub one", "LEAD-D6", choices=("characters", "cards")),
    Option("recruitment", "mandatory", "a Recruitment phase with a legal recruitment (LEAD-D4): 'mandatory' (seed: "
           "'si prende una delle tre carte', and only the Action phase says 'Non è obbligatorio'): one must recruit, "
           "even where every placement loses; 'optional' (a variant): 'pass' declines the phase",
           "LEAD-D4", choices=("mandatory", "optional")),
    Option("board", "leaders", "board file (data/boards/<name>.yaml or a path)", "LEAD-9.4", kind=str),
)

#: Leaders as the registry knows it: two seats (0 plays the King, 1 the Queen, LEAD-1.1), the
#: market and the first player drawn by chance (LEAD-1.3, LEAD-1.4). Perfect information with
#: chance: the deck's order is hidden from every seat alike and a card is drawn only when it is
#: revealed, so no seat knows anything another does not.
SPEC = register(GameSpec(
    id="leaders", game="boardkit.games.leaders.game:LeadersGame",
    title="Leaders (H. Frénoy, Studio H, 2025)", seed="002_b0cce2ad4dfbe125.txt",
    players=(2, 2), seats=("0", "1"), turn_clause="LEAD-2.1",
    chance=True, information="perfect", board="leaders",
    options=OPTIONS, notation=NOTATION,
    rules_version=RULES_HISTORY[-1][0], rules_history=RULES_HISTORY,
    heuristic="boardkit.games.leaders.heuristics:heuristic",
))
