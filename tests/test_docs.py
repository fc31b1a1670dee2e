"""The generated docs (docs/games/<game>.md) match the code and data,
and every Python block of docs/*.md runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import boardkit
from boardkit.tools import docs
from test_readme import DOC_PAGES

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
REGENERATE = "run `python -m boardkit.tools.docs` and commit the result"


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return docs.generate()


def test_every_registered_game_has_a_page(pages: dict[str, str]) -> None:
    missing = [g for g in boardkit.list_games() if not (DOCS / "games" / f"{g}.md").is_file()]
    assert not missing, f"no docs/games/<game>.md for {', '.join(missing)}: {REGENERATE}"
    assert {f"games/{g}.md" for g in boardkit.list_games()} <= set(pages)


def test_generated_docs_are_up_to_date(pages: dict[str, str]) -> None:
    stale = docs.stale(pages, DOCS)
    assert not stale, f"docs out of date with the code: {', '.join('docs/' + s for s in stale)}; {REGENERATE}"


def test_game_page_has_the_spec_sections(pages: dict[str, str]) -> None:
    for game in boardkit.list_games():
        text = pages[f"games/{game}.md"]
        g = boardkit.load_game(game)
        for heading in ("## Usage", "## Specs", "## Options", "## Actions", "## Chance",
                        "## Termination and returns", "## Clauses", "## Version history", "## References"):
            assert heading in text, f"{game}: no {heading!r} section"
        assert f"| rules version | {g.rules_version} |" in text
        for cid in g.clauses:
            assert f"### {cid} " in text, f"{game}: clause {cid} missing from its page"
        for o in g.option_specs:
            assert f"| `{o.name}` | {o.default!r}".replace(f"{o.default!r}", f"`{o.default!r}`") in text


def _section(text: str, heading: str) -> list[str]:
    """The table rows (``| ...``) of the page section ``heading``, header rows left out."""
    body = text.split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0]
    return [line for line in body.splitlines() if line.startswith("| `")]


def test_every_example_on_a_game_page_is_an_action_of_its_game(pages: dict[str, str]) -> None:
    for game in boardkit.list_games():
        text, state = pages[f"games/{game}.md"], boardkit.load_game(game).new_initial_state()
        examples = [re.findall(r"`([^`]*)`", row.split(" | ")[1])[0] for row in _section(text, "## Actions")
                    if row.split(" | ")[1] != "-"]
        examples += [a for row in _section(text, "## Chance") for a in re.findall(r"`([^`]*)` \(", row.split(" | ")[2])]
        assert len(examples) >= 3, f"{game}: examples not found on its page"
        for example in examples:
            state.parse_action(example.replace("\\|", "|"))  # raises NotationError naming the word


def test_stale_names_changed_and_missing_pages(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("old", encoding="utf-8")
    assert docs.stale({"a.md": "new", "b.md": "x"}, tmp_path) == ["a.md", "b.md"]
    (tmp_path / "a.md").write_text("new", encoding="utf-8")
    assert docs.stale({"a.md": "new"}, tmp_path) == []


def _python_blocks() -> dict[str, list[tuple[int, str]]]:
    """docs page -> its ```python blocks as (first line number, code), in page order."""
    out: dict[str, list[tuple[int, str]]] = {}
    for path in sorted(DOCS.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"```python\n(.*?)```", text, flags=re.S):
            line = text[:m.start()].count("\n") + 2
            out.setdefault(str(path.relative_to(REPO)), []).append((line, m.group(1)))
    return out


BLOCKS = _python_blocks()


def test_docs_have_python_examples() -> None:
    assert "docs/how-to-study-a-rule.md" in BLOCKS
    assert all(f"docs/games/{g}.md" in BLOCKS for g in boardkit.list_games())


#: Pages whose blocks tests/test_readme.py runs in order, comparing what they print with what
#: they show (test_docs_examples_print_what_they_show): run there once, not again here.
CHECKED_IN_README_TEST = {str(p.relative_to(REPO)) for p in DOC_PAGES}


def test_every_page_with_python_blocks_is_run() -> None:
    """Each page with Python blocks is run by one of the two tests (a new page goes to
    test_docs_python_blocks_run unless test_readme checks its outputs)."""
    assert CHECKED_IN_README_TEST <= set(BLOCKS), sorted(CHECKED_IN_README_TEST - set(BLOCKS))
    assert "docs/how-to-study-a-rule.md" in CHECKED_IN_README_TEST
    assert set(BLOCKS) - CHECKED_IN_README_TEST, "no page left for test_docs_python_blocks_run"


@pytest.mark.parametrize("page", sorted(set(BLOCKS) - CHECKED_IN_README_TEST))
def test_docs_python_blocks_run(page: str) -> None:
    """The blocks of one page run in order in one namespace, as a reader would run them;
    a traceback points at the line of the .md file. (The pages of CHECKED_IN_README_TEST run
    the same way, statement by statement, in tests/test_readme.py.)"""
    namespace: dict = {"__name__": "__docs__"}
    for line, code in BLOCKS[page]:
        exec(compile("\n" * (line - 1) + code, str(REPO / page), "exec"), namespace)  # noqa: S102
