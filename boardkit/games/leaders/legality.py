"""The predicates of each Leaders decision, shared by move generation and refusals.

Each function answers one question about an action of the player to decide, as ``None``
(allowed) or the :class:`~boardkit.core.rules.Refusal` that names the clause and says why.
``LeadersState.legal_actions`` keeps what they allow (selects, steps, recruitments, exiles,
Nemesis ends) and ``LeadersState.refuse`` raises what they refuse, so a legal action and the
reason an action is refused come from one derivation (LEAD-2 .. LEAD-8).

The state is read through its own methods (``available``, ``_steps``, ``self_loss_clause``,
``_safe_place``); this module imports no state, so the package's imports run one way
(game -> state -> legality, explain, position -> rules, actions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.core.actions import Action, Draw, FirstPlayer
from boardkit.core.rules import Refusal
from boardkit.games.leaders import rules as R
from boardkit.games.leaders.actions import ABILITY_VERBS, LEADERS, Ability, Exile, Move, NemesisMove, Pass, Recruit, Select
from boardkit.games.leaders.rules import Phase

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.leaders.state import LeadersState

#: What each ability does, for a refusal that names it (LEAD-5).
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
#: Verbs that move another character, which an enemy Protector shields (LEAD-6.4).
MOVES_OTHERS = frozenset({"push", "swap", "pull", "manipulate"})
#: Verbs whose acting character ends on the named cell (LEAD-D1: never where it began).
ENDS_ON_TARGET = frozenset({"jump", "ride", "guard", "claw", "wander"})


def unavailable(state: "LeadersState", card: str, clause: str, verb: str) -> Refusal | None:
    """LEAD-2.3, LEAD-8.1, LEAD-8.2: None if ``card`` can be recruited or exiled now (it is in
    :meth:`LeadersState.available`), else why not; ``verb`` is "recruited" or "exiled"."""
    if card in state.available():
        return None
    if card in LEADERS:
        return Refusal("LEAD-1.1", f"the {card} is a Leader: Leaders are never {verb}")
    if card in state.exiled:
        return Refusal("LEAD-8.2", f"the {card} was exiled: it is out of this game")
    for p in (0, 1):
        if card in state.cards[p]:
            return Refusal("LEAD-10", f"there is one {card}, and player {p} has already recruited it")
    if not state.game.options.expert:
        return Refusal(clause, f"the {card} is not in the market; the market holds {', '.join(state.market) or 'nothing'}")
    return Refusal(clause, f"the {card} is not available")  # pragma: no cover - every card is one of the above


def act_refusal(state: "LeadersState", kind: str) -> Refusal | None:
    """LEAD-2.2, LEAD-7.2, LEAD-P2: None if the mover's character ``kind`` may still act this
    turn, before asking whether it has a legal move: the Nemesis never acts, each character
    acts once, and with ``hermit_cub_in_a_row`` the Hermit and the Cub act one right after the
    other (the seed's LEAD-7.1: in any order)."""
    if kind not in state.acted and kind not in ("Nemesis", "Hermit", "Cub"):
        return None  # the common case, first
    if kind == "Nemesis":
        return Refusal("LEAD-7.2", "the Nemesis never acts in the Action phase; it only reacts when the enemy Leader moves")
    if kind in state.acted:
        return Refusal("LEAD-2.2", f"the {kind} has already acted this turn (one action per character)")
    other = {"Hermit": "Cub", "Cub": "Hermit"}.get(kind)
    if other in state.acted and state.acted[-1] != other and state.game.options.hermit_cub_in_a_row:
        return Refusal("LEAD-P2", f"the {other} acted earlier this turn; when both act, the {kind} must act right after "
                                  "it (hermit_cub_in_a_row=True)")
    return None


def select_refusal(state: "LeadersState", c: int) -> Refusal | None:
    """LEAD-1.2, LEAD-2.2, LEAD-D8: None if the character on cell ``c`` may be chosen to act
    now: the mover's, free to act (:func:`act_refusal`) and with at least one legal move or
    ability use (LEAD-3.5, LEAD-P1, LEAD-6.3), so choosing never traps the player."""
    pc = state.pieces[c]
    p = state.to_move
    if pc is None:
        return Refusal("LEAD-2.2", f"there is no character on {state._name(c)}")
    kind, owner = pc
    if owner != p:
        return Refusal("LEAD-1.2", f"the {kind} on {state._name(c)} belongs to player {owner}, not to player {p}")
    refusal = act_refusal(state, kind)
    if refusal is not None:
        return refusal
    if any(state.self_loss_clause(e, owner) is None for _, e in state._iter_steps(c)):
        return None
    steps = state._steps(c)
    where = state._name(c)
    if steps:
        clause = state.self_loss_clause(steps[0][1], owner) or "LEAD-3.5"
        return Refusal(clause, f"every move or ability of the {kind} would leave your own Leader captured or surrounded")
    g = state.game.geometry
    if kind in R.ACTIVE and R.jailed(g, state.pieces, c) and not any(state.pieces[j] is None for j in g.nbrs[c]):
        return Refusal("LEAD-6.3", f"the {kind} is next to an enemy Jailer (no ability) and has no free adjacent cell")
    return Refusal("LEAD-2.2", f"the {kind} on {where} has no free adjacent cell and no usable ability")


def step_refusal(state: "LeadersState", c: int, action: Move | Ability) -> Refusal | None:
    """LEAD-2.2, LEAD-5, LEAD-6, LEAD-D1, LEAD-3.5 / LEAD-P1: None if ``action`` is a move or
    ability use of the character on ``c`` (from :meth:`LeadersState._steps`, the generator's
    table) that does not lose its own Leader (:meth:`LeadersState.self_loss_clause`); else why
    not."""
    g = state.game.geometry
    kind, owner = state.pieces[c]  # type: ignore[misc]
    steps = dict(state._steps(c))
    if action in steps:
        clause = state.self_loss_clause(steps[action], owner)
        if clause is None:
            return None
        after = R.apply_effect(state.pieces, steps[action])
        lc = state.leader_cell(owner)
        lc = next((b for a, b in steps[action] if a == lc), lc)
        how = R.leader_lost(g, after, lc, owner)
        if clause == "LEAD-3.5":
            return Refusal(clause, f"this would move your own Leader where it is {how}, which would end the game by "
                                   "itself; take another action")
        return Refusal(clause, f"this would leave your own Leader {how} (self_loss='any_action'); take another action")
    end = action.to if isinstance(action, Move) else action.target
    if state._cell(end) == c and (isinstance(action, Move) or action.verb in ENDS_ON_TARGET):
        return Refusal("LEAD-D1", f"the {kind} would end where it began: that changes nothing and is not an action")
    if isinstance(action, Move):
        dest = state._cell(action.to)
        if state.pieces[dest] is not None:
            return Refusal("LEAD-2.2", f"{action.to} is occupied; a character moves to a free adjacent cell")
        dist = g.board.distance(g.board.names[c], g.board.names[dest])
        vizier = state.where("Vizier")
        if kind in LEADERS and vizier >= 0 and state.pieces[vizier].owner == owner:  # type: ignore[union-attr]
            return Refusal("LEAD-6.5", f"with its Vizier the Leader moves up to two cells through free cells; "
                                       f"{action.to} is {dist} cells away or has no free path")
        return Refusal("LEAD-2.2", f"a character moves to an adjacent free cell; {action.to} is {dist} cells away"
                       + (" (an ability is written with its own verb)" if kind in R.ACTIVE else ""))
    user, clause = ABILITY_VERBS[action.verb]
    if kind != user:
        return Refusal(clause, f"only the {user} can '{action.verb}'; the acting character is the {kind}")
    if R.jailed(g, state.pieces, c):
        return Refusal("LEAD-6.3", f"the {kind} is next to an enemy Jailer and cannot use its ability (it may still move)")
    if action.verb in MOVES_OTHERS:
        t = state.pieces[state._cell(action.target)]
        if t is not None and t.owner != owner and R.protected(g, state.pieces, state._cell(action.target)):
            return Refusal("LEAD-6.4", f"the {t.kind} on {action.target} is a Protector or next to one: enemy "
                                       "abilities cannot move it")
    return Refusal(clause, f"{VERB_RULE[action.verb]}; '{action}' is not such a use from {state._name(c)}")


def recruit_refusal(state: "LeadersState", action: Recruit) -> Refusal | None:
    """LEAD-2.3, LEAD-7.1, LEAD-P1: None if ``action`` is one of the mover's legal
    recruitments (an available card onto free own recruitment cells, the Hermit & Cub onto two,
    the placement allowed by :meth:`LeadersState._safe_place`); else why not."""
    p = state.to_move
    refusal = unavailable(state, action.card, "LEAD-2.3", "recruited")
    if refusal is not None:
        return refusal
    if (action.card == "HermitCub") != bool(action.cell2):
        return Refusal("LEAD-7.1", "the Hermit & Cub card goes onto two recruitment cells ('recruit HermitCub CELL "
                                   "CELL'); every other card onto one")
    own = state.game.recruit_cells[p]
    for cell in action.cells:
        if state._cell(cell) not in own:
            names = ", ".join(sorted(state._name(c) for c in own))
            return Refusal("LEAD-2.3", f"{cell} is not one of player {p}'s recruitment cells ({names})")
        if state.pieces[state._cell(cell)] is not None:
            return Refusal("LEAD-2.3", f"recruitment cell {cell} is occupied")
    if action.cell2 and action.cell == action.cell2:
        return Refusal("LEAD-7.1", "the Hermit and the Cub go onto two different recruitment cells")
    placed = {state._cell(cell): R.Piece(piece, p) for cell, piece in zip(action.cells, ("Hermit", "Cub")
                                                                        if action.cell2 else (action.card,))}
    if state._safe_place(placed, state.leader_cell(p), p):
        return None
    # only the published FAQ's ban (LEAD-P1) restricts recruitment; the seed's LEAD-3.5 does not
    return Refusal("LEAD-P1", "placing it there would leave your own Leader captured or surrounded "
                              "(self_loss='any_action')")


def decision_refusal(state: "LeadersState", action: Action) -> Refusal | None:
    """None if ``action`` is legal at this decision, whose kind fits it (checked first by
    :func:`~boardkit.games.leaders.explain.phase_refusal`); else the refusal of the
    predicate that decides it."""
    if isinstance(action, Draw):  # LEAD-1.3: chance reveals a card still in the deck
        if action.card in state.deck:
            return None
        return Refusal("LEAD-1.3", f"{action.card} is not in the deck: the deck holds {', '.join(sorted(state.deck))}")
    if isinstance(action, FirstPlayer):  # LEAD-1.4: either seat, by chance
        return None
    if isinstance(action, Exile):  # LEAD-8.2
        return unavailable(state, action.card, "LEAD-8.2", "exiled")
    if isinstance(action, NemesisMove):  # LEAD-7.2
        n = state.where("Nemesis")
        ends = [state._name(j) for j in R.nemesis_ends(state.game.geometry, state.pieces, n)]
        if action.to in ends:
            return None
        return Refusal("LEAD-7.2", f"the Nemesis on {state._name(n)} moves two single steps through free cells and "
                                   f"may not end where it started; it can end on {', '.join(ends)}, not {action.to}")
    if isinstance(action, Recruit):
        return recruit_refusal(state, action)
    sel = state.selected
    if isinstance(action, Pass):
        if state.phase is Phase.RECRUIT:  # LEAD-D4
            if state.game.options.recruitment == "optional":
                return None
            return Refusal("LEAD-D4", "a recruitment is possible, so it must be made: the seed's Recruitment phase takes "
                                      "a card (only the Action phase says 'Non è obbligatorio'); recruitment='optional' "
                                      "lets a player decline it")
        if sel is None:  # LEAD-2.2: the Action phase may end at any time
            return None
        return Refusal("LEAD-D8", f"the {state.pieces[sel].kind} on {state._name(sel)} was chosen and must finish its "  # type: ignore[union-attr]
                                  "action first (step back in the history to choose otherwise)")
    if isinstance(action, Select):
        if sel is not None:
            return Refusal("LEAD-D8", f"the {state.pieces[sel].kind} on {state._name(sel)} is acting; a character's "  # type: ignore[union-attr]
                                      "action is complete before the next begins (LEAD-2.2)")
        return select_refusal(state, state._cell(action.cell))
    if isinstance(action, (Move, Ability)):
        if sel is None:
            return Refusal("LEAD-2.2", "choose the character that acts first ('select CELL')")
        return step_refusal(state, sel, action)
    return Refusal("LEAD-2.1", f"'{action}' is not a Leaders action")  # pragma: no cover - phase_refusal sorts kinds


__all__ = ["act_refusal", "decision_refusal", "recruit_refusal", "select_refusal", "step_refusal",
           "unavailable"]
