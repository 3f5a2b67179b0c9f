"""Fuzzing of TRF input (issue 14): seeded mutations of corpus files; no traceback, no hang, nothing stored
after a refused import, no output file left after a failure (the properties: :mod:`tests.trf.fuzzing`).

The long runs (thousands of mutations a seed, 10,000 in all) are ``bench/fuzz_trf.py``'s, with their figures in
``bench/RESULTS.md``; the suite keeps a few hundred."""

from __future__ import annotations

from pathlib import Path

from tests.trf.fuzzing import run, run_valid

SEED = 14
MUTATIONS = 400


def test_mutated_corpus_files(tmp_path: Path, template_db: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    tally = run(SEED, MUTATIONS, work, template_db)
    assert tally.failures == [], "\n".join(tally.failures[:20])
    assert tally.cases == MUTATIONS and tally.imported > 0 and tally.cli_runs > 0


def test_valid_mutations_of_generated_tournaments(tmp_path: Path, template_db: Path) -> None:
    """Issue 33.7: the project's generator makes tournaments; mutations keep them tournaments (ratings, names in
    any script, a result corrected on both sides, colours exchanged, a game become two byes, lines reordered);
    each imports or is refused with a message, pairs its next round, exports and reads back, chain intact."""
    work = tmp_path / "work"
    work.mkdir()
    tally = run_valid(SEED, 12, work, template_db, tournaments=3)
    assert tally.failures == [], "\n".join(tally.failures[:20])
    assert tally.imported >= 6
