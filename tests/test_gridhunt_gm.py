"""The game master's desk (boardkit.games.gridhunt.gm): one message per player and round
(GRID-D15), a silent player (GRID-D16), amending and withdrawing (GRID-D17), teams of any number
with chosen membership (GRID-1.2, GRID-D12), any number of players on a grid that fits
(GRID-D14), reports from what a seat or the public may know, the desk saved and read back
mid-round; and positions with a death not yet told (GRID-D9) read back in every phase."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import boardkit
from boardkit import IllegalActionError, NotationError, OptionError
from boardkit.core.validate import BoardkitDataError
from boardkit.games.gridhunt.game import fitting_size
from boardkit.games.gridhunt.gm import GameMaster, MessageError, split_message
from boardkit.viz.gridhunt import FULL_VIEW_LABEL, state_svg

from gridhunt_helpers import position

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hu"]
START = ["b5", "e5", "h7", "c9", "j5", "e11", "l7", "g2"]


def desk(seed: int = 1, **options: Any) -> GameMaster:
    g = boardkit.load_game("gridhunt", layout="arena12", turn_order="simultaneous", **options)
    s = g.new_initial_state()
    for p, c in enumerate(START):
        s.apply_action(f"start {p} {c}")
    return GameMaster(s, names=NAMES, seed=seed)


def test_GRID_D12_teams_of_any_number_and_chosen_membership():
    assert boardkit.load_game("gridhunt", teams=3).teams == (0, 1, 2, 0, 1, 2, 0, 1)
    g = boardkit.load_game("gridhunt", players=9, team_of="red red blue, blue green green green red solo")
    assert g.teams == (0, 0, 1, 1, 2, 2, 2, 0, 3) and g.team_names == ("red", "blue", "green", "solo")
    assert boardkit.load_game("gridhunt", teams=2, team_of="a b a b a b a b").teams == (0, 1) * 4
    for bad, match in ((dict(teams=1), "GRID-1.2"), (dict(teams=5), "GRID-1.2"), (dict(team_of="a b"), "GRID-D12"),
                       (dict(team_of="a " * 8), "GRID-1.2"), (dict(teams=3, team_of="a b a b a b a b"), "GRID-D12")):
        with pytest.raises(OptionError, match=match):
            boardkit.load_game("gridhunt", **bad)


def test_GRID_D12_chosen_teammates_never_kill_each_other():
    """GRID-1.4 with team_of: seat 0 and seat 1 are one team, so a shot of 0 at 1 has no effect."""
    s = position({0: "b2", 1: "b3"}, phase="shot", options={"team_of": "x x y y z z z y"})
    assert s.mates(0, 1) and not s.mates(0, 2)
    s.apply_action("shoot b3")
    assert s.alive[1]


def test_GRID_D14_the_grid_fits_the_players():
    assert [fitting_size(n) for n in (8, 16, 17, 18, 19, 75)] == [12, 12, 13, 13, 14, 26]
    assert boardkit.load_game("gridhunt").size == 12
    assert boardkit.load_game("gridhunt", players=20).size == 14
    assert boardkit.load_game("gridhunt", players=20, size=20).size == 20  # a side given is taken as given
    with pytest.raises(OptionError, match="GRID-1.2"):
        boardkit.load_game("gridhunt", players=76)
    g = boardkit.load_game("gridhunt", players=17, turn_order="simultaneous")
    s = g.new_initial_state()
    rng = random.Random(0)
    while s.is_chance_node():
        s.apply_action(boardkit.sample_chance(s, rng))
    assert s.current_players() == list(range(17)) and s.legal_actions(16)
    assert str(s.parse_action("turn 16")) == "turn 16"


def test_GRID_D15_one_message_move_and_shot():
    assert split_message("Move b6 b7 a7, shoot a8") == ("move b6 b7 a7", "shoot a8")
    assert split_message("move b6 b7 a7 shoot a8") == ("move b6 b7 a7", "shoot a8")
    assert split_message("move b6\nshoot none") == ("move b6", "shoot none")
    assert split_message("move b4") == ("move b4", "shoot none")
    for bad in ("shoot a8", "move b4, move b5", "move b4, shoot a1, shoot a2", "run b4", ""):
        with pytest.raises(MessageError, match="GRID-D15"):
            split_message(bad)
    gm = desk()
    with pytest.raises(IllegalActionError, match="GRID-3.1"):
        gm.receive("Di", "move d9 e10, shoot e11")  # a diagonal step, refused with its clause
    with pytest.raises(IllegalActionError, match="GRID-2.1"):
        gm.receive("Di", "move d9, shoot z9")
    assert "Di" in gm.waiting()


def test_GRID_D15_a_shot_that_no_longer_fits_is_void_and_told():
    """Cy's path runs into the hidden wall h4 (GRID-3.3): it stops on h5, and its shot at g4
    (next to where it meant to end) is no longer a neighbour: void, and its report says why."""
    gm = desk()
    for who in NAMES:
        gm.receive(who, "move h6 h5 h4 g4, shoot g3" if who == "Cy" else
                   {"Ana": "move b6", "Bo": "move e4", "Di": "move d9", "Ed": "move k5", "Flo": "move e12",
                    "Gus": "move l6", "Hu": "move g3"}[who])
    rec = gm.resolve()
    assert rec.void_shots == {2: "[GRID-4.1] g3 is not one of the 4 orthogonal neighbours of your cell h5"}
    assert "your shot was not fired: [GRID-4.1]" in gm.private_report("Cy").text()
    assert "h4" in gm.public_report().text()  # the wall that stopped Cy is public (GRID-3.3)


def test_GRID_D16_a_silent_player_gets_a_random_order_of_its_own():
    gm = desk()
    for who in NAMES[:-1]:
        gm.receive(who, "move " + str(gm.state.legal_actions(gm.seat(who))[0]).split(" ", 1)[1])
    legal = {str(a) for a in gm.state.legal_actions(7)}
    rec = gm.resolve()
    assert list(rec.silent) == [7] and rec.silent[7] in legal and 7 not in rec.messages
    assert "you sent no orders: the GM gave" in gm.private_report("Hu").text()


def test_GRID_D16_option_wait():
    gm = desk(silent="wait")
    gm.receive("Ana", "move b6")
    with pytest.raises(MessageError, match="GRID-D16.*Bo"):
        gm.resolve()
    assert gm.state.phase == "orders" and not gm.state.orders  # nothing half-done


def test_GRID_D17_amend_and_withdraw_until_the_round_resolves():
    gm = desk()
    assert gm.receive("Ana", "move b6 b7 a7, shoot a8").version == 1
    m = gm.receive(0, "move b4")
    assert (m.move, m.shot, m.version) == ("move b4", "shoot none", 2)
    gm.withdraw("Ana")
    assert "Ana" in gm.waiting()
    with pytest.raises(MessageError, match="no message"):
        gm.withdraw("Ana")
    gm.receive("Ana", "move b4")
    gm.receive("Ana", "move b6")
    for who in NAMES[1:]:
        gm.receive(who, "move " + str(gm.state.legal_actions(gm.seat(who))[0]).split(" ", 1)[1])
    gm.resolve()
    assert "move b6" in [str(a) for a in gm.state.history(0)] and "move b4" not in [str(a) for a in gm.state.history(0)]
    assert "(message 2)" in gm.private_report("Ana").text()
    with pytest.raises(MessageError):
        gm.receive("Nobody", "move b4")


def test_a_report_for_an_unknown_player_says_so_before_any_round_is_resolved():
    gm = desk()
    with pytest.raises(MessageError) as err:
        gm.private_report("Zed")
    assert "Zed" in str(err.value) and "no round" not in str(err.value)
    with pytest.raises(ValueError, match="no round"):
        gm.private_report("Ana")


class _SeatOnly:
    """A state seen through one door: a seat's observation, the public one and the options."""

    def __init__(self, state: Any, seat: int | None) -> None:
        self._s, self._seat = state, seat
        self.n, self.game = state.n, state.game

    def observation(self, p: int) -> Any:
        assert p == self._seat, f"the report of seat {self._seat} read seat {p}'s observation"
        return self._s.observation(p)

    def public_observation(self) -> Any:
        return self._s.public_observation()


