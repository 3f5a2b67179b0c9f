"""A longer fuzzing run of TRF input (issues 14 and 33): ``python bench/fuzz_trf.py [--seed S] [--count N]
[--valid M]``.

``--count`` mutations of corpus files (default 10,000: the goal of issue 33 is no internal error over them),
then ``--valid`` mutations of tournaments made by the project's generator that keep them tournaments, so that
the engine pairs their next round (:func:`tests.trf.fuzzing.run_valid`).  Run from the repository root.
Prints the tallies and every finding; exit 1 when anything was found.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arbiter_app.persistence import open_database  # noqa: E402
from tests.trf.fuzzing import run, run_valid  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--valid", type=int, default=300, help="valid mutations of generated tournaments")
    parser.add_argument("--cli-every", type=int, default=10, help="run the command lines on every Nth mutation")
    parser.add_argument("--files", type=int, default=None, help="how many corpus files (default: every small one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fuzz-trf-") as folder:
        template = Path(folder) / "template.db"
        open_database(template, create=True).dispose()
        work = Path(folder) / "work"
        work.mkdir()
        tally = run(args.seed, args.count, work, template, args.cli_every, args.files)
        valid = run_valid(args.seed, args.valid, work, template)
    print(
        f"seed {args.seed}: {tally.cases} mutations, {tally.read} read, {tally.imported} imported, "
        f"{tally.refused_import} imports refused, {tally.cli_runs} command-line runs; "
        f"{tally.seconds:.1f} s (slowest case {tally.slowest:.2f} s); {len(tally.failures)} finding(s)"
    )
    print(
        f"seed {args.seed}: {valid.cases} valid mutations of generated tournaments, {valid.imported} imported and "
        f"paired, {valid.refused_import} imports refused; {valid.seconds:.1f} s (slowest case {valid.slowest:.2f} s); "
        f"{len(valid.failures)} finding(s)"
    )
    for failure in tally.failures + valid.failures:
        print(failure)
    return 1 if tally.failures or valid.failures else 0


if __name__ == "__main__":
    sys.exit(main())
