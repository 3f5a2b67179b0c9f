"""docs/vcl.md: every question of the checklist once, the totals as its table adds them up, and every test it names
exists (so an answer cannot point at nothing)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "vcl.md"


def _rows() -> list[list[str]]:
    rows = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if re.match(r"^\| \d+ \|", line):
            rows.append([cell.strip() for cell in line.strip().strip("|").split(" | ")])
    return rows


def test_every_question_once_with_an_answer() -> None:
    rows = _rows()
    assert [int(r[0]) for r in rows] == list(range(1, 226))
    assert {r[5] for r in rows} <= {"yes", "no", "partial", "skipped"}
    assert all(r[7] for r in rows if r[5] != "skipped")  # a test, or "not yet"


def test_the_totals_are_the_tables() -> None:
    rows = _rows()
    fails = [f"Q{r[0]}" for r in rows if r[8] == "FAIL"]
    costly = [r for r in rows if r[8].endswith("%")]
    percent = sum(float(r[8].removesuffix(" %")) for r in costly)
    text = DOC.read_text(encoding="utf-8")
    listed = f" — questions {', '.join(fails)}." if fails else "."
    assert f"**Hard fails: {len(fails)}**{listed}" in text
    assert f"**Penalties: {percent:g} %** from {len(costly)} questions" in text


def test_the_tests_named_exist() -> None:
    for row in _rows():
        if "::" not in row[7]:
            assert row[7] in ("not yet", "—"), row
            continue
        path, name = row[7].split("::")
        assert re.search(rf"^def {re.escape(name)}\(", (ROOT / path).read_text(encoding="utf-8"), re.MULTILINE), row[7]
