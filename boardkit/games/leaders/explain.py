"""Why a Leaders action is illegal: the clause that forbids it and the reason in plain words.

Called by ``State.why_illegal`` / ``apply_action`` for any action not in ``legal_actions()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.core.game import CHANCE
from boardkit.core.rules import IllegalActionError
from boardkit.games.leaders import rules as R
from boardkit.core.actions import Draw, FirstPlayer
from boardkit.games.leaders.actions import (
    ABILITY_VERBS, LEADERS, Ability, Exile, Move, NemesisMove, Pass, Recruit, Select,
)
from boardkit.games.leaders.state import Phase

if TYPE_CHECKING:
    from boardkit.core.actions import Action
    from boardkit.games.leaders.state import LeadersState

VERB_RULE = {
    "jump": "the Acrobat jumps over one adjacent character in a straight line onto the free cell just beyond, "
            "and may jump once more",
    "ride": "the Rider moves exactly two cells in a straight line, both free",
    "push": "the Bruiser enters an adjacent cell held by an enemy and pushes that enemy onto one of the three "
            "free cells behind it",
    "guard": "the Royal Guard moves to a free cell next to its own Leader, then may step once more",
    "swap": "the Illusionist swaps places with a character it sees in a straight line and that is not adjacent",
    "claw": "the Claw Launcher moves along a straight line until it is next to the first character it sees "
            "(not an adjacent one)",
    "pull": "the Claw Launcher pulls the first character it sees along a straight line (not an adjacent one) "
            "until it is next to it",
    "manipulate": "the Manipulator moves an enemy it sees, not adjacent to it, one cell to a free cell",
    "wander": "the Wanderer moves to a free cell not adjacent to any enemy",
    "brew": "the Brewmaster moves an ally adjacent to it one cell to a free cell",
}
MOVES_OTHERS = {"push": 0, "swap": 0, "pull": 0, "manipulate": 0}


def explain(state: "LeadersState", action: "Action") -> IllegalActionError:
    """The IllegalActionError for ``action``, which is not legal in ``state``.

    Returns:
        IllegalActionError with ``.clause`` (a LEAD clause id) and a reason in words.
    """

    def err(clause: str, reason: str) -> IllegalActionError:
        return state.game.clauses.error(clause, reason, action)

    g = state.game.geometry
    if state.phase is Phase.OVER:
        return err("LEAD-3.1", f"the game is over ({state.end_reason}); no action can follow")
    cp = state.current_player()
    refill = len(state.market) < 3 and bool(state.deck)
    if cp == CHANCE:
        if isinstance(action, Draw) and refill:
            return err("LEAD-1.3", f"{action.card} is not in the deck: the deck holds {', '.join(sorted(state.deck))}")
        what = "the next market card is drawn from the deck (LEAD-1.3)" if refill else "the first player is drawn (LEAD-1.4)"
        return err("LEAD-1.3" if refill else "LEAD-1.4", f"chance acts now: {what}; '{action}' is not a chance outcome here")
    if isinstance(action, Draw):
        return err("LEAD-1.3", "only chance reveals cards, after a recruitment leaves fewer than three in the market")
    if isinstance(action, FirstPlayer):
        return err("LEAD-1.4", "the first player is drawn once, before the first turn")
    if state.exile_queue:
        if isinstance(action, Exile):
            return _explain_unavailable(state, action.card, err, "LEAD-8.2", "exiled")
        return err("LEAD-8.2", f"player {cp} must first exile one available character (Exile round)")
    if isinstance(action, Exile):
        if not state.game.options["expert"]:
            return err("LEAD-8.2", "Exile exists only in Expert mode (option expert=True)")
        return err("LEAD-8.2", "Exile rounds happen only before the first turn and when both players first have three characters")
    if state.nemesis_pending:
        n = state.where("Nemesis")
        if isinstance(action, NemesisMove):
            ends = [state._name(j) for j in R.nemesis_ends(g, state.pieces, n)]
            return err("LEAD-7.2", f"the Nemesis on {state._name(n)} moves two single steps through free cells and may "
                                   f"not end where it started; it can end on {', '.join(ends)}, not {action.to}")
        return err("LEAD-7.2", f"the Nemesis on {state._name(n)} must first make its forced move (its owner, player {cp}, "
                               "chooses where it ends)")
    if isinstance(action, NemesisMove):
        return err("LEAD-7.2", "the Nemesis moves only in reaction to the enemy Leader moving; it never acts in the Action phase")
    if state.phase is Phase.RECRUIT:
        if isinstance(action, Recruit):
            return _explain_recruit(state, action, err)
        if isinstance(action, Pass):
            return err("LEAD-D4", "a recruitment is possible, so it must be made: the seed's Recruitment phase takes a "
                                  "card (only the Action phase says 'Non è obbligatorio'); recruitment='optional' "
                                  "lets a player decline it")
        return err("LEAD-2.1", "the Action phase is over: now comes the Recruitment phase ('recruit CARD CELL')")
    # Action phase
    if isinstance(action, Recruit):
        return err("LEAD-2.1", "recruitment comes after the Action phase; end it with 'pass' first")
    sel = state.selected
    if isinstance(action, Pass) and sel is not None:  # LEAD-D8: choosing a character commits it
        return err("LEAD-D8", f"the {state.pieces[sel].kind} on {state._name(sel)} was chosen and must finish its action "  # type: ignore[union-attr]
                              "first (step back in the history to choose otherwise)")
    if isinstance(action, Select):
        if sel is not None:
            return err("LEAD-D8", f"the {state.pieces[sel].kind} on {state._name(sel)} is acting; a character's action is "  # type: ignore[union-attr]
                                  "complete before the next begins (LEAD-2.2)")
        return _explain_select(state, action, err)
    if isinstance(action, (Move, Ability)):
        if sel is None:
            return err("LEAD-2.2", "choose the character that acts first ('select CELL')")
        return _explain_step(state, sel, action, err)
    return err("LEAD-2.1", f"'{action}' is not a Leaders action in this phase")  # pragma: no cover


def _explain_unavailable(state: "LeadersState", card: str, err, clause: str, verb: str) -> IllegalActionError:  # type: ignore[no-untyped-def]
    if card in LEADERS:
        return err("LEAD-1.1", f"the {card} is a Leader: Leaders are never {verb}")
    if card in state.exiled:
        return err("LEAD-8.2", f"the {card} was exiled: it is out of this game")
    for p in (0, 1):
        if card in state.cards[p]:
            return err("LEAD-10", f"there is one {card}, and player {p} has already recruited it")
    if not state.game.options["expert"]:
        return err(clause, f"the {card} is not in the market; the market holds {', '.join(state.market) or 'nothing'}")
    return err(clause, f"the {card} is not available")  # pragma: no cover


def _explain_recruit(state: "LeadersState", action: Recruit, err) -> IllegalActionError:  # type: ignore[no-untyped-def]
    p = state.to_move
    if action.card not in state.available():
        return _explain_unavailable(state, action.card, err, "LEAD-2.3", "recruited")
    if (action.card == "HermitCub") != bool(action.cell2):
        return err("LEAD-7.1", "the Hermit & Cub card goes onto two recruitment cells ('recruit HermitCub CELL CELL'); "
                               "every other card onto one")
    own = {state._name(c) for c in state.game.recruit_cells[p]}
    for cell in action.cells:
        if cell not in own:
            return err("LEAD-2.3", f"{cell} is not one of player {p}'s recruitment cells ({', '.join(sorted(own))})")
        if state.pieces[state._cell(cell)] is not None:
            return err("LEAD-2.3", f"recruitment cell {cell} is occupied")
    if action.cell2 and action.cell == action.cell2:
        return err("LEAD-7.1", "the Hermit and the Cub go onto two different recruitment cells")
    # only the published FAQ's ban (LEAD-P1) restricts recruitment; the seed's LEAD-3.5 does not
    return err("LEAD-P1", "placing it there would leave your own Leader captured or surrounded (self_loss='any_action')")


def _explain_select(state: "LeadersState", action: Select, err) -> IllegalActionError:  # type: ignore[no-untyped-def]
    c = state._cell(action.cell)
    pc = state.pieces[c]
    p = state.to_move
    if pc is None:
        return err("LEAD-2.2", f"there is no character on {action.cell}")
    kind, owner = pc
    if owner != p:
        return err("LEAD-1.2", f"the {kind} on {action.cell} belongs to player {owner}, not to player {p}")
    if kind == "Nemesis":
        return err("LEAD-7.2", "the Nemesis never acts in the Action phase; it only reacts when the enemy Leader moves")
    if kind in state.acted:
        return err("LEAD-2.2", f"the {kind} has already acted this turn (one action per character)")
    other = {"Hermit": "Cub", "Cub": "Hermit"}.get(kind)
    if other in state.acted and state.acted[-1] != other and state.game.options["hermit_cub_in_a_row"]:
        return err("LEAD-P2", f"the {other} acted earlier this turn; when both act, the {kind} must act right after it "
                              "(hermit_cub_in_a_row=True)")
    steps = state._steps(c)
    if steps:
        clause = state.self_loss_clause(steps[0][1], owner) or "LEAD-3.5"
        return err(clause, f"every move or ability of the {kind} would leave your own Leader captured or surrounded")
    if kind in R.ACTIVE and R.jailed(g := state.game.geometry, state.pieces, c) and not any(
        state.pieces[j] is None for j in g.nbrs[c]
    ):
        return err("LEAD-6.3", f"the {kind} is next to an enemy Jailer (no ability) and has no free adjacent cell")
    return err("LEAD-2.2", f"the {kind} on {action.cell} has no free adjacent cell and no usable ability")


def _explain_step(state: "LeadersState", c: int, action: "Move | Ability", err) -> IllegalActionError:  # type: ignore[no-untyped-def]
    g = state.game.geometry
    kind, owner = state.pieces[c]  # type: ignore[misc]
    raw = dict(state._steps(c))
    if action in raw:
        after = R.apply_effect(state.pieces, raw[action])
        lc = state.leader_cell(owner)
        for a, b in raw[action]:
            if a == lc:
                lc = b
        how = R.leader_lost(g, after, lc, owner)
        clause = state.self_loss_clause(raw[action], owner) or "LEAD-3.5"
        if clause == "LEAD-3.5":
            return err(clause, f"this would move your own Leader where it is {how}, which would end the game by "
                               "itself; take another action")
        return err(clause, f"this would leave your own Leader {how} (self_loss='any_action'); take another action")
    end = action.to if isinstance(action, Move) else action.target
    if state._cell(end) == c and (isinstance(action, Move) or action.verb in ("jump", "ride", "guard", "claw", "wander")):
        return err("LEAD-D1", f"the {kind} would end where it began: that changes nothing and is not an action")
    if isinstance(action, Move):
        dest = state._cell(action.to)
        if state.pieces[dest] is not None:
            return err("LEAD-2.2", f"{action.to} is occupied; a character moves to a free adjacent cell")
        dist = g.board.distance(g.board.names[c], g.board.names[dest])
        vizier = state.where("Vizier")
        has_vizier = kind in LEADERS and vizier >= 0 and state.pieces[vizier].owner == owner  # type: ignore[union-attr]
        if has_vizier:
            return err("LEAD-6.5", f"with its Vizier the Leader moves up to two cells through free cells; {action.to} "
                                   f"is {dist} cells away or has no free path")
        return err("LEAD-2.2", f"a character moves to an adjacent free cell; {action.to} is {dist} cells away"
                   + (" (an ability is written with its own verb)" if kind in R.ACTIVE else ""))
    user, clause = ABILITY_VERBS[action.verb]
    if kind != user:
        return err(clause, f"only the {user} can '{action.verb}'; the acting character is the {kind}")
    if R.jailed(g, state.pieces, c):
        return err("LEAD-6.3", f"the {kind} is next to an enemy Jailer and cannot use its ability (it may still move)")
    if action.verb in MOVES_OTHERS:
        t = state._cell(action.target)
        if state.pieces[t] is not None and state.pieces[t].owner != owner and R.protected(g, state.pieces, t):  # type: ignore[union-attr]
            return err("LEAD-6.4", f"the {state.pieces[t].kind} on {action.target} is a Protector or next to one: enemy "  # type: ignore[union-attr]
                                   "abilities cannot move it")
    return err(clause, f"{VERB_RULE[action.verb]}; '{action}' is not such a use from {state._name(c)}")
