"""The seed map of data/rules/gridhunt.yaml against the seed text (the check the brief describes
for every game): entries in seed order cover the whole seed, only whitespace or punctuation
between them; every listed clause exists; every clause's seed quote (split on " ... ") is in the
seed in order; a clause without a quote is open or a decision. The seed copy in data/seeds/ is
the shared one byte for byte."""

from __future__ import annotations

import re
from pathlib import Path

from boardkit.core.paths import DATA_DIR
from boardkit.core.validate import parse_yaml

SEED = "001_bcc873264f6cd736.txt"


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_seed_map_covers_the_seed_in_order() -> None:
    doc = parse_yaml((DATA_DIR / "rules" / "gridhunt.yaml").read_bytes(), "gridhunt.yaml")
    seed = _norm((DATA_DIR / "seeds" / SEED).read_text(encoding="utf-8"))
    ids = {c["id"] for c in doc["clauses"]}
    pos = 0
    for k, entry in enumerate(doc["seed_map"]):
        text = _norm(entry["seed"])
        at = seed.find(text, pos)
        assert at >= 0, f"seed_map[{k}]: {text!r} is not in the seed after the previous entry"
        assert re.fullmatch(r"[\s\W]*", seed[pos:at]), f"seed_map[{k}]: unmapped text before it: {seed[pos:at]!r}"
        pos = at + len(text)
        assert bool(entry.get("clauses")) != bool(entry.get("none")), f"seed_map[{k}]: clauses or none"
        for c in entry.get("clauses", []):
            assert c in ids, f"seed_map[{k}]: no clause {c}"
    assert re.fullmatch(r"[\s\W]*", seed[pos:]), f"unmapped text at the end: {seed[pos:]!r}"
    for c in doc["clauses"]:
        if not c.get("seed"):
            assert c.get("open") or c.get("decision"), f"{c['id']}: no seed quote, neither open nor a decision"
            continue
        p = 0
        for part in c["seed"].split(" ... "):
            at = seed.find(_norm(part), p)
            assert at >= 0, f"{c['id']}: seed quote {part!r} not in the seed (in order)"
            p = at + len(_norm(part))


def test_seed_copy_is_the_shared_seed() -> None:
    shared = Path(__file__).resolve().parents[2] / "shared" / "seeds" / SEED
    if shared.exists():
        assert (DATA_DIR / "seeds" / SEED).read_bytes() == shared.read_bytes()
