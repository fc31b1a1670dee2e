"""Leaders positions for study: a few readable lines instead of playing up to a position.

Example (YAML text or the same as a dict)::

    to_move: 0            # whose turn (default 0)
    first_player: 0       # who took the first turn (default 0)
    turn: 5               # turns started so far, this one included (default 5)
    phase: action         # action | recruit (default action)
    pieces:
      0: King d1, Archer c3, Assassin e2
      1: Queen d4, Protector d5
    acted: [Archer]       # characters of the player to move that already acted this turn
    market: [Rider, Vizier, Jailer]   # Discovery mode; fewer than 3 (or omitted): the
                                      # missing cards are drawn by chance first (LEAD-1.3)
    exiled: [Wanderer, Jailer]        # Expert mode only: 2, or 4 once both have 3 cards
    recruits_left: 2      # phase recruit only: Recruitment phases left this turn (default 1)
    selected: c3          # phase action only: the character chosen to act, mid-action (LEAD-D8)
    nemesis_pending: true # the Nemesis must make its forced move now (LEAD-7.2)
    exiling: [1]          # Expert mode: players still to exile a card, in order (LEAD-8.2)

Before the first turn write ``phase: setup`` and ``turn: 0`` (``first_player: null`` while it is
still to be drawn, LEAD-1.4). ``state.to_position()`` writes every field.

Study positions (``study=True``) may break two rules that play never breaks: a Leader already
captured or surrounded (LEAD-3.1) and more than five cards for a player (LEAD-2.5).

Character names are written as in notation (``RoyalGuard``; ``Royal Guard`` is read too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from boardkit.core.position import PositionReader
from boardkit.core.rules import IllegalPositionError
from boardkit.core.validate import BoardkitDataError, shorten
from boardkit.games.leaders import rules as R
from boardkit.games.leaders.actions import CARD_PIECES, LEADERS, PIECE_CARD, RECRUITABLE
from boardkit.games.leaders.rules import LEADER_OF, Phase, Piece

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.leaders.state import LeadersState

_LIST = {"type": "array", "items": {"type": "string"}}
_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["pieces"],
    "additionalProperties": False,
    "properties": {
        "to_move": {"type": "integer", "enum": [0, 1]},
        "first_player": {"enum": [0, 1, None]},
        "turn": {"type": "integer", "minimum": 0},
        "phase": {"enum": ["setup", "action", "recruit"]},
        "selected": {"type": ["string", "null"]},
        "nemesis_pending": {"type": "boolean"},
        "exiling": {"type": "array", "items": {"type": "integer", "enum": [0, 1]}, "maxItems": 2},
        "pieces": {
            "type": "object",
            "additionalProperties": False,
            "required": ["0", "1"],
            "properties": {
                "0": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
                "1": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
            },
        },
        "acted": _LIST,
        "market": _LIST,
        "exiled": _LIST,
        "recruits_left": {"type": "integer", "enum": [0, 1, 2]},
    },
}


def _read(state: "LeadersState", description: str | Mapping[str, Any]) -> PositionReader:
    """The description through the core reader; ``pieces`` as lists of ``'Kind cell'``."""
    r = PositionReader(state.game, description, _SCHEMA)
    for p in ("0", "1"):
        v = r.doc["pieces"][p]
        items = [x.strip() for x in v.split(",")] if isinstance(v, str) else v
        r.doc["pieces"][p] = [x for x in items if x]
    return r


def from_position(state: "LeadersState", description: str | Mapping[str, Any], study: bool = False) -> "LeadersState":
    """Build a validated Leaders position (see the module docstring for the format).

    Args:
        state: a fresh initial state of the game (its options say Discovery or Expert mode);
            it is overwritten with the position.
        description: YAML text or a mapping; it is copied (changing it later changes nothing).
        study: admit the study positions play never reaches: a Leader already captured or
            surrounded (LEAD-3.1), more than five cards (LEAD-2.5).

    Returns:
        LeadersState at that position; its ``to_json`` saves the description and what follows.

    Raises:
        BoardkitDataError: malformed description (names the field: ``pieces.0[1]``...).
        IllegalPositionError: a position the rules make impossible, naming the clause: a
            missing Leader (LEAD-1.1), a character twice (LEAD-10), the Hermit without the Cub
            (LEAD-7.1), more than five cards (LEAD-2.5), a Leader already captured or
            surrounded (LEAD-3.1), a market card also on the board (LEAD-1.3), a market in
            Expert mode (LEAD-8.1), exiles outside Expert mode or not 2 (4 once both players
            have three characters) in it (LEAD-8.2), an acted character
            that is not the mover's (LEAD-2.2), a selected character that cannot act
            (LEAD-D8), a pending Nemesis move without the Nemesis (LEAD-7.2), a turn past the
            game's ``max_turns`` cut-off (LEAD-D7). The refusals of study positions say
            "use study=True".
    """
    r = _read(state, description)
    doc = r.doc
    game = state.game
    expert = game.options.expert
    board = game.board
    state.pieces = [None] * len(board.coords)
    state.cards = [[], []]
    seen: dict[str, str] = {}
    for p in (0, 1):
        for j, item in enumerate(doc["pieces"][str(p)]):
            words = item.split()
            where = f"position: pieces.{p}[{j}] {shorten(item)}"
            if len(words) < 2:
                raise BoardkitDataError(f"{where}: expected 'Kind cell', e.g. 'Archer c3'")
            parts = ["".join(words[:-1]), words[-1]]  # 'Royal Guard c2' -> RoyalGuard, c2
            kind = next((k for k in PIECE_CARD if k.lower() == parts[0].lower()), None)
            if kind is None:
                card = next((k for k in CARD_PIECES if k.lower() == parts[0].lower() and len(CARD_PIECES[k]) > 1), None)
                hint = "" if card is None else (f" (the {card} card is {len(CARD_PIECES[card])} characters, each on its "
                                                f"cell: " + ", ".join(f"'{k} CELL'" for k in CARD_PIECES[card]) + ")")
                raise BoardkitDataError(f"{where}: unknown character {shorten(parts[0])}{hint}; characters: "
                                        f"{', '.join(PIECE_CARD)}")
            c = r.cell(f"pieces.{p}[{j}] {shorten(item)}", parts[1])
            if kind in seen:
                raise IllegalPositionError("LEAD-10", f"there is one {kind}; it is listed twice ({seen[kind]} and {shorten(item)})")
            if state.pieces[c] is not None:
                raise IllegalPositionError("LEAD-2.2", f"two characters on {parts[1]} ({state.pieces[c].kind} and {kind})")  # type: ignore[union-attr]
            if kind in LEADERS and kind != LEADER_OF[p]:
                raise IllegalPositionError("LEAD-1.1", f"player {p}'s Leader is the {LEADER_OF[p]}, not the {kind}")
            seen[kind] = item
            state.pieces[c] = Piece(kind, p)
            state._locs = None
            card = PIECE_CARD[kind]
            if card not in state.cards[p]:
                state.cards[p].append(card)
    for p in (0, 1):
        if LEADER_OF[p] not in seen:
            raise IllegalPositionError("LEAD-1.1", f"player {p} has no Leader ({LEADER_OF[p]}) on the board")
        state.cards[p].sort(key=lambda c: c not in LEADERS)  # Leader first, then as listed (recruitment order)
        if len(state.cards[p]) > 5 and not study:
            raise IllegalPositionError("LEAD-2.5", f"player {p} holds {len(state.cards[p])} cards; recruitment stops at "
                                                   "five (a study position: use study=True)")
    if ("Hermit" in seen) != ("Cub" in seen):
        raise IllegalPositionError("LEAD-7.1", "the Hermit and the Cub are one card: both are on the board or neither")
    if ("Hermit" in seen) and state.pieces[state.where("Hermit")].owner != state.pieces[state.where("Cub")].owner:  # type: ignore[union-attr]
        raise IllegalPositionError("LEAD-7.1", "the Hermit and the Cub are one card and belong to the same player")
    g = game.geometry
    for p in (0, 1):
        lost = R.leader_lost(g, state.pieces, state.leader_cell(p), p)
        if lost and not study:
            raise IllegalPositionError("LEAD-3.1", f"player {p}'s Leader is already {lost}: the game would have ended "
                                                   "(a study position: use study=True)")
    on_board = set(state.cards[0]) | set(state.cards[1])
    market = [_card(m, "market") for m in doc.get("market", [])]
    exiled = [_card(m, "exiled") for m in doc.get("exiled", [])]
    if expert and "market" in doc:
        raise IllegalPositionError("LEAD-8.1", "Expert mode has no market: every character not taken or exiled is available")
    if not expert and exiled:
        raise IllegalPositionError("LEAD-8.2", "Exile exists only in Expert mode (option expert=True)")
    if len(market) > 3 or len(set(market)) != len(market):
        raise IllegalPositionError("LEAD-1.3", f"the market holds at most three different cards, not {market}")
    for m in market + exiled:
        if m in on_board:
            raise IllegalPositionError("LEAD-10", f"the {m} is on the board, so it cannot also be in the market or exiled")
    if set(market) & set(exiled) or len(set(exiled)) != len(exiled):
        raise IllegalPositionError("LEAD-10", "a card is listed twice across market and exiled")
    if expert:
        need = 4 if state.both_have_three() else 2  # LEAD-8.2, LEAD-D6
        if doc.get("first_player", 0) is None:
            need = 0  # LEAD-1.4 before LEAD-8.2: the first Exile round follows the draw of the first player
        exiling = doc.get("exiling", [])
        if len(exiled) + len(exiling) != need or len(set(exiling)) != len(exiling):
            raise IllegalPositionError(
                "LEAD-8.2", f"in Expert mode one card each is exiled before the first turn and one each again once both "
                            f"players have three characters: this position needs exactly {need} exiled cards, not "
                            f"{len(exiled)}" + (f" with players {exiling} still to exile" if exiling else ""))
    elif doc.get("exiling"):
        raise IllegalPositionError("LEAD-8.2", "Exile exists only in Expert mode (option expert=True)")
    state.market = market
    state.deck = set() if expert else set(RECRUITABLE) - on_board - set(market)
    state.exiled = exiled
    state.first = doc.get("first_player", 0)
    state.to_move = doc.get("to_move", 0)
    state.phase = Phase(doc.get("phase", "action"))
    state.turn = r.turns("turn", doc.get("turn", 0 if state.phase is Phase.SETUP else 5), "LEAD-D7")
    state.exile_queue = list(doc.get("exiling", []))
    state.second_exile_done = state.both_have_three()
    if (state.phase is Phase.SETUP) != (state.turn == 0):
        raise IllegalPositionError("LEAD-2.1", f"turn {state.turn} in phase {state.phase.value}: turn 0 is the setup "
                                               "before the first turn, and only it")
    if state.first is None and (state.phase is not Phase.SETUP or state.exile_queue):
        raise IllegalPositionError("LEAD-1.4", "the first player is drawn before the first turn and before any Exile; "
                                               "give first_player")
    if state.exile_queue and state.exile_queue[0] != state.first and len(state.exile_queue) == 2:
        raise IllegalPositionError("LEAD-8.2", f"the first player (player {state.first}) exiles first")
    if state.turn == 1 and state.to_move != state.first:
        raise IllegalPositionError("LEAD-1.4", f"turn 1 is the first player's (player {state.first}), not player {state.to_move}'s")
    acted: list[str] = []
    for a in doc.get("acted", []):
        kind = next((k for k in PIECE_CARD if k.lower() == a.replace(" ", "").lower()), a)
        c = state.where(kind)
        if c < 0 or state.pieces[c].owner != state.to_move:  # type: ignore[union-attr]
            raise IllegalPositionError("LEAD-2.2", f"acted: {shorten(a)} is not a character of player {state.to_move} on the board")
        if kind == "Nemesis":
            raise IllegalPositionError("LEAD-7.2", "acted: the Nemesis never acts in the Action phase")
        if kind in acted:
            raise IllegalPositionError("LEAD-2.2", f"acted: the {kind} is listed twice; a character acts at most once a turn")
        acted.append(kind)
    state.acted = acted
    if "recruits_left" in doc and state.phase != "recruit":
        raise BoardkitDataError("position: recruits_left: only meaningful with phase: recruit")
    if state.phase == "recruit":
        state.recruits_left = doc.get("recruits_left", 1)
    selected = doc.get("selected")
    if selected is not None:
        c = r.cell("selected", selected)
        pc = state.pieces[c]
        if state.phase is not Phase.ACTION or pc is None or pc.owner != state.to_move or pc.kind == "Nemesis" \
                or pc.kind in acted:
            raise IllegalPositionError("LEAD-D8", f"selected: {selected} holds no character of player {state.to_move} "
                                                  "that may act now in the Action phase")
        state.selected = c
    if doc.get("nemesis_pending"):
        if state.where("Nemesis") < 0 or state.phase is Phase.SETUP:
            raise IllegalPositionError("LEAD-7.2", "nemesis_pending: the Nemesis reacts only when it is on the board")
        state.nemesis_pending = True
    state._locs = None
    return r.finish(state)


def to_position(state: "LeadersState") -> dict[str, Any]:
    """The description of ``state`` that :func:`from_position` reads back (JSON-ready).

    A position built with ``study=True`` is written the same way and read back with it. Pieces
    are listed in the order their cards were recruited (the Leader first), which is the order
    the position reads back.

    Raises:
        ValueError: the game is over (a finished game is no position to play from).
    """
    if state.phase is Phase.OVER:
        raise ValueError(f"the game is over ({state.end_reason}); a finished game is not a position")
    names = state.game.board.names
    pieces: dict[str, str] = {}
    for p in (0, 1):
        own = [(pc.kind, names[i]) for i, pc in enumerate(state.pieces) if pc is not None and pc.owner == p]
        order = {card: k for k, card in enumerate(state.cards[p])}
        own.sort(key=lambda kc: (order.get(PIECE_CARD[kc[0]], len(order)), kc[0]))
        pieces[str(p)] = ", ".join(f"{kind} {cell}" for kind, cell in own)
    doc: dict[str, Any] = {
        "to_move": state.to_move,
        "first_player": state.first,
        "turn": state.turn,
        "phase": state.phase.value,
        "pieces": pieces,
        "acted": list(state.acted),
    }
    if state.game.options.expert:
        doc["exiled"] = list(state.exiled)
        doc["exiling"] = list(state.exile_queue)
    else:
        doc["market"] = list(state.market)
    if state.phase is Phase.RECRUIT:
        doc["recruits_left"] = state.recruits_left
    if state.selected is not None:
        doc["selected"] = names[state.selected]
    if state.nemesis_pending:
        doc["nemesis_pending"] = True
    return doc


def _card(text: str, field: str) -> str:
    key = text.replace(" ", "").replace("&", "").replace("_", "").lower()
    for c in CARD_PIECES:
        if c.lower() == key:
            if c in LEADERS:
                raise IllegalPositionError("LEAD-1.1", f"{field}: the {c} is a Leader card, never recruited or exiled")
            return c
    raise BoardkitDataError(f"position: {field}: unknown card {shorten(text)}; cards: {', '.join(RECRUITABLE)}")
