"""Refresh the project's copy of the shared test data from ``../shared``.

The tests read only ``tests/data/`` so that a clone anywhere runs the whole
suite.  Run this after ``../shared`` changes:

    python tests/data/refresh.py [PATH-TO-SHARED]

It copies the conformance corpora (Baku 2016, Baku 2016 accelerated, the 2026
edition with its manifest, the C.07 tie-break tables) and the Arbiters'
Manual fixtures, and removes files that ``shared/`` no longer has.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
COPIED = [
    "conformance/README.md",
    "conformance/dutch-2016",
    "conformance/dutch-2016-baku",
    "conformance/dutch-2026",
    "conformance/tiebreaks-c07",
    "fixtures/arbiters-manual-12.trf",
    "fixtures/arbiters-manual-walkthroughs.md",
]


def refresh(shared: Path) -> int:
    copied = 0
    for item in COPIED:
        source, target = shared / item, HERE / item
        if not source.exists():
            raise SystemExit(f"{source} is missing: is {shared} the shared folder?")
        if source.is_dir():
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(source, target)
            copied += sum(1 for p in target.rglob("*") if p.is_file())
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            copied += 1
    return copied


if __name__ == "__main__":
    where = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[2] / "shared"
    print(f"{refresh(where.resolve())} files copied from {where}")