def test_reports_read_only_what_the_seat_or_the_public_knows():
    """GRID-5, GRID-D9: a private report is made from the seat's observation only, the public
    report from the public observation only (any other read of the state fails here)."""
    gm = desk()
    for who in NAMES:
        gm.receive(who, "move " + str(gm.state.legal_actions(gm.seat(who))[-1]).split(" ", 1)[1])
    gm.resolve()
    real = gm.state
    rec = gm.rounds[-1]
    for p in range(8):
        gm.state = _SeatOnly(real, p)  # type: ignore[assignment]
        assert gm._private(p, rec) == rec.private[p]
    gm.state = _SeatOnly(real, None)  # type: ignore[assignment]
    assert gm._public(rec) == rec.public
    for fmt in ("text", "markdown", "html"):
        assert "Round 1, public report" in getattr(rec.public, fmt)()


def test_the_desk_saved_mid_round_reads_back_and_plays_on_alike():
    a = desk(seed=4, teams=3)
    a.receive("Ana", "move b6, shoot b7")
    a.receive("Bo", "move e4")
    a.receive("Bo", "move e6")
    b = GameMaster.from_json(a.to_json())
    assert b.to_json() == a.to_json() and b.inbox[1].version == 2
    for gm in (a, b):
        for who in gm.waiting():
            gm.receive(who, "move " + str(gm.state.legal_actions(gm.seat(who))[0]).split(" ", 1)[1])
        gm.resolve_moves()
    c = GameMaster.from_json(a.to_json())  # between the moves and the shots
    for gm in (a, b, c):
        gm.resolve_shots()
    assert a.to_json() == b.to_json() == c.to_json()
    assert a.private_report("Bo").text() == c.private_report(1).text()
    with pytest.raises(BoardkitDataError, match="format"):
        GameMaster.from_json(json.dumps({"format": "x"}))


