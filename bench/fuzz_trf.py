"""A longer fuzzing run of TRF input (issue 14): ``python bench/fuzz_trf.py [--seed S] [--count N]``.

Run from the repository root.  Prints the tally and every finding; exit 1 when anything was found.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arbiter_app.persistence import open_database  # noqa: E402
from tests.trf.fuzzing import run  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--cli-every", type=int, default=10, help="run the command lines on every Nth mutation")
    parser.add_argument("--files", type=int, default=None, help="how many corpus files (default: every small one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fuzz-trf-") as folder:
        template = Path(folder) / "template.db"
        open_database(template, create=True).dispose()
        work = Path(folder) / "work"
        work.mkdir()
        tally = run(args.seed, args.count, work, template, args.cli_every, args.files)
    print(
        f"seed {args.seed}: {tally.cases} mutations, {tally.read} read, {tally.imported} imported, "
        f"{tally.refused_import} imports refused, {tally.cli_runs} command-line runs; "
        f"{tally.seconds:.1f} s (slowest case {tally.slowest:.2f} s); {len(tally.failures)} finding(s)"
    )
    for failure in tally.failures:
        print(failure)
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
