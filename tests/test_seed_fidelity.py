"""The seed is the authority: every passage of each seed maps to clauses, every clause quotes
its seed exactly, and what the published edition adds is the ``rules="published"`` profile,
never the default (shared/rules/README.md).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest
from tqdm.auto import tqdm

import boardkit
from boardkit.core.rules import ClauseRegistry, Clause, SeedPassage, load_clauses, load_seed, seed_map_problems
from boardkit.core.spec import PROFILES, SAME, OptionError, get_spec
from boardkit.core.validate import BoardkitDataError

GAMES = boardkit.list_games()


@pytest.mark.parametrize("game", GAMES)
def test_seed_map_covers_the_seed_and_every_quote_is_in_it(game: str) -> None:
    """Every passage of the seed maps to a clause (or says why it states no rule), in the
    seed's order; every clause quote is found in the seed and agrees with the map."""
    reg = load_clauses(game)
    assert reg.seed_file == get_spec(game).seed
    problems = seed_map_problems(reg, load_seed(reg.seed_file))
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_every_clause_says_its_source(game: str) -> None:
    """A clause comes from the seed, from a decision on an open point, or from the published
    edition; a published rule is an option whose seed value is the default."""
    reg = load_clauses(game)
    spec = get_spec(game)
    options = {o.name: o for o in spec.options}
    for cid, clause in reg.items():
        assert clause.source in ("seed", "decision", "published"), cid
        if clause.source == "published":
            assert clause.option in options, f"{cid}: a published rule must be an option"
            assert options[clause.option].published is not SAME, f"{cid}: {clause.option} has no published value"
    for opt in spec.options:
        if opt.published is not SAME:
            assert opt.published != opt.default, f"{opt.name}: published value equals the seed default"


def _registry(passages: list[SeedPassage], clauses: dict[str, Clause]) -> ClauseRegistry:
    return ClauseRegistry(game="toy", seed_file="toy.txt", _clauses=clauses, seed_map=tuple(passages))


SEED = "Erster Satz hier.  Zweiter\nSatz dort. Dritter Satz."


def test_seed_map_check_accepts_a_whole_map() -> None:
    reg = _registry([SeedPassage("Erster Satz hier.", ("T-1",)), SeedPassage("Zweiter Satz dort.", ("T-1",)),
                     SeedPassage("Dritter Satz.", (), "advice")],
                    {"T-1": Clause("T-1", "x", seed="Erster Satz ... Zweiter Satz dort.")})
    assert seed_map_problems(reg, SEED) == [], "a cut that skips nothing of its own rule is allowed"


@pytest.mark.parametrize("passages, clause_seed, expected", [
    ([("Erster Satz hier.", ("T-1",)), ("Dritter Satz.", ("T-1",))], "Erster", "before it maps to no clause"),
    ([("Zweiter Satz dort.", ("T-1",)), ("Erster Satz hier.", ("T-1",))], "Zweiter", "out of order"),
    ([("Erster Satz hier.", ("T-1",)), ("Zweiter Satz dort.", ("T-9",)), ("Dritter Satz.", ("T-1",))], "Erster", "no clause 'T-9'"),
    ([("Erster Satz hier.", ("T-1",)), ("Zweiter Satz dort.", ("T-1",))], "Erster", "at the end maps to no clause"),
    ([("Erster Satz hier.", ("T-1",)), ("Zweiter Satz dort.", ("T-1",)), ("Dritter Satz.", ("T-1",))],
     "Erster Satz hier. ... Dritter Satz.", "cuts out 'Zweiter Satz dort.'"),
    ([("Erster Satz hier.", ("T-1",)), ("Zweiter Satz dort.", ("T-1",)), ("Dritter Satz.", ("T-2",))],
     "Dritter", "does not list T-1"),
    ([("Erster Satz hier.", ("T-1",)), ("Zweiter Satz dort.", ("T-1",)), ("Dritter Satz.", ("T-1",))],
     "Vierter Satz", "is not in the seed"),
])
def test_seed_map_check_finds_each_fault(passages: list, clause_seed: str, expected: str) -> None:
    """The check itself fails on a gap, an order, an unknown clause, an uncovered end, a cut
    that hides a passage of the clause's own rule, a quote the map does not give to its clause
    and a quote not in the seed."""
    reg = _registry([SeedPassage(t, c) for t, c in passages],
                    {"T-1": Clause("T-1", "x", seed=clause_seed), "T-2": Clause("T-2", "y", open=True, decision="d")})
    problems = seed_map_problems(reg, SEED)
    assert any(expected in p for p in problems), problems