def test_GRID_D9_a_saved_round_with_an_untold_death_reads_back():
    """GRID-D9: a player killed by a move is told dead only when the round ends; until then it
    is still drawn and gives its (void) shot. Positions saved then read back (they were refused:
    'seat 1 is dead or gave no order')."""
    s = position({0: "b2", 1: "b4"}, phase="orders", options={"turn_order": "simultaneous"})
    for p in s.current_players():
        s.apply_action("move b3 b4" if p == 0 else s.legal_actions(p)[0], player=p)
    s.apply_action("turn 0")  # 0 lands on 1: 1 dies, not yet told
    assert not s.alive[1] and s.told_alive(1) and 1 in s.pending
    g = s.game
    t = g.state_from_position(s.to_position())
    assert t.to_position() == s.to_position()
    for st in (s, t):
        while st.phase == "resolve":
            st.apply_action(f"turn {st.pending[0]}")
    assert s.phase == "shots" and 1 in s.current_players()
    s.apply_action("shoot none", player=1)  # the dead player's shot, void
    t.apply_action("shoot none", player=1)
    u = g.state_from_position(s.to_position())
    for st in (s, t, u):
        for p in st.current_players():
            st.apply_action("shoot none", player=p)
    assert s.to_position() == t.to_position() == u.to_position()
    assert (1, 1) in s.told_deaths()


def test_a_state_picture_is_labelled_as_the_full_view():
    s = position({0: "b2"})
    svg = state_svg(s)
    assert FULL_VIEW_LABEL in svg and "full view (game master)" in svg


def test_GRID_D9_a_dead_players_report_does_not_say_where_it_died():
    """Bo is killed on its start cell b4 before its move resolves; its shot, judged from b4, is
    void, but its report does not say so (that would tell where it died, GRID-D9)."""
    for seed in range(20):
        s = position({0: "b2", 1: "b4"}, phase="orders", options={"turn_order": "simultaneous"})
        gm = GameMaster(s, seed=seed)
        gm.receive(0, "move b3 b4")
        gm.receive(1, "move b5, shoot a5")
        for p in gm.waiting():
            gm.receive(p, "move " + str(s.legal_actions(gm.seat(p))[0]).split(" ", 1)[1])
        rec = gm.resolve()
        if 1 in rec.void_shots:
            break
    assert not s.alive[1] and rec.void_shots[1].startswith("[GRID-4.1]")
    report = gm.private_report(1).text()
    assert "you were killed in round 1" in report and "not fired" not in report and "b4" not in report


def _all_send(gm: GameMaster) -> None:
    for who in gm.waiting():
        gm.receive(who, "move " + str(gm.state.legal_actions(gm.seat(who))[0]).split(" ", 1)[1])


