"""The README's and the docs' Python examples run as written and print what they show, and the
README's first lines are the two commands.

A shown output is either the comment at the end of a line that calls ``print(`` or, when no
such line of a statement has one, the comment lines right below the statement (one per printed
line). ``...`` in a shown output stands for any text (an elided part). Every shown output is
compared with what the statement printed; a comment anywhere else is a note, not an output.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)
DOC_PAGES = [REPO / "docs" / "how-to-study-a-rule.md", *sorted((REPO / "docs" / "games").glob("*.md"))]


@dataclass(frozen=True)
class Shown:
    """One statement of an example and the output it shows (None: it shows none)."""

    line: int  # first line of the statement in the block (1-based)
    code: ast.Module
    output: str | None


def _comments(code: str) -> dict[int, tuple[str, bool]]:
    """Line -> (comment text without '# ', True when the line holds only the comment)."""
    out: dict[int, tuple[str, bool]] = {}
    for tok in tokenize.generate_tokens(io.StringIO(code).readline):
        if tok.type == tokenize.COMMENT:
            alone = not tok.line[: tok.start[1]].strip()
            out[tok.start[0]] = (re.sub(r"^#\s?", "", tok.string).rstrip(), alone)
    return out


def shown_outputs(code: str) -> list[Shown]:
    """The top-level statements of ``code``, each with the output its comments show."""
    lines = code.splitlines()
    comments = _comments(code)
    out: list[Shown] = []
    for stmt in ast.parse(code).body:
        start, end = stmt.lineno, stmt.end_lineno or stmt.lineno
        span = range(start, end + 1)
        has_print = any("print(" in lines[i - 1] for i in span)
        shown = [comments[i][0] for i in span if "print(" in lines[i - 1] and i in comments and not comments[i][1]]
        if has_print and not shown:
            i = end + 1
            while i in comments and comments[i][1]:
                shown.append(comments[i][0])
                i += 1
        module = ast.Module(body=[stmt], type_ignores=[])
        out.append(Shown(start, module, "\n".join(shown) if shown else None))
    return out


def matches(shown: str, printed: str) -> bool:
    """True when ``printed`` is ``shown`` with each ``...`` standing for any text."""
    pattern = ".*?".join(re.escape(part) for part in shown.split("..."))
    return re.fullmatch(pattern, printed.rstrip("\n"), flags=re.S) is not None


def run_checked(code: str, namespace: dict, filename: str, first_line: int = 1) -> int:
    """Run ``code`` statement by statement in ``namespace``; each shown output must match what
    the statement printed. Returns the number of shown outputs checked.

    Raises:
        AssertionError: a statement printed something other than it shows (file:line named).
    """
    checked = 0
    for item in shown_outputs(code):
        ast.increment_lineno(item.code, first_line - 1)
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            exec(compile(item.code, filename, "exec"), namespace)  # noqa: S102 - our own docs
        if item.output is None:
            continue
        printed = buffer.getvalue()
        where = f"{filename}:{item.line + first_line - 1}"
        assert matches(item.output, printed), f"{where}: shows\n  {item.output}\nbut prints\n  {printed.rstrip()}"
        checked += 1
    return checked


def _page_blocks(path: Path) -> list[tuple[int, str]]:
    text = path.read_text(encoding="utf-8")
    return [(text[: m.start()].count("\n") + 2, m.group(1)) for m in re.finditer(r"```python\n(.*?)```", text, flags=re.S)]


def test_readme_starts_with_the_two_commands():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert lines[1].startswith("make report") and lines[2].startswith("make test")


@pytest.mark.parametrize("code", [b for b in BLOCKS if "import" in b], ids=lambda c: c.split("\n")[0][:40])
def test_readme_python_example_runs(code):
    """Each README block runs on its own and prints what its comments show."""
    run_checked(code, {"__name__": "__readme__"}, str(README))


def test_readme_shows_outputs():
    """The README's examples show outputs at all (so the comparison above is not empty)."""
    assert sum(1 for b in BLOCKS for s in shown_outputs(b) if s.output is not None) >= 9


@pytest.mark.parametrize("page", DOC_PAGES, ids=lambda p: str(p.relative_to(REPO)))
def test_docs_examples_print_what_they_show(page: Path):
    """The blocks of a docs page, run in order in one namespace, print what they show."""
    namespace: dict = {"__name__": "__docs__"}
    checked = sum(run_checked(code, namespace, str(page), line) for line, code in _page_blocks(page))
    assert checked >= (20 if page.name == "how-to-study-a-rule.md" else 2), f"{page}: only {checked} shown outputs"


def test_a_wrong_shown_output_fails():
    """A README block whose comment shows a wrong value fails, and so does a wrong output line."""
    quick = next(b for b in BLOCKS if "print(state.current_player())" in b)
    assert run_checked(quick, {}, "README.md") >= 4
    wrong_comment = quick.replace("print(state.current_player())                  # 0", "print(state.current_player())                  # 1")
    assert wrong_comment != quick
    with pytest.raises(AssertionError, match=r"shows\s+1\s+but prints\s+0"):
        run_checked(wrong_comment, {}, "README.md")
    wrong_elided = quick.replace("# LEAD-2.2 there is no", "# LEAD-2.3 there is no")
    assert wrong_elided != quick
    with pytest.raises(AssertionError, match="LEAD-2.3"):
        run_checked(wrong_elided, {}, "README.md")
    below = "print(1 + 1)\n# 2\nprint([1, 2])\n# [1, ..., 3]\n"
    with pytest.raises(AssertionError, match=r"README.md:3: shows"):
        run_checked(below, {}, "README.md")