def test_a_clause_without_quote_must_be_open_decided_or_published() -> None:
    reg = _registry([SeedPassage(SEED, ("T-1",))], {"T-1": Clause("T-1", "x", seed="Erster"), "T-3": Clause("T-3", "z")})
    assert any(p.startswith("T-3:") for p in seed_map_problems(reg, SEED))


def test_unknown_seed_file_is_named() -> None:
    with pytest.raises(BoardkitDataError, match="nope.txt"):
        load_seed("nope.txt")
    with pytest.raises(BoardkitDataError, match="no such file"):
        load_seed("../rules/leaders.yaml")


# ---- rules profiles ------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_profiles_give_the_documented_defaults(game: str) -> None:
    """``rules="seed"`` (the default) gives each option's default; ``rules="published"`` its
    published value; an option given by name overrides the profile."""
    spec = get_spec(game)
    seed, pub = boardkit.load_game(game), boardkit.load_game(game, rules="published")
    assert seed.rules == "seed" and pub.rules == "published"
    for opt in spec.options:
        assert seed.options[opt.name] == opt.default
        assert pub.options[opt.name] == (opt.default if opt.published is SAME else opt.published)
    changed = [o for o in spec.options if o.published is not SAME]
    if changed:
        o = changed[0]
        assert boardkit.load_game(game, rules="published", **{o.name: o.default}).options[o.name] == o.default
        assert pub != seed


@pytest.mark.parametrize("bad", ["Published", "faq", None, 1])
def test_an_unknown_profile_is_refused_by_name(bad: object) -> None:
    with pytest.raises(OptionError, match="rules profile"):
        boardkit.load_game("leaders", rules=bad)


@pytest.mark.parametrize("game", GAMES)
def test_a_saved_state_keeps_its_profile(game: str) -> None:
    """A state saved under ``rules="published"`` reloads under it, and a save naming an unknown
    profile is refused naming the field."""
    state = boardkit.load_game(game, rules="published").new_initial_state()
    text = state.to_json()
    again = boardkit.state_from_json(text)
    assert again.game.rules == "published" and again.game == state.game
    doc = json.loads(text)
    doc["rules"] = "house"
    with pytest.raises(BoardkitDataError, match="rules"):
        boardkit.state_from_json(json.dumps(doc))
    with pytest.raises(BoardkitDataError, match="rules"):
        state.game.state_from_json(json.dumps(doc))


def test_profiles_are_listed() -> None:
    assert PROFILES == ("seed", "published")


# ---- both profiles play whole games ---------------------------------------------------------

#: Seeded random games per game and profile (BOARDKIT_PROFILE_GAMES=N for another size).
PROFILE_GAMES = int(os.environ.get("BOARDKIT_PROFILE_GAMES", "1000"))
#: Default sizes for games slower than a few ms a game: gridhunt's eight players take about
#: 0.1 s a game (its 10^3 games: BOARDKIT_GRIDHUNT_GAMES=1000, tests/test_gridhunt_properties.py).
SLOW_GAMES = {"gridhunt": 200}
#: Safety stop per game (atomic actions); a game that reaches it fails the test.
PROFILE_MAX_ACTIONS = 50_000


@pytest.mark.parametrize("rules", PROFILES)
@pytest.mark.parametrize("game", GAMES)
def test_both_profiles_play_seeded_games_to_the_end(game: str, rules: str) -> None:
    """``rules="seed"`` and ``rules="published"`` each play PROFILE_GAMES seeded random games
    to a terminal state; every end names a clause of the game and the returns are one per seat."""
    from boardkit.core.game import random_playout

    g = boardkit.load_game(game, rules=rules)
    if rules == "published" and g == boardkit.load_game(game):
        pytest.skip(f"{game}: the published edition changes no option; the seed run plays the same games")
    reasons: Counter[str] = Counter()
    n = PROFILE_GAMES if "BOARDKIT_PROFILE_GAMES" in os.environ else SLOW_GAMES.get(game, PROFILE_GAMES)
    for i in tqdm(range(n), desc=f"{game} {rules}", leave=False, disable=None):
        state = random_playout(g.new_initial_state(), random.Random(f"profiles:{game}:{rules}:{i}"), PROFILE_MAX_ACTIONS)
        assert state.is_terminal(), f"game {i} not over after {PROFILE_MAX_ACTIONS} actions"
        outcome = state.outcome()
        assert outcome is not None and outcome.clause in g.clauses, (i, outcome)
        assert len(state.returns()) == g.num_players
        reasons[outcome.clause] += 1
    assert sum(reasons.values()) == n