def test_GRID_D17_resolve_shots_only_after_the_moves_and_nothing_changes_otherwise():
    gm = desk()
    gm.receive("Ana", "move b6, shoot b7")
    before = gm.to_json()
    with pytest.raises(MessageError, match=r"no round to resolve now \(phase orders\)"):
        gm.resolve_shots()
    assert gm.to_json() == before and gm.inbox[0].shot == "shoot b7" and not gm.rounds
    _all_send(gm)
    gm.resolve_moves()
    with pytest.raises(MessageError, match=r"no round to resolve now \(phase shots\)"):
        gm.resolve_moves()
    gm.resolve_shots()
    with pytest.raises(MessageError, match=r"no round to resolve now \(phase orders\)"):
        gm.resolve_shots()
    assert [r.round for r in gm.rounds] == [1]


def test_GRID_D10_after_the_end_every_desk_method_is_refused_and_changes_nothing():
    gm = desk(max_turns=8)  # GRID-D10: the cut-off after one round of 8 turns
    _all_send(gm)
    gm.resolve()
    assert gm.state.phase == "over"
    before = gm.to_json()
    for call in (gm.resolve, gm.resolve_moves, gm.resolve_shots, lambda: gm.receive("Ana", "move b6"),
                 lambda: gm.withdraw("Ana")):
        with pytest.raises(MessageError, match="phase over"):
            call()
    assert gm.to_json() == before and len(gm.rounds) == 1


def test_GRID_D17_no_withdrawal_once_the_moves_are_resolved():
    gm = desk()
    gm.receive("Ana", "move b6, shoot b7")
    _all_send(gm)
    gm.resolve_moves()
    with pytest.raises(MessageError, match=r"Ana: no message can be withdrawn now \(phase shots\).*GRID-D17"):
        gm.withdraw("Ana")
    with pytest.raises(MessageError, match="phase shots"):
        gm.receive("Ana", "move b6")
    assert gm.inbox[0].shot == "shoot b7"
    rec = gm.resolve_shots()
    assert "shoot b7" in [str(a) for a in gm.state.history(0)] and rec.messages[0].shot == "shoot b7"


def _saved_after_one_round() -> dict[str, Any]:
    gm = desk(seed=2)
    _all_send(gm)
    gm.resolve()
    gm.receive("Ana", "move " + str(gm.state.legal_actions(0)[0]).split(" ", 1)[1])
    return json.loads(gm.to_json())


def _corrupt(doc: dict[str, Any], path: str, value: Any) -> str:
    doc = json.loads(json.dumps(doc))
    *head, last = path.split("/")
    node: Any = doc
    for part in head:
        node = node[int(part)] if isinstance(node, list) else node[part]
    node[int(last) if isinstance(node, list) else last] = value
    return json.dumps(doc)


@pytest.mark.parametrize("path, value, match", [
    ("inbox/0/version", 10 ** 7, r"inbox\[0\]\.version"),
    ("inbox/0/version", 0, r"inbox\[0\]\.version"),
    ("inbox/0/version", -1, r"inbox\[0\]\.version"),
    ("inbox/0/version", 1.5, r"inbox\[0\]\.version"),
])
def test_GRID_D17_a_saved_message_version_is_checked_not_looped(path: str, value: Any, match: str) -> None:
    with pytest.raises(BoardkitDataError, match=match):
        GameMaster.from_json(_corrupt(_saved_after_one_round(), path, value))


def test_GRID_D17_a_saved_desk_keeps_the_version_and_one_message_per_seat():
    doc = _saved_after_one_round()
    good = _corrupt(doc, "inbox/0/version", 7)
    assert GameMaster.from_json(good).inbox[0].version == 7
    doc["inbox"].append(dict(doc["inbox"][0]))
    with pytest.raises(BoardkitDataError, match=r"inbox\[1\]\.seat: a second message of seat 0"):
        GameMaster.from_json(json.dumps(doc))


