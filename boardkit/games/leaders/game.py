"""Leaders: two-player Leader capture with recruitable characters.

Source: seed ``002_b0cce2ad4dfbe125.txt`` (Italian), specified clause by clause in
``shared/rules/leaders.md`` and ``data/rules/leaders.yaml`` (LEAD-1.1 .. LEAD-10 and the
decisions LEAD-D1 ..). Players are 0 (Leader King, starts on d1) and 1 (Queen, d7).

The package's modules: ``spec`` (options, notation table, rules history), ``actions`` (the
actions and their forms), ``rules`` (pure move generation and end conditions), ``state`` (one
position: flow, legal actions, the rule path ``refuse``, applying, observations),
``position`` (positions both ways),
``legality`` (the predicates that both generate the legal actions and refuse the others),
``explain`` (phase-level refusals) and this module (the game and its board). Imports run one
way: game -> state -> legality, explain, position -> rules, actions.

>>> import boardkit
>>> s = boardkit.load_game("leaders", first_player=0).new_initial_state()
>>> while s.is_chance_node():
...     s.apply_action(s.legal_actions()[0])
>>> s.current_player(), [str(a) for a in s.legal_actions()]
(0, ['pass', 'select d1'])
"""

from __future__ import annotations

from typing import Any, Mapping

from boardkit.core.validate import shorten
from boardkit.core.boards import HexBoard, load_hex_board
from boardkit.core.game import Game, OptionError
from boardkit.core.notation import Vocabulary
from boardkit.core.validate import BoardkitDataError
from boardkit.games.leaders import rules as R
from boardkit.games.leaders.actions import CARDS, ActionValues
from boardkit.games.leaders.position import from_position
from boardkit.games.leaders.spec import RULES_HISTORY, SPEC  # noqa: F401
from boardkit.games.leaders.state import LEADER_OF, MARKET_SIZE, MAX_CARDS, LeadersState, Phase  # noqa: F401


class LeadersGame(Game):
    """Leaders rules with options (immutable).

    Options:
        expert: Expert mode, LEAD-8 (all characters face up, Exile). Default False.
        first_player: 0 or 1 to fix who takes the first turn; None (default) draws it by
            chance, LEAD-1.4.
        nemesis_trigger: ``"any"`` (default): every displacement of the enemy Leader makes the
            Nemesis react; ``"own_move"``: only the Leader's own move (LEAD-7.2).
        max_turns: stop the game after this many turns with no winner (returns 0, 0), for
            study and simulation; None (default) plays to the end as the rules do (LEAD-D7).
        exile_count: what Expert mode's second Exile counts (LEAD-8.2, LEAD-D6):
            ``"characters"`` (default, the seed: pieces, the Hermit and the Cub two) or
            ``"cards"`` (the Hermit & Cub one), which needs ``expert=True``.
        recruitment: ``"mandatory"`` (default, LEAD-D4): a player who can recruit must;
            ``"optional"``: ``pass`` declines a Recruitment phase.
        board: name or path of the board file (default ``"leaders"``, LEAD-9.4).

    Raises:
        OptionError: unknown option or value; ``exile_count="cards"`` without ``expert=True``
            (there is no Exile to count for, LEAD-8.2, LEAD-D6).
        BoardkitDataError: the board file is malformed or lacks the LEAD-9 cell sets.
    """

    spec = SPEC
    file_options = ("board",)  # a path is kept as absolute text; the file's hash is saved

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if self.options.max_turns is not None and self.options.max_turns < 1:
            raise OptionError(f"leaders: option max_turns={shorten(self.options.max_turns)} must be at least 1 (LEAD-D7)")
        if self.options.exile_count != "characters" and not self.options.expert:  # a non-default with no effect
            raise OptionError(f"leaders: option exile_count={shorten(self.options.exile_count)} counts for Expert "
                              f"mode's second Exile, and there is no Exile without expert=True (LEAD-8.2, LEAD-D6): "
                              f"give expert=True too, or leave exile_count at its default 'characters'")
        self.board: HexBoard = load_hex_board(self.options.board)
        self._record_files((self.board.source, self.board.sha256))
        for key in ("start_0", "start_1", "recruit_0", "recruit_1"):
            if key not in self.board.set_indices or not self.board.set_indices[key]:
                raise BoardkitDataError(f"{self.board.source}: sets.{key}: missing (LEAD-9.2, LEAD-9.3 need it)")
        if len(self.board.set_indices["start_0"]) != 1 or len(self.board.set_indices["start_1"]) != 1:
            raise BoardkitDataError(f"{self.board.source}: sets.start_0/start_1: exactly one start cell per side (LEAD-9.2)")
        if self.board.set_indices["start_0"] == self.board.set_indices["start_1"]:
            raise BoardkitDataError(f"{self.board.source}: sets.start_1: the same cell as start_0; the Leaders start apart (LEAD-9.2)")
        if set(self.board.set_indices["recruit_0"]) & set(self.board.set_indices["recruit_1"]):
            raise BoardkitDataError(f"{self.board.source}: sets.recruit_1: shares cells with recruit_0; each side recruits on its own side (LEAD-9.3)")
        self.geometry = R.Geometry(self.board)  # LEAD-9.1: six neighbours, lines along hex axes
        self.start = (self.board.set_indices["start_0"][0], self.board.set_indices["start_1"][0])
        self.recruit_cells = (self.board.set_indices["recruit_0"], self.board.set_indices["recruit_1"])
        self.made = ActionValues(self.board.names)  # every action value, made once
        start: list[R.Piece | None] = [None] * len(self.board.coords)
        for p in (0, 1):
            start[self.start[p]] = R.Piece(LEADER_OF[p], p)
        for p in (0, 1):
            lost = R.leader_lost(self.geometry, start, self.start[p], p)
            if lost:
                raise BoardkitDataError(
                    f"{self.board.source}: sets.start_{p}: the Leader would start {lost}, ending the game at once (LEAD-3.1)")

    def vocabularies(self) -> dict[str, Vocabulary]:
        """The notation's words besides cells and seats: ``{"card": CARDS}`` (LEAD-10)."""
        return {"card": CARDS}

    def new_initial_state(self) -> LeadersState:
        """Leaders on their start cells (LEAD-1.1); the market is drawn (LEAD-1.3) and the first
        player chosen (LEAD-1.4) by chance nodes, then Expert mode's Exile (LEAD-8.2)."""
        return LeadersState(self)

    def _state_from_position(self, description: str | Mapping[str, Any], study: bool = False) -> LeadersState:
        """A position for study; see :func:`boardkit.games.leaders.position.from_position`
        (the format, and the study positions ``study=True`` admits)."""
        return from_position(LeadersState(self), description, study=study)
