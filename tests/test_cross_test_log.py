"""The bookkeeping of the cross-test's log (bench/cross_test.py, FIDE VCL4THP Q33): resume, add up, report.

Only the log is tested here; the other engine and the reference tie-break checker are not needed.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def cross():
    spec = importlib.util.spec_from_file_location("cross_test", ROOT / "bench" / "cross_test.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["cross_test"] = module
    spec.loader.exec_module(module)
    yield module
    del sys.modules["cross_test"]


def test_resume_skips_the_logged_tournaments_of_the_same_edition_only(cross):
    records = [
        cross.record("fide-2026", cross.OURS, 1, rounds=5, standings=True, values=40),
        cross.record("fide-2026", cross.ENGINE, 1, rounds=6, standings=True, values=50),
        cross.record("fide-2026", cross.OURS, 2, not_generated="round 4 cannot be paired"),
        cross.record("baku-2016", cross.ENGINE, 2, rounds=5, standings=True),
    ]
    assert cross.to_do(records, "fide-2026", range(1, 4)) == [
        (cross.ENGINE, 2),
        (cross.OURS, 3),
        (cross.ENGINE, 3),
    ]
    assert cross.to_do(records, "baku-2016", range(2, 3)) == [(cross.OURS, 2)]


def test_a_line_cut_short_by_a_stop_is_run_again(cross, tmp_path):
    log = tmp_path / "cross.jsonl"
    whole = cross.record("fide-2026", cross.OURS, 7, rounds=9, standings=True, values=300)
    log.write_text(json.dumps(whole) + "\n" + '{"edition": "fide-2026", "direction": "engine", "se', encoding="utf-8")
    records = cross.read_log(log)
    assert records == [whole]
    assert cross.to_do(records, "fide-2026", range(7, 8)) == [(cross.ENGINE, 7)]


def test_two_runs_add_up_and_a_seed_logged_twice_counts_once(cross):
    first = [
        cross.record("fide-2026", cross.OURS, 1, rounds=5, standings=True, values=40),
        cross.record("fide-2026", cross.ENGINE, 1, rounds=6, standings=True, values=50, discrepancies=["f: round 3"]),
    ]
    second = [
        cross.record("fide-2026", cross.OURS, 2, not_generated="round 4 cannot be paired"),
        cross.record("fide-2026", cross.ENGINE, 2, rounds=7, standings=False, values=0),
        cross.record("fide-2026", cross.OURS, 1, rounds=5, standings=True, values=40),
    ]
    ours, engine = cross.directions_of(first + second, "fide-2026")
    assert (ours.tournaments, ours.rounds, ours.standings_checked, ours.tiebreak_values) == (1, 5, 1, 40)
    assert ours.not_generated == ["seed 2: round 4 cannot be paired"]
    assert (engine.tournaments, engine.rounds, engine.standings_checked, engine.tiebreak_values) == (2, 13, 1, 50)
    assert engine.discrepancies == ["f: round 3"]


def test_the_report_is_written_from_the_log(cross, tmp_path):
    records = [
        cross.record("fide-2026", cross.OURS, 3, rounds=5, standings=True, values=40) | {"seconds": 2.0},
        cross.record("fide-2026", cross.ENGINE, 3, rounds=6, standings=True, values=50, discrepancies=["e-3: x"])
        | {"seconds": 1.0},
    ]
    args = argparse.Namespace(
        edition="fide-2026", n=1, seed=3, players=(8, 60), rounds=(5, 11), engine="/x/engine",
        resume=tmp_path / "cross.jsonl",
    )  # fmt: skip
    text = cross.report(args, cross.directions_of(records, "fide-2026"), records)
    assert "| 1 | 5 | 1 | 40 | 0 | 0 | 2 |" in text
    assert "| 1 | 6 | 1 | 50 | 0 | 1 | 1 |" in text
    assert "- e-3: x" in text
    assert "seeds 3-3, 1 seeds" in text


def test_the_committed_log_holds_50000_seeds_each_way_without_a_discrepancy(cross, tmp_path):
    """Q33 as docs/vcl.md and bench/CROSS_TEST.md state it: the committed log of the 2026-rules run covers seeds
    1-51,100 in both directions, at least 50,000 whole tournaments each way (a seed whose field cannot play all its
    rounds is not generated and not counted), no discrepancy, and the table of CROSS_TEST.md holds the figures the
    log adds up to."""
    import gzip

    log = tmp_path / "cross-2026.jsonl"
    log.write_bytes(gzip.decompress((ROOT / "bench" / "cross-2026.jsonl.gz").read_bytes()))
    records = cross.read_log(log)
    assert cross.to_do(records, "fide-2026", range(1, 51_101)) == []
    ours, engine = cross.directions_of(records, "fide-2026")
    for direction in (ours, engine):
        assert direction.tournaments >= 50_000 and direction.tournaments + len(direction.not_generated) == 51_100
        assert direction.discrepancies == []
    text = (ROOT / "bench" / "CROSS_TEST.md").read_text(encoding="utf-8")
    for direction in (ours, engine):
        figures = (
            direction.tournaments, direction.rounds, direction.standings_checked, direction.tiebreak_values,
            len(direction.not_generated),
        )  # fmt: skip
        assert " | ".join(f"{n:,}" for n in figures) + " | 0 |" in text