@pytest.mark.parametrize("path, value, match", [
    ("rounds/0/silent", [], r"rounds\[0\]\.silent"),
    ("rounds/0/private", [], r"rounds\[0\]\.private"),
    ("rounds/0/private/0", [], r"rounds\[0\]\.private\.0"),
    ("rounds", {"a": 1}, r"rounds: .*array"),
    ("current", None, r"current: .*object"),
    ("names", 5, r"names: .*array"),
    ("names", None, r"names: .*array"),
    ("seed", {"a": 1}, r"seed: "),
    ("rounds/0/round", 99, r"rounds\[0\]\.round: 99"),
    ("rounds/0/round", 0, r"rounds\[0\]\.round"),
    ("rounds/0/messages/0/seat", 99, r"rounds\[0\]\.messages\[0\]\.seat: seat 99"),
    ("rounds/0/messages/0/round", 2, r"rounds\[0\]\.messages\[0\]\.round"),
    ("rounds/0/private/99", ["x"], r"rounds\[0\]\.private\.99: seat '99'"),
    ("rounds/0/public", "abc", r"rounds\[0\]\.public"),
    ("current/round", 5, r"current\.round: 5"),
    ("inbox/0/seat", 99, r"inbox\[0\]\.seat: seat 99"),
])
def test_a_corrupt_saved_desk_is_refused_naming_the_field(path: str, value: Any, match: str) -> None:
    with pytest.raises(BoardkitDataError, match=match) as info:
        GameMaster.from_json(_corrupt(_saved_after_one_round(), path, value), source="desk.json")
    assert str(info.value).startswith("desk.json: ")


@pytest.mark.parametrize("mine_blocks_shot, line", [
    (False, "blocked by a mine: you do not move next round (GRID-3.5)"),
    (True, "blocked by a mine: next round you neither move nor shoot (GRID-3.5, GRID-D19)"),
])
def test_GRID_D19_the_report_tells_a_blocked_player_what_the_mine_stops(mine_blocks_shot: bool, line: str) -> None:
    gm = desk(teams=2, mine_blocks_shot=mine_blocks_shot)
    gm.receive("Ana", "move b6 c6 c7 d7")  # d7 holds a mine (GRID-2.4)
    _all_send(gm)
    gm.resolve()
    assert gm.state.observation(0)["you"]["idle"]
    assert f"you are {line}" in gm.private_report("Ana").lines
    mate = "teammate Ana is " + line.replace("you do", "it does").replace("you neither move nor shoot",
                                                                          "it neither moves nor shoots")
    assert mate in gm.private_report("Cy").lines
    assert not any("blocked" in x for x in gm.private_report("Bo").lines)  # not of Ana's team


def test_GRID_1_3_the_report_gives_what_teammates_share():
    """GRID-1.3, GRID-D5: with team_shares_vision a seat knows where its teammates stand (a move
    onto one is refused), so its report says so; without it, nothing of them."""
    gm = desk(teams=2)
    gm.receive("Ana", "move b6 c6 c7 d7")
    _all_send(gm)
    gm.resolve()
    cy = gm.private_report("Cy").lines
    where = gm.state.observation(2)["team_views"]["0"]["position"]
    assert f"teammate Ana is on {where}" in cy and "teammate Ana landed on d7: mine" in cy
    assert "from d7 (radius 1) teammate Ana sees nobody" in cy
    assert not any("teammate Bo" in x for x in cy)  # Bo is of the other team
    alone = desk(teams=2, team_shares_vision=False)
    alone.receive("Ana", "move b6 c6 c7 d7")
    _all_send(alone)
    alone.resolve()
    assert not any(x.startswith("teammate") for x in alone.private_report("Cy").lines)


def _set_up(**options: Any) -> Any:
    s = boardkit.load_game("gridhunt", layout="arena12", turn_order="simultaneous", **options).new_initial_state()
    for p, c in enumerate(START):
        s.apply_action(f"start {p} {c}")
    return s


@pytest.mark.parametrize("bad", ["Ana, Bo", " Ana", "Ana ", "Ana\n- Bo wins", "<b>Ana</b>", "*Ana*", "A" * 41, "-Ana"])
def test_GRID_D6_a_name_that_would_forge_a_report_line_is_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="GameMaster: names: ") as info:
        GameMaster(_set_up(), names=[bad, *NAMES[1:]])
    assert repr(bad)[:20] in str(info.value)


def test_GRID_D6_names_with_letters_digits_and_inner_punctuation_are_taken():
    names = ["Zoé", "Jean-Luc", "O'Neil", "bo_2", "Mr. X", "Di", "Ed", "Hu"]
    assert GameMaster(_set_up(), names=names).names == tuple(names)


