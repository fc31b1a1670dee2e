"""The rulings books (data/rulings/<game>.yaml) as tests, one per reading of each ruling, and
the rulings format itself: schema errors name the file, the ruling and the field; a wrong
ruling fails with the engine's real answer; the command line's exit status; rendering."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import boardkit
from boardkit import rulings
from boardkit.cli import main

WRONG = Path(__file__).resolve().parent / "data" / "rulings" / "wrong.yaml"

#: Every game's book, one test per reading of each ruling (the one-line helper users call).
test_book = rulings.rulings_tests(*rulings.books())


def test_every_game_has_a_book_of_its_size():
    """At least 15 rulings per game."""
    sizes = {g: len(rulings.load(g)) for g in rulings.books()}
    assert set(sizes) == set(boardkit.list_games())
    assert all(n >= 15 for n in sizes.values()), sizes


def test_every_book_is_for_the_current_rules_version():
    for g in rulings.books():
        assert {r.rules_version for r in rulings.load(g)} == {boardkit.get_spec(g).rules_version}, g


def test_open_points_show_readings_side_by_side():
    """Each book has rulings with two readings whose answers differ."""
    for g in rulings.books():
        two = [r for r in rulings.load(g) if len(r.readings) >= 2 and r.readings[0].answer != r.readings[1].answer]
        assert two, g


def test_a_wrong_ruling_fails_with_the_engines_answer():
    wrong, right = rulings.check(rulings.load(WRONG))
    assert right.passed and not wrong.passed
    assert wrong.answer["legal"] is False and wrong.clause == "LEAD-6.3"
    text = wrong.describe()
    assert "legal: expected true, engine says false" in text and "[LEAD-6.3]" in text and wrong.reason in text


def test_a_fact_typed_as_a_number_for_a_yes_no_fails(tmp_path):
    """``facts: {players.1.alive: 0}`` when the engine says ``false``, or ``round: true`` when it
    says 1, is a wrong answer (Python's ``0 == False`` would have passed it)."""
    book = {r.id: r for r in rulings.load("gridhunt")}
    right = next(r for r in book.values() if "players.1.alive" in r.readings[0].answer.get("facts", {}))
    import yaml

    from boardkit.rulings.load import RULINGS_DIR

    doc = yaml.safe_load((RULINGS_DIR / "gridhunt.yaml").read_text(encoding="utf-8"))
    raw = next(r for r in doc["rulings"] if r["id"] == right.id)
    alive = raw["answer"]["facts"]["players.1.alive"]
    assert isinstance(alive, bool)
    for facts, passes in (({"players.1.alive": int(alive)}, False), ({"round": True}, False),
                          ({"players.1.alive": alive}, True)):
        raw["answer"]["facts"] = facts
        path = tmp_path / "typed.yaml"
        path.write_text(yaml.safe_dump({**doc, "rulings": [raw]}, allow_unicode=True), encoding="utf-8")
        (result,) = rulings.check(rulings.load(path))
        assert result.passed is passes, (facts, result.describe())


def test_the_pytest_helper_fails_a_wrong_ruling_with_the_engines_answer():
    test = rulings.rulings_tests(WRONG)
    cases = {r.id: (r, r.readings[0]) for r in rulings.load(WRONG)}
    test(*cases["right-jailer"])  # passes
    with pytest.raises(pytest.fail.Exception) as failed:
        test(*cases["wrong-jailer"])
    assert "engine says false" in str(failed.value) and "LEAD-6.3" in str(failed.value)


def test_the_command_line_exit_status(capsys):
    assert main(["rulings", "leaders"]) == 0
    assert "pass" in capsys.readouterr().out
    assert main(["rulings", "leaders", str(WRONG)]) == 1
    out = capsys.readouterr().out
    assert "wrong-jailer" in out and "FAIL" in out and "[LEAD-6.3]" in out and "right-jailer" not in out
    assert main(["rulings", "marabunta", str(WRONG)]) == 2  # the file is about leaders
    assert "not marabunta" in capsys.readouterr().err


def _bad(tmp_path, text: str) -> str:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(rulings.RulingsError) as err:
        rulings.load(path)
    message = str(err.value)
    assert str(path) in message
    return message


HEAD = 'game: leaders\nrules_version: "3.0"\nrulings:\n'
RULING = """  - id: one
    title: One
    question: {text: "May the Archer be the first card?", legal: draw Archer}
    answer: {legal: true}
    source: {clauses: [LEAD-1.3]}
"""


def test_a_bad_file_names_the_file_the_ruling_and_the_field(tmp_path):
    assert "ruling 1 (one): question" in _bad(tmp_path, HEAD + RULING.replace('text: "May the Archer be the first card?", ', ""))
    assert "ruling 1 (one): answer.legal" in _bad(tmp_path, HEAD + RULING.replace("legal: true", "legal: maybe"))
    assert "ruling 1 (one): source.clauses.0: no clause LEAD-99" in _bad(tmp_path, HEAD + RULING.replace("LEAD-1.3", "LEAD-99"))
    ends = RULING.replace("answer: {legal: true}", "answer: {outcome: {winners: [0], clause: LEAD-99.9}}")
    assert "ruling 1 (one): answer.outcome.clause: no clause LEAD-99.9 in leaders's rules" in _bad(tmp_path, HEAD + ends)
    two = RULING + RULING.replace("id: one", "id: two").replace("question:", "optionz: {}\n    question:")
    assert "ruling 2 (two): optionz" in _bad(tmp_path, HEAD + two)
    assert "ruling 1 (one): options.colour: leaders has no option" in _bad(
        tmp_path, HEAD + RULING.replace("    title", "    options: {colour: red}\n    title"))
    assert "ruling 2 (one): id: given twice" in _bad(tmp_path, HEAD + RULING + RULING)
    quote = RULING.replace("source: {clauses: [LEAD-1.3]}", "source: {clauses: [LEAD-2.2], seed: Il Re vince sempre}")
    assert "ruling 1 (one): source.seed: the seed text" in _bad(tmp_path, HEAD + quote)
    assert "game: unknown game" in _bad(tmp_path, HEAD.replace("leaders", "chess") + RULING)
    odds = RULING.replace("legal: draw Archer}", "probability: draw Archer}").replace("{legal: true}", "{probability: 1/0}")
    assert "ruling 1 (one): answer.probability: 1/0 is not a probability" in _bad(tmp_path, HEAD + odds)


def test_a_file_that_is_no_yaml_is_refused_with_its_name(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(HEAD + "  - id: [", encoding="utf-8")
    with pytest.raises(boardkit.BoardkitDataError, match="not valid YAML") as err:
        rulings.load(path)
    assert str(path) in str(err.value)


def test_a_file_that_is_no_rulings_file_is_refused_without_quoting_it(tmp_path):
    """A text file read as YAML is one long string: the message says what the top level is,
    and a long value in a bad ruling is quoted shortened, not echoed."""
    path = tmp_path / "notes.yaml"
    path.write_text("secret-line-one-" + "x" * 400 + "\n", encoding="utf-8")
    with pytest.raises(rulings.RulingsError) as err:
        rulings.load(path)
    assert str(err.value) == f"{path}: (top level): expected a mapping, got str"
    long = HEAD + RULING.replace("answer: {legal: true}", "answer: {legal: " + "y" * 500 + "}")
    msg = _bad(tmp_path, long)
    assert "y" * 80 not in msg and "(500 characters)" in msg, msg


def test_a_ruling_for_an_old_rules_version_loads_and_says_so(tmp_path):
    path = tmp_path / "old.yaml"
    path.write_text(HEAD.replace('"3.0"', '"1.0"') + RULING, encoding="utf-8")
    (ruling,) = rulings.load(path)
    assert ruling.rules_version == "1.0"
    (result,) = rulings.check([ruling])
    now = boardkit.get_spec("leaders").rules_version
    assert now != "1.0"
    assert result.passed and result.version_note == f"written for rules version 1.0; the engine plays version {now}"
    assert "written for rules version 1.0" in result.describe()
    assert "written for rules version 1.0" in rulings.render_html([result], pictures=False)


def test_the_armageddon_book_plays_the_default_board_and_gives_every_open_option_both_readings():
    """Armageddon's book is on the board of rules 2.0 but for the rulings labelled as the first
    drawing; every option an open point decides is read both ways in some ruling."""
    book = rulings.load("armageddon")
    v1 = [r.id for r in book if any(rd.options.get("data") == "v1" for rd in r.readings)]
    assert v1 and all(r.startswith("v1-") for r in v1) and len(book) - len(v1) >= 15
    both = {k for r in book if len(r.readings) >= 2 for k in r.readings[0].options
            if r.readings[0].options[k] != r.readings[1].options.get(k) and r.readings[0].answer != r.readings[1].answer}
    assert both >= {"displace", "mine", "back", "aliens_win", "two_on_one", "empty_gk_wins"}, both


def test_a_set_up_the_engine_refuses_is_a_failure_naming_the_move(tmp_path):
    path = tmp_path / "setup.yaml"
    path.write_text(HEAD + RULING.replace("    question", "    moves: [select a1]\n    question"), encoding="utf-8")
    (result,) = rulings.check(rulings.load(path))
    assert not result.passed and "moves.0 'select a1' is refused: [" in result.error


def test_probabilities_are_exact_fractions():
    (ruling,) = [r for r in rulings.load("leaders") if r.id == "market-then-first-player-odds"]
    got, _, _ = rulings.answer(ruling, ruling.readings[0])
    assert got["probability"] == Fraction(1, 16) * Fraction(1, 15) * Fraction(1, 14) * Fraction(1, 2)


def test_a_ruling_with_two_readings_gets_two_different_engine_answers():
    (ruling,) = [r for r in rulings.load("leaders") if r.id == "self-surround-by-another-piece"]
    seed, published = rulings.check([ruling])
    assert (seed.reading.rules, published.reading.rules) == ("seed", "published")
    assert seed.answer["legal"] is True and seed.answer["outcome"]["winners"] == [1]
    assert published.answer["legal"] is False and published.clause == "LEAD-P1"


def test_rendered_pages_show_the_toc_pictures_answers_and_failures_in_red():
    results = rulings.check(rulings.load(WRONG))
    page = rulings.render_html(results)
    assert page.count("<svg") == 2 and '<a href="#leaders-wrong-jailer">' in page
    assert '<tr class="failed">' in page and "engine says false" in page and "LEAD-6.3" in page
    assert "Il Carceriere impedisce" in page  # the refusing clause's seed passage
    text = rulings.render_markdown(results)
    assert "**FAIL**" in text and "May the Rider next to the enemy Jailer ride to a3?" in text


@pytest.mark.parametrize("game", ["leaders", "battle_royale", "marabunta", "gridhunt", "armageddon"])
def test_every_game_draws_its_positions(game):
    ruling = rulings.load(game)[0]
    (result, *_) = rulings.check([ruling])
    svg = rulings.picture(result.state, rulings._cells(result.state, ruling), seat=ruling.seat)
    assert svg.lstrip().startswith("<svg") or "<svg" in svg[:400]


def test_the_template_loads_empty_and_its_example_is_a_passing_ruling(tmp_path):
    """data/rulings/TEMPLATE.yaml is an empty rulings file; its commented example, uncommented
    under ``rulings:``, is a valid ruling the engine agrees with."""
    template = rulings.RULINGS_DIR / "TEMPLATE.yaml"
    assert rulings.load(template) == []
    text = template.read_text(encoding="utf-8")
    head, example = text.split("rulings: []", 1)
    example = "# - id:" + example.split("# - id:", 1)[1]
    lines = [line[2:] if line.startswith("# ") else "" if line == "#" else line for line in example.splitlines()]
    path = tmp_path / "mine.yaml"
    path.write_text(head + "rulings:\n" + "\n".join("  " + line for line in lines) + "\n", encoding="utf-8")
    (result,) = rulings.check(rulings.load(path))
    assert result.passed and result.clause == "LEAD-6.3", result.describe()


def test_the_how_to_example_is_a_passing_ruling(tmp_path):
    """The YAML example of docs/rulings.md loads and the engine agrees with both readings."""
    import re

    doc = (Path(__file__).resolve().parents[1] / "docs" / "rulings.md").read_text(encoding="utf-8")
    example = re.search(r"```yaml\n(.*?)```", doc, re.S).group(1)
    path = tmp_path / "example.yaml"
    path.write_text(HEAD + example, encoding="utf-8")
    results = rulings.check(rulings.load(path))
    assert [r.reading.name for r in results] == ["seed", "published FAQ"] and all(r.passed for r in results)


def test_an_action_in_no_notation_or_an_unreadable_position_is_a_bad_file(tmp_path):
    """The game could never answer such a ruling: the file is at fault (exit 2), not the engine."""
    message = _bad(tmp_path, HEAD + RULING.replace("legal: draw Archer", "legal: fly Archer"))
    assert "ruling 1 (one): question.legal: " in message and "fly" in message
    message = _bad(tmp_path, HEAD + RULING.replace("    question", "    moves: [fly a1]\n    question"))
    assert "ruling 1 (one): moves.0: " in message and "fly" in message
    message = _bad(tmp_path, HEAD + RULING.replace("    question", "    position: {to_move: 7}\n    question"))
    assert "ruling 1 (one): position: " in message and "'pieces' is a required property" in message
    assert "position: position:" not in message
    after = RULING.replace("legal: draw Archer", "after: [draw Archer, fly b2]").replace("{legal: true}", "{legal: true}")
    assert "ruling 1 (one): question.after.1: " in _bad(tmp_path, HEAD + after)


def test_a_position_the_rules_make_impossible_is_a_bad_file_naming_the_clause(tmp_path, capsys):
    """A well-formed position the rules refuse (two Jailers, LEAD-10) cannot be set up: the
    file is at fault, named with the ruling and the clause, from the loader and the command
    line alike (exit 2, no traceback)."""
    two = ('    position:\n      pieces: {0: "King d1, Rider c3", 1: "Queen d7, Jailer c4, Jailer c5"}\n'
           '      market: [Illusionist, Manipulator, Brewmaster]\n    question')
    message = _bad(tmp_path, HEAD + RULING.replace("    question", two, 1))
    assert "ruling 1 (one): position: [LEAD-10] there is one Jailer" in message
    assert main(["rulings", "leaders", str(tmp_path / "bad.yaml")]) == 2
    err = capsys.readouterr().err
    assert "[LEAD-10]" in err and "Traceback" not in err


def test_a_legal_actions_picture_tints_where_each_action_ends():
    """The Nemesis ruling asks for the legal actions: its picture tints their 17 end cells."""
    from boardkit.viz.layout import HIGHLIGHT_FILL

    (result,) = [r for r in rulings.check(rulings.load("leaders")) if r.ruling.id == "nemesis-reacts-in-the-other-turn"]
    cells = rulings._cells(result.state, result.ruling)
    assert cells[0] == "" and len(cells[1:]) == 17
    assert rulings.picture(result.state, cells).count(HIGHLIGHT_FILL) == 17
    assert rulings.picture(result.state).count(HIGHLIGHT_FILL) == 0


def test_the_module_docstring_example_runs():
    import doctest

    failed, attempted = doctest.testmod(rulings)
    assert attempted >= 3 and failed == 0


def test_the_command_line_writes_a_shareable_page(tmp_path, capsys):
    page = tmp_path / "wrong.html"
    assert main(["rulings", "leaders", str(WRONG), "--html", str(page)]) == 1
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and text.count("<svg") == 2 and '<tr class="failed">' in text


def test_a_bad_html_path_is_refused_before_any_ruling_is_played(tmp_path, capsys):
    """--html naming a folder, or a file in a folder that does not exist: exit 2, one line naming
    --html, nothing written."""
    assert main(["rulings", "leaders", "--html", str(tmp_path)]) == 2
    assert "--html" in capsys.readouterr().err
    assert main(["rulings", "leaders", "--html", str(tmp_path / "no" / "page.html")]) == 2
    err = capsys.readouterr().err
    assert "--html" in err and "does not exist" in err and "Traceback" not in err
    assert not (tmp_path / "no").exists()


def test_a_bad_option_value_is_a_bad_file_naming_the_ruling_and_the_field(tmp_path, capsys):
    """An option value the game does not take is refused when the file is loaded (exit 2), not
    played as a failed ruling (exit 1); the field is the ruling's or the reading's options."""
    bad_value = RULING.replace("    title", "    options: {expert: maybe}\n    title")
    message = _bad(tmp_path, HEAD + bad_value)
    assert "ruling 1 (one): options.expert: leaders: option expert='maybe' is not allowed" in message
    in_reading = RULING.replace("answer: {legal: true}", "readings: [{name: odd, options: {first_player: 5}, answer: {legal: true}}]")
    assert "ruling 1 (one): readings.0.options.first_player:" in _bad(tmp_path, HEAD + in_reading)
    assert main(["rulings", "leaders", str(tmp_path / "bad.yaml")]) == 2
    err = capsys.readouterr().err
    assert "readings.0.options.first_player" in err and "Traceback" not in err
    colours = ('game: armageddon\nrules_version: "2.0"\nrulings:\n'
               + RULING.replace("LEAD-1.3", "ARMA-3.1").replace("draw Archer", "roll 6")
               .replace("    title", "    options: {colours: red purple}\n    title"))
    assert "ruling 1 (one): options.colours: armageddon: option colours='red purple'" in _bad(tmp_path, colours)


def test_a_seat_the_game_does_not_have_is_refused(tmp_path):
    seven = RULING.replace('legal: draw Archer}', 'legal: draw Archer, seat: 7}')
    message = _bad(tmp_path, HEAD + seven)
    assert "ruling 1 (one): question.seat: 7 is not a seat of this game; its seats are 0 to 1" in message
    view = RULING.replace('legal: draw Archer}', 'legal: draw Archer, view: 2}')
    assert "ruling 1 (one): question.view: 2 is not a seat" in _bad(tmp_path, HEAD + view)
    two_colours = ('game: armageddon\nrules_version: "2.0"\nrulings:\n'
                   + RULING.replace("LEAD-1.3", "ARMA-3.1").replace("draw Archer}", "roll 6, seat: 2}")
                   .replace("    title", "    options: {colours: red green}\n    title"))
    assert "question.seat: 3 is not a seat of this game; its seats are 0 to 2" in _bad(tmp_path, two_colours.replace(
        "seat: 2", "seat: 3"))  # with two colours the seats are red, green and the aliens
    (tmp_path / "aliens.yaml").write_text(two_colours, encoding="utf-8")
    assert rulings.load(tmp_path / "aliens.yaml")[0].seat == 2


def test_every_bad_ruling_and_file_is_reported_in_one_run(tmp_path, capsys):
    """Three bad rulings in one file (a schema error, an unknown clause, a bad seat) and a second
    file that is no YAML: one run names all four, exit 2."""
    rulings_ = [RULING.replace("id: one", "id: first").replace("legal: true", "legal: maybe"),
                RULING.replace("id: one", "id: fine"),
                RULING.replace("id: one", "id: third").replace("LEAD-1.3", "LEAD-99"),
                RULING.replace("id: one", "id: fourth").replace('legal: draw Archer}', 'legal: draw Archer, seat: 7}')]
    path = tmp_path / "many.yaml"
    path.write_text(HEAD + "".join(rulings_), encoding="utf-8")
    with pytest.raises(rulings.RulingsError) as err:
        rulings.load(path)
    assert [e.split(": ", 2)[1] for e in err.value.errors] == ["ruling 1 (first)", "ruling 3 (third)", "ruling 4 (fourth)"]
    other = tmp_path / "other.yaml"
    other.write_text(HEAD + "  - id: [", encoding="utf-8")
    assert main(["rulings", "leaders", str(path), str(other)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 4 and all(line.startswith("boardkit rulings: ") for line in lines)
    assert "ruling 1 (first): answer.legal" in lines[0] and "ruling 3 (third): source.clauses.0: no clause LEAD-99" in lines[1]
    assert "ruling 4 (fourth): question.seat: 7" in lines[2] and str(other) in lines[3] and "not valid YAML" in lines[3]


def test_a_rules_version_the_game_never_had_is_refused(tmp_path):
    text = WRONG.read_text(encoding="utf-8").replace('rules_version: "2.0"', 'rules_version: "0.1"')
    message = _bad(tmp_path, text)
    assert "rules_version: '0.1' is not a rules version of leaders; its versions: " in message


def test_a_legal_action_expected_refused_says_so_once(tmp_path):
    """A ruling expecting a clause for an action the engine finds legal: one plain line on the clause."""
    text = WRONG.read_text(encoding="utf-8").replace("      legal: move b3\n    answer: {legal: true}",
                                                     "      legal: move b3\n    answer: {legal: false, clause: LEAD-6.3}")
    path = tmp_path / "legal.yaml"
    path.write_text(text, encoding="utf-8")
    result = rulings.check(rulings.load(path))[1]
    assert not result.passed
    assert [b for b in result.mismatches if b.startswith("clause:")] == [
        "clause: expected LEAD-6.3, engine says the action is legal"]


def test_every_problem_of_a_ruling_is_reported_past_a_schema_error(tmp_path, capsys):
    """A ruling with a bad id, ``answer.legal: maybe``, an unknown clause and an action in no
    notation gets four lines in one run (only the id was reported, the rest once it was fixed),
    in the order of its fields; an id given twice is found when the first ruling holding it has
    a schema error of its own; a missing field and an unknown one are both named; a ruling that
    is no mapping is named once."""
    bad = (RULING.replace("id: one", "id: Bad One").replace("legal: true", "legal: maybe")
           .replace("LEAD-1.3", "LEAD-99").replace("draw Archer", "draw Zebra"))
    first_dup = RULING.replace("id: one", "id: dup").replace("answer: {legal: true}", "answer: {count: -1}")
    second_dup = RULING.replace("id: one", "id: dup").replace("    title", "    options: {expert: maybe}\n    title")
    missing = RULING.replace("id: one", "id: lacks").replace("    title: One\n", "    titel: One\n")
    path = tmp_path / "all.yaml"
    path.write_text(HEAD + bad + first_dup + second_dup + missing + "  - just text\n", encoding="utf-8")
    with pytest.raises(rulings.RulingsError) as err:
        rulings.load(path)
    said = [e.split(": ", 1)[1] for e in err.value.errors]
    assert said[:4] == [
        "ruling 1 (Bad One): id: 'Bad One' does not match '^[a-z0-9][a-z0-9-]*$'",
        "ruling 1 (Bad One): answer.legal: 'maybe' is not of type 'boolean'",
        "ruling 1 (Bad One): source.clauses.0: no clause LEAD-99 in leaders's rules",
        "ruling 1 (Bad One): question.legal: 'draw Zebra': 'Zebra' is not a card; cards: King, Queen, Acrobat, "
        "Archer, Assassin, Brewmaster, Bruiser, ClawLauncher, HermitCub, Illusionist, Jailer, Manipulator, Nemesis, "
        "Protector, Rider, RoyalGuard, Vizier, Wanderer; expected 'draw CARD...'"], said
    assert said[4] == "ruling 2 (dup): answer.count: -1 is less than the minimum of 0", said
    assert said[5] == "ruling 3 (dup): id: given twice in the file", said
    assert said[6].startswith("ruling 3 (dup): options.expert: leaders: option expert='maybe' is not allowed"), said
    lacks = [s for s in said if s.startswith("ruling 4 (lacks): ")]
    assert len(lacks) == 2 and any("'title' is a required property" in s for s in lacks) \
        and any("titel: unknown field" in s for s in lacks), lacks
    assert said[-1] == "ruling 5: (the ruling): 'just text' is not of type 'object'", said
    assert len(said) == 10
    assert main(["rulings", "leaders", str(path)]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 10