def test_matches_elision():
    assert matches("['a2', ..., 'e4']", "['a2', 'b3', 'e4']\n")
    assert not matches("['a2', ..., 'e4']", "['a2', 'b3', 'e5']\n")
    assert not matches("63 63", "63 62\n") and not matches("0", "")


def test_the_games_table_names_every_option_of_every_game() -> None:
    """The README's games table lists each game's options with their clauses (a new option that
    is not listed there fails here)."""
    import boardkit

    text = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    for name in boardkit.list_games():
        row = next(line for line in text.splitlines() if line.startswith(f"| `{name}` |"))
        missing = [f"`{o.name}` ({o.clause}" for o in boardkit.get_spec(name).options if f"`{o.name}` ({o.clause}" not in row]
        assert not missing, f"{name}: the README's games table lacks {missing}"


_CLAUSE_RANGE = re.compile(r"`?\b([A-Z]+)-([A-Z]?)(\d+(?:\.\d+)?)`?\s*(?:\.\.|…)\s*`?\1-([A-Z]?)(\d+(?:\.\d+)?)\b`?")


def _hand_written_texts() -> dict[str, str]:
    """README, the hand-written docs (not the generated game pages) and the notebooks' markdown."""
    import json

    texts = {p.name: p.read_text(encoding="utf-8") for p in [README, *sorted((REPO / "docs").glob("*.md"))]}
    for path in sorted((REPO / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        texts[path.name] = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return texts


def test_clause_ranges_in_the_docs_match_the_rules_files() -> None:
    """A range of clauses written out in the README, docs/*.md or a notebook (the first decision
    .. the last) names clauses of the rules file, and one that starts at the first clause of its
    kind (numbered, decisions ``D``, published ``P``) ends at the last (the README's range of
    Leaders' decisions stopped at the eighth when the file had ten)."""
    import boardkit

    kinds: dict[str, dict[str, list[str]]] = {}  # prefix -> kind letter -> clause numbers in file order
    for name in boardkit.list_games():
        for cid in boardkit.load_game(name).clauses:
            prefix, rest = cid.split("-", 1)
            kind = rest[0] if rest[0].isalpha() else ""
            kinds.setdefault(prefix, {}).setdefault(kind, []).append(rest[len(kind):])
    wrong = []
    for source, text in _hand_written_texts().items():
        for m in _CLAUSE_RANGE.finditer(text):
            prefix, kind, first, kind2, last = m.groups()
            numbers = kinds.get(prefix, {}).get(kind, [])
            if prefix not in kinds or kind != kind2:
                continue  # not a clause range of one kind
            shown = " ".join(m.group(0).split())
            if first not in numbers or last not in numbers:
                wrong.append(f"{source}: {shown} names a clause the rules file lacks")
            elif first == numbers[0] and last != numbers[-1]:
                wrong.append(f"{source}: {shown}, but the last is {prefix}-{kind}{numbers[-1]}")
    assert not wrong, "\n".join(wrong)


def _option_text(value: str) -> tuple[list[object], str | None]:
    """``'"any"|"own_move"'`` -> (["any", "own_move"], None); ``'None|int=None'`` -> ([None], "int")
    with the default last: a listed option's values (a choice) or its type and default."""
    import ast as ast_

    spec, _, default = value.partition("=")
    parts = spec.split("|")
    kinds = [p for p in parts if p.isidentifier() and p not in ("None", "True", "False")]
    values = [ast_.literal_eval(p) for p in parts if p not in kinds]
    if default:
        values.append(ast_.literal_eval(default))
    return values, (kinds[0] if kinds else None)


def test_the_api_contract_lists_every_option_of_every_game() -> None:
    """docs/api-contract.md gives each game's options as `name: values` (the first value of a
    choice is the default) or `name: type=default`, every option of
    ``game_class(name).option_specs`` and no other, with its choices, type and seed default
    (it left out four of Leaders' nine)."""
    import boardkit

    text = (REPO / "docs" / "api-contract.md").read_text(encoding="utf-8")
    for name in boardkit.list_games():
        start = text.index(f'game id "{name}", options ')
        listed = text[start:text.index(f"docs/games/{name}.md", start)]
        shown = dict(re.findall(r"`(\w+): ([^`]+)`", listed))
        specs = {o.name: o for o in boardkit.game_class(name).option_specs}
        assert list(shown) == list(specs), f"{name}: docs/api-contract.md lists {list(shown)}, the game {list(specs)}"
        for option, value in shown.items():
            o = specs[option]
            values, kind = _option_text(value)
            where = f"{name}: `{option}: {value}`"
            assert value.startswith("None|") == o.allow_none, f"{where}: None is{' not' * (not o.allow_none)} a value"
            if o.choices:
                assert {v for v in values if v is not None} == set(o.choices), f"{where}: the choices are {o.choices}"
                assert values[0] == o.default, f"{where}: the default {o.default!r} comes first"
            else:
                assert kind == o.kind.__name__ and values[-1] == o.default, f"{where}: {o.kind.__name__}={o.default!r}"