@pytest.mark.parametrize("kwargs, match", [
    (dict(names=5), r"names: a list of one name per seat \(8\), not 5"),
    (dict(names="AnaBoCy"), "names: a list"),
    (dict(seed=object()), "seed: a whole number, a text or None"),
    (dict(seed=1.5), "seed: "),
    (dict(seed=True), "seed: "),
])
def test_GRID_D6_desk_arguments_are_checked(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        GameMaster(_set_up(), **kwargs)


def test_GRID_D6_the_desk_takes_only_a_gridhunt_state():
    for bad in ("foo", boardkit.load_game("leaders").new_initial_state()):
        with pytest.raises(ValueError, match="GameMaster: state: a gridhunt game's state"):
            GameMaster(bad)  # type: ignore[arg-type]
    gm = GameMaster(_set_up(), seed=None)
    assert GameMaster.from_json(gm.to_json()).seed is None


def test_GRID_D15_a_refused_message_names_the_player_and_keeps_the_error_and_clause():
    gm = desk()
    with pytest.raises(IllegalActionError, match=r"^Bo: \[GRID-3\.1\]") as info:
        gm.receive("Bo", "move e5 e7")
    assert info.value.clause == "GRID-3.1" and info.value.reason
    with pytest.raises(NotationError, match=r"^Bo: 'shoot z99': 'z99' is not a cell"):
        gm.receive("Bo", "move e4, shoot z99")
    with pytest.raises(MessageError, match=r"^Bo: .*GRID-D15"):
        gm.receive(1, "run e4")
    assert not gm.inbox


def test_GRID_D17_amendments_stop_at_the_bound_a_saved_desk_reads():
    from dataclasses import replace

    from boardkit.games.gridhunt.gm import MAX_VERSION

    gm = desk()
    gm.inbox[0] = replace(gm.receive("Ana", "move b6"), version=MAX_VERSION)
    assert GameMaster.from_json(gm.to_json()).inbox[0].version == MAX_VERSION
    with pytest.raises(MessageError, match=f"Ana: {MAX_VERSION} messages in round 1 already"):
        gm.receive("Ana", "move b4")
    assert gm.inbox[0].move == "move b6"


def test_the_desk_refuses_a_state_with_unrecorded_actions_at_once():
    """A state played with random_step (apply_unchecked) keeps no history, so the desk could
    never be saved: refused when the desk is made, naming the count and the two ways out."""
    import random

    g = boardkit.load_game("gridhunt", turn_order="simultaneous")
    s, rng = g.new_initial_state(), random.Random(1)
    while s.is_chance_node():
        boardkit.random_step(s, rng)
    assert s.unrecorded > 0
    with pytest.raises(ValueError, match=rf"^GameMaster: state: {s.unrecorded} action\(s\) were applied by "
                                         rf"apply_unchecked or random_step.*apply_action.*state_from_position"):
        GameMaster(s)
    gm = GameMaster(g.state_from_position(s.to_position()), names=NAMES)  # the way out it names
    assert GameMaster.from_json(gm.to_json()).state.to_position() == s.to_position()


def _one_round(silent: bool = False) -> dict[str, Any]:
    """A desk after one resolved round (Ana's shot at b7 void: her move ends on b4, GRID-D15),
    everyone else silent or sending its first order."""
    gm = desk(seed=2)
    gm.receive("Ana", "move b4, shoot b7")
    if not silent:
        _all_send(gm)
    gm.resolve()
    return json.loads(gm.to_json())


@pytest.mark.parametrize("path, value, match", [
    ("rounds/0/private/1/1", "You see Ana on a1.", r"rounds\[0\]\.private\.1 \(round 1\): line 1 is 'You see Ana"),
    ("rounds/0/private/3", ["Round 1, private report for Di", "you are on a1"], r"rounds\[0\]\.private\.3 \(round 1\)"),
    ("rounds/0/public", ["Round 1", "Bo died"], r"rounds\[0\]\.public \(round 1\): line 0 is 'Round 1'"),
    ("rounds/0/public/2", "killed in round 1: Bo", r"rounds\[0\]\.public \(round 1\): line 2"),
])
def test_GRID_D9_a_saved_report_the_replayed_game_does_not_give_is_refused(path: str, value: Any, match: str) -> None:
    """A loaded desk serves only the reports the game it replays gives (what each seat is told,
    GRID-D9, GRID-5): one edited in the save is refused, naming the field, the round and the line."""
    assert GameMaster.from_json(json.dumps(_one_round())).private_report(0).lines[0].startswith("your orders")
    with pytest.raises(BoardkitDataError, match=match):
        GameMaster.from_json(_corrupt(_one_round(), path, value))


def test_GRID_D15_a_saved_order_or_shot_the_game_does_not_hold_is_refused() -> None:
    """A round's record holds the orders and shots the replayed game holds (GRID-D15): a move
    changed with its text, a shot changed with or without its text, a void shot the engine does
    not find void (or one it finds void left out) are refused, naming the field and round."""
    doc = _one_round()
    ana = doc["rounds"][0]["messages"][0]
    assert ana["seat"] == 0 and doc["rounds"][0]["void_shots"]["0"].startswith("[GRID-4.1]")
    cases = [
        ({"move": "move z1", "text": "move z1, shoot b7"},
         r"rounds\[0\]\.messages\[0\]\.move \(round 1\): 'move z1', but seat 0's order in the saved game is 'move b4'"),
        ({"shot": "shoot a4"}, r"rounds\[0\]\.messages\[0\]\.shot: 'shoot a4', but the message's text"),
        ({"text": "move b4, shoot a4", "shot": "shoot a4"},
         r"rounds\[0\]\.messages\[0\]\.shot \(round 1\): seat 0 fired 'shoot none'.* not 'shoot a4'"),
    ]
    for change, match in cases:
        bad = json.loads(json.dumps(doc))
        bad["rounds"][0]["messages"][0].update(change)
        with pytest.raises(BoardkitDataError, match=match):
            GameMaster.from_json(json.dumps(bad))
    with pytest.raises(BoardkitDataError, match=r"rounds\[0\]\.void_shots\.0 \(round 1\): None, but the engine finds"):
        GameMaster.from_json(_corrupt(doc, "rounds/0/void_shots", {}))
    with pytest.raises(BoardkitDataError, match=r"rounds\[0\]\.void_shots\.1 \(round 1\): '\[GRID-4.1\] x', but the "
                                                r"engine finds None"):
        GameMaster.from_json(_corrupt(doc, "rounds/0/void_shots/1", "[GRID-4.1] x"))
    later = json.loads(_corrupt(doc, "rounds/0/round", 2))
    for m in later["rounds"][0]["messages"]:
        m["round"] = 2
    with pytest.raises(BoardkitDataError, match=r"rounds\[0\]\.round: round 2 does not end in the saved game"):
        GameMaster.from_json(json.dumps(later))


def test_GRID_D16_a_silent_seats_order_the_game_does_not_hold_is_refused() -> None:
    """The order the GM gave a silent seat (GRID-D16) is the one the replayed game holds."""
    doc = _one_round(silent=True)
    given = doc["rounds"][0]["silent"]["1"]
    GameMaster.from_json(json.dumps(doc))
    other = next(str(a) for a in desk().state.legal_actions(1) if str(a) != given)
    with pytest.raises(BoardkitDataError, match=rf"rounds\[0\]\.silent\.1 \(round 1\): '{other}', but seat 1's order"):
        GameMaster.from_json(_corrupt(doc, "rounds/0/silent/1", other))


def test_GRID_D17_messages_waiting_for_their_shots_are_the_rounds_record() -> None:
    """Between the moves and the shots the messages waiting are those the round's record
    holds, and the round being played has no report yet (GRID-D15, GRID-D17)."""
    gm = desk(seed=2)
    gm.receive("Ana", "move b4, shoot b7")
    _all_send(gm)
    gm.resolve_moves()
    doc = json.loads(gm.to_json())
    assert GameMaster.from_json(json.dumps(doc)).to_json() == gm.to_json()
    with pytest.raises(BoardkitDataError, match=r"inbox\[0\]: seat 0's message waiting is not the one current records"):
        GameMaster.from_json(_corrupt(doc, "inbox/0/version", 3))
    with pytest.raises(BoardkitDataError, match=r"current\.public: the round being played has no report yet"):
        GameMaster.from_json(_corrupt(doc, "current/public", ["Round 1, public report", "alive (8)"]))
    bad = json.loads(json.dumps(doc))
    for m in (bad["inbox"][0], bad["current"]["messages"][0]):
        m.update(move="move b6", text="move b6, shoot b7")
    with pytest.raises(BoardkitDataError, match=r"current\.messages\[0\]\.move \(round 1\): 'move b6', but seat 0's"):
        GameMaster.from_json(json.dumps(bad))
